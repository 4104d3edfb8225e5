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
    return ", ".join(words[:-1]) + " and " + words[-1]


def _table(rules: HeartsRules) -> str:
    n = rules.players
    who = f"{n} players"
    if rules.partnership is not Partnership.NONE:
        who += " in two partnerships, partners sitting opposite"
    removed = [_card(TOKENS[c]) for c in rules.removed_cards]
    pack = "the 52-card pack" + (f" without the {_list(removed)}" if removed else "")
    if rules.packs == 2:
        pack = "two 52-card packs shuffled together (every card twice)"
    if rules.jokers:
        pack += f" and {rules.jokers} joker{'s' if rules.jokers > 1 else ''}"
    size = 52 * rules.packs - len(removed) + rules.jokers
    if rules.hand_size:
        stock = size - rules.hand_size * n
        return (
            f"{who.capitalize()}, with {pack}: {rules.hand_size} cards each, and the other "
            f"{stock} face down as a stock."
        )
    widow = rules.widow_size
    hand = (size - widow) // n
    text = f"{who.capitalize()}, with {pack}: {hand} cards each"
    if not widow:
        return text + "."
    if rules.packs == 2:
        return text + (
            f", and the {widow} left over face down to a kitty, which the winner of the first "
            "trick adds to their tricks, unseen by the others."
        )
    text += f", and {widow} face down to a widow. The winner of the first trick "
    if rules.widow is Widow.TO_HAND:
        return text + (
            f"takes the widow into hand, then lays away {widow} cards face down into their "
            "tricks; nobody else sees them."
        )
    return text + "adds the widow to their tricks, unseen by the others."


_DIRECTION = {
    Pass.LEFT: "to the left",
    Pass.RIGHT: "to the right",
    Pass.ACROSS: "across",
    Pass.SECOND_LEFT: "to the second player on the left",
    Pass.SECOND_RIGHT: "to the second player on the right",
    Pass.SCATTER: "shared out, an equal number to every other player",
    Pass.MIX: "into a pool that is shuffled and dealt back",
    Pass.HOLD: "nowhere (no pass)",
}


def _passing(rules: HeartsRules) -> str:
    cycle = rules.effective_pass_cycle
    if all(d is Pass.HOLD for d in cycle):
        return "No cards are passed."
    count = f"{rules.pass_count} card{'s' if rules.pass_count > 1 else ''}"
    if rules.pass_to_partner:
        return f"Each deal every player passes {count} to their partner, chosen before any is seen."
    if len(cycle) == 1:
        return f"Each deal every player passes {count} {_DIRECTION[cycle[0]]}."
    steps = _list([_DIRECTION[d] for d in cycle])
    return (
        f"Before play every player passes {count}, all chosen before any is received; deal "
        f"by deal the pass goes {steps}, then the cycle repeats."
    )


def _bidding(rules: HeartsRules) -> list[str]:
    lines = []
    if rules.auction:
        lines.append(
            f"After the deal each player once, from eldest hand to the dealer, passes or bids "
            f"more chips than before (at most {rules.chips}); the highest bidder pays the bid "
            "to the table, names the penalty suit (one chip a card) and leads. If all pass, "
            "hearts are the penalty suit."
        )
    if rules.slam_bid:
        bonus = _card(rules.bonus_card.value)
        lines.append(
            f"After the pass each player once, from eldest hand, passes or bids more points "
            f"(1 to {rules.slam_bid}) to take every trick. The holder of the {bonus} is the "
            f"high bidder's silent partner, unknown to the others until the {bonus} is played. "
            "Made, the two score minus (the deal's full penalty + the bid) each and nobody "
            "else scores; failed, each of the two scores their combined score plus the bid."
        )
    if rules.generale:
        lines.append(
            "Before the first lead each player in turn, from eldest hand, may announce a "
            "Générale: made, every opponent scores the deal's full penalty; failed, the "
            "declarer alone scores it."
        )
    return lines


def _first_lead(rules: HeartsRules) -> str:
    if rules.first_lead is FirstLead.ELDEST_ANY:
        return "Eldest hand (left of the dealer) leads any card to the first trick."
    club = min(
        (c for c in range(13) if c not in rules.removed_cards), default=0
    )  # the lowest club in the pack
    text = f"The holder of the {_card(TOKENS[club])} leads "
    return text + (
        "any club to the first trick." if rules.lead_any_club else "it to the first trick."
    )


def _following(rules: HeartsRules) -> str:
    text = "Players must follow suit if they can; otherwise they may play any card."
    if rules.hand_size:
        text = (
            "Players must follow suit if they can. A player who cannot draws from the stock, "
            "one card at a time, until able to follow; once the stock is empty they may play "
            "any card."
        )
    if rules.revoke_penalty:
        text += (
            f" A player may revoke instead: the revoke is seen at once, the revoker takes the "
            f"trick and pays {rules.revoke_penalty} chips to each opponent."
        )
    if rules.jokers:
        text += (
            " A joker may be played to any trick, even by a player who could follow; it never "
            "wins and counts nothing, and after a led joker the next other card sets the suit."
        )
    if rules.no_points_first_trick:
        what = "no heart" if rules.queen_allowed_first_trick else "no penalty card"
        text += f" On the first trick {what} may be played unless the player holds nothing else."
    if rules.packs == 2 and rules.cancellation:
        return text + (
            " Two identical cards in one trick cancel each other: the highest uncancelled card "
            "of the suit led wins, and its winner leads next. A trick with two cancelled pairs, "
            "or with no uncancelled card of the suit led, is void: its cards go to the winner "
            "of the next trick, and the same player leads again; a void last trick goes to the "
            "previous trick's winner (or, if no trick had one, to its leader)."
        )
    if rules.packs == 2:
        text += " Of two identical cards the one played first ranks higher."
    text += " The highest card of the suit led wins the trick, and its winner leads next."
    if rules.hand_size:
        text += (
            " A player out of cards drops out of the deal (a winner with none hands the lead "
            "to the next player on the left still holding cards). The last player holding "
            "cards adds them and what is left of the stock to their tricks; if everyone runs "
            "out in the same trick, its winner takes the stock."
        )
    return text


def _leading_hearts(rules: HeartsRules) -> str:
    if not rules.must_break_hearts:
        return "Hearts may be led at any time."
    breaker = "a heart or the Q♠" if rules.queen_breaks_hearts else "a heart"
    text = f"Hearts may not be led until {breaker} has been played"
    text += ", unless the leader holds only hearts"
    if rules.lead_hearts_instead_of_queen:
        text += " (or only hearts and the Q♠)"
    return text + "."


_HEARTS = {
    HeartValues.ONE: "each heart costs 1",
    HeartValues.SPOT: "each heart costs its rank: 2–10 face value, J 11, Q 12, K 13, A 14",
    HeartValues.GREEK: "the hearts cost 2–10 face value, J Q K 10 each and A 15",
    HeartValues.PARLETT: "the hearts cost 2–10 1 each, J Q K 10 each and A 15",
    HeartValues.EAGLE_SHORT: "the hearts cost 2–10 1 each, J 2, Q 3, K 4 and A 5",
    HeartValues.EAGLE_SHORT_FACE: "the hearts cost 2–10 face value, J 2, Q 3, K 4 and A 5",
}


def _values(rules: HeartsRules) -> str:
    parts = [_HEARTS[rules.heart_values]]
    if rules.ace_value is not None:
        parts.append(f"the A♥ {rules.ace_value}")
    if rules.other_queens:
        parts.append(f"the Q♣, Q♦ and Q♥ {rules.other_queens} each (the Q♥ only as a queen)")
    if rules.queen_spades:
        parts.append(f"the Q♠ {rules.queen_spades}")
    if rules.jack_value:
        parts.append(f"the J♠ {rules.jack_value}")
    if rules.spade_values is not SpadeValues.NONE:
        ace, king = (10, 7) if rules.spade_values is SpadeValues.SEED else (7, 10)
        parts.append(f"the A♠ {ace} and the K♠ {king}")
    bonus = [rules.bonus_card.value] if rules.bonus_card is not BonusCard.NONE else []
    if rules.jd_bonus and "JD" not in bonus:
        bonus.append("JD")
    text = "Penalties: " + _list(parts)
    if bonus:
        text += f"; the {_list([_card(t) for t in bonus])} counts −10 to its taker"
    values = rules.card_values()
    dealt = [c for c in range(52) if c not in rules.removed_cards]
    total = rules.packs * sum(values[c] for c in dealt if values[c] > 0)
    each = ", each copy of both packs" if rules.packs == 2 else ""
    return text + f"{each} ({total} penalty points a deal)."


def _queens(rules: HeartsRules) -> list[str]:
    lines = []
    if rules.heart_queen_doubles:
        lines.append("The Q♥ doubles every heart its taker captured, itself included.")
    if rules.club_queen_cancels:
        lines.append("The Q♣ cancels the Q♠'s penalty for a player who takes both.")
    if rules.diamond_queen:
        lines.append(
            f"The Q♦ takes {rules.diamond_queen} off its taker's running total, never below 0."
        )
    return lines


def _moon(rules: HeartsRules) -> str:
    moon = rules.moon
    if moon is Moon.NONE:
        return "There is no shooting the moon: every penalty card taken counts."
    who = (
        "A partnership whose two players take every penalty card between them"
        if rules.partnership is Partnership.TEAM
        else "A player who takes every penalty card"
    )
    if rules.packs == 2:
        who += " of both packs"
    if rules.moon_points is None:
        worth = "the deal's full penalty"
    elif rules.moon_points == 0:
        worth = "their own score for the deal"
    else:
        worth = str(rules.moon_points)
    others = "each other player" if rules.partnership is not Partnership.TEAM else "each opponent"
    if moon is Moon.SLAM:
        return (
            "A player who takes every counting card, the bonus card included, makes a slam: "
            f"they score minus {worth} and nobody else scores."
        )
    text = f"{who} shoots the moon: "
    if moon is Moon.ADD:
        text += f"their penalty cards count nothing and {others} scores {worth}."
    elif moon is Moon.SUBTRACT:
        text += f"they take {worth} off their total and nobody else scores."
    elif moon is Moon.CHOOSE:
        text += f"they choose to take {worth} off their total or to add it to {others}."
    elif moon is Moon.ADD_UNLESS_LOSING:
        text += (
            f"{others.capitalize()} scores {worth}, unless that would end the match with the "
            "shooter not winning: then the shooter takes it off their own total."
        )
    else:  # Moon.VOID_DEAL
        text += "nobody scores for that deal."
    if rules.generale and rules.moon_points is not None:
        text = text.replace("shoots the moon", "makes a silent Générale")
    return text


def _settlement(rules: HeartsRules) -> list[str]:
    lines = []
    if rules.chips:
        lines.append(
            f"Played for chips, each player starting with {rules.chips}. After each deal the "
            "player who took the least collects from every other player what that player "
            "took; players tied for least share it and what does not divide stays on the table "
            "for the next deal. A player who takes every penalty card pays the full amount, an "
            "equal share to each opponent and the rest to the table."
        )
    if rules.partnership is Partnership.TEAM:
        lines.append("Partners add their points together.")
    elif rules.partnership is Partnership.INDIVIDUAL:
        lines.append("Each player keeps their own score; at the end each partnership adds its two.")
    if rules.no_tricks_bonus:
        lines.append(
            f"A player who takes no trick in a deal without a moon has {rules.no_tricks_bonus} "
            "taken off."
        )
    if rules.stakes is Stakes.AVERAGE:
        lines.append(
            "At the end every player pays the difference above the average score into a pool, "
            "or draws the difference below it."
        )
    return lines


_DEFAULT_DEAL_LIMIT = HeartsRules().deal_limit


def _end(rules: HeartsRules) -> str:
    if rules.deals:
        end = f"The match is {rules.deals} deal{'s' if rules.deals > 1 else ''}"
    elif rules.chips:
        end = "The game ends after the deal in which someone has no chips left"
    else:
        side = "a partnership" if rules.partnership is Partnership.TEAM else "anyone"
        end = f"The match ends after the deal in which {side} reaches {rules.target}"
    best = "the most chips wins" if rules.chips else "the lowest total wins"
    tie = (
        "players tied for it share the win"
        if rules.tie is Tie.SHARE
        else "a tie for it is played off with more deals"
    )
    text = f"{end}; {best}, and {tie}."
    # The safety cap is said only when set lower than its default, where a match may meet it.
    if rules.max_deals == rules.deal_limit < _DEFAULT_DEAL_LIMIT:
        text += f" Whatever the scores, the match stops after {rules.deal_limit} deals."
    return text
