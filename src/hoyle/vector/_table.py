"""``VectorTable``: a batch of one-deal Hearts games stepped together (see :mod:`hoyle.vector`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

import hoyle
from hoyle.core.compiled import load_compiled
from hoyle.core.errors import IllegalActionError
from hoyle.core.protocol import Game
from hoyle.core.registry import Agent, make_agent
from hoyle.games.hearts.state import TOKENS, HeartsGame, HeartsState, mask_to_list
from hoyle.vector._dice import Dice
from hoyle.vector._python import ACTIONS, PythonTable, deal_state
from hoyle.vector._rules import _LEARNER, _OUTSIDE, check_game, compiled_config, seat_kind

__all__ = ["DealRecord", "VectorTable", "compiled_available"]

# Built where a C compiler was found, and not turned off (HOYLE_COMPILED=0): else the Python
# table steps HeartsState objects with the same dice and the same results, more slowly.
_compiled: Any = load_compiled("hoyle.games.hearts._fastvec")

Opponent = str | Agent


def compiled_available() -> bool:
    """Whether the compiled table (``hoyle.games.hearts._fastvec``) is built and allowed."""
    return _compiled is not None


class DealRecord(NamedTuple):
    """One deal of a table, enough to replay it on a :class:`HeartsState`:
    ``game.deal_state(hands)`` and then each of ``actions`` (passes and plays) in turn."""

    seed: int
    """The seed the deal was shuffled from (the slot's ``reset`` seed for its first deal)."""
    hands: tuple[str, ...]
    """Each seat's hand as dealt, as card tokens (``"2C 7D QS …"``)."""
    actions: tuple[int, ...]
    """The passes and plays so far, in order (card ids, as ``state.apply_action`` takes)."""


class VectorTable:
    """``batch`` one-deal Hearts games stepped together, for reinforcement learning.

    ``learners`` are the seats whose moves ``step`` takes (every seat when ``opponents`` is
    ``None``); the table plays the others: ``"random"`` (uniform over the legal moves) and
    ``"playout"`` (the playout policy of search) in compiled code, any other agent name
    (``"easy"`` …) or :class:`~hoyle.core.registry.Agent` through Python agents stepping a
    :class:`HeartsState` mirrored from the deal (the slow path: the agent's own cost, plus a
    replay of the deal). ``opponents`` is one entry for every other seat or a list with one
    per other seat in seat order.

    After :meth:`reset` and after each :meth:`step`, every slot holds a deal whose seat to act
    (:attr:`current_player`) is a learner's. A deal that ends in a step is scored
    (:attr:`rewards`, :attr:`terminated`) and the slot deals its next deal at once, from the
    next seed of the slot's stream (Gymnasium's same-step autoreset): the observation written
    after that step is the new deal's. :meth:`observe_final` writes the finished deal's.

    ``seed`` seeds the default ``reset`` seeds, :meth:`sample_actions` and the Python agents.
    ``backend`` is ``"auto"`` (compiled where built), ``"compiled"`` or ``"python"``.
    """

    def __init__(
        self,
        game: str | Game[Any] = "hearts(deals=1)",
        batch: int = 64,
        *,
        learners: Sequence[int] | None = None,
        opponents: Opponent | Sequence[Opponent] | None = None,
        seed: int = 0,
        backend: str = "auto",
    ) -> None:
        loaded = hoyle.load(game) if isinstance(game, str) else game
        self.game: HeartsGame = check_game(loaded)
        if batch < 1:
            raise ValueError(f"batch: at least 1 deal, not {batch}")
        n = self.game.n
        self.batch = batch
        self.players = n
        if opponents is None:
            seats = tuple(range(n)) if learners is None else tuple(learners)
            if seats != tuple(range(n)):
                raise ValueError("learners: without opponents every seat is a learner's")
            entries: dict[int, Opponent] = {}
        else:
            seats = (0,) if learners is None else tuple(sorted(set(learners)))
            if not seats or any(not 0 <= s < n for s in seats):
                raise ValueError(f"learners: seats 0…{n - 1}, at least one, not {learners}")
            others = [s for s in range(n) if s not in seats]
            # A list (or tuple) gives one entry a seat; anything else (a name, an agent) all.
            given: list[Opponent] = (
                list(opponents)
                if isinstance(opponents, list | tuple)
                else [opponents] * len(others)  # type: ignore[list-item]
            )
            if len(given) != len(others):
                raise ValueError(
                    f"opponents: one entry, or one for each of the {len(others)} other seats"
                )
            entries = dict(zip(others, given, strict=True))
        self.learners = seats
        kinds = [_LEARNER] * n
        self._agents: dict[int, Agent] = {}
        dice = Dice(seed ^ 0x5EED)
        for s, entry in entries.items():
            kinds[s] = seat_kind(entry)
            if kinds[s] == _OUTSIDE:
                self._agents[s] = (
                    make_agent(entry, self.game, dice.next() >> 1)
                    if isinstance(entry, str)
                    else entry
                )
        self.opponents = entries
        self._seed = seed
        config = compiled_config(self.game, batch, kinds, Dice(seed).next())
        if backend == "auto":
            backend = "compiled" if _compiled is not None else "python"
        if backend == "compiled":
            if _compiled is None:
                raise RuntimeError(
                    "the compiled table (hoyle.games.hearts._fastvec) is not built or is "
                    "turned off (HOYLE_COMPILED=0); use backend='python' or 'auto'"
                )
            self._t: Any = _compiled.Table(config)
        elif backend == "python":
            self._t = PythonTable(self.game, config)
        else:
            raise ValueError(f"backend: 'auto', 'compiled' or 'python', not {backend!r}")
        self.backend = backend
        self.obs_size: int = config["layout"][0]
        """Length of an observation vector: ``encoder(game).size``."""
        self.num_actions = ACTIONS
        """Width of a legal mask: ``game.num_distinct_actions``."""
        self.current_player = np.zeros(batch, dtype=np.int32)
        """Each slot's seat to act (always a learner's), updated by reset and step."""
        self.rewards = np.zeros((batch, n), dtype=np.float32)
        """After a step: each seat's ``returns()`` for the slots whose deal ended in it
        (minus its penalty points), 0 elsewhere. Overwritten by the next step."""
        self.terminated = np.zeros(batch, dtype=np.bool_)
        """After a step: the slots whose deal ended in it (and were dealt anew)."""
        self._pending = np.zeros(batch, dtype=np.int64)
        self._mirrors: dict[int, tuple[int, tuple[int, ...], HeartsState, int]] = {}
        self._ready = False

    # ------------------------------------------------------------------ stepping

    def reset(self, seeds: int | Sequence[int] | npt.NDArray[Any] | None = None) -> None:
        """Deal a new deal in every slot: slot ``b`` from ``seeds[b]`` (its later deals from
        a stream that number seeds). An int seeds a stream of ``batch`` seeds; ``None`` uses
        the table's ``seed``. Then the table's seats play up to a learner's turn."""
        if seeds is None:
            seeds = self._seed
        if isinstance(seeds, int | np.integer):
            dice = Dice(int(seeds))
            array = np.array([dice.next() for _ in range(self.batch)], dtype=np.uint64)
        else:
            array = np.array([int(s) & (2**64 - 1) for s in seeds], dtype=np.uint64)
            if array.shape != (self.batch,):
                raise ValueError(f"seeds: one a deal, {self.batch}, not {len(array)}")
        self.rewards[:] = 0.0
        self.terminated[:] = False
        self._mirrors.clear()
        if self._t.reset(array):
            self._play_agents()
        self._t.current(self.current_player)
        self._ready = True

    def step(
        self, actions: Sequence[int] | npt.NDArray[Any]
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_]]:
        """Play ``actions[b]`` for slot ``b``'s seat to act; the table's seats play on to a
        learner's turn; deals that end are scored and dealt anew. Returns :attr:`rewards` and
        :attr:`terminated` (the table's arrays, overwritten by the next step). An illegal
        action raises :class:`~hoyle.core.errors.IllegalActionError` and changes nothing."""
        if not self._ready:
            raise RuntimeError("call reset() before step()")
        moves = np.ascontiguousarray(actions, dtype=np.int64)
        if moves.shape != (self.batch,):
            raise ValueError(f"actions: one a deal, shape ({self.batch},), not {moves.shape}")
        got = self._t.step(moves, self.rewards, self.terminated)
        if got < 0:
            raise IllegalActionError(self._why(-1 - got, moves))
        if got:
            self._play_agents()
        self._t.current(self.current_player)
        return self.rewards, self.terminated

    def _why(self, b: int, moves: npt.NDArray[np.int64]) -> str:
        state = self.mirror(b)
        legal = " ".join(state.action_to_string(a) for a in state.legal_actions())
        return (
            f"slot {b}: action {int(moves[b])} is not legal for seat {state.current_player()}; "
            f"legal: {legal}"
        )

    def _play_agents(self) -> None:
        """The slow path: Python agents move on HeartsStates mirrored from the deals."""
        while True:
            count = self._t.pending(self._pending)
            if not count:
                return
            slots = self._pending[:count].copy()
            moves = np.empty(count, dtype=np.int64)
            for i, b in enumerate(slots):
                state = self._live_mirror(int(b))
                moves[i] = self._agents[state.current_player()].step(state)
            got = self._t.act(slots, moves, self.rewards, self.terminated)
            if got < 0:
                b = int(slots[(-1 - got) % count])
                raise IllegalActionError(f"slot {b}: an agent's move {moves} is not legal")

    def _live_mirror(self, b: int) -> HeartsState:
        """Slot ``b``'s deal as a HeartsState, kept between calls and brought up to date."""
        seed, hands, actions = self._t.record(b, False)
        kept = self._mirrors.get(b)
        if kept is None or kept[0] != seed or kept[1] != hands or kept[3] > len(actions):
            kept = (seed, hands, deal_state(self.game, hands), 0)
        state, done = kept[2], kept[3]
        for a in actions[done:]:
            state.apply_action(a)
        self._mirrors[b] = (seed, hands, state, len(actions))
        return state

    # ------------------------------------------------------------------ observing

    def new_buffers(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_]]:
        """Zeroed buffers for :meth:`observe`: float32 ``[batch, obs_size]`` and bool
        ``[batch, num_actions]``."""
        return (
            np.zeros((self.batch, self.obs_size), dtype=np.float32),
            np.zeros((self.batch, self.num_actions), dtype=np.bool_),
        )

    def observe(
        self, obs: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_] | None = None
    ) -> None:
        """Write each slot's seat to act's observation into ``obs[b]`` (exactly
        ``state.observation_tensor(seat)``) and, given ``mask``, its legal actions into
        ``mask[b]``. Both are the caller's C-contiguous arrays (:meth:`new_buffers`)."""
        self._check(obs, np.float32, self.obs_size, "obs")
        if mask is not None:
            self._check(mask, np.bool_, self.num_actions, "mask")
        self._t.observe(obs, mask)

    def legal_mask(self, out: npt.NDArray[np.bool_] | None = None) -> npt.NDArray[np.bool_]:
        """Each slot's legal actions, bool ``[batch, num_actions]`` (into ``out`` if given)."""
        if out is None:
            out = np.zeros((self.batch, self.num_actions), dtype=np.bool_)
        self._check(out, np.bool_, self.num_actions, "out")
        self._t.masks(out)
        return out

    def observe_seat(self, obs: npt.NDArray[np.float32], seat: int | Sequence[int]) -> None:
        """Write seat ``seat``'s (or ``seat[b]``'s) observation of each slot's deal under
        way, whoever is to act."""
        self._check(obs, np.float32, self.obs_size, "obs")
        self._t.observe_seats(obs, self._seats(seat), False)

    def observe_final(self, obs: npt.NDArray[np.float32], seat: int | Sequence[int]) -> None:
        """For the slots that :attr:`terminated` in the last step, write seat ``seat``'s (or
        ``seat[b]``'s) observation of the deal that ended (its end: every trick taken, the
        deal's score); the other rows are left as they are."""
        self._check(obs, np.float32, self.obs_size, "obs")
        self._t.observe_seats(obs, self._seats(seat), True)

    def _seats(self, seat: int | Sequence[int]) -> npt.NDArray[np.int32]:
        if isinstance(seat, int | np.integer):
            return np.full(self.batch, int(seat), dtype=np.int32)
        return np.ascontiguousarray(seat, dtype=np.int32)

    def _check(self, buf: Any, dtype: Any, width: int, name: str) -> None:
        if (
            not isinstance(buf, np.ndarray)
            or buf.dtype != dtype
            or buf.shape != (self.batch, width)
            or not buf.flags.c_contiguous
        ):
            raise ValueError(
                f"{name}: a C-contiguous {np.dtype(dtype).name} array of shape "
                f"({self.batch}, {width}) is needed"
            )

    # ------------------------------------------------------------------ helpers

    def sample_actions(self, out: npt.NDArray[np.int64] | None = None) -> npt.NDArray[np.int64]:
        """A uniformly random legal action for each slot's seat to act (the table's own
        dice, seeded by ``seed``): random play without a round trip through numpy."""
        if out is None:
            out = np.empty(self.batch, dtype=np.int64)
        self._t.sample(out)
        return out

    def deal_seeds(self) -> npt.NDArray[np.uint64]:
        """Each slot's deal under way's seed."""
        out = np.zeros(self.batch, dtype=np.uint64)
        self._t.seeds(out)
        return out

    def deal_record(self, b: int, final: bool = False) -> DealRecord:
        """Slot ``b``'s deal under way (``final``: the last one that ended), as a
        :class:`DealRecord`."""
        seed, hands, actions = self._t.record(b, final)
        tokens = tuple(" ".join(TOKENS[c] for c in mask_to_list(h)) for h in hands)
        return DealRecord(int(seed), tokens, tuple(actions))

    def mirror(self, b: int, final: bool = False) -> HeartsState:
        """Slot ``b``'s deal (``final``: the last one that ended) as a new
        :class:`HeartsState`, replayed from its :meth:`deal_record`."""
        _, hands, actions = self._t.record(b, final)
        if not any(hands):
            raise ValueError(f"slot {b} has no finished deal yet")
        state = deal_state(self.game, hands)
        for a in actions:
            state.apply_action(a)
        return state
