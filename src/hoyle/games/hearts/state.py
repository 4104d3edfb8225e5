"""The Hearts engine: a match of deals, each dealt, passed, played trick by trick and scored.

Hands are int bitmasks of card indices (suit-major: clubs 0–12, diamonds 13–25, hearts 26–38,
spades 39–51), so following suit is ``hand & SUIT_MASK[led]`` and card ids compare by rank
within a suit. Actions 0–51 are cards (passing or playing); 64 and 65 are the moon choice.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from hoyle.cards import TOKENS as _PACK_TOKENS
from hoyle.cards import Card, CardError, card_index, parse_cards
from hoyle.core.copying import SharedShuffler
from hoyle.core.errors import IllegalActionError, InvalidPositionError, not_an_action
from hoyle.core.info import GameInfo
from hoyle.core.narrate import DealResult, Event, Fact
from hoyle.core.protocol import CHANCE, TERMINAL, Game, State
from hoyle.games.hearts.rules import (
    BonusCard,
    FirstLead,
    HeartsRules,
    Moon,
    Partnership,
    Pass,
    Stakes,
    Widow,
)
from hoyle.games.hearts.scoring import (
    chip_loss_bound,
    chip_settlement,
    deal_score_bounds,
    deal_scores,
    diamond_queen,
    generale_scores,
    match_over,
    queen_scores,
    ranking,
    sides,
    slam_bid_scores,
)
from hoyle.i18n import N_, _, word_in_sense

__all__ = ["GENERALE", "MOON_ADD", "MOON_SUBTRACT", "NO_GENERALE", "HeartsGame", "HeartsState"]

MOON_ADD = 64
MOON_SUBTRACT = 65
GENERALE = 66
NO_GENERALE = 67
NO_BID = 68
NAME_SUIT = 70  # 70 … 73: name clubs, diamonds, hearts or spades the penalty suit
BID = 100  # 101 … 200: bid 1 … 100 chips
_WORD_TOKENS = {
    MOON_ADD: "moon add",
    MOON_SUBTRACT: "moon subtract",
    GENERALE: "generale",
    NO_GENERALE: "no generale",
    NO_BID: "no bid",
    **{
        NAME_SUIT + s: f"name {name}"
        for s, name in enumerate(("clubs", "diamonds", "hearts", "spades"))
    },
    **{BID + n: f"bid {n}" for n in range(1, 101)},
}
_WORD_ALIASES = {
    "add": MOON_ADD,
    "subtract": MOON_SUBTRACT,
    "générale": GENERALE,
    "pass": NO_GENERALE,
}

SUIT_MASK = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
JOKERS = 0b11 << 52  # card ids 52 and 53 are the jokers, when the game has them
_JOKER_52, _JOKER_53 = 1 << 52, 1 << 53
TOKENS = (*_PACK_TOKENS, "XJ", "XJ")
"""Token of each card id: the 52-card pack, then the two jokers (alike: ``XJ`` both; at a
chance node where both may be dealt, the second is ``XJ2``, so that each token names one
outcome)."""
HEARTS = SUIT_MASK[2]
CLUBS = SUIT_MASK[0]
QS_BIT = 1 << 49

# Phases of a deal.
DEAL, PASS, PLAY, MOON, OVER, MIX, DECLARE, AUCTION, NAME, DISCARD = range(10)
DRAW = 10  # a player unable to follow draws from the stock (hand_size; see domino.py)
PHASE_NAMES = (
    "deal",
    "pass",
    "play",
    "moon",
    "over",
    "mix",
    "declare",
    "bid",
    "name",
    "discard",
    "draw",
)
_PHASE_WORDS = {
    "deal": N_("deal (a phase of play)"),
    "pass": N_("pass (a phase of play)"),
    "play": N_("play (a phase of play)"),
    "moon": N_("moon (a phase of play)"),
    "over": N_("over (a phase of play)"),
    "mix": N_("mix (a phase of play)"),
    "declare": N_("declare (a phase of play)"),
    "bid": N_("bid (a phase of play)"),
    "name": N_("name (a phase of play)"),
    "discard": N_("discard (a phase of play)"),
    "draw": N_("draw (a phase of play)"),
}
"""The phases' names as a refusal gives them, marked with their sense (the same word names
a move too); the name itself where the language in force has no translation."""


def _phase_word(phase: int) -> str:
    """The name of ``phase`` in the language in force, for a refusal (``deal``, ``reparto``)."""
    name = PHASE_NAMES[phase]
    return word_in_sense(_PHASE_WORDS[name], name)


POOL = 0
"""The plan offset of a card passed into the pool of a mix pass (real passes move ≥ 1 seat)."""


def _suit_lists() -> tuple[list[list[int]], ...]:
    """For each suit, the card indices of every 13-bit pattern: a mask becomes a list fast."""
    base: list[list[int]] = [[]]
    for bit in range(13):
        base += [[*cards, bit] for cards in base]
    # base[m] lists the set bits of m in increasing order, for every m < 2**13.
    return tuple([[c + 13 * s for c in cards] for cards in base] for s in range(4))


_LISTS = _suit_lists()
_L0, _L1, _L2, _L3 = _LISTS
_M13 = (1 << 13) - 1


# (card, 1/r) for every card and every number r of cards still to deal, made once so that a
# chance node's outcome list is built from lookups alone.
_CHANCE_PAIRS = [[(c, 1.0 / r if r else 0.0) for c in range(54)] for r in range(55)]


def position_cards(where: int | str, cards: str | Iterable[str]) -> list[Card]:
    """The cards of a hand-set position (``where``: a seat's number, or what they are, marked
    for the catalogue: ``N_("the stock order")``); a token that is no card makes the position
    invalid, said in the language in force."""
    try:
        return parse_cards(cards)
    except CardError as exc:
        if isinstance(where, int):
            text = _("seat {seat}: {error}").format(seat=where, error=exc)
        else:
            text = _("{where}: {error}").format(where=_(where), error=exc)
        raise InvalidPositionError(text) from None


def mask_of(cards: Iterable[int]) -> int:
    """The mask of some card indices."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def mask_of_hands(hands: Iterable[int]) -> int:
    """The union of some card masks."""
    m = 0
    for hand in hands:
        m |= hand
    return m


_JOKER_LISTS: tuple[list[int], ...] = ([], [52], [53], [52, 53])


def mask_to_list(m: int) -> list[int]:
    """The set bits of a card mask in increasing order (jokers, 52 and 53, last)."""
    cards = _L0[m & _M13] + _L1[m >> 13 & _M13] + _L2[m >> 26 & _M13] + _L3[m >> 39 & _M13]
    return cards + _JOKER_LISTS[m >> 52 & 3] if m >> 52 else cards


class HeartsGame(Game[HeartsRules]):
    """A Hearts game: the rules and everything the engine precomputes from them."""

    family = "hearts"

    def __init__(self, rules: HeartsRules, variant: str) -> None:
        super().__init__(rules, variant)
        self.n = rules.players
        removed = rules.removed_cards
        jokers = ((1 << rules.jokers) - 1) << 52
        self.deck_mask = (((1 << 52) - 1) & ~sum(1 << c for c in removed)) | jokers
        self.deck = mask_to_list(self.deck_mask)
        self.widow_size = rules.widow_size
        self.widow_to_hand = rules.widow is Widow.TO_HAND
        self.hand_size = (
            rules.hand_size or (len(self.deck) * rules.packs - self.widow_size) // self.n
        )
        self.values = [*rules.card_values(), 0, 0]  # jokers never score
        self.penalty_mask = mask_of(c for c in self.deck if self.values[c] > 0)
        self.counting_mask = mask_of(c for c in self.deck if self.values[c])
        # Two packs hold every penalty card twice.
        self.penalty_total = rules.packs * sum(
            self.values[c] for c in self.deck if self.values[c] > 0
        )
        # moon_points=0: a moon is worth the shooter's own score (set when it is scored).
        self.moon_value = self.penalty_total if rules.moon_points is None else rules.moon_points
        self.queen_effects = rules.heart_queen_doubles or rules.club_queen_cancels
        self.moon_mask = self.counting_mask if rules.moon is Moon.SLAM else self.penalty_mask
        # Cards no_points_first_trick keeps off the first trick, and those it leaves.
        self.first_trick_banned = self.penalty_mask & ~(
            QS_BIT if rules.queen_allowed_first_trick else 0
        )
        self.safe_mask = self.deck_mask & ~self.first_trick_banned
        self.lowest_club = min((c for c in self.deck if c < 13), default=-1)  # -1: no club
        self.plans = tuple(self._plan(d) for d in rules.effective_pass_cycle)
        # Who shoots the moon: one player, or (team partnership) two partners together.
        self.moon_sides = (
            sides(rules)
            if rules.partnership is Partnership.TEAM
            else [(seat,) for seat in range(self.n)]
        )
        self.first_lead_club = rules.first_lead is FirstLead.LOWEST_CLUB
        self.first_trick_safe = rules.no_points_first_trick
        self.lead_any_club = rules.lead_any_club
        self.broken_at_start = not rules.must_break_hearts
        self.queen_breaks = rules.queen_breaks_hearts
        self.hearts_for_queen = rules.lead_hearts_instead_of_queen
        # The bidding round: an auction for the penalty suit (bids up to the stake in chips)
        # or slam bids (up to slam_bid points, the bonus card's holder a silent partner).
        self.has_bidding = rules.auction or rules.slam_bid > 0
        self.top_bid = rules.slam_bid or rules.chips
        self.partner_card = (
            card_index(rules.bonus_card.value) if rules.bonus_card is not BonusCard.NONE else -1
        )
        # Rules whose play differs in kind (a stock, two packs) run a subclass of the state;
        # the plain game keeps its fast path free of their checks.
        self.state_class: type[HeartsState] = HeartsState
        if rules.packs > 1:
            from hoyle.games.hearts.cancellation import CancellationState

            self.state_class = CancellationState
        elif rules.revoke_penalty:  # a chip-game rule: two packs refuse the chip game
            from hoyle.games.hearts.revoke import RevokeHeartsState

            self.state_class = RevokeHeartsState
        if rules.hand_size:  # a stock to draw from
            from hoyle.games.hearts.domino import DominoState

            self.state_class = DominoState

    def _plan(self, direction: Pass) -> tuple[int, ...]:
        """Seats to the left that each passed card travels, in the order cards are chosen."""
        n = self.n
        count = self.rules.pass_count
        if direction is Pass.HOLD:
            return ()
        if direction is Pass.MIX:
            return (POOL,) * count
        if direction is Pass.SCATTER:
            share = count // (n - 1)
            return tuple(1 + k // share for k in range(count))
        offset = {
            Pass.LEFT: 1,
            Pass.RIGHT: n - 1,
            Pass.ACROSS: n // 2,
            Pass.SECOND_LEFT: 2,
            Pass.SECOND_RIGHT: n - 2,
        }[direction]
        return (offset,) * count

    @property
    def num_players(self) -> int:
        """Number of seats."""
        return self.n

    @property
    def num_distinct_actions(self) -> int:
        """52 cards, then room up to 64, then the moon choices and the Générale answers."""
        return BID + 101

    def _game_info(self) -> GameInfo:
        """What ``returns()`` measures and its bounds, for these rules.

        One deal (``deals=1``) returns minus its penalty points; a match the ranking (1
        shared among the winning sides, each partner of a side getting its share); the chip
        games and ``stakes=average`` net chips. The longest game is ``rules.max_deals`` deals
        (``deal_limit`` caps a match to a target), each at most: every card dealt (or drawn)
        and played once, every pass card passed and dealt back, a declaration or bid from each
        seat, the suit named and the moon chosen."""
        rules = self.rules
        n = self.n
        deals = rules.max_deals
        cards = len(self.deck) * rules.packs
        per_deal = 2 * cards + 2 * n * rules.pass_count + 2 * n + 2
        length = per_deal * deals
        penalties = not rules.chips
        if rules.chips:
            loss = chip_loss_bound(self)
            if rules.deals:  # a set number of deals: no stop when a seat runs out of chips
                low, high = -deals * loss, (n - 1) * deals * loss
            else:
                # Every seat starts the last deal with a chip at least (else the match would
                # have ended) and chips are only moved between seats and the table.
                low, high = 1 - rules.chips - loss, (n - 1) * (rules.chips - 1 + loss)
            # Chips left on the table at the end belong to nobody: no constant sum.
            return GameInfo(float(low), float(high), None, length, "chips", penalties)
        low, high = deal_score_bounds(self)
        if rules.stakes is Stakes.AVERAGE:
            spread = float(deals * (high - low))
            return GameInfo(-spread, spread, 0.0, length, "chips", penalties)
        if rules.deals == 1:
            constant = (
                rules.moon in (Moon.NONE,)
                and not (rules.no_tricks_bonus or self.queen_effects or rules.diamond_queen)
                and not (rules.generale or rules.slam_bid)
            )
            # Every card is taken by someone, so without a moon or a bonus rule the deal's
            # points add up to the pack's.
            total = -float(sum(self.values[c] for c in self.deck) * rules.packs)
            return GameInfo(
                float(-high), float(-low), total if constant else None, length, "points", True
            )
        # One share among the winning sides; partners each receive their side's share.
        shared = 1.0 if rules.partnership is Partnership.NONE else 2.0
        return GameInfo(0.0, 1.0, shared, length, "rank", penalties)

    def new_initial_state(self, seed: int | None = None) -> HeartsState:
        """A new match; dealt at once when ``seed`` is given, else at chance nodes."""
        return self.state_class(self, None if seed is None else random.Random(seed))

    def deal_state(self, hands: Sequence[str | Iterable[str]]) -> HeartsState:
        """A new match whose first deal gives these hands (seat by seat, tokens); later deals
        are chance nodes. For scenario tests and hand-set problems; a hand the rules cannot
        deal raises :class:`~hoyle.core.errors.InvalidPositionError`.

        >>> import hoyle
        >>> g = hoyle.load("hearts", players=4, deals=1)
        >>> hands = ["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        ...          "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        ...          "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
        ...          "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"]
        >>> g.deal_state(hands).hand_mask(0) == (1 << 13) - 1
        True
        """
        if len(hands) != self.n:
            raise InvalidPositionError(
                _("need {n} hands, one per seat, not {count}").format(n=self.n, count=len(hands))
            )
        if self.rules.packs > 1:  # a card may be dealt twice: the two-pack state deals it
            from hoyle.games.hearts.cancellation import deal_two_packs

            return deal_two_packs(self, hands)
        masks = []
        seen = 0
        free_jokers = self.deck_mask & JOKERS
        for seat, hand in enumerate(hands):
            cards = position_cards(seat, hand)
            m = 0
            for card in cards:
                if card.joker:  # the next joker of the pack
                    if not free_jokers:
                        raise InvalidPositionError(
                            _("seat {seat}: more jokers than the pack has").format(seat=seat)
                        )
                    bit = free_jokers & -free_jokers
                    free_jokers ^= bit
                    seen |= bit
                    m |= bit
                    continue
                bit = card.mask
                if bit & seen or not bit & self.deck_mask:
                    if bit & seen:
                        text = _("seat {seat}: {card} is dealt twice")
                    else:
                        text = _("seat {seat}: {card} is not in this pack")
                    raise InvalidPositionError(text.format(seat=seat, card=card.token))
                seen |= bit
                m |= bit
            if len(cards) != self.hand_size:
                raise InvalidPositionError(
                    _("seat {seat} has {count} cards; each hand has {size}").format(
                        seat=seat, count=len(cards), size=self.hand_size
                    )
                )
            masks.append(m)
        state = self.state_class(self, None)
        state._start_deal(masks)
        return state


class DealRecord:
    """What a finished deal's result is made from (:mod:`hoyle.games.hearts.results`): the
    deal's own lists, which no later action changes, so that scoring a deal costs a few
    references and its lines are written only when somebody asks for them (``result``)."""

    __slots__ = (
        "bid",
        "bidder",
        "choice",
        "dealer",
        "declarer",
        "detail",
        "partner",
        "points",
        "remainder",
        "result",
        "revokes",
        "scores",
        "shooter",
        "table_after",
        "table_before",
        "taken",
        "taken2",
        "tricks",
        "values",
        "widow",
        "widow_taker",
    )

    def __init__(
        self,
        state: HeartsState,
        scores: list[int],
        choice: Moon | None,
        table: int,
        detail: dict[str, Any],
    ) -> None:
        self.scores = scores
        self.detail = detail  # see HeartsState.settle
        self.choice = choice  # the shooter's choice under moon=choose
        self.dealer = state._dealer
        self.taken = state._taken
        self.taken2: list[int] | None = getattr(state, "_taken2", None)  # two packs
        self.tricks = state._ntricks
        self.points = state._points
        self.shooter = state._shooter
        self.declarer = state._declarer
        self.bidder = state._bidder
        self.bid = state._bid
        self.partner = state._partner
        self.table_before = state._table
        self.table_after = table
        self.values = state._values
        self.widow = state._widow
        self.widow_taker = state._widow_taker
        self.revokes = state._revokes
        # Domino Hearts: (seat, hand, stock) the last holder added to their tricks.
        self.remainder: tuple[int, int, int] | None = getattr(state, "_remainder", None)
        self.result: DealResult | None = None


class HeartsState(SharedShuffler, State):
    """A position in a Hearts match."""

    __slots__ = (
        "_bid",
        "_bidder",
        "_bids",
        "_broken",
        "_cur",
        "_deal_no",
        "_deal_start",
        "_dealer",
        "_dealt",
        "_declarer",
        "_discards",
        "_hands",
        "_history",
        "_last_trick",
        "_lead_suit",
        "_leader",
        "_legal",
        "_ntricks",
        "_partner",
        "_passed",
        "_penalty",
        "_phase",
        "_points",
        "_received",
        "_records",
        "_revokes",
        "_rng_shared",
        "_rng_store",
        "_scores",
        "_shooter",
        "_table",
        "_taken",
        "_trick",
        "_trick_pts",
        "_tricks",
        "_undealt",
        "_values",
        "_widow",
        "_widow_taker",
        "_win_card",
        "_win_pos",
        "g",
        "game",
    )

    def __init__(self, game: HeartsGame, rng: random.Random | None) -> None:
        self.game = game
        self.g = game
        self._rng = rng
        n = game.n
        self._scores = [game.rules.chips] * n  # chip balances in the chip game, else 0
        self._table = 0  # chips left on the table for the next deal (the chip game)
        self._records: list[DealRecord] = []  # one per finished deal
        self._last_trick: tuple[int, tuple[int, ...], int] | None = None
        self._history: list[int] = []
        self._deal_no = 0
        self._dealer = n - 1  # seat 0 is eldest hand in the first deal
        self._start_deal()

    # ----------------------------------------------------------------- deal set-up

    def _start_deal(self, hands: list[int] | None = None) -> None:
        """Reset the deal; deal ``hands`` (masks by seat) if given, else shuffle or await chance."""
        g = self.g
        n = g.n
        self._deal_start = len(self._history)
        self._phase = DEAL
        self._hands = [0] * n
        self._dealt = [0] * n
        self._passed: list[list[int]] = [[] for _ in range(n)]
        self._received = [0] * n
        self._trick: list[int] = []
        self._tricks: list[tuple[int, tuple[int, ...], int]] = []
        self._taken = [0] * n
        self._ntricks = [0] * n
        self._points = [0] * n
        self._trick_pts = 0
        self._win_card = -1
        self._win_pos = 0
        self._lead_suit = -1
        self._broken = g.broken_at_start
        self._shooter = -1
        self._declarer = -1  # who announced a Générale this deal
        self._values = g.values  # what each card costs this deal (an auction may change it)
        self._penalty = g.penalty_mask
        self._bid = 0  # the highest bid so far, and who made it
        self._bidder = -1
        self._bids: list[int | None] = [None] * n
        self._partner = -1  # a slam bidder's silent partner (the bidder, when alone)
        self._widow = 0  # the cards dealt face down to the widow, if any
        self._widow_taker = -1
        self._discards: list[int] = []  # what the widow's taker laid away, widow=to_hand
        self._revokes: list[tuple[int, int]] = []  # (trick index, seat) of each revoke
        self._legal: int | None = None
        eldest = (self._dealer + 1) % n
        self._cur = eldest
        self._leader = eldest
        if hands is not None:
            self._undealt = g.deck_mask & ~mask_of_hands(hands)  # what is left is the widow
            self._hands = list(hands)
            # The history replays from an unseeded start: the deal as the chance actions that
            # give these hands, one card at a time from eldest.
            lists = [mask_to_list(hands[(eldest + i) % n]) for i in range(n)]
            for k in range(g.hand_size):
                self._history.extend(cards[k] for cards in lists)
            self._after_deal()
        elif self._rng is None:
            self._undealt = g.deck_mask
        else:
            cards = list(g.deck)
            self._rng.shuffle(cards)
            hs = g.hand_size
            dealt = n * hs
            for i in range(n):
                self._hands[(eldest + i) % n] = mask_of(cards[i * hs : (i + 1) * hs])
            # Seat eldest + i holds cards[i * hs : (i + 1) * hs]; dealt one at a time from
            # eldest, round k gives each seat its k-th card: cards[k], cards[hs + k], ….
            history = self._history
            for k in range(hs):
                history += cards[k:dealt:hs]
            self._undealt = mask_of(cards[dealt:])  # the widow, if any
            self._after_deal()

    def _after_deal(self) -> None:
        self._widow, self._undealt = self._undealt, 0  # cards not dealt to a hand: the widow
        self._dealt = list(self._hands)
        if self.pass_plan():
            self._phase = PASS
            self._cur = (self._dealer + 1) % self.g.n
        else:
            self._begin_play()

    def _begin_play(self) -> None:
        g = self.g
        self._phase = PLAY
        if g.first_lead_club:
            bit = 1 << g.lowest_club
            for seat, hand in enumerate(self._hands):
                if hand & bit:
                    self._cur = self._leader = seat
                    break
        else:
            self._cur = self._leader = (self._dealer + 1) % g.n
        if g.has_bidding:
            # One round of bids, from eldest to the dealer: for the right to name the suit, or
            # to undertake a slam.
            self._phase = AUCTION
            self._cur = (self._dealer + 1) % g.n
        elif g.rules.generale:
            # Before the first lead each player in turn, from eldest, may announce a Générale.
            self._phase = DECLARE
            self._cur = (self._dealer + 1) % g.n

    def _take_bid(self, action: int) -> None:
        n = self.g.n
        seat = self._cur
        if action == NO_BID:
            self._bids[seat] = 0
        else:
            self._bid, self._bidder = action - BID, seat
            self._bids[seat] = self._bid
        if seat != self._dealer:
            self._cur = (seat + 1) % n
        elif self._bidder >= 0 and self.g.rules.slam_bid:
            # Whoever holds the bonus card is the bidder's partner, and knows it; the others
            # learn it when that card is played.
            bit = 1 << self.g.partner_card
            self._partner = next(s for s in range(n) if self._hands[s] & bit)
            self._phase, self._cur = PLAY, self._leader
        elif self._bidder >= 0:
            self._phase, self._cur = NAME, self._bidder
        else:  # everyone passed: hearts, eldest leads, nobody pays
            self._phase, self._cur = PLAY, self._leader

    def _name_suit(self, action: int) -> None:
        suit_mask = SUIT_MASK[action - NAME_SUIT] & self.g.deck_mask
        self._penalty = suit_mask
        self._values = [1 if suit_mask >> c & 1 else 0 for c in range(52)]
        self._phase = PLAY
        self._cur = self._leader = self._bidder  # the buyer leads

    def _penalty_total(self) -> int:
        return sum(self._values[c] for c in mask_to_list(self._penalty))

    def _declare(self, action: int) -> None:
        n = self.g.n
        if action == GENERALE:
            self._declarer = self._cur
        elif (self._cur + 1) % n != (self._dealer + 1) % n:
            self._cur = (self._cur + 1) % n
            return
        self._phase = PLAY
        self._cur = self._leader

    def pass_direction(self) -> Pass:
        """This deal's pass (once the match is over, the last deal's)."""
        cycle = self.g.rules.effective_pass_cycle
        return cycle[self._pass_deal() % len(cycle)]

    def pass_plan(self) -> tuple[int, ...]:
        """For each card a seat passes, in the order chosen, how many seats to the left it goes
        (``POOL``, 0, for a mix pass); empty when this deal has no pass."""
        plans = self.g.plans
        return plans[self._pass_deal() % len(plans)]

    def _pass_deal(self) -> int:
        return self._deal_no - 1 if self._phase == OVER else self._deal_no

    # ----------------------------------------------------------------- protocol

    def current_player(self) -> int:
        """The seat to act, CHANCE while dealing, TERMINAL at the end."""
        phase = self._phase
        if phase in (PLAY, PASS, DECLARE, AUCTION, NAME, DISCARD):
            return self._cur
        if phase in (DEAL, MIX):
            return CHANCE
        if phase == MOON:
            return self._shooter
        return TERMINAL

    def is_chance_node(self) -> bool:
        """True while cards are being dealt (or a mix pass dealt back) at chance nodes."""
        return self._phase == DEAL or self._phase == MIX

    def is_terminal(self) -> bool:
        """True once the match is over."""
        return self._phase == OVER

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each undealt card with equal probability, while dealing."""
        if self._phase != DEAL and self._phase != MIX:
            return []
        cards = mask_to_list(self._undealt)
        pairs = _CHANCE_PAIRS[len(cards)]
        return [pairs[c] for c in cards]

    def _legal_mask(self) -> int:
        g = self.g
        phase = self._phase
        if phase == PLAY:
            hand = self._hands[self._cur]
            jokers = hand & JOKERS  # a joker may go to any trick, whatever else is held
            if jokers:
                hand ^= jokers
                if jokers == JOKERS:  # two alike: one action plays either (the lower id)
                    jokers = _JOKER_52
                if not hand:
                    return jokers
            if self._trick:
                if self._lead_suit < 0:  # only jokers so far: the next card sets the suit
                    return hand | jokers
                follow = hand & SUIT_MASK[self._lead_suit]
                if follow:
                    if not self._tricks and g.first_trick_safe:
                        # Following to the first trick still keeps points off it when it can
                        # (a spade lead, with eldest leading any card).
                        return (follow & g.safe_mask or follow) | jokers
                    return follow | jokers
                if g.first_trick_safe and not self._tricks:
                    safe = hand & g.safe_mask
                    if safe:
                        return safe | jokers
                return hand | jokers
            cand = hand
            if not self._tricks:
                if g.first_lead_club:
                    if g.lead_any_club:
                        return hand & CLUBS | jokers
                    return 1 << g.lowest_club | jokers
                if g.first_trick_safe:
                    safe = hand & g.safe_mask
                    if safe:
                        cand = safe
            if not self._broken:
                plain = cand & ~HEARTS
                if plain:
                    if g.hearts_for_queen and plain == QS_BIT:
                        return cand | jokers
                    return plain | jokers
            return cand | jokers
        if phase in (PASS, DISCARD):
            hand = self._hands[self._cur]
            return hand ^ _JOKER_53 if hand & JOKERS == JOKERS else hand  # two alike: one action
        if phase in (DEAL, MIX):
            return self._undealt
        if phase == MOON:
            return (1 << MOON_ADD) | (1 << MOON_SUBTRACT)
        if phase == DECLARE:
            return (1 << GENERALE) | (1 << NO_GENERALE)
        if phase == AUCTION:
            top = g.top_bid  # a bid is at most the stake (or slam_bid)
            bids = ((1 << (top + 1)) - 1) & ~((1 << (self._bid + 1)) - 1)
            return (1 << NO_BID) | bids << BID
        if phase == NAME:
            return 0b1111 << NAME_SUIT
        return 0

    def legal_mask(self) -> int:
        """The legal actions as a bitmask (bit ``a`` set when action ``a`` is legal)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_mask()
        return legal

    def legal_actions(self) -> list[int]:
        """Legal actions in increasing order: cards (0–51, jokers 52–53), then the moon
        choices, Générale answers and auction actions (64 and up)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_mask()
        if legal >> 52:  # jokers, or the moon, Générale and auction actions
            if self._phase in (PLAY, PASS, DEAL, MIX, DISCARD):
                return mask_to_list(legal)
            return [a for a in range(52, BID + 101) if legal >> a & 1]
        return (
            _L0[legal & _M13]
            + _L1[legal >> 13 & _M13]
            + _L2[legal >> 26 & _M13]
            + _L3[legal >> 39 & _M13]
        )

    def apply_action(self, action: int) -> None:
        """Deal, pass, play or choose; raises IllegalActionError and changes nothing if illegal."""
        try:
            if self._phase == DEAL:  # the chance deal is 52 steps a deal: keep them short
                undealt = self._undealt
                if action < 0 or not undealt >> action & 1:
                    raise IllegalActionError(self._why_illegal(action))
                self._history.append(action)
                self._legal = None
                bit = 1 << action
                self._undealt = undealt ^ bit
                seat = self._cur
                self._hands[seat] |= bit
                self._cur = seat + 1 if seat + 1 < self.g.n else 0
                if undealt == bit or (
                    self.g.widow_size and (undealt ^ bit).bit_count() == self.g.widow_size
                ):
                    self._after_deal()
                return
            legal = self._legal
            if legal is None:
                legal = self._legal_mask()
            if action < 0 or not legal >> action & 1:
                raise IllegalActionError(self._why_illegal(action))
        except TypeError:  # checked here, off the hot path: a str, None, a float …
            if type(action) is int:
                raise
            raise not_an_action(action) from None
        self._legal = None
        self._history.append(action)
        phase = self._phase
        if phase == PLAY:
            self._play(action)
        elif phase == PASS:
            self._pass(action)
        elif phase == MIX:
            self._deal_back(action)
        elif phase == DECLARE:
            self._declare(action)
        elif phase == AUCTION:
            self._take_bid(action)
        elif phase == NAME:
            self._name_suit(action)
        elif phase == DISCARD:
            self._discard(action)
        else:
            self._choose_moon(action)

    def _play(self, card: int) -> None:
        g = self.g
        bit = 1 << card
        cur = self._cur
        self._hands[cur] ^= bit
        trick = self._trick
        if not trick:
            self._lead_suit = card // 13 if card < 52 else -1  # a led joker sets no suit
            self._win_card = card
            self._win_pos = 0
            self._trick_pts = self._values[card]
        else:
            if card // 13 == self._lead_suit and card > self._win_card:
                self._win_card = card
                self._win_pos = len(trick)
            elif self._lead_suit < 0 and card < 52:  # the first natural card after a joker
                self._lead_suit = card // 13
                self._win_card = card
                self._win_pos = len(trick)
            self._trick_pts += self._values[card]
        trick.append(card)
        if not self._broken and (bit & HEARTS or (card == 49 and g.queen_breaks)):
            self._broken = True
        n = g.n
        if len(trick) < n:
            self._cur = cur + 1 if cur + 1 < n else 0
            return
        winner = (self._leader + self._win_pos) % n
        self._tricks.append((self._leader, tuple(trick), winner))
        if self._widow and len(self._tricks) == 1:
            # The first trick's winner takes the widow, unseen by the others.
            self._widow_taker = winner
            if g.widow_to_hand:
                self._hands[winner] |= self._widow
                self._phase = DISCARD  # before the next lead, once this trick is put away
            else:
                self._taken[winner] |= self._widow
                self._points[winner] += sum(self._values[c] for c in mask_to_list(self._widow))
        for c in trick:
            self._taken[winner] |= 1 << c
        self._ntricks[winner] += 1
        self._points[winner] += self._trick_pts
        self._trick = []
        self._cur = self._leader = winner
        if len(self._tricks) == g.hand_size:
            self._end_of_play()

    def _choosing(self, seat: int) -> tuple[str, int, int] | None:
        # The pass is pass_count cards, one action each; a widow taken to hand lays away as
        # many cards as the widow held.
        if self._phase == PASS:
            left = self.g.rules.pass_count - len(self._passed[seat])
            return ("pass", left, left)
        if self._phase == DISCARD:
            left = self.g.widow_size - len(self._discards)
            return ("discard", left, left)
        return None

    def _discard(self, card: int) -> None:
        # widow=to_hand: the taker lays away as many cards as the widow held, face down with
        # the cards they took; then they lead.
        seat = self._cur
        self._hands[seat] ^= 1 << card
        self._taken[seat] |= 1 << card
        self._points[seat] += self._values[card]
        self._discards.append(card)
        if len(self._discards) == self.g.widow_size:
            self._phase = PLAY

    def _pass(self, card: int) -> None:
        g = self.g
        cur = self._cur
        self._hands[cur] ^= 1 << card
        passed = self._passed[cur]
        passed.append(card)
        if len(passed) < g.rules.pass_count:
            return
        n = g.n
        nxt = (cur + 1) % n
        if nxt != (self._dealer + 1) % n:
            self._cur = nxt
            return
        plan = self.pass_plan()
        if plan[0] == POOL:
            self._start_mix()
            return
        for seat in range(n):
            for c, offset in zip(self._passed[seat], plan, strict=True):
                self._received[(seat + offset) % n] |= 1 << c
        self._take_received()

    def _take_received(self) -> None:
        for seat in range(self.g.n):
            self._hands[seat] |= self._received[seat]
        self._begin_play()

    def _start_mix(self) -> None:
        """Shuffle the passed cards and deal them back, one at a time from eldest hand."""
        n = self.g.n
        eldest = (self._dealer + 1) % n
        pool = [c for cards in self._passed for c in cards]
        if self._rng is None:
            self._phase = MIX
            self._undealt = mask_of(pool)
            self._cur = eldest
            return
        pool.sort()
        self._rng.shuffle(pool)
        self._history += pool  # the deal-back's chance actions, in the order dealt
        for k, card in enumerate(pool):
            self._received[(eldest + k) % n] |= 1 << card
        self._take_received()

    def _deal_back(self, card: int) -> None:
        # The cards of a mix pass stay face down until all are dealt back.
        bit = 1 << card
        self._undealt ^= bit
        seat = self._cur
        self._received[seat] |= bit
        self._cur = (seat + 1) % self.g.n
        if not self._undealt:
            self._take_received()

    def _end_of_play(self) -> None:
        shooter = self._moon_shooter(self._taken)
        self._shooter = shooter
        if shooter >= 0 and self.g.rules.moon is Moon.CHOOSE:
            self._phase = MOON
            return
        self._score_deal(None)

    def _moon_shooter(self, taken: Sequence[int]) -> int:
        """The seat that shot the moon with the cards ``taken`` (a partnership's first seat),
        or -1."""
        g = self.g
        shooter = -1
        if g.rules.moon is not Moon.NONE:
            for side in g.moon_sides:
                won = 0
                for seat in side:
                    won |= taken[seat]
                if won & g.moon_mask == g.moon_mask:
                    shooter = side[0]  # a partnership decides (moon=choose) by its first seat
        return shooter

    def _choose_moon(self, action: int) -> None:
        self._score_deal(Moon.ADD if action == MOON_ADD else Moon.SUBTRACT)

    def _score_deal(self, moon_choice: Moon | None) -> None:
        g = self.g
        detail: dict[str, Any] = {}
        scores, table = self.settle(
            self._taken, self._ntricks, self._points, self._shooter, moon_choice, detail
        )
        self._records.append(DealRecord(self, scores, moon_choice, table, detail))
        if g.rules.chips:
            self._table = table
            self._bid, self._bidder = 0, -1  # settled: the table now holds what is left
        self._last_trick = self._tricks[-1]
        for seat, pts in enumerate(scores):
            self._scores[seat] += pts
        self._deal_no += 1
        if match_over(g.rules, self._scores, self._deal_no):
            self._phase = OVER
            return
        self._dealer = (self._dealer + 1) % g.n
        self._start_deal()

    def settle(
        self,
        taken: Sequence[int],
        ntricks: Sequence[int],
        points: Sequence[int],
        shooter: int,
        moon_choice: Moon | None,
        detail: dict[str, Any] | None = None,
    ) -> tuple[list[int], int]:
        """The deal's score for each seat, and the chips then left on the table, had the deal
        ended with these cards ``taken``, tricks won and ``points`` (bonus cards counted) and
        this ``shooter`` (-1: none) making this ``moon_choice`` (``moon=choose``).

        ``detail``, when given, receives what the deal's result explains and cannot be read
        off the deal afterwards: ``moon`` and ``worth``, the moon rule applied and its worth;
        ``before_cut``, the scores before the Q♦'s cut.

        It reads the match (totals, bids, the table, revokes, a Générale) but changes nothing:
        the engine scores each deal with it, and the ending solver scores the deals it imagines.
        """
        g = self.g
        shooters: tuple[int, ...] = ()
        if shooter >= 0:
            shooters = next(side for side in g.moon_sides if shooter in side)
        positive = [0] * g.n  # penalty points alone: only the chip game and a moon need them
        if shooters or g.rules.chips:
            positive = self._penalty_points(taken)
        pts = list(points)
        if g.queen_effects:
            pts = positive = queen_scores(g, pts, list(taken))
        table = self._table
        if g.rules.chips:
            scores, table = chip_settlement(g, positive, table + self._bid, self._penalty_total())
            if self._bidder >= 0:
                scores[self._bidder] -= self._bid  # the bid went to the table before play
            for _t, seat in self._revokes:  # each revoke pays the agreed chips to every opponent
                fine = g.rules.revoke_penalty
                scores = [
                    v - fine * (g.n - 1) if s == seat else v + fine for s, v in enumerate(scores)
                ]
        elif self._declarer >= 0:
            scores = generale_scores(g, self._declarer, list(taken))
        else:
            scores = deal_scores(
                g,
                pts,
                positive,
                list(ntricks),
                shooters,
                self._scores,
                self._deal_no,
                moon_choice,
                detail,
            )
            if self._partner >= 0:
                side = {self._bidder, self._partner}
                made = sum(ntricks[s] for s in side) == g.hand_size
                scores = slam_bid_scores(g, scores, side, made, self._bid)
        if g.rules.diamond_queen:
            if detail is not None:
                detail["before_cut"] = list(scores)
            scores = diamond_queen(g, scores, self._scores, list(taken))
        return scores, table

    def _penalty_points(self, taken: Sequence[int]) -> list[int]:
        """Each seat's penalty points in the cards it has ``taken``, bonus cards left out."""
        return [sum(self._values[c] for c in mask_to_list(won & self._penalty)) for won in taken]

    # The refusals below are written only when a move is refused, in the language in force
    # (the legal-move and apply paths never build text): seat by number ("seat 0 …", "el
    # asiento 0 …"), cards by token, which the screen then writes in its own words.

    def _why_illegal(self, action: int) -> str:
        phase = self._phase
        if phase == OVER:
            return _("action {action} after the end of the game").format(action=action)
        legal = self.legal_actions() if phase != DEAL else mask_to_list(self._undealt)
        shown = " ".join(self.action_to_string(a) for a in legal)
        return _("{why}; legal: {legal}").format(why=self._why_not(action), legal=shown)

    def _why_not(self, action: int) -> str:
        """Why ``action`` is not legal now, in words (the legal moves left out)."""
        phase = self._phase
        if not (0 <= action < 54 or action in _WORD_TOKENS):
            return _("{action} is not a Hearts action").format(action=action)
        what = self.action_to_string(action)
        seat = self._cur
        if phase == PLAY and 0 <= action < 54:
            hand = self._hands[seat]
            reason = self._play_reason(action, hand)
            return _("seat {seat} cannot play {card}: {reason}").format(
                seat=seat, card=what, reason=reason
            )
        if phase == PASS and 0 <= action < 54:
            return _("seat {seat} cannot pass {card}: not in hand").format(seat=seat, card=what)
        if phase == DISCARD and 0 <= action < 54:
            return _("seat {seat} cannot discard {card}: not in hand").format(seat=seat, card=what)
        return _("{action} is not legal now ({phase})").format(
            action=what, phase=_phase_word(phase)
        )

    def _play_reason(self, card: int, hand: int) -> str:
        g = self.g
        if not hand >> card & 1:
            return _("not in hand")
        if self._trick and hand & SUIT_MASK[self._lead_suit] and card // 13 != self._lead_suit:
            return _("must follow suit")
        if not self._tricks and not self._trick and g.first_lead_club:
            if g.lead_any_club:
                return _("the first lead is the {card} or another club").format(
                    card=TOKENS[g.lowest_club]
                )
            return _("the first lead is the {card}").format(card=TOKENS[g.lowest_club])
        if not self._tricks and g.first_trick_safe and g.first_trick_banned >> card & 1:
            return _("no points on the first trick")
        if not self._trick and not self._broken and card // 13 == 2:
            return _("hearts are not broken")
        return _("the Q♠ may not be led while a heart may")  # pragma: no cover - hearts_for_queen

    # ----------------------------------------------------------------- the contract's hooks

    def _action_token(self, action: int) -> str:
        """Cards are tokens (``QS``, a joker ``XJ``); the others ``moon add``, ``moon
        subtract``, ``generale``, ``no generale``, ``no bid``, ``bid 5``, ``name spades``."""
        if 0 <= action < 54:
            if action == 53 and self._phase in (DEAL, MIX) and self._undealt >> 52 & 1:
                return "XJ2"  # both jokers may be dealt: each outcome has a token of its own
            return TOKENS[action]
        token = _WORD_TOKENS.get(action)
        if token is None:
            raise IllegalActionError(_("{action} is not a Hearts action").format(action=action))
        return token

    def _parse_action(self, text: str) -> int | None:
        """A card (``qs``, ``10h``, ``joker``), ``moon add``/``moon subtract`` (or ``add``/
        ``subtract``), ``generale``/``no generale``, ``bid 5``/``no bid``, ``name hearts``;
        ``pass`` declines a bid or a Générale."""
        from hoyle.cards import CardError, card_index

        key = " ".join(text.split()).lower()
        word = next((a for a, token in _WORD_TOKENS.items() if key == token), None)
        if key == "pass" and self._phase == AUCTION:
            word = NO_BID
        elif key in _WORD_ALIASES:
            word = _WORD_ALIASES[key]
        if word is not None:
            if not self.legal_mask() >> word & 1:
                raise IllegalActionError(
                    _("not a move in the {phase} phase").format(phase=_phase_word(self._phase))
                )
            return word
        if key == "xj2":  # the second joker, dealt while the first may be too
            return 53
        if key in ("xj", "joker"):  # the jokers are alike: the lowest one that may be played
            jokers = self.legal_mask() & JOKERS or self.g.deck_mask & JOKERS
            if not jokers:
                raise IllegalActionError(_("this game has no joker"))
            return (jokers & -jokers).bit_length() - 1
        try:
            card = card_index(key.upper())
        except CardError:
            raise IllegalActionError(_("not a card or a Hearts move")) from None
        if self._phase in (PLAY, PASS, DISCARD) and not self.legal_mask() >> card & 1:
            raise IllegalActionError(self._why_not(card))  # the rule that forbids it
        return card

    def _observe(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (see :mod:`hoyle.games.hearts.observe`)."""
        from hoyle.games.hearts.observe import observe

        return observe(self, seat)

    def _dealer_seat(self) -> int | None:
        return self._dealer

    def _results(self) -> Sequence[DealResult]:
        """Each finished deal's result (see :mod:`hoyle.games.hearts.results`), built when
        first asked for and kept with the deal's record."""
        from hoyle.games.hearts.results import deal_result

        out = []
        for number, record in enumerate(self._records, 1):
            if record.result is None:
                record.result = deal_result(self.g, number, record)
            out.append(record.result)
        return out

    def _ranking(self) -> list[list[int]]:
        """The seats best first, ties grouped: by return, then by total (fewer penalty
        points first; more chips first). In a match partners rank together, by their side's
        total."""
        returns = self.returns()
        rules = self.g.rules
        sign = 1 if rules.chips else -1
        together = sides(rules) if self.game.info.returns_kind == "rank" else None
        total = {s: self._scores[s] for s in range(self.g.n)}
        for side in together or ():
            for seat in side:
                total[seat] = sum(self._scores[s] for s in side)
        keys = [(returns[s], sign * total[s]) for s in range(self.g.n)]
        groups: list[list[int]] = []
        for seat in sorted(range(self.g.n), key=lambda s: keys[s], reverse=True):
            if groups and keys[groups[-1][0]] == keys[seat]:
                groups[-1].append(seat)
            else:
                groups.append([seat])
        return groups

    def _narrate(self, before: State, action: int, after: State) -> list[Event]:
        """What ``action`` did, told to each seat as it may see it (see
        :mod:`hoyle.games.hearts.narrate`)."""
        from hoyle.games.hearts.narrate import narrate

        assert isinstance(before, HeartsState) and isinstance(after, HeartsState)
        return narrate(before, action, after)

    def _facts(self, seat: int | None) -> list[Fact]:
        """What ``seat`` needs at a glance (see :mod:`hoyle.games.hearts.facts`)."""
        from hoyle.games.hearts.facts import facts

        return facts(self, seat)

    def _resample(self, seat: int, rng: random.Random) -> HeartsState:
        """A state ``seat`` cannot tell from this one (see :mod:`hoyle.games.hearts.resample`)."""
        from hoyle.games.hearts.resample import resample

        return resample(self, seat, rng)

    def returns(self) -> list[float]:
        """Zeros until the end; then minus the deal's points (``deals=1``), the match ranking,
        or with ``stakes=average`` what each seat draws from (or pays into) the pool."""
        if self._phase != OVER:
            return [0.0] * self.g.n
        rules = self.g.rules
        if rules.chips:
            return [float(s - rules.chips) for s in self._scores]
        if rules.stakes is Stakes.AVERAGE:
            mean = sum(self._scores) / len(self._scores)
            return [mean - s for s in self._scores]
        if rules.deals == 1:
            return [float(-s) for s in self._scores]
        return ranking(rules, self._scores)

    def scores(self) -> list[float]:
        """Each seat's total penalty points in the match so far (chips held, in the chip game)."""
        return [float(s) for s in self._scores]

    def history(self) -> list[int]:
        """Every action applied, chance deals included."""
        return list(self._history)

    def dealt_hands(self) -> list[list[int]]:
        """Each seat's cards as dealt this deal (full-state knowledge: for adapters that
        rebuild the deal elsewhere, given a determinized state, never a player's view)."""
        return [mask_to_list(hand) for hand in self._dealt]

    def moves_this_deal(self) -> list[int]:
        """The actions of this deal after the deal itself (passes, plays, a mix pass dealt
        back, the stock's draws …)."""
        return self._history[self._deal_start + self.g.hand_size * self.g.n :]

    def progress(self) -> tuple[int, str, int]:
        """(deal number, phase, trick number in play)."""
        phase = self._phase
        trick = len(self._tricks) + 1 if phase == PLAY else 0
        return (self._deal_no + 1 - (phase == OVER), PHASE_NAMES[phase], trick)

    # ----------------------------------------------------------------- inspection

    @property
    def phase(self) -> str:
        """``deal``, ``pass``, ``play``, ``moon`` or ``over``."""
        return PHASE_NAMES[self._phase]

    @property
    def dealer(self) -> int:
        """The dealer's seat this deal."""
        return self._dealer

    @property
    def deal_number(self) -> int:
        """Deals completed so far."""
        return self._deal_no

    def hand_mask(self, seat: int) -> int:
        """The cards ``seat`` holds now, as a mask."""
        return self._hands[seat]

    def deal_points(self) -> list[int]:
        """Penalty points taken so far in this deal, before moon and bonus rules."""
        return list(self._points)

    def last_deal_scores(self) -> list[int] | None:
        """What each seat scored in the last completed deal."""
        return list(self._records[-1].scores) if self._records else None

    # ----------------------------------------------------------------- copies

    def clone(self) -> HeartsState:
        """An independent copy (the seeded shuffler shared until one of them draws:
        :class:`~hoyle.core.copying.SharedShuffler`)."""
        cls = type(self)  # a rule's subclass copies its own fields after this
        new = cls.__new__(cls)
        new.game = self.game
        new.g = self.g
        self._share_shuffler(new)  # copied only when one of them draws
        new._scores = self._scores[:]
        new._table = self._table
        new._records = self._records[:]  # a finished deal's record never changes
        new._last_trick = self._last_trick
        new._history = self._history[:]
        new._deal_no = self._deal_no
        new._dealer = self._dealer
        new._deal_start = self._deal_start
        new._hands = self._hands[:]
        if self._phase == PLAY:
            # The deal's set-up (hands dealt, passes, bids, discards) no longer changes in the
            # play, and the next deal makes new lists: shared, as a search clones in the play.
            new._dealt = self._dealt
            new._passed = self._passed
            new._received = self._received
            new._bids = self._bids
            new._discards = self._discards
        else:
            new._dealt = self._dealt[:]
            new._passed = [p[:] for p in self._passed]
            new._received = self._received[:]
            new._bids = self._bids[:]
            new._discards = self._discards[:]
        new._trick = self._trick[:]
        new._tricks = self._tricks[:]
        new._taken = self._taken[:]
        new._ntricks = self._ntricks[:]
        new._points = self._points[:]
        new._trick_pts = self._trick_pts
        new._win_card = self._win_card
        new._win_pos = self._win_pos
        new._lead_suit = self._lead_suit
        new._broken = self._broken
        new._shooter = self._shooter
        new._declarer = self._declarer
        new._values = self._values
        new._penalty = self._penalty
        new._bid = self._bid
        new._bidder = self._bidder
        new._partner = self._partner
        new._widow = self._widow
        new._widow_taker = self._widow_taker
        new._revokes = self._revokes[:]
        new._legal = self._legal
        new._cur = self._cur
        new._leader = self._leader
        new._phase = self._phase
        new._undealt = self._undealt
        return new
