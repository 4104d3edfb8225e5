"""A whole duplicate event in headless Chromium, as a club runs one: the organiser logs in and
fills the form for 4 tables and 8 boards of Black Lady, one deal a board, with two people
(Ana at table 1, Ben at table 3) and bots at every other place; Ana and Ben, each in a browser
of their own, open their private links, play each board at its table and come back to the
event for the next; the event's page then shows the final table.

What the rules of duplicate play require of it (docs/club.md, hoyle.club.events): each person
plays every board once, at the seat the rotation gives (table ``t`` plays board ``b`` moved on
``(t + b) mod 4`` seats, so a person at place 0 holds seat ``(t + b) mod 4``); the final
table lists the 16 participants, each scored over the 8 boards, and with ``difference``
scoring the totals add up to 0; the page's table is the API's.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from roomkit import Server, choose_and_confirm, server_thread
from test_events_pages import register_on_the_events_page

SHOTS = Path("/tmp")
BOARDS = 8
TABLES = 4
PEOPLE = {"Ana": 0, "Ben": 2}
"""Each person and the table (from 0) where they hold the first place."""


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A room whose stand-ins wait long: Ana and Ben play every move of theirs."""
    db = tmp_path_factory.mktemp("event") / "room.sqlite3"
    with server_thread(db, grace=600.0, turn_timeout=600.0) as server:
        yield server


def organise(page: Page, room: Server) -> tuple[str, dict[str, str]]:
    """Log in as Olga, fill the form, organise; the event's page and each person's link."""
    register_on_the_events_page(page, room, "Olga")
    page.fill("#event-name", "Club night")
    page.fill("#options", "deals=1")
    page.fill("#boards", str(BOARDS))
    page.select_option("#tables", str(TABLES))
    expect(page.locator("select.place-kind")).to_have_count(TABLES * 4)
    for place in page.locator("select.place-kind").all():
        place.select_option("bot:random")
    for name, table in PEOPLE.items():
        page.select_option(f"#place-{table}-0", "human")
        page.fill(f"#place-{table}-0-name", name)
    page.wait_for_function("!document.getElementById('organise-button').disabled")
    page.click("#organise-button")
    expect(page.locator("#created")).to_be_visible()
    links = {}
    for name in PEOPLE:
        link = page.locator(f"#places li[data-name='{name}'] input.link").input_value()
        assert re.fullmatch(rf"{re.escape(room.url)}/events/[\w-]+#key=[\w-]+", link), link
        links[name] = link
    page.screenshot(path=str(SHOTS / "hoyle-event-links.png"), full_page=True)
    return str(page.get_attribute("#event-link", "href")), links


def quick_page(browser: Browser) -> Page:
    """A page whose table holds no finished trick on the felt (a person's setting): the
    event's 16 games are played by their moves, not by the pauses between tricks."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script("localStorage.setItem('hoyle:trick-ms', '0')")
    return context.new_page()


class Person:
    """One person's browser going through the event: the event page, then a board's table."""

    def __init__(self, page: Page, name: str, link: str) -> None:
        self.page, self.name, self.link = page, name, link
        self.tables: list[str] = []
        """The tables played at, in order."""
        self.at_table = False
        self.seq = ""
        self.done = False

    def step(self) -> None:
        """Do the one thing there is to do now, if any (never waits long)."""
        if self.done:
            return
        if not self.at_table:
            self.page.goto(self.link)
            self.page.wait_for_function("document.body.dataset.event === 'ready'")
            play = self.page.locator("#play")
            if not play.count():
                # Between two boards the next table is being made: "not ready yet", ask again.
                if "played all your boards" in self.page.locator(".next.done").inner_text():
                    self.done = True
                return
            href = str(play.get_attribute("href"))
            table = href.split("/t/")[1].split("#")[0]
            assert table not in self.tables, "the event sent a person to a table played"
            play.click()
            self.page.wait_for_function("document.body.dataset.seq !== undefined")
            self.tables.append(table)
            self.at_table = True
            return
        page = self.page
        if page.locator("#summary[open]").count():  # the game's summary: the board is over
            if page.locator("#summary").get_attribute("data-over") == "true":
                self.at_table = False
                return
            page.click("#summary-close")
            return
        seq = str(page.evaluate("document.body.dataset.seq"))
        if seq == self.seq:
            return  # the move made is not back yet
        if page.locator("#choice-confirm").count():
            choose_and_confirm(page)
            self.seq = seq
        elif page.locator("#hand .card.legal").count():
            page.locator("#hand .card.legal").first.click()
            self.seq = seq


def test_two_people_and_bots_play_a_four_table_eight_board_event(
    browser: Browser, room: Server
) -> None:
    organiser = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    url, links = organise(organiser, room)
    event_id = url.rsplit("/", 1)[1]
    people = [Person(quick_page(browser), n, link) for n, link in links.items()]
    deadline = time.monotonic() + 600
    while not all(p.done for p in people):
        assert time.monotonic() < deadline, [(p.name, len(p.tables)) for p in people]
        for person in people:
            person.step()
        time.sleep(0.02)
    # Each played every board once, at the seat the rotation gives.
    ev: dict[str, Any] = room.http.get(f"/api/events/{event_id}").json()
    for person in people:
        t = PEOPLE[person.name]
        assert len(person.tables) == BOARDS
        mine = sorted((g for g in ev["games"] if g["table"] == t), key=lambda g: g["board"])
        assert [g["table_id"] for g in mine] == person.tables
        assert [g["seats"].index(person.name) for g in mine] == [(t + b) % 4 for b in range(BOARDS)]
    # The final table, on the organiser's screen.
    organiser.goto(room.url + url)
    organiser.wait_for_function("document.body.dataset.status === 'finished'", timeout=60_000)
    ev = room.http.get(f"/api/events/{event_id}").json()
    assert ev["complete"] == list(range(BOARDS))
    lines = ev["score"]["table"]
    assert len(lines) == TABLES * 4 and all(line["boards"] == BOARDS for line in lines)
    assert abs(sum(line["total"] for line in lines)) < 1e-9
    rows = organiser.locator("#standings tbody tr")
    expect(rows).to_have_count(TABLES * 4)
    for line in lines:
        row = organiser.locator(f"#standings tr[data-name='{line['participant']}']")
        total = round(line["total"], 2)  # as the page writes it: signed, and 0 (even -0.004) bare
        expect(row).to_contain_text(f"{total:+.2f}" if total else "0.00")
    for name in PEOPLE:
        expect(organiser.locator(f"#standings tr[data-name='{name}']")).to_contain_text(name)
    expect(organiser.locator("#boards details.event-board")).to_have_count(BOARDS)
    organiser.screenshot(path=str(SHOTS / "hoyle-event-final.png"), full_page=True)
