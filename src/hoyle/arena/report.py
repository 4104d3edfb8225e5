"""Text tables of a match result: one row per agent, then one per pair of agents.

The command line prints these; a benchmark script can too (``print(*match_table(r), sep="\\n")``).
"""

from __future__ import annotations

from collections.abc import Sequence

from hoyle.arena.results import Failure, Interval, MatchResult, PairSummary
from hoyle.i18n import _, ngettext

__all__ = ["agent_table", "failure_lines", "match_table", "pair_table", "verdict"]


def _plus_minus(interval: Interval, scale: float = 1.0, digits: int = 3, unit: str = "") -> str:
    mean = f"{interval.mean * scale:.{digits}f}{unit}"
    if interval.half_width is None:
        return f"{mean} ± n/a"
    return f"{mean} ± {interval.half_width * scale:.{digits}f}"


def _units(unit: str) -> str:
    """A table's heading for a count of deals or of games."""
    return _("deals") if unit == "deal" else _("games") if unit == "game" else unit + "s"


def _counted(count: int, unit: str) -> str:
    """``1 deal``, ``12 games``: a count of the match's unit."""
    if unit == "deal":
        return ngettext("{count} deal", "{count} deals", count).format(count=count)
    if unit == "game":
        return ngettext("{count} game", "{count} games", count).format(count=count)
    return f"{count} {unit}{'s' if count != 1 else ''}"


def agent_table(result: MatchResult) -> list[str]:
    """One header line and one line per agent; each column as wide as its heading."""
    width = max(len(_("agent")), 5, *(len(a.name) for a in result.agents))
    returns = [_plus_minus(a.mean_return) for a in result.agents]
    if result.mirror:  # one agent in every seat wins every game it plays: no rate
        wins = [_("mirror") for _agent in result.agents]
    else:
        wins = [_plus_minus(a.win_rate, 100.0, 1, "%") for a in result.agents]
    heads = [
        _("seats"),
        _units(result.unit),
        _("mean return ± 95% CI"),
        _("win rate ± 95% CI"),
        _("mean score"),
        _("ms/move"),
        _("agent"),
    ]
    seats_w, deals_w = max(len(heads[0]), 5), max(len(heads[1]), 5)
    rw = max(len(heads[2]), *(len(r) for r in returns))
    ww = max(len(heads[3]), *(len(w) for w in wins))
    score_w, think_w = max(len(heads[4]), 10), max(len(heads[5]), 7)
    lines = [
        f"{heads[6]:<{width}}  {heads[0]:>{seats_w}}  {heads[1]:>{deals_w}}  "
        f"{heads[2]:>{rw}}  {heads[3]:>{ww}}  {heads[4]:>{score_w}}  {heads[5]:>{think_w}}"
    ]
    for agent, ret, win in zip(result.agents, returns, wins, strict=True):
        if agent.think_ms is not None:
            think = f"{agent.think_ms:>{think_w}.3f}"
        else:
            think = f"{'n/a':>{think_w}}"
        lines.append(
            f"{agent.name:<{width}}  {agent.seats:>{seats_w}}  {agent.deals:>{deals_w}}  "
            f"{ret:>{rw}}  {win:>{ww}}  {agent.mean_score:>{score_w}.2f}  {think}"
        )
    return lines


def verdict(pair: PairSummary) -> str:
    """Which of the pair did better at the 95% level, in words."""
    d = pair.difference
    if d.half_width is None:
        return _("too few deals to tell")
    if d.excludes(0.0):
        return _("{agent} better").format(agent=pair.first if d.mean > 0 else pair.second)
    return _("no clear difference")


def pair_table(result: MatchResult) -> list[str]:
    """One header line and one line per pair: first minus second, per deal."""
    labels = [f"{p.first} - {p.second}" for p in result.pairs]
    if result.unit == "deal":
        head = _("pair (per deal)")
    elif result.unit == "game":
        head = _("pair (per game)")
    else:
        head = f"pair (per {result.unit})"
    width = max(len(head), *(len(label) for label in labels))
    difference, interval, judged = _("difference"), _("95% CI"), _("verdict")
    dw, cw = max(len(difference), 10), max(len(interval), 16)
    lines = [f"{head:<{width}}  {difference:>{dw}}  {interval:>{cw}}  {judged}"]
    for label, pair in zip(labels, result.pairs, strict=True):
        d = pair.difference
        low, high = d.low, d.high
        ci = "n/a" if low is None or high is None else f"[{low:.3f}, {high:.3f}]"
        lines.append(f"{label:<{width}}  {d.mean:>{dw}.3f}  {ci:>{cw}}  {verdict(pair)}")
    return lines


def match_table(result: MatchResult) -> list[str]:
    """The heading, the agent table, the pair table (if any) and the timing line."""
    if result.duplicate:
        kind = ngettext(
            "duplicate, {count} rotation", "duplicate, {count} rotations", result.rotations
        ).format(count=result.rotations)
    elif result.unit == "deal":
        kind = _("seats rotated by deal")
    elif result.unit == "game":
        kind = _("seats rotated by game")
    else:
        kind = f"seats rotated by {result.unit}"
    count = result.games_played
    played = ngettext("{count} game", "{count} games", count).format(count=count)
    if result.unit != "deal":
        played_text = _("{count} played").format(count=count)
    else:
        played_text = played
    lines = [
        _("{game}: {deals} from seed {seed}, {kind}, {played}").format(
            game=result.game,
            deals=_counted(result.deals, result.unit),
            seed=result.seed,
            kind=kind,
            played=played_text,
        ),
        *agent_table(result),
    ]
    if result.pairs:
        lines += ["", *pair_table(result)]
    if result.mirror:
        (agent,) = result.agents
        lines += [
            "",
            _(
                "A mirror match: {agent} holds every seat, so it has no win rate and no "
                "one to be compared with; the mean return and score describe the game's seats."
            ).format(agent=agent.name),
        ]
    lines += failure_lines(result.failures, result.unit)
    workers = result.executor or ngettext(
        "{count} worker", "{count} workers", result.workers
    ).format(count=result.workers)
    lines.append(
        _("{played} in {seconds} s ({workers})").format(
            played=played, seconds=f"{result.elapsed_s:.2f}", workers=workers
        )
    )
    return lines


def failure_lines(failures: Sequence[Failure], unit: str = "deal", shown: int = 5) -> list[str]:
    """A blank line, how many deals failed (left out of every figure), and the first few
    with their errors; nothing when none failed."""
    if not failures:
        return []
    count = sum(f.count for f in failures)
    lines = [
        "",
        _("{count} could not be played and are left out of every figure above:").format(
            count=_counted(count, unit)
        ),
    ]
    for failure in failures[:shown]:
        last = failure.first + failure.count - 1
        if failure.count == 1:
            where = _one(unit, failure.first)
        else:
            where = _range(unit, failure.first, last)
        lines.append(f"  {where}: {failure.error}")
    if len(failures) > shown:
        lines.append(
            "  "
            + _("… and {count} more (hoyle study status shows them all)").format(
                count=len(failures) - shown
            )
        )
    return lines


def _one(unit: str, number: int) -> str:
    """``deal 12``: one deal (or game) by its number."""
    if unit == "deal":
        return _("deal {number}").format(number=number)
    if unit == "game":
        return _("game {number}").format(number=number)
    return f"{unit} {number}"


def _range(unit: str, first: int, last: int) -> str:
    """``deals 12-15``: a run of deals (or games) by their numbers."""
    if unit == "deal":
        return _("deals {first}-{last}").format(first=first, last=last)
    if unit == "game":
        return _("games {first}-{last}").format(first=first, last=last)
    return f"{unit}s {first}-{last}"
