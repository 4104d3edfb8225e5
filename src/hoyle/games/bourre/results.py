"""A finished Bourré deal in words: the lines of its deal result, from the items its settling
recorded (:meth:`BourreState._settle`).

The items, in order: the antes (and the debts of last deal's bourré players, and the chips paid
to play), who took the pot and with how many tricks (a lone player unplayed), or the tie that
leaves it, each player who went bourré and what it owes the next pot, and, at the end of the
session, the debts paid. Each line is a template whose seats are ``{N}`` (see
:mod:`hoyle.core.narrate`), so every reader sees "you" and names.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

__all__ = ["lines"]


def _s(seat: int) -> str:
    return f"{{{seat}}}"


def _v(seat: int, verb: str) -> str:
    return f"{{{seat}:{verb}}}"


def _chips(count: int) -> str:
    return f"{count} chip{'s' if count != 1 else ''}"


def _seats(seats: list[int]) -> str:
    names = [_s(s) for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _antes(item: Mapping[str, Any]) -> list[str]:
    antes, debts, stakes = item["antes"], item["debts"], item["stakes"]
    out = []
    skipped = [s for s, a in enumerate(antes) if not a]
    text = f"Antes: {_chips(sum(antes))}"
    if skipped:
        text += f", {_seats(skipped)} skipping (bourré or tied last deal)"
    out.append(text)
    for seat, debt in enumerate(debts):
        if debt:
            out.append(f"{_s(seat)} {_v(seat, 'pays')} the {_chips(debt)} owed for going bourré")
    players = [s for s, x in enumerate(stakes) if x]
    if players:
        out.append(f"Chips to play: {sum(stakes)}, from {_seats(players)}")
    return out


def lines(items: Iterable[Mapping[str, Any]]) -> list[str]:
    """The templates of one deal's result, item by item."""
    out: list[str] = []
    for item in items:
        kind = item["kind"]
        if kind == "antes":
            out += _antes(item)
        elif kind == "pot":
            seat, took, pot = item["seat"], item["took"], item["pot"]
            share = _chips(took) if took == pot else f"{took} of the {_chips(pot)} (the limit)"
            if item["alone"]:
                out.append(
                    f"Pot: {_s(seat)} alone {_v(seat, 'plays')} and {_v(seat, 'takes')} {share} "
                    "unplayed"
                )
            else:
                tricks = item["tricks"][seat]
                out.append(
                    f"Pot: {_s(seat)} {_v(seat, 'takes')} {share} with {tricks} "
                    f"trick{'s' if tricks != 1 else ''}"
                )
        elif kind == "tie":
            pot = _chips(item["pot"])
            if not item["seats"]:
                out.append(f"Nobody plays: the pot of {pot} stays for the next deal")
            else:
                out.append(
                    f"Tie: {_seats(item['seats'])} with {item['most']} tricks each — the pot "
                    f"of {pot} stays for the next deal"
                )
        elif kind == "bourre":
            seat = item["seat"]
            out.append(
                f"Bourré: {_s(seat)} {_v(seat, 'takes')} no trick and {_v(seat, 'owes')} "
                f"{_chips(item['owes'])} to the next pot"
            )
        elif kind == "paid":
            seat = item["seat"]
            out.append(
                f"End of the session: {_s(seat)} {_v(seat, 'pays')} the "
                f"{_chips(item['amount'])} owed"
            )
    return out
