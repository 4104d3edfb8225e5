"""Scenario tests for the All Fours presets that turn up a card for trumps: seven-up (two
players, three or more alone, four in partnerships), cotton-1674, running-all-fours, trinidad
and tobago.

Each test sets the cards with ``deal_state`` (or feeds the chance nodes itself) and checks one
thing the rules require, citing shared/RULINGS.md section 2 and the All Fours seed (S-A).
Seats: with the dealer at seat 1 of two, eldest is seat 0; Trinidad deals anticlockwise, so
eldest sits on the dealer's right (the seat below).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from all_fours_summary import summary

import hoyle
from hoyle.cards import TOKENS
from hoyle.games.all_fours import AllFoursGame, AllFoursState

# ---------------------------------------------------------------- helpers


def load(variant: str, **options: Any) -> AllFoursGame:
    game = hoyle.load("all-fours", variant=variant, **options)
    assert isinstance(game, AllFoursGame)
    return game


def act(state: AllFoursState, moves: str) -> None:
    """Apply each space-separated token (a card, or beg / stand / give / run)."""
    for token in moves.split():
        state.apply_action(state.string_to_action(token))


def obs(state: AllFoursState, seat: int | None = None) -> dict[str, Any]:
    return state.observation(seat)


def results(state: AllFoursState) -> list[dict[str, Any]]:
    """Each finished hand's result, as a summary of its items (see all_fours_summary)."""
    view = obs(state)
    return [summary(r, view["sides"]) for r in view["results"]]


def winning_side(state: AllFoursState) -> int:
    """The side of the seats the envelope names as the winners."""
    return state.rules.side_of(obs(state)["winner"][0])


def legal(state: AllFoursState) -> set[str]:
    return {state.action_to_string(a) for a in state.legal_actions()}


def cards(text: str) -> set[str]:
    return set(text.split())


def rest_of_pack(*used: str) -> list[str]:
    """The cards, in pack order, that none of the space-separated strings names."""
    taken = set(" ".join(used).split())
    return [t for t in TOKENS if t not in taken]


def finish_hand(state: AllFoursState) -> tuple[dict[str, Any], int]:
    """Play the lowest legal card (discarding the lowest too) until the hand is scored or the
    game ends; the hand's result and how many cards were played to tricks."""
    done = len(obs(state)["results"])
    played = 0
    while not state.is_terminal() and len(obs(state)["results"]) == done:
        if state.phase == "play":
            played += 1
        state.apply_action(state.legal_actions()[0])
    return results(state)[-1], played


def deal_by_chance(state: AllFoursState, hands: list[str], turn_up: str) -> None:
    """At the chance nodes of a new hand, deal these hands (by seat) and this turn-up, in the
    engine's order: three each from eldest round the table in the direction of play, three
    more each, then the card turned for trumps."""
    assert state.is_chance_node() and state.phase == "deal"
    view = obs(state)
    step = 1 if state.rules.direction.value == "clockwise" else -1
    n = view["players"]
    per_seat = [h.split() for h in hands]
    for packet in (slice(0, 3), slice(3, 6)):
        seat = view["eldest"]
        for _ in range(n):
            for token in per_seat[seat][packet]:
                state.apply_action(state.string_to_action(token))
            seat = (seat + step) % n
    state.apply_action(state.string_to_action(turn_up))


def play_match(game: AllFoursGame, seed: int) -> AllFoursState:
    """A whole game from a seeded shuffle, the players choosing at random."""
    rng = random.Random(seed)
    state = game.new_initial_state(seed=seed)
    for _ in range(100_000):
        if state.is_terminal():
            return state
        state.apply_action(rng.choice(state.legal_actions()))
    raise AssertionError("the game did not end")


# Two players, dealer seat 1, eldest seat 0. No hearts but the ace and king.
ELDEST = "AH 2C 3D 4S 5C 6D"
DEALER = "KH 7C 8D 9S TC JD"


def two_hands(
    variant: str = "seven-up", turn_up: str = "9H", stock: str = "", **options: Any
) -> AllFoursState:
    return load(variant, players=2, **options).deal_state(
        [ELDEST, DEALER], dealer=1, turn_up=turn_up, stock=stock
    )


# ---------------------------------------------------------------- seven-up, two players


@pytest.mark.parametrize("variant", ["seven-up", "cotton-1674"])
def test_a_turned_jack_scores_the_dealer_one_at_once(variant: str) -> None:
    # RULINGS 2.1 seven-up: "a turn-up. A jack turned: the dealer +1"; cotton-1674: "A jack
    # turned up: the dealer +1". It scores before eldest decides (2.0: deal-time points
    # score at once).
    state = two_hands(variant, turn_up="JH")
    view = obs(state, 0)
    assert view["phase"] == "beg" and view["current_player"] == 0
    assert view["trump"] == "H" and view["turned"] == ["JH"]
    assert view["kicks"] == [{"card": "JH", "side": 1, "points": 1}]
    assert view["scores"] == [0, 1]


@pytest.mark.parametrize("turn_up", ["QH", "AH", "3C", "TS"])
def test_seven_up_scores_nothing_for_any_other_turn_up(turn_up: str) -> None:
    # RULINGS 2.1 seven-up: only a jack turned scores (Running All-Fours' card values are
    # Cotton's variant, not this game).
    state = load("seven-up").deal_state(
        ["KD 2C 3D 4S 5C 6D", "KS 7C 8D 9S TC JD"], dealer=1, turn_up=turn_up
    )
    assert obs(state)["kicks"] == [] and state.scores() == [0.0, 0.0]


def test_seven_up_stand_starts_play_with_the_turned_trump() -> None:
    # RULINGS 2.1 seven-up: eldest says "I stand" (accepting the turned suit); "Eldest leads."
    state = two_hands()
    assert legal(state) == {"stand", "beg"}
    act(state, "stand")
    view = obs(state, 0)
    assert view["phase"] == "play" and view["current_player"] == 0 and view["leader"] == 0
    assert view["trump"] == "H" and view["begged"] is False
    assert view["scores"] == [0, 0] and view["hand_sizes"] == [6, 6]


def test_seven_up_gift_scores_eldest_one_and_plays_the_turned_trump() -> None:
    # RULINGS 2.1 seven-up: eldest begs; the dealer replies "I'll take one" (eldest +1 gift,
    # play begins) — with the trump turned up, eldest leading.
    state = two_hands()
    act(state, "beg")
    assert state.current_player() == 1 and legal(state) == {"give", "run"}
    act(state, "give")
    view = obs(state, 0)
    assert view["gift"] is True and view["scores"] == [1, 0]
    assert view["phase"] == "play" and view["current_player"] == 0
    assert view["trump"] == "H" and view["turned"] == ["9H"]


def test_seven_up_running_a_new_suit_makes_trumps_and_a_jack_scores() -> None:
    # RULINGS 2.1 seven-up, running: "The rejected card is set aside. 3 more each, then a new
    # turn-up. A new suit becomes trump." and "A jack that becomes trump: the dealer +1."
    state = two_hands(stock="2D 4D 5D 3C 4C 6C JS")
    act(state, "beg run")
    view = obs(state, 0)
    assert view["trump"] == "S" and view["turned"] == ["9H", "JS"] and view["runs"] == 1
    assert view["kicks"] == [{"card": "JS", "side": 1, "points": 1}]
    assert view["scores"] == [0, 1]
    # Three more each, from eldest; the rejected 9H is in nobody's hand.
    assert cards(" ".join(view["hand"])) == cards(ELDEST + " 2D 4D 5D")
    assert cards(" ".join(obs(state, 1)["hand"])) == cards(DEALER + " 3C 4C 6C")


def test_seven_up_jack_turned_twice_scores_twice() -> None:
    # Seed note g / RULINGS A5: a jack scores when it is the first turn-up and again when a
    # new-suit turn-up that fixes trumps is a jack ("Esto puede suceder dos veces").
    state = two_hands(turn_up="JH", stock="2D 4D 5D 3C 4C 6C JS")
    act(state, "beg run")
    assert obs(state)["kicks"] == [
        {"card": "JH", "side": 1, "points": 1},
        {"card": "JS", "side": 1, "points": 1},
    ]
    assert state.scores() == [0.0, 2.0]


def test_seven_up_repeated_suit_is_thrown_out_unseen_and_dealt_again() -> None:
    # RULINGS 2.1 seven-up: "A repeated suit: that turn-up and those extra cards are discarded
    # unseen, and another 3 each plus a turn-up follow." A5: a repeated-suit jack scores
    # nothing.
    state = two_hands(stock="2D 4D 5D 3C 4C 6C JH 7D 9D TD 8C 9C QC 2S")
    act(state, "beg run")
    view = obs(state, 0)
    assert view["turned"] == ["9H", "JH", "2S"] and view["trump"] == "S"
    assert view["runs"] == 2 and view["kicks"] == [] and view["scores"] == [0, 0]
    assert cards(" ".join(view["hand"])) == cards(ELDEST + " 7D 9D TD")
    assert cards(" ".join(obs(state, 1)["hand"])) == cards(DEALER + " 8C 9C QC")
    assert view["hand_sizes"] == [9, 9]


def test_seven_up_two_players_discard_back_to_six_after_running() -> None:
    # RULINGS 2.1 seven-up: "Afterwards each player takes up the kept extra cards and
    # discards down to 6." A6: "2-player modern: back to 6". Then "Eldest leads."
    state = two_hands(stock="2D 4D 5D 3C 4C 6C 2S")
    act(state, "beg run")
    view = obs(state, 0)
    assert view["phase"] == "discard" and view["discard_to"] == 6
    assert view["current_player"] == 0
    assert legal(state) == cards(ELDEST + " 2D 4D 5D")
    act(state, "2C 3D 2D")
    assert state.current_player() == 1 and obs(state)["phase"] == "discard"
    act(state, "7C 3C 4C")
    view = obs(state, 0)
    assert view["phase"] == "play" and view["current_player"] == 0
    assert view["hand_sizes"] == [6, 6] and view["discards"] == [3, 3]
    assert cards(" ".join(view["discarded"])) == cards("2C 3D 2D")
    assert cards(" ".join(obs(state, 1)["discarded"])) == cards("7C 3C 4C")
    assert cards(" ".join(view["hand"])) == cards("AH 4S 5C 6D 4D 5D")


def test_seven_up_a_discarded_jack_is_not_in_play_and_scores_nothing() -> None:
    # RULINGS 2.0: Jack "not scored if it was not dealt"; seed: "jota: ganar la jota de
    # triunfo si está en juego". The dealer discards the new trump jack after running.
    state = load("seven-up").deal_state(
        [ELDEST, "KH 7C 8D JS TC JD"], dealer=1, turn_up="9H", stock="2D 4D 5D 3C 4C 6C 2S"
    )
    act(state, "beg run 2C 3D 2D JS 3C 4C")
    assert obs(state)["phase"] == "play"
    result, _ = finish_hand(state)
    assert result["jack"] is None
    assert [kind for kind in ("high", "low", "jack") if result[kind]] == ["high", "low"]


def test_seven_up_an_exhausted_pack_is_dealt_again_by_the_same_dealer() -> None:
    # RULINGS 2.1 seven-up: "If the pack is exhausted, throw in and the same dealer deals
    # again"; seed note e: "El crupier puede conservar los puntos que haya obtenido por sacar
    # una jota". Five runs turn up hearts again (7 cards each); 4 cards are then left, too few
    # for another run.
    eldest, dealer = "AH QH 2C 3D 4S 5C", "KH TH 7C 8D 9S 6D"
    plain = [t for t in rest_of_pack(eldest, dealer, "JH") if t[1] != "H"]
    hearts = ["2H", "3H", "4H", "5H", "6H"]
    stock = [card for run in range(5) for card in (*plain[6 * run : 6 * run + 6], hearts[run])]
    state = load("seven-up").deal_state(
        [eldest, dealer], dealer=1, turn_up="JH", stock=" ".join(stock)
    )
    assert state.scores() == [0.0, 1.0]
    act(state, "beg run")
    view = obs(state)
    assert view["phase"] == "deal" and state.is_chance_node()
    # The hand thrown in is hand 1; the same dealer deals hand 2.
    assert view["dealer"] == 1 and view["deal"] == 2
    assert results(state)[0]["thrown_in"] == "pack exhausted"
    assert view["scores"] == [0, 1]  # the jack turned first still counts
    assert view["deal_scores"] == [[0, 1]]  # ... recorded with the deal thrown in
    deal_by_chance(state, ["2C 3C 4C 5C 6C 7C", "2D 3D 4D 5D 6D 7D"], "JS")
    view = obs(state, 0)
    assert view["phase"] == "beg" and view["current_player"] == 0 and view["dealer"] == 1
    assert view["scores"] == [0, 2]
    act(state, "stand")
    finish_hand(state)
    view = obs(state)
    totals = [sum(deal[seat] for deal in view["deal_scores"]) for seat in range(2)]
    assert totals == view["scores"]


# Eldest holds the ace of trumps (High) and takes the dealer's jack; the dealer holds the
# two (Low) and takes 20 card points to eldest's 5 (Game).
ORDER_HANDS = ["AH 3C 4C 5C 6C 7C", "JH 2H TD TS 8D 9D"]
ORDER_PLAY = "AH JH 3C 2H TD 4C TS 5C 8D 6C 9D 7C"


def test_seven_up_hand_scores_high_low_jack_game() -> None:
    # RULINGS 2.0: High to the holder of the highest trump, Low (A3: its holder), Jack to its
    # captor, Game to the most card points (A 4, K 3, Q 2, J 1, T 10).
    state = load("seven-up").deal_state(ORDER_HANDS, dealer=1, turn_up="9H")
    act(state, "stand " + ORDER_PLAY)
    result = results(state)[0]
    assert result["high"] == {"card": "AH", "side": 0}
    assert result["low"] == {"card": "2H", "side": 1}
    assert result["jack"] == {"card": "JH", "side": 0, "points": 1}
    assert result["card_points"] == [5, 20] and result["game"] == 1
    assert result["points"] == [[0, 1], [1, 1], [0, 1], [1, 1]]
    assert state.scores() == [2.0, 2.0] and not state.is_terminal()
    # "First deal: highest card; the deal alternates."
    assert obs(state)["dealer"] == 0


def test_seven_up_points_count_in_order_and_the_first_to_the_target_wins() -> None:
    # RULINGS 2.0: "End-of-hand points are counted in the strict order High, Low, Jack, Game,
    # and a side wins the moment it reaches the target." Both sides would reach 2 here;
    # eldest gets there first, with the Jack, and the dealer's Game is never counted.
    state = load("seven-up", target=2).deal_state(ORDER_HANDS, dealer=1, turn_up="9H")
    act(state, "stand " + ORDER_PLAY)
    assert state.is_terminal()
    assert state.scores() == [2.0, 1.0] and state.returns() == [1.0, 0.0]
    assert obs(state)["winner"] == [0]


def test_seven_up_a_jack_turned_can_count_the_dealer_out_before_play() -> None:
    # RULINGS 2.0: "Deal-time points (gift, turn-up) score at once and can 'count out' a side
    # before play"; seed: "pueden hacer que el jugador 'cuente' ... sin necesidad de jugar más".
    state = load("seven-up", target=1).deal_state([ELDEST, DEALER], dealer=1, turn_up="JH")
    assert state.is_terminal() and state.returns() == [0.0, 1.0]


def test_seven_up_a_gift_can_count_eldest_out_before_play() -> None:
    # RULINGS 2.0: the gift scores at once and can count a side out before play.
    state = load("seven-up", target=1).deal_state([ELDEST, DEALER], dealer=1, turn_up="9H")
    act(state, "beg give")
    assert state.is_terminal() and state.returns() == [1.0, 0.0]
    assert obs(state)["tricks"] == []


def test_seven_up_low_goes_to_its_holder_not_its_captor() -> None:
    # RULINGS 2.1 seven-up: "Low (original holder, A3)". Eldest leads the 2♥ and the dealer
    # takes it with the ace; Low is still eldest's. No jack is dealt: no Jack point (2.0).
    state = load("seven-up").deal_state(
        ["2H 3C 4C 5C 6C 7C", "AH KD 2D 3D 4D 5D"], dealer=1, turn_up="9H"
    )
    act(state, "stand 2H AH KD 3C 2D 4C 3D 5C 4D 6C 5D 7C")
    result = results(state)[0]
    assert result["low"] == {"card": "2H", "side": 0}
    assert result["high"] == {"card": "AH", "side": 1}
    assert result["jack"] is None
    assert result["points"] == [[1, 1], [0, 1], [1, 1]]
    assert state.scores() == [1.0, 2.0]


# Each side takes 10 card points: the dealer trumps eldest's club and wins the T♠, eldest
# trumps the dealer's diamond with the T♥. Hands are (eldest, dealer).
TIE_HANDS = ("TH 2C 3C 4C 5C 6C", "3H TS 2D 3D 4D 5D")
TIE_PLAY = "2C 3H TS 3C 2D TH 4C 3D 5C 4D 6C 5D"


@pytest.mark.parametrize(
    ("variant", "to_eldest"),
    [("seven-up", True), ("cotton-1674", True), ("trinidad", False), ("tobago", False)],
)
@pytest.mark.parametrize("dealer", [0, 1])
def test_a_tie_for_game(variant: str, to_eldest: bool, dealer: int) -> None:
    # RULINGS 2.1 seven-up: Game "ties to eldest" (seed: "si los dos jugadores empatan, gana
    # la mano mayor"); cotton-1674: "Game ties to eldest (A4)"; trinidad: "Game (nobody on
    # a tie)". With two players eldest is the non-dealer whichever seat deals.
    eldest = 1 - dealer
    hands = [""] * 2
    hands[eldest], hands[dealer] = TIE_HANDS
    state = load(variant, players=2).deal_state(hands, dealer=dealer, turn_up="9H")
    assert obs(state)["eldest"] == eldest
    act(state, "stand " + TIE_PLAY)
    result = results(state)[0]
    assert result["card_points"][eldest] == result["card_points"][dealer] == 10
    assert result["game"] == (eldest if to_eldest else None)
    expected = [0, 0]
    expected[eldest] += 1 + to_eldest  # High (T♥) and perhaps Game
    expected[dealer] += 1  # Low (3♥)
    assert state.scores() == [float(x) for x in expected]


# ---------------------------------------------------------------- seven-up, three or more


THREE = ["AH 2C 3C 4C 5C 6C", "KH 2D 3D 4D 5D 6D", "QH 2S 3S 4S 5S 6S"]


def test_seven_up_three_players_gift_gives_each_opposing_side_one() -> None:
    # RULINGS 2.1 seven-up, 3+ players: "A gift gives each opposing side 1" (A11). Dealer 2.
    state = load("seven-up", players=3).deal_state(THREE, dealer=2, turn_up="9H")
    assert obs(state)["eldest"] == 0
    act(state, "beg give")
    view = obs(state, 0)
    assert view["scores"] == [1, 1, 0]
    assert view["phase"] == "play" and view["current_player"] == 0 and view["trump"] == "H"


def test_seven_up_three_players_keep_every_card_after_running() -> None:
    # RULINGS 2.1 seven-up, 3+ players: "After running, everyone keeps every card and plays
    # that many tricks"; A6 "3+ ... keep all cards". Nine cards each, nine tricks.
    state = load("seven-up", players=3).deal_state(
        THREE, dealer=2, turn_up="9H", stock="7C 8C 9C 7D 8D 9D 7S 8S 9S TD"
    )
    act(state, "beg run")
    view = obs(state, 0)
    assert view["phase"] == "play" and view["trump"] == "D" and view["runs"] == 1
    assert view["hand_sizes"] == [9, 9, 9] and view["discards"] == [0, 0, 0]
    _, played = finish_hand(state)
    assert played == 27


def test_seven_up_three_players_discard_to_six_is_an_option() -> None:
    # RULINGS 2.1 seven-up: keeping every card is the default, "(option discard_to_six)".
    state = load("seven-up", players=3, discard_to_six=True).deal_state(
        THREE, dealer=2, turn_up="9H", stock="7C 8C 9C 7D 8D 9D 7S 8S 9S TD"
    )
    act(state, "beg run")
    view = obs(state, 0)
    assert view["phase"] == "discard" and view["discard_to"] == 6 and view["trump"] == "D"


def test_seven_up_three_players_only_dealer_and_eldest_see_their_cards() -> None:
    # RULINGS 2.1 seven-up, 3+ players: "Only the dealer and eldest may see their cards until
    # eldest decides" (seed note d). Dealer 2, eldest 0; seat 1 waits.
    state = load("seven-up", players=3).deal_state(THREE, dealer=2, turn_up="9H")
    assert obs(state, 1)["hand_hidden"] is True and obs(state, 1)["hand"] == []
    for seat in (0, 2):
        assert obs(state, seat)["hand_hidden"] is False
        assert cards(" ".join(obs(state, seat)["hand"])) == cards(THREE[seat])
    act(state, "stand")
    assert obs(state, 1)["hand_hidden"] is False
    assert cards(" ".join(obs(state, 1)["hand"])) == cards(THREE[1])


def test_seven_up_three_players_exhausted_pack_keeps_the_jack() -> None:
    # RULINGS 2.1 seven-up, 3+ players: "If the stock runs out, the same dealer redeals and
    # keeps any jack points." 19 cards dealt, three repeated runs of 10, then 3 left.
    hands = ["AH QH 2C 3C 4C 5C", "KH TH 2D 3D 4D 5D", "9H 8H 2S 3S 4S 5S"]
    plain = [t for t in rest_of_pack(*hands, "JH") if t[1] != "H"]
    hearts = ["2H", "3H", "4H"]
    stock = [c for run in range(3) for c in (*plain[9 * run : 9 * run + 9], hearts[run])]
    state = load("seven-up", players=3).deal_state(
        hands, dealer=2, turn_up="JH", stock=" ".join(stock)
    )
    act(state, "beg run")
    view = obs(state)
    assert view["phase"] == "deal" and view["dealer"] == 2 and view["scores"] == [0, 0, 1]
    assert results(state)[-1]["thrown_in"] == "pack exhausted"


# Four players in two partnerships (teams=2): seats 0 and 2 against 1 and 3. Dealer 3, so
# eldest is seat 0. Seat 0 holds the A♥ (High), its partner the 2♥ (Low).
FOUR = ["AH 2C 3C 4C 5C 6C", "KH 2D 3D 4D 5D 6D", "2H 2S 3S 4S 5S 6S", "QH 7C 7D 7S 8C 8D"]


def test_seven_up_partnership_gift_scores_the_opposing_partnership() -> None:
    # RULINGS 2.1 seven-up: "4 in fixed partnerships sitting opposite"; "A gift gives each
    # opposing side 1": one point for the partnership of eldest, shown to both partners.
    state = load("seven-up", players=4, teams=2).deal_state(FOUR, dealer=3, turn_up="9H")
    view = obs(state, 0)
    assert view["sides"] == [[0, 2], [1, 3]] and view["eldest"] == 0
    act(state, "beg give")
    view = obs(state, 0)
    assert view["side_scores"] == [1, 0] and view["scores"] == [1, 0, 1, 0]


def test_seven_up_partners_points_combine() -> None:
    # RULINGS 2.1 seven-up: partnerships score together; 2.0 High to the holder of the
    # highest trump, Low (A3) to the holder of the lowest: here both are side 0's.
    state = load("seven-up", players=4, teams=2).deal_state(FOUR, dealer=3, turn_up="9H")
    act(state, "stand")
    result, played = finish_hand(state)
    assert played == 24
    assert result["high"] == {"card": "AH", "side": 0}
    assert result["low"] == {"card": "2H", "side": 0}
    # The only counting cards are the A♥ (4), K♥ (3) and Q♥ (2); playing lowest first,
    # side 0 takes the A♥ and K♥, so Game is side 0's too. No jack is dealt.
    assert result["card_points"] == [7, 2] and result["jack"] is None
    assert result["points"] == [[0, 1], [0, 1], [0, 1]]
    assert state.scores() == [3.0, 0.0, 3.0, 0.0]


def test_seven_up_partnership_hands_hidden_until_eldest_decides() -> None:
    # RULINGS 2.1 seven-up: "Only the dealer and eldest may see their cards until eldest
    # decides" — here seats 1 and 2 (eldest's partner included) wait.
    state = load("seven-up", players=4, teams=2).deal_state(FOUR, dealer=3, turn_up="9H")
    assert [obs(state, s)["hand_hidden"] for s in range(4)] == [False, True, True, False]
    act(state, "beg")
    assert [obs(state, s)["hand_hidden"] for s in range(4)] == [False] * 4


@pytest.mark.parametrize(
    ("hands", "moves", "game", "scores"),
    [
        pytest.param(
            ["TH 2C 3C 4C 5C 6C", "7C 8C 9C 7D 8D 9D", "TS 3H 2D 3D 4D 5D"],
            "2C 7C 3H TS 3C 7D 2D TH 8D 4C 8C 3D 9C 4D 5C 9D 5D 6C",
            0,
            [2, 0, 1],
            id="dealer-tied-with-eldest",
        ),
        pytest.param(
            ["TH 2C 3C 4C 5C 6C", "TS 3H 2D 3D 4D 5D", "7C 8C 9C 7D 8D 9D"],
            "2C 3H 7C TS 7D 3C 2D 8D TH 4C 3D 8C 9C 5C 4D 9D 6C 5D",
            None,
            [1, 1, 0],
            id="two-non-dealers-tied",
        ),
    ],
)
def test_seven_up_three_players_game_ties(
    hands: list[str], moves: str, game: int | None, scores: list[int]
) -> None:
    # RULINGS 2.1 seven-up, Game ties (Foster via pagat): "With 3 players: two non-dealers
    # tied → nobody; the dealer tied with one player → that player." Dealer 2, eldest 0;
    # two players take a ten each (10 card points), the third nothing. High is the T♥
    # (seat 0), Low the 3♥.
    state = load("seven-up", players=3).deal_state(hands, dealer=2, turn_up="9H")
    act(state, "stand " + moves)
    result = results(state)[0]
    assert sorted(result["card_points"]) == [0, 10, 10]
    assert result["game"] == game
    assert obs(state)["scores"] == scores


# ---------------------------------------------------------------- cotton-1674


@pytest.mark.parametrize(
    ("cut0", "cut1", "dealer"),
    [("3C", "AS", 0), ("2D", "KS", 0), ("AC", "KD", 0), ("4C", "5D", 1), ("QH", "2S", 1)],
)
def test_cotton_first_dealer_cuts_in_put_order(cut0: str, cut1: str, dealer: int) -> None:
    # RULINGS 2.1 cotton-1674: "First deal: cut in Put order (3 2 A K … 4)"; seed: "ganaba el
    # jugador con la carta de apuesta más alta ... 3-2-AKQJ-10-9-8-7-6-5-4".
    state = load("cotton-1674").new_initial_state()
    assert state.phase == "cut" and state.is_chance_node()
    assert len(state.chance_outcomes()) == 52
    act(state, f"{cut0} {cut1}")
    view = obs(state)
    assert view["cut"] == [{"seat": 0, "card": cut0}, {"seat": 1, "card": cut1}]
    assert view["dealer"] == dealer and view["eldest"] == 1 - dealer
    assert state.phase == "deal"


def test_cotton_tied_cut_cuts_again() -> None:
    # RULINGS 2.1 cotton-1674: the cut decides the first dealer; equal cards decide nothing,
    # so the players cut again (from the whole pack).
    state = load("cotton-1674").new_initial_state()
    act(state, "3C 3D")
    assert state.phase == "cut" and len(state.chance_outcomes()) == 52
    act(state, "4H 2S")
    assert obs(state)["dealer"] == 1


def test_seven_up_cuts_ace_high_not_in_put_order() -> None:
    # RULINGS 2.1 seven-up: "First deal: highest card" — ace high, a three is low.
    state = load("seven-up").new_initial_state()
    act(state, "3C AS")
    assert obs(state)["dealer"] == 1


def test_cotton_gift_throws_the_hand_in_unplayed() -> None:
    # RULINGS 2.1 cotton-1674: the dealer "gives 1 point, after which the deal is thrown in
    # unplayed" (A1; seed: "el mayor obtenía 1 punto y tiraba sus cartas"); the deal then
    # alternates.
    state = two_hands("cotton-1674")
    act(state, "beg give")
    view = obs(state)
    assert view["scores"] == [1, 0] and view["tricks"] == []
    assert results(state)[0]["thrown_in"] == "gift"
    assert view["deal_scores"] == [[1, 0]]
    assert view["phase"] == "deal" and view["dealer"] == 0 and view["eldest"] == 1
    deal_by_chance(state, ["2C 3C 4C 5C 6C 7C", "2D 3D 4D 5D 6D 7D"], "9S")
    assert state.phase == "beg" and state.current_player() == 1


def test_cotton_gift_play_option_plays_on() -> None:
    # RULINGS A1: "OPTION gift=play_on" — the gift scores and the hand is played.
    state = two_hands("cotton-1674", gift="play_on")
    act(state, "beg give")
    view = obs(state)
    assert view["scores"] == [1, 0] and view["phase"] == "play" and view["trump"] == "H"


def test_cotton_running_keeps_every_card_even_a_repeated_suit() -> None:
    # RULINGS 2.1 cotton-1674: running "repeated while the suit repeats. Everything dealt is
    # kept and played (A2)"; A5: a repeated-suit jack scores nothing. No discard (A6).
    state = two_hands("cotton-1674", stock="2D 4D 5D 3C 4C 6C JH 7D 9D TD 8C 9C QC 2S")
    act(state, "beg run")
    view = obs(state, 0)
    assert view["turned"] == ["9H", "JH", "2S"] and view["trump"] == "S"
    assert view["kicks"] == [] and view["scores"] == [0, 0]
    assert view["phase"] == "play" and view["current_player"] == 0
    assert view["hand_sizes"] == [12, 12]
    assert cards(" ".join(view["hand"])) == cards(ELDEST + " 2D 4D 5D 7D 9D TD")
    _, played = finish_hand(state)
    assert played == 24


def test_cotton_plays_to_eleven() -> None:
    # RULINGS 2.1 cotton-1674: "End: target=11"; seed: "El game solía ser de 11".
    game = load("cotton-1674")
    assert game.rules.target == 11
    for seed in range(3):
        state = play_match(game, seed)
        scores = obs(state)["side_scores"]
        winner = winning_side(state)
        assert scores[winner] >= 11 and scores[1 - winner] < 11


def test_cotton_target_is_an_option() -> None:
    # RULINGS 2.1 cotton-1674: "(option 7–15)"; seed: "entre 7 y 15 puntos".
    game = load("cotton-1674", target=7)
    state = play_match(game, 5)
    scores = obs(state)["side_scores"]
    winner = winning_side(state)
    assert scores[winner] >= 7 and scores[1 - winner] < 7


# ---------------------------------------------------------------- running-all-fours


@pytest.mark.parametrize(
    ("turn_up", "points"), [("AH", 4), ("KH", 3), ("QH", 2), ("JH", 1), ("TH", 0), ("9H", 0)]
)
def test_running_all_fours_dealer_scores_the_turn_up(turn_up: str, points: int) -> None:
    # RULINGS 2.1 running-all-fours: "the dealer scores the turn-up at A 4, K 3, Q 2, J 1";
    # seed: "el crupier anota el valor de la vuelta del triunfo, por ejemplo, 3 puntos por
    # girar un rey".
    state = load("running-all-fours").deal_state(
        ["2H 2C 3D 4S 5C 6D", "3H 7C 8D 9S TC JD"], dealer=1, turn_up=turn_up
    )
    assert state.scores() == [0.0, float(points)]
    assert obs(state)["kicks"] == (
        [{"card": turn_up, "side": 1, "points": points}] if points else []
    )


def test_running_all_fours_runs_score_only_a_new_trump() -> None:
    # RULINGS 2.1 running-all-fours ("As above"): Cotton's running with A2's modern jack rule
    # (A5): a turn-up scores when it fixes trumps, not when its suit repeats. The queen of
    # the begged suit: nothing; the ace of spades, a new suit: 4.
    state = two_hands("running-all-fours", stock="2D 4D 5D 3C 4C 6C QH 7D 9D TD 8C 9C QC AS")
    act(state, "beg run")
    view = obs(state)
    assert view["kicks"] == [{"card": "AS", "side": 1, "points": 4}]
    assert view["scores"] == [0, 4] and view["trump"] == "S"


def test_running_all_fours_plays_to_thirty_one() -> None:
    # RULINGS 2.1 running-all-fours: "target=31".
    game = load("running-all-fours")
    assert game.rules.target == 31
    state = play_match(game, 1)
    scores = obs(state)["side_scores"]
    winner = winning_side(state)
    assert scores[winner] >= 31 and scores[1 - winner] < 31


# ---------------------------------------------------------------- trinidad and tobago


def trinidad_four(variant: str = "trinidad", turn_up: str = "9H", stock: str = "") -> AllFoursState:
    """Four in partnerships, dealer seat 0: eldest is seat 3, the dealer's right."""
    hands = ["2C 3C 4C 5C 6C 7C", "2D 3D 4D 5D 6D 7D", "2S 3S 4S 5S 6S 7S", "8C 8D 8S 9C 9D 9S"]
    return load(variant).deal_state(hands, dealer=0, turn_up=turn_up, stock=stock)


def test_trinidad_is_four_in_partnerships_anticlockwise() -> None:
    # RULINGS 2.1 trinidad: "4 in partnerships (2 allowed). Anticlockwise, so eldest is on the
    # dealer's right." Eldest decides, leads, and play goes to the next seat down.
    state = trinidad_four()
    view = obs(state, 3)
    assert view["players"] == 4 and view["sides"] == [[0, 2], [1, 3]]
    assert view["dealer"] == 0 and view["eldest"] == 3
    assert view["phase"] == "beg" and view["current_player"] == 3
    act(state, "stand 9S")
    assert state.current_player() == 2


def test_trinidad_deals_anticlockwise_from_eldest() -> None:
    # RULINGS 2.1 trinidad: dealing and play go anticlockwise (seed: "El reparto y el juego se
    # realizan en sentido contrario a las agujas del reloj"). The A♠ cut by seat 2 deals;
    # the first three cards go to seat 1, on the dealer's right.
    state = load("trinidad").new_initial_state()
    act(state, "2C 3C AS 4C")
    assert obs(state)["dealer"] == 2 and obs(state)["eldest"] == 1
    act(state, "5H 6H 7H")
    assert cards(" ".join(obs(state, 1)["hand"])) == cards("5H 6H 7H")
    act(state, "8H")
    assert obs(state, 0)["hand"] == ["8H"]


@pytest.mark.parametrize(
    ("variant", "turn_up", "points"),
    [
        ("trinidad", "AH", 1),
        ("trinidad", "6H", 2),
        ("trinidad", "JH", 3),
        ("trinidad", "2H", 0),
        ("trinidad", "KH", 0),
        ("tobago", "AH", 1),
        ("tobago", "2H", 2),
        ("tobago", "6H", 0),
        ("tobago", "JH", 3),
    ],
)
def test_trinidad_and_tobago_kicks(variant: str, turn_up: str, points: int) -> None:
    # RULINGS 2.1 trinidad: "Kicks for the dealer's team on any turn-up: A 1, six 2, J 3";
    # tobago: "the two kicks 2 instead of the six" (seed: "2 puntos por el seis (en Trinidad)
    # o el dos (en Tobago) y 3 puntos por la jota").
    state = trinidad_four(variant, turn_up=turn_up)
    assert obs(state)["scores"] == [points, 0, points, 0]


def test_trinidad_every_kick_turned_while_running_scores() -> None:
    # RULINGS 2.1 trinidad: "While running after a beg, every kick card turned scores, even if
    # it does not become trump" (A5: "Trinidad: every kick scores"). Six turned (2), begged;
    # the jack of the same suit (3, no trumps) and then the ace of spades (1, trumps).
    extras = rest_of_pack(
        "2C 3C 4C 5C 6C 7C 2D 3D 4D 5D 6D 7D 2S 3S 4S 5S 6S 7S 8C 8D 8S 9C 9D 9S 6H JH AS"
    )
    extras = [t for t in extras if t[1] != "H"] + [t for t in extras if t[1] == "H"]
    stock = [*extras[:12], "JH", *extras[12:24], "AS"]
    state = trinidad_four(turn_up="6H", stock=" ".join(stock))
    assert state.scores() == [2.0, 0.0, 2.0, 0.0]
    act(state, "beg run")
    view = obs(state, 3)
    assert view["turned"] == ["6H", "JH", "AS"] and view["trump"] == "S"
    assert [k["points"] for k in view["kicks"]] == [2, 3, 1]
    assert view["scores"] == [6, 0, 6, 0]
    # "Running keeps the extra cards": the repeated suit's too, and nobody discards.
    assert view["hand_sizes"] == [12, 12, 12, 12]
    assert view["phase"] == "play" and view["current_player"] == 3


def test_trinidad_take_one_scores_the_opponents() -> None:
    # RULINGS 2.1 trinidad: "Take one → the opponents +1", then play with that trump.
    state = trinidad_four()
    act(state, "beg")
    assert state.current_player() == 0
    act(state, "give")
    view = obs(state, 3)
    assert view["scores"] == [0, 1, 0, 1] and view["side_scores"] == [0, 1]
    assert view["phase"] == "play" and view["current_player"] == 3 and view["trump"] == "H"


def test_trinidad_exhausted_pack_is_redealt_and_kicks_stand() -> None:
    # RULINGS 2.1 trinidad: "An exhausted pack is reshuffled and redealt; kicks already scored
    # stand." 25 cards dealt, two repeated runs of 13, then one card left.
    hands = ["2C 3C 4C 5C 6C 7C", "2D 3D 4D 5D 6D 7D", "2S 3S 4S 5S 6S 7S", "8C 8D 8S 9C 9D 9S"]
    extras = rest_of_pack(*hands, "JH 6H AH")  # 25 cards: 24 extras, and one left over
    stock = [*extras[:12], "6H", *extras[12:24], "AH"]
    state = load("trinidad").deal_state(hands, dealer=0, turn_up="JH", stock=" ".join(stock))
    assert state.scores() == [3.0, 0.0, 3.0, 0.0]
    act(state, "beg run")
    view = obs(state)
    assert view["phase"] == "deal" and view["dealer"] == 0
    assert view["deal"] == 2 and results(state)[0]["thrown_in"] == "pack exhausted"
    assert view["scores"] == [6, 0, 6, 0] and view["deal_scores"] == [[6, 0, 6, 0]]


# Trump hearts (9♥ turned), dealer 0, eldest 3 leads the J♥ at once. Seat 2 (the other
# side) holds the Q♥; seat 1 (eldest's partner) holds the K♥ when partner_wins.
def hang_jack_state(partner_wins: bool) -> AllFoursState:
    hands = [
        "2C 3C 4C 5C 6C 7C",
        ("KH" if partner_wins else "2D") + " 3D 4D 5D 6D 7D",
        "QH 2S 3S 4S 5S 6S",
        "JH 8C 8D 8S 9C 9D",
    ]
    state = load("trinidad").deal_state(hands, dealer=0, turn_up="9H")
    act(state, "stand JH QH")
    return state


def test_trinidad_hang_jack_scores_three() -> None:
    # RULINGS 2.1 trinidad: "Hang Jack 3 to the team that captures it from the other team"
    # (seed: "Si la jota fue capturada en una baza ganada por el equipo que no la tenía
    # originalmente, el grupo suma 3 puntos").
    state = hang_jack_state(partner_wins=False)
    act(state, "2D 2C")  # seat 2's Q♥ wins the trick
    assert obs(state)["tricks"][0]["winner"] == 2
    result, _ = finish_hand(state)
    assert result["jack"] == {"card": "JH", "side": 0, "points": 3}
    assert [0, 3] in result["points"]


def test_trinidad_jack_kept_by_its_own_side_scores_one() -> None:
    # RULINGS 2.1 trinidad: "Jack 1 to the holder's team" when it is not hanged: eldest's
    # partner overtakes the Q♥ with the K♥.
    state = hang_jack_state(partner_wins=True)
    act(state, "KH 2C")
    assert obs(state)["tricks"][0]["winner"] == 1
    result, _ = finish_hand(state)
    assert result["jack"] == {"card": "JH", "side": 1, "points": 1}


def test_trinidad_trump_led_must_be_followed_with_a_trump() -> None:
    # RULINGS 2.1 trinidad: "Following: trump led → trump if able, else anything."
    hands = [
        "7C 8C 7D 8D 7S 8S",
        "5C 6C 5D 6D 5S 6S",
        "3H 4H 3C 4C 3D 4D",
        "2H 2C 2D 2S 3S 4S",
    ]
    state = load("trinidad").deal_state(hands, dealer=0, turn_up="9H")
    act(state, "stand 2H")
    assert legal(state) == {"3H", "4H"}
    act(state, "3H")
    assert legal(state) == cards(hands[1])


def test_trinidad_plain_suit_led_follow_or_trump_void_anything() -> None:
    # RULINGS 2.1 trinidad: "Plain suit led → follow suit or trump; void → anything" (seed:
    # "los jugadores deben seguir el palo o hacer un triunfo. Si no pueden seguir, no
    # necesitan hacer un triunfo").
    hands = [
        "7C 8C 7D 8D 8S 9S",
        "5H 6H 5D 6D 6S 7S",
        "3C 4C 3H 4H 3D 4D",
        "2C 2D 2S 3S 4S 5S",
    ]
    state = load("trinidad").deal_state(hands, dealer=0, turn_up="9H")
    act(state, "stand 2C")
    assert legal(state) == {"3C", "4C", "3H", "4H"}
    act(state, "3H")  # trumping although able to follow
    assert legal(state) == cards(hands[1])  # void in clubs: anything, trump or not
    act(state, "5D")
    assert legal(state) == {"7C", "8C"}


def test_trinidad_plays_to_fourteen() -> None:
    # RULINGS 2.1 trinidad: "End: target=14, counted in order."
    game = load("trinidad")
    assert game.rules.target == 14
    state = play_match(game, 2)
    scores = obs(state)["side_scores"]
    winner = winning_side(state)
    assert scores[winner] >= 14 and scores[1 - winner] < 14


def test_trinidad_two_players_allowed() -> None:
    # RULINGS 2.1 trinidad: "Players: 4 in partnerships (2 allowed)."
    game = load("trinidad", players=2)
    assert game.rules.sides == 2
    state = game.deal_state([ELDEST, DEALER], dealer=1, turn_up="6H")
    assert obs(state)["eldest"] == 0 and state.scores() == [0.0, 2.0]


# ---------------------------------------------------------------- table sizes


@pytest.mark.parametrize(
    ("variant", "players"),
    [
        ("seven-up", 9),
        ("cotton-1674", 3),
        ("cotton-1674", 4),
        ("running-all-fours", 3),
        ("trinidad", 3),
        ("trinidad", 5),
        ("tobago", 3),
        ("tobago", 6),
    ],
)
def test_presets_refuse_table_sizes_they_do_not_allow(variant: str, players: int) -> None:
    # RULINGS 2.1: cotton-1674 and running-all-fours "Players: 2"; trinidad (and tobago)
    # "4 in partnerships (2 allowed)"; seven-up 2 or 3+ (up to 8 here: a hand of six each
    # and a turn-up must fit the pack).
    with pytest.raises(hoyle.InvalidOptionError, match=str(players)):
        hoyle.load("all-fours", variant=variant, players=players)


def test_seven_up_partnerships_need_an_even_table() -> None:
    # RULINGS 2.1 seven-up: "4 in fixed partnerships sitting opposite": teams of two need
    # an even number of players.
    with pytest.raises(hoyle.InvalidOptionError, match="teams"):
        hoyle.load("all-fours", variant="seven-up", players=3, teams=2)
