"""Snapshots of the full-screen game (pytest-textual-snapshot): one position of each kind of
table, from fixed seeds at a fixed terminal size. ``pytest --snapshot-update`` redraws them after
a deliberate change of the layout; the SVG files in ``__snapshots__`` are the accepted screens."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import hoyle
from hoyle.tui.textual_app import HoyleApp

SIZE = (110, 36)

Compare = Callable[..., bool]


def make_app(spec: str, seed: int, **options: Any) -> HoyleApp:
    """Seat 0 against seeded ``easy`` bots, no delay, seeded chance, no hints."""
    game = hoyle.load(spec, **options)
    agents = {s: hoyle.agent("easy", game, seed=seed + s) for s in range(1, game.num_players)}
    state = game.new_initial_state(seed=seed)
    return HoyleApp(state, 0, agents, rng=random.Random(seed), title=f"hoyle {game.spec}")


def test_hearts_in_the_middle_of_a_trick(snap_compare: Compare) -> None:
    # Three cards passed, two tricks played with the cursor's first choice, then the cursor
    # moved on: the trick in progress, the last trick, the log and the marked hand.
    keys = ["enter"] * 5 + ["right"]
    assert snap_compare(make_app("hearts", 3, deals=1), press=keys, terminal_size=SIZE)


def test_spite_and_malice_piles(snap_compare: Compare) -> None:
    # The first turn of seed 2: the goal piles, the empty centre and the pile moves.
    assert snap_compare(make_app("spite-malice", 2), press=["enter"], terminal_size=SIZE)


def test_ecarte_turn_up_and_proposal(snap_compare: Compare) -> None:
    # Seed 1: the dealer has dealt in packets; the elder sees the turn-up and chooses to
    # play or to propose an exchange.
    assert snap_compare(make_app("ecarte", 1), terminal_size=SIZE)
