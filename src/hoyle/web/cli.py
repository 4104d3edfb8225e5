"""``hoyle serve`` and ``hoyle verify``: the card room's two commands.

:func:`add_commands` adds them to the main parser, so ``hoyle.cli`` needs one line for both.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

__all__ = ["add_commands", "cmd_serve", "cmd_verify", "data_dir"]


def data_dir() -> Path:
    """Where the card room keeps its SQLite file: ``$HOYLE_DATA``, else the XDG data folder."""
    if os.environ.get("HOYLE_DATA"):
        return Path(os.environ["HOYLE_DATA"])
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "hoyle"


def add_commands(sub: Any) -> None:
    """Add ``serve`` and ``verify`` to the sub-command parser ``sub``."""
    serve = sub.add_parser("serve", help="run the web card room (browser play, friends, bots)")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    serve.add_argument("--port", type=int, default=8000, help="port (8000)")
    serve.add_argument(
        "--database",
        metavar="URL",
        help="SQLAlchemy URL (postgresql://user@host/db) or SQLite file "
        "(default: cardroom.sqlite3 in $HOYLE_DATA or ~/.local/share/hoyle)",
    )
    serve.add_argument(
        "--bot-delay", type=float, default=0.5, help="seconds a bot waits before playing (0.5)"
    )
    serve.add_argument(
        "--turn-timeout",
        type=float,
        default=90.0,
        help="seconds of silence on a turn before a bot plays for an absent human (90)",
    )
    serve.add_argument(
        "--grace",
        type=float,
        default=30.0,
        help="seconds a seat with no connection waits before a bot takes it (30)",
    )
    serve.add_argument(
        "--summary-seconds",
        type=float,
        default=20.0,
        help="seconds bots wait after a deal so its summary can be read, unless every "
        "player continues first (20)",
    )
    serve.add_argument(
        "--summary-seconds-bots",
        type=float,
        default=4.0,
        help="the same wait when no player is connected (4)",
    )
    serve.add_argument(
        "--auto-delay",
        type=float,
        default=0.6,
        help="seconds before a player's only legal move is played for them (0.6)",
    )
    serve.set_defaults(func=cmd_serve)
    verify = sub.add_parser("verify", help="check a card-room record's shuffles against its hashes")
    verify.add_argument("records", nargs="+", metavar="RECORD", type=Path)
    verify.set_defaults(func=cmd_verify)


def cmd_serve(args: argparse.Namespace) -> int:
    """Run the server until Ctrl-C."""
    try:
        import uvicorn

        from hoyle.web.app import create_app
        from hoyle.web.store import database_url
        from hoyle.web.table import Settings
    except ImportError as exc:
        print(
            f"hoyle serve: the web extra is missing ({exc.name}); "
            "install it with: pip install 'hoyle[web]'",
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
    )
    app = create_app(url, settings)
    shown = "localhost" if args.host in ("127.0.0.1", "0.0.0.0", "::") else args.host
    safe = url.split("@")[-1] if "@" in url else url  # never print a database password
    print(f"hoyle card room: http://{shown}:{args.port}/  (database {safe}; Ctrl-C stops)")
    sys.stdout.flush()
    # No client message is near 64 KiB: bigger frames are refused before they are read. The
    # state messages are a few KiB of JSON; compressing each one cost more CPU than the rest
    # of serving it (benchmarks/web_load.py), so WebSocket compression is off.
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_level="warning",
        ws_max_size=65536,
        ws_per_message_deflate=False,
    )
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
            print(f"{path}: NOT VERIFIED: {exc}")
            status = 1
            continue
        print(f"{path}: every deal verified ({rec.tags.get('Game')})")
        for line in lines:
            print(f"  {line}")
    return status
