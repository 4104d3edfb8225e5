"""Scoring one hand of Écarté (laws 42, 48, 49; the doubling and offered-point variations).

A hand is won by the player who takes three or more of the five tricks: the point, 1, or the
vole (all five), 2. Law 49 makes the point worth 2 to the dealer when elder played without
proposing, and 2 to elder when the dealer refused the first proposal; the vole stays 2 (RULINGS
E5). A doubled hand scores its points times the multiplier. A double declined ends the hand:
the offerer scores as for the point (2 if the decliner was vulnerable). The point offered and
accepted scores as the accepter's point; refused, the refuser must make the vole, or the offerer
scores 2.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["HandResult", "score_hand"]


@dataclass(frozen=True)
class HandResult:
    """How a hand ended: who scores, how much and why.

    Attributes:
        winner: the seat that scores (-1 for nobody).
        points: what it scores.
        reason: ``point``, ``vole``, ``point (vulnerable)``, ``double declined``,
            ``point accepted``, ``vole missed``.
        tricks: tricks taken by each of the two seats (abandoned tricks credited, law 42).
        multiplier: the doubling multiplier in force.
    """

    winner: int
    points: int
    reason: str
    tricks: dict[int, int]
    multiplier: int = 1

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form, as observations and records show it."""
        return {
            "winner": self.winner,
            "points": self.points,
            "reason": self.reason,
            "tricks": {str(s): t for s, t in self.tricks.items()},
            "multiplier": self.multiplier,
        }


def score_hand(
    *,
    elder: int,
    dealer: int,
    tricks: dict[int, int],
    elder_vulnerable: bool,
    dealer_vulnerable: bool,
    multiplier: int = 1,
    offerer: int = -1,
    conceded_by: int = -1,
    declined_by: int = -1,
    point_to: int = -1,
) -> HandResult:
    """The result of a hand.

    ``tricks`` holds each seat's tricks (with law 42's credit already given for an abandoned
    hand); ``offerer`` is the player whose offer of the point was refused; ``declined_by`` the
    player who declined a double; ``point_to`` the player who accepted the point offered.

    >>> score_hand(elder=0, dealer=1, tricks={0: 3, 1: 2}, elder_vulnerable=False,
    ...            dealer_vulnerable=True).points
    2
    """
    del conceded_by  # the credit is in ``tricks``; scoring is then as for a played hand

    def other(seat: int) -> int:
        return dealer if seat == elder else elder

    def vulnerable(seat: int) -> bool:
        return elder_vulnerable if seat == elder else dealer_vulnerable

    if declined_by >= 0:
        points = 2 if vulnerable(declined_by) else 1
        return HandResult(
            other(declined_by), points * multiplier, "double declined", tricks, multiplier
        )
    if point_to >= 0:
        points = 2 if vulnerable(other(point_to)) else 1
        return HandResult(point_to, points * multiplier, "point accepted", tricks, multiplier)
    winner = elder if tricks[elder] >= 3 else dealer
    if offerer >= 0:
        refuser = other(offerer)
        if tricks[refuser] == 5:
            return HandResult(refuser, 2 * multiplier, "vole", tricks, multiplier)
        return HandResult(offerer, 2 * multiplier, "vole missed", tricks, multiplier)
    if tricks[winner] == 5:
        return HandResult(winner, 2 * multiplier, "vole", tricks, multiplier)
    if vulnerable(other(winner)):
        return HandResult(winner, 2 * multiplier, "point (vulnerable)", tricks, multiplier)
    return HandResult(winner, multiplier, "point", tricks, multiplier)
