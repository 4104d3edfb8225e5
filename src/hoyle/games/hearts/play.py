"""The family's heuristic player (``easy``): sound habits, no look-ahead.

It reads only its own observation and the legal actions, as every agent must. Passing: the
Q♠ and the high spades that would catch it, the whole of a short club or diamond suit (a void
to shed penalty cards into later), then the highest hearts and high cards. Playing: duck under
the card winning the trick, win a clean trick cheaply when last, shed the Q♠ or high hearts on
someone else's trick when void, and lead low in suits where nobody has shown a void — never a
spade while holding the Q♠, and spades first when the queen is still out and this hand holds
no spade that could catch it (smoking the queen out).

Each habit was kept because it measured better in duplicate deals against the player without
it (one-deal Hearts, 1,000 deals each): the spade leads +0.49 points a deal, the void-making
pass a further +0.75.
"""

from __future__ import annotations

import random
from typing import Any

from hoyle.cards import card_index
from hoyle.core.protocol import Game, State
from hoyle.games.hearts.state import (
    MOON_ADD,
    MOON_SUBTRACT,
    NAME_SUIT,
    NO_BID,
    NO_GENERALE,
    HeartsGame,
    HeartsState,
)

__all__ = ["EasyHeartsAgent", "rollout_move"]

QS = card_index("QS")
KS = card_index("KS")
AS = card_index("AS")
TWO_OF_CLUBS = card_index("2C")
JOKER = 52  # jokers are cards 52 and 53; both have the token XJ


def _card(token: str) -> int:
    """A card id from a token of the observation (a joker counts as 52)."""
    return JOKER if token == "XJ" else card_index(token)


def _rank(card: int) -> int:
    return card % 13


def _suit(card: int) -> int:
    return card // 13


def _pass_danger(card: int, hand: list[int], left: int = 0) -> float:
    """How much a card is worth getting rid of before play (``left``: cards still to pass)."""
    suit, rank = _suit(card), _rank(card)
    low_spades = sum(1 for c in hand if _suit(c) == 3 and _rank(c) < 10)
    if card == QS:
        return 100.0
    if suit == 3 and rank > 10:  # A♠, K♠ catch the queen unless guarded by low spades
        return 90.0 - 10 * low_spades + rank
    if suit == 2:
        return 40.0 + rank * 2
    if suit < 2 and card != TWO_OF_CLUBS and sum(1 for c in hand if _suit(c) == suit) <= left:
        return 45.0 + rank * 3  # the rest of a short minor suit: passing it makes a void
    return float(rank * 3)


class EasyHeartsAgent:
    """The ``easy`` Hearts player."""

    def __init__(self, game: Game[Any], seed: int | None = None) -> None:
        self.game = game
        self.rng = random.Random(seed)

    def step(self, state: State) -> int:
        """Pick an action for the player to move, from its observation alone."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        player = state.current_player()
        obs = state.observation(player)
        if obs["phase"] == "moon":
            return self._moon(obs, player)
        if obs["phase"] == "declare":
            return NO_GENERALE  # taking every penalty card is beyond a player without search
        if obs["phase"] == "bid":
            return NO_BID  # buying the penalty suit needs judgement this player lacks
        if obs["phase"] == "name":  # name the suit it holds fewest of: least to be caught with
            counts = [sum(1 for t in obs["hand"] if t[-1] == s) for s in "CDHS"]
            return NAME_SUIT + counts.index(min(counts))
        hand = [_card(t) for t in obs["hand"]]
        if obs["phase"] == "pass":
            left = int(obs["pass_count"]) - len(obs.get("passed") or [])
            return max(legal, key=lambda c: (_pass_danger(c, hand, left), c))
        if obs["phase"] == "discard":
            # Laid away into its own tricks (widow=to_hand): a penalty card would count there,
            # so lay away the most dangerous card that is not one.
            return max(legal, key=lambda c: (_suit(c) != 2 and c != QS, _pass_danger(c, hand), c))
        trick = [_card(p["card"]) for p in obs["trick"] if p["card"] != "XJ"]
        if not trick:
            return self._lead(obs, legal)
        return self._follow(obs, legal, trick)

    def _moon(self, obs: dict[str, Any], player: int) -> int:
        # Both choices move this seat 26 clear of everyone, but adding pushes the others
        # towards the target and so ends the match sooner: good only for the leader.
        game = self.game
        assert isinstance(game, HeartsGame)
        scores = list(obs["scores"])
        full = game.moon_value or obs["points"][player]  # 0: the shooter's own score
        added = [s + (0 if i == player else full) for i, s in enumerate(scores)]
        mine = added[player]
        leads = all(mine < s for i, s in enumerate(added) if i != player)
        return MOON_ADD if leads else MOON_SUBTRACT

    def _lead(self, obs: dict[str, Any], legal: list[int]) -> int:
        played = {_card(t) for trick in obs["tricks"] for t in trick["cards"]}
        hand = {_card(t) for t in obs["hand"]}
        queen_out = QS not in played
        holds_queen = QS in hand
        # With no spade above the jack, leading spades makes the queen's holder play it.
        smoke = queen_out and not holds_queen and not hand & {AS, KS}

        def badness(card: int) -> tuple[int, int, int]:
            suit = _suit(card)
            void_led = 1 if self._suit_shown_void(obs, suit) else 0
            spade_danger = 1 if queen_out and suit == 3 and _rank(card) >= 10 else 0
            if suit == 3 and holds_queen and card != QS:
                spade_danger += 1  # spade leads would drive out this hand's own queen
            if suit == 3 and smoke:
                spade_danger -= 1
            return (void_led + spade_danger + 2 * (card == QS), _rank(card), card)

        return min(legal, key=badness)

    @staticmethod
    def _suit_shown_void(obs: dict[str, Any], suit: int) -> bool:
        for trick in obs["tricks"]:
            cards = [_card(t) for t in trick["cards"] if t != "XJ"]
            if _suit(cards[0]) == suit and any(_suit(c) != suit for c in cards[1:]):
                return True
        return False

    def _follow(self, obs: dict[str, Any], legal: list[int], trick: list[int]) -> int:
        jokers = [c for c in legal if c >= JOKER]
        legal = [c for c in legal if c < JOKER] or jokers
        led = _suit(trick[0])
        winning = max(c for c in trick if _suit(c) == led)
        if jokers and not any(c < winning for c in legal if _suit(c) == led):
            return jokers[0]  # a joker never wins: better than taking the trick
        if _suit(legal[0]) != led or any(_suit(c) != led for c in legal):
            # Void in the led suit: shed the most dangerous card on someone else's trick.
            return max(
                legal,
                key=lambda c: (c == QS, _suit(c) == 2, _suit(c) == 3 and _rank(c) > 10, _rank(c)),
            )
        unders = [c for c in legal if c < winning]
        if unders:
            if QS in unders:  # the A♠ or K♠ is winning: the queen goes to whoever played it
                return QS
            return max(unders)
        # Last to play: nobody else who still holds cards has played yet (with a stock, seats
        # out of cards sit the trick out).
        played = {p["seat"] for p in obs["trick"]}
        sizes = obs["hand_sizes"]
        me = obs["seat"]
        last = not any(sizes[s] and s not in played for s in range(obs["players"]) if s != me)
        points = any(c == QS or _suit(c) == 2 for c in trick)
        if last and not points:
            safe = [c for c in legal if c != QS] or legal
            return max(safe)
        safe = [c for c in legal if c != QS] or legal
        return min(safe)


def rollout_move(state: State, rng: random.Random) -> int:
    """A fast playout move for search, on a full (sampled) state.

    It reads the state directly, which a playout may do since its cards are already a sample:
    duck under the winning card, win only the last place of a clean trick, shed the Q♠ and
    high hearts when void, lead low. Outside the plain trick play of the base engine (passing,
    bids, the domino stock, cancellation, jokers) it plays at random.
    """
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if type(state) is not HeartsState or state.phase != "play" or legal[-1] >= JOKER:
        return rng.choice(legal)
    trick = state._trick
    if not trick:  # lead one of the lowest cards, from a random suit among the low ones
        if state._hands[state._cur] >> QS & 1:  # but no spade under one's own queen
            legal = [c for c in legal if c // 13 != 3] or legal
        low = sorted(legal, key=_rank)[:3]
        return rng.choice(low)
    if legal[0] // 13 == state._lead_suit:  # following: every legal card is of the suit
        below = [c for c in legal if c < state._win_card]
        if below:
            return below[-1]
        if len(trick) == state.g.n - 1 and not state._trick_pts:
            return legal[-1]
        return legal[0]
    if QS in legal:
        return QS
    hearts = [c for c in legal if c // 13 == 2]
    if hearts:
        return hearts[-1]
    return max(legal, key=_rank)
