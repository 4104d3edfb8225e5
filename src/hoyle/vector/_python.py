"""The vector table in Python: ``_fastvec.Table``'s methods over :class:`HeartsState` objects.

Where the compiled table was not built (no C compiler, or ``HOYLE_COMPILED=0``) hoyle.vector
steps one HeartsState a deal instead: tens of times slower, with the same results. It rolls the
same dice (:class:`~hoyle.vector._dice.Dice`) in the same order, so a seed deals the same cards
and the table's seats play the same moves as in C; the vectors are the states' own
``observation_tensor``, the rewards their ``returns()``. tests/vector/ run both and compare.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from hoyle.games.hearts.state import (
    OVER,
    PLAY,
    TOKENS,
    HeartsGame,
    HeartsState,
    mask_to_list,
)
from hoyle.vector._dice import Dice, splitmix_next
from hoyle.vector._rules import _LEARNER, _OUTSIDE, _PLAYOUT

__all__ = ["PythonTable", "deal_state", "playout_move"]

ACTIONS = 201
_QS = 49
_SPADES = ((1 << 13) - 1) << 39
_HEARTS = ((1 << 13) - 1) << 26


def deal_state(game: HeartsGame, hands: Sequence[int]) -> HeartsState:
    """A one-deal state dealt these hands (masks, seat by seat), through the public
    ``game.deal_state``."""
    return game.deal_state([[TOKENS[c] for c in mask_to_list(h)] for h in hands])


def _nth_bit(m: int, k: int) -> int:
    for _ in range(k):
        m &= m - 1
    return (m & -m).bit_length() - 1


def _low(m: int) -> int:
    return (m & -m).bit_length() - 1


def playout_move(state: HeartsState, dice: Dice) -> int:
    """``hc_policy`` (``_fastcore.h``, the playout policy of ``play.rollout_move``) in the
    play, rolling ``dice`` exactly where it does: duck under the winning card, win only the
    last place of a clean trick, shed the Q♠ and high hearts when void, lead low."""
    legal = state.legal_mask()
    count = legal.bit_count()
    if count == 1:
        return _low(legal)
    if not state._trick:
        if state._hands[state._cur] >> _QS & 1:  # no spade lead under one's own queen
            plain = legal & ~_SPADES
            if plain:
                legal = plain
        low: list[int] = []
        for rank in range(13):
            for suit in range(4):
                if len(low) < 3 and legal >> (13 * suit + rank) & 1:
                    low.append(13 * suit + rank)
        return low[dice.below(len(low))]
    first = _low(legal)
    if first // 13 == state._lead_suit:
        below = legal & ((1 << state._win_card) - 1)
        if below:
            return below.bit_length() - 1
        if len(state._trick) == state.g.n - 1 and not state._trick_pts:
            return legal.bit_length() - 1
        return first
    if legal >> _QS & 1:
        return _QS
    if legal & _HEARTS:
        return (legal & _HEARTS).bit_length() - 1
    best = -1
    for c in mask_to_list(legal):
        if best < 0 or c % 13 > best % 13:
            best = c
    return best


class _Slot:
    """One deal of the batch: its state, dice, seed stream and the actions so far."""

    __slots__ = ("actions", "dealt", "dice", "seed", "state", "stream")

    def __init__(self) -> None:
        self.stream = 0
        self.seed = 0
        self.dice = Dice(0)
        self.state: HeartsState | None = None
        self.dealt: tuple[int, ...] = ()
        self.actions: list[int] = []


class PythonTable:
    """``_fastvec.Table`` in Python (see the module); ``config`` as the compiled one takes it,
    plus ``game``."""

    def __init__(self, game: HeartsGame, config: dict[str, Any]) -> None:
        self.g = game
        self.n = game.n
        self.batch: int = config["batch"]
        self.kinds: list[int] = config["kinds"]
        self.sampler = Dice(config["sample_seed"])
        self.deck = list(game.deck)
        self.slots = [_Slot() for _ in range(self.batch)]
        self.finals: list[_Slot | None] = [None] * self.batch
        self.ended = np.zeros(self.batch, dtype=np.bool_)
        self.rewards = np.zeros((self.batch, self.n), dtype=np.float32)

    # ---------------------------------------------------------------- the game

    def _new_deal(self, slot: _Slot, seed: int) -> None:
        """The deal ``new_deal`` (``_fastvec.c``) makes from ``seed``."""
        g, n = self.g, self.n
        slot.seed = seed
        slot.dice = Dice(seed)
        cards = list(self.deck)
        for i in range(len(cards) - 1, 0, -1):
            j = slot.dice.below(i + 1)
            cards[i], cards[j] = cards[j], cards[i]
        hs = g.hand_size
        hands = [0] * n
        for i in range(n):  # eldest hand (seat 0: the dealer is the last seat) first
            for c in cards[i * hs : (i + 1) * hs]:
                hands[i] |= 1 << c
        slot.dealt = tuple(hands)
        slot.actions = []
        slot.state = deal_state(g, hands)

    def _advance(self, b: int) -> None:
        slot = self.slots[b]
        state = slot.state
        assert state is not None
        while True:
            if state._phase == OVER:
                self.ended[b] = True
                self.rewards[b] = state.returns()
                final = _Slot()
                final.seed, final.dealt, final.actions = slot.seed, slot.dealt, slot.actions
                final.state = state
                self.finals[b] = final
                slot.stream, seed = splitmix_next(slot.stream)
                self._new_deal(slot, seed)
                state = slot.state
                assert state is not None
                continue
            kind = self.kinds[state._cur]
            if kind in (_LEARNER, _OUTSIDE):
                return
            if kind == _PLAYOUT and state._phase == PLAY:
                action = playout_move(state, slot.dice)
            else:
                legal = state.legal_mask()
                action = _nth_bit(legal, slot.dice.below(legal.bit_count()))
            slot.actions.append(action)
            state.apply_action(action)

    def _kind_of(self, b: int) -> int:
        state = self.slots[b].state
        assert state is not None
        return self.kinds[state._cur]

    # ---------------------------------------------------------------- the methods

    def reset(self, seeds: Any) -> int:
        """See ``_fastvec.Table.reset``."""
        self.ended[:] = False
        self.rewards[:] = 0.0
        for b, slot in enumerate(self.slots):
            slot.stream = int(seeds[b])
            self._new_deal(slot, int(seeds[b]))
            self._advance(b)
        return sum(self._kind_of(b) == _OUTSIDE for b in range(self.batch))

    def _apply(self, slots: Any, actions: Any, kind: int) -> int:
        count = len(actions)
        for i in range(count):
            b = int(slots[i])
            if not 0 <= b < self.batch or self._kind_of(b) != kind:
                return -1 - count - i
            a = int(actions[i])
            state = self.slots[b].state
            assert state is not None
            if not 0 <= a < 64 or not state.legal_mask() >> a & 1:
                return -1 - i
        for i in range(count):
            b = int(slots[i])
            slot = self.slots[b]
            assert slot.state is not None
            slot.actions.append(int(actions[i]))
            slot.state.apply_action(int(actions[i]))
            self._advance(b)
        return sum(self._kind_of(b) == _OUTSIDE for b in range(self.batch))

    def step(self, actions: Any, rewards: Any, terminated: Any) -> int:
        """See ``_fastvec.Table.step``."""
        self.ended[:] = False
        self.rewards[:] = 0.0
        got = self._apply(range(self.batch), actions, _LEARNER)
        if got >= 0:
            rewards[:] = self.rewards
            terminated[:] = self.ended
        return got

    def act(self, slots: Any, actions: Any, rewards: Any, terminated: Any) -> int:
        """See ``_fastvec.Table.act``."""
        got = self._apply(slots, actions, _OUTSIDE)
        if got >= 0:
            rewards[:] = self.rewards
            terminated[:] = self.ended
        return got

    def pending(self, out: Any) -> int:
        """See ``_fastvec.Table.pending``."""
        waiting = [b for b in range(self.batch) if self._kind_of(b) == _OUTSIDE]
        out[: len(waiting)] = waiting
        return len(waiting)

    def current(self, out: Any) -> None:
        """See ``_fastvec.Table.current``."""
        for b, slot in enumerate(self.slots):
            assert slot.state is not None
            out[b] = slot.state._cur

    def masks(self, out: Any) -> None:
        """See ``_fastvec.Table.masks``."""
        out[:] = False
        for b, slot in enumerate(self.slots):
            assert slot.state is not None
            out[b, mask_to_list(slot.state.legal_mask())] = True

    def observe(self, obs: Any, mask: Any = None) -> None:
        """See ``_fastvec.Table.observe``."""
        for b, slot in enumerate(self.slots):
            state = slot.state
            assert state is not None
            state.observation_tensor(state._cur, out=obs[b])
        if mask is not None:
            self.masks(mask)

    def observe_seats(self, obs: Any, seats: Any, final: bool) -> None:
        """See ``_fastvec.Table.observe_seats``."""
        for b in range(self.batch):
            if final and not self.ended[b]:
                continue
            slot = self.finals[b] if final else self.slots[b]
            assert slot is not None and slot.state is not None
            slot.state.observation_tensor(int(seats[b]), out=obs[b])

    def sample(self, out: Any) -> None:
        """See ``_fastvec.Table.sample``."""
        for b, slot in enumerate(self.slots):
            assert slot.state is not None
            legal = slot.state.legal_mask()
            out[b] = _nth_bit(legal, self.sampler.below(legal.bit_count()))

    def record(self, b: int, final: bool) -> tuple[int, tuple[int, ...], bytes]:
        """See ``_fastvec.Table.record``."""
        if not 0 <= b < self.batch:
            raise IndexError(f"slot {b}: the batch has {self.batch}")
        slot = self.finals[b] if final else self.slots[b]
        if slot is None:
            return 0, (0,) * self.n, b""
        return slot.seed, slot.dealt, bytes(slot.actions)

    def seeds(self, out: Any) -> None:
        """See ``_fastvec.Table.seeds``."""
        for b, slot in enumerate(self.slots):
            out[b] = slot.seed
