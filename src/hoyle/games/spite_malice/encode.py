"""Observation tensors for Spite and Malice: one seat's view as a fixed-length float32 vector.

Piles grow without bound, so they are summarised at a fixed size: each centre stack by its
height (one-hot: the rank it has reached) and whether a wild is on top; each goal pile by its
top card and size; each discard pile by its top three cards and size; the completed heap by its
size and its wild cards; the own hand by counts per rank. The cards under a discard pile's top
three are public but not encoded: counting every pile's cards would cost more than a step of
the game. Seats are numbered from the viewer (0 is the viewer, 1 the next to play after them);
a spectator (``None``) sees from seat 0 and sees no hand.

Cards are encoded by *rank slot*, as the game plays them (suits never matter): ace (1) … king
(13) and, when the rules have jokers, a joker slot; Starturn's numbers 1…15. Whether a king is
wild is a rule of the game, not something the vector repeats.

Every entry is written from what :func:`hoyle.games.spite_malice.observe.observe` shows the
seat; the layout is fixed by the game (players, packs, piles, stacks), never by the position.
With unlimited centre stacks (``max_stacks=0``) the first eight stacks have their own slots and
``stack_heights`` counts every stack by height.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import numpy as np

from hoyle.core.encoding import Encoder, Vector, write_scaled
from hoyle.games.spite_malice.rules import Deck
from hoyle.games.spite_malice.state import DEAL, JOKER, SpiteMaliceGame

if TYPE_CHECKING:
    from hoyle.core.protocol import Game, State
    from hoyle.games.spite_malice.state import SpiteMaliceState

__all__ = ["SpiteMaliceEncoder", "make_encoder"]

UNLIMITED_SLOTS = 8
"""Stack slots kept when the rules allow any number of centre stacks."""
TOP_CARDS = 3
"""Cards of each discard pile encoded one by one, from the top (the code unrolls three)."""
DISCARD_SCALE = 10.0
"""A discard pile's size is divided by this."""


class SpiteMaliceEncoder(Encoder):
    """The observation layout of one Spite and Malice game (see the module docstring)."""

    def __init__(self, game: Game[Any]) -> None:
        super().__init__(game)
        if not isinstance(game, SpiteMaliceGame):
            raise TypeError(f"a Spite and Malice encoder needs a SpiteMaliceGame, not {game!r}")
        g = game
        rules = g.rules
        self.n = n = g.n
        starturn = rules.deck is Deck.STARTURN
        jokers = not starturn and rules.jokers > 0
        self.slots = slots = 15 if starturn else 13 + jokers
        names = [str(r) for r in range(1, 16)] if starturn else list("A23456789TJQK")
        ranks = " ".join(names[:slots] + (["joker"] if jokers else []))
        # The slot of each kind of card: its rank - 1, the joker last.
        self.slot = [slots - 1 if k == JOKER else g.rank[k] - 1 for k in range(g.kinds)]
        self.wild = list(g.wild)
        self.goals = rules.goal_piles
        self.discards = rules.discard_piles
        self.top = rules.top
        self.stack_slots = rules.max_stacks or UNLIMITED_SLOTS
        heights = self.top - 1  # a stack holds 1 … top-1 cards (a full one leaves the centre)
        self.heights = heights
        seat = "by seat from the viewer (0 the viewer, 1 the next)"

        # Scalars first, raw counts: write_scaled writes them and scales them in one call (far
        # cheaper than dividing entry by entry in Python).
        self._per: list[float] = []
        self.scalar("spectator", 1, 1, "1 when the vector is a spectator's (no hand is seen)")
        stock = rules.stock_cards
        self.scalar("stock", 1, stock, "cards in the stock / the cards shuffled for it")
        self.scalar("heap", 1, stock, "cards in the completed heap / the cards shuffled for it")
        self.scalar("completed", 1, 10, "centre stacks completed this deal / 10")
        self.scalar("turn", 1, rules.turn_limit, "turn number in the deal / turn_limit")
        deals = rules.deals or rules.deal_limit
        self.scalar("deal", 1, deals, "deals played before this one / the deals of the match")
        self.scalar("passes", 1, n, "passes in a row (may_pass) / players")
        self.scalar("moves", 1, 10, "moves made this turn / 10")
        self.scalar("stack_count", 1, self.stack_slots, f"centre stacks / {self.stack_slots}")
        hs = rules.hand_size
        self.scalar("hand_sizes", n, hs, f"cards in each hand / {hs}, {seat}")
        self.scalar(
            "goal_counts",
            n * self.goals,
            rules.goal_size,
            f"cards in each goal pile / goal_size, {seat} (then pile)",
        )
        self.scalar(
            "discard_sizes",
            n * self.discards,
            DISCARD_SCALE,
            f"cards in each discard pile / {DISCARD_SCALE:g}, {seat} then pile",
        )
        self.scalar("scores", n, rules.target, f"match points / target, {seat}")
        self.scalar("hand", slots, hs, f"own hand: cards of each rank / {hs}; ranks {ranks}")
        self.scalar("heap_wilds", 1, 10, "wild cards in the completed heap / 10")
        self.scalar("stack_heights", heights, 4, "centre stacks of each height 1… / 4")
        self.scalars = self.size
        self.per = np.array(self._per, dtype=np.float32)
        # Then the indicators, written by index.
        self.add("phase", 4, "one-hot: deal, draw, play, over")
        self.add("to_move", n, f"one-hot: the seat to play, {seat} (none at chance nodes)")
        self.add("dealer", n, f"one-hot: the dealer, {seat}")
        self.add(
            "goal_tops",
            n * self.goals * slots,
            f"one-hot rank of each goal pile's top card (none while dealing), {seat} then pile",
        )
        self.add(
            "discard_tops",
            n * self.discards * TOP_CARDS * slots,
            f"one-hot rank of each discard pile's top {TOP_CARDS} cards, {seat} then pile "
            "then depth (0 the top)",
        )
        self.add(
            "stacks",
            self.stack_slots * heights,
            f"one-hot height of each centre stack (1…{heights}: the rank reached), by stack",
        )
        self.add("stack_wild", self.stack_slots, "1 if a wild card is on top of the stack")
        self.add("cover", self.stack_slots, "1 on the stack whose wild must be covered now")
        self._bases()
        self.orders = [[(me + k) % n for k in range(n)] for me in range(n)]

    def scalar(self, name: str, size: int, per: float, doc: str) -> None:
        """Declare a field of counts, each written raw and divided by ``per``."""
        self.add(name, size, doc)
        self._per += [1.0 / per] * size

    def _bases(self) -> None:
        f = self.field
        self.b_phase = f("phase").start
        self.b_to_move = f("to_move").start
        self.b_dealer = f("dealer").start
        self.b_goal_tops = f("goal_tops").start
        self.b_discard_tops = f("discard_tops").start
        self.b_stacks = f("stacks").start
        self.b_stack_wild = f("stack_wild").start
        self.b_cover = f("cover").start

    def encode(self, state: State, player: int | None, out: Vector) -> None:
        """Write what ``player`` sees of ``state`` (see the module docstring)."""
        s = cast("SpiteMaliceState", state)
        n = self.n
        me = 0 if player is None else player
        order = self.orders[me]  # absolute seats, the viewer first
        slot = self.slot
        slots = self.slots
        phase = s._phase
        stacks = s._stacks
        hand = s._hands[player] if player is not None else []
        goals = s._goals
        discards = s._discards
        wild = self.wild

        # ---- scalars, raw, in field order
        hands = s._hands
        vals: list[float] = [
            player is None,
            s._stock_n,
            len(s._heap),
            s._completed,
            s._turn,
            s._deal_no,
            s._passes,
            len(s._turn_log),
            len(stacks),
            *map(len, hands[me:] + hands[:me]),
        ]
        for a in order:
            vals += map(len, goals[a])
        for a in order:
            vals += map(len, discards[a])
        scores = s._scores
        vals += scores[me:] + scores[:me]
        counts = [0] * slots
        for kind in hand:
            counts[slot[kind]] += 1
        vals += counts
        vals.append(sum(map(wild.__getitem__, s._heap)))
        heights = [0] * self.heights
        for stack in stacks:
            heights[len(stack) - 1] += 1
        vals += heights

        # ---- indicators
        ones = [self.b_phase + phase, self.b_dealer + (s._dealer - me) % n]
        cur = state.current_player()
        if cur >= 0:
            ones.append(self.b_to_move + (cur - me) % n)
        if phase != DEAL:  # the goal piles' tops are turned up when the deal is done
            base = self.b_goal_tops
            for a in order:
                for p in goals[a]:
                    if p:
                        ones.append(base + slot[p[-1]])
                    base += slots
        base = self.b_discard_tops
        step = TOP_CARDS * slots
        for a in order:
            for p in discards[a]:
                depth = len(p)  # the top three, unrolled: this runs for every pile each step
                if depth:
                    ones.append(base + slot[p[-1]])
                    if depth > 1:
                        ones.append(base + slots + slot[p[-2]])
                        if depth > 2:
                            ones.append(base + 2 * slots + slot[p[-3]])
                base += step
        for i, stack in enumerate(stacks[: self.stack_slots]):
            ones.append(self.b_stacks + i * self.heights + len(stack) - 1)
            if wild[stack[-1]]:
                ones.append(self.b_stack_wild + i)
        if 0 <= s._cover < self.stack_slots:
            ones.append(self.b_cover + s._cover)
        write_scaled(out, vals, self.per, ones)


def make_encoder(game: Game[Any]) -> Encoder:
    """The encoder of a Spite and Malice game (registered for the family)."""
    return SpiteMaliceEncoder(game)
