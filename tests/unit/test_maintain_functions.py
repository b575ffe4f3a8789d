"""Maintenance's pure parts: heat and re-scoring, grouping and packing, and recall's
de-duplication of a consolidated memory with its members, and how recall ranks lists."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from ripplemem.config import MaintainSettings
from ripplemem.ground.lists import consolidated_id, list_ids, plural, with_kinds
from ripplemem.maintain.consolidate import (
    groups,
    pack,
    said_as_nouns,
    sentences_by_subject,
    specific,
    spread,
    statement,
    subject_of,
    topic_terms,
)
from ripplemem.maintain.heat import heat, last_mentions, mentioned_again, rescore
from ripplemem.read.assemble import Found, ranked
from ripplemem.read.consolidated import (
    about_others,
    asked_list_ids,
    asked_lists,
    list_owners,
    lists_for_one,
    members_of,
    unasked_user_lists,
    weak_lists,
    without_repeats,
)
from ripplemem.types import Edge, MemoryUnit, Scope

S = Scope("u")
T0 = datetime(2024, 1, 1, tzinfo=UTC)


def _u(uid: str, text: str, days: int = 0, **fields: object) -> MemoryUnit:
    base: dict[str, object] = {"sources": (f"t-{uid}",), "session_id": f"s{days}", "mentioned_at": T0 + timedelta(days=days),
                               "participants": frozenset({"Ana"}), "importance": 0.5}
    base.update(fields)
    return MemoryUnit(id=uid, scope=S, restatement=text, **base)  # type: ignore[arg-type]


def test_heat_halves_over_the_half_life_and_use_warms() -> None:
    ms = MaintainSettings(half_life_days=100, use_boost=0.5)
    u = _u("a", "Ana paints.")
    assert heat(u, T0, ms) == 0.5
    assert abs(heat(u, T0 + timedelta(days=100), ms) - 0.25) < 1e-9
    assert heat(u.with_(access_count=3), T0 + timedelta(days=100), ms) > 0.25
    recent = u.with_(last_access=T0 + timedelta(days=100), access_count=1)
    assert heat(recent, T0 + timedelta(days=100), ms) > 0.5  # used just now, and used once
    for never in (u.with_(pinned=True), u.with_(layer="core"), u.with_(layer="semantic")):
        assert heat(never, T0 + timedelta(days=10_000), ms) == 0.5


def test_rescore_cools_warms_and_promotes() -> None:
    ms = MaintainSettings(half_life_days=30, cold_below=0.1, promote_to=0.3)
    old = _u("a", "Ana paints.")
    cold = rescore(old, T0 + timedelta(days=365), ms, again=False)
    assert cold is not None and cold.cold
    assert rescore(old.with_(cold=True), T0, ms, again=False) is not None  # warm again
    assert rescore(old, T0, ms, again=False) is None  # nothing changes
    assert rescore(old.with_(pinned=True), T0 + timedelta(days=365), ms, again=False) is None
    short = old.with_(tier="short", importance=0.2)
    promoted = rescore(short, T0, ms, again=True)
    assert promoted is not None and promoted.tier == "long" and promoted.importance == 0.3
    asked = rescore(short.with_(access_count=1), T0, ms, again=False)
    assert asked is not None and asked.tier == "long"
    request = short.with_(restatement="The user asked: Can the assistant suggest a dataset? The assistant said: Try UCI.")
    assert rescore(request, T0, ms, again=True) is None  # short for its kind: the topic coming back is not enough
    assert rescore(request.with_(access_count=1), T0, ms, again=False) is not None  # asked about: promoted
    question = short.with_(restatement="Ben asked: Did Ana see that band?")
    assert rescore(question, T0, ms, again=True) is None


def test_a_short_term_memory_left_short_fades_and_a_list_is_never_hot() -> None:
    ms = MaintainSettings(short_cold_days=30)
    short = _u("s", "Ben asked: Did Ana see that band?", tier="short", importance=0.4)
    assert rescore(short, T0 + timedelta(days=29), ms, again=False) is None  # still its chance
    faded = rescore(short, T0 + timedelta(days=31), ms, again=False)
    assert faded is not None and faded.cold and faded.tier == "short"
    asked = rescore(short.with_(cold=True, access_count=1), T0 + timedelta(days=31), ms, again=False)
    assert asked is not None and asked.tier == "long" and not asked.cold  # asked about: promoted and warm
    long = short.with_(tier="long")
    assert rescore(long, T0 + timedelta(days=31), ms, again=False) is None  # the long tier decays by heat only
    assert rescore(short, T0 + timedelta(days=31), MaintainSettings(short_cold_days=0), again=False) is None
    listed = _u("l", "Ana's hobbies: pottery (1 May); running (3 June)", layer="semantic", importance=0.9)
    cooled = rescore(listed, T0, ms, again=False)
    assert cooled is not None and cooled.cold  # a list is found by its words
    assert rescore(listed.with_(cold=True, access_count=3), T0, ms, again=False) is None  # recalled: still cold


def test_mentioned_again_needs_two_concepts_said_later() -> None:
    first = _u("a", "x", 0, concepts=frozenset({"pottery", "clay", "bowl"}))
    later = _u("b", "y", 5, concepts=frozenset({"pottery", "clay"}))
    one = _u("c", "z", 5, concepts=frozenset({"bowl"}))
    assert mentioned_again(first, last_mentions([first, later]))
    assert not mentioned_again(first, last_mentions([first, one]))
    assert not mentioned_again(later, last_mentions([first, later]))
    apart = _u("d", "w", 6, concepts=frozenset({"clay"}))  # two concepts said later, but in two memories
    assert not mentioned_again(first, last_mentions([first, one, apart]))
    same = _u("e", "v", 0, concepts=frozenset({"pottery", "clay"}), session_id="s0",
              mentioned_at=T0 + timedelta(minutes=5))  # later in the same conversation: the topic going on
    assert not mentioned_again(first, last_mentions([first, same]))


def test_groups_by_subject_and_topic_and_packs_faithfully() -> None:
    units = [
        _u("a", "Ana said: Ana started a pottery class. Do you like clay?", 0),
        _u("b", "Ana went hiking in the mountains.", 30),
        _u("c", "Ana ran a 10k race with the running club.", 60),
        _u("d", "Ben bakes bread.", 60, participants=frozenset({"Ben"})),
        _u("e", "Ana started a pottery class.", 60, valid_to=T0),  # no longer current: not gathered
    ]
    (group,) = [g for g in groups(units, 2) if g.topic == "activities and hobbies"]
    assert group.subject == "Ana" and [m.id for m in group.members] == ["a", "b", "c"]
    assert statement(units[0], group.topic) == "Ana started a pottery class."  # lead-in and question dropped
    text, kept = pack("Ana", group.topic, group.members, 400)
    assert text.startswith("Ana's activities and hobbies: Ana started a pottery class. (1 Jan 2024); ")
    assert [m.id for m in kept] == ["a", "b", "c"] and "(31 Jan 2024)" in text
    short, few = pack("Ana", group.topic, group.members, 140)
    assert len(few) == 2 and len(short) <= 140
    assert consolidated_id("Ana", group.topic) == consolidated_id("ana", group.topic)
    assert subject_of(_u("x", "Ben told Ana about it.", participants=frozenset({"Ana", "Ben"}))) == "Ben"


def test_spread_takes_the_most_important_member_of_each_session() -> None:
    units = [_u("a", "a", 0, importance=0.4), _u("b", "b", 0, importance=0.9), _u("c", "c", 9, importance=0.5)]
    assert [u.id for u in spread(units, 5)] == ["b", "c"]
    assert [u.id for u in spread(units, 1)] == ["b"]


def test_without_repeats_drops_members_below_and_a_semantic_memory_with_nothing_new() -> None:
    def found(uid: str, score: float, layer: str = "episodic") -> Found:
        return Found(_u(uid, uid, layer=layer), score=score)

    members = members_of([Edge("sem", "a", "consolidates", 1.0), Edge("sem", "b", "consolidates", 1.0),
                          Edge("sem", "z", "semantic", 0.9)])
    assert members == {"sem": frozenset({"a", "b"})}
    pool = {f.unit.id: f for f in (found("a", 0.9), found("sem", 0.8, "semantic"), found("b", 0.5), found("c", 0.4))}
    assert set(without_repeats(pool, members)) == {"a", "sem", "c"}
    pool["b"].score = 0.95  # every member above it: the consolidated memory adds nothing
    assert set(without_repeats(pool, members)) == {"a", "b", "c"}
    assert without_repeats(pool, {}) is pool


def test_a_sentence_is_about_the_participant_it_names_not_the_one_who_asks() -> None:
    two = frozenset({"Ana", "Ben"})
    unit = _u("q", 'Ben asked: What did Ana read lately? Ana read "Piranesi". It was a wonderful book.', participants=two)
    assert sentences_by_subject(unit) == [("Ana", 'Ana read "Piranesi".'), ("Ana", "It was a wonderful book.")]
    said = _u("s", "Ben said: Loved it, thanks.", participants=two)
    assert sentences_by_subject(said) == [("Ben", "Loved it, thanks.")]  # no name: the speaker
    (group,) = [g for g in groups([unit, _u("r", "Ana finished another book.", 9, participants=two)], 2)
                if g.topic == "books and reading"]
    assert group.subject == "Ana"  # the asker's name comes first, the answer is Ana's


def test_in_a_chat_the_users_own_sentences_are_about_the_user_and_the_assistants_about_no_one() -> None:
    mixed = _u("m", "The user's sister Emma came to the user's chess tournament. She cheered. "
                    "The assistant said: The user could try opening drills. They help.", participants=frozenset({"Emma"}))
    assert sentences_by_subject(mixed) == [
        ("the user", "The user's sister Emma came to the user's chess tournament."), ("the user", "She cheered.")]
    pasted = _u("p", "The user said: Our club hosts tournaments every spring.", participants=frozenset(), role="user")
    answer = _u("a", "By following these tips, the user should win more tournaments.", participants=frozenset(), role="assistant")
    assert sentences_by_subject(pasted) == sentences_by_subject(answer) == []
    own = [_u(f"o{d}", f"The user won {n} chess {noun} in round {d}.", d, participants=frozenset(), role="user",
              concepts=frozenset({"chess tournament", "tournament"})) for d, n, noun in ((0, "a", "tournament"),
                                                                                      (9, "two", "tournaments"),
                                                                                      (20, "a", "tournament"))]
    (group,) = [g for g in groups([*own, pasted, answer], 2, 3, speakers=frozenset({"user", "assistant"}))
                if g.topic == "tournaments"]
    assert group.subject == "the user" and {m.id for m in group.members} == {"o0", "o9", "o20"}
    text, _ = pack(group.subject, group.topic, group.members, 400, 100, group.terms)
    assert text.startswith("The user's tournaments: The user won a chess tournament in round 0. (1 Jan 2024)")
    assert list_owners(["Ana"], "How many tournaments have I won?") == {"Ana", "the user"}
    assert list_owners([], "How many tournaments has Ana won?") == frozenset()


def test_a_thing_said_in_several_sessions_and_in_the_plural_is_a_topic_of_its_own() -> None:
    def said(uid: str, text: str, day: int, concepts: str) -> MemoryUnit:
        return _u(uid, text, day, concepts=frozenset(concepts.split(",")))

    units = [
        said("a", "Ana won a chess tournament.", 0, "chess tournament,tournament,excitement"),
        said("b", "Ana lost the regional tournament. The excitement was huge.", 10, "tournament,excitement"),
        said("c", "Ana has played three tournaments this year, with excitement.", 20, "tournament,year,excitement"),
        said("d", "Ana entered another tournament.", 20, "tournament"),
    ]
    found = {g.topic: g for g in groups(units, 2, min_sessions=3)}
    assert [m.id for m in found["tournaments"].members] == ["a", "b", "c", "d"]
    assert found["tournaments"].terms == frozenset({"tournament"})
    assert "excitements" not in found  # never said in the plural: not a thing one has several of
    assert "tournaments" not in {g.topic for g in groups(units, 2, min_sessions=4)}  # three sessions only
    assert "tournaments" not in {g.topic for g in groups(units, 2)}  # things off: the topics only
    text, kept = pack("Ana", "tournaments", found["tournaments"].members, 400, 60, found["tournaments"].terms)
    assert text.startswith("Ana's tournaments: Ana won a chess tournament. (1 Jan 2024); ")
    assert topic_terms(found["tournaments"], kept) == frozenset({"tournament"})
    assert plural("city") == "cities" and plural("match") == "matches" and plural("day") == "days"


def test_packing_keeps_the_most_important_members_and_cuts_around_the_topic_word() -> None:
    long = _u("l", "After a very long and tiring week at the office with many meetings, Ana finally "
                   "went hiking in the hills near the old town with friends.", 5, importance=0.9)
    members = [_u("x", "Ana paints.", 0, importance=0.1), long, _u("y", "Ana swims.", 9, importance=0.5)]
    said = statement(long, "activities and hobbies", "Ana", 50)
    assert said.startswith("... ") and "went hiking" in said and len(said) < 70
    text, kept = pack("Ana", "activities and hobbies", members, 130, 50)
    assert [m.id for m in kept] == ["l", "y"]  # the least important did not fit; told oldest first
    assert text.index("hiking") < text.index("swims") and len(text) <= 130


def test_read_lists_of_someone_else_weigh_less_and_the_asked_list_ranks_first() -> None:
    def found(uid: str, score: float, layer: str = "episodic", who: str = "Ana", concepts: str = "", text: str = "") -> Found:
        unit = _u(uid, text or uid, layer=layer, participants=frozenset({who}), concepts=frozenset(concepts.split()))
        return Found(unit, score=score)

    books = "Ana's books and reading: Ana read a book on owls. (1 Jan 2024); Ana lent Ben a novel. (2 Feb 2024)"
    pool = {f.unit.id: f for f in (found("a", 0.9), found("ana-books", 0.6, "semantic", "Ana", "book reading", books),
                                    found("ben-books", 0.8, "semantic", "Ben", "book reading"))}
    about_others(pool, {"Ana"}, 0.5)
    assert pool["ben-books"].score == 0.4 and pool["ana-books"].score == 0.6
    about_others(pool, set(), 0.5)  # a question naming nobody: unchanged
    assert pool["ben-books"].score == 0.4
    asked_lists(pool, {"Ana"}, "Which books has Ana read?", 2)
    assert ranked(pool)[0].unit.id == "ana-books"
    asked_lists(pool, {"Ana"}, "Which pets does Ana have?", 2)  # not this list's topic: no change
    assert ranked(pool)[0].unit.id == "ana-books" and pool["a"].score == 0.9
    assert set(weak_lists({"a": found("a", 1.0), "s": found("s", 0.6, "semantic"), "t": found("t", 0.8, "semantic")},
                          0.7)) == {"a", "t"}
    # a chat user's list is evidence only when the question asks for it; a named person's list stays
    chat = {f.unit.id: f for f in (found("a", 0.9), found("games", 0.7, "semantic", "the user", "game",
                                                          "The user's games: The user won a chess game. (1 Jan 2024)"),
                                   found("trips", 0.95, "semantic", "the user", "trip"),
                                   found("ana-books", 0.6, "semantic", "Ana", "book"))}
    asked = asked_lists(chat, list_owners([], "How many games have I played?"), "How many games have I played?", 2)
    assert asked == {"games"} and ranked(chat)[0].unit.id == "games"
    assert set(unasked_user_lists(chat, asked)) == {"a", "games", "ana-books"}
    assert set(unasked_user_lists(chat, set())) == {"a", "ana-books"}


def test_a_word_of_a_chat_user_topic_is_no_question_about_the_whole_list() -> None:
    """Two people's list is named by any word it states; a chat user's topic list by the
    nouns of its topic only (it gathers what the user said over unrelated requests)."""
    def lst(uid: str, who: str, text: str, concepts: str) -> Found:
        return Found(_u(uid, text, layer="semantic", participants=frozenset({who}), concepts=frozenset(concepts.split())),
                     score=0.5)

    user = lst("u", "the user", "The user's activities and hobbies: The user has a tennis game ...", "activity hobby tennis")
    ana = lst("a", "Ana", "Ana's activities and hobbies: Ana plays tennis ...", "activity hobby tennis")
    best = Found(_u("m", "The user played tennis with friends."), score=0.9)
    for question, first in [("How often do I play tennis with my friends?", "m"), ("What hobbies do I have these days?", "u")]:
        pool = {"m": best, "u": user}
        asked_lists(pool, {"the user"}, question, 2)
        assert ranked(pool)[0].unit.id == first, question
    pool = {"m": best, "a": ana}
    asked_lists(pool, {"Ana"}, "How often does Ana play tennis?", 2)
    assert ranked(pool)[0].unit.id == "a"  # two people's list: any word it states


def test_a_list_whose_turns_are_all_cited_above_it_is_left_out() -> None:
    a = Found(_u("a", "a", sources=("t1", "t2")), score=0.9)
    sem = Found(_u("sem", "sem", layer="semantic", sources=("t1",)), score=0.8)
    b = Found(_u("b", "b", sources=("t1",)), score=0.5)
    kept = without_repeats({"a": a, "sem": sem, "b": b}, {"sem": frozenset({"b"})})
    assert set(kept) == {"a", "b"}  # the list cites nothing new: out, and its member stays


def test_a_list_keeps_members_that_name_things_and_runs_on_through_a_title() -> None:
    vague = _u("v", "It feels like Ana is stepping into the books!", 0, importance=0.9)
    titled = _u("t", "Ana is reading a fantasy novel called The Winter of the Long Knives and loves how it starts.", 0,
                importance=0.4)
    other = _u("o", "Ana borrowed 2 books from the library on 3 May 2024.", 3, importance=0.5)
    assert not specific(vague.restatement, {"Ana"}) and specific(titled.restatement, {"Ana"})
    assert specific(other.restatement, {"Ana"})  # a number of things, beyond the date
    assert not specific("On Friday, 21 January 2022 Ana went out.", {"Ana"})  # a date alone names nothing
    assert [u.id for u in spread([vague, titled, other], 5)] == ["t", "o"]  # the session's specific member
    said = statement(titled, "books and reading", "Ana", 50)
    assert "The Winter of the Long Knives" in said and "loves" not in said
    assert statement(_u("p", "Ana is reading a fantasy novel and it is great fun to read it all day long.", 0),
                     "books and reading", "Ana", 40).endswith("...")
    text, kept = pack("Ana", "books and reading", [vague, titled], 120, 50)
    assert [m.id for m in kept] == ["t"]  # the one that names a book goes in first, the vague one no longer fits


def test_a_question_finds_its_lists_by_id() -> None:
    ids = list_ids(["Ana"], {"tournament"})
    assert ids == [consolidated_id("Ana", "tournaments")]  # no topic holds tournaments
    hobby = set(list_ids(["Ana", "the user"], {"yoga"}))  # a thing's own list, and the topic whose words hold it
    assert hobby == {consolidated_id(s, t) for s in ("Ana", "the user") for t in ("yogas", "activities and hobbies")}
    assert consolidated_id("Ana", "activities and hobbies") in list_ids(["Ana"], {"activity"})  # the topic's own name
    assert asked_list_ids({"Ana"}, "How many tournaments has Ana won?") == [consolidated_id("Ana", "tournaments")]
    assert consolidated_id("the user", "games") in asked_list_ids({"the user"}, "Which games have I finished?")
    assert asked_list_ids({"the user"}, "How often do I play tennis at the park?") == []  # its form asks for no thing
    # "doctors" is never said, but a doctor's title, a physician and a specialist are the user's health care
    assert consolidated_id("the user", "health and medical care") in asked_list_ids(
        {"the user"}, "How many different doctors did I visit?")


def test_a_chat_users_doctors_make_a_health_list_and_a_title_does_not_end_a_sentence() -> None:
    seen = [_u(f"d{d}", text, d, participants=frozenset(), role="user", concepts=frozenset(concepts.split(",")))
            for d, text, concepts in (
                (0, "The user saw their dermatologist, Dr. Lee, about a mole. It was benign.", "dermatologist,Dr. Lee,mole"),
                (9, "Dr. Patel, an ENT specialist, diagnosed the user with sinusitis.", "Dr. Patel,specialist,sinusitis"),
                (20, "The user's primary care physician, Dr. Smith, prescribed antibiotics.", "physician,Dr. Smith,antibiotic"))]
    assert sentences_by_subject(seen[0])[0] == ("the user", "The user saw their dermatologist, Dr. Lee, about a mole.")
    (health,) = [g for g in groups(seen, 2, speakers=frozenset({"user", "assistant"})) if g.topic == "health and medical care"]
    assert health.subject == "the user" and {m.id for m in health.members} == {"d0", "d9", "d20"}
    # two people's lists keep the common topics only: a list of what they named in passing is found
    # like any memory, while a chat user's is read only when asked for
    ana = [_u(u.id, u.restatement.replace("The user's", "Ana's").replace("the user", "Ana").replace("The user", "Ana"),
              int(u.session_id[1:]), concepts=u.concepts) for u in seen]
    assert "health and medical care" not in {g.topic for g in groups(ana, 2, speakers=frozenset({"Ana", "Ben"}))}
    assert consolidated_id("Ana", "health and medical care") not in list_ids(["Ana"], {"doctor"})


@pytest.mark.parametrize(
    ("sentence", "word", "counts"),
    [
        ("The user will book a table for Friday.", "book", False),  # a verb
        ("The user finished a book about whales.", "book", True),
        ("The user wants to know what works best.", "work", False),
        ("The user loves how Family Guy's humor is edgy.", "family", False),  # inside a name
        ("The user's family is coming over.", "family", True),
        ("The user will check out these online stores.", "store", False),  # pointed at: the other party's
        ("The user will look into those brands and shops.", "brand", False),
        ("The user bought a lamp at the hardware store.", "store", True),
        ("Ana went hiking in the mountains.", "hiking", True),  # a gerund: an activity
        ("Ana saw Dr. Lee on Monday.", "doctor", True),  # a title
    ],
)
def test_a_topic_word_counts_where_it_is_said_as_a_noun(sentence: str, word: str, counts: bool) -> None:
    (nouns,) = said_as_nouns([sentence])
    assert (word in nouns) is counts


@pytest.mark.parametrize(
    ("sentence", "subject", "word", "counts"),
    [
        ("Joanna loves Nate's turtles so much!", "Joanna", "turtle", False),  # another's things
        ("Joanna's turtles love strawberries.", "Joanna", "turtle", True),
        ("Nate took Joanna's dog to the park.", "Nate", "dog", False),
        ("Nate took Joanna's dog to the park.", "Nate", "park", True),
        ("The user's sister plays the cello.", "the user", "sister", True),
        ("The user liked the assistant's recipes.", "the user", "recipe", False),
        ("Mia Ross fed Mia's cats.", "Mia Ross", "cat", True),
    ],
)
def test_a_thing_another_person_owns_is_not_the_subject_s(sentence: str, subject: str, word: str,
                                                         counts: bool) -> None:
    (nouns,) = said_as_nouns([sentence], [subject])
    assert (word in nouns) is counts
    assert word in said_as_nouns([sentence])[0]  # without a subject, every noun said


def test_a_thing_list_leaves_out_what_another_person_owns() -> None:
    def said(text: str) -> list[MemoryUnit]:
        return [_u(f"{text[:9]}{i}", f"{text} Day {i}.", i, participants=frozenset({"Joanna", "Nate"}),
                   concepts=frozenset({"lamp"})) for i in range(3)]

    def lists(units: list[MemoryUnit]) -> list[str]:
        return [g.topic for g in groups(units, min_members=2, min_sessions=2) if g.subject == "Joanna"]

    assert "lamps" not in lists(said("Joanna loves Nate's lamps."))
    assert "lamps" in lists(said("Joanna cleans Joanna's lamps."))


def test_the_assistant_named_first_makes_a_chat_sentence_the_assistant_s() -> None:
    unit = _u("a", "Based on the assistant's budget advice, the user saved money. The user bought a bike.", 0,
              participants=frozenset(), role="user")
    assert [t for _, t in sentences_by_subject(unit)] == ["The user bought a bike."]


def test_a_unit_of_reading_makes_no_thing_list() -> None:
    """ "The user is on page 200": pages count an amount read, they are no things one has."""
    units = [_u(f"p{i}", text, 10 * i, concepts=frozenset({"page"}))
             for i, text in enumerate(["Ana read 40 pages.", "Ana is on page 120 of the pages she owes.",
                                       "Ana skipped ten pages.", "Ana has 30 pages left."])]
    assert not [g for g in groups(units, 2, min_sessions=3) if g.topic == "pages"]


def test_general_nouns_make_no_thing_list() -> None:
    units = [_u(f"u{i}", text, 10 * i, concepts=frozenset({"action", "solution"}))
             for i, text in enumerate(["Ana took actions and found solutions.", "Ana's actions and solutions helped.",
                                       "Ana wants solutions, not more actions.", "Ana's actions matter."])]
    assert not [g for g in groups(units, 2, min_sessions=3) if g.topic in ("actions", "solutions")]


def test_a_topic_list_is_put_first_for_a_thing_only_when_mostly_of_it() -> None:
    """Asked for a thing its topic holds but does not name, a list is put first when at least
    half of its statements state the thing (a title says what a person is)."""
    food = ("The user's food and cooking: The user tried Thai cuisine. (1 May 2024); The user hosted a dinner party. "
            "(2 May 2024); The user found a new restaurant. (3 May 2024)")
    health = ("The user's health and medical care: The user saw Dr. Lee. (1 May 2024); The user's physician, Dr. Smith, "
              "called. (2 May 2024); The user booked a follow-up. (3 May 2024)")
    for text, question, put_first in [(food, "How many different cuisines have I tried?", False),
                                      (health, "How many different doctors did I visit?", True)]:
        lst = Found(_u("l", text, layer="semantic", participants=frozenset({"the user"}),
                       concepts=frozenset({"cuisine", "doctor", "food", "health"})), score=0.5)
        pool = {"m": Found(_u("m", "The user ate ramen."), score=0.9), "l": lst}
        asked_lists(pool, {"the user"}, question, 2)
        assert (ranked(pool)[0].unit.id == "l") is put_first, question


def test_a_kind_asked_for_finds_the_list_of_its_members() -> None:
    """Asked for "siblings", the user's family list that names a sister and a brother is put
    first (``ground.lists.KINDS``)."""
    family = ("The user's family: The user's sister loved the necklace. (1 May 2024); The user has 3 sisters. "
              "(2 May 2024); The user went to a match with their brother. (3 May 2024)")
    lst = Found(_u("l", family, layer="semantic", participants=frozenset({"the user"}),
                   concepts=frozenset({"family", "sister", "brother"})), score=0.5)
    pool = {"m": Found(_u("m", "The user joined a book club."), score=0.9), "l": lst}
    asked_lists(pool, {"the user"}, "What is the total number of siblings I have?", 2)
    assert ranked(pool)[0].unit.id == "l"
    turtles = Found(_u("t", "Nate's turtles: Nate has two turtles. (1 May 2024)", layer="semantic",
                       participants=frozenset({"Nate"}), concepts=frozenset({"turtle"})), score=0.5)
    pool = {"m": Found(_u("m", "Nate is allergic to fur."), score=0.9), "t": turtles}
    asked_lists(pool, {"Nate"}, "What pets does Nate have?", 2)  # between two people: the kind alone
    assert ranked(pool)[0].unit.id == "m"
    assert with_kinds(frozenset({"sibling"})) == {"sibling", "sister", "brother"}


def test_a_list_weighs_less_for_a_question_that_asks_for_one_thing() -> None:
    found = {"l": Found(_u("l", "Nate's recipes: ...", layer="semantic"), score=0.72),
             "m": Found(_u("m", "It's vanilla with strawberry filling."), score=0.71)}
    lists_for_one(found, 0.8)
    assert [f.unit.id for f in ranked(found)] == ["m", "l"] and found["l"].score == 0.576
    lists_for_one(found, 1.0)  # off
    assert found["l"].score == 0.576 and found["m"].score == 0.71
