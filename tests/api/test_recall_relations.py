"""A person named once with a relation ("my great-aunt Marta") and elsewhere by the relation
alone ("my great-aunt doesn't touch alcohol"): a question that names the person finds what was
said by the relation (``RecallSettings.relation_aliases``; a real store on both backends, the
real embedder)."""

from __future__ import annotations

from ripplemem import Memory
from sample_dialogue import EVERYDAY

NAMED = [
    {"speaker": "Tess", "text": "Rosa keeps saying we should book the Lighthouse for my great-aunt Marta's retirement lunch."},
    {"speaker": "Finn", "text": "The Lighthouse? Fancy."},
]
BY_RELATION = [
    {"speaker": "Finn", "text": "How was the family dinner?"},
    {"speaker": "Tess", "text": "My great-aunt doesn't touch alcohol, and a room full of drinkers makes her uneasy."},
]
QUESTION = "Is the Lighthouse a sensible choice for Marta's retirement lunch?"


def _stored(memory: Memory) -> Memory:
    memory.add(NAMED, user_id="u", session_id="s1", session_time="2024-03-02T10:00:00Z")
    for n in range(0, len(EVERYDAY), 4):
        turns = [{"speaker": "Tess" if i % 2 == 0 else "Finn", "text": t} for i, t in enumerate(EVERYDAY[n:n + 4])]
        memory.add(turns, user_id="u", session_id=f"e{n}", session_time=f"2024-04-{n // 4 + 1:02d}T10:00:00Z")
    memory.add(BY_RELATION, user_id="u", session_id="s2", session_time="2024-06-01T10:00:00Z")
    return memory


def _structural(memory: Memory, **changes: int) -> tuple[list[str], list[str]]:
    """The structural view's memories and the whole ranking, as texts."""
    rs = memory.settings.recall.replace(**changes)
    ev = memory.recall(QUESTION, user_id="u", budget_tokens=100_000, settings=rs)
    by_id = {u.id: u.restatement for u in memory.list(user_id="u")}
    return [by_id[h.unit_id] for h in ev.trace.initial.get("structural", [])], [i.text for i in ev.items]


def test_what_is_said_by_the_relation_is_found_for_the_name(memory: Memory) -> None:
    _stored(memory)
    relation = next(u.restatement for u in memory.list(user_id="u") if "doesn't touch alcohol" in u.restatement)
    assert "Tess's great-aunt" in relation and "Marta" not in relation  # stated by the relation alone
    view, ranking = _structural(memory)
    view_off, ranking_off = _structural(memory, relation_aliases=0)
    assert relation in view and relation not in view_off
    assert ranking.index(relation) <= 2  # beside the memory that names Marta
    assert ranking.index(relation) < (ranking_off.index(relation) if relation in ranking_off else len(ranking_off))
