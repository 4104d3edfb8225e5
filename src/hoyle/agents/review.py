"""A move-by-move review of one seat's game by a search level: which moves cost points.

:func:`review` replays a record and, at each decision of the seat reviewed that had a choice,
asks the level's hint search (:func:`~hoyle.agents.hints.hint`) to value every legal move from
what that seat could see at the time (the search samples the unseen cards from the seat's
information only, as it does in play). The move the level would have played is the ``best``;
what the seat played lost ``cost`` expected points against it: the best move's value less the
played move's, both valued by the same search on the same sampled worlds, and 0 when the seat
played the level's move or one the search values as highly. Costs are in the game's own units
(:func:`~hoyle.agents.hints.value_meaning`): points by the end of the deal.

The values are estimates: a search of a second sees tens of thousands of ways the cards may
lie, so a cost under about a tenth of a point is noise (:data:`NOISE`), and :meth:`Review.
mistakes` leaves such moves out.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hoyle.agents.hints import Hint, hint, value_meaning
from hoyle.core.errors import InvalidOptionError, InvalidSeatError
from hoyle.core.registry import takes_budget
from hoyle.records.model import Record, RecordError
from hoyle.records.timeline import Timeline

__all__ = [
    "NOISE",
    "Decision",
    "Review",
    "ReviewCancelled",
    "SameCards",
    "deal_scores",
    "review",
    "same_cards",
]

NOISE = 0.1
"""Expected points below which a cost is not called a mistake: the search's own spread."""


class ReviewCancelled(Exception):
    """Raised by :func:`review` when its ``cancel`` callback says stop."""


@dataclass(frozen=True)
class Decision:
    """One decision of the seat reviewed, with the level's opinion of it."""

    index: int
    """The position (in :class:`~hoyle.records.timeline.Timeline` terms) the decision was
    taken at: the number of recorded actions before it."""
    label: str
    """Where it was taken: ``1.3`` (deal 1, trick 3)."""
    deal: int
    """The deal it belongs to, from 1."""
    played: str
    """The token of the move the seat played."""
    best: str
    """The token of the move the level would have played."""
    cost: float
    """Expected points the played move lost against the best (0 or more)."""
    values: tuple[Hint, ...]
    """Every legal move with the search's value, the highest first."""
    seconds: float
    """How long the search took."""

    @property
    def agrees(self) -> bool:
        """Whether the move played is the level's or one it values as highly (an equal card)."""
        played = next((h for h in self.values if h.token == self.played), None)
        best = next((h for h in self.values if h.token == self.best), None)
        return self.played == self.best or (
            played is not None and best is not None and played.value >= best.value
        )

    @property
    def mistake(self) -> bool:
        """Whether the cost is more than the search's noise (:data:`NOISE`)."""
        return self.cost > NOISE

    def to_json(self) -> dict[str, Any]:
        """The decision as JSON-ready data."""
        return {
            "index": self.index,
            "label": self.label,
            "deal": self.deal,
            "played": self.played,
            "best": self.best,
            "cost": round(self.cost, 4),
            "mistake": self.mistake,
            "seconds": round(self.seconds, 4),
            "values": [
                {"move": h.token, "value": round(h.value, 4), "visits": h.visits}
                for h in self.values
            ],
        }


@dataclass(frozen=True)
class Review:
    """The review of one seat's game."""

    game: str
    """The game string of the record."""
    seat: int
    """The seat reviewed."""
    name: str
    """That seat's name from the record (``Seat N`` when it names none)."""
    level: str
    """The search level that valued the moves."""
    units: str
    """What costs measure (:func:`~hoyle.agents.hints.value_meaning`)."""
    decisions: list[Decision] = field(default_factory=list)
    """Every decision of the seat that had more than one legal move, in order."""

    @property
    def total(self) -> float:
        """The expected points lost over the whole game."""
        return sum(d.cost for d in self.decisions)

    def loss_by_deal(self) -> dict[int, float]:
        """Expected points lost in each deal the seat had a decision in."""
        out: dict[int, float] = {}
        for d in self.decisions:
            out[d.deal] = out.get(d.deal, 0.0) + d.cost
        return out

    def mistakes(self) -> list[Decision]:
        """The decisions that cost more than the noise, in order of play."""
        return [d for d in self.decisions if d.mistake]

    def costliest(self, count: int = 3) -> list[Decision]:
        """The ``count`` mistakes that cost most, the costliest first."""
        return sorted(self.mistakes(), key=lambda d: (-d.cost, d.index))[:count]

    def to_json(self) -> dict[str, Any]:
        """The review as JSON-ready data."""
        return {
            "game": self.game,
            "seat": self.seat,
            "name": self.name,
            "level": self.level,
            "units": self.units,
            "total": round(self.total, 4),
            "by_deal": {str(k): round(v, 4) for k, v in self.loss_by_deal().items()},
            "costliest": [d.index for d in self.costliest()],
            "decisions": [d.to_json() for d in self.decisions],
        }


Progress = Callable[[int, int, Decision | None], None]
"""Called before each decision is searched as ``(done, total, None)`` and after it as
``(done, total, decision)``."""


def review(
    record: Record,
    seat: int,
    level: str = "expert",
    *,
    seconds: float | None = None,
    simulations: int | None = None,
    seed: int = 0,
    progress: Progress | None = None,
    cancel: Callable[[], bool] | None = None,
    timeline: Timeline | None = None,
) -> Review:
    """Review ``seat``'s decisions in ``record`` with ``level``'s search.

    ``seconds`` and ``simulations`` replace the level's budget for each decision; ``seed``
    makes the review reproducible (each decision's search is seeded from it and the
    decision's position). ``progress`` hears of each decision; ``cancel`` is asked before
    each and stops the review with :class:`ReviewCancelled` when it returns true. A record
    that does not replay raises :class:`~hoyle.records.RecordError` with its line.
    """
    line = timeline if timeline is not None else Timeline(record)
    game = line.game
    if type(seat) is not int or not 0 <= seat < game.num_players:
        raise InvalidSeatError(f"seat {seat!r}: {game.title} has seats 0 to {game.num_players - 1}")
    if not takes_budget(level, game):
        raise InvalidOptionError(
            f"level {level!r} does not search, so it cannot review; use medium, hard or expert"
        )
    chosen = [
        s.index - 1
        for s in line.steps[1:]
        if s.actor == seat and len(line.state(s.index - 1).legal_actions()) > 1
    ]
    names = line.names or []
    out = Review(
        game=game.spec,
        seat=seat,
        name=names[seat] if names else f"Seat {seat}",
        level=level,
        units=value_meaning(game),
    )
    for done, index in enumerate(chosen):
        if cancel is not None and cancel():
            raise ReviewCancelled(f"review cancelled after {done} of {len(chosen)} decisions")
        if progress is not None:
            progress(done, len(chosen), None)
        decision = _judge(line, index, level, seconds, simulations, seed)
        out.decisions.append(decision)
        if progress is not None:
            progress(done + 1, len(chosen), decision)
    return out


def _judge(
    line: Timeline,
    index: int,
    level: str,
    seconds: float | None,
    simulations: int | None,
    seed: int,
) -> Decision:
    """The level's opinion of the move recorded at position ``index``."""
    state = line.state(index)
    played = line.steps[index + 1].token
    assert played is not None  # a position reached by a move has its token
    start = time.perf_counter()
    hints = hint(
        state,
        level,
        seconds=seconds,
        simulations=simulations,
        seed=(seed * 1_000_003 + index) % 2**63,
    )
    spent = time.perf_counter() - start
    action = state.string_to_action(played)
    mine = next(h for h in hints if h.action == action)
    best = next(h for h in hints if h.suggested)
    # The level's move is the yardstick; a move the search values at least as highly (an
    # equal card, or one the guided search keeps from overruling the safe play) costs nothing.
    cost = max(0.0, best.value - mine.value) if best.action != action else 0.0
    return Decision(
        index=index,
        label=line.steps[index].label,
        deal=line.steps[index].progress[0],
        played=played,
        best=best.token,
        cost=cost,
        values=tuple(hints),
        seconds=spent,
    )


@dataclass(frozen=True)
class SameCards:
    """What ``seat`` scored in each deal of another record dealt the same cards."""

    source: str
    """Where the other record came from (its file, or the caller's name for it)."""
    who: str
    """Who held the seat's cards there (the ``Seats`` tag's name, or ``Seat N``)."""
    scores: dict[int, float]
    """Deal number → the seat's score in that deal."""


def deal_scores(timeline: Timeline, seat: int) -> dict[int, float]:
    """``seat``'s score in each finished deal of the game ``timeline`` replays."""
    rows = timeline.view(len(timeline) - 1, seat).observation["deal_scores"]
    return {deal: float(row[seat]) for deal, row in enumerate(rows, start=1)}


def same_cards(record: Record, seat: int, others: dict[str, Record]) -> list[SameCards]:
    """The scores of ``seat`` in ``others`` (name → record) that deal the same cards: the
    same game and seed, as a duplicate match deals every table. A record of another game or
    seed (or one dealt at chance nodes, whose cards the seed does not fix) raises
    :class:`~hoyle.core.errors.InvalidOptionError` saying which."""
    game, seed = record.tags.get("Game"), record.seed
    if seed is None:
        raise InvalidOptionError(
            "the record was dealt at chance nodes (Seed -): no other record is known to hold "
            "the same cards"
        )
    out = []
    for source, other in others.items():
        if other.tags.get("Game") != game or other.seed != seed:
            raise InvalidOptionError(
                f"{source} deals {other.tags.get('Game')} from seed {other.tags.get('Seed')}, "
                f"not {game} from seed {seed}: its cards are not the same"
            )
        try:
            line = Timeline(other)
        except RecordError as exc:
            raise RecordError(f"{source}: {exc}") from None
        names = line.names or []
        who = names[seat] if names else f"Seat {seat}"
        out.append(SameCards(source, who, deal_scores(line, seat)))
    return out
