"""Match results in a SQL database (SQLAlchemy): one row per match, per game and per seat.

SQLAlchemy is an optional extra (``pip install 'hoyle[arena]'``), imported only in this module.
A database is named by a SQLAlchemy URL (``sqlite:///study.db``,
``postgresql+psycopg://user@host/study``) or by a plain file path, which means SQLite.

Three tables, created when missing, so that a study can be queried later:

``arena_match``
    ``id``, ``created`` (UTC), ``hoyle_version``, ``game`` (the game string), ``lineup``
    (agents of rotation 0, comma-separated), ``seed``, ``deals``, ``duplicate``,
    ``rotations``, ``workers``, ``elapsed_s``, and ``summary`` (the JSON of
    :meth:`MatchResult.to_dict`, intervals included).
``arena_game``
    keyed by ``match_id``, ``deal``, ``rotation``; then ``seed`` and, per seat as JSON lists,
    ``seats``, ``returns``, ``scores``, ``moves``, ``think_s``.
``arena_seat``
    keyed by ``match_id``, ``deal``, ``rotation``, ``seat``; then ``agent``, ``return``,
    ``score``, ``moves``, ``think_s``: the same numbers one seat a row, for plain SQL such as
    ``SELECT agent, AVG("return") FROM arena_seat WHERE match_id = 1 GROUP BY agent``.

``arena_batch``
    ``id``, ``match_id``, ``first``, ``count``, ``status`` (``done`` or ``failed``),
    ``tally`` (the batch's exact sums as JSON text, :meth:`~hoyle.arena.stats.Tally.to_dict`),
    ``error``, ``part`` (the Parquet file holding its games, when the study exports to
    Parquet), ``seconds`` and ``recorded`` (UTC): what a study has done, a batch a row, so that
    it can be resumed (:mod:`hoyle.arena.study`).

Games and seats are keyed by the match rather than by ids of their own, so a whole match goes
in with two bulk inserts. A study streams in instead (:meth:`Store.begin`, then
:meth:`Store.record` each batch with its games and tally in one transaction,
:meth:`Store.finish`); until it is finished its summary reads ``{"status": "running", …}``.
"""

from __future__ import annotations

import datetime as _dt
import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from hoyle.arena.results import Failure, GameResult, MatchResult
from hoyle.arena.seating import ArenaError

if TYPE_CHECKING:
    from sqlalchemy import Connection, Engine, MetaData, Table

__all__ = ["BatchRecord", "BatchRow", "Store", "StudyTaken", "database_url"]

_T = TypeVar("_T")


def _sqlalchemy() -> None:
    try:
        import sqlalchemy  # noqa: F401
    except ImportError:
        raise ArenaError(
            "database: SQLAlchemy is not installed; install it with pip install 'hoyle[arena]'"
        ) from None


def database_url(text: str) -> str:
    """A SQLAlchemy URL from a URL or a file path (made ``sqlite:///`` + its absolute path).

    >>> database_url("sqlite:///study.db")
    'sqlite:///study.db'
    >>> database_url("/tmp/study.db")
    'sqlite:////tmp/study.db'
    """
    if "://" in text:
        return text
    path = Path(text).expanduser()
    if path.is_dir():
        raise ArenaError(f"database: {path} is a folder; name a file for SQLite")
    folder = path.parent
    if not folder.is_dir():
        raise ArenaError(f"database: cannot create {path}: no folder {folder}")
    return f"sqlite:///{path.resolve()}"


def _tables(metadata: MetaData) -> tuple[Table, Table, Table, Table]:
    from sqlalchemy import (
        JSON,
        BigInteger,
        Boolean,
        Column,
        DateTime,
        Float,
        ForeignKey,
        ForeignKeyConstraint,
        Integer,
        String,
        Table,
        Text,
    )

    matches = Table(
        "arena_match",
        metadata,
        Column("id", Integer, primary_key=True),
        Column("created", DateTime(timezone=True), nullable=False),
        Column("hoyle_version", String(32), nullable=False),
        Column("game", String(500), nullable=False),
        Column("lineup", String(1000), nullable=False),
        Column("seed", BigInteger, nullable=False),
        Column("deals", Integer, nullable=False),
        Column("duplicate", Boolean, nullable=False),
        Column("rotations", Integer, nullable=False),
        Column("workers", Integer, nullable=False),
        Column("elapsed_s", Float, nullable=False),
        Column("summary", JSON, nullable=False),
    )
    games = Table(
        "arena_game",
        metadata,
        Column("match_id", ForeignKey("arena_match.id"), primary_key=True),
        Column("deal", Integer, primary_key=True),
        Column("rotation", Integer, primary_key=True),
        Column("seed", BigInteger, nullable=False),
        Column("seats", JSON, nullable=False),
        Column("returns", JSON, nullable=False),
        Column("scores", JSON, nullable=False),
        Column("moves", JSON, nullable=False),
        Column("think_s", JSON, nullable=False),
    )
    seats = Table(
        "arena_seat",
        metadata,
        Column("match_id", Integer, primary_key=True),
        Column("deal", Integer, primary_key=True),
        Column("rotation", Integer, primary_key=True),
        Column("seat", Integer, primary_key=True),
        Column("agent", String(200), nullable=False, index=True),
        Column("return", Float, nullable=False),
        Column("score", Float, nullable=False),
        Column("moves", Integer, nullable=False),
        Column("think_s", Float, nullable=False),
        ForeignKeyConstraint(
            ["match_id", "deal", "rotation"],
            ["arena_game.match_id", "arena_game.deal", "arena_game.rotation"],
        ),
    )
    batches = Table(
        "arena_batch",
        metadata,
        Column("id", Integer, primary_key=True),
        Column("match_id", ForeignKey("arena_match.id"), nullable=False, index=True),
        Column("first", Integer, nullable=False),
        Column("count", Integer, nullable=False),
        Column("status", String(16), nullable=False),
        Column("tally", Text, nullable=True),
        Column("error", Text, nullable=True),
        Column("part", String(300), nullable=True),
        Column("seconds", Float, nullable=False),
        Column("recorded", DateTime(timezone=True), nullable=False),
    )
    return matches, games, seats, batches


@dataclass(frozen=True)
class BatchRow:
    """One recorded batch of a study (a row of ``arena_batch``)."""

    first: int
    count: int
    status: str
    tally: str | None
    error: str | None
    part: str | None
    seconds: float


class StudyTaken(ArenaError):
    """Another process has taken a study over (resumed it) while this one was playing it."""

    def __init__(self, match_id: int, driver: dict[str, Any] | None) -> None:
        who = "another process" if not driver else f"process {driver.get('pid')} on "
        who += "" if not driver else str(driver.get("host"))
        super().__init__(f"study {match_id} was taken over by {who}; this one stops")
        self.match_id = match_id


@dataclass(frozen=True)
class BatchRecord:
    """A finished batch to record (:meth:`Store.record`).

    Attributes:
        first, count: its deals.
        tally: its exact sums as JSON text; ``None`` when the whole batch was lost.
        failures: the deals that failed (inside the batch, or all of it when lost).
        games: its games, when the store keeps them.
        part: the Parquet file its games went to, when the study exports to Parquet.
        seconds: the time it took where it was played.
    """

    first: int
    count: int
    tally: str | None
    failures: Sequence[Failure] = ()
    games: Sequence[GameResult] = ()
    part: str | None = None
    seconds: float = 0.0


class Store:
    """A database of arena matches; opening it checks the connection and creates the tables.

    >>> store = Store("sqlite://")  # in memory
    >>> store.match_ids()
    []
    """

    def __init__(self, url: str) -> None:
        _sqlalchemy()
        from sqlalchemy import MetaData, create_engine
        from sqlalchemy.exc import ArgumentError, NoSuchModuleError, SQLAlchemyError

        self.url = database_url(url)
        try:
            self.engine: Engine = create_engine(self.url)
            metadata = MetaData()
            self.matches, self.games, self.seats, self.batches = _tables(metadata)
            metadata.create_all(self.engine)
        except (ArgumentError, NoSuchModuleError, ImportError) as exc:
            raise ArenaError(f"database: cannot use {url!r}: {exc}") from None
        except SQLAlchemyError as exc:
            reason = getattr(exc, "orig", None) or exc
            raise ArenaError(f"database: cannot open {url!r}: {reason}") from None

    def save(self, result: MatchResult) -> int:
        """Write the match, its games and their seats in one transaction; return the match id."""
        from sqlalchemy.exc import SQLAlchemyError

        try:
            return self._save(result)
        except SQLAlchemyError as exc:  # nothing is half-written: the transaction rolls back
            reason = getattr(exc, "orig", None) or exc
            raise ArenaError(f"database: could not save to {self.url}: {reason}") from None

    def _save(self, result: MatchResult) -> int:
        with self.engine.begin() as connection:
            match_id = self._insert_match(
                connection,
                game=result.game,
                lineup=result.lineup,
                seed=result.seed,
                deals=result.deals,
                duplicate=result.duplicate,
                rotations=result.rotations,
                workers=result.workers,
                elapsed_s=result.elapsed_s,
                # Through json so the column holds plain data whatever the backend.
                summary=json.loads(json.dumps(result.to_dict())),
            )
            self._insert_games(connection, match_id, result.games)
        return match_id

    def _insert_match(self, connection: Connection, **values: Any) -> int:
        from hoyle import __version__

        values["lineup"] = ",".join(values["lineup"])
        inserted = connection.execute(
            self.matches.insert().values(
                created=_dt.datetime.now(_dt.UTC), hoyle_version=__version__, **values
            )
        )
        key = inserted.inserted_primary_key
        if key is None:  # pragma: no cover - every backend reports a new integer key
            raise ArenaError(f"database: {self.url} gave no id for the new match")
        return int(key[0])

    def _insert_games(
        self, connection: Connection, match_id: int, games: Sequence[GameResult]
    ) -> None:
        if not games:
            return
        connection.execute(
            self.games.insert(), [{"match_id": match_id, **game.to_dict()} for game in games]
        )
        seats = [
            {
                "match_id": match_id,
                "deal": game.deal,
                "rotation": game.rotation,
                "seat": seat,
                "agent": game.seats[seat],
                "return": game.returns[seat],
                "score": game.scores[seat],
                "moves": game.moves[seat],
                "think_s": game.think_s[seat],
            }
            for game in games
            for seat in range(len(game.seats))
        ]
        connection.execute(self.seats.insert(), seats)

    def begin(
        self,
        *,
        game: str,
        lineup: Sequence[str],
        seed: int,
        deals: int,
        duplicate: bool,
        rotations: int,
        workers: int,
    ) -> int:
        """Start a match whose games come later (:meth:`append`); return its id.

        Its summary reads ``{"status": "running"}`` until :meth:`finish` writes the real one;
        :meth:`discard` takes a match that was not finished out again.
        """
        return self._guarded(
            lambda connection: self._insert_match(
                connection,
                game=game,
                lineup=tuple(lineup),
                seed=seed,
                deals=deals,
                duplicate=duplicate,
                rotations=rotations,
                workers=workers,
                elapsed_s=0.0,
                summary={"status": "running"},
            )
        )

    def append(self, match_id: int, games: Sequence[GameResult]) -> None:
        """Add games (and their seats) to match ``match_id``, in one transaction."""
        self._guarded(lambda connection: self._insert_games(connection, match_id, games))

    def finish(
        self, match_id: int, summary: dict[str, Any], *, elapsed_s: float, workers: int
    ) -> None:
        """Write the finished match's summary, time and workers."""
        from sqlalchemy import update

        values = {
            "summary": json.loads(json.dumps(summary)),
            "elapsed_s": elapsed_s,
            "workers": workers,
        }
        self._guarded(
            lambda connection: connection.execute(
                update(self.matches).where(self.matches.c.id == match_id).values(**values)
            )
        )

    def discard(self, match_id: int) -> None:
        """Delete match ``match_id`` with its games and seats (one that was not finished)."""
        from sqlalchemy import delete

        def remove(connection: Connection) -> None:
            connection.execute(delete(self.batches).where(self.batches.c.match_id == match_id))
            connection.execute(delete(self.seats).where(self.seats.c.match_id == match_id))
            connection.execute(delete(self.games).where(self.games.c.match_id == match_id))
            connection.execute(delete(self.matches).where(self.matches.c.id == match_id))

        self._guarded(remove)

    def _guarded(self, work: Callable[[Connection], _T]) -> _T:
        """``work`` in one transaction; a database error becomes an :class:`ArenaError`."""
        from sqlalchemy.exc import SQLAlchemyError

        try:
            with self.engine.begin() as connection:
                return work(connection)
        except SQLAlchemyError as exc:  # the transaction rolls back: nothing half-written
            reason = getattr(exc, "orig", None) or exc
            raise ArenaError(f"database: could not save to {self.url}: {reason}") from None

    def record(
        self,
        match_id: int,
        records: Sequence[BatchRecord],
        *,
        driver: dict[str, Any] | None = None,
    ) -> None:
        """Record finished batches of study ``match_id`` in one transaction: each batch's tally
        and failures, its games (when there are any) and the Parquet part holding them.

        Earlier failures inside a recorded range are taken out: those deals were just played
        again. With ``driver``, the study must still name that driver in its summary (its row
        locked meanwhile): else :class:`StudyTaken` is raised and nothing is written — another
        process has taken the study over and plays those deals itself.
        """
        from sqlalchemy import and_, delete, select

        now = _dt.datetime.now(_dt.UTC)
        b = self.batches.c

        def write(connection: Connection) -> None:
            if driver is not None:
                query = (
                    select(self.matches.c.summary)
                    .where(self.matches.c.id == match_id)
                    .with_for_update()  # a takeover waits for this batch, or this sees it
                )
                current = (connection.execute(query).scalar_one_or_none() or {}).get("driver")
                if current != driver:
                    raise StudyTaken(match_id, current)
            rows: list[dict[str, Any]] = []
            for record in records:
                connection.execute(
                    delete(self.batches).where(
                        and_(
                            b.match_id == match_id,
                            b.status == "failed",
                            b.first >= record.first,
                            b.first < record.first + record.count,
                        )
                    )
                )
                common = {"match_id": match_id, "recorded": now}
                rows += [
                    {
                        **common,
                        "first": f.first,
                        "count": f.count,
                        "status": "failed",
                        "tally": None,
                        "error": f.error,
                        "part": None,
                        "seconds": 0.0,
                    }
                    for f in record.failures
                ]
                if record.tally is not None:
                    rows.append(
                        {
                            **common,
                            "first": record.first,
                            "count": record.count,
                            "status": "done",
                            "tally": record.tally,
                            "error": None,
                            "part": record.part,
                            "seconds": record.seconds,
                        }
                    )
                self._insert_games(connection, match_id, record.games)
            if rows:
                connection.execute(self.batches.insert(), rows)

        self._guarded(write)

    def batch_rows(self, match_id: int, *, tallies: bool = True) -> Iterator[BatchRow]:
        """The recorded batches of study ``match_id``, in order of deal, read as they are
        used (a long study has hundreds of thousands); without ``tallies`` their sums are not
        read at all (``tally`` is ``None``)."""
        from sqlalchemy import null, select

        b = self.batches.c
        tally = b.tally if tallies else null()
        query = (
            select(b.first, b.count, b.status, tally, b.error, b.part, b.seconds)
            .where(b.match_id == match_id)
            .order_by(b.first, b.id)
        )
        with self.engine.connect() as connection:
            rows = connection.execution_options(stream_results=True, yield_per=2_000)
            for row in rows.execute(query):
                yield BatchRow(*row)

    def has_failures(self, match_id: int) -> bool:
        """Whether study ``match_id`` has deals recorded as failed."""
        from sqlalchemy import select

        b = self.batches.c
        query = select(b.id).where(b.match_id == match_id, b.status == "failed").limit(1)
        with self.engine.connect() as connection:
            return connection.execute(query).first() is not None

    def set_summary(self, match_id: int, summary: dict[str, Any]) -> None:
        """Replace the summary of match ``match_id`` (a study's state while it runs)."""
        from sqlalchemy import update

        values = {"summary": json.loads(json.dumps(summary))}
        self._guarded(
            lambda connection: connection.execute(
                update(self.matches).where(self.matches.c.id == match_id).values(**values)
            )
        )

    def match_row(self, match_id: int) -> dict[str, Any]:
        """The ``arena_match`` row of ``match_id`` as a dict (a ``KeyError`` when absent)."""
        from sqlalchemy import select

        with self.engine.connect() as connection:
            row = (
                connection.execute(select(self.matches).where(self.matches.c.id == match_id))
                .mappings()
                .one_or_none()
            )
        if row is None:
            raise KeyError(f"no match {match_id} in {self.url}")
        return dict(row)

    def match_ids(self) -> list[int]:
        """The ids of the stored matches, oldest first."""
        from sqlalchemy import select

        with self.engine.connect() as connection:
            rows = connection.execute(select(self.matches.c.id).order_by(self.matches.c.id))
            return [int(r[0]) for r in rows]

    def summary(self, match_id: int) -> dict[str, Any]:
        """The stored summary of match ``match_id`` (as :meth:`MatchResult.to_dict`)."""
        from sqlalchemy import select

        with self.engine.connect() as connection:
            query = select(self.matches.c.summary).where(self.matches.c.id == match_id)
            summary = connection.execute(query).scalar_one_or_none()
        if summary is None:
            raise KeyError(f"no match {match_id} in {self.url}")
        return dict(summary)

    def read_games(self, match_id: int) -> list[GameResult]:
        """The games of match ``match_id``, ordered by deal then rotation."""
        from sqlalchemy import select

        g = self.games.c
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(self.games).where(g.match_id == match_id).order_by(g.deal, g.rotation)
            ).mappings()
            return [
                GameResult(
                    deal=row["deal"],
                    seed=row["seed"],
                    rotation=row["rotation"],
                    seats=tuple(row["seats"]),
                    returns=tuple(float(v) for v in row["returns"]),
                    scores=tuple(float(v) for v in row["scores"]),
                    moves=tuple(int(v) for v in row["moves"]),
                    think_s=tuple(float(v) for v in row["think_s"]),
                )
                for row in rows
            ]

    def close(self) -> None:
        """Release the connections."""
        self.engine.dispose()
