"""Find time expressions in text and ground them against an anchor (the session time).

Pure functions, no I/O. Phrases are found with our own regexes (free-text date search
misreads "We went" as Wednesday and "May I ask" as a month) and resolved by our own
calendar rules into half-open UTC :class:`~ripplemem.types.TimeSpan` values.

Conventions (documented choices):

- Days are UTC calendar days ``[00:00, next 00:00)``; weeks run Monday..Sunday; a weekend
  is Saturday..Sunday; seasons are meteorological, northern hemisphere (spring Mar-May,
  summer Jun-Aug, fall Sep-Nov, winter Dec-Feb, named by the year it starts).
- "last week" is the previous Monday..Sunday week; "last weekend" the weekend of the
  previous week; "N weeks ago" the week holding ``anchor - N weeks``; "N months ago" the
  whole month; "a few" means 2 to 5 units, "several" 3 to 7, "a couple of" exactly 2.
- A bare weekday ("on Friday") is the most recent past one (1-7 days back), or the
  coming one when the sentence speaks of the future ("will", "going to", "next", "see
  you", "good luck", "have fun" ...); none in a sentence of what happens again and again
  ("I usually swim on Friday"), nor a bare season ("In the summer, we hike every weekend");
  "last Friday" is always past, "next Friday" always the coming one.
- "in May" is the most recent May that has started (or the coming one in future tense);
  "last May" the most recent May that has ended; the month name "May" is only read
  capitalised and next to a preposition, a day or a year ("May I ask" is not a date).
- "in two weeks" is only read in future tense (in the past it is a duration).
- Too vague to ground, left empty: "recently", "lately", "the other day", "a while ago".

The rules, the calendar they count in and the way a span is written are in
:mod:`ripplemem.ground.timerules`.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta
from typing import NamedTuple

from ..errors import InputError
from ..types import TimeSpan, utc
from .timerules import MONTHS as MONTHS  # re-exported: the month names (formats.beam)
from .timerules import RELATIVE_NO_DATE as _RELATIVE_NO_DATE
from .timerules import RULES as _RULES
from .timerules import Found, Rule, Tense, span_label
from .timerules import Gate as _Gate
from .timerules import format_span as format_span  # re-exported: how a span is written
from .timerules import holds as _holds
from .timerules import midnight as _dt
from .timerules import month_number as _month_number

# prepositions that take a time phrase as their object ("since yesterday", "for tomorrow"); not
# "at", which takes no day: "the shelter I volunteer at yesterday" strands it, its object said
# earlier, and the day keeps its own preposition ("... at on 7 May 2023")
_PREPOSITIONS = frozenset(
    "since until till from by before after of through around about during in on over".split()
)
_DURATION_PREPOSITIONS = frozenset("for within throughout across".split())  # "for the past week"
_FUTURE = re.compile(
    r"\b(?:will|shall|'ll|gonna|going\s+to|plan(?:s|ning)?\s+to|hope\s+to|want\s+to|wanna|intend|"
    r"upcoming|coming\s+up|can't\s+wait|looking\s+forward|about\s+to|next|tomorrow|"
    r"see\s+(?:you|ya|u)|catch\s+(?:you|ya)|good\s+luck|break\s+a\s+leg|"  # "See you on Friday!": a wish or a parting
    r"have\s+(?:fun|a\s+(?:great|good|nice|wonderful|safe|fantastic|lovely)\b)|"
    r"(?:am|'m|are|'re|is|'s)\s+(?:going|heading|leaving|flying|driving|meeting|visiting|starting|"
    r"travell?ing|getting|having|doing|moving|coming|returning|joining|hosting|attending|competing|"
    r"performing|graduating|opening|launching|celebrating|throwing|holding|organi[sz]ing|presenting|"
    r"spending|staying|expecting|taking|running|playing|marrying|relocating|retiring))\b",
    re.I,
)


class TimeMention(NamedTuple):
    """A time expression found in a text; ``mention[1]`` is the span (tuple-compatible)."""

    text: str  # the phrase, verbatim
    span: TimeSpan
    start: int  # character offsets of the phrase in the searched text
    end: int
    relative: bool  # depends on the anchor ("yesterday"), as opposed to "8 May 2023"
    restated: str  # the phrase rewritten with absolute dates ("on 7 May 2023")


def infer_tense(text: str) -> Tense:
    """"future" when the text speaks of what is to come ("will", "going to", "next" ...)."""
    return "future" if _FUTURE.search(text) else "past"


_PREPOSITIONAL = re.compile(r"(?:in|on|during|at)\s", re.IGNORECASE)
_SUBJECT_VERB = re.compile(r"\s+(?:was|is|were|has|had|will|would|'s|been|seems?|sounds?|looks?|felt|feels?)\b", re.I)
# what a stretch of time does, said of it as the subject when it opens the sentence or a clause
# after a comma ("This spring started in late March", "Last week flew by"); not with an object
# or a destination,
# a person's ("... and yesterday went to the gym", "Yesterday started my new job")
_TIME_VERB = re.compile(
    r"\s+(?:started|ended|began|went|flew|passed|dragged)\b(?!\s+(?:my|a|an|the|our|his|her|their|your|to|with|at|into)\b)", re.I
)


def _after_since(text: str, start: int) -> bool:
    return text[max(0, start - 7) : start].rstrip().lower().endswith("since")


def _ground(rule: Rule, m: re.Match[str], day: date, mood: Tense) -> Found:
    """``rule``'s span, or ``None`` for a date whose span leaves the calendar (9999-12-31
    ends after year 9999): such a date is treated as an impossible one."""
    try:
        return rule(m, day, mood)
    except OverflowError:
        return None


# the letters outside ASCII that a case-insensitive pattern takes for ASCII ones (U+0131, U+017F, U+212A)
_ASCII_TWINS = str.maketrans({"\u0131": "i", "\u017f": "s", "\u212a": "k"})


def find_times(text: str, anchor: datetime, *, tense: Tense | None = None) -> list[TimeMention]:
    """Every time expression in ``text``, grounded against ``anchor``, in text order.

    ``tense`` decides bare weekdays and month names ("on Friday"); by default it is read
    from ``text`` itself (:func:`infer_tense`), so pass one sentence at a time.
    Overlapping matches keep the longest. "since X" spans from X to the anchor's day.
    """
    said, text = text, text.translate(_ASCII_TWINS)  # the rules read ASCII letters: "ſunday" is no weekday name
    day = utc(anchor).date()
    mood = tense or infer_tense(text)
    found: list[TimeMention] = []
    gated: dict[_Gate, bool] = {}  # a gate several rules share is searched once
    low = text.lower() if text.isascii() else None
    for pattern, rule, relative, gate in _RULES:
        held = gated.get(gate)
        if held is None:
            held = gated[gate] = _holds(gate, text, low)
        if not held:
            continue
        for m in pattern.finditer(text):
            if figurative(text, m.start(), m.end()):
                continue
            result = _ground(rule, m, day, mood)
            if result is None:
                continue
            span, restated = result
            is_relative = relative or (rule in _RELATIVE_NO_DATE and m.groupdict().get("y") is None)
            words = said[m.start() : m.end()]
            found.append(TimeMention(words, span, m.start(), m.end(), is_relative, restated if is_relative else words))
    chosen: list[TimeMention] = []
    for cand in sorted(found, key=lambda f: (-(f.end - f.start), f.start)):
        if all(cand.end <= c.start or cand.start >= c.end for c in chosen):
            chosen.append(cand)
    return _named_days([_finish(text, c, day) for c in sorted(chosen, key=lambda f: f.start)], text)


_LIKE_BEFORE = re.compile(
    r"(?:\b(?:feels?|felt|feeling|seems?|seemed|seeming)\s+like|\blike\s+it\s+(?:was|were)|\bas\s+if\s+it\s+(?:was|were))"
    r"\s+(?:just\s+|only\s+)?$",
    re.IGNORECASE,
)
_VERB_AFTER = re.compile(r"['’]s\b|\s*(?:was|is|were|has|had|will|would)\b", re.IGNORECASE)


def figurative(text: str, start: int, end: int) -> bool:
    """Whether "yesterday" at ``text[start:end]`` is the figure of speech for a time that
    seems recent ("feels like just yesterday I put this dress on", "it seems like only
    yesterday", "as if it were yesterday"), not a day: it is grounded to no date. "It felt
    like yesterday was a waste" (the day itself, the verb's subject) and "yesterday's talk"
    are days. So is "today" meaning these days ("... continue to shape the economy today",
    "still used today", "today's world"): a clause that says what still holds, told of no
    "I" or "we" ("I'm still at work today" is the day)."""
    if text[start:end].lower() == "today":
        clause = _clause_before(text, start)
        told = _FIRST_PERSON.search(clause) is not None  # "I'm still at work today": the day
        return not told and _NOWADAYS.search(clause) is not None or bool(_OF_TODAY.match(text, end))
    return (
        text[start:end].lower().startswith("yesterday")
        and bool(_LIKE_BEFORE.search(text[:start]))
        and not _VERB_AFTER.match(text[end:])
    )


# "today" meaning these days: what still holds, continues or remains ("the New Deal's programs
# continue to shape the economy today", "it is still used today", "even today"), what is used
# or how most things are ("..., which is the technology used in most solar panels today"), or "today's
# world / society" ...; not a day
_NOWADAYS = re.compile(
    r"\b(?:still|even|continues?|continued|continuing|remains?|remained|persists?|endures?|to\s+this\s+day|"
    r"(?:is|are)\s+(?:\w+\s+)?used|most|widely|commonly|generally|typically|modern)\b", re.I
)  # ... or what is (widely) used, or how most are: "the technology used in most solar panels today"
_FIRST_PERSON = re.compile(r"\b(?:i|i'm|i've|me|my|we|we're|we've|us|our)\b", re.I)
_OF_TODAY = re.compile(r"['\u2019]s\s+(?:world|society|economy|culture|market|standards|terms|age|youth|generation|technology)\b", re.I)


def _clause_before(text: str, start: int) -> str:
    """The words of ``text`` before ``start`` back to the last sentence end or semicolon."""
    before = text[:start]
    cut = max(before.rfind(". "), before.rfind("! "), before.rfind("? "), before.rfind("; "))
    return before[cut + 1 :]


_BARE_WEEKDAY = re.compile(
    r"(?:on\s+)?(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?\.?(?:\s+(?:morning|afternoon|evening|night))?",
    re.IGNORECASE,
)


def bare_weekday(mention: TimeMention) -> bool:
    """Whether ``mention`` is a weekday with nothing to fix its week ("on Monday", not "last
    Monday" or "Monday, May 15th"): its date is a guess, the most recent such day."""
    return bool(_BARE_WEEKDAY.fullmatch(mention.text.strip()))


_WEEKDAY_ONLY = re.compile(
    r"(?:(?:on|last|this|next|past|coming)\s+)?(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?\.?",
    re.IGNORECASE,
)
_DAY = timedelta(days=1)


def _named_days(mentions: list[TimeMention], text: str) -> list[TimeMention]:
    """A weekday that names the date after it ("on Monday, February 27th") is one mention,
    the date's: grounded on its own it became the last Monday before the anchor, a second
    and wrong date ("on Monday, 6 March 2023, February 27th, 2023")."""
    out: list[TimeMention] = []
    for m in mentions:
        prev = out[-1] if out else None
        if (
            prev is not None
            and _WEEKDAY_ONLY.fullmatch(prev.text)
            and re.fullmatch(r",?\s*(?:the\s+)?", text[prev.end : m.start])
            and m.span.end - m.span.start == _DAY
        ):
            out[-1] = TimeMention(
                text[prev.start : m.end], m.span, prev.start, m.end, m.relative, text[prev.start : m.start] + m.restated
            )
            continue
        out.append(m)
    return out


# verbs whose "over", "in", "by", "round" ... is a particle, not a preposition taking the time:
# "I'll come over tomorrow" is "come over on 5 November 2022", not "come over 5 November 2022"
_PARTICLE_VERBS = frozenset(
    """come comes coming came stop stops stopping stopped drop drops dropping dropped pop pops popping
    popped swing swings swinging swung sleep sleeps sleeping slept move moves moving moved check checks
    checking checked hang hangs hanging hung head heads heading headed stay stays staying stayed sign
    signs signing signed log logs logging logged settle settles settling settled drive driving drove
    fly flying flew walk walking walked get gets getting got go goes going went""".split()
)
_PARTICLES = frozenset("over in by round around through on back".split())


def _particle(words: list[str]) -> bool:
    """Whether the word before a time phrase is a verb's particle ("come over", "slept in",
    "stopped by"): the phrase is the clause's own time, and keeps its "on"."""
    return len(words) > 1 and words[-1].lower() in _PARTICLES and words[-2].lower().strip(",") in _PARTICLE_VERBS


def _finish(text: str, c: TimeMention, day: date) -> TimeMention:
    """Adjust a mention to its context: "since ..." and a preposition just before it."""
    end_of_day = _dt(day + timedelta(days=1))
    inside = c.text.lower().startswith("since")
    if (inside or _after_since(text, c.start)) and c.span.start < end_of_day:
        span = TimeSpan(c.span.start, end_of_day)
        if not c.relative:
            return c._replace(span=span)
        label = span_label(c.span)
        return c._replace(span=span, restated=f"since {label}" if inside else label)
    words = text[: c.start].split()
    first = c.restated.split(" ", 1)
    if c.relative and words and words[-1].lower() == "the" and first[0] in ("on", "in") and len(first) > 1:
        # "in the past week": the article goes with the phrase, so the rewrite replaces it too
        # ("in the week of 28 March 2022", not "in the in the week of ...")
        start = c.start - len(text[: c.start]) + len(text[: c.start].rstrip()) - len(words[-1])
        after_preposition = len(words) > 1 and words[-2].lower() in _PREPOSITIONS | _DURATION_PREPOSITIONS
        bare = after_preposition or bool(_SUBJECT_VERB.match(text, c.end))
        return c._replace(text=text[start : c.end], start=start, restated=first[1] if bare else c.restated)
    opens = not text[: c.start].strip() or text[: c.start].rstrip()[-1] in ",;:.!?"  # "By the way, this spring started"
    said_of = _SUBJECT_VERB.match(text, c.end) or _TIME_VERB.match(text, c.end) and opens
    if c.relative and said_of and first[0] in ("on", "in") and len(first) > 1 and not _PREPOSITIONAL.match(c.text):
        # "Last night was fun": the phrase is the subject; a phrase the speaker opened with a
        # preposition is none ("Tokyo in November is lovely" keeps its "in")
        return c._replace(restated=first[1])
    if c.relative and text.startswith(("'s", "\u2019s"), c.end) and first[0] in ("on", "in") and len(first) > 1:
        return c._replace(restated=first[1])  # "tomorrow's opening": a possessive, "20 June 2023's opening"
    if (c.relative and words and words[-1].lower() in _PREPOSITIONS | _DURATION_PREPOSITIONS
            and first[0] in ("on", "in") and len(first) > 1 and not _particle(words)):
        return c._replace(restated=first[1])  # "the forecast for tomorrow": "for 28 May 2023", not "for on ..."
    return c


def ground_time(text: str, anchor: datetime, *, tense: Tense | None = None) -> list[tuple[str, TimeSpan]]:
    """``(phrase, span)`` for every time expression in ``text`` (see :func:`find_times`)."""
    return [(m.text, m.span) for m in find_times(text, anchor, tense=tense)]


def restate_times(text: str, anchor: datetime, *, tense: Tense | None = None) -> tuple[str, list[TimeMention]]:
    """``text`` with relative time phrases replaced by absolute ones, and the mentions."""
    mentions = find_times(text, anchor, tense=tense)
    out, pos = [], 0
    for m in mentions:
        out.append(text[pos : m.start])
        out.append(m.restated[:1].upper() + m.restated[1:] if m.text[:1].isupper() else m.restated)
        pos = m.end
    out.append(text[pos:])
    return "".join(out), mentions


# ---------------------------------------------------------------- session times

_LOCOMO = re.compile(
    r"^\s*(?P<h>\d{1,2}):(?P<mi>\d{2})\s*(?P<ampm>am|pm)\s+on\s+(?P<d>\d{1,2})\s+(?P<mon>[A-Za-z]+),?\s+(?P<y>\d{4})\s*$",
    re.I,
)
_LME = re.compile(r"^\s*(?P<y>\d{4})/(?P<mo>\d{1,2})/(?P<d>\d{1,2})\s*(?:\([A-Za-z]{2,4}\))?\s*(?:(?P<h>\d{1,2}):(?P<mi>\d{2}))?\s*$")


def parse_session_time(s: str) -> datetime:
    """Parse a session timestamp into an aware UTC datetime.

    Accepts LoCoMo ("1:56 pm on 8 May, 2023"), LongMemEval ("2023/05/27 (Sat) 22:10") and
    ISO 8601 ("2023-05-08", "2023-05-08T13:56:00+02:00"). Raises :class:`InputError`.
    """
    if not isinstance(s, str):
        raise InputError(f"session time must be a string, got {type(s).__name__}")
    try:
        if m := _LOCOMO.match(s):
            hour = int(m["h"]) % 12 + (12 if m["ampm"].lower() == "pm" else 0)
            return datetime(int(m["y"]), _month_number(m["mon"]), int(m["d"]), hour, int(m["mi"]), tzinfo=UTC)
        if m := _LME.match(s):
            h, mi = int(m["h"] or 0), int(m["mi"] or 0)
            return datetime(int(m["y"]), int(m["mo"]), int(m["d"]), h, mi, tzinfo=UTC)
        return utc(datetime.fromisoformat(s.strip()))
    except (ValueError, KeyError) as exc:
        raise InputError(f"cannot read session time {s!r}") from exc
