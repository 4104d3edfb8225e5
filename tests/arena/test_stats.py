"""The match statistics against values worked out by hand on a tiny fixed sample."""

from __future__ import annotations

import math

import pytest

from hoyle.arena.results import GameResult, Interval
from hoyle.arena.stats import Z95, agent_summaries, mean_interval, pair_summaries, win_shares


def game(deal: int, rotation: int, seats: str, returns: tuple[float, ...]) -> GameResult:
    n = len(returns)
    return GameResult(
        deal=deal,
        seed=100 + deal,
        rotation=rotation,
        seats=tuple(seats.split(",")),
        returns=returns,
        scores=tuple(-r for r in returns),
        moves=(2,) * n,
        think_s=(0.002,) * n,
    )


# Two deals, each in both rotations of a two-seat lineup a,b.
SAMPLE = [
    game(0, 0, "a,b", (1.0, -1.0)),
    game(0, 1, "b,a", (0.0, 2.0)),
    game(1, 0, "a,b", (3.0, 3.0)),
    game(1, 1, "b,a", (-2.0, 4.0)),
]


def test_mean_interval_is_the_normal_approximation() -> None:
    interval = mean_interval([1.0, 2.0, 3.0, 6.0])
    assert interval.mean == 3.0
    # sample sd of 1, 2, 3, 6: sqrt(14 / 3)
    assert interval.half_width == pytest.approx(Z95 * math.sqrt(14 / 3) / 2)
    assert interval.samples == 4
    assert mean_interval([5.0]) == Interval(5.0, None, 1)
    with pytest.raises(ValueError, match="no samples"):
        mean_interval([])


def test_win_shares_split_ties_among_the_best() -> None:
    assert win_shares([3.0, 1.0, 2.0]) == [1.0, 0.0, 0.0]
    assert win_shares([3.0, 3.0, 2.0]) == [0.5, 0.5, 0.0]
    assert win_shares([0.0, 0.0, 0.0, 0.0]) == [0.25] * 4


def test_agent_means_are_over_deal_means() -> None:
    a, b = agent_summaries(SAMPLE, ["a", "b"])
    # a: deal 0 (1 + 2) / 2 = 1.5, deal 1 (3 + 4) / 2 = 3.5; sd sqrt(2) over 2 deals.
    assert a.mean_return.mean == 2.5
    assert a.mean_return.half_width == pytest.approx(Z95 * math.sqrt(2) / math.sqrt(2))
    assert a.mean_return.samples == 2 and a.deals == 2 and a.games == 4 and a.seats == 1
    # b: deal 0 (-1 + 0) / 2 = -0.5, deal 1 (3 - 2) / 2 = 0.5; sd sqrt(1/2).
    assert b.mean_return.mean == 0.0
    assert b.mean_return.half_width == pytest.approx(Z95 * math.sqrt(0.5) / math.sqrt(2))
    assert a.mean_score == -2.5 and b.mean_score == 0.0
    assert a.think_ms == pytest.approx(1.0)  # 0.002 s per 2 moves


def test_win_rate_shares_a_tie_and_is_taken_per_deal() -> None:
    a, b = agent_summaries(SAMPLE, ["a", "b"])
    # a wins 3 games outright and ties one: deal 0 gives 1, deal 1 gives (0.5 + 1) / 2.
    assert a.win_rate.mean == pytest.approx(0.875)
    assert b.win_rate.mean == pytest.approx(0.125)
    assert a.win_rate.half_width == pytest.approx(Z95 * math.sqrt(0.03125) / math.sqrt(2))


def test_an_agent_with_two_seats_counts_both() -> None:
    games = [
        game(0, 0, "a,b,a,b", (0.0, -5.0, 0.0, -21.0)),
        game(0, 1, "b,a,b,a", (-10.0, -6.0, -10.0, 0.0)),
    ]
    a, b = agent_summaries(games, ["a", "b"])
    assert a.seats == 2
    assert a.mean_return.mean == pytest.approx(-6 / 4)
    assert b.mean_return.mean == pytest.approx(-46 / 4)
    # Game 0: a's two seats tie for best, so a takes the whole win; game 1 a wins too.
    assert a.win_rate.mean == 1.0 and b.win_rate.mean == 0.0
    assert a.mean_return.half_width is None  # one deal: no interval


def test_pair_difference_is_per_deal() -> None:
    (pair,) = pair_summaries(SAMPLE, ["a", "b"])
    assert (pair.first, pair.second) == ("a", "b")
    # deal 0: 1.5 - (-0.5) = 2, deal 1: 3.5 - 0.5 = 3.
    assert pair.difference.mean == 2.5
    assert pair.difference.half_width == pytest.approx(Z95 * math.sqrt(0.5) / math.sqrt(2))
    assert pair.difference.excludes(0.0)
    assert pair.to_dict()["significant"] is True
