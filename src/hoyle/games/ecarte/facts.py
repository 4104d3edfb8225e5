"""The few facts an Écarté player needs at a glance (``state.facts(seat)``), in words.

Each is built from the seat's own observation (:mod:`hoyle.games.ecarte.observe`) and the
rules, so it says nothing the seat may not know. Only those that apply now are given:

- **Playing**: who plays whom and who waits (a table of more than two);
- **Trumps** with the turn-up;
- **King** (or **Ace**, ``bonus_card=ace``): turned up for the dealer, or marked (laws 22–24);
- **Vulnerable** (law 49): elder who played without proposing, or the dealer who refused the
  first proposal, gives 2 for the point lost;
- **Cards taken** in the exchange (law 27) and the **Stock** left while it goes on;
- **Doubled** (the hand's multiplier), a double or the **Point** offered and its answer;
- **Bets** of the waiting players (French Écarté);
- **Game**: the points of the game in progress and what wins it; the **Rubber** or the
  **Pool**.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hoyle.core.narrate import Fact, Seat, joined, say, say_n
from hoyle.games.ecarte.narrate import SUIT_NAMES, seats_and
from hoyle.games.ecarte.rules import BonusCard

if TYPE_CHECKING:
    from hoyle.games.ecarte.state import EcarteState

__all__ = ["facts"]

_SUITS = dict(zip("CDHS", SUIT_NAMES, strict=True))
_EXCHANGE = ("propose", "answer", "discard", "exchange")


def facts(state: EcarteState, seat: int | None) -> list[Fact]:
    """``seat``'s facts (``None``: a spectator's), from its observation."""
    obs = state._observe(seat)
    phase = obs["phase"]
    out: list[Fact] = []
    pair, waiting = obs["pair"], obs["waiting"]
    if pair is not None and waiting:
        a, b = Seat(pair[0]), Seat(pair[1])
        if len(waiting) == 1:
            text = say("{a} against {b}; {w} {w:waits}", a=a, b=b, w=Seat(waiting[0]))
        else:
            text = say("{a} against {b}; {seats} wait", a=a, b=b, seats=seats_and(waiting))
        out.append(Fact(say("Playing"), text, kind="pair"))
    if phase != "over" and pair is not None:
        out += _hand(state, obs)
    bets = [(s, b) for s, b in enumerate(obs["bets"]) if b is not None]
    if bets:
        # Commas only: Spanish would repeat "por" before the reader after "por Ana y".
        text = joined([say("{s} on {b}", s=Seat(s), b=Seat(b)) for s, b in bets])
        out.append(Fact(say("Bets"), text, kind="bets"))
    out += _match(state, obs)
    return out


def _hand(state: EcarteState, obs: dict[str, Any]) -> list[Fact]:
    rules = state.rules
    phase = obs["phase"]
    out: list[Fact] = []
    turn_up, trump = obs["turn_up"], obs["trump"]
    if trump is not None and turn_up is not None:
        out.append(Fact(say("Trumps"), _SUITS[trump], (turn_up,), kind="trumps"))
    label = say("Ace") if rules.bonus_card is BonusCard.ACE else say("King")
    dealer, elder = obs["dealer"], obs["elder"]
    if obs["king_turned"]:
        text = say("turned up: 1 to {s}", s=Seat(dealer))
        out.append(Fact(label, text, (turn_up,), kind="king"))
    elif obs["king_marked"] is not None:
        text = say("marked by {s}: 1 point", s=Seat(obs["king_marked"]))
        out.append(Fact(label, text, kind="king"))
    if obs["vulnerable"][elder]:
        text = say(
            "{s} played without proposing: if {s} {s:loses} the point, {o} {o:scores} 2",
            s=Seat(elder),
            o=Seat(dealer),
        )
        out.append(Fact(say("Vulnerable"), text, kind="vulnerable"))
    if obs["vulnerable"][dealer]:
        text = say(
            "{s} refused the first proposal: if {s} {s:loses} the point, {o} {o:scores} 2",
            s=Seat(dealer),
            o=Seat(elder),
        )
        out.append(Fact(say("Vulnerable"), text, kind="vulnerable"))
    taken = obs["cards_taken"]
    if any(taken):
        text = say(
            "{e} {e_cards}, {d} {d_cards}",
            e=Seat(elder),
            e_cards=taken[elder],
            d=Seat(dealer),
            d_cards=taken[dealer],
        )
        out.append(Fact(say("Cards taken"), text, kind="exchange"))
    if phase in _EXCHANGE:
        size = obs["stock_size"]
        out.append(Fact(say("Stock"), say_n("{n} card", "{n} cards", size), kind="stock"))
    multiplier = obs["multiplier"]
    if obs["answering"] == "double":
        answerer = state.current_player()
        doubler = state._other(answerer)
        text = say(
            "{s} {s:offers} to double: the hand would count ×{mult}",
            s=Seat(doubler),
            mult=2 * multiplier,
        )
        out.append(Fact(say("Double"), text, kind="double"))
    if multiplier > 1:
        text = say("the hand counts ×{mult}", mult=multiplier)
        out.append(Fact(say("Doubled"), text, kind="multiplier"))
    if obs["answering"] == "offer":
        answerer = state.current_player()
        offerer = state._other(answerer)
        text = say("{s} {s:offers} it to {to}", s=Seat(offerer), to=Seat(answerer))
        out.append(Fact(say("Point"), text, kind="offer"))
    elif obs["point_offered_by"] is not None:
        offerer = obs["point_offered_by"]
        other = state._other(offerer)
        text = say(
            "{s} offered it; {o} refused and must take all five tricks",
            s=Seat(offerer),
            o=Seat(other),
        )
        out.append(Fact(say("Point"), text, kind="offer"))
    return out


def _match(state: EcarteState, obs: dict[str, Any]) -> list[Fact]:
    rules = state.rules
    out: list[Fact] = []
    pair = obs["pair"]
    if rules.deals == 1:
        return [Fact(say("Game"), say("one hand"), kind="game")]
    if pair is not None and obs["phase"] != "over":
        points = obs["game_scores"]
        a, b = pair
        text = say(
            "{a} {a_points}, {b} {b_points}; {target} points win",
            a=Seat(a),
            a_points=points[a],
            b=Seat(b),
            b_points=points[b],
            target=rules.target,
        )
        out.append(Fact(say("Game"), text, kind="game"))
    if rules.pool_wins:
        streak = obs["streak"]
        pool, wins = obs["pool"], rules.pool_wins
        if streak is None:
            text = say(
                "{pool} staked, to the first to win {wins} games running", pool=pool, wins=wins
            )
        else:
            text = say(
                "{pool} staked, to the first to win {wins} games running; {s} {s:has} won {games}",
                pool=pool,
                wins=wins,
                s=Seat(streak["seat"]),
                games=streak["games"],
            )
        out.append(Fact(say("Pool"), text, kind="pool"))
    elif rules.rubber > 1:
        won = obs["games_won"]
        shown = ", ".join(f"{{{s}}} {w}" for s, w in enumerate(won))
        text = say("best of {games} games: {won}", games=rules.rubber, won=shown)
        out.append(Fact(say("Rubber"), text, kind="rubber"))
    return out
