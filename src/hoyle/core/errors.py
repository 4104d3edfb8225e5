"""The errors every family raises. All are ``ValueError``s so callers can catch them broadly.

Every error a user can cause — a bad game string or option, an illegal move, a seat the game does
not have, a hand-set position that cannot be dealt, a resampling that cannot be done — is a
:class:`HoyleError`, whose message says what was wrong and what would be right.
"""

from __future__ import annotations

from hoyle.i18n import _

__all__ = [
    "HoyleError",
    "IllegalActionError",
    "InvalidOptionError",
    "InvalidPositionError",
    "InvalidSeatError",
    "ResampleError",
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
        _(
            "an action is an int (see legal_actions()), not {kind} {action!r}; "
            "use string_to_action() for a token"
        ).format(kind=type(action).__name__, action=action)
    )


class UnknownGameError(HoyleError):
    """A family or variant name that hoyle does not know."""


class InvalidOptionError(HoyleError):
    """An unknown option name, or a value outside the option's range."""


class InvalidPositionError(InvalidOptionError):
    """A hand-set position (``game.deal_state(...)``) that the rules cannot deal."""


class InvalidSeatError(HoyleError):
    """A seat the game does not have (seats are 0 … players − 1; ``None`` is a spectator)."""


class ResampleError(HoyleError):
    """``resample_from_infostate`` could not draw a world for that seat (or was asked for a
    seat that cannot be resampled, such as a spectator)."""
