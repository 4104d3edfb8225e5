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
from hoyle.tui.render import Style, card_label, render_hand, seat_names
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
        text = f"  {number}. {elder} proposed" + (f" {p['proposed']}" if named else "")
        if p["answer"] == "refuse":
            text += f"; {dealer} refused"
        elif p["answer"] == "accept":
            text += f"; {dealer} accepted"
            if named:
                if p["dealer_took"] is not None:
                    text += f" and took {p['dealer_took']}"
            else:  # elder chose the count after acceptance (propose_then_choose)
                if p.get("elder_took") is not None:
                    text += f"; {elder} took {p['elder_took']}"
                if p["dealer_took"] is not None:
                    text += f"; {dealer} took {p['dealer_took']}"
        lines.append(text)
    return lines


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
    head = ["Écarté", f"game {obs['game_number']}", f"hand {obs['deal']}"]
    if obs.get("dealer") is not None and obs.get("elder") is not None:  # known once cut
        head += [f"dealer {names[obs['dealer']]}", f"elder {names[obs['elder']]}"]
    if obs.get("trump"):
        head.append(
            f"trumps {Suit.from_letter(obs['trump']).symbol if style.symbols else obs['trump']}"
        )
    if obs.get("turn_up"):
        head.append(f"turned {card_label(obs['turn_up'], style)}")
    head.append(f"stock {obs['stock_size']}")
    lines = [style.bold("── " + " · ".join(head) + " ──")]
    if obs.get("packets"):
        lines.append(f"Dealt in packets of {obs['packets'][0]} and {obs['packets'][1]}.")
    pair = obs.get("pair") or []
    taken = obs.get("cards_taken") or [0] * len(names)
    lines.append("             game  games  tricks  cards taken")
    for seat in pair:
        label = names[seat] + (" *" if seat == obs.get("current_player") else "")
        lines.append(
            f"  {label:<10} {obs['game_scores'][seat]:>4}  {obs['games_won'][seat]:>5}"
            f"  {obs['tricks_taken'][seat]:>6}  {taken[seat]:>11}"
        )
    if obs.get("waiting"):
        who = ", ".join(names[s] for s in obs["waiting"])
        lines.append(f"Waiting: {who}.")
    if obs.get("streak"):
        streak = obs["streak"]
        lines.append(f"{names[streak['seat']]} has won {streak['games']} game(s) in a row.")
    if obs.get("pool"):
        lines.append(f"The pool holds {obs['pool']}.")
    for bettor, backed in enumerate(obs.get("bets") or []):
        if backed is not None:
            lines.append(f"{names[bettor]} backs {names[backed]}.")
    if obs.get("king_turned"):
        lines.append(f"The king was turned: 1 to {names[obs['dealer']]}.")
    if obs.get("king_marked") is not None:
        lines.append(f"{names[obs['king_marked']]} marked the king.")
    if obs.get("proposals"):
        lines.append("Proposals:")
        lines.extend(_exchange_lines(obs, names))
    vulnerable = obs.get("vulnerable") or []
    elder, dealer = obs.get("elder"), obs.get("dealer")
    if elder is not None and vulnerable and vulnerable[elder]:
        lines.append(f"{names[elder]} played without proposing: vulnerable.")
    if dealer is not None and vulnerable and vulnerable[dealer]:
        lines.append(f"{names[dealer]} refused the first proposal: vulnerable.")
    if obs.get("multiplier", 1) > 1:
        lines.append(f"The hand is doubled: ×{obs['multiplier']}.")
    if obs.get("point_offered_by") is not None:
        offerer = obs["point_offered_by"]
        lines.append(f"{names[offerer]} offered the point, refused: the other must take all five.")
    tricks = obs.get("tricks", [])
    if tricks:
        last = tricks[-1]
        plays = ", ".join(
            f"{names[s]} {card_label(c, style)}"
            for s, c in zip(last["seats"], last["cards"], strict=True)
        )
        lines.append(f"Last trick: {plays} — {names[last['winner']]} took it.")
    if phase == "play":
        if obs["trick"]:
            lead = obs["trick"][0]
            lines.append(f"Trick: {names[lead['seat']]} led {card_label(lead['card'], style)}.")
        else:
            lines.append(
                f"Trick: {'your lead' if obs['current_player'] == me else 'nobody has led yet'}"
            )
    if obs.get("discarded"):
        lines.append("Your discards: " + " ".join(card_label(t, style) for t in obs["discarded"]))
    for seat, hand in enumerate(obs.get("seen_hands") or []):
        if hand is not None:
            shown = " ".join(card_label(t, style) for t in hand)
            lines.append(f"{names[seat]} (whom you back) holds: {shown}")
    if me is not None and me in pair and obs.get("hand"):
        lines.append("Your hand:")
        lines.extend(render_hand(obs["hand"], legal, style))
    elif me is not None and me not in pair:
        lines.append("You are waiting: watch this game.")
    words = [t for t in legal if " " in t or not t[:1].isalnum() or len(t) > 3]
    if words:
        lines.append("Moves: " + ", ".join(words))
    return lines


def _ecarte_prompt_text(obs: dict[str, Any]) -> str:
    """The input prompt for the seat to act, from its phase."""
    phase = obs["phase"]
    if phase == "packets":
        return "Deal in packets: deal 2-3 or deal 3-2 > "
    if phase == "bet":
        return "Back a player (back N) or no bet > "
    if phase == "propose":
        if obs.get("propose_then_choose"):
            return "Play, or propose an exchange (play / propose) > "
        return "Play, or propose a number of cards (play / propose N) > "
    if phase == "answer":
        asked = obs["proposals"][-1]["proposed"]
        what = "an exchange" if asked is None else asked
        return f"Elder proposes {what}: accept or refuse > "
    if phase == "discard":
        if obs.get("propose_then_choose"):
            return "Discard a card face down (one to five), then draw > "
        return "Discard a card face down > "
    if phase == "exchange":
        return "Discard a card face down, or draw > "
    if phase == "double":
        return "Double offered: accept or refuse > "
    if phase == "offer":
        return "The point is offered: accept, or refuse and play for the vole > "
    if phase == "play":
        return "Lead a card > " if not obs.get("trick") else "Play a card > "
    return "> "


def _ecarte_render_result(obs: dict[str, Any], names: Sequence[str] | None = None) -> list[str]:
    """The end of the match: the games, the bets and the winner."""
    names = _names(obs, names)
    lines = ["Game over."]
    for game in obs.get("games", []):
        lines.append(
            f"Game {game['game']}: {names[game['winner']]} beat {names[game['loser']]} "
            f"{game['points'][0]}–{game['points'][1]} (worth {game['value']})"
        )
    if any(obs.get("bet_results", [])):
        lines.append(
            "Bets: "
            + ", ".join(f"{names[s]} {v:+d}" for s, v in enumerate(obs["bet_results"]) if v)
        )
    winners = [names[w] for w in obs.get("winner") or []]
    if len(winners) == 1:
        lines.append(f"{winners[0]} {'win' if winners[0] == 'You' else 'wins'}.")
    elif winners:
        lines.append(" and ".join(winners) + " share the match.")
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
    typing=(
        "Type a card as rank then suit (kh, 10s, td) or a word as shown (propose 2 or "
        "propose, play, "
        "accept, refuse, deal 2-3, mark king, double, abandon)."
    ),
)
"""The Écarté table view."""
