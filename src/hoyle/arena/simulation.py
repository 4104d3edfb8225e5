"""``simulate()``: many games with a fixed agent per seat, summarised seat by seat.

Where a match (:mod:`hoyle.arena.matches`) compares agents by moving them round the table, a
simulation keeps every agent in its seat and reports each *seat*'s mean return with its 95%
interval over games, and its mean score: how a lineup fares, how much the seat is worth.

Game ``i`` is dealt from seed ``seed + i`` and played exactly as deal ``i``, rotation 0 of a
match with the same seed and lineup (same agent seeds, same chance draws), by the same batches
(:mod:`hoyle.arena.runner`): so it runs in worker processes or on a Ray cluster and streams its
games to a file just like a match, with the same numbers whatever it runs on.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from hoyle.arena.executors import BatchPlan, Executor, make_executor, stream
from hoyle.arena.matches import batch_target
from hoyle.arena.results import Failure, Interval
from hoyle.arena.seating import ArenaError
from hoyle.arena.stats import SeatTally
from hoyle.arena.study import Study
from hoyle.core.protocol import Game
from hoyle.core.registry import load, make_agent

__all__ = ["SimulationResult", "simulate"]


@dataclass(frozen=True)
class SimulationResult:
    """A simulation's summary, seat by seat.

    Attributes:
        game: the canonical game string.
        agents: the agent name in each seat.
        seed: game ``i`` was dealt from ``seed + i``.
        games: how many games were played.
        returns: per seat, the mean return with its 95% interval over games.
        scores: per seat, the mean of ``scores()``.
        elapsed_s: wall-clock seconds.
        workers: the processes (or Ray CPUs) it ran in.
        executor: where it ran, in words.
        failures: the games that could not be played, left out of every figure.
        study: where the study was recorded, if it was.
    """

    game: str
    agents: tuple[str, ...]
    seed: int
    games: int
    returns: tuple[Interval, ...]
    scores: tuple[float, ...]
    elapsed_s: float
    workers: int
    executor: str
    failures: tuple[Failure, ...] = ()
    study: dict[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready fields (what ``hoyle simulate --json`` prints)."""
        ci = [None if r.low is None or r.high is None else [r.low, r.high] for r in self.returns]
        return {
            "game": self.game,
            "games": self.games,
            "seed": self.seed,
            "agents": list(self.agents),
            "mean_returns": [r.mean for r in self.returns],
            "ci95": ci,
            "mean_scores": list(self.scores),
            "elapsed_s": self.elapsed_s,
            "games_per_s": self.games / self.elapsed_s if self.elapsed_s > 0 else None,
            "workers": self.workers,
            "executor": self.executor,
            "failed_games": sum(f.count for f in self.failures),
            "failures": [f.to_dict() for f in self.failures],
            **({"study": dict(self.study)} if self.study is not None else {}),
        }


def simulate(
    game: Game[Any] | str,
    agents: Sequence[str],
    games: int,
    *,
    seed: int = 0,
    workers: int = 1,
    ray: str | None = None,
    executor: Executor | None = None,
    study: Study | None = None,
    progress: bool | float = False,
    start_method: str | None = None,
    batch_seconds: float | None = None,
) -> SimulationResult:
    """Play ``games`` games of ``game`` with ``agents[s]`` in seat ``s``; summarise per seat.

    ``workers``, ``ray``, ``executor``, ``study``, ``progress`` and ``batch_seconds`` are as
    for :func:`hoyle.arena.match`; the numbers do not depend on where the games are played.

    >>> result = simulate("hearts(deals=1)", ["easy", "random", "random", "random"], 4)
    >>> result.games, len(result.returns)
    (4, 4)
    """
    loaded = load(game) if isinstance(game, str) else game
    seats = tuple(agents)
    if len(seats) != loaded.num_players:
        raise ArenaError(
            f"agents: {len(seats)} names for a game of {loaded.num_players} seats; "
            "give one per seat"
        )
    for name in set(seats):
        make_agent(name, loaded, 0)  # an unknown name fails here, listing the known ones
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ArenaError(f"games must be a whole number of at least 1, not {games!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ArenaError(f"seed must be a whole number, not {seed!r}")
    if study is not None and not (
        study.info.kind == "simulate"
        and (study.info.game, study.info.lineup) == (loaded.spec, seats)
        and (study.info.seed, study.info.deals) == (seed, games)
    ):
        raise ArenaError(f"this study is {study.info.describe()}, not this simulation")
    tally = SeatTally(len(seats))
    if study is not None:
        assert isinstance(study.start_tally, SeatTally)
        tally.merge(study.start_tally)
    failures: list[Failure] = []
    runner = executor or make_executor(workers, ray=ray, start_method=start_method)
    try:
        plan = BatchPlan(
            loaded.spec,
            ((0, seats),),
            seed,
            study.pending() if study is not None else [(0, games)],
            runner.slots,
            target=batch_seconds or batch_target(runner),
        )
        start = time.perf_counter()
        for outcome in stream(
            runner,
            plan,
            desc=loaded.spec,
            progress=progress,
            recorder=study,
            per_seat=True,
            unit="game",
            done=study.done_deals if study is not None else 0,
        ):
            assert isinstance(outcome.tally, SeatTally)
            tally.merge(outcome.tally)
            failures.extend(outcome.failed)
        elapsed = time.perf_counter() - start
    finally:
        if executor is None:
            runner.close()
    return SimulationResult(
        game=loaded.spec,
        agents=seats,
        seed=seed,
        games=games,
        returns=tuple(m.interval() for m in tally.returns),
        scores=tuple(m.mean() for m in tally.scores),
        elapsed_s=elapsed,
        workers=min(runner.slots, max(1, plan.batches)),
        executor=runner.description,
        failures=tuple(sorted(failures, key=lambda f: f.first)),
        study=study.where() if study is not None else None,
    )
