"""The Bourré rules in force, in plain words, written from a :class:`BourreRules` value.

``hoyle rules bourre [option=value …]`` prints these lines; each follows the option values, so
the words change when an option does. They are in the language in force (:mod:`hoyle.i18n`):
each sentence is one message of the catalogue, the options' values filled in after translation.
"""

from __future__ import annotations

from hoyle.games.bourre.rules import BourreRules
from hoyle.i18n import _, ngettext

__all__ = ["explain"]


def explain(rules: BourreRules) -> list[str]:
    """A sentence or two per topic: table, antes, deal, declaring and drawing, play, the pot."""
    n = rules.players
    deals = rules.session_deals
    return [
        # The English says "deals" even for one; the plural form is for languages that do not.
        ngettext(
            "Bourré for {n}: a 52-card pack, ace high; {deals} deals, the deal passing left.",
            "Bourré for {n}: a 52-card pack, ace high; {deals} deals, the deal passing left.",
            deals,
        ).format(n=n, deals=deals),
        _antes(rules),
        _deal(rules),
        _declare(rules),
        _play(rules),
        _pot(rules),
        _("The result is each player's net chips."),
    ]


def _antes(rules: BourreRules) -> str:
    if rules.double_ante:
        return _("Every player antes 1 each deal, and each who plays adds 1.")
    text = _("Every player antes 1, except those bourré or tied for most tricks in the last deal.")
    if rules.four_card:
        text += " " + _("Each who plays pays 1 more.")
    return text


def _deal(rules: BourreRules) -> str:
    if rules.dealer_takes_trump and not rules.four_card:
        trump = _(
            "an extra card is then turned for trumps; the dealer, if playing, may take it "
            "and then holds six, discarding and drawing back to five; a turned ace makes the "
            "dealer play"
        )
    elif rules.trump_apart:
        trump = _("an extra card is then turned for trumps; it belongs to no one")
    else:
        trump = _(
            "the dealer's fifth is dealt face up for trumps and stays in the dealer's hand "
            "(it may not be discarded); a turned ace makes the dealer play"
        )
    if rules.hand_size == 4:
        text = _("Four cards each, one at a time from the dealer's left; {trump}.")
    else:
        text = _("Five cards each, one at a time from the dealer's left; {trump}.")
    return text.format(trump=trump)


def _declare(rules: BourreRules) -> str:
    # Whole sentences joined with a space, each one unit for the translator.
    who = (
        [_("To play, a player must hold a trump or a club (a 'dirty club').")]
        if rules.four_card
        else []
    )
    if rules.simultaneous_declare:
        if rules.four_card:
            draw = _(
                "Then in turn those who play discard up to three (never all four) face down and "
                "draw as many; if the stock runs out, the discards and passed hands already "
                "collected are reshuffled to continue."
            )
        else:
            draw = _(
                "Then in turn those who play discard any number face down and draw as many; if "
                "the stock runs out, the discards and passed hands already collected are "
                "reshuffled to continue."
            )
        parts = [
            _(
                "Each player decides to pass (out of the deal) or play without the others "
                "seeing: in turn from the dealer's left, every decision hidden until the last is "
                "made, then all are shown together."
            ),
            *who,
            draw,
        ]
    elif rules.four_card:
        parts = [
            _("From the dealer's left each says pass (out of the deal) or play."),
            *who,
            _(
                "When all have, those who play discard up to three (never all four) face down in "
                "turn and draw as many; if the stock runs out, the discards and passed hands "
                "already collected are reshuffled to continue."
            ),
        ]
    elif rules.two_rounds:
        parts = [
            _("From the dealer's left each says pass (out of the deal) or play."),
            _(
                "When all have, those who play discard any number face down in turn and draw as "
                "many; if the stock runs out, the discards and passed hands already collected "
                "are reshuffled to continue."
            ),
        ]
    else:
        parts = [
            _(
                "From the dealer's left, each passes (out of the deal) or plays, discarding any "
                "number face down and drawing as many; if the stock runs out, the discards and "
                "passed hands already collected are reshuffled to continue."
            )
        ]
    if rules.four_card:
        parts.append(_("After the draw each who plays, in turn, may still pass, or stays for 1."))
    parts.append(_("A lone player takes the pot without play."))
    return " ".join(parts)


def _play(rules: BourreRules) -> str:
    text = _(
        "The first player left of the dealer leads. Follow suit; if void, trump, "
        "overtrumping if able; and beat the highest card so far if able."
    )
    if rules.cinch:
        text += " " + _(
            "A player sure of three tricks (tricks won, and trumps that must win by length "
            "against the trumps not seen) must lead the highest trump, and must play it when "
            "able to trump a trick, unless last to play."
        )
    return text


def _pot(rules: BourreRules) -> str:
    text = _(
        "{n} tricks. Most tricks, alone, takes the pot; a tie leaves it for the next deal. "
        "A player who played and took no trick is bourré and pays the pot's size into the "
        "next pot."
    ).format(n=rules.hand_size)
    if rules.pot_limit:
        text += " " + _(
            "With a limit of {limit}, a winner takes and a bourré player pays at most {limit}."
        ).format(limit=rules.pot_limit)
    return text
