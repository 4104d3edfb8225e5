"""The terminal game for Bourré: its own table view (the pot, who plays or passes, the cards each
drew, the chips) and whole scripted sessions."""

from __future__ import annotations

import re

import pytest

import hoyle
from helpers import play
from hoyle.tui.app import TerminalGame
from hoyle.tui.bourre import VIEW, prompt_text, render_table
from hoyle.tui.render import Style
from hoyle.tui.views import view_for

PLAIN = Style(symbols=False)


def test_the_family_has_its_own_view() -> None:
    assert view_for(hoyle.load("bourre")) is VIEW
    assert view_for(hoyle.load("ecarte", variant="bourre")) is VIEW


@pytest.mark.parametrize("preset", [v.name for v in hoyle.variants("bourre")])
def test_a_whole_scripted_session_through_the_terminal(preset: str) -> None:
    game = hoyle.load("bourre", variant=preset, players=4)
    state = game.new_initial_state(seed=3)
    me = hoyle.agent("easy", game, seed=0)
    agents = {s: hoyle.agent("easy", game, seed=s) for s in range(1, game.num_players)}
    out: list[str] = []

    def read(prompt: str) -> str:
        assert prompt.endswith("> ")
        return state.action_to_string(me.step(state))

    app = TerminalGame(state, 0, agents, read=read, write=out.append, style=PLAIN)
    assert app.run() is True
    assert "Game over." in out
    # The log tells the end (who won, the final scores), then the terminal says it is over.
    assert out[-1] == "Game over." and out[-2].startswith("Final scores: ")
    assert out[-3].endswith(("wins.", "win.", "ends in a tie."))
    for line in out:  # another player's discards and draws are never named, only counted
        if line.startswith("Seat") and ("discard" in line or "draw" in line):
            assert re.fullmatch(r"Seat \d (discards|draws) \d cards?\.", line), line
    assert "Deal 1 is over." in "\n".join(out)


def test_bourre_table_shows_the_pot_who_plays_and_the_draws() -> None:
    game = hoyle.load("bourre", players=3)
    state = game.deal_state(
        ["AH KH 2C 3D 4H", "QH 5C 6C 7D 8D", "9C TC JC 3S 4S"],
        dealer=2,
        stock="2D 4D 5D 6D 9D TD JD QD KD AD 2H 3H",
    )
    play(state, "play 2C 3D draw pass")
    legal = [state.action_to_string(a) for a in state.legal_actions()]
    text = "\n".join(render_table(state.observation(2), legal, None, PLAIN))
    assert "Bourré" in text and "trumps S" in text and "pot 3" in text
    assert re.search(r"Seat 0\s+play\s+2\s+0\s+-1", text)
    assert re.search(r"Seat 1\s+pass\s+0", text)
    assert prompt_text(state.observation(2)) == "Pass or play > "
