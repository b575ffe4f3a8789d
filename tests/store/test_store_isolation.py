"""Scope isolation: nothing of user A is ever returned to user B, whatever B asks."""

from __future__ import annotations

import itertools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from store_helpers import day, unit, vec

from ripplemem.store import Store
from ripplemem.store.base import WriteBatch
from ripplemem.types import Edge, Scope

WORDS = ["harbor", "grill", "maya", "seafood", "sam", "dinner", "allergic", "lake", "paint", "dog"]
NAMES = ["Sam", "Maya", "Caroline", "Melanie"]
PLACES = ["Harbor Grill", "Boston", "the lake"]
_run = itertools.count()

unit_spec = st.tuples(
    st.lists(st.sampled_from(WORDS), min_size=1, max_size=6),
    st.frozensets(st.sampled_from(NAMES), max_size=2),
    st.frozensets(st.sampled_from(PLACES), max_size=2),
    st.one_of(st.none(), st.integers(0, 60)),
    st.integers(0, 10_000),
)


def build(scope: Scope, prefix: str, specs: list) -> list:  # type: ignore[type-arg]
    return [
        unit(scope, f"{prefix}{i}", " ".join(words), participants=people, locations=places,
             time=None if d is None else day(d), vector=vec(seed))
        for i, (words, people, places, d, seed) in enumerate(specs)
    ]  # fmt: skip


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    a_specs=st.lists(unit_spec, min_size=1, max_size=8),
    b_specs=st.lists(unit_spec, min_size=0, max_size=4),
    agent=st.sampled_from([None, "coach"]),
    query=st.tuples(st.lists(st.sampled_from(WORDS), max_size=4), st.integers(0, 10_000), st.integers(0, 60)),
)
def test_reads_for_b_never_return_a(store: Store, a_specs, b_specs, agent, query) -> None:  # type: ignore[no-untyped-def]
    run = next(_run)
    a, b = Scope(f"a{run}"), Scope(f"b{run}", agent_id=agent)
    a_units, b_units = build(a, "A", a_specs), build(b, "B", b_specs)
    a_ids, b_ids = {u.id for u in a_units}, {u.id for u in b_units}
    store.apply(a, WriteBatch(add=a_units, edges=[Edge(a_units[0].id, u.id, "semantic", 0.9) for u in a_units[1:]]))
    if b_units:
        store.apply(b, WriteBatch(add=b_units))
    words, seed, when = query
    text = " ".join(words)

    def only_b(hits: list[tuple[str, float]]) -> None:
        assert {i for i, _ in hits} <= b_ids

    only_b(store.dense_search(b, vec(seed), 20))
    only_b(store.lexical_search(b, text, 20))
    only_b(store.by_participants(b, NAMES, 20))
    only_b(store.by_locations(b, PLACES, 20))
    only_b(store.by_time(b, day(when), 20))
    guessed = store.get_units(b, sorted(a_ids | b_ids))
    assert {u.id for u in guessed} == b_ids and all(u.scope == b for u in guessed)
    assert {u.id for u in store.list_units(b, limit=1000)} == b_ids
    assert {u.id for u in store.units_by_source(b, [f"t-{i}" for i in a_ids])} == set()
    assert store.edges(b, sorted(a_ids)) == []
    assert store.count_units(b) == len(b_ids)
    people = set().union(*(u.participants for u in b_units)) if b_units else set()
    places = set().union(*(u.locations for u in b_units)) if b_units else set()
    assert store.known_names(b) == (people, places)
    assert all(r["scope"]["user_id"] == b.user_id for r in store.export(b) if r["kind"] != "meta")
    # B's writes and deletes never touch A
    store.delete_unit(b, a_units[0].id)
    store.reset_units(b)
    store.touch(b, sorted(a_ids))
    assert store.count_units(a) == len(a_ids)
    assert all(u.access_count == 0 for u in store.get_units(a, sorted(a_ids)))
