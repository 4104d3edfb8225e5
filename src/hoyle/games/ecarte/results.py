"""A finished Écarté hand in words: the lines of its deal result, from the items its scoring
recorded (:meth:`EcarteState._record_hand`).

Each item is one fact, in the order it happened: the king turned or marked (laws 22–24), the
hand's result (law 48, with law 42's abandon, law 49's vulnerability, a double, the point
offered), a game won (law 46) and the bets on it, a player giving up the seat, the match or
pool won, the session stopped. Each line is a template whose seats are written ``{N}`` (see
:mod:`hoyle.core.narrate`), so every reader sees "you" and names.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from hoyle.core.narrate import pretty
from hoyle.games.ecarte.rules import EcarteRules, GameValues

__all__ = ["lines"]


def _s(seat: int) -> str:
    return f"{{{seat}}}"


def _v(seat: int, verb: str) -> str:
    return f"{{{seat}:{verb}}}"


def _scores(seat: int, points: int) -> str:
    return f"{_s(seat)} {_v(seat, 'scores')} {points}"


def _hand(item: Mapping[str, Any]) -> list[str]:
    """The hand's result: how it ended, and why it scores what it does."""
    elder: int = item["elder"]
    dealer: int = item["dealer"]

    def other(seat: int) -> int:
        return dealer if seat == elder else elder

    winner, points, reason = item["seat"], item["points"], item["reason"]
    tricks = item["tricks"]
    mult = item["multiplier"]
    scored = _scores(winner, points) + (f" (doubled ×{mult})" if mult > 1 else "")
    vulnerable = [s for s, v in enumerate(item["vulnerable"]) if v]
    out: list[str] = []
    conceded = item["conceded_by"]
    if conceded is not None:
        out.append(
            f"{_s(conceded)} {_v(conceded, 'abandons')} the hand: the tricks left go to "
            f"{_s(other(conceded))} (law 42)"
        )
    if reason == "double declined":
        decliner = item["double_declined_by"]
        out.append(f"Double declined by {_s(decliner)}{_why(decliner, item)} — {scored}")
    elif reason == "point accepted":
        offerer = other(winner)
        why = _why(offerer, item) if offerer in vulnerable else ""
        out.append(f"Point offered by {_s(offerer)} and accepted{why} — {scored}")
    elif item["point_offered_by"] is not None:
        offerer = item["point_offered_by"]
        refuser = other(offerer)
        out.append(
            f"Point offered by {_s(offerer)} and refused: {_s(refuser)} {_v(refuser, 'plays')} "
            "for the vole"
        )
        if reason == "vole":
            out.append(f"Vole: all five tricks — {scored}")
        else:
            took = tricks[refuser]
            out.append(
                f"Vole missed: {_s(refuser)} {_v(refuser, 'takes')} {took} of the five — {scored}"
            )
    elif reason == "vole":
        out.append(f"Vole: all five tricks — {scored}")
    else:
        loser = other(winner)
        why = _why(loser, item) if reason == "point (vulnerable)" else ""
        won, lost = tricks[winner], tricks[loser]
        out.append(f"Point: {won} tricks to {lost}{why} — {scored}")
    return out


def _why(seat: int, item: Mapping[str, Any]) -> str:
    """Why ``seat``'s failure counts 2 (law 49), or nothing when it was not vulnerable."""
    if not item["vulnerable"][seat]:
        return ""
    if seat == item["elder"]:
        return f", {_s(seat)} having played without proposing (law 49: 2)"
    return f", {_s(seat)} having refused the first proposal (law 49: 2)"


def lines(items: Iterable[Mapping[str, Any]], rules: EcarteRules) -> list[str]:
    """The templates of one hand's result, item by item."""
    out: list[str] = []
    for item in items:
        kind = item["kind"]
        if kind == "king_turned":
            out.append(f"King turned: {pretty(item['card'])} — {_scores(item['seat'], 1)}")
        elif kind == "king_marked":
            out.append(f"King marked: {pretty(item['card'])} — {_scores(item['seat'], 1)}")
        elif kind == "hand":
            out += _hand(item)
        elif kind == "game":
            out.append(_game(item, rules))
        elif kind == "bet":
            seat, amount = item["seat"], item["amount"]
            result = (
                f"{_v(seat, 'wins')} {amount}" if amount > 0 else f"{_v(seat, 'loses')} {-amount}"
            )
            out.append(f"Bet: {_s(seat)} backed {_s(item['backed'])} — {_s(seat)} {result}")
        elif kind == "swap":
            out.append(f"{_s(item['seat'])} {_v(item['seat'], 'takes')} {_s(item['out'])}'s seat")
        elif kind == "stopped":
            hands = item["hands"]
            why = f"deals={hands}" if item["by"] == "deals" else f"deal_limit={hands}"
            out.append(f"The session stops after {hands} hand{'s' if hands != 1 else ''} ({why})")
        elif kind == "match":
            out += _match(item, rules)
    return out


def _game(item: Mapping[str, Any], rules: EcarteRules) -> str:
    winner = item["winner"]
    won, lost = item["points"]
    text = f"Game {item['game']}: {won} to {lost} — {_s(winner)} {_v(winner, 'wins')}"
    if item.get("stopped"):
        text += ", ahead when the session stopped"
    if rules.game_values is GameValues.TREBLE_DOUBLE_SINGLE:
        text += f", worth {item['value']} (law 46)"
    return text


def _match(item: Mapping[str, Any], rules: EcarteRules) -> list[str]:
    winners = item["winners"]
    games = item["games_won"]
    if "pool" in item:
        (winner,) = winners
        return [
            f"Pool: {_s(winner)} {_v(winner, 'wins')} {item['streak']} games running and "
            f"{_v(winner, 'takes')} the pool of {item['pool']}"
        ]
    if len(winners) > 1:
        who = " and ".join(_s(w) for w in winners)
        return [f"Level: {who} share the match"]
    (winner,) = winners
    if rules.rubber > 1 or rules.bets:
        others = max((g for s, g in enumerate(games) if s != winner), default=0)
        return [f"Match: {_s(winner)} {_v(winner, 'wins')}, {games[winner]} games to {others}"]
    return []
