"""Every hoyle family as an OpenSpiel python game (``hoyle.envs.openspiel``).

OpenSpiel's own checks (``pyspiel.random_sim_test``: clones, serialization, legal-action masks,
chance outcomes, returns within the declared utilities, the game length within
``max_game_length``) run on every family and every preset; OpenSpiel's algorithms play; and
the information state a seat gets is what its observations (DESIGN: "observation(player) is
all that leaves the engine for a player") let it know: the same in a state hoyle's resampler
draws for it, different when the seat saw something different.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts, outcome_sampling_mccfr

import hoyle
from helpers import swap_family
from hoyle.core import encoding
from hoyle.envs import openspiel as spiel

SHORT = {
    "hearts": "deals=1",
    "all-fours": "deals=1",
    "ecarte": "target=1",
    "spite-malice": "deals=1",
    "bourre": "deals=1",
}
"""Options that make a match short: one deal (All Fours: one hand; Écarté: one point)."""

ALSO: dict[tuple[str, str], str] = {}
"""More options for presets whose matches are long."""


def load(fam: str, extra: str = "") -> Any:
    options = ",".join(part for part in (SHORT[fam], extra) if part)
    return pyspiel.load_game(f"{spiel.spiel_name(fam)}({options})")


def play_to(state: Any, rng: random.Random, steps: int) -> Any:
    """Apply ``steps`` random actions (chance by its probabilities) or stop at the end."""
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def decision_points(game: Any, seed: int) -> list[Any]:
    """Every state of one random match (seeded) where a seat is to act."""
    history = play_to(game.new_initial_state(), random.Random(seed), 10_000).history()
    replay = game.new_initial_state()
    states = []
    for action in history:
        if not replay.is_chance_node():
            states.append(replay.clone())
        replay.apply_action(action)
    return states


def assert_resampling_keeps_views(state: Any) -> None:
    """Each seat's information state, observation and legal actions are the same in a world
    hoyle's resampler draws for it (DESIGN: the observation is all that leaves the engine for
    a seat)."""
    for seat in range(state.get_game().num_players()):
        world = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0, 1))
        assert world.information_state_string(seat) == state.information_state_string(seat)
        assert world.observation_string(seat) == state.observation_string(seat)
        assert world.legal_actions(seat) == state.legal_actions(seat)


def test_every_family_is_registered_once() -> None:
    names = spiel.register()
    assert names == [spiel.spiel_name(f) for f in hoyle.families()]
    assert spiel.register() == names  # registering again changes nothing
    assert set(names) <= set(pyspiel.registered_names())
    assert spiel.spiel_name("spite-malice") == "python_hoyle_spite_malice"


@pytest.mark.parametrize("fam", hoyle.families())
def test_random_simulation_with_serialization(fam: str) -> None:
    game = load(fam)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


PRESETS = [
    (fam, preset.name)
    for fam in hoyle.families()
    for preset in hoyle.variants(fam)
    if preset.family is None  # not another family's game under an old name (ecarte's bourre)
]


@pytest.mark.parametrize(("fam", "preset"), PRESETS)
def test_random_simulation_every_preset(fam: str, preset: str) -> None:
    extra = ALSO.get((fam, preset))
    game = load(fam, f"variant={preset}" + (f",{extra}" if extra else ""))
    assert game.get_parameters()["variant"] == preset
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
    assert_resampling_keeps_views(random.Random(preset).choice(decision_points(game, 1)))


@pytest.mark.parametrize("players", [2, 5])
def test_a_bourre_session_stays_within_its_bounds(players: int) -> None:
    game = pyspiel.load_game(f"python_hoyle_ecarte(variant=bourre,players={players})")
    for seed in range(3):
        state = play_to(game.new_initial_state(), random.Random(seed), game.max_game_length())
        assert state.is_terminal() and state.core.state.is_terminal()  # not the guard
        for value in state.returns():  # net chips over the session's deals
            assert game.min_utility() <= value <= game.max_utility()


def test_parameters_are_hoyle_options() -> None:
    game = pyspiel.load_game(
        "python_hoyle_hearts(variant=omnibus,players=5,must_break_hearts=no,"
        "pass_cycle=left+hold,deals=1)"
    )
    expected = hoyle.load(
        "hearts(variant=omnibus,players=5,must_break_hearts=false,pass_cycle=left,hold,deals=1)"
    )
    assert game.hoyle == expected
    assert game.num_players() == 5
    assert game.num_distinct_actions() == expected.num_distinct_actions
    # Unset parameters keep the preset's values: Omnibus's J♦ bonus card.
    assert game.hoyle.rules.bonus_card == hoyle.load("hearts(variant=omnibus)").rules.bonus_card


def test_game_string_round_trips() -> None:
    for text in (
        "python_hoyle_hearts(variant=omnibus,deals=1)",
        "python_hoyle_hearts(pass_cycle=left+right,queen_spades=10,players=3)",
        "python_hoyle_all_fours(variant=pitch,target=11)",
        "python_hoyle_spite_malice(variant=misery,deals=1)",
        "python_hoyle_ecarte(variant=bourre,players=5)",
    ):
        game = pyspiel.load_game(text)
        again = pyspiel.load_game(str(game))
        assert str(again) == str(game)
        assert again.hoyle == game.hoyle


def test_bad_option_is_refused_with_hoyle_message() -> None:
    with pytest.raises(Exception, match="moon"):
        pyspiel.load_game("python_hoyle_hearts(moon=sideways)")
    with pytest.raises(Exception, match="nonsense"):  # pyspiel checks the names
        pyspiel.load_game("python_hoyle_hearts(nonsense=1)")


def test_game_information_comes_from_hoyle() -> None:
    game = load("hearts")
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.num_distinct_actions() == game.hoyle.num_distinct_actions
    # docs/contract.md §2, bounds that really hold: in one deal of Hearts a seat scores at
    # most 26, its own points or the moon's 26 (moon=add), and at least 0.
    assert game.min_utility() == -26 and game.max_utility() == 0
    state = play_to(game.new_initial_state(), random.Random(3), 10_000)
    assert state.returns() == state.core.state.returns()
    assert sum(state.returns()) in (-26.0, -78.0)  # the deal's 26 points, or a moon shot


def test_length_guard_stops_a_match() -> None:
    game = pyspiel.load_game("python_hoyle_hearts(max_game_length=30)")
    assert game.max_game_length() == 30
    state = play_to(game.new_initial_state(), random.Random(2), 1000)
    assert state.is_terminal() and len(state.history()) == 30
    assert state.returns() == [0.0] * 4  # an unfinished match has no result


@pytest.mark.parametrize("fam", hoyle.families())
def test_information_state_is_kept_by_resampling(fam: str) -> None:
    game = load(fam)
    rng = random.Random(7)
    for seed in range(3):
        for state in rng.sample(decision_points(game, seed), 2):
            assert_resampling_keeps_views(state)


def test_information_state_differs_when_the_seat_saw_something_else() -> None:
    game = load("hearts")
    first = play_to(game.new_initial_state(), random.Random(1), 52)  # the whole pack dealt
    second = play_to(game.new_initial_state(), random.Random(2), 52)
    seat = 0
    hands = [s.core.state.observation(seat)["hand"] for s in (first, second)]
    assert hands[0] != hands[1]
    assert first.information_state_string(seat) != second.information_state_string(seat)
    # The seat's own hand is in its view; another seat's is not.
    assert all(card in first.observation_string(seat) for card in hands[0])
    other = first.core.state.observation(1)["hand"]
    assert all(f'"{card}"' not in first.information_state_string(seat) for card in other)


def test_information_state_remembers_the_seats_own_actions() -> None:
    game = load("hearts")
    state = play_to(game.new_initial_state(), random.Random(4), 52)  # dealt: passing begins
    seat = state.current_player()
    tokens = []
    for _ in range(2):  # the seat passes two cards (three in all, one at a time)
        action = state.legal_actions()[0]
        tokens.append(state.action_to_string(seat, action))
        state.apply_action(action)
    view, did = state.information_state_string(seat).split("\n")
    assert json.loads(did) == {"did": tokens}
    assert json.loads(view) == state.core.state.observation(seat)
    # The other seats took no action yet: their records are empty.
    other = (seat + 1) % game.num_players()
    assert state.information_state_string(other).endswith('{"did":[]}')


def test_random_bots_play_a_whole_game() -> None:
    game = load("spite-malice")
    bots = [pyspiel.make_uniform_random_bot(p, 10 + p) for p in range(game.num_players())]
    state = game.new_initial_state()
    returns = evaluate_bots.evaluate_bots(state, bots, np.random.RandomState(1))
    assert len(returns) == game.num_players()
    assert all(game.min_utility() <= r <= game.max_utility() for r in returns)


def test_openspiel_mcts_and_ismcts_choose_legal_moves_in_hearts() -> None:
    game = load("hearts")
    state = play_to(game.new_initial_state(), random.Random(5), 52 + 12)  # dealt and passed
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
    bots = [
        mcts.MCTSBot(game, 2.0, 12, evaluator, random_state=np.random.RandomState(2)),
        ismcts.ISMCTSBot(game, evaluator, 2.0, 12, random_state=np.random.RandomState(3)),
    ]
    for bot in bots:
        for _ in range(2):
            while state.is_chance_node():
                play_to(state, random.Random(6), 1)
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)


@pytest.mark.parametrize("fam", hoyle.families())
def test_observation_tensor_is_the_familys_encoding(fam: str) -> None:
    game = load(fam)
    assert game.get_type().provides_observation_tensor == encoding.has_encoder(fam)
    if not encoding.has_encoder(fam):
        return  # OpenSpiel is told there is no tensor, and asks for none
    assert game.observation_tensor_size() == encoding.encoder(game.hoyle).size
    state = play_to(game.new_initial_state(), random.Random(8), 70)
    for seat in range(game.num_players()):
        tensor = np.array(state.observation_tensor(seat), dtype=np.float32)
        assert (tensor == state.core.state.observation_tensor(seat)).all()
        world = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0, 1))
        assert (np.array(world.observation_tensor(seat), dtype=np.float32) == tensor).all()


def test_outcome_sampling_mccfr_learns_a_policy_over_information_states() -> None:
    game = load("ecarte")
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(20):
        solver.iteration()
    policy = solver.average_policy()
    for state in decision_points(game, 1)[:6]:
        probs = policy.action_probabilities(state)
        assert set(probs) == set(state.legal_actions())
        assert sum(probs.values()) == pytest.approx(1.0)


def test_rl_environment_steps_through_a_deal_on_tensors() -> None:
    from open_spiel.python import rl_environment

    env = rl_environment.Environment("python_hoyle_hearts(deals=1)")
    size = encoding.encoder(hoyle.load("hearts", deals=1)).size
    assert env.observation_spec()["info_state"] == (size,)
    step, rng, moves = env.reset(), np.random.RandomState(0), 0
    while not step.last():
        seat = step.observations["current_player"]
        step = env.step([rng.choice(step.observations["legal_actions"][seat])])
        moves += 1
    assert moves == 4 * 3 + 52  # three cards passed by each seat, then 13 tricks
    assert sum(step.rewards) in (-26.0, -78.0)


class _HandEncoder(encoding.Encoder):
    """A small encoder for the test: the seat's hand, one entry per card token."""

    def __init__(self, game: hoyle.Game[Any]) -> None:
        super().__init__(game)
        self.tokens = [
            hoyle.load("hearts").new_initial_state().action_to_string(a) for a in range(52)
        ]
        self.add("hand", 52, "1 if the card is in the hand")

    def encode(self, state: hoyle.State, player: int | None, out: Any) -> None:
        out.fill(0)
        hand = state.observation(player).get("hand", []) if player is not None else []
        for i, token in enumerate(self.tokens):
            out[i] = token in hand


def test_observer_writes_the_families_encoder(monkeypatch: pytest.MonkeyPatch) -> None:
    swap_family(monkeypatch, "hearts", encoder=_HandEncoder)
    monkeypatch.setattr(encoding, "_CACHE", {})
    game = load("hearts")
    observer = game.make_py_observer()
    assert observer.tensor is not None and observer.tensor.shape == (52,)
    state = play_to(game.new_initial_state(), random.Random(1), 52)
    observer.set_from(state, 2)
    hand = state.core.state.observation(2)["hand"]
    assert observer.tensor.sum() == len(hand) == 13
    observer.set_from(state, -1)  # pyspiel's default player: only the shape is wanted
    assert observer.tensor.shape == (52,) and observer.tensor.sum() == 0
    recall = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    assert recall.tensor is None  # no tensor claims perfect recall


def test_public_observer_sees_no_hand() -> None:
    game = load("hearts")
    state = play_to(game.new_initial_state(), random.Random(1), 52)
    public = game.make_py_observer(
        pyspiel.IIGObservationType(
            perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
        )
    )
    text = public.string_from(state, 0)
    # docs/contract.md §3: a spectator's hand is empty.
    assert '"hand":[]' in text and '"hand_sizes":[13,13,13,13]' in text
