"""The table as a player meets it, in Debian's Chromium: a whole one-deal game of every family
played by clicking, with the finished trick left on the felt, the deal's summary, the winner
named, and every element inside the viewport from a phone (390 px) to a desktop (1280 px).

Screenshots of each family at both widths are written to ``HOYLE_SCREENSHOTS`` (default
``artifacts/screenshots``) for review; ``docs/web.md`` shows some of them
(``HOYLE_SCREENSHOTS=docs/images/web`` refreshes those).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from roomkit import Server, choose_and_confirm, server_thread

import hoyle
from hoyle.records import loads, replay

SHOTS = Path(os.environ.get("HOYLE_SCREENSHOTS", "artifacts/screenshots"))

GAMES = [
    ("hearts", "hearts(deals=1)"),
    ("hearts-3", "hearts(deals=1,players=3)"),
    ("seven-up", "all-fours(deals=1)"),
    ("auction-pitch", "all-fours(variant=auction-pitch,deals=1)"),
    ("spite-malice", "spite-malice(deals=1,goal_size=5)"),
    ("ecarte", "ecarte(deals=1)"),
    ("bourre", "bourre(deals=1)"),
]
"""One short game of each family (Hearts at 4 and 3 seats, two All Fours games): seat 0 is
the player, every other seat a random bot."""

WIDTHS = (390, 1280, 1920)


@pytest.fixture(scope="module")
def quick_room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A room whose bots play at once and whose deal summaries wait one second for bots."""
    db = tmp_path_factory.mktemp("room") / "room.sqlite3"
    with server_thread(db, bot_delay=0.02, hint_seconds=0.05, summary_seconds=30) as server:
        yield server


OUTSIDE = """() => {
  const vw = document.documentElement.clientWidth;
  const out = [];
  for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none') continue;
    if (r.left < -1 || r.right > vw + 1) {
      out.push(`${el.tagName.toLowerCase()}.${el.className.baseVal ?? el.className}: ` +
               `${Math.round(r.left)}..${Math.round(r.right)} of ${vw}`);
    }
  }
  return out;
}"""
"""Every visible element that reaches past the left or right edge of the viewport."""

SEATS_INSIDE = """() => {
  const vw = document.documentElement.clientWidth;
  return [...document.querySelectorAll('.seat')].map(s => {
    const r = s.getBoundingClientRect();
    return {seat: s.dataset.seat, left: r.left, right: r.right, vw};
  });
}"""


def check_layout(page: Page, label: str) -> None:
    """No element leaves the viewport; each seat's whole box is inside it."""
    outside = page.evaluate(OUTSIDE)
    assert not outside, f"{label}: outside the viewport: {outside[:8]}"
    for seat in page.evaluate(SEATS_INSIDE):
        assert seat["left"] >= 0 and seat["right"] <= seat["vw"], f"{label}: {seat}"


def shoot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def at_each_width(page: Page, name: str) -> None:
    """Check the layout and take a screenshot at a phone's and a desktop's width."""
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        page.wait_for_timeout(150)
        check_layout(page, f"{name} at {width}")
        shoot(page, f"{name}-{width}")
    page.set_viewport_size({"width": 1280, "height": 900})


WAIT = (
    "document.body.dataset.status === 'finished' || "
    "document.querySelector('#summary[open], #confirm[open]') !== null || "
    "document.querySelector('#hand .card.legal, #actions button, .target.legal, .sm .card.legal') "
    "!== null"
)


def click_a_move(page: Page) -> bool:
    """Play one legal move as a player would: choose the cards to pass or discard then confirm,
    pick a Spite and Malice card then where it goes, or click a legal card or a move button;
    False when there was nothing left to click."""
    if page.locator("#choice-confirm").count():
        choose_and_confirm(page)
    elif page.locator(".felt.sm").count():
        sources = page.locator(".sm .card.legal, #hand .card.legal[data-source]")
        for i in range(sources.count()):
            sources.nth(i).click()
            if page.locator(".target.legal").count():
                page.locator(".target.legal").first.click()
                if page.locator("#actions button.choice").count():  # which of two readings
                    page.locator("#actions button.choice").first.click()
                return True
            sources.nth(i).click()  # no target for this card: put it back
        page.locator("#actions button").first.click()
    elif page.locator("#hand .card.legal").count():
        page.locator("#hand .card.legal").first.click()
    else:  # a button: rather play on than pass or concede, so that the hand is played out
        buttons = page.locator("#actions button")
        keen = page.locator(
            "#actions button:not([data-token=pass]):not([data-token=abandon])"
            ":not([data-token=refuse])"
        )
        if not buttons.count():
            return False  # the move was played for the player meanwhile (its only one)
        (keen if keen.count() else buttons).first.click()
    return True


def play_to_the_end(page: Page, name: str, players: int = 4) -> list[list[str]]:
    """Play seat 0's moves until the game is over; the lines of each deal summary seen."""
    summaries: list[list[str]] = []
    shot_mid = shot_trick = False
    for _ in range(2000):
        page.wait_for_function(WAIT, timeout=30000)
        if page.locator("#confirm[open]").count():
            page.click("#confirm-yes")
            continue
        if page.locator("#summary[open]").count():
            summaries.append(page.locator("#summary .score-lines li").all_inner_texts())
            if page.locator("#summary").get_attribute("data-over") == "true":
                return summaries
            page.click("#summary-close")
            continue
        if page.evaluate("document.body.dataset.status") == "finished":
            # The last trick is held on the felt first, then the game's summary opens.
            page.wait_for_selector("#summary[open]")
            continue
        # The middle of the game: a trick on the felt, or some turns into Spite and Malice.
        middle = page.locator(".in-trick").count() >= min(2, players - 1) > 0 or (
            page.evaluate("document.body.dataset.view") == "piles"
            and int(page.evaluate("document.body.dataset.seq")) > 12
        )
        if not shot_mid and middle:
            at_each_width(page, f"{name}-play")
            shot_mid = True
        seq = page.evaluate("document.body.dataset.seq")
        if not click_a_move(page):
            continue
        held = "false" if shot_trick else "document.querySelector('.trick-area.finished')"
        page.wait_for_function(
            f"document.body.dataset.seq !== '{seq}' || "
            f"document.querySelector('#summary[open], #confirm[open]') !== null || {held}",
            timeout=30000,
        )
        if not shot_trick and page.locator(".trick-area.finished").count():
            shoot(page, f"{name}-trick-1280")  # a finished trick held on the felt
            shot_trick = True
    raise AssertionError(f"{name}: the game did not end in 2000 moves")


def engine_view(room: Server, table_id: str) -> tuple[Any, list[str]]:
    """The finished game replayed by the engine from the table's record, and the seat names."""
    text = room.http.get(f"/api/tables/{table_id}/record").text
    record = loads(text)
    return replay(record), record.seats


@pytest.mark.parametrize(("name", "game"), GAMES, ids=[g[0] for g in GAMES])
def test_a_whole_game_of_every_family_reads_at_a_glance(
    browser: Browser, quick_room: Server, name: str, game: str
) -> None:
    players = hoyle.load(game).num_players
    table = quick_room.create(game, ["human"] + ["random"] * (players - 1))
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(table["seats"][0]["link"])
    page.wait_for_function("document.body.dataset.seq !== undefined")
    summaries = play_to_the_end(page, name, players)
    at_each_width(page, f"{name}-end")

    state, names = engine_view(quick_room, table["id"])
    log = state.log(0, names)
    # The deal's summary shows how the engine scored it, line by line (contract: results).
    scored = [e["text"] for e in log if e["kind"] == "score"]
    assert summaries and summaries[-1] == scored, (summaries, scored)
    # Every finished trick was left whole on the felt, its taker's card marked.
    tricks = [e for e in log if e["kind"] == "trick"]
    shown = page.evaluate("window.hoyleTricks")
    if players > 1 and game.split("(")[0] != "spite-malice":
        assert len(shown) == len(tricks), f"{len(shown)} tricks drawn of {len(tricks)}"
        for drawn, told in zip(shown, tricks, strict=True):
            assert drawn["shown"] == drawn["plays"] == len(told["plays"]), drawn
            assert drawn["winner"] == drawn["marked"] == told["winner"], drawn
    # The winner is named, as the engine says it.
    over = next(e["text"] for e in log if e["kind"] == "game_end")
    expect(page.locator("#summary .winner-line")).to_have_text(over)
    expect(page.locator("#end")).to_contain_text(over)
    # The player's own finished game offers its review, under the table and in the summary.
    review = f"/replay/{table['id']}#review=0"
    expect(page.locator("#end a.review-link")).to_have_attribute("href", review)
    expect(page.locator("#summary a.review-link")).to_have_attribute("href", review)
    assert not errors, errors
    page.context.close()


def test_a_deal_summary_waits_for_the_player_then_the_next_deal_goes_on(
    browser: Browser, quick_room: Server
) -> None:
    # Seven Up for two, two hands: when the first ends, its summary shows how the engine scored
    # it and the table waits for the player (the bots hold the next deal) until they go on.
    table = quick_room.create("all-fours(deals=2)", ["human", "random"])
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.goto(table["seats"][0]["link"])
    page.wait_for_function("document.body.dataset.seq !== undefined")
    for _ in range(200):
        page.wait_for_function(WAIT, timeout=30000)
        if page.locator("#summary[open]").count():
            break
        seq = page.evaluate("document.body.dataset.seq")
        if not click_a_move(page):
            continue
        page.wait_for_function(
            f"document.body.dataset.seq !== '{seq}' || "
            "document.querySelector('#summary[open]') !== null",
            timeout=30000,
        )
    expect(page.locator("#summary h2")).to_have_text("Deal 1 is over")
    first = page.locator("#summary .score-lines li").all_inner_texts()
    expect(page.locator("#summary .countdown")).to_contain_text("next deal in")
    with quick_room.client(table["id"]) as watcher:
        paused = watcher.next_state()
        assert paused["pause"] is not None and paused["pause"]["waiting"] == [0]
        held = paused["seq"]
        before = page.evaluate("document.body.dataset.seq")
        page.wait_for_timeout(800)  # the bots hold the next deal meanwhile
        assert page.evaluate("document.body.dataset.seq") == before
        page.click("#summary-close")
        going = watcher.next_state()
        while going["pause"] is not None:
            going = watcher.next_state()
        assert going["seq"] >= held
    # The game goes on to its end; the first summary's lines are the engine's for that hand.
    play_to_the_end(page, "seven-up-two-hands", 2)
    state, names = engine_view(quick_room, table["id"])
    log = state.log(0, names)
    end = next(i for i, e in enumerate(log) if e["kind"] == "deal_end")
    lines = []
    for e in log[end + 1 :]:
        if e["kind"] != "score":
            break
        lines.append(e["text"])
    assert first == lines
    page.context.close()
