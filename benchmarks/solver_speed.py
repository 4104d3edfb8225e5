"""What solving a Hearts or All Fours ending exactly costs, beside the playout it replaces.

Search plays each sampled world to the end of the deal. Near the end the family's solver
(``hoyle.games.hearts.solver``, ``hoyle.games.all_fours.solver``) can give the exact value
instead. For each game and number of tricks left, this plays seeded deals at random to that
point (half of them mid-trick), then times on the same positions the solver and the family's
heuristic playout to the end of the deal, and prints the median and 95th percentile of each
with their ratio. The solver's own size limit is lifted here, so the rows past it show why it
stands where it does. Hearts' rows also time the compiled solver (``_fastcore``'s
``Pos.solve``, ``_fastsolve.c``) on the same positions, checked to give the same values, and
print its median and how many times faster than the Python solver it is (absent when the core
is not built or ``HOYLE_COMPILED=0``).

Run: ``.venv/bin/python benchmarks/solver_speed.py [--positions N] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import hoyle
from hoyle.core.hooks import search_hooks
from hoyle.core.protocol import State

ROWS: list[tuple[str, str, tuple[int, ...]]] = [
    ("hearts black-lady (4 players)", "hearts(deals=1)", (1, 2, 3, 4)),
    ("hearts black-maria (3 players)", "hearts(variant=black-maria,deals=1)", (2, 3, 4, 5)),
    ("all-fours seven-up (2 players)", "all-fours(variant=seven-up,deals=1)", (2, 3, 4, 5, 6)),
    ("all-fours trinidad (4 players)", "all-fours(variant=trinidad,deals=1)", (2, 3, 4)),
]


def position(game: hoyle.Game[Any], seed: int, left: int) -> State | None:
    """A seeded deal played at random until ``left`` tricks remain (mid-trick for odd
    seeds); ``None`` if the deal ended first."""
    rng = random.Random(seed)
    state = game.new_initial_state(seed=seed)
    solver = _solver(game)
    deal = state.progress()[0]
    while not state.is_terminal():
        if (
            not state.is_chance_node()
            and solver.tricks_left(state) == left
            and solver.in_trick(state) == seed % 2
        ):
            return state
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        if state.progress()[0] != deal:
            return None
    return None


class _Family:
    """What the benchmark needs of a family's solver: the count of tricks left, whether a
    trick is under way, and a solve without the size limit."""

    def __init__(self, module: Any) -> None:
        self.module = module

    def tricks_left(self, state: State) -> int:
        return int(self.module.tricks_left(state))

    def in_trick(self, state: State) -> int:
        return int(self.module.in_trick(state))

    def solve(self, state: State) -> Any:
        return self.module.solve(state, max_cards=99)


def _solver(game: hoyle.Game[Any]) -> _Family:
    if game.family == "hearts":
        from hoyle.games.hearts import solver
    else:
        from hoyle.games.all_fours import solver  # type: ignore[no-redef]
    return _Family(solver)


def _time(fn: Callable[[], object], repeat: int = 1) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        fn()
    return (time.perf_counter() - start) / repeat


def _compiled(game: hoyle.Game[Any], state: State) -> Any:
    """Hearts' compiled core's position for ``state`` where it solves it, else ``None``."""
    if game.family != "hearts":
        return None
    from hoyle.games.hearts import fast
    from hoyle.games.hearts.state import HeartsState

    if not fast.plays(state) or not isinstance(state, HeartsState):
        return None
    return fast.core_position(state)


def playout(state: State, rng: random.Random, policy: Any) -> None:
    """Play ``state`` to the end of its deal with the family's playout policy."""
    deal = state.progress()[0]
    while not state.is_terminal() and state.progress()[0] == deal:
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(policy(state, rng) if policy else rng.choice(state.legal_actions()))


def measure(spec: str, left: int, positions: int) -> dict[str, Any]:
    """Solver and playout times (seconds) on ``positions`` endings of ``left`` tricks."""
    game = hoyle.load(spec)
    family = _solver(game)
    policy = search_hooks(game.family).rollout
    solves: list[float] = []
    playouts: list[float] = []
    compiled: list[float] = []
    seed = 0
    while len(solves) < positions:
        seed += 1
        state = position(game, seed, left)
        if state is None:
            continue
        solves.append(_time(partial(family.solve, state)))
        pos = _compiled(game, state)
        if pos is not None:
            if pos.solve(99) != family.solve(state):
                raise AssertionError(f"the compiled solver differs: {spec}, seed {seed}")
            compiled.append(_time(partial(pos.solve, 99), repeat=20))
        playouts.append(_time(partial(playout, state.clone(), random.Random(seed), policy)))
    solves.sort()
    playouts.sort()
    p95 = max(0, int(len(solves) * 0.95) - 1)
    solve_median, play_median = statistics.median(solves), statistics.median(playouts)
    row = {
        "game": spec,
        "tricks_left": left,
        "positions": positions,
        "solve_median_ms": solve_median * 1e3,
        "solve_p95_ms": solves[p95] * 1e3,
        "playout_median_ms": play_median * 1e3,
        "ratio": solve_median / play_median,
    }
    if len(compiled) == len(solves):
        compiled.sort()
        compiled_median = statistics.median(compiled)
        row["compiled_median_ms"] = compiled_median * 1e3
        row["compiled_p95_ms"] = compiled[p95] * 1e3
        row["compiled_speedup"] = solve_median / compiled_median
    return row


def _compiled_column(row: dict[str, Any]) -> str:
    if "compiled_median_ms" not in row:
        return ""
    return (
        f"  compiled {row['compiled_median_ms'] * 1e3:8.1f} µs "
        f"(p95 {row['compiled_p95_ms'] * 1e3:8.1f})  {row['compiled_speedup']:5.0f}× faster"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=60, help="endings per row (60)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    rows = []
    for title, spec, lefts in ROWS:
        for left in lefts:
            row = measure(spec, left, args.positions)
            row["title"] = title
            rows.append(row)
            if not args.json:
                print(
                    f"{title:32} {left:2} left  solve {row['solve_median_ms']:8.2f} ms "
                    f"(p95 {row['solve_p95_ms']:8.2f})  playout {row['playout_median_ms']:6.3f} ms"
                    f"  ratio {row['ratio']:7.1f}" + _compiled_column(row),
                    flush=True,
                )
    if args.json:
        print(json.dumps({"machine": platform.machine(), "python": sys.version, "rows": rows}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
