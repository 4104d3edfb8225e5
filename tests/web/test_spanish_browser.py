"""The room in Spanish, in Debian's Chromium: a visitor opens the lobby, switches it to Español,
starts a Hearts table against bots and plays until tricks have been taken; then no text the
table shows is English.

Every visible text node of the table view is checked against the Spanish catalogue: none may
be, or hold as one of its sentences, an English message whose Spanish differs (a message with
``{placeholders}`` matches whatever fills them). Card symbols, numbers and the players' names
are not messages; an element marked ``translate="no"`` (the language switch, the brand) is
meant to stay as it is. A screenshot of the table is written to ``/tmp/hoyle-es-table.png``.
"""

from __future__ import annotations

import re
from typing import Any

from babel.messages.pofile import read_po
from playwright.sync_api import Browser, Page, expect
from roomkit import Server
from test_table_browser import WAIT, click_a_move

from hoyle import i18n
from hoyle.core.narrate import second_person

SHOT = "/tmp/hoyle-es-table.png"

TEXTS = """() => {
  const out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walk.nextNode(); node; node = walk.nextNode()) {
    const text = node.textContent.replace(/\\s+/g, " ").trim();
    const el = node.parentElement;
    if (!text || !el || el.closest("[translate=no], script, style")) continue;
    if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
    const box = el.getBoundingClientRect();
    if (!box.width || !box.height) continue;
    out.push(text);
  }
  return out;
}"""
"""Every visible text of the page, its spaces folded (outside ``translate="no"``)."""


def english_messages() -> list[tuple[str, re.Pattern[str]]]:
    """The catalogue's English messages whose Spanish differs, each as a pattern matching the
    message with any text in its placeholders."""
    with (i18n.LOCALE_DIR / "es" / "LC_MESSAGES" / "hoyle.po").open("rb") as fh:
        catalog = read_po(fh, locale="es")
    found = []
    for message in catalog:
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [message.string] if isinstance(message.string, str) else [*(message.string or ())]
        for english in ids:
            text = " ".join(english.split())
            words = re.sub(r"\{[^{}:]*(?::([^{}]*))?\}", lambda m: m.group(1) or "", text)
            if english in strings or not re.search(r"[A-Za-z]{2}", words):
                continue  # the same in Spanish (a symbol, a name), or no word of its own
            found.append((english, re.compile(_pattern(text))))
    return found


def _pattern(message: str) -> str:
    """A message as a pattern: a narration's verb slot (``{s:takes}``) matches the verb in
    either person (``takes``, ``take``), a possessive (``{s's}``) a name's or ``your``, any
    other placeholder some text."""
    out = []
    at = 0
    for slot in re.finditer(r"\{([^{}]*)\}", message):
        out.append(re.escape(message[at : slot.start()]))
        inside = slot.group(1)
        name, colon, verb = inside.partition(":")
        if name.endswith("'s"):
            out.append(r"(?:[Yy]our|.+?'s)")
        elif colon and re.fullmatch(r"[a-z][a-z ]*", verb):
            out.append(f"(?:{re.escape(verb)}|{re.escape(second_person(verb))})")
        else:
            out.append(".+?")
        at = slot.end()
    out.append(re.escape(message[at:]))
    return "".join(out)


def sentences(text: str) -> list[str]:
    """A text and its parts: its sentences (split after ``.``, ``!``, ``?`` or ``:`` and a
    space) and what the page sets apart with `` — `` or `` · `` (a title's family, a seat's
    level)."""
    parts = [p.strip() for p in re.split(r"(?<=[.!?:])\s+| [—·] ", text) if p.strip()]
    return [text, *parts] if len(parts) > 1 else [text]


def english_in(texts: list[str]) -> list[tuple[str, str]]:
    """The texts that are (or hold as a sentence) an English message, with that message."""
    messages = english_messages()
    found = []
    for text in texts:
        for part in sentences(text):
            for english, pattern in messages:
                if pattern.fullmatch(part):
                    found.append((text, english))
    return found


def play_until_tricks(page: Page, tricks: int) -> None:
    """Play seat 0's moves (the pass, then cards) until ``tricks`` tricks have been taken."""
    for _ in range(200):
        if page.evaluate("window.hoyleTricks.length") >= tricks:
            return
        page.wait_for_function(WAIT, timeout=30000)
        if page.evaluate("document.body.dataset.status") == "finished":
            return
        if page.locator("#summary[open]").count():
            page.click("#summary-close")
            continue
        seq = page.evaluate("document.body.dataset.seq")
        if click_a_move(page):
            page.wait_for_function(
                f"document.body.dataset.seq !== '{seq}' || "
                "document.querySelector('#summary[open]') !== null",
                timeout=30000,
            )
    raise AssertionError(f"{tricks} tricks were not taken in 200 moves")


def test_the_table_in_spanish_shows_no_english(browser: Browser, room: Server) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    # The lobby in the browser's English, then the switch.
    page.goto(room.url)
    page.wait_for_function("document.body.dataset.lobby === 'ready'")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("#create")).to_have_text("Create table")
    with page.expect_navigation():
        page.click("a[data-lang=es]")
    page.wait_for_function("document.documentElement.lang === 'es'")
    page.wait_for_function("document.body.dataset.lobby === 'ready'")
    assert "lang=" not in page.url  # the cookie keeps it; the address stays the page's own
    expect(page.locator("#create")).to_have_text("Crear mesa")
    expect(page.locator("#family option:checked")).to_have_text("Corazones")
    expect(page.locator("#variant option:checked")).to_have_text("Dama negra")
    expect(page.locator("#seat-1 option:checked")).to_have_text("bot: fácil")
    # A Hearts table against the bots, in Spanish from its first page.
    expect(page.locator("#create")).to_be_enabled()
    page.click("#create")
    page.wait_for_url(re.compile(r"/t/"))
    page.wait_for_function("document.body.dataset.seq !== undefined")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.locator("#game")).to_have_text("Corazones — Dama negra")
    play_until_tricks(page, 2)
    # The table at rest: the player's turn (or the game's end), the last trick held no more.
    page.wait_for_function(
        "document.querySelector('.trick-area.finished') === null && ("
        "document.querySelector('#hand .card.legal, #choice-confirm') !== null || "
        "document.body.dataset.status === 'finished')",
        timeout=30000,
    )
    log = page.locator("#side .log .entry").all_inner_texts()
    assert len(log) > 10 and any(line.startswith("Ronda 1") for line in log), log
    assert page.locator("#board .fact").count() > 0  # the facts, in the family's words
    page.screenshot(path=SHOT, full_page=True)
    texts: list[Any] = page.evaluate(TEXTS)
    assert len(texts) > 40, texts
    for expected in ("Jugadas", "Puntuación", "Última baza", "Barajado justo", "Reglas"):
        assert expected in texts, (expected, texts)
    found = english_in(texts)
    assert not found, "English on the Spanish table:\n" + "\n".join(
        f"{text!r} is {english!r}" for text, english in found
    )
    assert not errors, errors
    # And back: the switch keeps the player at the table (their seat's key in the address).
    at = page.url
    with page.expect_navigation():
        page.click("a[data-lang=en]")
    page.wait_for_function("document.documentElement.lang === 'en'")
    page.wait_for_function("document.body.dataset.seq !== undefined")
    assert page.url == at
    expect(page.locator("#game")).to_have_text("Hearts — Black Lady")
    expect(page.locator("#leave-btn")).to_be_visible()  # still seated, not watching
    context.close()
