"""Words the room shows beside the engine's sentences, in the language in force: a game's
title, the bots' levels, the phases of a deal (the titles from :mod:`hoyle.titles`).

    >>> import hoyle
    >>> from hoyle.i18n import using
    >>> game_title(hoyle.load("hearts")), level_name("easy"), phase_name("pass")
    ('Hearts — Black Lady', 'easy', 'passing')
    >>> with using("es"):
    ...     game_title(hoyle.load("hearts")), level_name("easy"), level_name("pimc")
    ('Corazones — Dama negra', 'fácil', 'pimc')
"""

from __future__ import annotations

from typing import Any

from hoyle.core.registry import family
from hoyle.i18n import N_, _
from hoyle.titles import LEVELS, family_title, level_name, preset_title

__all__ = ["LEVELS", "PHASES", "game_title", "level_name", "phase_name"]

PHASES = {
    "answer": N_("answer"),
    "beg": N_("begging"),
    "bet": N_("betting"),
    "bid": N_("bidding"),
    "choose": N_("choosing"),
    "cut": N_("cut"),
    "deal": N_("dealing"),
    "declare": N_("declaring"),
    "discard": N_("discard"),
    "double": N_("doubling"),
    "exchange": N_("exchange"),
    "give": N_("giving"),
    "guess": N_("guessing"),
    "moon": N_("moon"),
    "name": N_("naming"),
    "offer": N_("offer"),
    "packets": N_("packets"),
    "pass": N_("passing"),
    "play": N_("play"),
    "propose": N_("proposal"),
    "sell": N_("selling"),
    "stay": N_("staying"),
}
"""The phases the engines name in ``State.progress()`` (``deal 2, pass``); an unknown one is
shown as the engine names it."""


def game_title(game: Any) -> str:
    """A game's name for a player: the family's title, then the variant's unless it is the
    family's standard game (as :attr:`hoyle.core.protocol.Game.title`, translated)."""
    fam = family(game.family)
    preset = fam.find_variant(game.variant)
    if preset.name == "standard":
        return family_title(fam)
    return _("{family} — {variant}").format(family=family_title(fam), variant=preset_title(preset))


def phase_name(phase: str) -> str:
    """A phase of the deal as a player reads it (``pass`` → ``passing``, ``pase``)."""
    word = PHASES.get(phase)
    return _(word) if word is not None else phase
