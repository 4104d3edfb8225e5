"""The club's optional accounts on a real server: register, log in, sessions and their cookie,
rate limits, passwords never kept or logged in clear, private data for its player alone, seats
held by players and their profiles, and the kept old database upgraded without loss."""

from __future__ import annotations

import json
import logging
import shutil
import sqlite3
import time
from collections.abc import Iterator
from http.cookiejar import CookieJar, DefaultCookiePolicy
from pathlib import Path
from typing import Any

import httpx
import pytest
from roomkit import QUICK_HEARTS, Server, server_process, server_thread
from websockets.sync.client import connect

from hoyle.web.accounts import COOKIE, Accounts, Attempts
from hoyle.web.store import Store

KEPT = Path(__file__).resolve().parents[1] / "data" / "cardroom-2026-11-27.sqlite"
PASSWORD = "correct horse battery"


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A card room of this module's own (its accounts and their limits are its own too)."""
    db = tmp_path_factory.mktemp("accounts") / "room.sqlite3"
    with server_thread(db, grace=0.2) as server:  # a seat left empty: a bot at once
        # Every player here registers from one address: the limit has its own test.
        server.app.state.accounts.registrations = Attempts(1000, 3600)
        # A client that keeps no cookie: each test says whose session a request carries.
        server.http = httpx.Client(base_url=server.url, timeout=30, cookies=no_cookies())
        yield server


def no_cookies() -> CookieJar:
    return CookieJar(policy=DefaultCookiePolicy(allowed_domains=[]))


def accounts(room: Server) -> Accounts:
    found: Accounts = room.app.state.accounts
    return found


def cookie_of(reply: httpx.Response) -> str:
    """The session token the reply's Set-Cookie gives."""
    header = reply.headers["set-cookie"]
    first = header.split(";")[0]
    name, _, value = first.partition("=")
    assert name == COOKIE
    return value


def as_player(room: Server, token: str, origin: bool = True) -> httpx.Client:
    """A client sending the session cookie (and the room's Origin, as its own pages do)."""
    headers = {"cookie": f"{COOKIE}={token}"}
    if origin:
        headers["origin"] = room.url
    return httpx.Client(base_url=room.url, headers=headers, timeout=30, cookies=no_cookies())


def register(room: Server, name: str, password: str = PASSWORD) -> str:
    reply = room.http.post("/api/register", json={"name": name, "password": password})
    assert reply.status_code == 201, reply.text
    return cookie_of(reply)


def play_to_end(room: Server, table_id: str, key: str) -> None:
    """Play a seat's first legal move each turn until the game is over."""
    with room.client(table_id, key) as ws:
        ws.play_out(ws.next_state())


def test_register_log_in_and_the_cookie_flags(room: Server) -> None:
    reply = room.http.post("/api/register", json={"name": "Ana", "password": PASSWORD})
    assert reply.status_code == 201, reply.text
    assert reply.json()["name"] == "Ana" and reply.json()["profile"] == "/players/Ana"
    flags = [f.strip().lower() for f in reply.headers["set-cookie"].split(";")]
    assert "httponly" in flags and "samesite=lax" in flags and "path=/" in flags
    assert "secure" not in flags  # served over plain http here
    assert any(f.startswith("max-age=") for f in flags)
    token = cookie_of(reply)
    assert len(token) >= 40
    with as_player(room, token) as ana:
        assert ana.get("/api/me").json()["name"] == "Ana"
    assert room.http.get("/api/me").json() == {"name": None}  # no cookie: a guest

    # Logging in again, any letter case, gives a new session; a proxy saying https: Secure.
    again = room.http.post(
        "/api/login",
        json={"name": "ANA", "password": PASSWORD},
        headers={"x-forwarded-proto": "https"},
    )
    assert again.status_code == 200 and again.json()["name"] == "Ana"
    assert "secure" in [f.strip().lower() for f in again.headers["set-cookie"].split(";")]
    assert cookie_of(again) != token

    # The name is taken, whatever its case; a short password is refused.
    taken = room.http.post("/api/register", json={"name": "ana", "password": PASSWORD})
    assert taken.status_code == 409 and "taken" in taken.json()["detail"]
    short = room.http.post("/api/register", json={"name": "Bo", "password": "short"})
    assert short.status_code == 400 and "at least 8" in short.json()["detail"]
    es = room.http.post(
        "/api/register", json={"name": "Bo", "password": "short"}, headers={"accept-language": "es"}
    )
    assert "al menos 8" in es.json()["detail"]


def test_a_wrong_password_and_an_unknown_name_get_the_same_answer(room: Server) -> None:
    register(room, "Carmen")
    wrong = room.http.post("/api/login", json={"name": "Carmen", "password": "not the one"})
    nobody = room.http.post("/api/login", json={"name": "Nadie", "password": "not the one"})
    assert wrong.status_code == nobody.status_code == 401
    assert wrong.json() == nobody.json() == {"detail": "wrong name or password"}
    assert "set-cookie" not in wrong.headers


def test_login_attempts_are_limited_per_name_and_per_address(room: Server) -> None:
    register(room, "Dario")
    for _ in range(5):
        assert (
            room.http.post("/api/login", json={"name": "dario", "password": "guess 1234"})
        ).status_code == 401
    # The sixth try is refused before the password is looked at, even the right one.
    refused = room.http.post("/api/login", json={"name": "Dario", "password": PASSWORD})
    assert refused.status_code == 429 and "try again in" in refused.json()["detail"]
    # Per address: many names from one address.
    acc = accounts(room)
    before = acc.failures_by_address
    acc.failures_by_address = Attempts(3, 60)
    try:
        register(room, "Elena")
        for name in ("x1", "x2", "x3"):
            room.http.post("/api/login", json={"name": name, "password": "guess 1234"})
        blocked = room.http.post("/api/login", json={"name": "Elena", "password": PASSWORD})
        assert blocked.status_code == 429
    finally:
        acc.failures_by_address = before
    assert (
        room.http.post("/api/login", json={"name": "Elena", "password": PASSWORD}).status_code
        == 200
    )


def test_registrations_are_limited_per_address(room: Server) -> None:
    acc = accounts(room)
    before = acc.registrations
    acc.registrations = Attempts(2, 3600)
    try:
        register(room, "Reg 1")
        register(room, "Reg 2")
        refused = room.http.post("/api/register", json={"name": "Reg 3", "password": PASSWORD})
        assert refused.status_code == 429
        assert acc.find("Reg 3") is None
    finally:
        acc.registrations = before


def test_attempts_slide_with_their_window() -> None:
    now = [0.0]
    limit = Attempts(2, 60, clock=lambda: now[0])
    limit.note("ana")
    now[0] = 30
    limit.note("ana")
    assert limit.wait("ana") == 30  # the first attempt leaves the window at 60
    assert limit.wait("ben") == 0
    now[0] = 60
    assert limit.wait("ana") == 0
    limit.forget("ana")
    assert limit.wait("ana") == 0


def test_admins_are_named_on_the_command_line(tmp_path: Path) -> None:
    with server_process(tmp_path / "club.sqlite3", None, "--admin", "ana") as server:
        for name in ("Ana", "Ben"):
            reply = server.http.post("/api/register", json={"name": name, "password": PASSWORD})
            assert reply.status_code == 201
            assert reply.json()["admin"] is (name == "Ana")
            with as_player(server, cookie_of(reply)) as client:
                assert client.get("/api/me").json()["admin"] is (name == "Ana")
        assert server.http.get("/api/players/Ana").json()["admin"] is True


def test_passwords_are_never_kept_nor_logged_in_clear(
    room: Server, caplog: pytest.LogCaptureFixture
) -> None:
    secret = "Sesame-open-9981"
    with caplog.at_level(logging.DEBUG):
        token = register(room, "Fausto", secret)
        room.http.post("/api/login", json={"name": "Fausto", "password": secret})
        room.http.post("/api/login", json={"name": "Fausto", "password": secret + "x"})
    assert secret not in caplog.text
    # The test's own client logs the headers it receives (the cookie); nothing else may.
    said = "\n".join(r.getMessage() for r in caplog.records if r.name != "httpcore.http11")
    assert token not in said
    db = room.app.state.room.store.url.removeprefix("sqlite:///")
    conn = sqlite3.connect(db)
    try:
        stored = conn.execute(
            "SELECT password_hash FROM cardroom_players WHERE name = 'Fausto'"
        ).fetchone()[0]
        sessions = [r[0] for r in conn.execute("SELECT token_hash FROM cardroom_sessions")]
        dump = "\n".join(conn.iterdump())
    finally:
        conn.close()
    assert stored != secret and secret not in stored and stored.startswith("$argon2id$")
    assert secret not in dump and token not in dump  # nowhere in the database
    assert token not in sessions and len(sessions[0]) == 64


def test_logout_and_expiry_end_a_session(room: Server) -> None:
    token = register(room, "Gema")
    with as_player(room, token) as gema:
        assert gema.get("/api/me").json()["name"] == "Gema"
        out = gema.post("/api/logout")
        assert out.status_code == 200
        assert "max-age=0" in out.headers["set-cookie"].lower() or "expires=" in (
            out.headers["set-cookie"].lower()
        )
        assert gema.get("/api/me").json() == {"name": None}  # the old cookie counts no more
    login = room.http.post("/api/login", json={"name": "Gema", "password": PASSWORD})
    token = cookie_of(login)
    acc = accounts(room)
    player = acc.find("gema")
    assert player is not None
    with as_player(room, token) as gema:
        assert gema.get("/api/me").json()["name"] == "Gema"
        acc.expire(player)
        assert gema.get("/api/me").json() == {"name": None}


def test_one_player_cannot_read_anothers_private_data(room: Server) -> None:
    hugo = register(room, "Hugo")
    ines = register(room, "Ines")
    assert room.http.get("/api/players/Hugo/private").status_code == 401
    with as_player(room, ines) as as_ines:
        refused = as_ines.get("/api/players/Hugo/private")
        assert refused.status_code == 403
        assert "sessions" not in refused.text
        mine = as_ines.get("/api/players/Ines/private").json()
        assert mine["name"] == "Ines" and any(s["current"] for s in mine["sessions"])
    with as_player(room, hugo) as as_hugo:
        # A table being played is Hugo's own business: on his private page, not his profile.
        made = as_hugo.post(
            "/api/tables",
            json={"game": QUICK_HEARTS, "seats": [{"kind": "human"}] + [{"kind": "bot"}] * 3},
        )
        assert made.status_code == 200, made.text
        table = made.json()["id"]
        assert [t["table"] for t in as_hugo.get("/api/players/hugo/private").json()["playing"]] == [
            table
        ]
    public = room.http.get("/api/players/Hugo").json()
    assert "sessions" not in public and "playing" not in public and table not in json.dumps(public)
    assert room.http.get("/api/players/Nobody").status_code == 404


def test_a_cookie_counts_on_a_change_only_from_the_rooms_own_pages(room: Server) -> None:
    token = register(room, "Jaime")
    seats = [{"kind": "human", "name": "Someone"}, *[{"kind": "bot", "level": "random"}] * 3]
    with as_player(room, token, origin=False) as no_origin:
        made = no_origin.post("/api/tables", json={"game": QUICK_HEARTS, "seats": seats}).json()
        assert made["seats"][0]["name"] == "Someone"  # a guest's table: the cookie did not count
    with as_player(room, token) as jaime:
        made = jaime.post("/api/tables", json={"game": QUICK_HEARTS, "seats": seats}).json()
        assert made["seats"][0]["name"] == "Jaime" and made["seats"][0]["player"] == "Jaime"
        foreign = jaime.post(
            "/api/tables",
            json={"game": QUICK_HEARTS, "seats": seats},
            headers={"origin": "http://evil.example"},
        )
        assert foreign.status_code == 403


def test_a_players_games_are_on_their_profile_and_a_guests_invite_still_works(
    room: Server,
) -> None:
    token = register(room, "Karla")
    laura = register(room, "Laura")
    seats = [{"kind": "human"}, {"kind": "human", "name": "Guest"}, *[{"kind": "bot"}] * 2]
    with as_player(room, token) as karla:
        made = karla.post("/api/tables", json={"game": QUICK_HEARTS, "seats": seats}).json()
    table = made["id"]
    # Laura takes the second seat by its invite link, logged in: it becomes hers, by name.
    headers = {"cookie": f"{COOKIE}={laura}", "origin": room.url}
    ws_url = f"ws://127.0.0.1:{room.port}/ws/{table}"
    with connect(ws_url, additional_headers=headers, open_timeout=20) as ws:
        ws.send(json.dumps({"type": "hello", "key": made["seats"][1]["key"], "name": "Guest"}))
        while True:
            msg: dict[str, Any] = json.loads(ws.recv(timeout=20))
            if msg["type"] == "state" and msg["seats"][1]["name"] == "Laura":
                break
    play_to_end(room, table, made["seats"][0]["key"])
    deadline = time.monotonic() + 20  # the room rates the game just after its end
    while room.room.store.settled(table) is None:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    profile = room.http.get("/api/players/Karla").json()
    assert profile["games"] == 1
    [kind] = profile["kinds"]
    assert kind["family"] == "hearts" and kind["games"] == 1 and kind["variant"]
    [game] = profile["recent"]
    assert game["table"] == table and game["replay"] == f"/replay/{table}"
    assert game["seat"] == 0 and game["place"] in (1, 2, 3, 4)
    assert game["players"][:2] == ["Karla", "Laura"]
    # Every human seat held by a player: the game is rated (ratings: test_ratings_room.py).
    [rating] = profile["ratings"]
    assert rating["family_title"] == "Hearts" and isinstance(rating["rating"], int)
    assert rating["of"] >= 2 and 1 <= rating["place"] <= rating["of"]
    assert room.http.get(game["replay"]).status_code == 200
    assert room.http.get("/api/players/Laura").json()["recent"][0]["seat"] == 1

    # A guest's invite works as ever, with no account at all.
    guest = room.create(QUICK_HEARTS, ["human", "random", "random", "random"])
    play_to_end(room, guest["id"], guest["seats"][0]["key"])
    assert room.http.get(f"/api/tables/{guest['id']}/record").status_code == 200
    es = room.http.get("/api/players/Karla", headers={"accept-language": "es"}).json()
    assert es["ratings"][0]["family_title"] == "Corazones"


def test_the_kept_database_upgrades_with_every_row_and_takes_players(tmp_path: Path) -> None:
    copy = tmp_path / "cardroom.sqlite"
    shutil.copyfile(KEPT, copy)

    def rows() -> dict[str, list[tuple[Any, ...]]]:
        conn = sqlite3.connect(copy)
        try:
            names = [
                r[0]
                for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
                if r[0].startswith("cardroom_") and r[0] != "cardroom_alembic_version"
            ]
            return {n: sorted(conn.execute(f"SELECT * FROM {n}").fetchall()) for n in names}
        finally:
            conn.close()

    before = rows()
    assert sum(len(v) for v in before.values()) > 400
    with server_thread(copy) as server:
        after = rows()
        assert {k: v for k, v in after.items() if k in before} == before
        assert after["cardroom_players"] == after["cardroom_sessions"] == []
        token = register(server, "Águeda")  # a guest's name in the old games: now a player
        with as_player(server, token) as agueda:
            assert agueda.get("/api/me").json()["name"] == "Águeda"
        # Old games were guests': they are on nobody's profile.
        assert server.http.get("/api/players/Águeda").json()["games"] == 0
        assert len(server.http.get("/api/history").json()) == 2
    store = Store(f"sqlite:///{copy}")
    store.close()


def test_a_player_logs_out_everywhere_at_once(room: Server) -> None:
    # Two browsers of one player, and another player's.
    first = register(room, "Nuria")
    login = room.http.post("/api/login", json={"name": "Nuria", "password": PASSWORD})
    second = cookie_of(login)
    other = register(room, "Oscar")
    with as_player(room, first) as one, as_player(room, second) as two:
        assert len(two.get("/api/players/Nuria/private").json()["sessions"]) == 2
        # Without the room's Origin the cookie does not count: refused, nothing ended.
        with as_player(room, first, origin=False) as no_origin:
            assert no_origin.post("/api/logout/everywhere").status_code == 401
        assert two.get("/api/me").json()["name"] == "Nuria"

        out = one.post("/api/logout/everywhere")
        assert out.status_code == 200 and out.json() == {"name": None}
        cleared = out.headers["set-cookie"].lower()
        assert cleared.startswith(f"{COOKIE}=")
        assert "max-age=0" in cleared or "expires=" in cleared
        # Both browsers' cookies count no more.
        assert one.get("/api/me").json() == {"name": None}
        assert two.get("/api/me").json() == {"name": None}
        assert two.get("/api/players/Nuria/private").status_code == 401
    with as_player(room, other) as oscar:
        assert oscar.get("/api/me").json()["name"] == "Oscar"  # another player's stays
    # A guest has nothing to end.
    guest = room.http.post("/api/logout/everywhere", headers={"origin": room.url})
    assert guest.status_code == 401 and guest.json()["detail"]
    # Logging in again works as ever.
    again = room.http.post("/api/login", json={"name": "Nuria", "password": PASSWORD})
    with as_player(room, cookie_of(again)) as back:
        assert back.get("/api/me").json()["name"] == "Nuria"
