"""The full-screen terminal game: a Textual app for every family.

One human seat plays against computer agents at every other seat. The app is thin: it asks the
state whose turn it is and what is legal, hands the player's choice to ``apply_action`` (which
refuses an illegal move with the engine's reason), and draws every panel from the human seat's
``observation`` with the pure functions of :mod:`hoyle.tui.panels` and the family's table view
(:mod:`hoyle.tui.views`). It never looks at another seat's cards and decides no rule.

Keys: arrows move between the legal moves, digits jump to the first ten, Enter plays; ``t`` or
``/`` opens the box to type a move (``qs``, ``propose 2``); ``h`` hint, ``u`` undo, ``l`` the
last trick, ``s`` the last deal's summary, ``r`` the rules, ``?`` help, ``q`` quit. A mouse
click on a card or a move plays it. At the end of each deal a summary of it (how it was scored,
the totals, at the end the winner) stays up until the player dismisses it; a move that is the
only legal one is played for the player after a short pause (``auto_forced``).
"""

from __future__ import annotations

import asyncio
import dataclasses
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Self, TypeVar

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.markup import escape
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Footer, Input, RichLog, Static

from hoyle.core.errors import IllegalActionError
from hoyle.core.protocol import State
from hoyle.core.registry import Agent
from hoyle.i18n import N_, _, ngettext
from hoyle.tui import panels
from hoyle.tui.render import (
    RED_CARD,
    Style,
    card_label,
    game_title,
    hint_meaning,
    log_text,
    render_help,
    render_hint,
    screen_words,
    seat_names,
    typed_moves,
)
from hoyle.tui.summary import DealSummary, deal_summary, deals_finished
from hoyle.tui.views import view_for

__all__ = [
    "RED",
    "HandPanel",
    "HoyleApp",
    "RulesScreen",
    "SummaryScreen",
    "TextScreen",
    "coloured",
]

W = TypeVar("W", bound=Widget)

Hinter = Callable[[State], Sequence[Any]]
"""Values the moves of the player to act: ``hoyle.hint``'s list (``token``, ``value``, where it
says ``suggested`` and ``reason``), or (token, value) pairs with the suggestion first."""

RED = "#ff5f5f"
"""The colour of hearts and diamonds, wherever a card is drawn."""

FORCED_PAUSE = 0.6
"""Seconds a forced move stays announced before it is played, when the computers' moves are
shown one by one (a delay); without a delay it is played at once."""


def translate_bindings(node: Widget | App[Any]) -> None:
    """Write the descriptions of ``node``'s key bindings (the footer's words) in the language in
    force: they are marked for the catalogue where the class lists them, and translated here,
    once the node exists, since a class is built before any language is chosen."""
    bindings = node._bindings.key_to_bindings
    for key, listed in bindings.items():
        bindings[key] = [
            dataclasses.replace(b, description=_(b.description)) if b.description else b
            for b in listed
        ]


def coloured(text: str) -> Text:
    """``text`` with every red card (``10♥``, ``Q♦``) and red suit symbol in red."""
    shown = Text(text)
    shown.highlight_regex(RED_CARD, style=RED)
    return shown


def coloured_lines(lines: Sequence[str]) -> Text:
    """Lines of text as one block, red cards red."""
    return coloured("\n".join(lines))


class TextScreen(ModalScreen[None]):
    """A page of text over the game (help, rules, the last trick); Escape or q closes it. The
    arrows, PgUp, PgDn, Home and End scroll it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close"),
        Binding("q", "close", "Close", show=False),
        Binding("up", "scroll('up')", "Scroll up", show=False),
        Binding("down", "scroll('down')", "Scroll down", show=False),
        Binding("pageup", "scroll('page_up')", "Page up", show=False),
        Binding("pagedown", "scroll('page_down')", "Page down", show=False),
        Binding("home", "scroll('home')", "Top", show=False),
        Binding("end", "scroll('end')", "Bottom", show=False),
    ]

    CLOSE_HINT = N_("Esc to close · ↑ ↓ PgUp PgDn Home End to scroll")
    """The page's foot: how to close and scroll it (translated where it is shown)."""

    def __init__(self, title: str, lines: Sequence[str], *, classes: str = "") -> None:
        super().__init__(classes=classes)
        self._title = title
        self._lines = list(lines)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="page") as page:
            page.border_title = self._title
            page.border_subtitle = _(self.CLOSE_HINT)
            yield Static(coloured_lines(self._lines), id="page-text")

    def action_scroll(self, where: str) -> None:
        """Scroll the page: ``up``, ``down``, ``page_up``, ``page_down``, ``home``, ``end``."""
        page = self.query_one("#page", VerticalScroll)
        moves: dict[str, Callable[[], None]] = {
            "up": lambda: page.scroll_up(animate=False),
            "down": lambda: page.scroll_down(animate=False),
            "page_up": lambda: page.scroll_page_up(animate=False),
            "page_down": lambda: page.scroll_page_down(animate=False),
            "home": lambda: page.scroll_home(animate=False),
            "end": lambda: page.scroll_end(animate=False),
        }
        moves[where]()

    def action_close(self) -> None:
        """Back to the game."""
        self.dismiss(None)


class RulesScreen(TextScreen):
    """The rules in force for this game, as ``hoyle rules`` prints them; r closes it too."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("r", "close", "Close", show=False)]


class SummaryScreen(TextScreen):
    """A finished deal's summary; Enter, Space or Esc dismisses it (and the game goes on)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "close", "Continue"),
    ]

    def __init__(self, summary: DealSummary, *, going_on: bool = True) -> None:
        super().__init__(summary.title, summary.lines(), classes="summary")
        self.summary = summary
        if summary.over or not going_on:
            self.CLOSE_HINT = N_("Enter or Esc: back to the table · ↑ ↓ PgUp PgDn to scroll")
        else:
            self.CLOSE_HINT = N_("Enter or Esc: the next deal · ↑ ↓ PgUp PgDn to scroll")


HELP_KEYS: tuple[tuple[str, str], ...] = (
    ("← → ↑ ↓", N_("move between the legal moves")),
    ("1…9, 0", N_("the first ten legal moves")),
    (N_("Enter"), N_("play the move under the cursor")),
    (N_("t or /"), N_("type a move, then Enter to play it")),
    ("h", N_("hint: the expert's value of every move")),
    ("u", N_("undo back to your last move")),
    ("l", N_("the last trick")),
    ("s", N_("the last deal's summary")),
    ("r", N_("the rules of this game")),
    ("?", N_("this help")),
    ("Esc", N_("back to the moves")),
    ("q", N_("leave (the record is saved)")),
)
"""The help page's keys: each key and what it does (translated where it is shown)."""


class HoyleApp(App[bool]):
    """A game between a human at ``seat`` and ``agents`` at every other seat.

    ``run()`` returns True when the game was played to the end, False when the player left
    before (the caller saves the record either way, as ``hoyle play`` does).

    Args:
        state: the game to play, usually fresh from ``new_initial_state(seed=…)``.
        seat: the human's seat.
        agents: an agent for each other seat.
        delay: seconds between computer moves, so a person can follow the play (0 in tests).
        rng: draws chance outcomes when the state was not dealt from a seed.
        hinter: answers ``h`` (none: hints are off).
        auto_hint: show the hint before each of the human's moves.
        rules: the text of the rules screen (``r``): what ``hoyle rules`` prints for the game.
        title: the top line (the game string, the seed, the seat).
        undo: allow ``u``; the app seats only agents opposite the human, so undoing never takes
            back a move another person saw.
        auto_forced: play the human's move for them when it is the only legal one, after
            ``forced_pause`` seconds, and say so (never a computer's: they play their own).
        forced_pause: how long a forced move is announced first (default: ``FORCED_PAUSE``
            with a delay, none without).
        summaries: stop at the end of each deal on its summary until the player dismisses it.
    """

    CSS_PATH = "textual_app.tcss"
    TITLE = "hoyle"
    ENABLE_COMMAND_PALETTE = False
    AUTO_FOCUS = None  # the app puts the cursor on the first legal move itself

    BINDINGS: ClassVar[list[BindingType]] = [
        # The footer's words, translated by translate_bindings when the app is made.
        Binding("h", "hint", N_("Hint")),
        Binding("u", "undo", N_("Undo")),
        Binding("l", "last_trick", N_("Last trick")),
        Binding("s", "summary", N_("Summary")),
        Binding("r", "rules", N_("Rules")),
        Binding("question_mark", "help", N_("Help"), key_display="?"),
        Binding("t,slash", "type", N_("Type"), key_display="t"),
        Binding("q", "leave", N_("Quit")),
        Binding("enter", "play_cursor", N_("Play"), key_display="⏎"),
        Binding("escape", "cursor(0)", "Back to the moves", show=False),
        Binding("left,up", "cursor(-1)", "Previous move", show=False),
        Binding("right,down", "cursor(1)", "Next move", show=False),
        *(
            Binding(str(digit), f"pick({digit or 10})", f"Move {digit or 10}", show=False)
            for digit in range(10)
        ),
    ]

    def __init__(
        self,
        state: State,
        seat: int,
        agents: Mapping[int, Agent],
        *,
        delay: float = 0.0,
        rng: random.Random | None = None,
        hinter: Hinter | None = None,
        auto_hint: bool = False,
        rules: Sequence[str] | None = None,
        title: str | None = None,
        undo: bool = True,
        auto_forced: bool = True,
        forced_pause: float | None = None,
        summaries: bool = True,
    ) -> None:
        super().__init__()
        translate_bindings(self)
        self.state = state
        self.seat = seat
        self.agents = dict(agents)
        self.delay = delay
        self.rng = rng or random.Random()
        self.hinter = hinter
        self.auto_hint = auto_hint and hinter is not None
        self.rules = list(rules) if rules is not None else None
        self.undo_allowed = undo
        self.auto_forced = auto_forced
        self.forced_pause = (
            forced_pause if forced_pause is not None else (FORCED_PAUSE if delay > 0 else 0.0)
        )
        self.summaries = summaries
        self.game_title = title or _("{title} · you are seat {seat}").format(
            title=game_title(state.game), seat=seat
        )
        self.names = seat_names(state.game.num_players, seat)
        self.view = view_for(state.game)
        self.style = Style(symbols=True, color=False)  # the app colours the cards itself
        self.log_lines: list[str] = []
        """Every line the log panel has shown, in order."""
        self.message_lines: list[str] = []
        """The message panel's lines: a refusal's reason, a hint, a move played for you."""
        self.summary: DealSummary | None = None
        """The last deal summary shown."""
        # Undo goes back to a copy kept at each of the human's decisions (with its history
        # length): a copy keeps a seeded game's shuffler, so the deals after it stay the same.
        self._decisions: list[tuple[int, State]] = []
        self._logged = 0
        """Entries of the human seat's log already in the log panel."""
        self._deals_done = 0
        """Deals the log has seen end."""
        self._deals_shown = 0
        """Deals whose summary the player has been shown."""
        self._busy = False
        self._choices: list[str] = []
        """The legal moves the cursor walks over: the playable cards as shown, then the rest."""
        self._cursor = 0
        self._cards: list[str] = []
        """The hand as shown, card by card: what a click on the n-th card plays."""
        self._moves: list[str] = []
        """The other moves as shown: what a click on the n-th move plays."""

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield Static(Text(self.game_title), id="title")
        yield from table_panels()
        yield Static(id="turn")
        hand = HandPanel(id="hand")
        hand.border_title = _("Your hand")
        yield hand
        yield Static(id="moves")
        yield Static(id="message")
        placeholder = _("a move (qs, propose 2), then Enter")
        yield Input(placeholder=placeholder, id="entry", compact=True)
        yield Footer(compact=True)

    async def on_mount(self) -> None:
        """Play the computers' moves up to the human's first decision, then draw."""
        self._sync_log()
        await self._computers_move()

    def _pausing(self) -> bool:
        """Moves are shown one at a time: the computers' after a delay, a forced one after a
        pause."""
        return self.delay > 0 or self.forced_pause > 0

    async def _computers_move(self) -> None:
        """Start the computers' moves: at once without a delay (or while the human is still to
        move, as when passing three cards); otherwise in a worker, one move per delay, so that
        the screen shows each move and the keys are answered meanwhile."""
        waiting = not self._my_turn() or self._forced_token() is not None
        if self._pausing() and waiting and not self._summary_due():
            self._busy = True
            await self._redraw()
            # A worker is a task of its own: the app answers keys while the computers play.
            self.run_worker(self._advance(), group="computers")
        else:
            await self._advance()

    # ------------------------------------------------------------------ drawing

    def _observation(self) -> dict[str, Any]:
        return self.state.observation(self.seat)

    def _my_turn(self) -> bool:
        state = self.state
        return not state.is_terminal() and state.current_player() == self.seat

    def _legal_tokens(self) -> list[str]:
        if not self._my_turn():
            return []
        return [self.state.action_to_string(a) for a in self.state.legal_actions()]

    def _panel(self, selector: str, kind: type[W]) -> W:
        """A widget of the game's own screen, also while a page is shown over it."""
        return self.screen_stack[0].query_one(selector, kind)

    def _say(self, lines: Sequence[str]) -> None:
        self.message_lines = list(lines)
        self._panel("#message", Static).update(coloured_lines(lines))

    def _add_to_log(self, lines: Sequence[str]) -> None:
        if not lines:
            return
        self.log_lines.extend(lines)
        self._panel("#log", LogPanel).add(lines)

    def _sync_log(self) -> None:
        """Add the human seat's log entries not shown yet (hidden moves as that seat saw
        them: the log never names another seat's hidden cards), and count the deals ended."""
        entries = self.state.log(self.seat, self.names)
        new = entries[self._logged :]
        self._add_to_log([log_text(e["text"], self.style) for e in new])
        self._deals_done += deals_finished(new)
        self._logged = len(entries)

    async def _redraw(self) -> None:
        if not self.is_running or not self.screen_stack:
            return  # the app is closing while a computer's move came in
        obs = self._observation()
        legal = self._legal_tokens()
        names = self.names
        over = self.state.is_terminal()
        table = self._panel("#table", VerticalScroll)
        table.border_title = game_title(self.state.game)
        self._panel("#table-text", Static).update(
            coloured_lines(panels.table_lines(self.view, obs, names, self.style))
        )
        self._panel("#scores", Static).update(coloured_lines(panels.score_lines(obs, names)))
        facts = panels.fact_lines(self.state.facts(self.seat, names), self.style)
        facts_panel = self._panel("#facts", Static)
        facts_panel.display = bool(facts)
        facts_panel.update(coloured_lines(facts))
        trick = panels.trick_lines(obs, names, self.style)
        trick_panel = self._panel("#trick", Static)
        trick_panel.display = bool(trick)
        trick_panel.update(coloured_lines(trick))
        prompt = self.view.prompt(obs) if self._my_turn() else ""
        self._panel("#turn", Static).update(
            Text(panels.turn_line(obs, names, prompt, over=over, me=self.seat))
        )
        self._redraw_choices(obs, legal)

    def _redraw_choices(self, obs: dict[str, Any], legal: list[str]) -> None:
        """The hand with its legal cards marked, and the other legal moves; the cursor on one."""
        rows = panels.hand_rows(obs.get("hand", []), legal, self.style)
        moves = panels.other_moves(legal, obs.get("hand", []))
        marked = self.view.cards_are_moves and self._my_turn()
        cards = [cell.token for row in rows for cell in row.cells if cell.playable]
        choices = [*cards, *moves] if marked else moves
        if choices != self._choices:
            # A new position: the cursor goes back to the first legal move.
            self._choices = choices
            self._cursor = 0
        cursor = self._choices[self._cursor] if self._choices else None
        self._cards = [cell.token for row in rows for cell in row.cells]
        self._moves = moves
        hand = self._panel("#hand", HandPanel)
        hand.rows = rows
        hand.update(_hand_content(rows, cursor, marked=marked))
        moves_panel = self._panel("#moves", Static)
        moves_panel.display = bool(moves)
        moves_panel.update(_moves_content(moves, cursor, self.style))

    # ------------------------------------------------------------------ the game

    def _summary_due(self) -> bool:
        """A deal has ended whose summary the player has not seen yet."""
        return self.summaries and self._deals_done > self._deals_shown

    def _forced_token(self) -> str | None:
        """The human's move when it is the only legal one and such moves are played for them."""
        if not self.auto_forced or not self._my_turn():
            return None
        legal = self.state.legal_actions()
        return self.state.action_to_string(legal[0]) if len(legal) == 1 else None

    async def _play_forced(self, token: str) -> None:
        """Play the human's only legal move for them, after a pause in which it is announced."""
        label = card_label(token, self.style)
        if self.forced_pause > 0:
            self._say([_("Your only legal move is {move}: playing it for you…").format(move=label)])
            await self._redraw()
            await asyncio.sleep(self.forced_pause)
        note = _("Played automatically: {move} (your only legal move).").format(move=label)
        self._add_to_log([note])
        self._apply(self.state.string_to_action(token))
        self._say([note])

    async def _advance(self) -> None:
        """Chance, the computers and the human's forced moves go on until the human has a
        choice, a deal ends (its summary is shown first) or the game ends."""
        state = self.state
        self._busy = True
        while not state.is_terminal() and not self._summary_due():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(
                    self.rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
                )
                self._sync_log()
                continue
            actor = state.current_player()
            if actor == self.seat:
                forced = self._forced_token()
                if forced is None:
                    break
                await self._play_forced(forced)
                continue
            agent = self.agents[actor]
            if self.delay > 0:
                # A person is watching: a pause before each move, and the agent thinks in a
                # thread, on a copy (the screen never reads a position the agent is
                # exploring), while the keys stay live.
                await asyncio.sleep(self.delay)
                action = await asyncio.to_thread(agent.step, state.clone())
            else:
                action = agent.step(state)
            self._apply(action)
            if self.delay > 0:
                await self._redraw()
        self._busy = False
        self._sync_log()  # chance's last moves (a deal) too
        if state.is_terminal():
            # The log has told who won; the message panel sums the game up.
            self._say(self.view.result(self._observation(), self.names))
        if self._summary_due():
            await self._redraw()
            self._show_summary(going_on=True)
            return
        if not state.is_terminal():
            history = len(state.history())
            if not self._decisions or self._decisions[-1][0] != history:
                self._decisions.append((history, state.clone()))
            if self.auto_hint:
                self.action_hint()
        await self._redraw()

    def _show_summary(self, *, going_on: bool) -> None:
        """The last finished deal's summary over the table; when ``going_on``, the game goes
        on once the player dismisses it (a summary asked for again with ``s`` stops nothing)."""
        if going_on:
            self._deals_shown = self._deals_done
        summary = deal_summary(
            self._observation(), self.state.log(self.seat, self.names), self.names
        )
        if summary is None:  # no result to show: the game goes on
            if going_on:
                self.call_later(self._computers_move)
            return
        self.summary = summary
        screen = SummaryScreen(summary, going_on=going_on)
        self.push_screen(screen, callback=self._summary_dismissed if going_on else None)

    def _summary_dismissed(self, _: None) -> None:
        self.call_later(self._computers_move)

    def _apply(self, action: int) -> None:
        """Apply ``action`` and log what the human saw of it."""
        self.state.apply_action(action)
        self._sync_log()

    async def play_text(self, text: str) -> bool:
        """Play the move(s) named by ``text`` for the human; True if one was legal and played.

        Several cards at once (``qs ks as`` while passing) are played one by one. A move the
        engine refuses changes nothing and its reason is shown in the screen's words; the next
        move played clears it.
        """
        text = text.strip()
        if not text:
            return False
        if self._busy or not self._my_turn():
            self._say([_("Not your turn: wait for the others.")])
            return False
        state = self.state
        words = typed_moves(state, text)
        played = False
        refused: list[str] = []
        for word in words:
            if not self._my_turn() or self._summary_due():
                break
            try:
                action = state.string_to_action(word)
                self._apply(action)
            except IllegalActionError as exc:
                reason = screen_words(str(exc), self.names, self.seat, self.style)
                refused = [_("Not allowed: {reason}").format(reason=reason)]
                break
            played = True
        self._say(refused)
        if played:
            await self._computers_move()
        else:
            await self._redraw()
        return played

    # ------------------------------------------------------------------ input

    async def action_card(self, index: int) -> None:
        """A click on the ``index``-th card of the hand (as shown): play it, or say why not.

        Where the moves name piles (Spite and Malice), the cursor goes to the card's first move
        instead and the message lists them all.
        """
        if not 0 <= index < len(self._cards):
            return
        card = self._cards[index]
        card_moves = self.view.card_moves
        if card_moves is not None and self._my_turn() and not self._busy:
            moves = card_moves(card, self._legal_tokens())
            if moves:
                self._cursor = self._choices.index(moves[0])
                self._say([f"{card_label(card, self.style)}: {'   '.join(moves)}"])
                self._redraw_choices(self._observation(), self._legal_tokens())
                return
        await self.play_text(card)

    async def action_move(self, index: int) -> None:
        """A click on the ``index``-th of the other moves."""
        if 0 <= index < len(self._moves):
            await self.play_text(self._moves[index])

    async def action_play_cursor(self) -> None:
        """Enter: play the move under the cursor."""
        if self._choices:
            await self.play_text(self._choices[self._cursor])

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        """A typed move: played if legal, else its reason shown; the box is emptied.

        A number plays that legal move, counted as the digits count them.
        """
        event.input.value = ""
        text = event.value.strip()
        if text.isdigit() and 1 <= int(text) <= len(self._choices):
            text = self._choices[int(text) - 1]
        if await self.play_text(text):
            self.set_focus(None)

    def action_cursor(self, step: int) -> None:
        """Move the keyboard cursor ``step`` legal moves on (0: leave the typing box)."""
        if step == 0:
            self.set_focus(None)
            return
        if self._choices:
            self._cursor = (self._cursor + step) % len(self._choices)
            self._redraw_choices(self._observation(), self._legal_tokens())

    def action_pick(self, number: int) -> None:
        """Put the cursor on the ``number``-th legal move (1 = the first shown)."""
        if 1 <= number <= len(self._choices):
            self._cursor = number - 1
            self._redraw_choices(self._observation(), self._legal_tokens())

    def action_type(self) -> None:
        """Show the box for typing a move and give it the keyboard."""
        entry = self._panel("#entry", Input)
        entry.display = True
        entry.focus()

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        """The typing box goes away with the keyboard (it takes a line only while used)."""
        if isinstance(event.widget, Input) and event.widget.id == "entry":
            event.widget.display = False

    def action_hint(self) -> None:
        """The hinter's values of every move, best first, the suggested move marked."""
        if self.hinter is None:
            self._say([_("Hints are off in this game.")])
        elif not self._my_turn() or self._busy:
            self._say([_("No hint: it is not your turn.")])
        else:
            try:
                ranked = self.hinter(self.state)
            except ValueError as exc:  # the engine's errors: a level that gives no hints
                self._say([_("No hint: {reason}").format(reason=exc)])
                return
            self._say(render_hint(ranked, self.style, hint_meaning(self.state.game)))

    async def action_undo(self) -> None:
        """Back to the human's previous decision: the history replayed without the moves since."""
        if not self.undo_allowed:
            self._say([_("Undo is off in this game.")])
            return
        if self._busy:
            self._say([_("Wait for the others to finish, then undo.")])
            return
        history = len(self.state.history())
        earlier = [(n, copy) for n, copy in self._decisions if n < history]
        if not earlier:
            self._say([_("Nothing to undo: this is your first move.")])
            return
        target, copy = earlier[-1]
        self.state = copy.clone()
        self._decisions = [(n, c) for n, c in self._decisions if n <= target]
        undone = history - target
        # The log goes back with the game: the moves taken back leave it.
        self._panel("#log", LogPanel).clear()
        self.log_lines = []
        self._logged = 0
        self._deals_done = 0
        self._sync_log()
        self._deals_shown = self._deals_done
        self._add_to_log(
            [
                ngettext(
                    "Undone: {count} move taken back.", "Undone: {count} moves taken back.", undone
                ).format(count=undone)
            ]
        )
        self._say([_("Back to your previous move.")])
        await self._redraw()

    def action_last_trick(self) -> None:
        """The last finished trick, card by card, and who took it (from the seat's log)."""
        log = self.state.log(self.seat, self.names)
        lines = panels.last_trick_from_log(log, self.names, self.style)
        if not lines:
            lines = panels.last_trick_lines(self._observation(), self.names, self.style)
        if not lines or lines == [_("(none yet)")]:
            tricks = lines or any(e["kind"] == "trick" for e in log)
            self._say(
                [_("No trick has been finished yet.") if tricks else _("This game has no tricks.")]
            )
            return
        self.push_screen(TextScreen(_("Last trick"), lines, classes="small"))

    def action_summary(self) -> None:
        """The last finished deal's summary again."""
        if self._deals_done == 0:
            self._say([_("No deal has finished yet.")])
            return
        self._show_summary(going_on=False)

    def action_rules(self) -> None:
        """The rules screen."""
        lines = self.rules if self.rules is not None else [_("No rules text for this game.")]
        self.push_screen(RulesScreen(_("Rules"), lines, classes="rules"))

    def action_help(self) -> None:
        """The keys, the mouse and the moves legal now."""
        forced = (
            _("A move that is your only legal one is played for you after a short pause.")
            if self.auto_forced
            else _("Every move is yours to play, the only legal one too.")
        )
        keys = [(_(key), _(what)) for key, what in HELP_KEYS]
        width = max(10, *(len(key) + 1 for key, _what in keys))
        lines = [
            _("Keys"),
            *(f"  {key:<{width}}{what}" for key, what in keys),
            "",
            _(
                "Mouse: click a card or a move to play it; a dimmed card is not legal now, and "
                "clicking it shows the reason."
            ),
            "",
            _("At the end of each deal its summary stays up until you press Enter.") + " " + forced,
            "",
            *render_help(self._legal_tokens(), self.style, self.view.typing)[:2],
        ]
        self.push_screen(TextScreen(_("Help"), lines))

    def action_leave(self) -> None:
        """Leave: True when the game was played to the end."""
        self.exit(self.state.is_terminal())


def _hand_content(rows: Sequence[panels.HandRow], cursor: str | None, *, marked: bool) -> Content:
    """The hand as clickable text: legal cards bold, the others dimmed, the cursor reversed,
    hearts and diamonds red."""
    lines = []
    index = 0
    for row in rows:
        heading = escape(row.heading.ljust(panels.HEADING_WIDTH))
        red_row = bool(row.cells) and row.cells[0].red
        parts = [f"[{RED}]{heading}[/]" if red_row else heading]
        for cell in row.cells:
            styles = []
            if cell.red:
                styles.append(RED)
            if marked:
                styles.append("bold" if cell.playable else "dim")
            if cell.token == cursor:
                styles.append("reverse")
            # No @click markup: a link's colour would cover the card's red (HandPanel.on_click).
            label = escape(cell.label)
            if styles:
                label = f"[{' '.join(styles)}]{label}[/]"
            parts.append(label + " " * (panels.CELL_WIDTH - len(cell.label)))
            index += 1
        lines.append("".join(parts).rstrip())
    return Content.from_markup("\n".join(lines) if lines else escape(_("(no cards)")))


class LogPanel(RichLog):
    """The log: each line wrapped at the panel's width when written (a long log costs nothing
    more to draw), and all of them wrapped again when the width changes."""

    can_focus = False  # the arrows stay the cursor's; the mouse wheel scrolls the log

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, wrap=True, markup=False, min_width=1, auto_scroll=True)
        self.entries: list[str] = []
        """Every line written, as text."""
        self._width = 0
        """The width the lines were wrapped at."""

    def add(self, lines: Sequence[str]) -> None:
        """Write ``lines`` at the end, red cards red."""
        self.entries.extend(lines)
        for line in lines:
            self.write(coloured(line), scroll_end=True, animate=False)
        self._width = self.scrollable_content_region.width

    def clear(self) -> Self:
        """Empty the log."""
        self.entries = []
        return super().clear()

    def on_resize(self, event: events.Resize) -> None:
        """Wrap every line again at the new width."""
        super().on_resize(event)
        width = self.scrollable_content_region.width
        if self._size_known and width != self._width and self.entries:
            entries = self.entries
            self.clear()
            self.add(entries)


class HandPanel(Static):
    """The hand: a click on a card plays it (``app.card(n)``, the n-th card as shown)."""

    rows: Sequence[panels.HandRow] = ()

    async def on_click(self, event: events.Click) -> None:
        """The card under the mouse, found by where each card is drawn (``cell_offset``)."""
        offset = event.get_content_offset(self)
        if offset is None:
            return
        row, x = offset.y, offset.x - panels.HEADING_WIDTH
        if not 0 <= row < len(self.rows) or x < 0:
            return
        column = x // panels.CELL_WIDTH
        if column >= len(self.rows[row].cells):
            return
        index = sum(len(r.cells) for r in self.rows[:row]) + column
        await self.app.run_action(f"card({index})")


def _moves_content(moves: Sequence[str], cursor: str | None, style: Style) -> Content:
    """The other legal moves as clickable words, the cursor reversed."""
    parts = []
    for index, token in enumerate(moves):
        # Non-breaking spaces keep a move of two words (``moon add``) on one line.
        label = escape(card_label(token, style).replace(" ", "\u00a0"))
        label = f"[@click=app.move({index})]{label}[/]"
        parts.append(f"[reverse]{label}[/]" if token == cursor else f"[bold]{label}[/]")
    return Content.from_markup(escape(_("Moves: ")) + "   ".join(parts))


def table_panels(*, scroll_focus: bool = True) -> ComposeResult:
    """The panels every table screen shows, for a ``compose`` to ``yield from``: the trick, the
    facts and the family's table beside the scores and the log (the game and the replay viewer
    lay them out alike). ``scroll_focus=False`` keeps the focus, and so the arrow keys, off the
    table's scroll (the replay viewer steps with them)."""
    with Horizontal(id="top"):
        with Vertical(id="main"):
            trick = Static(id="trick")
            trick.border_title = _("Trick")
            yield trick
            facts = Static(id="facts")
            facts.border_title = _("Facts")
            yield facts
            table = VerticalScroll(Static(id="table-text"), id="table")
            if not scroll_focus:
                table.can_focus = False
            table.border_title = _("Table")
            yield table
        with Vertical(id="side"):
            scores = Static(id="scores")
            scores.border_title = _("Scores")
            yield scores
            log = LogPanel(id="log")
            log.border_title = _("Log")
            yield log
