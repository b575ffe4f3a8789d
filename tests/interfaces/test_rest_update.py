"""PATCH /v1/memories/{id} and POST /v1/memories with "infer": false on a real server (both backends)."""

from __future__ import annotations

import httpx

from sample_dialogue import SESSION_1
from serving_helpers import Served

ADD = {"messages": SESSION_1, "session_id": "s1", "session_time": "2023-05-08T13:56:00"}
NEW = "Caroline went to a pottery class on 7 May 2023."


def group_memory(client: httpx.Client) -> dict[str, object]:
    assert client.post("/v1/memories", json=ADD).status_code == 201
    return next(m for m in client.get("/v1/memories").json() if "support group" in m["text"])


def test_patch_changes_text_keeps_sources_and_records_history(served: Served) -> None:
    with served.client(served.alice) as alice:
        old = group_memory(alice)
        response = alice.patch(f"/v1/memories/{old['id']}", json={"text": NEW})
        assert response.status_code == 200, response.text
        body = response.json()
        assert body["id"] == old["id"] and body["text"] == NEW and body["sources"] == old["sources"]
        assert set(body) == set(old)  # the MemoryOut shape
        assert alice.get(f"/v1/memories/{old['id']}").json()["text"] == NEW
        last = alice.get(f"/v1/memories/{old['id']}/history").json()[-1]
        assert last["event"] == "UPDATE" and last["new_text"] == NEW and last["old_text"] == old["text"]
        found = alice.post("/v1/search", json={"query": "pottery class", "limit": 1}).json()
        assert found[0]["memory"]["id"] == old["id"]


def test_patch_of_another_users_memory_is_404_and_blank_text_400(served: Served) -> None:
    with served.client(served.alice) as alice, served.client(served.bob) as bob:
        old = group_memory(alice)
        path = f"/v1/memories/{old['id']}"
        assert bob.patch(path, json={"text": NEW}).status_code == 404
        assert alice.patch(path, json={"text": NEW, "agent_id": "a1"}).status_code == 404
        assert alice.patch("/v1/memories/" + "0" * 32, json={"text": NEW}).status_code == 404
        assert alice.patch(path, json={"text": NEW, "user_id": "bob"}).status_code == 403
        for text in ("", "   "):
            response = alice.patch(path, json={"text": text})
            assert response.status_code == 400 and response.json()["error"]["code"] == "invalid_input"
        assert alice.patch(path, json={}).status_code == 400
        assert alice.get(path).json()["text"] == old["text"]
    with served.admin() as admin:
        assert admin.patch(path, json={"text": NEW, "user_id": "alice"}).json()["text"] == NEW


def test_add_with_infer_false_stores_turns_verbatim(served: Served) -> None:
    with served.client(served.alice) as alice:
        response = alice.post("/v1/memories", json={**ADD, "infer": False})
        assert response.status_code == 201 and response.json()["turns_added"] == len(SESSION_1)
        stored = {(tuple(m["sources"]), m["text"]) for m in alice.get("/v1/memories").json()}
        assert stored == {((t["id"],), t["text"]) for t in SESSION_1}
