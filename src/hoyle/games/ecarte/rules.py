"""Écarté rule options (:class:`EcarteRules`) and the family's presets.

One dataclass describes every form of the game the seed lists: the London club game
(``standard``), rubbers, Pool and French Écarté, the ace-high ranking, doubling and offering
the point. Presets are data; the engine branches on options only, so any preset can be changed
one option at a time: ``hoyle.load("ecarte", variant="pool", target=7)``. Bourré, the seed's
relative for two to eight, is its own family (:mod:`hoyle.games.bourre`); the preset ``bourre``
keeps its old name, ``ecarte(variant=bourre)``, loading that family.
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
    "BonusCard",
    "EcarteRules",
    "GameValues",
    "OfferTiming",
    "Packets",
    "Ranking",
    "Swap",
]


class Ranking(enum.Enum):
    """The order of the cards within a suit, highest first."""

    KING_HIGH = "king_high"
    """K Q J A 10 9 8 7: the ace between the jack and the ten (the classical order)."""
    ACE_HIGH = "ace_high"
    """A K Q J 10 9 8 7: the modern order."""


class BonusCard(enum.Enum):
    """The trump that scores 1 when turned up or announced (laws 22–24, 47)."""

    KING = "king"
    ACE = "ace"


class Packets(enum.Enum):
    """How the five cards are dealt (law 8)."""

    CHOOSE = "choose"
    """The dealer of each game's first hand chooses 2 then 3 or 3 then 2, kept for the game."""
    TWO_THREE = "two_three"
    """Always two to each, then three to each."""
    THREE_TWO = "three_two"
    """Always three to each, then two to each."""


class GameValues(enum.Enum):
    """What a game is worth to its winner (law 46)."""

    SINGLE = "single"
    """Every game counts one."""
    TREBLE_DOUBLE_SINGLE = "treble_double_single"
    """Three if the loser has no point, two if one or two, one if three or four."""


class OfferTiming(enum.Enum):
    """Until when the point may be offered (RULINGS E7)."""

    BEFORE_LEAD = "before_lead"
    """After the exchange and before the hand's first card is led (the seed: only before the
    play begins); the dealer has no turn then, so only elder can offer."""
    OWN_FIRST_CARD = "own_first_card"
    """On the offerer's turn before they play their own first card: the dealer may offer after
    elder's lead."""
    THIRD_TRICK = "third_trick"
    """On the offerer's turn until the third trick is led."""

    @classmethod
    def _missing_(cls, value: object) -> OfferTiming | None:
        # ``before_play``, the old name, meant each player before their own first card.
        return cls.OWN_FIRST_CARD if value == "before_play" else None


class Swap(enum.Enum):
    """Whether, and after what, the loser gives up the seat to a waiting player."""

    NONE = "none"
    GAME = "game"
    """The loser of each game changes places with the watcher (Cavendish, EB1911)."""
    HAND = "hand"
    """The loser of each hand changes places (the seed's wording)."""


@dataclass(frozen=True, kw_only=True)
class EcarteRules:
    """Every rule option of the Écarté family. Defaults are the London club laws for two."""

    players: int = option(
        2,
        N_(
            "seats at the table: two play and the others (up to 4) watch (pool) or bet (french), "
            "coming in when a loser gives up the seat"
        ),
        min=2,
        max=6,
    )
    target: int = option(5, N_("points that win a game (law 46)"), min=1, max=21)
    rubber: int = option(
        1,
        N_("games in the match: 1 is one game; 3, 5, 7 or 11 is a rubber, best of that many"),
        min=1,
        max=11,
    )
    game_values: GameValues = option(
        GameValues.SINGLE,
        N_(
            "what a won game is worth: single, or treble_double_single by the loser's points "
            "(law 46)"
        ),
    )
    ranking: Ranking = option(Ranking.KING_HIGH, N_("card order: king_high or ace_high"))
    bonus_card: BonusCard = option(
        BonusCard.KING, N_("the trump that scores 1 when turned or announced (king or ace)")
    )
    deal_packets: Packets = option(
        Packets.CHOOSE, N_("deal in packets of 2 then 3 or 3 then 2: choose, two_three, three_two")
    )
    dealer_may_stand: bool = option(
        False,
        N_(
            "after accepting a proposal the dealer may take no cards (Encyclopaedia Britannica "
            "1911); the encyclopedia article on Écarté says at least one"
        ),
    )
    propose_then_choose: bool = option(
        False,
        N_(
            "elder proposes without naming a number and, once the dealer accepts, discards one to "
            "five cards and says draw (Encyclopaedia Britannica 1911, 'Écarté': each player "
            "discards as many as he thinks fit); the default follows law 26 and the encyclopedia "
            "article on Écarté: the number is named and fixed"
        ),
    )
    must_win_trick: bool = option(
        True, N_("the second player must win the trick when able by following suit higher")
    )
    must_trump_when_void: bool = option(
        True,
        N_("a player void in the suit led must trump if able (the older rule allows a discard)"),
    )
    concede: bool = option(True, N_("a player may abandon the hand (law 42)"))
    doubling: bool = option(
        False, N_("either player may offer to double the hand before the third trick is led")
    )
    redouble: bool = option(
        False, N_("after a double is accepted, its acceptor may double again (and so on)")
    )
    offer_point: bool = option(
        False,
        N_("a player may offer the opponent the point; refused, the refuser must make the vole"),
    )
    offer_point_until: OfferTiming = option(
        OfferTiming.BEFORE_LEAD,
        N_(
            "when the point may be offered: before_lead (before the hand's first card is led, as "
            "the encyclopedia article on Écarté has it), own_first_card (each player before their "
            "own first card) or third_trick"
        ),
    )
    pool_swap: Swap = option(
        Swap.NONE, N_("the loser changes places with the watcher after each game or hand, or none")
    )
    pool_wins: int = option(
        0,
        N_("a pool: the first to win this many games in a row takes it (Cavendish: 2); 0: no pool"),
        min=0,
        max=5,
    )
    pool_stake: int = option(1, N_("what each player pays into the pool"), min=1, max=100)
    bets: bool = option(
        False, N_("the waiting players bet on one of the two before each game (French Écarté)")
    )
    bet_stake: int = option(1, N_("the stake of a bystander's bet"), min=1, max=100)
    advice: bool = option(
        False,
        N_(
            "a bystander may look at the hand of the player they back, to advise (French); the "
            "English rule forbids it"
        ),
    )

    deals: int = option(
        0,
        N_(
            "0 plays the match out; N ends it after N hands, the player ahead in the game in "
            "progress winning that game, then the most games won the match (1: one hand, its "
            "points the result), for measuring play hand by hand"
        ),
        min=0,
        max=100,
    )
    deal_limit: int = option(
        200,
        N_("a match ends after this many hands at most (a pool could run on), as deals=N does"),
        min=1,
        max=10_000,
    )

    def __post_init__(self) -> None:
        if self.players > 2 and self.pool_swap is Swap.NONE and not self.bets:
            raise InvalidOptionError(
                _(
                    "{players} seats need waiting players who come in (pool_swap=game) or "
                    "bet (bets=true); two play at a time"
                ).format(players=self.players)
            )
        if (self.bets or self.advice) and self.players < 3:
            raise InvalidOptionError(_("bets and advice need a bystander: players=3 or more"))
        if self.advice and not self.bets:
            raise InvalidOptionError(_("advice is given by a backer: it needs bets=true"))
        if self.pool_wins and self.players < 3:
            raise InvalidOptionError(_("a pool needs a third player who watches: players=3"))
        if self.pool_wins and self.pool_swap is Swap.NONE:
            raise InvalidOptionError(_("a pool changes players: give pool_swap=game or hand"))
        if self.pool_wins and self.rubber > 1:
            raise InvalidOptionError(_("a pool is played until a streak, not a rubber: rubber=1"))
        if self.redouble and not self.doubling:
            raise InvalidOptionError(_("redouble needs doubling=true"))
        if self.rubber > 1 and self.rubber % 2 == 0:
            raise InvalidOptionError(
                _("a rubber is best of an odd number of games, not {rubber}").format(
                    rubber=self.rubber
                )
            )

    @property
    def games_to_win(self) -> int:
        """Games a seat must win to take the match (rubber or single game)."""
        return self.rubber // 2 + 1


PRESETS: tuple[Variant, ...] = (
    Variant(
        name="standard",
        aliases=("ecarte", "london", "club", "english"),
        summary=N_(
            "Écarté by the London club laws quoted in Cavendish: two players, the 32-card "
            "pack ranked K Q J A 10 9 8 7, five cards each in packets of 2 and 3 (the "
            "dealer's choice, kept for the game), the eleventh turned for trumps (a king "
            "turned scores 1 to the dealer). Elder may propose a number of cards; the dealer "
            "accepts (both discard and draw, the dealer at least one card) or refuses. Play "
            "without proposing and fail, and the dealer scores 2; refuse the first proposal "
            "and fail, and elder scores 2. The king of trumps, announced before its holder's "
            "first card, scores 1. The second player must follow suit, win the trick if able, "
            "and trump when void. Three or four tricks score 1, all five (the vole) 2. A "
            "player may abandon the hand (law 42). Game is 5."
        ),
        source=(
            "Wikipedia, 'Écarté', its play and scoring; the London club laws 1–51 as Cavendish "
            "gives them (Laws of Écarté, 1886; reprinted in Hoffmann, Hoyle's Games Modernized, "
            "1909), law 42 giving the vole to a player who abandons with no trick; the "
            "Encyclopædia Britannica (11th edition), 'Écarté', for the deal alternating. hoyle's "
            "ruling where the laws are silent: a game ends the moment a player reaches 5, even by "
            "a king's point in mid-hand."
        ),
        options={},
        players=(2, 2),
    ),
    Variant(
        name="rubber",
        aliases=("rubbers", "set"),
        summary=N_(
            "The standard game played as a rubber: the best of three games (rubber=5, 7 or 11 "
            "for longer sets), each game worth treble, double or single by the loser's score "
            "(law 46)."
        ),
        source=(
            "Wikipedia, 'Écarté', on rubbers (citing Cavendish 1886, pp. 33–34); the London club "
            "laws, law 46."
        ),
        options={"rubber": 3, "game_values": GameValues.TREBLE_DOUBLE_SINGLE},
        players=(2, 2),
    ),
    Variant(
        name="pool",
        aliases=("pool-ecarte",),
        summary=N_(
            "Pool Écarté for three: two play and one watches. Each pays a stake into the "
            "pool; the loser of each game changes places with the watcher; the first to win "
            "two games in a row takes the pool."
        ),
        source=(
            "Wikipedia, 'Écarté', on pool and French Écarté (citing Cavendish 1886, p. 35); the "
            "Encyclopædia Britannica (11th edition), 'Écarté', and Cavendish, for the loser of the "
            "game, not of the hand, changing places with the watcher (pool_swap=hand for the hand)."
        ),
        options={"players": 3, "pool_swap": Swap.GAME, "pool_wins": 2},
        players=(3, 3),
    ),
    Variant(
        name="french",
        aliases=("french-ecarte", "ecarte-francais"),
        summary=N_(
            "French Écarté: the waiting players bet on either player before each game, the "
            "bets settled with the game, and may look at the hand of the player they back to "
            "advise them (advice=false is the English rule: bets without comment). The loser "
            "of a game gives up the seat to the next bystander; the first to win two games "
            "takes the match."
        ),
        source=(
            "Wikipedia, 'Écarté', on pool and French Écarté (citing Cavendish 1886, pp. 15, "
            "36–37); the Encyclopædia Britannica (11th edition), 'Écarté'. hoyle's ruling where "
            "they are silent: the first to win two games takes the match."
        ),
        options={
            "players": 3,
            "bets": True,
            "advice": True,
            "pool_swap": Swap.GAME,
            "rubber": 3,
        },
        players=(3, 6),
    ),
    Variant(
        name="ace-high",
        aliases=("modern", "ace-high-ecarte"),
        summary=N_(
            "The modern ranking: A K Q J 10 9 8 7. The king of trumps still scores when "
            "turned or announced (bonus_card=ace moves it to the ace)."
        ),
        source=(
            "Wikipedia, 'Écarté', on the ranking of the cards (citing Kastner and Folkvord, Die "
            "Große Humboldt-Enzyklopädie der Kartenspiele). hoyle's ruling where it is silent: the "
            "king of trumps keeps its point (bonus_card=ace gives it to the ace)."
        ),
        options={"ranking": Ranking.ACE_HIGH},
        players=(2, 2),
        title="Ace High",
    ),
    Variant(
        name="doubling",
        aliases=("double", "apuesta"),
        summary=N_(
            "Either player, on their turn, may offer to double the hand until the third trick "
            "is led. Accepted, the hand's points (vulnerability included, the king not) go "
            "doubled to its winner. Declined, the hand ends and the offerer scores 1, or 2 if "
            "the decliner was vulnerable."
        ),
        source=(
            "Wikipedia, 'Écarté', variations, on doubling. hoyle's rulings where it is silent: the "
            "king's point is not doubled, and a double is not doubled again unless redouble=true."
        ),
        options={"doubling": True},
        players=(2, 2),
    ),
    Variant(
        name="offer-point",
        aliases=("offering-the-point",),
        summary=N_(
            "Elder may offer the dealer the point before leading the first card. Accepted, the "
            "hand ends, scored as the accepter's point (2 if the offerer was vulnerable). "
            "Refused, the refuser must win the vole: they score 2 if they do, and the offerer "
            "scores 2 if not."
        ),
        source=(
            "Wikipedia, 'Écarté', variations, on offering the point (citing Cady 1896, p. 11), "
            "which allows it only before play begins."
        ),
        options={"offer_point": True},
        players=(2, 2),
        title="Offering the Point",
    ),
    Variant(
        name="bourre",
        aliases=("boure", "booray", "boo-ray"),
        summary=N_(
            "Bourré, a relative of Écarté for two to eight, is its own family: "
            "ecarte(variant=bourre, …) is the old name of bourre(…), with Bourré's options."
        ),
        source=(
            "Wikipedia, 'Écarté', which names Bourré among its relatives; its rules are Bourré's "
            "own (hoyle rules bourre)."
        ),
        title="Bourré",
        family="bourre",
    ),
)
"""Every preset; the first (``standard``) is the family's default."""
