"""What a search pays for each world: ``clone()`` and ``resample_from_infostate``, beside OpenSpiel.

A search copies the root once per simulation and deals the hidden cards anew once per world,
so these two costs bound how many worlds it can see in a second. The script plays one-deal
Hearts (OpenSpiel's ``hearts``, and hoyle's ``hearts(deals=1)`` and ``hearts``, a match to 100
whose state keeps a seeded shuffler for the deals to come) and one hand of All Fours at random
to the middle of the play, then times each call many times, in rounds, and prints the median
µs per call with its ratio to OpenSpiel's C++ Hearts in the same run (a ratio above 1 is
slower).

    .venv/bin/python benchmarks/clone_speed.py
    .venv/bin/python benchmarks/clone_speed.py --rounds 9 --json
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import pyspiel

import hoyle

MOVES = 30
"""Decisions played before timing: the middle of a one-deal Hearts play (52 cards)."""

HOYLE_MOVES = {"hearts(deals=1)": MOVES, "hearts": MOVES, "all-fours(deals=1)": 5}
"""The same for hoyle's games: All Fours' hand is six cards a seat, after the bidding."""


def per_call(fn: Callable[[], object], calls: int, rounds: int) -> float:
    """The median over ``rounds`` of the µs per call of ``fn`` (``calls`` calls a round)."""
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(calls):
            fn()
        times.append((time.perf_counter() - start) / calls * 1e6)
    return statistics.median(times)


def spiel_state(seed: int) -> Any:
    """OpenSpiel's Hearts after the deal, the pass and :data:`MOVES` random decisions."""
    rng = random.Random(seed)
    state = pyspiel.load_game("hearts").new_initial_state()
    played = 0
    while state.is_chance_node() or played < MOVES:
        if state.is_chance_node():
            actions, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            played += 1
    return state


def hoyle_state(spec: str, seed: int) -> hoyle.State:
    """A hoyle state of ``spec`` dealt from ``seed`` after :data:`HOYLE_MOVES` random
    decisions (a seeded state deals itself: no chance node)."""
    rng = random.Random(seed)
    state = hoyle.load(spec).new_initial_state(seed=seed)
    for _ in range(HOYLE_MOVES[spec]):
        state.apply_action(rng.choice(state.legal_actions()))
    if state.is_terminal():
        raise SystemExit(f"clone_speed.py: {spec} ended before the timing; another --seed")
    return state


def _resampler(state: hoyle.State, player: int, rng: random.Random) -> Callable[[], object]:
    return lambda: state.resample_from_infostate(player, rng)


def measure(args: argparse.Namespace) -> list[dict[str, Any]]:
    """One row per engine: µs per clone and per resample."""
    rows: list[dict[str, Any]] = []
    spiel = spiel_state(args.seed)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    seat = spiel.current_player()
    rows.append(
        {
            "engine": "OpenSpiel hearts (C++)",
            "clone_us": per_call(spiel.clone, args.calls, args.rounds),
            "resample_us": per_call(
                lambda: spiel.resample_from_infostate(seat, sampler),
                args.calls // 10,
                args.rounds,
            ),
        }
    )
    for spec in HOYLE_MOVES:
        state = hoyle_state(spec, args.seed)
        player = state.current_player()
        rng = random.Random(args.seed)
        rows.append(
            {
                "engine": f"hoyle {spec}",
                "clone_us": per_call(state.clone, args.calls, args.rounds),
                "resample_us": per_call(
                    _resampler(state, player, rng),
                    args.calls // 10,
                    args.rounds,
                ),
            }
        )
    clone_us, resample_us = float(rows[0]["clone_us"]), float(rows[0]["resample_us"])
    for row in rows:
        row["clone_ratio"] = row["clone_us"] / clone_us
        row["resample_ratio"] = row["resample_us"] / resample_us
    return rows


def main(argv: list[str] | None = None) -> int:
    """Measure and print the table (or JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=5_000, help="clones a round (5000)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds; the median is kept (5)")
    parser.add_argument("--seed", type=int, default=7, help="the deal (7)")
    parser.add_argument("--json", action="store_true", help="print one JSON list")
    args = parser.parse_args(argv)
    if args.calls < 10 or args.rounds < 1:
        parser.error("--calls must be at least 10 and --rounds at least 1")
    rows = measure(args)
    if args.json:
        print(json.dumps(rows))
        return 0
    print(f"µs per call, median of {args.rounds} rounds; ratio to OpenSpiel's C++ Hearts")
    print(f"{'engine':<26} {'clone':>9} {'× OS':>7} {'resample':>10} {'× OS':>7}")
    for row in rows:
        print(
            f"{row['engine']:<26} {row['clone_us']:>9.2f} {row['clone_ratio']:>7.1f} "
            f"{row['resample_us']:>10.1f} {row['resample_ratio']:>7.1f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
