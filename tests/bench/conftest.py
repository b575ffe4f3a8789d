"""Small hand-made benchmark files, written to a temp dir (never the real datasets)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest


def small_conversation() -> dict[str, Any]:
    """One LoCoMo conversation in the one-file layout (keys at the top level)."""
    return {
        "speaker_a": "Alice",
        "speaker_b": "Bob",
        "session_1_date_time": "1:56 pm on 8 May, 2023",
        "session_1": [
            {"speaker": "Alice", "dia_id": "D1:1", "text": "I adopted a puppy last week, her name is Biscuit!"},
            {"speaker": "Bob", "dia_id": "D1:2", "text": "Hey Alice! Good to see you! How have you been?"},
            {
                "speaker": "Bob",
                "dia_id": "D1:3",
                "text": "I went hiking on Mount Tamalpais yesterday.",
                "img_url": ["http://example.invalid/x.jpg"],
                "blip_caption": "a photo of a trail with redwood trees",
                "query": "hiking trail",
            },
        ],
        "session_2_date_time": "10:00 am on 20 June, 2023",
        "session_2": [
            {"speaker": "Alice", "dia_id": "D2:1", "text": "Biscuit learned to sit and to fetch a ball."},
            {"speaker": "Bob", "dia_id": "D2:2", "text": "I started learning the violin this month."},
            {"speaker": "Alice", "dia_id": "D2:3", "text": "That sounds lovely, music is so relaxing."},
        ],
        "session_3_date_time": "9:00 am on 1 July, 2023",  # a date with no session beside it
        "session_1_observation": {"Alice": [["OBSERVATION-ONLY secret", "D1:1"]]},
        "session_1_summary": "SUMMARY-ONLY text",
        "events_session_1": {"Alice": ["EVENT-ONLY text"]},
        "qa": [
            {"question": "What is the name of Alice's dog?", "answer": "Biscuit", "evidence": ["D1:1"], "category": 4},
            {"question": "What tricks did Alice's puppy learn?", "answer": "sit and fetch",
             "evidence": ["D1:1; D2:1"], "category": 1},
            {"question": "When did Bob go hiking?", "answer": "7 May 2023", "evidence": ["D:1:3"], "category": 2},
            {"question": "What instrument does Alice play?", "adversarial_answer": "violin",
             "evidence": ["D2:2"], "category": 5},
            {"question": "Would Bob enjoy a concert?", "answer": "Likely yes", "evidence": [], "category": 3},
            {"question": "Where did Bob hike?", "answer": "Mount Tamalpais", "evidence": ["D", "D9:9", "D1:3"],
             "category": 4},
        ],
    }


@pytest.fixture
def locomo_file(tmp_path: Path) -> Path:
    path = tmp_path / "conv-a.json"
    path.write_text(json.dumps(small_conversation()), encoding="utf-8")
    return path


@pytest.fixture
def locomo10_file(tmp_path: Path) -> Path:
    """The ``locomo10.json`` list layout with two samples."""
    samples = []
    for sample_id in ("conv-1", "conv-2"):
        conv = small_conversation()
        qa = conv.pop("qa")
        samples.append({"sample_id": sample_id, "conversation": conv, "qa": qa, "observation": {}})
    path = tmp_path / "locomo10.json"
    path.write_text(json.dumps(samples), encoding="utf-8")
    return path


def longmemeval_items() -> list[dict[str, Any]]:
    sessions = [
        [
            {"role": "user", "content": "I bought a blue bicycle last Saturday.", "has_answer": True},
            {"role": "assistant", "content": "Nice! Blue bicycles are great for city rides."},
        ],
        [
            {"role": "user", "content": "Can you suggest a pasta recipe?"},
            {"role": "assistant", "content": "Try spaghetti aglio e olio: garlic, olive oil, chili.", "has_answer": False},
        ],
        [{"role": "user", "content": "My sister visits next month."}],
    ]
    base = {
        "question_type": "single-session-user",
        "question_date": "2023/05/30 (Tue) 10:18",
        "haystack_session_ids": ["answer_s1", "s2", "s2"],  # a repeated session id, as in the real data
        "haystack_dates": ["2023/05/20 (Sat) 07:47", "2023/05/21 (Sun) 03:29", "2023/05/22 (Mon) 09:00"],
        "haystack_sessions": sessions,
    }
    return [
        {**base, "question_id": "q1", "question": "What colour is my bicycle?", "answer": "blue",
         "answer_session_ids": ["answer_s1"]},
        {**base, "question_id": "q2_abs", "question": "What colour is my car?", "answer": "You did not mention a car.",
         "answer_session_ids": []},
    ]


@pytest.fixture
def longmemeval_gz(tmp_path: Path) -> Path:
    path = tmp_path / "lme.json.gz"
    with gzip.open(path, "wt", encoding="utf-8") as fh:
        json.dump(longmemeval_items(), fh)
    return path
