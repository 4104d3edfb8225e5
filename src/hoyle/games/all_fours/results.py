"""How an All Fours hand was scored, in a player's words and as data (a :class:`DealResult`).

Made once, when the hand ends — scored, thrown in unplayed, or stopped because a side reached
the target — from the state as the hand left it. The lines are templates (``{1}`` is seat 1,
"you" to seat 1 itself; a side is its players, ``{1} and {3}``); the items are the facts
behind them (``kind``, cards as tokens, ``side`` and its ``seats``, ``points``): one per line,
and one per card turned up, which one line tells together. Points
that did not score say why: the game was already won as the points counted, or the pitcher was
set back. They come in this order: the cards turned up and the kicks, begging or
bidding, the pitch, hands thrown in during play, points scored at once, then High, Low, Jack
and Game (each with ``order``, its place in the count towards the target), the pitcher's bid
made or set back, a smudge, the all-four bonus, and a hand thrown in or stopped.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hoyle.cards import TOKENS
from hoyle.core.narrate import DealResult, pretty
from hoyle.games.all_fours.observe import side_text
from hoyle.games.all_fours.rules import Bidding, GameTie, Gift, Low, Trump
from hoyle.games.all_fours.state import GIFT, NO_BID, PACK_OUT, TIED, suit_of

if TYPE_CHECKING:
    from hoyle.games.all_fours.scoring import HandScore
    from hoyle.games.all_fours.state import AllFoursState

__all__ = ["SUIT_NAMES", "hand_result"]

SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
_TIMES = {1: "", 2: " twice"}


def _card(card: int) -> str:
    return pretty(TOKENS[card])


class _Writer:
    """Lines and items of one hand, side by side."""

    def __init__(self, state: AllFoursState) -> None:
        self.state = state
        self.rules = state.rules
        self.lines: list[str] = []
        self.items: list[dict[str, Any]] = []

    def add(self, line: str, kind: str, **data: Any) -> None:
        self.lines.append(line)
        self.items.append({"kind": kind, **data})

    def seats(self, side: int) -> list[int]:
        return [s for s in range(self.state.g.n) if self.rules.side_of(s) == side]

    def who(self, side: int) -> str:
        return side_text(self.state, side)

    def to(self, side: int, points: int) -> str:
        """``{1}``, ``2 to {1}``, ``{1} and {3}``: who scored, and how much when not 1."""
        who = self.who(side)
        return who if points == 1 else f"{points} to {who}"


def hand_result(state: AllFoursState) -> DealResult:
    """The result of the hand that has just ended in ``state``."""
    out = _Writer(state)
    _turn_ups(out)
    _begging(out)
    _bidding(out)
    _pitch(out)
    _throw_ins(out)
    _at_once(out)
    detail = state._detail
    if detail is not None:
        _points(out, detail)
    _end(out)
    n = state.g.n
    rules = state.rules
    gained = [now - then for now, then in zip(state._scores, state._scores_at_start, strict=True)]
    scores = tuple(float(gained[rules.side_of(s)]) for s in range(n))
    if not out.lines:  # pragma: no cover - every hand has a turn-up, a bid or a pitch
        out.add("Nothing scored.", "nothing")
    return DealResult(state._hand_no + 1, scores, tuple(out.lines), tuple(out.items))


def _turn_ups(out: _Writer) -> None:
    """Every card turned for trumps (or cut, California Jack) and every kick it scored."""
    state = out.state
    turned = state._turned
    if not turned:
        return
    if out.rules.trump is Trump.CUT:
        card = turned[0]
        out.add(
            f"Cut for trumps: {_card(card)} — {SUIT_NAMES[suit_of(card)]} are trumps",
            "turned",
            card=TOKENS[card],
            trumps=True,
        )
        return
    parts = []
    for k, card in enumerate(turned):
        makes = k == len(turned) - 1 and state._trump == suit_of(card)
        note = ""
        if k == 0 and state._begged and len(turned) > 1:
            note = " (begged)"
        elif k and suit_of(card) == state._rejected:
            note = " (the begged suit again)"
        parts.append(_card(card) + note)
        out.items.append({"kind": "turned", "card": TOKENS[card], "trumps": makes, "run": k})
    if state._trump >= 0:
        end = f" — {SUIT_NAMES[state._trump]} are trumps"
    elif state._thrown == PACK_OUT:
        end = " — the pack ran out"
    else:
        end = ""
    out.lines.append(f"Turned up: {', then '.join(parts)}{end}")
    for card, side, points in state._kicks:
        running = " (while running)" if state._ran and card != turned[0] else ""
        out.add(
            f"Kick: {_card(card)}{running} — {points} to {out.who(side)}",
            "kick",
            card=TOKENS[card],
            side=side,
            seats=out.seats(side),
            points=points,
        )


def _names(texts: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``; sides of several players joined by ``;``."""
    if any(" and " in t for t in texts):
        return "; ".join(texts)
    return texts[0] if len(texts) == 1 else ", ".join(texts[:-1]) + " and " + texts[-1]


def _begging(out: _Writer) -> None:
    """Eldest's stand or beg, and the dealer's gift or run."""
    state, rules = out.state, out.rules
    eldest, dealer = state._nxt(state._dealer), state._dealer
    if state._stood:
        out.add(f"Begging: {{{eldest}}} stood", "stand", seat=eldest)
    elif state._given:
        if rules.gift is Gift.THROW_IN:
            sides = [rules.side_of(eldest)]
        else:
            sides = [side for side in range(rules.sides) if side != rules.side_of(dealer)]
        each = " each" if len(sides) > 1 else ""
        out.add(
            f"Begging: {{{eldest}}} begged; {{{dealer}}} gave {rules.gift_points}{each} to "
            f"{_names([out.who(side) for side in sides])}",
            "gift",
            seat=dealer,
            begged_by=eldest,
            sides=sides,
            seats=[s for side in sides for s in out.seats(side)],
            points=rules.gift_points,
        )
    elif state._begged:
        times = _TIMES.get(state._ran, f" {state._ran} times")
        out.add(
            f"Begging: {{{eldest}}} begged; {{{dealer}}} ran the cards{times}",
            "run",
            seat=dealer,
            begged_by=eldest,
            times=state._ran,
        )


def _bidding(out: _Writer) -> None:
    """Who bid to pitch (Auction Pitch), or how eldest sold or kept the pitch (Commercial)."""
    state, rules = out.state, out.rules
    eldest = state._nxt(state._dealer)
    if rules.bidding is Bidding.AUCTION and state._pitcher >= 0:
        pitcher = state._pitcher
        out.add(
            f"Bidding: {{{pitcher}}} bid {state._bid} to pitch", "bid", seat=pitcher, bid=state._bid
        )
    elif rules.bidding is Bidding.COMMERCIAL and state._pitcher >= 0:
        if state._sold:
            side = rules.side_of(eldest)
            out.add(
                f"Sold: {{{eldest}}} sold the pitch to {{{state._pitcher}}} for {state._bid} — "
                f"{state._bid} to {out.who(side)} at once",
                "sale",
                seat=eldest,
                to=state._pitcher,
                bid=state._bid,
                side=side,
                seats=out.seats(side),
                points=state._bid,
            )
        elif state._sold is False:
            out.add(
                f"Kept: {{{eldest}}} kept the pitch, to make {state._bid}",
                "keep",
                seat=eldest,
                bid=state._bid,
            )
        else:
            out.add(f"No bid: {{{eldest}}} pitched with nothing to make", "no_bid", seat=eldest)
    elif rules.bidding is Bidding.COMMERCIAL and state._sold:  # the sale won the game
        side = rules.side_of(eldest)
        out.add(
            f"Sold: {{{eldest}}} sold the pitch to {{{state._bidder}}} for {state._bid} — "
            f"{state._bid} to {out.who(side)} at once",
            "sale",
            seat=eldest,
            to=state._bidder,
            bid=state._bid,
            side=side,
            seats=out.seats(side),
            points=state._bid,
        )


def _first_lead(state: AllFoursState) -> tuple[int, int] | None:
    """(seat, card) of the first card led this hand, if one was."""
    if state._tricks:
        leader, cards, _, _ = state._tricks[0]
        return leader, cards[0]
    if state._trick:
        return state._trick_seats[0], state._trick[0]
    return None


def _pitch(out: _Writer) -> None:
    """Pitch: the first card led made trumps."""
    state = out.state
    first = _first_lead(state)
    if out.rules.trump is not Trump.PITCH or first is None:
        return
    seat, card = first
    out.add(
        f"Pitch: {{{seat}}} led {_card(card)} — {SUIT_NAMES[suit_of(card)]} are trumps",
        "pitch",
        seat=seat,
        card=TOKENS[card],
        trumps="CDHS"[suit_of(card)],
    )


def _throw_ins(out: _Writer) -> None:
    """Hands thrown in face up during play (Yorkshire), the partner playing on alone."""
    state = out.state
    for seat in range(state.g.n):
        if state._out[seat]:
            shown = [TOKENS[c] for c in range(52) if state._shown[seat] >> c & 1]
            out.add(
                f"Throw-in: {{{seat}}} threw in {' '.join(pretty(t) for t in shown)}",
                "throw_in",
                seat=seat,
                cards=shown,
            )


def _at_once(out: _Writer) -> None:
    """All Fives: the trumps each side scored as it won them."""
    state, rules = out.state, out.rules
    if not rules.trick_points_at_once or not any(state._at_once):
        return
    parts = [f"{out.who(side)} {pts}" for side, pts in enumerate(state._at_once) if pts]
    out.add(
        "Scored at once (trumps in tricks won): " + ", ".join(parts),
        "at_once",
        points=[state._at_once[rules.side_of(s)] for s in range(state.g.n)],
    )


def _taker(state: AllFoursState, card: int) -> int:
    """The seat that won the trick ``card`` fell in."""
    for _, cards, _, winner in state._tricks:
        if card in cards:
            return winner
    return state._played_by[card]  # pragma: no cover - a hand is scored once every trick is


def _credit(out: _Writer, card: int, seat: int, how: str, side: int, points: int) -> str:
    """Who scored a card's point. Alone: ``A♣ — {1}``, ``2♣ — taken by {0}``, ``J♣ — hung by
    {2}, 3 points``. In teams, the side after the card and who held or took it: ``A♣ held by
    {1} — {1} and {3}``, ``J♣ hung by {2} — 3 to {0} and {2}``."""
    if len(out.seats(side)) == 1:
        who = f"{how} {{{seat}}}" if how else f"{{{seat}}}"
        return f"{_card(card)} — {who}" + ("" if points == 1 else f", {points} points")
    return f"{_card(card)} {how or 'held by'} {{{seat}}} — {out.to(side, points)}"


def _points(out: _Writer, detail: HandScore) -> None:
    """High, Low, Jack and Game, then the bid made or set back, a smudge, the all-four bonus."""
    state, rules = out.state, out.rules
    set_back = detail.set_back
    pitcher = state._pitcher

    def status(kind: str, side: int | None) -> tuple[str, dict[str, Any]]:
        at = detail.position(kind)
        if at is None:
            if side is not None and set_back is not None and side == set_back[0]:
                return " (lost: set back)", {"order": None, "counted": False}
            return "", {"order": None, "counted": False}
        if at >= state._upto:
            return " (not counted: the game was already won)", {"order": at, "counted": False}
        return "", {"order": at, "counted": True}

    trump = state._trump
    if detail.high is None or detail.low is None:
        out.add("High and Low: no trump in play", "high", card=None, side=None, points=0)
    else:
        for kind, (card, side) in (("high", detail.high), ("low", detail.low)):
            if kind == "low" and rules.low is Low.CAPTURED:
                seat, how = _taker(state, card), "taken by"
            else:
                seat, how = state._played_by[card], ""
            note, facts = status(kind, side)
            out.add(
                f"{kind.title()}: {_credit(out, card, seat, how, side, 1)}{note}",
                kind,
                card=TOKENS[card],
                seat=seat,
                side=side,
                seats=out.seats(side),
                points=1,
                **facts,
            )
        jack = trump * 13 + 9
        if detail.jack is None:
            out.add(f"Jack: {_card(jack)} not in play", "jack", card=TOKENS[jack], in_play=False)
        else:
            _, side, points = detail.jack
            held = rules.side_of(state._played_by[jack])
            hung = bool(rules.hang_jack) and held != side
            seat = _taker(state, jack)
            note, facts = status("jack", side)
            how = "hung by" if hung else "taken by"
            out.add(
                f"Jack: {_credit(out, jack, seat, how, side, points)}{note}",
                "jack",
                card=TOKENS[jack],
                in_play=True,
                seat=seat,
                hung=hung,
                side=side,
                seats=out.seats(side),
                points=points,
                **facts,
            )
    _game(out, detail, status)
    if detail.all_four is not None:
        side = detail.all_four
        note, facts = status("all_four", side)
        out.add(
            f"All four: {out.who(side)} took High, Low, Jack and Game — "
            f"{rules.all_four_bonus} more{note}",
            "all_four",
            side=side,
            seats=out.seats(side),
            points=rules.all_four_bonus,
            **facts,
        )
    if rules.bidding is not Bidding.NONE and pitcher >= 0 and state._bid:
        side = rules.side_of(pitcher)
        if set_back is not None:
            out.add(
                f"Set back: {{{pitcher}}} bid {state._bid} and made {detail.made} — "
                f"minus {state._bid} for {out.who(side)}",
                "set_back",
                seat=pitcher,
                bid=state._bid,
                made=detail.made,
                side=side,
                seats=out.seats(side),
                points=-state._bid,
                order=0,
                counted=True,
            )
        else:
            out.add(
                f"Bid made: {{{pitcher}}} bid {state._bid} and made {detail.made}",
                "bid_made",
                seat=pitcher,
                bid=state._bid,
                made=detail.made,
                side=side,
                seats=out.seats(side),
            )
    if detail.smudge is not None:
        out.add(
            f"Smudge: {{{pitcher}}} bid 4 and took all four — the game is won",
            "smudge",
            seat=pitcher,
            side=detail.smudge,
            seats=out.seats(detail.smudge),
        )


def _game(out: _Writer, detail: HandScore, status: Any) -> None:
    """Game: the card points each side took, and who scored it or that it tied."""
    state, rules = out.state, out.rules
    totals = detail.card_points
    best = max(totals)
    tie = totals.count(best) > 1
    side = detail.game
    if len(totals) == 2:
        first = side if side is not None else 0
        count = f"{totals[first]} to {totals[1 - first]}"
    else:
        count = ", ".join(f"{out.who(k)} {pts}" for k, pts in enumerate(totals))
    if side is None:
        tail = "tied, nobody scores" if tie else "nobody"
    else:
        value = rules.game_value
        tail = out.to(side, value)
        if tie:
            why = "eldest" if rules.game_tie is GameTie.ELDEST else "not the dealer"
            tail = f"tied, to {out.to(side, value)} ({why})"
    note, facts = status("game", side)
    out.add(
        f"Game: {count} — {tail}{note}",
        "game",
        card_points=[totals[rules.side_of(s)] for s in range(state.g.n)],
        tie=tie,
        side=side,
        seats=[] if side is None else out.seats(side),
        points=0 if side is None else rules.game_value,
        **facts,
    )


def _end(out: _Writer) -> None:
    """A hand thrown in unplayed, or stopped because a side reached the target."""
    state = out.state
    thrown = state._thrown
    if thrown == GIFT:
        out.add("Thrown in: the hand is not played after the gift", "thrown_in", reason=thrown)
    elif thrown == NO_BID:
        out.add("Thrown in: nobody bid; the deal passes on", "thrown_in", reason=thrown)
    elif thrown == PACK_OUT:
        dealer = state._dealer
        out.add(
            f"Thrown in: the pack ran out before a new trump; {{{dealer}}} {{{dealer}:deals}} "
            "again",
            "thrown_in",
            reason=thrown,
            dealer=dealer,
        )
    elif state._detail is None and state._winner >= 0 and state._winner != TIED:
        side = state._winner
        out.add(
            f"Stopped: {out.who(side)} reached {out.rules.target} before the hand was played out",
            "stopped",
            side=side,
            seats=out.seats(side),
            score=state._scores[side],
        )
