"""The Écarté table for the terminal: pure functions from one seat's observation to text.

Écarté's table differs from the other trick games: a turn-up and the king, the proposals and
their answers, how many cards each player took (law 27, public), who is vulnerable (law 49),
doubles and offers, and with three or more seats the players waiting (Pool, French Écarté).
Nothing here decides a rule: what is legal comes from the state, what a
seat sees from its observation.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hoyle.cards import Suit
from hoyle.i18n import N_, _
from hoyle.tui.render import (
    Style,
    and_list,
    card_label,
    is_you,
    render_hand,
    seat_names,
    win_sentence,
)
from hoyle.tui.views import TableView

__all__ = ["VIEW", "prompt_text", "render_result", "render_table"]


_STYLE = Style()


def _names(obs: dict[str, Any], names: Sequence[str] | None) -> list[str]:
    return list(names) if names is not None else seat_names(int(obs["players"]), obs.get("seat"))


def _exchange_lines(obs: dict[str, Any], names: Sequence[str]) -> list[str]:
    if obs.get("elder") is None or obs.get("dealer") is None:
        return []
    elder, dealer = names[obs["elder"]], names[obs["dealer"]]
    lines = []
    for number, p in enumerate(obs.get("proposals", []), 1):
        named = p["proposed"] is not None
        if named:
            text = _("  {number}. {elder} proposed {count}").format(
                number=number, elder=elder, count=p["proposed"]
            )
        else:
            text = _("  {number}. {elder} proposed").format(number=number, elder=elder)
        if p["answer"] == "refuse":
            text += _("; {dealer} refused").format(dealer=dealer)
        elif p["answer"] == "accept":
            text += _("; {dealer} accepted").format(dealer=dealer)
            if named:
                if p["dealer_took"] is not None:
                    text += _(" and took {count}").format(count=p["dealer_took"])
            else:  # elder chose the count after acceptance (propose_then_choose)
                if p.get("elder_took") is not None:
                    text += _("; {name} took {count}").format(name=elder, count=p["elder_took"])
                if p["dealer_took"] is not None:
                    text += _("; {name} took {count}").format(name=dealer, count=p["dealer_took"])
        lines.append(text)
    return lines


def _columns(obs: dict[str, Any], names: Sequence[str], pair: Sequence[int]) -> list[str]:
    """The two players' points in this game, games won, tricks and cards taken, under a
    heading; each column as wide as its heading."""
    taken = obs.get("cards_taken") or [0] * len(names)
    columns = [
        (_("game"), obs["game_scores"], 4),
        (_("games"), obs["games_won"], 5),
        (_("tricks"), obs["tricks_taken"], 6),
        (_("cards taken"), taken, 11),
    ]
    widths = [max(len(heading), least) for heading, _values, least in columns]
    labels = {s: names[s] + (" *" if s == obs.get("current_player") else "") for s in pair}
    width = max([10, *(len(label) for label in labels.values())])
    heading = "  ".join(f"{h:>{w}}" for (h, _v, _l), w in zip(columns, widths, strict=True))
    lines = [" " * (width + 3) + heading]
    for seat in pair:
        cells = "  ".join(f"{v[seat]:>{w}}" for (_h, v, _l), w in zip(columns, widths, strict=True))
        lines.append(f"  {labels[seat]:<{width}} {cells}")
    return lines


def _last_trick(obs: dict[str, Any], names: Sequence[str], style: Style) -> list[str]:
    """The last finished trick, who played what and who took it (Écarté and Bourré)."""
    tricks = obs.get("tricks", [])
    if not tricks:
        return []
    last = tricks[-1]
    plays = ", ".join(
        f"{names[s]} {card_label(c, style)}"
        for s, c in zip(last["seats"], last["cards"], strict=True)
    )
    return [
        _("Last trick: {plays} — {name} took it.").format(plays=plays, name=names[last["winner"]])
    ]


def _ecarte_render_table(
    obs: dict[str, Any],
    legal: Sequence[str],
    names: Sequence[str] | None = None,
    style: Style = _STYLE,
) -> list[str]:
    """The whole table as ``obs["seat"]`` sees it, with ``legal`` marked in the hand."""
    names = _names(obs, names)
    phase = obs["phase"]
    me = obs.get("seat")
    head = [
        "Écarté",
        _("game {number}").format(number=obs["game_number"]),
        _("hand {number}").format(number=obs["deal"]),
    ]
    if obs.get("dealer") is not None and obs.get("elder") is not None:  # known once cut
        head += [
            _("dealer {name}").format(name=names[obs["dealer"]]),
            _("elder {name}").format(name=names[obs["elder"]]),
        ]
    if obs.get("trump"):
        suit = Suit.from_letter(obs["trump"]).symbol if style.symbols else obs["trump"]
        head.append(_("trumps {suit}").format(suit=suit))
    if obs.get("turn_up"):
        head.append(_("turned {cards}").format(cards=card_label(obs["turn_up"], style)))
    head.append(_("stock {count}").format(count=obs["stock_size"]))
    lines = [style.bold("── " + " · ".join(head) + " ──")]
    if obs.get("packets"):
        first, second = obs["packets"]
        lines.append(
            _("Dealt in packets of {first} and {second}.").format(first=first, second=second)
        )
    pair = obs.get("pair") or []
    lines += _columns(obs, names, pair)
    if obs.get("waiting"):
        who = ", ".join(names[s] for s in obs["waiting"])
        lines.append(_("Waiting: {names}.").format(names=who))
    if obs.get("streak"):
        streak = obs["streak"]
        if is_you(names, streak["seat"], me):
            lines.append(_("You has won {games} game(s) in a row.").format(games=streak["games"]))
        else:
            lines.append(
                _("{name} has won {games} game(s) in a row.").format(
                    name=names[streak["seat"]], games=streak["games"]
                )
            )
    if obs.get("pool"):
        lines.append(_("The pool holds {pool}.").format(pool=obs["pool"]))
    for bettor, backed in enumerate(obs.get("bets") or []):
        if backed is not None:
            if is_you(names, bettor, me):
                lines.append(_("You backs {name}.").format(name=names[backed]))
            elif is_you(names, backed, me):
                lines.append(_("{name} backs You.").format(name=names[bettor]))
            else:
                lines.append(
                    _("{name} backs {other}.").format(name=names[bettor], other=names[backed])
                )
    if obs.get("king_turned"):
        if is_you(names, obs["dealer"], me):
            lines.append(_("The king was turned: 1 to You."))
        else:
            lines.append(_("The king was turned: 1 to {name}.").format(name=names[obs["dealer"]]))
    if obs.get("king_marked") is not None:
        if is_you(names, obs["king_marked"], me):
            lines.append(_("You marked the king."))
        else:
            lines.append(_("{name} marked the king.").format(name=names[obs["king_marked"]]))
    if obs.get("proposals"):
        lines.append(_("Proposals:"))
        lines.extend(_exchange_lines(obs, names))
    vulnerable = obs.get("vulnerable") or []
    elder, dealer = obs.get("elder"), obs.get("dealer")
    if elder is not None and vulnerable and vulnerable[elder]:
        lines.append(_("{name} played without proposing: vulnerable.").format(name=names[elder]))
    if dealer is not None and vulnerable and vulnerable[dealer]:
        lines.append(_("{name} refused the first proposal: vulnerable.").format(name=names[dealer]))
    if obs.get("multiplier", 1) > 1:
        lines.append(_("The hand is doubled: ×{factor}.").format(factor=obs["multiplier"]))
    if obs.get("point_offered_by") is not None:
        offerer = names[obs["point_offered_by"]]
        lines.append(
            _("{name} offered the point, refused: the other must take all five.").format(
                name=offerer
            )
        )
    lines += _last_trick(obs, names, style)
    if phase == "play":
        if obs["trick"]:
            lead = obs["trick"][0]
            lines.append(
                _("Trick: {name} led {card}.").format(
                    name=names[lead["seat"]], card=card_label(lead["card"], style)
                )
            )
        elif obs["current_player"] == me:
            lines.append(_("Trick: your lead"))
        else:
            lines.append(_("Trick: nobody has led yet"))
    if obs.get("discarded"):
        discards = " ".join(card_label(t, style) for t in obs["discarded"])
        lines.append(_("Your discards: {cards}").format(cards=discards))
    for seat, hand in enumerate(obs.get("seen_hands") or []):
        if hand is not None:
            shown = " ".join(card_label(t, style) for t in hand)
            lines.append(
                _("{name} (whom you back) holds: {cards}").format(name=names[seat], cards=shown)
            )
    if me is not None and me in pair and obs.get("hand"):
        lines.append(_("Your hand:"))
        lines.extend(render_hand(obs["hand"], legal, style))
    elif me is not None and me not in pair:
        lines.append(_("You are waiting: watch this game."))
    words = [t for t in legal if " " in t or not t[:1].isalnum() or len(t) > 3]
    if words:
        lines.append(_("Moves: {moves}").format(moves=", ".join(words)))
    return lines


def _ecarte_prompt_text(obs: dict[str, Any]) -> str:
    """The input prompt for the seat to act, from its phase (the moves it names, ``play``,
    ``propose N``, are typed as the engine spells them, in every language)."""
    phase = obs["phase"]
    if phase == "propose":
        if obs.get("propose_then_choose"):
            return _("Play, or propose an exchange (play / propose) > ")
        return _("Play, or propose a number of cards (play / propose N) > ")
    if phase == "answer":
        asked = obs["proposals"][-1]["proposed"]
        if asked is None:
            return _("Elder proposes an exchange: accept or refuse > ")
        return _("Elder proposes {count}: accept or refuse > ").format(count=asked)
    if phase == "discard":
        if obs.get("propose_then_choose"):
            return _("Discard a card face down (one to five), then draw > ")
        return _("Discard a card face down > ")
    if phase == "play":
        return _("Lead a card > ") if not obs.get("trick") else _("Play a card > ")
    return _(_PROMPTS.get(phase, "> "))


_PROMPTS = {
    "packets": N_("Deal in packets: deal 2-3 or deal 3-2 > "),
    "bet": N_("Back a player (back N) or no bet > "),
    "exchange": N_("Discard a card face down, or draw > "),
    "double": N_("Double offered: accept or refuse > "),
    "offer": N_("The point is offered: accept, or refuse and play for the vole > "),
}
"""The prompts of the phases whose prompt says nothing of the position."""


def _ecarte_render_result(obs: dict[str, Any], names: Sequence[str] | None = None) -> list[str]:
    """The end of the match: the games, the bets and the winner."""
    names = _names(obs, names)
    lines = [_("Game over.")]
    for game in obs.get("games", []):
        lines.append(
            _("Game {game}: {winner} beat {loser} {won}–{lost} (worth {value})").format(
                game=game["game"],
                winner=names[game["winner"]],
                loser=names[game["loser"]],
                won=game["points"][0],
                lost=game["points"][1],
                value=game["value"],
            )
        )
    if any(obs.get("bet_results", [])):
        bets = ", ".join(f"{names[s]} {v:+d}" for s, v in enumerate(obs["bet_results"]) if v)
        lines.append(_("Bets: {bets}").format(bets=bets))
    winners = obs.get("winner") or []
    if len(winners) == 1:
        lines.append(win_sentence(names, winners[0]))
    elif winners:
        together = and_list([names[w] for w in winners])
        lines.append(_("{names} share the match.").format(names=together))
    return lines


def render_table(
    obs: dict[str, Any],
    legal: Sequence[str],
    names: Sequence[str] | None = None,
    style: Style = _STYLE,
) -> list[str]:
    """The whole table as ``obs["seat"]`` sees it, with ``legal`` marked in the hand."""
    return _ecarte_render_table(obs, legal, names, style)


def prompt_text(obs: dict[str, Any]) -> str:
    """The input prompt for the seat to act, from its phase."""
    return _ecarte_prompt_text(obs)


def render_result(obs: dict[str, Any], names: Sequence[str] | None = None) -> list[str]:
    """The end of the match: games, bets and the winner."""
    return _ecarte_render_result(obs, names)


VIEW = TableView(
    table=render_table,
    prompt=prompt_text,
    result=render_result,
    typing=N_(
        "Type a card as rank then suit (kh, 10s, td) or a word as shown (propose 2 or "
        "propose, play, "
        "accept, refuse, deal 2-3, mark king, double, abandon)."
    ),
)
"""The Écarté table view."""
