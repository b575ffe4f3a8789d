"""Lead-ins, wellbeing questions, promises to tell, encouragement and the listener's virtues:
small talk in any conversation, unless a name, a time or a thing of its own is said with
them. Hand-written English (none from a dataset)."""

from __future__ import annotations

import pytest

from chatter_cases import cases, check

RESCUE = "We pulled a family out of a burning building last night."
SHELTER = "I've been volunteering at the animal shelter every weekend."
MOVE = "I finally moved into the new flat, it's been a lot."

SMALL_TALK = [
    # how the time since the last talk has been, and that things happened, naming nothing
    ("Hey Ben! Been a busy week since we talked.", None),
    ("It's been a crazy few days!", None),
    ("Has been a really hectic month since we last spoke.", None),
    ("Hi Ann! Crazy stuff's been happening since we last chatted.", None),
    ("So much has happened!", None),
    ("Wild things have been going on.", None),
    # wellbeing questions
    ("Sorry to hear that. How are you holding up?", MOVE),
    ("How are things getting on?", MOVE),
    # a promise to tell, encouragement
    ("You bet! You'll be the first to know.", "Tell me how the audition goes!"),
    ("Keep pushing and you'll get there.", "The training is so hard."),
    ("You're gonna get there, no doubt.", "The training is so hard."),
    # an effect of what the listener does, named only as an impact
    ("That's really making a big impact.", SHELTER),
    ("You're having such a positive impact!", SHELTER),
    # the listener's virtues, evaluations of how it was
    ("You've got guts.", RESCUE),
    ("Wow, that's intense!", RESCUE),
    ("You really have grit and resourcefulness.", RESCUE),
    ("I'm so impressed by your willingness.", RESCUE),
    ("What keeps you going in challenging times?", SHELTER),
    ("Did you celebrate afterward?", "We won the final!"),
]

CONTENT = [
    # a lead-in with the news, or the time, it announces
    ("Been a busy week, I started at the bakery on Monday.", None),
    ("It's been a long week at the hospital.", None),
    ("It's been a busy week since my sister moved in.", None),
    ("A lot has happened at work since we last talked.", None),
    ("Hey Ann, what's been up since we last chatted?", None),  # the talk's time itself: kept as before
    # a wellbeing question about someone or something named
    ("How is your mom holding up after the surgery?", MOVE),
    # what is to be known, or where one gets to, named
    ("You'll be the first to know about the wedding date.", "Tell me when you decide!"),
    ("You'll get there by train from Leeds.", "How do I get to the farm?"),
    # an impact on a named thing; a virtue shown in a named deed
    ("The flood had a huge impact on our village.", None),
    ("It takes guts to quit a job at the bank.", None),
    ("Did you celebrate afterward at Luigi's?", "We won the final!"),
]


@pytest.mark.parametrize(("text", "previous", "small_talk"), cases(SMALL_TALK, CONTENT))
def test_small_talk_or_content(text: str, previous: str | None, small_talk: bool) -> None:
    check(text, previous, small_talk)
