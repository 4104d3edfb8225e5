"""The Spite and Malice table for the terminal game: piles, not tricks.

Pure functions from the human seat's observation to lines of text: the centre stacks with the
rank each needs next, every player's goal top and count and discard piles, the stock, the
player's own hand, and the legal moves. A turn is many moves, so the table is drawn again
between the player's own moves. The family's record names it (``views.terminal``; see
:mod:`hoyle.tui.views`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hoyle.i18n import N_, _, ngettext
from hoyle.tui.render import Style, card_label, render_result, seat_names
from hoyle.tui.views import TableView

__all__ = ["VIEW", "card_moves", "render_prompt", "render_table"]


def _cards(tokens: Sequence[str], style: Style) -> str:
    return " ".join(card_label(t, style) for t in tokens) if tokens else "—"


def _goal(piles: Sequence[dict[str, Any]], style: Style) -> str:
    parts = []
    for pile in piles:
        top = card_label(pile["top"], style) if pile["top"] else "—"
        parts.append(_("{top} ({count} left)").format(top=top, count=pile["count"]))
    return ", ".join(parts)


def render_table(
    obs: dict[str, Any], legal: Sequence[str], names: Sequence[str] | None, style: Style
) -> list[str]:
    """The whole table as the seat sees it, its legal moves last."""
    players = int(obs["players"])
    names = list(names) if names else seat_names(players, None)
    scores = ", ".join(f"{names[s]} {obs['scores'][s]}" for s in range(players))
    lines = [
        _("Deal {deal}, turn {turn} — scores: {scores} (to {target})").format(
            deal=obs["deal"], turn=obs["turn"], scores=scores, target=obs["target"]
        ),
    ]
    if obs["max_stacks"]:
        stacks = _("Centre stacks ({limit} at most; {completed} completed this deal):")
    else:
        stacks = _("Centre stacks (any number of at most; {completed} completed this deal):")
    lines.append(stacks.format(limit=obs["max_stacks"], completed=obs["completed"]))
    if not obs["stacks"]:
        lines.append("  " + _("(none yet: the lowest card starts one)"))
    for i, stack in enumerate(obs["stacks"]):
        top = card_label(stack[-1], style)
        lines.append(
            "  "
            + ngettext(
                "stack{number}: {count} card, top {top} — needs {rank}",
                "stack{number}: {count} cards, top {top} — needs {rank}",
                len(stack),
            ).format(number=i + 1, count=len(stack), top=top, rank=obs["stack_next"][i])
        )
    heap = _(", completed heap {count}").format(count=len(obs["heap"])) if obs["heap"] else ""
    lines.append(_("Stock: {count} cards{heap}").format(count=obs["stock"], heap=heap))
    seat = obs.get("seat")
    for s in range(players):
        mark = " ←" if obs["current_player"] == s else ""
        lines.append(
            _("{name}: goal {goal}; hand {count}").format(
                name=names[s] + mark,
                goal=_goal(obs["goals"][s], style),
                count=obs["hand_sizes"][s],
            )
        )
        piles = obs["discards"][s]
        shown = "  ".join(f"discard{d + 1}: {_cards(p, style)}" for d, p in enumerate(piles))
        lines.append(f"  {shown}")
    if seat is not None and "hand" in obs:  # the terminal app shows the hand on its own
        lines.append(_("Your hand: {cards}").format(cards=_cards(obs.get("hand", []), style)))
    if obs.get("cover") is not None:
        lines.append(
            _("The wild on stack{number} must be covered now.").format(number=obs["cover"] + 1)
        )
    if legal and obs["current_player"] == seat:
        lines.append(_("Moves: {moves}").format(moves="  ".join(legal)))
    return lines


def render_prompt(obs: dict[str, Any]) -> str:
    """The input prompt: what the player is to do now."""
    if obs.get("cover") is not None:
        return _("Cover the wild on stack{number} > ").format(number=obs["cover"] + 1)
    return _("Play to a stack, or discard to end your turn (e.g. 7:hand>stack1) > ")


def card_moves(card: str, legal: Sequence[str]) -> list[str]:
    """The legal moves that play ``card`` from the hand: its rank from the hand to a pile
    (``7:hand>stack1``; a wild king says what it stands for, ``K=3:hand>stack2``).

    >>> card_moves("KC", ["K=3:hand>stack1", "K:hand>discard2", "K:goal>stack1", "7:hand>stack2"])
    ['K=3:hand>stack1', 'K:hand>discard2']
    """
    rank = card[:-1]  # a token is the rank, then one letter for the suit
    moves = []
    for token in legal:
        what, _, route = token.partition(":")
        if what.partition("=")[0] == rank and route.startswith("hand>"):
            moves.append(token)
    return moves


VIEW = TableView(
    table=render_table,
    prompt=render_prompt,
    result=render_result,
    redraw_between_own_moves=True,
    cards_are_moves=False,
    card_moves=card_moves,
    typing=N_(
        "Type a move as shown: the card's rank, where it comes from and where it goes "
        "(7:hand>stack1, Q:goal>stack2, 5:discard3>stack1); a discard from hand ends the turn."
    ),
)
"""The Spite and Malice table view."""
