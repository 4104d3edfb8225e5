"""The errors every family raises. All are ``ValueError``s so callers can catch them broadly."""

from __future__ import annotations

__all__ = [
    "HoyleError",
    "IllegalActionError",
    "InvalidOptionError",
    "UnknownGameError",
    "not_an_action",
]


class HoyleError(ValueError):
    """Base class of hoyle's own errors."""


class IllegalActionError(HoyleError):
    """An action that is not legal in the state it was applied to; the state is unchanged."""


def not_an_action(action: object) -> IllegalActionError:
    """The error for an ``apply_action`` argument that is not an int (a token, say)."""
    return IllegalActionError(
        f"an action is an int (see legal_actions()), not {type(action).__name__} "
        f"{action!r}; use string_to_action() for a token"
    )


class UnknownGameError(HoyleError):
    """A family or variant name that hoyle does not know."""


class InvalidOptionError(HoyleError):
    """An unknown option name, or a value outside the option's range."""
