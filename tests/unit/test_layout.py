"""Long answers laid out in blocks: headings, list items, code, quotations (the real spaCy model)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from ripplemem.ground.layout import Block, blank_code, blocks, item_extent, script_lines
from ripplemem.ground.sentences import split_sentences
from ripplemem.ground.timeparse import restate_times
from ripplemem.types import Turn, Window
from ripplemem.write.extract_rule import RuleExtractor

WHEN = datetime(2023, 5, 8, 13, 56, tzinfo=UTC)

ANSWER = """Good question! Here is what usually goes wrong.

**Common Pitfalls:**

1. **Noisy Labels**:
\t* Annotators disagree on sarcasm, so the training signal is weak.
\t* Solution: Collect several labels per example and keep the majority vote.
2. **Domain Drift**:
\t* A model trained on film reviews misreads medical forum posts.
\t* Solution: Fine-tune on a few hundred examples from the new domain first.
3. **Small Data**:
\t* Rare classes get too few examples to learn from.
\t* Solution: Oversample the rare classes or write synthetic examples for them.

**Best Practices:**

1. **Measure per class**: Report recall for each class, not only accuracy.
2. **Keep a frozen test set**: Never tune on the examples you report.

By avoiding these pitfalls you will get a model that holds up in production."""


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def chat(answer: str) -> Window:
    turns = (Turn("D1:1", "S1", "user", "Can you help me?", role="user"), Turn("D1:2", "S1", "assistant", answer, role="assistant"))
    return Window("S1", WHEN, turns, frozenset({"D1:2"}), ("user", "assistant"))


def layout(text: str) -> list[tuple[str, Block]]:
    spans = split_sentences(text)
    return [(text[a:b], block) for (a, b), block in zip(spans, blocks(text, spans), strict=True)]


def test_headings_items_and_their_depth() -> None:
    found = dict(layout(ANSWER))
    assert found["**Common Pitfalls:**"].heading and found["**Best Practices:**"].heading
    assert found["1. **Noisy Labels**:"].item == 0 and not found["1. **Noisy Labels**:"].heading
    assert found["* Solution: Collect several labels per example and keep the majority vote."].item == 1
    assert found["Good question!"].paragraph and not found["Here is what usually goes wrong."].line_start
    assert found["By avoiding these pitfalls you will get a model that holds up in production."].paragraph


def test_an_item_runs_to_the_next_item_as_far_out_or_a_heading() -> None:
    rows = layout(ANSWER)
    items = [b for _, b in rows]
    first = next(i for i, (text, _) in enumerate(rows) if text.startswith("1. **Noisy"))
    assert rows[item_extent(items, first)][0] == "2. **Domain Drift**:"
    last = next(i for i, (text, _) in enumerate(rows) if text.startswith("3. **Small"))
    assert rows[item_extent(items, last)][0] == "**Best Practices:**"


def test_code_is_neither_a_heading_nor_an_item() -> None:
    text = "Try this:\n```python\n# load the file\n- x\nprint(data)\n```\nThat prints it."
    found = dict(layout(text))
    assert all(found[line].code and not found[line].heading and found[line].item is None for line in ("# load the file", "- x", "print(data)"))
    assert not found["That prints it."].code


def test_a_long_answer_is_cut_at_its_blocks(ex: RuleExtractor) -> None:
    units = [c.restatement for c in ex.extract(chat(ANSWER))]
    assert all(not u.rstrip().endswith(("**Common Pitfalls:**", "**Best Practices:**", "**:")) for u in units), units
    # an item stays whole with its sub-points (two may share a memory), and a heading opens what it heads
    for title, point in (("Noisy Labels", "majority vote"), ("Domain Drift", "Fine-tune"), ("Small Data", "Oversample")):
        holding = [u for u in units if title in u]
        assert len(holding) == 1 and point in holding[0], units
    assert next(u for u in units if "Noisy Labels" in u).startswith("The assistant said: **Common Pitfalls:**")
    small = next(u for u in units if "Small Data" in u)
    assert "Oversample" in small and "Best Practices" not in small
    assert any(u.endswith("holds up in production.") and "Keep a frozen" not in u for u in units)


def test_code_is_kept_as_written_and_whole(ex: RuleExtractor) -> None:
    answer = "Save it first:\n```javascript\nsessionStorage.setItem(\"film\", JSON.stringify(you));\n});\n```\nThen read it back on the next page."
    text = " ".join(c.restatement for c in ex.extract(chat(answer)))
    assert 'sessionStorage.setItem("film", JSON.stringify(you));' in text  # no capital, no "the user" inside code
    assert "});" in text and text.count("```") == 2


def test_a_quoted_post_keeps_its_own_first_person(ex: RuleExtractor) -> None:
    answer = 'Your best post was this one:\n"Mind. Blown. I just finished chapter 5! Anyone else reeling?"\nIt got 12 likes.'
    text = " ".join(c.restatement for c in ex.extract(chat(answer)))
    assert "I just finished chapter 5" in text and "Anyone else reeling?" in text
    assert "asked: Anyone" not in text


def test_a_bracketed_note_is_no_statement_of_the_speaker(ex: RuleExtractor) -> None:
    answer = "1. **Udemy**: Udemy offers courses on time management. (Paid)\n2. **Coursera**: Free courses on goal-setting."
    text = " ".join(c.restatement for c in ex.extract(chat(answer)))
    assert "(Paid)" in text and "assistant paid" not in text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I pulled your posts from January 25th to February 5th.", "I pulled your posts from January 25th, 2023 to February 5th, 2023."),
        ("Day 2: Tuesday Textures", "Day 2: Tuesday Textures"),
        ("We watched Monday Night Football.", "We watched Monday Night Football."),
        ("On Tuesday I went out.", "On Tuesday, 2 May 2023 I went out."),
        ("Good Friday is a quiet day.", "Good Friday is a quiet day."),  # a day's name, not a date
        ("Black Friday deals start early.", "Black Friday deals start early."),
        ("Ash Wednesday opens Lent.", "Ash Wednesday opens Lent."),
        ("I met Ann Friday night.", "I met Ann Friday night, 5 May 2023."),
    ],
)
def test_titles_and_day_ranges_in_time_phrases(text: str, expected: str) -> None:
    assert restate_times(text, WHEN)[0] == expected


def test_a_script_inside_an_answer_keeps_its_characters_words(ex: RuleExtractor) -> None:
    script = ("Here is the scene.\n\nCoach: (clapping) We need to run it again so you feel the timing.\n"
              "Player: I'm tired, but I'll try.\nCoach: Good. We stretch after.")
    assert [script[a:b].split(":")[0] for a, b in script_lines(script)] == ["Coach", "Player", "Coach"]
    units = " ".join(c.restatement for c in ex.extract(chat(script)))
    assert "We need to run it again so you feel the timing." in units and "I'm tired, but I'll try." in units
    # labels that each open one line are no script: "Pros: ..." / "Cons: ..."
    assert script_lines("Pros: You save money.\nCons: You lose time.") == []


def test_a_character_s_question_in_a_script_is_not_the_speaker_s(ex: RuleExtractor) -> None:
    script = ("Here is the scene.\n\nCoach: (clapping) We need to run it again.\n"
              "Player: (surprised) Again? Why do we have to run it again?\nCoach: Because you missed the timing.")
    units = " ".join(c.restatement for c in ex.extract(chat(script)))
    assert "Why do we have to run it again?" in units
    assert "assistant asked" not in units


@pytest.mark.parametrize(
    ("answer", "kept", "absent"),
    [
        ("When we are stressed, our muscles tend to tighten. Deep breathing helps.",
         "When we are stressed, our muscles tend to tighten.", "the assistant and others"),
        ("By protecting wetlands, we can help the birds that rely on them.",
         "we can help the birds", "the assistant and others"),
        ("I think we should start with your budget.",
         "the assistant and the user should start with the user's budget", "others"),
    ],
)
def test_an_assistant_s_we_is_anyone_or_the_pair(ex: RuleExtractor, answer: str, kept: str, absent: str) -> None:
    units = " ".join(c.restatement for c in ex.extract(chat(answer)))
    assert kept in units and absent not in units


def test_code_is_not_parsed_and_is_found_by_its_words(ex: RuleExtractor) -> None:
    """A fenced block is blanked before the parse (``ground.layout.blank_code``: same offsets),
    kept as written, and a memory that is all code is marked so (not embedded, ``write.dense``)."""
    code = ("```python\n@app.route('/transactions', methods=['POST'])\ndef create_transaction():\n"
            "    data = request.get_json()\n    new_transaction = Transaction(user_id=data['user_id'], amount=data['amount'])\n"
            "    db.session.add(new_transaction)\n    db.session.commit()\n    # I think you need this\n"
            "    return jsonify({'id': new_transaction.id}), 201\n\n"
            + "".join(f"@app.route('/report/{n}')\ndef report_{n}():\n    rows = Transaction.query.filter_by(kind='{n}').all()\n"
                      f"    return jsonify([r.amount for r in rows])\n" for n in ("rent", "food", "travel", "fees"))
            + "```")
    text = f"My transaction endpoint in Flask returns a 500 error when Maria posts an amount. Here is the route:\n{code}\nCan you see why?"
    assert blank_code(text).index("Can you see") == text.index("Can you see") and "db.session" not in blank_code(text)
    turns = (Turn("D1:1", "S1", "user", text, role="user"),)
    found = ex.extract(Window("S1", WHEN, turns, frozenset({"D1:1"}), ("user", "assistant")))
    joined = " ".join(c.restatement for c in found)
    assert "db.session.add(new_transaction) db.session.commit() # I think you need this" in joined  # as written
    assert any("the user's transaction endpoint" in c.restatement.lower() and not c.code for c in found)
    coded = [c for c in found if c.code]
    assert coded and all("```" in c.restatement or "db.session" in c.restatement for c in coded)
    assert not any("Transaction" in c.participants or "Transaction" in c.locations for c in found)
