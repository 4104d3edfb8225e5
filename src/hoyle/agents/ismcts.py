"""Single-observer information-set Monte Carlo tree search over the game protocol.

Each simulation draws one world the searching player cannot tell from the real one
(``resample_from_infostate``), walks the tree of moves from the searcher's information set
choosing by UCB among the moves legal in that world, adds one node, plays out to the end of the
deal and backs up each mover's own value. A move's statistics count only the simulations in
which it was available ("availability" counts), so that rare moves are not undervalued. Every
seat maximises its own value, which suits games of three or more alone as well as two sides.

With ``widening`` (progressive widening), a node offers only its most promising moves at
first — ``ceil((n + 1) ** widening)`` of them after ``n`` visits, in the family's move order —
so a search with many moves a turn spends its simulations deepening the likely lines before
it spreads over the rest.

The agent looks only at what its player may know: the real state is used for nothing but
drawing worlds and reading the legal moves, which the player sees anyway.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hoyle.agents.playout import Playout
from hoyle.core.budget import Budget
from hoyle.core.hooks import WorldTree
from hoyle.core.protocol import Game, State
from hoyle.i18n import ngettext

__all__ = ["ActionValue", "ISMCTSAgent"]


@dataclass(frozen=True)
class ActionValue:
    """A legal move with what the search thinks of it."""

    action: int
    value: float
    """The mean value for the player to move: the points (chips, in the chip games) it gains by
    the end of the deal, higher better, less the others' average where the family weighs
    positions by margin (``SearchHooks.margin``)."""
    visits: int
    """How many simulations went through it."""


class _Node:
    __slots__ = ("avail", "children", "player", "total", "visits")

    def __init__(self, player: int) -> None:
        self.player = player  # the seat whose move led here
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0


class ISMCTSAgent:
    """IS-MCTS with UCB selection, availability counts and the family's playout hooks.

    Args:
        game: the game it plays.
        budget: simulations and/or seconds per move.
        seed: makes its choices reproducible.
        exploration: the UCB constant, applied to values scaled to the range seen so far.
        widening: the progressive widening exponent (0 < widening < 1; 0.5 is usual):
            after ``n`` visits a node offers ``ceil((n + 1) ** widening)`` moves, in the order
            of the family's ``move_order`` hook, or the playout policy's move first; ``None``
            offers every move at once.
        compiled: walk the tree over worlds of the family's compiled core where it plays
            the position (:class:`~hoyle.core.hooks.WorldTree`; without widening);
            ``False`` steps the Python states always.
        compiled_budget: the budget there (by default ``budget``).
    """

    def __init__(
        self,
        game: Game[Any],
        budget: Budget,
        seed: int | None = None,
        *,
        exploration: float = 0.7,
        widening: float | None = None,
        compiled: bool = True,
        compiled_budget: Budget | None = None,
    ) -> None:
        if widening is not None and not 0 < widening < 1:
            raise ValueError(
                f"widening is an exponent between 0 and 1 (0.5 is usual), not {widening}"
            )
        self.game = game
        self.budget = budget
        self.rng = random.Random(seed)
        self.exploration = exploration
        self.widening = widening
        self.compiled = compiled
        self.compiled_budget = compiled_budget or budget
        self.playout = Playout(game)
        self.simulations = 0
        """Simulations run for the last move (for measurement)."""
        self._root_moves: list[int] = []
        self._root_classes: dict[int, int] = {}

    def step(self, state: State) -> int:
        """The most visited move after searching ``state`` within the budget."""
        legal = state.legal_actions()
        if len(legal) == 1:
            self.simulations = 0
            return legal[0]
        return self.rank(self.analyse(state))[0].action

    @staticmethod
    def rank(values: list[ActionValue]) -> list[ActionValue]:
        """The moves best first: the most searched, then the best valued."""
        return sorted(values, key=lambda v: (-v.visits, -v.value, v.action))

    @classmethod
    def why(cls, values: list[ActionValue], name: Callable[[int], str]) -> str | None:
        """Why the move :meth:`rank` puts first is chosen over a move of higher value, in words
        a player reads (moves named by ``name``); ``None`` when it has the highest value."""
        if not values:
            return None
        chosen = cls.rank(values)[0]
        best = max(values, key=lambda v: v.value)
        if chosen.value >= best.value:
            return None
        return ngettext(
            "the search plays the move it explored most ({visits} simulations), the "
            "best-founded estimate; {move} averaged more over only {n} simulation",
            "the search plays the move it explored most ({visits} simulations), the "
            "best-founded estimate; {move} averaged more over only {n} simulations",
            best.visits,
        ).format(visits=chosen.visits, move=name(best.action), n=best.visits)

    def analyse(self, state: State) -> list[ActionValue]:
        """Search ``state`` and return every legal move with its value and visits."""
        player = state.current_player()
        legal = state.legal_actions()
        root = _Node(-1)
        classes = self.playout.classes(state)
        # Moves the family calls interchangeable are searched once: the root only ever
        # offers one move of each class.
        self._root_moves = sorted(set(classes.values()))
        self._root_classes = classes
        deal, scores = self.playout.start(state)
        bounds = [math.inf, -math.inf]
        batch = self.playout.batch(state, player) if self.compiled else None
        if isinstance(batch, WorldTree) and self.widening is None:
            # The same walk over worlds the family's compiled core draws and plays out.
            clock = self.compiled_budget.clock()
            endings = self.playout.solve is not None
            while True:
                self._simulate_compiled(batch, root, bounds, endings)
                if not clock.tick():
                    break
        else:
            clock = self.budget.clock()
            while True:
                world = state.resample_from_infostate(player, self.rng)
                self._simulate(world, state, root, deal, scores, bounds)
                if not clock.tick():
                    break
        self.simulations = clock.done
        values = []
        for action in legal:
            child = root.children.get(classes[action])
            if child is None or not child.visits:
                values.append(ActionValue(action, 0.0, 0))
            else:
                values.append(ActionValue(action, child.total / child.visits, child.visits))
        return values

    def _simulate(
        self,
        world: State,
        real: State,
        root: _Node,
        deal: int,
        scores: list[float],
        bounds: list[float],
    ) -> None:
        rng = self.rng
        playout = self.playout
        node = root
        path: list[_Node] = []
        while not playout.over(world, deal):
            if world.is_chance_node():
                world.apply_action(playout.chance(world, rng))
                continue
            mover = world.current_player()
            legal = self._root_moves if node is root else world.legal_actions()
            if self.widening is not None:
                legal = self._widen(world, node, legal, node is root)
            added = self._expand(node, legal, mover)
            if added is not None:
                world.apply_action(added[0])
                path.append(added[1])
                break
            action = self._select(node, legal, bounds)
            world.apply_action(action)
            node = node.children[action]
            path.append(node)
        self._back_up(playout.finish(world, real, deal, scores, rng), root, path, bounds)

    def _expand(self, node: _Node, legal: list[int], mover: int) -> tuple[int, _Node] | None:
        """A move of ``legal`` not yet tried from ``node``, chosen at random, with the child
        added for it; ``None`` when every one has been."""
        children = node.children
        untried = [a for a in legal if a not in children]
        if not untried:
            return None
        action = self.rng.choice(untried)
        child = _Node(mover)
        children[action] = child
        for a in legal:
            if a != action and a in children:
                children[a].avail += 1
        return action, child

    @staticmethod
    def _back_up(values: list[float], root: _Node, path: list[_Node], bounds: list[float]) -> None:
        """Count a simulation's values along its path, and widen the range values span."""
        low, high = bounds
        for v in values:
            if v < low:
                low = v
            if v > high:
                high = v
        bounds[0], bounds[1] = low, high
        root.visits += 1  # (the root's count paces its widening; the root has no value)
        for visited in path:
            visited.visits += 1
            visited.total += values[visited.player]

    def _simulate_compiled(
        self, batch: WorldTree, root: _Node, bounds: list[float], endings: bool
    ) -> None:
        """:meth:`_simulate` on a world of the compiled core (no chance nodes, no widening)."""
        rng = self.rng
        world = batch.world(rng.getrandbits(64))
        node = root
        path: list[_Node] = []
        while not world.over():
            mover = world.current()
            legal = self._root_moves if node is root else world.legal_list()
            added = self._expand(node, legal, mover)
            if added is not None:
                world.apply(added[0])
                path.append(added[1])
                break
            action = self._select(node, legal, bounds)
            world.apply(action)
            node = node.children[action]
            path.append(node)
        self._back_up(batch.finish(world, rng.getrandbits(64), endings), root, path, bounds)

    def _widen(self, world: State, node: _Node, legal: list[int], root: bool) -> list[int]:
        """The moves ``node`` offers now: the first ``ceil((visits + 1) ** widening)`` in the
        family's order (the others wait until the node has been visited more). At the root,
        ``legal`` holds one move per class, and a move ranks as its class."""
        assert self.widening is not None
        offered = math.ceil((node.visits + 1) ** self.widening)
        if offered >= len(legal):
            return legal
        hooks = self.playout.hooks
        if hooks.move_order is not None:
            order = hooks.move_order(world)
        elif self.playout.policy is not None:
            order = [self.playout.policy(world, self.rng)]
        else:
            return legal[:offered]
        if root:
            order = [self._root_classes.get(a, a) for a in order]
        ranked = list(dict.fromkeys(a for a in order if a in legal))
        ranked += [a for a in legal if a not in ranked]
        return ranked[:offered]

    def _select(self, node: _Node, legal: list[int], bounds: list[float]) -> int:
        low, high = bounds
        span = high - low if high > low else 1.0
        c = self.exploration
        best_action = legal[0]
        best = -math.inf
        children = node.children
        for action in legal:
            child = children[action]
            child.avail += 1
            mean = (child.total / child.visits - low) / span
            score = mean + c * math.sqrt(math.log(child.avail) / child.visits)
            if score > best:
                best, best_action = score, action
        # The chosen child's availability was counted with the others; its own visit will be
        # added on the way back.
        return best_action
