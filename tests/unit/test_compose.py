"""Exchange units: which adjacent turns are stated together (write/compose.py), on the real
rule extractor's candidates."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

import pytest

from ripplemem.config import WriteSettings
from ripplemem.ground.text import asked_only, refers_back
from ripplemem.types import Candidate, Turn, Window
from ripplemem.write.compose import compose
from ripplemem.write.extract_rule import RuleExtractor

WHEN = datetime(2023, 5, 8, 13, 56, tzinfo=UTC)


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def composed(ex: RuleExtractor, *rows: tuple[str, str], ws: WriteSettings | None = None) -> list[Candidate]:
    turns = tuple(Turn(f"D1:{i + 1}", "S1", who, text) for i, (who, text) in enumerate(rows))
    window = Window("S1", WHEN, turns, frozenset(t.turn_id for t in turns), ("Ann", "Ben"))
    order = {t.turn_id: i for i, t in enumerate(turns)}
    return compose(ex.extract(window), order, ws or WriteSettings())


def sources(found: list[Candidate]) -> list[tuple[str, ...]]:
    return [c.sources for c in found]


def test_a_shared_verb_is_not_a_shared_topic(ex: RuleExtractor) -> None:
    found = composed(
        ex,
        ("Ann", "Ben lent me an umbrella and I keep forgetting to give it back."),
        ("Ann", "I keep fit with running these days."),
    )
    assert sources(found) == [("D1:1",), ("D1:2",)]


def test_a_reply_about_the_same_thing_is_stated_with_it(ex: RuleExtractor) -> None:
    found = composed(
        ex,
        ("Ann", "We finally booked the cabin by the lake for July."),
        ("Ben", "Oh, the cabin has a wood sauna, you will love it."),
    )
    assert sources(found) == [("D1:1", "D1:2")]


def test_a_question_is_stated_with_its_answer(ex: RuleExtractor) -> None:
    found = composed(ex, ("Ann", "Where did you get that bike?"), ("Ben", "From a shop in Leeds, second hand."))
    assert sources(found) == [("D1:1", "D1:2")]


def test_a_name_that_opens_with_the_is_no_definite_reference_back(ex: RuleExtractor) -> None:
    found = composed(
        ex,
        ("Ann", "Ulla is moving to Leipzig for a year."),
        ("Ben", "Wow."),
        ("Ann", "The Fox and Fiddle changed its sign, it looks smart now."),
    )
    assert sources(found) == [("D1:1",), ("D1:3",)]


def test_a_reply_by_the_other_speaker_is_attributed_to_them(ex: RuleExtractor) -> None:
    (found,) = composed(
        ex,
        ("Ann", "Did you have any trouble on your trip to Oslo?"),
        ("Ben", "Sorry to hear about your job, but you'll find something. My trip went fine, the trains were easy."),
    )
    assert found.restatement.startswith("Ann asked: Did Ben have any trouble on their trip to Oslo? Ben said: Sorry")
    (same,) = composed(
        ex,
        ("Ann", "I went to a pottery class on Saturday."),
        ("Ann", "It was harder than it looks, my bowl collapsed twice."),
    )
    assert "said:" not in same.restatement  # one speaker throughout


def test_a_reply_that_refers_back_is_stated_with_it(ex: RuleExtractor) -> None:
    found = composed(
        ex,
        ("Ann", "I went to a pottery class on Saturday."),
        ("Ann", "It was harder than it looks, my bowl collapsed twice."),
    )
    assert sources(found) == [("D1:1", "D1:2")]


def test_a_topic_change_ends_the_exchange(ex: RuleExtractor) -> None:
    found = composed(
        ex,
        ("Ann", "My sister is moving to Lisbon next month for her new job."),
        ("Ben", "My car needs new tyres, they quoted me 400 pounds."),
    )
    assert sources(found) == [("D1:1",), ("D1:2",)]


def test_the_other_speaker_s_own_news_is_not_glued_on_by_a_shared_word(ex: RuleExtractor) -> None:
    found = composed(
        ex,
        ("Ann", "My painting of the harbour won a prize at the show."),
        ("Ben", "Wow! My kids and I just finished a painting of our garden."),
    )
    assert sources(found) == [("D1:1",), ("D1:2",)]
    found = composed(  # more of the same thing, shared, is still stated with it
        ex,
        ("Ann", "My painting of the harbour won a prize at the show."),
        ("Ben", "The harbour painting should hang by the door."),
    )
    assert sources(found) == [("D1:1", "D1:2")]


@pytest.mark.parametrize(
    ("text", "back"),
    [
        ("It taught Ann patience.", True),
        ("Ann said: That's why she left.", True),
        ("So Ben went back the next day.", True),
        ("Yes, and she is allergic too.", True),
        ("Ann started a pottery class.", False),
        ("The bakery sells sourdough.", False),
        ("Italy was lovely.", False),  # a name that begins like a pronoun
        ("It's next to the station.", True),
        ("It was delicious!", True),
        # a subject that stands for nothing opens something new
        ("John said: It's been a tough week for John with this injury.", False),
        ("Jon said: It's been so inspiring to work with Jon's young dancers.", False),
        ("It was great to see Ann again.", False),
        ("It's raining in Leeds.", False),
        ("Ben said: There's a new cafe downtown.", False),
        # "this" pointing at the photo shared with it, not back
        ("Ben said: This is Ben's book collection so far. Ben shared a photo of a bookshelf.", False),
        ("These are from the market. Ann shared a photo of a crate of apples.", False),
        ("This is why Ann left.", True),
    ],
)
def test_a_restatement_that_refers_back(text: str, back: bool) -> None:
    assert refers_back(text) is back


def test_a_question_alone_is_asked_only_and_a_question_with_its_answer_is_not() -> None:
    assert asked_only("Ben asked: What did Ann learn from it?")
    assert not asked_only("Ben asked: Which bus? Ann answered: The 42.")
    assert not asked_only("Ben asked: Which bus? Ann said: The 42, it stops by the park.")
    assert not asked_only("Ben asked: How long has Ann had the bike? Ann has had it for two years now!")
    assert asked_only("Ben asked: Seen any good films lately? What about the one with the robot?")
    assert asked_only("Ben asked: Is this the lake Ann meant? Ben shared a photo of a lake at dusk.")
    assert not asked_only("Ann learned patience.")


def test_a_reply_about_it_that_names_no_thing_is_stated_with_what_it_answers(ex: RuleExtractor) -> None:
    found = composed(
        ex,
        ("Ann", 'I just watched "Little Women" and the ending made me cry.'),
        ("Ben", "Oh, I watched it twice with my sister!"),
    )
    assert sources(found) == [("D1:1", "D1:2")]


def test_it_as_an_empty_subject_is_no_reference_back(ex: RuleExtractor) -> None:
    found = composed(
        ex,
        ("Ann", "The new climbing gym downtown has a bouldering cave."),
        ("Ben", "Honestly I can't believe it's already July."),
    )
    assert sources(found) == [("D1:1",), ("D1:2",)]


def test_a_promise_answering_a_question_about_a_thing_is_stated_with_it_and_stays_core(ex: RuleExtractor) -> None:
    found = composed(
        ex,
        ("Ann", "Could you lend me the slides from your talk?"),
        ("Ben", "Sure, I will email them to you tonight."),
    )
    assert sources(found) == [("D1:1", "D1:2")]
    assert found[0].layer == "core"


def test_a_question_ending_one_window_is_stated_with_its_answer_in_the_next() -> None:
    from ripplemem.write.pipeline import extract_candidates
    from ripplemem.write.window import make_windows

    rows = [("Ann", "I finally repainted the shed last weekend."), ("Ben", "Nice! What colour did you pick?"),
            ("Ann", "Sage green, with white trim around the door and the little window."),
            ("Ben", "Sounds lovely. Did you do the roof as well?"),
            ("Ann", "No, the roof is next month, once the weather clears up and the gutters are fixed.")]
    turns = [Turn(f"D1:{i + 1}", "S1", who, text) for i, (who, text) in enumerate(rows)]
    windows = make_windows(turns, WHEN, size=4, overlap=1)
    positions = {("S1", t.turn_id): i for i, t in enumerate(turns)}
    found = extract_candidates(RuleExtractor(), windows, positions, WriteSettings())
    assert any({"D1:4", "D1:5"} <= set(c.sources) for c in found)


def test_a_question_stated_with_its_answer_takes_nothing_more_without_a_relation(ex: RuleExtractor) -> None:
    found = composed(
        ex,
        ("Ann", "Did you see the match?"),
        ("Ben", "Yes, the match was great, we won two nil in the last minute."),
        ("Ann", "My sister has a new job at the library in Leeds."),
    )
    assert sources(found) == [("D1:1", "D1:2"), ("D1:3",)]


def test_a_definite_phrase_goes_on_from_the_speakers_turn_only_right_after_it(ex: RuleExtractor) -> None:
    after_reply = composed(
        ex,
        ("Ann", "I swim in the lake most mornings."),
        ("Ben", "Hm, okay."),
        ("Ann", "The plan is that I'm moving to Porto in the autumn."),
    )
    assert ("D1:1",) in sources(after_reply) and ("D1:3",) in sources(after_reply)
    going_on = composed(
        ex,
        ("Ann", "I went to the storytelling night."),
        ("Ann", "The stories were so moving."),
    )
    assert ("D1:1", "D1:2") in sources(going_on)


def test_a_chat_request_answered_by_the_assistant_is_a_request_exchange() -> None:
    from ripplemem.ground.text import request_exchange

    assert request_exchange("The user asked: Can the assistant suggest a podcast? The assistant said: Try Radiolab.")
    assert not request_exchange("The user asked: Can the assistant suggest a podcast?")
    assert not request_exchange("Ben asked: Which bus? Ann said: The 42.")  # named speakers: a fact
    assert not request_exchange("The user has a dog. The assistant said: Nice.")


def test_a_short_reply_about_a_core_fact_is_stated_after_a_copy_of_it(ex: RuleExtractor) -> None:
    found = composed(
        ex,
        ("Ann", "I love your lemon cake so much!"),
        ("Ben", "Thanks! It's gluten-free and so easy."),
    )
    core = [c for c in found if c.layer == "core"]
    assert [c.restatement for c in core] == ["Ann loves Ben's lemon cake so much!"]  # stays atomic
    reply = [c for c in found if "gluten-free" in c.restatement]
    assert len(reply) == 1 and reply[0].layer != "core"
    assert reply[0].restatement.startswith("Ann loves Ben's lemon cake so much! Ben said: It")
    assert reply[0].sources == ("D1:1", "D1:2")


def test_a_reply_that_starts_something_of_its_own_is_not_glued_to_a_core_fact(ex: RuleExtractor) -> None:
    found = composed(
        ex,
        ("Ann", "I love your lemon cake so much!"),
        ("Ben", "My brother moved to Lisbon last month for a new job at a bank."),
    )
    assert sources(found) == [("D1:1",), ("D1:2",)]


LONG_ANSWER = (
    "The training was intense and took most of my evenings for two months, with drills on ladders, hoses and "
    "first aid, and last Sunday the team had its first call-out to a kitchen fire in a flat above the bakery, "
    "where we worked together to get the whole family out safely, and seeing their relief afterwards was the "
    "best feeling I have had in years."
)


def test_a_short_question_is_stated_with_an_answer_that_fits_alone(ex: RuleExtractor) -> None:
    """A question of at most ``compose_question_chars`` does not count toward
    ``compose_chars``: "How's it been so far?" alone says nothing."""
    rows = (("Ann", "How has the volunteering been so far?"), ("Ben", LONG_ANSWER))
    found = composed(ex, *rows)
    assert sources(found) == [("D1:1", "D1:2")]
    assert len(found[0].restatement) > WriteSettings().compose_chars
    counted = replace(WriteSettings(), compose_question_chars=0)
    assert sources(composed(ex, *rows, ws=counted)) == [("D1:1",), ("D1:2",)]


def test_a_long_question_still_counts(ex: RuleExtractor) -> None:
    question = (
        "How has the volunteering with the fire brigade been going since you started in the spring, "
        "and do they let you go out on the calls yet or is it still just training at the station?"
    )
    assert sources(composed(ex, ("Ann", question), ("Ben", LONG_ANSWER))) == [("D1:1",), ("D1:2",)]


@pytest.mark.parametrize(
    ("text", "adds"),
    [
        ("And five-a-side was cancelled because someone's dog ran off with the ball.", True),
        ("Ann said: And went to a market and came home with four kinds of cheese.", True),
        ("Also, the cat has decided 5am is breakfast time.", True),
        ("Plus Ann painted the fence on Sunday.", True),
        ("And Ben will start the new job in May.", True),
        ("And biscuits. It's medicinal.", False),  # a bare phrase: more of the last
        ("And some old friends from other tournaments.", False),
        ("And it was so much fun!", False),  # "it": what came before
        ("And then a cliffhanger and it gets cancelled.", False),
        ("Also invest in a blanket.", False),  # no finite verb: an instruction going on
        ("Ben painted the fence and the gate.", False),  # no connective opening it
    ],
)
def test_an_additive_connective_before_a_clause_adds_an_item(text: str, adds: bool) -> None:
    from ripplemem.write.compose import adds_item

    assert adds_item(text) is adds


def test_a_speakers_and_after_the_others_reply_tells_another_thing(ex: RuleExtractor) -> None:
    found = composed(
        ex,
        ("Ann", "Spent four days in Kaunas, walked about eighty kilometres."),
        ("Ben", "Love that."),
        ("Ann", "Oh, and five-a-side was cancelled because someone's dog ran off with the ball."),
    )
    assert sources(found) == [("D1:1",), ("D1:3",)]
    still = composed(  # the same thing went on: they share what they speak of
        ex,
        ("Ann", "Spent four days in Kaunas, walked about eighty kilometres."),
        ("Ben", "Love that."),
        ("Ann", "And the last ten kilometres were all uphill."),
    )
    assert sources(still) == [("D1:1", "D1:3")]
    bare = composed(  # a bare phrase after "and" is more of the last
        ex,
        ("Ann", "I've got a stinking cold and a pile of tissues."),
        ("Ben", "Oh no."),
        ("Ann", "And biscuits. They're medicinal."),
    )
    assert sources(bare) == [("D1:1", "D1:3")]
