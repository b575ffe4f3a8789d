"""Events told as just past, read from the real parse (``ground.recent``)."""

from __future__ import annotations

import pytest

from ripplemem.ground.pipeline import EXTRACTOR_UNUSED, MODEL, load
from ripplemem.ground.recent import just_happened

CASES = [
    ("I just saw them live with Adam Lambert at the Prudential Center.", True),
    ("I just finished a 5K run with a personal best time.", True),
    ("I've just finished reading Dune.", True),
    ("We've just got back from Lisbon!", True),
    ("My sister just had a baby!", True),
    ("Just finished my first marathon!", True),
    ("I just signed up for a pottery class.", True),
    ("The user just got a smoker.", True),
    ("It's just been painted.", True),
    ("I just wanted to say hi.", False),
    ("I just thought you'd like it.", False),
    ("Did you just get back?", False),
    ("I had just finished when she called.", False),
    ("I just love it.", False),
    ("If you just asked her, she'd say yes.", False),
    ("I just need a break.", False),
    ("I just can't believe it.", False),
    ("That's just what I needed.", False),
    ("I was just thinking about you.", False),
    ("I finished a 5K run last month.", False),
    ("It is just a phase.", False),
]


@pytest.fixture(scope="module")
def parse():  # type: ignore[no-untyped-def]
    return load(MODEL, EXTRACTOR_UNUSED)


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_just_past(parse, text: str, expected: bool) -> None:  # type: ignore[no-untyped-def]
    assert just_happened(parse(text)) is expected
