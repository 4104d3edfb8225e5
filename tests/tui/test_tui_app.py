"""The terminal game's input loop, driven by scripted input and simple agents."""

from __future__ import annotations

from collections.abc import Iterator

import hoyle
from hoyle.core.protocol import State
from hoyle.tui.app import TerminalGame
from hoyle.tui.render import Style


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
    assert any(line.startswith("  value by the end of the deal") for line in out)
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
