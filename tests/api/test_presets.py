"""Every recall ablation is a preset, and every preset changes what the trace shows."""

from __future__ import annotations

import pytest

from ripplemem import PRESETS, Memory, preset
from ripplemem.errors import ConfigError

DIALOGUE = [
    [
        {"speaker": "Sam", "text": "For your birthday dinner next week, I recommend Harbor Grill. I can book a table for 7 pm.", "id": "A1"},
        {"speaker": "Maya", "text": "Let me think about it. Is it far from the station?", "id": "A2"},
    ],
    [
        {"speaker": "Sam", "text": "I tried Harbor Grill downtown on Saturday. It's a seafood restaurant on the pier.", "id": "B1"},
        {"speaker": "Maya", "text": "My cousin Nina lives near the pier in Porto.", "id": "B2"},
    ],
    [
        {"speaker": "Maya", "text": "Turns out I'm allergic to seafood, shellfish especially.", "id": "C1"},
        {"speaker": "Sam", "text": "Good to know, I will keep that in mind for dinners.", "id": "C2"},
    ],
]
FILLER = [
    ("Sam", "I watched a film about {t} with my friend {f} last night."),
    ("Maya", "My colleague {f} is learning to paint {t} on weekends."),
    ("Sam", "{f} lent me a book about {t}, it is long but good."),
    ("Maya", "We talked about {t} at lunch, {f} had strong opinions."),
]
TOPICS = ["glaciers", "jazz", "chess", "volcanoes", "tea", "trains", "owls", "bridges", "tango", "comets"]
FRIENDS = ["Omar", "Lisa", "Priya", "Jonas", "Elena", "Aiko", "Felix", "Hana"]
QUESTION = "Should Maya take Sam's recommendation for her birthday dinner?"
COVERED = "Is Maya allergic to seafood?"
QUESTIONS = {"no-room-fill": COVERED}


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Memory:
    mem = Memory.open(str(tmp_path_factory.mktemp("presets") / "m.db"))
    sessions = list(DIALOGUE)
    for n in range(12):  # distractors, so the first views cannot hold every memory
        lines = [FILLER[(n + i) % 4] for i in range(3)]
        sessions.insert(1 + n % 3, [
            {"speaker": who, "text": text.format(t=TOPICS[(n + i) % 10], f=FRIENDS[(n * 3 + i) % 8]), "id": f"X{n}:{i}"}
            for i, (who, text) in enumerate(lines)
        ])
    for day, session in enumerate(sessions, 1):
        mem.add(session, user_id="u", session_id=f"s{day}", session_time=f"2026-03-{day:02d}")
    return mem


def test_default_trace_has_rounds_gateways_and_timings(memory: Memory) -> None:
    trace = memory.recall(QUESTION, user_id="u").trace
    assert trace.plans and trace.plans[0].planner == "rule"
    assert any(p.gateways for p in trace.plans)
    assert {"initial", "round 1", "assembly"} <= set(trace.timings_ms)


@pytest.mark.parametrize("name", sorted(set(PRESETS) - {"default"}))
def test_each_preset_changes_the_trace(memory: Memory, name: str) -> None:
    question = QUESTIONS.get(name, QUESTION)
    base = memory.recall(question, user_id="u").trace
    trace = memory.recall(question, user_id="u", settings=preset(name)).trace
    shape = lambda t: (  # noqa: E731
        sorted(t.initial), [(p.planner, p.anchors, p.gateways) for p in t.plans],
        [(h.unit_id, h.route, h.edges) for h in t.diffusion], t.scores,
    )
    assert shape(trace) != shape(base), name


def test_an_unknown_preset_names_the_closest() -> None:
    with pytest.raises(ConfigError, match="no-planner"):
        preset("no-planer")
