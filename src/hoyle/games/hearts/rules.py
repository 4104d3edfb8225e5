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
from hoyle.i18n import N_, _

__all__ = [
    "PRESETS",
    "BonusCard",
    "FirstLead",
    "HeartValues",
    "HeartsRules",
    "Moon",
    "Partnership",
    "Pass",
    "SpadeValues",
    "Stakes",
    "Tie",
    "Widow",
]


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
    SLAM = "slam"
    """Omnibus: taking every counting card, bonus card included, scores minus the full
    penalty for the taker and nothing for anyone else."""


class HeartValues(enum.Enum):
    """What each heart costs."""

    ONE = "one"
    """1 each (13 a deal)."""
    SPOT = "spot"
    """By rank: 2–10 face value, J 11, Q 12, K 13, A 14 (Spot Hearts, the Eagle Game; 104)."""
    GREEK = "greek"
    """2–10 face value, J Q K 10 each, A 15 (Phillips & Westall's Greek Hearts; 99)."""
    PARLETT = "parlett"
    """2–10 1 each, J Q K 10 each, A 15 (Parlett's Greek Hearts; 54)."""
    EAGLE_SHORT = "eagle_short"
    """2–10 1 each, J 2, Q 3, K 4, A 5 (the Eagle Game's second scheme; 23)."""
    EAGLE_SHORT_FACE = "eagle_short_face"
    """2–10 face value, J 2, Q 3, K 4, A 5 (the seed's other reading of that scheme; 68)."""


class SpadeValues(enum.Enum):
    """Penalties on the A♠ and K♠ (Black Maria)."""

    NONE = "none"
    """Neither is a penalty card."""
    SEED = "seed"
    """A♠ 10, K♠ 7, as the Hearts seed gives them."""
    TRADITIONAL = "traditional"
    """K♠ 10, A♠ 7, as pagat and the other books give them."""


class BonusCard(enum.Enum):
    """A card worth −10 to the player who takes it (Omnibus)."""

    NONE = "none"
    TD = "TD"
    """The 10♦ (Omnibus)."""
    JD = "JD"
    """The J♦ ("Jack of Diamonds" rule; the same as ``jd_bonus=true``)."""


class Stakes(enum.Enum):
    """How the final scores turn into the result."""

    NONE = "none"
    """The lowest total wins (returns: win 1, ties shared)."""
    AVERAGE = "average"
    """Everyone pays (score − average) into a pool or draws (average − score): the returns."""


class Partnership(enum.Enum):
    """Fixed partnerships: four players, partners opposite (seats 0 and 2, 1 and 3)."""

    NONE = "none"
    """Everyone plays alone."""
    TEAM = "team"
    """Partners add their penalties together; a moon is made by the two together."""
    INDIVIDUAL = "individual"
    """Scores are kept per player and a moon is one player's; at the end partners add up."""


class Tie(enum.Enum):
    """What a tie for the lowest total does at the end of a match."""

    SHARE = "share"
    """The tied players share the win."""
    PLAY_ON = "play_on"
    """Deal again until one player alone has the lowest total."""


class Widow(enum.Enum):
    """What the winner of the first trick does with the widow."""

    TO_TRICKS = "to_tricks"
    """Adds it, unseen by the others, to the cards they took."""
    TO_HAND = "to_hand"
    """Takes it into hand, then discards as many cards face down to the cards they took."""


_REMOVAL_ORDER = tuple(f"{rank}{suit}" for rank in "23456789" for suit in "SCD")


STANDARD_CYCLE_EVEN = (Pass.LEFT, Pass.RIGHT, Pass.ACROSS, Pass.HOLD)
STANDARD_CYCLE_ODD = (Pass.LEFT, Pass.RIGHT, Pass.HOLD)


@dataclass(frozen=True, kw_only=True)
class HeartsRules:
    """Every rule option of the Hearts family. Defaults are Black Lady as most people play it."""

    players: int = option(
        4,
        N_("number of players (3…6; two packs: 6…11)"),
        min=2,
        max=11,
    )
    packs: int = option(
        1,
        N_(
            "packs shuffled together: 1, or 2 for 6…11 players (dealt out as far as they go "
            "evenly, the rest a face-down kitty for the first trick's winner)"
        ),
        min=1,
        max=2,
    )
    cancellation: bool = option(
        False,
        N_(
            "two packs: identical cards in one trick cancel; a trick with two cancelled pairs, or "
            "no uncancelled card of the led suit, is void and goes to the next trick's winner"
        ),
    )
    deals: int = option(
        0, N_("number of deals in the match; 0 plays until someone reaches the target"), min=0
    )
    target: int = option(
        100, N_("the match ends after the deal in which anyone reaches this"), min=1
    )
    deal_limit: int = option(
        1000,
        N_(
            "a safety cap: the match ends after this many deals at most, ranked by its totals (a "
            "match to a target with moon=subtract or tie=play_on could otherwise go on for ever)"
        ),
        min=1,
        max=100_000,
    )
    hand_size: int = option(
        0,
        N_(
            "cards dealt to each player, the rest a face-down stock that a player unable to follow "
            "draws from (Domino Hearts: 6); 0 deals the whole pack out"
        ),
        min=0,
        max=26,
        aliases=("deal_size",),
    )
    pass_cycle: tuple[Pass, ...] | None = option(
        None,
        N_(
            "pass directions deal by deal; default left,right,across,hold (odd tables: no across);"
            " hold alone means no passing"
        ),
    )
    pass_count: int = option(3, N_("cards each player passes"), min=1, max=6)
    first_lead: FirstLead = option(
        FirstLead.LOWEST_CLUB,
        N_("who leads the first trick: the 2♣ (lowest club) or eldest, any card"),
    )
    lead_any_club: bool = option(
        False, N_("the holder of the lowest club may lead any club to the first trick")
    )
    no_points_first_trick: bool = option(
        True, N_("no heart or Q♠ on the first trick unless the player holds nothing else")
    )
    must_break_hearts: bool = option(
        True,
        N_("hearts may not be led until a heart has been played (unless only hearts are held)"),
    )
    queen_breaks_hearts: bool = option(False, N_("playing the Q♠ also breaks hearts"))
    lead_hearts_instead_of_queen: bool = option(
        False,
        N_("a leader holding only hearts and the Q♠ may lead a heart before hearts are broken"),
    )
    jd_bonus: bool = option(False, N_("the J♦ counts −10 to the player who takes it"))
    heart_values: HeartValues = option(
        HeartValues.ONE, N_("what each heart costs: one, spot, greek, parlett or eagle_short")
    )
    ace_value: int | None = option(
        None, N_("what the A♥ costs instead of its value in heart_values (modern Spot: 1)"), min=0
    )
    queen_spades: int = option(13, N_("what the Q♠ costs (0: not a penalty card)"), min=0, max=100)
    jack_value: int = option(
        0, N_("what the J♠ costs (Black Jack: 10; Gibson 1974: 13)"), min=0, max=100
    )
    spade_values: SpadeValues = option(
        SpadeValues.NONE,
        N_(
            "Black Maria's A♠ and K♠ penalties: none, seed (A♠ 10, K♠ 7, as the encyclopedia "
            "article has them), traditional (K♠ 10, A♠ 7)"
        ),
    )
    bonus_card: BonusCard = option(
        BonusCard.NONE, N_("a card worth −10 to its taker: none, TD (Omnibus) or JD")
    )
    moon_points: int | None = option(
        None,
        N_(
            "what a moon gives each other player (or takes off the shooter); default: the total "
            "of the penalty cards; 0: the shooter's own score for the deal, queen effects included"
        ),
        min=0,
    )
    heart_queen_doubles: bool = option(
        False, N_("the Q♥ doubles every heart its taker captured, itself included (Royal Hearts)")
    )
    club_queen_cancels: bool = option(
        False, N_("the Q♣ cancels the Q♠ penalty when the same player takes both (Royal Hearts)")
    )
    diamond_queen: int = option(
        0,
        N_("points the Q♦ takes off its taker's running total, never below 0 (Royal Hearts: 10)"),
        min=0,
        max=100,
    )
    queen_allowed_first_trick: bool = option(
        False,
        N_("with no_points_first_trick, the Q♠ may still go to the first trick (hearts only)"),
    )
    partnership: Partnership = option(
        Partnership.NONE, N_("fixed partnerships of partners opposite: none, team or individual")
    )
    pass_to_partner: bool = option(
        False,
        N_("with a partnership, every pass goes to partner (across), whatever pass_cycle says"),
    )
    other_queens: int = option(
        0,
        N_("what the Q♣, Q♦ and Q♥ cost (Chasse au cœur: 13; the Q♥ then counts only as a queen)"),
        min=0,
        max=100,
    )
    generale: bool = option(
        False,
        N_(
            "before the first lead a player may announce a Générale: taking every penalty card "
            "gives each opponent the deal's full penalty, failing gives it to the declarer alone"
        ),
    )
    chips: int = option(
        0,
        N_(
            "play for chips, each player starting with this many (25 or 50): the 1887 settlement, "
            "to the deal in which someone has none left; 0 plays for points"
        ),
        min=0,
        max=100,
    )
    revoke_penalty: int = option(
        0,
        N_(
            "chip games: a player may revoke (not follow suit when able); the revoke is seen at "
            "once, the revoker takes the trick and pays this many chips to each opponent; 0: "
            "revokes are refused"
        ),
        min=0,
        max=50,
    )
    jokers: int = option(
        0,
        N_(
            "jokers added to the pack (Joker Hearts): playable to any trick, never winning, "
            "never scoring"
        ),
        min=0,
        max=2,
    )
    auction: bool = option(
        False,
        N_(
            "chip games: one round of bids after the deal; the winner pays the bid to the table, "
            "names the penalty suit and leads"
        ),
    )
    slam_bid: int = option(
        0,
        N_(
            "after the pass, one round of bids of 1 up to this many points to take every trick, "
            "the holder of the bonus card being the high bidder's silent partner; 0: no slam bids"
        ),
        min=0,
        max=100,
    )
    stakes: Stakes = option(
        Stakes.NONE, N_("settle the match by the average: each pays or draws score − average")
    )
    no_tricks_bonus: int = option(
        0,
        N_("points taken off a player who takes no trick in a deal without a moon (0: no bonus)"),
        min=0,
        max=26,
    )
    moon: Moon = option(Moon.ADD, N_("shooting the moon: add, subtract, choose, none, …"))
    tie: Tie = option(Tie.SHARE, N_("a tie for the lowest total at the end: share or play on"))
    removed_3p: tuple[str, ...] | None = option(
        ("2D",),
        N_(
            "cards taken out of the pack for 3 players; the word default takes out as many of "
            "the lowest cards outside hearts (2♠ 2♣ 2♦ 3♠ 3♣ …) as the pack needs to divide evenly"
        ),
    )
    removed_4p: tuple[str, ...] | None = option(
        (),
        N_(
            "cards taken out of the pack for 4 players; the word default takes out as many of "
            "the lowest cards outside hearts (2♠ 2♣ 2♦ 3♠ 3♣ …) as the pack needs to divide evenly"
        ),
    )
    removed_5p: tuple[str, ...] | None = option(
        ("2C", "2D"),
        N_(
            "cards taken out of the pack for 5 players; the word default takes out as many of "
            "the lowest cards outside hearts (2♠ 2♣ 2♦ 3♠ 3♣ …) as the pack needs to divide evenly"
        ),
    )
    removed_6p: tuple[str, ...] | None = option(
        ("2C", "3C", "2D", "2S"),
        N_(
            "cards taken out of the pack for 6 players; the word default takes out as many of "
            "the lowest cards outside hearts (2♠ 2♣ 2♦ 3♠ 3♣ …) as the pack needs to divide evenly"
        ),
    )

    widow_3p: int = option(0, N_("cards dealt face down to a widow with 3 players"), min=0, max=8)
    widow_4p: int = option(0, N_("cards dealt face down to a widow with 4 players"), min=0, max=8)
    widow_5p: int = option(0, N_("cards dealt face down to a widow with 5 players"), min=0, max=8)
    widow_6p: int = option(0, N_("cards dealt face down to a widow with 6 players"), min=0, max=8)
    widow: Widow = option(
        Widow.TO_TRICKS,
        N_(
            "the first trick's winner adds the widow to their tricks (to_tricks) or takes it into "
            "hand and discards as many cards face down (to_hand)"
        ),
    )

    def __post_init__(self) -> None:
        low, high = self.player_range
        if not low <= self.players <= high:
            if self.players > high:
                text = _(
                    "hearts needs {low}…{high} players with these rules, not {players}; "
                    "two packs (packs=2) seat 6…11"
                )
            else:
                text = _("hearts needs {low}…{high} players with these rules, not {players}")
            raise InvalidOptionError(text.format(low=low, high=high, players=self.players))
        if self.packs > 1:
            self._check_two_packs()
        elif self.cancellation:
            raise InvalidOptionError(
                _("cancellation needs two identical cards, so two packs: give packs=2")
            )
        if self.pass_cycle is not None and self.pass_cycle == self._standard_cycle:
            # The standard cycle written out is the default: one game, one game string.
            object.__setattr__(self, "pass_cycle", None)
        cycle = self.effective_pass_cycle
        if not cycle:
            raise InvalidOptionError(_("pass_cycle needs at least one direction, e.g. hold"))
        if Pass.ACROSS in cycle and self.players % 2:
            raise InvalidOptionError(
                _(
                    "pass_cycle cannot pass across with {players} players; "
                    "use left, right, hold (or second_left, second_right with 5)"
                ).format(players=self.players)
            )
        if self.partnership is not Partnership.NONE and self.players != 4:
            raise InvalidOptionError(
                _("a partnership game is for 4 players (partners opposite), not {players}").format(
                    players=self.players
                )
            )
        if self.chips and self.partnership is not Partnership.NONE:
            raise InvalidOptionError(_("the chip game is played alone: use partnership=none"))
        if self.chips and (
            self.heart_queen_doubles or self.club_queen_cancels or self.diamond_queen
        ):
            raise InvalidOptionError(_("the queens' effects are for points games, not chips"))
        if self.revoke_penalty and not self.chips:
            raise InvalidOptionError(
                _("revoke_penalty is paid in chips: give chips=25 (or 50), or revoke_penalty=0")
            )
        if self.auction and not self.chips:
            raise InvalidOptionError(_("an auction is bid in chips: give chips=25 (or 50)"))
        if self.generale and (self.chips or self.partnership is not Partnership.NONE):
            raise InvalidOptionError(_("a Générale is a points game for players alone"))
        if self.chips and self.moon is not Moon.NONE:
            raise InvalidOptionError(
                _("the chip game has its own rule for taking every penalty card: use moon=none")
            )
        if self.slam_bid and (
            self.bonus_card is BonusCard.NONE
            or self.chips
            or self.auction
            or self.generale
            or self.partnership is not Partnership.NONE
        ):
            raise InvalidOptionError(
                _(
                    "slam_bid makes the holder of the bonus card the bidder's silent partner: it "
                    "needs bonus_card=TD (or JD), points (chips=0), no auction, no Générale and "
                    "partnership=none"
                )
            )
        if self.pass_to_partner and self.partnership is Partnership.NONE:
            raise InvalidOptionError(_("pass_to_partner needs partnership=team or individual"))
        if {Pass.SECOND_LEFT, Pass.SECOND_RIGHT} & set(cycle) and self.players < 5:
            raise InvalidOptionError(
                _(
                    "pass_cycle cannot pass to the second seat over with {players} players; "
                    "use left, right or across"
                ).format(players=self.players)
            )
        if Pass.SCATTER in cycle and self.pass_count % (self.players - 1):
            raise InvalidOptionError(
                _(
                    "a scatter pass gives each of the {others} other players the same "
                    "number of cards: pass_count must be a multiple of {others}, not {count}"
                ).format(others=self.players - 1, count=self.pass_count)
            )
        for key in ("removed_3p", "removed_4p", "removed_5p", "removed_6p"):
            given = getattr(self, key)
            if given is None:  # as many as the pack needs, computed in removed_cards
                continue
            try:
                indices = sorted({card_index(t.strip().upper()) for t in given})
            except CardError as exc:
                raise InvalidOptionError(f"{key}: {exc}") from None
            if len(indices) != len(given):
                raise InvalidOptionError(
                    _("{option} names a card twice: {cards}").format(
                        option=key, cards=",".join(given)
                    )
                )
            # Canonical tokens in pack order (``2d,10H`` becomes ``2D,TH``), so that equal rules
            # compare equal and the game string names them one way.
            object.__setattr__(self, key, tuple(TOKENS[i] for i in indices))
        removed = self.removed_cards
        if self.first_lead is FirstLead.LOWEST_CLUB and all(c in removed for c in range(13)):
            raise InvalidOptionError(
                _(
                    "removed_{players}p takes out every club, so no club can lead; "
                    "use first_lead=eldest_any"
                ).format(players=self.players)
            )
        if self.slam_bid and card_index(self.bonus_card.value) in removed:
            raise InvalidOptionError(
                _(
                    "slam_bid needs the {card} in the pack to name the silent partner, "
                    "but removed_{players}p takes it out"
                ).format(card=self.bonus_card.value, players=self.players)
            )
        size = 52 * self.packs + self.jokers - len(removed) - self.widow_size
        if self.hand_size:
            self._check_stock(size)  # the pack need not divide: the rest is the stock
        elif size % self.players or size < self.players:
            raise InvalidOptionError(
                _(
                    "{size} cards do not divide among {players} players; "
                    "change removed_{players}p or widow_{players}p"
                ).format(size=size, players=self.players)
            )
        if any(d is not Pass.HOLD for d in cycle) and self.pass_count >= size // self.players:
            raise InvalidOptionError(
                _("pass_count {count} must be less than the hand of {hand}").format(
                    count=self.pass_count, hand=size // self.players
                )
            )
        if self.target < 1:
            raise InvalidOptionError(_("target must be at least 1"))
        if self.deals > self.deal_limit:
            raise InvalidOptionError(
                _("deals={deals} is more than deal_limit={limit}: raise deal_limit").format(
                    deals=self.deals, limit=self.deal_limit
                )
            )

    def _check_stock(self, pack: int) -> None:
        """What a game with a stock (``hand_size``) cannot combine with."""
        need = self.hand_size * self.players
        if need > pack:
            raise InvalidOptionError(
                _(
                    "hand_size {size} for {players} players needs {need} cards but "
                    "the pack has {pack}: deal at most {most} each"
                ).format(
                    size=self.hand_size,
                    players=self.players,
                    need=need,
                    pack=pack,
                    most=pack // self.players,
                )
            )
        # The stock game replaces the widow and the pass, and jokers would break the rule that
        # a player draws until able to follow; the 2♣ may lie in the stock, so eldest leads.
        if self.widow_size:
            raise InvalidOptionError(
                _("a game with a stock (hand_size) has no widow: use widow_{players}p=0").format(
                    players=self.players
                )
            )
        if self.jokers:
            raise InvalidOptionError(
                _("a game with a stock (hand_size) has no jokers: use jokers=0")
            )
        if self.revoke_penalty:
            # Unable to follow, a player draws: there is no revoke to make.
            raise InvalidOptionError(
                _("a game with a stock (hand_size) has no revokes: use revoke_penalty=0")
            )
        if self.slam_bid:
            # A slam is every trick of a deal, and with a stock the number of tricks is open.
            raise InvalidOptionError(
                _("a game with a stock (hand_size) has no slam bids: slam_bid=0")
            )
        if any(d is not Pass.HOLD for d in self.effective_pass_cycle):
            raise InvalidOptionError(
                _("a game with a stock (hand_size) passes no cards: use pass_cycle=hold")
            )
        if self.first_lead is FirstLead.LOWEST_CLUB:
            raise InvalidOptionError(
                _(
                    "with a stock (hand_size) the lowest club may not be dealt: "
                    "use first_lead=eldest_any"
                )
            )

    def _check_two_packs(self) -> None:
        """Refuse what two packs cannot do: rules that need a unique card or a single copy."""
        if self.pass_cycle != (Pass.HOLD,):
            raise InvalidOptionError(
                _("two packs are played without passing: give pass_cycle=hold")
            )
        if self.first_lead is FirstLead.LOWEST_CLUB:
            raise InvalidOptionError(
                _(
                    "with two packs two players may hold the 2♣, so it cannot name the first "
                    "leader: give first_lead=eldest_any"
                )
            )
        refused = [
            ("jokers", self.jokers),
            ("chips", self.chips),
            ("auction", self.auction),
            ("generale", self.generale),
            ("heart_queen_doubles", self.heart_queen_doubles),
            ("club_queen_cancels", self.club_queen_cancels),
            ("diamond_queen", self.diamond_queen),
            ("slam_bid", self.slam_bid),
            ("revoke_penalty", self.revoke_penalty),
            ("widow=to_hand", self.widow is Widow.TO_HAND),
            ("hand_size", self.hand_size),
        ]
        for name, value in refused:
            if value:
                raise InvalidOptionError(
                    _("{option} is a one-pack rule; with packs=2 leave it at its default").format(
                        option=name
                    )
                )

    @property
    def max_deals(self) -> int:
        """The most deals a match can last: ``deals`` when that ends it (one deal, or ties
        shared), else the safety cap ``deal_limit``."""
        if self.deals and (self.deals == 1 or self.tie is Tie.SHARE):
            return self.deals
        return self.deal_limit

    @property
    def effective_pass_cycle(self) -> tuple[Pass, ...]:
        """The pass cycle in force: the option, or the standard one for the table size."""
        if self.pass_to_partner:
            return (Pass.ACROSS,)
        if self.pass_cycle is not None:
            return self.pass_cycle
        return self._standard_cycle

    @property
    def _standard_cycle(self) -> tuple[Pass, ...]:
        return STANDARD_CYCLE_EVEN if self.players % 2 == 0 else STANDARD_CYCLE_ODD

    @property
    def player_range(self) -> tuple[int, int]:
        """The table sizes these rules allow (one pack dealt out: 3…6; with a stock: 2…7;
        two packs: 6…11)."""
        if self.packs == 2:
            return (6, 11)
        return (2, 7) if self.hand_size else (3, 6)

    @property
    def widow_size(self) -> int:
        """Cards set aside face down for the first trick's winner at this table size (two
        packs: the kitty, what is left when 104 cards are dealt out evenly)."""
        if self.packs == 2:
            return 104 % self.players
        return {3: self.widow_3p, 4: self.widow_4p, 5: self.widow_5p, 6: self.widow_6p}.get(
            self.players, 0
        )

    @property
    def removed_cards(self) -> tuple[int, ...]:
        """Indices of the cards taken out of the pack for this number of players (none with
        two packs: the odd cards form the kitty instead)."""
        if self.packs == 2:
            return ()
        tokens: tuple[str, ...] | None = {
            3: self.removed_3p,
            4: self.removed_4p,
            5: self.removed_5p,
            6: self.removed_6p,
        }.get(self.players, ())
        if tokens is None:
            # RULINGS H13: the lowest cards outside hearts, 2♠ 2♣ 2♦ 3♠ 3♣ …, until the pack
            # (jokers and widow counted) divides evenly.
            extra = (52 + self.jokers - self.widow_size) % self.players
            return tuple(sorted(card_index(t) for t in _REMOVAL_ORDER[:extra]))
        return tuple(card_index(t) for t in tokens)  # canonical and sorted (__post_init__)

    def card_values(self) -> list[int]:
        """Penalty points of each card index (negative for a bonus card such as the J♦)."""
        values = [0] * 52
        hearts = _HEART_VALUES[self.heart_values]
        for rank in range(13):  # 2 … A
            values[26 + rank] = hearts[rank]
        if self.ace_value is not None:
            values[card_index("AH")] = self.ace_value
        values[card_index("QS")] = self.queen_spades
        values[card_index("JS")] = self.jack_value
        ace, king = {
            SpadeValues.NONE: (0, 0),
            SpadeValues.SEED: (10, 7),
            SpadeValues.TRADITIONAL: (7, 10),
        }[self.spade_values]
        values[card_index("AS")] = ace
        values[card_index("KS")] = king
        if self.other_queens:
            for token in ("QC", "QD", "QH"):
                values[card_index(token)] = self.other_queens
        if self.bonus_card is not BonusCard.NONE:
            values[card_index(self.bonus_card.value)] = -10
        if self.jd_bonus:
            values[card_index("JD")] = -10
        return values


# Arnold's modern basic game, which Joker Hearts builds on.
_MODERN = {
    "pass_cycle": (Pass.HOLD,),
    "first_lead": FirstLead.ELDEST_ANY,
    "must_break_hearts": False,
    "no_points_first_trick": False,
    "queen_spades": 0,
    "moon": Moon.NONE,
}

# The 1887 game's table manners, shared by its chip presets.
_CHIP_GAME = {
    "chips": 25,
    "pass_cycle": (Pass.HOLD,),
    "first_lead": FirstLead.ELDEST_ANY,
    "must_break_hearts": False,
    "no_points_first_trick": False,
    "queen_spades": 0,
    "moon": Moon.NONE,
}

# Heart values by rank, 2 … A.
_HEART_VALUES = {
    HeartValues.ONE: (1,) * 13,
    HeartValues.SPOT: tuple(range(2, 15)),
    HeartValues.GREEK: (2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 15),
    HeartValues.PARLETT: (1,) * 9 + (10, 10, 10, 15),
    HeartValues.EAGLE_SHORT: (1,) * 9 + (2, 3, 4, 5),
    HeartValues.EAGLE_SHORT_FACE: (*range(2, 11), 2, 3, 4, 5),
}


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
        summary=N_(
            "Hearts as most people play it. Three cards are passed each deal, in the cycle "
            "left, right, across, hold (left, right, hold at an odd table). The holder of the 2♣ "
            "leads it; no heart or Q♠ may be played to the first trick unless nothing else is "
            "held; hearts may not be led until one has been played. Each heart costs 1 and the "
            "Q♠ 13. A player who takes all of them shoots the moon: 0 for them, 26 for everyone "
            "else. The match ends after the deal in which anyone reaches 100; the lowest total "
            "wins and tied players share."
        ),
        source=(
            "Wikipedia, 'Hearts (card game)', on Black Lady and on shooting the moon; pagat.com "
            "'Hearts' (John McLeod), Black Lady, for the 2♣ lead (the lowest club in play when the "
            "2♣ is out), no points on the first trick and a moon adding 26 to everyone else; "
            "pagat.com and the USPCC's Hearts rules for the cards left out at three and five "
            "players. hoyle's reading: six players leave out the 3♣, 2♣, 2♦ and 2♠."
        ),
        options={},
    ),
    Variant(
        name="modern",
        aliases=("plain-hearts", "arnold"),
        summary=N_(
            "The basic game as Arnold (2011) gives it. Three to six play, four best; no cards "
            "are passed (passing is a variant: pass_cycle). Eldest hand leads any card to the "
            "first trick, hearts may be led at any time and points may go to the first trick. "
            "Each heart costs 1; there is no moon unless agreed. The match ends after the deal "
            "in which anyone reaches 100 (or after an agreed number of deals, deals=N); the "
            "lowest total wins. Played for stakes (stakes=average), each player pays the "
            "difference above the average score into a pool or draws the difference below it."
        ),
        source=(
            "Wikipedia, 'Hearts (card game)', its modern rules after Arnold (2011), their scoring "
            "and shooting the moon; pagat.com 'Hearts' (John McLeod), whose original game lets "
            "hearts be led at any time and points go to the first trick."
        ),
        options=dict(_MODERN),
    ),
    Variant(
        name="black-jack",
        aliases=("black-jack-hearts",),
        summary=N_(
            "Black Lady's twin from Foster (1909): the J♠ instead of the Q♠ is the penalty "
            "card, worth 10, and each heart 1 (23 a deal). Three cards are passed to the left "
            "every deal. Otherwise as Black Lady: the 2♣ leads, no points on the first trick, "
            "hearts must be broken, and taking all 23 points shoots the moon. Gibson (1974) "
            "gives the jack 13 (jack_value=13)."
        ),
        source="Wikipedia, 'Hearts (card game)', Black Jack (citing Foster 1909 and Gibson 1974).",
        options={
            "queen_spades": 0,
            "jack_value": 10,
            "pass_cycle": (Pass.LEFT,),
        },
    ),
    Variant(
        name="black-maria",
        aliases=("dirty-lady", "slippery-bitch"),
        summary=N_(
            "The British game (Phillips). Best for three, who play without the 2♣ (five: "
            "without the 2♣ and 2♦; six: without the four 2s). Three cards are passed to the "
            "right every deal. Eldest hand leads any card and hearts may be led at any time. "
            "Hearts cost 1, the Q♠ (Black Maria) 13, and as the encyclopedia article gives "
            "them the A♠ 10 and the K♠ 7 (43 a deal; the books have K♠ 10 and A♠ 7: "
            "spade_values=traditional). "
            "Shooting the moon is optional (moon=add). The match ends at 100."
        ),
        source=(
            "Wikipedia, 'Hearts (card game)', Black Maria (after Phillips; Arnold 1995), for the "
            "A♠ 10 and K♠ 7; pagat.com 'Hearts', Black Maria, and Wikipedia, 'Black Maria (card "
            "game)', for the cards left out, the lead and the K♠ 10 and A♠ 7 of "
            "spade_values=traditional."
        ),
        options={
            "players": 3,
            "removed_3p": ("2C",),
            "removed_6p": ("2C", "2D", "2H", "2S"),
            "pass_cycle": (Pass.RIGHT,),
            "first_lead": FirstLead.ELDEST_ANY,
            "must_break_hearts": False,
            "no_points_first_trick": False,
            "spade_values": SpadeValues.SEED,
            "moon": Moon.NONE,
        },
    ),
    Variant(
        name="omnibus",
        aliases=("omnibus-hearts", "hit-the-moon"),
        summary=N_(
            "Black Lady with a bonus card (Culbertson 1950): whoever takes the 10♦ scores −10 "
            "(the J♦ in the 'Jack of Diamonds' form: bonus_card=JD). Taking all fifteen "
            "counting cards — every heart, the Q♠ and the 10♦ — is a slam: −26 for the taker "
            "and nothing for anyone else (moon=add scores the hearts and Q♠ as in Black Lady "
            "and credits the bonus card apart). The match ends at 100."
        ),
        source=(
            "Wikipedia, 'Hearts (card game)', Omnibus Hearts (citing Culbertson 1950 and Arnold "
            "2011); bicyclecards.com 'Omnibus Hearts' for the slam, −26 to the taker and nothing "
            "to the others; pagat.com 'Hearts' for moon=modern."
        ),
        options={
            "bonus_card": BonusCard.TD,
            "moon": Moon.SLAM,
        },
    ),
    Variant(
        name="spot",
        aliases=("spot-hearts", "chip-hearts"),
        summary=N_(
            "Spot Hearts (Foster 1897), the first Eagle Game's scoring as points: each heart "
            "costs its rank — 2 to 10 their face value, J 11, Q 12, K 13, A 14 (104 a deal). "
            "No other card counts. No cards are passed; eldest hand leads any card and hearts "
            "may be led at any time. The match is to 500. Modern rules make the ace 1 "
            "(ace_value=1); pagat adds the Q♠ at 25 (queen_spades=25)."
        ),
        source=(
            "Wikipedia, 'Hearts (card game)', Spot Hearts (citing The Standard Hoyle 1887, Foster "
            "1897 and the Little Giant Encyclopedia of Card Games 2009); pagat.com 'Hearts', Spot "
            "Hearts, for the game to 500 and the Q♠ at 25."
        ),
        options={
            "heart_values": HeartValues.SPOT,
            "queen_spades": 0,
            "pass_cycle": (Pass.HOLD,),
            "first_lead": FirstLead.ELDEST_ANY,
            "must_break_hearts": False,
            "no_points_first_trick": False,
            "moon": Moon.NONE,
            "target": 500,
        },
    ),
    Variant(
        name="greek",
        aliases=("greek-hearts",),
        summary=N_(
            "Greek Hearts as Phillips and Westall (1939) found it played in Greece. The Q♠ "
            "costs 50, the A♥ 15, the K♥ Q♥ J♥ 10 each and the other hearts their face value. "
            "Taking every penalty card gives each opponent 150. Three cards are passed to the "
            "right; eldest hand leads any card. The match is to 500. Parlett (2008) counts the "
            "2♥–10♥ 1 each (heart_values=parlett)."
        ),
        source=(
            "Wikipedia, 'Hearts (card game)', Greek Hearts (citing Phillips & Westall 1939 and "
            "Parlett 2008). hoyle's ruling where they are silent: three cards are passed to the "
            "right, as in Culbertson's Greek Hearts and in Black Maria."
        ),
        options={
            "queen_spades": 50,
            "heart_values": HeartValues.GREEK,
            "moon_points": 150,
            "pass_cycle": (Pass.RIGHT,),
            "first_lead": FirstLead.ELDEST_ANY,
            "must_break_hearts": False,
            "no_points_first_trick": False,
            "target": 500,
        },
    ),
    Variant(
        name="greek-culbertson",
        title="Greek (Culbertson)",
        aliases=(),
        summary=N_(
            "Greek Hearts as Culbertson (1950) describes it: Black Lady with three changes. "
            "Three cards are always passed to the right; the J♦ counts −10 to its taker; and "
            "no heart may be played to the first trick unless the player holds nothing else "
            "(the Q♠ may be)."
        ),
        source=(
            "Wikipedia, 'Hearts (card game)', Greek Hearts (citing Culbertson 1950). hoyle's "
            "reading: the J♦ is a bonus of 10 to its taker, as the 10♦ is in Omnibus, and a moon "
            "does not need it."
        ),
        options={
            "pass_cycle": (Pass.RIGHT,),
            "bonus_card": BonusCard.JD,
            "queen_allowed_first_trick": True,
        },
    ),
    Variant(
        name="greek-maguire",
        title="Greek (Maguire)",
        aliases=(),
        summary=N_(
            "Greek Hearts as Maguire (1990) gives it: Spot Hearts (each heart its rank, A 14) "
            "with three cards passed to the left every deal."
        ),
        source="Wikipedia, 'Hearts (card game)', Greek Hearts (citing Maguire 1990, p. 65).",
        options={
            "heart_values": HeartValues.SPOT,
            "queen_spades": 0,
            "pass_cycle": (Pass.LEFT,),
            "first_lead": FirstLead.ELDEST_ANY,
            "must_break_hearts": False,
            "no_points_first_trick": False,
            "moon": Moon.NONE,
            "target": 500,
        },
    ),
    Variant(
        name="partnership",
        aliases=("partnership-hearts", "team-hearts"),
        summary=N_(
            "Black Lady for four in two fixed partnerships, partners sitting opposite "
            "(Morehead 2001). Partners add their penalty points together, and a team that "
            "takes every heart and the Q♠ between them shoots the moon: the other team scores "
            "52 (26 each). The match ends when a team reaches 100; the lower team wins. Some "
            "pass every deal to partner (pass_to_partner=true)."
        ),
        source=(
            "Wikipedia, 'Hearts (card game)', Partnership Hearts, first version (citing Morehead, "
            "Mott-Smith & Morehead 2001); pagat.com 'Hearts', Partnership Hearts."
        ),
        options={"partnership": Partnership.TEAM},
    ),
    Variant(
        name="partnership-individual",
        title="Partnership (scores kept apart)",
        aliases=(),
        summary=N_(
            "Partnership Hearts' second version: partners sit opposite but every player keeps "
            "their own score, and a moon must be shot by one player alone. When anyone reaches "
            "100, each team adds its two totals and the lower team wins."
        ),
        source=(
            "Wikipedia, 'Hearts (card game)', Partnership Hearts, second version (citing Morehead "
            "2001); pagat.com 'Hearts', Partnership Hearts."
        ),
        options={"partnership": Partnership.INDIVIDUAL},
    ),
    Variant(
        name="partnership-slam",
        title="Partnership with Slam Bids",
        aliases=("slam-hearts", "partnership-omnibus"),
        summary=N_(
            "Partnership Hearts' third version (Morehead 2001): Omnibus with a slam bid. After "
            "the pass each player once, from eldest hand to the dealer, passes or bids more "
            "points than the bid before (1 to 26), undertaking that their side will take every "
            "trick. The holder of the 10♦ is the high bidder's silent partner: they know it, "
            "the others learn it when the 10♦ is played, and a bidder who holds it plays alone. "
            "Made, the bidder and partner score −(26 + bid) each and nobody else anything; "
            "failed, each of the two scores their combined Omnibus score plus the bid, and the "
            "others score as in Omnibus. If nobody bids the deal is plain Omnibus. The match "
            "ends at 100. The encyclopedia article gives only the bid, the silent partner and "
            "the combined score: the bids' range and the scores are hoyle's ruling where it is "
            "silent."
        ),
        source=(
            "Wikipedia, 'Hearts (card game)', Partnership Hearts, third version (citing Morehead "
            "2001), for the slam bid, the 10♦'s holder as silent partner and the combined score. "
            "hoyle's rulings where it is silent: one round of bids from 1 to 26, and the scores of "
            "a slam made and failed."
        ),
        options={
            "bonus_card": BonusCard.TD,
            "moon": Moon.SLAM,
            "slam_bid": 26,
        },
    ),
    Variant(
        name="original-1887",
        title="Original (1887)",
        aliases=("hearts-1887", "standard-hoyle", "original"),
        summary=N_(
            "Hearts as The Standard Hoyle (1887) gives it, played for chips: each player starts "
            "with 25 (or 50: chips=50). No cards are passed; eldest hand leads any card and "
            "hearts may be led at any time. After each deal the player with the fewest hearts "
            "collects from every other player one chip per heart that player took; players tied "
            "for fewest share the pot, and what does not divide stays on the table for the next "
            "deal's winners. A player who takes all 13 hearts pays 13: 4 to each opponent and 1 "
            "to the table. The game ends after the deal in which someone has no chips left; the "
            "most chips wins. Scores and returns are chips. Revokes are refused; with an agreed "
            "penalty (revoke_penalty=N) a player may revoke, takes the trick and pays N chips "
            "to each opponent."
        ),
        source=(
            "Wikipedia, 'Hearts (card game)', its oldest rules (citing The Standard Hoyle 1887, "
            "pp. 234–240), with the two worked examples of the settlement. hoyle's rulings where "
            "the sources are silent: chips left on the table go to the next deal's lowest, a "
            "slam's odd chips at other tables than four go to the table, and the game ends after "
            "the deal in which someone has no chips left."
        ),
        options=dict(_CHIP_GAME),
    ),
    Variant(
        name="double-game",
        aliases=("eagle", "eagle-game", "double-game-of-hearts"),
        summary=N_(
            "The 1887 chip game with the first Double (Eagle) scheme: each heart costs its "
            "rank in chips — A 14, K 13, Q 12, J 11, the pips their face value (104 a deal). "
            "The player who took the least value collects what each other player took; taking "
            "every heart pays 104, shared out as in the 13-heart rule."
        ),
        source=(
            "Wikipedia, 'Hearts (card game)', its history and variants (citing The Standard Hoyle "
            "1887, pp. 236–237)."
        ),
        options={**_CHIP_GAME, "heart_values": HeartValues.SPOT},
    ),
    Variant(
        name="double-game-short",
        title="Double Game (short scheme)",
        aliases=("eagle-short",),
        summary=N_(
            "The 1887 chip game with the second Eagle scheme: A 5, K 4, Q 3, J 2 and every pip "
            "card 1 (23 a deal), as the encyclopedia article's history gives it; its variants "
            "section says the pips count their face value (heart_values=eagle_short_face)."
        ),
        source=(
            "Wikipedia, 'Hearts (card game)', its history and variants (citing The Standard Hoyle "
            "1887), which disagree on the pip cards: hoyle follows the history (1 each), which "
            "keeps the values falling with the rank."
        ),
        options={**_CHIP_GAME, "heart_values": HeartValues.EAGLE_SHORT},
    ),
    Variant(
        name="chasse-au-coeur",
        title="Chasse au cœur",
        aliases=("chasse-au-cœur", "hunt-the-heart", "caza-del-corazon"),
        summary=N_(
            "The French and Belgian game of the later 19th century (Gerver 1966). Three to six "
            "play, four best. Each queen costs 13 (the Q♥ only as a queen) and every other "
            "heart 1: 64 a deal. No cards are passed; eldest hand leads any card. Before the "
            "first lead each player in turn, from eldest, may announce a Générale, undertaking "
            "to take every penalty card: made, each opponent scores 64; failed, the declarer "
            "scores 64 and nobody else anything. Taking them all unannounced (a silent "
            "Générale) gives each opponent 54. The match ends at 100."
        ),
        source=(
            "Wikipedia, 'Hearts (card game)', Chasse au cœur (citing Gerver 1966, pp. 121–123). "
            "hoyle's rulings where it is silent: the pack and the table sizes, no passing, the "
            "Générale announced before the first lead, and the match to 100."
        ),
        options={
            "other_queens": 13,
            "generale": True,
            "moon_points": 54,
            "pass_cycle": (Pass.HOLD,),
            "first_lead": FirstLead.ELDEST_ANY,
            "must_break_hearts": False,
            "no_points_first_trick": False,
        },
    ),
    Variant(
        name="royal",
        aliases=("royal-hearts",),
        summary=N_(
            "Parker Brothers' Royal Hearts (early 2000s): the four queens have their own powers. "
            "The Q♠ costs 26; the Q♥ doubles every heart its taker captured, itself included; "
            "the Q♣ cancels the Q♠ for a player who takes both; the Q♦ takes 10 off its "
            "taker's running total, but never below 0. The 2♣ leads; the Q♠ breaks hearts; "
            "penalty cards may go to the first trick; cards are passed left, across, right, "
            "with no hold. A player who takes every heart and the Q♠ chooses to subtract their "
            "own score for the deal (queen effects included) or to add it to everyone else's. "
            "The match ends when anyone is over 100. Four play; three or five can, with a "
            "cycle that has no pass across (pass_cycle=left,right)."
        ),
        source=(
            "Wikipedia, 'Hearts (card game)', Royal Hearts; the first page of Parker Brothers' "
            "Royal Hearts instructions. hoyle's reading of which queen does what: the Q♥ doubles "
            "the hearts, the Q♦ takes off 10 and the Q♣ cancels the Q♠."
        ),
        options={
            "queen_spades": 26,
            "heart_queen_doubles": True,
            "club_queen_cancels": True,
            "diamond_queen": 10,
            "queen_breaks_hearts": True,
            "no_points_first_trick": False,
            "pass_cycle": (Pass.LEFT, Pass.ACROSS, Pass.RIGHT),
            "moon": Moon.CHOOSE,
            "moon_points": 0,
            "target": 101,
        },
    ),
    Variant(
        name="heartsette",
        aliases=("widow-hearts", "hearts-with-a-widow"),
        summary=N_(
            "Heartsette (Foster 1897), with a widow. Three or four play without the 2♠ and are "
            "dealt 16 or 12 cards, leaving a widow of 3; five are dealt 10 each with a widow of "
            "2, six 8 each with a widow of 4. The widow lies face down; whoever wins the first "
            "trick adds it to their tricks, hearts and all, and may look at it, but nobody "
            "else may (widow=to_hand: they take it into hand and lay away as many cards face "
            "down into their tricks). Each heart costs 1; eldest hand leads any card; no cards "
            "are passed."
        ),
        source=(
            "Wikipedia, 'Hearts (card game)', Heartsette (citing Foster 1897, pp. 319–320). "
            "hoyle's ruling: three players leave out the 2♠ too, since the full pack does not make "
            "three hands and a widow of 3."
        ),
        options={
            "removed_3p": ("2S",),
            "removed_4p": ("2S",),
            "removed_5p": (),
            "removed_6p": (),
            "widow_3p": 3,
            "widow_4p": 3,
            "widow_5p": 2,
            "widow_6p": 4,
            "queen_spades": 0,
            "pass_cycle": (Pass.HOLD,),
            "first_lead": FirstLead.ELDEST_ANY,
            "must_break_hearts": False,
            "no_points_first_trick": False,
            "moon": Moon.NONE,
        },
    ),
    Variant(
        name="auction",
        aliases=("auction-hearts",),
        summary=N_(
            "Auction Hearts (Foster 1897), the 1887 chip game with a penalty suit bought at "
            "auction. After the deal each player once, from eldest hand to the dealer, passes "
            "or bids more chips than the bid before. The highest bidder pays the bid to the "
            "table, names any suit as the penalty suit (one chip a card) and leads first. If "
            "everyone passes, hearts are the penalty suit, eldest hand leads and nobody pays. "
            "Settlement is the 1887 one, counting the penalty suit. Four play; five or six "
            "may make a table."
        ),
        source=(
            "Wikipedia, 'Hearts (card game)', Auction Hearts (citing Foster 1897, pp. 317–318, and "
            "Parlett 2008), for the bid paid to the pool and the winner's lead. hoyle's ruling "
            "where it is silent: the settlement is the 1887 one, counting the penalty suit."
        ),
        options={**_CHIP_GAME, "auction": True},
        players=(4, 6),
    ),
    Variant(
        name="domino",
        aliases=("domino-hearts",),
        summary=N_(
            "Domino Hearts (Foster 1909), for two to seven. Each player gets six cards and the "
            "rest of the full pack is a face-down stock. Eldest hand leads any card and hearts "
            "may be led at any time; no cards are passed. A player who cannot follow suit "
            "draws from the stock, one card at a time, until able to follow; once the stock is "
            "gone, such a player discards anything. Hands grow and shrink at their own pace: a "
            "player whose cards run out sits the rest of the deal out, and when a trick's "
            "winner has none, the next player on the left still holding cards leads. The last "
            "player with cards adds them and any stock left to their tricks. Each heart costs "
            "1, the Q♠ nothing. The match ends after the deal in which anyone reaches 31; the "
            "lowest total wins. hoyle's ruling where the sources are silent: a player out of "
            "cards stays out while the stock lasts; if everyone runs out in the same trick, its "
            "winner takes the stock."
        ),
        source=(
            "Wikipedia, 'Hearts (card game)', Domino Hearts (citing Foster 1909); bicyclecards.com "
            "'Domino Hearts' (pagat.com's Hearts page has none). hoyle's rulings where they are "
            "silent: two to seven players, and what happens when players run out of cards (see the "
            "summary)."
        ),
        options={
            **_MODERN,
            "hand_size": 6,
            "removed_3p": (),
            "removed_5p": (),
            "removed_6p": (),
            "target": 31,
        },
        players=(2, 7),
    ),
    Variant(
        name="joker",
        aliases=("joker-hearts",),
        summary=N_(
            "Joker Hearts (Foster 1897): the modern game with a joker added (jokers=2 for "
            "two). A joker may be played to any trick, even by a player who could follow suit; "
            "it never wins a trick and carries no penalty. If a joker is led, the next card "
            "that is not a joker sets the suit. To deal evenly, the lowest cards outside hearts "
            "leave the pack in the order 2♠, 2♣, 2♦, 3♠, 3♣, … as many as it takes: with one "
            "joker, one with four players, two with three, three with five, five with six."
        ),
        source=(
            "Wikipedia, 'Hearts (card game)', Joker Hearts (citing Foster 1897, pp. 318–319); "
            "pagat.com's Hearts variations. hoyle's rulings where they are silent: a led joker "
            "lets the next card that is not a joker set the suit, and the pack sheds its lowest "
            "cards outside hearts until it deals evenly."
        ),
        options={
            **_MODERN,
            "jokers": 1,
            "removed_3p": None,
            "removed_4p": None,
            "removed_5p": None,
            "removed_6p": None,
        },
    ),
    Variant(
        name="cancellation",
        aliases=("cancellation-hearts",),
        summary=N_(
            "Cancellation Hearts (Culbertson 1950), Hearts for a crowd of six to eleven with two "
            "packs shuffled together. The 104 cards are dealt out as far as they go evenly; the "
            "odd cards lie face down as a kitty that the first trick's winner takes unseen by "
            "the others. No cards are passed; eldest hand leads any card, hearts may be led at "
            "any time and points may fall on the first trick. When both copies of a card fall "
            "in one trick they cancel: neither can win, and the highest uncancelled card of the "
            "suit led takes the trick. A trick with two cancelled pairs, or whose led-suit cards "
            "are all cancelled, is void: its cards go to the winner of the next trick, and the "
            "same player leads again; a void last trick goes to the previous trick's winner. "
            "Each heart costs 1 and each Q♠ 13 (52 a deal); for hearts only, give "
            "queen_spades=0. The match ends at 100, lowest wins. hoyle's rulings where the "
            "sources are silent: a void first trick takes the kitty with it to the next "
            "winner; if no trick of a deal has a winner, the cards go to the last trick's "
            "leader; a moon (moon=add, as in Black Lady) needs every penalty card of both packs "
            "and gives the others 52 each."
        ),
        source=(
            "Wikipedia, 'Hearts (card game)', Cancellation Hearts (citing Culbertson 1950), for "
            "the trick made void by two cancelled pairs; pagat.com 'Hearts', Cancellation Hearts, "
            "for the trick made void when no card of the suit led is left uncancelled; "
            "bicyclecards.com 'Cancellation Hearts'. hoyle's ruling: each Q♠ costs 13, as in Black "
            "Lady."
        ),
        options={
            "players": 8,
            "packs": 2,
            "cancellation": True,
            "pass_cycle": (Pass.HOLD,),
            "first_lead": FirstLead.ELDEST_ANY,
            "must_break_hearts": False,
            "no_points_first_trick": False,
        },
        players=(6, 11),
    ),
)
