"""Where the room's bots think (``hoyle.web.bots``): worker processes, not the server's
threads; a queue where a table with a human goes first; a budget per move."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import hoyle
from hoyle.agents.levels import LEVEL_BUDGETS
from hoyle.core.registry import make_agent
from hoyle.web.bots import BotPool, cap_budget
from hoyle.web.room import Room
from hoyle.web.store import Store
from hoyle.web.table import Settings


def test_a_job_runs_in_a_worker_process() -> None:
    async def main() -> int:
        pool = BotPool(1)
        try:
            return await pool.run(False, os.getpid)
        finally:
            pool.close()

    assert asyncio.run(main()) != os.getpid()


def test_a_job_for_a_table_with_a_human_goes_before_the_bots_queued() -> None:
    async def main() -> list[str]:
        pool = BotPool(1)
        done: list[str] = []

        async def job(name: str, urgent: bool) -> None:
            await pool.run(urgent, time.sleep, 0.05)
            done.append(name)

        try:
            await pool.run(False, os.getpid)  # the worker is up
            busy = asyncio.create_task(pool.run(False, time.sleep, 0.5))
            await asyncio.sleep(0.05)  # it holds the one worker
            jobs = []
            for name, urgent in (("bots 1", False), ("human", True), ("bots 2", False)):
                jobs.append(asyncio.create_task(job(name, urgent)))
                await asyncio.sleep(0.01)
            assert pool.load()["queued"] == 3 and pool.load()["running"] == 1
            await asyncio.gather(busy, *jobs)
            return done
        finally:
            pool.close()

    assert asyncio.run(main()) == ["human", "bots 1", "bots 2"]


def test_a_cancelled_wait_gives_its_place_up() -> None:
    async def main() -> dict[str, object]:
        pool = BotPool(1)
        try:
            busy = asyncio.create_task(pool.run(False, time.sleep, 0.3))
            await asyncio.sleep(0.05)
            waiting = asyncio.create_task(pool.run(True, os.getpid))
            await asyncio.sleep(0.01)
            waiting.cancel()  # the table moved on (a human came back)
            await busy
            await pool.run(False, os.getpid)  # the worker is free again
            return pool.load()
        finally:
            pool.close()

    load = asyncio.run(main())
    assert load["running"] == 0 and load["queued"] == 0


def test_the_budget_per_move_caps_a_search_and_keeps_a_shorter_one() -> None:
    game = hoyle.load("hearts")
    expert = cap_budget(make_agent("expert", game, 1), 0.2)
    assert expert.budget.seconds == 0.2  # type: ignore[attr-defined]
    assert expert.budget.simulations == LEVEL_BUDGETS["expert"].simulations  # type: ignore[attr-defined]
    medium = cap_budget(make_agent("medium", game, 1), 0.2)
    assert medium.budget.seconds == LEVEL_BUDGETS["medium"].seconds  # type: ignore[attr-defined]
    easy = make_agent("easy", game, 1)
    assert cap_budget(easy, 0.2) is easy  # it does not search


def test_a_table_of_searching_bots_plays_through_the_pool(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'room.sqlite3'}")
    settings = Settings(bot_delay=0, summary_seconds_bots=0, bot_workers=1, bot_seconds=0.01)
    room = Room(store, settings)

    async def main() -> dict[str, object]:
        try:
            made = await room.create("all_fours(deals=1)", [{"kind": "bot", "level": "medium"}] * 2)
            for _ in range(3000):
                if made.table.finished:
                    break
                await asyncio.sleep(0.01)
            assert made.table.finished
            return room.pool.load()
        finally:
            room.stop()

    try:
        load = asyncio.run(main())
    finally:
        store.close()
    assert isinstance(load["moves"], int) and load["moves"] >= 6  # every card of a hand
    assert load["workers"] == 1


def test_a_worker_that_dies_is_replaced_and_the_job_tried_again() -> None:
    async def main() -> tuple[int, int]:
        pool = BotPool(1)
        try:
            first = await pool.run(False, os.getpid)
            os.kill(first, signal.SIGKILL)  # out of memory, say
            await asyncio.sleep(0.2)
            return first, await pool.run(False, os.getpid)
        finally:
            pool.close()

    first, second = asyncio.run(main())
    assert second not in (first, os.getpid())


SERVER = """
import asyncio, os, signal
from hoyle.web.bots import BotPool

async def main():
    pool = BotPool(1)
    print(await pool.run(False, os.getpid), flush=True)
    os.kill(os.getpid(), signal.SIGKILL)  # no shutdown: the workers are told nothing

asyncio.run(main())
"""


def test_workers_leave_when_their_server_is_killed() -> None:
    done = subprocess.run(
        [sys.executable, "-c", SERVER], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == -signal.SIGKILL
    worker = int(done.stdout.split()[0])
    deadline = time.monotonic() + 10
    while Path(f"/proc/{worker}").exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not Path(f"/proc/{worker}").exists(), "an orphaned worker waits for ever"


def test_closing_the_pool_ends_its_workers() -> None:
    async def main() -> int:
        pool = BotPool(1)
        worker = await pool.run(False, os.getpid)
        pool.close()
        return worker

    assert not Path(f"/proc/{asyncio.run(main())}").exists()
