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

__all__ = ["LAWS_ENFORCED", "LAWS_MOOT", "explain"]

LAWS_ENFORCED: dict[str, str] = {
    "5": "the cut for deal: each cuts a card, the highest in the game's ranking deals",
    "8": "five cards each in packets of 2 and 3, the order kept for the game",
    "10": "the eleventh card is turned for trumps",
    "22, 47, 50": "a turned king scores 1 to the dealer at once (marking is automatic)",
    "23–24": "the king of trumps held scores 1 only when announced (mark king) before its "
    "holder's first card, or by a dealer whose first card it was before the second",
    "26–27": "a proposal names its number and stands (with propose_then_choose elder names "
    "no number and chooses the discards after acceptance, as EB1911 describes); the answer "
    "stands; the number of cards each player took is public",
    "28": "discards are face down: no observation shows another player's discards",
    "38": "elder always gets the cards asked for (the proposal is capped at the stock); a "
    "dealer left without stock takes nothing and must play",
    "42": "abandoning the hand credits the opponent with every trick left",
    "46": "game is 5 (target); optionally treble, double or single by the loser's points",
    "48": "the point (3 or 4 tricks) scores 1, the vole 2",
    "49": "playing without proposing, or refusing the first proposal, and failing gives the "
    "opponent 2 for the point (never 3 for the vole)",
}
"""The laws the engine applies, by number, with how."""

LAWS_MOOT: dict[str, str] = {
    "1–4, 6–7, 44–45": "shuffling, cutting and packs: the engine shuffles and cuts a perfect "
    "pack from its seeded generator",
    "9, 11–21": "misdeals, exposed and surplus cards: the engine deals exactly five and turns "
    "exactly one card",
    "25": "a false announcement of the king: mark king is legal only to its holder",
    "29–37": "errors in the exchange (too many or too few cards, exposed cards): the engine "
    "deals exactly what was discarded",
    "39–41, 43": "retracting cards, playing out of turn, revokes and failing to win a trick: "
    "illegal plays are refused, so they never happen",
    "24 (first sentence)": "announcing a king led as the first card before the reply: elder "
    "announces before leading, which scores the same; the engine gives no turn between a "
    "lead and its reply",
    "51": "an overscore: the engine keeps the score",
}
"""The laws that cannot arise here, and why."""


def explain(rules: EcarteRules) -> list[str]:
    """A sentence or two per topic: table, pack, deal, exchange, king, play, scoring, end,
    then the laws enforced and those that cannot arise."""
    lines = [
        _table(rules),
        _pack(rules),
        _deal(rules),
        _exchange(rules),
        _king(rules),
        _play(rules),
        *_scoring(rules),
        _end(rules),
        "Laws enforced: " + "; ".join(f"{law}: {how}" for law, how in LAWS_ENFORCED.items()) + ".",
        "Laws that cannot arise (the engine refuses illegal actions): "
        + "; ".join(f"{law}: {why}" for law, why in LAWS_MOOT.items())
        + ".",
    ]
    return [line for line in lines if line]


def _table(rules: EcarteRules) -> str:
    n = rules.players
    if n == 2:
        return "Two players. The highest cut deals; after that the deal alternates."
    waiting = n - 2
    who = "waits" if waiting == 1 else "wait"
    text = (
        f"{n} seats: two play, {waiting} {who}. All cut: the highest deals and the next plays "
        "against him; the deal then alternates."
    )
    if rules.bets:
        text += (
            f" Before each game every waiting player may back one of the two for "
            f"{rules.bet_stake}, settled when the game ends."
        )
        if rules.advice:
            text += (
                " A backer sees the hand and discards of the player backed, to advise"
                " (French rule)."
            )
        else:
            text += " Backers may not look or advise (English rule)."
    if rules.pool_swap is Swap.GAME:
        text += " The loser of each game changes places with the first waiting player."
    elif rules.pool_swap is Swap.HAND:
        text += " The loser of each hand changes places with the first waiting player."
    return text


def _pack(rules: EcarteRules) -> str:
    order = "K Q J A 10 9 8 7" if rules.ranking is Ranking.KING_HIGH else "A K Q J 10 9 8 7"
    return f"The 32-card pack, ranked {order} in each suit."


def _deal(rules: EcarteRules) -> str:
    how = {
        Packets.CHOOSE: "in packets of 2 then 3 or 3 then 2, as the dealer of each game's "
        "first hand chooses; the order is kept for that game (law 8)",
        Packets.TWO_THREE: "two to each, then three to each",
        Packets.THREE_TWO: "three to each, then two to each",
    }[rules.deal_packets]
    bonus = "king" if rules.bonus_card is BonusCard.KING else "ace"
    return (
        f"Five cards each, {how}. The eleventh card is turned for trumps; a {bonus} turned "
        "scores 1 to the dealer at once."
    )


def _exchange(rules: EcarteRules) -> str:
    dealer = (
        "then the dealer may discard and draw too, or stand"
        if rules.dealer_may_stand
        else "then the dealer must discard and draw at least one card"
    )
    if rules.propose_then_choose:
        ask = (
            "Elder may play, or propose an exchange without naming a number. The dealer "
            "accepts or refuses. Accepted: elder discards one to five cards face down (no "
            "more than the stock holds), says draw and draws as many"
        )
    else:
        ask = (
            "Elder may play, or propose to exchange a number of cards (at most what the stock "
            "holds); the number stands (law 26). The dealer accepts or refuses. Accepted: "
            "elder discards that many face down and draws them"
        )
    return (
        f"{ask}, {dealer}; elder may propose again. It ends when elder plays, the "
        "dealer refuses or the stock is exhausted (a dealer left without cards must play). "
        "How many cards each took is public (law 27); discards are never seen (law 28)."
    )


def _king(rules: EcarteRules) -> str:
    bonus = "king" if rules.bonus_card is BonusCard.KING else "ace"
    return (
        f"The {bonus} of trumps held scores 1 only if announced (mark king) before its "
        "holder plays a first card, or by a dealer whose first card it was, before the second "
        "(laws 23–24)."
    )


def _play(rules: EcarteRules) -> str:
    text = "Elder leads; the winner of a trick leads the next. The second player must follow suit"
    if rules.must_win_trick:
        text += " and win the trick if able"
    if rules.must_trump_when_void:
        text += ", and trump when void"
    else:
        text += "; a player void in the suit led may trump or discard"
    text += "."
    if rules.concede:
        text += (
            " A player may abandon the hand: the opponent is credited with every trick left "
            "(law 42)."
        )
    if rules.doubling:
        text += (
            " Either player, on their turn before the third trick is led, may offer to double: "
            "accepted, the hand's points go doubled to its winner (the king's not); declined, "
            "the hand ends and the offerer scores 1, or 2 if the decliner was vulnerable."
        )
        if rules.redouble:
            text += " The acceptor of a double may double again."
    if rules.offer_point:
        who, when = {
            OfferTiming.BEFORE_LEAD: ("Elder", "before the first card of the hand is led"),
            OfferTiming.OWN_FIRST_CARD: ("A player", "before playing their own first card"),
            OfferTiming.THIRD_TRICK: ("A player", "on their turn until the third trick is led"),
        }[rules.offer_point_until]
        text += (
            f" {who} may offer the opponent the point {when}: accepted, the hand ends as "
            "the accepter's point; refused, the refuser must take all five tricks, scoring 2 "
            "for the vole, or the offerer scores 2."
        )
    return text


def _scoring(rules: EcarteRules) -> list[str]:
    del rules
    return [
        "Three or four tricks win the point, 1; all five the vole, 2. If elder played without "
        "proposing and fails, the dealer scores 2; if the dealer refused the first proposal "
        "and fails, elder scores 2; the vole is still 2 (law 49).",
        "Points count as they arise (king turned, king marked, the hand); the game ends the "
        "moment a player reaches the target.",
    ]


def _end(rules: EcarteRules) -> str:
    text = f"A game is {rules.target} points."
    if rules.game_values is GameValues.TREBLE_DOUBLE_SINGLE:
        text += (
            " A game counts treble if the loser scored nothing, double if one or two, single "
            "if three or four (law 46)."
        )
    if rules.pool_wins:
        text += (
            f" Each pays {rules.pool_stake} into the pool; the first to win {rules.pool_wins} "
            "games in a row takes it."
        )
    elif rules.rubber > 1:
        text += f" The match is a rubber: the first to win {rules.games_to_win} games."
    else:
        text += " The match is one game."
    if rules.deals == 1:
        text += " This session is one hand: its points are the result."
    elif rules.deals:
        text += (
            f" This session stops after {rules.deals} hands: the player ahead in the game in "
            "progress wins it (level, nobody does), then the most games won wins the match."
        )
    elif rules.pool_wins:
        text += (
            f" A pool still going after {rules.deal_limit} hands stops there, as a session "
            "does: the most games won wins."
        )
    return text
