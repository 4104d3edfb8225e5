"""How a Hearts deal was scored, in lines a player reads and the facts behind them.

Each finished deal's :class:`~hoyle.core.narrate.DealResult` is written from its
:class:`~hoyle.games.hearts.state.DealRecord` when somebody first asks for it: a line per seat
with the points it took and how (the hearts, the Q♠ and the other penalty cards, a bonus card,
the Q♥'s doubling and the Q♣'s cancelling, the no-tricks bonus, the Q♦'s cut), then what
changed the count — a moon and what the shooter chose, a Générale, a slam bid made or failed,
a partnership's total — or, in the chip games, what each seat paid or collected, the auction,
the revokes and the chips left on the table. Seats are ``{N}`` templates, so each reader sees
"you" and names; ``items`` hold the same facts as data.

Nothing here names a card another seat could not know once the deal is over: the widow (or
the kitty, or the cards laid away) is counted into its taker's points, which the deal's score
tells anyway, without saying which cards it held.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hoyle.core.narrate import DealResult, Phrase, Seat, joined, pretty, say, say_n, seats_text
from hoyle.games.hearts.rules import Moon, Partnership
from hoyle.games.hearts.scoring import sides
from hoyle.games.hearts.state import TOKENS, mask_to_list
from hoyle.i18n import N_

if TYPE_CHECKING:
    from hoyle.games.hearts.state import DealRecord, HeartsGame

__all__ = ["deal_result"]

_SUIT_NAMES = (N_("clubs"), N_("diamonds"), N_("hearts"), N_("spades"))
_QC, _QD, _QH, _QS = 10, 23, 36, 49


def _signed(value: int) -> str:
    """A number as a score line writes it: ``−10`` with a true minus sign."""
    return f"−{-value}" if value < 0 else str(value)


def _chips(count: int) -> Phrase:
    return say_n("{n} chip", "{n} chips", count)


def _suit_cards(suit: int, n: int) -> Phrase:
    """``n`` cards of ``suit`` counted (``3 hearts``)."""
    if suit == 0:
        return say_n("{n} club", "{n} clubs", n)
    if suit == 1:
        return say_n("{n} diamond", "{n} diamonds", n)
    if suit == 2:
        return say_n("{n} heart", "{n} hearts", n)
    return say_n("{n} spade", "{n} spades", n)


def _taken_cards(g: HeartsGame, record: DealRecord, seat: int) -> list[int]:
    """The card ids ``seat`` took in the deal (two packs: a card taken twice listed twice)."""
    once = mask_to_list(record.taken[seat])
    if record.taken2 is None:
        return once
    twice = record.taken2[seat]
    return [c for card in once for c in ((card, card) if twice >> card & 1 else (card,))]


def _penalty_suit(record: DealRecord) -> int:
    """The suit whose cards are counted (hearts, or the suit an auction named)."""
    for suit in range(4):
        if any(record.values[13 * suit + r] for r in range(13)):
            return suit
    return 2


def deal_result(g: HeartsGame, number: int, record: DealRecord) -> DealResult:
    """Deal ``number``'s result from its record."""
    if g.rules.chips:
        lines, items = _chip_lines(g, record)
    else:
        lines, items = _points_lines(g, record)
    return DealResult(number, tuple(float(s) for s in record.scores), tuple(lines), tuple(items))


# ---------------------------------------------------------------------- points games


def _seat_parts(g: HeartsGame, record: DealRecord, seat: int) -> tuple[list[str], dict[str, Any]]:
    """How ``seat``'s points were made: the words and the item."""
    rules = g.rules
    values = record.values
    cards = _taken_cards(g, record, seat)
    heart_like = [c for c in cards if 26 <= c < 39 and values[c] > 0]
    if rules.other_queens:  # Chasse au cœur: the Q♥ counts only as a queen
        heart_like = [c for c in heart_like if c != _QH]
    others = [c for c in cards if values[c] and c not in heart_like]
    parts: list[str] = []
    hearts = len(heart_like)
    heart_points = sum(values[c] for c in heart_like)
    if hearts:
        word = _suit_cards(2, hearts)
        parts.append(word if heart_points == hearts else joined([word, f"({heart_points})"], " "))
    listed: list[dict[str, Any]] = []
    for card in sorted(set(others), key=lambda c: (values[c] < 0, c)):
        count = others.count(card)
        value = values[card] * count
        name = pretty(TOKENS[card])
        named = f"{count} × {name}" if count > 1 else name
        parts.append(f"{named} {_signed(value)}")  # no words: every language writes it so
        listed.append({"card": TOKENS[card], "count": count, "points": value})
    item: dict[str, Any] = {
        "kind": "seat",
        "seat": seat,
        "score": record.scores[seat],
        "points": record.points[seat],
        "hearts": hearts,
        "heart_points": heart_points,
        "cards": listed,
        "tricks": record.tricks[seat],
    }
    if record.widow_taker == seat:
        item["widow"] = True
        if rules.packs > 1:
            parts.append(say("the kitty counted"))
        elif g.widow_to_hand:
            parts.append(say("the cards laid away counted"))
        else:
            parts.append(say("the widow counted"))
    detail = record.detail
    if g.queen_effects:
        taken = record.taken[seat]
        if rules.heart_queen_doubles and taken >> _QH & 1:
            gain = sum(values[c] for c in cards if 26 <= c < 39 and values[c] > 0)
            parts.append(say("the Q♥ doubles the hearts +{gain}", gain=gain))
            item["heart_queen"] = gain
        if rules.club_queen_cancels and taken >> _QC & 1 and taken >> _QS & 1:
            parts.append(say("the Q♣ cancels the Q♠ {points}", points=_signed(-values[_QS])))
            item["club_queen"] = -values[_QS]
    if rules.no_tricks_bonus and not record.tricks[seat] and record.shooter < 0:
        parts.append(say("no trick {points}", points=_signed(-rules.no_tricks_bonus)))
        item["no_tricks"] = -rules.no_tricks_bonus
    before_cut = detail.get("before_cut")
    if before_cut is not None and record.taken[seat] >> _QD & 1:
        cut = before_cut[seat] - record.scores[seat]
        parts.append(say("the Q♦ takes {cut} off the total", cut=cut))
        item["diamond_queen"] = -cut
    return parts, item


def _points_lines(g: HeartsGame, record: DealRecord) -> tuple[list[str], list[dict[str, Any]]]:
    rules = g.rules
    n = g.n
    lines: list[str] = []
    items: list[dict[str, Any]] = []
    for seat in range(n):
        parts, item = _seat_parts(g, record, seat)
        how = joined(parts) if parts else say("nothing")
        lines.append(
            say("{s}: {score} — {how}", s=Seat(seat), score=_signed(record.scores[seat]), how=how)
        )
        items.append(item)
    lines += _moon_lines(g, record, items)
    if record.declarer >= 0:
        d = record.declarer
        full = g.penalty_total
        made = record.scores[d] == 0
        if made:
            lines.append(
                say("Générale: {s} made it — {full} to each opponent", s=Seat(d), full=full)
            )
        else:
            lines.append(
                say(
                    "Générale: {s} failed — {full} to {s}, nothing to the others",
                    s=Seat(d),
                    full=full,
                )
            )
        items.append({"kind": "generale", "seat": d, "made": made, "points": full})
    if record.partner >= 0:
        lines += _slam_bid_lines(g, record, items)
    if rules.partnership is not Partnership.NONE:
        for side in sides(rules):
            total = sum(record.scores[s] for s in side)
            lines.append(
                say(
                    "Partners {seats}: {score} together",
                    seats=_both(side),
                    score=_signed(total),
                )
            )
            items.append({"kind": "side", "seats": list(side), "score": total})
    if record.remainder is not None:
        lines += _remainder_lines(record, items)
    return lines, items


def _both(side: tuple[int, ...] | list[int]) -> str:
    """A side's seats joined by "and" (two seats, or one)."""
    return seats_text(side)


def _moon_lines(g: HeartsGame, record: DealRecord, items: list[dict[str, Any]]) -> list[str]:
    """The moon (or slam, or silent Générale): who shot it, its worth and what was done."""
    shooter = record.shooter
    if shooter < 0 or record.declarer >= 0:
        return []
    if record.partner >= 0 and _slam_bid_made(g, record):
        return []  # the slam bid made replaces the deal's score, the moon's included
    rules = g.rules
    side = next(s for s in g.moon_sides if shooter in s)
    who = _both(side)
    detail = record.detail
    moon: Moon = detail.get("moon", rules.moon)
    worth = int(detail.get("worth", g.moon_value))
    chosen = record.choice is not None
    item: dict[str, Any] = {
        "kind": "moon",
        "seats": list(side),
        "rule": moon.value,
        "worth": worth,
        "chosen": chosen,
    }
    items.append(item)
    if moon is Moon.SLAM:
        count = bin(g.moon_mask).count("1") * rules.packs
        return [
            say(
                "Slam: {seats} took all {count} counting cards — {points}, nothing to the others",
                seats=who,
                count=count,
                points=_signed(-worth),
            )
        ]
    name = say("Silent Générale") if rules.generale else say("Shot the moon")
    if moon is Moon.VOID_DEAL:
        return [say("{name}: {seats} — the deal is void, nobody scores", name=name, seats=who)]
    if moon is Moon.ADD:
        text = say(
            "{name}: {seats} — {worth} to each of the others", name=name, seats=who, worth=worth
        )
    elif len(side) == 1:
        text = say(
            "{name}: {seats} — {worth} off {s's} score",
            name=name,
            seats=who,
            worth=worth,
            s=Seat(shooter),
        )
    else:
        text = say(
            "{name}: {seats} — {worth} off each of their scores", name=name, seats=who, worth=worth
        )
    if chosen:
        return [say("{line} ({s} chose)", line=text, s=Seat(side[0]))]
    if rules.moon is Moon.ADD_UNLESS_LOSING and moon is Moon.SUBTRACT:
        return [
            say(
                "{line} (adding would have ended the match without the shooter winning)",
                line=text,
            )
        ]
    return [text]


def _slam_bid_made(g: HeartsGame, record: DealRecord) -> bool:
    return sum(record.tricks[s] for s in {record.bidder, record.partner}) == g.hand_size


def _slam_bid_lines(g: HeartsGame, record: DealRecord, items: list[dict[str, Any]]) -> list[str]:
    bidder, partner, bid = record.bidder, record.partner, record.bid
    made = _slam_bid_made(g, record)
    card = pretty(TOKENS[g.partner_card])
    b = Seat(bidder)
    if partner == bidder:
        who = say("Slam bid of {bid} by {s}, alone with the {card}", bid=bid, s=b, card=card)
    else:
        who = say(
            "Slam bid of {bid} by {s}, {p} the silent partner with the {card}",
            bid=bid,
            s=b,
            p=Seat(partner),
            card=card,
        )
    items.append(
        {"kind": "slam_bid", "bidder": bidder, "partner": partner, "bid": bid, "made": made}
    )
    each = _signed(record.scores[bidder])
    if partner == bidder:
        if made:
            return [
                say("{line} — made: {each} to {s}, nothing to the others", line=who, each=each, s=b)
            ]
        return [say("{line} — failed: {each} to {s}", line=who, each=each, s=b)]
    if made:
        return [
            say("{line} — made: {each} to each of them, nothing to the others", line=who, each=each)
        ]
    return [say("{line} — failed: {each} to each of them", line=who, each=each)]


def _remainder_lines(record: DealRecord, items: list[dict[str, Any]]) -> list[str]:
    """Domino Hearts: the last holder's hand and the stock, counted in the open."""
    assert record.remainder is not None
    seat, hand, stock = record.remainder
    held = [TOKENS[c] for c in mask_to_list(hand)]
    left = [TOKENS[c] for c in mask_to_list(stock)]
    items.append({"kind": "last_cards", "seat": seat, "hand": held, "stock": left})
    if not held and not left:
        return []
    hand_text = " ".join(pretty(t) for t in held)
    stock_text = " ".join(pretty(t) for t in left)
    s = Seat(seat)
    if held and left:
        text = say(
            "Last cards: {s} {s:takes} {s's} last cards {hand} and the stock {stock}",
            s=s,
            hand=hand_text,
            stock=stock_text,
        )
    elif held:
        text = say("Last cards: {s} {s:takes} {s's} last cards {hand}", s=s, hand=hand_text)
    else:
        text = say("Last cards: {s} {s:takes} the stock {stock}", s=s, stock=stock_text)
    return [text]


# ---------------------------------------------------------------------- chip games


def _chip_lines(g: HeartsGame, record: DealRecord) -> tuple[list[str], list[dict[str, Any]]]:
    rules = g.rules
    n = g.n
    suit = _penalty_suit(record)
    lines: list[str] = []
    items: list[dict[str, Any]] = []
    if rules.auction:
        if record.bidder >= 0:
            b = record.bidder
            lines.append(
                say(
                    "Auction: {s} bought the penalty suit for {chips} — {suit}",
                    s=Seat(b),
                    chips=_chips(record.bid),
                    suit=say(_SUIT_NAMES[suit]),
                )
            )
        else:
            lines.append(say("Auction: no bids — hearts, nobody pays"))
        items.append(
            {
                "kind": "auction",
                "seat": record.bidder if record.bidder >= 0 else None,
                "bid": record.bid if record.bidder >= 0 else 0,
                "suit": "CDHS"[suit],
            }
        )
    if record.table_before:
        lines.append(say("The table held {chips} from before", chips=_chips(record.table_before)))
    fines = [0] * n
    for _trick, seat in record.revokes:
        for s in range(n):
            fines[s] += rules.revoke_penalty * (n - 1) if s == seat else -rules.revoke_penalty
    for seat in range(n):
        cards = [c for c in _taken_cards(g, record, seat) if record.values[c] > 0]
        value = sum(record.values[c] for c in cards)
        # What the settlement itself moved: the deal's score less the bid and the fines.
        moved = record.scores[seat] + fines[seat] + (record.bid if seat == record.bidder else 0)
        count: str = _suit_cards(suit, len(cards))
        if value != len(cards):
            count = say("{cards} worth {value}", cards=count, value=value)
        if moved > 0:
            how = say("collects {chips}", chips=_chips(moved))
        elif moved < 0:
            how = say("pays {chips}", chips=_chips(-moved))
        else:
            how = say("pays nothing")
        lines.append(say("{s}: {count} — {how}", s=Seat(seat), count=count, how=how))
        items.append(
            {
                "kind": "seat",
                "seat": seat,
                "cards": len(cards),
                "value": value,
                "settled": moved,
                "chips": record.scores[seat],
                "widow": record.widow_taker == seat,
            }
        )
    for trick, seat in record.revokes:
        fine = rules.revoke_penalty
        lines.append(
            say(
                "Revoke: {s} in trick {trick} — pays {chips} to each opponent",
                s=Seat(seat),
                trick=trick + 1,
                chips=_chips(fine),
            )
        )
        items.append({"kind": "revoke", "seat": seat, "trick": trick + 1, "chips": fine})
    if record.table_after:
        lines.append(
            say_n(
                "{n} chip stays on the table",
                "{n} chips stay on the table",
                record.table_after,
            )
        )
    items.append({"kind": "table", "before": record.table_before, "after": record.table_after})
    return lines, items
