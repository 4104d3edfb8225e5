"""``hoyle serve`` and ``hoyle verify``: the card room's two commands.

:func:`add_commands` adds them to the main parser, so ``hoyle.cli`` needs one line for both.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import socket
import sys
from pathlib import Path
from typing import Any

from hoyle.i18n import _

__all__ = [
    "add_commands",
    "allowed_hosts",
    "cmd_serve",
    "cmd_verify",
    "data_dir",
    "limits_of",
    "listen",
]


def data_dir() -> Path:
    """Where the card room keeps its SQLite file: ``$HOYLE_DATA``, else the XDG data folder."""
    if os.environ.get("HOYLE_DATA"):
        return Path(os.environ["HOYLE_DATA"])
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "hoyle"


def add_commands(sub: Any) -> None:
    """Add ``serve`` and ``verify`` to the sub-command parser ``sub``."""
    serve = sub.add_parser("serve", help=_("run the web card room (browser play, friends, bots)"))
    serve.add_argument("--host", default="127.0.0.1", help=_("address to listen on (127.0.0.1)"))
    serve.add_argument("--port", type=int, default=8000, help=_("port (8000)"))
    serve.add_argument(
        "--database",
        metavar="URL",
        help=_(
            "SQLAlchemy URL (postgresql://user@host/db) or SQLite file "
            "(default: cardroom.sqlite3 in $HOYLE_DATA or ~/.local/share/hoyle)"
        ),
    )
    serve.add_argument(
        "--bot-delay", type=float, default=0.5, help=_("seconds a bot waits before playing (0.5)")
    )
    serve.add_argument(
        "--turn-timeout",
        type=float,
        default=90.0,
        help=_("seconds of silence on a turn before a bot plays for an absent human (90)"),
    )
    serve.add_argument(
        "--grace",
        type=float,
        default=30.0,
        help=_("seconds a seat with no connection waits before a bot takes it (30)"),
    )
    serve.add_argument(
        "--summary-seconds",
        type=float,
        default=20.0,
        help=_(
            "seconds bots wait after a deal so its summary can be read, unless every "
            "player continues first (20)"
        ),
    )
    serve.add_argument(
        "--summary-seconds-bots",
        type=float,
        default=4.0,
        help=_("the same wait when no player is connected (4)"),
    )
    serve.add_argument(
        "--auto-delay",
        type=float,
        default=0.6,
        help=_("seconds before a player's only legal move is played for them (0.6)"),
    )
    serve.add_argument(
        "--admin",
        action="append",
        metavar="NAME",
        default=[],
        help=_("a registered player who is a club admin (repeat for more)"),
    )
    _add_limits(serve)
    serve.set_defaults(func=cmd_serve)
    verify = sub.add_parser(
        "verify", help=_("check a card-room record's shuffles against its hashes")
    )
    verify.add_argument("records", nargs="+", metavar="RECORD", type=Path)
    verify.set_defaults(func=cmd_verify)


def _add_limits(serve: argparse.ArgumentParser) -> None:
    """The flags of a public room: its limits, its bots' share of the machine, its names."""
    from hoyle.web.limits import Limits

    d = Limits()
    group = serve.add_argument_group(
        _("a public room"),
        _("limits on what visitors may start (docs/web.md, Running a public room)"),
    )
    group.add_argument(
        "--max-tables",
        type=int,
        default=d.tables,
        help=_("live tables in all ({default})").format(default=d.tables),
    )
    group.add_argument(
        "--tables-per-client",
        type=int,
        default=d.tables_per_client,
        help=_("live tables one client address may have made ({default})").format(
            default=d.tables_per_client
        ),
    )
    group.add_argument(
        "--tables-per-minute",
        type=int,
        default=d.per_minute,
        help=_("tables one client address may create a minute ({default})").format(
            default=d.per_minute
        ),
    )
    group.add_argument(
        "--bot-levels",
        metavar="LEVELS",
        help=_("the bot levels a table may seat, e.g. random,easy,medium,hard (every level)"),
    )
    group.add_argument(
        "--max-deals",
        type=int,
        default=d.deals,
        help=_("the most deals a game may ask with deals=N ({default})").format(default=d.deals),
    )
    group.add_argument(
        "--max-target-factor",
        type=float,
        default=d.target_factor,
        help=_("a target may be this many times the rules' own ({default})").format(
            default=f"{d.target_factor:g}"
        ),
    )
    group.add_argument(
        "--no-limits", action="store_true", help=_("none of the limits above (a room for one)")
    )
    group.add_argument(
        "--bot-workers",
        type=int,
        help=_(
            "processes the searching bots think in (the cores but one; 0: the server's "
            "threads, only to measure what the workers change)"
        ),
    )
    group.add_argument(
        "--bot-seconds",
        type=float,
        default=1.0,
        help=_("the most a bot or a hint thinks per move; a level's own shorter budget stays (1)"),
    )
    group.add_argument(
        "--allow-host",
        action="append",
        metavar="NAME",
        default=[],
        help=_(
            "a name the room answers to (repeat for more; by default the address it "
            "listens on, and localhost); '*' for any"
        ),
    )


def limits_of(args: argparse.Namespace) -> Any:
    """The :class:`~hoyle.web.limits.Limits` the flags ask for."""
    from hoyle.web.limits import OFF, Limits

    if args.no_limits:
        return OFF
    levels = None
    if args.bot_levels:
        levels = tuple(w.strip() for w in args.bot_levels.split(",") if w.strip())
        known = known_levels()
        for level in levels:
            if level not in known:
                raise ValueError(
                    _("--bot-levels: no family has a bot {level!r}; levels: {levels}").format(
                        level=level, levels=", ".join(known)
                    )
                )
    return Limits(
        tables_per_client=args.tables_per_client,
        tables=args.max_tables,
        per_minute=args.tables_per_minute,
        levels=levels,
        deals=args.max_deals,
        target_factor=args.max_target_factor,
    )


def known_levels() -> list[str]:
    """Every bot level some family has, in the order the families list them."""
    import hoyle
    from hoyle.core.registry import agent_names, families

    found: dict[str, None] = {}
    for name in families():
        found.update(dict.fromkeys(agent_names(hoyle.load(name))))
    return list(found)


def allowed_hosts(host: str, extra: list[str]) -> list[str] | None:
    """The Host names the room answers to: ``extra`` and the address it listens on, with
    the loopback names, and when it listens on every address this machine's names and
    addresses; ``None`` (any name) when ``extra`` has ``*``."""
    if "*" in extra:
        return None
    names = {"localhost", "127.0.0.1", "::1", *extra}
    if host in ("0.0.0.0", "::", ""):
        found = {socket.gethostname(), socket.getfqdn()}
        for name in list(found):
            with contextlib.suppress(OSError):
                found.update(str(info[4][0]) for info in socket.getaddrinfo(name, None))
        names |= found
    else:
        names.add(host)
    return sorted(names)


def listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port``, or OSError (the port is taken, say) before anything
    is announced."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def cmd_serve(args: argparse.Namespace) -> int:
    """Run the server until Ctrl-C."""
    try:
        import uvicorn

        from hoyle.web.app import create_app
        from hoyle.web.store import StoreError, database_url
        from hoyle.web.table import Settings
    except ImportError as exc:
        print(
            _(
                "hoyle serve: the web extra is missing ({name}); "
                "install it with: pip install 'hoyle[web]'"
            ).format(name=exc.name),
            file=sys.stderr,
        )
        return 1
    url = database_url(args.database, data_dir())
    settings = Settings(
        bot_delay=args.bot_delay,
        turn_timeout=args.turn_timeout,
        grace=args.grace,
        summary_seconds=args.summary_seconds,
        summary_seconds_bots=args.summary_seconds_bots,
        auto_delay=args.auto_delay,
        bot_seconds=args.bot_seconds,
    )
    if args.bot_workers is not None:
        settings.bot_workers = args.bot_workers
    try:
        sock = listen(args.host, args.port)
    except OSError as exc:
        print(
            _(
                "hoyle serve: cannot listen on {address} ({reason}); "
                "is another room running? choose another with --port"
            ).format(address=f"{args.host}:{args.port}", reason=exc.strerror),
            file=sys.stderr,
        )
        return 1
    hosts = allowed_hosts(args.host, args.allow_host)
    try:
        app = create_app(url, settings, limits_of(args), hosts, admins=args.admin)
    except (StoreError, ValueError) as exc:
        sock.close()
        print(_("hoyle serve: {reason}").format(reason=exc), file=sys.stderr)
        return 1
    shown = "localhost" if args.host in ("127.0.0.1", "0.0.0.0", "::") else args.host
    safe = url.split("@")[-1] if "@" in url else url  # never print a database password
    print(
        _("hoyle card room: {url}  (database {database}; Ctrl-C stops)").format(
            url=f"http://{shown}:{args.port}/", database=safe
        )
    )
    if hosts is not None and args.host not in ("127.0.0.1", "localhost", "::1"):
        print(
            _("  answering to {names} (add a name with --allow-host NAME)").format(
                names=", ".join(hosts)
            )
        )
    sys.stdout.flush()
    # No client message is near 64 KiB: bigger frames are refused before they are read. The
    # state messages are a few KiB of JSON; compressing each one cost more CPU than the rest
    # of serving it (benchmarks/web_load.py), so WebSocket compression is off.
    config = uvicorn.Config(
        app,
        log_level="warning",
        ws_max_size=65536,
        ws_per_message_deflate=False,
    )
    uvicorn.Server(config).run(sockets=[sock])
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    """Check each record's deals; print what was checked; status 1 at the first failure."""
    from hoyle.records import RecordError, read_file
    from hoyle.web.fair import verify_record

    status = 0
    for path in args.records:
        try:
            rec = read_file(path)
            lines = verify_record(rec)
        except (OSError, RecordError) as exc:
            print(_("{path}: NOT VERIFIED: {reason}").format(path=path, reason=exc))
            status = 1
            continue
        print(
            _("{path}: every deal verified ({game})").format(path=path, game=rec.tags.get("Game"))
        )
        for line in lines:
            print(f"  {line}")
    return status
