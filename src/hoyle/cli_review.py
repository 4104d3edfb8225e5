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
from hoyle.records import Record
from hoyle.records.timeline import Timeline

__all__ = ["add_commands", "cmd_review", "review_lines"]


def add_commands(sub: Any) -> None:
    """Add ``review`` to the sub-command parser ``sub``."""
    rev = sub.add_parser(
        "review",
        help="value every move of one seat in a record with the expert's search",
        description="Replay RECORD and, at each decision of --seat that had a choice, value "
        "every legal move by a search level from what that seat could see; list the move "
        "played, the level's move and the expected points lost.",
    )
    rev.add_argument("file", metavar="RECORD", type=Path, help="a .hrec game record")
    rev.add_argument("--seat", type=int, required=True, help="the seat to review (from 0)")
    rev.add_argument(
        "--level", default="expert", help="the search level that judges (default expert)"
    )
    rev.add_argument(
        "--seconds", type=float, metavar="S", help="search time per decision (the level's own)"
    )
    rev.add_argument(
        "--simulations", type=int, metavar="N", help="simulations per decision instead"
    )
    rev.add_argument("--seed", type=int, default=0, help="seed of the searches (0)")
    rev.add_argument(
        "--compare",
        nargs="+",
        type=Path,
        metavar="RECORD",
        default=[],
        help="records of the same deals played by others (a duplicate match): show what they "
        "scored with the same cards",
    )
    rev.add_argument("--json", action="store_true", help="print one JSON object")
    rev.add_argument("--quiet", action="store_true", help="no progress on stderr")
    rev.set_defaults(func=cmd_review)


def _read(path: Path) -> Record:
    try:
        return records.read_file(path)
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise UsageError(f"{path} is not a text record: {exc.reason} at byte {exc.start}") from None


def _progress(stream: TextIO) -> Any:
    def show(done: int, total: int, decision: Decision | None) -> None:
        if decision is None:
            stream.write(f"\rreviewing decision {done + 1} of {total} …")
        elif done == total:
            stream.write(f"\rreviewed {total} decisions{' ' * 12}\n")
        stream.flush()

    return show


def cmd_review(args: argparse.Namespace) -> int:
    """``hoyle review``: print the review of one seat's game."""
    for flag, value in (("--seconds", args.seconds), ("--simulations", args.simulations)):
        if value is not None and value <= 0:
            raise UsageError(f"{flag} must be more than 0, not {value}")
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
        print("\nhoyle: review stopped", file=sys.stderr)
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
        f"{result.name} (seat {result.seat}) in {result.game}, reviewed by {result.level}.",
        f"Lost: the expected {result.units},",
        f"against the move {result.level} would play (= where the move played is as good);",
        f"under {NOISE:.2f} is within the search's noise and not marked.",
        "",
    ]
    if not result.decisions:
        return [*lines, "No decision of this seat had more than one legal move."]
    width = max(len(d.played) for d in result.decisions)
    best_width = max(len(d.best) for d in result.decisions)
    deal = None
    by_deal = result.loss_by_deal()
    for d in result.decisions:
        if d.deal != deal:
            if deal is not None:
                lines.append("")
            deal = d.deal
            lines.append(f"Deal {deal}")
        mark = "  ← mistake" if d.mistake else ""
        best = "=" if d.agrees else d.best
        lines.append(
            f"  {d.label:<8} played {d.played:<{width}}  best {best:<{best_width}}  "
            f"lost {_points(d.cost)}{mark}"
        )
    lines.append("")
    lines.append("Expected points lost, by deal:")
    for number, lost in by_deal.items():
        score = scores.get(number)
        scored = f" (scored {score:g})" if score is not None else ""
        lines.append(f"  deal {number}: {_points(lost)}{scored}")
    lines.append(f"  total: {_points(result.total)} over {len(result.decisions)} decisions")
    worst = result.costliest()
    if worst:
        lines.append("The costliest moves:")
        for d in worst:
            lines.append(f"  {d.label} {d.played}: lost {_points(d.cost)} (best {d.best})")
    else:
        lines.append("No move cost more than the search's noise.")
    if compared:
        lines.append("")
        lines.append("With the same cards:")
        for number, score in scores.items():
            others = ", ".join(
                f"{c.who} {c.scores[number]:g} ({c.source})" for c in compared if number in c.scores
            )
            lines.append(f"  deal {number}: {result.name} {score:g}; {others or 'no other'}")
    return lines
