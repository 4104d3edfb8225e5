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

from hoyle.core.narrate import Fact, pretty, seats_text
from hoyle.games.hearts.rules import Partnership, Pass
from hoyle.games.hearts.scoring import side_totals, sides

if TYPE_CHECKING:
    from hoyle.games.hearts.state import HeartsState

__all__ = ["facts"]

_SUITS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
_DIRECTION = {
    Pass.LEFT: "to the left",
    Pass.RIGHT: "to the right",
    Pass.ACROSS: "across",
    Pass.SECOND_LEFT: "to the second seat on the left",
    Pass.SECOND_RIGHT: "to the second seat on the right",
}
_BEFORE_PLAY = ("deal", "pass", "mix")


def _count(k: int, what: str = "card") -> str:
    return f"{k} {what}" + ("" if k == 1 else "s")


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
            out.append(Fact("Hearts", "broken", kind="hearts_broken"))
        else:
            out.append(Fact("Hearts", "not broken: none may be led", kind="hearts_broken"))
    points = obs["points"]
    if phase in ("play", "draw", "discard", "moon") and any(points):
        taken = [(s, p) for s, p in enumerate(points) if p]
        text = ", ".join(f"{{{s}}} {p}" if p > 0 else f"{{{s}}} −{-p}" for s, p in taken)
        out.append(Fact("Points this deal", text, kind="points"))
    if obs.get("stock_size") and phase in ("play", "draw"):
        out.append(Fact("Stock", _count(obs["stock_size"]), kind="stock"))
    if obs.get("carried"):
        carried = obs["carried"]
        text = f"{_count(len(carried))} from a void trick, for the next trick's winner"
        out.append(Fact("Waiting", text, tuple(carried), kind="carried"))
    if rules.chips and obs["table"]:
        out.append(Fact("Table", f"{_count(obs['table'], 'chip')} on the table", kind="table"))
    if phase == "moon":
        shooter = obs["moon_shooter"]
        text = (
            f"{{{shooter}}} shot the moon: {{{shooter}:chooses}} to add it to the others' "
            f"scores or take it off {{{shooter}'s}} own"
        )
        out.append(Fact("Moon", text, kind="moon"))
    out.append(Fact("Game", _game(state), kind="game"))
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
    parts = [seats_text(side) + (f" ({by_side[side]})" if shown else "") for side in teams]
    return Fact("Partners", " against ".join(parts), kind="partners")


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
            return [Fact("Pass", "no pass this deal", kind="pass")]
        return []
    if phase not in _BEFORE_PLAY:
        return []
    count = len(plan)
    if direction is Pass.MIX:
        text = f"{_count(count)} into a pool, shuffled and dealt back"
    elif direction is Pass.SCATTER:
        text = f"{_count(count)}, {count // (rules.players - 1)} to each other player"
    else:
        text = f"{_count(count)} {_DIRECTION[direction]}"
        if seat is not None:
            text += f", to {{{(seat + plan[0]) % rules.players}}}"
    if seat is not None and (phase == "mix" or obs["cards_passed"][seat] == count):
        text += ": passed"
    return [Fact("Pass", text, kind="pass")]


def _bidding(state: HeartsState, obs: dict[str, Any]) -> list[Fact]:
    g = state.g
    rules = g.rules
    if not g.has_bidding:
        return []
    phase = obs["phase"]
    slam = bool(rules.slam_bid)
    unit = "" if slam else " chips"
    if phase == "bid":
        bids = obs["bids"]
        if state._bidder < 0:
            text = "none yet" if all(b is None for b in bids) else "no bid yet"
        else:
            text = f"{{{state._bidder}}} {state._bid}{unit}, the highest"
        return [Fact("Bids", text, kind="bids")]
    if phase in ("deal", "pass", "mix", "over"):
        return []
    if not slam:
        suit = obs["penalty_suit"]
        bidder = state._bidder
        if phase == "name":
            text = f"{{{bidder}}} bought the right to name it for {_count(state._bid, 'chip')}"
        elif bidder < 0 or suit is None:
            text = "hearts: nobody bid"
        else:
            price = _count(state._bid, "chip")
            text = f"{_SUITS[suit]}, named by {{{bidder}}} for {price}"
        return [Fact("Penalty suit", text, kind="penalty_suit")]
    info = obs["slam"]
    if info is None:
        return [Fact("Slam bid", "nobody bid", kind="slam")]
    bidder, partner = info["bidder"], info["partner"]
    text = f"{{{bidder}}} bid {info['bid']} to take every trick"
    card = rules.bonus_card.value
    if partner is None:
        text += f", with the holder of the {pretty(card)} as silent partner"
    elif partner == bidder:
        text += ", alone"
    else:
        text += f", with {{{partner}}} as silent partner"
    return [Fact("Slam bid", text, kind="slam")]


def _widow(state: HeartsState, obs: dict[str, Any], seat: int | None) -> list[Fact]:
    g = state.g
    out: list[Fact] = []
    declarer = obs["generale"]
    if declarer is not None and obs["phase"] != "over":
        text = f"{{{declarer}}} announced one and must take every penalty card"
        out.append(Fact("Générale", text, kind="generale"))
    size = g.widow_size
    if not size or obs["phase"] in ("over",):
        return out
    label = "Kitty" if g.rules.packs > 1 else "Widow"
    taker = obs["widow_taker"]
    if taker is None:
        text = f"{_count(size)} face down, for the first trick's winner"
        if g.widow_to_hand:
            text += ", who takes them into hand and lays as many away"
        return [*out, Fact(label, text, kind="widow")]
    cards = tuple(obs.get("widow") or ()) if seat == taker else ()
    text = f"taken by {{{taker}}}" + ("" if cards else ", unseen")
    return [*out, Fact(label, text, cards, kind="widow")]


def _game(state: HeartsState) -> str:
    rules = state.g.rules
    if rules.deals == 1:
        return "one deal"
    if rules.deals:
        deal = state.progress()[0]
        return f"deal {deal} of {rules.deals}"
    if rules.chips:
        return "ends when a player has no chips left"
    if rules.partnership is Partnership.TEAM:
        return f"ends when a side reaches {rules.target} points; the lower side wins"
    end = f"ends when anyone reaches {rules.target} points"
    if rules.partnership is Partnership.INDIVIDUAL:
        return end + "; partners add their totals, the lower side wins"
    return end + "; the lowest total wins"
