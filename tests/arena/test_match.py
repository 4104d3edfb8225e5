"""``hoyle.arena.match``: duplicate seating, reproducibility, workers, and strength."""

from __future__ import annotations

from collections import defaultdict

import pytest

import hoyle
from hoyle import arena
from hoyle.arena import ArenaError, MatchResult
from hoyle.core import registry


def outcomes(result: MatchResult) -> list[tuple[object, ...]]:
    return [g.outcome() for g in result.games]


def test_duplicate_puts_every_agent_in_every_seat_on_the_same_deal() -> None:
    # Three names at four seats: easy, random, random, easy has period 4.
    result = arena.match("hearts(deals=1)", ["easy", "random", "random"], deals=3, seed=9)
    assert result.lineup == ("easy", "random", "random", "easy")
    assert result.rotations == 4 and len(result.games) == 12
    by_deal = defaultdict(list)
    for g in result.games:
        by_deal[g.deal].append(g)
    for deal, games in by_deal.items():
        assert {g.seed for g in games} == {9 + deal}
        assert [g.rotation for g in games] == [0, 1, 2, 3]
        for seat in range(4):
            assert {g.seats[seat] for g in games} == {"easy", "random"}
        # Same cards, other seats: each rotation is a real game of that deal.
        for g in games:
            assert sum(g.scores) in (26.0, 78.0)


def test_two_player_duplicate_swaps_the_seats() -> None:
    result = arena.match("all-fours(deals=1)", "easy,random", deals=2, seed=3)
    assert [(g.deal, g.seats) for g in result.games] == [
        (0, ("easy", "random")),
        (0, ("random", "easy")),
        (1, ("easy", "random")),
        (1, ("random", "easy")),
    ]


def test_not_duplicate_plays_each_deal_once_rotating_by_deal() -> None:
    result = arena.match("hearts(deals=1)", ["easy", "random"], deals=4, duplicate=False)
    assert result.rotations == 1
    assert [(g.deal, g.rotation) for g in result.games] == [(0, 0), (1, 1), (2, 0), (3, 1)]
    assert result.agent("easy").deals == 4


def test_the_seed_replays_the_match() -> None:
    first = arena.match("hearts(deals=1)", ["easy", "random"], deals=5, seed=4)
    again = arena.match("hearts(deals=1)", ["easy", "random"], deals=5, seed=4)
    other = arena.match("hearts(deals=1)", ["easy", "random"], deals=5, seed=5)
    assert outcomes(first) == outcomes(again)
    assert outcomes(first) != outcomes(other)
    assert first.agents[0].mean_return == again.agents[0].mean_return


def test_two_workers_give_the_same_numbers_as_one() -> None:
    one = arena.match("hearts(deals=1)", ["easy", "random"], deals=40, seed=2)
    two = arena.match("hearts(deals=1)", ["easy", "random"], deals=40, seed=2, workers=2)
    assert two.workers == 2
    assert outcomes(one) == outcomes(two)
    assert [a.mean_return for a in one.agents] == [a.mean_return for a in two.agents]
    assert [p.difference for p in one.pairs] == [p.difference for p in two.pairs]


def test_workers_started_by_spawn_need_only_names() -> None:
    one = arena.match("all-fours(deals=1)", ["easy", "random"], deals=6, seed=1)
    spawned = arena.match(
        "all-fours(deals=1)", ["easy", "random"], deals=6, seed=1, workers=2, start_method="spawn"
    )
    assert outcomes(one) == outcomes(spawned)


def test_easy_beats_random_at_one_deal_of_hearts() -> None:
    # Fixed seed, so the verdict never changes; 100 deals put the gap (about 9 points) far
    # outside an interval of about ±1.
    result = arena.match("hearts(deals=1)", ["easy", "random"], deals=100, seed=0)
    easy, rnd = result.agent("easy"), result.agent("random")
    assert easy.mean_return.mean > rnd.mean_return.mean
    assert easy.win_rate.mean > 0.5
    pair = result.pair("easy", "random")
    assert pair.difference.low is not None and pair.difference.low > 0
    assert result.pair("random", "easy").difference.mean == -pair.difference.mean


def test_a_game_object_works_as_well_as_a_string() -> None:
    game = hoyle.load("hearts", deals=1, players=3)
    result = arena.match(game, ["random"], deals=2)
    assert hoyle.load(result.game) == game
    assert result.rotations == 1 and len(result.games) == 2
    assert result.pairs == ()
    assert result.agent("random").seats == 3


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"agents": ["easy", "genius"]}, "unknown agent 'genius' for hearts; agents: "),
        ({"deals": 0}, "deals must be a whole number of at least 1, not 0"),
        ({"workers": 0}, "workers must be a whole number of at least 1"),
        ({"agents": "a,b,c,d,e"}, "5 names for a game of 4 seats"),
        ({"start_method": "teleport"}, "unknown start method 'teleport'"),
        ({"seed": 1.5}, "seed must be a whole number, not 1.5"),
    ],
)
def test_bad_arguments_fail_before_any_game(kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = {"agents": ["easy", "random"], "deals": 2, **kwargs}
    with pytest.raises(hoyle.HoyleError) as raised:
        arena.match("hearts(deals=1)", **args)  # type: ignore[arg-type]
    assert message in str(raised.value)
    assert isinstance(raised.value, ValueError)
    if "unknown agent" in message:
        assert "easy" in str(raised.value) and "random" in str(raised.value)
    else:
        assert isinstance(raised.value, ArenaError)


class FirstLegal:
    """A level the arena has never heard of: always the lowest legal action."""

    def step(self, state: hoyle.State) -> int:
        return state.legal_actions()[0]


def test_a_newly_registered_level_plays_with_no_arena_change(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Registered the way a search level is, but only for this test.
    monkeypatch.setitem(registry._AGENTS, (None, "first-legal"), lambda game, seed: FirstLegal())
    result = arena.match("hearts(deals=1)", ["first-legal", "random"], deals=3)
    assert [a.name for a in result.agents] == ["first-legal", "random"]
    assert result.agent("first-legal").games == 6


def test_progress_draws_a_bar_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    arena.match("hearts(deals=1)", ["random"], deals=3, progress=True)
    assert "3/3" in capsys.readouterr().err
    arena.match("hearts(deals=1)", ["random"], deals=3)
    assert capsys.readouterr().err == ""


def test_progress_shows_the_running_difference(capsys: pytest.CaptureFixture[str]) -> None:
    # A long match tells its organiser how it stands while it runs: the first pair's mean
    # difference so far and the half-width of its interval, the figure the result will give.
    result = arena.match(
        "hearts(deals=1)", ["easy", "random"], deals=4, duplicate=True, progress=True
    )
    pair = result.pair("easy", "random").difference
    assert pair.half_width is not None
    err = capsys.readouterr().err
    assert f"easy−random {pair.mean:+.2f} ±{pair.half_width:.2f}" in err


def test_agents_with_budgets_in_their_names() -> None:
    # Agent words carry budgets in every command (issue 7: "the same in every command"); the
    # comma inside the brackets belongs to the budget, not to the list of agents.
    result = arena.match("hearts(deals=1)", "hard(simulations=5,seconds=2),random", deals=1, seed=3)
    assert [a.name for a in result.agents] == ["hard(simulations=5,seconds=2)", "random"]
    assert result.games[0].seats == (
        "hard(simulations=5,seconds=2)",
        "random",
        "hard(simulations=5,seconds=2)",
        "random",
    )
