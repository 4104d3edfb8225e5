"""The Spite and Malice engine: deals of turns, each a draw, plays to the centre and a discard.

Cards are *kinds*: the 52 cards of the French pack by their index (``hoyle.cards``) and the
joker as 52, or Starturn's numbers 1…15 as 0…14. Several packs hold several cards of a kind,
and since two cards of one kind can never be told apart, piles are lists of kinds and the
stock is a count per kind. Dealing a goal card and drawing from the stock are chance nodes
whose outcomes are the kinds left, each as likely as its count; a seeded game draws the same
way from ``random.Random`` and still lists each card in ``history()``, so that the history
replays from the unseeded start.

Actions: a move takes a card from the hand (named by its rank: suits never matter), a goal top
or a discard top, to a centre stack, a new stack or a discard pile; see :func:`move_id`.
Tokens read ``7:goal>stack2``, ``K=7:hand>stack1`` (a wild and the rank it stands for),
``Q:hand>discard3``, ``7+7:hand>discard1`` (a pair) and ``pass``. Chance actions are the card
dealt or drawn, e.g. ``7H``.
"""

from __future__ import annotations

import random
from bisect import bisect_left, insort
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import chain, compress, repeat
from typing import Any, cast

from hoyle.cards import TOKENS, Card, CardError
from hoyle.core.errors import (
    IllegalActionError,
    InvalidOptionError,
    InvalidPositionError,
    not_an_action,
)
from hoyle.core.info import GameInfo
from hoyle.core.narrate import DealResult, Event, Fact, say
from hoyle.core.protocol import CHANCE, TERMINAL, Game, State
from hoyle.games.spite_malice.rules import (
    STARTURN_BLACK,
    STARTURN_RED,
    SYMBOLS,
    Deck,
    First,
    Recycle,
    SpiteMaliceRules,
)
from hoyle.games.spite_malice.scoring import (
    BLOCKED_LIMIT,
    BLOCKED_PASSES,
    BLOCKED_STOCK,
    BLOCKED_TURNS,
    GOING_OUT,
    deal_result,
)
from hoyle.i18n import _, ngettext

__all__ = ["SpiteMaliceGame", "SpiteMaliceState", "move_id", "split_move"]

# Sources of a move.
HAND = 0
GOAL = 1  # GOAL + g for goal pile g (0 or 1)
DISCARD = 3  # DISCARD + d for discard pile d (0 … 5)
N_SOURCES = 9
# Destinations: a stack by index, a new stack, a discard pile, a pair onto a discard pile.
MAX_STACKS = 64
NEW = MAX_STACKS
TO_DISCARD = NEW + 1
TO_PAIR = TO_DISCARD + 6
N_DESTS = TO_PAIR + 6
N_SYMBOLS = 16  # rank - 1 (0 … 14), or 15 for a joker
JOKER_SYMBOL = 15
PASS = N_DESTS * N_SOURCES * N_SYMBOLS
# From this id on (to a new stack, a discard, pass) a move's token never depends on the position.
FIXED_TOKENS = NEW * N_SOURCES * N_SYMBOLS
FIRST_DISCARD = TO_DISCARD * N_SOURCES * N_SYMBOLS  # the lowest discard id (pass is above all)
CHANCE_BASE = PASS + 1
NUM_ACTIONS = CHANCE_BASE + 64

STRIDE = N_SOURCES * N_SYMBOLS  # move_id(src, dest, sym) is dest * STRIDE + src * N_SYMBOLS + sym
PILE_BITS = [1 << (N_SYMBOLS + d) for d in range(6)]  # discard pile d holds cards, in a key
DISCARD_CACHE = 1 << 16  # discard lists kept on a game before they are all forgotten


def _byte_rows(shift: int) -> list[list[tuple[int, ...]]]:
    """At ``[i][byte]``: the discards from the hand to destination ``TO_DISCARD + i`` (a
    pile, then from i = 6 a pair onto one) of a card of each symbol ``shift + b`` for the set
    bits b of ``byte``, in increasing order."""
    return [
        [
            tuple((TO_DISCARD + i) * STRIDE + shift + b for b in range(8) if byte >> b & 1)
            for byte in range(256)
        ]
        for i in range(12)
    ]


# A discard list without a walk over the symbols: the rows of a symbol set's low byte, then
# of its high byte (symbols 8 and up), onto each pile in turn (see _legal_now).
LOW_ROWS = _byte_rows(0)
HIGH_ROWS = _byte_rows(8)

# Phases (in this order: a phase below PLAY is a chance node's).
DEAL, DRAW, PLAY, OVER = range(4)
PHASE_NAMES = ("deal", "draw", "play", "over")
HAND_TARGET = 2  # a deal-queue target seat * 4 + HAND_TARGET is the seat's hand
JOKER = 52


def move_id(src: int, dest: int, symbol: int) -> int:
    """The action id of moving a card of ``symbol`` from ``src`` to ``dest``."""
    return (dest * N_SOURCES + src) * N_SYMBOLS + symbol


def split_move(action: int) -> tuple[int, int, int]:
    """(source, destination, symbol) of a move id."""
    rest, symbol = divmod(action, N_SYMBOLS)
    dest, src = divmod(rest, N_SOURCES)
    return src, dest, symbol


class SpiteMaliceGame(Game[SpiteMaliceRules]):
    """A Spite and Malice game: the rules and the card tables built from them."""

    family = "spite-malice"

    def __init__(self, rules: SpiteMaliceRules, variant: str) -> None:
        super().__init__(rules, variant)
        self.n = rules.players
        starturn = rules.deck is Deck.STARTURN
        kinds = 15 if starturn else 53
        self.kinds = kinds
        self.rank = [k + 1 if starturn else _french_rank(k) for k in range(kinds)]
        self.wild = [
            (not starturn) and (k == JOKER or (rules.kings_wild and self.rank[k] == 13))
            for k in range(kinds)
        ]
        self.symbol = [JOKER_SYMBOL if k == JOKER else self.rank[k] - 1 for k in range(kinds)]
        # Every kind of a symbol has its rank and is wild or not alike, so the move lists
        # work with symbols: a hand's cards of one rank are one source.
        self.symbol_rank = [0] * N_SYMBOLS
        self.symbol_wild = [False] * N_SYMBOLS
        for k in range(kinds):
            self.symbol_rank[self.symbol[k]] = self.rank[k]
            self.symbol_wild[self.symbol[k]] = self.wild[k]
        # The same as bit sets, for the move lists (see SpiteMaliceState._legal_now).
        self.symbol_bit = [1 << s for s in self.symbol]
        self.wild_symbols = sum(1 << s for s in range(N_SYMBOLS) if self.symbol_wild[s])
        self.wild_list = [s for s in range(N_SYMBOLS) if self.symbol_wild[s]]
        self.max_stacks = rules.max_stacks or MAX_STACKS
        self.top_sources = [GOAL + i for i in range(rules.goal_piles)] + [
            DISCARD + d for d in range(rules.discard_piles)
        ]
        """The sources of the goal piles' tops, then of the discard piles' tops."""
        self.top_base = [src * N_SYMBOLS for src in self.top_sources]
        """The same as move ids onto stack 0 (add a top's symbol)."""
        self.open_piles = [_open_piles(mask, rules.discard_piles) for mask in range(64)]
        """By the bit set of the discard piles that hold cards: the piles a card may be
        discarded onto (those, and the first empty one: one is as good as another)."""
        self.same_symbol = [[k for k in range(kinds) if self.symbol[k] == s] for s in range(16)]
        """The kinds of each symbol, in increasing order."""
        self.deal_plans: dict[tuple[int, ...], list[tuple[int, int, slice]]] = {}
        """Where each card of a run of the deal goes, by the run's targets (``deal_plan``)."""
        self.goal_queues: dict[int, tuple[int, ...]] = {}
        """The order goal cards are dealt in, by dealer (see ``_goal_queue``)."""
        self.discards: dict[int, list[int]] = {}
        """The discards of a hand and its open piles (see ``_discard_moves``)."""
        # Frey's discard: by the symbol of a discard pile's top, the symbols that may go on
        # it (equal or one lower; a wild goes anywhere and takes all).
        self.goes_on = [
            sum(
                1 << s
                for s in range(N_SYMBOLS)
                if self.symbol_wild[s]
                or self.symbol_wild[top]
                or self.symbol_rank[s] in (self.symbol_rank[top], self.symbol_rank[top] - 1)
            )
            for top in range(N_SYMBOLS)
        ]
        self.token = [
            str(k + 1) if starturn else (TOKENS[k] if k < 52 else "XJ") for k in range(kinds)
        ]
        self.forbidden = rules.forbidden
        self.wild_ranks = sum(1 << r for r in range(1, rules.top + 1) if r not in self.forbidden)
        """Bit r: a wild may stand for rank r (see ``SpiteMaliceState._wild_to``)."""
        self.above_top = -1 << rules.top
        """Bit r for every rank r from the top up: a wild standing for r needs no cover (the
        stack is done before a card of rank r + 1 could go on it)."""
        self.sort_key = [(self.rank[k] or 99, k) for k in range(kinds)].__getitem__
        """Orders kinds by rank (jokers last), for showing a hand."""
        if starturn:
            self.stock_pack = list(STARTURN_RED)
            self.goal_pack: list[int] | None = list(STARTURN_BLACK)
        else:
            self.stock_pack = [rules.pack_count] * 52 + [rules.jokers]
            self.goal_pack = [1] * 52 + [0] if rules.goal_pack else None
        self.total = [
            s + (self.goal_pack[k] if self.goal_pack else 0) for k, s in enumerate(self.stock_pack)
        ]
        # Symbols that name a card of this game (a joker only when the packs have jokers).
        self.symbols = frozenset(self.symbol[k] for k in range(kinds) if self.total[k])
        self.stock_cards = _cards(self.stock_pack)
        self.goal_cards = _cards(self.goal_pack) if self.goal_pack is not None else []
        """The packs' cards one by one in kind order: a seeded deal's first piles."""
        self.tokens: dict[int, str] = {}
        """Move tokens already written (a wild onto a stack is left out: it names the rank
        it stands for, which depends on the stack)."""
        cards = sum(self.total)
        self.deal_cap = rules.turn_limit * (2 * cards + 2 * rules.hand_size + 8)
        """A safety cap on a deal's actions (chance included): a deal that reaches it is
        scored as blocked. It is far beyond any deal played (hundreds of actions), but a turn
        can go on as long as the draws keep every hand playable, so without it no bound
        would hold (see :meth:`_game_info`)."""

    def deal_plan(self, targets: list[int]) -> list[tuple[int, int, slice]]:
        """Where a run of cards dealt to ``targets`` (a deal queue's, see ``_goal_queue``)
        goes: for each place (seat, goal pile or HAND_TARGET), the slice of the run it takes,
        in order. Kept by the queue; a place's cards are every n-th of the run, so a slice
        serves, and otherwise one slice a card does."""
        key = tuple(targets)
        plan = self.deal_plans.get(key)
        if plan is None:
            at: dict[int, list[int]] = {}
            for i, target in enumerate(targets):
                at.setdefault(target, []).append(i)
            plan = []
            for target, places in at.items():
                seat, where = divmod(target, 4)
                step = places[1] - places[0] if len(places) > 1 else 1
                if places == list(range(places[0], places[-1] + 1, step)):
                    plan.append((seat, where, slice(places[0], places[-1] + 1, step)))
                else:  # pragma: no cover - every queue dealt is regular
                    plan += [(seat, where, slice(i, i + 1)) for i in places]
            self.deal_plans[key] = plan
        return plan

    @property
    def num_players(self) -> int:
        """Number of seats."""
        return self.n

    @property
    def num_distinct_actions(self) -> int:
        """Moves, ``pass`` and the chance actions (one per kind of card)."""
        return NUM_ACTIONS

    def symbol_text(self, symbol: int) -> str:
        """A rank symbol as tokens write it: ``A`` … ``K``, ``X`` (joker), or ``1`` … ``15``."""
        if symbol == JOKER_SYMBOL:
            return "X"
        if self.rules.deck is Deck.STARTURN:
            return str(symbol + 1)
        return SYMBOLS[symbol]

    def rank_text(self, rank: int) -> str:
        """A rank (1 …) as tokens write it."""
        return self.symbol_text(rank - 1)

    def kind_of(self, token: str) -> int:
        """The kind of a card token (``7H``, ``XJ``; Starturn ``7``)."""
        text = token.strip().upper()
        try:
            if self.rules.deck is Deck.STARTURN:
                card = Card.from_token(text, numbered=True)
                return card.rank - 1
            card = Card.from_token(text)
        except CardError as exc:
            raise InvalidOptionError(str(exc)) from None
        return JOKER if card.joker else card.index

    def card_text(self, kind: int) -> str:
        """A card as a player reads it: ``7♠``, ``10♥``, ``joker`` (a phrase, said in each
        reader's language), or Starturn's ``12``."""
        if self.rules.deck is Deck.STARTURN:
            return self.token[kind]
        if kind == JOKER:
            return say("joker")
        return Card.from_token(self.token[kind]).pretty()

    def _game_info(self) -> GameInfo:
        """One deal returns each seat's points: at most the going-out bonus and every goal
        card of the opponents (a blocked deal scores less). A match returns 1 shared among the
        winners. A deal is at most :attr:`deal_cap` actions, then the cards of one dealing
        and one draw (the cap is checked between them); a match at most ``deals`` (or
        ``deal_limit``) deals."""
        rules = self.rules
        n = self.n
        goal_cards = rules.goal_piles * rules.goal_size
        dealing = n * goal_cards + (n * rules.hand_size if rules.deal_hands else 0)
        per_deal = self.deal_cap + dealing + rules.hand_size
        length = per_deal * (rules.deals or rules.deal_limit)
        if rules.deals == 1:
            best = float(GOING_OUT + (n - 1) * goal_cards)
            return GameInfo(0.0, best, None, length, "points")
        return GameInfo(0.0, 1.0, 1.0, length, "rank")

    def new_initial_state(self, seed: int | None = None) -> SpiteMaliceState:
        """A new match: chance nodes for every card dealt or drawn, or with ``seed`` every
        card from a seeded draw (listed in ``history()`` all the same)."""
        state = SpiteMaliceState(self, None if seed is None else random.Random(seed))
        state._start_deal(clear=False)
        return state

    def deal_state(
        self,
        hands: Sequence[str],
        *,
        goals: Sequence[str | Sequence[str]],
        discards: Sequence[Sequence[str]] | None = None,
        stacks: Sequence[str] = (),
        stock: str | None = None,
        heap: str = "",
        current: int = 0,
        dealer: int | None = None,
        seed: int | None = 0,
    ) -> SpiteMaliceState:
        """A hand-set position of the first deal, ``current`` to play (its draw done).

        ``hands`` gives each seat's hand; ``goals`` each seat's goal pile (or, with two goal
        piles, a list of two) bottom first, so the last card is the top; ``discards`` each
        seat's discard piles bottom first; ``stacks`` each centre stack from its ace (a wild
        written where it stands). ``stock``, if given, is the whole stock in the order it will
        be drawn, and the cards not placed anywhere are put out of play; otherwise every card
        not placed is in the stock, drawn at random from ``seed`` (``seed=None``: each draw
        is a chance node). Goal cards come from the goal pack when the rules have one.
        For scenario tests and problems; :class:`InvalidPositionError` for a position the
        rules cannot deal.
        """
        n = self.n
        rules = self.rules
        state = SpiteMaliceState(self, None if seed is None else random.Random(seed))
        state._dealer = current if dealer is None else dealer
        if not 0 <= current < n or not 0 <= state._dealer < n:
            raise InvalidPositionError(
                _("current and dealer are seats 0…{last}").format(last=n - 1)
            )
        left = list(self.stock_pack)
        goal_left = list(self.goal_pack) if self.goal_pack is not None else left

        def take(text: str, pool: list[int], spare: list[int] | None = None) -> list[int]:
            """Cards from ``pool`` (then ``spare``: a centre card may be a goal card)."""
            out = []
            for token in text.replace(",", " ").split():
                try:
                    kind = self.kind_of(token)
                except InvalidOptionError as exc:
                    raise InvalidPositionError(str(exc)) from None
                source = pool if pool[kind] > 0 else spare
                if source is None or source[kind] <= 0:
                    raise InvalidPositionError(
                        _("there is no {card} left to place").format(card=token)
                    )
                source[kind] -= 1
                out.append(kind)
            return out

        if len(goals) != n or len(hands) != n:
            raise InvalidPositionError(
                _("give {n} goal piles and {n} hands, one per seat").format(n=n)
            )
        for seat in range(n):
            piles = goals[seat]
            piles = [piles] if isinstance(piles, str) else list(piles)
            if len(piles) != rules.goal_piles:
                # The English says "pile(s)" for any number; the plural forms let a
                # translation agree with it.
                count = rules.goal_piles
                raise InvalidPositionError(
                    ngettext(
                        "each seat has {n} goal pile(s)", "each seat has {n} goal pile(s)", count
                    ).format(n=count)
                )
            state._goals[seat] = [take(p, goal_left) for p in piles]
            if any(len(p) > rules.goal_size for p in state._goals[seat]):
                raise InvalidPositionError(
                    _("a goal pile holds at most {n} cards").format(n=rules.goal_size)
                )
            state._hands[seat] = sorted(take(hands[seat], left))
            if len(state._hands[seat]) > rules.hand_size:
                raise InvalidPositionError(
                    _("a hand holds at most {n} cards").format(n=rules.hand_size)
                )
        if not any(state._goals[current]):
            raise InvalidPositionError(_("the player to move has no goal card left"))
        if discards is not None and len(discards) > n:
            raise InvalidPositionError(_("give at most {n} seats' discard piles").format(n=n))
        for seat, piles_text in enumerate(discards or []):
            if len(piles_text) > rules.discard_piles:
                # The English says "piles" for any number (one pile too).
                count = rules.discard_piles
                raise InvalidPositionError(
                    ngettext(
                        "each seat has {n} discard piles", "each seat has {n} discard piles", count
                    ).format(n=count)
                )
            for d, text in enumerate(piles_text):
                state._discards[seat][d] = take(text, left)
        if len(stacks) > (rules.max_stacks or MAX_STACKS):
            raise InvalidPositionError(_("at most {n} centre stacks").format(n=rules.max_stacks))
        spare = goal_left if goal_left is not left else None
        for text in stacks:
            cards = take(text, left, spare)
            if not cards or len(cards) >= rules.top:
                raise InvalidPositionError(
                    _("a centre stack holds 1 card or more, short of the top")
                )
            for i, kind in enumerate(cards):
                if not state._fits(kind, i + 1):
                    raise InvalidPositionError(
                        _("{card} cannot stand {n}th on a stack").format(
                            card=self.token[kind], n=i + 1
                        )
                    )
            state._stacks.append(cards)
        state._centre = None
        state._heap = take(heap, left, spare)
        if len(state._heap) % rules.top:
            raise InvalidPositionError(
                _("the completed heap is whole stacks of {top}").format(top=rules.top)
            )
        if self.goal_pack is not None:
            state._goal_pool = goal_left  # goal-pack cards not dealt: out of play
        if stock is not None:
            drawn = take(stock, left)
            state._forced = list(drawn)
            state._stock = [0] * self.kinds
            for kind in drawn:
                state._stock[kind] += 1
            state._box = left
        else:
            state._stock = left
        state._stock_n = sum(state._stock)
        state._reset_piles()
        state._cur = current
        state._turn = 1
        state._phase = PLAY
        # The start the history replays from (see State._origin): draws are chance nodes.
        start = state._copy(draws=False)
        start._start = start
        state._start = start
        return state


def _french_rank(kind: int) -> int:
    """Spite and Malice rank of a kind of the French pack: ace 1 … king 13, joker 0."""
    if kind == JOKER:
        return 0
    r = kind % 13  # 0 is a two … 12 an ace
    return 1 if r == 12 else r + 2


class SpiteMaliceState(State):
    """A position in a match of Spite and Malice."""

    _stock_pile: list[int] | None  # the seeded draw's piles (see _pile)
    _goal_pile: list[int] | None

    def __init__(self, game: SpiteMaliceGame, rng: random.Random | None) -> None:
        self.game = game
        self.g = game
        self.rules = game.rules
        self._rng = rng
        n = game.n
        self._history: list[int] = []
        self._scores = [0] * n
        self._deal_no = 0
        self._dealer = 0  # the cut is won by seat 0: the first dealer
        self._finished: list[DealResult] = []
        self._winner: list[int] = []
        self._forced: list[int] = []  # kinds the next draws must give (hand-set positions)
        self._box = [0] * game.kinds  # cards out of play (hand-set positions only)
        self._start: SpiteMaliceState | None = None  # a hand-set position's start
        self._trace: list[tuple[int, str, list[int]]] | None = None  # see resample.py
        self._clear_deal()

    def _clear_deal(self) -> None:
        g = self.g
        n = g.n
        rules = self.rules
        self._stock = list(g.stock_pack)
        self._stock_n = sum(self._stock)
        self._goal_pool = list(g.goal_pack) if g.goal_pack is not None else None
        self._reset_piles()
        if self._rng is not None:  # the seeded draw's piles of the full packs (see _pile)
            self._stock_pile = list(g.stock_cards)
            if g.goal_pack is not None:
                self._goal_pile = list(g.goal_cards)
        self._goals: list[list[list[int]]] = [
            [[] for _ in range(rules.goal_piles)] for _ in range(n)
        ]
        self._hands: list[list[int]] = [[] for _ in range(n)]
        self._discards: list[list[list[int]]] = [
            [[] for _ in range(rules.discard_piles)] for _ in range(n)
        ]
        self._stacks: list[list[int]] = []
        self._centre: tuple[int, list[tuple[int, ...] | None]] | None = None  # see _centre_now
        self._heap: list[int] = []
        self._completed = 0
        self._recycled = 0
        self._queue: list[int] = []
        self._need = 0
        self._batch = 0  # cards drawn so far in the draw under way (for the log)
        self._phase = DEAL
        self._cur = 0
        self._turn = 0
        self._moved = 0
        self._passes = 0
        self._cover = -1
        self._legal: list[int] | None = None
        self._deal_start = len(self._history)
        self._cap_at = self._deal_start + g.deal_cap  # the history's length at the safety cap
        self._turn_log: list[str] = []  # this turn's moves, as tokens

    # ------------------------------------------------------------------ dealing and drawing

    def _goal_queue(self) -> list[int]:
        """The order goal cards are dealt in: one round per card, each pile, from the
        dealer's left."""
        queues = self.g.goal_queues
        queue = queues.get(self._dealer)
        if queue is None:
            rules = self.rules
            n = self.g.n
            queue = queues[self._dealer] = tuple(
                ((self._dealer + k) % n) * 4 + g
                for _ in range(rules.goal_size)
                for g in range(rules.goal_piles)
                for k in range(1, n + 1)
            )
        return list(queue)

    def _start_deal(self, *, clear: bool = True) -> None:
        rules = self.rules
        n = self.g.n
        if clear:  # (a state just made is clear)
            self._clear_deal()
        self._queue = self._goal_queue()
        if rules.deal_hands:
            for _round in range(rules.hand_size):
                for k in range(1, n + 1):
                    self._queue.append(((self._dealer + k) % n) * 4 + HAND_TARGET)
        self._phase = DEAL
        self._run_chance()

    def _pool(self) -> list[int]:
        """The counts chance draws from now: the goal pack while dealing goal piles from it."""
        if (
            self._phase == DEAL
            and self._goal_pool is not None
            and self._queue
            and self._queue[0] % 4 != HAND_TARGET
        ):
            return self._goal_pool
        return self._stock

    def _run_chance(self) -> None:
        """Resolve chance events with the seeded draw (or the forced cards) while any wait.

        Each card is recorded in the history as the chance action it stands for, so the
        history replays from the unseeded start (records keep the decisions only)."""
        history = self._history
        while True:
            phase = self._phase
            if phase == DRAW:
                if not self._stock_n and not self._refill():
                    self._end_deal(None, BLOCKED_STOCK)  # no stock can be made: blocked
                    return
                pool = self._stock
            elif phase == DEAL:
                pool = self._pool()
            else:
                return
            if self._forced:
                kind = self._forced.pop(0)
                history.append(CHANCE_BASE + kind)
                self._chance(kind)
                continue
            rng = self._rng
            if rng is None:
                return
            # The seeded draw: the card at ``rng.randrange(count of cards)`` in kind order
            # (see _pile), a run of cards at a time (what _place does, card by card).
            # ``randrange(n)`` is written out as random.Random computes it, from
            # getrandbits (the speed-path test holds the two to the same numbers).
            getrandbits = rng.getrandbits
            pile = self._stock_pile if pool is self._stock else self._goal_pile
            if pile is None:
                pile = self._pile(pool)
            left = len(pile)
            if phase == DRAW:
                # A turn's draw, until the hand is full or the stock is out (then the top
                # of the loop makes a new stock, or blocks the deal).
                hand = self._hands[self._cur]
                need = self._need
                drawn = need if need < left else left
                left = _draw_run(getrandbits, pile, left, drawn, history, pool, hand)
                self._stock_n = left
                self._batch += drawn
                self._need = need - drawn
                if need == drawn:
                    self._phase = PLAY
                    self._legal = None
                    return  # (the usual end: nothing else waits after a full draw)
                continue
            # The deal, while the cards come from the same pool (see _pool).
            queue = self._queue
            run = len(queue)
            if self._goal_pool is not None and self.rules.deal_hands:
                # The goal pack's cards go to goal piles, the stock's to hands (without
                # dealt hands, the queue holds goal piles only).
                to_hand = queue[0] % 4 == HAND_TARGET
                run = 1
                while run < len(queue) and (queue[run] % 4 == HAND_TARGET) == to_hand:
                    run += 1
            if run > left:
                raise AssertionError("too few cards to deal")  # pragma: no cover - rules check
            targets = queue[:run]
            del queue[:run]
            hands = self._hands
            goals = self._goals
            # The run's cards first, then each place takes its share (see _deal_plan).
            dealt: list[int] = []
            take = pile.pop
            for count in range(left, left - run, -1):
                bits = count.bit_length()
                index = getrandbits(bits)
                while index >= count:
                    index = getrandbits(bits)
                dealt.append(take(index))
            left -= run
            history += map(CHANCE_BASE.__add__, dealt)
            for kind in dealt:
                pool[kind] -= 1
            for seat, where, share in self.g.deal_plan(targets):
                if where == HAND_TARGET:
                    hands[seat] += dealt[share]
                else:
                    goals[seat][where] += dealt[share]
            for hand in hands:
                hand.sort()
            if pool is self._stock:
                self._stock_n = left
            if not queue:
                self._after_deal()

    def _reset_piles(self) -> None:
        """Forget the piles of the seeded draw: whenever a card goes back to the stock or
        the goal pool (any change but a card drawn from it, which keeps its pile in step)."""
        self._stock_pile = None
        self._goal_pile = None

    def _pile(self, pool: list[int]) -> list[int]:
        """The cards of ``pool`` (the stock or the goal pool) one by one in kind order, kept
        in step with its counts as cards are drawn. The seeded draw takes the card at
        ``randrange(len(pile))``: the kind that walking the counts in kind order gives for
        that pick, without the walk."""
        if pool is self._stock:
            pile = self._stock_pile
            if pile is None:
                pile = self._stock_pile = _cards(pool)
            return pile
        pile = self._goal_pile
        if pile is None:
            pile = self._goal_pile = _cards(pool)
        return pile

    def _refill(self) -> bool:
        """The stock is empty: make a new one from the completed heap, if there is one."""
        if not self._heap:
            return False
        if self._trace is not None:
            self._trace.append((len(self._history), "supply", list(self._heap)))
        for kind in self._heap:
            self._stock[kind] += 1
        self._stock_n += len(self._heap)
        self._stock_pile = None
        self._heap = []
        self._recycled += 1
        return True

    def _chance(self, kind: int) -> None:
        """A card of ``kind`` dealt or drawn (a chance action, or a forced card)."""
        # The pool is chosen by the card's destination, before it is taken off.
        pool = self._pool() if self._phase == DEAL else self._stock
        pile = self._stock_pile if pool is self._stock else self._goal_pile
        if pile is not None:
            del pile[bisect_left(pile, kind)]
        self._place(kind, pool)

    def _place(self, kind: int, pool: list[int]) -> None:
        """A card of ``kind`` taken from ``pool`` (its pile, if any, already in step) goes
        where the deal or the draw sends it."""
        pool[kind] -= 1
        if pool is self._stock:
            self._stock_n -= 1
        if self._phase == DEAL:
            target = self._queue.pop(0)
            seat, pile = divmod(target, 4)
            if pile == HAND_TARGET:
                self._hands[seat].append(kind)
                self._hands[seat].sort()
            else:
                self._goals[seat][pile].append(kind)
            if not self._queue:
                self._after_deal()
            return
        hand = self._hands[self._cur]
        hand.append(kind)
        hand.sort()
        self._batch += 1
        self._need -= 1
        if self._need == 0:
            self._phase = PLAY
            self._legal = None

    def _after_deal(self) -> None:
        """The goal tops are turned up; the first player is found and starts."""
        n = self.g.n
        first = self._dealer
        if self.rules.first is First.HIGHER_GOAL:
            tops = [max(self.g.rank[p[-1]] for p in self._goals[s]) for s in range(n)]
            best = max(tops)
            if tops.count(best) > 1:  # equal tops: the goal piles are dealt again
                if len(self._history) >= self._cap_at:
                    self._end_deal(None, BLOCKED_LIMIT)  # the safety cap (see deal_cap)
                    return
                pool = self._goal_pool if self._goal_pool is not None else self._stock
                if self._trace is not None:
                    self._trace.append((len(self._history), "reset", []))
                self._reset_piles()
                for seat in range(n):
                    for pile in self._goals[seat]:
                        for kind in pile:
                            pool[kind] += 1
                        if pool is self._stock:
                            self._stock_n += len(pile)
                        pile.clear()
                self._queue = self._goal_queue()
                return
            first = tops.index(best)
        self._start_turn(first)

    def _start_turn(self, seat: int) -> None:
        self._cur = seat
        self._turn += 1
        self._moved = 0
        self._cover = -1
        self._turn_log = []
        self._legal = None
        if self._turn > self.rules.turn_limit:
            self._end_deal(None, BLOCKED_TURNS)
            return
        # self._draw_up(…), inline.
        self._batch = 0
        need = self.rules.hand_size - len(self._hands[seat])
        if need <= 0:
            self._phase = PLAY
            return
        self._need = need
        self._phase = DRAW

    def _draw_up(self, need: int) -> None:
        self._batch = 0
        if need <= 0:
            self._phase = PLAY
            return
        self._need = need
        self._phase = DRAW
        self._legal = None

    # ------------------------------------------------------------------ the rules of a move

    def _fits(self, kind: int, rank: int) -> bool:
        """Whether a card of ``kind`` may stand for ``rank`` on a centre stack (cover aside)."""
        if self.g.wild[kind]:
            return rank not in self.g.forbidden
        return self.g.rank[kind] == rank

    def _sources(self) -> list[tuple[int, int]]:
        """(source, kind) of every card the player to move may play: one per rank in hand."""
        seat = self._cur
        out: list[tuple[int, int]] = []
        seen: set[int] = set()
        for kind in self._hands[seat]:
            sym = self.g.symbol[kind]
            if sym not in seen:
                seen.add(sym)
                out.append((HAND, kind))
        for g, pile in enumerate(self._goals[seat]):
            if pile:
                out.append((GOAL + g, pile[-1]))
        for d, pile in enumerate(self._discards[seat]):
            if pile:
                out.append((DISCARD + d, pile[-1]))
        return out

    def _legal_now(self) -> list[int]:
        phase = self._phase
        if phase != PLAY:
            if phase == OVER:
                return []
            return [CHANCE_BASE + k for k, c in enumerate(self._pool()) if c]
        g = self.g
        rules = self.rules
        if self._cover >= 0:
            rank = len(self._stacks[self._cover]) + 1
            return sorted(
                move_id(src, self._cover, g.symbol[kind])
                for src, kind in self._sources()
                if not g.wild[kind] and g.rank[kind] == rank
            )
        # Sets of symbols are bit sets (bit s for symbol s). The hand's: its cards of one
        # rank are one source and one discard; ``pairs`` (with pair discards), the ranks it
        # holds two of.
        seat = self._cur
        symbol_bit = g.symbol_bit
        hand = pairs = 0
        if rules.pair_discard:
            for kind in self._hands[seat]:
                bit = symbol_bit[kind]
                pairs |= hand & bit
                hand |= bit
        else:
            for kind in self._hands[seat]:
                hand |= symbol_bit[kind]
        # The symbols that may go to the centre, and where each goes: see _centre_now. The
        # stacks change only when a card goes to the centre, so this is kept until they do.
        centre = self._centre
        if centre is None:
            centre = self._centre = self._centre_now()
        wanted, ons = centre
        # Each source's symbol is checked against that set; only a card that fits is looked
        # at again, below. Most are not. ``fits`` holds them as ``src * N_SYMBOLS + sym``
        # (the id of the move onto stack 0: stack i is i * STRIDE more).
        fits: list[int] = []
        found = hand & wanted
        while found:
            low = found & -found
            found ^= low
            fits.append(low.bit_length() - 1)  # (HAND is 0)
        symbol = g.symbol
        # The discard tops' plays, and the discards. Without Frey's discard these depend only
        # on the hand's symbols (and pairs) and which piles hold cards: the list is kept on
        # the game under that key. With it, each pile takes the symbols its top allows
        # (a key of the tops would rarely come again): see _discard_moves for the order.
        piles = self._discards[seat]
        discards: Sequence[int] | None
        if not rules.discard_down:
            # Every top, goal piles first, in one pass (``top_base``: each one's source).
            top_base = g.top_base
            for i, pile in enumerate(self._goals[seat] + piles):
                if pile and wanted & symbol_bit[pile[-1]]:
                    fits.append(top_base[i] + symbol[pile[-1]])
            # (compress: the bits of the piles that hold cards.)
            key = hand | pairs << (N_SYMBOLS + 6) | sum(compress(PILE_BITS, piles))
            discards = g.discards.get(key)
            if discards is None:
                discards = self._discard_moves(key, hand, pairs)
        else:
            for i, pile in enumerate(self._goals[seat]):
                if pile and wanted >> symbol[pile[-1]] & 1:
                    fits.append((GOAL + i) * N_SYMBOLS + symbol[pile[-1]])
            singles: list[int] = []
            doubles: list[int] = []
            opened_empty = False
            goes_on = g.goes_on
            for d, pile in enumerate(piles):
                syms = hand
                if pile:
                    top = symbol[pile[-1]]
                    if wanted >> top & 1:
                        fits.append((DISCARD + d) * N_SYMBOLS + top)
                    syms &= goes_on[top]
                elif opened_empty:
                    continue
                else:
                    opened_empty = True
                if syms:  # (often not: a top takes two ranks and the wilds)
                    singles += LOW_ROWS[d][syms & 255]
                    if syms > 255:
                        singles += HIGH_ROWS[d][syms >> 8]
                    if syms & pairs:
                        doubles += LOW_ROWS[6 + d][syms & pairs & 255]
                        doubles += HIGH_ROWS[6 + d][(syms & pairs) >> 8]
            discards = singles + doubles
        # The centre moves of the cards that fit, onto each destination their symbol has.
        moves: list[int] = []
        view = -1  # (cover-wild: what is in view, once a wild needs it)
        forcing = False
        for base in fits:
            offsets = ons[base % N_SYMBOLS]
            if offsets is None:  # a wild that must be covered: it depends on its source
                if view < 0:
                    view = self._cover_view(hand)
                offsets = self._wild_to(base // N_SYMBOLS, view)
            elif base % N_SYMBOLS < 2 and (base >= N_SYMBOLS or rules.compulsory_from_hand):
                forcing = True  # an ace or a two, from a top or (if the rules say) the hand
            for offset in offsets:
                moves.append(base + offset)
        if moves:
            if forcing and rules.compulsory_aces_twos:
                # An ace or a two that may go to the centre must (from the hand only if
                # the rules say so).
                from_hand = rules.compulsory_from_hand
                forced = [
                    action
                    for action in moves
                    if action % N_SYMBOLS < 2 and (from_hand or action // N_SYMBOLS % N_SOURCES)
                ]
                if forced:
                    forced.sort()
                    return forced
            # Every centre move comes before every discard (its destination is lower),
            # and a pass after both: sorted by parts.
            moves.sort()
        moves += discards
        if rules.may_pass:
            moves.append(PASS)
        return moves

    def _centre_now(self) -> tuple[int, list[tuple[int, ...] | None]]:
        """What the centre stacks take: the bit set of the symbols that may go there (the
        wilds, a natural card whose rank a stack takes next, an ace while a stack may
        start), and by symbol where a card of it goes, as ``dest * STRIDE`` (add the id of
        its move onto stack 0): a natural card of symbol s onto every stack of s cards (its
        rank is s + 1), an ace to a new stack too; a wild as :meth:`_wild_to` says (None
        under cover-wild, where that depends on the card's source). Kept as ``_centre``
        until the stacks change."""
        g = self.g
        dests: list[tuple[int, ...]] = [()] * N_SYMBOLS
        wanted = g.wild_symbols
        offset = 0
        for stack in self._stacks:
            height = len(stack)
            dests[height] += (offset,)
            wanted |= 1 << height
            offset += STRIDE
        if offset < g.max_stacks * STRIDE:  # a stack may start
            dests[0] += (NEW * STRIDE,)
            wanted |= 1
        ons = cast("list[tuple[int, ...] | None]", dests)
        wild = None if self.rules.cover_wild else self._wild_to(HAND, 0)
        for sym in g.wild_list:
            ons[sym] = wild
        return wanted, ons

    def _wild_to(self, src: int, view: int) -> tuple[int, ...]:
        """Where a wild card from ``src`` may go, as ``dest * STRIDE`` (add the id of its move
        onto stack 0): onto every stack whose next rank it may stand for, or to a new stack as
        an ace. Cover-wild lets it go only with a natural card of the rank above in view to
        cover it: ``view`` is :meth:`_cover_view`'s, of any source (a wild from a goal or
        discard top takes no natural card out of view, one from a discard pile brings the
        card under it into view)."""
        g = self.g
        stacks = self._stacks
        allowed = g.wild_ranks
        if self.rules.cover_wild:
            if src >= DISCARD:
                pile = self._discards[self._cur][src - DISCARD]
                if len(pile) > 1:
                    view |= g.symbol_bit[pile[-2]] & ~g.wild_symbols
            # Symbol s is rank s + 1: a natural symbol r in view covers a wild standing for r.
            allowed &= view | g.above_top
        out: tuple[int, ...] = ()
        offset = 0
        for stack in stacks:
            if allowed >> (len(stack) + 1) & 1:
                out += (offset,)
            offset += STRIDE
        if allowed & 2 and len(stacks) < g.max_stacks:
            out += (NEW * STRIDE,)
        return out

    def _cover_view(self, hand: int) -> int:
        """Cover-wild: the symbols of the natural cards in view of the player to move, who
        holds the symbols ``hand``: the hand's, the goal tops', the discard tops' (a goal
        pile's next card is hidden, so it does not count)."""
        g = self.g
        bit = g.symbol_bit
        seat = self._cur
        view = hand
        for pile in self._goals[seat] + self._discards[seat]:
            if pile:
                view |= bit[pile[-1]]
        return view & ~g.wild_symbols

    def _discard_moves(self, key: int, hand: int, pairs: int) -> list[int]:
        """The discards of the player to move without Frey's discard, in increasing order,
        kept on the game under ``key`` (see :meth:`_legal_now`; the list is only ever read):
        the hand holds the symbols ``hand``, two cards or more of ``pairs``. Onto every pile
        that holds cards and the first empty one, by symbol, pile by pile; then the pairs
        likewise (a pair's destination is above every single discard's)."""
        low, high = hand & 255, hand >> 8
        opened = self.g.open_piles[key >> N_SYMBOLS & 63]
        moves: list[int] = []
        for d in opened:
            moves += LOW_ROWS[d][low]
            moves += HIGH_ROWS[d][high]
        if pairs:
            low, high = pairs & 255, pairs >> 8
            for d in opened:
                moves += LOW_ROWS[6 + d][low]
                moves += HIGH_ROWS[6 + d][high]
        cache = self.g.discards
        if len(cache) >= DISCARD_CACHE:
            cache.clear()
        cache[key] = moves
        return moves

    # ------------------------------------------------------------------ applying moves

    def legal_actions(self) -> list[int]:
        """Legal actions in increasing order (at a chance node, the kinds that may come)."""
        if self._legal is None:
            self._legal = self._legal_now()
        return list(self._legal)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """At a chance node, each kind of card left in the pool, as likely as its count."""
        if self._phase not in (DEAL, DRAW):
            return []
        pool = self._pool()
        total = sum(pool)
        return [(CHANCE_BASE + k, c / total) for k, c in enumerate(pool) if c]

    def apply_action(self, action: int) -> None:
        """Apply one action; raises IllegalActionError and changes nothing if it is illegal."""
        if type(action) is not int:
            raise not_an_action(action)
        phase = self._phase
        if phase == PLAY:
            legal = self._legal
            if legal is None:
                legal = self._legal = self._legal_now()
            if action in legal:
                self._apply(action)
                return
        elif phase != OVER:  # dealing or drawing: any kind left in the pool (no list made)
            kind = action - CHANCE_BASE
            if 0 <= kind < self.g.kinds and self._pool()[kind]:
                self._apply(action)
                return
        raise IllegalActionError(self._why_illegal(action, self._legal_now()))

    def _apply(self, action: int) -> None:
        """Apply a legal action (the caller has checked it)."""
        self._legal = None
        history = self._history
        history.append(action)
        if self._phase < PLAY:
            self._chance(action - CHANCE_BASE)
        else:
            g = self.g
            if action < FIRST_DISCARD:
                self._log_move(action)
                rest, symbol = divmod(action, N_SYMBOLS)
                dest, src = divmod(rest, N_SOURCES)
                self._move(src, dest, symbol)
            elif action == PASS and not self._moved and self._passes + 1 >= g.n:
                self._log_move(action)
                self._end_turn(passed=True)  # every player passed in turn: the deal is blocked
            else:
                # A discard (from the hand) or a pass, which ends the turn: most actions of a
                # game are one, so _move, _end_turn, _start_turn and the next player's seeded
                # draw are written out here (the general path stays for the rare cases).
                seat = self._cur
                if action == PASS:
                    self._passes = 0 if self._moved else self._passes + 1
                else:
                    symbol = action % N_SYMBOLS
                    dest = action // STRIDE
                    pile = self._discards[seat][(dest - TO_DISCARD) % 6]
                    hand = self._hands[seat]
                    # self._take(HAND, symbol), inline: the hand's first card of the symbol
                    # (it is in kind order), found by the symbol's few kinds in turn.
                    for kind in g.same_symbol[symbol]:
                        if kind in hand:
                            hand.remove(kind)
                            pile.append(kind)
                            break
                    else:  # pragma: no cover - legal checked
                        raise AssertionError("no such card in hand")
                    if dest >= TO_PAIR:
                        pile.append(self._take(HAND, symbol))
                    self._passes = 0
                seat += 1
                if seat == g.n:
                    seat = 0
                rules = self.rules
                turn = self._turn + 1
                hand = self._hands[seat]
                need = rules.hand_size - len(hand)
                cards = self._stock_pile
                rng = self._rng
                if (
                    turn > rules.turn_limit
                    or need <= 0
                    or cards is None
                    or rng is None
                    or need > len(cards)
                    or self._forced
                ):
                    # The token is logged only where the turn's log outlives it: the next
                    # turn starts a new one (here, unless the deal ends).
                    self._log_move(action)
                    if action != PASS:
                        self._moved += 1  # (as _move counts it: kept if the deal ends here)
                    self._start_turn(seat)  # the deal ends, no draw, a new pile or a short one
                else:
                    # _start_turn and _run_chance's draw, inline: the same cards, the same
                    # history, the phase left at PLAY (the draw is over before anyone sees).
                    self._cur = seat
                    self._turn = turn
                    self._moved = 0
                    self._cover = -1
                    self._turn_log = []
                    self._batch = need
                    stock = self._stock
                    getrandbits = rng.getrandbits
                    left = len(cards)
                    if need == 1:  # the usual draw: a card for the one discarded
                        bits = left.bit_length()
                        index = getrandbits(bits)
                        while index >= left:
                            index = getrandbits(bits)
                        kind = cards.pop(index)
                        history.append(CHANCE_BASE + kind)
                        stock[kind] -= 1
                        insort(hand, kind)
                        left -= 1
                    else:
                        left = _draw_run(getrandbits, cards, left, need, history, stock, hand)
                    self._stock_n = left
                    if len(history) >= self._cap_at:
                        self._end_deal(None, BLOCKED_LIMIT)  # the safety cap (see deal_cap)
                    return
        if self._phase < PLAY:
            self._run_chance()
        if len(history) >= self._cap_at and self._phase != OVER:
            self._end_deal(None, BLOCKED_LIMIT)  # the safety cap (see deal_cap)
        self._legal = None

    def _log_move(self, action: int) -> None:
        """Add a move's token to this turn's log."""
        tokens = self.g.tokens
        token = tokens.get(action)
        if token is None:
            token = self._action_token(action)
            if action >= FIXED_TOKENS or not self.g.symbol_wild[action % N_SYMBOLS]:
                tokens[action] = token  # a wild onto a stack names the rank it stands for
        self._turn_log.append(token)

    def _take(self, src: int, symbol: int) -> int:
        seat = self._cur
        if src == HAND:
            hand = self._hands[seat]
            symbols = self.g.symbol
            for i, kind in enumerate(hand):
                if symbols[kind] == symbol:
                    return hand.pop(i)
            raise AssertionError("no such card in hand")  # pragma: no cover - legal checked
        if src < DISCARD:
            return self._goals[seat][src - GOAL].pop()
        return self._discards[seat][src - DISCARD].pop()

    def _move(self, src: int, dest: int, symbol: int) -> None:
        seat = self._cur
        rules = self.rules
        kind = self._take(src, symbol)
        self._moved += 1
        if dest >= TO_DISCARD:
            pile = self._discards[seat][(dest - TO_DISCARD) % 6]
            pile.append(kind)
            if dest >= TO_PAIR:
                pile.append(self._take(HAND, symbol))
            self._end_turn(passed=False)
            return
        self._centre = None  # the stacks change
        if dest == NEW:
            self._stacks.append([kind])
            index = len(self._stacks) - 1
        else:
            index = dest
            self._stacks[index].append(kind)
        stack = self._stacks[index]
        covering = self._cover >= 0
        self._cover = -1
        if len(stack) == rules.top:
            del self._stacks[index]
            self._completed += 1
            if rules.recycle is Recycle.IMMEDIATE:
                if self._trace is not None:
                    self._trace.append((len(self._history), "supply", list(stack)))
                for card in stack:
                    self._stock[card] += 1
                self._stock_n += len(stack)
                self._stock_pile = None
            else:
                self._heap.extend(stack)
        elif self.g.wild[kind] and rules.cover_wild and not covering:
            self._cover = index
        if src != HAND and src < DISCARD and not any(self._goals[seat]):
            self._end_deal(seat)  # the last goal card: the deal is won, no discard
            return
        if not self._hands[seat]:
            self._draw_up(rules.hand_size)  # the hand played out: five more

    def _end_turn(self, *, passed: bool) -> None:
        self._passes = self._passes + 1 if passed else 0
        if self._passes >= self.g.n:
            self._end_deal(None, BLOCKED_PASSES)  # every player passed in turn: blocked
            return
        self._start_turn((self._cur + 1) % self.g.n)

    # ------------------------------------------------------------------ the end of a deal

    def goal_counts(self) -> list[int]:
        """Cards left in each seat's goal piles."""
        return [sum(len(p) for p in piles) for piles in self._goals]

    def _end_deal(self, winner: int | None, blocked: str = "") -> None:
        """Score the deal (won by ``winner``, or blocked for the reason ``blocked``) and
        start the next one, or end the match."""
        result = deal_result(self.rules, self._deal_no + 1, self.goal_counts(), winner, blocked)
        for seat, pts in enumerate(result.scores):
            self._scores[seat] += int(pts)
        self._finished.append(result)
        self._legal = None
        rules = self.rules
        played = self._deal_no + 1
        if rules.deals:
            over = played >= rules.deals
        else:
            over = max(self._scores) >= rules.target
        if over or played >= rules.deal_limit:
            self._phase = OVER
            best = max(self._scores)
            self._winner = [s for s in range(self.g.n) if self._scores[s] == best]
            return
        self._deal_no += 1
        self._dealer = (self._dealer + 1) % self.g.n
        self._start_deal()

    # ------------------------------------------------------------------ protocol

    def current_player(self) -> int:
        """The seat to act, CHANCE while cards are dealt or drawn, TERMINAL at the end."""
        phase = self._phase
        if phase == PLAY:
            return self._cur
        return TERMINAL if phase == OVER else CHANCE

    def is_chance_node(self) -> bool:
        """True while a card is dealt or drawn (see :meth:`chance_outcomes`)."""
        return self._phase < PLAY

    def is_terminal(self) -> bool:
        """True once the match is over."""
        return self._phase == OVER

    def _why_illegal(self, action: int, legal: list[int]) -> str:
        """Why ``action`` is refused here, in the language in force (only when it is)."""
        if self._phase == OVER:
            return _("action {action} after the end of the game").format(action=action)
        shown = ", ".join(self._action_token(a) for a in legal[:60])
        try:
            what = self.action_to_string(action)
        except IllegalActionError:
            return _("{action} is not a Spite and Malice action; legal: {shown}").format(
                action=action, shown=shown
            )
        if self._cover >= 0:
            return _(
                "{what}: the wild on stack {stack} must be covered first; legal: {shown}"
            ).format(what=what, stack=self._cover + 1, shown=shown)
        return _("{what} is not legal now; legal: {shown}").format(what=what, shown=shown)

    def _action_token(self, action: int) -> str:
        """A move's token (``7:goal>stack2``, ``K=7:hand>stack1``), ``pass``, or a card."""
        g = self.g
        rules = self.rules
        if action >= CHANCE_BASE:
            kind = action - CHANCE_BASE
            if not 0 <= kind < g.kinds or not g.total[kind]:
                raise IllegalActionError(
                    _("{action} is no card of this game").format(action=action)
                )
            return g.token[kind]
        if action == PASS:
            if not rules.may_pass:
                raise IllegalActionError(_("this game has no pass"))
            return "pass"
        src, dest, symbol = split_move(action)
        if symbol not in g.symbols:
            raise IllegalActionError(_("{action} names no card of this game").format(action=action))
        if src == HAND:
            where = "hand"
        elif src < DISCARD:
            if src - GOAL >= rules.goal_piles:
                # Only a game of one goal pile gets here.
                raise IllegalActionError(
                    _("{action}: this game has {n} goal pile").format(
                        action=action, n=rules.goal_piles
                    )
                )
            where = "goal" if rules.goal_piles == 1 else f"goal{src - GOAL + 1}"
        else:
            if src - DISCARD >= rules.discard_piles:
                raise IllegalActionError(_("{action}: no such discard pile").format(action=action))
            where = f"discard{src - DISCARD + 1}"
        card = g.symbol_text(symbol)
        if dest >= TO_DISCARD:
            pile = (dest - TO_DISCARD) % 6
            pair = dest >= TO_PAIR
            if src != HAND or pile >= rules.discard_piles or (pair and not rules.pair_discard):
                raise IllegalActionError(
                    _("{action} is no discard of this game").format(action=action)
                )
            if pair:
                return f"{card}+{card}:{where}>discard{pile + 1}"
            return f"{card}:{where}>discard{pile + 1}"
        if dest != NEW and dest >= (rules.max_stacks or MAX_STACKS):
            raise IllegalActionError(
                _("{action}: this game has no stack {stack}").format(action=action, stack=dest + 1)
            )
        wild = symbol == JOKER_SYMBOL or (
            symbol == 12 and rules.kings_wild and rules.deck is Deck.FRENCH
        )
        if dest == NEW:
            return f"{card}=A:{where}>stack" if wild else f"{card}:{where}>stack"
        if wild and dest < len(self._stacks):
            card += "=" + g.rank_text(len(self._stacks[dest]) + 1)
        return f"{card}:{where}>stack{dest + 1}"

    def _parse_action(self, text: str) -> int | None:
        """A token in any case and spacing; a wild's ``=rank`` may be left out, ``10`` may
        stand for ``T``."""
        key = "".join(text.split()).upper()
        if key == "PASS":
            return PASS
        if ":" not in key:
            try:
                return CHANCE_BASE + self.g.kind_of(key)
            except InvalidOptionError:
                raise IllegalActionError(
                    _("{text!r} is neither a move nor a card").format(text=text)
                ) from None
        what, _colon, route = key.partition(":")
        source, _arrow, target = route.partition(">")
        card, _equals, stands = what.partition("=")
        first, plus, second = card.partition("+")
        symbol = self._symbol(first)
        if plus and self._symbol(second) != symbol:
            raise IllegalActionError(
                _("{text!r}: a pair is two cards of one rank").format(text=text)
            )
        src: int | None
        dest: int | None
        if source == "HAND":
            src = HAND
        elif source == "GOAL":
            src = GOAL
        else:
            src = _numbered(source, "GOAL", 2, GOAL)
            if src is None:
                src = _numbered(source, "DISCARD", 6, DISCARD)
        if src is None:
            raise IllegalActionError(
                _("{text!r}: a card comes from hand, goal or discardN").format(text=text)
            )
        if target == "STACK":
            dest = NEW
        else:
            dest = _numbered(target, "STACK", MAX_STACKS, 0)
            if dest is None:
                dest = _numbered(target, "DISCARD", 6, TO_PAIR if plus else TO_DISCARD)
        if dest is None or (plus and dest < TO_DISCARD):
            raise IllegalActionError(
                _("{text!r}: a card goes to stack, stackN or discardN").format(text=text)
            )
        if stands:
            if dest == NEW:
                needed = 1
            elif dest < len(self._stacks):
                needed = len(self._stacks[dest]) + 1
            else:
                needed = 0
            if self._symbol(stands) != needed - 1:
                raise IllegalActionError(
                    _("{text!r}: the wild would not stand for {rank} there").format(
                        text=text, rank=stands
                    )
                )
        return move_id(src, dest, symbol)

    def _symbol(self, text: str) -> int:
        """The symbol a token's rank names (``7``, ``T`` or ``10``, ``X``; Starturn ``12``)."""
        if self.rules.deck is Deck.STARTURN:
            if text.isdigit() and 1 <= int(text) <= 15:
                return int(text) - 1
        elif text == "X":
            return JOKER_SYMBOL
        elif text == "10":
            return SYMBOLS.index("T")
        elif len(text) == 1 and text in SYMBOLS:
            return SYMBOLS.index(text)
        raise IllegalActionError(_("{text!r} is not a rank of this game").format(text=text))

    def returns(self) -> list[float]:
        """One deal (deals=1): each seat's points. A match: 1 to the winner (ties split)."""
        if self._phase != OVER:
            return [0.0] * self.g.n
        if self.rules.deals == 1:
            return [float(p) for p in self._scores]
        share = 1.0 / len(self._winner)
        return [share if s in self._winner else 0.0 for s in range(self.g.n)]

    def scores(self) -> list[float]:
        """Each seat's points so far."""
        return [float(s) for s in self._scores]

    def history(self) -> list[int]:
        """Every action applied, every card dealt or drawn included (a seeded draw too)."""
        return list(self._history)

    def progress(self) -> tuple[int, str, int]:
        """(deal number, ``deal`` or ``play``, turn number within the deal)."""
        phase = self._phase
        if phase == OVER:
            return (self._deal_no + 1, "over", 0)
        if phase == DEAL:
            return (self._deal_no + 1, "deal", 0)
        return (self._deal_no + 1, "play", self._turn)

    @property
    def phase(self) -> str:
        """``deal``, ``draw``, ``play`` or ``over``."""
        return PHASE_NAMES[self._phase]

    def card_counts(self) -> list[int]:
        """How many cards of each kind are where, summed over every place: the stock, the
        completed heap, the hands, the goal, discard and centre piles (and cards put out of
        play by a hand-set position, or goal-pack cards not dealt). Always the packs'
        contents."""
        counts = [a + b for a, b in zip(self._stock, self._box, strict=True)]
        if self._goal_pool is not None:
            counts = [a + b for a, b in zip(counts, self._goal_pool, strict=True)]
        places: list[int] = list(self._heap)
        for stack in self._stacks:
            places += stack
        for seat in range(self.g.n):
            places += self._hands[seat]
            for pile in self._goals[seat]:
                places += pile
            for pile in self._discards[seat]:
                places += pile
        for kind, count in Counter(places).items():
            counts[kind] += count
        return counts

    def clone(self) -> SpiteMaliceState:
        """An independent copy (the seeded draw too)."""
        return self._copy(draws=True)

    def lookahead(self) -> SpiteMaliceState:
        """A copy for a player's own look-ahead: its draws are chance nodes, so moves that
        reveal nothing can be tried on it and a draw shows no card."""
        return self._copy(draws=False)

    def _copy(self, *, draws: bool) -> SpiteMaliceState:
        new = SpiteMaliceState.__new__(SpiteMaliceState)
        new.__dict__.update(self.__dict__)
        new._history = list(self._history)
        new._scores = list(self._scores)
        new._finished = list(self._finished)
        new._winner = list(self._winner)
        new._forced = list(self._forced)
        new._box = list(self._box)
        new._stock = list(self._stock)
        new._goal_pool = list(self._goal_pool) if self._goal_pool is not None else None
        new._goals = [[list(p) for p in piles] for piles in self._goals]
        new._hands = [list(h) for h in self._hands]
        new._discards = [[list(p) for p in piles] for piles in self._discards]
        new._stacks = [list(s) for s in self._stacks]
        new._heap = list(self._heap)
        new._queue = list(self._queue)
        new._turn_log = list(self._turn_log)
        new._legal = list(self._legal) if self._legal is not None else None
        new._trace = None
        if not draws:
            new._rng = None
            new._forced = []
            new._reset_piles()
            return new
        if self._stock_pile is not None:
            new._stock_pile = list(self._stock_pile)
        if self._goal_pile is not None:
            new._goal_pile = list(self._goal_pile)
        if self._rng is not None:
            # Not random.Random(): seeding from the system is slow, and search clones often.
            rng = random.Random.__new__(random.Random)
            rng.setstate(self._rng.getstate())
            new._rng = rng
        return new

    # ------------------------------------------------------------------ the contract's hooks

    def _observe(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (see :mod:`hoyle.games.spite_malice.observe`)."""
        from hoyle.games.spite_malice.observe import observe

        return observe(self, seat)

    def _results(self) -> Sequence[DealResult]:
        return self._finished

    def _facts(self, seat: int | None) -> list[Fact]:
        """What ``seat`` needs at a glance (see :mod:`hoyle.games.spite_malice.facts`)."""
        from hoyle.games.spite_malice.facts import facts

        return facts(self, seat)

    def _narrate(self, before: State, action: int, after: State) -> list[Event]:
        from hoyle.games.spite_malice.narrate import narrate

        assert isinstance(before, SpiteMaliceState) and isinstance(after, SpiteMaliceState)
        return narrate(before, action, after)

    def _resample(self, seat: int, rng: random.Random) -> SpiteMaliceState:
        """A state ``seat`` cannot tell from this one (see :mod:`.resample`)."""
        from hoyle.games.spite_malice.resample import resample

        return resample(self, seat, rng)

    def _origin(self) -> SpiteMaliceState:
        """The unseeded start of the match, or a hand-set position's own start."""
        if self._start is not None:
            return self._start._copy(draws=False)
        return self.g.new_initial_state()

    def _deal_origin(self) -> SpiteMaliceState:
        """The start of the deal in progress (or the last one, once over), unseeded: the
        match's origin for the first deal, else a fresh deal with the match's past."""
        if self._deal_no == 0:
            return self._origin()
        new = SpiteMaliceState(self.g, None)
        new._finished = self._finished[: self._deal_no]
        new._scores = [0] * self.g.n
        for result in new._finished:
            for seat, pts in enumerate(result.scores):
                new._scores[seat] += int(pts)
        new._deal_no = self._deal_no
        new._dealer = self._dealer
        new._start = self._start
        new._history = self._history[: self._deal_start]
        new._start_deal()
        return new

    def _dealer_seat(self) -> int | None:
        return self._dealer


def _bits(mask: int) -> list[int]:
    """The set bits of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _open_piles(mask: int, piles: int) -> tuple[int, ...]:
    """The discard piles (of ``piles``) open to a discard when those of the bit set
    ``mask`` hold cards: those, and the first empty one."""
    empty = [d for d in range(piles) if not mask >> d & 1]
    return tuple(d for d in range(piles) if mask >> d & 1 or empty[:1] == [d])


def _cards(counts: list[int]) -> list[int]:
    """Each card of a count per kind, one by one in kind order."""
    return list(chain.from_iterable(map(repeat, range(len(counts)), counts)))


def _numbered(text: str, word: str, most: int, base: int) -> int | None:
    """``base + N - 1`` for ``wordN`` with 1 ≤ N ≤ ``most`` (``stack3``, ``discard2``)."""
    number = text[len(word) :]
    if text.startswith(word) and number.isdigit() and 1 <= int(number) <= most:
        return base + int(number) - 1
    return None


def _draw_run(
    getrandbits: Callable[[int], int],
    pile: list[int],
    left: int,
    count: int,
    history: list[int],
    pool: list[int],
    hand: list[int],
) -> int:
    """Draw ``count`` cards of the seeded ``pile`` (``left`` cards long) into ``hand`` (kept
    sorted), each at ``randrange(left)`` written out as :class:`random.Random` computes it,
    recorded in ``history`` and taken from ``pool``'s counts; the cards left in the pile."""
    for _drawn in range(count):
        bits = left.bit_length()
        index = getrandbits(bits)
        while index >= left:
            index = getrandbits(bits)
        kind = pile.pop(index)
        left -= 1
        history.append(CHANCE_BASE + kind)
        pool[kind] -= 1
        hand.append(kind)
    hand.sort()
    return left
