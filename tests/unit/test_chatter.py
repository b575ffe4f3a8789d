"""Pleasantry or content: hand-written English sentences of both classes (none from a dataset)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from ripplemem.ground.chatter import ACTS, dialogue_act, explain, is_pleasantry
from ripplemem.types import Turn, Window
from ripplemem.write.extract_rule import RuleExtractor

PLEASANTRIES = [
    # a reply's closing that speaks of the reply itself, however long
    "I hope these suggestions give you some inspiration for your weekend at home!",
    "I hope this information helps you choose the right pedals for your road bike and enjoy every ride.",
    "Do you have any other questions or concerns about the sauces or the recipe?",
    "By following these steps and tips, you'll be well on your way to a calmer morning routine!",
    # greetings and lead-ins
    "Hey! How are you?",
    "Hi Ann, good to see you!",
    "Good morning!",
    "Hello there!",
    "How's life treating you?",
    "How have you been?",
    "What's new with you?",
    "Anything new?",
    "How about you?",
    "And you?",
    "Long time no see!",
    "As an AI language model, I hope so too!",
    "Nice to meet you.",
    "Haven't talked in a while!",
    "Hey Ann, it's been ages!",
    "How can I help you today?",
    "Good, you?",
    "I'm doing well, thanks for asking.",
    # closings
    "Right, I'll let you go now. Speak soon!",
    "Talk to you later!",
    "See you soon!",
    "Bye for now!",
    "Take care!",
    "Have a great weekend!",
    "Catch you later!",
    "It was great chatting with you.",
    "Let me know!",
    "Keep me posted!",
    "Good night!",
    "I hope this helps!",
    "Feel free to reach out if you have any other questions.",
    "Ok, I should get going.",
    # thanks and their answers
    "Thanks!",
    "Thank you so much for the advice!",
    "Thanks for sharing that.",
    "I really appreciate it.",
    "Your support means a lot to me.",
    "No worries!",
    "Anytime!",
    "You're welcome.",
    "Thanks, Ben! You too!",
    "Cheers!",
    # bare reactions, praise, sympathy, encouragement
    "Wow, nice one.",
    "Ugh, Mondays.",
    "That's awesome!",
    "That sounds amazing!",
    "So cool!",
    "Haha, totally.",
    "Oh wow, I had no idea!",
    "Sounds good.",
    "Got it.",
    "Fair enough.",
    "Makes sense.",
    "Sorry to hear that.",
    "That sucks.",
    "Aww, that's so sweet!",
    "You're so brave, keep it up!",
    "You've got this!",
    "Hang in there.",
    "I'm so proud of you!",
    "I'm so happy for you!",
    "Good luck!",
    "Same here.",
    "Me too!",
    "Exactly!",
    "Totally agree.",
    "That must have been so exciting!",
    "What a great idea!",
    "Okay, sounds like a plan!",
    "Yeah, I know, right?",
    "Oh no, that's terrible.",
    "Well done!",
    "Great job!",
    "Way to go, Ann!",
    "I'm here for you.",
    "Can't wait to see it!",
    "That's so true.",
    "I guess so.",
    "Oh really?",
    "Are you serious?!",
    "Hmm, interesting.",
    "You're doing an amazing job with the kids.",
    "It's so important to take care of yourself.",
    "That's such a great way to unwind.",
    "Your kids are lucky to have you.",
    "It's awesome that you found something you love.",
    "I'm sure it'll work out.",
    "Hope you have a great time!",
    "Enjoy your trip!",
    "Don't be so hard on yourself.",
    "You deserve it!",
    "That's the spirit!",
    "I'm rooting for you!",
    "Sounds like you had a blast!",
    "Fingers crossed!",
    "Happy cooking!",
    "Let me know if you have any other questions.",
    "I'll keep that in mind.",
    "That makes two of us!",
    "Time flies!",
    "Better late than never.",
    "You just made my day!",
    "Friends like you are hard to find.",
    "I believe in you!",
    "I'll give it a try.",
    "I love how you always find time for others.",
    "I love it when you try something new and it actually pays off.",
    "It's vital we stand together.",
    "I'm glad we both understand each other.",
    # follow-up questions that name nothing, fillers
    "How did it go?",
    "What happened?",
    "How was it?",
    "Tell me more!",
    ":)",
    "lol",
    "Continue",
    "Could you write me one more part, please?",
    "Please continue writing.",
    "Give me a few more examples.",
    "...",
    # a heart is no number; being busy or curious is no news
    "Thanks, Sam! Means a lot. <3",
    "Been so busy lately, how about you?",
    "Ooh, I'm curious, what was it like?",
    # one-word verdicts, lead-ins and wellbeing answers
    "Typical.",
    "Classic, honestly.",
    "Before I forget.",
    "Got a minute?",
    "Pretty well, all things considered.",
    "Can't complain, you?",
    "Could be worse.",
    # a time of day as the whole greeting, a kiss, an apology for the silence
    "Morning!",
    "Evening all!",
    "Night!",
    "Speak soon x",
    "Sorry I went quiet, things have been mad.",
    "Sorry for the late reply!",
]

CONTENT = [
    "As an AI language model, I don't have personal experiences, but hiking in Utah is popular.",
    "I hope my sister likes the scarf I knitted.",
    "I hope to visit Lisbon next spring.",
    "Do you have any other pets besides the cat?",
    "I hope these tips still apply after the 2024 tax change.",
    "I adopted a puppy last week.",
    "My sister is moving to Denver in June.",
    "Wow, you got a puppy? What breed?",
    "Yes, and she's allergic too.",
    "We went camping at Lake Tahoe.",
    "I'm allergic to peanuts.",
    "Can you recommend a good pasta recipe?",
    "The meeting is at 3pm.",
    "See you at Harbor Grill on Friday!",
    "See you tomorrow!",
    "Thanks for the tip, I'll try the Thai place on Main Street.",
    "I hate cilantro.",
    "My favorite band is Radiohead.",
    "I love hiking.",
    "I just started a new job as a nurse.",
    "Remember that my flight leaves on Monday.",
    "She finally passed her driving test!",
    "How was your trip to Japan?",
    "Did you finish the painting?",
    "What breed is it?",
    "Where did you go camping?",
    "I'm tired today.",
    "The concert starts at eight.",
    "I'll call you tomorrow.",
    "Let's meet at the cafe.",
    "You should try the new sushi place downtown.",
    "It's pouring rain here.",
    "Our landlord raised the rent.",
    "The kids loved the zoo!",
    "That's a photo of my grandmother.",
    "It was my birthday yesterday!",
    "Please remember I'm vegetarian.",
    "Nope, I've never been to Paris.",
    "Haha, my cat did the same thing.",
    "How's your mom doing after the surgery?",
    "Congrats on graduating from Stanford!",
    "I got promoted!",
    "We won the championship!",
    "Good luck with your exam on Thursday!",
    "Did you end up buying the blue dress?",
    "Je suis allé à Paris hier.",
    "Ugh, my car broke down again.",
    "Bye! I'm off to the dentist.",
    "They give me the strength to keep going.",
    "It's a stuffed animal from my grandmother.",
    "Thanks! I ran my first marathon in under four hours.",
    "Should I quit?",
    "Could you look after my dog next weekend?",
    "I'm not a fan of horror movies.",
    "Max is doing much better after the vet visit.",
    "Enjoy your trip to Lisbon!",
    "I enjoy baking bread on weekends.",
    "Happy birthday to my brother Tom!",
    "Good luck with the interview at Google.",
    "Keep in mind that my flight is at 6.",
    "I got a new job!",
    # a question that asks for a place, a time, a choice or an amount
    "So, where are you going to stay?",
    "Oh, when is it?",
    "And how long did it take?",
    "Which one did you pick?",
    # catching up, with news or a time
    "It's been a while since I played the guitar.",
    "We haven't talked since you moved in May.",
    "We moved in May.",
    "Since we last talked, I've started a new job.",
    # about oneself or a thing, not the listener's doing; urged, but with an event in the past
    "I love that painting you made.",
    "I'm glad we adopted a dog.",
    "Could you write me a cover letter for a nursing job?",
    # a closing that says when the two meet is a plan
    "Alright, see you tomorrow!",
    "I've been busy with the move to Leeds.",
    # the same formulas leading into news
    "Before I forget: my first Italian lesson is tonight.",
    "Got a minute? My landlord wants to raise the rent.",
    "It was a classic car, a 1967 Mustang.",
    "Could be worse, the flight was only two hours late.",
    "Morning, I got the job!",
    "Evening classes start in May.",
    "Night shifts are killing me.",
    "Sorry I was late to the wedding.",
    "Things have been crazy since the baby arrived.",
]


@pytest.mark.parametrize("text", PLEASANTRIES)
def test_pleasantries(text: str) -> None:
    assert is_pleasantry(text, names=("Ann", "Ben")), explain(text, names=("Ann", "Ben"))


@pytest.mark.parametrize("text", CONTENT)
def test_content(text: str) -> None:
    assert not is_pleasantry(text, names=("Ann", "Ben")), explain(text, names=("Ann", "Ben"))


def test_the_table_is_large_and_has_both_classes() -> None:
    assert len(PLEASANTRIES) + len(CONTENT) >= 80
    assert len(PLEASANTRIES) >= 40 and len(CONTENT) >= 40
    assert not set(PLEASANTRIES) & set(CONTENT)


@pytest.mark.parametrize(
    ("text", "act"),
    [
        ("Hey Ben!", "filler"),
        ("Good to see you!", "greeting"),
        ("How are you?", "phatic_question"),
        ("Speak soon!", "closing"),
        ("Thanks a lot!", "thanks"),
        ("That's awesome!", "reaction"),
        (";)", "filler"),
        ("Thanks! Bye!", "thanks"),
        ("Hey! I adopted a puppy.", "content"),
    ],
)
def test_dialogue_act(text: str, act: str) -> None:
    assert dialogue_act(text, names=("Ann", "Ben")) == act
    assert act in ACTS


def test_a_turn_is_content_when_any_sentence_is() -> None:
    assert not is_pleasantry("Thanks, Ann! That's awesome! I'm off to go swimming with the kids.")
    assert is_pleasantry("Thanks, Ann! That's awesome! Talk soon!")


def test_names_are_vocatives_only_where_they_address() -> None:
    assert is_pleasantry("See you later Ann!", names=("Ann", "Ben"))
    assert is_pleasantry("Got it Ben, I'll see you soon!", names=("Ann", "Ben"))
    assert not is_pleasantry("I told Ann about the new apartment.", names=("Ann", "Ben"))
    assert not is_pleasantry("Ann")  # a bare capitalised word is not known to be a vocative


def test_the_previous_turn_decides_echo_and_answers() -> None:
    news = "I ran a charity race for mental health last Saturday."
    assert is_pleasantry("That charity race sounds great!", previous=news)
    assert not is_pleasantry("That charity race sounds great!", previous="Did you like the race?")
    assert not is_pleasantry("Nope, never been to one.", previous="I went to a poetry reading. Ever been to one?")
    assert is_pleasantry("Good, thanks!", previous="How are you?")  # a wellbeing question asks nothing


def test_a_question_asks_for_a_fact_by_its_opening_word_only() -> None:
    assert not is_pleasantry("Where did you go?")
    assert is_pleasantry("Isn't it great when it works out?")  # "when" inside: no time asked
    assert is_pleasantry("How did it go?")


def test_a_reaction_that_adds_content_is_content() -> None:
    heard = "My daughter can't eat peanuts."
    assert not is_pleasantry("Yes, and she's allergic too.", previous=heard)
    assert not is_pleasantry("Oh no! My son is allergic to shellfish.", previous=heard)
    assert is_pleasantry("Oh no, that's tough.", previous=heard)


def test_finding_an_answer_helpful_is_small_talk() -> None:
    for thanks in ("That's really helpful.", "That is so helpful!", "Super useful, thanks!", "That's really helpful to know."):
        assert is_pleasantry(thanks, to_assistant=True), thanks
    for fact in ("The app is really useful for tracking my runs.", "My sister was very helpful when I moved."):
        assert not is_pleasantry(fact, to_assistant=True), fact


def test_what_a_thing_has_or_serves_is_content_however_it_evaluates() -> None:
    heard = "We're thinking of Dubai for the holidays."
    for fact in ("It has great beaches.", "They serve amazing ramen!", "It also has a lovely old market."):
        assert not is_pleasantry(fact, previous=heard), fact
    for reaction in ("You have a great eye!", "It has been a great ride!", "That has to be so fun!"):
        assert is_pleasantry(reaction, previous=heard), reaction


def test_advice_is_content_however_it_evaluates() -> None:
    heard = "I started running three times a week but my knees hurt."
    for advice in ("Make sure you stretch before each run.", "You could also try swimming, which is easier on your joints.",
                   "If you play bigger gigs, you may want to consider a louder amp.", "Oh, and maybe try the lemon tart, it's amazing.",
                   "Don't forget to bring warm gloves, it gets cold up there."):
        assert not is_pleasantry(advice, previous=heard), advice
    for wish in ("Remember to have fun!", "You can do it!", "Make sure you take care of yourself!", "You should be proud.", "Go get 'em!"):
        assert is_pleasantry(wish, previous=heard), wish


def test_part_of_speech_tags_refine_unknown_words() -> None:
    """With a tagger, an unknown adjective is evaluative and a proper noun is content."""
    spacy = pytest.importorskip("spacy")
    from ripplemem.write.nlp import MODEL

    nlp = spacy.load(MODEL, exclude=["ner", "parser", "lemmatizer"])
    text = "That is so groovy!"
    assert not is_pleasantry(text)  # "groovy" is not in any word list
    doc = nlp(text)
    if any(t.pos_ for t in doc):
        assert is_pleasantry(text, doc=doc)
        name = "Wow, Zelda!"
        assert is_pleasantry(name)  # a vocative by position


# ---------------------------------------------------------------- the rule extractor keeps only content


def _window(*rows: tuple[str, str, str | None]) -> Window:
    turns = tuple(Turn(f"t{i}", "S1", speaker, text, role=role) for i, (speaker, text, role) in enumerate(rows))
    speakers = tuple(dict.fromkeys(t.speaker for t in turns))
    return Window("S1", datetime(2024, 3, 4, 10, 0, tzinfo=UTC), turns, frozenset(t.turn_id for t in turns), speakers)


def test_the_extractor_drops_pleasantries_and_keeps_a_reaction_that_adds_content() -> None:
    found = RuleExtractor().extract(_window(
        ("Ann", "How's life treating you?", None),
        ("Ben", "Ugh, Mondays. My boss moved the launch to Friday.", None),
        ("Ann", "Wow, nice one.", None),
        ("Ben", "Right, I'll let you go now. Speak soon!", None),
        ("Ann", "Yes, and she's allergic too.", None),
    ))  # fmt: skip
    assert [c.sources for c in found] == [("t1",), ("t4",)]
    assert "launch" in found[0].restatement and "Mondays" not in found[0].restatement


def test_a_heart_is_set_aside_without_changing_the_sentences() -> None:
    """"<3" is no number, and the extractor's sentences still line up with the acts."""
    found = RuleExtractor().extract(_window(
        ("Ann", "Thanks, Ben! Appreciate it <3", None),
        ("Ben", "I start at the bakery on Monday <3 <3", None),
    ))  # fmt: skip
    assert [c.sources for c in found] == [("t1",)]


def test_system_and_tool_turns_are_log_only() -> None:
    found = RuleExtractor().extract(_window(
        ("system", "User is a helpful bot. Always answer in French.", "system"),
        ("tool", "weather(Paris) = 18C, light rain", "tool"),
        ("user", "I am flying to Paris on Friday.", "user"),
        ("assistant", "Have a great trip!", "assistant"),
    ))  # fmt: skip
    assert [c.sources for c in found] == [("t2",)]
    assert found[0].restatement.startswith("The user is flying to Paris")
