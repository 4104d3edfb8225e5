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
from hoyle.core.narrate import DealResult, Phrase, Seat, joined, pretty, say, say_n, seats_text
from hoyle.games.all_fours.observe import side_text
from hoyle.games.all_fours.rules import Bidding, GameTie, Gift, Low, Trump
from hoyle.games.all_fours.state import GIFT, NO_BID, PACK_OUT, TIED, suit_of
from hoyle.i18n import N_

if TYPE_CHECKING:
    from hoyle.games.all_fours.scoring import HandScore
    from hoyle.games.all_fours.state import AllFoursState

__all__ = ["SUIT_NAMES", "hand_result", "suit_name"]

SUIT_NAMES = (N_("clubs"), N_("diamonds"), N_("hearts"), N_("spades"))


def suit_name(suit: int) -> Phrase:
    """A suit's name (``spades``), said in the reader's language."""
    return say(SUIT_NAMES[suit])


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
        return who if points == 1 else say("{points} to {side}", points=points, side=who)


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
        out.add(say("Nothing scored."), "nothing")
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
            say(
                "Cut for trumps: {card} — {suit} are trumps",
                card=_card(card),
                suit=suit_name(suit_of(card)),
            ),
            "turned",
            card=TOKENS[card],
            trumps=True,
        )
        return
    shown: str = ""
    for k, card in enumerate(turned):
        makes = k == len(turned) - 1 and state._trump == suit_of(card)
        part: str = _card(card)
        if k == 0 and state._begged and len(turned) > 1:
            part = say("{card} (begged)", card=part)
        elif k and suit_of(card) == state._rejected:
            part = say("{card} (the begged suit again)", card=part)
        shown = say("{cards}, then {card}", cards=shown, card=part) if k else part
        out.items.append({"kind": "turned", "card": TOKENS[card], "trumps": makes, "run": k})
    if state._trump >= 0:
        line = say(
            "Turned up: {cards} — {suit} are trumps", cards=shown, suit=suit_name(state._trump)
        )
    elif state._thrown == PACK_OUT:
        line = say("Turned up: {cards} — the pack ran out", cards=shown)
    else:
        line = say("Turned up: {cards}", cards=shown)
    out.lines.append(line)
    for card, side, points in state._kicks:
        if state._ran and card != turned[0]:
            text = say_n(
                "Kick: {card} (while running) — {n} to {side}",
                "Kick: {card} (while running) — {n} to {side}",
                points,
                card=_card(card),
                side=out.who(side),
            )
        else:
            text = say_n(
                "Kick: {card} — {n} to {side}",
                "Kick: {card} — {n} to {side}",
                points,
                card=_card(card),
                side=out.who(side),
            )
        out.add(
            text,
            "kick",
            card=TOKENS[card],
            side=side,
            seats=out.seats(side),
            points=points,
        )


def _names(out: _Writer, sides: list[int]) -> str:
    """``a``, ``a and b``, ``a, b and c``; sides of several players joined by ``;``."""
    if all(len(out.seats(side)) == 1 for side in sides):
        return seats_text(s for side in sides for s in out.seats(side))
    return joined([out.who(side) for side in sides], "; ")


def _begging(out: _Writer) -> None:
    """Eldest's stand or beg, and the dealer's gift or run."""
    state, rules = out.state, out.rules
    eldest, dealer = state._nxt(state._dealer), state._dealer
    e, d = Seat(eldest), Seat(dealer)
    if state._stood:
        out.add(say("Begging: {e} stood", e=e), "stand", seat=eldest)
    elif state._given:
        if rules.gift is Gift.THROW_IN:
            sides = [rules.side_of(eldest)]
        else:
            sides = [side for side in range(rules.sides) if side != rules.side_of(dealer)]
        points, to = rules.gift_points, _names(out, sides)
        if len(sides) > 1:
            text = say_n(
                "Begging: {e} begged; {d} gave {n} each to {to}",
                "Begging: {e} begged; {d} gave {n} each to {to}",
                points,
                e=e,
                d=d,
                to=to,
            )
        else:
            text = say_n(
                "Begging: {e} begged; {d} gave {n} to {to}",
                "Begging: {e} begged; {d} gave {n} to {to}",
                points,
                e=e,
                d=d,
                to=to,
            )
        out.add(
            text,
            "gift",
            seat=dealer,
            begged_by=eldest,
            sides=sides,
            seats=[s for side in sides for s in out.seats(side)],
            points=rules.gift_points,
        )
    elif state._begged:
        if state._ran == 1:
            text = say("Begging: {e} begged; {d} ran the cards", e=e, d=d)
        elif state._ran == 2:
            text = say("Begging: {e} begged; {d} ran the cards twice", e=e, d=d)
        else:
            text = say("Begging: {e} begged; {d} ran the cards {n} times", e=e, d=d, n=state._ran)
        out.add(text, "run", seat=dealer, begged_by=eldest, times=state._ran)


def _sale(out: _Writer, buyer: int) -> None:
    """Eldest sold the pitch, and scored the bid at once."""
    state, rules = out.state, out.rules
    eldest = state._nxt(state._dealer)
    side = rules.side_of(eldest)
    out.add(
        say_n(
            "Sold: {e} sold the pitch to {p} for {n} — {n} to {side} at once",
            "Sold: {e} sold the pitch to {p} for {n} — {n} to {side} at once",
            state._bid,
            e=Seat(eldest),
            p=Seat(buyer),
            side=out.who(side),
        ),
        "sale",
        seat=eldest,
        to=buyer,
        bid=state._bid,
        side=side,
        seats=out.seats(side),
        points=state._bid,
    )


def _bidding(out: _Writer) -> None:
    """Who bid to pitch (Auction Pitch), or how eldest sold or kept the pitch (Commercial)."""
    state, rules = out.state, out.rules
    eldest = state._nxt(state._dealer)
    if rules.bidding is Bidding.AUCTION and state._pitcher >= 0:
        pitcher = state._pitcher
        out.add(
            say("Bidding: {p} bid {bid} to pitch", p=Seat(pitcher), bid=state._bid),
            "bid",
            seat=pitcher,
            bid=state._bid,
        )
    elif rules.bidding is Bidding.COMMERCIAL and state._pitcher >= 0:
        if state._sold:
            _sale(out, state._pitcher)
        elif state._sold is False:
            out.add(
                say("Kept: {e} kept the pitch, to make {bid}", e=Seat(eldest), bid=state._bid),
                "keep",
                seat=eldest,
                bid=state._bid,
            )
        else:
            out.add(
                say("No bid: {e} pitched with nothing to make", e=Seat(eldest)),
                "no_bid",
                seat=eldest,
            )
    elif rules.bidding is Bidding.COMMERCIAL and state._sold:  # the sale won the game
        _sale(out, state._bidder)


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
        say(
            "Pitch: {s} led {card} — {suit} are trumps",
            s=Seat(seat),
            card=_card(card),
            suit=suit_name(suit_of(card)),
        ),
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
                say(
                    "Throw-in: {s} threw in {cards}",
                    s=Seat(seat),
                    cards=" ".join(pretty(t) for t in shown),
                ),
                "throw_in",
                seat=seat,
                cards=shown,
            )


def _at_once(out: _Writer) -> None:
    """All Fives: the trumps each side scored as it won them."""
    state, rules = out.state, out.rules
    if not rules.trick_points_at_once or not any(state._at_once):
        return
    parts = joined(
        [joined([out.who(side), str(pts)], " ") for side, pts in enumerate(state._at_once) if pts]
    )
    out.add(
        say("Scored at once (trumps in tricks won): {parts}", parts=parts),
        "at_once",
        points=[state._at_once[rules.side_of(s)] for s in range(state.g.n)],
    )


def _taker(state: AllFoursState, card: int) -> int:
    """The seat that won the trick ``card`` fell in."""
    for _, cards, _, winner in state._tricks:
        if card in cards:
            return winner
    return state._played_by[card]  # pragma: no cover - a hand is scored once every trick is


def _credit(out: _Writer, kind: str, card: int, seat: int, how: str, side: int, points: int) -> str:
    """Who scored a card's point, as the line of ``kind`` (``high``, ``low``, ``jack``) says
    it. Alone: ``High: A♣ — {1}``, ``Low: 2♣ — taken by {0}``, ``Jack: J♣ — hung by {2}, 3
    points``. In teams, the side after the card and who held or took it: ``High: A♣ held by
    {1} — {1} and {3}``, ``Jack: J♣ hung by {2} — 3 to {0} and {2}``. ``how`` is ``""``
    (held), ``taken`` or ``hung``."""
    c, s = _card(card), Seat(seat)
    if len(out.seats(side)) == 1:
        if kind == "jack" and how == "hung":
            if points != 1:
                return say("Jack: {card} — hung by {s}, {n} points", card=c, s=s, n=points)
            return say("Jack: {card} — hung by {s}", card=c, s=s)
        if kind == "jack":
            if points != 1:
                return say("Jack: {card} — taken by {s}, {n} points", card=c, s=s, n=points)
            return say("Jack: {card} — taken by {s}", card=c, s=s)
        if kind == "low" and how == "taken":
            return say("Low: {card} — taken by {s}", card=c, s=s)
        if kind == "low":
            return say("Low: {card} — {s}", card=c, s=s)
        return say("High: {card} — {s}", card=c, s=s)
    to = out.to(side, points)
    if kind == "jack" and how == "hung":
        return say("Jack: {card} hung by {s} — {to}", card=c, s=s, to=to)
    if kind == "jack":
        return say("Jack: {card} taken by {s} — {to}", card=c, s=s, to=to)
    if kind == "low" and how == "taken":
        return say("Low: {card} taken by {s} — {to}", card=c, s=s, to=to)
    if kind == "low":
        return say("Low: {card} held by {s} — {to}", card=c, s=s, to=to)
    return say("High: {card} held by {s} — {to}", card=c, s=s, to=to)


def _points(out: _Writer, detail: HandScore) -> None:
    """High, Low, Jack and Game, then the bid made or set back, a smudge, the all-four bonus."""
    state, rules = out.state, out.rules
    set_back = detail.set_back
    pitcher = state._pitcher

    def status(kind: str, side: int | None) -> tuple[str | None, dict[str, Any]]:
        """A note on a point that did not count (the message it is said in, or ``None``), and
        the facts of its counting."""
        at = detail.position(kind)
        if at is None:
            if side is not None and set_back is not None and side == set_back[0]:
                return N_("{line} (lost: set back)"), {"order": None, "counted": False}
            return None, {"order": None, "counted": False}
        if at >= state._upto:
            note = N_("{line} (not counted: the game was already won)")
            return note, {"order": at, "counted": False}
        return None, {"order": at, "counted": True}

    trump = state._trump
    if detail.high is None or detail.low is None:
        out.add(say("High and Low: no trump in play"), "high", card=None, side=None, points=0)
    else:
        for kind, (card, side) in (("high", detail.high), ("low", detail.low)):
            if kind == "low" and rules.low is Low.CAPTURED:
                seat, how = _taker(state, card), "taken"
            else:
                seat, how = state._played_by[card], ""
            note, facts = status(kind, side)
            out.add(
                _noted(_credit(out, kind, card, seat, how, side, 1), note),
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
            out.add(
                say("Jack: {card} not in play", card=_card(jack)),
                "jack",
                card=TOKENS[jack],
                in_play=False,
            )
        else:
            _, side, points = detail.jack
            held = rules.side_of(state._played_by[jack])
            hung = bool(rules.hang_jack) and held != side
            seat = _taker(state, jack)
            note, facts = status("jack", side)
            how = "hung" if hung else "taken"
            out.add(
                _noted(_credit(out, "jack", jack, seat, how, side, points), note),
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
        line = say(
            "All four: {side} took High, Low, Jack and Game — {bonus} more",
            side=out.who(side),
            bonus=rules.all_four_bonus,
        )
        out.add(
            _noted(line, note),
            "all_four",
            side=side,
            seats=out.seats(side),
            points=rules.all_four_bonus,
            **facts,
        )
    if rules.bidding is not Bidding.NONE and pitcher >= 0 and state._bid:
        side = rules.side_of(pitcher)
        p = Seat(pitcher)
        if set_back is not None:
            out.add(
                say(
                    "Set back: {p} bid {bid} and made {made} — minus {bid} for {side}",
                    p=p,
                    bid=state._bid,
                    made=detail.made,
                    side=out.who(side),
                ),
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
                say(
                    "Bid made: {p} bid {bid} and made {made}", p=p, bid=state._bid, made=detail.made
                ),
                "bid_made",
                seat=pitcher,
                bid=state._bid,
                made=detail.made,
                side=side,
                seats=out.seats(side),
            )
    if detail.smudge is not None:
        out.add(
            say("Smudge: {p} bid 4 and took all four — the game is won", p=Seat(pitcher)),
            "smudge",
            seat=pitcher,
            side=detail.smudge,
            seats=out.seats(detail.smudge),
        )


def _noted(line: str, note: str | None) -> str:
    """``line`` with the note on why its point did not count, if it did not."""
    return line if note is None else say(note, line=line)


def _game(out: _Writer, detail: HandScore, status: Any) -> None:
    """Game: the card points each side took, and who scored it or that it tied."""
    state, rules = out.state, out.rules
    totals = detail.card_points
    best = max(totals)
    tie = totals.count(best) > 1
    side = detail.game
    count: str
    if len(totals) == 2:
        first = side if side is not None else 0
        count = say("{a} to {b}", a=totals[first], b=totals[1 - first])
    else:
        count = joined([joined([out.who(k), str(pts)], " ") for k, pts in enumerate(totals)])
    if side is None:
        if tie:
            line = say("Game: {count} — tied, nobody scores", count=count)
        else:
            line = say("Game: {count} — nobody", count=count)
    else:
        to = out.to(side, rules.game_value)
        if not tie:
            line = say("Game: {count} — {to}", count=count, to=to)
        elif rules.game_tie is GameTie.ELDEST:
            line = say("Game: {count} — tied, to {to} (eldest)", count=count, to=to)
        else:
            line = say("Game: {count} — tied, to {to} (not the dealer)", count=count, to=to)
    note, facts = status("game", side)
    out.add(
        _noted(line, note),
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
        out.add(say("Thrown in: the hand is not played after the gift"), "thrown_in", reason=thrown)
    elif thrown == NO_BID:
        out.add(say("Thrown in: nobody bid; the deal passes on"), "thrown_in", reason=thrown)
    elif thrown == PACK_OUT:
        dealer = state._dealer
        out.add(
            say(
                "Thrown in: the pack ran out before a new trump; {d} {d:deals} again",
                d=Seat(dealer),
            ),
            "thrown_in",
            reason=thrown,
            dealer=dealer,
        )
    elif state._detail is None and state._winner >= 0 and state._winner != TIED:
        side = state._winner
        out.add(
            say(
                "Stopped: {side} reached {target} before the hand was played out",
                side=out.who(side),
                target=out.rules.target,
            ),
            "stopped",
            side=side,
            seats=out.seats(side),
            score=state._scores[side],
        )
