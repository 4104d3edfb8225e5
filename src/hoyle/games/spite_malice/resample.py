"""Determinization: a full Spite and Malice state consistent with what one seat can see, whose
history is the history of that world.

Every decision of Spite and Malice is public; what a seat cannot see is which cards chance gave:
the goal cards under the tops, the other hands and the stock. So a world is the real sequence
of actions with some chance actions of the deal in progress changed, and its history says
which: the world replays from the unseeded start to itself, and nothing in it rebuilds the real
hidden cards (its seeded draw, if any, is a fresh one).

The deal is replayed once (per position and seat; the plan is kept for the searches that
resample one position many times) to sort its chance actions into

* **fixed** ones, whose card the seat knows: the cards it drew or was dealt itself; goal cards
  that were turned up (a top now, or played, or a top in a tie that was dealt again); a card
  another seat drew and later played from its hand (it is kept where it really was drawn: when
  a seat drew a card it played later is hidden too, but it tells nothing about the cards
  hidden now); and
* **free** ones: goal cards never turned up, the cards the other seats still hold, and, for a
  hand-set position (``deal_state``), its hidden cards and the cards it put out of play.

A world draws a card for each free action from the pool chance drew it from then (the stock,
or the goal pack), keeping back the cards later fixed actions need: the reserve, counted
backwards over the deal's draws, the completed stacks that go back into the stock (RULINGS S3:
the completed heap, once the stock is empty; or each stack at once) and the goal piles dealt
again. So every draw of the world is possible when it is made; once the completed heap has
become the stock, the stock holds only that heap's cards. Between two such changes of a pool
the order of the draws does not matter, only which spare cards the free ones take.

Some held cards may not be of some ranks: not of a rank the seat later played with a lower
suit (the hand's first card of a rank is the one played), nor, with compulsory aces and 2s, a
natural ace or 2 the seat could have played when it made another move; replaying the world
would otherwise play it, or refuse the real move. Those cards are matched to spare cards
first (augmenting paths, in a random order), the others then drawn from what is left.

Past deals are kept as they were (every card of them is gone; what they hid changes nothing
now).
"""

from __future__ import annotations

import random
import weakref
from dataclasses import dataclass
from typing import Any

from hoyle.games.spite_malice.state import (
    CHANCE_BASE,
    DEAL,
    DRAW,
    HAND,
    HAND_TARGET,
    MAX_STACKS,
    PASS,
    TO_DISCARD,
    TO_PAIR,
    SpiteMaliceState,
    split_move,
)

__all__ = ["resample"]

STOCK, GOALS = 0, 1
GOAL_SLOT, HAND_SLOT, BOX_SLOT = 0, 1, 2
ATTEMPTS = 4
"""Worlds drawn before the safe draw is used. A draw can still run out of cards where a held
card with banned ranks finds the spare cards of its stretch taken by earlier stretches
(completed stacks shuffled in at once carry spare cards over); it was never seen in 2,200
positions of six presets. The safe draw keeps each such card's own real card back for it, so
it always succeeds, at the cost of a slight lean towards the real card."""


@dataclass(slots=True, eq=False)
class _Slot:
    """A card chance gave in the deal: the action at ``at`` (-1: placed by a hand-set
    position), from ``pool``, the real ``kind``, to a seat's goal pile, hand, or out of
    play."""

    at: int
    pool: int
    kind: int
    seat: int
    where: int
    pile: int = 0
    pos: int = 0
    attempt: int = 0
    fixed: bool = True
    banned: frozenset[int] = frozenset()


@dataclass(slots=True)
class _Plan:
    """What a world of one position, for one seat, is drawn from."""

    start: SpiteMaliceState
    handset: bool
    pools: list[list[int]]
    steps: list[Step]
    safe: list[Step]
    slots: list[_Slot]
    placements: int
    held: list[list[_Slot]]
    attempt: int


_PLANS: weakref.WeakKeyDictionary[SpiteMaliceState, tuple[int, dict[int, _Plan]]] = (
    weakref.WeakKeyDictionary()
)


def resample(state: SpiteMaliceState, seat: int, rng: random.Random) -> SpiteMaliceState:
    """A state that ``seat`` cannot tell apart from ``state``, with its own history."""
    length = len(state._history)
    kept = _PLANS.get(state)
    if kept is None or kept[0] != length:
        kept = (length, {})
        _PLANS[state] = kept
    plan = kept[1].get(seat)
    if plan is None:
        plan = kept[1][seat] = _plan(state, seat)
    drawn = None
    for _ in range(ATTEMPTS):
        drawn = _draw(plan, plan.steps, rng)
        if drawn is not None:
            break
    else:
        drawn = _draw(plan, plan.safe, rng)
    if drawn is None:  # pragma: no cover - never met: the real deal is always a world
        world = state._copy(draws=False)
        world._rng = random.Random(rng.getrandbits(64)) if _draws_itself(state) else None
        return world
    return _world(state, seat, plan, drawn, rng)


def _draws_itself(state: SpiteMaliceState) -> bool:
    """Whether the state deals its own cards (a seed, or a hand-set stock): a world of it
    then draws its future cards from a fresh shuffler, never at chance nodes."""
    return state._rng is not None or bool(state._forced)


# ---------------------------------------------------------------------- the plan


def _plan(state: SpiteMaliceState, seat: int) -> _Plan:
    """Replay the deal in progress and sort its chance actions (see the module doc)."""
    g = state.g
    n = g.n
    kinds = g.kinds
    start = state._deal_origin()
    handset = state._deal_no == 0 and state._start is not None
    goal_pool = GOALS if g.goal_pack is not None else STOCK
    pools = [list(start._stock), list(start._goal_pool or [0] * kinds)]
    slots: list[_Slot] = []
    events: list[tuple[str, Any]] = []
    held: list[list[_Slot]] = [[] for _ in range(n)]
    plays: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    # Compulsory aces and 2s from hand: a seat that made another move held no natural ace
    # it could start a stack with, nor a 2 a stack needed (decision, ace?, 2?).
    unforced: list[list[tuple[int, bool, bool]]] = [[] for _ in range(n)]
    rules = state.rules
    forcing = rules.compulsory_aces_twos and rules.compulsory_from_hand

    def add(slot: _Slot) -> _Slot:
        slots.append(slot)
        events.append(("slot", slot))
        return slot

    if handset:
        # The hand-set start's hidden places are drawn like dealt cards, from all the cards
        # it did not show: its stock, the cards it put out of play, the hands and goal piles.
        for s in range(n):
            for p, cards in enumerate(start._goals[s]):
                for pos, kind in enumerate(cards):
                    add(_Slot(-1, goal_pool, kind, s, GOAL_SLOT, p, pos))
                    pools[goal_pool][kind] += 1
            for kind in start._hands[s]:
                held[s].append(add(_Slot(-1, STOCK, kind, s, HAND_SLOT)))
                pools[STOCK][kind] += 1
        for kind, count in enumerate(start._box):
            for _ in range(count):
                add(_Slot(-1, STOCK, kind, -1, BOX_SLOT, fixed=False))
                pools[STOCK][kind] += 1
    placements = len(events)
    replay = start._copy(draws=False)
    replay._trace = []
    attempt = 0
    history = state._history
    for i in range(state._deal_start, len(history)):
        action = history[i]
        phase = replay._phase
        if phase == DEAL:
            kind = action - CHANCE_BASE
            s, pile = divmod(replay._queue[0], 4)
            if pile == HAND_TARGET:
                held[s].append(add(_Slot(i, STOCK, kind, s, HAND_SLOT)))
            else:
                pos = len(replay._goals[s][pile])
                add(_Slot(i, goal_pool, kind, s, GOAL_SLOT, pile, pos, attempt))
        elif phase == DRAW:
            s = replay._cur
            held[s].append(add(_Slot(i, STOCK, action - CHANCE_BASE, s, HAND_SLOT)))
        else:
            if forcing and replay._cover < 0 and not _forced_move(action):
                stacks = replay._stacks
                unforced[replay._cur].append(
                    (
                        i,
                        len(stacks) < (rules.max_stacks or MAX_STACKS),
                        any(len(stack) == 1 for stack in stacks),
                    )
                )
            src, dest, symbol = split_move(action) if action != PASS else (-1, -1, -1)
            if src == HAND:
                s = replay._cur
                same = [k for k in replay._hands[s] if g.symbol[k] == symbol]
                for kind in same[: 2 if dest >= TO_PAIR else 1]:
                    plays[s].append((i, kind))
                    for j, slot in enumerate(held[s]):
                        if slot.kind == kind:
                            del held[s][j]  # a card the seat played: where it came is kept
                            break
        mark = len(replay._trace)
        replay._apply(action)
        for _, what, cards in replay._trace[mark:]:
            if what == "supply":
                events.append(("supply", cards))
            else:  # the goal piles are dealt again: their tops were turned up and compared
                dealt = [sl for sl in slots if sl.where == GOAL_SLOT and sl.attempt == attempt]
                top = state.rules.goal_size - 1
                for slot in dealt:
                    slot.fixed = slot.pos == top
                events.append(("reset", dealt))
                attempt += 1
    dealing = state._phase == DEAL
    same_symbol = [[k for k in range(kinds) if g.symbol[k] == sym] for sym in range(16)]
    natural = [{k for k in range(kinds) if not g.wild[k] and g.rank[k] == r} for r in (1, 2)]
    for slot in slots:
        if slot.where == GOAL_SLOT and slot.attempt == attempt:
            turned = len(state._goals[slot.seat][slot.pile]) - 1
            slot.fixed = not dealing and slot.pos >= turned
        elif slot.where == HAND_SLOT:
            slot.fixed = slot.seat == seat or all(slot is not h for h in held[slot.seat])
            if not slot.fixed:
                banned: set[int] = set()
                for at, kind in plays[slot.seat]:
                    if at > slot.at:  # played later: no card of its rank with a lower suit
                        banned.update(k for k in same_symbol[g.symbol[kind]] if k < kind)
                for at, ace, two in unforced[slot.seat]:
                    if at > slot.at:  # it was not made to play an ace or a 2 then
                        if ace:
                            banned |= natural[0]
                        if two:
                            banned |= natural[1]
                slot.banned = frozenset(banned)
    free_held = [[sl for sl in held[s] if not sl.fixed] for s in range(n)]
    return _Plan(
        start,
        handset,
        pools,
        _steps(events, kinds, safe=False),
        _steps(events, kinds, safe=True),
        slots,
        placements,
        free_held,
        attempt,
    )


def _forced_move(action: int) -> bool:
    """Whether ``action`` plays a natural ace or 2 to the centre (``compulsory_aces_twos``:
    such a move is made only when one is possible, and then one must be)."""
    if action == PASS:
        return False
    _, dest, symbol = split_move(action)
    return dest < TO_DISCARD and symbol in (0, 1)


@dataclass(slots=True)
class _Segment:
    """The draws between two changes of a pool other than draws (a completed stack or heap
    added to the stock, the goal piles dealt again). Within it the order of the draws does
    not matter: a free draw may take any *spare* card, one the pool holds beyond what the
    later fixed draws need (``reserves``, by pool, at its start)."""

    reserves: list[list[int]]
    fixed: list[_Slot]
    banned: list[_Slot]
    free: list[list[_Slot]]


Step = tuple[str, Any]
"""A step of a draw: ``segment`` (a :class:`_Segment`), ``supply`` (cards added to the
stock) or ``reset`` (the slots of a dealing returned to their pool)."""


def _steps(events: list[tuple[str, Any]], kinds: int, *, safe: bool) -> list[Step]:
    """The events as steps of a draw (see :class:`_Segment`). The reserves are counted
    backwards: a fixed card needs its kind left in the pool, a completed stack or heap added
    to the stock needs nothing kept for the cards it brings, and after the goal piles are
    dealt again every pool is whole. ``safe``: a card that may not be of some ranks also keeps
    its own card back for itself, so that it always has one to take."""
    steps: list[Step] = []
    current: _Segment | None = None
    for what, payload in events:
        if what != "slot":
            steps.append((what, payload))
            current = None
            continue
        if current is None:
            current = _Segment([], [], [], [[], []])
            steps.append(("segment", current))
        slot: _Slot = payload
        if slot.fixed:
            current.fixed.append(slot)
        elif slot.banned:
            current.banned.append(slot)
        else:
            current.free[slot.pool].append(slot)
    needs = [[0] * kinds, [0] * kinds]
    for what, payload in reversed(steps):
        if what == "segment":
            for slot in payload.fixed + (payload.banned if safe else []):
                needs[slot.pool][slot.kind] += 1
            payload.reserves = [list(needs[STOCK]), list(needs[GOALS])]
        elif what == "supply":
            need = needs[STOCK]
            for kind in payload:
                if need[kind]:
                    need[kind] -= 1
        else:  # dealt again: the pool is whole again after it, for the world as for real
            for pool in {slot.pool for slot in payload} or {STOCK, GOALS}:
                needs[pool] = [0] * kinds
    return steps


# ---------------------------------------------------------------------- drawing a world


def _draw(plan: _Plan, steps: list[Step], rng: random.Random) -> list[int] | None:
    """A card for every slot (in the order of ``plan.slots``), or ``None`` when the draw ran
    out of cards. The cards that may not be of some ranks choose first in their segment."""
    pools = [list(p) for p in plan.pools]
    chosen = {id(slot): slot.kind for slot in plan.slots}
    safe = steps is plan.safe
    for what, payload in steps:
        if what == "segment":
            spare = []
            for counts, reserve in zip(pools, payload.reserves, strict=True):
                left = [c - r for c, r in zip(counts, reserve, strict=True)]
                if min(left) < 0:
                    return None
                spare.append(left)
            for slot in payload.fixed:
                pools[slot.pool][slot.kind] -= 1
            for pool in (STOCK, GOALS):
                slots = [slot for slot in payload.banned if slot.pool == pool]
                if not slots:
                    continue
                mine = spare[pool]
                cards = [k for k, c in enumerate(mine) for _ in range(c)]
                spares = len(cards)
                if safe:  # each keeps its own card back, so the real deal is a matching
                    cards += [slot.kind for slot in slots]
                matched = _match(slots, cards, rng)
                if matched is None:
                    return None
                for slot, index in matched:
                    kind = cards[index]
                    chosen[id(slot)] = kind
                    pools[pool][kind] -= 1
                    if index < spares:
                        mine[kind] -= 1
            for pool, slots in enumerate(payload.free):
                if not slots:
                    continue
                cards = [k for k, c in enumerate(spare[pool]) for _ in range(c)]
                if len(cards) < len(slots):
                    return None
                for slot, kind in zip(slots, rng.sample(cards, len(slots)), strict=True):
                    chosen[id(slot)] = kind
                    pools[pool][kind] -= 1
        elif what == "supply":
            for kind in payload:
                pools[STOCK][kind] += 1
        else:  # dealt again: the world's cards of that dealing go back
            for slot in payload:
                pools[slot.pool][chosen[id(slot)]] += 1
    return [chosen[id(slot)] for slot in plan.slots]


def _match(
    slots: list[_Slot], cards: list[int], rng: random.Random
) -> list[tuple[_Slot, int]] | None:
    """Each slot a different card of ``cards`` (its index) it may take, not of its banned
    kinds, found by augmenting paths in a random order; ``None`` if there is none."""
    order = list(range(len(cards)))
    rng.shuffle(order)
    allowed = [[c for c in order if cards[c] not in slot.banned] for slot in slots]
    owner: dict[int, int] = {}

    def place(i: int, seen: set[int]) -> bool:
        for c in allowed[i]:
            if c not in seen:
                seen.add(c)
                if c not in owner or place(owner[c], seen):
                    owner[c] = i
                    return True
        return False

    for i in rng.sample(range(len(slots)), len(slots)):
        if not place(i, set()):
            return None
    return [(slots[i], c) for c, i in owner.items()]


def _world(
    state: SpiteMaliceState, seat: int, plan: _Plan, kinds: list[int], rng: random.Random
) -> SpiteMaliceState:
    """The state the drawn cards make: the real one with the free cards changed (and so the
    pools they were drawn from: what the real deal drew of a kind the world leaves there)."""
    g = state.g
    pools = [list(state._stock), list(state._goal_pool or [0] * g.kinds)]
    at_start = [list(p) for p in plan.pools]
    for index, (slot, kind) in enumerate(zip(plan.slots, kinds, strict=True)):
        if index < plan.placements:
            at_start[slot.pool][kind] -= 1
        if slot.fixed or (slot.where == GOAL_SLOT and slot.attempt != plan.attempt):
            continue  # the same card, or one dealt again (given back either way)
        pools[slot.pool][slot.kind] += 1
        pools[slot.pool][kind] -= 1
    world = state._copy(draws=False)
    world._rng = random.Random(rng.getrandbits(64)) if _draws_itself(state) else None
    card = {id(slot): kind for slot, kind in zip(plan.slots, kinds, strict=True)}
    history = world._history
    for slot, kind in zip(plan.slots, kinds, strict=True):
        if slot.at >= 0:
            history[slot.at] = CHANCE_BASE + kind
    for slot, kind in zip(plan.slots, kinds, strict=True):
        if slot.where == GOAL_SLOT and slot.attempt == plan.attempt and not slot.fixed:
            world._goals[slot.seat][slot.pile][slot.pos] = kind
    for s, free in enumerate(plan.held):
        if s == seat or not free:
            continue
        hand = world._hands[s]
        for slot in free:
            hand.remove(slot.kind)
        hand.extend(card[id(slot)] for slot in free)
        hand.sort()
    box = [0] * g.kinds
    for slot, kind in zip(plan.slots, kinds, strict=True):
        if slot.where == BOX_SLOT:
            box[kind] += 1
    world._box = box
    world._stock = pools[STOCK]
    world._stock_n = sum(pools[STOCK])
    if g.goal_pack is not None:
        world._goal_pool = pools[GOALS]
    if plan.handset:
        start = plan.start._copy(draws=False)
        for slot, kind in zip(plan.slots[: plan.placements], kinds[: plan.placements], strict=True):
            if slot.where == GOAL_SLOT:
                start._goals[slot.seat][slot.pile][slot.pos] = kind
        for s in range(g.n):
            start._hands[s] = sorted(
                card[id(slot)]
                for slot in plan.slots[: plan.placements]
                if slot.where == HAND_SLOT and slot.seat == s
            )
        start._box = box
        start._stock = at_start[STOCK]
        start._stock_n = sum(at_start[STOCK])
        if g.goal_pack is not None:
            start._goal_pool = at_start[GOALS]
        start._start = start
        world._start = start
    world._legal = None
    return world
