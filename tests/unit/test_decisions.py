"""One call's update decisions (``write.decisions``): asked once per candidate and what it was
shown, taken again only for exactly that, and a change of the memories it was shown is stale."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from ripplemem.config import WriteSettings
from ripplemem.types import Candidate, MemoryUnit, Scope
from ripplemem.write.decisions import Decisions, StaleDecision
from ripplemem.write.update import Decision

WHEN = datetime(2024, 3, 10, tzinfo=UTC)
CAND = Candidate("Ana lives in Lisbon with her cat Miso.", ("t2",), "s1", mentioned_at=WHEN)
STORED = MemoryUnit("m1", Scope("u1"), "Ana lives in Lisbon with her cat Miso.", ("t1",), "s1", updated_at=WHEN)


class Counting:
    def __init__(self) -> None:
        self.asked: list[list[str]] = []

    def __call__(self, candidate: Candidate, neighbours: list[tuple[MemoryUnit, float]]) -> Decision:
        self.asked.append([u.id for u, _ in neighbours])
        return Decision("UPDATE", neighbours[0][0].id, "same") if neighbours else Decision("ADD", None, "new")


def test_a_decision_is_taken_again_for_what_it_was_shown() -> None:
    decider = Counting()
    plan = Decisions(decider, WriteSettings())
    first = plan.decide(0, CAND, [(STORED, 0.97)])
    with plan.replaying():
        assert plan.decide(0, CAND, [(STORED, 0.97)]) == first
    assert decider.asked == [["m1"]]


@pytest.mark.parametrize("changed", [
    [],  # the memory was deleted
    [(STORED.with_(sources=("t1", "t3"), updated_at=datetime(2024, 3, 11, tzinfo=UTC)), 0.97)],  # another add merged into it
    [(STORED.with_(valid_to=WHEN), 0.97)],  # superseded
    [(STORED, 0.97), (STORED.with_(id="m2"), 0.99)],  # a nearer memory was added
    [(STORED, 0.81)],  # restated by hand: another similarity
])
def test_a_change_of_the_memories_shown_is_stale(changed: list[tuple[MemoryUnit, float]]) -> None:
    plan = Decisions(Counting(), WriteSettings())
    plan.decide(0, CAND, [(STORED, 0.97)])
    with plan.replaying(), pytest.raises(StaleDecision):
        plan.decide(0, CAND, changed)
    assert plan.decide(0, CAND, changed)  # outside the check it is asked again


def test_each_candidate_is_its_own_decision_and_keeps_its_unit_id() -> None:
    decider = Counting()
    plan = Decisions(decider, WriteSettings())
    plan.decide(0, CAND, [(STORED, 0.97)])
    with plan.replaying(), pytest.raises(StaleDecision):
        plan.decide(1, CAND, [(STORED, 0.97)])
    made = iter(["a", "b"])
    assert [plan.unit_id(0, made.__next__), plan.unit_id(1, made.__next__), plan.unit_id(0, made.__next__)] == ["a", "b", "a"]


def test_without_a_decider_the_rule_decides_every_time() -> None:
    plan = Decisions(None, WriteSettings())
    assert not plan.asks_llm
    with plan.replaying():
        assert plan.decide(0, CAND, [(STORED, 0.99)]).action == "UPDATE"
        assert plan.decide(0, CAND, []).action == "ADD"
