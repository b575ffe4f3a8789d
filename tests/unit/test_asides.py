"""A turn dropped as small talk, stated before the next memory when that one leans on a thing
the turn names (write/extract_rule.py asides, write/compose.py takes_aside), on the real rule
extractor's candidates."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

import pytest

from ripplemem.config import WriteSettings
from ripplemem.types import Candidate, Turn, Window
from ripplemem.write.compose import compose
from ripplemem.write.extract_rule import RuleExtractor
from ripplemem.write.pipeline import composed as pipeline_composed

WHEN = datetime(2023, 5, 8, 13, 56, tzinfo=UTC)
WS = WriteSettings()


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor(aside_chars=WS.compose_aside_chars)


def extracted(ex: RuleExtractor, *rows: tuple[str, str]) -> tuple[list[Candidate], dict[str, int]]:
    turns = tuple(Turn(f"D1:{i + 1}", "S1", who, text) for i, (who, text) in enumerate(rows))
    window = Window("S1", WHEN, turns, frozenset(t.turn_id for t in turns), ("Ann", "Ben"))
    return ex.extract(window), {t.turn_id: i for i, t in enumerate(turns)}


def composed(ex: RuleExtractor, *rows: tuple[str, str], ws: WriteSettings = WS) -> list[Candidate]:
    found, order = extracted(ex, *rows)
    return compose(found, order, ws)


def sources(found: list[Candidate]) -> list[tuple[str, ...]]:
    return [c.sources for c in found]


@pytest.mark.parametrize(
    ("rows", "named"),
    [
        (  # the reaction names the drawings; the answer calls them "they"
            [("Ben", "Wow Ann, those drawings are really incredible! What inspired you to create them?"),
             ("Ann", "Thanks! They're sketches of the characters in my novel, so I can picture them while I write.")],
            "Ben said: Those drawings are really incredible! Ann said: They're sketches",
        ),
        (  # "make it" of a thing made
            [("Ben", "That cake looks amazing! How did you make it?"),
             ("Ann", "I make it with almond flour and coconut oil, it's my mum's recipe.")],
            "Ben said: That cake looks amazing! Ann makes it with almond flour",
        ),
        (  # a wish about the listener's knee, and how "it" is going
            [("Ann", "Hey Ben! Long time no see. Hope your knee is feeling better."),
             ("Ben", "It's still sore, but I'm doing my exercises every day.")],
            "knee is feeling better. Ben said: It's still sore",
        ),
        (  # "that" is what the turn before said of making a difference
            [("Ben", "Wow, that's amazing. It feels so good to make a difference in someone's life."),
             ("Ann", "Yeah, that's why I love volunteering!")],
            "make a difference in someone's life. Ann said: That's why Ann loves volunteering!",
        ),
        (  # a plural noun for "they"
            [("Ben", "Animals are amazing. They can be such good companions."),
             ("Ann", "Yes, they really comfort us when we feel low.")],
            "Ben said: Animals are amazing.",
        ),
    ],
)
def test_a_memory_leaning_on_what_a_small_talk_turn_names_is_stated_with_it(
    ex: RuleExtractor, rows: list[tuple[str, str]], named: str
) -> None:
    found, _ = extracted(ex, *rows)
    assert [c.aside for c in found] == [True, False]  # the small talk comes as an aside
    (memory,) = composed(ex, *rows)
    assert memory.sources == ("D1:1", "D1:2")
    assert named in memory.restatement
    assert not memory.aside


def test_the_aside_states_only_the_sentences_that_name_a_thing(ex: RuleExtractor) -> None:
    found, _ = extracted(ex, ("Ben", "Wow Ann, those drawings are really incredible! What inspired you to create them?"))
    assert [c.restatement for c in found] == ["Ben said: Those drawings are really incredible!"]
    assert found[0].layer == "episodic" and found[0].emphasis == 0.0
    nothing, _ = extracted(ex, ("Ben", "Wow, that looks amazing! What inspired it?"))
    assert nothing == []  # names nothing: no aside


@pytest.mark.parametrize(
    "rows",
    [
        # a topic change after small talk: the memory leans on nothing
        [("Ben", "Those cupcakes look delicious!"), ("Ann", "Anyway, I start my new job at the library on Monday.")],
        # the memory names its own thing
        [("Ben", "Those cupcakes look delicious!"), ("Ann", "The cupcakes took me all morning, the frosting was tricky.")],
        # "they" cannot stand for a cake: no referent is guessed
        [("Ben", "That cake looks amazing!"), ("Ann", "They were a gift from my aunt.")],
        # the small talk names nothing
        [("Ben", "Wow, that looks amazing! What inspired it?"), ("Ann", "I painted it after a long walk on the beach.")],
        # it names a time, not a thing
        [("Ben", "Have a lovely weekend!"), ("Ann", "It was a disaster, the oven broke halfway through dinner.")],
    ],
)
def test_a_memory_that_does_not_lean_on_what_the_small_talk_names_stays_alone(
    ex: RuleExtractor, rows: list[tuple[str, str]]
) -> None:
    assert sources(composed(ex, *rows)) == [("D1:2",)]


def test_a_question_is_not_stated_after_small_talk(ex: RuleExtractor) -> None:
    found = composed(ex, ("Ben", "Those boots look great, by the way!"), ("Ann", "Where did you buy them, Ben?"))
    assert sources(found) == [("D1:2",)]


def test_an_aside_is_never_stored_alone(ex: RuleExtractor) -> None:
    found, order = extracted(ex, ("Ben", "Those cupcakes look delicious!"))
    assert [c.aside for c in found] == [True]
    assert compose(found, order, WS) == []
    assert compose(found, order, replace(WS, compose_chars=0)) == []
    positions = {("S1", tid): i for tid, i in order.items()}
    assert pipeline_composed(found, positions, WS, compose_on=False) == []  # verbatim memories: one per kept turn


def test_asides_are_off_by_default_and_with_their_budget_at_zero() -> None:
    rows = (("Ben", "Those cupcakes look delicious!"),)
    assert extracted(RuleExtractor(), *rows)[0] == []
    assert extracted(RuleExtractor(aside_chars=20), *rows)[0] == []  # longer than the budget


def test_an_aside_is_not_stated_beyond_the_referent_turns(ex: RuleExtractor) -> None:
    rows = (("Ben", "Those drawings are really incredible!"), ("Ann", "They're sketches of the characters in my novel."))
    assert sources(composed(ex, *rows, ws=replace(WS, compose_referent_turns=0))) == [("D1:2",)]
    assert sources(composed(ex, *rows, ws=replace(WS, compose_referent_turns=1))) == [("D1:2",)]
    assert sources(composed(ex, *rows)) == [("D1:1", "D1:2")]


def test_a_chat_keeps_no_asides() -> None:
    turns = (Turn("c1", "S1", "user", "Those cupcakes look delicious!", role="user"),)
    window = Window("S1", WHEN, turns, frozenset({"c1"}), ("user", "assistant"))
    assert RuleExtractor(aside_chars=200).extract(window) == []


def test_the_turn_right_before_is_taken_when_the_one_further_back_names_nothing_it_could_be(ex: RuleExtractor) -> None:
    found = composed(
        ex,
        ("Ann", "I spent the weekend baking."),
        ("Ben", "Wow, those cinnamon rolls look amazing! How did you make them?"),
        ("Ann", "They take a whole day, the dough has to rise twice."),
    )
    assert sources(found) == [("D1:1",), ("D1:2", "D1:3")]
    assert found[1].restatement.startswith("Ben said: Those cinnamon rolls look amazing! Ann said: They take")


def test_across_small_talk_that_names_nothing_the_speaker_s_own_turn_is_reached(ex: RuleExtractor) -> None:
    found = composed(
        ex,
        ("Ann", "I took the kids to the museum yesterday."),
        ("Ben", "That must have been awesome. What were they so excited about?"),
        ("Ann", "They were excited about the dinosaur exhibit!"),
    )
    assert sources(found) == [("D1:1", "D1:3")]  # as before: the aside names no "they"
