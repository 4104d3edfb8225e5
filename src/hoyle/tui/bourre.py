"""The Bourré table for the terminal: pure functions from one seat's observation to text.

The pot, who passed or plays, how many each drew, the tricks and the chips. Nothing here
decides a rule: what is legal comes from the state, what a seat sees from its observation.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hoyle.cards import Suit
from hoyle.tui.render import Style, card_label, render_hand, seat_names
from hoyle.tui.views import TableView

__all__ = [
    "VIEW",
    "prompt_text",
    "render_result",
    "render_table",
]


_STYLE = Style()


def _names(obs: dict[str, Any], names: Sequence[str] | None) -> list[str]:
    return list(names) if names is not None else seat_names(int(obs["players"]), obs.get("seat"))


def _table(
    obs: dict[str, Any], legal: Sequence[str], names: Sequence[str], style: Style
) -> list[str]:
    me = obs.get("seat")
    head = ["Bourré", f"deal {obs['deal']}", f"dealer {names[obs['dealer']]}"]
    if obs.get("trump"):
        head.append(
            f"trumps {Suit.from_letter(obs['trump']).symbol if style.symbols else obs['trump']}"
        )
    if obs.get("turn_up"):
        head.append(f"turned {card_label(obs['turn_up'], style)}")
    head += [f"pot {obs['pot']}", f"stock {obs['stock_size']}"]
    lines = [style.bold("── " + " · ".join(head) + " ──")]
    lines.append("             status  drew  tricks  chips")
    for seat in range(int(obs["players"])):
        status = obs["declared"][seat] or "—"
        label = names[seat] + (" *" if seat == obs.get("current_player") else "")
        lines.append(
            f"  {label:<10} {status:>6}  {obs['drawn'][seat]:>4}  {obs['tricks_taken'][seat]:>6}"
            f"  {obs['scores'][seat]:>5}"
        )
    if obs.get("reshuffled"):
        lines.append("The stock ran out: the collected cards were reshuffled.")
    tricks = obs.get("tricks", [])
    if tricks:
        last = tricks[-1]
        plays = ", ".join(
            f"{names[s]} {card_label(c, style)}"
            for s, c in zip(last["seats"], last["cards"], strict=True)
        )
        lines.append(f"Last trick: {plays} — {names[last['winner']]} took it.")
    if obs["phase"] == "play":
        shown = ", ".join(
            f"{names[p['seat']]} {card_label(p['card'], style)}" for p in obs["trick"]
        )
        lines.append("Trick: " + (shown or "nobody has led yet"))
    if me is not None and obs.get("hand"):
        lines.append("Your hand:")
        lines.extend(render_hand(obs["hand"], legal, style))
    words = [t for t in legal if t in ("pass", "play", "draw")]
    if words:
        lines.append("Moves: " + ", ".join(words))
    return lines


def prompt_text(obs: dict[str, Any]) -> str:
    phase = obs["phase"]
    if phase == "declare":
        return "Pass or play > "
    if phase == "sealed":
        return "Pass or play (hidden until all have declared) > "
    if phase == "stay":
        return "After the draw: pass, or play on for a chip > "
    if phase == "discard":
        return "Discard a card face down, or draw > "
    if phase == "play":
        return "Lead a card > " if not obs.get("trick") else "Play a card > "
    return "> "


def _result(obs: dict[str, Any], names: Sequence[str]) -> list[str]:
    lines = ["Game over."]
    lines.append(
        "Net chips: " + ", ".join(f"{names[s]} {v:+d}" for s, v in enumerate(obs["scores"]))
    )
    best = max(obs["scores"])
    winners = [names[s] for s, v in enumerate(obs["scores"]) if v == best]
    lines.append(f"Most chips: {', '.join(winners)}.")
    return lines


def render_table(
    obs: dict[str, Any],
    legal: Sequence[str],
    names: Sequence[str] | None = None,
    style: Style = _STYLE,
) -> list[str]:
    """The whole table as ``obs["seat"]`` sees it, with ``legal`` marked in the hand."""
    return _table(obs, legal, _names(obs, names), style)


def render_result(obs: dict[str, Any], names: Sequence[str] | None = None) -> list[str]:
    """The end of the session: each player's net chips."""
    return _result(obs, _names(obs, names))


VIEW = TableView(
    table=render_table,
    prompt=prompt_text,
    result=render_result,
    typing="Type a card as rank then suit (as, 10d, td) or a word as shown (pass, play, draw).",
)
"""The Bourré table view."""
