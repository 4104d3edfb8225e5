"""The ``hoyle`` sub-commands other than ``play``: simulate, variants, rules, games, errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import hoyle
from hoyle.cli import main
from hoyle.core.registry import families, family


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_python_dash_m_hoyle_prints_the_version() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "hoyle", "--version"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0
    assert done.stdout.strip() == f"hoyle {hoyle.__version__}"


def test_main_reads_sys_argv(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.argv", ["hoyle", "games"])
    assert main() == 0
    out = capsys.readouterr().out
    assert "hearts" in out and "all-fours" in out


def test_no_command_shows_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run([], capsys)
    assert code == 2
    assert "simulate" in out and "replay" in out


def test_games_and_families(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["games"], capsys)
    assert code == 0
    assert "hearts" in out and "black-lady" in out
    code, out, _ = run(["families", "--json"], capsys)
    assert code == 0
    rows = json.loads(out)
    assert [r["name"] for r in rows] == hoyle.families()
    assert rows[0]["default_variant"] == hoyle.variants(rows[0]["name"])[0].name


def test_variants_json_lists_every_preset(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["variants", "hearts", "--json"], capsys)
    assert code == 0
    listed = json.loads(out)
    assert [v["name"] for v in listed] == [v.name for v in hoyle.variants("hearts")]
    for entry in listed:
        assert {"name", "aliases", "summary", "source"} <= set(entry)
        assert isinstance(entry["aliases"], list)
        assert entry["summary"] and entry["source"]


def test_variants_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["variants", "hearts"], capsys)
    assert code == 0
    assert "black-lady (default)" in out
    assert "rickety-kate" in out  # wrapped lines keep hyphenated names whole
    assert "source: " in out


def test_rules_show_every_option_with_its_value(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["rules", "hearts"], capsys)
    assert code == 0
    assert out.startswith("Hearts — black-lady\nGame string: hearts\n")
    flat = " ".join(out.split())  # long lists wrap across lines
    for info in family("hearts").options():
        assert f"  {info.name} = " in out
        assert f"allowed: {info.allowed}" in flat
    assert "\n* " not in out  # nothing differs from the defaults


def test_rules_mark_what_differs_from_the_family_default(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(["rules", "hearts(moon=subtract)", "players=5"], capsys)
    assert code == 0
    assert "Game string: hearts(players=5,moon=subtract)" in out
    assert "* moon = subtract" in out
    assert "family default: add" in out
    assert "* players = 5" in out
    assert "  target = 100" in out


def test_rules_explain_the_options_in_force(capsys: pytest.CaptureFixture[str]) -> None:
    # Issue 3: "hoyle rules hearts --variant X explains each in plain words generated from its
    # options": the words follow an option given on the command line.
    code, out, _ = run(["rules", "hearts", "--variant", "greek"], capsys)
    assert code == 0 and "The rules in force:" in out
    assert "the Q♠ 50" in out and "passes 3 cards to the right" in out
    code, out, _ = run(["rules", "hearts", "--variant", "greek", "pass_cycle=hold"], capsys)
    assert "No cards are passed." in out


def simulate_json(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    code, out, err = run(["simulate", *argv, "--json"], capsys)
    assert code == 0, err
    assert len(out.strip().splitlines()) == 1
    result = json.loads(out)
    assert isinstance(result, dict)
    return result


def test_simulate_json_one_deal(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["hearts", "deals=1", "--games", "20", "--seed", "5", "--agents", "random,easy"]
    code, _, err = run(["simulate", *argv, "--json"], capsys)
    assert code == 2 and "--agents names 2 agents for 4 seats" in err

    argv[-1] = "random,easy,random,easy"
    result = simulate_json(argv, capsys)
    assert result["game"] == "hearts(deals=1)"
    assert result["games"] == 20
    assert result["agents"] == ["random", "easy", "random", "easy"]
    means = result["mean_returns"]
    scores = result["mean_scores"]
    assert isinstance(means, list) and isinstance(scores, list)
    assert len(means) == len(scores) == 4
    assert all(isinstance(m, float) for m in means)
    # One deal: the return is minus the points, and a deal hands out 26 (78 when shot).
    assert means == pytest.approx([-s for s in scores])
    assert -78 <= sum(means) <= -26
    ci = result["ci95"]
    assert isinstance(ci, list)
    for mean, (low, high) in zip(means, ci, strict=True):
        assert low <= mean <= high
    assert isinstance(result["elapsed_s"], float) and result["elapsed_s"] > 0

    again = simulate_json(argv, capsys)
    assert again["mean_returns"] == means
    other = simulate_json([*argv[:5], "6", *argv[6:]], capsys)
    assert other["mean_returns"] != means


def test_simulate_a_match_with_one_agent_for_every_seat(
    capsys: pytest.CaptureFixture[str],
) -> None:
    result = simulate_json(["hearts", "--games", "3", "--agents", "easy", "--quiet"], capsys)
    assert result["agents"] == ["easy"] * 4
    means = result["mean_returns"]
    assert isinstance(means, list)
    assert sum(means) == pytest.approx(1.0)  # a match is won once (ties share)


def test_simulate_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["simulate", "hearts", "deals=1", "--games", "5"], capsys)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "hearts(deals=1): 5 games from seed 0"
    assert "mean return" in lines[1] and "95% CI" in lines[1]
    assert [line.split()[:2] for line in lines[2:6]] == [[str(s), "random"] for s in range(4)]
    assert lines[6].startswith("5 games in ") and "games/s" in lines[6]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "chess"], "unknown game 'chess'; games: " + ", ".join(families())),
        (["rules", "hearts", "--variant", "spades"], "unknown hearts variant 'spades'"),
        (["rules", "hearts", "moon=sometimes"], "bad value 'sometimes' for hearts option 'moon'"),
        (["rules", "hearts", "colour=red"], "unknown hearts option 'colour'"),
        (["rules", "hearts", "moon"], "expected an option as name=value, not 'moon'"),
        (["rules", "hearts(moon=add"], "cannot read game"),
        (["simulate", "hearts", "--games", "0"], "argument --games: must be at least 1"),
        (["simulate", "hearts", "--agents", "genius"], "unknown agent 'genius'"),
        (["play", "hearts", "--seat", "4"], "--seat must be 0…3"),
        (["play", "hearts", "--opponents", "easy,random"], "--opponents names 2 agents"),
        (["play", "hearts", "--seed", "x"], "argument --seed: invalid int value"),
        (["variants", "whist"], "unknown game 'whist'"),
        (["deal"], "argument COMMAND: invalid choice: 'deal'"),
        (["variants"], "the following arguments are required: GAME"),
        (["games", "--fast"], "unrecognized argument '--fast'"),
    ],
)
def test_bad_arguments_exit_with_one_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(argv, capsys)
    assert code == 2
    assert out == ""
    assert len(err.splitlines()) == 1
    assert err.startswith("hoyle: error: ")
    assert message in err


def test_options_may_follow_the_flags(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["rules", "hearts", "--variant", "black-lady", "moon=subtract"], capsys)
    assert code == 0
    assert "* moon = subtract" in out


def test_replay_of_a_binary_file_says_so_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "bad.hrec"
    bad.write_bytes(b"\xff\xfe\x00")
    code, _, err = run(["replay", str(bad)], capsys)
    assert code == 1
    assert err.startswith("hoyle: error: ") and "not a text record" in err
    assert len(err.strip().splitlines()) == 1


def test_play_refuses_a_record_path_it_cannot_write_before_playing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run(["play", "deals=1", "--record", str(tmp_path / "no" / "x.hrec")], capsys)
    assert code == 2
    assert "--record: cannot write" in err
    assert out == ""  # refused before the game began
