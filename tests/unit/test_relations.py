"""A relation phrase that stands for a name (``ground.relations``): read by English form and
the parse, with invented sentences."""

from __future__ import annotations

import pytest

from ripplemem.ground.relations import asked_relations, names_for, relation_aliases, says_relation


@pytest.mark.parametrize(("text", "name", "aliases"), [
    ("Tess's great-aunt Marta is turning ninety.", "Marta", ["Tess's great-aunt"]),
    ("Rosa said Tess should go there for Tess's great-aunt Marta's retirement lunch.", "Marta", ["Tess's great-aunt"]),
    ("Nina's team captain Hugo has severe asthma.", "Hugo", ["Nina's team captain"]),
    ("Finn's sister's friend Arjun has a tip for the party.", "Arjun", ["Finn's sister's friend"]),
    ("The user's swim coach Odile moved to Lyon.", "Odile", ["The user's swim coach"]),
    ("Tess's old flatmate Marta is moving to Leeds.", "Marta", ["Tess's old flatmate"]),
    ("Ben bought a gift for Tess's neighbour Marta.", "Marta", ["Tess's neighbour"]),
    ("Ben met Tess's neighbour Marta yesterday.", "Marta", ["Tess's neighbour"]),
    # not a relation: a time or an event, then the name's own clause
    ("At Tess's birthday Marta sang a song.", "Marta", []),
    ("After Tess's wedding Marta left early.", "Marta", []),
    ("On Tess's birthday Marta's gift arrived.", "Marta", []),
    # a verb or a function word before the name
    ("June's piano teacher gave June a compass.", "June", []),
    ("Tess's plan was Marta's idea.", "Marta", []),
    ("Tess's car and Marta's bike are both red.", "Marta", []),
    # no owner: a bare relation names no one in particular
    ("The coach Odile moved to Lyon.", "Odile", []),
    ("Marta is Tess's great-aunt.", "Marta", []),
])
def test_relation_aliases(text: str, name: str, aliases: list[str]) -> None:
    assert relation_aliases([text], name) == aliases


def test_aliases_keep_their_first_order_and_come_once() -> None:
    texts = ["Ada's grandmother Ingrid loves roses.", "Ada's aunt Ingrid called.", "Ada's grandmother Ingrid is 90."]
    assert relation_aliases(texts, "Ingrid") == ["Ada's grandmother", "Ada's aunt"]


@pytest.mark.parametrize(("text", "says"), [
    ("Tess's great-aunt doesn't touch alcohol.", True),
    ("Tess's great-aunt's dog barks all night.", True),
    ("Tess's great-aunt Marta called.", False),  # named: the name's own memories hold it
    ("Tess's great-aunt, Marta, called.", False),
    ("Tess's aunt called.", False),
    ("Bo's great-aunt called.", False),
    ("Tess's great-auntie called.", False),
])
def test_says_relation(text: str, says: bool) -> None:
    assert says_relation(text, "Tess's great-aunt", "Marta") is says


def test_the_users_relation_is_read_in_any_case() -> None:
    assert says_relation("Later the user's swim coach was ill.", "The user's swim coach", "Odile")


@pytest.mark.parametrize(("question", "relations"), [
    ("Where will Shira's sister's book launch take place?", ["Shira's sister"]),
    ("Where is Ngozi's aunt's 40th birthday party being held?", ["Ngozi's aunt"]),
    ("Who is Tim's best friend?", ["Tim's best", "Tim's best friend"]),
    ("What does my swim coach drink?", ["the user's swim", "the user's swim coach", "the user's swim coach drink"]),
    ("Where did Ana go?", []),
])
def test_asked_relations(question: str, relations: list[str]) -> None:
    assert asked_relations(question) == relations


@pytest.mark.parametrize(("texts", "relation", "names"), [
    (["Shira asked: Guess who's giving a speech at Shira's sister Clodagh's book launch?"], "Shira's sister", ["Clodagh"]),
    (["Ngozi said: Ngozi's aunt Tove's 40th birthday party is in June."], "Ngozi's aunt", ["Tove"]),
    (["Caroline's mom, Linda, loves it."], "Caroline's mom", ["Linda"]),
    (["The user's swim coach Odile moved to Lyon."], "the user's swim coach", ["Odile"]),
    (["Shira's sister Clodagh called.", "Shira's sister Maeve is a nurse."], "Shira's sister", ["Clodagh", "Maeve"]),
    # the name's own clause after a time or an event, or a verb before it: no name for the relation
    (["At Shira's party Clodagh sang."], "Shira's party", []),
    (["On Tess's birthday Marta's gift arrived."], "Tess's birthday", []),
    (["Shira's sister told Clodagh the news."], "Shira's sister", []),
])
def test_names_for(texts: list[str], relation: str, names: list[str]) -> None:
    assert names_for(texts, relation) == names
