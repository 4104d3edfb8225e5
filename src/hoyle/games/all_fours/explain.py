"""The All Fours rules in force, in plain words, written from an :class:`AllFoursRules` value.

``hoyle rules all-fours --variant X [option=value …]`` prints these lines; each follows the
option values, so the words change when an option does.
"""

from __future__ import annotations

from hoyle.games.all_fours.rules import (
    RANKS,
    AllFoursRules,
    AllPass,
    Bidding,
    CountOrder,
    Direction,
    FirstDealer,
    GameTie,
    Gift,
    Low,
    RepeatExtras,
    Stock,
    Trump,
)

__all__ = ["explain"]

_RANK_NAMES = dict(
    zip(
        RANKS,
        ("2", "3", "4", "5", "6", "7", "8", "9", "ten", "jack", "queen", "king", "ace"),
        strict=True,
    )
)


def _article(rank: str) -> str:
    name = _RANK_NAMES[rank]
    return f"{'an' if name[0] in 'a8' else 'a'} {name}"


def explain(rules: AllFoursRules) -> list[str]:
    """A sentence or two per topic: table, first deal, the deal and trumps, begging and
    bidding, play, scoring and the end."""
    lines = [
        _table(rules),
        _first_dealer(rules),
        _deal(rules),
        *_begging(rules),
        *_bidding(rules),
        _play(rules),
        *_points(rules),
        _end(rules),
    ]
    return [line for line in lines if line]


def _table(rules: AllFoursRules) -> str:
    n = rules.players
    teams = rules.team_count
    who = (
        f"{n} players in {teams} teams of {n // teams}, partners seated alternately"
        if teams
        else f"{n} players, each alone"
    )
    way = "clockwise" if rules.direction is Direction.CLOCKWISE else "anticlockwise"
    return f"{who}; the deal and the play go {way}, with the 52-card pack, aces high."


def _first_dealer(rules: AllFoursRules) -> str:
    first = rules.first_dealer
    if first is FirstDealer.CUT_HIGH:
        return "For the first deal each player cuts; the highest card deals (ties cut again)."
    if first is FirstDealer.CUT_PUT:
        return (
            "For the first deal each player cuts, the cards ranking 3 2 A K Q J 10 … 4 as in "
            "Put; the highest deals (ties cut again)."
        )
    if first is FirstDealer.FIRST_JACK:
        return (
            "Cards are dealt face up round the table until a jack appears: that player pitches "
            "first and the player before them deals."
        )
    return (
        "For the first pitch one team cuts and the other guesses the colour: right, the "
        "guessers choose which of them pitches first; wrong, the cutters do."
    )


def _deal(rules: AllFoursRules) -> str:
    text = f"The dealer gives {rules.hand_size} cards to each player in threes"
    if rules.trump is Trump.TURN_UP:
        text += " and turns up the next card: its suit is trumps."
        kicks = rules.kicks
        if kicks:
            parts = [f"{_article(RANKS[r])} {points}" for r, points in sorted(kicks.items())]
            text += f" The dealer's side scores for the card turned: {', '.join(parts)}."
        return text
    if rules.trump is Trump.CUT:
        text = (
            "Before the deal a card is cut at random: its suit is trumps, and it goes back into "
            "the pack. " + text + "."
        )
        if rules.stock is not Stock.NONE:
            face = "face up" if rules.stock is Stock.FACE_UP else "face down"
            text += (
                f" The rest is a stock, {face}; after each trick the winner draws first, then "
                "the other player, and play goes on until every card is played."
            )
        return text
    text += "; there is no turn-up: the first card led (the pitch) makes its suit trumps."
    if rules.hide_partner_until_pitch and rules.team_count:
        text += " The pitcher's partner may not look at their cards before the pitch."
    return text


def _begging(rules: AllFoursRules) -> list[str]:
    if not rules.begging:
        return []
    gift = (
        f"gives eldest {rules.gift_points} and the hand is thrown in unplayed"
        if rules.gift is Gift.THROW_IN
        else f"gives each opposing side {rules.gift_points} and the hand is played"
    )
    lines = [
        "Eldest hand stands or begs. Begged, the dealer either " + gift + ", or runs the "
        "cards: three more to each and a new turn-up, again while the begged suit repeats."
    ]
    if rules.forced_beg_without_trump:
        lines.append("Eldest must beg when holding no trump.")
    repeat = (
        "A repeated suit throws that turn-up and its extra cards out unseen."
        if rules.repeat_extras is RepeatExtras.DISCARD_UNSEEN
        else "Every extra card dealt is kept, whatever turns up."
    )
    lines.append(repeat)
    if rules.kick_while_running:
        lines.append("While running, every scoring card turned scores, trumps or not.")
    if rules.discards_to_hand:
        lines.append(f"After running each player discards back to {rules.hand_size} cards.")
    else:
        lines.append("After running every card is played.")
    if rules.hide_hands_until_beg and rules.players > 2:
        lines.append("Only the dealer and eldest may look at their cards until eldest decides.")
    return lines


def _bidding(rules: AllFoursRules) -> list[str]:
    if rules.bidding is Bidding.NONE:
        return []
    bids = f"bids once, {rules.min_bid} to 4 and more than the bid before, or passes"
    if rules.bidding is Bidding.COMMERCIAL:
        lines = [
            f"Each player after eldest {bids}. Eldest then sells the pitch, scoring the bid at "
            "once, or keeps it; whoever pitches must make the bid or be set back by it. With "
            "no bid eldest pitches with nothing to make."
        ]
    else:
        everyone = (
            "if all pass the hand is thrown in"
            if rules.all_pass is AllPass.REDEAL
            else "if all pass the dealer must bid"
        )
        lines = [
            f"From eldest each player {bids}; {everyone}. The highest bidder pitches and must "
            "make the bid or be set back by it."
        ]
    if rules.smudge:
        lines.append("A pitcher who bids 4 and takes all four points wins the game outright.")
    return lines


def _play(rules: AllFoursRules) -> str:
    if rules.trump_when_able:
        follow = (
            "a trump led must be followed with a trump if possible; a plain suit led may be "
            "followed or trumped, and a player who cannot follow plays anything"
        )
    else:
        follow = "players must follow suit if they can, and otherwise play anything"
    text = f"Eldest leads; {follow}. The highest trump wins, else the highest card of the suit led."
    if rules.no_undertrump:
        text += (
            " Once a plain suit led has been trumped, nobody may play a lower trump unless "
            "holding only trumps."
        )
    if rules.throw_in:
        text += (
            " A player with no trump and nothing above a 9 who is losing the trick may throw "
            "in the hand, face up; the partner plays on alone."
        )
    return text


def _points(rules: AllFoursRules) -> list[str]:
    low = (
        "to whoever takes it in a trick" if rules.low is Low.CAPTURED else "to whoever was dealt it"
    )
    jack = (
        f"the jack of trumps 1 to the side that takes it ({rules.hang_jack} if taken from the "
        "side that held it)"
        if rules.hang_jack
        else "the jack of trumps 1 to the side that takes it, if it was dealt"
    )
    tie = {
        GameTie.NOBODY: "a tie scores nothing",
        GameTie.ELDEST: "a tie goes to eldest",
        GameTie.NON_DEALER: "a tie goes to the dealer's opponents",
    }[rules.game_tie]
    five = f", the five of trumps {rules.five_value}" if rules.five_value else ""
    lines = [
        f"Each hand scores High (the highest trump in play, to whoever held it) 1, Low (the "
        f"lowest) 1 {low}, {jack}, and Game {rules.game_value} to the side with the most card "
        f"points in its tricks (ace 4, king 3, queen 2, jack 1, ten 10{five}); {tie}."
    ]
    if rules.trick_points_at_once:
        lines.append(
            "The winner of a trick also scores at once the card points of the trumps in it."
        )
    if rules.all_four_bonus:
        lines.append(
            f"A side that scores High, Low, Jack and Game in one hand gains "
            f"{rules.all_four_bonus} more, counted after Game."
        )
    order = (
        "the pitcher's side first, then the others"
        if rules.count_order is CountOrder.PITCHER_FIRST
        else "in the order High, Low, Jack, Game"
    )
    lines.append(
        f"Points scored during the deal count at once; the hand's points count {order}, and "
        "the first side to reach the target wins at that moment."
    )
    return lines


def _end(rules: AllFoursRules) -> str:
    cap = (
        f" A match still going after {rules.deal_limit} hands stops there: the higher total "
        "wins, and sides level at the top share the win."
    )
    if rules.deals == 1:
        return "One hand is played; each side scores what it makes in it."
    if rules.deals:
        tie = (
            f"a tie plays {rules.tie_deals} more hands until it is broken"
            if rules.tie_deals
            else "sides level at the top share the win"
        )
        return f"The match is {rules.deals} hands; the higher total wins, and {tie}." + cap
    return f"The game is {rules.target} points." + cap
