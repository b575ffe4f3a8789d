"""A consolidated (semantic) memory and its members in one evidence set, without repeats.

A consolidated memory packs its members' statements (``maintain.consolidate``), so the same
facts would be paid for twice when both are assembled. In rank order: a consolidated memory
is kept only when it holds a member not already kept above it, and cites a turn no memory
above it cites; once kept, its members ranked below it are left out (the budget goes to
other facts). The members map comes from the ``consolidates`` edges of the consolidated
memories found. A consolidated memory far below the best memory found is left out
(:func:`weak_lists`).

A consolidated memory is one subject's list on a topic: for a question that names people,
the list of someone it does not name weighs less (:func:`about_others`); "What books has Tim
read?" is not answered by John's books, though both lists say "books". For a question that
asks for several things, the lists it names (a person it names, a word of its topic: "How many
tournaments has Nate won?", "Nate's tournaments") rank first (:func:`asked_lists`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from ..ground.concepts import singular, words_said
from ..ground.lists import list_ids, list_members, list_topic, topic_nouns, with_kinds
from ..ground.text import CHAT_USER
from ..types import Edge
from .assemble import Found, ranked
from .cues import asked_things


def members_of(edges: Iterable[Edge]) -> dict[str, frozenset[str]]:
    """Consolidated memory -> its members, from the ``consolidates`` edges leaving it."""
    out: dict[str, set[str]] = {}
    for e in edges:
        if e.kind == "consolidates":
            out.setdefault(e.src, set()).add(e.dst)
    return {k: frozenset(v) for k, v in out.items()}


# a question in the first person, as a chat user asks about themselves ("How many games have I played?")
_FIRST_PERSON = re.compile(r"\bI\b|\b(?i:me|my|mine|myself)\b")


def list_owners(names: Iterable[str], question: str) -> frozenset[str]:
    """Whose lists a question asks for: the people it names, and the chat user
    (:data:`~ripplemem.ground.text.CHAT_USER`) when it speaks in the first person (a list of
    the user's is written only from a chat user's own memories)."""
    return frozenset(names) | ({CHAT_USER} if _FIRST_PERSON.search(question) else frozenset())


def asked_list_ids(owners: Iterable[str], question: str) -> list[str]:
    """The ids of the lists ``owners`` would have of what the question asks for
    (``ground.lists.list_ids``, :func:`cues.asked_things`). Looked up by id, a list is found
    even when the full-text view (a list is cold) ranked it below its limit. A question whose
    form names no such thing looks nothing up: any of its words would do ("How often do I
    play tennis at the park?" is not asking for the user's trips and places)."""
    things = asked_things(question)
    if not things:
        return []
    return list_ids(sorted(set(owners) - {CHAT_USER}), things) + (
        list_ids([CHAT_USER], with_kinds(things)) if CHAT_USER in owners else [])


def about_others(found: dict[str, Found], names: Iterable[str], weight: float) -> None:
    """Scale by ``weight`` the score of each consolidated memory whose subject is none of
    ``names`` (the people the question names; nothing changes when it names none)."""
    asked = {n.lower() for n in names}
    if not asked or weight >= 1.0:
        return
    for f in found.values():
        if f.unit.consolidated and not {p.lower() for p in f.unit.participants} & asked:
            f.score = round(f.score * weight, 6)


def asked_lists(found: dict[str, Found], names: Iterable[str], question: str, n: int) -> set[str]:
    """Put first, above the best memory found, at most ``n`` consolidated memories whose subject
    is one of ``names`` and whose concepts (the nouns of its topic) include what the question
    asks for (:func:`cues.asked_things`: "How many dogs has Maria adopted from the shelter she
    volunteers at?" asks for dogs, not for Maria's shelters or her fellow volunteers), or, when
    its form names no such thing ("What does Ann do to relax?"), any word it states (in the
    singular); the best scored of them first. A question that names what it asks for and has
    no list of it gets none: "What are the main ingredients of the recipe Ann shared?" is not
    answered by Ann's list of recipes put above the memory that names them (with
    maintenance, LoCoMo adversarial recall@400 0.876 -> 0.880, nothing else changed). When
    the very thing asked has its own list ("How many online courses have I completed?": the
    user's courses), a topic's list that also holds it (their career, work and studies) is
    not put first with it. For a chat user's lists a kind asked for stands for its members too
    ("What is the total number of siblings I have?": the family list that names a sister and a
    brother; between two people the kind alone: "What pets wouldn't cause Joanna discomfort?"
    put Nate's turtles first). Returns the ids put first."""
    asked = {x.lower() for x in names}
    if not asked or n <= 0:
        return set()
    words = {singular(w.strip("?!.,;:'\"()")) for w in question.split()}
    mine = [f for f in ranked(found) if f.unit.consolidated and {p.lower() for p in f.unit.participants} & asked]
    things = asked_things(question)
    kinds = with_kinds(things)  # a chat user's: "siblings" are a sister and a brother (``ground.lists.KINDS``)
    of = {f.unit.id: kinds if CHAT_USER in f.unit.participants else things for f in mine}
    named = ([f for f in mine if f.unit.concepts & of[f.unit.id] and _holds(f, of[f.unit.id])] if things
             else [f for f in mine if _names_list(f, words)])
    own = [f for f in named if f.unit.concepts <= of[f.unit.id]]  # the list of the very thing asked ("courses")
    named = (own or named)[:n]
    if not named:
        return set()
    top = ranked(found)[0].score
    for i, f in enumerate(named):
        f.score = round(top + 1e-3 * (n - i), 6)
    return {f.unit.id for f in named}


def _holds(f: Found, things: set[str] | frozenset[str]) -> bool:
    """Whether the list ``f`` answers a question for ``things``: two people's list when it
    states one (each is one person's story), a chat user's only when it is mostly of them
    (:func:`_mostly_of`; on LoCoMo, asking that of every list cost a list question)."""
    return CHAT_USER not in f.unit.participants or _mostly_of(f.unit.restatement, things)


def _mostly_of(restatement: str, things: set[str] | frozenset[str]) -> bool:
    """Whether at least half of a list's packed statements state one of ``things`` (a title
    says what a person is: "Dr. Lee" is a doctor). "How many different cuisines have I tried?"
    is not answered by the user's food list when one of its five statements names a cuisine
    and the others a dinner party and a restaurant (with maintenance, put first it cited three
    sessions of five that the question is not about); a list of the very thing asked, or of a
    topic it names ("hobbies"), always is."""
    if topic_nouns(list_topic(restatement)) & things:
        return True  # the list of the thing itself: "hobbies" and the user's activities and hobbies
    parts = [p for p in list_members(restatement) if p]
    if not parts:
        return False
    named = sum(1 for p in parts if words_said(p) & things)
    return 2 * named >= len(parts)


def _names_list(f: Found, words: set[str]) -> bool:
    """Whether a question's ``words`` name the list ``f``: any word it states, or, for a chat
    user's list, the nouns of its topic ("What are my hobbies?"). A chat user's topic gathers
    what the user said over unrelated requests, so one of its words is no question about it:
    "How often do I play table tennis with my friends?" is not answered by the user's
    activities of five sessions, four of them about other things (LongMemEval with
    maintenance: the list put first cited them above the two sessions asked about)."""
    if CHAT_USER not in f.unit.participants:
        return bool(f.unit.concepts & words)
    return bool(topic_nouns(list_topic(f.unit.restatement)) & words)


def unasked_user_lists(found: dict[str, Found], asked: set[str]) -> dict[str, Found]:
    """``found`` without the chat user's lists (:data:`~ripplemem.ground.text.CHAT_USER`) that
    the question does not ask for (not in ``asked``, :func:`asked_lists`). A chat user's list
    gathers what the user said over unrelated requests; found by a shared word, it cites
    sessions the question is not about, above the ones it is (LongMemEval with maintenance:
    session recall_all@5 0.930 -> 0.900 with them, 0.920 without; recall unchanged). Two
    people's lists in a conversation between them are not touched: there each list is one
    person's story (LoCoMo loses 0.007 at 400 tokens when their unasked lists weigh 0.85)."""
    return {uid: f for uid, f in found.items()
            if not (f.unit.consolidated and CHAT_USER in f.unit.participants and uid not in asked)}


def lists_for_one(found: dict[str, Found], weight: float) -> None:
    """For a question that asks for one thing ("What filling did Nate use in the cake?"), every
    consolidated memory weighs ``weight``: a list answers a question that asks for several
    things; for one, its member is the evidence, and the list a long pointer to it that takes
    the room of the memory below it. On LoCoMo with maintenance (docs/benchmarks.md) 0.8 kept
    list and count questions at 0.603 at 400 tokens, and adversarial questions at 400 tokens as
    without maintenance (they lost 0.008 at 1.0: two lists one place above the evidence)."""
    if weight >= 1.0:
        return
    for f in found.values():
        if f.unit.consolidated:
            f.score = round(f.score * weight, 6)


def weak_lists(found: dict[str, Found], floor: float) -> dict[str, Found]:
    """``found`` without the consolidated memories that score under ``floor`` times the best
    memory found: a list far down the ranking holds little the question asks about, and takes
    the room (and the place among the ``k``) of a specific memory. On LoCoMo, of the lists
    under 0.5 of the best score in the first 30 items, 1 in 440 cited a gold turn no memory above
    it cited; at 0.9 or more, 62 in 200."""
    top = max((f.score for f in found.values()), default=0.0)
    if floor <= 0 or top <= 0:
        return found
    return {uid: f for uid, f in found.items() if not f.unit.consolidated or f.score >= floor * top}


def without_repeats(found: dict[str, Found], members: Mapping[str, frozenset[str]]) -> dict[str, Found]:
    """``found`` without the memories whose facts a higher-ranked kept memory already states:
    a consolidated memory whose members, or whose source turns, are all kept above it, and
    the members of a kept consolidated memory ranked below it."""
    if not members:
        return found
    kept: set[str] = set()
    cited: set[str] = set()
    dropped: set[str] = set()
    for f in ranked(found):
        uid = f.unit.id
        if uid in dropped:
            continue
        if uid in members:
            if not members[uid] - kept or set(f.unit.sources) <= cited:
                dropped.add(uid)
                continue
            dropped.update(members[uid] - kept)
        kept.add(uid)
        cited.update(f.unit.sources)
    return {uid: f for uid, f in found.items() if uid not in dropped}
