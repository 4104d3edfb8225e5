"""``hoyle match``: the command line over ``hoyle.arena``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from hoyle.arena.executors import ProgressLines
from hoyle.arena.store import Store
from hoyle.cli import main


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_match_prints_the_tables(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["match", "hearts", "deals=1", "--agents", "easy,random", "--deals", "6"]
    code, out, err = run([*argv, "--duplicate"], capsys)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "hearts(deals=1): 6 deals from seed 0, duplicate, 2 rotations, 12 games"
    assert [line.split()[0] for line in lines[2:4]] == ["easy", "random"]
    assert "easy - random" in out
    code, out, _ = run(argv, capsys)
    assert out.splitlines()[0].endswith("seats rotated by deal, 6 games")


def test_match_json_chart_and_database(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    chart, db = tmp_path / "m.png", tmp_path / "m.db"
    argv = ["match", "all-fours(deals=1)", "--agents", "easy,random", "--deals", "5"]
    argv += ["--duplicate", "--seed", "7", "--json", "--chart", str(chart), "--database", str(db)]
    code, out, err = run(argv, capsys)
    assert code == 0, err
    assert len(out.splitlines()) == 1
    summary = json.loads(out)
    assert summary["game"] == "all-fours(deals=1)" and summary["seed"] == 7
    assert [a["name"] for a in summary["agents"]] == ["easy", "random"]
    assert summary["games_played"] == 10 and summary["rotations"] == 2
    assert summary["chart"] == str(chart) and chart.read_bytes().startswith(b"\x89PNG")
    match_id = summary["database"]["match_id"]
    store = Store(str(db))
    assert len(store.read_games(match_id)) == 10
    store.close()


def test_two_workers_print_the_same_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["match", "hearts(deals=1)", "--agents", "easy,random", "--deals", "12", "--json"]
    _, one, _ = run([*argv, "--duplicate"], capsys)
    _, two, _ = run([*argv, "--duplicate", "--workers", "2", "--quiet"], capsys)
    first, second = json.loads(one), json.loads(two)
    assert first["agents"][0]["mean_return"] == second["agents"][0]["mean_return"]
    assert first["pairs"] == second["pairs"]
    assert second["workers"] == 2


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--agents", "easy,genius"], "unknown agent 'genius' for hearts; agents: "),
        (["--agents", "easy", "--deals", "0"], "argument --deals: must be at least 1"),
        (["--agents", "easy", "--deals", "x"], "argument --deals: expected a whole number"),
        (["--agents", "easy", "--workers", "0"], "argument --workers: must be at least 1"),
        (["--agents", "a,b,c,d,e"], "5 names for a game of 4 seats"),
        (["--agents", "easy", "--chart", "/no/such/folder/m.png"], "no such writable folder"),
        (["--agents", "easy", "--chart", "m.svg"], "m.svg should be a .png file"),
        (["--agents", "easy", "--database", "/no/such/folder/m.db"], "no folder /no/such"),
        (["--agents", "easy", "--database", "nosuchdb://x"], "database: cannot use"),
        ([], "give GAME and --agents A,B (or --resume STORE"),
    ],
)
def test_bad_arguments_fail_before_any_game(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run(["match", "hearts(deals=1)", *argv], capsys)
    assert code == 2
    assert out == ""
    assert len(err.splitlines()) == 1 and err.startswith("hoyle: error: ")
    assert message in err


def test_a_bad_agent_creates_no_database(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "m.db"
    code, _, _ = run(["match", "hearts", "--agents", "genius", "--database", str(db)], capsys)
    assert code == 2 and not db.exists()


def test_a_chart_that_fails_after_the_match_exits_with_1_but_shows_the_results(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def disk_full(*args: object) -> Path:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("hoyle.arena.chart.write_chart", disk_full)
    argv = ["match", "hearts(deals=1)", "--agents", "easy", "--deals", "2"]
    code, out, err = run([*argv, "--chart", str(tmp_path / "m.png")], capsys)
    assert code == 1
    assert out.startswith("hearts(deals=1): 2 deals")  # the results are still shown
    assert err.startswith("hoyle: error: results not saved: ") and "No space left" in err


def test_ctrl_c_stops_the_match_with_status_130(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("hoyle.arena.match", interrupted)
    code, out, err = run(["match", "hearts(deals=1)", "--agents", "easy"], capsys)
    assert code == 130 and out == ""
    assert err == "hoyle: error: match interrupted; nothing was printed or saved\n"
    # With a store the study is kept, stopped, to be resumed (test_arena_streaming).
    db = tmp_path / "m.db"
    argv = ["match", "hearts(deals=1)", "--agents", "easy", "--database", str(db), "--quiet"]
    code, out, err = run(argv, capsys)
    assert code == 130 and out == ""
    assert err.startswith("hoyle: study 1 stopped: 0 of 100 deals saved in ")
    assert Store(str(db)).summary(1)["status"] == "stopped"


def test_deals_count_deals_and_games_count_games(capsys: pytest.CaptureFixture[str]) -> None:
    # Hearts is a match to 100 (RULINGS: Hearts); --deals 3 is three deals, not three matches.
    code, out, err = run(["match", "hearts", "--agents", "easy,random", "--deals", "3"], capsys)
    assert code == 0, err
    assert out.splitlines()[0].startswith("hearts(deals=1): 3 deals from seed 0")
    assert "hearts is played over several deals; --deals 3 plays 3 single deals" in err
    argv = ["match", "hearts(target=30)", "--agents", "easy,random", "--games", "2", "--json"]
    code, out, err = run(argv, capsys)
    assert code == 0 and err == "", err  # whole games asked for: nothing to note
    summary = json.loads(out)
    assert (summary["game"], summary["deals"], summary["unit"]) == ("hearts(target=30)", 2, "game")
    code, out, _ = run([*argv[:-1], "--duplicate"], capsys)
    lines = out.splitlines()
    assert lines[0] == "hearts(target=30): 2 games from seed 0, duplicate, 2 rotations, 4 played"
    assert lines[1].split()[2] == "games" and lines[5].startswith("pair (per game)")
    code, _, err = run(
        ["match", "hearts", "--agents", "easy", "--deals", "2", "--games", "2"], capsys
    )
    assert code == 2 and "--games: not allowed with argument --deals" in err


def test_piped_progress_is_a_line_every_few_seconds_and_json_stays_clean(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # stderr is not a terminal here, as in a job's log: lines, not a bar.
    argv = ["match", "hearts(deals=1)", "--agents", "easy,random", "--deals", "300", "--json"]
    code, out, err = run([*argv, "--progress-every", "0.001"], capsys)
    assert code == 0
    assert len(out.splitlines()) == 1 and json.loads(out)["deals"] == 300
    lines = err.splitlines()
    assert lines and all(line.startswith("hearts(deals=1): ") for line in lines)
    assert re.search(r": [\d,]+/300 deals \(\d+%\), [\d.]+/s, .* left, easy−random [+-]", err)
    _, _, quiet = run([*argv, "--progress-every", "0.001", "--quiet"], capsys)
    assert quiet == ""


def test_a_progress_line_says_what_is_done_the_rate_and_the_time_left() -> None:
    lines = ProgressLines(10_000, "hearts(deals=1)", "deal", 30)
    lines.done = 1_200
    assert lines.line(30.0, "easy−random +0.31 ±0.40") == (
        "hearts(deals=1): 1,200/10,000 deals (12%), 40.0/s, 3 min 40 s left, "
        "easy−random +0.31 ±0.40"
    )
    lines.done = 0
    assert lines.line(5.0).endswith("0.0/s, ? left")
