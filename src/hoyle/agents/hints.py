"""Hints: a search level's opinion of every legal move, best value first.

``hoyle.hint(state)`` asks ``expert`` (or any searching level) to search the position from the
point of view of the player to move, so it sees only what that player may know, and lists each
legal move with its token, its estimated value in the game's own points and how much search went
into it, the highest value first. One move is ``suggested``: the one the level would play. It is
usually the move of the highest value; where it is not (a guided level keeps the easy player's
move unless the search clearly beats it; IS-MCTS plays its most explored move), its ``reason``
says why.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from hoyle.core.errors import InvalidOptionError
from hoyle.core.hooks import search_hooks
from hoyle.core.protocol import Game, State
from hoyle.core.registry import make_agent, takes_budget
from hoyle.i18n import N_, _

__all__ = ["Analyst", "Hint", "hint", "value_meaning"]


class _Valued(Protocol):
    @property
    def action(self) -> int: ...
    @property
    def value(self) -> float: ...
    @property
    def visits(self) -> int: ...


@runtime_checkable
class Analyst(Protocol):
    """A searching agent that can value every legal move (every search level is one).

    It may also have ``why(values, name) -> str | None``: why the move :meth:`rank` puts first
    is preferred to a move of higher value (``name`` turns an action into its token), or
    ``None`` when it has the highest value.
    """

    def analyse(self, state: State) -> list[Any]:
        """Every legal move with its value (``action``, ``value``, ``visits``)."""
        ...

    def rank(self, values: list[Any]) -> list[Any]:
        """The moves best first, as the agent would choose."""
        ...


@dataclass(frozen=True)
class Hint:
    """One legal move with the search's estimate."""

    action: int
    token: str
    value: float
    """Estimated points gained by the end of the deal, in the game's own units (its points, or
    chips in the chip games), higher better: penalty points count negative; where search weighs
    a deal against the other players (Écarté and Bourré), the points less the others' average.
    A deal too long to play out is valued by the family's estimate of how it will end (Spite
    and Malice: the score the deal can be expected to give). See :func:`value_meaning`."""
    visits: int
    """Simulations (or positions, for a planner) behind the estimate."""
    suggested: bool = False
    """The move the level would play: exactly one hint of a list has it."""
    reason: str | None = None
    """On the suggested move only, when another move has a higher value: why the level plays
    this one anyway, a clause a player reads ("the search does not clearly beat the safe play
    …"). ``None`` when the suggested move has the highest value."""


OTHERWISE = N_("the level ranks its moves by more than this estimate")
"""The reason given when a level that prefers a move of lower value does not say why."""


def value_meaning(game: Game[Any]) -> str:
    """What the hints' values of ``game`` measure, in words a player reads.

    >>> import hoyle
    >>> value_meaning(hoyle.load("hearts"))
    'points by the end of the deal (penalty points count negative)'
    >>> value_meaning(hoyle.load("ecarte"))
    "points by the end of the deal, less the opponent's"
    """
    chips = game.info.returns_kind == "chips"
    if search_hooks(game.family).margin:
        if game.num_players == 2:
            key = "chips-opponent" if chips else "points-opponent"
        else:
            key = "chips-others" if chips else "points-others"
    elif game.info.scores_are_penalties:
        key = "chips-penalties" if chips else "points-penalties"
    else:
        key = "chips" if chips else "points"
    return _(_MEANINGS[key])


# Whole phrases, so that a translation can order them as its language does.
_MEANINGS = {
    "points": N_("points by the end of the deal"),
    "chips": N_("chips by the end of the deal"),
    "points-penalties": N_("points by the end of the deal (penalty points count negative)"),
    "chips-penalties": N_("chips by the end of the deal (penalty points count negative)"),
    "points-opponent": N_("points by the end of the deal, less the opponent's"),
    "chips-opponent": N_("chips by the end of the deal, less the opponent's"),
    "points-others": N_("points by the end of the deal, less the others' average"),
    "chips-others": N_("chips by the end of the deal, less the others' average"),
}


def hint(
    state: State,
    level: str = "expert",
    *,
    seconds: float | None = None,
    simulations: int | None = None,
    seed: int | None = 0,
) -> list[Hint]:
    """Every legal move of the player to act, the highest value first (moves of equal value
    in the order the level ranks them); the move the level would play is ``suggested``, with
    a ``reason`` when another move has a higher value.

    >>> import hoyle
    >>> state = hoyle.load("hearts", deals=1).new_initial_state(seed=3)
    >>> hints = hoyle.hint(state, simulations=30)
    >>> [h.value for h in hints] == sorted((h.value for h in hints), reverse=True)
    True
    >>> sum(h.suggested for h in hints)
    1
    """
    if state.is_terminal() or state.is_chance_node():
        raise InvalidOptionError("a hint needs a player to move; the game is over or dealing")
    if not takes_budget(level, state.game):
        raise InvalidOptionError(f"level {level!r} does not search, so it cannot give hints")
    agent = make_agent(level, state.game, seed, seconds=seconds, simulations=simulations)
    if not isinstance(agent, Analyst):  # pragma: no cover - every search level analyses
        raise InvalidOptionError(f"level {level!r} cannot list its move values")
    values: list[_Valued] = agent.analyse(state)
    ranked: list[_Valued] = agent.rank(values)
    chosen = ranked[0]
    by_value = sorted(ranked, key=lambda v: -v.value)  # stable: ties keep the level's order
    reason = None
    if chosen.value < by_value[0].value:
        why: Callable[[list[Any], Callable[[int], str]], str | None] | None
        why = getattr(agent, "why", None)
        reason = (why(values, state.action_to_string) if why is not None else None) or _(OTHERWISE)
    return [
        Hint(
            v.action,
            state.action_to_string(v.action),
            v.value,
            v.visits,
            suggested=v is chosen,
            reason=reason if v is chosen else None,
        )
        for v in by_value
    ]
