"""A new memory's id is read from its content; a memory whose content id is held already gets
the first free id derived from it, the same in every ingest (``write.pipeline``)."""

from __future__ import annotations

from typing import Any, cast

from ripplemem.write import pipeline


def _pending(*new: str) -> Any:
    pending = pipeline._Pending()
    for uid in new:
        pending.new[uid] = cast(Any, None)
    return pending


def test_a_free_content_id_is_kept() -> None:
    assert pipeline._unit_id("a" * 32, set(), _pending(), lambda _: False) == "a" * 32


def test_a_held_content_id_gives_the_first_free_derived_id() -> None:
    made = "b" * 32
    first, second = pipeline.derived_unit_id(made, 1), pipeline.derived_unit_id(made, 2)
    assert len({made, first, second}) == 3 and len(first) == 32
    assert pipeline._unit_id(made, {made}, _pending(), lambda _: False) == first  # stored before
    assert pipeline._unit_id(made, set(), _pending(made), lambda _: False) == first  # made earlier in this call
    assert pipeline._unit_id(made, {made}, _pending(first), lambda _: False) == second
    assert pipeline._unit_id(made, {made}, _pending(), lambda uid: uid == first) == second  # a derived id stored


def test_derived_ids_are_the_same_every_time() -> None:
    assert pipeline.derived_unit_id("c" * 32, 3) == pipeline.derived_unit_id("c" * 32, 3)
    assert pipeline.derived_unit_id("c" * 32, 3) != pipeline.derived_unit_id("d" * 32, 3)
