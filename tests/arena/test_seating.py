"""Lineups and rotations: names cycle round the table, every agent reaches every seat."""

from __future__ import annotations

import pytest

from hoyle.arena.seating import ArenaError, lineup, rotate, rotations


def test_fewer_names_than_seats_cycle() -> None:
    assert lineup(["a", "b"], 4) == ("a", "b", "a", "b")
    assert lineup(["a", "b", "c"], 4) == ("a", "b", "c", "a")
    assert lineup([" a "], 3) == ("a", "a", "a")


def test_more_names_than_seats_or_an_empty_name_is_an_error() -> None:
    with pytest.raises(ArenaError, match="3 names for a game of 2 seats"):
        lineup(["a", "b", "c"], 2)
    with pytest.raises(ArenaError, match="none of them empty"):
        lineup(["a", ""], 2)


@pytest.mark.parametrize(
    ("names", "count"),
    [("a,b,a,b", 2), ("a,b,c,a", 4), ("a,a,a,a", 1), ("a,b", 2), ("a,b,c", 3)],
)
def test_rotations_are_distinct_and_put_every_agent_in_every_seat(names: str, count: int) -> None:
    seats = tuple(names.split(","))
    found = rotations(seats)
    assert len(found) == count == len(set(found))
    assert found[0] == seats
    for seat in range(len(seats)):
        assert {r[seat] for r in found} == set(seats)


def test_rotate_moves_each_agent_on() -> None:
    assert rotate(("a", "b", "c", "d"), 1) == ("d", "a", "b", "c")
    assert rotate(("a", "b", "c", "d"), 4) == ("a", "b", "c", "d")
