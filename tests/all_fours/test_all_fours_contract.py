"""All Fours under the family contract (docs/contract.md): what each seat reads in the log, how
each hand's result is told, one hand with ``deals=1``, the names ``deals`` and ``deal_limit``,
and the defects found when the family was brought to it (issue 18).

Cards are tokens such as ``AH`` (ace of hearts) and ``TC`` (ten of clubs).
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import hoyle
from conformance.clauses import Walk, check_log
from helpers import play
from hoyle.core.errors import InvalidPositionError
from hoyle.games.all_fours import AllFoursGame, AllFoursState
from hoyle.tui.app import TerminalGame
from hoyle.tui.render import Style


def load(variant: str = "seven-up", **options: Any) -> AllFoursGame:
    game = hoyle.load("all-fours", variant=variant, **options)
    assert isinstance(game, AllFoursGame)
    return game


def texts(state: hoyle.State, seat: int | None) -> list[str]:
    return [entry["text"] for entry in state.log(seat)]


def lines(state: hoyle.State, seat: int | None = None, deal: int = -1) -> list[str]:
    result: list[str] = state.observation(seat)["results"][deal]["lines"]
    return result


def same_log_in_other_worlds(state: AllFoursState) -> None:
    """docs/contract.md §4 and §7: each seat's log and observation are the same in every
    world drawn from what it may know (the clause check_log), and each world's history
    replays from the position's start (a hand-set deal here: State._origin)."""
    check_log(Walk(state.game, positions=[state]))
    for seat in range(state.game.num_players):
        for k in range(3):
            world = state.resample_from_infostate(seat, random.Random(k))
            assert world.observation(seat) == state.observation(seat)
            replay = state._origin()
            for action in world.history():
                replay.apply_action(action)
            assert [replay.observation(s) for s in range(state.game.num_players)] == [
                world.observation(s) for s in range(state.game.num_players)
            ]


# Two players, dealer seat 1, eldest seat 0. The run deals Q♣ K♣ A♣ to eldest, Q♦ K♦ A♦ to
# the dealer, and turns up the 2♠: a new suit, so each discards back to six (RULINGS A6).
ELDEST, DEALER = "AH 2C 3D 4S 5C 6D", "KH 7C 8D 9S TC JD"
RUN_STOCK = "QC KC AC QD KD AD 2S"


def ran_and_discarded() -> AllFoursState:
    state = load().deal_state([ELDEST, DEALER], dealer=1, turn_up="9H", stock=RUN_STOCK)
    play(state, "beg run 2C 3D 5C 7C 8D TC")
    return state


# ---------------------------------------------------------------- what each seat reads


def test_a_discard_after_running_is_named_only_to_its_owner() -> None:
    # RULINGS 2.1 seven-up: "Afterwards each player takes up the kept extra cards and discards
    # down to 6" — face down. Defect: `hoyle play all-fours --seed 5` printed the other
    # seat's discards ("Seat 1: 3C"). The log tells each seat its own cards only.
    state = ran_and_discarded()
    assert state.phase == "play"
    mine, theirs = texts(state, 0), texts(state, 1)
    assert mine[-6:] == [
        "You discard 2♣.",
        "You discard 3♦.",
        "You discard 5♣.",
        *["Seat 1 discards a card face down."] * 3,
    ]
    assert theirs[-6:] == [
        *["Seat 0 discards a card face down."] * 3,
        "You discard 7♣.",
        "You discard 8♦.",
        "You discard 10♣.",
    ]
    assert texts(state, None)[-6:] == [
        *["Seat 0 discards a card face down."] * 3,
        *["Seat 1 discards a card face down."] * 3,
    ]
    for seat, hidden in ((0, "7C 8D TC"), (1, "2C 3D 5C"), (None, "2C 3D 5C 7C 8D TC")):
        for entry in state.log(seat):
            assert entry.get("card") not in hidden.split(), (seat, entry)
    same_log_in_other_worlds(state)


def test_the_terminal_never_prints_another_seats_discard() -> None:
    # The defect as reported: `hoyle play all-fours --seed 5 --plain`, beg, play the hand,
    # then run on hand 2: the opponent's discards were printed as "Seat 1: 3C".
    game = load()
    state = game.new_initial_state(seed=5)
    out: list[str] = []

    def read(prompt: str) -> str:
        phase = state.observation(0)["phase"]
        if phase in ("beg", "give"):
            return "beg" if phase == "beg" else "run"
        return state.action_to_string(state.legal_actions()[0])

    agents = {1: hoyle.agent("easy", game, seed=1)}
    TerminalGame(state, 0, agents, read=read, write=out.append, style=Style(symbols=False)).run()
    shown = [line for line in "\n".join(out).splitlines() if line.startswith("Seat 1")]
    assert shown, "the opponent's moves are shown"
    bare_cards = [line for line in shown if re.fullmatch(r"Seat 1: [2-9TJQKA][CDHS]", line)]
    assert bare_cards == []


def test_hands_shut_until_eldest_decides_are_not_picked_up() -> None:
    # RULINGS 2.1 seven-up, 3+ players: "Only the dealer and eldest may see their cards until
    # eldest decides." Seat 1 (neither) has its six cards face down: its observation shows
    # no hand and hand_sizes counts only cards picked up; nothing names them to it.
    hands = ["AH QH 2C 3C 4C 5C", "KH TH 2D 3D 4D 5D", "9H 8H 2S 3S 4S 5S"]
    state = load(players=3).deal_state(hands, dealer=2, turn_up="7H")
    view = state.observation(1)
    assert view["hand"] == [] and view["hand_hidden"] is True
    assert view["hand_sizes"] == [6, 0, 6] and view["face_down"] == [0, 6, 0]
    assert state.observation(None)["hand_sizes"] == [6, 0, 6]
    same_log_in_other_worlds(state)
    play(state, "stand")
    view = state.observation(1)
    assert view["hand_sizes"] == [6, 6, 6] and view["face_down"] == [0, 0, 0]
    assert sorted(view["hand"]) == sorted(hands[1].split())


def test_face_down_draws_are_named_only_to_the_drawer() -> None:
    # RULINGS 2.1 shasta-sam: "California Jack with the stock face down." After each trick
    # the winner, then the loser, draws a card that only they see.
    state = load("shasta-sam").deal_state(
        ["AH 2C 3D", "KH 7C 8D"], dealer=1, turn_up="9H", stock="QS 7D"
    )
    play(state, "AH KH")  # seat 0 wins and draws the Q♠, seat 1 the 7♦
    assert texts(state, 0)[-2:] == [
        "You draw Q♠ from the stock.",
        "Seat 1 draws a card from the stock.",
    ]
    assert texts(state, 1)[-2:] == [
        "Seat 0 draws a card from the stock.",
        "You draw 7♦ from the stock.",
    ]
    assert texts(state, None)[-2:] == [
        "Seat 0 draws a card from the stock.",
        "Seat 1 draws a card from the stock.",
    ]
    same_log_in_other_worlds(state)


def test_the_card_cut_for_the_colour_guess_is_face_down_until_the_guess() -> None:
    # RULINGS 2.1 lancashire: "one team cuts, the other guesses the colour". Defect: the
    # observation named the card cut before the guess, to the guesser too.
    state = load("lancashire").new_initial_state()
    state.apply_action(state.string_to_action("9H"))  # seat 0 cuts the 9♥
    assert state.phase == "guess" and state.current_player() == 1
    for seat in (None, 0, 1, 2, 3):
        assert state.observation(seat)["cut"] == [{"seat": 0, "card": None}]
        assert "9♥" not in " ".join(texts(state, seat))
    worlds = {state.resample_from_infostate(1, random.Random(k)).history()[-1] for k in range(20)}
    assert len(worlds) > 1  # the card is drawn again in the worlds the guesser imagines
    play(state, "guess_black")
    assert state.observation(1)["cut"] == [{"seat": 0, "card": "9H"}]
    assert texts(state, 1)[-1] == (
        "You guess black; the card is 9♥: wrong, so Seat 0 chooses who pitches first."
    )


def test_partners_are_named_at_the_start() -> None:
    # docs/contract.md §5: who is whose partner. RULINGS 2.1 trinidad: four in partnerships.
    state = load("trinidad").new_initial_state(seed=1)
    assert texts(state, 0)[1] == "Partners: You and Seat 2 against Seat 1 and Seat 3."
    view = state.observation(0)
    assert view["sides"] == [[0, 2], [1, 3]] and view["partners"] == [[2], [3], [0], [1]]
    assert "Partners" not in " ".join(texts(load().new_initial_state(seed=1), 0))


# ---------------------------------------------------------------- turn-ups and kicks


def test_kicks_turned_while_running_out_the_pack_are_shown() -> None:
    # RULINGS 2.1 trinidad: "While running after a beg, every kick card turned scores"; "An
    # exhausted pack is reshuffled and redealt; kicks already scored stand". Defect (seed
    # 802048285, beg, run): the kicks were scored (side scores [3, 0]) but the observation
    # showed turned ['8C'] and kicks [] — the new hand's — and told them nowhere.
    state = load("trinidad").new_initial_state(seed=802048285)
    play(state, "beg run")
    view = state.observation(0)
    assert view["side_scores"] == [3, 0] and view["deal"] == 2 and view["phase"] == "beg"
    (first,) = view["results"]
    assert first["scores"] == [3, 0, 3, 0]
    turned = [item["card"] for item in first["items"] if item["kind"] == "turned"]
    kicks = [(i["card"], i["points"]) for i in first["items"] if i["kind"] == "kick"]
    assert turned == ["AD", "7D", "6D"] and kicks == [("AD", 1), ("6D", 2)]
    assert first["lines"] == [
        "Turned up: A♦ (begged), then 7♦ (the begged suit again), then 6♦ (the begged suit "
        "again) — the pack ran out",
        "Kick: A♦ — 1 to you and Seat 2",
        "Kick: 6♦ (while running) — 2 to you and Seat 2",
        "Begging: Seat 3 begged; you ran the cards twice",
        "Thrown in: the pack ran out before a new trump; you deal again",
    ]
    told = texts(state, 1)
    for text in (
        "Seat 0 turns up A♦: diamonds are trumps.",
        "Kick: A♦ — 1 to Seat 0 and Seat 2.",
        "Seat 0 turns up 6♦, the begged suit again: the cards are kept.",
        "Kick: 6♦ — 2 to Seat 0 and Seat 2.",
        "The pack has run out before a new trump.",
        "Deal 2: Seat 0 deals.",
    ):
        assert text in told
    # Every point scored is in some hand's result.
    assert [sum(r["scores"][s] for r in view["results"]) for s in range(4)] == view["scores"]


# ---------------------------------------------------------------- results in words


def test_a_hand_is_told_as_a_player_counts_it() -> None:
    # RULINGS 2.0: High to the holder of the highest trump, Low (A3: its holder), Jack to its
    # captor, Game to the most card points. Eldest holds the A♥ and takes the dealer's J♥;
    # the dealer holds the 2♥ and takes 20 card points to eldest's 5.
    state = load().deal_state(["AH 3C 4C 5C 6C 7C", "JH 2H TD TS 8D 9D"], dealer=1, turn_up="9H")
    play(state, "stand AH JH 3C 2H TD 4C TS 5C 8D 6C 9D 7C")
    assert lines(state, 0, 0) == [
        "Turned up: 9♥ — hearts are trumps",
        "Begging: You stood",
        "High: A♥ — You",
        "Low: 2♥ — Seat 1",
        "Jack: J♥ — taken by you",
        "Game: 20 to 5 — Seat 1",
    ]
    kinds = [item["kind"] for item in state.observation(0)["results"][0]["items"]]
    assert kinds == ["turned", "stand", "high", "low", "jack", "game"]
    told = texts(state, 0)
    over = told.index("Deal 1 is over.")
    assert told[over + 1 : over + 7] == lines(state, 0, 0)


def test_partnership_results_name_the_side() -> None:
    # RULINGS 2.1 trinidad: the jack taken from the other side is Hang Jack, 3, to the side
    # that takes it. Eldest (seat 3) leads the J♥ and seat 2's Q♥ takes it.
    hands = ["2C 3C 4C 5C 6C 7C", "2D 3D 4D 5D 6D 7D", "QH 3S 4S 5S 6S 7S", "JH 8C 8D 9C 9D 9S"]
    state = load("trinidad").deal_state(hands, dealer=0, turn_up="9H")
    play(state, "stand JH QH 2D 2C")  # anticlockwise: 3, 2, 1, 0
    while state.observation(None)["results"] == []:
        state.apply_action(state.legal_actions()[0])
    assert "Jack: J♥ hung by you — 3 to Seat 0 and you" in lines(state, 2, 0)


@pytest.mark.parametrize(
    ("bid", "last"),
    [
        (3, "Bid made: You bid 3 and made 3"),
        (4, "Set back: You bid 4 and made 3 — minus 4 for you"),
    ],
)
def test_a_sale_and_the_bid_made_or_set_back_are_told(bid: int, last: str) -> None:
    # RULINGS 2.1 auction-pitch-commercial: eldest sells, "scoring the bid at once, the buyer
    # pitching and having to make the bid or be set back by it". The buyer (seat 1) takes
    # High, Jack and Game; Low goes to seat 0, which was dealt the 2♥ (A3).
    state = load("auction-pitch-commercial").deal_state(
        ["2H 2C 3C 4C 5C 6C", "AH KH JH TH 7C 8C"], dealer=1
    )
    play(state, f"bid_{bid} sell AH 2H KH 2C JH 3C TH 4C 7C 5C 8C 6C")
    lost = " (lost: set back)" if bid == 4 else ""
    assert lines(state, 1, 0) == [
        f"Sold: Seat 0 sold the pitch to you for {bid} — {bid} to Seat 0 at once",
        "Pitch: You led A♥ — hearts are trumps",
        "High: A♥ — You" + lost,
        "Low: 2♥ — Seat 0",
        "Jack: J♥ — taken by you" + lost,
        "Game: 18 to 0 — You" + lost,  # A 4, K 3, J 1, 10 10
        last,
    ]
    items = state.observation(None)["results"][0]["items"]
    kinds = [item["kind"] for item in items]
    assert kinds == [
        "sale",
        "pitch",
        "high",
        "low",
        "jack",
        "game",
        last.split(":")[0].lower().replace(" ", "_"),
    ]


# ---------------------------------------------------------------- deals and deal_limit


# Pitch for two, dealer seat 1: seat 0 pitches the A♥ (High), seat 1 holds the 7♥ (Low, to
# its holder), the card points tie 4-4 (Game to nobody) and no jack is dealt: 1-1.
TIED_HANDS = ["AH 2C 3C 4D 5D 6S", "7H KC JC 8D 9S 2S"]
TIED_PLAY = "AH 7H 2C KC JC 3C 8D 4D 9S 6S 2S 5D"


def test_deals_one_plays_one_hand_even_when_tied_and_returns_its_points() -> None:
    # docs/contract.md §6 and §2: deals=1 is exactly one hand, whose points are the returns
    # (returns_kind "points"). Defect: `hands=1` played two more hands after a tie, and
    # returned 1 or 0.
    for name in ("deals", "hands"):
        game = load("pitch", **{name: 1})
        assert game.info.returns_kind == "points" and game.spec.endswith("deals=1)")
        state = game.deal_state(TIED_HANDS, dealer=1)
        play(state, TIED_PLAY)
        assert state.is_terminal() and state.returns() == [1.0, 1.0]
        assert len(state.observation(None)["results"]) == 1


def test_a_longer_match_tied_at_the_end_shares_the_win() -> None:
    # docs/contract.md §6: a tie does not extend a match of deals=N unless a source says so
    # (only All Nours does: tie_deals=2, seed S-A 'Paso' "se juegan otras dos manos");
    # elsewhere level sides share the win. Each hand here ends 1-1 (High to the A♥, Low to
    # the 7♥, the card points tied 4-4), so the match of two ends 2-2.
    game = load("pitch", deals=2)
    assert game.info.returns_kind == "rank" and game.info.utility_sum == 1.0
    state = game.deal_state(TIED_HANDS, dealer=1)
    play(state, TIED_PLAY)
    assert not state.is_terminal() and state.scores() == [1.0, 1.0]
    # Hand 2: seat 0 deals, so seat 1 is eldest and gets the first hand's eldest cards.
    first, second = TIED_HANDS[0].split(), TIED_HANDS[1].split()
    play(state, " ".join(first[:3] + second[:3] + first[3:] + second[3:]))
    play(state, TIED_PLAY)
    assert state.is_terminal() and state.scores() == [2.0, 2.0]
    assert state.returns() == [0.5, 0.5] and state.observation(None)["winner"] == [0, 1]
    assert load("all-nours").rules.tie_deals == 2
    assert load("all-nours", deals=1).info.returns_kind == "points"


def test_deals_one_returns_a_set_back_as_minus_the_bid() -> None:
    # RULINGS 2.1 auction-pitch: "a pitcher short of the bid scores 0 and loses the bid".
    game = load("auction-pitch", deals=1)
    assert game.info.min_utility == -4.0
    state = game.deal_state(["2H 2C 3C 4C 5C 6C", "AH KH JH TH 7C 8C"], dealer=1)
    play(state, "bid_2 pass 2H")
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert state.returns()[0] == -2.0
    assert game.info.min_utility <= min(state.returns())
    assert max(state.returns()) <= game.info.max_utility


def test_old_option_names_still_load_and_new_ones_are_canonical() -> None:
    # docs/contract.md §6: hands → deals, hand_limit → deal_limit, the old names aliases.
    old = hoyle.load("all-fours(hands=3,hand_limit=50)")
    new = hoyle.load("all-fours(deals=3,deal_limit=50)")
    assert old == new and old.spec == "all-fours(deals=3,deal_limit=50)"
    assert "hand_number" not in new.new_initial_state(seed=1).observation(0)


# ---------------------------------------------------------------- the cut


def test_a_cut_tied_again_and_again_ends_within_the_bound() -> None:
    # docs/contract.md §2: max_game_length is a true bound. The cut for the first deal
    # (RULINGS 2.1 seven-up "First deal: highest card") ties again when the cards tie; after
    # ten ties (MAX_CUT_ROUNDS) the first tied player deals, so the cut cannot go on for ever.
    state = load().new_initial_state()
    for _ in range(10):
        assert state.phase == "cut"
        play(state, "2C 2D")  # a tie, every time
    assert state.phase == "deal" and state.observation(None)["dealer"] == 0
    assert "Still tied after 10 cuts: Seat 0 deals first." in texts(state, None)
    assert len(state.history()) < state.game.info.max_game_length


def test_a_seeded_history_lists_its_chance_actions() -> None:
    # docs/contract.md §7: history() replayed from the unseeded start reaches the same
    # position, so the seeded shuffle's cards are listed as chance actions: the cut, then
    # the hand dealt (12 cards and the turn-up at two players).
    state = load().new_initial_state(seed=9)
    history = state.history()
    cut = len(state.observation(None)["cut"])
    assert len(history) == cut + 13 and all(a < 52 for a in history)
    replay = state.game.new_initial_state()
    for action in history:
        assert replay.is_chance_node()
        replay.apply_action(action)
    for seat in (None, 0, 1):
        assert replay.observation(seat) == state.observation(seat)


def _scored(state: AllFoursState) -> AllFoursState:
    """Play the lowest legal move until a hand has a result."""
    while not state.observation(None)["results"]:
        state.apply_action(state.legal_actions()[0])
    return state


def _all_four() -> AllFoursState:
    # RULINGS 2.1 yorkshire: option all_four_bonus, "counted after Game".
    state = load("yorkshire", players=2, all_four_bonus=2).deal_state(
        ["3S 4S 5S 6S 7S 8S", "AH 2H JH KH QH TH"], dealer=0
    )
    play(state, "AH 3S KH 4S QH 5S TH 6S JH 7S 2H 8S")
    return state


def _smudge() -> AllFoursState:
    # RULINGS 2.1 auction-pitch: option smudge, "bid 4, take all four, win".
    state = load("auction-pitch", smudge=True).deal_state(
        ["AH KH JH TH 2H 3C", "4C 5C 6C 7C 8C 9C"], dealer=1
    )
    play(state, "bid_4 pass AH 4C KH 5C JH 6C TH 7C 2H 8C 3C 9C")
    return state


def _gift_to_partners() -> AllFoursState:
    # RULINGS 2.1 seven-up: "A gift gives each opposing side 1" (here one side of two).
    hands = ["AH 2C 3C 4C 5C 6C", "KH 2D 3D 4D 5D 6D", "2H 2S 3S 4S 5S 6S", "QH 7C 7D 7S 8C 8D"]
    state = load(players=4, teams=2).deal_state(hands, dealer=3, turn_up="9H")
    play(state, "beg give")
    return _scored(state)


def _gift_to_each() -> AllFoursState:
    # RULINGS 2.1 seven-up, three players alone: the gift gives each of the two others 1.
    hands = ["AH QH 2C 3C 4C 5C", "KH TH 2D 3D 4D 5D", "9H 8H 2S 3S 4S 5S"]
    state = load(players=3).deal_state(hands, dealer=2, turn_up="7H")
    play(state, "beg give")
    return _scored(state)


def _cotton_gift() -> AllFoursState:
    # RULINGS 2.1 cotton-1674: the gift, "after which the deal is thrown in unplayed".
    state = load("cotton-1674").deal_state([ELDEST, DEALER], dealer=1, turn_up="9H")
    play(state, "beg give")
    return state


def _nobody_bid() -> AllFoursState:
    # RULINGS 2.1 auction-pitch: option all_pass=redeal.
    state = load("auction-pitch", all_pass="redeal").deal_state([ELDEST, DEALER], dealer=1)
    play(state, "pass pass")
    return state


def _no_trump_in_play() -> AllFoursState:
    # RULINGS 2.0: Game to the most card points; seven-up ties to the non-dealer (Foster).
    state = load().deal_state(["2C 3C 4C 5C 6C 7C", "2D 3D 4D 5D 6D 7D"], dealer=1, turn_up="9H")
    play(state, "stand")
    return _scored(state)


def _eldest_ties() -> AllFoursState:
    # RULINGS 2.1 cotton-1674: "Game ties to eldest (A4)". 4 card points each.
    state = load("cotton-1674").deal_state(
        ["AH 2C 3C 4D 5D 6S", "7H KC JC 8D 9S 2S"], dealer=1, turn_up="9H"
    )
    play(state, "stand AH 7H 2C KC JC 3C 8D 4D 9S 6S 2S 5D")
    return state


def _at_once() -> AllFoursState:
    # RULINGS 2.1 all-fives: "The winner of a trick at once scores the trumps in it".
    state = load("all-fives", deals=1).deal_state(
        ["TH 5H 3C 4C 6C 7C", "2H KC JC 8D 9D 2S"], dealer=1
    )
    play(state, "TH 2H 5H KC")  # 10 and 5 at once; the rest holds no trump
    return _scored(state)


@pytest.mark.parametrize(
    ("make", "seat", "expected"),
    [
        (_all_four, 1, ["All four: You took High, Low, Jack and Game — 2 more"]),
        (
            _smudge,
            0,
            [
                "Bid made: You bid 4 and made 4",
                "Smudge: You bid 4 and took all four — the game is won",
            ],
        ),
        (
            _gift_to_partners,
            2,
            [
                "Begging: Seat 0 begged; Seat 3 gave 1 to Seat 0 and you",
                "High: A♥ held by Seat 0 — Seat 0 and you",
                "Low: 2♥ held by you — Seat 0 and you",
            ],
        ),
        (_gift_to_each, 0, ["Begging: You begged; Seat 2 gave 1 each to you and Seat 1"]),
        (
            _cotton_gift,
            0,
            [
                "Begging: You begged; Seat 1 gave 1 to you",
                "Thrown in: the hand is not played after the gift",
            ],
        ),
        (_nobody_bid, 0, ["Thrown in: nobody bid; the deal passes on"]),
        (
            _no_trump_in_play,
            0,
            ["High and Low: no trump in play", "Game: 0 to 0 — tied, to you (not the dealer)"],
        ),
        (_eldest_ties, 1, ["Jack: J♥ not in play", "Game: 4 to 4 — tied, to Seat 0 (eldest)"]),
        (
            _at_once,
            0,
            [
                "Scored at once (trumps in tricks won): You 15",
                "High: 10♥ — You",
                "Low: 2♥ — Seat 1",
            ],
        ),
    ],
)
def test_every_way_of_scoring_is_told(make: Any, seat: int, expected: list[str]) -> None:
    # docs/contract.md §5: the lines say how the hand was scored, in a player's words.
    told = lines(make(), seat, 0)
    for line in expected:
        assert line in told, (line, told)


@pytest.mark.parametrize(
    ("hands", "options", "match"),
    [
        ([ELDEST], {"turn_up": "9H"}, "one per seat"),
        ([ELDEST, "KH 7C 8D 9S TC"], {"turn_up": "9H"}, "each hand has 6"),
        ([ELDEST, DEALER], {"turn_up": "AH"}, "dealt twice"),
        ([ELDEST, DEALER], {}, "turn_up"),
        ([ELDEST, DEALER], {"turn_up": "9H", "dealer": 2}, "dealer"),
        ([ELDEST, "KH 7C 8D 9S TC ZZ"], {"turn_up": "9H"}, "ZZ"),
    ],
)
def test_a_hand_set_position_the_rules_cannot_deal_is_refused(
    hands: list[str], options: dict[str, Any], match: str
) -> None:
    # docs/contract.md §1: a hand-set position is game.deal_state(hands, ...), which raises
    # InvalidPositionError for bad input.
    with pytest.raises(InvalidPositionError, match=match):
        load().deal_state(hands, **options)
