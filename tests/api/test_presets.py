"""Every recall ablation is a preset, and every preset changes what the trace shows."""

from __future__ import annotations

import pytest

from ripplemem import PRESETS, Memory, preset
from ripplemem.errors import ConfigError
from sample_dialogue import CHAIN_QUESTION as QUESTION
from sample_dialogue import chain_sessions

# "no-room-fill" changes what follows a planner that stops with room left; the rule planner
# never stops on a question it found something for (tests/api/test_recall_room.py has the
# LLM planner's stop, with and without the fill).
ONLY_WHEN_A_PLANNER_STOPS = {"no-room-fill"}
# "no-siblings" changes what a question that asks for several things finds.
QUESTION_FOR = {"no-siblings": "Which places has Sam tried?"}


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Memory:
    mem = Memory.open(str(tmp_path_factory.mktemp("presets") / "m.db"))
    for day, session in enumerate(chain_sessions(), 1):
        mem.add(session, user_id="u", session_id=f"s{day}", session_time=f"2026-03-{day:02d}")
    return mem


def test_default_trace_has_rounds_gateways_and_timings(memory: Memory) -> None:
    trace = memory.recall(QUESTION, user_id="u").trace
    assert trace.plans and trace.plans[0].planner == "rule"
    assert any(p.gateways for p in trace.plans)
    assert {"initial", "round 1", "assembly"} <= set(trace.timings_ms)


@pytest.mark.parametrize("name", sorted(set(PRESETS) - {"default"} - ONLY_WHEN_A_PLANNER_STOPS))
def test_each_preset_changes_the_trace(memory: Memory, name: str) -> None:
    question = QUESTION_FOR.get(name, QUESTION)
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
