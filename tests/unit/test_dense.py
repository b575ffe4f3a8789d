"""Which candidates are embedded (write/dense.py): an assistant turn's first memories only,
and no memory that is all code."""

from __future__ import annotations

from dataclasses import replace

from ripplemem.config import WriteSettings
from ripplemem.types import Candidate
from ripplemem.write.dense import dense_mask, embed_text


def cand(role: str, *sources: str, session: str = "s1", code: bool = False) -> Candidate:
    return Candidate(restatement="text", sources=sources, session_id=session, role=role, code=code)


def per_answer(n: int) -> WriteSettings:
    return replace(WriteSettings(), answer_dense_units=n)


def test_an_answers_memories_after_its_first_ones_are_left_out() -> None:
    found = [
        cand("user", "t1"), cand("", "t1", "t2"),  # the user's; an exchange stated together
        cand("assistant", "t2"), cand("assistant", "t2"), cand("assistant", "t2"), cand("assistant", "t2"),
        cand("assistant", "t4"), cand("assistant", "t2", session="s2"), cand("user", "t3"),
    ]
    assert dense_mask(found, per_answer(2)) == [True, True, True, True, False, False, True, True, True]
    assert dense_mask(found, per_answer(1)) == [True, True, True, False, False, False, True, True, True]
    assert dense_mask(found, per_answer(0)) == [True] * len(found)


def test_a_conversation_without_roles_is_embedded_whole() -> None:
    found = [cand("", "t1") for _ in range(8)]
    assert dense_mask(found, per_answer(2)) == [True] * 8


def test_code_as_written_is_found_by_its_words_unless_asked() -> None:
    found = [cand("user", "t1"), cand("user", "t1", code=True), cand("assistant", "t2", code=True),
             cand("assistant", "t2"), cand("", "t1", "t2", code=True)]
    # the answer's first memory that is not code is its embedded one; an exchange is always embedded
    assert dense_mask(found, per_answer(1)) == [True, False, False, True, True]
    assert dense_mask(found, replace(per_answer(1), embed_code=True)) == [True, True, True, False, True]
    assert dense_mask(found, per_answer(0)) == [True, False, False, True, True]


def test_a_memory_holding_whole_code_blocks_is_embedded_by_its_prose() -> None:
    ws = WriteSettings()
    said = "Here is the user's login route for the budget app: ```python def login(): return redirect('/') ``` It fails on POST."
    assert embed_text(said, ws) == "Here is the user's login route for the budget app: It fails on POST."
    assert embed_text(said, replace(ws, embed_code=True)) == said
    # too little prose to stand for the code, or a block cut across memories: the whole text
    assert embed_text("The user said: ```python x = 1 ```", ws) == "The user said: ```python x = 1 ```"
    running_on = "The user said: return x ``` The user wants to know how to test the route."
    assert embed_text(running_on, ws) == running_on
    assert embed_text("No code here at all.", ws) == "No code here at all."
