"""A question's relation resolved to the name it was given (``read.recall.relation_names``) on
each backend: "Shira's sister" is "Clodagh" where a memory says "Shira's sister Clodagh", and
a name every memory carries (a speaker) is no cue."""

from __future__ import annotations

from store_helpers import unit

from ripplemem.config import GraphSettings
from ripplemem.read.recall import relation_names
from ripplemem.store import Store
from ripplemem.store.base import WriteBatch
from ripplemem.types import Scope

CHAT = Scope("chat")


def test_a_relation_in_the_question_is_read_as_its_name(store: Store) -> None:
    store.apply(CHAT, WriteBatch(add=[
        unit(CHAT, "e1", "Shira asked: Guess who's giving a speech at Shira's sister Clodagh's book launch?", participants=frozenset({"Shira"})),
        unit(CHAT, "e2", "Shira said: Clodagh called, it's Rookery Manor.", participants=frozenset({"Shira", "Clodagh"})),
        unit(CHAT, "other", "Fatou's sister Imke's book launch was at the Old Tram Depot.", participants=frozenset({"Fatou", "Imke"})),
        unit(CHAT, "party", "At Shira's party Bram sang.", participants=frozenset({"Shira", "Bram"})),
        *(unit(CHAT, f"n{i}", f"Shira said: note {i}.", participants=frozenset({"Shira"})) for i in range(8)),
    ]))
    gs, total = GraphSettings(), store.count_units(CHAT)
    assert relation_names(store, CHAT, "Where will Shira's sister's book launch take place?", total, gs, 10) == {"Clodagh"}
    assert relation_names(store, CHAT, "What did Shira's party cost?", total, gs, 10) == frozenset()
    assert relation_names(store, CHAT, "Where did Shira go?", total, gs, 10) == frozenset()
    # the name a speaker carries in every memory discriminates nothing
    store.apply(CHAT, WriteBatch(add=[unit(CHAT, "self", "Fatou's friend Shira is loud.", participants=frozenset({"Shira"}))]))
    assert relation_names(store, CHAT, "Who is Fatou's friend?", store.count_units(CHAT), gs, 10) == frozenset()
