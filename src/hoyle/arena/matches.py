"""``match()``: play a set of deals between agents and summarise them.

A *deal* is one game started from ``game.new_initial_state(seed=S + i)``; the game string says
what a game is (``hearts(deals=1)`` is one deal of Hearts, ``hearts`` a match to 100). In a
duplicate match each deal is played once per distinct seat rotation (see
:mod:`hoyle.arena.seating`), so every agent holds every seat on the same cards. Otherwise deal
``i`` is played once, in rotation ``i`` modulo the number of rotations, so seats still even out
over the match.

Everything is checked before the first game: the game, the agent names (an unknown one is
reported with the names that exist), the number of deals and of workers.
"""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Sequence
from typing import Any

from hoyle.arena.executors import (
    LOCAL_TARGET_SECONDS,
    TARGET_SECONDS,
    BatchPlan,
    Executor,
    LocalExecutor,
    make_executor,
    stream,
)
from hoyle.arena.results import Failure, GameResult, MatchResult
from hoyle.arena.seating import ArenaError, agent_order, lineup, rotations
from hoyle.arena.stats import Tally
from hoyle.arena.study import Study
from hoyle.core.protocol import Game
from hoyle.core.registry import load, make_agent, split_agents

__all__ = ["batch_target", "check", "match", "one_deal"]


def match(
    game: Game[Any] | str,
    agents: Sequence[str] | str,
    deals: int,
    *,
    duplicate: bool = True,
    workers: int = 1,
    seed: int = 0,
    progress: bool | float = False,
    start_method: str | None = None,
    ray: str | None = None,
    executor: Executor | None = None,
    study: Study | None = None,
    keep_games: bool = True,
    batch_seconds: float | None = None,
) -> MatchResult:
    """Play ``deals`` deals of ``game`` between ``agents`` and return every game and summary.

    Args:
        game: a game, or a game string such as ``"hearts(deals=1)"``.
        agents: agent names (or one comma-separated string), cycled round the table.
        deals: how many seeded deals to play (deal ``i`` from seed ``seed + i``).
        duplicate: play each deal in every distinct seat rotation.
        workers: processes to play in; the results do not depend on it.
        seed: the match seed; the same seed replays the same match.
        progress: show a progress bar on stderr (True), or a line every that many seconds
            (a number: for a log).
        start_method: the ``multiprocessing`` start method for workers (default: the
            platform's); ``"spawn"`` works as well, since workers get names, not objects.
        ray: play on a Ray cluster at this address instead (``"local"``, ``"auto"``,
            ``"HOST:PORT"``; see :class:`~hoyle.arena.executors.RayExecutor`).
        executor: play on this executor (left open) instead of making one.
        study: record every finished batch in this study (:class:`~hoyle.arena.study.Study`,
            made for these settings), and play only the deals it still lacks; the caller
            finishes or stops it. The result covers the whole study.
        keep_games: keep every game in ``result.games``; without it the summaries are
            still exact, but a long study uses no memory per game. (A resumed study's
            earlier games are in its store, not here.)
        batch_seconds: how long a batch should take (default: a minute in worker processes
            or on Ray, a few seconds in this process; see
            :class:`~hoyle.arena.executors.BatchPlan`).

    >>> result = match("hearts(deals=1)", ["easy", "random"], deals=2)
    >>> [(g.deal, g.rotation, g.seats) for g in result.games][:2]
    [(0, 0, ('easy', 'random', 'easy', 'random')), (0, 1, ('random', 'easy', 'random', 'easy'))]
    """
    loaded, seats = check(game, agents, deals, workers=workers, start_method=start_method)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ArenaError(f"seed must be a whole number, not {seed!r}")
    spec = loaded.spec
    lineups = tuple(enumerate(rotations(seats)))
    order = agent_order(seats)
    if study is not None and not (
        study.info.kind == "match"
        and (study.info.game, study.info.lineup) == (spec, seats)
        and (study.info.seed, study.info.deals, study.info.duplicate) == (seed, deals, duplicate)
    ):
        raise ArenaError(f"this study is {study.info.describe()}, not this match")
    runner = executor or make_executor(workers, ray=ray, start_method=start_method)
    try:
        plan = BatchPlan(
            spec,
            lineups,
            seed,
            study.pending() if study is not None else [(0, deals)],
            runner.slots,
            target=batch_seconds or batch_target(runner),
            rotate_by_deal=not duplicate,
        )
        tally = Tally(order)
        if study is not None:
            assert isinstance(study.start_tally, Tally)
            tally.merge(study.start_tally)
        failures: list[Failure] = []
        games: list[GameResult] = []
        start = time.perf_counter()
        for outcome in stream(
            runner,
            plan,
            desc=spec,
            progress=progress,
            recorder=study,
            keep_games=keep_games,
            status=lambda: running_difference(tally),
            done=study.done_deals if study is not None else 0,
        ):
            assert isinstance(outcome.tally, Tally)
            tally.merge(outcome.tally)
            failures.extend(outcome.failed)
            if keep_games:
                games.extend(outcome.games)
        elapsed = time.perf_counter() - start
    finally:
        if executor is None:
            runner.close()
    games.sort(key=lambda g: (g.deal, g.rotation))
    failures.sort(key=lambda f: f.first)
    return MatchResult(
        game=spec,
        lineup=seats,
        seed=seed,
        deals=deals,
        duplicate=duplicate,
        rotations=len(lineups) if duplicate else 1,
        games=tuple(games),
        agents=tuple(tally.agents()),
        pairs=tuple(tally.pairs()),
        elapsed_s=elapsed,
        workers=min(runner.slots, max(1, plan.batches)),
        played=tally.games,
        executor=runner.description,
        unit="deal" if one_deal(loaded) else "game",
        failures=tuple(failures),
        study=study.where() if study is not None else None,
    )


def batch_target(executor: Executor) -> float:
    """Seconds a batch should take on ``executor``: a few in this process, else a minute."""
    if isinstance(executor, LocalExecutor) and executor.workers == 1:
        return LOCAL_TARGET_SECONDS
    return TARGET_SECONDS


def one_deal(game: Game[Any]) -> bool:
    """Whether a game of ``game`` is one deal (``hearts(deals=1)``) rather than a match of
    several (``hearts``, played to 100)."""
    return getattr(game.rules, "deals", 1) == 1


def running_difference(tally: Tally) -> str:
    """The first pair's difference so far, for the progress bar: ``"A−B +0.31 ±0.40"``."""
    pairs = tally.pairs()
    if not pairs:
        return ""
    first = pairs[0]
    diff = first.difference
    spread = f" ±{diff.half_width:.2f}" if diff.half_width is not None else ""
    return f"{first.first}−{first.second} {diff.mean:+.2f}{spread}"


def check(
    game: Game[Any] | str,
    agents: Sequence[str] | str,
    deals: int,
    *,
    workers: int = 1,
    start_method: str | None = None,
) -> tuple[Game[Any], tuple[str, ...]]:
    """Check a match's arguments as :func:`match` does; return the game and the lineup.

    Raises a :class:`~hoyle.HoyleError` (a ``ValueError``) that says what is wrong: an unknown
    game or agent (with the names that exist), a bad number of deals or workers.
    """
    loaded = load(game) if isinstance(game, str) else game
    if load(loaded.spec) != loaded:
        raise ArenaError(f"the game {loaded.spec!r} does not load back as the same game")
    names = split_agents(agents) if isinstance(agents, str) else list(agents)
    seats = lineup(names, loaded.num_players)
    for name in agent_order(seats):
        make_agent(name, loaded, 0)  # an unknown name fails here, listing the known ones
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
        raise ArenaError(f"deals must be a whole number of at least 1, not {deals!r}")
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ArenaError(f"workers must be a whole number of at least 1, not {workers!r}")
    if start_method is not None and start_method not in multiprocessing.get_all_start_methods():
        methods = ", ".join(multiprocessing.get_all_start_methods())
        raise ArenaError(f"unknown start method {start_method!r}; this platform has {methods}")
    return loaded, seats
