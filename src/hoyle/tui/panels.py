"""Pure panel content for the full-screen terminal app (:mod:`hoyle.tui.textual_app`).

Each function turns the human seat's observation, its facts, its log and the legal tokens into
what one panel shows: the hand as cells (token, label, playable or not), the moves that are not
cards, the table without the hand, the scores with partners marked, the facts, the last trick,
the line that says whose turn it is. Nothing here touches a widget, reads input or decides a
rule, so the panels can be tested without a terminal; the widgets only display what these
functions return.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from hoyle.cards import Card, CardError, Suit
from hoyle.i18n import _
from hoyle.tui.render import Style, and_list, card_label, group_by_suit, seat_position
from hoyle.tui.views import TableView

__all__ = [
    "CELL_WIDTH",
    "HEADING_WIDTH",
    "PLAIN",
    "HandCell",
    "HandRow",
    "cell_offset",
    "fact_lines",
    "hand_rows",
    "last_trick_from_log",
    "last_trick_lines",
    "other_moves",
    "partner_marks",
    "partners_line",
    "score_lines",
    "suit_heading",
    "table_lines",
    "teams",
    "trick_lines",
    "turn_line",
]

Observation = dict[str, Any]

PLAIN = Style()
"""Suit symbols, no colour: the app colours the cards itself."""

HEADING_WIDTH = 3
"""Columns of a hand row's suit heading (``♣`` and spaces)."""
CELL_WIDTH = 5
"""Columns of one card in a hand row (``10♥`` and spaces): every card sits at a fixed place."""


@dataclass(frozen=True)
class HandCell:
    """One card of the hand as the app draws it.

    Attributes:
        token: the card's token (``QS``), what a click plays.
        label: how it reads on screen (``Q♠``).
        playable: a legal move right now.
        red: a red suit (hearts, diamonds).
    """

    token: str
    label: str
    playable: bool
    red: bool


@dataclass(frozen=True)
class HandRow:
    """One row of the hand: a suit's heading and its cards, lowest first."""

    heading: str
    cells: tuple[HandCell, ...]


def _is_red(token: str) -> bool:
    try:
        suit = Card.from_token(token).suit
    except CardError:
        return False
    return suit is not None and suit.is_red


def hand_rows(hand: Sequence[str], legal: Sequence[str], style: Style = PLAIN) -> list[HandRow]:
    """The hand in rows by suit; a card is playable when its token is one of ``legal``.

    Suits the hand lacks get no row (the table panel is where a void matters).

    >>> [r.heading for r in hand_rows(["QS", "2C", "TH"], ["2C"])]
    ['♣', '♠', '♥']
    """
    playable = {t.upper() for t in legal}
    rows = []
    for suit, tokens in group_by_suit(hand):
        if not tokens:
            continue
        heading = suit_heading(suit, style)
        cells = tuple(
            HandCell(t, card_label(t, style), t.upper() in playable, _is_red(t)) for t in tokens
        )
        rows.append(HandRow(heading, cells))
    return rows


def cell_offset(row: int, column: int) -> tuple[int, int]:
    """Where the ``column``-th card of the ``row``-th hand row is drawn: (x, y) in the hand's
    text, so a test (or a screen reader) can find a card without parsing the screen.

    >>> cell_offset(1, 2)
    (13, 1)
    """
    return HEADING_WIDTH + CELL_WIDTH * column, row


def other_moves(legal: Sequence[str], hand: Sequence[str]) -> list[str]:
    """The legal tokens that are not a card of the hand (bids, proposals, pile moves, ``pass``),
    in the state's order.

    >>> other_moves(["2C", "moon add"], ["2C", "QS"])
    ['moon add']
    """
    held = {t.upper() for t in hand}
    return [t for t in legal if t.upper() not in held]


def table_lines(
    view: TableView, obs: Observation, names: Sequence[str], style: Style = PLAIN
) -> list[str]:
    """The family's table as the seat sees it, without the hand and the list of moves (the app
    shows those as cards and buttons of their own)."""
    without_hand = {key: value for key, value in obs.items() if key != "hand"}
    return view.table(without_hand, [], names, style)


def teams(obs: Mapping[str, Any]) -> list[list[int]]:
    """The partnerships the observation names: its ``teams`` or ``sides`` (lists of seats), or
    its ``partners`` (each seat's partners); only sides of two seats or more.

    >>> teams({"sides": [[0, 2], [1, 3]]}), teams({"partners": [[2], [3], [0], [1]]})
    ([[0, 2], [1, 3]], [[0, 2], [1, 3]])
    >>> teams({"sides": [[0], [1]]})
    []
    """
    for key in ("teams", "sides"):
        groups = obs.get(key)
        if isinstance(groups, list) and all(isinstance(g, list) for g in groups):
            found = [sorted(int(s) for s in g) for g in groups if len(g) > 1]
            if found:
                return found
    partners = obs.get("partners")
    if isinstance(partners, list) and all(isinstance(p, list) for p in partners):
        sides = {tuple(sorted({seat, *map(int, p)})) for seat, p in enumerate(partners) if p}
        return [list(side) for side in sorted(sides)]
    return []


def partner_marks(obs: Mapping[str, Any], players: int) -> list[str]:
    """What to write after each seat's name: `` (partner)`` for the viewer's partners.

    >>> partner_marks({"seat": 0, "teams": [[0, 2], [1, 3]]}, 4)
    ['', '', ' (partner)', '']
    """
    me = obs.get("seat")
    marks = [""] * players
    for side in teams(obs):
        if me in side:
            for seat in side:
                if seat != me and 0 <= seat < players:
                    marks[seat] = _(" (partner)")
    return marks


def partners_line(sides: Sequence[Sequence[int]], names: Sequence[str]) -> str:
    """The partnerships named: ``Partners: You and Seat 2; Seat 1 and Seat 3``.

    >>> partners_line([[0, 2], [1, 3]], ["You", "Seat 1", "Seat 2", "Seat 3"])
    'Partners: You and Seat 2; Seat 1 and Seat 3'
    """
    named = "; ".join(and_list([names[s] for s in side]) for side in sides)
    return _("Partners: {sides}").format(sides=named)


def score_lines(obs: Observation, names: Sequence[str]) -> list[str]:
    """Each seat's running score (Écarté: its points in this game and the games it won), the
    viewer's partners marked and the partnerships named."""
    players = int(obs.get("players", len(obs.get("scores", []))))
    marks = partner_marks(obs, players)
    if "game_scores" in obs and "games_won" in obs:  # Écarté: points to 5, games in the rubber
        return [
            _("{name}: {points} (games {games})").format(
                name=names[s] + marks[s], points=obs["game_scores"][s], games=obs["games_won"][s]
            )
            for s in range(players)
        ]
    scores = obs.get("scores", [])
    lines = []
    for seat in range(players):
        value = scores[seat] if seat < len(scores) else "-"
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        lines.append(f"{names[seat]}{marks[seat]}: {value}")
    target = obs.get("target")
    if isinstance(target, int) and target > 0:
        lines.append(_("(game to {target})").format(target=target))
    sides = teams(obs)
    if sides and obs.get("seat") is None:  # a spectator: no "partner" marks, so name the sides
        lines.append(partners_line(sides, names))
    return lines


def fact_lines(facts: Sequence[Mapping[str, Any]], style: Style = PLAIN) -> list[str]:
    """The seat's facts (``state.facts(seat, names)``) one a line: ``Label: text`` and the
    cards that go with it, as the family words them.

    >>> fact_lines([{"kind": "trumps", "label": "Trumps", "text": "hearts", "cards": ["KH"]}])
    ['Trumps: hearts  K♥']
    """
    lines = []
    for fact in facts:
        line = f"{fact.get('label', '')}: {fact.get('text', '')}".strip(": ")
        cards = [card_label(str(t), style) for t in fact.get("cards") or []]
        shown = [c for c in cards if c not in line]
        if shown:
            line += "  " + " ".join(shown)
        lines.append(line)
    return lines


def last_trick_from_log(
    log: Sequence[Mapping[str, Any]], names: Sequence[str], style: Style = PLAIN
) -> list[str]:
    """The last finished trick as the seat's log tells it (its ``trick`` event's ``plays``, in
    the order played), then the log's sentence on who took it. No lines before a first trick,
    or when the log's trick events do not list their plays.

    >>> log = [{"kind": "trick", "text": "You take the trick with Q♣.", "winner": 0,
    ...         "plays": [{"seat": 1, "card": "6C"}, {"seat": 0, "card": "QC"}]}]
    >>> last_trick_from_log(log, ["You", "Seat 1"])
    ['Seat 1   6♣', 'You      Q♣', 'You take the trick with Q♣.']
    """
    trick = next((e for e in reversed(log) if e.get("kind") == "trick"), None)
    if trick is None or not trick.get("plays"):
        return []
    width = max(8, *(len(names[int(p["seat"])]) for p in trick["plays"]))
    lines = [
        f"{names[int(p['seat'])]:<{width}} {card_label(str(p['card']), style)}"
        for p in trick["plays"]
    ]
    lines.append(str(trick.get("text", "")))
    return lines


def _trick_seats(trick: dict[str, Any], players: int) -> list[int]:
    seats = trick.get("seats")
    if seats:
        return [int(s) for s in seats]
    leader = int(trick["leader"])
    return [(leader + i) % players for i in range(len(trick["cards"]))]


def last_trick_lines(obs: Observation, names: Sequence[str], style: Style = PLAIN) -> list[str]:
    """The last finished trick, card by card with who played it, and who took it.

    At the end of a deal the trick list starts again, so the deal's final trick comes from
    ``last_trick`` when the family keeps it. A game without tricks gets no lines.
    """
    if "tricks" not in obs and "last_trick" not in obs:
        return []
    tricks = obs.get("tricks") or []
    last = tricks[-1] if tricks else obs.get("last_trick")
    if not last:
        return [_("(none yet)")]
    players = int(obs.get("players", len(names)))
    seats = _trick_seats(last, players)
    plays = list(zip(seats, last["cards"], strict=False))
    width = max([8, *(len(names[seat]) for seat, _card in plays)])
    lines = [f"{names[seat]:<{width}} {card_label(card, style)}" for seat, card in plays]
    winner = last.get("winner")
    lines.append(
        _("void trick") if winner is None else _("taken by {name}").format(name=names[winner])
    )
    return lines


def trick_lines(obs: Observation, names: Sequence[str], style: Style = PLAIN) -> list[str]:
    """The trick in progress, one line per card with who played it and where that seat sits,
    then the seat to play next. A game without tricks, or not in its play, gets no lines.

    >>> obs = {"players": 4, "seat": 0, "phase": "play", "current_player": 0,
    ...        "trick": [{"seat": 2, "card": "QS"}, {"seat": 3, "card": "TH"}]}
    >>> trick_lines(obs, ["You", "Seat 1", "Seat 2", "Seat 3"])
    ['Seat 2 (across)  Q♠', 'Seat 3 (right)   10♥', 'You              to play']
    """
    if "trick" not in obs or obs.get("phase") not in ("play", "draw"):
        return []
    players = int(obs.get("players", len(names)))
    me = obs.get("seat")
    plays: list[tuple[int, str]] = [
        (int(p["seat"]), card_label(p["card"], style)) for p in obs["trick"]
    ]
    current = obs.get("current_player")
    if isinstance(current, int) and 0 <= current < players:
        plays.append((current, _("to play") if plays or current != me else _("your lead")))
    if not plays:
        return []
    marks = partner_marks(obs, players)
    labels = []
    for seat, _card in plays:
        position = seat_position(seat, me, players, translate=True)
        where = [w for w in (position, marks[seat].strip(" ()")) if w]
        labels.append(names[seat] + (f" ({', '.join(where)})" if where else ""))
    width = max(len(label) for label in labels)
    return [f"{label:<{width}}  {card}" for label, (_seat, card) in zip(labels, plays, strict=True)]


def turn_line(obs: Observation, names: Sequence[str], prompt: str, *, over: bool, me: int) -> str:
    """Whose turn it is: the human's prompt (without its ``>``), another seat's name, or the end."""
    if over:
        return _("Game over. Press q to leave.")
    current = obs.get("current_player")
    if current == me:
        return _("Your turn: {prompt}").format(prompt=prompt.rstrip().rstrip(">").rstrip())
    if isinstance(current, int) and 0 <= current < len(names):
        return _("{name} to play…").format(name=names[current])
    return _("Dealing…")


def suit_heading(suit: Suit | None, style: Style = PLAIN) -> str:
    """A suit as a row heading: its symbol, or its letter without symbols."""
    if suit is None:
        return "?"
    return suit.symbol if style.symbols else suit.letter
