"""The All Fours rules in force, in plain words, written from an :class:`AllFoursRules` value.

``hoyle rules all-fours --variant X [option=value …]`` prints these lines; each follows the
option values, so the words change when an option does. Every sentence is a whole message in
the catalogue, in the language in force (``hoyle --lang es rules all-fours``).
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
from hoyle.i18n import N_, _

__all__ = ["explain"]

# A card turned up, with its article ("an ace"): marked with N_ and translated where shown,
# since the table is built at import, before any language is chosen; a language whose article
# follows the rank's gender (una jota, un as) says it whole.
_KICK_CARD = dict(
    zip(
        RANKS,
        (
            N_("a 2"),
            N_("a 3"),
            N_("a 4"),
            N_("a 5"),
            N_("a 6"),
            N_("a 7"),
            N_("an 8"),
            N_("a 9"),
            N_("a ten"),
            N_("a jack"),
            N_("a queen"),
            N_("a king"),
            N_("an ace"),
        ),
        strict=True,
    )
)


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
    if teams:
        who = _("{n} players in {teams} teams of {size}, partners seated alternately").format(
            n=n, teams=teams, size=n // teams
        )
    else:
        who = _("{n} players, each alone").format(n=n)
    if rules.direction is Direction.CLOCKWISE:
        text = _("{who}; the deal and the play go clockwise, with the 52-card pack, aces high.")
    else:
        text = _("{who}; the deal and the play go anticlockwise, with the 52-card pack, aces high.")
    return text.format(who=who)


def _first_dealer(rules: AllFoursRules) -> str:
    first = rules.first_dealer
    if first is FirstDealer.CUT_HIGH:
        return _("For the first deal each player cuts; the highest card deals (ties cut again).")
    if first is FirstDealer.CUT_PUT:
        return _(
            "For the first deal each player cuts, the cards ranking 3 2 A K Q J 10 … 4 as in "
            "Put; the highest deals (ties cut again)."
        )
    if first is FirstDealer.FIRST_JACK:
        return _(
            "Cards are dealt face up round the table until a jack appears: that player pitches "
            "first and the player before them deals."
        )
    return _(
        "For the first pitch one team cuts and the other guesses the colour: right, the "
        "guessers choose which of them pitches first; wrong, the cutters do."
    )


def _deal(rules: AllFoursRules) -> str:
    size = rules.hand_size
    if rules.trump is Trump.TURN_UP:
        text = _(
            "The dealer gives {n} cards to each player in threes and turns up the next card: "
            "its suit is trumps."
        ).format(n=size)
        kicks = rules.kicks
        if kicks:
            parts = [
                _("{card} {points}").format(card=_(_KICK_CARD[RANKS[r]]), points=points)
                for r, points in sorted(kicks.items())
            ]
            text += " " + _("The dealer's side scores for the card turned: {kicks}.").format(
                kicks=", ".join(parts)
            )
        return text
    if rules.trump is Trump.CUT:
        text = _(
            "Before the deal a card is cut at random: its suit is trumps, and it goes back into "
            "the pack. The dealer gives {n} cards to each player in threes."
        ).format(n=size)
        if rules.stock is Stock.FACE_UP:
            text += " " + _(
                "The rest is a stock, face up; after each trick the winner draws first, then "
                "the other player, and play goes on until every card is played."
            )
        elif rules.stock is Stock.FACE_DOWN:
            text += " " + _(
                "The rest is a stock, face down; after each trick the winner draws first, then "
                "the other player, and play goes on until every card is played."
            )
        return text
    text = _(
        "The dealer gives {n} cards to each player in threes; there is no turn-up: the first "
        "card led (the pitch) makes its suit trumps."
    ).format(n=size)
    if rules.hide_partner_until_pitch and rules.team_count:
        text += " " + _("The pitcher's partner may not look at their cards before the pitch.")
    return text


def _begging(rules: AllFoursRules) -> list[str]:
    if not rules.begging:
        return []
    if rules.gift is Gift.THROW_IN:
        beg = _(
            "Eldest hand stands or begs. Begged, the dealer either gives eldest {points} and the "
            "hand is thrown in unplayed, or runs the cards: three more to each and a new "
            "turn-up, again while the begged suit repeats."
        )
    else:
        beg = _(
            "Eldest hand stands or begs. Begged, the dealer either gives each opposing side "
            "{points} and the hand is played, or runs the cards: three more to each and a new "
            "turn-up, again while the begged suit repeats."
        )
    lines = [beg.format(points=rules.gift_points)]
    if rules.forced_beg_without_trump:
        lines.append(_("Eldest must beg when holding no trump."))
    if rules.repeat_extras is RepeatExtras.DISCARD_UNSEEN:
        lines.append(_("A repeated suit throws that turn-up and its extra cards out unseen."))
    else:
        lines.append(_("Every extra card dealt is kept, whatever turns up."))
    if rules.kick_while_running:
        lines.append(_("While running, every scoring card turned scores, trumps or not."))
    if rules.discards_to_hand:
        lines.append(
            _("After running each player discards back to {n} cards.").format(n=rules.hand_size)
        )
    else:
        lines.append(_("After running every card is played."))
    if rules.hide_hands_until_beg and rules.players > 2:
        lines.append(_("Only the dealer and eldest may look at their cards until eldest decides."))
    return lines


def _bidding(rules: AllFoursRules) -> list[str]:
    if rules.bidding is Bidding.NONE:
        return []
    if rules.bidding is Bidding.COMMERCIAL:
        text = _(
            "Each player after eldest bids once, {min_bid} to 4 and more than the bid before, "
            "or passes. Eldest then sells the pitch, scoring the bid at once, or keeps it; "
            "whoever pitches must make the bid or be set back by it. With no bid eldest pitches "
            "with nothing to make."
        )
    elif rules.all_pass is AllPass.REDEAL:
        text = _(
            "From eldest each player bids once, {min_bid} to 4 and more than the bid before, or "
            "passes; if all pass the hand is thrown in. The highest bidder pitches and must make "
            "the bid or be set back by it."
        )
    else:
        text = _(
            "From eldest each player bids once, {min_bid} to 4 and more than the bid before, or "
            "passes; if all pass the dealer must bid. The highest bidder pitches and must make "
            "the bid or be set back by it."
        )
    lines = [text.format(min_bid=rules.min_bid)]
    if rules.smudge:
        lines.append(_("A pitcher who bids 4 and takes all four points wins the game outright."))
    return lines


def _play(rules: AllFoursRules) -> str:
    if rules.trump_when_able:
        text = _(
            "Eldest leads; a trump led must be followed with a trump if possible; a plain suit "
            "led may be followed or trumped, and a player who cannot follow plays anything. The "
            "highest trump wins, else the highest card of the suit led."
        )
    else:
        text = _(
            "Eldest leads; players must follow suit if they can, and otherwise play anything. "
            "The highest trump wins, else the highest card of the suit led."
        )
    if rules.no_undertrump:
        text += " " + _(
            "Once a plain suit led has been trumped, nobody may play a lower trump unless "
            "holding only trumps."
        )
    if rules.throw_in:
        text += " " + _(
            "A player with no trump and nothing above a 9 who is losing the trick may throw in "
            "the hand, face up; the partner plays on alone."
        )
    return text


# Parts of the scoring sentence, marked with N_ and translated where shown (see _KICK_CARD).
_GAME_TIE = {
    GameTie.NOBODY: N_("a tie scores nothing"),
    GameTie.ELDEST: N_("a tie goes to eldest"),
    GameTie.NON_DEALER: N_("a tie goes to the dealer's opponents"),
}


def _points(rules: AllFoursRules) -> list[str]:
    if rules.low is Low.CAPTURED:
        low = _("to whoever takes it in a trick")
    else:
        low = _("to whoever was dealt it")
    if rules.hang_jack:
        jack = _(
            "the jack of trumps 1 to the side that takes it ({points} if taken from the side "
            "that held it)"
        ).format(points=rules.hang_jack)
    else:
        jack = _("the jack of trumps 1 to the side that takes it, if it was dealt")
    five = _(", the five of trumps {value}").format(value=rules.five_value)
    lines = [
        _(
            "Each hand scores High (the highest trump in play, to whoever held it) 1, Low (the "
            "lowest) 1 {low}, {jack}, and Game {game} to the side with the most card points in "
            "its tricks (ace 4, king 3, queen 2, jack 1, ten 10{five}); {tie}."
        ).format(
            low=low,
            jack=jack,
            game=rules.game_value,
            five=five if rules.five_value else "",
            tie=_(_GAME_TIE[rules.game_tie]),
        )
    ]
    if rules.trick_points_at_once:
        lines.append(
            _("The winner of a trick also scores at once the card points of the trumps in it.")
        )
    if rules.all_four_bonus:
        lines.append(
            _(
                "A side that scores High, Low, Jack and Game in one hand gains {points} more, "
                "counted after Game."
            ).format(points=rules.all_four_bonus)
        )
    if rules.count_order is CountOrder.PITCHER_FIRST:
        lines.append(
            _(
                "Points scored during the deal count at once; the hand's points count the "
                "pitcher's side first, then the others, and the first side to reach the target "
                "wins at that moment."
            )
        )
    else:
        lines.append(
            _(
                "Points scored during the deal count at once; the hand's points count in the "
                "order High, Low, Jack, Game, and the first side to reach the target wins at "
                "that moment."
            )
        )
    return lines


def _end(rules: AllFoursRules) -> str:
    cap = _(
        "A match still going after {n} hands stops there: the higher total wins, and sides "
        "level at the top share the win."
    ).format(n=rules.deal_limit)
    if rules.deals == 1:
        return _("One hand is played; each side scores what it makes in it.")
    if rules.deals:
        if rules.tie_deals:
            text = _(
                "The match is {deals} hands; the higher total wins, and a tie plays {more} more "
                "hands until it is broken."
            ).format(deals=rules.deals, more=rules.tie_deals)
        else:
            text = _(
                "The match is {deals} hands; the higher total wins, and sides level at the top "
                "share the win."
            ).format(deals=rules.deals)
        return text + " " + cap
    return _("The game is {target} points.").format(target=rules.target) + " " + cap
