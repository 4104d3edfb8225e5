"""Simulations a second of every search level in Hearts, beside OpenSpiel's C++ IS-MCTS.

Positions of the trick play of one-deal Hearts (Black Lady, no pass, so both engines play the
same rules from the first lead) are reached by random play, the same number after each count
of finished tricks on both sides. At each, every row searches with a fixed number of
simulations, and a row's figure is the median over positions of simulations ÷ seconds; the
rows take turns position by position, so a busy machine slows them alike. The ratio is to
OpenSpiel's ``ISMCTSBot`` (random rollouts, the bot hoyle's ``openspiel-ismcts`` wraps),
driven from Python as a user would.

    .venv/bin/python benchmarks/search_speed.py                  # 24 positions a row
    .venv/bin/python benchmarks/search_speed.py --positions 8 --json

A hoyle row runs the compiled core where it was built (``compiled``: yes) and steps Python
states otherwise; ``expert-python`` always steps Python states (expert as it was before the
compiled core). One PIMC simulation is one move tried in one world, as one IS-MCTS simulation
is one walk down the tree and one playout.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import hoyle
from hoyle.games.hearts import fast

GAME = "hearts(deals=1,pass_cycle=hold)"


def _hoyle_positions(count: int, seed: int) -> list[Any]:
    game = hoyle.load(GAME)
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        tricks = len(found) % 12  # 0 … 11 tricks finished, in turn
        state = game.new_initial_state(seed=rng.getrandbits(32))
        while len(state._tricks) < tricks or len(state.legal_actions()) < 2:
            state.apply_action(rng.choice(state.legal_actions()))
            if state.is_terminal():
                break
        if not state.is_terminal():
            found.append(state)
    return found


def _spiel_positions(count: int, seed: int) -> list[Any]:
    import pyspiel

    game = pyspiel.load_game("hearts", {"pass_cards": False})
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        tricks = len(found) % 12
        state = game.new_initial_state()
        played = 0
        while not state.is_terminal():
            if state.is_chance_node():
                actions = [a for a, _ in state.chance_outcomes()]
                state.apply_action(rng.choice(actions))
                continue
            legal = state.legal_actions()
            if played >= 4 * tricks and len(legal) > 1:
                break
            state.apply_action(rng.choice(legal))
            played += 1
        if not state.is_terminal():
            found.append(state)
    return found


def _time_hoyle(name: str, simulations: int) -> Callable[[Any], float]:
    game = hoyle.load(GAME)
    agent: Any = hoyle.agent(name, game, seed=1, simulations=simulations)

    def run(state: Any) -> float:
        start = time.perf_counter()
        agent.step(state)
        return agent.simulations / (time.perf_counter() - start)

    return run


def _time_spiel(simulations: int) -> Callable[[Any], float]:
    import pyspiel

    evaluator = pyspiel.RandomRolloutEvaluator(1, 1)
    bot = pyspiel.ISMCTSBot(
        1,
        evaluator,
        2.0,
        simulations,
        -1,
        pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
        False,
        False,
    )

    def run(state: Any) -> float:
        start = time.perf_counter()
        bot.step(state)
        return simulations / (time.perf_counter() - start)

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=24, help="positions a row")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    rows: dict[str, tuple[Callable[[Any], float], list[Any]]] = {}
    hoyle_positions = _hoyle_positions(args.positions, args.seed)
    try:
        spiel_positions = _spiel_positions(args.positions, args.seed)
        rows["OpenSpiel ISMCTSBot (C++)"] = (_time_spiel(4000), spiel_positions)
    except ImportError:
        spiel_positions = []
    for name, sims in (
        ("expert", 60_000),
        ("hard", 60_000),
        ("medium", 60_000),
        ("pimc", 60_000),
        ("expert-python", 600),
        ("ismcts", 20_000),
        ("ismcts-pw", 600),
    ):
        rows[f"hoyle {name}"] = (_time_hoyle(name, sims), hoyle_positions)
    rates: dict[str, list[float]] = {label: [] for label in rows}
    labels = list(rows)
    for i in range(args.positions):
        for label in labels[i % len(labels) :] + labels[: i % len(labels)]:
            run, positions = rows[label]
            rates[label].append(run(positions[i].clone()))
    medians = {label: statistics.median(found) for label, found in rates.items()}
    reference = medians.get("OpenSpiel ISMCTSBot (C++)")
    if args.json:
        print(json.dumps({"compiled": fast.available(), "simulations_per_second": medians}))
        return
    print(
        f"Hearts search, simulations a second, median of {args.positions} positions "
        f"(compiled core: {'yes' if fast.available() else 'no'})"
    )
    print(f"{'row':32} {'sims/s':>10} {'vs OpenSpiel':>13}")
    for label, rate in medians.items():
        ratio = f"{rate / reference:.2f}x" if reference else "-"
        print(f"{label:32} {rate:10.0f} {ratio:>13}")
    if reference:
        best = medians["hoyle expert"] / reference
        print(f"target: expert ≥ 1.0x OpenSpiel's IS-MCTS: {'met' if best >= 1 else 'not met'}")


if __name__ == "__main__":
    main()
