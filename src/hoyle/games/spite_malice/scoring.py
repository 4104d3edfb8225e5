"""What a deal of Spite and Malice scores.

Only the player who empties the goal pile (both piles, in Misery) scores: 5, plus 1 for each
card left in every opponent's goal piles. A blocked deal (no stock can be made, or every
player passed in turn) scores, by the seed's rule, for the player closest to going out: the
difference between each opponent's goal cards and theirs (RULINGS S7 sums the differences with
more than two); a tie for fewest scores nothing. ``stalemate=draw`` scores nothing at all.
"""

from __future__ import annotations

from hoyle.games.spite_malice.rules import SpiteMaliceRules, Stalemate

__all__ = ["GOING_OUT", "deal_points"]

GOING_OUT = 5
"""Points for emptying the goal pile (the seed, 'Tanteo')."""


def deal_points(rules: SpiteMaliceRules, goal_cards: list[int], winner: int | None) -> list[int]:
    """Each seat's points for a deal that ``winner`` won (``None``: the deal was blocked),
    from the cards left in each seat's goal piles.

    >>> from hoyle.games.spite_malice.rules import SpiteMaliceRules
    >>> deal_points(SpiteMaliceRules(), [0, 7], 0)
    [12, 0]
    >>> deal_points(SpiteMaliceRules(players=3), [4, 9, 6], None)
    [7, 0, 0]
    """
    n = len(goal_cards)
    points = [0] * n
    if winner is not None:
        points[winner] = GOING_OUT + sum(c for s, c in enumerate(goal_cards) if s != winner)
        return points
    if rules.stalemate is Stalemate.DRAW:
        return points
    fewest = min(goal_cards)
    if goal_cards.count(fewest) > 1:
        return points
    closest = goal_cards.index(fewest)
    points[closest] = sum(c - fewest for c in goal_cards)
    return points
