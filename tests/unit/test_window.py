"""make_windows: overlapping windows, every turn new in exactly one window."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from ripplemem.errors import InputError
from ripplemem.types import Turn
from ripplemem.write.window import make_windows

WHEN = datetime(2023, 5, 8, 13, 56, tzinfo=UTC)


def turns(n: int, session: str = "S1") -> list[Turn]:
    return [Turn(f"D1:{i + 1}", session, "Caroline" if i % 2 == 0 else "Melanie", f"turn {i + 1}") for i in range(n)]


def ids(ts: tuple[Turn, ...]) -> list[str]:
    return [t.turn_id for t in ts]


def test_windows_overlap_and_cover_each_turn_once() -> None:
    ws = make_windows(turns(10), WHEN, size=4, overlap=1)
    assert [ids(w.turns) for w in ws] == [
        ["D1:1", "D1:2", "D1:3", "D1:4"],
        ["D1:4", "D1:5", "D1:6", "D1:7"],
        ["D1:7", "D1:8", "D1:9", "D1:10"],
    ]
    assert [sorted(w.new, key=lambda s: int(s[3:])) for w in ws] == [
        ["D1:1", "D1:2", "D1:3", "D1:4"],
        ["D1:5", "D1:6", "D1:7"],
        ["D1:8", "D1:9", "D1:10"],
    ]
    assert all(w.session_time == WHEN and w.session_id == "S1" for w in ws)


@pytest.mark.parametrize(("n", "size", "overlap"), [(1, 6, 2), (7, 6, 2), (23, 6, 2), (5, 1, 0), (9, 3, 2)])
def test_every_turn_is_new_exactly_once(n: int, size: int, overlap: int) -> None:
    ws = make_windows(turns(n), None, size, overlap)
    new = [t for w in ws for t in w.new]
    assert sorted(new) == sorted(t.turn_id for t in turns(n))
    assert all(len(w.turns) <= size for w in ws)
    for w in ws:  # the new turns are the tail of the window; the head is context
        assert set(ids(w.turns[len(w.turns) - len(w.new) :])) == w.new


def test_speakers_in_order_of_first_turn_or_as_given() -> None:
    ts = [Turn("a", "S", "Mel", "hi"), Turn("b", "S", "Caro", "hey"), Turn("c", "S", "Mel", "x")]
    assert make_windows(ts, None, 6, 2)[0].speakers == ("Mel", "Caro")
    assert make_windows(ts, None, 6, 2, speakers=["Caro", "Mel", "Jon"])[0].speakers == ("Caro", "Mel", "Jon")


def test_empty_session_has_no_windows() -> None:
    assert make_windows([], WHEN, 6, 2) == []


@pytest.mark.parametrize(("size", "overlap"), [(0, 0), (3, 3), (3, -1)])
def test_bad_sizes_are_input_errors(size: int, overlap: int) -> None:
    with pytest.raises(InputError):
        make_windows(turns(3), None, size, overlap)


def test_one_session_only() -> None:
    with pytest.raises(InputError):
        make_windows(turns(2) + turns(2, session="S2"), None, 6, 2)
