"""The :class:`Record` a game record is read into, its error type, and the rules of its parts.

A record is data only: tag pairs and the action tokens with their line labels and comments.
Nothing here plays a game; :mod:`hoyle.records.replay` does that. What *is* checked here is
what a reader or writer must know about every part: which tokens, labels, comments and tag
values the text format can hold, and whether the tags name a game that hoyle can load.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from hoyle.core.errors import HoyleError
from hoyle.core.protocol import Game
from hoyle.core.registry import load as load_game
from hoyle.i18n import _

__all__ = ["Record", "RecordError"]

TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*\Z")
"""A tag name: a letter, then letters, digits and underscores (as in PGN)."""
LABEL = re.compile(r"[0-9]+\.(?:[0-9]+|[a-z][a-z0-9-]*(?:\.[0-9]+)?)\Z")
"""A line label: ``1.3`` (deal 1, trick 3), ``1.pass``, ``2.deal``, ``1.bid.2``."""
LABEL_START = re.compile(r"[0-9]+\.")
"""A word that starts like this is a label, never an action token."""
SEED = re.compile(r"-?[0-9]+\Z")

# Characters the move text gives a meaning to, so a token cannot contain them. ``_`` stands for
# the space inside a multi-word token (``moon add`` is written ``moon_add``).
_TOKEN_SPECIAL = frozenset('{}[]"_')


class RecordError(HoyleError):
    """A record that cannot be read, written or replayed.

    The message starts ``line N:`` whenever the problem has a place in the text, and
    :attr:`line` holds that number (``None`` otherwise).
    """

    def __init__(self, message: str, line: int | None = None) -> None:
        self.line = line
        """The 1-based line of the text the error is about, or ``None``."""
        self.reason = message
        """The message without its ``line N:`` prefix."""
        super().__init__(
            message
            if line is None
            else _("line {line}: {message}").format(line=line, message=message)
        )


@dataclass
class Record:
    """One game: tag pairs, then every action as its token, in order.

    The lists :attr:`actions`, :attr:`labels` and :attr:`comments` run in parallel; shorter
    ``labels`` and ``comments`` are padded with ``""``. Two records are equal when their tags,
    actions, labels and comments are; where they were read from (:attr:`lines`) does not count.

    >>> rec = Record({"Game": "hearts(deals=1)", "Seed": "7"})
    >>> rec.append("2C", label="1.pass")
    >>> rec.seed, rec.actions
    (7, ['2C'])
    """

    tags: dict[str, str] = field(default_factory=dict)
    """Tag pairs in order, ``Game`` first: ``{"Game": "hearts", "Seed": "7", ...}``."""
    actions: list[str] = field(default_factory=list)
    """Every action's token, chance actions (dealt cards) included when there is no seed."""
    labels: list[str] = field(default_factory=list)
    """For each action, the label of the line it starts (``"1.3"``), or ``""`` to continue."""
    comments: list[str] = field(default_factory=list)
    """For each action, the comment written after it, or ``""``."""
    intro: str = ""
    """The comment written before the first action, or ``""``."""
    lines: list[int] = field(default_factory=list, compare=False, repr=False)
    """For each action, the line it was read from (empty for a record not read from text)."""
    tag_lines: dict[str, int] = field(default_factory=dict, compare=False, repr=False)
    """For each tag, the line it was read from (empty for a record not read from text)."""

    def __post_init__(self) -> None:
        n = len(self.actions)
        if len(self.labels) < n:
            self.labels.extend([""] * (n - len(self.labels)))
        if len(self.comments) < n:
            self.comments.extend([""] * (n - len(self.comments)))

    def append(self, token: str, *, label: str = "", comment: str = "") -> None:
        """Add an action at the end, starting a line with ``label`` if one is given."""
        self.actions.append(token)
        self.labels.append(label)
        self.comments.append(comment)

    @property
    def game(self) -> Game[Any]:
        """The game the ``Game`` tag names; :class:`RecordError` if it is missing or unknown."""
        return check_tags(self.tags, self.tag_lines, None)[0]

    @property
    def seed(self) -> int | None:
        """The ``Seed`` tag as an int; ``None`` when absent or ``-`` (dealt at chance nodes)."""
        return _seed(self.tags, self.tag_lines)

    @property
    def seats(self) -> list[str]:
        """Who sat where, from the ``Seats`` tag (``[]`` when absent)."""
        value = self.tags.get("Seats")
        return [] if value is None else [name.strip() for name in value.split(",")]


def _seed(tags: Mapping[str, str], tag_lines: Mapping[str, int]) -> int | None:
    value = tags.get("Seed")
    if value is None or value.strip() == "-":
        return None
    if not SEED.match(value.strip()):
        raise RecordError(
            _(
                'Seed tag "{value}" is not a whole number, nor "-" for a game dealt at chance nodes'
            ).format(value=value),
            tag_lines.get("Seed"),
        )
    return int(value)


def check_tags(
    tags: Mapping[str, str], tag_lines: Mapping[str, int], end_line: int | None
) -> tuple[Game[Any], int | None]:
    """The game and seed the tags give, after checking ``Game``, ``Seed`` and ``Seats``.

    ``end_line`` is where a missing ``Game`` tag is reported (the end of the tag section).
    """
    spec = tags.get("Game")
    if spec is None:
        raise RecordError(
            _('missing Game tag: a record starts with [Game "hearts"] or the like'), end_line
        )
    try:
        game = load_game(spec)
    except (HoyleError, ValueError) as exc:
        raise RecordError(
            _('Game tag "{spec}": {error}').format(spec=spec, error=exc), tag_lines.get("Game")
        ) from None
    seed = _seed(tags, tag_lines)
    seats = tags.get("Seats")
    if seats is not None:
        count = len(seats.split(","))
        if count != game.num_players:
            raise RecordError(
                _(
                    "Seats tag names {count} seats but {spec} has {players} "
                    '(names are separated by commas: "You, easy, easy, easy")'
                ).format(count=count, spec=spec, players=game.num_players),
                tag_lines.get("Seats"),
            )
    return game, seed


def game_first(tags: Mapping[str, str]) -> dict[str, str]:
    """The tags in writing order: ``Game`` first, the others as they come."""
    ordered = {"Game": tags["Game"]} if "Game" in tags else {}
    ordered.update((k, v) for k, v in tags.items() if k != "Game")
    return ordered


def encode_token(token: str) -> str:
    """A token as the move text writes it (``moon add`` becomes ``moon_add``)."""
    if (
        not token
        or token != " ".join(token.split())
        or not _TOKEN_SPECIAL.isdisjoint(token)
        or LABEL_START.match(token)
    ):
        raise RecordError(
            f"cannot write the action token {token!r}: a token is words separated by single "
            'spaces, has none of { } [ ] " _, and does not start like a label (digits and a dot)'
        )
    return token.replace(" ", "_")


def decode_token(word: str) -> str:
    """The token a word of move text stands for (``moon_add`` is ``moon add``)."""
    return word.replace("_", " ")


def check_writable(rec: Record) -> None:
    """Raise :class:`RecordError` unless the text format can hold every part of ``rec``."""
    n = len(rec.actions)
    if len(rec.labels) != n or len(rec.comments) != n:
        raise RecordError(
            f"a record's labels ({len(rec.labels)}) and comments ({len(rec.comments)}) "
            f"run parallel to its actions ({n})"
        )
    if "Game" not in rec.tags:
        raise RecordError('a record needs a Game tag, e.g. {"Game": "hearts"}')
    for name, value in rec.tags.items():
        if not isinstance(name, str) or not TAG_NAME.match(name):
            raise RecordError(
                f"bad tag name {name!r}: a letter, then letters, digits or underscores"
            )
        if not isinstance(value, str) or "\n" in value or "\r" in value:
            raise RecordError(f"the value of tag {name} must be a string on one line")
    for token in rec.actions:
        encode_token(token)
    for label in rec.labels:
        if label and not LABEL.match(label):
            raise RecordError(
                f"bad label {label!r}: a deal number, a dot, then a trick number or a phase "
                "name (1.3, 1.pass, 2.bid.2)"
            )
    for text in [rec.intro, *rec.comments]:
        if "}" in text or "\r" in text:
            raise RecordError(f"a comment cannot hold }} or a carriage return: {text!r}")
