"""Helpers the card-room tests share: an app on a fresh SQLite file, tables, WebSocket play."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from hoyle.web.app import create_app
from hoyle.web.table import Settings

QUICK_HEARTS = "hearts(deals=1)"
"""One deal of Black Lady: a whole game in about sixty actions."""


def app_client(db: Path, **settings: Any) -> TestClient:
    """A test client of an app storing in ``db`` (bots play at once unless told)."""
    settings.setdefault("bot_delay", 0.0)
    return TestClient(create_app(f"sqlite:///{db}", Settings(**settings)))


def seats(*kinds: str) -> list[dict[str, str]]:
    """Seat entries: ``human`` or a bot level for each seat."""
    return [{"kind": "human"} if k == "human" else {"kind": "bot", "level": k} for k in kinds]


def new_table(client: TestClient, game: str, kinds: list[str]) -> dict[str, Any]:
    """Create a table through the API; returns its JSON (id, seats with keys)."""
    reply = client.post("/api/tables", json={"game": game, "seats": seats(*kinds)})
    assert reply.status_code == 200, reply.text
    table: dict[str, Any] = reply.json()
    return table


def next_state(ws: Any, others: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The next ``state`` message (other messages are kept in ``others``)."""
    while True:
        msg: dict[str, Any] = ws.receive_json()
        if msg["type"] == "state":
            return msg
        if others is not None:
            others.append(msg)


def until_my_turn(ws: Any) -> dict[str, Any]:
    """State messages until one gives this seat legal actions (or the game ends)."""
    while True:
        msg = next_state(ws)
        if msg["legal"] or msg["status"] == "finished":
            return msg


def next_reply(ws: Any) -> dict[str, Any]:
    """The next message that is not a state broadcast (a refusal, a hint, an error)."""
    while True:
        msg: dict[str, Any] = ws.receive_json()
        if msg["type"] != "state":
            return msg
