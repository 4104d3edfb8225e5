"""Hand-set Hearts deals with the legal moves or scores the rules say they must give.

Every option of ``HeartsRules`` has at least one scenario here whose outcome its value changes;
each test names the rule it checks: ``RULINGS`` is shared/RULINGS.md section 1 (1.0 base,
1.1 ``black-lady``, H1–H20), "issue 2" is the issue that asks for the engine.

Seats are numbered from eldest hand (seat 0) clockwise; the first dealer is the last seat.
Moves are card tokens in the order they are played (or passed).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import hoyle
from deals import MIXED
from helpers import play
from hoyle import IllegalActionError
from hoyle.cards import parse_cards
from hoyle.core.errors import InvalidSeatError
from hoyle.games.hearts import HeartsGame, HeartsState

# ---------------------------------------------------------------- helpers


def load(**options: Any) -> HeartsGame:
    game = hoyle.load("hearts", **options)
    assert isinstance(game, HeartsGame)
    return game


def dealt(game: HeartsGame, hands: list[str]) -> HeartsState:
    """The first deal of a match, with these hands (seat 0 first)."""
    return game.deal_state(hands)


def legal(state: HeartsState) -> set[str]:
    return {state.action_to_string(a) for a in state.legal_actions()}


def tokens(text: str) -> set[str]:
    return {c.token for c in parse_cards(text)}


def hand(state: HeartsState, seat: int) -> set[str]:
    return set(state.observation(seat)["hand"])


def finish_deal(state: HeartsState) -> None:
    """Play the lowest legal card until the deal is scored (or awaits the moon choice)."""
    deal = state.deal_number
    while state.deal_number == deal and not state.is_terminal() and state.phase != "moon":
        state.apply_action(state.legal_actions()[0])


def deal_next(state: HeartsState, hands: list[str]) -> None:
    """At the chance nodes of a later deal, deal exactly these hands (one card at a time)."""
    assert state.is_chance_node()
    n = len(hands)
    lists = [sorted(parse_cards(h), key=lambda c: c.index) for h in hands]
    eldest = (state.dealer + 1) % n
    for k in range(sum(len(cards) for cards in lists)):
        seat = (eldest + k) % n
        state.apply_action(lists[seat][k // n].index)
    assert not state.is_chance_node()


def snapshot(state: HeartsState) -> str:
    """Everything observable about a state, to check that a refused action changed nothing."""
    n = state.game.num_players
    return json.dumps(
        {
            "history": state.history(),
            "current": state.current_player(),
            "legal": state.legal_actions(),
            "obs": [state.observation(p) for p in [None, *range(n)]],
            "scores": state.scores(),
            "returns": state.returns(),
        }
    )


# ---------------------------------------------------------------- deals used below

# A mixed deal: seat 0 holds the 2♣, every seat holds every suit.
MIXED_TRICK_1 = "2C TC JC 8C"  # seat 2 wins with the J♣ and leads next

# One suit per seat: seat 0 clubs, seat 1 diamonds, seat 2 hearts, seat 3 spades.
SUITS = [
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
]
PASS_TOP_THREE = "QC KC AC QD KD AD QH KH AH QS KS AS"  # each seat passes its three highest

# A moon deal, by role: S takes every heart and the Q♠; T wins the first trick, which holds the
# J♦ and nothing else that counts; U (the 2♣) and V take no trick. T, U, V sit to S's left.
_MOON_ROLES = {
    "S": "JD AS KS QS AH KH QH JH TH 9H 8H 7H 6H",
    "T": "AC 2S 3S 4S 5S 2H 2D 3D 4D 5D 6D 7D 8D",
    "U": "2C 4C 5C 6C 7C 6S 7S 8S 3H 4H 9D TD QD",
    "V": "3C 8C 9C TC JC QC KC 9S TS JS 5H KD AD",
}
# U leads the 2♣, T takes it with the A♣ (S throws the J♦); then S wins every trick.
MOON_MOVES = "2C 3C JD AC  2S 6S 9S AS  KS 3S 7S TS  QS 4S 8S JS  AH 2H 3H 5H"


def moon_hands(shooter: int) -> list[str]:
    hands = [""] * 4
    for i, role in enumerate("STUV"):
        hands[(shooter + i) % 4] = _MOON_ROLES[role]
    return hands


def moon_deal(state: HeartsState, shooter: int, *, first: bool = False) -> None:
    """Play a whole moon deal for ``shooter`` (deal it first unless it is the match's first)."""
    if not first:
        deal_next(state, moon_hands(shooter))
    play(state, MOON_MOVES)
    finish_deal(state)


def moon_game(**options: Any) -> HeartsState:
    """A no-passing match whose first deal is a moon by seat 0, played out."""
    state = dealt(load(pass_cycle="hold", **options), moon_hands(0))
    moon_deal(state, 0, first=True)
    return state


def test_the_hand_sets_are_whole_packs() -> None:
    # RULINGS 1.0: the whole pack is dealt; the scenarios below rest on these hands.
    for hands in (MIXED, SUITS, moon_hands(0)):
        cards = [c for h in hands for c in parse_cards(h)]
        assert len(cards) == 52 == len(set(cards))


# ---------------------------------------------------------------- base play (RULINGS 1.0, 1.1)


def test_two_of_clubs_leads_follow_suit_highest_of_led_suit_wins_and_points() -> None:
    # RULINGS 1.1 black-lady: "2♣ is led by its holder"; 1.0: follow suit, the highest card of
    # the led suit wins and leads next; scoring hearts 1, Q♠ 13.
    state = dealt(load(pass_cycle="hold", deals=1), MIXED)
    assert state.phase == "play"
    assert state.current_player() == 0
    assert legal(state) == {"2C"}
    play(state, "2C")
    assert legal(state) == tokens("3C 6C TC AC")  # seat 1 must follow clubs
    play(state, "TC JC 8C")
    trick = state.observation(None)["tricks"][0]
    assert trick == {
        "leader": 0,
        "cards": ["2C", "TC", "JC", "8C"],
        "seats": [0, 1, 2, 3],
        "winner": 2,
    }
    assert state.current_player() == 2
    # Trick 2: spades led, the Q♠ is the highest spade played and its owner takes 13.
    play(state, "4S 5S 7S QS")
    assert state.current_player() == 1
    assert state.deal_points() == [0, 13, 0, 0]
    # Trick 3: a higher club of another seat wins; trick 4: seat 3, void in clubs, throws a heart
    # (any card when void) and the A♣ takes it for 1 point.
    play(state, "3C 4C QC KC")
    assert state.current_player() == 0
    play(state, "9C AC 7C")
    assert "QH" in legal(state) and "AS" in legal(state)
    play(state, "QH")
    assert state.current_player() == 1
    assert state.deal_points() == [0, 14, 0, 0]
    # Trick 5: hearts now broken; a heart lead, the 9♥ is highest, 4 hearts to seat 0.
    play(state, "5H 6H 7H 9H")
    assert state.deal_points() == [4, 14, 0, 0]
    finish_deal(state)
    assert state.is_terminal()
    points = state.last_deal_scores()
    assert points is not None and sum(points) == 26  # no moon here
    # deals=1: returns are minus each seat's points (issue 2, item 4).
    assert state.returns() == [-float(p) for p in points]


def test_a_seat_void_in_the_led_suit_may_play_anything_after_the_first_trick() -> None:
    # RULINGS 1.0: "Follow suit if able, otherwise play anything."
    state = dealt(load(pass_cycle="hold"), SUITS)
    play(state, "2C 2D 2H 2S")  # the first trick: hearts allowed, seat 2 holds nothing else
    assert state.current_player() == 0  # 2♣ was the only club: seat 0 wins its own lead
    play(state, "3C")
    assert legal(state) == tokens(SUITS[1]) - tokens("2D")


# ---------------------------------------------------------------- illegal actions (issue 2)


@pytest.mark.parametrize(
    ("before", "bad", "reason", "legal_shown"),
    [
        ("", "3D", "the first lead is the 2C", "legal: 2C"),
        ("", "3C", "not in hand", "legal: 2C"),
        ("2C", "4D", "must follow suit", "legal: 3C 6C TC AC"),
        (MIXED_TRICK_1, "2H", "hearts are not broken", "legal: 4C 7C 2D 5D TD AD 4S 9S KS"),
        (MIXED_TRICK_1 + " 4S 5S 7S", "AH", "must follow suit", "legal: 3S 8S QS"),
    ],
)
def test_illegal_plays_raise_with_reason_and_legal_moves_and_change_nothing(
    before: str, bad: str, reason: str, legal_shown: str
) -> None:
    state = dealt(load(pass_cycle="hold"), MIXED)
    play(state, before)
    was = snapshot(state)
    with pytest.raises(IllegalActionError) as info:
        state.apply_action(parse_cards(bad)[0].index)
    message = str(info.value)
    assert reason in message
    assert message.endswith(legal_shown)
    assert snapshot(state) == was
    state.apply_action(state.legal_actions()[0])  # and the state still plays on


def test_no_points_on_the_first_trick_is_refused_with_its_reason() -> None:
    # RULINGS 1.1 black-lady: no_points_first_trick.
    state = dealt(load(pass_cycle="hold"), NO_CLUBS)
    play(state, "2C")
    was = snapshot(state)
    # docs/contract.md §7: string_to_action refuses a token that is not legal here, saying
    # why and listing the legal moves.
    with pytest.raises(IllegalActionError, match=r"no points on the first trick\); legal: 2D"):
        state.apply_action(state.string_to_action("QS"))
    assert snapshot(state) == was


@pytest.mark.parametrize("bad", [64, 65, 52, 63, 66, -1, 1000])
def test_actions_that_are_not_moves_here_are_refused(bad: int) -> None:
    # issue 2: an illegal action raises IllegalActionError giving the legal moves, and the
    # state is unchanged (engine fix: ids 52–63 and ≥ 66 used to lose the legal moves).
    state = dealt(load(pass_cycle="hold"), MIXED)
    was = snapshot(state)
    with pytest.raises(IllegalActionError, match=r"legal: 2C$"):
        state.apply_action(bad)
    assert snapshot(state) == was


def test_passing_a_card_not_held_is_refused() -> None:
    # RULINGS H6 / issue 2: a seat passes cards from its own hand, one card-action at a time.
    state = dealt(load(), SUITS)  # deal 1 passes left
    assert state.phase == "pass"
    was = snapshot(state)
    reason = r"seat 0 cannot pass 2D: not in hand\); legal: 2C"
    with pytest.raises(IllegalActionError, match=reason):
        state.string_to_action("2D")
    with pytest.raises(IllegalActionError, match="seat 0 cannot pass 2D: not in hand; legal: 2C"):
        state.apply_action(parse_cards("2D")[0].index)
    assert snapshot(state) == was


def test_nothing_is_legal_after_the_end() -> None:
    # issue 2 protocol: a terminal state has no legal action and refuses any.
    state = moon_game(deals=1)
    assert state.is_terminal() and state.legal_actions() == []
    was = snapshot(state)
    with pytest.raises(IllegalActionError, match="after the end of the game"):
        state.apply_action(0)
    assert snapshot(state) == was


def test_string_to_action_reads_tokens_and_refuses_nonsense() -> None:
    # issue 2 protocol: action_to_string / string_to_action use card tokens (10 read as T).
    state = dealt(load(pass_cycle="hold"), MIXED)
    assert state.string_to_action(" 2c ") == 0
    assert state.action_to_string(49) == "QS"
    passing = dealt(load(pass_cycle="right"), MIXED)
    play(passing, "2C 5C 9C")  # seat 0's pass: seat 1 passes next, any card it holds
    assert passing.string_to_action("10h") == passing.string_to_action("TH") == 34
    # docs/contract.md §7: a token that names a move not legal here is refused.
    with pytest.raises(IllegalActionError, match=r"'10h' is not a legal action here .*legal: 2C"):
        state.string_to_action("10h")
    with pytest.raises(IllegalActionError, match="not a card or a Hearts move"):
        state.string_to_action("banana")
    with pytest.raises(IllegalActionError, match="not a Hearts action"):
        state.action_to_string(60)


def test_a_hand_set_deal_replays_from_its_history() -> None:
    # A hand-set deal is recorded as the chance actions that deal it (RULINGS 1.0: dealt singly
    # from eldest), so its history replays from a fresh match.
    state = dealt(load(), MIXED)
    play(state, "2C 5C 9C 3C 6C TC 4C 7C JC 8C QC 6D")  # the pass to the left
    assert state.current_player() == 1  # the 2♣ went with it
    play(state, "2C")
    again = load().new_initial_state()
    for action in state.history():
        again.apply_action(action)
    for p in [None, 0, 1, 2, 3]:
        assert again.observation(p) == state.observation(p)


@pytest.mark.parametrize(
    ("hands", "says"),
    [
        (MIXED[:3], "need 4 hands, one per seat, not 3"),
        ([MIXED[0], MIXED[0], MIXED[2], MIXED[3]], "seat 1: 2C is dealt twice"),
        ([MIXED[0] + " 3C", *MIXED[1:]], "seat 0 has 14 cards; each hand has 13"),
    ],
)
def test_hand_set_deals_are_checked(hands: list[str], says: str) -> None:
    with pytest.raises(hoyle.InvalidOptionError, match=says):
        load().deal_state(hands)


# ---------------------------------------------------------------- players and removed cards (H1)


def test_three_players_remove_the_two_of_diamonds_and_hold_17_each() -> None:
    # RULINGS 1.0 removed_cards / H1: 3 players 2♦.
    game = load(players=3)
    assert game.num_players == 3
    state = game.new_initial_state(seed=3)
    obs = state.observation(None)
    assert obs["hand_sizes"] == [17, 17, 17]
    assert obs["removed"] == ["2D"]
    held = [c for p in range(3) for c in state.observation(p)["hand"]]
    assert len(held) == 51 == len(set(held)) and "2D" not in held
    # The same hand-set deal is refused at 3 players because the 2♦ is out of the pack …
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 2D 3D 4D 5D",
        "6D 7D 8D 9D TD JD QD KD AD 2H 3H 4H 5H 6H 7H 8H 9H",
        "TH JH QH KH AH 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
    ]
    with pytest.raises(hoyle.InvalidOptionError, match="2D is not in this pack"):
        game.deal_state(hands)
    # … and every card of a 4-player pack is dealt.
    four = load(players=4).new_initial_state(seed=3)
    assert sum(len(four.observation(p)["hand"]) for p in range(4)) == 52


THREE = [
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 3D 4D 5D 6D",
    "7D 8D 9D TD JD QD KD AD 2H 3H 4H 5H 6H 7H 8H 9H TH",
    "JH QH KH AH 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
]


@pytest.mark.parametrize(
    ("removed", "swap", "leads"),
    [
        (None, None, "2C"),  # H1 default: 2♦ out, the 2♣ leads
        ("2C", ("2C", "2D"), "3C"),  # H1 OPTION removed_3p=2♣: the lowest club left leads
    ],
)
def test_removed_3p_changes_the_pack_and_the_first_lead(
    removed: str | None, swap: tuple[str, str] | None, leads: str
) -> None:
    # RULINGS H1 (removed_3p) and H2 (the lowest club present leads).
    options: dict[str, Any] = {"players": 3, "pass_cycle": "hold"}
    hands = list(THREE)
    if removed:
        options["removed_3p"] = removed
    if swap:
        hands[0] = hands[0].replace(swap[0], swap[1])
    state = dealt(load(**options), hands)
    assert state.current_player() == 0
    assert legal(state) == {leads}


FIVE = [
    "4C 5C 6C 7C 8C 9C TC JC QC KC",
    "AC 3D 4D 5D 6D 7D 8D 9D TD JD",
    "3C QD KD AD 2H 3H 4H 5H 6H 7H",
    "8H 9H TH JH QH KH AH 2S 3S 4S",
    "5S 6S 7S 8S 9S TS JS QS KS AS",
]


def test_five_players_remove_two_of_clubs_and_diamonds_and_the_three_of_clubs_leads() -> None:
    # RULINGS H1: 5 players 2♣ 2♦; H2: the lowest club present (3♣) leads.
    game = load(players=5, pass_cycle="hold")
    assert game.rules.removed_cards == tuple(c.index for c in parse_cards("2C 2D"))
    state = dealt(game, FIVE)
    assert state.observation(None)["hand_sizes"] == [10] * 5
    assert state.current_player() == 2
    assert legal(state) == {"3C"}


def test_removed_5p_option_changes_which_club_leads() -> None:
    # RULINGS 1.0 removed_cards is an option: removed_5p=3♣,2♦ keeps the 2♣, which leads.
    hands = list(FIVE)
    hands[2] = hands[2].replace("3C", "2C")
    state = dealt(load(players=5, pass_cycle="hold", removed_5p="3C,2D"), hands)
    assert state.current_player() == 2
    assert legal(state) == {"2C"}


SIX = [
    "5C 6C 7C 8C 9C TC JC QC",
    "KC AC 3D 4D 5D 6D 7D 8D",
    "9D TD JD QD KD AD 2H 3H",
    "4H 5H 6H 7H 8H 9H TH JH",
    "QH KH AH 3S 4S 5S 6S 4C",
    "7S 8S 9S TS JS QS KS AS",
]


def test_six_players_remove_four_cards_and_the_four_of_clubs_leads() -> None:
    # RULINGS H1: 6 players 3♣ 2♣ 2♦ 2♠ [project reading]; H2: the 4♣ leads.
    game = load(players=6, pass_cycle="hold")
    assert sorted(game.rules.removed_6p) == sorted(["3C", "2C", "2D", "2S"])
    state = dealt(game, SIX)
    assert state.observation(None)["hand_sizes"] == [8] * 6
    assert state.current_player() == 4
    assert legal(state) == {"4C"}


def test_removed_6p_option_three_of_diamonds_keeps_the_three_of_clubs() -> None:
    # RULINGS H1 OPTION removed_6p=3♦,2♦,2♣,2♠: the 3♣ is in the pack and leads.
    hands = list(SIX)
    hands[1] = hands[1].replace("3D", "3C")
    state = dealt(load(players=6, pass_cycle="hold", removed_6p="3D,2D,2C,2S"), hands)
    assert state.current_player() == 1
    assert legal(state) == {"3C"}


# ---------------------------------------------------------------- passing (RULINGS 1.1, H6)


@pytest.mark.parametrize(
    ("cycle", "receiver_of_seat_0"),
    [("left", 1), ("right", 3), ("across", 2)],
)
def test_pass_direction_decides_who_receives_what(cycle: str, receiver_of_seat_0: int) -> None:
    # RULINGS 1.1 black-lady / H6: three cards are chosen before any are received, then go
    # left, right or across.
    offset = receiver_of_seat_0
    state = dealt(load(pass_cycle=cycle), SUITS)
    assert state.phase == "pass"
    assert state.observation(0)["pass_direction"] == cycle
    top = PASS_TOP_THREE.split()
    for seat in range(4):
        assert state.current_player() == seat  # eldest passes first, then clockwise
        play(state, " ".join(top[3 * seat : 3 * seat + 3]))
        if seat < 3:  # nothing is received until every seat has passed
            assert all(state.observation(p)["received"] == [] for p in range(4))
    assert state.phase == "play"
    for seat in range(4):
        to = (seat + offset) % 4
        passed = tokens(" ".join(top[3 * seat : 3 * seat + 3]))
        assert set(state.observation(seat)["passed"]) == passed
        assert set(state.observation(to)["received"]) == passed
        assert passed <= hand(state, to)
    assert state.current_player() == 0  # the 2♣ stayed with seat 0 and leads


def test_hold_means_no_passing() -> None:
    # RULINGS H6: "hold alone: no passing".
    state = dealt(load(pass_cycle="hold"), SUITS)
    assert state.phase == "play"
    obs = state.observation(0)
    assert obs["pass_direction"] == "hold" and obs["pass_count"] == 0
    assert obs["received"] == [] and obs["passed"] == []
    assert legal(state) == {"2C"}


def test_six_players_pass_across_three_seats() -> None:
    # RULINGS 1.1: across with 4 or 6 players; at 6 seats "across" is three to the left.
    state = dealt(load(players=6, pass_cycle="across"), SIX)
    passes = ["5C 6C 7C", "KC AC 3D", "9D TD JD", "4H 5H 6H", "QH KH AH", "7S 8S 9S"]
    for moves in passes:
        play(state, moves)
    for seat in range(6):
        assert set(state.observation((seat + 3) % 6)["received"]) == tokens(passes[seat])


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        # RULINGS 1.1 black-lady: left, right, across, hold with 4 or 6 players …
        ({"players": 4}, ["left", "right", "across", "hold", "left", "right"]),
        ({"players": 6}, ["left", "right", "across", "hold", "left", "right"]),
        # … left, right, hold with 3 or 5.
        ({"players": 3}, ["left", "right", "hold", "left", "right", "hold"]),
        ({"players": 5}, ["left", "right", "hold", "left", "right", "hold"]),
        # H6 OPTION pass_cycle=<cycle>.
        ({"players": 4, "pass_cycle": "right,hold"}, ["right", "hold"] * 3),
        ({"players": 5, "pass_cycle": "left"}, ["left"] * 6),
    ],
)
def test_the_pass_cycle_advances_deal_by_deal(options: dict[str, Any], expected: list[str]) -> None:
    # Each deal's passes go in the direction the cycle gives for that deal, in turn.
    game = load(deals=len(expected), **options)
    n = game.num_players
    offsets = {"left": 1, "right": n - 1, "across": n // 2, "hold": 0}
    state = game.new_initial_state(seed=11)
    seen = []
    while not state.is_terminal():
        obs = state.observation(0)
        seen.append(obs["pass_direction"])
        deal = state.deal_number
        offset = offsets[seen[-1]]
        if offset:
            assert state.phase == "pass"
            while state.phase == "pass":
                state.apply_action(state.legal_actions()[-1])
            for seat in range(n):
                sent = state.observation(seat)["passed"]
                assert len(sent) == 3
                assert state.observation((seat + offset) % n)["received"] == sent
        else:
            assert state.phase == "play"
        finish_deal(state)
        assert state.deal_number == deal + 1
    assert seen == expected


@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_pass_count_is_how_many_cards_each_seat_passes(count: int) -> None:
    # issue 2 option pass_count; RULINGS H6 ("pass_count=4 for 3 players").
    state = dealt(load(pass_count=count), SUITS)
    top = ["AC KC QC JC", "AD KD QD JD", "AH KH QH JH", "AS KS QS JS"]
    play(state, " ".join(top[0].split()[: count - 1]))
    assert state.current_player() == 0  # still seat 0's turn until it has passed ``count``
    play(state, top[0].split()[count - 1])
    assert state.current_player() == 1
    for seat in (1, 2, 3):
        play(state, " ".join(top[seat].split()[:count]))
    assert state.phase == "play"
    received = state.observation(1)["received"]
    assert set(received) == set(top[0].split()[:count])
    assert state.observation(1)["hand_sizes"] == [13] * 4


# ---------------------------------------------------------------- the first trick (H2, H4)


# The 2♣ is held by seat 2; seat 0 (eldest) holds hearts and every other suit.
ROTATED = MIXED[2:] + MIXED[:2]


def test_first_lead_lowest_club_or_eldest_any() -> None:
    # RULINGS H2: the Black Lady family leads the 2♣; OPTION first_lead=eldest_any.
    club = dealt(load(pass_cycle="hold"), ROTATED)
    assert club.current_player() == 2
    assert legal(club) == {"2C"}
    eldest = dealt(load(pass_cycle="hold", first_lead="eldest_any"), ROTATED)
    assert eldest.current_player() == 0
    # Any card but no hearts: hearts are unbroken and the first trick carries no points (H4).
    assert legal(eldest) == tokens(ROTATED[0]) - tokens("2H 6H JH")
    free = dealt(
        load(
            pass_cycle="hold",
            first_lead="eldest_any",
            must_break_hearts=False,
            no_points_first_trick=False,
        ),
        ROTATED,
    )
    assert legal(free) == tokens(ROTATED[0])


def test_eldest_any_first_lead_of_a_heart_with_nothing_else() -> None:
    # H4 with first_lead=eldest_any: a leader holding only hearts and the Q♠ leads one of them.
    hands = [
        "QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
        "AH 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        "AD 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
    ]
    state = dealt(load(pass_cycle="hold", first_lead="eldest_any"), hands)
    # Hearts are unbroken, so only the Q♠ is a non-heart: it must be led …
    assert legal(state) == {"QS"}
    # … unless lead_hearts_instead_of_queen lets a heart be led instead (RULINGS 1.1 option).
    both = dealt(
        load(pass_cycle="hold", first_lead="eldest_any", lead_hearts_instead_of_queen=True), hands
    )
    assert legal(both) == tokens(hands[0])


@pytest.mark.parametrize(("any_club", "expected"), [(False, "2C"), (True, "2C 5C 9C KC")])
def test_lead_any_club(any_club: bool, expected: str) -> None:
    # RULINGS 1.1 black-lady option lead_any_club: the 2♣'s holder may lead any club.
    state = dealt(load(pass_cycle="hold", lead_any_club=any_club), MIXED)
    assert state.current_player() == 0
    assert legal(state) == tokens(expected)
    if any_club:
        play(state, "KC")
        assert legal(state) == tokens("3C 6C TC AC")


# Seat 0 holds every club; seat 1 holds the Q♠, hearts and diamonds.
NO_CLUBS = [
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    "QS 2H 3H 4H 5H 6H 2D 3D 4D 5D 6D 7D 8D",
    "7H 8H 9H TH JH QH KH AH 9D TD JD QD KD",
    "AD 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
]


@pytest.mark.parametrize("rule", [True, False])
def test_no_points_first_trick(rule: bool) -> None:
    # RULINGS 1.1 black-lady: no_points_first_trick — no heart or Q♠ on the first trick.
    state = dealt(load(pass_cycle="hold", no_points_first_trick=rule), NO_CLUBS)
    play(state, "2C")
    if rule:
        assert legal(state) == tokens("2D 3D 4D 5D 6D 7D 8D")
        return
    assert legal(state) == tokens(NO_CLUBS[1])
    play(state, "QS AH 2S")
    # The 2♣ wins its own trick and takes the Q♠ and the A♥.
    assert state.current_player() == 0
    assert state.deal_points() == [14, 0, 0, 0]


def test_no_points_first_trick_unless_nothing_else_is_held() -> None:
    # RULINGS 1.1 black-lady: "… unless the player holds nothing else".
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        "QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
        "AH 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
        "AD 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
    ]
    state = dealt(load(pass_cycle="hold"), hands)
    play(state, "2C")
    assert legal(state) == tokens(hands[1])  # only hearts and the Q♠: any of them
    play(state, "QS")
    assert legal(state) == tokens(hands[2]) - {"AH"}  # seat 2 has diamonds to throw


# ---------------------------------------------------------------- leading hearts (H3)


@pytest.mark.parametrize("rule", [True, False])
def test_must_break_hearts(rule: bool) -> None:
    # RULINGS 1.1 black-lady: must_break_hearts — no heart lead until a heart has been played.
    state = dealt(load(pass_cycle="hold", must_break_hearts=rule), MIXED)
    play(state, MIXED_TRICK_1)
    assert state.current_player() == 2
    remaining = tokens(MIXED[2]) - {"JC"}
    assert state.observation(None)["hearts_broken"] is (not rule)
    if rule:
        assert legal(state) == remaining - tokens("2H 6H JH")
    else:
        assert legal(state) == remaining


def test_hearts_may_be_led_unbroken_by_a_leader_holding_only_hearts() -> None:
    # RULINGS 1.1 black-lady: "… unless the leader holds only hearts".
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AH",
        "AC 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    ]
    state = dealt(load(pass_cycle="hold"), hands)
    play(state, "2C AC 2D 2S")
    assert state.current_player() == 1
    assert state.observation(None)["hearts_broken"] is False
    assert legal(state) == tokens(hands[1]) - {"AC"}


@pytest.mark.parametrize("rule", [True, False])
def test_queen_breaks_hearts(rule: bool) -> None:
    # RULINGS H3 OPTION queen_breaks_hearts (default off in black-lady).
    state = dealt(load(pass_cycle="hold", queen_breaks_hearts=rule), MIXED)
    play(state, MIXED_TRICK_1 + " 4S 5S 7S QS")  # seat 1 takes its own Q♠ and leads
    assert state.current_player() == 1
    assert state.observation(None)["hearts_broken"] is rule
    remaining = tokens(MIXED[1]) - tokens("TC QS")
    if rule:
        assert legal(state) == remaining
    else:
        assert legal(state) == remaining - tokens("5H TH AH")


@pytest.mark.parametrize("rule", [True, False])
def test_lead_hearts_instead_of_queen(rule: bool) -> None:
    # RULINGS 1.1 option lead_hearts_instead_of_queen (H3, pagat's
    # lead_hearts_if_only_hearts_and_Q♠): a leader with only hearts and the Q♠ may lead a heart.
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC 2D 3D",
        "AC QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
        "KC 4D 5D 6D 7D 8D 9D TD JD QD KD AD KH",
        "AH 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
    ]
    state = dealt(load(pass_cycle="hold", lead_hearts_instead_of_queen=rule), hands)
    play(state, "2C AC KC 2S")
    assert state.current_player() == 1
    if rule:
        assert legal(state) == tokens(hands[1]) - {"AC"}
    else:
        assert legal(state) == {"QS"}


# ---------------------------------------------------------------- moon (RULINGS 1.1, H5)


def test_the_moon_deal_gives_every_penalty_card_to_the_shooter() -> None:
    # RULINGS 1.1 black-lady: the moon is "taking all hearts plus Q♠"; the deal used by the
    # moon scenarios does that for any shooter's seat.
    game = load(pass_cycle="hold", moon="none")
    for shooter in range(4):
        state = dealt(game, moon_hands(shooter))
        play(state, MOON_MOVES)
        assert state.observation(None)["tricks"][0]["winner"] == (shooter + 1) % 4
        finish_deal(state)
        expected = [0] * 4
        expected[shooter] = 26
        assert state.last_deal_scores() == expected  # moon=none: the shooter keeps 26


@pytest.mark.parametrize(
    ("moon", "scores"),
    [
        ("add", [0, 26, 26, 26]),  # H5 DEFAULT: 0 for the shooter, +26 for everyone else
        ("subtract", [-26, 0, 0, 0]),  # H5 OPTION: the shooter deducts 26
        ("none", [26, 0, 0, 0]),  # H5 OPTION: no moon, the shooter keeps what was taken
        ("void_deal", [0, 0, 0, 0]),  # H5 OPTION (Culbertson): nobody scores the deal
        ("add_unless_it_makes_someone_win", [0, 26, 26, 26]),  # H5: adding ends nothing here
    ],
)
def test_moon_scoring(moon: str, scores: list[int]) -> None:
    # RULINGS 1.1 black-lady moon=add and H5's options, on the same moon by seat 0.
    state = moon_game(moon=moon)
    assert state.last_deal_scores() == scores
    assert state.scores() == [float(s) for s in scores]


@pytest.mark.parametrize(
    ("choice", "scores"), [("add", [0, 26, 26, 26]), ("subtract", [-26, 0, 0, 0])]
)
def test_moon_choose_is_the_shooters_decision(choice: str, scores: list[int]) -> None:
    # RULINGS H5 OPTION moon=choose: "the shooter decides, an explicit action".
    state = moon_game(moon="choose")
    assert state.phase == "moon"
    assert state.current_player() == 0
    assert not state.is_chance_node() and not state.is_terminal()
    assert legal(state) == {"moon add", "moon subtract"}
    obs = state.observation(2)
    assert obs["moon_shooter"] == 0 and obs["points"] == [26, 0, 0, 0]
    assert state.last_deal_scores() is None
    was = snapshot(state)
    with pytest.raises(IllegalActionError, match="legal: moon add moon subtract"):
        state.apply_action(parse_cards("2C")[0].index)
    assert snapshot(state) == was
    state.apply_action(state.string_to_action(f"moon {choice}"))
    assert state.last_deal_scores() == scores
    assert state.phase == "deal"


def test_moon_choose_only_when_someone_shoots() -> None:
    # H5 moon=choose: no decision node in a deal without a moon.
    state = dealt(load(pass_cycle="hold", moon="choose"), MIXED)
    finish_deal(state)
    assert state.phase == "deal"


def test_moon_add_unless_it_makes_someone_win() -> None:
    # RULINGS H5 OPTION moon=add_unless_it_makes_someone_win (pagat): add, unless adding would
    # end the match with the shooter not winning; then subtract. With jd_bonus the J♦ (−10)
    # goes to the seat left of the shooter, which gives the second shooter a rival below them.
    results = {}
    for moon in ("add", "add_unless_it_makes_someone_win"):
        state = dealt(load(pass_cycle="hold", jd_bonus=True, deals=2, moon=moon), moon_hands(1))
        moon_deal(state, 1, first=True)
        # Deal 1 ends nothing (deals=2), so both rules add: seat 2 took the J♦.
        assert state.last_deal_scores() == [26, 0, 16, 26]
        moon_deal(state, 0)  # seat 0 shoots; adding would leave it at 26 behind seat 1's 16
        assert state.is_terminal()
        results[moon] = (state.last_deal_scores(), state.scores(), state.returns())
    assert results["add"] == ([0, 16, 26, 26], [26.0, 16.0, 42.0, 52.0], [0.0, 1.0, 0.0, 0.0])
    assert results["add_unless_it_makes_someone_win"] == (
        [-26, -10, 0, 0],
        [0.0, -10.0, 16.0, 26.0],
        [0.0, 1.0, 0.0, 0.0],
    )


# ---------------------------------------------------------------- bonuses (RULINGS 1.1 options)


@pytest.mark.parametrize(
    ("jd", "moon", "scores"),
    [
        (False, "none", [26, 0, 0, 0]),
        (True, "none", [26, -10, 0, 0]),  # jd_bonus: the J♦ counts −10 to its taker
        (False, "add", [0, 26, 26, 26]),
        (True, "add", [0, 16, 26, 26]),  # the bonus card is credited on top of the moon
    ],
)
def test_jd_bonus(jd: bool, moon: str, scores: list[int]) -> None:
    # RULINGS 1.1 black-lady option jd_bonus (omnibus's bonus card as an option).
    state = moon_game(jd_bonus=jd, moon=moon)
    assert state.last_deal_scores() == scores


@pytest.mark.parametrize(
    ("bonus", "moon", "scores"),
    [
        (0, "none", [26, 0, 0, 0]),
        (5, "none", [26, 0, -5, -5]),  # seats 2 and 3 took no trick
        # A deal in which the moon is shot gives no bonus (as OpenSpiel's
        # avoid_all_tricks_bonus, which the differential test holds hoyle to).
        (5, "add", [0, 26, 26, 26]),
        (5, "subtract", [-26, 0, 0, 0]),
        (5, "void_deal", [0, 0, 0, 0]),
    ],
)
def test_no_tricks_bonus(bonus: int, moon: str, scores: list[int]) -> None:
    # RULINGS 1.1 black-lady option no_tricks_bonus: points off a seat that takes no trick.
    state = moon_game(no_tricks_bonus=bonus, moon=moon)
    assert state.observation(None)["deal_scores"][0] == scores
    assert state.last_deal_scores() == scores


@pytest.mark.parametrize(("bonus", "scores"), [(0, [0, 5, 0, 21]), (7, [-7, 5, 0, 21])])
def test_no_tricks_bonus_in_an_ordinary_deal(bonus: int, scores: list[int]) -> None:
    # RULINGS 1.1 option no_tricks_bonus, in a deal without a moon: playing the lowest legal
    # card throughout, seat 0 takes no trick and seat 2 takes two clean ones.
    state = dealt(load(pass_cycle="hold", no_tricks_bonus=bonus, deals=1), MIXED)
    finish_deal(state)
    assert state.observation(None)["tricks_taken"] == [0, 4, 2, 7]
    assert state.last_deal_scores() == scores


# ---------------------------------------------------------------- match end (RULINGS 1.1, H20)


def test_deals_one_returns_minus_the_deals_points() -> None:
    # issue 2: "With deals=1, returns() is minus each seat's penalty points for the deal."
    state = moon_game(deals=1)
    assert state.is_terminal()
    assert state.returns() == [0.0, -26.0, -26.0, -26.0]
    assert state.observation(0)["returns"] == [0.0, -26.0, -26.0, -26.0]


@pytest.mark.parametrize("deals", [2, 3])
def test_deals_n_plays_exactly_n_deals(deals: int) -> None:
    # RULINGS 1.1 modern/original: option deals=N.
    state = moon_game(deals=deals)
    for k in range(1, deals):
        assert not state.is_terminal() and state.phase == "deal"
        moon_deal(state, k % 4)
    assert state.is_terminal()
    assert state.deal_number == deals


@pytest.mark.parametrize(("target", "over"), [(26, True), (27, False), (100, False)])
def test_target_ends_the_match_after_the_deal_that_reaches_it(target: int, over: bool) -> None:
    # RULINGS 1.1 black-lady: "End: 100" (option target); the match ends after the deal in
    # which anyone reaches it.
    state = moon_game(target=target)  # the deal leaves seats 1–3 on 26
    assert state.is_terminal() is over
    assert state.returns() == ([1.0, 0.0, 0.0, 0.0] if over else [0.0] * 4)


def test_match_to_100_lowest_wins() -> None:
    # RULINGS 1.1 black-lady / H20: after the deal in which someone reaches 100; lowest wins.
    state = moon_game()
    for shooter in (1, 2, 3):
        moon_deal(state, shooter)
        assert not state.is_terminal()
        assert state.returns() == [0.0] * 4
    assert state.scores() == [78.0] * 4  # a four-way tie below 100 plays on
    moon_deal(state, 0)
    assert state.is_terminal()
    assert state.scores() == [78.0, 104.0, 104.0, 104.0]
    assert state.returns() == [1.0, 0.0, 0.0, 0.0]
    assert state.progress() == (5, "over", 0)


@pytest.mark.parametrize("tie", ["share", "play_on"])
def test_ties_share_or_play_on(tie: str) -> None:
    # RULINGS H20: DEFAULT ties share (1/k each); OPTION tie=play_on deals again until one seat
    # alone is lowest.
    state = moon_game(target=52, tie=tie)
    moon_deal(state, 1)
    assert state.scores() == [26.0, 26.0, 52.0, 52.0]
    if tie == "share":
        assert state.is_terminal()
        assert state.returns() == [0.5, 0.5, 0.0, 0.0]
        return
    assert not state.is_terminal()
    moon_deal(state, 0)
    assert state.is_terminal()
    assert state.scores() == [26.0, 52.0, 78.0, 78.0]
    assert state.returns() == [1.0, 0.0, 0.0, 0.0]


def test_a_three_way_tie_shares_in_thirds() -> None:
    # RULINGS H20: ties share — each of k tied seats gets 1/k.
    state = moon_game(target=26, moon="none", jd_bonus=True, no_tricks_bonus=0)
    # seat 0 took 26, seat 1 took the J♦ (−10), seats 2 and 3 nothing: seat 1 alone is lowest.
    assert state.returns() == [0.0, 1.0, 0.0, 0.0]
    state = moon_game(target=26, moon="none")  # seats 1, 2, 3 all on 0
    assert state.returns() == pytest.approx([0.0, 1 / 3, 1 / 3, 1 / 3])


def test_dealer_and_eldest_rotate_each_deal() -> None:
    # RULINGS 1.0: the deal passes left; eldest (left of the dealer) is dealt first.
    state = moon_game()
    assert state.dealer == 0
    assert state.observation(None)["dealer"] == 0
    moon_deal(state, 1)
    assert state.dealer == 1


# ---------------------------------------------------------------- more passes (RULINGS H6, pagat)


def test_scatter_pass_gives_one_card_to_each_other_player() -> None:
    # RULINGS H6 / pagat "scatter": each player passes one card to every other player; the
    # cards go in seat order from the left, in the order they are chosen.
    state = dealt(load(pass_cycle="scatter"), SUITS)
    obs = state.observation(0)
    assert obs["pass_direction"] == "scatter" and obs["pass_to"] == [1, 2, 3]
    play(state, "AC KC QC AD KD QD AH KH QH AS KS QS")
    assert state.phase == "play"
    # Seat 0 chose A♣ (to seat 1), K♣ (to seat 2), Q♣ (to seat 3).
    assert "AC" in hand(state, 1) and "KC" in hand(state, 2) and "QC" in hand(state, 3)
    # Seat 2 chose A♥ (to seat 3), K♥ (to seat 0), Q♥ (to seat 1).
    assert "AH" in hand(state, 3) and "KH" in hand(state, 0) and "QH" in hand(state, 1)
    seat0 = state.observation(0)
    assert seat0["passed_to"] == [[], ["AC"], ["KC"], ["QC"]]
    assert seat0["received_from"] == [[], ["QD"], ["KH"], ["AS"]]
    assert set(seat0["received"]) == tokens("QD KH AS")


def test_scatter_with_three_players_passes_two_to_each() -> None:
    # pagat, 3 players: "if you pass 4 cards instead of 3 you can also scatter by passing 2
    # cards to each other player".
    game = load(players=3, pass_count=4, pass_cycle="scatter")
    state = game.new_initial_state(seed=5)
    assert state.observation(0)["pass_to"] == [1, 1, 2, 2]
    with pytest.raises(hoyle.InvalidOptionError, match="multiple of 2"):
        load(players=3, pass_cycle="scatter")  # 3 cards cannot be shared among 2 players


@pytest.mark.parametrize(("direction", "offset"), [("second_left", 2), ("second_right", 3)])
def test_passing_to_the_second_seat_over(direction: str, offset: int) -> None:
    # pagat, 5 players: "Left, right, 2nd person to the left, 2nd person to the right, hold".
    game = load(players=5, pass_cycle=direction)
    state = game.new_initial_state(seed=9)
    before = [set(state.observation(s)["hand"]) for s in range(5)]
    for _ in range(5 * 3):  # every seat passes its three highest cards
        state.apply_action(state.legal_actions()[-1])
    for seat in range(5):
        passed = set(state.observation(seat)["passed"])
        assert passed <= before[seat]
        assert set(state.observation((seat + offset) % 5)["received"]) == passed
    with pytest.raises(hoyle.InvalidOptionError, match="second seat"):
        load(players=4, pass_cycle=direction)


def test_resampling_keeps_scatter_passes() -> None:
    # DESIGN "resample_from_infostate … respects cards passed and received": after a scatter
    # pass, every resample still gives each seat the card seat 0 sent it.
    import random

    state = dealt(load(pass_cycle="scatter"), SUITS)
    play(state, "AC KC QC AD KD QD AH KH QH AS KS QS")
    rng = random.Random(4)
    for _ in range(20):
        new = state.resample_from_infostate(0, rng)
        assert new.observation(0) == state.observation(0)
        assert "AC" in hand(new, 1) and "KC" in hand(new, 2) and "QC" in hand(new, 3)


def test_mix_pass_deals_the_pooled_cards_back() -> None:
    # RULINGS H6 / pagat "mix": everyone discards three cards to a pile in the centre, which is
    # shuffled and then dealt back to the players, three each.
    state = dealt(load(pass_cycle="mix"), SUITS)
    assert state.observation(0)["pass_to"] == [None, None, None]
    play(state, PASS_TOP_THREE)
    # Dealt at chance nodes (no seed): the twelve pooled cards, one at a time from eldest.
    assert state.is_chance_node() and state.phase == "mix"
    pool = {state.action_to_string(a) for a, _ in state.chance_outcomes()}
    assert pool == tokens(PASS_TOP_THREE)
    assert all(state.observation(s)["received"] == [] for s in range(4))  # still face down
    play(state, "AS KS QS AH KH QH AD KD QD AC KC QC")
    assert state.phase == "play"
    # One card at a time round the table from eldest (seat 0): 0, 1, 2, 3, 0, …
    expected = ["AS KH QD", "KS QH AC", "QS AD KC", "AH KD QC"]
    for seat, cards in enumerate(expected):
        assert set(state.observation(seat)["received"]) == tokens(cards)
    assert all(len(hand(state, s)) == 13 for s in range(4))


def test_mix_pass_from_a_seed_has_no_chance_nodes() -> None:
    # DESIGN "Chance and seeds": with a seed, the shuffle of the pool comes from the same
    # random.Random, so the match has no chance node and the seed reproduces it.
    game = load(pass_cycle="mix", deals=1)
    results = []
    for _ in range(2):
        state = game.new_initial_state(seed=21)
        while not state.is_terminal():
            assert not state.is_chance_node()
            state.apply_action(state.legal_actions()[0])
        results.append((state.returns(), state.history()))
    assert results[0] == results[1]


def test_no_points_first_trick_applies_when_following_too() -> None:
    # RULINGS 1.1 black-lady: "no heart or Q♠ on the first trick unless the player holds
    # nothing else" — with eldest leading any card, a spade lead may meet the Q♠.
    hands = [
        "2S " + " ".join(f"{r}C" for r in "23456789TJQK"),
        "QS 3S " + " ".join(f"{r}D" for r in "23456789TJQ"),
        "4S " + " ".join(f"{r}H" for r in "23456789TJQK"),
        "5S 6S 7S 8S 9S TS JS KS AS AC KD AD AH",
    ]
    state = dealt(load(first_lead="eldest_any", pass_cycle="hold"), hands)
    play(state, "2S")
    assert legal(state) == {"3S"}
    with pytest.raises(hoyle.IllegalActionError, match="no points on the first trick"):
        state.apply_action(state.string_to_action("QS"))
    lone = [
        hands[0],
        "QS " + " ".join(f"{r}D" for r in "23456789TJQK"),
        "3S " + " ".join(f"{r}H" for r in "3456789TJQK") + " 2H",
        "4S 5S 6S 7S 8S 9S TS JS KS AS AC AD AH",
    ]
    state = dealt(load(first_lead="eldest_any", pass_cycle="hold"), lone)
    play(state, "2S")
    assert legal(state) == {"QS"}  # the queen is its only spade: follow suit comes first


def test_observation_is_for_a_seat_or_a_spectator() -> None:
    # DESIGN: observation(player) for a seat, observation(None) for a spectator; CHANCE (-1)
    # or a seat past the table is an error, never another seat's hand.
    state = load().new_initial_state(seed=3)
    for bad in (hoyle.CHANCE, 4, -5):
        with pytest.raises(InvalidSeatError, match="give 0 to 3, or None"):
            state.observation(bad)
