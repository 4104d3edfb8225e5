"""The room's ratings: each finished table rated on its family's leaderboard, once.

:mod:`hoyle.club.ratings` does the rating; this module decides which games count and keeps the
leaderboards in the room's database (:meth:`~hoyle.web.store.Store.settle`).

- **Who is rated.** A seat held by a logged-in player is rated under the player's account name;
  a bot's seat as ``bot:<level>`` (every bot of a level shares one rating). A guest's seat has
  no name to rate, so a game is rated only when **every human seat is held by a player**; a
  game with a guest at it is noted ``guests`` and changes nothing, nor does a game of bots
  alone (``bots``). A player who left and was stood in for by a bot still takes the result.
- **Unrated tables.** A table is rated unless its host made it unrated when creating it
  (``"rated": false``; a rematch keeps the choice). It is noted ``unrated`` when it is made.
- **Once.** Settling a table writes a note beside the new leaderboard in one transaction; a
  table already noted is never rated again, and a room that stopped between a game's end and
  its rating settles the finished tables without a note when it starts (:meth:`Ratings.catch_up`).
- **Bots placed.** A family's leaderboard starts with the bot levels rated (:func:`seeded`):
  a small fixed table of head-to-head results (:data:`LADDER`, each level beating the one below
  three games in four) rated in a fixed order, then held fixed as anchors. Instant and the same
  in every room; a newcomer's first games against bots then say where they stand. Bots of other
  levels (``pimc``, ``ismcts``…) start as newcomers and move like players.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
from collections.abc import Iterable, Sequence
from typing import Any
from urllib.parse import quote

from hoyle.club.ratings import (
    GameOutcome,
    Leaderboard,
    Rating,
    RatingError,
    bot_level,
    bot_name,
    outcome_from_state,
)
from hoyle.core.registry import families
from hoyle.i18n import _
from hoyle.web.store import Store
from hoyle.web.table import Table

__all__ = ["LADDER", "Ratings", "players_of", "seeded"]

log = logging.getLogger("hoyle.web")

LADDER = ("random", "easy", "medium", "hard", "expert")
"""The bot levels a leaderboard starts with, weakest first."""
WINS, LOSSES = 3, 1
"""The fixed head-to-head result of each level against the one below it."""


def seeded(family: str) -> Leaderboard:
    """A new leaderboard for ``family`` with the bot levels placed and held fixed.

    >>> board = seeded("hearts")
    >>> [s.name for s in board.standings()][0], sorted(board.anchors) == sorted(
    ...     bot_name(level) for level in LADDER)
    ('bot:expert', True)
    """
    board = Leaderboard(family)
    for _round in range(WINS + LOSSES):  # each pair's games interleaved, in one fixed order
        for weak, strong in itertools.pairwise(LADDER):
            won = _round < WINS
            players = (bot_name(strong), bot_name(weak))
            board.apply(
                GameOutcome(family, players, ((0,), (1,)), ((0,), (1,)) if won else ((1,), (0,)))
            )
    board.anchors = {bot_name(level) for level in LADDER}
    return board


def players_of(table: Table) -> tuple[str, list[str] | None]:
    """What a finished table's game is for the ratings: ``("rated", names)`` with each seat's
    name to rate, or the reason it is not rated (``unrated``, ``guests``, ``bots``) and
    ``None``."""
    if not table.row.rated:
        return "unrated", None
    humans = [s for s in table.seats if s.kind == "human"]
    if not humans:
        return "bots", None
    if any(s.player is None for s in humans):
        return "guests", None
    return "rated", [
        s.player if s.kind == "human" and s.player else bot_name(s.level) for s in table.seats
    ]


class Ratings:
    """The room's leaderboards, in its store."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def seed(self, names: Iterable[str] | None = None) -> int:
        """Give each family without a leaderboard its seeded one (every family by default);
        how many were added."""
        have = set(self.store.leaderboards())
        return sum(
            self.store.add_leaderboard(seeded(f))
            for f in (families() if names is None else names)
            if f not in have
        )

    def settle(self, table: Table) -> dict[str, tuple[Rating, Rating]] | None:
        """Rate a finished table's game if it counts (see the module's rules); the players'
        ratings before and after, ``{}`` when it does not count, ``None`` when it was
        settled before."""
        result, names = players_of(table)
        outcome = None
        if names is not None:
            try:
                outcome = outcome_from_state(table.state, names)
            except RatingError as exc:  # a game the ratings cannot read: noted, not rated
                log.warning("table %s is not rated: %s", table.id, exc)
                result = "error"
        return self.store.settle(table.id, result, outcome, seeded)

    async def settle_soon(self, table: Table) -> None:
        """:meth:`settle` in a thread (a game's end must not wait for the database)."""
        try:
            await asyncio.to_thread(self.settle, table)
        except Exception:  # a rating lost must not stop the room; catch_up retries it
            log.exception("table %s: rating failed", table.id)

    def catch_up(self, load: Any) -> int:
        """Settle every finished table without a note (``load(row)`` gives its
        :class:`~hoyle.web.table.Table`); how many. One that no longer loads is noted
        ``error`` and left unrated: a room starts whatever its old tables hold."""
        rows = self.store.unsettled()
        for row in rows:
            try:
                table = load(row)
            except Exception as exc:  # a game this hoyle no longer replays: noted, not rated
                log.warning("table %s is not rated: %s", row.id, exc)
                self.store.settle(row.id, "error")
                continue
            self.settle(table)
        return len(rows)

    def board(self, family: str) -> Leaderboard:
        """The family's leaderboard (a seeded one, not stored, when it has none yet)."""
        return self.store.leaderboard(family) or seeded(family)

    def of_player(self, name: str, names: Sequence[str]) -> dict[str, dict[str, Any] | None]:
        """The player's rating and place in each family of ``names`` (``None``: not rated
        yet): ``{"rating", "place", "of", "games"}``; the place among the players, bots
        left out."""
        out: dict[str, dict[str, Any] | None] = {}
        for fam in names:
            board = self.store.leaderboard(fam)
            standings = board.standings(bots=False) if board is not None else []
            mine = next((s for s in standings if s.name == name), None)
            out[fam] = (
                None
                if mine is None
                else {
                    "rating": mine.rating.display,
                    "place": mine.place,
                    "of": len(standings),
                    "games": mine.rating.games,
                }
            )
        return out

    def standings(self, family: str) -> dict[str, Any]:
        """The family's leaderboard as the room serves it: its title and rated games, and
        each line best first (place, name, displayed rating, games; a bot's level in the
        language in force; a player's profile page)."""
        from hoyle.core.registry import family as family_of
        from hoyle.titles import family_title
        from hoyle.web.words import level_name

        board = self.board(family)
        lines = []
        for s in board.standings():
            level = bot_level(s.name)
            lines.append(
                {
                    "place": s.place,
                    "name": s.name,
                    "label": s.name
                    if level is None
                    else _("bot: {level}").format(level=level_name(level)),
                    "rating": s.rating.display,
                    "games": s.rating.games,
                    "bot": s.bot,
                    "anchor": s.anchor,
                    "profile": None if s.bot else f"/players/{quote(s.name)}",
                }
            )
        return {
            "family": family,
            "family_title": family_title(family_of(family)),
            "games": self.store.rated_games(family),
            "standings": lines,
        }
