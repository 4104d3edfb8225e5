"""Duplicate events in the card room, on a real server (hoyle.web.duplicates).

What the issue and the rules of duplicate play require (docs/club.md, hoyle.club.events):
every table plays the same boards (the same cards: one board, one set of deal salts) with
the seats rotated as the plan says; each result is scored against the others who held the
same cards (``difference``: the totals add up to 0); an organiser must be logged in, a person
needs only their key; a board stays hidden (no listing, spectator, record, replay, review or
score) until every table has played it; a room stopped half way through an event goes on.
"""

from __future__ import annotations

import io
import json
import math
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from roomkit import Server, server_thread
from sqlalchemy import delete, update
from test_accounts import as_player, no_cookies, play_to_end, register

from hoyle.club.events import Event, plan
from hoyle.records import loads
from hoyle.web.accounts import Attempts
from hoyle.web.store import duplicate_games_t, duplicates_t
from hoyle.web.table import Table

GAME = "hearts"
OPTIONS = {"deals": 1}
BOTS = [{"kind": "bot", "level": "random"}] * 4


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A card room of this module's own; an absent person's stand-in waits a long time."""
    db = tmp_path_factory.mktemp("events") / "room.sqlite3"
    with server_thread(db, grace=600.0) as server:
        server.app.state.accounts.registrations = Attempts(1000, 3600)
        server.http = httpx.Client(base_url=server.url, timeout=30, cookies=no_cookies())
        yield server


@pytest.fixture(scope="module")
def organiser(room: Server) -> Iterator[httpx.Client]:
    """A logged-in player's client (with the room's Origin, as its pages send)."""
    with as_player(room, register(room, "Olga")) as client:
        yield client


def organise(client: httpx.Client, tables: list[list[dict[str, Any]]], boards: int = 2) -> Any:
    body = {"name": "Friday", "game": GAME, "options": OPTIONS, "boards": boards}
    reply = client.post("/api/events", json={**body, "tables": tables})
    assert reply.status_code == 201, reply.text
    return reply.json()


def view(room: Server, event_id: str) -> dict[str, Any]:
    reply = room.http.get(f"/api/events/{event_id}")
    assert reply.status_code == 200, reply.text
    found: dict[str, Any] = reply.json()
    return found


def until(room: Server, event_id: str, done: Any, seconds: float = 60) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while not done(found := view(room, event_id)):
        assert time.monotonic() < deadline, f"the event did not get there: {found['tables']}"
        time.sleep(0.1)
    return found


def next_game(room: Server, event_id: str, key: str) -> dict[str, Any]:
    """The person's place once their next game's table is open (the event shows it then)."""
    deadline = time.monotonic() + 30
    while (place := room.http.post(f"/api/events/{event_id}/place", json={"key": key})).json()[
        "next"
    ] is None:
        assert time.monotonic() < deadline, f"no next game: {place.json()}"
        time.sleep(0.05)
    found: dict[str, Any] = place.json()
    return found


def record_of(room: Server, table_id: str) -> str:
    reply = room.http.get(f"/api/tables/{table_id}/record")
    assert reply.status_code == 200, reply.text
    return reply.text


def test_a_bots_event_plays_every_board_at_every_table_on_the_same_cards(
    room: Server, organiser: httpx.Client
) -> None:
    made = organise(organiser, [BOTS, BOTS, BOTS], boards=3)
    assert made["places"] == []  # bots alone: nobody to give a link to
    found = until(room, made["id"], lambda v: v["status"] == "finished")
    assert found["complete"] == [0, 1, 2] and found["organiser"] == "Olga"
    assert [t["played"] for t in found["tables"]] == [3, 3, 3]
    games = found["games"]
    assert len(games) == 9
    # The plan's rotation: table t plays board b with its lineup moved (t + b) mod 4 seats.
    lineups = [[p["name"] for p in found["participants"] if p["table"] == t] for t in range(3)]
    for g in games:
        r = (g["table"] + g["board"]) % 4
        assert g["seats"] == [lineups[g["table"]][(s - r) % 4] for s in range(4)]
    # The same board is the same cards at every table: one set of salts, one deal.
    for board in range(3):
        recs = [loads(record_of(room, g["table_id"])) for g in games if g["board"] == board]
        assert len({r.tags["Salts"] for r in recs}) == 1
        assert len({tuple(r.actions[:52]) for r in recs}) == 1
        assert {r.tags["Board"] for r in recs} == {str(board + 1)}
        assert {r.tags["Event"] for r in recs} == {"Friday"}
    # Another board is other cards.
    firsts = {loads(record_of(room, g["table_id"])).tags["Salts"] for g in games}
    assert len(firsts) == 3
    # Scored duplicate by difference: every set of cards adds up to 0, so do the totals.
    lines = found["score"]["table"]
    assert len(lines) == 12 and all(line["boards"] == 3 for line in lines)
    assert math.isclose(sum(line["total"] for line in lines), 0.0, abs_tol=1e-9)
    assert [line["place"] for line in lines] == sorted(line["place"] for line in lines)
    # Every board's records, a file per game.
    archive = room.http.get(f"/api/events/{made['id']}/records.zip")
    assert archive.status_code == 200
    names = zipfile.ZipFile(io.BytesIO(archive.content)).namelist()
    assert sorted(names) == sorted(
        f"table-{t}/board-{b}.hrec" for t in (1, 2, 3) for b in (1, 2, 3)
    )
    listed = [e for e in room.http.get("/api/events").json() if e["id"] == made["id"]]
    assert listed[0]["played"] == listed[0]["total"] == 9
    # The traveller of a board: every table's game of it, seat by seat, scored.
    game = games[4]
    slip = room.http.get(f"/api/tables/{game['table_id']}/traveller").json()
    assert slip["board"] == game["board"] and slip["table"] == game["table"]
    assert [g["table"] for g in slip["games"]] == [0, 1, 2]
    for seat in range(4):
        held = [g["seats"][seat] for g in slip["games"]]
        assert [h["name"] for h in held] == [
            g["seats"][seat]
            for g in sorted(games, key=lambda g: g["table"])
            if g["board"] == game["board"]
        ]
        assert math.isclose(sum(h["score"] for h in held), 0.0, abs_tol=1e-9)
    lobby = room.create("hearts(deals=1)", ["random"] * 4)["id"]
    assert room.http.get(f"/api/tables/{lobby}/traveller").status_code == 404


def test_only_a_logged_in_player_organises_and_a_bad_event_is_refused_whole(
    room: Server, organiser: httpx.Client
) -> None:
    body = {"game": GAME, "options": OPTIONS, "boards": 2, "tables": [BOTS, BOTS]}
    assert room.http.post("/api/events", json=body).status_code == 401  # a guest
    token = organiser.headers["cookie"].partition("=")[2]
    with as_player(room, token, origin=False) as elsewhere:  # not from a page of the room
        assert elsewhere.post("/api/events", json=body).status_code == 401
    before = len(room.http.get("/api/events").json())
    tables_before = len(room.room.tables)
    bad = [
        ({**body, "boards": 0}, "boards"),
        ({**body, "boards": 33}, "32"),
        ({**body, "tables": [BOTS]}, "2 to 8"),
        ({**body, "tables": [BOTS, BOTS[:3]]}, "table 2"),
        ({**body, "tables": [BOTS, [*BOTS[:3], {"kind": "bot", "level": "genius"}]]}, "seat 4"),
        ({**body, "tables": [BOTS, [*BOTS[:3], {"kind": "human", "name": "bot:me"}]]}, "bot:"),
        ({**body, "tables": [BOTS, [*BOTS[:2], *[{"kind": "human", "name": "Ana"}] * 2]]}, "Ana"),
        ({**body, "scoring": "imps"}, "matchpoints"),
        ({**body, "rotation": "mitchell"}, "full, boards, none"),
        ({**body, "game": "chess"}, "chess"),
    ]
    for wrong, says in bad:
        reply = organiser.post("/api/events", json=wrong)
        assert reply.status_code == 400, (wrong, reply.text)
        assert says in reply.json()["detail"], reply.json()["detail"]
    assert len(room.http.get("/api/events").json()) == before  # nothing made, nothing begun
    assert len(room.room.tables) == tables_before


def test_the_organisers_rotation_seats_the_tables(room: Server, organiser: httpx.Client) -> None:
    # "the seating rotation" is the organiser's: with none, every place keeps its seat.
    body = {"game": GAME, "options": OPTIONS, "boards": 2, "tables": [BOTS, BOTS]}
    reply = organiser.post("/api/events", json={**body, "rotation": "none"})
    assert reply.status_code == 201, reply.text
    found = until(room, reply.json()["id"], lambda v: v["status"] == "finished")
    assert found["rotation"] == "none"
    lineups = {t["table"]: t["lineup"] for t in found["tables"]}
    assert all(g["seats"] == lineups[g["table"]] for g in found["games"])


def test_a_board_is_hidden_until_every_table_has_played_it(
    room: Server, organiser: httpx.Client
) -> None:
    person = [{"kind": "human", "name": "Ana"}, *BOTS[1:]]
    made = organise(organiser, [person, BOTS], boards=2)
    event_id = made["id"]
    (ana,) = made["places"]
    assert ana["name"] == "Ana" and ana["link"].endswith(f"/events/{event_id}#key={ana['key']}")
    # The bots' table plays both boards while Ana has not come.
    found = until(room, event_id, lambda v: v["tables"][1]["played"] == 2)
    assert found["tables"][0]["played"] == 0 and found["complete"] == []
    assert found["games"] == [] and found["score"]["boards"] == []
    # Nothing of the boards' secrets is in what anyone is shown.
    event = Event.loads(room.room.duplicates.find(event_id).event.dumps())
    text = json.dumps(found)
    assert all(str(seed) not in text for seed in event.boards)
    # The bots' games of boards Ana has yet to play: no record, replay, review or watching.
    played = [g for (t, _), g in room.room.duplicates.find(event_id).games.items() if t == 1]
    for game in played:
        tid = game.table_id
        for url in (
            f"/api/tables/{tid}/record",
            f"/api/tables/{tid}/replay",
            f"/api/tables/{tid}/replay/3",
            f"/api/tables/{tid}/reviews",
            f"/api/tables/{tid}/reviews/0",
            f"/api/tables/{tid}/traveller",
        ):
            assert room.http.get(url).status_code == 403, url
        review = room.http.post(f"/api/tables/{tid}/reviews", json={"seat": 0})
        assert review.status_code == 403
        with room.client(tid) as spectator:
            assert spectator.receive_json()["type"] == "error"
        assert tid not in {h["id"] for h in room.http.get("/api/history").json()}
    assert room.http.get(f"/api/events/{event_id}/records.zip").status_code == 403
    # The lobby lists no event table.
    listed = {t["id"] for t in room.http.get("/api/tables").json()}
    assert not listed & {g.table_id for g in room.room.duplicates.find(event_id).games.values()}
    # Ana's key is her ticket: her next game, and her seat there.
    assert (
        room.http.post(f"/api/events/{event_id}/place", json={"key": "x" * 40}).status_code == 404
    )
    for board in (0, 1):
        place = next_game(room, event_id, ana["key"])
        assert place["participant"] == "Ana" and place["table"] == 0
        assert place["next"]["board"] == board and place["played"] == board
        assert place["next"]["link"] == f"/t/{place['next']['table_id']}#key={ana['key']}"
        play_to_end(room, place["next"]["table_id"], ana["key"])
        until(room, event_id, lambda v, b=board: v["tables"][0]["played"] == b + 1)
    found = until(room, event_id, lambda v: v["status"] == "finished")
    assert found["complete"] == [0, 1] and len(found["games"]) == 4
    place = room.http.post(f"/api/events/{event_id}/place", json={"key": ana["key"]}).json()
    assert place["finished"] and place["next"] is None
    # Now every board is shown.
    for game in found["games"]:
        assert room.http.get(f"/api/tables/{game['table_id']}/record").status_code == 200
        assert room.http.get(f"/api/tables/{game['table_id']}/replay").status_code == 200
    ana_line = next(line for line in found["score"]["table"] if line["participant"] == "Ana")
    assert ana_line["boards"] == 2 and not ana_line["bot"]


def test_a_room_stopped_half_way_through_an_event_goes_on(tmp_path: Path) -> None:
    db = tmp_path / "room.sqlite3"
    with server_thread(db) as first:
        with as_player(first, register(first, "Olga")) as olga:
            made = organise(olga, [BOTS, BOTS], boards=2)
        done = until(first, made["id"], lambda v: v["status"] == "finished")
        store = first.room.store
    # As if the room stopped after table 1's first board ended and before it was noted,
    # and table 2's second board was never begun.
    games = first.room.duplicates.find(made["id"]).games
    with store.engine.begin() as conn:
        conn.execute(update(duplicates_t).values(status="running", finished=None))
        conn.execute(
            update(duplicate_games_t)
            .where(duplicate_games_t.c.table_id == games[(0, 1)].table_id)
            .values(played=None, finished=None)
        )
        conn.execute(
            delete(duplicate_games_t).where(duplicate_games_t.c.table_id == games[(1, 1)].table_id)
        )
    with server_thread(db) as second:
        again = until(second, made["id"], lambda v: v["status"] == "finished")
        assert [t["played"] for t in again["tables"]] == [2, 2]
        kept = {(g["table"], g["board"]): g for g in again["games"]}
        first_games = {(g["table"], g["board"]): g for g in done["games"]}
        # The game noted again is the same game; the one never begun is played anew, on the
        # same cards as the other table's.
        assert kept[(0, 1)] == first_games[(0, 1)]
        assert kept[(1, 1)]["table_id"] != first_games[(1, 1)]["table_id"]
        salts = {loads(record_of(second, kept[(t, 1)]["table_id"])).tags["Salts"] for t in (0, 1)}
        assert len(salts) == 1
        event = second.room.duplicates.find(made["id"]).event
        assert [g["seats"] for g in again["games"]] == [
            list(a.seats) for games_ in plan(event) for a in games_
        ]


def test_a_game_of_an_event_has_no_rematch(room: Server, organiser: httpx.Client) -> None:
    # The event, not a rematch, makes a table's next game (its next board, seats rotated).
    made = organise(organiser, [[{"kind": "human", "name": "Ben"}, *BOTS[1:]], BOTS], boards=1)
    (ben,) = made["places"]
    place = room.http.post(f"/api/events/{made['id']}/place", json={"key": ben["key"]}).json()
    table_id = place["next"]["table_id"]
    with room.client(table_id, ben["key"]) as ws:
        msg = ws.next_state()
        assert msg["event"] == {
            "id": made["id"],
            "name": "Friday",
            "table": 0,
            "board": 0,
            "boards": 1,
            "url": f"/events/{made['id']}",
        }
        ws.play_out(msg)
        ws.send_json({"type": "rematch"})
        while (reply := ws.receive_json())["type"] != "refused":
            assert reply["type"] != "rematch"
        assert "event" in reply["reason"]
    assert room.room.tables[table_id].row.rematch is None


def test_the_bots_are_named_in_the_organisers_language_at_every_board(
    room: Server, organiser: httpx.Client
) -> None:
    # A Spanish organiser's event names its bots in Spanish at every table, whoever's move
    # (in whatever language) ended the board before.
    body = {"game": GAME, "options": OPTIONS, "boards": 2, "tables": [BOTS, BOTS]}
    reply = organiser.post("/api/events", json=body, headers={"accept-language": "es"})
    assert reply.status_code == 201, reply.text
    found = until(room, reply.json()["id"], lambda v: v["status"] == "finished")
    for game in found["games"]:
        names = room.room.tables[game["table_id"]].names()
        assert all(n.startswith("al azar") for n in names), names


def test_the_organiser_gives_a_person_a_new_link_and_the_old_one_holds_nothing(
    room: Server, organiser: httpx.Client
) -> None:
    made = organise(organiser, [[{"kind": "human", "name": "Cy"}, *BOTS[1:]], BOTS], boards=2)
    event_id, (cy,) = made["id"], made["places"]
    url = f"/api/events/{event_id}/people/Cy/link"
    assert room.http.post(url).status_code == 401  # a guest
    with as_player(room, register(room, "Zed")) as zed:
        assert zed.post(url).status_code == 403  # a player, not the organiser
    assert organiser.post(f"/api/events/{event_id}/people/Nobody/link").status_code == 404
    assert organiser.post(f"/api/events/{event_id}/people/bot:random/link").status_code == 404
    reply = organiser.post(url)
    assert reply.status_code == 200, reply.text
    fresh = reply.json()
    assert fresh["link"].endswith(f"/events/{event_id}#key={fresh['key']}")
    assert fresh["key"] != cy["key"]
    place = f"/api/events/{event_id}/place"
    assert room.http.post(place, json={"key": cy["key"]}).status_code == 404
    table_id = next_game(room, event_id, fresh["key"])["next"]["table_id"]
    with room.client(table_id, cy["key"]) as ws:  # the table Cy plays now takes the new key
        assert ws.receive_json()["type"] == "error"
    play_to_end(room, table_id, fresh["key"])
    until(room, event_id, lambda v: v["tables"][0]["played"] == 1)
    second = next_game(room, event_id, fresh["key"])["next"]["table_id"]
    play_to_end(room, second, fresh["key"])  # and the next board's table too
    until(room, event_id, lambda v: v["status"] == "finished")


def test_a_persons_next_game_is_shown_only_once_its_table_is_open(
    room: Server, organiser: httpx.Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A person sent to their next board must find its table: while the room is still making
    # it (slowed here), the event says their next game is not ready, never a table not there.
    slow = Table.create

    def making(*args: Any, **kwargs: Any) -> Table:
        time.sleep(0.3)
        return slow(*args, **kwargs)

    monkeypatch.setattr(Table, "create", staticmethod(making))
    made = organise(organiser, [[{"kind": "human", "name": "Eve"}, *BOTS[1:]], BOTS], boards=2)
    event_id, (eve,) = made["id"], made["places"]
    place = f"/api/events/{event_id}/place"
    first = next_game(room, event_id, eve["key"])["next"]["table_id"]
    with room.client(first, eve["key"]) as ws:
        ws.play_out(ws.next_state())
    deadline = time.monotonic() + 30
    while True:  # asked over and over while the second board's table is being made
        assert time.monotonic() < deadline, "the second board never came"
        found = room.http.post(place, json={"key": eve["key"]}).json()["next"]
        if found is not None and found["table_id"] != first:
            assert found["table_id"] in room.room.tables  # open, not only planned
            break
