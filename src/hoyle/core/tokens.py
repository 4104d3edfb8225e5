"""Action tokens for families whose moves are cards of one pack (0–51) and a few words."""

from __future__ import annotations

from collections.abc import Mapping

from hoyle.cards import TOKENS, CardError, card_index
from hoyle.core.errors import IllegalActionError
from hoyle.i18n import DEFAULT, _, current

__all__ = ["card_or_word", "parse_card_or_word"]


def card_or_word(action: int, words: Mapping[int, str], game: str) -> str:
    """The token of ``action``: a card (``KH``) below 52, else its word (``propose 2``).

    Raises:
        IllegalActionError: ``action`` is neither, naming ``game``.
    """
    if 0 <= action < 52:
        return TOKENS[action]
    word = words.get(action)
    if word is None:
        raise IllegalActionError(
            _("{action} is not {a_game} action").format(action=action, a_game=_a(game))
        )
    return word


def parse_card_or_word(text: str, by_word: Mapping[str, int], game: str) -> int:
    """The action for ``text``: a word (spaces and case ignored) or a card (``kh``, ``10d``).

    Raises:
        IllegalActionError: ``text`` is neither, naming ``game``.
    """
    key = " ".join(text.split()).lower()
    if key in by_word:
        return by_word[key]
    try:
        return card_index(key.upper())
    except CardError as exc:
        raise IllegalActionError(
            _("{text} is not a card or {a_game} word: {why}").format(
                text=repr(text), a_game=_a(game), why=exc
            )
        ) from None


def _a(game: str) -> str:
    """``game`` with its indefinite article (``an Écarté``, ``a Bourré``; in Spanish the
    sentence names it without one: ``de Écarté``)."""
    if current() != DEFAULT:  # the translations put their own words around the name
        return game
    return ("an " if game[0] in "AEIOUÉ" else "a ") + game
