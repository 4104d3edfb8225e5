"""Spite and Malice on every surface (issue 5: "``variants`` and ``rules`` for every preset; the
API, ``play``, ``simulate``, records and replay for all"): the terminal game, records and the
commands, all through the generic protocol.
"""

from __future__ import annotations

import random

import pytest

import hoyle
from hoyle import records
from hoyle.cli import main
from hoyle.tui.app import TerminalGame
from hoyle.tui.render import Style
from hoyle.tui.spite_malice import render_table

PRESETS = [v.name for v in hoyle.variants("spite-malice")]


@pytest.mark.parametrize("preset", PRESETS)
def test_every_preset_plays_to_the_end_in_the_terminal(preset: str) -> None:
    game = hoyle.load("spite-malice", variant=preset, deals=1)
    state = game.new_initial_state(seed=5)
    out: list[str] = []
    prompts: list[str] = []
    rng = random.Random(1)

    def read(prompt: str) -> str:
        prompts.append(prompt)
        legal = state.legal_actions()
        tokens = [state.action_to_string(a) for a in legal]
        centre = [t for t in tokens if ">stack" in t]
        return rng.choice(centre) if centre and rng.random() < 0.8 else tokens[-1]

    agents = {seat: hoyle.agent("easy", game, seed=seat) for seat in range(1, game.num_players)}
    app = TerminalGame(state, 0, agents, read=read, write=out.append, style=Style(symbols=False))
    assert app.run() is True
    assert state.is_terminal()
    text = "\n".join(out)
    assert "Centre stacks" in text and "Your hand:" in text and "discard1:" in text
    assert "Game over." in text and "Deal 1 is over." in text
    assert all("discard to end your turn" in p or "Cover" in p for p in prompts)


def test_the_table_shows_piles_goal_tops_and_moves_and_is_redrawn_between_own_moves() -> None:
    game = hoyle.load("spite-malice", deals=1)
    state = game.deal_state(
        goals=["9H 5H", "9D 8D"], hands=["4C 3D KS", "2C"], stacks=["AC 2C"], discards=[["TS"]]
    )
    lines = render_table(
        state.observation(0),
        [state.action_to_string(a) for a in state.legal_actions()],
        ["You", "Seat 1"],
        Style(symbols=False),
    )
    text = "\n".join(lines)
    assert "stack1: 2 cards, top 2C — needs 3" in text
    assert "You ←: goal 5H (2 left); hand 3" in text
    assert "Seat 1: goal 8D (2 left); hand 1" in text
    assert "discard1: TS" in text
    assert "Your hand: 3D 4C KS" in text
    assert "K=3:hand>stack1" in text
    assert "9D" not in text  # nobody sees a goal card under the top
    typed = iter(["k:hand>stack1", "4:hand>stack1", "5:goal>stack1", "quit"])
    out: list[str] = []
    app = TerminalGame(state, 0, {}, read=lambda _: next(typed), write=out.append)
    assert app.run() is False
    text = "\n".join(out)
    assert text.count("Centre stacks") == 4  # drawn before each of the player's moves
    # What happened is the seat's log (state.log), in words.
    assert "You play K♠ as the 3 from hand on stack 1." in text
    assert "You play 5♥ from the goal pile on stack 1." in text
    assert "Your next goal card is 9♥." in text


@pytest.mark.parametrize("preset", PRESETS)
def test_records_round_trip_and_replay(preset: str) -> None:
    game = hoyle.load("spite-malice", variant=preset, deals=1)
    state = game.new_initial_state(seed=3)
    agents = [hoyle.agent("easy", game, seed=s) for s in range(game.num_players)]
    while not state.is_terminal():
        state.apply_action(agents[state.current_player()].step(state))
    rec = records.from_state(state, seed=3)
    text = records.dumps(rec)
    assert records.dumps(records.loads(text)) == text
    again = records.replay(records.loads(text))
    assert again.returns() == state.returns()
    assert again.observation(None) == state.observation(None)


def test_a_record_of_a_game_dealt_at_chance_nodes_replays() -> None:
    game = hoyle.load("spite-malice", variant="misery", deals=1)
    state = game.new_initial_state()
    rng = random.Random(2)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    rec = records.from_state(state)
    text = records.dumps(rec)
    assert "1.deal" in text
    assert records.replay(records.loads(text)).returns() == state.returns()


def test_commands_list_explain_and_simulate(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variants", "spite-malice"]) == 0
    out = capsys.readouterr().out
    assert all(name in out for name in PRESETS)
    for preset in PRESETS:
        assert main(["rules", "spite-malice", "--variant", preset]) == 0
        out = capsys.readouterr().out
        assert "The rules in force:" in out
    assert main(["rules", "spite-malice", "--variant", "misery"]) == 0
    assert "Emptying both goal piles wins" in capsys.readouterr().out
    code = main(
        [
            "simulate",
            "spite-malice",
            "--games",
            "4",
            "--agents",
            "planner,easy",
            "--quiet",
            "deals=1",
        ]
    )
    assert code == 0
    out = capsys.readouterr().out
    assert "planner" in out and "4 games" in out
