"""Batched Hearts tables for reinforcement learning (see docs/vector.md).

:class:`VectorTable` steps ``batch`` one-deal Hearts games at once in compiled code
(``hoyle.games.hearts._fastvec``): it deals, passes, plays the tricks and scores them, plays
the seats the learner does not, and writes each seat-to-act's legal mask and observation
vector — entry for entry ``state.observation_tensor(seat)`` — into the caller's numpy buffers.
Where the compiled part was not built (or ``HOYLE_COMPILED=0``) it steps HeartsState objects in
Python instead, with the same dice and the same results, tens of times more slowly.

>>> from hoyle.vector import VectorTable
>>> table = VectorTable("hearts(deals=1)", batch=4, opponents="random", seed=1)
>>> table.reset(7)
>>> obs, mask = table.new_buffers()
>>> table.observe(obs, mask)
>>> rewards, terminated = table.step(table.sample_actions())
>>> obs.shape, mask.shape
((4, 1269), (4, 201))

:mod:`hoyle.vector.gymnasium` wraps it as a Gymnasium ``VectorEnv``.

This room is Hearts' own (the batch is written in that family's compiled core): it imports
``hoyle.games.hearts``, which the generic adapters in :mod:`hoyle.envs` never do.
"""

from hoyle.vector._rules import SUPPORTED, UnsupportedGameError
from hoyle.vector._table import DealRecord, VectorTable, compiled_available

__all__ = ["SUPPORTED", "DealRecord", "UnsupportedGameError", "VectorTable", "compiled_available"]
