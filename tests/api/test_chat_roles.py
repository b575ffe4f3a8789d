"""Chat roles: each memory knows which role said it; with ``assistant_weight`` below 1 the
user's own statements outrank the assistant's answers unless the question asks about what
the assistant said."""

from __future__ import annotations

import pytest

from ripplemem import Memory, preset
from ripplemem.read.cues import asks_assistant

CHAT = [
    {"role": "user", "content": "I listen to history podcasts during my commute, it is about forty minutes each way."},
    {"role": "assistant", "content": "Forty minutes is a good stretch for a long episode."},
    {"role": "user", "content": "Can you give me ideas for other things to do on the train?"},
    {"role": "assistant", "content": (
        "On the train you could learn a language with a course app, ten minutes a lesson, and review the words "
        "you learnt on the way back. Sketching the other passengers in a small notebook works on a train too, "
        "and a pencil is all it needs. Reading a paperback novel is a classic, and a library card makes it free. "
        "A crossword book keeps the mind busy, and a puzzle a day is a habit that sticks. Writing a short journal "
        "entry about the day is another idea, and it helps you unwind before you get home."
    )},
]


@pytest.mark.parametrize(("question", "asks"), [
    ("What did you recommend for my commute?", True),
    ("Can you remind me which chapter covers vocal prayer?", True),
    ("What was the move you made after Kg2?", True),
    ("In our previous chat, what did we decide?", True),
    ("Can you suggest some activities for my commute?", False),
    ("What do you think about buying a NAS now?", False),
    ("How long is my commute?", False),
])
def test_questions_about_what_the_assistant_said(question: str, asks: bool) -> None:
    assert asks_assistant(question) is asks


def test_memories_carry_their_role_and_the_users_statement_ranks_first(memory: Memory) -> None:
    memory.add(CHAT, user_id="u", session_id="s1")
    units = memory.list(user_id="u")
    assert {"user", "assistant"} <= {u.role for u in units}
    assert all(u.role == "assistant" for u in units if u.restatement.startswith("The assistant said"))
    weighed = preset("default").replace(assistant_weight=0.8)
    suggest = memory.recall("Can you suggest something to do on my train commute?", user_id="u", settings=weighed)
    assert "forty minutes" in suggest.items[0].unit.restatement
    recalled = memory.recall("What did you suggest I could do on the train?", user_id="u", settings=weighed)
    assert recalled.items[0].unit.role == "assistant"


def test_the_assistant_weight_scales_only_what_the_assistant_said() -> None:
    from ripplemem.config import RecallSettings
    from ripplemem.read.assemble import Found, role_weights, score
    from ripplemem.types import MemoryUnit, Scope

    def found(uid: str, role: str) -> Found:
        unit = MemoryUnit(uid, Scope("u"), "text", (uid,), "s", role=role)
        return Found(unit, alignment=1.0)

    rs = RecallSettings(assistant_weight=0.5)
    pool = {"a": found("a", "assistant"), "u": found("u", "user"), "m": found("m", "")}
    score(pool, rs, role_weights(rs, asks_assistant("Any ideas for my commute?")))
    assert pool["a"].score == 0.5 * pool["u"].score and pool["m"].score == pool["u"].score
    score(pool, rs, role_weights(rs, asks_assistant("What did you suggest for my commute?")))
    assert pool["a"].score == pool["u"].score
