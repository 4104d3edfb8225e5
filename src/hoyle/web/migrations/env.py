"""Alembic's environment for the card room: run by :func:`hoyle.web.migrations.upgrade` when
the store opens a database, and by ``python -m hoyle.web.migrations`` for a developer.

The store passes the connection it has locked in ``config.attributes["connection"]``, already
in a transaction, which the migrations then run in (and the store commits). Without one (the
developer's command) the URL comes from the config's ``sqlalchemy.url``.

Only the card room's own tables (``cardroom_*``) are looked at: a club's database may hold
other programs' tables too (an arena study's, say), and a new revision must never drop them.
"""

from __future__ import annotations

from typing import Any

from alembic import context
from sqlalchemy import create_engine
from sqlalchemy.engine import Connection

from hoyle.web.migrations import VERSION_TABLE, ours
from hoyle.web.store import metadata


def include_name(name: str | None, type_: str, _parents: Any) -> bool:
    """Whether autogenerate looks at a table: only the card room's."""
    return type_ != "table" or ours(name)


def run(connection: Connection) -> None:
    """The migrations on ``connection``."""
    context.configure(
        connection=connection,
        target_metadata=metadata,
        version_table=VERSION_TABLE,
        include_name=include_name,
        # SQLite changes a table's columns by copying it: autogenerate writes batch operations.
        render_as_batch=True,
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def main() -> None:
    """Run the migrations the command asked for."""
    if context.is_offline_mode():
        raise SystemExit("the card room's migrations run on a database, not as SQL (--sql)")
    given: Connection | None = context.config.attributes.get("connection")
    if given is not None:
        run(given)
        return
    url = context.config.get_main_option("sqlalchemy.url")
    if not url:
        raise SystemExit("give the database: --database URL")
    engine = create_engine(url)
    try:
        with engine.begin() as connection:
            run(connection)
    finally:
        engine.dispose()


main()
