"""A kind of thing said to matter ("Communication is key", "A safe home is key"): small talk that
agrees with what was heard; a subject determined, a name, a place, a time or the speaker's own
thing stay content. Hand-written English (none from a dataset)."""

from __future__ import annotations

import pytest

from chatter_cases import cases, check
from ripplemem.ground.chatter_shapes import values_kind

PUPPY = "We're getting the house ready before the puppy comes home."
TEAM = "My team finally shipped the new release after months of work."
SLEEP = "I've been so tired, work has been nonstop lately."

SMALL_TALK = [
    # a bare or "a" subject and an importance adjective, nothing after it
    ("Yeah, that's important. A safe home is key.", PUPPY),
    ("Communication is key.", TEAM),
    ("Totally. Teamwork is so essential!", TEAM),
    ("Self-care is so important!", SLEEP),
    ("Oh, good sleep is absolutely vital.", SLEEP),
    ("Yes! Patience is crucial.", PUPPY),
    ("A strong routine is really key.", SLEEP),
]

CONTENT = [
    # what it matters for is named, or a name, a place, a time
    ("A safe home is key for our new puppy Max.", PUPPY),
    ("Sunscreen is key in Mallorca.", SLEEP),
    ("Good tires are essential for the trip to Wales.", SLEEP),
    ("Insulin is vital for my dad.", SLEEP),
    # a subject determined: a particular thing, or the speaker's own
    ("My passport is essential.", PUPPY),
    ("Dad's insulin is vital.", SLEEP),
    ("Our backup generator is crucial.", PUPPY),
    # not a statement that a thing matters
    ("A fenced yard keeps him safe.", PUPPY),
]


@pytest.mark.parametrize(("text", "previous", "small_talk"), cases(SMALL_TALK, CONTENT))
def test_small_talk_or_content(text: str, previous: str | None, small_talk: bool) -> None:
    check(text, previous, small_talk)


def test_values_kind() -> None:
    assert values_kind("communication is key".split())
    assert values_kind("yeah a safe home is so key".split())
    assert not values_kind("a safe home is key for max".split())
    assert not values_kind("the garden is key".split())
    assert not values_kind("my passport is essential".split())
    assert not values_kind("dad's insulin is vital".split())
