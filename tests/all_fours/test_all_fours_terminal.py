"""``hoyle play all-fours``: every preset plays to its end in the terminal game, the human at
seat 0 typing the first legal move as printed (issue 4: "play … works for every preset")."""

from __future__ import annotations

import pytest

import hoyle
from hoyle.tui.app import TerminalGame
from hoyle.tui.render import Style


@pytest.mark.parametrize("preset", [v.name for v in hoyle.variants("all-fours")])
def test_every_preset_plays_to_the_end_in_the_terminal(preset: str) -> None:
    game = hoyle.load("all-fours", variant=preset)
    state = game.new_initial_state(seed=5)
    out: list[str] = []
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return state.action_to_string(state.legal_actions()[0])

    agents = {seat: hoyle.agent("easy", game, seed=seat) for seat in range(1, game.num_players)}
    app = TerminalGame(state, 0, agents, read=read, write=out.append, style=Style(symbols=False))
    assert app.run() is True
    assert state.is_terminal() and sum(state.returns()) >= 1
    text = "\n".join(out)
    assert "trumps" in text  # the table shows the trump suit once it is fixed
    assert "Game over." in text
    # Every prompt the player saw named what to do, in the game's own words.
    assert all(p != "> " for p in prompts), set(prompts)
