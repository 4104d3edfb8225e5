"""A fifth family written for the tests alone: the whole contract for the smallest game with a
hidden move, registered by the test that uses it (:func:`registered`), never by hoyle.

**High Card.** Two or three players and a pack of eight cards (7 to 10 of spades and hearts).
Each deal the dealer deals two cards to each player, one at a time from eldest; each player in
turn, from eldest, lays one card away face down; then each plays the other to one trick, eldest
leading. The highest card of the suit led takes the trick and scores a point. The match goes to
``target`` points, or ``deals`` deals when given; ``deal_limit`` caps it.

It shows what a wing provides — rules as data, a game with :class:`GameInfo`, a state with the
engine's methods and the contract's hooks (its part of the observation, its deal results, the
narration of each action with the hidden discard told only to its owner, tokens, resampling
from a seat's information), an encoder — and the one :func:`register_family` call.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from hoyle.cards import TOKENS, card_index
from hoyle.core.encoding import Encoder, Vector
from hoyle.core.errors import IllegalActionError, InvalidPositionError
from hoyle.core.info import GameInfo
from hoyle.core.narrate import DealResult, Event, Fact, pretty, secret
from hoyle.core.options import option
from hoyle.core.protocol import CHANCE, TERMINAL, Game, State
from hoyle.core.registry import Family, Variant, register_family, unregister_family

__all__ = ["ToyGame", "ToyRules", "ToyState", "registered"]

PACK = tuple(card_index(t) for t in ("7S", "8S", "9S", "TS", "7H", "8H", "9H", "TH"))
DEAL, DISCARD, PLAY, OVER = "deal", "discard", "play", "over"


@dataclass(frozen=True, kw_only=True)
class ToyRules:
    """High Card's options."""

    players: int = option(2, "number of players", min=2, max=3)
    target: int = option(3, "points that win the match", min=1, max=20)
    deals: int = option(0, "play exactly this many deals (0: play to the target)", min=0, max=50)
    deal_limit: int = option(40, "a match ends after this many deals at most", min=1, max=200)


PRESETS = (
    Variant(
        name="standard",
        aliases=("high-card",),
        summary="Two cards each, one laid away unseen, one trick a deal; first to three.",
        source="hoyle's tests (a toy family)",
    ),
    Variant(
        name="sprint",
        aliases=(),
        summary="The same, one deal only.",
        source="hoyle's tests (a toy family)",
        options={"deals": 1},
    ),
)


class ToyGame(Game[ToyRules]):
    """A High Card game."""

    family = "toy"

    @property
    def num_players(self) -> int:
        """Two or three."""
        return self.rules.players

    @property
    def num_distinct_actions(self) -> int:
        """The 52 card ids (eight of them used)."""
        return 52

    def _game_info(self) -> GameInfo:
        """One deal returns its points (one trick: 0 or 1); a match 1 shared by its winners.
        A deal is at most 2 × players chance actions, then players discards and plays."""
        n = self.rules.players
        deals = self.rules.deals or self.rules.deal_limit
        length = 4 * n * deals
        if self.rules.deals == 1:
            return GameInfo(0.0, 1.0, 1.0, length, "points")
        return GameInfo(0.0, 1.0, 1.0, length, "rank")

    def new_initial_state(self, seed: int | None = None) -> ToyState:
        """A new match; dealt from ``random.Random(seed)`` when a seed is given."""
        return ToyState(self, None if seed is None else random.Random(seed))

    def deal_state(self, hands: Sequence[str], *, dealer: int = 0) -> ToyState:
        """A match whose first deal gives these hands (two tokens each, seat by seat)."""
        n = self.rules.players
        if len(hands) != n or not 0 <= dealer < n:
            raise InvalidPositionError(f"give {n} hands and a dealer seat 0…{n - 1}")
        cards = [[card_index(t.upper()) for t in hand.split()] for hand in hands]
        flat = [c for hand in cards for c in hand]
        if any(len(h) != 2 for h in cards) or len(set(flat)) != len(flat):
            raise InvalidPositionError("each hand is two different cards")
        if not set(flat) <= set(PACK):
            raise InvalidPositionError("the pack is 7 to 10 of spades and hearts")
        state = ToyState(self, None, dealer=dealer)
        for k in range(2):
            for i in range(n):
                state.apply_action(cards[(dealer + 1 + i) % n][k])
        return state


class ToyState(State):
    """A position of a High Card match."""

    def __init__(self, game: ToyGame, rng: random.Random | None, *, dealer: int = 0) -> None:
        self.game = game
        self.n = game.rules.players
        self.rng = rng
        self.history_: list[int] = []
        self.scores_ = [0] * self.n
        self.results_: list[DealResult] = []
        self.dealer = self.first_dealer = dealer
        self.deal_no = 1
        self._start_deal()

    # ------------------------------------------------------------------ engine

    def _start_deal(self) -> None:
        self.phase = DEAL
        self.hands: list[list[int]] = [[] for _ in range(self.n)]
        self.discards: list[int | None] = [None] * self.n
        self.trick: list[tuple[int, int]] = []
        self.undealt = list(PACK)
        self.cur = (self.dealer + 1) % self.n
        if self.rng is not None:  # a seeded shuffle stands for the chance actions it makes
            order = list(PACK)
            self.rng.shuffle(order)
            for card in order[: 2 * self.n]:
                self.apply_action(card)

    def current_player(self) -> int:
        """The seat to act, CHANCE while dealing, TERMINAL at the end."""
        if self.phase == DEAL:
            return CHANCE
        if self.phase == OVER:
            return TERMINAL
        return self.cur

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each undealt card alike, while dealing."""
        if self.phase != DEAL:
            return []
        return [(c, 1.0 / len(self.undealt)) for c in sorted(self.undealt)]

    def legal_actions(self) -> list[int]:
        """The cards that may go now: any card to lay away, then the one left to play."""
        if self.phase == DEAL:
            return sorted(self.undealt)
        if self.phase in (DISCARD, PLAY):
            return sorted(self.hands[self.cur])
        return []

    def apply_action(self, action: int) -> None:
        """Deal, lay away or play ``action``; IllegalActionError (nothing changed) if not."""
        if type(action) is not int or action not in self.legal_actions():
            legal = " ".join(TOKENS[a] for a in self.legal_actions())
            raise IllegalActionError(f"{action!r} is not legal now; legal: {legal or 'none'}")
        self.history_.append(action)
        seat = self.cur
        if self.phase == DEAL:
            self.undealt.remove(action)
            self.hands[seat].append(action)
            self.cur = (seat + 1) % self.n
            if len(self.undealt) == len(PACK) - 2 * self.n:
                self.phase, self.cur = DISCARD, (self.dealer + 1) % self.n
            return
        self.hands[seat].remove(action)
        self.cur = (seat + 1) % self.n
        if self.phase == DISCARD:
            self.discards[seat] = action
            if all(d is not None for d in self.discards):
                self.phase = PLAY
            return
        self.trick.append((seat, action))
        if len(self.trick) == self.n:
            self._score()

    def _score(self) -> None:
        led = self.trick[0][1] // 13
        winner, card = max(((s, c) for s, c in self.trick if c // 13 == led), key=lambda sc: sc[1])
        scores = [1 if s == winner else 0 for s in range(self.n)]
        self.scores_[winner] += 1
        self.results_.append(
            DealResult(
                self.deal_no,
                tuple(float(x) for x in scores),
                (f"The trick: {pretty(TOKENS[card])} — {{{winner}}}",),
                ({"kind": "trick", "seat": winner, "card": TOKENS[card], "points": 1},),
            )
        )
        rules = self.game.rules
        done = (
            self.deal_no >= rules.deals
            if rules.deals
            else max(self.scores_) >= rules.target or self.deal_no >= rules.deal_limit
        )
        if done:
            self.phase = OVER
            return
        self.deal_no += 1
        self.dealer = (self.dealer + 1) % self.n
        self._start_deal()

    def returns(self) -> list[float]:
        """One deal: its points. A match: 1 shared among the highest totals."""
        if self.phase != OVER:
            return [0.0] * self.n
        if self.game.rules.deals == 1:
            return [float(s) for s in self.scores_]
        best = max(self.scores_)
        top = [s for s in range(self.n) if self.scores_[s] == best]
        return [1.0 / len(top) if s in top else 0.0 for s in range(self.n)]

    def scores(self) -> list[float]:
        """Tricks taken in the match so far."""
        return [float(s) for s in self.scores_]

    def clone(self) -> ToyState:
        """An independent copy (the shuffler too)."""
        new = ToyState.__new__(ToyState)
        new.__dict__.update(self.__dict__)
        new.history_ = self.history_[:]
        new.scores_ = self.scores_[:]
        new.results_ = self.results_[:]
        new.hands = [h[:] for h in self.hands]
        new.discards = self.discards[:]
        new.trick = self.trick[:]
        new.undealt = self.undealt[:]
        if self.rng is not None:
            new.rng = random.Random()
            new.rng.setstate(self.rng.getstate())
        return new

    def history(self) -> list[int]:
        """Every action, the deals' chance actions included."""
        return self.history_[:]

    def progress(self) -> tuple[int, str, int]:
        """(deal number, phase, 1 in play)."""
        return (self.deal_no, self.phase, 1 if self.phase == PLAY else 0)

    # ------------------------------------------------------------------ the contract's hooks

    def _observe(self, seat: int | None) -> dict[str, Any]:
        own = None if seat is None else self.discards[seat]
        return {
            "phase": self.phase,
            "dealer": self.dealer,
            "hand": [] if seat is None else [TOKENS[c] for c in sorted(self.hands[seat])],
            "hand_sizes": [len(h) for h in self.hands],
            "laid_away": [d is not None for d in self.discards],
            "my_discard": None if own is None else TOKENS[own],
            "trick": [{"seat": s, "card": TOKENS[c]} for s, c in self.trick],
            "target": self.game.rules.target,
        }

    def _facts(self, seat: int | None) -> list[Fact]:
        # What a player needs at a glance, from what the seat may know: here only the rules.
        return [Fact("Game", f"first to {self.game.rules.target} points", kind="game")]

    def _results(self) -> Sequence[DealResult]:
        return self.results_

    def _narrate(self, before: State, action: int, after: State) -> list[Event]:
        assert isinstance(before, ToyState) and isinstance(after, ToyState)
        seat = before.cur
        card = pretty(TOKENS[action])
        if before.phase == DEAL:
            return []
        if before.phase == DISCARD:
            return secret(
                seat,
                "discard",
                f"{{{seat}}} {{{seat}:lays}} {card} away.",
                f"{{{seat}}} {{{seat}:lays}} a card away face down.",
                {"card": TOKENS[action]},
                {"count": 1},
            )
        events = [
            Event(seat, "play", f"{{{seat}}} {{{seat}:plays}} {card}.", {"card": TOKENS[action]})
        ]
        if len(before.trick) == before.n - 1:
            item = after.results_[-1].items[0]
            winner = item["seat"]
            plays = [{"seat": s, "card": TOKENS[c]} for s, c in [*before.trick, (seat, action)]]
            events.append(
                Event(
                    winner,
                    "trick",
                    f"{{{winner}}} {{{winner}:takes}} the trick with {pretty(item['card'])}.",
                    {"winner": winner, "plays": plays, "card": item["card"]},
                )
            )
        return events

    def _action_token(self, action: int) -> str:
        if action not in PACK:
            raise IllegalActionError(f"{action} is not a card of High Card's pack")
        return TOKENS[action]

    def _parse_action(self, text: str) -> int | None:
        key = text.strip().upper().replace("10", "T")
        if key not in TOKENS:
            raise IllegalActionError(f"{text!r} is not a card")
        return card_index(key)

    def _resample(self, seat: int, rng: random.Random) -> ToyState:
        """Keep the past deals (every card of them was played or laid away, and the log keeps
        nothing of them hidden from ``seat`` but the others' discards); deal this one again
        with ``seat``'s cards where they are and the others' unseen cards drawn from the rest
        of the pack, each seat keeping the card it played."""
        n = self.n
        done = (self.deal_no - 1) * 4 * n  # a deal: 2n cards dealt, n laid away, n played
        past, now = self.history_[:done], self.history_[done:]
        dealt, decisions = now[: 2 * n], now[2 * n :]
        eldest = (self.dealer + 1) % n
        holder = [(eldest + i) % n for i in range(len(dealt))]
        played = dict(self.trick)
        mine = [c for c, h in zip(dealt, holder, strict=True) if h == seat]
        pool = [c for c in PACK if c not in mine and c not in played.values()]
        rng.shuffle(pool)
        world: dict[int, list[int]] = {seat: mine}
        for s in range(n):
            if s != seat:
                shown = [played[s]] if s in played else []
                world[s] = shown + [pool.pop() for _ in range(holder.count(s) - len(shown))]
        new = self._origin()
        for action in past:
            new.apply_action(action)
        for s in holder:
            new.apply_action(world[s].pop(0))
        for i, action in enumerate(decisions):
            s = new.cur
            if i < n and s != seat:  # another seat's discard: a card it does not play
                action = next(c for c in sorted(new.hands[s]) if played.get(s) != c)
            new.apply_action(action)
        return new

    def _origin(self) -> ToyState:
        return ToyState(self.game, None, dealer=self.first_dealer)


class ToyEncoder(Encoder):
    """The seat's hand, its own discard and the trick, one entry per card of the pack."""

    def __init__(self, game: Game[Any]) -> None:
        super().__init__(game)
        self.add("hand", 8, "1 if the card is in the hand (7♠…10♠, 7♥…10♥)")
        self.add("discard", 8, "1 for the seat's own card laid away")
        self.add("trick", 8, "1 if the card is on the table")

    def encode(self, state: State, player: int | None, out: Vector) -> None:
        assert isinstance(state, ToyState)
        out.fill(0.0)
        if player is not None:
            for c in state.hands[player]:
                out[PACK.index(c)] = 1.0
            own = state.discards[player]
            if own is not None:
                out[8 + PACK.index(own)] = 1.0
        for _, c in state.trick:
            out[16 + PACK.index(c)] = 1.0


class FirstCard:
    """The toy family's own player: always the lowest legal card."""

    def __init__(self, game: Game[Any], seed: int | None) -> None:
        self.game = game

    def step(self, state: State) -> int:
        """The lowest legal card."""
        return state.legal_actions()[0]


TOY = Family(
    name="toy",
    title="High Card",
    rules_type=ToyRules,
    make_game=ToyGame,
    presets=PRESETS,
    explain=lambda rules: [f"High Card for {rules.players}, first to {rules.target}."],
    encoder=ToyEncoder,
    agents={"easy": FirstCard},
)


@contextmanager
def registered() -> Iterator[Family]:
    """The toy family registered for the length of a ``with`` block."""
    register_family(TOY)
    try:
        yield TOY
    finally:
        unregister_family(TOY.name)
