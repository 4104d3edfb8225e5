"""House-rule options of the Trinidad game (RULINGS 2.1 trinidad: "Options
`forced_beg_without_trump`, `no_undertrump`"); each test shows the option changing what is
legal."""

from __future__ import annotations

from typing import Any

import hoyle
from hoyle.games.all_fours import AllFoursGame, AllFoursState


def deal(hands: list[str], **options: Any) -> AllFoursState:
    game = hoyle.load("all-fours", variant="trinidad", **options)
    assert isinstance(game, AllFoursGame)
    return game.deal_state(hands, dealer=0, turn_up="9H")


def legal(state: AllFoursState) -> set[str]:
    return {state.action_to_string(a) for a in state.legal_actions()}


# Trinidad plays anticlockwise: with seat 0 dealing, seat 3 is eldest, then 2, 1, 0. Hearts
# are trumps (the 9♥ turned, which kicks nothing). Seat 3 holds no trump.
HANDS = [
    "2S 3S 4S 5S 6S 7S",
    "2H 3D 4D 5D 6D 7D",
    "KH 8C 9C TC JC QC",
    "2C 3C 4C 5C 6C 7C",
]


def test_forced_beg_without_trump() -> None:
    # forced_beg_without_trump: eldest holding no trump must beg; otherwise it may stand.
    assert legal(deal(HANDS)) == {"stand", "beg"}
    state = deal(HANDS, forced_beg_without_trump=True)
    assert state.current_player() == 3 and legal(state) == {"beg"}


def test_no_undertrump() -> None:
    # no_undertrump: a plain suit led and trumped (K♥ on the 2♣); seat 1, void in clubs, may
    # not play its lower trump while it holds other cards.
    for option, expected in ((False, True), (True, False)):
        state = deal(HANDS, no_undertrump=option)
        for token in ("stand", "2C", "KH"):
            state.apply_action(state.string_to_action(token))
        assert state.current_player() == 1
        assert ("2H" in legal(state)) is expected
    # Holding only trumps, it plays one, however low.
    only_trumps = [HANDS[0], "2H 3H 4H 5H 6H 7H", HANDS[2], HANDS[3]]
    state = deal(only_trumps, no_undertrump=True)
    for token in ("stand", "2C", "KH"):
        state.apply_action(state.string_to_action(token))
    assert "2H" in legal(state)


def test_yorkshire_pitchers_partner_sees_nothing_before_the_pitch() -> None:
    # RULINGS 2.1 yorkshire: "The pitcher's partner may not see their hand before the pitch."
    game = hoyle.load("all-fours", variant="yorkshire")
    assert isinstance(game, AllFoursGame)
    hands = ["2S 3S 4S 5S 6S 7S", "2H 3D 4D 5D 6D 7D", "KH 8C 9C TC JC QC", "2C 3C 4C 5C 6C 7C"]
    state = game.deal_state(hands, dealer=0)
    assert state.current_player() == 1  # eldest pitches; seat 3 is the partner
    partner, opponent = state.observation(3), state.observation(2)
    assert partner["hand_hidden"] and partner["hand"] == []
    assert not opponent["hand_hidden"] and len(opponent["hand"]) == 6
    state.apply_action(state.string_to_action("3D"))  # the pitch: diamonds are trumps
    assert not state.observation(3)["hand_hidden"]
    plain = hoyle.load("all-fours", variant="yorkshire", hide_partner_until_pitch=False)
    assert isinstance(plain, AllFoursGame)
    assert not plain.deal_state(hands, dealer=0).observation(3)["hand_hidden"]
