"""Session support (``RecallSettings.session_support``): a memory whose session holds other
memories the question's views found weighs more than one that stands alone in a session
about something else; the trace counts the factor in the memory's ``penalty`` part. A real
store on both backends and the real embedder."""

from __future__ import annotations

import pytest

from ripplemem import Memory

VIOLIN = [  # one session that speaks of the violin three times, between other things
    {"speaker": "Ann", "text": "I started violin lessons with Mrs Okafor two years ago."},
    {"speaker": "Ben", "text": "The bakery on Elm Street finally reopened after the flood repairs."},
    {"speaker": "Ben", "text": "Their rye loaf sold out before nine, so I queued again on Saturday."},
    {"speaker": "Ann", "text": "My violin teacher says my bowing has improved a lot."},
    {"speaker": "Ben", "text": "My cousin is moving to Lisbon in March for a design job."},
    {"speaker": "Ben", "text": "She asked me to help her pack the books and the old record player."},
    {"speaker": "Ann", "text": "I practise the violin every evening before dinner."},
]
OTHERS = [  # each in a session of its own, sharing a common word with the question
    {"speaker": "Ann", "text": "I have been playing chess online a lot this week."},
    {"speaker": "Ann", "text": "We went to the garden centre and bought tomato plants."},
]
QUESTION = "How long has Ann been playing the violin?"


def test_a_session_that_speaks_of_the_question_again_lifts_its_memories(memory: Memory) -> None:
    memory.add(VIOLIN, user_id="u", session_id="violin", session_time="2024-05-01T10:00:00Z")
    for n, turn in enumerate(OTHERS):
        memory.add([turn], user_id="u", session_id=f"other{n}", session_time=f"2024-05-0{n + 2}T10:00:00Z")
    ev = memory.recall(QUESTION, user_id="u", budget_tokens=100_000)
    violin = [i for i in ev.items if i.unit.session_id == "violin"]
    assert violin and ev.items[0].unit.session_id == "violin"
    parts = ev.trace.score_parts[violin[0].id]
    rs = memory.settings.recall
    assert parts["penalty"] == pytest.approx(1.0 + rs.session_support)  # two others of its session: the most
    own = (parts["query"] + parts["route"] + parts["anchor"]) * parts["penalty"]
    assert own + parts["floor"] == pytest.approx(ev.trace.scores[violin[0].id], abs=1e-5)
    alone = next(i for i in ev.items if "chess" in i.text)
    assert ev.trace.score_parts[alone.id]["penalty"] == pytest.approx(1.0)  # alone in its session
    off = memory.recall(QUESTION, user_id="u", budget_tokens=100_000, settings=rs.replace(session_support=0.0))
    assert all(p["penalty"] <= 1.0 for p in off.trace.score_parts.values())
