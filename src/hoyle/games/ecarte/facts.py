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

from hoyle.core.narrate import Fact
from hoyle.games.ecarte.rules import BonusCard

if TYPE_CHECKING:
    from hoyle.games.ecarte.state import EcarteState

__all__ = ["facts"]

_SUITS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
_EXCHANGE = ("propose", "answer", "discard", "exchange")


def _s(seat: int) -> str:
    return f"{{{seat}}}"


def facts(state: EcarteState, seat: int | None) -> list[Fact]:
    """``seat``'s facts (``None``: a spectator's), from its observation."""
    obs = state._observe(seat)
    phase = obs["phase"]
    out: list[Fact] = []
    pair, waiting = obs["pair"], obs["waiting"]
    if pair is not None and waiting:
        text = f"{_s(pair[0])} against {_s(pair[1])}; " + " and ".join(_s(w) for w in waiting)
        text += f" {{{waiting[0]}:waits}}" if len(waiting) == 1 else " wait"
        out.append(Fact("Playing", text, kind="pair"))
    if phase != "over" and pair is not None:
        out += _hand(state, obs)
    bets = [(s, b) for s, b in enumerate(obs["bets"]) if b is not None]
    if bets:
        text = ", ".join(f"{_s(s)} on {_s(b)}" for s, b in bets)
        out.append(Fact("Bets", text, kind="bets"))
    out += _match(state, obs)
    return out


def _hand(state: EcarteState, obs: dict[str, Any]) -> list[Fact]:
    rules = state.rules
    phase = obs["phase"]
    out: list[Fact] = []
    turn_up, trump = obs["turn_up"], obs["trump"]
    if trump is not None and turn_up is not None:
        out.append(Fact("Trumps", _SUITS[trump], (turn_up,), kind="trumps"))
    label = "Ace" if rules.bonus_card is BonusCard.ACE else "King"
    dealer, elder = obs["dealer"], obs["elder"]
    if obs["king_turned"]:
        out.append(Fact(label, f"turned up: 1 to {_s(dealer)}", (turn_up,), kind="king"))
    elif obs["king_marked"] is not None:
        out.append(Fact(label, f"marked by {_s(obs['king_marked'])}: 1 point", kind="king"))
    for who, other, why in (
        (elder, dealer, "played without proposing"),
        (dealer, elder, "refused the first proposal"),
    ):
        if obs["vulnerable"][who]:
            text = (
                f"{_s(who)} {why}: if {_s(who)} {{{who}:loses}} the point, {_s(other)} "
                f"{{{other}:scores}} 2"
            )
            out.append(Fact("Vulnerable", text, kind="vulnerable"))
    taken = obs["cards_taken"]
    if any(taken):
        text = f"{_s(elder)} {taken[elder]}, {_s(dealer)} {taken[dealer]}"
        out.append(Fact("Cards taken", text, kind="exchange"))
    if phase in _EXCHANGE:
        size = obs["stock_size"]
        out.append(Fact("Stock", f"{size} card" + ("" if size == 1 else "s"), kind="stock"))
    multiplier = obs["multiplier"]
    if obs["answering"] == "double":
        answerer = state.current_player()
        doubler = state._other(answerer)
        text = (
            f"{_s(doubler)} {{{doubler}:offers}} to double: the hand would count ×{2 * multiplier}"
        )
        out.append(Fact("Double", text, kind="double"))
    if multiplier > 1:
        out.append(Fact("Doubled", f"the hand counts ×{multiplier}", kind="multiplier"))
    if obs["answering"] == "offer":
        answerer = state.current_player()
        offerer = state._other(answerer)
        text = f"{_s(offerer)} {{{offerer}:offers}} it to {_s(answerer)}"
        out.append(Fact("Point", text, kind="offer"))
    elif obs["point_offered_by"] is not None:
        offerer = obs["point_offered_by"]
        other = state._other(offerer)
        text = f"{_s(offerer)} offered it; {_s(other)} refused and must take all five tricks"
        out.append(Fact("Point", text, kind="offer"))
    return out


def _match(state: EcarteState, obs: dict[str, Any]) -> list[Fact]:
    rules = state.rules
    out: list[Fact] = []
    pair = obs["pair"]
    if rules.deals == 1:
        return [Fact("Game", "one hand", kind="game")]
    if pair is not None and obs["phase"] != "over":
        points = obs["game_scores"]
        a, b = pair
        text = f"{_s(a)} {points[a]}, {_s(b)} {points[b]}; {rules.target} points win"
        out.append(Fact("Game", text, kind="game"))
    if rules.pool_wins:
        streak = obs["streak"]
        text = f"{obs['pool']} staked, to the first to win {rules.pool_wins} games running"
        if streak is not None:
            who, games = streak["seat"], streak["games"]
            text += f"; {_s(who)} {{{who}:has}} won {games}"
        out.append(Fact("Pool", text, kind="pool"))
    elif rules.rubber > 1:
        won = obs["games_won"]
        shown = ", ".join(f"{_s(s)} {w}" for s, w in enumerate(won))
        text = f"best of {rules.rubber} games: {shown}"
        out.append(Fact("Rubber", text, kind="rubber"))
    return out
