"""A person named once with a relation ("Tess's great-aunt Marta", "the user's swim coach
Odile") and elsewhere by the relation alone ("Tess's great-aunt doesn't touch alcohol"):
the relation phrase stands for the name. Pure functions over restatements (third person,
where "my" is already the speaker's name or "the user's").

The phrase is read by English form, with no list of relation words: an owner (a capitalised
name, or "the user" / "the assistant"), its possessive, one to three lowercase words (the
relation, possibly itself owned: "Finn's sister's friend"), then the name; and the parse
decides what the regular expression cannot: in "At Tess's birthday Marta sang" the last
word before the name is the object of a preposition and the name the subject of its own
verb, so "Tess's birthday" is not Marta. An apposition after a preposition ("a gift for
Tess's neighbour Marta") is.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .pipeline import parsed

_OWNER = r"(?:(?-i:[A-Z])[\w-]*|[Tt]he (?:user|assistant))"
_WORD = r"[a-z][a-z-]*"
_FUNCTION = frozenset(
    "a an the and or but of in on at to for with by from as about after before than then this that these those "
    "is are was were be been has have had do does did will would can could should may might must not".split()
)  # a function word before the name ends the noun phrase: "Tess's plan was Marta's" names no relation
MAX_WORDS = 3
_NOUN = frozenset({"NN", "NNS"})  # the relation's head, right before the name


def relation_aliases(texts: Iterable[str], name: str) -> list[str]:
    """The relation phrases that ``name`` stands beside in ``texts`` ("Tess's great-aunt"
    for "Tess's great-aunt Marta"), in order of first appearance."""
    pattern = re.compile(rf"\b({_OWNER}(?:'s {_WORD})*'s((?: {_WORD}){{1,{MAX_WORDS}}})),? {re.escape(name)}\b")
    out: list[str] = []
    for text in texts:
        matches = [m for m in pattern.finditer(text)
                   if m.group(1) not in out and not _FUNCTION & set(m.group(2).split())]
        if not matches:
            continue
        doc = parsed(text)
        for m in matches:
            at = doc.char_span(m.end() - len(name), m.end(), alignment_mode="expand")
            if at is None or at.start == 0:
                continue
            person, relation = doc[at.start], doc[at.start - 1]
            if relation.tag_ not in _NOUN:
                continue  # "June's piano teacher gave June ...": a verb before the name
            if relation.dep_ == "pobj" and person.head.i != relation.i:
                continue  # "At Tess's birthday Marta sang": a time or place, then the name's own clause
            if m.group(1) not in out:
                out.append(m.group(1))
    return out


def says_relation(text: str, alias: str, name: str) -> bool:
    """Whether ``text`` speaks of the person by ``alias`` ("Tess's great-aunt doesn't drink",
    "Tess's great-aunt's dog"), not with the name beside it ("Tess's great-aunt Marta")."""
    owner, _, relation = alias.rpartition("'s ")
    pattern = rf"(?<![\w-]){re.escape(owner)}'s {re.escape(relation)}(?![\w-])(?!,? {re.escape(name)}\b)"
    return re.search(pattern, text, flags=re.IGNORECASE if owner.lower().startswith("the ") else 0) is not None
