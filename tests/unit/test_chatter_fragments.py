"""Bare fragments and reactions: short replies that name nothing new are small talk, short
replies that answer, name or tell something are content. Hand-written English sentences (none
from a dataset)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from ripplemem.ground.chatter import explain, is_pleasantry
from ripplemem.types import Turn, Window
from ripplemem.write.extract_rule import RuleExtractor

TOLD = "My landlord finally repainted the hallway after two years of asking."

# (reply, the other speaker's turn just before): reactions that keep no memory
REACTIONS = [
    # interjections drawn out
    ("Yesss.", TOLD),
    ("Ohhhh no.", TOLD),
    ("Heyyy!", None),
    ("Byeee!", None),
    # greetings, farewells and acknowledgements
    ("Knock knock.", None),
    ("Who's there?", "Knock knock."),
    ("Hey stranger!", None),
    ("Morning, sunshine.", None),
    ("Oh hi, long time!", None),
    ("Ciao!", None),
    ("Laters!", "Right, off to bed."),
    ("Duly noted.", "The gate code changed again."),
    ("Okay, understood.", "The gate code changed again."),
    # asking for a picture or news of what was just told, naming nothing
    ("Pics please!", "I baked a lopsided cake."),
    ("Ha, send me a picture.", "I baked a lopsided cake."),
    ("Do tell.", "Something odd happened at the gym."),
    ("Report back!", "I'm trying the new noodle bar tonight."),
    # verbless assessments of what was just told
    ("Heroic.", TOLD),
    ("Ha, patience.", TOLD),
    ("Pure stubbornness.", TOLD),
    ("Poor hallway.", TOLD),
    ("Oh, sheer bliss.", "I slept in until noon with the phone off."),
    ("Total madness here.", "Oi, you forgot my birthday."),
    ("Absolute scenes!", "The neighbours' goat got into the school fete."),
    ("Two years! The patience.", TOLD),  # repeats the number it heard
    ("Two years??", TOLD),
    # an assessment answering how one is
    ("Hectic. You?", "How's your week been?"),
]

# (reply, the turn before): content that must stay
CONTENT = [
    # an answer to a question, or to a question put inside a statement
    ("Chemistry.", "What are you studying these days?"),
    ("Mushroom risotto.", "I can't decide what to cook tonight."),
    ("Hummingbirds.", "Guess what I saw in the garden this morning."),
    # a name, a number or a time that was not just said
    ("Ouarzazate!", "We finally booked our honeymoon."),  # a name no dictionary lists (a listed one: the recogniser, below)
    ("Four nights in Bergen.", "We finally booked our honeymoon."),
    ("Eleven, apparently.", TOLD),
    ("Next Thursday.", TOLD),
    # news after "how are you": a thing, not how it went
    ("Hail! Actual hail!", "How's your week been?"),
    # the turn goes on to state something of its own
    ("Dumplings! Made forty of them for the party.", TOLD),
    # a question after it refers to it
    ("Pancakes! Were they any good?", "The cafe on the corner does breakfast now."),
    # it follows the speaker's own question: it evaluates what the speaker asked about
    ("Remember my driving test? Total disaster.", TOLD),
    # an instruction about a thing, a clause, advice
    ("Check the fuse box.", "The lights keep flickering."),
    ("Paint was still wet.", TOLD),
    ("Try a dehumidifier.", "The bathroom keeps getting mould."),
    # a question about something new
    ("Damp?", "The bathroom keeps getting mould."),
    ("How long?", TOLD),
]


@pytest.mark.parametrize(("text", "previous"), REACTIONS)
def test_reactions_are_small_talk(text: str, previous: str | None) -> None:
    assert is_pleasantry(text, names=("Ann", "Ben"), previous=previous), explain(text, previous=previous)


@pytest.mark.parametrize(("text", "previous"), CONTENT)
def test_content_stays(text: str, previous: str | None) -> None:
    assert not is_pleasantry(text, names=("Ann", "Ben"), previous=previous), explain(text, previous=previous)


def test_a_fragment_is_small_talk_only_as_a_reply() -> None:
    assert not is_pleasantry("Heroic.")  # no turn before: nothing it could evaluate
    assert not is_pleasantry("Heroic.", previous="Did the firefighters get the cat down?")  # an answer


def test_a_chat_users_short_phrase_is_a_request() -> None:
    answer = "Here is an outline of the business plan, with a section on costs and one on the market."
    assert not is_pleasantry("More details.", previous=answer)  # no names: a user and an assistant
    assert not is_pleasantry("Japanese.", previous=answer)
    assert is_pleasantry("Perfect.", previous=answer)  # an evaluative word, as before


def test_the_why_names_the_fragment() -> None:
    found = explain("Ha, pure stubbornness.", names=("Ann", "Ben"), previous=TOLD)
    assert found == [("Ha, pure stubbornness.", "reaction", "fragment: pure stubbornness")]


def _window(*rows: tuple[str, str]) -> Window:
    turns = tuple(Turn(f"t{i}", "S1", speaker, text) for i, (speaker, text) in enumerate(rows))
    speakers = tuple(dict.fromkeys(t.speaker for t in turns))
    return Window("S1", datetime(2024, 3, 4, 10, 0, tzinfo=UTC), turns, frozenset(t.turn_id for t in turns), speakers)


def test_the_extractor_keeps_no_memory_of_a_bare_reaction() -> None:
    found = RuleExtractor().extract(_window(
        ("Ann", "Knock knock."),
        ("Ben", "The plumber left a wrench inside the washing machine."),
        ("Ann", "Ha, classic plumber."),
        ("Ben", "Found it after the spin cycle."),
        ("Ann", "Nooooo. Poor machine."),
    ))  # fmt: skip
    assert [c.sources for c in found] == [("t1",), ("t3",)]


def test_the_extractor_keeps_a_fragment_that_answers_or_names_a_place() -> None:
    found = RuleExtractor().extract(_window(
        ("Ann", "What did you end up studying?"),
        ("Ben", "Geology."),
        ("Ann", "We finally picked the honeymoon spot."),
        ("Ben", "Lisbon!"),
    ))  # fmt: skip
    said = " ".join(c.restatement for c in found)
    assert "Geology" in said and "Lisbon" in said
