"""The All Fours family: Seven Up (the default), Cotton's game, Pitch and their relatives."""

from typing import Any

from hoyle.core.encoding import Encoder, register_encoder
from hoyle.core.hooks import SearchHooks, register_search_hooks
from hoyle.core.protocol import Game
from hoyle.core.registry import Family, register_family
from hoyle.games.all_fours.explain import explain
from hoyle.games.all_fours.rules import PRESETS, AllFoursRules
from hoyle.games.all_fours.state import AllFoursGame, AllFoursState

__all__ = ["AllFoursGame", "AllFoursRules", "AllFoursState"]

register_family(
    Family(
        name="all-fours",
        title="All Fours",
        rules_type=AllFoursRules,
        make_game=AllFoursGame,
        presets=PRESETS,
        aliases=("allfours", "all_fours", "seven-up-family"),
        explain=explain,
    )
)

from hoyle.games.all_fours import play as _play  # noqa: E402  (registers the easy player)
from hoyle.games.all_fours.solver import solve as _solve  # noqa: E402

register_search_hooks("all-fours", SearchHooks(rollout=_play.rollout_move, solve=_solve))


def _make_encoder(game: Game[Any]) -> Encoder:
    from hoyle.games.all_fours.encode import AllFoursEncoder

    return AllFoursEncoder(game)


register_encoder("all-fours", _make_encoder)
