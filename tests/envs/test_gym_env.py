"""The single-seat Gymnasium environment: Gymnasium's own checker, and whole episodes against
hoyle's easy players whose rewards add up to the seat's result."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import hoyle
from hoyle.envs.gymnasium import GYM_IDS, HoyleEnv

# The default preset of each family.
DEFAULTS = hoyle.families()

# Gymnasium's checker warns of unbounded boxes and of no render_fps; both are by design here
# (encoders write scores and counts; the text renderer has no frame rate).
pytestmark = [
    pytest.mark.filterwarnings("ignore:.*A Box observation space m"),
    pytest.mark.filterwarnings("ignore:.*No render fps was declared"),
    pytest.mark.filterwarnings("ignore:.*Not able to test alternative render modes"),
]


@pytest.mark.parametrize("family", DEFAULTS)
def test_check_env(family: str) -> None:
    # check_env steps with actions sampled without the mask: most are illegal, and an illegal
    # action ends the episode with illegal_reward, as the checker's determinism test needs.
    check_env(HoyleEnv(family, max_deals=1, render_mode="ansi"))


@pytest.mark.parametrize("family", DEFAULTS)
def test_registered_ids_make_the_family(family: str) -> None:
    made = gym.make(GYM_IDS[family], max_deals=1)
    assert isinstance(made.unwrapped, HoyleEnv)
    assert made.unwrapped.game.family == family
    check_env(made.unwrapped)
    made.close()


def test_a_whole_match_against_easy_players_pays_the_seats_result() -> None:
    # A one-deal Hearts match: its result is minus the seat's penalty points (DESIGN: the
    # protocol's returns), and that is also the sum of the deal rewards.
    game = HoyleEnv("hearts(deals=1)", seat=2, opponents="easy")
    rng = np.random.default_rng(0)
    for seed in range(2):
        obs, info = game.reset(seed=seed)
        total, done = 0.0, False
        while not done:
            state = game.table.game_state
            assert state is not None and state.current_player() == 2
            assert np.flatnonzero(info["action_mask"]).tolist() == state.legal_actions()
            assert np.array_equal(info["action_mask"], obs["action_mask"])
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            obs, reward, terminated, truncated, info = game.step(action)
            total += reward
            done = terminated or truncated
        assert terminated and not truncated
        state = game.table.game_state
        assert state is not None and state.is_terminal()
        assert total == state.returns()[2] == info["returns"]
        assert total == -state.scores()[2]


def test_reward_result_pays_the_match_result() -> None:
    # A whole Hearts match to 100 (RULINGS 1.1 black-lady): nothing until its end, then the
    # seat's ranking value.
    n = hoyle.load("hearts").num_players
    game = HoyleEnv("hearts", seat=1, opponents=["random"] * (n - 1), reward="result")
    _, info = game.reset(seed=4)
    rng = np.random.default_rng(4)
    rewards, done = [], False
    while not done:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _, reward, terminated, truncated, info = game.step(action)
        rewards.append(reward)
        done = terminated or truncated
    state = game.table.game_state
    assert state is not None and state.is_terminal()
    assert all(r == 0.0 for r in rewards[:-1])
    assert rewards[-1] == state.returns()[1] == info["returns"]
    assert state.observation(None)["deal_scores"][1:], "the match had more than one deal"


def test_an_illegal_action_ends_the_episode_with_illegal_reward() -> None:
    game = HoyleEnv(DEFAULTS[0], illegal_reward=-3.0)
    _, info = game.reset(seed=1)
    assert game.table.game_state is not None
    before = game.table.game_state.history()
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = game.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-3.0, True, False, True)
    assert game.table.game_state.history() == before
    with pytest.raises(RuntimeError, match="reset"):
        game.step(0)


def test_bad_arguments_are_refused() -> None:
    n = hoyle.load(DEFAULTS[0]).num_players
    with pytest.raises(ValueError, match="seat"):
        HoyleEnv(DEFAULTS[0], seat=n)
    with pytest.raises(ValueError, match="opponents"):
        HoyleEnv(DEFAULTS[0], opponents=["easy"] * n)
    with pytest.raises(hoyle.UnknownGameError):
        HoyleEnv(DEFAULTS[0], opponents="grandmaster")


@pytest.mark.parametrize("spec", [*DEFAULTS, "ecarte(variant=pool)"])
def test_step_rewards_add_up_to_the_seats_deal_scores(spec: str) -> None:
    # Every deal's points reach the learner exactly once, also across deals it sits out (pool
    # Écarté: two play and the third watches, RULINGS 4.1; seat 0 watches first here).
    game = HoyleEnv(spec, seat=0, opponents="random", max_deals=3)
    _, info = game.reset(seed=6)
    rng = np.random.default_rng(6)
    total, done = 0.0, False
    while not done:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _, reward, terminated, truncated, info = game.step(action)
        total += reward
        done = terminated or truncated
    state = game.table.game_state
    assert state is not None
    sign = -1.0 if game.game.info.scores_are_penalties else 1.0
    deals = state.observation(None)["deal_scores"]
    assert len(deals) == 3
    assert total == sign * sum(points[0] for points in deals)


def test_an_episode_the_seat_watches_through_ends_at_its_first_step() -> None:
    # Pool Écarté (RULINGS 4.1): two play and the third watches, so with max_deals=1 the
    # watcher's episode can be over before its first decision; the first step reports it.
    watched = 0
    for seed in range(6):
        game = HoyleEnv("ecarte(variant=pool)", seat=0, opponents="random", max_deals=1)
        _, info = game.reset(seed=seed)
        if info["action_mask"].any():
            continue
        watched += 1
        _, reward, terminated, truncated, info = game.step(0)
        assert (terminated, truncated, "illegal_action" in info) == (True, False, False)
        assert game.table.game_state is not None
        assert reward == game.table.game_state.observation(None)["deal_scores"][0][0]
    assert watched
