"""The rules in force, in plain words, written from a :class:`HeartsRules` value.

``hoyle rules hearts --variant X [option=value …]`` prints these lines, so what it says always
matches what the engine does: change an option and the sentence about it changes with it. Each
function covers one stage of a deal; together they speak of every option.
"""

from __future__ import annotations

from hoyle.cards import TOKENS, Card
from hoyle.games.hearts.rules import (
    BonusCard,
    FirstLead,
    HeartsRules,
    HeartValues,
    Moon,
    Partnership,
    Pass,
    SpadeValues,
    Stakes,
    Tie,
    Widow,
)
from hoyle.i18n import N_, _, ngettext

__all__ = ["explain"]


def explain(rules: HeartsRules) -> list[str]:
    """One sentence (or a few) per topic: table, deal, pass, bidding, play, cards, moon,
    scoring and the end of the match."""
    lines = [
        _table(rules),
        _passing(rules),
        *_bidding(rules),
        _first_lead(rules),
        _following(rules),
        _leading_hearts(rules),
        _values(rules),
        *_queens(rules),
        _moon(rules),
        *_settlement(rules),
        _end(rules),
    ]
    return [line for line in lines if line]


def _card(token: str) -> str:
    return Card.from_token(token).pretty()


def _list(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return _("{items} and {last}").format(items=", ".join(words[:-1]), last=words[-1])


def _table(rules: HeartsRules) -> str:
    n = rules.players
    if rules.partnership is not Partnership.NONE:
        who = _("{n} players in two partnerships, partners sitting opposite").format(n=n)
    else:
        who = _("{n} players").format(n=n)
    removed = [_card(TOKENS[c]) for c in rules.removed_cards]
    if removed:
        pack = _("the 52-card pack without the {cards}").format(cards=_list(removed))
    else:
        pack = _("the 52-card pack")
    if rules.packs == 2:
        pack = _("two 52-card packs shuffled together (every card twice)")
    if rules.jokers:
        pack += ngettext(" and {n} joker", " and {n} jokers", rules.jokers).format(n=rules.jokers)
    size = 52 * rules.packs - len(removed) + rules.jokers
    if rules.hand_size:
        stock = size - rules.hand_size * n
        return _(
            "{who}, with {pack}: {hand} cards each, and the other {stock} face down as a stock."
        ).format(who=who, pack=pack, hand=rules.hand_size, stock=stock)
    widow = rules.widow_size
    hand = (size - widow) // n
    if not widow:
        text = _("{who}, with {pack}: {hand} cards each.")
    elif rules.packs == 2:
        text = _(
            "{who}, with {pack}: {hand} cards each, and the {widow} left over face down to a "
            "kitty, which the winner of the first trick adds to their tricks, unseen by the "
            "others."
        )
    elif rules.widow is Widow.TO_HAND:
        text = _(
            "{who}, with {pack}: {hand} cards each, and {widow} face down to a widow. The "
            "winner of the first trick takes the widow into hand, then lays away {widow} cards "
            "face down into their tricks; nobody else sees them."
        )
    else:
        text = _(
            "{who}, with {pack}: {hand} cards each, and {widow} face down to a widow. The "
            "winner of the first trick adds the widow to their tricks, unseen by the others."
        )
    return text.format(who=who, pack=pack, hand=hand, widow=widow)


# Marked with N_ and translated where shown: this table is built once, at import, before any
# language is chosen.
_DIRECTION = {
    Pass.LEFT: N_("to the left"),
    Pass.RIGHT: N_("to the right"),
    Pass.ACROSS: N_("across"),
    Pass.SECOND_LEFT: N_("to the second player on the left"),
    Pass.SECOND_RIGHT: N_("to the second player on the right"),
    Pass.SCATTER: N_("shared out, an equal number to every other player"),
    Pass.MIX: N_("into a pool that is shuffled and dealt back"),
    Pass.HOLD: N_("nowhere (no pass)"),
}


def _passing(rules: HeartsRules) -> str:
    cycle = rules.effective_pass_cycle
    if all(d is Pass.HOLD for d in cycle):
        return _("No cards are passed.")
    count = ngettext("{n} card", "{n} cards", rules.pass_count).format(n=rules.pass_count)
    if rules.pass_to_partner:
        return _(
            "Each deal every player passes {count} to their partner, chosen before any is seen."
        ).format(count=count)
    if len(cycle) == 1:
        return _("Each deal every player passes {count} {direction}.").format(
            count=count, direction=_(_DIRECTION[cycle[0]])
        )
    steps = _list([_(_DIRECTION[d]) for d in cycle])
    return _(
        "Before play every player passes {count}, all chosen before any is received; deal "
        "by deal the pass goes {steps}, then the cycle repeats."
    ).format(count=count, steps=steps)


def _bidding(rules: HeartsRules) -> list[str]:
    lines = []
    if rules.auction:
        lines.append(
            _(
                "After the deal each player once, from eldest hand to the dealer, passes or bids "
                "more chips than before (at most {chips}); the highest bidder pays the bid "
                "to the table, names the penalty suit (one chip a card) and leads. If all pass, "
                "hearts are the penalty suit."
            ).format(chips=rules.chips)
        )
    if rules.slam_bid:
        bonus = _card(rules.bonus_card.value)
        lines.append(
            _(
                "After the pass each player once, from eldest hand, passes or bids more points "
                "(1 to {most}) to take every trick. The holder of the {bonus} is the "
                "high bidder's silent partner, unknown to the others until the {bonus} is "
                "played. Made, the two score minus (the deal's full penalty + the bid) each and "
                "nobody else scores; failed, each of the two scores their combined score plus "
                "the bid."
            ).format(most=rules.slam_bid, bonus=bonus)
        )
    if rules.generale:
        lines.append(
            _(
                "Before the first lead each player in turn, from eldest hand, may announce a "
                "Générale: made, every opponent scores the deal's full penalty; failed, the "
                "declarer alone scores it."
            )
        )
    return lines


def _first_lead(rules: HeartsRules) -> str:
    if rules.first_lead is FirstLead.ELDEST_ANY:
        return _("Eldest hand (left of the dealer) leads any card to the first trick.")
    club = min(
        (c for c in range(13) if c not in rules.removed_cards), default=0
    )  # the lowest club in the pack
    if rules.lead_any_club:
        text = _("The holder of the {card} leads any club to the first trick.")
    else:
        text = _("The holder of the {card} leads it to the first trick.")
    return text.format(card=_card(TOKENS[club]))


def _following(rules: HeartsRules) -> str:
    # The sentences are joined with a space, each a whole unit for the translator.
    parts = [_("Players must follow suit if they can; otherwise they may play any card.")]
    if rules.hand_size:
        parts = [
            _(
                "Players must follow suit if they can. A player who cannot draws from the stock, "
                "one card at a time, until able to follow; once the stock is empty they may play "
                "any card."
            )
        ]
    if rules.revoke_penalty:
        parts.append(
            _(
                "A player may revoke instead: the revoke is seen at once, the revoker takes the "
                "trick and pays {chips} chips to each opponent."
            ).format(chips=rules.revoke_penalty)
        )
    if rules.jokers:
        parts.append(
            _(
                "A joker may be played to any trick, even by a player who could follow; it never "
                "wins and counts nothing, and after a led joker the next other card sets the suit."
            )
        )
    if rules.no_points_first_trick:
        if rules.queen_allowed_first_trick:
            parts.append(
                _("On the first trick no heart may be played unless the player holds nothing else.")
            )
        else:
            parts.append(
                _(
                    "On the first trick no penalty card may be played unless the player holds "
                    "nothing else."
                )
            )
    if rules.packs == 2 and rules.cancellation:
        parts.append(
            _(
                "Two identical cards in one trick cancel each other: the highest uncancelled card "
                "of the suit led wins, and its winner leads next. A trick with two cancelled "
                "pairs, or with no uncancelled card of the suit led, is void: its cards go to the "
                "winner of the next trick, and the same player leads again; a void last trick "
                "goes to the previous trick's winner (or, if no trick had one, to its leader)."
            )
        )
        return " ".join(parts)
    if rules.packs == 2:
        parts.append(_("Of two identical cards the one played first ranks higher."))
    parts.append(_("The highest card of the suit led wins the trick, and its winner leads next."))
    if rules.hand_size:
        parts.append(
            _(
                "A player out of cards drops out of the deal (a winner with none hands the lead "
                "to the next player on the left still holding cards). The last player holding "
                "cards adds them and what is left of the stock to their tricks; if everyone runs "
                "out in the same trick, its winner takes the stock."
            )
        )
    return " ".join(parts)


def _leading_hearts(rules: HeartsRules) -> str:
    if not rules.must_break_hearts:
        return _("Hearts may be led at any time.")
    if rules.queen_breaks_hearts:
        breaker = _("Hearts may not be led until a heart or the Q♠ has been played")
    else:
        breaker = _("Hearts may not be led until a heart has been played")
    if rules.lead_hearts_instead_of_queen:
        return _(
            "{breaker}, unless the leader holds only hearts (or only hearts and the Q♠)."
        ).format(breaker=breaker)
    return _("{breaker}, unless the leader holds only hearts.").format(breaker=breaker)


_HEARTS = {
    HeartValues.ONE: N_("each heart costs 1"),
    HeartValues.SPOT: N_("each heart costs its rank: 2–10 face value, J 11, Q 12, K 13, A 14"),
    HeartValues.GREEK: N_("the hearts cost 2–10 face value, J Q K 10 each and A 15"),
    HeartValues.PARLETT: N_("the hearts cost 2–10 1 each, J Q K 10 each and A 15"),
    HeartValues.EAGLE_SHORT: N_("the hearts cost 2–10 1 each, J 2, Q 3, K 4 and A 5"),
    HeartValues.EAGLE_SHORT_FACE: N_("the hearts cost 2–10 face value, J 2, Q 3, K 4 and A 5"),
}


def _values(rules: HeartsRules) -> str:
    parts = [_(_HEARTS[rules.heart_values])]
    if rules.ace_value is not None:
        parts.append(_("the A♥ {points}").format(points=rules.ace_value))
    if rules.other_queens:
        parts.append(
            _("the Q♣, Q♦ and Q♥ {points} each (the Q♥ only as a queen)").format(
                points=rules.other_queens
            )
        )
    if rules.queen_spades:
        parts.append(_("the Q♠ {points}").format(points=rules.queen_spades))
    if rules.jack_value:
        parts.append(_("the J♠ {points}").format(points=rules.jack_value))
    if rules.spade_values is not SpadeValues.NONE:
        ace, king = (10, 7) if rules.spade_values is SpadeValues.SEED else (7, 10)
        parts.append(_("the A♠ {ace} and the K♠ {king}").format(ace=ace, king=king))
    bonus = [rules.bonus_card.value] if rules.bonus_card is not BonusCard.NONE else []
    if rules.jd_bonus and "JD" not in bonus:
        bonus.append("JD")
    text = _("Penalties: {values}").format(values=_list(parts))
    if bonus:
        text += _("; the {cards} counts −10 to its taker").format(
            cards=_list([_card(t) for t in bonus])
        )
    values = rules.card_values()
    dealt = [c for c in range(52) if c not in rules.removed_cards]
    total = rules.packs * sum(values[c] for c in dealt if values[c] > 0)
    if rules.packs == 2:
        return text + _(", each copy of both packs ({total} penalty points a deal).").format(
            total=total
        )
    return text + _(" ({total} penalty points a deal).").format(total=total)


def _queens(rules: HeartsRules) -> list[str]:
    lines = []
    if rules.heart_queen_doubles:
        lines.append(_("The Q♥ doubles every heart its taker captured, itself included."))
    if rules.club_queen_cancels:
        lines.append(_("The Q♣ cancels the Q♠'s penalty for a player who takes both."))
    if rules.diamond_queen:
        lines.append(
            _("The Q♦ takes {points} off its taker's running total, never below 0.").format(
                points=rules.diamond_queen
            )
        )
    return lines


def _moon(rules: HeartsRules) -> str:
    moon = rules.moon
    if moon is Moon.NONE:
        return _("There is no shooting the moon: every penalty card taken counts.")
    if rules.partnership is Partnership.TEAM:
        who = _("A partnership whose two players take every penalty card between them")
    else:
        who = _("A player who takes every penalty card")
    if rules.packs == 2:
        who = _("{who} of both packs").format(who=who)
    if rules.moon_points is None:
        worth = _("the deal's full penalty")
    elif rules.moon_points == 0:
        worth = _("their own score for the deal")
    else:
        worth = str(rules.moon_points)
    if rules.partnership is not Partnership.TEAM:
        others = _("each other player")
    else:
        others = _("each opponent")
    if moon is Moon.SLAM:
        return _(
            "A player who takes every counting card, the bonus card included, makes a slam: "
            "they score minus {worth} and nobody else scores."
        ).format(worth=worth)
    if rules.generale and rules.moon_points is not None:
        verb = _("makes a silent Générale")
    else:
        verb = _("shoots the moon")
    if moon is Moon.ADD:
        then = _("their penalty cards count nothing and {others} scores {worth}.")
    elif moon is Moon.SUBTRACT:
        then = _("they take {worth} off their total and nobody else scores.")
    elif moon is Moon.CHOOSE:
        then = _("they choose to take {worth} off their total or to add it to {others}.")
    elif moon is Moon.ADD_UNLESS_LOSING:
        then = _(
            "{Others} scores {worth}, unless that would end the match with the shooter not "
            "winning: then the shooter takes it off their own total."
        )
    else:  # Moon.VOID_DEAL
        then = _("nobody scores for that deal.")
    then = then.format(others=others, Others=others.capitalize(), worth=worth)
    return _("{who} {verb}: {then}").format(who=who, verb=verb, then=then)


def _settlement(rules: HeartsRules) -> list[str]:
    lines = []
    if rules.chips:
        lines.append(
            _(
                "Played for chips, each player starting with {chips}. After each deal the "
                "player who took the least collects from every other player what that player "
                "took; players tied for least share it and what does not divide stays on the "
                "table for the next deal. A player who takes every penalty card pays the full "
                "amount, an equal share to each opponent and the rest to the table."
            ).format(chips=rules.chips)
        )
    if rules.partnership is Partnership.TEAM:
        lines.append(_("Partners add their points together."))
    elif rules.partnership is Partnership.INDIVIDUAL:
        lines.append(
            _("Each player keeps their own score; at the end each partnership adds its two.")
        )
    if rules.no_tricks_bonus:
        lines.append(
            _(
                "A player who takes no trick in a deal without a moon has {points} taken off."
            ).format(points=rules.no_tricks_bonus)
        )
    if rules.stakes is Stakes.AVERAGE:
        lines.append(
            _(
                "At the end every player pays the difference above the average score into a "
                "pool, or draws the difference below it."
            )
        )
    return lines


_DEFAULT_DEAL_LIMIT = HeartsRules().deal_limit


def _end(rules: HeartsRules) -> str:
    if rules.deals:
        end = ngettext("The match is {n} deal", "The match is {n} deals", rules.deals).format(
            n=rules.deals
        )
    elif rules.chips:
        end = _("The game ends after the deal in which someone has no chips left")
    elif rules.partnership is Partnership.TEAM:
        end = _("The match ends after the deal in which a partnership reaches {target}").format(
            target=rules.target
        )
    else:
        end = _("The match ends after the deal in which anyone reaches {target}").format(
            target=rules.target
        )
    best = _("the most chips wins") if rules.chips else _("the lowest total wins")
    if rules.tie is Tie.SHARE:
        tie = _("players tied for it share the win")
    else:
        tie = _("a tie for it is played off with more deals")
    text = _("{end}; {best}, and {tie}.").format(end=end, best=best, tie=tie)
    # The safety cap is said only when set lower than its default, where a match may meet it.
    if rules.max_deals == rules.deal_limit < _DEFAULT_DEAL_LIMIT:
        text += " " + _("Whatever the scores, the match stops after {n} deals.").format(
            n=rules.deal_limit
        )
    return text
