"""The few facts a Hearts player needs at a glance (``state.facts(seat)``), in words.

Each is built from the seat's own observation (:mod:`hoyle.games.hearts.observe`) and the rules,
so it says nothing the seat may not know. Only those that apply now are given:

- **Partners** (partnership presets): the two sides, the reader's first, with their totals;
- **Pass** while the deal's pass is being made: how many cards go where (to whom, for a seat),
  and whether the reader's are passed; **No pass this deal** until the first trick is over,
  when the cycle skips a deal;
- **Bids** during an auction or a round of slam bids, then the **Penalty suit** an auction
  bought, the **Slam bid** and what the seat knows of the silent partner, a **Générale**
  announced;
- **Widow** (or **Kitty**): its size and who takes it, then its taker (and its cards, to the
  taker);
- **Hearts** broken or not, where the rules forbid leading them before;
- **Points this deal** as everyone can count them, once any are taken; the **Stock** of
  Domino Hearts; the cards **Waiting** for the next trick's winner after a void trick;
- **Table**: chips waiting on the table (the chip games);
- **Moon** while its shooter chooses how it scores;
- **Game**: how the match ends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hoyle.core.narrate import Fact, Phrase, Seat, joined, pretty, say, say_n, seats_text
from hoyle.games.hearts.rules import Partnership, Pass
from hoyle.games.hearts.scoring import side_totals, sides
from hoyle.i18n import N_

if TYPE_CHECKING:
    from hoyle.games.hearts.state import HeartsState

__all__ = ["facts"]

_SUITS = {"C": N_("clubs"), "D": N_("diamonds"), "H": N_("hearts"), "S": N_("spades")}
_DIRECTION = {
    Pass.LEFT: N_("to the left"),
    Pass.RIGHT: N_("to the right"),
    Pass.ACROSS: N_("across"),
    Pass.SECOND_LEFT: N_("to the second seat on the left"),
    Pass.SECOND_RIGHT: N_("to the second seat on the right"),
}
_BEFORE_PLAY = ("deal", "pass", "mix")


def _count(k: int) -> Phrase:
    return say_n("{n} card", "{n} cards", k)


def _chips(k: int) -> Phrase:
    return say_n("{n} chip", "{n} chips", k)


def facts(state: HeartsState, seat: int | None) -> list[Fact]:
    """``seat``'s facts (``None``: a spectator's), from its observation."""
    obs = state._observe(seat)
    rules = state.g.rules
    out: list[Fact] = []
    partners = _partners(state, seat)
    if partners is not None:
        out.append(partners)
    out += _pass(state, obs, seat)
    out += _bidding(state, obs)
    out += _widow(state, obs, seat)
    phase = obs["phase"]
    if phase == "play" and rules.must_break_hearts:
        if obs["hearts_broken"]:
            out.append(Fact(say("Hearts"), say("broken"), kind="hearts_broken"))
        else:
            text = say("not broken: none may be led")
            out.append(Fact(say("Hearts"), text, kind="hearts_broken"))
    points = obs["points"]
    if phase in ("play", "draw", "discard", "moon") and any(points):
        taken = [(s, p) for s, p in enumerate(points) if p]
        text = joined([f"{{{s}}} {p}" if p > 0 else f"{{{s}}} −{-p}" for s, p in taken])
        out.append(Fact(say("Points this deal"), text, kind="points"))
    if obs.get("stock_size") and phase in ("play", "draw"):
        out.append(Fact(say("Stock"), _count(obs["stock_size"]), kind="stock"))
    if obs.get("carried"):
        carried = obs["carried"]
        text = say(
            "{count} from a void trick, for the next trick's winner", count=_count(len(carried))
        )
        out.append(Fact(say("Waiting"), text, tuple(carried), kind="carried"))
    if rules.chips and obs["table"]:
        text = say("{chips} on the table", chips=_chips(obs["table"]))
        out.append(Fact(say("Table"), text, kind="table"))
    if phase == "moon":
        text = say(
            "{s} shot the moon: {s:chooses} to add it to the others' scores or take it off "
            "{s's} own",
            s=Seat(obs["moon_shooter"]),
        )
        out.append(Fact(say("Moon"), text, kind="moon"))
    out.append(Fact(say("Game"), _game(state), kind="game"))
    return out


def _partners(state: HeartsState, seat: int | None) -> Fact | None:
    rules = state.g.rules
    teams = sides(rules)
    if len(teams) == rules.players:
        return None
    if seat is not None:  # the reader's side first
        teams.sort(key=lambda side: seat not in side)
    totals = side_totals(rules, [int(s) for s in state._scores])
    by_side = dict(zip(sides(rules), totals, strict=True))
    shown = any(totals) and rules.deals != 1
    parts = [
        joined([seats_text(side), f"({by_side[side]})"], " ") if shown else seats_text(side)
        for side in teams
    ]
    against = parts[0] if len(parts) == 1 else say("{a} against {b}", a=parts[0], b=parts[1])
    for more in parts[2:]:
        against = say("{a} against {b}", a=against, b=more)
    return Fact(say("Partners"), against, kind="partners")


def _pass(state: HeartsState, obs: dict[str, Any], seat: int | None) -> list[Fact]:
    rules = state.g.rules
    phase = obs["phase"]
    direction = state.pass_direction()
    plan = state.pass_plan()
    passing = any(d is not Pass.HOLD for d in rules.effective_pass_cycle)
    if not passing:
        return []
    if not plan:
        if phase in _BEFORE_PLAY or (not obs["tricks"] and phase not in ("over", "moon")):
            return [Fact(say("Pass"), say("no pass this deal"), kind="pass")]
        return []
    if phase not in _BEFORE_PLAY:
        return []
    count = len(plan)
    text: str
    if direction is Pass.MIX:
        text = say("{count} into a pool, shuffled and dealt back", count=_count(count))
    elif direction is Pass.SCATTER:
        each = count // (rules.players - 1)
        text = say("{count}, {each} to each other player", count=_count(count), each=each)
    else:
        text = say("{count} {direction}", count=_count(count), direction=say(_DIRECTION[direction]))
        if seat is not None:
            text = say("{text}, to {s}", text=text, s=Seat((seat + plan[0]) % rules.players))
    if seat is not None and (phase == "mix" or obs["cards_passed"][seat] == count):
        text = say("{text}: passed", text=text)
    return [Fact(say("Pass"), text, kind="pass")]


def _bidding(state: HeartsState, obs: dict[str, Any]) -> list[Fact]:
    g = state.g
    rules = g.rules
    if not g.has_bidding:
        return []
    phase = obs["phase"]
    slam = bool(rules.slam_bid)
    text: str
    if phase == "bid":
        bids = obs["bids"]
        if state._bidder < 0:
            text = say("none yet") if all(b is None for b in bids) else say("no bid yet")
        elif slam:
            text = say("{s} {bid}, the highest", s=Seat(state._bidder), bid=state._bid)
        else:
            text = say("{s} {bid} chips, the highest", s=Seat(state._bidder), bid=state._bid)
        return [Fact(say("Bids"), text, kind="bids")]
    if phase in ("deal", "pass", "mix", "over"):
        return []
    if not slam:
        suit = obs["penalty_suit"]
        bidder = state._bidder
        if phase == "name":
            text = say(
                "{s} bought the right to name it for {chips}",
                s=Seat(bidder),
                chips=_chips(state._bid),
            )
        elif bidder < 0 or suit is None:
            text = say("hearts: nobody bid")
        else:
            text = say(
                "{suit}, named by {s} for {chips}",
                suit=say(_SUITS[suit]),
                s=Seat(bidder),
                chips=_chips(state._bid),
            )
        return [Fact(say("Penalty suit"), text, kind="penalty_suit")]
    info = obs["slam"]
    if info is None:
        return [Fact(say("Slam bid"), say("nobody bid"), kind="slam")]
    bidder, partner = info["bidder"], info["partner"]
    s, bid = Seat(bidder), info["bid"]
    card = pretty(rules.bonus_card.value)
    if partner is None:
        text = say(
            "{s} bid {bid} to take every trick, with the holder of the {card} as silent partner",
            s=s,
            bid=bid,
            card=card,
        )
    elif partner == bidder:
        text = say("{s} bid {bid} to take every trick, alone", s=s, bid=bid)
    else:
        text = say(
            "{s} bid {bid} to take every trick, with {p} as silent partner",
            s=s,
            bid=bid,
            p=Seat(partner),
        )
    return [Fact(say("Slam bid"), text, kind="slam")]


def _widow(state: HeartsState, obs: dict[str, Any], seat: int | None) -> list[Fact]:
    g = state.g
    out: list[Fact] = []
    declarer = obs["generale"]
    if declarer is not None and obs["phase"] != "over":
        text = say("{s} announced one and must take every penalty card", s=Seat(declarer))
        out.append(Fact(say("Générale"), text, kind="generale"))
    size = g.widow_size
    if not size or obs["phase"] in ("over",):
        return out
    label = say("Kitty") if g.rules.packs > 1 else say("Widow")
    taker = obs["widow_taker"]
    if taker is None:
        if g.widow_to_hand:
            text = say(
                "{count} face down, for the first trick's winner, who takes them into hand and "
                "lays as many away",
                count=_count(size),
            )
        else:
            text = say("{count} face down, for the first trick's winner", count=_count(size))
        return [*out, Fact(label, text, kind="widow")]
    cards = tuple(obs.get("widow") or ()) if seat == taker else ()
    if cards:
        text = say("taken by {s}", s=Seat(taker))
    else:
        text = say("taken by {s}, unseen", s=Seat(taker))
    return [*out, Fact(label, text, cards, kind="widow")]


def _game(state: HeartsState) -> Phrase:
    rules = state.g.rules
    if rules.deals == 1:
        return say("one deal")
    if rules.deals:
        deal = state.progress()[0]
        return say("deal {deal} of {deals}", deal=deal, deals=rules.deals)
    if rules.chips:
        return say("ends when a player has no chips left")
    if rules.partnership is Partnership.TEAM:
        return say(
            "ends when a side reaches {target} points; the lower side wins", target=rules.target
        )
    if rules.partnership is Partnership.INDIVIDUAL:
        return say(
            "ends when anyone reaches {target} points; partners add their totals, the lower "
            "side wins",
            target=rules.target,
        )
    return say(
        "ends when anyone reaches {target} points; the lowest total wins", target=rules.target
    )
