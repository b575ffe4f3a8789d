"""Concepts read from the real parse: things, relation terms, names the recogniser missed."""

from __future__ import annotations

import pytest

from ripplemem.ground.concepts import concept_key, concepts_of, singular

CASES = [
    ("My godmother has a bad peanut allergy.", (), {"godmother", "peanut allergy", "allergy"}, set()),
    ("Cafe Brio keeps the air clean, no candles, big open windows.", (), {"Cafe Brio", "candle", "window"}, set()),
    ("You can only get to the Red Kite by car.", (), {"Red Kite", "car"}, set()),
    ("Tamarind does oysters, crab and mussels.", (), {"oyster", "crab", "mussel"}, set()),
    ("Sofia suggested Mercado 21 for the party.", ("Sofia",), {"Mercado 21", "party"}, {"Sofia"}),
    ("I bought new climbing shoes last week.", (), {"climbing shoe", "shoe"}, {"week"}),
    ("The berries and the dishes were on the table.", (), {"berry", "dish", "table"}, set()),
    ("The bakery on the corner sells sourdough loaves.", (), {"bakery", "corner", "loaf"}, set()),
    ("Wow, that is great, thanks so much!", (), set(), {"thanks"}),
    ("How was your weekend?", (), set(), {"weekend"}),
    ("I gave away my last suit, formal clothes are not for me.", (), {"suit", "clothes"}, {"clothe", "last"}),
    ("My dermatologist, Dr. Lee, removed the mole.", (), {"dermatologist", "Dr. Lee", "doctor", "mole"}, set()),
    ("Coach Odile moved practice to Friday.", (), {"Coach Odile", "coach", "practice"}, set()),
    ("Lee fixed it.", (), set(), {"doctor"}),
    ("Diversity and happiness were the theme; the experience was a dream.", (), {"theme"},
     {"diversity", "happiness", "experience", "dream"}),
]


@pytest.mark.parametrize(("text", "exclude", "wanted", "unwanted"), CASES)
def test_concepts_of_a_sentence(text: str, exclude: tuple[str, ...], wanted: set[str], unwanted: set[str]) -> None:
    (found,) = concepts_of([text], [exclude])
    assert wanted <= set(found), found
    assert not (unwanted & set(found)), found


def test_singular_and_keys_follow_english_spelling() -> None:
    assert [singular(w) for w in ("berries", "dishes", "shoes", "glass", "news", "bus", "shelves", "loaves", "clothes")] == [
        "berry", "dish", "shoe", "glass", "news", "bus", "shelf", "loaf", "clothes"]
    assert concept_key("The  Red Kite") == "red kite" and concept_key("an oyster") == "oyster"
