"""Whether a time phrase stands where a noun does. Pure, read from the parse.

A relative time is restated with the preposition its adverb stands for ("yesterday" -> "on
19 June 2023", "last week" -> "in the week of 12 June 2023"). Where the phrase is a clause's
subject or a verb's object, that preposition makes a wrong sentence ("Let's make on 20 June
2023 unforgettable"); there the date is written as a noun phrase ("Let's make 20 June 2023
unforgettable", "20 June 2023 marks ten years since ...").

The parser often labels a day word as an adverb (``npadvmod``) where it is a subject or an
object, so the words around the phrase decide as well:

- a subject: the parser says so, or the phrase's head is a finite verb after it with no
  subject of its own in between ("Today marks ten years", "She said tomorrow works"); not
  "Yesterday I went" (the verb has its subject), "Last week, there was ..." or "Tomorrow
  will you come?";
- an object: the parser says so, or the phrase follows a verb that takes a stretch of time
  as its object ("enjoy tonight", "spent last week in Rome", "make this weekend count",
  "take tomorrow off") and that verb has no other object: "What did you make today?" and
  "a trip we took last year" (the trip was taken) keep their preposition;
- a conjunct is what its first conjunct is ("Both today and tomorrow are busy").

A predicate stays as it is: "The opening is tomorrow" reads "is on 20 June 2023".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

__all__ = ["TIME_OBJECT_VERBS", "as_noun", "stands_as_noun"]

# verbs whose object can be a stretch of time, in every form (the extractor runs no lemmatizer)
TIME_OBJECT_VERBS = frozenset(
    """make makes made making spend spends spent spending enjoy enjoys enjoyed enjoying
    seize seizes seized seizing savor savors savored savoring savour savours savoured savouring
    cherish cherishes cherished cherishing waste wastes wasted wasting ruin ruins ruined ruining
    take takes took taken taking keep keeps kept keeping miss misses missed missing
    love loves loved loving hate hates hated hating relive relives relived reliving""".split()
)
_SUBJECTS = frozenset(("nsubj", "nsubjpass", "csubj", "expl"))
_OBJECTS = frozenset(("dobj", "dative", "ccomp", "xcomp"))
_FINITE = frozenset(("VBZ", "VBD", "VBP", "MD"))


def _root(phrase: Span) -> Token:
    """The phrase's head word: the one whose head is outside the phrase; a conjunct's first conjunct."""
    root = next((t for t in phrase if t.head.i < phrase.start or t.head.i >= phrase.end or t.head.i == t.i), phrase[-1])
    while root.dep_ == "conj" and root.head.i != root.i:
        root = root.head
    return root


def _finite(verb: Token) -> bool:
    return verb.tag_ in _FINITE or any(c.dep_ in ("aux", "auxpass") and c.tag_ in _FINITE for c in verb.children)


_PREDICATING = frozenset("be is are was were been 's 're look looks looked seem seems seemed feel feels felt".split())


def _elided(phrase: Span, verb: Token) -> bool:
    """Whether the verb after the phrase shares the subject of the clause before it, left out
    ("I cleaned the house and yesterday went to the gym", "it has grown, and today can be
    found online"); a day said to be something is a subject of its own ("Today was hard, but
    tomorrow will be better")."""
    doc = phrase.doc
    return (
        verb.dep_ == "conj"
        and phrase.start > 0
        and doc[phrase.start - 1].dep_ == "cc"
        and verb.lower_ not in _PREDICATING
        and any(c.dep_ in _SUBJECTS for c in verb.head.children)
    )


def _subject(phrase: Span, root: Token) -> bool:
    verb = root.head
    doc = phrase.doc
    if _elided(phrase, verb):
        return False
    if root.dep_ in ("nsubj", "nsubjpass"):
        return True
    if root.dep_ != "npadvmod" or verb.i < phrase.end or not verb.tag_.startswith("VB") or not _finite(verb):
        return False
    if any(c.dep_ in _SUBJECTS for c in verb.children):
        return False  # "Yesterday I went", "art today lacks depth", "Tomorrow will you come?"
    return all(_joins(t) for t in doc[phrase.end : verb.i])  # not "Last week, went ..."


def _joins(between: Token) -> bool:
    """Whether a word between a subject and its verb leaves the two joined: an auxiliary or
    an adverb ("Tomorrow will surely be fun"), or another day joined on ("today and tomorrow
    are busy"); not a comma or a clause ("..., today and I'm in the mood")."""
    if between.dep_ in ("aux", "auxpass", "neg", "advmod", "cc"):
        return True
    return between.dep_ in ("conj", "amod", "det") and between.tag_ in ("NN", "NNP", "JJ", "DT")


def _object(phrase: Span, root: Token) -> bool:
    if root.dep_ == "dobj" and root.head.tag_.startswith("VB"):
        return True
    doc = phrase.doc
    if phrase.start == 0:
        return False
    verb = doc[phrase.start - 1]
    if verb.lower_ not in TIME_OBJECT_VERBS or not verb.tag_.startswith("VB"):
        return False
    if verb.dep_ in ("relcl", "acl"):
        return False  # "a trip we took last year": the trip is what was taken
    if any(c.dep_ in _OBJECTS and not phrase.start <= c.i < phrase.end for c in verb.children if c.i < phrase.start):
        return False  # "What did you make today?": "what" is the object
    after = doc[phrase.end] if phrase.end < len(doc) else None
    return not (after is not None and after.dep_ in _SUBJECTS)  # "I hated last week we had exams": the next clause's time


def stands_as_noun(phrase: Span) -> bool:
    """Whether the time phrase ``phrase`` (its tokens in a parsed sentence) is a subject or an
    object, where its restatement must read as a noun phrase."""
    if not len(phrase):
        return False
    root = _root(phrase)
    return _subject(phrase, root) or _object(phrase, root)


_PREPOSITIONS = ("on ", "in ", "from ")


def as_noun(restated: str) -> str:
    """A restated time phrase without its leading preposition: "on 20 June 2023" -> "20 June
    2023", "in the week of 12 June 2023" -> "the week of 12 June 2023"; what has none
    ("a few weeks before 19 June 2023") is as it was."""
    low = restated.lower()
    for p in _PREPOSITIONS:
        if low.startswith(p) and len(restated) > len(p):
            return restated[len(p) :]
    return restated
