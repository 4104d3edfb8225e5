"""The few facts a Bourré player needs at a glance (``state.facts(seat)``), in words.

Each is built from the seat's own observation (:mod:`hoyle.games.bourre.observe`), the rules
and the results already told, so it says nothing the seat may not know. Only those that apply
now are given:

- **Trumps** with the turned card: the dealer's fifth card, or a card of no one's (taken into
  hand by the dealer, where the rules allow it);
- **Pot**: the chips in it, and the most a winner takes (``pot_limit``);
- **Bourré**: who went bourré last deal and matched the pot into this one;
- **Playing**: who plays and who passed (a sealed declaration only to its maker until all are
  made);
- **Stock**: the cards left to draw while players discard and draw;
- **Session**: how many deals it plays.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hoyle.core.narrate import Fact, seats_text

if TYPE_CHECKING:
    from hoyle.games.bourre.state import BourreState

__all__ = ["facts"]

_SUITS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def _s(seat: int) -> str:
    return f"{{{seat}}}"


def _chips(k: int) -> str:
    return f"{k} chip" + ("" if k == 1 else "s")


def facts(state: BourreState, seat: int | None) -> list[Fact]:
    """``seat``'s facts (``None``: a spectator's), from its observation."""
    obs = state._observe(seat)
    rules = state.rules
    phase = obs["phase"]
    out: list[Fact] = []
    if phase != "over":
        out += _trumps(state, obs)
        text = _chips(obs["pot"])
        if rules.pot_limit:
            text += f"; a winner takes at most {_chips(rules.pot_limit)}"
        out.append(Fact("Pot", text, kind="pot"))
        out += _bourre(state)
        out += _playing(obs, seat)
        if phase == "discard" and obs["stock_size"]:
            size = obs["stock_size"]
            out.append(Fact("Stock", f"{size} card" + ("" if size == 1 else "s"), kind="stock"))
    deals = state.g.deals
    if deals == 1:
        out.append(Fact("Session", "one deal", kind="game"))
    else:
        deal = state.progress()[0]
        out.append(Fact("Session", f"deal {deal} of {deals}", kind="game"))
    return out


def _trumps(state: BourreState, obs: dict[str, Any]) -> list[Fact]:
    trump, card = obs["trump"], obs["turn_up"]
    if trump is None or card is None:
        return []
    dealer = obs["dealer"]
    suit = _SUITS[trump]
    if not state.rules.trump_apart:
        text = f"{suit}, {{{dealer}'s}} fifth card turned up"
    elif obs["turn_up_in_dealers_hand"]:
        text = f"{suit}, an extra card turned, taken into hand by {_s(dealer)}"
    else:
        text = f"{suit}, an extra card turned, no one's"
    return [Fact("Trumps", text, (card,), kind="trumps")]


def _bourre(state: BourreState) -> list[Fact]:
    """Who went bourré in the deal before and matched the pot into this one."""
    done = state._results()
    if not done:
        return []
    owed = [i for i in done[-1].items if i.get("kind") == "bourre"]
    if not owed:
        return []
    text = "; ".join(f"{_s(i['seat'])} matched {_chips(i['owes'])} into this pot" for i in owed)
    return [Fact("Bourré", text, kind="bourre")]


def _playing(obs: dict[str, Any], seat: int | None) -> list[Fact]:
    declared = obs["declared"]
    plays = [s for s, d in enumerate(declared) if d == "play"]
    passes = [s for s, d in enumerate(declared) if d == "pass"]
    if obs["declarations_hidden"]:
        if seat is None or declared[seat] is None:
            return [Fact("Playing", "sealed until all have declared", kind="playing")]
        verb = "plays" if declared[seat] == "play" else "passes"
        text = f"{_s(seat)} {{{seat}:{verb}}}, sealed until all have declared"
        return [Fact("Playing", text, kind="playing")]
    parts = []
    if plays:
        parts.append(seats_text(plays) + (f" {{{plays[0]}:plays}}" if len(plays) == 1 else " play"))
    if passes:
        parts.append(seats_text(passes) + " passed")
    if not parts:
        return []
    return [Fact("Playing", "; ".join(parts), kind="playing")]
