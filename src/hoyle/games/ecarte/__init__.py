"""The Écarté family: the London club game, rubbers, Pool and French Écarté and variations."""

from hoyle.core.hooks import SearchHooks
from hoyle.core.registry import Family, Views, register_family
from hoyle.games.ecarte.encode import make_encoder
from hoyle.games.ecarte.explain import explain
from hoyle.games.ecarte.play import EasyEcarteAgent, rollout_move
from hoyle.games.ecarte.rules import PRESETS, EcarteRules
from hoyle.games.ecarte.solver import solve
from hoyle.games.ecarte.state import EcarteGame, EcarteState

__all__ = ["EcarteGame", "EcarteRules", "EcarteState"]


register_family(
    Family(
        name="ecarte",
        title="Écarté",
        rules_type=EcarteRules,
        make_game=EcarteGame,
        presets=PRESETS,  # ``bourre`` among them: the old name of the Bourré family's game
        aliases=("écarté",),
        explain=explain,
        encoder=make_encoder,
        # Two players race to five: a point given away costs as much as a point won is worth.
        search=SearchHooks(rollout=rollout_move, solve=solve, margin=True),
        agents={"easy": EasyEcarteAgent},
        views=Views(terminal="ecarte", web="exchange"),
    )
)
