"""The names of the game families and their presets, and the words that describe them (a
preset's summary, an option's one-line doc), in the language in force.

The registry keeps one English title per family and preset (``Hearts``, ``Black Lady``), which
records, game strings and the web's data use as they are; what a player reads goes through
:func:`family_title` and :func:`preset_title`. The titles are listed below, marked for the
catalogue, because they are built from data at import time where no ``_()`` call can see them;
``tests/test_i18n.py`` fails when a family or preset is added without its title here. The
summaries and docs are marked where they are written (``N_`` in each family's ``rules.py``), and
:func:`preset_summary` and :func:`option_doc` translate them for the terminal and the web alike.

    >>> from hoyle.core.registry import family
    >>> from hoyle.i18n import using
    >>> with using("es"):
    ...     family_title(family("hearts")), preset_title(family("hearts").default_variant)
    ('Corazones', 'Dama negra')
"""

from __future__ import annotations

from typing import Any

from hoyle.i18n import N_, _

__all__ = [
    "LEVELS",
    "TITLES",
    "family_title",
    "level_name",
    "option_doc",
    "preset_summary",
    "preset_title",
]

TITLES = (
    # Families
    N_("Hearts"),
    N_("All Fours"),
    N_("Spite and Malice"),
    N_("Écarté"),
    N_("Bourré"),
    # Hearts
    N_("Black Lady"),
    N_("Modern"),
    N_("Black Jack"),
    N_("Black Maria"),
    N_("Omnibus"),
    N_("Spot"),
    N_("Greek"),
    N_("Greek (Culbertson)"),
    N_("Greek (Maguire)"),
    N_("Partnership"),
    N_("Partnership (scores kept apart)"),
    N_("Partnership with Slam Bids"),
    N_("Original (1887)"),
    N_("Double Game"),
    N_("Double Game (short scheme)"),
    N_("Chasse au cœur"),
    N_("Royal"),
    N_("Heartsette"),
    N_("Auction"),
    N_("Domino"),
    N_("Joker"),
    N_("Cancellation"),
    # All Fours
    N_("Seven Up"),
    N_("Cotton's Rules (1674)"),
    N_("Running All-Fours"),
    N_("Trinidad"),
    N_("Tobago"),
    N_("Yorkshire"),
    N_("Lancashire"),
    N_("Pitch"),
    N_("All Nours"),
    N_("Commercial Pitch"),
    N_("Auction Pitch"),
    N_("All Fives"),
    N_("California Jack"),
    N_("Shasta Sam"),
    # Spite and Malice
    N_("Standard"),
    N_("USPCC"),
    N_("Unlimited Stacks"),
    N_("Compulsory Aces and Twos"),
    N_("Misery"),
    N_("Build to King"),
    N_("Covered Wilds"),
    N_("Deck per Player"),
    N_("Natural Aces and Twos"),
    N_("Common (pagat)"),
    N_("Book Version (Frey)"),
    N_("Starturn"),
    # Écarté and Bourré
    N_("Rubber"),
    N_("Pool"),
    N_("French"),
    N_("Ace High"),
    N_("Doubling"),
    N_("Offering the Point"),
    N_("Double Ante"),
    N_("Four-Card"),
)
"""Every family's and preset's English title, for the catalogue."""


def family_title(fam: Any) -> str:
    """A family's title in the language in force (``Hearts`` → ``Corazones``)."""
    return _(str(fam.title))


def preset_title(preset: Any) -> str:
    """A preset's title in the language in force (``Black Lady`` → ``Dama negra``)."""
    return _(str(preset.display))


def preset_summary(preset: Any) -> str:
    """A preset's summary in the language in force ('' when it has none).

    >>> from hoyle.core.registry import family
    >>> from hoyle.i18n import using
    >>> with using("es"):
    ...     preset_summary(family("hearts").default_variant).split(".")[0]
    'Corazones tal como lo juega casi todo el mundo'
    """
    text = str(preset.summary or "")
    # gettext maps the empty string to the catalogue's header, so '' stays ''.
    return _(text) if text else ""


def option_doc(info: Any) -> str:
    """An option's one-line doc in the language in force ('' when it has none).

    >>> from hoyle.core.registry import family
    >>> from hoyle.i18n import using
    >>> info = next(i for i in family("hearts").options() if i.name == "pass_count")
    >>> with using("es"):
    ...     option_doc(info)
    'cartas que pasa cada jugador'
    """
    text = str(info.doc or "")
    return _(text) if text else ""


LEVELS = {
    "random": N_("random"),
    "easy": N_("easy"),
    "medium": N_("medium"),
    "hard": N_("hard"),
    "expert": N_("expert"),
}
"""The bot levels a player chooses between, as words (the others are the searches' technical
names, shown as they are)."""


def level_name(level: str) -> str:
    """A bot level as a player reads it (``easy`` → ``fácil``)."""
    word = LEVELS.get(level)
    return _(word) if word is not None else level
