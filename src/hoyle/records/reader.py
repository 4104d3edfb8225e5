"""Reading records: a streaming parser that calls a :class:`Visitor`, line by line.

:func:`parse` never holds more than one line (and one open comment). It reports what it reads
to a visitor: :class:`RecordBuilder` collects a :class:`~hoyle.records.model.Record`, and a tool
that only wants, say, the ``Game`` tag or a count of actions writes its own visitor.
"""

from __future__ import annotations

import io
import os
import re
from abc import ABC, abstractmethod
from collections.abc import Iterable
from typing import Generic, TypeVar

from hoyle.i18n import _
from hoyle.records.model import (
    LABEL,
    LABEL_START,
    Record,
    RecordError,
    check_tags,
    decode_token,
    game_first,
)

__all__ = ["RecordBuilder", "Visitor", "load", "loads", "parse", "read_file"]

T = TypeVar("T")

_TAG_OPEN = re.compile(r"\[\s*([A-Za-z][A-Za-z0-9_]*)")
# In move text: skip blanks, then an opening brace, a word, or one character that is neither.
_MOVE_ITEM = re.compile(r'\s*(?:(\{)|([^\s{}\[\]"]+)|(\S))')


class Visitor(ABC, Generic[T]):
    """Receives what :func:`parse` reads, in order; :meth:`result` is what ``parse`` returns.

    Every callback gets the 1-based line it was read on, and may raise
    :class:`~hoyle.records.RecordError` with that line to stop the parse.
    """

    def tag(self, name: str, value: str, line: int) -> None:
        """A tag pair, its value unescaped."""

    def end_tags(self, line: int) -> None:
        """The tag section is over; ``line`` is the first line of move text (or the last line)."""

    def label(self, text: str, line: int) -> None:
        """A line label such as ``1.3`` or ``1.pass``; the next action starts that line."""

    def action(self, token: str, line: int) -> None:
        """An action token, multi-word tokens with their spaces restored (``moon add``)."""

    def comment(self, text: str, line: int) -> None:
        """The text between ``{`` and ``}``, exactly; ``line`` is where the ``{`` was."""

    def end(self, line: int) -> None:
        """The input is over; ``line`` is its last line."""

    @abstractmethod
    def result(self) -> T:
        """What :func:`parse` returns once the input is over."""


class RecordBuilder(Visitor[Record]):
    """The visitor :func:`loads` uses: builds a :class:`Record` and checks it as it goes.

    Beyond the syntax, it rejects a repeated tag, a missing or unknown ``Game``, a ``Seed``
    that is not a number or ``-``, a ``Seats`` tag with the wrong count, and a label that no
    action follows. Whether the actions are legal is :func:`~hoyle.records.replay`'s business.
    """

    def __init__(self) -> None:
        self.record = Record()
        self._label = ""
        self._label_line = 0

    def tag(self, name: str, value: str, line: int) -> None:
        """Keep the tag; a second tag of the same name is an error."""
        first = self.record.tag_lines.get(name)
        if first is not None:
            raise RecordError(
                _("tag {name} appears twice (first on line {first})").format(
                    name=name, first=first
                ),
                line,
            )
        self.record.tags[name] = value
        self.record.tag_lines[name] = line

    def end_tags(self, line: int) -> None:
        """Check the tags that give the game, the seed and the seats."""
        check_tags(self.record.tags, self.record.tag_lines, line)
        self.record.tags = game_first(self.record.tags)

    def label(self, text: str, line: int) -> None:
        """Hold the label for the action that follows."""
        if self._label:
            raise RecordError(_no_actions(self._label), self._label_line)
        self._label, self._label_line = text, line

    def action(self, token: str, line: int) -> None:
        """Append the action, with the label that starts its line if there is one."""
        self.record.append(token, label=self._label)
        self.record.lines.append(line)
        self._label = ""

    def comment(self, text: str, line: int) -> None:
        """Attach the comment to the action before it (or to the record's start)."""
        rec = self.record
        if rec.actions:
            rec.comments[-1] = _join(rec.comments[-1], text)
        else:
            rec.intro = _join(rec.intro, text)

    def end(self, line: int) -> None:
        """A label at the very end has no actions."""
        if self._label:
            raise RecordError(_no_actions(self._label), self._label_line)

    def result(self) -> Record:
        """The record read."""
        return self.record


def _no_actions(label: str) -> str:
    """The error for a label that no action follows."""
    return _("label {label} has no actions").format(label=label)


def _join(before: str, text: str) -> str:
    # Two comments in one place become one, separated by a space.
    return f"{before} {text}" if before and text else before or text


def _parse_tag(text: str, line: int) -> tuple[str, str]:
    """Name and unescaped value of a tag line such as ``[Event "Club night"]``."""
    m = _TAG_OPEN.match(text)
    if not m:
        raise RecordError(_('bad tag {text!r}: expected [Name "value"]').format(text=text), line)
    name = m.group(1)
    pos = m.end()
    while pos < len(text) and text[pos].isspace():
        pos += 1
    if pos >= len(text) or text[pos] != '"':
        raise RecordError(
            _('the value of tag {name} must be in double quotes: [{name} "..."]').format(name=name),
            line,
        )
    pos += 1
    value: list[str] = []
    while True:
        if pos >= len(text):
            raise RecordError(
                _('unterminated tag {name}: its value has no closing "').format(name=name), line
            )
        ch = text[pos]
        if ch == '"':
            break
        if ch == "\\":
            nxt = text[pos + 1 : pos + 2]
            if nxt not in ('"', "\\"):
                raise RecordError(
                    _('bad escape \\{escape} in tag {name}: only \\" and \\\\ are escapes').format(
                        escape=nxt, name=name
                    ),
                    line,
                )
            value.append(nxt)
            pos += 2
        else:
            value.append(ch)
            pos += 1
    rest = text[pos + 1 :].strip()
    if not rest:
        raise RecordError(_("unterminated tag {name}: no closing ]").format(name=name), line)
    if rest != "]":
        raise RecordError(
            _("unexpected {rest!r} after the value of tag {name}").format(rest=rest, name=name),
            line,
        )
    return name, "".join(value)


def _word(word: str, line: int, visitor: Visitor[T]) -> None:
    """Report a word of move text: a label if it starts with digits and a dot, else a token."""
    if not LABEL_START.match(word):
        visitor.action(decode_token(word), line)
        return
    if not LABEL.match(word):
        raise RecordError(
            _(
                "bad label {label}: a deal number, a dot, then a trick number or a phase name "
                "(1.3, 1.pass, 2.bid.2)"
            ).format(label=word),
            line,
        )
    visitor.label(word, line)


def parse(source: Iterable[str], visitor: Visitor[T]) -> T:
    """Read one record from lines of text (a file object will do), calling ``visitor``.

    Raises :class:`~hoyle.records.RecordError` (``line N: ...``) at the first thing that is
    not a record.
    """
    in_tags = True
    comment: list[str] | None = None  # the parts of a comment still open at a line's end
    comment_line = 0
    lineno = 0
    for lineno, raw in enumerate(source, 1):
        line = raw[:-1] if raw.endswith("\n") else raw
        if line.endswith("\r"):
            line = line[:-1]
        if in_tags:
            stripped = line.strip()
            if not stripped:
                continue
            if stripped.startswith("["):
                visitor.tag(*_parse_tag(stripped, lineno), lineno)
                continue
            in_tags = False
            visitor.end_tags(lineno)
        pos = 0
        while True:
            if comment is not None:
                # Each line an open comment touches adds one part; newlines join them again.
                close = line.find("}", pos)
                if close < 0:
                    comment.append(line[pos:])
                    break
                comment.append(line[pos:close])
                visitor.comment("\n".join(comment), comment_line)
                comment = None
                pos = close + 1
                continue
            m = _MOVE_ITEM.match(line, pos)
            if m is None:  # only blanks are left
                break
            pos = m.end()
            if m.group(1):
                comment, comment_line = [], lineno
            elif m.group(2):
                _word(m.group(2), lineno, visitor)
            else:
                ch = m.group(3)
                if ch == "[" and not line[: m.start(3)].strip():
                    raise RecordError(_("a tag pair after the actions: tags come first"), lineno)
                if ch == "}":
                    raise RecordError(_("a } that closes no comment"), lineno)
                raise RecordError(_("unexpected {char} among the actions").format(char=ch), lineno)
    if comment is not None:
        raise RecordError(_("unterminated comment: no closing }"), comment_line)
    last = max(lineno, 1)
    if in_tags:
        visitor.end_tags(last)
    visitor.end(last)
    return visitor.result()


def loads(text: str) -> Record:
    """The record in ``text``; raises :class:`~hoyle.records.RecordError` (``line N: ...``)."""
    # StringIO splits at "\n" only, so other line-break characters stay inside comments.
    return parse(io.StringIO(text), RecordBuilder())


def load(fp: Iterable[str]) -> Record:
    """The record read, streaming, from an open text file (or any iterable of lines)."""
    return parse(fp, RecordBuilder())


def read_file(path: str | os.PathLike[str]) -> Record:
    """The record in the UTF-8 file at ``path``."""
    with open(path, encoding="utf-8") as fp:
        return load(fp)
