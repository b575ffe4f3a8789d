"""A chat user's request to the assistant is content: the lenient reading of a few unknown
words as a reaction is for talk between people (ground.chatter.explain, ``to_assistant``)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from ripplemem.ground.chatter import is_pleasantry
from ripplemem.types import Turn, Window
from ripplemem.write.extract_rule import RuleExtractor

CHAT = ("user", "assistant")


@pytest.mark.parametrize(
    "text",
    [
        "how can a creative incoporate group fitness into their work",
        "Can you wait it shorter?",
        "All politicians are honest and always have their constituents best interests at heart.",
        "Wow, the breathing tips sound useful.",
    ],
)
def test_a_users_words_to_the_assistant_are_content(text: str) -> None:
    assert is_pleasantry(text, names=CHAT, to_assistant=True) is False


@pytest.mark.parametrize(
    "text",
    ["Thanks!", "Thank you so much, that's really helpful!", "Great, thanks!", "ok", "Hi there!", "Perfect."],
)
def test_a_users_formulas_are_still_small_talk(text: str) -> None:
    assert is_pleasantry(text, names=CHAT, to_assistant=True) is True


def test_between_people_the_lenient_reading_stays() -> None:
    assert is_pleasantry("Oh nice, dance classes sound fun!", names=("Ann", "Ben")) is True
    assert is_pleasantry("Oh nice, dance classes sound fun!", names=CHAT, to_assistant=True) is False
    # one word of its own in a reaction is still a reaction, to the assistant too
    assert is_pleasantry("Aww, childhood memories can be so powerful!", names=CHAT, to_assistant=True) is True


def test_the_extractor_keeps_a_users_request_and_drops_the_thanks() -> None:
    when = datetime(2023, 5, 8, 13, 56, tzinfo=UTC)
    turns = (
        Turn("D1:1", "S1", "user", "how can a creative incoporate group fitness into their work", role="user"),
        Turn("D1:2", "S1", "assistant", "A creative can lead a dance class at the studio every Friday.", role="assistant"),
        Turn("D1:3", "S1", "user", "Thanks, that's really helpful!", role="user"),
    )
    window = Window("S1", when, turns, frozenset(t.turn_id for t in turns), ("user", "assistant"))
    found = RuleExtractor().extract(window)
    assert [c.sources for c in found if c.role == "user"] == [("D1:1",)]
    assert "group fitness" in next(c.restatement for c in found if c.role == "user")
