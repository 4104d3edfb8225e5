"""Cards shared by every family: tokens, suits, ranks, deck builders and card sets.

A card is written as a *token*: its rank, then its suit letter. Ranks are ``23456789TJQKA``
for the French-suited pack (``T`` is the ten; ``10`` is accepted when parsing) and ``1`` … ``15``
for custom numbered decks such as Starturn's, whose cards may also have no suit at all.
Suits are ``C D H S``. A joker is ``XJ``.

>>> Card.from_token("QS")
Card.from_token('QS')
>>> [c.token for c in piquet_deck()[:3]]
['7C', '8C', '9C']
>>> len(packs(3)), len(packs(2, jokers=2))
(156, 106)

Inside an engine a card of the 52-card pack is often a plain int, its *index*
``suit * 13 + (rank - 2)`` (suit-major, clubs first), and a hand is a bitmask of indices;
:class:`CardSet` is the friendly wrapper for such masks.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TypeAlias

from hoyle.i18n import N_, _

__all__ = [
    "RANK_CHARS",
    "Card",
    "CardError",
    "CardMask",
    "CardSet",
    "Suit",
    "custom_deck",
    "packs",
    "parse_cards",
    "piquet_deck",
    "standard_deck",
]

CardMask: TypeAlias = int
"""A set of cards of the 52-card pack as an int: bit ``card.index`` is set for each card."""

RANK_CHARS = "23456789TJQKA"
"""Rank characters of the French-suited pack, lowest first (rank 2 … 14)."""

# Marked for the catalogue, translated when a name is asked for (hoyle.i18n).
_RANK_NAMES = {
    2: N_("two"),
    3: N_("three"),
    4: N_("four"),
    5: N_("five"),
    6: N_("six"),
    7: N_("seven"),
    8: N_("eight"),
    9: N_("nine"),
    10: N_("ten"),
    11: N_("jack"),
    12: N_("queen"),
    13: N_("king"),
    14: N_("ace"),
}
_SUIT_NAMES = (N_("clubs"), N_("diamonds"), N_("hearts"), N_("spades"))


class CardError(ValueError):
    """A card token or deck description could not be understood."""


class Suit(enum.IntEnum):
    """The four French suits, in the order used for card indices (clubs lowest)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """The suit's letter in tokens: ``C``, ``D``, ``H`` or ``S``."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """The suit's symbol for display: ♣ ♦ ♥ ♠."""
        return "♣♦♥♠"[self]

    @property
    def is_red(self) -> bool:
        """True for diamonds and hearts."""
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @classmethod
    def from_letter(cls, letter: str) -> Suit:
        """The suit for a letter (``C D H S``, any case) or symbol (♣ ♦ ♥ ♠)."""
        key = letter.upper()
        for chars in ("CDHS", "♣♦♥♠", "♧♢♡♤"):
            if key in chars and len(key) == 1:
                return cls(chars.index(key))
        raise CardError(
            _("unknown suit {letter!r}: expected one of C, D, H, S").format(letter=letter)
        )


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One playing card.

    ``rank`` is 2…14 for the French-suited pack (11 J, 12 Q, 13 K, 14 A) or 1…15 on a custom
    numbered deck (``numbered=True``). ``suit`` is ``None`` for suitless numbered cards and for
    jokers. Jokers have ``rank == 0`` and ``joker=True``.
    """

    rank: int
    suit: Suit | None
    joker: bool = False
    numbered: bool = False

    def __post_init__(self) -> None:
        if self.joker:
            if self.rank != 0 or self.suit is not None:
                raise CardError(_("a joker has no rank and no suit"))
        elif self.numbered:
            if not 1 <= self.rank <= 15:
                raise CardError(
                    _("numbered card rank {rank} is outside 1…15").format(rank=self.rank)
                )
        elif not 2 <= self.rank <= 14 or self.suit is None:
            raise CardError(
                _("a French-suited card needs rank 2…14 and a suit, not {rank}").format(
                    rank=self.rank
                )
            )

    @property
    def token(self) -> str:
        """The card's token, e.g. ``QS``, ``TH``, ``XJ``, ``15`` or ``7H`` on a numbered deck."""
        if self.joker:
            return "XJ"
        rank = str(self.rank) if self.numbered else RANK_CHARS[self.rank - 2]
        return rank + (self.suit.letter if self.suit is not None else "")

    @property
    def index(self) -> int:
        """Index ``suit * 13 + rank - 2`` in the 52-card pack (the bit of this card in a mask)."""
        if self.joker or self.numbered or self.suit is None:
            raise CardError(_("{card} is not a card of the 52-card pack").format(card=self.token))
        return int(self.suit) * 13 + self.rank - 2

    @property
    def mask(self) -> CardMask:
        """This card's bit in a :data:`CardMask`."""
        return 1 << self.index

    @property
    def name(self) -> str:
        """A readable name in the language in force: ``queen of spades`` (``dama de picas``),
        ``joker``, ``15``."""
        if self.joker:
            return _("joker")
        if self.numbered:
            return self.token
        assert self.suit is not None
        return _("{rank} of {suit}").format(
            rank=_(_RANK_NAMES[self.rank]), suit=_(_SUIT_NAMES[self.suit])
        )

    def pretty(self) -> str:
        """The token with a suit symbol instead of a letter: ``Q♠``, ``10♥``."""
        if self.joker or self.suit is None:
            return self.token
        rank = "10" if self.rank == 10 and not self.numbered else self.token[:-1]
        return rank + self.suit.symbol

    @classmethod
    def from_token(cls, token: str, *, numbered: bool = False) -> Card:
        """Parse a token such as ``QS``, ``qs``, ``10H``, ``Q♠``, ``XJ``; ``numbered`` for 1…15.

        >>> Card.from_token("10h").token
        'TH'
        """
        text = token.strip()
        if not text:
            raise CardError(_("empty card token: expected a rank then a suit, like QS or TH"))
        up = text.upper()
        if up in ("XJ", "JOKER", "JK"):
            return cls(0, None, joker=True)
        if numbered:
            digits = up.rstrip("CDHS♣♦♥♠")
            suit_part = up[len(digits) :]
            if not digits.isdigit():
                raise CardError(
                    _("bad numbered card {token!r}: expected 1…15, optionally a suit").format(
                        token=token
                    )
                )
            suit = Suit.from_letter(suit_part) if suit_part else None
            return cls(int(digits), suit, numbered=True)
        if len(up) < 2:
            raise CardError(
                _(
                    "bad card token {token!r}: expected a rank (23456789TJQKA) then a suit (CDHS)"
                ).format(token=token)
            )
        rank_part, suit_part = up[:-1], up[-1]
        if rank_part == "10":
            rank_part = "T"
        if len(rank_part) != 1 or rank_part not in RANK_CHARS:
            raise CardError(
                _(
                    "bad rank {rank!r} in card {token!r}: "
                    "expected one of 2-9, T (or 10), J, Q, K, A"
                ).format(rank=rank_part, token=token)
            )
        try:
            suit = Suit.from_letter(suit_part)
        except CardError:
            raise CardError(
                _("bad suit {suit!r} in card {token!r}: expected one of C, D, H, S").format(
                    suit=suit_part, token=token
                )
            ) from None
        return cls(RANK_CHARS.index(rank_part) + 2, suit)

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card of the 52-card pack with this index."""
        if not 0 <= index < 52:
            raise CardError(_("card index {index} is outside 0…51").format(index=index))
        return _STANDARD[index]

    def __repr__(self) -> str:
        return f"Card.from_token({self.token!r})"

    def __str__(self) -> str:
        return self.token


_STANDARD: tuple[Card, ...] = tuple(Card(rank, suit) for suit in Suit for rank in range(2, 15))
TOKENS: tuple[str, ...] = tuple(c.token for c in _STANDARD)
"""Token of each index of the 52-card pack, e.g. ``TOKENS[50] == 'KS'``."""
_TOKEN_INDEX = {t: i for i, t in enumerate(TOKENS)}


def card_index(token: str) -> int:
    """Index in the 52-card pack of a token (fast path for exact upper-case tokens)."""
    index = _TOKEN_INDEX.get(token)
    if index is None:
        return Card.from_token(token).index
    return index


def parse_cards(text: str | Iterable[str], *, numbered: bool = False) -> list[Card]:
    """Parse space- or comma-separated tokens (or an iterable of tokens) into cards."""
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [Card.from_token(t, numbered=numbered) for t in tokens]


def standard_deck() -> list[Card]:
    """The 52-card pack, in index order (2♣ … A♣, 2♦ …, 2♥ …, 2♠ … A♠)."""
    return list(_STANDARD)


def piquet_deck() -> list[Card]:
    """The 32-card piquet pack: 7 8 9 T J Q K A of each suit."""
    return [c for c in _STANDARD if c.rank >= 7]


def packs(n: int, *, jokers: int = 0, piquet: bool = False) -> list[Card]:
    """``n`` packs shuffled together (in order, not shuffled) plus ``jokers`` jokers in all."""
    if n < 1:
        raise CardError(_("number of packs must be at least 1, not {n}").format(n=n))
    if jokers < 0:
        raise CardError(_("number of jokers must be 0 or more, not {n}").format(n=jokers))
    one = piquet_deck() if piquet else standard_deck()
    return one * n + [Card(0, None, joker=True)] * jokers


def custom_deck(
    ranks: Iterable[int], *, suits: Iterable[Suit] | None = None, copies: int = 1
) -> list[Card]:
    """A numbered deck: each rank (1…15) in each suit (or suitless), ``copies`` times.

    >>> [c.token for c in custom_deck(range(1, 4))]
    ['1', '2', '3']
    """
    if copies < 1:
        raise CardError(_("copies must be at least 1, not {n}").format(n=copies))
    rank_list = list(ranks)
    suit_list: list[Suit | None] = list(suits) if suits is not None else [None]
    one = [Card(r, s, numbered=True) for s in suit_list for r in rank_list]
    return one * copies


class CardSet:
    """A set of cards of the 52-card pack backed by a :data:`CardMask`; iterates in index order.

    >>> CardSet.from_tokens("QS 2C AH")
    CardSet.from_tokens('2C AH QS')
    >>> Card.from_token("QS") in CardSet.from_tokens("QS")
    True
    """

    __slots__ = ("mask",)

    def __init__(self, mask: CardMask = 0) -> None:
        self.mask = mask

    @classmethod
    def from_tokens(cls, text: str | Iterable[str]) -> CardSet:
        """A set from tokens, as :func:`parse_cards` reads them."""
        mask = 0
        for card in parse_cards(text):
            mask |= card.mask
        return cls(mask)

    def __iter__(self) -> Iterator[Card]:
        m = self.mask
        while m:
            low = m & -m
            yield _STANDARD[low.bit_length() - 1]
            m ^= low

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self.mask >> card.index & 1)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(self.mask)

    def tokens(self) -> list[str]:
        """The tokens in index order."""
        return [c.token for c in self]

    def __repr__(self) -> str:
        return f"CardSet.from_tokens({' '.join(self.tokens())!r})"
