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


def test_a_deep_view_keeps_the_users_memories_past_the_assistants() -> None:
    from ripplemem.read.recall import own_views
    from ripplemem.types import Hit, MemoryUnit, Scope

    roles = {"a1": "assistant", "a2": "assistant", "u1": "user", "a3": "assistant", "u2": "user", "u3": "user"}
    units = {uid: MemoryUnit(uid, Scope("u"), "text", (uid,), "s", role=r) for uid, r in roles.items()}
    dense = [Hit(uid, "dense", 1.0 - rank / 10, rank) for rank, uid in enumerate(roles)]
    kept = own_views({"dense": dense}, units, {"assistant": 0.5}, 2)["dense"]
    assert [h.unit_id for h in kept] == ["a1", "a2", "u1", "u2"]  # the first two, then on to two of the user's
    assert [h.unit_id for h in own_views({"dense": dense}, units, {}, 2)["dense"]] == ["a1", "a2"]


LONG_ANSWER = " ".join(
    f"Idea {n}: on a train you could {what}, and it fits a commute on a train well."
    for n, what in enumerate([
        "learn a language with an app", "sketch in a notebook", "read a paperback", "solve a crossword",
        "write a journal", "listen to an audiobook", "plan the week", "knit a scarf",
    ], 1)
)


def test_the_users_statement_enters_the_candidates_below_many_assistant_pieces(memory: Memory) -> None:
    memory.add([
        {"role": "user", "content": "I get motion sick when I read on the train, so books are out for me."},
        {"role": "assistant", "content": "Sorry to hear that."},
        {"role": "user", "content": "Any ideas for things to do on a train?"},
        {"role": "assistant", "content": LONG_ANSWER},
    ], user_id="u", session_id="s1")
    narrow = preset("default").replace(view_k=2, diffusion=False, context_spread=0.0)
    question = "What should I do on the train during my commute?"
    flat = memory.recall(question, user_id="u", settings=narrow.replace(assistant_weight=1.0))
    weighed = memory.recall(question, user_id="u", settings=narrow)
    assert not any("motion sick" in i.unit.restatement for i in flat.items)
    assert any("motion sick" in i.unit.restatement and i.unit.role == "user" for i in weighed.items)


GAMES_ANSWER = (
    "Here are some story driven games with a cinematic feel that reviewers and players keep coming back to: "
    "The Last of Us tells its story through cutscenes woven into play, the characters grow over many hours, and "
    "the quiet moments between fights matter as much as the fights; God of War follows a father and his son across "
    "a cold northern land, in one unbroken camera shot for the whole journey, and its puzzles teach you the myths; "
    "Red Dead Redemption 2 builds a slow western about loyalty and the end of an era in a huge open world.\n\n"
    "Uncharted 4 follows a retired treasure hunter pulled back for one last job with his brother, and its climbing, "
    "chases and banter feel like a film you steer yourself, with set pieces that collapse around you as you run."
)


def test_the_assistants_answer_next_to_the_users_question_keeps_its_weight(memory: Memory) -> None:
    """The user's question is a top memory and the assistant's answer its window neighbour, held
    by a context floor; the floor is weighed by the answer's role like its own score, so the
    answer's pieces do not rank at 0.8 of the question over the user's other statements."""
    memory.add([
        {"role": "user", "content": "I finished Hollow Knight last night, it took me 40 hours to beat the game."},
        {"role": "assistant", "content": "Well done!"},
        {"role": "user", "content": "Which story games with great cinematic moments would you suggest I play next?"},
        {"role": "assistant", "content": GAMES_ANSWER},
    ], user_id="u", session_id="s1", session_time="2024-03-01T10:00:00Z")
    question = "How many hours have I spent playing games?"

    def floors(weight: float) -> tuple[float, float]:
        ev = memory.recall(question, user_id="u", settings=preset("default").replace(assistant_weight=weight))
        asked = next(i for i in ev.items if i.text.startswith("The user asked: Which story games"))
        held = [ev.trace.score_parts[i.id]["floor"] for i in ev.items if i.unit.role == "assistant" and "Uncharted" in i.text]
        return asked.score, max(held)

    top, floor = floors(0.5)
    assert 0.0 < floor <= 0.5 * 0.8 * top + 1e-6  # assistant_weight * context_spread * the question's score
    assert floors(1.0)[1] > floor
