"""PettingZoo AEC environments: every family and preset of hoyle, one agent per seat.

>>> from hoyle.envs.pettingzoo import env
>>> table = env("hearts(variant=black-maria)", max_deals=1)
>>> table.reset(seed=7)
>>> for agent in table.agent_iter():
...     obs, reward, terminated, truncated, info = table.last()
...     if terminated or truncated:
...         action = None
...     else:
...         action = table.action_space(agent).sample(obs["action_mask"])
...     table.step(action)
>>> table.unwrapped.deals_played
1
>>> table.close()

Agents are ``player_0`` … ``player_{n-1}``, seat ``i`` of the game. Each observation is a dict:
``"observation"``, the float32 vector the family's encoder writes for that seat (its length is
fixed per game string; ``encoder(game).layout()`` documents it), and ``"action_mask"``, an int8
vector over ``game.num_distinct_actions`` with 1 at each legal action of the seat to act (all
zeros for the others). Chance (shuffles, draws) is resolved inside, from the generator that
``reset(seed=…)`` seeds, so a seed reproduces an episode exactly.

Rewards come at the end of each deal: each seat gets what it scored in the deal (the engine's
``deal_scores``), in the game's own units, with the sign that makes more better (Hearts: minus
the penalty points taken; the chip game: the chips won). ``reward="result"`` instead gives only
the match result (``State.returns()``) when the game ends. docs/environments.md is the guide.
"""

from __future__ import annotations

import operator
import random
from typing import Any, Literal

import numpy as np
import numpy.typing as npt
from gymnasium import logger, spaces
from pettingzoo import AECEnv
from pettingzoo.utils.wrappers import (
    AssertOutOfBoundsWrapper,
    OrderEnforcingWrapper,
    TerminateIllegalWrapper,
)

from hoyle.core.encoding import Encoder, encoder
from hoyle.core.errors import not_an_action
from hoyle.core.protocol import Game, State
from hoyle.core.registry import load

__all__ = ["DEFAULT_MAX_CYCLES", "ENV_VERSION", "RewardMode", "env", "env_id", "raw_env"]

ENV_VERSION = 1
"""Bumped whenever observations, rewards or episode ends change, so results name what made them.
1: the contract of issue 18 (one hand of All Fours or Écarté returns its points, Bourré its own
family, the observation tensors' per-seat fields)."""

DEFAULT_MAX_CYCLES = 10_000
"""Truncate after this many decisions per seat. Far above any real match, but random play can
go on for ever (Auction Pitch bidders set back deal after deal)."""

RewardMode = Literal["deal", "result"]
"""``deal``: each deal's score change; ``result``: the match result at the end only."""

Observation = dict[str, npt.NDArray[Any]]


def env_id(game: Game[Any]) -> str:
    """The versioned environment name of ``game``'s family, e.g. ``hoyle_all_fours_v1``."""
    return f"hoyle_{game.family.replace('-', '_')}_v{ENV_VERSION}"


def env(
    game: str | Game[Any],
    *,
    render_mode: str | None = None,
    max_deals: int | None = None,
    max_cycles: int | None = DEFAULT_MAX_CYCLES,
    reward: RewardMode = "deal",
    illegal_reward: float | None = None,
) -> AECEnv:
    """The AEC environment of ``game`` (a game string or a loaded game), wrapped as PettingZoo
    wraps its own classic games: actions must be in the action space and ``reset`` must come
    first.

    Args:
        game: e.g. ``"hearts(variant=black-maria)"``.
        render_mode: ``None``, ``"ansi"`` (``render()`` returns the table as text) or
            ``"human"`` (printed after every move).
        max_deals: end the episode (as terminated) after this many deals; ``None`` plays the
            whole match the game string describes.
        max_cycles: truncate the episode after ``max_cycles × players`` decisions; ``None``
            never truncates.
        reward: ``"deal"`` or ``"result"`` (see the module docstring).
        illegal_reward: ``None`` (the default): an illegal action raises
            :class:`hoyle.IllegalActionError` and changes nothing. A number: PettingZoo's
            ``TerminateIllegalWrapper`` instead ends the game, the offender getting this reward.
    """
    table: AECEnv = raw_env(
        game, render_mode=render_mode, max_deals=max_deals, max_cycles=max_cycles, reward=reward
    )
    if illegal_reward is not None:
        table = TerminateIllegalWrapper(table, illegal_reward)
    table = AssertOutOfBoundsWrapper(table)
    return OrderEnforcingWrapper(table)


class raw_env(AECEnv):  # type: ignore[misc]  # PettingZoo's name for it
    """The unwrapped AEC environment; see :func:`env` for the arguments.

    Attributes:
        game: the loaded game.
        encoder: its observation encoder.
        game_state: the current hoyle state (``None`` before the first ``reset``); not
            PettingZoo's global ``state()``, which this game does not offer.
        num_moves: decisions taken this episode.
        deals_played: deals finished this episode.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012  (PettingZoo reads it from the class)
        "render_modes": ["ansi", "human"],
        "name": f"hoyle_v{ENV_VERSION}",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str | Game[Any],
        *,
        render_mode: str | None = None,
        max_deals: int | None = None,
        max_cycles: int | None = DEFAULT_MAX_CYCLES,
        reward: RewardMode = "deal",
    ) -> None:
        super().__init__()
        self.game: Game[Any] = load(game) if isinstance(game, str) else game
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: give None, 'ansi' or 'human'")
        if reward not in ("deal", "result"):
            raise ValueError(f"reward {reward!r}: give 'deal' or 'result'")
        for name, value in (("max_deals", max_deals), ("max_cycles", max_cycles)):
            if value is not None and value < 1:
                raise ValueError(f"{name} must be at least 1 (or None), not {value}")
        self.render_mode = render_mode
        self.max_deals = max_deals
        self.max_cycles = max_cycles
        self.reward_mode: RewardMode = reward
        self.metadata = {**type(self).metadata, "name": env_id(self.game)}
        self.encoder: Encoder = encoder(self.game)
        n, actions = self.game.num_players, self.game.num_distinct_actions
        self._sign = -1.0 if self.game.info.scores_are_penalties else 1.0
        self.possible_agents: list[str] = [f"player_{i}" for i in range(n)]
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        # One space object per agent, kept: PettingZoo seeds each agent's space separately.
        self._observation_spaces = {
            agent: spaces.Dict(
                {
                    # Encoders write counts and scores as well as 0/1 flags: no fixed bound.
                    "observation": spaces.Box(
                        -np.inf, np.inf, shape=(self.encoder.size,), dtype=np.float32
                    ),
                    "action_mask": spaces.Box(0, 1, shape=(actions,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self._action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        self.agents: list[str] = []
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection: str = self.possible_agents[0]
        self.game_state: State | None = None
        self.num_moves = 0
        self.deals_played = 0
        self._rng: random.Random | None = None
        self._deal = 0

    # ------------------------------------------------------------------ spaces

    def observation_space(self, agent: str) -> spaces.Dict:
        """The observation space of ``agent`` (the same object every call)."""
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        """The action space of ``agent``: every action id of the game."""
        return self._action_spaces[agent]

    # ------------------------------------------------------------------ episode

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new match. A seed reseeds the chance generator; without one the generator
        goes on from the last episode (the first is seeded from the system)."""
        if seed is not None or self._rng is None:
            self._rng = random.Random(seed)
        # A seeded state shuffles and deals inside the engine, every deal of the match from
        # this one number, so it never stops at a chance node.
        self.game_state = self.game.new_initial_state(seed=self._rng.getrandbits(64))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self._skip_agent_selection = None  # left by the last episode's dead steps
        self.num_moves = 0
        self.deals_played = 0
        self._deal = self.game_state.progress()[0]
        self.agent_selection = self._to_act()

    def step(self, action: int | None) -> None:
        """Play ``action`` for the agent to act (``None`` for an agent whose episode is over).

        Raises :class:`hoyle.IllegalActionError` (the state unchanged) for an action that is
        not legal; the message lists the legal ones.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._live_state()
        if action is None:
            raise ValueError(f"{agent} is to act: give an action id (see its action_mask)")
        try:
            move = operator.index(action)  # an int or a numpy integer, never a float
        except TypeError:
            raise not_an_action(action) from None
        state.apply_action(move)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.num_moves += 1
        over = self._settle()
        limit = self.max_cycles
        if not over and limit is not None and self.num_moves >= limit * len(self.possible_agents):
            self.truncations = dict.fromkeys(self.agents, True)
            over = True
        if not over:
            self.agent_selection = self._to_act()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _live_state(self) -> State:
        if self.game_state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.game_state

    def _to_act(self) -> str:
        player = self._live_state().current_player()
        if not 0 <= player < len(self.possible_agents):
            # The protocol deals a seeded state inside: it never stops at a chance node.
            raise RuntimeError(f"{self.game.spec}: a seeded state has no seat to act ({player})")
        return self.possible_agents[player]

    def _settle(self) -> bool:
        """If a deal just ended, hand out its rewards; True when the episode ended.

        Called after every action. The points are the engine's own record of the deal (the
        observation's ``deal_scores``), so whatever the rules count in a deal (Bourré's ante,
        a kicked jack) counts where the engine says.
        """
        state = self._live_state()
        terminal = state.is_terminal()
        deal = state.progress()[0]
        if not terminal and deal == self._deal:
            return False
        self._deal = deal
        finished = state.observation(None)["deal_scores"][self.deals_played :]
        self.deals_played += len(finished)
        if self.reward_mode == "deal":
            for points in finished:
                for seat, agent in enumerate(self.possible_agents):
                    self.rewards[agent] += self._sign * points[seat]
        if terminal:
            returns = state.returns()
            for seat, agent in enumerate(self.possible_agents):
                if self.reward_mode == "result":
                    self.rewards[agent] += returns[seat]
                self.infos[agent] = {"returns": returns[seat]}
        elif not finished or self.max_deals is None or self.deals_played < self.max_deals:
            return False
        self.terminations = dict.fromkeys(self.agents, True)
        return True

    # ------------------------------------------------------------------ views

    def observe(self, agent: str) -> Observation:
        """``agent``'s observation vector and action mask (new arrays every call)."""
        state = self._live_state()
        seat = self._seat[agent]
        vector = self.encoder.new_buffer()
        self.encoder.encode(state, seat, vector)
        return {"observation": vector, "action_mask": self.action_mask(agent)}

    def action_mask(self, agent: str) -> npt.NDArray[np.int8]:
        """1 at each legal action when ``agent`` is to act in a live episode, else all 0."""
        state = self._live_state()
        mask = np.zeros(self.game.num_distinct_actions, dtype=np.int8)
        seat = self._seat[agent]
        live = not (self.terminations.get(agent, True) or self.truncations.get(agent, True))
        if live and state.current_player() == seat:
            mask[state.legal_actions()] = 1
        return mask

    def render(self) -> str | None:
        """The table as text (``ansi``), or printed (``human``); the spectator's view."""
        if self.render_mode is None:
            logger.warn("render() was called without a render_mode: give render_mode='ansi'")
            return None
        text = str(self._live_state())
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release: the environment holds no window or process."""
