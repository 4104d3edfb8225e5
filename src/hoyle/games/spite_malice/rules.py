"""Spite and Malice rule options (:class:`SpiteMaliceRules`) and the family's presets.

One dataclass describes every game of the family, from the three-pack standard game to Misery
and Storey's Starturn (1935); presets are data. The engine branches on options only, so any
preset can be changed one option at a time:
``hoyle.load("spite-malice", variant="misery", hand_size=5)``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from hoyle.core.errors import InvalidOptionError
from hoyle.core.options import option
from hoyle.core.registry import Variant
from hoyle.i18n import N_, _

__all__ = [
    "PRESETS",
    "SYMBOLS",
    "Deck",
    "First",
    "Recycle",
    "SpiteMaliceRules",
    "Stalemate",
]

SYMBOLS = "A23456789TJQK"
"""Rank symbols of the French pack in Spite and Malice order: ace (1) low … king (13)."""
STARTURN_BLACK = (3,) * 14 + (2,)
"""Copies of each number 1…15 among Starturn's 44 black cards (RULINGS S6)."""
STARTURN_RED = (4,) * 7 + (3,) * 8
"""Copies of each number 1…15 among Starturn's 52 red cards (RULINGS S6)."""


class Deck(enum.Enum):
    """Which cards the game is played with."""

    FRENCH = "french"
    """Packs of 52 (and jokers, if the rules keep them)."""
    STARTURN = "starturn"
    """Storey's Starturn cards: 44 black and 52 red cards numbered 1…15 (RULINGS S6)."""


class Recycle(enum.Enum):
    """What becomes of a completed centre stack."""

    WHEN_EMPTY = "when_empty"
    """It goes to a face-up heap, shuffled to make a new stock when a draw finds the stock
    empty (RULINGS S3)."""
    IMMEDIATE = "immediate"
    """It is shuffled into the stock at once (pagat; Starturn)."""


class First(enum.Enum):
    """Who plays first in a deal."""

    DEALER = "dealer"
    """The dealer (the seed)."""
    HIGHER_GOAL = "higher_goal_card"
    """The player whose turned-up goal card is highest; a tie for highest redeals the goal
    piles (pagat)."""


class Stalemate(enum.Enum):
    """How a blocked deal (no stock can be made, or every player passed) is scored."""

    FEWEST_GOAL_CARDS = "fewest_goal_cards"
    """The player with the fewest goal cards scores the difference to each opponent's (the
    seed); a tie for fewest scores nothing."""
    DRAW = "draw"
    """Nobody scores (pagat's common game)."""


def rank_of_symbol(symbol: str) -> int:
    """``"A"`` → 1 … ``"K"`` → 13; a number (Starturn) is itself."""
    text = symbol.strip().upper()
    if text in ("10",):
        return 10
    if len(text) == 1 and text in SYMBOLS:
        return SYMBOLS.index(text) + 1
    if text.isdigit() and 1 <= int(text) <= 15:
        return int(text)
    raise InvalidOptionError(
        _("{symbol!r} is not a rank: use A 2 … 9 T J Q K (or 1…15)").format(symbol=symbol)
    )


@dataclass(frozen=True, kw_only=True)
class SpiteMaliceRules:
    """Every rule option of the Spite and Malice family. Defaults are the seed's game."""

    players: int = option(2, N_("number of players"), min=2, max=6)
    packs: int | None = option(
        None,
        N_(
            "52-card packs shuffled together for the stock (and the goal piles, unless they have "
            "a pack of their own); default: 3, and one more per player beyond four"
        ),
        min=1,
        max=6,
    )
    jokers: int = option(
        0, N_("jokers added to the packs, each wild (standard: 0 or 6)"), min=0, max=24
    )
    kings_wild: bool = option(True, N_("kings are wild (false: a king is a natural 13)"))
    wild_not: tuple[str, ...] = option(
        ("A",),
        N_(
            "ranks a wild may never stand for (standard A; build-to-king A,2,7,J; empty: a wild "
            "may even start a stack)"
        ),
    )
    top: int = option(
        12,
        N_("the rank that completes a centre stack: 12 queen, 13 king, 15 (Starturn)"),
        min=12,
        max=15,
    )
    deck: Deck = option(Deck.FRENCH, N_("the cards: french packs, or Starturn's numbered cards"))
    goal_pack: bool = option(
        False, N_("the goal piles are dealt from a pack of their own (Starturn's black cards)")
    )
    goal_size: int = option(26, N_("cards in each goal pile (13 for a short game)"), min=1, max=40)
    goal_piles: int = option(
        1, N_("goal piles per player (Misery: 2), every top playable"), min=1, max=2
    )
    hand_size: int = option(5, N_("a hand is drawn up to this many cards"), min=1, max=10)
    discard_piles: int = option(4, N_("discard piles per player"), min=1, max=6)
    max_stacks: int = option(4, N_("centre stacks at most at a time; 0: unlimited"), min=0, max=64)
    recycle: Recycle = option(
        Recycle.WHEN_EMPTY,
        N_(
            "a completed stack waits in a heap until the stock is empty (when_empty) or is "
            "shuffled into the stock at once (immediate)"
        ),
    )
    compulsory_aces_twos: bool = option(
        False, N_("a natural ace or 2 that can be played to the centre must be, before any move")
    )
    compulsory_from_hand: bool = option(
        True,
        N_("the compulsory aces and 2s include the hand's (false: goal and discard tops only)"),
    )
    cover_wild: bool = option(
        False, N_("a wild played to the centre must be covered at once by the next natural card")
    )
    pair_discard: bool = option(
        False, N_("the closing discard may be a pair of equal rank, on one pile")
    )
    discard_down: bool = option(
        False, N_("a discard onto a pile must equal its top or be one lower (Frey's book)")
    )
    may_pass: bool = option(
        False, N_("a turn may end without a discard ('pass'); every player passing blocks the deal")
    )
    first: First = option(
        First.DEALER,
        N_("who starts a deal: the dealer, or the higher goal card (higher_goal_card)"),
    )
    deal_hands: bool = option(
        False, N_("hands are dealt with the goal piles (Starturn), not drawn at the first turn")
    )
    stalemate: Stalemate = option(
        Stalemate.FEWEST_GOAL_CARDS,
        N_("a blocked deal: the fewest goal cards scores the differences, or a draw"),
    )
    target: int = option(
        50,
        N_("the match ends after a deal in which anyone reaches this (25, 50 or 100)"),
        min=1,
        max=1000,
    )
    deals: int = option(
        0, N_("play this many deals; 0 plays until someone reaches the target"), min=0, max=1000
    )
    deal_limit: int = option(
        100,
        N_("a match ends after this many deals at most, the highest score winning"),
        min=1,
        max=10000,
    )
    turn_limit: int = option(
        1000,
        N_(
            "a deal still going after this many turns is scored as blocked (so is one that "
            "reaches a safety cap of actions set by it: see SpiteMaliceGame.deal_cap)"
        ),
        min=1,
        max=100000,
    )

    def __post_init__(self) -> None:
        n = self.players
        for symbol in self.wild_not:
            rank_of_symbol(symbol)
        if self.deck is Deck.STARTURN:
            if not self.goal_pack or self.jokers or self.kings_wild or self.top != 15:
                raise InvalidOptionError(
                    _("Starturn's cards need goal_pack=true, jokers=0, kings_wild=false and top=15")
                )
            if self.packs is not None:
                raise InvalidOptionError(_("Starturn's cards come in one set: leave packs unset"))
        elif self.top > 13:
            raise InvalidOptionError(
                _("French packs build to the queen (12) or king (13), not {top}").format(
                    top=self.top
                )
            )
        if self.top == 13 and self.kings_wild:
            raise InvalidOptionError(
                _("stacks built to the king need natural kings: kings_wild=false")
            )
        if self.deals and self.deals > self.deal_limit:
            raise InvalidOptionError(_("deals may not exceed deal_limit"))
        goal_cards = n * self.goal_piles * self.goal_size
        if self.goal_pack:
            pack = 44 if self.deck is Deck.STARTURN else 52
            if goal_cards > pack:
                raise InvalidOptionError(
                    _(
                        "{n} players' goal piles of {size} need {need} cards; the goal pack has "
                        "{pack}"
                    ).format(n=n, size=self.goal_size, need=goal_cards, pack=pack)
                )
            goal_cards = 0
        hands = n * self.hand_size
        if goal_cards + hands > self.stock_cards:
            raise InvalidOptionError(
                _(
                    "{cards} cards cannot deal {n} players' goal piles of {size} and hands of "
                    "{hand}: fewer or smaller piles, or more packs"
                ).format(cards=self.stock_cards, n=n, size=self.goal_size, hand=self.hand_size)
            )

    @property
    def pack_count(self) -> int:
        """The packs in play (the option, or 3 plus one per player beyond four)."""
        if self.packs is not None:
            return self.packs
        return 3 + max(0, self.players - 4)

    @property
    def stock_cards(self) -> int:
        """Cards shuffled for the stock (with the goal piles, unless they have their own)."""
        if self.deck is Deck.STARTURN:
            return sum(STARTURN_RED)
        return 52 * self.pack_count + self.jokers

    @property
    def forbidden(self) -> frozenset[int]:
        """The ranks a wild may not stand for."""
        return frozenset(rank_of_symbol(s) for s in self.wild_not)


PRESETS: tuple[Variant, ...] = (
    Variant(
        name="standard",
        aliases=("spite-and-malice", "cat-and-mouse", "spite-malice"),
        summary=N_(
            "The encyclopedia article's game for 2–4: three packs without jokers "
            "(jokers=6 keeps them as "
            "wilds); ace low to queen, kings wild for anything but an ace. Each has a goal "
            "pile of 26 (goal_size=13 for a short game), top card up, and four discard piles; "
            "a shared stock. A turn draws up to five, plays any cards from hand, goal top or "
            "discard tops to at most four centre stacks built from an ace up to a queen "
            "(emptying the hand draws five more), and ends with one discard from hand. The "
            "dealer plays first. A completed stack waits in a heap that becomes the stock when "
            "the stock runs out; if none can be made the deal is blocked and the player "
            "closest to going out scores the difference. Going out scores 5 plus 1 per card "
            "in the opponents' goal piles; the match is to 50 (target=25 or 100).",
        ),
        source=(
            "Wikipedia, 'Spite and Malice', its rules, play and scoring; Hoyle's Rules of Games "
            "(Morehead 2001), pp. 210–212; pagat.com 'Spite and Malice' (John McLeod), which lets "
            "kings be discarded. hoyle's rulings where the article is silent: a completed stack "
            "waits in a heap until the stock runs out (its rule for a blocked deal implies such a "
            "reserve), and with more than two players a blocked deal scores the sum of the "
            "differences."
        ),
        options={},
        players=(2, 6),
    ),
    Variant(
        name="uspcc",
        title="USPCC",
        aliases=("two-pack", "bicycle"),
        summary=N_(
            "The United States Playing Card Company's version: two 52-card packs instead of "
            "three, for two players (three with goal piles of 13)."
        ),
        source=(
            "Wikipedia, 'Spite and Malice', its rules, on the United States Playing Card Company's "
            "version."
        ),
        options={"packs": 2},
        players=(2, 3),
        by_table={3: {"goal_size": 13}},
    ),
    Variant(
        name="unlimited-stacks",
        aliases=("unlimited", "unlimited-centre"),
        summary=N_(
            "Any number of centre stacks may be built at once; completed stacks stay out "
            "until the stock runs out and are then shuffled into a new stock."
        ),
        source="Wikipedia, 'Spite and Malice', variants; pagat.com 'Spite and Malice'.",
        options={"max_stacks": 0},
        players=(2, 6),
    ),
    Variant(
        name="compulsory-aces-twos",
        title="Compulsory Aces and Twos",
        aliases=("compulsory", "forced-aces"),
        summary=N_(
            "The standard game with the rule that a natural ace or 2 that can be played to "
            "the centre, from hand, goal or a discard top, must be played before any other "
            "move. Wilds are never forced."
        ),
        source="Wikipedia, 'Spite and Malice', variants.",
        options={"compulsory_aces_twos": True},
        players=(2, 6),
    ),
    Variant(
        name="misery",
        aliases=("miseria",),
        summary=N_(
            "Two players with two packs (three players, three packs). Each player has two "
            "goal piles of 12, both tops playable, and a hand of six; emptying both goal piles "
            "wins and the score counts both of each opponent's piles."
        ),
        source=(
            "Wikipedia, 'Spite and Malice', variants, on Misery. hoyle's reading: its two piles of "
            "12 are two goal piles for each player (goal_piles=1 for a single pile)."
        ),
        options={"goal_piles": 2, "goal_size": 12, "hand_size": 6},
        players=(2, 3),
        by_table={2: {"packs": 2}, 3: {"packs": 3}},
    ),
    Variant(
        name="build-to-king",
        title="Build to King",
        aliases=("to-king", "jokers-wild"),
        summary=N_(
            "Stacks are built from the ace up to the king and kings are natural; the six "
            "jokers of three packs are wild, but never as an ace, 2, 7 or jack."
        ),
        source="Wikipedia, 'Spite and Malice', variants.",
        options={
            "kings_wild": False,
            "jokers": 6,
            "top": 13,
            "wild_not": ("A", "2", "7", "J"),
        },
        players=(2, 6),
    ),
    Variant(
        name="cover-wild",
        title="Covered Wilds",
        aliases=("covered-wilds",),
        summary=N_(
            "A wild played to the centre must at once be covered by the next natural card, so "
            "a wild may be played only when that card is at hand; a wild never stands for a 7, "
            "nor for a queen (which ends the stack and could not be covered)."
        ),
        source="Wikipedia, 'Spite and Malice', variants.",
        options={"cover_wild": True, "wild_not": ("A", "7", "Q")},
        players=(2, 6),
    ),
    Variant(
        name="deck-per-player",
        title="Deck per Player",
        aliases=("pack-per-player",),
        summary=N_(
            "One pack per player (three players, three packs), at most four centre stacks "
            "from ace to queen, kings wild and no jokers."
        ),
        source="Wikipedia, 'Spite and Malice', variants.",
        options={},
        players=(2, 6),
        by_table={n: {"packs": n} for n in range(2, 7)},
    ),
    Variant(
        name="natural-ace-two",
        title="Natural Aces and Twos",
        aliases=("natural-aces", "pairs"),
        summary=N_(
            "Aces and 2s must be natural: no wild stands for them. The closing discard may be "
            "one card or a pair of equal rank placed on one discard pile, never more than two."
        ),
        source="Wikipedia, 'Spite and Malice', variants.",
        options={"wild_not": ("A", "2"), "pair_discard": True},
        players=(2, 6),
    ),
    Variant(
        name="common",
        title="Common (pagat)",
        aliases=("pagat", "most-played"),
        summary=N_(
            "The version pagat calls the most widely played: two packs, goal piles of 20, the "
            "higher turned-up goal card starts (equal: the goal piles are dealt again), at "
            "most three centre stacks, kings fully wild even as an ace, a completed stack "
            "shuffled into the stock at once, and a blocked deal is a draw."
        ),
        source=(
            "pagat.com 'Spite and Malice' (John McLeod), the version it calls the most widely "
            "played."
        ),
        options={
            "packs": 2,
            "goal_size": 20,
            "first": First.HIGHER_GOAL,
            "max_stacks": 3,
            "wild_not": (),
            "recycle": Recycle.IMMEDIATE,
            "stalemate": Stalemate.DRAW,
        },
        players=(2, 2),
    ),
    Variant(
        name="book",
        title="Book Version (Frey)",
        aliases=("frey", "book-version"),
        summary=N_(
            "Frey's 1965 book game for two: one pack deals two goal piles of 26, a second pack "
            "with four jokers is the stock. Jokers are wild except as an ace; kings are natural "
            "and stacks run ace to king, as many as are started. A discard onto a pile must "
            "equal its top or be one lower, and a turn may end without a discard (pass). Any "
            "ace or 2 showing on a goal or discard pile must go to the centre as soon as it "
            "can. When both players pass in turn the deal is blocked: the fewer goal cards "
            "scores the difference."
        ),
        source=(
            "pagat.com 'Spite and Malice' (John McLeod), its account of the book version (Frey, "
            "1965)."
        ),
        options={
            "goal_pack": True,
            "packs": 1,
            "jokers": 4,
            "kings_wild": False,
            "top": 13,
            "max_stacks": 0,
            "discard_down": True,
            "may_pass": True,
            "compulsory_aces_twos": True,
            "compulsory_from_hand": False,
        },
        players=(2, 2),
    ),
    Variant(
        name="starturn",
        aliases=("star-turn", "chad-valley"),
        summary=N_(
            "W. H. Storey's Starturn (Chad Valley, 1935) for two: 44 black cards numbered 1–15 "
            "are split into two face-down piles of 22 with the top card showing, and 52 red "
            "cards give each player five and form the stock; hands are drawn up to five each "
            "turn. Up to four building piles run from 1 to 15, a completed pile shuffled into "
            "the stock at once. Each turn ends with a discard onto one of four discard piles "
            "unless the whole hand went to building; the first to use up the black pile wins. "
            "There are no wilds."
        ),
        source=(
            "Wikipedia, 'Spite and Malice', on the original Starturn cards (W. H. Storey, Chad "
            "Valley, 1935). hoyle's ruling where it is silent: how the numbers 1–15 are shared "
            "among the 44 black and the 52 red cards."
        ),
        options={
            "deck": Deck.STARTURN,
            "goal_pack": True,
            "goal_size": 22,
            "kings_wild": False,
            "wild_not": (),
            "top": 15,
            "recycle": Recycle.IMMEDIATE,
            "deal_hands": True,
        },
        players=(2, 2),
    ),
)
