"""The errors every family raises. All are ``ValueError``s so callers can catch them broadly."""

from __future__ import annotations

__all__ = ["HoyleError", "IllegalActionError", "InvalidOptionError", "UnknownGameError"]


class HoyleError(ValueError):
    """Base class of hoyle's own errors."""


class IllegalActionError(HoyleError):
    """An action that is not legal in the state it was applied to; the state is unchanged."""


class UnknownGameError(HoyleError):
    """A family or variant name that hoyle does not know."""


class InvalidOptionError(HoyleError):
    """An unknown option name, or a value outside the option's range."""
