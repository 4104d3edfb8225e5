"""Observation tensors of every Écarté preset (issue 9): a fixed float32 layout per game, every
entry written, and nothing a seat cannot see (observe.py: the other hand, its discards — law 28
— and the stock are hidden). The leak contract: a state and any ``resample_from_infostate`` of
it encode alike for that seat, and for a spectator."""

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
from hoyle.games.ecarte import EcarteGame, EcarteState
from hoyle.games.ecarte.state import CONCEDE, PHASE_NAMES

PHASES = list(PHASE_NAMES)
"""The entries of the ``phase`` field, in order."""
TABLES = {v.name: v.players for v in hoyle.variants("ecarte") if v.family is None}
PRESETS = list(TABLES)
RESAMPLES = 2
CARD32 = {f"{r}{s}": 8 * i + j for i, s in enumerate("CDHS") for j, r in enumerate("789TJQKA")}
"""The 32 entries of an Écarté card field (encode.py's docstring: suits C D H S, 7 … A)."""


def field(state: State, player: int | None, name: str) -> np.ndarray:
    f = encoder(state.game).field(name)
    return vector(state, player)[f.start : f.start + f.size]


def choose(state: State, rng: random.Random) -> int:
    """A random move, abandoning an Écarté hand rarely so that hands are played out too."""
    legal = state.legal_actions()
    concede = isinstance(state, EcarteState) and CONCEDE in legal and len(legal) > 1
    if concede and rng.random() < 0.9:
        legal = [a for a in legal if a != CONCEDE]
    return rng.choice(legal)


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
            state.apply_action(choose(state, rng))
            step += 1
        vector(state, 0)  # the end encodes too
    return checked


@pytest.mark.parametrize("preset", PRESETS)
def test_every_preset_encodes_a_fixed_layout_and_hides_what_a_seat_cannot_see(
    preset: str,
) -> None:
    rng = random.Random(preset)
    low, high = TABLES[preset]
    for players in sorted({low, min(high, 4), min(high, 7)}):
        game = hoyle.load("ecarte", variant=preset, players=players)
        assert check_leaks(game, range(5), 5, rng) >= 10


@pytest.mark.parametrize(
    "options",
    [
        {"propose_then_choose": True, "dealer_may_stand": True},
        {"variant": "french", "players": 4, "advice": False},
    ],
)
def test_options_that_change_what_is_seen_keep_the_contract(options: dict[str, Any]) -> None:
    game = hoyle.load("ecarte", **options)
    # Every third move: with four seats that samples sealed declarations part made.
    assert check_leaks(game, range(2), 3, random.Random(str(options))) >= 10


def test_the_layout_depends_on_the_game_only() -> None:
    standard = encoder(hoyle.load("ecarte"))
    assert standard.size == encoder(hoyle.load("ecarte", variant="ace-high")).size
    french = encoder(hoyle.load("ecarte", variant="french", players=3))
    assert "seen_hand" in {f.name for f in french.fields}  # advice: the backed hand is seen
    assert "seen_hand" not in {f.name for f in standard.fields}


# ---------------------------------------------------------------- Écarté scenarios

ELDER = "KH QH 9C 8D 7S"  # seat 0, elder when seat 1 deals
DEALER = "AH TH 9H KC 8S"  # seat 1
STOCK = "7C 8C TC JC QC AC 7D 9D TD JD QD KD AD 9S TS JS QS KS AS 7H JH"


def deal(turn_up: str = "8H", **options: Any) -> EcarteState:
    game = hoyle.load("ecarte", **options)
    assert isinstance(game, EcarteGame)
    return game.deal_state([ELDER, DEALER], dealer=1, turn_up=turn_up, stock=STOCK)


def cards32(vec: np.ndarray) -> set[str]:
    return {card for card, i in CARD32.items() if vec[i]}


def test_own_hand_turn_up_and_trump_are_seen_and_the_other_hand_is_not() -> None:
    state = deal()
    assert cards32(field(state, 0, "hand")) == set(ELDER.split())
    assert cards32(field(state, 1, "hand")) == set(DEALER.split())
    assert not field(state, None, "hand").any()
    # S-E 'Jugar': the eleventh card is turned for trumps.
    assert cards32(field(state, 0, "turn_up")) == {"8H"}
    assert field(state, None, "trump").tolist() == [0, 0, 1, 0]  # hearts
    assert field(state, 0, "elder").tolist() == [1, 0]  # seat 0 is elder…
    assert field(state, 1, "elder").tolist() == [0, 1]  # …seen by seat 1 as the next seat
    assert field(state, 0, "to_move").tolist() == [1, 0]  # elder proposes first (law 25)


def test_a_proposal_its_answer_and_the_cards_taken() -> None:
    # Laws 25–27: elder proposes a number of cards, the dealer accepts; law 27: how many
    # cards each took is public, which cards is not (law 28).
    state = deal()
    play(state, "propose_2")
    assert field(state, 1, "proposed").tolist() == [0, 0, 1, 0, 0, 0]
    assert field(state, 1, "answer").tolist() == [1, 0, 0]  # waiting for the dealer
    play(state, "accept 9C 8D")  # elder discards two and draws two
    assert cards32(field(state, 0, "discarded")) == {"9C", "8D"}
    assert not field(state, 1, "discarded").any()  # the dealer does not see them
    assert field(state, 1, "answer").tolist() == [0, 1, 0]
    assert field(state, 1, "elder_took").tolist() == [0, 0, 1, 0, 0, 0]
    assert field(state, 1, "cards_taken").tolist() == pytest.approx([2 / 5, 0])
    assert field(state, 0, "stock")[0] == pytest.approx(19 / 21)


def test_a_refusal_makes_the_dealer_vulnerable_and_playing_on_the_elder() -> None:
    # Law 49 (RULINGS E5): refuse the first proposal and fail, and elder scores 2.
    state = deal()
    play(state, "propose_1 refuse")
    assert field(state, 0, "vulnerable").tolist() == [0, 1]
    assert field(state, 0, "answer").tolist() == [0, 0, 1]
    state = deal()
    play(state, "play")  # law 49: elder plays without proposing
    assert field(state, 1, "vulnerable").tolist() == [1, 0]
    assert field(state, 1, "phase")[8] == 1  # play


def test_the_king_marked_the_lead_and_the_cards_played() -> None:
    state = deal()  # hearts trumps; elder holds the KH (law 23)
    play(state, "play mark_king")
    assert field(state, 1, "king_marked").tolist() == [1, 0]
    play(state, "7S")
    assert cards32(field(state, 1, "trick_lead")) == {"7S"}
    assert cards32(field(state, 1, "played_elder")) == {"7S"}
    assert field(state, 1, "leader").tolist() == [1, 0]
    play(state, "8S")  # the dealer follows and wins with the higher spade
    assert not field(state, 0, "trick_lead").any()
    assert cards32(field(state, 0, "played_dealer")) == {"8S"}
    assert field(state, 0, "tricks").tolist() == pytest.approx([0, 1 / 5])
    assert field(state, 0, "leader").tolist() == [0, 1]


def test_french_bets_and_the_backed_hand_with_advice() -> None:
    # RULINGS 4.1 french: bystanders bet on a player and, with advice, see the hand backed.
    game = hoyle.load("ecarte", variant="french", players=3)
    state = game.new_initial_state(seed=5)
    assert state.phase == "bet"
    bettor = state.current_player()
    backed = state.pair[0]
    play(state, f"back_{backed}")
    n = 3
    bets = field(state, bettor, "bets")
    assert bets[(backed - bettor) % n] == 1 and bets.sum() == 1  # row 0: the viewer's bet
    while state.phase not in ("propose", "play"):
        state.apply_action(state.legal_actions()[0])
    seen = field(state, bettor, "seen_hand")
    assert {c for c, i in CARD32.items() if seen[i]} == set(
        state.observation(bettor)["seen_hands"][backed]
    )
    assert not field(state, backed, "seen_hand").any()


def test_a_double_accepted_and_a_point_offered_and_refused() -> None:
    # RULINGS E6: either player may double before the third trick; E7: the point offered and
    # refused binds the refuser to the vole.
    state = deal(doubling=True)
    play(state, "play double")
    assert field(state, 1, "phase")[PHASES.index("double")] == 1
    play(state, "accept")
    assert field(state, 0, "multiplier")[0] == pytest.approx(2 / 8)
    state = deal(offer_point=True)
    play(state, "play offer_point")
    assert field(state, 1, "phase")[PHASES.index("offer")] == 1
    play(state, "refuse")
    assert field(state, 1, "point_offered").tolist() == [1, 0]  # the elder offered


def test_the_pool_watcher_sees_the_table_but_no_hand() -> None:
    # RULINGS 4.1 pool: two play and one watches, coming in when a loser gives up the seat.
    state = hoyle.load("ecarte", variant="pool").new_initial_state(seed=2)
    while state.phase != "propose":
        state.apply_action(state.legal_actions()[0])
    (watcher,) = state.observation(None)["waiting"]
    assert not field(state, watcher, "hand").any()
    assert field(state, watcher, "waiting").tolist() == [1, 0, 0]  # the viewer waits…
    assert field(state, watcher, "next_in").tolist() == [1, 0, 0]  # …and comes in next
    elder = (state.elder - watcher) % 3
    assert field(state, watcher, "elder").argmax() == elder
    assert cards32(field(state, state.elder, "hand")) == set(state.observation(state.elder)["hand"])


def test_the_documented_layouts_are_the_encoders() -> None:
    # docs/observation-tensors*.md prints encoder(game).layout() for Écarté.
    docs = Path(__file__).parents[2] / "docs"
    text = "".join(p.read_text(encoding="utf-8") for p in docs.glob("observation-tensors*.md"))
    assert encoder(hoyle.load("ecarte")).layout() in text
