"""Spite and Malice players: the ``easy`` heuristic and the ``planner``, and search hooks.

Both read only what their seat may know: the observation, the legal moves, and positions
reached by their own moves that reveal nothing (a play from the goal pile turns up an unknown
card and a hand played out draws unknown cards: the planner stops its look-ahead there).

- ``easy`` plays its goal card when it can, otherwise natural cards that bring a stack towards
  its goal card and do not set up the next player's, and discards its highest card, on a pile
  whose top is one higher when it can.
- ``planner`` (also the family's ``expert``) searches the sequences of moves open within the
  turn — hand, goal top, discard tops and wilds, in any order — and ends each with every legal
  discard. It values goal cards played first, then not leaving a stack at (or just below) the
  next player's goal card, keeping wilds, clearing its discard piles and discarding in runs
  downward, and follows the best sequence until a card it could not see turns up.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hoyle.core.budget import Budget
from hoyle.core.protocol import Game, State
from hoyle.games.spite_malice.search import outlook
from hoyle.games.spite_malice.state import (
    CHANCE_BASE,
    DISCARD,
    GOAL,
    HAND,
    JOKER_SYMBOL,
    PASS,
    TO_DISCARD,
    TO_PAIR,
    SpiteMaliceState,
    split_move,
)
from hoyle.i18n import _

__all__ = [
    "PLAN_BUDGET",
    "EasySpiteMaliceAgent",
    "MoveValue",
    "PlannerAgent",
    "evaluate",
    "rollout_move",
]


def _rank(game: Any, token: str | None) -> int:
    """The rank of a card token (0 for a wild; -1 for none)."""
    if token is None:
        return -1
    kind = game.kind_of(token)
    return 0 if game.wild[kind] else int(game.rank[kind])


def _is_centre(action: int) -> bool:
    return action != PASS and split_move(action)[1] < TO_DISCARD


class EasySpiteMaliceAgent:
    """The ``easy`` player: greedy, one move at a time."""

    def __init__(self, game: Game[Any], seed: int | None = None) -> None:
        self.game = game
        self.rng = random.Random(seed)

    def step(self, state: State) -> int:
        """Pick a move for the player to act, from its observation and legal moves."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        assert isinstance(state, SpiteMaliceState)
        g = state.g
        me = state.current_player()
        obs = state.observation(me)
        goals = [_rank(g, p["top"]) for p in obs["goals"][me] if p["top"] is not None]
        nxt = (me + 1) % g.n
        theirs = {_rank(g, p["top"]) for p in obs["goals"][nxt] if p["top"] is not None}
        stacks = len(obs["stacks"])
        best, best_value = legal[0], -1e9
        for action in legal:
            if action == PASS:
                value = -50.0
            else:
                src, dest, symbol = split_move(action)
                wild = _symbol_wild(state, symbol)
                if dest >= TO_DISCARD:
                    top = _pile_top(state, me, dest)
                    value = _discard_value(symbol + 1, top, pair=dest >= TO_PAIR, wild=wild)
                elif GOAL <= src < DISCARD:
                    value = 1000.0  # the goal card: always
                else:
                    after = len(obs["stacks"][dest]) + 2 if dest < stacks else 2
                    stands = after - 1
                    helps = any(stands < goal or goal == 0 for goal in goals)
                    value = -10.0
                    if not wild and helps:
                        value = 20.0 + (5.0 if src >= DISCARD else 0.0)
                    if after in goals:
                        value = 200.0 if wild else 150.0  # the goal card goes next
                    if after in theirs:
                        value -= 100.0  # it would hand the next player their goal card
            value += self.rng.random() * 0.01
            if value > best_value:
                best, best_value = action, value
        return best


def _symbol_wild(state: SpiteMaliceState, symbol: int) -> bool:
    if symbol == JOKER_SYMBOL:
        return True
    rules = state.rules
    return symbol == 12 and rules.kings_wild and state.g.kinds == 53


def _discard_value(rank: int, top: int | None, *, pair: bool, wild: bool) -> float:
    """How good a discard of a card of ``rank`` onto a pile whose top has rank ``top`` (0 a
    wild, ``None`` an empty pile) is: runs downward, high cards on empty piles, never a wild
    while another card will do."""
    if wild:
        return -60.0
    value = rank * 0.5  # shed high cards: the low ones build sooner
    if pair:
        value += 4.0  # two cards out of the hand for one discard
    if top is None:
        return value + 2.0 + (rank - 7) * 0.8
    if top == 0 or top == rank + 1:
        return value + 12.0
    if top == rank:
        return value + 7.0
    if top < rank:
        return value - 8.0 - (rank - top)  # buries a card that would play sooner
    return value + 1.0


def _pile_top(state: SpiteMaliceState, seat: int, dest: int) -> int | None:
    """The rank of the top of the discard pile a discard ``dest`` goes to (0 a wild)."""
    pile = state._discards[seat][(dest - TO_DISCARD) % 6]
    if not pile:
        return None
    kind = pile[-1]
    return 0 if state.g.wild[kind] else int(state.g.rank[kind])


# ---------------------------------------------------------------------- the turn planner


@dataclass(frozen=True)
class MoveValue:
    """A legal move with the best plan that starts with it (``action``, ``value`` and
    ``visits`` are the fields hints read from any searching agent)."""

    action: int
    value: float
    """The deal's expected score for the player if it follows that plan, in the game's points
    (see :meth:`PlannerAgent.analyse`)."""
    visits: int
    """Positions the planner looked at."""
    plan: float = 0.0
    """The planner's own value of the plan (a goal card played is worth ``GOAL_PLAY``), by
    which it chooses."""


@dataclass
class _Path:
    """What a sequence of moves has done so far."""

    from_discards: int = 0
    from_hand: int = 0
    wilds_used: int = 0


PLAN_BUDGET = Budget(simulations=2000, seconds=0.5)
"""The planner's default look-ahead per plan: positions searched, and a time limit."""
GOAL_PLAY = 1000.0
"""The planner's value of a goal card played."""
WIN = 100000.0
"""The planner's value of a plan that goes out."""
BLOCKED = -WIN / 10
"""The planner's value of a plan that ends the deal without going out (blocks it)."""


class PlannerAgent:
    """The turn planner: searches the move sequences within a turn (see the module doc).

    Args:
        game: the game it plays.
        seed: breaks ties between equal plans.
        budget: how many positions (``simulations``) it may look at for one plan, and for
            how long; :data:`PLAN_BUDGET` by default.
    """

    def __init__(
        self, game: Game[Any], seed: int | None = None, budget: Budget | None = None
    ) -> None:
        self.game = game
        self.rng = random.Random(seed)
        self.budget = budget or PLAN_BUDGET
        self._plan: list[int] = []
        self._expect: tuple[Any, ...] | None = None

    def step(self, state: State) -> int:
        """The next move of the best plan for this turn."""
        legal = state.legal_actions()
        assert isinstance(state, SpiteMaliceState)
        key = _key(state)
        if self._plan and key == self._expect and self._plan[0] in legal:
            action = self._plan.pop(0)
            self._expect = self._next_key(state, action)
            return action
        if len(legal) == 1:
            return legal[0]
        plan = self.plan(state)
        action = plan[0]
        self._plan = plan[1:]
        self._expect = self._next_key(state, action)
        return action

    @staticmethod
    def _next_key(state: SpiteMaliceState, action: int) -> tuple[Any, ...] | None:
        if action == PASS or _reveals(state, action):
            return None
        if split_move(action)[1] >= TO_DISCARD:
            return None
        child = state.lookahead()
        child.apply_action(action)
        return _key(child)

    def plan(self, state: SpiteMaliceState) -> list[int]:
        """The best sequence of moves found from ``state`` (it ends the turn or reveals)."""
        me = state.current_player()
        ctx = _Context(state, me)
        self._clock = self.budget.clock()
        self._open = True
        self._seen: set[tuple[Any, ...]] = set()
        self.values: dict[int, float] = {}
        """The value of the best plan that starts with each legal move (for hints)."""
        self.plans: dict[int, list[int]] = {}
        """The best plan that starts with each legal move (for hints)."""
        _, plan = self._search(state, ctx, _Path(), self.values, self.plans)
        return plan

    def analyse(self, state: State) -> list[MoveValue]:
        """Every legal move with the best plan that starts with it, for hints: the planner's
        own value of the plan and what it is worth in the game's points, the deal's expected
        score for the player (:func:`~hoyle.games.spite_malice.search.outlook`).

        A plan that ends the deal scores what the rules give. Otherwise the turn is counted as
        over and the plan's value is read as goal cards: those it plays, and the rest of the
        planner's judgement (the next player's chances, wilds kept, piles cleared) as the
        fraction of a goal card the planner weighs it at (``GOAL_PLAY`` a card). So the points
        follow the plan's value: the higher one plan's value, the higher its points.
        """
        assert isinstance(state, SpiteMaliceState)
        self.plan(state)
        visits = self._clock.done
        me = state.current_player()
        after = (me + 1) % state.g.n
        found = []
        for action in state.legal_actions():
            value = self.values[action]
            ended = _deal_points(state, self.plans.get(action, [action]))
            if ended is not None:
                points = ended[me]
            else:
                ahead = [0.0] * state.g.n
                ahead[me] = value / GOAL_PLAY
                points = outlook(state, ahead, mover=after)[me]
            found.append(MoveValue(action, points, visits, value))
        return found

    @staticmethod
    def rank(values: list[MoveValue]) -> list[MoveValue]:
        """The moves best first: by the planner's value of the plan each begins."""
        return sorted(values, key=lambda v: (-v.plan, v.action))

    @classmethod
    def why(cls, values: list[MoveValue], name: Callable[[int], str]) -> str | None:
        """Why the planner's move is chosen over a move worth more points, in words a player
        reads; ``None`` when it is worth the most. Its points follow the plan's value except
        where a plan ends the deal: the planner counts a blocked deal as lost whatever it
        scores."""
        if not values:
            return None
        chosen = cls.rank(values)[0]
        best = max(values, key=lambda v: v.value)
        if chosen.value >= best.value:
            return None
        if best.plan <= BLOCKED / 2:
            return _(
                "the planner steers clear of blocking the deal, as {move} would, though this "
                "blocked deal would score {points} points for you"
            ).format(move=name(best.action), points=f"{best.value:.0f}")
        return _("the planner judges the turn's whole plan, not this estimate alone")

    def _search(
        self,
        state: SpiteMaliceState,
        ctx: _Context,
        path: _Path,
        root: dict[int, float] | None = None,
        plans: dict[int, list[int]] | None = None,
    ) -> tuple[float, list[int]]:
        legal = state.legal_actions()
        best_value, best_plan = -1e18, [legal[0]]
        self._open = self._open and self._clock.tick()
        base = None
        for action in legal:
            if action == PASS or split_move(action)[1] >= TO_DISCARD:
                if base is None:
                    base = ctx.value(state, path, goal_known=True, hand_known=True)
                value = base + ctx.discard(state, action)
                plan = [action]
            else:
                src, _, symbol = split_move(action)
                step = _Path(
                    path.from_discards + (src >= DISCARD),
                    path.from_hand + (src == HAND),
                    path.wilds_used + _symbol_wild(state, symbol),
                )
                child = state.lookahead()
                child.apply_action(action)
                goal_play = GOAL <= src < DISCARD
                if child.is_terminal() or child._deal_no != state._deal_no:
                    value = WIN if goal_play else BLOCKED  # won, or blocked
                    plan = [action]
                elif goal_play or _emptied(state, action):
                    value = ctx.value(child, step, goal_known=not goal_play, hand_known=False)
                    value += GOAL_PLAY if goal_play else 15.0
                    plan = [action]
                else:
                    key = _key(child)
                    if root is None and (key in self._seen or not self._open):
                        continue
                    self._seen.add(key)
                    value, rest = self._search(child, ctx, step)
                    plan = [action, *rest]
            value += self.rng.random() * 1e-3
            if root is not None:
                root[action] = value
            if plans is not None:
                plans[action] = plan
            if value > best_value:
                best_value, best_plan = value, plan
        return best_value, best_plan


def _deal_points(state: SpiteMaliceState, plan: list[int]) -> list[float] | None:
    """What each seat scores if ``plan`` ends the deal in progress (going out, or blocking
    it), or ``None`` if the deal goes on."""
    child = state.lookahead()
    for action in plan:
        child.apply_action(action)
        if child.is_terminal() or child._deal_no != state._deal_no:
            return [a - b for a, b in zip(child.scores(), state.scores(), strict=True)]
        if child.is_chance_node():
            break
    return None


def _emptied(state: SpiteMaliceState, action: int) -> bool:
    src = split_move(action)[0]
    return src == HAND and len(state._hands[state._cur]) == 1


def _reveals(state: SpiteMaliceState, action: int) -> bool:
    src, dest, _ = split_move(action)
    return dest < TO_DISCARD and (GOAL <= src < DISCARD or _emptied(state, action))


def _key(state: SpiteMaliceState) -> tuple[Any, ...]:
    """What the planner's positions differ in (all of it visible to the player)."""
    me = state._cur
    g = state.g
    return (
        state._deal_no,
        state._turn,
        tuple(len(s) for s in state._stacks),
        tuple(sorted(g.symbol[k] for k in state._hands[me])),
        tuple(len(p) for p in state._discards[me]),
        tuple(len(p) for p in state._goals[me]),
        state._cover,
    )


class _Context:
    """What stays fixed while the planner searches one turn: the opponents' goal cards and
    discard tops, and the rules."""

    def __init__(self, state: SpiteMaliceState, me: int) -> None:
        self.g = state.g
        self.me = me
        n = state.g.n
        self.rules = state.rules
        obs = state.observation(me)
        self.opponents = [(me + k) % n for k in range(1, n)]
        self.their_goals = {
            s: [_rank(self.g, p["top"]) for p in obs["goals"][s] if p["top"] is not None]
            for s in self.opponents
        }
        self.their_tops = {
            s: [_rank(self.g, pile[-1]) for pile in obs["discards"][s] if pile]
            for s in self.opponents
        }

    def value(
        self, state: SpiteMaliceState, path: _Path, *, goal_known: bool, hand_known: bool
    ) -> float:
        """The end-of-turn value of a position (before the discard)."""
        g = self.g
        me = self.me
        rules = self.rules
        value = 0.0
        needs = [len(s) + 1 for s in state._stacks]
        can_start = len(state._stacks) < (rules.max_stacks or 64)
        for k, seat in enumerate(self.opponents):
            weight = 1.0 if k == 0 else 0.4
            for goal in self.their_goals[seat]:
                value -= weight * self._danger(goal, needs, can_start, self.their_tops[seat])
        if goal_known:
            for pile in state._goals[me]:
                if pile:
                    goal = 0 if g.wild[pile[-1]] else g.rank[pile[-1]]
                    value += self._prospect(goal, needs, can_start)
        if hand_known:
            for kind in state._hands[me]:
                if g.wild[kind]:
                    value += 25.0
        else:
            value += 10.0
        value += 4.0 * path.from_discards + 0.5 * path.from_hand - 6.0 * path.wilds_used
        for pile in state._discards[me]:
            value -= 0.3 * len(pile)
        return value

    def _danger(self, goal: int, needs: list[int], can_start: bool, tops: list[int]) -> float:
        """How likely the next turn's player plays this goal card, as a penalty."""
        if goal == 0:
            return 40.0  # a wild goal card plays almost anywhere
        if goal == 1:
            return 40.0 if can_start else 0.0
        worst = 0.0
        for need in needs:
            gap = goal - need
            if gap < 0:
                continue
            if gap == 0:
                worst = max(worst, 400.0)
                continue
            # Cards they would need first: their discard tops that fit go free.
            missing = gap
            rank = need
            while rank in tops and missing:
                rank += 1
                missing -= 1
            if missing == 0:
                worst = max(worst, 300.0)
            else:
                worst = max(worst, 120.0 / (2 ** (missing - 1)) - 10.0)
        if can_start and goal - 1 <= 2:
            worst = max(worst, 30.0 / goal)
        return worst

    @staticmethod
    def _prospect(goal: int, needs: list[int], can_start: bool) -> float:
        """How near the stacks are to this player's own goal card."""
        if goal == 0:
            return 20.0
        best = 0.0
        for need in [*needs, *([1] if can_start else [])]:
            gap = goal - need
            if gap >= 0:
                best = max(best, 12.0 / (1 + gap))
        return best

    def discard(self, state: SpiteMaliceState, action: int) -> float:
        """The value of ending the turn with ``action`` (a discard or a pass)."""
        if action == PASS:
            return -5.0
        _, dest, symbol = split_move(action)
        wild = _symbol_wild(state, symbol)
        top = _pile_top(state, self.me, dest)
        value = _discard_value(symbol + 1, top, pair=dest >= TO_PAIR, wild=wild)
        if not wild:
            # Keep a card that would play on a stack next turn (or feed the goal card).
            rank = symbol + 1
            needs = {len(s) + 1 for s in state._stacks}
            if rank in needs:
                value -= 6.0
        return value


def planner(game: Game[Any], seed: int | None, budget: Budget | None) -> PlannerAgent:
    """The turn planner for ``game`` (the family's ``planner`` and ``expert``)."""
    return PlannerAgent(game, seed, budget)


# ---------------------------------------------------------------------- search hooks


def rollout_move(state: State, rng: random.Random) -> int:
    """A fast playout move on a full (sampled) state, the ``easy`` player's rules of thumb
    read straight from the state: the goal card when it goes; a card (a wild only when it
    lets the goal card go next) that builds towards the goal card without leaving a stack at
    the next player's; otherwise the best discard by the downward-run policy."""
    legal = state.legal_actions()
    if len(legal) == 1 or not isinstance(state, SpiteMaliceState):
        return legal[0] if len(legal) == 1 else rng.choice(legal)
    g = state.g
    me = state._cur
    goals = [0 if g.wild[p[-1]] else g.rank[p[-1]] for p in state._goals[me] if p]
    nxt = (me + 1) % g.n
    theirs = {0 if g.wild[p[-1]] else g.rank[p[-1]] for p in state._goals[nxt] if p}
    stacks = state._stacks
    best, best_value = legal[0], -1e9
    for action in legal:
        if action == PASS:
            value = -50.0
        else:
            src, dest, symbol = split_move(action)
            wild = _symbol_wild(state, symbol)
            if dest >= TO_DISCARD:
                top = _pile_top(state, me, dest)
                value = _discard_value(symbol + 1, top, pair=dest >= TO_PAIR, wild=wild)
            elif GOAL <= src < DISCARD:
                return action
            else:
                stands = len(stacks[dest]) + 1 if dest < len(stacks) else 1
                after = stands + 1
                value = -10.0
                if not wild and any(stands < goal or goal == 0 for goal in goals):
                    value = 20.0 + (5.0 if src >= DISCARD else 0.0)
                if after in goals:
                    value = 200.0 if wild else 150.0
                if after in theirs:
                    value -= 100.0
        value += rng.random()
        if value > best_value:
            best, best_value = action, value
    return best


TEMPO = 0.5
"""What a goal card played a turn later is worth against one played now, in :func:`evaluate`:
without it a search that looks several turns ahead sees no cost in putting off a goal card
(while the next player may bury its chance)."""


def _late_plays(state: SpiteMaliceState, root: SpiteMaliceState) -> list[float]:
    """What each seat's goal cards played since ``root`` fall short of as many played now:
    ``1 - TEMPO ** turns`` for each, ``turns`` the turns gone by before it (read from the
    moves made since ``root``)."""
    n = state.g.n
    late = [0.0] * n
    seat = root._cur
    turns = 0
    for action in state._history[len(root._history) :]:
        if action >= CHANCE_BASE:
            continue  # a card drawn
        if action == PASS:
            seat, turns = (seat + 1) % n, turns + 1
            continue
        src, dest, _ = split_move(action)
        if dest >= TO_DISCARD:
            seat, turns = (seat + 1) % n, turns + 1
        elif GOAL <= src < DISCARD:
            late[seat] += 1.0 - TEMPO**turns
    return late


def evaluate(state: State, root: State) -> list[float]:
    """Each seat's value of a playout cut short, in the game's points: what the deal in
    progress can be expected to score for it (:func:`~hoyle.games.spite_malice.search.outlook`),
    counting as fractions of a goal card how near the stacks stand to its goal card, wilds held
    and cards buried under higher ones on its discard piles, and a goal card played ``turns``
    turns after ``root`` as ``TEMPO ** turns`` of one played now (the points scored instead, if
    the deal ended)."""
    assert isinstance(state, SpiteMaliceState) and isinstance(root, SpiteMaliceState)
    if state._deal_no != root._deal_no or state.is_terminal():
        return [a - b for a, b in zip(state.scores(), root.scores(), strict=True)]
    g = state.g
    ahead = [-late for late in _late_plays(state, root)]
    needs = [len(stack) + 1 for stack in state._stacks]
    can_start = len(needs) < (state.rules.max_stacks or 64)
    for seat in range(g.n):
        for pile in state._goals[seat]:
            if pile:
                goal = 0 if g.wild[pile[-1]] else g.rank[pile[-1]]
                ahead[seat] += _Context._prospect(goal, needs, can_start) / 24.0
        ahead[seat] += 0.1 * sum(1 for kind in state._hands[seat] if g.wild[kind])
        for pile in state._discards[seat]:
            # A card buried under a higher one waits: discard piles should run downward.
            for under, over in itertools.pairwise(pile):
                if not g.wild[under] and not g.wild[over] and g.rank[under] < g.rank[over]:
                    ahead[seat] -= 0.15
    return outlook(state, ahead)
