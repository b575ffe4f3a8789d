"""Bad input at the API edge: every bad argument is an ``InputError`` that changes nothing;
over REST every failure is the JSON error shape, 400 for bad input, never a bare 500."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from typing import Any

import httpx
import pytest

from ripplemem import InputError, Memory
from sample_dialogue import SESSION_1
from serving_helpers import Served

WHEN = {"session_id": "s1", "session_time": "2023-05-08T13:56:00"}
HI = [{"speaker": "Ana", "text": "hi"}]
EAST, WEST = timezone(timedelta(hours=5)), timezone(-timedelta(hours=5))

#: (what, a call of the public API with one bad argument)
BAD_CALLS: list[tuple[str, Callable[[Memory], Any]]] = [
    ("session_time year 1", lambda m: m.add(HI, user_id="u1", session_time="0001-01-01T00:00:00")),
    ("session_time before year 1 in UTC", lambda m: m.add(HI, user_id="u1", session_time="0001-01-01T00:00:00+05:00")),
    ("session_time year 9999", lambda m: m.add(HI, user_id="u1", session_time="9999-12-31T23:59:59")),
    ("session_time after 9999 in UTC", lambda m: m.add(HI, user_id="u1", session_time=datetime(9999, 12, 31, 23, tzinfo=WEST))),
    ("time year 1", lambda m: m.add([{"speaker": "A", "text": "hi", "time": "0001-01-01T00:00:00+01:00"}], user_id="u1")),
    ("time year 9999", lambda m: m.add([{"speaker": "A", "text": "next year", "time": "9999-12-31"}], user_id="u1")),
    ("as_of year 1", lambda m: m.recall("what happened last week?", user_id="u1", as_of="0001-01-01")),
    ("as_of year 9999", lambda m: m.recall("what happens next year?", user_id="u1", as_of="9999-12-31T23:59:59")),
    ("as_of datetime year 1", lambda m: m.search("last week", user_id="u1", as_of=datetime(1, 1, 1, tzinfo=EAST))),
    ("answer as_of year 9999", lambda m: m.answer("what next?", user_id="u1", as_of="9999-12-31")),
    ("user_id lone surrogate", lambda m: m.add(HI, user_id="\ud800")),
    ("agent_id lone surrogate", lambda m: m.search("x", user_id="u1", agent_id="a\udfff")),
    ("run_id lone surrogate", lambda m: m.list(user_id="u1", run_id="\ud800")),
    ("session_id lone surrogate", lambda m: m.add(HI, user_id="u1", session_id="\ud800")),
    ("text lone surrogate", lambda m: m.add("hi \ud800", user_id="u1")),
    ("turn id lone surrogate", lambda m: m.add([{"speaker": "A", "text": "hi", "id": "\ud800"}], user_id="u1")),
    ("role lone surrogate", lambda m: m.add([{"speaker": "A", "role": "\ud800", "text": "hi"}], user_id="u1")),
    ("query lone surrogate", lambda m: m.recall("where \ud800", user_id="u1")),
    ("memory_id lone surrogate", lambda m: m.get("\ud800", user_id="u1")),
    ("delete_user lone surrogate", lambda m: m.delete_user("\ud800")),
    ("user_id a list", lambda m: m.add(HI, user_id=["u1"])),
    ("agent_id a dict", lambda m: m.recall("x", user_id="u1", agent_id={"a": 1})),
    ("run_id a list", lambda m: m.list(user_id="u1", run_id=["r"])),
    ("session_id a list", lambda m: m.add(HI, user_id="u1", session_id=["s"])),
    ("memory_id a list", lambda m: m.get(["x"], user_id="u1")),
    ("memory_id a dict (delete)", lambda m: m.delete({"x": 1}, user_id="u1")),
    ("memory_id a list (history)", lambda m: m.history(["x"], user_id="u1")),
    ("turn id of 5000 digits", lambda m: m.add([{"speaker": "A", "text": "hi", "id": 10**5000}], user_id="u1")),
    ("stats user_id a list", lambda m: m.stats(user_id=[])),
    ("export user_id a dict", lambda m: m.export(user_id={})),
    ("source_turns one string", lambda m: m.source_turns("D1:3", user_id="u1")),
    ("offset 10**30", lambda m: m.list(user_id="u1", offset=10**30)),
    ("offset negative", lambda m: m.list(user_id="u1", offset=-1)),
    ("list limit negative", lambda m: m.list(user_id="u1", limit=-1)),
    ("list limit 10**30", lambda m: m.list(user_id="u1", limit=10**30)),
    ("search limit negative", lambda m: m.search("x", user_id="u1", limit=-2)),
    ("search limit a string", lambda m: m.search("x", user_id="u1", limit="10")),
    ("k negative", lambda m: m.recall("x", user_id="u1", k=-3)),
    ("k zero", lambda m: m.recall("x", user_id="u1", k=0)),
    ("k a string", lambda m: m.recall("x", user_id="u1", k="3")),
    ("budget negative", lambda m: m.recall("x", user_id="u1", budget_tokens=-5)),
    ("budget a bool", lambda m: m.recall("x", user_id="u1", budget_tokens=True)),
    ("recall settings a dict", lambda m: m.recall("x", user_id="u1", settings={"k": 3})),
    ("reindex rebuild a string", lambda m: m.reindex(rebuild="yes")),
]


def stored(mem: Memory) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Counts (file sizes left out) and every record."""
    counts = {k: v for k, v in mem.stats().items() if k not in ("db_bytes", "file_bytes")}
    return counts, list(mem.export())


def test_every_bad_argument_is_an_input_error_that_changes_nothing(open_memory) -> None:  # type: ignore[no-untyped-def]
    mem: Memory = open_memory()
    mem.add(SESSION_1, user_id="u1", **WHEN)
    before = stored(mem)
    for what, call in BAD_CALLS:
        with pytest.raises(InputError):
            call(mem)
        assert stored(mem) == before, what


def test_the_calendar_margin_still_takes_its_ends(open_memory) -> None:  # type: ignore[no-untyped-def]
    mem: Memory = open_memory()
    mem.add([{"speaker": "Ana", "text": "999 years ago it rained."}], user_id="u1", session_time="1000-01-01")
    mem.add([{"speaker": "Ana", "text": "In 999 years it will rain."}], user_id="u1", session_time="8999-12-31T23:59")
    assert mem.stats(user_id="u1")["turns"]["done"] == 2
    assert mem.recall("what happened 999 years ago?", user_id="u1", as_of="1000-01-01").items


def test_a_date_on_the_calendars_last_day_in_the_text_is_stored_and_recalled(open_memory) -> None:  # type: ignore[no-untyped-def]
    mem: Memory = open_memory()
    text = "On December 31, 9999 we meet at the old lighthouse."
    result = mem.add([{"speaker": "Ana", "text": text}], user_id="u1", session_time="2024-03-10T09:00:00")
    assert result.turns_added == 1 and mem.stats(user_id="u1")["turns"]["done"] == 1
    assert mem.recall(text, user_id="u1").items
    assert mem.search("December 31, 9999", user_id="u1")


def error_of(response: httpx.Response) -> str:
    body = response.json()
    assert set(body) == {"error"} and set(body["error"]) == {"code", "message"} and body["error"]["message"]
    return str(body["error"]["code"])


#: (method, path, json body, with the admin key) of requests with one bad value
BAD_REQUESTS: list[tuple[str, str, Any, bool]] = [
    ("POST", "/v1/memories", {"messages": "hi", "session_time": "0001-01-01T00:00:00+05:00"}, False),
    ("POST", "/v1/memories", {"messages": "hi", "session_time": "9999-12-31T23:59:59"}, False),
    ("POST", "/v1/memories", {"messages": [{"speaker": "A", "text": "hi", "time": "0001-01-01"}]}, False),
    ("POST", "/v1/memories", {"messages": "hi \ud800"}, False),
    ("POST", "/v1/memories", {"messages": [{"speaker": "A", "text": "hi", "id": "\ud800"}]}, False),
    ("POST", "/v1/memories", {"messages": [{"speaker": "A", "text": "hi", "id": {"x": 1}}]}, False),
    ("POST", "/v1/memories", {"messages": "hi", "agent_id": "\ud800"}, False),
    ("POST", "/v1/memories", {"messages": "hi", "run_id": "r\udfff"}, False),
    ("POST", "/v1/memories", {"messages": "hi", "session_id": "\ud800"}, False),
    ("POST", "/v1/memories", {"messages": "hi", "user_id": "\ud800"}, True),
    ("POST", "/v1/memories", {"messages": "hi", "user_id": ["alice"]}, True),
    ("POST", "/v1/recall", {"query": "x", "as_of": "9999-12-31T23:59:59"}, False),
    ("POST", "/v1/recall", {"query": "x", "as_of": "0001-01-01"}, False),
    ("POST", "/v1/recall", {"query": "where \ud800"}, False),
    ("POST", "/v1/recall", {"query": "x", "k": -1}, False),
    ("POST", "/v1/recall", {"query": "x", "budget_tokens": -1}, False),
    ("POST", "/v1/recall", {"query": "x", "agent_id": ["a"]}, False),
    ("POST", "/v1/search", {"query": "x", "as_of": "0001-01-01T00:00:00+05:00"}, False),
    ("POST", "/v1/search", {"query": "x", "limit": -1}, False),
    ("GET", f"/v1/memories?offset={10**30}", None, False),
    ("GET", "/v1/memories?limit=-1", None, False),
    ("GET", "/v1/stats?user_id=", None, True),
    ("POST", "/v1/keys", {"user_id": "\ud800"}, True),
    ("POST", "/v1/keys", {"user_id": "carol", "label": "\ud800"}, True),
    ("DELETE", "/v1/users/%20", None, True),
]


def test_every_bad_request_is_a_400_in_the_error_shape(served: Served) -> None:
    with served.client(served.alice) as alice, served.admin() as admin:
        assert alice.post("/v1/memories", json={"messages": SESSION_1, **WHEN}).status_code == 201
        before = admin.get("/v1/stats").json()
        for method, path, body, as_admin in BAD_REQUESTS:
            content = None if body is None else json.dumps(body).encode()  # lone surrogates as \ud800 escapes
            response = (admin if as_admin else alice).request(method, path, content=content,
                                                              headers={"content-type": "application/json"})
            assert response.status_code == 400 and error_of(response) == "invalid_input", (path, body, response.text)
        big_id = b'{"messages": [{"speaker": "A", "text": "hi", "id": ' + b"9" * 5000 + b"}]}"
        response = alice.post("/v1/memories", content=big_id, headers={"content-type": "application/json"})
        assert response.status_code == 400 and error_of(response) == "invalid_input", response.text
        after = admin.get("/v1/stats").json()
    assert {k: v for k, v in after.items() if k not in ("db_bytes", "file_bytes")} == \
        {k: v for k, v in before.items() if k not in ("db_bytes", "file_bytes")}


def test_an_unexpected_failure_is_a_500_internal_error_without_internals(
    served: Served, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*_: object, **__: object) -> None:
        raise RuntimeError("boom at /srv/secret/store.py line 42")

    monkeypatch.setattr(served.memory.store, "list_units", broken)  # a bug below the API
    with served.client(served.alice) as alice:
        response = alice.get("/v1/memories")
        assert response.status_code == 500 and error_of(response) == "internal_error"
        assert "secret" not in response.text and "Traceback" not in response.text
        assert alice.get("/health").status_code == 200  # the server goes on


def test_a_wrong_method_is_a_405_with_allow(served: Served) -> None:
    with served.client(served.alice) as alice:
        response = alice.put("/v1/recall", json={})
        assert response.status_code == 405 and error_of(response) == "method_not_allowed"
        assert response.headers["allow"] == "POST"
        response = alice.patch("/v1/memories")
        assert response.status_code == 405 and response.headers["allow"] == "GET, POST"  # both routes
