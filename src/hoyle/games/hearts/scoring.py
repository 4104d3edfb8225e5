"""Hearts scoring: a deal's points after the moon and bonus rules, the match end, the ranking."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hoyle.games.hearts.rules import HeartsRules, Moon, Tie

if TYPE_CHECKING:
    from hoyle.games.hearts.state import HeartsGame

__all__ = ["deal_scores", "match_over", "ranking"]


def deal_scores(
    game: HeartsGame,
    points: list[int],
    tricks: list[int],
    shooter: int,
    totals: list[int],
    deal_index: int,
    choice: Moon | None,
) -> list[int]:
    """Each seat's score for a finished deal.

    ``points`` are the penalty points taken (bonus cards already counted, negative), ``tricks``
    the tricks each seat took, ``shooter`` the seat that took every penalty card or -1.
    ``choice`` is the shooter's decision under ``moon=choose``.
    """
    rules = game.rules
    if shooter < 0:
        # The no-trick bonus is given only in a deal without a moon (as OpenSpiel scores it).
        bonus = rules.no_tricks_bonus
        return [p - bonus if t == 0 else p for p, t in zip(points, tricks, strict=True)]
    taken, worth = game.penalty_total, game.moon_value
    moon = choice or rules.moon
    if moon is Moon.ADD_UNLESS_LOSING:
        added = _moon_add(points, shooter, taken, worth)
        after = [t + s for t, s in zip(totals, added, strict=True)]
        ends = match_over(rules, after, deal_index + 1)
        moon = Moon.SUBTRACT if ends and min(after) < after[shooter] else Moon.ADD
    if moon is Moon.ADD:
        return _moon_add(points, shooter, taken, worth)
    if moon is Moon.SUBTRACT:
        # The shooter's penalty cards count nothing and the moon's worth comes off; bonus cards
        # keep their value, as they do under ``add``.
        return [p - taken - worth if s == shooter else p for s, p in enumerate(points)]
    if moon is Moon.SLAM:
        # Omnibus: the slam replaces the deal's whole score, bonus card included.
        return [-worth if s == shooter else 0 for s in range(len(points))]
    if moon is Moon.VOID_DEAL:
        return [0] * len(points)
    return list(points)  # Moon.NONE never names a shooter; kept for completeness


def _moon_add(points: list[int], shooter: int, taken: int, worth: int) -> list[int]:
    # The shooter's penalty cards count nothing; everyone else takes the moon's worth.
    return [p - taken if s == shooter else p + worth for s, p in enumerate(points)]


def match_over(rules: HeartsRules, totals: list[int], deals_played: int) -> bool:
    """True when the match ends after ``deals_played`` deals with these totals."""
    if rules.deals:
        done = deals_played >= rules.deals
    else:
        done = max(totals) >= rules.target
    if done and rules.tie is Tie.PLAY_ON and rules.deals != 1:
        low = min(totals)
        return totals.count(low) == 1
    return done


def ranking(totals: list[int]) -> list[float]:
    """Match result: 1 shared among the seats with the lowest total, 0 for the rest."""
    low = min(totals)
    winners = totals.count(low)
    return [1.0 / winners if t == low else 0.0 for t in totals]
