"""Table views: how the terminal game draws each family's table.

The trick-taking families share the view in :mod:`hoyle.tui.render`. A family whose table looks
different (piles, proposals) names its own view in its record (``Family.views.terminal``): the
module ``hoyle.tui.<name>``, whose ``VIEW`` this module finds without any list of families to
keep up to date. What happened move by move is not a view's business: every family tells it
in ``state.log(seat)``, which the app prints as it grows.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from hoyle.core.protocol import Game
from hoyle.core.registry import family
from hoyle.tui import render
from hoyle.tui.render import Style

__all__ = ["TRICK_VIEW", "TableView", "view_for"]

Observation = dict[str, Any]


@dataclass(frozen=True)
class TableView:
    """The pure functions that turn one seat's observation into lines of text.

    Attributes:
        table: the whole table with the legal tokens marked: ``(obs, legal, names, style)``.
        prompt: the input prompt for the player to act: ``(obs)``.
        result: the end of the game: ``(obs, names)``.
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
    result: Callable[[Observation, Sequence[str] | None], list[str]]
    redraw_between_own_moves: bool = False
    typing: str = render.TRICK_TYPING
    cards_are_moves: bool = True
    card_moves: Callable[[str, Sequence[str]], list[str]] | None = None


TRICK_VIEW = TableView(
    table=render.render_table,
    prompt=render.prompt_text,
    result=render.render_result,
)
"""The view of the trick-taking families (``trick``)."""


def view_for(game: Game[Any]) -> TableView:
    """The view ``game``'s family names in its record (``trick`` unless it has its own)."""
    name = family(game.family).views.terminal
    if name == "trick":
        return TRICK_VIEW
    view: TableView = importlib.import_module(f"hoyle.tui.{name}").VIEW
    return view
