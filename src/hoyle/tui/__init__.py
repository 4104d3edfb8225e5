"""The terminal game: pure rendering (:mod:`hoyle.tui.render`) and the input loop
(:mod:`hoyle.tui.app`). ``hoyle play GAME`` starts it from the command line."""

from hoyle.tui.app import TerminalGame
from hoyle.tui.render import Style

__all__ = ["Style", "TerminalGame"]
