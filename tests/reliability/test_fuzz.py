"""Property-based fuzzing (hypothesis) of ``add``, ``recall`` and ``search`` and of the REST
bodies: every call succeeds or raises the library's own error (never a ``TypeError``,
``OverflowError``, driver error...), a rejected call changes nothing stored, and the server
never answers 500. ``RIPPLEMEM_FUZZ_EXAMPLES`` sets the examples per test (default 40)."""

from __future__ import annotations

import json
import os
from datetime import datetime
from typing import Any

import httpx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ripplemem import Memory, RippleMemError
from serving_helpers import Served

EXAMPLES = int(os.environ.get("RIPPLEMEM_FUZZ_EXAMPLES", "40"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])

ODD_TEXT = st.sampled_from(["", " ", "\ud800", "a\udfff b", "\x00", "é" * 50, "On December 31, 9999 we meet.",
                            "999 years ago", "x" * 40_000, "9999-12-31", "0001-01-01T00:00:00+05:00"])
TEXT = st.text(max_size=60) | ODD_TEXT
TIMES = (st.datetimes(min_value=datetime(1, 1, 2), max_value=datetime(9999, 12, 30)).map(datetime.isoformat)
         | st.sampled_from(["yesterday", "2023-02-30", "9999-12-31T23:59:59", "0001-01-01", "2023-05-08T13:56:00"]))
NUMBERS = st.integers(min_value=-(10**30), max_value=10**30) | st.sampled_from([0, 1, -1, 2**63, 2**63 - 1, True])
SCALARS = st.none() | st.booleans() | NUMBERS | st.floats(allow_nan=False, allow_infinity=False) | TEXT | TIMES
JSON = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
                    max_leaves=8)
TURN_KEYS = ["speaker", "text", "role", "content", "id", "time", "image_caption"]
TURN = st.dictionaries(st.sampled_from(TURN_KEYS), SCALARS | JSON, max_size=5) | st.fixed_dictionaries(
    {"speaker": TEXT, "text": TEXT}, optional={"id": SCALARS, "time": TIMES, "role": TEXT, "image_caption": TEXT})
MESSAGES = TEXT | st.lists(TURN, max_size=3) | JSON
IDS = st.none() | TEXT | JSON


def snapshot(mem: Memory) -> list[dict[str, Any]]:
    return list(mem.export())


def attempt(mem: Memory, before: list[dict[str, Any]], call: Any) -> list[dict[str, Any]]:
    """Run ``call``: the library's own error and nothing changed, or success; the new snapshot."""
    try:
        call()
    except RippleMemError:
        after = snapshot(mem)
        assert after == before, "a rejected call changed what is stored"
        return after
    return snapshot(mem)


def test_fuzzed_calls_of_the_api_raise_only_library_errors_and_change_nothing_when_refused(open_memory) -> None:  # type: ignore[no-untyped-def]
    mem: Memory = open_memory()
    mem.add([{"speaker": "Ana", "text": "I moved to Lisbon last week."}], user_id="u1", session_time="2024-03-10")
    state = {"before": snapshot(mem), "cases": 0}

    @FUZZ
    @given(messages=MESSAGES, user=st.just("u1") | IDS, agent=IDS, session=IDS, when=st.none() | TIMES | JSON,
           query=TEXT | JSON, k=st.none() | NUMBERS | JSON, limit=NUMBERS | JSON, as_of=st.none() | TIMES | JSON)
    def run(messages: Any, user: Any, agent: Any, session: Any, when: Any, query: Any, k: Any, limit: Any, as_of: Any) -> None:
        state["cases"] += 1
        for call in (
            lambda: mem.add(messages, user_id=user, agent_id=agent, session_id=session, session_time=when),
            lambda: mem.recall(query, user_id=user, agent_id=agent, k=k, as_of=as_of),
            lambda: mem.search(query, user_id=user, run_id=agent, limit=limit, as_of=as_of),
        ):
            state["before"] = attempt(mem, state["before"], call)

    run()
    print(f"\napi fuzz: {state['cases']} cases, {3 * state['cases']} calls")


def test_fuzzed_rest_bodies_never_get_a_500_and_change_nothing_when_refused(served: Served) -> None:
    counts = {"cases": 0, "500": 0}
    with served.client(served.alice) as client:

        def stats() -> Any:
            return client.get("/v1/stats").json()

        state = {"before": stats()}

        @FUZZ
        @given(path=st.sampled_from(["/v1/memories", "/v1/recall", "/v1/search"]),
               body=st.fixed_dictionaries({}, optional={"messages": MESSAGES, "query": TEXT | JSON, "agent_id": IDS,
                                                        "run_id": IDS, "session_id": IDS, "session_time": TIMES | JSON,
                                                        "k": NUMBERS | JSON, "limit": NUMBERS | JSON,
                                                        "budget_tokens": NUMBERS, "as_of": TIMES | JSON,
                                                        "infer": JSON, "trace": JSON}) | JSON)
        def run(path: str, body: Any) -> None:
            counts["cases"] += 1
            raw = json.dumps(body).encode()  # ASCII: a lone surrogate travels as \\ud800, as clients send it
            response = client.post(path, content=raw, headers={"Content-Type": "application/json"})
            counts["500"] += response.status_code >= 500
            assert response.status_code < 500, f"{path} {body!r}: {response.status_code} {response.text[:300]}"
            if response.status_code >= 400:
                error = response.json()["error"]
                assert set(error) == {"code", "message"} and error["message"]
                after = stats()
                assert after == state["before"], f"a refused {path} changed the store"
            else:
                state["before"] = stats()

        run()
    print(f"\nrest fuzz: {counts['cases']} bodies, {counts['500']} answers of 500")


def test_a_body_that_is_not_json_is_a_400(served: Served) -> None:
    with httpx.Client(base_url=served.url, headers={"Authorization": f"Bearer {served.alice}"}) as client:
        for raw in (b"{", b"\xff\xfe", b"[1,", b"null", b'{"messages": "\\ud800"}'):
            response = client.post("/v1/memories", content=raw, headers={"Content-Type": "application/json"})
            assert response.status_code == 400 and response.json()["error"]["code"] == "invalid_input", raw
