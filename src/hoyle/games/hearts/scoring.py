"""Hearts scoring: a deal's points after the moon and bonus rules, the match end, the ranking."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hoyle.games.hearts.rules import HeartsRules, Moon, Partnership, Tie

if TYPE_CHECKING:
    from hoyle.games.hearts.state import HeartsGame

__all__ = [
    "chip_loss_bound",
    "chip_settlement",
    "deal_score_bounds",
    "deal_scores",
    "diamond_queen",
    "generale_scores",
    "match_over",
    "queen_scores",
    "ranking",
    "side_totals",
    "sides",
    "slam_bid_scores",
]


def deal_scores(
    game: HeartsGame,
    points: list[int],
    positive: list[int],
    tricks: list[int],
    shooters: tuple[int, ...],
    totals: list[int],
    deal_index: int,
    choice: Moon | None,
    detail: dict[str, Any] | None = None,
) -> list[int]:
    """Each seat's score for a finished deal.

    ``points`` are the points taken (bonus cards already counted, negative), ``positive``
    the penalty points alone, ``tricks`` the tricks each seat took, ``shooters`` the seat (or
    partnership) that took every penalty card, if any. ``choice`` is the shooter's decision
    under ``moon=choose``. ``detail``, when given, receives the moon rule applied (``moon``)
    and the moon's worth (``worth``).
    """
    rules = game.rules
    if not shooters:
        # The no-trick bonus is given only in a deal without a moon (as OpenSpiel scores it).
        bonus = rules.no_tricks_bonus
        return [p - bonus if t == 0 else p for p, t in zip(points, tricks, strict=True)]
    # Each other player takes the moon's worth: with partnerships the other team scores 52.
    # A worth of 0 means the shooter's own score (Royal Hearts, queen effects included).
    worth = game.moon_value or points[shooters[0]]
    moon = choice or rules.moon
    if moon is Moon.ADD_UNLESS_LOSING:
        added = _moon_add(points, positive, shooters, worth)
        after = [t + s for t, s in zip(totals, added, strict=True)]
        ends = match_over(rules, after, deal_index + 1)
        moon = Moon.SUBTRACT if ends and not ranking(rules, after)[shooters[0]] else Moon.ADD
    if detail is not None:
        detail["moon"] = moon
        detail["worth"] = worth
    if moon is Moon.ADD:
        return _moon_add(points, positive, shooters, worth)
    if moon is Moon.SUBTRACT:
        # The shooter's penalty cards count nothing and the moon's worth comes off; bonus cards
        # keep their value, as they do under ``add``.
        return [p - positive[s] - worth if s in shooters else p for s, p in enumerate(points)]
    if moon is Moon.SLAM:
        # Omnibus: the slam replaces the deal's whole score, bonus card included.
        return [-worth if s in shooters else 0 for s in range(len(points))]
    if moon is Moon.VOID_DEAL:
        return [0] * len(points)
    return list(points)  # Moon.NONE never names a shooter; kept for completeness


def _moon_add(
    points: list[int], positive: list[int], shooters: tuple[int, ...], worth: int
) -> list[int]:
    # The shooters' penalty cards count nothing; everyone else takes the moon's worth.
    return [p - positive[s] if s in shooters else p + worth for s, p in enumerate(points)]


def deal_score_bounds(game: HeartsGame) -> tuple[int, int]:
    """(lowest, highest) score any seat can make in one deal of a points game, every rule in
    force counted: the bonus cards, the Q♥'s doubling and the Q♣'s cancelling, the no-tricks
    bonus, the moon (added to the others, taken off the shooter, a slam), a Générale, a slam
    bid made or failed and the Q♦'s cut of the running total."""
    rules = game.rules
    values = [v * rules.packs for v in game.values]
    high = sum(v for v in values if v > 0)  # every penalty card, both packs
    low = sum(v for v in values if v < 0)  # every bonus card
    if rules.heart_queen_doubles:
        high += sum(v for v in values[26:39] if v > 0)
    if rules.club_queen_cancels:
        low -= max(0, values[_QS])
    worth = game.moon_value or high  # 0: the shooter's own score, queen effects included
    if rules.moon in (Moon.ADD, Moon.CHOOSE, Moon.ADD_UNLESS_LOSING):
        high = max(high, worth)  # the others score the moon's worth
    if rules.moon in (Moon.SUBTRACT, Moon.CHOOSE, Moon.ADD_UNLESS_LOSING, Moon.SLAM):
        low -= worth  # the shooter takes it off
    low -= rules.no_tricks_bonus
    if rules.slam_bid:
        # Failed: each of the pair scores the pair's total plus the bid; made: −(full + bid).
        high = 2 * high + rules.slam_bid
        low = min(2 * low, -(game.penalty_total + rules.slam_bid))
    low -= rules.diamond_queen
    return low, high


def chip_loss_bound(game: HeartsGame) -> int:
    """The most chips one seat can lose in one deal of a chip game: every penalty chip of the
    deal (the hearts, or the suit an auction named: 13 chips at most), its bid, and a revoke
    fine to every opponent in every trick."""
    rules = game.rules
    full = max(game.penalty_total, 13 if rules.auction else 0)
    bid = game.top_bid if rules.auction else 0
    return full + bid + rules.revoke_penalty * (game.n - 1) * game.hand_size


def chip_settlement(
    game: HeartsGame, taken: list[int], table: int, full: int | None = None
) -> tuple[list[int], int]:
    """The 1887 settlement of a deal: (chips each seat wins or pays, chips left on the table).

    ``taken`` is what each seat took (hearts, or their values in the Eagle games). A seat that
    took them all pays the full amount, an equal share to each opponent and the rest to the
    table. Otherwise every seat above the lowest pays what it took; that and the table go to
    the lowest, shared equally, and what does not divide stays on the table.
    """
    n = len(taken)
    full = game.penalty_total if full is None else full  # an auction's suit may differ
    for seat, value in enumerate(taken):
        if value == full:
            share = full // (n - 1)
            paid = [-full if s == seat else share for s in range(n)]
            return paid, table + full - share * (n - 1)
    low = min(taken)
    winners = [s for s in range(n) if taken[s] == low]
    pot = table + sum(value for value in taken if value != low)
    each, rest = divmod(pot, len(winners))
    return [each if taken[s] == low else -taken[s] for s in range(n)], rest


def generale_scores(game: HeartsGame, declarer: int, taken: list[int]) -> list[int]:
    """Chasse au cœur: an announced Générale made gives every opponent the deal's full
    penalty; failed, the declarer takes it and nobody else scores."""
    full = game.penalty_total
    made = taken[declarer] & game.penalty_mask == game.penalty_mask
    if made:
        return [0 if s == declarer else full for s in range(len(taken))]
    return [full if s == declarer else 0 for s in range(len(taken))]


def slam_bid_scores(
    game: HeartsGame, scores: list[int], side: set[int], made: bool, bid: int
) -> list[int]:
    """Partnership Hearts' slam bid: the bidder and silent partner (one seat when the bidder
    held the bonus card) who take every trick score minus (full penalty + bid) each and
    nobody else scores; failing, each of them scores the pair's deal score plus the bid and
    the others keep theirs."""
    if made:
        return [-(game.penalty_total + bid) if s in side else 0 for s in range(len(scores))]
    pair = sum(scores[s] for s in side) + bid
    return [pair if s in side else score for s, score in enumerate(scores)]


def queen_scores(game: HeartsGame, points: list[int], taken: list[int]) -> list[int]:
    """Royal Hearts: each seat's deal score after the Q♥ and Q♣ effects."""
    rules = game.rules
    out = []
    for seat, mask in enumerate(taken):
        score = points[seat]
        if rules.heart_queen_doubles and mask >> _QH & 1:
            score += sum(game.values[c] for c in range(26, 39) if mask >> c & 1)
        if rules.club_queen_cancels and mask >> _QC & 1 and mask >> _QS & 1:
            score -= game.values[_QS]
        out.append(score)
    return out


def diamond_queen(
    game: HeartsGame, scores: list[int], totals: list[int], taken: list[int]
) -> list[int]:
    """Royal Hearts: the Q♦ takes its value off the taker's running total, not below 0."""
    out = list(scores)
    for seat, mask in enumerate(taken):
        if mask >> _QD & 1:
            after = totals[seat] + scores[seat]
            # It takes off at most what is there: a total already below 0 stays as it is.
            out[seat] -= min(game.rules.diamond_queen, max(0, after))
    return out


_QC, _QD, _QH, _QS = 10, 23, 36, 49  # card indices of the four queens


def sides(rules: HeartsRules) -> list[tuple[int, ...]]:
    """Who wins or loses together: each player alone, or the two partnerships."""
    if rules.partnership is Partnership.NONE:
        return [(seat,) for seat in range(rules.players)]
    return [(0, 2), (1, 3)]


def side_totals(rules: HeartsRules, totals: list[int]) -> list[int]:
    """Each side's total, in the order of :func:`sides`."""
    return [sum(totals[seat] for seat in side) for side in sides(rules)]


def match_over(rules: HeartsRules, totals: list[int], deals_played: int) -> bool:
    """True when the match ends after ``deals_played`` deals with these totals (at the
    latest after ``deal_limit`` deals, whatever the totals)."""
    if deals_played >= rules.deal_limit:
        return True
    if rules.deals:
        done = deals_played >= rules.deals
    elif rules.chips:  # the 1887 game: until someone has no chips left
        return min(totals) <= 0
    elif rules.partnership is Partnership.TEAM:
        done = max(side_totals(rules, totals)) >= rules.target
    else:  # alone, or partners who keep their own scores: anyone reaching the target
        done = max(totals) >= rules.target
    if done and rules.tie is Tie.PLAY_ON and rules.deals != 1:
        teams = side_totals(rules, totals)
        return teams.count(min(teams)) == 1
    return done


def ranking(rules: HeartsRules, totals: list[int]) -> list[float]:
    """Match result: 1 shared among the sides with the lowest total, 0 for the rest; both
    partners of a side get the side's share."""
    teams = side_totals(rules, totals)
    low = min(teams)
    winners = teams.count(low)
    result = [0.0] * len(totals)
    for side, total in zip(sides(rules), teams, strict=True):
        for seat in side:
            result[seat] = 1.0 / winners if total == low else 0.0
    return result
