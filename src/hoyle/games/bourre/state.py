"""The Bourré engine: a session of deals for two to eight, each for the pot.

Cards are indices of the 52-card pack (ace high); hands are int bitmasks. Seats are numbered
clockwise: the dealer's left is the next seat. As in the Écarté engine, chance events (cards
dealt and drawn) are chance nodes without a seed and drawn from ``random.Random(seed)`` with one;
a seeded session's ``history()`` still lists the cards drawn, so it replays unseeded.

A deal: the antes, five cards each one at a time from the dealer's left (the dealer's fifth
face up for trumps, or with separate_trump_card an extra card turned that belongs to no one),
then in turn from the dealer's left each player passes or plays, a player discarding cards one
by one and drawing (``draw``) as many; then the tricks, and the pot is settled.

In the two-round forms (two_rounds, simultaneous_declare, four_card) every player declares
first and those who play then discard and draw in a second round; with simultaneous_declare
the declarations stay hidden (the ``sealed`` phase) until the last is made.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from hoyle.cards import CardError, card_index, parse_cards
from hoyle.core.copying import SharedShuffler, copy_fields
from hoyle.core.errors import IllegalActionError, InvalidPositionError, not_an_action
from hoyle.core.info import GameInfo
from hoyle.core.narrate import DealResult, Event, Fact
from hoyle.core.protocol import CHANCE, TERMINAL, Game, State
from hoyle.core.tokens import card_or_word, parse_card_or_word
from hoyle.games.bourre.rules import BourreRules
from hoyle.i18n import N_, _

__all__ = ["BourreGame", "BourreState"]

PASS, PLAY, DRAW = 52, 53, 54
NUM_ACTIONS = 55
WORDS = {PASS: "pass", PLAY: "play", DRAW: "draw"}
_BY_WORD = {w: a for a, w in WORDS.items()} | {"stand": DRAW, "stand pat": DRAW}

DEAL, DECLARE, DISCARD, PLAYING, OVER, SEALED, STAY = range(7)
PHASE_NAMES = ("deal", "declare", "discard", "play", "over", "sealed", "stay")
"""``sealed``: play or pass with simultaneous_declare, hidden until all have declared;
``stay``: four_card's second chance to pass after the draw."""
_NOT_NOW = (
    N_("{what} is not legal now (deal); legal: {shown}"),
    N_("{what} is not legal now (declare); legal: {shown}"),
    N_("{what} is not legal now (discard); legal: {shown}"),
    N_("{what} is not legal now (play); legal: {shown}"),
    N_("{what} is not legal now (over); legal: {shown}"),
    N_("{what} is not legal now (sealed); legal: {shown}"),
    N_("{what} is not legal now (stay); legal: {shown}"),
)
"""The refusal of a move out of its phase, by phase: whole sentences, so a translation may
name the phase in its own words (the English names it as :data:`PHASE_NAMES` does)."""
FULL = (1 << 52) - 1
SUIT_MASK = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
TURN = -1  # a deal-queue target: the trump card that belongs to no one


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


def _above(card: int) -> int:
    """The cards of ``card``'s suit that beat it."""
    top = 13 * suit_of(card) + 13
    return ((1 << top) - 1) & ~((1 << (card + 1)) - 1)


class BourreGame(Game[BourreRules]):
    """A Bourré session."""

    family = "bourre"

    def __init__(self, rules: BourreRules, variant: str) -> None:
        super().__init__(rules, variant)
        self.n = rules.players
        self.deals = rules.session_deals

    @property
    def num_players(self) -> int:
        """Seats at the table."""
        return self.n

    @property
    def num_distinct_actions(self) -> int:
        """52 card ids, pass, play and draw."""
        return NUM_ACTIONS

    def _game_info(self) -> GameInfo:
        """Net chips. Every seat pays at most three chips a deal (antes, the chip to play) plus
        what a bourré owes, the pot at most (``pot_limit`` when set), so the pot and all that
        was ever paid into it are bounded deal by deal; no seat loses or wins more than that."""
        rules = self.rules
        n = rules.players
        pot = total = 0
        deals = rules.deals or n
        for _deal in range(deals + 1):  # one more: debts are paid when the session ends
            owed = min(pot, rules.pot_limit) if rules.pot_limit else pot
            paid = n * (3 + owed)
            pot += paid
            total += paid
        length = (8 * 52 + 8 * n + 64) * deals
        return GameInfo(-float(total), float(total), None, length, "chips")

    def new_initial_state(self, seed: int | None = None) -> BourreState:
        """A new session at the first deal (chance nodes), or with ``seed`` already dealt."""
        return BourreState(self, None if seed is None else random.Random(seed))

    def deal_state(
        self, hands: Sequence[str], *, dealer: int = 0, turn_up: str = "", stock: str = ""
    ) -> BourreState:
        """A session whose first deal gives these hands (``hands[seat]``, five each); the
        dealer's last card is the one dealt face up (with separate_trump_card, ``turn_up`` is
        the extra card); ``stock`` fixes the next cards drawn, in order. For scenario tests;
        :class:`InvalidPositionError` for hands the rules cannot deal."""
        n = self.n
        if len(hands) != n or not 0 <= dealer < n:
            raise InvalidPositionError(
                _("give {n} hands and a dealer seat 0…{last}").format(n=n, last=n - 1)
            )
        try:
            cards = [[c.index for c in parse_cards(text)] for text in hands]
            extra = [c.index for c in parse_cards(stock)] if stock else []
            turned = [card_index(turn_up.upper())] if turn_up else []
        except CardError as exc:
            raise InvalidPositionError(str(exc)) from None
        size = self.rules.hand_size
        if any(len(hand) != size for hand in cards):
            raise InvalidPositionError(_("each hand is {size} cards").format(size=size))
        if bool(turned) != self.rules.trump_apart:
            raise InvalidPositionError(_("turn_up is the extra trump card of separate_trump_card"))
        every = [c for hand in cards for c in hand] + turned + extra
        if len(set(every)) != len(every):
            raise InvalidPositionError(_("a card is dealt twice"))
        order = []
        for i in range(size):
            seat = (dealer + 1) % n
            for _seat in range(n):
                order.append(cards[seat][i])
                seat = (seat + 1) % n
        return self._set_up(dealer, order + turned + extra)

    def _set_up(self, dealer: int, forced: list[int]) -> BourreState:
        """A session whose first deal ``dealer`` deals, its first chance events giving
        ``forced`` (none: chance nodes)."""
        state = BourreState(self, None, start=False)
        state._first_dealer = dealer
        state._dealer = dealer
        state._forced = forced
        state._start_deal()
        return state


class BourreState(SharedShuffler, State):
    """A position in a session of Bourré."""

    def __init__(self, game: BourreGame, rng: random.Random | None, *, start: bool = True) -> None:
        self.game = game
        self.g = game
        self.rules = game.rules
        self._rng = rng
        n = game.n
        self._history: list[int] = []
        self._forced: list[int] = []
        self._chips = [0] * n  # net chips won (taken from the pot) less chips paid in
        self._pot = 0
        self._exempt = [False] * n  # seats that skip the next ante
        self._owed = [0] * n  # bourré payments due to the next pot
        self._antes = [0] * n  # what each paid into this deal's pot at its start
        self._debts = [0] * n  # of which owed for going bourré last deal
        self._deal_no = 0
        self._dealer = 0
        self._first_dealer: int | None = None  # deal_state: the session starts there
        self._done: list[DealResult] = []  # one per finished deal
        self._deal_scores: list[list[int]] = []
        self._deal_start: tuple[int, list[int], int] = (0, [0] * n, 0)
        self._phase = DEAL
        self._legal: list[int] | None = None
        if start:
            self._start_deal()

    # ----------------------------------------------------------------- the deal

    def _nxt(self, seat: int) -> int:
        return (seat + 1) % self.g.n

    def _start_deal(self) -> None:
        rules = self.rules
        n = self.g.n
        self._chips_at_start = list(self._chips)
        # Antes (pagat): everyone pays 1 but last deal's bourré and tied players, who paid
        # (or carried) enough; with double_ante everyone pays, and players add 1 to play.
        for seat in range(n):
            ante = 1 if rules.double_ante or not self._exempt[seat] else 0
            self._antes[seat] = ante
            self._debts[seat] = self._owed[seat]
            self._chips[seat] -= ante + self._owed[seat]
            self._pot += ante + self._owed[seat]
        self._owed = [0] * n
        self._exempt = [False] * n
        # What the deal's start needs beyond the empty deal, so that resampling can rebuild
        # it (deal_start) without a copy of the whole state at every deal.
        self._deal_start = (len(self._history), list(self._chips), self._pot)
        self._reset_deal()
        self._run_chance()

    def _reset_deal(self) -> None:
        """An empty deal about to be dealt (the antes paid)."""
        rules = self.rules
        n = self.g.n
        self._legal = None
        self._hands = [0] * n
        self._undealt = FULL
        self._collected = 0  # passed hands and discards, reshuffled if the stock runs out
        self._shuffled: list[int] = []
        self._queue: list[int] = []
        seat = self._nxt(self._dealer)
        for _round in range(rules.hand_size):
            for _seat in range(n):
                self._queue.append(seat)
                seat = self._nxt(seat)
        if rules.trump_apart:
            self._queue.append(TURN)
        self._turn_up = -1
        self._trump = -1
        self._declared: list[str | None] = [None] * n
        self._discards = [0] * n
        self._drawn = [0] * n  # how many cards each drew (public)
        self._stakes = [0] * n  # chips paid to play (double_ante, four_card) this deal
        self._draw_from = 0  # where the draw in progress starts in the chance log
        self._recycled = False
        self._played: list[list[int]] = [[] for _ in range(n)]
        self._trick: list[tuple[int, int]] = []
        self._tricks: list[tuple[int, tuple[int, ...], tuple[int, ...], int]] = []
        self._won = [0] * n
        self._chance_log: list[tuple[int, int]] = []
        self._hand_actions: list[tuple[int, int]] = []
        self._cur = self._nxt(self._dealer)
        self._after = "deal"
        self._phase = DEAL

    def deal_start(self) -> BourreState | None:
        """A copy of this session at the start of the deal in progress, the antes paid
        (None after the end): resampling replays the deal from it. Within a deal only the
        deal's own fields, the chips, the pot and the history change."""
        if self._phase == OVER:
            return None
        history, chips, pot = self._deal_start
        new = self.clone()
        new._history = new._history[:history]
        new._chips, new._pot = list(chips), pot
        new._forced = []
        new._reset_deal()
        return new

    def _run_chance(self) -> None:
        while self._phase == DEAL and (self._rng is not None or self._forced):
            if self._forced:
                card = self._forced.pop(0)
            else:
                card = self._next_shuffled()
            self._history.append(card)  # a seeded shuffle's too: it replays unseeded
            self._chance(card)

    def _pool(self) -> int:
        """The cards a chance event may give: the stock, or once it is empty the collected
        discards and passed hands (pagat: reshuffled to continue)."""
        return self._undealt if self._undealt else self._collected

    def _next_shuffled(self) -> int:
        assert self._rng is not None
        while True:
            if not self._shuffled:
                self._shuffled = cards_of(self._pool())
                self._rng.shuffle(self._shuffled)
            card = self._shuffled.pop()
            if self._pool() >> card & 1:
                return card

    def _chance(self, card: int) -> None:
        if not self._undealt:
            self._recycled = True
            self._collected &= ~(1 << card)
        self._undealt &= ~(1 << card)
        target = self._queue.pop(0)
        self._chance_log.append((target, card))
        if target == TURN:
            self._turn_up, self._trump = card, suit_of(card)
        else:
            self._hands[target] |= 1 << card
            if self._declared[target] == "play":
                self._drawn[target] += 1
            elif target == self._dealer and len(self._queue) == 0 and self._trump < 0:
                # The dealer's fifth card, dealt face up: it makes trumps.
                self._turn_up, self._trump = card, suit_of(card)
        if not self._queue or not self._pool():
            self._queue = []
            self._after_chance()

    @property
    def _two_rounds(self) -> bool:
        """Everyone declares before anyone discards (pagat's two-round forms)."""
        rules = self.rules
        return rules.two_rounds or rules.simultaneous_declare or rules.four_card

    def _declare_phase(self) -> int:
        return SEALED if self.rules.simultaneous_declare else DECLARE

    def _after_chance(self) -> None:
        if self._after == "deal":
            self._phase, self._cur = self._declare_phase(), self._nxt(self._dealer)
        else:
            self._after_draw()

    def _next_declarer(self) -> None:
        if self._cur == self._dealer:
            if self._two_rounds:
                self._end_declarations()
            else:
                self._begin_play()
            return
        self._cur = self._nxt(self._cur)
        self._phase = self._declare_phase()

    def _end_declarations(self) -> None:
        """All have declared (two-round forms): passed hands are collected, simultaneous
        declarations revealed with their chips, and the players discard in rotation."""
        for seat in range(self.g.n):
            if self._declared[seat] == "pass":
                self._collected |= self._hands[seat]
                self._hands[seat] = 0
            elif self.rules.simultaneous_declare:
                self._pay_to_play(seat)
        active = self._active()
        if len(active) <= 1:
            self._settle(lone=active[0] if active else -1)
            return
        self._next_in_round(None, DISCARD)

    def _next_in_round(self, after: int | None, phase: int) -> bool:
        """The next player who plays after seat ``after`` (from the dealer's left when
        ``after`` is None), up to the dealer, acts in ``phase``; False if none is left."""
        seat = self._dealer if after is None else after
        if seat == self._dealer and after is not None:
            return False
        while True:
            seat = self._nxt(seat)
            if self._declared[seat] == "play":
                self._start_turn(seat, phase)
                return True
            if seat == self._dealer:
                return False

    def _start_turn(self, seat: int, phase: int) -> None:
        self._cur, self._phase = seat, phase
        if phase == DISCARD and seat == self._dealer and self.rules.dealer_takes_trump:
            # The dealer who plays may take the turned trump: six cards, back to five.
            self._hands[seat] |= 1 << self._turn_up

    def _pay_to_play(self, seat: int) -> None:
        """The chip a player pays to play: double_ante's second ante, four_card's chip."""
        if self.rules.double_ante or self.rules.four_card:
            self._chips[seat] -= 1
            self._pot += 1
            self._stakes[seat] += 1

    # ----------------------------------------------------------------- declaring

    def _must_play(self, seat: int) -> bool:
        """A turned ace makes the dealer play (pagat), when the dealer may hold it."""
        rules = self.rules
        may_hold = not rules.trump_apart or rules.dealer_takes_trump
        return seat == self._dealer and may_hold and self._turn_up % 13 == 12

    def _may_play(self, seat: int) -> bool:
        """Four-card Bourré: only a player with a trump or a club (a 'dirty club') plays."""
        if not self.rules.four_card:
            return True
        return bool(self._hands[seat] & (SUIT_MASK[self._trump] | SUIT_MASK[0]))

    def _declare(self, action: int) -> None:
        seat = self._cur
        if action == PASS:
            self._declared[seat] = "pass"
            if not self._two_rounds:
                self._collected |= self._hands[seat]
                self._hands[seat] = 0
            self._next_declarer()
            return
        self._declared[seat] = "play"
        if not self.rules.simultaneous_declare:
            self._pay_to_play(seat)  # a sealed declaration pays when revealed
        if self._two_rounds:
            self._next_declarer()
        else:
            self._start_turn(seat, DISCARD)

    def _stay(self, action: int) -> None:
        """Four-card Bourré: after the draw, pass or stay for another chip."""
        seat = self._cur
        if action == PASS:
            self._declared[seat] = "pass"
            self._collected |= self._hands[seat]
            self._hands[seat] = 0
        else:
            self._chips[seat] -= 1
            self._pot += 1
            self._stakes[seat] += 1
        if not self._next_in_round(seat, STAY):
            self._begin_play()

    def _choosing(self, seat: int) -> tuple[str, int, int] | None:
        # Any number of cards up to the hand (three of four in four-card Bourré), the dealer's
        # turned trump kept where it must be; draw ends the discard.
        if self._phase != DISCARD:
            return None
        rules = self.rules
        cards = sum(1 for a in self.legal_actions() if a != DRAW)
        most = 3 if rules.four_card else rules.hand_size
        left = self._hands[seat].bit_count() - (rules.hand_size - most)
        most = min(cards, left)
        return ("discard", 0, most) if most > 0 else None  # nothing left to give: draw

    def _discard(self, card: int) -> None:
        seat = self._cur
        self._hands[seat] &= ~(1 << card)
        if card != self._turn_up:
            self._discards[seat] |= 1 << card
        # else the dealer leaves the turned trump on the table: it belongs to no one

    def _draw(self) -> None:
        seat = self._cur
        count = self.rules.hand_size - self._hands[seat].bit_count()
        if not count or not self._pool():
            self._after_draw()
            return
        self._phase = DEAL
        self._after = "draw"
        self._draw_from = len(self._chance_log)
        self._queue = [seat] * count
        self._run_chance()

    def _after_draw(self) -> None:
        seat = self._cur
        # This player's discards join the collected cards only once they are served.
        self._collected |= self._discards[seat]
        if not self._two_rounds:
            self._next_declarer()
        elif not self._next_in_round(seat, DISCARD):
            if self.rules.four_card:
                self._next_in_round(None, STAY)
            else:
                self._begin_play()

    # ----------------------------------------------------------------- play

    def _active(self) -> list[int]:
        return [s for s in range(self.g.n) if self._declared[s] == "play"]

    def _begin_play(self) -> None:
        active = self._active()
        if len(active) <= 1:
            self._settle(lone=active[0] if active else -1)
            return
        self._phase = PLAYING
        seat = self._nxt(self._dealer)
        while self._declared[seat] != "play":
            seat = self._nxt(seat)
        self._cur = self._leader = seat

    def sure_tricks(self, seat: int) -> int:
        """Tricks ``seat`` is sure of: those won, and trumps that must win by length against
        the trumps it has not seen (this project's reading of pagat's cinch)."""
        trumps = self._hands[seat] & SUIT_MASK[self._trump]
        seen = trumps | sum(1 << c for cards in self._played for c in cards)
        unseen = SUIT_MASK[self._trump] & ~seen
        sure = 0
        for k, card in enumerate(reversed(cards_of(trumps)), 1):
            if (unseen & _above(card)).bit_count() < k:
                sure += 1
        return self._won[seat] + sure

    def follow_mask(self, seat: int) -> int:
        """The cards ``seat`` may play now (pagat's rules of play, with the cinch)."""
        hand = self._hands[seat]
        trumps = hand & SUIT_MASK[self._trump]
        cinch = self.rules.cinch and trumps and self.sure_tricks(seat) >= 3
        highest_trump = 1 << (trumps.bit_length() - 1) if trumps else 0
        if not self._trick:
            return highest_trump if cinch else hand
        led = self._trick[0][1]
        led_suit = suit_of(led)
        played = [c for _, c in self._trick]
        top_trump = max((c for c in played if suit_of(c) == self._trump), default=-1)
        follow = hand & SUIT_MASK[led_suit]
        last = len(self._trick) == len(self._active()) - 1
        if follow:
            if led_suit == self._trump and cinch and not last:
                return highest_trump
            if top_trump >= 0 and led_suit != self._trump:
                return follow  # already trumped: the suit led cannot win
            best = max(c for c in played if suit_of(c) == led_suit)
            return follow & _above(best) or follow
        if trumps:
            if cinch and not last:
                return highest_trump
            if top_trump >= 0:
                return trumps & _above(top_trump) or trumps
            return trumps
        return hand

    def _play(self, card: int) -> None:
        seat = self._cur
        self._hands[seat] &= ~(1 << card)
        self._played[seat].append(card)
        self._trick.append((seat, card))
        active = self._active()
        if len(self._trick) < len(active):
            nxt = self._nxt(seat)
            while self._declared[nxt] != "play":
                nxt = self._nxt(nxt)
            self._cur = nxt
            return
        led_suit = suit_of(self._trick[0][1])

        def key(play: tuple[int, int]) -> int:
            card = play[1]
            if suit_of(card) == self._trump:
                return 200 + card
            return 100 + card if suit_of(card) == led_suit else -1

        winner = max(self._trick, key=key)[0]
        self._won[winner] += 1
        self._tricks.append(
            (
                self._trick[0][0],
                tuple(c for _, c in self._trick),
                tuple(s for s, _ in self._trick),
                winner,
            )
        )
        self._trick = []
        self._cur = self._leader = winner
        if len(self._tricks) == self.rules.hand_size:
            self._settle()

    def _settle(self, lone: int = -1) -> None:
        """The deal is over: the pot goes to the one who took most tricks, alone (a lone
        player takes it unplayed); a tie leaves it; a player with no trick is bourré."""
        rules = self.rules
        n = self.g.n
        pot = self._pot
        stake = min(pot, rules.pot_limit) if rules.pot_limit else pot
        active = self._active()
        won = list(self._won)
        if lone >= 0:
            won[lone] = rules.hand_size  # a lone player takes every trick by default (pagat)
        items: list[dict[str, Any]] = [
            {
                "kind": "antes",
                "antes": list(self._antes),
                "debts": list(self._debts),
                "stakes": list(self._stakes),
                "pot": pot,
            }
        ]
        best = max((won[s] for s in active), default=0)
        leaders = [s for s in active if won[s] == best]
        if len(leaders) == 1:
            winner = leaders[0]
            self._chips[winner] += stake
            self._pot -= stake
            items.append(
                {
                    "kind": "pot",
                    "seat": winner,
                    "tricks": [won[s] for s in range(n)],
                    "took": stake,
                    "pot": pot,
                    "alone": lone >= 0,
                }
            )
        else:
            for seat in leaders:  # a split pot stays for the next deal
                self._exempt[seat] = True
            items.append(
                {
                    "kind": "tie",
                    "seats": leaders,
                    "most": best,
                    "tricks": [won[s] for s in range(n)],
                    "pot": pot,
                }
            )
        for seat in active:
            if won[seat] == 0:
                self._owed[seat] = stake  # matched into the next pot
                self._exempt[seat] = True
                items.append({"kind": "bourre", "seat": seat, "owes": stake})
        self._deal_no += 1
        self._forced = []  # cards fixed for this deal (deal_state) end with it
        over = self._deal_no >= self.g.deals
        if over:
            # The session ends: what bourré players owe is still paid (to a pot nobody takes).
            for seat in range(n):
                if self._owed[seat]:
                    items.append({"kind": "paid", "seat": seat, "amount": self._owed[seat]})
                    self._chips[seat] -= self._owed[seat]
        self._deal_scores.append(
            [now - then for now, then in zip(self._chips, self._chips_at_start, strict=True)]
        )
        self._record_deal(items)
        if over:
            self._phase = OVER
            return
        self._dealer = self._nxt(self._dealer)
        self._start_deal()

    def _record_deal(self, items: list[dict[str, Any]]) -> None:
        """The finished deal's :class:`DealResult`, its lines said from ``items``."""
        from hoyle.games.bourre.results import lines

        self._done.append(
            DealResult(
                self._deal_no,
                tuple(float(x) for x in self._deal_scores[-1]),
                tuple(lines(items)),
                tuple(items),
            )
        )

    # ----------------------------------------------------------------- protocol

    def current_player(self) -> int:
        """The seat to act, CHANCE while cards are dealt or drawn, TERMINAL at the end."""
        if self._phase == OVER:
            return TERMINAL
        if self._phase == DEAL:
            return CHANCE
        return self._cur

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each card that may come, equally likely."""
        if self._phase != DEAL:
            return []
        cards = cards_of(self._pool())
        return [(c, 1.0 / len(cards)) for c in cards]

    def legal_actions(self) -> list[int]:
        """Legal actions in increasing order."""
        if self._legal is None:
            self._legal = self._legal_now()
        return list(self._legal)

    def _legal_now(self) -> list[int]:
        phase = self._phase
        seat = self._cur
        if phase == DEAL:
            return cards_of(self._pool())
        if phase in (DECLARE, SEALED):
            if self._must_play(seat):
                return [PLAY]
            return [PASS, PLAY] if self._may_play(seat) else [PASS]
        if phase == STAY:
            return [PASS, PLAY]
        if phase == DISCARD:
            rules = self.rules
            hand = self._hands[seat]
            keep = 1 << self._turn_up if seat == self._dealer and self._turn_up >= 0 else 0
            if rules.trump_apart:
                keep = 0
            # Four-card Bourré: up to three discards, never all four.
            most = 3 if rules.four_card else rules.hand_size
            if hand.bit_count() <= rules.hand_size - most:
                keep = hand
            # With the turned trump taken the dealer holds six: draw only back to five.
            draw = [DRAW] if hand.bit_count() <= rules.hand_size else []
            return [*cards_of(hand & ~keep), *draw]
        if phase == PLAYING:
            return cards_of(self.follow_mask(seat))
        return []

    def apply_action(self, action: int) -> None:
        """Apply one action; raises IllegalActionError and changes nothing if it is illegal."""
        if type(action) is not int:
            raise not_an_action(action)
        legal = self.legal_actions()
        if action not in legal:
            shown = " ".join(self.action_to_string(a) for a in legal)
            what = self.action_to_string(action) if 0 <= action < NUM_ACTIONS else str(action)
            raise IllegalActionError(_(_NOT_NOW[self._phase]).format(what=what, shown=shown))
        self._legal = None
        self._history.append(action)
        phase = self._phase
        if phase == DEAL:
            self._chance(action)
        else:
            self._hand_actions.append((self._cur, action))
            if phase in (DECLARE, SEALED):
                self._declare(action)
            elif phase == STAY:
                self._stay(action)
            elif phase == DISCARD:
                if action == DRAW:
                    self._draw()
                else:
                    self._discard(action)
            elif phase == PLAYING:
                self._play(action)
        self._legal = None
        self._run_chance()

    def returns(self) -> list[float]:
        """Each seat's net chips at the end of the session; zeros before."""
        if self._phase != OVER:
            return [0.0] * self.g.n
        return [float(c) for c in self._chips]

    def scores(self) -> list[float]:
        """Each seat's net chips so far (antes and payments count against it)."""
        return [float(c) for c in self._chips]

    def history(self) -> list[int]:
        """Every action applied, chance actions included (a seeded shuffle's too)."""
        return list(self._history)

    def progress(self) -> tuple[int, str, int]:
        """(deal number, phase, trick number in play)."""
        phase = self._phase
        trick = len(self._tricks) + 1 if phase == PLAYING else 0
        return (self._deal_no + 1 - (phase == OVER), PHASE_NAMES[phase], trick)

    @property
    def phase(self) -> str:
        """deal, declare (sealed with simultaneous_declare), discard, stay (four_card), play
        or over."""
        return PHASE_NAMES[self._phase]

    @property
    def dealer(self) -> int:
        """The dealer's seat this deal."""
        return self._dealer

    @property
    def trump(self) -> int:
        """The trump suit (0–3), or -1 before it is turned."""
        return self._trump

    def hand_mask(self, seat: int) -> int:
        """The cards ``seat`` holds now, as a mask."""
        return self._hands[seat]

    def clone(self) -> BourreState:
        """An independent copy (the seeded shuffler too)."""
        return copy_fields(self)

    # ----------------------------------------------------------------- the contract's hooks

    def _observe(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (see :mod:`hoyle.games.bourre.observe`)."""
        from hoyle.games.bourre.observe import observe

        return observe(self, seat)

    def _results(self) -> list[DealResult]:
        return self._done

    def _facts(self, seat: int | None) -> list[Fact]:
        """What ``seat`` needs at a glance (see :mod:`hoyle.games.bourre.facts`)."""
        from hoyle.games.bourre.facts import facts

        return facts(self, seat)

    def _narrate(self, before: State, action: int, after: State) -> list[Event]:
        """What ``action`` did (see :mod:`hoyle.games.bourre.narrate`)."""
        from hoyle.games.bourre.narrate import narrate

        assert isinstance(before, BourreState) and isinstance(after, BourreState)
        return narrate(before, action, after)

    def _action_token(self, action: int) -> str:
        """Cards are tokens (``AS``); the decisions are ``pass``, ``play`` and ``draw``."""
        return card_or_word(action, WORDS, "Bourré")

    def _parse_action(self, text: str) -> int | None:
        """A card (``as``, ``10d``) or ``pass``, ``play``, ``draw`` (``stand``)."""
        return parse_card_or_word(text, _BY_WORD, "Bourré")

    def _resample(self, seat: int, rng: random.Random) -> BourreState:
        """A state ``seat`` cannot tell from this one (see :mod:`.resample`)."""
        from hoyle.games.bourre.resample import resample

        return resample(self, seat, rng)

    def _origin(self) -> BourreState:
        """The unseeded start; for a position set by ``deal_state``, its first deal before
        the first card."""
        if self._first_dealer is None:
            return self.g.new_initial_state()
        return self.g._set_up(self._first_dealer, [])

    def _dealer_seat(self) -> int | None:
        return self._dealer
