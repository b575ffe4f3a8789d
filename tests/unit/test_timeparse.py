"""Relative-time grounding: a table of expressions with the interval each must become."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ripplemem.errors import InputError
from ripplemem.ground.timeparse import (
    find_times,
    format_span,
    ground_time,
    infer_tense,
    parse_session_time,
    restate_times,
)
from ripplemem.types import TimeSpan

MONDAY = datetime(2023, 5, 8, 13, 56, tzinfo=UTC)  # LoCoMo "1:56 pm on 8 May, 2023"
SATURDAY = datetime(2023, 5, 13, 10, 0, tzinfo=UTC)


def span(a: str, b: str) -> TimeSpan:
    return TimeSpan(datetime.fromisoformat(a).replace(tzinfo=UTC), datetime.fromisoformat(b).replace(tzinfo=UTC))


TABLE = [
    ("I went yesterday", "2023-05-07", "2023-05-08"),
    ("today", "2023-05-08", "2023-05-09"),
    ("we are going out tonight", "2023-05-08", "2023-05-09"),
    ("this morning", "2023-05-08", "2023-05-09"),
    ("last night", "2023-05-07", "2023-05-08"),
    ("tomorrow", "2023-05-09", "2023-05-10"),
    ("the day before yesterday", "2023-05-06", "2023-05-07"),
    ("the day after tomorrow", "2023-05-10", "2023-05-11"),
    ("last week", "2023-05-01", "2023-05-08"),
    ("this week", "2023-05-08", "2023-05-15"),
    ("next week", "2023-05-15", "2023-05-22"),
    ("last weekend", "2023-05-06", "2023-05-08"),
    ("this past weekend", "2023-05-06", "2023-05-08"),
    ("this weekend", "2023-05-13", "2023-05-15"),
    ("two weekends ago", "2023-04-29", "2023-05-01"),
    ("the week before last", "2023-04-24", "2023-05-01"),
    ("3 days ago", "2023-05-05", "2023-05-06"),
    ("two days ago", "2023-05-06", "2023-05-07"),
    ("a couple of days ago", "2023-05-06", "2023-05-07"),
    ("a few days ago", "2023-05-03", "2023-05-07"),
    ("a week ago", "2023-05-01", "2023-05-08"),
    ("two weeks ago", "2023-04-24", "2023-05-01"),
    ("three months ago", "2023-02-01", "2023-03-01"),
    ("a year ago", "2022-01-01", "2023-01-01"),
    ("2 years ago", "2021-01-01", "2022-01-01"),
    ("last month", "2023-04-01", "2023-05-01"),
    ("this month", "2023-05-01", "2023-06-01"),
    ("next month", "2023-06-01", "2023-07-01"),
    ("earlier this month", "2023-05-01", "2023-05-08"),
    ("last year", "2022-01-01", "2023-01-01"),
    ("next year", "2024-01-01", "2025-01-01"),
    ("last summer", "2022-06-01", "2022-09-01"),
    ("this summer", "2023-06-01", "2023-09-01"),
    ("last winter", "2022-12-01", "2023-03-01"),
    ("this spring", "2023-03-01", "2023-06-01"),
    ("last fall", "2022-09-01", "2022-12-01"),
    ("the summer of 2021", "2021-06-01", "2021-09-01"),
    ("last Saturday", "2023-05-06", "2023-05-07"),
    ("last Monday", "2023-05-01", "2023-05-02"),
    ("I went there on Friday", "2023-05-05", "2023-05-06"),
    ("I will see her on Friday", "2023-05-12", "2023-05-13"),
    ("next Tuesday", "2023-05-09", "2023-05-10"),
    ("I joined a group last Tues.", "2023-05-02", "2023-05-03"),
    ("in 2022", "2022-01-01", "2023-01-01"),
    ("in May 2022", "2022-05-01", "2022-06-01"),
    ("We went there in May", "2023-05-01", "2023-06-01"),
    ("We went there in June", "2022-06-01", "2022-07-01"),
    ("We will go there in June", "2023-06-01", "2023-07-01"),
    ("8 May 2023", "2023-05-08", "2023-05-09"),
    ("May 8, 2023", "2023-05-08", "2023-05-09"),
    ("on the 8th of May, 2023", "2023-05-08", "2023-05-09"),
    ("2023-05-08", "2023-05-08", "2023-05-09"),
    ("it was on the 5th of June", "2022-06-05", "2022-06-06"),
    ("I've painted since 2016", "2016-01-01", "2023-05-09"),
    ("I'll be back in two weeks", "2023-05-22", "2023-05-29"),
    ("in a few days we will know", "2023-05-10", "2023-05-14"),
    ("in the 1990s", "1990-01-01", "2000-01-01"),
]


@pytest.mark.parametrize(("text", "start", "end"), TABLE)
def test_relative_time_table(text: str, start: str, end: str) -> None:
    found = ground_time(text, MONDAY)
    assert len(found) == 1, found
    assert found[0][1] == span(start, end)


def test_table_is_large_enough() -> None:
    assert len(TABLE) >= 40


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("last weekend", "2023-05-06", "2023-05-08"),
        ("this weekend", "2023-05-13", "2023-05-15"),
        ("over the weekend we went hiking", "2023-05-13", "2023-05-15"),
        ("last Saturday", "2023-05-06", "2023-05-07"),
    ],
)
def test_weekends_seen_from_a_saturday(text: str, start: str, end: str) -> None:
    assert ground_time(text, SATURDAY)[0][1] == span(start, end)


def test_seasons_across_the_year() -> None:
    october = datetime(2023, 10, 20, tzinfo=UTC)
    january = datetime(2024, 1, 10, tzinfo=UTC)
    assert ground_time("last summer", october)[0][1] == span("2023-06-01", "2023-09-01")
    assert ground_time("this winter", january)[0][1] == span("2023-12-01", "2024-03-01")


@pytest.mark.parametrize(
    "text",
    [
        "We went home early",
        "May I ask you something?",
        "Give me a second",
        "I painted it recently",
        "I saw her the other day",
        "I finished the course in two weeks",
        "Sundays are the best",
        "I have 2000 photos",
        "That was a while ago",
        "Will you come along?",
        "We march forward together",
        "I saw 12 people there",
        "Signed up for calligraphy on Tuesday evenings",  # every week, no one date
        "We play football every Tuesday",
        "Each Friday night we cook",
    ],
)
def test_no_time_in_negatives(text: str) -> None:
    assert ground_time(text, MONDAY) == []


def test_several_expressions_in_text_order() -> None:
    found = ground_time("Yesterday I met Jon and next week we fly to Paris.", MONDAY)
    assert [p for p, _ in found] == ["Yesterday", "next week"]


def test_mentions_carry_offsets_and_relativity() -> None:
    text = "I went yesterday, not on 1 May 2023."
    rel, absolute = find_times(text, MONDAY)
    assert text[rel.start : rel.end] == "yesterday" and rel.relative
    assert not absolute.relative and absolute.restated == "1 May 2023"
    assert rel[1] == rel.span  # tuple-compatible: mention[1] is the span


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I went to a support group yesterday.", "I went to a support group on 7 May 2023."),
        ("We camped last week.", "We camped in the week of 1 May 2023."),
        ("I painted that last year!", "I painted that in 2022!"),
        ("It rained since last week.", "It rained since the week of 1 May 2023."),
        ("Last night was amazing!", "The night of 7 May 2023 was amazing!"),
        ("I went there last Saturday.", "I went there on Saturday, 6 May 2023."),
        ("We moved a few days ago.", "We moved a few days before 8 May 2023."),
        ("We met in May 2022.", "We met in May 2022."),
        # the article goes with the phrase: never "in the in the week of ..."
        ("I've been reading a lot in the past week!", "I've been reading a lot in the week of 1 May 2023!"),
        ("I was busy over the last week.", "I was busy over the week of 1 May 2023."),
        ("I read a lot the past week.", "I read a lot in the week of 1 May 2023."),
        ("The past week was hectic.", "The week of 1 May 2023 was hectic."),
        # a possessive phrase takes no preposition: never "for on 9 May 2023's recital"
        ("I'm nervous for tomorrow's recital.", "I'm nervous for 9 May 2023's recital."),
        ("Yesterday's storm took the fence.", "7 May 2023's storm took the fence."),
        # after "for" the preposition of the rewrite goes: never "the forecast for on 9 May 2023"
        ("What's the forecast for tomorrow?", "What's the forecast for 9 May 2023?"),
        ("Any plans for next week?", "Any plans for the week of 15 May 2023?"),
        ("Thanks for yesterday!", "Thanks for 7 May 2023!"),
        # "at" takes no day as its object: before one it is stranded, its object said earlier
        ("I donated my car to a shelter I volunteer at yesterday.", "I donated my car to a shelter I volunteer at on 7 May 2023."),
        ("What did you volunteer at yesterday?", "What did you volunteer at on 7 May 2023?"),
        ("It's the festival I volunteered at last month.", "It's the festival I volunteered at in April 2023."),
        # "like yesterday" as a figure of speech is no date; the day itself is
        ("Time flies - feels like just yesterday I put this dress on!", "Time flies - feels like just yesterday I put this dress on!"),
        ("It seems like only yesterday.", "It seems like only yesterday."),
        ("I remember it as if it were yesterday.", "I remember it as if it were yesterday."),
        ("It felt like yesterday was a waste.", "It felt like 7 May 2023 was a waste."),
        ("I feel like yesterday's talk went well.", "I feel like 7 May 2023's talk went well."),
        # a phrase opened with a preposition is no subject: it keeps its preposition
        ("Tokyo in March is lovely.", "Tokyo in March 2023 is lovely."),
        ("Last night was fun.", "The night of 7 May 2023 was fun."),
        ("This spring started in late March.", "Spring 2023 started in late March 2023."),
        ("Last week flew by.", "The week of 1 May 2023 flew by."),
        ("I'll come over tomorrow if that's fine.", "I'll come over on 9 May 2023 if that's fine."),  # a verb's particle
        ("The forecast for tomorrow is rain.", "The forecast for 9 May 2023 is rain."),
        ("I checked in on Friday afternoon.", "I checked in on Friday afternoon, 5 May 2023."),
        # "today" as these days: what still holds, told of no "I"
        ("Its programs continue to shape the economy today.", "Its programs continue to shape the economy today."),
        ("Is it still used today?", "Is it still used today?"),
        ("It made the solar cell, which is the technology used in most solar panels today.",
         "It made the solar cell, which is the technology used in most solar panels today."),
        ("Its methods are widely used in engineering today.", "Its methods are widely used in engineering today."),
        ("I went to the most amazing concert today.", "I went to the most amazing concert on 8 May 2023."),
        ("In today's world, privacy matters.", "In today's world, privacy matters."),
        ("I'm still at work today.", "I'm still at work on 8 May 2023."),
        ("I watched it on a Sunday afternoon last month.", "I watched it on a Sunday afternoon in April 2023."),  # a Sunday: no one day
        # a season naming the kind of a thing after it is no time
        ("My painting is in the autumn show.", "My painting is in the autumn show."),
        ("Last summer vacation was fun.", "Last summer vacation was fun."),
        ("We went in the autumn and loved it.", "We went in fall 2022 and loved it."),
        ("I loved the Sunday roast.", "I loved the Sunday roast."),
        ("We went to the weekend market.", "We went to the weekend market."),
        ("I take the bus to my Tuesday and Thursday rehearsals.", "I take the bus to my Tuesday and Thursday rehearsals."),
        ("I took that pic on a hike last summer near the coast.", "I took that pic on a hike in summer 2022 near the coast."),
        ("Last Friday everyone came.", "On Friday, 5 May 2023 everyone came."),
        # a parting or a wish looks ahead; what happens again and again has no one date
        ("See you on Friday at the pub quiz!", "See you on Friday, 12 May 2023 at the pub quiz!"),
        ("Good luck with the exam on Thursday!", "Good luck with the exam on Thursday, 11 May 2023!"),
        ("Have fun at the concert on Saturday!", "Have fun at the concert on Saturday, 13 May 2023!"),
        ("I usually swim on Friday.", "I usually swim on Friday."),
        ("In the summer, we hike in the Alps every weekend.", "In the summer, we hike in the Alps every weekend."),
        ("We always went to the coast in the summer.", "We always went to the coast in the summer."),
        ("In the summer we went to the Alps.", "In summer 2022 we went to the Alps."),
        ("I usually swim, but on Friday I skipped it.", "I usually swim, but on Friday, 5 May 2023 I skipped it."),
        ("I woke up early on both Saturday and Sunday last weekend.",
         "I woke up early on both Saturday, 6 May 2023 and Sunday, 7 May 2023 on the weekend of 6-7 May 2023."),
    ],
)
def test_restate_times(text: str, expected: str) -> None:
    assert restate_times(text, MONDAY)[0] == expected


def test_infer_tense() -> None:
    assert infer_tense("I will go on Friday") == "future"
    assert infer_tense("I'm going to the lake on Sunday") == "future"
    assert infer_tense("I went to the lake on Sunday") == "past"


@pytest.mark.parametrize(
    "text",
    [
        "My brother is moving to Glasgow in August.",  # the present progressive of an arrangement
        "My sister is expecting a baby girl in August.",
        "We're hosting the reunion in August.",
        "I'm running a half marathon in August.",
        "She's graduating in August.",
    ],
)
def test_a_planned_arrangement_in_the_present_progressive_is_the_coming_month(text: str) -> None:
    (found,) = find_times(text, MONDAY)  # 8 May 2023
    assert found.span.start.date().isoformat() == "2023-08-01"


def test_a_past_progressive_is_not_an_arrangement() -> None:
    (found,) = find_times("I was running a lot in August.", MONDAY)
    assert found.span.start.date().isoformat() == "2022-08-01"


@pytest.mark.parametrize(
    ("start", "end", "text"),
    [
        ("2023-05-07", "2023-05-08", "on 7 May 2023"),
        ("2023-05-01", "2023-05-08", "in the week of 1 May 2023"),
        ("2023-05-06", "2023-05-08", "on the weekend of 6-7 May 2023"),
        ("2023-05-01", "2023-06-01", "in May 2023"),
        ("2022-01-01", "2023-01-01", "in 2022"),
        ("2022-06-01", "2022-09-01", "in summer 2022"),
        ("2023-05-03", "2023-05-07", "from 3 May 2023 to 6 May 2023"),
    ],
)
def test_format_span(start: str, end: str, text: str) -> None:
    assert format_span(span(start, end)) == text


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("1:56 pm on 8 May, 2023", datetime(2023, 5, 8, 13, 56, tzinfo=UTC)),
        ("12:05 am on 1 January, 2024", datetime(2024, 1, 1, 0, 5, tzinfo=UTC)),
        ("12:30 pm on 27 June, 2023", datetime(2023, 6, 27, 12, 30, tzinfo=UTC)),
        ("2023/05/27 (Sat) 22:10", datetime(2023, 5, 27, 22, 10, tzinfo=UTC)),
        ("2023-05-08T13:56:00+02:00", datetime(2023, 5, 8, 11, 56, tzinfo=UTC)),
        ("2023-05-08", datetime(2023, 5, 8, tzinfo=UTC)),
    ],
)
def test_parse_session_time(raw: str, expected: datetime) -> None:
    assert parse_session_time(raw) == expected


@pytest.mark.parametrize("raw", ["yesterday", "", "1:56 pm on 31 February, 2023", "2023/13/01 (Sat) 10:00", 42])
def test_parse_session_time_rejects_garbage(raw: object) -> None:
    with pytest.raises(InputError):
        parse_session_time(raw)  # type: ignore[arg-type]


PAST_PHRASES = [row[0] for row in TABLE if "ago" in row[0] or row[0].startswith(("last", "yesterday", "the day before"))]


@given(
    day=st.dates(min_value=date(1990, 1, 1), max_value=date(2090, 12, 31)),
    phrase=st.sampled_from(PAST_PHRASES + ["next week", "tomorrow", "this weekend", "in May", "on Friday"]),
)
def test_every_anchor_grounds_a_nonempty_span(day: date, phrase: str) -> None:
    anchor = datetime(day.year, day.month, day.day, 12, tzinfo=UTC)
    found = ground_time(phrase, anchor)
    assert len(found) == 1
    got = found[0][1]
    assert got.end > got.start
    if phrase in PAST_PHRASES:
        assert got.start < anchor and got.start >= anchor - timedelta(days=3 * 366)


@pytest.mark.parametrize("text", ["On December 31, 9999 we meet.", "on 9999-12-31", "December 31 9999 at noon"])
def test_a_date_on_the_calendars_last_day_is_treated_as_impossible(text: str) -> None:
    anchor = datetime(2024, 1, 1, tzinfo=UTC)
    assert all(m.span.end.year <= 9999 for m in find_times(text, anchor))
    assert restate_times(text, anchor)[0]  # the text comes back, nothing overflows


@pytest.mark.parametrize(("text", "restated", "day"), [
    ("I washed the car on Monday, February 27th, after the snow.",
     "I washed the car on Monday, February 27th, 2023, after the snow.", date(2023, 2, 27)),
    ("We met on Tuesday, 14 February.", "We met on Tuesday, 14 February 2023.", date(2023, 2, 14)),
    ("On Sunday, January 15th, 2023, she passed away.", "On Sunday, January 15th, 2023, she passed away.", date(2023, 1, 15)),
    ("Last Friday, March 3, was nice.", "Last Friday, March 3, 2023, was nice.", date(2023, 3, 3)),
    ("It was Mon, Feb 27 when I left.", "It was Mon, Feb 27, 2023 when I left.", date(2023, 2, 27)),
])
def test_a_weekday_that_names_the_following_date_is_that_date(text: str, restated: str, day: date) -> None:
    out, mentions = restate_times(text, datetime(2023, 3, 10, tzinfo=UTC))
    assert out == restated
    assert len(mentions) == 1 and mentions[0].span.start.date() == day


def test_a_weekday_opening_a_sentence_keeps_its_capital() -> None:
    out, _ = restate_times("On Friday we left early.", datetime(2023, 3, 10, tzinfo=UTC))
    assert out == "On Friday, 3 March 2023 we left early."


@pytest.mark.parametrize("text", ["see you \u017funday", "in \u017feptember", "\u017fept 3rd", "next wee\u212a", "th\u0131s friday"])
def test_letters_a_pattern_takes_for_ascii_ones_do_not_break_the_rules(text: str) -> None:
    """A case-insensitive pattern takes the long s for "s" (and the Kelvin sign for "k", the
    dotless i for "i"); the rule that reads the match then found no weekday or month of that
    name and raised. Such a text is read as its ASCII twin, its own words kept."""
    found = find_times(text, datetime(2023, 5, 10, tzinfo=UTC))
    assert len(found) == 1 and found[0].text == text[found[0].start : found[0].end]
