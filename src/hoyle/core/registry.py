"""The registries: families with their presets, and agents.

Each family's wing registers itself with one :func:`register_family` call carrying its
:class:`Family` record; the generic agents (:mod:`hoyle.agents`) register by name.

``load("hearts(variant=omnibus,players=5)")`` and ``load("hearts", variant="omnibus", players=5)``
give equal games. The canonical spec lists the variant when it is not the family default, then
every option whose value differs from the preset's, in declaration order.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from hoyle.core.budget import Budget
from hoyle.core.errors import InvalidOptionError, UnknownGameError
from hoyle.core.hooks import SearchHooks
from hoyle.core.options import OptionInfo, coerce, format_value, option_infos
from hoyle.core.protocol import Game, State
from hoyle.i18n import _

__all__ = [
    "ENDINGS",
    "Agent",
    "Family",
    "Variant",
    "Views",
    "canonical_spec",
    "families",
    "family",
    "game_title",
    "load",
    "make_agent",
    "parse_agent_spec",
    "parse_spec",
    "register_agent",
    "register_family",
    "register_search_agent",
    "split_agents",
    "takes_budget",
    "unregister_family",
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
        title: its name for a player (``Black Maria``); by default made from ``name``.
        family: set when the preset is another family's game kept under this family's name
            for old game strings (``ecarte(variant=bourre)`` is the ``bourre`` family's game):
            loading it loads that family, with that family's options.
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
    title: str = ""
    family: str | None = None

    @property
    def display(self) -> str:
        """Its name for a player: ``title``, or ``name`` in words (``original-1887`` →
        ``Original 1887``)."""
        return self.title or " ".join(w[:1].upper() + w[1:] for w in self.name.split("-"))

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
            "title": self.display,
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
            **({"family": self.family} if self.family else {}),
        }


@dataclass(frozen=True)
class Views:
    """How the surfaces draw a family's table, by view name (each surface maps its names to
    its own code; a family without a view of its own uses the trick-taking one).

    Attributes:
        terminal: the terminal game's view, a module of :mod:`hoyle.tui` (``trick``,
            ``spite_malice``, ``ecarte``, ``bourre``).
        web: the card room's table (``trick``; ``piles`` for Spite and Malice; ``exchange``
            for the games with a turn-up and a draw, Écarté and Bourré).
    """

    terminal: str = "trick"
    web: str = "trick"


class Agent(Protocol):
    """A player: given a state where it is to act, it returns a legal action."""

    def step(self, state: State) -> int:
        """The action this agent plays in ``state``."""
        ...


AgentFactory = Callable[[Game[Any], int | None], Agent]
SearchFactory = Callable[[Game[Any], int | None, Budget | None], Agent]
"""A searching agent's factory: ``None`` for the budget means the level's own default."""


@dataclass(frozen=True)
class Family:
    """A family of games, as its wing registers it with one :func:`register_family` call.

    Everything the rest of hoyle needs of a family is here, so no surface, adapter or agent
    imports a family's modules or branches on its name.

    Attributes:
        name: the family's name in game strings (``all-fours``).
        title: its name for a player (``All Fours``).
        rules_type: the frozen dataclass of its rule options.
        make_game: ``make_game(rules, variant name)`` → the game.
        presets: its variants, the default first.
        aliases: other names accepted for it.
        explain: the rules in force in plain words, from a rules value (``hoyle rules``).
        encoder: ``encoder(game)`` → its observation-tensor encoder
            (:mod:`hoyle.core.encoding`), or ``None``.
        search: what it tells the search agents (:class:`~hoyle.core.hooks.SearchHooks`).
        agents: its own players that do not search, by level name (``easy``).
        searchers: its own players that search and so take a budget, by name.
        views: how the terminal and the web room draw its table.

    A hand-set position is ``game.deal_state(hands, ...)`` in every family (see
    :meth:`hoyle.core.protocol.Game.deal_state`).
    """

    name: str
    title: str
    rules_type: type
    make_game: Callable[[Any, str], Game[Any]]
    presets: tuple[Variant, ...]
    aliases: tuple[str, ...] = ()
    explain: Callable[[Any], list[str]] | None = None
    encoder: Callable[[Game[Any]], Any] | None = None
    search: SearchHooks = field(default_factory=SearchHooks)
    agents: Mapping[str, AgentFactory] = field(default_factory=dict)
    searchers: Mapping[str, SearchFactory] = field(default_factory=dict)
    views: Views = field(default_factory=Views)

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
        raise UnknownGameError(
            _("unknown {family} variant {name!r}; variants: {names}").format(
                family=self.name, name=name, names=names
            )
        )


_FAMILIES: dict[str, Family] = {}


def _key(name: str) -> str:
    return re.sub(r"[\s_]+", "-", name.strip().lower())


def register_family(fam: Family) -> None:
    """Add a family to the registry: the one call each family's package makes.

    Registering a family of the same name again replaces it.
    """
    if not fam.presets:
        raise ValueError(f"family {fam.name!r} has no presets")
    _FAMILIES[fam.name] = fam


def unregister_family(name: str) -> None:
    """Take a family out of the registry (for a family registered by a test)."""
    _FAMILIES.pop(family(name).name)


def game_title(game: Game[Any]) -> str:
    """A player's name for ``game``: ``Hearts — Black Maria``; the family's title alone for
    its ``standard`` preset (``Écarté``)."""
    fam = family(game.family)
    preset = fam.find_variant(game.variant)
    if preset.name == "standard":
        return fam.title
    return f"{fam.title} — {preset.display}"


def families() -> list[str]:
    """Names of the registered families."""
    return list(_FAMILIES)


def family(name: str) -> Family:
    """The registered family called ``name`` (or an alias)."""
    key = _key(name)
    for fam in _FAMILIES.values():
        if key == fam.name or key in (_key(a) for a in fam.aliases):
            return fam
    games = ", ".join(_FAMILIES) or _("none")
    raise UnknownGameError(
        _("unknown game {name!r}; games: {games}").format(name=name, games=games)
    )


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
            _(
                "cannot read game {spec!r}: expected a name such as 'hearts' or "
                "'hearts(variant=omnibus,players=5)'"
            ).format(spec=spec)
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
                raise InvalidOptionError(_("option without a name in {spec!r}").format(spec=spec))
            opts[last] = value.strip()
        elif last is None:
            raise InvalidOptionError(
                _("cannot read {piece!r} in {spec!r}: options are written name=value").format(
                    piece=piece.strip(), spec=spec
                )
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
    if preset.family is not None:  # another family's game under this one's name
        target = family(preset.family)
        same = [p.name for p in target.presets if _key(p.name) == _key(preset.name)]
        return load(target.name, **({"variant": same[0]} if same else {}), **merged)
    infos = {info.name: info for info in fam.options()}
    given: dict[str, Any] = {}
    for key, value in merged.items():
        info, negated = _option_named(fam, infos, key)
        typed = coerce(info, value, fam.name)
        if negated:
            typed = not typed
        if info.name in given and given[info.name] != typed:
            raise InvalidOptionError(
                _(
                    "{family} option {name!r} given twice with different values "
                    "({key}={value!r} disagrees); give it once"
                ).format(family=fam.name, name=info.name, key=key, value=value)
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
                _("{family} variant {variant} is for {low}…{high} players, not {players}").format(
                    family=fam.name, variant=preset.name, low=low, high=high, players=players
                )
            )
    if preset.tables is not None and players is not None and players not in preset.tables:
        sizes = functools.reduce(
            lambda a, b: _("{a} or {b}").format(a=a, b=b), (str(n) for n in preset.tables)
        )
        raise InvalidOptionError(
            _("{family} variant {variant} is for {sizes} players, not {players}").format(
                family=fam.name, variant=preset.name, sizes=sizes, players=players
            )
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
    owners = [
        other
        for other in _FAMILIES.values()
        if other.name != fam.name
        and any(key == i.name or key in i.aliases or key in i.negations for i in other.options())
    ]
    if owners:
        whose = functools.reduce(
            lambda a, b: _("{a} and {b}").format(a=a, b=b),
            (f"{_(o.title)} ({o.name})" for o in owners),
        )
        names = ", ".join(i.name for i in infos.values())
        raise InvalidOptionError(
            _(
                "{key!r} is an option of {whose}, not of {title} ({family}); "
                "{family} options: variant, {names}"
            ).format(key=key, whose=whose, title=_(fam.title), family=fam.name, names=names)
        )
    listing = "; ".join(f"{i.name} ({i.allowed})" for i in infos.values())
    raise InvalidOptionError(
        _("unknown {family} option {key!r}; options: variant, {listing}").format(
            family=fam.name, key=key, listing=listing
        )
    )


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


_AGENTS: dict[tuple[str | None, str], AgentFactory] = {}
_SEARCHERS: dict[tuple[str | None, str], SearchFactory] = {}


def register_agent(name: str, factory: AgentFactory, *, family: str | None = None) -> None:
    """Register a generic agent (one that knows only the protocol); with ``family`` it plays
    only that family's games. A family's own players are in its :class:`Family` record."""
    _AGENTS[(family, name)] = factory


def register_search_agent(name: str, factory: SearchFactory, *, family: str | None = None) -> None:
    """Register an agent that searches and so takes a budget (seconds, simulations)."""
    _SEARCHERS[(family, name)] = factory


def _factories(game: Game[Any]) -> tuple[dict[str, AgentFactory], dict[str, SearchFactory]]:
    """The agents that can play ``game`` by name, the family's own overriding generic ones:
    (those that do not search, those that do)."""
    plain = {n: f for (fam, n), f in _AGENTS.items() if fam is None or fam == game.family}
    searching = {n: f for (fam, n), f in _SEARCHERS.items() if fam is None or fam == game.family}
    record = family(game.family)
    for name, factory in record.agents.items():
        searching.pop(name, None)
        plain[name] = factory
    for name, search_factory in record.searchers.items():
        plain.pop(name, None)
        searching[name] = search_factory
    return plain, searching


def agent_names(game: Game[Any]) -> list[str]:
    """The agent names that can play ``game``."""
    plain, searching = _factories(game)
    return sorted({*plain, *searching})


def takes_budget(name: str, game: Game[Any]) -> bool:
    """Whether the agent ``name`` searches (and so takes seconds or simulations) in ``game``."""
    return parse_agent_spec(name)[0] in _factories(game)[1]


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
            _(
                "bad agent {text!r}: write a name, or a name with a budget such as "
                "expert(seconds=0.5) or hard(simulations=400)"
            ).format(text=text)
        )
    name, inside = match.group(1), match.group(2)
    given: dict[str, Any] = {}
    for part in (inside or "").split(","):
        if not part.strip():
            continue
        key, _sep, value = (p.strip() for p in part.partition("="))
        if key == "endings":
            if value not in ENDINGS:
                raise InvalidOptionError(
                    _(
                        "bad agent {text!r}: endings={value!r}; use endings=solve or endings=play"
                    ).format(text=text, value=value)
                )
            given[key] = value
            continue
        if key not in ("seconds", "simulations"):
            raise InvalidOptionError(
                _(
                    "bad agent {text!r}: {key!r} is not a budget; use seconds=S or simulations=N"
                    " (or endings=solve|play)"
                ).format(text=text, key=key)
            )
        try:
            given[key] = float(value) if key == "seconds" else int(value)
        except ValueError:
            raise InvalidOptionError(
                _("bad agent {text!r}: {key}={value!r} is not a number").format(
                    text=text, key=key, value=value
                )
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
    plain, searching = _factories(game)
    if name in searching:
        agent = searching[name](game, seed, budget)
        if given.get("endings") == "play":
            playout = getattr(agent, "playout", None)
            if playout is None:
                raise InvalidOptionError(
                    _("agent {name!r} plays no worlds out, so endings=play does not apply").format(
                        name=name
                    )
                )
            playout.solve = None
        return agent
    if name in plain:
        if budget is not None or "endings" in given:
            raise InvalidOptionError(
                _(
                    "agent {name!r} does not search, so it takes no seconds, simulations or "
                    "endings; searching agents: {agents}"
                ).format(name=name, agents=", ".join(sorted(searching)))
            )
        return plain[name](game, seed)
    raise UnknownGameError(
        _("unknown agent {name!r} for {family}; agents: {agents}").format(
            name=name, family=game.family, agents=", ".join(agent_names(game))
        )
    )
