"""Writing every game of a run to a file as the games arrive: Parquet or SQLite.

``hoyle match … --out FILE`` and ``hoyle simulate … --out FILE`` pick the writer by the file's
ending:

``.parquet``
    One row per game, written with pyarrow in row groups of :data:`ROW_GROUP` games, so a
    million deals never sit in memory. Columns: ``deal``, ``rotation``, ``seed``, then per seat
    ``s`` (from 0): ``agent_s``, ``return_s``, ``score_s``, ``moves_s``, ``think_s_s`` (seconds
    that seat's agent spent choosing). Rows come in the order batches finished; sort by
    ``deal`` and ``rotation`` for the match's order. The file's key-value metadata holds
    ``hoyle.run`` (the run's settings as JSON) and ``hoyle.summary`` (the summary printed at the
    end, as JSON). The file is written under ``NAME.part`` and renamed when complete, so a
    run that fails or is stopped leaves no half file under the name asked for.
``.sqlite``, ``.sqlite3``, ``.db``
    The arena's tables (:mod:`hoyle.arena.store`): one ``arena_match`` row, whose ``summary``
    is written at the end, and ``arena_game`` / ``arena_seat`` rows added a batch at a time. A
    run that fails or is stopped is deleted again.

pyarrow and SQLAlchemy are imported only when such a file is asked for
(``pip install 'hoyle[ray]'`` brings both).
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Protocol

from hoyle.arena.results import GameResult
from hoyle.arena.seating import ArenaError
from hoyle.arena.store import Store

__all__ = [
    "PARQUET_SUFFIXES",
    "ROW_GROUP",
    "SQLITE_SUFFIXES",
    "ParquetSink",
    "RunInfo",
    "Sink",
    "StoreSink",
    "check_out_path",
    "open_sink",
    "parquet_columns",
]

ROW_GROUP = 50_000
"""Games per Parquet row group (and the most a Parquet writer holds before writing)."""

STORE_CHUNK = 5_000
"""Games per database transaction."""

PARQUET_SUFFIXES = (".parquet",)
SQLITE_SUFFIXES = (".sqlite", ".sqlite3", ".db")


@dataclass(frozen=True)
class RunInfo:
    """What a run is, for the file's header: settings known before the first game.

    Attributes:
        kind: ``"match"`` or ``"simulate"``.
        game: the canonical game string.
        lineup: the agent per seat (rotation 0).
        seed: the run's seed; deal ``i`` is dealt from ``seed + i``.
        deals: how many deals.
        duplicate: whether each deal is played in every rotation.
        rotations: the rotations a deal is played in (1 when not duplicate).
        workers: the processes (or Ray CPUs) it runs in.
    """

    kind: str
    game: str
    lineup: tuple[str, ...]
    seed: int
    deals: int
    duplicate: bool
    rotations: int
    workers: int


class Sink(Protocol):
    """Where the games of a run go as they arrive."""

    def write(self, games: Sequence[GameResult]) -> None:
        """Take some games (one finished batch)."""
        ...

    def finish(self, summary: dict[str, Any]) -> str:
        """Complete the output with the run's summary; return a line saying where it went."""
        ...

    def abort(self) -> None:
        """Remove what was written: the run failed or was stopped."""
        ...


def parquet_columns(players: int) -> list[str]:
    """The Parquet columns for a game of ``players`` seats, in order.

    >>> parquet_columns(2)[:5], len(parquet_columns(2))
    (['deal', 'rotation', 'seed', 'agent_0', 'return_0'], 13)
    """
    per_seat = ("agent", "return", "score", "moves", "think_s")
    return ["deal", "rotation", "seed", *(f"{c}_{s}" for s in range(players) for c in per_seat)]


def _pyarrow() -> Any:
    try:
        import pyarrow  # type: ignore[import-untyped]
        import pyarrow.parquet  # type: ignore[import-untyped]
    except ImportError:
        raise ArenaError(
            "parquet: pyarrow is not installed; install it with pip install 'hoyle[ray]'"
        ) from None
    return pyarrow


class ParquetSink:
    """Games to a Parquet file, one row per game, a row group at a time."""

    def __init__(self, path: str | os.PathLike[str], info: RunInfo) -> None:
        pa = _pyarrow()
        self._pa = pa
        self.path = Path(path)
        self._part = self.path.with_name(self.path.name + ".part")
        self.players = len(info.lineup)
        fields = [
            pa.field("deal", pa.int64()),
            pa.field("rotation", pa.int32()),
            pa.field("seed", pa.int64()),
        ]
        for seat in range(self.players):
            fields += [
                pa.field(f"agent_{seat}", pa.string()),
                pa.field(f"return_{seat}", pa.float64()),
                pa.field(f"score_{seat}", pa.float64()),
                pa.field(f"moves_{seat}", pa.int64()),
                pa.field(f"think_s_{seat}", pa.float64()),
            ]
        self._schema = pa.schema(fields, metadata={"hoyle.run": json.dumps(asdict(info))})
        self._columns: dict[str, list[Any]] = {name: [] for name in self._schema.names}
        self.rows = 0
        try:
            self._writer = pa.parquet.ParquetWriter(self._part, self._schema)
        except OSError as exc:
            raise ArenaError(f"parquet: cannot write {self.path}: {exc}") from None

    def write(self, games: Sequence[GameResult]) -> None:
        """Buffer the games' rows; write a row group when :data:`ROW_GROUP` are waiting."""
        columns = self._columns
        for game in games:
            columns["deal"].append(game.deal)
            columns["rotation"].append(game.rotation)
            columns["seed"].append(game.seed)
            for seat in range(self.players):
                columns[f"agent_{seat}"].append(game.seats[seat])
                columns[f"return_{seat}"].append(game.returns[seat])
                columns[f"score_{seat}"].append(game.scores[seat])
                columns[f"moves_{seat}"].append(game.moves[seat])
                columns[f"think_s_{seat}"].append(game.think_s[seat])
        if len(columns["deal"]) >= ROW_GROUP:
            self._flush()

    def _flush(self) -> None:
        count = len(self._columns["deal"])
        if not count:
            return
        table = self._pa.Table.from_pydict(self._columns, schema=self._schema)
        self._writer.write_table(table, row_group_size=ROW_GROUP)
        self.rows += count
        for values in self._columns.values():
            values.clear()

    def finish(self, summary: dict[str, Any]) -> str:
        """Write the last rows and the summary; put the file in place."""
        self._flush()
        self._writer.add_key_value_metadata({"hoyle.summary": json.dumps(summary)})
        self._writer.close()
        os.replace(self._part, self.path)
        return f"Games: {self.path} ({self.rows} rows)"

    def abort(self) -> None:
        """Close and delete the unfinished file."""
        try:
            self._writer.close()
        finally:
            self._part.unlink(missing_ok=True)


class StoreSink:
    """Games to the arena's SQL tables, a transaction per :data:`STORE_CHUNK` games."""

    def __init__(self, store: Store, info: RunInfo) -> None:
        self.store = store
        self.match_id = store.begin(
            game=info.game,
            lineup=info.lineup,
            seed=info.seed,
            deals=info.deals,
            duplicate=info.duplicate,
            rotations=info.rotations,
            workers=info.workers,
        )
        self._waiting: list[GameResult] = []

    def write(self, games: Sequence[GameResult]) -> None:
        """Buffer the games; insert them when :data:`STORE_CHUNK` are waiting."""
        self._waiting.extend(games)
        if len(self._waiting) >= STORE_CHUNK:
            self._flush()

    def _flush(self) -> None:
        if self._waiting:
            self.store.append(self.match_id, self._waiting)
            self._waiting = []

    def finish(self, summary: dict[str, Any]) -> str:
        """Insert the last games and the summary; close the database."""
        try:
            self._flush()
            self.store.finish(
                self.match_id,
                summary,
                elapsed_s=float(summary.get("elapsed_s", 0.0)),
                workers=int(summary.get("workers", 1)),
            )
        finally:
            self.store.close()
        return f"Saved as match {self.match_id} in {self.store.url}"

    def abort(self) -> None:
        """Delete the unfinished match; close the database."""
        try:
            self.store.discard(self.match_id)
        finally:
            self.store.close()


def check_out_path(path: str | os.PathLike[str]) -> Path:
    """``path`` once it is sure results can be written there: checked before any game.

    The ending must name a format (``.parquet``, ``.sqlite``, ``.sqlite3``, ``.db``), the
    folder must exist and be writable, and the format's library must be installed.
    """
    target = Path(path).expanduser()
    suffix = target.suffix.lower()
    if suffix not in PARQUET_SUFFIXES + SQLITE_SUFFIXES:
        raise ArenaError(f"out: {target} should end in .parquet, .sqlite or .db")
    folder = target.parent
    if not folder.is_dir() or not os.access(folder, os.W_OK):
        raise ArenaError(f"out: cannot write in {folder}: no such writable folder")
    if target.is_dir() or (target.exists() and not os.access(target, os.W_OK)):
        raise ArenaError(f"out: cannot write {target}")
    if suffix in PARQUET_SUFFIXES:
        _pyarrow()
    return target


def open_sink(path: str | os.PathLike[str], info: RunInfo) -> Sink:
    """The writer for ``path`` (by its ending), opened: see :func:`check_out_path`."""
    target = check_out_path(path)
    if target.suffix.lower() in PARQUET_SUFFIXES:
        return ParquetSink(target, info)
    return StoreSink(Store(str(target)), info)
