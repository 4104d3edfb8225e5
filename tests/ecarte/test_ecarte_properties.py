"""Random games of every Écarté preset (issue 6: "property tests over at least 500 random games
per preset"): every card in one place, a legal move at every decision, every hand scored as
RULINGS 4.0 and laws 42, 48, 49 say, the game and match ending where they must; records
round-trip; resamples cover the real hidden cards. What every family must keep (history
replays, resampling keeps the seat's view, the envelope, the log) is the conformance suite's
(tests/conformance), over every preset.

The scoring oracle recomputes each hand's points from the public record of the hand (tricks,
vulnerability, doubling, offers), written from RULINGS 4.0 and E4–E7, not taken from the engine.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import hoyle
from helpers import assert_record_round_trip
from hoyle import records
from hoyle.games.ecarte import EcarteState
from hoyle.games.ecarte.rules import Ranking
from hoyle.games.ecarte.state import CONCEDE, PACK, PROPOSE, PROPOSE_OPEN

PRESETS = [v.name for v in hoyle.variants("ecarte") if v.family is None]
"""The Écarté presets (``bourre`` is the Bourré family's, with its own tests)."""
GAMES = 500
OPTION_GAMES = 300


def choose(state: hoyle.State, rng: random.Random) -> int:
    """A random move, abandoning the hand rarely so that hands are played out too."""
    legal = state.legal_actions()
    if CONCEDE in legal and len(legal) > 1 and rng.random() < 0.9:
        legal = [a for a in legal if a != CONCEDE]
    return rng.choice(legal)


def conserved(state: EcarteState) -> None:
    """The 32-card pack (S-E 'Jugar') is all in one place: hands, discards, played, the
    stock and the turn-up."""
    places = [*state._hands, *state._discards, state._undealt]
    places += [sum(1 << c for c in cards) for cards in state._played]
    if state._turn_up >= 0:
        places.append(1 << state._turn_up)
    union, total = 0, 0
    for mask in places:
        assert not union & mask, "a card in two places"
        union |= mask
        total += mask.bit_count()
    assert union == PACK and total == 32, "a card lost"


def expected_points(
    before: dict[str, Any], seat: int, token: str, order: str
) -> tuple[int, int] | None:
    """(winner, points) of the hand that ``seat`` ends by playing ``token``, from the public
    observation before it (RULINGS 4.0, E4–E7); None when the action does not end a hand."""
    elder, dealer = before["elder"], before["dealer"]
    other = {elder: dealer, dealer: elder}
    vulnerable = {elder: before["vulnerable"][elder], dealer: before["vulnerable"][dealer]}
    mult = before["multiplier"]
    tricks = {s: before["tricks_taken"][s] for s in (elder, dealer)}
    if before["phase"] == "double" and token == "refuse":
        offerer = other[seat]
        return offerer, (2 if vulnerable[seat] else 1) * mult
    if before["phase"] == "offer" and token == "accept":
        return seat, (2 if vulnerable[other[seat]] else 1) * mult
    if token == "abandon":
        tricks[other[seat]] += 5 - len(before["tricks"])  # law 42, RULINGS E4
    elif before["phase"] == "play" and len(before["tricks"]) == 4 and before["trick"]:
        lead = before["trick"][0]
        trump = before["trump"]
        led, reply = lead["card"], token
        beats = (reply[1] == led[1] and order.index(reply[0]) > order.index(led[0])) or (
            reply[1] == trump and led[1] != trump
        )
        tricks[seat if beats else lead["seat"]] += 1
    else:
        return None
    winner = elder if tricks[elder] >= 3 else dealer
    offerer = before["point_offered_by"]
    if offerer is not None:
        refuser = other[offerer]
        return (refuser, 2 * mult) if tricks[refuser] == 5 else (offerer, 2 * mult)
    if tricks[winner] == 5:
        return winner, 2 * mult
    return winner, (2 if vulnerable[other[winner]] else 1) * mult


def random_game(preset: str, seed: int, rng: random.Random, **options: Any) -> EcarteState:
    game = hoyle.load("ecarte", variant=preset, **options)
    state = game.new_initial_state(seed=seed if seed % 2 else None)
    assert isinstance(state, EcarteState)
    rules = game.rules
    order = "789TJQKA" if rules.ranking is Ranking.ACE_HIGH else "789TAJQK"
    for _ in range(100_000):
        if state.is_terminal():
            break
        if state.phase not in ("cut", "bet", "packets"):
            conserved(state)
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
            continue
        assert state.legal_actions(), "a decision without a legal move"
        seat, action = state.current_player(), choose(state, rng)
        token = state.action_to_string(action)
        last_card = state.phase == "play" and len(state._tricks) == 4 and state._trick
        answer = state.phase in ("double", "offer")
        if not (last_card or answer or token == "abandon"):
            state.apply_action(action)
            continue
        before = state.observation(None)
        state.apply_action(action)
        after = state.observation(None)
        expected = expected_points(before, seat, token, order)
        if expected is not None:
            items = after["results"][len(before["results"])]["items"]
            result = next(item for item in items if item["kind"] == "hand")
            assert (result["seat"], result["points"]) == expected, (preset, result)
        # The game ends the moment a player reaches the target (law 46, E9).
        assert state.is_terminal() or max(state.game_scores()) < rules.target
    else:  # pragma: no cover
        raise AssertionError("the match did not end")
    obs = state.observation(None)
    (winner,) = obs["winner"]
    assert state.returns() == [1.0 if s == winner else 0.0 for s in range(rules.players)]
    games = obs["games"]
    if rules.pool_wins:  # the pool goes to the first to win pool_wins games in a row
        tail = [g["winner"] for g in games[-rules.pool_wins :]]
        assert tail == [winner] * rules.pool_wins
    else:
        assert sum(g["winner"] == winner for g in games) == rules.games_to_win
    for g in games:
        assert max(g["points"]) >= rules.target
    return state


@pytest.mark.parametrize("preset", PRESETS)
def test_random_games_score_as_the_rules_say(preset: str) -> None:
    rng = random.Random(preset)
    for seed in range(GAMES):
        random_game(preset, seed, rng)


def test_random_games_with_propose_then_choose() -> None:
    # RULINGS E2 option (EB1911): unnamed proposals, elder choosing the count after
    # acceptance; every card stays accounted for and every hand scores as the rules say.
    rng = random.Random("propose_then_choose")
    unnamed = 0
    for seed in range(OPTION_GAMES):
        state = random_game("standard", seed, rng, propose_then_choose=True)
        history = state.history()
        assert not set(history) & {PROPOSE + n for n in range(1, 6)}
        unnamed += history.count(PROPOSE_OPEN)
        if seed < 4:  # the tokens "propose" and "draw" read back to the same game
            seeded = seed if seed % 2 else None
            replayed = records.replay(
                records.loads(records.dumps(records.from_state(state, seed=seeded)))
            )
            assert replayed.history() == history and replayed.scores() == state.scores()
    assert unnamed > OPTION_GAMES  # the option's proposals were made, and often


def test_resampling_with_propose_then_choose_plays_on() -> None:
    # The conformance suite resamples every preset; this option changes the exchange (elder
    # chooses the count after acceptance): same observation, same legal moves on the
    # player's turn, and the resampled game plays on to its end.
    rng = random.Random("propose_then_choose")
    game = hoyle.load("ecarte", propose_then_choose=True)
    for seed in range(8):
        state = game.new_initial_state(seed=seed if seed % 2 else None)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            if rng.random() < 0.3:
                player = rng.randrange(game.num_players)
                new = state.resample_from_infostate(player, rng)
                assert new.observation(player) == state.observation(player)
                if state.current_player() == player:
                    assert new.legal_actions() == state.legal_actions()
                while not new.is_terminal():
                    if new.is_chance_node():
                        new.apply_action(rng.choice(new.chance_outcomes())[0])
                    else:
                        new.apply_action(choose(new, rng))
            state.apply_action(choose(state, rng))


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("seed", [4, None], ids=["seeded", "chance-dealt"])
def test_records_round_trip(preset: str, seed: int | None) -> None:
    # DESIGN records: every preset's moves are tokens that read back to the same game.
    state = hoyle.load("ecarte", variant=preset).new_initial_state(seed)
    assert_record_round_trip(state, seed, choose)


@pytest.mark.parametrize("preset", ["standard", "pool", "french"])
def test_resamples_cover_the_real_hidden_cards_and_respect_the_trick_inferences(
    preset: str,
) -> None:
    # Issue 7, determinization: every card the other player really holds turns up in some
    # resample; none that the public play rules out (a suit shown void, a card that would
    # have had to win the trick) ever does.
    from hoyle.games.ecarte.resample import banned_cards

    game = hoyle.load("ecarte", variant=preset)
    rng = random.Random(9)
    checked = 0
    for seed in range(40):
        state = game.new_initial_state(seed=seed)
        assert isinstance(state, EcarteState)
        while not state.is_terminal() and not (state.phase == "play" and state._tricks):
            state.apply_action(choose(state, rng))
        if state.is_terminal():
            continue
        player = state.current_player()
        other = state._other(player)
        if state.observation(player)["seen_hands"][other] is not None:
            continue
        truth = set(state.observation(other)["hand"])
        banned = banned_cards(state, other)
        seen: set[str] = set()
        for _ in range(60):
            new = state.resample_from_infostate(player, rng)
            assert isinstance(new, EcarteState)
            assert not new.hand_mask(other) & banned
            assert not new.hand_mask(other) & state.hand_mask(player)
            seen |= set(new.observation(other)["hand"])
        assert truth <= seen
        checked += 1
    assert checked >= 10
