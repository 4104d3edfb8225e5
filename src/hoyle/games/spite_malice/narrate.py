"""The Spite and Malice log: what each action did, in sentences each seat may read.

Public: the goal piles dealt and their tops turned up, every card played to a centre stack or
a discard pile (with where it came from), each goal card turned up after one is played, a stack
completed (set aside, or shuffled into the stock), a new stock made from the completed heap, a
pass and the end of a turn. Private: the cards a seat draws from the stock (or is dealt, at
Starturn) are told to that seat ("You draw 7♠ K♦.") and only counted to the others ("Seat 1
draws 2 cards."). The core adds the start of each deal, its result and the end of the game.
"""

from __future__ import annotations

from hoyle.core.narrate import Event, Phrase, Seat, joined, say, say_n, secret
from hoyle.games.spite_malice.rules import First, Recycle
from hoyle.games.spite_malice.state import (
    CHANCE_BASE,
    DEAL,
    DISCARD,
    DRAW,
    GOAL,
    HAND,
    HAND_TARGET,
    NEW,
    OVER,
    PASS,
    TO_DISCARD,
    TO_PAIR,
    SpiteMaliceState,
    split_move,
)

__all__ = ["narrate"]


def narrate(before: SpiteMaliceState, action: int, after: SpiteMaliceState) -> list[Event]:
    """The events ``action`` made (``before`` is the state it was applied to)."""
    if before._phase == DEAL:
        events = _dealt(before, action, after)
    elif before._phase == DRAW:
        events = _drawn(before, action, after)
    else:
        events = _moved(before, action, after)
    same_deal = after._deal_no == before._deal_no
    if same_deal and after._recycled > before._recycled:
        events.append(
            Event(
                None,
                "restock",
                say(
                    "The stock is used up: the completed stacks are shuffled to make a new stock "
                    "of {n} cards.",
                    n=after._stock_n,
                ),
                {"stock": after._stock_n},
            )
        )
    return events


def _cards(state: SpiteMaliceState, kinds: list[int]) -> Phrase:
    """Cards as a player reads them, a joker named in each reader's language."""
    return joined([state.g.card_text(k) for k in kinds], " ")


def _dealt(before: SpiteMaliceState, action: int, after: SpiteMaliceState) -> list[Event]:
    """Goal cards dealt: nothing until the last one; then the tops turned up (or a redeal),
    who starts, and at Starturn each hand dealt."""
    if len(before._queue) != 1:
        return []
    g = before.g
    n = g.n
    seat, pile = divmod(before._queue[0], 4)
    tops = [[p[-1] if p else -1 for p in piles] for piles in before._goals]
    if pile != HAND_TARGET:
        tops[seat][pile] = action - CHANCE_BASE
    shown = joined([joined([f"{{{s}}}", _cards(before, tops[s])], " ") for s in range(n)], "; ")
    data = {"tops": [[g.token[k] for k in tops[s]] for s in range(n)]}
    rules = before.rules
    if after._deal_no == before._deal_no and after._phase == DEAL:  # equal tops: again
        text = say(
            "The goal tops are turned up: {tops}. The highest tie, so the goal piles are dealt "
            "again.",
            tops=shown,
        )
        return [Event(None, "redeal", text, data)]
    if rules.goal_piles == 1:
        text = say(
            "Each player is dealt a goal pile of {size}; the tops are turned up: {tops}.",
            size=rules.goal_size,
            tops=shown,
        )
    else:
        text = say(
            "Each player is dealt {piles} goal piles of {size}; the tops are turned up: {tops}.",
            piles=rules.goal_piles,
            size=rules.goal_size,
            tops=shown,
        )
    events = [Event(None, "goals", text, data)]
    if rules.deal_hands:
        for s in range(n):
            hand = sorted(after._hands[s] if after._deal_no == before._deal_no else [])
            events += secret(
                s,
                "dealt",
                say("{s} {s:is} dealt {cards}.", s=Seat(s), cards=_cards(before, hand)),
                say("{s} {s:is} dealt {n} cards.", s=Seat(s), n=len(hand)),
                {"cards": [g.token[k] for k in hand]},
                {"count": len(hand)},
            )
    if after._deal_no == before._deal_no and after._phase != OVER:
        first = after._cur
        why = (
            say("{s} {s:has} the highest goal top and {s:plays} first.", s=Seat(first))
            if rules.first is First.HIGHER_GOAL
            else say("{s} {s:plays} first.", s=Seat(first))
        )
        events.append(Event(first, "first", why, {"seat": first}))
    return events


def _drawn(before: SpiteMaliceState, action: int, after: SpiteMaliceState) -> list[Event]:
    """A card drawn: told when the draw is over, to the drawer card by card, to the others
    as a count."""
    seat = before._cur
    if after._deal_no == before._deal_no and after._phase == DRAW:
        return []
    count = before._batch + 1
    kinds = [a - CHANCE_BASE for a in after._history[-count:]]
    g = before.g
    s = Seat(seat)
    others = (
        say("{s} {s:draws} a card.", s=s)
        if count == 1
        else say_n("{s} {s:draws} {n} card.", "{s} {s:draws} {n} cards.", count, s=s)
    )
    return secret(
        seat,
        "draw",
        say("{s} {s:draws} {cards}.", s=s, cards=_cards(before, kinds)),
        others,
        {"cards": [g.token[k] for k in kinds]},
        {"count": count},
    )


def _where(state: SpiteMaliceState, src: int) -> Phrase:
    """Where a move takes its card from (always the mover's own hand or piles)."""
    if src == HAND:
        return say("from hand")
    if src < DISCARD:
        if state.rules.goal_piles == 1:
            return say("from the goal pile")
        return say("from goal pile {pile}", pile=src - GOAL + 1)
    return say("from discard pile {pile}", pile=src - DISCARD + 1)


def _moved(before: SpiteMaliceState, action: int, after: SpiteMaliceState) -> list[Event]:
    """A move to the centre or a discard pile, or a pass."""
    seat = before._cur
    s = Seat(seat)
    g = before.g
    same_deal = after._deal_no == before._deal_no and after._phase != OVER
    if action == PASS:
        text = (
            say("{s} {s:passes}.", s=s)
            if before._moved == 0
            else say("{s} {s:ends} the turn without a discard.", s=s)
        )
        return [Event(seat, "pass", text, {})]
    src, dest, symbol = split_move(action)
    hand = sorted(before._hands[seat])
    if src == HAND:
        kind = next(k for k in hand if g.symbol[k] == symbol)
    elif src < DISCARD:
        kind = before._goals[seat][src - GOAL][-1]
    else:
        kind = before._discards[seat][src - DISCARD][-1]
    card = g.card_text(kind)
    source = _where(before, src)
    origin, _, target = before._action_token(action).partition(":")[2].partition(">")
    data: dict[str, object] = {"card": g.token[kind], "from": origin, "to": target}
    if dest >= TO_DISCARD:
        pile = (dest - TO_DISCARD) % 6 + 1
        if dest >= TO_PAIR:
            pair = [k for k in hand if g.symbol[k] == symbol][:2]
            text = say(
                "{s} {s:discards} a pair, {cards}, on discard pile {pile}, ending the turn.",
                s=s,
                cards=_cards(before, pair),
                pile=pile,
            )
            data["cards"] = [g.token[k] for k in pair]
        else:
            text = say(
                "{s} {s:discards} {card} on discard pile {pile}, ending the turn.",
                s=s,
                card=card,
                pile=pile,
            )
        return [Event(seat, "discard", text, data)]
    if dest == NEW:
        stack = len(before._stacks) + 1
        text = say(
            "{s} {s:starts} stack {stack} with {card} {source}.",
            s=s,
            stack=stack,
            card=card,
            source=source,
        )
    else:
        stack = dest + 1
        rank = len(before._stacks[dest]) + 1
        stands = say(" as the {rank}", rank=before.g.rank_text(rank)) if g.wild[kind] else ""
        text = say(
            "{s} {s:plays} {card}{stands} {source} on stack {stack}.",
            s=s,
            card=card,
            stands=stands,
            source=source,
            stack=stack,
        )
    data["to"] = f"stack{stack}"
    events = [Event(seat, "play", text, data)]
    if _completes(before, dest):
        done = (
            say("Stack {stack} is complete: it is shuffled into the stock.", stack=stack)
            if before.rules.recycle is Recycle.IMMEDIATE
            else say(
                "Stack {stack} is complete: it is set aside on the completed heap.", stack=stack
            )
        )
        events.append(Event(None, "complete", done, {}))
    if GOAL <= src < DISCARD:
        goal = before._goals[seat][src - GOAL]
        if len(goal) > 1:
            nxt = goal[-2]
            events.append(
                Event(
                    seat,
                    "goal",
                    say("{s's} next goal card is {card}.", s=s, card=g.card_text(nxt)),
                    {"card": g.token[nxt]},
                )
            )
        elif same_deal:  # Misery: one of the two piles is empty, the other not yet
            empty = (
                say("{s's} goal pile is empty.", s=s)
                if before.rules.goal_piles == 1
                else say("{s's} goal pile {pile} is empty.", s=s, pile=src - GOAL + 1)
            )
            events.append(Event(seat, "goal", empty, {}))
    if same_deal and after._cover >= 0:
        text = say("{s} must cover the wild on stack {stack} at once.", s=s, stack=stack)
        events.append(Event(seat, "cover", text, {}))
    return events


def _completes(before: SpiteMaliceState, dest: int) -> bool:
    """Whether a card played on ``dest`` completes that stack."""
    if dest == NEW:
        return before.rules.top == 1
    return len(before._stacks[dest]) + 1 == before.rules.top
