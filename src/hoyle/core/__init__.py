"""The game protocol, options and the registries of families and agents. Knows no game."""

from hoyle.core.errors import HoyleError, IllegalActionError, InvalidOptionError, UnknownGameError
from hoyle.core.protocol import CHANCE, TERMINAL, Game, State

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Game",
    "HoyleError",
    "IllegalActionError",
    "InvalidOptionError",
    "State",
    "UnknownGameError",
]
