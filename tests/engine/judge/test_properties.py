"""Properties over many seeded random games (OpenSpiel's random-simulation test, reproducible)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.actions import Action, Discard, Layoff, MeldAction, TakePile
from engine.bots.base import BasicBot, RandomBot
from engine.core.deal import deal
from engine.core.errors import IllegalActionError
from engine.judge.game import apply
from engine.judge.legal import legal_actions
from engine.bots.match import play_game, play_hand
from engine.position import dump_position
from engine.core.scoring import score_hand
from engine.core.state import Phase, State
from engine.core.rules import Rules
from engine.variants import CLASSIC, VARIANTS

SEEDS = range(12)
# Every table of every variant: (variant name, people, team sizes).
TABLES = [
    pytest.param(rules.for_people(table.people, table.name), id=f"{name}-{table.name}")
    for name, rules in VARIANTS.items()
    for table in rules.tables
]


def _walk(seed: int, bot_names: tuple[str, ...] = ("random",) * 4, rules: Rules = CLASSIC) -> list[State]:
    """Every state of one seeded hand, from the deal to the end."""
    rng = random.Random(seed)
    names = [bot_names[seat % len(bot_names)] for seat in range(rules.players)]
    bots = [RandomBot() if name == "random" else BasicBot() for name in names]
    states = [deal(rules, rng, dealer=seed % rules.players)]
    play_hand(states[0], bots, rng, lambda before, action, after: states.append(after))
    return states


@pytest.mark.parametrize("rules", TABLES)
@pytest.mark.parametrize("seed", SEEDS)
def test_every_card_is_always_accounted_for(seed: int, rules: Rules) -> None:
    deck = sorted(rules.deck())
    for state in _walk(seed, rules=rules):
        assert sorted(state.all_cards()) == deck


@pytest.mark.parametrize("rules", TABLES)
@pytest.mark.parametrize("seed", SEEDS)
def test_every_legal_action_offered_is_accepted(seed: int, rules: Rules) -> None:
    for state in _walk(seed, ("random", "basic"), rules):
        for action in legal_actions(state):
            apply(state, action)  # raises if the judge refuses what the generator offered


@pytest.mark.parametrize("rules", TABLES)
@pytest.mark.parametrize("seed", range(2))
def test_many_random_hands_play_through_the_judge(seed: int, rules: Rules) -> None:
    """Random players pick among everything offered, and the judge checks each pick."""
    rng = random.Random(1000 + seed)
    for number in range(150):
        final, _ = play_hand(deal(rules, rng, dealer=number % rules.players), [RandomBot()] * rules.players, rng)
        assert final.phase is Phase.END


@pytest.mark.parametrize("rules", TABLES)
@pytest.mark.parametrize("seed", SEEDS)
def test_only_the_end_of_a_hand_has_no_legal_action(seed: int, rules: Rules) -> None:
    for state in _walk(seed, rules=rules):
        assert bool(legal_actions(state)) != (state.phase is Phase.END)


def _attempts(state: State, rng: random.Random) -> list[Action]:
    """Plausible but mostly illegal actions made of cards from anywhere on the table."""
    everything = state.all_cards()
    mine = list(state.hands[state.turn])
    pool = mine * 3 + everything
    attempts: list[Action] = []
    for _ in range(6):
        cards = tuple(rng.sample(pool, min(len(pool), rng.randint(1, 5))))
        attempts.append(MeldAction(melds=(cards,)))
        attempts.append(MeldAction(layoffs=(Layoff(0, cards[:2]),)) if state.melds[state.team_of(state.turn)] else Discard(cards[0]))
        attempts.append(TakePile(meld=cards[:2]))
        attempts.append(Discard(rng.choice(everything)))
    return attempts


@pytest.mark.parametrize("rules", TABLES)
@pytest.mark.parametrize("seed", SEEDS)
def test_a_refused_action_changes_nothing(seed: int, rules: Rules) -> None:
    rng = random.Random(seed)
    refused = 0
    for state in _walk(seed, rules=rules)[::3]:
        before = dump_position(state, reveal=True)
        for action in _attempts(state, rng):
            try:
                apply(state, action)
            except IllegalActionError as refusal:
                refused += 1
                assert refusal.explanation()  # every refusal explains itself ...
                assert state.rules.source(refusal.rule) is not None  # ... and names its seed section
            except Exception as error:  # pragma: no cover - the message says what broke
                raise AssertionError(f"{action} raised {error!r} instead of a refusal") from error
            assert dump_position(state, reveal=True) == before
    assert refused > 0


@pytest.mark.parametrize("rules", TABLES)
@pytest.mark.parametrize("seed", SEEDS)
def test_scores_are_the_sum_of_their_breakdown(seed: int, rules: Rules) -> None:
    final = _walk(seed, ("basic",), rules)[-1]
    for team in score_hand(final):
        parts = team.melds + team.canastas + team.red_threes + team.going_out + team.hand
        assert parts == team.total


@pytest.mark.parametrize("rules", TABLES)
@pytest.mark.parametrize("seed", range(3))
def test_every_game_ends_at_the_target(seed: int, rules: Rules) -> None:
    bots = [BasicBot() if seat % 2 == 0 else RandomBot() for seat in range(rules.players)]
    record = play_game(rules, bots, random.Random(seed))
    totals = record.hands[-1].totals
    assert record.over and max(totals) >= rules.target
    if record.winner is not None:
        assert totals[record.winner] > max(t for i, t in enumerate(totals) if i != record.winner)


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_seeded_play_is_reproducible(seed: int) -> None:
    first = [dump_position(s, reveal=True) for s in _walk(seed)[-3:]]
    again = [dump_position(s, reveal=True) for s in _walk(seed)[-3:]]
    assert first == again
