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
from typing import TYPE_CHECKING

from .pipeline import parsed

if TYPE_CHECKING:
    from spacy.tokens import Token

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


# a relation in a question: an owner's possessive, then one to three lowercase words up to the
# next possessive or function word ("Shira's sister's book launch" -> "Shira's sister")
_ASKED_RELATION = re.compile(rf"\b({_OWNER})'s ((?:{_WORD} ){{0,{MAX_WORDS - 1}}}{_WORD})(?='s\b|\s|[?.!,]|$)")
_NAME = r"((?-i:[A-Z])[\w-]+(?: (?-i:[A-Z])[\w-]+)?)"


_MY = re.compile(r"\bmy ", re.IGNORECASE)


def asked_relations(question: str) -> list[str]:
    """The relation phrases a question names someone by ("Where is Ngozi's aunt's party?" ->
    ["Ngozi's aunt"]; a chat user's "my aunt" is "the user's aunt"), shortest first, each
    ending at a function word or a possessive ("Tim's best", "Tim's best friend")."""
    out: list[str] = []
    question = _MY.sub("the user's ", question.replace("\u2019", "'"))  # a chat user asks of "my sister"
    for m in _ASKED_RELATION.finditer(question):
        words = m.group(2).split()
        cut = next((i for i, w in enumerate(words) if w in _FUNCTION), len(words))
        for n in range(1, cut + 1):
            phrase = f"{m.group(1)}'s {' '.join(words[:n])}"
            if phrase not in out:
                out.append(phrase)
    return out


def names_for(texts: Iterable[str], relation: str) -> list[str]:
    """The names ``relation`` was given in ``texts`` ("Clodagh" for "Shira's sister" from
    "... at Shira's sister Clodagh's book launch"), in order of first appearance; the parse
    checks, as :func:`relation_aliases` does, that the relation's noun stands right before
    the name (not "At Shira's party Clodagh sang")."""
    owner = relation.partition("'s ")[0]
    pattern = re.compile(rf"(?<![\w-]){re.escape(relation)},? {_NAME}", re.IGNORECASE if owner.lower().startswith("the ") else 0)
    out: list[str] = []
    for text in texts:
        doc = None
        for m in pattern.finditer(text):
            name = m.group(1).removesuffix("'s")
            if name in out or name == owner or name.lower() in _FUNCTION:
                continue
            doc = doc or parsed(text)
            at = doc.char_span(m.start(1), m.start(1) + len(name), alignment_mode="expand")
            if at is None or at.start == 0:
                continue
            before = at.start - 2 if doc[at.start - 1].text == "," else at.start - 1  # "Caroline's mom, Linda, ..."
            if before < 0 or doc[before].tag_ not in _NOUN:
                continue
            if doc[before].dep_ == "pobj" and not _attached(doc[at.start], doc[before]):
                continue  # "On Tess's birthday Marta's gift came": the name's own clause
            owner_at = doc.char_span(m.start(), m.start() + len(owner), alignment_mode="expand")
            opened = owner_at is not None and owner_at.start > 0 and doc[owner_at.start - 1].tag_ == "IN"
            if opened and doc[at.start].dep_ in ("nsubj", "nsubjpass"):
                continue  # "At Shira's party Clodagh sang": a time or place, then the name's own clause
            out.append(name)
    return out


def _attached(name: Token, relation: Token) -> bool:
    """Whether the parse joins ``name`` to the ``relation`` noun before it: the one heads the
    other ("Ngozi's aunt Tove"), or the name owns what stands in apposition to the relation
    ("at Shira's sister Clodagh's book launch")."""
    return (name.head.i == relation.i or relation.head.i == name.i
            or name.head.dep_ == "appos" and name.head.head.i == relation.i)
