"""``hoyle review RECORD --seat N``: which of a seat's moves cost points, by the expert's search.

Prints every decision of the seat that had a choice (the move played, the level's move and the
expected points lost), a total per deal and the three costliest moves; ``--json`` prints the
same as one object. ``--compare`` adds what others scored with the same cards (records of the
same game and seed, as a duplicate match deals them). The engine is
:mod:`hoyle.agents.review`; this module reads arguments and prints.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, TextIO

from hoyle import records
from hoyle.agents.review import (
    NOISE,
    Decision,
    Review,
    ReviewCancelled,
    SameCards,
    deal_scores,
    review,
    same_cards,
)
from hoyle.cli import EXIT_FAILURE, EXIT_INTERRUPTED, EXIT_OK, UsageError
from hoyle.core.errors import HoyleError
from hoyle.i18n import _
from hoyle.records import Record
from hoyle.records.timeline import Timeline

__all__ = ["add_commands", "cmd_review", "review_lines"]


def add_commands(sub: Any) -> None:
    """Add ``review`` to the sub-command parser ``sub``."""
    rev = sub.add_parser(
        "review",
        help=_("value every move of one seat in a record with the expert's search"),
        description=_(
            "Replay RECORD and, at each decision of --seat that had a choice, value every legal "
            "move by a search level from what that seat could see; list the move played, the "
            "level's move and the expected points lost."
        ),
    )
    rev.add_argument("file", metavar="RECORD", type=Path, help=_("a .hrec game record"))
    rev.add_argument("--seat", type=int, required=True, help=_("the seat to review (from 0)"))
    rev.add_argument(
        "--level", default="expert", help=_("the search level that judges (default expert)")
    )
    rev.add_argument(
        "--seconds", type=float, metavar="S", help=_("search time per decision (the level's own)")
    )
    rev.add_argument(
        "--simulations", type=int, metavar="N", help=_("simulations per decision instead")
    )
    rev.add_argument("--seed", type=int, default=0, help=_("seed of the searches (0)"))
    rev.add_argument(
        "--compare",
        nargs="+",
        type=Path,
        metavar="RECORD",
        default=[],
        help=_(
            "records of the same deals played by others (a duplicate match): show what they "
            "scored with the same cards"
        ),
    )
    rev.add_argument("--json", action="store_true", help=_("print one JSON object"))
    rev.add_argument("--quiet", action="store_true", help=_("no progress on stderr"))
    rev.set_defaults(func=cmd_review)


def _read(path: Path) -> Record:
    try:
        return records.read_file(path)
    except OSError as exc:
        raise UsageError(
            _("cannot read {path}: {why}").format(path=path, why=exc.strerror or exc)
        ) from None
    except UnicodeDecodeError as exc:
        raise UsageError(
            _("{path} is not a text record: {why} at byte {at}").format(
                path=path, why=exc.reason, at=exc.start
            )
        ) from None


def _progress(stream: TextIO) -> Any:
    def show(done: int, total: int, decision: Decision | None) -> None:
        if decision is None:
            stream.write(
                "\r" + _("reviewing decision {n} of {total} …").format(n=done + 1, total=total)
            )
        elif done == total:
            stream.write(
                "\r" + _("reviewed {total} decisions").format(total=total) + " " * 12 + "\n"
            )
        stream.flush()

    return show


def cmd_review(args: argparse.Namespace) -> int:
    """``hoyle review``: print the review of one seat's game."""
    for flag, value in (("--seconds", args.seconds), ("--simulations", args.simulations)):
        if value is not None and value <= 0:
            raise UsageError(
                _("{flag} must be more than 0, not {value}").format(flag=flag, value=value)
            )
    rec = _read(args.file)
    others = {str(p): _read(p) for p in args.compare}
    try:
        line = Timeline(rec)
    except records.RecordError as exc:  # "line N: …" in the record
        print(f"hoyle: error: {args.file}: {' '.join(str(exc).split())}", file=sys.stderr)
        return EXIT_FAILURE
    show = None if args.quiet or args.json or not sys.stderr.isatty() else _progress(sys.stderr)
    try:
        result = review(
            rec,
            args.seat,
            args.level,
            seconds=args.seconds,
            simulations=args.simulations,
            seed=args.seed,
            progress=show,
            timeline=line,
        )
        compared = same_cards(rec, args.seat, others) if others else []
    except KeyboardInterrupt:
        print("\nhoyle: " + _("review stopped"), file=sys.stderr)
        return EXIT_INTERRUPTED
    except ReviewCancelled as exc:  # pragma: no cover - the command never cancels
        print(f"hoyle: {exc}", file=sys.stderr)
        return EXIT_FAILURE
    except records.RecordError as exc:  # a compared record that does not replay
        print(f"hoyle: error: {' '.join(str(exc).split())}", file=sys.stderr)
        return EXIT_FAILURE
    except HoyleError as exc:  # a bad seat, level or compared record
        raise UsageError(str(exc)) from None
    mine = deal_scores(line, args.seat)
    if args.json:
        out = result.to_json()
        out["scores"] = {str(k): v for k, v in mine.items()}
        out["same_cards"] = [
            {"record": c.source, "who": c.who, "scores": {str(k): v for k, v in c.scores.items()}}
            for c in compared
        ]
        print(json.dumps(out, ensure_ascii=False, indent=2))
        return EXIT_OK
    for text in review_lines(result, mine, compared):
        print(text)
    return EXIT_OK


def _points(x: float) -> str:
    return f"{x:.2f}"


def review_lines(
    result: Review, scores: dict[int, float], compared: list[SameCards] | None = None
) -> list[str]:
    """The review as the lines ``hoyle review`` prints."""
    lines = [
        _("{name} (seat {seat}) in {game}, reviewed by {level}.").format(
            name=result.name, seat=result.seat, game=result.game, level=result.level
        ),
        _("Lost: the expected {units},").format(units=result.units),
        _("against the move {level} would play (= where the move played is as good);").format(
            level=result.level
        ),
        _("under {noise} is within the search's noise and not marked.").format(
            noise=f"{NOISE:.2f}"
        ),
        "",
    ]
    if not result.decisions:
        return [*lines, _("No decision of this seat had more than one legal move.")]
    width = max(len(d.played) for d in result.decisions)
    best_width = max(len(d.best) for d in result.decisions)
    deal = None
    by_deal = result.loss_by_deal()
    for d in result.decisions:
        if d.deal != deal:
            if deal is not None:
                lines.append("")
            deal = d.deal
            lines.append(_("Deal {deal}").format(deal=deal))
        mark = "  " + _("← mistake") if d.mistake else ""
        best = "=" if d.agrees else d.best
        row = _("{label} played {played}  best {best}  lost {cost}").format(
            label=f"{d.label:<8}",
            played=f"{d.played:<{width}}",
            best=f"{best:<{best_width}}",
            cost=_points(d.cost),
        )
        lines.append(f"  {row}{mark}")
    lines.append("")
    lines.append(_("Expected points lost, by deal:"))
    for number, lost in by_deal.items():
        score = scores.get(number)
        if score is None:
            lines.append("  " + _("deal {deal}: {lost}").format(deal=number, lost=_points(lost)))
        else:
            lines.append(
                "  "
                + _("deal {deal}: {lost} (scored {score})").format(
                    deal=number, lost=_points(lost), score=f"{score:g}"
                )
            )
    lines.append(
        "  "
        + _("total: {lost} over {count} decisions").format(
            lost=_points(result.total), count=len(result.decisions)
        )
    )
    worst = result.costliest()
    if worst:
        lines.append(_("The costliest moves:"))
        for d in worst:
            lines.append(
                "  "
                + _("{label} {played}: lost {cost} (best {best})").format(
                    label=d.label, played=d.played, cost=_points(d.cost), best=d.best
                )
            )
    else:
        lines.append(_("No move cost more than the search's noise."))
    if compared:
        lines.append("")
        lines.append(_("With the same cards:"))
        for number, score in scores.items():
            others = ", ".join(
                f"{c.who} {c.scores[number]:g} ({c.source})" for c in compared if number in c.scores
            )
            lines.append(
                "  "
                + _("deal {deal}: {name} {score}; {others}").format(
                    deal=number,
                    name=result.name,
                    score=f"{score:g}",
                    others=others or _("no other"),
                )
            )
    return lines
