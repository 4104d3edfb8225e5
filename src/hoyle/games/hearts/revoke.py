"""Revokes allowed and penalised (``revoke_penalty``, The Standard Hoyle 1887).

A player who can follow suit may play another suit instead. The engine is the referee who
sees every hand, so the revoke is established as it is played and made public at once: the
revoker takes the trick, whatever else is played to it, and at the settlement pays the agreed
chips to each opponent. The plain game refuses revokes; this state class keeps that check off
its hot path.
"""

from __future__ import annotations

from hoyle.games.hearts.state import JOKERS, PLAY, SUIT_MASK, HeartsState

__all__ = ["RevokeHeartsState"]

_ABOVE_ALL = 99  # no card index reaches it: once set as the winning card, nothing beats it


class RevokeHeartsState(HeartsState):
    """A Hearts state in which revokes are legal moves with a penalty."""

    __slots__ = ()

    def _legal_mask(self) -> int:
        legal = super()._legal_mask()
        if self._phase == PLAY and self._trick and self._lead_suit >= 0:
            # Every card in hand may be played; the ones that fail to follow are revokes.
            return self._hands[self._cur] | legal
        return legal

    def _play(self, card: int) -> None:
        lead = self._lead_suit
        hand = self._hands[self._cur] & ~JOKERS
        if (
            self._trick
            and lead >= 0
            and card < 52
            and card // 13 != lead
            and hand & SUIT_MASK[lead]
        ):
            if not any(t == len(self._tricks) for t, _ in self._revokes):
                # The first revoker of the trick takes it: nothing played later can win it.
                self._win_card = _ABOVE_ALL
                self._win_pos = len(self._trick)
            self._revokes.append((len(self._tricks), self._cur))
        super()._play(card)
