"""The club's commands: ``hoyle event`` (a duplicate event of bots) and ``hoyle ratings``.

``hoyle event GAME --tables A,B,C,D E,F,G,H … --boards N`` sets up an event
(:func:`hoyle.club.events.make_event`; each ``--tables`` value is one table's bots, by the
levels the arena knows, or ``--players A,B,C,D --table-count T`` puts the same bots at ``T``
tables), plays it with its bots (:func:`~hoyle.club.events.play_game`, one board at every
table per task, over ``--workers`` processes), and prints the final table; ``--records DIR``
keeps every game's record (``DIR/table-1/board-01.hrec``), ``--ratings FILE`` rates the
event's games on the family's leaderboard in ``FILE``. ``hoyle ratings FILE`` prints the
leaderboards a file holds.

Every argument and file is checked before the first game; the records and the ratings are
written whole or not at all (a temporary file or folder, then renamed).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import multiprocessing
import os
import shutil
import sys
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import hoyle
from hoyle.cli import (
    EXIT_FAILURE,
    EXIT_INTERRUPTED,
    EXIT_OK,
    UsageError,
    _agent_list,
    _error,
    _load_game,
    _positive_int,
)
from hoyle.club.events import (
    BOT_PREFIX,
    ROTATIONS,
    SCORINGS,
    Event,
    EventScore,
    Played,
    make_event,
    plan,
    play_game,
    rating_names,
    record_path,
    score,
)
from hoyle.core.errors import HoyleError
from hoyle.i18n import _, ngettext
from hoyle.records import dumps

if TYPE_CHECKING:
    from hoyle.club.ratings import GameOutcome, Leaderboard

__all__ = ["add_commands", "board_lines", "cmd_event", "cmd_ratings", "standings_lines"]

RATINGS_FORMAT = 1
"""The version of a ratings file holding several families' leaderboards."""


def add_commands(sub: Any) -> None:
    """Add ``event`` and ``ratings`` to the sub-command parser ``sub``."""
    ev = sub.add_parser(
        "event",
        help=_("a duplicate event of bots: every table plays the same boards; the final table"),
        description=_(
            "Set up a duplicate event, play it with bots and print the final table: every "
            "table plays the same boards (deals), the seats rotated, and each result is "
            "compared with those of the others who held the same cards."
        ),
    )
    ev.add_argument("game", metavar="GAME", help=_("family name or game string"))
    ev.add_argument("options", metavar="name=value", nargs="*", help=_("rule options"))
    ev.add_argument("--variant", metavar="V", help=_("start from this preset"))
    ev.add_argument(
        "--tables",
        nargs="+",
        action="extend",
        metavar="A,B,...",
        help=_(
            "one value per table (two or more): its bots, one level per seat separated by "
            "commas, or one level for every seat"
        ),
    )
    ev.add_argument(
        "--players",
        metavar="A,B,...",
        help=_("instead of --tables: the same bots at every table (one level per seat, or one)"),
    )
    ev.add_argument(
        "--table-count",
        type=_positive_int,
        metavar="T",
        help=_("with --players: how many tables (default: as many as seats)"),
    )
    ev.add_argument(
        "--boards", type=_positive_int, metavar="N", required=True, help=_("boards to play")
    )
    ev.add_argument(
        "--seed",
        type=int,
        default=0,
        metavar="S",
        help=_("board b is dealt from seed S+b; the bots too (0)"),
    )
    ev.add_argument("--name", default="", help=_("the event's name (in every record)"))
    ev.add_argument(
        "--scoring",
        choices=SCORINGS,
        default="difference",
        help=_("how each board is scored (default difference)"),
    )
    ev.add_argument(
        "--rotation",
        choices=ROTATIONS,
        default="full",
        help=_(
            "how the seats turn: full (each table differently, board by board), boards (every "
            "table alike), none (seats kept); default full"
        ),
    )
    ev.add_argument(
        "--workers", type=_positive_int, default=1, metavar="W", help=_("local processes (1)")
    )
    ev.add_argument(
        "--records",
        metavar="DIR",
        type=Path,
        help=_("write every game's record into DIR (a new or empty folder)"),
    )
    ev.add_argument(
        "--ratings",
        metavar="FILE",
        type=Path,
        help=_("rate the event's games on the family's leaderboard in FILE (made if missing)"),
    )
    ev.add_argument("--json", action="store_true", help=_("print one JSON object"))
    ev.add_argument("--verbose", action="store_true", help=_("also print every board's scores"))
    ev.add_argument("--quiet", action="store_true", help=_("no progress on stderr"))
    ev.set_defaults(func=cmd_event)

    rt = sub.add_parser(
        "ratings",
        help=_("print the leaderboards in a ratings file"),
        description=_(
            "Print every leaderboard in FILE (as hoyle event --ratings writes it): each "
            "player's rating, best first."
        ),
    )
    rt.add_argument("file", metavar="FILE", type=Path, help=_("a ratings file (JSON)"))
    rt.add_argument("--family", metavar="F", help=_("only this family's leaderboard"))
    rt.add_argument("--json", action="store_true", help=_("print one JSON object"))
    rt.set_defaults(func=cmd_ratings)


# --------------------------------------------------------------------------- event


def _lineups(args: argparse.Namespace, seats: int) -> list[list[str]]:
    """Each table's participants (``bot:<level>``) from ``--tables`` or ``--players``."""
    if args.tables and args.players is not None:
        raise UsageError(_("give --tables (one value per table) or --players, not both"))
    if args.table_count is not None and args.players is None:
        raise UsageError(
            _("--table-count goes with --players; with --tables every value is one table")
        )
    if args.players is not None:
        count = seats if args.table_count is None else args.table_count
        values = [args.players] * count
    elif args.tables:
        values = list(args.tables)
    else:
        raise UsageError(
            _(
                "give the tables: --tables A,B,C,D E,F,G,H (one value per table) or "
                "--players A,B,C,D --table-count T"
            )
        )
    if len(values) < 2:
        raise UsageError(
            _(
                "a duplicate event compares tables: give two tables or more "
                "(--tables A,B,C,D E,F,G,H, or --table-count 2 or more)"
            )
        )
    flag = "--players" if args.players is not None else "--tables"
    lineups = []
    for value in values:
        levels = _agent_list(value, seats, flag, "seats")
        lineups.append([n if n.startswith(BOT_PREFIX) else BOT_PREFIX + n for n in levels])
    return lineups


def _check_records(folder: Path) -> None:
    """Refuse, before any game, a ``--records`` folder the records could not go to whole."""
    if folder.exists() and not folder.is_dir():
        raise UsageError(
            _("--records: {path} is a file; give a new or empty folder").format(path=folder)
        )
    if folder.is_dir() and any(folder.iterdir()):
        raise UsageError(
            _("--records: {path} is not empty; give a new or empty folder").format(path=folder)
        )
    parent = _existing_parent(folder)
    if not os.access(parent, os.W_OK):
        raise UsageError(_("--records: cannot write in {folder}").format(folder=parent))


def _existing_parent(path: Path) -> Path:
    """The nearest folder above ``path`` that exists (what creating ``path`` writes into)."""
    parent = path.absolute().parent
    while not parent.exists():
        parent = parent.parent
    return parent


@dataclass(frozen=True)
class _Game:
    """One game played in a worker, as it travels back: picklable, small."""

    played: Played
    record: str
    outcome: GameOutcome | None


def _play_board(event: Event, board: int, seed: int, rate: bool) -> list[_Game]:
    """Board ``board`` played at every table (a worker's task)."""
    games = []
    for table in plan(event):
        a = table[board]
        state, rec = play_game(event, a, seed)
        outcome = None
        if rate:
            from hoyle.club.ratings import outcome_from_state

            outcome = outcome_from_state(state, rating_names(event, a))
        games.append(_Game(Played.from_state(a, state), dumps(rec), outcome))
    return games


def _boards_played(
    event: Event, seed: int, rate: bool, workers: int
) -> Iterator[tuple[int, list[_Game]]]:
    """Every board played at every table, as they finish (in order with one worker)."""
    boards = range(len(event.boards))
    if workers == 1:
        for board in boards:
            yield board, _play_board(event, board, seed, rate)
        return
    from hoyle.arena.executors import _start_worker, _stop

    pool = concurrent.futures.ProcessPoolExecutor(
        min(workers, len(boards)),
        mp_context=multiprocessing.get_context(),
        initializer=_start_worker,
        initargs=(os.getpid(),),
    )
    finished = False
    try:
        futures = {pool.submit(_play_board, event, b, seed, rate): b for b in boards}
        for future in concurrent.futures.as_completed(futures):
            yield futures[future], future.result()
        finished = True
    finally:
        _stop(pool, wait=finished)


def _play_all(
    event: Event, seed: int, rate: bool, workers: int, progress: bool | float
) -> list[_Game]:
    """Every game of the event, table by table in order of play; progress on stderr."""
    from tqdm import tqdm

    from hoyle.arena.executors import ProgressLines

    total = len(event.boards)
    unit = _("board")
    every = None if isinstance(progress, bool) else float(progress)
    lines = ProgressLines(total, event.game, unit, every) if every else None
    games: list[_Game] = []
    with tqdm(
        total=total, desc=event.game, unit=unit, file=sys.stderr, disable=progress is not True
    ) as bar:
        for _board, played in _boards_played(event, seed, rate, workers):
            games.extend(played)
            bar.update(1)
            if lines is not None:
                lines.update(1)
    games.sort(key=lambda g: (g.played.table, g.played.board))
    return games


def _record_path(event: Event, table: int, board: int) -> Path:
    """Where a game's record goes inside the records folder: ``table-1/board-01.hrec``."""
    return Path(record_path(event, table, board))


def _write_records(folder: Path, event: Event, games: Sequence[_Game]) -> list[Path]:
    """Every record into ``folder``, whole or not at all: written into a temporary folder
    beside it, then renamed. The paths written."""
    target = folder.absolute()
    target.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f".{target.name}.", dir=target.parent))
    try:
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(work, 0o777 & ~mask)  # as an ordinary folder, not mkdtemp's private one
        paths = []
        for g in games:
            path = _record_path(event, g.played.table, g.played.board)
            (work / path.parent).mkdir(exist_ok=True)
            (work / path).write_text(g.record, encoding="utf-8")
            paths.append(folder / path)
        os.replace(work, target)  # an empty folder is replaced; a full one refuses
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    return paths


def _header(event: Event, seed: int) -> str:
    text = ngettext(
        "{game}: {boards} board from seed {seed} at {tables} tables, scored by {scoring}",
        "{game}: {boards} boards from seed {seed} at {tables} tables, scored by {scoring}",
        len(event.boards),
    ).format(
        game=event.game,
        boards=len(event.boards),
        seed=seed,
        tables=len(event.tables),
        scoring=event.scoring,
    )
    return f"{event.name}: {text}" if event.name else text


def board_lines(event: Event, result: EventScore) -> list[str]:
    """Every board's scores: per seat (the same cards at every table), who held them at
    each table, the result and the duplicate score."""
    seat, table, who, res, pts = _("Seat"), _("Table"), _("Participant"), _("Result"), _("Score")
    width = max([len(who), *(len(p.name) for p in event.participants)])
    # Each column as wide as its heading too: the headings differ by language.
    sw, tw, rw, pw = max(4, len(seat)), max(5, len(table)), max(8, len(res)), max(8, len(pts))
    head = f"  {seat:>{sw}}  {table:>{tw}}  {who:<{width}}  {res:>{rw}}  {pts:>{pw}}"
    lines: list[str] = []
    for board, deal in enumerate(event.boards):
        scores = result.for_board(board)
        if not scores:
            continue
        lines.append("")
        lines.append(_("Board {board} (dealt from seed {seed})").format(board=board + 1, seed=deal))
        lines.append(head.rstrip())
        for s in scores:
            lines.append(
                f"  {s.seat:>{sw}}  {s.table + 1:>{tw}}  {s.participant:<{width}}  "
                f"{s.result:>+{rw}.2f}  {s.score:>+{pw}.2f}"
            )
    return lines


def _is_option(word: str) -> bool:
    """Whether ``word`` is a rule option ``name=value`` (not a level ``expert(seconds=1)``).

    >>> _is_option("deals=1"), _is_option("expert(seconds=0.05),easy"), _is_option("easy")
    (True, False, False)
    """
    name, sep, _value = word.partition("=")
    return bool(sep) and "(" not in name and "," not in name


def cmd_event(args: argparse.Namespace) -> int:
    """``hoyle event``: a duplicate event of bots played through, then its final table."""
    from hoyle.arena.matches import one_deal
    from hoyle.club.events import format_table

    options = list(args.options)
    # ``--tables a,b,c,d deals=1``: a rule option the list option took; still an option.
    # A level with settings (``expert(seconds=0.05)``) has its ``=`` inside brackets.
    if args.tables:
        options += [t for t in args.tables if _is_option(t)]
        args.tables = [t for t in args.tables if not _is_option(t)]
    game = _load_game(args.game, args.variant, options)
    note = None
    if not one_deal(game):
        # A board is one deal, as the arena's --deals: a game of several deals is split.
        whole = game.spec
        game = hoyle.load(whole, deals=1)
        note = _(
            "hoyle: note: {whole} is played over several deals; each board is one deal of it, "
            "{spec}"
        ).format(whole=whole, spec=game.spec)
    lineups = _lineups(args, game.num_players)
    try:
        event = make_event(
            game,
            lineups,
            args.boards,
            name=args.name,
            seed=args.seed,
            scoring=args.scoring,
            rotation=args.rotation,
        )
    except HoyleError as exc:
        raise UsageError(str(exc)) from None
    if args.records is not None:
        _check_records(args.records)
    boards: dict[str, Leaderboard] = {}
    collection = False
    if args.ratings is not None:
        boards, collection = _read_ratings(args.ratings, missing_ok=True)
        if not os.access(_existing_parent(args.ratings), os.W_OK):
            raise UsageError(
                _("--ratings: cannot write in {folder}").format(
                    folder=_existing_parent(args.ratings)
                )
            )
    if note is not None:
        print(note, file=sys.stderr)
    progress: bool | float = False
    if not args.quiet:
        progress = True if sys.stderr.isatty() else 30.0
    try:
        games = _play_all(event, args.seed, args.ratings is not None, args.workers, progress)
    except KeyboardInterrupt:
        _error(_("event interrupted; nothing was printed or saved"))
        return EXIT_INTERRUPTED
    except (HoyleError, concurrent.futures.BrokenExecutor) as exc:  # a bot failed, a worker died
        _error(_("event stopped: {error}; nothing was printed or saved").format(error=exc))
        return EXIT_FAILURE
    result = score(event, [g.played for g in games])
    failure = None
    paths: list[Path] = []
    if args.records is not None:
        try:
            paths = _write_records(args.records, event, games)
        except OSError as exc:
            failure = _("records not written: {why}").format(why=exc)
    rated = None
    if args.ratings is not None and failure is None:
        from hoyle.club.ratings import Leaderboard

        family = game.family
        board = boards.setdefault(family, Leaderboard(family))
        count = board.apply_all(g.outcome for g in games if g.outcome is not None)
        try:
            _write_ratings(args.ratings, boards, collection or len(boards) > 1)
            rated = (family, count, board)
        except OSError as exc:
            failure = _("ratings not written: {why}").format(why=exc)
    if args.json:
        out: dict[str, Any] = {
            "event": event.to_dict(),
            "seed": args.seed,
            "score": result.to_dict(),
            "played": [g.played.to_dict() for g in games],
            "records": [str(p) for p in paths] if args.records is not None else None,
            "ratings": None,
        }
        if rated is not None:
            out["ratings"] = {
                "file": str(args.ratings),
                "family": rated[0],
                "rated": rated[1],
                "standings": [s.to_dict() for s in rated[2].standings()],
            }
        print(json.dumps(out, ensure_ascii=False))
    else:
        lines = [_header(event, args.seed), "", format_table(result)]
        if args.verbose:
            lines += board_lines(event, result)
        saved = []
        if paths:
            saved.append(
                _("Records: {count} games in {path}").format(count=len(paths), path=args.records)
            )
        if rated is not None:
            saved.append(
                ngettext(
                    "Ratings: {count} game rated on the {family} leaderboard in {path} "
                    "(hoyle ratings {path} shows it)",
                    "Ratings: {count} games rated on the {family} leaderboard in {path} "
                    "(hoyle ratings {path} shows it)",
                    rated[1],
                ).format(count=rated[1], family=rated[0], path=args.ratings)
            )
        if saved:
            lines += ["", *saved]
        print(*lines, sep="\n")
    if failure is not None:
        _error(failure)
        return EXIT_FAILURE
    return EXIT_OK


# --------------------------------------------------------------------------- ratings


def _read_ratings(path: Path, *, missing_ok: bool = False) -> tuple[dict[str, Leaderboard], bool]:
    """The leaderboards in a ratings file by family, and whether it holds several (a file
    written by :meth:`Leaderboard.dumps` holds one). A missing file is empty when
    ``missing_ok``."""
    try:
        from hoyle.club.ratings import Leaderboard
    except ImportError:  # openskill is an extra
        raise UsageError(
            _("ratings need the openskill package: pip install 'hoyle[web]'")
        ) from None
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        if missing_ok:
            return {}, False
        raise UsageError(_("cannot read {path}: no such file").format(path=path)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(_("cannot read {path}: {why}").format(path=path, why=exc)) from None
    try:
        data = json.loads(text)
        if isinstance(data, Mapping) and "leaderboards" in data:
            if data.get("format") != RATINGS_FORMAT:
                raise ValueError(
                    _("unknown ratings format {found!r}; this hoyle reads format {known}").format(
                        found=data.get("format"), known=RATINGS_FORMAT
                    )
                )
            found = [Leaderboard.from_dict(b) for b in data["leaderboards"].values()]
            return {b.family: b for b in found}, True
        board = Leaderboard.from_dict(data)
        return {board.family: board}, False
    except (ValueError, KeyError, TypeError, AttributeError, HoyleError) as exc:
        why = exc.msg if isinstance(exc, json.JSONDecodeError) else exc
        raise UsageError(
            _(
                "{path} is not a ratings file ({why}); give a file hoyle event --ratings "
                "wrote, or a new one"
            ).format(path=path, why=why)
        ) from None


def _write_ratings(path: Path, boards: Mapping[str, Leaderboard], collection: bool) -> None:
    """The leaderboards into ``path``, whole or not at all (a temporary file, then renamed):
    one leaderboard's own JSON, or ``{"format", "leaderboards": {family: …}}`` for several."""
    if collection:
        data: dict[str, Any] = {
            "format": RATINGS_FORMAT,
            "leaderboards": {f: boards[f].to_dict() for f in sorted(boards)},
        }
        text = json.dumps(data, sort_keys=True, ensure_ascii=False, indent=1)
    else:
        (board,) = boards.values()
        text = json.dumps(board.to_dict(), sort_keys=True, ensure_ascii=False, indent=1)
    target = path.absolute()
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text + "\n")
            out.flush()
            os.fsync(out.fileno())
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(temp, 0o666 & ~mask)  # as an ordinary file, not mkstemp's private one
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def standings_lines(board: Leaderboard) -> list[str]:
    """One leaderboard as the lines ``hoyle ratings`` prints."""
    rated = ngettext("{family}: {games} game rated", "{family}: {games} games rated", board.games)
    lines = [rated.format(family=board.family, games=board.games)]
    table = board.standings()
    if not table:
        return [*lines, "  " + _("no player yet")]
    place, who, rating, games = _("Place"), _("Player"), _("Rating"), _("Games")
    width = max([len(who), *(len(s.name) for s in table)])
    # Each column as wide as its heading too: the headings differ by language.
    pw, rw, gw = max(5, len(place)), max(6, len(rating)), max(6, len(games))
    lines.append(
        f"{place:>{pw}}  {who:<{width}}  {rating:>{rw}}  {'mu':>6}  {'sigma':>6}  {games:>{gw}}"
    )
    for s in table:
        mark = "  " + _("(held fixed)") if s.anchor else ""
        lines.append(
            f"{s.place:>{pw}}  {s.name:<{width}}  {s.rating.display:>{rw}}  {s.rating.mu:>6.2f}  "
            f"{s.rating.sigma:>6.2f}  {s.rating.games:>{gw}}{mark}"
        )
    return lines


def cmd_ratings(args: argparse.Namespace) -> int:
    """``hoyle ratings FILE``: the leaderboards in a ratings file."""
    boards, _several = _read_ratings(args.file)
    families = sorted(boards)
    if args.family is not None:
        if args.family not in boards:
            raise UsageError(
                _("{path} has no {family} leaderboard; it has: {families}").format(
                    path=args.file, family=args.family, families=", ".join(families) or "-"
                )
            )
        families = [args.family]
    if args.json:
        out = {
            f: {"games": boards[f].games, "standings": [s.to_dict() for s in boards[f].standings()]}
            for f in families
        }
        print(json.dumps(out, ensure_ascii=False))
        return EXIT_OK
    lines: list[str] = []
    for f in families:
        if lines:
            lines.append("")
        lines += standings_lines(boards[f])
    print(*lines, sep="\n")
    return EXIT_OK
