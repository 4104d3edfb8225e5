"""One table of the card room: its game state (the replay of its log), seats, bots and viewers.

Every change goes through :meth:`Table.act`: the action is checked on a copy of the state, the
chance actions that follow are drawn from the deal's secret salt, and all of it is written to
the event log in one transaction before the table's state moves on. A refused message changes
nothing. Clients are told only ``observation(seat)`` (``observation(None)`` for spectators)
plus what every player sees: seat names, the score history, the deal commitments.

Each viewer reads the table in its own language, the one its WebSocket connected in
(:mod:`hoyle.web.lang`): whatever task renders a state (a bot's move, another player's), it is
rendered in each viewer's language (:meth:`Table.message_for`).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hashlib
import hmac
import json
import logging
import os
import re
import secrets
import time
import unicodedata
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import hoyle
from hoyle import i18n
from hoyle.agents.hints import value_meaning
from hoyle.core.errors import HoyleError
from hoyle.core.narrate import pretty
from hoyle.core.protocol import Game, State
from hoyle.core.registry import Agent, family, make_agent, takes_budget
from hoyle.i18n import _, using
from hoyle.records import dumps, from_state
from hoyle.web.bots import BotPool
from hoyle.web.fair import DealSecret, commitment, deal_chance, format_deal_tags, new_salt
from hoyle.web.outbox import OUTBOX, Connection, Outbox
from hoyle.web.store import EventRow, Store, TableRow
from hoyle.web.words import game_title

__all__ = [
    "OUTBOX",
    "Connection",
    "Outbox",
    "Pause",
    "Refused",
    "Seat",
    "Settings",
    "Table",
    "check_name",
    "hash_key",
    "in_words",
    "new_key",
    "unique_name",
]

log = logging.getLogger("hoyle.web")

CHANCE_SEAT = -1
"""The seat an event is logged under when chance (the shuffle) took it."""


class Refused(Exception):
    """A message the table will not accept; ``reason`` is sent back to the client."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass
class Settings:
    """How the room treats time and bots."""

    bot_delay: float = 0.5
    """Seconds a bot waits before it plays, so people can follow the game."""
    turn_timeout: float = 90.0
    """Seconds a human may stay silent on their turn before a bot plays for them."""
    grace: float = 30.0
    """Seconds a seat with no open connection waits before a bot plays it (a page reload)."""
    standin: str = "easy"
    """The level of the bot that plays for an absent human."""
    hint_level: str = "hard"
    """The searching level that gives hints."""
    hint_seconds: float = 0.5
    """How long a hint may think."""
    summary_seconds: float = 20.0
    """Seconds bots and stand-ins wait after a deal ends, so people can read its summary,
    unless every connected human says ``continue`` first."""
    summary_seconds_bots: float = 4.0
    """The same wait when no human is connected (spectators watching); a table nobody watches
    does not wait."""
    auto_delay: float = 0.6
    """Seconds before a connected human's only legal move is played for them (their ``auto``
    on)."""
    bot_workers: int = field(default_factory=lambda: max(1, (os.cpu_count() or 2) - 1))
    """Worker processes the searching bots and hints think in (one core is left to the
    server); 0 thinks in the server's own threads (:mod:`hoyle.web.bots`)."""
    bot_seconds: float | None = 1.0
    """The most a searching bot or a hint thinks per move (a level whose own budget is
    shorter keeps it); ``None``: each level's own."""


@dataclass
class Pause:
    """The wait after a deal ends: bots and stand-ins hold the next deal's first move."""

    start: float
    deadline: float
    """When it ends at the latest (``time.monotonic``)."""
    continued: set[int] = field(default_factory=set)
    """Human seats that said ``continue`` (or acted) since it began."""


def new_key() -> str:
    """A seat's invite secret: 192 random bits from :mod:`secrets`, URL-safe."""
    return secrets.token_urlsafe(24)


def hash_key(key: str) -> str:
    """What the store keeps of an invite secret (never the secret itself)."""
    return hashlib.sha256(key.encode()).hexdigest()


@dataclass
class Seat:
    """A place at the table: a human (by invite) or a bot level."""

    kind: str
    """``human`` or ``bot``."""
    name: str
    level: str
    """A bot's level; for a human, the level of the bot that stands in while they are away."""
    key_hash: str | None = None
    connections: int = field(default=0, compare=False)
    away: bool = field(default=False, compare=False)
    """A human not here (never came, left, or silent past the timeout): a bot plays for them."""
    player: str | None = None
    """The name of the club player holding this seat (:mod:`hoyle.web.accounts`); ``None``
    for a guest's seat or a bot's."""

    def to_json(self) -> dict[str, Any]:
        """The stored form (with the key's hash, never sent to clients)."""
        stored = {"kind": self.kind, "name": self.name, "level": self.level, "key": self.key_hash}
        if self.player is not None:  # a guest's seat is stored as before accounts
            stored["player"] = self.player
        return stored

    def public(self) -> dict[str, Any]:
        """What every client may see of this seat."""
        return {
            "name": self.name,
            "kind": self.kind,
            "level": self.level if self.kind == "bot" else None,
            "connected": self.connections > 0,
            "away": self.kind == "human" and self.away,
            **({"player": self.player} if self.player is not None else {}),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Seat:
        """The seat from its stored form."""
        seat = cls(str(data["kind"]), str(data["name"]), str(data["level"]), data.get("key"))
        seat.player = data.get("player")
        return seat


NAME_LIMIT = 24
"""The longest seat name, in characters."""

_HIDDEN = ("Cc", "Cf", "Co", "Cs", "Cn")
"""Unicode categories a name may not hold: controls, format characters (the direction marks
and overrides that make "\u202egnp.exe" show as "exe.png", zero-width joiners), private use,
surrogates and unassigned code points."""


def check_name(name: Any) -> str:
    """A seat name as the table keeps it: NFC-normalised, one line of single spaces, no commas
    (a record's Seats tag separates names by commas), at most :data:`NAME_LIMIT` characters.
    Raise :class:`Refused` saying what is wrong: not text, a control or direction character,
    too long, or empty.

    >>> check_name("  Ann,  the\tfirst ")
    'Ann the first'
    >>> check_name("\u202egnp.exe")
    Traceback (most recent call last):
    ...
    hoyle.web.table.Refused: a name may not hold control, direction or invisible characters (U+202E)
    """
    if not isinstance(name, str):
        raise Refused(_("a name is text"))
    text = unicodedata.normalize("NFC", name)
    # Whitespace is only ever a space: tabs and newlines are folded before the check.
    text = " ".join(text.replace(",", " ").split())
    for char in text:
        if unicodedata.category(char) in _HIDDEN:
            raise Refused(
                _("a name may not hold control, direction or invisible characters ({code})").format(
                    code=f"U+{ord(char):04X}"
                )
            )
    if not text:
        raise Refused(_("a name needs at least one letter or digit"))
    if len(text) > NAME_LIMIT:
        raise Refused(
            _("a name is at most {most} characters, not {size}").format(
                most=NAME_LIMIT, size=len(text)
            )
        )
    return text


def unique_name(name: str, taken: Sequence[str]) -> str:
    """``name`` if no other seat at the table has it, whatever the letter case; otherwise
    :class:`Refused`, offering the name with the first free number.

    >>> unique_name("Bob", ["Ann", "Cy"])
    'Bob'
    >>> unique_name("ann", ["Ann", "Ann 2"])
    Traceback (most recent call last):
    ...
    hoyle.web.table.Refused: another seat at this table is called ann; try ann 3
    """
    used = {t.casefold() for t in taken}
    if name.casefold() not in used:
        return name
    for k in range(2, len(taken) + 3):
        offer = f"{name[: NAME_LIMIT - len(str(k)) - 1]} {k}"
        if offer.casefold() not in used:
            raise Refused(
                _("another seat at this table is called {name}; try {offer}").format(
                    name=name, offer=offer
                )
            )
    raise Refused(  # pragma: no cover
        _("another seat at this table is called {name}").format(name=name)
    )


def clean_name(name: Any, fallback: str) -> str:
    """A seat name fit for a record's Seats tag, as :func:`check_name` makes it, or
    ``fallback`` when ``name`` is missing or refused (names the room gives itself)."""
    try:
        return check_name(name)
    except Refused:
        return fallback


class Table:
    """A game at one table: the state, who sits where, who watches, and the bots' turns."""

    def __init__(
        self,
        row: TableRow,
        store: Store,
        settings: Settings,
        state: State,
        seq: int,
        deals: dict[int, DealSecret],
        history: list[list[float]],
        decided: bool = False,
    ) -> None:
        self.row = row
        self.id = row.id
        self.store = store
        self.settings = settings
        self.game: Game[Any] = state.game
        self.state = state
        self.seq = seq
        """How many events the log holds (the next event's number)."""
        self.deals = deals
        self.score_history = history
        self.seats = [Seat.from_json(s) for s in row.seats]
        self.viewers: dict[Connection, int | None] = {}
        self.langs: dict[Connection, str] = {}
        """The language each viewer reads the table in."""
        self.lock = asyncio.Lock()
        self.on_change: Callable[[Table], None] | None = None
        self.on_finish: Callable[[Table], Awaitable[None]] | None = None
        """Called once the game is over, after its last action is stored (the room rates it)."""
        self._agents: dict[int, tuple[str, Agent]] = {}
        """Bots that do not search, by seat (they play here, not in the pool)."""
        self.creator = ""
        """The address of the client that made the table ('' once resumed after a restart)."""
        self._seeds: dict[int, int] = {}
        """Each bot seat's seed, drawn when it first thinks."""
        self.pool = BotPool(0)
        """Where the bots think: the room gives each table the one pool they all share."""
        self._bot_task: asyncio.Task[None] | None = None
        self._turn_timer: asyncio.Task[None] | None = None
        self._leave_timers: dict[int, asyncio.Task[None]] = {}
        self._leave_deadlines: dict[int, float] = {}
        self._hinting: set[int] = set()
        self.decided = decided
        """Whether a player has acted in the deal in progress (until then each seat is also
        sent the log of the deal that just ended)."""
        self._outboxes: dict[Connection, Outbox] = {}
        """Each viewer's messages on their way to it."""
        self._dropping: set[asyncio.Task[None]] = set()
        self.auto: dict[Connection, bool] = {}
        """Each seated connection's wish to have a forced move played for it."""
        self.pause: Pause | None = None
        self._pause_timer: asyncio.Task[None] | None = None
        self._turn_key: tuple[int, int] | None = None
        """The (seat, seq) the turn timer runs for, and when it runs out."""
        self._turn_deadline = 0.0
        self._auto_task: asyncio.Task[None] | None = None
        self._auto_key: tuple[int, int] | None = None
        self._auto_played: tuple[int, int, str] | None = None
        """(seq after it, seat, token) of the last move played for a human by ``auto``."""
        self.salt: Callable[[int], str] | None = None
        """Where each deal's salt comes from: ``None`` draws a fresh secret; a duplicate
        event's game derives it from its board (:mod:`hoyle.web.duplicates`), so that every
        table of the event is dealt the same cards."""
        self.event: dict[str, Any] | None = None
        """The duplicate event this game belongs to, as its state message names it."""
        self.record_tags: dict[str, str] = {}
        """Tags the game's record carries besides the room's (an event's name and board)."""

    # ------------------------------------------------------------------ creation and replay

    @classmethod
    def create(
        cls,
        table_id: str,
        game: Game[Any],
        seats: list[Seat],
        store: Store,
        settings: Settings,
        rated: bool = True,
        salt: Callable[[int], str] | None = None,
    ) -> Table:
        """A new table, its first deal drawn and committed, stored in one transaction;
        ``rated``: whether its game counts for the ratings; ``salt``: each deal's salt by
        the deal's number (default: a fresh secret each)."""
        state = game.new_initial_state()
        deals: dict[int, DealSecret] = {}
        events: list[EventRow] = []
        fresh = _draw_chance(state, deals, events, 0, salt)
        row = TableRow(table_id, game.spec, [s.to_json() for s in seats], rated=rated)
        store.create_table(row, events, [(d.deal, d.salt, d.commitment) for d in fresh])
        history = [_public_scores(state)] if _public_scores(state) else []
        table = cls(row, store, settings, state, len(events), deals, history)
        table.salt = salt
        return table

    @classmethod
    def resume(cls, row: TableRow, store: Store, settings: Settings) -> Table:
        """The table as its log leaves it: every stored event replayed in order."""
        game = hoyle.load(row.spec)
        state = game.new_initial_state()
        secrets_ = {d: DealSecret(d, salt, commit) for d, salt, commit in store.deals(row.id)}
        history = [_public_scores(state)] if _public_scores(state) else []
        events = store.events(row.id)
        decided = False
        for expected, ev in enumerate(events):
            if ev.seq != expected:
                raise HoyleError(f"table {row.id}: event {expected} is missing from the log")
            if state.is_chance_node():
                secrets_[state.progress()[0]].draws += 1
            deal = state.progress()[0]
            state.apply_action(ev.action)
            _track_scores(state, deal, history)
            if state.progress()[0] != deal:
                decided = False
            elif ev.seat != CHANCE_SEAT:
                decided = True
        return cls(row, store, settings, state, len(events), secrets_, history, decided)

    def start(self) -> None:
        """Begin looking after the table: timers for absent humans, bots to play."""
        for seat_no, seat in enumerate(self.seats):
            if seat.kind == "human" and seat.connections == 0:
                self._start_leave_timer(seat_no)
        self._schedule()

    def stop(self) -> None:
        """Cancel the table's timers and bot turns (server shutdown)."""
        for task in self._leave_timers.values():
            task.cancel()
        for maybe in (self._bot_task, self._turn_timer, self._auto_task, self._pause_timer):
            _cancel(maybe)
        for box in self._outboxes.values():
            box.close()

    # ------------------------------------------------------------------ properties

    @property
    def finished(self) -> bool:
        """True once the game is over."""
        return self.state.is_terminal()

    def seat_for_key(self, key: str) -> int | None:
        """The seat whose invite secret is ``key``, or ``None``."""
        digest = hash_key(key)
        found = None
        for i, seat in enumerate(self.seats):  # compare every seat, in constant time each
            if seat.key_hash is not None and hmac.compare_digest(seat.key_hash, digest):
                found = i
        return found

    # ------------------------------------------------------------------ what clients see

    def names(self) -> list[str]:
        """The seats' names, as the log and the facts name them."""
        return [s.name for s in self.seats]

    def message_for(self, seat: int | None, lang: str | None = None) -> dict[str, Any]:
        """The state message for ``seat`` (``None``: a spectator) in ``lang`` (default: the
        language in force). Nothing else leaves here."""
        with using(lang or i18n.current()):
            return self._message_for(seat)

    def _message_for(self, seat: int | None) -> dict[str, Any]:
        state = self.state
        current = state.current_player()
        to_act = current if current >= 0 else None
        names = self.names()
        entries = state.log(seat, names)
        start = self._log_start(entries)
        msg: dict[str, Any] = {
            "type": "state",
            "table": self.id,
            "seq": self.seq,
            "you": seat,
            "game": self.game.spec,
            "family": self.game.family,
            "view": family(self.game.family).views.web,
            "title": game_title(self.game),
            "status": "finished" if state.is_terminal() else "playing",
            "to_act": to_act,
            "seats": [s.public() for s in self.seats],
            "observation": state.observation(seat),
            "facts": state.facts(seat, names),
            "choose": state.choosing(seat),
            "log": entries[start:],
            "log_start": start,
            "legal": [],
            "score_history": self.score_history,
            "fairness": self.fairness(),
            "rematch": self.row.rematch,
            "pause": self._pause_json(),
            "clock": self._clock_json(to_act),
            "auto_played": None,
            "event": self.event,
        }
        if seat is not None and to_act == seat:
            msg["legal"] = [state.action_to_string(a) for a in state.legal_actions()]
        if state.is_terminal():
            msg["returns"] = state.returns()
        auto = self._auto_played
        if auto is not None and seat == auto[1] and auto[0] == self.seq:
            msg["auto_played"] = {"seat": auto[1], "token": auto[2]}
        return msg

    def _log_start(self, entries: Sequence[dict[str, Any]]) -> int:
        """Where the log sent begins: the deal in progress, or the one before it too while
        nobody has acted in this one (its last trick and summary stay in view)."""
        starts = [i for i, e in enumerate(entries) if e.get("kind") == "deal"]
        if not starts:
            return 0
        if not self.decided and not self.finished and len(starts) >= 2:
            return starts[-2]
        return starts[-1]

    def _pause_json(self) -> dict[str, Any] | None:
        pause = self.pause
        if pause is None:
            return None
        left = max(0.0, pause.deadline - time.monotonic())
        return {
            "seconds": round(left, 2),
            "total": round(pause.deadline - pause.start, 2),
            "waiting": self._pause_waiting(),
        }

    def _clock_json(self, to_act: int | None) -> dict[str, Any] | None:
        """The countdown before a bot plays for the human to act: their turn timer, or the
        grace of a seat left empty, whichever runs out first."""
        if to_act is None or self.finished:
            return None
        now = time.monotonic()
        clock: dict[str, Any] | None = None
        timer = self._turn_timer
        if timer is not None and not timer.done() and self._turn_key == (to_act, self.seq):
            left = max(0.0, self._turn_deadline - now)
            clock = {"seat": to_act, "seconds": round(left, 2)}
            clock.update(total=self.settings.turn_timeout, kind="turn")
        away_at = self._leave_deadlines.get(to_act)
        if away_at is not None and not self.seats[to_act].away:
            left = max(0.0, away_at - now)
            if clock is None or left < clock["seconds"]:
                clock = {"seat": to_act, "seconds": round(left, 2)}
                clock.update(total=self.settings.grace, kind="away")
        return clock

    def fairness(self) -> list[dict[str, Any]]:
        """Each deal's commitment; its salt too once the game is over."""
        out = []
        for deal in sorted(self.deals):
            entry: dict[str, Any] = {"deal": deal, "commitment": self.deals[deal].commitment}
            if self.finished:
                entry["salt"] = self.deals[deal].salt
            out.append(entry)
        return out

    async def send(self, conn: Connection, msg: dict[str, Any], text: str | None = None) -> None:
        """Queue one message for ``conn`` (``text``: the message already in JSON). A viewer
        whose queue is full (a stalled client, :data:`OUTBOX`) is dropped, so no reader is
        waited for: the table goes on at its own pace."""
        if conn not in self.viewers:  # not joined (a refused hello), or dropped already
            with contextlib.suppress(Exception):
                await conn.send_json(msg)
            return
        box = self._outboxes.get(conn)
        if box is None:
            box = self._outboxes[conn] = Outbox(conn, self._gone)
        if not box.put(msg, text):
            self._gone(conn, too_slow=True)

    async def reply(self, conn: Connection, msg: dict[str, Any]) -> None:
        """Answer a viewer's own message (a refusal, a hint, a pong) after what it was sent
        before. Unlike :meth:`send` this waits while its queue is full: only the viewer's own
        reading waits, so a client that floods the room is slowed, not dropped."""
        box = self._outboxes.get(conn)
        if box is None:
            await self.send(conn, msg)
        else:
            await box.queue.put((msg, None))

    async def broadcast(self) -> None:
        """Send every viewer the state as their seat may see it, in their language."""
        cache: dict[tuple[int | None, str], tuple[dict[str, Any], str]] = {}
        for conn, seat in list(self.viewers.items()):
            key = (seat, self.langs.get(conn, i18n.current()))
            if key not in cache:
                msg = self.message_for(*key)
                cache[key] = (msg, json.dumps(msg))
            await self.send(conn, *cache[key])

    def presence(self) -> dict[str, Any]:
        """Who sits where and who is here, the pause and the clock: what a seated player's
        arrival or departure changes, the same for every viewer."""
        current = -1 if self.finished else self.state.current_player()
        return {
            "type": "presence",
            "seq": self.seq,
            "seats": [s.public() for s in self.seats],
            "pause": self._pause_json(),
            "clock": self._clock_json(current if current >= 0 else None),
        }

    async def _tell_presence(self, skip: Connection | None = None) -> None:
        msg = self.presence()
        text = json.dumps(msg)
        for conn in list(self.viewers):
            if conn is not skip:
                await self.send(conn, msg, text)

    def _gone(self, conn: Connection, too_slow: bool = False) -> None:
        """``conn`` cannot be written to (closed, or too slow to keep up): it leaves."""
        if conn not in self.viewers:
            return
        task = asyncio.create_task(self._drop(conn, too_slow))
        self._dropping.add(task)
        task.add_done_callback(self._dropping.discard)

    async def _drop(self, conn: Connection, too_slow: bool) -> None:
        await self.leave(conn)
        close = getattr(conn, "close", None)
        if too_slow and close is not None:
            with contextlib.suppress(Exception):  # it may not even read the close
                await asyncio.wait_for(close(code=4408, reason="too far behind"), 5)

    async def flush(self) -> None:
        """Wait until every message queued so far has been written, or its viewer dropped
        (a stalled one is waited for until its queue fills): for tests."""
        for box in list(self._outboxes.values()):
            await box.queue.join()

    # ------------------------------------------------------------------ who is here

    async def join(
        self,
        conn: Connection,
        seat: int | None,
        name: str | None = None,
        auto: bool = True,
        lang: str | None = None,
        player: str | None = None,
    ) -> None:
        """Add a viewer: a seated human (their invite key was checked) or a spectator.

        ``auto`` off: this connection wants to play its forced moves itself. ``lang``: the
        language it reads the table in (default: the one in force). ``player``: the club
        player taking the seat (logged in), who holds it from now on under their own name,
        unless another player holds it already.
        """
        self.viewers[conn] = seat
        self.langs[conn] = lang or i18n.current()
        if seat is not None:
            self.auto[conn] = auto
            s = self.seats[seat]
            s.connections += 1
            timer = self._leave_timers.pop(seat, None)
            self._leave_deadlines.pop(seat, None)
            if timer is not None:
                timer.cancel()
            before = s.name
            if player is not None and s.player in (None, player):
                name = player  # the seat shows the player's name, whatever the page says
                if s.player is None:
                    s.player = player
                    await asyncio.to_thread(
                        self.store.update_seats, self.id, [x.to_json() for x in self.seats]
                    )
            if name is not None:
                try:
                    wanted = check_name(name)
                    if wanted != s.name:
                        others = [x.name for i, x in enumerate(self.seats) if i != seat]
                        s.name = unique_name(wanted, others)
                        await asyncio.to_thread(
                            self.store.update_seats, self.id, [x.to_json() for x in self.seats]
                        )
                except Refused as exc:  # the seat is taken all the same, under its old name
                    reason = _("name: {reason}").format(reason=exc.reason)
                    await self.send(conn, {"type": "refused", "reason": reason})
            renamed = s.name != before
            s.away = False
            self._schedule()
            if renamed:  # the log and facts name the seat: everyone's state changes
                await self.broadcast()
                return
        # The joiner alone gets the whole state; the others only learn that a player came
        # (a spectator's coming changes nothing they see), so joins cost one message each.
        await self.send(conn, self.message_for(seat, self.langs[conn]))
        if seat is not None:
            await self._tell_presence(skip=conn)

    async def leave(self, conn: Connection) -> None:
        """A viewer's connection closed; a seat left empty gets a bot after the grace time."""
        if conn not in self.viewers:
            return
        seat = self.viewers.pop(conn)
        self.langs.pop(conn, None)
        self.auto.pop(conn, None)
        box = self._outboxes.pop(conn, None)
        if box is not None:
            box.close()
        if seat is not None:
            self.seats[seat].connections -= 1
            if self.seats[seat].connections == 0:
                self._start_leave_timer(seat)
            self._pause_check()
            self._schedule()
            await self._tell_presence()

    async def heard_from(self, seat: int) -> None:
        """A seated human spoke: if a bot was playing for them, they take the seat back."""
        s = self.seats[seat]
        if s.kind == "human" and s.away:
            s.away = False
            self._schedule()
            await self.broadcast()

    async def set_auto(self, conn: Connection, on: bool) -> None:
        """A seated connection turns the playing of its forced moves on or off."""
        if conn in self.auto:
            self.auto[conn] = on
            self._schedule()

    async def proceed(self, seat: int) -> None:
        """``seat`` has read the deal's summary: the pause no longer waits for it."""
        pause = self.pause
        if pause is None or seat in pause.continued:
            return
        pause.continued.add(seat)
        self._pause_check()
        await self.broadcast()

    def _start_leave_timer(self, seat: int) -> None:
        old = self._leave_timers.pop(seat, None)
        if old is not None:
            old.cancel()
        self._leave_deadlines[seat] = time.monotonic() + self.settings.grace
        self._leave_timers[seat] = asyncio.create_task(self._leave_after(seat))

    async def _leave_after(self, seat: int) -> None:
        await asyncio.sleep(self.settings.grace)
        self._leave_timers.pop(seat, None)
        self._leave_deadlines.pop(seat, None)
        if self.seats[seat].connections == 0 and not self.seats[seat].away:
            self.seats[seat].away = True
            self._schedule()
            await self.broadcast()

    # ------------------------------------------------------------------ the pause after a deal

    def _humans_here(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == "human" and s.connections > 0]

    def _pause_waiting(self) -> list[int]:
        """The connected human seats the pause still waits for."""
        pause = self.pause
        if pause is None:
            return []
        return [i for i in self._humans_here() if i not in pause.continued]

    def _begin_pause(self) -> None:
        """A deal has just ended: hold the bots so that its summary can be read."""
        self.pause = None
        _cancel(self._pause_timer)
        self._pause_timer = None
        if not self.viewers:  # nobody reads it
            return
        here = self._humans_here()
        total = self.settings.summary_seconds if here else self.settings.summary_seconds_bots
        if total <= 0:
            return
        now = time.monotonic()
        self.pause = Pause(now, now + total)
        self._pause_timer = asyncio.create_task(self._pause_after(self.pause))

    def _pause_check(self) -> None:
        """End the pause once every connected human has continued; when the humans it waited
        for have all left, wait no longer than a table without humans."""
        pause = self.pause
        if pause is None or self._pause_waiting():
            return
        if pause.continued:
            self._end_pause()
            return
        shorter = time.monotonic() + self.settings.summary_seconds_bots
        if shorter < pause.deadline:
            pause.deadline = shorter
            _cancel(self._pause_timer)
            self._pause_timer = asyncio.create_task(self._pause_after(pause))

    def _end_pause(self) -> None:
        if self.pause is None:
            return
        self.pause = None
        _cancel(self._pause_timer)
        self._pause_timer = None
        self._schedule()

    async def _pause_after(self, pause: Pause) -> None:
        while self.pause is pause:
            left = pause.deadline - time.monotonic()
            if left <= 0:
                self._pause_timer = None  # this task: not cancelled by _end_pause
                self._end_pause()
                await self.broadcast()
                return
            await asyncio.sleep(left)

    # ------------------------------------------------------------------ actions

    async def act(self, seat: int, token: str, *, by_bot: bool = False, auto: bool = False) -> None:
        """Accept ``seat``'s action ``token``, store it, then tell everyone; or raise Refused.

        ``by_bot``: a bot's move (for a bot seat, or standing in); ``auto``: a human's only
        legal move, played for them. Both wait while the table pauses after a deal.

        Nothing changes when it is refused: the action is tried on a copy; once the log has
        it the table's state takes the same steps (so the log the core keeps beside that
        state only grows).
        """
        async with self.lock:
            state = self.state
            if state.is_terminal():
                raise Refused(_("the game is over"))
            to_act = state.current_player()
            if to_act != seat:
                if 0 <= to_act < len(self.seats):
                    raise Refused(
                        _("it is not your turn: {name} is to act").format(
                            name=self.seats[to_act].name
                        )
                    )
                raise Refused(_("it is not your turn: nobody is to act"))
            s = self.seats[seat]
            if by_bot and s.kind == "human" and not s.away:
                raise Refused(_("the human has taken the seat back"))
            if (by_bot or auto) and self.pause is not None:
                raise Refused(_("the table waits while the deal's summary is read"))
            if auto and self._forced(seat) is None:
                raise Refused(_("the move is no longer played for you"))
            try:
                action = state.string_to_action(token)
                trial = state.clone()
                trial.apply_action(action)
            except ValueError as exc:  # IllegalActionError, a bad token: the engine's reason
                raise Refused(in_words(str(exc), seat, self.names())) from None
            events = [EventRow(self.seq, seat, action, state.action_to_string(action))]
            deals = {d: dataclasses.replace(v) for d, v in self.deals.items()}
            fresh = _draw_chance(trial, deals, events, self.seq, self.salt)
            history = [list(h) for h in self.score_history]
            deal = state.progress()[0]
            _track_scores(trial, deal, history)
            record = self._record(trial, deals) if trial.is_terminal() else None
            await asyncio.to_thread(
                self.store.append,
                self.id,
                events,
                [(d.deal, d.salt, d.commitment) for d in fresh],
                record,
            )
            for event in events:  # the kept state follows: its log is extended, not rebuilt
                state.apply_action(event.action)
            self.deals, self.score_history = deals, history
            self.seq += len(events)
            if record is not None:
                self.row.status, self.row.record = "finished", record
            ended = state.progress()[0] != deal
            self.decided = not ended
            self._auto_played = (self.seq, seat, events[0].token) if auto else None
            if state.is_terminal():
                self._end_pause()  # a game over waits for nothing
            elif ended:
                self._begin_pause()
            elif self.pause is not None and not (by_bot or auto):
                self.pause.continued.add(seat)  # a human who acts has read enough
                self._pause_check()
            self._schedule()
            await self.broadcast()
        if self.on_change is not None:
            self.on_change(self)
        if record is not None and self.on_finish is not None:
            await self.on_finish(self)

    def _record(self, state: State, deals: dict[int, DealSecret]) -> str:
        tags = {
            "Event": "hoyle card room",
            "Table": self.id,
            "Commitments": format_deal_tags({d: v.commitment for d, v in deals.items()}),
            "Salts": format_deal_tags({d: v.salt for d, v in deals.items()}),
            **self.record_tags,
        }
        names = [s.name for s in self.seats]
        return dumps(from_state(state, seed=None, seats=names, tags=tags))

    # ------------------------------------------------------------------ bots and timers

    def _plays_for(self, seat: int) -> bool:
        s = self.seats[seat]
        return s.kind == "bot" or s.away

    def _schedule(self) -> None:
        """Start whatever the player to act needs: a bot's move, a forced move played for a
        human, or a human's turn timer (kept while the same turn goes on). Nothing moves by
        itself while the table pauses after a deal."""
        current = -1 if self.state.is_terminal() else self.state.current_player()
        paused = self.pause is not None
        plays = current >= 0 and self._plays_for(current)
        forced = None if current < 0 or paused or plays else self._forced(current)
        key = (current, self.seq)
        if forced is None or self._auto_key != key:
            _cancel(self._auto_task)
            self._auto_task = self._auto_key = None
        if current < 0 or paused or plays or forced is not None or self._turn_key != key:
            _cancel(self._turn_timer)
            self._turn_timer = self._turn_key = None
        if current < 0 or paused:
            return
        if plays:
            if self._bot_task is None or self._bot_task.done():
                self._bot_task = asyncio.create_task(self._bot_turn())
        elif forced is not None:
            if self._auto_task is None:
                self._auto_key = key
                self._auto_task = asyncio.create_task(self._play_forced(current, self.seq, forced))
        elif self._turn_timer is None:
            self._turn_key = key
            self._turn_deadline = time.monotonic() + self.settings.turn_timeout
            self._turn_timer = asyncio.create_task(self._silent_after(current, self.seq))

    def _forced(self, seat: int) -> str | None:
        """The token of ``seat``'s only legal move when it is to be played for them: a human
        here (every connection of theirs with ``auto`` on) with one move left."""
        s = self.seats[seat]
        if s.kind != "human" or s.away or s.connections == 0:
            return None
        mine = [on for conn, on in self.auto.items() if self.viewers.get(conn) == seat]
        if not mine or not all(mine):
            return None
        legal = self.state.legal_actions()
        return self.state.action_to_string(legal[0]) if len(legal) == 1 else None

    async def _play_forced(self, seat: int, seq: int, token: str) -> None:
        await asyncio.sleep(self.settings.auto_delay)
        if self.seq != seq:
            return
        self._auto_task = self._auto_key = None  # this task: not cancelled by _schedule
        try:
            await self.act(seat, token, auto=True)
        except Refused:
            pass
        except Exception:  # like a bot's failure: the table waits for the human
            log.exception("table %s: a forced move failed", self.id)

    async def _silent_after(self, seat: int, seq: int) -> None:
        await asyncio.sleep(self.settings.turn_timeout)
        if self.seq == seq and self.state.current_player() == seat:
            self.seats[seat].away = True
            self._turn_timer = self._turn_key = None
            self._schedule()
            await self.broadcast()

    def _level(self, seat: int) -> str:
        s = self.seats[seat]
        return s.level if s.kind == "bot" else self.settings.standin

    def _watched(self) -> bool:
        """Whether a human sits here with a connection open (their bots think first)."""
        return any(s.kind == "human" and s.connections > 0 for s in self.seats)

    def _heuristic(self, seat: int, level: str, seed: int) -> Agent:
        known = self._agents.get(seat)
        if known is None or known[0] != level:
            known = (level, make_agent(level, self.game, seed))
            self._agents[seat] = known
        return known[1]

    async def _bot_turn(self) -> None:
        """Play bots' moves while a bot (or a stand-in) is to act."""
        try:
            while not self.state.is_terminal():
                seat = self.state.current_player()
                if seat < 0 or not self._plays_for(seat) or self.pause is not None:
                    return
                seq = self.seq
                if self.settings.bot_delay > 0:
                    await asyncio.sleep(self.settings.bot_delay)
                level = self._level(seat)
                position = self.state.clone()
                seed = self._seeds.setdefault(seat, secrets.randbits(31))
                if not takes_budget(level, self.game):
                    # random and the easy heuristics answer in well under a millisecond
                    # (4 ms at worst): cheaper here than sent to a worker and back.
                    action = self._heuristic(seat, level, seed).step(position)
                else:
                    key = (self.id, seat, level)
                    action = await self.pool.think(key, position, seed, self._watched())
                if self.seq != seq:
                    continue  # someone acted meanwhile (the human came back)
                try:
                    await self.act(seat, position.action_to_string(action), by_bot=True)
                except Refused:
                    return
        except asyncio.CancelledError:
            raise
        except Exception:  # a bot failure must not kill the server; the table waits
            log.exception("table %s: bot failed", self.id)

    # ------------------------------------------------------------------ hints

    async def hint(self, seat: int) -> dict[str, Any]:
        """The hint level's opinion of every legal move of ``seat`` (only on its turn):
        ``moves`` best value first, each with its ``token``, ``text`` (the move in the
        screen's words), ``value`` and whether it is the ``suggested`` one; and ``reason``,
        why that one, when the hint says."""
        state = self.state.clone()
        if state.current_player() != seat:
            raise Refused(_("a hint is for the player to act, and it is not your turn"))
        if seat in self._hinting:  # one search at a time per seat: hints cost a core each
            raise Refused(_("a hint is already being worked out"))
        self._hinting.add(seat)
        try:
            found = await self.pool.hint(
                state, self.settings.hint_level, self.settings.hint_seconds
            )
        except ValueError as exc:
            raise Refused(in_words(str(exc), seat, self.names())) from None
        finally:
            self._hinting.discard(seat)
        reply = hint_reply(found)
        reply["meaning"] = value_meaning(self.game)  # what the values measure, in words
        return reply

    def summary(self) -> dict[str, Any]:
        """What the lobby lists of this table."""
        return {
            "id": self.id,
            "game": self.game.spec,
            "title": game_title(self.game),
            "status": "finished" if self.finished else "playing",
            "seats": [s.public() for s in self.seats],
            "created": self.row.created,
            "viewers": len(self.viewers),
            "rematch": self.row.rematch,
            "rated": self.row.rated,
        }


def hint_reply(found: Sequence[Any]) -> dict[str, Any]:
    """``hoyle.hint``'s moves as the room sends them, best value first, the suggested one
    marked (the first of the search's ranking when the hints do not say which), values to two
    decimals, and the suggestion's ``reason`` when it has one."""
    says = bool(found) and hasattr(found[0], "suggested")
    moves: list[dict[str, Any]] = []
    reason = None
    for i, h in enumerate(found):
        suggested = bool(getattr(h, "suggested", False)) if says else i == 0
        if suggested and reason is None:
            reason = getattr(h, "reason", None)
        token = str(h.token)
        moves.append(
            {
                "token": token,
                "text": pretty(token),
                "value": round(float(h.value), 2),
                "suggested": suggested,
            }
        )
    moves.sort(key=lambda m: -m["value"])  # stable: ties keep the search's order
    return {"moves": moves, "reason": reason if isinstance(reason, str) else None}


_WORDS = re.compile(
    r"(?P<seat>\b[Ss]eat (?P<n>\d+)(?P<s>'s)?\b)(?P<verb> (?:is|was|has|does)\b)?"
    r"|(?<![\w:>=+*])(?P<card>(?:10|[2-9TJQKA])[CDHS])(?![\w>=+*])"
)
_YOU_VERBS = {" is": " are", " was": " were", " has": " have", " does": " do"}


def in_words(text: str, viewer: int | None, names: Sequence[str]) -> str:
    """An engine's sentence in the screen's words: ``seat 2`` becomes that seat's name (``you``
    for ``viewer``) and a card token a card (``9H`` → ``9♥``); nothing else changes."""

    def word(m: re.Match[str]) -> str:
        if m.group("card"):
            return pretty(m.group("card"))
        n = int(m.group("n"))
        verb = m.group("verb") or ""
        if not 0 <= n < len(names):
            return m.group(0)
        if n != viewer:
            return names[n] + (m.group("s") or "") + verb
        before = text[: m.start()].rstrip()
        capital = m.group(0)[0] == "S" or not before or before[-1] in "(.!?"
        you = "your" if m.group("s") else "you"
        return (you.capitalize() if capital else you) + _YOU_VERBS.get(verb, verb)

    return _WORDS.sub(word, text)


def _cancel(task: asyncio.Task[None] | None) -> None:
    """Cancel ``task`` unless it is the one running (a timer that calls back in)."""
    if task is not None and not task.done() and task is not asyncio.current_task():
        task.cancel()


def _draw_chance(
    state: State,
    deals: dict[int, DealSecret],
    events: list[EventRow],
    seq: int,
    salt: Callable[[int], str] | None = None,
) -> list[DealSecret]:
    """Play the chance actions from here, each deal from its salt; return the deals begun.

    New events are numbered on from ``seq``, the number of the first event in ``events``.
    A new deal's salt is ``salt(deal)``, or a fresh secret.

    A deal's first chance actions are its deal proper: the commitment is made over them, and
    the salt stays secret until the game ends.
    """
    fresh = []
    while state.is_chance_node():
        deal = state.progress()[0]
        secret = deals.get(deal)
        first = secret is None
        if secret is None:
            secret = deals[deal] = DealSecret(deal, salt(deal) if salt else new_salt())
            fresh.append(secret)
        tokens = []
        before = state.clone()
        for action in deal_chance(state, secret):
            tokens.append(before.action_to_string(action))
            before.apply_action(action)
            events.append(EventRow(seq + len(events), CHANCE_SEAT, action, tokens[-1]))
        if first:
            secret.commitment = commitment(secret.salt, tokens)
    return fresh


def _public_scores(state: State) -> list[float]:
    scores = state.observation(None).get("scores")
    if isinstance(scores, list) and all(isinstance(x, int | float) for x in scores):
        return [float(x) for x in scores]
    return []


def _track_scores(state: State, deal_before: int, history: list[list[float]]) -> None:
    """Add the public scores to the history each time a deal ends (and at the end)."""
    if state.is_terminal() or state.progress()[0] != deal_before:
        scores = _public_scores(state)
        if scores and (not history or history[-1] != scores or state.is_terminal()):
            history.append(scores)
