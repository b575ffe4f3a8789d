"""Fidelity at write time (write/fidelity.py): a memory states no number or name its turns do not."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

import pytest

from ripplemem.ground.facts import unsupported
from ripplemem.types import Candidate, Turn, Window
from ripplemem.write.extract_rule import RuleExtractor
from ripplemem.write.fidelity import as_said, checked

WHEN = datetime(2023, 5, 29, 14, 0, tzinfo=UTC)


def window(*rows: tuple[str, str], role: bool = False) -> Window:
    turns = tuple(
        Turn(f"D1:{i + 1}", "S1", who, text, WHEN, role=who if role else None) for i, (who, text) in enumerate(rows)
    )
    speakers = tuple(dict.fromkeys(t.speaker for t in turns))
    return Window("S1", WHEN, turns, frozenset(t.turn_id for t in turns), speakers)


def candidate(text: str, *sources: str) -> Candidate:
    return Candidate(restatement=text, sources=sources or ("D1:1",), session_id="S1", mentioned_at=WHEN)


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def test_the_rule_extractors_memories_pass_with_derived_dates_and_restated_people(ex: RuleExtractor) -> None:
    w = window(
        ("Ada", "I started my pottery course three years ago, and I told you I'd finish it by June."),
        ("Ben", "Is Spider-Man your favourite? I got you two tickets for Friday."),
    )
    found = ex.extract(w)
    assert any("2020" in c.restatement for c in found)  # "three years ago" said in May 2023
    out, fixed = checked(found, [w])
    assert fixed == 0 and out == found


@pytest.mark.parametrize(
    ("made_up", "missing"),
    [
        ("Ada started her pottery course in 2017.", ["2017"]),  # a year no phrase implies
        ("Ada paid 450 euros for the course.", ["450"]),  # an amount
        ("Ada started the course with Priya.", ["priya"]),  # a person
        ("Ada takes the course at Harbor Clay Studio.", ["harbor clay studio"]),  # a place
    ],
)
def test_an_unfaithful_memory_is_stated_as_said(made_up: str, missing: list[str]) -> None:
    w = window(("Ada", "I started my pottery course three years ago."), ("Ben", "Nice, how is it going?"))
    bad = candidate(made_up)
    assert unsupported(made_up, [t.text for t in w.turns] + ["Ada Ben", "2020"]) == missing
    (out,), fixed = checked([bad], [w])
    assert fixed == 1
    assert out.restatement == "Ada said: I started my pottery course three years ago."
    assert out.sources == bad.sources and out.session_id == bad.session_id


def test_a_chat_turn_is_said_by_the_user_or_the_assistant() -> None:
    w = window(("user", "My budget is 300 dollars."), ("assistant", "Then the 250 dollar model fits."), role=True)
    both = candidate("The user can spend 3,000 dollars and the assistant suggested a model.", "D1:1", "D1:2")
    (out,), fixed = checked([both], [w])
    assert fixed == 1
    assert out.restatement == "The user said: My budget is 300 dollars. The assistant said: Then the 250 dollar model fits."


def test_a_photo_caption_is_evidence_and_is_kept_with_the_turn() -> None:
    turns = (Turn("D1:1", "S1", "Ada", "Look at this!", WHEN, image_caption="a bowl with 3 blue stripes"),)
    w = Window("S1", WHEN, turns, frozenset({"D1:1"}), ("Ada",))
    ok = candidate("Ada shared a photo of a bowl with 3 blue stripes.")
    assert checked([ok], [w]) == ([ok], 0)
    assert as_said(replace(ok, restatement="Ada made 5 bowls."), {"D1:1": turns[0]}).restatement == (
        "Ada said: Look at this! [photo: a bowl with 3 blue stripes]"
    )


def test_the_units_of_one_long_turn_read_its_dates_once_and_a_plain_one_needs_none() -> None:
    """A long answer's many memories share their turn: its dates are read once per check, and
    a memory stating no number or name is faithful whatever the turn says."""
    from ripplemem.write import fidelity

    w = window(("Ada", "I moved to Lisbon three years ago. I paid 900 euros for the flat."), ("Ben", "Nice."))
    found = [candidate("Ada moved to Lisbon in 2020."), candidate("Ada paid 900 euros."), candidate("ada likes it there.")]
    calls: list[str] = []
    reading = fidelity.dates_in

    def counted(text: str, anchor: datetime) -> list[str]:
        calls.append(text)
        return reading(text, anchor)

    fidelity.dates_in = counted
    try:
        out, fixed = checked(found, [w])
    finally:
        fidelity.dates_in = reading
    assert fixed == 0 and out == found
    assert len(calls) == 1  # the two memories with facts: one reading of their turn
    (bad,), fixed = checked([candidate("Ada moved to Porto in 2019.")], [w])
    assert fixed == 1 and bad.restatement.startswith("Ada said: I moved to Lisbon")
