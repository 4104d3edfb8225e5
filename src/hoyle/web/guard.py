"""Cross-site safety: the Host names the room answers to, and the Origin of what changes it.

Two attacks reach a room on a player's own machine from any web page they visit:

- **DNS rebinding**: a page on ``evil.example`` makes its name point at 127.0.0.1 and then talks
  to the room as if it were its own site. Its requests carry ``Host: evil.example``, so the room
  answers only to the names in its allow-list (``hoyle serve --allow-host``).
- **Cross-site requests**: a page may open a WebSocket to any address, or post a form to it.
  Browsers always say which page did so in the ``Origin`` header, so a WebSocket or a
  state-changing request whose Origin is not the room's own address is refused. Programs that
  are not browsers send no Origin and are let through (they are not acting for a visitor).

:class:`Guard` is ASGI middleware for both; every refusal names what was wrong and what would do
(in the language :class:`~hoyle.web.lang.Language` chose for the request, around it).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any
from urllib.parse import urlsplit

from hoyle.i18n import _

__all__ = ["Guard", "host_name"]

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def host_name(value: str) -> str:
    """The name in a Host header or an Origin's address, without its port, in lower case:
    ``"Example.org:8000"`` → ``"example.org"``, ``"[::1]:80"`` → ``"::1"``."""
    value = value.strip().lower()
    if value.startswith("["):
        return value[1 : value.find("]")] if "]" in value else value
    return value.rsplit(":", 1)[0] if value.count(":") == 1 else value


class Guard:
    """Refuse requests to a Host name not in ``hosts`` (400; ``None`` allows any) and
    WebSockets or unsafe methods from another Origin (403)."""

    def __init__(self, app: Any, hosts: Iterable[str] | None) -> None:
        self.app = app
        self.hosts = None if hosts is None else sorted({host_name(h) for h in hosts})

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]}
        host = headers.get("host", "")
        reason = None
        status = 400
        if self.hosts is not None and host_name(host) not in self.hosts:
            reason = _(
                "this room answers to {hosts}, not {host}; its owner can add a name with "
                "hoyle serve --allow-host NAME"
            ).format(hosts=", ".join(self.hosts), host=host or _("no Host"))
        elif "origin" in headers and (
            scope["type"] == "websocket" or scope.get("method") not in SAFE_METHODS
        ):
            origin = headers["origin"]
            if urlsplit(origin).netloc.lower() != host.lower():
                status = 403
                reason = _(
                    "a page at {origin} may not play or create tables here: only pages of "
                    "this room ({room}) may"
                ).format(origin=origin, room=f"http://{host}")
        if reason is None:
            await self.app(scope, receive, send)
        elif scope["type"] == "websocket":
            # Refused before it is accepted: the browser sees the handshake fail (HTTP 403).
            short = reason.encode()[:123].decode(errors="ignore")  # a close reason's limit
            await send({"type": "websocket.close", "code": 1008, "reason": short})
        else:
            body = json.dumps({"detail": reason}).encode()
            await send(
                {
                    "type": "http.response.start",
                    "status": status,
                    "headers": [
                        (b"content-type", b"application/json"),
                        (b"content-length", str(len(body)).encode()),
                    ],
                }
            )
            await send({"type": "http.response.body", "body": body})
