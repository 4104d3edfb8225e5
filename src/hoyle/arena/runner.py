"""Playing the games of a match: one batch of deals, every rotation of each, in one process.

Everything a worker process needs travels as plain data — the game string, the lineups, the
seeds — so a batch pickles under any start method (``spawn`` included) and a worker loads the
game and makes its agents by name through the registry itself. A batch's results depend only on
that data, never on which process played it: that is why ``workers=K`` gives the same numbers
as ``workers=1``.

Seeds: deal ``i`` of a match with seed ``S`` is dealt from ``S + i`` (as in ``hoyle simulate``,
so ``hoyle play GAME --seed S+i`` replays its cards). Each agent is made fresh for each game
with a seed derived from (``S``, deal, rotation, seat). Should a game still reach a chance node,
chance is drawn from a generator seeded by (``S``, deal) alone, so every rotation of a deal
sees the same chance outcomes.
"""

from __future__ import annotations

import functools
import random
import time
import traceback
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hoyle.arena.results import Failure, GameResult
from hoyle.arena.seating import agent_order
from hoyle.arena.stats import SeatTally, Tally
from hoyle.core.protocol import Game, State
from hoyle.core.registry import Agent, load, make_agent

__all__ = [
    "Batch",
    "BatchOutcome",
    "Failure",
    "agent_seed",
    "describe_error",
    "empty_tally",
    "play_batch",
    "play_game",
    "play_tallied",
]


def agent_seed(match_seed: int, *parts: int) -> int:
    """A 63-bit seed fixed by the match seed and the parts (deal, rotation, seat …).

    >>> agent_seed(0, 1, 2, 3) == agent_seed(0, 1, 2, 3) != agent_seed(0, 1, 2, 4)
    True
    """
    key = ":".join(str(p) for p in ("arena", match_seed, *parts))
    return random.Random(key).getrandbits(63)


@dataclass(frozen=True)
class Batch:
    """Deals ``first`` … ``first + count - 1`` of a match, each played in every lineup given.

    Attributes:
        game: the canonical game string.
        lineups: the seatings to play, as (rotation number, agent per seat).
        seed: the match seed.
        first: the first deal's number.
        count: how many deals.
        rotate_by_deal: play deal ``i`` only in lineup ``i % len(lineups)`` (a match that is
            not duplicate) rather than in all of them.
    """

    game: str
    lineups: tuple[tuple[int, tuple[str, ...]], ...]
    seed: int
    first: int
    count: int
    rotate_by_deal: bool = False


@functools.lru_cache(maxsize=8)
def _game(spec: str) -> Game[Any]:
    return load(spec)


def play_batch(batch: Batch) -> list[GameResult]:
    """Play every game of ``batch``, ordered by deal then rotation."""
    game = _game(batch.game)
    results = []
    for deal in range(batch.first, batch.first + batch.count):
        lineups = batch.lineups
        if batch.rotate_by_deal:
            lineups = (lineups[deal % len(lineups)],)
        for rotation, seats in lineups:
            results.append(play_game(game, seats, batch.seed, deal, rotation))
    return results


@dataclass(frozen=True)
class BatchOutcome:
    """A batch played where it was sent: its tally, and its games if they are wanted.

    Attributes:
        games: the games, ordered by deal then rotation; empty when not asked for.
        tally: a :class:`~hoyle.arena.stats.Tally` over the lineup's agents (a match) or a
            :class:`~hoyle.arena.stats.SeatTally` (a simulation), exact, so the caller merges
            the batches' tallies in any order.
        failed: the deals that raised an error, each left out of ``games`` and ``tally``.
        seconds: the time the batch took where it was played (what sizes the next batches).
        lost: the batch could not be played at all (its process died each time); ``failed``
            says why, and ``tally`` is empty.
    """

    games: list[GameResult]
    tally: Tally | SeatTally
    failed: tuple[Failure, ...] = ()
    seconds: float = 0.0
    lost: bool = False


def describe_error(exc: BaseException) -> str:
    """An error in one line, with where it was raised: ``"ValueError: bad (agents.py:12)"``."""
    text = f"{type(exc).__name__}: {exc}".strip().rstrip(":")
    frames = traceback.extract_tb(exc.__traceback__)
    if frames:
        last = frames[-1]
        text += f" ({Path(last.filename).name}:{last.lineno})"
    return " ".join(text.split())[:500]


def empty_tally(lineup: Sequence[str], per_seat: bool) -> Tally | SeatTally:
    """A tally with nothing in it for ``lineup``: per seat (a simulation) or per agent (a
    match)."""
    return SeatTally(len(lineup)) if per_seat else Tally(agent_order(lineup))


def play_tallied(batch: Batch, keep_games: bool, per_seat: bool) -> BatchOutcome:
    """Play ``batch`` and tally it here, so that the caller only merges small sums.

    ``per_seat`` tallies each seat (a simulation) rather than each agent over the deals (a
    match). Games travel back only when ``keep_games`` (to be written to a file, or kept).
    A deal that raises an error (an agent's bug, say) is reported in ``failed`` with the error
    and left out; the other deals of the batch count as usual, so one bad deal of a long study
    costs that deal, not the study.
    """
    start = time.perf_counter()
    game = _game(batch.game)
    tally = empty_tally(batch.lineups[0][1], per_seat)
    kept: list[GameResult] = []
    failed: list[Failure] = []
    for deal in range(batch.first, batch.first + batch.count):
        lineups = batch.lineups
        if batch.rotate_by_deal:
            lineups = (lineups[deal % len(lineups)],)
        try:
            games = [
                play_game(game, seats, batch.seed, deal, rotation) for rotation, seats in lineups
            ]
        except Exception as exc:  # recorded with the deal; the study goes on
            failed.append(Failure(deal, 1, describe_error(exc)))
            continue
        tally.add_games(games)
        if keep_games:
            kept.extend(games)
    return BatchOutcome(kept, tally, tuple(failed), time.perf_counter() - start)


def play_game(
    game: Game[Any], seats: Sequence[str], match_seed: int, deal: int, rotation: int
) -> GameResult:
    """One game of deal ``deal`` with ``seats[s]`` playing seat ``s``, timed per seat."""
    seed = match_seed + deal
    agents: list[Agent] = [
        make_agent(name, game, agent_seed(match_seed, deal, rotation, seat))
        for seat, name in enumerate(seats)
    ]
    chance = random.Random(agent_seed(match_seed, deal, -1))
    moves = [0] * len(seats)
    think = [0.0] * len(seats)
    state: State = game.new_initial_state(seed=seed)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            weights = [p for _, p in outcomes]
            state.apply_action(chance.choices([a for a, _ in outcomes], weights)[0])
            continue
        player = state.current_player()
        start = time.perf_counter()
        action = agents[player].step(state)
        think[player] += time.perf_counter() - start
        moves[player] += 1
        state.apply_action(action)
    return GameResult(
        deal=deal,
        seed=seed,
        rotation=rotation,
        seats=tuple(seats),
        returns=tuple(float(r) for r in state.returns()),
        scores=tuple(float(s) for s in state.scores()),
        moves=tuple(moves),
        think_s=tuple(think),
    )
