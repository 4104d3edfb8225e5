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

import concurrent.futures
import multiprocessing
import sys
import time
from collections.abc import Iterator, Sequence
from typing import Any

from hoyle.arena.results import GameResult, MatchResult
from hoyle.arena.runner import Batch, play_batch
from hoyle.arena.seating import ArenaError, agent_order, lineup, rotations
from hoyle.arena.stats import agent_summaries, pair_summaries
from hoyle.core.protocol import Game
from hoyle.core.registry import load, make_agent, split_agents

__all__ = ["check", "match"]


def match(
    game: Game[Any] | str,
    agents: Sequence[str] | str,
    deals: int,
    *,
    duplicate: bool = True,
    workers: int = 1,
    seed: int = 0,
    progress: bool = False,
    start_method: str | None = None,
) -> MatchResult:
    """Play ``deals`` deals of ``game`` between ``agents`` and return every game and summary.

    Args:
        game: a game, or a game string such as ``"hearts(deals=1)"``.
        agents: agent names (or one comma-separated string), cycled round the table.
        deals: how many seeded deals to play (deal ``i`` from seed ``seed + i``).
        duplicate: play each deal in every distinct seat rotation.
        workers: processes to play in; the results do not depend on it.
        seed: the match seed; the same seed replays the same match.
        progress: show a progress bar on stderr.
        start_method: the ``multiprocessing`` start method for workers (default: the
            platform's); ``"spawn"`` works as well, since workers get names, not objects.

    >>> result = match("hearts(deals=1)", ["easy", "random"], deals=2)
    >>> [(g.deal, g.rotation, g.seats) for g in result.games][:2]
    [(0, 0, ('easy', 'random', 'easy', 'random')), (0, 1, ('random', 'easy', 'random', 'easy'))]
    """
    loaded, seats = check(game, agents, deals, workers=workers, start_method=start_method)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ArenaError(f"seed must be a whole number, not {seed!r}")
    spec = loaded.spec
    lineups = tuple(enumerate(rotations(seats)))
    batches = _batches(spec, lineups, seed, deals, workers, rotate_by_deal=not duplicate)
    start = time.perf_counter()
    games: list[GameResult] = []
    from tqdm import tqdm  # a base dependency; imported here to keep the package light

    with tqdm(total=deals, desc=spec, unit="deal", file=sys.stderr, disable=not progress) as bar:
        for batch, played in _play(batches, workers, start_method):
            games.extend(played)
            bar.update(batch.count)
    elapsed = time.perf_counter() - start
    games.sort(key=lambda g: (g.deal, g.rotation))
    order = agent_order(seats)
    return MatchResult(
        game=spec,
        lineup=seats,
        seed=seed,
        deals=deals,
        duplicate=duplicate,
        rotations=len(lineups) if duplicate else 1,
        games=tuple(games),
        agents=tuple(agent_summaries(games, order)),
        pairs=tuple(pair_summaries(games, order)),
        elapsed_s=elapsed,
        workers=min(workers, len(batches)),
    )


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


def _batches(
    spec: str,
    lineups: tuple[tuple[int, tuple[str, ...]], ...],
    seed: int,
    deals: int,
    workers: int,
    *,
    rotate_by_deal: bool,
) -> list[Batch]:
    # One deal per batch in one process keeps the bar live; with workers, about 16 batches
    # each keep them busy to the end without paying a round trip for every quick deal.
    size = 1 if workers == 1 else max(1, deals // (workers * 16))
    return [
        Batch(spec, lineups, seed, first, min(size, deals - first), rotate_by_deal)
        for first in range(0, deals, size)
    ]


def _play(
    batches: list[Batch], workers: int, start_method: str | None
) -> Iterator[tuple[Batch, list[GameResult]]]:
    """Each batch with its games, as they finish (in order when ``workers`` is 1)."""
    if workers == 1 or len(batches) == 1:
        for batch in batches:
            yield batch, play_batch(batch)
        return
    context = multiprocessing.get_context(start_method)
    with concurrent.futures.ProcessPoolExecutor(
        max_workers=min(workers, len(batches)), mp_context=context
    ) as pool:
        futures = {pool.submit(play_batch, batch): batch for batch in batches}
        try:
            for future in concurrent.futures.as_completed(futures):
                yield futures[future], future.result()
        finally:
            # On an error (or Ctrl-C) do not wait for the deals nobody will read.
            for future in futures:
                future.cancel()
