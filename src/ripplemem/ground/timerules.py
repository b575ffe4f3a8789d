"""The calendar rules :mod:`ripplemem.ground.timeparse` grounds time phrases with. Pure.

Each rule is a regular expression for one kind of phrase ("yesterday", "last week", "two
months ago", "on Friday", "in May", "8 May 2023" ...) and a function that turns its match,
the anchor's day and the sentence's tense into a half-open UTC
:class:`~ripplemem.types.TimeSpan` and the phrase rewritten with absolute dates ("on 7 May
2023"), by the conventions :mod:`~ripplemem.ground.timeparse` documents. The calendar they
count in (days, Monday..Sunday weeks, weekends, months, seasons) and the way a span is written
(:func:`span_label`, :func:`format_span`) are here too: the rules write with them. Each rule
has a gate, the words one of which its phrase must hold: a rule whose words are not in the
text is not searched for.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from typing import Literal, NamedTuple

from ..types import TimeSpan

Tense = Literal["past", "future"]

MONTHS = (
    "january", "february", "march", "april", "may", "june",
    "july", "august", "september", "october", "november", "december",
)  # fmt: skip
_MONTH_ABBR = {m[:3]: i + 1 for i, m in enumerate(MONTHS)} | {"sept": 9}
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_SEASON_START = {"spring": 3, "summer": 6, "fall": 9, "autumn": 9, "winter": 12}
_NUMBER_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
}  # fmt: skip
_VAGUE = {"a few": (2, 5), "few": (2, 5), "several": (3, 7)}


# ---------------------------------------------------------------- calendar helpers


def midnight(d: date) -> datetime:
    """The start of the UTC calendar day ``d``."""
    return datetime(d.year, d.month, d.day, tzinfo=UTC)


def _days(first: date, last: date) -> TimeSpan:
    """The span covering the days ``first..last`` inclusive."""
    return TimeSpan(midnight(first), midnight(last + timedelta(days=1)))


def _week(d: date) -> TimeSpan:
    monday = d - timedelta(days=d.weekday())
    return _days(monday, monday + timedelta(days=6))


def _weekend(d: date) -> TimeSpan:
    """The Saturday..Sunday of the Monday..Sunday week holding ``d``."""
    saturday = d - timedelta(days=d.weekday()) + timedelta(days=5)
    return _days(saturday, saturday + timedelta(days=1))


def _add_months(year: int, month: int, n: int) -> tuple[int, int]:
    k = year * 12 + (month - 1) + n
    return k // 12, k % 12 + 1


def _month(year: int, month: int) -> TimeSpan:
    ny, nm = _add_months(year, month, 1)
    return TimeSpan(midnight(date(year, month, 1)), midnight(date(ny, nm, 1)))


def _year(year: int) -> TimeSpan:
    return TimeSpan(midnight(date(year, 1, 1)), midnight(date(year + 1, 1, 1)))


def _season(name: str, year: int) -> TimeSpan:
    first = _SEASON_START[name]
    ey, em = _add_months(year, first, 3)
    return TimeSpan(midnight(date(year, first, 1)), midnight(date(ey, em, 1)))


def _units_back(unit: str, d: date, n: int) -> TimeSpan:
    """The day / week / month / year ``n`` units from ``d`` (negative n: the past)."""
    if unit == "day":
        return TimeSpan.day(midnight(d + timedelta(days=n)))
    if unit == "week":
        return _week(d + timedelta(weeks=n))
    if unit == "month":
        return _month(*_add_months(d.year, d.month, n))
    return _year(d.year + n)


def _hull(a: TimeSpan, b: TimeSpan) -> TimeSpan:
    return TimeSpan(min(a.start, b.start), max(a.end, b.end))


# ---------------------------------------------------------------- formatting


def _day_label(d: datetime) -> str:
    return f"{d.day} {d.strftime('%B %Y')}"


def span_label(span: TimeSpan) -> str:
    """The span without a preposition: "7 May 2023", "the week of 1 May 2023", "2022"."""
    s, last = span.start, span.end - timedelta(days=1)
    days = (span.end - span.start).days
    aligned = s == s.replace(hour=0, minute=0, second=0, microsecond=0) and span.end.hour == 0
    if aligned and days == 1:
        return _day_label(s)
    if aligned and days == 7 and s.weekday() == 0:
        return f"the week of {_day_label(s)}"
    if aligned and days == 2 and s.weekday() == 5:
        first = f"{s.day}" if s.month == last.month else f"{s.day} {s.strftime('%B')}"
        return f"the weekend of {first}-{_day_label(last)}"
    if aligned and s.day == 1 and span.end.day == 1:
        months = (span.end.year - s.year) * 12 + span.end.month - s.month
        if months == 1:
            return s.strftime("%B %Y")
        if months == 12 and s.month == 1:
            return str(s.year)
        if months == 3 and s.month in (3, 6, 9, 12):
            name = {3: "spring", 6: "summer", 9: "fall", 12: "winter"}[s.month]
            return f"{name} {s.year}" if s.month != 12 else f"winter {s.year}-{s.year + 1}"
    return f"{_day_label(s)} to {_day_label(last)}"


def format_span(span: TimeSpan) -> str:
    """Write ``span`` into text: "on 7 May 2023", "in the week of 1 May 2023", "in 2022"."""
    label = span_label(span)
    if " to " in label:
        return f"from {label}"
    if label.startswith("the weekend") or label[0].isdigit() and len(label.split()) == 3:
        return f"on {label}"
    return f"in {label}"


# ---------------------------------------------------------------- rules

_NUM = r"(?P<n>\d{1,3}|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|(?:a\s+)?couple(?:\s+of)?|a\s+few|few|several)"
_UNIT = r"(?P<unit>day|week|month|year)s?"
_MONTH = r"(?P<mon>(?i:january|february|march|april|june|july|august|september|october|november|december)|(?-i:May))"
_MONTH_ABBR_RE = r"(?P<mon>(?i:jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\.?|(?i:january|february|march|april|june|july|august|september|october|november|december)|(?-i:May))"
_WEEKDAY = r"(?P<wd>monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
_WEEKDAY_ABBR = r"(?P<wd>(?-i:Mon|Tues?|Wed|Thu(?:rs?)?|Fri|Sat|Sun))\.?"
_PART = r"(?:\s+(?P<part>morning|afternoon|evening|night))?"
_REL = r"(?P<rel>last|this\s+past|past|previous|this\s+coming|coming|this|next)"
_SEASON = r"(?P<season>summer|winter|spring|fall|autumn)"
# a season, a weekday or "the weekend" naming the kind of a thing after it is no time of its
# own: "the autumn show", "the Sunday roast", "the weekend market" ("the summer holidays" would
# be stated "in summer 2022 holidays")
_FUNCTION_AFTER = (
    "and|or|but|so|when|while|before|after|because|since|until|as|then|too|though|of|in|on|at|to|for|with|by|from|"
    "near|around|across|along|through|over|under|up|down|out|off|into|onto|about|above|below|behind|between|beyond|"
    "during|inside|outside|within|without|toward|towards|past|via|like|there|here|just|everyone|everybody|someone|"
    "last|next|every|went|came|began|got|seems|looks|feels|[a-z]+ed|"
    "i|we|he|she|they|it|you|my|our|his|her|their|this|that|is|was|were|are|will|would|had|has|have|'s"
)
_ANY_DAY = r"(?<!\ba\s)(?<!\bany\s)(?<!\beach\s)(?<!\bevery\s)"  # "on a Sunday afternoon last month": no one day
_NO_REL = r"(?P<rel>(?!x)x)?"  # the rules read a "rel" group: here none
_NOT_MODIFIER = rf"(?!\s+(?!(?:{_FUNCTION_AFTER})\b)[a-z])"
_NOT_PAIRED = rf"(?!\s+(?:and|or|&)\s+(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\s+(?!(?:{_FUNCTION_AFTER})\b)[a-z])"  # "my Tuesday and Thursday rehearsals"

Found = tuple[TimeSpan, str] | None  # the span and the phrase rewritten with it
Rule = Callable[[re.Match[str], date, Tense], Found]


def _count(raw: str) -> tuple[int, int]:
    """A count phrase as a (low, high) range: "two" -> (2, 2), "a few" -> (2, 5)."""
    word = " ".join(raw.lower().split())
    if word.isdigit():
        return int(word), int(word)
    if "couple" in word:
        return 2, 2
    if word in _VAGUE:
        return _VAGUE[word]
    return _NUMBER_WORDS[word], _NUMBER_WORDS[word]


def month_number(raw: str) -> int:
    word = raw.lower().rstrip(".")
    return MONTHS.index(word) + 1 if word in MONTHS else _MONTH_ABBR[word[:4] if word == "sept" else word[:3]]


def _with_part(label: str, part: str | None) -> str:
    return f"on the {part} of {label}" if part else f"on {label}"


def _fixed_day(offset: int, default_part: str | None = None) -> Rule:
    def rule(m: re.Match[str], d: date, tense: Tense) -> Found:
        span = TimeSpan.day(midnight(d + timedelta(days=offset)))
        part = m.groupdict().get("part") or default_part
        return span, _with_part(span_label(span), part.lower() if part else None)

    return rule


def _rule_last_night(m: re.Match[str], d: date, tense: Tense) -> Found:
    span = TimeSpan.day(midnight(d - timedelta(days=1)))
    return span, f"on the night of {span_label(span)}"


def _rule_rel_week(m: re.Match[str], d: date, tense: Tense) -> Found:
    rel = " ".join(m["rel"].lower().split())
    if rel == "this past":  # the last seven days
        span = _days(d - timedelta(days=7), d)
        return span, f"in the week before {_day_label(midnight(d))}"
    offset = {"last": -1, "past": -1, "previous": -1, "this": 0, "next": 1, "coming": 1, "this coming": 1}[rel]
    span = _week(d + timedelta(weeks=offset))
    return span, f"in {span_label(span)}"


def _rule_week_before_last(m: re.Match[str], d: date, tense: Tense) -> Found:
    span = _week(d - timedelta(weeks=2))
    return span, f"in {span_label(span)}"


def _rule_part_of_period(m: re.Match[str], d: date, tense: Tense) -> Found:
    whole = _units_back(m["unit"].lower(), d, 0)
    today = TimeSpan.day(midnight(d))
    if m["side"].lower() == "earlier":
        if whole.start >= today.start:
            return None
        span = TimeSpan(whole.start, today.start)
    else:
        span = TimeSpan(today.end, whole.end) if today.end < whole.end else today
    return span, f"{m['side'].lower()} in {span_label(whole)}"


def _rule_weekend(m: re.Match[str], d: date, tense: Tense) -> Found:
    rel = " ".join((m["rel"] or "").lower().split())
    this = _weekend(d)
    if rel in ("last", "past", "previous", "this past"):
        span = _weekend(d - timedelta(weeks=1))
    elif rel in ("next", "coming", "this coming"):
        span = _weekend(d + timedelta(weeks=1)) if rel == "next" else this
    elif rel == "this":
        span = this
    elif tense == "past":  # "over the weekend": the most recent weekend that has begun
        span = this if this.start <= midnight(d) else _weekend(d - timedelta(weeks=1))
    else:
        span = this if this.end > midnight(d) else _weekend(d + timedelta(weeks=1))
    return span, f"on {span_label(span)}"


def _rule_weekends_ago(m: re.Match[str], d: date, tense: Tense) -> Found:
    low, high = _count(m["n"])
    span = _hull(_weekend(d - timedelta(weeks=high)), _weekend(d - timedelta(weeks=low)))
    return span, f"on {span_label(span)}" if low == high else f"{m['n']} weekends before {_day_label(midnight(d))}"


def _rule_ago(m: re.Match[str], d: date, tense: Tense) -> Found:
    unit = m["unit"].lower()
    low, high = _count(m["n"])
    span = _hull(_units_back(unit, d, -high), _units_back(unit, d, -low))
    if low != high:
        return span, f"{' '.join(m['n'].split())} {unit}s before {_day_label(midnight(d))}"
    return span, format_span(span)


def _rule_in_future(m: re.Match[str], d: date, tense: Tense) -> Found:
    if tense != "future":
        return None  # "I finished it in two weeks" is a duration, not a date
    unit = m["unit"].lower()
    low, high = _count(m["n"])
    span = _hull(_units_back(unit, d, low), _units_back(unit, d, high))
    if low != high:
        return span, f"{' '.join(m['n'].split())} {unit}s after {_day_label(midnight(d))}"
    return span, format_span(span)


def _rule_rel_month_year(m: re.Match[str], d: date, tense: Tense) -> Found:
    rel = " ".join(m["rel"].lower().split())
    unit = m["unit"].lower()
    if rel == "this past":  # the last twelve months / the last month, rolling
        back = 365 if unit == "year" else 30
        span = _days(d - timedelta(days=back), d)
        return span, f"in the {unit} before {_day_label(midnight(d))}"
    offset = {"last": -1, "past": -1, "previous": -1, "this": 0, "next": 1, "coming": 1, "this coming": 1}[rel]
    span = _units_back(unit, d, offset)
    return span, f"in {span_label(span)}"


def _season_instance(name: str, d: date, rel: str, tense: Tense) -> TimeSpan:
    now = midnight(d)
    candidates = [_season(name, y) for y in range(d.year - 2, d.year + 2)]
    if rel in ("last", "past", "this past", "previous"):
        return [s for s in candidates if s.end <= now][-1]
    if rel in ("next", "coming", "this coming"):
        return [s for s in candidates if s.start > now][0]
    if rel == "this":
        if name == "winter":
            return _season(name, d.year - 1 if d.month <= 2 else d.year)
        return _season(name, d.year)
    if tense == "past":
        return [s for s in candidates if s.start <= now][-1]
    return [s for s in candidates if s.end > now][0]


def _rule_season(m: re.Match[str], d: date, tense: Tense) -> Found:
    rel = " ".join((m["rel"] or "").lower().split())
    if not rel and _habitual(m):
        return None  # "In the summer, we hike every weekend": any summer
    name = m["season"].lower()
    span = _season_instance("fall" if name == "autumn" else name, d, rel, tense)
    return span, f"in {span_label(span)}"


def _rule_season_year(m: re.Match[str], d: date, tense: Tense) -> Found:
    name = m["season"].lower()
    span = _season("fall" if name == "autumn" else name, int(m["y"]))
    return span, m[0]


_TITLE_WORD = re.compile(r"\s+(?!I\b)(?-i:[A-Z][a-z]+)")
_MONTH_OR_DAY = re.compile(_MONTH_ABBR_RE + "|" + _WEEKDAY, re.I)
# the first word of a day's name that ends in a weekday: "Good Friday", "Ash Wednesday", "Cyber Monday"
_DAY_NAMES = frozenset("good black holy maundy ash palm easter cyber shrove fat super giving whit".split())
_WORD_BEFORE = re.compile(r"(?-i:(?P<word>[A-Z][a-z]+))\s+$")


def _named_day(text: str, start: int) -> bool:
    """Whether the weekday at ``start`` ends a day's name (:data:`_DAY_NAMES`): a holiday, not
    a date of the conversation ("Good Friday is a somber day")."""
    m = _WORD_BEFORE.search(text[max(0, start - 20) : start])
    return m is not None and m["word"].lower() in _DAY_NAMES


_EVERY = re.compile(r"\b(?:every|each)\s+$", re.I)
# what happens again and again: a season or weekday in such a sentence is any one ("In the
# summer, we hike every weekend", "I usually swim on Friday"), no date
_HABITUAL = re.compile(
    r"\b(?:every|each)\s+(?:day|week|weekend|month|year|morning|afternoon|evening|night|summer|winter|spring|fall|autumn|time)\b"
    r"|\b(?:usually|always|often|normally|typically|generally|tend\s+to|tends\s+to|used\s+to)\b",
    re.I,
)
_CONTRAST = re.compile(r"\s*(?:;|,?\s+(?:but|though|although|except|whereas|while)\b)\s*", re.I)


def _habitual(m: re.Match[str]) -> bool:
    """Whether the clause of the time phrase ``m`` tells what happens again and again: the
    sentence up to a contrast ("I usually swim, but on Friday I skipped it": that Friday)."""
    text = m.string
    cuts = list(_CONTRAST.finditer(text))
    lo = max((c.end() for c in cuts if c.end() <= m.start()), default=0)
    hi = min((c.start() for c in cuts if c.start() >= m.end()), default=len(text))
    return _HABITUAL.search(text, lo, hi) is not None

_RECURRING_PART = re.compile(r"\s+(?:mornings|afternoons|evenings|nights)\b", re.I)


def _rule_weekday(m: re.Match[str], d: date, tense: Tense) -> Found:
    rel = " ".join((m["rel"] or "").lower().split())
    bare = not rel and not m[0].lower().startswith("on")
    title = _TITLE_WORD.match(m.string, m.end())
    if bare and title and not _MONTH_OR_DAY.fullmatch(title.group().strip()):
        return None  # a name that holds a weekday ("Tuesday Textures", "Monday Night Football")
    if bare and _named_day(m.string, m.start()):
        return None  # a day's name: "Good Friday", "Black Friday deals"
    if _RECURRING_PART.match(m.string, m.end()) or _EVERY.search(m.string[max(0, m.start() - 8) : m.start()]):
        return None  # "on Tuesday evenings", "every Tuesday": every week, no one date
    if rel in ("", "on") and _habitual(m):
        return None  # "I usually swim on Friday": any Friday
    target = next((i for i, w in enumerate(WEEKDAYS) if w.startswith(m["wd"].lower()[:3])), None)
    if target is None:
        return None  # "ſunday": the pattern ignores case, and a long s matches "s"
    if rel == "this":
        day = d - timedelta(days=d.weekday()) + timedelta(days=target)
    elif rel in ("next", "coming", "this coming") or (rel in ("", "on") and tense == "future"):
        day = d + timedelta(days=(target - d.weekday() - 1) % 7 + 1)
    else:
        day = d - timedelta(days=(d.weekday() - target - 1) % 7 + 1)
    span = TimeSpan.day(midnight(day))
    name = WEEKDAYS[target].capitalize() + (f" {m['part'].lower()}" if m["part"] else "")
    return span, f"{name}, {span_label(span)}" if bare else f"on {name}, {span_label(span)}"


def _safe_date(y: int, mo: int, dd: int) -> date | None:
    try:
        return date(y, mo, dd)
    except ValueError:
        return None


def _rule_full_date(m: re.Match[str], d: date, tense: Tense) -> Found:
    mo = int(m["mon"]) if m["mon"].isdigit() else month_number(m["mon"])
    day = _safe_date(int(m["y"]), mo, int(m["d"])) if m["y"] else None
    if m["y"] is None:  # no year: the nearest such date in the sentence's direction
        this_year = _safe_date(d.year, mo, int(m["d"]))
        if this_year is None:
            return None
        if tense == "past" and this_year > d:
            day = _safe_date(d.year - 1, mo, int(m["d"]))
        elif tense == "future" and this_year < d:
            day = _safe_date(d.year + 1, mo, int(m["d"]))
        else:
            day = this_year
        if day is None:
            return None
        span = TimeSpan.day(midnight(day))
        return span, f"{m[0]}, {day.year}" if m[0][-1].isdigit() or m[0][-2:] in ("st", "nd", "rd", "th") else f"{m[0]} {day.year}"
    if day is None:
        return None
    return TimeSpan.day(midnight(day)), m[0]


def _rule_month_year(m: re.Match[str], d: date, tense: Tense) -> Found:
    return _month(int(m["y"]), month_number(m["mon"])), m[0]


def _rule_month(m: re.Match[str], d: date, tense: Tense) -> Found:
    mo = month_number(m["mon"])
    pre = " ".join(m["pre"].lower().split())
    now = midnight(d)
    months = [_month(y, mo) for y in range(d.year - 1, d.year + 2)]
    if pre == "last":
        span = [s for s in months if s.end <= now][-1]
    elif pre == "next":
        span = [s for s in months if s.start > now][0]
    elif pre == "this":
        span = _month(d.year, mo)
    elif tense == "future" and pre not in ("since", "back in"):
        span = [s for s in months if s.end > now][0]
    else:
        span = [s for s in months if s.start <= now][-1]
    if pre in ("last", "next", "this", "in"):
        return span, f"in {span_label(span)}"
    if pre in ("early", "late", "mid"):
        return span, f"in {pre} {span_label(span)}"
    return span, f"{pre} {span_label(span)}"


def _rule_year(m: re.Match[str], d: date, tense: Tense) -> Found:
    return _year(int(m["y"])), m[0]


def _rule_decade(m: re.Match[str], d: date, tense: Tense) -> Found:
    start = int(m["dec"])
    return TimeSpan(midnight(date(start, 1, 1)), midnight(date(start + 10, 1, 1))), m[0]


class Gate(NamedTuple):
    """What a rule's phrase must hold: one of ``words`` (plain lower-case words; none: only
    ``pattern`` says, as for a digit)."""

    pattern: re.Pattern[str]
    words: tuple[str, ...]


def _gate(source: str) -> Gate:
    words = tuple(source.split("|")) if re.fullmatch(r"[a-z|]+", source) else ()
    return Gate(re.compile(source, re.I), words)


def holds(gate: Gate, text: str, low: str | None) -> bool:
    """Whether ``text`` holds what ``gate`` asks; ``low``: the text lower-cased when it is
    ASCII (where a plain search for the words finds what the case-blind pattern finds)."""
    if low is not None and gate.words:
        return any(w in low for w in gate.words)
    return gate.pattern.search(text) is not None


# Each rule with the words one of which its phrase must hold (its gate): a rule whose gate is
# not in the text is not searched for (one quick search, where a rule is a pass of its own).
RULES: tuple[tuple[re.Pattern[str], Rule, bool, Gate], ...] = tuple(
    (re.compile(p, re.I), rule, relative, _gate(gate))
    for p, rule, relative, gate in (
        (r"\bthe\s+day\s+before\s+yesterday\b", _fixed_day(-2), True, "yesterday"),
        (r"\b(?:the\s+)?day\s+after\s+tomorrow\b", _fixed_day(2), True, "tomorrow"),
        (r"\byesterday" + _PART + r"\b", _fixed_day(-1), True, "yesterday"),
        (r"\blast\s+night\b", _rule_last_night, True, "night"),
        (r"\btoday\b", _fixed_day(0), True, "today"),
        (r"\btonight\b", _fixed_day(0, "night"), True, "tonight"),
        (r"\bthis\s+(?P<part>morning|afternoon|evening)\b", _fixed_day(0), True, "morning|afternoon|evening"),
        (r"\btomorrow" + _PART + r"\b", _fixed_day(1), True, "tomorrow"),
        (r"\b" + _REL + r"\s+week\b", _rule_rel_week, True, "week"),
        (r"\bthe\s+week\s+before\s+last\b", _rule_week_before_last, True, "week"),
        (r"\b(?P<side>earlier|later)\s+this\s+(?P<unit>week|month|year)\b", _rule_part_of_period, True, "week|month|year"),
        (r"\b(?:" + _REL + r"\s+|(?:over|during|on|at)\s+the\s+)weekend\b", _rule_weekend, True, "weekend"),
        (r"\b" + _NO_REL + r"the\s+weekend\b" + _NOT_MODIFIER, _rule_weekend, True, "weekend"),  # not "the weekend market"
        (r"\b" + _NUM + r"\s+weekends?\s+ago\b", _rule_weekends_ago, True, "weekend"),
        (r"\b" + _NUM + r"\s+" + _UNIT + r"\s+ago\b", _rule_ago, True, "ago"),
        (r"\bin\s+" + _NUM + r"\s+" + _UNIT + r"(?:'?\s+time)?\b", _rule_in_future, True, "day|week|month|year"),
        (r"\b" + _NUM + r"\s+" + _UNIT + r"\s+from\s+now\b", _rule_in_future, True, "now"),
        (r"\b" + _REL + r"\s+(?P<unit>month|year)\b", _rule_rel_month_year, True, "month|year"),
        (r"\b" + _REL + r"\s+" + _SEASON + r"\b" + _NOT_MODIFIER, _rule_season, True, "summer|winter|spring|fall|autumn"),
        (r"\b" + _NO_REL + r"(?:in|during|over|through)\s+the\s+" + _SEASON + r"\b" + _NOT_MODIFIER, _rule_season, True, "summer|winter|spring|fall|autumn"),
        (r"\b(?:(?:in|during|over)\s+)?(?:the\s+)?" + _SEASON + r"\s+(?:of\s+)?(?P<y>(?:19|20)\d{2})\b", _rule_season_year, False, "summer|winter|spring|fall|autumn"),
        (r"\b(?:" + _REL + r"\s+|on\s+)" + _WEEKDAY + r"(?!s\b)" + _PART + r"\b", _rule_weekday, True, "day"),
        (r"\b" + _NO_REL + _ANY_DAY + _WEEKDAY + r"(?!s\b)" + _PART + r"\b" + _NOT_MODIFIER + _NOT_PAIRED, _rule_weekday, True, "day"),  # not "the Friday meeting"
        (r"\b(?:" + _REL + r"\s+|on\s+)" + _WEEKDAY_ABBR + r"(?![\w'])" + _PART, _rule_weekday, True, "mon|tue|wed|thu|fri|sat|sun"),
        (r"\b(?P<y>\d{4})[-/](?P<mon>\d{1,2})[-/](?P<d>\d{1,2})\b", _rule_full_date, False, r"\d"),
        (r"\b(?P<d>\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?" + _MONTH_ABBR_RE + r"(?:,?\s+(?P<y>\d{4}))?\b", _rule_full_date, False, r"\d"),
        (r"\b" + _MONTH_ABBR_RE + r"\s+(?P<d>\d{1,2})(?:st|nd|rd|th)?(?:,?\s+(?P<y>\d{4}))?\b", _rule_full_date, False, r"\d"),
        (r"\b" + _MONTH + r",?\s+(?P<y>(?:19|20)\d{2})\b", _rule_month_year, False, r"\d"),
        (r"\b(?P<pre>in|during|since|until|till|by|from|last|next|this|early|late|mid|back\s+in)(?:\s+|(?<=mid)-)" + _MONTH + r"\b(?!\s+\d)", _rule_month, True, "|".join(MONTHS)),
        (r"\b(?:in|during|since|from|until|till|of|back\s+in|around)\s+(?:the\s+year\s+)?(?P<y>(?:19|20)\d{2})\b(?![-/]\d|\s+(?:people|persons|steps|words|miles|meters|dollars|calories|times|feet|pounds|points))", _rule_year, False, r"\d"),
        (r"\b(?:in\s+)?(?:the\s+)?(?P<dec>(?:19|20)\d0)'?s\b", _rule_decade, False, r"\d"),
    )
)

RELATIVE_NO_DATE = {_rule_full_date}  # rules whose relative-ness depends on the match
