"""How strong the Spite and Malice players are: planner against easy against random.

Each pairing plays ``--games`` two-player one-deal games of a preset (``standard`` by default),
the seats swapped every game and each game dealt from its own seed, so both players get every
deal from each side of the table over a pair of games. A game is won by the player who scores
more in the deal — by going out, or, when the deal is blocked, by being closer to it; equal
points are a tie and count half. The table gives each pairing's win rate for the first player
with a 95% confidence interval (Wilson's), how many deals each side
went out in, and the planner's median and 95th-percentile thinking time per turn (all its
moves of one turn together).

Run: ``PYTHONPATH=src .venv/bin/python benchmarks/spite_malice_strength.py [--games N]
[--variant V] [--pairs planner-easy,easy-random,planner-random]``.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from dataclasses import dataclass, field

import hoyle


@dataclass
class Tally:
    """One pairing's results."""

    first: str
    second: str
    scores: list[float] = field(default_factory=list)  # 1 win, 0.5 tie, 0 loss (first)
    went_out: list[int] = field(default_factory=lambda: [0, 0])
    turn_times: dict[str, list[float]] = field(default_factory=dict)
    seconds: float = 0.0

    def rate(self) -> tuple[float, float, float]:
        """The first player's mean score and its 95% Wilson interval (ties count half)."""
        n = len(self.scores)
        p = statistics.fmean(self.scores)
        z = 1.96
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return p, centre - half, centre + half


def play_pairing(first: str, second: str, games: int, variant: str) -> Tally:
    """``games`` one-deal games, seats swapped each game."""
    game = hoyle.load("spite-malice", variant=variant, deals=1)
    tally = Tally(first, second)
    start = time.perf_counter()
    for k in range(games):
        names = [first, second] if k % 2 == 0 else [second, first]
        agents = [hoyle.agent(name, game, seed=1000 * k + s) for s, name in enumerate(names)]
        state = game.new_initial_state(seed=k)
        turn_key: tuple[int, int] | None = None
        spent = 0.0
        while not state.is_terminal():
            seat = state.current_player()
            key = (seat, state.progress()[2])
            if key != turn_key:
                if turn_key is not None:
                    tally.turn_times.setdefault(names[turn_key[0]], []).append(spent)
                turn_key, spent = key, 0.0
            tick = time.perf_counter()
            action = agents[seat].step(state)
            spent += time.perf_counter() - tick
            state.apply_action(action)
        points = state.returns()
        a = names.index(first)
        mine, theirs = points[a], points[1 - a]
        tally.scores.append(1.0 if mine > theirs else 0.0 if mine < theirs else 0.5)
        items = state.observation(None)["results"][-1]["items"]
        winner = next((item["seat"] for item in items if item["kind"] == "out"), None)
        if winner is not None:
            tally.went_out[0 if winner == a else 1] += 1
    tally.seconds = time.perf_counter() - start
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=500, help="games per pairing (500)")
    parser.add_argument("--variant", default="standard", help="the preset (standard)")
    parser.add_argument(
        "--pairs",
        default="planner-easy,easy-random,planner-random",
        help="pairings as first-second, comma-separated",
    )
    args = parser.parse_args(argv)
    tallies = []
    for pair in args.pairs.split(","):
        first, second = pair.strip().split("-")
        tally = play_pairing(first, second, args.games, args.variant)
        tallies.append(tally)
        print(f"  {first} v {second}: done in {tally.seconds:.0f} s", file=sys.stderr)
    print(f"Spite and Malice ({args.variant}), two players, one deal a game, seats swapped")
    print(f"{'pairing':<20}{'games':>7}{'win rate':>10}{'95% CI':>18}{'went out':>12}{'s':>7}")
    for t in tallies:
        mean, low, high = t.rate()
        ci = f"{low:.3f}–{high:.3f}"
        out = f"{t.went_out[0]}/{t.went_out[1]}"
        print(
            f"{t.first + ' v ' + t.second:<20}{len(t.scores):>7}{mean:>10.3f}{ci:>18}"
            f"{out:>12}{t.seconds:>7.0f}"
        )
    times = [x for t in tallies for x in t.turn_times.get("planner", [])]
    if times:
        times.sort()
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        print(
            f"planner thinking time per turn: median {statistics.median(times) * 1000:.2f} ms, "
            f"mean {statistics.fmean(times) * 1000:.2f} ms, 95th percentile "
            f"{p95 * 1000:.1f} ms, longest {times[-1] * 1000:.0f} ms over {len(times)} turns"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
