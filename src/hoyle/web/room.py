"""The card room: every table, created, resumed after a restart, and rematched.

The room owns the store and the settings; each :class:`~hoyle.web.table.Table` owns its game.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import re
import secrets
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import hoyle
from hoyle.core.errors import HoyleError
from hoyle.core.protocol import Game
from hoyle.core.registry import agent_names, families, family, make_agent, parse_spec
from hoyle.i18n import _, current
from hoyle.titles import family_title, option_doc, preset_summary, preset_title
from hoyle.web.bots import BotPool
from hoyle.web.duplicates import Duplicates
from hoyle.web.limits import OFF, Gate, LimitError, Limits, baseline_of
from hoyle.web.ratings import Ratings
from hoyle.web.store import Store
from hoyle.web.table import (
    Refused,
    Seat,
    Settings,
    Table,
    check_name,
    clean_name,
    hash_key,
    new_key,
    unique_name,
)
from hoyle.web.words import game_title, level_name

__all__ = [
    "CreateError",
    "Created",
    "Room",
    "catalogue",
    "check_form",
    "read_options",
    "rules_of",
    "table_sizes",
    "title_of",
]


class CreateError(ValueError):
    """A table request that cannot be met (unknown game, bad seats); says what would do."""


@dataclass
class Created:
    """A new table and the invite secret of each human seat (shown once, never stored)."""

    table: Table
    keys: dict[int, str]


class Room:
    """All tables of one server."""

    def __init__(
        self, store: Store, settings: Settings | None = None, limits: Limits = OFF
    ) -> None:
        self.store = store
        self.settings = settings or Settings()
        self.limits = limits
        self.gate = Gate(limits)
        self.pool = BotPool(self.settings.bot_workers, self.settings.bot_seconds)
        self.tables: dict[str, Table] = {}
        self._rematching = asyncio.Lock()
        self.ratings = Ratings(store)
        self.duplicates = Duplicates(self)

    def add(self, table: Table) -> None:
        """Look after ``table``: its bots think in the room's pool, its end is rated (and, for
        an event's game, noted by the event), and it starts."""
        table.pool = self.pool
        table.on_finish = self._finished
        self.duplicates.attach(table)  # before it starts: an event's board deals its cards
        self.tables[table.id] = table
        table.start()

    async def _finished(self, table: Table) -> None:
        await self.ratings.settle_soon(table)
        await self.duplicates.finished(table)

    def live(self) -> Counter[str]:
        """The unfinished tables, counted by the client address that made them ('' for a
        table resumed after a restart)."""
        return Counter(t.creator for t in self.tables.values() if not t.finished)

    async def resume(self) -> int:
        """Load every unfinished table from its log and start it again; return how many.

        First the ratings: each family's leaderboard is seeded if it has none, and the games
        that finished without being settled (the room stopped at that moment) are rated."""
        await asyncio.to_thread(self.ratings.seed)
        await asyncio.to_thread(
            self.ratings.catch_up, lambda row: Table.resume(row, self.store, self.settings)
        )
        await asyncio.to_thread(self.duplicates.load)
        rows = await asyncio.to_thread(self.store.unfinished)
        for row in rows:
            table = await asyncio.to_thread(Table.resume, row, self.store, self.settings)
            self.add(table)
        await self.duplicates.catch_up()
        return len(rows)

    def stop(self) -> None:
        """Stop every table's timers and bots, and the bots' workers."""
        for table in self.tables.values():
            table.stop()
        self.pool.close()

    async def create(
        self,
        spec: str,
        seats: Sequence[dict[str, Any]],
        options: dict[str, Any] | None = None,
        client: str = "",
        rated: bool = True,
    ) -> Created:
        """A new table playing ``spec`` (plus ``options``) with ``seats``, for the visitor at
        address ``client``; ``rated``: whether its game counts for the ratings.

        Each seat is ``{"kind": "human", "name": ...}`` or ``{"kind": "bot", "level": ...}``.
        Raises :class:`CreateError` for a bad request and
        :class:`~hoyle.web.limits.LimitError` for one over the room's limits.
        """
        try:
            game = hoyle.load(spec, **(options or {}))
        except (HoyleError, ValueError) as exc:
            raise CreateError(str(exc)) from None
        made, keys = self._seats(game, seats)
        self.limits.check_game(game, baseline_of(game))
        self.limits.check_levels(s.level for s in made if s.kind == "bot")
        self.gate.admit(client, self.live())  # last: a refused request uses up no creation
        table_id = secrets.token_urlsafe(9)
        table = await asyncio.to_thread(
            Table.create, table_id, game, made, self.store, self.settings, rated
        )
        table.creator = client
        self.add(table)
        return Created(table, keys)

    def _seats(
        self, game: Game[Any], seats: Sequence[dict[str, Any]]
    ) -> tuple[list[Seat], dict[int, str]]:
        n = game.num_players
        if len(seats) != n:
            raise CreateError(
                _("{game} has {n} seats; give one entry per seat, not {given}").format(
                    game=game.spec, n=n, given=len(seats)
                )
            )
        levels = agent_names(game)
        made: list[Seat] = []
        keys: dict[int, str] = {}
        for i, entry in enumerate(seats):
            kind = entry.get("kind", "bot") if isinstance(entry, dict) else None
            if kind == "human":
                keys[i] = new_key()
                given = entry.get("name")
                try:
                    name = (
                        check_name(given) if given is not None else _("Player {n}").format(n=i + 1)
                    )
                    name = unique_name(name, [m.name for m in made])
                except Refused as exc:
                    raise CreateError(_seat_error(i, exc.reason)) from None
                made.append(Seat("human", name, self.settings.standin, hash_key(keys[i])))
            elif kind == "bot":
                level = str(entry.get("level", "easy"))
                try:
                    make_agent(level, game)
                except (HoyleError, ValueError) as exc:
                    raise CreateError(_seat_error(i, str(exc))) from None
                # A bot is named in the language of whoever made the table: "fácil 2".
                bot = _("{level} {n}").format(level=level_name(level), n=i + 1)
                made.append(Seat("bot", clean_name(bot, "bot"), level))
            else:
                raise CreateError(
                    _seat_error(
                        i,
                        _("kind must be human or bot (levels: {levels})").format(
                            levels=", ".join(levels)
                        ),
                    )
                )
        for i, seat in enumerate(made):  # a name given may be a bot's, made after it
            try:
                unique_name(seat.name, [m.name for m in made[:i]])
            except Refused as exc:
                raise CreateError(_seat_error(i, exc.reason)) from None
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
        self.add(table)
        return table

    async def rematch(self, table: Table) -> tuple[Table, bool]:
        """The next game with the same game and seats, and whether it was made just now.

        Each invite key still holds its seat. When it is made, every seated human watching the
        finished table is sent ``{"type": "rematch", "table": id}``; the finished table's
        state then names it (``rematch``).
        """
        if not table.finished:
            raise CreateError(_("a rematch starts once the game is over"))
        if table.event is not None:
            raise CreateError(
                _("a game of an event has no rematch: the event begins your next board")
            )
        async with self._rematching:  # two players asking at once make one new table
            if table.row.rematch is not None:
                found = await self.get(table.row.rematch)
                if found is not None:
                    return found, False
            try:  # a rematch is a new table for whoever made the old one
                self.gate.admit(table.creator, self.live())
            except LimitError as exc:
                raise CreateError(str(exc)) from None
            table_id = secrets.token_urlsafe(9)
            seats = [
                Seat(s.kind, s.name, s.level, s.key_hash, player=s.player) for s in table.seats
            ]
            new = await asyncio.to_thread(
                Table.create,
                table_id,
                table.game,
                seats,
                self.store,
                self.settings,
                table.row.rated,
            )
            new.row.rematch_of = table.id
            new.creator = table.creator
            await asyncio.to_thread(self.store.link_rematch, table.id, table_id)
            table.row.rematch = table_id
            self.add(new)
        note = {"type": "rematch", "table": new.id}
        for conn, seat in list(table.viewers.items()):
            if seat is not None and table.seats[seat].kind == "human":
                await table.send(conn, note)
        await table.broadcast()
        return new, True


def _seat_error(seat: int, reason: str) -> str:
    return _("seat {seat}: {reason}").format(seat=seat, reason=reason)


def rules_of(game: Game[Any]) -> dict[str, Any]:
    """The rules page of a game: its preset's summary and source, and the rules in force
    (in the language in force; the source is a book's title, as it was printed)."""
    fam = family(game.family)
    preset = fam.find_variant(game.variant)
    return {
        "title": game_title(game),
        "game": game.spec,
        "summary": preset_summary(preset),
        "source": preset.source,
        "rules": fam.explain(game.rules) if fam.explain is not None else [],
    }


MOST_SEATS = 16
"""The largest table the room tries when it asks a game which sizes it allows."""


def table_sizes(spec: str, options: Mapping[str, Any]) -> list[int]:
    """The table sizes ``spec`` with ``options`` allows: each size the engine loads it with
    (``players`` in ``options`` is ignored)."""
    return _sizes(spec, options)[0]


def _sizes(spec: str, options: Mapping[str, Any]) -> tuple[list[int], dict[int, str]]:
    """The sizes that load, and the engine's reason for each that does not."""
    rest = {k: v for k, v in options.items() if k != "players"}
    sizes = []
    refused: dict[int, str] = {}
    for n in range(1, MOST_SEATS + 1):
        try:
            hoyle.load(spec, **rest, players=n)
        except (HoyleError, ValueError) as exc:
            refused[n] = str(exc)
            continue
        sizes.append(n)
    if not sizes:  # a game without a players option: the size it has
        with contextlib.suppress(HoyleError, ValueError):
            sizes = [hoyle.load(spec, **rest).num_players]
    return sizes, refused


def read_options(spec: str, options: Any) -> dict[str, Any]:
    """A table request's options: an object, or text in the game-string style
    (``deals=1, moon=subtract``) read as the engine reads a game string."""
    if options is None or options == "":
        return {}
    if isinstance(options, dict):
        return dict(options)
    if not isinstance(options, str) or len(options) > 1000:
        raise CreateError(_("options are an object or text such as deals=1, moon=subtract"))
    name = spec.split("(")[0].strip() or "game"
    try:
        return dict(parse_spec(f"{name}({options})")[1])
    except (HoyleError, ValueError) as exc:
        raise CreateError(str(exc)) from None


def check_form(spec: str, options: Mapping[str, Any], players: Any = None) -> dict[str, Any]:
    """What the lobby's form makes of ``spec`` with ``options`` (a variant among them) and
    ``players``: the game string and title, the table sizes allowed and the one chosen (the
    game's own when ``players`` is ``None``), the bot levels; CreateError with the engine's
    reason when it would refuse the table."""
    if players is not None and (isinstance(players, bool) or not isinstance(players, int)):
        raise CreateError(_("players is a whole number"))
    given = options.get("players")
    if players is not None and given is not None and str(given) != str(players):
        raise CreateError(_("give the number of players once (the Players box)"))
    rest = {k: v for k, v in options.items() if k != "players"}
    sizes, refused = _sizes(spec, rest)
    natural = None
    try:
        default = natural = hoyle.load(spec, **rest).num_players
    except (HoyleError, ValueError) as exc:
        if not sizes:  # no size loads: the reason at the usual size, and at another if new
            reason = str(exc)
            other = next(
                (n, why)
                for n, why in [*refused.items(), (0, "")]
                if not n or (_gist(why) != _gist(reason) and "option 'players'" not in why)
            )
            if other[0]:
                reason = _("{reason}; with {n} players: {other}").format(
                    reason=reason, n=other[0], other=other[1]
                )
            raise CreateError(reason) from None
        default = sizes[0]  # the options need another size than the game's usual one
    chosen = players if players is not None else given if given is not None else default
    try:
        game = hoyle.load(spec, **rest, **({} if chosen == natural else {"players": chosen}))
    except (HoyleError, ValueError) as exc:
        raise CreateError(str(exc)) from None
    return {
        "game": game.spec,
        "title": game_title(game),
        "players": sizes,
        "default_players": default,
        "chosen": game.num_players,
        "levels": agent_names(game),
    }


def _gist(reason: str) -> str:
    """A refusal without its numbers (the same reason at another table size)."""
    return re.sub(r"\d+", "#", reason)


def title_of(spec: str) -> str:
    """A game string's title for a player, in the language in force (the string itself if it
    no longer loads)."""
    return _title_of(spec, current())


@functools.lru_cache(maxsize=1024)
def _title_of(spec: str, lang: str) -> str:
    try:
        return game_title(hoyle.load(spec))
    except (HoyleError, ValueError):
        return spec


def catalogue() -> list[dict[str, Any]]:
    """Every family with its variants, options and agent levels (for the lobby's form); each
    variant with the table sizes it allows (``players``) and its own (``default_players``);
    titles, summaries and the options' descriptions in the language in force."""
    return _catalogue(tuple(families()), current())


@functools.lru_cache(maxsize=256)
def _variant_sizes(name: str, variant: str) -> tuple[tuple[int, ...], int]:
    """A variant's table sizes and its own size (the same in every language: asked once)."""
    sizes = table_sizes(name, {"variant": variant})
    return tuple(sizes), hoyle.load(name, variant=variant).num_players


@functools.lru_cache(maxsize=8)
def _catalogue(names: tuple[str, ...], lang: str) -> list[dict[str, Any]]:
    out = []
    for name in names:
        fam = family(name)
        game = hoyle.load(name)
        variants = []
        for v in fam.presets:
            if v.family is not None:  # another family's game under an old name: listed there
                continue
            variants.append(
                {
                    "name": v.name,
                    "title": preset_title(v),
                    "summary": preset_summary(v),
                    "players": list(_variant_sizes(name, v.name)[0]),
                    "default_players": _variant_sizes(name, v.name)[1],
                }
            )
        out.append(
            {
                "name": fam.name,
                "title": family_title(fam),
                "variants": variants,
                "options": [
                    {
                        "name": o.name,
                        "allowed": str(o.allowed),
                        "default": str(o.default),
                        "doc": option_doc(o),
                    }
                    for o in fam.options()
                ],
                "levels": agent_names(game),
                "players": game.num_players,
            }
        )
    return out
