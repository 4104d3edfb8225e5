"""Duplicate events: every table plays the same boards, and each result is scored against the
others who held the same cards.

An organiser sets up an :class:`Event`: the game (family, variant, options: one game string),
the *boards* (each a deal seed: board ``b`` is ``game.new_initial_state(seed=boards[b])`` at
every table), and the *tables*, each a lineup of participants, people or bots, one per seat.

**The rotation.** A table's lineup puts its participants in *positions* 0 … n-1; the
participants at position ``p`` of every table form *seat-line* ``p``. Table ``t`` plays board
``b`` in rotation ``r``: as in the arena (:func:`hoyle.arena.seating.rotate`), every
participant moves ``r`` seats on, so position ``p`` holds seat ``(p + r) mod n``. The
organiser chooses how ``r`` goes (:data:`ROTATIONS`):

- ``full`` (the default), ``r = (t + b) mod n``: at one table participants change seats from
  board to board (over ``n`` boards each holds every seat once), and on one board the tables'
  rotations differ, so seat ``s`` is held by a different seat-line at each table: with ``n``
  tables (or a multiple) every seat-line holds every seat of every board equally often, and a
  seat-line's luck of the cards cancels over the event.
- ``boards``, ``r = b mod n``: every table moves alike, so on one board seat ``s`` is held by
  the same seat-line everywhere and each participant is compared with their own seat-line only
  (as pairs are in a bridge club's Mitchell movement), while still holding every seat in turn.
- ``none``, ``r = 0``: everyone keeps their seat all event (compared within their seat-line,
  always from the same seat: for a game where a seat is a role, such as the dealer's).

Partners stay partners: a rotation moves everyone by the same number of seats.

**Scoring.** The cards of board ``b``, seat ``s`` are held once at every table, by different
participants: those are compared. Each participant's *result* on a board is its return
(``state.returns()``; a partnership's seats count their side's mean), and its *board score*:

- ``difference`` (the default): its result minus the mean result of the others who held the
  same cards. The scores of one set of cards add up to 0, and so do the totals.
- ``matchpoints``: the share of those others it beat, a tie counting half (0 to 1).

The final table adds the board scores: the total decides the places; each line also gives the
mean board score with its 95% interval over boards, by the arena's statistics
(:mod:`hoyle.arena.stats`: the board is the sample, as the deal is in a match).

An event of bots alone plays through with :func:`play_with_bots`, which also gives every
game's record. In the card room, people play the :func:`plan`'s games and the room calls
:func:`score` with what was played so far (:func:`pending` says what is left).

>>> event = make_event("hearts(deals=1)", [["Ana", "Ben", "bot:easy", "bot:easy"],
...                                        ["bot:random", "bot:easy", "Cy", "Dee"]], boards=2)
>>> [p.name for p in event.tables[0]]
['Ana', 'Ben', 'bot:easy', 'bot:easy#2']
>>> [(a.board, a.rotation, a.seats) for a in plan(event)[1]]  # doctest: +NORMALIZE_WHITESPACE
[(0, 1, ('Dee', 'bot:random', 'bot:easy#3', 'Cy')),
 (1, 2, ('Cy', 'Dee', 'bot:random', 'bot:easy#3'))]
"""

from __future__ import annotations

import functools
import json
import math
import random
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from hoyle.arena.results import Interval
from hoyle.arena.runner import agent_seed
from hoyle.arena.seating import rotate
from hoyle.arena.stats import Moments
from hoyle.club.sides import side_results, teams_of
from hoyle.core.errors import HoyleError
from hoyle.core.protocol import Game, State
from hoyle.core.registry import Agent, load, make_agent
from hoyle.i18n import _
from hoyle.records import Record, dumps, from_state

__all__ = [
    "BOT_PREFIX",
    "FORMAT",
    "ROTATIONS",
    "SCORINGS",
    "Assignment",
    "BoardScore",
    "Event",
    "EventError",
    "EventResult",
    "EventScore",
    "Participant",
    "Played",
    "Standing",
    "format_table",
    "make_event",
    "participant",
    "pending",
    "plan",
    "play_game",
    "play_with_bots",
    "rating_names",
    "record_path",
    "rotation_of",
    "score",
]

BOT_PREFIX = "bot:"
"""A participant written ``bot:<level>`` is a bot of that level (as the ratings name bots)."""
SCORINGS = ("difference", "matchpoints")
"""The ways a board is scored (see the module docstring)."""
ROTATIONS = ("full", "boards", "none")
"""How the seats turn from board to board and table to table (see the module docstring)."""
FORMAT = 1
"""The version of an event's JSON form."""


class EventError(HoyleError):
    """An event that cannot be set up, played or scored as given."""


@dataclass(frozen=True)
class Participant:
    """Who holds a place at a table: a person, or a bot.

    Attributes:
        name: unique in the event; a bot's is ``bot:<level>``, numbered ``#2``, ``#3`` … when
            the level plays more than once (``bot:easy#2``).
        agent: the bot's level (an agent name for :func:`hoyle.make_agent`), ``None`` for a
            person.
    """

    name: str
    agent: str | None = None

    @property
    def is_bot(self) -> bool:
        """Whether a bot plays this place."""
        return self.agent is not None

    @property
    def rating_name(self) -> str:
        """The name its ratings go under: every bot of one level shares ``bot:<level>``.

        >>> participant("bot:easy#2").rating_name, participant("Ana").rating_name
        ('bot:easy', 'Ana')
        """
        return BOT_PREFIX + self.agent if self.agent is not None else self.name

    def to_dict(self) -> dict[str, Any]:
        """``{"name", "agent"}``."""
        return {"name": self.name, "agent": self.agent}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Participant:
        """The participant :meth:`to_dict` gave."""
        agent = data.get("agent")
        return cls(str(data["name"]), None if agent is None else str(agent))


def participant(text: str) -> Participant:
    """A participant from its name: ``bot:<level>`` (``bot:easy``, ``bot:easy#2``) is a bot.

    >>> participant("bot:expert"), participant("Ana")
    (Participant(name='bot:expert', agent='expert'), Participant(name='Ana', agent=None))
    """
    name = text.strip()
    if name.startswith(BOT_PREFIX):
        level = name[len(BOT_PREFIX) :].split("#")[0].strip()
        return Participant(name, level)
    return Participant(name)


@dataclass(frozen=True)
class Event:
    """A duplicate event: the game, the boards, the tables. Make one with :func:`make_event`.

    Attributes:
        game: the canonical game string every table plays.
        boards: each board's deal seed, in order of play.
        tables: each table's lineup, one participant per seat at rotation 0.
        name: what the organiser calls it (records carry it in their ``Event`` tag).
        scoring: ``difference`` or ``matchpoints`` (see :data:`SCORINGS`).
        rotation: ``full``, ``boards`` or ``none`` (see :data:`ROTATIONS`).
    """

    game: str
    boards: tuple[int, ...]
    tables: tuple[tuple[Participant, ...], ...]
    name: str = ""
    scoring: str = "difference"
    rotation: str = "full"

    def __post_init__(self) -> None:
        game = self.load()
        if self.scoring not in SCORINGS:
            raise EventError(
                _("unknown scoring {scoring!r}; choose {choices}").format(
                    scoring=self.scoring, choices=", ".join(SCORINGS)
                )
            )
        if self.rotation not in ROTATIONS:
            raise EventError(
                _("unknown rotation {rotation!r}; choose {choices}").format(
                    rotation=self.rotation, choices=", ".join(ROTATIONS)
                )
            )
        if not self.boards or len(set(self.boards)) != len(self.boards):
            raise EventError(_("an event needs one board or more, each with its own seed"))
        if len(self.tables) < 2:
            raise EventError(_("a duplicate event compares tables: it needs two tables or more"))
        for number, table in enumerate(self.tables, 1):
            if len(table) != game.num_players:
                raise EventError(
                    _("table {table} has {count} places; {game} is played by {seats}").format(
                        table=number, count=len(table), game=game.spec, seats=game.num_players
                    )
                )
        names = [p.name for p in self.participants]
        for name in names:
            if not name or name != " ".join(name.split()) or "," in name:
                raise EventError(
                    _("{name!r} cannot name a participant: give a name without commas").format(
                        name=name
                    )
                )
        if len(set(names)) != len(names):
            twice = sorted({n for n in names if names.count(n) > 1})
            raise EventError(
                _("each participant plays at one place only: {names} appear twice").format(
                    names=", ".join(twice)
                )
            )
        for level in dict.fromkeys(p.agent for p in self.participants if p.agent is not None):
            make_agent(level, game, 0)  # an unknown level fails here, naming the known ones

    def load(self) -> Game[Any]:
        """The game."""
        return _game(self.game)

    @property
    def seats(self) -> int:
        """The seats at each table."""
        return len(self.tables[0])

    @property
    def participants(self) -> list[Participant]:
        """Everyone, table by table, in lineup order."""
        return [p for table in self.tables for p in table]

    def participant(self, name: str) -> Participant:
        """The participant of this name."""
        for p in self.participants:
            if p.name == name:
                return p
        raise EventError(_("no participant is called {name!r}").format(name=name))

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data."""
        return {
            "format": FORMAT,
            "name": self.name,
            "game": self.game,
            "boards": list(self.boards),
            "tables": [[p.to_dict() for p in table] for table in self.tables],
            "scoring": self.scoring,
            "rotation": self.rotation,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Event:
        """The event :meth:`to_dict` gave (checked again)."""
        if data.get("format") != FORMAT:
            raise EventError(
                _("unknown event format {found!r}; this hoyle reads format {known}").format(
                    found=data.get("format"), known=FORMAT
                )
            )
        return cls(
            game=str(data["game"]),
            boards=tuple(int(b) for b in data["boards"]),
            tables=tuple(
                tuple(Participant.from_dict(p) for p in table) for table in data["tables"]
            ),
            name=str(data.get("name", "")),
            scoring=str(data.get("scoring", "difference")),
            rotation=str(data.get("rotation", "full")),  # events saved before it rotated fully
        )

    def dumps(self) -> str:
        """The event as JSON text."""
        return json.dumps(self.to_dict(), ensure_ascii=False)

    @classmethod
    def loads(cls, text: str) -> Event:
        """The event :meth:`dumps` wrote."""
        return cls.from_dict(json.loads(text))


@functools.lru_cache(maxsize=16)
def _game(spec: str) -> Game[Any]:
    return load(spec)


def make_event(
    game: Game[Any] | str,
    tables: Sequence[Sequence[str | Participant]],
    boards: int | Sequence[int],
    *,
    name: str = "",
    seed: int = 0,
    scoring: str = "difference",
    rotation: str = "full",
    **options: Any,
) -> Event:
    """Set up a duplicate event.

    Args:
        game: a game or a game string (``"hearts(deals=1)"``); ``options`` are added to it as
            :func:`hoyle.load` takes them (``variant="black-maria"``).
        tables: each table's lineup: participants, or names (``bot:<level>`` for a bot; a
            level named more than once is numbered ``bot:easy#2``, ``bot:easy#3`` …).
        boards: the boards' deal seeds, or how many boards: then board ``b`` is dealt from
            ``seed + b`` (as deal ``b`` of an arena match with that seed).
        name: the event's name.
        scoring: ``difference`` or ``matchpoints``.
        rotation: ``full``, ``boards`` or ``none``: how the seats turn.
    """
    loaded = load(game.spec if isinstance(game, Game) else game, **options)
    if isinstance(boards, int):
        if isinstance(boards, bool) or boards < 1:
            raise EventError(_("an event needs one board or more, each with its own seed"))
        seeds = tuple(seed + b for b in range(boards))
    else:
        seeds = tuple(int(b) for b in boards)
    seen: dict[str, int] = defaultdict(int)
    lineups: list[tuple[Participant, ...]] = []
    for table in tables:
        lineup = []
        for entry in table:
            p = entry if isinstance(entry, Participant) else participant(entry)
            if p.is_bot and "#" not in p.name:
                seen[p.name] += 1
                if seen[p.name] > 1:
                    p = Participant(f"{p.name}#{seen[p.name]}", p.agent)
            lineup.append(p)
        lineups.append(tuple(lineup))
    return Event(
        loaded.spec,
        seeds,
        tuple(lineups),
        name=name.strip(),
        scoring=scoring,
        rotation=rotation,
    )


@dataclass(frozen=True)
class Assignment:
    """One game of the event: a board at a table, who holds which seat.

    Attributes:
        table: the table, from 0.
        round: the game's place in the table's order of play, from 0.
        board: the board, from 0.
        seed: the board's deal seed.
        rotation: how many seats the table's lineup moved on (see the module docstring).
        seats: the participant's name in each seat.
    """

    table: int
    round: int
    board: int
    seed: int
    rotation: int
    seats: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready fields."""
        return {
            "table": self.table,
            "round": self.round,
            "board": self.board,
            "seed": self.seed,
            "rotation": self.rotation,
            "seats": list(self.seats),
        }


def rotation_of(event: Event, table: int, board: int) -> int:
    """How many seats table ``table`` moves its lineup on for board ``board``: ``(table +
    board) mod seats`` in a ``full`` rotation, ``board mod seats`` when it rotates by
    ``boards``, 0 for ``none``."""
    if event.rotation == "none":
        return 0
    if event.rotation == "boards":
        return board % event.seats
    return (table + board) % event.seats


def plan(event: Event) -> list[list[Assignment]]:
    """Per table, its games in order of play: every board once, seats rotated."""
    out = []
    for t, table in enumerate(event.tables):
        names = [p.name for p in table]
        games = []
        for b, seed in enumerate(event.boards):
            r = rotation_of(event, t, b)
            games.append(Assignment(t, b, b, seed, r, rotate(names, r)))
        out.append(games)
    return out


@dataclass(frozen=True)
class Played:
    """A finished game of the event: the table, the board, who sat where, how it ended.

    Attributes:
        table: the table, from 0.
        board: the board, from 0.
        seats: the participant in each seat (as the :class:`Assignment` said).
        returns: ``state.returns()`` at the end, per seat.
        scores: ``state.scores()`` at the end, per seat.
    """

    table: int
    board: int
    seats: tuple[str, ...]
    returns: tuple[float, ...]
    scores: tuple[float, ...]

    @classmethod
    def from_state(cls, assignment: Assignment, state: State) -> Played:
        """The game ``assignment`` asked for, finished in ``state``."""
        if not state.is_terminal():
            raise EventError(_("only a finished game can be scored"))
        return cls(
            assignment.table,
            assignment.board,
            assignment.seats,
            tuple(float(r) for r in state.returns()),
            tuple(float(s) for s in state.scores()),
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready fields."""
        return {
            "table": self.table,
            "board": self.board,
            "seats": list(self.seats),
            "returns": list(self.returns),
            "scores": list(self.scores),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Played:
        """The game :meth:`to_dict` gave."""
        return cls(
            int(data["table"]),
            int(data["board"]),
            tuple(str(s) for s in data["seats"]),
            tuple(float(r) for r in data["returns"]),
            tuple(float(s) for s in data["scores"]),
        )


def rating_names(event: Event, assignment: Assignment) -> list[str]:
    """The names the ratings know the game's players by, seat by seat (every bot of a level
    as ``bot:<level>``): for :func:`hoyle.club.ratings.outcome_from_state`."""
    return [event.participant(name).rating_name for name in assignment.seats]


def record_path(event: Event, table: int, board: int) -> str:
    """Where a game's record goes in a folder (or an archive) of the event's records,
    ``table-1/board-01.hrec``: the numbers from 1, padded to the width of the largest, so that
    the files sort in order of play.

    >>> record_path(make_event("hearts(deals=1)", [["bot:easy"] * 4] * 2, boards=12), 1, 2)
    'table-2/board-03.hrec'
    """
    tw, bw = len(str(len(event.tables))), len(str(len(event.boards)))
    return f"table-{table + 1:0{tw}d}/board-{board + 1:0{bw}d}.hrec"


def pending(event: Event, played: Iterable[Played]) -> list[Assignment]:
    """The planned games not played yet, table by table in order of play."""
    done = {(g.table, g.board) for g in played}
    return [a for games in plan(event) for a in games if (a.table, a.board) not in done]


@dataclass(frozen=True)
class BoardScore:
    """One participant's score on one board.

    Attributes:
        board: the board, from 0.
        table: where it was played.
        seat: the seat held (the same cards as that seat at every other table).
        participant: who held it.
        result: its return (a partnership's: its side's mean).
        score: its duplicate score against the others who held the same cards.
        compared: how many others held them.
    """

    board: int
    table: int
    seat: int
    participant: str
    result: float
    score: float
    compared: int

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready fields."""
        return {
            "board": self.board,
            "table": self.table,
            "seat": self.seat,
            "participant": self.participant,
            "result": self.result,
            "score": self.score,
            "compared": self.compared,
        }


@dataclass(frozen=True)
class Standing:
    """One line of an event's final table.

    Attributes:
        place: from 1; equal totals (to rounding) share a place.
        participant: who.
        bot: whether a bot played it.
        boards: the boards scored.
        total: the sum of its board scores (what decides the places).
        mean: the mean board score with its 95% interval over the boards.
        mean_result: its mean result (return) over those boards, before comparing.
    """

    place: int
    participant: str
    bot: bool
    boards: int
    total: float
    mean: Interval
    mean_result: float

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready fields (the mean as ``{"mean", "ci95", "samples"}``)."""
        return {
            "place": self.place,
            "participant": self.participant,
            "bot": self.bot,
            "boards": self.boards,
            "total": self.total,
            "mean": self.mean.to_dict(),
            "mean_result": self.mean_result,
        }


@dataclass(frozen=True)
class EventScore:
    """An event scored: every board score and the final table.

    Attributes:
        scoring: how the boards were scored.
        boards: every participant's score on every board scored, by board, then seat, then
            table.
        table: the final table, best first.
        complete: whether every planned game has been played.
    """

    scoring: str
    boards: tuple[BoardScore, ...]
    table: tuple[Standing, ...]
    complete: bool

    def for_board(self, board: int) -> list[BoardScore]:
        """The scores of one board (from 0)."""
        return [s for s in self.boards if s.board == board]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data."""
        return {
            "scoring": self.scoring,
            "complete": self.complete,
            "table": [s.to_dict() for s in self.table],
            "boards": [s.to_dict() for s in self.boards],
        }


def score(event: Event, played: Iterable[Played]) -> EventScore:
    """Score the games played so far: each board duplicate, then the final table.

    A set of cards (a board's seat) is scored once at least two tables have played it; a
    participant's line adds up its scored boards. Each game must be one the :func:`plan`
    gave (same table, board and seats), played once.
    """
    planned = {(a.table, a.board): a for games in plan(event) for a in games}
    sides = teams_of(event.load())
    holders: defaultdict[tuple[int, int], list[tuple[int, str, float]]] = defaultdict(list)
    seen: set[tuple[int, int]] = set()
    for game in played:
        key = (game.table, game.board)
        expected = planned.get(key)
        if expected is None or expected.seats != game.seats:
            raise EventError(
                _("table {table}, board {board} was not played as the event planned it").format(
                    table=game.table + 1, board=game.board + 1
                )
            )
        if key in seen:
            raise EventError(
                _("table {table}, board {board} is given twice").format(
                    table=game.table + 1, board=game.board + 1
                )
            )
        seen.add(key)
        results = side_results(game.returns, sides)
        for seat, name in enumerate(game.seats):
            holders[(game.board, seat)].append((game.table, name, results[seat]))
    board_scores = []
    for (board, seat), group in sorted(holders.items()):
        if len(group) < 2:
            continue
        group.sort()
        total = math.fsum(r for _, _, r in group)
        others = len(group) - 1
        for table, name, result in group:
            if event.scoring == "difference":
                value = result - (total - result) / others
            else:
                beaten = sum(
                    1.0 if r < result else 0.5 if r == result else 0.0 for _, _, r in group
                )
                value = (beaten - 0.5) / others  # less the half its own result "tied" itself
            board_scores.append(BoardScore(board, table, seat, name, result, value, others))
    return EventScore(
        event.scoring,
        tuple(board_scores),
        _final_table(event, board_scores),
        complete=seen == set(planned),
    )


def _final_table(event: Event, board_scores: Sequence[BoardScore]) -> tuple[Standing, ...]:
    """The standings from the board scores: total first, then name."""
    scores: dict[str, list[float]] = {p.name: [] for p in event.participants}
    results: dict[str, list[float]] = {p.name: [] for p in event.participants}
    for s in board_scores:
        scores[s.participant].append(s.score)
        results[s.participant].append(s.result)
    lines = []
    for p in event.participants:
        moments = Moments()
        for value in scores[p.name]:
            moments.add(value)
        mean = moments.interval() if moments.count else Interval(0.0, None, 0)
        mean_result = math.fsum(results[p.name]) / len(results[p.name]) if results[p.name] else 0.0
        lines.append((math.fsum(scores[p.name]), p, moments.count, mean, mean_result))
    lines.sort(key=lambda line: (-line[0], line[1].name))
    table: list[Standing] = []
    for index, (total, p, count, mean, mean_result) in enumerate(lines):
        # Totals are sums of fractions (a mean of the others): equal up to rounding is a tie.
        tied = table and math.isclose(table[-1].total, total, rel_tol=1e-12, abs_tol=1e-9)
        place = table[-1].place if tied else index + 1
        table.append(Standing(place, p.name, p.is_bot, count, total, mean, mean_result))
    return tuple(table)


@dataclass(frozen=True)
class EventResult:
    """An event played through: every game, its record, and the scores.

    Attributes:
        event: the event.
        played: every game, table by table in order of play.
        records: each game's record, in the same order (tags ``Event``, ``Table``, ``Board``
            from 1, and ``Seats`` with the participants' names).
        score: the scored event.
    """

    event: Event
    played: tuple[Played, ...]
    records: tuple[Record, ...]
    score: EventScore

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data: the event, the games, each record's text, the score."""
        return {
            "event": self.event.to_dict(),
            "played": [g.to_dict() for g in self.played],
            "records": [dumps(rec) for rec in self.records],
            "score": self.score.to_dict(),
        }


def play_with_bots(event: Event, seed: int = 0, *, stand_in: str | None = None) -> EventResult:
    """Play every game of the event with its bots; the games, their records and the score.

    People's places are played by the ``stand_in`` agent (to rehearse an event), else an
    event with people is refused. Each bot is made fresh for each game, seeded from ``seed``,
    the board, the table and the seat; the results depend on nothing else.
    """
    game = event.load()
    people = [p.name for p in event.participants if not p.is_bot]
    if people and stand_in is None:
        raise EventError(
            _("only bots can play the whole event: {names} must play their own games").format(
                names=", ".join(people)
            )
        )
    played: list[Played] = []
    recs: list[Record] = []
    for games in plan(event):
        for a in games:
            state, rec = play_game(event, a, seed, stand_in=stand_in, game=game)
            played.append(Played.from_state(a, state))
            recs.append(rec)
    return EventResult(event, tuple(played), tuple(recs), score(event, played))


def play_game(
    event: Event,
    assignment: Assignment,
    seed: int = 0,
    *,
    stand_in: str | None = None,
    game: Game[Any] | None = None,
) -> tuple[State, Record]:
    """One game of the :func:`plan` played by its bots (people by ``stand_in``): the final
    state and the record, exactly as :func:`play_with_bots` plays it.

    The game depends only on the event, the assignment and ``seed``: games may be played in
    any order, or in different processes, and give the same event.
    """
    game = event.load() if game is None else game
    a = assignment
    agents: list[Agent] = []
    for seat, name in enumerate(a.seats):
        level = event.participant(name).agent or stand_in
        if level is None:
            raise EventError(
                _("only bots can play the whole event: {names} must play their own games").format(
                    names=name
                )
            )
        agents.append(make_agent(level, game, agent_seed(seed, a.board, a.table, seat)))
    state = _play(game, agents, a.seed, random.Random(agent_seed(seed, a.board, -1)))
    tags = {"Table": str(a.table + 1), "Board": str(a.board + 1)}
    if event.name:
        tags = {"Event": event.name, **tags}
    return state, from_state(state, seed=a.seed, seats=a.seats, tags=tags)


def _play(game: Game[Any], agents: Sequence[Agent], seed: int, chance: random.Random) -> State:
    """One game dealt from ``seed`` to the end; a chance node left (rare, with a seed) is
    drawn from ``chance``, seeded by the board alone so that every table sees the same."""
    state = game.new_initial_state(seed=seed)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            actions = [a for a, _ in outcomes]
            state.apply_action(chance.choices(actions, [p for _, p in outcomes])[0])
        else:
            state.apply_action(agents[state.current_player()].step(state))
    return state


def format_table(result: EventScore) -> str:
    """The final table as text: place, participant, boards, total, mean ± half-width.

    >>> line = Standing(1, "Ana", False, 4, 6.5, Interval(1.625, 2.0, 4), -3.0)
    >>> print(format_table(EventScore("difference", (), (line,), True)))
    Place  Participant  Boards     Total  Mean per board
        1  Ana               4     +6.50  +1.62 ± 2.00
    """
    place, who, boards, total = _("Place"), _("Participant"), _("Boards"), _("Total")
    width = max([len(who), *(len(s.participant) for s in result.table)])
    # Each column as wide as its heading too: the headings differ by language.
    pw, bw, tw = max(5, len(place)), max(6, len(boards)), max(8, len(total))
    mean = _("Mean per board")
    head = f"{place:>{pw}}  {who:<{width}}  {boards:>{bw}}  {total:>{tw}}  {mean}"
    lines = [head.rstrip()]
    for s in result.table:
        spread = f" ± {s.mean.half_width:.2f}" if s.mean.half_width is not None else ""
        lines.append(
            f"{s.place:>{pw}}  {s.participant:<{width}}  {s.boards:>{bw}}  {s.total:>+{tw}.2f}  "
            f"{s.mean.mean:+.2f}{spread}".rstrip()
        )
    return "\n".join(lines)
