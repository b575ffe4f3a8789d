"""A past tense that tells no event of the speaker's own: what "you" did, praised; how it must
have been; what was heard, under a stance towards it ("glad", "sorry", "I can imagine", "I
bet"). Small talk; an event the speaker tells, or one named, stays content. Hand-written
English (none from a dataset)."""

from __future__ import annotations

import pytest

from chatter_cases import cases, check
from ripplemem.ground.chatter_shapes import likes, reacts_in_past

CAMP = "We spent the weekend camping by the lake, no phones at all."
FIX = "The plumber came and the leak is finally fixed."
RACE = "I finished my first half marathon on Sunday."

SMALL_TALK = [
    ("Phew! Glad it all worked out and you had a good time at the lake!", CAMP),
    ("Glad the repair went well.", FIX),
    ("So happy it finally worked out for you!", FIX),
    ("Sorry it turned out that way.", "The recital got cancelled at the last minute."),
    ("I can imagine that it felt good to unplug and get lost in nature!", CAMP),
    ("I can imagine those last miles were tough.", RACE),
    ("I bet you were thrilled when you crossed the line.", RACE),
    ("It must have felt amazing to cross the line!", RACE),
    ("That must've been so hard.", RACE),
    ("You really showed such grit and determination.", RACE),
    ("You really showed courage out there.", RACE),
    # the stance with a focus adverb; a participle after a linking verb is a state
    ("I can just imagine the thrill of being out there.", RACE),
    ("I can only imagine how that felt.", RACE),
    ("Feeling so accomplished must be amazing.", RACE),
    # what the listener did, praised by its degree; two verbs of one "you"
    ("You really stepped up.", RACE),
    ("You've gained so much from this experience.", RACE),
    ("You really overcame those nerves.", RACE),
    ("You've trained so hard and achieved a lot.", RACE),
    # a guess at how it was: what follows is no new thing
    ("That must have been a surprise.", RACE),
    ("You must have been elated up there at the finish.", RACE),
    ("It must feel great to be recognised for it.", RACE),
    # "love" as a noun says what is praised, not what someone likes
    ("Wow, Ben, family love and support is the best!", "My family has been awesome, they helped so much."),
    ("Unconditional love is so important.", "My mum took me back in after the divorce."),
    # congratulations on what was heard; a guess with its "it" left out; an offer to end on
    ("Congrats on finishing it up!", RACE),
    ("Congratulations on your victory in the race!", RACE),
    ("Must have been quite an atmosphere.", RACE),
    ("Let me know if there's anything else I can help you with.", FIX),
    ("Wow, that looks amazing! What a view.", CAMP),  # an exclamative of a noun alone
]

CONTENT = [
    # an event the speaker tells, even under a stance
    ("Glad I finally bought the new tent.", CAMP),
    ("I'm so happy we went to the lake last weekend.", CAMP),
    ("I can imagine it, I ran one in Berlin two years ago.", RACE),
    ("I bet it rained, it rained here all day.", CAMP),
    # an event told with no stance
    ("The water was freezing and we swam anyway.", CAMP),
    ("I just signed up for a marathon in Lisbon.", RACE),
    ("She felt betrayed by the whole club.", RACE),
    ("You really bought a new bike for it!", RACE),  # a thing it introduces
    ("We drove to the coast and camped all week.", CAMP),
    ("It must be in the car.", FIX),  # where a thing is
    ("I really love hiking in the hills.", CAMP),  # "love" the verb: what the speaker likes
    ("Love the new tent!", CAMP),
    ("Congrats on the new job at Google!", RACE),  # a name it introduces
    ("Must be in the garage.", FIX),
    ("What a day I had at the lake with Tom!", CAMP),
    ("The pipes must have been replaced.", FIX),
    ("My brother fixed ours with duct tape.", FIX),
    # under a stance, but naming what was not heard
    ("Glad it worked out, Tom's plumber charged us a fortune.", FIX),
    # a participle with no stance over it: what to do, an offer
    ("Let me know if you need any tips to get started.", RACE),
]


@pytest.mark.parametrize(("text", "previous", "small_talk"), cases(SMALL_TALK, CONTENT))
def test_small_talk_or_content(text: str, previous: str | None, small_talk: bool) -> None:
    check(text, previous, small_talk)


def test_which_past_reacts() -> None:
    assert reacts_in_past("you really showed grit".split(), 2)
    assert reacts_in_past("it must have felt amazing".split(), 3)
    assert reacts_in_past("glad it worked out".split(), 2)
    assert not reacts_in_past("it rained all day".split(), 1)
    assert not reacts_in_past("the dog ran off".split(), 2)
    assert reacts_in_past("feeling fulfilled must be amazing".split(), 1)
    assert not reacts_in_past("she felt betrayed".split(), 1)
    assert reacts_in_past("you've worked so hard and accomplished a lot".split(), 5)
    assert not reacts_in_past("it rained and we stayed in".split(), 4)


def test_a_guess_at_how_it_was_is_read_past_what_comes_before_it() -> None:
    from ripplemem.ground.chatter_shapes import infers_how_it_was

    assert infers_how_it_was("that trophy you must have been elated".split())
    assert infers_how_it_was("must have been quite an atmosphere".split())
    assert not infers_how_it_was("that must be in the car".split())


def test_love_the_verb_or_the_noun() -> None:
    assert likes("i really love hiking".split()) and likes("love the tent".split()) and likes("we love it".split())
    assert not likes("family love and support is the best".split()) and not likes("so much love".split())
