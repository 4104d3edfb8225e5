"""Small helpers the test files share (pytest puts this folder on the import path)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import Any

import pytest

from hoyle import records
from hoyle.core import registry
from hoyle.core.protocol import State


def swap_family(monkeypatch: pytest.MonkeyPatch, name: str, **changes: Any) -> None:
    """Replace fields of a registered family's record for one test (``encoder=…``,
    ``search=…``); the record comes back when the test ends."""
    record = registry.family(name)
    monkeypatch.setitem(registry._FAMILIES, record.name, dataclasses.replace(record, **changes))


def play(state: State, moves: str) -> None:
    """Apply actions by token, in order; a token of several words is written with ``_``
    between them (``moon_add``, ``bid_2``)."""
    for token in moves.split():
        state.apply_action(state.string_to_action(token.replace("_", " ")))


def play_to_end(state: State, rng: random.Random) -> None:
    """Play on at random, chance nodes by their outcomes, until the game is over."""
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def assert_record_round_trip(
    state: State, seed: int | None, choose: Callable[[State, random.Random], int]
) -> None:
    """DESIGN records: play ``state`` (started from ``seed``) to its end with ``choose``, write
    its record, read it back and replay it: the same history and scores."""
    rng = random.Random(7)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(choose(state, rng))
    rec = records.loads(records.dumps(records.from_state(state, seed=seed)))
    replayed = records.replay(rec)
    assert replayed.history() == state.history()
    assert replayed.scores() == state.scores()
