"""The terminal game's input loop, driven by scripted input and simple agents."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

import hoyle
from hoyle.core.protocol import State
from hoyle.tui.app import TerminalGame
from hoyle.tui.render import Style, card_label


class FirstLegal:
    """An agent that plays the lowest legal action: fully predictable."""

    def step(self, state: State) -> int:
        return state.legal_actions()[0]


def make_game(
    spec: str, seed: int, lines: list[str] | None = None
) -> tuple[TerminalGame, list[str]]:
    """A terminal game at seat 0 against first-legal agents, with input from ``lines``.

    Without ``lines`` the human also plays the first legal action, which the loop reads from
    the state the way a person reads it from the screen.
    """
    game = hoyle.load(spec)
    state = game.new_initial_state(seed=seed)
    out: list[str] = []
    script: Iterator[str] | None = iter(lines) if lines is not None else None

    def read(prompt: str) -> str:
        out.append(prompt)
        if script is not None:
            return next(script)  # StopIteration never reached: the tests end with quit or EOF
        return state.action_to_string(state.legal_actions()[0])

    agents = {seat: FirstLegal() for seat in range(1, game.num_players)}
    app = TerminalGame(state, 0, agents, read=read, write=out.append, style=Style(symbols=False))
    return app, out


def test_the_moon_choice_is_asked_and_answered() -> None:
    # With every seat playing its lowest legal card, seat 0 takes every penalty card of seed 1.
    app, out = make_game("hearts(deals=1,moon=choose)", seed=1)
    assert app.run() is True
    assert "You have shot the moon, and choose how it scores." in out  # the log
    assert "Moon: add or subtract > " in out
    assert "You choose to add 26 to each other player's score." in out
    assert "Final scores: You 0, Seat 1 26, Seat 2 26, Seat 3 26." in out
    assert app.state.is_terminal()


def test_several_cards_passed_at_once_and_passes_stay_private() -> None:
    game = hoyle.load("hearts", deals=1)
    hand = game.new_initial_state(seed=3).observation(0)["hand"]
    app, out = make_game("hearts(deals=1)", seed=3, lines=[" ".join(hand[:3]), "quit"])
    assert app.run() is False
    # The log (state.log of seat 0): its own pass named, the others' counted.
    assert f"You pass {' '.join(hand[:3])} to Seat 1." in out
    assert "Seat 1 passes 3 cards to Seat 2." in out
    assert "Seat 3 passes 3 cards to you." in out
    assert out[-1] == "Game stopped."
    assert app.state.observation(0)["passed"] == sorted(hand[:3])


def test_illegal_moves_leave_the_state_unchanged() -> None:
    app, out = make_game("hearts(deals=1)", seed=3, lines=["2C", "moon add", "xx", "quit"])
    history = app.state.history()
    assert app.run() is False
    refusals = [line for line in out if line.startswith("Not allowed: ")]
    assert len(refusals) == 3
    assert "not in hand" in refusals[0]
    # docs/contract.md §7: "moon add" is not a move now, so the terminal reads its words
    # one by one (render.typed_moves), and the first is refused.
    assert "'moon' is not a legal action here" in refusals[1]
    assert app.state.history() == history


def test_end_of_input_stops_the_game() -> None:
    game = hoyle.load("hearts", deals=1)
    state = game.new_initial_state(seed=3)

    def read(prompt: str) -> str:
        raise EOFError

    out: list[str] = []
    app = TerminalGame(state, 0, {}, read=read, write=out.append)
    assert app.run() is False
    assert out[-1] == "Game stopped."


def test_chance_nodes_are_dealt_by_the_app() -> None:
    game = hoyle.load("hearts", deals=1, pass_cycle="hold")
    state = game.new_initial_state()  # no seed: the deal is made at chance nodes
    out: list[str] = []

    def read(prompt: str) -> str:
        return state.action_to_string(state.legal_actions()[0])

    agents = {seat: FirstLegal() for seat in (1, 2, 3)}
    app = TerminalGame(state, 0, agents, read=read, write=out.append)
    assert app.run() is True
    assert "Game over." in out


def test_hint_command_shows_the_advice_and_changes_nothing() -> None:
    # Issue 7: "Hints: hoyle play --hint and an API call that suggest the expert's move with
    # its estimated value for each legal action."
    asked: list[State] = []

    def hinter(state: State) -> list[tuple[str, float]]:
        asked.append(state)
        return [(state.action_to_string(a), -float(i)) for i, a in enumerate(state.legal_actions())]

    game = hoyle.load("hearts", deals=1)
    state = game.new_initial_state(seed=3)
    out: list[str] = []
    lines = iter(["hint", "quit"])
    app = TerminalGame(
        state,
        0,
        {s: FirstLegal() for s in (1, 2, 3)},
        read=lambda prompt: next(lines),
        write=out.append,
        style=Style(symbols=False),
        hinter=hinter,
    )
    before = state.history()
    assert app.run() is False
    first = state.action_to_string(state.legal_actions()[0])
    assert f"Hint: {first}" in out
    heading = "  Points by the end of the deal (penalty points count negative), higher is better:"
    assert heading in out
    assert len(asked) == 1 and state.history() == before


def test_hints_off_and_auto_hint() -> None:
    app, out = make_game("hearts(deals=1)", seed=3, lines=["hint", "quit"])
    app.run()
    assert "Hints are off in this game." in out
    game = hoyle.load("hearts", deals=1)
    state = game.new_initial_state(seed=3)
    out = []
    lines = iter(["quit"])
    app = TerminalGame(
        state,
        0,
        {s: FirstLegal() for s in (1, 2, 3)},
        read=lambda prompt: next(lines),
        write=out.append,
        style=Style(symbols=False),
        hinter=lambda s: [("2C", 0.0)],
        auto_hint=True,
    )
    app.run()
    assert "Hint: 2C" in out  # shown before the first move, unasked


def forced_positions(state: State) -> int:
    """How many times seat 0 had exactly one legal move in the game that led to ``state``."""
    replay = state.game.new_initial_state()
    count = 0
    for action in state.history():
        if not replay.is_chance_node() and replay.current_player() == 0:
            count += len(replay.legal_actions()) == 1
        replay.apply_action(action)
    return count


def person_game(
    spec: str, seed: int, answers: dict[str, str] | None = None, **options: Any
) -> tuple[TerminalGame, list[str], list[str]]:
    """The game as a person at a terminal plays it (``interactive``), seat 0 typing its first
    legal move; a prompt that starts with a key of ``answers`` gets that answer."""
    game = hoyle.load(spec)
    state = game.new_initial_state(seed=seed)
    out: list[str] = []
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        out.append(prompt)
        for start, answer in (answers or {}).items():
            if prompt.startswith(start):
                return answer
        return state.action_to_string(state.legal_actions()[0])

    agents = {seat: FirstLegal() for seat in range(1, game.num_players)}
    app = TerminalGame(state, 0, agents, read=read, write=out.append, interactive=True, **options)
    return app, out, prompts


def test_each_deal_ends_on_its_scoring_and_the_totals_until_enter(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("hoyle.tui.app.FORCED_PAUSE", 0.0)
    app, out, prompts = person_game("all-fours(deals=2)", 5, {"Press Enter": ""})
    assert app.run() is True
    obs = app.state.observation(0)
    first = obs["results"][0]
    # The log's result lines, then each seat's points in the deal and its total, then a pause.
    end = out.index("Deal 1 is over.")
    assert out[end + 1 : end + 1 + len(first["lines"])] == first["lines"]
    table = out[end + 1 + len(first["lines"]) :]
    assert table[0].split() == ["this", "deal", "total", "now"]
    for seat, name in enumerate(app.names):
        row = next(line for line in table[1:3] if line.split()[: len(name.split())] == name.split())
        assert row.split()[-2] == str(first["scores"][seat])
    pause = table.index("Press Enter for deal 2 (or quit) > ")
    assert pause < table.index("Deal 2: You deal.") and pause <= 4
    assert prompts.count("Press Enter for deal 2 (or quit) > ") == 1  # not after the last deal
    # The end: the seats in the engine's ranking, then the log's winner and final scores.
    winner = app.names[obs["winner"][0]]
    last = len(out) - 1 - out[::-1].index("Deal 2 is over.")
    ranked = [line for line in out[last:] if re.match(r"  \d\. ", line)]
    assert ranked[0].startswith(f"  1. {winner}")
    assert out[-1] == "Game over." and out[-2].startswith("Final scores: ")
    assert out[-3].endswith(("win.", "wins."))


def test_quit_at_a_deal_summary_stops_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("hoyle.tui.app.FORCED_PAUSE", 0.0)
    app, out, _ = person_game("all-fours(deals=2)", 5, {"Press Enter": "quit"})
    assert app.run() is False
    assert out[-1] == "Game stopped." and app.state.observation(0)["deal"] == 2


@pytest.mark.parametrize("auto", [True, False, None])
def test_forced_moves_are_played_for_the_player_when_asked(auto: bool | None) -> None:
    game = hoyle.load("hearts", deals=1)
    state = game.new_initial_state(seed=3)
    out: list[str] = []
    waited_forced = 0

    def read(prompt: str) -> str:
        nonlocal waited_forced
        waited_forced += len(state.legal_actions()) == 1
        return state.action_to_string(state.legal_actions()[0])

    agents = {seat: FirstLegal() for seat in (1, 2, 3)}
    app = TerminalGame(state, 0, agents, read=read, write=out.append, auto_forced=auto)
    assert app.run() is True
    forced = forced_positions(state)
    notes = [line for line in out if line.startswith("Played automatically: ")]
    assert forced >= 1
    if auto:
        assert waited_forced == 0 and len(notes) == forced
    else:  # off, or left to the default for a script: every move typed
        assert waited_forced == forced and notes == []


def play_one_illegal_card(interactive: bool) -> tuple[str, str]:
    """Hearts, seed 3: pass three cards, try a card the rules forbid in the first trick, quit.
    The refusal printed and the card tried."""
    game = hoyle.load("hearts", deals=1)
    state = game.new_initial_state(seed=3)
    tried: list[str] = []

    def read(prompt: str) -> str:
        obs = state.observation(0)
        if obs["phase"] == "pass":
            return " ".join(obs["hand"][:3])
        legal = [state.action_to_string(a) for a in state.legal_actions()]
        if not tried:
            tried.append(next(t for t in obs["hand"] if t not in legal))
            return tried[0]
        return "quit"

    out: list[str] = []
    agents = {s: FirstLegal() for s in (1, 2, 3)}
    TerminalGame(state, 0, agents, read=read, write=out.append, interactive=interactive).run()
    (refusal,) = [line for line in out if line.startswith("Not allowed: ")]
    return refusal, tried[0]


def test_a_person_reads_a_refusal_in_the_screens_words(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("hoyle.tui.app.FORCED_PAUSE", 0.0)
    refusal, card = play_one_illegal_card(interactive=True)
    assert f"(you cannot play {card_label(card)}" in refusal and "seat 0" not in refusal
    # A script reads the engine's own words.
    refusal, card = play_one_illegal_card(interactive=False)
    assert f"(seat 0 cannot play {card}" in refusal
