"""Input a room on the open internet refuses with its documented answer — never a traceback,
never a dropped socket — and goes on serving: a WebSocket message nested a thousand deep, a
binary frame, a request body nested as deep, a body of a megabyte."""

from __future__ import annotations

import json
from pathlib import Path

from roomkit import server_thread

from hoyle.web.app import MAX_BODY, MAX_DEPTH


def test_a_message_nested_a_thousand_deep_is_refused_and_the_socket_lives(tmp_path: Path) -> None:
    with server_thread(tmp_path / "room.sqlite3") as room:
        table = room.create("ecarte", ["human", "random"])
        with room.client(table["id"], table["seats"][0]["key"]) as ws:
            ws.next_state()
            ws.send_text("[" * 1000 + "]" * 1000)
            refused = ws.next_reply()
            assert refused["type"] == "refused" and f"at most {MAX_DEPTH}" in refused["reason"]
            # Brackets inside a string are text, not nesting.
            ws.send_json({"type": "ping", "note": "[[[[[[[[[[[[[[[[[[[["})
            assert ws.next_reply()["type"] == "pong"


def test_a_binary_frame_is_refused_and_the_socket_lives(tmp_path: Path) -> None:
    with server_thread(tmp_path / "room.sqlite3") as room:
        table = room.create("ecarte", ["human", "random"])
        with room.client(table["id"], table["seats"][0]["key"]) as ws:
            ws.next_state()
            ws.ws.send(b'{"type": "ping"}')
            refused = ws.next_reply()
            assert refused["type"] == "refused" and "text frames" in refused["reason"]
            ws.send_json({"type": "ping"})
            assert ws.next_reply()["type"] == "pong"


def test_deep_or_huge_request_bodies_are_refused_before_parsing(tmp_path: Path) -> None:
    with server_thread(tmp_path / "room.sqlite3") as room:
        deep = '{"game": "hearts", "seats": ' + "[" * 1000 + "]" * 1000 + "}"
        reply = room.http.post(
            "/api/tables", content=deep, headers={"content-type": "application/json"}
        )
        assert reply.status_code == 400 and f"at most {MAX_DEPTH}" in reply.text
        huge = '{"game": "hearts", "pad": "' + "x" * 1_000_000 + '"}'
        reply = room.http.post(
            "/api/tables", content=huge, headers={"content-type": "application/json"}
        )
        assert reply.status_code == 413 and str(MAX_BODY) in reply.text
        # And the room serves the next player as before.
        assert room.create("hearts(deals=1)", ["human", "random", "random", "random"])["id"]


def test_a_page_elsewhere_cannot_post_a_table_and_the_schema_is_not_served(
    tmp_path: Path,
) -> None:
    with server_thread(tmp_path / "room.sqlite3") as room:
        # A form or fetch from another site may send text/plain without a preflight: refused.
        body = json.dumps({"game": "hearts", "seats": [{"kind": "bot"}] * 4})
        reply = room.http.post("/api/tables", content=body, headers={"content-type": "text/plain"})
        assert reply.status_code == 415 and "application/json" in reply.text
        assert room.http.get("/api/tables").json() == []
        assert room.http.get("/openapi.json").status_code == 404
