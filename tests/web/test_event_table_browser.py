"""A game of a duplicate event at its room table, in Chromium: the table page names the event
and the board under its title, and at the game's end it leads the person back to the event's
page (with their key, so that page knows them) instead of offering a rematch: an event's next
board is made by the event. Screenshots: ``/tmp/hoyle-event-table.png`` (the table at the end)
and ``/tmp/hoyle-event-table-summary.png`` (its summary)."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser, expect
from roomkit import Server, server_thread
from test_accounts import as_player, no_cookies, register
from test_browser import MANUAL, my_turn_or_end, play_one

from hoyle.web.accounts import Attempts

BOT = {"kind": "bot", "level": "random"}


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A card room of this module's own; a person's seat waits for them (no stand-in soon)."""
    db = tmp_path_factory.mktemp("event-table") / "room.sqlite3"
    with server_thread(db, grace=600.0) as server:
        server.app.state.accounts.registrations = Attempts(1000, 3600)
        server.http = httpx.Client(base_url=server.url, timeout=30, cookies=no_cookies())
        yield server


def test_an_event_table_names_its_board_and_leads_back_to_the_event(
    browser: Browser, room: Server
) -> None:
    with as_player(room, register(room, "Olga")) as organiser:
        made = organiser.post(
            "/api/events",
            json={
                "name": "Friday",
                "game": "hearts",
                "options": {"deals": 1},
                "boards": 1,
                "scoring": "difference",
                "tables": [[{"kind": "human", "name": "Ana"}, BOT, BOT, BOT], [BOT] * 4],
            },
        )
    assert made.status_code == 201, made.text
    event_id, key = made.json()["id"], made.json()["places"][0]["key"]
    place = room.http.post(f"/api/events/{event_id}/place", json={"key": key})
    assert place.status_code == 200, place.text
    link = place.json()["next"]["link"]

    page = browser.new_context(viewport={"width": 1100, "height": 850}).new_page()
    page.add_init_script(MANUAL)
    page.goto(room.url + link)
    page.wait_for_function("document.body.dataset.seq !== undefined")
    expect(page.locator("#event-line")).to_have_text("Event Friday: board 1 of 1")

    while my_turn_or_end(page):
        play_one(page)

    back = page.locator("#end a.event-link")
    expect(back).to_have_text("Back to the event")
    expect(back).to_have_attribute("href", f"/events/{event_id}#key={key}")
    expect(page.locator("#rematch, #next-game")).to_have_count(0)
    # Nor a record, replay or review: an event's board is hidden until every table has played
    # it, so the event's page gives them, once it is shown.
    hidden = "a.replay-link, a.review-link, a[href$='/record']"
    expect(page.locator(f"#end {hidden}")).to_have_count(0)
    # Nobody may watch a hidden board, and the event names its people: no watch link, no
    # renaming at the table.
    expect(page.locator("#invites input, #my-name input")).to_have_count(0)
    # The deal's summary offers the same way back, and no rematch either.
    summary = page.locator("#summary")
    if not summary.locator("a.event-link").count():
        page.click("#end button:has-text('Final scores')")
    expect(summary.locator("a.event-link")).to_have_attribute(
        "href", f"/events/{event_id}#key={key}"
    )
    expect(summary.locator(hidden)).to_have_count(0)
    page.screenshot(path="/tmp/hoyle-event-table-summary.png")
    page.click("#summary-close")
    page.screenshot(path="/tmp/hoyle-event-table.png", full_page=True)
    back.click()
    page.wait_for_url(f"**/events/{event_id}#key={key}")
    page.context.close()
