"""A question about a day reaches what was said that day (``RecallSettings.said_on_day``):
a memory that names no time of its own but was told within the question's time is a
structural hit (a real store on both backends, the real embedder)."""

from __future__ import annotations

from ripplemem import Memory

DAYS = [
    ("2024-03-02T18:00:00Z", [
        {"speaker": "Ann", "text": "What a week! The match got cancelled, so I tried out some cooking instead."},
        {"speaker": "Ben", "text": "Nice, what did you make?"},
        {"speaker": "Ann", "text": "A big pot of red lentil dal with flatbread, from my aunt's recipe."},
    ]),
    ("2024-03-09T18:00:00Z", [
        {"speaker": "Ann", "text": "I tried out a new recipe for mushroom risotto, it was a bit too salty."},
        {"speaker": "Ben", "text": "Add less stock next time."},
    ]),
    ("2024-03-16T18:00:00Z", [
        {"speaker": "Ann", "text": "I cooked a Thai green curry for the neighbours, they loved it."},
        {"speaker": "Ben", "text": "You are becoming quite the chef."},
    ]),
]
QUESTION = "What got cooked on 2 March 2024?"  # no name: the structural view has the time alone


def _stored(memory: Memory) -> Memory:
    for n, (when, turns) in enumerate(DAYS):
        memory.add(turns, user_id="u", session_id=f"s{n}", session_time=when)
    return memory


def _routes(memory: Memory, strength: float) -> dict[str, list[str]]:
    rs = memory.settings.recall.replace(said_on_day=strength, diffusion=False)
    ev = memory.recall(QUESTION, user_id="u", budget_tokens=100_000, settings=rs)
    return {i.text: list(i.routes) for i in ev.items}


def test_what_was_said_on_the_asked_day_is_a_structural_hit(memory: Memory) -> None:
    _stored(memory)
    units = memory.list(user_id="u")
    assert all(u.time is None for u in units), [(u.restatement, u.time) for u in units]  # no memory names a time
    routes = _routes(memory, 1.0)
    said = [t for t, r in routes.items() if "structural" in r]
    assert said and all("lentil" in t or "cooking" in t for t in said), routes
    assert not any("structural" in r for r in _routes(memory, 0.0).values())
