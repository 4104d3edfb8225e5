"""Ratings: a skill estimate per player and family, updated after each rated game.

Each rating is a belief about a player's skill: a mean ``mu`` and an uncertainty ``sigma``
(Weng and Lin's Bayesian rating for games of any number of players and teams, the Plackett-Luce
model of the ``openskill`` package). A finished game gives the order its sides finished in
(ties grouped; partners form one side); every player's belief moves by how surprising that
order was: a win over stronger players lifts ``mu`` more, and each game shrinks ``sigma``.

The number a player reads is the *ordinal*, ``mu - 3 sigma``, a cautious estimate that a newcomer
cannot top with one lucky game; :attr:`Rating.display` puts it on a friendlier scale (a
newcomer shows 1000).

Bots are players too, named ``bot:<level>`` (``bot:expert``): every bot of that level shares
one rating. Seeded from an arena match between the levels (:meth:`Leaderboard.seed_bots`) and
held fixed as *anchors*, they give a newcomer's first games against them a meaning.

Everything here is deterministic and pure (an update returns new values) except the
:class:`Leaderboard`, which keeps one family's ratings and turns to JSON and back exactly.

>>> board = Leaderboard("hearts")
>>> outcome = GameOutcome.from_ranking("hearts", ["Ana", "Ben", "bot:easy", "bot:easy"],
...                                    [[0], [2, 3], [1]])
>>> changes = board.apply(outcome)
>>> changes["Ana"][1].mu > 25.0 > changes["Ben"][1].mu
True
>>> [s.name for s in board.standings()]
['Ana', 'bot:easy', 'Ben']
>>> Leaderboard.loads(board.dumps()) == board
True
"""

from __future__ import annotations

import json
import math
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from openskill.models import PlackettLuce

from hoyle.club.sides import best_first, order_sides, side_order, sides_from_observation, teams_of
from hoyle.core.errors import HoyleError
from hoyle.core.protocol import Game, State
from hoyle.i18n import _

if TYPE_CHECKING:
    from hoyle.arena.results import GameResult, MatchResult
    from hoyle.records import Record

__all__ = [
    "BOT_PREFIX",
    "DEFAULT_MODEL",
    "DISPLAY_BASE",
    "DISPLAY_SCALE",
    "FORMAT",
    "GameOutcome",
    "Leaderboard",
    "Model",
    "Rating",
    "RatingError",
    "Standing",
    "bot_level",
    "bot_name",
    "is_bot",
    "outcome_from_record",
    "outcome_from_result",
    "outcome_from_state",
    "update",
]

BOT_PREFIX = "bot:"
"""What a bot's player name starts with: ``bot:easy``, ``bot:expert``."""
DISPLAY_BASE = 1000
"""The displayed rating of a newcomer (ordinal 0)."""
DISPLAY_SCALE = 40
"""Display points per point of ordinal."""
FORMAT = 1
"""The version of a leaderboard's JSON form."""


class RatingError(HoyleError):
    """A game or a leaderboard that cannot be rated or read as given."""


def bot_name(level: str) -> str:
    """The player name of a bot of this level.

    >>> bot_name("expert")
    'bot:expert'
    """
    return BOT_PREFIX + level


def is_bot(name: str) -> bool:
    """Whether a player name is a bot's (``bot:…``)."""
    return name.startswith(BOT_PREFIX)


def bot_level(name: str) -> str | None:
    """The level of a bot's player name (``bot:hard`` → ``hard``), ``None`` for a person."""
    return name[len(BOT_PREFIX) :] if is_bot(name) else None


@dataclass(frozen=True)
class Rating:
    """One player's rating in one family.

    Attributes:
        mu: the mean of the belief about the player's skill.
        sigma: its standard deviation: how unsure the belief still is.
        games: the rated games it is based on.
    """

    mu: float = 25.0
    sigma: float = 25.0 / 3.0
    games: int = 0

    @property
    def ordinal(self) -> float:
        """The cautious estimate ``mu - 3 sigma``: what a leaderboard sorts by.

        >>> Rating().ordinal
        0.0
        """
        return self.mu - 3.0 * self.sigma

    @property
    def display(self) -> int:
        """The ordinal on the scale players read: ``1000 + 40 × ordinal``, rounded.

        >>> Rating().display, Rating(mu=30.0, sigma=2.0).display
        (1000, 1960)
        """
        return round(DISPLAY_BASE + DISPLAY_SCALE * self.ordinal)

    def to_dict(self) -> dict[str, Any]:
        """``{"mu", "sigma", "games"}`` (floats round-trip exactly through JSON)."""
        return {"mu": self.mu, "sigma": self.sigma, "games": self.games}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rating:
        """The rating :meth:`to_dict` gave."""
        mu, sigma, games = float(data["mu"]), float(data["sigma"]), int(data["games"])
        if not (math.isfinite(mu) and math.isfinite(sigma) and sigma > 0 and games >= 0):
            raise RatingError(
                _(
                    "a rating needs a finite mu, a positive sigma and a count of games: {data}"
                ).format(data=dict(data))
            )
        return cls(mu, sigma, games)


@dataclass(frozen=True)
class Model:
    """The rating model's settings (the Plackett-Luce model's; its defaults).

    Attributes:
        mu: a newcomer's mean.
        sigma: a newcomer's uncertainty.
        beta: the spread of one game's performance around the skill: the luck of the cards.
        tau: added to each player's uncertainty before each game, so that a rating keeps
            following a player who improves.
    """

    mu: float = 25.0
    sigma: float = 25.0 / 3.0
    beta: float = 25.0 / 6.0
    tau: float = 25.0 / 300.0

    def new_rating(self) -> Rating:
        """A newcomer's rating."""
        return Rating(self.mu, self.sigma, 0)

    def engine(self) -> PlackettLuce:
        """The ``openskill`` model with these settings."""
        return PlackettLuce(mu=self.mu, sigma=self.sigma, beta=self.beta, tau=self.tau)

    def to_dict(self) -> dict[str, float]:
        """The settings as JSON-ready data."""
        return {"mu": self.mu, "sigma": self.sigma, "beta": self.beta, "tau": self.tau}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Model:
        """The model :meth:`to_dict` gave."""
        return cls(*(float(data[k]) for k in ("mu", "sigma", "beta", "tau")))


DEFAULT_MODEL = Model()
"""The model a leaderboard uses unless told otherwise."""


@dataclass(frozen=True)
class GameOutcome:
    """What a finished game tells the ratings: who sat where, the sides, the order they
    finished in.

    Attributes:
        family: the family the game belongs to (a leaderboard rates one family).
        players: the player name in each seat (a bot: ``bot:<level>``); one player may hold
            several seats (three bots of one level).
        sides: the seats of each side: partners together, else each seat alone.
        order: the sides best first, ties grouped, as indices into ``sides``.
        rated: whether the game counts (a host may set a table unrated).
        game: the game string, for the record (not used to rate).
    """

    family: str
    players: tuple[str, ...]
    sides: tuple[tuple[int, ...], ...]
    order: tuple[tuple[int, ...], ...]
    rated: bool = True
    game: str = ""

    def __post_init__(self) -> None:
        n = len(self.players)
        seats = sorted(s for side in self.sides for s in side)
        placed = sorted(i for group in self.order for i in group)
        if (
            n < 2
            or any(not name.strip() for name in self.players)
            or seats != list(range(n))
            or placed != list(range(len(self.sides)))
            or any(not group for group in self.order)
        ):
            raise RatingError(
                _(
                    "a game's outcome needs a name for each of two or more seats, sides that "
                    "hold every seat once, and an order that places every side once"
                )
            )

    @classmethod
    def from_ranking(
        cls,
        family: str,
        players: Sequence[str],
        ranking: Sequence[Sequence[int]],
        sides: Sequence[Sequence[int]] | None = None,
        *,
        rated: bool = True,
        game: str = "",
    ) -> GameOutcome:
        """An outcome from seats best first, ties grouped (the observation's ``ranking``).

        With ``sides``, a side is placed where its best seat is.

        >>> GameOutcome.from_ranking("hearts", "ABCD", [[1], [0, 3], [2]]).ranks
        (1, 0, 2, 1)
        """
        sides_t = (
            tuple(tuple(s) for s in sides) if sides else tuple((s,) for s in range(len(players)))
        )
        group_of = {seat: g for g, seats in enumerate(ranking) for seat in seats}
        try:
            keys = [(-float(min(group_of[s] for s in side)),) for side in sides_t]
        except KeyError:
            raise RatingError(
                _("the ranking {ranking} does not place every seat").format(ranking=list(ranking))
            ) from None
        order = best_first(keys)
        return cls(
            family,
            tuple(players),
            sides_t,
            tuple(tuple(g) for g in order),
            rated=rated,
            game=game,
        )

    @property
    def ranks(self) -> tuple[int, ...]:
        """Each side's place from 0 (best); tied sides share a place."""
        out = [0] * len(self.sides)
        for place, group in enumerate(self.order):
            for index in group:
                out[index] = place
        return tuple(out)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready fields."""
        return {
            "family": self.family,
            "game": self.game,
            "players": list(self.players),
            "sides": [list(s) for s in self.sides],
            "order": [list(g) for g in self.order],
            "rated": self.rated,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameOutcome:
        """The outcome :meth:`to_dict` gave."""
        return cls(
            str(data["family"]),
            tuple(str(p) for p in data["players"]),
            tuple(tuple(int(s) for s in side) for side in data["sides"]),
            tuple(tuple(int(i) for i in group) for group in data["order"]),
            rated=bool(data.get("rated", True)),
            game=str(data.get("game", "")),
        )


def outcome_from_state(state: State, players: Sequence[str], *, rated: bool = True) -> GameOutcome:
    """The outcome of a finished game, from the game's own ``ranking`` and sides (see
    :func:`~hoyle.club.sides.side_order`: partners of a single deal add up)."""
    if not state.is_terminal():
        raise RatingError(_("only a finished game can be rated"))
    if len(players) != state.game.num_players:
        raise RatingError(
            _("{count} player names for a game of {seats} seats").format(
                count=len(players), seats=state.game.num_players
            )
        )
    sides = sides_from_observation(state.observation(None), state.game.num_players)
    order = side_order(state)
    return GameOutcome(
        state.game.family,
        tuple(players),
        sides,
        tuple(tuple(g) for g in order),
        rated=rated,
        game=state.game.spec,
    )


def outcome_from_record(
    record: Record, *, players: Sequence[str] | None = None, rated: bool = True
) -> GameOutcome:
    """The outcome of a recorded game (replayed); the players are the record's ``Seats``
    unless given."""
    from hoyle.records import replay

    names = list(players) if players is not None else record.seats
    return outcome_from_state(replay(record), names, rated=rated)


def outcome_from_result(
    game: Game[Any], result: GameResult, *, prefix: str = BOT_PREFIX
) -> GameOutcome:
    """The outcome of an arena game (:class:`~hoyle.arena.results.GameResult`), its agents
    named ``prefix + name`` (``bot:easy``): sides by the game's rules, ordered by return then
    score, as the game ranks them."""
    sides = teams_of(game)
    order = order_sides(
        sides, result.returns, result.scores, penalties=game.info.scores_are_penalties
    )
    return GameOutcome(
        game.family,
        tuple(prefix + name for name in result.seats),
        sides,
        tuple(tuple(g) for g in order),
        game=game.spec,
    )


def update(
    ratings: Mapping[str, Rating],
    outcome: GameOutcome,
    *,
    model: Model = DEFAULT_MODEL,
    fixed: Collection[str] = (),
) -> dict[str, Rating]:
    """The new ratings of the game's players after ``outcome`` (a player not in ``ratings``
    starts as a newcomer). The others are not returned; nothing is changed in place.

    A player holding several seats (three bots of one level) moves by the mean of its seats'
    changes, so that the game counts once. Players in ``fixed`` (anchors) count the game but
    keep their mu and sigma. A game between fewer than two distinct players teaches nothing:
    ``{}``.

    >>> new = update({}, GameOutcome.from_ranking("hearts", "ABCD", [[0], [1, 2], [3]]))
    >>> [round(new[p].mu, 2) for p in "ABCD"]
    [27.8, 24.69, 24.69, 22.83]
    """
    names = list(dict.fromkeys(outcome.players))
    if len(names) < 2:
        return {}
    before = {name: ratings.get(name, model.new_rating()) for name in names}
    engine = model.engine()
    teams = [
        [
            engine.rating(mu=before[outcome.players[s]].mu, sigma=before[outcome.players[s]].sigma)
            for s in side
        ]
        for side in outcome.sides
    ]
    rated = engine.rate(teams, ranks=[float(r) for r in outcome.ranks])
    moved: dict[str, list[tuple[float, float]]] = {name: [] for name in names}
    for side, team in zip(outcome.sides, rated, strict=True):
        for seat, new in zip(side, team, strict=True):
            moved[outcome.players[seat]].append((float(new.mu), float(new.sigma)))
    after = {}
    for name in names:
        old = before[name]
        if name in fixed:
            after[name] = Rating(old.mu, old.sigma, old.games + 1)
        else:
            mus, sigmas = zip(*moved[name], strict=True)
            after[name] = Rating(
                math.fsum(mus) / len(mus), math.fsum(sigmas) / len(sigmas), old.games + 1
            )
    return after


@dataclass(frozen=True)
class Standing:
    """One line of a leaderboard.

    Attributes:
        place: from 1; players with the same ordinal share a place.
        name: the player's name (a bot: ``bot:<level>``).
        rating: the rating.
        bot: whether the player is a bot.
        anchor: whether the rating is held fixed.
    """

    place: int
    name: str
    rating: Rating
    bot: bool
    anchor: bool = False

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready fields, the displayed rating and the ordinal included."""
        return {
            "place": self.place,
            "name": self.name,
            "display": self.rating.display,
            "ordinal": self.rating.ordinal,
            **self.rating.to_dict(),
            "bot": self.bot,
            "anchor": self.anchor,
        }


@dataclass(eq=True)
class Leaderboard:
    """One family's ratings: every player who played a rated game of it, bots included.

    Attributes:
        family: the family rated (``hearts``); games of another family are refused.
        model: the rating model's settings.
        ratings: the rating of each player by name.
        anchors: players whose ratings stay fixed (bots seeded from the arena).
        games: the rated games applied.
    """

    family: str
    model: Model = DEFAULT_MODEL
    ratings: dict[str, Rating] = field(default_factory=dict)
    anchors: set[str] = field(default_factory=set)
    games: int = 0

    def rating(self, name: str) -> Rating:
        """The player's rating (a newcomer's when the player has none yet)."""
        return self.ratings.get(name, self.model.new_rating())

    def apply(self, outcome: GameOutcome) -> dict[str, tuple[Rating, Rating]]:
        """Rate one finished game: each player's rating before and after. An unrated game
        changes nothing and gives ``{}``."""
        if outcome.family != self.family:
            raise RatingError(
                _("a game of {family} cannot be rated on the {board} leaderboard").format(
                    family=outcome.family, board=self.family
                )
            )
        if not outcome.rated:
            return {}
        after = update(self.ratings, outcome, model=self.model, fixed=self.anchors)
        if not after:
            return {}
        changes = {name: (self.rating(name), new) for name, new in after.items()}
        self.ratings.update(after)
        self.games += 1
        return changes

    def apply_all(self, outcomes: Iterable[GameOutcome]) -> int:
        """Rate games in order; how many counted."""
        before = self.games
        for outcome in outcomes:
            self.apply(outcome)
        return self.games - before

    def standings(self, *, bots: bool = True, min_games: int = 0) -> list[Standing]:
        """The players best first by ordinal (then mu, then name), with their places;
        without the bots when ``bots`` is false, and only those with ``min_games`` games."""
        chosen = [
            (name, rating)
            for name, rating in self.ratings.items()
            if rating.games >= min_games and (bots or not is_bot(name))
        ]
        chosen.sort(key=lambda item: (-item[1].ordinal, -item[1].mu, item[0]))
        out: list[Standing] = []
        for index, (name, rating) in enumerate(chosen):
            same = out and out[-1].rating.ordinal == rating.ordinal
            place = out[-1].place if same else index + 1
            out.append(Standing(place, name, rating, is_bot(name), name in self.anchors))
        return out

    def win_chances(self, players: Sequence[str]) -> list[float]:
        """Each player's chance of finishing first at a table of these players (alone), as
        the ratings predict; they add up to 1."""
        if len(players) < 2:
            return [1.0] * len(players)
        engine = self.model.engine()
        teams = [[engine.rating(mu=self.rating(p).mu, sigma=self.rating(p).sigma)] for p in players]
        return [float(p) for p in engine.predict_win(teams)]

    def nearest_bots(self, name: str, count: int = 3) -> list[str]:
        """The rated bots closest in skill (mu) to the player, closest first: opponents
        for a fair game, or a newcomer's first table."""
        mu = self.rating(name).mu
        bots = [b for b in self.ratings if is_bot(b) and b != name]
        bots.sort(key=lambda b: (abs(self.ratings[b].mu - mu), b))
        return bots[:count]

    def seed_from_match(self, result: MatchResult, *, anchor: bool = True) -> int:
        """Rate an arena match's games between bot levels (in order of deal and rotation);
        with ``anchor`` the bots' ratings are then held fixed. The number of games rated."""
        from hoyle.core.registry import load

        game = load(result.game)
        if game.family != self.family:
            raise RatingError(
                _("a game of {family} cannot be rated on the {board} leaderboard").format(
                    family=game.family, board=self.family
                )
            )
        held, self.anchors = self.anchors, set()
        try:
            count = self.apply_all(outcome_from_result(game, g) for g in result.games)
        finally:
            self.anchors = held
        if anchor:
            self.anchors.update(bot_name(name) for name in result.lineup)
        return count

    def seed_bots(
        self,
        game: Game[Any] | str,
        levels: Sequence[str],
        deals: int,
        *,
        seed: int = 0,
        anchor: bool = True,
    ) -> MatchResult:
        """Play a duplicate arena match between bot levels and rate its games (see
        :meth:`seed_from_match`); the match, for its own statistics."""
        from hoyle.arena.matches import match

        result = match(game, list(levels), deals, duplicate=True, seed=seed)
        self.seed_from_match(result, anchor=anchor)
        return result

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data: the format, the family, the model, the ratings by name (sorted),
        the anchors and the number of games."""
        return {
            "format": FORMAT,
            "family": self.family,
            "model": self.model.to_dict(),
            "ratings": {name: self.ratings[name].to_dict() for name in sorted(self.ratings)},
            "anchors": sorted(self.anchors),
            "games": self.games,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Leaderboard:
        """The leaderboard :meth:`to_dict` gave."""
        if data.get("format") != FORMAT:
            raise RatingError(
                _("unknown leaderboard format {found!r}; this hoyle reads format {known}").format(
                    found=data.get("format"), known=FORMAT
                )
            )
        return cls(
            family=str(data["family"]),
            model=Model.from_dict(data["model"]),
            ratings={str(k): Rating.from_dict(v) for k, v in data["ratings"].items()},
            anchors={str(a) for a in data.get("anchors", [])},
            games=int(data.get("games", 0)),
        )

    def dumps(self) -> str:
        """The leaderboard as JSON text (keys sorted: the same board gives the same text)."""
        return json.dumps(self.to_dict(), sort_keys=True, ensure_ascii=False)

    @classmethod
    def loads(cls, text: str) -> Leaderboard:
        """The leaderboard :meth:`dumps` wrote."""
        return cls.from_dict(json.loads(text))
