"""The bridge: a memory a gateway reached is searched densely, and its nearest memories about
the question's people join the chain (real store, real embedder). What a person only said
("Finn said: ...") is not about them."""

from __future__ import annotations

from dataclasses import replace

from ripplemem import Memory
from ripplemem.read.cues import about as _about
from ripplemem.read.engine import _Round, _unnamed
from ripplemem.types import MemoryUnit, Scope

LINES = [
    ("Anouk", "Casa Verde does oysters, crab and mussels, that's the whole menu."),
    ("Finn", "I found out I'm allergic to seafood, so no more prawns for me."),
    ("Finn", "Pepper and Vine does a great seafood platter, the prawns are huge."),
    ("Anouk", "My cousin Rosa is allergic to seafood too, poor thing."),
    ("Anouk", "The violin recital was lovely."),
]


def test_the_bridge_reaches_what_bears_on_the_link_for_the_question_s_people(memory: Memory) -> None:
    for day, (who, line) in enumerate(LINES, start=1):
        memory.add([{"speaker": who, "text": line}], user_id="u1", session_id=f"s{day}",
                   session_time=f"2024-03-0{day}T10:00:00")
    scope = Scope(user_id="u1")
    units = {u.restatement: u for u in memory.store.list_units(scope)}
    menu = next(u for text, u in units.items() if "Casa Verde" in text)
    allergy = next(u for text, u in units.items() if "Finn" in text and "allergic" in text)
    search = _Round(memory._read(), scope, memory.settings.recall, {}, memory.store.count_units(scope))
    search.led_by[menu.id] = "Casa Verde"
    hits = search.bridge({menu.id: ("e1", 0.8)}, frozenset({"Finn"}), set())
    assert [h.unit_id for h in hits] == [allergy.id]  # Rosa's allergy is not Finn's; Finn's platter is Finn's word
    (hit,) = hits
    assert hit.via == "e1" and hit.edges == ("gateway",) and hit.cue == "~Casa Verde"
    assert 0 < hit.path < 0.8  # the link so far times the cosine: lifted link by link
    assert search.bridge({menu.id: ("e1", 0.8)}, frozenset({"Finn"}), {allergy.id}) == []


def test_a_person_s_own_words_are_not_about_them() -> None:
    def unit(text: str, people: frozenset[str] = frozenset()) -> MemoryUnit:
        return MemoryUnit("x", Scope(user_id="u"), text, (), "s", participants=people)

    assert _about(unit("Since the fall Kai has been using a wheelchair, ramps are Kai's new obsession."), {"kai"})
    assert not _about(unit("Kai said: Pepper and Vine does a great seafood platter."), {"kai"})
    assert _about(unit("Nettle has no lift.", frozenset({"Kai"})), {"kai"})
    assert not _about(unit("Nettle has no lift."), {"kai"})


def test_the_bridge_searches_by_what_a_memory_says_not_by_its_names(memory: Memory) -> None:
    """The small embedder weighs names heavily: searched with its names, the venue's access
    was nearer a memory that only names the same two people than the person's wheelchair."""
    lines = [
        ("Kai", "You reach Nettle by a steep spiral staircase, nothing step-free."),
        ("Kai", "I was just thinking about Joel."),
        ("Kai", "Since the fall I've been using a wheelchair, ramps are my new obsession."),
    ]
    for day, (who, line) in enumerate(lines, start=1):
        memory.add([{"speaker": who, "text": line}, {"speaker": "Joel", "text": "Right."}], user_id="u1",
                   session_id=f"s{day}", session_time=f"2024-03-0{day}T10:00:00")
    scope = Scope(user_id="u1")
    units = {u.restatement: u for u in memory.store.list_units(scope)}
    stairs = next(u for text, u in units.items() if "staircase" in text)
    chair = next(u for text, u in units.items() if "wheelchair" in text)
    units_by_id = {u.id: text for text, u in units.items()}
    assert "Kai" not in _unnamed(stairs, {"Joel", "Kai"}) and "staircase" in _unnamed(stairs, {"Joel", "Kai"})
    rs = memory.settings.recall
    found = {}
    for unnamed in (True, False):
        search = _Round(memory._read(), scope, replace(rs, bridge_unnamed=1 if unnamed else 0, bridge_hits=1), {}, memory.store.count_units(scope))
        search.led_by[stairs.id] = "Nettle"
        found[unnamed] = [units_by_id[h.unit_id] for h in search.bridge({stairs.id: ("e1", 1.0)}, frozenset({"Kai"}), set())]
    assert found[True] == [chair.restatement]
