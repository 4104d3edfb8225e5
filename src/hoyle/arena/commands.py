"""The arena's commands: ``hoyle simulate``, ``hoyle match`` and ``hoyle study``.

:func:`add_commands` adds them to the main parser (:mod:`hoyle.cli`); the work is done by
:mod:`hoyle.arena`. A run with ``--out`` (or ``--database``) is a *study*
(:mod:`hoyle.arena.study`): every finished batch is recorded, Ctrl-C (or SIGTERM, as a
cluster's scheduler sends) saves what is done and says how to go on, and ``--resume STORE``, or
the same command again, continues it to the numbers an uninterrupted run prints.
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
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
    _make_agent,
    _positive_int,
    _positive_seconds,
)
from hoyle.core.errors import HoyleError
from hoyle.core.registry import split_agents
from hoyle.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from hoyle.arena.executors import Executor
    from hoyle.arena.study import RunInfo, Study

__all__ = ["add_commands", "cmd_match", "cmd_simulate", "cmd_study"]

EXIT_TERMINATED = 143
"""The shell's status for a program stopped by SIGTERM (128 + 15)."""


class Terminated(BaseException):
    """SIGTERM arrived (a scheduler taking the machine back): save and stop, as for Ctrl-C.

    Not an ``Exception``, like ``KeyboardInterrupt``: a deal that is being played when it
    arrives must not record it as that deal's error."""


def add_commands(sub: Any) -> None:
    """Add ``simulate``, ``match`` and ``study`` to the sub-command parser ``sub``."""
    sim = sub.add_parser("simulate", help=_("play many games between agents and summarise"))
    _game_arguments(sim)
    sim.add_argument("--games", type=_positive_int, help=_("games to play (100)"))
    sim.add_argument("--seed", type=int, help=_("game i is dealt from seed S+i (0)"))
    sim.add_argument(
        "--agents",
        help=_("one agent name per seat, comma-separated, or one for every seat (random)"),
    )
    sim.add_argument("--json", action="store_true", help=_("print one JSON object"))
    sim.add_argument("--quiet", action="store_true", help=_("no progress bar"))
    _run_arguments(sim)
    sim.set_defaults(func=cmd_simulate)

    match = sub.add_parser(
        "match",
        help=_("the arena: agents against each other on (duplicate) deals, with 95%% intervals"),
    )
    _game_arguments(match)
    match.add_argument(
        "--agents",
        metavar="A,B,...",
        help=_("agent names, repeated round the table when fewer than the seats (required)"),
    )
    count = match.add_mutually_exclusive_group()
    count.add_argument(
        "--deals",
        type=_positive_int,
        help=_(
            "deals to play (100); a game of several deals (hearts, to 100) is played one "
            "deal at a time, as GAME(deals=1)"
        ),
    )
    count.add_argument(
        "--games",
        type=_positive_int,
        help=_("whole games to play instead, each as many deals as the game takes"),
    )
    match.add_argument(
        "--duplicate",
        action="store_true",
        help=_("play each deal once per seat rotation, so every agent holds every seat"),
    )
    match.add_argument("--seed", type=int, help=_("deal i is dealt from seed S+i (0)"))
    match.add_argument("--json", action="store_true", help=_("print one JSON object"))
    match.add_argument("--quiet", action="store_true", help=_("no progress bar"))
    _run_arguments(match)
    match.add_argument("--chart", metavar="FILE.png", help=_("draw the results into a PNG file"))
    match.add_argument(
        "--database",
        metavar="URL",
        help=_(
            "record the study (every game) in this SQLAlchemy URL or SQLite file; with "
            "--out FILE.parquet the games go to both"
        ),
    )
    match.set_defaults(func=cmd_match)

    study = sub.add_parser("study", help=_("where a recorded study stands; go on with it"))
    study.add_argument(
        "action",
        choices=("status", "resume"),
        help=_("status: done, pending and failed deals of each study; resume: go on with one"),
    )
    study.add_argument(
        "store", metavar="STORE", help=_("a SQLite file, a database URL or a .parquet folder")
    )
    study.add_argument(
        "--study", type=_positive_int, metavar="N", help=_("the study, when STORE holds several")
    )
    study.add_argument("--json", action="store_true", help=_("print JSON"))
    study.set_defaults(func=cmd_study)


def _game_arguments(parser: argparse.ArgumentParser) -> None:
    """GAME (not with ``--resume``), ``--variant`` and the trailing ``name=value`` options."""
    parser.add_argument("game", metavar="GAME", nargs="?", help=_("family name or game string"))
    parser.add_argument("options", metavar="name=value", nargs="*", help=_("rule options"))
    parser.add_argument("--variant", metavar="V", help=_("start from this preset"))


def _run_arguments(parser: argparse.ArgumentParser) -> None:
    """Where games run and go: ``--workers`` or ``--ray``, ``--out``, ``--resume``,
    ``--batch-seconds`` and the progress flags."""
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--workers", type=_positive_int, default=1, help=_("local processes (1)"))
    where.add_argument(
        "--ray",
        metavar="ADDRESS",
        help=_("play on a Ray cluster: auto, local (start one here) or HOST:PORT of its head"),
    )
    parser.add_argument(
        "--out",
        metavar="STORE",
        help=_(
            "record the study as it goes, to resume it after any stop: FILE.sqlite or "
            "FILE.db (SQLite), a database URL (postgresql+psycopg://…), or FILE.parquet (a "
            "folder of Parquet files); the same command again continues it"
        ),
    )
    parser.add_argument(
        "--resume",
        metavar="STORE",
        help=_(
            "go on with the unfinished study in STORE (its game, agents, deals and seed "
            "come from there)"
        ),
    )
    parser.add_argument(
        "--study", type=_positive_int, metavar="N", help=_("with --resume: which study in STORE")
    )
    parser.add_argument(
        "--batch-seconds",
        type=_positive_seconds,
        metavar="SECONDS",
        help=_(
            "how long a batch of deals should take (60 in worker processes or on Ray, 5 in "
            "this one); also how often a Parquet part is written (60)"
        ),
    )
    parser.add_argument(
        "--progress",
        action="store_true",
        help=_("show the progress bar even when stderr is not a terminal (a cluster job's log)"),
    )
    parser.add_argument(
        "--progress-every",
        type=_positive_seconds,
        default=30.0,
        metavar="SECONDS",
        help=_("when stderr is not a terminal, a progress line this often (30)"),
    )


def _progress(args: argparse.Namespace) -> bool | float:
    """A bar on a terminal (or with ``--progress``), a line every ``--progress-every``
    seconds when stderr is a file or a pipe, nothing with ``--quiet``."""
    if args.progress:
        return True
    if args.quiet:
        return False
    return True if sys.stderr.isatty() else float(args.progress_every)


def _executor(args: argparse.Namespace) -> Executor:
    """The executor ``--workers`` or ``--ray`` asks for (a Ray connection is made here)."""
    from hoyle.arena.executors import make_executor

    try:
        return make_executor(args.workers, ray=args.ray)
    except HoyleError as exc:
        raise UsageError(str(exc)) from None


def _flush_seconds(args: argparse.Namespace) -> float:
    return float(args.batch_seconds) if args.batch_seconds else 60.0


def _resumed(args: argparse.Namespace, kind: str) -> RunInfo:
    """The settings of the study ``--resume`` names, checked, the study not yet taken (that
    is :func:`_open_study`'s, once every other argument is known to be good)."""
    from hoyle.arena.study import Study

    given = [
        flag
        for flag, value in (
            ("GAME", args.game),
            ("--agents", args.agents),
            ("--seed", args.seed),
            ("--deals", getattr(args, "deals", None)),
            ("--games", args.games),
            ("--duplicate", getattr(args, "duplicate", False) or None),
            ("--variant", args.variant),
            ("--out", args.out),
            ("--database", getattr(args, "database", None)),
        )
        if value is not None
    ]
    if given or args.options:
        named = ", ".join(given + list(args.options))
        raise UsageError(
            _(
                "--resume takes the study's game, agents, deals and seed from its store; "
                "drop {named}"
            ).format(named=named)
        )
    try:
        return Study.peek(args.resume, args.study, kind)
    except HoyleError as exc:
        raise UsageError(str(exc)) from None


def _open_study(
    args: argparse.Namespace, info: RunInfo, database: str | None = None
) -> Study | None:
    """The study ``--resume`` names, or the one ``--out`` (and ``--database``) record to, new
    or continued; ``None`` without any. Opened last, so that nothing is created or taken
    while an argument is still wrong."""
    from hoyle.arena.study import Study, check_out_path

    try:
        if args.resume is not None:
            return Study.resume(
                args.resume, args.study, kind=info.kind, flush_seconds=_flush_seconds(args)
            )
        if args.out is None and database is None:
            return None
        if args.out is None:
            assert database is not None
            return Study.open(database, info, flush_seconds=_flush_seconds(args))
        target = check_out_path(args.out)
        return Study.open(target, info, database=database, flush_seconds=_flush_seconds(args))
    except HoyleError as exc:
        raise UsageError(str(exc)) from None


def _announce(study: Study | None, args: argparse.Namespace) -> None:
    """Say which study this is and how to go on with it, unless ``--quiet``."""
    if study is None or args.quiet:
        return
    where = study.label
    command = f"hoyle {study.info.kind} --resume {where}"
    if study.resumed:
        text = _(
            "hoyle: going on with study {study} in {where}: {done} of {total} done; "
            "if it stops, go on with: {command}"
        ).format(
            study=study.id,
            where=where,
            done=f"{study.done_deals:,}",
            total=f"{study.info.deals:,}",
            command=command,
        )
    else:
        text = _("hoyle: recording study {study} in {where}; if it stops, go on with: {command}")
        text = text.format(study=study.id, where=where, command=command)
    print(text, file=sys.stderr)


@contextmanager
def _terminable() -> Iterator[None]:
    """While playing, SIGTERM stops the run as Ctrl-C does (what is done is saved)."""

    def stop(signum: int, frame: FrameType | None) -> None:
        raise Terminated

    try:
        previous = signal.signal(signal.SIGTERM, stop)
    except ValueError:  # not the main thread (a test runner's): leave SIGTERM alone
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


_INTERRUPTED = {
    "simulation": N_("simulation interrupted; nothing was printed or saved"),
    "match": N_("match interrupted; nothing was printed or saved"),
}
"""What Ctrl-C (or SIGTERM) stopped, with no study to keep what was done."""
_UNSAVED = {
    "simulation": N_("simulation interrupted; the last batches could not be saved: {failure}"),
    "match": N_("match interrupted; the last batches could not be saved: {failure}"),
}
"""What Ctrl-C stopped when the study could not save its last batches."""


def _played(what: str, study: Study | None, run: Callable[[], Any]) -> Any:
    """``run()``'s result, or the exit code after Ctrl-C, SIGTERM or an error, once what was
    done is saved (a study stays resumable)."""
    try:
        with _terminable():
            return run()
    except (KeyboardInterrupt, Terminated) as exc:
        code = EXIT_INTERRUPTED if isinstance(exc, KeyboardInterrupt) else EXIT_TERMINATED
        if study is None:
            _error(_(_INTERRUPTED[what]))
            return code
        try:
            print(f"hoyle: {study.stop()}", file=sys.stderr)
        except (HoyleError, OSError) as failure:
            _error(_(_UNSAVED[what]).format(failure=failure))
        return code
    except (HoyleError, OSError) as exc:  # a write failed, a cluster went away
        if study is not None:
            try:
                message = study.stop()
            except (HoyleError, OSError):
                study.close()
                message = _("the study keeps what was recorded before")
            _error(_("stopped: {error}; {message}").format(error=exc, message=message))
        else:
            _error(_("stopped: {error}").format(error=exc))
        return EXIT_FAILURE


def _opened(executor: Executor, open_study: Callable[[], Study | None]) -> Study | None:
    """``open_study()``; the executor (a Ray connection) is closed should it fail."""
    try:
        return open_study()
    except BaseException:
        executor.close()
        raise


def _run(what: str, executor: Executor, study: Study | None, run: Callable[[], Any]) -> Any:
    """:func:`_played`, then the executor closed; the study's store closed on an error."""
    try:
        return _played(what, study, run)
    except BaseException:
        if study is not None:
            study.close()
        raise
    finally:
        executor.close()


def _failed(count: int, unit: str, study: Study | None) -> None:
    """Say on stderr that ``count`` deals (or games) failed, and where to see them."""
    if unit == "game":
        text = ngettext(
            "{count} game could not be played", "{count} games could not be played", count
        )
    else:
        text = ngettext(
            "{count} deal could not be played", "{count} deals could not be played", count
        )
    text = text.format(count=count)
    if study is not None:
        text += _("; hoyle study status {store} lists them, --resume tries them again").format(
            store=study.label
        )
    _error(text)


# --------------------------------------------------------------------------- simulate


def cmd_simulate(args: argparse.Namespace) -> int:
    """``hoyle simulate``: N games between agents, then a summary table or JSON."""
    from hoyle import arena
    from hoyle.arena.study import RunInfo

    if args.resume is not None:
        stored = _resumed(args, "simulate")
        game = hoyle.load(stored.game)
        names, games, seed = list(stored.lineup), stored.deals, stored.seed
    else:
        if args.study is not None:
            raise UsageError(_("--study goes with --resume STORE"))
        if args.game is None:
            raise UsageError(_("give GAME (or --resume STORE to go on with a study)"))
        game = _load_game(args.game, args.variant, args.options)
        names = _agent_list(args.agents or "random", game.num_players, "--agents", "seats")
        games = 100 if args.games is None else args.games
        seed = 0 if args.seed is None else args.seed
        for name in set(names):  # fail on an unknown name before any game is played
            _make_agent(name, game, 0)
    executor = _executor(args)
    info = RunInfo(
        kind="simulate",
        game=game.spec,
        lineup=tuple(names),
        seed=seed,
        deals=games,
        duplicate=False,
        rotations=1,
        workers=executor.slots,
    )
    study = _opened(executor, lambda: _open_study(args, info))
    _announce(study, args)
    outcome = _run(
        "simulation",
        executor,
        study,
        lambda: arena.simulate(
            game,
            names,
            games,
            seed=seed,
            executor=executor,
            study=study,
            progress=_progress(args),
            batch_seconds=args.batch_seconds,
        ),
    )
    if isinstance(outcome, int):
        return outcome
    result = outcome
    summary = result.to_dict()
    saved, failure = _finish(study, summary)
    if args.json:
        print(json.dumps(summary))
    else:
        from hoyle.arena.report import failure_lines

        half = [r.half_width for r in result.returns]
        print(
            *_summary_table(summary, half),
            *failure_lines(result.failures, "game"),
            *saved,
            sep="\n",
        )
    if failure is not None:
        _error(_("results not saved: {failure}").format(failure=failure))
        return EXIT_FAILURE
    if result.failures:
        _failed(sum(f.count for f in result.failures), "game", study)
        return EXIT_FAILURE
    return EXIT_OK


def _finish(study: Study | None, summary: dict[str, Any]) -> tuple[list[str], str | None]:
    """Complete the study with the summary; the line saying where it went, or the failure."""
    if study is None:
        return [], None
    try:
        return [study.finish(summary)], None
    except (OSError, HoyleError) as exc:  # e.g. the disk filled up during the run
        return [], str(exc)


def _summary_table(summary: dict[str, Any], half: list[float | None]) -> list[str]:
    names: list[str] = summary["agents"]
    seat_h, agent_h, ret_h, ci_h, score_h = (
        _("seat"),
        _("agent"),
        _("mean return"),
        _("± 95% CI"),
        _("mean score"),
    )
    width = max(len(agent_h), 5, *(len(n) for n in names))
    sw, rw, cw, mw = max(len(seat_h), 4), max(len(ret_h), 11), max(len(ci_h), 10), 11
    mw = max(len(score_h), mw)
    lines = [
        _("{game}: {games} games from seed {seed}").format(
            game=summary["game"], games=summary["games"], seed=summary["seed"]
        ),
        f"{seat_h:<{sw}}  {agent_h:<{width}}  {ret_h:<{rw}} {ci_h:>{cw}}  {score_h:>{mw}}",
    ]
    for seat, name in enumerate(names):
        h = half[seat]
        ci = f"{h:>{cw}.3f}" if h is not None else f"{'n/a':>{cw}}"
        lines.append(
            f"{seat:>{sw}}  {name:<{width}}  {summary['mean_returns'][seat]:>{rw}.3f}  {ci}"
            f"  {summary['mean_scores'][seat]:>{mw}.2f}"
        )
    rate = summary["games_per_s"]
    took = _("{games} games in {seconds} s").format(
        games=summary["games"], seconds=f"{summary['elapsed_s']:.2f}"
    )
    if rate is not None:
        took += _(" ({rate} games/s, {executor})").format(
            rate=f"{rate:.1f}", executor=summary["executor"]
        )
    lines.append(took)
    return lines


# --------------------------------------------------------------------------- match


def cmd_match(args: argparse.Namespace) -> int:
    """``hoyle match``: an arena match, then its tables (or JSON)."""
    from hoyle import arena
    from hoyle.arena.chart import check_chart_path, write_chart
    from hoyle.arena.report import match_table
    from hoyle.arena.seating import rotations
    from hoyle.arena.study import RunInfo

    note = None
    if args.resume is not None:
        stored = _resumed(args, "match")
        game = hoyle.load(stored.game)
        agents: list[str] = list(stored.lineup)
        deals, seed, duplicate = stored.deals, stored.seed, stored.duplicate
    else:
        if args.study is not None:
            raise UsageError(_("--study goes with --resume STORE"))
        if args.game is None or args.agents is None:
            raise UsageError(
                _("give GAME and --agents A,B (or --resume STORE to go on with a study)")
            )
        game = _load_game(args.game, args.variant, args.options)
        agents = split_agents(args.agents)
        seed, duplicate = (0 if args.seed is None else args.seed), args.duplicate
        if args.games is not None:
            deals = args.games
        else:
            deals = 100 if args.deals is None else args.deals
            if not arena.one_deal(game):
                # --deals counts deals: a match to 100 is not one, so each deal is a game here.
                whole = game.spec
                game = hoyle.load(whole, deals=1)
                note = _(
                    "hoyle: note: {whole} is played over several deals; --deals {deals} "
                    "plays {deals} single deals of it, {spec} (--games N plays whole games)"
                ).format(whole=whole, deals=deals, spec=game.spec)
    try:
        # Every argument, the paths and the cluster are checked before any game; the store
        # last, so that nothing is created while an argument is still wrong.
        _checked, seats = arena.check(game, agents, deals, workers=args.workers)
        chart = None if args.chart is None else check_chart_path(args.chart)
    except HoyleError as exc:
        raise UsageError(str(exc)) from None
    executor = _executor(args)
    info = RunInfo(
        kind="match",
        game=game.spec,
        lineup=seats,
        seed=seed,
        deals=deals,
        duplicate=duplicate,
        rotations=len(rotations(seats)) if duplicate else 1,
        workers=executor.slots,
    )
    study = _opened(executor, lambda: _open_study(args, info, args.database))
    if note is not None:  # said once every argument is known to be good
        print(note, file=sys.stderr)
    _announce(study, args)
    outcome = _run(
        "match",
        executor,
        study,
        lambda: arena.match(
            game,
            agents,
            deals,
            duplicate=duplicate,
            seed=seed,
            progress=_progress(args),
            executor=executor,
            study=study,
            keep_games=False,  # every game went to the store: a long study keeps none
            batch_seconds=args.batch_seconds,
        ),
    )
    if isinstance(outcome, int):
        return outcome
    result = outcome
    summary = result.to_dict()
    saved: list[str] = []
    failure: str | None = None
    if chart is not None:
        try:
            summary["chart"] = str(write_chart(result, chart))
            saved.append(_("Chart: {path}").format(path=chart))
        except (OSError, HoyleError) as exc:
            failure = str(exc)
    lines, failed = _finish(study, summary)
    failure = failure or failed
    if study is not None and failed is None:
        if args.database is not None:
            summary["database"] = {"url": study.store.url, "match_id": study.id}
        if args.out is not None:
            summary["out"] = str(args.out)
    saved += lines
    # The results are printed even when saving failed: the match is not lost with the file.
    if args.json:
        print(json.dumps(summary))
    else:
        print(*match_table(result), *saved, sep="\n")
    if failure is not None:
        _error(_("results not saved: {failure}").format(failure=failure))
        return EXIT_FAILURE
    if result.failures:
        _failed(result.failed_deals, result.unit, study)
        return EXIT_FAILURE
    return EXIT_OK


# --------------------------------------------------------------------------- study


def cmd_study(args: argparse.Namespace) -> int:
    """``hoyle study status STORE``: each study's done, pending and failed deals;
    ``hoyle study resume STORE``: go on with the unfinished one (a match or a simulation)."""
    from hoyle.arena.study import study_statuses

    if args.action == "resume":
        return _resume_any(args)
    try:
        statuses = study_statuses(args.store)
    except HoyleError as exc:
        raise UsageError(str(exc)) from None
    if args.study is not None:
        statuses = [s for s in statuses if s.id == args.study]
        if not statuses:
            raise UsageError(
                _("{store} holds no study {study}").format(store=args.store, study=args.study)
            )
    if args.json:
        print(json.dumps([s.to_dict() for s in statuses]))
        return EXIT_OK
    if not statuses:
        print(_("{store} holds no study").format(store=args.store))
        return EXIT_OK
    for status in statuses:
        info = status.info
        print(
            _("study {study}: {what} — {state}").format(
                study=status.id, what=info.describe(), state=status.state
            )
        )
        print(
            "  "
            + _(
                "done {done}, pending {pending}, failed {failed} of {total} ({percent}% done); "
                "{time} of play recorded; last run by {driver}"
            ).format(
                done=f"{status.done:,}",
                pending=f"{status.pending:,}",
                failed=f"{status.failed:,}",
                total=f"{info.deals:,}",
                percent=f"{100 * status.done / info.deals:.1f}",
                time=_hours(status.seconds),
                driver=status.driver,
            )
        )
        for failure in status.failures:
            last = failure.first + failure.count - 1
            if failure.count == 1:
                where = _("deal {number}").format(number=failure.first)
            else:
                where = _("deals {first}-{last}").format(first=failure.first, last=last)
            print("  " + _("failed {where}: {error}").format(where=where, error=failure.error))
        if status.state != "finished" or status.failures:
            command = f"hoyle {info.kind} --resume {args.store} --study {status.id}"
            print("  " + _("go on with: {command}").format(command=command))
    return EXIT_OK


def _hours(seconds: float) -> str:
    """``"3.2 s"``, ``"14.0 min"``, ``"2.50 h"``: summed over the workers."""
    if seconds < 60:
        return f"{seconds:.1f} s"
    return f"{seconds / 60:.1f} min" if seconds < 3600 else f"{seconds / 3600:.2f} h"


def _resume_any(args: argparse.Namespace) -> int:
    """``hoyle study resume STORE``: the study's own command with ``--resume``."""
    from hoyle.arena.study import study_statuses
    from hoyle.cli import build_parser

    try:
        statuses = study_statuses(args.store)
    except HoyleError as exc:
        raise UsageError(str(exc)) from None
    chosen = [s for s in statuses if args.study in (None, s.id)]
    kinds = {s.info.kind for s in chosen if s.state != "finished" or s.failures}
    kind = kinds.pop() if len(kinds) == 1 else "match"
    argv = [kind, "--resume", args.store]
    if args.study is not None:
        argv += ["--study", str(args.study)]
    if args.json:
        argv.append("--json")
    resumed = build_parser().parse_args(argv)
    func: Callable[[argparse.Namespace], int] = resumed.func
    return func(resumed)
