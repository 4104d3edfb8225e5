"""The Spite and Malice rules in force, in plain words, written from a rules value.

``hoyle rules spite-malice --variant X [option=value …]`` prints these lines; each follows the
option values, so the words change when an option does. They are in the language in force
(:mod:`hoyle.i18n`): each sentence is one message of the catalogue, the values filled in after
translation.
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
from hoyle.i18n import N_, _, ngettext

__all__ = ["explain"]

# Marked with N_ and translated where shown: built at import, before any language is chosen.
_NAMES = dict(
    zip(
        SYMBOLS,
        (N_("ace"), *"23456789", "10", N_("jack"), N_("queen"), N_("king")),
        strict=True,
    )
)
_TOP = {12: N_("the queen"), 13: N_("the king")}
"""Where a French pack's stack ends, with its article (the article differs in Spanish)."""


def _rank(rules: SpiteMaliceRules, rank: int) -> str:
    """A rank's name in the language in force: ``ace``, ``7``, ``queen``; Starturn's number."""
    if rules.deck is Deck.STARTURN:
        return str(rank)
    name = _NAMES[SYMBOLS[rank - 1]]
    return name if name.isdigit() else _(name)


def explain(rules: SpiteMaliceRules) -> list[str]:
    """A sentence or two per topic: cards, deal, turn, centre, wilds, discards, end, score."""
    lines = [_cards(rules), _deal(rules), _turn(rules), _centre(rules)]
    wilds = _wilds(rules)
    if wilds:
        lines.append(wilds)
    if rules.compulsory_aces_twos:
        if rules.compulsory_from_hand:
            lines.append(
                _(
                    "A natural ace or 2 on hand, goal or discard top that can be played must "
                    "be, first."
                )
            )
        else:
            lines.append(
                _("A natural ace or 2 on goal or discard top that can be played must be, first.")
            )
    if rules.discard_down:
        lines.append(_("A discard onto a pile must equal its top card or be one lower."))
    if rules.goal_piles == 2:
        out = _(
            "Emptying both goal piles wins the deal: {points} points plus 1 per card left in the "
            "opponents' goal piles."
        )
    else:
        out = _(
            "Emptying the goal pile wins the deal: {points} points plus 1 per card left in the "
            "opponents' goal piles."
        )
    lines.append(out.format(points=GOING_OUT))
    lines.append(_blocked(rules))
    if rules.deals:
        # The English says "deal(s)" whatever the number; the forms are for other languages.
        lines.append(
            ngettext("The match is {n} deal(s).", "The match is {n} deal(s).", rules.deals).format(
                n=rules.deals
            )
        )
    else:
        lines.append(
            _(
                "The match ends after the deal in which someone reaches {target} (at most "
                "{limit} deals); the highest score wins."
            ).format(target=rules.target, limit=rules.deal_limit)
        )
    return lines


def _cards(rules: SpiteMaliceRules) -> str:
    n = rules.players
    if rules.deck is Deck.STARTURN:
        return _(
            "{n} players. Starturn's cards: 44 black cards numbered 1–15 make the goal piles, "
            "52 red cards the hands and stock; there are no wilds."
        ).format(n=n)
    # The English says "packs" and "jokers" whatever the number; the forms are for other
    # languages.
    packs = ngettext("{n} packs of 52", "{n} packs of 52", rules.pack_count).format(
        n=rules.pack_count
    )
    jokers = ngettext("{n} wild jokers", "{n} wild jokers", rules.jokers).format(n=rules.jokers)
    if rules.goal_pack and rules.jokers:
        text = _(
            "{n} players. {packs} and {jokers} make the stock; the goal piles come from a pack "
            "of their own."
        )
    elif rules.goal_pack:
        text = _(
            "{n} players. {packs}, no jokers make the stock; the goal piles come from a pack "
            "of their own."
        )
    elif rules.jokers:
        text = _("{n} players. {packs} and {jokers}.")
    else:
        text = _("{n} players. {packs}, no jokers.")
    return text.format(n=n, packs=packs, jokers=jokers)


def _deal(rules: SpiteMaliceRules) -> str:
    if rules.goal_piles == 1:
        text = ngettext(
            "Each player is dealt a goal pile of {size}, face down with the top card turned up "
            "(only the top plays), and has {discards} discard piles.",
            "Each player is dealt a goal pile of {size}, face down with the top card turned up "
            "(only the top plays), and has {discards} discard piles.",
            rules.discard_piles,
        )
    else:
        text = ngettext(
            "Each player is dealt {piles} goal piles of {size}, face down with the top card "
            "turned up (only the top plays), and has {discards} discard piles.",
            "Each player is dealt {piles} goal piles of {size}, face down with the top card "
            "turned up (only the top plays), and has {discards} discard piles.",
            rules.discard_piles,
        )
    text = text.format(piles=rules.goal_piles, size=rules.goal_size, discards=rules.discard_piles)
    if rules.deal_hands:
        text += " " + _("Hands of {n} are dealt too.").format(n=rules.hand_size)
    return text


def _turn(rules: SpiteMaliceRules) -> str:
    if rules.first is First.DEALER:
        first = _("The dealer plays first")
    else:
        first = _("The higher goal card plays first (equal: the goal piles are dealt again)")
    if rules.pair_discard and rules.may_pass:
        discard = _(
            "one card (or a pair of equal rank) from hand on a discard pile, or pass without "
            "discarding"
        )
    elif rules.pair_discard:
        discard = _("one card (or a pair of equal rank) from hand on a discard pile")
    elif rules.may_pass:
        discard = _("one card from hand on a discard pile, or pass without discarding")
    else:
        discard = _("one card from hand on a discard pile")
    return _(
        "{first}, then each in turn: draw up to {n}, play cards from hand, goal top or discard "
        "tops to the centre, and end with {discard}. A hand played out draws {n} more."
    ).format(first=first, n=rules.hand_size, discard=discard)


def _centre(rules: SpiteMaliceRules) -> str:
    if rules.recycle is Recycle.IMMEDIATE:
        fate = _("shuffled into the stock at once")
    else:
        fate = _("set aside; the completed cards become the new stock when the stock runs out")
    k = rules.max_stacks
    if rules.deck is Deck.STARTURN:
        # Starturn's stacks run from 1 to a number: no rank names.
        if k == 0:
            text = _(
                "The centre holds any number of stacks, each begun with a 1 and built up one "
                "rank at a time to the {top}, when it is complete and {fate}."
            )
        else:
            text = ngettext(
                "The centre holds at most {k} stacks, each begun with a 1 and built up one rank "
                "at a time to the {top}, when it is complete and {fate}.",
                "The centre holds at most {k} stacks, each begun with a 1 and built up one rank "
                "at a time to the {top}, when it is complete and {fate}.",
                k,
            )
        return text.format(k=k, top=rules.top, fate=fate)
    if k == 0:
        text = _(
            "The centre holds any number of stacks, each begun with an ace and built up one rank "
            "at a time to {top}, when it is complete and {fate}."
        )
    else:
        text = ngettext(
            "The centre holds at most {k} stacks, each begun with an ace and built up one rank "
            "at a time to {top}, when it is complete and {fate}.",
            "The centre holds at most {k} stacks, each begun with an ace and built up one rank "
            "at a time to {top}, when it is complete and {fate}.",
            k,
        )
    return text.format(k=k, top=_(_TOP[rules.top]), fate=fate)


def _wilds(rules: SpiteMaliceRules) -> str:
    """What is wild, and for what; empty when nothing is."""
    kings = rules.deck is Deck.FRENCH and rules.kings_wild
    never = ", ".join(_rank(rules, r) for r in sorted(rules.forbidden))
    if kings and rules.jokers:
        if never:
            text = _("Kings and jokers are wild, never as {never}.")
        else:
            text = _("Kings and jokers are wild, even as an ace.")
    elif kings:
        text = (
            _("Kings are wild, never as {never}.")
            if never
            else _("Kings are wild, even as an ace.")
        )
    elif rules.jokers:
        if never:
            text = _("Jokers are wild, never as {never}.")
        else:
            text = _("Jokers are wild, even as an ace.")
    else:
        return ""
    text = text.format(never=never)
    if rules.cover_wild:
        text += " " + _(
            "A wild played to the centre must be covered at once by the next natural card."
        )
    return text


def _blocked(rules: SpiteMaliceRules) -> str:
    """How a deal that cannot go on ends."""
    if rules.stalemate is Stalemate.DRAW:
        if rules.may_pass:
            text = _(
                "When no stock can be made, every player passes or the deal reaches {turns} "
                "turns, the deal is drawn."
            )
        else:
            text = _(
                "When no stock can be made or the deal reaches {turns} turns, the deal is drawn."
            )
    elif rules.may_pass:
        text = _(
            "When no stock can be made, every player passes or the deal reaches {turns} turns, "
            "the deal is blocked: the player with the fewest goal cards scores the difference to "
            "each opponent (a tie scores nothing)."
        )
    else:
        text = _(
            "When no stock can be made or the deal reaches {turns} turns, the deal is blocked: "
            "the player with the fewest goal cards scores the difference to each opponent (a "
            "tie scores nothing)."
        )
    return text.format(turns=rules.turn_limit)
