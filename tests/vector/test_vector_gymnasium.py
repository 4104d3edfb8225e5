"""The Gymnasium ``VectorEnv`` over hoyle.vector: Gymnasium 1.x's vector API, and the checks of
``gymnasium.utils.env_checker`` that apply to a vector env (``check_env`` itself takes single
envs): observations in their space, reset and step determinism under a seed, returned data
not reused, and same-step autoreset with the ended deal's observation in ``final_obs``."""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
import pytest
from gymnasium import spaces
from gymnasium.utils.env_checker import data_equivalence
from gymnasium.vector import AutoresetMode

from hoyle.core.encoding import encoder
from hoyle.vector import compiled_available
from hoyle.vector.gymnasium import HeartsVectorEnv, register

BACKENDS = [
    pytest.param(
        "compiled",
        marks=pytest.mark.skipif(
            not compiled_available(), reason="the compiled table is not built or HOYLE_COMPILED=0"
        ),
    ),
    "python",
]


def masked_sample(envs: HeartsVectorEnv, info: dict[str, Any]) -> Any:
    """A random legal action per env, through the action space's own masked sample."""
    mask = tuple(m.astype(np.int8) for m in info["action_mask"])
    return envs.action_space.sample(mask)


def run(envs: HeartsVectorEnv, seed: int, steps: int) -> list[Any]:
    envs.action_space.seed(seed)
    obs, info = envs.reset(seed=seed)
    out: list[Any] = [obs, info]
    for _ in range(steps):
        out.extend(envs.step(masked_sample(envs, info)))
        info = out[-1]
    return out


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_spaces_and_the_mode(backend: str) -> None:
    envs = HeartsVectorEnv(num_envs=3, backend=backend)
    assert envs.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    assert envs.single_observation_space.shape == (envs.table.obs_size,)
    assert envs.observation_space.shape == (3, envs.table.obs_size)
    assert envs.single_action_space == spaces.Discrete(201)
    assert isinstance(envs.action_space, spaces.MultiDiscrete)
    assert envs.action_space.shape == (3,)
    obs, info = envs.reset(seed=1)
    assert obs in envs.observation_space
    assert info["action_mask"].shape == (3, 201) and info["action_mask"].dtype == np.bool_
    for _ in range(40):
        obs, rewards, terminated, truncated, info = envs.step(masked_sample(envs, info))
        assert obs in envs.observation_space
        assert rewards.dtype == np.float32 and rewards.shape == (3,)
        assert terminated.dtype == np.bool_ and not truncated.any()
    envs.close()


@pytest.mark.parametrize("backend", BACKENDS)
def test_reset_and_step_are_determined_by_the_seed(backend: str) -> None:
    # env_checker's check_reset_seed_determinism and check_step_determinism, batched.
    a = run(HeartsVectorEnv(num_envs=3, backend=backend), 7, 40)
    b = run(HeartsVectorEnv(num_envs=3, backend=backend, seed=99), 7, 40)
    assert data_equivalence(a, b, exact=True)
    c = run(HeartsVectorEnv(num_envs=3, backend=backend), 8, 0)
    assert not np.array_equal(a[0], c[0])


@pytest.mark.parametrize("backend", BACKENDS)
def test_returned_data_is_not_reused(backend: str) -> None:
    # env_checker's check_returned_data_not_reused: with copy=True (the default) each step
    # returns new arrays.
    envs = HeartsVectorEnv(num_envs=2, backend=backend)
    obs, info = envs.reset(seed=2)
    obs2, _, _, _, info2 = envs.step(masked_sample(envs, info))
    assert not np.shares_memory(obs, obs2)
    assert not np.shares_memory(info["action_mask"], info2["action_mask"])
    fast = HeartsVectorEnv(num_envs=2, copy=False, backend=backend)
    obs, _ = fast.reset(seed=2)
    assert np.shares_memory(
        obs, fast.step(fast.action_space.sample(tuple(m.astype(np.int8) for m in fast._mask)))[0]
    )


@pytest.mark.parametrize("backend", BACKENDS)
def test_same_step_autoreset_and_rewards(backend: str) -> None:
    envs = HeartsVectorEnv(num_envs=4, seat=2, opponents="playout", backend=backend)
    obs, info = envs.reset(seed=5)
    paid = np.zeros(4)
    ends = 0
    f = encoder(envs.table.game).field("phase")
    while ends < 8:
        obs, rewards, terminated, _, info = envs.step(masked_sample(envs, info))
        paid += rewards
        assert not rewards[~terminated].any()
        for b in np.nonzero(terminated)[0]:
            ends += 1
            assert info["_final_obs"][b] and info["_final_info"][b]
            final = info["final_obs"][b]
            done = envs.table.mirror(int(b), final=True)
            assert np.array_equal(final, done.observation_tensor(2))
            # The learner's reward is its returns() (minus its penalty points, docs/contract.md).
            assert rewards[b] == done.returns()[2]
            assert info["final_info"]["returns"][b].tolist() == done.returns()
            # The observation returned is the next deal's: in its pass (black-lady passes).
            assert obs[b, f.start + 1] == 1.0
        if "final_obs" in info:
            assert all(info["final_obs"][b] is None for b in np.nonzero(~terminated)[0])


def test_make_vec_builds_it() -> None:
    envs = gym.make_vec(register(), num_envs=2, opponents="random")
    assert isinstance(envs.unwrapped, HeartsVectorEnv)
    obs, _ = envs.reset(seed=0)
    assert obs.shape == (2, 1269)
    envs.close()
