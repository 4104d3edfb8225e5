"""The Spite and Malice rules in force, in plain words, written from a rules value.

``hoyle rules spite-malice --variant X [option=value …]`` prints these lines; each follows the
option values, so the words change when an option does.
"""

from __future__ import annotations

from hoyle.games.spite_malice.rules import (
    SYMBOLS,
    Deck,
    First,
    Recycle,
    SpiteMaliceRules,
    Stalemate,
)
from hoyle.games.spite_malice.scoring import GOING_OUT

__all__ = ["explain"]

_NAMES = dict(
    zip(
        SYMBOLS,
        ("ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king"),
        strict=True,
    )
)


def _rank(rules: SpiteMaliceRules, rank: int) -> str:
    if rules.deck is Deck.STARTURN:
        return str(rank)
    return _NAMES[SYMBOLS[rank - 1]]


def _a(name: str) -> str:
    """``name`` with its article: an ace, an 8, a 1."""
    return f"{'an' if name[0] in 'a8' or name in ('11', '18') else 'a'} {name}"


def explain(rules: SpiteMaliceRules) -> list[str]:
    """A sentence or two per topic: cards, deal, turn, centre, wilds, discards, end, score."""
    n = rules.players
    lines = []
    if rules.deck is Deck.STARTURN:
        cards = (
            "Starturn's cards: 44 black cards numbered 1–15 make the goal piles, 52 red "
            "cards the hands and stock; there are no wilds."
        )
    else:
        jokers = f" and {rules.jokers} wild jokers" if rules.jokers else ", no jokers"
        cards = f"{rules.pack_count} packs of 52{jokers}"
        if rules.goal_pack:
            cards += " make the stock; the goal piles come from a pack of their own."
        else:
            cards += "."
    lines.append(f"{n} players. {cards}")
    piles = "a goal pile" if rules.goal_piles == 1 else f"{rules.goal_piles} goal piles"
    lines.append(
        f"Each player is dealt {piles} of {rules.goal_size}, face down with the top card "
        f"turned up (only the top plays), and has {rules.discard_piles} discard piles."
        + (f" Hands of {rules.hand_size} are dealt too." if rules.deal_hands else "")
    )
    first = (
        "The dealer plays first"
        if rules.first is First.DEALER
        else "The higher goal card plays first (equal: the goal piles are dealt again)"
    )
    lines.append(
        f"{first}, then each in turn: draw up to {rules.hand_size}, play cards from hand, goal "
        f"top or discard tops to the centre, and end with "
        + ("one card (or a pair of equal rank)" if rules.pair_discard else "one card")
        + " from hand on a discard pile"
        + (", or pass without discarding" if rules.may_pass else "")
        + f". A hand played out draws {rules.hand_size} more."
    )
    stacks = "any number of" if rules.max_stacks == 0 else f"at most {rules.max_stacks}"
    lines.append(
        f"The centre holds {stacks} stacks, each begun with {_a(_rank(rules, 1))} and built up "
        f"one rank at a time to the {_rank(rules, rules.top)}, when it is complete and "
        + (
            "shuffled into the stock at once."
            if rules.recycle is Recycle.IMMEDIATE
            else "set aside; the completed cards become the new stock when the stock runs out."
        )
    )
    wilds = []
    if rules.deck is Deck.FRENCH and rules.kings_wild:
        wilds.append("kings")
    if rules.jokers:
        wilds.append("jokers")
    if wilds:
        never = ", ".join(_rank(rules, r) for r in sorted(rules.forbidden))
        lines.append(
            f"{' and '.join(wilds).capitalize()} are wild"
            + (f", never as {never}" if never else ", even as an ace")
            + "."
            + (
                " A wild played to the centre must be covered at once by the next natural card."
                if rules.cover_wild
                else ""
            )
        )
    if rules.compulsory_aces_twos:
        where = "hand, goal or discard top" if rules.compulsory_from_hand else "goal or discard top"
        lines.append(f"A natural ace or 2 on {where} that can be played must be, first.")
    if rules.discard_down:
        lines.append("A discard onto a pile must equal its top card or be one lower.")
    out = "both goal piles" if rules.goal_piles == 2 else "the goal pile"
    lines.append(
        f"Emptying {out} wins the deal: {GOING_OUT} points plus 1 per card left in the "
        "opponents' goal piles."
    )
    blocked = (
        "When no stock can be made"
        + (", every player passes" if rules.may_pass else "")
        + f" or the deal reaches {rules.turn_limit} turns"
    )
    if rules.stalemate is Stalemate.DRAW:
        lines.append(f"{blocked}, the deal is drawn.")
    else:
        lines.append(
            f"{blocked}, the deal is blocked: the player with the fewest goal cards scores the "
            "difference to each opponent (a tie scores nothing)."
        )
    if rules.deals:
        lines.append(f"The match is {rules.deals} deal(s).")
    else:
        lines.append(
            f"The match ends after the deal in which someone reaches {rules.target} (at most "
            f"{rules.deal_limit} deals); the highest score wins."
        )
    return lines
