"""What a deal of Spite and Malice scores, and how its result is told.

Only the player who empties the goal pile (both piles, in Misery) scores: 5, plus 1 for each
card left in every opponent's goal piles. A blocked deal (no stock can be made, or every
player passed in turn) scores, by the seed's rule, for the player closest to going out: the
difference between each opponent's goal cards and theirs (RULINGS S7 sums the differences with
more than two); a tie for fewest scores nothing (RULINGS 3.0). ``stalemate=draw`` scores
nothing at all.
"""

from __future__ import annotations

from typing import Any

from hoyle.core.narrate import DealResult, Phrase, Seat, say, seats_text
from hoyle.games.spite_malice.rules import SpiteMaliceRules, Stalemate

__all__ = [
    "BLOCKED_LIMIT",
    "BLOCKED_PASSES",
    "BLOCKED_STOCK",
    "BLOCKED_TURNS",
    "GOING_OUT",
    "deal_points",
    "deal_result",
]

GOING_OUT = 5
"""Points for emptying the goal pile (the seed, 'Tanteo')."""

BLOCKED_STOCK = "stock"
"""A draw was due and neither the stock nor the completed heap could supply it (the seed)."""
BLOCKED_PASSES = "passes"
"""Every player passed in turn (``may_pass``)."""
BLOCKED_TURNS = "turn_limit"
"""The deal reached ``turn_limit`` turns."""
BLOCKED_LIMIT = "action_limit"
"""The deal reached its safety cap of actions (see ``SpiteMaliceGame.deal_cap``)."""

_WHY = {
    BLOCKED_STOCK: say("the stock is empty and no new stock can be made"),
    BLOCKED_PASSES: say("every player passed in turn"),
    BLOCKED_TURNS: say("it reached the turn limit"),
    BLOCKED_LIMIT: say("it reached the safety limit on its length"),
}


def deal_points(rules: SpiteMaliceRules, goal_cards: list[int], winner: int | None) -> list[int]:
    """Each seat's points for a deal that ``winner`` won (``None``: the deal was blocked),
    from the cards left in each seat's goal piles.

    >>> from hoyle.games.spite_malice.rules import SpiteMaliceRules
    >>> deal_points(SpiteMaliceRules(), [0, 7], 0)
    [12, 0]
    >>> deal_points(SpiteMaliceRules(players=3), [4, 9, 6], None)
    [7, 0, 0]
    >>> deal_points(SpiteMaliceRules(players=3), [4, 4, 9], None)  # a tie for fewest
    [0, 0, 0]
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


def deal_result(
    rules: SpiteMaliceRules, deal: int, goal_cards: list[int], winner: int | None, blocked: str
) -> DealResult:
    """The :class:`DealResult` of a deal: its points (:func:`deal_points`) and the lines that
    say how they were scored — who went out, or why the deal was blocked; each seat's goal
    cards left; the going-out bonus, or the blocked deal's differences."""
    points = deal_points(rules, goal_cards, winner)
    n = len(goal_cards)
    counts = ", ".join(f"{{{s}}} {c}" for s, c in enumerate(goal_cards))
    left = say("Goal cards left: {counts}.", counts=counts)
    lines: list[Phrase] = []
    items: list[dict[str, Any]] = []
    if winner is not None:
        w = Seat(winner)
        others = sum(c for s, c in enumerate(goal_cards) if s != w)
        out = (
            say("{s} {s:empties} the goal piles and {s:goes} out.", s=w)
            if rules.goal_piles > 1
            else say("{s} {s:empties} the goal pile and {s:goes} out.", s=w)
        )
        lines += [
            out,
            left,
            say("Going out: {points} — {s}", points=GOING_OUT, s=w),
            say("The others' goal cards: {cards} — {s}", cards=others, s=w),
            say("{s} {s:scores} {points}.", s=w, points=points[w]),
        ]
        items += [
            {"kind": "out", "seat": winner, "points": GOING_OUT},
            {"kind": "goal_cards", "left": list(goal_cards)},
            {"kind": "others_goal_cards", "seat": winner, "cards": others, "points": others},
        ]
        return DealResult(deal, tuple(float(p) for p in points), tuple(lines), tuple(items))
    lines += [say("The deal is blocked: {why}.", why=_WHY.get(blocked, blocked)), left]
    items += [
        {"kind": "blocked", "reason": blocked},
        {"kind": "goal_cards", "left": list(goal_cards)},
    ]
    fewest = min(goal_cards)
    closest = [s for s in range(n) if goal_cards[s] == fewest]
    if rules.stalemate is Stalemate.DRAW:
        lines.append(say("A blocked deal is a draw: nobody scores."))
        items.append({"kind": "draw", "points": 0})
    elif len(closest) > 1:
        lines.append(
            say(
                "Fewest goal cards: {seats} tie with {cards}: nobody scores.",
                seats=seats_text(closest),
                cards=fewest,
            )
        )
        items.append({"kind": "tie", "seats": closest, "cards": fewest, "points": 0})
    else:
        c = closest[0]
        gaps = [goal_cards[s] - fewest for s in range(n) if s != c]
        sums = " + ".join(str(gap) for gap in gaps)
        said = sums if len(gaps) == 1 else f"{sums} = {points[c]}"
        lines += [
            say(
                "Fewest goal cards: {s} with {cards}; the difference to the others: {sums}.",
                s=Seat(c),
                cards=fewest,
                sums=said,
            ),
            say("{s} {s:scores} {points}.", s=Seat(c), points=points[c]),
        ]
        items.append({"kind": "fewest", "seat": c, "cards": fewest, "points": points[c]})
    return DealResult(deal, tuple(float(p) for p in points), tuple(lines), tuple(items))
