"""What happened, in words a player reads: events, deal results and the sentences they speak.

A family tells what each action did as :class:`Event` values, and how each finished deal was
scored as :class:`DealResult` values. Both carry **templates**, sentences in which seats are
written ``{N}`` so that each reader sees them named from their own chair:

* ``{2}`` is seat 2 as a noun: ``Seat 2`` (or the name given), ``you`` for seat 2 itself
  (``You`` at the start of a sentence);
* ``{2:takes}`` is a verb whose subject is seat 2, written in the third person and turned into
  the second for seat 2 itself (``takes`` → ``take``, ``is`` → ``are``, ``passes`` → ``pass``);
* ``{2's}`` is the possessive: ``Seat 2's``, or ``your``.

>>> render("{2} {2:takes} the trick with Q♠.", viewer=2)
'You take the trick with Q♠.'
>>> render("{1} {1:passes} 3 cards to {2}.", viewer=2, names=["Ann", "Bob", "Cy"])
'Bob passes 3 cards to you.'
>>> render("Low: 2♣ — {0}", viewer=0)
'Low: 2♣ — You'

Sentences are said in the language in force (:mod:`hoyle.i18n`): a family writes them with
:func:`say` (or :func:`say_n` for a plural), naming its placeholders, and each reader's copy is
translated when it is rendered, so one chronicle serves readers of every language. A seat is
passed as :class:`Seat` and used in the message like a slot: ``{s}``, ``{s:takes}``, ``{s's}``;
a translation writes its own verbs in the slots (``{s} {s:toma} la baza con {card}.``) and may
write a possessive with its noun, ``{s's:la mano}`` (``tu mano``, ``la mano de Ana``):

>>> from hoyle.i18n import using
>>> line = say("{s} {s:takes} the trick with {card}.", s=Seat(2), card="Q♠")
>>> line, render(line, viewer=2)
('{2} {2:takes} the trick with Q♠.', 'You take the trick with Q♠.')

An event also says who sees it: everybody (the default), only some seats (``only``: what a
seat sees of its own hidden move), or everybody but some seats (``hidden_from``: what the
others see of it). :func:`secret` makes such a pair. A spectator sees only what everybody does,
and the public side of hidden moves.

The core builds ``state.log(seat)`` from these (see :mod:`hoyle.core.protocol`): it replays the
history, asks the family to narrate each action, and adds the events every game shares — a
deal beginning, a deal's result, the end of the game.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from hoyle.i18n import DEFAULT, N_, current, translations

if TYPE_CHECKING:
    from hoyle.core.protocol import State

__all__ = [
    "DealResult",
    "Event",
    "Fact",
    "Phrase",
    "Seat",
    "chronicle",
    "deal_begins",
    "joined",
    "match_end",
    "pretty",
    "pretty_cards",
    "render",
    "say",
    "say_n",
    "seat_name",
    "seats_text",
    "second_person",
    "secret",
]

_SLOT = re.compile(r"\{(\d+)(?::([^{}]+)|('s)(?::([^{}]+))?)?\}")
_PLACE = re.compile(r"\{(\w+)((?::[^{}]*)|'s(?::[^{}]*)?)?\}")
_IRREGULAR = {"is": "are", "has": "have", "does": "do", "goes": "go", "was": "were"}
_IRREGULAR_ES = {"es": "eres"}
_LIST_ES = re.compile(
    r"(\b(?:a|ante|bajo|con|contra|de|desde|hacia|hasta|para|por|sin|sobre|tras))"
    r" ((?:\{\d+\}, )*\{\d+\} y \{\d+\})"
)
_SEAT = N_("Seat {n}")
# After these a Spanish pronoun takes its prepositional form: "a ti", "de ti" ("con" → "contigo").
_PREPOSITIONS_ES = frozenset(
    [
        "a",
        "ante",
        "bajo",
        "contra",
        "de",
        "desde",
        "hacia",
        "hasta",
        "para",
        "por",
        "sin",
        "sobre",
        "tras",
    ]
)


class Seat(int):
    """A seat handed to :func:`say`: written in the message as a slot (``{s}``, ``{s:takes}``,
    ``{s's}``), named from each reader's chair when rendered."""

    __slots__ = ()


class Phrase(str):
    """A sentence that can be said in every language hoyle speaks.

    As a ``str`` it is the English template (seats as ``{N}`` slots), so code that reads it as
    text sees what it always did; :func:`render` says it in the language in force, translating
    its message and any phrase among its values. Made by :func:`say` and :func:`say_n`.
    """

    msgid: str
    plural: str | None
    n: int
    args: Mapping[str, Any]

    def __new__(
        cls,
        msgid: str,
        plural: str | None = None,
        n: int = 1,
        args: Mapping[str, Any] | None = None,
    ) -> Phrase:
        args = {} if args is None else args
        english = _fill(msgid if plural is None or n == 1 else plural, args, DEFAULT)
        self = super().__new__(cls, english)
        self.msgid, self.plural, self.n, self.args = msgid, plural, n, args
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Phrase, (self.msgid, self.plural, self.n, dict(self.args)))

    def said(self, lang: str) -> str:
        """The template in ``lang`` (its seats still ``{N}`` slots)."""
        return self._said(lang)[0]

    def _said(self, lang: str) -> tuple[str, str]:
        """The template and the language it is in: English when ``lang``'s catalogue has no
        entry for it, so the reader's grammar is never applied to English words."""
        if lang == DEFAULT:
            return str(self), DEFAULT
        words = translations(lang)
        known: Any = getattr(words, "_catalog", {})  # a missing .mo: no entries at all
        if self.plural is None:
            if self.msgid not in known:
                return str(self), DEFAULT
            template = words.gettext(self.msgid)
        else:
            if (self.msgid, 0) not in known:
                return str(self), DEFAULT
            template = words.ngettext(self.msgid, self.plural, self.n)
        return _fill(template, self.args, lang), lang


class _Joined(Phrase):
    """Phrases side by side, each said in the reader's language (see :func:`joined`)."""

    parts: tuple[str, ...]
    sep: str

    def __new__(cls, parts: Sequence[str], sep: str = ", ") -> _Joined:
        self = str.__new__(cls, sep.join(str(p) for p in parts))
        self.msgid, self.plural, self.n, self.args = str(self), None, 1, {}
        self.parts, self.sep = tuple(parts), sep
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Joined, (self.parts, self.sep))

    def _said(self, lang: str) -> tuple[str, str]:
        return self.sep.join(p.said(lang) if isinstance(p, Phrase) else p for p in self.parts), lang


def joined(parts: Sequence[str], sep: str = ", ") -> Phrase:
    """``parts`` (phrases or plain text) separated by ``sep``, each said in the reader's
    language: a list inside a sentence.

    >>> joined([say("{cards} to {to}", cards="3♣", to=Seat(1)), "4♦"])
    '3♣ to {1}, 4♦'
    """
    return _Joined(parts, sep)


def _fill(template: str, args: Mapping[str, Any], lang: str) -> str:
    """``template`` with its named placeholders filled: a :class:`Seat` becomes a ``{N}``
    slot (keeping the verb or possessive written with it), a :class:`Phrase` is said in
    ``lang``, anything else is written as ``str`` writes it."""

    def place(match: re.Match[str]) -> str:
        name, rest = match.group(1), match.group(2) or ""
        if name not in args:
            return match.group(0)  # a seat slot already numbered, or a brace meant literally
        value = args[name]
        if isinstance(value, Seat):
            return f"{{{int(value)}{rest}}}"
        if rest:
            raise ValueError(f"{match.group(0)!r}: only a seat takes a verb or a possessive")
        if isinstance(value, Phrase):
            return value.said(lang)
        return str(value)

    return _PLACE.sub(place, template)


def say(message: str, /, **args: Any) -> Phrase:
    """A sentence for the log, the facts or a deal's result, said in each reader's language.

    ``message`` is English with named placeholders; seats are given as :class:`Seat`, other
    values as text, numbers or other phrases (said in the same language).

    >>> say("{s} {s:passes} {cards} to {to}.", s=Seat(1), cards="3♣ 4♣", to=Seat(2))
    '{1} {1:passes} 3♣ 4♣ to {2}.'
    """
    return Phrase(message, None, 1, args)


def say_n(singular: str, plural: str, n: int, /, **args: Any) -> Phrase:
    """:func:`say` for a sentence whose form follows the number ``n`` (given to the message
    as ``{n}`` unless ``args`` names it otherwise).

    >>> say_n("{n} card lies face down.", "{n} cards lie face down.", 3)
    '3 cards lie face down.'
    """
    return Phrase(singular, plural, n, {"n": n, **args})


def second_person(verb: str) -> str:
    """A verb written for a third-person subject, written for ``you``.

    Only the first word changes (``takes the`` → ``take the``).

    >>> [second_person(v) for v in ("takes", "passes", "is", "marries", "plays", "reaches")]
    ['take', 'pass', 'are', 'marry', 'play', 'reach']
    """
    head, sep, rest = verb.partition(" ")
    if head in _IRREGULAR:
        head = _IRREGULAR[head]
    elif head.endswith(("sses", "shes", "ches", "xes", "zes")):
        head = head[:-2]
    elif head.endswith("ies") and len(head) > 4:
        head = head[:-3] + "y"
    elif head.endswith("s") and not head.endswith("ss"):
        head = head[:-1]
    return head + sep + rest


def second_person_es(verb: str) -> str:
    """A Spanish verb in the present's third person, said to ``tú``: the first word takes
    an ``s`` (``toma`` → ``tomas``, ``es`` → ``eres``); a reflexive ``se`` turns to ``te``.

    >>> [second_person_es(v) for v in ("toma", "pasa", "es", "se lleva", "gana la baza")]
    ['tomas', 'pasas', 'eres', 'te llevas', 'ganas la baza']
    """
    head, sep, rest = verb.partition(" ")
    if head == "se" and rest:
        return "te " + second_person_es(rest)
    return _IRREGULAR_ES.get(head, head + "s") + sep + rest


def seat_name(seat: int, names: Sequence[str] | None = None, lang: str | None = None) -> str:
    """How a seat is called to the others: its name when given, else ``Seat N`` (in
    ``lang``, by default the language in force)."""
    if names is not None and 0 <= seat < len(names) and names[seat]:
        return str(names[seat])
    lang = current() if lang is None else lang
    return translations(lang).gettext(_SEAT).format(n=seat)


def seats_text(seats: Iterable[int]) -> str:
    """Seats as a template's list, each a ``{N}`` slot: ``{0}``, ``{0} and {2}``, ``{0}, {1}
    and {3}`` (rendered for each reader like any template, in its language).

    >>> render(seats_text([0, 1, 3]), viewer=1)
    'Seat 0, you and Seat 3'
    """
    names = [f"{{{seat}}}" for seat in seats]
    if len(names) == 1:
        return joined(names)  # no words, but its seat is named in the reader's language
    return say("{items} and {last}", items=", ".join(names[:-1]), last=names[-1])


def _starts_sentence(before: str) -> bool:
    before = before.rstrip()
    return not before or before[-1] in ".:—!?\n"


def _capital(word: str) -> str:
    return word[:1].upper() + word[1:]


def render(
    template: str,
    viewer: int | None,
    names: Sequence[str] | None = None,
    lang: str | None = None,
) -> str:
    """``template`` as ``viewer`` reads it (``None``: a spectator, to whom no seat is "you"),
    in ``lang`` (by default the language in force). A :class:`Phrase` is translated; a plain
    string is English and read as English."""
    lang = current() if lang is None else lang
    if isinstance(template, Phrase):
        text, lang = template._said(lang)
    else:
        text, lang = template, DEFAULT
    if lang == "es":
        return _render_es(text, viewer, names)
    return _render_en(text, viewer, names)


def _render_en(template: str, viewer: int | None, names: Sequence[str] | None) -> str:
    def slot(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        you = seat == viewer
        if match.group(2) is not None:  # a verb
            verb = match.group(2)
            return second_person(verb) if you else verb
        first = _starts_sentence(template[: match.start()])
        if match.group(3) is not None:  # a possessive (a noun after it is written after it)
            word = "your" if you else f"{seat_name(seat, names, DEFAULT)}'s"
            if match.group(4):
                word += " " + match.group(4)
        else:
            word = "you" if you else seat_name(seat, names, DEFAULT)
        return _capital(word) if first and you else word

    return _SLOT.sub(slot, template)


def _render_es(template: str, viewer: int | None, names: Sequence[str] | None) -> str:
    """Spanish: ``tú`` as a subject, ``ti`` after a preposition, ``contigo`` for "con {N}";
    ``{N's:el noun}`` as ``tu noun`` / ``el noun de Ana`` (``los``/``las`` → ``tus``)."""
    if viewer is not None:
        # A list of seats after a preposition repeats it before the reader ("para Ana y para
        # ti"), then "con" and the reader make "contigo".
        def repeat(match: re.Match[str]) -> str:
            head, seats = match.group(1), match.group(2)
            you = f"{{{viewer}}}"
            if you not in seats or seats.startswith(you):
                return match.group(0)
            return f"{head} {seats.replace(you, f'{head.split()[-1]} {you}')}"

        template = _LIST_ES.sub(repeat, template)
        template = re.sub(rf"\bcon \{{{viewer}\}}", "contigo", template)

    def slot(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        you = seat == viewer
        if match.group(2) is not None:  # a verb
            verb = match.group(2)
            return second_person_es(verb) if you else verb
        before = template[: match.start()]
        # Spanish writes on in lower case after a colon or a dash: only a new sentence counts.
        first = not before.strip() or before.rstrip()[-1] in ".!?\n"
        name = seat_name(seat, names, "es")
        if match.group(3) is not None:  # a possessive, with its noun when given
            article, _sp, noun = (match.group(4) or "").partition(" ")
            if article not in ("el", "la", "los", "las"):
                article, noun = "", (match.group(4) or "")
            if you:
                word = ("tus" if article in ("los", "las") else "tu") + (f" {noun}" if noun else "")
            else:
                word = " ".join(w for w in (article, noun, "de", name) if w)
            return _capital(word) if first else word
        if not you:
            return name
        previous = before.rstrip().rsplit(None, 1)[-1].lower() if before.strip() else ""
        word = "ti" if previous in _PREPOSITIONS_ES else "tú"
        return _capital(word) if first else word

    return _SLOT.sub(slot, template)


def pretty(token: str) -> str:
    """A card token as a player reads it (``QS`` → ``Q♠``, ``TH`` → ``10♥``); other tokens
    unchanged."""
    from hoyle.cards import Card, CardError  # cards imports nothing of core: no cycle

    try:
        return Card.from_token(token).pretty()
    except CardError:
        return token


def pretty_cards(tokens: Iterable[str]) -> str:
    """Card tokens as a player reads them, separated by spaces (``Q♠ 10♥``)."""
    return " ".join(pretty(t) for t in tokens)


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened, as some seats saw it.

    Attributes:
        seat: who acted, or ``None`` for the table (a deal, a card turned, a score).
        kind: what sort of event, a short word (``play``, ``pass``, ``trick``, ``discard`` …).
        text: the sentence, a template (see the module docstring).
        data: JSON values that go with it (a card token, a count); only what its readers may
            know.
        only: the seats that see it, or ``None`` for everyone (spectators too).
        hidden_from: seats that do not see it (the actor of a hidden move sees its own
            version instead); spectators see it.
    """

    seat: int | None
    kind: str
    text: str
    data: Mapping[str, Any] = field(default_factory=dict)
    only: frozenset[int] | None = None
    hidden_from: frozenset[int] = frozenset()

    def seen_by(self, viewer: int | None) -> bool:
        """Whether ``viewer`` (a seat, or ``None`` for a spectator) sees this event."""
        if self.only is not None:
            return viewer in self.only
        return viewer not in self.hidden_from

    def to_json(self, viewer: int | None, names: Sequence[str] | None = None) -> dict[str, Any]:
        """The log entry ``viewer`` reads: ``seat``, ``kind``, ``text``, then the data."""
        entry: dict[str, Any] = {
            "seat": self.seat,
            "kind": self.kind,
            "text": render(self.text, viewer, names),
        }
        for key, value in self.data.items():
            entry.setdefault(key, value)
        return entry


def secret(
    seat: int,
    kind: str,
    own: str,
    others: str,
    own_data: Mapping[str, Any] | None = None,
    others_data: Mapping[str, Any] | None = None,
) -> list[Event]:
    """A hidden move: ``own`` is what ``seat`` itself sees, ``others`` what everyone else
    (spectators included) sees.

    >>> [e.text for e in secret(1, "discard", "{1} {1:discards} 3♣.", "{1} {1:discards} a card.")]
    ['{1} {1:discards} 3♣.', '{1} {1:discards} a card.']
    """
    return [
        Event(seat, kind, own, dict(own_data or {}), only=frozenset({seat})),
        Event(seat, kind, others, dict(others_data or {}), hidden_from=frozenset({seat})),
    ]


@dataclass(frozen=True, slots=True)
class Fact:
    """One thing a player needs to know at a glance (the contract, trumps, the turn-up, the pot,
    who is whose partner), as the family words it for the table's side panel.

    Attributes:
        label: what it is, a word or two (``Trumps``, ``Contract``, ``Pot``, ``Partners``);
            a :class:`Phrase` to be said in the reader's language.
        text: its value, a template like an event's (``{2} bid 3 to pitch``, ``hearts``).
        cards: card tokens a surface may draw beside it (the turn-up), in order.
        kind: a short stable word for surfaces and tests (``trumps``, ``contract`` …).
    """

    label: str
    text: str
    cards: tuple[str, ...] = ()
    kind: str = ""

    def to_json(self, viewer: int | None, names: Sequence[str] | None = None) -> dict[str, Any]:
        """The fact as ``viewer`` reads it: ``kind``, ``label``, ``text`` and ``cards``."""
        return {
            "kind": self.kind or self.label.lower().replace(" ", "_"),
            "label": render(self.label, viewer, names),
            "text": render(self.text, viewer, names),
            "cards": list(self.cards),
        }


@dataclass(frozen=True, slots=True)
class DealResult:
    """How one finished deal (or hand) was scored.

    Attributes:
        deal: its number, from 1.
        scores: what each seat scored in it, in the game's own units (as ``scores()`` counts,
            so penalty points in Hearts; a side's score is given to each of its seats).
        lines: the scoring in sentences, as templates (``High: A♣ — {1}``).
        items: the structured facts behind the lines, one dict each (``{"kind": "high",
            "card": "AC", "seat": 1, "points": 1}``); JSON values.
    """

    deal: int
    scores: tuple[float, ...]
    lines: tuple[str, ...] = ()
    items: tuple[Mapping[str, Any], ...] = ()
    _seen: dict[tuple[int | None, str], dict[str, Any]] = field(
        default_factory=dict, init=False, repr=False, compare=False, hash=False
    )
    """The summary as each viewer read it in each language (default names): an observation
    renders every finished deal's result, so a long match would otherwise render them again
    and again."""

    def to_json(self, viewer: int | None, names: Sequence[str] | None = None) -> dict[str, Any]:
        """The summary ``viewer`` reads: ``deal``, ``scores``, ``lines`` and ``items`` (a fresh
        copy: the caller may change it)."""
        if names is not None:
            return self._render(viewer, names)
        key = (viewer, current())
        kept = self._seen.get(key)
        if kept is None:
            kept = self._seen[key] = self._render(viewer, None)
        fresh: dict[str, Any] = _copy(kept)
        return fresh

    def _render(self, viewer: int | None, names: Sequence[str] | None) -> dict[str, Any]:
        return {
            "deal": self.deal,
            "scores": [_number(s) for s in self.scores],
            "lines": [render(line, viewer, names) for line in self.lines],
            "items": [_copy(dict(item)) for item in self.items],
        }


def _copy(value: Any) -> Any:
    """A copy of JSON data, as deep as its lists and dicts go."""
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


def _number(value: float) -> float | int:
    return int(value) if float(value).is_integer() else float(value)


# ---------------------------------------------------------------------- the log of a state


def deal_begins(deal: int, dealer: int | None) -> Event:
    """The table's event for the start of deal ``deal``."""
    if dealer is None:
        return Event(None, "deal", say("Deal {deal}.", deal=deal), {"deal": deal})
    text = say("Deal {deal}: {s} {s:deals}.", deal=deal, s=Seat(dealer))
    return Event(None, "deal", text, {"deal": deal, "dealer": dealer})


def _deal_over(result: DealResult) -> list[Event]:
    events = [
        Event(
            None,
            "deal_end",
            say("Deal {deal} is over.", deal=result.deal),
            {"deal": result.deal, "scores": [_number(s) for s in result.scores]},
        )
    ]
    events += [Event(None, "score", line, {"deal": result.deal}) for line in result.lines]
    return events


def match_end(winners: Sequence[int], totals: Sequence[float], players: int) -> list[Event]:
    """The table's events at the end of the game: who won, and the final totals."""
    text: str
    if not winners or len(winners) == players:
        text = say("The game ends in a tie.") if players > 1 else say("The game is over.")
    elif len(winners) == 1:
        text = say("{s} {s:wins}.", s=Seat(winners[0]))
    else:
        text = say("{seats} win.", seats=seats_text(winners))
    scores = ", ".join(f"{{{s}}} {_number(v)}" for s, v in enumerate(totals))
    finals = say("Final scores: {scores}.", scores=scores)
    data = {"winner": list(winners), "scores": [_number(v) for v in totals]}
    return [Event(None, "game_end", text, data), Event(None, "final", finals, data)]


Narrator = Callable[["State", int, "State"], list[Event]]
"""``narrate(before, action, after)``: what ``action`` did (``before`` is the state it was
applied to, ``after`` the state it made), as events."""


@dataclass
class _Chronicle:
    replay: State
    events: list[Event]
    prefix: list[int]


_CHRONICLES: weakref.WeakKeyDictionary[State, _Chronicle] = weakref.WeakKeyDictionary()


def chronicle(state: State) -> list[Event]:
    """Every event of the game that led to ``state``, for every audience, oldest first.

    Built by replaying ``state.history()`` from the state's origin and asking the family to
    narrate each action; kept beside the state (not on it: states stay cheap to copy and
    pickle) and extended as the state moves on.
    """
    history = state.history()
    kept = _CHRONICLES.get(state)
    if kept is None or history[: len(kept.prefix)] != kept.prefix:
        origin = state._origin()
        kept = _Chronicle(origin, _opening(origin), [])
    replay, events = kept.replay, kept.events
    narrate = state._narrate
    for action in history[len(kept.prefix) :]:
        before = replay.clone()
        replay.apply_action(action)
        events.extend(narrate(before, action, replay))
        events.extend(_table_events(before, replay))
    kept.prefix = history
    _CHRONICLES[state] = kept
    return events


def _opening(origin: State) -> list[Event]:
    deal = origin.progress()[0]
    return [deal_begins(deal, origin._dealer_seat())]


def _table_events(before: State, after: State) -> list[Event]:
    """The events every game shares: a deal's result, the end, the next deal beginning."""
    deal_before, deal_after = before.progress()[0], after.progress()[0]
    over = after.is_terminal()
    if deal_before == deal_after and not over:
        return []
    events: list[Event] = []
    done_before = len(before._results())
    for result in after._results()[done_before:]:
        events += _deal_over(result)
    if over:
        events += match_end(after._winners(), after.scores(), after.game.num_players)
    elif deal_after != deal_before:
        events.append(deal_begins(deal_after, after._dealer_seat()))
    return events
