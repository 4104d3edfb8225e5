"""Who plays with whom: a game's sides (partnerships), and a finished game's order of sides.

A *side* is the seats that win or lose together: partners in a partnership game, each seat
alone otherwise. Families name their partnerships in the observation (``teams``, ``sides`` or
``partners``); the rules fix them for the whole game, so a fresh state says what they are.

>>> import hoyle
>>> teams_of(hoyle.load("hearts", deals=1))
((0,), (1,), (2,), (3,))
>>> teams_of(hoyle.load("hearts", variant="partnership", deals=1))
((0, 2), (1, 3))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hoyle.core.protocol import Game, State

__all__ = [
    "best_first",
    "order_sides",
    "side_order",
    "side_results",
    "sides_from_observation",
    "teams_of",
]


def sides_from_observation(obs: Mapping[str, Any], players: int) -> tuple[tuple[int, ...], ...]:
    """The sides an observation names, every seat in exactly one, sorted by first seat.

    Read from ``teams`` or ``sides`` (lists of seats), else ``partners`` (each seat's
    partners); a seat named in none plays alone.

    >>> sides_from_observation({"partners": [[2], [3], [0], [1]]}, 4)
    ((0, 2), (1, 3))
    >>> sides_from_observation({"teams": None}, 3)
    ((0,), (1,), (2,))
    """
    groups: list[set[int]] = []
    for key in ("teams", "sides"):
        value = obs.get(key)
        if isinstance(value, list) and value and all(isinstance(g, list) for g in value):
            groups = [{int(s) for s in g} for g in value]
            break
    else:
        partners = obs.get("partners")
        if isinstance(partners, list) and all(isinstance(p, list) for p in partners):
            groups = [{seat, *map(int, p)} for seat, p in enumerate(partners)]
    parent = list(range(players))  # seats joined into sides, each side under its first seat

    def root(seat: int) -> int:
        while parent[seat] != seat:
            seat = parent[seat]
        return seat

    for group in groups:
        seats = [s for s in group if 0 <= s < players]
        if seats:
            first = min(root(s) for s in seats)
            for seat in seats:
                parent[root(seat)] = first
    found: dict[int, list[int]] = {}
    for seat in range(players):
        found.setdefault(root(seat), []).append(seat)
    return tuple(tuple(seats) for _, seats in sorted(found.items()))


def teams_of(game: Game[Any]) -> tuple[tuple[int, ...], ...]:
    """The sides of ``game`` (fixed by its rules), from a fresh state's spectator view."""
    obs = game.new_initial_state(seed=0).observation(None)
    return sides_from_observation(obs, game.num_players)


def side_results(returns: Sequence[float], sides: Sequence[Sequence[int]]) -> tuple[float, ...]:
    """Each seat's result as its side's: the mean return of the side's seats.

    A partnership wins or loses together, so partners count the same result (a game that
    already gives each seat its side's total is unchanged).

    >>> side_results([-1.0, -3.0, -5.0, -17.0], [(0, 2), (1, 3)])
    (-3.0, -10.0, -3.0, -10.0)
    """
    out = [float(r) for r in returns]
    for side in sides:
        mean = sum(float(returns[s]) for s in side) / len(side)
        for seat in side:
            out[seat] = mean
    return tuple(out)


def side_order(state: State) -> list[list[int]]:
    """The sides of a finished game best first, ties grouped, each as the index of its side
    in :func:`teams_of`.

    Where each side's seats stand together in the game's own ``ranking``, that ranking says the
    order. Otherwise (partners of a single Hearts deal rank apart) partners add up: sides go by
    their mean return, then by their mean score (fewer penalty points first where scores are
    penalties).
    """
    obs = state.observation(None)
    ranking: list[list[int]] = obs["ranking"]
    sides = sides_from_observation(obs, state.game.num_players)
    group_of = {seat: g for g, seats in enumerate(ranking) for seat in seats}
    placed = [{group_of[s] for s in side} for side in sides]
    if all(len(groups) == 1 for groups in placed):
        return best_first([(-float(min(groups)),) for groups in placed])
    return order_sides(
        sides, state.returns(), state.scores(), penalties=state.game.info.scores_are_penalties
    )


def order_sides(
    sides: Sequence[Sequence[int]],
    returns: Sequence[float],
    scores: Sequence[float],
    *,
    penalties: bool,
) -> list[list[int]]:
    """The sides best first, ties grouped (indices into ``sides``): by mean return, then by
    mean score, fewer points first when ``penalties`` (as ``State.ranking`` orders seats).

    >>> order_sides([(0,), (1,), (2,)], [-5.0, 0.0, -5.0], [5.0, 0.0, 5.0], penalties=True)
    [[1], [0, 2]]
    >>> order_sides([(0, 2), (1, 3)], [-1.0, -3.0, -5.0, -17.0], [1, 3, 5, 17], penalties=True)
    [[0], [1]]
    """
    sign = -1.0 if penalties else 1.0
    return best_first(
        [
            (
                sum(float(returns[s]) for s in side) / len(side),
                sign * sum(float(scores[s]) for s in side) / len(side),
            )
            for side in sides
        ]
    )


def best_first(keys: Sequence[tuple[float, ...]]) -> list[list[int]]:
    """Indices of ``keys`` highest first, equal keys in one group.

    >>> best_first([(1.0,), (3.0,), (1.0,)])
    [[1], [0, 2]]
    """
    order: list[list[int]] = []
    for index in sorted(range(len(keys)), key=lambda i: keys[i], reverse=True):
        if order and keys[order[-1][0]] == keys[index]:
            order[-1].append(index)
        else:
            order.append([index])
    return order
