"""Batched Hearts for learners (hoyle.vector) beside OpenSpiel's Hearts driven from Python.

Two tables, each with OpenSpiel in the same run and the ratios to it (medians of rounds; rows
alternate within a round):

* **random play**, deals per second: whole one-deal games of Black Lady (``hearts(deals=1)``),
  the deal, the pass and 13 tricks, every choice uniformly random. OpenSpiel: ``pyspiel``'s
  ``hearts`` stepped from Python (chance sampled from ``chance_outcomes()``, moves from
  ``legal_actions()``, as benchmarks/hearts_speed.py does). hoyle: a ``VectorTable`` of
  ``--batch`` deals whose learner seat 0 plays ``sample_actions()`` and whose other seats the
  table plays at random, in C; and one in which every seat goes through ``step``.
* **decisions with masks and observations**, decisions per second: at every decision the seat
  to act's legal mask and observation vector are written. OpenSpiel: ``legal_actions_mask()``
  and ``information_state_tensor()`` (its Hearts has no observation tensor) before each move;
  hoyle: ``observe(obs, mask)`` into the caller's buffers, then ``sample_actions`` and ``step``,
  every seat a learner's.

The issue's targets (issue 22, item 4), on one core: random play at least 40 times OpenSpiel's
deals per second, and at least 2 million decisions a second with masks and observations.

``--json`` gives each row's ``deals_per_s`` and ``decisions_per_s`` (for OpenSpiel every
decision; for a table the decisions that went through ``step``, its learner seats').

Times are the process's CPU time (``time.process_time``): the development machine is shared,
and every row is one thread (numpy's BLAS threads are held to one), so CPU seconds compare the
engines where wall seconds would also count the neighbours. ``--wall`` times the wall clock.

Run: ``.venv/bin/python benchmarks/vector_speed.py [--seconds S] [--rounds R] [--batch B]
[--json] [--wall]``.
"""

from __future__ import annotations

import os

# One thread for numpy's BLAS (before numpy is imported): its idle threads would otherwise
# count in the process's CPU time.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from hoyle.vector import VectorTable, compiled_available

GAME = "hearts(deals=1)"
Runner = Callable[[float], tuple[float, int, int]]
"""Plays for about ``seconds``: (seconds measured, deals finished, decisions made)."""

_clock: Callable[[], float] = time.process_time


def openspiel_runner(observe: bool) -> Runner | None:
    """OpenSpiel's Hearts from Python, random chance and moves; with ``observe`` the legal
    mask and information-state tensor of the seat to act at every decision. None without
    pyspiel."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")
    rng = random.Random(1)

    def run(seconds: float) -> tuple[float, int, int]:
        choice = rng.choice
        deals = decisions = 0
        start = _clock()
        while _clock() - start < seconds:
            for _ in range(20):
                state = game.new_initial_state()
                while not state.is_terminal():
                    if state.is_chance_node():
                        state.apply_action(choice(state.chance_outcomes())[0])
                        continue
                    if observe:
                        player = state.current_player()
                        state.legal_actions_mask(player)
                        state.information_state_tensor(player)
                    state.apply_action(choice(state.legal_actions()))
                    decisions += 1
                deals += 1
        return _clock() - start, deals, decisions

    return run


def table_runner(batch: int, opponents: str | None, observe: bool, backend: str) -> Runner:
    """A VectorTable stepped with ``sample_actions``; with ``observe``, ``observe(obs,
    mask)`` before every step."""
    table = VectorTable(GAME, batch, opponents=opponents, seed=1, backend=backend)
    table.reset(1)
    actions = np.empty(batch, dtype=np.int64)
    obs, mask = table.new_buffers()
    steps_per_check = max(1, 20_000 // batch) if backend == "compiled" else 1

    def run(seconds: float) -> tuple[float, int, int]:
        deals = steps = 0
        start = _clock()
        while _clock() - start < seconds:
            for _ in range(steps_per_check):
                if observe:
                    table.observe(obs, mask)
                table.sample_actions(actions)
                _, terminated = table.step(actions)
                deals += int(np.count_nonzero(terminated))
            steps += steps_per_check
        return _clock() - start, deals, steps * batch

    return run


def measure(rows: list[tuple[str, Runner]], seconds: float, rounds: int) -> list[dict[str, Any]]:
    """Each row's median deals/s and decisions/s over ``rounds`` (rows alternate)."""
    rates: dict[str, list[tuple[float, float]]] = {name: [] for name, _ in rows}
    for r in range(rounds):  # a rotating order, so that no row always runs first
        order = rows[r % len(rows) :] + rows[: r % len(rows)]
        for name, run in order:
            elapsed, deals, decisions = run(seconds)
            rates[name].append((deals / elapsed, decisions / elapsed))
    return [
        {
            "row": name,
            "deals_per_s": statistics.median(d for d, _ in rates[name]),
            "decisions_per_s": statistics.median(x for _, x in rates[name]),
        }
        for name, _ in rows
    ]


def with_ratios(result: list[dict[str, Any]], key: str) -> list[dict[str, Any]]:
    """Each row with ``vs_openspiel``: its ``key`` over OpenSpiel's (None without it)."""
    ref = next((r[key] for r in result if r["row"].startswith("OpenSpiel")), None)
    for r in result:
        r["vs_openspiel"] = r[key] / ref if ref else None
    return result


def print_table(title: str, result: list[dict[str, Any]], key: str, target: str) -> None:
    """One table: each row's ``key`` (deals/s or decisions/s) and its ratio to OpenSpiel's."""
    unit = "deals/s" if key == "deals_per_s" else "decisions/s"
    print(title)
    print(f"{'row':<58} {unit:>12} {'vs OpenSpiel':>13}")
    print("-" * 85)
    for r in result:
        ratio = f"{r['vs_openspiel']:.1f}x" if r["vs_openspiel"] else "-"
        print(f"{r['row']:<58} {r[key]:>12,.0f} {ratio:>13}")
    print(target)
    print()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="time per row per round")
    parser.add_argument("--rounds", type=int, default=5, help="rounds; the median is reported")
    parser.add_argument("--batch", type=int, default=1024, help="deals per table")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead")
    parser.add_argument("--wall", action="store_true", help="time the wall clock, not CPU")
    parser.add_argument(
        "--no-python", action="store_true", help="leave out the Python table's rows"
    )
    args = parser.parse_args(argv)
    global _clock
    if args.wall:
        _clock = time.perf_counter
    backend = "compiled" if compiled_available() else "python"
    b = args.batch
    random_rows: list[tuple[str, Runner]] = []
    observe_rows: list[tuple[str, Runner]] = []
    spiel = openspiel_runner(False)
    if spiel:
        random_rows.append(("OpenSpiel (pyspiel) from Python", spiel))
    random_rows.append(
        (
            f"hoyle.vector, seat 0 + 3 random seats ({backend}, B={b})",
            table_runner(b, "random", False, backend),
        )
    )
    random_rows.append(
        (
            f"hoyle.vector, every seat through step ({backend}, B={b})",
            table_runner(b, None, False, backend),
        )
    )
    spiel_obs = openspiel_runner(True)
    if spiel_obs:
        observe_rows.append(("OpenSpiel (pyspiel), mask + infostate tensor", spiel_obs))
    observe_rows.append(
        (
            f"hoyle.vector, observe(obs, mask) ({backend}, B={b})",
            table_runner(b, None, True, backend),
        )
    )
    if backend == "compiled" and not args.no_python:
        random_rows.append(
            (
                "hoyle.vector, seat 0 + 3 random seats (python, B=16)",
                table_runner(16, "random", False, "python"),
            )
        )
        observe_rows.append(
            (
                "hoyle.vector, observe(obs, mask) (python, B=16)",
                table_runner(16, None, True, "python"),
            )
        )
    randoms = with_ratios(measure(random_rows, args.seconds, args.rounds), "deals_per_s")
    observed = with_ratios(measure(observe_rows, args.seconds, args.rounds), "decisions_per_s")
    clock = "wall" if args.wall else "cpu"
    if args.json:
        print(json.dumps({"clock": clock, "random_play": randoms, "observed": observed}, indent=2))
        return 0
    print(
        f"hoyle.vector, {GAME}: medians of {args.rounds} rounds of {args.seconds:g} s "
        f"({clock} time)\n"
    )
    print_table(
        "Random play: whole deals a second",
        randoms,
        "deals_per_s",
        "target: hoyle.vector's random play at least 40x OpenSpiel's deals/s",
    )
    print_table(
        "Decisions a second with the legal mask and the observation written at each",
        observed,
        "decisions_per_s",
        "target: at least 2,000,000 decisions/s with masks and observations",
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
