"""Which elder hands a search plays without proposing, beside the classical jeux de règle.

For random deals, elder's first decision is searched by perfect-information sampling: in each
of ``--worlds`` worlds drawn with ``resample_from_infostate`` (the dealer's hand and the stock
unknown), every first action (play, or propose 1…5) is followed by the family's playout policy
through the exchange and then the exact trick solver; an action's value is elder's points
minus the dealer's by the end of the hand (so the 2 a failed elder gives away counts). The
search *plays* when playing is worth at least the best proposal.

Hands are grouped by class: trumps held, whether the king of trumps is among them, and
guarded plain suits (a king, or a queen with another card of its suit). Each row gives the
share the search plays and the share the classical jeux de règle (as the easy player applies
them, :func:`hoyle.games.ecarte.play.jeu_de_regle`) would play.

Run: ``.venv/bin/python benchmarks/ecarte_jeux.py [--deals N] [--worlds W] [--seed S]``.
"""

from __future__ import annotations

import argparse
import random
from collections import defaultdict

import hoyle
from hoyle.games.ecarte import EcarteState
from hoyle.games.ecarte.play import jeu_de_regle, rollout_move
from hoyle.games.ecarte.solver import solve
from hoyle.games.ecarte.state import PLAY_ON, PROPOSE, suit_of


def value(world: EcarteState, action: int, rng: random.Random) -> float:
    """Elder's points minus the dealer's from ``action`` to the end of the hand."""
    elder, dealer = world.elder, world.dealer
    start = world.scores()
    hand = world.progress()[0]
    state = world.clone()
    state.apply_action(action)
    while not state.is_terminal() and state.progress()[0] == hand:
        if state.phase == "play":
            exact = solve(state)
            assert exact is not None
            gained = [now - then for now, then in zip(state.scores(), start, strict=True)]
            return gained[elder] + exact[elder] - gained[dealer] - exact[dealer]
        if state.is_chance_node():
            state.apply_action(rng.choice(state.legal_actions()))
        else:
            state.apply_action(rollout_move(state, rng))
    now = state.observation(None)["deal_scores"][hand - 1]
    return float(now[elder] - now[dealer])


def hand_class(state: EcarteState) -> tuple[int, bool, int]:
    """(trumps, king of trumps held, guarded plain suits) of elder's hand."""
    hand = [c for c in range(52) if state.hand_mask(state.elder) >> c & 1]
    trump = state.trump
    king = 13 * trump + state.g.bonus_rank
    trumps = sum(1 for c in hand if suit_of(c) == trump)
    guarded = 0
    for suit in range(4):
        if suit == trump:
            continue
        ranks = [c % 13 for c in hand if suit_of(c) == suit]
        if 11 in ranks or (10 in ranks and len(ranks) >= 2):
            guarded += 1
    return trumps, king in hand, guarded


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--worlds", type=int, default=24)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    game = hoyle.load("ecarte", deal_packets="two_three")
    rng = random.Random(args.seed)
    rows: dict[tuple[int, bool, int], list[tuple[bool, bool]]] = defaultdict(list)
    for _ in range(args.deals):
        state = game.new_initial_state(seed=rng.randrange(2**31))
        assert isinstance(state, EcarteState)
        if state.phase != "propose":
            continue  # the game ended on a turned king
        actions = [a for a in state.legal_actions() if a == PLAY_ON or a > PROPOSE]
        totals = dict.fromkeys(actions, 0.0)
        for _ in range(args.worlds):
            world = state.resample_from_infostate(state.elder, rng)
            assert isinstance(world, EcarteState)
            for action in actions:
                totals[action] += value(world, action, rng)
        best_proposal = max(totals[a] for a in actions if a != PLAY_ON)
        plays = totals[PLAY_ON] >= best_proposal
        hand = [c for c in range(52) if state.hand_mask(state.elder) >> c & 1]
        classical = jeu_de_regle(state.g, hand, state.trump)
        rows[hand_class(state)].append((plays, classical))
    print(f"Elder's first decision: {args.deals} deals, {args.worlds} worlds each")
    print(
        f"{'trumps':>6} {'king':>5} {'guarded':>7} {'hands':>6} {'search plays':>13}"
        f" {'jeux de règle':>14}"
    )
    for key in sorted(rows):
        trumps, king, guarded = key
        found = rows[key]
        search = sum(p for p, _ in found) / len(found)
        classical = sum(c for _, c in found) / len(found)
        print(
            f"{trumps:>6} {'yes' if king else 'no':>5} {guarded:>7} {len(found):>6}"
            f" {search:>12.0%} {classical:>14.0%}"
        )


if __name__ == "__main__":
    main()
