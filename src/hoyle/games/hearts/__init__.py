"""The Hearts family: Black Lady (the default) and its relatives, from one engine."""

from typing import Any

from hoyle.core.encoding import Encoder, register_encoder
from hoyle.core.hooks import SearchHooks, register_search_hooks
from hoyle.core.protocol import Game
from hoyle.core.registry import Family, register_family
from hoyle.games.hearts.explain import explain
from hoyle.games.hearts.rules import PRESETS, FirstLead, HeartsRules, Moon, Pass, Tie
from hoyle.games.hearts.state import MOON_ADD, MOON_SUBTRACT, HeartsGame, HeartsState

__all__ = [
    "MOON_ADD",
    "MOON_SUBTRACT",
    "FirstLead",
    "HeartsGame",
    "HeartsRules",
    "HeartsState",
    "Moon",
    "Pass",
    "Tie",
]

register_family(
    Family(
        name="hearts",
        title="Hearts",
        rules_type=HeartsRules,
        make_game=HeartsGame,
        presets=PRESETS,
        explain=explain,
    )
)

from hoyle.games.hearts import play as _play  # noqa: E402  (registers the easy player)
from hoyle.games.hearts import search as _search  # noqa: E402
from hoyle.games.hearts.solver import solve as _solve  # noqa: E402

register_search_hooks(
    "hearts",
    SearchHooks(
        # Penalty points, except in the chip games, where a seat counts the chips it holds.
        score_sign=lambda game: 1.0 if game.rules.chips else -1.0,
        rollout=_play.rollout_move,
        move_classes=_search.move_classes,
        solve=_solve,
    ),
)


def _make_encoder(game: Game[Any]) -> Encoder:
    from hoyle.games.hearts.encode import HeartsEncoder

    return HeartsEncoder(game)


register_encoder("hearts", _make_encoder)
