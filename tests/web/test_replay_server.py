"""The replay API: a finished table's game and an uploaded record as the viewer's stops and
positions, each position what ``Timeline.view`` gives the reader; 404, 409 and the upload's
limits and errors (with the record's line)."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from roomkit import QUICK_HEARTS, Server

from hoyle.records import loads
from hoyle.records.timeline import Timeline
from hoyle.web import replay as replay_module
from hoyle.web.replay import MAX_RECORD, Replay, ReplayError, Replays
from hoyle.web.store import Store, TableRow


def finish(server: Server, game: str = QUICK_HEARTS) -> str:
    """A table of random bots played to the end; its id."""
    table = server.create(game, ["random"] * 4)
    deadline = time.monotonic() + 30
    while server.http.get(f"/api/tables/{table['id']}/record").status_code != 200:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)
    return str(table["id"])


@pytest.fixture(scope="module")
def finished(room: Server) -> tuple[str, str]:
    """A finished one-deal Hearts table's id and record."""
    table = finish(room)
    return table, room.http.get(f"/api/tables/{table}/record").text


def wire(value: Any) -> Any:
    """``value`` as JSON carries it (tuples become lists)."""
    return json.loads(json.dumps(value))


def test_the_outline_lists_the_stops_with_their_moves(
    room: Server, finished: tuple[str, str]
) -> None:
    table, record = finished
    outline = room.http.get(f"/api/tables/{table}/replay").json()
    line = Timeline(loads(record))
    assert outline["table"] == table and outline["upload"] is None
    assert outline["title"] == line.game.title and outline["game"] == line.game.spec
    assert outline["positions"] == len(line)
    assert outline["record"] == f"/api/tables/{table}/record"
    assert [s["name"] for s in outline["seats"]] == line.names
    assert all(s["status"] == "bot · random" for s in outline["seats"])
    steps = outline["steps"]
    stops = [s["index"] for s in steps]
    assert stops == sorted(stops) and set(outline["tricks"]) <= set(stops)
    assert set(outline["deals"]) <= set(stops)
    # The room deals at chance nodes: the viewer starts once the deal is made, and every stop
    # after it follows one player's move, named with its seat and token.
    assert line.steps[stops[0]].label == "1.pass" and steps[0]["actor"] is None
    assert [s["token"] for s in steps[1:]] == [line.steps[i].token for i in line.moves()]
    assert all(s["actor"] == line.steps[s["index"]].actor for s in steps[1:])
    assert steps[-1]["label"] == "end" and steps[-1]["where"] == "the game is over"
    third = outline["tricks"][3]
    assert line.steps[third].label == "1.3"
    assert next(s for s in steps if s["index"] == third)["where"] == "deal 1, trick 3"


@pytest.mark.parametrize("seat", [0, 2, None])
def test_each_position_is_what_the_timeline_shows_that_reader(
    room: Server, finished: tuple[str, str], seat: int | None
) -> None:
    table, record = finished
    line = Timeline(loads(record))
    outline = room.http.get(f"/api/tables/{table}/replay").json()
    query = "all" if seat is None else str(seat)
    for index in [outline["steps"][0]["index"], *outline["tricks"][2:5], len(line) - 1]:
        msg = room.http.get(f"/api/tables/{table}/replay/{index}?seat={query}").json()
        view = line.view(index, seat, face_up=seat is None)
        assert msg["index"] == index and msg["you"] == seat
        assert msg["observation"] == wire(view.observation)
        assert msg["log"] == wire(view.log[msg["log_start"] :])
        assert msg["hands"] == wire(view.hands)
        assert msg["facts"] == wire(view.facts)
        assert msg["legal"] == [] and msg["face_up"] == (seat is None)
        assert msg["status"] == ("finished" if index == len(line) - 1 else "playing")


def test_a_seat_view_holds_no_other_hand(room: Server, finished: tuple[str, str]) -> None:
    table, record = finished
    line = Timeline(loads(record))
    index = room.http.get(f"/api/tables/{table}/replay").json()["tricks"][3]
    hands = line.view(index, None, face_up=True).hands
    assert hands is not None
    for seat in range(4):
        msg = room.http.get(f"/api/tables/{table}/replay/{index}?seat={seat}").json()
        assert msg["hands"] is None
        assert msg["observation"]["hand"] == hands[seat]
        for other in set(range(4)) - {seat}:
            assert not set(hands[other]) & set(msg["observation"]["hand"])
            # No list anywhere in the message is another seat's hand.
            assert json.dumps(hands[other]) not in json.dumps(msg)


def test_the_move_that_ends_a_trick_brings_the_trick_to_hold(
    room: Server, finished: tuple[str, str]
) -> None:
    table, _ = finished
    outline = room.http.get(f"/api/tables/{table}/replay").json()
    third = outline["tricks"][3]
    msg = room.http.get(f"/api/tables/{table}/replay/{third}").json()
    fresh = msg["log"][msg["fresh"] - msg["log_start"] :]
    # The play and the trick it ends; and "Hearts are broken." when that card broke them (the
    # cards are the room's random shuffle: hearts/narrate.py says so after the trick).
    kinds = [e["kind"] for e in fresh]
    assert kinds in (["play", "trick"], ["play", "trick", "broken"]), kinds
    assert len(fresh[1]["plays"]) == 4
    assert msg["step"]["where"] == "deal 1, trick 3"
    # At the first stop nothing is new: the table's first message showed no move.
    start = outline["steps"][0]["index"]
    first = room.http.get(f"/api/tables/{table}/replay/{start}").json()
    assert first["fresh"] == first["log_start"] + len(first["log"])


def test_unknown_and_unfinished_tables_are_not_replayed(room: Server) -> None:
    live = room.create(QUICK_HEARTS, ["human", "random", "random", "random"])
    for path in ("/api/tables/nosuchtable/replay", "/api/tables/nosuchtable/replay/0"):
        assert room.http.get(path).status_code == 404
    for path in (f"/api/tables/{live['id']}/replay", f"/api/tables/{live['id']}/replay/0"):
        reply = room.http.get(path)
        assert reply.status_code == 409, reply.text
        assert "not over" in reply.json()["detail"]
        assert "hand" not in reply.text


def test_bad_positions_and_seats_are_refused(room: Server, finished: tuple[str, str]) -> None:
    table, _ = finished
    base = f"/api/tables/{table}/replay"
    assert room.http.get(f"{base}/100000").status_code == 404
    assert room.http.get(f"{base}/3?seat=4").status_code == 400
    assert room.http.get(f"{base}/3?seat=-1").status_code == 400
    assert room.http.get(f"{base}/3?seat=east").status_code == 400
    assert room.http.get(f"{base}/x").status_code == 422


def test_an_uploaded_record_opens_the_same_viewer(room: Server, finished: tuple[str, str]) -> None:
    _, record = finished
    reply = room.http.post("/api/replays", json={"record": record})
    assert reply.status_code == 200, reply.text
    made = reply.json()
    assert made["url"] == f"/replay/u/{made['id']}"
    assert made["title"] == "Hearts — Black Lady"
    outline = room.http.get(f"/api/replays/{made['id']}").json()
    assert outline["upload"] == made["id"] and outline["table"] is None
    assert outline["record"] == f"/api/replays/{made['id']}/record"
    assert room.http.get(outline["record"]).text == record
    index = outline["tricks"][2]
    msg = room.http.get(f"/api/replays/{made['id']}/{index}?seat=1").json()
    assert msg["observation"] == wire(Timeline(loads(record)).view(index, 1).observation)
    page = room.http.get(made["url"])
    assert page.status_code == 200 and "replay.js" in page.text
    assert room.http.get("/api/replays/nosuchupload").status_code == 404


def test_a_record_that_does_not_replay_is_refused_with_its_line(
    room: Server, finished: tuple[str, str]
) -> None:
    _, record = finished
    lines = record.splitlines()
    at = next(i for i, text in enumerate(lines) if text.startswith("1.1 "))
    words = lines[at].split()
    lines[at] = " ".join([words[0], "XX", *words[2:]])  # no such card
    reply = room.http.post("/api/replays", json={"record": "\n".join(lines) + "\n"})
    assert reply.status_code == 400
    assert f"line {at + 1}:" in reply.json()["detail"]
    reply = room.http.post("/api/replays", json={"record": '[Game "whist"]\n\n1.1 2C\n'})
    assert reply.status_code == 400 and "line 1:" in reply.json()["detail"]
    reply = room.http.post("/api/replays", json={"record": "   "})
    assert reply.status_code == 400


def test_uploads_are_bounded_in_size_and_kind(room: Server) -> None:
    big = "x" * (MAX_RECORD + 1)
    reply = room.http.post("/api/replays", json={"record": big})
    assert reply.status_code == 413 and "KiB" in reply.json()["detail"]
    reply = room.http.post(
        "/api/replays",
        content=b'{"record": "[Game \\"hearts\\"]"}',
        headers={"content-type": "text/plain"},
    )
    assert reply.status_code == 415
    reply = room.http.post(
        "/api/replays", content=b"[" * 5000, headers={"content-type": "application/json"}
    )
    assert reply.status_code == 400


def test_a_game_too_long_to_keep_is_refused(
    room: Server, finished: tuple[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, record = finished
    monkeypatch.setattr(replay_module, "MAX_POSITIONS", 50)
    reply = room.http.post("/api/replays", json={"record": record})
    assert reply.status_code == 413
    assert "at most 50" in reply.json()["detail"]


def test_the_stores_are_bounded(tmp_path: Path, finished: tuple[str, str]) -> None:
    _, record = finished
    store = Store(f"sqlite:///{tmp_path / 'room.sqlite3'}")
    try:
        positions = len(loads(record).actions) + 1
        # Room for two replays by weight, three uploads kept: the oldest go first.
        replays = Replays(store, weight=2 * positions, uploads=3)
        made = [replays.upload(record).upload for _ in range(4)]
        with pytest.raises(ReplayError) as gone:
            replays.record(str(made[0]))
        assert gone.value.status == 404
        assert len(replays._cache) == 2
        assert replays.for_upload(str(made[3])) is replays.for_upload(str(made[3]))
        # A rebuilt replay (forgotten by the cache, its record kept) is the same game.
        again = replays.for_upload(str(made[1]))
        assert isinstance(again, Replay) and len(again.timeline) == positions
        store.create_table(TableRow("t1", QUICK_HEARTS, []), [], [])
        with pytest.raises(ReplayError) as live:
            replays.for_table("t1")
        assert live.value.status == 409
    finally:
        store.close()
