"""Random playouts of All Fours, preset by preset, beside Hearts in the same run.

Each row plays whole games with random legal choices (bids are passed three times in four, so
that random set-backs do not drag games on) through the public API, seeded deals, and reports
hands per second and actions per second — the median over ``--rounds`` rounds, rows taking
turns within a round so that a slow spell of the machine hits every row alike. The Hearts rows
play one-deal Black Lady and modern games the same way, for scale: an All Fours hand is six
cards each, a Hearts deal thirteen.

Run: ``.venv/bin/python benchmarks/all_fours_speed.py [--seconds S] [--rounds R] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Any

import hoyle

PASS = 56  # All Fours' "pass" action


@dataclass
class Row:
    """One timed kind of playout, with its rates in every round."""

    name: str
    table: str
    spec: str
    hands: list[float] = field(default_factory=list)
    actions: list[float] = field(default_factory=list)


def play(spec: str, seconds: float, rng: random.Random) -> tuple[int, int, float]:
    """Play games of ``spec`` for about ``seconds``; (hands, actions, elapsed)."""
    game = hoyle.load(spec)
    hands = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state(seed=rng.randrange(2**31))
        while not state.is_terminal():
            legal = state.legal_actions()
            if PASS in legal and game.family == "all-fours" and rng.random() < 0.75:
                action = PASS
            else:
                action = rng.choice(legal)
            state.apply_action(action)
            actions += 1
        hands += state.progress()[0]
    return hands, actions, time.perf_counter() - start


def rows() -> list[Row]:
    """Hearts for scale, then every All Fours preset at its default table."""
    out = [
        Row("hearts black-lady", "4 players", "hearts(deals=1)"),
        Row("hearts modern", "4 players", "hearts(variant=modern,deals=1)"),
    ]
    for variant in hoyle.variants("all-fours"):
        game = hoyle.load("all-fours", variant=variant.name)
        out.append(
            Row(
                f"all-fours {variant.name}",
                f"{game.num_players} players",
                f"all-fours(variant={variant.name})",
            )
        )
    return out


def measure(seconds: float, rounds: int, seed: int) -> list[Row]:
    """Every row for ``seconds`` in each of ``rounds`` rounds."""
    table = rows()
    rng = random.Random(seed)
    for _ in range(rounds):
        for row in table:
            hands, actions, elapsed = play(row.spec, seconds, rng)
            row.hands.append(hands / elapsed)
            row.actions.append(actions / elapsed)
    return table


def report(table: list[Row], seconds: float, rounds: int) -> dict[str, Any]:
    """The medians, and each row against Black Lady's deals per second."""
    reference = statistics.median(table[0].hands)
    return {
        "python": platform.python_version(),
        "seconds_per_row": seconds,
        "rounds": rounds,
        "rows": [
            {
                "name": row.name,
                "table": row.table,
                "hands_per_s": round(statistics.median(row.hands), 1),
                "actions_per_s": round(statistics.median(row.actions)),
                "vs_black_lady": round(statistics.median(row.hands) / reference, 2),
            }
            for row in table
        ],
    }


def print_table(result: dict[str, Any]) -> None:
    """The report as a table."""
    print(
        f"Random playouts, seeded deals: {result['seconds_per_row']} s per row per round, "
        f"median of {result['rounds']} rounds (Python {result['python']})"
    )
    print()
    print(f"{'row':34} {'table':>10} {'hands/s':>9} {'actions/s':>10} {'× Black Lady':>13}")
    print("-" * 80)
    for row in result["rows"]:
        print(
            f"{row['name']:34} {row['table']:>10} {row['hands_per_s']:>9.1f} "
            f"{row['actions_per_s']:>10} {row['vs_black_lady']:>12.2f}x"
        )
    print()
    print("hands/s: All Fours hands (Hearts deals) per second; × Black Lady: hands per second")
    print("against one-deal Black Lady's deals per second in the same run.")


def main(argv: list[str] | None = None) -> int:
    """Measure and print (or ``--json``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=0.5, help="time per row per round")
    parser.add_argument("--rounds", type=int, default=3, help="rounds; the median is reported")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random choices")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead")
    args = parser.parse_args(argv)
    result = report(measure(args.seconds, args.rounds, args.seed), args.seconds, args.rounds)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print_table(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
