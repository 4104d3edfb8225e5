"""The card room's store: database URLs, and one event per place in a table's log."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy.exc import IntegrityError

from hoyle.web.store import EventRow, Store, TableRow, database_url


def test_database_urls(tmp_path: Path) -> None:
    assert database_url(None, tmp_path / "d") == f"sqlite:///{tmp_path / 'd' / 'cardroom.sqlite3'}"
    assert (tmp_path / "d").is_dir()  # the data folder is made on first start
    assert database_url("club.sqlite3", tmp_path) == "sqlite:///club.sqlite3"
    # PostgreSQL goes through psycopg 3, the driver the web extra installs.
    assert database_url("postgresql://u:p@h/db", tmp_path) == "postgresql+psycopg://u:p@h/db"
    assert database_url("sqlite:////x.db", tmp_path) == "sqlite:////x.db"


def test_two_writers_cannot_both_accept_the_same_turn(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'room.sqlite3'}")
    store.create_table(TableRow("t1", "hearts", []), [EventRow(0, -1, 5, "7C")], [])
    store.append("t1", [EventRow(1, 0, 7, "9C")])
    with pytest.raises(IntegrityError):
        store.append("t1", [EventRow(1, 2, 8, "TC")], record="never")
    # The failed transaction left nothing behind: not its event, not its record.
    assert [e.token for e in store.events("t1")] == ["7C", "9C"]
    row = store.table("t1")
    assert row is not None and row.status == "playing" and row.record is None
    store.close()
