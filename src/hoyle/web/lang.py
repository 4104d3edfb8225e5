"""The language of each request: the page's switch, a cookie, or the browser's languages.

Every request to the room is answered in one of the languages hoyle speaks
(:data:`hoyle.i18n.LANGUAGES`), chosen in this order:

1. ``?lang=es`` (or ``en``) in the address: the switch in every page links there, and the
   answer sets the cookie, so the choice holds for the pages and requests that follow;
2. the ``hoyle_lang`` cookie;
3. the browser's ``Accept-Language``: the first language listed (by its weight) that hoyle
   speaks;
4. English.

:class:`Language` is ASGI middleware that makes that choice for every HTTP request and
WebSocket and speaks it (:func:`hoyle.i18n.using`, a context variable: one request's language
never leaks into another's) while the request is answered. A WebSocket keeps the language it
connected with; what the table renders for it in other tasks (a bot's move, another player's)
is rendered in that language too (:meth:`hoyle.web.table.Table.message_for`).

    >>> choose("lang=es", None, "en-GB,en;q=0.9")
    ('es', True)
    >>> choose("", "hoyle_lang=es", "en")
    ('es', False)
    >>> choose("lang=fr", "", "fr-FR, es;q=0.8, en;q=0.5")
    ('es', False)
    >>> choose("", "", None)
    ('en', False)
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs

from hoyle.i18n import DEFAULT, LANGUAGES, normalize, using

__all__ = ["COOKIE", "COOKIE_AGE", "Language", "accept_language", "choose", "spoken"]

COOKIE = "hoyle_lang"
"""The cookie that keeps a visitor's choice of language."""
COOKIE_AGE = 365 * 24 * 3600
"""How long the cookie is kept, in seconds (a year)."""


def spoken(tag: str | None) -> str | None:
    """The hoyle language a tag names (``es``, ``es-MX``, ``es_ES.UTF-8`` → ``es``), or
    ``None`` when hoyle does not speak it (``fr``, ``*``, empty).

    >>> spoken("es-419"), spoken("EN"), spoken("fr"), spoken("")
    ('es', 'en', None, None)
    """
    text = (tag or "").strip()
    lang = normalize(text)
    base = text.replace("-", "_").split("_")[0].split(".")[0].lower()
    return lang if base == lang and lang in LANGUAGES else None


def accept_language(header: str | None) -> str | None:
    """The first language of an ``Accept-Language`` header that hoyle speaks, by weight (the
    order given breaks ties), or ``None``.

    >>> accept_language("fr-CH, fr;q=0.9, es;q=0.8, en;q=0.7")
    'es'
    >>> accept_language("en;q=0.5, es")
    'es'
    >>> accept_language("de, *;q=0.5") is None
    True
    """
    weighted: list[tuple[float, int, str]] = []
    for i, item in enumerate((header or "").split(",")):
        tag, _sep, params = item.partition(";")
        weight = 1.0
        for param in params.split(";"):
            name, _eq, value = param.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        lang = spoken(tag)
        if lang is not None and weight > 0:
            weighted.append((-weight, i, lang))
    return min(weighted)[2] if weighted else None


def _cookie(header: str | None) -> str | None:
    for part in (header or "").split(";"):
        name, _eq, value = part.strip().partition("=")
        if name == COOKIE:
            return spoken(value.strip().strip('"'))
    return None


def choose(query: str, cookie: str | None, accept: str | None) -> tuple[str, bool]:
    """The language of a request from its query string, ``Cookie`` and ``Accept-Language``
    headers; and whether the query chose it (then the answer sets the cookie)."""
    asked = parse_qs(query).get("lang")
    if asked:
        lang = spoken(asked[-1])
        if lang is not None:
            return lang, True
    return _cookie(cookie) or accept_language(accept) or DEFAULT, False


class Language:
    """ASGI middleware: answer each HTTP request and WebSocket in the language :func:`choose`
    finds (kept in ``scope["state"]["lang"]`` as well); a ``?lang=`` sets the cookie."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers: dict[str, str] = {}
        for key, value in scope.get("headers", []):
            name = key.decode("latin-1").lower()
            text = value.decode("latin-1")
            if name == "cookie" and name in headers:  # HTTP/2 may send cookies one per header
                text = f"{headers[name]}; {text}"
            headers[name] = text
        query = scope.get("query_string", b"").decode("latin-1")
        lang, asked = choose(query, headers.get("cookie"), headers.get("accept-language"))
        scope.setdefault("state", {})["lang"] = lang
        if asked and scope["type"] == "http":
            cookie = f"{COOKIE}={lang}; Path=/; Max-Age={COOKIE_AGE}; SameSite=Lax"

            async def send_with_cookie(message: dict[str, Any]) -> None:
                if message["type"] == "http.response.start":
                    message = dict(message)
                    message["headers"] = [
                        *message.get("headers", []),
                        (b"set-cookie", cookie.encode("latin-1")),
                    ]
                await send(message)

            with using(lang):
                await self.app(scope, receive, send_with_cookie)
            return
        with using(lang):
            await self.app(scope, receive, send)
