"""The Bourré family: Bourré (Boo-Ray) for two to eight, the seed's multi-player relative of
Écarté, played for a pot (pagat after Nickens 1972), with its variations."""

from hoyle.core.hooks import SearchHooks
from hoyle.core.registry import Family, Views, register_family
from hoyle.games.bourre.encode import make_encoder
from hoyle.games.bourre.explain import explain
from hoyle.games.bourre.play import EasyBourreAgent
from hoyle.games.bourre.rules import PRESETS, BourreRules
from hoyle.games.bourre.state import BourreGame, BourreState

__all__ = ["BourreGame", "BourreRules", "BourreState"]


register_family(
    Family(
        name="bourre",
        title="Bourré",
        rules_type=BourreRules,
        make_game=BourreGame,
        presets=PRESETS,
        aliases=("bourré", "boure", "booray", "boo-ray"),
        explain=explain,
        encoder=make_encoder,
        # Chips a rival takes from the pot are chips the searcher did not: value by the margin.
        search=SearchHooks(margin=True),
        agents={"easy": EasyBourreAgent},
        # Its own terminal table; the web room's Écarté view draws Bourré's too (the pot, who
        # plays, who drew).
        views=Views(terminal="bourre", web="exchange"),
    )
)
