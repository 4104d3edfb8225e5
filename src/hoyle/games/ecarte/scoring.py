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

from dataclasses import dataclass, field
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
        vulnerable: the seats that were vulnerable (law 49).
        offerer: the player whose offer of the point was refused (-1: none).
        conceded_by: the player who abandoned the hand (-1: none).
        declined_by: the player who declined a double (-1: none).
        point_to: the player who accepted the point offered (-1: none).
        elder, dealer: the two players of the hand.
    """

    winner: int
    points: int
    reason: str
    tricks: dict[int, int]
    multiplier: int = 1
    vulnerable: tuple[int, ...] = field(default=())
    offerer: int = -1
    conceded_by: int = -1
    declined_by: int = -1
    point_to: int = -1
    elder: int = 0
    dealer: int = 1

    def item(self, players: int) -> dict[str, Any]:
        """The hand's item in its deal result: per-seat data as lists by seat, ``None`` for
        what did not happen."""

        def seat(value: int) -> int | None:
            return None if value < 0 else value

        return {
            "kind": "hand",
            "elder": self.elder,
            "dealer": self.dealer,
            "seat": self.winner,
            "points": self.points,
            "reason": self.reason,
            "tricks": [self.tricks.get(s, 0) for s in range(players)],
            "multiplier": self.multiplier,
            "vulnerable": [s in self.vulnerable for s in range(players)],
            "point_offered_by": seat(self.offerer),
            "conceded_by": seat(self.conceded_by),
            "double_declined_by": seat(self.declined_by),
            "point_accepted_by": seat(self.point_to),
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
    # An abandoned hand's credit is in ``tricks``; it is then scored as a played hand.

    def other(seat: int) -> int:
        return dealer if seat == elder else elder

    def vulnerable(seat: int) -> bool:
        return elder_vulnerable if seat == elder else dealer_vulnerable

    vulnerable_seats = tuple(s for s in (elder, dealer) if vulnerable(s))

    def result(winner: int, points: int, reason: str) -> HandResult:
        return HandResult(
            winner,
            points,
            reason,
            tricks,
            multiplier,
            vulnerable_seats,
            offerer,
            conceded_by,
            declined_by,
            point_to,
            elder,
            dealer,
        )

    if declined_by >= 0:
        points = 2 if vulnerable(declined_by) else 1
        return result(other(declined_by), points * multiplier, "double declined")
    if point_to >= 0:
        points = 2 if vulnerable(other(point_to)) else 1
        return result(point_to, points * multiplier, "point accepted")
    winner = elder if tricks[elder] >= 3 else dealer
    if offerer >= 0:
        refuser = other(offerer)
        if tricks[refuser] == 5:
            return result(refuser, 2 * multiplier, "vole")
        return result(offerer, 2 * multiplier, "vole missed")
    if tricks[winner] == 5:
        return result(winner, 2 * multiplier, "vole")
    if vulnerable(other(winner)):
        return result(winner, 2 * multiplier, "point (vulnerable)")
    return result(winner, multiplier, "point")
