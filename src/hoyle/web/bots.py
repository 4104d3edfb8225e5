"""Where the room's bots think: a bounded pool of worker processes fed by a priority queue.

A search holds the interpreter for up to a second a move. Run in the server's own threads it
starved the event loop (another table's move waited seconds for its acknowledgement), so every
bot move and every hint is worked out in a worker process instead. At most ``workers`` jobs
run at once; the rest wait in a queue where a job for a table with a human watching
(``urgent``) goes before every job for a table of bots alone, and jobs of the same rank go in
the order they came. Each search is held to ``seconds`` a move at most (its level's own budget
when that is shorter). The workers run at a lower CPU priority than the server, so moves are
acknowledged promptly however busy the bots are.

``workers=0`` thinks in the server's threads as the room did before this pool, with no
queue: a way to measure what the pool changes (``benchmarks/room_share.py``), not a setting
for a public room.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import heapq
import itertools
import logging
import multiprocessing
import os
import statistics
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

import hoyle
from hoyle.core.budget import Budget
from hoyle.core.orphans import leave_with_parent
from hoyle.core.protocol import State
from hoyle.core.registry import Agent, make_agent
from hoyle.i18n import current, using

__all__ = ["BotPool", "Thought", "cap_budget"]

T = TypeVar("T")

log = logging.getLogger("hoyle.web")

_AGENTS: OrderedDict[tuple[str, int, str, str], Agent] = OrderedDict()
"""A worker's agents by (table, seat, level, game): kept between moves, as a searching agent
may carry a plan from one move of a turn to the next."""
_AGENTS_KEPT = 256


@dataclasses.dataclass(frozen=True)
class Thought:
    """A bot's move and how long the worker spent finding it (seconds, wall time)."""

    action: int
    seconds: float


def cap_budget(agent: Agent, seconds: float | None) -> Agent:
    """``agent`` with its search held to ``seconds`` a move (kept when its own is shorter);
    an agent that does not search is returned as it is."""
    budget = getattr(agent, "budget", None)
    if seconds is None or not isinstance(budget, Budget):
        return agent
    own = budget.seconds
    if own is None or own > seconds:
        agent.budget = dataclasses.replace(budget, seconds=seconds)  # type: ignore[attr-defined]
    return agent


def _start_worker(server: int) -> None:
    """A worker's first steps: a lower CPU priority than the server ``server`` (the process
    that acknowledges moves must not lose its core to a search), and an end when it ends."""
    with contextlib.suppress(OSError):
        os.nice(5)
    # A server killed without its shutdown (SIGKILL, a crash) cannot tell its workers to go.
    leave_with_parent(server)


def _think(key: tuple[str, int, str], state: State, seed: int, seconds: float | None) -> Thought:
    """In a worker: the move of the bot ``key`` = (table, seat, level) at ``state``."""
    start = time.perf_counter()
    table, seat, level = key
    cache_key = (table, seat, level, state.game.spec)
    agent = _AGENTS.get(cache_key)
    if agent is None:
        agent = cap_budget(make_agent(level, state.game, seed), seconds)
        _AGENTS[cache_key] = agent
        if len(_AGENTS) > _AGENTS_KEPT:
            _AGENTS.popitem(last=False)
    else:
        _AGENTS.move_to_end(cache_key)
    action = agent.step(state)
    return Thought(action, time.perf_counter() - start)


def _hint(state: State, level: str, seconds: float, lang: str) -> list[Any]:
    """In a worker: ``hoyle.hint`` of ``state``, its reasons said in ``lang``."""
    with using(lang):
        return hoyle.hint(state, level, seconds=seconds)


class BotPool:
    """Worker processes for the bots and hints of every table, with a priority queue."""

    def __init__(self, workers: int = 1, seconds: float | None = None) -> None:
        if workers < 0:
            raise ValueError(f"workers is 0 (think in threads) or more, not {workers}")
        self.workers = workers
        self.seconds = seconds
        """The most a search may think per move."""
        self._executor: Executor | None = None
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []
        self._order = itertools.count()
        self._running = 0
        self.moves = 0
        """Bot moves worked out since the room started."""
        self._thought: deque[float] = deque(maxlen=2000)
        self._waited: deque[float] = deque(maxlen=2000)

    def _pool(self) -> Executor | None:
        if self.workers == 0:
            return None  # asyncio's default thread pool
        if self._executor is None:
            # spawn, not fork: the server has threads, and a forked copy of a lock held by one
            # of them would never be released in the child.
            self._executor = ProcessPoolExecutor(
                self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_start_worker,
                initargs=(os.getpid(),),
            )
        return self._executor

    async def run(self, urgent: bool, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a worker once a worker is free and no job ranked before it waits;
        ``urgent`` jobs rank before the others."""
        loop = asyncio.get_running_loop()
        queued = time.perf_counter()
        if self.workers > 0:
            turn: asyncio.Future[None] = loop.create_future()
            heapq.heappush(self._waiting, (0 if urgent else 1, next(self._order), turn))
            self._dispatch()
            try:
                await turn
            except asyncio.CancelledError:
                if turn.done() and not turn.cancelled():  # granted as it was cancelled
                    self._release()
                raise
        self._waited.append(time.perf_counter() - queued)
        try:
            try:
                return await loop.run_in_executor(self._pool(), fn, *args)
            except BrokenProcessPool:
                # A worker died (killed, out of memory): every later job would fail the same
                # way, so the pool starts afresh and the job is tried once more.
                log.warning("a bot worker died; starting the workers again")
                self.close()
                return await loop.run_in_executor(self._pool(), fn, *args)
        finally:
            if self.workers > 0:
                self._release()

    def _dispatch(self) -> None:
        while self._running < self.workers and self._waiting:
            _, _, turn = heapq.heappop(self._waiting)
            if turn.done():  # its task was cancelled while it waited
                continue
            self._running += 1
            turn.set_result(None)

    def _release(self) -> None:
        self._running -= 1
        self._dispatch()

    async def think(self, key: tuple[str, int, str], state: State, seed: int, urgent: bool) -> int:
        """The move of the bot ``key`` = (table id, seat, level) at ``state``."""
        thought = await self.run(urgent, _think, key, state, seed, self.seconds)
        self._thought.append(thought.seconds)
        self.moves += 1
        return thought.action

    async def hint(self, state: State, level: str, seconds: float) -> list[Any]:
        """``hoyle.hint`` of ``state``, ahead of every bot (a player waits for it), in the
        language in force (a worker process has its own)."""
        if self.seconds is not None:
            seconds = min(seconds, self.seconds)
        return await self.run(True, _hint, state, level, seconds, current())

    def load(self) -> dict[str, Any]:
        """How busy the bots are: workers, jobs running and queued, moves made, and over the
        last 2,000 jobs the median and 99th percentile of think and queue times in
        milliseconds."""

        def ms(values: deque[float], q: int) -> float | None:
            if len(values) < 2:
                return round(values[0] * 1000, 1) if values else None
            return round(statistics.quantiles(values, n=100)[q - 1] * 1000, 1)

        return {
            "workers": self.workers,
            "running": self._running,
            "queued": sum(not t.done() for *_, t in self._waiting),
            "moves": self.moves,
            "think_ms_p50": ms(self._thought, 50),
            "think_ms_p99": ms(self._thought, 99),
            "queue_ms_p50": ms(self._waited, 50),
            "queue_ms_p99": ms(self._waited, 99),
        }

    def close(self) -> None:
        """Stop the workers (server shutdown): queued jobs are dropped, a search under way
        ends within its budget, and the workers have exited when this returns."""
        if self._executor is not None:
            self._executor.shutdown(wait=True, cancel_futures=True)
            self._executor = None
