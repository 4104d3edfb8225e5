"""The Spite and Malice log: what each action did, in sentences each seat may read.

Public: the goal piles dealt and their tops turned up, every card played to a centre stack or
a discard pile (with where it came from), each goal card turned up after one is played, a stack
completed (set aside, or shuffled into the stock), a new stock made from the completed heap, a
pass and the end of a turn. Private: the cards a seat draws from the stock (or is dealt, at
Starturn) are told to that seat ("You draw 7♠ K♦.") and only counted to the others ("Seat 1
draws 2 cards."). The core adds the start of each deal, its result and the end of the game.
"""

from __future__ import annotations

from hoyle.core.narrate import Event, secret
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
                "The stock is used up: the completed stacks are shuffled to make a new stock "
                f"of {after._stock_n} cards.",
                {"stock": after._stock_n},
            )
        )
    return events


def _cards(state: SpiteMaliceState, kinds: list[int]) -> str:
    return " ".join(state.g.card_text(k) for k in kinds)


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
    shown = "; ".join(f"{{{s}}} {_cards(before, tops[s])}" for s in range(n))
    data = {"tops": [[g.token[k] for k in tops[s]] for s in range(n)]}
    rules = before.rules
    piles = "a goal pile" if rules.goal_piles == 1 else f"{rules.goal_piles} goal piles"
    if after._deal_no == before._deal_no and after._phase == DEAL:  # equal tops: again
        return [
            Event(
                None,
                "redeal",
                f"The goal tops are turned up: {shown}. The highest tie, so the goal piles "
                "are dealt again.",
                data,
            )
        ]
    events = [
        Event(
            None,
            "goals",
            f"Each player is dealt {piles} of {rules.goal_size}; the tops are turned up: {shown}.",
            data,
        )
    ]
    if rules.deal_hands:
        for s in range(n):
            hand = sorted(after._hands[s] if after._deal_no == before._deal_no else [])
            events += secret(
                s,
                "dealt",
                f"{{{s}}} {{{s}:is}} dealt {_cards(before, hand)}.",
                f"{{{s}}} {{{s}:is}} dealt {len(hand)} cards.",
                {"cards": [g.token[k] for k in hand]},
                {"count": len(hand)},
            )
    if after._deal_no == before._deal_no and after._phase != OVER:
        first = after._cur
        why = (
            f"{{{first}}} {{{first}:has}} the highest goal top and {{{first}:plays}} first."
            if rules.first is First.HIGHER_GOAL
            else f"{{{first}}} {{{first}:plays}} first."
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
    cards = "a card" if count == 1 else f"{count} cards"
    return secret(
        seat,
        "draw",
        f"{{{seat}}} {{{seat}:draws}} {_cards(before, kinds)}.",
        f"{{{seat}}} {{{seat}:draws}} {cards}.",
        {"cards": [g.token[k] for k in kinds]},
        {"count": count},
    )


def _where(state: SpiteMaliceState, src: int) -> str:
    """Where a move takes its card from (always the mover's own hand or piles)."""
    if src == HAND:
        return "hand"
    if src < DISCARD:
        if state.rules.goal_piles == 1:
            return "the goal pile"
        return f"goal pile {src - GOAL + 1}"
    return f"discard pile {src - DISCARD + 1}"


def _moved(before: SpiteMaliceState, action: int, after: SpiteMaliceState) -> list[Event]:
    """A move to the centre or a discard pile, or a pass."""
    seat = before._cur
    g = before.g
    same_deal = after._deal_no == before._deal_no and after._phase != OVER
    if action == PASS:
        text = (
            f"{{{seat}}} {{{seat}:passes}}."
            if before._moved == 0
            else f"{{{seat}}} {{{seat}:ends}} the turn without a discard."
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
            what = f"a pair, {_cards(before, pair)},"
            data["cards"] = [g.token[k] for k in pair]
        else:
            what = card
        text = f"{{{seat}}} {{{seat}:discards}} {what} on discard pile {pile}, ending the turn."
        return [Event(seat, "discard", text, data)]
    if dest == NEW:
        stack = len(before._stacks) + 1
        text = f"{{{seat}}} {{{seat}:starts}} stack {stack} with {card} from {source}."
    else:
        stack = dest + 1
        rank = len(before._stacks[dest]) + 1
        stands = f" as the {before.g.rank_text(rank)}" if g.wild[kind] else ""
        text = f"{{{seat}}} {{{seat}:plays}} {card}{stands} from {source} on stack {stack}."
    data["to"] = f"stack{stack}"
    events = [Event(seat, "play", text, data)]
    if _completes(before, dest):
        where = (
            "it is shuffled into the stock"
            if before.rules.recycle is Recycle.IMMEDIATE
            else "it is set aside on the completed heap"
        )
        events.append(Event(None, "complete", f"Stack {stack} is complete: {where}.", {}))
    if GOAL <= src < DISCARD:
        goal = before._goals[seat][src - GOAL]
        if len(goal) > 1:
            nxt = goal[-2]
            events.append(
                Event(
                    seat,
                    "goal",
                    f"{{{seat}'s}} next goal card is {g.card_text(nxt)}.",
                    {"card": g.token[nxt]},
                )
            )
        elif same_deal:  # Misery: one of the two piles is empty, the other not yet
            which = "goal pile" if before.rules.goal_piles == 1 else f"goal pile {src - GOAL + 1}"
            events.append(Event(seat, "goal", f"{{{seat}'s}} {which} is empty.", {}))
    if same_deal and after._cover >= 0:
        events.append(
            Event(seat, "cover", f"{{{seat}}} must cover the wild on stack {stack} at once.", {})
        )
    return events


def _completes(before: SpiteMaliceState, dest: int) -> bool:
    """Whether a card played on ``dest`` completes that stack."""
    if dest == NEW:
        return before.rules.top == 1
    return len(before._stacks[dest]) + 1 == before.rules.top
