"""The replay viewers' model: every position of a record, and the ways to move between them.

What a viewer shows must be what the table showed: each position's view is the protocol's own
``observation`` and ``log`` for that reader, equal to those of the game replayed to that point.
"""

from __future__ import annotations

import itertools

import pytest
from tests.records.test_records_roundtrip import random_game

import hoyle
from hoyle import records
from hoyle.records import RecordError
from hoyle.records.timeline import Timeline

GAMES = [
    ("hearts(deals=1)", 5),
    ("hearts(deals=2)", None),
    ("all-fours(variant=seven-up,target=3)", 3),
    ("spite-malice(goal_size=5)", 4),
    ("ecarte", 6),
]


def _timeline(spec: str, seed: int | None, play_seed: int = 1) -> tuple[hoyle.State, Timeline]:
    state = random_game(spec, seed, play_seed, limit=3000)
    seats = [f"P{i}" for i in range(state.game.num_players)]
    return state, Timeline(records.from_state(state, seed=seed, seats=seats))


@pytest.mark.parametrize(("spec", "seed"), GAMES)
def test_every_position_is_the_game_replayed_to_it(spec: str, seed: int | None) -> None:
    state, line = _timeline(spec, seed)
    replayed = state.game.new_initial_state(seed)
    assert len(line) == len(line.record.actions) + 1
    seats = [None, *range(state.game.num_players)]
    for i, step in enumerate(line.steps):
        assert step.index == i
        assert step.progress == replayed.progress()
        if i % 7 == 0 or i == len(line) - 1:  # the views: as the table showed each reader
            for seat in seats:
                view = line.view(i, seat)
                assert view.observation == replayed.observation(seat)
                assert view.log == replayed.log(seat, line.names)
                assert view.hands is None
        if i < len(line.record.actions):
            token = line.record.actions[i]
            actor = None if replayed.is_chance_node() else replayed.current_player()
            replayed.apply_action(replayed.string_to_action(token))
            assert line.steps[i + 1].token == token
            assert line.steps[i + 1].actor == actor
    assert (line.steps[-1].label == "end") == replayed.is_terminal() == state.is_terminal()
    assert line.state(len(line) - 1).returns() == state.returns()


@pytest.mark.parametrize(("spec", "seed"), GAMES)
def test_stepping_by_move_trick_and_deal(spec: str, seed: int | None) -> None:
    _, line = _timeline(spec, seed)
    last = len(line) - 1
    moves, tricks, deals = line.moves(), line.tricks(), line.deals()
    assert set(deals) <= set(tricks) and tricks[0] == deals[0] == 0
    # Forward by move visits exactly the positions a player's move reached, then stays at the end.
    at, seen = 0, []
    while at != last:
        at = line.next_move(at)
        seen.append(at)
    assert [m for m in seen if m in moves] == moves
    assert line.next_move(last) == last
    # Back by move undoes one move at a time.
    for m in moves:
        assert line.prev_move(m) == max([x - 1 for x in moves if x - 1 < m], default=0)
    # By trick and by deal: forward to each start, back to the start one came from.
    for marks, forward, back in (
        (tricks, line.next_trick, line.prev_trick),
        (deals, line.next_deal, line.prev_deal),
    ):
        for a, b in itertools.pairwise(marks):
            assert forward(a) == b and back(b) == a
            assert back(b - 1) == a if b - 1 > a else True
        assert forward(marks[-1]) == last


def test_face_up_shows_each_seat_its_own_hand() -> None:
    _, line = _timeline("hearts(deals=1)", 9)
    middle = line.tricks()[4]
    view = line.view(middle, None, face_up=True)
    position = line.state(middle)
    assert view.hands == [position.observation(s)["hand"] for s in range(4)]
    assert view.observation["hand"] == []  # the spectator's own view holds no hand
    assert sum(len(h) for h in view.hands) == 4 * 13 - 4 * 3  # three tricks gone by trick 4


def test_the_states_given_out_are_copies() -> None:
    _, line = _timeline("hearts(deals=1)", 5)
    copy = line.state(3)
    copy.apply_action(copy.legal_actions()[0])
    assert line.state(3).history() != copy.history()


def test_a_position_out_of_range_names_the_range() -> None:
    _, line = _timeline("hearts(deals=1)", 5)
    with pytest.raises(IndexError, match=f"positions 0 to {len(line) - 1}"):
        line.view(len(line))


def test_a_record_that_does_not_replay_fails_with_its_line() -> None:
    state = random_game("hearts(deals=1)", 5, 1)
    rec = records.from_state(state, seed=5)
    bad = records.loads(records.dumps(rec).replace(rec.actions[20], "ZZ", 1))
    with pytest.raises(RecordError, match=r"^line \d+: ZZ is illegal"):
        Timeline(bad)


@pytest.mark.parametrize(("spec", "seed"), [("all-fours", 3), ("ecarte", 6)])
def test_a_view_names_the_seats_as_the_viewer_asks_and_holds_the_facts(
    spec: str, seed: int | None
) -> None:
    _, line = _timeline(spec, seed)
    names = ["North", "South"]
    for i in (0, len(line) // 2, len(line) - 1):
        position = line.state(i)
        for seat in (None, 0, 1):
            view = line.view(i, seat, names=names)
            assert view.log == position.log(seat, names)
            assert view.facts == position.facts(seat, names)
            assert line.view(i, seat).facts == position.facts(seat, line.names)


def test_positions_asked_in_any_order_are_the_game_replayed_to_them() -> None:
    # The timeline keeps a copy of every CHECKPOINT-th position and plays the moves between:
    # backwards, forwards, across checkpoints and twice in a row, each is the same position.
    state, line = _timeline("hearts(deals=2)", 4)
    order = [len(line) - 1, 0, 40, 41, 41, 39, 70, 31, 32, 33, 95, 64, 63, 5, len(line) - 2]
    for i in order:
        replayed = state.game.new_initial_state(4)
        for token in line.record.actions[:i]:
            replayed.apply_action(replayed.string_to_action(token))
        for seat in (None, 1):
            assert line.view(i, seat).observation == replayed.observation(seat)
        assert line.state(i).history() == replayed.history()
