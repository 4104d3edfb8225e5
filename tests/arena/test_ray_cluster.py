"""``hoyle match`` and ``hoyle simulate`` on a Ray cluster started here (issue 9).

"``hoyle match`` and ``hoyle simulate`` run on a Ray cluster when given ``--ray ADDRESS`` …
results stream back with a progress bar and are written to SQLite or Parquet … Test it with a
local Ray cluster started by the test." One head node (``ray start --head --block``, 2 CPUs) is
started for the module in its own process group and killed with it at the end. A batch's
games depend only on its data, so the cluster must print exactly what one local process prints.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from studykit import STUDY, kill_at_random, without_times

import hoyle
from hoyle import arena
from hoyle.arena.store import Store
from hoyle.arena.study import parquet_columns
from hoyle.cli import main


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def ray_address() -> Iterator[str]:
    """The address of a one-node Ray cluster with 2 CPUs, up for this module only."""
    # The ray command of this Python's environment (next to it in a venv), else on the PATH.
    beside = Path(sys.executable).with_name("ray")
    ray_cli = str(beside) if beside.exists() else shutil.which("ray")
    assert ray_cli is not None, "the ray command comes with pip install 'hoyle[ray]'"
    # A short folder: Ray's socket paths live under it and must stay under 108 bytes.
    temp = tempfile.mkdtemp(prefix="hoyle-ray-", dir="/tmp")
    port = _free_port()
    env = dict(os.environ)
    # The workers must import this very hoyle (the one under test), not another install.
    source = str(Path(hoyle.__file__).resolve().parents[1])
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [source, env.get("PYTHONPATH")]))
    log = Path(temp) / "start.log"
    with log.open("w") as out:
        head = subprocess.Popen(
            [
                ray_cli,
                "start",
                "--head",
                "--block",
                f"--port={port}",
                "--node-ip-address=127.0.0.1",
                "--num-cpus=2",
                f"--temp-dir={temp}",
                "--include-dashboard=false",
                "--disable-usage-stats",
                f"--ray-client-server-port={_free_port()}",
                f"--dashboard-agent-listen-port={_free_port()}",
            ],
            stdout=out,
            stderr=subprocess.STDOUT,
            env=env,
            start_new_session=True,  # its own process group: every Ray process goes with it
        )
    try:
        deadline = time.monotonic() + 120
        while "Ray runtime started" not in log.read_text():
            if head.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"ray start did not come up:\n{log.read_text()}")
            time.sleep(0.2)
        yield f"127.0.0.1:{port}"
    finally:
        os.killpg(head.pid, signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            head.wait(timeout=2)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(head.pid, signal.SIGKILL)  # what SIGTERM left (raylet, GCS, workers)
        head.wait()
        shutil.rmtree(temp, ignore_errors=True)


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_a_match_on_ray_streams_to_parquet_and_equals_one_process(
    ray_address: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    argv = ["match", "hearts(deals=1)", "--agents", "easy,random", "--deals", "24"]
    argv += ["--duplicate", "--seed", "5", "--json"]
    code, out, err = run([*argv, "--quiet"], capsys)
    assert code == 0, err
    local = json.loads(out)

    parquet = tmp_path / "match.parquet"
    code, out, err = run([*argv, "--ray", ray_address, "--out", str(parquet), "--progress"], capsys)
    assert code == 0, err
    on_ray = json.loads(out)
    assert on_ray["executor"] == f"Ray at {ray_address}, 2 CPUs"
    # Exact sums: the same numbers to the last bit, whatever order the batches came back in.
    assert without_times(on_ray) == without_times(local)
    assert "24/24" in err  # the progress bar counted every deal as its batch came back

    # One row per game (24 deals x 2 rotations) with the documented columns, equal to the games
    # one process plays from the same seed.
    table = pq.read_table(parquet)
    assert table.column_names == parquet_columns(4)
    rows = sorted(table.to_pylist(), key=lambda r: (r["deal"], r["rotation"]))
    games = arena.match("hearts(deals=1)", ["easy", "random"], 24, seed=5).games
    assert len(rows) == len(games) == 48
    for row, game in zip(rows, games, strict=True):
        assert (row["deal"], row["rotation"], row["seed"]) == (game.deal, game.rotation, game.seed)
        assert tuple(row[f"agent_{s}"] for s in range(4)) == game.seats
        assert tuple(row[f"return_{s}"] for s in range(4)) == game.returns
        assert tuple(row[f"score_{s}"] for s in range(4)) == game.scores
    state = Store(str(parquet / "_study.sqlite"))  # the folder's own store
    try:
        assert without_times(state.summary(1)) == without_times(local)
    finally:
        state.close()


def test_a_simulation_on_ray_streams_to_sqlite_and_equals_one_process(
    ray_address: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    argv = ["simulate", "all-fours(deals=1)", "--games", "30", "--seed", "11"]
    argv += ["--agents", "easy,random", "--json"]
    code, out, err = run([*argv, "--quiet"], capsys)
    assert code == 0, err
    local = json.loads(out)

    db = tmp_path / "study.sqlite"
    code, out, err = run([*argv, "--ray", ray_address, "--out", str(db), "--progress"], capsys)
    assert code == 0, err
    on_ray = json.loads(out)
    assert without_times(on_ray) == without_times(local)
    assert "30/30" in err

    store = Store(str(db))
    try:
        (match_id,) = store.match_ids()
        games = store.read_games(match_id)
        assert [g.deal for g in games] == list(range(30))
        assert all(g.seats == ("easy", "random") and g.rotation == 0 for g in games)
        # The stored games give the printed means.
        for seat in range(2):
            mean = sum(g.returns[seat] for g in games) / 30
            assert mean == pytest.approx(local["mean_returns"][seat])
        assert without_times(store.summary(match_id)) == without_times(local)
    finally:
        store.close()


@pytest.mark.parametrize("store", ["study.sqlite", "study.parquet"])
def test_a_ray_study_killed_at_a_random_moment_resumes_to_the_same_numbers(
    store: str,
    ray_address: str,
    uninterrupted: dict[str, object],
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    # Issue 21: "A test kills the driver with SIGKILL at a random moment … of a local-Ray
    # study (each with SQLite and with Parquet), resumes it, and gets exactly the numbers of
    # the uninterrupted run." The cluster outlives its driver, as a real one does.
    path = tmp_path / store
    argv = [*STUDY, "--ray", ray_address, "--out", str(path)]
    delay = kill_at_random(argv, path, tmp_path / "driver.log")
    code, out, err = run(["match", "--resume", str(path), "--ray", ray_address, "--json"], capsys)
    assert code == 0, err
    assert "going on with study 1" in err
    assert without_times(json.loads(out)) == uninterrupted, f"killed after {delay:.2f} s"
