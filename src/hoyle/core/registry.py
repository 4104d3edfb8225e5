"""The registries: families with their presets, and agents. Families register themselves.

``load("hearts(variant=omnibus,players=5)")`` and ``load("hearts", variant="omnibus", players=5)``
give equal games. The canonical spec lists the variant when it is not the family default, then
every option whose value differs from the preset's, in declaration order.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from hoyle.core.budget import Budget
from hoyle.core.errors import InvalidOptionError, UnknownGameError
from hoyle.core.options import OptionInfo, coerce, format_value, option_infos
from hoyle.core.protocol import Game, State

__all__ = [
    "ENDINGS",
    "Agent",
    "Family",
    "Variant",
    "canonical_spec",
    "families",
    "family",
    "load",
    "make_agent",
    "parse_agent_spec",
    "parse_spec",
    "register_agent",
    "register_family",
    "register_search_agent",
    "split_agents",
    "takes_budget",
    "variants",
]


@dataclass(frozen=True)
class Variant:
    """A named preset: option values plus what a player should know about them.

    Attributes:
        name: canonical name, e.g. ``"black-lady"``.
        aliases: other names players use for it.
        summary: one paragraph on how it differs from the family's base game.
        source: where its rules come from (the seed and the book or page it rests on).
        options: the rules fields this preset sets; every other field keeps its default.
        by_table: option values that follow from the table size (e.g. a shorter game for
            two), applied unless the player gives that option.
    """

    name: str
    aliases: tuple[str, ...]
    summary: str
    source: str
    options: Mapping[str, Any] = field(default_factory=dict)
    players: tuple[int, int] | None = None
    """The table sizes the preset's rules allow, when narrower than the family's."""
    tables: tuple[int, ...] | None = None
    """The only table sizes allowed, when they are not every size in ``players`` (e.g. 2 or
    4 but not 3)."""
    by_table: Mapping[int, Mapping[str, Any]] = field(default_factory=dict)

    def options_for(self, players: int | None) -> dict[str, Any]:
        """The preset's option values at a table of ``players`` (``by_table`` applied)."""
        values = dict(self.options)
        if players is not None:
            values.update(self.by_table.get(players, {}))
        return values

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready description (options as strings)."""
        return {
            "name": self.name,
            "aliases": list(self.aliases),
            "summary": self.summary,
            "source": self.source,
            "options": {k: format_value(v) for k, v in self.options.items()},
            "players": list(self.players) if self.players else None,
            "tables": list(self.tables) if self.tables else None,
            "by_table": {
                str(n): {k: format_value(v) for k, v in opts.items()}
                for n, opts in self.by_table.items()
            },
        }


@dataclass(frozen=True)
class Family:
    """A registered family: its rules dataclass, game class and presets (the first is default)."""

    name: str
    title: str
    rules_type: type
    make_game: Callable[[Any, str], Game[Any]]
    presets: tuple[Variant, ...]
    aliases: tuple[str, ...] = ()
    explain: Callable[[Any], list[str]] | None = None
    """The rules in force in plain words, written from a rules value (``hoyle rules``)."""

    @property
    def default_variant(self) -> Variant:
        """The preset ``load(family)`` plays."""
        return self.presets[0]

    def options(self) -> list[OptionInfo]:
        """Every rule option of the family."""
        return option_infos(self.rules_type)

    def find_variant(self, name: str) -> Variant:
        """The preset called ``name`` or one of its aliases (case, spaces, ``_`` ignored)."""
        key = _key(name)
        for preset in self.presets:
            if key == _key(preset.name) or key in (_key(a) for a in preset.aliases):
                return preset
        names = ", ".join(p.name for p in self.presets)
        raise UnknownGameError(f"unknown {self.name} variant {name!r}; variants: {names}")


_FAMILIES: dict[str, Family] = {}


def _key(name: str) -> str:
    return re.sub(r"[\s_]+", "-", name.strip().lower())


def register_family(fam: Family) -> None:
    """Add a family to the registry (done by each family's package on import)."""
    _FAMILIES[fam.name] = fam


def families() -> list[str]:
    """Names of the registered families."""
    return list(_FAMILIES)


def family(name: str) -> Family:
    """The registered family called ``name`` (or an alias)."""
    key = _key(name)
    for fam in _FAMILIES.values():
        if key == fam.name or key in (_key(a) for a in fam.aliases):
            return fam
    raise UnknownGameError(f"unknown game {name!r}; games: {', '.join(_FAMILIES) or 'none'}")


def variants(name: str) -> list[Variant]:
    """The presets of a family, default first."""
    return list(family(name).presets)


_SPEC = re.compile(r"^\s*([A-Za-z][\w-]*)\s*(?:\((.*)\))?\s*$", re.S)


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split ``family(k=v,...)`` into the family name and the option strings.

    A comma-separated piece without ``=`` continues the previous value, so list options read
    naturally: ``hearts(pass_cycle=left,right,hold,players=5)``.
    """
    match = _SPEC.match(spec)
    if not match:
        raise UnknownGameError(
            f"cannot read game {spec!r}: expected a name such as 'hearts' or "
            "'hearts(variant=omnibus,players=5)'"
        )
    name, body = match.group(1), match.group(2)
    opts: dict[str, str] = {}
    last: str | None = None
    for piece in (body or "").split(","):
        if not piece.strip():
            continue
        if "=" in piece:
            key, value = piece.split("=", 1)
            last = key.strip().replace("-", "_")
            if not last:
                raise InvalidOptionError(f"option without a name in {spec!r}")
            opts[last] = value.strip()
        elif last is None:
            raise InvalidOptionError(
                f"cannot read {piece.strip()!r} in {spec!r}: options are written name=value"
            )
        else:
            opts[last] += "," + piece.strip()
    return name, opts


def load(spec: str, **options: Any) -> Game[Any]:
    """A game from a family name or game string, with options by keyword.

    >>> import hoyle
    >>> hoyle.load("hearts", players=5).num_players
    5
    """
    name, string_opts = parse_spec(spec)
    fam = family(name)
    merged: dict[str, Any] = dict(string_opts)
    merged.update({k.replace("-", "_"): v for k, v in options.items()})
    variant_name = merged.pop("variant", None)
    preset = fam.default_variant if variant_name is None else fam.find_variant(str(variant_name))
    infos = {info.name: info for info in fam.options()}
    given: dict[str, Any] = {}
    for key, value in merged.items():
        info, negated = _option_named(fam, infos, key)
        typed = coerce(info, value, fam.name)
        if negated:
            typed = not typed
        if info.name in given and given[info.name] != typed:
            raise InvalidOptionError(
                f"{fam.name} option {info.name!r} given twice with different values "
                f"({key}={value!r} disagrees); give it once"
            )
        given[info.name] = typed
    players = given.get("players", preset.options.get("players"))
    if players is None and "players" in infos:
        players = infos["players"].default
    values = preset.options_for(players)
    values.update(given)
    try:
        rules = fam.rules_type(**values)
    except TypeError as exc:  # pragma: no cover - a preset naming a missing field
        raise InvalidOptionError(str(exc)) from None
    players = getattr(rules, "players", None)
    if preset.players is not None and players is not None:
        low, high = preset.players
        if not low <= players <= high:
            raise InvalidOptionError(
                f"{fam.name} variant {preset.name} is for {low}…{high} players, not {players}"
            )
    if preset.tables is not None and players is not None and players not in preset.tables:
        sizes = " or ".join(str(size) for size in preset.tables)
        raise InvalidOptionError(
            f"{fam.name} variant {preset.name} is for {sizes} players, not {players}"
        )
    return fam.make_game(rules, preset.name)


def _option_named(fam: Family, infos: dict[str, OptionInfo], key: str) -> tuple[OptionInfo, bool]:
    """The option ``key`` names (its own name, an alias or a negation) and whether negated."""
    if key in infos:
        return infos[key], False
    for info in infos.values():
        if key in info.aliases:
            return info, False
        if key in info.negations:
            return info, True
    listing = "; ".join(f"{i.name} ({i.allowed})" for i in infos.values())
    raise InvalidOptionError(f"unknown {fam.name} option {key!r}; options: variant, {listing}")


def canonical_spec(game: Game[Any]) -> str:
    """The shortest game string that loads an equal game."""
    fam = family(game.family)
    preset = fam.find_variant(game.variant)
    parts = []
    if preset is not fam.default_variant:
        parts.append(f"variant={preset.name}")
    base = fam.rules_type(**preset.options_for(getattr(game.rules, "players", None)))
    for f in dataclasses.fields(game.rules):
        value = getattr(game.rules, f.name)
        if value != getattr(base, f.name):
            parts.append(f"{f.name}={format_value(value)}")
    return fam.name + (f"({','.join(parts)})" if parts else "")


class Agent(Protocol):
    """A player: given a state where it is to act, it returns a legal action."""

    def step(self, state: State) -> int:
        """The action this agent plays in ``state``."""
        ...


AgentFactory = Callable[[Game[Any], int | None], Agent]
SearchFactory = Callable[[Game[Any], int | None, Budget | None], Agent]
"""A searching agent's factory: ``None`` for the budget means the level's own default."""
_AGENTS: dict[tuple[str | None, str], AgentFactory] = {}
_SEARCHERS: dict[tuple[str | None, str], SearchFactory] = {}


def register_agent(name: str, factory: AgentFactory, *, family: str | None = None) -> None:
    """Register an agent level; with ``family`` it is that family's own (e.g. its heuristic)."""
    _AGENTS[(family, name)] = factory


def register_search_agent(name: str, factory: SearchFactory, *, family: str | None = None) -> None:
    """Register an agent that searches and so takes a budget (seconds, simulations)."""
    _SEARCHERS[(family, name)] = factory


def agent_names(game: Game[Any]) -> list[str]:
    """The agent names that can play ``game``."""
    names = [n for (fam, n) in [*_AGENTS, *_SEARCHERS] if fam is None or fam == game.family]
    return sorted(set(names))


def takes_budget(name: str, game: Game[Any]) -> bool:
    """Whether the agent ``name`` searches (and so takes seconds or simulations) in ``game``."""
    name = parse_agent_spec(name)[0]
    own = (game.family, name)
    if own in _AGENTS or own in _SEARCHERS:
        return own in _SEARCHERS
    return (None, name) in _SEARCHERS


ENDINGS = ("solve", "play")
"""The values of an agent word's ``endings``: where the family has an ending solver, search
uses it (``solve``, the default) or plays its worlds out to the end (``play``, for
measuring what the solver is worth)."""


def parse_agent_spec(text: str) -> tuple[str, dict[str, Any]]:
    """``"expert(seconds=0.05)"`` → ``("expert", {"seconds": 0.05})``: a level and its budget.

    Commands take agents as words, so a budget rides in the word: ``seconds`` (a float) and
    ``simulations`` (an int), comma-separated in brackets; and ``endings`` (``solve`` or
    ``play``, see :data:`ENDINGS`).
    """
    match = re.fullmatch(r"\s*([\w-]+)\s*(?:\((.*)\))?\s*", text)
    if match is None:
        raise InvalidOptionError(
            f"bad agent {text!r}: write a name, or a name with a budget such as "
            "expert(seconds=0.5) or hard(simulations=400)"
        )
    name, inside = match.group(1), match.group(2)
    given: dict[str, Any] = {}
    for part in (inside or "").split(","):
        if not part.strip():
            continue
        key, _, value = (p.strip() for p in part.partition("="))
        if key == "endings":
            if value not in ENDINGS:
                raise InvalidOptionError(
                    f"bad agent {text!r}: endings={value!r}; use endings=solve or endings=play"
                )
            given[key] = value
            continue
        if key not in ("seconds", "simulations"):
            raise InvalidOptionError(
                f"bad agent {text!r}: {key!r} is not a budget; use seconds=S or simulations=N"
                " (or endings=solve|play)"
            )
        try:
            given[key] = float(value) if key == "seconds" else int(value)
        except ValueError:
            raise InvalidOptionError(
                f"bad agent {text!r}: {key}={value!r} is not a number"
            ) from None
    return name, given


def split_agents(text: str) -> list[str]:
    """``"expert(seconds=1,simulations=9),easy"`` → the two agent words (commas in brackets
    belong to the budget)."""
    words, depth, start = [], 0, 0
    for i, char in enumerate(text):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char == "," and depth == 0:
            words.append(text[start:i].strip())
            start = i + 1
    words.append(text[start:].strip())
    return [w for w in words if w]


def make_agent(
    name: str,
    game: Game[Any],
    seed: int | None = None,
    *,
    seconds: float | None = None,
    simulations: int | None = None,
) -> Agent:
    """An agent by name for ``game``: the family's own first, then a generic one.

    The name may carry a budget, ``expert(seconds=0.5)`` (see :func:`parse_agent_spec`).
    ``seconds`` and ``simulations`` set a searching agent's budget per move (whichever ends
    first); without them it thinks as its level says. Agents that do not search refuse them.
    ``endings=play`` makes a searching agent play its worlds out where it would solve them.
    """
    name, given = parse_agent_spec(name)
    seconds = given.get("seconds", seconds)
    simulations = given.get("simulations", simulations)
    budget = None
    if seconds is not None or simulations is not None:
        budget = Budget(simulations=simulations, seconds=seconds)
    for key in ((game.family, name), (None, name)):
        if key in _SEARCHERS:
            agent = _SEARCHERS[key](game, seed, budget)
            if given.get("endings") == "play":
                playout = getattr(agent, "playout", None)
                if playout is None:
                    raise InvalidOptionError(
                        f"agent {name!r} plays no worlds out, so endings=play does not apply"
                    )
                playout.solve = None
            return agent
        if key in _AGENTS:
            if budget is not None or "endings" in given:
                searchers = [n for n in agent_names(game) if takes_budget(n, game)]
                raise InvalidOptionError(
                    f"agent {name!r} does not search, so it takes no seconds, simulations or "
                    f"endings; searching agents: {', '.join(searchers)}"
                )
            return _AGENTS[key](game, seed)
    raise UnknownGameError(
        f"unknown agent {name!r} for {game.family}; agents: {', '.join(agent_names(game))}"
    )
