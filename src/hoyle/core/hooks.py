"""What a family may tell the generic search agents, in its :class:`~hoyle.core.registry.Family`
record.

The search agents in :mod:`hoyle.agents` know only the game protocol. A family can make them
stronger and faster without their importing it: a cheap playout policy, an ending solver, a
cut-off evaluation. A family that gives nothing is still searched, with random playouts; which
way its scores point is ``game.info.scores_are_penalties``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from hoyle.core.protocol import State

__all__ = ["CompiledWorld", "SearchHooks", "WorldBatch", "WorldTree", "search_hooks"]

RolloutPolicy = Callable[[State, random.Random], int]
"""A fast move for the player to act in a full (determinized) state: it may read the whole
state, since a playout is played on cards the searcher has already sampled."""

Solver = Callable[[State, bool], "list[float] | None"]
"""``solve(state, first)``: each seat's value of a full state played perfectly to the end of
the deal, in the units search uses (score gained from ``state`` on), or ``None`` when the
position is too big to solve; search then plays it out. ``first`` is true where a playout
starts (the position search is weighing) and false at the positions met further along it: a
solver may afford a larger ending where it is asked once than where it is asked in every
playout."""

MoveClasses = Callable[[State], "dict[int, int] | None"]
"""``move_classes(state)``: for the player to act, each legal move's representative among the
moves that are certain to lead to the same outcome (``{action: representative}``), or ``None``
when no two are alike. It may read only what that player sees, since it is asked about the
real state. Search tries one move of each class and gives the others its value."""

MoveOrder = Callable[[State], "list[int]"]
"""``move_order(state)``: the legal moves of the player to act in a full (determinized) state,
the most promising first. Search that widens progressively offers a node's moves in this
order, a few more the more often the node is visited."""


class WorldBatch(Protocol):
    """Many sampled worlds of one position, searched by a family's compiled core at once.

    A family whose hot path is compiled hands the search agents this instead of states to
    step: the worlds are drawn, the moves applied and the playouts played in compiled code,
    and only the values come back.
    """

    def values(
        self, moves: Sequence[int], worlds: int, seed: int, endings: bool = True
    ) -> list[list[float]]:
        """For each of ``worlds`` new worlds the searching player cannot tell from the real
        one, the value to that player of each of ``moves`` (legal moves of the position)
        played in it and then played out to the end of the deal, in the units of
        :meth:`hoyle.agents.playout.Playout.value`: one row per world, one entry per move.
        Every move of a row is tried in the same world with the same playout dice, as
        :class:`~hoyle.agents.pimc.PIMCAgent` compares them; ``seed`` makes the batch
        reproducible; ``endings=False`` plays every world out where the family's ending
        solver would otherwise value it (an agent's ``endings=play``)."""
        ...


class CompiledWorld(Protocol):
    """One sampled world in a compiled core, stepped by a search's tree."""

    def legal_list(self) -> list[int]:
        """The legal moves of the player to act, in increasing order."""
        ...

    def apply(self, action: int, /) -> None:
        """Play a legal move."""
        ...

    def current(self) -> int:
        """The seat to act (-1 past the search's horizon)."""
        ...

    def over(self) -> bool:
        """Whether the world is past the search's horizon (the deal played out)."""
        ...


@runtime_checkable
class WorldTree(Protocol):
    """A :class:`WorldBatch` whose worlds a search may also step one move at a time, as
    IS-MCTS walks its tree."""

    def world(self, seed: int) -> CompiledWorld:
        """A new world the searching player cannot tell from the real one."""
        ...

    def finish(self, world: CompiledWorld, seed: int, endings: bool = True) -> list[float]:
        """Play ``world`` out to the horizon (changing it) and return each seat's value, in
        the units of :meth:`hoyle.agents.playout.Playout.value`."""
        ...


Worlds = Callable[[State, int], "WorldBatch | None"]
"""``worlds(state, player)``: a :class:`WorldBatch` for ``player``'s search of ``state`` (a
real state: it may read only what ``player`` sees to draw worlds), or ``None`` where the
compiled core does not play this position (it is not built, or the position is outside what it
plays); search then steps states in Python."""

Evaluation = Callable[[State, State], list[float]]
"""``evaluate(state, root)``: each seat's value of ``state``, a position reached from ``root``
(higher better, in the units of the score difference search otherwise uses)."""


@dataclass(frozen=True)
class SearchHooks:
    """A family's help for search.

    Search values a position by how each seat's score moved by the end of the deal, in the
    direction ``game.info.scores_are_penalties`` gives.

    Attributes:
        rollout: the playout policy; ``None`` plays uniformly random legal moves.
        playout_moves: stop a playout after this many moves and ``evaluate`` the position
            (for games whose deals are long); ``None`` plays to the end of the deal.
        evaluate: how a position cut off by ``playout_moves`` is valued.
        solve: an exact solver for full states (small endings of trick games); where it
            answers, a playout is replaced by the perfect-play value.
        move_classes: which of the searching player's moves are interchangeable (touching
            cards of one suit that score alike), so the search spends nothing telling them
            apart.
        move_order: the order in which a progressively widening search offers moves
            (``None``: the playout policy's move first, then the others as listed).
        margin: value a position by each seat's gain less the others' mean gain, for games
            where the opponents' points cost as much as one's own are worth (two-handed races
            to a target such as Écarté); otherwise by the seat's own gain (Hearts' penalty
            points, where the others' points are not the searcher's concern).
        worlds: the compiled core's batches of sampled worlds (see :data:`Worlds`); the
            same search, many times faster, where it answers.
    """

    rollout: RolloutPolicy | None = None
    playout_moves: int | None = None
    evaluate: Evaluation | None = None
    solve: Solver | None = None
    move_classes: MoveClasses | None = None
    move_order: MoveOrder | None = None
    margin: bool = False
    worlds: Worlds | None = None

    def __post_init__(self) -> None:
        if (self.playout_moves is None) != (self.evaluate is None):
            raise ValueError("playout_moves and evaluate go together: give both or neither")


def search_hooks(family: str) -> SearchHooks:
    """The hooks in ``family``'s record (the generic defaults if it gives none)."""
    from hoyle.core.registry import family as family_record  # the registry imports this module

    return family_record(family).search
