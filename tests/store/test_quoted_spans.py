"""A span the question quotes ranks its word-for-word carriers first in the lexical ranking
(``read.recall.quoted_first``), on each backend: a title made of common words ("'The Power'")
is found where the user said it, under many memories that only share its words."""

from __future__ import annotations

from store_helpers import unit

from ripplemem.read.recall import quoted_first
from ripplemem.store import Store
from ripplemem.store.base import WriteBatch
from ripplemem.types import Scope

CHAT = Scope("reader")
USER, ASSISTANT = {"role": "user"}, {"role": "assistant"}


def _store(store: Store) -> None:
    store.apply(CHAT, WriteBatch(add=[
        unit(CHAT, "power", "The user just finished listening to 'The Power' by Naomi Alderman.", **USER),
        unit(CHAT, "habit", "The user wonders whether The Power of Habit is worth reading.", **USER),
        unit(CHAT, "listed", "The assistant said: 2. **The Power** by Naomi Alderman, a novel.", **ASSISTANT),
        unit(CHAT, "bird", "The user finished reading 'The Nightingale' in three weeks.", **USER),
        *(unit(CHAT, f"p{i}", f"The power of habit {i}: power, power and more power.", **ASSISTANT) for i in range(6)),
        unit(CHAT, "weeks", "The user spent weeks reading and listening in total.", **USER),
    ]))


def test_a_quoted_title_ranks_where_it_is_said_first(store: Store) -> None:
    _store(store)
    plain = store.lexical_search(CHAT, "weeks reading The Nightingale listening The Power", 50)
    assert [uid for uid, _ in plain].index("power") > 1  # under the words it shares
    ranked = quoted_first(store, CHAT, plain, ["The Nightingale", "The Power"], 3, 50, {"user": 1.0, "assistant": 0.5})
    ids = [uid for uid, _ in ranked]
    # each span in turn: its best carrier, then its second; the user's before the assistant's
    # list, a title marked off before one with more words after it ("The Power of Habit")
    assert ids[:3] == ["bird", "power", "listed"]
    assert ids.index("habit") > ids.index("listed")
    assert ranked[0][1] == ranked[1][1] == plain[0][1]  # at the best score
    assert sorted(ids) == sorted(uid for uid, _ in plain)  # nothing lost, nothing added twice


def test_a_span_no_memory_says_changes_nothing(store: Store) -> None:
    _store(store)
    plain = store.lexical_search(CHAT, "weeks reading", 50)
    assert quoted_first(store, CHAT, plain, ["A Brief History of Time"], 3, 50, {}) == plain
