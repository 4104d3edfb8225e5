"""The routes of the room's duplicate events (:mod:`hoyle.web.duplicates`): the pages, the
organiser's request, the live results, a person's next game and the records.

docs/club.md ("Events in the card room") describes them for a newcomer.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from hoyle.i18n import _
from hoyle.web.accounts import Player
from hoyle.web.duplicates import Duplicates, EventRefused, RoomEvent
from hoyle.web.limits import LimitError

__all__ = ["event_routes"]

Session = Callable[[Request], Awaitable[Player | None]]


def event_routes(
    duplicates: Duplicates,
    session: Session,
    page: Callable[[str], HTMLResponse],
    read_json: Callable[[Request], Awaitable[dict[str, Any]]],
) -> APIRouter:
    """The events' routes, for ``duplicates``; ``session`` says who is logged in (a change
    counts only from a page of the room), ``page`` serves a static page in the reader's
    language, ``read_json`` reads a request's bounded JSON body."""
    router = APIRouter()

    def find(event_id: str) -> RoomEvent:
        try:
            return duplicates.find(event_id)
        except KeyError:
            raise HTTPException(404, _("no event {event!r} here").format(event=event_id)) from None

    @router.get("/events", include_in_schema=False)
    async def events_page() -> HTMLResponse:
        return page("events.html")

    @router.get("/events/{event_id}", include_in_schema=False)
    async def event_page(event_id: str) -> HTMLResponse:
        return page("event.html")

    @router.get("/api/events")
    async def listing() -> list[dict[str, Any]]:
        """Every event, newest first, a line each."""
        return duplicates.listing()

    @router.post("/api/events")
    async def organise(request: Request) -> JSONResponse:
        """A new event (the organiser logged in): 201 with each person's private link, given
        this once; 400 with what is wrong; 401 for a guest; 429 when the room is full."""
        player = await session(request)
        if player is None:
            raise HTTPException(401, _("log in to organise an event"))
        body = await read_json(request)
        client = request.client.host if request.client else ""
        try:
            made, keys = await duplicates.create(body, player.name, client)
        except EventRefused as exc:
            raise HTTPException(400, str(exc)) from None
        except LimitError as exc:
            raise HTTPException(exc.status, str(exc)) from None
        base = str(request.base_url).rstrip("/")
        places = [
            {
                "name": p.name,
                "table": t,
                "position": i,
                "key": keys[p.name],
                "link": f"{base}/events/{made.id}#key={keys[p.name]}",
            }
            for t, lineup in enumerate(made.event.tables)
            for i, p in enumerate(lineup)
            if not p.is_bot
        ]
        return JSONResponse(
            {"id": made.id, "url": f"/events/{made.id}", "places": places}, status_code=201
        )

    @router.get("/api/events/{event_id}")
    async def view(event_id: str) -> dict[str, Any]:
        """The event's live results: only the boards every table has played."""
        find(event_id)
        return duplicates.view(event_id)

    @router.post("/api/events/{event_id}/place")
    async def place(event_id: str, request: Request) -> dict[str, Any]:
        """A person's place (``{"key": …}``, their ticket): who they are, their next game."""
        find(event_id)
        body = await read_json(request)
        key = body.get("key")
        if not isinstance(key, str) or len(key) > 100:
            raise HTTPException(400, _("the key is the short text after #key= in your link"))
        found = duplicates.place(event_id, key)
        if found is None:
            raise HTTPException(404, _("this key holds no place in the event"))
        return found

    @router.post("/api/events/{event_id}/people/{name}/link")
    async def renew(event_id: str, name: str, request: Request) -> dict[str, Any]:
        """A person's new private link, for the organiser (or a club admin) to send again:
        the old link holds nothing from now on. 401 for a guest, 403 for anyone else."""
        made = find(event_id)
        player = await session(request)
        if player is None:
            raise HTTPException(401, _("log in as the event's organiser to give a new link"))
        if not player.admin and player.name != made.organiser:
            raise HTTPException(403, _("only the event's organiser gives its people new links"))
        try:
            key = await duplicates.renew_key(event_id, name)
        except EventRefused as exc:
            raise HTTPException(404, str(exc)) from None
        base = str(request.base_url).rstrip("/")
        return {"name": name, "key": key, "link": f"{base}/events/{made.id}#key={key}"}

    @router.get("/api/tables/{table_id}/traveller")
    async def traveller(table_id: str) -> dict[str, Any]:
        """The board a game of an event belongs to, as every table played it (404 for a table
        of no event, 403 while some table has yet to play the board)."""
        if duplicates.hidden(table_id):
            raise HTTPException(
                403,
                _("this game is a board of an event; it is shown once every table has played it"),
            )
        found = duplicates.traveller(table_id)
        if found is None:
            raise HTTPException(404, _("this table plays no event's board"))
        return found

    @router.get("/api/events/{event_id}/records.zip")
    async def records(event_id: str) -> Response:
        """The records of the boards every table has played, a file per game."""
        find(event_id)
        files = duplicates.record_files(event_id)
        if not files:
            raise HTTPException(403, _("no board has been played at every table yet"))
        data = await asyncio.to_thread(duplicates.records_zip, files)
        disposition = f'attachment; filename="event-{event_id}.zip"'
        return Response(
            data, media_type="application/zip", headers={"Content-Disposition": disposition}
        )

    return router
