"""Which sentences are asked (write/extract_sentences.py): a question mark after a word, a
quote or a bracket ends a question the speaker asks; one inside a quote, or after a table's
"$??", asks nothing. On the real rule extractor too: an asked sentence is stated as "X asked:"."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from ripplemem.types import Turn, Window
from ripplemem.write.extract_rule import RuleExtractor
from ripplemem.write.extract_sentences import read_sentences

WHEN = datetime(2023, 5, 8, 13, 56, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("What time is it??", [True]),
        ('Did you see "Dune"?', [True]),
        ("Is it 2023?", [True]),
        ("Paris?! I never had a chance to visit it.", [False, False]),  # exclaimed
        ("Want to come (if you are free)?", [True]),
        ('He asked "are you ok?"', [False]),  # a question reported, not asked
        ('Say something like, "Would you like to dance tonight? I\'m still a beginner."', [False, False]),
        ("| 2023-01-05 | FarmFresh | -$?? | Cancelled subscription |", [False, False]),
    ],
)
def test_a_question_is_asked_only_when_its_mark_follows_a_word_outside_a_quote(text: str, asked: list[bool]) -> None:
    assert [s.question for s in read_sentences(text, set())] == asked


def test_a_quoted_question_in_advice_is_not_stated_as_asked() -> None:
    turn = Turn("D1:1", "S1", "assistant", 'As you approach Sophia, make eye contact. Smile and say something like, "Hey '
                                        'Sophia, would you like to dance with me tonight? I\'m still a beginner."')
    found = RuleExtractor().extract(Window("S1", WHEN, (turn,), frozenset({"D1:1"}), ()))
    assert found and not any("asked:" in c.restatement for c in found)
