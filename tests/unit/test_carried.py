"""A memory that leans on what the turn before named, that turn already stated in the memory
before and the two too long to go together, is stated after a copy of the sentence naming it
(write/compose.py carried), on the real rule extractor's candidates."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from ripplemem.config import WriteSettings
from ripplemem.types import Candidate, Turn, Window
from ripplemem.write.compose import compose
from ripplemem.write.extract_rule import RuleExtractor

WHEN = datetime(2023, 5, 8, 13, 56, tzinfo=UTC)
WS = WriteSettings()

TOOLS = [
    ("Ann", "Here are my grandad's old tools, I found them in the shed last weekend. Every one has his initials "
            "scratched into the handle."),
    ("Ben", "Those tools must have a lot of history behind them. Want to tell me about some?"),
    ("Ann", "Yes, these have been in the family since before the war. My grandad built our first kitchen table with "
            "them, and my dad used them to fix up his boat every summer. They remind me of long afternoons in his "
            "workshop, the smell of sawdust and oil, and the radio playing cricket."),
]


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor(aside_chars=WS.compose_aside_chars)


def composed(ex: RuleExtractor, rows: list[tuple[str, str]], ws: WriteSettings = WS, names: tuple[str, ...] = ("Ann", "Ben")) -> list[Candidate]:
    turns = tuple(Turn(f"D1:{i + 1}", "S1", who, text) for i, (who, text) in enumerate(rows))
    window = Window("S1", WHEN, turns, frozenset(t.turn_id for t in turns), names)
    return compose(ex.extract(window), {t.turn_id: i for i, t in enumerate(turns)}, ws)


def test_a_memory_leaning_on_the_turn_before_is_stated_after_a_copy_of_what_named_it(ex: RuleExtractor) -> None:
    first, second = composed(ex, TOOLS)
    assert first.sources == ("D1:1", "D1:2")  # the other speaker's remark went on with the first memory
    assert second.sources == ("D1:2", "D1:3")  # and is cited again by the memory that leans on it
    assert second.restatement.startswith("Ben said: Those tools must have a lot of history behind them. Ann said: These ")
    assert "Want to tell me" not in second.restatement  # only the sentence that names the tools
    assert len(second.restatement) <= WS.max_unit_chars


def test_off_the_memory_stays_as_it_was(ex: RuleExtractor) -> None:
    *_, last = composed(ex, TOOLS, WriteSettings(compose_carry_chars=0))
    assert last.sources == ("D1:3",)
    assert last.restatement.startswith("Ann said: These have been in the family")


def test_a_carried_sentence_longer_than_the_setting_is_not_copied(ex: RuleExtractor) -> None:
    *_, last = composed(ex, TOOLS, WriteSettings(compose_carry_chars=40))
    assert last.sources == ("D1:3",)


def test_nothing_is_carried_when_the_turn_before_names_nothing_of_the_pronouns_number(ex: RuleExtractor) -> None:
    rows = [TOOLS[0], ("Ben", "Wow, that is so cool. Want to tell me about some?"), TOOLS[2]]
    found = composed(ex, rows)
    assert all(c.sources != ("D1:2", "D1:3") for c in found)


def test_a_memory_that_names_its_thing_is_not_carried(ex: RuleExtractor) -> None:
    named = TOOLS[2][1].replace("Yes, these have", "Yes, grandad's tools have")
    *_, last = composed(ex, [*TOOLS[:2], ("Ann", named)])
    assert not last.restatement.startswith("Ben said:")


def test_a_chat_is_never_carried(ex: RuleExtractor) -> None:
    rows = [("user", TOOLS[0][1]), ("assistant", TOOLS[1][1]), ("user", TOOLS[2][1])]
    found = composed(ex, rows, names=())
    assert not any("D1:2" in c.sources and "D1:3" in c.sources for c in found)



def test_a_memory_before_that_was_only_the_copied_sentence_is_dropped_and_keeps_its_facts(ex: RuleExtractor) -> None:
    rows = [("Ann", "I bought a 1967 Gibson guitar for 2,400 dollars at the auction in Leeds."),
            ("Ben", "Is it insured against theft and fire damage?"),  # a question: never glued onto what came before
            ("Ann", "Yes, the broker set it up last week, it covers the case too.")]
    apart = composed(ex, rows, WriteSettings(compose_carry_chars=0))
    assert [c.sources for c in apart] == [("D1:1",), ("D1:2", "D1:3")]
    (memory,) = composed(ex, rows)
    assert memory.sources == ("D1:1", "D1:2", "D1:3")
    assert memory.restatement.startswith("Ann bought a 1967 Gibson guitar for 2,400 dollars at the auction in Leeds. Ben asked: Is it insured")
    assert {"1967", "2,400 dollars", "Leeds"} <= set(memory.facts)  # the dropped memory's facts kept
