"""The club's players: optional accounts, their sessions, the seats they hold, their profiles.

Guests keep playing with invite links exactly as before; a player who registers (a name and a
password) is known again when they come back:

- **Passwords** are kept only as Argon2 hashes (pwdlib); a login for a name nobody has is
  checked against a hash all the same, so the time taken does not say which names exist.
- **Sessions** are server-side: the browser's cookie holds a random token (256 bits), the
  database only its SHA-256 and when it expires (:data:`SESSION_SECONDS`). Logging out
  forgets it; logging out everywhere (:meth:`Accounts.logout_everywhere`) forgets all the
  player's. The cookie is ``HttpOnly``, ``SameSite=Lax``, and ``Secure`` when the room is
  reached over https (:mod:`hoyle.web.app` decides).
- **Attempts** are limited (:class:`Attempts`): failed logins per name and per address, and
  registrations per address, each in a sliding window; over a count, 429 with the wait.
- **Seats**: a logged-in player who creates a table or takes a seat by its invite link holds
  it (:meth:`Accounts.take_seat`): the seat shows their name and the game counts on their
  profile.
- **Profiles** (:meth:`Accounts.profile`) are public and say only what the finished games'
  records say: games by family and variant, places, recent records with their replays.
  What is the player's own (their sessions, the tables they are playing now) is in
  :meth:`Accounts.private`, which the app serves to that player alone. They show the
  player's rating and place in each family (:mod:`hoyle.web.ratings`).

Club admins are named on the command line (``hoyle serve --admin NAME``), not stored: the
room's owner says who they are each time it starts.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
import secrets
import time
from collections import defaultdict, deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from pwdlib import PasswordHash
from pwdlib.hashers.argon2 import Argon2Hasher
from sqlalchemy import delete, insert, select, update
from sqlalchemy.exc import IntegrityError

import hoyle
from hoyle.core.errors import HoyleError
from hoyle.core.registry import family
from hoyle.i18n import _
from hoyle.titles import family_title, preset_title
from hoyle.web.store import Store, player_seats_t, players_t, sessions_t, tables_t
from hoyle.web.table import Refused, check_name
from hoyle.web.words import game_title

__all__ = [
    "COOKIE",
    "SESSION_SECONDS",
    "AccountError",
    "Accounts",
    "Attempts",
    "Player",
    "ratings_for",
]

COOKIE = "hoyle_session"
"""The session cookie's name."""
SESSION_SECONDS = 30 * 24 * 3600
"""How long a login lasts: 30 days."""
PASSWORD_MIN = 8
PASSWORD_MAX = 256
"""A password's length in characters: long enough to matter, short enough to hash at once."""
RECENT = 20
"""The recent records a profile lists."""


class AccountError(ValueError):
    """A refused account request: ``status`` is 400, 401, 403, 404, 409 or 429."""

    def __init__(self, reason: str, status: int = 400) -> None:
        super().__init__(reason)
        self.reason = reason
        self.status = status


@dataclass(frozen=True)
class Player:
    """A registered player, as a request knows them."""

    id: int
    name: str
    admin: bool = False


class Attempts:
    """At most ``most`` events per key in any ``window`` seconds (a sliding window)."""

    def __init__(self, most: int, window: float, clock: Callable[[], float] = time.monotonic):
        self.most = most
        self.window = window
        self.clock = clock
        self._seen: defaultdict[str, deque[float]] = defaultdict(deque)

    def wait(self, key: str) -> float:
        """Seconds until ``key`` may try again (0: now)."""
        now = self.clock()
        seen = self._seen.get(key)
        if not seen:
            return 0.0
        while seen and now - seen[0] >= self.window:
            seen.popleft()
        if len(seen) < self.most:
            return 0.0
        return self.window - (now - seen[0])

    def note(self, key: str) -> None:
        """Count one event for ``key``."""
        now = self.clock()
        self._seen[key].append(now)
        if len(self._seen) > 10_000:  # forget keys with nothing in the window
            for old in [k for k, v in self._seen.items() if now - v[-1] >= self.window]:
                del self._seen[old]

    def forget(self, key: str) -> None:
        """Clear ``key``'s count (a name's failures, once its password is given)."""
        self._seen.pop(key, None)


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def name_key(name: str) -> str:
    """The form a name is found by: "Ann" and "ANN" are one player."""
    return name.casefold()


_RETURNS = re.compile(r"returns ((?:-?[\d.]+ ?)+)")


def returns_of(record: str) -> list[float] | None:
    """The returns the record's ``Result`` tag gives, seat by seat (``None``: no result)."""
    for line in record.splitlines():
        if line.startswith("[Result "):
            found = _RETURNS.search(line)
            if found:
                return [float(x) for x in found.group(1).split()]
    return None


@functools.lru_cache(maxsize=1024)
def _kind(spec: str) -> tuple[str, str]:
    """A game string's family and variant (the string itself and "" if it no longer loads)."""
    try:
        game = hoyle.load(spec)
    except (HoyleError, ValueError):
        return spec, ""
    return game.family, game.variant


def _titles(spec: str) -> tuple[str, str, str]:
    """A game string's family title, variant title and whole title, in the language in force."""
    fam_name, variant = _kind(spec)
    try:
        fam = family(fam_name)
        return (
            family_title(fam),
            preset_title(fam.find_variant(variant)),
            game_title(hoyle.load(spec)),
        )
    except (HoyleError, ValueError, KeyError):
        return spec, "", spec


def ratings_for(store: Store, player: Player, families: Iterable[str]) -> dict[str, Any]:
    """The player's rating in each family they have played (:mod:`hoyle.web.ratings`): the
    displayed rating, their place among the players (bots left out) and how many players
    there are, and their rated games; ``None`` for "not rated yet"."""
    from hoyle.web.ratings import Ratings

    return Ratings(store).of_player(player.name, list(families))


class Accounts:
    """Players, sessions and held seats in the room's database."""

    def __init__(
        self,
        store: Store,
        admins: Iterable[str] = (),
        session_seconds: float = SESSION_SECONDS,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.admins = {name_key(a) for a in admins}
        self.session_seconds = session_seconds
        self.clock = clock
        self.hasher = PasswordHash((Argon2Hasher(),))
        self.failures_by_name = Attempts(5, 15 * 60)
        self.failures_by_address = Attempts(20, 15 * 60)
        self.registrations = Attempts(5, 3600)

    @functools.cached_property
    def _decoy(self) -> str:
        """A hash to check a password against when the name is nobody's: the same work (made
        at the first login, not when the room starts)."""
        return self.hasher.hash(secrets.token_urlsafe(16))

    # ------------------------------------------------------------------ checks

    def _player(self, row: Any) -> Player:
        return Player(row.id, row.name, name_key(row.name) in self.admins)

    @staticmethod
    def _check_password(password: Any) -> str:
        if not isinstance(password, str):
            raise AccountError(_("a password is text"))
        if len(password) < PASSWORD_MIN:
            raise AccountError(
                _("a password is at least {most} characters").format(most=PASSWORD_MIN)
            )
        if len(password) > PASSWORD_MAX:
            raise AccountError(
                _("a password is at most {most} characters").format(most=PASSWORD_MAX)
            )
        return password

    @staticmethod
    def _check_name(name: Any) -> str:
        try:
            return check_name(name)
        except Refused as exc:
            raise AccountError(exc.reason) from None

    @staticmethod
    def _limited(limit: Attempts, key: str) -> None:
        wait = limit.wait(key)
        if wait > 0:
            raise AccountError(
                _("too many attempts; try again in {wait} s").format(wait=f"{wait:.0f}"), 429
            )

    # ------------------------------------------------------------------ register, log in

    def register(self, name: Any, password: Any, address: str) -> tuple[Player, str]:
        """A new player and a session token for them; :class:`AccountError` if the name is
        taken (409), not a name, the password too short or long, or the address registered
        too many players lately (429)."""
        name = self._check_name(name)
        password = self._check_password(password)
        self._limited(self.registrations, address)
        hashed = self.hasher.hash(password)
        try:
            with self.store.engine.begin() as conn:
                result = conn.execute(
                    insert(players_t).values(
                        name=name,
                        name_key=name_key(name),
                        password_hash=hashed,
                        created=self.clock(),
                    )
                )
                key = result.inserted_primary_key
                assert key is not None
                player_id = int(key[0])
        except IntegrityError:
            raise AccountError(
                _("the name {name} is taken; log in, or choose another").format(name=name), 409
            ) from None
        self.registrations.note(address)
        player = Player(player_id, name, name_key(name) in self.admins)
        return player, self._new_session(player)

    def login(self, name: Any, password: Any, address: str) -> tuple[Player, str]:
        """The player and a new session token, or :class:`AccountError` (401 for a wrong name
        or password, without saying which; 429 after too many failures for the name or from
        the address)."""
        if not isinstance(name, str) or not isinstance(password, str):
            raise AccountError(_("give a name and a password"))
        key = name_key(" ".join(name.split()))[:64]
        self._limited(self.failures_by_name, key)
        self._limited(self.failures_by_address, address)
        with self.store.engine.connect() as conn:
            row = conn.execute(select(players_t).where(players_t.c.name_key == key)).first()
        stored = row.password_hash if row is not None else self._decoy
        ok = len(password) <= PASSWORD_MAX and self.hasher.verify(password, stored)
        if row is None or not ok:
            self.failures_by_name.note(key)
            self.failures_by_address.note(address)
            raise AccountError(_("wrong name or password"), 401)
        self.failures_by_name.forget(key)
        player = self._player(row)
        return player, self._new_session(player)

    def _new_session(self, player: Player) -> str:
        token = secrets.token_urlsafe(32)
        now = self.clock()
        with self.store.engine.begin() as conn:
            conn.execute(
                insert(sessions_t).values(
                    token_hash=_token_hash(token),
                    player_id=player.id,
                    created=now,
                    expires=now + self.session_seconds,
                )
            )
            # Expired sessions are forgotten as new ones are made.
            conn.execute(delete(sessions_t).where(sessions_t.c.expires <= now))
        return token

    def player_for(self, token: str | None) -> Player | None:
        """The player whose unexpired session ``token`` is (``None``: nobody's)."""
        if not token or len(token) > 128:
            return None
        query = (
            select(players_t)
            .join(sessions_t, sessions_t.c.player_id == players_t.c.id)
            .where(sessions_t.c.token_hash == _token_hash(token))
            .where(sessions_t.c.expires > self.clock())
        )
        with self.store.engine.connect() as conn:
            row = conn.execute(query).first()
        return None if row is None else self._player(row)

    def logout(self, token: str | None) -> None:
        """Forget the session ``token`` (nothing if it is nobody's)."""
        if not token:
            return
        with self.store.engine.begin() as conn:
            conn.execute(delete(sessions_t).where(sessions_t.c.token_hash == _token_hash(token)))

    def find(self, name: str) -> Player | None:
        """The player called ``name`` (any letter case), or ``None``."""
        with self.store.engine.connect() as conn:
            row = conn.execute(
                select(players_t).where(players_t.c.name_key == name_key(name))
            ).first()
        return None if row is None else self._player(row)

    # ------------------------------------------------------------------ seats

    def take_seat(self, player: Player, table_id: str, seat: int) -> bool:
        """Note that ``player`` holds ``seat`` of ``table_id``; ``False`` if another player
        holds it already (the first to take a seat keeps it)."""
        with self.store.engine.begin() as conn:
            held = conn.execute(
                select(player_seats_t.c.player_id).where(
                    (player_seats_t.c.table_id == table_id) & (player_seats_t.c.seat == seat)
                )
            ).scalar()
            if held is not None:
                return bool(held == player.id)
            conn.execute(
                insert(player_seats_t).values(
                    table_id=table_id, seat=seat, player_id=player.id, taken=self.clock()
                )
            )
        return True

    def _seats(self, player: Player, status: str) -> list[tuple[Any, int]]:
        """The player's tables of ``status`` with the seat held, newest first."""
        query = (
            select(tables_t, player_seats_t.c.seat)
            .join(player_seats_t, player_seats_t.c.table_id == tables_t.c.id)
            .where(player_seats_t.c.player_id == player.id)
            .where(tables_t.c.status == status)
            .order_by(tables_t.c.created.desc())
        )
        with self.store.engine.connect() as conn:
            return [(row, int(row.seat)) for row in conn.execute(query)]

    # ------------------------------------------------------------------ profiles

    def profile(self, player: Player) -> dict[str, Any]:
        """What anyone may read of ``player``: their finished games by family and variant,
        places, recent records (with their replays), and a rating per family."""
        kinds: dict[tuple[str, str], dict[str, Any]] = {}
        recent: list[dict[str, Any]] = []
        for row, seat in self._seats(player, "finished"):
            fam_name, variant = _kind(row.spec)
            fam_title, variant_title, title = _titles(row.spec)
            returns = returns_of(row.record or "") or []
            place = None
            if seat < len(returns):
                place = 1 + sum(1 for r in returns if r > returns[seat])
            entry = kinds.setdefault(
                (fam_name, variant),
                {
                    "family": fam_name,
                    "variant": variant,
                    "family_title": fam_title,
                    "variant_title": variant_title,
                    "games": 0,
                    "won": 0,
                },
            )
            entry["games"] += 1
            entry["won"] += place == 1
            if len(recent) < RECENT:
                seats = json.loads(row.seats)
                recent.append(
                    {
                        "table": row.id,
                        "game": row.spec,
                        "title": title,
                        "finished": row.finished,
                        "seat": seat,
                        "place": place,
                        "won": place == 1,
                        "players": [s["name"] for s in seats],
                        "replay": f"/replay/{row.id}",
                        "record": f"/api/tables/{row.id}/record",
                    }
                )
        families = sorted({k[0] for k in kinds})
        rated = ratings_for(self.store, player, families)
        return {
            "name": player.name,
            "admin": player.admin,
            "games": sum(e["games"] for e in kinds.values()),
            "won": sum(e["won"] for e in kinds.values()),
            "kinds": sorted(kinds.values(), key=lambda e: (-e["games"], e["family"])),
            "recent": recent,
            "ratings": [
                {
                    "family": f,
                    "family_title": _titles(f)[0],
                    **(rated.get(f) or {"rating": None}),
                    "leaderboard": f"/leaderboard/{f}",
                }
                for f in families
            ],
        }

    def private(self, player: Player, token: str | None) -> dict[str, Any]:
        """What only ``player`` may read: their sessions (the one of ``token`` marked
        ``current``) and the tables they are playing now."""
        with self.store.engine.connect() as conn:
            rows = conn.execute(
                select(sessions_t)
                .where(sessions_t.c.player_id == player.id)
                .where(sessions_t.c.expires > self.clock())
                .order_by(sessions_t.c.created.desc())
            ).all()
        mine = _token_hash(token) if token else None
        return {
            "name": player.name,
            "sessions": [
                {"created": r.created, "expires": r.expires, "current": r.token_hash == mine}
                for r in rows
            ],
            "playing": [
                {
                    "table": row.id,
                    "title": _titles(row.spec)[2],
                    "seat": seat,
                    "url": f"/t/{row.id}",
                }
                for row, seat in self._seats(player, "playing")
            ],
        }

    def logout_everywhere(self, player: Player) -> int:
        """Forget every session of ``player``, in every browser (a lost phone, a shared
        computer): how many there were. Their seats and games stay theirs."""
        with self.store.engine.begin() as conn:
            result = conn.execute(delete(sessions_t).where(sessions_t.c.player_id == player.id))
        return int(result.rowcount or 0)

    def expire(self, player: Player) -> None:
        """Make every session of ``player`` expired now (for tests and admins)."""
        with self.store.engine.begin() as conn:
            conn.execute(
                update(sessions_t)
                .where(sessions_t.c.player_id == player.id)
                .values(expires=self.clock() - 1)
            )
