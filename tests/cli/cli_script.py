"""A scripted player for the terminal game: it reads the screen it is shown and answers."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

BRACKETED = re.compile(r"\[([^\]\s]+)\]")


class ScriptedPlayer:
    """Stands in for ``input``: answers each prompt from what the game printed so far.

    By default it plays the first card the screen marks as legal (``[Q♠]``), and ``add`` when
    asked about the moon. ``before`` maps a prompt number to a line sent first instead (an
    illegal card, ``help`` …); ``stop_after`` ends input (``EOFError``) after that many prompts.
    """

    def __init__(
        self,
        capsys: pytest.CaptureFixture[str],
        before: dict[int, str] | None = None,
        stop_after: int | None = None,
        pick: Callable[[list[str], str], str | None] | None = None,
    ) -> None:
        self.capsys = capsys
        self.before = dict(before or {})
        self.stop_after = stop_after
        self.pick = pick
        self.transcript: list[str] = []
        self.sent: list[str] = []
        self.marked: list[str] = []
        self.prompts = 0

    def __call__(self, prompt: str = "") -> str:
        shown = self.capsys.readouterr().out
        self.transcript.append(shown + prompt)
        marked = BRACKETED.findall(shown)
        if marked:  # a hand was drawn: these are the cards legal now
            self.marked = marked
        self.prompts += 1
        if self.stop_after is not None and self.prompts > self.stop_after:
            raise EOFError
        line = self.before.pop(self.prompts, None)
        if line is None and self.pick is not None:
            line = self.pick(self.marked, shown)
        if line is None:
            line = "add" if prompt.startswith("Moon") else self.marked[0]
        self.sent.append(line)
        return line  # the game echoes piped input, so the transcript shows it

    def output(self) -> str:
        """Everything printed so far, with the answers, as a terminal would show it."""
        self.transcript.append(self.capsys.readouterr().out)
        return "".join(self.transcript)
