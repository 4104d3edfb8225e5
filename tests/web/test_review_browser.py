""" "Review my game" in headless Chromium: a finished table's replay reviews one seat (a
few simulations a decision, to be quick), lists its moves with their costs, marks the
mistakes under the slider, and a click on one shows the position before it; a reload shows
the kept review at once; a running review is cancelled; the panel fits a phone and a desktop
(screenshots in /tmp, to look at)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from roomkit import QUICK_HEARTS, Server, server_thread
from test_replay_browser import OUTSIDE

from hoyle import records
from hoyle.agents.review import review

SHOTS = Path("/tmp")
SIMULATIONS = 8
"""The room's review budget here: a few simulations a decision, to be quick."""


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A card room whose reviews search 8 simulations a decision."""
    db: Path = tmp_path_factory.mktemp("review") / "room.sqlite3"
    with server_thread(db, hint_seconds=0.05) as server:
        server.app.state.reviews.simulations = SIMULATIONS
        yield server


def finish(room: Server) -> str:
    table = str(room.create(QUICK_HEARTS, ["random"] * 4)["id"])
    deadline = time.monotonic() + 30
    while room.http.get(f"/api/tables/{table}/record").status_code != 200:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)
    return table


def finish_with_a_mistake(room: Server) -> str:
    """A finished table whose seat 1 the room's review will fault at least once.

    A random player's deal reviewed with 8 simulations a decision has no cost above the
    noise about one time in twenty (every move valued alike); the review is seeded, so the
    same review run here tells which tables the room's will fault.
    """
    for _ in range(10):
        table = finish(room)
        text = room.http.get(f"/api/tables/{table}/record").text
        if review(records.loads(text), 1, "expert", simulations=SIMULATIONS).mistakes():
            return table
    raise AssertionError("ten random games in a row reviewed with no mistake at all")


def shoot(page: Page, name: str) -> None:
    page.screenshot(path=str(SHOTS / f"hoyle-review-{name}.png"), full_page=True)


def test_a_seat_is_reviewed_and_a_mistake_shown(browser: Browser, room: Server) -> None:
    table = finish_with_a_mistake(room)
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    # The game's end offers "Review my game" as /replay/<table>#review=<seat>.
    page.goto(f"{room.url}/replay/{table}#review=1")
    page.wait_for_function("document.body.dataset.replay === 'ready'")
    expect(page.locator("#review")).to_be_visible()
    expect(page.locator("#review-seat")).to_have_value("1")
    expect(page.locator("#review-level")).to_have_value("expert")
    page.click("#review-start")
    page.wait_for_selector("#review[data-state='done']", timeout=60_000)
    review: dict[str, Any] = room.http.get(f"/api/tables/{table}/reviews/1").json()["review"]
    decisions = review["decisions"]
    rows = page.locator("#review .review-row")
    expect(rows).to_have_count(len(decisions))
    # A row names the move played and what it cost.
    first = decisions[0]
    cells = rows.nth(0).locator("td")
    expect(cells.nth(0)).to_have_text(first["where"])  # the label 1.3 in words: deal 1, trick 3
    expect(cells.nth(3)).to_have_text(f"{first['cost']:.2f}" if first["cost"] > 0 else "0")
    expect(page.locator(".review-total")).to_contain_text(f"{review['total']:.2f}")
    mistakes = [d for d in decisions if d["mistake"]]
    assert mistakes, "a random bot's game reviewed with no mistake at all"
    expect(page.locator("#review .review-row.mistake")).to_have_count(len(mistakes))
    expect(page.locator("#slider-marks .slider-mark")).to_have_count(len(mistakes))
    expect(page.locator(".review-costliest li")).to_have_count(min(3, len(mistakes)))
    shoot(page, "1280")

    # A mistake's tick under the slider shows the position before that move.
    last = mistakes[-1]
    page.locator(f"#slider-marks .slider-mark[data-index='{last['index']}']").click()
    page.wait_for_function(f"document.body.dataset.index === '{last['index']}'")
    expect(page.locator(f"#review .review-row[data-index='{last['index']}']")).to_have_class(
        "review-row mistake here"
    )
    # As do the costliest moves and the rows of the list.
    costliest = review["costliest"][0]
    page.locator(f".review-costliest button[data-index='{costliest}']").click()
    page.wait_for_function(f"document.body.dataset.index === '{costliest}'")
    page.locator(f"#review .review-row[data-index='{first['index']}']").click()
    page.wait_for_function(f"document.body.dataset.index === '{first['index']}'")
    assert "review=1" in page.url

    # A second visit shows the kept review at once.
    page.reload()
    page.wait_for_selector("#review[data-state='done']")
    expect(rows).to_have_count(len(decisions))
    page.wait_for_function(f"document.body.dataset.index === '{first['index']}'")
    assert not errors, errors
    page.context.close()

    # On a phone the panel fits the width.
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    page.goto(f"{room.url}/replay/{table}#review=1")
    page.wait_for_selector("#review[data-state='done']")
    page.wait_for_timeout(150)
    outside = page.evaluate(OUTSIDE)
    assert not outside, outside[:8]
    shoot(page, "390")
    page.context.close()


def test_a_review_is_cancelled_and_a_seat_chosen(browser: Browser, room: Server) -> None:
    table = finish(room)
    reviews = room.app.state.reviews
    reviews.simulations = 5000  # slow enough to be caught running
    try:
        page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        page.goto(f"{room.url}/replay/{table}")
        page.wait_for_function("document.body.dataset.replay === 'ready'")
        expect(page.locator("#review-start")).to_be_disabled()  # no seat chosen yet
        page.select_option("#review-seat", "2")
        page.select_option("#review-level", "hard")
        page.click("#review-start")
        expect(page.locator("#review-count")).to_contain_text(" of ", timeout=30_000)
        shoot(page, "running")
        page.click("#review-cancel")
        page.wait_for_selector("#review[data-state='cancelled']", timeout=30_000)
        expect(page.locator("#review-progress")).to_contain_text("Cancelled after")
        expect(page.locator("#review-start")).to_be_enabled()
        page.context.close()
    finally:
        reviews.simulations = 8


def test_a_spectator_is_not_offered_a_review_of_their_game(browser: Browser, room: Server) -> None:
    table = finish(room)
    page = browser.new_context().new_page()
    page.goto(f"{room.url}/t/{table}#watch")
    page.wait_for_function("document.body.dataset.status === 'finished'")
    expect(page.locator("#summary a.replay-link")).to_have_text("Replay this game")
    expect(page.locator("#summary a.review-link")).to_have_count(0)
    expect(page.locator("#end a.replay-link")).to_have_count(1)
    expect(page.locator("#end a.review-link")).to_have_count(0)  # nor under the table
    page.context.close()
