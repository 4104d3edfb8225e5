"""Text tables of a match result: one row per agent, then one per pair of agents.

The command line prints these; a benchmark script can too (``print(*match_table(r), sep="\\n")``).
"""

from __future__ import annotations

from collections.abc import Sequence

from hoyle.arena.results import Failure, Interval, MatchResult, PairSummary

__all__ = ["agent_table", "failure_lines", "match_table", "pair_table", "verdict"]


def _plus_minus(interval: Interval, scale: float = 1.0, digits: int = 3, unit: str = "") -> str:
    mean = f"{interval.mean * scale:.{digits}f}{unit}"
    if interval.half_width is None:
        return f"{mean} ± n/a"
    return f"{mean} ± {interval.half_width * scale:.{digits}f}"


def agent_table(result: MatchResult) -> list[str]:
    """One header line and one line per agent."""
    width = max(5, *(len(a.name) for a in result.agents))
    returns = [_plus_minus(a.mean_return) for a in result.agents]
    if result.mirror:  # one agent in every seat wins every game it plays: no rate
        wins = ["mirror" for _ in result.agents]
    else:
        wins = [_plus_minus(a.win_rate, 100.0, 1, "%") for a in result.agents]
    rw = max(len("mean return ± 95% CI"), *(len(r) for r in returns))
    ww = max(len("win rate ± 95% CI"), *(len(w) for w in wins))
    lines = [
        f"{'agent':<{width}}  seats  {result.unit + 's':>5}  {'mean return ± 95% CI':>{rw}}  "
        f"{'win rate ± 95% CI':>{ww}}  mean score  ms/move"
    ]
    for agent, ret, win in zip(result.agents, returns, wins, strict=True):
        think = f"{agent.think_ms:>7.3f}" if agent.think_ms is not None else f"{'n/a':>7}"
        lines.append(
            f"{agent.name:<{width}}  {agent.seats:>5}  {agent.deals:>5}  {ret:>{rw}}  "
            f"{win:>{ww}}  {agent.mean_score:>10.2f}  {think}"
        )
    return lines


def verdict(pair: PairSummary) -> str:
    """Which of the pair did better at the 95% level, in words."""
    d = pair.difference
    if d.half_width is None:
        return "too few deals to tell"
    if d.excludes(0.0):
        return f"{pair.first if d.mean > 0 else pair.second} better"
    return "no clear difference"


def pair_table(result: MatchResult) -> list[str]:
    """One header line and one line per pair: first minus second, per deal."""
    labels = [f"{p.first} - {p.second}" for p in result.pairs]
    head = f"pair (per {result.unit})"
    width = max(len(head), *(len(label) for label in labels))
    lines = [f"{head:<{width}}  difference            95% CI  verdict"]
    for label, pair in zip(labels, result.pairs, strict=True):
        d = pair.difference
        low, high = d.low, d.high
        ci = "n/a" if low is None or high is None else f"[{low:.3f}, {high:.3f}]"
        lines.append(f"{label:<{width}}  {d.mean:>10.3f}  {ci:>16}  {verdict(pair)}")
    return lines


def match_table(result: MatchResult) -> list[str]:
    """The heading, the agent table, the pair table (if any) and the timing line."""
    kind = (
        f"duplicate, {result.rotations} rotation{'s' if result.rotations != 1 else ''}"
        if result.duplicate
        else f"seats rotated by {result.unit}"
    )
    count = result.games_played
    played = f"{count} game{'s' if count != 1 else ''}"
    lines = [
        f"{result.game}: {result.deals} {result.unit}{'s' if result.deals != 1 else ''} "
        f"from seed {result.seed}, {kind}, "
        f"{played if result.unit == 'deal' else f'{count} played'}",
        *agent_table(result),
    ]
    if result.pairs:
        lines += ["", *pair_table(result)]
    if result.mirror:
        (agent,) = result.agents
        lines += [
            "",
            f"A mirror match: {agent.name} holds every seat, so it has no win rate and no "
            "one to be compared with; the mean return and score describe the game's seats.",
        ]
    lines += failure_lines(result.failures, result.unit)
    workers = result.executor or f"{result.workers} worker{'s' if result.workers != 1 else ''}"
    lines.append(f"{played} in {result.elapsed_s:.2f} s ({workers})")
    return lines


def failure_lines(failures: Sequence[Failure], unit: str = "deal", shown: int = 5) -> list[str]:
    """A blank line, how many deals failed (left out of every figure), and the first few
    with their errors; nothing when none failed."""
    if not failures:
        return []
    count = sum(f.count for f in failures)
    lines = [
        "",
        f"{count} {unit}{'s' if count != 1 else ''} could not be played and are left out of "
        "every figure above:",
    ]
    for failure in failures[:shown]:
        last = failure.first + failure.count - 1
        where = (
            f"{unit} {failure.first}" if failure.count == 1 else f"{unit}s {failure.first}-{last}"
        )
        lines.append(f"  {where}: {failure.error}")
    if len(failures) > shown:
        lines.append(f"  … and {len(failures) - shown} more (hoyle study status shows them all)")
    return lines
