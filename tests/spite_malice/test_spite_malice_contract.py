"""Spite and Malice keeps the family contract (docs/contract.md, issue 18) where the
conformance suite cannot see it: resampled worlds with histories of their own, hand-set
positions, the log of a turn seat by seat, deal results, the bounds of ``game.info`` and the
tokens a player types.
"""

from __future__ import annotations

import contextlib
import random
from typing import Any

import pytest

import hoyle
from helpers import play
from hoyle.core.errors import IllegalActionError, InvalidPositionError
from hoyle.core.protocol import State
from hoyle.games.spite_malice import SpiteMaliceGame, SpiteMaliceState


def load(variant: str = "standard", **options: Any) -> SpiteMaliceGame:
    game = hoyle.load("spite-malice", variant=variant, **options)
    assert isinstance(game, SpiteMaliceGame)
    return game


def views(state: State) -> list[dict[str, Any]]:
    return [state.observation(s) for s in [None, *range(state.game.num_players)]]


def texts(state: State, seat: int | None) -> list[str]:
    return [entry["text"] for entry in state.log(seat)]


def random_play(state: SpiteMaliceState, rng: random.Random, moves: int) -> None:
    for _ in range(moves):
        if state.is_terminal():
            return
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))


# ---------------------------------------------------------------- resampled worlds (§7)


def test_a_resampled_world_replays_its_own_deal_not_the_real_one() -> None:
    # Contract §7: "a history() that replays from game.new_initial_state() (no seed) to it;
    # nothing in it (a seed included) rebuilds the real hidden cards". Before, a world kept
    # the real history, and that history replayed with the game's seed rebuilt the real hidden
    # hands in 30 probes of 30.
    game = load(deals=1)
    same_hand = 0
    for probe in range(30):
        real = game.new_initial_state(seed=probe)
        random_play(real, random.Random(probe), 40)
        seat = real.current_player()
        other = 1 - seat
        world = real.resample_from_infostate(seat, random.Random(1000 + probe))
        assert world.observation(seat) == real.observation(seat)
        replay = game.new_initial_state()
        for action in world.history():
            replay.apply_action(action)
        assert views(replay) == views(world)
        assert len(world.history()) == len(real.history())
        assert world._rng is None or world._rng.getstate() != real._rng.getstate()
        same_hand += world.observation(other)["hand"] == real.observation(other)["hand"]
    assert same_hand <= 2  # the other hand is drawn again (5 cards of about a hundred)


def test_a_world_keeps_what_the_seat_saw_and_draws_what_it_did_not() -> None:
    # The seat's own draws and every goal card turned up are the real ones; another seat's
    # held cards and the goal cards under the tops are drawn again (resample.py).
    game = load(deals=1)
    real = game.new_initial_state(seed=8)
    random_play(real, random.Random(8), 50)
    assert not real.is_terminal()
    seat = real.current_player()
    other = 1 - seat
    mine = [e for e in real.log(seat) if e["kind"] == "draw" and e["seat"] == seat]
    goal_under = {tuple(real._goals[other][0][:-1])}
    hands = {tuple(real.observation(other)["hand"])}
    for k in range(20):
        world = real.resample_from_infostate(seat, random.Random(k))
        assert [e for e in world.log(seat) if e["kind"] == "draw" and e["seat"] == seat] == mine
        assert world.log(seat) == real.log(seat)
        goal_under.add(tuple(world._goals[other][0][:-1]))
        hands.add(tuple(world.observation(other)["hand"]))
    assert len(goal_under) > 10 and len(hands) > 10


@pytest.mark.parametrize(
    "spec",
    [
        "spite-malice(deals=1)",
        "spite-malice(variant=misery,players=3,deals=1)",
        "spite-malice(variant=starturn,deals=1)",
        "spite-malice(variant=common,deals=1)",
    ],
)
def test_every_card_really_held_turns_up_in_some_world(spec: str) -> None:
    # Issue 7 (determinization): the real deal is always possible, so every card another seat
    # really holds turns up in its hand in some world (an over-cautious sampler fails this),
    # and no world loses or makes a card (several packs: cards of a kind are counted).
    game = hoyle.load(spec)
    assert isinstance(game, SpiteMaliceGame)
    checked = 0
    for seed in range(3):
        state = game.new_initial_state(seed=seed)
        random_play(state, random.Random(seed), 12 + 9 * seed)
        if state.is_terminal():
            continue
        checked += 1
        player = state.current_player()
        seen: dict[int, set[str]] = {s: set() for s in range(game.num_players) if s != player}
        rng = random.Random(seed)
        for _ in range(200):
            world = state.resample_from_infostate(player, rng)
            assert world.card_counts() == game.total
            for s in seen:
                seen[s] |= set(world.observation(s)["hand"])
        for s, hands in seen.items():
            missing = set(state.observation(s)["hand"]) - hands
            assert not missing, f"seat {s} really holds {sorted(missing)}; never resampled"
    assert checked >= 2


def test_a_hand_set_position_resamples_its_start_too() -> None:
    # A hand-set position replays from its own start (State._origin, contract §9); a world of
    # it draws that start's hidden cards again (the other hand, the goal cards under the tops,
    # the stock given in order) and replays from its own start.
    game = load(deals=1)
    state = game.deal_state(
        ["2D 3C 9S", "2C 5D 7H"],
        goals=["JS TS 9H", "QD JD 9D"],
        stacks=["AC"],
        stock="8C 8D 8H KC 6S 6D",
    )
    play(state, "2:hand>stack1 3:hand>stack1 9:hand>discard1")
    assert state.observation(1)["hand"] == ["2C", "5D", "7H", "8C", "8D"]
    replay = state._origin()
    for action in state.history():
        replay.apply_action(action)
    assert views(replay) == views(state)
    hands, stocks = set(), set()
    for k in range(30):
        world = state.resample_from_infostate(0, random.Random(k))
        assert world.observation(0) == state.observation(0) and world.log(0) == state.log(0)
        start = world._origin()
        assert start.observation(0)["hand"] == ["2D", "3C", "9S"]  # the seat's own, as dealt
        for action in world.history():
            start.apply_action(action)
        assert views(start) == views(world)
        hands.add(tuple(world.observation(1)["hand"]))
        stocks.add(tuple(world._stock))
    assert len(hands) > 20 and len(stocks) > 20


def test_hand_set_positions_refuse_what_the_rules_cannot_deal() -> None:
    # Contract §9: game.deal_state(hands, ...) raises InvalidPositionError for bad input.
    game = load()
    with pytest.raises(InvalidPositionError, match="no XJ"):
        game.deal_state(["XJ", "2C"], goals=["9H", "9D"])
    with pytest.raises(InvalidPositionError, match="at most 26"):
        game.deal_state(
            ["5C", "2C"], goals=[" ".join(f"{r}S {r}H" for r in "23456789TJQKA") + " 2D", "9D"]
        )
    with pytest.raises(InvalidPositionError, match="at most 5"):
        game.deal_state(["5C 6C 7C 8C 9C TC", "2C"], goals=["9H", "9D"])
    with pytest.raises(InvalidPositionError, match="cannot stand"):
        game.deal_state(["5C", "2C"], goals=["9H", "9D"], stacks=["AC 3C"])
    with pytest.raises(InvalidPositionError, match="give 2 goal piles"):
        game.deal_state(["5C", "2C"], goals=["9H", "9D", "9S"])
    # The book game deals the goal piles from a pack of their own: a goal card may be the
    # stock pack's only 9♥ a second time, and a centre card may come from either pack.
    book = load("book").deal_state(["9H", "2C"], goals=["9H", "9D"], stacks=["AC 2C"])
    assert book.card_counts() == book.g.total


# ---------------------------------------------------------------- the log (§4)


def test_a_draw_is_told_to_the_drawer_and_counted_to_the_others() -> None:
    # Contract §4: a draw from the stock is a hidden move ("You draw 7♥ K♠." to the drawer,
    # "Seat 1 draws 2 cards." to everyone else).
    state = load().deal_state(
        ["AC 5D", "2C 3D 4D"], goals=["9H 8H", "9D"], stock="7H KS 6C 6D 6H 6S"
    )
    play(state, "A:hand>stack 5:hand>discard1")  # seat 1 draws two cards: 7♥ K♠
    assert texts(state, 1)[-1] == "You draw 7♥ K♠."
    for viewer in (0, None):
        told = texts(state, viewer)
        assert told[-1] == "Seat 1 draws 2 cards."
        assert not any("7♥" in line or "K♠" in line for line in told)
    assert texts(state, 0)[-3:] == [
        "You start stack 1 with A♣ from hand.",
        "You discard 5♦ on discard pile 1, ending the turn.",
        "Seat 1 draws 2 cards.",
    ]
    assert state.log(1)[-1]["kind"] == "draw" and state.log(1)[-1]["cards"] == ["7H", "KS"]
    assert state.log(0)[-1]["count"] == 2 and "cards" not in state.log(0)[-1]


def test_plays_goal_cards_turned_up_and_completed_stacks_are_public() -> None:
    stack = "AC 2C 3C 4C 5C 6C 7C 8C 9C TC"
    state = load().deal_state(
        ["KS 5D", "2C"], goals=["9H 8H JH", "9D"], stacks=[stack, "AD 2D"], discards=[["QD"]]
    )
    play(state, "J:goal>stack1 Q:discard1>stack1 K:hand>stack1")
    for viewer in (0, 1, None):
        you = viewer == 0
        who, whose = ("You", "Your") if you else ("Seat 0", "Seat 0's")
        verb = "play" if you else "plays"
        assert texts(state, viewer)[-5:] == [
            f"{who} {verb} J♥ from the goal pile on stack 1.",
            f"{whose} next goal card is 8♥.",
            f"{who} {verb} Q♦ from discard pile 1 on stack 1.",
            "Stack 1 is complete: it is set aside on the completed heap.",
            f"{who} {verb} K♠ as the 3 from hand on stack 1.",
        ]
    assert state.log(None)[-1]["card"] == "KS" and state.log(None)[-1]["to"] == "stack1"


def test_a_pass_ends_a_turn_and_the_result_says_how_the_deal_was_scored() -> None:
    # RULINGS 3.1 book: "a player may pass"; "Mutual pass ends the game; fewer goal cards
    # scores the difference". The core adds "Deal 1 is over.", the result and the end.
    state = load("book", deals=1).deal_state(["5C", "3C"], goals=["9H", "9D 8D 7D"])
    play(state, "pass pass")
    assert texts(state, 0)[-10:] == [
        "You pass.",
        "Seat 1 draws 4 cards.",
        "Seat 1 passes.",
        "Deal 1 is over.",
        "The deal is blocked: every player passed in turn.",
        "Goal cards left: You 1, Seat 1 3.",
        "Fewest goal cards: You with 1; the difference to the others: 2.",
        "You score 2.",
        "You win.",
        "Final scores: You 2, Seat 1 0.",
    ]
    result = state.observation(1)["results"][0]
    assert result["lines"][-1] == "Seat 0 scores 2."
    assert result["items"] == [
        {"kind": "blocked", "reason": "passes"},
        {"kind": "goal_cards", "left": [1, 3]},
        {"kind": "fewest", "seat": 0, "cards": 1, "points": 2},
    ]


def test_going_out_is_scored_in_words() -> None:
    # S-S Tanteo: "cinco puntos por despejar la pila objetivo y un punto por cada carta".
    state = load(deals=1).deal_state(
        ["3C 4C", "2C"], goals=["5H", "9D 8D 7D 6D TD"], stacks=["AC 2D"]
    )
    play(state, "3:hand>stack1 4:hand>stack1 5:goal>stack1")
    assert state.observation(0)["results"][0]["lines"] == [
        "You empty the goal pile and go out.",
        "Goal cards left: You 0, Seat 1 5.",
        "Going out: 5 — You",
        "The others' goal cards: 5 — You",
        "You score 10.",
    ]
    assert state.observation(None)["deal_scores"] == [[10, 0]]


def test_misery_tells_which_goal_pile_is_empty_and_a_stack_shuffled_into_the_stock() -> None:
    # RULINGS 3.1 misery: two goal piles, both tops playable; common: "A completed stack is
    # shuffled into the stock at once".
    misery = load("misery").deal_state(["5C", "3C"], goals=[["7H AD", "2S"], ["5D", "6D"]])
    play(misery, "A:goal1>stack 2:goal2>stack1")
    assert texts(misery, 1)[-4:] == [
        "Seat 0 starts stack 1 with A♦ from goal pile 1.",
        "Seat 0's next goal card is 7♥.",
        "Seat 0 plays 2♠ from goal pile 2 on stack 1.",
        "Seat 0's goal pile 2 is empty.",
    ]
    stack = "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC"
    common = load("common").deal_state(["QC 5D", "2C"], goals=["9H", "9D 8D"], stacks=[stack])
    play(common, "Q:hand>stack1")
    assert texts(common, None)[-1] == "Stack 1 is complete: it is shuffled into the stock."


def test_presets_have_titles_a_player_reads() -> None:
    # Issue 18 item 8: a preset's title where its name in words would read badly.
    assert load("uspcc").title == "Spite and Malice — USPCC"
    assert load("compulsory-aces-twos").title == "Spite and Malice — Compulsory Aces and Twos"
    assert load().title == "Spite and Malice"


def test_starturn_hands_are_dealt_face_down_and_the_goal_tops_turned_up() -> None:
    state = load("starturn").new_initial_state(seed=3)
    mine = state.observation(0)["hand"]
    tops = [p[0]["top"] for p in state.observation(0)["goals"]]
    assert texts(state, 0)[:5] == [
        "Deal 1: You deal.",
        f"Each player is dealt a goal pile of 22; the tops are turned up: You {tops[0]}; "
        f"Seat 1 {tops[1]}.",
        f"You are dealt {' '.join(mine)}.",
        "Seat 1 is dealt 5 cards.",
        "You play first.",
    ]
    assert "Seat 0 is dealt 5 cards." in texts(state, 1) and "Seat 0 is dealt 5 cards." in (
        texts(state, None)
    )


def test_a_new_stock_made_from_the_completed_heap_is_told() -> None:
    # RULINGS S3: the completed heap becomes the stock when a draw finds the stock empty.
    stack = "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC"
    state = load().deal_state(
        ["QC 5D", "2C 3D 4D 5H"], goals=["9H", "9D"], stacks=[stack], stock="7H"
    )
    play(state, "Q:hand>stack1 5:hand>discard1 2:hand>discard1")
    told = texts(state, 1)
    at = told.index(
        "The stock is used up: the completed stacks are shuffled to make a new stock of 12 cards."
    )
    assert told[at + 1] == "Seat 0 draws 5 cards."


# ---------------------------------------------------------------- game.info (§2)


@pytest.mark.parametrize(("variant", "players"), [("standard", 2), ("standard", 4), ("misery", 3)])
def test_one_deal_returns_its_points_up_to_the_info_bound(variant: str, players: int) -> None:
    # Contract §2 and §6: deals=1 returns the deal's points; max_utility is a bound that holds
    # (going out against full goal piles reaches it).
    game = load(variant, players=players, deals=1, goal_size=3)
    info = game.info
    piles = game.rules.goal_piles
    assert info.returns_kind == "points" and info.min_utility == 0 and info.utility_sum is None
    assert info.max_utility == 5 + (players - 1) * piles * 3
    mine = ["AH"] if piles == 1 else ["AH", "2H"]
    goals: list[Any] = [mine if piles > 1 else mine[0]]
    for seat in range(1, players):
        full = [f"9{suit} 8{suit} 7{suit}" for suit in "CDS"[seat - 1 :][:piles]]
        goals.append(full if piles > 1 else full[0])
    hands = ["5C", "5D", "5S", "5H"][:players]
    state = game.deal_state(hands, goals=goals)
    play(state, "A:goal>stack" if piles == 1 else "A:goal1>stack 2:goal2>stack1")
    assert state.is_terminal() and state.returns()[0] == info.max_utility
    match = load(variant, players=players).info
    assert (match.returns_kind, match.min_utility, match.max_utility) == ("rank", 0, 1)


def test_a_turn_that_could_go_on_for_ever_ends_within_max_game_length() -> None:
    # Contract §2: max_game_length is a true bound. A turn goes on while each hand drawn can
    # be played out; with completed stacks shuffled straight into the stock, chance can keep
    # one going for ever (here: each draw the next rank up). A deal that reaches its safety
    # cap (SpiteMaliceGame.deal_cap, from turn_limit) is scored as blocked.
    game = load(recycle="immediate", packs=1, goal_size=1, turn_limit=1, deals=1)
    limit = game.info.max_game_length
    state = game.new_initial_state()
    rank = 0
    while not state.is_terminal() and len(state.history()) <= limit:
        if state.is_chance_node():
            outcomes = {state.action_to_string(a): a for a, _ in state.chance_outcomes()}
            if state.phase == "deal":
                token = next(t for t in ("KS", "KH") if t in outcomes)  # goal cards: kings
            else:
                token = next(t for t in outcomes if t[0] == "A23456789TJQ"[rank])
                rank = (rank + 1) % 12
            state.apply_action(outcomes[token])
        else:
            moves = [state.action_to_string(a) for a in state.legal_actions()]
            play(state, next(m for m in moves if ":hand>stack" in m))
    assert state.is_terminal() and len(state.history()) <= limit
    assert {"kind": "blocked", "reason": "action_limit"} in state.observation(0)["results"][0][
        "items"
    ]
    assert state.observation(0)["results"][0]["lines"][0] == (
        "The deal is blocked: it reached the safety limit on its length."
    )


# ---------------------------------------------------------------- tokens and the envelope


def test_tokens_a_player_types() -> None:
    state = load().deal_state(["KS TD 5C", "2C"], goals=["9H", "9D"], stacks=["AC 2C 3C 4C"])
    assert state.string_to_action("k:hand>stack1") == state.string_to_action("K=5:hand>stack1")
    assert state.string_to_action(" 10 : hand > discard1 ") == state.string_to_action(
        "T:hand>discard1"
    )
    with pytest.raises(IllegalActionError, match="would not stand for 7"):
        state.string_to_action("K=7:hand>stack1")
    with pytest.raises(IllegalActionError, match="legal: "):
        state.string_to_action("5:discard7>stack1")  # no seventh pile (never another move)
    # Every int of the action range has a token, or is refused as no action of this game.
    for action in range(state.game.num_distinct_actions):
        with contextlib.suppress(IllegalActionError):
            state.action_to_string(action)


def test_the_envelope_holds_the_deal_and_its_results() -> None:
    # Contract §3: the core writes deal, scores and results; the family's old copies are gone.
    state = load(deals=1).deal_state(["5D", "2C"], goals=["9H", "9D 8D"], stock="")
    play(state, "5:hand>discard1")
    obs = state.observation(None)
    assert not {"deal_number", "deal_results"} & set(obs)
    assert obs["deal"] == 1 and obs["deal_scores"] == [[1, 0]] and obs["hand"] == []
    assert obs["results"][0]["items"][1] == {"kind": "goal_cards", "left": [1, 2]}
