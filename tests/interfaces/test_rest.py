"""The REST API on a real server: every endpoint's happy path, bad input, and wrong keys."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from ripplemem.interfaces.server import ERROR_CODES
from sample_dialogue import SESSION_1, SESSION_2
from serving_helpers import Served

ADD = {"messages": SESSION_1, "session_id": "s1", "session_time": "2023-05-08T13:56:00"}
QUESTION = "When did Caroline go to the LGBTQ support group?"

#: (method, path, json body) of every endpoint that needs a key; {id} is filled in.
ENDPOINTS = [
    ("POST", "/v1/memories", ADD),
    ("POST", "/v1/recall", {"query": QUESTION}),
    ("POST", "/v1/search", {"query": QUESTION}),
    ("GET", "/v1/memories", None),
    ("GET", "/v1/memories/{id}", None),
    ("GET", "/v1/memories/{id}/history", None),
    ("GET", "/v1/memories/{id}/neighbours", None),
    ("GET", "/v1/memories/{id}/sources", None),
    ("PATCH", "/v1/memories/{id}", {"text": "Caroline went to a choir."}),
    ("DELETE", "/v1/memories/{id}", None),
    ("PUT", "/v1/memories/{id}/pin", None),
    ("DELETE", "/v1/memories/{id}/pin", None),
    ("POST", "/v1/maintain", {}),
    ("DELETE", "/v1/users/alice", None),
    ("POST", "/v1/reindex", {}),
    ("GET", "/v1/stats", None),
    ("POST", "/v1/keys", {"user_id": "carol"}),
    ("GET", "/v1/keys", None),
    ("GET", "/v1/whoami", None),
    ("GET", "/v1/scopes", None),
    ("DELETE", "/v1/keys/key_000000000000", None),
]


def error_code(response: httpx.Response) -> str:
    body = response.json()
    assert set(body) == {"error"} and set(body["error"]) == {"code", "message"} and body["error"]["message"]
    return str(body["error"]["code"])


@pytest.fixture
def alice(served: Served) -> Iterator[httpx.Client]:
    with served.client(served.alice) as client:
        assert client.post("/v1/memories", json=ADD).status_code == 201
        yield client


def a_memory_id(client: httpx.Client) -> str:
    return str(client.get("/v1/memories").json()[0]["id"])


def test_health_and_openapi_need_no_key(served: Served) -> None:
    with served.client(None) as anon:
        assert anon.get("/health").json() == {"status": "ok", "version": "0.1.0"}
        doc = anon.get("/openapi.json").json()
        assert anon.get("/docs").status_code == 200
    assert doc["info"]["title"] == "ripplemem"
    paths = {(m.upper(), p) for p, ops in doc["paths"].items() for m in ops}
    wanted = {(m, p.replace("{id}", "{memory_id}").replace("key_000000000000", "{key_id}").replace("alice", "{user_id}"))
              for m, p, _ in ENDPOINTS}
    assert wanted | {("GET", "/health")} == paths
    assert doc["components"]["securitySchemes"]["HTTPBearer"]["scheme"] == "bearer"
    assert "AddIn" in doc["components"]["schemas"] and "EvidenceOut" in doc["components"]["schemas"]
    assert "security" not in doc["paths"]["/health"]["get"]
    assert doc["paths"]["/v1/recall"]["post"]["security"] == [{"HTTPBearer": []}]


def test_add_turns_returns_events_and_re_adding_is_a_noop(served: Served) -> None:
    with served.client(served.alice) as client:
        first = client.post("/v1/memories", json=ADD)
        assert first.status_code == 201, first.text
        body = first.json()
        assert body["turns_added"] == 4 and body["events"] and body["events"][0]["event"] == "ADD"
        assert {s for e in body["events"] for s in e["sources"]} <= {"D1:3", "D1:4", "D1:5", "D1:6"}
        again = client.post("/v1/memories", json=ADD).json()
        assert again["turns_added"] == 0 and again["turns_skipped"] == 4 and again["events"] == []
        one = client.post("/v1/memories", json={"messages": "Remember that my dog is called Biscuit."})
        assert one.status_code == 201 and one.json()["turns_added"] == 1


def test_recall_with_and_without_trace(alice: httpx.Client) -> None:
    alice.post("/v1/memories", json={"messages": SESSION_2, "session_id": "s2", "session_time": "2023-06-09"})
    plain = alice.post("/v1/recall", json={"query": QUESTION, "as_of": "2023-07-01"})
    assert plain.status_code == 200, plain.text
    ev = plain.json()
    assert "trace" not in ev and ev["items"] and ev["tokens"] <= ev["budget_tokens"] == 1500
    top = ev["items"][0]
    assert "D1:3" in top["sources"] and top["source_turns"]["D1:3"]["speaker"] == "Caroline"
    assert top["source_turns"]["D1:3"]["time"].startswith("2023-05-08") and top["source_turns"]["D1:3"]["id"] == "D1:3"
    traced = alice.post("/v1/recall", json={"query": QUESTION, "trace": True, "budget_tokens": 60, "k": 2}).json()
    trace = traced["trace"]
    assert set(trace) >= {"cues", "initial", "plans", "diffusion", "stop_reason", "score_parts", "memories"}
    assert len(traced["items"]) <= 2 and traced["budget_tokens"] == 60
    assert set(trace["score_parts"]) == set(trace["scores"])
    assert set(trace["score_parts"][traced["items"][0]["id"]]) == {"query", "route", "anchor", "penalty", "floor"}
    named = {h["id"] for hits in trace["initial"].values() for h in hits} | set(trace["not_included"])
    assert named and named <= set(trace["memories"])  # the text of every memory the trace names
    assert all(m["text"] and m["rendered"] for m in trace["memories"].values())


def test_search_list_get_history_delete(alice: httpx.Client) -> None:
    found = alice.post("/v1/search", json={"query": "support group", "limit": 3}).json()
    assert 0 < len(found) <= 3 and "support group" in found[0]["memory"]["text"]
    listed = alice.get("/v1/memories", params={"limit": 2}).json()
    assert len(listed) == 2 and all(m["scope"]["user_id"] == "alice" for m in listed)
    assert alice.get("/v1/memories", params={"offset": 1000}).json() == []
    mid = found[0]["memory"]["id"]
    got = alice.get(f"/v1/memories/{mid}").json()
    assert got["id"] == mid and got["sources"] and got["current"] is True
    history = alice.get(f"/v1/memories/{mid}/history").json()
    assert history[0]["event"] == "ADD" and history[0]["unit_id"] == mid
    assert alice.delete(f"/v1/memories/{mid}").json() == {"deleted": mid}
    for response in (alice.get(f"/v1/memories/{mid}"), alice.get(f"/v1/memories/{mid}/history"),
                     alice.get(f"/v1/memories/{mid}/neighbours"), alice.get(f"/v1/memories/{mid}/sources"),
                     alice.delete(f"/v1/memories/{mid}")):
        assert response.status_code == 404 and error_code(response) == "not_found"


def test_sources_neighbours_and_whoami(served: Served, alice: httpx.Client) -> None:
    listed = alice.get("/v1/memories").json()
    one = next(m for m in listed if "D1:3" in m["sources"])
    turns = alice.get(f"/v1/memories/{one['id']}/sources").json()
    assert [t["id"] for t in turns] == [s for s in one["sources"] if s.startswith("D1:")]
    assert turns[0] == {"id": "D1:3", "session_id": "s1", "speaker": "Caroline", "time": "2023-05-08T13:56:00+00:00",
                        "text": SESSION_1[0]["text"]}
    around = {m["id"]: alice.get(f"/v1/memories/{m['id']}/neighbours").json() for m in listed}
    assert any(around.values())
    ids = {m["id"] for m in listed}
    for edges in around.values():
        assert all(e["kind"] in {"semantic", "structural", "window", "supersedes", "consolidates"} for e in edges)
        assert all(e["memory"]["id"] in ids and 0 < e["weight"] for e in edges)
    assert alice.get("/v1/whoami").json() == {"admin": False, "user_id": "alice"}
    with served.admin() as admin:
        assert admin.get("/v1/whoami").json() == {"admin": True, "user_id": None}
        got = admin.get(f"/v1/memories/{one['id']}/sources", params={"user_id": "alice"}).json()
        assert got == turns


def test_pin_unpin_and_maintain(served: Served, alice: httpx.Client) -> None:
    alice.post("/v1/memories", json={"messages": SESSION_2, "session_id": "s2", "session_time": "2023-06-09T10:00:00"})
    uid = a_memory_id(alice)
    pinned = alice.put(f"/v1/memories/{uid}/pin")
    assert pinned.status_code == 200 and pinned.json()["pinned"] is True
    assert alice.get(f"/v1/memories/{uid}").json()["pinned"] is True
    assert alice.delete(f"/v1/memories/{uid}/pin").json()["pinned"] is False
    assert error_code(alice.put(f"/v1/memories/{'0' * 32}/pin")) == "not_found"
    report = alice.post("/v1/maintain", json={"as_of": "2023-07-01T00:00:00"})
    assert report.status_code == 200, report.text
    body = report.json()
    assert body["units_read"] >= 2 and body["hot_after"] >= body["hot_before"] and body["seconds"] >= 0
    assert error_code(alice.post("/v1/maintain", json={"as_of": "not a date"})) == "invalid_input"
    with served.client(served.alice) as again:  # a user key maintains only its own user
        assert error_code(again.post("/v1/maintain", json={"user_id": "bob"})) == "forbidden"


def test_agent_and_run_scopes_under_the_keys_user(alice: httpx.Client) -> None:
    scoped = {"messages": SESSION_2, "agent_id": "planner", "run_id": "r1", "session_time": "2023-06-09"}
    assert alice.post("/v1/memories", json=scoped).status_code == 201
    inside = alice.get("/v1/memories", params={"agent_id": "planner", "run_id": "r1"}).json()
    assert inside and all(m["scope"] == {"user_id": "alice", "agent_id": "planner", "run_id": "r1"} for m in inside)
    mid = inside[0]["id"]
    assert alice.get(f"/v1/memories/{mid}", params={"agent_id": "other"}).status_code == 404  # another agent
    assert alice.get(f"/v1/memories/{mid}", params={"run_id": "r2"}).status_code == 404  # another run
    for params in ({"agent_id": "planner", "run_id": "r1"}, {"agent_id": "planner"}, {}):  # narrowing
        assert alice.get(f"/v1/memories/{mid}", params=params).status_code == 200


def test_delete_user_stats_and_reindex(served: Served, alice: httpx.Client) -> None:
    stats = alice.get("/v1/stats").json()
    assert stats["turns"]["total"] == 4 and "db_bytes" not in stats and "file_bytes" not in stats
    assert error_code(alice.post("/v1/reindex", json={})) == "forbidden"
    with served.admin() as admin:
        assert admin.post("/v1/reindex", json={"rebuild": False}).json() == {"scopes": 0, "turns": 0}
        assert "db_bytes" in admin.get("/v1/stats").json()
        assert admin.get("/v1/stats", params={"user_id": "alice"}).json()["turns"]["total"] == 4
    report = alice.delete("/v1/users/alice").json()
    assert report["user_id"] == "alice" and report["turns"] == 4 and report["units"] > 0
    assert error_code(alice.get("/v1/memories")) == "unauthorized"  # her keys went with her
    with served.admin() as admin:
        assert admin.get("/v1/memories", params={"user_id": "alice"}).json() == []
        assert admin.get("/v1/stats", params={"user_id": "alice"}).json()["turns"]["total"] == 0


def test_bad_input_is_400_invalid_input(alice: httpx.Client) -> None:
    bad = [
        ("POST", "/v1/memories", {"messages": []}),
        ("POST", "/v1/memories", {"messages": [{"text": "no speaker"}]}),
        ("POST", "/v1/memories", {"messages": "hi", "session_time": "not a date"}),
        ("POST", "/v1/memories", {"messages": "hi", "surprise": 1}),
        ("POST", "/v1/memories", {"messages": 7}),
        ("POST", "/v1/recall", {"query": ""}),
        ("POST", "/v1/recall", {"query": "x", "budget_tokens": 0}),
        ("POST", "/v1/recall", {}),
        ("POST", "/v1/search", {"query": "x", "limit": 0}),
        ("POST", "/v1/search", {"query": "x", "as_of": "someday maybe"}),
        ("GET", "/v1/memories?limit=0", None),
        ("GET", "/v1/memories?offset=-1", None),
        ("GET", "/v1/memories?agent_id=", None),
    ]
    for method, path, body in bad:
        response = alice.request(method, path, json=body)
        assert response.status_code == 400 and error_code(response) == "invalid_input", (path, body, response.text)
    raw = alice.post("/v1/recall", content=b"{not json", headers={"content-type": "application/json"})
    assert raw.status_code == 400 and error_code(raw) == "invalid_input"


def test_request_size_limit_is_413(alice: httpx.Client) -> None:
    big = {"messages": [{"speaker": "Ana", "text": "x" * 70_000}]}
    response = alice.post("/v1/memories", json=big)
    assert response.status_code == 413 and error_code(response) == "too_large"

    def chunks() -> Iterator[bytes]:  # no Content-Length: the limit holds for a streamed body too
        yield b'{"messages": "'
        for _ in range(80):
            yield b"y" * 1000
        yield b'"}'

    streamed = alice.post("/v1/memories", content=chunks(), headers={"content-type": "application/json"})
    assert streamed.status_code == 413 and error_code(streamed) == "too_large"


@pytest.mark.parametrize(("method", "path", "body"), ENDPOINTS)
def test_every_endpoint_needs_a_valid_key(served: Served, method: str, path: str, body: object) -> None:
    path = path.replace("{id}", "0" * 32)
    for headers in ({}, {"Authorization": "Bearer rm_not-a-key"}, {"Authorization": "Bearer"},
                    {"Authorization": f"Basic {served.alice}"}, {"Authorization": served.alice}):
        with httpx.Client(base_url=served.url, headers=headers) as client:
            response = client.request(method, path, json=body)
            assert response.status_code == 401 and error_code(response) == "unauthorized", (headers, response.text)
            assert response.headers["www-authenticate"] == "Bearer"


def test_keys_minted_by_admin_listed_and_revoked(served: Served) -> None:
    with served.client(served.alice) as alice:
        assert error_code(alice.post("/v1/keys", json={"user_id": "alice"})) == "forbidden"
        mine = alice.get("/v1/keys").json()
        assert [k["user_id"] for k in mine] == ["alice"] and all(k["key"] is None for k in mine)
    with served.admin() as admin:
        assert error_code(admin.get("/v1/memories")) == "invalid_input"  # the admin names the user
        assert admin.post("/v1/keys", json={"user_id": ""}).status_code == 400
        minted = admin.post("/v1/keys", json={"user_id": "carol", "label": "ci"})
        assert minted.status_code == 201
        key = minted.json()
        assert key["key"].startswith("rm_") and key["user_id"] == "carol" and key["label"] == "ci"
        assert {k["user_id"] for k in admin.get("/v1/keys").json()} == {"alice", "bob", "carol"}
    with served.client(key["key"]) as carol:
        assert carol.post("/v1/memories", json={"messages": "I live in Porto."}).status_code == 201
        assert carol.get("/v1/memories").json()[0]["scope"]["user_id"] == "carol"
        assert carol.delete(f"/v1/keys/{key['id']}").json() == {"deleted": key["id"]}
        assert error_code(carol.get("/v1/memories")) == "unauthorized"
    rows = served.stored_key_rows()
    row = next(r for r in rows if r[0] == key["id"])
    assert key["key"] not in str(rows) and len(str(row[2])) == 64  # only the hash is stored


def test_unknown_routes_and_methods_answer_json_errors(alice: httpx.Client) -> None:
    assert error_code(alice.get("/v1/nothing-here")) == "not_found"
    response = alice.put("/v1/recall", json={})
    assert response.status_code == 405 and error_code(response) == "method_not_allowed"


def test_library_errors_map_to_stable_codes() -> None:
    from ripplemem import ConfigError, EmbedderMismatchError, InputError, LLMOutputError, NotFoundError, StoreError

    def mapped(exc: Exception) -> tuple[int, str]:
        return next((st, c) for kind, st, c in ERROR_CODES if isinstance(exc, kind))

    assert mapped(InputError("x")) == (400, "invalid_input")
    assert mapped(NotFoundError("x")) == (404, "not_found")
    assert mapped(StoreError("x")) == mapped(EmbedderMismatchError("x")) == (500, "store_error")
    assert mapped(LLMOutputError("x")) == (502, "provider_error")
    assert mapped(ConfigError("x")) == (500, "config_error")
