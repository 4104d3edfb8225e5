"""Seat names a room on the open internet accepts: NFC text of at most 24 characters, no
control, direction or invisible characters (a right-to-left override makes "\\u202egnp.exe"
read "exe.png"), and no two alike at a table (a numbered name is offered instead)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from roomkit import server_thread

from hoyle.web.table import NAME_LIMIT, Refused, check_name, unique_name


@pytest.mark.parametrize(
    ("given", "why"),
    [
        ("\u202egnp.exe", "U+202E"),  # right-to-left override
        ("Ann\u200dBob", "U+200D"),  # zero-width joiner: looks like "AnnBob"
        ("bell\x07", "U+0007"),  # a control character
        ("x" * (NAME_LIMIT + 1), f"at most {NAME_LIMIT} characters"),
        ("   ", "at least one letter"),
        (7, "a name is text"),
    ],
)
def test_a_name_that_hides_or_misleads_is_refused_saying_why(given: object, why: str) -> None:
    with pytest.raises(Refused, match=re.escape(why)):
        check_name(given)


def test_a_name_is_kept_normalised() -> None:
    # NFC: "e" and a combining acute are one "é", as every other screen writes it; commas
    # would split the record's Seats tag; tabs and runs of spaces are one space.
    assert check_name("Jos\u0065\u0301") == "Jos\u00e9"
    assert check_name(" Ann,\tthe  first ") == "Ann the first"


def test_two_seats_may_not_share_a_name() -> None:
    assert unique_name("Bob", ["Ann"]) == "Bob"
    with pytest.raises(Refused, match="try ANN 2"):
        unique_name("ANN", ["Ann"])


def test_the_room_refuses_such_names_and_keeps_serving(tmp_path: Path) -> None:
    with server_thread(tmp_path / "room.sqlite3") as room:
        seats = [{"kind": "human", "name": "\u202egnp.exe"}, {"kind": "bot", "level": "random"}]
        reply = room.http.post("/api/tables", json={"game": "ecarte", "seats": seats})
        assert reply.status_code == 400 and "U+202E" in reply.text
        twins = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "ann"}]
        reply = room.http.post("/api/tables", json={"game": "ecarte", "seats": twins})
        assert reply.status_code == 400 and "try ann 2" in reply.text
        # A hello under a refused name still takes the seat, under the name it had.
        table = room.create("ecarte", ["human", "human"])
        keys = [s["key"] for s in table["seats"]]
        with room.client(table["id"], hello=False) as ws:
            ws.send_json({"type": "hello", "key": keys[0], "name": "\u202eevil"})
            refused = ws.next_reply()
            assert refused["type"] == "refused" and "U+202E" in refused["reason"]
            state = ws.next_state()
            assert state["you"] == 0 and state["seats"][0]["name"] == "Player 1"
        with room.client(table["id"], hello=False) as ws:
            ws.send_json({"type": "hello", "key": keys[1], "name": "player 1"})
            refused = ws.next_reply()
            assert "try player 1 2" in refused["reason"]
            assert ws.next_state()["seats"][1]["name"] == "Player 2"
        with room.client(table["id"], hello=False) as ws:
            ws.send_json({"type": "hello", "key": keys[1], "name": "Zoë"})
            assert ws.next_state()["seats"][1]["name"] == "Zoë"
