"""A gateway name reaches the memories whose text names it, not only those the recogniser
labelled with it (real store, real embedder, real parse): the same venue is a person in one
sentence and nothing in the next."""

from __future__ import annotations

from ripplemem import Memory
from ripplemem.read.engine import _Round
from ripplemem.types import Scope

LINES = [
    "If we're doing something for your anniversary, my barber Ingrid says Casa Verde is the one.",
    "Casa Verde does oysters, crab and mussels, that's the whole menu.",
    "Someone left a bike outside Casa Verde for a week.",
    "The violin recital was lovely.",
]


def test_a_gateway_name_reaches_the_memories_that_name_it_unlabelled(memory: Memory) -> None:
    for day, line in enumerate(LINES, start=1):
        memory.add([{"speaker": "Anouk", "text": line}, {"speaker": "Finn", "text": "Good to know."}],
                   user_id="u1", session_id=f"s{day}", session_time=f"2024-03-0{day}T10:00:00")
    scope = Scope(user_id="u1")
    units = memory.store.list_units(scope)
    naming = {u.id for u in units if "Casa Verde" in u.restatement}
    labelled = {u.id for u in units if "Casa Verde" in u.participants | u.locations}
    assert len(naming) == 3 and labelled < naming  # the recogniser labels it in some sentences only
    rs = memory.settings.recall
    for name_text, expected in ((True, naming), (False, labelled)):
        search = _Round(memory._read(), scope, rs.replace(name_text=name_text), {}, memory.store.count_units(scope))
        assert {uid for uid, w in search.name_search("Casa Verde", 8) if w > 0} == expected
