"""The Hearts presets with their own card values: scenario tests and random matches.

Each scenario cites the rule it checks (shared/RULINGS.md section 1.1 and the Hearts seed).
The random matches score every deal again here, from the cards each seat took, with value
tables written out from RULINGS rather than taken from the engine.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import hoyle
from helpers import play, play_to_end
from hoyle.cards import TOKENS, card_index
from hoyle.games.hearts import HeartsGame, HeartsState
from hoyle.games.hearts.scoring import chip_settlement

# ---------------------------------------------------------------- helpers


def load(variant: str, **options: Any) -> HeartsGame:
    game = hoyle.load("hearts", variant=variant, **options)
    assert isinstance(game, HeartsGame)
    return game


def play_out_deal(state: HeartsState) -> list[int]:
    """Play the lowest legal card until the deal is scored; the deal's scores."""
    deals = len(state.observation(None)["deal_scores"])
    while len(state.observation(None)["deal_scores"]) == deals:
        state.apply_action(state.legal_actions()[0])
    scored: list[int] = state.observation(None)["deal_scores"][-1]
    return scored


def legal(state: HeartsState) -> set[str]:
    return {state.action_to_string(a) for a in state.legal_actions()}


def suit(letter: str, ranks: str = "23456789TJQKA") -> str:
    return " ".join(r + letter for r in ranks)


# Seat 0 holds every heart, the others one suit each: whoever leads, seat 0 wins every
# trick (it leads hearts, which nobody else can follow) and so takes every card.
HEARTS_TO_SEAT_0 = [suit("H"), suit("S"), suit("D"), suit("C")]
# Seat 0 holds every club (and so the 2♣): it leads and wins every trick.
CLUBS_TO_SEAT_0 = [suit("C"), suit("D"), suit("H"), suit("S")]
# Seat 1 is void in clubs and holds both the J♠ and the Q♠ for the first trick.
JACK_AND_QUEEN = [
    suit("C"),
    "JS QS " + suit("D", "23456789TJQ"),
    "KD AD " + suit("H", "23456789TJQ"),
    "KH AH " + suit("S", "23456789T") + " KS AS",
]


# ---------------------------------------------------------------- modern


def test_modern_eldest_leads_anything_with_no_pass() -> None:
    # RULINGS 1.1 modern: no passing; eldest leads any card; hearts may be led at any time
    # and points may go to the first trick.
    state = load("modern").deal_state(HEARTS_TO_SEAT_0)
    assert state.phase == "play" and state.current_player() == 0
    assert legal(state) == set(suit("H").split())


def test_modern_scores_hearts_only_and_has_no_moon() -> None:
    # RULINGS 1.1 modern: 1 per heart; the Q♠ is not a penalty card; moon off (H5).
    state = load("modern", deals=1).deal_state(HEARTS_TO_SEAT_0)
    assert play_out_deal(state) == [13, 0, 0, 0]


def test_modern_stakes_pay_the_difference_from_the_average() -> None:
    # RULINGS 1.0 "stakes=average": each pays (score − mean) into a pool or draws the rest.
    state = load("modern", deals=1, stakes="average").deal_state(HEARTS_TO_SEAT_0)
    play_out_deal(state)
    assert state.is_terminal()
    assert state.returns() == [-9.75, 3.25, 3.25, 3.25]
    assert sum(state.returns()) == 0


# ---------------------------------------------------------------- black jack


def test_black_jack_moon_is_the_jack_and_the_hearts() -> None:
    # RULINGS 1.1 black-jack: J♠ 10 instead of the Q♠, hearts 1: the moon is worth 23.
    state = load("black-jack", deals=1, pass_cycle="hold").deal_state(CLUBS_TO_SEAT_0)
    assert play_out_deal(state) == [0, 23, 23, 23]


def test_black_jack_passes_left_every_deal() -> None:
    # RULINGS 1.1 black-jack: "pass 3 to the left every deal".
    state = load("black-jack").new_initial_state(seed=3)
    for _ in range(3):
        assert state.observation(0)["pass_direction"] == "left"
        play_out_deal(state)


def test_black_jack_first_trick_bars_the_jack_not_the_queen() -> None:
    # RULINGS 1.1 black-jack with black-lady's first-trick rule: no penalty card (here the
    # J♠) on the first trick; the Q♠ is an ordinary card.
    state = load("black-jack", pass_cycle="hold").deal_state(JACK_AND_QUEEN)
    play(state, "2C")
    assert "QS" in legal(state) and "JS" not in legal(state)
    lady = hoyle.load("hearts", pass_cycle="hold")
    assert isinstance(lady, HeartsGame)
    state = lady.deal_state(JACK_AND_QUEEN)
    play(state, "2C")
    assert "JS" in legal(state) and "QS" not in legal(state)


def test_gibsons_jack_is_worth_13() -> None:
    # RULINGS 1.1 black-jack: option jack_value=13 (Gibson 1974).
    game = load("black-jack", deals=1, pass_cycle="hold", jack_value=13)
    assert play_out_deal(game.deal_state(CLUBS_TO_SEAT_0)) == [0, 26, 26, 26]


# ---------------------------------------------------------------- black maria

# Eldest (seat 0) leads the 2♠; the A♠ (seat 1) must follow and wins; seat 2 has no spade.
SPADE_ACE_TRICK = [
    "2S 3S 4S " + suit("C", "23456789TJ"),
    "AS " + suit("D", "23456789TJQK"),
    suit("H"),
    "KS QS " + suit("S", "56789TJ") + " QC KC AC AD",
]


def test_black_maria_is_for_three_without_the_two_of_clubs() -> None:
    # RULINGS 1.1 black-maria: 3 players, the 2♣ removed, 17 cards each; pass to the right.
    state = load("black-maria").new_initial_state(seed=1)
    obs = state.observation(0)
    assert obs["players"] == 3 and obs["removed"] == ["2C"]
    assert obs["hand_sizes"] == [17, 17, 17]
    assert obs["pass_direction"] == "right"
    hands = [set(state.observation(s)["hand"]) for s in range(3)]
    for _ in range(9):
        state.apply_action(state.legal_actions()[-1])
    for seat in range(3):
        passed = set(state.observation(seat)["passed"])
        assert passed <= hands[seat]
        assert set(state.observation((seat - 1) % 3)["received"]) == passed


def test_black_maria_spade_penalties_as_the_seed_gives_them() -> None:
    # RULINGS 1.1 black-maria / H7: the seed's A♠ 10 and K♠ 7; pagat's K♠ 10, A♠ 7 as an option.
    for values, points in (("seed", 10 + 1), ("traditional", 7 + 1)):
        game = load("black-maria", players=4, pass_cycle="hold", spade_values=values)
        state = game.deal_state(SPADE_ACE_TRICK)
        assert state.current_player() == 0  # eldest leads (RULINGS 1.1: eldest leads anything)
        play(state, "2S AS 2H 5S")
        assert state.deal_points() == [0, points, 0, 0]


def test_black_maria_deal_is_worth_43_and_has_no_moon_by_default() -> None:
    # RULINGS 1.1 black-maria: hearts 1, Q♠ 13, A♠ 10, K♠ 7 (43); moon optional, off.
    game = load("black-maria", players=4, pass_cycle="hold", deals=1)
    assert play_out_deal(game.deal_state(HEARTS_TO_SEAT_0)) == [43, 0, 0, 0]
    game = load("black-maria", players=4, pass_cycle="hold", deals=1, moon="add")
    assert play_out_deal(game.deal_state(HEARTS_TO_SEAT_0)) == [0, 43, 43, 43]


def test_black_maria_six_players_drop_all_four_twos() -> None:
    # RULINGS 1.1 black-maria: 6 players play without the four 2s (the hearts total 12).
    game = load("black-maria", players=6)
    state = game.new_initial_state(seed=2)
    assert state.observation(None)["removed"] == ["2C", "2D", "2H", "2S"]
    assert game.penalty_total == 12 + 13 + 10 + 7


# ---------------------------------------------------------------- omnibus


def test_omnibus_ten_of_diamonds_is_minus_ten() -> None:
    # RULINGS 1.1 omnibus: the 10♦ counts −10 to its taker; it is no penalty card, so it may
    # be thrown on the first trick.
    state = load("omnibus", pass_cycle="hold").deal_state(CLUBS_TO_SEAT_0)
    play(state, "2C")
    assert "TD" in legal(state)
    play(state, "TD 2H 2S")
    assert state.deal_points() == [-10 + 1, 0, 0, 0]


def test_omnibus_slam_takes_all_fifteen_counting_cards() -> None:
    # RULINGS 1.1 omnibus / H19: all 13 hearts, the Q♠ and the 10♦ score −26 for the taker
    # and nothing for anyone else.
    state = load("omnibus", pass_cycle="hold", deals=1).deal_state(CLUBS_TO_SEAT_0)
    assert play_out_deal(state) == [-26, 0, 0, 0]


def test_omnibus_modern_moon_credits_the_bonus_card_apart() -> None:
    # RULINGS 1.1 omnibus, option moon=modern (moon=add here): hearts and Q♠ scored as in
    # Black Lady, the 10♦ credited separately.
    game = load("omnibus", pass_cycle="hold", deals=1, moon="add")
    assert play_out_deal(game.deal_state(CLUBS_TO_SEAT_0)) == [-10, 26, 26, 26]


def test_omnibus_jack_of_diamonds_form() -> None:
    # RULINGS 1.1 omnibus: bonus_card=JD, the "Jack of Diamonds" rule.
    state = load("omnibus", pass_cycle="hold", bonus_card="JD").deal_state(CLUBS_TO_SEAT_0)
    play(state, "2C JD 2H 2S")
    assert state.deal_points() == [-10 + 1, 0, 0, 0]


# ---------------------------------------------------------------- partnership slam


def test_slam_bid_made_by_bidder_and_silent_partner() -> None:
    # RULINGS 1.1 partnership-slam: one round of rising bids from eldest; the 10♦'s holder is
    # the high bidder's silent partner; made, each partner scores −(26 + bid), the rest 0.
    state = load("partnership-slam", pass_cycle="hold", deals=1).deal_state(CLUBS_TO_SEAT_0)
    assert state.phase == "bid" and state.current_player() == 0
    state.apply_action(state.string_to_action("bid 4"))
    assert "bid 4" not in legal(state) and {"bid 5", "bid 26", "no bid"} <= legal(state)
    assert "bid 27" not in legal(state)  # at most the deal's 26 points
    play(state, "pass pass pass")
    assert state.phase == "play" and state.current_player() == 0  # the 2♣ still leads
    # Seat 1 holds the 10♦ and knows it is the partner; the others do not, yet.
    assert state.observation(1)["slam"] == {"bidder": 0, "bid": 4, "partner": 1}
    assert state.observation(0)["slam"]["partner"] is None
    assert state.observation(None)["slam"]["partner"] is None
    while "TD" not in state.observation(None)["trick"] and not any(
        "TD" in t["cards"] for t in state.observation(None)["tricks"]
    ):
        state.apply_action(state.legal_actions()[0])
    assert state.observation(3)["slam"]["partner"] == 1  # the 10♦ played reveals it
    # Seat 0 wins every trick with its clubs: the side took all 13.
    assert play_out_deal(state) == [-30, -30, 0, 0]


def test_slam_bid_failed_scores_the_pair_plus_the_bid() -> None:
    # RULINGS 1.1 partnership-slam: failed, each partner records the pair's combined Omnibus
    # score plus the bid; the others score as in Omnibus (here seat 0's slam: −26).
    state = load("partnership-slam", pass_cycle="hold", deals=1).deal_state(CLUBS_TO_SEAT_0)
    play(state, "pass pass")
    state.apply_action(state.string_to_action("bid 5"))
    play(state, "pass")
    assert play_out_deal(state) == [-26, 5, 5, 0]


def test_slam_bidder_holding_the_ten_plays_alone() -> None:
    # RULINGS 1.1 partnership-slam: "A bidder holding 10♦ plays alone"; only the bidder knows.
    state = load("partnership-slam", pass_cycle="hold", deals=1).deal_state(CLUBS_TO_SEAT_0)
    play(state, "pass")
    state.apply_action(state.string_to_action("bid 2"))
    play(state, "pass pass")
    assert state.observation(1)["slam"]["partner"] == 1
    assert state.observation(2)["slam"]["partner"] is None
    assert play_out_deal(state) == [-26, 2, 0, 0]  # failed alone: its own 0 plus the bid


def test_slam_nobody_bids_plays_plain_omnibus() -> None:
    # RULINGS 1.1 partnership-slam: "All pass: play plain Omnibus" (seat 0 takes all fifteen
    # counting cards: the Omnibus slam).
    state = load("partnership-slam", pass_cycle="hold", deals=1).deal_state(CLUBS_TO_SEAT_0)
    play(state, "pass pass pass pass")
    assert state.observation(None)["slam"] is None
    assert play_out_deal(state) == [-26, 0, 0, 0]
    with pytest.raises(hoyle.InvalidOptionError, match="bonus_card=TD"):
        hoyle.load("hearts", slam_bid=26)


# ---------------------------------------------------------------- spot and the Greek games


def test_spot_hearts_cost_their_rank() -> None:
    # RULINGS 1.1 spot: A 14, K 13, Q 12, J 11, pips face value (104 a deal); nothing else.
    game = load("spot", deals=1)
    assert play_out_deal(game.deal_state(HEARTS_TO_SEAT_0)) == [104, 0, 0, 0]


def test_spot_options_ace_one_and_queen_25() -> None:
    # RULINGS 1.1 spot: options ace_value=1 (modern, per the seed) and queen_spades=25 (pagat).
    game = load("spot", deals=1, ace_value=1)
    assert play_out_deal(game.deal_state(HEARTS_TO_SEAT_0)) == [91, 0, 0, 0]
    game = load("spot", deals=1, queen_spades=25)
    assert play_out_deal(game.deal_state(HEARTS_TO_SEAT_0)) == [129, 0, 0, 0]


def test_spot_match_is_to_500() -> None:
    # RULINGS 1.1 spot: "End: 500 (pagat)".
    state = load("spot").new_initial_state(seed=4)
    while not state.is_terminal():
        before = max(state.scores())
        assert before < 500
        play_out_deal(state)
    assert max(state.scores()) >= 500


def test_greek_values_and_the_150_moon() -> None:
    # RULINGS 1.1 greek: Q♠ 50, A♥ 15, K♥ Q♥ J♥ 10, other hearts face (149 in all); taking
    # every penalty card gives each opponent 150.
    game = load("greek", pass_cycle="hold", deals=1, moon="none")
    assert play_out_deal(game.deal_state(CLUBS_TO_SEAT_0)) == [149, 0, 0, 0]
    game = load("greek", pass_cycle="hold", deals=1)
    assert play_out_deal(game.deal_state(CLUBS_TO_SEAT_0)) == [0, 150, 150, 150]


def test_greek_parlett_scoring() -> None:
    # RULINGS 1.1 greek: option greek_scoring=parlett (heart_values=parlett here): the other
    # hearts 1 each: 50 + 15 + 30 + 9 = 104.
    game = load("greek", pass_cycle="hold", deals=1, moon="none", heart_values="parlett")
    assert play_out_deal(game.deal_state(CLUBS_TO_SEAT_0)) == [104, 0, 0, 0]


def test_greek_passes_right_and_plays_to_500() -> None:
    # RULINGS 1.1 greek: pass 3 to the right (H12); eldest leads; end 500.
    game = load("greek")
    state = game.new_initial_state(seed=6)
    assert state.observation(0)["pass_direction"] == "right"
    assert game.rules.target == 500
    for _ in range(12):
        state.apply_action(state.legal_actions()[0])
    assert state.phase == "play" and state.current_player() == 0  # eldest, not the 2♣
    assert len(legal(state)) == 13


def test_greek_culbertson_passes_right_and_counts_the_jack_of_diamonds() -> None:
    # RULINGS 1.1 greek-culbertson: Black Lady, always pass 3 right, J♦ −10.
    state = load("greek-culbertson").new_initial_state(seed=8)
    for _ in range(2):
        assert state.observation(0)["pass_direction"] == "right"
        play_out_deal(state)
    state = load("greek-culbertson", pass_cycle="hold").deal_state(CLUBS_TO_SEAT_0)
    play(state, "2C JD 2H 2S")
    assert state.deal_points() == [-10 + 1, 0, 0, 0]


def test_greek_culbertson_bars_only_hearts_from_the_first_trick() -> None:
    # RULINGS 1.1 greek-culbertson: "no heart may be played to the first trick unless the
    # player holds nothing else" — the Q♠ may be.
    state = load("greek-culbertson", pass_cycle="hold").deal_state(JACK_AND_QUEEN)
    play(state, "2C")
    assert {"QS", "JS"} <= legal(state)
    play(state, "QS")
    assert "KD" in legal(state)  # seat 2 holds the K♦ and A♦, so no heart yet


def test_greek_maguire_is_spot_passing_left() -> None:
    # RULINGS 1.1 greek-maguire: Spot Hearts with a pass of 3 to the left.
    state = load("greek-maguire").new_initial_state(seed=5)
    for _ in range(2):
        assert state.observation(0)["pass_direction"] == "left"
        play_out_deal(state)
    game = load("greek-maguire", pass_cycle="hold", deals=1)
    assert play_out_deal(game.deal_state(HEARTS_TO_SEAT_0)) == [104, 0, 0, 0]


def test_greek_maguire_eldest_leads_any_card() -> None:
    # RULINGS 1.1 greek-maguire (from spot): eldest hand leads, any card.
    state = load("greek-maguire", pass_cycle="hold").new_initial_state(seed=12)
    assert state.current_player() == 0
    assert legal(state) == set(state.observation(0)["hand"])


# ---------------------------------------------------------------- partnerships

# Seats 0 and 2 (partners) take every heart and the Q♠ between them; 1 and 3 take nothing.
SPLIT_MOON = [
    suit("C", "23456789TJQ") + " KD AD",
    suit("H"),
    "KC AC " + suit("D", "23456789TJQ"),
    suit("S"),
]
SPLIT_MOON_OPENING = "2C 2H KC 2S  AC QS 3C 3H  2D 3S KD 4H"


def play_split_moon(game: HeartsGame) -> list[int]:
    state = game.deal_state(SPLIT_MOON)
    play(state, SPLIT_MOON_OPENING)
    return play_out_deal(state)


def test_partnership_team_moon_needs_the_two_partners_together() -> None:
    # RULINGS 1.1 partnership: "A team moon (both partners together take every penalty card)
    # gives the other team +52."
    game = load("partnership", pass_cycle="hold", deals=1)
    assert play_split_moon(game) == [0, 26, 0, 26]
    lady = hoyle.load("hearts", pass_cycle="hold", deals=1)
    assert isinstance(lady, HeartsGame)
    assert play_split_moon(lady) == [11, 0, 15, 0]  # alone, nobody shot the moon


def test_partnership_individual_moon_is_one_players() -> None:
    # RULINGS 1.1 partnership-individual: "a moon must be made by one player alone".
    game = load("partnership-individual", pass_cycle="hold", deals=1)
    assert play_split_moon(game) == [11, 0, 15, 0]
    state = game.deal_state(CLUBS_TO_SEAT_0)
    assert play_out_deal(state) == [0, 26, 26, 26]


def test_partnership_match_ends_when_a_team_reaches_100() -> None:
    # RULINGS 1.1 partnership: partners add their penalties; "End: a team reaches 100".
    state = load("partnership").new_initial_state(seed=10)
    while not state.is_terminal():
        obs = state.observation(None)
        assert obs["teams"] == [[0, 2], [1, 3]]
        assert max(obs["team_scores"]) < 100
        play_out_deal(state)
    teams = state.observation(None)["team_scores"]
    assert max(teams) >= 100
    winner = 0 if teams[0] < teams[1] else 1
    assert state.returns() == [1.0 if seat % 2 == winner else 0.0 for seat in range(4)]


def test_partnership_individual_ends_at_100_and_partners_add_up() -> None:
    # RULINGS 1.1 partnership-individual: "When anyone reaches 100, each team adds its two
    # totals and the lower team wins."
    state = load("partnership-individual").new_initial_state(seed=11)
    while not state.is_terminal():
        assert max(state.scores()) < 100
        play_out_deal(state)
    scores = state.scores()
    assert max(scores) >= 100
    teams = [scores[0] + scores[2], scores[1] + scores[3]]
    assert state.observation(None)["team_scores"] == teams
    if teams[0] != teams[1]:
        winner = 0 if teams[0] < teams[1] else 1
        assert state.returns() == [1.0 if seat % 2 == winner else 0.0 for seat in range(4)]


def test_pass_to_partner() -> None:
    # RULINGS 1.1 partnership: option pass_to_partner (pagat: "passing three cards to partner
    # on every deal").
    state = load("partnership", pass_to_partner=True).new_initial_state(seed=2)
    for _ in range(3):
        assert state.observation(0)["pass_direction"] == "across"
        play_out_deal(state)
    with pytest.raises(hoyle.InvalidOptionError, match="partnership"):
        hoyle.load("hearts", pass_to_partner=True)


@pytest.mark.parametrize("preset", ["partnership", "partnership-individual"])
def test_partnerships_are_for_four(preset: str) -> None:
    # RULINGS 1.1 partnership: 4 players, partners opposite.
    for players in (3, 5, 6):
        with pytest.raises(hoyle.InvalidOptionError, match="for 4 players"):
            load(preset, players=players)


# ---------------------------------------------------------------- the 1887 chip games


def test_1887_first_worked_example() -> None:
    # Hearts seed, 1887 'Tanteo': "if A has one heart, B two, C four and D six, A will receive
    # 2 chips from B, 4 from C and six from D, a total of 12".
    game = load("original-1887")
    assert chip_settlement(game, [1, 2, 4, 6], 0) == ([12, -2, -4, -6], 0)


def test_1887_second_worked_example_leaves_a_chip_on_the_table() -> None:
    # Hearts seed, 1887: "if A and B have two hearts, C three and D six, C pays 3, D pays 6
    # and A and B claim 4 each, leaving the remaining chip on the table".
    game = load("original-1887")
    assert chip_settlement(game, [2, 2, 3, 6], 0) == ([4, 4, -3, -6], 1)
    # RULINGS H9: table chips join the next deal's pot for the lowest player(s).
    assert chip_settlement(game, [1, 2, 4, 6], 1) == ([13, -2, -4, -6], 0)


def test_1887_taking_all_thirteen_pays_four_to_each_and_one_to_the_table() -> None:
    # Hearts seed, 1887: "A player who takes all 13 hearts pays 13 chips: four to each
    # opponent and one to the table." Scores and returns are chips (issue 3).
    state = load("original-1887", deals=1).deal_state(CLUBS_TO_SEAT_0)
    assert play_out_deal(state) == [-13, 4, 4, 4]
    assert state.scores() == [12, 29, 29, 29]
    assert state.observation(None)["table"] == 1
    assert state.returns() == [-13, 4, 4, 4]


def test_1887_stake_and_the_end_when_someone_runs_out() -> None:
    # Hearts seed, 1887: players take 25 or 50 chips; RULINGS 1.1 original-1887: the game ends
    # after the deal in which someone's chips reach 0 or below.
    state = load("original-1887", chips=50).new_initial_state(seed=3)
    assert state.scores() == [50, 50, 50, 50]
    while not state.is_terminal():
        assert min(state.scores()) > 0
        play_out_deal(state)
    assert min(state.scores()) <= 0
    assert state.returns() == [s - 50 for s in state.scores()]


# Seat 1 holds the A♣ and may follow the 2♣ lead, or revoke.
REVOKE_DEAL = [
    suit("C", "23456789TJQK") + " 2D",
    "AC " + suit("D", "3456789TJQKA"),
    suit("H"),
    suit("S"),
]


def play_following(state: HeartsState) -> list[int]:
    """Play out the deal following suit whenever possible (no further revokes)."""
    deals = len(state.observation(None)["deal_scores"])
    while len(state.observation(None)["deal_scores"]) == deals:
        legal_now = state.legal_actions()
        led = state.observation(None)["trick"][:1]
        follow = [a for a in legal_now if led and TOKENS[a][-1] == led[0]["card"][-1]]
        state.apply_action((follow or legal_now)[0])
    scored: list[int] = state.observation(None)["deal_scores"][-1]
    return scored


def test_1887_revoke_loses_the_trick_and_pays_the_agreed_penalty() -> None:
    # Hearts seed, 1887 rules: "If a player revokes, he loses the trick and pays the penalty
    # agreed beforehand in chips" (RULINGS 1.1 original-1887: revoke law); revoke_penalty is
    # the agreed chips, paid to each opponent.
    plain = load("original-1887", deals=1).deal_state(REVOKE_DEAL)
    play(plain, "2C")
    with pytest.raises(hoyle.IllegalActionError, match="must follow suit"):
        plain.apply_action(plain.string_to_action("3D"))
    results = {}
    for fine in (2, 5):
        state = load("original-1887", deals=1, revoke_penalty=fine).deal_state(REVOKE_DEAL)
        play(state, "2C 3D")  # seat 1 revokes, holding the A♣
        assert state.observation(3)["revokes"] == [{"trick": 1, "seat": 1}]
        play(state, "2H 2S")
        assert state.current_player() == 1 and state.deal_points() == [0, 1, 0, 0]
        results[fine] = play_following(state)
    # Each chip of the agreed penalty costs the revoker 3 and gives each opponent 1.
    assert [b - a for a, b in zip(results[2], results[5], strict=True)] == [3, -9, 3, 3]
    with pytest.raises(hoyle.InvalidOptionError, match="revoke_penalty is paid in chips"):
        hoyle.load("hearts", revoke_penalty=2)


def test_1887_three_players() -> None:
    # RULINGS 1.1 original-1887: 3–6 players with the base removals (3: the 2♦); a slam's
    # share is 13 // 2 = 6 to each opponent and the odd chip goes to the table (H9).
    game = load("original-1887", players=3, deals=1)
    hands = [
        suit("C") + " 2S 3S 4S 5S",
        suit("D", "3456789TJQKA") + " 6S 7S 8S 9S TS",
        suit("H") + " JS QS KS AS",
    ]
    state = game.deal_state(hands)
    assert play_out_deal(state) == [-13, 6, 6]
    assert state.observation(None)["table"] == 1


def test_double_game_hearts_cost_their_rank() -> None:
    # Hearts seed, 'Juego doble': hearts cost A 14, K 13, Q 12, J 11, pips face value; a slam
    # pays 104, shared as in the 13-heart rule (RULINGS 1.1 double-game): 34 each, 2 to the table.
    state = load("double-game", deals=1).deal_state(CLUBS_TO_SEAT_0)
    assert play_out_deal(state) == [-104, 34, 34, 34]
    assert state.observation(None)["table"] == 2


def test_double_game_short_scheme() -> None:
    # Hearts seed: A 5, K 4, Q 3, J 2, every pip 1 (23); RULINGS H10 option: pips face value.
    state = load("double-game-short", deals=1).deal_state(CLUBS_TO_SEAT_0)
    assert play_out_deal(state) == [-23, 7, 7, 7]
    state = load("double-game-short", deals=1, heart_values="eagle_short_face").deal_state(
        CLUBS_TO_SEAT_0
    )
    assert play_out_deal(state) == [-68, 22, 22, 22]


def test_chip_games_refuse_a_moon_rule() -> None:
    # RULINGS 1.1 original-1887: taking all the hearts is settled by the chip rule itself.
    with pytest.raises(hoyle.InvalidOptionError, match="moon=none"):
        load("original-1887", moon="add")


# ---------------------------------------------------------------- chasse au cœur


def test_chasse_queens_13_and_hearts_1_make_64() -> None:
    # RULINGS 1.1 chasse-au-coeur: each queen 13 (the Q♥ only as a queen), the other hearts 1.
    game = load("chasse-au-coeur", deals=1, moon="none", generale=False)
    assert game.penalty_total == 64
    assert play_out_deal(game.deal_state(HEARTS_TO_SEAT_0)) == [64, 0, 0, 0]


def test_chasse_silent_generale_gives_each_opponent_54() -> None:
    # RULINGS 1.1 chasse-au-coeur: "Silent Générale (all taken, unannounced): each opponent +54".
    state = load("chasse-au-coeur", deals=1).deal_state(HEARTS_TO_SEAT_0)
    assert state.phase == "declare" and state.current_player() == 0
    play(state, "pass pass pass pass")  # "pass": no Générale, from eldest round
    assert state.phase == "play" and state.current_player() == 0
    assert play_out_deal(state) == [0, 54, 54, 54]


def test_chasse_declared_generale_made_and_failed() -> None:
    # RULINGS 1.1 chasse-au-coeur: the first player (from eldest) to announce commits to
    # taking every penalty card. Success: each opponent +64. Failure: the declarer +64 and
    # nobody else scores.
    state = load("chasse-au-coeur", deals=1).deal_state(HEARTS_TO_SEAT_0)
    state.apply_action(state.string_to_action("generale"))
    assert state.phase == "play"  # the first announcement ends the round
    assert state.observation(2)["generale"] == 0
    assert play_out_deal(state) == [0, 64, 64, 64]
    state = load("chasse-au-coeur", deals=1).deal_state(HEARTS_TO_SEAT_0)
    play(state, "pass generale")
    assert state.observation(None)["generale"] == 1
    assert play_out_deal(state) == [0, 64, 0, 0]  # seat 0 took everything: seat 1 failed


# ---------------------------------------------------------------- royal hearts

# Seat 1 leads the 2♣ and loses it to seat 0, which then wins every club trick and the A♦:
# seat 0 takes all 52 cards, the Q♣ and Q♦ among them.
ROYAL_SWEEP = [
    suit("C", "3456789TJQKA") + " AD",
    "2C " + suit("D", "23456789TJQK"),
    suit("S"),
    suit("H"),
]
# Seat 1's lone Q♣ wins the first trick (and the 2♥); seat 0 takes the rest but the Q♣.
ROYAL_SPLIT = [
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC KC AC AD",
    "QC " + suit("D", "23456789TJQK"),
    suit("S"),
    suit("H"),
]


def test_royal_queens_spade_26_heart_doubles_diamond_minus_10() -> None:
    # RULINGS 1.1 royal / H18: Q♠ 26; the Q♥ doubles every heart its taker captured, itself
    # included; the Q♦ takes 10 off the taker's running total (not below 0).
    game = load("royal", pass_cycle="hold", deals=1)
    state = game.deal_state(ROYAL_SPLIT)
    # Seat 0: 12 hearts doubled (24) + Q♠ 26 − Q♦ 10 = 40; seat 1: the 2♥.
    assert play_out_deal(state) == [40, 1, 0, 0]
    state = load("royal", pass_cycle="hold", deals=1, heart_queen_doubles=False).deal_state(
        ROYAL_SPLIT
    )
    assert play_out_deal(state) == [28, 1, 0, 0]


def test_royal_club_queen_cancels_the_spade_queen_and_the_moon_choice() -> None:
    # RULINGS 1.1 royal: the Q♣ cancels the Q♠ for a player who takes both; a moon shooter
    # subtracts their own score (queen effects included: 13 hearts doubled = 26) or adds it to
    # everyone else; the Q♦'s 10 never takes a total below 0.
    for choice, expected in (("moon add", [0, 26, 26, 26]), ("moon subtract", [-26, 0, 0, 0])):
        state = load("royal", pass_cycle="hold", deals=1).deal_state(ROYAL_SWEEP)
        while state.phase != "moon":
            state.apply_action(state.legal_actions()[0])
        assert state.current_player() == 0
        state.apply_action(state.string_to_action(choice))
        assert state.observation(None)["deal_scores"][-1] == expected
    game = load("royal", pass_cycle="hold", deals=1, club_queen_cancels=False, moon="add")
    assert play_out_deal(game.deal_state(ROYAL_SWEEP)) == [0, 52, 52, 52]


def test_royal_passes_left_across_right_and_ends_over_100() -> None:
    # RULINGS 1.1 royal (RH-manual): pass left, across, right with no hold; "End: anyone over
    # 100".
    state = load("royal").new_initial_state(seed=7)
    directions = []
    while not state.is_terminal():
        assert max(state.scores()) <= 100
        directions.append(state.observation(0)["pass_direction"])
        play_out_deal(state)
    assert max(state.scores()) > 100
    assert directions[:3] == ["left", "across", "right"]
    assert directions[3:6] == directions[:3][: len(directions[3:6])]


# ---------------------------------------------------------------- heartsette


def test_heartsette_deals_and_widows_by_table_size() -> None:
    # RULINGS 1.1 heartsette / H11: 3 players remove the 2♠, 16 each, widow 3; 4 players
    # remove the 2♠, 12 each, widow 3; 5 players 10 each, widow 2; 6 players 8 each, widow 4.
    for players, removed, size, widow in (
        (3, ["2S"], 16, 3),
        (4, ["2S"], 12, 3),
        (5, [], 10, 2),
        (6, [], 8, 4),
    ):
        obs = load("heartsette", players=players).new_initial_state(seed=1).observation(0)
        assert obs["removed"] == removed and obs["widow_size"] == widow
        assert obs["hand_sizes"] == [size] * players


# Twelve cards each without the 2♠: the widow is what is left, the A♥ K♥ and 3♠.
WIDOW_DEAL = [
    suit("C", "23456789TJQK"),
    "AC " + suit("D", "23456789TJQ"),
    "KD AD " + suit("H", "23456789TJ"),
    "QH " + suit("S", "456789TJQKA"),
]


def test_heartsette_widow_goes_unseen_to_the_first_tricks_winner() -> None:
    # RULINGS 1.1 heartsette: "The winner of the first trick adds the unseen widow to their
    # tricks (they may look at it; nobody else may)."
    state = load("heartsette", deals=1).deal_state(WIDOW_DEAL)
    assert state.current_player() == 0  # eldest leads
    play(state, "2C AC 2H 4S")  # seat 1 wins with the A♣
    assert state.deal_points() == [0, 1 + 2, 0, 0]  # the 2♥ and the widow's A♥ K♥
    taker, others = state.observation(1), [state.observation(s) for s in (0, 2, 3)]
    assert taker["widow"] == ["KH", "AH", "3S"] and taker["widow_taker"] == 1
    assert all(obs["widow"] == [] for obs in others)
    assert state.observation(None)["points"] == [0, 1, 0, 0]  # the widow's hearts are secret


def test_heartsette_widow_hearts_count_at_the_end() -> None:
    # RULINGS 1.1 heartsette: hearts-only penalties, 13 a deal, the widow's included.
    state = load("heartsette", deals=1).deal_state(WIDOW_DEAL)
    scores = play_out_deal(state)
    assert sum(scores) == 13


def test_heartsette_widow_to_hand_then_discard_as_many() -> None:
    # RULINGS 1.1 heartsette, option widow=to_hand: the first trick's winner takes the widow
    # into hand, then discards the same number face down into their tricks, then leads.
    state = load("heartsette", deals=1, widow="to_hand").deal_state(WIDOW_DEAL)
    play(state, "2C AC 2H 4S")  # seat 1 wins with the A♣
    assert state.phase == "discard" and state.current_player() == 1
    taker = state.observation(1)
    assert {"KH", "AH", "3S"} <= set(taker["hand"]) and taker["hand_sizes"][1] == 11 + 3
    assert state.deal_points() == [0, 1, 0, 0]  # the widow's hearts are in hand, not taken
    assert all(state.observation(s)["widow"] == [] for s in (0, 2, 3))
    with pytest.raises(hoyle.IllegalActionError, match="cannot discard 2C: not in hand"):
        state.apply_action(state.string_to_action("2C"))
    play(state, "AH KH")
    assert state.phase == "discard"  # as many as the widow held: three
    play(state, "QD")
    assert state.phase == "play" and state.current_player() == 1  # the taker leads
    assert state.observation(1)["discarded"] == ["QD", "KH", "AH"]
    assert state.observation(0)["discarded"] == [] and state.observation(0)["discards"] == 3
    assert state.deal_points() == [0, 1 + 2, 0, 0]
    assert state.observation(None)["points"] == [0, 1, 0, 0]  # the discards are face down
    assert state.hand_mask(1).bit_count() == 11
    assert sum(play_out_deal(state)) == 13


def test_heartsette_widow_to_hand_resampling_hides_the_discards() -> None:
    # DESIGN resample_from_infostate with RULINGS 1.1 heartsette widow=to_hand: for another
    # seat, the taker's discards may be any of the cards it could hold, the widow's included.
    state = load("heartsette", deals=1, widow="to_hand").deal_state(WIDOW_DEAL)
    play(state, "2C AC 2H 4S AH KH QD")
    rng = random.Random(3)
    seen: set[str] = set()
    for _ in range(300):
        new = state.resample_from_infostate(0, rng)
        assert new.observation(0) == state.observation(0)
        seen |= set(new.observation(1)["discarded"])
    hidden = set(TOKENS[c] for c in range(52)) - set(state.observation(0)["hand"])
    hidden -= {"2C", "AC", "2H", "4S", "2S"}  # played, or out of the pack
    assert seen == hidden


# ---------------------------------------------------------------- more of the same games


def test_double_game_settles_by_value() -> None:
    # Hearts seed, 'Juego doble' scheme 1 with the 1887 settlement: seat 0 takes the 3♥–A♥
    # (102), seat 1 the 2♥ (2); seats 2 and 3 took none and share the 104 chips paid.
    state = load("double-game", deals=1).deal_state(ROYAL_SPLIT)
    assert play_out_deal(state) == [-102, -2, 52, 52]
    assert state.observation(None)["table"] == 0


def test_double_game_short_settles_by_its_values() -> None:
    # Hearts seed, scheme 2 (A 5, K 4, Q 3, J 2, pips 1): seat 0 took 8 pips and the J Q K A
    # (22), seat 1 the 2♥ (1); 23 chips shared by seats 2 and 3, the odd one on the table.
    state = load("double-game-short", deals=1).deal_state(ROYAL_SPLIT)
    assert play_out_deal(state) == [-22, -1, 11, 11]
    assert state.observation(None)["table"] == 1


def test_greek_culbertson_moon_needs_no_jack_of_diamonds() -> None:
    # RULINGS 1.1 greek-culbertson (Black Lady's moon): all hearts and the Q♠ shoot the moon;
    # the J♦ is a bonus credited apart (−10 to its taker, here the shooter).
    game = load("greek-culbertson", pass_cycle="hold", deals=1)
    assert play_out_deal(game.deal_state(CLUBS_TO_SEAT_0)) == [-10, 26, 26, 26]


def test_greek_maguire_plays_to_500_without_a_moon() -> None:
    # RULINGS 1.1 greek-maguire (Spot Hearts): no moon; the match is to 500.
    state = load("greek-maguire").new_initial_state(seed=9)
    while not state.is_terminal():
        assert max(state.scores()) < 500
        play_out_deal(state)
    assert max(state.scores()) >= 500


# ---------------------------------------------------------------- auction


def test_auction_all_pass_plays_hearts_and_nobody_pays() -> None:
    # RULINGS 1.1 auction: "All pass: hearts are the penalty suit, eldest leads, nobody pays."
    state = load("auction", deals=1).deal_state(CLUBS_TO_SEAT_0)
    assert state.phase == "bid" and state.current_player() == 0  # eldest bids first
    play(state, "pass pass pass pass")
    assert state.phase == "play" and state.current_player() == 0
    assert state.observation(None)["penalty_suit"] == "H"
    assert play_out_deal(state) == [-13, 4, 4, 4]  # the 1887 rule for taking all 13


def test_auction_winner_pays_names_the_suit_and_leads() -> None:
    # RULINGS 1.1 auction: one round, eldest to dealer, each bid higher; the winner pays the
    # bid into the table, names any penalty suit and leads; settlement counts that suit.
    state = load("auction", deals=1).deal_state(CLUBS_TO_SEAT_0)
    play(state, "pass")
    state.apply_action(state.string_to_action("bid 2"))
    assert "bid 2" not in legal(state) and "bid 3" in legal(state)  # bids must rise
    state.apply_action(state.string_to_action("bid 3"))
    play(state, "pass")
    assert state.phase == "name" and state.current_player() == 2
    assert state.observation(None)["table"] == 3
    state.apply_action(state.string_to_action("name spades"))
    obs = state.observation(None)
    assert obs["penalty_suit"] == "S" and obs["bids"] == [0, 2, 3, 0]
    assert state.current_player() == 2  # the buyer leads
    # Seat 2 leads hearts, which nobody else holds, and so takes every spade: it pays 13
    # (4 to each opponent, 1 to the table) on top of its bid of 3.
    assert play_out_deal(state) == [4, 4, -16, 4]
    assert state.observation(None)["table"] == 3 + 1


def test_auction_bidding_is_one_round_ending_with_the_dealer() -> None:
    # RULINGS 1.1 auction: "One bidding round, eldest to dealer".
    state = load("auction", deals=1).deal_state(CLUBS_TO_SEAT_0)
    play(state, "pass pass pass")
    assert state.current_player() == 3 and state.phase == "bid"  # the dealer, last
    state.apply_action(state.string_to_action("bid 1"))
    assert state.phase == "name" and state.current_player() == 3
    with pytest.raises(hoyle.InvalidOptionError, match="chips"):
        hoyle.load("hearts", auction=True)
    # RULINGS 1.1 auction: "Players: 4 (5–6 allowed)".
    with pytest.raises(hoyle.InvalidOptionError, match="auction is for 4…6 players, not 3"):
        load("auction", players=3)


# ---------------------------------------------------------------- joker hearts

# Seat 1 holds the joker and two clubs; the 2♠ is out of the pack (RULINGS H13).
JOKER_FOLLOWS = [
    "2C " + suit("D", "23456789TJQK"),
    "XJ 3C 4C AD " + suit("H", "23456789T"),
    suit("C", "56789TJQKA") + " JH QH KH",
    "AH " + suit("S", "3456789TJQKA"),
]
# Seat 0, eldest, holds the joker and leads it.
JOKER_LEADS = [
    "XJ 2C " + suit("D", "23456789TJQ"),
    "3C 4C KD AD " + suit("H", "23456789T"),
    suit("C", "56789TJQKA") + " JH QH KH",
    "AH " + suit("S", "3456789TJQKA"),
]


def test_joker_may_be_played_even_when_following_is_possible() -> None:
    # Hearts seed, 'Corazones de Joker': jokers "can be played at any time (whether or not it
    # is possible to follow suit)".
    state = load("joker").deal_state(JOKER_FOLLOWS)
    assert state.observation(0)["removed"] == ["2S"]
    play(state, "2C")
    assert legal(state) == {"XJ", "3C", "4C"}


def test_joker_never_wins_and_never_scores() -> None:
    # Hearts seed: jokers "cannot win tricks or score penalty points".
    state = load("joker").deal_state(JOKER_FOLLOWS)
    play(state, "2C XJ 5C 3S")
    last = state.observation(None)["tricks"][-1]
    assert last["winner"] == 2  # the 5♣, not the joker
    assert state.deal_points() == [0, 0, 0, 0]


def test_a_led_joker_lets_the_next_card_set_the_suit() -> None:
    # RULINGS 1.1 joker [project]: "A led joker: the next natural card played sets the suit."
    state = load("joker").deal_state(JOKER_LEADS)
    play(state, "XJ")
    assert legal(state) == set(state.observation(1)["hand"])  # anything goes
    play(state, "2H")
    assert legal(state) == {"JH", "QH", "KH"}  # hearts now led: follow them
    play(state, "JH AH")
    assert state.observation(None)["tricks"][-1]["winner"] == 3
    assert state.deal_points() == [0, 0, 0, 3]


def test_joker_pack_sizes() -> None:
    # RULINGS H13: the lowest non-heart cards leave the pack (2♠, 2♣, 2♦, 3♠ …) until the
    # cards with the joker divide evenly.
    for players, removed, size in (
        (3, ["2C", "2S"], 17),
        (4, ["2S"], 13),
        (5, ["2C", "2D", "2S"], 10),
        (6, ["2C", "3C", "2D", "2S", "3S"], 8),
    ):
        obs = load("joker", players=players).new_initial_state(seed=2).observation(0)
        assert obs["removed"] == removed and obs["hand_sizes"] == [size] * players
        assert (
            sum(
                t == "XJ"
                for s in range(players)
                for t in load("joker", players=players)
                .new_initial_state(seed=2)
                .observation(s)["hand"]
            )
            == 1
        )
    # "One or more jokers": with two, the same order takes out as many as the pack needs.
    for players, removed in ((3, []), (4, ["2C", "2S"]), (5, ["2C", "2D", "2S", "3S"]), (6, [])):
        game = load("joker", players=players, jokers=2)
        obs = game.new_initial_state(seed=2).observation(0)
        assert (
            obs["removed"] == removed
            and obs["hand_sizes"] == [(54 - len(removed)) // players] * players
        )


# ---------------------------------------------------------------- random matches

# Penalty values per preset, from RULINGS 1.1 (card token → points).
_SPOT = {f"{r}H": v for r, v in zip("23456789TJQKA", range(2, 15), strict=True)}
_GREEK_HEARTS = {
    f"{r}H": v for r, v in zip("23456789TJQKA", [*range(2, 11), 10, 10, 10, 15], strict=True)
}
_ONE = {f"{r}H": 1 for r in "23456789TJQKA"}
VALUES: dict[str, dict[str, int]] = {
    "black-lady": {**_ONE, "QS": 13},
    "modern": dict(_ONE),
    "black-jack": {**_ONE, "JS": 10},
    "black-maria": {**_ONE, "QS": 13, "AS": 10, "KS": 7},
    "omnibus": {**_ONE, "QS": 13, "TD": -10},
    "partnership-slam": {**_ONE, "QS": 13, "TD": -10},
    "spot": dict(_SPOT),
    "greek": {**_GREEK_HEARTS, "QS": 50},
    "greek-culbertson": {**_ONE, "QS": 13, "JD": -10},
    "greek-maguire": dict(_SPOT),
    "partnership": {**_ONE, "QS": 13},
    "partnership-individual": {**_ONE, "QS": 13},
    "original-1887": dict(_ONE),
    "double-game": dict(_SPOT),
    "royal": {**_ONE, "QS": 26},
    "heartsette": dict(_ONE),
    "auction": dict(_ONE),  # until a bid names another suit
    "joker": dict(_ONE),
    "chasse-au-coeur": {
        **{f"{r}H": 1 for r in "23456789TJKA"},
        "QC": 13,
        "QD": 13,
        "QH": 13,
        "QS": 13,
    },
    "double-game-short": dict(
        zip([f"{r}H" for r in "23456789TJQKA"], [1] * 9 + [2, 3, 4, 5], strict=True)
    ),
}
CHIP_GAMES = {"original-1887", "double-game", "double-game-short", "auction"}


def settle(taken: list[int], table: int) -> tuple[list[int], int]:
    """The seed's 1887 settlement, written out again: (chips won or paid, table)."""
    n, full = len(taken), sum(taken)
    slam = [s for s in range(n) if taken[s] == full]
    if slam:
        each = full // (n - 1)
        return [-full if s == slam[0] else each for s in range(n)], table + full - each * (n - 1)
    low = min(taken)
    lows = taken.count(low)
    pot = table + sum(t for t in taken if t > low)
    return [pot // lows if t == low else -t for t in taken], pot % lows


# How a moon scores: (kind, what the others get); "slam" counts the bonus card too.
MOONS: dict[str, tuple[str, int | None]] = {
    "black-lady": ("add", None),
    "black-jack": ("add", None),
    "omnibus": ("slam", None),
    "partnership-slam": ("slam", None),
    "greek": ("add", 150),
    "greek-culbertson": ("add", None),
    "partnership": ("team", None),
    "partnership-individual": ("add", None),
    "chasse-au-coeur": ("add", 54),
}


def expected_scores(preset: str, deck: list[str], taken: list[list[str]]) -> list[int]:
    values = VALUES[preset]
    raw = [sum(values.get(t, 0) for t in cards) for cards in taken]
    kind, worth = MOONS.get(preset, ("none", None))
    penalties = {t for t in deck if values.get(t, 0) > 0}
    total = sum(values[t] for t in penalties)
    needed = penalties | ({t for t in deck if values.get(t, 0)} if kind == "slam" else set())
    n = len(taken)
    # Who can shoot: each player, or (team partnership) partners opposite together.
    sides = [(0, 2), (1, 3)] if kind == "team" else [(s,) for s in range(n)]
    shooters = next((side for side in sides if needed <= {c for s in side for c in taken[s]}), None)
    if kind == "none" or shooters is None:
        return raw
    if kind == "slam":
        return [-total if s in shooters else 0 for s in range(n)]
    worth = worth or total
    positive = [sum(max(values.get(t, 0), 0) for t in cards) for cards in taken]
    return [r - positive[s] if s in shooters else r + worth for s, r in enumerate(raw)]


def royal_scores(taken: list[list[str]], totals: list[int], choice: str | None) -> list[int]:
    """RULINGS 1.1 royal / H18, written out again: Q♠ 26, Q♥ doubles its taker's hearts,
    Q♣ cancels the Q♠, Q♦ −10 off the running total (not below 0); the moon's choice."""
    scores = []
    for cards in taken:
        hearts = sum(1 for c in cards if c.endswith("H"))
        score = hearts * (2 if "QH" in cards else 1)
        if "QS" in cards and "QC" not in cards:
            score += 26
        scores.append(score)
    hearts_in_play = sum(len([c for c in cards if c.endswith("H")]) for cards in taken)
    shooter = next(
        (
            s
            for s, cards in enumerate(taken)
            if "QS" in cards and sum(1 for c in cards if c.endswith("H")) == hearts_in_play
        ),
        None,
    )
    if shooter is not None:
        worth = scores[shooter]
        assert choice in ("moon add", "moon subtract")
        if choice == "moon add":
            scores = [0 if s == shooter else v + worth for s, v in enumerate(scores)]
        else:
            scores = [-worth if s == shooter else v for s, v in enumerate(scores)]
    for s, cards in enumerate(taken):
        if "QD" in cards:
            scores[s] -= min(10, max(0, totals[s] + scores[s]))
    return scores


def random_match(preset: str, players: int, seed: int, **options: Any) -> None:
    game = load(preset, players=players, **options)
    rng = random.Random(seed)
    state = game.new_initial_state(seed=seed)
    n = players
    removed = set(state.observation(None)["removed"])
    deck = [TOKENS[c] for c in range(52) if TOKENS[c] not in removed]
    deck += ["XJ"] * game.rules.jokers  # the jokers are alike
    taken: list[list[str]] = [[] for _ in range(n)]
    trick: list[tuple[int, str]] = []
    table = 0
    declarer: int | None = None
    moon_choice: str | None = None
    totals = [0] * n
    bid, bidder, named = 0, -1, "H"
    tricks_done = 0
    won = [0] * n
    ten_holder = -1
    revokes: list[tuple[int, int]] = []
    fined = 0
    for _ in range(100_000):
        if state.is_terminal():
            return
        legal_now = state.legal_actions()
        assert legal_now, "a decision without a legal action"
        action = rng.choice(legal_now)
        seat, phase = state.current_player(), state.phase
        # Deals scored so far (the envelope's results, without rendering every line each step).
        scored = len(state._results())
        token = state.action_to_string(action)
        if game.rules.revoke_penalty and phase == "play" and trick and token[-1] != trick[0][1][-1]:
            held = [TOKENS[c] for c in range(52) if state.hand_mask(seat) >> c & 1]
            if any(t[-1] == trick[0][1][-1] for t in held):
                revokes.append((len(trick), seat))  # could follow and did not
        state.apply_action(action)
        if phase == "declare" and token == "generale":
            declarer = seat
        if phase == "moon":
            moon_choice = token
        if phase == "discard":  # RULINGS 1.1 heartsette, widow=to_hand: laid away to tricks
            taken[seat].append(token)
        if phase == "bid" and token.startswith("bid "):
            bid, bidder = int(token.split()[1]), seat
        if phase == "name":
            named = "CDHS"["cdhs".index(token.split()[1][0])]
        if phase == "play":
            trick.append((seat, token))
            if token == "TD":
                ten_holder = seat
            if len(trick) == n:
                # RULINGS 1.1 joker: a joker never wins; after a led joker the first other
                # card sets the suit.
                naturals = [p for p in trick if p[1] != "XJ"]
                led = naturals[0][1][-1]
                winner = max(
                    (p for p in naturals if p[1][-1] == led), key=lambda p: card_index(p[1])
                )[0]
                in_trick = [seat for at, seat in revokes[fined:]]
                if in_trick:  # 1887 revoke law: the (first) revoker loses the trick
                    winner = in_trick[0]
                    fined = len(revokes)
                taken[winner] += [card for _, card in trick]
                won[winner] += 1
                trick = []
                tricks_done += 1
                if tricks_done == 1 and state._widow and game.rules.widow.value == "to_tricks":
                    # RULINGS 1.1 heartsette: the first trick's winner takes the widow.
                    assert state._widow_taker == winner
                    taken[winner] += [TOKENS[c] for c in range(52) if state._widow >> c & 1]
        if len(state._results()) > scored:
            obs = state.observation(None)
            assert sorted(c for cards in taken for c in cards) == sorted(deck), "a card lost"
            if preset in CHIP_GAMES:
                if preset == "auction":  # RULINGS 1.1 auction: one chip a card of the suit
                    values = [sum(1 for c in cards if c[-1] == named) for cards in taken]
                else:
                    values = [sum(VALUES[preset].get(c, 0) for c in cards) for cards in taken]
                expected, table = settle(values, table + bid)
                for _, seat in revokes:  # the agreed chips to each opponent
                    fine = game.rules.revoke_penalty
                    expected = [
                        e + fine if s != seat else e - fine * (n - 1)
                        for s, e in enumerate(expected)
                    ]
                revokes, fined = [], 0
                if bidder >= 0:
                    expected[bidder] -= bid
                bid, bidder, named = 0, -1, "H"
                assert obs["table"] == table
            elif preset == "royal":
                expected = royal_scores(taken, totals, moon_choice)
            elif declarer is not None:
                # RULINGS 1.1 chasse-au-coeur: an announced Générale, made or failed.
                full = sum(VALUES[preset].get(c, 0) for c in deck)
                made = {c for c in deck if VALUES[preset].get(c, 0) > 0} <= set(taken[declarer])
                expected = [
                    (0 if s == declarer else full) if made else (full if s == declarer else 0)
                    for s in range(n)
                ]
            else:
                expected = expected_scores(preset, deck, taken)
                if bidder >= 0:
                    # RULINGS 1.1 partnership-slam: the 10♦'s holder is the silent partner.
                    side = {bidder, ten_holder}
                    if sum(won[s] for s in side) == tricks_done:
                        expected = [-(26 + bid) if s in side else 0 for s in range(n)]
                    else:
                        pair = sum(expected[s] for s in side) + bid
                        expected = [pair if s in side else e for s, e in enumerate(expected)]
                    bid, bidder = 0, -1
            assert obs["deal_scores"][-1] == expected
            totals = [t + e for t, e in zip(totals, expected, strict=True)]
            declarer = moon_choice = None
            tricks_done = 0
            won = [0] * n
            taken = [[] for _ in range(n)]
        elif not state.is_terminal() and state.phase == "play":
            held = sum(state.hand_mask(s).bit_count() for s in range(n))
            on_table = len(trick) + sum(len(cards) for cards in taken)
            widow = 0 if tricks_done else state.g.widow_size
            assert held + on_table + widow == len(deck), "a card lost or added"
    raise AssertionError("the match did not end")


@pytest.mark.slow
@pytest.mark.parametrize("preset", sorted(VALUES))
def test_random_matches_score_as_the_preset_says(preset: str) -> None:
    # Issue 3: 200 random matches per preset, at every player count it allows: nothing lost,
    # every deal scored as RULINGS 1.1 says, and every match comes to an end.
    # Partnerships are for four; Royal's left-across-right cycle needs a seat opposite.
    fixed_four = preset in ("partnership", "partnership-individual", "royal")
    counts = [4] if fixed_four else [3, 4, 5, 6]
    if preset == "auction":
        counts = [4, 5, 6]
    for i in range(200):
        random_match(preset, players=counts[i % len(counts)], seed=i)


@pytest.mark.slow
def test_random_1887_matches_with_revokes() -> None:
    # RULINGS 1.1 original-1887 revoke law with revoke_penalty: random players revoke often;
    # each revoke's trick goes to the revoker and its fine is paid to every opponent.
    for i in range(200):
        random_match("original-1887", players=3 + i % 4, seed=i, revoke_penalty=3)


@pytest.mark.slow
def test_random_heartsette_matches_with_the_widow_taken_into_hand() -> None:
    # RULINGS 1.1 heartsette, option widow=to_hand: 200 random matches at 3…6 players; the
    # discards count to their taker and nothing is lost.
    for i in range(200):
        random_match("heartsette", players=3 + i % 4, seed=i, widow="to_hand")


def test_royal_at_an_odd_table_needs_a_cycle_without_across() -> None:
    # RULINGS 1.1 royal: 3–5 players with the base removals, but the box's cycle passes across,
    # which needs a seat opposite: at 3 or 5 the error says which cycle to give instead.
    for players in (3, 5):
        with pytest.raises(hoyle.InvalidOptionError, match="use left, right"):
            load("royal", players=players)
        game = load("royal", players=players, pass_cycle="left,right", deals=1)
        state = game.new_initial_state(seed=players)
        assert state.observation(0)["pass_direction"] == "left"
        assert len(play_out_deal(state)) == players and state.is_terminal()


@pytest.mark.parametrize(
    "preset", sorted(p for p in VALUES if p not in ("partnership", "partnership-individual"))
)
def test_presets_refuse_player_counts_they_do_not_allow(preset: str) -> None:
    # RULINGS 1.0: 3–6 players.
    for players in (2, 7):
        with pytest.raises(hoyle.InvalidOptionError, match="3…6"):
            load(preset, players=players)


@pytest.mark.parametrize("preset", [v.name for v in hoyle.variants("hearts")])
def test_resampling_every_preset_keeps_what_the_player_saw(preset: str) -> None:
    # DESIGN "resample_from_infostate": the player's observation and (on its turn) its legal
    # actions are unchanged, and the resampled match plays on to its end.
    rng = random.Random(preset)
    game = load(preset, deals=2)
    for seed in range(6):
        state = game.new_initial_state(seed=seed if seed % 2 else None)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            if rng.random() < 0.08:
                player = rng.randrange(game.num_players)
                new = state.resample_from_infostate(player, rng)
                assert new.observation(player) == state.observation(player)
                if state.current_player() == player:
                    assert new.legal_actions() == state.legal_actions()
                play_to_end(new, rng)
            state.apply_action(rng.choice(state.legal_actions()))
