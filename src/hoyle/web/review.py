""" "Review my game" in the room: :func:`hoyle.agents.review.review` run as a background job.

A review values every decision of one seat with a searching level (a second or two each at
``expert``), so it runs away from the server: each job in a worker process of its own (a
search holds the interpreter; in the server's threads it would starve the event loop, as the
bots' searches did before :mod:`hoyle.web.bots`), at a lower CPU priority, at most
:data:`WORKERS` at once, the rest waiting in a queue of at most :data:`QUEUED`. The process
tells its progress ("decision 4 of 13") through a pipe the job's thread reads; a cancel is
asked of the review between decisions (its ``cancel`` callback), and a process that does not
stop within :data:`CANCEL_GRACE` seconds is ended.

Jobs are keyed by (source, seat, level), the source a finished table (``table:ID``) or an
uploaded record (``upload:ID``): a second request for a job already queued or running gets
that job. A finished table's review is stored in the database with the table
(:meth:`~hoyle.web.store.Store.save_review`) and served from there on every later visit; an
upload's is kept in memory with the upload and forgotten with it. Only a finished game is
reviewed (409 for a table in play, as its replay and record are), so no hidden card of a live
game leaves through here.
"""

from __future__ import annotations

import contextlib
import json
import multiprocessing
import os
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from fastapi import HTTPException, Request

import hoyle
from hoyle.agents.hints import value_meaning
from hoyle.core.errors import HoyleError
from hoyle.core.registry import family, takes_budget
from hoyle.i18n import N_, _
from hoyle.web.replay import Replay, ReplayError, Replays, label_words
from hoyle.web.store import Store
from hoyle.web.words import game_title, level_name

__all__ = [
    "CANCEL_GRACE",
    "LEVELS",
    "QUEUED",
    "WORKERS",
    "Job",
    "ReviewError",
    "Reviews",
    "read_request",
]

LEVELS = ("medium", "hard", "expert")
"""The levels a review may be asked of (each searches with its own budget)."""
WORKERS = 1
"""Reviews run at once. The room's machine has two cores: one for the server, one shared
by the bots' pool and this."""
QUEUED = 8
"""Reviews that may wait for a worker; one more is refused with 503 until one ends."""
CANCEL_GRACE = 10.0
"""Seconds a cancelled review's process has to stop between decisions before it is ended."""

_CONTEXT = multiprocessing.get_context("spawn")


class ReviewError(Exception):
    """A review that cannot be started or found: ``status`` is the HTTP status."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


@dataclass
class Job:
    """One review: waiting, running or ended."""

    source: str
    """``table:ID`` or ``upload:ID``."""
    seat: int
    level: str
    record: str
    """The record's text, sent to the worker."""
    state: str = "queued"
    """``queued``, ``running``, ``done``, ``cancelled`` or ``failed``."""
    done: int = 0
    total: int | None = None
    last: dict[str, Any] | None = None
    """The decision judged last (``label``, ``played``, ``best``, ``cost``)."""
    result: dict[str, Any] | None = None
    reason: str | None = None
    """Why it ended without a result: an English message (marked for the catalogue), said in
    each reader's language when it is read, with ``detail`` in its ``{reason}``."""
    detail: str | None = None
    turns: bool = False
    """Whether the game moves by turns, not tricks (its positions' words say so)."""
    created: float = field(default_factory=time.time)
    cancelled: Any = field(default_factory=_CONTEXT.Event)
    """Set to ask the worker to stop (a process-shared event)."""
    cancel_asked: float | None = None

    @property
    def key(self) -> tuple[str, int, str]:
        return (self.source, self.seat, self.level)

    @property
    def ended(self) -> bool:
        return self.state in ("done", "cancelled", "failed")


class Reviews:
    """The room's review jobs and the reviews it keeps."""

    def __init__(
        self,
        store: Store,
        replays: Replays,
        *,
        workers: int = WORKERS,
        queued: int = QUEUED,
        seconds: float | None = None,
        simulations: int | None = None,
    ) -> None:
        self.store = store
        self.replays = replays
        self.workers = workers
        self.queued = queued
        self.seconds = seconds
        """Each decision's search time (``None``: the level's own budget)."""
        self.simulations = simulations
        """Each decision's simulations instead of its time (tests set a few)."""
        self._jobs: dict[tuple[str, int, str], Job] = {}
        self._waiting: deque[Job] = deque()
        self._running = 0
        self._uploads: dict[str, dict[tuple[int, str], dict[str, Any]]] = {}
        self._lock = threading.Lock()
        self._closed = False

    # ---------------------------------------------------------------- the API's verbs

    def start(self, kind: str, ident: str, seat: Any, level: Any) -> dict[str, Any]:
        """Start a review of ``seat`` at ``level`` (or give the one running or kept)."""
        level = self._level(level)
        replay = self._replay(kind, ident)
        seat = self._seat(replay, seat)
        game = replay.timeline.game
        if not takes_budget(level, game):
            raise ReviewError(
                400,
                _("{level} does not search {game}: it cannot review it").format(
                    level=level_name(level), game=game_title(game)
                ),
            )
        source = f"{kind}:{ident}"
        kept = self._kept(source, seat, level)
        if kept is not None:
            return self._done_json(source, seat, level, kept)
        with self._lock:
            job = self._jobs.get((source, seat, level))
            if job is not None and not job.ended:
                return self._json(job)
            if self._closed:
                raise ReviewError(503, _("the room is stopping; try again when it is back"))
            if len(self._waiting) >= self.queued:
                raise ReviewError(
                    503,
                    _("{n} reviews are waiting already; try again in a few minutes").format(
                        n=len(self._waiting)
                    ),
                )
            job = Job(source, seat, level, self._record(kind, ident))
            job.turns = replay.view_name == "piles"
            self._jobs[job.key] = job
            self._waiting.append(job)
            self._dispatch()
            return self._json(job)

    def status(self, kind: str, ident: str, seat: Any, level: Any) -> dict[str, Any]:
        """Where the review of ``seat`` at ``level`` is: ``none``, ``queued``, ``running``
        (``done`` of ``total`` decisions), ``done`` (with the ``review``), ``cancelled`` or
        ``failed`` (with the ``reason``)."""
        level = self._level(level)
        seat = self._seat(self._replay(kind, ident), seat)
        source = f"{kind}:{ident}"
        with self._lock:
            job = self._jobs.get((source, seat, level))
            if job is not None and job.state != "done":
                return self._json(job)
        kept = self._kept(source, seat, level)
        if kept is not None:
            return self._done_json(source, seat, level, kept)
        return {"state": "none", "seat": seat, "level": level, "url": _url(source, seat, level)}

    def cancel(self, kind: str, ident: str, seat: Any, level: Any) -> dict[str, Any]:
        """Cancel the review of ``seat`` at ``level`` (409 when none is queued or running)."""
        level = self._level(level)
        seat = self._seat(self._replay(kind, ident), seat)
        with self._lock:
            job = self._jobs.get((f"{kind}:{ident}", seat, level))
            if job is None or job.ended:
                raise ReviewError(
                    409,
                    _(
                        "no review of seat {seat} at {level} is queued or running; there is "
                        "nothing to cancel (GET its status)"
                    ).format(seat=seat, level=level_name(level)),
                )
            if job.state == "queued":
                self._waiting.remove(job)
                job.state = "cancelled"
                job.reason = N_("cancelled before it started")
            else:
                job.cancelled.set()
                job.cancel_asked = job.cancel_asked or time.monotonic()
            return self._json(job)

    def listing(self, kind: str, ident: str) -> list[dict[str, Any]]:
        """Every review of the source, kept or under way: ``{seat, level, state, done,
        total}``."""
        self._replay(kind, ident)
        source = f"{kind}:{ident}"
        out: dict[tuple[int, str], dict[str, Any]] = {}
        if kind == "table":
            for seat, level in self.store.reviews(ident):
                out[(seat, level)] = {"seat": seat, "level": level, "state": "done"}
        else:
            with self._lock:
                for seat, level in self._uploads.get(ident, {}):
                    out[(seat, level)] = {"seat": seat, "level": level, "state": "done"}
        with self._lock:
            for job in self._jobs.values():
                if job.source == source and not job.ended:
                    out[(job.seat, job.level)] = {
                        "seat": job.seat,
                        "level": job.level,
                        "state": job.state,
                        "done": job.done,
                        "total": job.total,
                    }
        return [out[k] for k in sorted(out)]

    def close(self) -> None:
        """Cancel every job (the workers end at their next decision, or are ended)."""
        with self._lock:
            self._closed = True
            for job in self._waiting:
                job.state = "cancelled"
                job.reason = N_("the room stopped")
            self._waiting.clear()
            for job in self._jobs.values():
                if job.state == "running":
                    job.cancelled.set()
                    job.cancel_asked = time.monotonic() - CANCEL_GRACE  # end it now

    # ---------------------------------------------------------------- checks

    @staticmethod
    def _level(level: Any) -> str:
        if level is None:
            return "expert"
        if level not in LEVELS:
            raise ReviewError(
                400,
                _("level {level!r}: a review's level is {levels}").format(
                    level=level, levels=", ".join(LEVELS)
                ),
            )
        return str(level)

    @staticmethod
    def _seat(replay: Replay, seat: Any) -> int:
        n = replay.timeline.game.num_players
        if isinstance(seat, str) and seat.isdigit() and len(seat) < 4:
            seat = int(seat)
        if type(seat) is not int or not 0 <= seat < n:
            raise ReviewError(
                400,
                _("seat {seat!r}: this game has seats 0 to {last}").format(seat=seat, last=n - 1),
            )
        return seat

    def _replay(self, kind: str, ident: str) -> Replay:
        try:
            if kind == "table":
                return self.replays.for_table(ident)
            return self.replays.for_upload(ident)
        except ReplayError as exc:
            if exc.status == 409:
                raise ReviewError(
                    409, _("the game is not over; it can be reviewed once it ends")
                ) from None
            raise ReviewError(exc.status, exc.reason) from None

    def _record(self, kind: str, ident: str) -> str:
        if kind == "upload":
            return self.replays.record(ident)
        row = self.store.table(ident)
        assert row is not None and row.record is not None  # _replay checked it
        return row.record

    def _kept(self, source: str, seat: int, level: str) -> dict[str, Any] | None:
        kind, ident = source.split(":", 1)
        if kind == "table":
            return self.store.review(ident, seat, level)
        with self._lock:
            return self._uploads.get(ident, {}).get((seat, level))

    def _keep(self, job: Job, result: dict[str, Any]) -> None:
        kind, ident = job.source.split(":", 1)
        if kind == "table":
            self.store.save_review(ident, job.seat, job.level, result)
            return
        with self._lock:
            self._uploads.setdefault(ident, {})[(job.seat, job.level)] = result
            for gone in [u for u in self._uploads if not self._upload_kept(u)]:
                del self._uploads[gone]

    def _upload_kept(self, upload: str) -> bool:
        try:
            self.replays.record(upload)
        except ReplayError:
            return False
        return True

    # ---------------------------------------------------------------- the JSON

    def _json(self, job: Job) -> dict[str, Any]:
        out: dict[str, Any] = {
            "state": job.state,
            "seat": job.seat,
            "level": job.level,
            "done": job.done,
            "total": job.total,
            "last": None,
            "url": _url(job.source, job.seat, job.level),
        }
        if job.last is not None:
            out["last"] = {**job.last, "where": label_words(job.last["label"], job.turns)}
        if job.state == "queued":
            out["ahead"] = self._waiting.index(job) + self._running
        if job.state == "running" and job.cancel_asked is not None:
            out["cancelling"] = True
        if job.reason is not None:
            out["reason"] = _(job.reason).format(reason=job.detail or "")
        if job.result is not None:
            out["review"] = _worded(job.result)
        return out

    @staticmethod
    def _done_json(source: str, seat: int, level: str, result: dict[str, Any]) -> dict[str, Any]:
        total = len(result.get("decisions", []))
        result = _worded(result)
        return {
            "state": "done",
            "seat": seat,
            "level": level,
            "done": total,
            "total": total,
            "last": None,
            "url": _url(source, seat, level),
            "review": result,
        }

    # ---------------------------------------------------------------- the workers

    def _dispatch(self) -> None:
        """Start waiting jobs while a worker is free (the lock held)."""
        while self._waiting and self._running < self.workers:
            job = self._waiting.popleft()
            job.state = "running"
            self._running += 1
            threading.Thread(target=self._run, args=(job,), daemon=True).start()

    def _run(self, job: Job) -> None:
        """Run ``job`` in a worker process and follow it (in a thread of its own)."""
        try:
            self._follow(job)
        except Exception as exc:  # a job's failure must not stop the queue
            job.state, job.reason = "failed", N_("the review failed: {reason}")
            job.detail = str(exc)
        finally:
            with self._lock:
                self._running -= 1
                self._dispatch()

    def _follow(self, job: Job) -> None:
        reader, writer = _CONTEXT.Pipe(duplex=False)
        args = (job.record, job.seat, job.level, self.seconds, self.simulations)
        proc = _CONTEXT.Process(
            target=_work,
            args=(*args, writer, job.cancelled, os.getpid()),
            daemon=True,
            name=f"hoyle-review-{job.seat}",
        )
        proc.start()
        writer.close()
        try:
            while True:
                if job.cancel_asked is not None and time.monotonic() - job.cancel_asked > (
                    CANCEL_GRACE
                ):
                    proc.terminate()
                    job.state, job.reason = "cancelled", N_("cancelled")
                    return
                if not reader.poll(0.2):
                    continue
                try:
                    kind, *rest = reader.recv()
                except EOFError:
                    job.state = "failed"
                    job.reason = N_("the review's worker ended without a result")
                    return
                if kind == "progress":
                    job.done, job.total, job.last = rest
                elif kind == "done":
                    (result,) = rest
                    self._keep(job, result)
                    with self._lock:  # served from where it is kept from now on
                        job.result, job.state = result, "done"
                        job.done = job.total = len(result["decisions"])
                        self._jobs.pop(job.key, None)
                    return
                elif kind == "cancelled":
                    job.state, job.reason = "cancelled", N_("cancelled")
                    return
                else:
                    job.state, job.reason = "failed", N_("the review failed: {reason}")
                    job.detail = str(rest[0])
                    return
        finally:
            reader.close()
            proc.join(timeout=5)
            if proc.is_alive():
                proc.kill()
                proc.join(timeout=5)


def _work(
    text: str,
    seat: int,
    level: str,
    seconds: float | None,
    simulations: int | None,
    out: Any,
    cancelled: Any,
    parent: int,
) -> None:
    """The worker process: review and send progress, then the result, down ``out``."""
    from hoyle.agents.review import Decision, ReviewCancelled, review
    from hoyle.core.orphans import leave_with_parent
    from hoyle.records import loads

    with contextlib.suppress(OSError):
        os.nice(5)
    leave_with_parent(parent)

    def progress(done: int, total: int, decision: Decision | None) -> None:
        last = None
        if decision is not None:
            last = {
                "index": decision.index,
                "label": decision.label,
                "played": decision.played,
                "best": decision.best,
                "cost": round(decision.cost, 4),
            }
        if decision is not None or done == 0:
            out.send(("progress", done, total, last))

    try:
        found = review(
            loads(text),
            seat,
            level,
            seconds=seconds,
            simulations=simulations,
            progress=progress,
            cancel=cancelled.is_set,
        )
        out.send(("done", found.to_json()))
    except ReviewCancelled as exc:
        out.send(("cancelled", str(exc)))
    except Exception as exc:  # told to the one who asked, not raised here
        out.send(("failed", str(exc) or type(exc).__name__))
    finally:
        out.close()


def _worded(result: dict[str, Any]) -> dict[str, Any]:
    """A review as the reader reads it, in the language in force whatever language it was
    kept in (a worker and the store speak English): what its costs measure (``units``), and
    each decision's position in words (``where``: "deal 1, trick 3")."""
    try:
        game = hoyle.load(str(result.get("game", "")))
    except (HoyleError, ValueError):
        return result
    turns = family(game.family).views.web == "piles"
    decisions = [
        {**d, "where": label_words(str(d.get("label", "")), turns)}
        for d in result.get("decisions", [])
    ]
    return {**result, "units": value_meaning(game), "decisions": decisions}


def _url(source: str, seat: int, level: str) -> str:
    kind, ident = source.split(":", 1)
    base = f"/api/tables/{ident}" if kind == "table" else f"/api/replays/{ident}"
    return f"{base}/reviews/{seat}?level={level}"


async def read_request(request: Request) -> dict[str, Any]:
    """A review request's JSON body ``{"seat": N, "level": "expert"}`` (level optional)."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise HTTPException(
            415,
            _("send the body as application/json, not {kind}").format(kind=kind or _("no type")),
        )
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > 1024:
            raise HTTPException(413, _('a review request is {"seat": N, "level": "expert"}'))
    try:
        body = json.loads(raw.decode())
    except (UnicodeDecodeError, ValueError):
        body = None
    if not isinstance(body, dict) or "seat" not in body:
        raise HTTPException(
            400, _('send {"seat": N, "level": "expert"} as JSON (level: medium, hard or expert)')
        )
    return body
