"""From a played state to a record, and from a record back to the state: the two must agree.

Both directions play the game through the protocol only (``new_initial_state``,
``progress``, ``action_to_string``, ``string_to_action``, ``apply_action``), so records work
for every family without knowing any of them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence

from hoyle.core.protocol import State
from hoyle.records.model import Record, RecordError, check_tags, check_writable
from hoyle.records.writer import layout

__all__ = ["from_state", "progress_label", "replay", "result_string"]

# Tags that from_state computes itself; a caller's ``tags`` may not set them.
_COMPUTED = ("Game", "Seed", "Seats", "Result")


def progress_label(progress: tuple[int, str, int]) -> str:
    """The line label for ``State.progress()``: ``1.3`` in play, else ``1.pass``, ``2.bid.2``.

    >>> progress_label((1, "play", 3)), progress_label((2, "deal", 0))
    ('1.3', '2.deal')
    """
    deal, phase, number = progress
    parts = [str(deal)]
    if phase != "play":
        parts.append(re.sub(r"[^a-z0-9-]+", "-", phase.lower()) or "phase")
    if number or phase == "play":
        parts.append(str(number))
    return ".".join(parts)


def _number(x: float) -> str:
    # Whole numbers without ".0"; others exactly (repr round-trips a float).
    x = float(x)
    return str(int(x)) if x.is_integer() else repr(x)


def result_string(state: State) -> str:
    """What the ``Result`` tag holds: ``scores 26 0 13 65; returns 0 1 0 0``.

    Before the end it is ``unfinished; scores ...`` with the running scores.
    """
    scores = " ".join(_number(s) for s in state.scores())
    if not state.is_terminal():
        return f"unfinished; scores {scores}"
    return f"scores {scores}; returns {' '.join(_number(r) for r in state.returns())}"


def _make_tags(
    state: State, seed: int | None, seats: Sequence[str] | None, tags: Mapping[str, str] | None
) -> dict[str, str]:
    out = {"Game": state.game.spec, "Seed": "-" if seed is None else str(seed)}
    if seats is not None:
        names = [str(name).strip() for name in seats]
        if len(names) != state.game.num_players or any(not n or "," in n for n in names):
            raise RecordError(
                f"seats: one name per seat ({state.game.num_players}), none empty or with a comma"
            )
        out["Seats"] = ", ".join(names)
    for name, value in (tags or {}).items():
        if name in _COMPUTED:
            raise RecordError(
                f"tag {name} is set by from_state itself (use its seed= and seats= arguments)"
            )
        out[name] = value
    out["Result"] = result_string(state)
    return out


def from_state(
    state: State,
    seed: int | None = None,
    seats: Sequence[str] | None = None,
    tags: Mapping[str, str] | None = None,
) -> Record:
    """The record of the game that led to ``state``.

    ``seed`` is the one given to ``new_initial_state`` (``None`` when the game was dealt at
    chance nodes, or from a hand-set deal: then the dealt cards are in the move list). With a
    seed the record lists the decisions only (the seed deals the cards again); without, every
    action. The history is replayed from that start to label the lines; if it does not lead to
    ``state`` the seed is wrong, and :class:`RecordError` says so.
    """
    game = state.game
    origin = f"seed {seed}" if seed is not None else "chance nodes (no seed)"
    rec = Record(_make_tags(state, seed, seats, tags))
    fresh = game.new_initial_state(seed)
    last: tuple[int, str, int] | None = None
    for i, action in enumerate(_recorded(state, seed)):
        where = fresh.progress()
        try:
            token = fresh.action_to_string(action)
            named = fresh.string_to_action(token)
            fresh.apply_action(action)
        except ValueError as exc:
            raise RecordError(
                f"the history does not replay from {origin}: action {i + 1} ({action}): {exc}; "
                "was the game started with another seed?"
            ) from None
        if named != action:  # the engine's tokens must name their actions, or replay fails
            raise RecordError(f"the token {token!r} of action {action} names action {named}")
        rec.append(token, label=progress_label(where) if where != last else "")
        last = where
    if not _same_position(fresh, state):
        raise RecordError(
            f"replaying the history from {origin} does not reach the same position; "
            "was the game started with another seed?"
        )
    check_writable(rec)
    return rec


def _recorded(state: State, seed: int | None) -> list[int]:
    """The actions a record lists: the whole history, or with a seed the decisions alone
    (the history's chance actions are those the seeded shuffle stands for)."""
    history = state.history()
    if seed is None:
        return history
    plain = state.game.new_initial_state()
    decisions = []
    for action in history:
        chance = plain.is_chance_node()
        try:
            plain.apply_action(action)
        except ValueError:
            return history  # not a full history: let the replay from the seed say what is wrong
        if not chance:
            decisions.append(action)
    if not _same_position(plain, state):
        return history  # the same: the replay from the seed says what is wrong
    return decisions


def _same_position(a: State, b: State) -> bool:
    players: Iterable[int | None] = [None, *range(a.game.num_players)]
    return (
        a.current_player() == b.current_player()
        and a.scores() == b.scores()
        and a.returns() == b.returns()
        and all(a.observation(p) == b.observation(p) for p in players)
    )


def _shown(token: str) -> str:
    # Errors show a token as the text has it, so it can be found in the file.
    return token.replace(" ", "_")


def replay(rec: Record) -> State:
    """Play every action of ``rec`` from the start and return the final state.

    Raises :class:`RecordError` with the action's line at the first token that is not legal
    (``line 12: QS is illegal: <the engine's reason>``) or whose line label does not match the
    game, and at the ``Result`` tag if it disagrees with how the game ended. For a record not
    read from text, the lines are those of the text :func:`~hoyle.records.dumps` writes.
    """
    check_writable(rec)
    if len(rec.lines) == len(rec.actions) and rec.tag_lines.keys() == rec.tags.keys():
        tag_lines, lines = rec.tag_lines, rec.lines
    else:
        tag_lines, lines = layout(rec)
    game, seed = check_tags(rec.tags, tag_lines, 1)
    state = game.new_initial_state(seed)
    for token, label, line in zip(rec.actions, rec.labels, lines, strict=True):
        if state.is_terminal():
            raise RecordError(
                f"{_shown(token)} is illegal: the game is over ({result_string(state)})",
                line,
            )
        if label and label != progress_label(state.progress()):
            raise RecordError(
                f"label {label} does not match the game, which is at "
                f"{progress_label(state.progress())}",
                line,
            )
        try:
            state.apply_action(state.string_to_action(token))
        except ValueError as exc:
            raise RecordError(f"{_shown(token)} is illegal: {exc}", line) from None
    claimed = rec.tags.get("Result")
    if claimed is not None:
        actual = result_string(state)
        if " ".join(claimed.split()) != actual:
            raise RecordError(
                f'the Result tag says "{claimed}" but the replayed game gives "{actual}"',
                tag_lines.get("Result"),
            )
    return state
