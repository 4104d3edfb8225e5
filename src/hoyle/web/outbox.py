"""One viewer's messages on their way to it, so that no table ever waits for a slow reader.

A table hands each viewer's messages to its :class:`Outbox`, a bounded queue written to the
connection by a task of its own. A client that stops reading fills its queue and is dropped
(the table's :meth:`~hoyle.web.table.Table.send` says so); everyone else, and the table, go on.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any, Protocol

__all__ = ["OUTBOX", "Connection", "Outbox"]


class Connection(Protocol):
    """Anything the table can send JSON to (a WebSocket, or a test's recorder)."""

    async def send_json(self, data: Any) -> None:
        """Send one message."""
        ...


OUTBOX = 256
"""Messages that may wait for one viewer; a client this far behind has stalled (a whole deal
of Hearts is about 60 messages) and is dropped, to reconnect and get a fresh snapshot."""


class Outbox:
    """One viewer's messages on their way: a bounded queue and the task that writes it, so a
    slow reader is never waited for by its table."""

    def __init__(self, conn: Connection, gone: Callable[[Connection], None]) -> None:
        self.conn = conn
        self.gone = gone
        self.queue: asyncio.Queue[tuple[dict[str, Any], str | None]] = asyncio.Queue(OUTBOX)
        self.task = asyncio.create_task(self._write())

    def put(self, msg: dict[str, Any], text: str | None) -> bool:
        """Queue ``msg``; False when the queue is full."""
        try:
            self.queue.put_nowait((msg, text))
        except asyncio.QueueFull:
            return False
        return True

    async def _write(self) -> None:
        send_text = getattr(self.conn, "send_text", None)
        while True:
            msg, text = await self.queue.get()
            try:
                if send_text is not None:  # a WebSocket: the JSON made once for every viewer
                    await send_text(text if text is not None else json.dumps(msg))
                else:
                    await self.conn.send_json(msg)
            except Exception:  # a closed socket: the viewer has left
                self.gone(self.conn)
                return
            finally:
                self.queue.task_done()

    def close(self) -> None:
        """Stop writing (the viewer left)."""
        self.task.cancel()
        while not self.queue.empty():  # nobody will write these: flush() must not wait
            self.queue.get_nowait()
            self.queue.task_done()
