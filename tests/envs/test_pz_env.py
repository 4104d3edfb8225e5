"""The PettingZoo table against the engine: rewards at the end of each deal are the deal's
scores, masks are the legal actions, observations are the encoder's, and long games end."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import hoyle
from hoyle.core.encoding import encoder
from hoyle.envs.pettingzoo import DEFAULT_MAX_CYCLES, env, env_id, raw_env

# The first two presets of each family (its default and one more): what these tests check
# does not depend on the preset, and PettingZoo's checks cover every preset.
SOME_PRESETS = [
    f"{family}(variant={preset.name})"
    for family in hoyle.families()
    for preset in hoyle.variants(family)[:2]
]


def random_episode(
    table: raw_env, seed: int, check: Any = None
) -> list[tuple[str, dict[str, float]]]:
    """Play random legal actions to the end; the agent and the rewards after each decision."""
    rng = random.Random(seed)
    table.reset(seed=seed)
    steps: list[tuple[str, dict[str, float]]] = []
    while not any(table.terminations.values()) and not any(table.truncations.values()):
        agent = table.agent_selection
        if check is not None:
            check(table, agent)
        mask = table.observe(agent)["action_mask"]
        table.step(rng.choice(np.flatnonzero(mask).tolist()))
        steps.append((agent, dict(table.rewards)))
    return steps


@pytest.mark.parametrize("spec", SOME_PRESETS)
def test_rewards_come_at_the_end_of_each_deal_and_are_its_scores(spec: str) -> None:
    table = raw_env(spec, max_deals=3)
    steps = random_episode(table, seed=5)
    assert table.game_state is not None
    deals = table.game_state.observation(None)["deal_scores"]
    assert table.deals_played == len(deals) == 3
    sign = -1.0 if table.game.info.scores_are_penalties else 1.0
    paid = [r for _, r in steps if any(r.values())]
    # One reward per deal that scored anything, each the engine's record of that deal.
    scored = [d for d in deals if any(d)]
    assert len(paid) == len(scored)
    for rewards, points in zip(paid, scored, strict=True):
        assert [rewards[a] for a in table.possible_agents] == [sign * p for p in points]


def test_hearts_deal_rewards_are_minus_the_penalty_points() -> None:
    # RULINGS 1.1 black-lady: hearts 1 each and Q♠ 13, 26 a deal; a moon (moon=add) gives
    # the other three 26 each instead, 78 in all.
    table = raw_env("hearts", max_deals=4)
    for seed in range(3):
        steps = random_episode(table, seed)
        totals = [sum(r.values()) for _, r in steps if any(r.values())]
        assert len(totals) == 4
        assert all(total in (-26.0, -78.0) for total in totals)
        assert all(v <= 0 for _, r in steps for v in r.values())


def test_the_chip_game_rewards_chips_won() -> None:
    # RULINGS 1.1 original-1887: scores are chips held, so more is better: a deal's reward is
    # the chips it won (no sign flip), and what the losers pay the winners get, bar the table.
    table = raw_env("hearts(variant=original-1887)", max_deals=1)
    assert not table.game.info.scores_are_penalties
    steps = random_episode(table, seed=2)
    assert table.game_state is not None
    before = [float(table.game.rules.chips)] * 4
    after = table.game_state.scores()
    final = steps[-1][1]
    won = [a - b for a, b in zip(after, before, strict=True)]
    assert [final[a] for a in table.possible_agents] == won


@pytest.mark.parametrize("spec", SOME_PRESETS)
def test_masks_are_the_legal_actions_and_observations_the_encoders(spec: str) -> None:
    enc = encoder(hoyle.load(spec))

    def check(t: raw_env, agent: str) -> None:
        assert t.game_state is not None
        seat = t.possible_agents.index(agent)
        assert t.game_state.current_player() == seat
        for other in t.possible_agents:
            obs = t.observe(other)
            mask = obs["action_mask"]
            assert mask.dtype == np.int8
            expected = t.game_state.legal_actions() if other == agent else []
            assert np.flatnonzero(mask).tolist() == expected
            want = enc.new_buffer()
            enc.encode(t.game_state, t.possible_agents.index(other), want)
            assert np.array_equal(obs["observation"], want)
            assert t.observation_space(other).contains(obs)

    random_episode(raw_env(spec, max_deals=1), seed=11, check=check)


def test_observations_are_new_arrays_every_call() -> None:
    table = raw_env(SOME_PRESETS[0], max_deals=1)
    table.reset(seed=1)
    agent = table.agent_selection
    first, second = table.observe(agent), table.observe(agent)
    assert first["observation"] is not second["observation"]
    assert first["action_mask"] is not second["action_mask"]


def test_a_long_game_is_truncated_after_max_cycles() -> None:
    # Auction Pitch between random bidders can be set back for ever; max_cycles stops it.
    table = raw_env("all-fours(variant=auction-pitch)", max_cycles=3)
    steps = random_episode(table, seed=4)
    assert len(steps) == 3 * table.num_agents
    assert all(table.truncations.values())
    assert not any(table.terminations.values())
    assert table.game_state is not None and not table.game_state.is_terminal()
    assert DEFAULT_MAX_CYCLES >= 10_000  # a full Spite and Malice match, ~10,000 decisions


def test_a_whole_match_ends_with_its_result_in_the_infos() -> None:
    table = raw_env(SOME_PRESETS[0])
    random_episode(table, seed=3)
    assert table.game_state is not None and table.game_state.is_terminal()
    assert all(table.terminations.values())
    returns = table.game_state.returns()
    assert [table.infos[a]["returns"] for a in table.possible_agents] == returns


def test_reward_result_pays_only_the_match_result() -> None:
    table = raw_env(SOME_PRESETS[0], reward="result")
    steps = random_episode(table, seed=8)
    assert table.game_state is not None
    assert all(not any(r.values()) for _, r in steps[:-1])
    final = steps[-1][1]
    assert [final[a] for a in table.possible_agents] == table.game_state.returns()


def test_a_seed_reproduces_the_deal_and_another_seed_changes_it() -> None:
    def first_view(seed: int | None, table: raw_env) -> list[float]:
        table.reset(seed=seed)
        return table.observe(table.agent_selection)["observation"].tolist()

    # Hearts: the first seat to act already holds its cards, so its view shows the deal.
    table = raw_env("hearts")
    assert first_view(1, table) == first_view(1, raw_env("hearts"))
    assert first_view(1, table) != first_view(2, table)
    # Without a seed the generator goes on: the next episode is another deal.
    assert first_view(None, table) != first_view(2, table)


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    table = raw_env(SOME_PRESETS[0])
    table.reset(seed=1)
    assert table.game_state is not None
    mask = table.observe(table.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = table.game_state.history()
    with pytest.raises(hoyle.IllegalActionError, match="legal"):
        table.step(illegal)
    with pytest.raises(hoyle.IllegalActionError, match="an action is an int"):
        table.step(1.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="give an action id"):
        table.step(None)
    assert table.game_state.history() == before
    assert table.num_moves == 0


def test_the_illegal_reward_option_ends_the_game_instead() -> None:
    # PettingZoo's TerminateIllegalWrapper, as its classic games use.
    table = env(SOME_PRESETS[0], illegal_reward=-5.0)
    table.reset(seed=1)
    agent = table.agent_selection
    obs, *_ = table.last()
    table.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert all(table.terminations.values())
    assert table.rewards[agent] == -5.0


def test_names_render_and_options() -> None:
    table = raw_env(SOME_PRESETS[0], render_mode="ansi")
    family = table.game.family
    assert env_id(table.game) == f"hoyle_{family.replace('-', '_')}_v1"
    assert table.metadata["name"] == env_id(table.game)
    assert str(table) == env_id(table.game)
    assert table.metadata["is_parallelizable"] is False
    assert table.possible_agents == [f"player_{i}" for i in range(table.game.num_players)]
    table.reset(seed=1)
    text = table.render()
    assert isinstance(text, str) and table.game.spec in text
    with pytest.raises(ValueError, match="render_mode"):
        raw_env(SOME_PRESETS[0], render_mode="rgb_array")
    with pytest.raises(ValueError, match="max_cycles"):
        raw_env(SOME_PRESETS[0], max_cycles=0)
    with pytest.raises(ValueError, match="reward"):
        raw_env(SOME_PRESETS[0], reward="points")  # type: ignore[arg-type]
    with pytest.raises(RuntimeError, match="reset"):
        raw_env(SOME_PRESETS[0]).observe("player_0")
