"""The room's ratings on a real server: a rated game between a player and bots moves the
player's rating the way the result says; an unrated table and a table with a guest change
nothing; a game is rated once, across restarts and after a stop between its end and its
rating; the kept old database upgrades with its old games noted, not rated; the leaderboard's
API and page, in Spanish too."""

from __future__ import annotations

import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from roomkit import QUICK_HEARTS, Server, server_thread
from sqlalchemy import delete, update
from test_accounts import as_player, no_cookies, play_to_end, register

from hoyle.club.ratings import Leaderboard, outcome_from_record
from hoyle.records import loads
from hoyle.web.accounts import Attempts
from hoyle.web.ratings import LADDER, seeded
from hoyle.web.store import Store, TableRow, leaderboards_t, rated_tables_t

KEPT = Path(__file__).resolve().parents[1] / "data" / "cardroom-2026-11-27.sqlite"
BOTS = [{"kind": "bot", "level": "random"}] * 3


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A card room of this module's own."""
    db = tmp_path_factory.mktemp("ratings") / "room.sqlite3"
    with server_thread(db, grace=0.2) as server:
        server.app.state.accounts.registrations = Attempts(1000, 3600)
        server.http = httpx.Client(base_url=server.url, timeout=30, cookies=no_cookies())
        yield server


def store_of(room: Server) -> Store:
    found: Store = room.room.store
    return found


def board(room: Server) -> Leaderboard:
    found = store_of(room).leaderboard("hearts")
    assert found is not None  # seeded when the room started
    return found


def settled(room: Server, table_id: str) -> str:
    """What became of the finished table for the ratings, once the room has settled it."""
    deadline = time.monotonic() + 20
    while (result := store_of(room).settled(table_id)) is None:
        assert time.monotonic() < deadline, "the table was never settled"
        time.sleep(0.05)
    return result


def play_rated(room: Server, token: str, seats: list[dict[str, Any]], **extra: Any) -> str:
    """Create a one-deal Hearts table as the player of ``token`` (first human seat theirs),
    play that seat to the end; the table's id."""
    return play(room, token, seats, **extra)[0]


def play(room: Server, token: str, seats: list[dict[str, Any]], **extra: Any) -> tuple[str, str]:
    """:func:`play_rated`, and the key of the player's seat."""
    with as_player(room, token) as player:
        reply = player.post("/api/tables", json={"game": QUICK_HEARTS, "seats": seats, **extra})
    assert reply.status_code == 200, reply.text
    made = reply.json()
    assert made["rated"] is extra.get("rated", True)
    play_to_end(room, made["id"], made["seats"][0]["key"])
    return str(made["id"]), str(made["seats"][0]["key"])


def test_a_rated_game_against_bots_moves_the_players_rating(room: Server) -> None:
    token = register(room, "Rita")
    before = board(room)
    assert before.anchors == {f"bot:{level}" for level in LADDER}
    table = play_rated(room, token, [{"kind": "human"}, *BOTS])
    assert settled(room, table) == "rated"
    after = board(room)
    record = loads(room.http.get(f"/api/tables/{table}/record").text)
    outcome = outcome_from_record(record, players=["Rita", *["bot:random"] * 3])
    expected = Leaderboard.loads(before.dumps())
    expected.apply(outcome)
    assert after == expected  # exactly this game, once, with these names
    assert after.ratings["bot:random"].mu == before.ratings["bot:random"].mu  # an anchor
    rita = after.ratings["Rita"]
    mine = outcome.ranks[next(i for i, side in enumerate(outcome.sides) if 0 in side)]
    bots = [outcome.ranks[i] for i, side in enumerate(outcome.sides) if 0 not in side]
    if all(mine < b for b in bots):
        assert rita.mu > 25.0
    elif all(mine > b for b in bots):
        assert rita.mu < 25.0
    assert rita.games == 1 and rita.sigma < 25.0 / 3.0
    [rating] = room.http.get("/api/players/Rita").json()["ratings"]
    assert rating["rating"] == rita.display and rating["place"] == 1 and rating["of"] == 1
    assert rating["games"] == 1 and rating["leaderboard"] == "/leaderboard/hearts"
    lines = room.http.get("/api/leaderboard/hearts").json()["standings"]
    assert [line["name"] for line in lines] == [s.name for s in after.standings()]
    assert next(line for line in lines if line["name"] == "Rita")["profile"] == "/players/Rita"


def test_an_unrated_table_changes_nothing(room: Server) -> None:
    token = register(room, "Ursula")
    before = board(room).dumps()
    with as_player(room, token) as player:
        refused = player.post(
            "/api/tables", json={"game": QUICK_HEARTS, "seats": BOTS, "rated": "no"}
        )
    assert refused.status_code == 400
    table, key = play(room, token, [{"kind": "human"}, *BOTS], rated=False)
    assert settled(room, table) == "unrated"
    assert board(room).dumps() == before
    assert room.http.get("/api/players/Ursula").json()["ratings"][0]["rating"] is None
    assert room.room.tables[table].summary()["rated"] is False
    with room.client(table, key) as ws:  # a rematch is unrated too
        ws.next_state()
        ws.send_json({"type": "rematch"})
        rematch = ws.next_reply()["table"]
    assert room.room.tables[rematch].summary()["rated"] is False
    assert store_of(room).settled(rematch) == "unrated"


def test_a_table_with_a_guest_is_not_rated(room: Server) -> None:
    token = register(room, "Greta")
    before = board(room).dumps()
    seats = [{"kind": "human"}, {"kind": "human", "name": "Guest"}, *BOTS[:2]]
    table = play_rated(room, token, seats)  # the guest never comes: a bot stands in
    assert settled(room, table) == "guests"
    assert board(room).dumps() == before
    assert "Greta" not in board(room).ratings


def test_a_game_is_rated_once_across_restarts(tmp_path: Path) -> None:
    db = tmp_path / "room.sqlite3"
    with server_thread(db, grace=0.2) as room:
        room.http = httpx.Client(base_url=room.url, timeout=30, cookies=no_cookies())
        token = register(room, "Ida")
        table = play_rated(room, token, [{"kind": "human"}, *BOTS])
        assert settled(room, table) == "rated"
        rated = board(room)
        live = room.room.tables[table]
        assert room.room.ratings.settle(live) is None  # settled already: nothing again
        assert board(room) == rated
    with server_thread(db, grace=0.2) as room:  # a restart rates nothing again
        assert board(room) == rated
        # A room that stopped between the game's end and its rating: no note, the board as
        # it was before the game. The next start rates the game, once.
        with store_of(room).engine.begin() as conn:
            conn.execute(delete(rated_tables_t).where(rated_tables_t.c.table_id == table))
            conn.execute(
                update(leaderboards_t)
                .where(leaderboards_t.c.family == "hearts")
                .values(board=seeded("hearts").dumps())
            )
    with server_thread(db, grace=0.2) as room:
        assert store_of(room).settled(table) == "rated"
        assert board(room) == rated


def test_the_kept_database_upgrades_with_its_old_games_noted_not_rated(tmp_path: Path) -> None:
    copy = tmp_path / "cardroom.sqlite"
    shutil.copyfile(KEPT, copy)
    store = Store(f"sqlite:///{copy}")
    try:
        finished = store.tables("finished")
        assert finished and all(store.settled(t.id) == "before" for t in finished)
        assert store.unsettled() == [] and store.leaderboards() == []
    finally:
        store.close()
    with server_thread(copy) as room:  # the room seeds every family's bots at its start
        assert "hearts" in store_of(room).leaderboards()
        assert board(room) == seeded("hearts")
        assert room.http.get("/api/leaderboard/hearts").json()["games"] == 0


def test_the_leaderboard_in_spanish(room: Server) -> None:
    es = {"accept-language": "es"}
    reply = room.http.get("/api/leaderboard/hearts", headers=es).json()
    assert reply["family_title"] == "Corazones"
    expert = next(line for line in reply["standings"] if line["name"] == "bot:expert")
    assert expert["label"] == "bot: experto" and expert["anchor"] and expert["place"] == 1
    page = room.http.get("/leaderboard/hearts", headers=es).text
    assert "Clasificación" in page and "Partidas valoradas" in page and "Leaderboard" not in page
    missing = room.http.get("/api/leaderboard/poker", headers=es)
    assert missing.status_code == 404 and "ninguna familia" in missing.json()["detail"]
    lobby = room.http.get("/", headers=es).text
    assert "Partida valorada" in lobby and "Clasificaciones" in lobby


def test_a_finished_table_that_no_longer_loads_does_not_stop_the_room(tmp_path: Path) -> None:
    db = tmp_path / "room.sqlite3"
    store = Store(f"sqlite:///{db}")
    try:
        row = TableRow("gone", "no-such-game", [], status="finished", finished=1.0, record="")
        store.create_table(row, [], [])
    finally:
        store.close()
    with server_thread(db) as room:
        assert store_of(room).settled("gone") == "error"
        assert room.http.get("/api/leaderboard/hearts").status_code == 200
