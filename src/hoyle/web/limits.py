"""What one room lets its visitors start: tables per client and in all, how fast, which bots,
and how long a game may be.

A room on the open internet must not let one visitor take the whole machine. :class:`Limits`
holds the numbers (``hoyle serve`` flags set them; the lobby shows them from ``GET
/api/room``), :class:`Gate` counts each client's live tables and recent creations against them.
A request over a count is refused with :class:`LimitError` status 429 (try again later), one
asking for what the room never allows (a bot level, a game longer than a real one) with 400;
either names the limit and its flag.
"""

from __future__ import annotations

import time
from collections import defaultdict, deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import hoyle
from hoyle.core.protocol import Game
from hoyle.i18n import _, ngettext
from hoyle.web.words import game_title, level_name

__all__ = ["OFF", "Gate", "LimitError", "Limits", "baseline_of"]


class LimitError(ValueError):
    """A request over one of the room's limits; ``status`` is 429 or 400."""

    def __init__(self, reason: str, status: int) -> None:
        super().__init__(reason)
        self.status = status


@dataclass(frozen=True)
class Limits:
    """The room's limits; ``None`` is no limit."""

    tables_per_client: int | None = 3
    """Live (unfinished) tables one client address may have created."""
    tables: int | None = 50
    """Live tables in the whole room."""
    per_minute: int | None = 6
    """Tables one client address may create in any 60 seconds."""
    levels: tuple[str, ...] | None = None
    """The bot levels a new table may seat (``None``: every level of the game)."""
    deals: int | None = 50
    """The most deals a game of a fixed number of deals may ask (``deals``)."""
    target_factor: float | None = 4.0
    """A ``target`` may be at most this many times the rules' own."""

    def check_game(self, game: Game[Any], baseline: Game[Any]) -> None:
        """Refuse (400) a game longer than a real one: ``deals`` over :attr:`deals`, a
        ``target`` over :attr:`target_factor` times ``baseline``'s (the same rules with no
        options given), a ``deal_limit`` or ``turn_limit`` over ``baseline``'s (those only
        cut short a game that would not end)."""
        rules, base = game.rules, baseline.rules
        deals = getattr(rules, "deals", 0)
        if self.deals is not None and isinstance(deals, int) and deals > self.deals:
            raise LimitError(
                _(
                    "deals={deals} is more than this room allows: at most {most} "
                    "(hoyle serve --max-deals)"
                ).format(deals=deals, most=self.deals),
                400,
            )
        target, own = getattr(rules, "target", None), getattr(base, "target", None)
        if self.target_factor is not None and isinstance(target, int | float) and own:
            most = int(own * self.target_factor)
            if target > most:
                raise LimitError(
                    _(
                        "target={target} is more than this room allows for {game}: at most "
                        "{most}, {factor} times the rules' {own} (hoyle serve --max-target-factor)"
                    ).format(
                        target=target,
                        game=game_title(baseline),
                        most=most,
                        factor=f"{self.target_factor:g}",
                        own=own,
                    ),
                    400,
                )
        for name in ("deal_limit", "turn_limit"):
            value, cap = getattr(rules, name, None), getattr(base, name, None)
            if isinstance(value, int) and isinstance(cap, int) and cap and value > cap:
                raise LimitError(
                    _(
                        "{name}={value} is more than the rules' own {cap}: it may only be lowered"
                    ).format(name=name, value=value, cap=cap),
                    400,
                )

    def check_levels(self, levels: Iterable[str]) -> None:
        """Refuse (400) a bot level this room does not seat."""
        if self.levels is None:
            return
        for level in levels:
            if level not in self.levels:
                raise LimitError(
                    _(
                        "bot level {level!r} is not played in this room; choose {levels} "
                        "(hoyle serve --bot-levels)"
                    ).format(level=level, levels=", ".join(self.levels)),
                    400,
                )

    def describe(self) -> dict[str, Any]:
        """The limits as the lobby shows them: each value (``None``: none) and one line of
        text saying them all."""
        parts = []
        if self.tables_per_client is not None:
            n = self.tables_per_client
            parts.append(
                ngettext(
                    "{n} table at a time per visitor", "{n} tables at a time per visitor", n
                ).format(n=n)
            )
        if self.tables is not None:
            parts.append(_("{n} in all").format(n=self.tables))
        if self.per_minute is not None:
            n = self.per_minute
            parts.append(
                ngettext("{n} new table a minute", "{n} new tables a minute", n).format(n=n)
            )
        if self.levels is not None:
            levels = ", ".join(level_name(level) for level in self.levels)
            parts.append(_("bots {levels}").format(levels=levels))
        if self.deals is not None:
            parts.append(_("deals={n} at most").format(n=self.deals))
        if self.target_factor is not None:
            factor = f"{self.target_factor:g}"
            parts.append(_("a target up to {factor} times the rules' own").format(factor=factor))
        return {
            "tables_per_client": self.tables_per_client,
            "tables": self.tables,
            "per_minute": self.per_minute,
            "levels": list(self.levels) if self.levels is not None else None,
            "deals": self.deals,
            "target_factor": self.target_factor,
            "text": _("This room allows {limits}.").format(limits=", ".join(parts))
            if parts
            else "",
        }


OFF = Limits(None, None, None, None, None, None)
"""No limits at all (a room on one's own machine, or a measurement beside the limits)."""


class Gate:
    """Counts each client's live tables and recent creations against :class:`Limits`."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._made: defaultdict[str, deque[float]] = defaultdict(deque)

    def admit(self, client: str, live: Mapping[str, int], now: float | None = None) -> None:
        """Refuse (429) a new table for ``client`` when a count is full; ``live`` is the live
        tables by the client that made them. Counts the creation when it is admitted."""
        limits = self.limits
        now = time.monotonic() if now is None else now
        if limits.tables is not None and sum(live.values()) >= limits.tables:
            raise LimitError(
                _(
                    "the room is full: {n} tables are being played (hoyle serve --max-tables); "
                    "try again when one ends"
                ).format(n=limits.tables),
                429,
            )
        if limits.tables_per_client is not None and live.get(client, 0) >= limits.tables_per_client:
            raise LimitError(
                _(
                    "you have {n} tables being played, the most this room allows one visitor "
                    "(hoyle serve --tables-per-client {most}); finish or leave one first"
                ).format(n=live.get(client, 0), most=limits.tables_per_client),
                429,
            )
        made = self._made[client]
        while made and now - made[0] >= 60:
            made.popleft()
        if limits.per_minute is not None and len(made) >= limits.per_minute:
            wait = 60 - (now - made[0])
            raise LimitError(
                _(
                    "at most {most} new tables a minute (hoyle serve --tables-per-minute); "
                    "try again in {wait} s"
                ).format(most=limits.per_minute, wait=f"{wait:.0f}"),
                429,
            )
        made.append(now)
        if len(self._made) > 10_000:  # forget addresses that made nothing this last minute
            for old in [c for c, times in self._made.items() if now - times[-1] >= 60]:
                del self._made[old]


def baseline_of(game: Game[Any]) -> Game[Any]:
    """The same family and variant with no option given: the rules a limit compares with."""
    return hoyle.load(game.family, variant=game.variant)
