"""The card room: every table, created, resumed after a restart, and rematched.

The room owns the store and the settings; each :class:`~hoyle.web.table.Table` owns its game.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import hoyle
from hoyle.core.errors import HoyleError
from hoyle.core.protocol import Game
from hoyle.core.registry import agent_names, families, family, make_agent
from hoyle.web.store import Store
from hoyle.web.table import Seat, Settings, Table, clean_name, hash_key, new_key

__all__ = ["CreateError", "Created", "Room", "catalogue", "rules_of"]


class CreateError(ValueError):
    """A table request that cannot be met (unknown game, bad seats); says what would do."""


@dataclass
class Created:
    """A new table and the invite secret of each human seat (shown once, never stored)."""

    table: Table
    keys: dict[int, str]


class Room:
    """All tables of one server."""

    def __init__(self, store: Store, settings: Settings | None = None) -> None:
        self.store = store
        self.settings = settings or Settings()
        self.tables: dict[str, Table] = {}

    async def resume(self) -> int:
        """Load every unfinished table from its log and start it again; return how many."""
        rows = await asyncio.to_thread(self.store.unfinished)
        for row in rows:
            table = await asyncio.to_thread(Table.resume, row, self.store, self.settings)
            self.tables[row.id] = table
            table.start()
        return len(rows)

    def stop(self) -> None:
        """Stop every table's timers and bots."""
        for table in self.tables.values():
            table.stop()

    async def create(
        self, spec: str, seats: Sequence[dict[str, Any]], options: dict[str, Any] | None = None
    ) -> Created:
        """A new table playing ``spec`` (plus ``options``) with ``seats``.

        Each seat is ``{"kind": "human", "name": ...}`` or ``{"kind": "bot", "level": ...}``.
        """
        try:
            game = hoyle.load(spec, **(options or {}))
        except (HoyleError, ValueError) as exc:
            raise CreateError(str(exc)) from None
        made, keys = self._seats(game, seats)
        table_id = secrets.token_urlsafe(9)
        table = await asyncio.to_thread(
            Table.create, table_id, game, made, self.store, self.settings
        )
        self.tables[table_id] = table
        table.start()
        return Created(table, keys)

    def _seats(
        self, game: Game[Any], seats: Sequence[dict[str, Any]]
    ) -> tuple[list[Seat], dict[int, str]]:
        n = game.num_players
        if len(seats) != n:
            raise CreateError(
                f"{game.spec} has {n} seats; give one entry per seat, not {len(seats)}"
            )
        levels = agent_names(game)
        made: list[Seat] = []
        keys: dict[int, str] = {}
        for i, entry in enumerate(seats):
            kind = entry.get("kind", "bot") if isinstance(entry, dict) else None
            if kind == "human":
                keys[i] = new_key()
                name = clean_name(entry.get("name"), f"Player {i + 1}")
                made.append(Seat("human", name, self.settings.standin, hash_key(keys[i])))
            elif kind == "bot":
                level = str(entry.get("level", "easy"))
                try:
                    make_agent(level, game)
                except (HoyleError, ValueError) as exc:
                    raise CreateError(f"seat {i}: {exc}") from None
                made.append(Seat("bot", clean_name(f"{level} {i + 1}", "bot"), level))
            else:
                raise CreateError(
                    f"seat {i}: kind must be human or bot (levels: {', '.join(levels)})"
                )
        return made, keys

    async def get(self, table_id: str) -> Table | None:
        """The table ``table_id``: a live one, or a finished one replayed from the store."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        row = await asyncio.to_thread(self.store.table, table_id)
        if row is None:
            return None
        table = await asyncio.to_thread(Table.resume, row, self.store, self.settings)
        self.tables[table_id] = table
        table.start()
        return table

    async def rematch(self, table: Table) -> Table:
        """The next game with the same game and seats; each invite key still holds its seat."""
        if not table.finished:
            raise CreateError("a rematch starts once the game is over")
        if table.row.rematch is not None:
            found = await self.get(table.row.rematch)
            if found is not None:
                return found
        table_id = secrets.token_urlsafe(9)
        seats = [Seat(s.kind, s.name, s.level, s.key_hash) for s in table.seats]
        new = await asyncio.to_thread(
            Table.create, table_id, table.game, seats, self.store, self.settings
        )
        new.row.rematch_of = table.id
        await asyncio.to_thread(self.store.link_rematch, table.id, table_id)
        table.row.rematch = table_id
        self.tables[table_id] = new
        new.start()
        await table.broadcast()
        return new


def rules_of(game: Game[Any]) -> dict[str, Any]:
    """The rules page of a game: its preset's summary and source, and the rules in force."""
    fam = family(game.family)
    preset = fam.find_variant(game.variant)
    return {
        "title": game.title,
        "game": game.spec,
        "summary": preset.summary,
        "source": preset.source,
        "rules": fam.explain(game.rules) if fam.explain is not None else [],
    }


def catalogue() -> list[dict[str, Any]]:
    """Every family with its variants, options and agent levels (for the lobby's form)."""
    out = []
    for name in families():
        fam = family(name)
        game = hoyle.load(name)
        out.append(
            {
                "name": fam.name,
                "title": fam.title,
                "variants": [
                    {"name": v.name, "title": v.display, "summary": v.summary} for v in fam.presets
                ],
                "options": [
                    {
                        "name": o.name,
                        "allowed": str(o.allowed),
                        "default": str(o.default),
                        "doc": o.doc,
                    }
                    for o in fam.options()
                ],
                "levels": agent_names(game),
                "players": game.num_players,
            }
        )
    return out
