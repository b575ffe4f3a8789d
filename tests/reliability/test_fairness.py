"""Bounded work and fair locking: one user's large add does not hold up another user's small
one (writes are serialised per scope, extraction runs outside any lock), and a turn longer
than ``write.max_turn_chars`` is refused before anything is stored."""

from __future__ import annotations

import threading
import time

import pytest

from ripplemem import InputError, Memory
from serving_helpers import Served

SMALL_ADDS = 5


def long_text(chars: int, seed: int = 0) -> str:
    """Sentences the rule extractor works on (so a long turn costs real extraction time)."""
    out: list[str] = []
    i = seed
    while sum(len(s) + 1 for s in out) < chars:
        out.append(f"On day {i} I visited my friend Marta in Porto and we cooked {i % 7 + 2} kinds of soup together.")
        i += 1
    return " ".join(out)[:chars]


def test_a_large_add_by_one_user_does_not_delay_another_users_small_add(served: Served) -> None:
    big = [{"speaker": "Ana", "text": long_text(8_000, seed=100 * n), "id": f"big{n}"} for n in range(3)]
    with served.client(served.bob) as bob:
        assert bob.post("/v1/memories", json={"messages": "I like green tea.", "session_id": "warm"}).status_code == 201
        alone = []
        for n in range(3):
            started = time.perf_counter()
            assert bob.post("/v1/memories", json={"messages": f"My cat number {n} is called Miso.",
                                                  "session_id": "solo"}).status_code == 201
            alone.append(time.perf_counter() - started)

    big_done = threading.Event()
    big_took: list[float] = []

    def large_add() -> None:
        with served.client(served.alice) as alice:
            started = time.perf_counter()
            response = alice.post("/v1/memories", json={"messages": big, "session_id": "long"})
            big_took.append(time.perf_counter() - started)
            assert response.status_code == 201, response.text
            big_done.set()

    worker = threading.Thread(target=large_add)
    worker.start()
    waits: list[float] = []
    with served.client(served.bob) as bob:
        time.sleep(0.5)  # alice's request is in, extracting
        for n in range(SMALL_ADDS):
            started = time.perf_counter()
            response = bob.post("/v1/memories", json={"messages": f"I planted {n + 2} roses today.", "session_id": "b"})
            waits.append(time.perf_counter() - started)
            assert response.status_code == 201 and response.json()["turns_added"] == 1
        overlapped = not big_done.is_set()
    worker.join(300)
    assert big_took, "the large add did not finish"
    assert overlapped, f"the large add ({big_took[0]:.1f} s) ended before bob's adds: nothing was measured"
    print(f"\nbob's small adds: alone max {max(alone) * 1000:.0f} ms; during alice's {big_took[0]:.1f} s add "
          f"{', '.join(f'{w * 1000:.0f}' for w in waits)} ms")
    assert max(waits) - max(alone) < 1.0, f"bob's adds took {[round(w, 2) for w in waits]} s during alice's {big_took[0]:.1f} s add"
    assert served.memory.stats(user_id="alice")["turns"]["done"] == 3


def test_a_turn_longer_than_the_limit_is_refused_and_changes_nothing(open_memory) -> None:  # type: ignore[no-untyped-def]
    mem: Memory = open_memory(write={"max_turn_chars": 1_000})
    mem.add([{"speaker": "Ana", "text": "I moved to Lisbon."}], user_id="u1")
    before = list(mem.export(user_id="u1"))
    for messages in ([{"speaker": "Ana", "text": long_text(1_001)}],
                     [{"speaker": "Ana", "text": "short"}, {"speaker": "Ana", "text": long_text(1_500)}],
                     [{"speaker": "Ana", "text": long_text(900), "image_caption": "x" * 200}]):
        with pytest.raises(InputError, match="max_turn_chars"):
            mem.add(messages, user_id="u1")
    assert list(mem.export(user_id="u1")) == before
    assert mem.add([{"speaker": "Ana", "text": long_text(1_000)}], user_id="u1").turns_added == 1


def test_over_rest_a_turn_over_the_default_limit_is_a_400(served: Served) -> None:
    with served.client(served.alice) as alice:
        response = alice.post("/v1/memories", json={"messages": [{"speaker": "Ana", "text": "a" * 32_001}]})
        assert response.status_code == 400 and response.json()["error"]["code"] == "invalid_input"
        assert "max_turn_chars" in response.json()["error"]["message"]
    assert served.memory.stats(user_id="alice")["turns"].get("total", 0) == 0
