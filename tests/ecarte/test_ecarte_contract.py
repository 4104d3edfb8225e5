"""Écarté under the family contract (docs/contract.md, issue 18): each hand's result says how it
was scored — the point or the vole and why (tricks, law 42's abandon, law 49's vulnerability,
the point offered and refused), the king, doubling, games, rubbers, pools and bets — and the
log tells each seat what the laws let it see (law 27: the counts are public; law 28: discards
are not; the turn-up, proposals, answers and the king marked are)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import hoyle
from helpers import play
from hoyle.core.errors import InvalidPositionError
from hoyle.games.ecarte import EcarteGame, EcarteState

ORDER_TEXT = (
    "7C 8C TC JC QC AC 7D 9D TD JD QD KD AD 9S TS JS QS KS AS 7H JH 9C 8D 7S 8S 9H TH AH KH QH KC"
)
ORDER = ORDER_TEXT.split()

# Hearts are trumps (8H turned); seat 1 deals, seat 0 is elder.
POINT = ("KH QH JH 7S 8S", "AH TH 9S TS JS")
POINT_PLAY = "KH TH QH AH JH 9S 7S TS JS 8S"
FAIL = ("AH TH 9S TS JS", "KH QH JH 7S 8S")
FAIL_PLAY = "AH KH QH TH JH 9S 7S TS JS 8S"
VOLE = ("KH QH JH AH TH", "7C 8C 9C TC JC")
VOLE_PLAY = "KH 7C QH 8C JH 9C AH TC TH JC"


def deal(hands: tuple[str, str], turn_up: str = "8H", **options: Any) -> EcarteState:
    game = hoyle.load("ecarte", **options)
    assert isinstance(game, EcarteGame)
    used = set(" ".join([*hands, turn_up]).split())
    stock = " ".join(c for c in ORDER if c not in used)
    return game.deal_state(list(hands), dealer=1, turn_up=turn_up, stock=stock)


def lines(state: EcarteState, seat: int | None = None, hand: int = -1) -> list[str]:
    return list(state.observation(seat)["results"][hand]["lines"])


def texts(state: EcarteState, seat: int | None) -> list[str]:
    return [entry["text"] for entry in state.log(seat)]


# ---------------------------------------------------------------- results


@pytest.mark.parametrize(
    ("hands", "moves", "options", "expected"),
    [
        (POINT, "play " + POINT_PLAY, {}, ["Point: 3 tricks to 2 — Seat 0 scores 1"]),
        (VOLE, "play " + VOLE_PLAY, {}, ["Vole: all five tricks — Seat 0 scores 2"]),
        # Law 49: elder played without proposing and failed.
        (
            FAIL,
            "play " + FAIL_PLAY,
            {},
            [
                "Point: 3 tricks to 2, Seat 0 having played without proposing (law 49: 2) "
                "— Seat 1 scores 2"
            ],
        ),
        # Law 49: the dealer refused the first proposal and failed.
        (
            POINT,
            "propose_1 refuse " + POINT_PLAY,
            {},
            [
                "Point: 3 tricks to 2, Seat 1 having refused the first proposal (law 49: 2) "
                "— Seat 0 scores 2"
            ],
        ),
        # Law 42: the tricks left go to the opponent.
        (
            POINT,
            "propose_1 accept 8S JS draw play KH TH abandon",
            {},
            [
                "Seat 0 abandons the hand: the tricks left go to Seat 1 (law 42)",
                "Point: 4 tricks to 1 — Seat 1 scores 1",
            ],
        ),
        # RULINGS E6: doubled, and declined.
        (
            FAIL,
            "play double accept " + FAIL_PLAY,
            {"doubling": True},
            [
                "Point: 3 tricks to 2, Seat 0 having played without proposing (law 49: 2) "
                "— Seat 1 scores 4 (doubled ×2)"
            ],
        ),
        (
            POINT,
            "play KH double refuse",
            {"doubling": True},
            [
                "Double declined by Seat 0, Seat 0 having played without proposing (law 49: 2) "
                "— Seat 1 scores 2"
            ],
        ),
        # RULINGS E7: the point offered, accepted; refused, the refuser plays for the vole.
        (
            POINT,
            "play offer_point accept",
            {"offer_point": True},
            [
                "Point offered by Seat 0 and accepted, Seat 0 having played without proposing "
                "(law 49: 2) — Seat 1 scores 2"
            ],
        ),
        (
            FAIL,
            "propose_1 refuse offer_point refuse " + FAIL_PLAY,
            {"offer_point": True},
            [
                "Point offered by Seat 0 and refused: Seat 1 plays for the vole",
                "Vole missed: Seat 1 takes 3 of the five — Seat 0 scores 2",
            ],
        ),
    ],
)
def test_a_hand_result_says_how_it_was_scored(
    hands: tuple[str, str], moves: str, options: dict[str, Any], expected: list[str]
) -> None:
    state = deal(hands, **options)
    play(state, moves)
    assert lines(state) == expected
    (item,) = [i for i in state.observation(None)["results"][0]["items"] if i["kind"] == "hand"]
    assert isinstance(item["tricks"], list) and isinstance(item["vulnerable"], list)


def test_the_lines_name_the_reader() -> None:
    state = deal(POINT)
    play(state, "play " + POINT_PLAY)
    assert lines(state, 0) == ["Point: 3 tricks to 2 — You score 1"]
    names = ["Ann", "Bob"]
    text = [e["text"] for e in state.log(1, names) if e["kind"] == "score"]
    assert text == ["Point: 3 tricks to 2 — Ann scores 1"]


def test_the_king_turned_and_marked() -> None:
    # Laws 22–24: a king turned scores 1 to the dealer; held, 1 when announced.
    state = deal(("QH JH 9C 8D 7S", "AH TH 9H KC 8S"), turn_up="KH")
    play(state, "play QH AH")
    assert state.observation(None)["results"] == []
    state = deal(POINT)
    play(state, "play mark_king " + POINT_PLAY)
    assert lines(state) == [
        "King marked: K♥ — Seat 0 scores 1",
        "Point: 3 tricks to 2 — Seat 0 scores 1",
    ]
    assert state.observation(None)["deal_scores"] == [[2, 0]]
    state = deal(("QH JH 9C 8D 7S", "AH TH 9H KC 8S"), turn_up="KH", deals=1)
    play(state, "play QH AH 9C KC abandon")  # seat 1 abandons with one trick (law 42)
    assert lines(state) == [
        "King turned: K♥ — Seat 1 scores 1",
        "Seat 1 abandons the hand: the tricks left go to Seat 0 (law 42)",
        "Point: 4 tricks to 1 — Seat 0 scores 1",
    ]
    assert state.returns() == [1.0, 1.0]  # deals=1: the hand's points, the king's included


def test_a_game_and_a_rubber_won() -> None:
    state = deal(VOLE, variant="rubber", target=2)
    play(state, "play " + VOLE_PLAY)
    assert lines(state) == [
        "Vole: all five tricks — Seat 0 scores 2",
        "Game 1: 2 to 0 — Seat 0 wins, worth 3 (law 46)",
    ]
    rng = random.Random(1)
    while not state.is_terminal():
        legal = state.legal_actions()
        if state.current_player() == 1 and 62 in legal:
            state.apply_action(62)  # seat 1 abandons every hand
        else:
            state.apply_action(rng.choice([a for a in legal if a != 62] or legal))
    assert lines(state)[-1] == "Match: Seat 0 wins, 2 games to 0"
    assert state.returns() == [1.0, 0.0]


def test_a_pool_payout_and_the_bets() -> None:
    rng = random.Random(3)
    for variant, last in (("pool", "Pool: "), ("french", "Match: ")):
        state = hoyle.load("ecarte", variant=variant).new_initial_state(seed=3)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(rng.choice([a for a in legal if a != 62] or legal))
        obs = state.observation(None)
        said = [line for r in obs["results"] for line in r["lines"]]
        assert said[-1].startswith(last)
        if variant == "pool":
            assert "takes the pool of 3" in said[-1]
        else:
            bets = [item for r in obs["results"] for item in r["items"] if item["kind"] == "bet"]
            assert bets and all(abs(b["amount"]) == 1 for b in bets)
            for seat in range(3):
                made = [b["amount"] for b in bets if b["seat"] == seat]
                assert sum(made) == obs["bet_results"][seat]
                assert (f"Bet: Seat {seat} backed " in " ".join(said)) == bool(made)
        assert any("takes Seat" in line and "'s seat" in line for line in said)


# ---------------------------------------------------------------- the log


def test_the_exchange_is_private_and_its_counts_public() -> None:
    # Law 27: the number of cards each player takes is public; law 28: the cards discarded
    # are seen by nobody else; a seat's draws are its own.
    state = deal(POINT)
    play(state, "propose_2 accept 7S 8S JS draw")
    elder, dealer, spectator = texts(state, 0), texts(state, 1), texts(state, None)
    assert "Seat 0 proposes 2 cards." in dealer and "You propose 2 cards." in elder
    assert "Seat 1 accepts." in elder
    assert "You discard 2 cards: 7♠ 8♠." in elder
    assert "Seat 0 discards 2 cards." in dealer and "Seat 0 discards 2 cards." in spectator
    assert "You draw 7♣ 8♣." in elder and "Seat 0 draws 2 cards." in dealer
    assert "You discard 1 card: J♠." in dealer and "Seat 1 discards 1 card." in elder
    assert "You draw 10♣." in dealer and "Seat 1 draws 1 card." in elder
    assert "Your hand: J♥ Q♥ K♥ 7♠ 8♠." in elder
    assert not any("Q♥" in t for t in dealer + spectator)  # elder's hand is elder's
    assert "Turned up: 8♥ — hearts are trumps." in spectator


def test_the_king_marked_and_the_play_are_public() -> None:
    state = deal(POINT)
    play(state, "play mark_king KH TH")
    spectator = texts(state, None)
    assert spectator[-5:] == [
        "Seat 0 plays without proposing.",
        "Seat 0 marks the king, K♥: 1 point.",
        "Seat 0 leads K♥.",
        "Seat 1 plays 10♥.",
        "Seat 0 takes the trick with K♥.",
    ]


def test_a_backer_with_advice_sees_the_backed_hand_in_the_log() -> None:
    # RULINGS 4.1 french: a backer may look at the hand of the player backed.
    game = hoyle.load("ecarte", variant="french", players=3)
    state = game.new_initial_state(seed=5)
    bettor = state.current_player()
    backed = state.pair[0]
    play(state, f"back_{backed}")
    while state.phase not in ("propose", "play"):
        state.apply_action(state.legal_actions()[0])
    hand = " ".join(f"{c}" for c in state.observation(backed)["hand"])
    mine = [e for e in state.log(bettor) if e["kind"] == "hand"]
    assert len(mine) == 1 and mine[0]["text"].startswith(f"Seat {backed}'s hand:")
    assert len(hand.split()) == 5
    other = state._other(backed)
    assert not [e for e in state.log(other) if e["kind"] == "hand" and e["text"][:4] == "Seat"]


def test_a_seeded_history_lists_its_chance_actions() -> None:
    # Contract §6: replayed from the unseeded start, a seeded game's history reaches the same
    # position (the cut and the cards dealt are in it).
    game = hoyle.load("ecarte", variant="pool")
    state = game.new_initial_state(seed=12)
    rng = random.Random(2)
    for _ in range(60):
        if not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
    replay = game.new_initial_state()
    for action in state.history():
        replay.apply_action(action)
    for seat in (None, 0, 1, 2):
        assert replay.observation(seat) == state.observation(seat)
    again = game.new_initial_state(seed=12)  # the seed still deals the same cards
    assert (
        again.observation(None)["cut"] == game.new_initial_state(seed=12).observation(None)["cut"]
    )


def test_a_hand_set_position_logs_from_its_deal() -> None:
    state = deal(POINT)
    play(state, "play KH")
    log = texts(state, 0)
    assert log[0] == "Deal 1: Seat 1 deals." and log[1] == "Your hand: J♥ Q♥ K♥ 7♠ 8♠."


def test_deal_state_refuses_a_position_the_rules_cannot_deal() -> None:
    game = hoyle.load("ecarte")
    with pytest.raises(InvalidPositionError, match="not in the 32-card pack"):
        game.deal_state(["2C QH JH 7S 8S", "AH TH 9S TS JS"], turn_up="8H")
    with pytest.raises(InvalidPositionError, match="dealt twice"):
        game.deal_state(["KH QH JH 7S 8S", "KH TH 9S TS JS"], turn_up="8H")
