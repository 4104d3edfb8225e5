"""``hoyle rules`` explains the rules in force from the options (issue 3: "explains each in
plain words generated from its options"): every option's value shows in the words."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

import hoyle
from hoyle.games.hearts import HeartsRules
from hoyle.games.hearts.explain import explain

# For every option: a value other than the default, and the options it needs alongside.
CHANGES: dict[str, tuple[Any, dict[str, Any]]] = {
    "players": (5, {}),
    "deals": (3, {}),
    "target": (50, {}),
    "deal_limit": (50, {}),
    "hand_size": (6, {"pass_cycle": "hold", "first_lead": "eldest_any"}),
    "pass_cycle": ("right", {}),
    "pass_count": (4, {}),
    "first_lead": ("eldest_any", {}),
    "lead_any_club": (True, {}),
    "no_points_first_trick": (False, {}),
    "must_break_hearts": (False, {}),
    "queen_breaks_hearts": (True, {}),
    "lead_hearts_instead_of_queen": (True, {}),
    "jd_bonus": (True, {}),
    "heart_values": ("spot", {}),
    "ace_value": (1, {}),
    "queen_spades": (25, {}),
    "jack_value": (10, {}),
    "spade_values": ("traditional", {}),
    "bonus_card": ("TD", {}),
    "moon_points": (52, {}),
    "heart_queen_doubles": (True, {}),
    "club_queen_cancels": (True, {}),
    "diamond_queen": (10, {}),
    "queen_allowed_first_trick": (True, {}),
    "partnership": ("team", {}),
    "pass_to_partner": (True, {"partnership": "team"}),
    "other_queens": (13, {}),
    "generale": (True, {}),
    "chips": (25, {"moon": "none"}),
    "revoke_penalty": (2, {"chips": 25, "moon": "none"}),
    "jokers": (1, {}),
    "auction": (True, {"chips": 25, "moon": "none"}),
    "slam_bid": (26, {"bonus_card": "TD"}),
    "stakes": ("average", {}),
    "no_tricks_bonus": (5, {}),
    "moon": ("subtract", {}),
    "tie": ("play_on", {}),
    "removed_3p": ("2C", {"players": 3}),
    "removed_4p": ("2C,2D,2H,2S", {}),
    "removed_5p": ("2S,2D", {"players": 5}),
    "removed_6p": ("2C,2D,2H,2S", {"players": 6}),
    "widow_3p": (3, {"players": 3}),
    "widow_4p": (4, {}),
    "widow_5p": (5, {"players": 5}),
    "widow_6p": (6, {"players": 6}),
    "widow": ("to_hand", {"widow_4p": 4}),
    "packs": (2, {"players": 6, "pass_cycle": "hold", "first_lead": "eldest_any"}),
    "cancellation": (
        True,
        {"players": 8, "packs": 2, "pass_cycle": "hold", "first_lead": "eldest_any"},
    ),
}


# A joker changes the pack's size: the deal divides only with a card taken out as well.
ALONGSIDE = {"jokers": {"removed_4p": "2S"}}


def test_every_option_is_covered_here() -> None:
    assert set(CHANGES) == {f.name for f in dataclasses.fields(HeartsRules)}


def _rules(**options: Any) -> HeartsRules:
    rules = hoyle.load("hearts", **options).rules
    assert isinstance(rules, HeartsRules)
    return rules


@pytest.mark.parametrize("name", sorted(CHANGES))
def test_changing_an_option_changes_the_explanation(name: str) -> None:
    value, needs = CHANGES[name]
    before = explain(_rules(**needs))
    after = explain(_rules(**needs, **{name: value}, **ALONGSIDE.get(name, {})))
    assert before != after, f"the explanation does not mention {name}"


def test_the_words_follow_the_values() -> None:
    text = " ".join(explain(_rules(variant="greek")))
    assert "the Q♠ 50" in text and "A 15" in text and "scores 150" in text
    assert "passes 3 cards to the right" in text and "reaches 500" in text
    text = " ".join(explain(_rules(variant="original-1887", chips=50)))
    assert "each player starting with 50" in text and "No cards are passed" in text
    text = " ".join(explain(_rules(variant="joker")))
    assert "and 1 joker: 13 cards each" in text and "A joker may be played" in text
    text = " ".join(explain(_rules(players=3)))
    assert "3 players, with the 52-card pack without the 2♦: 17 cards each" in text
