"""The terminal game: one human seat, computer agents at the others, one input loop.

The app owns input and output and nothing else. It asks the state whose turn it is and what is
legal, hands the human's words to ``state.string_to_action`` and ``apply_action`` (which refuse
illegal moves with the reason), draws every screen from the human seat's observation with
:mod:`hoyle.tui.render`, and tells what happened from the human seat's ``state.log(seat)``. It
never looks at another seat's cards or moves.

Input comes from a ``read(prompt) -> str`` function (``input`` by default), so the game runs
the same with a terminal, a pipe or a test script; end of input ends the game like ``quit``.

At the end of each deal the log's result lines are followed by each seat's score in the deal
and its total (at the end of the game, the ranking); a person at a terminal then presses Enter
for the next deal, and a move that is the only legal one is played for them. A script (input
that is not a terminal) is never kept waiting and types every move itself, and a refusal is
printed in the engine's own words, for it to read.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from hoyle.core.errors import IllegalActionError
from hoyle.core.protocol import State
from hoyle.core.registry import Agent
from hoyle.i18n import _
from hoyle.tui.render import (
    Style,
    card_label,
    hint_meaning,
    log_text,
    render_hand,
    render_help,
    render_hint,
    screen_words,
    seat_names,
    typed_moves,
)
from hoyle.tui.summary import standings_lines
from hoyle.tui.views import view_for

__all__ = ["ReadLine", "TerminalGame", "WriteLine"]

ReadLine = Callable[[str], str]
"""Reads one line of the player's input after showing a prompt (raises ``EOFError`` at the end)."""
WriteLine = Callable[[str], None]
"""Shows one line of output."""

# The commands in English, and as the Spanish help names them (no move is spelt so).
QUIT_WORDS = frozenset({"quit", "q", "exit", "salir"})
HELP_WORDS = frozenset({"help", "?", "ayuda"})
SHOW_WORDS = frozenset({"show", "table", "look", "mesa"})
HINT_WORDS = frozenset({"hint", "h", "pista"})

Hinter = Callable[[State], Sequence[Any]]
"""Values the moves of the player to act: ``hoyle.hint``'s list (``token``, ``value``, where it
says ``suggested`` and ``reason``), or (token, value) pairs with the suggestion first."""

FORCED_PAUSE = 0.6
"""Seconds a forced move stays announced before it is played for a person at a terminal."""


def _read_line(prompt: str) -> str:
    # ``input`` is looked up at call time so that a replaced ``builtins.input`` is used.
    line = input(prompt)
    if not sys.stdin.isatty():
        # Piped input is not echoed by a terminal; echo it so the transcript reads in order.
        print(line, flush=True)
    return line


def _write_line(text: str) -> None:
    print(text, flush=True)


class TerminalGame:
    """A game between a human at ``seat`` and ``agents`` at every other seat.

    Args:
        state: the game to play, usually fresh from ``new_initial_state(seed=…)``.
        seat: the human's seat.
        agents: an agent for each other seat.
        read: the input function; ``input`` by default.
        write: the output function; ``print`` by default.
        style: how cards are drawn.
        delay: seconds to pause after each computer move, so a person can follow the play.
        rng: draws chance outcomes when the state was not dealt from a seed.
        hinter: answers the ``hint`` command (none: the command says hints are off).
        auto_hint: show the hint before each of the human's moves.
        interactive: a person types at a terminal (default: when reading the real input from
            a terminal): they press Enter after each deal's summary, and refusals are printed
            in the screen's words (``You``, ``9♥``) rather than the engine's.
        auto_forced: play the human's move for them when it is the only legal one, and say so
            (default: when ``interactive``; never a computer's move).
    """

    def __init__(
        self,
        state: State,
        seat: int,
        agents: Mapping[int, Agent],
        *,
        read: ReadLine | None = None,
        write: WriteLine | None = None,
        style: Style | None = None,
        delay: float = 0.0,
        rng: random.Random | None = None,
        hinter: Hinter | None = None,
        auto_hint: bool = False,
        interactive: bool | None = None,
        auto_forced: bool | None = None,
    ) -> None:
        self.state = state
        self.seat = seat
        self.agents = dict(agents)
        self.read = read or _read_line
        self.write = write or _write_line
        self.style = style or Style()
        self.delay = delay
        self.rng = rng or random.Random()
        self.hinter = hinter
        self.auto_hint = auto_hint and hinter is not None
        if interactive is None:
            interactive = read is None and sys.stdin.isatty()
        self.interactive = interactive
        self.auto_forced = interactive if auto_forced is None else auto_forced
        self.names = seat_names(state.game.num_players, seat)
        self.view = view_for(state.game)
        self._last_actor: int | None = None
        self._logged = 0
        """Entries of the human seat's log already shown."""
        self._quit = False
        """The player quit at a deal's summary."""

    def run(self) -> bool:
        """Play until the game ends (True) or the player quits or input ends (False).

        Ctrl-C stops the game the same way, so the caller can still save its record.
        """
        try:
            self._show_log()
            finished = self._loop()
        except KeyboardInterrupt:
            self.write("")
            finished = False
        # The log has said who won and the final scores.
        self.write(_("Game over.") if finished else _("Game stopped."))
        return finished

    def _loop(self) -> bool:
        state = self.state
        while not state.is_terminal():
            if self._quit:
                return False
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                actions = [a for a, _ in outcomes]
                weights = [p for _, p in outcomes]
                state.apply_action(self.rng.choices(actions, weights)[0])
                self._show_log()
                continue
            seat = state.current_player()
            if seat == self.seat:
                legal = state.legal_actions()
                if self.auto_forced and len(legal) == 1:
                    self._forced_move(legal[0])
                elif not self._human_turn():
                    return False
            else:
                self._agent_turn(seat)
        return not self._quit

    # ------------------------------------------------------------------ turns

    def _observation(self) -> dict[str, Any]:
        return self.state.observation(self.seat)

    def _legal_tokens(self) -> list[str]:
        state = self.state
        return [state.action_to_string(a) for a in state.legal_actions()]

    def _show(self, lines: list[str]) -> None:
        for line in lines:
            self.write(line)

    def _show_table(self) -> None:
        self.write("")
        self._show(
            self.view.table(self._observation(), self._legal_tokens(), self.names, self.style)
        )

    def _human_turn(self) -> bool:
        """One or more of the human's moves; False when the player quits or input ends."""
        if self._last_actor == self.seat and not self.view.redraw_between_own_moves:
            # Still our turn after our own move (passing card by card): the hand is enough.
            self.write(_("Your hand:"))
            self._show(render_hand(self._observation()["hand"], self._legal_tokens(), self.style))
        else:
            self._show_table()
        if self.auto_hint:
            self._hint()
        while True:
            try:
                line = self.read(self.view.prompt(self._observation()))
            except EOFError:
                self.write("")
                return False
            text = line.strip()
            word = text.lower()
            if not text:
                continue
            if word in QUIT_WORDS:
                return False
            if word in HELP_WORDS:
                self._show(render_help(self._legal_tokens(), self.style, self.view.typing))
                continue
            if word in SHOW_WORDS:
                self._show_table()
                continue
            if word in HINT_WORDS:
                self._hint()
                continue
            if self._play_text(text):
                return True

    def _forced_move(self, action: int) -> None:
        """Play the human's only legal move for them, and say so first."""
        label = card_label(self.state.action_to_string(action), self.style)
        self.write(_("Played automatically: {move} (your only legal move).").format(move=label))
        if self.interactive:
            time.sleep(FORCED_PAUSE)
        self._apply(self.seat, action)

    def _hint(self) -> None:
        """The hinter's suggestion and its estimate of the other moves."""
        if self.hinter is None:
            self.write(_("Hints are off in this game."))
            return
        ranked = self.hinter(self.state)
        self._show(render_hint(ranked, self.style, hint_meaning(self.state.game)))

    def _play_text(self, text: str) -> bool:
        """Apply the move(s) the player typed; True if at least one was legal and played."""
        state = self.state
        words = typed_moves(state, text)
        played = False
        for i, word in enumerate(words):
            if state.current_player() != self.seat:
                moves = " ".join(words[i:])
                self.write(
                    _("Not played: {moves} (it is no longer your turn).").format(moves=moves)
                )
                break
            try:
                action = state.string_to_action(word)
                self._apply(self.seat, action)
            except IllegalActionError as exc:
                reason = str(exc)
                if self.interactive:
                    reason = screen_words(reason, self.names, self.seat, self.style)
                self.write(_("Not allowed: {reason}").format(reason=reason))
                break
            played = True
        return played

    def _agent_turn(self, seat: int) -> None:
        agent = self.agents[seat]
        action = agent.step(self.state)
        self._apply(seat, action)
        if self.delay > 0:
            time.sleep(self.delay)

    def _apply(self, seat: int, action: int) -> None:
        """Apply ``action`` for ``seat`` and show what the human saw of it."""
        self.state.apply_action(action)
        self._last_actor = seat
        self._show_log()

    def _show_log(self) -> None:
        """The human seat's log entries not shown yet (a hidden move as that seat saw it).

        After a deal's result lines come each seat's score in the deal and its total (before
        the game's last words once it is over, with the seats in their final order); a person
        then presses Enter to go on.
        """
        entries = self.state.log(self.seat, self.names)
        new = entries[self._logged :]
        self._logged = len(entries)
        ended: dict[str, Any] | None = None
        for index, entry in enumerate(new):
            if entry["kind"] == "deal_end":
                ended = entry
            elif ended is not None and entry["kind"] not in ("score",):
                self._deal_standings(ended)
                ended = None
                if entry["kind"] not in ("game_end", "final"):
                    self._wait_for_next_deal(new[index:])
            self.write(log_text(entry["text"], self.style))
        if ended is not None:
            self._deal_standings(ended)
            self._wait_for_next_deal([])

    def _deal_standings(self, deal_end: dict[str, Any]) -> None:
        """Each seat's score in the deal that ended and its total, as a small table."""
        obs = self.state.observation(self.seat)
        for line in standings_lines(obs, self.names, deal_end.get("scores")):
            self.write(line)

    def _wait_for_next_deal(self, following: Sequence[dict[str, Any]]) -> None:
        """A person reads the deal's summary and presses Enter to go on (or quits)."""
        if not self.interactive:
            return
        deal = next((e.get("deal") for e in following if e["kind"] == "deal"), None)
        if deal is not None:
            prompt = _("Press Enter for deal {deal} (or quit) > ").format(deal=deal)
        else:
            prompt = _("Press Enter for the next deal (or quit) > ")
        try:
            answer = self.read(prompt)
        except EOFError:
            answer = "quit"
        if answer.strip().lower() in QUIT_WORDS:
            self._quit = True
