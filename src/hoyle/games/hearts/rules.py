"""Hearts rule options (:class:`HeartsRules`) and the family's presets.

Every option is a field with a default, a one-line doc and validation; presets are data. The
engine branches on options only, so any preset can be changed one option at a time:
``hoyle.load("hearts", moon="subtract")``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from hoyle.cards import TOKENS, CardError, card_index
from hoyle.core.errors import InvalidOptionError
from hoyle.core.options import option
from hoyle.core.registry import Variant

__all__ = ["PRESETS", "FirstLead", "HeartsRules", "Moon", "Pass", "Tie"]


class Pass(enum.Enum):
    """Where the cards of one deal's pass go."""

    LEFT = "left"
    RIGHT = "right"
    ACROSS = "across"
    """To the seat opposite (an even table only)."""
    SECOND_LEFT = "second_left"
    """To the second seat on the left (five or six players; pagat's 5-player cycles)."""
    SECOND_RIGHT = "second_right"
    """To the second seat on the right (five or six players)."""
    SCATTER = "scatter"
    """An equal share to every other player, in seat order from the left (pagat)."""
    MIX = "mix"
    """Into a pool that is shuffled and dealt back, the same number to each (pagat)."""
    HOLD = "hold"
    """No passing this deal."""


class FirstLead(enum.Enum):
    """Who leads to the first trick of a deal, and what."""

    LOWEST_CLUB = "lowest_club"
    """The holder of the 2♣ (or the lowest club left in the pack) leads it."""
    ELDEST_ANY = "eldest_any"
    """Eldest hand (left of the dealer) leads any card."""


class Moon(enum.Enum):
    """What happens when one player takes every penalty card ("shooting the moon")."""

    ADD = "add"
    """The shooter scores 0 and every other player the deal's full penalty (26)."""
    SUBTRACT = "subtract"
    """The shooter deducts the full penalty from their total; the others score nothing."""
    CHOOSE = "choose"
    """The shooter decides, as an action, between add and subtract."""
    NONE = "none"
    """No moon: the shooter simply scores what they took."""
    ADD_UNLESS_LOSING = "add_unless_it_makes_someone_win"
    """Add, unless adding ends the match with the shooter not winning: then subtract."""
    VOID_DEAL = "void_deal"
    """Nobody scores for the deal (Culbertson's early Black Lady)."""


class Tie(enum.Enum):
    """What a tie for the lowest total does at the end of a match."""

    SHARE = "share"
    """The tied players share the win."""
    PLAY_ON = "play_on"
    """Deal again until one player alone has the lowest total."""


STANDARD_CYCLE_EVEN = (Pass.LEFT, Pass.RIGHT, Pass.ACROSS, Pass.HOLD)
STANDARD_CYCLE_ODD = (Pass.LEFT, Pass.RIGHT, Pass.HOLD)


@dataclass(frozen=True, kw_only=True)
class HeartsRules:
    """Every rule option of the Hearts family. Defaults are Black Lady as most people play it."""

    players: int = option(4, "number of players", min=3, max=6)
    deals: int = option(
        0, "number of deals in the match; 0 plays until someone reaches the target", min=0
    )
    target: int = option(100, "the match ends after the deal in which anyone reaches this", min=1)
    pass_cycle: tuple[Pass, ...] | None = option(
        None,
        "pass directions deal by deal; default left,right,across,hold (odd tables: no across);"
        " hold alone means no passing",
    )
    pass_count: int = option(3, "cards each player passes", min=1, max=6)
    first_lead: FirstLead = option(
        FirstLead.LOWEST_CLUB, "who leads the first trick: the 2♣ (lowest club) or eldest, any card"
    )
    lead_any_club: bool = option(
        False, "the holder of the lowest club may lead any club to the first trick"
    )
    no_points_first_trick: bool = option(
        True, "no heart or Q♠ on the first trick unless the player holds nothing else"
    )
    must_break_hearts: bool = option(
        True, "hearts may not be led until a heart has been played (unless only hearts are held)"
    )
    queen_breaks_hearts: bool = option(False, "playing the Q♠ also breaks hearts")
    lead_hearts_instead_of_queen: bool = option(
        False, "a leader holding only hearts and the Q♠ may lead a heart before hearts are broken"
    )
    jd_bonus: bool = option(False, "the J♦ counts −10 to the player who takes it")
    no_tricks_bonus: int = option(
        0,
        "points taken off a player who takes no trick in a deal without a moon (0: no bonus)",
        min=0,
        max=26,
    )
    moon: Moon = option(Moon.ADD, "shooting the moon: add, subtract, choose, none, …")
    tie: Tie = option(Tie.SHARE, "a tie for the lowest total at the end: share or play on")
    removed_3p: tuple[str, ...] = option(("2D",), "cards taken out of the pack for 3 players")
    removed_5p: tuple[str, ...] = option(("2C", "2D"), "cards taken out of the pack for 5 players")
    removed_6p: tuple[str, ...] = option(
        ("2C", "3C", "2D", "2S"), "cards taken out of the pack for 6 players"
    )

    def __post_init__(self) -> None:
        if not 3 <= self.players <= 6:
            raise InvalidOptionError(f"hearts needs 3…6 players, not {self.players}")
        cycle = self.effective_pass_cycle
        if not cycle:
            raise InvalidOptionError("pass_cycle needs at least one direction, e.g. hold")
        if Pass.ACROSS in cycle and self.players % 2:
            raise InvalidOptionError(
                f"pass_cycle cannot pass across with {self.players} players; "
                "use left, right, hold (or second_left, second_right with 5)"
            )
        if {Pass.SECOND_LEFT, Pass.SECOND_RIGHT} & set(cycle) and self.players < 5:
            raise InvalidOptionError(
                f"pass_cycle cannot pass to the second seat over with {self.players} players; "
                "use left, right or across"
            )
        if Pass.SCATTER in cycle and self.pass_count % (self.players - 1):
            raise InvalidOptionError(
                f"a scatter pass gives each of the {self.players - 1} other players the same "
                f"number of cards: pass_count must be a multiple of {self.players - 1}, "
                f"not {self.pass_count}"
            )
        for key in ("removed_3p", "removed_5p", "removed_6p"):
            given = getattr(self, key)
            try:
                indices = sorted({card_index(t.strip().upper()) for t in given})
            except CardError as exc:
                raise InvalidOptionError(f"{key}: {exc}") from None
            if len(indices) != len(given):
                raise InvalidOptionError(f"{key} names a card twice: {','.join(given)}")
            # Canonical tokens in pack order (``2d,10H`` becomes ``2D,TH``), so that equal rules
            # compare equal and the game string names them one way.
            object.__setattr__(self, key, tuple(TOKENS[i] for i in indices))
        removed = self.removed_cards
        if self.first_lead is FirstLead.LOWEST_CLUB and all(c in removed for c in range(13)):
            raise InvalidOptionError(
                f"removed_{self.players}p takes out every club, so no club can lead; "
                "use first_lead=eldest_any"
            )
        size = 52 - len(removed)
        if size % self.players:
            raise InvalidOptionError(
                f"{size} cards do not divide among {self.players} players; "
                f"change removed_{self.players}p"
            )
        if any(d is not Pass.HOLD for d in cycle) and self.pass_count >= size // self.players:
            raise InvalidOptionError(
                f"pass_count {self.pass_count} must be less than the hand of {size // self.players}"
            )
        if self.target < 1:
            raise InvalidOptionError("target must be at least 1")

    @property
    def effective_pass_cycle(self) -> tuple[Pass, ...]:
        """The pass cycle in force: the option, or the standard one for the table size."""
        if self.pass_cycle is not None:
            return self.pass_cycle
        return STANDARD_CYCLE_EVEN if self.players % 2 == 0 else STANDARD_CYCLE_ODD

    @property
    def removed_cards(self) -> tuple[int, ...]:
        """Indices of the cards taken out of the pack for this number of players."""
        tokens: tuple[str, ...] = {3: self.removed_3p, 5: self.removed_5p, 6: self.removed_6p}.get(
            self.players, ()
        )
        return tuple(card_index(t) for t in tokens)  # canonical and sorted (__post_init__)

    def card_values(self) -> list[int]:
        """Penalty points of each card index (negative for a bonus card such as the J♦)."""
        values = [0] * 52
        for i in range(26, 39):  # the hearts
            values[i] = 1
        values[card_index("QS")] = 13
        if self.jd_bonus:
            values[card_index("JD")] = -10
        return values


PRESETS: tuple[Variant, ...] = (
    Variant(
        name="black-lady",
        aliases=(
            "hearts",
            "discard-hearts",
            "american-hearts",
            "black-widow",
            "slippery-anne",
            "rickety-kate",
        ),
        summary=(
            "Hearts as most people play it. Three cards are passed each deal, in the cycle "
            "left, right, across, hold (left, right, hold at an odd table). The holder of the 2♣ "
            "leads it; no heart or Q♠ may be played to the first trick unless nothing else is "
            "held; hearts may not be led until one has been played. Each heart costs 1 and the "
            "Q♠ 13. A player who takes all of them shoots the moon: 0 for them, 26 for everyone "
            "else. The match ends after the deal in which anyone reaches 100; the lowest total "
            "wins and tied players share."
        ),
        source=(
            "Hearts seed (S-H), 'Dama negra' and 'Disparando a la luna'; pagat.com Hearts "
            "(J. McLeod), Black Lady section; shared/RULINGS.md 1.1 black-lady, H1–H6, H20"
        ),
        options={},
    ),
)
