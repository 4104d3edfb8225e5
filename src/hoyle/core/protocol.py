"""The game protocol every family implements: OpenSpiel's vocabulary with Python manners.

A :class:`Game` is an immutable description (family, rule options, number of players); a
:class:`State` is one position in a match, from the deal to the end. Actions are ints; each has
a readable token (``action_to_string``) that names exactly one action in that state.

The public methods do the work every family shares once — checking seats, building the
observation's common envelope, parsing then requiring a legal action, writing the log — and
call the family's hooks (the ``_``-named methods below) for what only the family knows.

**The observation envelope.** ``observation(seat)`` (``None``: a spectator) always holds these
keys, then the family's own:

============== ==========================================================================
``game``       the canonical game string
``title``      the game's name for a player, e.g. ``Hearts — Black Lady``
``seat``       the viewer's seat, ``None`` for a spectator
``players``    the number of seats
``phase``      what the game is doing (``pass``, ``play``, ``bid`` …; ``over`` at the end)
``current_player`` the seat to act, or ``None`` (dealing, or over)
``deal``       the number of the deal or hand in progress (the last one, once over), from 1
``dealer``     the dealer's seat, ``None`` when not yet known
``hand``       the viewer's cards as tokens; ``[]`` for a spectator
``hand_sizes`` how many cards each seat holds
``scores``     the match totals, one per seat (a side's total for each of its seats)
``deal_scores`` one list per finished deal: what each seat scored in it
``results``    one summary per finished deal (see :class:`~hoyle.core.narrate.DealResult`)
``winner``     ``None`` until the game is over, then the list of winning seats
``ranking``    ``None`` until the game is over, then the seats best first, ties grouped
``returns``    ``None`` until the game is over, then ``returns()``
============== ==========================================================================

Per-seat data are lists indexed by seat, in the envelope and in every family's own keys.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar, Generic, TypeVar

from hoyle.core.errors import HoyleError, IllegalActionError, InvalidSeatError, ResampleError
from hoyle.core.info import GameInfo
from hoyle.core.narrate import DealResult, Event, Fact, chronicle
from hoyle.i18n import _

__all__ = ["CHANCE", "ENVELOPE", "TERMINAL", "Game", "State"]

CHANCE = -1
"""``current_player()`` at a chance node (a card dealt, a pack shuffled)."""
TERMINAL = -4
"""``current_player()`` once the game is over."""

ENVELOPE = (
    "game",
    "title",
    "seat",
    "players",
    "phase",
    "current_player",
    "deal",
    "dealer",
    "hand",
    "hand_sizes",
    "scores",
    "deal_scores",
    "results",
    "winner",
    "ranking",
    "returns",
)
"""The keys every observation holds, in this order (see the module docstring)."""

FAMILY_KEYS = frozenset({"phase", "dealer", "hand", "hand_sizes"})
"""Envelope keys a family's :meth:`State._observe` supplies; the core writes the others."""
_CORE_KEYS = frozenset(ENVELOPE) - FAMILY_KEYS

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
        self._info: GameInfo | None = None
        self._title: str | None = None

    @property
    @abstractmethod
    def num_players(self) -> int:
        """Number of seats at the table."""

    @property
    @abstractmethod
    def num_distinct_actions(self) -> int:
        """One more than the largest action id any state of this game can use."""

    @property
    def info(self) -> GameInfo:
        """Facts about this game's results: utility bounds and sum, the longest game, what
        ``returns()`` measures and whether scores are penalty points (see
        :class:`~hoyle.core.info.GameInfo`)."""
        if self._info is None:
            self._info = self._game_info()
        return self._info

    def _game_info(self) -> GameInfo:
        """The family's :class:`GameInfo` for these rules (computed once per game)."""
        raise NotImplementedError(f"{type(self).__name__} does not state its GameInfo")

    @property
    def title(self) -> str:
        """The game's name for a player: the family's title, then the variant's unless it is
        the family's standard game (``Hearts — Black Maria``, ``Écarté``)."""
        if self._title is None:
            from hoyle.core.registry import game_title

            self._title = game_title(self)
        return self._title

    @abstractmethod
    def new_initial_state(self, seed: int | None = None) -> State:
        """The start of a match: at the first deal's chance nodes, or, with ``seed``, dealt.

        With a seed every deal of the match is shuffled by ``random.Random(seed)``, so the
        state has no chance nodes and the seed reproduces the match exactly; its
        ``history()`` still lists the chance actions the shuffle stands for, so that it
        replays from ``new_initial_state()`` without a seed.
        """

    def deal_state(self, *args: Any, **kwargs: Any) -> State:
        """A hand-set position: a match whose first deal gives these hands (seat by seat,
        card tokens); the family's keywords fix the rest (dealer, turn-up, stock, piles …).
        For scenario tests and problems. Raises :class:`~hoyle.core.errors.InvalidPositionError`
        when the rules cannot deal it."""
        raise HoyleError(f"the {self.family} family has no hand-set positions")

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
    """One position of a match. Mutated by :meth:`apply_action`; copied by :meth:`clone`.

    A family implements the abstract methods and the hooks: :meth:`_observe`,
    :meth:`_results`, :meth:`_narrate`, :meth:`_action_token`, :meth:`_parse_action` and
    :meth:`_resample` (and may refine :meth:`_origin`, :meth:`_winners`, :meth:`_ranking`).
    """

    game: Game[Any]

    # ----------------------------------------------------------------- the family's engine

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
    def returns(self) -> list[float]:
        """Each seat's result; all zero until the end. Higher is better, within
        ``game.info``'s bounds."""

    @abstractmethod
    def scores(self) -> list[float]:
        """The running score of each seat in the game's own units (Hearts: penalty points)."""

    @abstractmethod
    def clone(self) -> State:
        """An independent copy."""

    @abstractmethod
    def history(self) -> list[int]:
        """Every action applied so far, chance actions included, in order: replayed from
        ``game.new_initial_state()`` (no seed) it reaches this position."""

    @abstractmethod
    def progress(self) -> tuple[int, str, int]:
        """Where the match stands: (deal number from 1, phase name, round within the phase).

        Records use it to break the move list by deal and trick (or turn).
        """

    # ----------------------------------------------------------------- seats

    def _check_seat(self, seat: Any, *, spectator: bool = True) -> int | None:
        """``seat`` if the game has it (or ``None``, a spectator, where allowed), else
        :class:`InvalidSeatError` naming the seats."""
        if seat is None and spectator:
            return None
        n = self.game.num_players
        if type(seat) is not int or not 0 <= seat < n:
            if spectator:
                text = _(
                    "{seat!r} is not a seat of this game: give 0 to {last}, or None for a spectator"
                )
            else:
                text = _("{seat!r} is not a seat of this game: give 0 to {last}")
            raise InvalidSeatError(text.format(seat=seat, last=n - 1))
        return seat

    # ----------------------------------------------------------------- tokens

    def action_to_string(self, action: int) -> str:
        """The token of ``action`` in this state, e.g. ``QS`` or ``moon add``.

        Raises :class:`IllegalActionError` for an int that is none of the game's actions.
        """
        if type(action) is not int:
            raise IllegalActionError(f"an action is an int, not {type(action).__name__} {action!r}")
        if not 0 <= action < self.game.num_distinct_actions:
            raise IllegalActionError(
                f"{action} is not an action of {self.game.spec}: actions are 0 to "
                f"{self.game.num_distinct_actions - 1}"
            )
        return self._action_token(action)

    def string_to_action(self, text: str) -> int:
        """The legal action whose token is ``text`` in this state (case and spacing ignored,
        and the family's other spellings: ``10h`` for ``TH``).

        Raises :class:`IllegalActionError` listing the legal moves when ``text`` names no
        action, or one that is not legal here.
        """
        if not isinstance(text, str):
            raise IllegalActionError(f"a token is a str, not {type(text).__name__} {text!r}")
        candidates = (
            [a for a, _ in self.chance_outcomes()]
            if self.is_chance_node()
            else self.legal_actions()
        )
        try:
            action = self._parse_action(text)
        except IllegalActionError as exc:
            reason = str(exc)
            action = None
        else:
            reason = ""
        if action is None:
            key = " ".join(text.split()).upper()
            for candidate in candidates:
                if self._action_token(candidate).upper() == key:
                    return candidate
        elif action in candidates:
            return action
        legal = ", ".join(self._action_token(a) for a in candidates[:60])
        if len(candidates) > 60:
            legal += _(" … ({count} in all)").format(count=len(candidates))
        legal = legal or _("none (the game is over)")
        if reason:
            message = _("{text!r} is not a legal action here ({reason}); legal: {legal}")
        else:
            message = _("{text!r} is not a legal action here; legal: {legal}")
        raise IllegalActionError(message.format(text=text, reason=reason, legal=legal))

    # ----------------------------------------------------------------- what a seat may know

    def observation(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may know, as JSON-serialisable data; ``None`` for a spectator.

        The envelope's keys (:data:`ENVELOPE`) come first, then the family's own.
        """
        seat = self._check_seat(player)
        own = self._observe(seat)
        clash = _CORE_KEYS.intersection(own)
        if clash:  # a family bug: the core writes these
            raise AssertionError(f"{type(self).__name__}._observe sets envelope keys {clash}")
        game = self.game
        current = self.current_player()
        over = self.is_terminal()
        results = self._results()
        obs: dict[str, Any] = {
            "game": game.spec,
            "title": game.title,
            "seat": seat,
            "players": game.num_players,
            "phase": own.pop("phase"),
            "current_player": current if current >= 0 else None,
            "deal": self.progress()[0],
            "dealer": own.pop("dealer"),
            "hand": own.pop("hand") if seat is not None else [],
            "hand_sizes": own.pop("hand_sizes"),
            "scores": [_number(s) for s in self.scores()],
            "deal_scores": [[_number(s) for s in r.scores] for r in results],
            "results": [r.to_json(seat) for r in results],
            "winner": self._winners() if over else None,
            "ranking": self._ranking() if over else None,
            "returns": [_number(r) for r in self.returns()] if over else None,
        }
        own.pop("hand", None)
        obs.update(own)
        return obs

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
        self._check_seat(player)
        if out is None:
            out = enc.new_buffer()
        elif out.shape != (enc.size,) or out.dtype.char != "f":
            raise ValueError(
                f"out is {out.dtype} of shape {out.shape}; this game's tensors are "
                f"float32 of shape ({enc.size},)"
            )
        enc.encode(self, player, out)
        return out

    def log(self, player: int | None, names: Sequence[str] | None = None) -> list[dict[str, Any]]:
        """The events ``player`` has witnessed, oldest first (``None``: a spectator, who sees
        only public events).

        Each entry has ``seat`` (who acted, ``None`` for the table), ``kind`` and ``text``, a
        sentence for that reader ("Seat 2 discards 3 cards face down.", "You take the trick
        with Q♠."), then the event's data. A hidden move appears only as that seat saw it.
        ``names`` names the seats in the sentences (default ``Seat N``).
        """
        seat = self._check_seat(player)
        if names is not None and len(names) != self.game.num_players:
            raise HoyleError(
                _("give one name per seat ({players}), not {count}").format(
                    players=self.game.num_players, count=len(names)
                )
            )
        return [e.to_json(seat, names) for e in chronicle(self) if e.seen_by(seat)]

    def facts(self, player: int | None, names: Sequence[str] | None = None) -> list[dict[str, Any]]:
        """The few facts ``player`` needs at a glance, as the family words them: trumps, the
        contract, the turn-up, the pot, the pass, partners … (``None``: a spectator).

        Each entry has ``kind``, ``label`` (``Trumps``), ``text`` (``hearts``; seats named for
        this reader as in :meth:`log`) and ``cards`` (tokens to draw beside it). They say
        nothing ``observation(player)`` does not: a surface's side panel shows them instead of
        raw observation keys.
        """
        seat = self._check_seat(player)
        if names is not None and len(names) != self.game.num_players:
            raise HoyleError(
                _("give one name per seat ({players}), not {count}").format(
                    players=self.game.num_players, count=len(names)
                )
            )
        return [f.to_json(seat, names) for f in self._facts(seat)]

    def choosing(self, player: int | None) -> dict[str, Any] | None:
        """What the rules ask of ``player`` when it is to act and gives several cards one
        action at a time (a pass, a discard): ``{"verb": "pass" | "discard", "min": k, "max":
        m}``, how many more cards it must and may still give. After ``max`` of them the choice
        is over; from ``min`` on another action (a ``draw``) may end it. ``None`` otherwise,
        and for a spectator. A surface lets the player choose that many, then sends them.
        """
        seat = self._check_seat(player)
        if seat is None or self.current_player() != seat:
            return None
        got = self._choosing(seat)
        if got is None:
            return None
        verb, least, most = got
        return {"verb": verb, "min": least, "max": most}

    def resample_from_infostate(self, player: int, rng: random.Random) -> State:
        """A full state that ``player`` cannot tell apart from this one.

        It has the same ``observation(player)`` and, when ``player`` is to act, the same legal
        actions; its ``history()`` replays from ``game.new_initial_state()`` (no seed) to it;
        nothing in it (a seed included) rebuilds the real hidden cards.
        """
        seat = self._check_seat(player, spectator=False)
        assert seat is not None
        if not isinstance(rng, random.Random):
            raise ResampleError(f"rng must be a random.Random, not {type(rng).__name__}")
        return self._resample(seat, rng)

    # ----------------------------------------------------------------- the family's hooks

    def _observe(self, seat: int | None) -> dict[str, Any]:
        """The family's part of ``observation(seat)`` (seat already checked): ``phase``,
        ``dealer``, ``hand`` (the seat's cards; may be left out for a spectator) and
        ``hand_sizes``, then the family's own keys. It must not set the core's envelope
        keys."""
        raise NotImplementedError

    def _results(self) -> Sequence[DealResult]:
        """Each finished deal's result, oldest first."""
        raise NotImplementedError

    def _narrate(self, before: State, action: int, after: State) -> list[Event]:
        """What ``action`` did, as events (``before`` is the state it was applied to, ``after``
        the state it made). Both are full states, so a hidden move must be told with
        :func:`~hoyle.core.narrate.secret` (or an event's ``only`` and ``hidden_from``): what
        a seat reads must depend only on what it may know. The core adds the events every
        game shares (a deal beginning, a deal's result, the end)."""
        raise NotImplementedError

    def _facts(self, seat: int | None) -> list[Fact]:
        """The family's :meth:`facts` for ``seat`` (already checked), from what that seat may
        know; none by default."""
        return []

    def _choosing(self, seat: int) -> tuple[str, int, int] | None:
        """The family's :meth:`choosing` for ``seat``, the seat to act: ``(verb, min, max)``,
        or ``None`` (the default) when its move is not one of several cards given in turn."""
        return None

    def _action_token(self, action: int) -> str:
        """The token of ``action`` (an int within the game's action range); raise
        :class:`IllegalActionError` for an int in that range that is no action."""
        raise NotImplementedError

    def _parse_action(self, text: str) -> int | None:
        """The action ``text`` names in the family's own spellings (``10h``, ``pass``), or
        ``None`` to match ``text`` against the legal actions' tokens. It need not check
        legality (the caller does); it may raise :class:`IllegalActionError` to say why
        ``text`` names nothing."""
        return None

    def _resample(self, seat: int, rng: random.Random) -> State:
        """The family's :meth:`resample_from_infostate` (seat already checked)."""
        raise NotImplementedError

    def _origin(self) -> State:
        """The state this one's ``history()`` is replayed from (for :meth:`log`): the game's
        unseeded start. A position set up by hand may start elsewhere."""
        return self.game.new_initial_state()

    def _dealer_seat(self) -> int | None:
        """The dealer of the deal in progress (``None`` until known)."""
        dealer = self._observe(None).get("dealer")
        return dealer if isinstance(dealer, int) else None

    def _winners(self) -> list[int]:
        """The winning seats once the game is over: those with the best return."""
        returns = self.returns()
        best = max(returns)
        return [seat for seat, value in enumerate(returns) if value == best]

    def _ranking(self) -> list[list[int]]:
        """The seats best first once the game is over, ties grouped: by return, then by
        score (fewer penalty points, or more points, first)."""
        returns = self.returns()
        sign = -1.0 if self.game.info.scores_are_penalties else 1.0
        scores = self.scores()
        keys = [(returns[s], sign * scores[s]) for s in range(len(returns))]
        groups: list[list[int]] = []
        for seat in sorted(range(len(keys)), key=lambda s: keys[s], reverse=True):
            if groups and keys[groups[-1][0]] == keys[seat]:
                groups[-1].append(seat)
            else:
                groups.append([seat])
        return groups

    def __str__(self) -> str:
        lines = [f"{self.game.spec}: player {self.current_player()} to act"]
        obs = self.observation(None)
        for key, value in obs.items():
            lines.append(f"  {key}: {value}")
        return "\n".join(lines)


def _number(value: float) -> float | int:
    """A whole number as an int, for tidy JSON; other values unchanged."""
    value = float(value)
    return int(value) if value.is_integer() else value
