"""Hearts' help for search: touching cards are one move (:mod:`hoyle.games.hearts.search`).

Two cards of a suit in one hand touch when every card ranked between them is already out of
play or in that hand: they then win and lose the same tricks, so when they cost the same the
deal ends alike whichever is played, and search tries one of them.
"""

from __future__ import annotations

import random
from typing import Any

import hoyle
from deals import VOID_IN_CLUBS, hands_with
from helpers import play
from hoyle.cards import TOKENS
from hoyle.games.hearts.search import move_classes


def classes(state: Any) -> dict[str, str]:
    found = move_classes(state)
    assert found is not None
    return {TOKENS[a]: TOKENS[r] for a, r in found.items()}


def test_cards_in_a_row_in_one_hand_are_one_move() -> None:
    # Seat 0 may lead any club: 2♣ 3♣ 4♣ are all its own, so they are one move; the 9♣ is
    # apart, since the 5♣ to 8♣ lie in other hands.
    game = hoyle.load("hearts", deals=1, pass_cycle="hold", lead_any_club=True)
    state = game.deal_state(hands_with("2C 3C 4C 9C", "5C 6C", "7C", "8C"))
    assert state.current_player() == 0
    found = classes(state)
    assert {c: found[c] for c in ("2C", "3C", "4C", "9C")} == {
        "2C": "2C",
        "3C": "2C",
        "4C": "2C",
        "9C": "9C",
    }


def test_cards_played_in_earlier_tricks_join_the_cards_around_them() -> None:
    game = hoyle.load("hearts", deals=1, pass_cycle="hold", lead_any_club=True)
    state = game.deal_state(hands_with("2C 4C 8C 9C", "5C", "6C", "7C 3C"))
    assert classes(state)["8C"] == "8C"  # the 5♣ to 7♣ are out: the 4♣ and 8♣ differ
    # Trick 1: 2♣ 5♣ 6♣ 7♣, won by seat 3, which leads the 3♣. Seat 0 must follow: with
    # 5♣-7♣ played and the 8♣ its own, the 4♣, 8♣ and 9♣ now win or lose alike.
    play(state, "2C 5C 6C 7C 3C")
    assert state.current_player() == 0
    assert classes(state) == {"4C": "4C", "8C": "4C", "9C": "4C"}


def test_a_card_on_the_table_keeps_its_neighbours_apart() -> None:
    # Seat 3 leads the 6♣; seat 0's 5♣ would duck under it and its 7♣ would win it.
    game = hoyle.load("hearts", deals=1, pass_cycle="hold", lead_any_club=True)
    state = game.deal_state(hands_with("5C 7C", "3C", "4C", "2C 6C"))
    play(state, "6C")
    assert state.current_player() == 0
    assert classes(state) == {"5C": "5C", "7C": "7C"}


def scenario_void_in_clubs(**options: Any) -> Any:
    """Seat 0 is void in clubs on the first trick, holding J♠ Q♠ K♠ 2♥ 3♥ 4♥ and seven
    diamonds 2♦-8♦, free to discard anything."""
    game = hoyle.load("hearts", deals=1, pass_cycle="hold", no_points_first_trick=False, **options)
    state = game.deal_state(VOID_IN_CLUBS)
    play(state, "2C 8S 3C")  # seats 1, 2 and 3; seat 0 discards last
    assert state.current_player() == 0
    return state


def test_hearts_that_cost_alike_are_one_move_and_the_queen_stays_apart() -> None:
    found = classes(scenario_void_in_clubs())
    assert [found[c] for c in ("2H", "3H", "4H")] == ["2H", "2H", "2H"]
    # The Q♠ costs 13 and is never grouped; the J♠ and K♠ differ across it.
    assert [found[c] for c in ("JS", "QS", "KS")] == ["JS", "QS", "KS"]
    assert {found[r + "D"] for r in "2345678"} == {"2D"}


def test_spot_hearts_cost_their_rank_so_they_stay_apart() -> None:
    found = classes(scenario_void_in_clubs(heart_values="spot"))
    assert [found[c] for c in ("2H", "3H", "4H")] == ["2H", "3H", "4H"]


def test_the_classes_read_only_what_the_player_sees() -> None:
    # The hook is asked about the real state: every world the player cannot tell from it
    # must give the same classes.
    game = hoyle.load("hearts", deals=1, pass_cycle="hold")
    rng = random.Random(4)
    seen = 0
    for seed in range(6):
        state = game.new_initial_state(seed=seed)
        easy = hoyle.agent("easy", game, seed=seed)
        while not state.is_terminal():
            found = move_classes(state)
            if found is not None:
                world = state.resample_from_infostate(state.current_player(), rng)
                assert move_classes(world) == found
                seen += len(set(found.values())) < len(found)
            state.apply_action(easy.step(state))
    assert seen > 0  # some positions really had interchangeable cards


def test_search_gives_interchangeable_cards_one_value() -> None:
    state = scenario_void_in_clubs()
    for level in ("medium", "hard"):
        values = {
            v.action: v
            for v in hoyle.agent(level, state.game, simulations=60, seed=1).analyse(state)
        }  # type: ignore[attr-defined]
        hearts = [values[state.string_to_action(c)] for c in ("2H", "3H", "4H")]
        assert len({(v.value, v.visits) for v in hearts}) == 1
        assert set(values) == set(state.legal_actions())
