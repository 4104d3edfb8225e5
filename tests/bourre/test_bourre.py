"""Bourré, the seed's relative of Écarté for two to eight (RULINGS 4.1 bourre; pagat 'Bourré'
after Nickens 1972): scenario tests for its rules of play and of the pot, and random sessions."""

from __future__ import annotations

import random
from typing import Any

import pytest

import hoyle
from helpers import play
from hoyle.games.bourre import BourreGame, BourreState
from hoyle.games.bourre.state import FULL

PACK = [f"{r}{s}" for s in "CDHS" for r in "23456789TJQKA"]


def deal(hands: list[str], dealer: int, **options: Any) -> BourreState:
    turn_up = str(options.pop("turn_up", ""))
    game = hoyle.load("bourre", players=len(hands), **options)
    assert isinstance(game, BourreGame)
    used = set(" ".join(hands).split()) | {turn_up}
    stock = " ".join(c for c in PACK if c not in used)
    return game.deal_state(hands, dealer=dealer, turn_up=turn_up, stock=stock)


def tokens(state: BourreState) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def settled(state: BourreState, deal: int = 0) -> dict[str, Any]:
    """How a finished deal's pot went, from its result's items: the pot, the winner (None:
    nobody took it) and what was taken, each seat's tricks, the players gone bourré."""
    out: dict[str, Any] = {"winner": None, "took": 0, "bourre": []}
    for item in state.observation(None)["results"][deal]["items"]:
        if item["kind"] == "antes":
            out["pot"] = item["pot"]
        elif item["kind"] == "pot":
            out.update(winner=item["seat"], took=item["took"], tricks=item["tricks"])
        elif item["kind"] == "tie":
            out["tricks"] = item["tricks"]
        elif item["kind"] == "bourre":
            out["bourre"].append(item["seat"])
    return out


# Three players, seat 2 deals: seat 0 is first to act. The dealer's last card, 4S, is turned.
HANDS = ["AH KH 2C 3D 4H", "QH 5C 6C 7D 8D", "9C TC JC 3S 4S"]


def test_the_dealers_fifth_card_turned_makes_trumps_and_stays_in_hand() -> None:
    state = deal(HANDS, dealer=2)
    obs = state.observation(0)
    assert obs["trump"] == "S" and obs["turn_up"] == "4S" and obs["turn_up_in_dealers_hand"]
    assert obs["pot"] == 3 and obs["scores"] == [-1, -1, -1]  # each antes 1
    play(state, "play draw play draw play")
    assert "4S" not in tokens(state)  # the turned trump may not be discarded
    assert "3S" in tokens(state)


def test_a_turned_ace_makes_the_dealer_play() -> None:
    state = deal(["2C 3C 4C 5C 6C", "2D 3D 4D 5D 6D", "2H 3H 4H 5H AS"], dealer=2)
    play(state, "pass pass")
    assert tokens(state) == ["play"]


def test_a_lone_player_takes_the_pot_without_play() -> None:
    state = deal(HANDS, dealer=2)
    play(state, "play draw pass pass")
    result = settled(state)
    assert result["winner"] == 0 and result["took"] == 3
    assert state.observation(None)["deal_scores"][0] == [2, -1, -1]


def test_follow_suit_beat_the_highest_and_trump_when_void() -> None:
    state = deal(HANDS, dealer=2)
    play(state, "play draw play draw play draw")
    play(state, "2C")  # seat 0 leads a club
    assert tokens(state) == ["5C", "6C"]  # follow suit (no need to win: both beat 2C)
    play(state, "6C")
    assert tokens(state) == ["9C", "TC", "JC"]  # beat the 6C: every club does
    state = deal(HANDS, dealer=2)
    play(state, "play draw play draw play draw AH")
    assert tokens(state) == ["QH"]
    play(state, "QH")
    assert tokens(state) == ["3S", "4S"]  # void in hearts: must trump


def test_must_beat_the_highest_card_so_far_if_able() -> None:
    state = deal(["2C 9C 3D 4D 5D", "TC 2H 3H 4H 5H", "AC 3C 6H 7H 4S"], dealer=2)
    play(state, "play draw play draw play draw 2C TC")
    assert tokens(state) == ["AC"]  # the ace of clubs beats the ten; the 3C does not


def test_overtrump_if_able_else_still_trump() -> None:
    hands = ["2C 9D 3D 4D 5D", "2H 3H 4H 5H 6S", "7H 8H 9H 5S 4S"]
    state = deal(hands, dealer=2)
    play(state, "play draw play draw play draw 2C 6S")
    assert tokens(state) == ["4S", "5S"]  # cannot overtrump the 6S: any trump, still


def test_overtrump_when_able_and_only_with_a_higher_trump() -> None:
    # RULINGS 4.1 bourre (pagat): void in the suit led, a player must trump; "if the trick is
    # already trumped, overtrump if able". Seat 1 trumps the club lead with the 6S; the
    # dealer, void in clubs, holds the 3S and 4S below it and the 9S above: only the 9S.
    hands = ["2C 9D 3D 4D 5D", "2H 3H 4H 5H 6S", "7H 8H 3S 9S 4S"]
    state = deal(hands, dealer=2)
    play(state, "play draw play draw play draw 2C 6S")
    assert tokens(state) == ["9S"]


def test_overtrump_the_highest_trump_so_far() -> None:
    # Two trumps already on the trick: the one to beat is the higher (the 8S), so a trump
    # between them (the 7S) will not do, and a plain card never does while a higher trump
    # is held.
    hands = ["2C 9D 3D 4D 5D", "2H 3H 4H 5H 6S", "2D 6D 7D 8D 8S", "9H 7S TS JH 4S"]
    state = deal(hands, dealer=3)
    play(state, "play draw play draw play draw play draw 2C 6S 8S")
    assert tokens(state) == ["TS"]


def test_trump_when_void_even_holding_a_higher_card_of_another_suit() -> None:
    # Void in the suit led and holding trumps, a player trumps: the AH (no trump) will not do.
    hands = ["2C 9D 3D 4D 5D", "AH 3H 4H 5H 6S", "7H 8H 9H TH 4S"]
    state = deal(hands, dealer=2)
    play(state, "play draw play draw play draw 2C")
    assert tokens(state) == ["6S"]


def test_a_trumped_trick_frees_the_followers_from_beating() -> None:
    hands = ["QD 9C 3C 4C 5C", "2H 3H 4H 5H 6S", "AD 2D 9H 5S 4S"]
    state = deal(hands, dealer=2)
    play(state, "play draw play draw play draw QD 6S")
    assert tokens(state) == ["2D", "AD"]  # follow suit; the trick is trumped


@pytest.mark.parametrize(("cinch", "leads"), [(True, ["AS"]), (False, None)])
def test_the_cinch_leads_the_highest_trump(cinch: bool, leads: list[str] | None) -> None:
    hands = ["AS KS QS 2C 3C", "2H 3H 4H 5H 6H", "7H 8H 9H TH 4S"]
    state = deal(hands, dealer=2, cinch=cinch)
    play(state, "play draw play draw play draw")
    if leads:
        assert tokens(state) == leads  # three sure tricks: the highest trump first
    else:
        assert len(tokens(state)) == 5


def test_most_tricks_take_the_pot_and_no_trick_is_bourre() -> None:
    hands = ["AS KS QS 2C 3C", "2H 3H 4H 5H 6H", "7H 8H 9H TH 4S"]
    state = deal(hands, dealer=2)
    play(state, "play draw play draw play draw")
    rng = random.Random(1)
    while state.observation(None)["deal"] == 1:
        state.apply_action(rng.choice(state.legal_actions()))
    result = settled(state)
    tricks = result["tricks"]
    assert result["winner"] == tricks.index(max(tricks)) and result["took"] == 3
    assert result["bourre"] == [s for s in (0, 1, 2) if tricks[s] == 0]
    # A bourré player pays the pot's size (3) into the next pot and skips the next ante.
    obs = state.observation(None)
    for seat in (0, 1, 2):
        paid = 3 if seat in result["bourre"] else 1
        assert obs["scores"][seat] == obs["deal_scores"][0][seat] - paid


def test_a_tie_leaves_the_pot_and_the_tied_skip_the_ante() -> None:
    game = hoyle.load("bourre", players=5, deals=2)
    rng = random.Random(4)
    for seed in range(200):
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal() and state.progress()[0] == 1:
            state.apply_action(rng.choice(state.legal_actions()))
        result = settled(state)
        if result["winner"] is None and max(result["tricks"]) > 0:
            obs = state.observation(None)
            tied = [s for s in range(5) if result["tricks"][s] == max(result["tricks"])]
            assert obs["pot"] >= result["pot"]  # nobody took it
            for seat in tied:
                assert obs["scores"][seat] == obs["deal_scores"][0][seat]  # no ante
            return
    raise AssertionError("no split pot in 200 deals")


def test_pot_limit_caps_what_is_taken() -> None:
    state = deal(HANDS, dealer=2, pot_limit=2)
    play(state, "play draw pass pass")
    assert settled(state)["took"] == 2


def test_double_ante_charges_players_a_second_chip() -> None:
    state = deal(HANDS, dealer=2, double_ante=True)
    play(state, "play draw pass")
    assert state.observation(None)["pot"] == 4 and state.scores()[0] == -2


def test_separate_trump_card_belongs_to_no_one() -> None:
    state = deal(
        ["AC 2C 3C 4C 5C", "2D 3D 4D 5D 6D", "2H 3H 4H 5H 6H"],
        dealer=2,
        separate_trump_card=True,
        turn_up="AS",
    )
    obs = state.observation(2)
    assert obs["trump"] == "S" and not obs["turn_up_in_dealers_hand"]
    play(state, "pass pass")
    assert tokens(state) == ["pass", "play"]  # the ace turned is nobody's: no forced play


@pytest.mark.parametrize("two_rounds", [True, False])
def test_two_rounds_declares_before_anyone_draws(two_rounds: bool) -> None:
    # pagat, Double Ante: "First each player in turn declares either 'play' (paying a second
    # ante of one chip) or 'pass'. After everyone has declared, there is a second round..."
    state = deal(HANDS, dealer=2, double_ante=True, two_rounds=two_rounds)
    play(state, "play")
    assert state.observation(None)["pot"] == 4  # the second chip, paid on declaring
    if not two_rounds:
        assert state.phase == "discard" and state.current_player() == 0
        return
    assert state.phase == "declare" and state.current_player() == 1
    play(state, "pass pass")  # a lone player takes the pot, no draw
    assert settled(state) == {
        "pot": 4,
        "tricks": [5, 0, 0],
        "winner": 0,
        "took": 4,
        "bourre": [],
    }
    assert state.observation(None)["results"][0]["lines"] == [
        "Antes: 3 chips",
        "Chips to play: 1, from Seat 0",
        "Pot: Seat 0 alone plays and takes 4 chips unplayed",
    ]


def test_two_rounds_then_those_who_play_discard_in_turn() -> None:
    state = deal(HANDS, dealer=2, double_ante=True, two_rounds=True)
    play(state, "play pass play")
    assert state.phase == "discard" and state.current_player() == 0
    play(state, "2C draw")
    assert state.phase == "discard" and state.current_player() == 2  # seat 1 passed
    play(state, "9C draw")
    assert state.phase == "play" and state.observation(None)["drawn"] == [1, 0, 1]


@pytest.mark.parametrize("sealed", [True, False])
def test_simultaneous_declarations_stay_hidden_until_the_last(sealed: bool) -> None:
    # pagat, Simultaneous Declaration: all decide independently, reveal at once, "and then
    # those who decided to play discard in rotation as usual".
    state = deal(HANDS, dealer=2, double_ante=True, simultaneous_declare=sealed)
    play(state, "pass")
    seen_by_1 = state.observation(1)
    if not sealed:
        assert seen_by_1["declared"] == ["pass", None, None]
        assert seen_by_1["hand_sizes"] == [0, 5, 5]
        return
    assert state.phase == "sealed" and state.observation(0)["declared"][0] == "pass"
    assert seen_by_1["declared"] == [None, None, None]
    assert seen_by_1["hand_sizes"] == [5, 5, 5] and seen_by_1["pot"] == 3
    play(state, "play")
    assert state.observation(2)["pot"] == 3  # the chip in the fist is shown with the rest
    play(state, "play")
    obs = state.observation(2)
    assert obs["declared"] == ["pass", "play", "play"] and obs["pot"] == 5
    assert obs["hand_sizes"] == [0, 5, 5]
    assert state.phase == "discard" and state.current_player() == 1


def test_resampling_redraws_sealed_declarations() -> None:
    # What seat 1 cannot see (seat 0's sealed declaration) must vary across resamples, or a
    # search player would read it.
    state = deal(HANDS, dealer=2, simultaneous_declare=True)
    play(state, "pass")
    rng = random.Random(3)
    declared = set()
    for _ in range(40):
        again = state.resample_from_infostate(1, rng)
        assert again.observation(1) == state.observation(1)
        assert again.hand_mask(1) == state.hand_mask(1)
        declared.add(again._declared[0])
    assert declared == {"pass", "play"}
    again = state.resample_from_infostate(0, rng)
    assert again._declared[0] == "pass"  # its own declaration is kept


TAKE = ["AC 2C 3C 4C 5C", "2D 3D 4D 5D 6D", "2H 3H 4H 5H 6H"]


@pytest.mark.parametrize("takes", [True, False])
def test_the_dealer_may_take_the_separate_trump_card(takes: bool) -> None:
    # pagat, Separate Trump Card, second form: "The dealer effectively has six cards".
    state = deal(TAKE, dealer=2, separate_trump_card=True, dealer_takes_trump=takes, turn_up="AS")
    play(state, "pass play draw")
    if not takes:
        assert tokens(state) == ["pass", "play"]  # the ace belongs to no one
        return
    assert tokens(state) == ["play"]  # the turned ace is the dealer's to take: must play
    play(state, "play")
    assert "draw" not in tokens(state) and "AS" in tokens(state)  # six cards: one must go
    play(state, "2H 3H draw")
    obs = state.observation(2)
    assert obs["turn_up_in_dealers_hand"] and obs["drawn"][2] == 1
    assert "AS" in obs["hand"] and len(obs["hand"]) == 5
    assert state.observation(1)["turn_up_in_dealers_hand"]  # taken in sight of all


def test_the_dealer_may_leave_the_separate_trump_card() -> None:
    state = deal(TAKE, dealer=2, separate_trump_card=True, dealer_takes_trump=True, turn_up="AS")
    play(state, "pass play draw play AS draw")
    obs = state.observation(2)
    assert not obs["turn_up_in_dealers_hand"] and obs["drawn"][2] == 0
    assert obs["discarded"] == []  # left on the table, not among the discards


FOUR = ["AC 2D 3D 4D", "2H 3H 4H 5H", "9D TD JD QD"]


@pytest.mark.parametrize("four", [True, False])
def test_four_card_bourre_needs_a_trump_or_a_dirty_club(four: bool) -> None:
    # pagat, Four card Bourré: four cards each, a separate trump card that belongs to no one;
    # "Players must have at least one trump or at least one club ... to play, which costs one
    # chip." Spades are trumps here.
    if not four:
        state = deal(["AC 2D 3D 4D 5D", "2H 3H 4H 5H 6H", "9D TD JD QD KS"], dealer=2)
        play(state, "play draw")
        assert tokens(state) == ["pass", "play"]
        return
    state = deal(FOUR, dealer=2, four_card=True, turn_up="2S")
    assert state.observation(0)["hand_sizes"] == [4, 4, 4]
    assert tokens(state) == ["pass", "play"]  # a club
    play(state, "play")
    assert tokens(state) == ["pass"]  # no trump, no club
    assert state.observation(None)["pot"] == 4  # antes 3, and the chip to play


def test_four_card_discards_up_to_three_then_a_second_chance_to_pass() -> None:
    hands = ["AC 2D 3D 4D", "2C 3H 4H 5H", "9C TD JD QD"]
    state = deal(hands, dealer=2, four_card=True, turn_up="2S")
    play(state, "play play play")
    assert state.phase == "discard" and state.current_player() == 0
    play(state, "2D 3D 4D")
    assert tokens(state) == ["draw"]  # "up to 3 cards can be discarded, but not all four"
    play(state, "draw draw draw")
    assert state.phase == "stay" and state.current_player() == 0
    assert state.observation(None)["pot"] == 6
    play(state, "play pass")  # seat 0 stays for a chip; seat 1 passes
    assert state.observation(None)["pot"] == 7 and state.observation(None)["hand_sizes"][1] == 0
    play(state, "pass")  # the dealer passes: seat 0 alone takes the pot
    result = settled(state)
    assert result["winner"] == 0 and result["took"] == 7 and result["tricks"] == [4, 0, 0]


def conserved(state: BourreState) -> None:
    """Every card in one place (pagat: one 52-card pack); chips only move to and from the
    pot."""
    places = [*state._hands, state._undealt, state._collected]
    places += [sum(1 << c for c in cards) for cards in state._played]
    if state.phase in ("discard", "deal") and state._declared[state._cur] == "play":
        places.append(state._discards[state._cur])
    turned = 1 << state._turn_up if state._turn_up >= 0 else 0
    taken = state.hand_mask(state.dealer) | sum(1 << c for c in state._played[state.dealer])
    if state.rules.trump_apart and not taken & turned:
        places.append(turned)  # on the table: nobody's, or not taken by the dealer
    union = 0
    for mask in places:
        assert not union & mask
        union |= mask
    if state.phase != "deal" or state._after != "deal":
        assert union == FULL
    assert sum(state._chips) + state._pot == 0


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"pot_limit": 5},
        {"double_ante": True, "two_rounds": True},
        {"separate_trump_card": True, "dealer_takes_trump": True},
        {"cinch": False, "simultaneous_declare": True},
        {"four_card": True, "separate_trump_card": True},
    ],
)
def test_random_sessions(options: dict[str, Any]) -> None:
    # Issue 6: at least 500 random games of the preset (here 100 per option set, two to
    # eight players), every card in one place, chips conserved, a legal move at every turn.
    # (Resampling, replays and the log are the conformance suite's, over every preset.)
    rng = random.Random(str(options))
    for i in range(100):
        players = 2 + i % 7
        game = hoyle.load("bourre", players=players, deals=2, **options)
        state = game.new_initial_state(seed=i if i % 2 else None)
        assert isinstance(state, BourreState)
        while not state.is_terminal():
            conserved(state)
            assert state.legal_actions()
            state.apply_action(rng.choice(state.legal_actions()))
        owed = sum(state._owed)
        assert sum(state.returns()) + state._pot + owed == 0
        assert len(state.observation(None)["results"]) == 2


@pytest.mark.parametrize(
    "options",
    [{}, {"four_card": True, "simultaneous_declare": True}],
    ids=["default", "four-card-sealed"],
)
def test_easy_and_search_players_play_legal_bourre(options: dict[str, Any]) -> None:
    game = hoyle.load("bourre", players=4, deals=2, **options)
    state = game.new_initial_state(seed=6)
    bots = [hoyle.agent("easy", game, seed=s) for s in range(3)]
    bots.append(hoyle.agent("medium", game, simulations=8, seed=3))
    while not state.is_terminal():
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert len(state.observation(None)["results"]) == 2


def test_easy_bourre_player_plays_strong_hands_and_passes_weak_ones() -> None:
    bot = hoyle.agent("easy", hoyle.load("bourre", players=3), seed=1)
    state = deal(HANDS, dealer=2)  # seat 0 holds no spade, the trump suit
    assert state.action_to_string(bot.step(state)) == "pass"
    state = deal(["AS KH 2C 3D 4H", "QH 5C 6C 7D 8D", "9C TC JC 3S 4S"], dealer=2)
    assert state.action_to_string(bot.step(state)) == "play"  # the ace of trumps


@pytest.mark.parametrize("seed", [4, None], ids=["seeded", "chance-dealt"])
def test_bourre_records_round_trip(seed: int | None) -> None:
    from hoyle import records

    game = hoyle.load("bourre", players=5, deals=2)
    state = game.new_initial_state(seed)
    rng = random.Random(7)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    rec = records.loads(records.dumps(records.from_state(state, seed=seed)))
    replayed = records.replay(rec)
    assert replayed.history() == state.history()
    assert replayed.scores() == state.scores()


def test_resamples_cover_the_real_hands_even_after_a_reshuffle() -> None:
    # Determinization: every card another player really holds turns up in some resample,
    # none its play has ruled out ever does — also in deals where the stock ran out and the
    # collected cards were reshuffled (eight players discarding freely).
    from hoyle.games.bourre.resample import banned_cards

    game = hoyle.load("bourre", players=8, deals=1)
    rng = random.Random(2)
    reshuffled = checked = 0
    for seed in range(16):
        state = game.new_initial_state(seed=seed)
        assert isinstance(state, BourreState)
        while not state.is_terminal() and not (state.phase == "play" and state._tricks):
            legal = state.legal_actions()
            wanted = [a for a in legal if state.action_to_string(a) == "play"]
            state.apply_action(wanted[0] if wanted else rng.choice(legal))
        if state.is_terminal():
            continue
        player = state.current_player()
        others = [s for s in range(8) if s != player and state.hand_mask(s)]
        truth = {s: state.hand_mask(s) for s in others}
        seen = dict.fromkeys(others, 0)
        for _ in range(100):
            new = state.resample_from_infostate(player, rng)
            assert isinstance(new, BourreState)
            assert new.hand_mask(player) == state.hand_mask(player)
            for s in others:
                assert not new.hand_mask(s) & banned_cards(state, s)
                seen[s] |= new.hand_mask(s)
        assert all(truth[s] & ~seen[s] == 0 for s in others)
        reshuffled += state._recycled
        checked += 1
    assert checked >= 6 and reshuffled >= 2


def test_the_log_shows_a_sealed_declaration_unseen_then_all_at_once() -> None:
    # simultaneous_declare (pagat): each declares unseen; all are shown together at the end.
    state = deal(HANDS, dealer=2, simultaneous_declare=True)
    names = ["You", "West", "North"]
    play(state, "pass")
    seen = len(state.log(0))
    play(state, "play")
    assert [e["text"] for e in state.log(0, names)[seen:]] == ["West declares, unseen."]
    seen = len(state.log(0))
    play(state, "play")
    assert [e["text"] for e in state.log(0, names)[seen:]] == [
        "North declares, unseen.",
        "All have declared: You pass, West plays, North plays.",
    ]
