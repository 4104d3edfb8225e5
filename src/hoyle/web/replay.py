"""Finished games and uploaded records as positions a browser steps through (the replay viewer).

A :class:`Replay` wraps a :class:`~hoyle.records.timeline.Timeline` with what the viewer page
needs: the *stops* it walks (the positions the live table showed: after each move and the deal
that follows it, never halfway through a deal), the trick and deal starts among them, and each
position as a message shaped like the table's ``state`` message (observation, facts, log, score
history, fairness), so that the table's own drawing code draws it. Every field comes from the
protocol (``observation``, ``log``, ``facts``) and the record: no rule is decided here.

:class:`Replays` keeps them: each :class:`Replay` in one least-recently-used cache weighed by
the memory its positions hold, and uploaded records (their text) in a small LRU of their own.
Only a finished table is replayed (its record is public then); a table in play is refused with
409, as its record is, so no hidden card of a live game can leave through here.
"""

from __future__ import annotations

import json
import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from fastapi import HTTPException, Request

from hoyle.core.registry import family
from hoyle.i18n import _
from hoyle.records import Record, loads
from hoyle.records.timeline import Timeline
from hoyle.web.fair import FairnessError, parse_deal_tags
from hoyle.web.store import Store
from hoyle.web.words import game_title, level_name, phase_name

__all__ = [
    "CACHE_WEIGHT",
    "MAX_POSITIONS",
    "MAX_RECORD",
    "UPLOADS",
    "Replay",
    "ReplayError",
    "Replays",
    "read_upload",
]

MAX_RECORD = 128 * 1024
"""The largest record upload, in bytes of the request body (a long Spite and Malice game
played by bots is about 50 KiB; a Hearts match to 100, 6 KiB)."""
MAX_POSITIONS = 20_000
"""The most positions (actions + 1) a replayed game may have. A :class:`Timeline`'s memory
grows with its length, mostly the game's log: about 8 KB a position with the logs of three
readers, so some 170 MB for 20,000 (a long Spite and Malice game played by bots has about
4,700, one played at random 10,000 to 25,000; a Hearts match some 700)."""
CACHE_WEIGHT = 2 * MAX_POSITIONS
"""What the kept replays may weigh together, a replay weighing its positions (the shape of
its memory, above): two of the longest games, or some fifty Hearts matches."""
UPLOADS = 64
"""How many uploaded records are kept (the least recently viewed is forgotten first)."""


class ReplayError(Exception):
    """A replay that cannot be shown: ``status`` is the HTTP status, ``reason`` says why."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


@dataclass
class Replay:
    """One game's positions and the viewer's messages for them."""

    timeline: Timeline
    """The positions of the game."""
    seats: list[dict[str, Any]]
    """Each seat as the table knew it: ``name`` (``None`` when the record names none),
    ``kind`` and ``level`` (the viewer's words for them: :meth:`seats_json`)."""
    table: str | None = None
    """The table the game was played at (``None`` for an uploaded record)."""
    upload: str | None = None
    """The upload's id (``None`` for a table's game)."""
    stops: list[int] = field(default_factory=list)
    """The positions the viewer stops at, in order (see :meth:`build`)."""
    tricks: list[int] = field(default_factory=list)
    """The stops where a trick, turn or other phase round begins."""
    deals: list[int] = field(default_factory=list)
    """The stops where a deal begins."""
    _moves: dict[int, int] = field(default_factory=dict)
    """For each stop, the position of the player's move that led to it."""
    _history: list[tuple[int, list[float]]] = field(default_factory=list)
    _log_sizes: dict[tuple[int | None, int], int] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @classmethod
    def build(
        cls,
        rec: Record,
        seats: list[dict[str, Any]] | None = None,
        *,
        table: str | None = None,
        upload: str | None = None,
    ) -> Replay:
        """The replay of ``rec`` (raises :class:`~hoyle.records.RecordError` with the line
        where it does not replay, :class:`ReplayError` 413 when it is too long)."""
        positions = len(rec.actions) + 1
        if positions > MAX_POSITIONS:
            raise ReplayError(
                413,
                _(
                    "the game is too long to replay here: {n} positions, at most {most} "
                    "(hoyle replay FILE checks a record of any length)"
                ).format(n=positions, most=MAX_POSITIONS),
            )
        line = Timeline(rec)
        n = line.game.num_players
        if seats is None:
            names = line.names or []
            seats = [
                {"name": names[i] if i < len(names) else None, "kind": "player", "level": None}
                for i in range(n)
            ]
        replay = cls(line, seats, table=table, upload=upload)
        replay._plan()
        return replay

    # ---------------------------------------------------------------- the stops

    def _plan(self) -> None:
        """Choose the stops: the start and every player's move, each carried through the
        chance actions that follow it (the deal after a deal's last trick, a draw after a
        discard). The table applies those together with the move before anyone sees the
        position, so a viewer that stopped between them would show what nobody saw."""
        line = self.timeline
        steps = line.steps
        last = len(steps) - 1

        def settle(index: int) -> int:
            while index < last and steps[index + 1].actor is None:
                index += 1
            return index

        first = settle(0)
        self.stops = [first]
        self._moves = {first: 0}
        for move in line.moves():
            stop = settle(move)
            if stop not in self._moves:
                self.stops.append(stop)
            self._moves[stop] = move
        self.stops.sort()
        self.tricks = sorted({settle(i) for i in line.tricks()})
        self.deals = sorted({settle(i) for i in line.deals()})
        # The score history the table's chart draws: the public scores at the start, then
        # after each deal that changes them, and at the end (as the live table keeps it).
        history: list[tuple[int, list[float]]] = []
        ends = [*line.deals()[1:], last]
        for i in [0, *ends]:
            state = line.state(i)
            scores = _scores(state.observation(None))
            if scores and (not history or history[-1][1] != scores or state.is_terminal()):
                history.append((i, scores))
        self._history = history

    def seats_json(self) -> list[dict[str, Any]]:
        """Each seat as the viewer names it, in the language in force: ``name`` (``Seat N``
        when the record names none), ``kind``, ``level``, and ``status``, who played it (the
        table page says who is here and who is away: in a replay nobody is)."""
        out = []
        for i, seat in enumerate(self.seats):
            bot = seat["kind"] == "bot"
            out.append(
                {
                    **seat,
                    "name": seat["name"] or _("Seat {n}").format(n=i + 1),
                    "status": _("bot · {level}").format(level=level_name(str(seat["level"])))
                    if bot
                    else _("player"),
                }
            )
        return out

    def where(self, index: int) -> str:
        """Where the game stands at ``index`` in words: "deal 1, trick 3", "deal 2, pass"."""
        step = self.timeline.steps[index]
        if step.label == "end":
            return _("the game is over")
        deal, phase, round_ = step.progress
        return where_words(deal, phase, round_, self.view_name == "piles")

    @property
    def view_name(self) -> str:
        """The family's web view (``tricks``, ``piles``, ``exchange`` …)."""
        return str(family(self.timeline.game.family).views.web)

    def _step_json(self, stop: int) -> dict[str, Any]:
        line = self.timeline
        move = self._moves.get(stop, stop)
        step = line.steps[move]
        return {
            "index": stop,
            "label": line.steps[stop].label,
            "where": self.where(stop),
            "actor": step.actor,
            "token": step.token if step.actor is not None else None,
            "comment": step.comment,
        }

    def outline(self) -> dict[str, Any]:
        """The game and its stops, for the viewer's slider and keys."""
        game = self.timeline.game
        rec = self.timeline.record
        return {
            "table": self.table,
            "upload": self.upload,
            "game": game.spec,
            "title": game_title(game),
            "family": game.family,
            "view": self.view_name,
            "seats": self.seats_json(),
            "result": rec.tags.get("Result", ""),
            "record": self.record_url,
            "positions": len(self.timeline),
            "steps": [self._step_json(s) for s in self.stops],
            "tricks": self.tricks,
            "deals": self.deals,
        }

    @property
    def record_url(self) -> str:
        """Where the record's text is served."""
        if self.table is not None:
            return f"/api/tables/{self.table}/record"
        return f"/api/replays/{self.upload}/record"

    # ---------------------------------------------------------------- one position

    def message(self, index: int, seat: int | None) -> dict[str, Any]:
        """Position ``index`` as the table's ``state`` message: for ``seat`` (what that seat
        saw: its observation and log, no other hand), or face up (``None``: the spectator's
        observation and log, and every hand)."""
        line = self.timeline
        n = line.game.num_players
        if seat is not None and not 0 <= seat < n:
            raise ReplayError(
                400,
                _("seat {seat}: this game has seats 0 to {last}").format(seat=seat, last=n - 1),
            )
        try:
            with self._lock:  # one reader at a time: a state's log is built as it is read
                view = line.view(index, seat, face_up=seat is None)
                previous = self._previous(index)
                # At the first stop nothing is new: the table's first message held no move.
                before = len(view.log) if previous is None else self._log_size(previous, seat)
        except IndexError as exc:
            raise ReplayError(404, str(exc)) from None
        obs = view.observation
        state_now = line.steps[index]
        current = obs.get("current_player")
        to_act = current if isinstance(current, int) and current >= 0 else None
        log = view.log
        start = self._log_start(log, index)
        over = state_now.label == "end"
        return {
            "type": "replay",
            "index": index,
            "step": self._step_json(index),
            "table": self.table,
            "record": self.record_url,
            "seq": index,
            "you": seat,
            "face_up": seat is None,
            "game": line.game.spec,
            "family": line.game.family,
            "view": self.view_name,
            "title": game_title(line.game),
            "status": "finished" if over else "playing",
            "to_act": None if over else to_act,
            "seats": self.seats_json(),
            "observation": obs,
            "hands": view.hands,
            "facts": view.facts,
            "choose": None,
            "log": log[start:],
            "log_start": start,
            "fresh": max(before, start),
            "legal": [],
            "score_history": [s for i, s in self._history if i <= index],
            "fairness": self._fairness(),
            "rematch": None,
            "pause": None,
            "clock": None,
            "auto_played": None,
            **({"returns": obs.get("returns")} if over else {}),
        }

    def _previous(self, index: int) -> int | None:
        """The stop before ``index`` (``None`` at the first)."""
        earlier = [s for s in self.stops if s < index]
        return earlier[-1] if earlier else None

    def _log_size(self, index: int, seat: int | None) -> int:
        """How long ``seat``'s log is at ``index``: the entries after it are what the move
        to the next stop added (the trick to hold on the felt, a deal's end)."""
        key = (seat, index)
        if key not in self._log_sizes:
            self._log_sizes[key] = len(self.timeline.view(index, seat).log)
        return self._log_sizes[key]

    def _log_start(self, log: list[dict[str, Any]], index: int) -> int:
        """Where the log shown begins, as at the table: the deal in progress, or the one
        before it too while no player has moved in this one (its last trick and summary)."""
        starts = [i for i, e in enumerate(log) if e.get("kind") == "deal"]
        if not starts:
            return 0
        steps = self.timeline.steps
        deal_start = max((d for d in self.timeline.deals() if d <= index), default=0)
        moved = any(steps[j].actor is not None for j in range(deal_start + 1, index + 1))
        if not moved and steps[index].label != "end" and len(starts) >= 2:
            return starts[-2]
        return starts[-1]

    def _fairness(self) -> list[dict[str, Any]]:
        """The deals' commitments and salts from the record's tags (a room's record has
        them; ``hoyle verify`` checks them)."""
        tags = self.timeline.record.tags
        try:
            commits = parse_deal_tags(tags.get("Commitments", ""))
            salts = parse_deal_tags(tags.get("Salts", ""))
        except FairnessError:
            return []
        return [
            {"deal": d, "commitment": c, **({"salt": salts[d]} if d in salts else {})}
            for d, c in sorted(commits.items())
        ]


class Replays:
    """The replays a room serves: finished tables' games and uploaded records."""

    def __init__(self, store: Store, weight: int = CACHE_WEIGHT, uploads: int = UPLOADS) -> None:
        self.store = store
        self.weight = weight
        """What the cached replays may weigh together (their positions)."""
        self.uploads = uploads
        """How many uploaded records are kept."""
        self._cache: OrderedDict[str, Replay] = OrderedDict()
        self._records: OrderedDict[str, str] = OrderedDict()
        self._lock = threading.Lock()
        # One build at a time: a build holds a whole game's states, and a burst of requests
        # for one long game must build it once, not once each.
        self._building = threading.Lock()

    def for_table(self, table_id: str) -> Replay:
        """The replay of a finished table's game (404: no such table; 409: not over)."""
        key = f"table:{table_id}"
        found = self._cached(key)
        if found is not None:
            return found
        with self._building:
            found = self._cached(key)
            if found is not None:
                return found
            row = self.store.table(table_id)
            if row is None:
                raise ReplayError(404, _("no such table"))
            if row.record is None:
                raise ReplayError(409, _("the game is not over; it can be replayed once it ends"))
            seats = [
                {"name": str(s["name"]), "kind": str(s["kind"]), "level": s.get("level")}
                for s in row.seats
            ]
            for seat in seats:
                if seat["kind"] != "bot":
                    seat["level"] = None
            replay = Replay.build(loads(row.record), seats, table=table_id)
            self._keep(key, replay)
            return replay

    def upload(self, text: str) -> Replay:
        """Keep an uploaded record and return its replay; raises
        :class:`~hoyle.records.RecordError` ("line N: …") where it does not replay."""
        upload_id = secrets.token_urlsafe(12)
        with self._building:
            replay = Replay.build(loads(text), upload=upload_id)
        with self._lock:
            self._records[upload_id] = text
            while len(self._records) > self.uploads:
                gone, _text = self._records.popitem(last=False)
                self._cache.pop(f"upload:{gone}", None)
        self._keep(f"upload:{upload_id}", replay)
        return replay

    def for_upload(self, upload_id: str) -> Replay:
        """An uploaded record's replay (404 once it is forgotten)."""
        key = f"upload:{upload_id}"
        text = self.record(upload_id)
        found = self._cached(key)
        if found is not None:
            return found
        with self._building:
            found = self._cached(key)
            if found is None:
                found = Replay.build(loads(text), upload=upload_id)
                self._keep(key, found)
            return found

    def record(self, upload_id: str) -> str:
        """An uploaded record's text (404 once it is forgotten)."""
        with self._lock:
            text = self._records.get(upload_id)
            if text is None:
                raise ReplayError(
                    404, _("no such upload here (uploads are kept a while, not for ever)")
                )
            self._records.move_to_end(upload_id)
            return text

    def _cached(self, key: str) -> Replay | None:
        with self._lock:
            found = self._cache.get(key)
            if found is not None:
                self._cache.move_to_end(key)
            return found

    def _keep(self, key: str, replay: Replay) -> None:
        with self._lock:
            self._cache[key] = replay
            self._cache.move_to_end(key)
            while len(self._cache) > 1 and self._weighs() > self.weight:
                self._cache.popitem(last=False)

    def _weighs(self) -> int:
        return sum(len(r.timeline) for r in self._cache.values())


async def read_upload(request: Request) -> str:
    """An upload's record text from its JSON body ``{"record": TEXT}``: at most
    :data:`MAX_RECORD` bytes (413, refused before reading when its length says so)."""
    # JSON only, as every request that changes something here: another site's page may post
    # plain text to this room without the browser asking first, but not JSON.
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise HTTPException(
            415,
            _("send the body as application/json, not {kind}").format(kind=kind or _("no type")),
        )
    declared = request.headers.get("content-length", "")
    most = MAX_RECORD // 1024
    too_big = _("a record upload is at most {most} KiB").format(most=most)
    if declared.isdigit() and int(declared) > MAX_RECORD:
        raise HTTPException(
            413,
            _("a record upload is at most {most} KiB, not {size} KiB").format(
                most=most, size=int(declared) // 1024
            ),
        )
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_RECORD:
            raise HTTPException(413, too_big)
    try:
        body = json.loads(raw.decode())
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise HTTPException(400, _('send {"record": "<the record\'s text>"} as JSON')) from None
    if not isinstance(body, dict) or not isinstance(body.get("record"), str):
        raise HTTPException(400, _('send {"record": "<the record\'s text>"} as JSON'))
    text: str = body["record"]
    if not text.strip():
        raise HTTPException(400, _("the record is empty"))
    return text


def where_words(deal: int, phase: str, round_: int, turns: bool = False) -> str:
    """A position's progress in words, in the language in force: ``deal 1, trick 3``
    (``turn 3`` when the game moves by ``turns``), ``deal 2, pass``, ``deal 1, bidding 2``."""
    if not phase or phase == "play":
        if not round_:
            return _("deal {deal}").format(deal=deal)
        if turns:
            return _("deal {deal}, turn {n}").format(deal=deal, n=round_)
        return _("deal {deal}, trick {n}").format(deal=deal, n=round_)
    if round_:
        return _("deal {deal}, {phase} {n}").format(deal=deal, phase=phase_name(phase), n=round_)
    return _("deal {deal}, {phase}").format(deal=deal, phase=phase_name(phase))


def label_words(label: str, turns: bool = False) -> str:
    """A record's position label in words (:func:`where_words`): ``1.3`` → ``deal 1, trick
    3``, ``2.bid.1`` → ``deal 2, bidding 1``, ``end``; a label it cannot read, as it is.

    >>> label_words("1.3"), label_words("1.pass"), label_words("2.bid.1", turns=True)
    ('deal 1, trick 3', 'deal 1, passing', 'deal 2, bidding 1')
    """
    if label == "end":
        return _("the game is over")
    parts = label.split(".")
    if not parts[0].isdigit() or len(parts) > 3:
        return label
    deal = int(parts[0])
    if len(parts) == 2 and parts[1].isdigit():
        return where_words(deal, "play", int(parts[1]), turns)
    phase = parts[1] if len(parts) > 1 else ""
    round_ = parts[2] if len(parts) == 3 else "0"
    return where_words(deal, phase, int(round_) if round_.isdigit() else 0, turns)


def _scores(obs: dict[str, Any]) -> list[float]:
    scores = obs.get("scores")
    if isinstance(scores, list) and all(isinstance(x, int | float) for x in scores):
        return [float(x) for x in scores]
    return []
