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

from hoyle.core.narrate import Fact, Phrase, Seat, joined, say, say_n, seats_text
from hoyle.i18n import N_

if TYPE_CHECKING:
    from hoyle.games.bourre.state import BourreState

__all__ = ["facts"]

_SUITS = {"C": N_("clubs"), "D": N_("diamonds"), "H": N_("hearts"), "S": N_("spades")}


def _chips(k: int) -> Phrase:
    return say_n("{n} chip", "{n} chips", k)


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
            text = say(
                "{chips}; a winner takes at most {limit}", chips=text, limit=_chips(rules.pot_limit)
            )
        out.append(Fact(say("Pot"), text, kind="pot"))
        out += _bourre(state)
        out += _playing(obs, seat)
        if phase == "discard" and obs["stock_size"]:
            size = obs["stock_size"]
            out.append(Fact(say("Stock"), say_n("{n} card", "{n} cards", size), kind="stock"))
    deals = state.g.deals
    if deals == 1:
        out.append(Fact(say("Session"), say("one deal"), kind="game"))
    else:
        deal = state.progress()[0]
        text = say("deal {n} of {deals}", n=deal, deals=deals)
        out.append(Fact(say("Session"), text, kind="game"))
    return out


def _trumps(state: BourreState, obs: dict[str, Any]) -> list[Fact]:
    trump, card = obs["trump"], obs["turn_up"]
    if trump is None or card is None:
        return []
    dealer = Seat(obs["dealer"])
    suit = say(_SUITS[trump])
    if not state.rules.trump_apart:
        text = say("{suit}, {d's} fifth card turned up", suit=suit, d=dealer)
    elif obs["turn_up_in_dealers_hand"]:
        text = say("{suit}, an extra card turned, taken into hand by {d}", suit=suit, d=dealer)
    else:
        text = say("{suit}, an extra card turned, no one's", suit=suit)
    return [Fact(say("Trumps"), text, (card,), kind="trumps")]


def _bourre(state: BourreState) -> list[Fact]:
    """Who went bourré in the deal before and matched the pot into this one."""
    done = state._results()
    if not done:
        return []
    owed = [i for i in done[-1].items if i.get("kind") == "bourre"]
    if not owed:
        return []
    text = joined(
        [
            say("{s} matched {chips} into this pot", s=Seat(i["seat"]), chips=_chips(i["owes"]))
            for i in owed
        ],
        "; ",
    )
    return [Fact(say("Bourré"), text, kind="bourre")]


def _playing(obs: dict[str, Any], seat: int | None) -> list[Fact]:
    declared = obs["declared"]
    plays = [s for s, d in enumerate(declared) if d == "play"]
    passes = [s for s, d in enumerate(declared) if d == "pass"]
    label = say("Playing")
    if obs["declarations_hidden"]:
        if seat is None or declared[seat] is None:
            return [Fact(label, say("sealed until all have declared"), kind="playing")]
        if declared[seat] == "play":
            text = say("{s} {s:plays}, sealed until all have declared", s=Seat(seat))
        else:
            text = say("{s} {s:passes}, sealed until all have declared", s=Seat(seat))
        return [Fact(label, text, kind="playing")]
    parts: list[str] = []
    if len(plays) == 1:
        parts.append(say("{s} {s:plays}", s=Seat(plays[0])))
    elif plays:
        parts.append(say("{seats} play", seats=seats_text(plays)))
    if len(passes) == 1:
        parts.append(say("{s} passed", s=Seat(passes[0])))
    elif passes:
        parts.append(say("{seats} passed", seats=seats_text(passes)))
    if not parts:
        return []
    return [Fact(label, joined(parts, "; "), kind="playing")]
