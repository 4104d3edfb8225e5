"""Writing records as text: deterministic, wrapped to 79 columns, one line per trick.

The layout is a pure function of the :class:`~hoyle.records.model.Record`, which is what makes
``dumps(loads(text)) == text`` hold for every text ``dumps`` wrote: reading keeps everything
the layout depends on (tags and their order, tokens, labels, comments) and nothing else.
"""

from __future__ import annotations

import os
from typing import IO

from hoyle.records.model import Record, check_writable, encode_token, game_first

__all__ = ["WIDTH", "dump", "dumps", "layout", "write_file"]

WIDTH = 79
"""Lines of move text are wrapped to this many characters (a longer single item stays whole)."""


def escape(value: str) -> str:
    """A tag value inside its quotes, with ``\\`` and ``"`` escaped as PGN does."""
    return value.replace("\\", "\\\\").replace('"', '\\"')


class _Lines:
    """Fills lines item by item, tracking the line number where each item lands."""

    def __init__(self, first_line: int) -> None:
        self.out: list[str] = []
        self.cur = ""
        self.indent = ""
        self.start = first_line  # the line number the current line starts on

    def flush(self, indent: str = "") -> None:
        """End the current line; the following continuation lines get ``indent``."""
        if self.cur:
            self.out.append(self.cur)
            # A comment may hold newlines, and each one moves every later line down.
            self.start += 1 + self.cur.count("\n")
        self.cur = ""
        self.indent = indent

    def put(self, item: str) -> int:
        """Append ``item``, wrapping first if it would overflow; return the line it is on."""
        if self.cur:
            tail = len(self.cur) - self.cur.rfind("\n") - 1
            if tail + 1 + len(item) <= WIDTH:
                self.cur += " "
            else:
                self.flush(self.indent)
        if not self.cur:
            self.cur = self.indent
        line = self.start + self.cur.count("\n")
        self.cur += item
        return line


def _render(rec: Record) -> tuple[list[str], dict[str, int], list[int]]:
    """The lines of the text, the line of each tag, and the line of each action."""
    check_writable(rec)
    lines: list[str] = []
    tag_lines: dict[str, int] = {}
    for name, value in game_first(rec.tags).items():
        lines.append(f'[{name} "{escape(value)}"]')
        tag_lines[name] = len(lines)
    lines.append("")
    body = _Lines(len(lines) + 1)
    if rec.intro:
        body.put("{" + rec.intro + "}")
    action_lines: list[int] = []
    for token, label, comment in zip(rec.actions, rec.labels, rec.comments, strict=True):
        if label:
            body.flush()
            body.put(label)
            # Continuation lines line up under the first token, so the label stands out.
            body.indent = " " * (len(label) + 1)
        action_lines.append(body.put(encode_token(token)))
        if comment:
            body.put("{" + comment + "}")
    body.flush()
    return lines + body.out, tag_lines, action_lines


def layout(rec: Record) -> tuple[dict[str, int], list[int]]:
    """The line of each tag and of each action in the text :func:`dumps` writes for ``rec``.

    Replay uses it to give line numbers for a record that was not read from text.
    """
    _, tag_lines, action_lines = _render(rec)
    return tag_lines, action_lines


def dumps(rec: Record) -> str:
    """The record as text; raises :class:`~hoyle.records.RecordError` if a part cannot be written.

    >>> from hoyle.records import Record
    >>> print(dumps(Record({"Game": "hearts(deals=1)", "Seed": "7"}, ["2C", "3C"], ["1.pass"])))
    [Game "hearts(deals=1)"]
    [Seed "7"]
    <BLANKLINE>
    1.pass 2C 3C
    <BLANKLINE>
    """
    lines, _, _ = _render(rec)
    return "".join(line + "\n" for line in lines)


def dump(rec: Record, fp: IO[str]) -> None:
    """Write the record's text to an open text file."""
    fp.write(dumps(rec))


def write_file(rec: Record, path: str | os.PathLike[str]) -> None:
    """Write the record to ``path`` as UTF-8 with ``\\n`` line ends on every platform."""
    text = dumps(rec)  # before opening, so a record that cannot be written leaves no file
    with open(path, "w", encoding="utf-8", newline="\n") as fp:
        fp.write(text)
