"""Maintenance's pure parts: heat and re-scoring, grouping and packing, and recall's
de-duplication of a consolidated memory with its members."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from ripplemem.config import MaintainSettings
from ripplemem.maintain.consolidate import consolidated_id, groups, pack, spread, statement, subject_of
from ripplemem.maintain.heat import heat, last_mentions, mentioned_again, rescore
from ripplemem.read.assemble import Found
from ripplemem.read.consolidated import members_of, without_repeats
from ripplemem.types import Edge, MemoryUnit, Scope

S = Scope("u")
T0 = datetime(2024, 1, 1, tzinfo=UTC)


def _u(uid: str, text: str, days: int = 0, **fields: object) -> MemoryUnit:
    base: dict[str, object] = {"sources": (f"t-{uid}",), "session_id": f"s{days}", "mentioned_at": T0 + timedelta(days=days),
                               "participants": frozenset({"Ana"}), "importance": 0.5}
    base.update(fields)
    return MemoryUnit(id=uid, scope=S, restatement=text, **base)  # type: ignore[arg-type]


def test_heat_halves_over_the_half_life_and_use_warms() -> None:
    ms = MaintainSettings(half_life_days=100, use_boost=0.5)
    u = _u("a", "Ana paints.")
    assert heat(u, T0, ms) == 0.5
    assert abs(heat(u, T0 + timedelta(days=100), ms) - 0.25) < 1e-9
    assert heat(u.with_(access_count=3), T0 + timedelta(days=100), ms) > 0.25
    recent = u.with_(last_access=T0 + timedelta(days=100), access_count=1)
    assert heat(recent, T0 + timedelta(days=100), ms) > 0.5  # used just now, and used once
    for never in (u.with_(pinned=True), u.with_(layer="core"), u.with_(layer="semantic")):
        assert heat(never, T0 + timedelta(days=10_000), ms) == 0.5


def test_rescore_cools_warms_and_promotes() -> None:
    ms = MaintainSettings(half_life_days=30, cold_below=0.1, promote_to=0.3)
    old = _u("a", "Ana paints.")
    cold = rescore(old, T0 + timedelta(days=365), ms, again=False)
    assert cold is not None and cold.cold
    assert rescore(old.with_(cold=True), T0, ms, again=False) is not None  # warm again
    assert rescore(old, T0, ms, again=False) is None  # nothing changes
    assert rescore(old.with_(pinned=True), T0 + timedelta(days=365), ms, again=False) is None
    short = old.with_(tier="short", importance=0.2)
    promoted = rescore(short, T0, ms, again=True)
    assert promoted is not None and promoted.tier == "long" and promoted.importance == 0.3
    asked = rescore(short.with_(access_count=1), T0, ms, again=False)
    assert asked is not None and asked.tier == "long"


def test_mentioned_again_needs_two_concepts_said_later() -> None:
    first = _u("a", "x", 0, concepts=frozenset({"pottery", "clay", "bowl"}))
    later = _u("b", "y", 5, concepts=frozenset({"pottery", "clay"}))
    one = _u("c", "z", 5, concepts=frozenset({"bowl"}))
    assert mentioned_again(first, last_mentions([first, later]))
    assert not mentioned_again(first, last_mentions([first, one]))
    assert not mentioned_again(later, last_mentions([first, later]))


def test_groups_by_subject_and_topic_and_packs_faithfully() -> None:
    units = [
        _u("a", "Ana said: Ana started a pottery class. Do you like clay?", 0),
        _u("b", "Ana went hiking in the mountains.", 30),
        _u("c", "Ana ran a 10k race with the running club.", 60),
        _u("d", "Ben bakes bread.", 60, participants=frozenset({"Ben"})),
        _u("e", "Ana started a pottery class.", 60, valid_to=T0),  # no longer current: not gathered
    ]
    (group,) = [g for g in groups(units, 2) if g.topic == "activities and hobbies"]
    assert group.subject == "Ana" and [m.id for m in group.members] == ["a", "b", "c"]
    assert statement(units[0], group.topic) == "Ana started a pottery class."  # lead-in and question dropped
    text, kept = pack("Ana", group.topic, group.members, 400)
    assert text.startswith("Ana's activities and hobbies: Ana started a pottery class. (1 January 2024); ")
    assert [m.id for m in kept] == ["a", "b", "c"] and "(31 January 2024)" in text
    short, few = pack("Ana", group.topic, group.members, 140)
    assert len(few) == 2 and len(short) <= 140
    assert consolidated_id("Ana", group.topic) == consolidated_id("ana", group.topic)
    assert subject_of(_u("x", "Ben told Ana about it.", participants=frozenset({"Ana", "Ben"}))) == "Ben"


def test_spread_takes_the_most_important_member_of_each_session() -> None:
    units = [_u("a", "a", 0, importance=0.4), _u("b", "b", 0, importance=0.9), _u("c", "c", 9, importance=0.5)]
    assert [u.id for u in spread(units, 5)] == ["b", "c"]
    assert [u.id for u in spread(units, 1)] == ["b"]


def test_without_repeats_drops_members_below_and_a_semantic_memory_with_nothing_new() -> None:
    def found(uid: str, score: float, layer: str = "episodic") -> Found:
        return Found(_u(uid, uid, layer=layer), score=score)

    members = members_of([Edge("sem", "a", "consolidates", 1.0), Edge("sem", "b", "consolidates", 1.0),
                          Edge("sem", "z", "semantic", 0.9)])
    assert members == {"sem": frozenset({"a", "b"})}
    pool = {f.unit.id: f for f in (found("a", 0.9), found("sem", 0.8, "semantic"), found("b", 0.5), found("c", 0.4))}
    assert set(without_repeats(pool, members)) == {"a", "sem", "c"}
    pool["b"].score = 0.95  # every member above it: the consolidated memory adds nothing
    assert set(without_repeats(pool, members)) == {"a", "b", "c"}
    assert without_repeats(pool, {}) is pool
