"""The Bourré table for the terminal: pure functions from one seat's observation to text.

The pot, who passed or plays, how many each drew, the tricks and the chips. Nothing here
decides a rule: what is legal comes from the state, what a seat sees from its observation.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hoyle.cards import Suit
from hoyle.i18n import N_, _
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
    head = [
        "Bourré",
        _("deal {deal}").format(deal=obs["deal"]),
        _("dealer {name}").format(name=names[obs["dealer"]]),
    ]
    if obs.get("trump"):
        suit = Suit.from_letter(obs["trump"]).symbol if style.symbols else obs["trump"]
        head.append(_("trumps {suit}").format(suit=suit))
    if obs.get("turn_up"):
        head.append(_("turned {cards}").format(cards=card_label(obs["turn_up"], style)))
    head += [
        _("pot {chips}").format(chips=obs["pot"]),
        _("stock {count}").format(count=obs["stock_size"]),
    ]
    lines = [style.bold("── " + " · ".join(head) + " ──")]
    players = int(obs["players"])
    # A declaration is shown as the player typed it (pass, play), in every language.
    statuses = [d or "—" for d in obs["declared"]]
    columns = [
        (_("status"), statuses, 6),
        (_("drew"), obs["drawn"], 4),
        (_("tricks"), obs["tricks_taken"], 6),
        (_("chips"), obs["scores"], 5),
    ]
    widths = [max(len(heading), least) for heading, _values, least in columns]
    labels = [names[s] + (" *" if s == obs.get("current_player") else "") for s in range(players)]
    width = max([10, *(len(label) for label in labels)])
    heading = "  ".join(f"{h:>{w}}" for (h, _v, _l), w in zip(columns, widths, strict=True))
    lines.append(" " * (width + 3) + heading)
    for seat in range(players):
        cells = "  ".join(f"{v[seat]:>{w}}" for (_h, v, _l), w in zip(columns, widths, strict=True))
        lines.append(f"  {labels[seat]:<{width}} {cells}")
    if obs.get("reshuffled"):
        lines.append(_("The stock ran out: the collected cards were reshuffled."))
    tricks = obs.get("tricks", [])
    if tricks:
        last = tricks[-1]
        plays = ", ".join(
            f"{names[s]} {card_label(c, style)}"
            for s, c in zip(last["seats"], last["cards"], strict=True)
        )
        lines.append(
            _("Last trick: {plays} — {name} took it.").format(
                plays=plays, name=names[last["winner"]]
            )
        )
    if obs["phase"] == "play":
        shown = ", ".join(
            f"{names[p['seat']]} {card_label(p['card'], style)}" for p in obs["trick"]
        )
        if shown:
            lines.append(_("Trick: {plays}").format(plays=shown))
        else:
            lines.append(_("Trick: nobody has led yet"))
    if me is not None and obs.get("hand"):
        lines.append(_("Your hand:"))
        lines.extend(render_hand(obs["hand"], legal, style))
    words = [t for t in legal if t in ("pass", "play", "draw")]
    if words:
        lines.append(_("Moves: {moves}").format(moves=", ".join(words)))
    return lines


def prompt_text(obs: dict[str, Any]) -> str:
    """The input prompt for the seat to act, from its phase (the moves it names, ``pass``,
    ``play``, ``draw``, are typed as the engine spells them, in every language)."""
    phase = obs["phase"]
    if phase == "play":
        return _("Lead a card > ") if not obs.get("trick") else _("Play a card > ")
    return _(_PROMPTS.get(phase, "> "))


_PROMPTS = {
    "declare": N_("Pass or play > "),
    "sealed": N_("Pass or play (hidden until all have declared) > "),
    "stay": N_("After the draw: pass, or play on for a chip > "),
    "discard": N_("Discard a card face down, or draw > "),
}
"""The prompts of the phases whose prompt says nothing of the position."""


def _result(obs: dict[str, Any], names: Sequence[str]) -> list[str]:
    lines = [_("Game over.")]
    chips = ", ".join(f"{names[s]} {v:+d}" for s, v in enumerate(obs["scores"]))
    lines.append(_("Net chips: {chips}").format(chips=chips))
    best = max(obs["scores"])
    winners = [names[s] for s, v in enumerate(obs["scores"]) if v == best]
    lines.append(_("Most chips: {names}.").format(names=", ".join(winners)))
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
    typing=N_("Type a card as rank then suit (as, 10d, td) or a word as shown (pass, play, draw)."),
)
"""The Bourré table view."""
