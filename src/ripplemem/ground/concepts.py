"""Concepts: the specific things a memory is about, read from its parse. Pure.

A concept is what two memories can share when they share no person and no place: a thing
("seafood", "incense", "the old violin"), a relation term ("my boss", "my swim coach"), or a
proper name the entity recogniser did not label a person or a place ("Mercado 21", "the Red
Kite", "Tamarind"). They come from the fine-grained tags and dependencies that person
rewriting already needs (:data:`ripplemem.ground.person.PIPES`), so reading them costs no
second parse:

- a run of proper nouns (``NNP``/``NNPS``), with a number that follows it ("Mercado 21"),
  is one concept, kept as written;
- every common noun (``NN``/``NNS``) is a concept in its singular ("allergies" -> "allergy"),
  and a noun with compound modifiers is also the phrase ("climbing shoes" -> "climbing shoe");
- a hyphenated adjective the tokenizer keeps whole is a concept;
- a title that opens a name (:data:`TITLES`: "Dr. Lee") adds its noun ("doctor").

Left out: stop words, the words too general to link anything (:data:`ground.text.GENERIC`),
abstract nouns (:data:`ABSTRACT`: "emotion", "experience", and the suffixes "-ity", "-ness",
"-ism", "-hood"),
words of fewer than three letters, and names the caller excludes (the speakers, who are in
every memory). Whether a concept is too common *in a scope* to link anything is the store's
count, decided where it is read (like names, ``ground.salience``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from .text import GENERIC, STOPWORDS, keywords

if TYPE_CHECKING:
    from spacy.tokens import Token

__all__ = ["ABSTRACT", "GENERAL", "MEASURES", "TITLES", "concept_key", "concepts", "concepts_of", "singular", "words_said"]


# Abstract nouns name no thing two memories could share: by their English suffixes
# ("diversity", "happiness", "activism", "childhood") and the commonest of the rest.
_ABSTRACT_SUFFIXES = ("ity", "ness", "ism", "hood")
ABSTRACT = frozenset(
    """emotion experience dream feeling idea moment memory support love hope journey passion inspiration
    motivation joy fun peace strength courage confidence care advice help opinion reason thought mind heart
    soul spirit energy effort progress success change chance choice decision goal purpose meaning sense point
    question answer problem issue situation matter deal fact truth future past detail topic value belief
    attitude mood vibe reminder recommendation suggestion tip pick option plan news update bit piece end
    start beginning rest kind sort type lot couple number amount side top while""".split()
)
# Nouns said in the plural of what people do, say, feel or weigh, not of things they have or
# do several of: a list of a person's "actions", "smiles" or "resources" is no list anyone asks
# for. Read by consolidation's thing lists (``maintain.consolidate``), not by the concepts: as a
# shared word such a noun may still link two memories.
GENERAL = frozenset(
    """action effect impact result outcome benefit advantage improvement solution approach method technique
    strategy process step stage phase level aspect factor feature element component detail difference
    similarity challenge struggle obstacle opportunity risk resource option alternative possibility
    skill ability talent knowledge word phrase message comment feedback conversation discussion chat
    term condition requirement rule task duty responsibility role area field range variety category
    connection relationship bond contact face smile tear laugh hug eye hand voice break session period
    round turn item product service content form format version instance example case habit routine
    interest preference priority need wish expectation concern worry fear emotion mood
    price cost rate fee budget saving guy folk""".split()
)
# Units of measure: "3 hours", "20 dollars", "5 miles", "200 pages" count an amount, not things one has several of.
MEASURES = frozenset(
    """second minute hour day week month year decade century dollar cent euro percent mile kilometer km meter
    metre foot feet inch kilogram kilo gram pound lb ounce liter litre gallon calorie page lap rep""".split()
)
# A title before a name says what the named person is: "Dr. Lee" is a doctor.
TITLES = {"dr": "doctor", "prof": "professor", "professor": "professor", "coach": "coach",
          "nurse": "nurse", "judge": "judge", "captain": "captain", "officer": "officer"}
_PROPER = ("NNP", "NNPS")
_NOUN = ("NN", "NNS")
_WORDLIKE = re.compile(r"^[A-Za-z][A-Za-z'-]*[A-Za-z]$")
_ES = ("ches", "shes", "sses", "xes", "zes")
_KEEP_S = ("ss", "us", "is", "ics", "news")
_PLURAL_ONLY = frozenset("clothes jeans trousers pants shorts scissors glasses headphones series species".split())


def singular(word: str) -> str:
    """A plural common noun in its singular, by English spelling ("berries" -> "berry",
    "dishes" -> "dish", "loaves" -> "loaf", "shoes" -> "shoe"); other words as they are (lowercased)."""
    w = word.lower()
    if w in _PLURAL_ONLY:
        return w
    if len(w) > 4 and w.endswith("ies"):
        return w[:-3] + "y"
    if w.endswith(("lves", "eaves", "oaves")):  # shelves, leaves, loaves
        return w[:-3] + "f"
    if w.endswith(_ES):
        return w[:-2]
    if len(w) > 3 and w.endswith("s") and not w.endswith(_KEEP_S):
        return w[:-1]
    return w


def concept_key(text: str) -> str:
    """The key a concept is indexed and matched by: lowercase, single spaces, no leading article."""
    words = text.lower().replace("’", "'").split()
    if words and words[0] in ("the", "a", "an"):
        words = words[1:]
    return " ".join(words)


def _ok(word: str, skip: set[str]) -> bool:
    low = word.lower()
    return (
        len(low) > 2 and bool(_WORDLIKE.match(word)) and low not in STOPWORDS and low not in GENERIC
        and low not in skip
    )


def concepts(tokens: Sequence[Token], exclude: Iterable[str] = ()) -> tuple[str, ...]:
    """The concepts of ``tokens`` (a parsed sentence or span), in order, unique by key;
    proper-name concepts as written, the rest lowercased and singular. ``exclude``: names
    (and their words) that are never a concept here."""
    skip = {w.lower() for name in exclude for w in name.replace("'s", "").split()}
    out: dict[str, str] = {}
    run: list[Token] = []

    def close_run() -> None:
        words = [t.text for t in run]
        title = TITLES.get(words[0].rstrip(".").lower()) if len(words) > 1 else None
        if title is not None:  # "Dr. Patel" is a doctor too
            out.setdefault(title, title)
        if words and not all(w.lower() in skip for w in words if w[:1].isalpha()):
            if any(_ok(w, skip) for w in words) and not (len(words) == 1 and words[0].lower() in GENERIC):
                phrase = " ".join(words)
                out.setdefault(concept_key(phrase), phrase)
        run.clear()

    for tok in tokens:
        tag = tok.tag_
        if tag in _PROPER and tok.text[:1].isupper():
            run.append(tok)
            continue
        if run and tag == "CD" and tok.text.isdigit():
            run.append(tok)
            close_run()
            continue
        if run:  # nothing to close otherwise (most words)
            close_run()
        if tag in _NOUN and _ok(tok.text, skip):
            base = singular(tok.text) if tag == "NNS" else tok.text.lower()
            if base in GENERIC or base in STOPWORDS or base in ABSTRACT or base.endswith(_ABSTRACT_SUFFIXES):
                continue
            mods = [t for t in _compounds(tok, tokens) if _ok(t.text, skip)]
            if mods:
                phrase = " ".join([*(m.text.lower() for m in mods), base])
                out.setdefault(phrase, phrase)
            out.setdefault(base, base)
        elif tag == "JJ" and "-" in tok.text and _ok(tok.text, skip):
            out.setdefault(tok.text.lower(), tok.text.lower())
    close_run()
    return tuple(out.values())


def concepts_of(texts: Sequence[str], exclude: Sequence[Iterable[str]] = ()) -> list[tuple[str, ...]]:
    """The concepts of each of ``texts`` (parsed here, in one batch; ``exclude[i]``: the
    names never a concept of ``texts[i]``). For memories stored without their concepts."""
    from .pipeline import EXTRACTOR_UNUSED, MODEL, load

    nlp = load(MODEL, EXTRACTOR_UNUSED)  # the extractor's pipeline, loaded once
    skips = list(exclude) + [()] * (len(texts) - len(exclude))
    return [concepts(list(doc), skip) for doc, skip in zip(nlp.pipe(texts), skips, strict=True)]


def _compounds(tok: Token, tokens: Sequence[Token]) -> list[Token]:
    """The compound modifiers directly before ``tok`` ("climbing" of "climbing shoes")."""
    first = tokens[0].i if tokens else 0
    mods: list[Token] = []
    j = tok.i - first - 1
    while j >= 0:
        prev = tokens[j]
        if prev.dep_ != "compound" or prev.head.i != tok.i or prev.tag_ in _PROPER:
            break
        mods.insert(0, prev)
        j -= 1
    return mods


def shares_content_word(text: str, others: Iterable[str]) -> bool:
    """Whether ``text`` shares a content word (singular or plural alike) with any of ``others``:
    a unit about the turns it cites, a description about the evidence it was written from."""
    said = {singular(w) for other in others for w in keywords(other)}
    return any(singular(w) in said for w in keywords(text))


def words_said(text: str) -> set[str]:
    """The words of ``text``, each in its singular (lower-cased), and what a title among them
    says ("Dr." -> "doctor", :data:`TITLES`): how a list's statement is matched to a topic or
    to what a question asks for, on both sides."""
    words = {singular(w.strip(".,!;:'\"()-")) for w in text.split()} - {""}
    return words | {TITLES[w] for w in words if w in TITLES}
