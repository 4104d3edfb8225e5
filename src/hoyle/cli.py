"""The ``hoyle`` command line (also ``python -m hoyle``).

Sub-commands::

    hoyle play GAME [--variant V] [--seed S] [--seat K] [--opponents easy] [--plain]
               [name=value ...]
    hoyle simulate GAME --games N --seed S --agents random,easy,... [--json]
                [--workers K | --ray ADDRESS] [--out FILE] [name=value ...]
    hoyle match GAME --agents A,B[,...] --deals N [--duplicate] [--workers K | --ray ADDRESS]
                [--json] [--chart FILE.png] [--database URL] [--out FILE] [name=value ...]
    hoyle variants GAME [--json]
    hoyle rules GAME [--variant V] [name=value ...]
    hoyle replay FILE
    hoyle games

GAME is a family name (``hearts``) or a whole game string (``"hearts(moon=subtract)"``);
``--variant`` and trailing ``name=value`` options are laid over it. Every rule, every legal move
and every error message comes from the engine: this module only reads arguments, drives the
game and prints. A bad argument exits with status 2 and one line on stderr; a failed replay,
an unsaved record or an arena result that could not be saved exits with status 1.
"""

from __future__ import annotations

import argparse
import datetime as _dt
import json
import os
import random
import secrets
import sys
import textwrap
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TextIO, TypeVar

import hoyle
from hoyle.core.errors import HoyleError
from hoyle.core.options import format_value
from hoyle.core.protocol import Game, State
from hoyle.core.registry import Agent, families, family, parse_spec, split_agents

if TYPE_CHECKING:  # the arena is imported only by the commands that use it
    from hoyle.arena.executors import Executor
    from hoyle.arena.sinks import RunInfo, Sink
    from hoyle.arena.store import Store

__all__ = ["UsageError", "build_parser", "derive_seed", "main", "rules_lines"]

_R = TypeVar("_R")
"""What a streamed run returns (a match or a simulation result)."""

EXIT_OK = 0
EXIT_FAILURE = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130
"""The shell's status for a program stopped by Ctrl-C (128 + SIGINT)."""


class UsageError(Exception):
    """A bad command-line argument; the message is the one line shown to the user."""


class _Parser(argparse.ArgumentParser):
    """argparse, but errors become :class:`UsageError` so that ``main`` prints one line."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _positive_seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds, not {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be more than 0 seconds, not {value}")
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds, not {text!r}") from None
    if not 0 <= value <= 60:
        raise argparse.ArgumentTypeError(f"must be between 0 and 60 seconds, not {value}")
    return value


def _game_arguments(parser: argparse.ArgumentParser, *, default: str | None = None) -> None:
    """GAME, ``--variant`` and the trailing ``name=value`` options."""
    if default is None:
        parser.add_argument("game", metavar="GAME", help="family name or game string")
    else:
        parser.add_argument(
            "game",
            metavar="GAME",
            nargs="?",
            default=default,
            help=f"family name or game string (default: {default})",
        )
    parser.add_argument("options", metavar="name=value", nargs="*", help="rule options")
    parser.add_argument("--variant", metavar="V", help="start from this preset")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every sub-command."""
    parser = _Parser(
        prog="hoyle",
        description="Hearts, All Fours, Spite and Malice and Écarté, played by the rules.",
    )
    parser.add_argument("--version", action="version", version=f"hoyle {hoyle.__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = sub.add_parser("play", help="play a game in the terminal against computer players")
    _game_arguments(play, default=families()[0])
    play.add_argument("--seed", type=int, help="deal from this seed (default: a random one)")
    play.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    play.add_argument(
        "--opponents",
        default="easy",
        metavar="AGENTS",
        help="agent for the other seats, or a comma list, one per other seat (default easy)",
    )
    play.add_argument(
        "--hint",
        action="store_true",
        help="show the expert's advice before each of your moves (type hint for it any time)",
    )
    play.add_argument("--record", metavar="FILE", type=Path, help="where to save the record")
    play.add_argument("--no-record", action="store_true", help="do not save a record")
    play.add_argument(
        "--plain",
        action="store_true",
        help="the line-by-line game instead of the full-screen one (always so when piped)",
    )
    play.add_argument(
        "--delay",
        type=_seconds,
        metavar="SECONDS",
        help="pause after each computer move (default 0.3 on a terminal, else 0)",
    )
    play.add_argument(
        "--no-auto-forced",
        action="store_true",
        help="play every move yourself, also the only legal one (by default the terminal "
        "plays it for you after a short pause)",
    )
    play.set_defaults(func=cmd_play)

    sim = sub.add_parser("simulate", help="play many games between agents and summarise")
    _game_arguments(sim)
    sim.add_argument("--games", type=_positive_int, default=100, help="games to play (100)")
    sim.add_argument("--seed", type=int, default=0, help="game i is dealt from seed S+i (0)")
    sim.add_argument(
        "--agents",
        default="random",
        help="one agent name per seat, comma-separated, or one for every seat (random)",
    )
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")
    _run_arguments(sim)
    sim.set_defaults(func=cmd_simulate)

    _match_parser(sub)

    var = sub.add_parser("variants", help="list a family's presets")
    var.add_argument("game", metavar="GAME", help="family name")
    var.add_argument("--json", action="store_true", help="print a JSON list")
    var.set_defaults(func=cmd_variants)

    rules = sub.add_parser("rules", help="the rules in force for a game, from its options")
    _game_arguments(rules)
    rules.set_defaults(func=cmd_rules)

    replay = sub.add_parser("replay", help="check a game record move by move")
    replay.add_argument("file", metavar="FILE", type=Path)
    replay.set_defaults(func=cmd_replay)

    from hoyle.web.cli import add_commands as _web_commands  # serve, verify: the card room

    _web_commands(sub)

    for name in ("games", "families"):
        games = sub.add_parser(name, help="list the game families")
        games.add_argument("--json", action="store_true", help="print a JSON list")
        games.set_defaults(func=cmd_games)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``); return the exit status."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    try:
        args, extras = parser.parse_known_args(args_list)
        # A name=value after an --option is left over by argparse; it is still an option.
        for extra in extras:
            if "=" in extra and not extra.startswith("-") and hasattr(args, "options"):
                args.options.append(extra)
            else:
                raise UsageError(f"unrecognized argument {extra!r}")
        func: Callable[[argparse.Namespace], int] | None = getattr(args, "func", None)
        if func is None:
            parser.print_help()
            return EXIT_USAGE
        return func(args)
    except UsageError as exc:
        _error(str(exc))
        return EXIT_USAGE
    except SystemExit as exc:  # --help and --version
        return exc.code if isinstance(exc.code, int) else EXIT_OK
    except BrokenPipeError:
        # The reader went away (``hoyle variants hearts | head``): stop quietly.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_FAILURE


def _error(message: str) -> None:
    one_line = " ".join(message.split())
    print(f"hoyle: error: {one_line}", file=sys.stderr)


# --------------------------------------------------------------------------- shared helpers


def _load_game(spec: str, variant: str | None, options: Sequence[str]) -> Game[Any]:
    """The game named by GAME, ``--variant`` and ``name=value`` options (in that order)."""
    extra: dict[str, str] = {}
    for item in options:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise UsageError(f"expected an option as name=value, not {item!r}")
        extra[name.strip().replace("-", "_")] = value.strip()
    if variant is not None:
        extra["variant"] = variant
    try:
        return hoyle.load(spec, **extra)
    except HoyleError as exc:
        raise UsageError(str(exc)) from None


def _make_agent(name: str, game: Game[Any], seed: int) -> Agent:
    try:
        return hoyle.agent(name, game, seed=seed)
    except HoyleError as exc:
        raise UsageError(str(exc)) from None


def _agent_list(text: str, count: int, flag: str, what: str) -> list[str]:
    """``count`` agent names from ``a,b,c`` (one per seat) or ``a`` (for every seat)."""
    names = split_agents(text)
    if len(names) == 1:
        return names * count
    if len(names) != count:
        raise UsageError(
            f"{flag} names {len(names)} agents for {count} {what}; "
            f"give one name, or one per {what[:-1]} separated by commas"
        )
    return names


def derive_seed(seed: int, *parts: int) -> int:
    """A seed for one agent in one game, fixed by the run's seed: reruns play the same."""
    return random.Random(":".join(str(p) for p in (seed, *parts))).getrandbits(63)


def _wrap(text: str, indent: str = "  ", width: int = 88) -> list[str]:
    return textwrap.wrap(
        text,
        width=width,
        initial_indent=indent,
        subsequent_indent=indent,
        break_on_hyphens=False,  # names such as rickety-kate stay whole
    )


# --------------------------------------------------------------------------- play


def cmd_play(args: argparse.Namespace) -> int:
    """``hoyle play``: a game in the terminal, then its record saved."""
    from hoyle.tui.app import TerminalGame
    from hoyle.tui.render import Style

    spec, options = args.game, list(args.options)
    if "=" in spec and "(" not in spec.split("=", 1)[0]:
        # ``hoyle play deals=1``: an option where the game would be; the game is the default.
        spec, options = families()[0], [spec, *options]
    game = _load_game(spec, args.variant, options)
    players = game.num_players
    if not 0 <= args.seat < players:
        raise UsageError(f"--seat must be 0…{players - 1} for {players} players, not {args.seat}")
    if args.record is not None and not args.no_record:
        folder = args.record.parent
        if not folder.is_dir() or not os.access(folder, os.W_OK):
            # Say so now, not after a whole game whose record could not be kept.
            raise UsageError(f"--record: cannot write in {folder}: no such writable folder")
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    others = [s for s in range(players) if s != args.seat]
    names = _agent_list(args.opponents, len(others), "--opponents", "opponents")
    agents = {
        seat: _make_agent(name, game, derive_seed(seed, seat))
        for seat, name in zip(others, names, strict=True)
    }
    tty = sys.stdout.isatty()
    style = Style(
        symbols=_can_print(sys.stdout, "♣♦♥♠"), color=tty and "NO_COLOR" not in os.environ
    )
    delay = args.delay if args.delay is not None else (0.3 if tty else 0.0)

    state = game.new_initial_state(seed=seed)
    title = f"{game.title} · {game.spec} · seed {seed} · you are seat {args.seat}"
    if not args.plain and sys.stdin.isatty() and tty:
        # The full-screen game; pipes, scripts and --plain keep the line-by-line one below.
        from hoyle.tui.textual_app import HoyleApp

        screen = HoyleApp(
            state,
            args.seat,
            agents,
            delay=delay,
            hinter=_expert_hints,
            auto_hint=args.hint,
            rules=rules_lines(game),
            title=title + " · opponents " + ", ".join(names),
            auto_forced=not args.no_auto_forced,
        )
        finished = bool(screen.run())
        state = screen.state  # an undo replaces the state with the replayed one
        print(*screen.log_lines[-8:], sep="\n")
    else:
        print(title)
        print(
            "Opponents: "
            + ", ".join(f"seat {s} {n}" for s, n in zip(others, names, strict=True))
            + ". Type help for the legal moves, quit to stop."
        )
        app = TerminalGame(
            state,
            args.seat,
            agents,
            style=style,
            delay=delay,
            hinter=_expert_hints,
            auto_hint=args.hint,
            auto_forced=False if args.no_auto_forced else None,
        )
        finished = app.run()
    if args.no_record:
        return EXIT_OK
    seats = ["human" if s == args.seat else names[others.index(s)] for s in range(players)]
    return _save_record(state, seed, seats, args.record, finished)


def _expert_hints(state: State) -> list[hoyle.Hint]:
    """The expert's view of the human's moves, for the terminal game's ``hint`` (the value of
    each, the suggested move and, where it says, why)."""
    return hoyle.hint(state, "expert", seconds=0.5)


def _can_print(stream: TextIO, text: str) -> bool:
    """True when ``stream`` can encode ``text`` (suit symbols need UTF-8 or the like)."""
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def _save_record(
    state: State, seed: int, seats: list[str], path: Path | None, finished: bool
) -> int:
    now = _dt.datetime.now()
    if path is None:
        path = _default_record_path(state.game.family, now)
    tags = {"Event": "hoyle play", "Date": now.strftime("%Y.%m.%d")}
    if not finished:
        tags["Termination"] = "abandoned"
    try:
        # Imported here so that the other commands never pay for (or depend on) records.
        from hoyle import records

        record = records.from_state(state, seed=seed, seats=seats, tags=tags)
        path.parent.mkdir(parents=True, exist_ok=True)
        records.write_file(record, path)
    except (ImportError, OSError, ValueError) as exc:
        _error(f"record not saved: {exc}")
        return EXIT_FAILURE
    print(f"Record saved: {path}")
    return EXIT_OK


def _default_record_path(game_family: str, now: _dt.datetime) -> Path:
    """``records/hoyle-<family>-<timestamp>.hrec``, numbered if that name is taken."""
    stem = f"hoyle-{game_family}-{now.strftime('%Y%m%d-%H%M%S')}"
    path = Path("records") / f"{stem}.hrec"
    number = 1
    while path.exists():
        number += 1
        path = Path("records") / f"{stem}-{number}.hrec"
    return path


# --------------------------------------------------------------------------- simulate


def cmd_simulate(args: argparse.Namespace) -> int:
    """``hoyle simulate``: N games between agents, then a summary table or JSON."""
    from hoyle import arena
    from hoyle.arena.sinks import RunInfo

    game = _load_game(args.game, args.variant, args.options)
    names = _agent_list(args.agents, game.num_players, "--agents", "seats")
    for name in set(names):  # fail on an unknown name before any game is played
        _make_agent(name, game, 0)
    out = _check_out(args)
    executor = _executor(args)
    try:
        info = RunInfo(
            kind="simulate",
            game=game.spec,
            lineup=tuple(names),
            seed=args.seed,
            deals=args.games,
            duplicate=False,
            rotations=1,
            workers=executor.slots,
        )
        sinks = _open_sinks(out, None, info)
        outcome = _streamed(
            "simulation",
            sinks,
            lambda: arena.simulate(
                game,
                names,
                args.games,
                seed=args.seed,
                executor=executor,
                sinks=sinks,
                progress=_progress(args),
            ),
        )
    finally:
        executor.close()
    if isinstance(outcome, int):
        return outcome
    result = outcome
    summary = result.to_dict()
    saved, failure = _finish(sinks, summary)
    if args.json:
        print(json.dumps(summary))
    else:
        half = [r.half_width for r in result.returns]
        print(*_summary_table(summary, half), *saved, sep="\n")
    if failure is not None:
        _error(f"results not saved: {failure}")
        return EXIT_FAILURE
    return EXIT_OK


def _summary_table(summary: dict[str, Any], half: Sequence[float | None]) -> list[str]:
    names: list[str] = summary["agents"]
    width = max(5, *(len(n) for n in names))
    lines = [
        f"{summary['game']}: {summary['games']} games from seed {summary['seed']}",
        f"seat  {'agent':<{width}}  mean return   ± 95% CI   mean score",
    ]
    for seat, name in enumerate(names):
        h = half[seat]
        ci = f"{h:>10.3f}" if h is not None else f"{'n/a':>10}"
        lines.append(
            f"{seat:>4}  {name:<{width}}  {summary['mean_returns'][seat]:>11.3f}  {ci}"
            f"  {summary['mean_scores'][seat]:>11.2f}"
        )
    rate = summary["games_per_s"]
    lines.append(
        f"{summary['games']} games in {summary['elapsed_s']:.2f} s"
        + (f" ({rate:.1f} games/s, {summary['executor']})" if rate is not None else "")
    )
    return lines


# --------------------------------------------------------------------------- match


def _match_parser(sub: argparse._SubParsersAction[_Parser]) -> None:
    """The ``match`` sub-command's arguments (``hoyle.arena`` does the work)."""
    match = sub.add_parser(
        "match",
        help="the arena: agents against each other on (duplicate) deals, with 95%% intervals",
    )
    _game_arguments(match)
    match.add_argument(
        "--agents",
        required=True,
        metavar="A,B,...",
        help="agent names, repeated round the table when fewer than the seats",
    )
    count = match.add_mutually_exclusive_group()
    count.add_argument(
        "--deals",
        type=_positive_int,
        help="deals to play (100); a game of several deals (hearts, to 100) is played one "
        "deal at a time, as GAME(deals=1)",
    )
    count.add_argument(
        "--games",
        type=_positive_int,
        help="whole games to play instead, each as many deals as the game takes",
    )
    match.add_argument(
        "--duplicate",
        action="store_true",
        help="play each deal once per seat rotation, so every agent holds every seat",
    )
    match.add_argument("--seed", type=int, default=0, help="deal i is dealt from seed S+i (0)")
    match.add_argument("--json", action="store_true", help="print one JSON object")
    match.add_argument("--quiet", action="store_true", help="no progress bar")
    _run_arguments(match)
    match.add_argument("--chart", metavar="FILE.png", help="draw the results into a PNG file")
    match.add_argument(
        "--database",
        metavar="URL",
        help="also write the match and every game to this SQLAlchemy URL or SQLite file",
    )
    match.set_defaults(func=cmd_match)


def _run_arguments(parser: argparse.ArgumentParser) -> None:
    """``--workers`` or ``--ray``, ``--out`` and ``--progress``: where games run and go."""
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--workers", type=_positive_int, default=1, help="local processes (1)")
    where.add_argument(
        "--ray",
        metavar="ADDRESS",
        help="play on a Ray cluster: auto, local (start one here) or HOST:PORT of its head",
    )
    parser.add_argument(
        "--out",
        metavar="FILE",
        help="write every game to FILE as it finishes: .parquet, or .sqlite / .db (SQLite)",
    )
    parser.add_argument(
        "--progress",
        action="store_true",
        help="show the progress bar even when stderr is not a terminal (a cluster job's log)",
    )
    parser.add_argument(
        "--progress-every",
        type=_positive_seconds,
        default=30.0,
        metavar="SECONDS",
        help="when stderr is not a terminal, a progress line this often (30)",
    )


def _progress(args: argparse.Namespace) -> bool | float:
    """A bar on a terminal (or with ``--progress``), a line every ``--progress-every``
    seconds when stderr is a file or a pipe, nothing with ``--quiet``."""
    if args.progress:
        return True
    if args.quiet:
        return False
    return True if sys.stderr.isatty() else float(args.progress_every)


def _check_out(args: argparse.Namespace) -> Path | None:
    from hoyle.arena.sinks import check_out_path

    try:
        return None if args.out is None else check_out_path(args.out)
    except HoyleError as exc:
        raise UsageError(str(exc)) from None


def _executor(args: argparse.Namespace) -> Executor:
    """The executor ``--workers`` or ``--ray`` asks for (a Ray connection is made here)."""
    from hoyle.arena.executors import make_executor

    try:
        return make_executor(args.workers, ray=args.ray)
    except HoyleError as exc:
        raise UsageError(str(exc)) from None


def _open_sinks(out: Path | None, database: Store | None, info: RunInfo) -> list[Sink]:
    """The writers for ``--out`` and a ``--database`` store (opened last: nothing is
    created while an argument is still wrong)."""
    from hoyle.arena.sinks import StoreSink, open_sink

    sinks: list[Sink] = []
    try:
        if out is not None:
            sinks.append(open_sink(out, info))
        if database is not None:
            sinks.append(StoreSink(database, info))
    except HoyleError as exc:
        _abort(sinks)
        raise UsageError(str(exc)) from None
    return sinks


def _streamed(what: str, sinks: Sequence[Sink], run: Callable[[], _R]) -> _R | int:
    """``run()``'s result, or the exit code after Ctrl-C (the workers stop with the run) or a
    failed batch or write, with every unfinished output removed."""
    try:
        return run()
    except KeyboardInterrupt:
        _abort(sinks)
        _error(f"{what} interrupted; nothing was printed or saved")
        return EXIT_INTERRUPTED
    except (HoyleError, OSError) as exc:  # a batch failed on a node, a write failed
        _abort(sinks)
        _error(f"stopped: {exc}")
        return EXIT_FAILURE


def _abort(sinks: Sequence[Sink]) -> None:
    for sink in sinks:
        try:
            sink.abort()
        except (OSError, HoyleError) as exc:
            _error(f"could not remove unfinished output: {exc}")


def _finish(sinks: Sequence[Sink], summary: dict[str, Any]) -> tuple[list[str], str | None]:
    """Complete every writer; the lines saying where results went, and the first failure."""
    saved: list[str] = []
    failure: str | None = None
    for sink in sinks:
        try:
            saved.append(sink.finish(summary))
        except (OSError, HoyleError) as exc:  # e.g. the disk filled up during the run
            failure = failure or str(exc)
    return saved, failure


def cmd_match(args: argparse.Namespace) -> int:
    """``hoyle match``: an arena match, then its tables (or JSON)."""
    from hoyle import arena
    from hoyle.arena.chart import check_chart_path, write_chart
    from hoyle.arena.report import match_table
    from hoyle.arena.seating import rotations
    from hoyle.arena.sinks import RunInfo, StoreSink
    from hoyle.arena.store import Store

    game = _load_game(args.game, args.variant, args.options)
    note = None
    if args.games is not None:
        args.deals = args.games
    else:
        args.deals = 100 if args.deals is None else args.deals
        if not arena.one_deal(game):
            # --deals counts deals: a match to 100 is not one, so each deal is a game here.
            whole = game.spec
            game = hoyle.load(whole, deals=1)
            note = (
                f"hoyle: note: {whole} is played over several deals; --deals {args.deals} "
                f"plays {args.deals} single deals of it, {game.spec} (--games N plays whole "
                "games)"
            )
    try:
        # Every argument, the paths, the cluster and the database are checked before any game;
        # the database last, so that nothing is created while an argument is still wrong.
        _, seats = arena.check(game, args.agents, args.deals, workers=args.workers)
        chart = None if args.chart is None else check_chart_path(args.chart)
    except HoyleError as exc:
        raise UsageError(str(exc)) from None
    out = _check_out(args)
    executor = _executor(args)
    try:
        try:
            store = None if args.database is None else Store(args.database)
        except HoyleError as exc:
            raise UsageError(str(exc)) from None
        info = RunInfo(
            kind="match",
            game=game.spec,
            lineup=seats,
            seed=args.seed,
            deals=args.deals,
            duplicate=args.duplicate,
            rotations=len(rotations(seats)) if args.duplicate else 1,
            workers=executor.slots,
        )
        sinks = _open_sinks(out, store, info)
        if note is not None:  # said once every argument is known to be good
            print(note, file=sys.stderr)
        outcome = _streamed(
            "match",
            sinks,
            lambda: arena.match(
                game,
                split_agents(args.agents),
                args.deals,
                duplicate=args.duplicate,
                seed=args.seed,
                progress=_progress(args),
                executor=executor,
                sinks=sinks,
                keep_games=False,  # every game went to the sinks: a long study keeps none
            ),
        )
    finally:
        executor.close()
    if isinstance(outcome, int):
        return outcome
    result = outcome
    summary = result.to_dict()
    saved: list[str] = []
    failure: str | None = None
    if chart is not None:
        try:
            summary["chart"] = str(write_chart(result, chart))
            saved.append(f"Chart: {chart}")
        except (OSError, HoyleError) as exc:
            failure = str(exc)
    lines, failed = _finish(sinks, summary)
    failure = failure or failed
    if store is not None and failed is None:
        (match_id,) = [s.match_id for s in sinks if isinstance(s, StoreSink) and s.store is store]
        summary["database"] = {"url": store.url, "match_id": match_id}
    if out is not None and failed is None:
        summary["out"] = str(out)
    saved += lines
    # The results are printed even when saving failed: the match is not lost with the file.
    if args.json:
        print(json.dumps(summary))
    else:
        print(*match_table(result), *saved, sep="\n")
    if failure is not None:
        _error(f"results not saved: {failure}")
        return EXIT_FAILURE
    return EXIT_OK


# --------------------------------------------------------------------------- variants, rules


def _family_of(spec: str) -> Any:
    try:
        name, _ = parse_spec(spec)
        return family(name)
    except HoyleError as exc:
        raise UsageError(str(exc)) from None


def cmd_variants(args: argparse.Namespace) -> int:
    """``hoyle variants``: each preset with its aliases, summary and source."""
    fam = _family_of(args.game)
    presets = list(fam.presets)
    if args.json:
        print(json.dumps([p.to_dict() for p in presets], ensure_ascii=False, indent=2))
        return EXIT_OK
    print(f"{fam.title}: {len(presets)} variant{'s' if len(presets) != 1 else ''}")
    for preset in presets:
        print()
        default = " (default)" if preset is fam.default_variant else ""
        print(f"{preset.name}{default}")
        if preset.aliases:
            print(*_wrap("also: " + ", ".join(preset.aliases)), sep="\n")
        print(*_wrap(preset.summary), sep="\n")
        print(*_wrap("source: " + preset.source), sep="\n")
    return EXIT_OK


def cmd_rules(args: argparse.Namespace) -> int:
    """``hoyle rules``: the variant, then every option with its value in force."""
    print(*rules_lines(_load_game(args.game, args.variant, args.options)), sep="\n")
    return EXIT_OK


def rules_lines(game: Game[Any]) -> list[str]:
    """What ``hoyle rules`` prints for ``game``: the variant, its summary and source, the rules
    in force, then every option with its value (the full-screen game's rules screen too)."""
    fam = family(game.family)
    preset = fam.find_variant(game.variant)
    lines = [f"{fam.title} — {preset.name}", f"Game string: {game.spec}", ""]
    lines += _wrap(preset.summary, indent="") or [""]
    lines.append("")
    lines += _wrap("Source: " + preset.source, indent="") or [""]
    if fam.explain is not None:
        # Written from the options in force, so it follows any option given here.
        lines += ["", "The rules in force:"]
        for line in fam.explain(game.rules):
            lines += _wrap(line, indent="  ") or [""]
    lines += ["", "Options (* differs from the family default):"]
    for info in fam.options():
        value = getattr(game.rules, info.name)
        changed = value != info.default
        lines.append(f"{'*' if changed else ' '} {info.name} = {format_value(value)}")
        lines += _wrap(info.doc, indent="      ") or [""]
        allowed = f"allowed: {info.allowed}"
        if changed:
            allowed += f"; family default: {format_value(info.default)}"
        lines += _wrap(allowed, indent="      ") or [""]
        names = [*info.aliases, *(f"{n} (the opposite)" for n in info.negations)]
        if names:
            lines += _wrap("other names: " + ", ".join(names), indent="      ") or [""]
    return lines


# --------------------------------------------------------------------------- replay, games


def cmd_replay(args: argparse.Namespace) -> int:
    """``hoyle replay``: re-apply every action of a record and print the result."""
    from hoyle import records

    try:
        record = records.read_file(args.file)
        state = records.replay(record)
    except OSError as exc:
        _error(f"cannot read {args.file}: {exc.strerror or exc}")
        return EXIT_FAILURE
    except UnicodeDecodeError as exc:  # a ValueError too, but with no line to point at
        _error(f"{args.file} is not a text record: {exc.reason} at byte {exc.start}")
        return EXIT_FAILURE
    except ValueError as exc:  # RecordError and the engine's errors: "line N: …"
        print(" ".join(str(exc).split()), file=sys.stderr)
        return EXIT_FAILURE
    print(f"{args.file}: {state.game.spec}, {len(state.history())} actions, every one legal")
    print(records.result_string(state))
    return EXIT_OK


def cmd_games(args: argparse.Namespace) -> int:
    """``hoyle games``: the families, each with its default variant."""
    rows = []
    for name in hoyle.families():
        fam = family(name)
        rows.append(
            {
                "name": fam.name,
                "title": fam.title,
                "default_variant": fam.default_variant.name,
                "variants": [p.name for p in fam.presets],
            }
        )
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=2))
        return EXIT_OK
    width = max((len(r["name"]) for r in rows), default=4)
    for row in rows:
        count = len(row["variants"])
        print(
            f"{row['name']:<{width}}  {row['title']} — {count} variant{'s' if count != 1 else ''},"
            f" default {row['default_variant']}"
        )
    return EXIT_OK
