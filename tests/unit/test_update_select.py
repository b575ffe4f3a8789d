"""Update instead of duplicate, and selection."""

from __future__ import annotations

from graph_helpers import day, unit, vec
from ripplemem.config import WriteSettings
from ripplemem.types import Candidate
from ripplemem.write.select import select
from ripplemem.write.update import decide, merge, slot_of


def cand(text: str, sources: tuple[str, ...] = ("D2:1",), **kw: object) -> Candidate:
    return Candidate(text, sources, "s2", **kw)  # type: ignore[arg-type]


def test_near_duplicate_merges_and_grows_sources() -> None:
    old = unit("m1", "Caroline went to an LGBTQ support group", vec(1), sources=("D1:3",))
    d = decide(cand("Caroline went to the LGBTQ support group"), [(old, 0.97)], duplicate_cosine=0.95, supersede_cosine=0.8)
    assert d.action == "UPDATE" and d.target == "m1"
    merged = merge(old, cand("x", ("D2:1",)), 0.7)
    assert merged.sources == ("D1:3", "D2:1")


def test_same_turns_again_is_noop() -> None:
    old = unit("m1", "Caroline went to an LGBTQ support group", vec(1), sources=("D2:1",))
    d = decide(cand("Caroline went to an LGBTQ support group"), [(old, 0.99)], duplicate_cosine=0.95, supersede_cosine=0.8)
    assert d.action == "NOOP"


def test_duplicate_text_on_another_day_is_a_new_event() -> None:
    old = unit("m1", "Melanie went hiking", vec(1), time=day(2023, 5, 5))
    d = decide(cand("Melanie went hiking", time=day(2023, 6, 20)), [(old, 0.98)], duplicate_cosine=0.95, supersede_cosine=0.8)
    assert d.action == "ADD"


def test_slot_contradiction_supersedes() -> None:
    assert slot_of("Ava lives in Boston") == ("residence", "ava", "boston")
    old = unit("m1", "Ava lives in Boston", vec(1, 0.2))
    d = decide(cand("Ava moved to Denver on 3 May 2024"), [(old, 0.6)], duplicate_cosine=0.95, supersede_cosine=0.8)
    assert d.action == "SUPERSEDE" and d.target == "m1"


def test_diet_change_supersedes_and_unrelated_is_added() -> None:
    old = unit("m1", "Ava is vegetarian", vec(1, 0.3))
    d = decide(cand("Ava eats fish again"), [(old, 0.55)], duplicate_cosine=0.95, supersede_cosine=0.8)
    assert d.action == "SUPERSEDE"
    d2 = decide(cand("Ava is excited about the trip"), [(old, 0.5)], duplicate_cosine=0.95, supersede_cosine=0.8)
    assert d2.action == "ADD"


def test_closed_memories_are_not_merge_targets() -> None:
    old = unit("m1", "Ava lives in Boston", vec(1), valid_to=day(2024, 1, 1).start)
    d = decide(cand("Ava lives in Boston"), [(old, 0.99)], duplicate_cosine=0.95, supersede_cosine=0.8)
    assert d.action == "ADD"


def test_selection_core_bypasses_score_and_low_scores_go_short_term() -> None:
    ws = WriteSettings()
    core = select(cand("Maya is allergic to seafood", layer="core", emphasis=1.0), 0.0, frozenset(), ws)
    assert core.layer == "core" and core.tier == "long" and core.importance >= 0.9
    rich = select(cand("Caroline moved to Boston on 7 May 2023", participants=frozenset({"Caroline"}),
                       locations=frozenset({"Boston"}), time=day(2023, 5, 7), facts=("7 May 2023",)),
                  1.0, frozenset({"Caroline"}), ws)
    thin = select(cand("ok"), 0.0, frozenset({"Caroline"}), ws)
    assert rich.importance > thin.importance
    assert rich.tier == "long"
    assert thin.tier == "short"


LASTING = [
    "Ben's sister lives in Denver.",  # relation
    "Ann has a dog named Rex.",  # possession
    "Ann is planning a trip to Peru.",  # plan
    "Ben prefers tea to coffee.",  # preference
    "Ann can't eat gluten.",  # constraint
]
ONE_OFF = [
    "Ben said the concert was loud.",
    "Ann said the hike was exhausting.",
    "Ben found the movie funny.",
]


def test_importance_puts_lasting_facts_above_one_off_chatter() -> None:
    ws = WriteSettings()
    people = frozenset({"Ann", "Ben"})

    def importance(text: str) -> float:
        return select(cand(text, participants=frozenset({text.split()[0].removesuffix("'s")})), 0.5, people, ws).importance

    assert min(map(importance, LASTING)) > max(map(importance, ONE_OFF))
    assert importance("Ann asked: Will you adopt a dog?") < importance("Ann will adopt a dog.")  # a question states no plan
