"""Who sits where: the lineup of agent names and its seat rotations.

A *lineup* gives one agent name per seat. Fewer names than seats are cycled (``A,B`` at four
seats is ``A,B,A,B``); more names than seats is an error, since some agent would never play.

Rotation ``r`` moves every agent ``r`` seats on: seat ``s`` is taken by ``lineup[(s - r) % n]``.
A duplicate match plays each deal once per *distinct* rotation. Their number is the lineup's
period (``A,B,A,B`` has two, ``A,B,C,A`` four), and over them every agent sits in every seat,
because the period's rotations shift each name through every residue of the period.
"""

from __future__ import annotations

from collections.abc import Sequence

from hoyle.core.errors import HoyleError

__all__ = ["ArenaError", "agent_order", "lineup", "rotate", "rotations"]


class ArenaError(HoyleError):
    """A match that cannot be played as asked (bad deal count, too many agents, …)."""


def lineup(names: Sequence[str], seats: int) -> tuple[str, ...]:
    """One name per seat, cycling ``names`` when there are fewer names than seats.

    >>> lineup(["easy", "random"], 4)
    ('easy', 'random', 'easy', 'random')
    """
    cleaned = [name.strip() for name in names]
    if not cleaned or any(not name for name in cleaned):
        raise ArenaError("agents: give at least one agent name, none of them empty")
    if len(cleaned) > seats:
        raise ArenaError(
            f"agents: {len(cleaned)} names for a game of {seats} seats; "
            f"give at most {seats} (fewer are repeated round the table)"
        )
    return tuple(cleaned[seat % len(cleaned)] for seat in range(seats))


def rotate(seats: Sequence[str], shift: int) -> tuple[str, ...]:
    """The lineup with every agent moved ``shift`` seats on (seat 0's agent to seat ``shift``).

    >>> rotate(("a", "b", "c"), 1)
    ('c', 'a', 'b')
    """
    n = len(seats)
    return tuple(seats[(seat - shift) % n] for seat in range(n))


def rotations(seats: Sequence[str]) -> list[tuple[str, ...]]:
    """The distinct rotations of a lineup, rotation 0 (the lineup itself) first.

    >>> rotations(("a", "b", "a", "b"))
    [('a', 'b', 'a', 'b'), ('b', 'a', 'b', 'a')]
    """
    first = tuple(seats)
    found = [first]
    for shift in range(1, len(first)):
        turned = rotate(first, shift)
        if turned == first:  # the period is reached: later shifts repeat earlier ones
            break
        found.append(turned)
    return found


def agent_order(seats: Sequence[str]) -> list[str]:
    """The distinct agent names in order of first seat.

    >>> agent_order(("easy", "random", "easy"))
    ['easy', 'random']
    """
    return list(dict.fromkeys(seats))
