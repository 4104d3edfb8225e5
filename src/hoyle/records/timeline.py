"""A recorded game as positions to step through: the model every replay viewer shows.

:class:`Timeline` replays a :class:`~hoyle.records.Record` once (checking it as
:func:`~hoyle.records.replay` does) and keeps the position after every action, so that a viewer
can go forward and back by move, by trick (or turn) and by deal without replaying again.
What a viewer shows of a position comes from the protocol only: :meth:`Timeline.view` gives a
seat's ``observation`` and ``log`` (that seat's view, as the table showed it to them), or a
spectator's with every hand face up, which is what a finished game may show to anyone.

>>> import hoyle
>>> from hoyle import records
>>> state = hoyle.load("hearts", deals=1).new_initial_state(seed=7)
>>> while not state.is_terminal():
...     state.apply_action(state.legal_actions()[0])
>>> line = Timeline(records.from_state(state, seed=7))
>>> len(line) == len(state.history()) + 1 - 52  # the seed deals; the moves are recorded
True
>>> [line.steps[i].label for i in line.tricks()[:4]]  # the pass, then trick by trick
['1.pass', '1.1', '1.2', '1.3']
>>> line.prev_trick(line.tricks()[3]) == line.tricks()[2]
True
"""

from __future__ import annotations

import bisect
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from hoyle.core.errors import HoyleError
from hoyle.core.narrate import Event, chronicle
from hoyle.core.protocol import Game, State
from hoyle.core.registry import load as load_game
from hoyle.i18n import current
from hoyle.records.model import Record
from hoyle.records.replay import progress_label, replay

__all__ = ["CHECKPOINT", "Step", "Timeline", "View"]

MAX_READERS = 16
"""The readers (seat and names) a timeline keeps the worded log of."""

CHECKPOINT = 32
"""A timeline keeps a copy of every this-many-th position and plays the moves from the one
before to reach any other (at most this many less one)."""


@dataclass(frozen=True)
class Step:
    """One position of the game: the start, or the position after one recorded action."""

    index: int
    """How many recorded actions lead here (0: the start)."""
    label: str
    """Where the game stands here, as a record line label: ``1.3`` (deal 1, trick 3),
    ``1.pass``; ``end`` once the game is over."""
    progress: tuple[int, str, int]
    """``State.progress()`` here: (deal, phase, round)."""
    actor: int | None
    """The seat whose move led here; ``None`` at the start and after a chance action."""
    token: str | None
    """The token of the action that led here (``None`` at the start)."""
    comment: str
    """The record's comment on that action (the intro comment at the start), or ``""``."""


@dataclass(frozen=True)
class View:
    """What a viewer shows at one position, all of it from the protocol's outputs."""

    observation: dict[str, Any]
    """``observation(seat)`` (``seat`` ``None``: a spectator's)."""
    log: list[dict[str, Any]]
    """``log(seat, names)``: the events that reader had witnessed by this position. Its
    entries are shared between the views of one timeline: read them, do not change them."""
    hands: list[list[Any]] | None
    """Every seat's hand as that seat saw it, when the view is face up; else ``None``."""
    facts: list[dict[str, Any]] = field(default_factory=list)
    """``facts(seat, names)``: what that reader's table showed at a glance (trumps, the
    contract, the pass …), which say nothing the observation does not."""


@dataclass
class _Reader:
    """One reader's log entries of the whole game, with each entry's event number."""

    at: list[int]
    entries: list[dict[str, Any]]


class Timeline:
    """Every position of a recorded game, with the moves between them.

    Raises :class:`~hoyle.records.RecordError` (with the line) where the record does not
    replay, exactly as :func:`~hoyle.records.replay` does.
    """

    def __init__(self, rec: Record) -> None:
        replay(rec)  # every check, with the record's lines in the message, before stepping
        self.record = rec
        """The record replayed."""
        self.game: Game[Any] = load_game(rec.tags["Game"])
        """The game the record plays."""
        names = rec.seats
        self.names: list[str] | None = names or None
        """The seats' names from the ``Seats`` tag (``None`` when it has none)."""
        state = self.game.new_initial_state(rec.seed)
        # A copy of every CHECKPOINT-th position, not of each: a state carries its log so far,
        # so copies of all positions would take memory (and time) growing with the square of
        # the game's length. Any position is a checkpoint and fewer than CHECKPOINT moves.
        self._checkpoints: list[State] = [state.clone()]
        self._actions: list[int] = []
        self._recent: tuple[int, State] | None = None
        # The log of every position is a prefix of the game's chronicle (events are written
        # once, as each action happens): built once, when a log is first asked for, each
        # position's log is a slice, not a replay of the game from its start as ``State.log``
        # on a lone copy would be.
        self._events: list[Event] | None = None
        self._event_counts: list[int] = []
        self._readers: dict[tuple[int | None, tuple[str, ...] | None, str], _Reader] = {}
        self._lock = threading.Lock()
        self.steps: list[Step] = [Step(0, _label(state), state.progress(), None, None, rec.intro)]
        """The positions in order; ``steps[i]`` is the position after ``i`` actions."""
        for i, (token, comment) in enumerate(zip(rec.actions, rec.comments, strict=True)):
            actor = None if state.is_chance_node() else state.current_player()
            action = state.string_to_action(token)
            state.apply_action(action)
            self._actions.append(action)
            if (i + 1) % CHECKPOINT == 0:
                self._checkpoints.append(state.clone())
            self.steps.append(Step(i + 1, _label(state), state.progress(), actor, token, comment))

    def __len__(self) -> int:
        return len(self.steps)

    def state(self, index: int) -> State:
        """A copy of the position after ``index`` actions (changing it changes nothing here)."""
        return self._position(self._check(index)).clone()

    def _position(self, index: int) -> State:
        """The position after ``index`` actions (not to be changed: it may be kept): from a
        copy of the last position asked for when it lies on the way (a viewer stepping forward
        plays one move), else from a copy of the checkpoint before it. Kept states are never
        changed, so viewers in several threads may share a timeline."""
        recent = self._recent
        if recent is not None and recent[0] == index:
            return recent[1]
        if recent is not None and recent[0] < index < recent[0] + CHECKPOINT:
            start, state = recent[0], recent[1].clone()
        else:
            start = index - index % CHECKPOINT
            state = self._checkpoints[start // CHECKPOINT].clone()
        for action in self._actions[start:index]:
            state.apply_action(action)
        self._recent = (index, state)
        return state

    def view(
        self,
        index: int,
        seat: int | None = None,
        *,
        face_up: bool = False,
        names: Sequence[str] | None = None,
    ) -> View:
        """What the table showed ``seat`` at ``index`` (``None``: a spectator); with
        ``face_up`` every seat's hand too, for a finished game shown to anyone.

        ``names`` names the seats in the log's and the facts' sentences (default: the
        record's :attr:`names`), as a viewer names them on its screen.
        """
        state = self._position(self._check(index))
        hands = (
            [state.observation(s)["hand"] for s in range(self.game.num_players)]
            if face_up
            else None
        )
        names = self.names if names is None else list(names)
        if names is not None and len(names) != self.game.num_players:
            raise HoyleError(f"give one name per seat ({self.game.num_players}), not {len(names)}")
        return View(
            state.observation(seat),
            self._log(index, seat, names),
            hands,
            state.facts(seat, names),
        )

    def _log(self, index: int, seat: int | None, names: list[str] | None) -> list[dict[str, Any]]:
        """``log(seat, names)`` at position ``index``: the reader's entries of the events
        written by then (the same entries ``State.log`` gives, worded once per reader and
        language and shared between positions)."""
        key = (seat, None if names is None else tuple(names), current())
        with self._lock:  # viewers in several threads may share a timeline
            events = self._chronicle()
            reader = self._readers.get(key)
            if reader is None:
                if len(self._readers) >= MAX_READERS:  # a viewer asks for a few; bounded
                    self._readers.pop(next(iter(self._readers)))
                seen = [(i, e) for i, e in enumerate(events) if e.seen_by(seat)]
                entries = [e.to_json(seat, names) for _, e in seen]
                reader = _Reader([i for i, _ in seen], entries)
                self._readers[key] = reader
        return reader.entries[: bisect.bisect_left(reader.at, self._event_counts[index])]

    def _chronicle(self) -> list[Event]:
        """Every event of the game, with the number written by each position (built once)."""
        if self._events is None:
            state = self._checkpoints[0].clone()
            events = chronicle(state)  # one list, extended as the state moves on
            counts = [len(events)]
            for action in self._actions:
                state.apply_action(action)
                counts.append(len(chronicle(state)))
            self._events, self._event_counts = events, counts
        return self._events

    # ----------------------------------------------------------------- moving about

    def moves(self) -> list[int]:
        """The positions reached by a player's move (chance actions skipped)."""
        return [s.index for s in self.steps if s.actor is not None]

    def tricks(self) -> list[int]:
        """The first position of every trick or turn (and of every other phase round): where
        ``progress()`` changes. The start is the first."""
        return [s.index for s in self.steps if s.index == 0 or _moved_on(self.steps, s.index)]

    def deals(self) -> list[int]:
        """The first position of every deal (the start is the first)."""
        return [
            s.index
            for s in self.steps
            if s.index == 0 or s.progress[0] != self.steps[s.index - 1].progress[0]
        ]

    def next_move(self, index: int) -> int:
        """The next position reached by a player's move (``index`` itself at the end)."""
        return _after(self.moves(), self._check(index), len(self) - 1)

    def prev_move(self, index: int) -> int:
        """The position before the last move that led to ``index`` (0 at the start)."""
        return _before([m - 1 for m in self.moves()], self._check(index))

    def next_trick(self, index: int) -> int:
        """The start of the next trick or turn (the end when there is none)."""
        return _after(self.tricks(), self._check(index), len(self) - 1)

    def prev_trick(self, index: int) -> int:
        """The start of the trick ``index`` is in, or of the one before if it is at a start."""
        return _before(self.tricks(), self._check(index))

    def next_deal(self, index: int) -> int:
        """The start of the next deal (the end when there is none)."""
        return _after(self.deals(), self._check(index), len(self) - 1)

    def prev_deal(self, index: int) -> int:
        """The start of the deal ``index`` is in, or of the one before if it is at a start."""
        return _before(self.deals(), self._check(index))

    def _check(self, index: int) -> int:
        if type(index) is not int or not 0 <= index < len(self.steps):
            raise IndexError(f"position {index!r}: this game has positions 0 to {len(self) - 1}")
        return index


def _label(state: State) -> str:
    return "end" if state.is_terminal() else progress_label(state.progress())


def _moved_on(steps: Sequence[Step], index: int) -> bool:
    return steps[index].progress != steps[index - 1].progress


def _after(marks: list[int], index: int, last: int) -> int:
    return next((m for m in marks if m > index), last)


def _before(marks: list[int], index: int) -> int:
    return next((m for m in reversed(marks) if m < index), 0)
