"""All Fours rule options (:class:`AllFoursRules`) and the family's presets.

One dataclass describes every game of the family, from Cotton's 1674 rules to Auction Pitch;
presets are data. The engine branches on options only, so any preset can be changed one option
at a time: ``hoyle.load("all-fours", variant="seven-up", target=11)``.
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
    "AllFoursRules",
    "AllPass",
    "Bidding",
    "CountOrder",
    "Direction",
    "FirstDealer",
    "GameTie",
    "Gift",
    "Low",
    "RepeatExtras",
    "Stock",
    "Trump",
]

RANKS = "23456789TJQKA"


class Direction(enum.Enum):
    """The way the deal and the play go round the table."""

    CLOCKWISE = "clockwise"
    """Eldest hand is the dealer's left-hand neighbour (seat numbers rise)."""
    ANTICLOCKWISE = "anticlockwise"
    """Eldest hand is on the dealer's right (Trinidad; seat numbers fall)."""


class FirstDealer(enum.Enum):
    """How the first dealer (or first pitcher) of a match is found."""

    CUT_HIGH = "cut_high"
    """Each player cuts a card; the highest (ace high) deals; ties cut again."""
    CUT_PUT = "cut_put"
    """As cut_high, ranked as in Put: 3 2 A K Q J 10 … 4 (Cotton)."""
    FIRST_JACK = "first_jack"
    """Cards are dealt face up round the table; the first to get a jack pitches first and the
    player before them deals (Yorkshire)."""
    COLOUR_GUESS = "colour_guess"
    """One team cuts a card and the other guesses its colour; right, the guessers choose the
    first pitcher, wrong, the cutters do (Lancashire)."""


class Trump(enum.Enum):
    """How the trump suit of a hand is fixed."""

    TURN_UP = "turn_up"
    """The card after the deal is turned up (classic All Fours, Seven Up)."""
    PITCH = "pitch"
    """The suit of the first card led (Pitch, Yorkshire)."""
    CUT = "cut"
    """A card cut at random before the deal, then shuffled back (California Jack)."""


class Gift(enum.Enum):
    """What the dealer's "take one" does after eldest begs."""

    PLAY_ON = "play_on"
    """Each opposing side scores the gift and the hand is played with the turned trump."""
    THROW_IN = "throw_in"
    """Eldest scores the gift and the hand is thrown in unplayed (Cotton)."""


class RepeatExtras(enum.Enum):
    """When running the cards turns up the same suit again, the three extra cards each."""

    KEEP = "keep"
    """Are kept: everything dealt is played (or discarded down, with discard_to_six)."""
    DISCARD_UNSEEN = "discard_unseen"
    """Are thrown out unseen with that turn-up (the modern two-player rule)."""


class Low(enum.Enum):
    """Who scores the point for the lowest trump in play."""

    HELD = "held"
    """Whoever was dealt it (played it)."""
    CAPTURED = "captured"
    """Whoever wins the trick it falls in."""


class GameTie(enum.Enum):
    """Who scores the Game point when the highest card-point totals tie."""

    NOBODY = "nobody"
    ELDEST = "eldest"
    """Eldest hand's side, if it is among the tied."""
    NON_DEALER = "non_dealer"
    """With two sides, the dealer's opponents; with three players, as Foster: two non-dealers
    tied, nobody; the dealer tied with one player, that player."""


class Bidding(enum.Enum):
    """Bidding for the right to pitch."""

    NONE = "none"
    COMMERCIAL = "commercial"
    """Selling the pitch: the others bid once each; eldest sells (scoring the bid) or keeps it;
    the pitcher must make the bid or be set back."""
    AUCTION = "auction"
    """Each bids once from eldest; the highest pitches and must make the bid or be set back."""


class AllPass(enum.Enum):
    """Auction Pitch when every player passes."""

    DEALER_BIDS = "dealer_bids"
    """The dealer must bid (at least the minimum)."""
    REDEAL = "redeal"
    """The hand is thrown in and the next dealer deals."""


class Stock(enum.Enum):
    """After each trick, the players draw from the stock (California Jack)."""

    NONE = "none"
    FACE_UP = "face_up"
    """The stock lies face up: every card drawn is seen by all."""
    FACE_DOWN = "face_down"
    """The stock lies face down (Shasta Sam)."""


class CountOrder(enum.Enum):
    """In what order a hand's points are counted towards the target."""

    HIGH_LOW_JACK_GAME = "high_low_jack_game"
    """High, Low, Jack, Game, whoever takes them: the first side to reach the target wins."""
    PITCHER_FIRST = "pitcher_first"
    """The pitcher's side counts its points first (Auction Pitch)."""


def parse_points(tokens: tuple[str, ...], what: str) -> dict[int, int]:
    """``("A:1", "6:2", "J:3")`` as {rank index (2 is 0, ace 12): points}."""
    points: dict[int, int] = {}
    for token in tokens:
        rank, sep, value = token.strip().upper().partition(":")
        rank = "T" if rank == "10" else rank
        if not sep or rank not in RANKS or not value.isdigit():
            raise InvalidOptionError(
                _("{option}: {token!r} is not rank:points (e.g. J:1, A:4, 6:2)").format(
                    option=what, token=token
                )
            )
        if RANKS.index(rank) in points:
            raise InvalidOptionError(
                _("{option} names the rank {rank} twice").format(option=what, rank=rank)
            )
        points[RANKS.index(rank)] = int(value)
    return points


@dataclass(frozen=True, kw_only=True)
class AllFoursRules:
    """Every rule option of the All Fours family. Defaults are Seven Up for two."""

    players: int = option(2, N_("number of players"), min=2, max=8)
    teams: int | None = option(
        0,
        N_(
            "0: everyone plays alone; 2 or 3: fixed teams, partners seated alternately; default: "
            "teams of two where the table allows (two teams of four players, three of six)"
        ),
        min=0,
        max=3,
    )
    direction: Direction = option(Direction.CLOCKWISE, N_("the way the deal and play go round"))
    target: int = option(7, N_("points that win the game"), min=1, max=121)
    deals: int = option(
        0,
        N_(
            "play exactly this many hands, the higher total winning (sides level at the top "
            "share the win, unless tie_deals plays on); 0 plays to the target"
        ),
        min=0,
        max=40,
        aliases=("hands",),
    )
    tie_deals: int = option(
        0,
        N_(
            "with deals of two or more: a tie at the top after them plays this many more hands, "
            "again until it is broken (All Nours: 2, a pitch a piece); 0: sides level share"
        ),
        min=0,
        max=8,
    )
    deal_limit: int = option(
        200,
        N_(
            "a match ends after this many hands at most, the higher total winning (a tie at the "
            "top shares the win); far more hands than a real game lasts, so that players who are "
            "set back for ever (random bidders at Auction Pitch) still finish"
        ),
        min=1,
        max=10000,
        aliases=("hand_limit",),
    )
    first_dealer: FirstDealer = option(
        FirstDealer.CUT_HIGH, N_("how the first dealer is found: cut_high, cut_put, first_jack, …")
    )
    hand_size: int = option(6, N_("cards dealt to each player"), min=1, max=13)
    trump: Trump = option(
        Trump.TURN_UP, N_("how trumps are fixed: turn_up, pitch or cut"), aliases=("base",)
    )
    begging: bool = option(True, N_("with a turn-up, eldest may beg and the dealer give or run"))
    gift: Gift = option(Gift.PLAY_ON, N_("after a gift: play the hand (play_on) or throw it in"))
    gift_points: int = option(1, N_("what a gift gives (each opposing side)"), min=1, max=3)
    turn_up_points: tuple[str, ...] = option(
        ("J:1",),
        N_(
            "points the dealer's side scores for a turned-up card, as rank:points "
            "(J:1; Running All-Fours A:4,K:3,Q:2,J:1; Trinidad A:1,6:2,J:3)"
        ),
    )
    kick_while_running: bool = option(
        False, N_("while running, every such card turned scores, even if it does not make trumps")
    )
    repeat_extras: RepeatExtras = option(
        RepeatExtras.DISCARD_UNSEEN,
        N_(
            "when running turns up the same suit again, its extra cards are kept or discarded "
            "unseen"
        ),
    )
    discard_to_six: bool | None = option(
        None,
        N_(
            "after running, each player discards back down to hand_size before play; default: "
            "yes with two players, no (play every card) with more"
        ),
    )
    forced_beg_without_trump: bool = option(
        False, N_("eldest holding no trump must beg (a Trinidad house rule)")
    )
    no_undertrump: bool = option(
        False,
        N_(
            "once a plain-suit lead is trumped, no lower trump may be played unless only trumps "
            "are held (a Trinidad house rule)"
        ),
    )
    trump_when_able: bool = option(
        True,
        N_(
            "a player who can follow a plain suit may trump instead (no_trumping_in=true "
            "forbids it)"
        ),
        negations=("no_trumping_in",),
    )
    low: Low = option(
        Low.HELD, N_("the Low point goes to whoever held the lowest trump or took it")
    )
    game_tie: GameTie = option(
        GameTie.NON_DEALER, N_("who scores Game on a tie: nobody, eldest or non_dealer")
    )
    game_value: int = option(1, N_("what the Game point is worth"), min=1, max=5)
    hang_jack: int = option(
        0,
        N_(
            "what the jack of trumps scores when taken by the side that did not hold it (Trinidad "
            "3); 0: the jack scores 1 whoever takes it"
        ),
        min=0,
        max=5,
    )
    bidding: Bidding = option(
        Bidding.NONE, N_("bidding for the pitch: none, commercial or auction")
    )
    min_bid: int = option(1, N_("the lowest bid"), min=1, max=4)
    smudge: bool = option(
        False, N_("a pitcher who bids 4 and takes all four points wins the game outright")
    )
    all_four_bonus: int = option(
        0,
        N_(
            "extra points, counted after Game, to a side that scores High, Low, Jack and Game in "
            "one hand (a Yorkshire league custom; each league sets the amount)"
        ),
        min=0,
        max=121,
    )
    all_pass: AllPass = option(
        AllPass.DEALER_BIDS,
        N_(
            "auction, when everyone passes: the dealer must bid (dealer_bids) or the hand is "
            "thrown in and dealt again (redeal)"
        ),
    )
    trick_points_at_once: bool = option(
        False,
        N_("the winner of a trick scores at once the card points of the trumps in it (All Fives)"),
    )
    five_value: int = option(
        0,
        N_("what the five of trumps counts, at once and towards Game (All Fives: 5)"),
        min=0,
        max=10,
    )
    stock: Stock = option(
        Stock.NONE, N_("after each trick the winner, then the others, draw from the stock")
    )
    throw_in: bool = option(
        False,
        N_(
            "a player with no trump and nothing above a 9 who is not winning the trick may throw "
            "in their hand, the partner playing on alone (Yorkshire)"
        ),
    )
    hide_hands_until_beg: bool = option(
        True,
        N_(
            "with three or more, only the dealer and eldest may look at their cards until eldest "
            "stands or begs (Seven Up)"
        ),
    )
    hide_partner_until_pitch: bool = option(
        False, N_("the pitcher's partners may not look at their cards until the pitch (Yorkshire)")
    )
    count_order: CountOrder = option(
        CountOrder.HIGH_LOW_JACK_GAME,
        N_("the order points are counted towards the target: high_low_jack_game or pitcher_first"),
    )

    def __post_init__(self) -> None:
        n = self.players
        teams = self.team_count
        if self.deals > self.deal_limit:
            raise InvalidOptionError(
                _("deals={deals} may not exceed deal_limit={limit}").format(
                    deals=self.deals, limit=self.deal_limit
                )
            )
        if teams and (teams not in (2, 3) or n % teams or n // teams < 2):
            raise InvalidOptionError(
                _(
                    "teams={teams} needs a table of 2 or 3 teams of two or more, partners "
                    "seated alternately: not {players} players (try teams=2 with 4 players, "
                    "or teams=0)"
                ).format(teams=teams, players=n)
            )
        turn_up = self.trump is Trump.TURN_UP
        if self.begging and not turn_up:
            raise InvalidOptionError(
                _("begging needs a turned-up trump: use trump=turn_up or begging=false")
            )
        if self.bidding is not Bidding.NONE and self.trump is not Trump.PITCH:
            raise InvalidOptionError(_("bidding is for the right to pitch: use trump=pitch"))
        if self.stock is not Stock.NONE and self.trump is Trump.TURN_UP:
            raise InvalidOptionError(
                _("drawing from a stock needs trumps fixed before the deal: use trump=cut")
            )
        if self.stock is not Stock.NONE and n != 2:
            raise InvalidOptionError(
                _("drawing from the stock is for 2 players, not {players}").format(players=n)
            )
        if self.throw_in and not teams and n > 2:
            raise InvalidOptionError(
                _(
                    "the throw-in is a partnership rule (the partner plays on alone): it needs "
                    "teams (4 players in two, 6 in three) or 2 players, not {players} playing "
                    "alone; throw_in=false plays without it"
                ).format(players=n)
            )
        if self.hide_partner_until_pitch and self.trump is not Trump.PITCH:
            raise InvalidOptionError(
                _(
                    "hide_partner_until_pitch keeps the pitcher's partner from their cards until "
                    "the pitch: it needs trump=pitch"
                )
            )
        if self.smudge and self.bidding is Bidding.NONE:
            raise InvalidOptionError(_("smudge is a bid of 4: it needs bidding"))
        parse_points(self.turn_up_points, "turn_up_points")
        # The first hand must be dealable: every hand plus a turn-up.
        if n * self.hand_size + (1 if turn_up else 0) > 52:
            raise InvalidOptionError(
                _("{players} hands of {size} cards do not fit in the 52-card pack").format(
                    players=n, size=self.hand_size
                )
            )
        if self.first_dealer is FirstDealer.COLOUR_GUESS and teams != 2:
            raise InvalidOptionError(_("the colour guess is between two teams: it needs teams=2"))

    @property
    def discards_to_hand(self) -> bool:
        """Whether players discard back to a hand after running (the option, or its default)."""
        return self.players == 2 if self.discard_to_six is None else self.discard_to_six

    @property
    def team_count(self) -> int:
        """The number of fixed teams (0: everyone alone), the option or its default."""
        if self.teams is not None:
            return self.teams
        return {4: 2, 6: 3}.get(self.players, 0)

    @property
    def sides(self) -> int:
        """The number of sides that score: the teams, or every player alone."""
        return self.team_count or self.players

    def side_of(self, seat: int) -> int:
        """The side a seat plays for (teams are seated alternately)."""
        teams = self.team_count
        return seat % teams if teams else seat

    @property
    def kicks(self) -> dict[int, int]:
        """Points for a turned-up card, by rank index (2 is 0, ace 12)."""
        return parse_points(self.turn_up_points, "turn_up_points")


_PITCH: dict[str, object] = {
    "trump": Trump.PITCH,
    "begging": False,
    "turn_up_points": (),
    "game_tie": GameTie.NOBODY,
    "hide_hands_until_beg": False,
}
_COTTON: dict[str, object] = {
    "first_dealer": FirstDealer.CUT_PUT,
    "gift": Gift.THROW_IN,
    "repeat_extras": RepeatExtras.KEEP,
    "discard_to_six": False,
    "game_tie": GameTie.ELDEST,
    "target": 11,
    "hide_hands_until_beg": False,
}
_TRINIDAD: dict[str, object] = {
    "players": 4,
    "teams": None,
    "direction": Direction.ANTICLOCKWISE,
    "target": 14,
    "turn_up_points": ("A:1", "6:2", "J:3"),
    "kick_while_running": True,
    "repeat_extras": RepeatExtras.KEEP,
    "discard_to_six": False,
    "hang_jack": 3,
    "game_tie": GameTie.NOBODY,
    "hide_hands_until_beg": False,
}
_YORKSHIRE: dict[str, object] = {
    **_PITCH,
    "players": 4,
    "teams": None,
    "first_dealer": FirstDealer.FIRST_JACK,
    "throw_in": True,
    "hide_partner_until_pitch": True,
    "target": 11,
}
_CALIFORNIA: dict[str, object] = {
    "trump": Trump.CUT,
    "begging": False,
    "turn_up_points": (),
    "hand_size": 3,
    "stock": Stock.FACE_UP,
    "trump_when_able": False,
    "low": Low.CAPTURED,
    "game_tie": GameTie.NOBODY,
    "target": 10,
    "hide_hands_until_beg": False,
}

PRESETS: tuple[Variant, ...] = (
    Variant(
        name="seven-up",
        aliases=("all-fours", "old-sledge", "high-low-jack", "classic"),
        summary=N_(
            "All Fours as Arnold (2010) and Parlett (2008) give it: the first to 7 wins. Six "
            "cards each in two threes and the next card turned for trumps; a jack turned gives "
            "the dealer 1. Eldest stands, or begs: the dealer then gives 1 (the gift) or runs "
            "the cards — three more each and a new turn-up, again while the begged suit "
            "repeats (that turn-up and its extra cards then go out unseen) — and at two "
            "players each discards back to six. Players may always trump, and follow suit "
            "otherwise unless void. A hand scores 1 each for High (the highest trump in play, "
            "to its holder), Low (the lowest, to its holder), Jack (to whoever takes the jack "
            "of trumps) and Game (the most card points: A 4, K 3, Q 2, J 1, T 10), counted in "
            "that order after points scored during the deal; a tie for Game goes to the "
            "non-dealer. Three or more play alone, or four in two partnerships (teams=2): a "
            "gift gives each opposing side 1, after running every card is played, and only "
            "the dealer and eldest may look at their cards until eldest decides."
        ),
        source=(
            "Wikipedia, 'All fours', its classic game in modern rules (citing Arnold 2010, pp. "
            "5–7, and Parlett 2008) and for three or more players; pagat.com 'All Fours' (John "
            "McLeod), with Foster's rule for ties for Game at three and more; Low to the player "
            "dealt it, as the Encyclopædia Britannica (11th edition, 'All Fours') and pagat.com "
            "have it; begging once, by eldest only, as Enquire Within and Cassell's Book of "
            "In-door Amusements give it."
        ),
        options={},
        players=(2, 8),
    ),
    Variant(
        name="cotton-1674",
        aliases=("cotton", "all-fours-1674", "compleat-gamester"),
        title="Cotton's Rules (1674)",
        summary=N_(
            "All Fours as Charles Cotton wrote it down in The Compleat Gamester (1674), for two. "
            "The players cut, ranking the cards as in Put (3 2 A K Q … 4), and the higher "
            "deals. Six cards each in threes and the next turned for trumps (a jack gives the "
            "dealer 1). Eldest may beg: the dealer gives 1 and the hand is thrown in, or runs "
            "three more each with a new turn-up, again while the suit repeats, and every card "
            "dealt is played. High, Low (to the player dealt it), Jack and Game (ties to "
            "eldest) score 1 each; the game is 11 (Cotton allows 7 to 15: target=N)."
        ),
        source=(
            "Wikipedia, 'All fours', its oldest rules (citing Cotton, The Compleat Gamester, "
            "1674); pagat.com '17th Century English All-Fours'. hoyle's reading where Cotton is "
            "unclear: running keeps every card dealt, as Trinidad plays, and a jack turned scores "
            "as in the modern game."
        ),
        options=dict(_COTTON),
        players=(2, 2),
    ),
    Variant(
        name="running-all-fours",
        aliases=("running",),
        title="Running All-Fours",
        summary=N_(
            "Cotton's Running All-Fours: his game played to 31, the dealer scoring the card "
            "turned for trumps by its value — ace 4, king 3, queen 2, jack 1."
        ),
        source=(
            "Wikipedia, 'All fours', on Cotton's Running All-Fours (citing Cotton 1674); "
            "pagat.com's pages on All Fours."
        ),
        options={**_COTTON, "turn_up_points": ("A:4", "K:3", "Q:2", "J:1"), "target": 31},
        players=(2, 2),
    ),
    Variant(
        name="trinidad",
        aliases=("caribbean", "all-foes", "trinidad-all-fours"),
        summary=N_(
            "The national game of Trinidad and Tobago: four in two partnerships, dealing and "
            "playing anticlockwise, to 14. The dealer's side scores kicks for the card turned "
            "up — ace 1, six 2, jack 3 — and, while running the cards after a beg, for every "
            "such card turned, trumps or not; running keeps every card. A trump led must be "
            "followed with a trump if possible; a plain suit may be followed or trumped, and a "
            "void player plays anything. The jack of trumps taken by the side that did not "
            "hold it is Hang Jack, 3; a tie for Game scores nothing."
        ),
        source="Wikipedia, 'All fours', Caribbean All Fours; pagat.com 'Caribbean All Fours'.",
        options=dict(_TRINIDAD),
        players=(2, 4),
        tables=(2, 4),
    ),
    Variant(
        name="tobago",
        aliases=("tobago-all-fours",),
        summary=N_("Trinidad's game as Tobago plays it: the kick for a two is 2, not the six."),
        source="Wikipedia, 'All fours', Caribbean All Fours.",
        options={**_TRINIDAD, "turn_up_points": ("A:1", "2:2", "J:3")},
        players=(2, 4),
        tables=(2, 4),
    ),
    Variant(
        name="yorkshire",
        aliases=("yorkshire-all-fours",),
        summary=N_(
            "West Yorkshire's pub and league game: four in two partnerships, clockwise, to 11. "
            "Cards are dealt face up until a jack appears; its player pitches first and the "
            "player before them deals. There is no turn-up and no begging: the first card the "
            "pitcher leads makes its suit trumps, and the pitcher's partner may not look at "
            "their cards before it. A trump led must be followed with a trump if "
            "possible; a plain suit may be followed or trumped. A player with no trump and "
            "nothing above a 9 who is losing the trick may throw in the hand, face up, and the "
            "partner plays on alone. High, Low (to the side dealt it), Jack and Game (nobody on "
            "a tie) score 1 each. Two may play head to head, to 9, or six in three teams of "
            "two. League options: no_trumping_in=true (Honley) and all_four_bonus=N."
        ),
        source="Wikipedia, 'All fours', Yorkshire All Fours; pagat.com 'Yorkshire All Fours'.",
        options=dict(_YORKSHIRE),
        players=(2, 6),
        tables=(2, 4, 6),
        by_table={2: {"target": 9}},
    ),
    Variant(
        name="lancashire",
        aliases=("lancashire-all-fours",),
        summary=N_(
            "Lancashire's form of the Yorkshire game: for the first pitch one team cuts and the "
            "other guesses the colour — right, the guessers choose who pitches; wrong, the "
            "cutters do. Low goes to the side that captures it, and nobody throws in."
        ),
        source=(
            "Wikipedia, 'All fours', Lancashire All Fours; pagat.com (after Taylor). hoyle's "
            "ruling where both are silent: in all else it is the Yorkshire game."
        ),
        options={
            **_YORKSHIRE,
            "first_dealer": FirstDealer.COLOUR_GUESS,
            "low": Low.CAPTURED,
            "throw_in": False,
        },
        players=(4, 4),
    ),
    Variant(
        name="pitch",
        aliases=("blind-all-fours", "high-low-jack-game"),
        summary=N_(
            "Pitch: two or more play alone, or in equal teams seated alternately (teams=2). "
            "Six cards each in threes, no turn-up: eldest leads (pitches) and that card's suit "
            "is trumps. A player who can follow a plain suit may trump instead. High, Low (to "
            "its holder), Jack (only if dealt) and Game (only to a side with strictly the most "
            "card points) score 1 each, counted in that order so that two sides cannot reach "
            "the target together. The game is 7 (target=11 or 21 as agreed)."
        ),
        source=(
            "Wikipedia, 'All fours', Pitch; pagat.com 'Pitch', with Foster, for its scoring. "
            "hoyle's ruling where the article leaves the game to agreement: 7 points."
        ),
        options=dict(_PITCH),
        players=(2, 8),
    ),
    Variant(
        name="all-nours",
        aliases=("all-nours-pitch",),
        summary=N_(
            "The north of England's pub Pitch: four in two partnerships play four hands, the "
            "first card led in each making trumps, and every point is counted after each "
            'hand; the higher total wins, and a tie plays two more hands ("a pitch a piece") '
            "until it is broken. Low goes to whoever captures it."
        ),
        source=(
            "Wikipedia, 'All fours', Pitch, on the north of England's 'all nours': two more hands, "
            "'a pitch a piece', until there is a winner."
        ),
        options={
            **_PITCH,
            "players": 4,
            "teams": 2,
            "deals": 4,
            "tie_deals": 2,
            "low": Low.CAPTURED,
        },
        players=(4, 4),
    ),
    Variant(
        name="auction-pitch-commercial",
        aliases=("commercial-pitch", "selling-the-pitch"),
        title="Commercial Pitch",
        summary=N_(
            "Commercial Pitch, the 19th-century American way of selling the pitch: each player "
            "after eldest bids once, 1 to 4 and each higher than the last, or passes. Eldest "
            "then sells — scoring the bid at once, the buyer pitching and having to make the "
            "bid or be set back by it — or keeps the pitch with the same duty. With no bid, "
            "eldest pitches with nothing to make. Everyone scores what they win; the game is 7."
        ),
        source=(
            "Wikipedia, 'All fours', Auction Pitch, where a pitcher short of the bid is set back "
            "by it. hoyle's rulings where it is silent: the order of the bids, the pitch when "
            "nobody bids, and the game of 7."
        ),
        options={**_PITCH, "bidding": Bidding.COMMERCIAL},
        players=(2, 8),
    ),
    Variant(
        name="auction-pitch",
        aliases=("setback", "auction"),
        summary=N_(
            "Modern Auction Pitch (Setback): from eldest each player bids once, 1 to 4 and "
            "higher than the last, or passes; if all pass the dealer must bid 1 "
            "(all_pass=redeal throws the hand in). The high bidder pitches. Every side "
            "scores what it takes, the pitcher's side first, except that a pitcher short of "
            "the bid scores nothing and loses the bid (scores may go below 0). The game is 7 "
            "(10, 11 or 21 as agreed); min_bid=2 and smudge=true (bid 4, take all four, win) "
            "are common house rules."
        ),
        source=(
            "Wikipedia, 'All fours', Auction Pitch; pagat.com 'Auction Pitch'. hoyle's ruling "
            "where they are silent: if all pass, the dealer must bid the minimum (all_pass=redeal "
            "throws the hand in)."
        ),
        options={
            **_PITCH,
            "bidding": Bidding.AUCTION,
            "count_order": CountOrder.PITCHER_FIRST,
        },
        players=(2, 8),
    ),
    Variant(
        name="all-fives",
        aliases=("all-fives-pitch",),
        summary=N_(
            "All Fives (Dick 1868): Pitch in which the winner of each trick scores at once the "
            "trumps in it — ace 4, king 3, queen 2, jack 1, ten 10 and the five of trumps 5 — "
            "and at the end High, Low, Jack and Game as usual, the five of trumps counting 5 "
            "towards Game. The game is 61. (base=turn_up plays it with a turned trump.)"
        ),
        source=(
            "Wikipedia, 'All fours', All Fives (citing Dick, The Modern Pocket Hoyle, 1868); "
            "pagat.com 'All Fives'. hoyle's reading: the game it builds on is Pitch."
        ),
        options={**_PITCH, "trick_points_at_once": True, "five_value": 5, "target": 61},
        players=(2, 3),
    ),
    Variant(
        name="california-jack",
        aliases=("french-fours", "french-loo", "spanish-all-fours"),
        summary=N_(
            "California Jack, a draw game for two: a card cut at random before the deal fixes "
            "trumps and goes back into the pack. Three cards each (the card books say six: "
            "hand_size=6); the rest is a stock, face up. After each trick the winner takes the "
            "top card, then the loser; play goes on until every card is played. Suit must be "
            "followed if possible. High, Low (to whoever wins it in a trick), Jack and Game "
            "(nobody on a tie) score 1 each; the game is 10."
        ),
        source=(
            "Wikipedia, 'All fours', California Jack, for the hands of three (the card books deal "
            "six: hand_size=6). hoyle's ruling where it is silent: the game is 10."
        ),
        options=dict(_CALIFORNIA),
        players=(2, 2),
    ),
    Variant(
        name="shasta-sam",
        aliases=("shasta",),
        summary=N_("California Jack with the stock face down: nobody sees the cards drawn."),
        source="Wikipedia, 'All fours', California Jack, on Shasta Sam.",
        options={**_CALIFORNIA, "stock": Stock.FACE_DOWN},
        players=(2, 2),
    ),
)
