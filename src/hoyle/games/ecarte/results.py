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

from hoyle.core.narrate import Phrase, Seat, pretty, say, say_n
from hoyle.games.ecarte.narrate import seats_and
from hoyle.games.ecarte.rules import EcarteRules, GameValues

__all__ = ["lines"]


def _scores(seat: int, points: int) -> Phrase:
    return say("{s} {s:scores} {points}", s=Seat(seat), points=points)


def _hand(item: Mapping[str, Any]) -> list[Phrase]:
    """The hand's result: how it ended, and why it scores what it does."""
    elder: int = item["elder"]
    dealer: int = item["dealer"]

    def other(seat: int) -> int:
        return dealer if seat == elder else elder

    winner, points, reason = item["seat"], item["points"], item["reason"]
    tricks = item["tricks"]
    mult = item["multiplier"]
    scored = (
        say("{s} {s:scores} {points} (doubled ×{mult})", s=Seat(winner), points=points, mult=mult)
        if mult > 1
        else _scores(winner, points)
    )
    vulnerable = [s for s, v in enumerate(item["vulnerable"]) if v]
    out: list[Phrase] = []
    conceded = item["conceded_by"]
    if conceded is not None:
        out.append(
            say(
                "{s} {s:abandons} the hand: the tricks left go to {other} (law 42)",
                s=Seat(conceded),
                other=Seat(other(conceded)),
            )
        )
    if reason == "double declined":
        decliner = item["double_declined_by"]
        out.append(
            say(
                "Double declined by {s}{why} — {scored}",
                s=Seat(decliner),
                why=_why(decliner, item),
                scored=scored,
            )
        )
    elif reason == "point accepted":
        offerer = other(winner)
        why = _why(offerer, item) if offerer in vulnerable else ""
        out.append(
            say(
                "Point offered by {s} and accepted{why} — {scored}",
                s=Seat(offerer),
                why=why,
                scored=scored,
            )
        )
    elif item["point_offered_by"] is not None:
        offerer = item["point_offered_by"]
        refuser = other(offerer)
        out.append(
            say(
                "Point offered by {s} and refused: {r} {r:plays} for the vole",
                s=Seat(offerer),
                r=Seat(refuser),
            )
        )
        if reason == "vole":
            out.append(say("Vole: all five tricks — {scored}", scored=scored))
        else:
            out.append(
                say(
                    "Vole missed: {r} {r:takes} {took} of the five — {scored}",
                    r=Seat(refuser),
                    took=tricks[refuser],
                    scored=scored,
                )
            )
    elif reason == "vole":
        out.append(say("Vole: all five tricks — {scored}", scored=scored))
    else:
        loser = other(winner)
        why = _why(loser, item) if reason == "point (vulnerable)" else ""
        out.append(
            say(
                "Point: {won} tricks to {lost}{why} — {scored}",
                won=tricks[winner],
                lost=tricks[loser],
                why=why,
                scored=scored,
            )
        )
    return out


def _why(seat: int, item: Mapping[str, Any]) -> str:
    """Why ``seat``'s failure counts 2 (law 49), or nothing when it was not vulnerable."""
    if not item["vulnerable"][seat]:
        return ""
    if seat == item["elder"]:
        return say(", {s} having played without proposing (law 49: 2)", s=Seat(seat))
    return say(", {s} having refused the first proposal (law 49: 2)", s=Seat(seat))


def lines(items: Iterable[Mapping[str, Any]], rules: EcarteRules) -> list[str]:
    """The templates of one hand's result, item by item."""
    out: list[str] = []
    for item in items:
        kind = item["kind"]
        if kind == "king_turned":
            card, scored = pretty(item["card"]), _scores(item["seat"], 1)
            out.append(say("King turned: {card} — {scored}", card=card, scored=scored))
        elif kind == "king_marked":
            card, scored = pretty(item["card"]), _scores(item["seat"], 1)
            out.append(say("King marked: {card} — {scored}", card=card, scored=scored))
        elif kind == "hand":
            out += _hand(item)
        elif kind == "game":
            out.append(_game(item, rules))
        elif kind == "bet":
            seat, backed, amount = Seat(item["seat"]), Seat(item["backed"]), item["amount"]
            if amount > 0:
                text = say(
                    "Bet: {s} backed {b} — {s} {s:wins} {amount}", s=seat, b=backed, amount=amount
                )
            else:
                text = say(
                    "Bet: {s} backed {b} — {s} {s:loses} {amount}", s=seat, b=backed, amount=-amount
                )
            out.append(text)
        elif kind == "swap":
            out.append(
                say("{s} {s:takes} {out's} seat", s=Seat(item["seat"]), out=Seat(item["out"]))
            )
        elif kind == "stopped":
            hands = item["hands"]
            why = f"deals={hands}" if item["by"] == "deals" else f"deal_limit={hands}"
            out.append(
                say_n(
                    "The session stops after {n} hand ({why})",
                    "The session stops after {n} hands ({why})",
                    hands,
                    why=why,
                )
            )
        elif kind == "match":
            out += _match(item, rules)
    return out


def _game(item: Mapping[str, Any], rules: EcarteRules) -> Phrase:
    winner = item["winner"]
    won, lost = item["points"]
    stopped = say(", ahead when the session stopped") if item.get("stopped") else ""
    worth = (
        say(", worth {value} (law 46)", value=item["value"])
        if rules.game_values is GameValues.TREBLE_DOUBLE_SINGLE
        else ""
    )
    return say(
        "Game {game}: {won} to {lost} — {s} {s:wins}{stopped}{worth}",
        game=item["game"],
        won=won,
        lost=lost,
        s=Seat(winner),
        stopped=stopped,
        worth=worth,
    )


def _match(item: Mapping[str, Any], rules: EcarteRules) -> list[Phrase]:
    winners = item["winners"]
    games = item["games_won"]
    if "pool" in item:
        (winner,) = winners
        return [
            say(
                "Pool: {s} {s:wins} {streak} games running and {s:takes} the pool of {pool}",
                s=Seat(winner),
                streak=item["streak"],
                pool=item["pool"],
            )
        ]
    if len(winners) > 1:
        return [say("Level: {seats} share the match", seats=seats_and(winners))]
    (winner,) = winners
    if rules.rubber > 1 or rules.bets:
        others = max((g for s, g in enumerate(games) if s != winner), default=0)
        return [
            say(
                "Match: {s} {s:wins}, {won} games to {others}",
                s=Seat(winner),
                won=games[winner],
                others=others,
            )
        ]
    return []
