"""The deal summary: how a finished deal was scored and where the match stands, in lines.

Shown at the end of each deal, by the full-screen app as a page the player dismisses and by the
line-by-line game after the log's result lines. Everything in it is the engine's: the deal's
result lines as the seat's log tells them (``score`` events: "High: A♣ — Seat 1", "Set back: …"),
what each seat scored in the deal and its running total (the observation's ``results`` and
``scores``), and once the game is over its ``winner``, ``ranking`` and the log's ``game_end`` and
``final`` sentences. Nothing here scores or ranks anything itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from hoyle.i18n import _
from hoyle.tui.panels import partner_marks, partners_line, teams

__all__ = ["DealSummary", "deal_summary", "deals_finished", "standings_lines"]

Observation = Mapping[str, Any]
LogEntry = Mapping[str, Any]


@dataclass(frozen=True)
class DealSummary:
    """What the end of one deal shows.

    Attributes:
        deal: the deal's number, from 1.
        over: the game ended with this deal.
        scoring: how the deal was scored, one sentence a line (the log's ``score`` events).
        standings: each seat's score in this deal and its total (best first once over).
        ending: the game's end, once over: who won and the final scores (the log's words).
    """

    deal: int
    over: bool
    scoring: tuple[str, ...]
    standings: tuple[str, ...]
    ending: tuple[str, ...] = ()

    @property
    def title(self) -> str:
        """The page's heading."""
        if self.over:
            return _("Deal {deal} is over — the game is over").format(deal=self.deal)
        return _("Deal {deal} is over").format(deal=self.deal)

    def lines(self) -> list[str]:
        """The whole summary as lines of text."""
        scoring = self.scoring or [_("(nothing)")]
        lines = [_("How it was scored:"), *(f"  {line}" for line in scoring)]
        lines += ["", *self.standings]
        if self.ending:
            lines += ["", *self.ending]
        return lines


def deals_finished(log: Sequence[LogEntry]) -> int:
    """How many deals the log has seen end (its ``deal_end`` events)."""
    return sum(1 for entry in log if entry.get("kind") == "deal_end")


def _number(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value)


def standings_lines(
    obs: Observation,
    names: Sequence[str],
    deal_scores: Sequence[Any] | None = None,
) -> list[str]:
    """Each seat's score in the deal (``deal_scores``, when given) and running total, as a small
    table; once the game is over the seats come in the observation's ``ranking``, numbered by
    place (tied seats share one). Partners of the viewer are marked, and the partnerships named.

    >>> obs = {"players": 2, "seat": 0, "scores": [4, 2], "ranking": [[0], [1]], "winner": [0]}
    >>> for line in standings_lines(obs, ["You", "Seat 1"], [3, 0]): print(line)
                 this deal  final
      1. You             3      4
      2. Seat 1          0      2
    """
    players = int(obs.get("players", len(names)))
    scores = list(obs.get("scores") or [])
    marks = partner_marks(obs, players)
    labels = [names[seat] + marks[seat] for seat in range(players)]
    ranking = obs.get("ranking") if obs.get("winner") is not None else None
    order: list[tuple[str, int]] = []
    if ranking:
        place = 1
        for group in ranking:
            for seat in group:
                order.append((f"{place}. ", int(seat)))
            place += len(group)
    else:
        order = [("", seat) for seat in range(players)]
    width = max(len(prefix + labels[seat]) for prefix, seat in order)
    columns = [_("this deal")] if deal_scores is not None else []
    # The engine's totals as they stand now (a chip game has already taken the next antes).
    columns.append(_("final") if ranking else _("total now"))
    head = "  " + " " * width + "".join(f"  {c:>5}" for c in columns)
    lines = [head]
    for prefix, seat in order:
        values = [deal_scores] if deal_scores is not None else []
        values.append(scores)
        cells = [
            f"  {_number(v[seat]) if seat < len(v) else '-':>{max(len(c), 5)}}"
            for c, v in zip(columns, values, strict=True)
        ]
        lines.append(f"  {prefix + labels[seat]:<{width}}" + "".join(cells))
    target = obs.get("target")
    if isinstance(target, int) and target > 0 and obs.get("winner") is None:
        lines.append("  " + _("(game to {target})").format(target=target))
    sides = teams(obs)
    if sides:
        lines.append("  " + partners_line(sides, names))
    return lines


def deal_summary(
    obs: Observation,
    log: Sequence[LogEntry],
    names: Sequence[str],
    deal: int | None = None,
) -> DealSummary | None:
    """The summary of finished deal ``deal`` (the last one finished by default), or ``None``
    before any deal is over.

    ``obs`` is the seat's observation now, ``log`` its log (``state.log(seat, names)``, so the
    sentences name the seats as the screen does).
    """
    results = list(obs.get("results") or [])
    if not results:
        return None
    result = results[-1] if deal is None else next((r for r in results if r["deal"] == deal), None)
    if result is None:
        return None
    number = int(result["deal"])
    scoring = [
        str(entry["text"])
        for entry in log
        if entry.get("kind") == "score" and entry.get("deal") == number
    ] or [str(line) for line in result.get("lines", [])]
    over = obs.get("winner") is not None and number == int(results[-1]["deal"])
    ending: list[str] = []
    if over:
        ending = [str(e["text"]) for e in log if e.get("kind") in ("game_end", "final")]
    return DealSummary(
        deal=number,
        over=over,
        scoring=tuple(scoring),
        standings=tuple(standings_lines(obs, names, result.get("scores"))),
        ending=tuple(ending),
    )
