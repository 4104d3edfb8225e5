"""The FastAPI application: lobby pages, a small JSON API and one WebSocket per viewer.

``create_app(url)`` builds the app around a :class:`~hoyle.web.room.Room`; ``hoyle serve``
runs it with uvicorn. The WebSocket protocol (JSON, one object per message; docs/web.md
"Messages" lists the fields):

- client → server: ``{"type": "hello", "key": KEY?, "name": NAME?, "auto": BOOL?}`` first (no
  key: watch; ``auto`` false: play your forced moves yourself), then ``{"type": "act",
  "token": "QS"}`` (optionally ``"seat": N``), ``{"type": "hint"}``, ``{"type":
  "continue"}`` (the deal's summary is read), ``{"type": "settings", "auto": BOOL}``,
  ``{"type": "rematch"}``, ``{"type": "ping"}``.
- server → client: ``state`` (the seat's observation, facts and log, its legal tokens on its
  turn, seats, score history, deal commitments, the pause, the clock: to the joiner alone on
  hello, to everyone when the table moves), ``presence`` (seats, pause and clock when a seated
  player comes or goes), ``refused`` (with the reason in the screen's words; nothing changed),
  ``hint``, ``rematch``, ``error`` (then the socket closes), ``pong``.

Every request and WebSocket is answered in the language :class:`~hoyle.web.lang.Language` chooses
for it (``?lang=``, the ``hoyle_lang`` cookie, ``Accept-Language``); the pages are translated as
they are served (:mod:`hoyle.web.pages`) and carry their scripts' messages.

Before any route, :class:`~hoyle.web.guard.Guard` refuses a Host name the room does not answer
to and another site's Origin; :class:`~hoyle.web.limits.Limits` bound what visitors create.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import quote

from fastapi import FastAPI, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse
from fastapi.staticfiles import StaticFiles

import hoyle
from hoyle.core.errors import HoyleError
from hoyle.core.registry import families
from hoyle.i18n import LANGUAGES, _, current
from hoyle.web.accounts import COOKIE, SESSION_SECONDS, AccountError, Accounts, Player
from hoyle.web.event_routes import event_routes
from hoyle.web.guard import SAFE_METHODS, Guard
from hoyle.web.lang import Language
from hoyle.web.limits import OFF, LimitError, Limits
from hoyle.web.pages import page, script_catalogue
from hoyle.web.replay import Replay, ReplayError, Replays, read_upload
from hoyle.web.review import ReviewError, Reviews, read_request
from hoyle.web.room import (
    CreateError,
    Room,
    catalogue,
    check_form,
    read_options,
    rules_of,
    title_of,
)
from hoyle.web.store import Store
from hoyle.web.table import Refused, Settings, Table
from hoyle.web.words import game_title

__all__ = ["MAX_MESSAGE", "create_app"]

STATIC = Path(__file__).parent / "static"
T = TypeVar("T")
MAX_MESSAGE = 2048
"""The longest client message accepted, in characters (every real one is far shorter)."""
MAX_BODY = 16 * 1024
"""The largest request body read, in bytes: a table request is a few hundred."""
MAX_DEPTH = 8
"""How deeply a message's arrays and objects may nest (the deepest real one nests 3)."""


def create_app(
    database_url: str,
    settings: Settings | None = None,
    limits: Limits = OFF,
    hosts: Iterable[str] | None = None,
    admins: Iterable[str] = (),
    session_seconds: float = SESSION_SECONDS,
) -> FastAPI:
    """The card room's app, storing in ``database_url`` (any SQLAlchemy URL), within
    ``limits``, answering to the Host names ``hosts`` (``None``: any); the players named in
    ``admins`` are the club's admins."""
    store = Store(database_url)
    room = Room(store, settings, limits)
    accounts = Accounts(store, admins, session_seconds)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await room.resume()
        try:
            yield
        finally:
            room.stop()
            app.state.reviews.close()
            store.close()

    # No schema pages: a public room describes its API in docs/web.md, not to every visitor.
    app = FastAPI(
        title="hoyle card room",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
        openapi_url=None,
    )
    app.state.room = room
    app.state.accounts = accounts
    app.add_middleware(Guard, hosts=hosts)
    app.add_middleware(Language)  # the outermost: the Guard's refusals are in it too
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    async def lobby() -> HTMLResponse:
        return _page("index.html")

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> HTMLResponse:
        return _page("table.html")

    # ------------------------------------------------------------------ players
    # Optional accounts (accounts.py): pages to register and log in, a profile per player, the
    # session cookie. Guests with invite links need none of it.

    @app.get("/login", include_in_schema=False)
    async def login_page() -> HTMLResponse:
        return _page("account.html")

    @app.get("/register", include_in_schema=False)
    async def register_page() -> HTMLResponse:
        return _page("account.html")

    @app.get("/leaderboard/{family}", include_in_schema=False)
    async def leaderboard_page(family: str) -> HTMLResponse:
        return _page("leaderboard.html")

    @app.get("/api/leaderboard/{family}")
    async def leaderboard(family: str) -> dict[str, Any]:
        """A family's leaderboard (ratings.py): each player and bot level, best first."""
        if family not in families():
            raise HTTPException(
                404,
                _("no game family called {family}; families: {known}").format(
                    family=family, known=", ".join(families())
                ),
            )
        return await asyncio.to_thread(room.ratings.standings, family)

    @app.get("/players/{name}", include_in_schema=False)
    async def player_page(name: str) -> HTMLResponse:
        return _page("player.html")

    @app.post("/api/register")
    async def register(request: Request) -> JSONResponse:
        """A new player (``{"name": …, "password": …}``), logged in at once: 201 with the
        session cookie; 409 if the name is taken, 429 after too many from one address."""
        body = await _read_json(request)
        found = await _accounting(
            accounts.register, body.get("name"), body.get("password"), _address(request)
        )
        return _logged_in(request, *found, status=201, seconds=accounts.session_seconds)

    @app.post("/api/login")
    async def login(request: Request) -> JSONResponse:
        """Log in (``{"name": …, "password": …}``): the session cookie; 401 for a wrong name
        or password, 429 after too many failures for the name or from the address."""
        body = await _read_json(request)
        found = await _accounting(
            accounts.login, body.get("name"), body.get("password"), _address(request)
        )
        return _logged_in(request, *found, status=200, seconds=accounts.session_seconds)

    @app.post("/api/logout")
    async def logout(request: Request) -> JSONResponse:
        """Forget this browser's session and its cookie."""
        await asyncio.to_thread(accounts.logout, _cookie(request))
        reply = JSONResponse({"name": None})
        reply.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax")
        return reply

    @app.post("/api/logout/everywhere")
    async def logout_everywhere(request: Request) -> JSONResponse:
        """End every session of this browser's player, in every browser (this one too), and
        clear its cookie; 401 for a guest. Like every change, it needs the room's Origin
        (``_session``): another site cannot log a player out."""
        player = await _session(accounts, request)
        if player is None:
            raise HTTPException(401, _("log in first: this browser has no session to end"))
        await asyncio.to_thread(accounts.logout_everywhere, player)
        reply = JSONResponse({"name": None})
        reply.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax")
        return reply

    @app.get("/api/me")
    async def me(request: Request) -> dict[str, Any]:
        """Who this browser is logged in as: ``{"name": …, "admin": …}`` or ``{"name": null}``."""
        player = await _session(accounts, request)
        if player is None:
            return {"name": None}
        return {"name": player.name, "admin": player.admin, "profile": _profile_url(player)}

    @app.get("/api/players/{name}")
    async def player_profile(name: str) -> dict[str, Any]:
        """A player's public profile: finished games by family and variant, places, recent
        records with their replays, a rating per family."""
        player = await asyncio.to_thread(accounts.find, name)
        if player is None:
            raise HTTPException(404, _("no player called {name} here").format(name=name))
        return await asyncio.to_thread(accounts.profile, player)

    @app.get("/api/players/{name}/private")
    async def player_private(name: str, request: Request) -> dict[str, Any]:
        """What is the player's own (their sessions, the tables they are playing now): for
        them alone (401 when not logged in, 403 for anyone else)."""
        player = await _session(accounts, request)
        if player is None:
            raise HTTPException(401, _("log in to see this"))
        if player.name.casefold() != name.casefold():
            raise HTTPException(403, _("only {name} may see this").format(name=name))
        return await asyncio.to_thread(accounts.private, player, _cookie(request))

    @app.get("/api/i18n/{lang}.json")
    async def script_messages(lang: str) -> JSONResponse:
        """The messages the pages' scripts say, in ``lang`` (those it translates)."""
        if lang not in LANGUAGES:
            raise HTTPException(
                404,
                _("no language {lang!r} here: {languages}").format(
                    lang=lang, languages=", ".join(LANGUAGES)
                ),
            )
        return JSONResponse(
            script_catalogue(lang), headers={"cache-control": "public, max-age=3600"}
        )

    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        return catalogue()

    @app.get("/api/rules")
    async def rules(game: str) -> dict[str, Any]:
        try:
            return rules_of(hoyle.load(game))
        except (HoyleError, ValueError) as exc:
            raise HTTPException(400, str(exc)) from None

    @app.get("/api/room")
    async def about_room() -> dict[str, Any]:
        """The room's limits (each value, and a line of text the lobby shows), how many
        tables are being played, and how busy the bots are."""
        return {
            "limits": room.limits.describe(),
            "live": sum(room.live().values()),
            "bots": room.pool.load(),
        }

    # ------------------------------------------------------------------ duplicate events
    # (event_routes.py). A board not yet played at every table of its event stays hidden:
    # its tables are not listed and serve no spectator, record, replay or review.
    app.include_router(
        event_routes(room.duplicates, lambda r: _session(accounts, r), _page, _read_json)
    )

    def unhidden(table_id: str) -> None:
        if room.duplicates.hidden(table_id):
            raise HTTPException(
                403,
                _("this game is a board of an event; it is shown once every table has played it"),
            )

    @app.get("/api/tables")
    async def tables() -> list[dict[str, Any]]:
        # An event's tables are listed on the event's page, not in the lobby.
        live = [t.summary() for t in room.tables.values() if not t.finished and t.event is None]
        return sorted(live, key=lambda s: -float(s["created"]))

    @app.post("/api/check")
    async def check(request: Request) -> dict[str, Any]:
        """What the lobby's form would create (``ok`` true, with the game string, its title,
        the table sizes allowed and the one chosen, the bot levels), or ``ok`` false and the
        engine's ``reason`` (a form being typed is not a bad request)."""
        body = await _body(request)
        try:
            options = _options(body)
            found = await asyncio.to_thread(check_form, body["game"], options, body.get("players"))
        except CreateError as exc:
            return {"ok": False, "reason": str(exc)}
        return {"ok": True, **found}

    @app.post("/api/tables")
    async def create(request: Request) -> JSONResponse:
        body = await _body(request)
        seats = body.get("seats")
        if not isinstance(seats, list):
            raise HTTPException(400, _("seats is a list, one entry per seat"))
        rated = body.get("rated", True)
        if not isinstance(rated, bool):
            raise HTTPException(400, _("rated is true or false"))
        client = request.client.host if request.client else ""
        player = await _session(accounts, request)
        mine = None
        if player is not None:  # the first human seat is the logged-in player's, by name
            humans = [
                i for i, s in enumerate(seats) if isinstance(s, dict) and s.get("kind") == "human"
            ]
            mine = humans[0] if humans else None
            if mine is not None:
                seats = [dict(s, name=player.name) if i == mine else s for i, s in enumerate(seats)]
        try:
            made = await room.create(body["game"], seats, _options(body), client, rated)
        except CreateError as exc:
            raise HTTPException(400, str(exc)) from None
        except LimitError as exc:
            raise HTTPException(exc.status, str(exc)) from None
        table = made.table
        if player is not None and mine is not None:
            table.seats[mine].player = player.name
            await asyncio.to_thread(
                store.update_seats, table.id, [s.to_json() for s in table.seats]
            )
            await asyncio.to_thread(accounts.take_seat, player, table.id, mine)
        base = str(request.base_url).rstrip("/")
        return JSONResponse(
            {
                "id": table.id,
                "game": table.game.spec,
                "title": game_title(table.game),
                "rated": table.row.rated,
                "watch": f"{base}/t/{table.id}",
                "seats": [
                    {
                        "seat": i,
                        "key": made.keys.get(i),
                        "link": f"{base}/t/{table.id}#key={made.keys[i]}"
                        if i in made.keys
                        else None,
                        **seat.public(),
                    }
                    for i, seat in enumerate(table.seats)
                ],
            }
        )

    @app.get("/api/history")
    async def history() -> list[dict[str, Any]]:
        rows = store.tables("finished", limit=100)
        return [
            {
                "id": r.id,
                "game": r.spec,
                "title": title_of(r.spec),
                "seats": [s["name"] for s in r.seats],
                "finished": r.finished,
                "result": _result_tag(r.record or ""),
            }
            for r in rows
            if not room.duplicates.hidden(r.id)
        ]

    @app.get("/api/tables/{table_id}/record", response_class=PlainTextResponse)
    async def record(table_id: str) -> PlainTextResponse:
        unhidden(table_id)
        row = store.table(table_id)
        if row is None:
            raise HTTPException(404, _("no such table"))
        if row.record is None:
            raise HTTPException(409, _("the game is not over; its record is written at the end"))
        # Shown as text when opened, saved as a record file (.hrec) when downloaded.
        disposition = f'inline; filename="{table_id}.hrec"'
        return PlainTextResponse(row.record, headers={"Content-Disposition": disposition})

    # ------------------------------------------------------------------ replays
    # Finished games and uploaded records, stepped through in the browser (replay.py). Every
    # build and view runs in a thread: a long game's replay takes a second to build.
    replays = Replays(store)
    app.state.replays = replays

    @app.get("/replay/{table_id}", include_in_schema=False)
    async def replay_page(table_id: str) -> HTMLResponse:
        return _page("replay.html")

    @app.get("/replay/u/{upload_id}", include_in_schema=False)
    async def upload_page(upload_id: str) -> HTMLResponse:
        return _page("replay.html")

    @app.get("/api/tables/{table_id}/replay")
    async def table_replay(table_id: str) -> dict[str, Any]:
        """A finished table's game as the viewer's stops (404, or 409 while it is played)."""
        unhidden(table_id)
        replay = await _replaying(replays.for_table, table_id)
        return replay.outline()

    @app.get("/api/tables/{table_id}/replay/{index}")
    async def table_position(table_id: str, index: int, seat: str = "all") -> dict[str, Any]:
        """One position of a finished table's game, face up (``seat=all``) or as a seat saw
        it (``seat=N``)."""
        unhidden(table_id)
        replay = await _replaying(replays.for_table, table_id)
        return await _position(replay, index, seat)

    @app.post("/api/replays")
    async def upload_replay(request: Request) -> dict[str, Any]:
        """Keep an uploaded record (``{"record": TEXT}``) and say where its replay is; 400 with
        the line where it does not replay, 413 when it is too long."""
        text = await read_upload(request)
        replay = await _replaying(replays.upload, text)
        return {
            "id": replay.upload,
            "url": f"/replay/u/{replay.upload}",
            "title": game_title(replay.timeline.game),
            "positions": len(replay.timeline),
        }

    @app.get("/api/replays/{upload_id}/record", response_class=PlainTextResponse)
    async def upload_record(upload_id: str) -> PlainTextResponse:
        try:
            text = replays.record(upload_id)
        except ReplayError as exc:
            raise HTTPException(exc.status, exc.reason) from None
        disposition = f'inline; filename="{upload_id}.hrec"'
        return PlainTextResponse(text, headers={"Content-Disposition": disposition})

    @app.get("/api/replays/{upload_id}")
    async def upload_outline(upload_id: str) -> dict[str, Any]:
        replay = await _replaying(replays.for_upload, upload_id)
        return replay.outline()

    # ------------------------------------------------------------------ reviews
    # "Review my game": a seat's decisions valued by a searching level, as a background job
    # (review.py) whose progress is polled; a table's result is kept in the database. These
    # come before /api/replays/{id}/{index}, which would take "reviews" for an index.
    reviews = Reviews(store, replays)
    app.state.reviews = reviews

    @app.post("/api/tables/{table_id}/reviews")
    async def start_table_review(table_id: str, request: Request) -> JSONResponse:
        """Start reviewing a seat of a finished table (``{"seat": N, "level": "expert"}``):
        the job (202 while it runs, 200 once it is done)."""
        unhidden(table_id)
        return await _start_review(reviews, "table", table_id, request)

    @app.post("/api/replays/{upload_id}/reviews")
    async def start_upload_review(upload_id: str, request: Request) -> JSONResponse:
        return await _start_review(reviews, "upload", upload_id, request)

    @app.get("/api/tables/{table_id}/reviews")
    async def table_reviews(table_id: str) -> list[dict[str, Any]]:
        unhidden(table_id)
        return await _reviewing(reviews.listing, "table", table_id)

    @app.get("/api/replays/{upload_id}/reviews")
    async def upload_reviews(upload_id: str) -> list[dict[str, Any]]:
        return await _reviewing(reviews.listing, "upload", upload_id)

    @app.get("/api/tables/{table_id}/reviews/{seat}")
    async def table_review(table_id: str, seat: str, level: str = "expert") -> dict[str, Any]:
        unhidden(table_id)
        return await _reviewing(reviews.status, "table", table_id, seat, level)

    @app.get("/api/replays/{upload_id}/reviews/{seat}")
    async def upload_review(upload_id: str, seat: str, level: str = "expert") -> dict[str, Any]:
        return await _reviewing(reviews.status, "upload", upload_id, seat, level)

    @app.delete("/api/tables/{table_id}/reviews/{seat}")
    async def cancel_table_review(
        table_id: str, seat: str, level: str = "expert"
    ) -> dict[str, Any]:
        unhidden(table_id)
        return await _reviewing(reviews.cancel, "table", table_id, seat, level)

    @app.delete("/api/replays/{upload_id}/reviews/{seat}")
    async def cancel_upload_review(
        upload_id: str, seat: str, level: str = "expert"
    ) -> dict[str, Any]:
        return await _reviewing(reviews.cancel, "upload", upload_id, seat, level)

    @app.get("/api/replays/{upload_id}/{index}")
    async def upload_position(upload_id: str, index: int, seat: str = "all") -> dict[str, Any]:
        replay = await _replaying(replays.for_upload, upload_id)
        return await _position(replay, index, seat)

    @app.websocket("/ws/{table_id}")
    async def play(ws: WebSocket, table_id: str) -> None:
        await ws.accept()
        table = await room.get(table_id)
        if table is None:
            reason = _("no table {table!r} here").format(table=table_id)
            await ws.send_json({"type": "error", "reason": reason})
            await ws.close(4404)
            return
        # A session counts on a socket a page of this room opened (the Guard refused others).
        player = await _session(accounts, ws) if "origin" in ws.headers else None
        await _serve_viewer(ws, room, table, accounts, player)

    return app


def _page(name: str) -> HTMLResponse:
    """A page in the language of the request; caches must keep one per language."""
    return HTMLResponse(
        page(name, current()),
        headers={"vary": "Cookie, Accept-Language", "cache-control": "no-cache"},
    )


def _cookie(request: Request | WebSocket) -> str | None:
    return request.cookies.get(COOKIE)


async def _session(accounts: Accounts, request: Request | WebSocket) -> Player | None:
    """The player this request's session cookie is for (``None``: a guest).

    A request that changes something counts as the player's only when it says it comes from
    a page of this room (its Origin, which the Guard compared with the room's own): with the
    cookie's SameSite=Lax, a page elsewhere can never act as a logged-in player.
    """
    token = _cookie(request)
    if token is None:
        return None
    unsafe = isinstance(request, Request) and request.method not in SAFE_METHODS
    if unsafe and "origin" not in request.headers:
        return None
    return await asyncio.to_thread(accounts.player_for, token)


def _address(request: Request) -> str:
    return request.client.host if request.client else ""


def _secure(request: Request) -> bool:
    """Whether the room is reached over https (itself, or a proxy in front that says so)."""
    forwarded = request.headers.get("x-forwarded-proto", "").split(",")[0].strip().lower()
    return request.url.scheme == "https" or forwarded == "https"


def _profile_url(player: Player) -> str:
    return "/players/" + quote(player.name, safe="")


def _logged_in(
    request: Request, player: Player, token: str, status: int, seconds: float
) -> JSONResponse:
    """The reply to a login: who it is, with the session cookie (HttpOnly, SameSite=Lax,
    Secure over https)."""
    reply = JSONResponse(
        {"name": player.name, "admin": player.admin, "profile": _profile_url(player)},
        status_code=status,
    )
    reply.set_cookie(
        COOKIE,
        token,
        max_age=int(seconds),
        path="/",
        httponly=True,
        samesite="lax",
        secure=_secure(request),
    )
    return reply


async def _accounting(fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)`` of :class:`~hoyle.web.accounts.Accounts` in a thread (a password's hash
    takes a moment), its refusals as HTTP errors."""
    try:
        return await asyncio.to_thread(fn, *args)
    except AccountError as exc:
        raise HTTPException(exc.status, exc.reason) from None


async def _body(request: Request) -> dict[str, Any]:
    """A table request's JSON body: an object naming a ``game`` (see :func:`_read_json`)."""
    body = await _read_json(request)
    if not isinstance(body.get("game"), str):
        raise HTTPException(400, _('give {"game": "hearts", "seats": [...]}'))
    return body


async def _read_json(request: Request) -> dict[str, Any]:
    """A request's JSON body: an object, at most :data:`MAX_BODY` bytes (refused before it
    is read when its length says so) and :data:`MAX_DEPTH` deep."""
    # A page on another site may post text/plain to this room without asking the browser's
    # leave (no CORS preflight); JSON it may not, so only JSON is read.
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise HTTPException(
            415,
            _("send the body as application/json, not {kind}").format(kind=kind or _("no type")),
        )
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY:
        raise HTTPException(
            413,
            _("the body is at most {most} bytes, not {size}").format(most=MAX_BODY, size=declared),
        )
    raw = b""
    async for chunk in request.stream():  # a body sent without its length: read up to the limit
        raw += chunk
        if len(raw) > MAX_BODY:
            raise HTTPException(413, _("the body is at most {most} bytes").format(most=MAX_BODY))
    try:
        text = raw.decode()
    except UnicodeDecodeError:
        raise HTTPException(400, _("the body must be JSON in UTF-8")) from None
    if _depth(text) > MAX_DEPTH:
        raise HTTPException(
            400, _("the body nests at most {most} arrays or objects deep").format(most=MAX_DEPTH)
        )
    try:
        body = json.loads(text)
    except ValueError:
        raise HTTPException(400, _("the body must be JSON")) from None
    if not isinstance(body, dict):
        raise HTTPException(400, _("the body must be a JSON object"))
    return body


async def _replaying(find: Callable[[str], Replay], arg: str) -> Replay:
    """``find(arg)`` in a thread, its refusals as HTTP errors: a record that does not replay
    is a 400 whose reason names the line ("line 12: …")."""
    try:
        return await asyncio.to_thread(find, arg)
    except ReplayError as exc:
        raise HTTPException(exc.status, exc.reason) from None
    except (HoyleError, ValueError) as exc:  # RecordError and the engine's own, with the line
        raise HTTPException(
            400, _("the record does not replay: {reason}").format(reason=exc)
        ) from None


async def _reviewing(fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)`` of :class:`~hoyle.web.review.Reviews` in a thread (it may build a
    replay or read the database), its refusals as HTTP errors."""
    try:
        return await asyncio.to_thread(fn, *args)
    except ReviewError as exc:
        raise HTTPException(exc.status, exc.reason) from None


async def _start_review(reviews: Reviews, kind: str, ident: str, request: Request) -> JSONResponse:
    body = await read_request(request)
    job = await _reviewing(reviews.start, kind, ident, body["seat"], body.get("level"))
    return JSONResponse(job, status_code=200 if job["state"] == "done" else 202)


async def _position(replay: Replay, index: int, seat: str) -> dict[str, Any]:
    """One position's message for ``seat`` (``all``: face up; a number: that seat's view)."""
    if seat == "all":
        reader = None
    elif seat.isdigit() and len(seat) < 4:
        reader = int(seat)
    else:
        raise HTTPException(400, _("seat is all (every hand face up) or a seat number"))
    try:
        return await asyncio.to_thread(replay.message, index, reader)
    except ReplayError as exc:
        raise HTTPException(exc.status, exc.reason) from None


def _options(body: dict[str, Any]) -> dict[str, Any]:
    """The request's options (an object, or text such as ``deals=1, moon=subtract``), with its
    ``variant`` and ``players``."""
    options = read_options(body["game"], body.get("options"))
    if body.get("variant"):
        options["variant"] = body["variant"]
    players = body.get("players")
    if players is not None:
        if isinstance(players, bool) or not isinstance(players, int):
            raise CreateError(_("players is a whole number"))
        if options.get("players") is not None and str(options["players"]) != str(players):
            raise CreateError(_("give the number of players once (the Players box)"))
        options["players"] = players
    return options


async def _serve_viewer(
    ws: WebSocket,
    room: Room,
    table: Table,
    accounts: Accounts | None = None,
    player: Player | None = None,
) -> None:
    """Read one viewer's messages until they leave; refuse each bad one with a reason. A
    logged-in ``player`` who takes a seat holds it (unless another player does)."""
    joined = False
    seat: int | None = None
    try:
        while True:
            frame = await ws.receive()
            if frame["type"] == "websocket.disconnect":
                raise WebSocketDisconnect(frame.get("code", 1000))
            text = frame.get("text")
            try:
                if text is None:
                    raise Refused(_("send text frames holding JSON, not binary ones"))
                msg = _parse(text)
                kind = msg["type"]
                if kind == "hello":
                    if joined:
                        raise Refused(_("already joined this table"))
                    key = msg.get("key")
                    if key is not None:
                        if not isinstance(key, str) or len(key) > 100:
                            raise Refused(_("the invite key must be a short string"))
                        seat = table.seat_for_key(key)
                        if seat is None:
                            reason = _("this invite key holds no seat here")
                            await ws.send_json({"type": "error", "reason": reason})
                            await ws.close(4403)
                            return
                    elif room.duplicates.hidden(table.id):
                        reason = _(
                            "this game is a board of an event; it can be watched once every "
                            "table has played it"
                        )
                        await ws.send_json({"type": "error", "reason": reason})
                        await ws.close(4403)
                        return
                    auto = msg.get("auto", True)
                    if not isinstance(auto, bool):
                        raise Refused(_("auto is true or false"))
                    joined = True
                    name = msg.get("name")
                    name = name if isinstance(name, str) else None
                    holder = None
                    if (
                        seat is not None
                        and player is not None
                        and accounts is not None
                        and await asyncio.to_thread(accounts.take_seat, player, table.id, seat)
                    ):
                        holder = player.name
                    await table.join(ws, seat, name, auto, lang=current(), player=holder)
                    continue
                if not joined:
                    raise Refused(_('say hello first: {"type": "hello", "key": …}'))
                if seat is not None:
                    await table.heard_from(seat)
                if kind == "ping":
                    await table.reply(ws, {"type": "pong"})
                elif kind == "act":
                    await table.act(_acting_seat(seat, msg), _token(msg))
                elif kind == "continue":
                    if seat is not None:  # a spectator's is nobody's to wait for
                        await table.proceed(seat)
                elif kind == "settings":
                    auto = msg.get("auto")
                    if seat is None:
                        raise Refused(_("spectators have no settings here"))
                    if not isinstance(auto, bool):
                        raise Refused(_('settings: {"type": "settings", "auto": true or false}'))
                    await table.set_auto(ws, auto)
                elif kind == "hint":
                    if seat is None:
                        raise Refused(_("spectators get no hints"))
                    found = await table.hint(seat)
                    await table.reply(ws, {"type": "hint", "seq": table.seq, **found})
                elif kind == "rematch":
                    if seat is None:
                        raise Refused(_("only a seated player can ask for a rematch"))
                    try:
                        new, made = await room.rematch(table)
                    except CreateError as exc:
                        raise Refused(str(exc)) from None
                    if not made:  # the others were told when it was made
                        await table.reply(ws, {"type": "rematch", "table": new.id})
                else:
                    raise Refused(
                        _(
                            "unknown message type {kind!r}; use hello, act, hint, continue, "
                            "settings, rematch, ping"
                        ).format(kind=kind)
                    )
            except Refused as exc:
                await table.reply(ws, {"type": "refused", "reason": exc.reason, "seq": table.seq})
    except WebSocketDisconnect:
        pass
    finally:
        await table.leave(ws)


def _parse(text: str) -> dict[str, Any]:
    if len(text) > MAX_MESSAGE:
        raise Refused(
            _("message too long ({size} characters; at most {most})").format(
                size=len(text), most=MAX_MESSAGE
            )
        )
    if _depth(text) > MAX_DEPTH:
        raise Refused(
            _("a message nests at most {most} arrays or objects deep").format(most=MAX_DEPTH)
        )
    try:
        msg = json.loads(text)
    except ValueError:
        raise Refused(
            _('not JSON: send one object such as {"type": "act", "token": "QS"}')
        ) from None
    if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
        raise Refused(_('a message is an object with a "type" string'))
    return msg


def _depth(text: str) -> int:
    """How deeply the JSON ``text`` nests arrays and objects, counted before it is parsed (a
    parser recursing into a thousand ``[`` would fail with RecursionError, not a refusal)."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def _acting_seat(seat: int | None, msg: dict[str, Any]) -> int:
    if seat is None:
        raise Refused(_("spectators cannot act; open your invite link to take a seat"))
    claimed = msg.get("seat", seat)
    if claimed != seat or isinstance(claimed, bool):
        raise Refused(
            _("you hold seat {seat}, not seat {claimed!r}").format(seat=seat, claimed=claimed)
        )
    return seat


def _token(msg: dict[str, Any]) -> str:
    token = msg.get("token")
    if not isinstance(token, str) or not token.strip() or len(token) > 64:
        raise Refused(_('an act message needs a "token" string such as "QS" or "pass"'))
    return token


def _result_tag(record: str) -> str:
    for line in record.splitlines():
        if line.startswith("[Result "):
            return line[len('[Result "') : -2]
    return ""
