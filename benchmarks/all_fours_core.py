"""All Fours search simulations: the Python engine against the compiled core (``_fastcore``).

One simulation is one sampled world and one move tried in it, played out to the end of the
hand, as PIMC counts them. The Python row does what PIMC's Python path does for each:
``resample_from_infostate`` (once a world), ``clone``, ``apply_action`` and
``Playout.finish`` (the rollout policy, the ending solver where it answers); the compiled row
asks ``fast.worlds(state, player).values(moves, worlds, seed)`` for the same positions, the
``worlds`` call (the constraints worked out in Python, once a position) included. Both run on
the same positions of the play — every legal move of the seat to play, from seeded random
hands of each preset — in the same run, rows taking turns within a round so that a slow spell
of the machine hits every row alike; the median over ``--rounds`` rounds is reported, with
the solver (``endings``) and without it (``endings=play``).

Run: ``.venv/bin/python benchmarks/all_fours_core.py [--positions P] [--worlds W]
[--rounds R] [--json]``.
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
from hoyle.agents.playout import Playout
from hoyle.games.all_fours import fast
from hoyle.games.all_fours.state import PASS, PLAY, AllFoursState

PRESETS = ("seven-up", "auction-pitch")


def positions(variant: str, count: int, seed: int) -> list[AllFoursState]:
    """Positions of the play the core searches (the pitch too), from seeded random hands."""
    game = hoyle.load("all-fours", variant=variant)
    rng = random.Random(f"{variant} {seed}")
    found: list[AllFoursState] = []
    while len(found) < count:
        state = game.new_initial_state(seed=rng.randrange(2**31))
        while not state.is_terminal() and len(found) < count:
            if (
                state._phase == PLAY
                and len(state.legal_actions()) > 1
                and fast.worlds(state, state._cur) is not None
                and rng.random() < 0.25
            ):
                found.append(state.clone())
            legal = state.legal_actions()
            action = PASS if PASS in legal and rng.random() < 0.6 else rng.choice(legal)
            state.apply_action(action)
    return found


def python_sims(states: list[AllFoursState], worlds: int, endings: bool, seed: int) -> float:
    """Seconds per simulation of PIMC's Python path over ``states``."""
    rng = random.Random(seed)
    sims = 0
    start = time.perf_counter()
    for state in states:
        playout = Playout(state.game)
        if not endings:
            playout.solve = None
        player = state._cur
        moves = state.legal_actions()
        deal, scores = playout.start(state)
        for _ in range(worlds):
            world = state.resample_from_infostate(player, rng)
            dice = rng.getrandbits(64)
            for move in moves:
                trial = world.clone()
                trial.apply_action(move)
                playout.finish(trial, state, deal, scores, random.Random(dice))
                sims += 1
    return (time.perf_counter() - start) / sims


def compiled_sims(states: list[AllFoursState], worlds: int, endings: bool, seed: int) -> float:
    """Seconds per simulation of the compiled batches over ``states`` (``worlds`` included)."""
    rng = random.Random(seed)
    sims = 0
    start = time.perf_counter()
    for state in states:
        batch = fast.worlds(state, state._cur)
        assert batch is not None
        moves = state.legal_actions()
        batch.values(moves, worlds, rng.getrandbits(64), endings)
        sims += worlds * len(moves)
    return (time.perf_counter() - start) / sims


def measure(count: int, worlds: int, rounds: int, seed: int) -> dict[str, Any]:
    """Every preset × endings, Python and compiled, ``rounds`` times."""
    states = {variant: positions(variant, count, seed) for variant in PRESETS}
    keys = [(variant, endings) for variant in PRESETS for endings in (True, False)]
    py: dict[tuple[str, bool], list[float]] = {key: [] for key in keys}
    core: dict[tuple[str, bool], list[float]] = {key: [] for key in keys}
    for r in range(rounds):
        for variant, endings in keys:
            py[variant, endings].append(python_sims(states[variant], worlds, endings, seed + r))
            core[variant, endings].append(
                compiled_sims(states[variant], worlds * 20, endings, seed + r)
            )
    rows: list[dict[str, Any]] = []
    for variant, endings in keys:
        py_us = statistics.median(py[variant, endings]) * 1e6
        core_us = statistics.median(core[variant, endings]) * 1e6
        rows.append(
            {
                "preset": variant,
                "endings": "solve" if endings else "play",
                "positions": len(states[variant]),
                "python_us": round(py_us, 1),
                "compiled_us": round(core_us, 2),
                "ratio": round(py_us / core_us, 1),
            }
        )
    return {
        "python": platform.python_version(),
        "rounds": rounds,
        "worlds_python": worlds,
        "worlds_compiled": worlds * 20,
        "rows": rows,
    }


def print_table(result: dict[str, Any]) -> None:
    """The report as a table."""
    print(
        f"All Fours search: µs per simulation (one world, one move, played to the end of the "
        f"hand), median of {result['rounds']} rounds (Python {result['python']})"
    )
    print()
    print(
        f"{'preset':16} {'endings':>8} {'positions':>9} {'python µs':>10} "
        f"{'compiled µs':>12} {'×':>7}"
    )
    print("-" * 67)
    for row in result["rows"]:
        print(
            f"{row['preset']:16} {row['endings']:>8} {row['positions']:>9} "
            f"{row['python_us']:>10.1f} {row['compiled_us']:>12.2f} {row['ratio']:>6.1f}x"
        )
    print()
    print(
        f"python: resample + clone + apply + Playout.finish, {result['worlds_python']} worlds a "
        f"position; compiled: fast.worlds(...).values(...), {result['worlds_compiled']} worlds a "
        "position, the worlds() call included; ×: python / compiled."
    )


def main(argv: list[str] | None = None) -> int:
    """Measure and print (or ``--json``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=12, help="positions per preset")
    parser.add_argument("--worlds", type=int, default=20, help="Python worlds per position")
    parser.add_argument("--rounds", type=int, default=3, help="rounds; the median is reported")
    parser.add_argument("--seed", type=int, default=1, help="seed of the positions and worlds")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead")
    args = parser.parse_args(argv)
    if not fast.available():
        print("the compiled core is not built (or HOYLE_COMPILED=0): nothing to compare")
        return 1
    result = measure(args.positions, args.worlds, args.rounds, args.seed)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print_table(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
