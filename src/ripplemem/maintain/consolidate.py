"""Consolidation, as pure functions: related episodic memories gathered into one semantic memory.

"Related" is the same subject and the same topic: a memory is about its subject (the first
of its participants the restatement names) and about each topic one of its concepts belongs
to, or one of the words it states (:data:`TOPICS`: a person's activities and hobbies, books and reading, family, pets ...).
A subject's topic held by at least ``min_members`` memories becomes one semantic memory.

Offline, the semantic memory is a faithful packing of its members' statements, not a
summary: a header naming the subject and the topic, then, oldest first, each member's own
sentences that name the topic (the most important member of each session, at most
``max_members``; the speaker's "X said:" dropped, questions skipped, cut at a
word past ``STATEMENT_CHARS``) with the member's date, until ``max_chars``. It cites every
packed member's sources, and links to each of them with a ``consolidates`` edge; the members
stay stored and searchable. Its id is a hash of the scope's subject and topic, so a later run
refreshes the same memory when a new member arrives.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..types import MemoryUnit

# topic -> the concepts (``ground.concepts``, singular nouns and two-word phrases' heads) that
# put a memory in it
TOPICS: dict[str, frozenset[str]] = {
    "activities and hobbies": frozenset(
        "pottery painting paint camping camp hike hiking running run marathon swimming swim yoga dance dancing "
        "guitar piano violin singing drawing photography gardening garden cooking baking knitting surfing ski "
        "skiing climbing fishing cycling biking bike hobby sport game volunteering volunteer class workshop "
        "art music instrument tennis soccer football basketball chess meditation club race".split()
    ),
    "books and reading": frozenset("book novel reading author library poem poetry series reader".split()),
    "family": frozenset(
        "kid child son daughter husband wife family fam mom dad mother father grandma grandpa brother sister "
        "parent baby partner".split()
    ),
    "pets and animals": frozenset("dog cat pet puppy kitten horse bird turtle fish animal".split()),
    "career, work and studies": frozenset(
        "career job work counseling school study degree business company project internship office boss "
        "colleague course education".split()
    ),
    "trips and places": frozenset("trip travel vacation beach mountain museum city visit tour park country".split()),
    "events": frozenset("parade conference festival concert event party wedding birthday ceremony meeting".split()),
    "food and cooking": frozenset("food recipe restaurant dish cake dinner meal bread cookie pie".split()),
}
STATEMENT_CHARS = 100  # a packed statement is cut at the first word past this length
_LEAD = re.compile(r"^[A-Z][\w'.-]*(?: [A-Z][\w'.-]*)? (?:said|asked|answered|replied): ")
_SENTENCE = re.compile(r"(?<=[.!?])\s+")


@dataclass(frozen=True, slots=True)
class Group:
    """One subject's memories about one topic, oldest first."""

    subject: str
    topic: str
    members: tuple[MemoryUnit, ...]


def subject_of(unit: MemoryUnit) -> str | None:
    """The participant the memory is about: the first one its restatement names."""
    named = [(unit.restatement.find(p), p) for p in unit.participants if p in unit.restatement]
    return min(named)[1] if named else None


def _words(text: str) -> set[str]:
    """Lower-cased words of the sentences that are not questions, a plural's ``s`` dropped."""
    said = " ".join(x for x in _SENTENCE.split(text) if not x.rstrip().endswith("?"))
    return {w.strip(".,!;:'\"()").lower().removesuffix("s") for w in said.split()}


def topics_of(unit: MemoryUnit) -> list[str]:
    """The topics its concepts or its stated words belong to."""
    words = {w for c in unit.concepts for w in c.split()} | _words(unit.restatement)
    return [topic for topic, terms in TOPICS.items() if words & terms]


def gatherable(unit: MemoryUnit) -> bool:
    """Episodic or core, current, not itself consolidated."""
    return unit.layer in ("episodic", "core") and unit.current


def groups(units: Iterable[MemoryUnit], min_members: int) -> list[Group]:
    """The (subject, topic) groups with at least ``min_members`` memories, largest first."""
    found: dict[tuple[str, str], list[MemoryUnit]] = {}
    for unit in units:
        if not gatherable(unit):
            continue
        subject = subject_of(unit)
        if subject is None:
            continue
        for topic in topics_of(unit):
            found.setdefault((subject, topic), []).append(unit)
    out = [Group(s, t, tuple(sorted(m, key=_when))) for (s, t), m in found.items() if len(m) >= min_members]
    return sorted(out, key=lambda g: (-len(g.members), g.subject, g.topic))


def _when(unit: MemoryUnit) -> tuple[str, str]:
    when = unit.time.start if unit.time is not None else unit.mentioned_at
    return (when.isoformat() if when is not None else "", unit.id)


def spread(members: Iterable[MemoryUnit], limit: int) -> list[MemoryUnit]:
    """At most ``limit`` members, oldest first, spread over the conversation: the most important
    of each session, then the most important of those sessions (a topic's facts are spread
    over months; the newest few would all tell one day's story)."""
    best: dict[str, MemoryUnit] = {}
    for unit in members:
        held = best.get(unit.session_id)
        if held is None or (unit.importance, unit.id) > (held.importance, held.id):
            best[unit.session_id] = unit
    chosen = sorted(best.values(), key=lambda u: (-u.importance, u.id))[:limit]
    return sorted(chosen, key=_when)


def consolidated_id(subject: str, topic: str) -> str:
    return "sem-" + hashlib.sha256(f"{subject.lower()}|{topic}".encode()).hexdigest()[:24]


def header(subject: str, topic: str) -> str:
    return f"{subject}'s {topic}: "


def statement(unit: MemoryUnit, topic: str) -> str:
    """The member's own sentences that name the topic (all of them when none does), without
    the speaker's lead-in and questions, cut at a word past :data:`STATEMENT_CHARS`."""
    terms = TOPICS[topic]
    sentences = [_LEAD.sub("", s).strip() for s in _SENTENCE.split(unit.restatement)]
    sentences = [s for s in sentences if s and not s.endswith("?")]
    named = [s for s in sentences if terms & _words(s)]
    text = " ".join(named or sentences).strip()
    if len(text) > STATEMENT_CHARS:
        cut = text.find(" ", STATEMENT_CHARS)
        text = text if cut < 0 else text[:cut].rstrip(",;:-") + " ..."
    return text


def pack(subject: str, topic: str, members: Sequence[MemoryUnit], max_chars: int) -> tuple[str, list[MemoryUnit]]:
    """The packed restatement and the members it holds (oldest first, until ``max_chars``)."""
    parts: list[str] = []
    kept: list[MemoryUnit] = []
    length = len(header(subject, topic))
    for unit in members:
        said = statement(unit, topic)
        if not said:
            continue
        part = f"{said} ({unit.date_label()})"
        if kept and length + len(part) + 2 > max_chars:
            break
        parts.append(part)
        kept.append(unit)
        length += len(part) + 2
    return header(subject, topic) + "; ".join(parts), kept
