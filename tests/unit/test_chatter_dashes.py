"""A statement and a question joined by a dash are two sentences, each judged as one: praise
then a follow-up that names nothing is small talk ("Winning that game must have felt amazing -
what was it like?"); a name, or a question that names a thing, stays content, on either side.
Hand-written English (none from a dataset)."""

from __future__ import annotations

import pytest

from chatter_cases import cases, check

WON = "We won the final last night, two goals in extra time!"
ROOM = "I finally finished setting up my new gaming room."

SMALL_TALK = [
    ("Wow! Winning that game must have felt amazing - what was it like?", WON),
    ("That sounds incredible - how did you celebrate?", WON),
    ("Your gaming room looks great - have you been gaming a lot recently?", ROOM),
    ("So proud of you \u2014 how's it feel?", WON),
    ("Sounds like it has been a wonderful experience - what has it been like?", ROOM),
]

CONTENT = [
    # a name, a place or a thing of the speaker's own before the dash
    ("I moved to Leeds - did you know?", ROOM),
    ("My brother plays in that league - was it the Hawks?", WON),
    # a question after the dash that names a thing
    ("That sounds amazing - what kind of console did you get?", ROOM),
    ("Incredible - who scored the winner?", WON),
    ("Great job - is the trophy at the clubhouse now?", WON),
]


@pytest.mark.parametrize(("text", "previous", "small_talk"), cases(SMALL_TALK, CONTENT))
def test_small_talk_or_content(text: str, previous: str | None, small_talk: bool) -> None:
    check(text, previous, small_talk)
