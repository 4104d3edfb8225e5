"""Studies that survive their driver: every finished batch recorded, so a run can be resumed.

A *study* is one run of ``hoyle match`` or ``hoyle simulate`` with an output (``--out``). It
has an id and a store, a SQL database (:mod:`hoyle.arena.store`):

``--out study.sqlite`` (or ``.db``, ``.sqlite3``), ``--out postgresql+psycopg://…``
    The database is the store: the study is an ``arena_match`` row, every game and seat is a
    row, and every finished batch is an ``arena_batch`` row holding the batch's exact sums.
``--out study.parquet``
    A folder of Parquet files, one row per game (:func:`parquet_columns`), that any Parquet
    reader takes as one table (``pyarrow.parquet.read_table("study.parquet")``,
    ``pandas.read_parquet``, ``duckdb``'s ``read_parquet('study.parquet/*.parquet')``). Each
    ``part-NNNNNN.parquet`` is complete when it appears (written under a hidden name, then
    renamed), so the folder is readable at every moment. Its store is the SQLite file
    ``_study.sqlite`` inside it (readers skip names that start with ``_``), which holds the
    batches, not the games. With ``--database URL`` as well, that database is the store (and
    holds the games too) and the folder is its export.

Each finished batch goes in with one transaction: its exact sums
(:meth:`~hoyle.arena.stats.Tally.to_dict`), its games, and the deals that failed. A Parquet
export gathers batches for up to ``flush_seconds`` (or :data:`ROW_GROUP` games), writes them as
one part, and only then records them, naming the part; a part that no record names (the
driver died between the two) is removed when the study is resumed. So a study killed at any
moment loses only the batches that were being played or gathered.

Resuming (:meth:`Study.open` finds an unfinished study with the same settings;
:meth:`Study.resume` takes one by its store) plays the deals no batch covers, and the deals that
failed, and merges the new batches' sums into the recorded ones. The sums are exact and a
deal's games depend only on the deal, so the final numbers equal those of a run that was never
interrupted, to the last digit.
"""

from __future__ import annotations

import json
import os
import secrets
import socket
import time
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from hoyle.arena.executors import pending_ranges
from hoyle.arena.results import Failure, GameResult
from hoyle.arena.runner import Batch, BatchOutcome, empty_tally
from hoyle.arena.seating import ArenaError
from hoyle.arena.stats import SeatTally, Tally, tally_from_dict
from hoyle.arena.store import BatchRecord, BatchRow, Store, StudyTaken
from hoyle.i18n import _, ngettext

__all__ = [
    "PARQUET_SUFFIXES",
    "ROW_GROUP",
    "SQLITE_SUFFIXES",
    "STATE_FILE",
    "ParquetExport",
    "RunInfo",
    "Study",
    "StudyStatus",
    "check_out_path",
    "open_store",
    "parquet_columns",
    "study_statuses",
]

ROW_GROUP = 50_000
"""Games per Parquet part, at most (a part is also written every ``flush_seconds``)."""

PARQUET_SUFFIXES = (".parquet",)
SQLITE_SUFFIXES = (".sqlite", ".sqlite3", ".db")
STATE_FILE = "_study.sqlite"
"""The store of a Parquet study, inside its folder."""


@dataclass(frozen=True)
class RunInfo:
    """What a study is: the settings that fix its numbers, known before the first game.

    Attributes:
        kind: ``"match"`` or ``"simulate"``.
        game: the canonical game string.
        lineup: the agent per seat (rotation 0).
        seed: the run's seed; deal ``i`` is dealt from ``seed + i``.
        deals: how many deals.
        duplicate: whether each deal is played in every rotation.
        rotations: the rotations a deal is played in (1 when not duplicate).
        workers: the processes (or Ray CPUs) it runs in (not part of what the study is).
    """

    kind: str
    game: str
    lineup: tuple[str, ...]
    seed: int
    deals: int
    duplicate: bool
    rotations: int
    workers: int

    def same_study(self, other: RunInfo) -> bool:
        """Whether ``other`` would play the same games (where it runs does not matter)."""
        mine, theirs = asdict(self), asdict(other)
        mine.pop("workers"), theirs.pop("workers")
        return mine == theirs

    @property
    def unit(self) -> str:
        """What ``deals`` counts, in words: a simulation's games, a match's deals."""
        return "game" if self.kind == "simulate" else "deal"

    def describe(self) -> str:
        """``"match hearts(deals=1): easy,random, 1,000 deals from seed 0, duplicate"``."""
        text = f"{self.kind} {self.game}: {','.join(self.lineup)}, {self.deals:,} {self.unit}s"
        text += f" from seed {self.seed}"
        return text + (", duplicate" if self.duplicate else "")


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


def _is_url(text: str) -> bool:
    return "://" in text


def check_out_path(path: str | os.PathLike[str]) -> Path | str:
    """Where ``--out`` writes, once it is sure results can be written there: checked before
    any game. A database URL is returned as given (it is checked when opened)."""
    if isinstance(path, str) and _is_url(path):
        return path
    target = Path(path).expanduser()
    suffix = target.suffix.lower()
    if suffix not in PARQUET_SUFFIXES + SQLITE_SUFFIXES:
        raise ArenaError(
            f"out: {target} should end in .parquet (a folder of Parquet files), .sqlite or "
            ".db (SQLite), or be a database URL"
        )
    folder = target.parent
    if not folder.is_dir() or not os.access(folder, os.W_OK):
        raise ArenaError(f"out: cannot write in {folder}: no such writable folder")
    if suffix in PARQUET_SUFFIXES:
        _pyarrow()
        if target.is_file():
            raise ArenaError(
                f"out: {target} is a file (a Parquet study is a folder of parts); name a new one"
            )
        if target.is_dir() and any(target.iterdir()) and not (target / STATE_FILE).is_file():
            raise ArenaError(f"out: {target} is a folder that holds no study; name a new one")
    elif target.is_dir() or (target.exists() and not os.access(target, os.W_OK)):
        raise ArenaError(f"out: cannot write {target}")
    return target


def open_store(target: Path | str) -> tuple[Store, Path | None]:
    """The store a ``--out`` or ``--resume`` target names, and its Parquet folder if any."""
    if isinstance(target, str) and _is_url(target):
        return Store(target), None
    path = Path(target).expanduser()
    if path.suffix.lower() in PARQUET_SUFFIXES or (path / STATE_FILE).is_file():
        path.mkdir(exist_ok=True)
        return Store(str(path / STATE_FILE)), path
    return Store(str(path)), None


class ParquetExport:
    """A folder of Parquet parts, one row per game, each part complete when it appears."""

    def __init__(self, path: Path, info: RunInfo) -> None:
        pa = _pyarrow()
        self._pa = pa
        self.path = path
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
        self.schema = pa.schema(fields, metadata={"hoyle.run": json.dumps(asdict(info))})
        try:
            path.mkdir(exist_ok=True)
        except OSError as exc:
            raise ArenaError(f"parquet: cannot write {path}: {exc}") from None

    def parts(self) -> list[str]:
        """The names of the parts in the folder."""
        return sorted(p.name for p in self.path.glob("part-*.parquet"))

    def clean(self, recorded: set[str]) -> int:
        """Remove half-written parts and parts no record names (the driver died between
        writing one and recording it); return how many were removed."""
        removed = 0
        for hidden in self.path.glob(".part-*"):
            hidden.unlink(missing_ok=True)
            removed += 1
        for name in self.parts():
            if name not in recorded:
                (self.path / name).unlink(missing_ok=True)
                removed += 1
        return removed

    def write(self, games: Sequence[GameResult]) -> str:
        """Write ``games`` as a new part; return its name once it is complete and in place."""
        numbers = [int(name[5:11]) for name in self.parts() if name[5:11].isdigit()]
        name = f"part-{max(numbers, default=-1) + 1:06d}.parquet"
        columns: dict[str, list[Any]] = {n: [] for n in self.schema.names}
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
        hidden = self.path / f".{name}.tmp"
        table = self._pa.Table.from_pydict(columns, schema=self.schema)
        self._pa.parquet.write_table(table, hidden, row_group_size=ROW_GROUP)
        os.replace(hidden, self.path / name)
        return name


@dataclass(frozen=True)
class StudyStatus:
    """Where a study stands (``hoyle study status``).

    Attributes:
        id: the study's id in its store.
        url: the store.
        info: what the study is.
        state: ``running`` (its driver is alive), ``interrupted`` (its driver died),
            ``stopped`` (by Ctrl-C), ``finished``.
        done: deals played and recorded.
        failed: deals that could not be played.
        pending: deals not played yet.
        failures: the failed deals with their errors.
        seconds: time spent playing the recorded batches, summed over workers.
        driver: ``HOST:PID`` of the process that ran it last.
        export: the Parquet folder, if it has one.
    """

    id: int
    url: str
    info: RunInfo
    state: str
    done: int
    failed: int
    pending: int
    failures: tuple[Failure, ...]
    seconds: float
    driver: str
    export: str | None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready fields."""
        data = asdict(self)
        data["info"] = asdict(self.info)
        data["failures"] = [f.to_dict() for f in self.failures]
        return data


@dataclass
class _Progress:
    """What the records of a study say: the sums so far, what is covered, what failed."""

    tally: Tally | SeatTally
    covered: list[tuple[int, int]] = field(default_factory=list)
    failures: list[Failure] = field(default_factory=list)
    parts: set[str] = field(default_factory=set)
    seconds: float = 0.0


def _read(rows: Iterable[BatchRow], info: RunInfo) -> _Progress:
    progress = _Progress(empty_tally(info.lineup, per_seat=info.kind == "simulate"))
    for row in rows:
        if row.status == "failed":
            progress.failures.append(Failure(row.first, row.count, row.error or ""))
            continue
        if row.tally is not None:
            progress.tally.merge(tally_from_dict(json.loads(row.tally)))  # type: ignore[arg-type]
        progress.covered.append((row.first, row.count))
        progress.seconds += row.seconds
        if row.part:
            progress.parts.add(row.part)
    return progress


def _info_of(store: Store, match_id: int) -> tuple[RunInfo, dict[str, Any]]:
    row = store.match_row(match_id)
    summary = dict(row["summary"] or {})
    run = summary.get("run")
    if run is None:  # a match saved whole, or by an older hoyle: not a study
        raise ArenaError(f"study {match_id} in {store.url} was not recorded batch by batch")
    run["lineup"] = tuple(run["lineup"])
    return RunInfo(**run), summary


def _driver() -> dict[str, Any]:
    # The token tells two openings apart even in one process (a pid is not enough for that);
    # the start time tells this process from a later one given the same pid.
    return {
        "host": socket.gethostname(),
        "pid": os.getpid(),
        "started": _started(os.getpid()),
        "token": secrets.token_hex(8),
    }


def _started(pid: int) -> str | None:
    """When process ``pid`` started (Linux: clock ticks since boot), ``None`` if unknown."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    # The name (field 2) may hold spaces and parentheses: count fields after its last ")".
    fields = text.rsplit(")", 1)[1].split()
    return fields[19] if len(fields) > 19 else None


def _alive(driver: dict[str, Any]) -> bool:
    """Whether the driver named is a live process on this machine (not this one)."""
    if driver.get("host") != socket.gethostname() or driver.get("pid") == os.getpid():
        return False
    try:
        pid = int(driver["pid"])
        os.kill(pid, 0)
    except (OSError, ValueError, KeyError, TypeError):
        return False
    # A pid is soon given to another process (a few tens of thousands of them): that one is
    # not the driver.
    started = driver.get("started")
    return started is None or _started(pid) in (None, started)


class Study:
    """A study being played: its store, its id, and what is already done.

    Make one with :meth:`open` (a new study, or the unfinished one with the same settings) or
    :meth:`resume` (the unfinished study in a store). It is a recorder for
    :func:`hoyle.arena.executors.stream`: :meth:`record` takes each finished batch. End with
    :meth:`finish` (the summary) or :meth:`stop` (Ctrl-C: what is gathered is saved).
    """

    def __init__(
        self,
        store: Store,
        match_id: int,
        info: RunInfo,
        *,
        export: Path | None,
        keep_games: bool,
        flush_seconds: float,
        resumed: bool,
        label: str | None = None,
    ) -> None:
        self.store, self.id, self.info = store, match_id, info
        self.label = label or (str(export) if export is not None else store.url)
        """The store as the user named it, for the messages (``--resume LABEL``)."""
        self.export = None if export is None else ParquetExport(export, info)
        self.keep_games = keep_games
        self.flush_seconds = flush_seconds
        self.resumed = resumed
        self._waiting: list[tuple[BatchRecord, list[GameResult]]] = []
        self._waiting_games = 0
        self._last_flush = time.monotonic()
        self._taken = False
        self._summary: dict[str, Any] = {
            "status": "running",
            "kind": info.kind,
            "run": asdict(info),
            "export": None if export is None else str(export.resolve()),
            "driver": _driver(),
        }
        # Take the study first, then read what is done: a driver still playing it records
        # nothing after this (Store.record checks the driver), and what it recorded before
        # is read here.
        store.set_summary(match_id, self._summary)
        progress = _read(store.batch_rows(match_id), info)
        if self.export is not None:
            self.export.clean(progress.parts)
        self._done = progress
        self.start_tally = progress.tally

    # ------------------------------------------------------------------ opening

    @classmethod
    def open(
        cls,
        target: Path | str,
        info: RunInfo,
        *,
        database: str | None = None,
        flush_seconds: float = 60.0,
    ) -> Study:
        """The study ``info`` describes in ``target`` (``--out``): the unfinished one with the
        same settings if there is one (it is continued), else a new one.

        ``database`` (``--database``) is the store when given, ``target`` (a Parquet folder)
        its export.
        """
        export: Path | None
        if database is not None:
            if not (isinstance(target, Path) and target.suffix.lower() in PARQUET_SUFFIXES):
                raise ArenaError(
                    "out: with --database the games go to that database; --out can only add "
                    "a Parquet export (FILE.parquet)"
                )
            store, export, keep = Store(database), target, True
        else:
            store, export = open_store(target)
            keep = export is None
        try:
            where = None if export is None else str(export.resolve())
            own = database is None and export is not None  # the folder's own store: one study
            found: int | None = None
            for match_id in reversed(store.match_ids()):
                try:
                    known, summary = _info_of(store, match_id)
                except ArenaError:
                    continue
                if (not own and summary.get("export") != where) or not known.same_study(info):
                    continue
                if summary.get("status") in ("running", "stopped"):
                    _check_free(store, match_id, summary)
                    found = match_id
                    break
            if found is None and own and store.match_ids():
                known, _ = _info_of(store, store.match_ids()[-1])
                raise ArenaError(
                    f"out: {export} already holds a study ({known.describe()}); name a new folder"
                )
            resumed = found is not None
            if found is None:
                found = store.begin(
                    game=info.game,
                    lineup=info.lineup,
                    seed=info.seed,
                    deals=info.deals,
                    duplicate=info.duplicate,
                    rotations=info.rotations,
                    workers=info.workers,
                )
            return cls(
                store,
                found,
                info,
                export=export,
                keep_games=keep,
                flush_seconds=flush_seconds,
                resumed=resumed,
                label=str(database or target),
            )
        except BaseException:
            store.close()
            raise

    @classmethod
    def resume(
        cls,
        target: str,
        study_id: int | None = None,
        *,
        kind: str | None = None,
        flush_seconds: float = 60.0,
    ) -> Study:
        """The unfinished study in ``target`` (a database or a Parquet folder), or study
        ``study_id`` there; a study that failed some deals is taken too, to try them again.
        With ``kind``, it must be of that kind (``"match"``, ``"simulate"``)."""
        store, folder, study_id, info, summary = _choose(target, study_id, kind)
        try:
            # A folder's own store goes with the folder, wherever it was moved to.
            export = str(folder) if folder is not None else summary.get("export")
            if folder is None and export is not None and not Path(export).is_dir():
                raise ArenaError(f"resume: the study's Parquet folder {export} is missing")
            return cls(
                store,
                study_id,
                info,
                export=Path(export) if export is not None else None,
                keep_games=folder is None,
                flush_seconds=flush_seconds,
                resumed=True,
                label=target,
            )
        except BaseException:
            store.close()
            raise

    @staticmethod
    def peek(target: str, study_id: int | None = None, kind: str | None = None) -> RunInfo:
        """What :meth:`resume` would go on with, checked the same way, without taking it:
        the caller can check everything else before the study is touched."""
        store, _, _, info, _ = _choose(target, study_id, kind)
        store.close()
        return info

    # ------------------------------------------------------------------ playing

    @property
    def wants_games(self) -> bool:
        """Whether batches must bring their games back (to a database or a Parquet part)."""
        return self.keep_games or self.export is not None

    def pending(self) -> list[tuple[int, int]]:
        """The deal ranges still to play: those no batch covers, and those that failed."""
        return _unplayed(self.info.deals, self._done)

    @property
    def done_deals(self) -> int:
        """Deals already played and recorded when the study was opened."""
        return self.info.deals - sum(count for _, count in self.pending())

    def record(self, batch: Batch, outcome: BatchOutcome) -> None:
        """Keep a finished batch: recorded at once, or gathered for the next Parquet part."""
        record = BatchRecord(
            first=batch.first,
            count=batch.count,
            tally=None if outcome.lost else json.dumps(outcome.tally.to_dict()),
            failures=outcome.failed,
            games=outcome.games if self.keep_games else (),
            seconds=outcome.seconds,
        )
        if self.export is None:
            self._record([record])
            return
        self._waiting.append((record, outcome.games))
        self._waiting_games += len(outcome.games)
        waited = time.monotonic() - self._last_flush
        if self._waiting_games >= ROW_GROUP or waited >= self.flush_seconds:
            self.flush()

    def flush(self) -> None:
        """Write the gathered batches as one Parquet part, then record them (one transaction)."""
        if not self._waiting:
            return
        assert self.export is not None
        games = [g for _, batch_games in self._waiting for g in batch_games]
        part = self.export.write(games) if games else None
        records = [
            BatchRecord(r.first, r.count, r.tally, r.failures, r.games, part, r.seconds)
            for r, _ in self._waiting
        ]
        self._record(records)
        self._waiting.clear()
        self._waiting_games = 0
        self._last_flush = time.monotonic()

    def _record(self, records: list[BatchRecord]) -> None:
        try:
            self.store.record(self.id, records, driver=self._summary["driver"])
        except StudyTaken:
            self._taken = True
            raise

    # ------------------------------------------------------------------ ending

    def stop(self) -> str:
        """Save what is gathered and mark the study stopped (Ctrl-C); say how to go on."""
        if self._taken:  # the study is another process's now: leave it as it is
            self.store.close()
            return _(
                "study {study} is being played by another process now; this one stopped"
            ).format(study=self.id)
        try:
            try:
                self.flush()
            finally:  # even when the last part cannot be written: what was recorded stays
                self._summary["status"] = "stopped"
                self.store.set_summary(self.id, self._summary)
            status = self.status()
        finally:
            self.store.close()
        if self.info.unit == "game":
            text = _(
                "study {study} stopped: {done} of {total} games saved in {where}; "
                "go on with: {command}"
            )
        else:
            text = _(
                "study {study} stopped: {done} of {total} deals saved in {where}; "
                "go on with: {command}"
            )
        return text.format(
            study=self.id,
            done=f"{status.done:,}",
            total=f"{self.info.deals:,}",
            where=self.label,
            command=f"hoyle {self.info.kind} --resume {self.label}",
        )

    def finish(self, summary: dict[str, Any]) -> str:
        """Save what is gathered and the study's summary; say where it is."""
        try:
            self.flush()
            summary = {**summary, "status": "finished", "kind": self.info.kind}
            summary["run"] = asdict(self.info)
            summary["export"] = self._summary["export"]
            summary["driver"] = self._summary["driver"]
            self.store.finish(
                self.id,
                summary,
                elapsed_s=float(summary.get("elapsed_s", 0.0)),
                workers=int(summary.get("workers", 1)),
            )
        finally:
            self.store.close()
        if self.export is not None:
            parts = len(self.export.parts())
            return ngettext(
                "Games: {path} ({count} Parquet part)",
                "Games: {path} ({count} Parquet parts)",
                parts,
            ).format(path=self.export.path, count=parts)
        return _("Saved as study {study} in {url}").format(study=self.id, url=self.store.url)

    def close(self) -> None:
        """Release the store without changing the study (after an error)."""
        self.store.close()

    def where(self) -> dict[str, Any]:
        """``{"url", "id"}``, and ``"export"`` for a Parquet folder: for the summary."""
        data: dict[str, Any] = {"url": self.store.url, "id": self.id}
        if self.export is not None:
            data["export"] = str(self.export.path)
        return data

    def status(self) -> StudyStatus:
        """Where the study stands now."""
        return _status(self.store, self.id)


def _unplayed(deals: int, progress: _Progress) -> list[tuple[int, int]]:
    """The ranges no batch covers, joined with those that failed, as disjoint ranges."""
    ranges = pending_ranges(deals, progress.covered)
    ranges += [(f.first, f.count) for f in progress.failures]
    return pending_ranges(deals, pending_ranges(deals, ranges))  # the union, by complements


def _choose(
    target: str, study_id: int | None, kind: str | None
) -> tuple[Store, Path | None, int, RunInfo, dict[str, Any]]:
    """The open store of ``target``, its Parquet folder, and the study to go on with there
    (``study_id``, or the only unfinished one) with its settings and summary."""
    path = Path(target).expanduser()
    if not _is_url(target) and not path.exists():
        raise ArenaError(f"resume: no study at {target}: no such file or folder")
    store, folder = open_store(target if _is_url(target) else path)
    try:
        ids = store.match_ids()
        if study_id is None:
            candidates = [i for i in ids if _resumable(store, i)]
            if not candidates:
                raise ArenaError(f"resume: {target} holds no unfinished study")
            if len(candidates) > 1:
                listed = ", ".join(str(i) for i in candidates)
                raise ArenaError(
                    f"resume: {target} holds several unfinished studies ({listed}); "
                    "choose one with --study N"
                )
            study_id = candidates[0]
        elif study_id not in ids:
            raise ArenaError(f"resume: {target} holds no study {study_id}")
        info, summary = _info_of(store, study_id)
        if kind is not None and info.kind != kind:
            raise ArenaError(
                f"resume: study {study_id} in {target} is a {info.kind}: "
                f"hoyle {info.kind} --resume {target}"
            )
        if not _resumable(store, study_id):
            raise ArenaError(f"resume: study {study_id} in {target} is finished")
        _check_free(store, study_id, summary)
        return store, folder, study_id, info, summary
    except BaseException:
        store.close()
        raise


def _resumable(store: Store, match_id: int) -> bool:
    try:
        _, summary = _info_of(store, match_id)
    except ArenaError:
        return False
    if summary.get("status") in ("running", "stopped"):
        return True
    return store.has_failures(match_id)


def _check_free(store: Store, match_id: int, summary: dict[str, Any]) -> None:
    driver = summary.get("driver") or {}
    if summary.get("status") == "running" and _alive(driver):
        raise ArenaError(
            f"study {match_id} in {store.url} is being played by process {driver['pid']}; "
            f"stop it first (kill -INT {driver['pid']})"
        )


def _status(store: Store, match_id: int) -> StudyStatus:
    info, summary = _info_of(store, match_id)
    progress = _read(store.batch_rows(match_id, tallies=False), info)
    done = info.deals - sum(c for _, c in _unplayed(info.deals, progress))
    failed = sum(f.count for f in progress.failures)
    driver = summary.get("driver") or {}
    state = str(summary.get("status", "finished"))
    here = driver.get("host") == socket.gethostname()
    this_process = here and driver.get("pid") == os.getpid()
    if state == "running" and here and not (this_process or _alive(driver)):
        state = "interrupted"
    return StudyStatus(
        id=match_id,
        url=store.url,
        info=info,
        state=state,
        done=done,
        failed=failed,
        pending=info.deals - done - failed,
        failures=tuple(progress.failures),
        seconds=progress.seconds,
        driver=f"{driver.get('host', '?')}:{driver.get('pid', '?')}",
        export=summary.get("export"),
    )


def study_statuses(target: str) -> list[StudyStatus]:
    """Every study recorded in ``target`` (a database, its URL, or a Parquet folder)."""
    path = Path(target).expanduser()
    if not _is_url(target):
        if not path.exists():
            raise ArenaError(f"status: no study at {target}: no such file or folder")
        if path.is_dir() and not (path / STATE_FILE).is_file():
            raise ArenaError(f"status: {target} is a folder that holds no study")
    store, _ = open_store(target if _is_url(target) else path)
    try:
        statuses = []
        for match_id in store.match_ids():
            try:
                statuses.append(_status(store, match_id))
            except ArenaError:
                continue  # a match saved whole: not a study
        return statuses
    finally:
        store.close()
