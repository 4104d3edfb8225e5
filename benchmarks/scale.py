"""Deals per second of one match on one and two workers, in local processes and on Ray.

The same seeded match (``--game``, ``--agents``, ``--deals``; duplicate by default) is played
through :func:`hoyle.arena.match` on four executors:

``process, 1 worker``
    ``LocalExecutor(1)``: every batch in this process.
``processes, 2 workers``
    ``LocalExecutor(2)``: a pool of two processes (``--workers`` for another count). The pool
    lives only while a match runs, so its start-up is in the time, as it is for ``hoyle match``.
``Ray, 1 CPU`` and ``Ray, 2 CPUs``
    ``RayExecutor("local", num_cpus=N)``: a Ray instance on this machine with that many CPUs,
    started afresh for each run and shut down after it. Ray's start-up is *not* in the time (a
    study starts it once and plays for hours); it is printed on stderr.
``Ray at ADDRESS`` (with ``--ray ADDRESS``)
    ``RayExecutor(ADDRESS)``: an existing cluster, every CPU it has, joined afresh for each run
    (the joining is not timed); its ratio to one plain process is printed too.

Each run is timed by the match itself (``MatchResult.elapsed_s``: from the first batch to the
last), after a warm-up match of a few deals on the same executor (imports, Ray's workers).
Batches are sized by time as in any match (``BatchPlan``; ``--batch-seconds`` to change the
target); the table says how many there were and the largest. Every row is played ``--repeats``
times, the rows in a rotated order each round so that the machine's drift falls on all of them
alike, and the table gives the medians. Then the ratios: Ray on one CPU over one plain process
(the target: at least 0.90, i.e. Ray's per-task cost is lost in time-sized batches), and two
workers over one, locally and on Ray.

The arena keeps exact sums, so every run on every executor must give the same summaries (each
agent's mean return, win rate and score, each pair's difference, the games played, no failed
deals): the script checks it, says so, and exits with status 1 if not.

Run: ``.venv/bin/python benchmarks/scale.py [--deals N] [--repeats N] [--quick] [--json]``
(needs ``pip install 'hoyle[ray]'``; about 5 minutes with the defaults on 2 cores, a minute
with ``--quick``).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, TypeVar

from hoyle import arena
from hoyle.arena.executors import Executor, LocalExecutor, Lost, RayExecutor
from hoyle.arena.matches import batch_target
from hoyle.arena.results import MatchResult
from hoyle.arena.runner import Batch
from hoyle.arena.seating import ArenaError

_T = TypeVar("_T")

DEFAULT_DEALS = 12_000
"""About 30 s a run on one worker for ``hearts(deals=1)``, ``easy,random``, duplicate (2.6 ms a
deal of two games on the 2-core development machine): long enough that the first batches of
one deal, and Ray's round trips, are a small part of the time."""

QUICK_DEALS, QUICK_REPEATS = 2_000, 1
"""``--quick``: a smoke run of about a minute, Ray's start-ups included."""

WARM_UP_DEALS_PER_SLOT = 4
"""Warm-up deals per worker or CPU: the first batches are a deal each, so each slot gets a few."""

TARGET_RATIO = 0.90
"""Ray on one CPU must reach this share of one plain process's deals per second."""


@dataclass
class Row:
    """One executor's runs."""

    name: str
    kind: str  # "local", "ray" (a local Ray with ``slots`` CPUs) or "cluster" (``address``)
    slots: int
    address: str | None = None
    seconds: list[float] = field(default_factory=list)
    batches: list[int] = field(default_factory=list)
    largest: list[int] = field(default_factory=list)
    ray_start_s: list[float] = field(default_factory=list)

    def rates(self, deals: int) -> list[float]:
        """Deals per second of each run."""
        return [deals / s for s in self.seconds]

    def median_rate(self, deals: int) -> float:
        """The median over runs of the deals per second."""
        return statistics.median(self.rates(deals))


class Counting:
    """An executor that passes everything to ``inner`` and counts the batches it plays, so the
    table can show how the time-sized batches came out (the match does not report them)."""

    def __init__(self, inner: Executor) -> None:
        self.inner = inner
        self.sizes: list[int] = []

    @property
    def slots(self) -> int:
        """The inner executor's slots."""
        return self.inner.slots

    @property
    def description(self) -> str:
        """The inner executor's description."""
        return self.inner.description

    def run(
        self, batches: Iterable[Batch], task: Callable[..., _T], *args: Any
    ) -> Iterator[tuple[Batch, _T | Lost]]:
        """The inner executor's results, each batch's size noted as it comes back."""
        for batch, result in self.inner.run(batches, task, *args):
            self.sizes.append(batch.count)
            yield batch, result

    def close(self) -> None:
        """Close the inner executor."""
        self.inner.close()


def numbers(result: MatchResult) -> tuple[Any, ...]:
    """What must be identical on every executor: the summaries less the think times (those are
    clocks, not results)."""
    agents = tuple(dataclasses.replace(a, think_ms=None) for a in result.agents)
    return (result.games_played, result.failures, agents, result.pairs)


def play(executor: Executor, args: argparse.Namespace, deals: int) -> MatchResult:
    """One match of the benchmark's workload on ``executor`` (left open)."""
    return arena.match(
        args.game,
        args.agents,
        deals,
        duplicate=args.duplicate,
        seed=0,
        executor=executor,
        keep_games=False,
        progress=False,
        # The wrapper would hide a single in-process worker from the match's own choice of
        # target (a few seconds there, a minute elsewhere): ask for the same one explicitly.
        batch_seconds=args.batch_seconds or batch_target(executor),
    )


def make(row: Row) -> tuple[Executor, float]:
    """A fresh executor for ``row``, and the seconds it took to start (Ray's ``init``)."""
    if row.kind == "local":
        return LocalExecutor(row.slots), 0.0
    start = time.perf_counter()
    if row.kind == "cluster":
        assert row.address is not None
        ray = RayExecutor(row.address)
        row.slots = ray.slots  # what the cluster has now
        row.name = f"Ray at {row.address}, {ray.slots} CPU{'s' * (ray.slots != 1)}"
    else:
        ray = RayExecutor("local", num_cpus=row.slots)
    return ray, time.perf_counter() - start


def one_run(row: Row, args: argparse.Namespace) -> tuple[float, tuple[Any, ...]]:
    """Start ``row``'s executor, warm it up, time one match, close it; the match's numbers."""
    executor, started = make(row)
    try:
        # Imports, the game's tables, Ray's worker processes: paid before the clock starts.
        play(executor, args, WARM_UP_DEALS_PER_SLOT * executor.slots)
        counting = Counting(executor)
        result = play(counting, args, args.deals)
    finally:
        executor.close()  # Ray is shut down, so the next row can start one with other CPUs
    row.seconds.append(result.elapsed_s)
    row.batches.append(len(counting.sizes))
    row.largest.append(max(counting.sizes))
    if row.kind != "local":
        row.ray_start_s.append(started)
    return started, numbers(result)


def measure(args: argparse.Namespace) -> tuple[list[Row], bool]:
    """Every row, ``args.repeats`` runs each in rotated order; and whether all the numbers
    agreed."""
    many = args.workers
    rows = [
        Row("process, 1 worker", "local", 1),
        Row(f"processes, {many} workers", "local", many),
        Row("Ray, 1 CPU", "ray", 1),
        Row(f"Ray, {many} CPUs", "ray", many),
    ]
    if args.ray is not None:
        rows.append(Row(f"Ray at {args.ray}", "cluster", 0, address=args.ray))
    reference: tuple[Any, ...] | None = None
    identical = True
    for round_no in range(args.repeats):
        shift = round_no % len(rows)
        for row in rows[shift:] + rows[:shift]:
            started, got = one_run(row, args)
            if reference is None:
                reference = got
            same = got == reference
            identical = identical and same
            ray = f", Ray started in {started:.1f} s (not timed)" if row.kind != "local" else ""
            print(
                f"round {round_no + 1}/{args.repeats}: {row.name}: {args.deals:,} deals in "
                f"{row.seconds[-1]:.1f} s, {args.deals / row.seconds[-1]:.1f} deals/s, "
                f"{row.batches[-1]} batches (largest {row.largest[-1]:,}){ray}"
                f"{'' if same else ', NUMBERS DIFFER'}",
                file=sys.stderr,
                flush=True,
            )
    return rows, identical


def ratios(rows: list[Row], deals: int) -> dict[str, float]:
    """The ratios of median deals per second the requirement asks for."""
    local_1, local_n, ray_1, ray_n = (r.median_rate(deals) for r in rows[:4])
    found = {
        "ray_1_over_process_1": ray_1 / local_1,
        "local_n_over_1": local_n / local_1,
        "ray_n_over_1": ray_n / ray_1,
    }
    for row in rows[4:]:  # an existing cluster (--ray)
        found["cluster_over_process_1"] = row.median_rate(deals) / local_1
    return found


HEAD = ("executor", "deals", "median s", "deals/s", "batches (largest)", "runs, deals/s")
WIDTHS = (22, 8, 9, 9, 17, 0)


def cells_line(cells: tuple[str, ...], first: int = WIDTHS[0]) -> str:
    """One line of the table: the first cell to the left (``first`` wide), the others to the
    right."""
    text = [f"{cells[0]:<{first}}"]
    text += [f"{c:>{w}}" for c, w in zip(cells[1:], WIDTHS[1:], strict=True)]
    return " | ".join(text)


def table(rows: list[Row], args: argparse.Namespace, identical: bool) -> list[str]:
    """The table, the ratios and the check, as lines."""
    import ray  # only for its version: the measurement has imported it already

    many = args.workers
    lines = [
        f"{args.game}, {args.agents}, {'duplicate' if args.duplicate else 'not duplicate'}: "
        f"median of {args.repeats} run{'s' if args.repeats != 1 else ''} per executor; "
        f"{os.cpu_count()} cores, Python {platform.python_version()}, Ray {ray.__version__}",
        "",
    ]
    first = max(WIDTHS[0], *(len(row.name) for row in rows))  # a cluster's address is long
    lines.append(cells_line(HEAD, first))
    for row in rows:
        middle = sorted(range(len(row.seconds)), key=row.seconds.__getitem__)[len(row.seconds) // 2]
        cells = (
            row.name,
            f"{args.deals:,}",
            f"{statistics.median(row.seconds):.2f}",
            f"{row.median_rate(args.deals):.1f}",
            f"{row.batches[middle]} ({row.largest[middle]:,})",
            ", ".join(f"{r:.1f}" for r in row.rates(args.deals)),
        )
        lines.append(cells_line(cells, first))
    r = ratios(rows, args.deals)
    met = r["ray_1_over_process_1"] >= TARGET_RATIO
    starts = [s for row in rows for s in row.ray_start_s]
    lines += [
        "",
        f"Ray 1 CPU / process 1 worker: {r['ray_1_over_process_1']:.3f} "
        f"(target ≥ {TARGET_RATIO:.2f}: {'met' if met else 'NOT MET'})",
        f"{many} workers / 1 worker: local {r['local_n_over_1']:.2f}×, "
        f"Ray {r['ray_n_over_1']:.2f}×",
        *(
            [f"{rows[4].name} / process 1 worker: {r['cluster_over_process_1']:.2f}×"]
            if len(rows) > 4
            else []
        ),
        f"numbers identical across executors: {'yes' if identical else 'NO'}",
        f"batch target: {f'{args.batch_seconds:g} s' if args.batch_seconds else 'default'}; "
        f"Ray started in {min(starts):.1f}–{max(starts):.1f} s per run, not timed",
    ]
    return lines


def main(argv: list[str] | None = None) -> int:
    """Parse the arguments, measure every executor, print the table (or JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--deals", type=int, help=f"deals per run ({DEFAULT_DEALS:,}; {QUICK_DEALS:,} --quick)"
    )
    parser.add_argument("--game", default="hearts(deals=1)", help="game string (hearts(deals=1))")
    parser.add_argument("--agents", default="easy,random", help="agents, cycled (easy,random)")
    parser.add_argument(
        "--duplicate",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="play each deal in every seat rotation (default: yes)",
    )
    parser.add_argument("--repeats", type=int, help="runs per executor (3; 1 with --quick)")
    parser.add_argument(
        "--workers", type=int, default=2, help="workers (and Ray CPUs) of the second rows (2)"
    )
    parser.add_argument(
        "--batch-seconds",
        type=float,
        help="seconds a batch should take (default: the arena's, 5 in process, 60 elsewhere)",
    )
    parser.add_argument(
        "--ray",
        metavar="ADDRESS",
        help="also measure the existing Ray cluster there (auto, HOST:PORT, ray://HOST:10001)",
    )
    parser.add_argument("--quick", action="store_true", help="a smoke run of about a minute")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if args.deals is None:
        args.deals = QUICK_DEALS if args.quick else DEFAULT_DEALS
    if args.repeats is None:
        args.repeats = QUICK_REPEATS if args.quick else 3
    if args.deals < 1 or args.repeats < 1 or args.workers < 2:
        parser.error("--deals and --repeats must be at least 1, --workers at least 2")
    try:
        rows, identical = measure(args)
    except ArenaError as exc:  # Ray missing, a bad game or agent name
        print(f"scale.py: {exc}", file=sys.stderr)
        return 2
    if args.json:
        data = {
            "args": vars(args),
            "rows": [
                {**dataclasses.asdict(row), "median_deals_per_s": row.median_rate(args.deals)}
                for row in rows
            ],
            "ratios": ratios(rows, args.deals),
            "identical": identical,
        }
        print(json.dumps(data))
    else:
        print(*table(rows, args, identical), sep="\n")
    return 0 if identical else 1


if __name__ == "__main__":
    sys.exit(main())
