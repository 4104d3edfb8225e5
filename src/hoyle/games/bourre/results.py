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

from hoyle.core.narrate import Phrase, Seat, say, say_n, seats_text

__all__ = ["lines"]


def _chips(count: int) -> Phrase:
    return say_n("{n} chip", "{n} chips", count)


def _antes(item: Mapping[str, Any]) -> list[str]:
    antes, debts, stakes = item["antes"], item["debts"], item["stakes"]
    out: list[str] = []
    skipped = [s for s, a in enumerate(antes) if not a]
    total = _chips(sum(antes))
    if skipped:
        out.append(
            say(
                "Antes: {chips}, {seats} skipping (bourré or tied last deal)",
                chips=total,
                seats=seats_text(skipped),
            )
        )
    else:
        out.append(say("Antes: {chips}", chips=total))
    for seat, debt in enumerate(debts):
        if debt:
            out.append(
                say(
                    "{s} {s:pays} the {chips} owed for going bourré",
                    s=Seat(seat),
                    chips=_chips(debt),
                )
            )
    players = [s for s, x in enumerate(stakes) if x]
    if players:
        out.append(
            say("Chips to play: {n}, from {seats}", n=sum(stakes), seats=seats_text(players))
        )
    return out


def lines(items: Iterable[Mapping[str, Any]]) -> list[str]:
    """The templates of one deal's result, item by item."""
    out: list[str] = []
    for item in items:
        kind = item["kind"]
        if kind == "antes":
            out += _antes(item)
        elif kind == "pot":
            seat, took, pot = Seat(item["seat"]), item["took"], item["pot"]
            share: str = _chips(took)
            if took != pot:
                share = say("{took} of the {chips} (the limit)", took=took, chips=_chips(pot))
            if item["alone"]:
                out.append(
                    say(
                        "Pot: {s} alone {s:plays} and {s:takes} {share} unplayed",
                        s=seat,
                        share=share,
                    )
                )
            else:
                tricks = item["tricks"][seat]
                out.append(
                    say_n(
                        "Pot: {s} {s:takes} {share} with {n} trick",
                        "Pot: {s} {s:takes} {share} with {n} tricks",
                        tricks,
                        s=seat,
                        share=share,
                    )
                )
        elif kind == "tie":
            pot = _chips(item["pot"])
            if not item["seats"]:
                out.append(say("Nobody plays: the pot of {pot} stays for the next deal", pot=pot))
            else:
                out.append(
                    say_n(
                        "Tie: {seats} with {n} tricks each — the pot of {pot} stays for the next "
                        "deal",
                        "Tie: {seats} with {n} tricks each — the pot of {pot} stays for the next "
                        "deal",
                        item["most"],
                        seats=seats_text(item["seats"]),
                        pot=pot,
                    )
                )
        elif kind == "bourre":
            out.append(
                say(
                    "Bourré: {s} {s:takes} no trick and {s:owes} {chips} to the next pot",
                    s=Seat(item["seat"]),
                    chips=_chips(item["owes"]),
                )
            )
        elif kind == "paid":
            out.append(
                say(
                    "End of the session: {s} {s:pays} the {chips} owed",
                    s=Seat(item["seat"]),
                    chips=_chips(item["amount"]),
                )
            )
    return out
