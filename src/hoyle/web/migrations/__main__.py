"""``python -m hoyle.web.migrations``: the card room's migrations for a developer or a club.

- ``revision -m MESSAGE [--autogenerate] [--database URL]`` writes the next revision,
  ``versions/NNNN_message.py``. With ``--autogenerate`` its operations are what the store's
  models (``hoyle.web.store``) have that the database at head lacks; without ``--database``
  that database is a temporary SQLite file brought to head first. Read what it wrote: it is a
  draft (a renamed column reads as one dropped and one added).
- ``upgrade --database URL`` upgrades a database now (``hoyle serve`` does it at start).
- ``current --database URL`` prints a database's revision; ``history`` lists the revisions.

``--database`` takes what ``hoyle serve --database`` takes: a SQLite file or a URL.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from alembic import command
from sqlalchemy import create_engine

from hoyle.web.migrations import config, current, head, upgrade
from hoyle.web.store import Store, database_url


def _url(database: str) -> str:
    return database_url(database, Path())


def cmd_revision(args: argparse.Namespace) -> int:
    """Write the next revision (numbered after the head)."""
    number = f"{int(head()) + 1:04d}" if head().isdigit() else None
    if not args.autogenerate:
        written = command.revision(config(), message=args.message, rev_id=number)
    else:
        with tempfile.TemporaryDirectory() as folder:
            url = _url(args.database or str(Path(folder) / "head.sqlite3"))
            Store(url).close()  # the database at head: the revision is what the models add
            written = command.revision(
                config(url=url), message=args.message, autogenerate=True, rev_id=number
            )
    scripts = written if isinstance(written, list) else [written]
    ruff = shutil.which("ruff", path=str(Path(sys.executable).parent)) or shutil.which("ruff")
    for script in scripts:
        # Sorted and formatted as the project's code is (its imports stay, to be used).
        if script is not None and ruff is not None:
            subprocess.run([ruff, "check", "--fix", "--select", "I", "--quiet", script.path])
            subprocess.run([ruff, "format", "--quiet", script.path])
    return 0


def cmd_upgrade(args: argparse.Namespace) -> int:
    """Upgrade the database to head."""
    engine = create_engine(_url(args.database))
    try:
        done = upgrade(engine)
    finally:
        engine.dispose()
    print(f"at revision {head()}" + ("" if done is None else f" (was {done[0] or 'none'})"))
    return 0


def cmd_current(args: argparse.Namespace) -> int:
    """Print the database's revision."""
    engine = create_engine(_url(args.database))
    try:
        with engine.connect() as conn:
            print(current(conn) or "none")
    finally:
        engine.dispose()
    return 0


def cmd_history(_args: argparse.Namespace) -> int:
    """List the revisions, newest first."""
    command.history(config())
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run the sub-command."""
    parser = argparse.ArgumentParser(
        prog="python -m hoyle.web.migrations", description=__doc__.split("\n\n")[0]
    )
    sub = parser.add_subparsers(dest="command", required=True)
    revision = sub.add_parser("revision", help="write the next revision")
    revision.add_argument("-m", "--message", required=True, help="what it changes, in a few words")
    revision.add_argument(
        "--autogenerate", action="store_true", help="its operations from the store's models"
    )
    revision.add_argument("--database", help="compare with this database (default: a new one)")
    revision.set_defaults(run=cmd_revision)
    for name, run, what in (
        ("upgrade", cmd_upgrade, "upgrade a database to the newest revision"),
        ("current", cmd_current, "print a database's revision"),
    ):
        p = sub.add_parser(name, help=what)
        p.add_argument("--database", required=True, help="a SQLite file or a database URL")
        p.set_defaults(run=run)
    sub.add_parser("history", help="list the revisions").set_defaults(run=cmd_history)
    args = parser.parse_args(argv)
    status: int = args.run(args)
    return status


if __name__ == "__main__":
    sys.exit(main())
