"""``hoyle event`` and ``hoyle ratings`` through the command line: a small bots-only Hearts
event, its table, its records, its ratings, its errors, in English and Spanish."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("openskill")

import hoyle
from hoyle.cli import main
from hoyle.club.events import make_event, participant, play_with_bots
from hoyle.club.ratings import Leaderboard, outcome_from_record
from hoyle.records import read_file, replay

GAME = "hearts(deals=1)"
TABLES = ["easy,random,easy,random", "random,easy,random,easy", "random"]
EVENT = ["event", GAME, "--tables", *TABLES, "--boards", "4", "--quiet"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """The exit status, stdout and stderr of ``hoyle ARGV``."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def as_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


def test_the_table_adds_up_the_board_scores(capsys: pytest.CaptureFixture[str]) -> None:
    data = as_json(capsys, *EVENT, "--seed", "3")
    boards = data["score"]["boards"]
    assert len(data["played"]) == 3 * 4 and data["score"]["complete"]
    table = data["score"]["table"]
    assert len(table) == 12 and table[0]["place"] == 1
    for line in table:
        mine = [b["score"] for b in boards if b["participant"] == line["participant"]]
        assert line["boards"] == len(mine) == 4
        assert math.isclose(line["total"], math.fsum(mine), abs_tol=1e-9)
    assert math.isclose(math.fsum(line["total"] for line in table), 0.0, abs_tol=1e-9)
    # The command plays exactly the event the engine plays.
    lineups = [[f"bot:{n}" for n in t.split(",")] * (4 if "," not in t else 1) for t in TABLES]
    engine = play_with_bots(make_event(GAME, lineups, 4, seed=3), seed=3)
    assert data["score"] == json.loads(json.dumps(engine.score.to_dict()))

    code, out, err = run(capsys, *EVENT, "--seed", "3", "--verbose")
    assert code == 0 and err == ""
    assert out.startswith("hearts(deals=1): 4 boards from seed 3 at 3 tables, scored by difference")
    printed = {}
    for text in out.splitlines():
        match = re.match(
            r"\s+(\d+)\s+(bot:\S+)\s+(\d+)\s+([+-]\d+\.\d\d)\s+([+-]\d+\.\d\d) ± ", text
        )
        if match:
            printed[match[2]] = (int(match[1]), int(match[3]), match[4], match[5])
    assert printed == {
        line["participant"]: (
            line["place"],
            line["boards"],
            f"{line['total']:+.2f}",
            f"{line['mean']['mean']:+.2f}",
        )
        for line in table
    }
    for board in range(1, 5):
        assert f"Board {board} (dealt from seed {2 + board})" in out
    assert out.count("bot:easy#2 ") == 1 + 4  # the final table's line, one per board


def test_every_board_recorded_with_the_same_deal_at_every_table(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = tmp_path / "new" / "records"
    data = as_json(capsys, *EVENT, "--records", str(folder), "--name", "Tuesday")
    assert sorted(Path(p).relative_to(folder).as_posix() for p in data["records"]) == sorted(
        f"table-{t}/board-{b}.hrec" for t in range(1, 4) for b in range(1, 5)
    )
    assert [p.name for p in tmp_path.joinpath("new").iterdir()] == ["records"]  # no leftovers
    game = hoyle.load(GAME)
    for board in range(1, 5):
        deals = []
        for table in range(1, 4):
            rec = read_file(folder / f"table-{table}" / f"board-{board}.hrec")
            assert rec.tags["Event"] == "Tuesday"
            assert (rec.tags["Table"], rec.tags["Board"]) == (str(table), str(board))
            assert rec.seed == board - 1
            played = next(
                g for g in data["played"] if (g["table"], g["board"]) == (table - 1, board - 1)
            )
            assert rec.seats == played["seats"]
            assert replay(rec).returns() == played["returns"]
            start = game.new_initial_state(seed=rec.seed)
            deals.append([start.observation(seat)["hand"] for seat in range(4)])
        assert deals[0] == deals[1] == deals[2]
    assert len({str(d) for d in deals}) == 1


def test_workers_play_the_same_event(capsys: pytest.CaptureFixture[str]) -> None:
    one = as_json(capsys, *EVENT, "--workers", "1")
    two = as_json(capsys, *EVENT, "--workers", "2")
    assert one == two


def _rated(paths: list[str]) -> Leaderboard:
    """The leaderboard the records say: each game rated in order, under its players' names."""
    board = Leaderboard("hearts")
    for path in paths:
        rec = read_file(path)
        names = [participant(n).rating_name for n in rec.seats]
        board.apply(outcome_from_record(rec, players=names))
    return board


def test_ratings_made_then_updated(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    file = tmp_path / "club" / "ratings.json"
    first = as_json(capsys, *EVENT, "--ratings", str(file), "--records", str(tmp_path / "a"))
    assert first["ratings"]["rated"] == 8  # table 3's games, random alone, teach nothing
    board = Leaderboard.loads(file.read_text())
    assert board == _rated(first["records"])
    assert [s.name for s in board.standings()] == ["bot:easy", "bot:random"]
    assert [s["name"] for s in first["ratings"]["standings"]] == ["bot:easy", "bot:random"]

    second = as_json(
        capsys, *EVENT, "--seed", "9", "--ratings", str(file), "--records", str(tmp_path / "b")
    )
    board = Leaderboard.loads(file.read_text())
    assert board.games == 16 and board.rating("bot:easy").games == 16
    assert board == _rated(first["records"] + second["records"])
    assert [p.name for p in file.parent.iterdir()] == ["ratings.json"]  # no leftovers

    code, out, err = run(capsys, "ratings", str(file))
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "hearts: 16 games rated"
    assert lines[2].split()[:3] == ["1", "bot:easy", str(board.rating("bot:easy").display)]
    assert lines[3].split()[:2] == ["2", "bot:random"]
    listed = as_json(capsys, "ratings", str(file), "--family", "hearts")
    assert [s["name"] for s in listed["hearts"]["standings"]] == ["bot:easy", "bot:random"]

    # Another family's games go beside, in a file of several leaderboards.
    third = as_json(
        capsys,
        "event",
        "ecarte",
        "--tables",
        "random",
        "easy",
        "--boards",
        "1",
        "--quiet",
        "--ratings",
        str(file),
    )
    assert third["ratings"]["family"] == "ecarte"
    assert sorted(as_json(capsys, "ratings", str(file))) == ["ecarte", "hearts"]
    assert as_json(capsys, "ratings", str(file), "--family", "hearts")["hearts"]["games"] == 16


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--tables", "easy"], "two tables or more"),
        (["--tables", "easy,random", "random"], "--tables names 2 agents for 4 seats"),
        (["--tables", "easy", "nobody"], "unknown agent 'nobody'"),
        (["--players", "easy"], None),  # as many tables as seats: fine
        (["--tables", "medium(simulations=4),easy,random,random", "random", "deals=1"], None),
        (["--tables", "easy", "random", "deals=x"], "deals"),
        (["--players", "easy", "--table-count", "1"], "give two tables or more"),
        (["--tables", "easy", "easy", "--table-count", "2"], "--table-count goes with --players"),
        (["--tables", "easy", "easy", "--players", "easy"], "not both"),
        ([], "give the tables"),
    ],
)
def test_bad_tables_are_refused(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: str | None
) -> None:
    code, out, err = run(capsys, "event", GAME, "--boards", "1", "--quiet", *argv)
    if words is None:
        assert code == 0, err
        return
    assert (code, out) == (2, "")
    assert err.startswith("hoyle: error: ") and words in err and err.count("\n") == 1


def test_bad_files_are_refused_before_playing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    full = tmp_path / "full"
    full.mkdir()
    (full / "x.hrec").write_text("")
    afile = tmp_path / "afile"
    afile.write_text("")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    other = tmp_path / "other.json"
    other.write_text('{"format": 7, "leaderboards": {}}')
    recs = ["--records", str(tmp_path / "recs")]
    cases = [
        (["--records", str(full)], "is not empty; give a new or empty folder"),
        (["--records", str(afile)], "is a file; give a new or empty folder"),
        (["--ratings", str(bad), *recs], "is not a ratings file"),
        (["--ratings", str(other), *recs], "unknown ratings format 7"),
    ]
    for extra, words in cases:
        code, out, err = run(capsys, *EVENT, *extra)
        assert (code, out) == (2, ""), err
        assert words in err
    assert not (tmp_path / "recs").exists()
    assert bad.read_text() == "{not json"
    code, _out, err = run(capsys, "ratings", str(tmp_path / "missing.json"))
    assert code == 2 and "no such file" in err
    code, _out, err = run(capsys, "ratings", str(bad))
    assert code == 2 and "is not a ratings file" in err


def test_records_written_whole_or_not_at_all(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    written: list[Path] = []
    original = Path.write_text

    def fail_at_the_third(self: Path, *args: Any, **kwargs: Any) -> int:
        written.append(self)
        if len(written) == 3:
            raise OSError(28, "No space left on device")
        return original(self, *args, **kwargs)

    monkeypatch.setattr(Path, "write_text", fail_at_the_third)
    argv = ["--records", str(tmp_path / "recs"), "--ratings", str(tmp_path / "r.json")]
    code, out, err = run(capsys, *EVENT, *argv)
    assert code == 1 and "records not written" in err and "No space left" in err
    assert "Place" in out  # the event is not lost with the file
    assert list(tmp_path.iterdir()) == []  # nor rated: run again, it is not rated twice


def test_spanish(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    file = tmp_path / "r.json"
    code, out, err = run(capsys, "--lang", "es", *EVENT, "--verbose", "--ratings", str(file))
    assert code == 0, err
    assert out.startswith("hearts(deals=1): 4 tableros desde la semilla 0 en 3 mesas")
    for words in ("Participante", "Media por tablero", "Tablero 1 (repartido", "Valoraciones:"):
        assert words in out
    assert "boards" not in out and "Board" not in out and "rated" not in out
    code, out, err = run(capsys, "ratings", str(file), "--lang", "es")
    assert code == 0 and out.startswith("hearts: 8 partidas valoradas")
    assert "Jugador" in out and "Player" not in out
    code, out, err = run(capsys, "--lang", "es", "event", GAME, "--tables", "easy", "--boards", "1")
    assert code == 2 and "dos mesas o más" in err and "tables" not in err.replace("--tables", "")


def test_the_rotation_is_the_organisers(capsys: pytest.CaptureFixture[str]) -> None:
    # --rotation none keeps every seat all event; the default turns them board by board.
    kept = as_json(capsys, *EVENT, "--rotation", "none")
    assert kept["event"]["rotation"] == "none"
    lineups = [[p["name"] for p in table] for table in kept["event"]["tables"]]
    assert all(g["seats"] == lineups[g["table"]] for g in kept["played"])
    turned = as_json(capsys, *EVENT)
    assert turned["event"]["rotation"] == "full"
    assert any(g["seats"] != lineups[g["table"]] for g in turned["played"])
    code, _out, err = run(capsys, *EVENT, "--rotation", "mitchell")
    assert code == 2 and "full" in err
