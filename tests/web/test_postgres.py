"""The card room on PostgreSQL: a throw-away cluster (Debian's server binaries, see
``pgkit``) holds the store while tables are created, played, resumed and crashed."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from pgkit import new_database, postgres_cluster
from roomkit import QUICK_HEARTS, server_thread
from test_accounts import as_player, register
from test_crash import sigkill_mid_deal_then_resume
from test_events_server import until

from arena.studykit import STUDY, kill_at_random, without_times
from hoyle.cli import main
from hoyle.records import loads, replay
from hoyle.web.fair import verify_record
from hoyle.web.store import EventRow, Store, TableRow


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    """A PostgreSQL server for this module's tests; each test makes its own database."""
    with postgres_cluster() as url:
        yield url


def test_the_store_on_postgresql_keeps_one_event_per_place(cluster: str) -> None:
    url = new_database(cluster, "store")
    store = Store(url)
    assert store.engine.dialect.name == "postgresql"
    store.create_table(TableRow("t1", "hearts", []), [EventRow(0, -1, 5, "7C")], [(1, "s", "c")])
    store.append("t1", [EventRow(1, 0, 7, "9C")])
    with pytest.raises(Exception, match="duplicate key"):  # psycopg's unique violation
        store.append("t1", [EventRow(1, 2, 8, "TC")], record="never")
    assert [e.token for e in store.events("t1")] == ["7C", "9C"]
    row = store.table("t1")
    assert row is not None and row.status == "playing" and row.record is None
    assert store.deals("t1") == [(1, "s", "c")]
    store.close()


def test_a_table_on_postgresql_is_played_resumed_and_finished(cluster: str) -> None:
    url = new_database(cluster, "room")
    with server_thread(url) as server:
        table = server.create(QUICK_HEARTS, ["human", "random", "random", "random"])
        key = table["seats"][0]["key"]
        with server.client(table["id"], key) as ws:
            msg = ws.until_my_turn()
            for _ in range(2):  # two passes, then the server stops mid-pass
                ws.send_json({"type": "act", "token": msg["legal"][0]})
                msg = ws.next_state()
            before = msg
    # A new server on the same database resumes the table from its log, as it was.
    with server_thread(url) as server, server.client(table["id"], key) as ws:
        msg = ws.next_state()
        assert msg["seq"] == before["seq"]
        assert msg["observation"] == before["observation"]
        assert msg["fairness"] == before["fairness"]
        ws.play_out(msg)  # and the game goes on to its end
        rec = loads(server.http.get(f"/api/tables/{table['id']}/record").text)
    assert verify_record(rec) and replay(rec).is_terminal()
    store = Store(url)
    assert [e.token for e in store.events(table["id"])] == rec.actions
    store.close()


def test_sigkill_mid_deal_on_postgresql_loses_no_accepted_action(cluster: str) -> None:
    # hoyle serve --database postgresql://…, the form a user types (psycopg 3 is the driver).
    url = new_database(cluster, "crash").replace("postgresql+psycopg://", "postgresql://")
    sigkill_mid_deal_then_resume(url)


def test_an_arena_study_on_postgresql_survives_a_killed_driver(
    cluster: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Issue 21: "Every study has an id and a store (SQLite by default, PostgreSQL by URL …)":
    # the same kill at a random moment as on SQLite, with the study in PostgreSQL.
    url = new_database(cluster, "study")
    argv = [*STUDY, "--workers", "2"]
    assert main([*argv, "--quiet"]) == 0
    whole = without_times(json.loads(capsys.readouterr().out))
    started = tmp_path / "driver.log"
    kill_at_random([*argv, "--out", url], started, started, wait_for_text="recording study")
    assert main(["match", "--resume", url, "--workers", "2", "--json"]) == 0
    captured = capsys.readouterr()
    assert "going on with study 1" in captured.err
    assert without_times(json.loads(captured.out)) == whole


def test_a_duplicate_event_on_postgresql_is_played_and_kept(cluster: str) -> None:
    # The club's events live in the room's database: on PostgreSQL as on SQLite, an event
    # plays through and a new server on the same database shows it as it ended.
    url = new_database(cluster, "events")
    bots = [{"kind": "bot", "level": "random"}] * 4
    body = {"game": "hearts", "options": {"deals": 1}, "boards": 2, "tables": [bots, bots]}
    with server_thread(url) as server:
        with as_player(server, register(server, "Olga")) as olga:
            reply = olga.post("/api/events", json=body)
        assert reply.status_code == 201, reply.text
        event_id = reply.json()["id"]
        ended = until(server, event_id, lambda v: v["status"] == "finished")
    with server_thread(url) as server:
        assert server.http.get(f"/api/events/{event_id}").json() == ended
    assert ended["complete"] == [0, 1] and len(ended["score"]["table"]) == 8
