"""The All Fours family: Seven Up (the default), Cotton's game, Pitch and their relatives."""

from typing import Any

from hoyle.core.encoding import Encoder
from hoyle.core.hooks import SearchHooks
from hoyle.core.protocol import Game
from hoyle.core.registry import Family, register_family
from hoyle.games.all_fours import fast
from hoyle.games.all_fours.explain import explain
from hoyle.games.all_fours.play import EasyAllFoursAgent, rollout_move
from hoyle.games.all_fours.rules import PRESETS, AllFoursRules
from hoyle.games.all_fours.solver import solve
from hoyle.games.all_fours.state import AllFoursGame, AllFoursState

__all__ = ["AllFoursGame", "AllFoursRules", "AllFoursState"]


def _make_encoder(game: Game[Any]) -> Encoder:
    from hoyle.games.all_fours.encode import AllFoursEncoder  # numpy only when asked for

    return AllFoursEncoder(game)


register_family(
    Family(
        name="all-fours",
        title="All Fours",
        rules_type=AllFoursRules,
        make_game=AllFoursGame,
        presets=PRESETS,
        aliases=("allfours", "all_fours", "seven-up-family"),
        explain=explain,
        encoder=_make_encoder,
        search=SearchHooks(rollout=rollout_move, solve=solve, worlds=fast.worlds),
        agents={"easy": EasyAllFoursAgent},
    )
)
