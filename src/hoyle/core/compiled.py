"""Loading hoyle's optional compiled modules, and turning them off.

Every compiled part of hoyle (the observation encoders, the families' compiled cores) is built
where a C compiler is found and skipped where none is (``setup.py``); the Python code beside it
is the reference and does the same work more slowly. ``HOYLE_COMPILED=0`` in the environment
makes hoyle ignore the compiled parts even where they were built: the test suite runs once so,
to show that everything works without a compiler.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Sequence
from types import ModuleType
from typing import Any

__all__ = ["SamplerWorlds", "compiled_allowed", "load_compiled"]

_MASK64 = (1 << 64) - 1


def compiled_allowed() -> bool:
    """False when ``HOYLE_COMPILED`` is ``0`` (or ``false``, ``no``, ``off``)."""
    return os.environ.get("HOYLE_COMPILED", "1").strip().lower() not in ("0", "false", "no", "off")


def load_compiled(name: str) -> ModuleType | None:
    """The compiled module ``name`` (``hoyle.games.hearts._fastcore``), or ``None`` when it
    was not built or compiled parts are turned off."""
    if not compiled_allowed():
        return None
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


class SamplerWorlds:
    """A family core's ``Sampler`` (the worlds one seat cannot tell from a real position) as
    search asks for them: a :class:`~hoyle.core.hooks.WorldBatch` and a
    :class:`~hoyle.core.hooks.WorldTree`.

    ``max_cards`` and ``playout_cards`` are the family's ending solver's limits: the most
    cards left for which it values a position where a playout starts, and further along one.
    """

    def __init__(self, sampler: Any, max_cards: int, playout_cards: int) -> None:
        self._sampler = sampler
        self._limits = (max_cards, playout_cards)

    def values(
        self, moves: Sequence[int], worlds: int, seed: int, endings: bool = True
    ) -> list[list[float]]:
        """See :meth:`hoyle.core.hooks.WorldBatch.values`; ``endings=False`` plays every
        world out instead of asking the ending solver."""
        first, along = self._limits if endings else (0, 0)
        rows: list[list[float]] = self._sampler.values(
            list(moves), worlds, seed & _MASK64, first, along
        )
        return rows

    def world(self, seed: int) -> Any:
        """One world: a core ``Pos`` (see :class:`hoyle.core.hooks.CompiledWorld`)."""
        return self._sampler.draw(seed & _MASK64)

    def finish(self, world: Any, seed: int, endings: bool = True) -> list[float]:
        """See :meth:`hoyle.core.hooks.WorldTree.finish`."""
        first, along = self._limits if endings else (0, 0)
        values: list[float] = world.finish(seed & _MASK64, first, along)
        return values
