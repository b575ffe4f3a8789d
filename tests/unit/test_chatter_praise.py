"""Praise, encouragement, sympathy, thanks and closings after what the other speaker told:
small talk, unless they add something of their own. Hand-written English (none from a dataset)."""

from __future__ import annotations

import pytest

from chatter_cases import cases, check

BAKERY = "I finally opened my bakery last month and it's been a lot of work."
TRIP = "We're taking the kids on a road trip next week."
TIRE = "I got a flat tire on the way to work."
GARDEN = "I've gotten really into gardening, I grow a few herbs on the balcony."
CAT = "We had to put our old cat down."
DOUGH = "My sourdough keeps coming out flat."
ROOF = "My brother and I fixed the roof together."

SMALL_TALK = [
    # an indefinite phrase that takes up what was just told introduces nothing
    ("A road trip with the kids, how fun!", TRIP),
    ("Oh no, a flat tire is the worst!", TIRE),
    ("Wow, a whole marathon! That's incredible.", "I ran a whole marathon on Sunday."),
    ("Gardening is such a nice hobby, and a balcony garden is so cozy.", GARDEN),
    # praise for a hypothetical: "you'd be", "you would make"
    ("You'd be a great coach!", "I helped my nephew with his batting."),
    # an activity evaluated in general: its "a" is any one of a kind
    ("It's tough starting a business, but don't let it get you down.", BAKERY),
    ("Raising a puppy must be so hard.", "We just brought our new puppy home."),
    ("It must be hard to lose a pet.", CAT),
    # a kind named by a bare plural opens a sentence about it, not a name
    ("Injuries are so frustrating, hope you heal quickly.", "I sprained my ankle playing soccer."),
    ("Pets are so sweet, they bring so much joy.", CAT),
    # a statement with a question tagged on asks nothing
    ("Baking bread is so relaxing, right?", "I've been baking bread every weekend."),
    ("Hard work always pays off in the end, don't you think?", BAKERY),
    # encouragement, praise of what the listener has in them
    ("You're gonna kill it!", "My first marathon is on Sunday."),
    ("Never stop believing in yourself!", DOUGH),
    ("It takes a lot of courage to follow your dreams.", BAKERY),
    ("You've got so much talent and potential!", "I sold my first painting."),
    ("Your dedication is really inspiring.", "I've been volunteering at the shelter every weekend."),
    ("All that work will be worth it, trust me.", BAKERY),
    # sympathy, closings, follow-ups that name nothing
    ("Sending you lots of love and hugs.", CAT),
    ("I'll let you get back to your baking. Talk soon!", BAKERY),
    ("Great! Have a safe trip!", TRIP),
    ("That's amazing news, how's it going so far?", BAKERY),
    ("Amazing! What was your favorite part?", "We just got back from the festival."),
    # "sounds like", "looks like": a likeness, not a liking
    ("Sounds like you make a great team!", ROOF),
    ("Looks like you both make a great team.", ROOF),
]

CONTENT = [
    # what was not heard is introduced, even inside a reaction
    ("A road trip sounds fun, we did one to Utah last summer.", TRIP),
    ("Oh no, a flat tire and a cracked windshield? That's the worst!", TIRE),
    ("A house track would be perfect for that.", "I love house music."),
    # what the listener will or would be: an opinion of them one may ask about
    ("You'll be an awesome mom!", "We're adopting two kids next year."),
    ("You will make a great teacher, you explain things so well.", "I start my training in the autumn."),
    ("You're going to be such a great nurse.", "I got my acceptance letter today!"),
    # a gerund that is what the speaker is doing, with no verb after it; an event told
    ("Visiting a cousin in the hospital, so sad.", CAT),
    ("It was fun building a treehouse with my son.", ROOF),
    # a name opens the sentence: it is no kind
    ("Tilly is so talented.", "I sold my first painting."),
    # a question that opens as one asks, whatever its tag
    ("Did you sell the old oven, or not?", BAKERY),
    ("What did you bake first, huh?", BAKERY),
    # encouragement or a wish that names what it is about
    ("Have a safe trip to Denver!", TRIP),
    ("You're gonna kill it at the Boston marathon!", "My first marathon is on Sunday."),
    ("What's your favorite bakery in Paris?", BAKERY),
    ("I have a talent show at school next month.", "I sold my first painting."),
    # a liking names what is liked
    ("I like bread with a crispy crust.", DOUGH),
]


@pytest.mark.parametrize(("text", "previous", "small_talk"), cases(SMALL_TALK, CONTENT))
def test_small_talk_or_content(text: str, previous: str | None, small_talk: bool) -> None:
    check(text, previous, small_talk)
