"""Hearts' side of the family contract (docs/contract.md, issue 18) beyond what the
conformance suite checks on one-deal games: a seeded match's history lists its chance
actions, hidden moves reach only the seats that may see them, each deal's result says how it
was scored, and ``game.info`` holds for matches, chip games and partnerships."""

from __future__ import annotations

import random
from typing import Any

import pytest
from test_presets import (
    CLUBS_TO_SEAT_0,
    HEARTS_TO_SEAT_0,
    ROYAL_SPLIT,
    SPLIT_MOON,
    WIDOW_DEAL,
    play_out_deal,
)
from test_scenarios import moon_game

import hoyle
from deals import MIXED
from helpers import play
from hoyle.games.hearts import HeartsGame, HeartsState
from hoyle.games.hearts.domino import DominoState


def load(variant: str = "black-lady", **options: Any) -> HeartsGame:
    game = hoyle.load("hearts", variant=variant, **options)
    assert isinstance(game, HeartsGame)
    return game


def random_play(state: HeartsState, rng: random.Random, until: Any = None) -> None:
    """Random legal moves (chance by its outcomes) until ``until(state)`` or the end."""
    while not state.is_terminal() and not (until and until(state)):
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def views(state: HeartsState) -> list[Any]:
    return [state.observation(s) for s in [None, *range(state.game.num_players)]]


def replayed(state: HeartsState) -> HeartsState:
    """``state.history()`` applied to the game's unseeded start (docs/contract.md §7)."""
    again = state.game.new_initial_state()
    assert isinstance(again, HeartsState)
    for action in state.history():
        again.apply_action(action)
    return again


def texts(state: HeartsState, seat: int | None) -> str:
    return "\n".join(entry["text"] for entry in state.log(seat))


# ---------------------------------------------------------------- history (contract §6)


@pytest.mark.parametrize(
    "spec",
    [
        "hearts(deals=3)",
        "hearts(pass_cycle=mix,deals=2)",
        "hearts(variant=domino,players=3,deals=2)",
        "hearts(variant=cancellation,players=7,deals=2)",
        "hearts(variant=heartsette,widow=to_hand,deals=2)",
        "hearts(variant=joker,players=5,deals=2)",
    ],
)
def test_a_seeded_match_lists_its_chance_actions(spec: str) -> None:
    # docs/contract.md §6: a seeded shuffle appends the chance actions it stands for — the
    # deal one card at a time from eldest, a mix pass dealt back, the stock's draws — so that
    # the history replays from the unseeded start; the seed still deals the same cards.
    game = hoyle.load(spec)
    rng = random.Random(5)
    state = game.new_initial_state(seed=11)
    again = game.new_initial_state(seed=11)
    assert views(state) == views(again)  # the same cards for the same seed
    steps = 0
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
        if steps % 23 == 0 or state.is_terminal():
            assert views(replayed(state)) == views(state), f"{spec} after {steps} moves"
    assert len(state.history()) > steps  # chance actions too


def test_the_seeded_deal_is_the_one_dealt_one_card_at_a_time_from_eldest() -> None:
    # RULINGS 1.0: "the whole pack is dealt singly from eldest": the history's first 52
    # actions give each seat its hand, seat (eldest + k) % 4 the k-th card.
    state = load(deals=1).new_initial_state(seed=7)
    dealt = state.history()[:52]
    hands = [sorted(dealt[(seat - 0) % 4 :: 4]) for seat in range(4)]  # eldest is seat 0
    assert hands == [sorted(h) for h in state.dealt_hands()]


def test_moves_this_deal_leave_out_the_deal_seeded_or_not() -> None:
    # OpenSpielAgent rebuilds a deal from dealt_hands() and moves_this_deal(): the same moves
    # whether the cards came from a seed or from chance nodes.
    game = load(deals=1)
    state = game.new_initial_state(seed=4)
    random_play(state, random.Random(1), until=lambda s: len(s._tricks) == 5)
    again = replayed(state)
    assert state.moves_this_deal() == again.moves_this_deal()
    assert len(state.moves_this_deal()) == 12 + 5 * 4  # the pass, then five tricks


def test_a_seeded_domino_deal_records_its_draws() -> None:
    # docs/contract.md §6 with RULINGS 1.1 domino: a seeded deal draws by itself, and each
    # draw is in the history as the chance action it stands for.
    state = load("domino", players=2, deals=1).new_initial_state(seed=3)
    assert isinstance(state, DominoState)
    random_play(state, random.Random(2))
    log = state.log(None)
    drawn = sum(1 for e in log if e["kind"] == "draw")
    played = sum(1 for e in log if e["kind"] == "play")
    assert drawn > 0
    assert len(state.history()) == 12 + drawn + played  # the deal, the draws, the plays
    assert views(replayed(state)) == views(state)


# ---------------------------------------------------------------- the log (contract §4)


def test_a_pass_is_told_to_its_passer_and_its_cards_to_the_receiver_only() -> None:
    # RULINGS H6: three cards are chosen before any are received; docs/contract.md §4: a
    # hidden move appears only as that seat saw it.
    state = load(deals=1).new_initial_state(seed=2)
    passed = [list(state.observation(0)["hand"][:3])]
    play(state, " ".join(passed[0]))
    for seat in (1, 2, 3):  # the others pass their first three cards
        play(state, " ".join(state.observation(seat)["hand"][:3]))
    assert state.phase == "play"
    mine = [e for e in state.log(0) if e["kind"] == "pass" and e["seat"] == 0]
    assert mine and all(c in mine[0]["cards"] for c in passed[0])
    receiver = [e for e in state.log(1) if e["kind"] == "receive"]
    assert receiver[0]["cards"] == sorted(passed[0], key=hoyle.cards.card_index)
    assert "from Seat 0" in receiver[0]["text"]
    for seat in (None, 2, 3):  # nobody else reads which cards went to seat 1
        log = state.log(seat)
        assert not any(e["kind"] == "receive" and e["seat"] == 1 for e in log)
        seat_0 = next(e for e in log if e["kind"] == "pass" and e["seat"] == 0)
        assert seat_0["text"] == "Seat 0 passes 3 cards to Seat 1." and "cards" not in seat_0


def test_the_widow_taken_into_hand_and_the_cards_laid_away_are_the_takers_secret() -> None:
    # RULINGS 1.1 heartsette, widow=to_hand: the taker looks at the widow and lays away as
    # many cards face down; nobody else learns them (the terminal once named them).
    state = load("heartsette", deals=1, widow="to_hand").deal_state(WIDOW_DEAL)
    play(state, "2C AC 2H 4S AH KH QD")
    taker = texts(state, 1)
    assert "You take the widow into hand: K♥ A♥ 3♠." in taker
    assert "You lay Q♦ away." in taker
    for seat in (None, 0, 2, 3):
        log = texts(state, seat)
        assert "Seat 1 takes the widow (3 cards) into hand, unseen." in log
        assert log.count("Seat 1 lays a card away face down.") == 3
        assert "Q♦" not in log and "3♠" not in log and "K♥" not in log


def test_the_widow_to_tricks_is_shown_to_its_taker_alone() -> None:
    # RULINGS 1.1 heartsette: the first trick's winner may look at the widow; nobody else.
    state = load("heartsette", deals=1).deal_state(WIDOW_DEAL)
    play(state, "2C AC 2H 4S")
    assert "You take the widow: K♥ A♥ 3♠." in texts(state, 1)
    assert "Seat 1 takes the widow (3 cards), unseen." in texts(state, 0)


def test_a_mix_pass_dealt_back_is_told_to_each_receiver_alone() -> None:
    # RULINGS H6 option mix: the pool is shuffled and dealt back face down.
    state = load(pass_cycle="mix", deals=1).new_initial_state(seed=3)
    random_play(state, random.Random(3), until=lambda s: s.phase == "play")
    got = [next(e for e in state.log(s) if e["kind"] == "receive") for s in range(4)]
    for seat, entry in enumerate(got):
        assert entry["seat"] == seat and entry["cards"] == state.observation(seat)["received"]
        others = [state.log(s) for s in (None, *(x for x in range(4) if x != seat))]
        told = [e for log in others for e in log if e["kind"] == "receive" and e["seat"] == seat]
        assert told == []
    assert "The pool is shuffled and dealt back" in texts(state, None)


def test_a_card_drawn_from_the_stock_is_told_to_its_drawer_alone() -> None:
    # RULINGS 1.1 domino: the stock is face down; the drawer sees the card, the others that
    # a card was drawn.
    state = load("domino", players=2, deals=1).new_initial_state(seed=3)
    random_play(state, random.Random(2), until=lambda s: len(s._draws) > 0)
    _trick, seat, card = state._draws[0]
    token = hoyle.cards.Card.from_token(hoyle.cards.TOKENS[card]).pretty()
    assert f"You draw {token} from the stock." in texts(state, seat)
    assert f"Seat {seat} draws a card from the stock." in texts(state, 1 - seat)
    assert f"Seat {seat} draws a card from the stock." in texts(state, None)


def test_the_silent_partner_is_told_alone_until_the_bonus_card_is_played() -> None:
    # RULINGS 1.1 partnership-slam: the 10♦'s holder is the high bidder's silent partner,
    # "unrevealed until 10♦ is played".
    state = load("partnership-slam", pass_cycle="hold", deals=1).deal_state(CLUBS_TO_SEAT_0)
    play(state, "bid_4 pass pass pass")
    assert "You hold the 10♦ and so are Seat 0's silent partner." in texts(state, 1)
    for seat in (None, 0, 2, 3):
        assert "silent partner." not in texts(state, seat)
    while "TD" not in [p["card"] for p in state.observation(None)["trick"]]:
        state.apply_action(state.legal_actions()[0])
    assert "Seat 1 is Seat 0's silent partner." in texts(state, 2)


# ---------------------------------------------------------------- results (contract §5)


def lines(state: HeartsState, viewer: int | None = None) -> list[str]:
    results: list[str] = state.observation(viewer)["results"][-1]["lines"]
    return results


def items(state: HeartsState, kind: str) -> list[dict[str, Any]]:
    found = state.observation(None)["results"][-1]["items"]
    return [item for item in found if item["kind"] == kind]


def test_each_seat_is_told_its_points_and_how() -> None:
    # RULINGS 1.1 black-lady: hearts 1, Q♠ 13; option jd_bonus: the J♦ −10 to its taker.
    state = moon_game(jd_bonus=True, moon="none", deals=1)
    assert lines(state, 1)[:4] == [
        "Seat 0: 26 — 13 hearts, Q♠ 13",
        "You: −10 — J♦ −10",
        "Seat 2: 0 — nothing",
        "Seat 3: 0 — nothing",
    ]
    seat_0 = items(state, "seat")[0]
    assert seat_0["hearts"] == 13 and seat_0["cards"] == [{"card": "QS", "count": 1, "points": 13}]


@pytest.mark.parametrize(
    ("options", "choice", "line"),
    [
        ({}, None, "Shot the moon: Seat 0 — 26 to each of the others"),
        ({"moon": "subtract"}, None, "Shot the moon: Seat 0 — 26 off Seat 0's score"),
        (
            {"moon": "choose"},
            "moon_subtract",
            "Shot the moon: Seat 0 — 26 off Seat 0's score (Seat 0 chose)",
        ),
        ({"moon": "void_deal"}, None, "Shot the moon: Seat 0 — the deal is void, nobody scores"),
    ],
)
def test_the_moon_and_what_the_shooter_chose(
    options: dict[str, Any], choice: str | None, line: str
) -> None:
    # RULINGS H5: add, subtract, the shooter's choice, Culbertson's void deal.
    state = moon_game(deals=1, **options)
    if choice:
        play(state, choice)
    assert lines(state)[-1] == line
    (moon,) = items(state, "moon")
    assert moon["seats"] == [0] and moon["worth"] == 26 and moon["chosen"] == bool(choice)


def test_a_generale_made_failed_or_silent() -> None:
    # RULINGS 1.1 chasse-au-coeur: Générale made, +64 each opponent; failed, +64 the declarer;
    # silent, +54 each opponent.
    state = load("chasse-au-coeur", deals=1).deal_state(HEARTS_TO_SEAT_0)
    play(state, "generale")
    play_out_deal(state)
    assert lines(state)[-1] == "Générale: Seat 0 made it — 64 to each opponent"
    state = load("chasse-au-coeur", deals=1).deal_state(HEARTS_TO_SEAT_0)
    play(state, "pass generale")
    play_out_deal(state)
    assert lines(state, 1)[-1] == "Générale: You failed — 64 to you, nothing to the others"
    generale = {"kind": "generale", "seat": 1, "made": False, "points": 64}
    assert items(state, "generale") == [generale]
    state = load("chasse-au-coeur", deals=1).deal_state(HEARTS_TO_SEAT_0)
    play(state, "pass pass pass pass")
    play_out_deal(state)
    assert lines(state)[-1] == "Silent Générale: Seat 0 — 54 to each of the others"


def test_a_slam_bid_made_or_failed() -> None:
    # RULINGS 1.1 partnership-slam: made, −(26 + bid) each; failed, the pair's score + bid.
    state = load("partnership-slam", pass_cycle="hold", deals=1).deal_state(CLUBS_TO_SEAT_0)
    play(state, "bid_4 pass pass pass")
    play_out_deal(state)
    assert lines(state)[-1] == (
        "Slam bid of 4 by Seat 0, Seat 1 the silent partner with the 10♦ — made: −30 to each "
        "of them, nothing to the others"
    )
    state = load("partnership-slam", pass_cycle="hold", deals=1).deal_state(CLUBS_TO_SEAT_0)
    play(state, "pass bid_2 pass pass")
    play_out_deal(state)
    assert lines(state)[-2:] == [
        "Slam: Seat 0 took all 15 counting cards — −26, nothing to the others",
        "Slam bid of 2 by Seat 1, alone with the 10♦ — failed: 2 to Seat 1",
    ]


def test_the_chips_paid_collected_and_left_on_the_table() -> None:
    # Hearts seed, 1887: taking all 13 hearts pays 13, four to each opponent and one to the
    # table; RULINGS H9: the table's chips go to the next deal's lowest.
    state = load("original-1887", deals=2).deal_state(CLUBS_TO_SEAT_0)
    play_out_deal(state)
    assert lines(state) == [
        "Seat 0: 13 hearts — pays 13 chips",
        "Seat 1: 0 hearts — collects 4 chips",
        "Seat 2: 0 hearts — collects 4 chips",
        "Seat 3: 0 hearts — collects 4 chips",
        "1 chip stays on the table",
    ]
    assert items(state, "table") == [{"kind": "table", "before": 0, "after": 1}]
    play_out_deal(state)
    assert lines(state)[0] == "The table held 1 chip from before"


def test_the_auction_and_the_penalty_suit_it_named() -> None:
    # RULINGS 1.1 auction: the winner pays the bid to the table and names the suit.
    state = load("auction", deals=1).deal_state(CLUBS_TO_SEAT_0)
    play(state, "pass bid_2 bid_3 pass name_spades")
    play_out_deal(state)
    assert lines(state)[0] == "Auction: Seat 2 bought the penalty suit for 3 chips — spades"
    assert lines(state)[3] == "Seat 2: 13 spades — pays 13 chips"
    assert items(state, "auction") == [{"kind": "auction", "seat": 2, "bid": 3, "suit": "S"}]


def test_royal_queens_are_told() -> None:
    # RULINGS H18: the Q♥ doubles its taker's hearts, the Q♦ takes 10 off the total.
    state = load("royal", deals=1, pass_cycle="hold").deal_state(ROYAL_SPLIT)
    play_out_deal(state)
    assert lines(state)[0] == (
        "Seat 0: 40 — 12 hearts, Q♠ 26, the Q♥ doubles the hearts +12, the Q♦ takes 10 off "
        "the total"
    )


def test_partners_and_a_team_moon() -> None:
    # RULINGS 1.1 partnership: partners add their points; a team moon gives the others 26 each.
    state = load("partnership", deals=1, pass_cycle="hold").deal_state(SPLIT_MOON)
    play_out_deal(state)
    assert lines(state)[-3:] == [
        "Shot the moon: Seat 0 and Seat 2 — 26 to each of the others",
        "Partners Seat 0 and Seat 2: 0 together",
        "Partners Seat 1 and Seat 3: 52 together",
    ]


def test_the_widow_is_counted_without_being_named() -> None:
    # RULINGS 1.1 heartsette: the widow's hearts count for its taker; which cards it held
    # stays the taker's secret.
    state = load("heartsette", deals=1).deal_state(WIDOW_DEAL)
    play_out_deal(state)
    assert lines(state)[1] == "Seat 1: 3 — 3 hearts, the widow counted"
    assert "K♥" not in " ".join(lines(state))


# ---------------------------------------------------------------- game.info (contract §2)


def test_deal_limit_ends_a_match_that_would_play_on() -> None:
    # docs/contract.md §2, §6: a deal_limit caps a match to a target, which then ends ranked
    # by its totals; game.info's longest game counts it.
    game = load("modern", target=10_000, deal_limit=3)
    state = game.new_initial_state(seed=1)
    random_play(state, random.Random(1))
    results = state.observation(None)["results"]
    assert len(results) == 3 and state.is_terminal()
    totals = state.scores()
    assert state.returns() == [1.0 if t == min(totals) else 0.0 for t in totals]
    assert len(state.history()) <= game.info.max_game_length
    assert load("modern", moon="subtract").info.max_game_length >= 1000 * 52
    with pytest.raises(hoyle.InvalidOptionError, match="more than deal_limit"):
        load(deals=5, deal_limit=3)


def test_a_chip_match_of_many_deals_is_within_its_bounds() -> None:
    # Hearts seed, 1887: a seat pays up to 13 chips a deal; with deals=N the match does not
    # stop when a seat runs out, so twenty deals can cost 260 chips.
    info = load("original-1887", deals=20).info
    assert info.min_utility <= -20 * 13 and info.max_utility >= 3 * 20 * 13
    assert info.returns_kind == "chips" and not info.scores_are_penalties


def test_partners_share_the_rank_and_rank_together() -> None:
    # docs/contract.md §2 "rank": partners each get their side's share, so the returns add
    # up to 2; the ranking puts partners in one group.
    game = load("partnership", target=30)
    assert game.info.utility_sum == 2.0
    for seed in range(4):
        state = game.new_initial_state(seed=seed)
        random_play(state, random.Random(seed))
        obs = state.observation(None)
        assert sum(state.returns()) == 2.0
        assert sorted(map(sorted, obs["ranking"])) in ([[0, 1, 2, 3]], [[0, 2], [1, 3]])


@pytest.mark.parametrize(
    ("variant", "total"), [("modern", -13.0), ("spot", -104.0), ("black-lady", None)]
)
def test_one_deal_has_a_constant_sum_without_a_moon(variant: str, total: float | None) -> None:
    # docs/contract.md §2: utility_sum when constant — every heart is taken by someone.
    game = load(variant, deals=1)
    assert game.info.utility_sum == total
    state = game.new_initial_state(seed=9)
    random_play(state, random.Random(9))
    if total is not None:
        assert sum(state.returns()) == total


@pytest.mark.parametrize("variant", ["black-lady", "domino", "cancellation"])
def test_a_finished_match_resampled_keeps_no_real_shuffler(variant: str) -> None:
    # docs/contract.md §7: nothing in a resampled state, a seed included, rebuilds the real
    # hidden cards — run backwards, the real shuffler would tell who passed what to whom.
    state = load(variant, deals=1).new_initial_state(seed=6)
    random_play(state, random.Random(6))
    world = state.resample_from_infostate(1, random.Random(0))
    assert world.observation(1) == state.observation(1)
    assert state._rng is not None and world._rng is not None
    assert world._rng.getstate() != state._rng.getstate()


def test_presets_whose_names_read_badly_have_a_players_title() -> None:
    # docs/contract.md §6 (issue 18 item 8): a player's title where the name in words would
    # read badly ("Chasse Au Coeur", "Original 1887").
    assert load("chasse-au-coeur").title == "Hearts — Chasse au cœur"
    assert load("original-1887").title == "Hearts — Original (1887)"
    assert load("black-maria", players=3).title == "Hearts — Black Maria"


def test_two_jokers_are_one_move_and_each_chance_outcome_has_its_own_token() -> None:
    # RULINGS 1.1 joker (jokers=2): the jokers are alike. docs/contract.md §7: a token names
    # one action, so a hand holding both offers one joker move, and while both may be dealt
    # the second has a token of its own (XJ2).
    game = load("joker", jokers=2, deals=1)
    state = game.new_initial_state()
    assert {state.action_to_string(52), state.action_to_string(53)} == {"XJ", "XJ2"}
    for action in (52, 53):
        assert state.string_to_action(state.action_to_string(action)) == action
    hands = [
        "XJ XJ 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
        "AC 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
        "AD 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
        "AH 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    ]
    state = game.deal_state(hands)
    jokers = [a for a in state.legal_actions() if a >= 52]
    assert jokers == [52] and state.string_to_action("xj") == 52


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_two_jokers_keep_the_contract(players: int) -> None:
    # The conformance clauses (tests/conformance/clauses.py) on an option no preset has.
    from conformance.clauses import CLAUSES, walk

    played = walk(f"hearts(variant=joker,jokers=2,players={players},pass_cycle=left,deals=1)")
    for clause in CLAUSES.values():
        clause(played)


@pytest.mark.parametrize(
    ("variant", "hands", "says"),
    [
        ("black-lady", ["2C"] * 3, "need 4 hands"),
        ("black-lady", ["2C 3C zz"] * 4, "seat 0: "),
        ("black-lady", [MIXED[0], "2C" + MIXED[1][2:], *MIXED[2:]], "seat 1: 2C is dealt twice"),
        ("cancellation", ["QS QS QS 2C 3C 4C 5C 6C 7C 8C 9C TC JC"] * 8, "dealt a third time"),
    ],
)
def test_a_hand_set_position_the_rules_cannot_deal_is_refused(
    variant: str, hands: list[str], says: str
) -> None:
    # docs/contract.md §7 and issue 18 item 9: game.deal_state raises InvalidPositionError.
    with pytest.raises(hoyle.core.errors.InvalidPositionError, match=says):
        load(variant).deal_state(hands)
    stacked = load("domino", deals=1).new_initial_state()
    with pytest.raises(hoyle.core.errors.InvalidPositionError, match="the stock order"):
        hoyle_domino_order(stacked)


def hoyle_domino_order(state: HeartsState) -> None:
    assert isinstance(state, DominoState)
    state.set_stock_order("2C zz")
