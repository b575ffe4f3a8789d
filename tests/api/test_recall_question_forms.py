"""What the form of a question changes in recall (a real store on both backends, the real
embedder):

- a question that asks for several things (``RecallSettings.siblings``): the items after the
  first are said like the first one, not like the question, and the round that searches for
  memories like the best ones finds them;
- a yes/no question (``RecallSettings.polar_gateway_spread``): its answer is what the first
  hit links to (the venue's menu), which ranks right after it, above memories that only share
  the question's words."""

from __future__ import annotations

from ripplemem import Memory
from sample_dialogue import EVERYDAY

# Ann's plants: one says "planted" and "garden" (the question's words); the others say
# neither, and are phrased like the first one rather than like the question.
PLANTS = [
    "I planted a row of blue hydrangeas in the front garden this morning.",
    "The lavender bushes I put in by the back fence are already flowering.",
    "I dug in three climbing roses along the trellis on Sunday.",
]
OTHERS = [EVERYDAY[i] for i in (0, 1, 4, 5, 6, 8, 9, 10, 12, 14, 15, 16, 22, 20, 18, 19)]
QUESTION = "Which flowers has Ann planted in the garden?"


def _stored(memory: Memory) -> Memory:
    lines = [PLANTS[0], *OTHERS[:6], PLANTS[1], *OTHERS[6:11], PLANTS[2], *OTHERS[11:]]
    for n in range(0, len(lines), 3):
        turns = [{"speaker": "Ann", "text": t} for t in lines[n : n + 3]]
        memory.add(turns, user_id="u", session_id=f"s{n}", session_time=f"2024-04-{n // 3 + 1:02d}T10:00:00Z")
    return memory


# Narrow views: the dense view alone does not reach the later items.
NARROW = {"view_k": 1, "lexical_depth": 1, "context_spread": 0.0, "gateways": False}


def _found(memory: Memory, **changes: float) -> set[str]:
    rs = memory.settings.recall.replace(**{**NARROW, **changes})
    ev = memory.recall(QUESTION, user_id="u", budget_tokens=100_000, settings=rs)
    return {p for p in ("hydrangeas", "lavender", "climbing roses") if any(p in i.text for i in ev.items)}


def test_a_question_for_several_things_finds_the_ones_said_like_the_first(memory: Memory) -> None:
    _stored(memory)
    without = _found(memory, siblings=0)
    with_siblings = _found(memory)
    assert "hydrangeas" in without
    assert with_siblings > without  # the round found more of the plants
    assert with_siblings == {"hydrangeas", "lavender", "climbing roses"}


def test_the_trace_says_the_question_asks_for_several_things(memory: Memory) -> None:
    _stored(memory)
    ev = memory.recall(QUESTION, user_id="u")
    assert ev.trace.plans and ev.trace.plans[0].many
    assert any(h.route == "diffusion:siblings" for h in ev.trace.diffusion)
    one = memory.recall("When did Ann plant the hydrangeas?", user_id="u")
    assert one.trace.plans and not one.trace.plans[0].many
    # the last of several plantings is told only once all of them are found
    last = memory.recall("How many weeks ago was the last time Ann planted flowers?", user_id="u")
    assert last.trace.plans and last.trace.plans[0].many
    assert not any(h.route == "diffusion:siblings" for h in one.trace.diffusion)


# The paper's case: the recommendation names the venue; what the venue serves is said in
# another session and shares no word with the question; other memories share its words.
DINNER = [
    {"speaker": "Ann", "text": "My friend Sam recommended Harbor Grill for Maya's birthday dinner."},
    {"speaker": "Ben", "text": "Oh nice, when is it?"},
    {"speaker": "Ann", "text": "Next Friday, she turns thirty."},
]
VENUE = [
    {"speaker": "Ben", "text": "Harbor Grill only serves seafood, the whole menu is fish and shellfish."},
    {"speaker": "Ann", "text": "I walked past it yesterday."},
]
WORDS = [
    "Sam recommended a podcast about birthdays in ancient Rome.",
    "For my own birthday dinner I just want pizza at home.",
    "Maya's dinner party last month went on until two in the morning.",
    "Sam says we should follow the new recipe blog he found.",
    "We had a birthday cake for Maya's dog, Biscuit.",
    "The dinner at the tapas bar was a bit expensive.",
    "Sam's recommendation for the plumber was spot on.",
    "I booked the dinner table for Saturday at eight.",
]
POLAR = "Should we go with Sam's recommendation for Maya's birthday dinner?"


def _venue_rank(memory: Memory, **changes: float) -> int:
    rs = memory.settings.recall.replace(**changes)
    ev = memory.recall(POLAR, user_id="u", budget_tokens=100_000, settings=rs)
    return next(n for n, i in enumerate(ev.items) if "only serves seafood" in i.text)


def test_a_yes_no_question_ranks_what_its_first_hit_links_to_first(memory: Memory) -> None:
    memory.add(DINNER, user_id="u", session_id="a", session_time="2024-03-01T10:00:00Z")
    for i, text in enumerate(WORDS):
        turn = {"speaker": "Ann" if i % 2 else "Ben", "text": text}
        memory.add([turn], user_id="u", session_id=f"o{i}", session_time=f"2024-03-{i + 2:02d}T10:00:00Z")
    memory.add(VENUE, user_id="u", session_id="b", session_time="2024-04-01T10:00:00Z")
    polar = _venue_rank(memory)
    assert polar <= 2  # right after the recommendation (and at most one other)
    assert _venue_rank(memory, polar_gateway_spread=0.0) > polar  # the floor of other questions


def test_a_bare_weekday_in_a_question_is_a_word_not_a_date(memory: Memory) -> None:
    """"On Monday" in a question names the day the asker spoke of, which may be weeks back: no
    time cue (the most recent Monday would favour whatever happened that day), and "Monday"
    stays a word of the lexical view. "Last Monday" still fixes the date."""
    memory.add(
        [{"role": "user", "content": "I left home at 7 AM on Monday for my doctor's appointment and got to the clinic at 9."}],
        user_id="u", session_id="a", session_time="2023-05-16T10:00:00Z",
    )
    memory.add(
        [{"role": "user", "content": "Today I repotted the basil and watered the tomatoes."}],
        user_id="u", session_id="b", session_time="2023-05-29T10:00:00Z",
    )
    bare = memory.recall("What time did I reach the clinic on Monday?", user_id="u", as_of="2023-05-30T12:00:00Z")
    assert bare.trace.cues.time is None and "monday" in bare.trace.cues.keywords
    assert "clinic" in bare.items[0].text
    fixed = memory.recall("What did I do last Monday?", user_id="u", as_of="2023-05-30T12:00:00Z")
    assert fixed.trace.cues.time is not None and fixed.trace.cues.time.start.day == 29
