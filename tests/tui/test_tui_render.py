"""The terminal game's pure render functions: observation dicts in, lines out."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import hoyle
from hoyle.cards import Suit
from hoyle.tui.render import (
    Style,
    card_label,
    group_by_suit,
    hint_rows,
    log_text,
    prompt_text,
    render_hand,
    render_help,
    render_hint,
    render_result,
    render_table,
    screen_words,
    seat_names,
    seat_position,
)

LETTERS = Style(symbols=False)
NAMES = ["You", "Seat 1", "Seat 2", "Seat 3"]


def test_card_labels() -> None:
    assert card_label("QS") == "Q♠"
    assert card_label("TH") == "10♥"
    assert card_label("TH", LETTERS) == "TH"
    assert card_label("moon add") == "moon add"
    assert card_label("2D", Style(color=True)) == "\x1b[31m2♦\x1b[0m"
    assert card_label("2C", Style(color=True)) == "2♣"
    assert card_label("2D", Style(color=True), bold=True) == "\x1b[1;31m2♦\x1b[0m"
    assert card_label("2D", bold=True) == "2♦"  # no colour, no codes


def test_hand_is_grouped_by_suit_and_sorted_by_rank() -> None:
    rows = group_by_suit(["AS", "2H", "TC", "QS", "3C", "AC", "9H"])
    assert rows == [
        (Suit.CLUBS, ["3C", "TC", "AC"]),
        (Suit.DIAMONDS, []),
        (Suit.SPADES, ["QS", "AS"]),
        (Suit.HEARTS, ["2H", "9H"]),
    ]


def test_legal_cards_are_marked() -> None:
    lines = render_hand(["AS", "2H", "TC", "QS", "3C"], ["3C", "TC"])
    assert lines[0].split() == ["♣", "[3♣]", "[10♣]"]
    assert lines[1].split() == ["♦", "—"]  # a void shows
    assert lines[2].split() == ["♠", "Q♠", "A♠"]
    assert lines[3].split() == ["♥", "2♥"]
    assert render_hand([], []) == ["  (no cards)"]
    plain = render_hand(["QS"], ["qs"], LETTERS)
    assert plain == ["  C   —", "  D   —", "  S  [QS]", "  H   —"]


def test_seat_names_and_positions() -> None:
    assert seat_names(4, 0) == NAMES
    assert seat_names(3, None) == ["Seat 0", "Seat 1", "Seat 2"]
    assert [seat_position(s, 0, 4) for s in range(4)] == ["", "left", "across", "right"]
    assert [seat_position(s, 1, 3) for s in range(3)] == ["right", "", "left"]
    assert seat_position(3, 0, 6) == "across"
    assert seat_position(2, 0, 6) == ""


def hand_made(**changes: Any) -> dict[str, Any]:
    """A Hearts observation of seat 0 in the middle of a deal."""
    obs: dict[str, Any] = {
        "game": "hearts",
        "players": 4,
        "seat": 0,
        "phase": "play",
        "current_player": 0,
        "deal": 2,
        "dealer": 0,
        "pass_direction": "right",
        "pass_count": 3,
        "cards_passed": [3, 3, 3, 3],
        "trick": [{"seat": 2, "card": "KD"}, {"seat": 3, "card": "3D"}],
        "tricks": [{"leader": 1, "cards": ["2C", "AC", "5C", "9C"], "winner": 2}],
        "tricks_taken": [0, 0, 1, 0],
        "points": [0, 0, 0, 0],
        "hearts_broken": False,
        "scores": [12, 0, 13, 1],
        "deal_scores": [[12, 0, 13, 1]],
        "moon_shooter": None,
        "hand": ["4D", "QH", "2S", "TD"],
        "passed": ["AS", "KS", "QS"],
        "received": ["4D", "2S", "QH"],
    }
    obs.update(changes)
    return obs


def test_the_table_shows_what_the_seat_may_know() -> None:
    lines = render_table(hand_made(), ["4D", "TD"], NAMES)
    text = "\n".join(lines)
    assert lines[0] == "── hearts · deal 2 · dealer You ──"
    assert "Received (right pass): 4♦ 2♠ Q♥" in text
    assert re.search(r"You \*\s+0\s+0\s+12$", text, re.M)  # whose turn, tricks, points, score
    assert re.search(r"Seat 2 \(across\)\s+1\s+0\s+13$", text, re.M)
    assert "Last trick: Seat 1 2♣, Seat 2 A♣, Seat 3 5♣, You 9♣ — taken by Seat 2" in text
    assert "Trick: Seat 2 K♦, Seat 3 3♦" in text
    assert lines[-4:] == ["  ♣   —", "  ♦  [4♦]  [10♦]", "  ♠   2♠", "  ♥   Q♥"]


def test_the_table_while_passing() -> None:
    obs = hand_made(phase="pass", trick=[], tricks=[], passed=["QS"], received=[])
    text = "\n".join(render_table(obs, ["4D"], NAMES))
    assert "Passing 3 cards right — chosen so far: Q♠" in text
    assert "Trick:" not in text and "Last trick" not in text


def test_the_table_shows_only_cards_the_seat_has_seen() -> None:
    game = hoyle.load("hearts", deals=1)
    state = game.new_initial_state(seed=8)
    for _ in range(12 + 21):  # the passes, then five tricks and a card
        state.apply_action(state.legal_actions()[0])
    obs = state.observation(1)
    legal = [state.action_to_string(a) for a in state.legal_actions()]
    text = "\n".join(render_table(obs, legal, style=LETTERS))
    shown = set(re.findall(r"\b[2-9TJQKA][CDHS]\b", text))
    seen = set(obs["hand"]) | set(obs["passed"]) | set(obs["received"])
    seen |= {p["card"] for p in obs["trick"]}
    seen |= {c for trick in obs["tricks"] for c in trick["cards"]}
    assert shown and shown <= seen


@pytest.mark.parametrize(
    ("changes", "prompt"),
    [
        ({"phase": "pass", "passed": []}, "Pass a card (1 of 3) > "),
        ({"phase": "pass", "passed": ["QS", "AS"]}, "Pass a card (3 of 3) > "),
        (
            {"phase": "pass", "passed": ["QS"], "pass_direction": "scatter", "pass_to": [1, 2, 3]},
            "Pass a card to Seat 2 (2 of 3) > ",
        ),
        ({"phase": "play", "trick": []}, "Lead a card > "),
        ({}, "Play a card > "),
        ({"phase": "moon"}, "Moon: add or subtract > "),
        ({"phase": "over"}, "> "),
    ],
)
def test_prompts(changes: dict[str, Any], prompt: str) -> None:
    assert prompt_text(hand_made(**changes)) == prompt


def test_help_lists_the_legal_moves() -> None:
    assert render_help(["2C", "TC"])[0] == "Legal now: 2♣ 10♣"
    assert render_help(["moon add", "moon subtract"])[0] == "Legal now: moon add moon subtract"


def test_log_sentences_read_with_letters_where_symbols_cannot_print() -> None:
    # The log's sentences are the engine's (state.log); the terminal only swaps the suit
    # symbols for letters when it cannot print them, as it does for cards on the table.
    assert log_text("You take the trick with Q♠ (3 points).", LETTERS) == (
        "You take the trick with QS (3 points)."
    )
    assert log_text("Seat 1 leads 10♥.", Style()) == "Seat 1 leads 10♥."


def test_result() -> None:
    obs = hand_made(phase="over", scores=[40, 101, 40, 77], returns=[0.5, 0.0, 0.5, 0.0])
    assert render_result(obs, NAMES) == [
        "Game over.",
        "Final scores: You 40, Seat 1 101, Seat 2 40, Seat 3 77",
        "Result: You 0.5, Seat 1 0, Seat 2 0.5, Seat 3 0",
        "Shared win: You, Seat 2.",
    ]
    obs = hand_made(phase="over", scores=[3, 0, 23, 0], returns=[-3, 0, -23, 1])
    assert render_result(obs, NAMES)[-1] == "Seat 3 wins."


def test_the_table_shows_the_preset_facts_of_the_deal() -> None:
    # The auction's penalty suit and chips on the table, a Générale, and the widow for its
    # taker: all in the observation, so all shown.
    obs = hand_made(penalty_suit="S", table=4, generale=2, widow=["KH", "AH", "3S"])
    text = "\n".join(render_table(obs, [], NAMES, LETTERS))
    assert "penalty suit ♠" in text and "4 chips on the table" in text
    assert "Générale: Seat 2" in text
    assert "The widow you took: KH AH 3S" in text


def test_the_table_shows_a_slam_bid_and_what_this_seat_knows_of_the_partner() -> None:
    # RULINGS 1.1 partnership-slam: the silent partner is unknown until the 10♦ is played,
    # except to the partner (and to a bidder playing alone).
    hidden = hand_made(slam={"bidder": 1, "bid": 4, "partner": None})
    assert "slam bid 4 by Seat 1 with a silent partner" in "\n".join(
        render_table(hidden, [], NAMES, LETTERS)
    )
    known = hand_made(slam={"bidder": 1, "bid": 4, "partner": 3})
    assert "slam bid 4 by Seat 1 with Seat 3" in "\n".join(render_table(known, [], NAMES, LETTERS))
    alone = hand_made(slam={"bidder": 1, "bid": 4, "partner": 1})
    assert "slam bid 4 by Seat 1 alone" in "\n".join(render_table(alone, [], NAMES, LETTERS))
    assert "every trick" in prompt_text(hand_made(phase="bid", bid_for="slam"))
    assert "penalty suit" in prompt_text(hand_made(phase="bid", bid_for="suit"))


def test_the_prompt_counts_the_cards_laid_away_from_the_widow() -> None:
    # RULINGS 1.1 heartsette, widow=to_hand: as many cards laid away as the widow held.
    obs = hand_made(phase="discard", discards=1, widow=["KH", "AH", "3S"])
    assert "(2 of 3)" in prompt_text(obs)


def test_a_bourre_draw_is_not_logged_as_a_discard() -> None:
    # Bourré: each player in turn discards face down, then draws as many (the family's laws,
    # RULINGS "Bourré"); the other seats learn the count drawn, and no draw is a discard.
    game = hoyle.load("bourre", players=4)
    draws = 0
    for seed in range(6):
        state = game.new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal() and draws < 6:
            if state.is_chance_node():
                state.apply_action(state.chance_outcomes()[0][0])
                continue
            actor = state.current_player()
            phase = state.observation(0)["phase"]
            seen = len(state.log(0))
            action = rng.choice(state.legal_actions())
            token = state.action_to_string(action)
            state.apply_action(action)
            if actor == 0 or phase != "discard":
                continue
            lines = [e["text"] for e in state.log(0)[seen:] if e["seat"] == actor]
            if token == "draw":
                draws += 1
                drawn = [x for x in lines if x.startswith(f"Seat {actor} draws ")]
                assert drawn and re.fullmatch(r"Seat \d draws \d cards?\.", drawn[0]), lines
            else:  # a card laid away: never named to another seat
                assert not any(card_label(token) in line for line in lines), lines
    assert draws == 6


def test_red_cards_are_red_in_a_coloured_log() -> None:
    coloured = log_text("Seat 1 leads 10♥ on Q♠ and 3♦.", Style(color=True))
    assert coloured == "Seat 1 leads \x1b[31m10♥\x1b[0m on Q♠ and \x1b[31m3♦\x1b[0m."


@pytest.mark.parametrize(
    ("message", "shown"),
    [
        # A refusal as the engine words it (docs/contract.md §7), as the screen words it.
        (
            "'9H' is not a legal action here (seat 0 cannot play 9H: must follow suit); legal: KC",
            "'9♥' is not a legal action here (you cannot play 9♥: must follow suit); legal: K♣",
        ),
        ("seat 0 has no 9H", "You have no 9♥"),
        ("seat 2 cannot play TD: not in hand", "Seat 2 cannot play 10♦: not in hand"),
        ("seat 0's turn is over", "Your turn is over"),
        # Pile moves and words are no cards; lower case is the player's own typing.
        ("'7:hand>stack1' is not legal; legal: K=3:hand>stack2", None),
        ("'qh' is not a card or a Hearts move", None),
    ],
)
def test_engine_notation_in_the_screens_words(message: str, shown: str | None) -> None:
    assert screen_words(message, NAMES, 0) == (message if shown is None else shown)
    assert screen_words(message, NAMES, 0, LETTERS).count("seat 0") == 0


def test_hints_sorted_by_value_with_the_suggestion_and_its_reason() -> None:
    class Hint:
        def __init__(self, token: str, value: float, suggested: bool, reason: str | None = None):
            self.token, self.value, self.suggested, self.reason = token, value, suggested, reason

    ranked = [Hint("QS", -1.0, True, "keeps the queen guarded"), Hint("2C", 0.5, False)]
    assert [r.token for r in hint_rows(ranked)] == ["2C", "QS"]
    lines = render_hint(ranked, meaning="points by the end of the deal")
    assert lines == [
        "Hint: Q♠ (suggested over 2♣: keeps the queen guarded)",
        "  Points by the end of the deal, higher is better:",
        "  2♣ +0.5   Q♠ -1.0 ←",
    ]
    # (token, value) pairs: the first is the suggestion.
    assert [r.suggested for r in hint_rows([("2C", 0.0), ("QS", 1.0)])] == [False, True]
    assert render_hint([]) == ["No hint: nothing to choose."]
