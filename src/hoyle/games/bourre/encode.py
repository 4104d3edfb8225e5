"""Observation tensors for Bourré: one seat's view as a fixed-length float32 vector.

Bourré plays the 52-card pack (2 … A of each suit) at two to eight seats; every seat's
declaration, counts, tricks, chips and cards played are encoded by seat from the viewer (0 the
viewer, 1 the next seat). Only what ``observation(player)`` shows is written: the viewer's hand
and discards, never another hand or the stock; a declaration still sealed only to its maker; a
spectator (``None``) sees from seat 0 and sees no hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import numpy as np

from hoyle.core.encoding import Encoder, Vector, write_scaled
from hoyle.games.bourre import state as bourre
from hoyle.games.bourre.state import BourreGame

if TYPE_CHECKING:
    from hoyle.core.protocol import Game, State
    from hoyle.games.bourre.state import BourreState

__all__ = ["BourreEncoder", "make_encoder"]

PACK52 = "clubs, diamonds, hearts, spades, each 2 … A"
SEATS = "by seat from the viewer (0 the viewer, 1 the next)"


def _bits(mask: int, base: int, out: list[int], table: list[int] | None = None) -> None:
    """Append ``base`` plus each card of ``mask`` (mapped through ``table``) to ``out``."""
    while mask:
        low = mask & -mask
        card = low.bit_length() - 1
        out.append(base + (card if table is None else table[card]))
        mask ^= low


class _Layout(Encoder):
    """An encoder whose first fields are counts, handed raw to ``write_scaled`` with their
    scales (dividing entry by entry in Python would cost more than the rest)."""

    def __init__(self, game: Game[Any]) -> None:
        super().__init__(game)
        self._per: list[float] = []
        self.per = np.ones(0, dtype=np.float32)
        self.scalars = 0
        n = game.num_players
        self.orders = [[(me + k) % n for k in range(n)] for me in range(n)]
        """For each viewer, the seats from the viewer on."""
        self.rel = [[(a - me) % n for a in range(n)] for me in range(n)]
        """For each viewer, each seat's number seen from the viewer."""

    def scalar(self, name: str, size: int, per: float, doc: str) -> None:
        """Declare a field of counts, each written raw and divided by ``per``."""
        self.add(name, size, doc)
        self._per += [1.0 / per] * size

    def end_scalars(self) -> None:
        """The counts are declared: the fields after them are indicators."""
        self.scalars = self.size
        self.per = np.array(self._per, dtype=np.float32)


class BourreEncoder(_Layout):
    """The observation layout of a Bourré session (two to eight seats, 52 cards)."""

    def __init__(self, game: Game[Any]) -> None:
        super().__init__(game)
        if not isinstance(game, BourreGame):
            raise TypeError(f"a Bourré encoder needs a BourreGame, not {game!r}")
        rules = game.rules
        self.n = n = game.n
        sc = self.scalar
        hs = rules.hand_size
        sc("spectator", 1, 1, "1 when the vector is a spectator's (no hand is seen)")
        sc("pot", 1, n, "chips in the pot / players")
        sc("stock", 1, 52, "cards left in the stock / 52")
        sc("deal", 1, game.deals, "deals played before this one / the deals of the session")
        sc("hand_sizes", n, 5, f"cards in hand / 5, {SEATS}")
        sc("discarded", n, 5, f"cards discarded this deal / 5, {SEATS}")
        sc("drawn", n, 5, f"cards drawn this deal / 5, {SEATS}")
        sc("tricks", n, hs, f"tricks taken this deal / {hs}, {SEATS}")
        sc("chips", n, n, f"net chips won / players, {SEATS}")
        sc("owed", n, n, f"chips a bourré player owes the next pot / players, {SEATS}")
        self.end_scalars()
        self.add("phase", len(bourre.PHASE_NAMES), "one-hot: " + ", ".join(bourre.PHASE_NAMES))
        self.add("to_move", n, f"one-hot: the seat to act, {SEATS} (none at chance nodes)")
        self.add("dealer", n, f"one-hot: the dealer, {SEATS}")
        self.add("leader", n, f"one-hot: the leader of the trick in play, {SEATS}")
        self.add("plays", n, f"1 for each seat that declared play, {SEATS}")
        self.add("passes", n, f"1 for each seat that declared pass, {SEATS}")
        self.add("sealed", 1, "1 while the declarations are sealed (simultaneous_declare)")
        self.add("exempt", n, f"1 for each seat that skips the next ante, {SEATS}")
        self.add("reshuffled", 1, "1 once the collected cards were reshuffled to draw from")
        self.add("turn_up_held", 1, "1 while the turned trump is in the dealer's hand")
        self.add("hand", 52, f"own hand: {PACK52}")
        self.add("own_discards", 52, f"own discards this deal: {PACK52}")
        self.add("turn_up", 52, f"one-hot: the card turned for trumps: {PACK52}")
        self.add("trump", 4, "one-hot: the trump suit, clubs diamonds hearts spades")
        self.add("trick", n * 52, f"one-hot: each seat's card in the trick in progress, {SEATS}")
        self.add("played", n * 52, f"the cards each seat has played this deal, {SEATS}")
        f = self.field
        self.b_phase = f("phase").start
        self.b_to_move = f("to_move").start
        self.b_dealer = f("dealer").start
        self.b_leader = f("leader").start
        self.b_plays = f("plays").start
        self.b_passes = f("passes").start
        self.b_sealed = f("sealed").start
        self.b_exempt = f("exempt").start
        self.b_reshuffled = f("reshuffled").start
        self.b_held = f("turn_up_held").start
        self.b_hand = f("hand").start
        self.b_discards = f("own_discards").start
        self.b_turn_up = f("turn_up").start
        self.b_trump = f("trump").start
        self.b_trick = f("trick").start
        self.b_played = f("played").start
        # For each viewer, by absolute seat: where that seat's card field starts.
        self.trick_at = [[self.b_trick + r * 52 for r in rel] for rel in self.rel]
        self.played_at = [[self.b_played + r * 52 for r in rel] for rel in self.rel]

    def encode(self, state: State, player: int | None, out: Vector) -> None:
        """Write what ``player`` sees of ``state`` (see the module docstring)."""
        s = cast("BourreState", state)
        me = 0 if player is None else player
        rel = self.rel[me]
        phase = s._phase
        hands = s._hands
        discards = s._discards
        drawn, won, chips, owed = s._drawn, s._won, s._chips, s._owed
        vals: list[float] = [
            player is None,
            s._pot,
            s._undealt.bit_count(),
            s._deal_no - (phase == bourre.OVER),
            *map(int.bit_count, hands[me:] + hands[:me]),
            *map(int.bit_count, discards[me:] + discards[:me]),
            *drawn[me:],
            *drawn[:me],
            *won[me:],
            *won[:me],
            *chips[me:],
            *chips[:me],
            *owed[me:],
            *owed[:me],
        ]

        ones = [self.b_phase + phase, self.b_dealer + rel[s._dealer]]
        cur = s.current_player()
        if cur >= 0:
            ones.append(self.b_to_move + rel[cur])
        if phase == bourre.PLAYING:
            ones.append(self.b_leader + rel[s._leader])
        sealed = phase == bourre.SEALED
        if sealed:
            ones.append(self.b_sealed)
        plays, passes = self.b_plays, self.b_passes
        for a, said in enumerate(s._declared):
            # Sealed declarations are each seat's own until all are made.
            if said is not None and (a == player or not sealed):
                ones.append((plays if said == "play" else passes) + rel[a])
        for a, skips in enumerate(s._exempt):
            if skips:
                ones.append(self.b_exempt + rel[a])
        if s._recycled:
            ones.append(self.b_reshuffled)
        turn_up = s._turn_up
        if turn_up >= 0:
            ones.append(self.b_turn_up + turn_up)
            if hands[s._dealer] >> turn_up & 1:
                ones.append(self.b_held)
        if s._trump >= 0:
            ones.append(self.b_trump + s._trump)
        if player is not None:
            _bits(hands[player], self.b_hand, ones)
            _bits(discards[player], self.b_discards, ones)
        at = self.trick_at[me]
        for seat, card in s._trick:
            ones.append(at[seat] + card)
        at = self.played_at[me]
        for seat, cards in enumerate(s._played):
            if cards:
                base = at[seat]
                ones += [base + c for c in cards]
        write_scaled(out, vals, self.per, ones)


def make_encoder(game: Game[Any]) -> Encoder:
    """The encoder of a Bourré game."""
    return BourreEncoder(game)
