"""What OpenSpiel's wrapper costs: random matches through ``python_hoyle_<family>`` against hoyle.

For each family one short match (one deal; All Fours one hand; Écarté one point) is played
with uniformly random choices, chance included, ``--games`` times: once on the hoyle state
itself, once through the pyspiel state of :mod:`hoyle.envs.openspiel`. Then, half-way through a
match, it times a pyspiel ``clone()`` and an ``information_state_string`` (one seat's record).

    .venv/bin/python benchmarks/spiel_speed.py
    .venv/bin/python benchmarks/spiel_speed.py --games 50 --json
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

import pyspiel

import hoyle
from hoyle.envs import openspiel

SHORT = {
    "hearts": "deals=1",
    "all-fours": "deals=1",
    "ecarte": "target=1",
    "spite-malice": "deals=1",
}


def _step(state: Any, rng: random.Random) -> None:
    if state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(actions, probs)[0])
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def _play(new_state: Any, games: int) -> tuple[float, int]:
    """Seconds and actions for ``games`` random matches from ``new_state()``."""
    actions = 0
    start = time.perf_counter()
    for seed in range(games):
        state, rng = new_state(), random.Random(seed)
        while not state.is_terminal():
            _step(state, rng)
            actions += 1
    return time.perf_counter() - start, actions


def measure(fam: str, games: int) -> dict[str, Any]:
    """One row: µs per action for hoyle and pyspiel, µs per clone and information state."""
    text = f"{openspiel.spiel_name(fam)}({SHORT.get(fam, '')})"
    game = pyspiel.load_game(text)
    raw_s, raw_n = _play(game.hoyle.new_initial_state, games)
    spiel_s, spiel_n = _play(game.new_initial_state, games)
    state, rng = game.new_initial_state(), random.Random(0)
    for _ in range(spiel_n // games // 2):
        _step(state, rng)
    seat = max(0, state.current_player())
    start = time.perf_counter()
    for _ in range(200):
        state.clone()
    clone = (time.perf_counter() - start) / 200
    start = time.perf_counter()
    for _ in range(50):
        state.information_state_string(seat)
    info = (time.perf_counter() - start) / 50
    return {
        "game": text,
        "actions_per_game": spiel_n / games,
        "hoyle_us_per_action": 1e6 * raw_s / raw_n,
        "pyspiel_us_per_action": 1e6 * spiel_s / spiel_n,
        "clone_us": 1e6 * clone,
        "infostate_us": 1e6 * info,
    }


def main() -> None:
    """Print the table (or JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="random matches per family")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    rows = [measure(fam, args.games) for fam in hoyle.families()]
    if args.json:
        print(json.dumps(rows, indent=1))
        return
    print(
        f"{'game':36} {'actions':>7} {'hoyle µs':>9} {'pyspiel µs':>10} {'clone µs':>9} "
        f"{'infostate µs':>12}"
    )
    for r in rows:
        print(
            f"{r['game']:36} {r['actions_per_game']:7.0f} {r['hoyle_us_per_action']:9.1f} "
            f"{r['pyspiel_us_per_action']:10.1f} {r['clone_us']:9.1f} {r['infostate_us']:12.1f}"
        )


if __name__ == "__main__":
    main()
