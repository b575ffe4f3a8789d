"""Several writers and readers at once through the REST server: no write lost, no corruption."""

from __future__ import annotations

import threading

from serving_helpers import Served

WRITERS, READERS, BATCHES, TURNS = 4, 2, 3, 3


def test_concurrent_writers_and_readers_lose_nothing(served: Served) -> None:
    errors: list[str] = []
    start = threading.Barrier(WRITERS + READERS)
    stop = threading.Event()

    def writer(w: int) -> None:
        key = served.alice if w % 2 == 0 else served.bob
        with served.client(key) as client:
            start.wait()
            for b in range(BATCHES):
                turns = [{"speaker": f"Writer{w}", "id": f"w{w}-b{b}-t{t}",
                          "text": f"On day {b} writer {w} planted {t + 2} apple trees in orchard {w}{b}{t}."}
                         for t in range(TURNS)]
                response = client.post("/v1/memories", json={"messages": turns, "session_id": f"w{w}",
                                                              "agent_id": f"agent{w}"})
                if response.status_code != 201 or response.json()["turns_added"] != TURNS:
                    errors.append(f"add {w}/{b}: {response.status_code} {response.text[:200]}")

    def reader(r: int) -> None:
        key = served.alice if r % 2 == 0 else served.bob
        with served.client(key) as client:
            start.wait()
            while not stop.is_set():
                for response in (client.post("/v1/recall", json={"query": "Who planted apple trees?"}),
                                 client.get("/v1/memories", params={"agent_id": f"agent{r}"}),
                                 client.get("/v1/stats")):
                    if response.status_code != 200:
                        errors.append(f"read {r}: {response.status_code} {response.text[:200]}")

    writers = [threading.Thread(target=writer, args=(w,)) for w in range(WRITERS)]
    readers = [threading.Thread(target=reader, args=(r,)) for r in range(READERS)]
    for t in writers + readers:
        t.start()
    for t in writers:
        t.join(120)
    stop.set()
    for t in readers:
        t.join(120)
    assert not errors, errors[:5]

    memory = served.memory
    for w in range(WRITERS):
        user = "alice" if w % 2 == 0 else "bob"
        wanted = {f"w{w}-b{b}-t{t}" for b in range(BATCHES) for t in range(TURNS)}
        stored = memory.source_turns(wanted, user_id=user, agent_id=f"agent{w}")
        assert set(stored) == wanted and all(t.status == "done" for t in stored.values())
        assert memory.list(user_id=user, agent_id=f"agent{w}")
    assert memory.stats()["turns"]["total"] == WRITERS * BATCHES * TURNS
    assert memory.store.integrity_check() == "ok"  # type: ignore[attr-defined]
