"""The Bourré rules in force, in plain words, written from a :class:`BourreRules` value.

``hoyle rules bourre [option=value …]`` prints these lines; each follows the option values, so
the words change when an option does.
"""

from __future__ import annotations

from hoyle.games.bourre.rules import BourreRules

__all__ = ["explain"]


def explain(rules: BourreRules) -> list[str]:
    """A sentence or two per topic: table, antes, deal, declaring and drawing, play, the pot."""
    n = rules.players
    deals = rules.session_deals
    size = rules.hand_size
    if rules.four_card:
        trump = "an extra card is then turned for trumps; it belongs to no one"
    elif rules.dealer_takes_trump:
        trump = (
            "an extra card is then turned for trumps; the dealer, if playing, may take it "
            "and then holds six, discarding and drawing back to five; a turned ace makes the "
            "dealer play"
        )
    elif rules.separate_trump_card:
        trump = "an extra card is then turned for trumps; it belongs to no one"
    else:
        trump = (
            "the dealer's fifth is dealt face up for trumps and stays in the dealer's hand "
            "(it may not be discarded); a turned ace makes the dealer play"
        )
    if rules.double_ante:
        ante = "Every player antes 1 each deal, and each who plays adds 1."
    else:
        ante = "Every player antes 1, except those bourré or tied for most tricks in the last deal."
        if rules.four_card:
            ante += " Each who plays pays 1 more."
    limit = (
        f" With a limit of {rules.pot_limit}, a winner takes and a bourré player pays at most "
        f"{rules.pot_limit}."
        if rules.pot_limit
        else ""
    )
    cinch = (
        " A player sure of three tricks (tricks won, and trumps that must win by length "
        "against the trumps not seen) must lead the highest trump, and must play it when able "
        "to trump a trick, unless last to play."
        if rules.cinch
        else ""
    )
    most = "up to three (never all four)" if rules.four_card else "any number"
    who = (
        " To play, a player must hold a trump or a club (a 'dirty club')."
        if rules.four_card
        else ""
    )
    reshuffle = (
        "if the stock runs out, the discards and passed hands already collected are "
        "reshuffled to continue."
    )
    if rules.simultaneous_declare:
        declare = (
            "Each player decides to pass (out of the deal) or play without the others seeing: "
            "in turn from the dealer's left, every decision hidden until the last is made, "
            "then all are shown together." + who + " Then in turn those who play discard "
            f"{most} face down and draw as many; {reshuffle}"
        )
    elif rules.two_rounds or rules.four_card:
        declare = (
            "From the dealer's left each says pass (out of the deal) or play." + who + " When "
            f"all have, those who play discard {most} face down in turn and draw as many; "
            + reshuffle
        )
    else:
        declare = (
            "From the dealer's left, each passes (out of the deal) or plays, discarding any "
            f"number face down and drawing as many; {reshuffle}"
        )
    if rules.four_card:
        declare += " After the draw each who plays, in turn, may still pass, or stays for 1."
    declare += " A lone player takes the pot without play."
    return [
        f"Bourré for {n}: a 52-card pack, ace high; {deals} deals, the deal passing left.",
        ante,
        f"{'Four' if size == 4 else 'Five'} cards each, one at a time from the dealer's left; "
        f"{trump}.",
        declare,
        "The first player left of the dealer leads. Follow suit; if void, trump, "
        "overtrumping if able; and beat the highest card so far if able." + cinch,
        f"{size} tricks. Most tricks, alone, takes the pot; a tie leaves it for the next deal. "
        "A player who played and took no trick is bourré and pays the pot's size into the "
        "next pot." + limit,
        "The result is each player's net chips.",
    ]
