"""Spite and Malice's facts at a glance (``state.facts(seat)``, docs/contract.md §4): the goal
cards left to each player, what each centre stack needs next, a wild to cover, the stock and
the completed heap, and how the match ends — each worded for its reader."""

from __future__ import annotations

from typing import Any

import hoyle
from helpers import play
from hoyle.games.spite_malice import SpiteMaliceGame


def load(variant: str = "standard", **options: Any) -> SpiteMaliceGame:
    game = hoyle.load("spite-malice", variant=variant, **options)
    assert isinstance(game, SpiteMaliceGame)
    return game


def told(state: hoyle.State, seat: int | None, names: list[str] | None = None) -> dict[str, Any]:
    """The reader's facts by kind: kind → (text, cards)."""
    return {f["kind"]: (f["text"], f["cards"]) for f in state.facts(seat, names)}


def test_goal_cards_stacks_and_stock() -> None:
    # Whoever plays off the goal pile first wins the deal; a centre stack is built up from an
    # ace, kings wild but never for an ace (the standard rules).
    state = load(deals=1).deal_state(
        ["2D 3C 9S", "2C 5D 7H"],
        goals=["JS TS 9H", "QD JD 9D"],
        stacks=["AC"],
        stock="8C 8D 8H KC 6S 6D",
    )
    facts = told(state, 0)
    assert facts["goal"] == ("You 3, Seat 1 3", [])
    assert told(state, 1)["goal"][0] == "You 3, Seat 0 3"  # the reader first
    assert told(state, None, ["Ann", "Bob"])["goal"][0] == "Ann 3, Bob 3"
    assert facts["stacks"][0] == "next 2; an ace starts another"
    assert facts["stock"][0] == "6 cards"
    assert facts["game"][0] == "one deal"
    play(state, "2:hand>stack1 3:hand>stack1")
    assert told(state, 0)["stacks"][0] == "next 4; an ace starts another"


def test_no_stack_yet_and_the_target() -> None:
    state = load().deal_state(["2D 3C 9S", "2C 5D 7H"], goals=["JS TS 9H", "QD JD 9D"])
    assert told(state, 0)["stacks"][0] == "none yet: an ace starts one"
    assert told(state, 0)["game"][0] == "ends after a deal in which anyone reaches 50 points"
    # Where a wild may stand for an ace, it may start a stack too (pagat's Common game).
    common = load("common").deal_state(["2D 3C 9S", "2C 5D 7H"], goals=["JS TS 9H", "QD JD 9D"])
    assert told(common, 0)["stacks"][0] == "none yet: an ace or a wild starts one"


def test_a_wild_to_cover() -> None:
    # Covered Wilds: a wild played to the centre must be covered at once by the next natural
    # card.
    state = load("cover-wild").deal_state(
        goals=["9H", "9D"], hands=["KS 4D 8D", "2C"], discards=[["4H"]], stacks=["AC 2C"]
    )
    play(state, "K:hand>stack1")
    assert told(state, 1)["cover"][0] == "the wild on stack 1 must be covered by a natural 4"
    play(state, "4:discard1>stack1")
    assert "cover" not in told(state, 1)
