"""Duplicate events (issue 24, "A club, not just a table"): "every table plays the same boards
with seats rotated so that each seat-line meets each deal; results are scored duplicate (per
board, against the others who held the same cards) with the arena's statistics ... Works with
bots alone too."""

from __future__ import annotations

from collections import Counter

import pytest

from hoyle import records
from hoyle.club.events import (
    Event,
    EventError,
    Played,
    format_table,
    make_event,
    pending,
    plan,
    play_with_bots,
    score,
)
from hoyle.i18n import using

PEOPLE = [[f"P{t}{p}" for p in range(4)] for t in range(4)]


def test_every_table_plays_every_board() -> None:
    """ "every table plays the same boards": four tables, eight boards."""
    event = make_event("hearts(deals=1)", PEOPLE, boards=8, seed=100)
    games = plan(event)
    assert len(games) == 4
    for t, table in enumerate(games):
        assert [a.board for a in table] == list(range(8))
        assert [a.seed for a in table] == list(range(100, 108))
        assert all(a.table == t for a in table)
        assert all(sorted(a.seats) == sorted(PEOPLE[t]) for a in table)


def test_each_seat_line_meets_each_board_from_every_seat() -> None:
    """ "seats rotated so that each seat-line meets each deal": with as many tables as seats,
    the participants in one position of every table (a seat-line) hold every seat of every
    board, and each set of cards (board, seat) goes once to every table."""
    event = make_event("hearts(deals=1)", PEOPLE, boards=8)
    games = plan(event)
    position = {name: p for table in PEOPLE for p, name in enumerate(table)}
    for board in range(8):
        for line in range(4):
            seats = [games[t][board].seats.index(PEOPLE[t][line]) for t in range(4)]
            assert sorted(seats) == [0, 1, 2, 3], (board, line)
        for seat in range(4):
            holders = [games[t][board].seats[seat] for t in range(4)]
            assert sorted(position[h] for h in holders) == [0, 1, 2, 3]
    # at one table each participant holds every seat, twice over eight boards
    for t, table in enumerate(games):
        for name in PEOPLE[t]:
            assert Counter(a.seats.index(name) for a in table) == {0: 2, 1: 2, 2: 2, 3: 2}


def test_the_organisers_rotation_decides_who_is_compared_with_whom() -> None:
    """ "the seating rotation" is the organiser's: ``full`` compares every seat-line with every
    other on each set of cards (above); ``boards`` turns every table alike, so a set of cards
    is held by one seat-line at every table and each participant is compared with their own
    seat-line, still holding every seat in turn; ``none`` keeps every seat all event."""
    position = {name: p for table in PEOPLE for p, name in enumerate(table)}
    boards = make_event("hearts(deals=1)", PEOPLE, boards=8, rotation="boards")
    games = plan(boards)
    for board in range(8):
        for seat in range(4):
            holders = {position[games[t][board].seats[seat]] for t in range(4)}
            assert holders == {(seat - board) % 4}, (board, seat)
    for t in range(4):
        for name in PEOPLE[t]:
            assert Counter(a.seats.index(name) for a in games[t]) == {0: 2, 1: 2, 2: 2, 3: 2}
    kept = plan(make_event("hearts(deals=1)", PEOPLE, boards=8, rotation="none"))
    assert all(a.seats == tuple(PEOPLE[a.table]) and a.rotation == 0 for g in kept for a in g)
    # The same results scored: who a participant is compared with changes with the rotation
    # (board 0, rotated alike: P10 holds seat 0, whose cards took 0, 1, 2, 3 at tables 1-4).
    results = {(t, 0): [float(-t), 0.0, -26.0 + t, 0.0] for t in range(4)}
    turning = make_event("hearts(deals=1)", PEOPLE, boards=8)
    full, alike = (
        score(turning, hand_made(turning, results)),
        score(boards, hand_made(boards, results)),
    )
    assert {s.participant: s.total for s in full.table} != {
        s.participant: s.total for s in alike.table
    }
    assert {s.participant: s.total for s in alike.table}["P10"] == pytest.approx(
        -1 - (0 - 2 - 3) / 3
    )
    with pytest.raises(EventError, match="unknown rotation 'mitchell'; choose full, boards, none"):
        make_event("hearts(deals=1)", PEOPLE, boards=2, rotation="mitchell")


def test_partners_stay_partners_through_the_rotation() -> None:
    """A rotation moves everyone by the same number of seats: partners stay opposite."""
    event = make_event("hearts", PEOPLE[:2], boards=4, variant="partnership", deals=1)
    for table in plan(event):
        for a in table:
            assert {a.seats[0], a.seats[2]} in (
                {"P00", "P02"},
                {"P01", "P03"},
                {"P10", "P12"},
                {"P11", "P13"},
            )


def hand_made(event: Event, returns: dict[tuple[int, int], list[float]]) -> list[Played]:
    """The planned games with these returns per seat, keyed by (table, board)."""
    out = []
    for table in plan(event):
        for a in table:
            r = returns.get((a.table, a.board))
            if r is not None:
                out.append(Played(a.table, a.board, a.seats, tuple(r), tuple(-x for x in r)))
    return out


def test_a_board_is_scored_against_those_who_held_the_same_cards() -> None:
    """ "scored duplicate (per board, against the others who held the same cards)": three
    tables play one board; seat 0's cards took 1, 5 and 9 points. Difference scoring: each
    result minus the mean of the other two; matchpoints: the share of the others beaten."""
    tables = [[f"T{t}S{s}" for s in range(4)] for t in range(3)]
    returns = {
        (0, 0): [-1.0, -5.0, -20.0, 0.0],
        (1, 0): [-5.0, -1.0, -20.0, 0.0],
        (2, 0): [-9.0, -5.0, -12.0, 0.0],
    }
    event = make_event("hearts(deals=1)", tables, boards=[42])
    played = hand_made(event, returns)
    seat0 = {(s.table, s.seat): s for s in score(event, played).for_board(0) if s.seat == 0}
    assert [seat0[(t, 0)].score for t in range(3)] == [6.0, 0.0, -6.0]
    assert [seat0[(t, 0)].result for t in range(3)] == [-1.0, -5.0, -9.0]
    assert all(s.compared == 2 for s in seat0.values())
    # who held seat 0: the rotation puts table t's position (0 - t) mod 4 there
    assert [seat0[(t, 0)].participant for t in range(3)] == ["T0S0", "T1S3", "T2S2"]
    by_seat = {(s.table, s.seat): s.score for s in score(event, played).boards}
    assert [by_seat[(t, 2)] for t in range(3)] == [-4.0, -4.0, 8.0]  # -20, -20, -12
    assert [by_seat[(t, 3)] for t in range(3)] == [0.0, 0.0, 0.0]
    mp = make_event("hearts(deals=1)", tables, boards=[42], scoring="matchpoints")
    mp_scores = {(s.table, s.seat): s.score for s in score(mp, hand_made(mp, returns)).boards}
    assert [mp_scores[(t, 0)] for t in range(3)] == [1.0, 0.5, 0.0]
    assert [mp_scores[(t, 1)] for t in range(3)] == [0.25, 1.0, 0.25]  # -5 ties -5, beats none


def test_partners_score_their_sides_result() -> None:
    """A partnership wins or loses together: each partner counts the side's mean return."""
    event = make_event("hearts", PEOPLE[:2], boards=1, variant="partnership", deals=1)
    played = hand_made(
        event, {(0, 0): [-1.0, -3.0, -5.0, -17.0], (1, 0): [-2.0, -8.0, -4.0, -12.0]}
    )
    results = {(s.table, s.seat): s.result for s in score(event, played).boards}
    assert [results[(0, s)] for s in range(4)] == [-3.0, -10.0, -3.0, -10.0]
    assert [results[(1, s)] for s in range(4)] == [-3.0, -10.0, -3.0, -10.0]


def test_an_unfinished_event_scores_what_was_played_and_lists_the_rest() -> None:
    event = make_event("hearts(deals=1)", PEOPLE[:2], boards=2)
    played = hand_made(event, {(0, 0): [0.0, -26.0, 0.0, 0.0], (1, 0): [0.0, 0.0, -26.0, 0.0]})
    result = score(event, played)
    assert not result.complete
    assert [(a.table, a.board) for a in pending(event, played)] == [(0, 1), (1, 1)]
    assert {s.boards for s in result.table} == {1}
    assert result.table[-1].total == -26.0


def test_a_game_not_in_the_plan_or_given_twice_is_refused() -> None:
    event = make_event("hearts(deals=1)", PEOPLE[:2], boards=1)
    (first, *_) = hand_made(event, {(0, 0): [0.0, -26.0, 0.0, 0.0]})
    wrong = Played(0, 0, tuple(reversed(first.seats)), first.returns, first.scores)
    with pytest.raises(EventError, match="table 1, board 1 was not played as the event planned"):
        score(event, [wrong])
    with pytest.raises(EventError, match="table 1, board 1 is given twice"):
        score(event, [first, first])


def test_a_bots_only_event_plays_through_and_its_table_adds_up() -> None:
    """ "Works with bots alone too": Hearts one-deal boards, random and easy bots; the final
    table adds up each participant's board scores, and difference scores add up to 0."""
    lineups = [["bot:easy", "bot:random", "bot:random", "bot:easy"] for _ in range(4)]
    event = make_event("hearts(deals=1)", lineups, boards=3, name="Bots night", seed=7)
    result = play_with_bots(event, seed=3)
    assert len(result.played) == len(result.records) == 12
    assert result.score.complete
    scored = result.score
    assert len(scored.boards) == 3 * 4 * 4  # every participant, every board
    for line in scored.table:
        mine = [s.score for s in scored.boards if s.participant == line.participant]
        assert line.boards == len(mine) == 3
        assert line.total == pytest.approx(sum(mine))
        assert line.mean.mean == pytest.approx(sum(mine) / 3)
        assert line.mean.samples == 3 and line.mean.half_width is not None
    assert sum(line.total for line in scored.table) == pytest.approx(0.0, abs=1e-9)
    totals = [line.total for line in scored.table]
    assert totals == sorted(totals, reverse=True) and scored.table[0].place == 1
    # every board's records: replayed, each gives the returns that were scored
    for rec, game in zip(result.records, result.played, strict=True):
        assert rec.tags["Event"] == "Bots night"
        assert rec.tags["Board"] == str(game.board + 1) and rec.seats == list(game.seats)
        assert tuple(records.replay(rec).returns()) == game.returns
    again = play_with_bots(event, seed=3)
    assert again.played == result.played  # deterministic
    text = format_table(scored)
    assert text.splitlines()[0].split() == [
        "Place",
        "Participant",
        "Boards",
        "Total",
        "Mean",
        "per",
        "board",
    ]
    assert len(text.splitlines()) == 17


def test_people_need_a_stand_in_to_rehearse() -> None:
    event = make_event(
        "hearts(deals=1)",
        [
            ["Ana", "bot:random", "bot:random", "bot:random"],
            ["bot:random", "Ben", "bot:random", "bot:random"],
        ],
        boards=1,
    )
    with pytest.raises(EventError, match="Ana, Ben must play their own games"):
        play_with_bots(event)
    assert play_with_bots(event, stand_in="random").score.complete


def test_an_event_round_trips_through_json() -> None:
    event = make_event(
        "hearts(deals=1)",
        [*PEOPLE[:2], ["bot:easy"] * 4],
        boards=[5, 9, 11],
        name="Friday",
        scoring="matchpoints",
    )
    assert Event.loads(event.dumps()) == event
    assert event.tables[2][3].name == "bot:easy#4" and event.tables[2][3].rating_name == "bot:easy"
    played = hand_made(event, {(0, 0): [0.0, -26.0, 0.0, 0.0]})
    assert [Played.from_dict(p.to_dict()) for p in played] == played


@pytest.mark.parametrize(
    ("tables", "boards", "message"),
    [
        ([["A", "B", "C", "D"]], 2, "needs two tables or more"),
        ([["A", "B", "C"], ["E", "F", "G"]], 2, "table 1 has 3 places"),
        ([["A", "B", "C", "D"], ["A", "F", "G", "H"]], 2, "A appear twice"),
        ([["A", "B", "C", "D"], ["E", "F", "G", "bot:wizard"]], 2, "unknown agent 'wizard'"),
        ([["A", "B", "C", "D"], ["E", "F", "G", "H"]], 0, "one board or more"),
        ([["A,1", "B", "C", "D"], ["E", "F", "G", "H"]], 1, "without commas"),
    ],
)
def test_a_bad_event_is_refused_with_a_reason(
    tables: list[list[str]], boards: int, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        make_event("hearts(deals=1)", tables, boards=boards)


def test_the_organiser_reads_the_reasons_and_the_table_in_spanish() -> None:
    """Issue 23: what an organiser reads, in Spanish too."""
    with using("es"), pytest.raises(EventError) as caught:
        make_event("hearts(deals=1)", [["A", "B", "C", "D"]], boards=2)
    assert str(caught.value) == "un torneo duplicado compara mesas: necesita dos mesas o más"
    event = make_event("hearts(deals=1)", PEOPLE[:2], boards=1)
    played = hand_made(event, {(0, 0): [0.0, -26.0, 0.0, 0.0], (1, 0): [0.0, 0.0, -26.0, 0.0]})
    with using("es"):
        head = format_table(score(event, played)).splitlines()[0]
    assert head.split()[:3] == ["Puesto", "Participante", "Tableros"]


def test_an_events_games_can_be_rated() -> None:
    """ "bots rated too": an event's games feed the family's leaderboard, every bot of a level
    under ``bot:<level>``."""
    from hoyle.club.events import rating_names
    from hoyle.club.ratings import Leaderboard, outcome_from_record

    event = make_event(
        "hearts(deals=1)",
        [
            ["Ana", "bot:easy", "bot:easy", "bot:random"],
            ["bot:random", "bot:easy", "Ben", "bot:easy"],
        ],
        boards=1,
    )
    first = plan(event)[0][0]
    assert rating_names(event, first) == ["Ana", "bot:easy", "bot:easy", "bot:random"]
    result = play_with_bots(event, seed=2, stand_in="easy")
    board = Leaderboard("hearts")
    for rec, game in zip(result.records, result.played, strict=True):
        names = rating_names(event, plan(event)[game.table][game.board])
        board.apply(outcome_from_record(rec, players=names))
    assert set(board.ratings) == {"Ana", "Ben", "bot:easy", "bot:random"}
    assert board.rating("bot:easy").games == 2
    data = result.to_dict()
    assert records.loads(data["records"][0]) == result.records[0]
