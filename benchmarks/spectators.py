"""What a crowd of spectators costs a table: messages and bytes as they join and leave.

A table of ``--players`` seated humans (all connected, none acting) is joined by
``--spectators`` spectators one after another, who then all leave. Two rows: the room as it
is (a join sends the whole state to the joiner alone; a spectator's coming and going tells
nobody else), and the same joins and leaves where every one is followed by the whole state
sent to every viewer (the room before its quiet fan-out, played with the table's own
``broadcast``). Each row counts the messages the viewers received and their size in JSON.

Run: ``.venv/bin/python benchmarks/spectators.py [--spectators 300] [--players 4]``
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

from hoyle.web.room import Room
from hoyle.web.store import Store
from hoyle.web.table import Settings


class Viewer:
    """Counts what it is sent."""

    def __init__(self) -> None:
        self.messages = 0
        self.size = 0

    async def send_json(self, data: Any) -> None:
        self.messages += 1
        self.size += len(json.dumps(data))


async def crowd(db: Path, args: argparse.Namespace, everyone: bool) -> tuple[int, int]:
    """Messages and bytes the viewers got; ``everyone``: the whole state to all after each."""
    room = Room(Store(f"sqlite:///{db}"), Settings(turn_timeout=3600, grace=3600))
    try:
        table = (await room.create("hearts", [{"kind": "human"}] * args.players)).table
        viewers = [Viewer() for _ in range(args.players + args.spectators)]
        for seat, viewer in enumerate(viewers[: args.players]):
            await table.join(viewer, seat)
        for viewer in viewers[args.players :]:
            await table.join(viewer, None)
            if everyone:
                await table.broadcast()
            await table.flush()
        for viewer in viewers[args.players :]:
            await table.leave(viewer)
            if everyone:
                await table.broadcast()
            await table.flush()
        return sum(v.messages for v in viewers), sum(v.size for v in viewers)
    finally:
        room.stop()
        room.store.close()


def main() -> int:
    """Measure both rows and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--spectators", type=int, default=300, help="spectators (300)")
    parser.add_argument("--players", type=int, default=4, help="seated players (4)")
    args = parser.parse_args()
    rows = {}
    with tempfile.TemporaryDirectory() as tmp:
        rows["as the room sends"] = asyncio.run(crowd(Path(tmp) / "a.sqlite3", args, False))
        rows["whole state to all"] = asyncio.run(crowd(Path(tmp) / "b.sqlite3", args, True))
    print(f"{args.spectators} spectators join then leave a table of {args.players} players")
    print(f"{'row':<22}{'messages':>10}{'MB':>9}")
    for name, (messages, size) in rows.items():
        print(f"{name:<22}{messages:>10}{size / 1e6:>9.2f}")
    now, before = rows["as the room sends"], rows["whole state to all"]
    print(f"whole state to all ÷ as the room sends: {before[0] / now[0]:.0f}× the messages")
    return 0


if __name__ == "__main__":
    sys.exit(main())
