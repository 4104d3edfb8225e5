"""A PNG chart of a match: each agent's mean return and win rate as bars with 95% whiskers.

matplotlib is an optional extra (``pip install 'hoyle[arena]'``); it is imported only here,
inside the functions, and drawn with the Agg canvas so that no display is ever needed.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from hoyle.arena.results import Interval, MatchResult
from hoyle.arena.seating import ArenaError

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["check_chart_path", "write_chart"]


def check_chart_path(path: str | os.PathLike[str]) -> Path:
    """``path`` as a :class:`~pathlib.Path` once it is sure a PNG can be written there.

    Checked before a match, so that a long match is not lost to a typo: the name must end in
    ``.png``, its folder must exist and be writable, and matplotlib must be installed.
    """
    target = Path(path)
    if target.suffix.lower() != ".png":
        raise ArenaError(f"chart: {target} should be a .png file")
    folder = target.parent
    if not folder.is_dir() or not os.access(folder, os.W_OK):
        raise ArenaError(f"chart: cannot write in {folder}: no such writable folder")
    if target.is_dir() or (target.exists() and not os.access(target, os.W_OK)):
        raise ArenaError(f"chart: cannot write {target}")
    _matplotlib()
    return target


def _matplotlib() -> None:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise ArenaError(
            "chart: matplotlib is not installed; install it with pip install 'hoyle[arena]'"
        ) from None


def _bars(axes: Axes, names: list[str], values: list[Interval], scale: float) -> None:
    means = [v.mean * scale for v in values]
    # An interval that is unknown (one deal) gets no whisker rather than a made-up one.
    errors = [0.0 if v.half_width is None else v.half_width * scale for v in values]
    axes.bar(names, means, yerr=errors, capsize=6, color="#4c72b0", edgecolor="black")
    axes.axhline(0.0, color="black", linewidth=0.8)
    axes.grid(axis="y", alpha=0.3)


def write_chart(result: MatchResult, path: str | os.PathLike[str]) -> Path:
    """Draw ``result`` into the PNG file ``path`` and return the path."""
    target = check_chart_path(path)
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    names = [a.name for a in result.agents]
    figure = Figure(figsize=(4.0 + 1.2 * len(names), 4.5), layout="constrained")
    FigureCanvasAgg(figure)  # attaches itself: savefig then needs no GUI backend
    returns, wins = figure.subplots(1, 2)
    _bars(returns, names, [a.mean_return for a in result.agents], 1.0)
    returns.set_title("mean return (95% CI)")
    _bars(wins, names, [a.win_rate for a in result.agents], 100.0)
    wins.set_title("win rate % (95% CI)")
    kind = f"duplicate × {result.rotations}" if result.duplicate else "rotated by deal"
    figure.suptitle(f"{result.game}: {result.deals} deals, {kind}, seed {result.seed}")
    figure.savefig(target, format="png", dpi=100)
    return target
