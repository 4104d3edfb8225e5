"""Helpers the card-room tests share: a real server on loopback, tables, WebSocket clients."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from websockets.sync.client import ClientConnection, connect

from hoyle.web.app import create_app
from hoyle.web.limits import OFF, Limits
from hoyle.web.room import Room
from hoyle.web.store import Store, database_url
from hoyle.web.table import Settings

QUICK_HEARTS = "hearts(deals=1)"
"""One deal of Black Lady: a whole game in about sixty actions."""
SRC = Path(__file__).resolve().parents[2] / "src"


def store_url(db: Path | str) -> str:
    """The SQLAlchemy URL of a SQLite file (a path) or of a database given by URL (as
    ``hoyle serve --database`` reads it: ``postgresql://`` goes through psycopg 3)."""
    return database_url(db, Path()) if isinstance(db, str) else f"sqlite:///{db}"


def free_port() -> int:
    """A loopback port nobody listens on."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """A running card room at ``url``."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        self.http = httpx.Client(base_url=self.url, timeout=20)
        self.room: Any = None
        """The :class:`~hoyle.web.room.Room`, when it runs in this process."""
        self.app: Any = None
        """The FastAPI app, when it runs in this process (its ``state`` for a test to set)."""

    def create(self, game: str, kinds: list[str]) -> dict[str, Any]:
        """Create a table: ``human`` or a bot level per seat; its JSON (id, seats, keys)."""
        seats = [{"kind": "human"} if k == "human" else {"kind": "bot", "level": k} for k in kinds]
        reply = self.http.post("/api/tables", json={"game": game, "seats": seats})
        assert reply.status_code == 200, reply.text
        table: dict[str, Any] = reply.json()
        return table

    def client(
        self, table_id: str, key: str | None = None, hello: bool = True, auto: bool = False
    ) -> Client:
        """A WebSocket client at the table (with ``key``: in that seat), hello already said.

        ``auto`` is off unless asked for: a test's client plays its forced moves itself, so
        that the moves it sends are the moves made.
        """
        conn = connect(f"ws://127.0.0.1:{self.port}/ws/{table_id}", open_timeout=20)
        # Entered as a context (Client.close closes it): websockets 17.1 deprecates using a
        # connection that never was, and entering is what every version supports.
        ws = Client(conn.__enter__())
        if hello:
            msg: dict[str, Any] = {"type": "hello", "auto": auto}
            if key is not None:
                msg["key"] = key
            ws.send_json(msg)
        return ws


class Client:
    """A WebSocket client that reads JSON and never waits forever."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.received: list[dict[str, Any]] = []

    def send_json(self, msg: Any) -> None:
        """Send one JSON message."""
        self.ws.send(json.dumps(msg))

    def send_text(self, text: str) -> None:
        """Send raw text (for malformed messages)."""
        self.ws.send(text)

    def receive_json(self, timeout: float = 20) -> dict[str, Any]:
        """The next message (fails after ``timeout`` seconds)."""
        msg: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
        self.received.append(msg)
        return msg

    def next_state(self) -> dict[str, Any]:
        """The next ``state`` message."""
        while True:
            msg = self.receive_json()
            if msg["type"] == "state":
                return msg

    def next_reply(self) -> dict[str, Any]:
        """The next message that is not a state broadcast (a refusal, a hint, an error)."""
        while True:
            msg = self.receive_json()
            if msg["type"] != "state":
                return msg

    def until_my_turn(self) -> dict[str, Any]:
        """State messages until one gives this seat legal actions (or the game ends)."""
        while True:
            msg = self.next_state()
            if msg["legal"] or msg["status"] == "finished":
                return msg

    def play_out(self, msg: dict[str, Any], pick: int = 0) -> dict[str, Any]:
        """From the state ``msg``, play this seat's legal move number ``pick`` (the first, or
        -1 the last) each turn until the game is over; the last state. Each turn is answered
        once: a state that repeats its ``seq`` gets no second move."""
        seen = -1
        while msg["status"] != "finished":
            if msg["legal"] and msg["seq"] > seen:
                seen = msg["seq"]
                self.send_json({"type": "act", "token": msg["legal"][pick]})
            msg = self.next_state()
        return msg

    def close(self) -> None:
        """Leave the table."""
        self.ws.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


@contextmanager
def server_thread(
    db: Path | str,
    limits: Limits = OFF,
    hosts: list[str] | None = None,
    **settings: Any,
) -> Iterator[Server]:
    """A card room in a thread of this process, storing in ``db`` (a SQLite file, or a
    database URL given as a string), within ``limits``, answering to ``hosts`` (any name when
    ``None``); bots play at once, and wait for nobody after a deal unless
    ``summary_seconds`` or ``summary_seconds_bots`` say otherwise."""
    settings.setdefault("bot_delay", 0.0)
    settings.setdefault("summary_seconds", 0.0)
    settings.setdefault("summary_seconds_bots", 0.0)
    port = free_port()
    app = create_app(store_url(db), Settings(**settings), limits, hosts)
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=lambda: asyncio.run(server.serve()), daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    running = Server(port)
    running.room = app.state.room  # the room itself, for a test to look inside
    running.app = app
    try:
        yield running
    finally:
        server.should_exit = True
        thread.join(timeout=10)


@contextmanager
def server_process(db: Path | str, port: int | None = None, *args: str) -> Iterator[Server]:
    """``hoyle serve`` as a separate process (killed at the end if still running)."""
    port = port or free_port()
    proc = start_process(db, port, *args)
    try:
        yield Server(port)
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()


def start_process(db: Path | str, port: int, *args: str) -> subprocess.Popen[bytes]:
    """Start ``hoyle serve`` on ``port`` (``--database db``: a file or a URL) and wait until
    it answers (bots play at once and wait for nobody after a deal, unless ``args`` say
    otherwise)."""
    env = dict(os.environ, PYTHONPATH=str(SRC))
    cmd = [sys.executable, "-m", "hoyle", "serve", "--port", str(port), "--database", str(db)]
    quick = ["--bot-delay", "0", "--summary-seconds", "0", "--summary-seconds-bots", "0"]
    proc = subprocess.Popen([*cmd, *quick, *args], env=env, stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while True:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/tables", timeout=1)
            return proc
        except httpx.HTTPError:
            assert proc.poll() is None, "hoyle serve exited"
            assert time.monotonic() < deadline, "hoyle serve did not start"
            time.sleep(0.05)


def run_room(main: Callable[[Room], Awaitable[None]], db: Path, **settings: Any) -> None:
    """Run ``main(room)`` in a fresh event loop on a room storing in ``db`` (a SQLite file)
    with ``settings``, then stop the room and close its store."""
    store = Store(f"sqlite:///{db}")
    room = Room(store, Settings(**settings))

    async def body() -> None:
        try:
            await main(room)
        finally:
            room.stop()

    try:
        asyncio.run(body())
    finally:
        store.close()


def choose_and_confirm(page: Any) -> None:
    """Pick cards until the choice (a pass, a discard) may be confirmed, then confirm it. The
    choice may go away meanwhile — the room moved on (a bot playing for a slow seat on a busy
    machine): then there is nothing left to do, and no locator must wait for it."""
    confirm = page.locator("#choice-confirm")
    for _attempt in range(60):  # a choice takes a few clicks; never wait forever
        if not confirm.count():
            return
        try:
            if confirm.is_enabled(timeout=2000):
                confirm.click(timeout=2000)
                return
            page.locator("#hand .card.legal:not(.selected)").first.click(timeout=2000)
        except PlaywrightTimeoutError:
            continue  # gone or redrawn: look again
    raise AssertionError("the choice never became confirmable")
