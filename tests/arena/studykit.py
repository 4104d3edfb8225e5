"""Helpers of the study tests: the study they kill, a driver killed at a random moment."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import hoyle

STUDY = ["match", "hearts(deals=1)", "--agents", "easy,random", "--deals", "6000"]
STUDY += ["--duplicate", "--seed", "5", "--json", "--batch-seconds", "0.2"]
"""The study the kill tests interrupt: about 15 s in one process, a batch every 0.2 s."""


def hoyle_command() -> list[str]:
    """``python -m hoyle`` with this checkout's hoyle first on the path."""
    return [sys.executable, "-m", "hoyle"]


def hoyle_env() -> dict[str, str]:
    """The environment for a driver process: this checkout's hoyle, for it and its workers."""
    env = dict(os.environ)
    source = str(Path(hoyle.__file__).resolve().parents[1])
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [source, env.get("PYTHONPATH")]))
    return env


def without_times(summary: dict[str, Any]) -> dict[str, Any]:
    """A summary less what depends on the run: times, where it ran and where it went."""
    dropped = {"elapsed_s", "games_per_s", "workers", "executor", "out", "database", "study"}
    dropped |= {"status", "kind", "run", "export", "driver"}  # what a store adds
    data = {k: v for k, v in summary.items() if k not in dropped}
    agents = data.get("agents")
    if isinstance(agents, list) and agents and isinstance(agents[0], dict):
        data["agents"] = [{k: v for k, v in a.items() if k != "think_ms"} for a in agents]
    return data


def kill_at_random(
    argv: list[str], store: Path, log: Path, *, wait_for_text: str | None = None
) -> float:
    """Start a driver for ``argv``, SIGKILL it at a random moment once its study is recorded
    in ``store`` (or, for a database elsewhere, once its log says ``wait_for_text``), check
    that its worker processes end with it, and return that moment (seconds after)."""
    seed = int.from_bytes(os.urandom(4), "big")
    delay = random.Random(seed).uniform(0.3, 4.0)
    with log.open("w") as err:
        driver = subprocess.Popen(
            [*hoyle_command(), *argv], stdout=subprocess.DEVNULL, stderr=err, env=hoyle_env()
        )
    try:
        deadline = time.monotonic() + 120
        while not (
            wait_for_text in log.read_text() if wait_for_text is not None else store.exists()
        ):
            assert driver.poll() is None, log.read_text()
            assert time.monotonic() < deadline, "the study was never recorded"
            time.sleep(0.05)
        time.sleep(delay)
        # The study must still be going: a kill after the end would prove nothing.
        assert driver.poll() is None, f"finished before the kill at {delay:.2f} s (seed {seed})"
        workers = children(driver.pid)
        driver.kill()
    finally:
        driver.kill()
        driver.wait()
    # Its worker processes must not outlive it, waiting for work for ever.
    deadline = time.monotonic() + 15
    while any(Path(f"/proc/{pid}").exists() for pid in workers):
        assert time.monotonic() < deadline, f"workers {workers} outlived their driver"
        time.sleep(0.1)
    return delay


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # ended while we looked
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found
