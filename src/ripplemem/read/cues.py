"""Cues from the query: participants and places the scope knows, resolved times, keywords."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from datetime import datetime
from functools import lru_cache
from typing import TYPE_CHECKING

from ..ground.text import keywords, match_names
from ..ground.timeparse import TimeMention, find_times
from ..types import Cues, MemoryUnit, TimeSpan

if TYPE_CHECKING:
    from spacy.tokens import Doc

__all__ = [
    "SAID", "about", "asked_things", "asks_assistant", "asks_count", "asks_for_many", "asks_present", "asks_when", "asks_yes_no", "keywords", "match_names",
    "quoted", "query_cues", "says", "without_count_frame", "without_request_frame", "without_times",
]

# A question about what the assistant itself said or did earlier in the chat: "you" as the
# subject of a past reporting or doing verb ("you told", "did you suggest"), "remind me",
# "our previous chat".
_ASKS_ASSISTANT = re.compile(
    r"\byou(?: \w+)? (?:told|said|mentioned|recommended|suggested|gave|made|wrote|listed|provided|explained|"
    r"shared|described|proposed|named|came up with|played)\b|\bremind me\b|\byou (?:had|were) (?:\w+ )?(?:saying|telling)\b|"
    r"\bdid you (?:\w+ )?(?:recommend|suggest|say|tell|mention|give|make|write|list|provide|explain|share|"
    r"describe|propose|name|play|come up with)\b|"
    r"\bour (?:previous|last|earlier|past) (?:chat|conversation|discussion|talk|session|game)\b",
    re.IGNORECASE,
)


# A question that asks for several things by its form: a count of things ("how many books",
# not "how many weeks"), a frequency, kinds or types of something, a list.
_MANY = re.compile(
    r"\bhow many (?!(?:\w+ )?(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?|decades?)\b)|\bhow often\b|"
    r"\b(?:kinds|types|sorts) of\b|\blist\b|\bin what ways\b|\bnumber of (?!(?:\w+ )?(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?|decades?)\b)",
    re.IGNORECASE,
)
# A question that compares occurrences over time: "since I last visited a museum", "when we
# first met", "the last time", "Which did I buy first, the desk or the lamp?". The last (or
# first) of several is told only once all of them are found.
_OVER_TIME = re.compile(
    r"\b(?:I|we) (?:last|first)\b|\bthe (?:last|first) time\b|\b(?:which|what|who)\b[^?]*\bfirst(?=\s*[,?])",
    re.IGNORECASE,
)
_FORM_CHARS = 300  # a question's form is in its opening: the tagger reads no more (a pasted page costs nothing)
_WH_DET = ("what", "which")
_AUX_BE = ("are", "were")
_ONE_KIND = ("kind", "sort", "type")
_UNITS = frozenset("seconds minutes hours days weeks months years decades ages".split())
_ASKED_BY = re.compile(r"\b(?:what|which|how many|(?:kinds?|types?|sorts?) of|number of)\b", re.IGNORECASE)
_ASKED_SPAN = 6  # the asked-for noun stands within this many words of its wh-word
# nouns that frame what is asked rather than name it ("the names of her dogs", "in what ways", "how many times")
_FRAME_NOUNS = frozenset("name way time thing example number amount lot part kind type sort".split())


def asks_for_many(query: str) -> bool:
    """Whether ``query`` asks for several things rather than one: "What instruments has Hector
    tried?", "Which books did Ana finish?", "What are Ben's hobbies?", "How many pets ...?".
    By English form: a count, frequency, kinds of or list phrase (:data:`_MANY`), or a
    plural common noun heading the wh-phrase ("what/which [are|were] ... NNS" before its
    verb), read from the part-of-speech tags (``ground.pipeline.tagged``); or a comparison of
    occurrences over time (:data:`_OVER_TIME`: "How long since I last visited a museum?"
    needs every visit). "What kind of music ...?" asks for one thing; so do "When did ...?"
    and "What was Joanna's first novel?"."""
    if _MANY.search(query[:_FORM_CHARS]) or _OVER_TIME.search(query[:_FORM_CHARS]):
        return True
    tokens = [t for t in _form(query[:_FORM_CHARS]) if not t.is_punct]
    for i, tok in enumerate(tokens):
        if tok.lower_ not in _WH_DET:
            continue
        rest = tokens[i + 1 :]
        if rest and rest[0].lower_ in _AUX_BE:
            rest = rest[1:]
        if rest and rest[0].lower_ in _ONE_KIND:
            return False  # "what kind of holidays": one kind
        for t in rest[:5]:
            if t.tag_.startswith("VB") or t.tag_ == "MD":
                break
            if t.tag_ in ("NNS", "NNPS") and t.lower_ not in _UNITS:
                return True
        return False
    return False


# A polar question opens with an auxiliary or a modal (after an optional "so", "and", "but").
_POLAR = re.compile(
    r"^\W*(?:(?:so|and|but|then|ok|okay|well)\W+)?(?:is|isn't|are|aren't|was|wasn't|were|weren't|do|don't|does|"
    r"doesn't|did|didn't|has|hasn't|have|haven't|had|can|can't|could|couldn't|should|shouldn't|would|wouldn't|"
    r"will|won't|shall|may|might|must)\b(?! you (?:know|remember|recall|tell me) (?:what|when|where|who|which|why|how)\b)",
    re.IGNORECASE,
)


def asks_yes_no(query: str) -> bool:
    """Whether ``query`` is a polar question ("Should we take Maya to Harbor Grill?", "Would
    the place Noor recommended suit Ivan?"): its answer is a judgement that no memory states,
    reached from what the first hits link to (the venue's menu, the guest's allergy). "Do you
    remember where ...?" asks for the where."""
    return bool(_POLAR.match(query))


_WHEN = re.compile(
    r"^\W*(?:(?:so|and|but)\W+)?(?:(?:on|in|at|by|since|until) )?(?:when|what (?:date|day|year|month))\b", re.IGNORECASE
)


def asks_when(query: str) -> bool:
    """Whether ``query`` asks for a date ("When did Ana move to Porto?", "On what date was
    Kai due to renew the passport?"). "What time did I reach the clinic?" asks for a clock
    time, which memories do not ground."""
    return bool(_WHEN.match(query))


_COUNT = re.compile(
    r"\bhow (?:many|much)\b|\b(?:total|combined|overall) (?:number|amount|count|cost|sum)\b|\b(?:the|a) number of\b",
    re.IGNORECASE,
)
# The words that frame a count rather than say what is counted: "the total number of
# siblings", "how many courses in total", "combined". No memory says "total" of what it counts.
_COUNT_FRAME = re.compile(
    r"\b(?:in total|in all|all together|altogether|total|combined|overall|number of|count of|amount of)\b", re.IGNORECASE
)


def asks_count(query: str) -> bool:
    """Whether ``query`` asks for a number ("How many rare items do I have?", "How much did I
    spend on ...?", "What is the total number of siblings I have?"): its answer is counted
    or reckoned from memories that state quantities or dates."""
    return bool(_COUNT.search(query[:_FORM_CHARS]))


_PRESENT = re.compile(
    r"\b(?:current(?:ly)?|now|nowadays|these days|so far|to date|as of now|at the moment|still|latest|"
    r"most recent(?:ly)?|any ?more|right now|at present|presently)\b",
    re.IGNORECASE,
)


def asks_present(query: str) -> bool:
    """Whether ``query`` asks about the present state of something that changes ("Where do I
    keep my sneakers now?", "How many pages have I read so far?", "What is my current
    highest score?"): of two memories that say nearly the same, the later one answers."""
    return bool(_PRESENT.search(query[:_FORM_CHARS]))


def without_count_frame(query: str) -> str:
    """``query`` without the words that frame a count, when it asks for one ("What is the
    total number of siblings I have?" -> "What is the siblings I have?"): in a full-text
    search "total" and "number" match tables and sums, not the siblings."""
    if not asks_count(query):
        return query
    out = re.sub(r"\s{2,}", " ", _COUNT_FRAME.sub(" ", query)).strip()
    return out if keywords(out) else query


# The words that make a question a request rather than say what it is about: "Can you
# recommend some ...", "Any tips?", "... that I might find interesting", "What do you think?",
# and an opening command to list or name ("List all the cities ...", "Name every book ...",
# "Remind me of ..."). Every request made before shares them, and a memory that says "list"
# or "name" ("The list is enormous", "named it Soraya Junior") is no answer to one.
# ("any documentary recommendations" keeps its topic, "documentary".)
_REQUEST_FRAME = re.compile(
    r"^\s*(?:please\s+)?(?:list|name|enumerate|tell me(?: about)?|give me|remind me(?: of| about)?)"
    r"(?: (?:all|every|each|the|of|some|a few|any))*\b|"
    r"\b(?:can|could|would|will) you (?:please )?(?:recommend|suggest|give me|share|provide|offer|propose|list|name|remind me of)"
    r"(?: (?:some|a few|any|me))*\b|"
    r"\bany (?:other |more )?(?P<topic>\w+ )?(?:recommendations|suggestions|tips|ideas|advice)\b|"
    r"\b(?:that|which) I (?:might|may|would|could|will) (?:find (?:interesting|useful|helpful)|enjoy|like|love)\b|"
    r"\bwhat do you (?:think|suggest|recommend)\b",
    re.IGNORECASE,
)


def without_request_frame(query: str) -> str:
    """``query`` without the words that frame a request to the assistant ("Can you recommend
    some recent publications that I might find interesting?" -> "recent publications?"): in
    a chat each of the user's earlier requests shares them, and what the request is about is
    in the rest."""
    out = re.sub(r"\s+(?=[?.!,;:])", "", re.sub(r"\s{2,}", " ", _REQUEST_FRAME.sub(lambda m: f" {m['topic'] or ''} ", query))).strip()
    return out if keywords(out) else query


# Titles written either way: a memory keeps the speaker's "Dr. Patel", the question asks about
# "doctors". Each form found adds the other, once.
_TITLES = (("doctor", "Dr"), ("professor", "Prof"))
_TITLE_FORMS = [
    (re.compile(rf"\b{word}s?\b", re.IGNORECASE), re.compile(rf"\b{short}\b", re.IGNORECASE), word, short)
    for word, short in _TITLES
]


def with_title_forms(query: str) -> str:
    """``query`` with the other written form of each title it uses ("How many doctors did I
    see?" also asks for "Dr"; "Dr. Patel" also for "doctor"), for the lexical view: what
    the speakers wrote is "Dr. Smith", "my doctor", either."""
    extra = []
    for full, short, word, abbreviation in _TITLE_FORMS:
        has_full, has_short = bool(full.search(query)), bool(short.search(query))
        if has_full and not has_short:
            extra.append(abbreviation)
        elif has_short and not has_full:
            extra.append(word)
    return f"{query} {' '.join(extra)}" if extra else query


# A span the asker put in quotes: a title ("'The Power'"), a name or the exact words said. The
# opening mark follows a space, a bracket or the start, so an apostrophe ("Ana's", "kids'")
# opens nothing; the closing mark is followed by a space, punctuation or the end.
_QUOTED = re.compile(r"""(?:^|(?<=[\s(\[]))(["'‘“])([^"'‘’“”\n]{2,80}?)(["'’”])(?=[\s?.,;:!)\]]|$)""")
_QUOTED_WORDS = 10  # a longer span is a sentence quoted loosely, not words a memory repeats


def quoted(query: str) -> tuple[str, ...]:
    """The spans ``query`` puts in quotation marks, in order ("Which did I finish first, 'The
    Hate U Give' or 'The Nightingale'?" -> both titles), at most :data:`_QUOTED_WORDS` words
    each and with a letter in them."""
    spans = (m.group(2).strip() for m in _QUOTED.finditer(query))
    return tuple(dict.fromkeys(s for s in spans if any(c.isalpha() for c in s) and len(s.split()) <= _QUOTED_WORDS))


def says(text: str, span: str) -> int | None:
    """How ``text`` carries ``span`` word for word (the spacing of punctuation aside), best
    first: 0 marked off as ``span`` is in the question ("finished listening to 'The Power'
    by Naomi Alderman", "**The Power**"), 1 with its capitals, 2 in other case ("the power
    of habit" for "'The Power'", "Nothing Is Impossible" for "nothing is impossible");
    ``None`` when it does not carry it."""
    words = re.findall(r"\w+", span)
    if not words:
        return None
    body = r"\W+".join(map(re.escape, words))
    if re.search(rf"[\"'‘“*]\s*{body}\s*[\"'’”*]", text):
        return 0
    if re.search(rf"\b{body}\b", text):
        return 1
    return 2 if re.search(rf"\b{body}\b", text, re.IGNORECASE) else None


def asks_assistant(query: str) -> bool:
    """Whether ``query`` asks about what the assistant said or did before."""
    return bool(_ASKS_ASSISTANT.search(query))


def query_cues(
    query: str,
    as_of: datetime,
    participants: Iterable[str],
    locations: Iterable[str],
    spans: Sequence[TimeMention] | None = None,
) -> Cues:
    """Cues of a query against the scope's known participant and location names (``spans``:
    its time expressions, when the caller has them already)."""
    spans = find_times(query, as_of) if spans is None else spans
    time: TimeSpan | None = spans[0][1] if spans else None
    return Cues(
        participants=match_names(query, participants),
        locations=match_names(query, locations),
        time=time,
        keywords=keywords(query),
    )


def without_times(query: str, as_of: datetime, spans: Sequence[TimeMention] | None = None) -> str:
    """``query`` without its time expressions ("on October 13, 2023", "last week"), the query
    itself when nothing else would be left. The time is a cue of its own (the structural view
    and the time match); as words it would match every memory whose restatement names another
    day of the same month or year ("on 21 October 2023"). ``spans``: as in :func:`query_cues`."""
    spans = find_times(query, as_of) if spans is None else spans
    if not spans:
        return query
    kept, at = [], 0
    for m in spans:
        kept.append(query[at : m.start])
        at = m.end
    kept.append(query[at:])
    text = re.sub(r"\s+", " ", " ".join(kept)).strip()
    return text if keywords(text) else query


def asked_things(query: str) -> frozenset[str]:
    """The common nouns a question asks for, in the singular: those of the phrase its first
    "what", "which", "how many", "kinds of" or "number of" opens, up to the phrase's verb
    ("What activities does ...?" -> activity; "How many dogs has Maria adopted ...?" -> dog;
    "What are Ben's hobbies?" -> hobby; "What types of pottery ...?" -> pottery). Names,
    units of time and the nouns that frame the question ("the names of", "in what ways", "how
    many times", "kinds of") are not what is asked for. Empty
    when the question's form names no such noun ("What does Ann do to relax?"). When the first
    opening names none, the next does ("What is the total number of siblings I have?")."""
    from ..ground.concepts import singular

    opening = query[:_FORM_CHARS]
    openings = list(_ASKED_BY.finditer(opening))
    form = [t for t in _form(opening) if not t.is_punct] if openings else []
    for at in openings:  # "What is the total number of siblings ...": the second names them
        tokens = [t for t in form if t.idx >= at.end()]
        if tokens and tokens[0].lower_ in _AUX_BE:
            tokens = tokens[1:]
        out: set[str] = set()
        for t in tokens[:_ASKED_SPAN]:
            if t.tag_.startswith("VB") or t.tag_ == "MD":
                break
            word = singular(t.lower_)
            if t.tag_ in ("NN", "NNS") and t.lower_ not in _UNITS and word not in _FRAME_NOUNS:
                out.add(word)
        if out:
            return frozenset(out)
    return frozenset()


@lru_cache(maxsize=64)
def _form(opening: str) -> Doc:
    """A question's opening, tagged once (``ground.pipeline.tagged``): :func:`asks_for_many`
    and :func:`asked_things` both read it in one recall."""
    from ..ground.pipeline import tagged

    return tagged(opening)


SAID = re.compile(r"\b[A-Z][\w'-]*(?: [A-Z][\w'-]*)? (?:said|asked|answered|replied|added):")  # a speaker frame


def about(unit: MemoryUnit, names: Iterable[str]) -> bool:
    """Whether ``unit`` is about one of ``names`` (lowercased): a participant, or named in its
    text as a word ("Ana", not the "ana" of "banana"); "Finn said: ..." is Finn's word, not
    about Finn."""
    if any(p.lower() in names for p in unit.participants):
        return True
    said = SAID.sub(" ", unit.restatement)
    text = " " + " ".join(w.removesuffix("'s") for w in keywords(said)) + " "
    return any(f" {n} " in text for n in names)
