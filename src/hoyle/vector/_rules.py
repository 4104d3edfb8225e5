"""Which Hearts games a vector table plays, and what the compiled table is handed of them.

A vector table plays one-deal, one-pack Hearts whose trick play and score the compiled core
(``_fastcore.h``) covers: three to six players, any pass but the mix (its deal-back is chance
in the middle of a deal), and the moon rules it scores. Everything else is refused with
:class:`UnsupportedGameError`, which says what was asked and what is supported.
"""

from __future__ import annotations

from typing import Any

from hoyle.core.encoding import encoder
from hoyle.core.errors import InvalidOptionError
from hoyle.games.hearts.rules import Moon, Pass, Stakes
from hoyle.games.hearts.state import POOL, HeartsGame, HeartsState

__all__ = ["SUPPORTED", "UnsupportedGameError", "check_game", "compiled_config"]

SUPPORTED = (
    "one-deal (deals=1), one-pack Hearts at 3 to 6 players: hearts(deals=1) (Black Lady) and "
    "the presets black-lady, modern, black-jack, black-maria, omnibus, spot, greek, "
    "greek-culbertson, greek-maguire, partnership and partnership-individual with deals=1; "
    "any pass but mix; moon none, add, subtract, slam or void_deal"
)
"""What :func:`check_game` accepts, in words (the error message's second half)."""

_MOON = {Moon.NONE: 0, Moon.ADD: 1, Moon.SUBTRACT: 2, Moon.SLAM: 3, Moon.VOID_DEAL: 4}
_LEARNER, _RANDOM, _PLAYOUT, _OUTSIDE = range(4)


class UnsupportedGameError(InvalidOptionError):
    """A game a vector table does not play (a ``ValueError``): the message names the rule
    that is in the way and what is supported."""


def check_game(game: Any) -> HeartsGame:
    """``game`` if a vector table plays it; else :class:`UnsupportedGameError`."""
    spec = getattr(game, "spec", repr(game))
    if not isinstance(game, HeartsGame):
        raise UnsupportedGameError(f"{spec}: not a Hearts game; vector tables play {SUPPORTED}")
    rules = game.rules
    why = []
    if rules.deals != 1:
        why.append(f"deals={rules.deals or 'the match'} (a table's episode is one deal)")
    if game.state_class is not HeartsState:
        why.append("two packs, a stock or revokes")
    if not 3 <= game.n <= 6:
        why.append(f"{game.n} players")
    if rules.chips or rules.stakes is Stakes.AVERAGE:
        why.append("chips or stakes")
    if rules.jokers:
        why.append("jokers")
    if game.widow_size:
        why.append("a widow")
    if game.has_bidding or rules.generale:
        why.append("bids or a Générale")
    if rules.diamond_queen:
        why.append("the Q♦'s cut")
    if rules.moon not in _MOON:
        why.append(f"moon={rules.moon.value}")
    first = game.plans[0]
    if first and first[0] == POOL:
        why.append("a mix pass")
    if why:
        raise UnsupportedGameError(
            f"{spec}: a vector table does not play {', '.join(why)}; it plays {SUPPORTED}"
        )
    return game


def seat_kind(entry: Any) -> int:
    """The compiled table's kind of seat for an opponent entry: the table plays ``"random"``
    and ``"playout"`` itself; anything else is an outside agent."""
    if entry == "random":
        return _RANDOM
    if entry == "playout":
        return _PLAYOUT
    return _OUTSIDE


def layout(game: HeartsGame) -> dict[str, Any]:
    """Where each field of the observation goes (``HeartsEncoder``'s own offsets and scales):
    the vector tables write exactly its vectors."""
    enc: Any = encoder(game)
    n = game.n
    has_pass = enc.has_pass
    if enc.k != 3 or enc.size - enc.nbits - n * enc.k != 1:  # pragma: no cover - guarded
        raise UnsupportedGameError(f"{game.spec}: its vector has scalars a table does not write")
    first = game.rules.effective_pass_cycle[0]
    ints = [
        enc.size,
        enc.nbits,
        enc.f_block,
        enc.u,
        enc.k,
        enc.cw,
        enc.f_hand,
        enc.f_passed if has_pass else -1,
        enc.f_recv if has_pass else -1,
        enc.f_received if has_pass else -1,
        enc.f_phase,
        enc.f_broken,
        enc.f_pass_dir + list(Pass).index(first) if has_pass else -1,
        enc.u_trick,
        enc.u_played,
        enc.u_won,
        enc.u_void,
        enc.u_turn,
        enc.u_leader,
        enc.u_dealer,
        enc.u_sizes,
        enc.u_passed if has_pass else -1,
    ]
    return {
        "layout": ints,
        "score_scale": enc.score_scale,
        "points_scale": enc.points_scale,
        "hand_scale": enc.hand_scale,
    }


def compiled_config(
    game: HeartsGame, batch: int, kinds: list[int], sample_seed: int
) -> dict[str, Any]:
    """The ``config`` of ``_fastvec.Table`` for ``game`` (checked), ``batch`` deals and these
    seat kinds."""
    rules = game.rules
    sides: list[int] = []
    for side in game.moon_sides:
        sides += [side[0], side[1] if len(side) > 1 else -1]
    return {
        "n": game.n,
        "hand_size": game.hand_size,
        "values": list(game.values[:52]),
        "penalty": game.penalty_mask,
        "moon_mask": game.moon_mask,
        "safe_mask": game.safe_mask,
        "deck_mask": game.deck_mask,
        "lowest_club": game.lowest_club,
        "first_lead_club": int(game.first_lead_club),
        "lead_any_club": int(game.lead_any_club),
        "first_trick_safe": int(game.first_trick_safe),
        "queen_breaks": int(game.queen_breaks),
        "hearts_for_queen": int(game.hearts_for_queen),
        "moon": _MOON[rules.moon],
        "moon_value": game.moon_value,
        "sides": sides,
        "no_tricks_bonus": rules.no_tricks_bonus,
        "heart_queen_doubles": int(rules.heart_queen_doubles),
        "club_queen_cancels": int(rules.club_queen_cancels),
        "broken_at_start": int(game.broken_at_start),
        "sign": -1.0,  # a one-deal game returns minus its penalty points
        "batch": batch,
        "dealer": game.n - 1,  # HeartsState: seat 0 is eldest hand in the first deal
        "pass_count": rules.pass_count,
        "plan": list(game.plans[0]),
        "kinds": kinds,
        "sample_seed": sample_seed,
        **layout(game),
    }
