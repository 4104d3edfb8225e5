"""The family views in headless Chromium: Spite and Malice played by clicking a source card
then a target, Écarté's proposal, refusal and exchange by clicking, and every family drawn on a
phone-sized screen without a script error."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from roomkit import Client, Server, choose_and_confirm

import hoyle


def open_seat(browser: Browser, table: dict[str, Any], seat: int, width: int = 900) -> Page:
    """A new browser (own storage) at ``seat``'s invite link, with script errors collected."""
    page = browser.new_context(viewport={"width": width, "height": 800}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(table["seats"][seat]["link"])
    page.wait_for_function("document.body.dataset.seq !== undefined")
    page.errors = errors  # type: ignore[attr-defined]
    return page


def seq(page: Page) -> int:
    return int(page.evaluate("document.body.dataset.seq"))


def wait_past(page: Page, before: int) -> None:
    page.wait_for_function(f"Number(document.body.dataset.seq) > {before}")


def wait_turn(page: Page, seat: int) -> None:
    """Until ``seat`` is to act (its legal moves drawn) or the game is over; a deal's summary
    met on the way is read and dismissed, as a player does."""
    while True:
        page.wait_for_function(
            "document.body.dataset.status === 'finished' || "
            "document.querySelector('#summary[open]') !== null || "
            f"(document.body.dataset.toAct === '{seat}' && "
            "document.querySelector('#hand .card.legal, #actions button') !== null)",
            timeout=20000,
        )
        if not page.locator("#summary[open]").count():
            return
        if page.evaluate("document.body.dataset.status") == "finished":
            return
        page.click("#summary-close")


def state_after(watcher: Client, before: int) -> dict[str, Any]:
    """The first state message a watcher gets past ``before``."""
    while True:
        msg = watcher.next_state()
        if msg["seq"] > before:
            return msg


# ------------------------------------------------------------------ Spite and Malice


def test_a_spite_and_malice_turn_is_played_by_clicking_source_then_target(
    browser: Browser, room: Server
) -> None:
    table = room.create("spite_malice", ["human", "random"])  # a match: it will not end here
    page = open_seat(browser, table, 0)
    watcher = room.client(table["id"])
    stacked = on_top = False
    wait_turn(page, 0)
    # A hint outlines the suggested move: its source card, or the pass button.
    page.click("#hint-btn")
    expect(page.locator("#message.hint")).to_contain_text("Hint")
    expect(page.locator(".card.hinted, #actions button.hinted").first).to_be_visible()
    for _turn in range(40):
        wait_turn(page, 0)
        assert page.evaluate("document.body.dataset.status") != "finished"
        if not stacked:
            # Try each playable hand card: a stack lights up when it may go there.
            for i in range(page.locator("#hand .card.legal").count()):
                card = page.locator("#hand .card.legal").nth(i)
                symbol = card.get_attribute("data-symbol")
                card.click()
                assert "selected" in (card.get_attribute("class") or "")
                stack = page.locator(".sm-centre .target.legal")
                if not stack.count():
                    card.click()  # a second click puts it back
                    expect(page.locator(".card.selected")).to_have_count(0)
                    continue
                target = stack.first.get_attribute("data-target")
                before = seq(page)
                stack.first.click()
                if page.locator("#actions button.choice").count():
                    page.locator("#actions button.choice").first.click()
                moved = state_after(watcher, before)["observation"]["moves"]
                # The token sent is the card's rank (a wild names the rank it stands for)
                # from the hand to the stack clicked.
                assert re.fullmatch(rf"{re.escape(symbol or '')}(=\w+)?:hand>{target}", moved[-1])
                stacked = True
                # The page, not only the watcher, past that move: the card read next must be
                # one of the hand drawn after it (the card just played to the stack was read
                # from the old drawing once, and the click then went to the card in its place).
                wait_past(page, before)
                break
            if stacked:
                wait_turn(page, 0)
        # End the turn: a hand card onto one of the seat's own discard piles.
        card = page.locator("#hand .card.legal").first
        symbol = card.get_attribute("data-symbol")
        card.click()
        piles = page.locator(".sm-seat.you .sm-discards .target.legal")
        assert piles.count() >= 1  # own discard piles, and only those, take a discard
        assert page.locator(".sm-seat:not(.you) .target.legal").count() == 0
        before = seq(page)
        tops = page.locator(".sm-seat.you .sm-discards .target.legal .card:last-child")
        if tops.count():  # onto a pile's top card: that click drops, it does not choose the top
            pile = tops.first.evaluate("c => c.parentElement.dataset.pile")
            tops.first.click()
            on_top = True
        else:
            pile = piles.first.get_attribute("data-pile")
            piles.first.click()
        after = state_after(watcher, before)
        assert after["observation"]["moves"] == [] or after["to_act"] != 0  # the turn is over
        # A card of the rank chosen now tops that pile (suits never matter: the token names
        # the rank, and the engine takes a card of it from the hand).
        fan = page.locator(f".sm-seat.you .fan[data-pile='{pile}'] .card").last
        expect(fan).to_have_attribute("data-symbol", symbol or "")
        if stacked and on_top:
            break
    assert stacked, "no hand card could be played to a stack in 40 turns"
    assert on_top, "no discard went onto a pile's top card"
    assert not page.errors  # type: ignore[attr-defined]
    watcher.close()
    page.context.close()
    # A spectator sees both seats' piles and the centre, no hand, and nothing to click.
    spectator = browser.new_context().new_page()
    errors: list[str] = []
    spectator.on("pageerror", lambda exc: errors.append(str(exc)))
    spectator.goto(f"{room.url}/t/{table['id']}#watch")
    spectator.wait_for_function("document.body.dataset.seq !== undefined")
    expect(spectator.locator(".sm-seat")).to_have_count(2)
    expect(spectator.locator(".sm-goal .card")).to_have_count(2)
    assert spectator.locator("#hand .card, .card.legal, .target.legal").count() == 0
    # Nor anything of a player's: no seat to leave, no forced moves to play.
    expect(spectator.locator("#leave-btn")).to_be_hidden()
    expect(spectator.locator("#auto")).to_be_hidden()
    assert not errors
    spectator.context.close()


def test_a_spite_and_malice_move_is_played_with_the_keyboard(
    browser: Browser, room: Server
) -> None:
    """Issue 8 asks for keyboard play in every family's view: the arrows walk the legal moves
    (each named and outlined), Enter plays the one reached."""
    table = room.create("spite_malice", ["human", "random"])
    page = open_seat(browser, table, 0)
    watcher = room.client(table["id"])
    wait_turn(page, 0)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    message = page.locator("#message")
    expect(message).to_contain_text("Move 2 of")
    # The move reached is outlined where it goes (a stack, a discard pile or a button).
    expect(page.locator(".focus").first).to_be_visible()
    page.keyboard.press("ArrowLeft")
    expect(message).to_contain_text("Move 1 of")
    token = (message.text_content() or "").split(": ", 1)[1].split(" (")[0]
    before = seq(page)
    page.keyboard.press("Enter")
    after = state_after(watcher, before)
    assert re.fullmatch(r"\S+:(hand|goal|discard\d)>(stack\d?|discard\d)|pass", token)
    if ">discard" in token or token == "pass":  # a discard (or a pass) ends the turn
        assert after["to_act"] != 0 or after["observation"]["moves"] == []
    else:
        assert after["observation"]["moves"][-1] == token
    assert not page.errors  # type: ignore[attr-defined]
    watcher.close()
    page.context.close()


# ------------------------------------------------------------------ Écarté


def ws_act(ws: Client, token: str, last: list[int]) -> None:
    """The other seat (a WebSocket player) sends ``token`` on its turn."""
    ws.send_json({"type": "act", "token": token})
    last[0] = ws.next_state()["seq"]


def ws_turn(ws: Client, last: list[int]) -> dict[str, Any]:
    """The WebSocket player's next turn (newer than its last action)."""
    while True:
        msg = ws.until_my_turn()
        if msg["seq"] > last[0]:
            return msg


def test_ecarte_proposal_refusal_and_exchange_by_clicking(browser: Browser, room: Server) -> None:
    table = room.create("ecarte", ["human", "human"])
    page = open_seat(browser, table, 0)
    ws = room.client(table["id"], table["seats"][1]["key"])
    last = [-1]
    proposals = 0
    exchanged = refused = False
    while not (exchanged and refused):
        page.wait_for_function("['0', '1'].includes(document.body.dataset.toAct)")
        phase = page.evaluate("document.body.dataset.phase")
        assert phase != "play", "play began before the exchange was tried"
        if page.evaluate("document.body.dataset.toAct") == "1":
            msg = ws_turn(ws, last)
            phase = msg["observation"]["phase"]
            if phase == "packets":
                ws_act(ws, "deal 2-3", last)
            elif phase == "propose":
                proposals += 1
                ws_act(ws, "propose 2" if proposals == 1 else "propose 1", last)
            elif phase == "answer":
                ws_act(ws, "accept" if proposals == 1 else "refuse", last)
                if proposals > 1:
                    page.wait_for_function(f"Number(document.body.dataset.seq) >= {last[0]}")
                    expect(page.locator("#side .log li").last).to_contain_text("refuse")
                    refused = True
            elif phase in ("discard", "exchange"):
                hand = msg["observation"]["hand"]
                ws_act(ws, hand[0], last)
                ws_act(ws, hand[1], last)
                if phase == "exchange":
                    ws_act(ws, "draw", last)
            page.wait_for_function(f"Number(document.body.dataset.seq) >= {last[0]}")
            continue
        wait_turn(page, 0)
        before = seq(page)
        if phase == "packets":
            page.click("#actions button[data-token='deal 2-3']")
            wait_past(page, before)
        elif phase == "propose":
            proposals += 1
            page.click(f"#actions button[data-token='propose {2 if proposals == 1 else 1}']")
            wait_past(page, before)
            expect(page.locator("#side .log li").last).to_contain_text("propose")
        elif phase == "answer":
            # Law 24: the dealer accepts or refuses; the buttons are the engine's tokens.
            expect(page.locator("#actions button")).to_have_text(["accept", "refuse"])
            if proposals == 1:
                page.click("#actions button[data-token='accept']")
                wait_past(page, before)
            else:
                page.click("#actions button[data-token='refuse']")
                wait_past(page, before)
                expect(page.locator("#side .log li").last).to_contain_text("refuse")
                refused = True
        elif phase in ("discard", "exchange"):
            # Choose two cards, then confirm: they go one by one, and the hand is drawn up.
            hand = page.eval_on_selector_all("#hand .card", "cs => cs.map(c => c.dataset.token)")
            confirm = page.locator("#choice-confirm")
            expect(confirm).to_be_disabled()
            chosen = hand[:2]
            for token in chosen:
                page.click(f"#hand .card[data-token='{token}']")
            expect(page.locator("#hand .card.selected")).to_have_count(2)
            if phase == "discard":
                # Elder's proposal named two cards (law 26): a third cannot be chosen.
                page.click(f"#hand .card[data-token='{hand[2]}']")
                expect(page.locator("#hand .card.selected")).to_have_count(2)
                expect(page.locator("#message.refused")).to_contain_text("discard 2 cards")
            expect(confirm).to_contain_text("Discard 2 cards")
            confirm.click()
            taken = page.locator("#board .fact[data-kind=exchange]")
            expect(taken).to_contain_text(re.compile("you 2", re.I))
            page.wait_for_function(
                "document.querySelectorAll('#hand .card').length === 5 && "
                "document.body.dataset.phase !== 'deal'"
            )
            now = page.eval_on_selector_all("#hand .card", "cs => cs.map(c => c.dataset.token)")
            assert not set(chosen) & set(now)
            expect(page.locator(".seat.you .notes")).to_contain_text("took 2")
            exchanged = True
    # Only a first proposal refused makes the dealer vulnerable (law 49): not this one.
    expect(page.locator(".fact[data-kind=vulnerable]")).to_have_count(0)
    # The turn-up, drawn at full size beside the trumps it makes.
    expect(page.locator(".fact[data-kind=trumps] svg.card.card-normal")).to_have_count(1)
    assert not page.errors  # type: ignore[attr-defined]
    ws.close()
    page.context.close()


# ------------------------------------------------------------------ every family on a phone


PHONE_GAMES = [
    *hoyle.families(),
    "ecarte(variant=bourre,players=4)",
    "spite_malice(variant=misery,players=3)",  # two goal piles each, three seats
]


def play_something(page: Page) -> None:
    """One move by clicking: a card or button, or for Spite and Malice a source then a target."""
    before = seq(page)
    source = page.locator(".sm .card.legal, #hand .card.legal[data-source]")
    if page.locator(".felt.sm").count() and source.count():
        for i in range(source.count()):
            source.nth(i).click()
            if page.locator(".target.legal").count():
                page.locator(".target.legal").first.click()
                if page.locator("#actions button.choice").count():
                    page.locator("#actions button.choice").first.click()
                break
            source.nth(i).click()
        else:
            page.locator("#actions button").first.click()
    elif page.locator("#choice-confirm").count():
        choose_and_confirm(page)
    else:
        # Gone already when it was the only move: the room plays it (then the table moves on).
        # Never Écarté's abandon: giving up the hand would end a one-hand game before the
        # screen under test is drawn (it is the first button of some hands).
        moves = page.locator("#hand .card.legal, #actions button:not([data-token=abandon])")
        if moves.count():
            moves.first.click()
    if page.locator("#confirm[open]").count():  # conceding asks first
        page.click("#confirm-yes")
    wait_past(page, before)


@pytest.mark.parametrize("spec", PHONE_GAMES)
def test_every_family_on_a_phone_sized_screen(
    browser: Browser, room: Server, spec: str, tmp_path: Path
) -> None:
    game = hoyle.load(spec)
    table = room.create(spec, ["human"] + ["random"] * (game.num_players - 1))
    page = open_seat(browser, table, 0, width=390)
    for _ in range(4):
        wait_turn(page, 0)
        if page.evaluate("document.body.dataset.status") == "finished":
            break
        play_something(page)
    shot = page.screenshot(path=str(tmp_path / f"{game.family}.png"), full_page=True)
    assert len(shot) > 5000
    # Everything fits the phone's width: nothing to scroll sideways, every seat's whole box in.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.locator(".felt .seat").count() == game.num_players
    boxes = page.eval_on_selector_all(
        ".felt .seat", "ss => ss.map(s => s.getBoundingClientRect()).map(r => [r.left, r.right])"
    )
    assert all(left >= 0 and right <= 390 for left, right in boxes), boxes
    # The side panel is what a player reads: the family's facts and the move log, in words.
    assert page.locator("#side .log li").count() > 0
    expect(page.locator("#board .fact").first).to_be_visible()
    assert page.locator("#side .details").count() == 0  # no raw observation keys
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_french_ecarte_bets_name_the_player_backed(browser: Browser, room: Server) -> None:
    # French Écarté: a bystander backs either player before the game (RULINGS 4.1 french);
    # the tokens are `back <seat>`, the buttons say whom.
    table = room.create("ecarte(variant=french,players=3)", ["human"] * 3)
    with room.client(table["id"]) as watcher:
        msg = watcher.next_state()
        while msg["to_act"] is None:
            msg = watcher.next_state()
    bettor, pair = msg["to_act"], msg["observation"]["pair"]
    assert msg["observation"]["phase"] == "bet" and bettor not in pair
    page = open_seat(browser, table, bettor)
    names = [s["name"] for s in msg["seats"]]
    expect(page.locator("#actions button")).to_have_text(
        [f"back {names[pair[0]]}", f"back {names[pair[1]]}", "no bet"]
    )
    before = seq(page)
    page.click(f"#actions button[data-token='back {pair[0]}']")
    wait_past(page, before)
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()
