"""How a speaker's questions hold together with what is said around them (``write.asking``),
through the rule extractor with the real spaCy model. Invented sentences."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from ripplemem.types import Candidate, Turn, Window
from ripplemem.write import nlp
from ripplemem.write.asking import asks_about_a_thing, opens_on_a_thing
from ripplemem.write.extract_rule import RuleExtractor

WHEN = datetime(2023, 5, 8, 13, 56, tzinfo=UTC)


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def window(*rows: tuple[str, str], roles: bool = False) -> Window:
    turns = tuple(
        Turn(f"D1:{i + 1}", "S1", who, said, role=who if roles else None) for i, (who, said) in enumerate(rows)
    )
    speakers = tuple(dict.fromkeys(who for who, _ in rows))
    return Window("S1", WHEN, turns, frozenset(t.turn_id for t in turns), speakers)


def texts(found: list[Candidate]) -> list[str]:
    return [c.restatement for c in found]


def test_questions_asked_one_after_another_are_one_memory(ex: RuleExtractor) -> None:
    """Stated apart, "What is her name?" was answered by nobody."""
    found = ex.extract(
        window(
            ("Ava", "I adopted a kitten last week."),
            ("Ben", "So cute! What is her name? Does she get along with your old cat?"),
        )
    )
    assert texts(found)[1:] == ["Ben asked: What is her name? Does she get along with Ava's old cat?"]
    chat = ex.extract(window(("user", "Is chess a sport? Why do people call it one?"), roles=True))
    assert texts(chat) == ["The user asked: Is chess a sport? Why do people call it one?"]


def test_a_statement_that_goes_on_from_the_speaker_s_own_question_stays_with_it(ex: RuleExtractor) -> None:
    """ "He saved four match points" alone says "He" of nobody."""
    found = ex.extract(
        window(
            ("Ava", "I love old tennis matches."),
            ("Ben", "Remember that comeback at Wimbledon in 2008? He saved four match points and won."),
        )
    )
    assert (
        texts(found)[1] == "Ben asked: Remember that comeback at Wimbledon in 2008? He saved four match points and won."
    )
    # a statement that starts something of its own is a memory of its own, as before
    apart = ex.extract(
        window(
            ("Ava", "I love old tennis matches."),
            ("Ben", "Did you watch the final? My brother bought a new racket yesterday."),
        )
    )
    assert len(apart) == 3


def test_a_wh_question_about_a_thing_is_stated_with_the_reply_that_calls_it_it(ex: RuleExtractor) -> None:
    found = ex.extract(
        window(
            ("Ava", "I started a second novel while I wait to hear about the first."),
            ("Ben", "What's the new one about?"),
            ("Ava", "It's about a sailor who walks home across Europe after losing his ship."),
        )
    )
    last = found[-1]
    assert last.restatement.startswith("Ben asked: What's the new one about? Ava said: It's about a sailor")
    assert last.sources == ("D1:2", "D1:3")
    # a greeting asks about no thing: the reply stays alone
    greeting = ex.extract(
        window(("Ava", "Hi Ben!"), ("Ben", "How are you?"), ("Ava", "It has been a long week at the office, honestly."))
    )
    assert [c.sources for c in greeting] == [("D1:3",)]


def test_a_reaction_named_by_these_or_they_in_the_next_sentence_is_kept(ex: RuleExtractor) -> None:
    found = ex.extract(
        window(
            ("Ava", "They look so happy!"),
            (
                "Ben",
                "Thanks! The hamsters may be tiny, but both sure have big appetites. "
                "I really recommend little pets like these for anyone who lives alone.",
            ),
        )
    )
    assert texts(found) == [
        "Ben said: The hamsters may be tiny, but both sure have big appetites. "
        "Ben really recommends little pets like these for anyone who lives alone."
    ]


@pytest.mark.parametrize(
    ("question", "about"),
    [
        ("What's the new one about?", True),
        ("How was the trip to the coast?", True),
        ("How are you?", False),
        ("What's up?", False),
        ("Did you like the trip?", False),  # no wh-question: the yes/no rule's business
    ],
)
def test_asks_about_a_thing(question: str, about: bool) -> None:
    assert asks_about_a_thing(nlp.load_nlp()(question)) is about


@pytest.mark.parametrize(
    ("sentence", "thing"),
    [
        ("It's about a sailor.", True),
        ("Those were the best days.", True),
        ("It's been a long week.", False),
        ("There's a new cafe.", False),
        ("So I went home.", False),
    ],
)
def test_opens_on_a_thing(sentence: str, thing: bool) -> None:
    assert opens_on_a_thing(sentence) is thing
