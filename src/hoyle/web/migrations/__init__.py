"""The card room database's migrations (Alembic), run by the store each time it opens one.

A club keeps its tables, logs and reviews across upgrades of hoyle: :func:`upgrade` brings the
database to the newest revision when :class:`~hoyle.web.store.Store` opens it, so
``hoyle serve`` upgrades it at start.

- A new database gets every table (the revisions from the first).
- A database made before migrations (its tables made by ``metadata.create_all``, no version
  table) is taken over: the baseline revision finds its tables there, keeps them as they are,
  makes any it lacks, and the later revisions follow.
- A database at an older revision gets the revisions after it.
- A database at the newest revision is left alone after one look at its version.

Two rooms starting on one database at once do not both upgrade it: the upgrade runs in one
transaction that first takes a lock (SQLite: ``BEGIN IMMEDIATE``, the database's one writer;
PostgreSQL: a transaction-level advisory lock; both undo the whole upgrade if it fails), and
the version is read again under that lock. The version is kept in
:data:`VERSION_TABLE`, not in the usual ``alembic_version``, so that a club's database can be
shared with another program that has migrations of its own.

No ``alembic.ini`` is needed: :func:`config` builds the configuration in code, and the
connection the store has locked reaches ``env.py`` through ``config.attributes``. New revisions
are written with ``python -m hoyle.web.migrations revision`` (see docs/web.md, "Upgrading").
"""

from __future__ import annotations

import functools
import logging
import sys
from pathlib import Path

from alembic import command, context, op
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, inspect, text

from hoyle.i18n import _

__all__ = [
    "BASELINE",
    "VERSION_TABLE",
    "MigrationError",
    "config",
    "current",
    "existing_tables",
    "head",
    "ours",
    "upgrade",
]

HERE = Path(__file__).resolve().parent
VERSION_TABLE = "cardroom_alembic_version"
"""Where the database's revision is kept."""
BASELINE = "0001"
"""The revision of the schema the last release before migrations made."""
_PG_LOCK = 0x686F796C65  # "hoyle": the advisory lock's key, the same for every room

log = logging.getLogger("hoyle.web")


class MigrationError(RuntimeError):
    """The database cannot be upgraded by this hoyle (a newer hoyle's database, say)."""


def existing_tables() -> set[str]:
    """The tables of the database a revision is upgrading (none when writing SQL for a new
    one): each revision makes only what is missing, since a database from before migrations
    already has some. Call it inside a revision's ``upgrade``."""
    if context.is_offline_mode():
        return set()
    return set(inspect(op.get_bind()).get_table_names())


def ours(name: str | None) -> bool:
    """Whether the table called ``name`` is the card room's."""
    return name is not None and name.startswith("cardroom_")


def config(connection: Connection | None = None, url: str | None = None) -> Config:
    """Alembic's configuration for the card room: the scripts in this package; the
    migrations run on ``connection`` (in its transaction), or on the database at ``url``."""
    cfg = Config(stdout=sys.stdout)  # today's (alembic's default is the one at its import)
    cfg.set_main_option("script_location", str(HERE))
    # New revisions are files named after their number: versions/0002_add_players.py.
    cfg.set_main_option("file_template", "%%(rev)s_%%(slug)s")
    if url is not None:
        cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    if connection is not None:
        cfg.attributes["connection"] = connection
    return cfg


@functools.cache
def _scripts() -> ScriptDirectory:
    return ScriptDirectory.from_config(config())


def head() -> str:
    """The newest revision this hoyle knows."""
    found = _scripts().get_current_head()
    if found is None:  # more than one head raises in alembic; none means no revision at all
        raise MigrationError("hoyle.web.migrations has no revision")
    return found


def known(revision: str) -> bool:
    """Whether ``revision`` is one of this hoyle's."""
    return revision in {s.revision for s in _scripts().walk_revisions()}


def current(connection: Connection) -> str | None:
    """The database's revision (``None``: new, or made before migrations)."""
    context = MigrationContext.configure(connection, opts={"version_table": VERSION_TABLE})
    return context.get_current_revision()


def upgrade(engine: Engine) -> tuple[str | None, str] | None:
    """Bring the database to :func:`head`: ``(before, after)`` when it was upgraded,
    ``None`` when it was at head already. Raises :class:`MigrationError` for a database this
    hoyle cannot upgrade."""
    newest = head()
    with engine.connect() as conn:  # the usual case, at head: one read, no lock
        if current(conn) == newest:
            return None
    with engine.begin() as conn:
        _lock(conn)
        before = current(conn)  # again: another room may have upgraded it meanwhile
        if before == newest:
            return None
        if before is not None and not known(before):
            raise MigrationError(
                _(
                    "the database is at revision {revision}, which this hoyle does not know "
                    "(it knows up to {head}): it was upgraded by a newer hoyle; run that one"
                ).format(revision=before, head=newest)
            )
        older = before is None and inspect(conn).has_table("cardroom_tables")
        command.upgrade(config(conn), "head")
    if older:
        log.warning(
            "the card room's database was made before migrations: its tables are kept as they "
            "were (revision %s)%s",
            BASELINE,
            "" if newest == BASELINE else f", then upgraded to revision {newest}",
        )
    elif before is not None:
        log.warning("the card room's database was upgraded from revision %s to %s", before, newest)
    else:
        log.info("the card room's database is new: its tables are made (revision %s)", newest)
    return before, newest


def _lock(conn: Connection) -> None:
    """Hold the database's upgrade lock until ``conn``'s transaction ends."""
    dialect = conn.dialect.name
    if dialect == "sqlite":
        # The transaction itself becomes the one writer (waiting out busy_timeout for another
        # room's); SQLite's schema changes are transactional, so a failed upgrade leaves none.
        conn.exec_driver_sql("BEGIN IMMEDIATE")
    elif dialect == "postgresql":
        conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _PG_LOCK})
