"""What one seat of an Écarté match may know, as JSON-ready data.

Public: the cut, who plays and who waits, the dealer and elder, the packets, the turn-up and
trumps, every proposal with its number (none when elder chooses after acceptance), its answer
and how many cards each player took (law 27), the vulnerability (law 49), the king announced,
doubles and offers, every card played and the tricks each player took, the scores, games, bets
and the pool's streak. Private to a seat: its hand and its own discards (law 28: discards are
not looked at). A bystander who backs a player sees that player's hand and discards when the
rules allow advice (French Écarté). The envelope's keys (the game, the seat, the deal, the
scores, the results) are the protocol's; these are Écarté's own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hoyle.cards import TOKENS
from hoyle.games.ecarte.state import (
    BET,
    CUT,
    DOUBLE_ANSWER,
    OFFER_ANSWER,
    OVER,
    PACKETS,
    PHASE_NAMES,
    PLAY,
    cards_of,
)

if TYPE_CHECKING:
    from hoyle.games.ecarte.state import EcarteState

__all__ = ["observe", "visible_seats"]

SUITS = "CDHS"


def _tokens(mask: int) -> list[str]:
    return [TOKENS[c] for c in cards_of(mask)]


def visible_seats(state: EcarteState, player: int) -> list[int]:
    """The seats whose hands ``player`` may see: their own, and with advice the player they
    back in this game."""
    seats = [player]
    backed = state._bets.get(player)
    if state.rules.advice and backed is not None and backed != player:
        seats.append(backed)
    return seats


def observe(state: EcarteState, player: int | None) -> dict[str, Any]:
    """The family's part of the observation of ``player`` (``None``: a spectator, who sees no
    hand): the envelope's ``phase``, ``dealer`` (``None`` until the cut decides it),
    ``hand`` and ``hand_sizes``, then Écarté's own keys. Per-seat data are lists by seat."""
    n = state.g.n
    phase = state._phase
    before_deal = phase in (CUT, BET, PACKETS)
    cutting = phase == CUT
    proposals = [
        {
            # None: proposed without a number (propose_then_choose); elder_took says how many.
            "proposed": p[0] or None,
            "answer": None if p[1] < 0 else ("accept" if p[1] else "refuse"),
            "elder_took": None if p[3] < 0 else p[3],
            "dealer_took": None if p[2] < 0 else p[2],
        }
        for p in state._proposals
    ]
    taken = [0] * n
    if not before_deal:
        # Law 27: how many cards each player drew (the chance events after the deal's 11).
        for target, _ in state._chance_log[11:]:
            taken[target] += 1
    vulnerable = [False] * n
    if state._elder_vulnerable:
        vulnerable[state._elder] = True
    if state._dealer_vulnerable:
        vulnerable[state._dealer] = True
    seen = visible_seats(state, player)[1:] if player is not None else []
    bets: list[int | None] = [None] * n
    for bettor, backed in state._bets.items():
        bets[bettor] = backed
    return {
        "phase": PHASE_NAMES[phase],
        "dealer": None if cutting else state._dealer,
        "hand": [] if player is None else _tokens(state._hands[player]),
        "hand_sizes": [h.bit_count() for h in state._hands],
        "game_number": state._game_no + 1 - (phase == OVER),
        "cut": [{"seat": s, "card": TOKENS[c]} for s, c in state._cut],
        "pair": None if cutting else list(state._pair),
        "waiting": None if cutting else list(state._waiting),
        "elder": None if cutting else state._elder,
        "packets": list(state._packets) if state._packets else None,
        "turn_up": None if before_deal or state._turn_up < 0 else TOKENS[state._turn_up],
        "trump": None if before_deal or state._trump < 0 else SUITS[state._trump],
        "king_turned": state._king_turned,
        "stock_size": 0 if before_deal else state._undealt.bit_count(),
        "proposals": proposals if not before_deal else [],
        # The rules are public: whether a proposal names its number (law 26) or elder
        # chooses the count after acceptance (propose_then_choose, EB1911).
        "propose_then_choose": state.rules.propose_then_choose,
        "cards_taken": taken,
        "vulnerable": vulnerable,
        "king_marked": None if state._marked < 0 else state._marked,
        "multiplier": state._multiplier,
        "point_offered_by": None if state._offerer < 0 else state._offerer,
        "answering": PHASE_NAMES[phase] if phase in (DOUBLE_ANSWER, OFFER_ANSWER) else None,
        "leader": state._leader if phase == PLAY else None,
        "trick": [{"seat": s, "card": TOKENS[c]} for s, c in state._trick],
        "tricks": [
            {
                "leader": leader,
                "cards": [TOKENS[c] for c in cards],
                "seats": list(seats),
                "winner": winner,
            }
            for leader, cards, seats, winner in state._tricks
        ],
        "tricks_taken": [state._won[s] for s in range(n)],
        "game_scores": list(state._game_points),
        "games_won": list(state._games_won),
        "games": [dict(g, bets=list(g["bets"])) for g in state._game_log],
        "streak": {"seat": state._streak[0], "games": state._streak[1]}
        if state._streak[0] >= 0
        else None,
        "pool": state.rules.pool_stake * n if state.rules.pool_wins else None,
        "bets": bets,
        "bet_results": list(state._bet_results),
        # Law 28: a player's discards are its own; a backer with advice, standing behind the
        # player backed, sees that hand and its discards too.
        "discarded": [] if player is None else _tokens(state._discards[player]),
        "seen_hands": [_tokens(state._hands[s]) if s in seen else None for s in range(n)],
        "seen_discards": [_tokens(state._discards[s]) if s in seen else None for s in range(n)],
    }
