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

Every sum is kept exactly (:class:`Moments`), so a summary does not depend on the order the deals
came in: a match played in one process, in worker processes or on a Ray cluster, whose batches
finish in any order, prints the same numbers to the last bit. :class:`Tally` takes one deal at a
time and keeps only those sums, so a study of a million deals need not hold its games.
"""

from __future__ import annotations

import itertools
import math
import statistics
from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from hoyle.arena.results import AgentSummary, GameResult, Interval, PairSummary

__all__ = [
    "Z95",
    "Moments",
    "SeatTally",
    "Tally",
    "agent_summaries",
    "by_deal",
    "deal_means",
    "mean_interval",
    "pair_summaries",
    "tally_from_dict",
    "win_shares",
]

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


def _sqrt_of_ratio(numerator: int, denominator: int) -> float:
    """The square root of ``numerator / denominator`` (both >= 0), correctly rounded.

    An integer square root with at least 60 bits, its last bit set when anything was cut off
    (so a cut value never looks like a tie), then one correctly rounded int division.
    """
    if numerator == 0:
        return 0.0
    k = max(0, 60 - (numerator.bit_length() - denominator.bit_length()) // 2)
    quotient, remainder = divmod(numerator << (2 * k), denominator)
    root = math.isqrt(quotient)
    if remainder or root * root != quotient:
        root |= 1
    return root / (1 << k)


class Moments:
    """The count, sum and sum of squares of float samples, kept exactly.

    Each float is a whole number over a power of two, so the sums are kept as whole numbers
    over one power of two: adding is exact, and the mean and the interval come out the same
    whatever order the samples were added in (and equal to :func:`statistics.fmean`'s mean).

    >>> m = Moments()
    >>> for x in (0.1, 0.2, 0.3):
    ...     m.add(x)
    >>> m.mean() == statistics.fmean([0.3, 0.1, 0.2])
    True
    """

    __slots__ = ("_shift", "_squares", "_sum", "count")

    def __init__(self) -> None:
        self.count = 0
        self._sum = 0  # the sum is _sum / 2**_shift
        self._squares = 0  # the sum of squares is _squares / 2**_shift
        self._shift = 0

    def add(self, x: float) -> None:
        """Count one sample (a finite float)."""
        try:
            numerator, denominator = float(x).as_integer_ratio()
        except (OverflowError, ValueError):
            raise ValueError(f"cannot take the mean of {x!r}") from None
        k = denominator.bit_length() - 1  # denominator == 2**k
        if 2 * k > self._shift:  # x * x needs 2k bits after the point: widen both sums
            grow = 2 * k - self._shift
            self._sum <<= grow
            self._squares <<= grow
            self._shift = 2 * k
        self._sum += numerator << (self._shift - k)
        self._squares += (numerator * numerator) << (self._shift - 2 * k)
        self.count += 1

    def total(self) -> float:
        """The sum, rounded once."""
        return self._sum / (1 << self._shift)

    def mean(self) -> float:
        """The mean (the exact sum rounded once, divided by the count, as ``fmean`` does)."""
        if not self.count:
            raise ValueError("no samples to take a mean of")
        return self.total() / self.count

    def stdev(self) -> float | None:
        """The sample standard deviation (``n - 1``), ``None`` below two samples."""
        n = self.count
        if n < 2:
            return None
        # sum((x - mean)^2) / (n - 1) = (n Q 2^s - S^2) / (n (n - 1) 2^2s), all in integers.
        numerator = n * self._squares * (1 << self._shift) - self._sum * self._sum
        denominator = n * (n - 1) * (1 << (2 * self._shift))
        return _sqrt_of_ratio(numerator, denominator)

    def interval(self) -> Interval:
        """The mean with its 95% interval (normal approximation)."""
        sd = self.stdev()
        half = None if sd is None else Z95 * sd / math.sqrt(self.count)
        return Interval(self.mean(), half, self.count)

    def merge(self, other: Moments) -> None:
        """Add ``other``'s samples (exactly: as if each had been added here)."""
        if other._shift > self._shift:
            grow = other._shift - self._shift
            self._sum <<= grow
            self._squares <<= grow
            self._shift = other._shift
        drop = self._shift - other._shift
        self._sum += other._sum << drop
        self._squares += other._squares << drop
        self.count += other.count

    def to_list(self) -> list[int | str]:
        """The exact state as JSON-safe data: ``[count, shift, sum, squares]``, the two sums
        as hexadecimal text (they outgrow a JSON number, and a database's)."""
        return [self.count, self._shift, hex(self._sum), hex(self._squares)]

    @classmethod
    def from_list(cls, data: Sequence[int | str]) -> Moments:
        """The :class:`Moments` :meth:`to_list` gave, exactly.

        >>> m = Moments()
        >>> m.add(0.1)
        >>> Moments.from_list(m.to_list()).to_list() == m.to_list()
        True
        """
        count, shift, total, squares = data
        moments = cls()
        moments.count, moments._shift = int(count), int(shift)
        moments._sum, moments._squares = int(str(total), 16), int(str(squares), 16)
        return moments


def mean_interval(samples: Iterable[float]) -> Interval:
    """The mean of ``samples`` with a 95% interval (normal approximation).

    >>> mean_interval([1.0, 2.0, 3.0]).half_width  # 1.96 * 1 / sqrt(3)
    1.13158...
    """
    moments = Moments()
    for x in samples:
        moments.add(x)
    return moments.interval()


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


def by_deal(games: Iterable[GameResult]) -> Iterator[list[GameResult]]:
    """The games grouped by deal, in order of deal (each group in order of rotation)."""
    groups: defaultdict[int, list[GameResult]] = defaultdict(list)
    for game in games:
        groups[game.deal].append(game)
    for deal in sorted(groups):
        yield sorted(groups[deal], key=lambda g: g.rotation)


def deal_means(games: Sequence[GameResult], name: str) -> dict[int, float]:
    """Per deal, ``name``'s mean return over all its seats in all that deal's games."""
    means = {}
    for deal in by_deal(games):
        values = [r for g in deal for s, r in zip(g.seats, g.returns, strict=True) if s == name]
        if values:
            means[deal[0].deal] = statistics.fmean(values)
    return means


class _AgentTally:
    __slots__ = ("deals", "games", "moves", "returns", "scores", "seats", "think", "wins")

    def __init__(self) -> None:
        self.seats = 0
        self.games = 0
        self.deals = 0
        self.moves = 0
        self.think = Moments()  # only its exact sum is used: think times in any order
        self.returns = Moments()  # one sample per deal: the agent's mean return in it
        self.wins = Moments()  # one sample per deal: its mean share of the games' wins
        self.scores = Moments()  # one sample per game: its mean score over its seats


class Tally:
    """Summaries of a match built one deal at a time, keeping only exact sums.

    Feed it every game of a deal at once (:meth:`add_deal`); the deals may come in any order.
    :meth:`agents` and :meth:`pairs` then give what :func:`agent_summaries` and
    :func:`pair_summaries` give for the same games.
    """

    def __init__(self, names: Sequence[str]) -> None:
        self.names = list(names)
        self._agents = {name: _AgentTally() for name in self.names}
        self._pairs = {pair: Moments() for pair in itertools.combinations(self.names, 2)}
        self.games = 0
        self.deals = 0

    def add_deal(self, games: Sequence[GameResult]) -> None:
        """Count one deal: every game played on it (all its rotations)."""
        if not games:
            return
        self.games += len(games)
        self.deals += 1
        means: dict[str, float] = {}
        for name, tally in self._agents.items():
            returns: list[float] = []
            wins: list[float] = []
            for game in games:
                if name not in game.seats:
                    continue
                shares = win_shares(game.returns)
                mine = [s for s, seat in enumerate(game.seats) if seat == name]
                if not tally.games:
                    tally.seats = len(mine)
                tally.games += 1
                returns.extend(game.returns[s] for s in mine)
                wins.append(sum(shares[s] for s in mine))
                tally.scores.add(statistics.fmean(game.scores[s] for s in mine))
                tally.moves += sum(game.moves[s] for s in mine)
                for s in mine:
                    tally.think.add(game.think_s[s])
            if returns:
                tally.deals += 1
                means[name] = statistics.fmean(returns)
                tally.returns.add(means[name])
                tally.wins.add(statistics.fmean(wins))
        for (first, second), moments in self._pairs.items():
            if first in means and second in means:
                moments.add(means[first] - means[second])

    def add_games(self, games: Iterable[GameResult]) -> None:
        """Count games holding whole deals (such as one batch), grouping them by deal."""
        for deal in by_deal(games):
            self.add_deal(deal)

    def merge(self, other: Tally) -> None:
        """Add the deals ``other`` counted (a batch's tally, made where the batch was played)."""
        if other.names != self.names:
            raise ValueError(f"cannot merge a tally of {other.names} into one of {self.names}")
        self.games += other.games
        self.deals += other.deals
        for name, mine in self._agents.items():
            theirs = other._agents[name]
            if not mine.games:
                mine.seats = theirs.seats
            mine.games += theirs.games
            mine.deals += theirs.deals
            mine.moves += theirs.moves
            for field in ("think", "returns", "wins", "scores"):
                getattr(mine, field).merge(getattr(theirs, field))
        for pair, moments in self._pairs.items():
            moments.merge(other._pairs[pair])

    def to_dict(self) -> dict[str, Any]:
        """The exact sums as JSON-safe data (a study stores each batch's tally so)."""
        return {
            "kind": "agents",
            "names": self.names,
            "games": self.games,
            "deals": self.deals,
            "agents": {
                name: {
                    "seats": t.seats,
                    "games": t.games,
                    "deals": t.deals,
                    "moves": t.moves,
                    **{f: getattr(t, f).to_list() for f in ("think", "returns", "wins", "scores")},
                }
                for name, t in self._agents.items()
            },
            "pairs": [moments.to_list() for moments in self._pairs.values()],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Tally:
        """The :class:`Tally` :meth:`to_dict` gave, exactly."""
        tally = cls(data["names"])
        tally.games, tally.deals = int(data["games"]), int(data["deals"])
        for name, mine in tally._agents.items():
            saved = data["agents"][name]
            mine.seats, mine.games = int(saved["seats"]), int(saved["games"])
            mine.deals, mine.moves = int(saved["deals"]), int(saved["moves"])
            for field in ("think", "returns", "wins", "scores"):
                setattr(mine, field, Moments.from_list(saved[field]))
        for pair, saved in zip(list(tally._pairs), data["pairs"], strict=True):
            tally._pairs[pair] = Moments.from_list(saved)
        return tally

    def agents(self) -> list[AgentSummary]:
        """One :class:`AgentSummary` per name, in the order given."""
        summaries = []
        for name, tally in self._agents.items():
            if not tally.games:
                raise ValueError(f"agent {name!r} played no game")
            think = tally.think.total()
            summaries.append(
                AgentSummary(
                    name=name,
                    seats=tally.seats,
                    games=tally.games,
                    deals=tally.deals,
                    mean_return=tally.returns.interval(),
                    win_rate=tally.wins.interval(),
                    mean_score=tally.scores.mean(),
                    think_ms=1000.0 * think / tally.moves if tally.moves else None,
                )
            )
        return summaries

    def pairs(self) -> list[PairSummary]:
        """For each pair of names that shared a deal, first's deal mean minus second's."""
        return [
            PairSummary(first, second, moments.interval())
            for (first, second), moments in self._pairs.items()
            if moments.count
        ]


class SeatTally:
    """Per seat, the exact sums of returns and scores over games (``hoyle simulate``)."""

    def __init__(self, players: int) -> None:
        self.games = 0
        self.returns = [Moments() for _ in range(players)]
        self.scores = [Moments() for _ in range(players)]

    def add_games(self, games: Iterable[GameResult]) -> None:
        """Count games, each a sample of every seat's return and score."""
        for game in games:
            self.games += 1
            for seat, (ret, score) in enumerate(zip(game.returns, game.scores, strict=True)):
                self.returns[seat].add(ret)
                self.scores[seat].add(score)

    def merge(self, other: SeatTally) -> None:
        """Add the games ``other`` counted."""
        if len(other.returns) != len(self.returns):
            raise ValueError("cannot merge tallies of tables of different sizes")
        self.games += other.games
        for mine, theirs in zip(
            self.returns + self.scores, other.returns + other.scores, strict=True
        ):
            mine.merge(theirs)

    def to_dict(self) -> dict[str, Any]:
        """The exact sums as JSON-safe data."""
        return {
            "kind": "seats",
            "games": self.games,
            "returns": [m.to_list() for m in self.returns],
            "scores": [m.to_list() for m in self.scores],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SeatTally:
        """The :class:`SeatTally` :meth:`to_dict` gave, exactly."""
        tally = cls(len(data["returns"]))
        tally.games = int(data["games"])
        tally.returns = [Moments.from_list(m) for m in data["returns"]]
        tally.scores = [Moments.from_list(m) for m in data["scores"]]
        return tally


def tally_from_dict(data: dict[str, Any]) -> Tally | SeatTally:
    """A :class:`Tally` or :class:`SeatTally` from its ``to_dict``."""
    return Tally.from_dict(data) if data["kind"] == "agents" else SeatTally.from_dict(data)


def agent_summaries(games: Sequence[GameResult], names: Sequence[str]) -> list[AgentSummary]:
    """One :class:`AgentSummary` per name, from the games of a match."""
    tally = Tally(names)
    tally.add_games(games)
    return tally.agents()


def pair_summaries(games: Sequence[GameResult], names: Sequence[str]) -> list[PairSummary]:
    """For each pair of names (in the given order), the per-deal difference of mean returns."""
    tally = Tally(names)
    tally.add_games(games)
    return tally.pairs()
