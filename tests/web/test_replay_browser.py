"""The replay viewer in headless Chromium: a finished table opened from the lobby's history,
stepped through by key and button, a seat's view, an uploaded record, and the layout at a
phone's and a desktop's width (screenshots in /tmp, to look at)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from roomkit import QUICK_HEARTS, Server

from hoyle.records import loads
from hoyle.records.timeline import Timeline

SHOTS = Path("/tmp")
"""Where the viewer's screenshots go (hoyle-replay-*.png)."""

OUTSIDE = """() => {
  const vw = document.documentElement.clientWidth;
  const out = [];
  for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    const shown = style.visibility !== 'hidden' && style.display !== 'none';
    if (!r.width || !r.height || !shown) continue;
    if (r.left < -1 || r.right > vw + 1) out.push(`${el.tagName} ${el.id} ${r.left}..${r.right}`);
  }
  return out;
}"""
"""Every visible element that reaches past the left or right edge of the viewport."""


@pytest.fixture(scope="module")
def finished(room: Server) -> tuple[str, str]:
    """A one-deal Hearts table played to the end by random bots: its id and record."""
    table = room.create(QUICK_HEARTS, ["random"] * 4)["id"]
    deadline = time.monotonic() + 30
    while (reply := room.http.get(f"/api/tables/{table}/record")).status_code != 200:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)
    return str(table), reply.text


def at(page: Page, label: str) -> None:
    """Wait until the viewer shows a position labelled ``label``."""
    page.wait_for_function(f"document.body.dataset.label === {label!r}")


def felt_cards(page: Page) -> list[str]:
    """The cards on the felt's trick area."""
    cards: list[str] = page.eval_on_selector_all(
        ".trick-area .in-trick", "cards => cards.map(c => c.dataset.token)"
    )
    return cards


def test_a_finished_game_is_stepped_through_from_the_lobby(
    browser: Browser, room: Server, finished: tuple[str, str]
) -> None:
    table, record = finished
    line = Timeline(loads(record))
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(room.url + "/")
    page.click(f"#history a.replay-link[href='/replay/{table}']")
    page.wait_for_url(f"**/replay/{table}*")
    at(page, "1.pass")  # the cards dealt, the pass to make
    expect(page.locator("#game")).to_have_text("Hearts — Black Lady")
    assert felt_cards(page) == []

    # Down three tricks: the pass, trick 1, trick 2, then the start of the third, where the
    # second trick stays on the felt with its taker marked, as the table held it.
    for _ in range(3):
        page.keyboard.press("ArrowDown")
    at(page, "1.3")
    expect(page.locator("#position")).to_have_text("deal 1, trick 3")
    index = int(page.evaluate("document.body.dataset.index"))
    trick = [e for e in line.view(index).log if e["kind"] == "trick"][-1]
    assert sorted(felt_cards(page)) == sorted(p["card"] for p in trick["plays"])
    winner = page.locator(".trick-area .in-trick.winner")
    expect(winner).to_have_attribute("data-seat", str(trick["winner"]))
    expect(page.locator(".trick-caption")).to_have_text(trick["text"])

    # One move on: the third trick's lead alone on the felt, its player named.
    page.keyboard.press("ArrowRight")
    page.wait_for_function(f"document.body.dataset.index === '{index + 1}'")
    lead = line.steps[index + 1]
    assert felt_cards(page) == [lead.token]
    expect(page.locator("#move .actor")).to_have_text(line.names[lead.actor])  # type: ignore[index]
    # And back: a move, then a trick (to the start of the second).
    page.keyboard.press("ArrowLeft")
    page.wait_for_function(f"document.body.dataset.index === '{index}'")
    assert len(felt_cards(page)) == 4
    page.keyboard.press("ArrowUp")
    at(page, "1.2")
    page.click("#next-trick")
    at(page, "1.3")
    assert "#i=" in page.url  # the position is in the address, to reload or share

    # As seat 2 saw it: only its own cards face up, the others' backs.
    page.select_option("#seat-view", "2")
    page.wait_for_function("document.body.dataset.seat === '2'")
    sizes = line.view(index, 2).observation["hand_sizes"]
    for seat in range(4):
        row = page.locator(f".replay-hand[data-seat='{seat}']")
        face_up = row.locator(".card:not(.back)")
        if seat == 2:
            expect(face_up).to_have_count(sizes[2])
            expect(row.locator(".card.back")).to_have_count(0)
        else:
            expect(face_up).to_have_count(0)
            expect(row.locator(".card.back")).to_have_count(sizes[seat])
    shoot(page, "seat")
    page.select_option("#seat-view", "all")
    page.wait_for_function("document.body.dataset.seat === 'all'")
    expect(page.locator(".replay-hands .card.back")).to_have_count(0)
    shoot(page, "trick")

    # The end: the game's summary in the page, the next buttons done.
    page.keyboard.press("End")
    at(page, "end")
    expect(page.locator("#summary .winner-line")).to_be_visible()
    expect(page.locator("#next-move")).to_be_disabled()
    page.keyboard.press("Home")
    at(page, "1.pass")
    assert not errors, errors
    page.context.close()


def test_a_finished_table_offers_its_replay(
    browser: Browser, room: Server, finished: tuple[str, str]
) -> None:
    table, _ = finished
    page = browser.new_context().new_page()
    page.goto(f"{room.url}/t/{table}#watch")
    page.wait_for_function("document.body.dataset.status === 'finished'")
    expect(page.locator("#end a.replay-link")).to_have_attribute("href", f"/replay/{table}")
    expect(page.locator("#summary a.replay-link")).to_have_text("Replay this game")
    page.context.close()


def test_an_uploaded_record_opens_the_viewer_and_a_bad_one_says_its_line(
    browser: Browser, room: Server, finished: tuple[str, str]
) -> None:
    _, record = finished
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.goto(room.url + "/")
    page.wait_for_selector("body[data-lobby=ready]")  # the file input listens from then
    game = {"name": "game.hrec", "mimeType": "text/plain", "buffer": record.encode()}
    page.set_input_files("#replay-file", files=[game])
    page.wait_for_url("**/replay/u/**")
    at(page, "1.pass")
    expect(page.locator("#status")).to_have_text("Replay of an uploaded record")
    page.keyboard.press("ArrowDown")
    at(page, "1.1")
    # A record broken at its trick 2 line: the page says which line and why.
    lines = record.splitlines()
    broken = next(i for i, text in enumerate(lines) if text.startswith("1.2 "))
    lines[broken] = lines[broken].replace(lines[broken].split()[1], "ZZ", 1)
    bad = {"name": "bad.hrec", "mimeType": "text/plain", "buffer": "\n".join(lines).encode()}
    page.set_input_files("#upload", files=[bad])
    expect(page.locator("#message.refused")).to_contain_text(f"line {broken + 1}:")
    expect(page.locator("#message")).to_contain_text("bad.hrec")
    page.context.close()


def test_the_viewer_fits_a_phone_and_a_desktop(
    browser: Browser, room: Server, finished: tuple[str, str]
) -> None:
    table, _ = finished
    for width in (390, 1280):
        page = browser.new_context(viewport={"width": width, "height": 844}).new_page()
        page.goto(f"{room.url}/replay/{table}")
        at(page, "1.pass")
        for _ in range(3):
            page.click("#next-trick")
        at(page, "1.3")
        page.wait_for_timeout(150)
        outside = page.evaluate(OUTSIDE)
        assert not outside, f"at {width}: {outside[:8]}"
        shoot(page, f"{width}")
        page.context.close()


def shoot(page: Page, name: str) -> None:
    """A whole-page screenshot, /tmp/hoyle-replay-NAME.png."""
    page.screenshot(path=str(SHOTS / f"hoyle-replay-{name}.png"), full_page=True)
