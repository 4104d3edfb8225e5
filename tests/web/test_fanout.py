"""Quiet fan-out: what a table sends as viewers come and go, and a stalled viewer.

A join sends the whole state to the joiner alone; a seated player's coming or going is one
small ``presence`` message to the others; a spectator's is nothing. So the messages a table
sends grow with the number of joins, not with its square. A viewer that stops reading is
dropped once its queue is full, and the table plays on at its own pace.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from roomkit import run_room

from hoyle.web.room import Room
from hoyle.web.table import OUTBOX


class Counter:
    """A viewer that counts what it is sent (and its size in JSON)."""

    def __init__(self) -> None:
        self.kinds: list[str] = []
        self.size = 0

    async def send_json(self, data: Any) -> None:
        self.kinds.append(data["type"])
        self.size += len(json.dumps(data))


class Stalled:
    """A viewer whose connection never takes a message (a client that stopped reading)."""

    def __init__(self) -> None:
        self.closed: int | None = None

    async def send_json(self, data: Any) -> None:
        await asyncio.Event().wait()

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed = code


def in_room(db: Path, main: Any, **settings: Any) -> None:
    run_room(main, db, bot_delay=0, summary_seconds=0, summary_seconds_bots=0, **settings)


def test_three_hundred_spectators_cost_one_message_each(tmp_path: Path) -> None:
    async def main(room: Room) -> None:
        # Four humans, one of them here; nobody acts, so only joins and leaves send anything.
        made = await room.create("hearts", [{"kind": "human"}] * 4)
        table = made.table
        player = Counter()
        await table.join(player, 0)
        spectators = [Counter() for _ in range(300)]
        for n, spectator in enumerate(spectators, 1):
            await table.join(spectator, None)
            if n in (100, 300):
                await table.flush()
                sent = len(player.kinds) + sum(len(s.kinds) for s in spectators)
                assert sent == 1 + n  # the player's snapshot and one per spectator: linear
        for spectator in spectators:
            await table.leave(spectator)
        await table.flush()
        assert player.kinds == ["state"]  # 600 spectators' comings and goings: not a word
        assert all(s.kinds == ["state"] for s in spectators)
        # A seated player coming is one small message to each of the others.
        watcher = Counter()
        await table.join(watcher, None)
        other = Counter()
        await table.join(other, 1)
        await table.flush()
        assert watcher.kinds == ["state", "presence"] and player.kinds == ["state", "presence"]
        assert other.kinds == ["state"]
        snapshot = other.size
        await table.leave(other)
        await table.flush()
        assert watcher.kinds[-1] == "presence"
        assert watcher.size - len(json.dumps(table.message_for(None))) < snapshot / 2

    in_room(tmp_path / "room.sqlite3", main, turn_timeout=600, grace=600)


def test_a_stalled_viewer_is_dropped_and_the_table_plays_on(tmp_path: Path) -> None:
    async def main(room: Room) -> None:
        made = await room.create("hearts(deals=6)", [{"kind": "bot", "level": "random"}] * 4)
        table = made.table
        stalled, reader = Stalled(), Counter()
        await table.join(stalled, None)
        await table.join(reader, None)
        for _ in range(20000):
            if table.finished:
                break
            await asyncio.sleep(0.001)
        assert table.finished  # six deals: some 400 messages, past the stalled queue
        await table.flush()
        assert stalled not in table.viewers and stalled.closed == 4408
        assert reader in table.viewers
        assert reader.kinds.count("state") > OUTBOX  # the reader got every move

    in_room(tmp_path / "room.sqlite3", main)
