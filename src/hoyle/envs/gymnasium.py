"""A single-seat Gymnasium environment: you play one seat, hoyle agents play the others.

>>> from hoyle.envs.gymnasium import HoyleEnv
>>> game = HoyleEnv("hearts", seat=0, opponents="easy", max_deals=1)
>>> obs, info = game.reset(seed=3)
>>> done, total = False, 0.0
>>> while not done:
...     action = game.action_space.sample(info["action_mask"])
...     obs, reward, terminated, truncated, info = game.step(action)
...     total += reward
...     done = terminated or truncated
>>> total == -game.table.game_state.scores()[0]  # minus the penalty points seat 0 took
True

Observations, rewards, ``max_deals`` and ``max_cycles`` are those of
:mod:`hoyle.envs.pettingzoo` (this environment drives one of its tables): the observation is a
dict of the seat's encoded vector and its action mask, the mask is also ``info["action_mask"]``,
and a step's reward is what the seat earned between its decision and its next one (the deals
that ended in between). Importing the module registers ``hoyle/Hearts-v1``,
``hoyle/AllFours-v1``, ``hoyle/SpiteMalice-v1``, ``hoyle/Ecarte-v1`` and ``hoyle/Bourre-v1`` (one
per registered family) with
``gymnasium.make``; pass ``game="hearts(variant=black-maria)"`` to choose the preset.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from hoyle.core.errors import not_an_action
from hoyle.core.protocol import Game
from hoyle.core.registry import Agent, families, make_agent
from hoyle.envs.pettingzoo import DEFAULT_MAX_CYCLES, ENV_VERSION, RewardMode, raw_env

__all__ = ["GYM_IDS", "HoyleEnv", "gym_id"]

Observation = dict[str, Any]
"""``{"observation": float32 vector, "action_mask": int8 vector}``."""


def gym_id(family: str) -> str:
    """The ``gymnasium.make`` id of a family: its name in camel case, ``all-fours`` →
    ``hoyle/AllFours-v1`` (its default preset unless ``game=`` is given)."""
    camel = "".join(part[:1].upper() + part[1:] for part in family.split("-"))
    return f"hoyle/{camel}-v{ENV_VERSION}"


GYM_IDS = {name: gym_id(name) for name in families()}
"""The ``gymnasium.make`` id of each family registered when this module was imported (a
family registered later gets its id from :func:`register`)."""


class HoyleEnv(gym.Env[Observation, np.int64]):
    """One seat of a hoyle game as a Gymnasium environment.

    Args:
        game: a game string or a loaded game, e.g. ``"all-fours(variant=pitch)"``.
        seat: the seat the learner plays (0 … players − 1).
        opponents: the agent for every other seat: a level name (``"random"``, ``"easy"``, …,
            see :func:`hoyle.agent`), an agent object, or a sequence with one entry per other
            seat in seat order. Named agents are made again at each ``reset``, seeded from the
            episode's generator, so a seed reproduces their play too.
        render_mode: ``None``, ``"ansi"`` or ``"human"``.
        max_deals: end the episode (terminated) after this many deals.
        max_cycles: truncate after ``max_cycles × players`` decisions of all seats.
        reward: ``"deal"`` (each deal's score change) or ``"result"`` (the match result).
        illegal_reward: an action outside the mask ends the episode (terminated) with this
            reward and ``info["illegal_action"] = True``; the state does not change.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"]}  # noqa: RUF012

    def __init__(
        self,
        game: str | Game[Any],
        seat: int = 0,
        opponents: str | Agent | Sequence[str | Agent] = "easy",
        *,
        render_mode: str | None = None,
        max_deals: int | None = None,
        max_cycles: int | None = DEFAULT_MAX_CYCLES,
        reward: RewardMode = "deal",
        illegal_reward: float = -1.0,
    ) -> None:
        self.table = raw_env(
            game, render_mode=render_mode, max_deals=max_deals, max_cycles=max_cycles, reward=reward
        )
        self.game: Game[Any] = self.table.game
        n = self.game.num_players
        if not 0 <= seat < n:
            raise ValueError(f"seat {seat}: this game has seats 0 to {n - 1}")
        others = [s for s in range(n) if s != seat]
        if isinstance(opponents, str) or not isinstance(opponents, Sequence):
            chosen: list[str | Agent] = [opponents] * len(others)
        else:
            chosen = list(opponents)
            if len(chosen) != len(others):
                raise ValueError(
                    f"opponents: give one agent, or one for each of the {len(others)} other seats"
                )
        for entry in chosen:
            if isinstance(entry, str):
                make_agent(entry, self.game)  # an unknown name fails now, not at reset
        self._opponent_specs = dict(zip(others, chosen, strict=True))
        self._opponents: dict[int, Agent] = {}
        self.seat = seat
        self.agent = self.table.possible_agents[seat]
        self.render_mode = render_mode
        self.illegal_reward = float(illegal_reward)
        self.observation_space = self.table.observation_space(self.agent)
        self.action_space = spaces.Discrete(self.game.num_distinct_actions)
        self._over = True
        self._paid = 0.0

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Start a match and play the others until the learner's seat is to act."""
        super().reset(seed=seed)
        draws = self.np_random.integers(2**63, size=len(self._opponent_specs) + 1)
        self.table.reset(seed=int(draws[0]))
        self._opponents = {
            s: make_agent(spec, self.game, int(draw)) if isinstance(spec, str) else spec
            for (s, spec), draw in zip(self._opponent_specs.items(), draws[1:], strict=True)
        }
        self._over = False
        self._paid = 0.0
        self._play_others()
        obs = self.table.observe(self.agent)
        return obs, self._info(obs)

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Play ``action`` for the learner, then the others until it is to act again."""
        if self._over:
            raise RuntimeError("the episode is over: call reset()")
        try:
            move = operator.index(action)
        except TypeError:
            raise not_an_action(action) from None
        if self._ended():
            # The others finished the episode before the seat's first decision (a seat that
            # watches in pool Écarté, with max_deals=1): this step only reports the end.
            return self._result(self.table._cumulative_rewards[self.agent])
        mask = self.table.action_mask(self.agent)
        if not 0 <= move < len(mask) or not mask[move]:
            self._over = True
            obs = self.table.observe(self.agent)
            info = self._info(obs)
            info["illegal_action"] = True
            return obs, self.illegal_reward, True, False, info
        # The table sums the seat's rewards until the seat acts again; what it summed before
        # reset() handed back the first observation has not been paid yet.
        unpaid = self.table._cumulative_rewards[self.agent] - self._paid
        self.table.step(move)
        self._play_others()
        self._paid = self.table._cumulative_rewards[self.agent]
        return self._result(unpaid + self._paid)

    def _ended(self) -> bool:
        return self.table.terminations[self.agent] or self.table.truncations[self.agent]

    def _result(self, reward: float) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        obs = self.table.observe(self.agent)
        terminated = self.table.terminations[self.agent]
        truncated = self.table.truncations[self.agent]
        self._over = terminated or truncated
        return obs, float(reward), terminated, truncated, self._info(obs)

    def _play_others(self) -> None:
        table = self.table
        state = table._live_state()
        while not self._ended():
            seat = state.current_player()
            if seat == self.seat:
                return
            table.step(self._opponents[seat].step(state))

    def _info(self, obs: Observation) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": obs["action_mask"].copy()}
        info.update(self.table.infos[self.agent])
        return info

    def render(self) -> str | None:
        """The table as text (``ansi``) or printed (``human``)."""
        return self.table.render()

    def close(self) -> None:
        """Nothing to release."""
        self.table.close()


def register() -> list[str]:
    """Register a ``gymnasium.make`` id for every family (again: nothing new); the ids."""
    ids = []
    for family in families():
        name = gym_id(family)
        GYM_IDS.setdefault(family, name)
        if name not in gym.registry:
            gym.register(
                id=name, entry_point="hoyle.envs.gymnasium:HoyleEnv", kwargs={"game": family}
            )
        ids.append(name)
    return ids


register()
