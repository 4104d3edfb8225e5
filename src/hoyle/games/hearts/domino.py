"""Hearts with a stock (``hand_size``; the ``domino`` preset, Domino Hearts after Foster 1909).

Each player is dealt ``hand_size`` cards and the rest of the pack lies face down as a stock. A
player who cannot follow suit draws from it one card at a time until able to follow, then
follows; once the stock is empty, such a player discards freely. A player whose hand runs out
drops out of the deal; a trick's winner without cards hands the lead to the next player on the
left who still holds some. When at most one player holds cards, the last one adds their hand
and whatever is left of the stock to their tricks, and the deal is scored.

Decisions where the rules are silent ([project], shared/RULINGS.md 1.1 domino):

- A player out of cards is out for the rest of the deal, even while the stock still has cards:
  drawing happens only when a player holding cards cannot follow.
- If every player runs out in the same trick while the stock is not empty, the winner of that
  trick takes the stock, so that every heart of the deal is scored.
- The card that ends a drawing run is the only card of the led suit in the hand, so it is the
  one legal play; the player still plays it as an action of its own.

Draws are chance events. A state dealt from a seed draws the stock in the order its shuffle
left it, writing each card to the history as the chance action it stands for; an unseeded one
stops at a chance node (phase ``draw``) for each card. Everything here lives in
:class:`DominoState`, a subclass the game selects when ``hand_size`` is set, so the plain
game's hot path has no stock checks.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from hoyle.core.errors import IllegalActionError, InvalidPositionError
from hoyle.core.protocol import CHANCE
from hoyle.games.hearts.state import (
    _CHANCE_PAIRS,
    DEAL,
    DRAW,
    HEARTS,
    PLAY,
    SUIT_MASK,
    TOKENS,
    HeartsState,
    mask_to_list,
    position_cards,
)
from hoyle.i18n import N_, _

if TYPE_CHECKING:
    from hoyle.games.hearts.state import HeartsGame

__all__ = ["DominoState"]


class DominoState(HeartsState):
    """A position in a Hearts match played with a stock (see the module docs)."""

    __slots__ = (
        "_draws",
        "_last_seats",
        "_order",
        "_remainder",
        "_seats",
        "_stock",
        "_trick_seats",
    )

    def __init__(self, game: HeartsGame, rng: random.Random | None) -> None:
        # Kept from one deal to the next (the base constructor starts the first deal).
        self._remainder: tuple[int, int, int] | None = None
        self._last_seats: tuple[int, ...] = ()
        super().__init__(game, rng)

    # ----------------------------------------------------------------- deal set-up

    def _start_deal(self, hands: list[int] | None = None) -> None:
        self._stock = 0
        self._order: list[int] | None = None
        self._draws: list[tuple[int, int, int]] = []
        self._seats: list[int] = []
        self._trick_seats: list[tuple[int, ...]] = []
        super()._start_deal(hands)

    def _after_deal(self) -> None:
        # What was not dealt is the stock. A seeded match fixes its order now, from the same
        # shuffler, so the draws need no chance nodes and the seed alone replays them.
        self._stock, self._undealt = self._undealt, 0
        if self._rng is not None:
            order = mask_to_list(self._stock)
            self._rng.shuffle(order)
            self._order = order
        super()._after_deal()

    def set_stock_order(self, cards: str | Iterable[str]) -> None:
        """Stack the stock: it will be drawn in this order (tokens, the first drawn first).

        For scenario tests and hand-set problems, after :meth:`HeartsGame.deal_state`. The
        tokens must name exactly the cards now in the stock. The draws then happen by
        themselves, and are still written to the history as the chance actions they stand
        for, so the history replays the same deal.
        """
        if self._phase == DRAW:
            raise InvalidPositionError(_("the stock is being drawn from: stack it before that"))
        order = [c.index for c in position_cards(N_("the stock order"), cards)]
        stock = 0
        for c in order:
            stock |= 1 << c
        if len(order) != self._stock.bit_count() or stock != self._stock:
            have = " ".join(TOKENS[c] for c in mask_to_list(self._stock))
            raise InvalidPositionError(
                _("the stock order must list the stock's cards: {cards}").format(cards=have)
            )
        self._order = order[::-1]  # drawn from the end

    # ----------------------------------------------------------------- play

    def _play(self, card: int) -> None:
        g = self.g
        bit = 1 << card
        cur = self._cur
        hands = self._hands
        hands[cur] ^= bit
        trick = self._trick
        values = self._values
        if not trick:
            # Whoever holds cards at the lead plays to this trick, once each, from the leader.
            n = g.n
            self._seats = [s for s in ((cur + i) % n for i in range(n)) if hands[s] or s == cur]
            self._lead_suit = card // 13
            self._win_card = card
            self._win_pos = 0
            self._trick_pts = values[card]
        else:
            if card // 13 == self._lead_suit and card > self._win_card:
                self._win_card = card
                self._win_pos = len(trick)
            self._trick_pts += values[card]
        trick.append(card)
        if not self._broken and (bit & HEARTS or (card == 49 and g.queen_breaks)):
            self._broken = True
        seats = self._seats
        if len(trick) < len(seats):
            self._to_follow(seats[len(trick)])
            return
        winner = seats[self._win_pos]
        self._tricks.append((self._leader, tuple(trick), winner))
        self._trick_seats.append(tuple(seats))
        for c in trick:
            self._taken[winner] |= 1 << c
        self._ntricks[winner] += 1
        self._points[winner] += self._trick_pts
        self._trick = []
        holders = [s for s in range(g.n) if hands[s]]
        if len(holders) < 2:
            # [project] Everyone out in the same trick: its winner takes what the stock holds.
            self._end_with(holders[0] if holders else winner)
            return
        leader = winner
        while not hands[leader]:  # out of cards: the next player on the left who has some
            leader = leader + 1 if leader + 1 < g.n else 0
        self._cur = self._leader = leader

    def _to_follow(self, seat: int) -> None:
        """Give ``seat`` the turn to follow; if it cannot and the stock has cards, it draws."""
        self._cur = seat
        if not self._stock or self._hands[seat] & SUIT_MASK[self._lead_suit]:
            return
        self._phase = DRAW
        order = self._order
        if order is None:
            return  # each card comes at a chance node
        # A seeded or stacked stock draws by itself, each card recorded as the chance action
        # it stands for, so that the history replays from an unseeded start.
        while self._phase == DRAW:
            card = order.pop()
            self._history.append(card)
            self._draw(card)

    def _draw(self, card: int) -> None:
        """The player to follow draws ``card``; drawing ends with a card of the led suit or
        when the stock runs out."""
        bit = 1 << card
        seat = self._cur
        self._stock ^= bit
        self._hands[seat] |= bit
        self._draws.append((len(self._tricks), seat, card))
        if card // 13 == self._lead_suit or not self._stock:
            self._phase = PLAY

    def _end_with(self, taker: int) -> None:
        """RULINGS 1.1 domino: the last player holding cards adds their hand and the stock
        left to their tricks; then the deal is scored."""
        hand, stock = self._hands[taker], self._stock
        self._remainder = (taker, hand, stock)
        self._last_seats = self._trick_seats[-1]
        self._hands[taker] = 0
        self._stock = 0
        self._order = None
        rest = hand | stock
        self._taken[taker] |= rest
        self._points[taker] += sum(self._values[c] for c in mask_to_list(rest))
        self._end_of_play()

    # ----------------------------------------------------------------- protocol

    def apply_action(self, action: int) -> None:
        """Deal or draw a card at a chance node, or any action of the base game."""
        phase = self._phase
        if phase in (DEAL, DRAW) and type(action) is int:
            pool = self._undealt if phase == DEAL else self._stock
            if action < 0 or not pool >> action & 1:
                raise IllegalActionError(self._why_illegal(action))
            self._history.append(action)
            self._legal = None
            if phase == DRAW:
                self._draw(action)
            else:
                self._deal(action)
            return
        super().apply_action(action)

    def _deal(self, card: int) -> None:
        bit = 1 << card
        self._undealt ^= bit
        seat = self._cur
        self._hands[seat] |= bit
        self._cur = seat + 1 if seat + 1 < self.g.n else 0
        g = self.g
        if self._undealt.bit_count() == len(g.deck) - g.n * g.hand_size:
            self._after_deal()

    def current_player(self) -> int:
        """The seat to act; CHANCE while dealing or drawing; TERMINAL at the end."""
        return CHANCE if self._phase == DRAW else super().current_player()

    def is_chance_node(self) -> bool:
        """True while cards are dealt or drawn from the stock at chance nodes."""
        phase = self._phase
        return phase in (DEAL, DRAW)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each undealt card (dealing) or each stock card (drawing) with equal probability."""
        if self._phase != DRAW:
            return super().chance_outcomes()
        cards = mask_to_list(self._stock)
        pairs = _CHANCE_PAIRS[len(cards)]
        return [pairs[c] for c in cards]

    def _legal_mask(self) -> int:
        if self._phase == DRAW:
            return self._stock
        return super()._legal_mask()

    def progress(self) -> tuple[int, str, int]:
        """(deal number, phase, trick number): drawing happens inside a trick."""
        deal, phase, trick = super().progress()
        if self._phase == DRAW:
            trick = len(self._tricks) + 1
        return deal, phase, trick

    # ----------------------------------------------------------------- inspection

    def stock_mask(self) -> int:
        """The cards in the stock now, as a mask."""
        return self._stock

    def seats_in_trick(self) -> list[int]:
        """The seats that play to the trick in progress, in order from its leader."""
        return list(self._seats) if self._trick else []

    # ----------------------------------------------------------------- copies

    def clone(self) -> DominoState:
        """An independent copy."""
        new = super().clone()
        assert isinstance(new, DominoState)
        new._stock = self._stock
        new._order = None if self._order is None else self._order[:]
        new._draws = self._draws[:]
        new._seats = self._seats[:]
        new._trick_seats = self._trick_seats[:]
        new._remainder = self._remainder
        new._last_seats = self._last_seats
        return new

    def _observe(self, player: int | None) -> dict[str, Any]:
        """The base observation (:mod:`hoyle.games.hearts.observe`) with what a stock adds.

        Public: ``stock_size``; ``out`` (per seat, whether it has run out of cards this deal);
        ``drawing`` (the seat drawing now, at a chance node); ``draws`` (each drawing run this
        deal: trick number, seat, how many cards); ``seats`` in every trick (seats out of cards
        are skipped); ``remainder`` (the last finished deal's last holder with the hand and
        stock it took, which were counted in the open). Private: ``drawn``, the player's own
        runs with the cards in the order drawn.
        """
        from hoyle.games.hearts.observe import observe

        obs = observe(self, player)
        phase = self._phase
        playing = phase in (PLAY, DRAW)
        obs["leader"] = self._leader if playing else None
        # Seats that ran out are skipped, so a trick's cards are labelled by the seats played.
        obs["trick"] = [
            {"seat": s, "card": TOKENS[c]} for s, c in zip(self._seats, self._trick, strict=False)
        ]
        for shown, seats in zip(obs["tricks"], self._trick_seats, strict=True):
            shown["seats"] = list(seats)
        if obs["last_trick"] is not None:
            seats = self._trick_seats[-1] if self._tricks else self._last_seats
            obs["last_trick"]["seats"] = list(seats)
        obs["stock_size"] = self._stock.bit_count()
        obs["out"] = [playing and not hand for hand in self._hands]
        obs["drawing"] = self._cur if phase == DRAW else None
        runs: dict[tuple[int, int], list[int]] = {}
        for trick, seat, card in self._draws:
            runs.setdefault((trick, seat), []).append(card)
        obs["draws"] = [
            {"trick": trick + 1, "seat": seat, "count": len(cards)}
            for (trick, seat), cards in runs.items()
        ]
        if player is not None:
            obs["drawn"] = [
                {"trick": trick + 1, "cards": [TOKENS[c] for c in cards]}
                for (trick, seat), cards in runs.items()
                if seat == player
            ]
        remainder = self._remainder
        obs["remainder"] = (
            None
            if remainder is None
            else {
                "seat": remainder[0],
                "hand": [TOKENS[c] for c in mask_to_list(remainder[1])],
                "stock": [TOKENS[c] for c in mask_to_list(remainder[2])],
            }
        )
        return obs

    def _resample(self, seat: int, rng: random.Random) -> DominoState:
        """A state ``seat`` cannot tell from this one (see
        :mod:`hoyle.games.hearts.domino_resample`)."""
        from hoyle.games.hearts.domino_resample import resample

        return resample(self, seat, rng)
