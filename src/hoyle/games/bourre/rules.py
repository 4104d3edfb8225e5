"""Bourré rule options (:class:`BourreRules`) and the family's presets.

Bourré (Boo-Ray) is the seed's multi-player relative of Écarté: two to eight players, a 52-card
pack, a pot. One dataclass holds every option the engine reads; presets are data, so any preset
can be changed one option at a time: ``hoyle.load("bourre", players=5, pot_limit=10)``.
``ecarte(variant=bourre, …)``, the old name, loads this family (see the Écarté presets).
"""

from __future__ import annotations

from dataclasses import dataclass

from hoyle.core.errors import InvalidOptionError
from hoyle.core.options import option
from hoyle.core.registry import Variant
from hoyle.i18n import N_, _

__all__ = ["PRESETS", "BourreRules"]


@dataclass(frozen=True, kw_only=True)
class BourreRules:
    """Every rule option of Bourré. Defaults are pagat's main game for seven players."""

    players: int = option(7, N_("players at the table, 2–8 (seven is best)"), min=2, max=8)
    deals: int = option(
        0,
        N_("deals in the session; 0 lets each player deal once"),
        min=0,
        max=100,
    )
    pot_limit: int = option(
        0,
        N_("the most a winner takes from the pot and a bourré player pays; 0: no limit"),
        min=0,
        max=10_000,
    )
    double_ante: bool = option(
        False, N_("everyone antes every deal, and each who plays adds a second chip")
    )
    cinch: bool = option(
        True,
        N_(
            "a player sure of three tricks must lead, or play when able to trump, the highest trump"
        ),
    )
    separate_trump_card: bool = option(
        False,
        N_("the trump card is an extra card turned after the deal that belongs to no one"),
    )
    two_rounds: bool = option(
        False,
        N_(
            "with double_ante: first each player in turn from the dealer's left says play "
            "(paying the second chip) or pass; when all have, those who play discard and draw in "
            "a second round (pagat 'Bourré' after Nickens, Variations, Double Ante: 'separated "
            "into two separate rounds')"
        ),
    )
    simultaneous_declare: bool = option(
        False,
        N_(
            "every player decides play or pass unseen by the others, all revealed at once "
            "(pagat 'Bourré', Simultaneous Declaration: chip in a closed fist or an empty one); "
            "here they decide in turn from the dealer's left, each decision hidden until the "
            "last; then those who play discard and draw in rotation. The chip in the fist is "
            "paid only where playing costs one (double_ante, four_card)"
        ),
    )
    dealer_takes_trump: bool = option(
        False,
        N_(
            "with separate_trump_card: the dealer, if playing, may take the turned trump into "
            "the hand, so holds six, discards and draws back to five (pagat 'Bourré', Separate "
            "Trump Card, second form). The main rule that a turned ace makes the dealer play "
            "applies, the dealer being able to hold it: hoyle's reading"
        ),
    )
    four_card: bool = option(
        False,
        N_(
            "four cards each and a separate trump card that belongs to no one; to play a player "
            "needs a trump or a club (a 'dirty club') and pays a chip; discard up to three, never "
            "all four; after the draw each who plays may still pass, or stays for another chip; "
            "four tricks (pagat 'Bourré', Four card Bourré, after Victoria Diemer, Indiana). The "
            "source says nothing more: the antes, a lone player, the cinch and the turns follow "
            "the main game"
        ),
    )

    def __post_init__(self) -> None:
        if self.two_rounds and not self.double_ante:
            raise InvalidOptionError(_("two_rounds is a form of the double ante: double_ante=true"))
        if self.dealer_takes_trump and not self.separate_trump_card:
            raise InvalidOptionError(_("dealer_takes_trump needs separate_trump_card=true"))
        if self.dealer_takes_trump and self.four_card:
            raise InvalidOptionError(_("in four_card the turned trump belongs to no one"))

    @property
    def trump_apart(self) -> bool:
        """The trump card is an extra card turned, not the dealer's fifth."""
        return self.separate_trump_card or self.four_card

    @property
    def hand_size(self) -> int:
        """The cards each player is dealt and plays (four in four_card)."""
        return 4 if self.four_card else 5

    @property
    def session_deals(self) -> int:
        """The deals the session plays: ``deals``, or each player deals once."""
        return self.deals or self.players


_SRC = (
    "Wikipedia, 'Écarté', which names Bourré as its relative in one line; pagat.com 'Bourré' "
    "(John McLeod, after Nickens, Bouré, 1972)"
)

PRESETS: tuple[Variant, ...] = (
    Variant(
        name="standard",
        aliases=("bourre", "boure", "booray", "boo-ray"),
        summary=N_(
            "Bourré for two to eight (seven is best), a relative of Écarté for many "
            "players. A 52-card pack, ace high; each antes 1. Five cards each, one at a time "
            "from the dealer's left; the dealer's fifth is dealt face up for trumps and stays "
            "in the dealer's hand. In turn each passes or plays, a player discarding any "
            "number and drawing as many (the stock running out, the discards and passed hands "
            "already collected are reshuffled to continue); a turned ace makes the dealer "
            "play. A lone player takes the pot unplayed. Follow suit, else trump (overtrumping "
            "if able), and beat the highest card so far if able; a player sure of three tricks "
            "(a cinch) must lead, or trump with, the highest trump. Most tricks alone takes "
            "the pot; a tie leaves it for the next deal; a player who played and took no "
            "trick is bourré and pays the pot's size into the next pot. Bourré and tied "
            "players skip the next ante. Each player deals once (deals=N for longer); the "
            "result is each player's net chips."
        ),
        source=(
            f"{_SRC}, for every rule of play. hoyle's readings where the page is silent: the "
            "dealer may not discard the turned trump, and a cinch counts sure trump tricks by "
            "length against the trumps unseen."
        ),
        options={},
    ),
    Variant(
        name="double-ante",
        aliases=("two-rounds",),
        summary=N_(
            "Everyone antes every deal, and a player who plays adds a second chip; each "
            "declares play or pass in turn before anyone discards, then those who play "
            "discard and draw in a second round."
        ),
        source=f"{_SRC}: its variations, Double Ante.",
        options={"double_ante": True, "two_rounds": True},
        title="Double Ante",
    ),
    Variant(
        name="four-card",
        aliases=("four-card-bourre",),
        summary=N_(
            "Four cards each and a separate trump card that belongs to no one. To play a "
            "player needs a trump or a club (a 'dirty club') and pays a chip; discard up to "
            "three; after the draw each player may still pass, or stays for another chip. Four "
            "tricks."
        ),
        source=f"{_SRC}: its variations, Four card Bourré (after Victoria Diemer, Indiana).",
        options={"four_card": True},
        title="Four-Card",
    ),
)
"""Every preset; the first (``standard``) is the family's default."""
