"""A fifth family needs its wing and one registration (issue 18, "Done when"): the toy family
in ``toy.py``, registered here alone, keeps the whole contract and is played by every surface
that knows only the contract — agents, records, the environments, the command line."""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator

import pytest
from clauses import CLAUSES, Walk, check_match_ends, walk
from toy import registered

import hoyle
from hoyle import records


@pytest.fixture(autouse=True)
def toy() -> Iterator[None]:
    with registered():
        yield


SPECS = [f"toy(variant={v},players={n},deals=1)" for v in ("standard", "sprint") for n in (2, 3)]


@functools.lru_cache(maxsize=4)
def _walk(spec: str) -> Walk:
    return walk(spec)


@pytest.mark.parametrize("clause", list(CLAUSES))
@pytest.mark.parametrize("spec", SPECS)
def test_the_toy_keeps_every_clause(spec: str, clause: str) -> None:
    CLAUSES[clause](_walk(spec))


def test_a_toy_match_ends() -> None:
    check_match_ends("toy")


def test_the_registry_knows_it_only_while_registered() -> None:
    assert "toy" in hoyle.families()
    assert hoyle.load("toy(variant=sprint)").title == "High Card — Sprint"
    assert hoyle.load("toy").title == "High Card"  # its standard game: the family's title


def test_agents_play_it() -> None:
    game = hoyle.load("toy", players=3)
    for name in ("random", "easy", "medium(simulations=8)", "ismcts(simulations=8)"):
        bot = hoyle.agent(name, game, seed=1)
        state = game.new_initial_state(seed=4)
        while not state.is_terminal():
            state.apply_action(bot.step(state))
        assert sum(state.returns()) == pytest.approx(1.0)


def test_records_round_trip() -> None:
    state = hoyle.load("toy").new_initial_state(seed=9)
    rng = random.Random(2)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    text = records.dumps(records.from_state(state, seed=9))
    replayed = records.replay(records.loads(text))
    assert replayed.returns() == state.returns()
    assert replayed.observation(0) == state.observation(0)


def test_the_terminal_plays_it_and_tells_the_discards_as_each_seat_saw_them() -> None:
    from hoyle.tui.app import TerminalGame

    game = hoyle.load("toy", deals=1)
    state = game.new_initial_state(seed=3)
    out: list[str] = []
    app = TerminalGame(
        state,
        0,
        {1: hoyle.agent("easy", game)},
        read=lambda prompt: state.action_to_string(state.legal_actions()[0]),
        write=out.append,
    )
    assert app.run() is True
    assert "Seat 1 lays a card away face down." in out  # the trick view, the toy's own log
    assert any(line.startswith("You lay ") and line.endswith(" away.") for line in out)
    assert out[-1] == "Game over." and out[-2].startswith("Final scores: ")


def test_the_environments_serve_it() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from pettingzoo.test import api_test

    import hoyle.envs.openspiel as spiel
    from hoyle.envs.gymnasium import gym_id, register
    from hoyle.envs.pettingzoo import env

    api_test(env("toy(deals=1)"), num_cycles=50)
    assert "python_hoyle_toy" in spiel.register()
    game = pyspiel.load_game("python_hoyle_toy(deals=1)")
    assert game.max_game_length() == hoyle.load("toy(deals=1)").info.max_game_length
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
    assert gym_id("toy") in register()
    import gymnasium

    one = gymnasium.make(gym_id("toy"), game="toy(deals=1)", opponents="random")
    one.reset(seed=1)
