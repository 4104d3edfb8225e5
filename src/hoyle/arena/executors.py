"""Where the batches of a match are played: this process, local worker processes, or Ray.

An executor takes batches (:class:`~hoyle.arena.runner.Batch`) and yields each with its games
as it finishes. Since a batch's games depend only on its data, every executor gives the same
games; only the order they arrive in and the time taken differ. The callers keep exact sums
(:class:`~hoyle.arena.stats.Tally`), so the order never shows in a summary.

- :class:`LocalExecutor` plays in this process (``workers=1``) or in a
  ``concurrent.futures.ProcessPoolExecutor`` of ``workers`` processes.
- :class:`RayExecutor` plays on a Ray cluster: each batch is a remote task, and results are
  taken as they complete with ``ray.wait``. Ray is imported only here, when asked for
  (``pip install 'hoyle[ray]'``). Every node needs hoyle installed (the tasks name the game and
  the agents; each worker loads them itself).

Both keep a bounded number of batches in flight and make the batches lazily, so a study of a
million deals never holds a million of anything: only the batches being played exist at once.

Batches are sized by time (:class:`BatchPlan`): the first are single deals, then each is as
many deals as the measured cost per deal says fit in about a minute (a few seconds in this
process), fewer near the end so that every slot finishes together. So the progress moves
steadily whatever the agents cost, a lost batch loses about a minute, and a round trip to a
worker or a Ray task is paid once a minute, not once a deal.

A batch that cannot be played — its worker process died, or a Ray node was lost, again after
the retries — is not an error of the run: the executor yields it with a :class:`Lost` in place
of its result, and the caller records it and goes on.
"""

from __future__ import annotations

import concurrent.futures
import logging
import multiprocessing
import os
import signal
import sys
import time
from collections.abc import Callable, Generator, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeVar

from hoyle.arena.runner import Batch, BatchOutcome, Failure, empty_tally, play_tallied
from hoyle.arena.seating import ArenaError
from hoyle.core.orphans import leave_with_parent

__all__ = [
    "BatchPlan",
    "Executor",
    "LocalExecutor",
    "Lost",
    "RayExecutor",
    "batch_size",
    "make_batches",
    "make_executor",
    "pending_ranges",
    "stream",
]

_T = TypeVar("_T")

MAX_BATCH = 10_000
"""The most deals in one batch, whatever their cost: bounds what a batch holds in memory."""

BATCHES_PER_SLOT = 4
"""At least this many batches per worker (or CPU) in what is left to play, so that near the
end the batches shrink and every slot finishes at about the same time."""

TARGET_SECONDS = 60.0
"""How long a batch should take in a worker process or on Ray: a round trip a minute, and a
lost batch loses about a minute."""

LOCAL_TARGET_SECONDS = 5.0
"""How long a batch should take when played in this very process (no round trip to pay): the
progress bar and the store move every few seconds."""

ATTEMPTS = 3
"""How many times a batch is tried before it is reported lost (its process died each time)."""


@dataclass(frozen=True)
class Lost:
    """A batch that could not be played: the process (or node) playing it died every time."""

    error: str


class Executor(Protocol):
    """Plays batches and yields each with its games as it finishes."""

    @property
    def slots(self) -> int:
        """How many batches it plays at once."""
        ...

    @property
    def description(self) -> str:
        """Where it plays, in words, for the report (``"2 processes"``)."""
        ...

    def run(
        self, batches: Iterable[Batch], task: Callable[..., _T], *args: Any
    ) -> Iterator[tuple[Batch, _T | Lost]]:
        """``task(batch, *args)`` for each batch, yielded with it as it finishes (a
        :class:`Lost` when it could not be played).

        ``task`` must be a module-level function (it is sent to other processes by name).
        """
        ...

    def close(self) -> None:
        """Release what it holds (processes, a Ray connection it made)."""
        ...


def batch_size(
    deals: int, slots: int, seconds_per_deal: float | None = None, target: float = TARGET_SECONDS
) -> int:
    """Deals in the next batch, when ``deals`` are left to hand out to ``slots`` slots.

    Before any cost is known a batch is one deal (it measures the cost soonest). Then a batch
    is as many deals as take ``target`` seconds, but never more than leaves
    :data:`BATCHES_PER_SLOT` batches per slot of what is left (the last batches shrink, so
    that no slot idles while another finishes a long one) nor more than :data:`MAX_BATCH`.

    >>> batch_size(1_000, 2)  # nothing measured yet
    1
    >>> batch_size(1_000_000, 8, 0.5), batch_size(1_000_000, 8, 0.0001)  # a minute; the cap
    (120, 10000)
    >>> batch_size(100, 2, 0.01)  # near the end: a quarter of each slot's share
    12
    """
    if seconds_per_deal is None:
        return 1
    by_time = int(target / seconds_per_deal) if seconds_per_deal > 0 else MAX_BATCH
    by_share = deals // (slots * BATCHES_PER_SLOT)
    return max(1, min(by_time, by_share, MAX_BATCH))


def make_batches(
    spec: str,
    lineups: tuple[tuple[int, tuple[str, ...]], ...],
    seed: int,
    deals: int,
    size: int,
    *,
    rotate_by_deal: bool = False,
) -> Iterator[Batch]:
    """The batches of ``deals`` deals, ``size`` deals each (the last may be shorter), lazily."""
    for first in range(0, deals, size):
        yield Batch(spec, lineups, seed, first, min(size, deals - first), rotate_by_deal)


def pending_ranges(deals: int, done: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """The ``(first, count)`` ranges of ``range(deals)`` not covered by the ``done`` ranges.

    >>> pending_ranges(10, [(2, 3), (0, 1), (8, 2)])
    [(1, 1), (5, 3)]
    """
    gaps = []
    at = 0
    for first, count in sorted(done):
        if first > at:
            gaps.append((at, first - at))
        at = max(at, first + count)
    if at < deals:
        gaps.append((at, deals - at))
    return gaps


class BatchPlan:
    """The batches of a run, made lazily and sized by the measured cost per deal.

    Args:
        spec, lineups, seed, rotate_by_deal: as for :class:`~hoyle.arena.runner.Batch`.
        ranges: the ``(first, count)`` deal ranges to play (all of them, or what a resumed
            study still lacks).
        slots: how many batches the executor plays at once.
        target: seconds a batch should take (:data:`TARGET_SECONDS`).

    Iterating gives the batches; :meth:`observe` tells the plan what each one cost, and the
    next batch made is sized from all that was measured so far.
    """

    def __init__(
        self,
        spec: str,
        lineups: tuple[tuple[int, tuple[str, ...]], ...],
        seed: int,
        ranges: Iterable[tuple[int, int]],
        slots: int,
        *,
        target: float = TARGET_SECONDS,
        rotate_by_deal: bool = False,
    ) -> None:
        self.spec, self.lineups, self.seed = spec, lineups, seed
        self.ranges = [(first, count) for first, count in ranges if count > 0]
        self.total = sum(count for _, count in self.ranges)
        self.slots, self.target, self.rotate_by_deal = max(1, slots), target, rotate_by_deal
        self.issued = 0
        self.batches = 0
        self._deals_measured = 0
        self._seconds_measured = 0.0

    def observe(self, count: int, seconds: float) -> None:
        """A batch of ``count`` deals took ``seconds`` where it was played."""
        self._deals_measured += count
        self._seconds_measured += seconds

    @property
    def seconds_per_deal(self) -> float | None:
        """The mean cost of a deal so far, ``None`` before the first batch came back."""
        if not self._deals_measured:
            return None
        return self._seconds_measured / self._deals_measured

    def __iter__(self) -> Iterator[Batch]:
        for first, count in self.ranges:
            end = first + count
            while first < end:
                left = self.total - self.issued
                size = min(
                    end - first, batch_size(left, self.slots, self.seconds_per_deal, self.target)
                )
                yield Batch(self.spec, self.lineups, self.seed, first, size, self.rotate_by_deal)
                self.issued += size
                self.batches += 1
                first += size


def _start_worker(driver: int) -> None:
    """A worker's first steps: leave Ctrl-C to the driver (it saves what is done, then stops
    the workers), and end when the driver ends, even when it was killed outright."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # A forked worker inherits the driver's SIGTERM handler (which saves the study): here
    # SIGTERM must simply end the process.
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    leave_with_parent(driver)


class LocalExecutor:
    """This process (``workers=1``) or a pool of ``workers`` local processes.

    Args:
        workers: processes to play in.
        start_method: the ``multiprocessing`` start method (default: the platform's).
    """

    def __init__(self, workers: int = 1, start_method: str | None = None) -> None:
        if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
            raise ArenaError(f"workers must be a whole number of at least 1, not {workers!r}")
        self.workers = workers
        self.start_method = start_method

    @property
    def slots(self) -> int:
        """The number of processes."""
        return self.workers

    @property
    def description(self) -> str:
        """``"1 worker"``, ``"4 workers"``."""
        return f"{self.workers} worker{'s' if self.workers != 1 else ''}"

    def run(
        self, batches: Iterable[Batch], task: Callable[..., _T], *args: Any
    ) -> Iterator[tuple[Batch, _T | Lost]]:
        """Each batch with ``task``'s result, as they finish (in order with one worker).

        When a worker process dies (killed, out of memory) the pool breaks and every batch in
        it is lost with it; a new pool is made and those batches are played again, one at a
        time, so that the one that kills its process is found: after :data:`ATTEMPTS` deaths
        it is yielded as :class:`Lost`, and the rest of the run goes on.
        """
        if self.workers == 1:
            for batch in batches:
                yield batch, task(batch, *args)
            return
        source = iter(batches)
        suspects: list[tuple[Batch, int]] = []  # (batch, deaths so far): played alone
        while True:
            broken = yield from self._round(source, suspects, task, args)
            if not broken:
                return

    def _round(
        self,
        source: Iterator[Batch],
        suspects: list[tuple[Batch, int]],
        task: Callable[..., _T],
        args: tuple[Any, ...],
    ) -> Generator[tuple[Batch, _T | Lost], None, bool]:
        """Play in one pool until the batches run out (False) or the pool breaks (True)."""
        pool = self._pool()
        pending: dict[concurrent.futures.Future[_T], tuple[Batch, int]] = {}
        broken = False

        def submit(batch: Batch, deaths: int) -> bool:
            try:
                pending[pool.submit(task, batch, *args)] = (batch, deaths)
            except concurrent.futures.BrokenExecutor:  # broke before we heard: not its fault
                suspects.insert(0, (batch, deaths))
                return False
            return True

        def fill() -> bool:
            """Queue more batches; False when the pool turned out to be broken."""
            # A suspect plays alone; otherwise a few batches per process are queued: busy to
            # the end, yet never all at once.
            if suspects:
                return bool(pending) or submit(*suspects.pop(0))
            while len(pending) < 4 * self.workers:
                batch = next(source, None)
                if batch is None:
                    return True
                if not submit(batch, 0):
                    return False
            return True

        try:
            broken = not fill()
            while pending:
                done, _ = concurrent.futures.wait(
                    pending, return_when=concurrent.futures.FIRST_COMPLETED
                )
                for future in done:
                    batch, deaths = pending.pop(future)
                    try:
                        result = future.result()
                    except concurrent.futures.BrokenExecutor as exc:
                        broken = True
                        if deaths + 1 >= ATTEMPTS:
                            yield batch, Lost(f"its worker process died {ATTEMPTS} times ({exc})")
                        else:
                            suspects.append((batch, deaths + 1))
                        continue
                    yield batch, result
                if broken:
                    # Every batch still in the broken pool died with it: each is a suspect.
                    suspects.extend((b, d + 1) for b, d in pending.values())
                    pending.clear()
                    return True
                broken = not fill()
            return broken
        finally:
            _stop(pool, wait=not (pending or broken))

    def _pool(self) -> concurrent.futures.ProcessPoolExecutor:
        context = multiprocessing.get_context(self.start_method)
        return concurrent.futures.ProcessPoolExecutor(
            self.workers, mp_context=context, initializer=_start_worker, initargs=(os.getpid(),)
        )

    def close(self) -> None:
        """Nothing to release: the pool lives only while :meth:`run` does."""


def _stop(pool: concurrent.futures.ProcessPoolExecutor, *, wait: bool) -> None:
    """Shut ``pool`` down; unless ``wait``, kill its processes first, so that a stopped run
    (Ctrl-C, an error) does not wait for batches nobody will read."""
    if not wait:
        # The pool has no public way to stop a running task; its processes are at hand.
        for process in list(getattr(pool, "_processes", {}).values()):
            process.terminate()
    pool.shutdown(wait=wait, cancel_futures=True)


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise ArenaError(
            "ray: Ray is not installed; install it with pip install 'hoyle[ray]'"
        ) from None
    return ray


def _token_auth_if_available() -> None:
    """Send the cluster token when one is at hand, as ``ray start`` does on this machine.

    Recent Ray releases (2.60 here): ``ray start`` turns token authentication on when
    ``RAY_AUTH_MODE`` is unset and a token exists (``RAY_AUTH_TOKEN``, ``RAY_AUTH_TOKEN_PATH``
    or ``~/.ray/auth_token``), but a driver joining by address does not, and is refused. A
    cluster without authentication ignores a token, so sending one whenever there is one is
    safe.
    """
    if "RAY_AUTH_MODE" in os.environ:
        return  # the user chose
    path = os.environ.get("RAY_AUTH_TOKEN_PATH") or str(Path.home() / ".ray" / "auth_token")
    if not (os.environ.get("RAY_AUTH_TOKEN") or Path(path).is_file()):
        return
    # Ray reads its settings once, when imported: set the mode before that, as Ray itself does.
    os.environ["RAY_AUTH_MODE"] = "token"
    if "ray" in sys.modules:  # imported already (by a script): ask Ray to read them again
        try:
            from ray._raylet import Config  # type: ignore[attr-defined]

            Config.initialize("")
        except (ImportError, AttributeError):  # pragma: no cover - another Ray version
            pass


class RayExecutor:
    """A Ray cluster: one remote task per batch, results taken as they complete.

    Args:
        address: ``"local"`` starts a Ray instance in this process's machine (as
            ``ray.init()`` does); ``"auto"`` joins the cluster this machine belongs to (started
            with ``ray start``); ``"HOST:PORT"`` joins the cluster whose head is there;
            ``"ray://HOST:10001"`` connects through the Ray client.
        num_cpus: with ``"local"``, the CPUs to give Ray (default: all).

    If Ray was already initialised in this process (by a script), that connection is used and
    left open; otherwise the connection made here is closed by :meth:`close`.
    """

    def __init__(self, address: str, *, num_cpus: int | None = None) -> None:
        self.address = address.strip()
        if not self.address:
            raise ArenaError("ray: give an address: local, auto or HOST:PORT")
        if self.address != "local" and "ray" not in sys.modules:
            _token_auth_if_available()
        ray = _ray()
        self._owned = not ray.is_initialized()
        if self._owned:
            options: dict[str, Any] = {"logging_level": logging.WARNING, "log_to_driver": False}
            if self.address == "local":
                options.update(include_dashboard=False, num_cpus=num_cpus)
            else:
                options["address"] = self.address
                _token_auth_if_available()  # ray was imported before: too late for the above
            try:
                ray.init(**options)
            except (ConnectionError, RuntimeError, ValueError) as exc:
                raise ArenaError(f"ray: cannot connect to {self.address!r}: {exc}") from None
        self._ray = ray
        self._tasks: dict[Callable[..., Any], Any] = {}
        self._cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))

    @property
    def slots(self) -> int:
        """The CPUs of the cluster (one task per CPU at a time)."""
        return self._cpus

    @property
    def description(self) -> str:
        """``"Ray at HOST:PORT, 8 CPUs"``."""
        where = "a local Ray" if self.address == "local" else f"Ray at {self.address}"
        return f"{where}, {self._cpus} CPU{'s' if self._cpus != 1 else ''}"

    def run(
        self, batches: Iterable[Batch], task: Callable[..., _T], *args: Any
    ) -> Iterator[tuple[Batch, _T | Lost]]:
        """Each batch with ``task``'s result, as they complete on the cluster.

        Ray plays a task again when its worker or node dies (:data:`ATTEMPTS` tries in all); a
        task that still fails is yielded as :class:`Lost` and the run goes on.
        """
        ray = self._ray
        if task not in self._tasks:  # one remote function per task, made once
            self._tasks[task] = ray.remote(num_cpus=1, max_retries=ATTEMPTS - 1)(task)
        remote = self._tasks[task]
        failure = getattr(ray.exceptions, "RayError", ray.exceptions.RayTaskError)
        source = iter(batches)
        pending: dict[Any, Batch] = {}
        checked = time.monotonic()

        def fill() -> None:
            # Two tasks per CPU: each CPU has its next batch waiting, and the driver never
            # submits (or holds the results of) more than that.
            while len(pending) < 2 * self._cpus:
                batch = next(source, None)
                if batch is None:
                    return
                pending[remote.remote(batch, *args)] = batch

        try:
            fill()
            while pending:
                done, _ = ray.wait(list(pending), num_returns=1)
                for ref in done:
                    batch = pending.pop(ref)
                    try:
                        result: _T = ray.get(ref)
                    except failure as exc:
                        cause = getattr(exc, "cause", None) or exc
                        yield batch, Lost(f"ray: {' '.join(repr(cause).split())[:500]}")
                        continue
                    yield batch, result
                if time.monotonic() - checked > 30:  # nodes come and go: follow the CPUs
                    checked = time.monotonic()
                    self._cpus = max(1, int(ray.cluster_resources().get("CPU", self._cpus)))
                fill()
        finally:
            for ref in pending:
                ray.cancel(ref, force=True)

    def close(self) -> None:
        """Disconnect from the cluster, if the connection was made here."""
        if self._owned and self._ray.is_initialized():
            self._ray.shutdown()


def make_executor(
    workers: int = 1, *, ray: str | None = None, start_method: str | None = None
) -> Executor:
    """A :class:`RayExecutor` when ``ray`` names an address, else a :class:`LocalExecutor`."""
    if ray is not None:
        return RayExecutor(ray)
    return LocalExecutor(workers, start_method)


class Recorder(Protocol):
    """Where each finished batch goes (a study's store: :class:`hoyle.arena.study.Study`)."""

    @property
    def wants_games(self) -> bool:
        """Whether it keeps the games themselves, not only the tallies."""
        ...

    def record(self, batch: Batch, outcome: BatchOutcome) -> None:
        """Keep a finished batch (its failures included)."""
        ...


def stream(
    executor: Executor,
    plan: BatchPlan,
    *,
    desc: str,
    progress: bool | float,
    recorder: Recorder | None = None,
    keep_games: bool = False,
    per_seat: bool = False,
    unit: str = "deal",
    status: Callable[[], str] | None = None,
    done: int = 0,
) -> Iterator[BatchOutcome]:
    """Play ``plan``'s batches on ``executor``, each tallied where it is played; yield the
    outcomes (a lost batch as an outcome whose only content is its failure).

    Games travel back only when the ``recorder`` keeps them or ``keep_games`` asks for them;
    otherwise only the batches' exact tallies do, so the caller merely merges small sums
    however fast the cluster plays. Each outcome's time tells the plan how big to make the
    next batches. A tqdm bar on stderr counts the deals when ``progress`` is True (from
    ``done``, the deals a resumed study had already); a number is seconds between plain
    lines instead (:class:`ProgressLines`, for a log); ``status``, asked once the caller has
    taken each outcome, writes the running figures beside either.
    """
    from tqdm import tqdm  # a base dependency; imported here to keep the package light

    wanted = keep_games or (recorder is not None and recorder.wants_games)
    total = done + plan.total
    live = progress is True
    every = None if isinstance(progress, bool) else float(progress)
    lines = ProgressLines(total, desc, unit, every, done=done) if every else None
    with tqdm(
        total=total, initial=done, desc=desc, unit=unit, file=sys.stderr, disable=not live
    ) as bar:
        lost_in_a_row = 0
        for batch, result in executor.run(plan, play_tallied, wanted, per_seat):
            lost_in_a_row = lost_in_a_row + 1 if isinstance(result, Lost) else 0
            if lost_in_a_row > 2 * executor.slots + 2:
                # Not one batch but every one: the cluster or the machine is failing, not a
                # deal. Stop (a study keeps what it has) rather than mark the rest failed.
                assert isinstance(result, Lost)
                raise ArenaError(
                    f"{lost_in_a_row} batches in a row could not be played; the last: "
                    f"{result.error}"
                )
            if isinstance(result, Lost):
                empty = empty_tally(batch.lineups[0][1], per_seat)
                outcome = BatchOutcome(
                    [], empty, (Failure(batch.first, batch.count, result.error),)
                )
            else:
                outcome = result
                plan.observe(batch.count, outcome.seconds)
            if recorder is not None:
                recorder.record(batch, outcome)
            bar.update(batch.count)
            yield outcome
            if status is not None and live:
                bar.set_postfix_str(status())
            if lines is not None:
                lines.update(batch.count, status)


class ProgressLines:
    """Progress for a log, not a terminal: a whole line every ``every`` seconds (none for a
    run shorter than that), saying what is done, the rate, the time left and the running
    figures."""

    def __init__(self, total: int, desc: str, unit: str, every: float, done: int = 0) -> None:
        self.total, self.desc, self.unit, self.every = total, desc, unit, every
        self.done = self.before = done
        self.start = self.last = time.monotonic()

    def update(self, count: int, status: Callable[[], str] | None = None) -> None:
        """Count ``count`` more; write a line if ``every`` seconds have passed since the last."""
        self.done += count
        now = time.monotonic()
        if now - self.last < self.every:
            return
        self.last = now
        print(self.line(now - self.start, status() if status else ""), file=sys.stderr, flush=True)

    def line(self, elapsed: float, status: str = "") -> str:
        """``hearts(deals=1): 1,200/10,000 deals (12%), 40.1/s, 3 min 39 s left, …``."""
        rate = (self.done - self.before) / elapsed if elapsed > 0 else 0.0
        left = (self.total - self.done) / rate if rate > 0 else float("inf")
        text = (
            f"{self.desc}: {self.done:,}/{self.total:,} {self.unit}s "
            f"({100 * self.done / self.total:.0f}%), {rate:.1f}/s, {_duration(left)} left"
        )
        return f"{text}, {status}" if status else text


def _duration(seconds: float) -> str:
    """``219`` → ``"3 min 39 s"``; ``"?"`` when it cannot be known yet."""
    if seconds == float("inf"):
        return "?"
    whole = round(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours} h {minutes} min"
    return f"{minutes} min {secs} s" if minutes else f"{secs} s"
