"""A Gymnasium ``VectorEnv`` over :class:`~hoyle.vector.VectorTable`: one learner seat in each
of ``num_envs`` one-deal Hearts games, the other seats played by the table.

>>> from hoyle.vector.gymnasium import HeartsVectorEnv
>>> envs = HeartsVectorEnv("hearts(deals=1)", num_envs=4, seat=0, opponents="random")
>>> obs, info = envs.reset(seed=3)
>>> obs.shape, info["action_mask"].shape
((4, 1269), (4, 201))
>>> mask = tuple(m.astype("int8") for m in info["action_mask"])
>>> obs, rewards, terminated, truncated, info = envs.step(envs.action_space.sample(mask))

Gymnasium 1.x's vector API: batched spaces (``Box`` of ``[num_envs, obs_size]``,
``MultiDiscrete``), ``metadata["autoreset_mode"]`` is ``SAME_STEP``: the step that ends a deal
returns the next deal's first observation, with the ended deal's own (the learner's view of
its end) in ``info["final_obs"]`` and every seat's returns in ``info["final_info"]["returns"]``.
``info["action_mask"]`` (bool ``[num_envs, 201]``) holds the legal actions of every learner
decision; an illegal action raises :class:`~hoyle.core.errors.IllegalActionError` and changes
nothing (mask your policy). A step's reward is the learner's ``returns()`` of the deal that
ended (minus its penalty points), 0 elsewhere. Deals are never truncated.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from hoyle.core.protocol import Game
from hoyle.vector._table import Opponent, VectorTable

__all__ = ["VECTOR_ID", "HeartsVectorEnv", "register"]

VECTOR_ID = "hoyle/HeartsVector-v0"
"""The id :func:`register` gives ``gymnasium.make_vec``."""

Array = npt.NDArray[Any]


class HeartsVectorEnv(VectorEnv[Array, Array, Array]):
    """``num_envs`` one-deal Hearts games; the learner plays ``seat`` in each, the table plays
    the others (``opponents``: ``"random"``, ``"playout"``, an agent name, or one entry per
    other seat, as :class:`~hoyle.vector.VectorTable` takes them). ``copy=False`` returns the
    env's own observation and mask arrays, overwritten by the next step (no copy per step)."""

    # (VectorEnv declares metadata as a plain class attribute, so it stays one here.)
    metadata: dict[str, Any] = {  # noqa: RUF012
        "autoreset_mode": AutoresetMode.SAME_STEP,
        "render_modes": [],
    }

    def __init__(
        self,
        game: str | Game[Any] = "hearts(deals=1)",
        num_envs: int = 16,
        *,
        seat: int = 0,
        opponents: Opponent | Sequence[Opponent] = "random",
        seed: int = 0,
        copy: bool = True,
        backend: str = "auto",
    ) -> None:
        self.table = VectorTable(
            game, num_envs, learners=[seat], opponents=opponents, seed=seed, backend=backend
        )
        self.num_envs = num_envs
        self.seat = seat
        self.copy = copy
        self.single_observation_space = spaces.Box(
            -np.inf, np.inf, shape=(self.table.obs_size,), dtype=np.float32
        )
        self.single_action_space = spaces.Discrete(self.table.num_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._obs, self._mask = self.table.new_buffers()
        self._final = np.zeros_like(self._obs)
        self._truncated = np.zeros(num_envs, dtype=np.bool_)

    def reset(
        self,
        *,
        seed: int | list[int] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[Array, dict[str, Any]]:
        """New deals in every env: from ``seed`` (an int seeds a stream of ``num_envs``
        seeds; a list gives one an env), else from the env's generator."""
        super().reset(seed=seed if isinstance(seed, int) else None)
        if seed is None:
            seeds: Any = self.np_random.integers(2**63, size=self.num_envs).tolist()
        else:
            seeds = seed
        self.table.reset(seeds)
        self.table.observe(self._obs, self._mask)
        return self._out(self._obs), {"action_mask": self._out(self._mask)}

    def step(
        self, actions: Array
    ) -> tuple[Array, npt.NDArray[np.float32], Array, Array, dict[str, Any]]:
        """Play each env's action for the learner; the others play on to its next decision."""
        rewards, terminated = self.table.step(actions)
        info: dict[str, Any] = {}
        ended = terminated.copy()
        if ended.any():
            self.table.observe_final(self._final, self.seat)
            final = np.full(self.num_envs, None, dtype=object)
            for b in np.nonzero(ended)[0]:
                final[b] = self._final[b].copy()
            info["final_obs"], info["_final_obs"] = final, ended
            info["final_info"] = {"returns": rewards.copy(), "_returns": ended}
            info["_final_info"] = ended
        self.table.observe(self._obs, self._mask)
        info["action_mask"] = self._out(self._mask)
        return (
            self._out(self._obs),
            rewards[:, self.seat].copy(),
            ended,
            self._truncated.copy(),
            info,
        )

    def _out(self, array: Array) -> Array:
        return array.copy() if self.copy else array

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to release."""


def register() -> str:
    """Register :data:`VECTOR_ID` for ``gymnasium.make_vec(VECTOR_ID, num_envs=…, …)``
    (keyword arguments as :class:`HeartsVectorEnv` takes them); the id."""
    if VECTOR_ID not in gym.registry:
        gym.register(id=VECTOR_ID, vector_entry_point=f"{__name__}:HeartsVectorEnv")
    return VECTOR_ID
