"""What a match leaves behind: the text tables, the PNG chart and the database rows."""

from __future__ import annotations

import json
import sqlite3
import sys
from pathlib import Path

import pytest

from hoyle import arena
from hoyle.arena import ArenaError, MatchResult
from hoyle.arena.chart import check_chart_path, write_chart
from hoyle.arena.report import match_table
from hoyle.arena.store import Store, database_url

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def test_the_table_has_a_row_per_agent_and_per_pair(small_match: MatchResult) -> None:
    lines = match_table(small_match)
    assert lines[0] == ("hearts(deals=1): 8 deals from seed 3, duplicate, 2 rotations, 16 games")
    assert lines[1].split()[:3] == ["agent", "seats", "deals"]
    easy = small_match.agent("easy")
    assert lines[2].split()[:5] == ["easy", "2", "8", f"{easy.mean_return.mean:.3f}", "±"]
    assert lines[3].startswith("random")
    assert lines[5].startswith("pair (per deal)")
    assert lines[6].startswith("easy - random") and lines[6].endswith("easy better")
    assert lines[7].startswith("16 games in ")


def test_the_json_summary_round_trips(small_match: MatchResult) -> None:
    data = json.loads(json.dumps(small_match.to_dict(games=True)))
    assert data["games_played"] == len(data["games"]) == 16
    low, high = data["agents"][0]["mean_return"]["ci95"]
    assert low < data["agents"][0]["mean_return"]["mean"] < high
    assert data["pairs"][0]["significant"] is True


def test_the_chart_is_a_png(small_match: MatchResult, tmp_path: Path) -> None:
    target = write_chart(small_match, tmp_path / "match.png")
    data = target.read_bytes()
    assert data.startswith(PNG_SIGNATURE)
    assert len(data) > 5000  # two panels of bars, not an empty image


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("match.jpg", "should be a .png file"),
        ("missing/match.png", "no such writable folder"),
        (".", "should be a .png file"),
    ],
)
def test_a_bad_chart_path_is_refused(name: str, message: str, tmp_path: Path) -> None:
    with pytest.raises(ArenaError, match=message):
        check_chart_path(tmp_path / name)


def test_missing_extras_say_how_to_install_them(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # makes the import fail
    with pytest.raises(ArenaError, match=r"matplotlib is not installed.*hoyle\[arena\]"):
        check_chart_path(tmp_path / "match.png")
    monkeypatch.setitem(sys.modules, "sqlalchemy", None)
    with pytest.raises(ArenaError, match=r"SQLAlchemy is not installed.*hoyle\[arena\]"):
        Store(str(tmp_path / "study.db"))


def test_sqlite_rows_are_written_and_read_back(small_match: MatchResult, tmp_path: Path) -> None:
    path = tmp_path / "study.db"
    store = Store(str(path))
    first = store.save(small_match)
    second = store.save(small_match)
    assert store.match_ids() == [first, second]
    assert store.read_games(first) == list(small_match.games)
    assert store.summary(first) == json.loads(json.dumps(small_match.to_dict()))
    with pytest.raises(KeyError):
        store.summary(999)
    store.close()

    # Plain SQL sees the same numbers, one row per match, game and seat.
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT COUNT(*) FROM arena_match").fetchone() == (2,)
        game = db.execute(
            "SELECT deal, seed, rotation, seats, returns FROM arena_game"
            " WHERE match_id = ? ORDER BY deal, rotation LIMIT 1 OFFSET 1",
            (first,),
        ).fetchone()
        stored = small_match.games[1]
        assert game[:3] == (stored.deal, stored.seed, stored.rotation)
        assert json.loads(game[3]) == list(stored.seats)
        assert json.loads(game[4]) == list(stored.returns)
        means = dict(
            db.execute(
                'SELECT agent, AVG("return") FROM arena_seat WHERE match_id = ? GROUP BY agent',
                (first,),
            ).fetchall()
        )
    assert means["easy"] == pytest.approx(small_match.agent("easy").mean_return.mean)
    assert means["random"] == pytest.approx(small_match.agent("random").mean_return.mean)


def test_database_urls(tmp_path: Path) -> None:
    assert database_url("sqlite:///x.db") == "sqlite:///x.db"
    assert database_url(str(tmp_path / "x.db")) == f"sqlite:///{tmp_path / 'x.db'}"
    with pytest.raises(ArenaError, match="no folder"):
        database_url(str(tmp_path / "missing" / "x.db"))
    with pytest.raises(ArenaError, match="is a folder"):
        database_url(str(tmp_path))
    with pytest.raises(ArenaError, match="cannot use 'nosuchdb://x'"):
        Store("nosuchdb://x")


def test_a_failed_save_writes_nothing(small_match: MatchResult, tmp_path: Path) -> None:
    path = tmp_path / "study.db"
    store = Store(str(path))
    with sqlite3.connect(path) as db:  # a study's own table that clashes with a game row
        db.execute("DROP TABLE arena_seat")
        db.execute("CREATE TABLE arena_seat (match_id INTEGER NOT NULL CHECK (match_id < 0))")
    with pytest.raises(ArenaError, match="database: could not save"):
        store.save(small_match)
    assert store.match_ids() == []  # the transaction rolled back the match row too
    store.close()


def test_an_agent_against_itself_is_reported_as_a_mirror_not_a_win_rate() -> None:
    # One agent in every seat wins every game it plays: "100.0% ± 0.0" measured nothing.
    result = arena.match("hearts(deals=1)", ["easy"], deals=4, seed=3)
    assert result.mirror
    lines = match_table(result)
    assert lines[2].split()[0] == "easy" and lines[2].rstrip().split()[-3] == "mirror"
    assert "%" not in lines[2]
    assert lines[-2].startswith("A mirror match: easy holds every seat")
    data = result.to_dict()
    assert data["mirror"] is True and data["agents"][0]["win_rate"] is None
    # Two agents are no mirror, whatever their names.
    two = arena.match("hearts(deals=1)", ["easy", "random"], deals=2, seed=3)
    assert not two.mirror and two.to_dict()["agents"][0]["win_rate"] is not None
