"""A sentence that leans on what the sentence before it in the same turn names stays in that
memory, whatever its time or the memory's size up to ``max_unit_chars`` (write/extract_rule.py
_units, ground/referents.py), on the real rule extractor."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from ripplemem.ground.referents import leans_on_referent
from ripplemem.types import Turn, Window
from ripplemem.write.extract_rule import RuleExtractor

WHEN = datetime(2023, 5, 8, 13, 56, tzinfo=UTC)


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def memories(ex: RuleExtractor, text: str) -> list[str]:
    turn = Turn("D1:1", "S1", "Ann", text)
    return [c.restatement for c in ex.extract(Window("S1", WHEN, (turn,), frozenset({"D1:1"}), ("Ann", "Ben")))]


def test_a_sentence_about_them_at_another_time_stays_with_what_they_are(ex: RuleExtractor) -> None:
    found = memories(ex, "I dug out my old hiking boots from the attic yesterday, the ones I wore on the Camino "
                         "years ago. I'm thinking of taking them to the Lake District next month with my brother.")
    assert len(found) == 1
    assert "boots" in found[0] and "taking them to the Lake District in June 2023" in found[0]


def test_a_sentence_at_another_time_that_names_its_own_things_is_a_memory_of_its_own(ex: RuleExtractor) -> None:
    found = memories(ex, "I dug out my old hiking boots from the attic yesterday. I'm taking my brother to the "
                         "Lake District next month.")
    assert len(found) == 2


def test_a_unit_that_leans_grows_only_up_to_max_chars() -> None:
    small = RuleExtractor(max_chars=120, unit_chars=100)
    found = memories(small, "I dug out my old hiking boots from the attic yesterday, the ones I wore on the Camino "
                            "years ago. I'm thinking of taking them to the Lake District next month with my brother.")
    assert len(found) == 2


@pytest.mark.parametrize(
    ("text", "leans"),
    [
        ("I'm thinking of taking them to the Lakes.", True),  # "I" is not what "them" are
        ("Me and my sister took them to the Lakes.", False),  # "my sister" could be
        ("My kids loved the museum, they want to go back.", False),
    ],
)
def test_the_speaker_is_never_what_they_or_them_stand_for(text: str, leans: bool) -> None:
    assert leans_on_referent(text, ["Ann", "Ben"]) is leans
