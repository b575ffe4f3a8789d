"""Consolidation, as pure functions: related episodic memories gathered into one semantic memory.

"Related" is the same subject and the same topic, read sentence by sentence: a sentence is
about the participant it names first (else the one the sentence before was about, or the
speaker of its "X said:"), so a memory that holds one speaker's question and the other's
answer counts for the one who answers. In a chat, a user's own memory is about the user
("The user's games: ..."); the assistant's words are about no one. A sentence is about a topic when it states one of the
topic's words (``ground.lists.TOPICS``: a person's activities and hobbies, books and reading,
family, pets ...; a chat user's also health and medical care, devices, films and shows,
purchases: ``USER_TOPICS``), and about a **thing** when it states the head noun of one of the memory's concepts
("tournament", "turtle", "screenplay"), not one another person is named as owning ("Joanna
loves Nate's turtles" is not about Joanna's turtles): a subject's thing spoken of in at least
``min_sessions`` sessions, and once at least as a plural noun (a thing one has several of, not
"excitement" or "life"), is a topic of its own (a list question asks for exactly that:
"How many tournaments has Nate won?"). Of two thing groups with nearly the same members
(``video`` and ``game``), the larger is kept. A subject's topic held by at least
``min_members`` memories becomes one semantic memory.

Offline, the semantic memory is a faithful packing of its members' statements, not a
summary: a header naming the subject and the topic, then, oldest first, each member's own
sentence about the subject that names the topic (the most important member of each session,
at most ``max_members``; the speaker's "X said:" dropped, questions skipped, a long sentence
cut to about ``statement_chars`` around the topic's word) with the member's date, until
``max_chars``. It cites every packed member's sources, and links to each of them with a
``consolidates`` edge; the members stay stored and searchable. Its id is a hash of the
scope's subject and topic, so a later run refreshes the same memory when a new member arrives.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import TYPE_CHECKING

from ..ground.concepts import GENERAL, MEASURES, TITLES, singular, words_said
from ..ground.lists import MEMBER_SEP, list_header, plural, topic_nouns, topics_for
from ..ground.pipeline import tagged, tagged_many
from ..ground.sentences import sentences
from ..ground.text import CHAT_ASSISTANT, CHAT_USER
from ..types import MemoryUnit

if TYPE_CHECKING:
    from spacy.tokens import Doc

PLURAL_CHECKS = 4  # sentences the tagger reads, at most, to find a thing said as a plural noun
THING_OVERLAP = 0.75  # a thing group with this share of its members in a larger one of the subject is left out
# a date as restatements write it ("on Friday, 21 January 2022", "in the week of 4 April", "May
# 2023", "2018"): every dated memory has one, so it does not make a statement specific
_DATE = re.compile(
    r"\b(?:(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday),? )?(?:\d{1,2} )?"
    r"(?:January|February|March|April|May|June|July|August|September|October|November|December)\b(?: \d{4})?"
    r"|\b(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b|\b(?:1[89]|20)\d\d\b"
)
_TITLE_GLUE = frozenset("of the and a an in on at for to".split())  # small words inside a title ("The Name of the Wind")
TITLE_WORDS = 8  # a cut statement runs on through at most this many words of a title it has begun
_CHAT_LEADS = (CHAT_USER.capitalize(), CHAT_ASSISTANT.capitalize())  # a chat role's words said whole: a pasted text, an answer
_USER = re.compile(rf"\b[Tt]{re.escape(CHAT_USER[1:])}\b")  # "the user", "The user"
_ASSISTANT = re.compile(rf"\b[Tt]{re.escape(CHAT_ASSISTANT[1:])}\b")
_NOUN_TAGS = frozenset({"NN", "NNS", "VBG"})  # and a gerund: "went hiking", "loves painting"
_BEFORE_NOUN = frozenset({"JJ", "JJR", "JJS", "VBN", "HYPH", "CD", ",", "CC"})  # "these delicious", "those online"
_POINTING = frozenset({"these", "those"})  # "these resources": what the other party named, pointed at
NOUN_CACHE = 50_000  # sentences whose nouns are kept (maintenance reads one sentence for several topics)


@dataclass(frozen=True, slots=True)
class _Said:
    """What one sentence says as nouns (:func:`said_as_nouns`): the nouns, and the person named
    as owner of each noun that has one ("Nate's turtles" -> turtle: Nate)."""

    nouns: frozenset[str]
    owners: tuple[tuple[str, str], ...]


_nouns: dict[str, _Said] = {}
_LEAD = re.compile(rf"^([A-Z][\w'.-]*(?: [A-Z][\w'.-]*)?|{'|'.join(_CHAT_LEADS)}) (?:said|asked|answered|replied): ")


@dataclass(frozen=True, slots=True)
class Group:
    """One subject's memories about one topic, oldest first. ``terms``: the words that put a
    sentence in it (a :data:`TOPICS` entry, or the thing's own noun)."""

    subject: str
    topic: str
    members: tuple[MemoryUnit, ...]
    terms: frozenset[str] = frozenset()


def topic_terms(group: Group, kept: Sequence[MemoryUnit]) -> frozenset[str]:
    """What the consolidated memory is a list of, its concepts: the nouns of its topic's name
    ("activities and hobbies" -> activity, hobby; "tournaments" -> tournament) and the topic's
    words its packed members state."""
    stated = {w for m in kept for w in _words(m.restatement)} & group.terms
    return topic_nouns(group.topic) | stated


def subject_of(unit: MemoryUnit) -> str | None:
    """The participant the memory is about: the first one its restatement names."""
    named = [(unit.restatement.find(p), p) for p in unit.participants if p in unit.restatement]
    return min(named)[1] if named else None


def _words(text: str) -> set[str]:
    """Lower-cased words of the sentences that are not questions, each in its singular, and
    what a title says ("Dr." -> "doctor", :data:`ground.concepts.TITLES`)."""
    return words_said(" ".join(x for x in sentences(text) if not x.rstrip().endswith("?")))


def said_as_nouns(texts: Sequence[str], subjects: Sequence[str] | None = None) -> list[frozenset[str]]:
    """For each sentence, the words it says as common nouns or gerunds ("went hiking"), each in
    its singular (and what a title says, as :func:`_words`): a topic's word counts only where it
    is one. Not a verb ("the user will book a table", "what works best"), not inside a name ("Family Guy",
    "Bath & Body Works"), and not a thing pointed at ("these resources", "those online
    stores": in a chat, the assistant's suggestions echoed back, not the user's own things).
    With ``subjects`` (one per sentence), not a thing another person is named as owning
    ("Joanna loves Nate's turtles" says nothing of Joanna's turtles)."""
    said = _read(texts)
    if subjects is None:
        return [s.nouns for s in said]
    return [s.nouns - {noun for noun, owner in s.owners if not _is(owner, subject)}
            for s, subject in zip(said, subjects, strict=True)]


def _is(owner: str, subject: str) -> bool:
    """Whether the owner's word names the subject ("Nate" of "Nate", "user" of "the user")."""
    return owner.lower() in subject.lower().split()


def _read(texts: Sequence[str]) -> list[_Said]:
    """The sentences' :class:`_Said`, the ones not read before tagged in one batch."""
    found = {t: _nouns[t] for t in texts if t in _nouns}
    todo = [t for t in dict.fromkeys(texts) if t not in found]
    if len(_nouns) + len(todo) > NOUN_CACHE:
        _nouns.clear()
    for text, doc in zip(todo, tagged_many(todo) if todo else [], strict=True):
        found[text] = _nouns[text] = _said(doc)
    return [found[t] for t in texts]


def _said(doc: Doc) -> _Said:
    tokens = list(doc)
    out: set[str] = set()
    owners: list[tuple[str, str]] = []
    for i, tok in enumerate(tokens):
        word = singular(tok.text.strip(".,!;:'\"()-"))
        if word in TITLES:
            out.add(TITLES[word])
        if tok.tag_ not in _NOUN_TAGS:
            continue
        j = i - 1
        while j >= 0 and tokens[j].tag_ in _BEFORE_NOUN:
            j -= 1
        if j >= 0 and tokens[j].lower_ in _POINTING:
            continue
        out.add(word)
        if j >= 1 and tokens[j].tag_ == "POS" and tokens[j - 1].tag_ in ("NNP", "NN"):
            owners.append((word, tokens[j - 1].text))
    return _Said(frozenset(out), tuple(owners))


def sentences_by_subject(unit: MemoryUnit) -> list[tuple[str, str]]:
    """``(subject, sentence)`` for each of the memory's sentences that is not a question, its
    speaker's lead-in dropped: the participant it names first, else the subject of the sentence
    before, else its speaker. In a chat, "the user" named counts as a participant
    (:data:`CHAT_USER`: "The user's sister Emma plays the cello" is about the user); what the
    assistant says ("The assistant said: ...", an assistant's memory) and a text the user
    pasted ("The user said: ...", ``ground.text.dictated``) are about no one, nor are the
    sentences that go on from them: what the assistant suggests is not what the user did."""
    if unit.role == "assistant":
        return []
    out: list[tuple[str, str]] = []
    subject: str | None = None
    for raw in sentences(unit.restatement):
        lead = _LEAD.match(raw)
        text = _LEAD.sub("", raw).strip()
        if lead is not None and lead.group(1) in _CHAT_LEADS:
            subject = None
            continue
        if not text or text.endswith("?"):
            continue
        named = [(text.find(p), p) for p in unit.participants if p in text]
        user = _USER.search(text)
        if user is not None:
            named.append((user.start(), CHAT_USER))
            assistant = _ASSISTANT.search(text)
            if assistant is not None and assistant.start() < user.start():
                subject = None  # "Based on the assistant's budget, the user ...": the assistant's, not the user's
                continue
        if named:
            subject = min(named)[1]
        elif lead is not None and lead.group(1) in unit.participants:
            subject = lead.group(1)
        if subject is not None:
            out.append((subject, text))
    return out


def things_of(unit: MemoryUnit) -> frozenset[str]:
    """The head nouns of the memory's common-noun concepts ("video game tournament" -> "tournament"),
    but "one", which stands for another noun ("the blue ones")."""
    return frozenset(c.split()[-1] for c in unit.concepts
                     if c[:1].islower() and c.split()[-1].isalpha() and c.split()[-1] != "one")


def gatherable(unit: MemoryUnit) -> bool:
    """Episodic or core, current, not itself consolidated."""
    return unit.layer in ("episodic", "core") and unit.current


def groups(units: Iterable[MemoryUnit], min_members: int, min_sessions: int = 0,
           speakers: frozenset[str] | None = None) -> list[Group]:
    """The (subject, topic) groups with at least ``min_members`` memories, largest first: the
    :data:`TOPICS`, and (``min_sessions`` > 0) each thing a subject spoke of in that many
    sessions (see the module docstring). With ``speakers``, a subject is one of them: the
    names a memory's participants hold also come from the entity recogniser, which takes
    products and services for people ("Instagram's platforms: ... on social media platforms
    like Instagram or Facebook" was a list of a chat user's questions)."""
    topical: dict[tuple[str, str], dict[str, MemoryUnit]] = {}
    things: dict[tuple[str, str], dict[str, MemoryUnit]] = {}
    said: list[tuple[MemoryUnit, str, str, set[str], frozenset[str]]] = []  # sentences naming a topic or thing
    for unit in units:
        if not gatherable(unit):
            continue
        nouns = things_of(unit) if min_sessions > 0 else frozenset()
        for subject, sentence in sentences_by_subject(unit):
            if speakers is not None and subject not in speakers and subject != CHAT_USER:
                continue
            words = _words(sentence)
            if nouns & words or any(words & terms for terms in topics_for(subject).values()):
                said.append((unit, subject, sentence, words, nouns))
    texts, subjects = [p[2] for p in said], [p[1] for p in said]
    for (unit, subject, _, words, nouns), as_nouns in zip(said, said_as_nouns(texts, subjects), strict=True):
        words &= as_nouns
        for topic, terms in topics_for(subject).items():
            if words & terms:
                topical.setdefault((subject, topic), {})[unit.id] = unit
        for noun in nouns & words:
            things.setdefault((subject, noun), {})[unit.id] = unit
    out = [Group(s, t, tuple(sorted(m.values(), key=_when)), topics_for(s)[t]) for (s, t), m in topical.items()
           if len(m) >= min_members]
    out += _distinct_things(things, min_members, min_sessions)
    return sorted(out, key=lambda g: (-len(g.members), g.subject, g.topic))


def _distinct_things(
    found: dict[tuple[str, str], dict[str, MemoryUnit]], min_members: int, min_sessions: int
) -> list[Group]:
    """The thing groups held in ``min_sessions`` sessions, largest first, without one whose
    members are mostly (:data:`THING_OVERLAP`) those of a larger group of the same subject."""
    kept: list[Group] = []
    named: set[tuple[str, str]] = set()  # two nouns may share a plural ("movie", and "movy" from "movies")
    for (subject, noun), members in sorted(found.items(), key=lambda p: (-len(p[1]), p[0])):
        if (len(members) < min_members or len({u.session_id for u in members.values()}) < min_sessions
                or plural(noun) in topics_for(subject) or (subject, plural(noun)) in named or not _counted(noun, members.values())):
            continue
        ids = set(members)
        if any(g.subject == subject and len(ids & {m.id for m in g.members}) >= THING_OVERLAP * len(ids) for g in kept):
            continue
        kept.append(Group(subject, plural(noun), tuple(sorted(members.values(), key=_when)), frozenset({noun})))
        named.add((subject, plural(noun)))
    return kept


def _counted(noun: str, members: Iterable[MemoryUnit]) -> bool:
    """Whether one of the members says ``noun`` as a plural noun: a thing people have several of
    ("turtles", "tournaments"), not a mass or abstract noun ("excitement", "life"), a unit of
    measure (:data:`~ripplemem.ground.concepts.MEASURES`: "70 hours", "20 dollars"), a general
    noun (:data:`~ripplemem.ground.concepts.GENERAL`: "actions", "smiles", "resources") or a verb
    that is spelt the same ("the user works at a bank" does not make works a list). The tagger
    reads at most :data:`PLURAL_CHECKS` of the members' sentences that spell the plural."""
    if noun in MEASURES or noun in GENERAL:
        return False
    many = re.compile(rf"\b{re.escape(plural(noun))}\b", re.IGNORECASE)
    said = (s for u in members for s in sentences(u.restatement) if many.search(s))
    for _, sentence in zip(range(PLURAL_CHECKS), said, strict=False):
        if any(t.tag_ == "NNS" and many.fullmatch(t.text) for t in tagged(sentence)):
            return True
    return False


def _when(unit: MemoryUnit) -> tuple[str, str]:
    when = unit.time.start if unit.time is not None else unit.mentioned_at
    return (when.isoformat() if when is not None else "", unit.id)


def spread(members: Iterable[MemoryUnit], limit: int) -> list[MemoryUnit]:
    """At most ``limit`` members, oldest first, spread over the conversation: the best of each
    session, then the best of those sessions (a topic's facts are spread over months; the
    newest few would all tell one day's story). Best is specific first, then most important
    (:func:`_worth`)."""
    best: dict[str, MemoryUnit] = {}
    for unit in members:
        held = best.get(unit.session_id)
        if held is None or _worth(unit) > _worth(held):
            best[unit.session_id] = unit
    chosen = sorted(best.values(), key=_worth, reverse=True)[:limit]
    return sorted(chosen, key=_when)


def _worth(unit: MemoryUnit) -> tuple[bool, float, str]:
    """A member's claim to a place in its list: naming something specific (:func:`specific`),
    then importance."""
    return (specific(unit.restatement, unit.participants), unit.importance, unit.id)


def specific(text: str, people: Iterable[str] = ()) -> bool:
    """Whether ``text`` names something of its own, beyond its dates: a name or title (a
    capitalised word inside a sentence that is none of ``people``), a quotation or a number.
    In a list of a person's books, "Tim is reading a fantasy novel called The Name of the
    Wind" tells more than "It feels like Tim is stepping into the books!"."""
    if any(q in text for q in ('"', "\u201c")):
        return True
    words = _DATE.sub(" ", text).split()
    skip = {w for p in people for w in p.split()} | {"I"}
    for i, raw in enumerate(words):
        word = raw.strip(".,!?;:()'\"-").removesuffix("'s")
        if any(ch.isdigit() for ch in word):
            return True
        if i > 0 and word[:1].isupper() and word not in skip and not words[i - 1].endswith((".", "!", "?", ":")):
            return True
    return False


def header(subject: str, topic: str) -> str:
    """ "Caroline's books and reading: ", "The user's games: " (``ground.lists.list_header``)."""
    return list_header(subject, topic)


def statement(unit: MemoryUnit, topic: str, subject: str | None = None, chars: int = 100,
              terms: frozenset[str] | None = None) -> str:
    """The member's own sentence that names the topic, about ``subject`` when given (else its
    first one; all of its sentences when none names the topic), without the speaker's lead-in
    and questions (of the sentences that name the topic, the first :func:`specific` one); a
    longer one is cut to about ``chars`` around the topic's word."""
    terms = terms if terms is not None else topics_for(subject or "").get(topic, frozenset())
    said = sentences_by_subject(unit)
    own = [s for who, s in said if subject is None or who == subject] or [s for _, s in said]
    hits = [(s, hit) for s in own if (hit := terms & _words(s))]
    nouns = said_as_nouns([s for s, _ in hits], [subject] * len(hits) if subject else None)
    named = [s for (s, hit), n in zip(hits, nouns, strict=True) if hit & n] or [s for s, _ in hits]
    if not named:
        return _cut(" ".join(own).strip(), chars, terms)
    if subject is None:
        return _cut(" ".join(named), chars, terms)
    return _cut(next((s for s in named if specific(s, unit.participants)), named[0]), chars, terms)


def _cut(text: str, chars: int, terms: frozenset[str]) -> str:
    """``text`` when it fits ``chars``; else about ``chars`` of it, at word boundaries, from a
    little before its first topic word (so the thing itself is kept), running on through a
    title begun inside it ("a fantasy novel called The Name of the Wind", at most
    :data:`TITLE_WORDS` words more), with "..." where cut."""
    if len(text) <= chars:
        return text
    words = text.split()
    at = next((i for i, w in enumerate(words) if singular(w.strip(".,!;:'\"()-")) in terms), 0)
    start = max(0, at - 6)
    while 0 < start < at and len(" ".join(words[start:at + 1])) > chars // 2:
        start += 1
    out: list[str] = []
    length = 0
    for w in words[start:]:
        if out and length + len(w) + 1 > chars:
            break
        out.append(w)
        length += len(w) + 1
    out += _title_rest(words[start + len(out):], out[-1] if out else "")
    cut = " ".join(out).rstrip(",;:-")
    return ("... " if start > 0 else "") + cut + (" ..." if start + len(out) < len(words) else "")


def _title_rest(rest: Sequence[str], last: str) -> list[str]:
    """The words of ``rest`` that finish a title ``last`` is inside, or that begins right after
    it: capitalised words, and small words between them ("of the"), up to :data:`TITLE_WORDS`."""
    if last.endswith((".", "!", "?", ",", ";", ":")) or not rest or not (last[:1].isupper() or rest[0][:1].isupper()):
        return []
    out: list[str] = []
    glue: list[str] = []
    for w in rest[:TITLE_WORDS]:
        if w.lower() in _TITLE_GLUE:
            glue.append(w)
            continue
        if not w[:1].isupper():
            break
        out += glue + [w]
        glue = []
        if w.endswith((".", "!", "?", ",", ";", ":")):
            break
    return out


def short_date(unit: MemoryUnit) -> str:
    """The member's date, months abbreviated ("8 May 2023", "10 Jan - 16 Jan 2022", "Jun 2023")."""
    if unit.time is None:
        return unit.mentioned_at.strftime("%-d %b %Y") if unit.mentioned_at is not None else "undated"
    start, end = unit.time.start, unit.time.end - timedelta(microseconds=1)
    if start.date() == end.date():
        return start.strftime("%-d %b %Y")
    if start.year == end.year and start.month == end.month and start.day == 1 and unit.time.end.day == 1:
        return start.strftime("%b %Y")
    if start.year == end.year and (start.month, start.day, end.month, end.day) == (1, 1, 12, 31):
        return str(start.year)
    return f"{start:%-d %b} - {end:%-d %b %Y}" if start.year == end.year else f"{start:%-d %b %Y} - {end:%-d %b %Y}"


def pack(subject: str, topic: str, members: Sequence[MemoryUnit], max_chars: int, chars: int = 100,
         terms: frozenset[str] | None = None) -> tuple[str, list[MemoryUnit]]:
    """The packed restatement and the members it holds: the best members (:func:`_worth`)
    first while they fit ``max_chars``, then told oldest first."""
    said: list[tuple[MemoryUnit, str]] = []
    length = len(header(subject, topic))
    for unit in sorted(members, key=_worth, reverse=True):
        text = statement(unit, topic, subject, chars, terms)
        if not text:
            continue
        part = f"{text} ({short_date(unit)})"
        if said and length + len(part) + 2 > max_chars:
            continue
        said.append((unit, part))
        length += len(part) + 2
    said.sort(key=lambda p: _when(p[0]))
    return header(subject, topic) + MEMBER_SEP.join(p for _, p in said), [u for u, _ in said]
