"""The LLM extractor against a real scripted OpenAI-compatible server."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from ripplemem.providers.llm.openai import OpenAILLM
from ripplemem.types import Candidate, TimeSpan, Turn, Window
from ripplemem.write.extract_llm import LLMExtractor, time_span
from scripted_llm import ScriptedLLM

SESSION = datetime(2023, 5, 8, 13, 56, tzinfo=UTC)


def window() -> Window:
    turns = (
        Turn("D1:1", "s1", "Caroline", "Hey Mel! How are you?", SESSION),
        Turn("D1:2", "s1", "Melanie", "Great! I went to a pottery class yesterday.", SESSION),
        Turn("D1:3", "s1", "Caroline", "Nice! Remember, I'm allergic to peanuts.", SESSION),
        Turn("D1:4", "s1", "Melanie", "Look at this!", SESSION, image_caption="a clay bowl on a wheel"),
    )
    return Window("s1", SESSION, turns, frozenset({"D1:2", "D1:3", "D1:4"}), ("Caroline", "Melanie"))


def rule_fallback(w: Window) -> list[Candidate]:
    """A minimal fallback: one candidate per new turn, stated as said."""
    return [
        Candidate(f"{t.speaker} said: {t.content}", (t.turn_id,), w.session_id, mentioned_at=w.session_time)
        for t in w.turns
        if t.turn_id in w.new
    ]


def extractor(server: ScriptedLLM) -> LLMExtractor:
    llm = OpenAILLM(base_url=server.url, model="extract-model", retries=0, timeout=5.0)
    return LLMExtractor(llm, fallback=rule_fallback)


GOOD = {
    "units": [
        {
            "restatement": "Melanie went to a pottery class on 7 May 2023.",
            "participants": ["Melanie"],
            "locations": [],
            "time_start": "2023-05-07",
            "time_end": "2023-05-07",
            "facts": ["7 May 2023", "pottery class"],
            "importance": 0.7,
            "core": False,
            "sources": [1, 1],
        },
        {
            "restatement": "Caroline is allergic to peanuts.",
            "participants": ["Caroline"],
            "facts": ["peanuts", "shellfish"],
            "importance": 1.4,
            "core": True,
            "sources": [2],
        },
        {"restatement": "Invented from nowhere.", "sources": [3]},  # shares no word with its turn
        {"restatement": "Caroline is allergic to peanuts.", "sources": [2]},  # a repeat
    ]
}


def test_good_reply_becomes_grounded_candidates(scripted_llm: ScriptedLLM) -> None:
    scripted_llm.reply_json(GOOD)
    ex = extractor(scripted_llm)
    pottery, allergy = ex.extract(window())
    assert ex.failures == 0
    assert pottery.restatement == "Melanie went to a pottery class on 7 May 2023."
    assert pottery.sources == ("D1:2",)  # new turn 1 of the window, cited once
    assert pottery.participants == frozenset({"Melanie"})
    assert pottery.time == TimeSpan.day(datetime(2023, 5, 7, tzinfo=UTC))
    assert pottery.facts == ("7 May 2023", "pottery class")
    assert pottery.layer == "episodic" and pottery.emphasis == pytest.approx(0.7)
    assert pottery.session_id == "s1" and pottery.mentioned_at == SESSION
    assert allergy.sources == ("D1:3",)
    assert allergy.layer == "core" and allergy.emphasis == 1.0
    assert allergy.facts == ("peanuts",)  # "shellfish" is not in the turns
    assert allergy.time is None

    (body,) = scripted_llm.chat_requests
    user = body["messages"][1]["content"]
    assert "8 May 2023" in user and "Earlier turns (context only):\n- Caroline: Hey Mel!" in user
    assert "New turns:\n1. Melanie: Great!" in user and "3. Melanie: Look at this! [image: a clay bowl on a wheel]" in user
    assert "D1:" not in user  # the model cites numbers, never ids
    assert body["model"] == "extract-model"


def test_the_schema_sent_allows_only_the_numbers_of_the_new_turns(scripted_llm: ScriptedLLM) -> None:
    scripted_llm.reply_json({"units": []})
    extractor(scripted_llm).extract(window())
    (body,) = scripted_llm.chat_requests
    unit = body["response_format"]["json_schema"]["schema"]["properties"]["units"]["items"]
    assert unit["properties"]["sources"] == {"items": {"enum": [1, 2, 3], "type": "integer"}, "maxItems": 3,
                                            "minItems": 1, "type": "array"}
    assert "sources" in unit["required"]


@pytest.mark.parametrize("sources", [[], [4], [0, 1], ["D1:2"]], ids=["none", "past-the-end", "zero", "an-id"])
def test_a_unit_citing_no_turn_of_the_window_is_invalid_and_repaired(scripted_llm: ScriptedLLM, sources: list[object]) -> None:
    scripted_llm.reply_json({"units": [{"restatement": "Melanie went to a pottery class.", "sources": sources}]})
    scripted_llm.reply_json({"units": [{"restatement": "Melanie went to a pottery class.", "sources": [1]}]})
    ex = extractor(scripted_llm)
    (found,) = ex.extract(window())
    assert found.sources == ("D1:2",) and ex.failures == 0
    repair = scripted_llm.chat_requests[1]["messages"][-1]["content"]
    assert "units.0.sources" in repair


def test_malformed_twice_uses_the_fallback(scripted_llm: ScriptedLLM) -> None:
    scripted_llm.reply("Sure! Here are the memories: Melanie likes pottery.").reply('{"units": [{"restatement": ')
    ex = extractor(scripted_llm)
    found = ex.extract(window())
    assert ex.failures == 1
    assert [c.sources for c in found] == [("D1:2",), ("D1:3",), ("D1:4",)]
    assert len(scripted_llm.chat_requests) == 2  # the first try and one repair


def test_transport_failure_uses_the_fallback(scripted_llm: ScriptedLLM) -> None:
    scripted_llm.fail(500)
    ex = extractor(scripted_llm)
    assert len(ex.extract(window())) == 3
    assert ex.failures == 1


def test_empty_units_are_a_valid_answer(scripted_llm: ScriptedLLM) -> None:
    scripted_llm.reply_json({"units": []})
    ex = extractor(scripted_llm)
    assert ex.extract(window()) == []
    assert ex.failures == 0


@pytest.mark.parametrize(
    ("start", "end", "expected"),
    [
        ("2023-05-01", "2023-05-07", ("2023-05-01", "2023-05-08")),
        ("2022", None, ("2022-01-01", "2023-01-01")),
        ("2023-12", "2023-12", ("2023-12-01", "2024-01-01")),
        (None, "2023-05-07", ("2023-05-07", "2023-05-08")),
        ("2023-05-07", "2023-05-01", ("2023-05-07", "2023-05-08")),  # reversed: the start's day
        ("2023-05-07T10:00:00Z", "2023-05-07T12:00:00+00:00", ("2023-05-07T10:00:00", "2023-05-07T12:00:01")),
        ("next week", None, None),
        (None, None, None),
    ],
)
def test_time_span(start: str | None, end: str | None, expected: tuple[str, str] | None) -> None:
    span = time_span(start, end)
    if expected is None:
        assert span is None
    else:
        assert span == TimeSpan(datetime.fromisoformat(expected[0]), datetime.fromisoformat(expected[1]))


def test_a_reply_whose_units_restate_nothing_of_their_turns_uses_the_fallback(scripted_llm: ScriptedLLM) -> None:
    from ripplemem.providers.llm import usage

    scripted_llm.reply_json({"units": [{"restatement": "yes", "sources": [1, 2]},
                                       {"restatement": "Someone did something.", "sources": [3]}]})
    ex = extractor(scripted_llm)
    with usage.metering() as meter:
        found = ex.extract(window())
    assert ex.failures == 1 and len(found) == 3  # the rule extractor's units of the NEW turns
    assert meter.snapshot()["extract"].failures == 1
