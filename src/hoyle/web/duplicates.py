"""Duplicate events in the card room: an organiser's event, its games played at room tables,
scored live, its boards kept secret until every table has played them.

The event itself, its plan (which table plays which board in which seats) and its scoring are
:mod:`hoyle.club.events`'. This module plays that plan in the room:

- **Boards.** A board is a secret: 128 random bits, drawn with :mod:`secrets` when the event
  is made and never sent. Deal ``d`` of a board is dealt from the salt
  ``sha256("hoyle-board:<secret>:<d>")`` (:func:`board_salt`), as any room table deals from a
  salt (:mod:`hoyle.web.fair`); so every table playing the board gets the same cards, and each
  game's record still proves its deals. A board's seed a player could guess would let them
  recompute everyone's hand from their own: hence bits, not a small seed.
- **Tables.** Each event table plays its boards one after another, each at a new room table
  (unrated: an event is scored against the others who held the same cards, not rated). When a
  game ends the next one is made; tables go at their own pace.
- **People.** Each person in the event gets one secret key (shown to the organiser once, kept
  as its SHA-256). It is their invite key at every one of their tables, and their ticket to
  the event page's "your next game".
- **Hidden boards.** Until a board has been played at every table, nothing of it leaves the
  room except to the players at the table playing it: its tables are not listed, refuse
  spectators, and serve no record, replay or review; the event's results count only the
  boards every table has played.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import io
import json
import logging
import secrets
import time
import zipfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import hoyle
from hoyle.club.events import (
    BOT_PREFIX,
    Assignment,
    Event,
    EventError,
    Participant,
    Played,
    make_event,
    plan,
    record_path,
    score,
)
from hoyle.core.errors import HoyleError
from hoyle.core.registry import make_agent
from hoyle.i18n import _, current, using
from hoyle.web.limits import LimitError, baseline_of
from hoyle.web.store import Store, duplicate_games_t, duplicates_t
from hoyle.web.table import Refused, Seat, Table, check_name, hash_key, new_key
from hoyle.web.words import game_title, level_name

if TYPE_CHECKING:
    from hoyle.web.room import Room

__all__ = [
    "BOARD_LIMIT",
    "NAME_LIMIT",
    "TABLE_LIMIT",
    "Duplicates",
    "EventGame",
    "EventRefused",
    "RoomEvent",
    "board_salt",
    "label",
]

log = logging.getLogger(__name__)

BOARD_LIMIT = 32
"""The most boards an event may have."""
TABLE_LIMIT = 8
"""The most tables an event may have."""
NAME_LIMIT = 60
"""The longest event name, in characters."""


def board_salt(secret: int) -> Callable[[int], str]:
    """The salt of each deal of the board whose secret is ``secret``: a function of the deal's
    number, the same at every table."""

    def salt(deal: int) -> str:
        return hashlib.sha256(f"hoyle-board:{secret}:{deal}".encode()).hexdigest()

    return salt


def label(p: Participant) -> str:
    """How a participant is shown: a person by name, a bot by its level in the reader's
    language, numbered when the level plays more than once (``easy 2``)."""
    if p.agent is None:
        return p.name
    number = p.name.partition("#")[2]
    return f"{level_name(p.agent)} {number}".strip()


@dataclass
class EventGame:
    """One game of an event: a board at one of its tables, and the room table playing it."""

    event_id: str
    table: int
    board: int
    round: int
    table_id: str
    played: Played | None = None
    """How it ended, once it has."""


@dataclass
class RoomEvent:
    """An event of the room, with its games so far."""

    id: str
    event: Event
    keys: dict[str, str]
    """Each person's key, as its SHA-256."""
    organiser: str | None = None
    lang: str = "en"
    """The organiser's language: the bots' seats are named in it at every board."""
    status: str = "running"
    created: float = field(default_factory=time.time)
    finished: float | None = None
    games: dict[tuple[int, int], EventGame] = field(default_factory=dict)
    """Every game begun, by (table, board)."""

    def complete(self) -> list[int]:
        """The boards played at every table (only those are shown)."""
        tables = len(self.event.tables)
        return [
            b
            for b in range(len(self.event.boards))
            if all(
                (g := self.games.get((t, b))) is not None and g.played is not None
                for t in range(tables)
            )
        ]

    def played(self) -> list[Played]:
        """Every game over, table by table."""
        return [g.played for _, g in sorted(self.games.items()) if g.played is not None]


class EventRefused(ValueError):
    """An event request that cannot be met; the message says what would do."""


class Duplicates:
    """The room's duplicate events: made, played at room tables, scored, resumed."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self.store: Store = room.store
        self.events: dict[str, RoomEvent] = {}
        self.by_table: dict[str, tuple[str, int, int]] = {}
        """Each event game's room table: (event, table, board)."""
        self._lock = asyncio.Lock()

    # ------------------------------------------------------------------ making an event

    async def create(
        self, body: Mapping[str, Any], organiser: str | None, client: str = ""
    ) -> tuple[RoomEvent, dict[str, str]]:
        """A new event from the organiser's form (see ``docs/club.md``), its first games
        begun; and each person's key (given once, kept only as a hash).

        Raises :class:`EventRefused` with the reason for a bad request and
        :class:`~hoyle.web.limits.LimitError` when the room cannot take its tables.
        """
        event = await asyncio.to_thread(_event_from, body)
        game = event.load()
        limits = self.room.limits
        try:
            limits.check_game(game, baseline_of(game))
            limits.check_levels(p.agent for p in event.participants if p.agent is not None)
        except LimitError as exc:
            raise EventRefused(str(exc)) from None
        live = self.room.live()
        if limits.tables is not None and sum(live.values()) + len(event.tables) > limits.tables:
            raise LimitError(
                _("the room has no room for {n} more tables now; try again when some end").format(
                    n=len(event.tables)
                ),
                429,
            )
        self.room.gate.admit(client, live)
        keys = {p.name: new_key() for p in event.participants if not p.is_bot}
        made = RoomEvent(
            secrets.token_urlsafe(9),
            event,
            {name: hash_key(key) for name, key in keys.items()},
            organiser=organiser,
            lang=current(),
        )
        await asyncio.to_thread(self._save, made)
        self.events[made.id] = made
        async with self._lock:
            for games in plan(event):
                await self._start(made, games[0])
        return made, keys

    def _save(self, made: RoomEvent) -> None:
        with self.store.engine.begin() as conn:
            conn.execute(
                duplicates_t.insert().values(
                    id=made.id,
                    name=made.event.name,
                    spec=made.event.game,
                    organiser=made.organiser,
                    lang=made.lang,
                    event=made.event.dumps(),
                    keys=json.dumps(made.keys),
                    status=made.status,
                    created=made.created,
                )
            )

    async def _start(self, made: RoomEvent, a: Assignment) -> None:
        """Begin game ``a``: its row first (naming the room table), then the table, so that a
        stop between the two is mended by :meth:`catch_up`."""
        game = EventGame(made.id, a.table, a.board, a.round, secrets.token_urlsafe(9))
        await asyncio.to_thread(self._add_game, game)
        await self._open(made, game)
        # Shown (a person's next game, a table's board) only once its table is open: a person
        # sent there a moment sooner would find no table. Its end waits for the lock held here.
        made.games[(a.table, a.board)] = game

    def _add_game(self, game: EventGame) -> None:
        with self.store.engine.begin() as conn:
            conn.execute(
                duplicate_games_t.insert().values(
                    event_id=game.event_id,
                    table_no=game.table,
                    board=game.board,
                    round=game.round,
                    table_id=game.table_id,
                )
            )

    async def _open(self, made: RoomEvent, game: EventGame) -> None:
        """Make the room table of ``game`` and seat it."""
        event = made.event
        a = plan(event)[game.table][game.round]
        settings = self.room.settings
        seats = []
        with using(made.lang):  # whoever's move ended the last board, not their language
            for name in a.seats:
                p = event.participant(name)
                if p.agent is not None:
                    seats.append(Seat("bot", label(p), p.agent))
                else:
                    seats.append(Seat("human", p.name, settings.standin, made.keys[p.name]))
        self.by_table[game.table_id] = (made.id, game.table, game.board)
        table = await asyncio.to_thread(
            Table.create,
            game.table_id,
            event.load(),
            seats,
            self.store,
            settings,
            False,
            board_salt(event.boards[game.board]),
        )
        table.creator = f"event:{made.id}"
        self.room.add(table)

    # ------------------------------------------------------------------ playing it

    def attach(self, table: Table) -> None:
        """Make a room table of an event game deal its board and name its event (the room
        calls this for every table it starts or resumes)."""
        ref = self.by_table.get(table.id)
        if ref is None:
            return
        made = self.events[ref[0]]
        event, board = made.event, ref[2]
        table.salt = board_salt(event.boards[board])
        table.event = {
            "id": made.id,
            "name": event.name,
            "table": ref[1],
            "board": board,
            "boards": len(event.boards),
            "url": f"/events/{made.id}",
        }
        tags = {"Table": str(ref[1] + 1), "Board": str(board + 1)}
        table.record_tags = {"Event": event.name, **tags} if event.name else tags

    async def finished(self, table: Table) -> None:
        """A room table's game is over: if it is an event's, note how it ended and begin that
        event table's next board."""
        ref = self.by_table.get(table.id)
        if ref is None:
            return
        try:
            async with self._lock:
                await self._settle(self.events[ref[0]], ref[1], ref[2], table)
        except Exception:  # an event stalled must not stop the room; catch_up retries it
            log.exception("event %s: table %s could not go on", ref[0], table.id)

    async def _settle(self, made: RoomEvent, t: int, b: int, table: Table) -> None:
        game = made.games[(t, b)]
        if game.played is not None or not table.finished:
            return
        a = plan(made.event)[t][game.round]
        played = Played.from_state(a, table.state)
        planned = len(made.event.tables) * len(made.event.boards)
        last = len(made.games) == planned and all(
            g.played is not None for g in made.games.values() if g is not game
        )
        await asyncio.to_thread(self._finish_game, game, played, last)
        game.played = played
        if last:
            made.status, made.finished = "finished", time.time()
        elif game.round + 1 < len(made.event.boards):
            await self._start(made, plan(made.event)[t][game.round + 1])

    def _finish_game(self, game: EventGame, played: Played, last: bool) -> None:
        now = time.time()
        with self.store.engine.begin() as conn:
            conn.execute(
                duplicate_games_t.update()
                .where(duplicate_games_t.c.table_id == game.table_id)
                .values(played=json.dumps(played.to_dict()), finished=now)
            )
            if last:
                conn.execute(
                    duplicates_t.update()
                    .where(duplicates_t.c.id == game.event_id)
                    .values(status="finished", finished=now)
                )

    # ------------------------------------------------------------------ after a restart

    def load(self) -> int:
        """Read every event and its games from the store; how many events."""
        with self.store.engine.connect() as conn:
            rows = list(conn.execute(duplicates_t.select()))
            games = list(conn.execute(duplicate_games_t.select()))
        for r in rows:
            made = RoomEvent(
                r.id,
                Event.loads(r.event),
                json.loads(r.keys),
                organiser=r.organiser,
                lang=r.lang,
                status=r.status,
                created=r.created,
                finished=r.finished,
            )
            self.events[made.id] = made
        for g in games:
            found = self.events.get(g.event_id)
            if found is None:
                continue
            played = None if g.played is None else Played.from_dict(json.loads(g.played))
            game = EventGame(g.event_id, g.table_no, g.board, g.round, g.table_id, played)
            found.games[(g.table_no, g.board)] = game
            self.by_table[g.table_id] = (g.event_id, g.table_no, g.board)
        return len(rows)

    async def catch_up(self) -> None:
        """Mend what a stop left half done: a game over but not noted (and its next board not
        begun), a game noted but its table never made, an event table never begun."""
        async with self._lock:
            for made in list(self.events.values()):
                if made.status != "running":
                    continue
                for t, games in enumerate(plan(made.event)):
                    begun = [made.games[(t, a.board)] for a in games if (t, a.board) in made.games]
                    if not begun:
                        await self._start(made, games[0])
                        continue
                    last = max(begun, key=lambda g: g.round)
                    if last.played is not None:
                        if last.round + 1 < len(games):
                            await self._start(made, games[last.round + 1])
                        continue
                    table = await self.room.get(last.table_id)
                    if table is None:
                        await self._open(made, last)
                    elif table.finished:
                        await self._settle(made, t, last.board, table)

    # ------------------------------------------------------------------ what is shown

    def hidden(self, table_id: str) -> bool:
        """Whether ``table_id`` plays a board some table of its event has yet to play."""
        ref = self.by_table.get(table_id)
        if ref is None:
            return False
        return ref[2] not in self.events[ref[0]].complete()

    def find(self, event_id: str) -> RoomEvent:
        """The event ``event_id``; :class:`KeyError` if there is none."""
        return self.events[event_id]

    def listing(self) -> list[dict[str, Any]]:
        """Every event, newest first, in a line each."""
        out = []
        for made in sorted(self.events.values(), key=lambda m: -m.created):
            event = made.event
            out.append(
                {
                    "id": made.id,
                    "name": event.name,
                    "game": event.game,
                    "title": game_title(event.load()),
                    "status": made.status,
                    "created": made.created,
                    "organiser": made.organiser,
                    "tables": len(event.tables),
                    "boards": len(event.boards),
                    "played": len(made.played()),
                    "total": len(event.tables) * len(event.boards),
                }
            )
        return out

    def view(self, event_id: str) -> dict[str, Any]:
        """The event as anyone may see it: the boards every table has played, scored; of the
        others only which table is at which board."""
        made = self.find(event_id)
        event = made.event
        complete = made.complete()
        shown = [p for p in made.played() if p.board in complete]
        tables = []
        for t, lineup in enumerate(event.tables):
            mine = [g for (tt, _), g in made.games.items() if tt == t]
            now = [g for g in mine if g.played is None]
            tables.append(
                {
                    "table": t,
                    "lineup": [p.name for p in lineup],
                    "played": sum(g.played is not None for g in mine),
                    "playing": {"board": now[0].board, "table_id": now[0].table_id}
                    if now
                    else None,
                }
            )
        return {
            "id": made.id,
            "name": event.name,
            "game": event.game,
            "title": game_title(event.load()),
            "scoring": event.scoring,
            "rotation": event.rotation,
            "status": made.status,
            "created": made.created,
            "organiser": made.organiser,
            "boards": len(event.boards),
            "seats": event.seats,
            "participants": [
                {"name": p.name, "label": label(p), "bot": p.agent, "table": t, "position": i}
                for t, lineup in enumerate(event.tables)
                for i, p in enumerate(lineup)
            ],
            "tables": tables,
            "complete": complete,
            "score": score(event, shown).to_dict(),
            "games": [
                {
                    **p.to_dict(),
                    "table_id": made.games[(p.table, p.board)].table_id,
                    "replay": f"/replay/{made.games[(p.table, p.board)].table_id}",
                }
                for p in shown
            ],
        }

    def traveller(self, table_id: str) -> dict[str, Any] | None:
        """The board a shown event game belongs to, as every table played it (a *traveller*,
        as a bridge club calls the slip that follows a board round the room): per table, who
        held each seat's cards, the result and the board score. ``None`` for a table of no
        event, or of a board some table has yet to play."""
        ref = self.by_table.get(table_id)
        if ref is None or self.hidden(table_id):
            return None
        made = self.events[ref[0]]
        board = ref[2]
        event = made.event
        played = [p for p in made.played() if p.board == board]
        # A partnership's seats count their side's result, as the board is scored.
        scores = {(s.table, s.seat): s for s in score(event, played).for_board(board)}
        return {
            "id": made.id,
            "name": event.name,
            "url": f"/events/{made.id}",
            "scoring": event.scoring,
            "board": board,
            "table": ref[1],
            "games": [
                {
                    "table": p.table,
                    "table_id": made.games[(p.table, board)].table_id,
                    "replay": f"/replay/{made.games[(p.table, board)].table_id}",
                    "seats": [
                        {
                            "name": name,
                            "label": label(event.participant(name)),
                            "result": scores[(p.table, seat)].result,
                            "score": scores[(p.table, seat)].score,
                        }
                        for seat, name in enumerate(p.seats)
                    ],
                }
                for p in sorted(played, key=lambda g: g.table)
            ],
        }

    def place(self, event_id: str, key: str) -> dict[str, Any] | None:
        """What the person whose key is ``key`` needs: who they are and their next game
        (``None`` when the key is nobody's here)."""
        made = self.find(event_id)
        digest = hash_key(key)
        who = None
        for name, held in made.keys.items():  # every one compared, in constant time each
            if hmac.compare_digest(held, digest):
                who = name
        if who is None:
            return None
        event = made.event
        t, position = next(
            (t, i)
            for t, lineup in enumerate(event.tables)
            for i, p in enumerate(lineup)
            if p.name == who
        )
        mine = [g for (tt, _), g in made.games.items() if tt == t]
        now = [g for g in mine if g.played is None]
        played = sum(g.played is not None for g in mine)
        nxt = None
        if now:
            game = now[0]
            nxt = {
                "board": game.board,
                "round": game.round,
                "table_id": game.table_id,
                "link": f"/t/{game.table_id}#key={key}",
            }
        return {
            "participant": who,
            "label": who,
            "table": t,
            "position": position,
            "next": nxt,
            "played": played,
            "boards": len(event.boards),
            "finished": played == len(event.boards),
        }

    def record_files(self, event_id: str) -> list[tuple[str, str]]:
        """Each game of the boards every table has played: its file name in the records'
        archive and its room table (asked in the room's loop, where the games change)."""
        made = self.find(event_id)
        complete = set(made.complete())
        return [
            (record_path(made.event, t, b), game.table_id)
            for (t, b), game in sorted(made.games.items())
            if b in complete
        ]

    async def renew_key(self, event_id: str, name: str) -> str:
        """A new private link's key for the person ``name`` (their old one lost or given
        away): it holds their place from now on, at the table they play now as at the ones
        to come, and the old one holds nothing. The caller checks who may ask."""
        made = self.find(event_id)
        p = next((p for p in made.event.participants if p.name == name and not p.is_bot), None)
        if p is None:
            raise EventRefused(_("no person is called {name!r} in this event").format(name=name))
        key = new_key()
        async with self._lock:  # no game of theirs begins meanwhile with the old key
            old, made.keys[name] = made.keys[name], hash_key(key)
            await asyncio.to_thread(self._save_keys, made)
            for game in made.games.values():
                table = self.room.tables.get(game.table_id)
                if game.played is not None or table is None:
                    continue
                for seat in table.seats:
                    if seat.key_hash == old:
                        seat.key_hash = made.keys[name]
                        await asyncio.to_thread(
                            self.store.update_seats, table.id, [x.to_json() for x in table.seats]
                        )
        return key

    def _save_keys(self, made: RoomEvent) -> None:
        with self.store.engine.begin() as conn:
            conn.execute(
                duplicates_t.update()
                .where(duplicates_t.c.id == made.id)
                .values(keys=json.dumps(made.keys))
            )

    def records_zip(self, files: list[tuple[str, str]]) -> bytes:
        """The records of ``files`` (:meth:`record_files`) as a zip archive (reads the
        database: run it in a thread)."""
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
            for path, table_id in files:
                row = self.store.table(table_id)
                if row is not None and row.record:
                    archive.writestr(path, row.record)
        return buffer.getvalue()


def _event_from(body: Mapping[str, Any]) -> Event:
    """The event the organiser's form asks for, checked; :class:`EventRefused` says what is
    wrong with it."""
    name = body.get("name", "")
    if not isinstance(name, str) or len(name.strip()) > NAME_LIMIT:
        raise EventRefused(
            _("the event's name is text of at most {n} characters").format(n=NAME_LIMIT)
        )
    spec = body.get("game")
    options = body.get("options") or {}
    if not isinstance(spec, str) or not isinstance(options, dict):
        raise EventRefused(_("give the game as text and its options as an object"))
    try:
        game = hoyle.load(spec, **options)
    except (HoyleError, ValueError, TypeError) as exc:
        raise EventRefused(str(exc)) from None
    boards = body.get("boards")
    if type(boards) is not int or not 1 <= boards <= BOARD_LIMIT:
        raise EventRefused(_("boards is a whole number from 1 to {most}").format(most=BOARD_LIMIT))
    # The scoring and the rotation are the event's to check (hoyle.club.events.Event).
    scoring = body.get("scoring", "difference")
    rotation = body.get("rotation", "full")
    tables = body.get("tables")
    if not isinstance(tables, list) or not 2 <= len(tables) <= TABLE_LIMIT:
        raise EventRefused(
            _("tables is a list of 2 to {most} tables, each a list of seats").format(
                most=TABLE_LIMIT
            )
        )
    lineups = [_lineup(game, t, table) for t, table in enumerate(tables)]
    seeds: set[int] = set()
    while len(seeds) < boards:  # 128 bits: a board nobody can guess from their own hand
        seeds.add(secrets.randbits(128))
    try:
        return make_event(
            game, lineups, sorted(seeds), name=name, scoring=scoring, rotation=rotation
        )
    except EventError as exc:
        raise EventRefused(str(exc)) from None


def _lineup(game: Any, t: int, table: Any) -> list[str]:
    """One table's participants' names (``bot:<level>`` for a bot) from the form's seats."""
    n = game.num_players
    if not isinstance(table, list) or len(table) != n:
        raise EventRefused(
            _("table {table}: {game} has {n} seats; give one entry per seat").format(
                table=t + 1, game=game.spec, n=n
            )
        )
    names = []
    for s, entry in enumerate(table):
        where = _("table {table}, seat {seat}").format(table=t + 1, seat=s + 1)
        kind = entry.get("kind") if isinstance(entry, dict) else None
        if kind == "bot":
            level = entry.get("level")
            try:
                make_agent(str(level), game)
            except (HoyleError, ValueError) as exc:
                raise EventRefused(f"{where}: {exc}") from None
            names.append(BOT_PREFIX + str(level))
        elif kind == "human":
            try:
                person = check_name(entry.get("name"))
            except Refused as exc:
                raise EventRefused(f"{where}: {exc.reason}") from None
            if person.startswith(BOT_PREFIX):
                raise EventRefused(
                    _("{where}: a person's name may not begin with {prefix}").format(
                        where=where, prefix=BOT_PREFIX
                    )
                )
            names.append(person)
        else:
            raise EventRefused(_("{where}: kind must be human or bot").format(where=where))
    return names
