"""The Écarté rules in force, in plain words, written from an :class:`EcarteRules` value.

``hoyle rules ecarte --variant X [option=value …]`` prints these lines; each follows the
option values, so the words change when an option does. The last lines say which of the London
club laws (1–51) the engine enforces and which cannot arise, and why.
"""

from __future__ import annotations

from hoyle.games.ecarte.rules import (
    BonusCard,
    EcarteRules,
    GameValues,
    OfferTiming,
    Packets,
    Ranking,
    Swap,
)
from hoyle.i18n import N_, _, ngettext

__all__ = ["LAWS_ENFORCED", "LAWS_MOOT", "explain"]

# The laws' words are marked with N_ and translated where shown: these tables are built once, at
# import, before any language is chosen.
LAWS_ENFORCED: dict[str, str] = {
    "5": N_("the cut for deal: each cuts a card, the highest in the game's ranking deals"),
    "8": N_("five cards each in packets of 2 and 3, the order kept for the game"),
    "10": N_("the eleventh card is turned for trumps"),
    "22, 47, 50": N_("a turned king scores 1 to the dealer at once (marking is automatic)"),
    "23–24": N_(
        "the king of trumps held scores 1 only when announced (mark king) before its "
        "holder's first card, or by a dealer whose first card it was before the second"
    ),
    "26–27": N_(
        "a proposal names its number and stands (with propose_then_choose elder names "
        "no number and chooses the discards after acceptance, as EB1911 describes); the answer "
        "stands; the number of cards each player took is public"
    ),
    "28": N_("discards are face down: no observation shows another player's discards"),
    "38": N_(
        "elder always gets the cards asked for (the proposal is capped at the stock); a "
        "dealer left without stock takes nothing and must play"
    ),
    "42": N_("abandoning the hand credits the opponent with every trick left"),
    "46": N_("game is 5 (target); optionally treble, double or single by the loser's points"),
    "48": N_("the point (3 or 4 tricks) scores 1, the vole 2"),
    "49": N_(
        "playing without proposing, or refusing the first proposal, and failing gives the "
        "opponent 2 for the point (never 3 for the vole)"
    ),
}
"""The laws the engine applies, by number, with how (English; :func:`explain` translates)."""

LAWS_MOOT: dict[str, str] = {
    "1–4, 6–7, 44–45": N_(
        "shuffling, cutting and packs: the engine shuffles and cuts a perfect "
        "pack from its seeded generator"
    ),
    "9, 11–21": N_(
        "misdeals, exposed and surplus cards: the engine deals exactly five and turns "
        "exactly one card"
    ),
    "25": N_("a false announcement of the king: mark king is legal only to its holder"),
    "29–37": N_(
        "errors in the exchange (too many or too few cards, exposed cards): the engine "
        "deals exactly what was discarded"
    ),
    "39–41, 43": N_(
        "retracting cards, playing out of turn, revokes and failing to win a trick: "
        "illegal plays are refused, so they never happen"
    ),
    N_("24 (first sentence)"): N_(
        "announcing a king led as the first card before the reply: elder "
        "announces before leading, which scores the same; the engine gives no turn between a "
        "lead and its reply"
    ),
    "51": N_("an overscore: the engine keeps the score"),
}
"""The laws that cannot arise here, and why (English; :func:`explain` translates)."""


def _laws(table: dict[str, str]) -> str:
    # A law's number has no words to translate ("23–24"); only the one that does is in the
    # catalogue, and _() gives any other back unchanged.
    return "; ".join(f"{_(law)}: {_(how)}" for law, how in table.items())


def explain(rules: EcarteRules) -> list[str]:
    """A sentence or two per topic: table, pack, deal, exchange, king, play, scoring, end,
    then the laws enforced and those that cannot arise, in the language in force."""
    lines = [
        _table(rules),
        _pack(rules),
        _deal(rules),
        _exchange(rules),
        _king(rules),
        _play(rules),
        *_scoring(rules),
        _end(rules),
        _("Laws enforced: {laws}.").format(laws=_laws(LAWS_ENFORCED)),
        _("Laws that cannot arise (the engine refuses illegal actions): {laws}.").format(
            laws=_laws(LAWS_MOOT)
        ),
    ]
    return [line for line in lines if line]


def _table(rules: EcarteRules) -> str:
    n = rules.players
    if n == 2:
        return _("Two players. The highest cut deals; after that the deal alternates.")
    waiting = n - 2
    # Whole sentences joined with a space, each one unit for the translator.
    parts = [
        ngettext(
            "{n} seats: two play, {waiting} waits. All cut: the highest deals and the next "
            "plays against him; the deal then alternates.",
            "{n} seats: two play, {waiting} wait. All cut: the highest deals and the next "
            "plays against him; the deal then alternates.",
            waiting,
        ).format(n=n, waiting=waiting)
    ]
    if rules.bets:
        parts.append(
            _(
                "Before each game every waiting player may back one of the two for {stake}, "
                "settled when the game ends."
            ).format(stake=rules.bet_stake)
        )
        if rules.advice:
            parts.append(
                _(
                    "A backer sees the hand and discards of the player backed, to advise "
                    "(French rule)."
                )
            )
        else:
            parts.append(_("Backers may not look or advise (English rule)."))
    if rules.pool_swap is Swap.GAME:
        parts.append(_("The loser of each game changes places with the first waiting player."))
    elif rules.pool_swap is Swap.HAND:
        parts.append(_("The loser of each hand changes places with the first waiting player."))
    return " ".join(parts)


def _pack(rules: EcarteRules) -> str:
    order = "K Q J A 10 9 8 7" if rules.ranking is Ranking.KING_HIGH else "A K Q J 10 9 8 7"
    return _("The 32-card pack, ranked {order} in each suit.").format(order=order)


_PACKETS = {
    Packets.CHOOSE: N_(
        "in packets of 2 then 3 or 3 then 2, as the dealer of each game's "
        "first hand chooses; the order is kept for that game (law 8)"
    ),
    Packets.TWO_THREE: N_("two to each, then three to each"),
    Packets.THREE_TWO: N_("three to each, then two to each"),
}


def _deal(rules: EcarteRules) -> str:
    how = _(_PACKETS[rules.deal_packets])
    if rules.bonus_card is BonusCard.KING:
        text = _(
            "Five cards each, {how}. The eleventh card is turned for trumps; a king turned "
            "scores 1 to the dealer at once."
        )
    else:
        text = _(
            "Five cards each, {how}. The eleventh card is turned for trumps; a ace turned "
            "scores 1 to the dealer at once."
        )
    return text.format(how=how)


def _exchange(rules: EcarteRules) -> str:
    if rules.dealer_may_stand:
        dealer = _("then the dealer may discard and draw too, or stand")
    else:
        dealer = _("then the dealer must discard and draw at least one card")
    if rules.propose_then_choose:
        ask = _(
            "Elder may play, or propose an exchange without naming a number. The dealer "
            "accepts or refuses. Accepted: elder discards one to five cards face down (no "
            "more than the stock holds), says draw and draws as many"
        )
    else:
        ask = _(
            "Elder may play, or propose to exchange a number of cards (at most what the stock "
            "holds); the number stands (law 26). The dealer accepts or refuses. Accepted: "
            "elder discards that many face down and draws them"
        )
    return _(
        "{ask}, {dealer}; elder may propose again. It ends when elder plays, the "
        "dealer refuses or the stock is exhausted (a dealer left without cards must play). "
        "How many cards each took is public (law 27); discards are never seen (law 28)."
    ).format(ask=ask, dealer=dealer)


def _king(rules: EcarteRules) -> str:
    if rules.bonus_card is BonusCard.KING:
        return _(
            "The king of trumps held scores 1 only if announced (mark king) before its "
            "holder plays a first card, or by a dealer whose first card it was, before the "
            "second (laws 23–24)."
        )
    return _(
        "The ace of trumps held scores 1 only if announced (mark king) before its "
        "holder plays a first card, or by a dealer whose first card it was, before the "
        "second (laws 23–24)."
    )


_OFFER_POINT = {
    OfferTiming.BEFORE_LEAD: N_(
        "Elder may offer the opponent the point before the first card of the hand is led: "
        "accepted, the hand ends as the accepter's point; refused, the refuser must take all "
        "five tricks, scoring 2 for the vole, or the offerer scores 2."
    ),
    OfferTiming.OWN_FIRST_CARD: N_(
        "A player may offer the opponent the point before playing their own first card: "
        "accepted, the hand ends as the accepter's point; refused, the refuser must take all "
        "five tricks, scoring 2 for the vole, or the offerer scores 2."
    ),
    OfferTiming.THIRD_TRICK: N_(
        "A player may offer the opponent the point on their turn until the third trick is "
        "led: accepted, the hand ends as the accepter's point; refused, the refuser must take "
        "all five tricks, scoring 2 for the vole, or the offerer scores 2."
    ),
}


def _play(rules: EcarteRules) -> str:
    # One whole sentence for each pair of the two following rules.
    if rules.must_win_trick and rules.must_trump_when_void:
        first = _(
            "Elder leads; the winner of a trick leads the next. The second player must follow "
            "suit and win the trick if able, and trump when void."
        )
    elif rules.must_win_trick:
        first = _(
            "Elder leads; the winner of a trick leads the next. The second player must follow "
            "suit and win the trick if able; a player void in the suit led may trump or discard."
        )
    elif rules.must_trump_when_void:
        first = _(
            "Elder leads; the winner of a trick leads the next. The second player must follow "
            "suit, and trump when void."
        )
    else:
        first = _(
            "Elder leads; the winner of a trick leads the next. The second player must follow "
            "suit; a player void in the suit led may trump or discard."
        )
    parts = [first]
    if rules.concede:
        parts.append(
            _(
                "A player may abandon the hand: the opponent is credited with every trick left "
                "(law 42)."
            )
        )
    if rules.doubling:
        parts.append(
            _(
                "Either player, on their turn before the third trick is led, may offer to "
                "double: accepted, the hand's points go doubled to its winner (the king's not); "
                "declined, the hand ends and the offerer scores 1, or 2 if the decliner was "
                "vulnerable."
            )
        )
        if rules.redouble:
            parts.append(_("The acceptor of a double may double again."))
    if rules.offer_point:
        parts.append(_(_OFFER_POINT[rules.offer_point_until]))
    return " ".join(parts)


def _scoring(rules: EcarteRules) -> list[str]:
    del rules
    return [
        _(
            "Three or four tricks win the point, 1; all five the vole, 2. If elder played "
            "without proposing and fails, the dealer scores 2; if the dealer refused the first "
            "proposal and fails, elder scores 2; the vole is still 2 (law 49)."
        ),
        _(
            "Points count as they arise (king turned, king marked, the hand); the game ends "
            "the moment a player reaches the target."
        ),
    ]


def _end(rules: EcarteRules) -> str:
    parts = [_("A game is {target} points.").format(target=rules.target)]
    if rules.game_values is GameValues.TREBLE_DOUBLE_SINGLE:
        parts.append(
            _(
                "A game counts treble if the loser scored nothing, double if one or two, "
                "single if three or four (law 46)."
            )
        )
    if rules.pool_wins:
        parts.append(
            # The English says "games" even for one; the forms are for other languages.
            ngettext(
                "Each pays {stake} into the pool; the first to win {wins} games in a row takes it.",
                "Each pays {stake} into the pool; the first to win {wins} games in a row takes it.",
                rules.pool_wins,
            ).format(stake=rules.pool_stake, wins=rules.pool_wins)
        )
    elif rules.rubber > 1:
        parts.append(
            _("The match is a rubber: the first to win {n} games.").format(n=rules.games_to_win)
        )
    else:
        parts.append(_("The match is one game."))
    if rules.deals == 1:
        parts.append(_("This session is one hand: its points are the result."))
    elif rules.deals:
        parts.append(
            _(
                "This session stops after {n} hands: the player ahead in the game in progress "
                "wins it (level, nobody does), then the most games won wins the match."
            ).format(n=rules.deals)
        )
    elif rules.pool_wins:
        parts.append(
            ngettext(
                "A pool still going after {n} hands stops there, as a session does: the most "
                "games won wins.",
                "A pool still going after {n} hands stops there, as a session does: the most "
                "games won wins.",
                rules.deal_limit,
            ).format(n=rules.deal_limit)
        )
    return " ".join(parts)
