"""Thanks or praise for no more than backing the speaker ("You're the best for supporting me in
my writing journey"), and the two speakers praised as a pair ("We rock as a team!"): small
talk; a thing the listener did, lent or gave, a name, a place, a time, what the two did, stay
content. Hand-written English (none from a dataset)."""

from __future__ import annotations

import pytest

from chatter_cases import cases, check
from ripplemem.ground.chatter_shapes import praises_pair, thanks_for_support

CHEER = "Your writing keeps getting better, I can't wait to read the next chapter!"
DONE = "We finally got the whole garage cleared out in one afternoon."

SMALL_TALK = [
    # second-person praise or thanks whose only other words are support towards the speaker
    ("Thanks, Ben! You're the best for supporting me in my writing journey.", CHEER),
    ("Thank you so much for always believing in me.", CHEER),
    ("You're amazing for encouraging me on this path.", CHEER),
    ("Aw, you're such a gem for cheering me on every step of the way!", CHEER),
    ("You're so sweet. Thanks for motivating me!", CHEER),
    # the two speakers praised as a pair, nothing else
    ("Yup, we rock as a team! Glad to have you.", DONE),
    ("We make such a great team.", DONE),
    ("Haha, we really are a good team!", DONE),
]

CONTENT = [
    # a thing done, lent or given, named
    ("You're the best for lending me your car on Friday.", CHEER),
    ("Thanks for supporting me at the Leeds marathon.", CHEER),
    ("You're the best for supporting my bakery.", CHEER),
    ("You're the best for supporting me in my move to Leeds.", CHEER),
    ("Thanks for helping me paint the fence last weekend.", DONE),
    # what the two did or do, a place, a time
    ("We rock climbed in Utah.", DONE),
    ("We make a great team at the pub quiz.", DONE),
    ("We rock at bowling.", DONE),
    ("We rock the karaoke bar every Friday.", DONE),
]


@pytest.mark.parametrize(("text", "previous", "small_talk"), cases(SMALL_TALK, CONTENT))
def test_small_talk_or_content(text: str, previous: str | None, small_talk: bool) -> None:
    check(text, previous, small_talk)


def test_thanks_for_support() -> None:
    assert thanks_for_support("you're the best for supporting me in my writing journey".split())
    assert thanks_for_support("thanks for always believing in me".split())
    assert not thanks_for_support("you're the best for lending me your car".split())
    assert not thanks_for_support("you're the best for helping me with the garage sale".split())


def test_praises_pair() -> None:
    assert praises_pair("yup we rock as a team".split())
    assert praises_pair("we make such a great team".split())
    assert not praises_pair("we rock at bowling".split())
    assert not praises_pair("we make a great team at the pub quiz".split())
