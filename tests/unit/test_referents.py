"""A memory that leans on a referent it does not name (ground/referents.py), and composition
stating it with the turn before (write/compose.py)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

import pytest

from ripplemem.config import WriteSettings
from ripplemem.ground.referents import leans_on_referent, things_for, unnamed_pronouns
from ripplemem.types import Candidate, Turn, Window
from ripplemem.write.compose import compose
from ripplemem.write.extract_rule import RuleExtractor

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
        "Ann makes it with almond flour and coconut oil.",  # a thing made, not "make it" (manage)
        "Ann made it out of clay.",
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


@pytest.mark.parametrize(
    ("text", "pronouns", "things"),
    [
        ("Ben said: Those drawings are really incredible!", ("They",), ("drawings",)),
        ("Ben said: Those drawings are really incredible!", ("it",), ()),  # no singular thing
        ("Ben said: That cake looks amazing!", ("it",), ("cake",)),
        ("Ben said: That cake looks amazing!", ("they",), ()),
        ("Ben said: Stories and connections can truly make a difference.", ("They",), ("stories", "connections")),
        ("Ann said: Luna and Oliver are so sweet.", ("they",), ("luna", "oliver")),  # names joined by "and"
        ("Ann said: Spending time with loved ones is important.", ("them",), ("ones",)),
        ("Ann said: I like the other one.", ("it",), ()),  # "one" says nothing of its own
        ("Ann said: Making videos is hard, Ben.", ("it",), ("making",)),  # a gerund subject
        ("Ann said: It's been a long week.", ("it",), ()),  # a time
        ("Ann said: Ugh, that's so frustrating.", ("this",), ()),  # an interjection, not a name
        ("Ann said: No doubt it's been tough.", ("it",), ()),  # an adverbial
        ("Ann said: It's a lot of stuff.", ("it",), ()),  # nouns that name no particular thing
        ("Ann said: Ben's bike is so cool!", ("it",), ("bike",)),  # not the person
    ],
)
def test_what_another_turn_names_that_a_pronoun_could_stand_for(
    text: str, pronouns: tuple[str, ...], things: tuple[str, ...]
) -> None:
    assert things_for(text, pronouns, PEOPLE) == things


# ---------------------------------------------------------------- composition

WS = WriteSettings()
ORDER = {f"D1:{i}": i for i in range(1, 9)}
VETERANS = (
    "Ann said: The veterans at the shelter have been through so much, and most of them came back from two "
    "tours with nobody waiting for them at home."
)
BACKING = (
    "Ben said: Honestly, with their trust and their stories, Ben and others can do anything, and Ben plans to "
    "spend every second Saturday at the shelter from now on, cooking and listening."
)


def cand(text: str, turn: int, speaker: str, **kw: object) -> Candidate:
    return Candidate(restatement=text, sources=(f"D1:{turn}",), session_id="S1", speaker=speaker,
                     participants=frozenset({speaker}), **kw)  # type: ignore[arg-type]


def test_a_memory_leaning_on_what_the_turn_before_names_is_stated_with_it() -> None:
    assert len(BACKING) > WS.compose_short_chars  # not a short reply: the older rules leave it apart
    found = compose([cand(VETERANS, 1, "Ann"), cand(BACKING, 2, "Ben")], ORDER, WS)
    assert [c.sources for c in found] == [("D1:1", "D1:2")]
    assert found[0].restatement == f"{VETERANS} {BACKING}"
    off = replace(WS, compose_referent_turns=0)
    assert [c.sources for c in compose([cand(VETERANS, 1, "Ann"), cand(BACKING, 2, "Ben")], ORDER, off)] == [
        ("D1:1",), ("D1:2",)]


def test_after_a_core_fact_it_is_stated_after_a_copy_of_it() -> None:
    core = cand("Ann volunteers at the veterans' shelter every Sunday.", 1, "Ann", layer="core")
    found = compose([core, cand(BACKING, 2, "Ben")], ORDER, WS)
    assert [c.sources for c in found] == [("D1:1",), ("D1:1", "D1:2")]
    assert found[0].layer == "core"  # atomic still
    assert found[1].restatement == f"{core.restatement} {BACKING}"  # after a copy of what it leans on
    assert found[1].layer != "core"
    off = replace(WS, compose_carry_chars=0)
    found = compose([core, cand(BACKING, 2, "Ben")], ORDER, off)
    assert found[1].restatement == BACKING  # no referent guessed into it


def test_when_the_turn_before_is_too_long_its_sentence_naming_the_thing_is_copied() -> None:
    long = cand(VETERANS + " " + VETERANS[len("Ann said: "):], 1, "Ann")
    assert len(long.restatement) + len(BACKING) > WS.compose_chars
    found = compose([long, cand(BACKING, 2, "Ben")], ORDER, WS)
    assert [c.sources for c in found] == [("D1:1",), ("D1:1", "D1:2")]
    assert found[1].restatement == f"{VETERANS} {BACKING}"  # its last sentence naming the veterans, framed
    found = compose([long, cand(BACKING, 2, "Ben")], ORDER, replace(WS, compose_carry_chars=0))
    assert [c.sources for c in found] == [("D1:1",), ("D1:2",)]
    assert found[1].restatement == BACKING


def test_another_session_or_a_turn_far_back_is_not_the_turn_before() -> None:
    other = replace(cand(BACKING, 2, "Ben"), session_id="S2")
    assert len(compose([cand(VETERANS, 1, "Ann"), other], ORDER, WS)) == 2
    assert len(compose([cand(VETERANS, 1, "Ann"), cand(BACKING, 5, "Ben")], ORDER, WS)) == 2


def test_a_memory_that_names_what_it_speaks_of_starts_its_own() -> None:
    own = cand("Ben said: Ben bought a standing lamp for the study last week and honestly loves it, the light is "
               "warm and soft and it makes the whole room look bigger than it is.", 2, "Ben")
    pleonastic = cand("Ben said: It's great to see Ann so happy after all the trouble with the landlord, the leaky "
                      "roof and the neighbours' dog barking all night long.", 2, "Ben")
    for b in (own, pleonastic):
        assert len(compose([cand(VETERANS, 1, "Ann"), b], ORDER, WS)) == 2


def test_the_rule_extractor_s_memories_of_two_turns() -> None:
    turns = (Turn("D1:1", "S1", "Ann", "My grandad and his friends from the navy meet every Tuesday at the legion hall."),
             Turn("D1:2", "S1", "Ben", "Wow, I really admire what they did. I hope someone is recording their stories "
                  "before they are lost, my school did a project like that once and it was amazing."))
    window = Window("S1", datetime(2023, 5, 8, tzinfo=UTC), turns, frozenset(t.turn_id for t in turns), ("Ann", "Ben"))
    found = RuleExtractor().extract(window)
    assert any(leans_on_referent(c.restatement, c.participants | {c.speaker}) for c in found if c.sources == ("D1:2",))
    assert [c.sources for c in compose(found, {"D1:1": 0, "D1:2": 1}, WS)] == [("D1:1", "D1:2")]
