"""The card room's storage: tables, their event logs, deal secrets and reviews, through SQLAlchemy.

A table's state is never stored: it is the replay of its event log, one row per accepted
action (chance actions included). Every write happens in one transaction with the action that
caused it, so after a crash the log holds exactly the actions that were accepted. SQLite (the
default, a file in the data folder) runs in WAL mode; PostgreSQL works by URL. The tables are
made, and upgraded when hoyle is, by the migrations of :mod:`hoyle.web.migrations`.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Column,
    Engine,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError

from hoyle.club.ratings import GameOutcome, Leaderboard, Rating
from hoyle.web.migrations import MigrationError, upgrade

__all__ = ["EventRow", "Store", "StoreError", "TableRow", "database_url"]

metadata = MetaData()

tables_t = Table(
    "cardroom_tables",
    metadata,
    Column("id", String(40), primary_key=True),
    Column("spec", Text, nullable=False),
    Column("seats", Text, nullable=False),
    Column("status", String(16), nullable=False, index=True),
    Column("created", Float, nullable=False),
    Column("finished", Float),
    Column("record", Text),
    Column("rematch_of", String(40)),
    Column("rematch", String(40)),
)

events_t = Table(
    "cardroom_events",
    metadata,
    Column("table_id", String(40), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", Integer, nullable=False),
    Column("token", String(64), nullable=False),
)

deals_t = Table(
    "cardroom_deals",
    metadata,
    Column("table_id", String(40), primary_key=True),
    Column("deal", Integer, primary_key=True),
    Column("salt", String(128), nullable=False),
    Column("commitment", String(128), nullable=False),
)

reviews_t = Table(
    "cardroom_reviews",
    metadata,
    Column("table_id", String(40), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("level", String(16), primary_key=True),
    Column("review", Text, nullable=False),
    Column("created", Float, nullable=False),
)
"""A finished table's reviews ("Review my game", :mod:`hoyle.web.review`): one per seat and
level, the review's JSON."""

players_t = Table(
    "cardroom_players",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(40), nullable=False),
    Column("name_key", String(40), nullable=False, unique=True),
    Column("password_hash", Text, nullable=False),
    Column("created", Float, nullable=False),
)
"""The club's players (:mod:`hoyle.web.accounts`): a name shown as typed, found by its
case-folded ``name_key``, and the password's Argon2 hash (never the password)."""

sessions_t = Table(
    "cardroom_sessions",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("player_id", Integer, nullable=False, index=True),
    Column("created", Float, nullable=False),
    Column("expires", Float, nullable=False),
)
"""A logged-in browser: the SHA-256 of its cookie's random token (never the token) and when
it stops being honoured."""

player_seats_t = Table(
    "cardroom_player_seats",
    metadata,
    Column("table_id", String(40), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("player_id", Integer, nullable=False, index=True),
    Column("taken", Float, nullable=False),
)
"""Which player holds which seat of which table (a seat taken by a logged-in player)."""

leaderboards_t = Table(
    "cardroom_leaderboards",
    metadata,
    Column("family", String(40), primary_key=True),
    Column("board", Text, nullable=False),
    Column("updated", Float, nullable=False),
)
"""Each family's ratings (:mod:`hoyle.web.ratings`): its
:class:`~hoyle.club.ratings.Leaderboard` as JSON, rewritten whole by each rated game."""

rated_tables_t = Table(
    "cardroom_rated_tables",
    metadata,
    Column("table_id", String(40), primary_key=True),
    Column("result", String(16), nullable=False),
    Column("family", String(40)),
    Column("outcome", Text),
    Column("at", Float, nullable=False),
)
"""What became of a table for the ratings, once decided: ``rated`` (with the outcome's JSON),
``unrated`` (its host said so, noted when it is made), ``guests``, ``bots`` or ``before``
(finished before ratings). A table finished without a row here is still to be rated."""


class StoreError(RuntimeError):
    """The database cannot be opened as asked (a driver missing); the message says what to do."""


@dataclass(frozen=True)
class EventRow:
    """One accepted action: its place in the log, who took it (-1 for chance), id and token."""

    seq: int
    seat: int
    action: int
    token: str


@dataclass
class TableRow:
    """What the store keeps about a table besides its log."""

    id: str
    spec: str
    seats: list[dict[str, Any]]
    status: str = "playing"
    created: float = field(default_factory=time.time)
    finished: float | None = None
    record: str | None = None
    rematch_of: str | None = None
    rematch: str | None = None
    rated: bool = True
    """Whether the game counts for the ratings (its host may make it unrated)."""


duplicates_t = Table(
    "cardroom_duplicates",
    metadata,
    Column("id", String(40), primary_key=True),
    Column("name", Text, nullable=False),
    Column("spec", Text, nullable=False),
    Column("organiser", String(40)),
    Column("lang", String(8), nullable=False),
    Column("event", Text, nullable=False),
    Column("keys", Text, nullable=False),
    Column("status", String(16), nullable=False, index=True),
    Column("created", Float, nullable=False),
    Column("finished", Float),
)
"""The duplicate events (:mod:`hoyle.web.duplicates`): the
:class:`~hoyle.club.events.Event` as JSON (its boards' secrets with it, never sent), and each
person's key as its SHA-256 (never the key)."""

duplicate_games_t = Table(
    "cardroom_duplicate_games",
    metadata,
    Column("event_id", String(40), primary_key=True),
    Column("table_no", Integer, primary_key=True),
    Column("board", Integer, primary_key=True),
    Column("round", Integer, nullable=False),
    Column("table_id", String(40), nullable=False, unique=True),
    Column("played", Text),
    Column("finished", Float),
)
"""Each game of an event: the room table it is played at, and once over how it ended
(:class:`~hoyle.club.events.Played` as JSON)."""


def database_url(database: str | None, data_dir: Path) -> str:
    """The SQLAlchemy URL: ``database`` if it is one, a SQLite file path, or the default file."""
    if database is None:
        data_dir.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{data_dir / 'cardroom.sqlite3'}"
    if "://" in database:
        if database.startswith("postgresql://"):  # psycopg 3 is the driver the extra installs
            return "postgresql+psycopg://" + database[len("postgresql://") :]
        return database
    return f"sqlite:///{Path(database)}"


WAL_WAIT = 10.0
"""Seconds a new connection may wait to turn a new SQLite file to WAL while others do too."""


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    # WAL: readers never block the writer. synchronous=NORMAL keeps every commit through a
    # process crash (only a power cut can lose the last ones).
    cursor = dbapi_conn.cursor()
    cursor.execute("PRAGMA busy_timeout=10000")
    deadline = time.monotonic() + WAL_WAIT
    while True:
        # Turning a file to WAL needs it alone, and SQLite answers "locked" at once rather than
        # wait (its busy timeout is not asked): rooms opening a new file together take turns.
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
            break
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
            time.sleep(0.05)
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


class Store:
    """Tables, event logs and deal secrets in one SQL database."""

    def __init__(self, url: str) -> None:
        self.url = url
        self._rating = threading.Lock()  # this room's ratings are settled one game at a time
        try:
            self.engine: Engine = create_engine(url, future=True)
        except ModuleNotFoundError as exc:  # a database driver that is not installed
            extra = "postgres" if url.startswith("postgresql") else None
            how = f"pip install 'hoyle[{extra}]'" if extra else "install its driver"
            kind = url.split("://")[0]
            raise StoreError(f"the database {kind} needs {exc.name}: {how}") from None
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        # The schema is the migrations': a new database gets its tables, an older one is
        # upgraded, keeping every row.
        try:
            upgrade(self.engine)
        except MigrationError as exc:
            self.engine.dispose()
            raise StoreError(str(exc)) from None

    def close(self) -> None:
        """Release the connections."""
        self.engine.dispose()

    def create_table(
        self,
        row: TableRow,
        events: Sequence[EventRow],
        deals: Sequence[tuple[int, str, str]],
    ) -> None:
        """Add a table with its first events (the first deal) and deal secrets, at once."""
        with self.engine.begin() as conn:
            conn.execute(insert(tables_t).values(**_table_values(row)))
            if not row.rated:
                conn.execute(
                    insert(rated_tables_t).values(table_id=row.id, result=UNRATED, at=row.created)
                )
            self._write(conn, row.id, events, deals)

    def append(
        self,
        table_id: str,
        events: Sequence[EventRow],
        deals: Sequence[tuple[int, str, str]] = (),
        record: str | None = None,
    ) -> None:
        """Accept ``events`` (and new deal secrets); with ``record`` the game is finished.

        One transaction: either all of it is stored or none. A ``seq`` already taken fails
        (the primary key), so two writers can never both accept the same turn.
        """
        with self.engine.begin() as conn:
            self._write(conn, table_id, events, deals)
            if record is not None:
                conn.execute(
                    update(tables_t)
                    .where(tables_t.c.id == table_id)
                    .values(status="finished", finished=time.time(), record=record)
                )

    @staticmethod
    def _write(
        conn: Any,
        table_id: str,
        events: Sequence[EventRow],
        deals: Sequence[tuple[int, str, str]],
    ) -> None:
        if deals:
            conn.execute(
                insert(deals_t),
                [
                    {"table_id": table_id, "deal": d, "salt": s, "commitment": c}
                    for d, s, c in deals
                ],
            )
        if events:
            conn.execute(
                insert(events_t),
                [
                    {
                        "table_id": table_id,
                        "seq": e.seq,
                        "seat": e.seat,
                        "action": e.action,
                        "token": e.token,
                    }
                    for e in events
                ],
            )

    def update_seats(self, table_id: str, seats: list[dict[str, Any]]) -> None:
        """Store the seats' names and kinds again."""
        with self.engine.begin() as conn:
            conn.execute(
                update(tables_t).where(tables_t.c.id == table_id).values(seats=json.dumps(seats))
            )

    def link_rematch(self, old: str, new: str) -> None:
        """Remember that table ``new`` is the rematch of ``old``."""
        with self.engine.begin() as conn:
            conn.execute(update(tables_t).where(tables_t.c.id == old).values(rematch=new))

    def table(self, table_id: str) -> TableRow | None:
        """The table called ``table_id``, or ``None``."""
        with self.engine.connect() as conn:
            found = conn.execute(_with_result().where(tables_t.c.id == table_id)).first()
        return None if found is None else _row(found)

    def tables(self, status: str | None = None, limit: int = 200) -> list[TableRow]:
        """Tables, newest first, optionally only ``playing`` or ``finished`` ones."""
        query = _with_result().order_by(tables_t.c.created.desc()).limit(limit)
        if status is not None:
            query = query.where(tables_t.c.status == status)
        with self.engine.connect() as conn:
            return [_row(r) for r in conn.execute(query)]

    def unfinished(self) -> list[TableRow]:
        """Every table still being played, oldest first (resumed when the server starts)."""
        query = _with_result().where(tables_t.c.status == "playing")
        with self.engine.connect() as conn:
            rows = [_row(r) for r in conn.execute(query.order_by(tables_t.c.created))]
        return rows

    def events(self, table_id: str) -> list[EventRow]:
        """A table's event log in order."""
        query = select(events_t).where(events_t.c.table_id == table_id).order_by(events_t.c.seq)
        with self.engine.connect() as conn:
            return [EventRow(r.seq, r.seat, r.action, r.token) for r in conn.execute(query)]

    def deals(self, table_id: str) -> list[tuple[int, str, str]]:
        """A table's deal secrets: (deal, salt, commitment)."""
        query = select(deals_t).where(deals_t.c.table_id == table_id).order_by(deals_t.c.deal)
        with self.engine.connect() as conn:
            return [(r.deal, r.salt, r.commitment) for r in conn.execute(query)]

    def save_review(self, table_id: str, seat: int, level: str, review: dict[str, Any]) -> None:
        """Keep the review of ``seat`` at ``level`` (replacing one kept before)."""
        key = (
            (reviews_t.c.table_id == table_id)
            & (reviews_t.c.seat == seat)
            & (reviews_t.c.level == level)
        )
        with self.engine.begin() as conn:
            conn.execute(delete(reviews_t).where(key))
            conn.execute(
                insert(reviews_t).values(
                    table_id=table_id,
                    seat=seat,
                    level=level,
                    review=json.dumps(review),
                    created=time.time(),
                )
            )

    def review(self, table_id: str, seat: int, level: str) -> dict[str, Any] | None:
        """The kept review of ``seat`` at ``level``, or ``None``."""
        query = select(reviews_t.c.review).where(
            (reviews_t.c.table_id == table_id)
            & (reviews_t.c.seat == seat)
            & (reviews_t.c.level == level)
        )
        with self.engine.connect() as conn:
            found = conn.execute(query).scalar()
        if found is None:
            return None
        data: dict[str, Any] = json.loads(found)
        return data

    def reviews(self, table_id: str) -> list[tuple[int, str]]:
        """The (seat, level) of every review kept for a table."""
        query = (
            select(reviews_t.c.seat, reviews_t.c.level)
            .where(reviews_t.c.table_id == table_id)
            .order_by(reviews_t.c.seat, reviews_t.c.level)
        )
        with self.engine.connect() as conn:
            return [(r.seat, r.level) for r in conn.execute(query)]

    # ------------------------------------------------------------------ ratings

    def leaderboard(self, family: str) -> Leaderboard | None:
        """The family's leaderboard, or ``None`` when it has none yet."""
        query = select(leaderboards_t.c.board).where(leaderboards_t.c.family == family)
        with self.engine.connect() as conn:
            found = conn.execute(query).scalar()
        return None if found is None else Leaderboard.loads(found)

    def leaderboards(self) -> list[str]:
        """The families that have a leaderboard, in order."""
        query = select(leaderboards_t.c.family).order_by(leaderboards_t.c.family)
        with self.engine.connect() as conn:
            return [str(f) for f in conn.execute(query).scalars()]

    def add_leaderboard(self, board: Leaderboard) -> bool:
        """Keep ``board`` as its family's unless the family has one already (two rooms
        seeding at once keep the first); whether it was added."""
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    insert(leaderboards_t).values(
                        family=board.family, board=board.dumps(), updated=time.time()
                    )
                )
        except IntegrityError:
            return False
        return True

    def settle(
        self,
        table_id: str,
        result: str,
        outcome: GameOutcome | None = None,
        new_board: Callable[[str], Leaderboard] | None = None,
    ) -> dict[str, tuple[Rating, Rating]] | None:
        """Note what became of a finished table for the ratings and, for an ``outcome``,
        rate it on its family's leaderboard (``new_board(family)`` when the family has none):
        the players' ratings before and after. ``None`` when the table was settled before:
        a game is rated once.

        One transaction: the note and the new leaderboard are stored together or not at all.
        Its first write is the note, so a second room settling the same table (or another
        table of the family) waits for this one and then reads what it wrote.
        """
        try:
            with self._rating, self.engine.begin() as conn:
                return self._settle(conn, table_id, result, outcome, new_board)
        except IntegrityError:  # another room noted it first
            return None

    @staticmethod
    def _settle(
        conn: Any,
        table_id: str,
        result: str,
        outcome: GameOutcome | None,
        new_board: Callable[[str], Leaderboard] | None,
    ) -> dict[str, tuple[Rating, Rating]] | None:
        done = conn.execute(
            select(rated_tables_t.c.result).where(rated_tables_t.c.table_id == table_id)
        ).first()
        if done is not None:
            return None
        conn.execute(
            insert(rated_tables_t).values(
                table_id=table_id,
                result=result,
                family=None if outcome is None else outcome.family,
                outcome=None if outcome is None else json.dumps(outcome.to_dict()),
                at=time.time(),
            )
        )
        if outcome is None:
            return {}
        found = conn.execute(
            select(leaderboards_t.c.board)
            .where(leaderboards_t.c.family == outcome.family)
            .with_for_update()  # PostgreSQL: the family's row is ours until we commit
        ).scalar()
        if found is not None:
            board = Leaderboard.loads(found)
        elif new_board is not None:
            board = new_board(outcome.family)
        else:
            board = Leaderboard(outcome.family)
        changes = board.apply(outcome)
        values = {"board": board.dumps(), "updated": time.time()}
        if found is None:
            conn.execute(insert(leaderboards_t).values(family=outcome.family, **values))
        else:
            conn.execute(
                update(leaderboards_t)
                .where(leaderboards_t.c.family == outcome.family)
                .values(**values)
            )
        return changes

    def settled(self, table_id: str) -> str | None:
        """What became of the table for the ratings (``rated``, ``unrated``…), or ``None``
        while it is not settled."""
        query = select(rated_tables_t.c.result).where(rated_tables_t.c.table_id == table_id)
        with self.engine.connect() as conn:
            found = conn.execute(query).scalar()
        return None if found is None else str(found)

    def rated_games(self, family: str) -> int:
        """How many of the room's games of ``family`` were rated."""
        query = (
            select(func.count())
            .select_from(rated_tables_t)
            .where((rated_tables_t.c.result == RATED) & (rated_tables_t.c.family == family))
        )
        with self.engine.connect() as conn:
            return int(conn.execute(query).scalar() or 0)

    def unsettled(self) -> list[TableRow]:
        """Finished tables not yet settled for the ratings, in the order they finished (a
        room that stopped between a game's end and its rating settles them when it starts)."""
        query = (
            _with_result()
            .where(tables_t.c.status == "finished")
            .where(rated_tables_t.c.table_id.is_(None))
            .order_by(tables_t.c.finished, tables_t.c.created)
        )
        with self.engine.connect() as conn:
            return [_row(r) for r in conn.execute(query)]


UNRATED = "unrated"
"""A table's result for the ratings when its host made it unrated."""
RATED = "rated"
"""A table's result for the ratings when its game was rated."""


def _with_result() -> Any:
    """The tables with what became of them for the ratings (``None`` while unsettled)."""
    return select(tables_t, rated_tables_t.c.result).outerjoin(
        rated_tables_t, rated_tables_t.c.table_id == tables_t.c.id
    )


def _table_values(row: TableRow) -> dict[str, Any]:
    return {
        "id": row.id,
        "spec": row.spec,
        "seats": json.dumps(row.seats),
        "status": row.status,
        "created": row.created,
        "finished": row.finished,
        "record": row.record,
        "rematch_of": row.rematch_of,
        "rematch": row.rematch,
    }


def _row(r: Any) -> TableRow:
    return TableRow(
        id=r.id,
        spec=r.spec,
        seats=json.loads(r.seats),
        status=r.status,
        created=r.created,
        finished=r.finished,
        record=r.record,
        rematch_of=r.rematch_of,
        rematch=r.rematch,
        rated=getattr(r, "result", None) != UNRATED,
    )
