"""A throw-away PostgreSQL cluster for the card-room tests: Debian's server binaries, a data
folder and socket folder in a fresh temporary folder, a free loopback port, trust logins.

``initdb`` refuses to run as root, and CI runs as root: there the server runs as the
``postgres`` system user (made by Debian's ``postgresql`` package), or ``nobody`` without it,
through ``runuser``. The temporary folder belongs to that user. Missing binaries fail the test
with what to install; ``./run.sh test`` installs them.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from roomkit import free_port

INSTALL = (
    "the PostgreSQL tests need Debian's PostgreSQL server binaries "
    "(/usr/lib/postgresql/*/bin/initdb and pg_ctl): install them with "
    "'apt-get install postgresql' (./run.sh test does this)"
)


def server_bin() -> Path:
    """The newest installed PostgreSQL's bin folder; the test fails if there is none."""

    def version(initdb: str) -> int:
        name = Path(initdb).parent.parent.name  # /usr/lib/postgresql/<version>/bin/initdb
        return int(name) if name.isdigit() else 0

    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=version)
    if not found:
        pytest.fail(INSTALL, pytrace=False)
    return Path(found[-1]).parent


def _run_as() -> list[str]:
    """The command prefix that runs the server as an unprivileged user when we are root."""
    if os.geteuid() != 0:
        return []
    for user in ("postgres", "nobody"):
        try:
            pwd.getpwnam(user)
        except KeyError:
            continue
        return ["runuser", "-u", user, "--"]
    pytest.fail("running as root with neither a 'postgres' nor a 'nobody' user", pytrace=False)


@contextmanager
def postgres_cluster() -> Iterator[str]:
    """A running PostgreSQL server for the duration; yields its SQLAlchemy URL."""
    bin_dir = server_bin()
    prefix = _run_as()
    # Not under pytest's own temporary folder: that one is private to root.
    home = Path(tempfile.mkdtemp(prefix="hoyle-pg-"))
    data, sockets = home / "data", home / "sockets"
    sockets.mkdir()
    if prefix:
        user = pwd.getpwnam(prefix[2])
        for path in (home, sockets):
            os.chown(path, user.pw_uid, user.pw_gid)
    port = free_port()
    log = home / "server.log"

    def run(*cmd: str) -> None:
        done = subprocess.run([*prefix, *cmd], capture_output=True, text=True, cwd=home)
        if done.returncode:
            tail = log.read_text()[-2000:] if log.exists() else ""
            raise AssertionError(f"{' '.join(cmd)} failed:\n{done.stdout}{done.stderr}{tail}")

    try:
        run(str(bin_dir / "initdb"), "-D", str(data), "-U", "hoyle", "--auth=trust", "-E", "UTF8")
        options = f"-p {port} -k {sockets} -c listen_addresses=127.0.0.1 -c fsync=off"
        run(str(bin_dir / "pg_ctl"), "-D", str(data), "-l", str(log), "-o", options, "-w", "start")
        try:
            yield f"postgresql+psycopg://hoyle@127.0.0.1:{port}/postgres"
        finally:
            run(str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop")
    finally:
        shutil.rmtree(home, ignore_errors=True)


def new_database(url: str, name: str) -> str:
    """Create the empty database ``name`` on the cluster at ``url``; its URL."""
    import psycopg

    plain = url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(plain, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')  # a test's own name: no quoting issue
    return url.rsplit("/", 1)[0] + "/" + name
