"""A server killed with SIGKILL mid-deal comes back with every table where it was."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path
from typing import Any

from roomkit import Client, Server, free_port, start_process, store_url

from hoyle.records import loads
from hoyle.web.fair import verify_record
from hoyle.web.store import Store

SLOW_BOTS = ("--bot-delay", "0.02")
"""A pause before each bot move. The bots' table below has exactly 4 deals of 64 moves: at
least 5 seconds of pauses, so it is still playing when the server is killed about a second
in (the two players' table takes nine moves), and it finishes within seconds once resumed."""


def state_at(client: Client, seq: int) -> dict[str, Any]:
    """The first state message the client gets at or past ``seq``."""
    while True:
        msg = client.next_state()
        if msg["seq"] >= seq:
            return msg


def test_sigkill_mid_deal_loses_no_accepted_action(tmp_path: Path) -> None:
    sigkill_mid_deal_then_resume(tmp_path / "room.sqlite3")


def sigkill_mid_deal_then_resume(db: Path | str) -> None:
    """Kill ``hoyle serve`` (storing in ``db``, a SQLite file or a URL) with SIGKILL while two
    tables play, restart it, and check that every acknowledged action was kept and play goes
    on from there."""
    port = free_port()
    proc = start_process(db, port, *SLOW_BOTS)
    try:
        server = Server(port)
        # Table A: two people play by hand; the state message after an action acknowledges it.
        duel = server.create("all_fours(deals=2)", ["human", "human"])
        keys = [s["key"] for s in duel["seats"]]
        # Table B: bots only, playing without pause while the server is killed.
        busy = server.create("hearts(deals=4)", ["random"] * 4)
        players = [server.client(duel["id"], k) for k in keys]
        latest = [players[0].next_state(), players[1].next_state()]
        if latest[0]["seq"] < latest[1]["seq"]:
            latest[0] = state_at(players[0], latest[1]["seq"])
        for _ in range(9):  # a few actions into the first hand
            mover = next(i for i, s in enumerate(latest) if s["legal"])
            players[mover].send_json({"type": "act", "token": latest[mover]["legal"][0]})
            latest = [state_at(p, latest[mover]["seq"] + 1) for p in players]
        acknowledged = latest[0]["seq"]
        time.sleep(0.2)
    finally:
        os.kill(proc.pid, signal.SIGKILL)  # no shutdown, no flush
        proc.wait()
    for p in players:
        p.close()

    store = Store(store_url(db))
    assert len(store.events(duel["id"])) == acknowledged  # every acknowledged action is kept
    logged = [e.token for e in store.events(busy["id"])]
    assert store.table(busy["id"]).status == "playing", "kill it mid-game"  # type: ignore[union-attr]
    store.close()

    proc = start_process(db, port, *SLOW_BOTS)
    try:
        players = [server.client(duel["id"], k) for k in keys]
        states = [p.next_state() for p in players]
        assert [s["seq"] for s in states] == [acknowledged] * 2
        mover = next(i for i, s in enumerate(states) if s["legal"])
        players[mover].send_json({"type": "act", "token": states[mover]["legal"][0]})
        assert state_at(players[mover], acknowledged + 1)["status"] == "playing"  # play goes on
        # The bots' table goes on from its log to the end, and its shuffles verify.
        deadline = time.monotonic() + 60
        while server.http.get(f"/api/tables/{busy['id']}/record").status_code != 200:
            assert time.monotonic() < deadline, "the resumed table did not finish"
            time.sleep(0.1)
        rec = loads(server.http.get(f"/api/tables/{busy['id']}/record").text)
        assert rec.actions[: len(logged)] == logged
        assert verify_record(rec)
    finally:
        proc.kill()
        proc.wait()
