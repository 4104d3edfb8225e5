"""The card room's database migrations: a database made by the last release before migrations
(``tests/data/cardroom-2026-11-27.sqlite``, see ``tests/data/make_cardroom_db.py``) opens with
today's store with every row kept; a new database ends at head with the models' schema; rooms
starting at once upgrade once; a failed upgrade leaves nothing; PostgreSQL too."""

from __future__ import annotations

import itertools
import json
import re
import shutil
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import alembic.command
import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from pgkit import new_database, postgres_cluster
from roomkit import server_thread
from sqlalchemy import Engine, create_engine, inspect, text

import hoyle.web.migrations as migrations
from hoyle.i18n import using
from hoyle.records import loads
from hoyle.web.fair import verify_record
from hoyle.web.migrations import BASELINE, VERSION_TABLE, config, current, head, ours
from hoyle.web.store import EventRow, Store, StoreError, TableRow, metadata

KEPT = Path(__file__).resolve().parents[1] / "data" / "cardroom-2026-11-27.sqlite"
TABLES = ("cardroom_tables", "cardroom_events", "cardroom_deals", "cardroom_reviews")
KEPT_ROWS = {
    "cardroom_tables": 6,
    "cardroom_events": 457,
    "cardroom_deals": 9,
    "cardroom_reviews": 1,
}
"""What the kept database holds (make_cardroom_db.py printed it): a test of an empty copy
would prove nothing."""


@pytest.fixture
def kept(tmp_path: Path) -> Path:
    """A copy of the kept database (opening it upgrades it: the original stays as it is)."""
    copy = tmp_path / "cardroom.sqlite"
    shutil.copyfile(KEPT, copy)
    return copy


def raw_rows(db: Path) -> dict[str, list[dict[str, Any]]]:
    """Every row of the card room's tables, read with sqlite3 alone."""
    conn = sqlite3.connect(db)
    conn.row_factory = sqlite3.Row
    try:
        return {name: [dict(r) for r in conn.execute(f"SELECT * FROM {name}")] for name in TABLES}
    finally:
        conn.close()


def schema_differences(engine: Engine) -> list[Any]:
    """What the database's card-room tables lack or have besides the store's models."""
    with engine.connect() as conn:
        context = MigrationContext.configure(
            conn,
            opts={
                "compare_type": True,
                "version_table": VERSION_TABLE,
                "include_name": lambda name, kind, _p: kind != "table" or ours(name),
            },
        )
        return list(compare_metadata(context, metadata))


def holds(served: Any, kept: Any) -> bool:
    """Whether ``served`` holds everything ``kept`` does (its objects may have more keys)."""
    if isinstance(kept, dict):
        return isinstance(served, dict) and all(
            k in served and holds(served[k], v) for k, v in kept.items()
        )
    if isinstance(kept, list):
        return (
            isinstance(served, list)
            and len(served) == len(kept)
            and all(holds(a, b) for a, b in zip(served, kept, strict=True))
        )
    return bool(served == kept)


def version_rows(engine: Engine) -> list[str]:
    """The rows of the version table."""
    with engine.connect() as conn:
        return [r[0] for r in conn.execute(text(f"SELECT version_num FROM {VERSION_TABLE}"))]


def test_the_kept_database_opens_with_every_row_readable(kept: Path) -> None:
    before = raw_rows(kept)
    assert {name: len(rows) for name, rows in before.items()} == KEPT_ROWS
    assert not inspect(create_engine(f"sqlite:///{kept}")).has_table(VERSION_TABLE)

    store = Store(f"sqlite:///{kept}")
    try:
        with store.engine.connect() as conn:
            assert current(conn) == head()
        assert version_rows(store.engine) == [head()]
        assert schema_differences(store.engine) == []
        assert raw_rows(kept) == before  # not a row changed, the upgrade's or anyone's

        # Every row, through the store's API.
        assert len(store.tables()) == len(before["cardroom_tables"])
        for raw in before["cardroom_tables"]:
            assert store.table(raw["id"]) == TableRow(
                id=raw["id"],
                spec=raw["spec"],
                seats=json.loads(raw["seats"]),
                status=raw["status"],
                created=raw["created"],
                finished=raw["finished"],
                record=raw["record"],
                rematch_of=raw["rematch_of"],
                rematch=raw["rematch"],
            )
            events = [e for e in before["cardroom_events"] if e["table_id"] == raw["id"]]
            assert store.events(raw["id"]) == [
                EventRow(e["seq"], e["seat"], e["action"], e["token"])
                for e in sorted(events, key=lambda e: e["seq"])
            ]
            deals = [d for d in before["cardroom_deals"] if d["table_id"] == raw["id"]]
            assert store.deals(raw["id"]) == sorted(
                (d["deal"], d["salt"], d["commitment"]) for d in deals
            )
        for raw in before["cardroom_reviews"]:
            review = store.review(raw["table_id"], raw["seat"], raw["level"])
            assert review is not None and review == json.loads(raw["review"])
            assert review["decisions"]
            assert (raw["seat"], raw["level"]) in store.reviews(raw["table_id"])

        # What the kept database was made to hold is there.
        finished = store.tables("finished")
        assert {r.spec for r in finished} == {"hearts(deals=1)", "ecarte"}
        assert {r.spec for r in store.unfinished()} == {
            "hearts",
            "all-fours",
            "spite-malice",
            "ecarte",
        }
        assert any(s["name"] == "Águeda" for r in finished for s in r.seats)
        ecarte = next(r for r in finished if r.spec == "ecarte")
        assert ecarte.rematch is not None and store.table(ecarte.rematch) is not None
        for row in finished:  # each record still replays, its deals as committed
            assert row.record is not None and verify_record(loads(row.record))
        # A new table is stored beside them.
        store.create_table(TableRow("new", "hearts", []), [EventRow(0, -1, 5, "7C")], [])
        assert [e.token for e in store.events("new")] == ["7C"]
    finally:
        store.close()

    # Opened again: at head already, nothing to do.
    engine = create_engine(f"sqlite:///{kept}")
    try:
        assert migrations.upgrade(engine) is None
    finally:
        engine.dispose()


def test_a_room_on_the_kept_database_resumes_its_tables_and_serves_the_review(
    kept: Path,
) -> None:
    before = raw_rows(kept)
    playing = {r["id"] for r in before["cardroom_tables"] if r["status"] == "playing"}
    review = before["cardroom_reviews"][0]
    table, seat, level = review["table_id"], review["seat"], review["level"]
    with server_thread(kept) as server:
        assert {t["id"] for t in server.http.get("/api/tables").json()} == playing
        history = server.http.get("/api/history").json()
        assert {h["id"] for h in history} == {
            r["id"] for r in before["cardroom_tables"] if r["status"] == "finished"
        }
        assert server.http.get(f"/api/tables/{table}/record").text == next(
            r["record"] for r in before["cardroom_tables"] if r["id"] == table
        )
        served = server.http.get(f"/api/tables/{table}/reviews/{seat}?level={level}").json()
        # As kept; the room adds words for the reader (where each decision was) when it serves.
        assert served["state"] == "done" and holds(served["review"], json.loads(review["review"]))


def test_a_new_database_is_made_at_head_with_the_models_schema(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'new.sqlite3'}")
    try:
        assert version_rows(store.engine) == [head()]
        assert set(TABLES) <= set(inspect(store.engine).get_table_names())
        assert schema_differences(store.engine) == []
        # The comparison does see a difference where there is one.
        with store.engine.begin() as conn:
            conn.execute(text("DROP INDEX ix_cardroom_tables_status"))
        assert [d[0] for d in schema_differences(store.engine)] == ["add_index"]
    finally:
        store.close()


def test_a_database_older_than_reviews_gets_the_reviews_table(tmp_path: Path) -> None:
    # The rooms before reviews made three of the four tables; create_all added the fourth
    # when a later release opened them. The baseline does the same, keeping the rows.
    db = tmp_path / "old.sqlite3"
    engine = create_engine(f"sqlite:///{db}")
    metadata.create_all(engine, tables=[metadata.tables[n] for n in TABLES[:3]])
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO cardroom_events VALUES ('t', 0, -1, 5, '7C')"))
    engine.dispose()
    store = Store(f"sqlite:///{db}")
    try:
        assert store.events("t") == [EventRow(0, -1, 5, "7C")]
        assert version_rows(store.engine) == [head()]
        assert schema_differences(store.engine) == []
        store.save_review("t", 0, "medium", {"decisions": []})
        assert store.reviews("t") == [(0, "medium")]
    finally:
        store.close()


def test_a_newer_hoyles_database_is_refused_not_touched(kept: Path) -> None:
    Store(f"sqlite:///{kept}").close()
    engine = create_engine(f"sqlite:///{kept}")
    with engine.begin() as conn:
        conn.execute(text(f"UPDATE {VERSION_TABLE} SET version_num = '9999'"))
    engine.dispose()
    before = raw_rows(kept)
    with pytest.raises(StoreError, match=r"revision 9999, .* a newer hoyle"):
        Store(f"sqlite:///{kept}")
    assert raw_rows(kept) == before
    assert version_rows(create_engine(f"sqlite:///{kept}")) == ["9999"]
    with using("es"), pytest.raises(StoreError, match=r"revisión 9999, .* un hoyle más nuevo"):
        Store(f"sqlite:///{kept}")


def test_a_failed_upgrade_leaves_the_database_as_it_was(
    tmp_path: Path, kept: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = alembic.command.upgrade

    def fails_after(cfg: Any, revision: str) -> None:
        real(cfg, revision)  # every revision applied, then something goes wrong
        raise RuntimeError("the machine stopped")

    monkeypatch.setattr(alembic.command, "upgrade", fails_after)
    for db in (tmp_path / "new.sqlite3", kept):
        before = raw_rows(db) if db.exists() else None
        with pytest.raises(RuntimeError, match="machine stopped"):
            Store(f"sqlite:///{db}")
        engine = create_engine(f"sqlite:///{db}")
        names = set(inspect(engine).get_table_names())
        engine.dispose()
        assert VERSION_TABLE not in names  # SQLite's schema changes undone with the rest
        if before is None:
            assert not names & set(TABLES)
        else:
            assert raw_rows(db) == before


def open_at_once(url: str, rooms: int) -> None:
    """Open ``rooms`` stores on ``url`` at the same moment, each in a thread; all must open."""
    results: list[BaseException | None] = []
    start = threading.Barrier(rooms)

    def open_store() -> None:
        start.wait()
        try:
            Store(url).close()
            results.append(None)
        except BaseException as exc:  # reported below, with the others
            results.append(exc)

    threads = [threading.Thread(target=open_store) for _ in range(rooms)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert results == [None] * rooms, results


def test_rooms_starting_at_once_upgrade_once(tmp_path: Path, kept: Path) -> None:
    for db in (tmp_path / "new.sqlite3", kept):
        url = f"sqlite:///{db}"
        open_at_once(url, 4)
        engine = create_engine(url)
        assert version_rows(engine) == [head()]
        assert schema_differences(engine) == []
        engine.dispose()


def test_the_revisions_form_one_line_from_the_baseline() -> None:
    scripts = ScriptDirectory.from_config(config())
    revisions = list(scripts.walk_revisions())  # newest first, from the one head
    assert revisions[-1].revision == BASELINE and revisions[-1].down_revision is None
    assert revisions[0].revision == head()
    for newer, older in itertools.pairwise(revisions):
        assert newer.down_revision == older.revision  # one parent each, the one before
    assert all(not r.branch_labels and not r.dependencies for r in revisions)
    # Every file in versions/ is one of them, named after its revision, numbered in order.
    files = sorted(p.name for p in (migrations.HERE / "versions").glob("[!_]*.py"))
    assert [f.split("_")[0] for f in files] == [r.revision for r in reversed(revisions)]
    assert [int(r.revision) for r in reversed(revisions)] == list(range(1, len(revisions) + 1))
    for name in files:  # each revision says so in its own file, as its revision and parent
        source = (migrations.HERE / "versions" / name).read_text()
        assert re.search(rf'^revision = "{name[:4]}"$', source, re.M)
        assert re.search(r"^down_revision = (None|\"\d{4}\")$", source, re.M)


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    """A PostgreSQL server for this module's tests (pgkit)."""
    with postgres_cluster() as url:
        yield url


def test_a_new_postgresql_database_is_upgraded_to_head_once(cluster: str) -> None:
    url = new_database(cluster, "migrations")
    open_at_once(url, 3)
    store = Store(url)
    try:
        assert store.engine.dialect.name == "postgresql"
        assert version_rows(store.engine) == [head()]
        assert schema_differences(store.engine) == []
        store.create_table(TableRow("t1", "hearts", []), [EventRow(0, -1, 5, "7C")], [])
        store.save_review("t1", 0, "medium", {"decisions": []})
        assert store.reviews("t1") == [(0, "medium")]
    finally:
        store.close()


def test_a_postgresql_database_made_before_migrations_is_kept_and_upgraded(
    cluster: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = new_database(cluster, "before")
    engine = create_engine(url)
    metadata.create_all(engine)  # as the release before migrations made it
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO cardroom_events VALUES ('t', 0, -1, 5, '7C')"))
    # A failed upgrade is undone whole: PostgreSQL's schema changes are transactional.
    real = alembic.command.upgrade

    def fails_after(cfg: Any, revision: str) -> None:
        real(cfg, revision)
        raise RuntimeError("the machine stopped")

    with monkeypatch.context() as patch:
        patch.setattr(alembic.command, "upgrade", fails_after)
        with pytest.raises(RuntimeError, match="machine stopped"):
            Store(url)
    assert not inspect(engine).has_table(VERSION_TABLE)
    engine.dispose()
    store = Store(url)
    try:
        assert store.events("t") == [EventRow(0, -1, 5, "7C")]
        assert version_rows(store.engine) == [head()]
        assert schema_differences(store.engine) == []
    finally:
        store.close()


def test_the_command_upgrades_and_tells_the_revision(
    kept: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from hoyle.web.migrations.__main__ import main as command

    assert command(["current", "--database", str(kept)]) == 0
    assert capsys.readouterr().out == "none\n"  # made before migrations: no version yet
    assert command(["upgrade", "--database", str(kept)]) == 0
    assert capsys.readouterr().out == f"at revision {head()} (was none)\n"
    assert command(["current", "--database", str(kept)]) == 0
    assert capsys.readouterr().out == f"{head()}\n"
    assert command(["upgrade", "--database", str(kept)]) == 0
    assert capsys.readouterr().out == f"at revision {head()}\n"
    assert command(["history"]) == 0
    assert f"<base> -> {BASELINE}" in capsys.readouterr().out
