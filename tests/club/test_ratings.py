"""The club's ratings (issue 24, "A club, not just a table"): a rating per player and family,
updated after each rated game, bots rated too, a leaderboard per family, unrated tables."""

from __future__ import annotations

import json
from typing import Any

import pytest

import hoyle
from hoyle import records
from hoyle.club.ratings import (
    GameOutcome,
    Leaderboard,
    Rating,
    RatingError,
    bot_level,
    bot_name,
    is_bot,
    outcome_from_record,
    outcome_from_result,
    outcome_from_state,
    update,
)
from hoyle.core.protocol import State


def finished(spec: str, seed: int) -> State:
    """A game of ``spec`` dealt from ``seed``, played to the end by the first legal move."""
    state = hoyle.load(spec).new_initial_state(seed=seed)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    return state


def test_the_winner_goes_up_and_the_loser_down_after_a_real_game() -> None:
    """ "updated after each rated game": the game's own ranking decides who moves which way."""
    state = finished("hearts(deals=1)", 3)
    ranking = state.observation(None)["ranking"]
    assert ranking == [[0, 1, 2], [3]]  # three tie on 1 point, seat 3 takes the rest
    outcome = outcome_from_state(state, ["Ana", "Ben", "Cy", "Dee"])
    assert outcome.family == "hearts" and outcome.ranks == (0, 0, 0, 1)
    new = update({}, outcome)
    assert new["Ana"].mu > 25.0 > new["Dee"].mu
    assert all(r.sigma < 25.0 / 3.0 and r.games == 1 for r in new.values())


def test_a_clear_order_moves_each_place_by_how_far_it_finished() -> None:
    """ "a maintained library built for more than two players": four places, four moves."""
    new = update({}, GameOutcome.from_ranking("hearts", "ABCD", [[2], [0], [3], [1]]))
    assert new["C"].mu > new["A"].mu > 25.0 > new["D"].mu > new["B"].mu


def test_tied_players_move_alike_and_a_shared_win_is_worth_less() -> None:
    """Ties: seats in one group of the ranking share a place."""
    tied = update({}, GameOutcome.from_ranking("hearts", "ABCD", [[0, 1], [2], [3]]))
    assert tied["A"] == tied["B"]
    alone = update({}, GameOutcome.from_ranking("hearts", "ABCD", [[0], [1], [2], [3]]))
    assert 25.0 < tied["A"].mu < alone["A"].mu
    everyone = update({}, GameOutcome.from_ranking("hearts", "ABCD", [[0, 1, 2, 3]]))
    assert {round(r.mu, 9) for r in everyone.values()} == {25.0}


def test_partners_are_one_side_that_wins_or_loses_together() -> None:
    """Partnerships: "a side's seats share a team". In one partnership Hearts deal the game
    ranks partners apart (seat 0 ties the opponents' seat 1), so partners add up: 0 and 2 took
    2 points between them, 1 and 3 took 24."""
    state = finished("hearts(variant=partnership,deals=1)", 3)
    assert state.observation(None)["ranking"] == [[0, 1, 2], [3]]
    outcome = outcome_from_state(state, ["Ana", "Ben", "Cy", "Dee"])
    assert outcome.sides == ((0, 2), (1, 3))
    assert outcome.order == ((0,), (1,))
    new = update({}, outcome)
    assert new["Ana"] == new["Cy"] and new["Ben"] == new["Dee"]
    assert new["Ana"].mu > 25.0 > new["Ben"].mu


def test_partners_in_a_game_that_ranks_sides_keep_its_order() -> None:
    """All Fours in two partnerships (Trinidad) gives each seat its side's result."""
    state = finished("all-fours(variant=trinidad)", 3)
    obs = state.observation(None)
    outcome = outcome_from_state(state, ["Ana", "Ben", "Cy", "Dee"])
    assert outcome.sides == ((0, 2), (1, 3))
    winners = {seat for side in outcome.order[0] for seat in outcome.sides[side]}
    assert winners == set(obs["winner"])


def test_a_bot_in_several_seats_counts_the_game_once() -> None:
    """Bots as players named ``bot:<level>``: three easy bots share one rating."""
    players = ["Ana", bot_name("easy"), bot_name("easy"), bot_name("easy")]
    new = update({}, GameOutcome.from_ranking("hearts", players, [[0], [1, 2], [3]]))
    assert set(new) == {"Ana", "bot:easy"}
    assert new["bot:easy"].games == 1
    assert new["Ana"].mu > 25.0
    assert is_bot("bot:easy") and not is_bot("Ana") and bot_level("bot:easy") == "easy"
    assert update({}, GameOutcome.from_ranking("hearts", ["bot:easy"] * 4, [[0], [1, 2, 3]])) == {}


def test_an_unrated_table_changes_nothing() -> None:
    """ "unrated tables when the host says so"."""
    board = Leaderboard("hearts")
    outcome = GameOutcome.from_ranking("hearts", "ABCD", [[0], [1], [2], [3]], rated=False)
    assert board.apply(outcome) == {}
    assert board.ratings == {} and board.games == 0


def test_a_leaderboard_rates_one_family() -> None:
    """ "a leaderboard per family"."""
    board = Leaderboard("hearts")
    with pytest.raises(RatingError, match="cannot be rated on the hearts leaderboard"):
        board.apply(GameOutcome.from_ranking("ecarte", "AB", [[0], [1]]))


def test_the_leaderboard_lists_players_best_first() -> None:
    """A leaderboard per family, best first by the cautious estimate, bots marked."""
    board = Leaderboard("hearts")
    table = ["Ana", "Ben", "bot:easy", "bot:random"]
    for _ in range(3):
        board.apply(GameOutcome.from_ranking("hearts", table, [[0], [2], [1], [3]]))
    board.apply(GameOutcome.from_ranking("hearts", ["Ana", "Cy", "Ben", "Dee"], [[0], [1, 2], [3]]))
    names = [s.name for s in board.standings()]
    assert names[0] == "Ana" and names[-1] == "bot:random"
    ordinals = [s.rating.ordinal for s in board.standings()]
    assert ordinals == sorted(ordinals, reverse=True)
    assert [s.place for s in board.standings()][:2] == [1, 2]
    people = board.standings(bots=False)
    assert all(not s.bot for s in people) and {s.name for s in people} == {
        "Ana",
        "Ben",
        "Cy",
        "Dee",
    }
    assert [s.name for s in board.standings(min_games=4)] == ["Ana", "Ben"]
    assert board.games == 4
    chances = board.win_chances(["Ana", "bot:random"])
    assert chances[0] > chances[1] and sum(chances) == pytest.approx(1.0)
    assert board.nearest_bots("Ana", 1) == ["bot:easy"]


def test_players_with_equal_ratings_share_a_place() -> None:
    board = Leaderboard("hearts")
    board.apply(GameOutcome.from_ranking("hearts", "ABCD", [[0, 1], [2, 3]]))
    assert [(s.place, s.name) for s in board.standings()] == [
        (1, "A"),
        (1, "B"),
        (3, "C"),
        (3, "D"),
    ]


def test_the_leaderboard_round_trips_through_json_exactly() -> None:
    """ "serializable to JSON", deterministic: the same games give the same text."""

    def played() -> Leaderboard:
        board = Leaderboard("hearts")
        board.anchors.add("bot:easy")
        for order in ([[0], [1], [2, 3]], [[3], [2], [0], [1]], [[1], [0, 2, 3]]):
            board.apply(GameOutcome.from_ranking("hearts", ["A", "B", "C", "bot:easy"], order))
        return board

    board = played()
    text = board.dumps()
    again = Leaderboard.loads(text)
    assert again == board and again.dumps() == text == played().dumps()
    data: dict[str, Any] = json.loads(text)
    assert data["family"] == "hearts" and data["anchors"] == ["bot:easy"]
    assert Rating.from_dict(data["ratings"]["A"]) == board.ratings["A"]
    with pytest.raises(RatingError, match="unknown leaderboard format"):
        Leaderboard.from_dict({**data, "format": 99})


def test_an_outcome_round_trips_and_is_checked() -> None:
    outcome = GameOutcome.from_ranking("hearts", "ABCD", [[0], [1, 2], [3]], sides=[[0, 2], [1, 3]])
    assert GameOutcome.from_dict(json.loads(json.dumps(outcome.to_dict()))) == outcome
    with pytest.raises(RatingError, match="sides that hold every seat once"):
        GameOutcome("hearts", ("A", "B"), ((0,),), ((0,),))
    with pytest.raises(RatingError, match="does not place every seat"):
        GameOutcome.from_ranking("hearts", "ABC", [[0], [1]])


def test_a_record_rates_as_its_game() -> None:
    """Records name the players in their Seats tag."""
    state = finished("hearts(deals=1)", 5)
    rec = records.from_state(state, seed=5, seats=["Ana", "Ben", "Cy", "bot:easy"])
    assert outcome_from_record(rec) == outcome_from_state(state, ["Ana", "Ben", "Cy", "bot:easy"])


def test_bots_seeded_from_the_arena_place_a_newcomer() -> None:
    """ "bots rated too so that a new player can be placed; a way to seed bots' ratings from
    arena results": the easy heuristic beats random play in Hearts, and once seeded the bots
    are anchors that a newcomer's games do not move."""
    board = Leaderboard("hearts")
    result = board.seed_bots("hearts(deals=1)", ["easy", "random"], deals=6, seed=1)
    assert len(result.games) == 12 and board.games == 12
    easy, rand = board.rating("bot:easy"), board.rating("bot:random")
    assert easy.mu > rand.mu and easy.games == rand.games == 12
    assert board.anchors == {"bot:easy", "bot:random"}
    game = hoyle.load("hearts(deals=1)")
    assert outcome_from_result(game, result.games[0]).players[0] == "bot:easy"
    changes = board.apply(
        GameOutcome.from_ranking(
            "hearts", ["New", "bot:easy", "bot:random", "bot:random"], [[0], [1], [2, 3]]
        )
    )
    assert changes["bot:easy"][1].mu == easy.mu and changes["bot:easy"][1].games == 13
    assert changes["New"][1].mu > 25.0


def test_a_refused_game_is_explained_in_spanish() -> None:
    """Issue 23: every text a player or host reads, in Spanish too."""
    from hoyle.i18n import using

    with using("es"), pytest.raises(RatingError) as caught:
        Leaderboard("hearts").apply(GameOutcome.from_ranking("ecarte", "AB", [[0], [1]]))
    assert str(caught.value) == (
        "una partida de ecarte no puede puntuarse en la clasificación de hearts"
    )
