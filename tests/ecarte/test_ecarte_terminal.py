"""The terminal game for Écarté: its own table view (turn-up, proposals, the cards each player
took — law 27 —, vulnerability, the king, waiting players) and whole scripted games."""

from __future__ import annotations

import re

import pytest

import hoyle
from helpers import play
from hoyle.games.ecarte import EcarteGame, EcarteState
from hoyle.tui.app import TerminalGame
from hoyle.tui.ecarte import VIEW, prompt_text, render_table
from hoyle.tui.render import Style
from hoyle.tui.views import view_for

PLAIN = Style(symbols=False)


def deal() -> EcarteState:
    game = hoyle.load("ecarte")
    assert isinstance(game, EcarteGame)
    return game.deal_state(
        ["KH QH 9C 8D 7S", "AH TH 9H KC 8S"],
        dealer=1,
        turn_up="8H",
        stock="7C 8C TC JC QC AC 7D 9D TD JD QD KD AD 9S TS JS QS KS AS 7H JH",
    )


def table(state: EcarteState, seat: int) -> str:
    legal = [state.action_to_string(a) for a in state.legal_actions()]
    return "\n".join(render_table(state.observation(seat), legal, None, PLAIN))


def test_the_family_has_its_own_view() -> None:
    assert view_for(hoyle.load("ecarte")) is VIEW


def test_table_shows_turn_up_proposals_counts_and_vulnerability() -> None:
    state = deal()
    play(state, "propose_2 accept 8D 7S 8S draw")
    text = table(state, 0)
    assert "trumps H" in text and "turned 8H" in text
    assert "1. You proposed 2; Seat 1 accepted and took 1" in text
    # Law 27: how many cards each took, in both players' views.
    assert re.search(r"You \*\s+0\s+0\s+0\s+2", text)
    assert re.search(r"Seat 1\s+0\s+0\s+0\s+1", text)
    assert "Your discards: 8D 7S" in text
    assert "8S" not in table(state, 0).split("Your hand:")[0]  # the dealer's discard is hidden
    assert prompt_text(state.observation(0)) == (
        "Play, or propose a number of cards (play / propose N) > "
    )
    play(state, "propose_1 refuse")
    text = table(state, 0)
    assert "Seat 1 refused the first proposal" not in text  # only the first counts (law 49)
    state = deal()
    play(state, "play mark_king")
    text = table(state, 1)
    assert "Seat 0 played without proposing: vulnerable." in text
    assert "Seat 0 marked the king." in text
    assert "Trick: nobody has led yet" in text


@pytest.mark.parametrize("variant", ["standard", "pool", "french", "doubling", "offer-point"])
def test_a_whole_scripted_game_through_the_terminal(variant: str) -> None:
    game = hoyle.load("ecarte", variant=variant)
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
    text = "\n".join(out)
    # Law 28: another player's discards and draws are never named, only counted (French
    # Écarté's advice lets a bystander see the hand of the player backed: seat 0 backs one).
    advised = game.rules.advice and variant == "french"
    for line in out:
        if line.startswith("Seat") and ("discard" in line or "draw" in line) and not advised:
            assert re.fullmatch(r"Seat \d (discards|draws) \d cards?\.", line), line
    assert "Deal 1 is over." in text
    if variant == "pool":
        assert "waits" in text  # the third player waits for the loser's seat


def test_table_shows_unnamed_proposals_and_what_each_took() -> None:
    # RULINGS E2 option propose_then_choose (EB1911): no number in the proposal; the count
    # elder chose is public once drawn (law 27), the cards are not (law 28).
    game = hoyle.load("ecarte", propose_then_choose=True)
    assert isinstance(game, EcarteGame)
    state = game.deal_state(
        ["KH QH 9C 8D 7S", "AH TH 9H KC 8S"],
        dealer=1,
        turn_up="8H",
        stock="7C 8C TC JC QC AC 7D 9D TD JD QD KD AD 9S TS JS QS KS AS 7H JH",
    )
    assert prompt_text(state.observation(0)) == "Play, or propose an exchange (play / propose) > "
    play(state, "propose")
    assert prompt_text(state.observation(1)) == "Elder proposes an exchange: accept or refuse > "
    play(state, "accept 8D 7S")
    assert prompt_text(state.observation(0)).startswith("Discard a card face down (one to five)")
    seen = len(state.log(1))
    play(state, "draw")
    # The dealer does not see elder's discards, only how many elder took (law 27).
    told = " ".join(e["text"] for e in state.log(1)[seen:])
    assert "8D" not in told and "8♦" not in told and "7♠" not in told
    assert "2 cards" in told
    play(state, "8S draw")
    text = table(state, 1)
    assert "1. Seat 0 proposed; You accepted; Seat 0 took 2; You took 1" in text
    assert "8D" not in text and "7S" not in text
