"""The felt at a phone's width (390 × 844) and a desktop's (1280 × 800), in Debian's Chromium:
on the live table mid-trick and with a finished trick shown, and on the replay page, no seat's
box, trick card or trick caption covers another, and every card of the trick is on the screen.
Also: a game's record downloads as a ``.hrec`` file.

Screenshots go to ``/tmp/hoyle-phone-*.png``, to look at.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from roomkit import QUICK_HEARTS, Server
from test_table_browser import WAIT, click_a_move

SHOTS = Path("/tmp")
"""Where the screenshots go (hoyle-phone-*.png)."""

SIZES = [(390, 844), (1280, 800)]
"""A phone's viewport and a desktop's."""

BOXES = """() => {
  const area = document.querySelector('.trick-area');
  if (area) area.scrollIntoView({block: 'center'});
  const box = (el, what) => {
    const r = el.getBoundingClientRect();
    return {what, left: r.left, right: r.right, top: r.top, bottom: r.bottom};
  };
  return {
    vw: document.documentElement.clientWidth,
    vh: document.documentElement.clientHeight,
    seats: [...document.querySelectorAll('.felt .seat')].map(s => box(s, `seat ${s.dataset.seat}`)),
    cards: [...document.querySelectorAll('.trick-area .in-trick')].map(
      c => box(c, `card ${c.dataset.token}`)),
    captions: [...document.querySelectorAll('.trick-caption')].map(c => box(c, 'caption')),
  };
}"""
"""The felt's boxes in the viewport, the trick scrolled to the middle of the screen first."""


def overlaps(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Whether two boxes share more than a hair (half a pixel) of area."""
    across = min(a["right"], b["right"]) - max(a["left"], b["left"])
    down = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
    return bool(across > 0.5 and down > 0.5)


def check_felt(page: Page, label: str, cards: int, caption: bool) -> None:
    """At each size: ``cards`` trick cards (and the caption when ``caption``) are drawn, no two
    of the seats, cards and caption overlap, and every card is inside the viewport. A
    screenshot of each size goes to /tmp."""
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(150)
        found = page.evaluate(BOXES)
        where = f"{label} at {width}×{height}"
        page.screenshot(path=str(SHOTS / f"hoyle-phone-{label}-{width}.png"))
        assert len(found["cards"]) == cards, where
        assert len(found["captions"]) == (1 if caption else 0), where
        boxes = found["seats"] + found["cards"] + found["captions"]
        for i, a in enumerate(boxes):
            for b in boxes[i + 1 :]:
                assert not overlaps(a, b), f"{where}: {a} overlaps {b}"
        for card in found["cards"]:
            inside = card["left"] >= 0 and card["right"] <= found["vw"]
            assert inside and card["top"] >= 0 and card["bottom"] <= found["vh"], (where, card)
        # Nothing reaches past the page's width (no scrolling sideways on a phone).
        assert page.evaluate("document.documentElement.scrollWidth") <= width, where


def mid_trick(page: Page) -> int:
    """Play seat 0's moves until it is to play to a trick two others have played to or more,
    after at least one finished trick (so that "Last trick" has one to show); how many cards
    lie on the felt."""
    for _ in range(300):
        page.wait_for_function(WAIT, timeout=30000)
        status = page.evaluate("document.body.dataset.status")
        assert status != "finished", "the game ended before seat 0 was third to play"
        waiting = page.locator("#hand .card.legal").count() > 0
        held = page.locator(".trick-area.finished").count() > 0
        taken = page.locator("#side .trick-strip").count() > 0
        cards = page.locator(".in-trick").count()
        if waiting and not held and taken and cards >= 2:
            return cards
        seq = page.evaluate("document.body.dataset.seq")
        if click_a_move(page):
            page.wait_for_function(
                f"document.body.dataset.seq !== '{seq}' || "
                "document.querySelector('#summary[open], #confirm[open]') !== null",
                timeout=30000,
            )
    raise AssertionError("seat 0 was never third to play to a trick")


@pytest.mark.parametrize(("name", "players"), [("hearts", 4), ("hearts-3", 3)])
def test_the_live_table_mid_trick_at_a_phones_and_a_desktops_width(
    browser: Browser, room: Server, name: str, players: int
) -> None:
    game = QUICK_HEARTS if players == 4 else f"hearts(deals=1,players={players})"
    table = room.create(game, ["human"] + ["random"] * (players - 1))
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(table["seats"][0]["link"])
    page.wait_for_function("document.body.dataset.seq !== undefined")
    cards = mid_trick(page)
    check_felt(page, f"{name}-mid", cards, caption=False)
    # The last trick on the felt, its caption under it, until the next key or click.
    page.keyboard.press("l")
    page.wait_for_selector(".trick-area.finished .trick-caption")
    check_felt(page, f"{name}-last", players, caption=True)
    assert not errors
    page.context.close()


@pytest.fixture(scope="module")
def finished(room: Server) -> str:
    """A one-deal Hearts table played to the end by random bots: its id."""
    table = str(room.create(QUICK_HEARTS, ["random"] * 4)["id"])
    deadline = time.monotonic() + 30
    while room.http.get(f"/api/tables/{table}/record").status_code != 200:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)
    return table


def test_the_replay_at_a_phones_and_a_desktops_width(
    browser: Browser, room: Server, finished: str
) -> None:
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{room.url}/replay/{finished}")
    page.wait_for_function("document.body.dataset.label === '1.pass'")
    for _ in range(3):  # the pass, trick 1, trick 2: the second trick held, its taker named
        page.keyboard.press("ArrowDown")
    page.wait_for_function("document.body.dataset.label === '1.3'")
    check_felt(page, "replay-taken", 4, caption=True)
    for _ in range(2):  # two cards into the third trick
        page.keyboard.press("ArrowRight")
    page.wait_for_function("document.querySelectorAll('.trick-area .in-trick').length === 2")
    check_felt(page, "replay-mid", 2, caption=False)
    assert not errors
    page.context.close()


def test_the_record_downloads_as_an_hrec_file(
    browser: Browser, room: Server, finished: str
) -> None:
    reply = room.http.get(f"/api/tables/{finished}/record")
    assert reply.headers["content-disposition"] == f'inline; filename="{finished}.hrec"'
    upload = room.http.post("/api/replays", json={"record": reply.text}).json()["id"]
    again = room.http.get(f"/api/replays/{upload}/record")
    assert again.text == reply.text
    assert again.headers["content-disposition"] == f'inline; filename="{upload}.hrec"'

    # The finished table: the link under the felt and the one in the game's summary.
    page = browser.new_context(accept_downloads=True).new_page()
    page.goto(f"{room.url}/t/{finished}#watch")
    page.wait_for_selector("#summary[open]")
    links = page.locator("a", has_text="Download the record")
    assert links.count() == 2
    for i in range(links.count()):
        assert links.nth(i).get_attribute("download") == f"{finished}.hrec"
    with page.expect_download() as download:
        page.locator("#summary a", has_text="Download the record").click()
    assert download.value.suggested_filename == f"{finished}.hrec"
    assert Path(download.value.path()).read_text() == reply.text
    # The lobby's history and the replay page name the file the same way.
    page.goto(room.url + "/")
    lobby = page.locator(f"#history a[href='/api/tables/{finished}/record']")
    assert lobby.get_attribute("download") == f"{finished}.hrec"
    page.goto(f"{room.url}/replay/{finished}")
    page.wait_for_selector("#record-link:not([hidden])")
    with page.expect_download() as download:
        page.click("#record-link")
    assert download.value.suggested_filename == f"{finished}.hrec"
    page.context.close()
