"""The arena: matches between agents on duplicate deals, with confidence intervals.

>>> from hoyle import arena
>>> result = arena.match("hearts(deals=1)", ["easy", "random"], deals=4, seed=1)
>>> result.rotations, len(result.games)
(2, 8)
>>> [a.name for a in result.agents]
['easy', 'random']

Rooms: :mod:`~hoyle.arena.matches` (:func:`match` and :func:`check`),
:mod:`~hoyle.arena.simulation` (:func:`simulate`: a fixed agent per seat, summarised per seat),
:mod:`~hoyle.arena.executors` (this process, local processes or a Ray cluster: ``ray`` is
imported only when asked for, ``pip install 'hoyle[ray]'``), :mod:`~hoyle.arena.study` (studies
recorded batch by batch in SQLite, PostgreSQL or a Parquet folder, and resumed),
:mod:`~hoyle.arena.seating` (lineups and rotations), :mod:`~hoyle.arena.runner`
(playing batches of deals, in worker processes too), :mod:`~hoyle.arena.stats` (means,
intervals over deals, win shares, pair differences), :mod:`~hoyle.arena.results` (the result
values), :mod:`~hoyle.arena.report` (text tables), :mod:`~hoyle.arena.chart` (a PNG, needs
matplotlib) and :mod:`~hoyle.arena.store` (SQL rows, needs SQLAlchemy). The last two import
their library only when used: ``pip install 'hoyle[arena]'`` brings both.
"""

from hoyle.arena.matches import check, match, one_deal
from hoyle.arena.results import (
    AgentSummary,
    Failure,
    GameResult,
    Interval,
    MatchResult,
    PairSummary,
)
from hoyle.arena.seating import ArenaError
from hoyle.arena.simulation import SimulationResult, simulate

__all__ = [
    "AgentSummary",
    "ArenaError",
    "Failure",
    "GameResult",
    "Interval",
    "MatchResult",
    "PairSummary",
    "SimulationResult",
    "check",
    "match",
    "one_deal",
    "simulate",
]
