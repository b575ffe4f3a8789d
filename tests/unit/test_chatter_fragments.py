"""Bare fragments and reactions: short replies that name nothing new are small talk, short
replies that answer, name or tell something are content. Hand-written English sentences (none
from a dataset)."""

from __future__ import annotations

import pytest

from ripplemem.ground.chatter import explain, is_pleasantry

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
]

# content that must stay
CONTENT = [
    ("Send me a photo of the new kitchen.", None),
    ("I need to report back to the committee.", None),
    ("It took a long time to fix.", None),
    ("Who's there at the launch party?", None),
]


@pytest.mark.parametrize(("text", "previous"), REACTIONS)
def test_reactions_are_small_talk(text: str, previous: str | None) -> None:
    assert is_pleasantry(text, names=("Ann", "Ben"), previous=previous), explain(text, previous=previous)


@pytest.mark.parametrize(("text", "previous"), CONTENT)
def test_content_stays(text: str, previous: str | None) -> None:
    assert not is_pleasantry(text, names=("Ann", "Ben"), previous=previous), explain(text, previous=previous)
