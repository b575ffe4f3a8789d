"""Restatements that read as English: a day used as a noun, a group's "our", a bare reaction,
an exchange too long to compose (the rule extractor and composition with the real model)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

import pytest

from ripplemem.config import WriteSettings
from ripplemem.ground.text import asked_only
from ripplemem.ground.timeslot import as_noun, stands_as_noun
from ripplemem.types import Candidate, Turn, Window
from ripplemem.write.compose import compose
from ripplemem.write.extract_rule import RuleExtractor
from ripplemem.write.nlp import load_nlp

WHEN = datetime(2023, 5, 8, 13, 56, tzinfo=UTC)  # a Monday


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def window(*rows: tuple[str, str], speakers: Sequence[str] = ("Priya", "Tomas")) -> Window:
    turns = tuple(Turn(f"D1:{i + 1}", "S1", who, text) for i, (who, text) in enumerate(rows))
    return Window("S1", WHEN, turns, frozenset(t.turn_id for t in turns), tuple(speakers))


def stated(ex: RuleExtractor, *rows: tuple[str, str]) -> list[str]:
    return [c.restatement for c in ex.extract(window(*rows))]


def said(ex: RuleExtractor, text: str) -> str:
    found: list[Candidate] = ex.extract(window(("Priya", text)))
    assert len(found) == 1, [c.restatement for c in found]
    return found[0].restatement


# ---------------------------------------------------------------- a day used as a noun


@pytest.mark.parametrize(
    ("text", "restated"),
    [
        ("Let's make tomorrow unforgettable!", "Let's make 9 May 2023 unforgettable!"),
        ("Tomorrow is a big day for me.", "9 May 2023 is a big day for Priya."),
        ("Today marks ten years since I moved here.", "8 May 2023 marks ten years since Priya moved here."),
        ("Next Friday works for me.", "Friday, 12 May 2023 works for Priya."),
        ("Last year changed everything for me.", "2022 changed everything for Priya."),
        ("I spent yesterday cleaning the garage.", "Priya spent 7 May 2023 cleaning the garage."),
        ("I'm gonna spend this weekend painting the fence.", "spend the weekend of 13-14 May 2023 painting"),
        ("I'll take next week off from work.", "take the week of 15 May 2023 off"),
        ("I'm making tonight special for my husband.", "making the night of 8 May 2023 special"),
        ("I think tomorrow will be rainy in the hills.", "thinks 9 May 2023 will be rainy"),
        ("Both today and tomorrow are busy at the clinic.", "Both 8 May 2023 and 9 May 2023 are busy"),
        ("Today was hard for me, but tomorrow should be better.", "but 9 May 2023 should be better"),
        ("Today's match was close.", "8 May 2023's match was close."),
    ],
)
def test_a_day_as_subject_or_object_reads_as_a_noun(ex: RuleExtractor, text: str, restated: str) -> None:
    assert restated in said(ex, text)


@pytest.mark.parametrize(
    ("text", "restated"),
    [
        ("Yesterday I went hiking with my dog.", "On 7 May 2023 Priya went hiking"),
        ("Last week, I went hiking with my dog.", "In the week of 1 May 2023, Priya went hiking"),
        ("Last week there was a power cut in my street.", "In the week of 1 May 2023 there was a power cut"),
        ("I went to the pottery class today.", "went to the pottery class on 8 May 2023."),
        ("I'll bake bread tomorrow for the market.", "bake bread on 9 May 2023 for the market"),
        ("The official opening of my bakery is tomorrow.", "is on 9 May 2023."),
        ("What are you cooking tonight for the party?", "on the night of 8 May 2023"),
        ("I remember last week you said you liked jazz.", "remembers in the week of 1 May 2023 Tomas said"),
        ("This reminds me of a road trip I took last summer.", "a road trip Priya took in summer 2022."),
        ("Here's the cake I made yesterday for my niece.", "the cake Priya made on 7 May 2023 for"),
        ("I think modern art today lacks depth.", "modern art on 8 May 2023 lacks depth"),
        ("I cleaned the house and yesterday went to the gym.", "and on 7 May 2023 went to the gym"),
        ("The dialect has spread, and today can be heard on the radio.", "and on 8 May 2023 can be heard"),
        ("I finished a long novel, Dune, today and I'm in the mood for more.", "Dune, on 8 May 2023 and"),
    ],
)
def test_a_day_as_a_time_keeps_its_preposition(ex: RuleExtractor, text: str, restated: str) -> None:
    assert restated in said(ex, text)


def test_what_a_verb_already_has_as_its_object_is_not_the_day() -> None:
    doc = load_nlp()("What did you make today?")
    assert not stands_as_noun(doc[4:5])
    doc = load_nlp()("Enjoy tonight, you earned it!")
    assert stands_as_noun(doc[1:2])


def test_as_noun_drops_only_a_leading_preposition() -> None:
    assert as_noun("on 20 June 2023") == "20 June 2023"
    assert as_noun("in the week of 12 June 2023") == "the week of 12 June 2023"
    assert as_noun("on the night of 8 May 2023") == "the night of 8 May 2023"
    assert as_noun("a few weeks before 19 June 2023") == "a few weeks before 19 June 2023"
    assert as_noun("since 7 May 2023") == "since 7 May 2023"


# ---------------------------------------------------------------- a group's "our"


@pytest.mark.parametrize(
    ("text", "restated"),
    [
        ("You're really doing our community a service by volunteering.", "Tomas is really doing the community a service"),
        ("I want to improve the parks in our neighbourhood.", "the parks in the neighbourhood."),
        ("Our town's library reopened last month.", "The town's library reopened"),
        ("Our planet needs all the help it can get.", "The planet needs"),
        ("Our actions really do matter.", "Priya and others' actions really do matter."),
        ("Together, our impact on the river cleanup was huge.", "Together, Priya and others' impact on the river cleanup"),
        ("Our kids are growing up so fast.", "Priya's kids are growing up so fast."),
        ("We took our kids to the zoo.", "Priya and others took their kids to the zoo."),
    ],
)
def test_a_groups_our_is_not_one_speakers(ex: RuleExtractor, text: str, restated: str) -> None:
    assert restated in said(ex, text)


def test_the_pairs_our_stays_the_pairs(ex: RuleExtractor) -> None:
    assert "Priya and Tomas's community" in said(ex, "Let's make a difference in our community together.")


# ---------------------------------------------------------------- a bare reaction or promise


@pytest.mark.parametrize(
    "text",
    [
        "Thanks! A mix of emotions for sure.",
        "Wow, what a rollercoaster of feelings!",
        "Got it. I'll definitely let you know how it turns out.",
        "Yep, I'll let you know once I'm done reading it.",
        "I'll definitely let you know my thoughts.",
        "Sounds great, I'll definitely check it out!",
        "Thanks for the tip! Gonna add it to my reading list.",
        "I might give it a try sometime.",
    ],
)
def test_a_bare_reaction_or_promise_about_it_is_small_talk(ex: RuleExtractor, text: str) -> None:
    assert stated(ex, ("Tomas", "I finally finished the short film about my grandmother."), ("Priya", text))[1:] == []


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("I'll let you know how the audition goes.", "audition"),
        ("I'll keep you posted about the move to Denver.", "Denver"),
        ("I have mixed feelings about the move to Denver.", "mixed feelings"),
        ("There was a flood.", "flood"),
        ("I'll try it next week.", "in the week of 15 May 2023"),  # a time grounds it
        ("There's a new cafe on Elm Street. I'll definitely check it out!", "will definitely check it out"),
        ("I haven't done pottery yet, but I'd like to. I might give it a try sometime!", "might give it a try"),
    ],
)
def test_a_reaction_or_promise_that_names_its_thing_is_kept(ex: RuleExtractor, text: str, kept: str) -> None:
    assert any(kept in s for s in stated(ex, ("Priya", text)))


# ---------------------------------------------------------------- questions and a long answer

_ANSWER = (
    "His name is Pepper and he gets along fine with the rabbit, they sleep in the same basket every night "
    "next to the stove while we cook, and since we took him home from the farm on Mill Lane after my uncle "
    "fostered him there for a few weeks he has been the calmest dog ever, even when the big bin lorry rattles past at dawn"
)


def _composed(ex: RuleExtractor, *rows: tuple[str, str], chars: int = 420, question_chars: int = 120) -> list[Candidate]:
    w = window(*rows)
    order = {t.turn_id: i for i, t in enumerate(w.turns)}
    return compose(ex.extract(w), order, WriteSettings(compose_chars=chars, compose_question_chars=question_chars))


def test_short_questions_stay_with_a_long_answer_that_fits_alone(ex: RuleExtractor) -> None:
    rows = (("Tomas", "What is his name? Does he get along with your rabbit?"), ("Priya", _ANSWER + "."))
    assert [c.sources for c in _composed(ex, *rows)] == [("D1:1", "D1:2")]


def test_questions_too_long_with_their_answer_give_it_the_last_question(ex: RuleExtractor) -> None:
    rows = (("Tomas", "What is his name? Does he get along with your rabbit?"), ("Priya", _ANSWER + "."))
    found = _composed(ex, *rows, question_chars=0)  # the questions count toward compose_chars
    assert [c.sources for c in found] == [("D1:1",), ("D1:1", "D1:2")]
    assert found[0].restatement == "Tomas asked: What is his name?" and asked_only(found[0].restatement)
    assert found[1].restatement.startswith("Tomas asked: Does he get along with Priya's rabbit? Priya said: His name is Pepper")


def test_questions_that_fit_with_their_answer_stay_one_memory(ex: RuleExtractor) -> None:
    rows = (("Tomas", "What is his name? Does he get along with your rabbit?"), ("Priya", "His name is Pepper, and they sleep together."))
    found = _composed(ex, *rows)
    assert [c.sources for c in found] == [("D1:1", "D1:2")]
    assert found[0].restatement.startswith("Tomas asked: What is his name? Does he get along with Priya's rabbit? Priya said:")


def test_an_answer_too_long_for_any_question_is_its_own_memory(ex: RuleExtractor) -> None:
    rows = (("Tomas", "What is his name? Does he get along with your rabbit?"), ("Priya", _ANSWER + "."))
    found = _composed(ex, *rows, chars=300)
    assert [c.sources for c in found] == [("D1:1",), ("D1:2",)]
    assert "Pepper" in found[1].restatement
