"""Studies that survive their driver (issue 21), in local processes; Ray in test_ray_cluster.

"A test kills the driver with SIGKILL at a random moment of a local-process study … (each with
SQLite and with Parquet), resumes it, and gets exactly the numbers of the uninterrupted run;
another makes one batch fail every time and checks the study finishes with that batch
reported."
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest
from studykit import STUDY, hoyle_command, hoyle_env, kill_at_random, without_times

import hoyle
from hoyle.arena.runner import Batch, agent_seed
from hoyle.arena.seating import ArenaError
from hoyle.arena.study import study_statuses
from hoyle.cli import main
from hoyle.core import registry
from hoyle.core.protocol import Game, State


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize("store", ["study.sqlite", "study.parquet"])
def test_a_study_killed_at_a_random_moment_resumes_to_the_same_numbers(
    store: str,
    uninterrupted: dict[str, Any],
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    path = tmp_path / store
    argv = [*STUDY, "--workers", "2", "--out", str(path)]
    delay = kill_at_random(argv, path, tmp_path / "driver.log")
    (status,) = study_statuses(str(path))
    assert status.state == "interrupted" and status.done < 6000, (delay, status)

    code, out, err = run(["match", "--resume", str(path), "--workers", "2", "--json"], capsys)
    assert code == 0, err
    assert f"going on with study 1 in {path}: {status.done:,} of 6,000 done" in err
    assert without_times(json.loads(out)) == uninterrupted, f"killed after {delay:.2f} s"
    (status,) = study_statuses(str(path))
    assert (status.state, status.done, status.pending, status.failed) == ("finished", 6000, 0, 0)
    # Every game once, whatever was lost in the kill: the store holds the study exactly.
    if store.endswith(".parquet"):
        keys = pq.read_table(path, columns=["deal", "rotation"]).to_pylist()
        assert len(keys) == len({(k["deal"], k["rotation"]) for k in keys}) == 12_000


def test_the_same_command_again_continues_the_study(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # "hoyle match --resume STORE (or the same command again) continues where it stopped".
    path = tmp_path / "s.sqlite"

    def study(deals: int, out: Path, *more: str) -> list[str]:
        head = ["match", "hearts(deals=1)", "--agents", "easy,random", "--deals", str(deals)]
        return [*head, "--json", "--batch-seconds", "0.01", *more, "--out", str(out)]

    kill_at_random(study(4000, path), path, tmp_path / "driver.log")  # a long one, killed
    code, _, err = run(study(4000, path), capsys)
    assert code == 0, err
    assert "going on with study 1" in err
    assert [s.id for s in study_statuses(str(path))] == [1]
    # A different study in the same database is a new one; in a Parquet folder, an error.
    assert run(study(40, path), capsys)[0] == 0
    assert [s.id for s in study_statuses(str(path))] == [1, 2]
    folder = tmp_path / "s.parquet"
    assert run(study(40, folder), capsys)[0] == 0
    code, _, err = run(study(40, folder, "--seed", "4"), capsys)
    assert code == 2 and f"{folder} already holds a study" in err


BAD_DEAL = 7


def _failing_agent(action: str) -> registry.AgentFactory:
    """An agent that plays at random, except on deal :data:`BAD_DEAL` of a match from seed 0,
    where it raises (``"raise"``) or kills its process (``"die"``), every time."""
    bad = {agent_seed(0, BAD_DEAL, rotation, seat) for rotation in range(4) for seat in range(4)}

    def factory(game: Game[Any], seed: int | None) -> registry.Agent:
        random_agent = hoyle.agent("random", game, seed=seed)
        if seed not in bad:
            return random_agent

        class Failing:
            def step(self, state: State) -> int:
                if action == "die":
                    os._exit(3)  # as a process killed by the kernel for its memory
                raise RuntimeError(f"deliberate failure on deal {BAD_DEAL}")

        return Failing()  # type: ignore[return-value]

    return factory


@pytest.fixture
def failing_agents(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(registry._AGENTS, (None, "raises-on-deal-7"), _failing_agent("raise"))
    monkeypatch.setitem(registry._AGENTS, (None, "dies-on-deal-7"), _failing_agent("die"))
    yield


def test_a_deal_that_fails_every_time_is_reported_and_the_rest_goes_on(
    failing_agents: None, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # "a task that keeps failing is recorded with its error and the rest of the study goes on"
    path = tmp_path / "s.sqlite"
    argv = ["match", "hearts(deals=1)", "--agents", "raises-on-deal-7,random", "--deals", "20"]
    code, out, err = run([*argv, "--out", str(path), "--json"], capsys)
    assert code == 1  # finished, but not whole
    summary = json.loads(out)
    assert summary["failed_deals"] == 1
    (failure,) = summary["failures"]
    assert failure["first"] == BAD_DEAL and failure["count"] == 1
    assert "RuntimeError: deliberate failure on deal 7" in failure["error"]
    assert summary["agents"][0]["deals"] == 19  # the other deals all count
    assert "1 deal could not be played; hoyle study status" in err
    (status,) = study_statuses(str(path))
    assert (status.state, status.done, status.failed, status.pending) == ("finished", 19, 1, 0)

    code, out, _ = run(["study", "status", str(path)], capsys)
    assert code == 0
    assert "done 19, pending 0, failed 1 of 20" in out
    assert "failed deal 7: RuntimeError: deliberate failure on deal 7" in out
    assert f"go on with: hoyle match --resume {path} --study 1" in out

    # Resuming tries the failed deal again (it fails again) and nothing else.
    code, out, err = run(["match", "--resume", str(path), "--json"], capsys)
    assert code == 1 and "1 of 20" not in err and "19 of 20 done" in err
    assert json.loads(out)["agents"] == summary["agents"]
    (status,) = study_statuses(str(path))
    assert (status.done, status.failed) == (19, 1)


def test_a_batch_whose_process_dies_every_time_is_reported_and_the_rest_goes_on(
    failing_agents: None, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # A process that dies takes its whole batch with it: after three deaths, played alone so
    # that no other batch is blamed, the batch is recorded as failed and the study goes on.
    path = tmp_path / "s.parquet"
    argv = ["match", "hearts(deals=1)", "--agents", "dies-on-deal-7,random", "--deals", "40"]
    argv += ["--workers", "2", "--out", str(path), "--json", "--batch-seconds", "0.01"]
    code, out, err = run(argv, capsys)
    assert code == 1, err
    summary = json.loads(out)
    (failure,) = summary["failures"]
    assert failure["first"] <= BAD_DEAL < failure["first"] + failure["count"]
    assert "worker process died 3 times" in failure["error"]
    lost = failure["count"]
    assert summary["agents"][0]["deals"] == 40 - lost
    (status,) = study_statuses(str(path))
    assert (status.done, status.failed, status.pending) == (40 - lost, lost, 0)
    assert len(pq.read_table(path)) == 40 - lost  # one row per game that was played


def test_sigterm_saves_what_is_done_like_ctrl_c(tmp_path: Path) -> None:
    # A cluster's scheduler sends SIGTERM before it takes a machine back: the study is saved
    # and marked stopped, with status 128 + 15.
    path = tmp_path / "s.parquet"
    argv = [*STUDY, "--out", str(path)]
    with (tmp_path / "driver.log").open("w") as err:
        driver = subprocess.Popen(
            [*hoyle_command(), *argv], stdout=subprocess.DEVNULL, stderr=err, env=hoyle_env()
        )
    try:
        deadline = time.monotonic() + 60
        while not path.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(1.0)
        driver.send_signal(signal.SIGTERM)
        assert driver.wait(timeout=60) == 143
    finally:
        driver.kill()
        driver.wait()
    log = (tmp_path / "driver.log").read_text()
    assert "stopped: " in log and f"go on with: hoyle match --resume {path}" in log
    (status,) = study_statuses(str(path))
    assert status.state == "stopped" and 0 < status.done < 6000


def test_a_run_where_every_batch_is_lost_stops_instead_of_failing_every_deal() -> None:
    # A cluster gone, a machine out of memory: not one bad batch but all of them. The run
    # stops (a study keeps what it has and goes on later) rather than record every deal as
    # failed.
    from hoyle.arena.executors import BatchPlan, Lost, stream

    class Failing:
        slots = 1
        description = "nowhere"

        def run(self, batches: Iterator[Batch], task: object, *args: object) -> Iterator[object]:
            for batch in batches:
                yield batch, Lost("the node died")

        def close(self) -> None:
            pass

    plan = BatchPlan("hearts(deals=1)", ((0, ("random",) * 4),), 0, [(0, 100)], 1)
    outcomes = stream(Failing(), plan, desc="x", progress=False)  # type: ignore[arg-type]
    with pytest.raises(
        ArenaError, match="5 batches in a row could not be played; the last: the node died"
    ):
        list(outcomes)


def test_a_study_taken_over_by_another_driver_records_nothing_more_from_the_first(
    tmp_path: Path,
) -> None:
    # Two drivers on one study (a driver thought dead resumed elsewhere while the first still
    # played): the later takes the study; the earlier's next batch is refused, so no deal is
    # recorded twice, and stopping it leaves the study to the other.
    from hoyle.arena.runner import play_tallied
    from hoyle.arena.store import StudyTaken
    from hoyle.arena.study import RunInfo, Study

    info = RunInfo("match", "hearts(deals=1)", ("easy", "random") * 2, 0, 6, True, 2, 1)
    first = Study.open(tmp_path / "s.sqlite", info)
    lineups = ((0, info.lineup), (1, info.lineup[1:] + info.lineup[:1]))
    batch = Batch(info.game, lineups, 0, 0, 2)
    first.record(batch, play_tallied(batch, True, False))
    second = Study.open(tmp_path / "s.sqlite", info)  # continues it: the same settings
    assert second.resumed and second.pending() == [(2, 4)]
    later = Batch(info.game, lineups, 0, 2, 2)
    with pytest.raises(StudyTaken, match="study 1 was taken over by process"):
        first.record(later, play_tallied(later, True, False))
    assert "being played by another process now" in first.stop()
    second.record(later, play_tallied(later, True, False))
    assert second.pending() == [(2, 4)]  # what it knew at the start; the store knows more
    (status,) = study_statuses(str(tmp_path / "s.sqlite"))
    assert (status.state, status.done, status.pending) == ("running", 4, 2)
    second.close()


def test_a_driver_whose_pid_went_to_another_process_is_not_taken_for_alive() -> None:
    # Pids come round again (32,768 of them by default): a dead driver's pid may be a new
    # process's when the study is resumed, and must not block it.
    from hoyle.arena import study

    other = subprocess.Popen(["sleep", "30"])
    try:
        driver = {"host": socket.gethostname(), "pid": other.pid}
        assert study._alive({**driver, "started": study._started(other.pid)})
        assert not study._alive({**driver, "started": "1"})  # the pid, not the process
    finally:
        other.kill()
        other.wait()
    assert not study._alive({**driver, "started": None})
