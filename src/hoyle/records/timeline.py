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

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from hoyle.core.protocol import Game, State
from hoyle.core.registry import load as load_game
from hoyle.records.model import Record
from hoyle.records.replay import progress_label, replay

__all__ = ["Step", "Timeline", "View"]


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
    """``log(seat, names)``: the events that reader had witnessed by this position."""
    hands: list[list[Any]] | None
    """Every seat's hand as that seat saw it, when the view is face up; else ``None``."""
    facts: list[dict[str, Any]] = field(default_factory=list)
    """``facts(seat, names)``: what that reader's table showed at a glance (trumps, the
    contract, the pass …), which say nothing the observation does not."""


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
        self._states: list[State] = [state.clone()]
        self.steps: list[Step] = [Step(0, _label(state), state.progress(), None, None, rec.intro)]
        """The positions in order; ``steps[i]`` is the position after ``i`` actions."""
        for i, (token, comment) in enumerate(zip(rec.actions, rec.comments, strict=True)):
            actor = None if state.is_chance_node() else state.current_player()
            state.apply_action(state.string_to_action(token))
            self._states.append(state.clone())
            self.steps.append(Step(i + 1, _label(state), state.progress(), actor, token, comment))

    def __len__(self) -> int:
        return len(self.steps)

    def state(self, index: int) -> State:
        """A copy of the position after ``index`` actions (changing it changes nothing here)."""
        return self._states[self._check(index)].clone()

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
        state = self._states[self._check(index)]
        hands = (
            [state.observation(s)["hand"] for s in range(self.game.num_players)]
            if face_up
            else None
        )
        names = self.names if names is None else list(names)
        return View(
            state.observation(seat), state.log(seat, names), hands, state.facts(seat, names)
        )

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
