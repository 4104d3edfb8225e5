"""Generic agents that know only the game protocol. Families register their own in core.

``random`` plays any legal move; ``medium`` (PIMC), ``hard`` and ``expert`` (IS-MCTS) search
over worlds drawn with ``resample_from_infostate``, helped by the hooks a family registers
(:mod:`hoyle.core.hooks`). Each family's ``easy`` heuristic lives in its own wing.
"""

from hoyle.agents import levels as _levels  # noqa: F401  (registers the search levels)
from hoyle.agents import openspiel_bot as _openspiel_bot
from hoyle.agents.ismcts import ActionValue, ISMCTSAgent
from hoyle.agents.pimc import PIMCAgent
from hoyle.agents.random_agent import RandomAgent
from hoyle.core.budget import Budget

__all__ = ["ActionValue", "Budget", "ISMCTSAgent", "PIMCAgent", "RandomAgent"]

_openspiel_bot.register()  # openspiel-ismcts, when open-spiel is installed
