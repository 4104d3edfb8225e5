"""What an All Fours hand scores: High, Low, Jack and Game, and the order they are counted.

The points go to sides (a player alone, or a team). High goes to whoever held the highest trump
in play; Low to whoever held the lowest (or, with ``low=captured``, took it); Jack to the side
that took the jack of trumps (``hang_jack`` when taken from the side that held it); Game to the
side with the most card points in its tricks (A 4, K 3, Q 2, J 1, T 10), ties as the rules
say. A pitcher who made fewer points than the bid is set back by it. A side that scores all
four may earn a bonus (``all_four_bonus``), counted after Game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from hoyle.cards import TOKENS
from hoyle.games.all_fours.rules import AllFoursRules, Bidding, CountOrder, GameTie, Low

if TYPE_CHECKING:
    from hoyle.games.all_fours.state import AllFoursState

__all__ = ["HandScore", "counted", "hand_point_bounds", "score_hand"]

_JACK = 9  # rank index of a jack
_KINDS = ("high", "low", "jack", "game", "all_four")


@dataclass
class HandScore:
    """The points of one hand, and the order they count in."""

    high: tuple[int, int] | None = None
    """(card, side) of the highest trump in play."""
    low: tuple[int, int] | None = None
    """(card, side) of the lowest trump in play."""
    jack: tuple[int, int, int] | None = None
    """(card, side, points) of the jack of trumps, if it was in play."""
    card_points: list[int] = field(default_factory=list)
    """Card points each side took (the Game count)."""
    game: int | None = None
    """The side scoring Game, or None (a tie nobody takes)."""
    set_back: tuple[int, int] | None = None
    """(side, bid) of a pitcher who failed the bid."""
    smudge: int | None = None
    """A side whose bid of 4 took all four points: it wins outright."""
    all_four: int | None = None
    """A side that scored all four points, when ``all_four_bonus`` rewards it."""
    made: int = 0
    """Points the pitcher's side took (High, Low, Jack, Game), against its bid."""
    order: list[tuple[int, int]] = field(default_factory=list)
    """(side, points) in the order they count towards the target."""
    kinds: list[str] = field(default_factory=list)
    """What each entry of ``order`` is: set_back, high, low, jack, game or all_four."""

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready, with card tokens."""
        return {
            "high": _pair(self.high),
            "low": _pair(self.low),
            "jack": None
            if self.jack is None
            else {"card": TOKENS[self.jack[0]], "side": self.jack[1], "points": self.jack[2]},
            "card_points": list(self.card_points),
            "game": self.game,
            "set_back": None
            if self.set_back is None
            else {"side": self.set_back[0], "bid": self.set_back[1]},
            "smudge": self.smudge,
            "all_four": self.all_four,
            "points": [[side, points] for side, points in self.order],
        }

    def position(self, kind: str) -> int | None:
        """Where ``kind`` counted in ``order`` (``None``: it did not score)."""
        return self.kinds.index(kind) if kind in self.kinds else None


def _pair(value: tuple[int, int] | None) -> dict[str, Any] | None:
    return None if value is None else {"card": TOKENS[value[0]], "side": value[1]}


def score_hand(state: AllFoursState) -> HandScore:
    """Score a finished hand from the state's tricks (nothing is changed)."""
    rules = state.rules
    sides = rules.sides
    trump = state._trump
    out = HandScore(card_points=[0] * sides)
    played = [c for c in range(52) if state._played_by[c] >= 0]
    trumps = [c for c in played if c // 13 == trump]
    captor = {c: side for side in range(sides) for c in range(52) if state._won[side] >> c & 1}
    if trumps:
        high, low = max(trumps), min(trumps)
        out.high = (high, state._side(state._played_by[high]))
        low_side = captor[low] if rules.low is Low.CAPTURED else state._side(state._played_by[low])
        out.low = (low, low_side)
        jack = trump * 13 + _JACK
        if jack in trumps:
            held = state._side(state._played_by[jack])
            taken = captor[jack]
            hung = rules.hang_jack and taken != held
            out.jack = (jack, taken, rules.hang_jack if hung else 1)
    for side in range(sides):
        out.card_points[side] = sum(state._card_points(c) for c in played if captor.get(c) == side)
    out.game = _game_side(state, out.card_points)
    points: list[tuple[int, int, int]] = []  # (side, points, kind) in H, L, J, G order
    if out.high:
        points.append((out.high[1], 1, 0))
    if out.low:
        points.append((out.low[1], 1, 1))
    if out.jack:
        points.append((out.jack[1], out.jack[2], 2))
    if out.game is not None:
        points.append((out.game, rules.game_value, 3))
    pitcher_side = state._side(state._pitcher) if state._pitcher >= 0 else -1
    bid = state._bid if rules.bidding is not Bidding.NONE and state._pitcher >= 0 else 0
    made = sum(p for side, p, _ in points if side == pitcher_side)
    out.made = made
    if bid and made < bid:
        out.set_back = (pitcher_side, bid)
        points = [p for p in points if p[0] != pitcher_side]
    sweeper = _all_four_side(points)
    if rules.smudge and bid == 4 and sweeper == pitcher_side:
        out.smudge = pitcher_side
    if rules.all_four_bonus and sweeper is not None:
        out.all_four = sweeper
        points.append((sweeper, rules.all_four_bonus, 4))
    if rules.count_order is CountOrder.PITCHER_FIRST and pitcher_side >= 0:
        points.sort(key=lambda p: p[0] != pitcher_side)  # stable: H, L, J, G within a side
    out.order = [(side, p) for side, p, _ in points]
    out.kinds = [_KINDS[kind] for _, _, kind in points]
    if out.set_back:
        out.order.insert(0, (pitcher_side, -bid))
        out.kinds.insert(0, "set_back")
    return out


def counted(
    rules: AllFoursRules, totals: Sequence[int], detail: HandScore
) -> tuple[list[int], int, int]:
    """The sides' totals once a hand's points are counted, the side that has then won the
    game (-1: none yet) and how many entries of ``detail.order`` counted: a smudge wins
    outright, otherwise the first side to reach the target as the points count in their order
    wins, and the points after it do not count."""
    after = list(totals)
    if detail.smudge is not None:  # a bid of 4 that took all four: the four points still count
        for side, points in detail.order:
            after[side] += points
        return after, detail.smudge, len(detail.order)
    for k, (side, points) in enumerate(detail.order):
        if points:
            after[side] += points
            if not rules.deals and after[side] >= rules.target:
                return after, side, k + 1
    return after, -1, len(detail.order)


def hand_point_bounds(rules: AllFoursRules) -> tuple[int, int]:
    """The fewest and most points one side can gain in one hand under ``rules``: minus the
    highest bid (a pitcher set back), and at most every kick of the pack (each card turned
    once a hand), the gift, a sale, High, Low, Jack (hung), Game, the all-four bonus and
    every trump scored at once (All Fives)."""
    kicks = 4 * sum(rules.kicks.values())
    at_once = (20 + rules.five_value) if rules.trick_points_at_once else 0
    sale = 4 if rules.bidding is Bidding.COMMERCIAL else 0
    most = (
        kicks
        + rules.gift_points
        + sale
        + 2
        + max(1, rules.hang_jack)
        + rules.game_value
        + rules.all_four_bonus
        + at_once
    )
    return (-4 if rules.bidding is not Bidding.NONE else 0), most


def _all_four_side(points: list[tuple[int, int, int]]) -> int | None:
    """The side that scored High, Low, Jack and Game all in this hand, if one did."""
    kinds: dict[int, set[int]] = {}
    for side, _, kind in points:
        kinds.setdefault(side, set()).add(kind)
    return next((side for side, got in kinds.items() if got >= {0, 1, 2, 3}), None)


def _game_side(state: AllFoursState, card_points: list[int]) -> int | None:
    rules = state.rules
    best = max(card_points)
    tied = [side for side, p in enumerate(card_points) if p == best]
    if len(tied) == 1:
        return tied[0]
    if rules.game_tie is GameTie.ELDEST:
        eldest = state._side(state._nxt(state._dealer))
        return eldest if eldest in tied else None
    if rules.game_tie is GameTie.NON_DEALER:
        dealer = state._side(state._dealer)
        if dealer in tied and len(tied) == 2:  # the dealer tied with one other: the other
            return next(side for side in tied if side != dealer)
        return None
    return None
