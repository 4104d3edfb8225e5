"""Decisions per second through the PettingZoo table, beside the bare engine in the same run.

Each row plays one-deal episodes with uniformly random legal actions: the *engine* row loops
``legal_actions()`` / ``apply_action()`` on a seeded state; the *table* row loops PettingZoo's
``last()`` (the observation vector and mask of the seat to act) / ``step()`` on ``raw_env`` with
``max_deals=1``, so its cost is the engine's plus chance resolution, encoding and bookkeeping.

    .venv/bin/python benchmarks/env_speed.py                  # the default preset of each family
    .venv/bin/python benchmarks/env_speed.py --episodes 50 "hearts(variant=black-maria)"
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

import hoyle
from hoyle.core.encoding import has_encoder
from hoyle.envs.pettingzoo import raw_env


def engine_rate(spec: str, episodes: int) -> float:
    """Decisions per second of the bare engine over ``episodes`` one-deal playouts."""
    game = hoyle.load(spec)
    rng = random.Random(0)
    moves, start = 0, time.perf_counter()
    for seed in range(episodes):
        state = game.new_initial_state(seed=seed)
        deal = state.progress()[0]
        while not state.is_terminal() and state.progress()[0] == deal:
            state.apply_action(rng.choice(state.legal_actions()))
            moves += 1
    return moves / (time.perf_counter() - start)


def table_rate(spec: str, episodes: int) -> float:
    """Decisions per second of the PettingZoo table over ``episodes`` one-deal episodes."""
    table = raw_env(spec, max_deals=1)
    rng = np.random.default_rng(0)
    moves, start = 0, time.perf_counter()
    for seed in range(episodes):
        table.reset(seed=seed)
        while not (
            table.terminations[table.agent_selection] or table.truncations[table.agent_selection]
        ):
            obs, *_ = table.last()
            table.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            moves += 1
    return moves / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("specs", nargs="*", help="game strings (default: each family)")
    parser.add_argument("--episodes", type=int, default=200, help="one-deal episodes per row")
    args = parser.parse_args()
    specs = args.specs or [f for f in hoyle.families() if has_encoder(f)]
    print("| game | engine decisions/s | table decisions/s | table / engine |")
    print("|---|---:|---:|---:|")
    for spec in specs:
        bare, table = engine_rate(spec, args.episodes), table_rate(spec, args.episodes)
        print(f"| {spec} | {bare:,.0f} | {table:,.0f} | {table / bare:.2f} |")


if __name__ == "__main__":
    main()
