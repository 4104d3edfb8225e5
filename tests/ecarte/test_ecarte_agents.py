"""The Écarté players (issue 6, Agents): the easy player's classical advice, the exact trick
solver checked against a plain search through the engine, and the search levels using it."""

from __future__ import annotations

import random

import pytest

import hoyle
from helpers import play
from hoyle.cards import card_index
from hoyle.games.ecarte import EcarteGame, EcarteState
from hoyle.games.ecarte.play import jeu_de_regle
from hoyle.games.ecarte.solver import best_cards, solve, solve_hand


def game(**options: object) -> EcarteGame:
    g = hoyle.load("ecarte", **options)
    assert isinstance(g, EcarteGame)
    return g


def deal(elder: str, dealer: str, turn_up: str = "8H", **options: object) -> EcarteState:
    g = game(**options)
    used = set(f"{elder} {dealer} {turn_up}".split())
    pack = [f"{r}{s}" for s in "CDHS" for r in "789TJQKA"]
    stock = " ".join(c for c in pack if c not in used)
    return g.deal_state([elder, dealer], dealer=1, turn_up=turn_up, stock=stock)


def engine_minimax(state: EcarteState) -> int:
    """The card play's value to elder minus the dealer's, searched through the engine itself
    (clone and apply every legal card): an oracle independent of the solver's own rules."""
    elder = state.elder
    hand_no = state.progress()[0]

    def search(s: EcarteState) -> int:
        if s.is_terminal() or s.progress()[0] != hand_no:
            items = s.observation(None)["results"][hand_no - 1]["items"]
            result = next(item for item in items if item["kind"] == "hand")
            return int(result["points"] if result["seat"] == elder else -result["points"])
        values = []
        for action in s.legal_actions():
            if action >= 52:
                continue  # cards only: no abandon, king, double or offer
            child = s.clone()
            child.apply_action(action)
            values.append(search(child))
        return max(values) if s.current_player() == elder else min(values)

    return search(state)


@pytest.mark.parametrize("options", [{}, {"ranking": "ace_high"}, {"must_win_trick": False}])
def test_solver_agrees_with_a_plain_search_through_the_engine(options: dict[str, object]) -> None:
    g = game(**options)
    rng = random.Random(5)
    checked = 0
    for seed in range(24):
        state = g.new_initial_state(seed=seed)
        assert isinstance(state, EcarteState)
        while state.phase != "play":
            legal = [a for a in state.legal_actions() if a != 62]
            state.apply_action(rng.choice(legal))
        # From the first lead now and then; mostly from the middle of the hand (the engine
        # search is slow from the start).
        for _ in range(0 if seed % 8 == 0 else 2 + rng.randrange(3)):
            state.apply_action(rng.choice([a for a in state.legal_actions() if a < 52]))
        if state.phase != "play":
            continue
        assert solve_hand(state) == engine_minimax(state)
        checked += 1
    assert checked >= 15


def test_solver_values_count_the_king_still_to_announce() -> None:
    state = deal("KH QH JH AH TH", "7C 8C 9C TC JC")
    play(state, "play")
    assert solve(state) == [3.0, 0.0]  # the vole, and the king of trumps to mark
    play(state, "mark_king")
    assert solve(state) == [2.0, 0.0]
    assert solve(deal("KH QH JH AH TH", "7C 8C 9C TC JC")) is None  # not yet in play


def test_best_cards_wins_the_trick_it_needs() -> None:
    # Elder leads; only the king of trumps first keeps the vole against QH-less dealer.
    state = deal("KH 7C 8C 9C TC", "QH 7S 8S 9S TS")
    play(state, "play")
    assert best_cards(state) == [card_index("KH")]


@pytest.mark.parametrize(
    ("hand", "trump", "expected"),
    [
        ("KH 7H 8H 7C 8C", "H", True),  # three trumps
        ("7H 8H 7C 8C 9C", "H", True),  # two trumps, three of a suit
        ("7H 8H KC 8D 9S", "H", True),  # two trumps and a king
        ("7H 8H 7C 8D 9S", "H", False),  # two small trumps and nothing
        ("7H 7C 8C 9C TC", "H", True),  # one trump, four of a suit
        ("7H KC KD 9S 8C", "H", True),  # one trump, two kings
        ("KC QC JC KD 9S", "H", True),  # no trump, four court cards
        ("7C 9D 8S TS 7D", "H", False),
    ],
)
def test_jeu_de_regle(hand: str, trump: str, expected: bool) -> None:
    cards = [card_index(t) for t in hand.split()]
    assert jeu_de_regle(game(), cards, "CDHS".index(trump)) is expected


def test_easy_elder_plays_a_jeu_de_regle_and_proposes_otherwise() -> None:
    bot = hoyle.agent("easy", game(), seed=1)
    state = deal("KH QH 7H 7C 8C", "AH TH 9S TS JS")
    assert state.action_to_string(bot.step(state)) == "play"
    state = deal("7H 9C 8D 7S 9S", "AH TH JS TS QS")
    # Discard all but trumps and kings: four cards.
    assert state.action_to_string(bot.step(state)) == "propose 4"


def test_easy_dealer_refuses_with_a_strong_hand_and_discards_all_but_trumps_and_kings() -> None:
    bot = hoyle.agent("easy", game(), seed=1)
    state = deal("7C 9C 8D 7S 9S", "AH TH KS TS QS")
    play(state, "propose_4")
    assert state.action_to_string(bot.step(state)) == "refuse"
    state = deal("7C 9C 8D 7S KH", "AH 7D KS TS QS")
    play(state, "propose_4")
    assert state.action_to_string(bot.step(state)) == "accept"
    play(state, "accept 7C 9C 8D 7S")
    thrown = []
    while state.phase == "exchange":
        action = bot.step(state)
        thrown.append(state.action_to_string(action))
        state.apply_action(action)
    assert thrown[-1] == "draw" and sorted(thrown[:-1]) == ["7D", "QS", "TS"]


def test_easy_marks_the_king_and_ignores_hidden_cards() -> None:
    g = game()
    bot = hoyle.agent("easy", g, seed=1)
    state = deal("KH QH 7H 7C 8C", "AH TH 9S TS JS")
    play(state, "play")
    assert state.action_to_string(bot.step(state)) == "mark king"
    rng = random.Random(3)
    for seed in range(10):
        s = g.new_initial_state(seed=seed)
        for _ in range(rng.randrange(12)):
            if s.is_terminal():
                break
            s.apply_action(rng.choice(s.legal_actions()))
        if s.is_terminal():
            continue
        other = s.resample_from_infostate(s.current_player(), rng)
        assert bot.step(s) == bot.step(other)


@pytest.mark.parametrize("name", ["medium", "hard", "expert"])
@pytest.mark.parametrize("variant", ["standard", "pool", "doubling", "offer-point"])
def test_search_levels_play_legal_moves(name: str, variant: str) -> None:
    g = hoyle.load("ecarte", variant=variant)
    rng = random.Random(2)
    state = g.new_initial_state(seed=4)
    for step in range(30):
        if state.is_terminal():
            break
        if step % 6 == 0:
            bot = hoyle.agent(name, g, simulations=6, seed=1)
            assert bot.step(state) in state.legal_actions()
        state.apply_action(
            rng.choice([a for a in state.legal_actions() if a != 62] or state.legal_actions())
        )


def test_easy_beats_random_over_whole_games() -> None:
    g = game()
    wins = 0
    for seed in range(40):
        state = g.new_initial_state(seed=seed)
        bots = [hoyle.agent("easy", g, seed=seed), hoyle.agent("random", g, seed=seed)]
        while not state.is_terminal():
            state.apply_action(bots[state.current_player()].step(state))
        wins += int(state.returns()[0])
    assert wins >= 30


def test_easy_elder_with_unnamed_proposals_throws_all_but_trumps_and_kings_then_draws() -> None:
    # RULINGS E2 option propose_then_choose (EB1911): the easy elder proposes without a
    # number and, once accepted, throws the same cards a numbered proposal would have named.
    g = game(propose_then_choose=True)
    bot = hoyle.agent("easy", g, seed=1)
    state = deal("7H 9C 8D 7S 9S", "AH TH JS TS QS", propose_then_choose=True)
    assert state.action_to_string(bot.step(state)) == "propose"
    play(state, "propose accept")
    thrown = []
    while state.phase == "discard":
        action = bot.step(state)
        thrown.append(state.action_to_string(action))
        state.apply_action(action)
    assert thrown[-1] == "draw" and sorted(thrown[:-1]) == ["7S", "8D", "9C", "9S"]
    assert state.observation(1)["proposals"][0]["elder_took"] == 4


def test_players_finish_games_with_unnamed_proposals() -> None:
    g = game(propose_then_choose=True)
    for seed in range(3):
        state = g.new_initial_state(seed=seed)
        bots = [hoyle.agent("easy", g, seed=seed), hoyle.agent("medium", g, simulations=4, seed=1)]
        for _ in range(400):
            if state.is_terminal():
                break
            action = bots[state.current_player()].step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
        assert state.is_terminal()
