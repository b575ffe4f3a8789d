"""What an activity can do for anyone, a common noun after an interjection, a participle after
"get": small talk in a reaction or a follow-up question; a name, a request, the speaker's own
doing stay content. Hand-written English (none from a dataset)."""

from __future__ import annotations

import pytest

from chatter_cases import cases, check
from ripplemem.ground.chatter_shapes import generic_claim

RUN = "I've been running every morning before work."
ALBUM = "I found my grandma's old photo album in the attic."
SHELTER = "I started volunteering at the animal shelter."

SMALL_TALK = [
    # a gerund subject with a modal of possibility: a truism said back
    ("Running can really boost your mood.", RUN),
    ("Oh, getting outside more can help so much.", RUN),
    ("Taking small steps can help. Keep it up!", RUN),
    ("Reading might take you anywhere.", "I finished another novel last night."),
    # a common noun in lower case after an interjection is no name
    ("Aww, childhood memories can be so powerful!", ALBUM),
    ("Oh, family photos are so special!", ALBUM),
    ("Wow, kindness like that is so inspiring.", SHELTER),
    # a participle after "get" is a verb: a follow-up that names nothing
    ("What made you decide to get involved with that?", SHELTER),
    ("How did you get started?", SHELTER),
]

CONTENT = [
    # the speaker's own doing, a gerund with no modal, a thing named
    ("Running helps my knees, weirdly.", RUN),
    ("Running can wait, I've got a deadline on Friday.", RUN),
    ("Swimming in Lake Geneva can be freezing.", RUN),
    # a name or a request after an interjection
    ("Aww, Tilly is so sweet!", ALBUM),
    ("Oh, include the frames in the quote.", ALBUM),
    ("Wow, grandma kept everything!", ALBUM),
    # a participle after "get" in a question that names a thing
    ("How did you get involved with the animal shelter in Leeds?", SHELTER),
    ("Did the kittens get adopted?", SHELTER),
]


@pytest.mark.parametrize(("text", "previous", "small_talk"), cases(SMALL_TALK, CONTENT))
def test_small_talk_or_content(text: str, previous: str | None, small_talk: bool) -> None:
    check(text, previous, small_talk)


def test_generic_claim() -> None:
    assert generic_claim("running can really boost your mood".split())
    assert generic_claim("oh getting outside more can help".split())
    assert not generic_claim("running boosts my mood".split())
    assert not generic_claim("the run can wait".split())
