"""The memories next to the best ones (``RecallSettings.context_spread``): a reply that only
makes sense after the turn it answers is ranked beside it (a real store on both backends,
the real embedder)."""

from __future__ import annotations

from ripplemem import Memory
from sample_dialogue import EVERYDAY

BOOK = [
    {"speaker": "Ben", "text": "I started a pottery class on Tuesdays at the community centre."},
    {"speaker": "Ann", "text": (
        'I finished reading "The Salt Road" by Ida Marsh last week. It\'s a true story about a family of five '
        "crossing the desert on foot in the 1950s, told by the youngest daughter, with maps and letters and "
        "photographs from the journey, and a long chapter on the well they dug by hand near the end of the trip, "
        "when the water ran out and the camels would not go on.")},
    {"speaker": "Ben", "text": "Sounds great! What did you learn from it?"},
    {"speaker": "Ann", "text": "It taught me patience and how to ask for help when things get hard."},
]
# other sessions: things the two did, none about the book
OTHERS = EVERYDAY
QUESTION = 'What did Ann take away from the book "The Salt Road"?'


def _stored(memory: Memory) -> Memory:
    memory.add(BOOK, user_id="u", session_id="s1", session_time="2024-03-02T10:00:00Z")
    for n in range(0, len(OTHERS), 4):
        turns = [{"speaker": "Ann" if i % 2 == 0 else "Ben", "text": t} for i, t in enumerate(OTHERS[n:n + 4])]
        memory.add(turns, user_id="u", session_id=f"s{n + 2}", session_time=f"2024-04-{n // 4 + 1:02d}T10:00:00Z")
    return memory


# Narrow views and no diffusion: what the context step adds is all that differs.
NARROW = {"view_k": 1, "lexical_depth": 1, "diffusion": False}


def _recall(memory: Memory, **changes: float):  # type: ignore[no-untyped-def]
    rs = memory.settings.recall.replace(**{**NARROW, **changes})
    return memory.recall(QUESTION, user_id="u", budget_tokens=100_000, settings=rs)


def _rank(memory: Memory, text: str, **changes: float) -> int | None:
    """Where the memory holding ``text`` ranks (None when it is not in the evidence)."""
    order = [i.text for i in _recall(memory, **changes).items]
    return next((n for n, t in enumerate(order) if text in t), None)


def test_a_reply_that_refers_back_joins_the_memory_it_answers(memory: Memory) -> None:
    _stored(memory)
    reply = next(u for u in memory.list(user_id="u") if u.restatement.startswith("It taught Ann patience"))
    assert "Salt Road" not in reply.restatement  # the reply alone names nothing of the question
    book = _rank(memory, "The Salt Road")
    assert book is not None and _rank(memory, "It taught Ann patience") == book + 1
    assert _rank(memory, "It taught Ann patience", context_spread=0.0) is None
    ev = _recall(memory)
    assert "context" in ev.trace.timings_ms
    item = next(i for i in ev.items if i.id == reply.id)
    assert any(r.startswith("context/window") for r in item.routes)


def test_a_neighbour_that_starts_something_else_gets_no_floor(memory: Memory) -> None:
    """The pottery class comes just before the book in the same session but is about itself:
    it joins the candidates and ranks by its own terms only."""
    _stored(memory)
    ev = _recall(memory)
    pottery = next(u for u in memory.list(user_id="u") if "pottery" in u.restatement)
    assert pottery.id in ev.trace.scores
    assert ev.trace.score_parts[pottery.id]["floor"] == 0.0
