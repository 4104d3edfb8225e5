"""Determinization for search (issue 7): "a resampled state gives the same observation to the
player, and across many resamples every hidden card that is possible appears, none that is
not."

The real deal is always possible, so every card another seat really holds must turn up in that
seat's hand in some resample (an over-cautious sampler fails this); and no resample may put a
card of the player's own hand elsewhere. Cards that are impossible for other reasons (played,
or in a suit a seat showed void in) would change the player's observation when the sampled
deal is replayed, so the equal observation, checked on every resample, rules them out; each
family's own tests (voids, passes, widows, turn-ups) check those constraints one by one.
"""

from __future__ import annotations

import random

import pytest

import hoyle
from hoyle.core.protocol import State

RESAMPLES = 300


def decision_points(spec: str, seed: int) -> list[State]:
    game = hoyle.load(spec)
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    found: list[State] = []
    moves = 0
    while not state.is_terminal() and state.progress()[0] == 1:
        if not state.is_chance_node() and moves % 5 == 2:
            found.append(state.clone())
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        moves += 1
    return found[:5]


SPECS = [
    "hearts(deals=1)",
    "hearts(variant=black-maria)",
    "hearts(variant=spot,players=5)",
    "all-fours",
    "all-fours(variant=trinidad)",
    "all-fours(variant=yorkshire)",
    "all-fours(variant=california-jack)",
]


@pytest.mark.parametrize("spec", SPECS)
def test_every_card_really_held_turns_up_and_no_seen_card_does(spec: str) -> None:
    for index, state in enumerate(decision_points(spec, seed=3)):
        player = state.current_player()
        mine = state.observation(player)
        seats = [s for s in range(state.game.num_players) if s != player]
        truth = {s: set(state.observation(s)["hand"]) for s in seats}
        seen: dict[int, set[str]] = {s: set() for s in seats}
        rng = random.Random(index)
        for _ in range(RESAMPLES):
            world = state.resample_from_infostate(player, rng)
            assert world.observation(player) == mine
            for s in seats:
                hand = set(world.observation(s)["hand"])
                assert not hand & set(mine["hand"]), "a card of the player's own hand"
                seen[s] |= hand
        for s in seats:
            missing = truth[s] - seen[s]
            assert not missing, f"seat {s} really holds {sorted(missing)}; never resampled"
