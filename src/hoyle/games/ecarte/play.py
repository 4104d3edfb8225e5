"""The ``easy`` Écarté player and the playout policy search uses.

The easy player follows the classical advice, from its own observation only:

- **Elder plays without proposing** on a *jeu de règle*: a hand that, by the old tables, wins
  the point more often than not against any hand. This project's summary of those tables
  (:func:`jeu_de_regle`): three trumps or more; two trumps with three cards of one plain suit,
  or with a king or a queen–jack; one trump with four cards of a plain suit, or with two
  kings, or a king and a queen–jack; no trump with four court cards or three cards of a suit
  headed by the king and queen.
- **The dealer refuses** the first proposal on a jeu de règle, or on two trumps with a king
  (the dealer does not lead, so a little less suffices); later proposals he accepts unless
  he holds such a hand.
- **Discard all but trumps and kings**: elder proposes as many cards as hold neither (or,
  when the number is chosen after acceptance, proposes and then throws exactly those), and
  both throw the lowest of them first.
- It announces the king of trumps at once; in play it wins a trick as cheaply as it can and
  otherwise throws its lowest card, leads trumps with three or more, and else its strongest
  plain card. It never abandons, offers or doubles; it accepts a double with two trumps and
  the offered point unless it holds four.
"""

from __future__ import annotations

import random
from typing import Any

from hoyle.cards import card_index
from hoyle.core.protocol import Game, State
from hoyle.games.ecarte.state import (
    ACCEPT,
    BACK,
    CONCEDE,
    DOUBLE,
    DRAW,
    MARK_KING,
    NO_BET,
    OFFER_POINT,
    PACKETS_23,
    PLAY_ON,
    PROPOSE,
    PROPOSE_OPEN,
    REFUSE,
    EcarteGame,
    EcarteState,
    suit_of,
)

__all__ = [
    "EasyEcarteAgent",
    "discard_order",
    "jeu_de_regle",
    "jeu_de_regle_clause",
    "rollout_move",
]

_SUITS = "CDHS"
_NON_CARDS = (CONCEDE, DOUBLE, OFFER_POINT)


def _strength(game: EcarteGame, card: int) -> int:
    return game.strength[card]


def jeu_de_regle(game: EcarteGame, hand: list[int], trump: int) -> bool:
    """Whether ``hand`` is a classical hand to play without proposing (see the module)."""
    return jeu_de_regle_clause(game, hand, trump) is not None


def jeu_de_regle_clause(game: EcarteGame, hand: list[int], trump: int) -> str | None:
    """The clause of the classical list that makes ``hand`` a hand to play without
    proposing (e.g. ``"2 trumps + a king"``), or ``None`` when no clause does."""
    court = {11, 10, 9}  # king, queen, jack (rank index)
    trumps = [c for c in hand if suit_of(c) == trump]
    plain = [c for c in hand if suit_of(c) != trump]
    by_suit: dict[int, list[int]] = {}
    for card in plain:
        by_suit.setdefault(suit_of(card), []).append(card % 13)
    longest = max((len(r) for r in by_suit.values()), default=0)
    kings = sum(1 for c in plain if c % 13 == 11)
    queen_jack = any(10 in r and 9 in r for r in by_suit.values())
    if len(trumps) >= 3:
        return "3+ trumps"
    if len(trumps) == 2:
        if longest >= 3:
            return "2 trumps + 3 of a suit"
        if kings >= 1:
            return "2 trumps + a king"
        return "2 trumps + queen-jack" if queen_jack else None
    if len(trumps) == 1:
        if longest >= 4:
            return "1 trump + 4 of a suit"
        if kings >= 2:
            return "1 trump + 2 kings"
        return "1 trump + king + queen-jack" if kings >= 1 and queen_jack else None
    if sum(1 for c in plain if c % 13 in court) >= 4:
        return "4 court cards"
    if any(len(r) >= 3 and 11 in r and 10 in r for r in by_suit.values()):
        return "king-queen and another"
    return None


def discard_order(game: EcarteGame, hand: list[int], trump: int) -> list[int]:
    """The cards to throw, first to last: neither trumps nor kings, lowest first, then the
    rest from the lowest plain card up."""
    king = game.bonus_rank

    def keep_value(card: int) -> tuple[int, int]:
        if suit_of(card) == trump:
            return (2, _strength(game, card))
        if card % 13 == king:
            return (1, _strength(game, card))
        return (0, _strength(game, card))

    return sorted(hand, key=keep_value)


def _wanted(game: EcarteGame, hand: list[int], trump: int) -> int:
    king = game.bonus_rank
    return sum(1 for c in hand if suit_of(c) != trump and c % 13 != king)


class EasyEcarteAgent:
    """The ``easy`` Écarté player (see the module)."""

    def __init__(self, game: Game[Any], seed: int | None = None) -> None:
        self.game = game
        self.rng = random.Random(seed)

    def step(self, state: State) -> int:
        """Pick an action for the player to move, from its observation alone."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        player = state.current_player()
        assert isinstance(self.game, EcarteGame)
        return choose(self.game, state.observation(player), legal)


def choose(game: EcarteGame, obs: dict[str, Any], legal: list[int]) -> int:
    """The easy player's action from an observation and the legal actions."""
    hand = [card_index(t) for t in obs["hand"]]
    trump = _SUITS.index(obs["trump"]) if obs["trump"] else -1
    phase = obs["phase"]
    if MARK_KING in legal:
        return MARK_KING
    if phase == "packets":
        return PACKETS_23
    if phase == "bet":
        scores = obs["game_scores"]
        backs = [a for a in legal if BACK <= a < NO_BET]
        return max(backs, key=lambda a: (scores[a - BACK], -a))
    if phase == "propose":
        want = min(_wanted(game, hand, trump), int(obs["stock_size"]), 5)
        strong = jeu_de_regle(game, hand, trump)
        if strong or want == 0:
            return PLAY_ON
        if PROPOSE_OPEN in legal:
            return PROPOSE_OPEN  # the count is chosen card by card after acceptance
        return PROPOSE + want if PROPOSE + want in legal else PLAY_ON
    if phase == "answer":
        trumps = sum(1 for c in hand if suit_of(c) == trump)
        kings = sum(1 for c in hand if c % 13 == game.bonus_rank and suit_of(c) != trump)
        if jeu_de_regle(game, hand, trump) or (trumps >= 2 and kings >= 1):
            return REFUSE
        return ACCEPT
    if phase in ("discard", "exchange"):
        # Throw every card that is neither a trump nor a king; at least one (E1), and elder
        # as many as the proposal named (law 26; draw is legal only when the count is free).
        if _wanted(game, hand, trump) == 0 and DRAW in legal:
            return DRAW
        return discard_order(game, hand, trump)[0]
    if phase == "double":
        trumps = sum(1 for c in hand if suit_of(c) == trump)
        return ACCEPT if trumps >= 2 else REFUSE
    if phase == "offer":
        trumps = sum(1 for c in hand if suit_of(c) == trump)
        return REFUSE if trumps >= 4 else ACCEPT
    cards = [a for a in legal if a < 52]
    return _card(game, obs, cards, trump)


def _card(game: EcarteGame, obs: dict[str, Any], cards: list[int], trump: int) -> int:
    def power(card: int) -> tuple[int, int]:
        return (suit_of(card) == trump, _strength(game, card))

    if obs["trick"]:
        led = card_index(obs["trick"][0]["card"])

        def wins(card: int) -> bool:
            if suit_of(card) == suit_of(led):
                return _strength(game, card) > _strength(game, led)
            return suit_of(card) == trump

        winners = [c for c in cards if wins(c)]
        return min(winners or cards, key=power)
    trumps = [c for c in cards if suit_of(c) == trump]
    if len(trumps) >= 3:
        return max(trumps, key=power)
    plain = [c for c in cards if suit_of(c) != trump]
    return max(plain or cards, key=lambda c: _strength(game, c))


def rollout_move(state: State, rng: random.Random) -> int:
    """A fast playout move: the king announced, never abandon, double or offer; the
    exchange as the easy player; cards at random."""
    legal = state.legal_actions()
    if len(legal) == 1 or not isinstance(state, EcarteState):
        return legal[0] if len(legal) == 1 else rng.choice(legal)
    if MARK_KING in legal:
        return MARK_KING
    phase = state.phase
    if phase == "play":
        cards = [a for a in legal if a < 52]
        return rng.choice(cards)
    if phase in ("double", "offer", "packets", "bet"):
        return rng.choice(legal)
    seat = state.current_player()
    hand = [c for c in range(52) if state.hand_mask(seat) >> c & 1]
    obs = {
        "hand": [state.action_to_string(c) for c in hand],
        "trump": _SUITS[state.trump] if state.trump >= 0 else None,
        "phase": phase,
        "stock_size": state._undealt.bit_count(),
        "game_scores": state.game_scores(),
        "trick": [],
    }
    action = choose(state.g, obs, [a for a in legal if a not in _NON_CARDS])
    return action if action in legal else rng.choice(legal)
