"""What every game states about its results, so that adapters never branch on a family's name.

``game.info`` is a :class:`GameInfo`: the bounds and sum of ``returns()``, the longest game in
actions, what kind of number ``returns()`` is, and whether ``scores()`` counts penalty points.

>>> import hoyle
>>> info = hoyle.load("hearts", deals=1).info
>>> info.returns_kind, info.scores_are_penalties, info.utility_sum
('points', True, None)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = ["RETURNS_KINDS", "GameInfo", "ReturnsKind"]

ReturnsKind = Literal["points", "rank", "chips"]
RETURNS_KINDS: tuple[ReturnsKind, ...] = ("points", "rank", "chips")
"""What ``returns()`` measures: a single deal's ``points`` (signed so that more is better), a
match's ``rank`` (1 shared among the winners, 0 for the others; or the family's ranking values)
or net ``chips`` won or lost (chip and pot games)."""


@dataclass(frozen=True, slots=True)
class GameInfo:
    """Facts about a game's results, fixed by its rules.

    Attributes:
        min_utility: no seat's ``returns()`` is ever below this.
        max_utility: no seat's ``returns()`` is ever above this.
        utility_sum: what ``returns()`` always adds up to at the end, or ``None`` when that
            is not constant.
        max_game_length: no game has more actions than this, chance actions included (a
            safety cap such as ``deal_limit`` makes every match finite).
        returns_kind: ``"points"``, ``"rank"`` or ``"chips"`` (see :data:`RETURNS_KINDS`).
        scores_are_penalties: ``scores()`` counts penalty points, so fewer is better (Hearts,
            but not its chip games); ``returns()`` is higher-is-better whatever this says.
    """

    min_utility: float
    max_utility: float
    utility_sum: float | None
    max_game_length: int
    returns_kind: ReturnsKind
    scores_are_penalties: bool = False

    def __post_init__(self) -> None:
        if not self.min_utility <= self.max_utility:
            raise ValueError(f"min_utility {self.min_utility} > max_utility {self.max_utility}")
        if self.returns_kind not in RETURNS_KINDS:
            raise ValueError(f"returns_kind {self.returns_kind!r}: use one of {RETURNS_KINDS}")
        if self.max_game_length < 1:
            raise ValueError("max_game_length must be at least 1")
