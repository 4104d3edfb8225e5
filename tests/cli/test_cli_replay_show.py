"""``hoyle replay FILE --show``: the positions printed where there is no terminal (a test's
captured output is none), and bad input refused with status 2 and one line saying what would
be right."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.records.test_records_roundtrip import random_game

from hoyle import records
from hoyle.cli import main
from hoyle.records.timeline import Timeline


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture
def record_file(tmp_path: Path) -> Path:
    """A one-deal game of Hearts (seed 3) played at random, saved as a record."""
    state = random_game("hearts(deals=1)", 3, 1)
    path = tmp_path / "game.hrec"
    records.write_file(records.from_state(state, seed=3, seats=["human", "a", "b", "c"]), path)
    return path


def test_plain_prints_every_position(record_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    line = Timeline(records.read_file(record_file))
    code, out, err = run(["replay", str(record_file), "--show", "--plain"], capsys)
    assert (code, err) == (0, "")
    assert out.splitlines()[0].startswith("Hearts — Black Lady · face up · hearts(deals=1)")
    heads = [row for row in out.splitlines() if row.startswith("=== Position ")]
    assert len(heads) == len(line)
    assert (
        heads[-1]
        == f"=== Position {len(line) - 1} of {len(line) - 1} · the end · the game is over ==="
    )
    assert "Hands (face up):" in out


def test_one_position_by_label_or_number_as_a_seat_saw_it(
    record_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = Timeline(records.read_file(record_file))
    code, out, _ = run(["replay", str(record_file), "--at", "1.3", "--seat", "2"], capsys)
    assert code == 0
    assert out.count("=== Position ") == 1
    assert f"=== Position {line.tricks()[3]} of {len(line) - 1} · deal 1, trick 3" in out
    assert "as seat 2 saw it" in out and "Your hand:" in out and "Hands" not in out
    code, numbered, _ = run(["replay", str(record_file), "--step", str(line.tricks()[3])], capsys)
    assert code == 0 and numbered.count("=== Position ") == 1
    assert f"=== Position {line.tricks()[3]} of" in numbered


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--show", "--seat", "4"], "--seat must be 0…3 for 4 players, not 4"),
        (["--at", "1.14"], "--at: no position is labelled '1.14'; this game's labels are 1.pass,"),
        (["--step", "999"], "--step must be 0…"),
        (["--step", "two"], "argument --step: invalid int value: 'two'"),
        (["--at", "1.2", "--step", "3"], "argument --step: not allowed with argument --at"),
    ],
)
def test_bad_input_exits_2_with_one_line(
    record_file: Path,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    message: str,
) -> None:
    code, out, err = run(["replay", str(record_file), *args], capsys)
    assert code == 2 and out == ""
    assert err.startswith(f"hoyle: error: {message}")
    assert err.count("\n") == 1


def test_a_record_that_does_not_replay_exits_2_with_its_line(
    record_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rec = records.read_file(record_file)
    bad = tmp_path / "bad.hrec"
    bad.write_text(records.dumps(rec).replace(f" {rec.actions[20]} ", " ZZ ", 1), encoding="utf-8")
    code, out, err = run(["replay", str(bad), "--show"], capsys)
    assert code == 2 and out == ""
    assert err.startswith(f"hoyle: error: {bad}: line ") and "ZZ is illegal" in err
    assert "legal: " in err and err.count("\n") == 1
    code, _, err = run(["replay", str(tmp_path / "missing.hrec"), "--show"], capsys)
    assert code == 2 and err.startswith("hoyle: error: cannot read ")


def test_without_show_it_still_checks(
    record_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(["replay", str(record_file)], capsys)
    assert code == 0 and "every one legal" in out and "=== Position" not in out
