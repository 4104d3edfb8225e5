"""What the full-screen table shows a player, played by key presses with Textual's Pilot: the
deal summary (how a deal was scored, the totals, at the end the winner and ranking) and the key
that dismisses it, the log wrapped at 80 columns, red hearts and diamonds, refusals in the
screen's words and cleared by the next move, forced moves played for the player (or not),
partners marked, the facts panel, the last trick, the hints, the rules page scrolled by keys.

Every expectation comes from the engine: the seat's observation (``results``, ``scores``,
``winner``, ``ranking``), its log (``score``, ``trick``, ``game_end``, ``final`` events) and its
facts (docs/contract.md); the screen decides nothing.
"""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Callable, Coroutine
from types import SimpleNamespace
from typing import Any

import pytest
from rich.color import Color
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Static

import hoyle
from hoyle.cli import rules_lines
from hoyle.core.narrate import Fact
from hoyle.core.protocol import State
from hoyle.tui import panels
from hoyle.tui.render import card_label
from hoyle.tui.textual_app import (
    RED,
    HoyleApp,
    LogPanel,
    RulesScreen,
    SummaryScreen,
    TextScreen,
)

SIZE = (110, 36)
NARROW = (80, 24)
"""The smallest terminal the table is made for."""

RED_COLOR = Color.parse(RED)


def sync(scenario: Callable[[], Coroutine[Any, Any, None]]) -> Callable[[], None]:
    """A test that runs the ``async`` scenario to its end (no asyncio plugin needed)."""

    def test() -> None:
        asyncio.run(scenario())

    test.__doc__ = scenario.__doc__
    return test


def make_app(spec: str, seed: int, **options: Any) -> HoyleApp:
    """Seat 0 against seeded ``easy`` players, no delay, seeded chance; ``app_*`` options go
    to the app (``app_auto_forced=False``), the others to the game."""
    app_options = {k[4:]: v for k, v in options.items() if k.startswith("app_")}
    game = hoyle.load(spec, **{k: v for k, v in options.items() if not k.startswith("app_")})
    agents = {s: hoyle.agent("easy", game, seed=seed + s) for s in range(1, game.num_players)}
    app_options.setdefault("rules", rules_lines(game))
    return HoyleApp(
        game.new_initial_state(seed=seed), 0, agents, rng=random.Random(seed), **app_options
    )


async def play_until(
    app: HoyleApp, pilot: Pilot[Any], done: Callable[[], bool], limit: int = 400
) -> None:
    """Press Enter (the move under the cursor, or dismiss a summary) until ``done()``."""
    for _ in range(limit):
        if done():
            return
        await pilot.press("enter")
        await pilot.pause()
    raise AssertionError("never reached")


def rendered(widget: Widget) -> list[str]:
    """The lines a widget draws, as text (its border and padding included)."""
    region = Region(0, 0, *widget.outer_size)
    return [strip.text.rstrip() for strip in widget.render_lines(region)]


def colours_of(widget: Widget, text: str) -> list[Color | None]:
    """The colour of every drawn segment of ``widget`` whose text holds ``text``."""
    region = Region(0, 0, *widget.outer_size)
    return [
        segment.style.color if segment.style else None
        for strip in widget.render_lines(region)
        for segment in strip
        if text in segment.text
    ]


def reddish(colour: Color | None) -> bool:
    """A red of some brightness: the card's red, bold or dimmed."""
    if colour is None:
        return False
    red, green, blue = colour.get_truecolor()
    return red > 90 and red > 1.5 * max(green, blue)


def words(text: str) -> str:
    return " ".join(text.split())


def summary_up(app: HoyleApp) -> bool:
    return isinstance(app.screen, SummaryScreen)


# ---------------------------------------------------------------------- the deal summary


@sync
async def test_an_all_fours_deal_ends_on_how_it_was_scored_until_a_key() -> None:
    app = make_app("all-fours", 5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await play_until(app, pilot, lambda: summary_up(app))
        obs = app.state.observation(0)
        result = obs["results"][-1]
        assert result["deal"] == 1
        summary = app.screen.summary  # type: ignore[attr-defined]
        # How the hand scored, as the engine says it: High, Low, Jack and Game with their
        # cards and card points, the turn-up and the begging.
        assert list(summary.scoring) == result["lines"]
        kinds = {line.split(":")[0] for line in result["lines"]}
        assert {"High", "Low", "Jack", "Game"} <= kinds
        text = words("\n".join(rendered(app.screen.query_one("#page-text", Static))))
        for line in result["lines"]:
            assert words(line) in text
        # Each seat's points in the deal and its running total, by the names on the screen.
        for seat, name in enumerate(app.names):
            cells = next(
                m.groups()
                for r in summary.standings
                if (m := re.fullmatch(rf"\s+{re.escape(name)}\s+(-?\d+)\s+(-?\d+)", r))
            )
            assert cells == (str(result["scores"][seat]), str(obs["scores"][seat]))
        # The game waits: no move is made while the summary is up, whatever the keys.
        history = app.state.history()
        await pilot.press("h", "1", "right", "u")
        await pilot.pause()
        assert summary_up(app) and app.state.history() == history
        # A key dismisses it and the game goes on.
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, TextScreen)
        assert app.state.current_player() == 0 and app.state.observation(0)["deal"] == 2
        # And s shows it again, to read once more.
        await pilot.press("s")
        await pilot.pause()
        assert summary_up(app) and app.screen.summary == summary  # type: ignore[attr-defined]
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, TextScreen)


@sync
async def test_the_pitchers_contract_made_or_set_is_in_the_summary() -> None:
    app = make_app("all-fours", 0, variant="auction-pitch", players=4)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await play_until(app, pilot, lambda: summary_up(app))
        lines = app.screen.summary.scoring  # type: ignore[attr-defined]
        assert lines == tuple(app.state.observation(0)["results"][-1]["lines"])
        assert any(line.startswith(("Bid made:", "Set back:")) for line in lines)
        assert any(line.startswith("Bidding:") for line in lines)


@sync
async def test_the_last_summary_names_the_winner_the_ranking_and_the_final_totals() -> None:
    app = make_app("all-fours", 5, deals=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await play_until(app, pilot, lambda: summary_up(app))
        assert app.state.is_terminal()
        obs = app.state.observation(0)
        summary = app.screen.summary  # type: ignore[attr-defined]
        assert summary.over
        # The log's last words: who won, and the final scores.
        ending = [e["text"] for e in app.state.log(0) if e["kind"] in ("game_end", "final")]
        assert list(summary.ending) == ending and ending[-1].startswith("Final scores: ")
        # The seats in the engine's ranking, numbered by place, each with its final total.
        rows = summary.standings[1:]
        ranked = [seat for group in obs["ranking"] for seat in group]
        for row, seat in zip(rows, ranked, strict=False):
            assert app.names[seat] in row and row.split()[-1] == str(obs["scores"][seat])
        winner = app.names[obs["winner"][0]]
        assert rows[0].startswith(f"  1. {winner}")
        assert "Enter or Esc: back to the table" in app.screen.query_one("#page").border_subtitle
        await pilot.press("space")
        await pilot.pause()
        assert not isinstance(app.screen, TextScreen)
        assert app.message_lines[0] == "Game over."


@sync
async def test_without_summaries_the_next_deal_follows_at_once() -> None:
    app = make_app("all-fours", 5, app_summaries=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await play_until(app, pilot, lambda: app.state.observation(0)["deal"] == 2)
        assert not isinstance(app.screen, TextScreen)


# ---------------------------------------------------------------------- the log at 80 columns


@sync
async def test_the_end_of_deal_lines_wrap_at_80_columns_never_cut() -> None:
    app = make_app("all-fours", 0, variant="auction-pitch", players=4)
    async with app.run_test(size=NARROW) as pilot:
        await pilot.pause()
        await play_until(app, pilot, lambda: summary_up(app))
        lines = app.state.observation(0)["results"][-1]["lines"]
        long = [line for line in lines if len(line) > 40]
        assert long, "a result line longer than half the screen"
        # In the log panel: each line wrapped within the panel, every word of it shown.
        log = app.screen_stack[0].query_one("#log", LogPanel)
        assert_wrapped(log, lines)
        # In the summary too, which fits the 80 columns.
        page = app.screen.query_one("#page-text", Static)
        assert app.screen.query_one("#page").region.right <= NARROW[0]
        shown = words("\n".join(rendered(page)))
        for line in long:
            assert words(line) in shown, line
        # Wider or narrower, the log wraps again at its new width.
        for size in ((120, 30), NARROW):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            assert_wrapped(log, lines)


def assert_wrapped(log: LogPanel, lines: list[str]) -> None:
    """Every line of the log panel fits its width, and ``lines`` are all there, word for
    word."""
    width = log.scrollable_content_region.width
    assert width > 10
    assert max(strip.cell_length for strip in log.lines) <= width
    drawn = words("\n".join(strip.text for strip in log.lines))
    for line in lines:
        assert words(line) in drawn, line
    # The lines end where the panel's text does: what is wrapped is never cut.
    assert len(log.lines) > len(log.entries) or max(len(e) for e in log.entries) <= width


def log_colours(log: LogPanel, text: str) -> list[Color | None]:
    """The colour of every segment of the log's lines whose text holds ``text``."""
    return [
        segment.style.color if segment.style else None
        for strip in log.lines
        for segment in strip
        if text in segment.text
    ]


# ---------------------------------------------------------------------- red suits


@sync
async def test_hearts_and_diamonds_are_red_in_the_hand_the_trick_and_the_log() -> None:
    app = make_app("hearts", 3, deals=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await play_until(app, pilot, lambda: app.state.observation(0)["phase"] == "play")
        screen = app.screen_stack[0]
        hand = app.state.observation(0)["hand"]
        red = [card_label(t) for t in hand if t[-1] in "HD"]
        black = [card_label(t) for t in hand if t[-1] in "CS"]
        assert red and black
        for label in red:  # bold or dimmed, a red card is red
            (colour,) = colours_of(screen.query_one("#hand"), label)
            assert reddish(colour), label
        for label in black:
            assert not any(map(reddish, colours_of(screen.query_one("#hand"), label))), label
        await play_until(
            app,
            pilot,
            lambda: any(p["card"][-1] in "HD" for p in app.state.observation(0)["trick"]),
        )
        played = next(p for p in app.state.observation(0)["trick"] if p["card"][-1] in "HD")
        label = card_label(played["card"])
        assert RED_COLOR in colours_of(screen.query_one("#trick"), label)
        log = screen.query_one("#log", LogPanel)
        assert RED_COLOR in log_colours(log, label)
        # The rest of a log line keeps its colour.
        assert all(c != RED_COLOR for c in log_colours(log, "plays"))


# ---------------------------------------------------------------------- refusals


@sync
async def test_a_refusal_in_the_screens_words_is_cleared_by_the_next_legal_move() -> None:
    app = make_app("hearts", 3, deals=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await play_until(app, pilot, lambda: app.state.observation(0)["phase"] == "play")
        legal = {app.state.action_to_string(a) for a in app.state.legal_actions()}
        illegal = next(t for t in app.state.observation(0)["hand"] if t not in legal)
        await pilot.press("t", *illegal.lower(), "enter")
        await pilot.pause()
        (refusal,) = app.message_lines
        assert refusal.startswith("Not allowed: ")
        assert f"you cannot play {card_label(illegal)}" in refusal
        assert "seat 0" not in refusal and illegal not in refusal
        assert "Not allowed" in "\n".join(rendered(app.query_one("#message")))
        await pilot.press("escape", "enter")  # back to the cursor, and a legal move
        await pilot.pause()
        assert not any("Not allowed" in line for line in app.message_lines)
        assert "Not allowed" not in "\n".join(rendered(app.query_one("#message")))


# ---------------------------------------------------------------------- forced moves


def forced_positions(state: State) -> int:
    """How many times seat 0 had exactly one legal move in the game that led to ``state``."""
    replay = state.game.new_initial_state()
    count = 0
    for action in state.history():
        if not replay.is_chance_node() and replay.current_player() == 0:
            count += len(replay.legal_actions()) == 1
        replay.apply_action(action)
    return count


@pytest.mark.parametrize("auto", [True, False])
def test_forced_moves_are_played_for_the_player_only_when_asked(auto: bool) -> None:
    async def scenario() -> None:
        app = make_app("hearts", 3, deals=1, app_auto_forced=auto)
        waited_forced = 0
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            while not app.state.is_terminal():
                assert app.state.current_player() == 0
                waited_forced += len(app.state.legal_actions()) == 1
                await pilot.press("enter")
                await pilot.pause()
            forced = forced_positions(app.state)
            assert forced >= 1  # the last trick's card at least
            notes = [line for line in app.log_lines if line.startswith("Played automatically: ")]
            if auto:
                # The app never waits on a forced move; each is said in the log.
                assert waited_forced == 0 and len(notes) == forced
                assert re.fullmatch(
                    r"Played automatically: \S+ \(your only legal move\)\.", notes[0]
                )
            else:
                assert waited_forced == forced and notes == []

    asyncio.run(scenario())


@sync
async def test_a_forced_move_is_announced_before_it_is_played() -> None:
    app = make_app("hearts", 3, deals=1, app_forced_pause=1.0, app_delay=0.001)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        announced = False
        for _ in range(3000):
            if app.state.is_terminal():
                break
            if any("playing it for you" in line for line in app.message_lines):
                announced = True
                history = len(app.state.history())
                await pilot.pause(0.3)  # still announced, not yet played
                assert len(app.state.history()) == history
                break
            if app.state.current_player() == 0 and not app._busy:
                await pilot.press("enter")
            await pilot.pause(0.01)
        assert announced


# ---------------------------------------------------------------------- partners, facts


@sync
async def test_partners_are_marked() -> None:
    app = make_app("all-fours", 7, players=4, teams=2)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        obs = app.state.observation(0)
        assert panels.teams(obs) == [[0, 2], [1, 3]]
        scores = rendered(app.query_one("#scores"))
        assert any("Seat 2 (partner):" in line for line in scores)
        assert not any("Seat 1 (partner)" in line or "Seat 3 (partner)" in line for line in scores)
        await play_until(app, pilot, lambda: summary_up(app))
        standings = app.screen.summary.standings  # type: ignore[attr-defined]
        assert "  Partners: You and Seat 2; Seat 1 and Seat 3" in standings


@sync
async def test_the_facts_panel_shows_the_seats_facts() -> None:
    app = make_app("all-fours", 5)
    facts = [
        Fact("Trumps", "hearts", ("KH",), "trumps"),
        Fact("Contract", "{1} {1:bids} 3 to pitch", (), "contract"),
    ]
    state_type = type(app.state)
    original = state_type._facts
    state_type._facts = lambda self, seat: facts  # type: ignore[method-assign]
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            panel = app.query_one("#facts")
            assert panel.display
            shown = rendered(panel)
            assert any("Trumps: hearts  K♥" in line for line in shown)
            assert any("Contract: Seat 1 bids 3 to pitch" in line for line in shown)
            assert colours_of(panel, "K♥") == [RED_COLOR]
            state_type._facts = lambda self, seat: []  # type: ignore[method-assign]
            await pilot.press("enter")
            await pilot.pause()
            assert not panel.display  # no facts, no panel
    finally:
        state_type._facts = original  # type: ignore[method-assign]


# ---------------------------------------------------------------------- last trick, hints


@sync
async def test_the_last_trick_is_one_key_away() -> None:
    app = make_app("hearts", 3, deals=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        assert app.message_lines == ["No trick has been finished yet."]
        await play_until(app, pilot, lambda: bool(app.state.observation(0)["tricks"]))
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, TextScreen)
        trick = [e for e in app.state.log(0) if e["kind"] == "trick"][-1]
        shown = rendered(app.screen.query_one("#page-text", Static))
        for play in trick["plays"]:
            name = app.names[play["seat"]]
            assert any(line.split() == [*name.split(), card_label(play["card"])] for line in shown)
        assert any(trick["text"] in line for line in shown)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, TextScreen)


@sync
async def test_the_hint_lists_every_move_by_value_and_says_why_another_is_suggested() -> None:
    def hinter(state: State) -> list[Any]:
        legal = [state.action_to_string(a) for a in state.legal_actions()]
        values = [float(i) for i in range(len(legal))]  # the last move has the highest value
        return [
            SimpleNamespace(
                token=t,
                value=v,
                suggested=i == 0,
                reason="keeps the lead" if i == 0 else None,
            )
            for i, (t, v) in enumerate(zip(legal, values, strict=True))
        ]

    app = make_app("hearts", 3, deals=1, app_hinter=hinter)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("h")
        await pilot.pause()
        legal = [app.state.action_to_string(a) for a in app.state.legal_actions()]
        first, top = card_label(legal[0]), card_label(legal[-1])
        hint, heading, values = app.message_lines
        assert hint == f"Hint: {first} (suggested over {top}: keeps the lead)"
        assert heading == (
            "  Points by the end of the deal (penalty points count negative), higher is better:"
        )
        shown = re.findall(r"(\S+) ([+-]\d+\.\d)( ←)?", values)
        assert [float(v) for _, v, _ in shown] == sorted(
            (float(i) for i in range(len(legal))), reverse=True
        )[:8]
        assert shown[0][0] == top
        assert [card for card, _, mark in shown if mark] == ([first] if len(legal) <= 8 else [])


# ---------------------------------------------------------------------- the rules page


@sync
async def test_the_rules_page_scrolls_by_keys() -> None:
    app = make_app("all-fours", 5)
    async with app.run_test(size=NARROW) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        page = app.screen.query_one("#page")
        assert page.max_scroll_y > 0  # longer than the screen
        await pilot.press("down")
        await pilot.pause()
        assert page.scroll_y == 1
        await pilot.press("pagedown")
        await pilot.pause()
        assert page.scroll_y > 1
        await pilot.press("end")
        await pilot.pause()
        assert page.scroll_y == page.max_scroll_y
        await pilot.press("pageup")
        await pilot.pause()
        assert page.scroll_y < page.max_scroll_y
        await pilot.press("home")
        await pilot.pause()
        assert page.scroll_y == 0
        await pilot.press("r")
        await pilot.pause()
        assert not isinstance(app.screen, TextScreen)
