"""Replaying a recorded game in the terminal, position by position.

A :class:`~hoyle.records.timeline.Timeline` holds every position of a record; this module
shows them as the full-screen game showed its table, with the same panels (the trick, the
facts, the family's table, the scores, the log, the hands) drawn by the same pure functions
(:mod:`hoyle.tui.panels`, the family's view from :mod:`hoyle.tui.views`). Every line comes
from the position's :meth:`~hoyle.records.timeline.Timeline.view`: as one seat saw it (its
observation, log and facts, never another seat's hidden cards) or, for anyone, face up (the
spectator's view and every hand). Nothing here decides a rule.

:func:`frame` turns one position into a :class:`Frame` of text; :func:`frame_lines` prints it
(``hoyle replay FILE --show --plain``); :class:`ReplayApp` is the full-screen viewer, stepped by
move, trick and deal with the keys in :data:`KEYS`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import PurePath
from typing import Any, ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Static

from hoyle.i18n import N_, _
from hoyle.records.timeline import Step, Timeline, View
from hoyle.tui import panels
from hoyle.tui.render import (
    Style,
    card_label,
    game_title,
    group_by_suit,
    in_context,
    log_text,
    render_hand,
    seat_names,
)
from hoyle.tui.summary import deal_summary
from hoyle.tui.textual_app import (
    HandPanel,
    LogPanel,
    _hand_content,
    coloured,
    coloured_lines,
    table_panels,
)
from hoyle.tui.views import view_for

__all__ = [
    "KEYS",
    "LOG_KEPT",
    "LOG_SHOWN",
    "Frame",
    "ReplayApp",
    "default_title",
    "find_position",
    "frame",
    "frame_lines",
    "hand_line",
    "position_words",
    "replay_names",
]

KEYS = N_("→ ← move · ↓ ↑ (n p) trick · PgDn PgUp deal · Home End start, end · q quit")
"""The help line: the viewer's keys (translated where it is shown)."""

LOG_SHOWN = 8
"""Log lines a printed position ends with."""

LOG_KEPT = 300
"""Log lines the full-screen viewer keeps to scroll back through (the last ones)."""


@dataclass(frozen=True)
class Frame:
    """What the replay shows at one position, as text.

    Attributes:
        index: the position (0: the start).
        count: how many positions the game has.
        label: the record's label here (``1.3``, ``1.pass``, ``end``).
        where: the position in words: ``Position 12 of 65 · deal 1, trick 3 · Seat 3 to play``.
        move: the move that led here, as the reader saw it (``""`` at the start).
        comment: the record's comment on that move (at the start, the record's intro).
        trick: the trick in progress with who played each card, then who is to play.
        facts: the reader's facts, one a line.
        table_title: the table's heading (the game's title, or the deal just scored).
        table: the family's table without the hands; a deal's summary first where one ended.
        hands_title: ``Hands`` face up, else the reader's own hand's heading.
        hands: each shown hand as (whose, card tokens): every seat's face up, else the
            reader's own (none for a spectator).
        scores: each seat's running score.
        log: every log line the reader had seen by here, oldest first.
    """

    index: int
    count: int
    label: str
    where: str
    move: str
    comment: str
    trick: list[str]
    facts: list[str]
    table_title: str
    table: list[str]
    hands_title: str
    hands: list[tuple[str, list[str]]]
    scores: list[str]
    log: list[str]


def replay_names(line: Timeline, seat: int | None) -> list[str]:
    """How the replay names each seat: as the full-screen game named them for ``seat``
    (``You``, ``Seat 1`` …), and face up ``Seat 0`` … (a record's ``Seats`` often repeat a
    name, ``human, easy, easy, easy``: the title line lists them instead).

    >>> from hoyle import records
    >>> rec = records.loads('[Game "ecarte"]\\n[Seats "Ann, Bob"]\\n')
    >>> replay_names(Timeline(rec), None), replay_names(Timeline(rec), 1)
    (['Seat 0', 'Seat 1'], ['Seat 0', 'You'])
    """
    return seat_names(line.game.num_players, seat)


PHASES = {
    "answer": N_("answer (a phase of play)"),
    "beg": N_("beg (a phase of play)"),
    "bet": N_("bet (a phase of play)"),
    "bid": N_("bid (a phase of play)"),
    "choose": N_("choose (a phase of play)"),
    "cut": N_("cut (a phase of play)"),
    "deal": N_("deal (a phase of play)"),
    "declare": N_("declare (a phase of play)"),
    "discard": N_("discard (a phase of play)"),
    "double": N_("double (a phase of play)"),
    "draw": N_("draw (a phase of play)"),
    "exchange": N_("exchange (a phase of play)"),
    "give": N_("give (a phase of play)"),
    "guess": N_("guess (a phase of play)"),
    "mix": N_("mix (a phase of play)"),
    "moon": N_("moon (a phase of play)"),
    "name": N_("name (a phase of play)"),
    "offer": N_("offer (a phase of play)"),
    "over": N_("over (a phase of play)"),
    "packets": N_("packets (a phase of play)"),
    "pass": N_("pass (a phase of play)"),
    "play": N_("play (a phase of play)"),
    "propose": N_("propose (a phase of play)"),
    "sealed": N_("sealed (a phase of play)"),
    "sell": N_("sell (a phase of play)"),
    "stay": N_("stay (a phase of play)"),
}
"""The families' phase names (``State.progress``), marked for the catalogue: a position in
words names its phase in the language in force."""


def phase_word(phase: str) -> str:
    """A phase's name in the language in force (a name not listed stays as it is)."""
    return in_context(PHASES[phase], phase) if phase in PHASES else phase


def position_words(step: Step, obs: dict[str, Any]) -> str:
    """A position's label in words: ``deal 1, trick 3`` (``turn`` where the observation counts
    turns), ``deal 1, pass``, ``deal 2, bid 2``; ``the end`` once the game is over.

    >>> from hoyle.records.timeline import Step
    >>> position_words(Step(9, "1.3", (1, "play", 3), 2, "QS", ""), {"trick": []})
    'deal 1, trick 3'
    >>> position_words(Step(1, "2.bid.2", (2, "bid", 2), 0, "pass", ""), {})
    'deal 2, bid 2'
    """
    if step.label == "end":
        return _("the end")
    deal, phase, number = step.progress
    if phase == "play":
        if "trick" in obs:
            return _("deal {deal}, trick {number}").format(deal=deal, number=number)
        if "turn" in obs:
            return _("deal {deal}, turn {number}").format(deal=deal, number=number)
        return _("deal {deal}, round {number}").format(deal=deal, number=number)
    if number:
        return _("deal {deal}, {phase} {number}").format(
            deal=deal, phase=phase_word(phase), number=number
        )
    return _("deal {deal}, {phase}").format(deal=deal, phase=phase_word(phase))


def find_position(line: Timeline, label: str) -> int:
    """The first position with the record label ``label`` (``1.3``: the start of deal 1's
    third trick); ``start`` is the first position, ``end`` the last (finished or not).

    Raises ``ValueError`` naming the labels the game has.
    """
    wanted = label.strip().lower()
    if wanted == "start":
        return 0
    if wanted == "end":
        return len(line) - 1
    for step in line.steps:
        if step.label.lower() == wanted:
            return step.index
    labels = list(dict.fromkeys(step.label for step in line.steps))
    if len(labels) > 12:
        labels = [*labels[:6], "…", *labels[-3:]]
    also = "start" if "end" in labels else "start, end"
    raise ValueError(
        _("no position is labelled {label!r}; this game's labels are {labels} (or {also})").format(
            label=label, labels=", ".join(labels), also=also
        )
    )


def _move_words(
    line: Timeline,
    index: int,
    seat: int | None,
    names: Sequence[str],
    new_log: Sequence[str],
    style: Style,
) -> str:
    """The move that led to ``index``: face up, who made it and its token; for a seat, what
    its log gained (a hidden move only as that seat saw it), so a token never gives away a
    card the seat could not see."""
    step = line.steps[index]
    if step.token is None:
        return ""
    phase = line.steps[index - 1].progress[1]  # where the move was made: a pass, a discard
    made = f" ({phase_word(phase)})" if phase != "play" else ""
    move = card_label(step.token, style)
    if seat is None:
        if step.actor is None:
            return _("{move} by chance").format(move=move) + made
        return _("{move} by {name}").format(move=move, name=names[step.actor]) + made
    if new_log:
        return new_log[0]  # the move itself; what followed from it is in the log
    if step.actor == seat:  # a seat knows its own move, logged or not yet (a card to pass)
        return _("{move} by you").format(move=move) + made
    if step.actor is None:
        return _("a chance move, not in your log")
    return _("{name} moved; you could not see the move").format(name=names[step.actor])


def frame(
    line: Timeline,
    index: int,
    seat: int | None = None,
    *,
    names: Sequence[str] | None = None,
    style: Style = panels.PLAIN,
) -> Frame:
    """Position ``index`` as ``seat`` saw it, or face up when ``seat`` is ``None``.

    Everything comes from ``line.view`` at this position (and the one before, for what the
    log gained by the last move).
    """
    names = list(names) if names is not None else replay_names(line, seat)
    view: View = line.view(index, seat, face_up=seat is None, names=names)
    before = line.view(index - 1, seat, names=names) if index else None
    obs = view.observation
    table_view = view_for(line.game)
    step = line.steps[index]
    log = [log_text(str(e["text"]), style) for e in view.log]
    gained = view.log[len(before.log) :] if before is not None else []
    new_log = [log_text(str(e["text"]), style) for e in gained]

    where = [
        _("Position {index} of {last}").format(index=index, last=len(line) - 1),
        position_words(step, obs),
    ]
    current = obs.get("current_player")
    if step.label == "end":
        where.append(_("the game is over"))
    elif index == len(line) - 1:
        where.append(_("the record stops here, unfinished"))
    if isinstance(current, int) and 0 <= current < len(names) and step.label != "end":
        if current == seat:
            where.append(_("your turn"))
        else:
            where.append(_("{name} to play").format(name=names[current]))

    table = panels.table_lines(table_view, obs, names, style)
    title = game_title(line.game)
    if any(e.get("kind") == "deal_end" for e in gained):
        # The game showed this deal's summary over the table here: the replay shows it first.
        summary = deal_summary(obs, view.log, names)
        if summary is not None:
            title = summary.title
            table = [*summary.lines(), "", *table]

    if view.hands is not None:
        hands = [(names[s], list(hand)) for s, hand in enumerate(view.hands)]
        hands_title = _("Hands (face up)")
    elif seat is not None:
        hands = [(names[seat], list(obs.get("hand", [])))]
        if names[seat] == _("You"):
            hands_title = _("Your hand")
        else:
            hands_title = _("{name}'s hand").format(name=names[seat])
    else:
        hands, hands_title = [], _("Hands")
    comment = step.comment
    return Frame(
        index=index,
        count=len(line),
        label=step.label,
        where=" · ".join(where),
        move=_move_words(line, index, seat, names, new_log, style),
        comment=comment,
        trick=panels.trick_lines(obs, names, style),
        facts=panels.fact_lines(view.facts, style),
        table_title=title,
        table=table,
        hands_title=hands_title,
        hands=hands,
        scores=panels.score_lines(obs, names),
        log=log,
    )


def hand_line(tokens: Sequence[str], style: Style = panels.PLAIN) -> str:
    """A hand on one line, by suit as the game's hand panel orders them, two spaces between
    suits.

    >>> hand_line(["AS", "2C", "TH", "3C"])
    '2♣ 3♣  A♠  10♥'
    """
    groups = [" ".join(card_label(t, style) for t in cards) for _, cards in group_by_suit(tokens)]
    return "  ".join(g for g in groups if g) or _("(no cards)")


def _hands_lines(shown: Frame, style: Style) -> list[str]:
    width = max((len(name) for name, _ in shown.hands), default=0)
    return [f"{name:<{width}}  {hand_line(tokens, style)}" for name, tokens in shown.hands]


def frame_lines(shown: Frame, style: Style = panels.PLAIN, log_shown: int = LOG_SHOWN) -> list[str]:
    """A position as plain lines: where it is and the move that led here, then the trick, the
    facts, the table, the hands, the scores and the last ``log_shown`` lines of the log."""
    lines = [style.bold(f"=== {shown.where} ===")]
    if shown.move:
        lines.append(_("Last move: {move}").format(move=shown.move))
    if shown.comment:
        lines.append(_("Comment: {comment}").format(comment=shown.comment))

    def block(heading: str, body: Sequence[str]) -> None:
        if body:
            lines.append(f"{heading}:")
            lines.extend(f"  {text}" for text in body)

    block(_("Trick"), shown.trick)
    block(_("Facts"), shown.facts)
    block(shown.table_title, shown.table)
    if len(shown.hands) == 1:
        lines.append(f"{shown.hands_title}:")
        lines.extend(render_hand(shown.hands[0][1], [], style))
    else:
        block(shown.hands_title, _hands_lines(shown, style))
    block(_("Scores"), shown.scores)
    if shown.log:
        more = len(shown.log) - log_shown
        heading = _("Log (the last {count})").format(count=log_shown) if more > 0 else _("Log")
        block(heading, shown.log[-log_shown:])
    return lines


class ReplayApp(App[None]):
    """The full-screen replay of a recorded game: its positions one at a time, stepped by key.

    Args:
        line: the game's positions.
        seat: show the game as this seat saw it (its hand, log and facts only); ``None``: face
            up, every hand shown, the log as a spectator saw it.
        start: the position shown first.
        title: the top line (default: the game, its string and the seats).
    """

    # The game's layout, then the replay's own lines.
    CSS_PATH: ClassVar[list[str | PurePath]] = ["textual_app.tcss", "replay.tcss"]
    TITLE = "hoyle replay"
    ENABLE_COMMAND_PALETTE = False
    AUTO_FOCUS = None  # the keys are the app's: no panel takes the arrows

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right", "go('next_move')", "Next move", show=False),
        Binding("left", "go('prev_move')", "Previous move", show=False),
        Binding("down,n", "go('next_trick')", "Next trick", show=False),
        Binding("up,p", "go('prev_trick')", "Previous trick", show=False),
        Binding("pagedown", "go('next_deal')", "Next deal", show=False),
        Binding("pageup", "go('prev_deal')", "Previous deal", show=False),
        Binding("home", "go('start')", "Start", show=False),
        Binding("end", "go('end')", "End", show=False),
        Binding("q", "quit", "Quit", show=False),
    ]

    def __init__(
        self,
        line: Timeline,
        seat: int | None = None,
        *,
        start: int = 0,
        title: str | None = None,
    ) -> None:
        super().__init__()
        self.line = line
        self.seat = seat
        if not 0 <= start < len(line):
            raise IndexError(f"position {start}: this game has positions 0 to {len(line) - 1}")
        self.index = start
        """The position shown."""
        self.names = replay_names(line, seat)
        self.style = Style(symbols=True, color=False)  # the app colours the cards itself
        self.shown: Frame | None = None
        """The frame on the screen."""
        self.game_title = title or default_title(line, seat)

    def compose(self) -> ComposeResult:
        """The game's panels, with the position and the last move above them."""
        yield Static(Text(self.game_title), id="title")
        yield Static(id="where")
        yield Static(id="move")
        yield from table_panels(scroll_focus=False)  # the arrows step through the game
        hand = HandPanel(id="hand")
        yield hand
        yield Static(Text(_(KEYS)), id="keys")

    def on_mount(self) -> None:
        """Show the first position."""
        self.show(self.index)

    def action_go(self, where: str) -> None:
        """Step: ``next_move``, ``prev_move``, ``next_trick``, ``prev_trick``, ``next_deal``,
        ``prev_deal`` (the timeline's moves), ``start`` or ``end``. At either end of the game
        the position stays put."""
        line = self.line
        moves: dict[str, Callable[[int], int]] = {
            "start": lambda _: 0,
            "end": lambda _: len(line) - 1,
            "next_move": line.next_move,
            "prev_move": line.prev_move,
            "next_trick": line.next_trick,
            "prev_trick": line.prev_trick,
            "next_deal": line.next_deal,
            "prev_deal": line.prev_deal,
        }
        self.show(moves[where](self.index))

    def show(self, index: int) -> None:
        """Draw position ``index``."""
        previous = self.shown
        shown = frame(self.line, index, self.seat, names=self.names, style=self.style)
        self.index, self.shown = index, shown
        self.query_one("#where", Static).update(Text(shown.where))
        if shown.move:
            move = [_("Last move: {move}").format(move=shown.move)]
        else:
            move = [_("The start of the game.")]
        if shown.comment:
            move.append(_("Comment: {comment}").format(comment=shown.comment))
        self.query_one("#move", Static).update(coloured_lines(move))
        self._panel("#trick", shown.trick)
        self._panel("#facts", shown.facts)
        table = self.query_one("#table", VerticalScroll)
        table.border_title = shown.table_title
        self.query_one("#table-text", Static).update(coloured_lines(shown.table))
        self.query_one("#scores", Static).update(coloured_lines(shown.scores))
        self._show_log(previous.log if previous is not None else [], shown.log)
        hand = self.query_one("#hand", HandPanel)
        hand.border_title = shown.hands_title
        hand.display = bool(shown.hands)
        if len(shown.hands) == 1:  # one seat's hand: in rows by suit, as the game drew it
            rows = panels.hand_rows(shown.hands[0][1], [], self.style)
            hand.rows = rows
            hand.update(_hand_content(rows, None, marked=False))
        else:
            hand.rows = ()
            hand.update(coloured("\n".join(_hands_lines(shown, self.style))))
        self.set_timer(0.05, self._warm)

    def _warm(self) -> None:
        """Read ahead, while the screen is looked at, the positions one move on and back
        (the first view of a position replays its log from the start, a moment in a long
        game), so that the arrows answer at once."""
        line, index = self.line, self.index
        back = line.prev_move(index)
        for nearby in {line.next_move(index), back, max(back - 1, 0)}:
            line.view(nearby, self.seat, names=self.names)

    def _panel(self, selector: str, lines: Sequence[str]) -> None:
        panel = self.query_one(selector, Static)
        panel.display = bool(lines)
        panel.update(coloured_lines(lines))

    def _show_log(self, old: Sequence[str], new: Sequence[str]) -> None:
        """The log up to here, its last :data:`LOG_KEPT` lines: stepping on adds what was new,
        stepping back writes the last lines again (a long game's log would take seconds to
        wrap and write whole at every step back)."""
        log = self.query_one("#log", LogPanel)
        on = len(old) <= len(new) and list(new[: len(old)]) == list(old)
        if on and len(new) - len(old) <= LOG_KEPT and len(log.entries) <= 2 * LOG_KEPT:
            log.add(new[len(old) :])
        else:
            log.clear()
            log.add(new[-LOG_KEPT:])
        cut = len(new) > len(log.entries)
        if cut:
            log.border_title = _("Log (the last {count} lines)").format(count=len(log.entries))
        else:
            log.border_title = _("Log")


def default_title(line: Timeline, seat: int | None) -> str:
    """The viewer's top line: the game, whose view it is, its string, its seed and who sat
    where (the record's ``Seats``).

    >>> from hoyle import records
    >>> rec = records.loads('[Game "ecarte"]\\n[Seed "4"]\\n[Seats "Ann, Bob"]\\n')
    >>> default_title(Timeline(rec), 1)
    'Écarté · as seat 1 saw it · ecarte · seed 4 · seats: Ann, Bob'
    """
    whose = _("face up") if seat is None else _("as seat {seat} saw it").format(seat=seat)
    parts = [game_title(line.game), whose, line.game.spec]
    if line.record.seed is not None:
        parts.append(_("seed {seed}").format(seed=line.record.seed))
    if line.names:
        parts.append(_("seats: {names}").format(names=", ".join(line.names)))
    return " · ".join(parts)
