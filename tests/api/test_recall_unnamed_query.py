"""Speakers are not evidence (``RecallSettings.unnamed_query``): a question that names a
speaker of the conversation is embedded with and without the name, the two averaged, so a
short memory that only names the speaker does not outrank the one that answers (a real
store on both backends, the real embedder)."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from ripplemem import Memory
from ripplemem.read.engine import _query_vector

# Shira and Fatou chat; Shira's replies are short, about herself, and say nothing she learns
TURNS = [
    ("Fatou", "My landlord raised the rent again, third time this year."),
    ("Shira", "I would have moved out."),
    ("Fatou", "The bus was forty minutes late this morning."),
    ("Shira", "I would complain to the council."),
    ("Fatou", "They cancelled the last train home on Friday."),
    ("Shira", "I would have walked home."),
    ("Fatou", "My manager moved the deadline up by a week."),
    ("Shira", "I would have quit on the spot."),
    ("Fatou", "The neighbours started drilling at six on a Sunday."),
    ("Shira", "I would have called the police."),
    ("Fatou", "My sister borrowed my car and returned it with an empty tank."),
    ("Shira", "I never lend my car to anyone."),
    ("Fatou", "The office coffee machine broke down again."),
    ("Shira", "I bring my own flask now."),
    ("Fatou", "What else is going on with you?"),
    ("Shira", "I'm taking a beekeeping course at the community college, it's fascinating."),
]
QUESTION = "What has Shira been learning?"  # no word of the answer: the dense view finds it


def _lead(memory: Memory, unnamed: bool) -> float:
    """How far the answer ("beekeeping course") scores above the next memory (it must rank first)."""
    rs = memory.settings.recall.replace(unnamed_query=unnamed, diffusion=False, planner=False)
    items = memory.recall(QUESTION, user_id="u", budget_tokens=100_000, settings=rs).items
    assert "beekeeping" in items[0].text, [i.text for i in items[:3]]
    return items[0].score - items[1].score


def test_a_speaker_s_name_does_not_carry_the_dense_match(memory: Memory) -> None:
    for n in range(0, len(TURNS), 2):
        turns = [{"speaker": s, "text": t} for s, t in TURNS[n : n + 2]]
        memory.add(turns, user_id="u", session_id=f"s{n}", session_time=f"2024-03-{n + 1:02d}T10:00:00Z")
    # Shira is a speaker (named on most memories), so the question is embedded both ways
    assert _lead(memory, True) > _lead(memory, False) + 0.01


def test_the_vector_is_the_mean_of_the_question_with_and_without_the_speakers(memory: Memory) -> None:
    ctx = SimpleNamespace(embedder=memory.embedder)
    named, plain = memory.embedder.embed([QUESTION, "What has been learning?"])
    mixed = _query_vector(ctx, QUESTION, frozenset({"Shira"}), True)  # type: ignore[arg-type]
    expected = (named + plain) / np.linalg.norm(named + plain)
    assert np.allclose(mixed, expected, atol=1e-5)
    assert np.allclose(_query_vector(ctx, QUESTION, frozenset(), True), named, atol=1e-5)  # type: ignore[arg-type]
    assert np.allclose(_query_vector(ctx, QUESTION, frozenset({"Shira"}), False), named, atol=1e-5)  # type: ignore[arg-type]
