"""The terminal game: pure rendering (:mod:`hoyle.tui.render`, the family views in
:mod:`hoyle.tui.views`, the panels in :mod:`hoyle.tui.panels`), the line-by-line input loop
(:mod:`hoyle.tui.app`) and the full-screen Textual app (:mod:`hoyle.tui.textual_app`, imported
on its own so that the line-by-line game never loads Textual). ``hoyle play GAME`` starts one
or the other."""

from hoyle.tui.app import TerminalGame
from hoyle.tui.render import Style

__all__ = ["Style", "TerminalGame"]
