"""Generic agents that know only the game protocol. Families register their own in core."""

from hoyle.agents.random_agent import RandomAgent

__all__ = ["RandomAgent"]
