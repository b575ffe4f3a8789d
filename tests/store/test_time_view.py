"""The structural view's time part (``read.recall.of_time``) on each backend: a memory dated
wider than the question's time matches it by the share covered, and among memories of the
same time those closest to the question come first."""

from __future__ import annotations

from datetime import timedelta

import pytest
from store_helpers import T0, day, unit, vec

from ripplemem.read.recall import of_time
from ripplemem.store import Store
from ripplemem.store.base import WriteBatch
from ripplemem.types import Scope, TimeSpan

ALICE = Scope("alice")


def _dated(store: Store) -> None:
    store.apply(ALICE, WriteBatch(add=[
        unit(ALICE, "april", time=TimeSpan(T0, T0 + timedelta(days=30))),
        unit(ALICE, "decade", time=TimeSpan(T0 - timedelta(days=2000), T0 + timedelta(days=1650))),
        unit(ALICE, "d10-near", time=day(10), vector=vec("question")),
        unit(ALICE, "d10-far", time=day(10), vector=-vec("question")),
        unit(ALICE, "d12", time=day(12)),
    ]))


def test_a_wider_time_matches_by_the_share_it_covers(store: Store) -> None:
    _dated(store)
    got = dict(of_time(store, ALICE, day(10), 10, vec("question"), 4, 0.5))
    assert got["d10-near"] == got["d10-far"] == 1.0
    assert got["april"] == pytest.approx((1 / 30) ** 0.5)
    assert got["decade"] == pytest.approx((1 / 3650) ** 0.5)
    # off: any overlap is a full match, as the store gives it
    plain = dict(of_time(store, ALICE, day(10), 10, vec("question"), 4, 0.0))
    assert plain["april"] == plain["decade"] == 1.0


def test_the_same_time_closest_to_the_question_first(store: Store) -> None:
    _dated(store)
    ranked = [uid for uid, _ in of_time(store, ALICE, day(10), 3, vec("question"), 4, 0.5)]
    assert ranked[:2] == ["d10-near", "d10-far"]
    assert ranked[2] == "d12"  # a day apart (exp(-1/7) = 0.87) before April (0.18)
    # a question as wide as the month: April covers it fully, the days are inside it
    month = dict(of_time(store, ALICE, TimeSpan(T0, T0 + timedelta(days=30)), 10, vec("question"), 4, 0.5))
    assert month["april"] == month["d10-near"] == month["d12"] == 1.0
