"""What a match produces: one :class:`GameResult` per game, summaries per agent and per pair.

Every value is a frozen dataclass with a ``to_dict`` that gives JSON-ready data, so the command
line's ``--json``, the database rows and a study's own scripts all read the same numbers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = [
    "AgentSummary",
    "Failure",
    "GameResult",
    "Interval",
    "MatchResult",
    "PairSummary",
]


@dataclass(frozen=True)
class Interval:
    """A sample mean with the half-width of its 95% confidence interval.

    Attributes:
        mean: the mean of the samples.
        half_width: half the interval's width; ``None`` with fewer than two samples.
        samples: how many samples the mean is over.
    """

    mean: float
    half_width: float | None
    samples: int

    @property
    def low(self) -> float | None:
        """The interval's lower end, or ``None`` when it is unknown."""
        return None if self.half_width is None else self.mean - self.half_width

    @property
    def high(self) -> float | None:
        """The interval's upper end, or ``None`` when it is unknown."""
        return None if self.half_width is None else self.mean + self.half_width

    def excludes(self, value: float) -> bool:
        """True when the interval is known and ``value`` lies outside it."""
        low, high = self.low, self.high
        return low is not None and high is not None and not low <= value <= high

    def to_dict(self) -> dict[str, Any]:
        """``{"mean", "ci95": [low, high] or None, "samples"}``."""
        low, high = self.low, self.high
        ci = None if low is None or high is None else [low, high]
        return {"mean": self.mean, "ci95": ci, "samples": self.samples}


@dataclass(frozen=True)
class GameResult:
    """One game of a match: which deal, which rotation, who sat where, and how it ended.

    Attributes:
        deal: the deal's number in the match, from 0.
        seed: the seed the game was dealt from (``new_initial_state(seed=…)``).
        rotation: the seat rotation (0 is the lineup as given; see :mod:`hoyle.arena.seating`).
        seats: the agent name in each seat.
        returns: ``state.returns()`` at the end, per seat (higher is better).
        scores: ``state.scores()`` at the end, per seat, in the game's own units.
        moves: the decisions each seat made.
        think_s: the seconds each seat's agent spent choosing, in all.
    """

    deal: int
    seed: int
    rotation: int
    seats: tuple[str, ...]
    returns: tuple[float, ...]
    scores: tuple[float, ...]
    moves: tuple[int, ...]
    think_s: tuple[float, ...]

    def outcome(self) -> tuple[object, ...]:
        """Everything but the think times, which vary from run to run: equal for a replay."""
        return (self.deal, self.seed, self.rotation, self.seats, self.returns, self.scores)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready fields."""
        return {
            "deal": self.deal,
            "seed": self.seed,
            "rotation": self.rotation,
            "seats": list(self.seats),
            "returns": list(self.returns),
            "scores": list(self.scores),
            "moves": list(self.moves),
            "think_s": list(self.think_s),
        }


@dataclass(frozen=True)
class AgentSummary:
    """One agent's results over a match.

    Attributes:
        name: the agent's name.
        seats: how many seats it holds in each game.
        games: the games it played in.
        deals: the deals it played (the samples of its intervals).
        mean_return: the mean return over all its seats, with its interval over deal means.
        win_rate: its share of the wins (see :func:`hoyle.arena.stats.win_shares`), with its
            interval over deal means.
        mean_score: the mean of ``scores()`` over all its seats.
        think_ms: mean milliseconds per decision, ``None`` if it never had to choose.
    """

    name: str
    seats: int
    games: int
    deals: int
    mean_return: Interval
    win_rate: Interval
    mean_score: float
    think_ms: float | None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready fields."""
        return {
            "name": self.name,
            "seats": self.seats,
            "games": self.games,
            "deals": self.deals,
            "mean_return": self.mean_return.to_dict(),
            "win_rate": self.win_rate.to_dict(),
            "mean_score": self.mean_score,
            "think_ms": self.think_ms,
        }


@dataclass(frozen=True)
class PairSummary:
    """How much better ``first`` did than ``second``: per deal, first's mean minus second's.

    Attributes:
        first: one agent's name.
        second: the other's.
        difference: the mean difference of returns with its interval over deals; an interval
            that excludes 0 is a real difference at the 95% level.
    """

    first: str
    second: str
    difference: Interval

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready fields."""
        return {
            "first": self.first,
            "second": self.second,
            "difference": self.difference.to_dict(),
            "significant": self.difference.excludes(0.0),
        }


@dataclass(frozen=True)
class Failure:
    """Deals that could not be played, with the reason.

    Attributes:
        first: the first deal's number.
        count: how many deals (1 when a deal raised an error; a whole batch when the process
            playing it died, and no one can say which deal did it).
        error: the error, one line (``"ValueError: no legal move"``).
    """

    first: int
    count: int
    error: str

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready fields."""
        return {"first": self.first, "count": self.count, "error": self.error}


@dataclass(frozen=True)
class MatchResult:
    """A whole match: its settings, every game, and the summaries.

    Attributes:
        game: the canonical game string.
        lineup: the agent name per seat in rotation 0.
        seed: the match seed; deal ``i`` is dealt from ``seed + i``.
        deals: how many deals were played.
        duplicate: whether each deal was played once per rotation.
        rotations: the rotations each deal was played in (1 when not duplicate).
        games: every game, ordered by deal then rotation; empty when the match was played
            without keeping its games (a long study streamed to a file).
        agents: one summary per distinct agent, in order of first seat.
        pairs: one summary per pair of distinct agents, in that order.
        elapsed_s: wall-clock seconds the match took.
        workers: the processes (or, on Ray, the CPUs) it ran in.
        played: how many games were played (``len(games)`` when they were kept).
        executor: where it ran, in words (``"1 process"``, ``"Ray at 10.0.0.5:6379"``).
    """

    game: str
    lineup: tuple[str, ...]
    seed: int
    deals: int
    duplicate: bool
    rotations: int
    games: tuple[GameResult, ...]
    agents: tuple[AgentSummary, ...]
    pairs: tuple[PairSummary, ...]
    elapsed_s: float
    workers: int
    played: int = -1
    executor: str = ""
    unit: str = "deal"
    """What ``deals`` counts: ``deal``, or ``game`` when each game runs over several deals
    (``hearts`` to 100; see :func:`hoyle.arena.one_deal`)."""
    failures: tuple[Failure, ...] = ()
    """The deals that could not be played (an error, a process that died), left out of every
    summary; see :attr:`failed_deals`."""
    study: dict[str, Any] | None = None
    """Where the study was recorded (``{"url", "id"}``, and ``"export"`` for Parquet), if it was."""

    @property
    def failed_deals(self) -> int:
        """How many deals could not be played."""
        return sum(f.count for f in self.failures)

    @property
    def mirror(self) -> bool:
        """Whether one agent holds every seat: a mirror match measures the game (how its
        seats fare), not the agent, so it has no win rate and no pair to compare."""
        return len(self.agents) == 1

    @property
    def games_played(self) -> int:
        """How many games were played, kept or not."""
        return self.played if self.played >= 0 else len(self.games)

    def agent(self, name: str) -> AgentSummary:
        """The summary of the agent called ``name``."""
        for summary in self.agents:
            if summary.name == name:
                return summary
        raise KeyError(f"no agent {name!r} in this match; agents: {self.lineup}")

    def pair(self, first: str, second: str) -> PairSummary:
        """``first`` minus ``second`` (the order given, flipping the stored pair if needed)."""
        for pair in self.pairs:
            if (pair.first, pair.second) == (first, second):
                return pair
            if (pair.second, pair.first) == (first, second):
                d = pair.difference
                return PairSummary(first, second, Interval(-d.mean, d.half_width, d.samples))
        raise KeyError(f"no pair {first!r}, {second!r} in this match")

    def to_dict(self, *, games: bool = False) -> dict[str, Any]:
        """JSON-ready summary; with ``games=True`` every game too."""
        data: dict[str, Any] = {
            "game": self.game,
            "lineup": list(self.lineup),
            "seed": self.seed,
            "deals": self.deals,
            "unit": self.unit,
            "duplicate": self.duplicate,
            "rotations": self.rotations,
            "games_played": self.games_played,
            "mirror": self.mirror,
            "agents": [a.to_dict() for a in self.agents],
            "pairs": [p.to_dict() for p in self.pairs],
            "elapsed_s": self.elapsed_s,
            "workers": self.workers,
        }
        if self.executor:
            data["executor"] = self.executor
        data["failed_deals"] = self.failed_deals
        data["failures"] = [f.to_dict() for f in self.failures]
        if self.study is not None:
            data["study"] = dict(self.study)
        if self.mirror:  # winning against oneself every time is no rate of anything
            for agent in data["agents"]:
                agent["win_rate"] = None
        if games:
            data["games"] = [g.to_dict() for g in self.games]
        return data
