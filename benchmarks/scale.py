"""Deals per second for one process, for all local cores, and on a local Ray cluster.

Each row plays the same ``--deals`` seeded deals through :func:`hoyle.arena.simulate` (the code
behind ``hoyle simulate``), with one agent (``--agents``, default ``random``) in every seat, on
three executors:

``1 process``
    every deal in this process (``--workers 1``).
``N processes``
    a pool of ``N`` local processes (``--workers N``, ``N`` = ``os.cpu_count()`` unless
    ``--workers`` says otherwise); the pool's start-up is part of the time, as it is for the
    command.
``Ray``
    a Ray cluster: by default one started here for the run (``ray.init`` with ``N`` CPUs), or
    the one at ``--ray ADDRESS``. Its start-up is *not* in the time (a study connects once and
    plays for hours), but is printed; a few warm-up deals start its workers first.

The table gives deals per second and each row's ratio to one process, for each game
(``--games``: one-deal Hearts and one hand of All Fours by default). The three rows must print
the same summary (a batch's games depend only on its data): the script checks it and says so.

Run: ``.venv/bin/python benchmarks/scale.py [--deals N] [--workers N] [--ray ADDRESS] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from dataclasses import asdict, dataclass
from typing import Any

from hoyle import arena, load
from hoyle.arena.executors import Executor, LocalExecutor, RayExecutor

DEFAULT_GAMES = ("hearts(deals=1)", "all-fours(deals=1)")


@dataclass
class Row:
    """One game on one executor."""

    game: str
    executor: str
    deals: int
    seconds: float
    deals_per_s: float
    ratio: float
    same_numbers: bool


def timed(game: str, agent: str, deals: int, executor: Executor) -> tuple[float, dict[str, Any]]:
    """Seconds to play ``deals`` deals on ``executor``, and the summary (less the timings)."""
    seats = [agent] * load(game).num_players
    start = time.perf_counter()
    result = arena.simulate(game, seats, deals, seed=0, executor=executor)
    seconds = time.perf_counter() - start
    summary = result.to_dict()
    for key in ("elapsed_s", "games_per_s", "workers", "executor"):
        summary.pop(key)
    return seconds, summary


def measure(args: argparse.Namespace) -> tuple[list[Row], float]:
    """Every row of the table, and the seconds Ray took to start (or connect)."""
    workers = args.workers or os.cpu_count() or 1
    start = time.perf_counter()
    ray = RayExecutor(args.ray or "local", num_cpus=None if args.ray else workers)
    ray_start = time.perf_counter() - start
    executors: list[tuple[str, Executor]] = [
        ("1 process", LocalExecutor(1)),
        (f"{workers} processes", LocalExecutor(workers)),
        (ray.description, ray),
    ]
    rows = []
    try:
        for game in args.games:
            timed(game, args.agents, 2 * ray.slots, ray)  # start Ray's workers, load the game
            base_seconds, base = timed(game, args.agents, args.deals, executors[0][1])
            for name, executor in executors:
                seconds, summary = (
                    (base_seconds, base)
                    if executor is executors[0][1]
                    else timed(game, args.agents, args.deals, executor)
                )
                rows.append(
                    Row(
                        game=game,
                        executor=name,
                        deals=args.deals,
                        seconds=seconds,
                        deals_per_s=args.deals / seconds,
                        ratio=base_seconds / seconds,
                        same_numbers=summary == base,
                    )
                )
    finally:
        ray.close()
    return rows, ray_start


def table(rows: list[Row], ray_start: float, agent: str) -> list[str]:
    """The rows side by side: one line per game, a column per executor."""
    names = list(dict.fromkeys(r.executor for r in rows))
    games = list(dict.fromkeys(r.game for r in rows))
    width = max(len(g) for g in games)
    cells = [max(len(n), 22) for n in names]
    lines = [
        f"{'game':<{width}}  " + "  ".join(f"{n:>{w}}" for n, w in zip(names, cells, strict=True))
    ]
    for game in games:
        row = {r.executor: r for r in rows if r.game == game}
        text = [f"{row[n].deals_per_s:9.1f} deals/s ×{row[n].ratio:4.2f}" for n in names]
        lines.append(
            f"{game:<{width}}  " + "  ".join(f"{t:>{w}}" for t, w in zip(text, cells, strict=True))
        )
    same = all(r.same_numbers for r in rows)
    lines += [
        "",
        f"{rows[0].deals} deals per cell, agent {agent} in every seat; ×: speed over 1 process.",
        f"Ray started (or connected) in {ray_start:.1f} s, not counted above.",
        f"Every executor printed the same numbers: {'yes' if same else 'NO'}.",
        f"Python {platform.python_version()}, {os.cpu_count()} cores, {platform.machine()}.",
    ]
    return lines


def main(argv: list[str] | None = None) -> int:
    """Measure and print the table (or JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000, help="deals per cell (2000)")
    parser.add_argument("--agents", default="random", help="the agent in every seat (random)")
    parser.add_argument("--games", nargs="+", default=list(DEFAULT_GAMES), help="game strings")
    parser.add_argument("--workers", type=int, help="local processes (default: every core)")
    parser.add_argument("--ray", metavar="ADDRESS", help="use this cluster, not a local one")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    rows, ray_start = measure(args)
    if args.json:
        print(json.dumps({"ray_start_s": ray_start, "rows": [asdict(r) for r in rows]}))
    else:
        print(*table(rows, ray_start, args.agents), sep="\n")
    return 0 if all(r.same_numbers for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
