"""Scenario tests of the Spite and Malice rules: hand-set positions, the moves, what the rules
say must follow. Each cites its rule: the seed (S-S, shared/seeds/002), RULINGS.md section 3.

Positions are written with ``SpiteMaliceGame.deal_state``: goal piles bottom first (the last card
is the top), discard piles bottom first, centre stacks from the ace.
"""

from __future__ import annotations

from typing import Any

import pytest

import hoyle
from helpers import play
from hoyle.games.spite_malice import SpiteMaliceGame, SpiteMaliceState


def load(variant: str = "standard", **options: Any) -> SpiteMaliceGame:
    game = hoyle.load("spite-malice", variant=variant, **options)
    assert isinstance(game, SpiteMaliceGame)
    return game


def moves(state: SpiteMaliceState) -> set[str]:
    return {state.action_to_string(a) for a in state.legal_actions()}


STACKS_1_TO_4 = ["AC 2C 3C 4C"]


# ---------------------------------------------------------------- standard (S-S, RULINGS 3.0)


def test_standard_kings_are_wild_for_any_rank_but_the_ace() -> None:
    # S-S "Los reyes son comodines y pueden sustituir a cualquier otro rango … excepto al as".
    state = load().deal_state(goals=["9H", "9D"], hands=["KS 5D", "2C"], stacks=STACKS_1_TO_4)
    legal = moves(state)
    assert "K=5:hand>stack1" in legal  # a king stands for the 5 the stack needs
    assert "K=A:hand>stack" not in legal  # but never starts a stack
    play(state, "K:hand>stack1")  # the "=5" may be left out when typing
    assert state.observation(0)["stack_next"] == ["6"]


def test_standard_the_dealer_plays_first_and_hands_are_drawn_at_the_first_turn() -> None:
    # S-S "El juego comienza con el crupier"; "Cada turno comienza con un jugador que toma
    # cartas de la pila común para obtener una mano de cinco cartas".
    state = load(players=3).new_initial_state(seed=4)
    obs = state.observation(None)
    assert state.current_player() == obs["dealer"] == 0
    assert obs["hand_sizes"] == [5, 0, 0]
    assert [p[0]["count"] for p in obs["goals"]] == [26, 26, 26]
    assert obs["stock"] == 156 - 3 * 26 - 5


def test_standard_a_hand_played_out_draws_five_more() -> None:
    # S-S "Si coloca las 5 cartas antes de hacer un descarte, toma 5 cartas más y continúa."
    state = load().deal_state(
        goals=["9H", "9D"], hands=["AC 2D", "5C"], stock="3C 4C 7D 8D JC 6H", current=0
    )
    play(state, "A:hand>stack 2:hand>stack1")
    assert state.observation(0)["hand"] == ["3C", "4C", "7D", "8D", "JC"]
    assert state.current_player() == 0  # still this player's turn: the discard has not come


def test_standard_a_turn_ends_with_one_discard_and_goal_cards_never_go_there() -> None:
    # S-S "un turno termina con un jugador colocando una carta de su mano en una de sus pilas
    # de descarte"; RULINGS 3.0 "Goal cards can never be discarded".
    state = load().deal_state(goals=["9H", "9D"], hands=["7C 5D", "2C"], current=0)
    legal = moves(state)
    assert {m for m in legal if m.startswith("9")} == set()
    # Only one empty pile is offered: they are all alike.
    assert {m for m in legal if "discard" in m} == {"7:hand>discard1", "5:hand>discard1"}
    play(state, "7:hand>discard1")
    assert state.current_player() == 1
    assert state.observation(1)["discards"][0][0] == ["7C"]


def test_standard_going_out_scores_five_and_one_per_opponent_goal_card() -> None:
    # S-S Tanteo: "cinco puntos por despejar la pila objetivo y un punto por cada carta que
    # quede en las pilas objetivo de sus oponentes"; no discard after the winning move.
    state = load(deals=1).deal_state(
        goals=["5H", "9D 8D 7D 6D TD"], hands=["3C 4C", "2C"], stacks=["AC 2D"]
    )
    play(state, "3:hand>stack1 4:hand>stack1 5:goal>stack1")
    assert state.is_terminal()
    assert state.returns() == [5.0 + 5, 0.0]


def test_standard_a_blocked_deal_scores_the_difference_to_the_closest() -> None:
    # S-S Tanteo: with no stock possible "la persona más cercana a una pila objetivo despejada
    # anota la diferencia"; RULINGS 3.0 blocked hand, S7.
    state = load(players=3, deals=1).deal_state(
        goals=["9H 9C", "9D 8D 7D 6D", "TH JH QH"], hands=["7C", "", ""], stock=""
    )
    play(state, "7:hand>discard1")  # the next player must draw: there is nothing to draw
    assert state.is_terminal()
    assert state.returns() == [float((4 - 2) + (3 - 2)), 0.0, 0.0]


@pytest.mark.parametrize(
    ("goals", "points", "said"),
    [
        (
            ["9H 8H", "9D 8D"],
            [0, 0],
            "Fewest goal cards: You and Seat 1 tie with 2: nobody scores.",
        ),
        (["9H", "9D 8D 7D"], [2, 0], "You score 2."),
        (["9H 9C", "9D 8D", "TH JH QH 4S"], [0, 0, 0], "You and Seat 1 tie with 2"),
        (
            ["9H 9C", "9D 8D 7D 6D", "TH JH QH 4S"],
            [4, 0, 0],
            "the difference to the others: 2 + 2 = 4",
        ),
        (["9H 9C 9S 2S", "9D", "TH JH QH"], [0, 5, 0], "Seat 1 scores 5."),
        (["9H 9C 9S 2S", "9D 8D", "TH JH"], [0, 0, 0], "Seat 1 and Seat 2 tie with 2"),
    ],
    ids=["2-tie", "2-fewer", "3-tie", "3-fewest-first", "3-fewest-second", "3-tie-behind"],
)
def test_standard_a_blocked_deal_tie_for_fewest_goal_cards_scores_nothing(
    goals: list[str], points: list[int], said: str
) -> None:
    # S-S Tanteo: in a blocked hand "la persona más cercana a una pila objetivo despejada anota
    # la diferencia"; RULINGS 3.0 blocked hand "A tie for fewest → nobody scores"; S7 with more
    # than two: the sum of the differences. The deal is blocked when the next player must draw
    # and neither the stock nor a completed heap can give a card (RULINGS S3).
    n = len(goals)
    hands = ["5D", "2C", "3C"][:n]
    state = load(players=n, deals=1).deal_state(hands, goals=goals, stock="")
    play(state, "5:hand>discard1")
    assert state.is_terminal()
    assert state.returns() == [float(p) for p in points]
    result = state.observation(0)["results"][-1]
    assert result["scores"] == points
    assert said in " ".join(result["lines"])
    assert result["lines"][0] == (
        "The deal is blocked: the stock is empty and no new stock can be made."
    )


def test_standard_completed_stacks_wait_and_become_the_stock_when_it_runs_out() -> None:
    # RULINGS S3: the completed heap is reshuffled only when a draw finds the stock empty.
    stack = "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC"
    state = load().deal_state(
        goals=["9H", "9D"], hands=["QC 5D", "2C 3D 4D 5H"], stacks=[stack], stock="7H"
    )
    play(state, "Q:hand>stack1")
    obs = state.observation(0)
    assert obs["stacks"] == [] and obs["completed"] == 1
    assert len(obs["heap"]) == 12 and obs["stock"] == 1  # it waits while the stock lasts
    play(state, "5:hand>discard1")  # seat 1 draws the 7H, then the stock is empty …
    assert state.observation(1)["stock"] == 0 and len(state.observation(1)["heap"]) == 12
    play(state, "2:hand>discard1")  # … and seat 0 draws from the completed heap, reshuffled
    obs = state.observation(0)
    assert obs["heap"] == [] and obs["recycled"] == 1
    assert obs["stock"] == 12 - 5 and len(obs["hand"]) == 5


# ---------------------------------------------------------------- uspcc


def test_uspcc_uses_two_packs() -> None:
    # S-S "la versión … de la United States Playing Card Company utiliza dos barajas".
    game = load("uspcc")
    assert sum(game.total) == 104
    assert game.new_initial_state(seed=1).observation(None)["stock"] == 104 - 52 - 5


def test_uspcc_three_players_have_goal_piles_of_thirteen() -> None:
    # RULINGS 3.1 uspcc: "2 players (3 with goal 13)".
    state = load("uspcc", players=3).new_initial_state(seed=1)
    assert [p[0]["count"] for p in state.observation(None)["goals"]] == [13, 13, 13]


def test_uspcc_is_not_for_four() -> None:
    with pytest.raises(hoyle.InvalidOptionError, match="4 players"):
        load("uspcc", players=4)


# ---------------------------------------------------------------- unlimited-stacks


def test_unlimited_stacks_a_fifth_stack_may_start() -> None:
    # S-S Variantes: "pilas centrales ilimitadas"; standard allows four (RULINGS S4).
    stacks = ["AC", "AD", "AH", "AS"]
    standard = load().deal_state(goals=["9H", "9D"], hands=["AC 5D", "2C"], stacks=stacks)
    assert "A:hand>stack" not in moves(standard)
    unlimited = load("unlimited-stacks").deal_state(
        goals=["9H", "9D"], hands=["AC 5D", "2C"], stacks=stacks
    )
    play(unlimited, "A:hand>stack")
    assert len(unlimited.observation(0)["stacks"]) == 5
    assert "5:hand>stack5" not in moves(unlimited)  # built one rank at a time


def test_unlimited_stacks_numbers_every_stack_in_its_tokens() -> None:
    stacks = ["AC", "AD", "AH", "AS", "AC 2C", "AD 2D 3D 4D"]
    state = load("unlimited-stacks").deal_state(
        goals=["9H", "9D"], hands=["2H 5D", "2C"], stacks=stacks
    )
    assert {m for m in moves(state) if ">stack" in m} == {
        "2:hand>stack1",
        "2:hand>stack2",
        "2:hand>stack3",
        "2:hand>stack4",
        "5:hand>stack6",
    }


def test_unlimited_stacks_completed_stacks_stay_out_until_the_stock_runs_out() -> None:
    # S-S Variantes: "solo se eliminan cuando se agota la pila de cartas disponibles".
    state = load("unlimited-stacks").deal_state(
        goals=["9H", "9D"],
        hands=["QC 5D", "2C"],
        stacks=["AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC", "AH"],
        stock="7H 8H",
    )
    play(state, "Q:hand>stack1")
    obs = state.observation(0)
    assert len(obs["heap"]) == 12 and obs["stock"] == 2


# ---------------------------------------------------------------- compulsory-aces-twos


def test_compulsory_an_ace_in_hand_must_be_played_first() -> None:
    # S-S Variantes: "una regla que exige que los ases y los dos se jueguen siempre que un
    # jugador pueda hacerlo".
    state = load("compulsory-aces-twos").deal_state(goals=["9H", "9D"], hands=["AC 5D", "2C"])
    assert moves(state) == {"A:hand>stack"}
    free = load().deal_state(goals=["9H", "9D"], hands=["AC 5D", "2C"])
    assert "5:hand>discard1" in moves(free)


def test_compulsory_a_two_on_a_discard_top_must_go_too() -> None:
    state = load("compulsory-aces-twos").deal_state(
        goals=["9H", "9D"], hands=["7C 5D", "3C"], discards=[["TD 2S"]], stacks=["AD"]
    )
    assert moves(state) == {"2:discard1>stack1"}


def test_compulsory_wilds_are_never_forced() -> None:
    # RULINGS 3.1 compulsory: "Wilds are never forced."
    state = load("compulsory-aces-twos").deal_state(
        goals=["9H", "9D"], hands=["KC 5D", "3C"], stacks=["AD"]
    )
    legal = moves(state)
    assert "K=2:hand>stack1" in legal and "5:hand>discard1" in legal


# ---------------------------------------------------------------- misery


def test_misery_both_goal_tops_play_and_hands_are_six() -> None:
    # S-S Variantes (Misery): "dos pilas (objetivo) de 12 por jugador y una mano de 6".
    state = load("misery").new_initial_state(seed=2)
    obs = state.observation(0)
    assert [p["count"] for p in obs["goals"][0]] == [12, 12]
    assert obs["hand_sizes"] == [6, 0]
    assert sum(load("misery").total) == 104
    assert sum(load("misery", players=3).total) == 156  # three players, three packs


def test_misery_a_goal_top_from_either_pile_may_play() -> None:
    state = load("misery").deal_state(goals=[["7H AD", "9C 2S"], ["5D", "6D"]], hands=["5C", "3C"])
    play(state, "A:goal1>stack 2:goal2>stack1")
    assert state.observation(0)["goals"][0] == [
        {"top": "7H", "count": 1},
        {"top": "9C", "count": 1},
    ]


def test_misery_emptying_one_pile_does_not_win_both_does() -> None:
    state = load("misery", deals=1).deal_state(
        goals=[["AD", "9C 2S"], ["5D 6D", "6H"]], hands=["5C", "3C"]
    )
    play(state, "A:goal1>stack")
    assert not state.is_terminal()
    play(state, "2:goal2>stack1")
    assert not state.is_terminal()
    state2 = load("misery", deals=1).deal_state(
        goals=[["AD", "2S"], ["5D 6D", "6H"]], hands=["5C", "3C"]
    )
    play(state2, "A:goal1>stack 2:goal2>stack1")
    assert state2.returns() == [5.0 + 3, 0.0]  # both of the opponent's piles count


# ---------------------------------------------------------------- build-to-king


def test_build_to_king_kings_are_natural_and_complete_the_stack() -> None:
    # S-S Variantes: "construir todas las pilas hasta el rey".
    stack = "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC"
    state = load("build-to-king").deal_state(
        goals=["9H", "9D"], hands=["KS 5D", "2C"], stacks=[stack]
    )
    play(state, "K:hand>stack1")
    assert state.observation(0)["stacks"] == [] and state.observation(0)["completed"] == 1
    standard = load().deal_state(goals=["9H", "9D"], hands=["KS 5D", "2C"], stacks=[stack[:-3]])
    play(standard, "K=Q:hand>stack1")  # in the standard game a king is a wild queen
    assert standard.observation(0)["completed"] == 1


def test_build_to_king_jokers_are_wild_but_never_a_2_7_or_jack() -> None:
    # S-S: "los comodines representan todas las cartas excepto A, 2, 7 y J".
    game = load("build-to-king")
    assert game.total[52] == 6
    state = game.deal_state(
        goals=["9H", "9D"], hands=["XJ 5D", "2C"], stacks=["AC", "AD 2D", "AH 2H 3H 4H 5H 6H"]
    )
    legal = moves(state)
    assert "X=3:hand>stack2" in legal
    assert "X=2:hand>stack1" not in legal and "X=7:hand>stack3" not in legal
    assert "X=A:hand>stack" not in legal


def test_build_to_king_a_king_is_never_wild() -> None:
    state = load("build-to-king").deal_state(
        goals=["9H", "9D"], hands=["KS 5D", "2C"], stacks=["AC"]
    )
    assert not any(m.startswith("K") and "stack" in m for m in moves(state))


# ---------------------------------------------------------------- cover-wild


def test_cover_wild_needs_the_covering_card_at_hand() -> None:
    # S-S Variantes: "un comodín sea cubierto inmediatamente por la siguiente carta".
    game = load("cover-wild")
    without = game.deal_state(goals=["9H", "9D"], hands=["KS 5D", "2C"], stacks=["AC 2C"])
    assert "K=3:hand>stack1" not in moves(without)  # no natural 4 in view
    with_four = game.deal_state(goals=["9H", "9D"], hands=["KS 4D", "2C"], stacks=["AC 2C"])
    assert "K=3:hand>stack1" in moves(with_four)


def test_cover_wild_the_cover_comes_next() -> None:
    state = load("cover-wild").deal_state(
        goals=["9H", "9D"], hands=["KS 4D 8D", "2C"], discards=[["4H"]], stacks=["AC 2C"]
    )
    play(state, "K:hand>stack1")
    assert moves(state) == {"4:hand>stack1", "4:discard1>stack1"}
    play(state, "4:discard1>stack1")
    assert "8:hand>discard1" in moves(state)


def test_cover_wild_never_stands_for_a_seven_or_a_queen() -> None:
    # S-S: "tampoco permite que se utilicen comodines en lugar de 7 (o reinas …)".
    state = load("cover-wild").deal_state(
        goals=["9H", "9D"],
        hands=["KS 8D", "2C"],
        stacks=["AC 2C 3C 4C 5C 6C", "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD"],
    )
    assert not any(m.startswith("K=") for m in moves(state))


# ---------------------------------------------------------------- deck-per-player


def test_deck_per_player_has_one_pack_each() -> None:
    # S-S Variantes: "una baraja para cada jugador (por ejemplo, 3 jugadores juegan con 3 barajas)".
    assert sum(load("deck-per-player").total) == 104
    assert sum(load("deck-per-player", players=3).total) == 156
    assert sum(load("deck-per-player", players=4).total) == 208


def test_deck_per_player_keeps_four_stacks_and_wild_kings() -> None:
    state = load("deck-per-player").deal_state(
        goals=["9H", "9D"], hands=["AC KS", "2C"], stacks=["AC", "AD", "AH", "AS"]
    )
    legal = moves(state)
    assert "A:hand>stack" not in legal
    assert "K=2:hand>stack1" in legal


def test_deck_per_player_has_no_jokers() -> None:
    # "Aquí no se utilizan comodines": a joker is not a card of the game.
    game = load("deck-per-player")
    assert game.total[52] == 0
    with pytest.raises(hoyle.InvalidOptionError, match="no XJ"):
        game.deal_state(goals=["9H", "9D"], hands=["XJ", "2C"])


# ---------------------------------------------------------------- natural-ace-two


def test_natural_ace_two_no_wild_stands_for_a_two() -> None:
    # S-S Variantes: "un A natural y un 2 (sin comodines para A o 2)".
    state = load("natural-ace-two").deal_state(
        goals=["9H", "9D"], hands=["KS 5D", "2C"], stacks=["AC", "AD 2D"]
    )
    legal = moves(state)
    assert "K=2:hand>stack1" not in legal and "K=3:hand>stack2" in legal


def test_natural_ace_two_a_pair_may_be_discarded() -> None:
    # S-S: "permite descartar pares de cartas … pero no más de dos cartas a la vez".
    state = load("natural-ace-two").deal_state(goals=["9H", "9D"], hands=["7C 7D 7H 5S", "2C"])
    legal = moves(state)
    assert "7+7:hand>discard1" in legal
    assert not any(m.count("+") > 1 for m in legal)
    play(state, "7+7:hand>discard1")
    assert state.observation(0)["discards"][0][0] == ["7C", "7D"]
    assert state.observation(0)["hand"] == ["5S", "7H"]
    assert state.current_player() == 1


def test_natural_ace_two_pairs_are_not_discarded_in_the_standard_game() -> None:
    state = load().deal_state(goals=["9H", "9D"], hands=["7C 7D 5S", "2C"])
    assert not any("+" in m for m in moves(state))


# ---------------------------------------------------------------- common (pagat)


def test_common_kings_start_stacks_and_three_at_most() -> None:
    # RULINGS 3.1 common: "At most 3 stacks. Kings are fully wild, including as ace."
    state = load("common").deal_state(
        goals=["9H", "9D"], hands=["KS 5D", "2C"], stacks=["AC", "AD"]
    )
    play(state, "K=A:hand>stack")
    assert len(state.observation(0)["stacks"]) == 3
    state2 = load("common").deal_state(
        goals=["9H", "9D"], hands=["AS 5D", "2C"], stacks=["AC", "AD", "AH"]
    )
    assert "A:hand>stack" not in moves(state2)


def test_common_the_higher_goal_card_starts() -> None:
    # RULINGS S5 first=higher_goal_card (pagat).
    game = load("common")
    for seed in range(10):
        state = game.new_initial_state(seed=seed)
        tops = [p[0]["top"] for p in state.observation(None)["goals"]]
        ranks = [game.rank[game.kind_of(t)] for t in tops]
        assert ranks[0] != ranks[1]  # equal tops are dealt again
        assert state.current_player() == ranks.index(max(ranks))


def test_common_completed_stacks_go_into_the_stock_at_once_and_blocked_is_a_draw() -> None:
    # RULINGS 3.1 common: "A completed stack is shuffled into the stock at once"; "Stock
    # exhausted → a draw".
    stack = "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC"
    state = load("common", deals=1).deal_state(
        goals=["9H", "9D 8D"], hands=["QC 5D", "2C"], stacks=[stack], stock=""
    )
    play(state, "Q:hand>stack1")
    assert state.observation(0)["stock"] == 12 and state.observation(0)["heap"] == []
    blocked = load("common", deals=1).deal_state(
        goals=["9H", "9D 8D"], hands=["5D", "2C"], stock=""
    )
    play(blocked, "5:hand>discard1")
    assert blocked.is_terminal() and blocked.returns() == [0.0, 0.0]


# ---------------------------------------------------------------- book (Frey)


def test_book_discards_go_down_or_equal() -> None:
    # RULINGS 3.1 book: "A discard onto a non-empty pile must be equal to, or one lower than,
    # its top."
    state = load("book").deal_state(
        goals=["9H", "9D"], hands=["8C 9S 5D", "2C"], discards=[["9D", "TH", "6S", "2H"]]
    )
    on_first = {m for m in moves(state) if m.endswith("discard1")}
    assert on_first == {"8:hand>discard1", "9:hand>discard1"}


def test_book_a_turn_may_end_without_a_discard_and_two_passes_block() -> None:
    # RULINGS 3.1 book: "A turn may end without a discard; a player may pass"; "Mutual pass
    # ends the game; fewer goal cards scores the difference".
    state = load("book", deals=1).deal_state(goals=["9H", "9D 8D 7D"], hands=["5C", "3C"])
    assert "pass" in moves(state)
    play(state, "pass")
    assert state.current_player() == 1
    play(state, "pass")
    assert state.is_terminal() and state.returns() == [2.0, 0.0]


def test_book_aces_showing_must_go_but_not_from_hand() -> None:
    # RULINGS 3.1 book: "Any visible ace or 2 on the goal or a discard top must go to the
    # centre as soon as it is legal."
    game = load("book")
    state = game.deal_state(goals=["9H AD", "9D"], hands=["AC 5D", "2C"])
    assert moves(state) == {"A:goal>stack"}
    in_hand = game.deal_state(goals=["9H", "9D"], hands=["AC 5D", "2C"])
    assert "5:hand>discard1" in moves(in_hand) and "A:hand>stack" in moves(in_hand)


def test_book_kings_are_natural_and_jokers_wild() -> None:
    game = load("book")
    assert game.total[52] == 4 and sum(game.total) == 52 + 52 + 4
    state = game.deal_state(goals=["9H", "9D"], hands=["XJ KS", "2C"], stacks=["AC 2C"])
    legal = moves(state)
    assert "X=3:hand>stack1" in legal and "K=3:hand>stack1" not in legal


# ---------------------------------------------------------------- starturn (1935)


def test_starturn_deals_black_goal_piles_and_red_hands() -> None:
    # S-S Starturn: "Las cartas negras se dividen equitativamente … Se reparten cinco cartas
    # rojas a cada jugador"; RULINGS S6 for the faces.
    game = load("starturn")
    assert sum(game.goal_pack or []) == 44 and sum(game.stock_pack) == 52
    state = game.new_initial_state(seed=3)
    obs = state.observation(0)
    assert [p[0]["count"] for p in obs["goals"]] == [22, 22]
    assert obs["hand_sizes"] == [5, 5]  # both hands dealt before the first turn
    assert obs["stock"] == 52 - 10
    assert all(t.isdigit() and 1 <= int(t) <= 15 for t in obs["hand"])


def test_starturn_builds_one_to_fifteen_and_shuffles_a_pile_into_the_stock() -> None:
    # S-S Starturn: "comenzando por el 1 y hasta el 15"; "Los mazos de construcción
    # completados se mezclan en el mazo tan pronto como se completan".
    stack = " ".join(str(n) for n in range(1, 15))
    state = load("starturn").deal_state(
        goals=["9", "9"], hands=["15 13", "2"], stacks=[stack], stock=""
    )
    assert "13:hand>stack1" not in moves(state)  # no wilds: a 13 is a 13
    play(state, "15:hand>stack1")
    obs = state.observation(0)
    assert obs["stacks"] == [] and obs["stock"] == 15 and obs["heap"] == []


def test_starturn_the_whole_hand_played_needs_no_discard() -> None:
    # S-S Starturn: a discard ends each turn "excepto cuando se hayan utilizado todas las
    # cartas de la mano": the hand played out draws again and the turn goes on.
    state = load("starturn").deal_state(goals=["9", "9"], hands=["1", "2"], stock="4 5 6 7 8")
    play(state, "1:hand>stack")
    assert state.current_player() == 0 and state.observation(0)["hand"] == ["4", "5", "6", "7", "8"]


# ---------------------------------------------------------------- options one by one


def test_option_jokers_keeps_wild_jokers_in_the_standard_game() -> None:
    # RULINGS 3.1 standard: "Option jokers=wild (also not as ace)".
    game = load(jokers=6)
    assert sum(game.total) == 162
    state = game.deal_state(goals=["9H", "9D"], hands=["XJ 5D", "2C"], stacks=["AC"])
    assert "X=2:hand>stack1" in moves(state) and "X=A:hand>stack" not in moves(state)
    with pytest.raises(hoyle.InvalidOptionError):
        load().deal_state(goals=["9H", "9D"], hands=["XJ", "2C"])


def test_option_packs_default_grows_beyond_four_players() -> None:
    # RULINGS 3.1 standard: "add one pack per player beyond 4".
    assert load(players=4).rules.pack_count == 3
    assert load(players=5).rules.pack_count == 4
    assert sum(load(players=5, packs=6).total) == 312


def test_option_goal_size_and_discard_piles() -> None:
    state = load(goal_size=13, discard_piles=2).deal_state(
        goals=["9H", "9D"], hands=["7C 5D", "2C"], discards=[["3S", "4S"]]
    )
    assert {m for m in moves(state) if "discard" in m} == {
        "7:hand>discard1",
        "7:hand>discard2",
        "5:hand>discard1",
        "5:hand>discard2",
    }
    seeded = load(goal_size=13).new_initial_state(seed=1)
    assert seeded.observation(None)["goals"][0][0]["count"] == 13


def test_option_hand_size_draws_up_to_it() -> None:
    state = load(hand_size=3).new_initial_state(seed=1)
    assert state.observation(0)["hand_sizes"][0] == 3


def test_option_recycle_immediate_in_the_standard_game() -> None:
    stack = "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC"
    state = load(recycle="immediate").deal_state(
        goals=["9H", "9D"], hands=["QC 5D", "2C"], stacks=[stack], stock="7H"
    )
    play(state, "Q:hand>stack1")
    assert state.observation(0)["stock"] == 13 and state.observation(0)["heap"] == []


def test_option_first_dealer_or_higher_goal() -> None:
    dealer = load().new_initial_state(seed=5)
    assert dealer.current_player() == 0
    higher = load(first="higher_goal_card").new_initial_state(seed=5)
    game = higher.g
    tops = [game.rank[game.kind_of(p[0]["top"])] for p in higher.observation(None)["goals"]]
    assert higher.current_player() == tops.index(max(tops))


def test_option_deal_hands_deals_every_hand_first() -> None:
    state = load(deal_hands=True).new_initial_state(seed=1)
    assert state.observation(None)["hand_sizes"] == [5, 5]


def test_option_stalemate_draw_scores_nothing() -> None:
    game = load(deals=1, stalemate="draw")
    state = game.deal_state(goals=["9H", "9D 8D"], hands=["5D", "2C"], stock="")
    play(state, "5:hand>discard1")
    assert state.is_terminal() and state.returns() == [0.0, 0.0]


def test_option_target_ends_the_match() -> None:
    # S-S "Las partidas suelen jugarse a 25, 50 o 100 puntos": a deal worth 10 ends a match
    # to 10 but not one to 50.
    def win(**options: Any) -> SpiteMaliceState:
        state = load(**options).deal_state(goals=["AH", "9D 8D 7D 6D TD"], hands=["3C 4C", "2C"])
        play(state, "A:goal>stack")
        return state

    assert win(target=10).is_terminal()
    assert win(target=10).returns() == [1.0, 0.0]
    going_on = win(target=50)
    assert not going_on.is_terminal()
    assert going_on.scores() == [10.0, 0.0] and going_on.progress()[0] == 2


def test_option_deals_and_deal_limit_end_the_match() -> None:
    def blocked(**options: Any) -> SpiteMaliceState:
        state = load(**options).deal_state(goals=["9H", "9D 8D"], hands=["5D", "2C"], stock="")
        play(state, "5:hand>discard1")
        return state

    assert blocked(deals=1).is_terminal()
    assert not blocked(deals=2).is_terminal()
    assert blocked(deal_limit=1).is_terminal()
    assert blocked(deal_limit=1).returns() == [1.0, 0.0]  # the higher score wins
    assert not blocked().is_terminal()


def test_option_turn_limit_blocks_a_long_deal() -> None:
    state = load(deals=1, turn_limit=1).deal_state(goals=["9H", "9D 8D"], hands=["5D", "2C"])
    play(state, "5:hand>discard1")
    assert state.is_terminal() and state.returns() == [1.0, 0.0]


def test_option_may_pass_and_discard_down_in_the_standard_game() -> None:
    state = load(may_pass=True, discard_down=True).deal_state(
        goals=["9H", "9D"], hands=["8C 3D", "2C"], discards=[["9S"]]
    )
    legal = moves(state)
    assert "pass" in legal and "8:hand>discard1" in legal and "3:hand>discard1" not in legal
    assert "pass" not in moves(load().deal_state(goals=["9H", "9D"], hands=["8C", "2C"]))


def test_option_compulsory_from_hand_and_wild_not_and_top() -> None:
    hand_free = load(compulsory_aces_twos=True, compulsory_from_hand=False).deal_state(
        goals=["9H", "9D"], hands=["AC 5D", "2C"]
    )
    assert "5:hand>discard1" in moves(hand_free)
    wild_ace = load(wild_not=()).deal_state(goals=["9H", "9D"], hands=["KC 5D", "2C"])
    assert "K=A:hand>stack" in moves(wild_ace)
    with pytest.raises(hoyle.InvalidOptionError, match="natural kings"):
        load(top=13)
    to_king = load(top=13, kings_wild=False).deal_state(
        goals=["9H", "9D"], hands=["QS 5D", "2C"], stacks=["AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC"]
    )
    play(to_king, "Q:hand>stack1")
    assert to_king.observation(0)["stack_next"] == ["K"]


def test_option_cover_wild_and_pair_discard_in_the_standard_game() -> None:
    cover = load(cover_wild=True).deal_state(
        goals=["9H", "9D"], hands=["KS 5D", "2C"], stacks=["AC"]
    )
    assert "K=2:hand>stack1" not in moves(cover)
    pairs = load(pair_discard=True).deal_state(goals=["9H", "9D"], hands=["5C 5D", "2C"])
    assert "5+5:hand>discard1" in moves(pairs)


def test_option_goal_pack_deals_goal_piles_from_their_own_pack() -> None:
    game = load(goal_pack=True, goal_size=20)
    assert sum(game.total) == 156 + 52
    state = game.new_initial_state(seed=2)
    assert state.observation(None)["stock"] == 156 - 5


def test_option_deck_starturn_needs_its_own_settings() -> None:
    with pytest.raises(hoyle.InvalidOptionError, match="Starturn"):
        load(deck="starturn")
    assert load("starturn").deal_state(goals=["9", "9"], hands=["15", "2"]).g.token[14] == "15"


def test_option_players_seat_order() -> None:
    state = load(players=4).deal_state(
        goals=["9H", "9D", "9C", "9S"], hands=["5C", "6C", "7C", "8C"]
    )
    seats = []
    for token in ("5:hand>discard1", "6:hand>discard1", "7:hand>discard1"):
        play(state, token)
        seats.append(state.current_player())
    assert seats == [1, 2, 3]


def test_option_max_stacks_limits_the_centre() -> None:
    state = load(max_stacks=2).deal_state(
        goals=["9H", "9D"], hands=["AS 5D", "2C"], stacks=["AC", "AD"]
    )
    assert "A:hand>stack" not in moves(state)


def test_option_goal_piles_two_in_the_standard_game() -> None:
    game = load(goal_piles=2, goal_size=10)
    assert [p["count"] for p in game.new_initial_state(seed=1).observation(0)["goals"][0]] == [
        10,
        10,
    ]


def test_illegal_moves_change_nothing_and_say_what_is_legal() -> None:
    state = load().deal_state(goals=["9H", "9D"], hands=["7C 5D", "2C"])
    before = state.observation(0)
    with pytest.raises(hoyle.IllegalActionError, match="legal: "):
        state.string_to_action("9:goal>stack")
    with pytest.raises(hoyle.IllegalActionError):
        state.apply_action(12345)
    assert state.observation(0) == before


def test_observation_shows_only_the_seats_own_hand_and_the_goal_tops() -> None:
    # Issue 5: "observation shows each player the tops of all goal piles, all discard piles,
    # the stacks, the counts of hidden cards, and its own hand only".
    state = load().deal_state(
        goals=["9H 5H", "9D 8D"], hands=["4C 3D", "2C JS"], discards=[["TS 9S"], ["QH"]]
    )
    mine, theirs, spectator = (state.observation(p) for p in (0, 1, None))
    assert mine["hand"] == ["3D", "4C"] and theirs["hand"] == ["2C", "JS"]
    assert spectator["hand"] == []  # the envelope's hand: a spectator holds none
    assert mine["goals"] == [[{"top": "5H", "count": 2}], [{"top": "8D", "count": 2}]]
    assert mine["discards"][0][0] == ["TS", "9S"] and mine["hand_sizes"] == [2, 2]
    assert {k: v for k, v in mine.items() if k not in ("hand", "seat")} == {
        k: v for k, v in theirs.items() if k not in ("hand", "seat")
    }
    assert {k: v for k, v in mine.items() if k not in ("hand", "seat")} == {
        k: v for k, v in spectator.items() if k not in ("hand", "seat")
    }


def test_the_rules_in_words_follow_the_options() -> None:
    # A rule is written once: ``hoyle rules`` words come from the option values.
    from hoyle.games.spite_malice.explain import explain

    standard = " ".join(explain(load().rules))
    assert "Kings are wild, never as ace." in standard
    assert "become the new stock when the stock runs out" in standard
    changed = " ".join(
        explain(load(cover_wild=True, recycle="immediate", may_pass=True, wild_not=()).rules)
    )
    assert "must be covered at once" in changed and "even as an ace" in changed
    assert "shuffled into the stock at once" in changed and "or pass" in changed
    assert "Emptying both goal piles" in " ".join(explain(load("misery").rules))
    assert "the deal is drawn" in " ".join(explain(load("common").rules))


def test_resampling_keeps_a_stock_made_from_the_completed_heap() -> None:
    # RULINGS S3: the completed heap becomes the stock when the stock is empty, so from then
    # on the stock can hold only that heap's cards (less those the seat drew since itself).
    import random

    stack = "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC"
    state = load().deal_state(
        goals=["9H", "9D"], hands=["QC 5D", "2C 3D 4D 5H"], stacks=[stack], stock="7H"
    )
    play(state, "Q:hand>stack1 5:hand>discard1 2:hand>discard1")  # seat 0 draws 5 clubs
    drawn = set(state.observation(0)["hand"])
    clubs = {t + "C" for t in "A23456789TJQ"}
    assert drawn <= clubs and state.observation(0)["stock"] == 7
    rng = random.Random(4)
    for player, allowed in ((0, clubs - drawn), (1, clubs)):
        for _ in range(30):
            world = state.resample_from_infostate(player, rng)
            stock = {world.g.token[k] for k, c in enumerate(world._stock) if c}
            assert stock <= allowed and world._stock_n == 7
            assert world.observation(player) == state.observation(player)
