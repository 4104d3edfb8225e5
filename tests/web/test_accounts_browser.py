"""Accounts in headless Chromium: register, log out and in, create a rated table against bots and
play it to the end, find the game on the profile with its replay and the player's rating, and the
player on the family's leaderboard; a guest's invite link needs no account; the pages in
Spanish."""

from __future__ import annotations

import time

from playwright.sync_api import Browser, expect
from roomkit import QUICK_HEARTS, Server
from test_browser import MANUAL, my_turn_or_end, play_one

PASSWORD = "a long enough password"


def test_a_player_registers_plays_and_finds_the_game_on_their_profile(
    browser: Browser, room: Server
) -> None:
    page = browser.new_context().new_page()
    page.add_init_script(MANUAL)
    page.goto(room.url + "/register")
    page.fill("#register-name", "Olga")
    page.fill("#register-password", PASSWORD)
    page.click("#register")
    page.wait_for_url(room.url + "/")
    expect(page.locator("#account #me")).to_have_text("Olga")
    expect(page.locator("#name")).to_have_value("Olga")  # the seat will be hers, by name
    cookie = next(c for c in page.context.cookies() if c["name"] == "hoyle_session")
    assert cookie["httpOnly"] and cookie["sameSite"] == "Lax"
    assert page.evaluate("document.cookie") == ""  # no script can read the session

    # Log out and in again.
    page.click("#logout")
    expect(page.locator("#account #login-link")).to_be_visible()
    page.click("#login-link")
    page.fill("#login-name", "olga")
    page.fill("#login-password", "not the password")
    page.click("#login")
    expect(page.locator("#login-error")).to_have_text("wrong name or password")
    page.fill("#login-password", PASSWORD)
    page.click("#login")
    page.wait_for_url(room.url + "/")
    expect(page.locator("#account #me")).to_have_text("Olga")

    # The leaderboard, linked from the lobby: the bots' levels, placed, and no Olga yet.
    page.click("#leaderboards li[data-family=hearts] a")
    page.wait_for_url(room.url + "/leaderboard/hearts")
    page.wait_for_function("document.body.dataset.ready === 'yes'")
    expect(page.locator("#board tbody tr[data-name='bot:expert']")).to_be_visible()
    expect(page.locator("#board tbody tr[data-name='Olga']")).to_have_count(0)
    page.click("a.home")

    # A rated table against bots, one deal of Black Lady, played to its end by clicking.
    page.wait_for_selector("#seat-3")
    expect(page.locator("#rated")).to_be_checked()  # rated unless the host says otherwise
    page.fill("#options", "deals=1")
    for seat in (1, 2, 3):
        page.select_option(f"#seat-{seat}", "bot:random")
    page.click("#create")
    page.wait_for_url("**/t/**")
    table = page.url.split("/t/")[1].split("#")[0]
    # Her seat's name links to her profile, in a new tab (the game goes on in this one); the
    # bots' names are plain.
    mine = page.locator(".seat.you .name a.profile-link")
    expect(mine).to_have_attribute("href", "/players/Olga")
    expect(mine).to_have_attribute("target", "_blank")
    expect(page.locator(".seat:not(.you) .name a")).to_have_count(0)
    while my_turn_or_end(page):
        play_one(page)
    record = room.http.get(f"/api/tables/{table}/record").text
    assert '[Seats "Olga, ' in record
    deadline = time.monotonic() + 20  # the room rates the game just after its end
    while room.room.store.settled(table) != "rated":
        assert time.monotonic() < deadline
        time.sleep(0.05)

    # The profile lists the game with its replay. (The game's summary opens at its end: read,
    # and closed.)
    page.wait_for_selector("#summary[open]")
    page.click("#summary-close")
    page.click("a.home")
    page.click("#account #me")
    page.wait_for_url(room.url + "/players/Olga")
    page.wait_for_function("document.body.dataset.ready === 'yes'")
    expect(page.locator("#player-name")).to_have_text("Olga")
    expect(page.locator("#kinds tbody tr[data-family=hearts] td").nth(2)).to_have_text("1")
    rating = room.http.get("/api/players/Olga").json()["ratings"][0]["rating"]
    expect(page.locator("#ratings li[data-family=hearts]")).to_contain_text(
        f"Hearts: {rating}, place 1 of 1 players"
    )
    game = page.locator(f"#recent li[data-table='{table}']")
    expect(game).to_contain_text("Olga")
    expect(page.locator("#private")).to_be_visible()  # her own page: her sessions too
    expect(page.locator("#sessions")).to_contain_text("this browser")
    expect(page.locator("#browsers")).to_have_text("You are logged in on 1 browser.")
    expect(page.locator("#logout-everywhere")).to_be_visible()
    page.screenshot(path="/tmp/hoyle-profile.png", full_page=True)
    # The leaderboard, from the profile: Olga is on it now, with her rating.
    page.click("#ratings a.leaderboard-link")
    page.wait_for_url(room.url + "/leaderboard/hearts")
    page.wait_for_function("document.body.dataset.ready === 'yes'")
    row = page.locator("#board tbody tr[data-name='Olga']")
    expect(row.locator("td").nth(2)).to_have_text(str(rating))
    expect(row.locator("td").nth(3)).to_have_text("1")
    page.screenshot(path="/tmp/hoyle-leaderboard.png", full_page=True)
    page.go_back()
    page.wait_for_function("document.body.dataset.ready === 'yes'")
    game.locator("a.replay-link").click()
    page.wait_for_url(f"**/replay/{table}")

    # Another visitor sees the profile but not her sessions; in Spanish.
    other = browser.new_context(locale="es-ES").new_page()
    other.goto(room.url + "/players/Olga")
    other.wait_for_function("document.body.dataset.ready === 'yes'")
    expect(other.locator("#recent li")).to_have_count(1)
    expect(other.locator("#private")).to_be_hidden()
    expect(other.locator("#ratings")).to_contain_text(
        f"Corazones: {rating}, puesto 1 de 1 jugadores"
    )
    other.click("#ratings a.leaderboard-link")
    other.wait_for_function("document.body.dataset.ready === 'yes'")
    expect(other.locator("#board-title")).to_have_text("Corazones: clasificación")
    expect(other.locator("#board tbody tr[data-name='bot:random'] td").nth(1)).to_have_text(
        "bot: al azar"
    )
    expect(other.locator("#account #login-link")).to_have_text("Entrar")
    other.context.close()
    page.context.close()


def test_a_guests_invite_link_works_with_no_account(browser: Browser, room: Server) -> None:
    table = room.create(QUICK_HEARTS, ["human", "random", "random", "random"])
    page = browser.new_context().new_page()
    page.add_init_script(MANUAL)
    page.goto(table["seats"][0]["link"])
    page.wait_for_function("document.body.dataset.seq !== undefined")
    assert len(page.locator("#hand .card").all()) == 13
    while my_turn_or_end(page):
        play_one(page)
    assert room.http.get(f"/api/tables/{table['id']}/record").status_code == 200
    page.context.close()


def test_a_player_logs_out_everywhere_from_their_profile(browser: Browser, room: Server) -> None:
    # One player in two browsers: ending every session from one ends the other's too.
    pages = []
    for n, name in enumerate(("Pilar", "pilar")):
        page = browser.new_context().new_page()
        page.goto(room.url + ("/register" if n == 0 else "/login"))
        form = "register" if n == 0 else "login"
        page.fill(f"#{form}-name", name)
        page.fill(f"#{form}-password", PASSWORD)
        page.click(f"#{form}")
        page.wait_for_url(room.url + "/")
        pages.append(page)
    first, second = pages
    first.goto(room.url + "/players/Pilar")
    first.wait_for_function("document.body.dataset.ready === 'yes'")
    expect(first.locator("#browsers")).to_have_text("You are logged in on 2 browsers.")
    first.click("#logout-everywhere")
    first.wait_for_url(room.url + "/")
    expect(first.locator("#account #login-link")).to_be_visible()
    second.reload()
    expect(second.locator("#account #login-link")).to_be_visible()
    for page in pages:
        page.context.close()
