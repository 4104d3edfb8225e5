"""The ``hoyle`` command line (also ``python -m hoyle``).

Sub-commands::

    hoyle play GAME [--variant V] [--seed S] [--seat K] [--opponents easy] [--plain]
               [name=value ...]
    hoyle simulate GAME --games N --seed S --agents random,easy,... [--json]
                [--workers K | --ray ADDRESS] [--out STORE] [name=value ...]
    hoyle match GAME --agents A,B[,...] --deals N [--duplicate] [--workers K | --ray ADDRESS]
                [--json] [--chart FILE.png] [--database URL] [--out STORE] [name=value ...]
    hoyle match --resume STORE (or simulate --resume STORE)
    hoyle study status STORE
    hoyle variants GAME [--json]
    hoyle rules GAME [--variant V] [name=value ...]
    hoyle replay FILE [--show [--seat N] [--plain] [--at LABEL | --step N]]
    hoyle review RECORD --seat N [--level expert] [--seconds S] [--compare RECORD ...] [--json]
    hoyle games

``--lang es`` (or ``en``), before the sub-command or anywhere after it, chooses the language
of every sub-command's text; without it ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` or ``LANG``
decide, else English (:mod:`hoyle.i18n`). The arena's commands (simulate, match, study) live in
:mod:`hoyle.arena.commands`.
GAME is a family name (``hearts``) or a whole game string (``"hearts(moon=subtract)"``);
``--variant`` and trailing ``name=value`` options are laid over it. Every rule, every legal move
and every error message comes from the engine: this module only reads arguments, drives the
game and prints. A bad argument exits with status 2 and one line on stderr; a failed replay,
an unsaved record or an arena result that could not be saved exits with status 1.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as _dt
import json
import os
import random
import secrets
import sys
import textwrap
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, NoReturn, TextIO

import hoyle
from hoyle import i18n
from hoyle.core.errors import HoyleError
from hoyle.core.options import format_value
from hoyle.core.protocol import Game, State
from hoyle.core.registry import Agent, families, family, parse_spec, split_agents
from hoyle.i18n import N_, _, ngettext
from hoyle.titles import family_title, level_name, option_doc, preset_summary

__all__ = ["UsageError", "build_parser", "derive_seed", "main", "rules_lines"]

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
        raise argparse.ArgumentTypeError(
            _("expected a whole number, not {text!r}").format(text=text)
        ) from None
    if value < 1:
        raise argparse.ArgumentTypeError(_("must be at least 1, not {value}").format(value=value))
    return value


def _positive_seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("expected seconds, not {text!r}").format(text=text)
        ) from None
    if not value > 0:
        raise argparse.ArgumentTypeError(
            _("must be more than 0 seconds, not {value}").format(value=value)
        )
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("expected seconds, not {text!r}").format(text=text)
        ) from None
    if not 0 <= value <= 60:
        raise argparse.ArgumentTypeError(
            _("must be between 0 and 60 seconds, not {value}").format(value=value)
        )
    return value


def _language(text: str) -> str:
    """A ``--lang`` value: ``es``, ``es_ES.UTF-8`` → ``es``."""
    try:
        return i18n.parse(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _lang_first(argv: Sequence[str]) -> list[str]:
    """``argv`` with its ``--lang`` moved to the front: the option is global, but a player
    may well type it anywhere (``hoyle rules hearts --lang es``); the last one given wins.
    Words after ``--`` are left alone.

    >>> _lang_first(["rules", "hearts", "--lang", "es"])
    ['--lang', 'es', 'rules', 'hearts']
    >>> _lang_first(["--lang=en", "play", "--lang=es", "--", "--lang"])
    ['--lang=es', 'play', '--', '--lang']
    """
    words = list(argv)
    rest: list[str] = []
    lang: list[str] = []
    index = 0
    while index < len(words):
        word = words[index]
        if word == "--":
            rest += words[index:]
            break
        if word == "--lang" and index + 1 < len(words):
            lang, index = words[index : index + 2], index + 2
            continue
        if word.startswith("--lang="):
            lang, index = [word], index + 1
            continue
        rest.append(word)
        index += 1
    return lang + rest


def _lang_before_command(argv: Sequence[str]) -> str | None:
    """The ``--lang`` given before the sub-command, read ahead of argparse because the parser's
    own help texts are written in it; None when absent or not a language spoken here (argparse
    then says what is wrong, in the environment's language)."""
    words = list(argv)
    for index, word in enumerate(words):
        if not word.startswith("-"):
            return None  # the sub-command: its own options are not global
        value = None
        if word == "--lang" and index + 1 < len(words):
            value = words[index + 1]
        elif word.startswith("--lang="):
            value = word.split("=", 1)[1]
        if value is not None:
            try:
                return i18n.parse(value)
            except ValueError:
                return None
    return None


def _game_arguments(parser: argparse.ArgumentParser, *, default: str | None = None) -> None:
    """GAME, ``--variant`` and the trailing ``name=value`` options."""
    if default is None:
        parser.add_argument("game", metavar="GAME", help=_("family name or game string"))
    else:
        parser.add_argument(
            "game",
            metavar="GAME",
            nargs="?",
            default=default,
            help=_("family name or game string (default: {default})").format(default=default),
        )
    parser.add_argument("options", metavar="name=value", nargs="*", help=_("rule options"))
    parser.add_argument("--variant", metavar="V", help=_("start from this preset"))


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every sub-command."""
    parser = _Parser(
        prog="hoyle",
        description=_("Hearts, All Fours, Spite and Malice and Écarté, played by the rules."),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"hoyle {hoyle.__version__}",
        help=_("show hoyle's version and exit"),
    )
    parser.add_argument(
        "--lang",
        metavar="LANG",
        type=_language,
        help=_(
            "the language of every command's text: en or es (default: from LANGUAGE, LC_ALL "
            "or LANG, else English)"
        ),
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = sub.add_parser("play", help=_("play a game in the terminal against computer players"))
    _game_arguments(play, default=families()[0])
    play.add_argument("--seed", type=int, help=_("deal from this seed (default: a random one)"))
    play.add_argument("--seat", type=int, default=0, help=_("your seat (default 0)"))
    play.add_argument(
        "--opponents",
        default="easy",
        metavar="AGENTS",
        help=_("agent for the other seats, or a comma list, one per other seat (default easy)"),
    )
    play.add_argument(
        "--hint",
        action="store_true",
        help=_("show the expert's advice before each of your moves (type hint for it any time)"),
    )
    play.add_argument("--record", metavar="FILE", type=Path, help=_("where to save the record"))
    play.add_argument("--no-record", action="store_true", help=_("do not save a record"))
    play.add_argument(
        "--plain",
        action="store_true",
        help=_("the line-by-line game instead of the full-screen one (always so when piped)"),
    )
    play.add_argument(
        "--delay",
        type=_seconds,
        metavar="SECONDS",
        help=_("pause after each computer move (default 0.3 on a terminal, else 0)"),
    )
    play.add_argument(
        "--no-auto-forced",
        action="store_true",
        help=_(
            "play every move yourself, also the only legal one (by default the terminal "
            "plays it for you after a short pause)"
        ),
    )
    play.set_defaults(func=cmd_play)

    from hoyle.arena.commands import add_commands as _arena_commands  # simulate, match, study

    _arena_commands(sub)

    var = sub.add_parser("variants", help=_("list a family's presets"))
    var.add_argument("game", metavar="GAME", help=_("family name"))
    var.add_argument("--json", action="store_true", help=_("print a JSON list"))
    var.set_defaults(func=cmd_variants)

    rules = sub.add_parser("rules", help=_("the rules in force for a game, from its options"))
    _game_arguments(rules)
    rules.set_defaults(func=cmd_rules)

    replay = sub.add_parser(
        "replay", help=_("check a game record move by move, or show it (--show)")
    )
    replay.add_argument("file", metavar="FILE", type=Path)
    replay.add_argument(
        "--show",
        action="store_true",
        help=_(
            "step through the game in the terminal: arrows by move and trick, PgUp PgDn by "
            "deal, Home End, q (--seat, --plain, --at and --step imply it)"
        ),
    )
    replay.add_argument(
        "--seat", type=int, help=_("show it as this seat saw it (default: every hand face up)")
    )
    replay.add_argument(
        "--plain",
        action="store_true",
        help=_("print the positions one after another (always so when not on a terminal)"),
    )
    where = replay.add_mutually_exclusive_group()
    where.add_argument(
        "--at",
        metavar="LABEL",
        help=_(
            "start at (with --plain: print only) the position "
            "labelled LABEL in the record (1.3, 2.pass, start, end)"
        ),
    )
    where.add_argument(
        "--step", type=int, metavar="N", help=_("start at (with --plain: print only) position N")
    )
    replay.set_defaults(func=cmd_replay)

    from hoyle.cli_review import add_commands as _review_commands  # review: which moves cost

    _review_commands(sub)

    from hoyle.club.commands import add_commands as _club_commands  # event, ratings

    _club_commands(sub)

    from hoyle.web.cli import add_commands as _web_commands  # serve, verify: the card room

    _web_commands(sub)

    for name in ("games", "families"):
        games = sub.add_parser(name, help=_("list the game families"))
        games.add_argument("--json", action="store_true", help=_("print a JSON list"))
        games.set_defaults(func=cmd_games)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``); return the exit status."""
    args_list = _lang_first(sys.argv[1:] if argv is None else argv)
    # The language is set for this run only (a context variable), so that a caller running
    # several commands in one process, the tests among them, gets each in its own language.
    lang = _lang_before_command(args_list) or i18n.from_environment()
    with i18n.using(lang), _argparse_speaks():
        return _main(args_list)


_ARGPARSE_WORDS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("%(prog)s: error: %(message)s\n"),
)
"""argparse's own words a user reads (its help's headings, its errors), in hoyle's catalogue:
argparse translates them through the ``_`` it imported from :mod:`gettext`, which
:func:`_argparse_speaks` points at hoyle's for the run."""


@contextlib.contextmanager
def _argparse_speaks() -> Iterator[None]:
    """argparse's words in the language in force while the command line runs (argparse
    looks its ``_`` up at each call; put back afterwards for any other user of argparse)."""
    before = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    argparse._, argparse.ngettext = _, ngettext  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = before  # type: ignore[attr-defined]


def _main(args_list: list[str]) -> int:
    parser = build_parser()
    try:
        args, extras = parser.parse_known_args(args_list)
        # A name=value after an --option is left over by argparse; it is still an option.
        for extra in extras:
            if "=" in extra and not extra.startswith("-") and hasattr(args, "options"):
                args.options.append(extra)
            else:
                raise UsageError(_("unrecognized argument {extra!r}").format(extra=extra))
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
    print(_("hoyle: error: {message}").format(message=one_line), file=sys.stderr)


# --------------------------------------------------------------------------- shared helpers


def _load_game(spec: str, variant: str | None, options: Sequence[str]) -> Game[Any]:
    """The game named by GAME, ``--variant`` and ``name=value`` options (in that order)."""
    extra: dict[str, str] = {}
    for item in options:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise UsageError(_("expected an option as name=value, not {item!r}").format(item=item))
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


# The words _agent_list's callers pass for ``what`` (plural, singular), marked for the catalogue.
_SEAT_WORDS = {
    "opponents": (N_("opponents"), N_("opponent")),
    "seats": (N_("seats"), N_("seat")),
}


def _agent_list(text: str, count: int, flag: str, what: str) -> list[str]:
    """``count`` agent names from ``a,b,c`` (one per seat) or ``a`` (for every seat)."""
    names = split_agents(text)
    plural, single = _SEAT_WORDS.get(what, (what, what[:-1]))
    if len(names) == 1:
        return names * count
    if len(names) != count:
        raise UsageError(
            _(
                "{flag} names {given} agents for {count} {what}; "
                "give one name, or one per {one} separated by commas"
            ).format(flag=flag, given=len(names), count=count, what=_(plural), one=_(single))
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
    from hoyle.tui.render import Style, game_title

    spec, options = args.game, list(args.options)
    if "=" in spec and "(" not in spec.split("=", 1)[0]:
        # ``hoyle play deals=1``: an option where the game would be; the game is the default.
        spec, options = families()[0], [spec, *options]
    game = _load_game(spec, args.variant, options)
    players = game.num_players
    if not 0 <= args.seat < players:
        raise UsageError(
            _("--seat must be 0…{last} for {players} players, not {seat}").format(
                last=players - 1, players=players, seat=args.seat
            )
        )
    if args.record is not None and not args.no_record:
        folder = args.record.parent
        if not folder.is_dir() or not os.access(folder, os.W_OK):
            # Say so now, not after a whole game whose record could not be kept.
            raise UsageError(
                _("--record: cannot write in {folder}: no such writable folder").format(
                    folder=folder
                )
            )
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
    title = _("{title} · {spec} · seed {seed} · you are seat {seat}").format(
        title=game_title(game), spec=game.spec, seed=seed, seat=args.seat
    )
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
            title=title + _(" · opponents {names}").format(names=", ".join(map(level_name, names))),
            auto_forced=not args.no_auto_forced,
        )
        finished = bool(screen.run())
        state = screen.state  # an undo replaces the state with the replayed one
        print(*screen.log_lines[-8:], sep="\n")
    else:
        print(title)
        opponents = ", ".join(
            _("seat {seat} {agent}").format(seat=s, agent=level_name(n))
            for s, n in zip(others, names, strict=True)
        )
        print(
            _("Opponents: {seats}. Type help for the legal moves, quit to stop.").format(
                seats=opponents
            )
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
        _error(_("record not saved: {reason}").format(reason=exc))
        return EXIT_FAILURE
    print(_("Record saved: {path}").format(path=path))
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


# --------------------------------------------------------------------------- variants, rules


def _family_of(spec: str) -> Any:
    try:
        name, _options = parse_spec(spec)
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
    count = ngettext("{n} variant", "{n} variants", len(presets)).format(n=len(presets))
    print(f"{family_title(fam)}: {count}")
    for preset in presets:
        print()
        if preset is fam.default_variant:
            print(_("{name} (default)").format(name=preset.name))
        else:
            print(preset.name)
        if preset.aliases:
            print(*_wrap(_("also: {names}").format(names=", ".join(preset.aliases))), sep="\n")
        print(*_wrap(preset_summary(preset)), sep="\n")
        print(*_wrap(_("source: {source}").format(source=preset.source)), sep="\n")
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
    lines = [
        f"{family_title(fam)} — {preset.name}",
        _("Game string: {spec}").format(spec=game.spec),
        "",
    ]
    lines += _wrap(preset_summary(preset), indent="") or [""]
    lines.append("")
    lines += _wrap(_("Source: {source}").format(source=preset.source), indent="") or [""]
    if fam.explain is not None:
        # Written from the options in force, so it follows any option given here.
        lines += ["", _("The rules in force:")]
        for line in fam.explain(game.rules):
            lines += _wrap(line, indent="  ") or [""]
    lines += ["", _("Options (* differs from the family default):")]
    for info in fam.options():
        value = getattr(game.rules, info.name)
        changed = value != info.default
        lines.append(f"{'*' if changed else ' '} {info.name} = {format_value(value)}")
        lines += _wrap(option_doc(info), indent="      ") or [""]
        allowed = _("allowed: {values}").format(values=info.allowed)
        if changed:
            allowed += _("; family default: {value}").format(value=format_value(info.default))
        lines += _wrap(allowed, indent="      ") or [""]
        names = [
            *info.aliases,
            *(_("{name} (the opposite)").format(name=n) for n in info.negations),
        ]
        if names:
            lines += _wrap(
                _("other names: {names}").format(names=", ".join(names)), indent="      "
            ) or [""]
    return lines


# --------------------------------------------------------------------------- replay, games


def cmd_replay(args: argparse.Namespace) -> int:
    """``hoyle replay``: re-apply every action of a record and print the result; with
    ``--show``, step through its positions (:mod:`hoyle.tui.replay`)."""
    from hoyle import records

    if (
        args.show
        or args.plain
        or args.seat is not None
        or args.at is not None
        or args.step is not None
    ):
        return _show_replay(args)
    try:
        record = records.read_file(args.file)
        state = records.replay(record)
    except OSError as exc:
        _error(_("cannot read {file}: {reason}").format(file=args.file, reason=exc.strerror or exc))
        return EXIT_FAILURE
    except UnicodeDecodeError as exc:  # a ValueError too, but with no line to point at
        _error(
            _("{file} is not a text record: {reason} at byte {byte}").format(
                file=args.file, reason=exc.reason, byte=exc.start
            )
        )
        return EXIT_FAILURE
    except ValueError as exc:  # RecordError and the engine's errors: "line N: …"
        print(" ".join(str(exc).split()), file=sys.stderr)
        return EXIT_FAILURE
    count = len(state.history())
    print(
        _("{file}: {spec}, {count} actions, every one legal").format(
            file=args.file, spec=state.game.spec, count=count
        )
    )
    print(records.result_string(state))
    return EXIT_OK


def _show_replay(args: argparse.Namespace) -> int:
    """``hoyle replay --show``: the full-screen viewer on a terminal, else (or with
    ``--plain``) the positions printed; bad input is a usage error (status 2)."""
    from hoyle import records
    from hoyle.records.timeline import Timeline
    from hoyle.tui import replay as viewer
    from hoyle.tui.render import Style

    try:
        line = Timeline(records.read_file(args.file))
    except OSError as exc:
        raise UsageError(
            _("cannot read {file}: {reason}").format(file=args.file, reason=exc.strerror or exc)
        ) from None
    except UnicodeDecodeError as exc:
        raise UsageError(
            _("{file} is not a text record: {reason}").format(file=args.file, reason=exc.reason)
        ) from None
    except ValueError as exc:  # RecordError and the engine's errors: "line N: …"
        raise UsageError(f"{args.file}: {exc}") from None
    players = line.game.num_players
    if args.seat is not None and not 0 <= args.seat < players:
        raise UsageError(
            _("--seat must be 0…{last} for {players} players, not {seat}").format(
                last=players - 1, players=players, seat=args.seat
            )
        )
    last = len(line) - 1
    start = 0
    if args.at is not None:
        try:
            start = viewer.find_position(line, args.at)
        except ValueError as exc:
            raise UsageError(f"--at: {exc}") from None
    elif args.step is not None:
        if not 0 <= args.step <= last:
            raise UsageError(
                _("--step must be 0…{last} (this game's positions), not {step}").format(
                    last=last, step=args.step
                )
            )
        start = args.step
    if not args.plain and sys.stdin.isatty() and sys.stdout.isatty():
        viewer.ReplayApp(line, args.seat, start=start).run()
        return EXIT_OK
    tty = sys.stdout.isatty()
    style = Style(
        symbols=_can_print(sys.stdout, "♣♦♥♠"), color=tty and "NO_COLOR" not in os.environ
    )
    names = viewer.replay_names(line, args.seat)
    print(viewer.default_title(line, args.seat))
    one = args.at is not None or args.step is not None
    for index in [start] if one else range(len(line)):
        print()
        shown = viewer.frame(line, index, args.seat, names=names, style=style)
        print(*viewer.frame_lines(shown, style), sep="\n")
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
        line = ngettext(
            "{title} — {n} variant, default {default}",
            "{title} — {n} variants, default {default}",
            count,
        ).format(title=_(str(row["title"])), n=count, default=row["default_variant"])
        print(f"{row['name']:<{width}}  {line}")
    return EXIT_OK
