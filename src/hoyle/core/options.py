"""Rule options as data: typed dataclass fields, read from keywords or strings, written back.

Each family's rules dataclass declares its options with :func:`option`, which records a one-line
docstring and, for ints, the allowed range. This module turns strings such as ``"subtract"``,
``"true"`` or ``"left,right,hold"`` into typed values, says what is allowed when a value is
wrong, and formats values back so that a canonical game string round-trips.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from hoyle.core.errors import InvalidOptionError
from hoyle.i18n import _

__all__ = ["OptionInfo", "coerce", "format_value", "option", "option_infos"]

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}
NONE_WORD = "auto"
"""How ``None`` — "work it out" (a rule computed from the table, e.g. from the number of
players) — is written. ``default``, its old spelling, is still read."""
_NONE_WORDS = {NONE_WORD, "default"}


def option(
    default: Any,
    doc: str,
    *,
    min: int | None = None,
    max: int | None = None,
    aliases: tuple[str, ...] = (),
    negations: tuple[str, ...] = (),
) -> Any:
    """Declare a rules-dataclass field with its one-line doc and, for ints, its range.

    ``aliases`` are other names that set the same value (the name a rule book uses);
    ``negations`` are names for a ``bool`` option's opposite (``no_trumping_in=true`` sets
    ``trump_when_able=false``). Both are read by ``load`` and never written back.
    """
    return dataclasses.field(
        default=default,
        metadata={"doc": doc, "min": min, "max": max, "aliases": aliases, "negations": negations},
    )


@dataclass(frozen=True)
class OptionInfo:
    """What one option is: name, type, default, doc and allowed values, for help and errors."""

    name: str
    hint: Any
    default: Any
    doc: str
    min: int | None = None
    max: int | None = None
    aliases: tuple[str, ...] = ()
    negations: tuple[str, ...] = ()

    @property
    def allowed(self) -> str:
        """The allowed values in words, e.g. ``add|subtract|choose|none`` or ``3…6``."""
        return _describe(self.hint, self.min, self.max)


def option_infos(rules_type: type) -> list[OptionInfo]:
    """Every option of a rules dataclass, in declaration order."""
    hints = typing.get_type_hints(rules_type)
    infos = []
    for f in dataclasses.fields(rules_type):
        infos.append(
            OptionInfo(
                name=f.name,
                hint=hints[f.name],
                default=f.default,
                doc=str(f.metadata.get("doc", "")),
                min=f.metadata.get("min"),
                max=f.metadata.get("max"),
                aliases=tuple(f.metadata.get("aliases", ())),
                negations=tuple(f.metadata.get("negations", ())),
            )
        )
    return infos


def _norm(text: str) -> str:
    return text.strip().lower().replace("-", "_")


def _split_union(hint: Any) -> tuple[Any, bool]:
    """(the non-None type, whether None is allowed) for ``X | None``."""
    if isinstance(hint, types.UnionType) or typing.get_origin(hint) is typing.Union:
        args = [a for a in typing.get_args(hint) if a is not type(None)]
        if len(args) == 1:
            return args[0], True
    return hint, False


def _describe(hint: Any, lo: int | None, hi: int | None) -> str:
    base, nullable = _split_union(hint)
    text = _describe_base(base, lo, hi)
    if nullable:
        return _("{allowed} or {none}").format(allowed=text, none=NONE_WORD)
    return text


def _describe_base(base: Any, lo: int | None, hi: int | None) -> str:
    """The allowed values of a non-``None`` type in words, in the language in force (the
    values themselves, ``true``, ``add``, are what a game string says, never translated)."""
    if base is bool:
        return "true|false"
    if base is int:
        if lo is not None and hi is not None:
            return f"{lo}…{hi}"
        if lo is not None:
            return _("an integer ≥ {min}").format(min=lo)
        return _("an integer")
    if isinstance(base, type) and issubclass(base, enum.Enum):
        return "|".join(str(m.value) for m in base)
    if typing.get_origin(base) is tuple:
        inner = typing.get_args(base)[0]
        if isinstance(inner, type) and issubclass(inner, enum.Enum):
            values = "|".join(str(m.value) for m in inner)
            return _("a comma list of {values}").format(values=values)
        return _("a comma list")
    return _("text")


def coerce(info: OptionInfo, value: Any, family: str) -> Any:
    """Turn ``value`` (typed or a string) into the option's type, or raise a clear error."""
    base, nullable = _split_union(info.hint)

    def bad(reason: str = "") -> InvalidOptionError:
        if reason:
            text = _(
                "bad value {value!r} for {family} option {name!r} ({reason}): "
                "expected {allowed} — {doc}"
            )
        else:
            text = _("bad value {value!r} for {family} option {name!r}: expected {allowed} — {doc}")
        doc = _(info.doc) if info.doc else ""  # gettext maps '' to the catalogue's header
        return InvalidOptionError(
            text.format(
                value=value,
                family=family,
                name=info.name,
                reason=reason,
                allowed=info.allowed,
                doc=doc,
            )
        )

    if value is None or (isinstance(value, str) and _norm(value) in _NONE_WORDS):
        if nullable:
            return None
        raise bad()
    if base is bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and _norm(value) in _TRUE | _FALSE:
            return _norm(value) in _TRUE
        raise bad()
    if base is int:
        if isinstance(value, bool):
            raise bad()
        if isinstance(value, int):
            number = value
        elif isinstance(value, str) and value.strip().lstrip("-").isdigit():
            number = int(value.strip())
        else:
            raise bad()
        if (info.min is not None and number < info.min) or (
            info.max is not None and number > info.max
        ):
            raise bad(_("out of range"))
        return number
    if isinstance(base, type) and issubclass(base, enum.Enum):
        return _enum_member(base, value, bad)
    if typing.get_origin(base) is tuple:
        inner = typing.get_args(base)[0]
        if isinstance(value, str):
            items: Sequence[Any] = [v for v in value.replace("+", ",").split(",") if v.strip()]
        elif isinstance(value, Sequence):
            items = list(value)
        else:
            raise bad()
        if isinstance(inner, type) and issubclass(inner, enum.Enum):
            return tuple(_enum_member(inner, v, bad) for v in items)
        return tuple(str(v).strip() for v in items)
    if base is str:
        if not isinstance(value, str):
            raise bad()
        return value.strip()
    raise bad()  # pragma: no cover - an option type this module does not know


def _enum_member(cls: type[enum.Enum], value: Any, bad: Any) -> Any:
    if isinstance(value, cls):
        return value
    if isinstance(value, str):
        key = _norm(value)
        for member in cls:
            if _norm(str(member.value)) == key or member.name.lower() == key:
                return member
        try:  # an old spelling the enum still reads (its ``_missing_``)
            return cls(key)
        except ValueError:
            pass
    raise bad()


def format_value(value: Any) -> str:
    """The string form of an option value, as a canonical game string writes it."""
    if value is None:
        return NONE_WORD
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, tuple):
        return ",".join(format_value(v) for v in value)
    return str(value)
