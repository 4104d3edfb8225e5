"""The match statistics: means with 95% intervals over deals, win shares, pair differences.

The sample is the *deal*, not the game. In a duplicate match the rotations of one deal are
played on the same cards, so their results are correlated (a deal full of hearts is bad for
every seat): treating each game as an independent sample would make the intervals too narrow.
So each agent gets one number per deal — the mean over all its seats in all that deal's
rotations — and the interval is over those deal means. A pair's difference is taken per deal
(first's deal mean minus second's), which cancels the luck of the cards: that interval is what
tells a real gain.

Intervals use the normal approximation (mean ± 1.96 standard errors, sample standard deviation
with ``n - 1``), as ``hoyle simulate`` does; with a few dozen deals or fewer they are a little
too narrow. With fewer than two deals there is no interval.
"""

from __future__ import annotations

import itertools
import math
import statistics
from collections import defaultdict
from collections.abc import Sequence

from hoyle.arena.results import AgentSummary, GameResult, Interval, PairSummary

__all__ = ["Z95", "agent_summaries", "deal_means", "mean_interval", "pair_summaries", "win_shares"]

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


def mean_interval(samples: Sequence[float]) -> Interval:
    """The mean of ``samples`` with a 95% interval (normal approximation).

    >>> mean_interval([1.0, 2.0, 3.0]).half_width  # 1.96 * 1 / sqrt(3)
    1.13158...
    """
    if not samples:
        raise ValueError("no samples to take a mean of")
    mean = statistics.fmean(samples)
    if len(samples) < 2:
        return Interval(mean, None, len(samples))
    return Interval(mean, Z95 * statistics.stdev(samples) / math.sqrt(len(samples)), len(samples))


def win_shares(returns: Sequence[float]) -> list[float]:
    """Each seat's share of the game's win: the seats with the best return split it equally.

    A strict best takes the whole win; two seats tied for best get a half each; when every
    seat ties each gets ``1/n``. The shares of a game add up to 1.

    >>> win_shares([-3.0, 0.0, -13.0, 0.0])
    [0.0, 0.5, 0.0, 0.5]
    """
    best = max(returns)
    winners = sum(1 for r in returns if r == best)
    return [1.0 / winners if r == best else 0.0 for r in returns]


def _per_seat_mean(game: GameResult, name: str, values: Sequence[float]) -> float:
    picked = [v for seat, v in zip(game.seats, values, strict=True) if seat == name]
    return statistics.fmean(picked)


def deal_means(games: Sequence[GameResult], name: str) -> dict[int, float]:
    """Per deal, ``name``'s mean return over all its seats in all that deal's games."""
    by_deal: defaultdict[int, list[float]] = defaultdict(list)
    for game in games:
        for seat, ret in zip(game.seats, game.returns, strict=True):
            if seat == name:
                by_deal[game.deal].append(ret)
    return {deal: statistics.fmean(values) for deal, values in sorted(by_deal.items())}


def _deal_win_rates(games: Sequence[GameResult], name: str) -> list[float]:
    by_deal: defaultdict[int, list[float]] = defaultdict(list)
    for game in games:
        shares = win_shares(game.returns)
        won = sum(s for seat, s in zip(game.seats, shares, strict=True) if seat == name)
        if name in game.seats:
            by_deal[game.deal].append(won)
    return [statistics.fmean(values) for _, values in sorted(by_deal.items())]


def agent_summaries(games: Sequence[GameResult], names: Sequence[str]) -> list[AgentSummary]:
    """One :class:`AgentSummary` per name, from the games of a match."""
    summaries = []
    for name in names:
        played = [g for g in games if name in g.seats]
        if not played:
            raise ValueError(f"agent {name!r} played no game")
        means = deal_means(played, name)
        moves = sum(m for g in played for s, m in zip(g.seats, g.moves, strict=True) if s == name)
        think = sum(t for g in played for s, t in zip(g.seats, g.think_s, strict=True) if s == name)
        summaries.append(
            AgentSummary(
                name=name,
                seats=played[0].seats.count(name),
                games=len(played),
                deals=len(means),
                mean_return=mean_interval(list(means.values())),
                win_rate=mean_interval(_deal_win_rates(played, name)),
                mean_score=statistics.fmean(_per_seat_mean(g, name, g.scores) for g in played),
                think_ms=1000.0 * think / moves if moves else None,
            )
        )
    return summaries


def pair_summaries(games: Sequence[GameResult], names: Sequence[str]) -> list[PairSummary]:
    """For each pair of names (in the given order), the per-deal difference of mean returns."""
    means = {name: deal_means(games, name) for name in names}
    pairs = []
    for first, second in itertools.combinations(names, 2):
        shared = sorted(means[first].keys() & means[second].keys())
        if not shared:
            continue  # never at the same table (cannot happen with one lineup)
        diffs = [means[first][d] - means[second][d] for d in shared]
        pairs.append(PairSummary(first, second, mean_interval(diffs)))
    return pairs
