"""hoyle.cards: tokens, parsing, deck builders and CardSet (issue 2, item 2)."""

from __future__ import annotations

import pytest

from hoyle.cards import (
    RANK_CHARS,
    Card,
    CardError,
    CardSet,
    Suit,
    custom_deck,
    packs,
    parse_cards,
    piquet_deck,
    standard_deck,
)

ALL_TOKENS = [r + s for s in "CDHS" for r in RANK_CHARS]


# ---------------------------------------------------------------- tokens


@pytest.mark.parametrize("token", ALL_TOKENS)
def test_every_card_of_the_pack_round_trips_through_its_token(token: str) -> None:
    card = Card.from_token(token)
    assert card.token == token
    assert Card.from_token(card.token) == card
    assert Card.from_index(card.index) == card
    assert str(card) == token
    assert eval(repr(card), {"Card": Card}) == card


def test_indices_are_suit_major_clubs_first() -> None:
    # The engines rely on index = suit * 13 + rank - 2 (clubs 0-12 … spades 39-51).
    assert [c.index for c in standard_deck()] == list(range(52))
    assert Card.from_token("2C").index == 0
    assert Card.from_token("AC").index == 12
    assert Card.from_token("2D").index == 13
    assert Card.from_token("2H").index == 26
    assert Card.from_token("QS").index == 49
    assert Card.from_token("AS").index == 51
    assert Card.from_token("QS").mask == 1 << 49


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("10H", "TH"),
        ("10h", "TH"),
        ("th", "TH"),
        ("Th", "TH"),
        (" qs ", "QS"),
        ("Q♠", "QS"),
        ("q♠", "QS"),
        ("10♥", "TH"),
        ("A♣", "AC"),
        ("7♦", "7D"),
        ("K♤", "KS"),  # the white suit symbols are read too
        ("2♡", "2H"),
    ],
)
def test_tokens_are_read_in_any_case_with_10_and_suit_symbols(text: str, token: str) -> None:
    assert Card.from_token(text).token == token


def test_suits_ranks_names_and_pretty_forms() -> None:
    qs = Card.from_token("QS")
    assert (qs.rank, qs.suit) == (12, Suit.SPADES)
    assert qs.name == "queen of spades"
    assert qs.pretty() == "Q♠"
    assert Card.from_token("TH").pretty() == "10♥"
    assert Card.from_token("TH").name == "ten of hearts"
    assert Card.from_token("AC").rank == 14
    assert [s.letter for s in Suit] == ["C", "D", "H", "S"]
    assert [s.symbol for s in Suit] == ["♣", "♦", "♥", "♠"]
    assert [s.is_red for s in Suit] == [False, True, True, False]
    assert Suit.from_letter("h") is Suit.HEARTS
    assert Suit.from_letter("♠") is Suit.SPADES


@pytest.mark.parametrize("text", ["XJ", "xj", "joker", "JK"])
def test_jokers(text: str) -> None:
    joker = Card.from_token(text)
    assert joker.joker and joker.suit is None and joker.rank == 0
    assert joker.token == "XJ"
    assert joker.name == "joker"
    assert joker.pretty() == "XJ"
    with pytest.raises(CardError, match="not a card of the 52-card pack"):
        _ = joker.index


@pytest.mark.parametrize("rank", range(1, 16))
def test_numbered_cards_1_to_15_round_trip(rank: int) -> None:
    card = Card.from_token(str(rank), numbered=True)
    assert (card.rank, card.suit, card.numbered) == (rank, None, True)
    assert card.token == str(rank)
    assert Card.from_token(card.token, numbered=True) == card
    suited = Card.from_token(f"{rank}h", numbered=True)
    assert suited.token == f"{rank}H" and suited.suit is Suit.HEARTS
    assert Card.from_token(suited.token, numbered=True) == suited
    with pytest.raises(CardError):
        _ = card.index  # a numbered card is not in the 52-card pack


@pytest.mark.parametrize("text", ["0", "16", "99"])
def test_numbered_ranks_outside_1_to_15_are_refused(text: str) -> None:
    with pytest.raises(CardError, match="1…15"):
        Card.from_token(text, numbered=True)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "expected a rank then a suit"),
        ("   ", "expected a rank then a suit"),
        ("Q", "expected a rank \\(23456789TJQKA\\) then a suit \\(CDHS\\)"),
        ("1H", "expected one of 2-9, T \\(or 10\\), J, Q, K, A"),
        ("11H", "expected one of 2-9, T \\(or 10\\), J, Q, K, A"),
        ("ZS", "bad rank 'Z'"),
        ("QX", "bad suit 'X' in card 'QX': expected one of C, D, H, S"),
        ("QSS", "bad rank 'QS'"),
    ],
)
def test_bad_tokens_raise_card_error_saying_what_is_expected(text: str, says: str) -> None:
    with pytest.raises(CardError, match=says):
        Card.from_token(text)


def test_bad_numbered_token_and_bad_suit_letter() -> None:
    with pytest.raises(CardError, match="expected 1…15, optionally a suit"):
        Card.from_token("H", numbered=True)
    with pytest.raises(CardError, match="expected one of C, D, H, S"):
        Suit.from_letter("X")
    with pytest.raises(CardError, match="expected one of C, D, H, S"):
        Suit.from_letter("")


def test_card_error_is_a_value_error() -> None:
    assert issubclass(CardError, ValueError)


def test_invalid_card_construction_is_refused() -> None:
    with pytest.raises(CardError):
        Card(15, Suit.CLUBS)  # French-suited ranks are 2…14
    with pytest.raises(CardError):
        Card(10, None)  # a French-suited card needs a suit
    with pytest.raises(CardError):
        Card(3, Suit.CLUBS, joker=True)
    with pytest.raises(CardError, match="outside 0…51"):
        Card.from_index(52)
    with pytest.raises(CardError, match="outside 0…51"):
        Card.from_index(-1)


def test_parse_cards_reads_spaces_commas_and_iterables() -> None:
    assert [c.token for c in parse_cards("QS, 10h 2c,AH")] == ["QS", "TH", "2C", "AH"]
    assert [c.token for c in parse_cards(["qs", "Q♥"])] == ["QS", "QH"]
    assert [c.token for c in parse_cards("1 15 7H", numbered=True)] == ["1", "15", "7H"]
    assert parse_cards("") == []
    with pytest.raises(CardError, match="'QQ'"):
        parse_cards("QS QQ")


# ---------------------------------------------------------------- decks


def test_standard_deck_has_52_distinct_cards() -> None:
    deck = standard_deck()
    assert len(deck) == 52 == len(set(deck))
    assert [c.token for c in deck[:3]] == ["2C", "3C", "4C"]
    assert deck[-1].token == "AS"
    assert {c.suit for c in deck} == set(Suit)


def test_piquet_deck_is_seven_to_ace_in_each_suit() -> None:
    deck = piquet_deck()
    assert len(deck) == 32 == len(set(deck))
    assert {c.rank for c in deck} == set(range(7, 15))
    assert all(sum(1 for c in deck if c.suit is s) == 8 for s in Suit)


@pytest.mark.parametrize("n", [1, 2, 3])
@pytest.mark.parametrize("jokers", [0, 1, 2])
def test_n_packs_with_and_without_jokers(n: int, jokers: int) -> None:
    cards = packs(n, jokers=jokers)
    assert len(cards) == 52 * n + jokers
    assert sum(1 for c in cards if c.joker) == jokers
    for card in standard_deck():
        assert cards.count(card) == n
    piquet = packs(n, jokers=jokers, piquet=True)
    assert len(piquet) == 32 * n + jokers


def test_packs_refuse_nonsense() -> None:
    with pytest.raises(CardError, match="at least 1"):
        packs(0)
    with pytest.raises(CardError, match="0 or more"):
        packs(1, jokers=-1)


def test_custom_numbered_decks() -> None:
    starturn = custom_deck(range(1, 16))
    assert [c.token for c in starturn] == [str(r) for r in range(1, 16)]
    assert all(c.numbered and c.suit is None for c in starturn)
    suited = custom_deck(range(1, 16), suits=[Suit.HEARTS, Suit.SPADES], copies=2)
    assert len(suited) == 60
    assert suited.count(Card(15, Suit.SPADES, numbered=True)) == 2
    assert custom_deck([1, 2], copies=3) == custom_deck([1, 2]) * 3
    with pytest.raises(CardError, match="copies"):
        custom_deck([1], copies=0)
    with pytest.raises(CardError, match="outside 1…15"):
        custom_deck([0, 1])


# ---------------------------------------------------------------- CardSet


def test_cardset_from_tokens_iterates_in_index_order() -> None:
    cs = CardSet.from_tokens("QS 2C AH 10d")
    assert cs.tokens() == ["2C", "TD", "AH", "QS"]
    assert [c.token for c in cs] == cs.tokens()
    assert len(cs) == 4
    assert cs.mask == (1 << 0) | (1 << 21) | (1 << 38) | (1 << 49)


def test_cardset_membership_equality_and_hash() -> None:
    cs = CardSet.from_tokens(["QS", "AH"])
    assert Card.from_token("QS") in cs
    assert Card.from_token("KS") not in cs
    assert "QS" not in cs  # membership is for Card objects
    assert cs == CardSet.from_tokens("AH,QS")
    assert cs != CardSet.from_tokens("AH")
    assert cs != cs.mask
    assert len({cs, CardSet.from_tokens("QS AH")}) == 1
    assert eval(repr(cs), {"CardSet": CardSet}) == cs
    assert len(CardSet()) == 0 and list(CardSet()) == []


def test_cardset_of_the_whole_pack() -> None:
    full = CardSet((1 << 52) - 1)
    assert list(full) == standard_deck()
    assert full.tokens() == ALL_TOKENS


def test_cardset_refuses_cards_outside_the_pack() -> None:
    with pytest.raises(CardError):
        CardSet.from_tokens("XJ")
