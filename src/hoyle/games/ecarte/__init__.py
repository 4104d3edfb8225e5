"""The Écarté family: the London club game, rubbers, Pool and French Écarté and variations."""

from typing import Any

from hoyle.core.hooks import SearchHooks
from hoyle.core.protocol import Game
from hoyle.core.registry import Family, Views, register_family
from hoyle.games.ecarte.bourre import BourreGame, BourreState
from hoyle.games.ecarte.encode import make_encoder
from hoyle.games.ecarte.explain import explain
from hoyle.games.ecarte.play import EasyEcarteAgent, rollout_move
from hoyle.games.ecarte.rules import PRESETS, EcarteRules, Form
from hoyle.games.ecarte.solver import solve
from hoyle.games.ecarte.state import EcarteGame, EcarteState

__all__ = ["BourreGame", "BourreState", "EcarteGame", "EcarteRules", "EcarteState"]


def make_game(rules: EcarteRules, variant: str) -> Game[Any]:
    """The engine for the rules' form: Écarté, or Bourré."""
    if rules.form is Form.BOURRE:
        return BourreGame(rules, variant)
    return EcarteGame(rules, variant)


register_family(
    Family(
        name="ecarte",
        title="Écarté",
        rules_type=EcarteRules,
        make_game=make_game,
        presets=PRESETS,
        aliases=("écarté",),
        explain=explain,
        encoder=make_encoder,  # Écarté's layout, or Bourré's for the bourre form
        # Two players race to five: a point given away costs as much as a point won is worth.
        search=SearchHooks(rollout=rollout_move, solve=solve, margin=True),
        agents={"easy": EasyEcarteAgent},
        views=Views(terminal="ecarte", web="ecarte"),
    )
)
