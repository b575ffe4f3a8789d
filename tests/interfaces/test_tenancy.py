"""A key for user A can never read, search, list, change or delete anything of user B."""

from __future__ import annotations

import httpx

from sample_dialogue import SESSION_1, SESSION_2
from serving_helpers import Served

SECRET = [{"speaker": "Bob", "text": "My bank PIN is 4921 and my sister Lena lives in Oslo.", "id": "B1"},
          {"speaker": "Bob", "text": "I went to the LGBTQ support group in Oslo yesterday.", "id": "B2"}]


def seed(served: Served) -> tuple[list[str], list[str]]:
    """alice and bob both have memories (bob's also in an agent scope); their memory ids."""
    with served.client(served.alice) as alice, served.client(served.bob) as bob:
        assert alice.post("/v1/memories", json={"messages": SESSION_1, "session_time": "2023-05-08"}).status_code == 201
        assert bob.post("/v1/memories", json={"messages": SECRET, "session_time": "2023-05-08"}).status_code == 201
        assert bob.post("/v1/memories", json={"messages": SESSION_2, "agent_id": "a1"}).status_code == 201
        alice_ids = [m["id"] for m in alice.get("/v1/memories").json()]
        bob_ids = [m["id"] for m in bob.get("/v1/memories").json()]  # every scope of bob's (narrowing)
        agent_ids = [m["id"] for m in bob.get("/v1/memories", params={"agent_id": "a1"}).json()]
        assert agent_ids and set(agent_ids) < set(bob_ids)
    return alice_ids, bob_ids


def code(response: httpx.Response) -> tuple[int, str]:
    return response.status_code, response.json()["error"]["code"]


def test_naming_another_user_is_forbidden_on_every_endpoint(served: Served) -> None:
    _, bob_ids = seed(served)
    other = {"user_id": "bob"}
    with served.client(served.alice) as alice:
        calls = [
            alice.post("/v1/memories", json={"messages": "I am Bob now.", **other}),
            alice.post("/v1/recall", json={"query": "PIN", **other}),
            alice.post("/v1/search", json={"query": "PIN", **other}),
            alice.get("/v1/memories", params=other),
            alice.get("/v1/memories", params={**other, "agent_id": "a1"}),
            alice.get(f"/v1/memories/{bob_ids[0]}", params=other),
            alice.get(f"/v1/memories/{bob_ids[0]}/history", params=other),
            alice.get(f"/v1/memories/{bob_ids[0]}/neighbours", params=other),
            alice.get(f"/v1/memories/{bob_ids[0]}/sources", params=other),
            alice.delete(f"/v1/memories/{bob_ids[0]}", params=other),
            alice.delete("/v1/users/bob"),
            alice.get("/v1/stats", params=other),
            alice.get("/v1/keys", params=other),
        ]
    for response in calls:
        assert code(response) == (403, "forbidden"), response.request.url
    assert_bob_intact(served, bob_ids)


def test_ids_guessed_from_another_scope_are_not_found(served: Served) -> None:
    _, bob_ids = seed(served)
    with served.client(served.alice) as alice:
        for mid in bob_ids:
            for params in ({}, {"agent_id": "a1"}):
                assert code(alice.get(f"/v1/memories/{mid}", params=params)) == (404, "not_found")
                for view in ("history", "neighbours", "sources"):
                    assert code(alice.get(f"/v1/memories/{mid}/{view}", params=params)) == (404, "not_found")
                assert code(alice.delete(f"/v1/memories/{mid}", params=params)) == (404, "not_found")
    assert_bob_intact(served, bob_ids)


def test_reads_never_return_another_users_memories(served: Served) -> None:
    alice_ids, bob_ids = seed(served)
    with served.client(served.alice) as alice:
        for query in ("What is the bank PIN?", "Who lives in Oslo?", "support group"):
            ev = alice.post("/v1/recall", json={"query": query, "trace": True}).json()
            found = alice.post("/v1/search", json={"query": query, "limit": 50}).json()
            text = str(ev["items"]) + str(ev["trace"]["initial"]) + str(ev["trace"]["memories"]) + str(found)
            assert "4921" not in text and "Oslo" not in text and not any(mid in text for mid in bob_ids)
            assert {i["id"] for i in ev["items"]} <= set(alice_ids)
        listed = alice.get("/v1/memories", params={"agent_id": "a1"}).json()
        assert listed == []  # alice's own (empty) agent scope, not bob's
        stats = alice.get("/v1/stats").json()
        assert stats["turns"]["total"] == len(SESSION_1)
        assert {k["user_id"] for k in alice.get("/v1/keys").json()} == {"alice"}


def test_another_users_keys_cannot_be_revoked(served: Served) -> None:
    bob_key_id = served.keys.list("bob")[0].id
    with served.client(served.alice) as alice:
        assert code(alice.delete(f"/v1/keys/{bob_key_id}")) == (404, "not_found")
    with served.client(served.bob) as bob:
        assert bob.get("/v1/memories").status_code == 200


def test_deleting_a_user_leaves_the_others(served: Served) -> None:
    alice_ids, bob_ids = seed(served)
    with served.client(served.alice) as alice:
        assert alice.delete("/v1/users/alice").status_code == 200
    assert_bob_intact(served, bob_ids)
    with served.admin() as admin:
        assert admin.delete("/v1/users/bob").json()["units"] == len(bob_ids)
        assert admin.get("/v1/stats").json()["turns"]["total"] == 0


def assert_bob_intact(served: Served, bob_ids: list[str]) -> None:
    with served.client(served.bob) as bob:
        ids = [m["id"] for m in bob.get("/v1/memories").json()]
        assert sorted(ids) == sorted(bob_ids)
        assert bob.get("/v1/stats").json()["turns"]["total"] == len(SECRET)
