"""Random playouts of one Spite and Malice deal beside one Hearts deal: µs per action.

Each row plays ``--games`` complete one-deal games with uniformly random choices, through the
public API only, and reports the time per action applied (the median over ``--rounds``
rounds; rows alternate within each round, and the order rotates, so that a slow spell of the
machine hits every row alike). The loop is the same for every row::

    while not state.is_terminal():
        if state.is_chance_node():
            action = rng.choice(state.chance_outcomes())[0]
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)

``spite-malice <preset>``
    ``hoyle.load("spite-malice", variant=preset, deals=1)``, dealt inside
    ``new_initial_state(seed)`` (goal piles, hands and every draw from the seeded shuffle).
``spite-malice <preset> (chance)``
    the same game from ``new_initial_state()``: every card dealt or drawn is a chance node,
    sampled uniformly from ``chance_outcomes()`` (a pick of the listed kinds, not weighted by
    their counts: the cost of a chance step is what is measured, not the deal's odds).
``hearts (reference)``
    Black Lady, ``hoyle.load("hearts", deals=1)``, dealt inside ``new_initial_state(seed)``:
    the cost of one Hearts decision, the yardstick.

The ratio is a Spite and Malice action's µs over a Hearts decision's µs, in the same run; the
target (issue 22) is at most :data:`TARGET_RATIO` for every row. Rows are timed by this
process's CPU time (``time.process_time``), which other work on a shared machine disturbs far
less than the wall clock; ``--wall`` times by ``time.perf_counter`` instead.

Run: ``.venv/bin/python benchmarks/spite_malice_speed.py [--games N] [--rounds R]
[--presets standard,misery] [--json]``; ``--profile [PRESET]`` prints where the Spite and
Malice loop spends its time (cProfile, ``--top`` functions) instead of timing.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import platform
import pstats
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

import hoyle

TARGET_RATIO = 3.0
"""A Spite and Malice action may cost at most this many Hearts decisions."""

DEFAULT_PRESETS = ("standard", "misery")


@dataclass
class Row:
    """One timed way of playing games, with its µs per action in every round."""

    name: str
    note: str
    micros: list[float] = field(default_factory=list)
    actions_per_game: float = 0.0

    @property
    def median(self) -> float:
        """Median µs per action over the rounds."""
        return statistics.median(self.micros)


Runner = Callable[[int, random.Random], int]
"""Plays ``games`` games with choices from ``rng``; returns the number of actions applied."""


def play(new_state: Callable[[random.Random], Any], games: int, rng: random.Random) -> int:
    """Games from ``new_state(rng)`` played to the end, chance outcomes and moves both drawn
    uniformly with ``rng``; the number of actions applied."""
    choice = rng.choice
    steps = 0
    for _ in range(games):
        state = new_state(rng)
        while not state.is_terminal():
            if state.is_chance_node():
                action = choice(state.chance_outcomes())[0]
            else:
                action = choice(state.legal_actions())
            state.apply_action(action)
            steps += 1
    return steps


def seeded_runner(game: hoyle.Game[Any]) -> Runner:
    """Games dealt inside ``new_initial_state(seed)``."""
    return lambda games, rng: play(lambda r: game.new_initial_state(r.getrandbits(64)), games, rng)


def chance_runner(game: hoyle.Game[Any]) -> Runner:
    """Games dealt and drawn at chance nodes."""
    return lambda games, rng: play(lambda r: game.new_initial_state(), games, rng)


def spite_malice(preset: str) -> hoyle.Game[Any]:
    """One deal of a Spite and Malice preset."""
    return hoyle.load("spite-malice", variant=preset, deals=1)


def build_rows(presets: list[str], chance: bool) -> list[tuple[Row, Runner]]:
    """The Hearts reference first, then a row (two with ``chance``) per preset."""
    rows: list[tuple[Row, Runner]] = [
        (
            Row("hearts (reference)", "Black Lady, deals=1, seeded"),
            seeded_runner(hoyle.load("hearts", deals=1)),
        )
    ]
    for preset in presets:
        game = spite_malice(preset)
        rows.append((Row(f"spite-malice {preset}", "deals=1, seeded"), seeded_runner(game)))
        if chance:
            rows.append(
                (
                    Row(f"spite-malice {preset} (chance)", "deals=1, chance nodes"),
                    chance_runner(game),
                )
            )
    return rows


def measure(
    rows: list[tuple[Row, Runner]],
    games: int,
    hearts_games: int,
    rounds: int,
    seed: int,
    clock: Callable[[], float] = time.process_time,
) -> None:
    """Time every row ``rounds`` times, alternating rows within each round."""
    for rnd in range(rounds):
        # Rotate the order too, so no row always runs first (cold caches) or last.
        order = rows[rnd % len(rows) :] + rows[: rnd % len(rows)]
        for row, runner in order:
            count = hearts_games if row.name.startswith("hearts") else games
            rng = random.Random(seed * 1_000_003 + rnd)
            start = clock()
            steps = runner(count, rng)
            elapsed = clock() - start
            row.micros.append(elapsed / steps * 1e6)
            row.actions_per_game = steps / count


def profile(preset: str, games: int, seed: int, top: int) -> None:
    """Print cProfile's view of the seeded Spite and Malice loop, by own and cumulative time."""
    runner = seeded_runner(spite_malice(preset))
    profiler = cProfile.Profile()
    rng = random.Random(seed)
    profiler.enable()
    runner(games, rng)
    profiler.disable()
    stats = pstats.Stats(profiler, stream=sys.stdout)
    stats.strip_dirs().sort_stats("tottime").print_stats(top)
    stats.sort_stats("cumulative").print_stats(top)


def report(rows: list[Row], games: int, hearts_games: int, rounds: int) -> dict[str, Any]:
    """The results as data: one entry per row with its ratio to Hearts, and the verdict."""
    hearts = rows[0]
    result: dict[str, Any] = {
        "games_per_round": games,
        "hearts_games_per_round": hearts_games,
        "rounds": rounds,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "target_ratio": TARGET_RATIO,
        "rows": [],
    }
    for row in rows:
        entry = asdict(row)
        entry["us_per_action"] = row.median
        entry["ratio_to_hearts"] = row.median / hearts.median
        result["rows"].append(entry)
    worst = max(entry["ratio_to_hearts"] for entry in result["rows"][1:])
    result["worst_ratio"] = worst
    result["target_met"] = worst <= TARGET_RATIO
    return result


def print_table(result: dict[str, Any]) -> None:
    """The results as a table for a terminal."""
    print(
        f"Random playouts, one deal each: {result['games_per_round']} Spite and Malice games "
        f"and {result['hearts_games_per_round']} Hearts deals per row per round, median of "
        f"{result['rounds']} rounds, {result['clock']} time (Python {result['python']}, "
        f"{result['machine']})"
    )
    print()
    header = f"{'row':<44} {'µs/action':>10} {'× hearts':>9} {'actions/game':>13}  how"
    print(header)
    print("-" * len(header))
    for row in result["rows"]:
        print(
            f"{row['name']:<44} {row['us_per_action']:>10.2f} {row['ratio_to_hearts']:>9.2f} "
            f"{row['actions_per_game']:>13.1f}  {row['note']}"
        )
    print()
    verdict = "met" if result["target_met"] else "NOT met"
    print(
        f"slowest Spite and Malice row: {result['worst_ratio']:.2f}× a Hearts decision "
        f"(target ≤ {TARGET_RATIO:.1f}: {verdict})"
    )


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(
        description="µs per action of random Spite and Malice playouts beside a Hearts decision."
    )
    parser.add_argument("--games", type=int, default=40, help="S&M games per row per round")
    parser.add_argument(
        "--hearts-games",
        type=int,
        default=0,
        help="Hearts deals per round (default: enough for about as many actions as S&M)",
    )
    parser.add_argument("--rounds", type=int, default=15, help="rounds; the median is reported")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random choices")
    parser.add_argument(
        "--presets",
        default=",".join(DEFAULT_PRESETS),
        help="comma-separated presets, or 'all' (default: standard,misery)",
    )
    parser.add_argument(
        "--no-chance", action="store_true", help="leave out the rows dealt at chance nodes"
    )
    parser.add_argument(
        "--wall",
        action="store_true",
        help="time by the wall clock (default: this process's CPU time, which a busy "
        "machine disturbs less)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object instead")
    parser.add_argument(
        "--profile",
        nargs="?",
        const="standard",
        metavar="PRESET",
        help="instead of timing, profile the seeded loop of PRESET (default standard)",
    )
    parser.add_argument("--top", type=int, default=25, help="functions shown by --profile")
    args = parser.parse_args(argv)
    if args.games < 1 or args.rounds < 1 or args.hearts_games < 0:
        parser.error("--games and --rounds must be at least 1")
    names = [v.name for v in hoyle.variants("spite-malice")]
    args.presets = names if args.presets == "all" else args.presets.split(",")
    for preset in args.presets + ([args.profile] if args.profile else []):
        if preset not in names:
            parser.error(f"no preset {preset!r}; presets: {', '.join(names)}")
    return args


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; exit status 0 whether or not the target is met (it is a measure)."""
    args = parse_args(argv)
    if args.profile:
        profile(args.profile, args.games, args.seed, args.top)
        return 0
    rows = build_rows(args.presets, chance=not args.no_chance)
    # A Hearts deal is 52 decisions, a Spite and Malice deal several hundred actions: by
    # default give Hearts about as many actions per round, so both rows run as long.
    hearts_games = args.hearts_games or max(1, args.games * 8)
    clock = time.perf_counter if args.wall else time.process_time
    measure(rows, args.games, hearts_games, args.rounds, args.seed, clock)
    result = report([row for row, _ in rows], args.games, hearts_games, args.rounds)
    result["clock"] = "wall" if args.wall else "process CPU"
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print_table(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
