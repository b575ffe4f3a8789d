"""A memory that leans on a referent it does not name (ground/referents.py)."""

from __future__ import annotations

import pytest

from ripplemem.ground.referents import leans_on_referent, unnamed_pronouns

PEOPLE = ("Ann", "Ben Cole")


@pytest.mark.parametrize(
    "text",
    [
        "Ben said: They've given so much and deserve Ben's backing.",
        "With their trust, Ben and others can do anything!",
        "Ann drew it. It stands for freedom and being herself.",
        "Ann said: This seemed like the perfect way to do it.",
        "Ann is so excited about it.",
        "Ben said: It's so important to Ann.",
        "Ben said: Thanks, Ann! It means a lot.",  # the first sentence has no verb: the next is read too
        "That's a great idea.",
        "Its colours are bright and warm.",
        "Ann's kids loved it.",  # a plural noun is no "it"
        "Ann loves that!",
        "They were stoked for the dinosaur exhibit!",
        "Ben can't stop thinking about those.",
        "Ben said: Watching them grow is so rewarding.",
        "Ben admires what they did for the town.",
        "It was a blast!",
        "Ann wants to try those next summer.",
        "Ben said: These have been with Ben since the start.",
        "Ann asked: What made Ben paint it?",
        "Ben is grateful that Ben was able to overcome it.",
        "Ann keeps going back to it every weekend.",
        "Ben Cole said: It really spoke to Ben.",
        "Ann and Ben were happy to see these again.",
        "Ann said: It's like having a little sun in Ann's pocket.",
    ],
)
def test_a_pronoun_whose_referent_is_not_in_the_memory_leans_on_it(text: str) -> None:
    assert leans_on_referent(text, PEOPLE), unnamed_pronouns(text, PEOPLE)


@pytest.mark.parametrize(
    "text",
    [
        # "it" that stands for nothing
        "It's raining in Leeds.",
        "It's great to see Ann again.",
        "It seems that Ben forgot the keys.",
        "Ann finds it hard to believe that Ben left.",
        "It's been a long week for Ann.",
        "It took Ann three hours to get there.",
        "Ann made it to the finals.",
        "It's cold in the mountains.",
        "It's 5 o'clock already.",
        "It's so nice of Ben to help.",
        "Ann is happy when it's sunny.",
        # what the pronoun stands for is named before it, or in its own clause
        "Ann bought a lamp and loves it.",
        "Ben watched Little Women and it was great.",
        'Ben watched "Little Women" recently, and it was great!',
        "Ann loves swimming, it relaxes her.",
        "Ann adopted a puppy last week and it is adorable.",
        "Ann quit the choir, and that was brave.",
        "Ann quit, that was brave.",
        "Ann started surfing in 2018 and it's been great.",
        "Ann's family is great, they support her.",
        "The kids loved the museum and they want to go back.",
        "Ben picked up new shoes and loves them.",
        "Ann keeps their photo on the fridge.",  # "their" of a person named before
        "Ann took the dog with them.",
        "Ben said: Luna and Oliver! They are so sweet and playful.",  # names joined: a group
        "This is Ann's dog Max.",
        "It was Ann who called first.",
        "Those who came loved the show.",
        # not a pronoun the rule reads, or not a reference back
        "They say Ann is the best baker in town.",
        "Just do it!",
        "Check this out!",
        'Ann loves the line "it is what it is".',
        "Ann spent this week in Porto.",
        "Ann said that Ben left early.",
        "The book that Ann wrote sold well.",
        "The bakery on the corner changed its sign.",
        "Ann went to the park yesterday.",
        "Ben hit his head, but he is fine.",
    ],
)
def test_a_pronoun_that_stands_for_nothing_or_for_what_the_memory_names_does_not(text: str) -> None:
    assert not leans_on_referent(text, PEOPLE), unnamed_pronouns(text, PEOPLE)


def test_a_person_before_it_is_not_what_it_stands_for() -> None:
    assert leans_on_referent("Ann drew it.", ["Ann"])
    assert not leans_on_referent("Ann drew it.")  # unknown as a person, "Ann" could be a thing


def test_the_pronouns_found_are_named() -> None:
    assert unnamed_pronouns("Ben said: They signed it for Ben.", PEOPLE) == ("They", "it")
    assert unnamed_pronouns("Ben went to Rome.", PEOPLE) == ()
