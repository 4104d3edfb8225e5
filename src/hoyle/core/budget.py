"""How long a search agent may think: a number of simulations, a time, or both.

A value type in core, like the rules options, so that the agent registry can carry a budget
to any agent that searches.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from hoyle.core.errors import InvalidOptionError

__all__ = ["Budget", "Clock"]


@dataclass(frozen=True)
class Budget:
    """A search budget per move; the search stops at whichever limit comes first.

    >>> Budget(simulations=200)
    Budget(simulations=200, seconds=None)
    """

    simulations: int | None = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        if self.simulations is None and self.seconds is None:
            raise InvalidOptionError("a budget needs simulations=N or seconds=S (or both)")
        if self.simulations is not None and self.simulations < 1:
            raise InvalidOptionError(f"simulations must be 1 or more, not {self.simulations}")
        if self.seconds is not None and not self.seconds > 0:
            raise InvalidOptionError(f"seconds must be more than 0, not {self.seconds}")

    def clock(self) -> Clock:
        """A clock started now, counting against this budget."""
        return Clock(self)


class Clock:
    """Counts simulations and time against a :class:`Budget`."""

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.start = time.perf_counter()
        self.done = 0

    def tick(self, count: int = 1) -> bool:
        """Count ``count`` simulations (a compiled batch runs many at once); True while the
        budget allows another."""
        self.done += count
        limit = self.budget.simulations
        if limit is not None and self.done >= limit:
            return False
        seconds = self.budget.seconds
        # Reading the clock costs little next to a simulation, but a simulation can be very
        # short near the end of a deal: look every few.
        if seconds is None or (count == 1 and self.done % 4):
            return True
        return time.perf_counter() - self.start < seconds

    def left(self) -> int | None:
        """Simulations the budget still allows (``None``: no limit on their number)."""
        limit = self.budget.simulations
        return None if limit is None else max(0, limit - self.done)

    @property
    def elapsed(self) -> float:
        """Seconds since the clock started."""
        return time.perf_counter() - self.start
