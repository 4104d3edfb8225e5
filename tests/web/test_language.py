"""The room in English and Spanish: the language each request and WebSocket is answered in
(``?lang=``, the cookie, ``Accept-Language``), the pages and the scripts' messages translated
from the catalogue, the server's own sentences, and one table read in two languages at once."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po
from roomkit import Server, server_thread
from websockets.sync.client import connect

from hoyle import catalogue, i18n
from hoyle.web.lang import COOKIE, accept_language, choose, spoken
from hoyle.web.pages import STATIC, page, page_messages, script_catalogue, script_messages

PAGES = ("index.html", "table.html", "replay.html")


def spanish() -> dict[str, Any]:
    """The Spanish catalogue: each message's translation (a plural's forms as a list)."""
    with (i18n.LOCALE_DIR / "es" / "LC_MESSAGES" / "hoyle.po").open("rb") as fh:
        catalog = read_po(fh, locale="es")
    out: dict[str, Any] = {}
    for m in catalog:
        if m.id:
            key = m.id if isinstance(m.id, str) else m.id[0]
            out[key] = m.string if isinstance(m.string, str) else list(m.string or ())
    return out


# ---------------------------------------------------------------- choosing the language


@pytest.mark.parametrize(
    ("query", "cookie", "accept", "lang", "asked"),
    [
        ("", None, None, "en", False),
        ("lang=es", None, None, "es", True),
        ("lang=es", "hoyle_lang=en", "en", "es", True),  # the switch beats everything
        ("lang=en", "hoyle_lang=es", "es", "en", True),
        ("lang=fr", "hoyle_lang=es", "en", "es", False),  # a language not spoken: ignored
        ("", "other=1; hoyle_lang=es", "en-GB,en;q=0.9", "es", False),  # the cookie, then
        ("", "hoyle_lang=xx", "es-MX,es;q=0.9", "es", False),  # the browser's
        ("", None, "fr-FR,fr;q=0.9,es;q=0.8,en;q=0.7", "es", False),  # first one spoken
        ("", None, "en;q=0.4,es;q=0.6", "es", False),  # by weight, not order
        ("", None, "de,*;q=0.1", "en", False),
        ("", None, "es;q=0", "en", False),  # q=0: not wanted
    ],
)
def test_the_language_of_a_request(
    query: str, cookie: str | None, accept: str | None, lang: str, asked: bool
) -> None:
    assert choose(query, cookie, accept) == (lang, asked)


def test_language_tags() -> None:
    assert [spoken(t) for t in ("es", "ES-419", "es_ES.UTF-8", "en-US", "fr", "", "*")] == [
        "es",
        "es",
        "es",
        "en",
        None,
        None,
        None,
    ]
    assert accept_language("") is None and accept_language("es;q=bad, en") == "en"


# ---------------------------------------------------------------- the pages and the scripts


def test_the_scripts_messages_are_those_the_catalogue_extracts() -> None:
    # The room reads the scripts' messages at run time without Babel; they must be exactly
    # what Babel's javascript extractor puts in the catalogue (or a script would show English).
    found: set[Any] = set()
    for filename, _line, message, _c, _ctx in extract_from_dir(
        str(catalogue.PACKAGE), method_map=catalogue.METHOD_MAP, keywords=catalogue.KEYWORDS
    ):
        if filename.endswith(".js"):
            found.add(message if isinstance(message, str) else tuple(message))
    single, plural = script_messages()
    assert len(single) > 150 and len(plural) > 5
    assert found == set(single) | set(plural)


def test_every_page_text_is_a_message_of_the_catalogue() -> None:
    po = spanish()
    for name in PAGES:
        messages = [m for _line, m in page_messages((STATIC / name).read_text())]
        assert messages, name
        assert all(m in po and po[m] for m in messages), name
    index = [m for _line, m in page_messages((STATIC / "index.html").read_text())]
    assert "New table" in index and "Your name" in index and "Player" in index  # a placeholder
    assert "hoyle" not in index and "English" not in index  # translate="no"
    assert not any("deals=1" in m for m in index)  # the options' syntax is not translated


@pytest.mark.parametrize("name", PAGES)
def test_a_page_in_spanish(name: str) -> None:
    po = spanish()
    text = page(name, "es")
    assert '<html lang="es">' in text
    english = [m for _line, m in page_messages((STATIC / name).read_text())]
    said = [m for _line, m in page_messages(text)]
    assert said == [po[m] for m in english]  # every text in place, translated
    data = re.search(r'<script id="hoyle-i18n" type="application/json">(.*?)</script>', text)
    assert data is not None
    assert json.loads(data.group(1)) == script_catalogue("es")
    assert 'data-lang="es"' in text and "Español" in text  # the switch, in its own language
    assert page(name, "en").startswith('<!doctype html>\n<html lang="en">')


def test_the_scripts_catalogue() -> None:
    es = script_catalogue("es")
    assert es["lang"] == "es"
    assert es["messages"]["Your turn"] == "Tu turno"
    assert es["messages"]["{n} card"] == ["{n} carta", "{n} cartas"]
    single, plural = script_messages()
    po = spanish()
    for msgid in [*single, *(one for one, _other in plural)]:
        if po[msgid] != msgid:
            assert es["messages"][msgid] == po[msgid], msgid
    assert script_catalogue("en") == {"lang": "en", "messages": {}}


# ---------------------------------------------------------------- the room over HTTP


def test_pages_and_api_speak_the_language_asked(room: Server) -> None:
    http = room.http
    english = http.get("/", headers={"accept-language": "en-US"}).text
    assert '<html lang="en">' in english and "New table" in english
    found = http.get("/", headers={"accept-language": "es-ES,es;q=0.9"})
    assert '<html lang="es">' in found.text and "Nueva mesa" in found.text
    assert "New table" not in found.text and "Accept-Language" in found.headers["vary"]
    assert COOKIE not in found.headers.get("set-cookie", "")  # only the switch sets it
    # The switch: ?lang= answers in that language and keeps it in a cookie.
    switched = http.get("/t/abc?lang=es", headers={"accept-language": "en"})
    assert '<html lang="es">' in switched.text and "Pista" in switched.text
    assert f"{COOKIE}=es" in switched.headers["set-cookie"]
    http.cookies.clear()
    kept = http.get("/replay/abc", headers={"accept-language": "en", "cookie": f"{COOKIE}=es"})
    assert '<html lang="es">' in kept.text and "⇤ inicio" in kept.text
    # The JSON API: the lobby's games and the server's refusals.
    games = http.get("/api/games", headers={"accept-language": "es"}).json()
    assert games[0]["title"] == "Corazones" and games[0]["variants"][0]["title"] == "Dama negra"
    assert http.get("/api/games", headers={"accept-language": "en"}).json()[0]["title"] == "Hearts"
    refused = http.post("/api/tables?lang=es", json={"game": "hearts", "seats": "four"})
    assert refused.status_code == 400
    assert refused.json()["detail"] == "seats es una lista, una entrada por asiento"
    http.cookies.clear()
    assert http.get("/api/room", headers={"accept-language": "en"}).json()["limits"] is not None


def test_the_scripts_catalogue_is_served(room: Server) -> None:
    es = room.http.get("/api/i18n/es.json")
    assert es.status_code == 200 and es.json() == script_catalogue("es")
    assert "max-age" in es.headers["cache-control"]
    assert room.http.get("/api/i18n/en.json").json()["messages"] == {}
    missing = room.http.get("/api/i18n/fr.json", headers={"accept-language": "es"})
    assert missing.status_code == 404 and "aquí no hay idioma 'fr'" in missing.json()["detail"]


def test_the_guard_refuses_in_the_visitors_language(tmp_path: Path) -> None:
    with server_thread(tmp_path / "room.sqlite3", hosts=["example.org"]) as elsewhere:
        refused = elsewhere.http.get("/", headers={"accept-language": "es"})
    assert refused.status_code == 400
    assert refused.json()["detail"].startswith("esta sala responde a example.org, no a 127.0.0.1")


# ---------------------------------------------------------------- one table, two languages


def first_state(ws: Any) -> dict[str, Any]:
    while True:
        msg: dict[str, Any] = json.loads(ws.recv(timeout=20))
        if msg["type"] == "state":
            return msg


def test_each_viewer_reads_the_table_in_its_own_language(room: Server) -> None:
    table = room.create("hearts(deals=1)", ["human", "random", "random", "random"])
    key = table["seats"][0]["key"]
    base = f"ws://127.0.0.1:{room.port}/ws/{table['id']}"
    with (
        connect(f"{base}?lang=es", open_timeout=20) as player,
        connect(base, additional_headers={"Accept-Language": "en-GB"}, open_timeout=20) as en,
        connect(base, additional_headers={"Cookie": f"{COOKIE}=es"}, open_timeout=20) as es,
    ):
        player.send(json.dumps({"type": "hello", "key": key, "auto": False}))
        en.send(json.dumps({"type": "hello"}))
        es.send(json.dumps({"type": "hello"}))
        mine, theirs, ours = first_state(player), first_state(en), first_state(es)
        assert mine["title"] == ours["title"] == "Corazones — Dama negra"
        assert theirs["title"] == "Hearts — Black Lady"
        assert theirs["log"][0]["text"].startswith("Deal 1: ")
        assert ours["log"][0]["text"].startswith("Ronda 1: ")
        # The player moves: the broadcast that follows reaches each in its own language (the
        # spectators share the seat, not the language: one message each).
        player.send(json.dumps({"type": "act", "token": mine["legal"][0]}))
        moved_en, moved_es = first_state(en), first_state(es)
        assert moved_en["seq"] == moved_es["seq"] > mine["seq"]
        assert [e["kind"] for e in moved_en["log"]] == [e["kind"] for e in moved_es["log"]]
        assert moved_en["log"] != moved_es["log"]
        # A refusal is said in the language of the connection that is refused.
        es.send(json.dumps({"type": "act", "token": "2C"}))
        en.send(json.dumps({"type": "act", "token": "2C"}))
        for ws, words in ((es, "los espectadores no pueden jugar"), (en, "spectators cannot")):
            while True:
                msg = json.loads(ws.recv(timeout=20))
                if msg["type"] == "refused":
                    assert msg["reason"].startswith(words), msg
                    break
