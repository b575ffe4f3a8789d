"""What the rule extractor records of a turn besides its words: who speaks and to whom, the
pieces it works with (a sentence, a unit of sentences), and the fields a candidate reads from
the parse: its people and places (the recogniser's entities, a venue after "at" or "in"), its
concepts, the time it is about, the verbatim facts it states, a shared photo. Pure; the
extractor (:mod:`.extract_rule`) decides what is said.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING

from ..ground.concepts import concepts
from ..ground.layout import Block
from ..ground.pipeline import doc_text, ing_form, verb_bases
from ..ground.recent import just_happened
from ..ground.timeparse import TimeMention, span_label
from ..types import TimeSpan, Turn, Window

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span


CHAT_ROLES = {"user": "the user", "human": "the user", "assistant": "the assistant", "ai": "the assistant"}


LOG_ONLY_ROLES = frozenset({"system", "developer", "tool", "function"})  # instructions and tool output: log only


PLAIN = Block()


_FACT_LABELS = frozenset(
    "DATE TIME MONEY PERCENT QUANTITY CARDINAL ORDINAL PERSON GPE LOC FAC ORG NORP EVENT WORK_OF_ART PRODUCT "
    "LANGUAGE LAW".split()
)


_NUMBER = re.compile(r"[$€£]?\d[\d,.]*%?")


_CAPTION_PREFIX = re.compile(
    r"^(?:there\s+is\s+)?(?:a|an)\s+(?:photo|photograph|photography|picture|image|close\s+up)\s+of\s+", re.I
)


_PERSON_NAME = re.compile(r"[A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*)*")


_NOT_NAMES = frozenset(
    "Last Next This Past Mon Tue Tues Wed Thu Thur Thurs Fri Sat Sun "
    # interjections the small NER model sometimes tags as PERSON
    "Congrats Congratulations Wow Whoa Hey Hi Hello Thanks Thank Yeah Yes Yay Omg Lol Aww Awesome Sure Cheers Bye".split()
)


@dataclass
class Sentence:
    text: str  # the original sentence with interjections and address stripped
    start: int  # offsets of ``text`` in the turn text
    end: int
    question: bool
    content: bool
    block: Block = PLAIN  # its place in the turn's layout (heading, list item)


@dataclass
class Unit:
    parts: list[str] = field(default_factory=list)  # restated sentences
    sentences: list[Sentence] = field(default_factory=list)
    times: list[TimeMention] = field(default_factory=list)
    photo: str = ""  # "<speaker> shared a photo of ...": stated after the parts, not part of what was said


@dataclass
class Roles:
    """Who speaks (``name`` as written, ``speaker`` as stored) and who "you" is."""

    speaker: str
    name: str
    other: str | None
    other_name: str | None
    chat: bool


def speaker_name(speaker: str, role: str | None) -> str:
    """How a turn's speaker is named in a memory: the name, or "the user" / "the assistant"."""
    return CHAT_ROLES.get((role or speaker).lower(), speaker)


def roles_of(turn: Turn, window: Window) -> Roles:
    name = speaker_name(turn.speaker, turn.role)
    chat = name in ("the user", "the assistant")
    if chat:
        other_name = "the assistant" if name == "the user" else "the user"
        partner = next((t.speaker for t in window.turns if speaker_name(t.speaker, t.role) == other_name), other_name[4:])
        return Roles(turn.speaker, name, partner, other_name, True)
    speakers = [s for s in window.speakers if s.lower() not in LOG_ONLY_ROLES]  # a system prompt is nobody
    people = [s for s in speakers if s != turn.speaker]
    other = people[0] if len(speakers) == 2 and len(people) == 1 else None
    return Roles(turn.speaker, name, other, other, False)


def log_only(turn: Turn) -> bool:
    """System prompts and tool output are logged, never remembered as what someone said."""
    return (turn.role or turn.speaker).lower() in LOG_ONLY_ROLES


def cap(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


# what ends a sentence: a stop, a question or exclamation mark, an ellipsis, a colon or a
# semicolon, with closing quotes or brackets after it ('... she said "see you."')
_ENDED = re.compile(r"[.!?\u2026:;][\"'\u201d\u2019)\]*_]*\s*$")


def ended(text: str, question: bool) -> str:
    """A sentence of prose written without its closing mark, ended: typed chat often leaves it
    out ("i need a name for my bakery" / "it sells rye"), and two such sentences stated one
    after the other ran together ("The user needs a name for their bakery It sells rye")."""
    stripped = text.rstrip()
    if not stripped or _ENDED.search(stripped) or not (stripped[-1].isalnum() or stripped[-1] in "%)\"'"):
        return text
    return stripped + ("?" if question else ".")


def photo_statement(turn: Turn, roles: Roles) -> str | None:
    caption = (turn.image_caption or "").strip().rstrip(".")
    if not caption:
        return None
    return f"{cap(roles.name)} shared a photo of {_CAPTION_PREFIX.sub('', caption)}."


def entities(doc: Doc | None, unit: Unit, window: Window, roles: Roles) -> tuple[set[str], set[str], list[str]]:
    """Participants, locations and entity facts inside the unit's sentences."""
    people: set[str] = set()
    places: set[str] = set()
    facts: list[str] = []
    if doc is None:
        return people, places, facts
    ranges = [(s.start, s.end) for s in unit.sentences]
    for text, label, start, end in ents(doc):
        if not any(a <= start and end <= b for a, b in ranges):
            continue
        if label == "PERSON":
            if not _PERSON_NAME.fullmatch(text) or text.split()[0] in _NOT_NAMES:
                continue  # "kinda nerve", "Last Fri": not names
            people.add(speaker_for(text, window) or text)
        elif label in ("GPE", "LOC", "FAC") or label == "ORG" and _at_place(doc_text(doc), start):
            places.add(text)
        if label in _FACT_LABELS:
            facts.append(text)
    text_of_doc = doc_text(doc)
    for a, b in ranges:
        for m in re.finditer(r"\b[A-Z][a-z]{2,}\b", text_of_doc[a:b]):
            who = speaker_for(m.group(), window)
            if who is not None and (m.group() == who.split()[0] or m.start() > 0):
                people.add(who)  # a speaker named in the content, or a nickname ("Mel")
        for m in _VENUE.finditer(text_of_doc, a, b):
            venue = m.group().strip()
            places.add(venue)  # the small NER model misses or mislabels most venue names
            people = {p for p in people if p not in venue}
    return people, places, facts


def unit_concepts(doc: Doc | None, unit: Unit, names: set[str]) -> frozenset[str]:
    """The concepts of the unit's sentences (``ground.concepts``), its names left out."""
    if doc is None:
        return frozenset()
    found: list[str] = []
    for s in unit.sentences:
        span = doc.char_span(s.start, s.end, alignment_mode="expand")
        if span is not None:
            found += concepts(list(span), names)
    return frozenset(found)


# A capitalised name ending in a venue noun: "Harbor Grill", "Green Leaf Cafe", "Lincoln Park".
_VENUE = re.compile(
    r"\b(?:[A-Z][\w'&-]*\s){1,3}(?:Grill|Cafe|Café|Restaurant|Bar|Diner|Bistro|Pub|Tavern|Inn|Hotel|Bakery|"
    r"Kitchen|Pizzeria|Steakhouse|Market|Mall|Park|Museum|Gallery|Theater|Theatre|Cinema|Stadium|Arena|Club|Gym|"
    r"Library|Center|Centre|Hospital|Clinic|School|Academy|University|College|Church|Temple|Beach|Lake|Trail|"
    r"Garden|Gardens|Zoo|Studio|Hall|Pier|Bay|Island|Mountain|Falls)\b"
)


_AT_PLACE = re.compile(r"\b(?:at|in)\s+(?:the\s+)?$")


def _at_place(text: str, start: int) -> bool:
    """Whether "at" or "in" (and maybe "the") comes just before ``start`` (``_AT_PLACE``
    ending there). Searched from where such a phrase can begin, the "at" before the last
    one or two runs of whitespace, not from the start of the turn: each entity of a long
    answer searched its whole text before it."""
    begin = start
    while begin > 0 and text[begin - 1].isspace():
        begin -= 1
    if text.endswith("the", 0, begin):
        begin -= 3
        while begin > 0 and text[begin - 1].isspace():
            begin -= 1
    return _AT_PLACE.search(text, max(0, begin - 2), start) is not None


def ents(doc: Doc) -> list[tuple[str, str, int, int]]:
    """The document's entities as plain tuples, computed once per document, names without
    the verb the small NER model sometimes takes into them (see :func:`_name_span`)."""
    cached = doc.user_data.get("ripplemem_ents")
    if cached is None:
        cached = []
        for e in doc.ents:
            span = _name_span(e) if e.label_ in _NAME_LABELS else e
            if len(span):
                cached.append((span.text, e.label_, span.start_char, span.end_char))
        doc.user_data["ripplemem_ents"] = cached
    return cached


_NAME_LABELS = frozenset({"PERSON", "GPE", "LOC", "FAC", "ORG"})


FRAGMENT_NAMES = _NAME_LABELS | {"NORP", "EVENT", "WORK_OF_ART", "PRODUCT", "LANGUAGE"}


_NOT_NAME_TAGS = frozenset({"RB", "UH", "IN", "MD", "WRB", "CC"})  # adverbs, interjections, particles


def _name_span(span: Span) -> Span:
    """``span`` without leading words that are not part of a name: a verb, adverb or
    interjection ("Tell Marco", "Honestly Jane"), or the "-ing" form of a verb opening the
    sentence, which the tagger read as a name ("Getting Freya anywhere takes planning",
    "Meeting Anna was great"; "Irving Berlin" stays). A one-word span is kept as it is."""
    bases = verb_bases()
    while len(span) > 1:
        first = span[0]
        tagged_verb = first.tag_.startswith("VB")
        verb = ing_form(first.text, bases) or tagged_verb and first.text.lower() in bases
        # a verb tag alone is not enough: "Sterling" of "Sterling Archer" is no verb the model knows
        if not (first.tag_ in _NOT_NAME_TAGS or verb and (tagged_verb or first.is_sent_start)):
            break
        span = span[1:]
    return span


def speaker_for(name: str, window: Window) -> str | None:
    first = name.split()[0]
    return next((s for s in window.speakers if s == name or s.startswith(first) and len(first) >= 3), None)


def just_past(doc: Doc | None, unit: Unit, anchor: datetime | None) -> TimeSpan | None:
    """The day of ``anchor`` when the unit tells an event as just past and names no time
    ("I just saw them live": ``ground.recent``); questions tell nothing."""
    if doc is None or anchor is None:
        return None
    for s in unit.sentences:
        span = None if s.question else doc.char_span(s.start, s.end, alignment_mode="expand")
        if span is not None and just_happened(span):
            return TimeSpan.day(anchor)
    return None


def most_specific(times: list[TimeMention]) -> TimeSpan | None:
    if not times:
        return None
    return min(times, key=lambda m: m.span.end - m.span.start).span


def facts_of(text: str, entity_facts: list[str], times: list[TimeMention]) -> tuple[str, ...]:
    found = [f for f in entity_facts if f in text]
    found += [span_label(m.span) for m in times if m.relative and span_label(m.span) in text]
    found += [m.group() for m in _NUMBER.finditer(text) if m.group().strip(".,")]
    unique = list(dict.fromkeys(f.strip(" .,") for f in found if f.strip(" .,")))
    return tuple(f for f in unique if not any(f != g and inside(f, g) for g in unique))


def _word(ch: str) -> bool:
    return ch.isalnum() or ch == "_"  # what the regular expression ``\w`` matches


def inside(part: str, whole: str) -> bool:
    r"""Whether ``part`` stands in ``whole`` as its own fact (``(?<![\w$])part(?!\w)``),
    without building a pattern per pair of facts."""
    at = whole.find(part)
    while at >= 0:
        before, after = whole[at - 1 : at] if at else "", whole[at + len(part) : at + len(part) + 1]
        if not (before and (_word(before) or before == "$")) and not (after and _word(after)):
            return True
        at = whole.find(part, at + 1)
    return False


def word_list(text: str) -> list[str]:
    """The words of ``text``, lowercased, a contraction kept with its word ("didn't")."""
    return re.findall(r"[A-Za-z0-9]+(?:'[A-Za-z]+)?", text.lower())
