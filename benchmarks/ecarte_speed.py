"""Random playouts of Écarté, preset by preset, beside Hearts; and the trick solver's time.

Playouts: each row plays whole matches with random legal choices (abandoning the hand only
one time in ten where it is legal, so that hands are played out) through the public API, on
seeded deals, and reports hands and actions per second — the median over ``--rounds`` rounds,
rows taking turns within a round so that a slow spell of the machine hits every row alike.
The Hearts row plays one-deal Black Lady the same way, for scale.

Solver: the exact card-play solver (``hoyle.games.ecarte.solver``) is timed on positions at
the first lead of the trick phase (five tricks to play, the largest it meets) reached by random
exchanges, and on positions after the first trick; it reports the median and 95th percentile
time per position.

Run: ``.venv/bin/python benchmarks/ecarte_speed.py [--seconds S] [--rounds R] [--positions N]``.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from typing import Any

import hoyle
from hoyle.games.ecarte.solver import solve
from hoyle.games.ecarte.state import CONCEDE

ROWS = [
    ("ecarte standard", "ecarte"),
    ("ecarte rubber", "ecarte(variant=rubber)"),
    ("ecarte pool", "ecarte(variant=pool)"),
    ("ecarte french", "ecarte(variant=french)"),
    ("ecarte doubling", "ecarte(variant=doubling)"),
    ("bourre, seven players", "bourre"),
    ("hearts black-lady, one deal", "hearts(deals=1)"),
]


def choose(legal: list[int], rng: random.Random) -> int:
    if CONCEDE in legal and len(legal) > 1 and rng.random() < 0.9:
        legal = [a for a in legal if a != CONCEDE]
    return rng.choice(legal)


def play(spec: str, seconds: float, rng: random.Random) -> tuple[int, int, float]:
    """Play matches of ``spec`` for about ``seconds``; (hands, actions, elapsed)."""
    game = hoyle.load(spec)
    ecarte = game.family == "ecarte"
    hands = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state(seed=rng.randrange(2**31))
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(choose(legal, rng) if ecarte else rng.choice(legal))
            actions += 1
        hands += state.progress()[0]
    return hands, actions, time.perf_counter() - start


def solver_times(positions: int, tricks_played: int, seed: int) -> list[float]:
    """Seconds per solve on ``positions`` trick-phase positions after ``tricks_played``."""
    game = hoyle.load("ecarte")
    rng = random.Random(seed)
    times = []
    while len(times) < positions:
        state = game.new_initial_state(seed=rng.randrange(2**31))
        while state.phase != "play" and not state.is_terminal():
            state.apply_action(rng.choice([a for a in state.legal_actions() if a != CONCEDE]))
        for _ in range(2 * tricks_played):
            if state.phase != "play":
                break
            state.apply_action(rng.choice([a for a in state.legal_actions() if a < 52]))
        if state.phase != "play":
            continue
        begin = time.perf_counter()
        solve(state)
        times.append(time.perf_counter() - begin)
    return times


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="per row per round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rng = random.Random(1)
    rates: dict[str, tuple[list[float], list[float]]] = {name: ([], []) for name, _ in ROWS}
    for _ in range(args.rounds):
        for name, spec in ROWS:
            hands, actions, elapsed = play(spec, args.seconds, rng)
            rates[name][0].append(hands / elapsed)
            rates[name][1].append(actions / elapsed)
    solver = {
        "first lead (5 tricks)": solver_times(args.positions, 0, 7),
        "after one trick (4 tricks)": solver_times(args.positions, 1, 8),
    }
    result: dict[str, Any] = {
        "python": sys.version.split()[0],
        "machine": platform.machine(),
        "playouts": {
            name: {
                "hands_per_s": statistics.median(h),
                "actions_per_s": statistics.median(a),
            }
            for name, (h, a) in rates.items()
        },
        "solver_ms": {
            name: {
                "median": statistics.median(t) * 1000,
                "p95": statistics.quantiles(t, n=20)[-1] * 1000,
                "max": max(t) * 1000,
            }
            for name, t in solver.items()
        },
    }
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(f"Écarté random playouts (Python {result['python']}, {result['machine']})")
    print(f"{'row':<30} {'hands/s':>10} {'actions/s':>11}")
    for name, row in result["playouts"].items():
        print(f"{name:<30} {row['hands_per_s']:>10,.0f} {row['actions_per_s']:>11,.0f}")
    print()
    print(f"Trick solver, {args.positions} positions each")
    print(f"{'position':<30} {'median ms':>10} {'p95 ms':>8} {'max ms':>8}")
    for name, row in result["solver_ms"].items():
        print(f"{name:<30} {row['median']:>10.3f} {row['p95']:>8.3f} {row['max']:>8.3f}")


if __name__ == "__main__":
    main()
