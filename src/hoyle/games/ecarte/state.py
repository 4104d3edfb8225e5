"""The Écarté engine: a match of games to 5, each of hands dealt, exchanged, played and scored.

Cards are indices of the 52-card pack (suit-major, 2 low); only the 32 piquet cards (7 to ace)
are used. Hands are int bitmasks. Every chance event (a card cut, dealt, turned or drawn) is a
chance node when the game was started without a seed, and is drawn from
``random.Random(seed)`` otherwise, so a seeded game has no chance nodes; its ``history()``
still lists the cards the shuffle gave, so that it replays from an unseeded start.

Two seats play at a time (the *pair*); with more seats the others wait: they watch (Pool) or
bet (French) and come in when a loser gives up the seat. Actions 0–51 are cards (played,
discarded, or dealt at a chance node); the decisions above them are named in :data:`WORDS`.
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
from hoyle.games.ecarte.rules import (
    BonusCard,
    EcarteRules,
    GameValues,
    OfferTiming,
    Packets,
    Ranking,
    Swap,
)
from hoyle.games.ecarte.scoring import HandResult, score_hand
from hoyle.i18n import N_, _

__all__ = ["WORDS", "EcarteGame", "EcarteState"]

PLAY_ON = 52  # elder plays without proposing (or without proposing again)
PROPOSE = 52  # PROPOSE + n (53 … 57): elder proposes to exchange n cards
ACCEPT, REFUSE = 58, 59
DRAW = 60  # the dealer has discarded and draws
MARK_KING = 61
CONCEDE = 62
DOUBLE = 63
OFFER_POINT = 64
PACKETS_23, PACKETS_32 = 65, 66
BACK = 67  # BACK + seat (67 … 72): a bystander backs that seat
NO_BET = 73
PROPOSE_OPEN = 74  # elder proposes without a number (option propose_then_choose, RULINGS E2)
NUM_ACTIONS = 75

WORDS: dict[int, str] = {
    PLAY_ON: "play",
    **{PROPOSE + n: f"propose {n}" for n in range(1, 6)},
    ACCEPT: "accept",
    REFUSE: "refuse",
    DRAW: "draw",
    MARK_KING: "mark king",
    CONCEDE: "abandon",
    DOUBLE: "double",
    OFFER_POINT: "offer point",
    PACKETS_23: "deal 2-3",
    PACKETS_32: "deal 3-2",
    **{BACK + seat: f"back {seat}" for seat in range(6)},
    NO_BET: "no bet",
    PROPOSE_OPEN: "propose",
}
"""The token of every action that is not a card."""
_BY_WORD = {word: action for action, word in WORDS.items()}
_BY_WORD.update({"concede": CONCEDE, "king": MARK_KING, "stand": DRAW})

# Phases.
CUT, BET, PACKETS, DEAL, PROPOSE_PHASE, ANSWER, DISCARD, EXCHANGE, PLAY = range(9)
DOUBLE_ANSWER, OFFER_ANSWER, OVER = 9, 10, 11
PHASE_NAMES = (
    "cut",
    "bet",
    "packets",
    "deal",
    "propose",
    "answer",
    "discard",
    "exchange",
    "play",
    "double",
    "offer",
    "over",
)
CHANCE_PHASES = (CUT, DEAL)
_NOT_NOW = (
    N_("{what} is not legal now (cut); legal: {shown}"),
    N_("{what} is not legal now (bet); legal: {shown}"),
    N_("{what} is not legal now (packets); legal: {shown}"),
    N_("{what} is not legal now (deal); legal: {shown}"),
    N_("{what} is not legal now (propose); legal: {shown}"),
    N_("{what} is not legal now (answer); legal: {shown}"),
    N_("{what} is not legal now (discard); legal: {shown}"),
    N_("{what} is not legal now (exchange); legal: {shown}"),
    N_("{what} is not legal now (play); legal: {shown}"),
    N_("{what} is not legal now (double); legal: {shown}"),
    N_("{what} is not legal now (offer); legal: {shown}"),
    N_("{what} is not legal now (over); legal: {shown}"),
)
"""The refusal of a move out of its phase, by phase: whole sentences, so a translation may
name the phase in its own words (the English names it as :data:`PHASE_NAMES` does)."""
TURN = -1  # a deal-queue target: the card turned for trumps

SUIT_MASK = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
PACK = sum(1 << (13 * s + r) for s in range(4) for r in range(5, 13))  # 7 … A of each suit
_ORDER = {
    # Rank index (0 is a two, 12 an ace) → strength within a suit, 0 lowest.
    Ranking.KING_HIGH: {5: 0, 6: 1, 7: 2, 8: 3, 12: 4, 9: 5, 10: 6, 11: 7},
    Ranking.ACE_HIGH: {5: 0, 6: 1, 7: 2, 8: 3, 9: 4, 10: 5, 11: 6, 12: 7},
}
MAX_MULTIPLIER = 8  # three doublings at most in one hand [project: keeps redoubling finite]
CUT_ROUNDS = 10
"""Cuts for deal tied this many times running are settled by seat order [project: law 5 has
them cut again; a bound keeps every match finite, and ten ties running almost never happen]."""
HAND_ACTIONS = 170
"""More actions than one hand can take, beside the bets (one per waiting seat): the packets,
32 cards dealt and drawn (11 and the 21 of the stock), at most 22 proposals with their answers,
21 discards and 42 draws said, 10 cards played, the king, four doubles with their answers, the
point offered and answered, an abandon."""


def suit_of(card: int) -> int:
    """0 clubs, 1 diamonds, 2 hearts, 3 spades."""
    return card // 13


def cards_of(mask: int) -> list[int]:
    """The card indices of a mask, in increasing order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class EcarteGame(Game[EcarteRules]):
    """An Écarté game: the rules and the tables the engine precomputes from them."""

    family = "ecarte"

    def __init__(self, rules: EcarteRules, variant: str) -> None:
        super().__init__(rules, variant)
        self.n = rules.players
        order = _ORDER[rules.ranking]
        self.strength = [order.get(c % 13, -1) for c in range(52)]
        """Each card's strength within its suit (0 lowest, 7 highest; -1 off the pack)."""
        self.bonus_rank = 11 if rules.bonus_card is BonusCard.KING else 12
        # For each card, the cards of its suit that beat it.
        self.above = [
            sum(
                1 << d
                for d in range(13 * suit_of(c), 13 * suit_of(c) + 13)
                if PACK >> d & 1 and self.strength[d] > self.strength[c]
            )
            for c in range(52)
        ]

    @property
    def num_players(self) -> int:
        """Number of seats (two play at a time)."""
        return self.n

    @property
    def num_distinct_actions(self) -> int:
        """52 card ids and the decisions of :data:`WORDS`."""
        return NUM_ACTIONS

    def _game_info(self) -> GameInfo:
        """With ``deals=1`` the hand's points: at most a king and a doubled vole. A match: 1
        shared among its winners. Every hand scores a point, so a game takes at most
        ``players × (target − 1) + 1`` hands; a rubber or French match at most
        ``players × (games to win − 1) + 1`` games; a pool is capped by ``deal_limit``."""
        rules = self.rules
        n = self.n
        if rules.pool_wins:
            hands = rules.deal_limit
        else:
            games = n * (rules.games_to_win - 1) + 1
            hands = min(rules.deal_limit, games * (n * (rules.target - 1) + 1))
        if rules.deals:
            hands = min(hands, rules.deals)
        length = CUT_ROUNDS * n + hands * (HAND_ACTIONS + n)
        if rules.deals == 1:
            most = MAX_MULTIPLIER if rules.redouble else 2 if rules.doubling else 1
            return GameInfo(0.0, 1.0 + 2 * most, None, length, "points")
        return GameInfo(0.0, 1.0, 1.0, length, "rank")

    def new_initial_state(self, seed: int | None = None) -> EcarteState:
        """A new match at the cut for deal (chance nodes), or with ``seed`` already dealt."""
        return EcarteState(self, None if seed is None else random.Random(seed))

    def deal_state(
        self,
        hands: Sequence[str],
        *,
        dealer: int = 1,
        turn_up: str,
        stock: str = "",
        packets: Packets = Packets.TWO_THREE,
    ) -> EcarteState:
        """A match whose first hand deals these hands (``hands[seat]``, five each for seats 0
        and 1, which play), ``dealer`` dealing and ``turn_up`` turned for trumps; ``stock``
        fixes the next cards drawn, in order. Later chance events are chance nodes. Seats 2…
        wait. For scenario tests and hand-set problems; :class:`InvalidPositionError` for
        hands the rules cannot deal."""
        if len(hands) != 2:
            raise InvalidPositionError(
                _("give two hands, for seats 0 and 1, not {count}").format(count=len(hands))
            )
        if dealer not in (0, 1):
            raise InvalidPositionError(
                _("the dealer is seat 0 or 1, not {dealer}").format(dealer=dealer)
            )
        try:
            cards = [[c.index for c in parse_cards(text)] for text in hands]
            turned = card_index(turn_up.upper())
            extra = [c.index for c in parse_cards(stock)] if stock else []
        except CardError as exc:
            raise InvalidPositionError(str(exc)) from None
        seen = 0
        for card in [c for hand in cards for c in hand] + [turned] + extra:
            if not PACK >> card & 1:
                raise InvalidPositionError(
                    _("{card} is not in the 32-card pack").format(card=TOKENS[card])
                )
            if seen >> card & 1:
                raise InvalidPositionError(_("{card} is dealt twice").format(card=TOKENS[card]))
            seen |= 1 << card
        for seat, hand in enumerate(cards):
            if len(hand) != 5:
                raise InvalidPositionError(
                    _("seat {seat} has {count} cards; a hand is five").format(
                        seat=seat, count=len(hand)
                    )
                )
        sizes = (2, 3) if packets is not Packets.THREE_TWO else (3, 2)
        order: list[int] = []
        left = {s: list(c) for s, c in enumerate(cards)}
        for size in sizes:
            for seat in (1 - dealer, dealer):
                order.extend(left[seat][:size])
                left[seat] = left[seat][size:]
        return self._set_up(dealer, sizes, [*order, turned, *extra])

    def _set_up(self, dealer: int, packets: tuple[int, int], forced: list[int]) -> EcarteState:
        """A match that skips the cut: seats 0 and 1 play, ``dealer`` deals in ``packets``,
        the first chance events give ``forced`` (none: chance nodes)."""
        state = EcarteState(self, None, start=False)
        state._setup = (dealer, packets)
        state._pair = [0, 1]
        state._waiting = list(range(2, self.n))
        state._dealer, state._elder = dealer, 1 - dealer
        state._packets = packets
        state._forced = forced
        state._start_game()
        return state


class EcarteState(SharedShuffler, State):
    """A position in a match of Écarté."""

    def __init__(self, game: EcarteGame, rng: random.Random | None, *, start: bool = True) -> None:
        self.game = game
        self.g = game
        self.rules = game.rules
        self._rng = rng
        n = game.n
        self._history: list[int] = []
        self._forced: list[int] = []  # cards the next chance events must give
        self._scores = [0] * n  # every point scored in the match, by seat
        self._game_points = [0] * n  # points in the game in progress
        self._games_won = [0] * n
        self._game_log: list[dict[str, Any]] = []
        self._done: list[DealResult] = []  # one per finished hand
        self._items: list[dict[str, Any]] = []  # the scoring facts of the hand in progress
        self._deal_scores: list[list[int]] = []
        self._streak = (-1, 0)  # (seat, games won in a row)
        self._bets: dict[int, int] = {}  # bystander → the seat backed, this game
        self._bet_results = [0] * n
        self._match_winners: list[int] = []  # the match's winners, once it is over
        self._setup: tuple[int, tuple[int, int]] | None = None  # deal_state: dealer, packets
        self._hand_no = 0
        self._game_no = 0
        self._pair = [0, 1]
        self._waiting = list(range(2, n))
        self._dealer, self._elder = 1, 0
        self._packets: tuple[int, int] | None = None
        self._cut: list[tuple[int, int]] = []
        self._cutters: list[int] = []
        self._phase = OVER
        self._cur = 0
        self._legal: list[int] | None = None
        self._hand_start: tuple[int, list[int], list[int]] | None = None
        self._game_over = False
        self._bettor = 0
        self._clear_hand()
        if start:
            self._start_cut()

    # ----------------------------------------------------------------- helpers

    def _other(self, seat: int) -> int:
        a, b = self._pair
        return b if seat == a else a

    def _clear_hand(self) -> None:
        """Everything a hand keeps, empty."""
        n = self.g.n
        self._hands = [0] * n
        self._undealt = PACK
        self._shuffled: list[int] = []
        self._queue: list[int] = []
        self._after = ""  # what follows the queued chance events: deal, elder, dealer
        self._chance_log: list[tuple[int, int]] = []  # (target, card) of every card this hand
        self._hand_actions: list[tuple[int, int]] = []  # (seat, action) of each decision
        self._turn_up = -1
        self._trump = -1
        self._king_turned = False
        # [n (0: unnamed), answer (1/0/-1), dealer took (-1), elder took (-1)]
        self._proposals: list[list[int]] = []
        self._discards = [0] * n
        self._disc_rounds: list[list[int]] = [[] for _ in range(n)]  # discards per round
        self._to_discard = 0
        self._round_discards = 0
        self._elder_vulnerable = False
        self._dealer_vulnerable = False
        self._marked = -1
        self._played: list[list[int]] = [[] for _ in range(n)]
        self._trick: list[tuple[int, int]] = []
        self._tricks: list[tuple[int, tuple[int, ...], tuple[int, ...], int]] = []
        self._won = [0] * n
        self._multiplier = 1
        self._double_acceptor = -1
        self._offerer = -1  # who offered the point (refused, the other must make the vole)
        self._resume = (0, 0)  # (phase, seat) to return to after an answer
        self._hand_start_scores = list(self._scores)
        self._leader = self._elder

    def _add(self, seat: int, points: int, item: dict[str, Any]) -> bool:
        """Score ``points`` to ``seat`` for the reason ``item`` records (one of the hand's
        results' items); True when that ends the game (E9)."""
        self._items.append(item)
        if points <= 0:
            return False
        self._scores[seat] += points
        self._game_points[seat] += points
        if self._game_points[seat] >= self.rules.target:
            self._end_game(seat)
            return True
        return False

    # ----------------------------------------------------------------- the cut, games

    def _start_cut(self) -> None:
        self._phase = CUT
        self._cutters = list(range(self.g.n))
        self._cut_round: list[tuple[int, int]] = []
        self._undealt = PACK
        self._run_chance()

    def _cut_card(self, card: int) -> None:
        seat = self._cutters[len(self._cut_round)]
        self._cut_round.append((seat, card))
        self._cut.append((seat, card))
        self._undealt &= ~(1 << card)
        if len(self._cut_round) < len(self._cutters):
            return
        strengths = [self.g.strength[c] for _, c in self._cut_round]
        rounds = len(self._cut) // len(self._cutters)
        if len(set(strengths)) < len(strengths) and rounds < CUT_ROUNDS:
            # A tie: everyone cuts again from the whole pack (law 5 counts only the highest;
            # a full order also seats the players of a pool).
            self._cut_round, self._undealt = [], PACK
            return
        # Highest first; after CUT_ROUNDS ties running, the lower seat first among equals.
        ranked = sorted(zip(strengths, self._cutters, strict=True), key=lambda x: (-x[0], x[1]))
        order = [s for _, s in ranked]
        # The highest cut deals (law 5) and the next plays against him; the others wait.
        self._dealer, self._elder = order[0], order[1]
        self._pair = sorted(order[:2])
        self._waiting = order[2:]
        self._start_game()

    def _start_game(self) -> None:
        self._game_points = [0] * self.g.n
        self._bets = {}
        if self.rules.bets and self._waiting:
            self._phase, self._bettor = BET, 0
            self._cur = self._waiting[0]
            return
        self._after_bets()

    def _after_bets(self) -> None:
        if self.rules.deal_packets is Packets.CHOOSE and self._packets is None:
            self._phase, self._cur = PACKETS, self._dealer
            return
        if self._packets is None:
            two_first = self.rules.deal_packets is Packets.TWO_THREE
            self._packets = (2, 3) if two_first else (3, 2)
        self._start_hand()

    def _bet(self, action: int) -> None:
        seat = self._cur
        if action != NO_BET:
            self._bets[seat] = action - BACK
        self._bettor += 1
        if self._bettor < len(self._waiting):
            self._cur = self._waiting[self._bettor]
            return
        self._after_bets()

    def _end_game(self, winner: int, *, stopped: bool = False) -> None:
        """``winner`` wins the game in progress (``stopped``: because the session stopped
        while it led); the bets on it are settled, and the match may end."""
        rules = self.rules
        n = self.g.n
        loser = self._other(winner)
        lost = self._game_points[loser]
        value = 1
        if rules.game_values is GameValues.TREBLE_DOUBLE_SINGLE:
            value = 3 if lost == 0 else 2 if lost <= 2 else 1
        self._games_won[winner] += 1
        settled = [0] * n
        for bettor, backed in sorted(self._bets.items()):
            won = rules.bet_stake if backed == winner else -rules.bet_stake
            self._bet_results[bettor] += won
            settled[bettor] = won
        seat, run = self._streak
        self._streak = (winner, run + 1 if seat == winner else 1)
        entry = {
            "game": self._game_no + 1,
            "winner": winner,
            "loser": loser,
            "points": [self._game_points[winner], lost],
            "value": value,
            "bets": settled,
        }
        self._game_log.append(entry)
        self._items.append({"kind": "game", **entry, "stopped": stopped})
        for bettor, backed in sorted(self._bets.items()):
            self._items.append(
                {"kind": "bet", "seat": bettor, "backed": backed, "amount": settled[bettor]}
            )
        self._game_no += 1
        self._game_over = True
        if stopped:
            return
        if rules.pool_wins:
            done = self._streak[1] >= rules.pool_wins
        else:
            done = self._games_won[winner] >= rules.games_to_win
        if done:
            self._end_match([winner])
            return
        if rules.pool_swap is Swap.GAME:
            self._swap_out(loser)
        self._packets = None  # law 8: the packets may change at a new game

    def _end_match(self, winners: list[int]) -> None:
        """The match is over: ``winners`` share it."""
        self._match_winners = winners
        rules = self.rules
        item: dict[str, Any] = {
            "kind": "match",
            "winners": winners,
            "games_won": list(self._games_won),
        }
        if rules.pool_wins and len(winners) == 1:
            item["pool"] = rules.pool_stake * self.g.n
            item["streak"] = self._streak[1]
        self._items.append(item)

    def _end_session(self, why: str) -> None:
        """The match stops after this hand (``why``: ``deals`` or ``deal_limit``). The player
        ahead in the game in progress wins it (level, nobody; with ``deals=1`` the hand's
        points are the result and no game is awarded); then the most games won wins the
        match, ties sharing it."""
        one_hand = self.rules.deals == 1  # its points are the result: nothing more to say
        if not one_hand:
            self._items.append({"kind": "stopped", "hands": self._hand_no, "by": why})
        first, second = self._pair
        ahead = self._game_points[first] - self._game_points[second]
        if ahead and not self._game_over and not one_hand:
            self._end_game(first if ahead > 0 else second, stopped=True)
        if one_hand:  # the hand's points decide
            best = max(self._deal_scores[-1])
            self._match_winners = [s for s, x in enumerate(self._deal_scores[-1]) if x == best]
            return
        best = max(self._games_won)
        self._end_match([s for s in range(self.g.n) if self._games_won[s] == best])

    def _swap_out(self, loser: int) -> None:
        """The loser gives up the seat: the first waiting player takes their place."""
        if not self._waiting:
            return
        comer = self._waiting.pop(0)
        self._waiting.append(loser)
        self._items.append({"kind": "swap", "seat": comer, "out": loser})
        self._pair = sorted(comer if s == loser else s for s in self._pair)
        if self._dealer == loser:
            self._dealer = comer
        else:
            self._elder = comer

    # ----------------------------------------------------------------- the deal

    def _start_hand(self) -> None:
        # What the hand's start needs beyond the empty hand, so that resampling can rebuild
        # it (hand_start) without a copy of the whole state at every deal.
        self._hand_start = (len(self._history), list(self._scores), list(self._game_points))
        self._reset_hand()
        self._run_chance()

    def _reset_hand(self) -> None:
        """An empty hand about to be dealt."""
        self._clear_hand()
        self._game_over = False
        self._items = []
        assert self._packets is not None
        for size in self._packets:
            self._queue += [self._elder] * size + [self._dealer] * size
        self._queue.append(TURN)
        self._after = "deal"
        self._phase = DEAL
        self._legal = None

    def hand_start(self) -> EcarteState | None:
        """A copy of this match at the start of the hand in progress, before its first card
        (None before the first deal): resampling replays the hand from it. Within a hand only
        the hand's own fields, the scores and the history change (a game won ends the hand)."""
        if self._hand_start is None:
            return None
        history, scores, game_points = self._hand_start
        new = self.clone()
        new._history = new._history[:history]
        new._scores, new._game_points = list(scores), list(game_points)
        new._forced, new._shuffled = [], []
        new._reset_hand()
        return new

    def _run_chance(self) -> None:
        """With a seeded shuffle (or cards fixed by deal_state), play the chance events."""
        while self._phase in CHANCE_PHASES and (self._rng is not None or self._forced):
            if self._forced:
                card = self._forced.pop(0)
                self._history.append(card)
            elif self._phase == CUT:
                assert self._rng is not None
                card = self._rng.choice(cards_of(self._undealt))
                self._history.append(card)  # what the shuffle stands for: it replays unseeded
            else:
                card = self._next_shuffled()
                self._history.append(card)
            self._chance(card)

    def _next_shuffled(self) -> int:
        """The next card of this hand's seeded shuffle that is still in the pack."""
        while True:
            if not self._shuffled:
                assert self._rng is not None
                self._shuffled = cards_of(self._undealt)
                self._rng.shuffle(self._shuffled)
            card = self._shuffled.pop()
            if self._undealt >> card & 1:
                return card

    def _chance(self, card: int) -> None:
        if self._phase == CUT:
            self._cut_card(card)
            return
        target = self._queue.pop(0)
        self._undealt &= ~(1 << card)
        self._chance_log.append((target, card))
        if target == TURN:
            self._turn_up, self._trump = card, suit_of(card)
        else:
            self._hands[target] |= 1 << card
        if not self._queue:
            self._after_chance()

    def _after_chance(self) -> None:
        after = self._after
        if after == "deal":
            if self._turn_up % 13 == self.g.bonus_rank:
                # Laws 22, 47: a turned king scores 1 to the dealer at once.
                self._king_turned = True
                item = {
                    "kind": "king_turned",
                    "seat": self._dealer,
                    "card": TOKENS[self._turn_up],
                    "points": 1,
                }
                if self._add(self._dealer, 1, item):
                    self._finish_hand(None)
                    return
            self._to_propose()
        elif after == "elder":
            # Law 38: with the stock exhausted the dealer takes nothing and must play.
            if not self._undealt:
                self._proposals[-1][2] = 0
                self._begin_play()
                return
            self._phase, self._cur, self._round_discards = EXCHANGE, self._dealer, 0
            self._disc_rounds[self._dealer].append(0)
        else:
            self._to_propose()

    def _to_propose(self) -> None:
        if not self._undealt:
            self._begin_play()  # the stock cannot supply another proposal
            return
        self._phase, self._cur = PROPOSE_PHASE, self._elder

    def _queue_draw(self, seat: int, count: int, after: str) -> None:
        self._queue = [seat] * count
        self._after = after
        self._phase = DEAL
        self._run_chance()

    # ----------------------------------------------------------------- the exchange

    def _propose(self, action: int) -> None:
        if action == PLAY_ON:
            if not self._proposals:
                self._elder_vulnerable = True  # law 49: played without proposing
            self._begin_play()
            return
        named = 0 if action == PROPOSE_OPEN else action - PROPOSE
        self._proposals.append([named, -1, -1, -1])
        self._phase, self._cur = ANSWER, self._dealer

    def _answer(self, action: int) -> None:
        proposal = self._proposals[-1]
        if action == REFUSE:
            proposal[1] = 0
            if len(self._proposals) == 1:
                self._dealer_vulnerable = True  # law 49: the first proposal refused
            self._begin_play()
            return
        proposal[1] = 1
        self._phase, self._cur = DISCARD, self._elder
        # A named proposal fixes the count (law 26); an unnamed one (propose_then_choose)
        # lets elder discard up to five, or what the stock holds, and say draw.
        self._to_discard = proposal[0] or self._exchange_limit()
        self._disc_rounds[self._elder].append(0)

    def _discard(self, card: int) -> None:
        seat = self._cur
        self._hands[seat] &= ~(1 << card)
        self._discards[seat] |= 1 << card
        self._disc_rounds[seat][-1] += 1
        if seat == self._elder:
            self._to_discard -= 1
            if not self._to_discard:
                self._elder_draws()
            return
        self._round_discards += 1
        if self._round_discards >= self._exchange_limit():
            self._dealer_draws()

    def _choosing(self, seat: int) -> tuple[str, int, int] | None:
        # Elder discards the number proposed (law 26), or with an unnamed proposal one card at
        # least and up to the limit, then draws; the dealer up to the limit, and may draw after
        # one card (or at once where the dealer may stand).
        if self._phase == DISCARD:
            if self._proposals[-1][0]:
                return ("discard", self._to_discard, self._to_discard)
            done = self._disc_rounds[seat][-1]
            return ("discard", 0 if done else 1, self._to_discard)
        if self._phase == EXCHANGE:
            least = 0 if self._round_discards or self.rules.dealer_may_stand else 1
            return ("discard", least, self._exchange_limit() - self._round_discards)
        return None

    def _elder_draws(self) -> None:
        """Elder has discarded: draw as many (law 38: the stock always has them, since a
        numbered proposal is capped at the stock and an unnamed one stops there)."""
        took = self._disc_rounds[self._elder][-1]
        self._proposals[-1][3] = took
        self._queue_draw(self._elder, took, "elder")

    def _exchange_limit(self) -> int:
        return min(5, self._undealt.bit_count())

    def _dealer_draws(self) -> None:
        took = self._round_discards
        self._proposals[-1][2] = took
        if not took:
            self._to_propose()
            return
        self._queue_draw(self._dealer, took, "dealer")

    # ----------------------------------------------------------------- play

    def _begin_play(self) -> None:
        self._phase = PLAY
        self._cur = self._leader = self._elder

    def _beats(self, card: int, led: int) -> bool:
        if suit_of(card) == suit_of(led):
            return self.g.strength[card] > self.g.strength[led]
        return suit_of(card) == self._trump

    def follow_mask(self, seat: int) -> int:
        """The cards ``seat`` may play to the trick now (laws of play; RULINGS E3)."""
        hand = self._hands[seat]
        if not self._trick:
            return hand
        led = self._trick[0][1]
        follow = hand & SUIT_MASK[suit_of(led)]
        if follow:
            if self.rules.must_win_trick and follow & self.g.above[led]:
                return follow & self.g.above[led]
            return follow
        trumps = hand & SUIT_MASK[self._trump]
        if trumps and self.rules.must_trump_when_void:
            return trumps
        return hand

    def _play(self, card: int) -> None:
        seat = self._cur
        self._hands[seat] &= ~(1 << card)
        self._played[seat].append(card)
        self._trick.append((seat, card))
        if len(self._trick) < 2:
            self._cur = self._other(seat)
            return
        (first, led), (second, reply) = self._trick
        winner = second if self._beats(reply, led) else first
        self._won[winner] += 1
        self._tricks.append((first, (led, reply), (first, second), winner))
        self._trick = []
        self._cur = self._leader = winner
        if len(self._tricks) == 5:
            self._finish_hand(self._result())

    def _king_card(self) -> int:
        return 13 * self._trump + self.g.bonus_rank

    def may_mark_king(self, seat: int) -> bool:
        """Laws 23–24: the holder of the king of trumps may announce it before playing their
        first card; a dealer whose first card was the king, before playing their second."""
        if self._marked >= 0 or self._king_turned or self._trump < 0:
            return False
        king = self._king_card()
        played = self._played[seat]
        if not played:
            return bool(self._hands[seat] >> king & 1)
        return seat == self._dealer and played == [king]

    def _before_third_trick(self) -> bool:
        tricks = len(self._tricks)
        return tricks < 2 or (tricks == 2 and not self._trick)

    def _may_double(self, seat: int) -> bool:
        rules = self.rules
        if not rules.doubling or not self._before_third_trick():
            return False
        if self._multiplier == 1:
            return True
        return (
            rules.redouble and seat == self._double_acceptor and self._multiplier < MAX_MULTIPLIER
        )

    def _may_offer(self, seat: int) -> bool:
        """RULINGS E7: by default only before the hand's first card is led (so only elder,
        whose turn it is); ``own_first_card`` before the offerer's own first card;
        ``third_trick`` until the third trick is led. One offer a hand."""
        rules = self.rules
        if not rules.offer_point or self._offerer >= 0:
            return False
        timing = rules.offer_point_until
        if timing is OfferTiming.BEFORE_LEAD:
            return not self._tricks and not self._trick
        if timing is OfferTiming.OWN_FIRST_CARD:
            return not self._played[seat]
        return self._before_third_trick()

    def _ask(self, phase: int) -> None:
        """The opponent answers a double or an offer; then the asker goes on."""
        self._resume = (self._phase, self._cur)
        self._phase, self._cur = phase, self._other(self._cur)

    def _answer_double(self, action: int) -> None:
        phase, seat = self._resume
        if action == ACCEPT:
            self._multiplier *= 2
            self._double_acceptor = self._cur
            self._phase, self._cur = phase, seat
            return
        self._finish_hand(self._result(declined_by=self._cur))

    def _answer_offer(self, action: int) -> None:
        phase, seat = self._resume
        if action == ACCEPT:
            self._finish_hand(self._result(point_to=self._cur))
            return
        self._offerer = seat
        self._phase, self._cur = phase, seat

    def _concede(self) -> None:
        # Law 42 (Cavendish, RULINGS E4): the opponent is credited with every trick left.
        seat = self._cur
        self._finish_hand(self._result(conceded_by=seat))

    def _result(
        self, *, conceded_by: int = -1, declined_by: int = -1, point_to: int = -1
    ) -> HandResult:
        won = {s: self._won[s] for s in self._pair}
        if conceded_by >= 0:
            won[self._other(conceded_by)] += 5 - len(self._tricks)
        return score_hand(
            elder=self._elder,
            dealer=self._dealer,
            tricks=won,
            elder_vulnerable=self._elder_vulnerable,
            dealer_vulnerable=self._dealer_vulnerable,
            multiplier=self._multiplier,
            offerer=self._offerer,
            conceded_by=conceded_by,
            declined_by=declined_by,
            point_to=point_to,
        )

    def _finish_hand(self, result: HandResult | None) -> None:
        """Score the hand's result (None: the game already ended), record it, go on."""
        rules = self.rules
        if result is not None and not self._match_winners:
            self._add(result.winner, result.points, result.item(self.g.n))
        self._deal_scores.append(
            [now - then for now, then in zip(self._scores, self._hand_start_scores, strict=True)]
        )
        self._hand_no += 1
        self._forced = []  # cards fixed for this hand's stock (deal_state) end with it
        if not self._match_winners:
            if 0 < rules.deals <= self._hand_no:
                self._end_session("deals")
            elif self._hand_no >= rules.deal_limit:
                self._end_session("deal_limit")
        if (
            not self._match_winners
            and rules.pool_swap is Swap.HAND
            and not self._game_over
            and result is not None
            and result.points
        ):
            self._swap_out(self._other(result.winner))
        self._record_hand()
        if self._match_winners:
            self._phase, self._legal = OVER, None
            return
        # The deal alternates (E12): the elder of this hand deals the next.
        self._dealer, self._elder = self._elder, self._dealer
        if self._game_over:
            self._start_game()
        else:
            self._start_hand()

    def _record_hand(self) -> None:
        """The finished hand's :class:`DealResult`, from the items its scoring recorded."""
        from hoyle.games.ecarte.results import lines

        items = tuple(self._items)
        self._done.append(
            DealResult(
                self._hand_no,
                tuple(float(x) for x in self._deal_scores[-1]),
                tuple(lines(items, self.rules)),
                items,
            )
        )
        self._items = []

    # ----------------------------------------------------------------- protocol

    def current_player(self) -> int:
        """The seat to act, CHANCE while cards are cut, dealt or drawn, TERMINAL at the end."""
        phase = self._phase
        if phase == OVER:
            return TERMINAL
        if phase in CHANCE_PHASES:
            return CHANCE
        return self._cur

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each card still in the pack, equally likely, at a chance node."""
        if self._phase not in CHANCE_PHASES:
            return []
        cards = cards_of(self._undealt)
        p = 1.0 / len(cards)
        return [(c, p) for c in cards]

    def _legal_now(self) -> list[int]:
        phase = self._phase
        seat = self._cur
        if phase in CHANCE_PHASES:
            return cards_of(self._undealt)
        extra: list[int] = []
        if phase == PLAY:
            moves = cards_of(self.follow_mask(seat))
            if self.may_mark_king(seat):
                extra.append(MARK_KING)
            if self.rules.concede:
                extra.append(CONCEDE)
            if self._may_double(seat):
                extra.append(DOUBLE)
            if self._may_offer(seat):
                extra.append(OFFER_POINT)
            return moves + extra
        if phase == PROPOSE_PHASE:
            if self.rules.propose_then_choose:
                moves = [PLAY_ON, PROPOSE_OPEN]  # the number is chosen after acceptance
            else:
                stock = self._undealt.bit_count()
                moves = [PLAY_ON] + [PROPOSE + k for k in range(1, min(5, stock) + 1)]
            return moves + ([DOUBLE] if self._may_double(seat) else [])
        if phase == ANSWER:
            return [ACCEPT, REFUSE] + ([DOUBLE] if self._may_double(seat) else [])
        if phase == DISCARD:
            moves = cards_of(self._hands[seat])
            if self.rules.propose_then_choose and self._disc_rounds[seat][-1]:
                moves.append(DRAW)  # one card at least, then elder may stop and draw
            return moves
        if phase == EXCHANGE:
            moves = cards_of(self._hands[seat])
            if self._round_discards or self.rules.dealer_may_stand:
                moves.append(DRAW)
            return moves
        if phase in (DOUBLE_ANSWER, OFFER_ANSWER):
            return [ACCEPT, REFUSE]
        if phase == PACKETS:
            return [PACKETS_23, PACKETS_32]
        if phase == BET:
            return [BACK + s for s in self._pair] + [NO_BET]
        return []

    def legal_actions(self) -> list[int]:
        """Legal actions in increasing order."""
        if self._legal is None:
            self._legal = sorted(self._legal_now())
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
        if phase in CHANCE_PHASES:
            self._chance(action)
            self._run_chance()
            return
        self._hand_actions.append((self._cur, action))
        if action == DOUBLE:
            self._ask(DOUBLE_ANSWER)
        elif phase == PLAY:
            if action == MARK_KING:
                self._marked = self._cur
                item = {
                    "kind": "king_marked",
                    "seat": self._cur,
                    "card": TOKENS[self._king_card()],
                    "points": 1,
                }
                if self._add(self._cur, 1, item):
                    self._finish_hand(None)
            elif action == CONCEDE:
                self._concede()
            elif action == OFFER_POINT:
                self._ask(OFFER_ANSWER)
            else:
                self._play(action)
        elif phase == PROPOSE_PHASE:
            self._propose(action)
        elif phase == ANSWER:
            self._answer(action)
        elif phase == DISCARD:
            if action == DRAW:
                self._elder_draws()
            else:
                self._discard(action)
        elif phase == EXCHANGE:
            if action == DRAW:
                self._dealer_draws()
            else:
                self._discard(action)
        elif phase == DOUBLE_ANSWER:
            self._answer_double(action)
        elif phase == OFFER_ANSWER:
            self._answer_offer(action)
        elif phase == PACKETS:
            self._packets = (2, 3) if action == PACKETS_23 else (3, 2)
            self._start_hand()
        elif phase == BET:
            self._bet(action)
        self._legal = None
        self._run_chance()

    def _why_illegal(self, action: int, legal: list[int]) -> str:
        """Why ``action`` is refused here, in the language in force."""
        if self._phase == OVER:
            return _("action {action} after the end of the game").format(action=action)
        shown = " ".join(self.action_to_string(a) for a in legal)
        if not 0 <= action < NUM_ACTIONS:
            return _("{action} is not an Écarté action; legal: {shown}").format(
                action=action, shown=shown
            )
        what = self.action_to_string(action)
        seat = self._cur
        if self._phase == PLAY and action < 52:
            hand = self._hands[seat]
            if not hand >> action & 1:
                text = _("seat {seat} cannot play {what}: not in hand; legal: {shown}")
            elif self._trick and hand & SUIT_MASK[suit_of(self._trick[0][1])]:
                text = _(
                    "seat {seat} cannot play {what}: must follow suit, and win the trick if "
                    "able; legal: {shown}"
                )
            else:
                text = _(
                    "seat {seat} cannot play {what}: void in the suit led, must trump; "
                    "legal: {shown}"
                )
            return text.format(seat=seat, what=what, shown=shown)
        return _(_NOT_NOW[self._phase]).format(what=what, shown=shown)

    def returns(self) -> list[float]:
        """With ``deals=1``, the hand's points (waiting seats 0); a match, 1 shared among its
        winners (of the game, rubber or pool), 0 for the others."""
        n = self.g.n
        if self._phase != OVER:
            return [0.0] * n
        if self.rules.deals == 1:
            return [float(x) for x in self._deal_scores[0]]
        share = 1.0 / len(self._match_winners)
        return [share if s in self._match_winners else 0.0 for s in range(n)]

    def scores(self) -> list[float]:
        """Every point each seat has scored in the match (the current game's are in the
        observation's ``game_scores``)."""
        return [float(s) for s in self._scores]

    def history(self) -> list[int]:
        """Every action applied, chance actions included (a seeded shuffle's too)."""
        return list(self._history)

    def progress(self) -> tuple[int, str, int]:
        """(hand number, phase, trick number in play)."""
        phase = self._phase
        trick = len(self._tricks) + 1 if phase == PLAY else 0
        return (self._hand_no + 1 - (phase == OVER), PHASE_NAMES[phase], trick)

    # ----------------------------------------------------------------- accessors

    @property
    def phase(self) -> str:
        """The phase name: cut, bet, packets, deal, propose, answer, discard, exchange, …"""
        return PHASE_NAMES[self._phase]

    @property
    def dealer(self) -> int:
        """The dealer's seat this hand."""
        return self._dealer

    @property
    def elder(self) -> int:
        """The elder hand (the non-dealer) this hand."""
        return self._elder

    @property
    def pair(self) -> tuple[int, int]:
        """The two seats playing now."""
        return (self._pair[0], self._pair[1])

    @property
    def trump(self) -> int:
        """The trump suit (0–3), or -1 before the turn-up."""
        return self._trump

    def hand_mask(self, seat: int) -> int:
        """The cards ``seat`` holds now, as a mask."""
        return self._hands[seat]

    def game_scores(self) -> list[int]:
        """The points of the game in progress, by seat."""
        return list(self._game_points)

    def clone(self) -> EcarteState:
        """An independent copy (the seeded shuffler too)."""
        return copy_fields(self)

    # ----------------------------------------------------------------- the contract's hooks

    def _observe(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (see :mod:`hoyle.games.ecarte.observe`)."""
        from hoyle.games.ecarte.observe import observe

        return observe(self, seat)

    def _results(self) -> list[DealResult]:
        return self._done

    def _facts(self, seat: int | None) -> list[Fact]:
        """What ``seat`` needs at a glance (see :mod:`hoyle.games.ecarte.facts`)."""
        from hoyle.games.ecarte.facts import facts

        return facts(self, seat)

    def _narrate(self, before: State, action: int, after: State) -> list[Event]:
        """What ``action`` did (see :mod:`hoyle.games.ecarte.narrate`)."""
        from hoyle.games.ecarte.narrate import narrate

        assert isinstance(before, EcarteState) and isinstance(after, EcarteState)
        return narrate(before, action, after)

    def _action_token(self, action: int) -> str:
        """Cards are tokens (``KH``); the decisions are words (``propose 2``, ``mark king``)."""
        if action < 52 and not PACK >> action & 1:
            raise IllegalActionError(
                _("{card} is not in Écarté's 32-card pack").format(card=TOKENS[action])
            )
        return card_or_word(action, WORDS, "Écarté")

    def _parse_action(self, text: str) -> int | None:
        """A card (``kh``, ``10d``) or a word (``propose 2``, ``king``, ``stand``)."""
        return parse_card_or_word(text, _BY_WORD, "Écarté")

    def _resample(self, seat: int, rng: random.Random) -> EcarteState:
        """A state ``seat`` cannot tell from this one (see :mod:`.resample`)."""
        from hoyle.games.ecarte.resample import resample

        return resample(self, seat, rng)

    def _origin(self) -> EcarteState:
        """The unseeded start; for a position set by ``deal_state``, that position before its
        first card (its history starts with the cards dealt, not the cut)."""
        if self._setup is None:
            return self.g.new_initial_state()
        dealer, packets = self._setup
        return self.g._set_up(dealer, packets, [])

    def _dealer_seat(self) -> int | None:
        return None if self._phase == CUT else self._dealer
