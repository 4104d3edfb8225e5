"""The browser client in headless Chromium: play by clicking, two players, refusals, reload."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from roomkit import Server, choose_and_confirm

import hoyle
from hoyle.core.narrate import pretty

NO_PASS = "hearts(deals=1,pass_cycle=hold)"
"""One deal of Black Lady without the pass, so play starts at once."""


MANUAL = "localStorage.setItem('hoyle:auto', 'off'); localStorage.setItem('hoyle:trick-ms', '0')"
"""A page script that turns off the playing of forced moves, so every move is a click, and the
pause on each finished trick (a person's setting; the tests of the held trick keep it), so the
game goes at the clicks' pace."""


def open_seat(browser: Browser, room: Server, table: dict[str, Any], seat: int) -> Page:
    """A new browser (own storage) at ``seat``'s invite link, every move played by hand."""
    page = browser.new_context(viewport={"width": 900, "height": 800}).new_page()
    page.add_init_script(MANUAL)
    page.goto(table["seats"][seat]["link"])
    page.wait_for_function("document.body.dataset.seq !== undefined")
    return page


def hand_of(page: Page) -> list[str]:
    """The card tokens drawn in the page's hand."""
    tokens: list[str] = page.eval_on_selector_all(
        "#hand .card", "cards => cards.map(c => c.dataset.token)"
    )
    return tokens


def play_one(page: Page) -> None:
    """Click the first highlighted card (or action button) and wait for the table to move;
    cards to choose (a pass, Écarté's exchange) are chosen until the confirm button takes
    them, then confirmed."""
    seq = page.evaluate("document.body.dataset.seq")
    if page.locator("#choice-confirm").count():
        choose_and_confirm(page)
    else:
        page.locator("#hand .card.legal, #actions button").first.click()
    if page.locator("#confirm[open]").count():  # conceding asks first
        page.click("#confirm-yes")
    page.wait_for_function(f"document.body.dataset.seq !== '{seq}'")


def my_turn_or_end(page: Page) -> bool:
    """Wait until this seat may act (True) or the game is over (False); a deal's summary met
    on the way is dismissed, as a player does."""
    while True:
        page.wait_for_function(
            "document.body.dataset.status === 'finished' || "
            "document.querySelector('#summary[open]') !== null || "
            "document.querySelector('#hand .card.legal, #actions button') !== null",
            timeout=20000,
        )
        if page.evaluate("document.body.dataset.status") == "finished":
            return False
        if not page.locator("#summary[open]").count():
            return True
        page.click("#summary-close")


FULL_GAMES = [
    (name, options)
    for name, options in (("hearts", "deals=1"), ("ecarte", "deals=1"))
    if name in hoyle.families()
]
"""Short games played to the end by clicking, for each of these families that is registered."""


@pytest.mark.parametrize(("family", "options"), FULL_GAMES)
def test_a_whole_game_is_played_by_clicking(
    browser: Browser, room: Server, family: str, options: str
) -> None:
    page = browser.new_context().new_page()
    page.add_init_script(MANUAL)
    page.goto(room.url + "/")
    page.wait_for_selector("#seat-1")
    page.select_option("#family", family)
    page.fill("#name", "Ann")
    page.fill("#options", options)
    seats = hoyle.load(family).num_players
    for seat in range(1, seats):
        page.select_option(f"#seat-{seat}", "bot:random")
    page.click("#create")
    page.wait_for_url("**/t/**")
    clicks = 0
    while my_turn_or_end(page):
        play_one(page)
        clicks += 1
    if family == "hearts":
        # Black Lady, one deal: the three cards passed at once, then thirteen played.
        assert clicks == 14
    # The end names the winner (or the tie) in the engine's words, in the summary and below.
    winner = page.locator("#summary .winner-line").inner_text()
    assert winner.strip()
    expect(page.locator("#end .result")).to_have_text(winner)
    expect(page.locator("#end a[download]")).to_be_visible()
    page.context.close()


def test_two_browsers_at_one_table_each_see_only_their_own_hand(
    browser: Browser, room: Server
) -> None:
    # Ann creates the table in the lobby with a friend's seat and passes on its invite link.
    ann = browser.new_context(viewport={"width": 900, "height": 800}).new_page()
    ann.add_init_script(MANUAL)
    ann.goto(room.url + "/")
    ann.wait_for_selector("#seat-3")
    ann.fill("#name", "Ann")
    ann.fill("#options", "deals=1, pass_cycle=hold")
    ann.select_option("#seat-1", "bot:random")
    ann.select_option("#seat-2", "friend")
    ann.select_option("#seat-3", "bot:random")
    ann.click("#create")
    ann.wait_for_function("document.body.dataset.seq !== undefined")
    link = ann.locator("#invites input.invite").input_value()
    assert "#key=" in link
    bob = browser.new_context(viewport={"width": 900, "height": 800}).new_page()
    bob.add_init_script(MANUAL)
    bob.goto(link)
    bob.wait_for_function("document.body.dataset.seq !== undefined")
    expect(ann.locator("#invites")).to_contain_text("(here)")  # Ann sees her friend arrive
    ann_hand, bob_hand = hand_of(ann), hand_of(bob)
    assert len(ann_hand) == len(bob_hand) == 13
    assert not set(ann_hand) & set(bob_hand)
    # No card of the other's hand is drawn anywhere on either page.
    for page, other in ((ann, bob_hand), (bob, ann_hand)):
        drawn = page.eval_on_selector_all("[data-token]", "els => els.map(e => e.dataset.token)")
        assert not set(drawn) & set(other)
    # Whoever is to act can ask for a hint: a search bot's move among the legal ones.
    for page in (ann, bob):
        if page.locator("#hand .card.legal").count():
            page.click("#hint-btn")
            expect(page.locator("#message.hint")).to_contain_text("Hint")
    ann.context.close()
    bob.context.close()


def test_an_illegal_click_is_refused_with_the_engines_reason(
    browser: Browser, room: Server
) -> None:
    table = room.create(NO_PASS, ["human", "random", "random", "random"])
    page = open_seat(browser, room, table, 0)
    while my_turn_or_end(page):
        dim = page.locator("#hand .card.dim")
        if dim.count():
            seq = page.evaluate("document.body.dataset.seq")
            token = dim.first.get_attribute("data-token")
            dim.first.click()
            # The engine's own words: seat 0 cannot play it, and why.
            # In the screen's words: the card as drawn (9♥), not the engine's token.
            expect(page.locator("#message.refused")).to_contain_text("cannot play")
            expect(page.locator("#message.refused")).to_contain_text(
                re.compile(f"{re.escape(token)}|{re.escape(pretty(token))}")
            )
            assert page.evaluate("document.body.dataset.seq") == seq
            assert token in hand_of(page)
            break
        play_one(page)
    else:
        raise AssertionError("every card was always legal: no illegal click was tried")
    page.context.close()


def test_a_reload_resumes_the_game(browser: Browser, room: Server) -> None:
    table = room.create(NO_PASS, ["human", "random", "random", "random"])
    page = open_seat(browser, room, table, 0)
    for _ in range(3):
        assert my_turn_or_end(page)
        play_one(page)
    assert my_turn_or_end(page)
    before_seq, before_hand = page.evaluate("document.body.dataset.seq"), hand_of(page)
    page.reload()
    page.wait_for_function("document.body.dataset.seq !== undefined")
    assert page.evaluate("document.body.dataset.seq") == before_seq
    assert hand_of(page) == before_hand
    assert len(before_hand) == 10  # three of thirteen played
    # And the game goes on from there, played from the keyboard this time.
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.body.dataset.seq !== '{before_seq}'")
    assert len(hand_of(page)) == 9
    page.click(".rules summary")  # the rules in force, from the engine's own words
    expect(page.locator(".rules")).to_contain_text("Hearts")
    page.context.close()


def test_a_player_names_their_seat(browser: Browser, room: Server) -> None:
    table = room.create(NO_PASS, ["human", "random", "human", "random"])
    page = open_seat(browser, room, table, 2)
    page.fill("#my-name input", "Bob, the 2nd")
    page.press("#my-name input", "Enter")
    # Every player sees the new name (a comma would break the record's Seats tag: dropped).
    expect(page.locator(".felt .seat.you")).to_contain_text("Bob the 2nd")
    with room.client(table["id"]) as ws:
        assert ws.next_state()["seats"][2]["name"] == "Bob the 2nd"
    page.context.close()
