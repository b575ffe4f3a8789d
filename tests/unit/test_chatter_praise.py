"""Praise, encouragement, sympathy, thanks and closings after what the other speaker told:
small talk, unless they add something of their own. Hand-written English (none from a dataset)."""

from __future__ import annotations

import pytest

from ripplemem.ground.chatter import explain, is_pleasantry

NAMES = ("Ann", "Ben")
BAKERY = "I finally opened my bakery last month and it's been a lot of work."
TRIP = "We're taking the kids on a road trip next week."
TIRE = "I got a flat tire on the way to work."
GARDEN = "I've gotten really into gardening, I grow a few herbs on the balcony."
CAT = "We had to put our old cat down."
DOUGH = "My sourdough keeps coming out flat."
ROOF = "My brother and I fixed the roof together."

SMALL_TALK = [
    # an indefinite phrase that takes up what was just told introduces nothing
    ("A road trip with the kids, how fun!", TRIP),
    ("Oh no, a flat tire is the worst!", TIRE),
    ("Wow, a whole marathon! That's incredible.", "I ran a whole marathon on Sunday."),
    ("Gardening is such a nice hobby, and a balcony garden is so cozy.", GARDEN),
    # praise for a hypothetical: "you'd be", "you would make"
    ("You'd be a great coach!", "I helped my nephew with his batting."),
    # "sounds like", "looks like": a likeness, not a liking
    ("Sounds like you make a great team!", ROOF),
    ("Looks like you both make a great team.", ROOF),
]

CONTENT = [
    # what was not heard is introduced, even inside a reaction
    ("A road trip sounds fun, we did one to Utah last summer.", TRIP),
    ("Oh no, a flat tire and a cracked windshield? That's the worst!", TIRE),
    ("A house track would be perfect for that.", "I love house music."),
    # what the listener will or would be: an opinion of them one may ask about
    ("You'll be an awesome mom!", "We're adopting two kids next year."),
    ("You will make a great teacher, you explain things so well.", "I start my training in the autumn."),
    ("You're going to be such a great nurse.", "I got my acceptance letter today!"),
    # a liking names what is liked
    ("I like bread with a crispy crust.", DOUGH),
]


@pytest.mark.parametrize(("text", "previous"), SMALL_TALK)
def test_small_talk(text: str, previous: str) -> None:
    assert is_pleasantry(text, names=NAMES, previous=previous), explain(text, names=NAMES, previous=previous)


@pytest.mark.parametrize(("text", "previous"), CONTENT)
def test_content(text: str, previous: str) -> None:
    assert not is_pleasantry(text, names=NAMES, previous=previous), explain(text, names=NAMES, previous=previous)
