"""A human's share of a busy room: how fast their moves are acknowledged while 20 tables of
expert bots think, with the room's fair share (bots in worker processes, tables with a human
first, a budget per move) and without it (bots in the server's threads, no limits).

For each configuration it starts ``hoyle serve`` in its own process on loopback (SQLite in a
temporary folder), creates ``--tables`` tables of ``--game`` with every seat an ``--level``
bot, and one table where a scripted human sits in seat 0 beside ``--human-bots`` bots. For
``--seconds`` the human plays a random legal move as soon as it is their turn and times each
one from sending it to the state message that acknowledges it (and reads each deal's summary at
once). The configurations take turns
(``--rounds`` each), so the machine's noise falls on both alike. It prints, per configuration,
the median over rounds of the human's acknowledgement latency (p50, p99, max), the moves the
human made, and the bots' moves and think times (the room's ``GET /api/room``); then the ratio
of the two p99s. The target is a p99 of at most 100 ms with fair share on.

Run: ``.venv/bin/python benchmarks/room_share.py [--tables 20] [--seconds 30] [--rounds 2]``
(needs the web extra; about ``3 × rounds × (seconds + 10)`` seconds).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

from roomproc import serving

RAISED = ["--tables-per-client", "100", "--tables-per-minute", "1000"]
CONFIGS = {
    "fair share (as shipped)": RAISED,
    "fair share, worker a core": [*RAISED, "--bot-workers", str(os.cpu_count() or 1)],
    "limits off (threads)": ["--no-limits", "--bot-workers", "0"],
}
"""The flags of each configuration. The shipped limits on tables per visitor and per minute are
raised so that one address can make the benchmark's tables; everything that shares the machine
(the bots' workers, their queue, their budget) stays as shipped: a worker for every core but
one. The second row gives the bots every core, still at a lower priority than the server."""


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0–1) of ``values``, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def human(base: str, args: argparse.Namespace, rng: random.Random) -> list[float]:
    """Play seat 0 of fresh tables for ``args.seconds``; each move's latency in seconds."""
    latencies: list[float] = []
    end = time.perf_counter() + args.seconds
    seats = [{"kind": "human", "name": "you"}] + [{"kind": "bot", "level": args.human_bots}] * (
        args.players - 1
    )
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        while time.perf_counter() < end:
            made = await http.post("/api/tables", json={"game": args.game, "seats": seats})
            made.raise_for_status()
            table = made.json()
            url = base.replace("http://", "ws://") + f"/ws/{table['id']}"
            async with connect(url, max_queue=None) as ws:
                hello = {"type": "hello", "key": table["seats"][0]["key"], "auto": False}
                await ws.send(json.dumps(hello))
                sent_at: float | None = None
                acted = -1
                while time.perf_counter() < end:
                    left = max(0.1, end - time.perf_counter())
                    try:
                        msg = json.loads(await asyncio.wait_for(ws.recv(), timeout=left))
                    except TimeoutError:
                        break
                    if msg["type"] != "state":
                        continue
                    if sent_at is not None and msg["seq"] > acted:
                        latencies.append(time.perf_counter() - sent_at)
                        sent_at = None
                    if msg["status"] == "finished":
                        break
                    pause = msg["pause"]
                    if pause and 0 in pause["waiting"]:  # read the summary at once
                        await ws.send(json.dumps({"type": "continue"}))
                    if msg["legal"] and sent_at is None and msg["seq"] > acted:
                        acted = msg["seq"]
                        sent_at = time.perf_counter()
                        token = rng.choice(msg["legal"])
                        await ws.send(json.dumps({"type": "act", "token": token}))
    return latencies


async def one_run(base: str, args: argparse.Namespace, seed: int) -> dict[str, Any]:
    """Fill the room with bot tables, play the human, read the bots' load."""
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        seats = [{"kind": "bot", "level": args.level}] * args.players
        for _ in range(args.tables):
            reply = await http.post("/api/tables", json={"game": args.game, "seats": seats})
            reply.raise_for_status()
        await asyncio.sleep(2)  # the bots are thinking before the human sits down
        latencies = await human(base, args, random.Random(seed))
        room = (await http.get("/api/room")).json()
    bots = room["bots"]
    return {
        "moves": len(latencies),
        "p50": 1000 * percentile(latencies, 0.5) if latencies else float("nan"),
        "p99": 1000 * percentile(latencies, 0.99) if latencies else float("nan"),
        "max": 1000 * max(latencies) if latencies else float("nan"),
        "bot_moves": bots["moves"],
        "think_p50": bots["think_ms_p50"] or float("nan"),
        "think_p99": bots["think_ms_p99"] or float("nan"),
    }


def serve(flags: list[str], args: argparse.Namespace, seed: int) -> dict[str, Any]:
    """One run of one configuration in a fresh server process."""
    with (
        tempfile.TemporaryDirectory() as tmp,
        serving(str(Path(tmp) / "room.sqlite3"), flags) as base,
    ):
        return asyncio.run(one_run(base, args, seed))


def main() -> int:
    """Parse the arguments, run every configuration in turn, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=20, help="tables of bots only (20)")
    parser.add_argument("--level", default="expert", help="their bots' level (expert)")
    parser.add_argument("--game", default="hearts", help="the game at every table (hearts)")
    parser.add_argument("--players", type=int, default=4, help="seats at each table (4)")
    parser.add_argument(
        "--human-bots", default="easy", help="the level of the bots beside the human (easy)"
    )
    parser.add_argument("--seconds", type=float, default=30, help="the human plays this long")
    parser.add_argument("--rounds", type=int, default=2, help="runs of each configuration (2)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    runs: dict[str, list[dict[str, Any]]] = {name: [] for name in CONFIGS}
    for round_no in range(args.rounds):
        order = list(CONFIGS)
        order = order[round_no % len(order) :] + order[: round_no % len(order)]  # rotated
        for name in order:
            print(f"round {round_no + 1}/{args.rounds}: {name} …", file=sys.stderr, flush=True)
            runs[name].append(serve(CONFIGS[name], args, round_no))
    medians = {
        name: {key: statistics.median(r[key] for r in results) for key in results[0]}
        for name, results in runs.items()
    }
    if args.json:
        print(json.dumps({"args": vars(args), "medians": medians, "runs": runs}))
        return 0
    print(
        f"A human's moves beside {args.tables} tables of {args.level} bots ({args.game}), "
        f"{args.seconds:g} s, median of {args.rounds} rounds, {os.cpu_count()} cores"
    )
    head = ("configuration", "moves", "ack p50", "ack p99", "ack max", "bot moves", "think p50")
    print(f"{head[0]:<26}" + "".join(f"{h:>11}" for h in head[1:]) + f"{'think p99':>11}")
    for name, m in medians.items():
        cells = [f"{m['moves']:.0f}", *(f"{m[k]:.1f} ms" for k in ("p50", "p99", "max"))]
        cells += [f"{m['bot_moves']:.0f}", f"{m['think_p50']:.0f} ms", f"{m['think_p99']:.0f} ms"]
        print(f"{name:<26}" + "".join(f"{c:>11}" for c in cells))
    fair, off = medians["fair share (as shipped)"]["p99"], medians["limits off (threads)"]["p99"]
    print(
        f"ack p99, limits off ÷ fair share: {off / fair:.1f}×; target p99 ≤ 100 ms: "
        f"{'met' if fair <= 100 else 'not met'} ({fair:.1f} ms)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
