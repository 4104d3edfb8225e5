"""hoyle.vector's batched Hearts table against the engine, decision by decision.

Every deal of a table is replayed on a :class:`HeartsState` from its record
(``game.deal_state(hands)`` and then its passes and plays): at every decision of many deals the
table's seat to act, legal mask and observation vector must be the state's, entry for entry
(docs/observation-tensors.md: one layout, ``state.observation_tensor(seat)``), and at each
deal's end the rewards must be the state's ``returns()`` (docs/contract.md §2: a one-deal
game returns minus its penalty points). Both backends are run: the compiled table and the
Python one that stands in where nothing was compiled (``HOYLE_COMPILED=0``), which must also
agree with each other, deal for deal.
"""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest

import hoyle
from hoyle.core.errors import IllegalActionError
from hoyle.games.hearts.state import HeartsState
from hoyle.vector import UnsupportedGameError, VectorTable, compiled_available
from hoyle.vector._dice import Dice
from hoyle.vector._python import playout_move

BACKENDS = [
    pytest.param(
        "compiled",
        marks=pytest.mark.skipif(
            not compiled_available(), reason="the compiled table is not built or HOYLE_COMPILED=0"
        ),
    ),
    "python",
]

GAMES = [
    "hearts(deals=1)",
    "hearts(deals=1,players=3)",
    "hearts(deals=1,players=5)",
    "hearts(deals=1,players=6)",
    "hearts(variant=black-maria,deals=1)",
    "hearts(variant=omnibus,deals=1)",
    "hearts(variant=partnership,deals=1)",
    "hearts(variant=modern,deals=1,moon=subtract)",
    "hearts(variant=spot,deals=1)",
    "hearts(variant=greek,deals=1)",
    "hearts(variant=greek-culbertson,deals=1)",
    "hearts(deals=1,pass_cycle=scatter,players=4)",
    "hearts(deals=1,moon=void_deal,no_tricks_bonus=5)",
]


class Mirror:
    """Each slot's deal replayed on a HeartsState from the table's records, kept up to date."""

    def __init__(self, table: VectorTable) -> None:
        self.table = table
        self.kept: dict[int, tuple[int, tuple[str, ...], HeartsState, int]] = {}

    def state(self, b: int, final: bool = False) -> HeartsState:
        record = self.table.deal_record(b, final)
        kept = self.kept.get(b) if not final else None
        if kept is None or kept[:2] != (record.seed, record.hands) or kept[3] > len(record.actions):
            kept = (record.seed, record.hands, self.table.game.deal_state(record.hands), 0)
        state = kept[2]
        for a in record.actions[kept[3] :]:
            state.apply_action(a)
        if not final:
            self.kept[b] = (record.seed, record.hands, state, len(record.actions))
        return state


def check_decisions(table: VectorTable, steps: int, seed: int = 3) -> int:
    """Step ``table`` with random legal actions, checking every decision and every deal's end
    against the replayed states; the number of deals that ended."""
    table.reset(seed)
    mirror = Mirror(table)
    obs, mask = table.new_buffers()
    final = np.zeros_like(obs)
    ended = 0
    for _ in range(steps):
        table.observe(obs, mask)
        for b in range(table.batch):
            state = mirror.state(b)
            seat = state.current_player()
            assert seat == table.current_player[b]
            assert seat in table.learners
            expected = state.observation_tensor(seat)
            assert np.array_equal(obs[b], expected), (
                b,
                np.nonzero(obs[b] != expected),
            )
            legal = np.zeros(table.num_actions, dtype=np.bool_)
            legal[state.legal_actions()] = True
            assert np.array_equal(mask[b], legal)
        rewards, terminated = table.step(table.sample_actions())
        table.observe_final(final, table.learners[0])
        for slot in np.nonzero(terminated)[0]:
            ended += 1
            done = mirror.state(int(slot), final=True)
            assert done.is_terminal()
            assert rewards[slot].tolist() == done.returns()
            assert np.array_equal(final[slot], done.observation_tensor(table.learners[0]))
        assert not rewards[~terminated].any()
    return ended


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("spec", GAMES)
def test_every_decision_is_the_engines(backend: str, spec: str) -> None:
    table = VectorTable(spec, batch=6, seed=11, backend=backend)
    steps = 4 * (table.game.hand_size + table.game.rules.pass_count) * table.players
    assert check_decisions(table, steps) >= 18


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("opponents", ["random", "playout", "easy"])
def test_opponents_play_the_other_seats(backend: str, opponents: str) -> None:
    # The learner's seats alone are ever to act; the others' moves are in the records.
    table = VectorTable(batch=4, learners=[1], opponents=opponents, seed=5, backend=backend)
    steps = 2 * 16 if opponents == "easy" else 4 * 16
    assert check_decisions(table, steps) >= 4


@pytest.mark.parametrize("backend", BACKENDS)
def test_two_learner_seats(backend: str) -> None:
    table = VectorTable(
        "hearts(deals=1)",
        batch=3,
        learners=[0, 2],
        opponents=["playout", "random"],
        backend=backend,
    )
    assert table.learners == (0, 2)
    assert check_decisions(table, 3 * 32) >= 3


def test_the_playout_seats_play_the_playout_policy() -> None:
    # The Python port of hc_policy (which the Python table plays) against _fastcore's own,
    # with the same dice, at every play of random deals.
    from hoyle.games.hearts import fast

    if not fast.available():
        pytest.skip("_fastcore not built")
    game = hoyle.load("hearts(deals=1)")
    dice = Dice(9)
    for seed in range(30):
        state = game.new_initial_state(seed=seed)
        assert isinstance(state, HeartsState)
        while not state.is_terminal():
            if state.phase == "play":
                roll = dice.next()
                expected = fast.core_position(state).policy(roll)
                assert playout_move(state, Dice(roll)) == expected
            legal = state.legal_actions()
            state.apply_action(legal[dice.below(len(legal))])


@pytest.mark.skipif(
    not compiled_available(), reason="the compiled table is not built or HOYLE_COMPILED=0"
)
@pytest.mark.parametrize("opponents", [None, "random", "playout"])
def test_both_backends_deal_and_play_alike(opponents: str | None) -> None:
    tables = [
        VectorTable(batch=5, opponents=opponents, seed=2, backend=backend)
        for backend in ("compiled", "python")
    ]
    buffers = [t.new_buffers() for t in tables]
    for t in tables:
        t.reset([1, 2, 3, 2**64 - 1, 0])
    for _ in range(70):
        for t, (obs, mask) in zip(tables, buffers, strict=True):
            t.observe(obs, mask)
        assert np.array_equal(buffers[0][0], buffers[1][0])
        assert np.array_equal(buffers[0][1], buffers[1][1])
        assert np.array_equal(tables[0].current_player, tables[1].current_player)
        assert np.array_equal(tables[0].deal_seeds(), tables[1].deal_seeds())
        moves = [t.sample_actions() for t in tables]
        assert np.array_equal(moves[0], moves[1])
        results = [tuple(x.copy() for x in t.step(m)) for t, m in zip(tables, moves, strict=True)]
        assert np.array_equal(results[0][0], results[1][0])
        assert np.array_equal(results[0][1], results[1][1])
    for b in range(5):
        assert tables[0].deal_record(b) == tables[1].deal_record(b)
        assert tables[0].deal_record(b, final=True) == tables[1].deal_record(b, final=True)


@pytest.mark.parametrize("backend", BACKENDS)
def test_finished_deals_are_dealt_anew_from_the_slots_stream(backend: str) -> None:
    # Gymnasium's same-step autoreset: the step that ends a deal deals the next; each slot's
    # deals follow from its reset seed alone, whatever was played.
    seeds: list[list[tuple[int, int]]] = [[] for _ in range(2)]
    for run in range(2):
        table = VectorTable(batch=2, opponents="random", seed=run, backend=backend)
        table.reset([40, 41])
        assert table.deal_seeds().tolist() == [40, 41]
        obs, mask = table.new_buffers()
        while len(seeds[run]) < 6:
            _, terminated = table.step(table.sample_actions())
            for b in np.nonzero(terminated)[0]:
                seeds[run].append((int(b), int(table.deal_seeds()[b])))
                record = table.deal_record(int(b))
                # The new deal is under way: the pass, the learner (seat 0, eldest) first.
                assert record.actions == ()
                table.observe(obs, mask)
                assert table.mirror(int(b)).phase == "pass"
    assert sorted(seeds[0])[:4] == sorted(seeds[1])[:4]


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_seed_replays_the_run(backend: str) -> None:
    runs = []
    for _ in range(2):
        table = VectorTable(batch=3, opponents="playout", seed=4, backend=backend)
        table.reset(123)
        total = np.zeros((3, 4))
        for _ in range(40):
            rewards, _ = table.step(table.sample_actions())
            total += rewards
        runs.append(total)
    assert np.array_equal(runs[0], runs[1])


@pytest.mark.parametrize("backend", BACKENDS)
def test_an_illegal_action_changes_nothing(backend: str) -> None:
    table = VectorTable(batch=2, backend=backend)
    table.reset(1)
    before = [table.deal_record(b) for b in range(2)]
    # The first lead is the 2♣ (RULINGS.md, Hearts H2): in the play, anything else is refused.
    actions = table.sample_actions()
    mask = table.legal_mask()
    actions[1] = int(np.nonzero(~mask[1][:52])[0][0])
    with pytest.raises(IllegalActionError, match="slot 1"):
        table.step(actions)
    assert [table.deal_record(b) for b in range(2)] == before


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_two_of_clubs_leads(backend: str) -> None:
    # RULINGS.md, Hearts, black-lady and H2: the 2♣ is led by its holder after the pass.
    table = VectorTable(batch=4, backend=backend)
    table.reset(8)
    for _ in range(12):  # the pass: three cards from each of four seats
        table.step(table.sample_actions())
    mask = table.legal_mask()
    assert mask.sum(axis=1).tolist() == [1, 1, 1, 1]
    assert mask[:, 0].all()  # card 0 is the 2♣


@pytest.mark.parametrize(
    "spec",
    [
        "hearts",  # a match
        "hearts(variant=royal,deals=1)",
        "hearts(variant=joker,deals=1)",
        "hearts(variant=heartsette,deals=1)",
        "hearts(variant=original-1887,deals=1)",
        "hearts(variant=cancellation,deals=1)",
        "hearts(variant=domino,deals=1)",
        "hearts(deals=1,pass_cycle=mix)",
        "all-fours",
    ],
)
def test_other_games_are_refused_with_what_is_supported(spec: str) -> None:
    with pytest.raises(UnsupportedGameError, match="hearts\\(deals=1\\) \\(Black Lady\\)"):
        VectorTable(spec, batch=1)


def test_buffers_of_the_wrong_shape_are_refused() -> None:
    table = VectorTable(batch=2)
    table.reset(0)
    with pytest.raises(ValueError, match="obs"):
        table.observe(np.zeros((2, table.obs_size), dtype=np.float64))
    with pytest.raises(ValueError, match="obs"):
        table.observe(np.zeros((3, table.obs_size), dtype=np.float32))
    with pytest.raises(ValueError, match="actions"):
        table.step([0])


def _run_python(code: str, **env: str) -> str:
    return subprocess.run(
        [sys.executable, "-c", code],
        env={**os.environ, **env},
        check=True,
        capture_output=True,
        text=True,
    ).stdout


def test_without_compiled_parts_the_python_table_steps() -> None:
    # HOYLE_COMPILED=0 stands for an install without a C compiler: the same table, in Python,
    # with the same vectors (compared above, backend by backend).
    code = (
        "import numpy as np\n"
        "from hoyle.vector import VectorTable, compiled_available\n"
        "t = VectorTable(batch=2, opponents='random', seed=1)\n"
        "t.reset(5)\n"
        "obs, mask = t.new_buffers()\n"
        "for _ in range(20):\n"
        "    t.observe(obs, mask)\n"
        "    t.step(t.sample_actions())\n"
        "t.observe(obs, mask)\n"
        "print(compiled_available(), t.backend, float(obs.sum()), int(mask.sum()))\n"
    )
    off = _run_python(code, HOYLE_COMPILED="0").split()
    assert off[:2] == ["False", "python"]
    if compiled_available():
        on = _run_python(code).split()
        assert on[:2] == ["True", "compiled"]
        assert on[2:] == off[2:]


@pytest.mark.skipif(
    not compiled_available(), reason="the compiled table is not built or HOYLE_COMPILED=0"
)
@pytest.mark.parametrize(
    "spec",
    [
        "hearts(deals=1)",
        "hearts(deals=1,moon=subtract)",
        "hearts(variant=partnership,deals=1)",
        "hearts(variant=omnibus,deals=1)",
        "hearts(variant=greek,deals=1,players=3)",
    ],
)
def test_moons_score_as_the_engine(spec: str) -> None:
    # Random play seldom shoots the moon; a learner at random among playout seats does, a few
    # deals in a hundred. Every deal whose points do not add up to the usual total (a moon, or
    # Omnibus' slam) is replayed: its rewards must be the engine's returns() (RULINGS.md,
    # Hearts H5: moon=add gives the others 26 each, moon=subtract takes 26 off the shooter;
    # Partnership: a side that takes them all).
    table = VectorTable(spec, batch=256, opponents="playout", seed=3)
    table.reset(3)
    checked = 0
    for _ in range(400):
        rewards, terminated = table.step(table.sample_actions())
        if not terminated.any():
            continue
        sums = rewards[terminated].sum(axis=1)
        usual = float(np.median(sums))
        for b, total in zip(np.nonzero(terminated)[0], sums, strict=True):
            if total != usual:
                assert rewards[b].tolist() == table.mirror(int(b), final=True).returns()
                checked += 1
    assert checked >= 10
