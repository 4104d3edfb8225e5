"""Load on the web card room: many WebSocket clients on loopback, each at a bot-filled table.

Starts ``hoyle serve`` in its own process (SQLite in a temporary folder unless ``--database``),
creates ``--clients`` tables of ``--game`` with one human seat and bots in the others, and
connects one WebSocket client per table. All clients play at once: whenever its seat is to act,
a client sends a random legal token and times how long until the state message that
acknowledges it (the action stored in the log and broadcast). It prints:

- actions the clients played per second, and log events per second (bots' actions and dealt
  cards included), over the wall time of the run;
- p50, p99 and max latency of a client's action, from send to acknowledgement;
- refusals, errors and lost actions, which must all be 0: a lost action is one a client saw
  acknowledged that is missing from the table's record at the end.

Run: ``.venv/bin/python benchmarks/web_load.py [--clients 200] [--game "hearts(deals=1)"]``
(needs the web extra).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

import hoyle
from hoyle.records import loads
from roomproc import serving


class Result:
    """What one client saw."""

    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.played: list[str] = []
        self.refused: list[str] = []
        self.errors: list[str] = []
        self.last_seq = 0


async def play(url: str, table: dict[str, Any], rng: random.Random, res: Result) -> None:
    """Play the human seat of ``table`` to the end with random legal tokens."""
    key = table["seats"][0]["key"]
    async with connect(f"{url}/ws/{table['id']}", max_queue=None) as ws:
        await ws.send(json.dumps({"type": "hello", "key": key}))
        sent_at: float | None = None
        acted_seq = -1
        while True:
            msg = json.loads(await asyncio.wait_for(ws.recv(), timeout=120))
            if msg["type"] == "refused":
                res.refused.append(msg["reason"])
                continue
            if msg["type"] != "state":
                res.errors.append(str(msg))
                return
            res.last_seq = msg["seq"]
            if sent_at is not None and msg["seq"] > acted_seq:
                res.latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            if msg["status"] == "finished":
                return
            if msg["legal"] and sent_at is None and msg["seq"] > acted_seq:
                token = rng.choice(msg["legal"])
                acted_seq = msg["seq"]
                res.played.append(token)
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "act", "token": token}))


def seat_zero_tokens(record_text: str) -> list[str]:
    """The tokens seat 0 played, replayed from a record."""
    rec = loads(record_text)
    state = rec.game.new_initial_state(rec.seed)
    mine = []
    for token in rec.actions:
        if state.current_player() == 0:
            mine.append(token)
        state.apply_action(state.string_to_action(token))
    return mine


async def run(args: argparse.Namespace, base: str) -> dict[str, Any]:
    """Create the tables, play them all at once, check the records."""
    game = hoyle.load(args.game)
    seats = [{"kind": "human", "name": "load"}] + [
        {"kind": "bot", "level": args.bots} for _ in range(game.num_players - 1)
    ]
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        tables = []
        for _ in range(args.clients):
            reply = await http.post("/api/tables", json={"game": args.game, "seats": seats})
            reply.raise_for_status()
            tables.append(reply.json())
        results = [Result() for _ in tables]
        url = base.replace("http://", "ws://")
        start = time.perf_counter()
        await asyncio.gather(
            *(
                play(url, t, random.Random(i), r)
                for i, (t, r) in enumerate(zip(tables, results, strict=True))
            )
        )
        wall = time.perf_counter() - start
        lost = 0
        for table, res in zip(tables, results, strict=True):
            text = (await http.get(f"/api/tables/{table['id']}/record")).text
            logged = seat_zero_tokens(text)
            lost += sum(1 for a, b in zip(res.played, logged, strict=False) if a != b)
            lost += max(0, len(res.played) - len(logged))
    lat = sorted(x for r in results for x in r.latencies)
    played = sum(len(r.played) for r in results)
    events = sum(r.last_seq for r in results)
    return {
        "clients": args.clients,
        "game": args.game,
        "wall_s": round(wall, 2),
        "client_actions": played,
        "client_actions_per_s": round(played / wall, 1),
        "log_events_per_s": round(events / wall, 1),
        "p50_ms": round(1000 * statistics.median(lat), 1) if lat else None,
        "p99_ms": round(1000 * lat[min(len(lat) - 1, int(0.99 * len(lat)))], 1) if lat else None,
        "max_ms": round(1000 * lat[-1], 1) if lat else None,
        "refused": sum(len(r.refused) for r in results),
        "errors": sum(len(r.errors) for r in results),
        "lost": lost,
    }


def main() -> int:
    """Parse the arguments, start the server, run, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=200, help="clients and tables (200)")
    parser.add_argument("--game", default="hearts(deals=1)", help="game string (one deal)")
    parser.add_argument("--bots", default="random", help="bot level in the other seats")
    parser.add_argument("--database", help="SQLAlchemy URL or SQLite file (default: temporary)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        database = args.database or str(Path(tmp) / "load.sqlite3")
        # Hundreds of tables from one address: far past a public room's limits.
        with serving(database, ["--no-limits"]) as base:
            out = asyncio.run(run(args, base))
    if args.json:
        print(json.dumps(out))
    else:
        head = f"{out['clients']} clients, one table each, {out['game']}, bots {args.bots}"
        print(f"web load: {head}")
        for key, value in out.items():
            if key not in ("clients", "game"):
                print(f"  {key:<22} {value}")
    return 0 if out["errors"] == out["lost"] == out["refused"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
