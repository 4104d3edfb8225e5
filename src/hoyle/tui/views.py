"""Table views: how the terminal game draws each family's table.

The trick-taking families (Hearts, All Fours) share the view in :mod:`hoyle.tui.render`. A family
whose table looks different (piles, proposals) provides its own in a module named after it,
``hoyle.tui.<family with _ for ->``, which calls :func:`register_view` when imported; the app finds
it with :func:`view_for` without any list of families to keep up to date.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from hoyle.tui import render
from hoyle.tui.render import Style

__all__ = ["TableView", "register_view", "view_for"]

Observation = dict[str, Any]


@dataclass(frozen=True)
class TableView:
    """The pure functions that turn one seat's observations into lines of text.

    Attributes:
        table: the whole table with the legal tokens marked: ``(obs, legal, names, style)``.
        prompt: the input prompt for the player to act: ``(obs)``.
        event: one move as the human saw it: ``(before, after, seat, token or None, seat
            names, style)``; ``token`` is None for a move the human may not see.
        result: the end of the game: ``(obs, names)``.
        hidden_phases: phases whose moves the other seats may not see (their tokens are never
            made into text).
        redraw_between_own_moves: draw the whole table again when the human moves twice in a
            row (a turn of many moves); otherwise only the hand is shown again.
        typing: one line for ``help`` on how to type a move.
        cards_are_moves: a card's token is a move (a trick game); otherwise the moves name
            piles, and the full-screen app shows the hand without marking cards playable.
        card_moves: where ``cards_are_moves`` is false, the legal moves that play a card of
            the hand: ``(card token, legal tokens)``; a click on the card points at them.
    """

    table: Callable[[Observation, Sequence[str], Sequence[str] | None, Style], list[str]]
    prompt: Callable[[Observation], str]
    event: Callable[[Observation, Observation, int, str | None, Sequence[str], Style], list[str]]
    result: Callable[[Observation, Sequence[str] | None], list[str]]
    hidden_phases: frozenset[str]
    redraw_between_own_moves: bool = False
    typing: str = render.TRICK_TYPING
    cards_are_moves: bool = True
    card_moves: Callable[[str, Sequence[str]], list[str]] | None = None


TRICK_VIEW = TableView(
    table=render.render_table,
    prompt=render.prompt_text,
    event=render.render_event,
    result=render.render_result,
    hidden_phases=frozenset(render.HIDDEN_PHASES),
)
"""The view of the trick-taking families."""

_VIEWS: dict[str, TableView] = {}


def register_view(family: str, view: TableView) -> None:
    """Draw ``family``'s tables with ``view`` from now on."""
    _VIEWS[family] = view


def view_for(family: str) -> TableView:
    """The view registered for ``family`` (importing its module once), else the trick view."""
    if family not in _VIEWS:
        try:
            importlib.import_module(f"hoyle.tui.{family.replace('-', '_')}")
        except ModuleNotFoundError as error:
            if error.name != f"hoyle.tui.{family.replace('-', '_')}":
                raise
        _VIEWS.setdefault(family, TRICK_VIEW)
    return _VIEWS[family]
