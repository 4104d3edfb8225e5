"""Make a card-room database the way a running room makes one, for the migration tests.

``tests/data/cardroom-2026-11-27.sqlite`` was made with this script and the code of the last
release before the database had migrations (commit c43d861, 2026-11-27): the schema that
``metadata.create_all`` made then, filled by the real room through its HTTP and WebSocket API.
``tests/web/test_migrations.py`` opens a copy of it with today's store and checks that every
row is still there. Keep the file as it is; when a later release changes the schema, make a
new one with that release's code beside it (the tests can then open both)::

    git archive c43d861 src tests/web | tar -x -C /tmp/release
    PYTHONPATH=/tmp/release/src:/tmp/release/tests/web \\
        .venv/bin/python tests/data/make_cardroom_db.py tests/data/cardroom-2026-11-27.sqlite

It holds (a few seconds of play; the bots and the moves sent are random, so two runs differ):

- a finished one-deal Black Lady table of random bots, with a review of seat 1 at ``medium``
  (8 simulations a decision);
- a finished Écarté between a named player (a name outside ASCII) and a random bot, whose
  player then asked for a rematch: a second Écarté table, unfinished, linked to the first;
- a Black Lady table with a human seat, unfinished after the three cards passed;
- an All Fours table with a human seat, unfinished after a few moves;
- a Spite and Malice table of a human and a bot, unfinished after a few moves.
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
import time
from pathlib import Path
from typing import Any

# The release's own roomkit comes first when PYTHONPATH names it (see above).
sys.path.append(str(Path(__file__).resolve().parents[1] / "web"))

from roomkit import QUICK_HEARTS, Client, Server, server_thread

import hoyle


def create(server: Server, game: str, seats: list[dict[str, Any]]) -> dict[str, Any]:
    """A new table (the room's JSON: id, seats with their keys)."""
    reply = server.http.post("/api/tables", json={"game": game, "seats": seats})
    assert reply.status_code == 200, reply.text
    table: dict[str, Any] = reply.json()
    return table


def wait_finished(server: Server, table_id: str) -> None:
    """Until the table's game is over (its record is served)."""
    deadline = time.monotonic() + 60
    while server.http.get(f"/api/tables/{table_id}/record").status_code != 200:
        assert time.monotonic() < deadline, "the game did not end"
        time.sleep(0.05)


def play(ws: Client, moves: int | None) -> dict[str, Any]:
    """Play the first legal action ``moves`` times (``None``: to the end); the last state."""
    msg = ws.until_my_turn()
    made = 0
    seen = -1
    while msg["status"] != "finished" and (moves is None or made < moves):
        if msg["legal"] and msg["seq"] > seen:
            seen = msg["seq"]
            ws.send_json({"type": "act", "token": msg["legal"][0]})
            made += 1
        msg = ws.next_state()
    return msg


def human(name: str | None = None) -> dict[str, Any]:
    """A human seat (named, or "Player N")."""
    return {"kind": "human"} if name is None else {"kind": "human", "name": name}


def bot(level: str = "random") -> dict[str, Any]:
    """A bot seat."""
    return {"kind": "bot", "level": level}


def make(out: Path) -> None:
    """Fill the new database ``out`` through a room in this process."""
    # Nobody stands in for a human who left within the few seconds this takes.
    with server_thread(out, hint_seconds=0.05, grace=3600, turn_timeout=3600) as server:
        server.app.state.reviews.simulations = 8

        # A finished table, and its review kept in the database.
        hearts = create(server, QUICK_HEARTS, [bot()] * 4)["id"]
        wait_finished(server, hearts)
        url = f"/api/tables/{hearts}/reviews"
        started = server.http.post(url, json={"seat": 1, "level": "medium"})
        assert started.status_code == 202, started.text
        deadline = time.monotonic() + 120
        while (job := server.http.get(f"{url}/1?level=medium").json())["state"] != "done":
            assert job["state"] in ("queued", "running"), job
            assert time.monotonic() < deadline, "the review did not end"
            time.sleep(0.1)

        # A finished Écarté, then its rematch (left unfinished).
        ecarte = create(server, "ecarte", [human("Águeda"), bot()])
        with server.client(ecarte["id"], ecarte["seats"][0]["key"]) as ws:
            assert play(ws, None)["status"] == "finished"
            ws.send_json({"type": "rematch"})
            while ws.receive_json()["type"] != "rematch":
                pass

        # Unfinished tables, each a few moves into its game.
        for game, seats, moves in (
            ("hearts", [human(), bot(), bot(), bot()], 3),
            ("all-fours", [human("Ben"), bot()], 4),
            ("spite-malice", [human(), bot()], 4),
        ):
            table = create(server, game, seats)
            with server.client(table["id"], table["seats"][0]["key"]) as ws:
                play(ws, moves)
    # The room is closed: fold the write-ahead log into the file, so that it is one file.
    with sqlite3.connect(out) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.execute("VACUUM")


def main() -> None:
    """Make the database named on the command line (a new file)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, help="the database file to make (must not exist)")
    out = parser.parse_args().out
    if out.exists():
        parser.error(f"{out} exists; give a new file")
    print(f"hoyle from {Path(hoyle.__file__).parent}", file=sys.stderr)
    make(out)
    with sqlite3.connect(out) as conn:
        for name in ("cardroom_tables", "cardroom_events", "cardroom_deals", "cardroom_reviews"):
            count = conn.execute(f"SELECT count(*) FROM {name}").fetchone()[0]
            print(f"{name}: {count} rows", file=sys.stderr)


if __name__ == "__main__":
    main()
