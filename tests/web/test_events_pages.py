"""The duplicate events' pages in headless Chromium: the list (/events) with the organiser's
form for a logged-in player, and an event's live page (/events/<id>) played through by bots to
its standings, and a participant's own panel from their private link.

Screenshots go to ``/tmp/hoyle-events-*.png`` (a phone's 390 × 844 and a desktop's 1280 × 800),
to look at; at each size no element reaches past the edge of the window.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect
from roomkit import Server
from test_accounts import PASSWORD, as_player, register
from test_events_server import next_game, until

from hoyle.web.accounts import COOKIE

# The pages need the room's events (the backend); until it is there, nothing here can run.
pytest.importorskip("hoyle.web.duplicates")

SIZES = [(390, 844), (1280, 800)]
"""A phone's viewport and a desktop's."""
BOTS = [{"kind": "bot", "level": "random"}] * 4
"""A table of Hearts played by bots alone (they play at once in the test room)."""
WIDE = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
"""How far the page reaches past the right edge of the window (0: it fits)."""


@pytest.fixture(scope="module")
def organiser(room: Server) -> Iterator[httpx.Client]:
    """A logged-in player's client, sending the room's Origin as its pages do."""
    with as_player(room, register(room, "Irma")) as client:
        yield client


def organise(client: httpx.Client, tables: list[list[dict[str, Any]]], boards: int = 2) -> Any:
    """An event of one-deal Hearts organised through the API: its reply (id, url, places)."""
    body = {"name": "Friday", "game": "hearts(deals=1)", "boards": boards, "tables": tables}
    reply = client.post("/api/events", json={**body, "scoring": "difference"})
    assert reply.status_code == 201, reply.text
    return reply.json()


def shots(page: Page, name: str) -> None:
    """A full-page screenshot at each size; none of them wider than its window."""
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(150)
        assert page.evaluate(WIDE) <= 0, f"{name} at {width} px reaches past the window"
        page.screenshot(path=f"/tmp/hoyle-events-{name}-{width}.png", full_page=True)


def test_the_list_shows_the_events_and_asks_a_guest_to_log_in(
    browser: Browser, room: Server, organiser: httpx.Client
) -> None:
    made = organise(organiser, [BOTS, BOTS])
    page = browser.new_context().new_page()
    page.goto(room.url + "/events")
    page.wait_for_function("document.body.dataset.events === 'ready'")
    item = page.locator(f"#events li[data-id='{made['id']}']")
    expect(item.locator("a")).to_have_attribute("href", made["url"])
    expect(item).to_contain_text("Friday")
    expect(item).to_contain_text("organised by Irma")
    expect(page.locator("#new-event")).to_be_hidden()  # a guest organises nothing
    expect(page.locator("#organise-login a[href='/login']")).to_be_visible()
    shots(page, "list")
    page.context.close()


def register_on_the_events_page(page: Page, room: Server, name: str) -> None:
    """``name`` registers in ``page``'s browser, which then shows the events page, logged in."""
    page.goto(room.url + "/events")
    reply = page.context.request.post(
        room.url + "/api/register", data={"name": name, "password": PASSWORD}
    )
    assert reply.status == 201, reply.text()
    page.reload()
    page.wait_for_function("document.body.dataset.events === 'ready'")


def open_event(page: Page, url: str) -> Page:
    """``page`` showing the event page at ``url`` (a person's link, or the event's own),
    drawn."""
    page.goto(url)
    page.wait_for_function("document.body.dataset.event === 'ready'")
    return page


def test_a_player_organises_a_bots_event_with_the_form(browser: Browser, room: Server) -> None:
    page = browser.new_context().new_page()
    register_on_the_events_page(page, room, "Olga")
    expect(page.locator("#new-event")).to_be_visible()
    # The organiser's own place comes first, under her name; here bots play every place.
    expect(page.locator("#place-0-0")).to_have_value("human")
    expect(page.locator("#place-0-0-name")).to_have_value("Olga")
    page.fill("#event-name", "Bots at work")
    page.fill("#options", "deals=1")
    page.fill("#boards", "2")
    page.select_option("#tables", "2")
    page.select_option("#rotation", "boards")
    expect(page.locator("#rotation-note")).to_contain_text("alike")
    expect(page.locator("select.place-kind")).to_have_count(8)
    for place in page.locator("select.place-kind").all():
        place.select_option("bot:random")
    expect(page.locator("input.place-name:visible")).to_have_count(0)
    page.wait_for_function("!document.getElementById('organise-button').disabled")
    shots(page, "form")
    page.click("#organise-button")
    expect(page.locator("#created")).to_be_visible()
    expect(page.locator("#places li.note")).to_contain_text("no link to send")
    expect(page.locator("#new-event")).to_be_hidden()
    page.click("#event-link")
    page.wait_for_url("**/events/*")
    page.wait_for_function("document.body.dataset.event === 'ready'")
    expect(page.locator("#event-title")).to_have_text("Bots at work")
    expect(page.locator("#event-about")).to_contain_text("seats turned at every table alike")
    event_id = page.url.rsplit("/", 1)[1]
    assert room.http.get(f"/api/events/{event_id}").json()["rotation"] == "boards"

    # A refusal is the room's reason, in an alert: a person needs a name the room accepts.
    page.goto(room.url + "/events")
    page.wait_for_function("document.body.dataset.events === 'ready'")
    page.fill("#place-0-0-name", "bot:sly")
    page.wait_for_function("!document.getElementById('organise-button').disabled")
    page.click("#organise-button")
    alert = page.locator("#organise-error[role=alert]")
    expect(alert).to_be_visible()
    expect(alert).to_contain_text("bot:")
    page.context.close()


def test_a_bots_event_plays_to_its_standings(
    browser: Browser, room: Server, organiser: httpx.Client
) -> None:
    made = organise(organiser, [BOTS, BOTS])
    page = open_event(browser.new_context().new_page(), room.url + made["url"])
    page.wait_for_function("document.body.dataset.status === 'finished'", timeout=90_000)
    ev = room.http.get(f"/api/events/{made['id']}").json()
    rows = page.locator("#standings tbody tr")
    expect(rows).to_have_count(len(ev["participants"]))
    for p in ev["participants"]:
        expect(page.locator(f"#standings tr[data-name='{p['name']}']")).to_contain_text(p["label"])
    expect(page.locator("#tables li")).to_have_count(2)
    expect(page.locator("#tables")).to_contain_text("every board played")
    expect(page.locator("#boards details.event-board")).to_have_count(2)
    expect(page.locator("#boards a.replay-link")).to_have_count(4)  # two tables, two boards
    first = ev["games"][0]
    expect(page.locator(f"#boards a[href='/replay/{first['table_id']}']")).to_have_count(1)
    expect(page.locator("#records")).to_be_visible()
    href = page.get_attribute("#records-link", "href")
    assert href == f"/api/events/{made['id']}/records.zip"
    records = page.context.request.get(room.url + href)
    assert records.status == 200 and records.body()[:2] == b"PK"  # a zip of the records
    shots(page, "finished")
    page.context.close()


def test_a_boards_replay_shows_every_tables_game_of_it(
    browser: Browser, room: Server, organiser: httpx.Client
) -> None:
    # The duplicate comparison beside a replay: the same cards at every table, who held each
    # seat's, their result and board score; the other tables' games a click away.
    made = organise(organiser, [BOTS, BOTS, BOTS], boards=1)
    ev = until(room, made["id"], lambda v: v["status"] == "finished")
    here = ev["games"][1]
    page = browser.new_context().new_page()
    page.goto(room.url + here["replay"])
    page.wait_for_function("document.body.dataset.replay === 'ready'")
    box = page.locator("#traveller")
    expect(box).to_be_visible()
    expect(box.locator("h2")).to_have_text("Board 1 at every table")
    expect(box.locator("thead th")).to_have_count(4)  # the seat, then three tables
    expect(box.locator("thead th.here")).to_have_text("Table 2")  # this game's, not a link
    others = {g["table"]: g for g in ev["games"]}
    for t in (0, 2):
        expect(box.locator(f"thead a[href='{others[t]['replay']}']")).to_have_text(f"Table {t + 1}")
    expect(box.locator("tbody tr")).to_have_count(4)
    for seat in range(4):
        row = box.locator("tbody tr").nth(seat)
        for t in range(3):
            cell = row.locator("td").nth(t)
            expect(cell).to_have_attribute("data-name", others[t]["seats"][seat])
    shots(page, "traveller")
    page.context.close()


def test_a_participants_link_shows_their_place_and_next_game(
    browser: Browser, room: Server, organiser: httpx.Client
) -> None:
    ana = [{"kind": "human", "name": "Ana"}, *BOTS[1:]]
    made = organise(organiser, [ana, BOTS], boards=3)
    [place] = made["places"]
    page = open_event(browser.new_context().new_page(), place["link"])
    expect(page.locator("body")).to_have_attribute("data-status", "running")
    expect(page.locator("#my-place .who")).to_have_text("You are Ana, table 1")
    expect(page.locator("#my-place .next")).to_contain_text("Your next game: board 1")
    play = page.locator("#my-place a#play")
    table_id = next_game(room, made["id"], place["key"])["next"]["table_id"]
    expect(play).to_have_attribute("href", f"/t/{table_id}#key={place['key']}")
    expect(page.locator("#tables li[data-table='0'] .you")).to_have_text("Ana")
    expect(page.locator("#standings")).to_be_hidden()  # no board is complete: nothing compared
    shots(page, "participant")
    # A link whose key is nobody's says so.
    open_event(page, room.url + made["url"] + "#key=nobodys")
    expect(page.locator("#event-error[role=alert]")).to_be_visible()
    expect(page.locator("#my-place")).to_be_hidden()
    page.context.close()


def test_the_organiser_gives_a_lost_link_again(
    browser: Browser, room: Server, organiser: httpx.Client
) -> None:
    # The room keeps no link it could show again: the organiser gives a new one, and the old
    # one holds nothing from then on. Nobody else sees the people's links.
    dee = [{"kind": "human", "name": "Dee"}, *BOTS[1:]]
    made = organise(organiser, [dee, BOTS], boards=1)
    [old] = made["places"]
    page = open_event(browser.new_context().new_page(), old["link"])  # Dee: no people's links
    expect(page.locator("#people")).to_be_hidden()
    page.context.close()
    context = browser.new_context()
    token = organiser.headers["cookie"].partition("=")[2]
    context.add_cookies([{"name": COOKIE, "value": token, "url": room.url}])
    page = open_event(context.new_page(), room.url + made["url"])
    person = page.locator("#people-list li[data-name='Dee']")
    expect(person).to_contain_text("Dee, table 1")
    person.locator("button.renew").click()
    field = person.locator("input.link")
    expect(field).to_have_value(re.compile(rf"/events/{made['id']}#key=[\w-]+$"))
    fresh = field.input_value().rsplit("#key=", 1)[1]
    place = f"/api/events/{made['id']}/place"
    assert room.http.post(place, json={"key": old["key"]}).status_code == 404
    assert room.http.post(place, json={"key": fresh}).json()["participant"] == "Dee"
    shots(page, "organiser")
    page.context.close()
