"""The full-screen game (``hoyle.tui.textual_app``) driven by key presses and clicks with
Textual's Pilot: whole games to the end, refusals, hints, undo, the rules screen, the deal
summaries, forced moves, and what the screen may show (docs/contract.md: a surface draws only
the seat's ``observation``, ``log``, ``facts`` and results)."""

from __future__ import annotations

import asyncio
import html
import random
import re
import threading
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import pytest
from textual.content import Content
from textual.pilot import Pilot
from textual.widgets import Static

import hoyle
from hoyle import records
from hoyle.cli import main, rules_lines
from hoyle.core.errors import IllegalActionError
from hoyle.core.protocol import State
from hoyle.core.registry import Agent
from hoyle.tui import panels
from hoyle.tui.render import card_label, screen_words
from hoyle.tui.spite_malice import card_moves
from hoyle.tui.textual_app import HoyleApp, RulesScreen, SummaryScreen, TextScreen

SIZE = (110, 36)
"""The terminal size of every test, so the snapshots and the click offsets stay put."""


def sync(scenario: Callable[[], Coroutine[Any, Any, None]]) -> Callable[[], None]:
    """A test that runs the ``async`` scenario to its end (no asyncio plugin needed)."""

    def test() -> None:
        asyncio.run(scenario())

    test.__doc__ = scenario.__doc__
    return test


def cheap_hints(state: State) -> list[hoyle.Hint]:
    """The expert's hint machinery (``hoyle.hint``) on a budget small enough for a test."""
    return hoyle.hint(state, "expert", simulations=8)


def make_app(
    spec: str,
    seed: int,
    bots: str = "easy",
    *,
    auto_forced: bool = False,
    summaries: bool = True,
    **options: Any,
) -> HoyleApp:
    """The app at seat 0 against seeded bots, with no delay and seeded chance; forced moves
    are left to the keys unless asked (each key press then plays one move of the human's)."""
    game = hoyle.load(spec, **options)
    agents = {s: hoyle.agent(bots, game, seed=seed + s) for s in range(1, game.num_players)}
    return HoyleApp(
        game.new_initial_state(seed=seed),
        0,
        agents,
        rng=random.Random(seed),
        hinter=cheap_hints,
        rules=rules_lines(game),
        auto_forced=auto_forced,
        summaries=summaries,
    )


def screen_text(app: HoyleApp) -> str:
    """Every character on the screen now, from the app's own screenshot, and the whole log."""
    svg = app.export_screenshot()
    shown = "".join(html.unescape(t) for t in re.findall(r"<text[^>]*>([^<]*)</text>", svg))
    return shown.replace("\xa0", " ") + "\n" + "\n".join(app.log_lines)


def this_deal_text(app: HoyleApp) -> str:
    """The panels drawn from the observation now, and the log since the current deal began.

    Cards are dealt again each deal, so a card another seat holds now may rightly stand in
    the log of an earlier deal; what the screen says about this deal must not show it.
    """
    panels_text = [
        widget.visual.plain
        for widget in app.screen_stack[0].query(Static)
        if isinstance(widget.visual, Content)
    ]
    log = app.log_lines
    # The log of this deal starts where it begins ("Deal 3: Seat 1 deals."); the last deal's
    # result lines (its High, its Low) come before that.
    starts = [i for i, line in enumerate(log) if re.match(r"Deal \d+(:|\.$)", line)]
    return "\n".join([*panels_text, *log[starts[-1] if starts else 0 :]])


def hidden_labels(app: HoyleApp) -> set[str]:
    """The cards in the other seats' hands that seat 0 has no right to know, as drawn."""
    state = app.state
    obs = state.observation(0)
    known = set(obs.get("passed") or [])  # the cards it passed itself
    # Bourré turns the dealer's last card for trump: it stays in that hand, seen by all.
    known.add(obs.get("turn_up"))
    # Cards cut for the deal go back into the pack: seen by all, they say nothing of a hand.
    known |= {cut["card"] for cut in obs.get("cut") or []}
    # Écarté: the king of trumps is shown when marked (law 23).
    if obs.get("king_marked") and obs.get("trump"):
        known.add("K" + obs["trump"])
    hidden: set[str] = set()
    for seat in range(1, state.game.num_players):
        hidden |= set(state.observation(seat).get("hand", [])) - known
    return {card_label(token) for token in hidden}


def assert_nothing_hidden_shown(app: HoyleApp) -> None:
    """No card of another seat's hand on screen: the whole screen and log in a game of one
    deal, the panels and this deal's log in a longer one."""
    one_deal = "deals=1" in app.state.game.spec
    text = screen_text(app) if one_deal else this_deal_text(app)
    leaked = sorted(label for label in hidden_labels(app) if label in text)
    assert not leaked, f"another seat's cards on screen: {leaked}"


async def play_by_keys(
    app: HoyleApp, pilot: Pilot[Any], rng: random.Random, avoid: frozenset[str] = frozenset()
) -> int:
    """Play to the end with arrow keys, digits and Enter only; check the screen every move.

    Returns the number of the human's moves.
    """
    moves = 0
    while not app.state.is_terminal():
        if isinstance(app.screen, SummaryScreen):  # a deal ended: dismiss its summary
            await pilot.press("enter")
            await pilot.pause()
            continue
        assert app.state.current_player() == 0
        legal = {app.state.action_to_string(a) for a in app.state.legal_actions()}
        # The cursor walks over exactly the legal moves.
        assert set(app._choices) == legal
        allowed = [i for i, token in enumerate(app._choices) if token not in avoid]
        index = rng.choice(allowed)
        if index < 10 and rng.random() < 0.5:
            keys = [str((index + 1) % 10)]  # digits 1…9, 0 for the tenth
        else:
            keys = ["right"] * index
        expected = app.state.string_to_action(app._choices[index])
        before = len(app.state.history())
        await pilot.press(*keys, "enter")
        await pilot.pause()
        # The move played is the one under the cursor.
        assert app.state.history()[before] == expected
        moves += 1
        if moves % 5 == 0:
            assert_nothing_hidden_shown(app)
    return moves


@sync
async def test_a_whole_hearts_deal_by_key_presses() -> None:
    app = make_app("hearts", 3, deals=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert_nothing_hidden_shown(app)
        moves = await play_by_keys(app, pilot, random.Random(1))
        assert app.state.is_terminal()
        # Seed 3 passes three cards, then the human plays one card to each of 13 tricks.
        assert moves == 16
        final = ", ".join(
            f"{'You' if s == 0 else f'Seat {s}'} {int(v)}" for s, v in enumerate(app.state.scores())
        )
        assert f"Final scores: {final}" in app.message_lines
        assert sum(app.state.scores()) == 26  # the 13 hearts and the queen of spades
        assert "Game over. Press q to leave." in screen_text(app)
        # The last deal's summary is up: Enter goes back to the table, then q leaves.
        assert isinstance(app.screen, SummaryScreen) and app.screen.summary.over
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("q")
    assert app.return_value is True


@sync
async def test_a_whole_ecarte_game_by_key_presses() -> None:
    app = make_app("ecarte", 1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        # Abandoning a hand is legal but ends it at once; the other moves play it out.
        await play_by_keys(app, pilot, random.Random(2), avoid=frozenset({"abandon"}))
        obs = app.state.observation(0)
        assert len(obs["games"]) == 1  # one game of the default rubber of one (RULINGS)
        assert max(obs["games"][0]["points"]) >= 5  # a game is won at five points
        assert app.message_lines[-1].endswith(("win.", "wins."))
        assert_nothing_hidden_shown(app)


@sync
async def test_an_illegal_card_clicked_shows_the_reason_and_changes_nothing() -> None:
    app = make_app("hearts", 3, deals=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(3):  # pass three cards
            await pilot.press("enter")
            await pilot.pause()
        state = app.state
        assert state.observation(0)["phase"] == "play" and state.current_player() == 0
        legal = {state.action_to_string(a) for a in state.legal_actions()}
        rows = panels.hand_rows(state.observation(0)["hand"], sorted(legal))
        illegal = [
            (r, c, cell.token)
            for r, row in enumerate(rows)
            for c, cell in enumerate(row.cells)
            if not cell.playable
        ]
        assert illegal, "seed 3 leaves a card that may not follow to the first trick"
        row, column, token = illegal[0]
        try:  # the engine's own reason for refusing the card
            probe = state.clone()
            probe.apply_action(probe.string_to_action(token))
        except IllegalActionError as exc:
            reason = str(exc)
        history = state.history()
        x, y = panels.cell_offset(row, column)
        # The hand panel has a border (1) and a padding of one column.
        await pilot.click("#hand", offset=(x + 2, y + 1))
        await pilot.pause()
        # The engine's reason, in the screen's words: "you", the card as the hand shows it.
        assert app.message_lines == [f"Not allowed: {screen_words(reason, app.names, 0)}"]
        assert f"seat 0 cannot play {token}" in reason
        assert f"You cannot play {card_label(token)}" in app.message_lines[0].replace(
            "(you", "(You"
        )
        assert "seat 0" not in app.message_lines[0] and token not in app.message_lines[0]
        assert app.state.history() == history
        # A typed illegal word is refused the same way; while the box has the keyboard, the
        # letters of the commands (h, q, r, u) are letters, not commands.
        await pilot.press("t", *"qhru", "enter")
        await pilot.pause()
        assert app.message_lines[0].startswith("Not allowed: 'qhru' is not a legal action here")
        assert app.is_running and not isinstance(app.screen, TextScreen)
        assert app.state.history() == history
        # A legal card clicked is played.
        playable = next(
            (r, c) for r, rw in enumerate(rows) for c, cell in enumerate(rw.cells) if cell.playable
        )
        x, y = panels.cell_offset(*playable)
        await pilot.click("#hand", offset=(x + 2, y + 1))
        await pilot.pause()
        assert len(app.state.history()) > len(history)


@sync
async def test_the_hint_key_shows_the_experts_values() -> None:
    app = make_app("hearts", 3, deals=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(3):
            await pilot.press("enter")
            await pilot.pause()
        await pilot.press("h")
        await pilot.pause()
        hint, heading, values = app.message_lines
        legal = [app.state.action_to_string(a) for a in app.state.legal_actions()]
        best = hint.removeprefix("Hint: ").partition(" (")[0]
        assert best in {card_label(t) for t in legal}
        # The values are the game's points (Hearts: penalty points negative), as hoyle.hint
        # says they are.
        assert heading == (
            "  Points by the end of the deal (penalty points count negative), higher is better:"
        )
        # One signed value for each legal move (at most eight are listed), highest first,
        # the suggested move marked.
        shown = [float(v) for v in re.findall(r" ([+-]\d+\.\d)", values)]
        assert len(shown) == min(len(legal), 8) and shown == sorted(shown, reverse=True)
        assert f"{best} " in values.partition(" ←")[0].rpartition("   ")[2]
        assert "Hint: " in screen_text(app)


@sync
async def test_undo_goes_back_to_the_previous_decision() -> None:
    app = make_app("hearts", 3, deals=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("u")
        await pilot.pause()
        assert app.message_lines == ["Nothing to undo: this is your first move."]
        for _ in range(3):
            await pilot.press("enter")
            await pilot.pause()
        # Now in the first trick, after the bots' moves: remember this decision.
        history = app.state.history()
        hand = app.state.observation(0)["hand"]
        await pilot.press("enter")  # a card to the first trick; the bots play on
        await pilot.pause()
        assert len(app.state.history()) > len(history) + 1
        await pilot.press("u")
        await pilot.pause()
        assert app.state.history() == history
        assert app.state.observation(0)["hand"] == hand
        assert app.message_lines == ["Back to your previous move."]
        # Undo again: back to the third card of the pass.
        await pilot.press("u")
        await pilot.pause()
        assert app.state.observation(0)["phase"] == "pass"
        assert len(app.state.observation(0)["passed"]) == 2
        # And the game goes on from there.
        await pilot.press("enter")
        await pilot.pause()
        assert app.state.observation(0)["phase"] == "play"


@sync
async def test_undo_across_a_deal_keeps_the_seeded_deals() -> None:
    """Undo at the first decision of a seeded match's second deal goes back into the first
    deal, and playing on deals the second deal's cards again: a seeded history lists its chance
    actions (docs/contract.md §7), so undo returns to a copy, never a replay from the seed."""
    app = make_app("hearts", 3, deals=2, pass_cycle="hold")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        while app.state.observation(0)["deal"] == 1:
            await pilot.press("enter")
            await pilot.pause()
        # The first deal's summary is up; dismissed, the second deal is the human's to play.
        assert isinstance(app.screen, SummaryScreen) and app.screen.summary.deal == 1
        await pilot.press("enter")
        await pilot.pause()
        second = app.state.observation(0)["hand"]
        log = list(app.log_lines)
        await pilot.press("u")
        await pilot.pause()
        assert app.state.observation(0)["deal"] == 1
        assert app.message_lines == ["Back to your previous move."]
        assert app.log_lines[-1].startswith("Undone: ") and len(app.log_lines) < len(log)
        await pilot.press("enter")
        await pilot.pause()
        # The deal ends again, and its summary shows again.
        assert isinstance(app.screen, SummaryScreen) and app.screen.summary.deal == 1
        await pilot.press("enter")
        await pilot.pause()
        assert app.state.observation(0)["deal"] == 2
        assert app.state.observation(0)["hand"] == second


@sync
async def test_the_rules_and_help_screens_open_and_close() -> None:
    app = make_app("ecarte", 1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert app.screen._lines == rules_lines(hoyle.load("ecarte"))
        assert "Écarté — " in screen_text(app)
        history = app.state.history()
        await pilot.press("enter", "u", "h")  # the game's keys do nothing over the rules
        await pilot.pause()
        assert app.state.history() == history and app.message_lines == []
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, TextScreen)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, TextScreen)
        legal = [app.state.action_to_string(a) for a in app.state.legal_actions()]
        assert "Legal now: " + " ".join(card_label(t) for t in legal) in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, TextScreen)


@sync
async def test_a_pile_move_clicked_and_typed_in_spite_and_malice() -> None:
    app = make_app("spite-malice", 2)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for how in ("click", "type"):
            legal = [app.state.action_to_string(a) for a in app.state.legal_actions()]
            # A pile game's moves are the buttons; its cards are shown but are not moves.
            assert app._choices == legal
            history = app.state.history()
            if how == "click":  # the first move, just after "Moves: " (and the padding)
                token = legal[0]
                await pilot.click("#moves", offset=(1 + len("Moves: "), 0))
            else:
                token = legal[-1]
                await pilot.press("t", *token, "enter")
            # The history lists the seeded draws too: it replays from the unseeded start.
            expected = app.state.game.new_initial_state()
            for action in history:
                expected.apply_action(action)
            await pilot.pause()
            assert app.state.history()[len(history)] == expected.string_to_action(token)
            assert app.state.current_player() == 0  # the computer's turn played at once
        # A card of the hand clicked: the cursor goes to its first move, the message lists
        # them all, and Enter plays that move.
        legal = [app.state.action_to_string(a) for a in app.state.legal_actions()]
        card = panels.hand_rows(app.state.observation(0)["hand"], legal)[0].cells[0].token
        moves = card_moves(card, legal)
        assert moves and all(m in legal for m in moves)
        history = app.state.history()
        await pilot.click("#hand", offset=(2 + panels.HEADING_WIDTH, 1))
        await pilot.pause()
        assert app.state.history() == history
        assert app.message_lines == [f"{card_label(card)}: {'   '.join(moves)}"]
        expected = app.state.string_to_action(moves[0])
        await pilot.press("enter")
        await pilot.pause()
        assert app.state.history()[len(history)] == expected


class HeldAgent:
    """An agent that thinks until the test lets it answer (to catch the app mid-thought)."""

    def __init__(self, agent: Agent, go: threading.Event) -> None:
        self.agent = agent
        self.go = go

    def step(self, state: State) -> int:
        self.go.wait(timeout=30)
        return self.agent.step(state)


@sync
async def test_with_a_delay_the_keys_stay_live_while_the_computers_think() -> None:
    game = hoyle.load("hearts", deals=1)
    go = threading.Event()
    agents = {s: HeldAgent(hoyle.agent("easy", game, seed=s), go) for s in (1, 2, 3)}
    app = HoyleApp(game.new_initial_state(seed=3), 0, agents, delay=0.001, rules=["Hearts"])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(3):  # the three cards of the pass follow one another at once
            await pilot.press("enter")
            await pilot.pause()
        assert app.state.observation(0)["passed"] and app.state.current_player() == 1
        await pilot.pause(0.05)
        history = app.state.history()
        # Seat 1 is thinking: the rules still open, and a move is refused until it is done.
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        await pilot.click("#hand", offset=(2 + panels.HEADING_WIDTH, 1))  # the first card
        await pilot.pause()
        assert app.message_lines == ["Not your turn: wait for the others."]
        assert app.state.history() == history
        go.set()
        for _ in range(500):  # the computers play on, one move per delay
            if app.state.current_player() == 0 and not app._busy:
                break
            await pilot.pause(0.01)
        assert app.state.observation(0)["phase"] == "play"
        assert app.state.current_player() == 0 and not app._busy


def test_hoyle_play_starts_the_full_screen_game_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    monkeypatch.setattr("sys.stdout.isatty", lambda: True)
    run = HoyleApp.run
    seen: list[HoyleApp] = []

    async def leave_after_one_card(pilot: Pilot[Any]) -> None:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("q")

    def headless(self: HoyleApp, **_: Any) -> bool | None:
        seen.append(self)
        return run(self, headless=True, size=SIZE, auto_pilot=leave_after_one_card)

    monkeypatch.setattr(HoyleApp, "run", headless)
    record = tmp_path / "game.hrec"
    argv = ["play", "hearts", "deals=1", "--seed", "3", "--delay", "0", "--record", str(record)]
    assert main(argv) == 0
    assert len(seen) == 1 and seen[0].rules == rules_lines(hoyle.load("hearts", deals=1))
    text = record.read_text()
    assert '[Termination "abandoned"]' in text
    # The one card passed is in the record: the record is the app's game.
    assert records.replay(records.read_file(record)).history() == (seen[0].state.history())


def test_plain_keeps_the_prompt_loop_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    monkeypatch.setattr("sys.stdout.isatty", lambda: True)
    monkeypatch.setattr(HoyleApp, "run", lambda self, **_: pytest.fail("the full screen ran"))
    monkeypatch.setattr("builtins.input", lambda prompt: "quit")
    assert main(["play", "hearts", "deals=1", "--seed", "3", "--plain", "--no-record"]) == 0
    assert "Game stopped." in capsys.readouterr().out


@sync
async def test_the_hint_is_shown_before_each_move_when_asked() -> None:
    app = make_app("ecarte", 1)
    app.auto_hint = True  # what `hoyle play --hint` sets
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(3):
            legal = {app.state.action_to_string(a) for a in app.state.legal_actions()}
            best = app.message_lines[0].removeprefix("Hint: ").partition(" (")[0]
            assert best in {card_label(t) for t in legal}
            await pilot.press("enter")
            await pilot.pause()


@pytest.mark.parametrize(
    ("spec", "options"),
    [("all-fours", {}), ("all-fours", {"variant": "trinidad"}), ("ecarte", {"variant": "bourre"})],
)
def test_the_other_tables_play_by_keys(spec: str, options: dict[str, Any]) -> None:
    # Every family gets the full-screen game: twelve moves of All Fours (bids, begging) and
    # Bourré (declarations, draws), each the move under the cursor, nothing hidden shown.
    async def scenario() -> None:
        app = make_app(spec, 5, bots="random", **options)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            rng = random.Random(5)
            for _ in range(12):
                if isinstance(app.screen, SummaryScreen):
                    await pilot.press("enter")
                    await pilot.pause()
                if app.state.is_terminal():
                    break
                legal = {app.state.action_to_string(a) for a in app.state.legal_actions()}
                assert set(app._choices) == legal
                index = rng.randrange(len(app._choices))
                expected = app.state.string_to_action(app._choices[index])
                before = len(app.state.history())
                await pilot.press(*["right"] * index, "enter")
                await pilot.pause()
                assert app.state.history()[before] == expected
                assert_nothing_hidden_shown(app)

    asyncio.run(scenario())


@pytest.mark.parametrize(("flags", "auto"), [([], True), (["--no-auto-forced"], False)])
def test_hoyle_play_plays_forced_moves_unless_told_not_to(
    monkeypatch: pytest.MonkeyPatch, flags: list[str], auto: bool
) -> None:
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    monkeypatch.setattr("sys.stdout.isatty", lambda: True)
    seen: list[HoyleApp] = []

    def leave(self: HoyleApp, **_: Any) -> bool:
        seen.append(self)
        return False

    monkeypatch.setattr(HoyleApp, "run", leave)
    assert main(["play", "hearts", "deals=1", "--seed", "3", "--no-record", *flags]) == 0
    assert seen[0].auto_forced is auto
