"""Observation tensors of Bourré (issue 9): a fixed float32 layout per game, every entry written,
and nothing a seat cannot see (the other hands, their discards and the stock are hidden, and a
sealed declaration until all are made). The leak contract: a state and any
``resample_from_infostate`` of it encode alike for that seat, and for a spectator."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import hoyle
from encoding_helpers import check_fields, vector
from helpers import play
from hoyle.core.encoding import encoder
from hoyle.core.protocol import State
from hoyle.games.bourre import BourreGame, BourreState

RESAMPLES = 2
CARD52 = {
    f"{r}{s}": 13 * i + j for i, s in enumerate("CDHS") for j, r in enumerate("23456789TJQKA")
}


def field(state: State, player: int | None, name: str) -> np.ndarray:
    f = encoder(state.game).field(name)
    return vector(state, player)[f.start : f.start + f.size]


def check_leaks(game: hoyle.Game[Any], seeds: range, every: int, rng: random.Random) -> int:
    """Play seeded games at random; every few moves encode the state for one seat and for a
    spectator, and compare with resamples for that seat. Returns the points checked."""
    enc = encoder(game)
    check_fields(enc)
    n = game.num_players
    checked = 0
    for seed in seeds:
        state = game.new_initial_state(seed=seed)
        step = 0
        while not state.is_terminal():
            if step % every == 0:
                seat = step // every % n
                mine = vector(state, seat)
                spectator = vector(state, None)
                for _ in range(RESAMPLES):
                    world = state.resample_from_infostate(seat, rng)
                    assert np.array_equal(vector(world, seat), mine), (seed, step, seat)
                    assert np.array_equal(vector(world, None), spectator), (seed, step)
                checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
            step += 1
        vector(state, 0)  # the end encodes too
    return checked


@pytest.mark.parametrize("preset", [v.name for v in hoyle.variants("bourre")])
@pytest.mark.parametrize("players", [2, 4, 7])
def test_every_preset_encodes_a_fixed_layout_and_hides_what_a_seat_cannot_see(
    preset: str, players: int
) -> None:
    game = hoyle.load("bourre", variant=preset, players=players)
    assert check_leaks(game, range(3), 3, random.Random(f"{preset}{players}")) >= 10


@pytest.mark.parametrize(
    "options",
    [
        {"players": 4, "simultaneous_declare": True, "deals": 2},
        {"players": 4, "four_card": True, "deals": 2},
        {"players": 3, "separate_trump_card": True, "dealer_takes_trump": True},
        {"players": 5, "double_ante": True, "two_rounds": True, "deals": 2},
    ],
)
def test_options_that_change_what_is_seen_keep_the_contract(options: dict[str, Any]) -> None:
    game = hoyle.load("bourre", **options)
    # Every third move: with four seats that samples sealed declarations part made.
    assert check_leaks(game, range(2), 3, random.Random(str(options))) >= 10


def test_the_layout_depends_on_the_table_size() -> None:
    seven = encoder(hoyle.load("bourre"))
    assert seven.field("played").size == 7 * 52
    assert encoder(hoyle.load("bourre", players=2)).size < seven.size
    assert encoder(hoyle.load("ecarte", variant="bourre")).size == seven.size  # the old name


# ---------------------------------------------------------------- Bourré scenarios

PACK52 = list(CARD52)
HANDS = ["AH KH 2C 3D 4H", "QH 5C 6C 7D 8D", "9C TC JC 3S 4S"]


def bourre(hands: list[str], dealer: int, **options: Any) -> BourreState:
    game = hoyle.load("bourre", players=len(hands), **options)
    assert isinstance(game, BourreGame)
    used = set(" ".join(hands).split())
    stock = " ".join(c for c in PACK52 if c not in used)
    return game.deal_state(hands, dealer=dealer, stock=stock)


def cards52(vec: np.ndarray) -> set[str]:
    return {card for card, i in CARD52.items() if vec[i]}


def test_bourre_hand_turn_up_pot_and_declarations() -> None:
    # RULINGS 4.1 bourre: the dealer's fifth card is turned for trumps and stays in hand;
    # each antes 1.
    state = bourre(HANDS, dealer=2)
    assert cards52(field(state, 0, "hand")) == set(HANDS[0].split())
    assert not field(state, None, "hand").any()
    assert cards52(field(state, 0, "turn_up")) == {"4S"}
    assert field(state, 0, "trump").tolist() == [0, 0, 0, 1]
    assert field(state, 0, "turn_up_held")[0] == 1
    assert field(state, 0, "pot")[0] == pytest.approx(3 / 3)
    assert field(state, 0, "dealer").tolist() == [0, 0, 1]
    play(state, "play 2C draw")  # seat 0 plays, throws the 2C and draws one
    assert field(state, 1, "plays").tolist() == [0, 0, 1]  # seat 0 seen from seat 1
    assert field(state, 1, "drawn").tolist() == pytest.approx([0, 0, 1 / 5])
    assert field(state, 1, "discarded").tolist() == pytest.approx([0, 0, 1 / 5])
    assert cards52(field(state, 0, "own_discards")) == {"2C"}
    assert not field(state, 1, "own_discards").any()
    play(state, "pass")
    assert field(state, 2, "passes").tolist() == [0, 0, 1]


def test_bourre_trick_and_cards_played_by_seat() -> None:
    state = bourre(HANDS, dealer=2)
    play(state, "play draw play draw play draw AH")
    trick = field(state, 1, "trick")
    assert cards52(trick[2 * 52 :]) == {"AH"}  # seat 0 is two seats on from seat 1
    assert field(state, 1, "leader").tolist() == [0, 0, 1]
    play(state, "QH 3S")  # seat 2, void in hearts, trumps and wins
    played = field(state, 0, "played")
    assert cards52(played[:52]) == {"AH"} and cards52(played[2 * 52 :]) == {"3S"}
    assert not field(state, 0, "trick").any()
    assert field(state, 0, "tricks").tolist() == pytest.approx([0, 0, 1 / 5])


def test_bourre_sealed_declarations_are_each_seats_own() -> None:
    # pagat 'Bourré', Simultaneous Declaration: each decision is hidden until the last.
    state = bourre(HANDS, dealer=2, simultaneous_declare=True)
    play(state, "play")
    assert field(state, 0, "sealed")[0] == 1
    assert field(state, 0, "plays").tolist() == [1, 0, 0]
    assert not field(state, 1, "plays").any() and not field(state, None, "plays").any()
    play(state, "pass play")
    assert field(state, None, "plays").tolist() == [1, 0, 1]  # revealed
    assert field(state, None, "passes").tolist() == [0, 1, 0]


def test_the_documented_layout_is_the_encoders() -> None:
    # docs/observation-tensors*.md prints encoder(game).layout() for Bourré.
    docs = Path(__file__).parents[2] / "docs"
    text = "".join(p.read_text(encoding="utf-8") for p in docs.glob("observation-tensors*.md"))
    assert encoder(hoyle.load("bourre")).layout() in text
