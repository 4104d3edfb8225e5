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

from hoyle.core.narrate import DealResult, pretty
from hoyle.games.hearts.rules import Moon, Partnership
from hoyle.games.hearts.scoring import sides
from hoyle.games.hearts.state import TOKENS, mask_to_list

if TYPE_CHECKING:
    from hoyle.games.hearts.state import DealRecord, HeartsGame

__all__ = ["deal_result"]

_SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
_QC, _QD, _QH, _QS = 10, 23, 36, 49


def _signed(value: int) -> str:
    """A number as a score line writes it: ``−10`` with a true minus sign."""
    return f"−{-value}" if value < 0 else str(value)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


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
        word = _plural(hearts, "heart")
        parts.append(word if heart_points == hearts else f"{word} ({heart_points})")
    listed: list[dict[str, Any]] = []
    for card in sorted(set(others), key=lambda c: (values[c] < 0, c)):
        count = others.count(card)
        value = values[card] * count
        name = pretty(TOKENS[card])
        named = f"{count} × {name}" if count > 1 else name
        parts.append(f"{named} {_signed(value)}")
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
        what = "the cards laid away" if g.widow_to_hand else "the widow"
        if rules.packs > 1:
            what = "the kitty"
        parts.append(f"{what} counted")
    detail = record.detail
    if g.queen_effects:
        taken = record.taken[seat]
        if rules.heart_queen_doubles and taken >> _QH & 1:
            gain = sum(values[c] for c in cards if 26 <= c < 39 and values[c] > 0)
            parts.append(f"the Q♥ doubles the hearts +{gain}")
            item["heart_queen"] = gain
        if rules.club_queen_cancels and taken >> _QC & 1 and taken >> _QS & 1:
            parts.append(f"the Q♣ cancels the Q♠ {_signed(-values[_QS])}")
            item["club_queen"] = -values[_QS]
    if rules.no_tricks_bonus and not record.tricks[seat] and record.shooter < 0:
        parts.append(f"no trick {_signed(-rules.no_tricks_bonus)}")
        item["no_tricks"] = -rules.no_tricks_bonus
    before_cut = detail.get("before_cut")
    if before_cut is not None and record.taken[seat] >> _QD & 1:
        cut = before_cut[seat] - record.scores[seat]
        parts.append(f"the Q♦ takes {cut} off the total")
        item["diamond_queen"] = -cut
    return parts, item


def _points_lines(g: HeartsGame, record: DealRecord) -> tuple[list[str], list[dict[str, Any]]]:
    rules = g.rules
    n = g.n
    lines: list[str] = []
    items: list[dict[str, Any]] = []
    for seat in range(n):
        parts, item = _seat_parts(g, record, seat)
        how = ", ".join(parts) if parts else "nothing"
        lines.append(f"{{{seat}}}: {_signed(record.scores[seat])} — {how}")
        items.append(item)
    lines += _moon_lines(g, record, items)
    if record.declarer >= 0:
        d = record.declarer
        full = g.penalty_total
        made = record.scores[d] == 0
        if made:
            lines.append(f"Générale: {{{d}}} made it — {full} to each opponent")
        else:
            lines.append(f"Générale: {{{d}}} failed — {full} to {{{d}}}, nothing to the others")
        items.append({"kind": "generale", "seat": d, "made": made, "points": full})
    if record.partner >= 0:
        lines += _slam_bid_lines(g, record, items)
    if rules.partnership is not Partnership.NONE:
        for side in sides(rules):
            total = sum(record.scores[s] for s in side)
            names = " and ".join(f"{{{s}}}" for s in side)
            lines.append(f"Partners {names}: {_signed(total)} together")
            items.append({"kind": "side", "seats": list(side), "score": total})
    if record.remainder is not None:
        lines += _remainder_lines(record, items)
    return lines, items


def _moon_lines(g: HeartsGame, record: DealRecord, items: list[dict[str, Any]]) -> list[str]:
    """The moon (or slam, or silent Générale): who shot it, its worth and what was done."""
    shooter = record.shooter
    if shooter < 0 or record.declarer >= 0:
        return []
    if record.partner >= 0 and _slam_bid_made(g, record):
        return []  # the slam bid made replaces the deal's score, the moon's included
    rules = g.rules
    side = next(s for s in g.moon_sides if shooter in s)
    who = " and ".join(f"{{{s}}}" for s in side)
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
            f"Slam: {who} took all {count} counting cards — {_signed(-worth)}, nothing to the "
            "others"
        ]
    name = "Silent Générale" if rules.generale else "Shot the moon"
    if moon is Moon.VOID_DEAL:
        return [f"{name}: {who} — the deal is void, nobody scores"]
    if moon is Moon.ADD:
        text = f"{name}: {who} — {worth} to each of the others"
    else:
        text = f"{name}: {who} — {worth} off " + (
            f"{{{shooter}'s}} score" if len(side) == 1 else "each of their scores"
        )
    if chosen:
        text += f" ({{{side[0]}}} chose)"
    elif rules.moon is Moon.ADD_UNLESS_LOSING and moon is Moon.SUBTRACT:
        text += " (adding would have ended the match without the shooter winning)"
    return [text]


def _slam_bid_made(g: HeartsGame, record: DealRecord) -> bool:
    return sum(record.tricks[s] for s in {record.bidder, record.partner}) == g.hand_size


def _slam_bid_lines(g: HeartsGame, record: DealRecord, items: list[dict[str, Any]]) -> list[str]:
    bidder, partner, bid = record.bidder, record.partner, record.bid
    made = _slam_bid_made(g, record)
    card = pretty(TOKENS[g.partner_card])
    b = f"{{{bidder}}}"
    if partner == bidder:
        who = f"Slam bid of {bid} by {b}, alone with the {card}"
        them = b
    else:
        who = f"Slam bid of {bid} by {b}, {{{partner}}} the silent partner with the {card}"
        them = "each of them"
    items.append(
        {"kind": "slam_bid", "bidder": bidder, "partner": partner, "bid": bid, "made": made}
    )
    each = _signed(record.scores[bidder])
    if made:
        return [f"{who} — made: {each} to {them}, nothing to the others"]
    return [f"{who} — failed: {each} to {them}"]


def _remainder_lines(record: DealRecord, items: list[dict[str, Any]]) -> list[str]:
    """Domino Hearts: the last holder's hand and the stock, counted in the open."""
    assert record.remainder is not None
    seat, hand, stock = record.remainder
    held = [TOKENS[c] for c in mask_to_list(hand)]
    left = [TOKENS[c] for c in mask_to_list(stock)]
    items.append({"kind": "last_cards", "seat": seat, "hand": held, "stock": left})
    if not held and not left:
        return []
    parts = []
    if held:
        parts.append(f"{{{seat}'s}} last cards " + " ".join(pretty(t) for t in held))
    if left:
        parts.append("the stock " + " ".join(pretty(t) for t in left))
    return [f"Last cards: {{{seat}}} {{{seat}:takes}} " + " and ".join(parts)]


# ---------------------------------------------------------------------- chip games


def _chip_lines(g: HeartsGame, record: DealRecord) -> tuple[list[str], list[dict[str, Any]]]:
    rules = g.rules
    n = g.n
    suit = _penalty_suit(record)
    word = _SUIT_NAMES[suit][:-1]
    lines: list[str] = []
    items: list[dict[str, Any]] = []
    if rules.auction:
        if record.bidder >= 0:
            b = record.bidder
            lines.append(
                f"Auction: {{{b}}} bought the penalty suit for {_plural(record.bid, 'chip')}"
                f" — {_SUIT_NAMES[suit]}"
            )
        else:
            lines.append("Auction: no bids — hearts, nobody pays")
        items.append(
            {
                "kind": "auction",
                "seat": record.bidder if record.bidder >= 0 else None,
                "bid": record.bid if record.bidder >= 0 else 0,
                "suit": "CDHS"[suit],
            }
        )
    if record.table_before:
        lines.append(f"The table held {_plural(record.table_before, 'chip')} from before")
    fines = [0] * n
    for _trick, seat in record.revokes:
        for s in range(n):
            fines[s] += rules.revoke_penalty * (n - 1) if s == seat else -rules.revoke_penalty
    for seat in range(n):
        cards = [c for c in _taken_cards(g, record, seat) if record.values[c] > 0]
        value = sum(record.values[c] for c in cards)
        # What the settlement itself moved: the deal's score less the bid and the fines.
        moved = record.scores[seat] + fines[seat] + (record.bid if seat == record.bidder else 0)
        count = _plural(len(cards), word)
        if value != len(cards):
            count += f" worth {value}"
        if moved > 0:
            how = f"collects {_plural(moved, 'chip')}"
        elif moved < 0:
            how = f"pays {_plural(-moved, 'chip')}"
        else:
            how = "pays nothing"
        lines.append(f"{{{seat}}}: {count} — {how}")
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
            f"Revoke: {{{seat}}} in trick {trick + 1} — pays {_plural(fine, 'chip')} to each "
            "opponent"
        )
        items.append({"kind": "revoke", "seat": seat, "trick": trick + 1, "chips": fine})
    if record.table_after:
        verb = "stays" if record.table_after == 1 else "stay"
        lines.append(f"{_plural(record.table_after, 'chip')} {verb} on the table")
    items.append({"kind": "table", "before": record.table_before, "after": record.table_after})
    return lines, items
