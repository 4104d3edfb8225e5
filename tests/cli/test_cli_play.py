"""``hoyle play``: a whole deal in the terminal, driven by a script that reads the screen."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest
from cli_script import ScriptedPlayer

import hoyle
from hoyle.cli import derive_seed, main

ONE_DEAL = ["play", "hearts", "deals=1", "--seed", "3"]


def test_a_whole_deal_played_with_the_first_marked_card(
    scripted: Callable[..., ScriptedPlayer],
) -> None:
    player = scripted()
    assert main([*ONE_DEAL, "--no-record"]) == 0
    out = player.output()
    # Seed 3 passes left: three cards passed, then thirteen played.
    assert len(player.sent) == 16
    assert "Passing 3 cards left" in out
    # What happened is seat 0's log: the others' passes counted, its own receipt named.
    assert "Seat 1 passes 3 cards to Seat 2." in out
    assert re.search(r"You receive \S+ \S+ \S+ from Seat 3\.", out)
    assert re.search(r"Seat \d (leads|plays) \S+\.", out)
    assert "takes the trick" in out or "You take the trick" in out
    assert "Deal 1 is over." in out
    assert "Game over." in out

    # The same moves on a parallel engine, with the agents the command line seeds, give the
    # same final scores: the terminal game played the engine's game and nothing else.
    game = hoyle.load("hearts", deals=1)
    state = game.new_initial_state(seed=3)
    agents = {s: hoyle.agent("easy", game, seed=derive_seed(3, s)) for s in (1, 2, 3)}
    moves = iter(player.sent)
    while not state.is_terminal():
        seat = state.current_player()
        if seat == 0:
            state.apply_action(state.string_to_action(next(moves)))
        else:
            state.apply_action(agents[seat].step(state))
    final = ", ".join(
        f"{'You' if s == 0 else f'Seat {s}'} {int(v)}" for s, v in enumerate(state.scores())
    )
    assert f"Final scores: {final}." in out


def test_illegal_input_is_refused_with_the_reason_and_the_game_goes_on(
    scripted: Callable[..., ScriptedPlayer],
) -> None:
    refused: list[str] = []

    def pick(marked: list[str], shown: str) -> str | None:
        # Once in the play, offer a card of the hand that is not marked legal (the hand is the
        # rows after "Your hand:"; the log above it names cards too).
        rows = shown.rpartition("Your hand:")[2]
        hand: list[tuple[str, str]] = re.findall(r"(?<=\s)(\d{1,2}|[JQKA])([♣♦♥♠])(?=\s|$)", rows)
        unmarked = [r + s for r, s in hand if f"[{r}{s}]" not in rows]
        if "Trick:" in shown and unmarked and not refused:
            refused.append(unmarked[0])
            return unmarked[0]
        return None

    player = scripted(before={1: "zz", 2: "10x"}, pick=pick)
    assert main([*ONE_DEAL, "--no-record"]) == 0
    out = player.output()
    # docs/contract.md §7: the protocol's refusal, the family's reason, the legal moves.
    assert "Not allowed: 'zz' is not a legal action here (not a card or a Hearts move)" in out
    assert "Not allowed: '10x' is not a legal action here (not a card or a Hearts move)" in out
    assert refused, "the script never saw an unmarked card to try"
    assert re.search(r"\(seat 0 cannot play \w+: (must follow suit|hearts are not)", out)
    assert "Game over." in out


def test_help_lists_the_legal_moves(scripted: Callable[..., ScriptedPlayer]) -> None:
    player = scripted(before={1: "help", 2: "?", 3: "show"}, stop_after=3)
    assert main([*ONE_DEAL, "--no-record"]) == 0
    out = player.output()
    assert out.count("Legal now: ") == 2
    assert out.count("Your hand:") == 2  # once at the turn, once for ``show``


def test_quit_ends_the_game(scripted: Callable[..., ScriptedPlayer]) -> None:
    player = scripted(before={1: "quit"})
    assert main([*ONE_DEAL, "--no-record"]) == 0
    out = player.output()
    assert "Game stopped." in out
    assert "Game over." not in out


def test_end_of_input_ends_the_game_like_quit(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Real stdin, not a terminal, with two cards passed and then nothing more.
    monkeypatch.setattr("sys.stdin", io.StringIO("qc\nkc\n"))
    assert main([*ONE_DEAL, "--no-record"]) == 0
    out = capsys.readouterr().out
    # Two of the three cards chosen: the pass is not made yet, so the log has not told it.
    assert "You pass" not in out and out.count("Pass a card") == 3
    assert "Game stopped." in out


def test_seat_opponents_and_a_game_string(scripted: Callable[..., ScriptedPlayer]) -> None:
    player = scripted()
    argv = ["play", "hearts(moon=subtract)", "deals=1", "pass_cycle=hold", "--seed", "11"]
    assert main([*argv, "--seat", "2", "--opponents", "random", "--no-record"]) == 0
    out = player.output()
    assert out.startswith(
        "Hearts — Black Lady · hearts(deals=1,pass_cycle=hold,moon=subtract) · seed 11"
    )
    assert "you are seat 2" in out
    assert "Seat 0 (across)" in out
    assert len(player.sent) == 13  # no passing


def test_a_played_game_is_saved_and_replays(
    scripted: Callable[..., ScriptedPlayer],
    records: ModuleType,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / "game.hrec"
    player = scripted()
    assert main([*ONE_DEAL, "--record", str(path)]) == 0
    assert f"Record saved: {path}" in player.output()
    record = records.read_file(path)
    assert record.tags["Game"] == "hearts(deals=1)"
    assert record.tags["Seats"] == "human, easy, easy, easy"
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "every one legal" in out
    assert out.strip().endswith(record.tags["Result"])


def test_a_quit_game_is_saved_where_the_default_says(
    scripted: Callable[..., ScriptedPlayer],
    records: ModuleType,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    player = scripted(before={4: "quit"})
    assert main(ONE_DEAL) == 0
    saved = list((tmp_path / "records").glob("hoyle-hearts-*.hrec"))
    assert len(saved) == 1
    assert f"Record saved: {Path('records') / saved[0].name}" in player.output()
    record = records.read_file(saved[0])
    assert record.tags["Result"].startswith("unfinished")
    assert record.tags["Termination"] == "abandoned"
    # Stopped at our first card: every pass is recorded, the deal is not over.
    assert 12 <= len(record.actions) < 52


def test_replay_reports_the_line_of_a_bad_action(
    scripted: Callable[..., ScriptedPlayer],
    records: ModuleType,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / "game.hrec"
    scripted()
    assert main([*ONE_DEAL, "--record", str(path)]) == 0
    capsys.readouterr()
    lines = path.read_text(encoding="utf-8").splitlines()
    # Play the 2♣ a second time in the last line of moves: no longer in anyone's hand.
    last = max(i for i, line in enumerate(lines) if line and not line.startswith("["))
    words = lines[last].split()
    lines[last] = " ".join([words[0], "2C", *words[2:]])
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"line {last + 1}:")
    assert len(err.splitlines()) == 1


def test_replay_of_a_missing_file_fails(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "/nonexistent/game.hrec"]) == 1
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_play_defaults_to_hearts(scripted: Callable[..., ScriptedPlayer]) -> None:
    player = scripted(before={1: "quit"})
    assert main(["play", "deals=1", "--seed", "3", "--no-record"]) == 0
    assert player.output().startswith(
        "Hearts — Black Lady · hearts(deals=1) · seed 3 · you are seat 0\n"
    )
