"""How strong hoyle's computer players are, from duplicate matches with 95% intervals.

Four tables, each from :func:`hoyle.arena.match` (the same deals played with the seats rotated,
intervals over deal means):

1. **Hearts against OpenSpiel**: ``expert`` against OpenSpiel's C++ IS-MCTS bot
   (``openspiel-ismcts``: random rollouts, UCT c=2), both with the same time per move
   (``--seconds``, 0.05 by default), two seats each, one-deal Hearts. The figure is expert's
   points per deal better than the bot's (penalty points: fewer is better).
2. **The Hearts ladder**: expert against hard, hard against medium, medium against easy, easy
   against random, on one-deal Hearts at each level's own budget.
3. **Every family**: expert against easy and easy against random in All Fours (Seven Up, Auction
   Pitch, Trinidad; one hand each), Écarté (one hand: ``deals=1``, which returns its points)
   and Spite and Malice (one deal), where those families are installed.
4. **Think time**: the median and 95th percentile of seconds per move for each level and family,
   from positions of games between easy players.

The matches a result needs are large (the OpenSpiel row wants 1,000 deals), and expert thinks
up to a second a move: the defaults take hours on two cores. ``--scale`` multiplies every
number of deals (``--scale 0.05`` for a look in minutes), ``--budget-scale`` multiplies the
levels' think time in the ladder and family tables (``0.1``: expert 0.09 s a move, hard 0.03 s,
medium 0.01 s; the levels keep their order), ``--budget-by simulations`` scales their
simulations instead (``--budget-scale 0.4``: hard 600, medium 160), which a busy machine does
not shorten, ``--only`` picks tables, and ``--workers`` plays deals in parallel.

Run: ``.venv/bin/python benchmarks/strength.py [--scale F] [--budget-scale B] [--budget-by W]
[--only openspiel,ladder,families,time] [--seconds S] [--workers K] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from dataclasses import dataclass
from typing import Any

import hoyle
from hoyle import arena
from hoyle.agents.levels import LEVEL_BUDGETS
from hoyle.core.registry import agent_names

HEARTS = "hearts(deals=1)"
OPENSPIEL_HEARTS = "hearts(deals=1,pass_cycle=left)"
"""One deal under rules OpenSpiel's Hearts has (its defaults: pass left, moon adds 26)."""
FAMILY_GAMES = (
    "all-fours(variant=seven-up,deals=1)",
    "all-fours(variant=auction-pitch,deals=1)",
    "all-fours(variant=trinidad,deals=1)",
    "ecarte(deals=1)",
    "spite-malice(deals=1)",
)
LEVELS = ("random", "easy", "medium", "hard", "expert")


@dataclass
class Row:
    """One pair's duplicate match."""

    table: str
    game: str
    first: str
    second: str
    deals: int
    difference: float
    low: float | None
    high: float | None
    first_score: float
    second_score: float
    seconds: float

    @property
    def verdict(self) -> str:
        """Which side the interval says is better, if either."""
        if self.low is not None and self.low > 0:
            return f"{self.first} better"
        if self.high is not None and self.high < 0:
            return f"{self.second} better"
        return "no clear difference"


def duplicate(table: str, game: str, first: str, second: str, deals: int, workers: int) -> Row:
    """Play ``first`` against ``second`` on ``deals`` duplicate deals of ``game``."""
    result = arena.match(game, [first, second], deals, workers=workers, seed=1, progress=True)
    pair = result.pair(first, second).difference
    return Row(
        table=table,
        game=game,
        first=first,
        second=second,
        deals=deals,
        difference=pair.mean,
        low=pair.low,
        high=pair.high,
        first_score=result.agent(first).mean_score,
        second_score=result.agent(second).mean_score,
        seconds=result.elapsed_s,
    )


def known(game: str) -> bool:
    """Whether ``game``'s family is installed."""
    try:
        hoyle.load(game)
    except hoyle.HoyleError:
        return False
    return True


def think_times(game: str, level: str, moves: int, seed: int = 0) -> list[float]:
    """Seconds ``level`` takes per decision, at positions of games between easy players."""
    loaded = hoyle.load(game)
    bot = hoyle.agent(level, loaded, seed=seed)
    easy = hoyle.agent("easy", loaded, seed=seed)
    rng = random.Random(seed)
    times: list[float] = []
    deal = 0
    while len(times) < moves:
        state = loaded.new_initial_state(seed=seed + deal)
        deal += 1
        while not state.is_terminal() and len(times) < moves:
            if state.is_chance_node():
                actions = [a for a, _ in state.chance_outcomes()]
                state.apply_action(rng.choice(actions))
                continue
            if len(state.legal_actions()) > 1 and rng.random() < 0.5:
                start = time.perf_counter()
                bot.step(state)
                times.append(time.perf_counter() - start)
            state.apply_action(easy.step(state))
    return times


def percentile(values: list[float], share: float) -> float:
    """The ``share`` quantile (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    """Run the tables asked for and print them (or JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every deal count")
    parser.add_argument("--only", default="openspiel,ladder,families,time")
    parser.add_argument("--seconds", type=float, default=0.05, help="think time against OpenSpiel")
    parser.add_argument(
        "--budget-scale", type=float, default=1.0, help="multiply the levels' think time"
    )
    parser.add_argument(
        "--budget-by",
        choices=("seconds", "simulations"),
        default="seconds",
        help="scale the levels' seconds (default) or their simulations, which play the same "
        "on a busy machine",
    )
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--moves", type=int, default=40, help="moves timed per level and game")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    tables = set(args.only.split(","))

    def deals(count: int) -> int:
        return max(2, round(count * args.scale))

    def level(name: str) -> str:
        """The level's word, with its budget scaled when ``--budget-scale`` asks (its seconds,
        or with ``--budget-by simulations`` its simulations and no time limit)."""
        if name not in ("medium", "hard", "expert"):
            return name
        budget = LEVEL_BUDGETS[name]
        if args.budget_by == "simulations":
            assert budget.simulations is not None
            return f"{name}(simulations={max(1, round(budget.simulations * args.budget_scale))})"
        if args.budget_scale == 1.0:
            return name
        assert budget.seconds is not None
        return f"{name}(seconds={budget.seconds * args.budget_scale:g})"

    rows: list[Row] = []
    notes: list[str] = []
    if "openspiel" in tables:
        if "openspiel-ismcts" in agent_names(hoyle.load(OPENSPIEL_HEARTS)):
            budget = f"(seconds={args.seconds})"
            rows.append(
                duplicate(
                    "openspiel",
                    OPENSPIEL_HEARTS,
                    f"expert{budget}",
                    f"openspiel-ismcts{budget}",
                    deals(1000),
                    args.workers,
                )
            )
        else:
            notes.append("openspiel: open_spiel is not installed; the row is skipped")
    if "ladder" in tables:
        for first, second in zip(LEVELS[:0:-1], LEVELS[-2::-1], strict=True):
            rows.append(
                duplicate("ladder", HEARTS, level(first), level(second), deals(300), args.workers)
            )
    if "families" in tables:
        for game in FAMILY_GAMES:
            if not known(game):
                notes.append(f"families: {game} is not installed; skipped")
                continue
            for first, second in ((level("expert"), "easy"), ("easy", "random")):
                rows.append(duplicate("families", game, first, second, deals(200), args.workers))
    timing: list[dict[str, Any]] = []
    if "time" in tables:
        for game in (HEARTS, *FAMILY_GAMES):
            if not known(game):
                continue
            for level in LEVELS[2:]:
                times = think_times(game, level, args.moves)
                timing.append(
                    {
                        "game": game,
                        "level": level,
                        "moves": len(times),
                        "median_s": statistics.median(times),
                        "p95_s": percentile(times, 0.95),
                    }
                )
    report(rows, timing, notes, args.json)
    return 0


def report(rows: list[Row], timing: list[dict[str, Any]], notes: list[str], as_json: bool) -> None:
    """Print the tables, or one JSON object."""
    if as_json:
        data = {
            "python": platform.python_version(),
            "matches": [{**row.__dict__, "verdict": row.verdict} for row in rows],
            "think_time": timing,
            "notes": notes,
        }
        print(json.dumps(data, indent=2))
        return
    print(f"Duplicate matches, 95% intervals over deals (Python {platform.python_version()})")
    print()
    header = (
        f"{'table':<10}{'game':<42}{'first - second':<52}{'deals':>6}"
        f"{'difference':>12}  {'95% CI':<20}verdict"
    )
    print(header)
    print("-" * len(header))
    for row in rows:
        ci = "n/a" if row.low is None else f"[{row.low:+.3f}, {row.high:+.3f}]"
        print(
            f"{row.table:<10}{row.game:<42}{row.first + ' - ' + row.second:<52}{row.deals:>6}"
            f"{row.difference:>+12.3f}  {ci:<20}{row.verdict}"
        )
    if timing:
        print()
        print(f"{'game':<42}{'level':<8}{'moves':>6}{'median s':>10}{'p95 s':>9}")
        for entry in timing:
            print(
                f"{entry['game']:<42}{entry['level']:<8}{entry['moves']:>6}"
                f"{entry['median_s']:>10.3f}{entry['p95_s']:>9.3f}"
            )
    for note in notes:
        print(note)
    print()
    print(
        "difference: the first agent's mean return per deal minus the second's (one-deal "
        "Hearts: penalty points saved; one hand of All Fours or Écarté: the hand's points; "
        "one deal of Spite and Malice: the deal's points, which the winner scores from the goal "
        "cards the others have left)."
    )


if __name__ == "__main__":
    sys.exit(main())
