"""Metadata, filters, scopes and the add output's healing and LLM usage over REST, on a real
server (both backends)."""

from __future__ import annotations

import json

import httpx

from sample_dialogue import SESSION_1, SESSION_2
from serving_helpers import Served

FIRST = {"messages": SESSION_1, "session_id": "s1", "session_time": "2023-05-08T13:56:00",
         "metadata": {"topic": "support"}}
SECOND = {"messages": [{**SESSION_2[0], "metadata": {"city": "Boston"}}, SESSION_2[1]], "session_id": "s2",
          "session_time": "2023-06-09T10:00:00", "metadata": {"topic": "travel"}, "agent_id": "coach"}


def seeded(client: httpx.Client) -> dict[str, object]:
    first = client.post("/v1/memories", json=FIRST)
    assert first.status_code == 201, first.text
    assert client.post("/v1/memories", json=SECOND).status_code == 201
    return dict(first.json())


def test_add_output_carries_healed_and_llm_usage(served: Served) -> None:
    with served.client(served.alice) as alice:
        body = seeded(alice)
    assert body["healed"] == 0 and body["llm_usage"] == {}  # no LLM configured
    assert {"events", "turns_added", "turns_skipped", "extraction_failures", "healed", "llm_usage"} == set(body)


def test_metadata_is_returned_and_filtered_on_every_read(served: Served) -> None:
    with served.client(served.alice) as alice:
        seeded(alice)
        listed = alice.get("/v1/memories").json()  # every scope of alice's (narrowing)
        assert {m["metadata"]["topic"] for m in listed} == {"support", "travel"}
        boston = [m for m in listed if m["metadata"].get("city") == "Boston"]
        assert boston and all(m["scope"]["agent_id"] == "coach" for m in boston)
        travel = {"metadata": {"topic": "travel"}}
        only = alice.get("/v1/memories", params={"filters": json.dumps(travel)}).json()
        assert only and all(m["metadata"]["topic"] == "travel" for m in only)
        found = alice.post("/v1/search", json={"query": "support group", "filters": travel}).json()
        assert found and all(i["memory"]["metadata"]["topic"] == "travel" for i in found)
        ev = alice.post("/v1/recall", json={"query": "What did Caroline plan?", "filters": travel}).json()
        assert ev["items"] and all(i["metadata"]["topic"] == "travel" and i["scope"]["agent_id"] == "coach"
                                   for i in ev["items"])
        early = alice.get("/v1/memories", params={"filters": json.dumps({"until": "2023-05-20"})}).json()
        assert early and all(m["metadata"]["topic"] == "support" for m in early)
        for bad in ("{not json", "[1]", json.dumps({"colour": "red"}), json.dumps({"metadata": {"k": [1]}})):
            response = alice.get("/v1/memories", params={"filters": bad})
            assert response.status_code == 400 and response.json()["error"]["code"] == "invalid_input", bad
        response = alice.post("/v1/search", json={"query": "x", "filters": {"layer": "dream"}})
        assert response.status_code == 400
        response = alice.post("/v1/memories", json={**FIRST, "metadata": "support"})
        assert response.status_code == 400
        coach = alice.get("/v1/memories", params={"agent_id": "coach"}).json()
        assert sorted(m["id"] for m in coach) == sorted(m["id"] for m in listed if m["scope"]["agent_id"] == "coach")


def test_patch_replaces_metadata(served: Served) -> None:
    with served.client(served.alice) as alice:
        seeded(alice)
        one = alice.get("/v1/memories").json()[0]
        done = alice.patch(f"/v1/memories/{one['id']}", json={"metadata": {"checked": True}})
        assert done.status_code == 200, done.text
        assert done.json()["metadata"] == {"checked": True} and done.json()["text"] == one["text"]
        kept = alice.get("/v1/memories", params={"filters": json.dumps({"metadata": {"checked": True}})}).json()
        assert [m["id"] for m in kept] == [one["id"]]
        assert alice.patch(f"/v1/memories/{one['id']}", json={"metadata": [1]}).status_code == 400
        assert alice.get(f"/v1/memories/{one['id']}").json()["metadata"] == {"checked": True}


def test_scopes_admin_sees_all_a_user_key_its_own(served: Served) -> None:
    with served.client(served.alice) as alice, served.client(served.bob) as bob:
        seeded(alice)
        assert bob.post("/v1/memories", json={"messages": SESSION_2, "run_id": "r9"}).status_code == 201
        mine = alice.get("/v1/scopes").json()
        assert mine == [{"user_id": "alice", "agent_id": None, "run_id": None},
                        {"user_id": "alice", "agent_id": "coach", "run_id": None}]
        assert alice.get("/v1/scopes", params={"user_id": "bob"}).status_code == 403
        assert bob.get("/v1/scopes").json() == [{"user_id": "bob", "agent_id": None, "run_id": "r9"}]
    with served.admin() as admin:
        every = admin.get("/v1/scopes").json()
        assert {(s["user_id"], s["agent_id"], s["run_id"]) for s in every} == {
            ("alice", None, None), ("alice", "coach", None), ("bob", None, "r9")}  # fmt: skip
        assert admin.get("/v1/scopes", params={"user_id": "bob"}).json() == [
            {"user_id": "bob", "agent_id": None, "run_id": "r9"}]  # fmt: skip
