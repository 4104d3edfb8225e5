"""Pure rendering for the terminal game: an observation dict in, lines of text out.

Nothing here reads input, prints or decides a rule. What a seat may see arrives as its
observation (``state.observation(seat)``); what it may do arrives as the legal tokens the state
lists. These functions only lay that out, so they can be tested without a terminal and reused by
any text surface.

Cards are shown with suit symbols (``Q♠``, ``10♥``) unless the terminal cannot print them, and in
colour only when asked (the app asks when stdout is a terminal).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from hoyle.cards import Card, CardError, Suit
from hoyle.core.errors import IllegalActionError
from hoyle.core.narrate import second_person
from hoyle.core.protocol import Game, State
from hoyle.core.registry import family
from hoyle.i18n import N_, _, ngettext
from hoyle.titles import family_title, preset_title

__all__ = [
    "HintRow",
    "Style",
    "and_list",
    "card_label",
    "game_title",
    "group_by_suit",
    "hint_meaning",
    "hint_rows",
    "in_context",
    "is_you",
    "log_text",
    "prompt_text",
    "render_hand",
    "render_help",
    "render_hint",
    "render_result",
    "render_table",
    "screen_words",
    "seat_names",
    "seat_position",
    "typed_moves",
    "win_sentence",
]


# Suits alternate black and red so that neighbouring rows of a hand are easy to tell apart.
SUIT_ORDER: tuple[Suit, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES, Suit.HEARTS)

_RED = "\x1b[31m"
_BOLD = "\x1b[1m"
_RESET = "\x1b[0m"


@dataclass(frozen=True)
class Style:
    """How cards are drawn.

    Attributes:
        symbols: suit symbols (``Q♠``) rather than letters (``QS``).
        color: ANSI colours (red suits, bold legal cards); only for a real terminal.
    """

    symbols: bool = True
    color: bool = False

    def bold(self, text: str) -> str:
        """``text`` in bold when colour is on."""
        return f"{_BOLD}{text}{_RESET}" if self.color else text


def _card(token: str) -> Card | None:
    try:
        return Card.from_token(token)
    except CardError:
        return None


def card_label(token: str, style: Style = Style(), *, bold: bool = False) -> str:
    """A card token as a player reads it: ``QS`` → ``Q♠``, ``TH`` → ``10♥``.

    Tokens that are not cards (``moon add``) come back unchanged. With colour on, red suits
    are red and ``bold`` cards bold.

    >>> card_label("TH"), card_label("TH", Style(symbols=False))
    ('10♥', 'TH')
    """
    card = _card(token)
    if card is None:
        return style.bold(token) if bold else token
    text = card.pretty() if style.symbols else card.token
    codes = []
    if style.color and bold:
        codes.append("1")
    if style.color and card.suit is not None and card.suit.is_red:
        codes.append("31")
    return f"\x1b[{';'.join(codes)}m{text}{_RESET}" if codes else text


_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def _visible_len(text: str) -> int:
    """Length on screen, leaving out ANSI colour codes."""
    return len(_ANSI.sub("", text))


def _pad(text: str, width: int) -> str:
    return text + " " * max(0, width - _visible_len(text))


_SUIT_LETTERS = str.maketrans({"♣": "C", "♦": "D", "♥": "H", "♠": "S"})

RED_CARD = re.compile(r"(?:10|[2-9JQKA])?[♥♦]")
"""A red card as a sentence writes it (``10♥``, ``Q♦``), or a red suit's symbol alone."""


def log_text(text: str, style: Style = Style()) -> str:
    """A log sentence as the terminal shows it: with suit letters where it cannot print the
    symbols (``Q♠`` → ``QS``), and red cards red when colour is on.

    >>> log_text("You lead Q♠.", Style(symbols=False))
    'You lead QS.'
    """
    if not style.symbols:
        return text.translate(_SUIT_LETTERS)
    if style.color:
        return RED_CARD.sub(lambda m: f"{_RED}{m.group(0)}{_RESET}", text)
    return text


# The engine's notation in its messages: a seat by number ("seat 0 cannot play 9H"), a card by
# its token. A token is upper case, so words of the sentence ("as", "th") are never taken.
_ENGINE_SEAT = re.compile(r"\b[Ss]eat (\d+)(?:('s)|( [a-z]+))?")
_ENGINE_CARD = re.compile(r"(?<![\w=:>])(10|[2-9TJQKA])([CDHS])(?![\w=>])")
_THIRD_PERSON = frozenset({"is", "has", "does", "was"})
# The engine's Spanish: "el asiento 0 no puede jugar 9H", "(el asiento 1 no tiene 9H)".
_ENGINE_SEAT_ES = re.compile(r"\b([Ee]l )?asiento (\d+)(?:( no)?( [a-záéíóúñ]+))?")
_SPANISH_YOU = {"es": "eres", "ha": "has", "va": "vas", "está": "estás"}
"""The third-person verbs of the engine's Spanish whose second person is not the same + s."""


def _asiento(match: re.Match[str], text: str, names: Sequence[str], me: int | None) -> str:
    """A seat of the engine's Spanish in the screen's words: another seat by its name, the
    reader's own dropped before its verb, turned to the second person (``no puedes jugar``)."""
    number = int(match.group(2))
    if not 0 <= number < len(names):
        return match.group(0)
    negation, verb = match.group(3) or "", match.group(4) or ""
    if number != me:
        return names[number] + negation + verb
    head = verb.strip()
    if head in _SPANISH_YOU:
        head = _SPANISH_YOU[head]
    elif len(head) > 3 and head[-1] in "ae":  # puede, tiene, debe, juega: + s
        head += "s"
    word = (negation + " " + head).strip() if head else "tú"
    before = text[: match.start()].rstrip()
    if not before or before[-1] in ".:;—!?":
        word = word[:1].upper() + word[1:]
    return word


def screen_words(message: str, names: Sequence[str], me: int | None, style: Style = Style()) -> str:
    """An engine message (a refusal's reason) in the screen's words: each seat by the name the
    screen gives it (``you`` for the player's own, its verb turned to match) and each card as
    the screen draws it. The message itself is the engine's; only its notation changes.

    >>> screen_words("seat 0 cannot play 9H: must follow suit; legal: KC, TC",
    ...              ["You", "Seat 1"], 0)
    'You cannot play 9♥: must follow suit; legal: K♣, 10♣'
    >>> screen_words("'9H' is not legal here (seat 1 has no 9H)", ["You", "Ann"], 0)
    "'9♥' is not legal here (Ann has no 9♥)"
    >>> screen_words("el asiento 0 no puede jugar 9H: no la tiene", ["Tú", "Asiento 1"], 0)
    'No puedes jugar 9♥: no la tiene'
    >>> screen_words("(el asiento 1 no tiene 9H)", ["Tú", "Asiento 1"], 0)
    '(Asiento 1 no tiene 9♥)'
    >>> screen_words("'9H' no es legal (el asiento 0 no puede jugar 9H)", ["Tú", "Asiento 1"], 0)
    "'9♥' no es legal (no puedes jugar 9♥)"
    """

    def seat(match: re.Match[str]) -> str:
        number = int(match.group(1))
        if not 0 <= number < len(names):
            return match.group(0)
        possessive, verb = match.group(2), match.group(3)
        if number != me:
            return names[number] + (possessive or "") + (verb or "")
        before = message[: match.start()].rstrip()
        word = "your" if possessive else "you"
        if not before or before[-1] in ".:;—!?":
            word = word.capitalize()
        if verb:
            head = verb.strip()
            if head in _THIRD_PERSON or (head.endswith("s") and len(head) > 3):
                head = second_person(head)
            word += " " + head
        return word

    text = _ENGINE_SEAT.sub(seat, message)
    text = _ENGINE_SEAT_ES.sub(lambda m: _asiento(m, text, names, me), text)
    if style.symbols:
        text = _ENGINE_CARD.sub(lambda m: card_label(m.group(0)), text)
    return text


def seat_names(players: int, me: int | None) -> list[str]:
    """How each seat is called on screen, in the language in force: ``You`` for the player's
    own seat, else ``Seat k`` (``Tú``, ``Asiento k``)."""
    return [
        _("You") if seat == me else _("Seat {seat}").format(seat=seat) for seat in range(players)
    ]


def and_list(words: Sequence[str]) -> str:
    """Names joined with ``and`` (``y`` in Spanish): ``A``, ``A and B``, ``A and B and C``.

    >>> and_list(["You", "Seat 2"]), and_list(["A", "B", "C"])
    ('You and Seat 2', 'A and B and C')
    """
    if not words:
        return ""
    return functools.reduce(
        lambda first, last: _("{first} and {last}").format(first=first, last=last), words
    )


def game_title(game: Game[Any]) -> str:
    """A player's name for ``game`` in the language in force: ``Hearts — Black Maria``
    (``Corazones — Dama negra``), the family's title alone for its ``standard`` preset."""
    fam = family(game.family)
    preset = fam.find_variant(game.variant)
    if preset.name == "standard":
        return family_title(fam)
    return f"{family_title(fam)} — {preset_title(preset)}"


def is_you(names: Sequence[str], seat: int, me: int | None) -> bool:
    """``seat`` is the reader's own and the screen calls it ``You`` (a sentence about it is
    then written to the reader: ``You win.``, ``Ganas tú.``)."""
    return seat == me and 0 <= seat < len(names) and names[seat] == _("You")


def in_context(message: str, english: str) -> str:
    """The translation of ``message``, a word with its sense in brackets (``across (where a
    seat sits)``), or ``english`` (``across``) where the catalogue has none, as in English: a
    catalogue then translates a word apart from the same word said elsewhere in another sense
    (a pass ``across``, a seat ``across``).

    >>> in_context("across (where a seat sits)", "across")
    'across'
    """
    text = _(message)
    return english if text == message else text


_POSITIONS = {
    "left": N_("left (where a seat sits)"),
    "right": N_("right (where a seat sits)"),
    "across": N_("across (where a seat sits)"),
}
"""Where a seat sits, as the screen writes it after a name (``Seat 1 (left)``)."""


def seat_position(seat: int, me: int | None, players: int, *, translate: bool = False) -> str:
    """Where ``seat`` sits as seen from ``me``: ``left``, ``right``, ``across`` or ``""``
    (``translate``: in the language in force, as the screen writes it).

    Seats are numbered in the direction of play, so the next seat is on the left.
    """
    if me is None or seat == me:
        return ""
    offset = (seat - me) % players
    where = ""
    if offset == 1:
        where = "left"
    elif offset == players - 1:
        where = "right"
    elif players % 2 == 0 and offset == players // 2:
        where = "across"
    return in_context(_POSITIONS[where], where) if translate and where else where


def group_by_suit(hand: Sequence[str]) -> list[tuple[Suit | None, list[str]]]:
    """The hand's tokens in rows by suit (``SUIT_ORDER``), lowest rank first in each row.

    Every suit gets a row, empty or not, so a void is visible; tokens that are not suited
    cards (jokers, numbered cards) come last in a row of their own.

    >>> group_by_suit(["AS", "2C", "TH", "3C"])[0]
    (<Suit.CLUBS: 0>, ['2C', '3C'])
    """
    rows: dict[Suit | None, list[tuple[int, str]]] = {suit: [] for suit in SUIT_ORDER}
    for token in hand:
        card = _card(token)
        suit = None if card is None else card.suit
        rank = 0 if card is None else card.rank
        rows.setdefault(suit, []).append((rank, token))
    return [(suit, [t for _, t in sorted(cards)]) for suit, cards in rows.items()]


def render_hand(hand: Sequence[str], legal: Sequence[str], style: Style = Style()) -> list[str]:
    """The hand in rows by suit; cards the player may play now are marked ``[Q♠]``."""
    if not hand:
        return ["  " + _("(no cards)")]
    playable = {t.upper() for t in legal}
    lines = []
    for suit, tokens in group_by_suit(hand):
        if suit is None:
            head = "  ?"
        else:
            head = "  " + (suit.symbol if style.symbols else suit.letter)
            if style.color and suit.is_red:
                head = f"  {_RED}{head.strip()}{_RESET}"
        cells = []
        for token in tokens:
            if token.upper() in playable:
                cells.append(f"[{card_label(token, style, bold=True)}]")
            else:
                cells.append(f" {card_label(token, style)} ")
        lines.append(f"{head}  " + ("".join(_pad(c, 6) for c in cells).rstrip() or " —"))
    return lines


def _plays(
    plays: Sequence[dict[str, Any]], names: Sequence[str], style: Style, extra: str = ""
) -> str:
    shown = [f"{names[p['seat']]} {card_label(p['card'], style)}" for p in plays]
    return ", ".join(shown) + extra


def _taken_by(trick: dict[str, Any], names: Sequence[str]) -> str:
    """Who took a finished trick; a void trick (two packs) says where its cards went."""
    if trick["winner"] is not None:
        return _(" — taken by {name}").format(name=names[trick["winner"]])
    to = trick.get("to")
    if to is None:
        return _(" — void, for the next winner")
    return _(" — void, went to {name}").format(name=names[to])


def _trick_plays(trick: dict[str, Any], players: int) -> list[dict[str, Any]]:
    """A finished trick from the observation as (seat, card) pairs in playing order."""
    leader = int(trick["leader"])
    # With a stock, seats out of cards are skipped: the trick then lists the seats that played.
    seats = trick.get("seats") or [(leader + i) % players for i in range(len(trick["cards"]))]
    return [{"seat": seat, "card": card} for seat, card in zip(seats, trick["cards"], strict=False)]


def _runs_this_trick(obs: dict[str, Any]) -> list[dict[str, Any]]:
    """The drawing runs (seat, count) of the trick in progress, when the game has a stock."""
    number = len(obs.get("tricks", [])) + 1
    return [run for run in obs.get("draws") or [] if run["trick"] == number]


def _own_run(obs: dict[str, Any]) -> list[str]:
    """The cards the observing seat drew in the trick in progress, in the order drawn."""
    number = len(obs.get("tricks", [])) + 1
    return next((run["cards"] for run in obs.get("drawn") or [] if run["trick"] == number), [])


_PASSING = {
    "left": N_("Passing {count} cards left"),
    "right": N_("Passing {count} cards right"),
    "across": N_("Passing {count} cards across"),
    "second_left": N_("Passing {count} cards second_left"),
    "second_right": N_("Passing {count} cards second_right"),
    "scatter": N_("Passing {count} cards scatter"),
}
"""The pass in progress, one sentence for each direction (a language words each its own way)."""
_RECEIVED = {
    "left": N_("Received (left pass): {cards}"),
    "right": N_("Received (right pass): {cards}"),
    "across": N_("Received (across pass): {cards}"),
    "second_left": N_("Received (second_left pass): {cards}"),
    "second_right": N_("Received (second_right pass): {cards}"),
    "scatter": N_("Received (scatter pass): {cards}"),
}
"""The cards received in the pass, one sentence for each direction."""


def _passing(obs: dict[str, Any], style: Style) -> list[str]:
    """The pass: the cards still to choose while passing, the cards received after it."""
    direction = str(obs.get("pass_direction", ""))
    if obs.get("phase") == "pass":
        count = obs.get("pass_count", 0)
        chosen = [card_label(t, style) for t in obs.get("passed", [])]
        if direction in _PASSING:
            line = _(_PASSING[direction]).format(count=count)
        else:
            line = f"Passing {count} cards {direction}"
        if chosen:
            line += _(" — chosen so far: {cards}").format(cards=" ".join(chosen))
        return [line]
    if obs.get("received"):
        got = " ".join(card_label(t, style) for t in obs["received"])
        if direction in _RECEIVED:
            return [_(_RECEIVED[direction]).format(cards=got)]
        return [f"Received ({direction} pass): {got}"]
    return []


def _table_head(obs: dict[str, Any], names: Sequence[str], style: Style) -> str:
    """The table's top line: the game, the deal, the dealer and what stands for the deal."""
    head = [str(obs.get("game", ""))]
    if "deal" in obs:
        head.append(_("deal {deal}").format(deal=obs["deal"]))
    if obs.get("dealer") is not None:
        head.append(_("dealer {name}").format(name=names[obs["dealer"]]))
    if obs.get("hearts_broken"):
        head.append(_("hearts broken"))
    if obs.get("penalty_suit"):
        suit = Suit.from_letter(obs["penalty_suit"]).symbol
        head.append(_("penalty suit {suit}").format(suit=suit))
    if obs.get("table"):
        head.append(_("{chips} chips on the table").format(chips=obs["table"]))
    if obs.get("generale") is not None:
        head.append(_("Générale: {name}").format(name=names[obs["generale"]]))
    slam = obs.get("slam")
    if slam:
        partner = slam["partner"]
        bid, bidder = slam["bid"], names[slam["bidder"]]
        if partner == slam["bidder"]:
            text = _("slam bid {bid} by {name} alone").format(bid=bid, name=bidder)
        elif partner is not None:
            text = _("slam bid {bid} by {name} with {partner}").format(
                bid=bid, name=bidder, partner=names[partner]
            )
        else:
            text = _("slam bid {bid} by {name} with a silent partner").format(bid=bid, name=bidder)
        head.append(text)
    if obs.get("trump"):
        head.append(_("trumps {suit}").format(suit=Suit.from_letter(obs["trump"]).symbol))
    if obs.get("turned"):
        turned = " ".join(card_label(t, style) for t in obs["turned"])
        head.append(_("turned {cards}").format(cards=turned))
    if obs.get("stock_top"):
        head.append(_("stock shows {card}").format(card=card_label(obs["stock_top"], style)))
    if "stock_size" in obs:
        head.append(_("stock {count}").format(count=obs["stock_size"]))
    return style.bold("── " + " · ".join(h for h in head if h) + " ──")


def _seats_table(
    obs: dict[str, Any], names: Sequence[str], players: int, me: int | None
) -> list[str]:
    """Each seat's cards (with a stock), tricks and points this deal and running score, a line
    a seat, under a heading; the columns as wide as their headings and the names."""
    tricks_taken = obs.get("tricks_taken", [])
    points = obs.get("points", [])
    scores = obs.get("scores", [])
    # With a stock, hands differ in size and empty ones are out of the deal: show both.
    sizes = obs.get("hand_sizes") if "stock_size" in obs else None
    out = obs.get("out") or []
    columns: list[tuple[str, Sequence[Any], int]] = []
    if sizes:
        columns.append((_("cards"), sizes, 5))
    columns += [(_("tricks"), tricks_taken, 6), (_("points"), points, 6), (_("score"), scores, 5)]
    widths = [max(len(heading), least) for heading, _values, least in columns]
    labels = []
    for seat in range(players):
        where = seat_position(seat, me, players, translate=True)
        label = names[seat] + (f" ({where})" if where else "")
        if seat < len(out) and out[seat]:
            label += _(" (out)")
        if seat == obs.get("current_player") or seat == obs.get("drawing"):
            label += " *"
        labels.append(label)
    # The names' column fits the longest label (a long name, "(across) *"), and is never
    # narrower than it always was, so that the usual table keeps its layout.
    width = max(max(len(n) for n in names) + (16 if sizes else 10), *map(_visible_len, labels))
    heading = "  ".join(f"{h:>{w}}" for (h, _v, _l), w in zip(columns, widths, strict=True))
    lines = [f"  {_pad('', width)}{heading}"]
    for seat, label in enumerate(labels):
        cells = [f"{_num(v, seat):>{w}}" for (_h, v, _l), w in zip(columns, widths, strict=True)]
        lines.append(f"  {_pad(label, width)}" + "  ".join(cells))
    return lines


def render_table(
    obs: dict[str, Any],
    legal: Sequence[str],
    names: Sequence[str] | None = None,
    style: Style = Style(),
) -> list[str]:
    """The whole table as ``obs["seat"]`` sees it, with ``legal`` marked in the hand.

    Shows the game and deal, whose turn, the pass while passing, each seat's tricks and points
    this deal and running score, the last trick, the trick in progress and the hand.
    """
    players = int(obs.get("players", len(obs.get("scores", []))))
    me = obs.get("seat")
    names = list(names) if names is not None else seat_names(players, me)
    phase = obs.get("phase", "")
    lines: list[str] = [_table_head(obs, names, style)]
    if obs.get("widow"):  # only the widow's taker is shown it
        widow = " ".join(card_label(t, style) for t in obs["widow"])
        lines.append(_("The widow you took: {cards}").format(cards=widow))
    lines += _passing(obs, style)
    lines += _seats_table(obs, names, players, me)

    tricks = obs.get("tricks", [])
    if tricks:
        last = tricks[-1]
        plays = _plays(_trick_plays(last, players), names, style, _taken_by(last, names))
        lines.append(_("Last trick: {plays}").format(plays=plays))
    if obs.get("carried"):  # two packs: the cards of void tricks wait for the next winner
        waiting = " ".join(card_label(t, style) for t in obs["carried"])
        lines.append(_("For the next trick's winner: {cards}").format(cards=waiting))
    trick = obs.get("trick", [])
    if phase in ("play", "draw"):
        if trick:
            lines.append(_("Trick: {plays}").format(plays=_plays(trick, names, style)))
            if obs.get("cancelled"):
                gone = " ".join(card_label(t, style) for t in obs["cancelled"])
                lines.append(_("Cancelled: {cards}").format(cards=gone))
        else:
            to_lead = obs.get("current_player")
            lines.append(_("Trick: your lead") if to_lead == me else _("Trick: nobody has led yet"))
        for run in _runs_this_trick(obs):
            if run["seat"] == me:
                drawn = " ".join(card_label(t, style) for t in _own_run(obs))
                lines.append(_("You drew from the stock: {cards}").format(cards=drawn))
            else:
                count = run["count"]
                lines.append(
                    ngettext(
                        "{name} drew {count} card.", "{name} drew {count} cards.", count
                    ).format(name=names[run["seat"]], count=count)
                )
    if phase == "moon" and obs.get("moon_shooter") is not None:
        shooter = obs["moon_shooter"]
        if is_you(names, shooter, me):
            lines.append(_("You shot the moon."))
        else:
            lines.append(_("{name} shot the moon.").format(name=names[shooter]))

    if "hand" in obs:
        lines.append(_("Your hand:") if me is not None else _("Hand:"))
        lines.extend(render_hand(obs["hand"], legal, style))
    return lines


def _num(values: Sequence[Any], seat: int) -> str:
    if seat >= len(values):
        return "-"
    value = values[seat]
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def prompt_text(obs: dict[str, Any]) -> str:
    """The input prompt for the seat to act, from its observation's phase (the moves it names,
    ``bid N``, ``pass``, are typed as the engine spells them, in every language)."""
    phase = obs.get("phase")
    if phase == "pass":
        done = len(obs.get("passed", []))
        targets = obs.get("pass_to", [])
        count = obs.get("pass_count", "?")
        if obs.get("pass_direction") == "scatter" and done < len(targets):
            # A scatter pass sends each card to a different seat: say which one this is.
            return _("Pass a card to Seat {seat} ({number} of {count}) > ").format(
                seat=targets[done], number=done + 1, count=count
            )
        return _("Pass a card ({number} of {count}) > ").format(number=done + 1, count=count)
    if phase == "play":
        return _("Lead a card > ") if not obs.get("trick") else _("Play a card > ")
    if phase == "moon":
        return _("Moon: add or subtract > ")
    if phase == "discard" and obs.get("discard_to"):
        return _("Discard a card (down to {count}) > ").format(count=obs["discard_to"])
    if phase == "discard":
        done = int(obs.get("discards", 0))
        of = len(obs.get("widow", [])) or "?"
        return _("Lay away a card face down into your tricks ({number} of {count}) > ").format(
            number=done + 1, count=of
        )
    return _(_PROMPTS.get((phase, obs.get("bid_for")), _PROMPTS.get((phase, None), "> ")))


_PROMPTS: dict[tuple[Any, Any], str] = {
    ("declare", None): N_("Announce a Générale? (generale or no generale) > "),
    ("bid", "pitch"): N_("Bid for the pitch (bid N or pass) > "),
    ("beg", None): N_("Stand or beg? (stand or beg) > "),
    ("give", None): N_("Give one or run the cards? (give or run) > "),
    ("sell", None): N_("Sell the pitch to the high bidder, or keep it? (sell or keep) > "),
    ("guess", None): N_("Guess the colour of the cut card (guess red or guess black) > "),
    ("choose", None): N_("Who pitches first? (choose N, a seat of your team) > "),
    ("bid", "slam"): N_("Bid to take every trick (bid N or pass) > "),
    ("bid", None): N_("Bid for the penalty suit (bid N or pass) > "),
    ("name", None): N_("Name the penalty suit (name clubs, diamonds, hearts or spades) > "),
}
"""The prompts of the phases whose prompt says nothing of the position: (phase, what a bid is
for) → prompt; ``None`` for any."""


TRICK_TYPING = N_(
    "Type a card as rank then suit (qs, 10h, td) or a move as shown; several cards at once"
    " are fine while passing."
)
"""How to type a move in the trick-taking games (a family's view may say otherwise; translated
where it is shown)."""


def render_help(
    legal: Sequence[str], style: Style = Style(), typing: str = TRICK_TYPING
) -> list[str]:
    """What the player may type now: the legal moves, how to type them, then the commands."""
    moves = " ".join(card_label(t, style) for t in legal) if legal else _("(none)")
    return [
        _("Legal now: {moves}").format(moves=moves),
        _(typing),
        _(
            "Commands: help or ? (this list), show (the table again), hint (the computer's"
            " advice), quit (end and save the record)."
        ),
    ]


@dataclass(frozen=True)
class HintRow:
    """One legal move as the hint shows it.

    Attributes:
        token: the move.
        value: its estimated value: game points gained by the end of the deal (penalty points
            count negative), higher is better.
        suggested: the move the expert would play.
        reason: why the expert suggests it over a move of higher value, when it says.
    """

    token: str
    value: float
    suggested: bool
    reason: str | None = None


def hint_rows(ranked: Sequence[Any]) -> list[HintRow]:
    """The hinter's answer as rows sorted by value, highest first (ties keep the hinter's
    order). An answer is ``hoyle.hint``'s list (``token``, ``value`` and, where it says,
    ``suggested`` and ``reason``) or ``(token, value)`` pairs with the suggestion first.

    >>> [r.token for r in hint_rows([("QS", 0.5), ("2C", 1.0)])]
    ['2C', 'QS']
    >>> [r.suggested for r in hint_rows([("QS", 0.5), ("2C", 1.0)])]
    [False, True]
    """
    rows = []
    for index, item in enumerate(ranked):
        if isinstance(item, tuple):
            token, value = item
            rows.append(HintRow(str(token), float(value), index == 0))
        else:
            rows.append(
                HintRow(
                    str(item.token),
                    float(item.value),
                    bool(getattr(item, "suggested", index == 0)),
                    getattr(item, "reason", None),
                )
            )
    return sorted(rows, key=lambda row: -row.value)


HINT_SHOWN = 8
"""Moves listed by a hint; the rest are counted."""


def hint_meaning(game: Any) -> str:
    """What a hint's values measure in ``game``, in the hints' own words (game points by the
    end of the deal, penalty points negative; chips in a chip game)."""
    from hoyle.agents.hints import value_meaning  # the search, only when a hint is asked

    return value_meaning(game)


def render_hint(
    ranked: Sequence[Any],
    style: Style = Style(),
    meaning: str = "points by the end of the deal",
) -> list[str]:
    """The suggested move, then every move sorted by its estimated value (``meaning`` says in
    what: game points by the end of the deal), the suggestion marked ``←``; when the suggestion
    is not the move of the highest value, why the expert prefers it, if it says.

    >>> render_hint([("2C", 1.0), ("QS", 0.5)])[1:]
    ['  Points by the end of the deal, higher is better:', '  2♣ +1.0 ←   Q♠ +0.5']
    >>> render_hint([("QS", 0.5), ("2C", 1.0)])[0]
    'Hint: Q♠ (suggested over 2♣)'
    """
    rows = hint_rows(ranked)
    if not rows:
        return [_("No hint: nothing to choose.")]
    best = next((row for row in rows if row.suggested), rows[0])
    first = _("Hint: {move}").format(move=card_label(best.token, style, bold=True))
    if best.value < rows[0].value:
        other = card_label(rows[0].token, style)
        if best.reason:
            first += _(" (suggested over {move}: {reason})").format(move=other, reason=best.reason)
        else:
            first += _(" (suggested over {move})").format(move=other)
    values = "   ".join(
        f"{card_label(row.token, style)} {row.value:+.1f}" + (" ←" if row is best else "")
        for row in rows[:HINT_SHOWN]
    )
    more = ""
    if len(rows) > HINT_SHOWN:
        more = "   " + _("(and {count} more)").format(count=len(rows) - HINT_SHOWN)
    meaning = meaning[:1].upper() + meaning[1:]
    return [
        first,
        "  " + _("{meaning}, higher is better:").format(meaning=meaning),
        f"  {values}{more}",
    ]


def render_result(obs: dict[str, Any], names: Sequence[str] | None = None) -> list[str]:
    """The end of the game: final scores, each seat's result and who won."""
    players = int(obs.get("players", len(obs.get("scores", []))))
    names = list(names) if names is not None else seat_names(players, obs.get("seat"))
    scores = obs.get("scores", [])
    returns = obs.get("returns", [])
    lines = [_("Game over.")]
    finals = ", ".join(f"{names[s]} {_num(scores, s)}" for s in range(players))
    lines.append(_("Final scores: {scores}").format(scores=finals))
    if returns:
        results = ", ".join(f"{names[s]} {_num(returns, s)}" for s in range(players))
        lines.append(_("Result: {results}").format(results=results))
        best = max(returns)
        winners = [s for s, r in enumerate(returns) if r == best]
        if len(winners) == 1:
            lines.append(win_sentence(names, winners[0]))
        else:
            shared = ", ".join(names[s] for s in winners)
            lines.append(_("Shared win: {names}.").format(names=shared))
    return lines


def win_sentence(names: Sequence[str], winner: int) -> str:
    """``You win.`` when the screen calls the winner ``You``, else ``Seat 2 wins.``"""
    if names[winner] == _("You"):
        return _("You win.")
    return _("{name} wins.").format(name=names[winner])


def typed_moves(state: State, text: str) -> list[str]:
    """The moves a player's typed ``text`` names: itself when it is one legal move here,
    else its words (several cards typed at once, ``qs ks as``, while passing)."""
    try:
        state.string_to_action(text)
    except IllegalActionError:
        parts = text.replace(",", " ").split()
        return parts if len(parts) > 1 else [text]
    return [text]
