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
million deals never holds a million of anything: a few thousand batches are made one by one,
and only the ones being played exist at once.
"""

from __future__ import annotations

import concurrent.futures
import logging
import multiprocessing
import os
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from hoyle.arena.runner import Batch, BatchOutcome, play_tallied
from hoyle.arena.seating import ArenaError

if TYPE_CHECKING:
    from hoyle.arena.sinks import Sink

__all__ = [
    "Executor",
    "LocalExecutor",
    "RayExecutor",
    "batch_size",
    "make_batches",
    "make_executor",
    "stream",
]

_T = TypeVar("_T")

MAX_BATCH = 250
"""The most deals in one batch: a batch of quick deals still reports within a few seconds."""

BATCHES_PER_SLOT = 16
"""Batches per worker (or CPU) when deals are few: enough to keep every one busy to the end."""


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
    ) -> Iterator[tuple[Batch, _T]]:
        """``task(batch, *args)`` for each batch, yielded with it as it finishes.

        ``task`` must be a module-level function (it is sent to other processes by name).
        """
        ...

    def close(self) -> None:
        """Release what it holds (processes, a Ray connection it made)."""
        ...


def batch_size(deals: int, slots: int) -> int:
    """Deals per batch: one in one process (a live bar), else about 16 batches per slot.

    A batch costs a round trip, so quick deals want big batches; a slot should have several
    batches, so that none sits idle while the last slow batch finishes. Capped at
    :data:`MAX_BATCH` so that the progress bar and the output files move steadily.

    >>> batch_size(100, 1), batch_size(100, 2), batch_size(1_000_000, 8)
    (1, 3, 250)
    """
    if slots <= 1:
        return 1
    return max(1, min(MAX_BATCH, deals // (slots * BATCHES_PER_SLOT)))


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
    ) -> Iterator[tuple[Batch, _T]]:
        """Each batch with ``task``'s result, as they finish (in order with one worker)."""
        if self.workers == 1:
            for batch in batches:
                yield batch, task(batch, *args)
            return
        context = multiprocessing.get_context(self.start_method)
        pending: dict[concurrent.futures.Future[_T], Batch] = {}
        source = iter(batches)
        with concurrent.futures.ProcessPoolExecutor(self.workers, mp_context=context) as pool:

            def fill() -> None:
                # A few batches per process queued: busy to the end, yet never all at once.
                while len(pending) < 4 * self.workers:
                    batch = next(source, None)
                    if batch is None:
                        return
                    pending[pool.submit(task, batch, *args)] = batch

            try:
                fill()
                while pending:
                    done, _ = concurrent.futures.wait(
                        pending, return_when=concurrent.futures.FIRST_COMPLETED
                    )
                    for future in done:
                        yield pending.pop(future), future.result()
                    fill()
            finally:
                # On an error (or Ctrl-C) do not wait for the deals nobody will read.
                for future in pending:
                    future.cancel()

    def close(self) -> None:
        """Nothing to release: the pool lives only while :meth:`run` does."""


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
    ) -> Iterator[tuple[Batch, _T]]:
        """Each batch with ``task``'s result, as they complete on the cluster."""
        ray = self._ray
        if task not in self._tasks:  # one remote function per task, made once
            self._tasks[task] = ray.remote(num_cpus=1, max_retries=2)(task)
        remote = self._tasks[task]
        source = iter(batches)
        pending: dict[Any, Batch] = {}

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
                    except ray.exceptions.RayTaskError as exc:
                        raise ArenaError(
                            f"ray: deals {batch.first}-{batch.first + batch.count - 1} "
                            f"failed: {exc.cause!r}"
                        ) from None
                    yield batch, result
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


def stream(
    executor: Executor,
    batches: Iterable[Batch],
    *,
    deals: int,
    desc: str,
    progress: bool | float,
    sinks: Sequence[Sink] = (),
    keep_games: bool = False,
    per_seat: bool = False,
    unit: str = "deal",
    status: Callable[[], str] | None = None,
) -> Iterator[BatchOutcome]:
    """Play ``batches`` on ``executor``, each tallied where it is played; yield the outcomes.

    Games travel back only when there are ``sinks`` to write them to (each batch's games are
    written as it finishes) or ``keep_games`` asks for them; otherwise only the batches' exact
    tallies do, so the caller merely merges small sums however fast the cluster plays. A tqdm
    bar on stderr counts the deals when ``progress`` is True; a number is seconds between
    plain lines instead (:class:`ProgressLines`, for a log); ``status``, asked once the caller
    has taken each outcome, writes the running figures beside either.
    """
    from tqdm import tqdm  # a base dependency; imported here to keep the package light

    wanted = keep_games or bool(sinks)
    live = progress is True
    every = None if isinstance(progress, bool) else float(progress)
    lines = ProgressLines(deals, desc, unit, every) if every else None
    with tqdm(total=deals, desc=desc, unit=unit, file=sys.stderr, disable=not live) as bar:
        for batch, outcome in executor.run(batches, play_tallied, wanted, per_seat):
            for sink in sinks:
                sink.write(outcome.games)
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

    def __init__(self, total: int, desc: str, unit: str, every: float) -> None:
        self.total, self.desc, self.unit, self.every = total, desc, unit, every
        self.done = 0
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
        rate = self.done / elapsed if elapsed > 0 else 0.0
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
