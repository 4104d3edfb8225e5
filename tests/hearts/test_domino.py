"""Domino Hearts (the ``domino`` preset; the ``deal_size`` option): scenarios, random matches,
what each seat sees, resampling and records.

Scenarios cite shared/RULINGS.md 1.1 ``domino`` and the Hearts seed ('Corazones de dominó',
Foster 1909). The random matches follow every card with a model of the table written here, from
the rules rather than the engine, and score each deal from it.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import hoyle
from helpers import play, play_to_end
from hoyle.cards import TOKENS, card_index
from hoyle.games.hearts import HeartsGame, HeartsState
from hoyle.games.hearts.domino import DominoState

PACK = set(TOKENS)
HEART_TOKENS = {t for t in TOKENS if t.endswith("H")}

# ---------------------------------------------------------------- helpers


def load(**options: Any) -> HeartsGame:
    game = hoyle.load("hearts", variant="domino", **options)
    assert isinstance(game, HeartsGame)
    return game


def deal(hands: list[str], stock: str | None = None, **options: Any) -> DominoState:
    """A one-deal game from hand-set hands; ``stock`` stacks the stock (first drawn first)
    with the named cards, the rest of it following in pack order."""
    state = load(deals=1, hand_size=len(hands[0].split()), players=len(hands), **options)
    state = state.deal_state(hands)
    assert isinstance(state, DominoState)
    if stock is not None:
        named = stock.split()
        rest = [
            TOKENS[c] for c in range(52) if state.stock_mask() >> c & 1 and TOKENS[c] not in named
        ]
        state.set_stock_order(named + rest)
    return state


def legal(state: HeartsState) -> set[str]:
    return {state.action_to_string(a) for a in state.legal_actions()}


def hand(state: HeartsState, seat: int) -> set[str]:
    return {TOKENS[c] for c in range(52) if state.hand_mask(seat) >> c & 1}


# ---------------------------------------------------------------- the preset


def test_the_preset_deals_six_from_a_full_pack_and_plays_to_31() -> None:
    # RULINGS 1.1 domino: hearts only, deal 6 each, the rest a stock; no passing; eldest leads
    # any card; the end at 31. The seed: "se juega con un mazo" (one full pack).
    game = load()
    assert game.num_players == 4 and game.spec == "hearts(variant=domino)"
    rules = game.rules
    assert (rules.hand_size, rules.target, rules.queen_spades) == (6, 31, 0)
    for players in range(2, 8):
        state = load(players=players).new_initial_state(seed=players)
        obs = state.observation(0)
        assert obs["removed"] == [] and obs["hand_sizes"] == [6] * players
        assert obs["stock_size"] == 52 - 6 * players
        assert obs["phase"] == "play" and state.current_player() == 0
        assert legal(state) == set(obs["hand"])  # any card, hearts included
    assert hoyle.load("hearts", variant="domino-hearts") == game


def test_refuses_one_and_eight_players() -> None:
    # RULINGS 1.1 domino: players 2–7.
    with pytest.raises(hoyle.InvalidOptionError, match="players"):
        load(players=1)
    with pytest.raises(hoyle.InvalidOptionError, match=r"needs 2…7 players .* not 8"):
        load(players=8)


@pytest.mark.parametrize(
    ("options", "says"),
    [
        ({"hand_size": 8, "players": 7}, "needs 56 cards but the pack has 52: deal at most 7"),
        ({"pass_cycle": "left"}, "passes no cards: use pass_cycle=hold"),
        ({"first_lead": "lowest_club"}, "use first_lead=eldest_any"),
        ({"jokers": 1}, "no jokers: use jokers=0"),
        ({"widow_4p": 4}, "no widow: use widow_4p=0"),
        ({"chips": 25, "revoke_penalty": 2}, "no revokes: use revoke_penalty=0"),
        ({"bonus_card": "TD", "slam_bid": 26}, "no slam bids"),
    ],
)
def test_a_stock_refuses_what_it_cannot_combine_with(options: dict[str, Any], says: str) -> None:
    with pytest.raises(hoyle.InvalidOptionError, match=says):
        load(**options)


def test_the_rules_in_plain_words_speak_of_the_stock() -> None:
    # hoyle rules: the words come from the options, hand_size included.
    from hoyle.games.hearts.explain import explain

    text = " ".join(explain(load(players=4).rules))
    assert "6 cards each, and the other 28 face down as a stock" in text
    assert "draws from the stock, one card at a time, until able to follow" in text
    assert "The last player holding cards adds them" in text and "reaches 31" in text


def test_hand_size_works_from_any_preset() -> None:
    # DESIGN "Variants as data": a stock is an option, not a branch on the preset's name.
    game = hoyle.load("hearts", variant="modern", hand_size=6, players=2)
    state = game.new_initial_state(seed=1)
    assert isinstance(state, DominoState)
    assert state.observation(0)["stock_size"] == 40
    assert hoyle.load("hearts", variant="modern").new_initial_state(seed=1).__class__ is HeartsState


def test_deal_size_is_the_old_name_of_hand_size() -> None:
    # docs/contract.md §6: cards dealt per hand is ``hand_size`` in every family; the old
    # name still loads, and the game string uses the new one.
    old = hoyle.load("hearts(variant=modern,deal_size=6,players=2)")
    assert old == hoyle.load("hearts", variant="modern", hand_size=6, players=2)
    assert old.spec == "hearts(variant=modern,players=2,hand_size=6)"


# ---------------------------------------------------------------- drawing


def test_a_player_who_cannot_follow_draws_until_able_then_follows() -> None:
    # RULINGS 1.1 domino / seed: "El jugador que no pueda seguir el palo tiene que robar
    # cartas, una a una, del mazo hasta que pueda hacerlo" — drawn at chance nodes here.
    state = deal(["2C 3C 4C 5C 6C 7C", "2D 3D 4D 5D 6D 7D", "8C 9C TC JC QC KC"])
    play(state, "2C")
    assert state.is_chance_node() and state.current_player() == hoyle.CHANCE
    assert state.phase == "draw" and state.progress() == (1, "draw", 1)
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 34 and all(p == pytest.approx(1 / 34) for _, p in outcomes)
    for token in ("8D", "AS"):  # not a club: draw again
        state.apply_action(state.string_to_action(token))
        assert state.is_chance_node()
    with pytest.raises(hoyle.IllegalActionError, match="not legal now \\(draw\\)"):
        state.apply_action(card_index("3C"))  # in a hand, not in the stock
    state.apply_action(card_index("AC"))  # a club: drawing stops
    assert state.current_player() == 1 and state.phase == "play"
    assert legal(state) == {"AC"}  # the card that ended the run is the only club
    obs = state.observation(1)
    assert obs["hand_sizes"] == [5, 9, 6] and obs["stock_size"] == 31
    assert obs["draws"] == [{"trick": 1, "seat": 1, "count": 3}]
    assert obs["drawn"] == [{"trick": 1, "cards": ["8D", "AS", "AC"]}]
    assert state.observation(0)["drawn"] == []  # the others see how many, not which
    assert "AS" not in str(state.observation(0)) and "AS" not in str(state.observation(None))
    play(state, "AC 8C")
    assert state.observation(None)["tricks"][0] == {
        "leader": 0,
        "cards": ["2C", "AC", "8C"],
        "winner": 1,
        "seats": [0, 1, 2],
    }


def test_a_seeded_deal_draws_by_itself_in_the_shufflers_order() -> None:
    # DESIGN "Chance and seeds": a seed reproduces the match, draws included.
    game = load(players=2)
    a, b = game.new_initial_state(seed=5), game.new_initial_state(seed=5)
    rng = random.Random(0)
    while not a.is_terminal():
        assert not a.is_chance_node()
        action = rng.choice(a.legal_actions())
        a.apply_action(action)
        b.apply_action(action)
        assert a.observation(0) == b.observation(0)
    assert a.history() == b.history() and a.scores() == b.scores()


def test_once_the_stock_is_empty_a_player_who_cannot_follow_discards_freely() -> None:
    # RULINGS 1.1 domino: "Once the stock is empty, discard freely." Three players dealt 17
    # leave a stock of one card.
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 2S 3S 4S 5S",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD 6S 7S 8S 9S",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH TS JS QS KS",
    ]
    state = deal(hands, "AS")
    play(state, "2C")
    # Seat 1 draws the A♠ — no club — and the stock is gone: anything may be played.
    assert state.observation(None)["stock_size"] == 0
    assert legal(state) == hand(state, 1) and "AS" in legal(state)
    play(state, "AS")
    assert legal(state) == hand(state, 2)  # no club, no stock: no drawing, any card
    play(state, "AH")
    assert state.observation(None)["tricks"][0]["winner"] == 0  # only the 2♣ is a club
    assert state.deal_points() == [1, 0, 0]


# ---------------------------------------------------------------- dropping out


def test_a_winner_out_of_cards_passes_the_lead_to_the_next_active_player_on_the_left() -> None:
    # RULINGS 1.1 domino: "A player out of cards drops out; if the trick winner has none, the
    # next active player to the left leads." Two cards each: seat 0 wins both tricks and runs
    # out while the others, who drew, still hold cards.
    state = deal(["AC AS", "2H 3H", "2D 3D"], "4D 5C 6C 7S 8H 9S")
    play(state, "AC 5C")  # seat 1 draws 4♦ 5♣ and plays the club; then seat 2 draws 6♣
    assert state.observation(None)["draws"] == [
        {"trick": 1, "seat": 1, "count": 2},
        {"trick": 1, "seat": 2, "count": 1},
    ]
    play(state, "6C AS 7S 9S")  # seat 1 draws 7♠; seat 2 draws 8♥ 9♠
    obs = state.observation(None)
    assert obs["tricks"][-1]["winner"] == 0 and obs["out"] == [True, False, False]
    assert state.current_player() == 1 and obs["leader"] == 1
    # [project] Out is out: seat 0 plays no more this deal, though the stock is not empty.
    play(state, "4D 3D")
    obs = state.observation(None)
    assert obs["tricks"][-1]["seats"] == [1, 2] and obs["tricks"][-1]["winner"] == 1
    assert obs["stock_size"] > 0 and obs["hand_sizes"][0] == 0


def test_the_last_player_holding_cards_takes_the_hand_and_the_stock() -> None:
    # RULINGS 1.1 domino / seed: "El último jugador que tenga cartas debe coger las cartas que
    # queden en el mazo y contarlas con sus bazas." One card each: seat 0 wins with its only
    # card; seat 1, who drew 3♥ and 4♣, is left holding 2♥ 3♥ with the stock: all 13 hearts.
    state = deal(["AC", "2H"], "3H 4C")
    play(state, "AC 4C")
    assert state.is_terminal()
    assert state.observation(None)["deal_scores"] == [[0, 13]]
    assert state.observation(None)["remainder"] == {
        "seat": 1,
        "hand": ["2H", "3H"],
        "stock": [t for t in TOKENS if t not in {"AC", "2H", "3H", "4C"}],
    }
    assert state.returns() == [-0.0, -13.0]


def test_if_everyone_runs_out_together_the_tricks_winner_takes_the_stock() -> None:
    # [project] RULINGS 1.1 domino leaves open who takes a stock that nobody outlasts: the
    # winner of the trick in which the last cards went, so every heart of the deal is scored.
    state = deal(["AC", "2C"])
    play(state, "AC 2C")
    assert state.observation(None)["deal_scores"] == [[13, 0]]
    assert state.observation(None)["remainder"]["seat"] == 0


def test_the_match_ends_after_the_deal_in_which_anyone_reaches_31() -> None:
    # RULINGS 1.1 domino / seed: "En cuanto un jugador alcanza o supera los treinta y un
    # puntos, el juego termina y el ganador es el jugador con menos corazones anotados."
    state = load(players=3).new_initial_state(seed=11)
    rng = random.Random(11)
    deals = 0
    while not state.is_terminal():
        before = len(state.observation(None)["deal_scores"])
        state.apply_action(rng.choice(state.legal_actions()))
        scored = state.observation(None)["deal_scores"]
        if len(scored) > before:
            deals += 1
            assert sum(scored[-1]) == 13  # hearts only, every heart scored
            assert state.is_terminal() == (max(state.scores()) >= 31)
    assert deals > 1
    scores = state.scores()
    assert state.returns() == [
        1.0 / scores.count(min(scores)) if s == min(scores) else 0.0 for s in scores
    ]


# ---------------------------------------------------------------- random matches


class Table:
    """The rules of a domino deal written out again, following every card by hand."""

    def __init__(self, players: int, leader: int) -> None:
        self.n = players
        self.hands: list[set[str]] = [set() for _ in range(players)]
        self.stock = set(PACK)
        self.taken: list[list[str]] = [[] for _ in range(players)]
        self.leader = leader
        self.order: list[int] = []
        self.trick: list[str] = []
        self.next_deal = leader  # eldest: the dealing starts there and goes round

    def to_play(self) -> int:
        return self.order[len(self.trick)] if self.trick else self.leader

    def must_draw(self) -> bool:
        led = self.trick[0][-1] if self.trick else ""
        seat = self.to_play()
        return bool(self.trick and self.stock and not any(c[-1] == led for c in self.hands[seat]))

    def deal_one(self, card: str) -> None:
        self.stock.remove(card)
        self.hands[self.next_deal].add(card)
        self.next_deal = (self.next_deal + 1) % self.n

    def draw(self, card: str) -> None:
        self.stock.remove(card)
        self.hands[self.to_play()].add(card)

    def play(self, seat: int, card: str) -> bool:
        """Play a card; True when the deal is over."""
        if not self.trick:
            self.order = [(seat + i) % self.n for i in range(self.n)]
            self.order = [s for s in self.order if self.hands[s]]
        self.hands[seat].remove(card)
        self.trick.append(card)
        if len(self.trick) < len(self.order):
            return False
        led = self.trick[0][-1]
        best = max(
            (i for i, c in enumerate(self.trick) if c[-1] == led),
            key=lambda i: card_index(self.trick[i]),
        )
        winner = self.order[best]
        self.taken[winner] += self.trick
        self.trick = []
        holders = [s for s in range(self.n) if self.hands[s]]
        if len(holders) <= 1:
            last = holders[0] if holders else winner
            self.taken[last] += sorted(self.hands[last] | self.stock)
            self.hands[last], self.stock = set(), set()
            return True
        self.leader = winner
        while not self.hands[self.leader]:
            self.leader = (self.leader + 1) % self.n
        return False

    def scores(self) -> list[int]:
        return [sum(1 for c in cards if c in HEART_TOKENS) for cards in self.taken]


def conserved(state: DominoState) -> None:
    """Hands, stock, tricks taken and the trick in progress hold the pack, each card once."""
    obs = state.observation(None)
    cards = [
        TOKENS[c]
        for s in range(state.game.num_players)
        for c in range(52)
        if state.hand_mask(s) >> c & 1
    ]
    cards += [TOKENS[c] for c in range(52) if state.stock_mask() >> c & 1]
    cards += [c for trick in obs["tricks"] for c in trick["cards"]]
    cards += [p["card"] for p in obs["trick"]]
    assert sorted(cards) == sorted(PACK), "a card lost or added"


def random_match(players: int, seed: int) -> None:
    """A match dealt at chance nodes, every card followed by :class:`Table`."""
    game = load(players=players)
    rng = random.Random(seed)
    state = game.new_initial_state()
    assert isinstance(state, DominoState)
    totals = [0] * players
    table = Table(players, leader=0)
    for _ in range(100_000):
        if state.is_terminal():
            assert max(totals) >= 31
            return
        phase = state.phase
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert outcomes, "a chance node with no outcome"
            action = rng.choice(outcomes)[0]
            token = state.action_to_string(action)
            if phase == "deal":
                table.deal_one(token)
            else:
                assert phase == "draw" and table.must_draw()
                table.draw(token)
            state.apply_action(action)
            continue
        # No dead end, and the turn is where the rules put it: nobody to follow must draw.
        assert not table.must_draw()
        seat = state.current_player()
        assert seat == table.to_play()
        choices = state.legal_actions()
        assert choices, "a decision without a legal action"
        action = rng.choice(choices)
        over = table.play(seat, state.action_to_string(action))
        state.apply_action(action)
        if over:
            expected = table.scores()
            assert state.observation(None)["deal_scores"][-1] == expected
            totals = [t + e for t, e in zip(totals, expected, strict=True)]
            assert state.scores() == totals
            assert sum(sorted(len(t) for t in table.taken)) == 52
            eldest = (state.dealer + 1) % players
            table = Table(players, leader=eldest if not state.is_terminal() else 0)
            assert state.is_terminal() == (max(totals) >= 31)
        else:
            conserved(state)
            assert [len(h) for h in table.hands] == state.observation(None)["hand_sizes"]
    raise AssertionError("the match did not end")


def seeded_match(players: int, seed: int) -> None:
    """A seeded match (its draws happen by themselves), each deal scored from what a spectator
    saw: the cards of every trick with its winner, and the last holder's hand and stock."""
    state = load(players=players).new_initial_state(seed=seed)
    assert isinstance(state, DominoState)
    rng = random.Random(seed)
    done: list[dict[str, Any]] = []  # the deal's tricks so far
    while not state.is_terminal():
        assert not state.is_chance_node()
        deals = len(state.observation(None)["deal_scores"])
        state.apply_action(rng.choice(state.legal_actions()))
        obs = state.observation(None)
        if len(obs["deal_scores"]) == deals:
            done = obs["tricks"]
            conserved(state)
            continue
        # The deal is over: its last trick is shown apart, and what the last holder kept.
        taken: list[list[str]] = [[] for _ in range(players)]
        for trick in [*done, obs["last_trick"]]:
            taken[trick["winner"]] += trick["cards"]
        rest = obs["remainder"]
        taken[rest["seat"]] += rest["hand"] + rest["stock"]
        assert sorted(c for cards in taken for c in cards) == sorted(PACK), "a card lost"
        hearts = [sum(1 for c in cards if c in HEART_TOKENS) for cards in taken]
        assert obs["deal_scores"][-1] == hearts
        done = []
    assert max(state.scores()) >= 31


@pytest.mark.slow
def test_random_matches_keep_every_card_and_score_as_the_rules_say() -> None:
    # Issue: 200 random matches at every table size 2…7: nothing lost or added at any step,
    # each deal scored as an independent count of hearts taken (the last holder's hand and the
    # stock included) gives it, no dead end, and the match ends at 31.
    for i in range(200):
        random_match(players=2 + i % 6, seed=i)
    for i in range(60):
        seeded_match(players=2 + i % 6, seed=i)


# ---------------------------------------------------------------- what each seat sees


def tokens_in(value: Any) -> set[str]:
    """Every card token anywhere in an observation's values."""
    if isinstance(value, dict):
        return set().union(*(tokens_in(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(tokens_in(v) for v in value))
    return {value} if isinstance(value, str) and value in PACK else set()


def test_a_drawers_cards_are_its_own_secret() -> None:
    # DESIGN "observation": everything public (stock size, hand sizes, who is out, how many
    # cards each seat drew and in which trick) and the drawer alone sees what it drew. Over the
    # first deal of a random match, no observation names a card another seat holds or the
    # stock hides.
    state = load(players=4).new_initial_state()
    assert isinstance(state, DominoState)
    rng = random.Random(3)
    while state.deal_number == 0:
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        if state.deal_number:
            break
        hands = [{TOKENS[c] for c in range(52) if state.hand_mask(s) >> c & 1} for s in range(4)]
        stock = {TOKENS[c] for c in range(52) if state.stock_mask() >> c & 1}
        spectator = state.observation(None)
        assert not tokens_in(spectator) & (set().union(*hands) | stock)
        assert spectator["stock_size"] == len(stock)
        assert spectator["out"] == [not h and state.phase in ("play", "draw") for h in hands]
        for seat in range(4):
            obs = state.observation(seat)
            hidden = set().union(*(h for s, h in enumerate(hands) if s != seat)) | stock
            assert not tokens_in(obs) & hidden
            mine = [run for run in obs["draws"] if run["seat"] == seat]
            assert [(r["trick"], len(r["cards"])) for r in obs["drawn"]] == [
                (r["trick"], r["count"]) for r in mine
            ]


# ---------------------------------------------------------------- resampling


@pytest.mark.parametrize("players", [2, 4, 7])
def test_resampling_keeps_what_the_player_saw_at_every_table_size(players: int) -> None:
    # DESIGN "resample_from_infostate": same observation, same legal actions on the player's
    # turn, and the resampled match plays on to its end; seeded and chance-dealt alike.
    rng = random.Random(players)
    game = load(players=players, deals=2)
    for seed in range(6):
        state = game.new_initial_state(seed=seed if seed % 2 else None)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            if rng.random() < 0.15:
                player = rng.randrange(players)
                new = state.resample_from_infostate(player, rng)
                assert new.observation(player) == state.observation(player)
                assert new.is_chance_node() == state.is_chance_node()
                if state.current_player() == player:
                    assert new.legal_actions() == state.legal_actions()
                play_to_end(new, rng)
            state.apply_action(rng.choice(state.legal_actions()))


def test_resampling_mid_draw_keeps_the_drawer_void() -> None:
    # A chance node in the middle of a drawing run: the drawer holds no card of the led suit.
    state = deal(["2C 3C 4C 5C 6C 7C", "2D 3D 4D 5D 6D 7D", "8C 9C TC JC QC KC"])
    play(state, "2C")
    state.apply_action(card_index("8D"))
    rng = random.Random(0)
    for player in (0, 2):
        for _ in range(30):
            new = state.resample_from_infostate(player, rng)
            assert new.is_chance_node() and new.phase == "draw"
            assert new.observation(player) == state.observation(player)
            assert not any(c.endswith("C") for c in hand(new, 1))


def test_resampled_voids_follow_time() -> None:
    # A seat that drew was void in the led suit when it began, and every card of the run but
    # the last is of another suit; a later run may bring that suit back. Seat 1 draws for
    # clubs in trick 1 (8♦ 9♠, then the 8♣ it plays) and for hearts in trick 3 (J♣ Q♣, then
    # the 2♥ it plays). Seen from seat 0, seat 1 can hold no heart, and clubs only from the
    # two cards of the second run that were not played: at most two, sometimes some.
    state = deal(
        ["2C 3C 4C 5C 6C 7C", "2D 3D 4D 5D 6D 7D"],
        "8D 9S 8C AH KD JC QC 2H",
    )
    play(state, "2C 8C")  # seat 1 draws three; the 8♣ wins
    play(state, "2D KD")  # seat 0 draws A♥ K♦; the K♦ wins
    play(state, "AH 2H")  # seat 1 draws three; the A♥ wins
    assert state.observation(0)["draws"] == [
        {"trick": 1, "seat": 1, "count": 3},
        {"trick": 2, "seat": 0, "count": 2},
        {"trick": 3, "seat": 1, "count": 3},
    ]
    rng = random.Random(1)
    clubs_seen: set[int] = set()
    held: set[str] = set()
    for _ in range(300):
        new = state.resample_from_infostate(0, rng)
        assert new.observation(0) == state.observation(0)
        cards = hand(new, 1)
        assert not any(c.endswith("H") for c in cards)
        clubs_seen.add(sum(1 for c in cards if c.endswith("C")))
        held |= cards
    assert clubs_seen == {0, 1, 2}
    # Every card seat 0 has not seen can be in seat 1's hand but the hearts and the clubs it
    # could not have kept.
    unseen = PACK - {"2C", "3C", "4C", "5C", "6C", "7C", "AH", "KD", "8C", "2D", "2H"}
    assert held == {c for c in unseen if not c.endswith("H")}


# ---------------------------------------------------------------- records


@pytest.mark.parametrize("seed", [4, None], ids=["seeded", "chance-dealt"])
def test_records_round_trip(seed: int | None) -> None:
    # DESIGN "Records": reading what was written gives the same record, and replaying it the
    # same match — draws included, as chance actions when the deal was not seeded.
    from hoyle import records

    state = load(players=3).new_initial_state(seed)
    rng = random.Random(7)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    rec = records.from_state(state, seed=seed)
    text = records.dumps(rec)
    back = records.loads(text)
    assert back == rec and records.dumps(back) == text
    replayed = records.replay(back)
    assert replayed.history() == state.history()
    assert replayed.scores() == state.scores() and replayed.returns() == state.returns()
    assert ("draw." in text) == (seed is None)


def test_a_stacked_stock_still_records_its_draws() -> None:
    # set_stock_order draws by itself, but the history keeps the draws as chance actions, so
    # the record of a hand-set problem replays.
    from hoyle import records

    state = deal(["AC AS", "2H 3H", "2D 3D"], "4D 5C 6C 7S 8H 9S")
    play(state, "AC 5C 6C AS 7S 9S")
    rec = records.from_state(state)
    assert records.replay(records.loads(records.dumps(rec))).observation(1) == state.observation(1)


# ---------------------------------------------------------------- players and the terminal


@pytest.mark.parametrize("players", [2, 7])
def test_the_easy_player_finishes_matches(players: int) -> None:
    # The family's heuristic player reads only its observation; with a stock it must cope
    # with hands of any size and seats that sit a trick out.
    game = load(players=players)
    agents = [hoyle.agent("easy", game, seed=seed) for seed in range(players)]
    for seed in range(3):
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            state.apply_action(agents[state.current_player()].step(state))
        assert max(state.scores()) >= 31


def test_the_terminal_game_draws_for_the_player_and_shows_the_stock() -> None:
    # The terminal game deals chance nodes itself, so a human never answers for a draw; the
    # table shows the stock, each seat's cards, who drew and what the player drew.
    from hoyle.tui.app import TerminalGame
    from hoyle.tui.render import Style

    game = load(players=3, deals=1)
    state = game.new_initial_state()
    out: list[str] = []

    def read(prompt: str) -> str:
        out.append(prompt)
        return state.action_to_string(state.legal_actions()[0])

    class Lowest:
        def step(self, state: hoyle.State) -> int:
            return state.legal_actions()[0]

    app = TerminalGame(
        state,
        0,
        {1: Lowest(), 2: Lowest()},
        read=read,
        write=out.append,
        style=Style(symbols=False),
        rng=random.Random(5),
    )
    assert app.run() is True
    text = "\n".join(out)
    assert "· stock 34 ──" in text and "cards  tricks  points  score" in text
    assert "You drew from the stock: 3D 9S KH 9C" in out  # seen by the drawer alone
    # The others see that a card was drawn, never which (the seat's log).
    draw = "Seat 1 draws a card from the stock."
    assert any(out[i : i + 7] == [draw] * 7 for i in range(len(out)))  # a run of seven
    assert any(line.startswith("  Seat 1 (left) (out)") for line in out)
    # Seat 1 is out: the trick lists the two seats that played, each with its own card.
    assert "Last trick: Seat 2 TS, You 8S — taken by Seat 2" in out
    # The last cards held, the stock being empty.
    assert "Last cards: You take your last cards JH KH" in out
    assert "Deal 1 is over." in text and state.is_terminal()
