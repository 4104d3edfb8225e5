"""The lobby: the API its form reads (each variant's table sizes, the options checked before a
table is made, tables listed by title) and the page in headless Chromium (Debian's chromium,
see conftest.py): the Players box follows the variant, tables are made from each variant's own
defaults, and no error shows until there is one."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, expect
from roomkit import Server, server_thread

import hoyle
from hoyle.web.limits import Limits

DEFAULTS = [
    # family, variant, its title in the list, its own table size, the sizes it allows
    ("bourre", "standard", "Standard", 7, [2, 3, 4, 5, 6, 7, 8]),
    ("hearts", "black-maria", "Black Maria", 3, [3, 4, 5, 6]),
    ("all-fours", "trinidad", "Trinidad", 4, [2, 4]),
]


def variant_of(games: list[dict[str, Any]], family: str, name: str) -> dict[str, Any]:
    fam = next(g for g in games if g["name"] == family)
    found: dict[str, Any] = next(v for v in fam["variants"] if v["name"] == name)
    return found


# ------------------------------------------------------------------ the API


def test_each_variant_says_which_table_sizes_it_allows(room: Server) -> None:
    games = room.http.get("/api/games").json()
    for family, name, title, default, sizes in DEFAULTS:
        v = variant_of(games, family, name)
        assert (v["title"], v["default_players"], v["players"]) == (title, default, sizes)
    # A preset that is another family's game under an old name is listed with that family.
    ecarte = next(g for g in games if g["name"] == "ecarte")
    assert "bourre" not in [v["name"] for v in ecarte["variants"]]


def test_the_form_is_checked_before_a_table_is_made(room: Server) -> None:
    def check(**body: Any) -> tuple[bool, dict[str, Any]]:
        reply = room.http.post("/api/check", json=body)
        assert reply.status_code == 200, reply.text
        found: dict[str, Any] = reply.json()
        return found["ok"], found

    ok, found = check(game="hearts", variant="black-maria", options="deals=1")
    assert ok
    assert (found["title"], found["chosen"], found["players"]) == (
        "Hearts — Black Maria",
        3,
        [3, 4, 5, 6],
    )
    assert "random" in found["levels"] and found["game"] == "hearts(variant=black-maria,deals=1)"
    # The engine's own reasons: a bad value, text that is no option, a refused combination.
    ok, found = check(game="hearts", options="deals=abc")
    assert not ok and "bad value 'abc'" in found["reason"]
    ok, found = check(game="hearts", options="deals")
    assert not ok and "name=value" in found["reason"]
    ok, found = check(game="all-fours", variant="trinidad", options="players=3")
    assert not ok and "2 or 4 players" in found["reason"]
    ok, found = check(game="all-fours", variant="trinidad", options="players=3", players=4)
    assert not ok and "once" in found["reason"]
    # Options that need other table sizes than the game's own offer those.
    ok, found = check(game="hearts", options="packs=2, pass_cycle=hold, first_lead=eldest_any")
    assert ok and found["players"] == [6, 7, 8, 9, 10, 11] and found["chosen"] == 6
    # Where no size loads, the reason at the usual size and the one behind it.
    ok, found = check(game="hearts", options="packs=2")
    assert not ok and "pass_cycle=hold" in found["reason"]


def test_tables_are_listed_by_title(room: Server) -> None:
    reply = room.http.post(
        "/api/tables",
        json={
            "game": "hearts",
            "variant": "black-maria",
            "options": "deals=1",
            "players": 3,
            "seats": [{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}],
        },
    )
    assert reply.status_code == 200, reply.text
    made = reply.json()
    assert made["title"] == "Hearts — Black Maria"
    live = {t["id"]: t for t in room.http.get("/api/tables").json()}
    assert live[made["id"]]["title"] == "Hearts — Black Maria"
    bots = room.create("all_fours(deals=1,variant=california-jack)", ["random", "random"])
    for _ in range(200):
        finished = {t["id"]: t for t in room.http.get("/api/history").json()}
        if bots["id"] in finished:
            break
        time.sleep(0.05)
    assert finished[bots["id"]]["title"] == "All Fours — California Jack"


# ------------------------------------------------------------------ the page


def open_lobby(browser: Browser, room: Server) -> Page:
    page = browser.new_context(viewport={"width": 900, "height": 900}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.errors = errors  # type: ignore[attr-defined]
    page.goto(room.url + "/")
    page.wait_for_function("document.body.dataset.lobby === 'ready'")
    return page


def players_offered(page: Page) -> list[int]:
    values: list[str] = page.eval_on_selector_all("#players option", "os => os.map(o => o.value)")
    return [int(v) for v in values]


def test_tables_are_made_from_each_variants_own_defaults(browser: Browser, room: Server) -> None:
    for family, name, title, default, sizes in DEFAULTS:
        page = open_lobby(browser, room)
        expect(page.locator("#create-error")).to_have_count(0)  # no error bar without an error
        page.select_option("#family", family)
        page.select_option("#variant", name)
        # The variant's titles are listed, and the Players box offers its sizes, its own first.
        assert page.locator("#variant option:checked").inner_text() == title
        assert players_offered(page) == sizes
        expect(page.locator("#players")).to_have_value(str(default))
        expect(page.locator("#seats select")).to_have_count(default)
        expect(page.locator("#create")).to_be_enabled()
        expect(page.locator("#options-error")).to_be_hidden()
        expect(page.locator("#create-error")).to_have_count(0)
        assert page.errors == []  # type: ignore[attr-defined]
        page.click("#create")
        page.wait_for_url("**/t/**")
        table_id = page.url.split("/t/")[1].split("#")[0]
        live = {t["id"]: t for t in room.http.get("/api/tables").json()}
        game = hoyle.load(family, variant=name)
        assert live[table_id]["title"] == game.title
        assert len(live[table_id]["seats"]) == default
        page.context.close()
    # The lobby lists the tables by their titles.
    page = open_lobby(browser, room)
    for family, name, *_ in DEFAULTS:
        expect(page.locator("#live")).to_contain_text(hoyle.load(family, variant=name).title)
    page.context.close()


def test_the_players_box_follows_the_variant_and_errors_show_only_when_there_is_one(
    browser: Browser, room: Server
) -> None:
    page = open_lobby(browser, room)
    page.select_option("#family", "hearts")
    assert players_offered(page) == [3, 4, 5, 6]
    page.select_option("#seats select >> nth=2", "friend")
    page.select_option("#variant", "partnership")
    assert players_offered(page) == [4]
    expect(page.locator("#players")).to_be_disabled()  # one size: nothing to choose
    expect(page.locator("#seat-2")).to_have_value("friend")  # the other choices are kept
    page.select_option("#variant", "cancellation")
    assert players_offered(page) == [6, 7, 8, 9, 10, 11]
    expect(page.locator("#players")).to_have_value("8")
    expect(page.locator("#seats select")).to_have_count(8)
    page.select_option("#players", "6")
    expect(page.locator("#seats select")).to_have_count(6)
    # Options the engine refuses: its reason under the field, and no table can be asked for.
    page.select_option("#variant", "black-lady")
    page.fill("#options", "deals=abc")
    expect(page.locator("#options-error")).to_contain_text("bad value 'abc'")
    expect(page.locator("#create")).to_be_disabled()
    expect(page.locator("#create-error")).to_have_count(0)
    # Options that change the table sizes change the box.
    page.fill("#options", "packs=2, pass_cycle=hold, first_lead=eldest_any")
    expect(page.locator("#options-error")).to_be_hidden()
    expect(page.locator("#players")).to_have_value("6")
    assert players_offered(page) == [6, 7, 8, 9, 10, 11]
    page.fill("#options", "players=5")
    expect(page.locator("#players")).to_have_value("5")  # written in the options: it decides
    page.fill("#options", "deals=1")
    expect(page.locator("#create")).to_be_enabled()
    # An error from the server when the table is made: the bar appears, with its reason.
    page.route(
        "**/api/tables",
        lambda route: (
            route.fulfill(status=400, json={"detail": "the room is closing"})
            if route.request.method == "POST"
            else route.continue_()
        ),
    )
    page.click("#create")
    expect(page.locator("#create-error")).to_have_text("the room is closing")
    expect(page.locator("#create-error")).to_be_visible()
    page.fill("#options", "deals=2")  # changing the form takes the old error away
    expect(page.locator("#create-error")).to_have_count(0)
    # No script error; the one failure the console reports is the refusal made up above.
    assert all("400" in e for e in page.errors), page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_a_public_rooms_limits_are_shown_and_only_its_bot_levels_offered(
    browser: Browser, tmp_path: Path
) -> None:
    limits = Limits(tables_per_client=1, levels=("random", "easy"))
    with server_thread(tmp_path / "room.sqlite3", limits) as public:
        page = open_lobby(browser, public)
        expect(page.locator("#room-limits")).to_contain_text("1 table at a time per visitor")
        expect(page.locator("#room-limits")).to_contain_text("bots random, easy")
        offered = page.eval_on_selector_all("#seats option", "os => os.map(o => o.value)")
        assert {v for v in offered if v.startswith("bot:")} == {"bot:random", "bot:easy"}
        page.click("#create")
        page.wait_for_url("**/t/**")
        # A second table from the same visitor is refused with the limit, in the form.
        page.goto(public.url + "/")
        page.wait_for_function("document.body.dataset.lobby === 'ready'")
        page.click("#create")
        expect(page.locator("#create-error")).to_contain_text("--tables-per-client 1")
        assert page.url.endswith("/")
        page.context.close()
