"""Which candidates are embedded (write/dense.py): an assistant turn's first memories only."""

from __future__ import annotations

from ripplemem.types import Candidate
from ripplemem.write.dense import dense_mask


def cand(role: str, *sources: str, session: str = "s1") -> Candidate:
    return Candidate(restatement="text", sources=sources, session_id=session, role=role)


def test_an_answers_memories_after_its_first_ones_are_left_out() -> None:
    found = [
        cand("user", "t1"), cand("", "t1", "t2"),  # the user's; an exchange stated together
        cand("assistant", "t2"), cand("assistant", "t2"), cand("assistant", "t2"), cand("assistant", "t2"),
        cand("assistant", "t4"), cand("assistant", "t2", session="s2"), cand("user", "t3"),
    ]
    assert dense_mask(found, 2) == [True, True, True, True, False, False, True, True, True]
    assert dense_mask(found, 1) == [True, True, True, False, False, False, True, True, True]
    assert dense_mask(found, 0) == [True] * len(found)


def test_a_conversation_without_roles_is_embedded_whole() -> None:
    found = [cand("", "t1") for _ in range(8)]
    assert dense_mask(found, 2) == [True] * 8

