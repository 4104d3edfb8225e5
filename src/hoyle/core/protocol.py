"""The game protocol every family implements: OpenSpiel's vocabulary with Python manners.

A :class:`Game` is an immutable description (family, rule options, number of players); a
:class:`State` is one position in a match, from the deal to the end. Actions are ints; each has
a readable token (``action_to_string``) that names exactly one action in that state.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any, ClassVar, Generic, TypeVar

from hoyle.core.errors import IllegalActionError

__all__ = ["CHANCE", "TERMINAL", "Game", "State"]

CHANCE = -1
"""``current_player()`` at a chance node (a card dealt, a pack shuffled)."""
TERMINAL = -4
"""``current_player()`` once the game is over."""

R = TypeVar("R")


class Game(ABC, Generic[R]):
    """A family's game with fixed rule options. Create one with :func:`hoyle.load`.

    Attributes:
        family: the family name, e.g. ``"hearts"``.
        variant: the preset the options started from, e.g. ``"black-lady"``.
        rules: the family's frozen rules dataclass with every option's value.
    """

    family: ClassVar[str]

    def __init__(self, rules: R, variant: str) -> None:
        self.rules: R = rules
        self.variant: str = variant
        self._spec: str | None = None

    @property
    @abstractmethod
    def num_players(self) -> int:
        """Number of seats at the table."""

    @property
    @abstractmethod
    def num_distinct_actions(self) -> int:
        """One more than the largest action id any state of this game can use."""

    @property
    def scores_are_penalties(self) -> bool:
        """True when :meth:`State.scores` counts penalty points, so fewer is better (Hearts).

        Surfaces that turn scores into rewards (the environments) flip the sign by it.
        """
        return False

    @abstractmethod
    def new_initial_state(self, seed: int | None = None) -> State:
        """The start of a match: at the first deal's chance nodes, or, with ``seed``, dealt.

        With a seed every deal of the match is shuffled by ``random.Random(seed)``, so the
        state has no chance nodes and the seed reproduces the match exactly.
        """

    @property
    def spec(self) -> str:
        """The canonical game string, e.g. ``hearts(variant=black-maria,players=3)``."""
        if self._spec is None:  # computed once: observations and records name the game often
            from hoyle.core.registry import canonical_spec

            self._spec = canonical_spec(self)
        return self._spec

    def __str__(self) -> str:
        return self.spec

    def __repr__(self) -> str:
        return f"hoyle.load({self.spec!r})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Game)
            and other.family == self.family
            and other.rules == self.rules
            and other.variant == self.variant
        )

    def __hash__(self) -> int:
        return hash((self.family, self.rules, self.variant))

    def __getstate__(self) -> dict[str, Any]:
        """What a pickle or a deep copy keeps: everything but the observation encoder that
        :func:`hoyle.core.encoding.encoder` keeps on the game (rebuilt on demand)."""
        state = self.__dict__.copy()
        state.pop("_encoder", None)
        return state


class State(ABC):
    """One position of a match. Mutated by :meth:`apply_action`; copied by :meth:`clone`."""

    game: Game[Any]

    @abstractmethod
    def current_player(self) -> int:
        """The seat to act, :data:`CHANCE` or :data:`TERMINAL`."""

    def is_chance_node(self) -> bool:
        """True when the next action is chance's (see :meth:`chance_outcomes`)."""
        return self.current_player() == CHANCE

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.current_player() == TERMINAL

    @abstractmethod
    def chance_outcomes(self) -> list[tuple[int, float]]:
        """At a chance node, each possible action with its probability; otherwise ``[]``."""

    @abstractmethod
    def legal_actions(self) -> list[int]:
        """The current player's legal actions in increasing order (chance: the outcomes)."""

    @abstractmethod
    def apply_action(self, action: int) -> None:
        """Play ``action``; raise :class:`IllegalActionError` (state unchanged) if not legal."""

    @abstractmethod
    def action_to_string(self, action: int) -> str:
        """The token of ``action`` in this state, e.g. ``QS`` or ``moon add``."""

    def string_to_action(self, text: str) -> int:
        """The action whose token is ``text`` (case and spacing ignored) in this state."""
        key = " ".join(text.split()).upper()
        candidates = (
            [a for a, _ in self.chance_outcomes()]
            if self.is_chance_node()
            else self.legal_actions()
        )
        for action in candidates:
            if self.action_to_string(action).upper() == key:
                return action
        legal = ", ".join(self.action_to_string(a) for a in candidates[:60])
        raise IllegalActionError(
            f"{text!r} is not a legal action here; legal: {legal or 'none (the game is over)'}"
        )

    @abstractmethod
    def returns(self) -> list[float]:
        """Each seat's result; all zero until the end. Higher is better."""

    @abstractmethod
    def scores(self) -> list[float]:
        """The running score of each seat in the game's own units (Hearts: penalty points)."""

    @abstractmethod
    def observation(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may know, as JSON-serialisable data; ``None`` for a spectator."""

    def observation_tensor(self, player: int | None, out: Any = None) -> Any:
        """What ``player`` may know as a float32 vector (see :mod:`hoyle.core.encoding`).

        ``out``, a buffer from ``encoder(game).new_buffer()``, is filled and returned, so a
        learning loop allocates nothing; without it a new array is returned. The layout is
        fixed per game and documented by ``encoder(game).layout()``.
        """
        # The encoder is kept on the game (see hoyle.core.encoding.encoder): this runs once
        # per step of a learning loop, so the common case is one dict lookup.
        enc = self.game.__dict__.get("_encoder")
        if enc is None:
            from hoyle.core.encoding import encoder  # numpy only when tensors are asked for

            enc = encoder(self.game)
        if player is not None and not 0 <= player < self.game.num_players:
            raise ValueError(
                f"player {player!r} is not a seat of this game: give 0 to "
                f"{self.game.num_players - 1}, or None for a spectator's view"
            )
        if out is None:
            out = enc.new_buffer()
        elif out.shape != (enc.size,) or out.dtype.char != "f":
            raise ValueError(
                f"out is {out.dtype} of shape {out.shape}; this game's tensors are "
                f"float32 of shape ({enc.size},)"
            )
        enc.encode(self, player, out)
        return out

    @abstractmethod
    def resample_from_infostate(self, player: int, rng: random.Random) -> State:
        """A full state that ``player`` cannot tell apart from this one."""

    @abstractmethod
    def clone(self) -> State:
        """An independent copy."""

    @abstractmethod
    def history(self) -> list[int]:
        """Every action applied so far, chance actions included, in order."""

    @abstractmethod
    def progress(self) -> tuple[int, str, int]:
        """Where the match stands: (deal number from 1, phase name, round within the phase).

        Records use it to break the move list by deal and trick (or turn).
        """

    def __str__(self) -> str:
        lines = [f"{self.game.spec}: player {self.current_player()} to act"]
        obs = self.observation(None)
        for key, value in obs.items():
            lines.append(f"  {key}: {value}")
        return "\n".join(lines)
