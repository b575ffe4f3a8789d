"""Embed what is worth embedding (``write.dense``): a long assistant answer's first memories
are embedded, the rest stored without a vector, still found by their words and tied to their
answer; what the user says and a conversation without chat roles are embedded whole."""

from __future__ import annotations

from collections.abc import Callable

from ripplemem import Memory
from ripplemem.types import Scope

MemoryFactory = Callable[..., Memory]

ANSWER = (
    "On the train you could learn a language with a course app, ten minutes a lesson, and review the words you "
    "learnt on the way back, which keeps them fresh for the next morning. "
    "Sketching the other passengers in a small notebook works on a train too, and a pencil is all it needs; "
    "quick gesture drawings of hands and coats are a good start for a beginner. "
    "Reading a paperback novel is a classic, and a library card makes it free, so a new book every week costs "
    "nothing at all and the branch near the station opens early. "
    "A crossword book keeps the mind busy, and a puzzle a day is a habit that sticks; the cryptic ones in the "
    "weekend papers are harder and teach you the setters' tricks. "
    "Knitting a scarf is another idea: circular needles keep the stitches from sliding off when the carriage "
    "sways, and a plain garter stitch needs no pattern. "
    "Finally, writing a short journal entry about the day helps you unwind before you get home, and rereading "
    "an old entry now and then shows how far you have come."
)
CHAT = [
    {"role": "user", "content": "I commute by train for forty minutes each way and I get bored."},
    {"role": "assistant", "content": ANSWER},
    {"role": "user", "content": "I think I will try the knitting first, my aunt can teach me."},
]




def test_a_long_answers_first_memories_are_embedded_and_the_rest_found_by_their_words(open_memory: MemoryFactory) -> None:
    memory = open_memory()
    memory.add(CHAT, user_id="u", session_id="s1", session_time="2024-03-01T08:00:00")
    answer = [u for u in memory.store.get_units(Scope("u"), [u.id for u in memory.list(user_id="u", limit=1000)])
              if u.role == "assistant"]
    dense = memory.settings.write.answer_dense_units
    assert dense >= 1 and len(answer) > dense  # the answer's opening is stated with the question (an exchange, embedded)
    embedded = [u for u in answer if u.vector is not None]
    assert len(embedded) == dense
    user = [u for u in memory.store.get_units(Scope("u"), [u.id for u in memory.list(user_id="u", limit=1000)])
            if u.role == "user"]
    assert user and all(u.vector is not None for u in user)
    everything = memory.list(user_id="u", limit=1000)
    assert memory.store.hot_count(Scope("u")) == len(everything) - (len(answer) - dense)
    tail = next(u for u in answer if "journal entry" in u.restatement)
    assert tail.vector is None
    recalled = memory.recall("What did you say about rereading an old journal entry?", user_id="u")
    assert tail.id in [item.id for item in recalled.items[:3]]
    # the unembedded memories are tied to the rest of their answer (window edges)
    edges = memory.store.edges(Scope("u"), [tail.id])
    assert any(e.kind == "window" and e.dst in {u.id for u in embedded} for e in edges)


def test_with_answer_dense_units_zero_everything_is_embedded(open_memory: MemoryFactory) -> None:
    memory = open_memory("all.db", write={"answer_dense_units": 0})
    memory.add(CHAT, user_id="u", session_id="s1", session_time="2024-03-01T08:00:00")
    units = memory.store.get_units(Scope("u"), [u.id for u in memory.list(user_id="u", limit=1000)])
    assert len(units) > 4 and all(u.vector is not None for u in units)
    assert memory.store.hot_count(Scope("u")) == len(units)


def test_a_conversation_without_chat_roles_is_embedded_whole(open_memory: MemoryFactory) -> None:
    memory = open_memory()
    turns = [{"speaker": "Ann", "text": CHAT[0]["content"], "id": "t1"},
             {"speaker": "Ben", "text": ANSWER, "id": "t2"}]
    memory.add(turns, user_id="u", session_id="s1", session_time="2024-03-01T08:00:00")
    units = memory.store.get_units(Scope("u"), [u.id for u in memory.list(user_id="u", limit=1000)])
    assert len([u for u in units if "t2" in u.sources]) > 2
    assert all(u.vector is not None for u in units)
