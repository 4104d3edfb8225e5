"""The All Fours engine: a game of hands, each dealt, trumps fixed, played and scored.

Cards are indices 0–51, suit-major (clubs 0–12, diamonds, hearts, spades; 2 low, ace high).
Hands are int bitmasks. Every chance event (a card dealt, turned up, drawn or cut) is a chance
node when the game was started without a seed, and is drawn from ``random.Random(seed)``
otherwise, so a seeded game stops at no chance node; its history still lists every card so
drawn, as the chance action it stands for, so that it replays from the unseeded start.

Actions: 0–51 are cards (played, discarded, or dealt at a chance node); the decisions above
them are named in :data:`WORDS`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from hoyle.cards import TOKENS, CardError, card_index, parse_cards
from hoyle.core.copying import SharedShuffler, copy_fields
from hoyle.core.errors import IllegalActionError, InvalidPositionError, not_an_action
from hoyle.core.info import GameInfo
from hoyle.core.narrate import DealResult, Event, Fact
from hoyle.core.protocol import CHANCE, TERMINAL, Game, State
from hoyle.core.tokens import card_or_word, parse_card_or_word
from hoyle.games.all_fours.rules import (
    AllFoursRules,
    AllPass,
    Bidding,
    Direction,
    FirstDealer,
    Gift,
    RepeatExtras,
    Stock,
    Trump,
)
from hoyle.games.all_fours.scoring import HandScore, counted, hand_point_bounds, score_hand
from hoyle.i18n import N_, _, word_in_sense

__all__ = ["WORDS", "AllFoursGame", "AllFoursState"]

STAND, BEG, GIVE, RUN = 52, 53, 54, 55
PASS = 56
BID = 56  # BID + n (57 … 60) bids n points
SELL, KEEP = 61, 62
THROW_IN = 63
GUESS_RED, GUESS_BLACK = 64, 65
CHOOSE = 66  # CHOOSE + seat (66 … 73): that seat pitches first
NUM_ACTIONS = 74

WORDS: dict[int, str] = {
    STAND: "stand",
    BEG: "beg",
    GIVE: "give",
    RUN: "run",
    PASS: "pass",
    **{BID + n: f"bid {n}" for n in range(1, 5)},
    SELL: "sell",
    KEEP: "keep",
    THROW_IN: "throw in",
    GUESS_RED: "guess red",
    GUESS_BLACK: "guess black",
    **{CHOOSE + seat: f"choose {seat}" for seat in range(8)},
}
"""The token of every action that is not a card."""
_BY_WORD = {word: action for action, word in WORDS.items()}
_BY_WORD.update({"take one": GIVE, "i beg": BEG, "i stand": STAND})

# Phases.
CUT, DEAL, BEG_PHASE, GIVE_PHASE, DISCARD, AUCTION, SALE, PLAY, DRAW, GUESS, CHOOSE_PHASE, OVER = (
    range(12)
)
TIED = -2
"""The winner when a match of ``deals`` hands, or one stopped by ``deal_limit``, ends with
sides level at the top: they share the win."""
MAX_CUT_ROUNDS = 10
"""Cuts for the first deal that may tie before the first of the tied players deals (a safety
cap, so that every match has a bound on its length; ten ties in a row of two players' cuts
come about once in 10^12 matches)."""
GIFT, NO_BID, PACK_OUT = "gift", "no bid", "pack exhausted"
"""Why a hand was thrown in unplayed: Cotton's gift, nobody bid, the pack ran out."""
PHASE_NAMES = (
    "cut",
    "deal",
    "beg",
    "give",
    "discard",
    "bid",
    "sell",
    "play",
    "draw",
    "guess",
    "choose",
    "over",
)
_PHASE_WORDS = {
    "cut": N_("cut (a phase of play)"),
    "deal": N_("deal (a phase of play)"),
    "beg": N_("beg (a phase of play)"),
    "give": N_("give (a phase of play)"),
    "discard": N_("discard (a phase of play)"),
    "bid": N_("bid (a phase of play)"),
    "sell": N_("sell (a phase of play)"),
    "play": N_("play (a phase of play)"),
    "draw": N_("draw (a phase of play)"),
    "guess": N_("guess (a phase of play)"),
    "choose": N_("choose (a phase of play)"),
    "over": N_("over (a phase of play)"),
}
"""The phases' names as a refusal gives them, marked with their sense (the same word names
a move too); the name itself where the language in force has no translation."""


def _phase_word(phase: int) -> str:
    """The name of ``phase`` in the language in force, for a refusal (``beg``, ``petición``)."""
    name = PHASE_NAMES[phase]
    return word_in_sense(_PHASE_WORDS[name], name)


TURN = -1  # a deal-queue target: the card is turned up for trumps
ASIDE = -2  # a deal-queue target: cut for trumps, then shuffled back (California Jack)
TOP = -3  # a deal-queue target: the stock's first card, face up
FULL = (1 << 52) - 1
_POINTS = (0, 0, 0, 0, 0, 0, 0, 0, 10, 1, 2, 3, 4)  # card points by rank: T 10, J 1, Q 2 …
_PUT_ORDER = (1, 0, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2)  # Put: 3 2 A K Q J T 9 … 4 (rank idx)


def suit_of(card: int) -> int:
    """0 clubs, 1 diamonds, 2 hearts, 3 spades."""
    return card // 13


def rank_of(card: int) -> int:
    """0 for a two … 12 for an ace."""
    return card % 13


def _suit_lists() -> tuple[list[list[int]], ...]:
    """For each suit, the card indices of every 13-bit pattern: a mask becomes a list fast."""
    base: list[list[int]] = [[]]
    for bit in range(13):
        base += [[*cards, bit] for cards in base]
    return tuple([[c + 13 * s for c in cards] for cards in base] for s in range(4))


_L0, _L1, _L2, _L3 = _suit_lists()
_M13 = (1 << 13) - 1


def cards_of(mask: int) -> list[int]:
    """The card indices of a mask, in increasing order."""
    return _L0[mask & _M13] + _L1[mask >> 13 & _M13] + _L2[mask >> 26 & _M13] + _L3[mask >> 39]


SUIT_MASK = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
_HIGH_CARDS = sum(1 << (13 * s + r) for s in range(4) for r in range(8, 13))  # T J Q K A


def playable(rules: AllFoursRules, trump: int, hand: int, trick: Sequence[int]) -> int:
    """The cards of ``hand`` that may be played to ``trick`` (the cards in it so far), as a
    mask: follow suit if able, or trump instead where ``trump_when_able`` allows it."""
    if not trick:
        return hand
    led = suit_of(trick[0])
    follow = hand & SUIT_MASK[led]
    if not follow:
        legal = hand
    elif led == trump or not rules.trump_when_able or trump < 0:
        return follow
    else:
        legal = follow | (hand & SUIT_MASK[trump])
    if rules.no_undertrump and trump >= 0:
        # A plain suit led and already trumped: no lower trump, unless only trumps are held.
        trumps = SUIT_MASK[trump]
        top = max((c for c in trick if c // 13 == trump), default=-1)
        if top >= 0 and hand & ~trumps:
            legal &= ~(trumps & ((1 << top) - 1))
    return legal


def winning_place(trump: int, trick: Sequence[int]) -> int:
    """The place in ``trick`` of the card that wins it: the highest trump, else the highest
    card of the suit led."""
    led = suit_of(trick[0])
    best, best_key = 0, -1
    for i, c in enumerate(trick):
        s = suit_of(c)
        key = 100 + c if s == trump else (c if s == led else -1)
        if key > best_key:
            best, best_key = i, key
    return best


class AllFoursGame(Game[AllFoursRules]):
    """An All Fours game: the rules and what the engine precomputes from them."""

    family = "all-fours"

    def __init__(self, rules: AllFoursRules, variant: str) -> None:
        super().__init__(rules, variant)
        self.n = rules.players
        self.step = 1 if rules.direction is Direction.CLOCKWISE else -1
        self.kicks = rules.kicks
        n = self.n
        self.side_of = tuple(rules.side_of(s) for s in range(n))
        """Each seat's side."""
        self.seats_of = tuple(
            tuple(s for s in range(n) if self.side_of[s] == k) for k in range(rules.sides)
        )
        """Each side's seats."""

    @property
    def num_players(self) -> int:
        """Number of seats."""
        return self.n

    @property
    def num_distinct_actions(self) -> int:
        """52 cards and the decisions of :data:`WORDS`."""
        return NUM_ACTIONS

    def _game_info(self) -> GameInfo:
        """One hand (``deals=1``) returns its points, a side's to each of its seats (contract
        §2): from minus the highest bid (a pitcher set back) to everything a hand can score. A
        match returns 1 to each player of the winning side, shared among sides level at the
        top, 0 to the others: each side's seats share 1 in all, so the returns add up to the
        number of seats of a side.

        The longest game: the cut for the first deal (at most :data:`MAX_CUT_ROUNDS` rounds,
        or a card each until a jack comes), then per hand every card of the pack dealt, turned
        or drawn once (the card cut for trumps twice) and discarded or played once, each
        seat's bid and throw-in, and the beg, the answer, the sale; at most ``deals`` hands
        (``deal_limit`` when ties play on, or when the match is to a target)."""
        rules = self.rules
        n = self.n
        cut = max(49, MAX_CUT_ROUNDS * n) + 2  # the cut, or a colour guessed and a pitcher chosen
        per_hand = 53 + 52 + 2 * n + 8
        tie_plays_on = rules.deals > 1 and rules.tie_deals
        hands = rules.deals if rules.deals and not tie_plays_on else rules.deal_limit
        length = cut + per_hand * hands
        if rules.deals == 1:
            low, high = hand_point_bounds(rules)
            return GameInfo(float(low), float(high), None, length, "points")
        seats_per_side = n // rules.sides
        return GameInfo(0.0, 1.0, float(seats_per_side), length, "rank")

    def new_initial_state(self, seed: int | None = None) -> AllFoursState:
        """A new game: chance nodes for every card, or with ``seed`` every card from a
        seeded shuffle."""
        return AllFoursState(self, None if seed is None else random.Random(seed))

    def deal_state(
        self,
        hands: Sequence[str],
        *,
        dealer: int = 0,
        turn_up: str | None = None,
        stock: str = "",
    ) -> AllFoursState:
        """A game whose first hand deals these hands (by seat), with ``dealer`` dealing and
        ``turn_up`` turned for trumps (or, with trump=cut, cut for trumps and shuffled back, so
        it may also be in a hand or the stock); ``stock`` fixes the next cards of the pack in
        order (for running or drawing). Later events are chance nodes. For scenario tests and
        hand-set problems. Raises :class:`InvalidPositionError` for hands the rules cannot
        deal."""
        n = self.n
        if len(hands) != n:
            raise InvalidPositionError(
                _("need {n} hands, one per seat, not {count}").format(n=n, count=len(hands))
            )
        if not 0 <= dealer < n:
            raise InvalidPositionError(
                _("dealer must be a seat 0…{last}, not {dealer}").format(last=n - 1, dealer=dealer)
            )
        order: list[int] = []
        seen = 0
        masks = []
        try:
            for seat, text in enumerate(hands):
                cards = [c.index for c in parse_cards(text)]
                if len(cards) != self.rules.hand_size:
                    raise InvalidPositionError(
                        _("seat {seat} has {count} cards; each hand has {size}").format(
                            seat=seat, count=len(cards), size=self.rules.hand_size
                        )
                    )
                masks.append(cards)
            extra = [c.index for c in parse_cards(stock)] if stock else []
            turned = card_index(turn_up.upper()) if turn_up else None
        except CardError as exc:
            raise InvalidPositionError(str(exc)) from None
        # A card cut for trumps (trump=cut) goes back into the pack: it may be dealt again.
        stays_out = [turned] if turned is not None and self.rules.trump is Trump.TURN_UP else []
        for card in [c for cards in masks for c in cards] + extra + stays_out:
            if seen >> card & 1:
                raise InvalidPositionError(_("{card} is dealt twice").format(card=TOKENS[card]))
            seen |= 1 << card
        if (self.rules.trump is not Trump.PITCH) != (turned is not None):
            raise InvalidPositionError(
                _("give turn_up (the trump card) with trump=turn_up or cut, and only then")
            )
        state = AllFoursState(self, None, start=False)
        state._dealer = state._origin_dealer = dealer
        # The chance actions of the first hand, in the engine's dealing order.
        eldest = state._nxt(dealer)
        per_seat = {s: list(c) for s, c in enumerate(masks)}
        if self.rules.trump is Trump.CUT:
            assert turned is not None
            order.append(turned)
        for packet in _packets(self.rules.hand_size):
            seat = eldest
            for _seat_no in range(n):
                order.extend(per_seat[seat][:packet])
                per_seat[seat] = per_seat[seat][packet:]
                seat = state._nxt(seat)
        if self.rules.trump is Trump.TURN_UP:
            assert turned is not None
            order.append(turned)
        state._forced = order + extra
        state._start_hand()
        return state


def _packets(size: int) -> list[int]:
    """Cards per round of dealing: threes, then what is left (6 is 3 + 3)."""
    out = []
    while size > 0:
        out.append(min(3, size))
        size -= 3
    return out


class AllFoursState(SharedShuffler, State):
    """A position in a game of All Fours."""

    def __init__(
        self, game: AllFoursGame, rng: random.Random | None, *, start: bool = True
    ) -> None:
        self.game = game
        self.g = game
        self.rules = game.rules
        self._rng = rng
        n = game.n
        self._history: list[int] = []
        self._scores = [0] * self.rules.sides
        self._hand_no = 0
        self._hand_results: list[DealResult] = []  # each finished (or stopped) hand, how it scored
        self._winner = -1  # the winning side, once the game is over (TIED: a shared win)
        self._dealer = n - 1
        self._origin_dealer: int | None = None  # deal_state: the first hand's dealer, no cut
        self._forced: list[int] = []  # cards the next chance events must give (deal_state)
        self._cut: list[tuple[int, int]] = []  # (seat, card) of the cut for the first deal
        self._cut_seats: list[int] = []
        self._cut_rounds = 0  # cuts that tied
        self._guess = -1
        self._hands = [0] * n
        self._undealt = FULL
        self._phase = OVER
        self._cur = 0
        self._legal: list[int] | None = None
        self._clear_hand()
        if start:
            self._start_match()

    # ----------------------------------------------------------------- helpers

    def _nxt(self, seat: int) -> int:
        return (seat + self.g.step) % self.g.n

    def _prev(self, seat: int) -> int:
        return (seat - self.g.step) % self.g.n

    def _side(self, seat: int) -> int:
        return self.g.side_of[seat]

    # ----------------------------------------------------------------- the cut

    def _start_match(self) -> None:
        rules = self.rules
        one_cutter = rules.first_dealer in (FirstDealer.FIRST_JACK, FirstDealer.COLOUR_GUESS)
        self._phase, self._undealt = CUT, FULL
        self._cut = []
        self._cut_round = [0] if one_cutter else list(range(self.g.n))
        self._cut_pos = 0
        self._run_chance()

    def _cut_card(self, card: int) -> None:
        rules = self.rules
        seat = self._cut_round[self._cut_pos]
        self._cut_pos += 1
        self._cut.append((seat, card))
        self._undealt &= ~(1 << card)
        if rules.first_dealer is FirstDealer.FIRST_JACK:
            if rank_of(card) == 9:  # a jack: this player pitches first, the one before deals
                self._dealer = self._prev(seat)
                self._start_hand()
            else:  # face up to the next player, until a jack comes
                self._cut_round.append(self._nxt(seat))
            return
        if rules.first_dealer is FirstDealer.COLOUR_GUESS:
            self._phase, self._cur = GUESS, 1  # an opponent of the cutter guesses
            return
        if self._cut_pos < len(self._cut_round):
            return
        put = rules.first_dealer is FirstDealer.CUT_PUT

        def strength(card: int) -> int:
            rank = rank_of(card)
            return 13 - _PUT_ORDER.index(rank) if put else rank

        this_round = self._cut[-len(self._cut_round) :]
        best = max(strength(c) for _, c in this_round)
        tied = [seat for seat, c in this_round if strength(c) == best]
        self._cut_rounds += len(tied) > 1
        if len(tied) > 1 and self._cut_rounds < MAX_CUT_ROUNDS:
            # The tied players cut again, from the whole pack.
            self._cut_round, self._cut_pos, self._undealt = tied, 0, FULL
            return
        self._dealer = tied[0]
        self._start_hand()

    def _guess_colour(self, action: int) -> None:
        card = self._cut[-1][1]
        red = suit_of(card) in (1, 2)
        right = red == (action == GUESS_RED)
        # The winners of the guess choose which of their players pitches first.
        self._guess = action
        self._phase = CHOOSE_PHASE
        self._cur = 1 if right else 0

    def _choose_pitcher(self, seat: int) -> None:
        self._dealer = self._prev(seat)
        self._start_hand()

    # ----------------------------------------------------------------- the deal

    def _start_hand(self) -> None:
        """Shuffle (or await chance) and deal a hand, then fix trumps as the rules say."""
        rules = self.rules
        n = self.g.n
        self._clear_hand()
        self._phase = DEAL
        eldest = self._nxt(self._dealer)
        if rules.trump is Trump.CUT:
            self._queue.append(ASIDE)
        for packet in _packets(rules.hand_size):
            seat = eldest
            for _seat_no in range(n):
                self._queue.extend([seat] * packet)
                seat = self._nxt(seat)
        if rules.trump is Trump.TURN_UP:
            self._queue.append(TURN)
        if rules.stock is Stock.FACE_UP:
            self._queue.append(TOP)
        self._run_chance()

    def _clear_hand(self) -> None:
        """Everything a hand keeps, empty."""
        n = self.g.n
        rules = self.rules
        self._hand_start = len(self._history)
        self._scores_at_start = list(self._scores)
        self._log_at_start = len(self._hand_results)
        self._thrown: str | None = None  # why the hand was thrown in unplayed, if it was
        self._detail: HandScore | None = None  # the hand's score, once counted
        self._upto = 0  # how many of its points counted before the game was won
        # Every event of this hand, chance (True) or decision (False): what resampling replays.
        self._hand_actions: list[tuple[bool, int]] = []
        self._unseen = 0  # extra cards thrown out unseen with a repeated turn-up
        self._shuffled: list[int] = []  # a seeded hand's pack, in the order it will come
        self._hands = [0] * n
        self._undealt = FULL
        self._queue: list[int] = []
        self._trump = -1
        self._turned: list[int] = []  # every card turned up this hand, in order
        self._rejected = -1  # the begged suit, while running
        self._round_extra: list[int] = [0] * n  # this run's extra cards, until its turn-up
        self._kicks: list[tuple[int, int, int]] = []  # (card, side, points) scored for turn-ups
        self._kicks_scored = 0
        self._stood = False
        self._begged = False
        self._given = False
        self._ran = 0
        self._discarded = [0] * n
        self._bids: list[int | None] = [None] * n
        self._bid = 0
        self._bidder = -1
        self._sold: bool | None = None
        self._pitcher = -1
        self._trick: list[int] = []
        self._trick_seats: list[int] = []
        self._tricks: list[tuple[int, tuple[int, ...], tuple[int, ...], int]] = []
        self._won = [0] * rules.sides  # cards won in tricks, by side
        self._played_by = [-1] * 52  # the seat that played each card
        self._at_once = [0] * rules.sides  # points scored during play (All Fives)
        self._out = [False] * n  # players who threw in their hand
        self._in_play = n  # players still playing to tricks
        self._shown = [0] * n  # a thrown-in hand, face up
        self._stock_order: list[int] = []
        self._drawn = [0] * n  # cards drawn from the stock (California Jack)
        self._top = -1  # the face-up card on the stock
        self._takers: list[int] = []
        self._leader = self._nxt(self._dealer)
        self._cur = self._leader
        self._legal = None

    def _run_chance(self) -> None:
        """With a seeded shuffle (or cards fixed by deal_state), play the chance events; the
        history lists each card as the chance action it stands for."""
        while self._phase in (CUT, DEAL, DRAW) and (self._rng is not None or self._forced):
            if self._forced:
                card = self._forced.pop(0)
            elif self._phase == CUT:
                assert self._rng is not None
                card = self._rng.choice(cards_of(self._undealt))
            else:
                card = self._next_shuffled()
            self._history.append(card)
            self._hand_actions.append((True, card))
            self._chance(card)

    def _next_shuffled(self) -> int:
        """The next card of this hand's seeded shuffle that is still in the pack."""
        if not self._shuffled:
            assert self._rng is not None
            self._shuffled = cards_of(self._undealt)
            self._rng.shuffle(self._shuffled)
        card = self._shuffled.pop()
        while not self._undealt >> card & 1:  # pragma: no cover - every card is drawn once
            card = self._shuffled.pop()
        return card

    def _chance(self, card: int) -> None:
        if self._phase == CUT:
            self._cut_card(card)
        elif self._phase == DRAW:
            self._draw(card)
        else:
            self._deal_card(card)

    def _deal_card(self, card: int) -> None:
        target = self._queue.pop(0)
        bit = 1 << card
        self._undealt &= ~bit
        if target == ASIDE:
            # Cut for trumps before the deal, then shuffled back into the pack.
            self._trump = suit_of(card)
            self._turned.append(card)
            self._undealt |= bit
            self._shuffled = []  # a seeded pack is shuffled again, the cut card in it
        elif target == TURN:
            self._turn_up(card)
        elif target == TOP:
            self._top = card
        elif self._ran:
            # A run's extra cards stay face down until its turn-up says whether they count.
            self._round_extra[target] |= bit
        else:
            self._hands[target] |= bit
        if not self._queue and self._phase == DEAL:
            self._after_deal()

    def _turn_up(self, card: int) -> None:
        rules = self.rules
        self._turned.append(card)
        suit = suit_of(card)
        kick = self.g.kicks.get(rank_of(card), 0)
        dealer_side = self._side(self._dealer)
        if not self._ran:
            self._trump = suit
            if kick:
                self._kicks.append((card, dealer_side, kick))
            return
        new_suit = suit != self._rejected
        if kick and (new_suit or rules.kick_while_running):
            self._kicks.append((card, dealer_side, kick))
        self._trump = suit if new_suit else -1
        keep = new_suit or rules.repeat_extras is RepeatExtras.KEEP
        for seat in range(self.g.n):
            if keep:
                self._hands[seat] |= self._round_extra[seat]
            else:  # thrown out unseen with the repeated turn-up
                self._unseen |= self._round_extra[seat]
        self._round_extra = [0] * self.g.n

    def _after_deal(self) -> None:
        rules = self.rules
        if self._score_kicks():
            return
        eldest = self._nxt(self._dealer)
        if rules.trump is Trump.TURN_UP and self._trump < 0:
            # Running turned up the begged suit again: three more each and another turn-up.
            self._queue_run()
            return
        if self._ran:
            if rules.discards_to_hand and any(h.bit_count() > rules.hand_size for h in self._hands):
                self._phase, self._cur = DISCARD, eldest
                self._skip_full_discards()
                return
            self._begin_play(eldest)
            return
        if rules.trump is Trump.TURN_UP and rules.begging:
            self._phase, self._cur = BEG_PHASE, eldest
            return
        if rules.bidding is Bidding.AUCTION:
            self._phase, self._cur = AUCTION, eldest
            return
        if rules.bidding is Bidding.COMMERCIAL:
            self._phase, self._cur = AUCTION, self._nxt(eldest)  # eldest sells, not bids
            return
        self._begin_play(eldest)

    def _queue_run(self) -> None:
        """Deal three more to each, from eldest, then turn up; a short pack is thrown in."""
        n = self.g.n
        need = 3 * n + 1
        if self._undealt.bit_count() < need:
            # The pack ran out before a new trump: the hand is thrown in and the same dealer
            # deals the next; kick points already scored stand (RULINGS 2.1 seven-up,
            # trinidad), told with the hand thrown in.
            self._thrown = PACK_OUT
            self._close_hand()
            self._next_hand(same_dealer=True)
            return
        self._ran += 1
        self._phase = DEAL
        seat = self._nxt(self._dealer)
        for _seat_no in range(n):
            self._queue.extend([seat] * 3)
            seat = self._nxt(seat)
        self._queue.append(TURN)
        self._run_chance()

    def _score_kicks(self) -> bool:
        """Score the turn-ups not yet counted; True if that ended the game."""
        done = self._kicks_scored
        for _turned, side, points in self._kicks[done:]:
            if self._add(side, points):
                self._kicks_scored = len(self._kicks)
                return True
        self._kicks_scored = len(self._kicks)
        return False

    def _skip_full_discards(self) -> None:
        """Move the discard turn past players who hold no more than a hand."""
        size = self.rules.hand_size
        for _seat_no in range(self.g.n):
            if self._hands[self._cur].bit_count() > size:
                return
            self._cur = self._nxt(self._cur)
        self._begin_play(self._nxt(self._dealer))

    def _begin_play(self, leader: int) -> None:
        self._phase = PLAY
        self._cur = self._leader = leader
        self._legal = None

    # ----------------------------------------------------------------- decisions

    def _beg(self, action: int) -> None:
        if action == STAND:
            self._stood = True
            self._begin_play(self._cur)
            return
        self._begged = True
        self._phase, self._cur = GIVE_PHASE, self._dealer

    def _give_or_run(self, action: int) -> None:
        rules = self.rules
        eldest = self._nxt(self._dealer)
        if action == GIVE:
            self._given = True
            if rules.gift is Gift.THROW_IN:
                if self._add(self._side(eldest), rules.gift_points):
                    return
                self._thrown = GIFT
                self._close_hand()
                self._next_hand()
                return
            dealer_side = self._side(self._dealer)
            for side in range(rules.sides):
                if side != dealer_side and self._add(side, rules.gift_points):
                    return
            self._begin_play(eldest)
            return
        self._rejected = self._trump
        self._trump = -1
        self._queue_run()

    def _choosing(self, seat: int) -> tuple[str, int, int] | None:
        # A hand that drew past its size discards back down to it.
        if self._phase != DISCARD:
            return None
        left = self._hands[seat].bit_count() - self.rules.hand_size
        return ("discard", left, left)

    def _discard(self, card: int) -> None:
        seat = self._cur
        self._hands[seat] &= ~(1 << card)
        self._discarded[seat] |= 1 << card
        if self._hands[seat].bit_count() <= self.rules.hand_size:
            self._cur = self._nxt(seat)
            self._skip_full_discards()

    def _take_bid(self, action: int) -> None:
        rules = self.rules
        seat = self._cur
        eldest = self._nxt(self._dealer)
        if action == PASS:
            self._bids[seat] = 0
        else:
            self._bid, self._bidder = action - BID, seat
            self._bids[seat] = self._bid
        if seat != self._dealer:  # the dealer bids last
            self._cur = self._nxt(seat)
            return
        if rules.bidding is Bidding.COMMERCIAL:
            if self._bidder < 0:  # nobody bid: eldest pitches with nothing to make
                self._pitcher = eldest
                self._begin_play(eldest)
            else:
                self._phase, self._cur = SALE, eldest
            return
        if self._bidder < 0:  # everyone passed: the hand is thrown in, the deal moves on
            self._thrown = NO_BID
            self._close_hand()
            self._next_hand()
            return
        self._pitcher = self._bidder
        self._begin_play(self._bidder)

    def _sell(self, action: int) -> None:
        eldest = self._cur
        if action == SELL:
            self._sold = True
            if self._add(self._side(eldest), self._bid):
                return
            self._pitcher = self._bidder
        else:
            self._sold = False
            self._pitcher = eldest
            self._bidder = eldest
        self._begin_play(self._pitcher)

    # ----------------------------------------------------------------- play

    def _active(self) -> int:
        return self._in_play

    def _play(self, card: int) -> None:
        seat = self._cur
        self._hands[seat] &= ~(1 << card)
        self._played_by[card] = seat
        if not self._trick and self._trump < 0:
            self._trump = suit_of(card)  # the pitch: the first card led makes trumps
        self._trick.append(card)
        self._trick_seats.append(seat)
        if len(self._trick) < self._active():
            self._cur = self._next_active(seat)
            return
        self._complete_trick()

    def _complete_trick(self) -> None:
        rules = self.rules
        winner = self._trick_winner()
        side = self._side(winner)
        for c in self._trick:
            self._won[side] |= 1 << c
        self._tricks.append((self._leader, tuple(self._trick), tuple(self._trick_seats), winner))
        self._trick, self._trick_seats = [], []
        self._cur = self._leader = winner
        if rules.trick_points_at_once:
            # All Fives: the trumps in the trick score for its winner at once.
            cards = self._tricks[-1][1]
            pts = sum(self._card_points(c) for c in cards if suit_of(c) == self._trump)
            self._at_once[side] += pts
            if pts and self._add(side, pts):
                return
        if rules.stock is not Stock.NONE and (self._top >= 0 or self._undealt):
            self._start_draw(winner)
            return
        if not any(self._hands[s] for s in range(self.g.n) if not self._out[s]):
            self._end_hand()

    def _start_draw(self, winner: int) -> None:
        """After a trick the winner draws first, then the other player."""
        self._takers = [winner, self._nxt(winner)]
        if self.rules.stock is Stock.FACE_UP:
            self._take_top()  # the card showing: no chance in it
        if self._undealt and (self._takers or self._top < 0):
            self._phase = DRAW  # a card from the stock: to the next taker, or turned face up
            self._run_chance()
        else:
            self._takers = []

    def _next_active(self, seat: int) -> int:
        nxt = self._nxt(seat)
        while self._out[nxt]:
            nxt = self._nxt(nxt)
        return nxt

    def _card_total(self, side: int) -> int:
        """Card points (the Game count) a side has taken in this hand's tricks."""
        return sum(self._card_points(c) for c in cards_of(self._won[side]))

    def _card_points(self, card: int) -> int:
        if suit_of(card) == self._trump and rank_of(card) == 3 and self.rules.five_value:
            return self.rules.five_value
        return _POINTS[rank_of(card)]

    def _trick_winner(self) -> int:
        return self._trick_seats[winning_place(self._trump, self._trick)]

    def _draw(self, card: int) -> None:
        bit = 1 << card
        self._undealt &= ~bit
        self._stock_order.append(card)
        if self.rules.stock is Stock.FACE_UP:
            # The next card of the stock turns face up; the next taker, if any, takes it.
            self._top = card
            self._take_top()
            if self._top >= 0 or not self._undealt:
                self._phase, self._cur = PLAY, self._leader
            return
        seat = self._takers.pop(0)
        self._hands[seat] |= bit
        self._drawn[seat] |= bit
        if not self._takers or not self._undealt:
            self._phase, self._cur = PLAY, self._leader

    def _take_top(self) -> None:
        """Face-up stock: the next taker takes the card showing."""
        if self._top >= 0 and self._takers:
            seat = self._takers.pop(0)
            self._hands[seat] |= 1 << self._top
            self._drawn[seat] |= 1 << self._top
            self._top = -1

    def _throw_in(self) -> None:
        seat = self._cur
        self._out[seat] = True
        self._in_play -= 1
        self._shown[seat] = self._hands[seat]
        self._hands[seat] = 0
        if len(self._trick) >= self._active():
            self._complete_trick()  # everyone still in has played to it
            return
        self._cur = self._next_active(seat)

    # ----------------------------------------------------------------- scoring

    def _add(self, side: int, points: int) -> bool:
        """Add points to a side; True (and the game over) when it reaches the target."""
        self._scores[side] += points
        if not self.rules.deals and self._scores[side] >= self.rules.target:
            self._winner = side
            self._finish()
            return True
        return False

    def _finish(self) -> None:
        """The game is won: the hand stops here, told as far as it went."""
        self._close_hand()
        self._phase = OVER
        self._legal = None
        self._hand_no += 1

    def _close_hand(self) -> None:
        """Record how the hand just ended (scored, thrown in or stopped) was scored."""
        from hoyle.games.all_fours.results import hand_result

        self._hand_results.append(hand_result(self))

    def _end_hand(self) -> None:
        detail = score_hand(self)
        self._scores[:], winner, self._upto = counted(self.rules, self._scores, detail)
        self._detail = detail
        if winner >= 0:
            self._winner = winner
            self._finish()
            return
        self._close_hand()
        self._next_hand()

    def _next_hand(self, same_dealer: bool = False) -> None:
        """After a hand recorded: the match ends (its ``deals`` played, or ``deal_limit``),
        or the next dealer (the same one after the pack ran out) deals."""
        rules = self.rules
        self._hand_no += 1
        totals = self._scores
        level = totals.count(max(totals)) > 1
        if rules.deals and self._hand_no >= rules.deals:
            # A tie plays on only where a source says so (All Nours: two more hands, a pitch
            # a piece, until it is broken; seed S-A 'Paso'); elsewhere level sides share.
            extra = self._hand_no - rules.deals
            if not (rules.deals > 1 and rules.tie_deals) or (
                extra % rules.tie_deals == 0 and not level
            ):
                self._end_match()
                return
        if self._hand_no >= rules.deal_limit:
            self._end_match()  # the cap: the match stops here, ranked by the totals
            return
        if not same_dealer:
            self._dealer = self._nxt(self._dealer)
        self._start_hand()

    def _end_match(self) -> None:
        """The match ends on the totals: the higher wins, sides level at the top share."""
        totals = self._scores
        best = max(totals)
        self._winner = totals.index(best) if totals.count(best) == 1 else TIED
        self._phase = OVER
        self._legal = None

    # ----------------------------------------------------------------- protocol

    def current_player(self) -> int:
        """The seat to act, CHANCE while cards are dealt or drawn, TERMINAL at the end."""
        phase = self._phase
        if phase == OVER:
            return TERMINAL
        if phase in (CUT, DEAL, DRAW):
            return CHANCE
        return self._cur

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each card not yet dealt, equally likely, at a chance node."""
        if self._phase not in (CUT, DEAL, DRAW):
            return []
        cards = cards_of(self._undealt)
        p = 1.0 / len(cards)
        return [(c, p) for c in cards]

    def _legal_now(self) -> list[int]:
        phase = self._phase
        rules = self.rules
        if phase in (CUT, DEAL, DRAW):
            return cards_of(self._undealt)
        if phase == PLAY:
            moves = cards_of(self._follow_mask())
            if self._may_throw_in():
                moves.append(THROW_IN)
            return moves
        if phase == BEG_PHASE:
            if (
                rules.forced_beg_without_trump
                and not self._hands[self._cur] & SUIT_MASK[self._trump]
            ):
                return [BEG]  # no trump in hand: eldest must beg
            return [STAND, BEG]
        if phase == GIVE_PHASE:
            return [GIVE, RUN]
        if phase == DISCARD:
            return cards_of(self._hands[self._cur])
        if phase == AUCTION:
            low = max(self._bid + 1, rules.min_bid)
            bids = [BID + b for b in range(low, 5)]
            everyone_passed = self._bidder < 0 and self._cur == self._dealer
            if (
                rules.bidding is Bidding.AUCTION
                and everyone_passed
                and rules.all_pass is AllPass.DEALER_BIDS
            ):
                return bids  # the dealer must bid when everyone else passed
            return [PASS, *bids]
        if phase == SALE:
            return [SELL, KEEP]
        if phase == GUESS:
            return [GUESS_RED, GUESS_BLACK]
        if phase == CHOOSE_PHASE:
            team = self._cur % 2
            return [CHOOSE + s for s in range(self.g.n) if s % 2 == team]
        return []

    def _follow_mask(self) -> int:
        return playable(self.rules, self._trump, self._hands[self._cur], self._trick)

    def _may_throw_in(self) -> bool:
        if not self.rules.throw_in or not self._trick:
            return False
        seat = self._cur
        hand = self._hands[seat]
        if hand & SUIT_MASK[self._trump] or hand & _HIGH_CARDS:
            return False
        partners = [s for s in range(self.g.n) if self._side(s) == self._side(seat)]
        if sum(1 for s in partners if not self._out[s]) < 2:
            return False  # someone of the side must play on
        # Not winning the trick: the card winning so far is not the side's.
        winning = self._trick_winner()
        return self._side(winning) != self._side(seat)

    def legal_actions(self) -> list[int]:
        """Legal actions in increasing order."""
        if self._legal is None:
            self._legal = self._legal_now()
        return list(self._legal)

    def apply_action(self, action: int) -> None:
        """Apply one action; raises IllegalActionError and changes nothing if it is illegal."""
        if type(action) is not int:
            raise not_an_action(action)
        legal = self.legal_actions()
        if action not in legal:
            raise IllegalActionError(self._why_illegal(action, legal))
        self._legal = None
        self._history.append(action)
        phase = self._phase
        self._hand_actions.append((phase in (CUT, DEAL, DRAW), action))
        if phase in (CUT, DEAL, DRAW):
            self._chance(action)
        elif phase == PLAY:
            if action == THROW_IN:
                self._throw_in()
            else:
                self._play(action)
        elif phase == BEG_PHASE:
            self._beg(action)
        elif phase == GIVE_PHASE:
            self._give_or_run(action)
        elif phase == DISCARD:
            self._discard(action)
        elif phase == AUCTION:
            self._take_bid(action)
        elif phase == SALE:
            self._sell(action)
        elif phase == GUESS:
            self._guess_colour(action)
        elif phase == CHOOSE_PHASE:
            self._choose_pitcher(action - CHOOSE)
        self._legal = None
        self._run_chance()

    def _why_illegal(self, action: int, legal: list[int]) -> str:
        # Written only when a move is refused, in the language in force: the seat by number
        # ("seat 0 …", "el asiento 0 …"), cards by token, for the screen to put in its words.
        if self._phase == OVER:
            return _("action {action} after the end of the game").format(action=action)
        shown = " ".join(self.action_to_string(a) for a in legal)
        if not 0 <= action < NUM_ACTIONS:
            return _("{action} is not an All Fours action; legal: {legal}").format(
                action=action, legal=shown
            )
        what = self.action_to_string(action)
        seat = self._cur
        if self._phase == PLAY and action < 52:
            hand = self._hands[seat]
            if not hand >> action & 1:
                reason = _("not in hand")
            elif self._trick and suit_of(self._trick[0]) == self._trump:
                reason = _("trumps were led and the player holds one")
            elif self.rules.trump_when_able:
                reason = _("must follow suit (or trump)")
            else:
                reason = _("must follow suit")
            return _("seat {seat} cannot play {card}: {reason}; legal: {legal}").format(
                seat=seat, card=what, reason=reason, legal=shown
            )
        return _("{action} is not legal now ({phase}); legal: {legal}").format(
            action=what, phase=_phase_word(self._phase), legal=shown
        )

    def returns(self) -> list[float]:
        """Zeros until the end. One hand (``deals=1``): its points, a side's to each of its
        seats (minus a bid set back). A match: 1 to each player of the winning side (shared
        among sides level at the top), 0 to the others."""
        n = self.g.n
        if self._phase != OVER:
            return [0.0] * n
        if self.rules.deals == 1:
            return self.scores()  # the totals are that hand's points
        if self._winner == TIED:  # deals played, or deal_limit reached, with sides level
            best = max(self._scores)
            top = [side for side, total in enumerate(self._scores) if total == best]
            return [1.0 / len(top) if self._side(s) in top else 0.0 for s in range(n)]
        return [1.0 if self._side(s) == self._winner else 0.0 for s in range(n)]

    def scores(self) -> list[float]:
        """Each seat's side's points so far."""
        scores = self._scores
        return [float(scores[side]) for side in self.g.side_of]

    def history(self) -> list[int]:
        """Every action applied, chance events included (a seeded shuffle's cards too)."""
        return list(self._history)

    def progress(self) -> tuple[int, str, int]:
        """(hand number, phase, trick number in play)."""
        phase = self._phase
        trick = len(self._tricks) + 1 if phase in (PLAY, DRAW) else 0
        name = "play" if phase == DRAW else PHASE_NAMES[phase]
        return (self._hand_no + 1 - (phase == OVER), name, trick)

    @property
    def phase(self) -> str:
        """The phase name: cut, deal, beg, give, discard, bid, sell, play, draw, …, over."""
        return PHASE_NAMES[self._phase]

    @property
    def dealer(self) -> int:
        """The dealer's seat this hand."""
        return self._dealer

    @property
    def trump(self) -> int:
        """The trump suit (0–3), or -1 while it is not fixed."""
        return self._trump

    def hand_mask(self, seat: int) -> int:
        """The cards ``seat`` holds now, as a mask."""
        return self._hands[seat]

    def clone(self) -> AllFoursState:
        """An independent copy (the seeded shuffler too)."""
        return copy_fields(self)

    # ----------------------------------------------------------------- the contract's hooks

    def _observe(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (see :mod:`hoyle.games.all_fours.observe`)."""
        from hoyle.games.all_fours.observe import observe

        return observe(self, seat)

    def _results(self) -> Sequence[DealResult]:
        """Each hand's result: scored, thrown in, or stopped by a win (see :mod:`.results`)."""
        return self._hand_results

    def _narrate(self, before: State, action: int, after: State) -> list[Event]:
        """What ``action`` did, as each seat saw it (see :mod:`.narrate`)."""
        from hoyle.games.all_fours.narrate import narrate

        assert isinstance(before, AllFoursState) and isinstance(after, AllFoursState)
        return narrate(before, action, after)

    def _facts(self, seat: int | None) -> list[Fact]:
        """What ``seat`` needs at a glance (see :mod:`.facts`)."""
        from hoyle.games.all_fours.facts import facts

        return facts(self, seat)

    def _action_token(self, action: int) -> str:
        """Cards are tokens (``JH``); the decisions are words (``beg``, ``bid 2``, …)."""
        return card_or_word(action, WORDS, "All Fours")

    def _parse_action(self, text: str) -> int | None:
        """A card (``jh``, ``10d``) or a word (``beg``, ``bid 2``, ``take one``)."""
        return parse_card_or_word(text, _BY_WORD, "All Fours")

    def _resample(self, seat: int, rng: random.Random) -> AllFoursState:
        """A state ``seat`` cannot tell from this one (see :mod:`.resample`)."""
        from hoyle.games.all_fours.resample import resample

        return resample(self, seat, rng)

    def _origin(self) -> AllFoursState:
        """The unseeded start, or for a hand-set position its first hand before the deal."""
        if self._origin_dealer is None:
            return self.g.new_initial_state()
        state = AllFoursState(self.g, None, start=False)
        state._dealer = state._origin_dealer = self._origin_dealer
        state._start_hand()
        return state

    def _dealer_seat(self) -> int | None:
        return None if self._phase in (CUT, GUESS, CHOOSE_PHASE) else self._dealer
