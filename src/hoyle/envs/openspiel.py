"""Every hoyle family as an OpenSpiel python game: ``pyspiel.load_game("python_hoyle_hearts")``.

Importing this module registers one pyspiel game per family, named ``python_hoyle_<family>``
with ``-`` written ``_`` (``python_hoyle_all_fours``, ``python_hoyle_spite_malice``, …), so
OpenSpiel's algorithms, bots and tests run on hoyle's rules. The pyspiel state wraps a hoyle
state: hoyle's chance nodes (cards dealt, packs cut) are OpenSpiel's explicit chance nodes, its
action ids are OpenSpiel's, and what a seat may know comes from ``observation(seat)`` alone.

>>> import pyspiel
>>> import hoyle.envs.openspiel  # registers the games
>>> game = pyspiel.load_game("python_hoyle_hearts(variant=omnibus,deals=1)")
>>> game.num_players(), game.num_distinct_actions() == game.hoyle.num_distinct_actions
(4, True)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 52)

Parameters (pyspiel checks every name and type against the family's specification):

* ``variant`` (string): a preset name or alias; the default is the family's default preset.
* ``players`` and every integer rule option (int): ``-1``, the default, keeps the preset's value.
* every other rule option (string): ``""``, the default, keeps the preset's value. A yes/no
  option is written ``yes`` or ``no`` (pyspiel reads a bare ``true`` as a boolean and refuses
  it), and a list is written with ``+`` between items (pyspiel splits the game string at
  commas): ``python_hoyle_hearts(pass_cycle=left+right+hold,must_break_hearts=no)``.
* ``max_game_length`` (int): the length guard described below; ``-1`` computes it.

Information state: the JSON (sorted keys) of the seat's current observation, then a line with
every action the seat took (its tokens, in order). hoyle's observations carry the public
history (every trick, pass count, card turned, bid), so this is the seat's record of the
match as far as hoyle keeps one — and it is the same in every state that
``resample_from_infostate`` draws for the seat, as OpenSpiel's information-set search needs.
What an observation does not carry is not in it either: the order in which the seat's own
cards arrived, and in Spite and Malice the moves of past turns, whose results stay on the
table.
The observation string is the current observation alone. Observation tensors come from
:mod:`hoyle.core.encoding` for the families that registered an encoder.

Length guard: OpenSpiel needs a maximum game length; it is ``game.info.max_game_length``,
which every hoyle game states (a safety cap on the number of deals makes every match finite).
A smaller ``max_game_length`` parameter makes a state whose history reaches it terminal, with
hoyle's returns for an unfinished match: zero for everyone.
"""

from __future__ import annotations

import enum
import json
import random
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import pyspiel

import hoyle
from hoyle.core.encoding import encoder, has_encoder
from hoyle.core.errors import HoyleError
from hoyle.core.options import OptionInfo
from hoyle.core.protocol import CHANCE, TERMINAL, Game, State
from hoyle.core.registry import Family, families, family

__all__ = [
    "PREFIX",
    "UNSET",
    "UNSET_INT",
    "HoyleSpielGame",
    "HoyleSpielState",
    "game_type",
    "hoyle_game",
    "length_bound",
    "parameter_specification",
    "register",
    "spiel_name",
    "utility_bounds",
]

PREFIX = "python_hoyle_"
"""The start of every registered game name."""
UNSET = ""
"""A string parameter's default: the preset's value."""
UNSET_INT = -1
"""An integer parameter's default: the preset's value (no hoyle option is ever negative)."""


def spiel_name(fam: str) -> str:
    """The pyspiel name of a family: ``all-fours`` → ``python_hoyle_all_fours``."""
    return PREFIX + family(fam).name.replace("-", "_")


def _is_int(info: OptionInfo) -> bool:
    args = typing.get_args(info.hint)
    base = [a for a in args if a is not type(None)] if args else [info.hint]
    return base == [int]


def parameter_specification(fam: Family) -> dict[str, Any]:
    """pyspiel's parameters for ``fam`` with their defaults (see the module docstring)."""
    spec: dict[str, Any] = {"variant": fam.default_variant.name}
    for info in fam.options():
        spec[info.name] = UNSET_INT if _is_int(info) else UNSET
    spec["max_game_length"] = UNSET_INT
    return spec


def hoyle_game(fam: str, params: Mapping[str, Any]) -> Game[Any]:
    """The hoyle game that pyspiel parameters ``params`` describe (unset ones left out)."""
    options: dict[str, Any] = {}
    for key, value in params.items():
        if key in ("variant", "max_game_length") or value in (UNSET, UNSET_INT):
            continue
        options[key] = value.replace("+", ",") if isinstance(value, str) else value
    return hoyle.load(fam, variant=params.get("variant") or None, **options)


# ------------------------------------------------------------------ game information


def utility_bounds(game: Game[Any]) -> tuple[float, float]:
    """Bounds on any seat's return in ``game``: ``game.info``'s."""
    return (game.info.min_utility, game.info.max_utility)


def length_bound(game: Game[Any]) -> int:
    """The default length guard: ``game.info.max_game_length`` (chance actions included)."""
    return game.info.max_game_length


def game_type(fam: Family) -> Any:
    """The ``pyspiel.GameType`` registered for ``fam``."""
    info = {i.name: i for i in fam.options()}["players"]
    low, high = info.min or 2, info.max or 2
    tensors = has_encoder(fam.name)
    return pyspiel.GameType(
        short_name=spiel_name(fam.name),
        long_name=f"hoyle {fam.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=tensors,
        parameter_specification=parameter_specification(fam),
    )


# ------------------------------------------------------------------ observers


def _dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=_jsonable)


def _jsonable(value: Any) -> Any:
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, (set, frozenset, tuple)):
        return list(value)
    raise TypeError(f"{type(value).__name__} is not JSON data")


Viewer = int | str | None
"""Whose view: a seat, ``None`` (a spectator: public information only) or ``"all"``."""


def _observe(state: State, viewer: Viewer) -> dict[str, Any]:
    if viewer == "all":
        return {"seats": [state.observation(p) for p in range(state.game.num_players)]}
    return state.observation(viewer if viewer is None else int(viewer))


class _Log:
    """A seat's own actions in the match so far, as the tokens it chose them by."""

    __slots__ = ("did",)

    def __init__(self) -> None:
        self.did: list[str] = []

    def copy(self) -> _Log:
        """An independent copy."""
        new = _Log()
        new.did = self.did[:]
        return new


def _turn(state: State, viewer: Viewer, action: int, log: _Log) -> None:
    """Record ``action`` in ``viewer``'s log if it is that seat's own (``state`` before it)."""
    if isinstance(viewer, int) and state.current_player() == viewer:
        log.did.append(state.action_to_string(action))


class _Core:
    """The hoyle state behind a pyspiel state, with the viewers' logs (built on demand).

    pyspiel clones a python state by deep-copying its attributes and serializes it by
    pickling them, so this one object answers both: a copy is hoyle's ``clone``; a pickle is
    the game string and the history, replayed when loaded.
    """

    def __init__(self, state: State) -> None:
        self.state = state
        self.logs: dict[Viewer, _Log] = {}

    def apply(self, action: int) -> None:
        """Apply ``action`` to the hoyle state, recording it in the logs kept so far."""
        for viewer, log in self.logs.items():
            _turn(self.state, viewer, action, log)
        self.state.apply_action(action)

    def log(self, viewer: Viewer) -> _Log:
        """The viewer's record, replayed from the start the first time it is asked for."""
        found = self.logs.get(viewer)
        if found is None:
            replay = self.state.game.new_initial_state()
            found = _Log()
            for action in self.state.history():
                _turn(replay, viewer, action, found)
                replay.apply_action(action)
            self.logs[viewer] = found
        return found

    def __deepcopy__(self, memo: dict[int, Any]) -> _Core:
        new = _Core(self.state.clone())
        new.logs = {viewer: log.copy() for viewer, log in self.logs.items()}
        return new

    def __reduce__(self) -> tuple[Callable[..., _Core], tuple[str, list[int]]]:
        return (_replayed, (self.state.game.spec, self.state.history()))


def _replayed(spec: str, history: list[int]) -> _Core:
    state = hoyle.load(spec).new_initial_state()
    for action in history:
        state.apply_action(action)
    return _Core(state)


@dataclass
class _Observer:
    """pyspiel's observer protocol (``tensor``, ``dict``, ``set_from``, ``string_from``)."""

    game: HoyleSpielGame
    perfect_recall: bool
    private: Any

    def __post_init__(self) -> None:
        self.tensor: Any = None
        self.dict: dict[str, Any] = {}
        hg = self.game.hoyle
        if not self.perfect_recall and self._single() and has_encoder(hg.family):
            self.tensor = encoder(hg).new_buffer()
            self.dict = {"observation": self.tensor}

    def _single(self) -> bool:
        return bool(self.private == pyspiel.PrivateInfoType.SINGLE_PLAYER)

    def _viewer(self, player: int) -> Viewer:
        if self._single():
            return player
        if self.private == pyspiel.PrivateInfoType.NONE:
            return None
        return "all"

    def set_from(self, state: HoyleSpielState, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s view of ``state``."""
        if self.tensor is None:
            return
        if player < 0:  # pyspiel asks for the default player (-1) to learn the shape only
            self.tensor.fill(0.0)
            return
        state.core.state.observation_tensor(player, out=self.tensor)

    def string_from(self, state: HoyleSpielState, player: int) -> str:
        """The information state (perfect recall) or the observation, as JSON text."""
        viewer = self._viewer(player)
        if not self.perfect_recall:
            return _dumps(_observe(state.core.state, viewer))
        log = state.core.log(viewer)
        return _dumps(_observe(state.core.state, viewer)) + "\n" + _dumps({"did": log.did})


# ------------------------------------------------------------------ game and state


class HoyleSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A pyspiel game over a hoyle game; pyspiel builds it from the parameters."""

    family_name: str = ""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        fam = family(self.family_name)
        given = dict(parameter_specification(fam))
        given.update(params or {})
        self.hoyle = hoyle_game(fam.name, given)
        guard = int(given.get("max_game_length", UNSET_INT))
        self.length_guard = length_bound(self.hoyle) if guard == UNSET_INT else guard
        known = self.hoyle.info
        actions = self.hoyle.num_distinct_actions
        info = pyspiel.GameInfo(
            num_distinct_actions=actions,
            max_chance_outcomes=actions,  # chance actions are ids of the same space
            num_players=self.hoyle.num_players,
            min_utility=known.min_utility,
            max_utility=known.max_utility,
            # The game type is registered once per family as general-sum (a sum that holds
            # for some presets and not others cannot be declared there).
            utility_sum=None,
            max_game_length=self.length_guard,
        )
        super().__init__(_TYPES[fam.name], info, dict(given))

    def new_initial_state(self) -> HoyleSpielState:
        """The start of a match, at its first chance node."""
        return HoyleSpielState(self)

    def max_chance_nodes_in_history(self) -> int:
        """The guard counts chance actions too, so it bounds them."""
        return int(self.length_guard)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        """An observer for pyspiel (information state, observation, tensors)."""
        if params:
            raise ValueError(f"hoyle observers take no parameters, not {params}")
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        if not iig_obs_type.public_info:
            raise ValueError("hoyle observations always include the public information")
        return _Observer(self, bool(iig_obs_type.perfect_recall), iig_obs_type.private_info)


class HoyleSpielState(pyspiel.State):  # type: ignore[misc]
    """A pyspiel state over a hoyle state (``core.state``)."""

    def __init__(self, game: HoyleSpielGame) -> None:
        super().__init__(game)
        self.core = _Core(game.hoyle.new_initial_state())
        self.guard = game.length_guard

    def _stopped(self) -> bool:
        return len(self.core.state.history()) >= self.guard

    def current_player(self) -> int:
        """The seat to act, ``PlayerId.CHANCE`` or ``PlayerId.TERMINAL``."""
        player = self.core.state.current_player()
        if player == TERMINAL or self._stopped():
            return int(pyspiel.PlayerId.TERMINAL)
        if player == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        return int(player)

    def is_terminal(self) -> bool:
        """True once the match is over (or the length guard stopped it)."""
        return self.core.state.is_terminal() or self._stopped()

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.current_player():
            return []
        return self.core.state.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """hoyle's chance outcomes with their probabilities."""
        return self.core.state.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.core.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        try:
            return self.core.state.action_to_string(int(action))
        except HoyleError:  # pyspiel may name an id that is no action of this game
            return f"action {action}"

    def returns(self) -> list[float]:
        """hoyle's returns: zeros until the end."""
        return self.core.state.returns()

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Any = None
    ) -> HoyleSpielState:
        """A state that seat ``player_id`` cannot tell from this one, replayed from the start.

        ``probability_sampler`` (pyspiel's ``UniformProbabilitySampler`` or any callable
        giving numbers in [0, 1)) seeds hoyle's resampler; without it the seed is random.
        """
        seed = (
            int(probability_sampler() * 2**62)
            if callable(probability_sampler)
            else random.getrandbits(62)
        )
        world = self.core.state.resample_from_infostate(player_id, random.Random(seed))
        new = self.get_game().new_initial_state()
        for action in world.history():
            new.apply_action(action)
        return typing.cast(HoyleSpielState, new)

    def __str__(self) -> str:
        history = " ".join(str(a) for a in self.core.state.history())
        return f"{self.core.state}\n  history: {history}"


# ------------------------------------------------------------------ registration

_TYPES: dict[str, Any] = {}
_CLASSES: dict[str, type[HoyleSpielGame]] = {}


def register() -> list[str]:
    """Register a pyspiel game for every hoyle family (again: nothing); the names."""
    for name in families():
        if name in _CLASSES:
            continue
        fam = family(name)
        _TYPES[name] = game_type(fam)
        cls = type(
            "HoyleSpielGame_" + name.replace("-", "_"),
            (HoyleSpielGame,),
            {"family_name": name, "__doc__": f"{fam.title} as a pyspiel game."},
        )
        _CLASSES[name] = cls
        pyspiel.register_game(_TYPES[name], cls)
    return [spiel_name(name) for name in families()]


register()
