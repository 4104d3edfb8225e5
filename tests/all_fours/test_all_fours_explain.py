"""``hoyle rules all-fours`` explains the rules in force from the options: every option's value
shows in the words (issue 4: "rules explains each")."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

import hoyle
from hoyle.games.all_fours import AllFoursRules
from hoyle.games.all_fours.explain import explain

# For every option: a value other than the default, and the options it needs alongside.
CHANGES: dict[str, tuple[Any, dict[str, Any]]] = {
    "players": (3, {}),
    "teams": (2, {"players": 4}),
    "direction": ("anticlockwise", {}),
    "target": (11, {}),
    "deals": (4, {}),
    "tie_deals": (2, {"deals": 4}),
    "deal_limit": (50, {}),
    "first_dealer": ("cut_put", {}),
    "hand_size": (3, {}),
    "trump": ("pitch", {"begging": False}),
    "begging": (False, {}),
    "gift": ("throw_in", {}),
    "gift_points": (2, {}),
    "turn_up_points": ("A:1,6:2,J:3", {}),
    "kick_while_running": (True, {}),
    "repeat_extras": ("keep", {}),
    "discard_to_six": (False, {}),
    "trump_when_able": (False, {}),
    "forced_beg_without_trump": (True, {}),
    "no_undertrump": (True, {}),
    "low": ("captured", {}),
    "game_tie": ("nobody", {}),
    "game_value": (2, {}),
    "hang_jack": (3, {}),
    "bidding": ("auction", {"trump": "pitch", "begging": False}),
    "min_bid": (2, {"trump": "pitch", "begging": False, "bidding": "auction"}),
    "smudge": (True, {"trump": "pitch", "begging": False, "bidding": "auction"}),
    "all_pass": ("redeal", {"trump": "pitch", "begging": False, "bidding": "auction"}),
    "all_four_bonus": (2, {}),
    "trick_points_at_once": (True, {}),
    "five_value": (5, {}),
    "stock": ("face_down", {"trump": "cut", "begging": False}),
    "throw_in": (True, {"players": 4, "teams": 2}),
    "hide_hands_until_beg": (True, {"players": 3, "hide_hands_until_beg": False}),
    "count_order": ("pitcher_first", {}),
    "hide_partner_until_pitch": (
        True,
        {"trump": "pitch", "begging": False, "players": 4, "teams": 2},
    ),
}


def test_every_option_is_covered_here() -> None:
    assert set(CHANGES) == {f.name for f in dataclasses.fields(AllFoursRules)}


def _rules(**options: Any) -> AllFoursRules:
    rules = hoyle.load("all-fours", **options).rules
    assert isinstance(rules, AllFoursRules)
    return rules


@pytest.mark.parametrize("name", sorted(CHANGES))
def test_changing_an_option_changes_the_explanation(name: str) -> None:
    value, needs = CHANGES[name]
    base = dict(needs)
    base.pop(name, None)
    before = explain(_rules(**needs))
    after = explain(_rules(**{**base, name: value}))
    assert before != after, f"the explanation does not mention {name}"


def test_the_words_follow_the_values() -> None:
    text = " ".join(explain(_rules(variant="trinidad")))
    assert "anticlockwise" in text and "an ace 1" in text and "a 6 2" in text
    assert "(3 if taken from the side that held it)" in text and "The game is 14" in text
    text = " ".join(explain(_rules(variant="california-jack")))
    assert "cut at random" in text and "face up" in text and "must follow suit" in text
