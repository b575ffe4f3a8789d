"""Encouragement to savour or pursue with no object of its own ("Cherish those moments!",
"Keep chasing your dreams"), the listeners as a pair ("you two"), belief in the listener's power or skills, a lead-in that asks
after plans in general ("Any plans coming up?"), and a "g" dropped as spoken ("Keep movin'
forward!"): small talk. What is savoured or planned, when named, and what someone gives, stay
content. Hand-written English (none from a dataset)."""

from __future__ import annotations

import pytest

from chatter_cases import cases, check

TRIP = "We just got back from a week of sailing around the islands with my parents."
NEWS = "I finally handed in my thesis yesterday."

SMALL_TALK = [
    ("Cherish the moments - they're the best!", TRIP),
    ("Savour every bit of it!", TRIP),
    ("Treasure those memories.", TRIP),
    ("We should cherish every moment with them.", TRIP),
    ("Keep chasing your dreams!", NEWS),
    ("Chasing our dreams and helping each other out.", NEWS),
    ("I believe in your power to make it happen!", NEWS),
    ("You got the skills, passion, and drive.", NEWS),
    ("Let's keep movin' forward!", NEWS),
    ("How're ya doin'?", None),
    ("Any plans coming up?", NEWS),
    ("Got any fun plans?", NEWS),
    ("I want to keep reaching for new goals.", NEWS),
    ("Let's continue supporting each other!", NEWS),
    ("That'll keep my confidence up.", NEWS),
    ("Awesome news that you two are getting along!", NEWS),
    ("I hope you two have a great time.", NEWS),
    ("Care to fill me in?", NEWS),
]

CONTENT = [
    ("Cherish the time with your grandmother in Lisbon.", TRIP),
    ("I treasure the watch my grandfather left me.", TRIP),
    ("I'm chasing a job at the observatory.", NEWS),
    ("Any plans for the summer?", NEWS),
    ("I have big plans for the garden.", NEWS),
    ("My plans fell through.", NEWS),
    ("They give me the strength to keep going.", NEWS),
    ("I'm working on my skills in pottery.", NEWS),
    ("We're movin' to Denver in June.", NEWS),
    ("My goal is to run the Berlin marathon.", NEWS),
    ("I continued the course online.", NEWS),
    ("I have two dogs.", NEWS),
    ("We two went to Paris.", NEWS),
]


@pytest.mark.parametrize(("text", "previous", "small_talk"), cases(SMALL_TALK, CONTENT))
def test_small_talk_or_content(text: str, previous: str | None, small_talk: bool) -> None:
    check(text, previous, small_talk)

