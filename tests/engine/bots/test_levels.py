"""The bot levels: legal everywhere, blind to what their seat cannot see, ordered by strength."""

from __future__ import annotations

import random

import pytest

from engine.bots.base import Bot, observe
from engine.core.cards import RED_THREES
from engine.core.deal import deal
from engine.bots.ladder import run_ladder
from engine.judge.legal import legal_actions
from engine.core.actions import Discard, MeldAction
from engine.judge.game import apply
from engine.bots.club import _followed_tips, _may_speak
from engine.bots.levels import BOTS, SEARCH, ClubBot, ExpertBot, Search, estimate, make_bot
from engine.bots.match import play_hand
from engine.core.melds import MeldKind
from engine.core.rules import Rules
from engine.core.scoring import score_hand
from engine.core.state import Phase, State
from engine.variants import CLASSIC, ROYAL
from tests.engine.judge.test_properties import TABLES, _walk


@pytest.mark.parametrize("rules", TABLES)
@pytest.mark.parametrize("level", ["beginner", "club"])
def test_every_level_plays_whole_hands_legally(level: str, rules: Rules) -> None:
    rng = random.Random(4)
    for number in range(3):
        final, _ = play_hand(deal(rules, rng, dealer=number % rules.players),
                             [make_bot(level) for _ in range(rules.players)], rng)
        assert final.is_over()


def test_the_expert_plays_a_hand_legally() -> None:
    rng = random.Random(2)
    bots: list[Bot] = [ExpertBot(playouts=6), ClubBot(), ExpertBot(playouts=6), ClubBot()]
    final, _ = play_hand(deal(CLASSIC, rng), bots, rng)
    assert final.is_over()


@pytest.mark.parametrize("rules", TABLES)
def test_the_club_players_shortcut_for_self_play_chooses_as_it_does(rules: Rules) -> None:
    # ``act`` skips listing the pile takes where the club player draws anyway: the same choice
    rng, bot = random.Random(9), ClubBot()
    shortcuts = 0
    for number in range(4):
        state = deal(rules, rng, dealer=number % rules.players)
        while not state.is_over():
            chosen = bot.choose(observe(state, state.turn), legal_actions(state), random.Random(1))
            assert bot.act(state, random.Random(1)) == chosen
            shortcuts += state.phase is Phase.DRAW and len(state.pile) < 3
            state = apply(state, chosen)
    assert shortcuts


def test_a_followed_tip_left_unasked_would_say_nothing() -> None:
    # the club player asks a followed tip only where it could speak (``club._may_speak``)
    rng, bot = random.Random(3), ClubBot()
    tips = _followed_tips(ROYAL.name)
    left_out = 0
    for number in range(3):
        state = deal(ROYAL, rng, dealer=number % ROYAL.players)
        while not state.is_over():
            legal = legal_actions(state)
            if state.phase is Phase.PLAY:
                asked = _may_speak(tips, state, legal)
                for tip in tips:
                    if tip not in asked:
                        left_out += 1
                        assert not list(tip.detect(state, list(legal))), tip.tip
            state = apply(state, bot.choose(observe(state, state.turn), legal, rng))
    assert left_out


def _shuffled_hidden(state, seat: int, seed: int):  # type: ignore[no-untyped-def]
    """The same table with the cards ``seat`` cannot see dealt differently."""
    world = observe(state, seat).determinize(random.Random(seed))
    return world


@pytest.mark.parametrize("rules", TABLES)
def test_a_sampled_world_is_a_possible_one(rules: Rules) -> None:
    # where red threes are laid out at once no hidden hand may hold one: a hand left with only a
    # red three has no legal action (a 100-deal ladder of the expert crashed on such a playout)
    for state in [s for s in _walk(6, ("basic",), rules) if not s.is_over()][::9]:
        for seed in range(5):
            world = observe(state, state.turn).determinize(random.Random(seed))
            hidden = [c for seat, hand in enumerate(world.hands) if seat != state.turn for c in hand]
            assert sorted(world.all_cards()) == sorted(state.all_cards())
            if rules.red_threes_laid_out:
                assert not set(hidden) & RED_THREES
            assert legal_actions(world)


@pytest.mark.parametrize("level", ["club", "expert"])
def test_a_bot_decides_the_same_whatever_is_hidden_from_it(level: str) -> None:
    states = [s for s in _walk(5, ("basic",)) if not s.is_over()][::7]
    for state in states:
        seat = state.turn
        bot = ExpertBot(playouts=8) if level == "expert" else make_bot(level)
        again = ExpertBot(playouts=8) if level == "expert" else make_bot(level)
        other = _shuffled_hidden(state, seat, 99)
        first = bot.choose(observe(state, seat), legal_actions(state), random.Random(1))
        second = again.choose(observe(other, seat), legal_actions(other), random.Random(1))
        assert first == second


def test_the_ladder_reports_duplicate_results_and_move_times() -> None:
    report = run_ladder(CLASSIC, deals=12, seed=7, pairings=(("club", "beginner"), ("beginner", "random")))
    club, beginner = report["pairings"]
    assert club["deals"] == 12 and club["won"] + club["tied"] + club["lost"] == 12
    lo, hi = beginner["win_rate_ci95"]
    assert lo <= beginner["win_rate"] <= hi and beginner["win_rate"] > 0.5
    assert set(report["move_ms"]) == {"club", "beginner", "random"}
    assert set(BOTS) == {"random", "beginner", "basic", "club", "expert"}


@pytest.mark.parametrize("playout_ms", [20.0, 70.0, 400.0])
def test_the_expert_ends_its_search_within_the_budget_but_one_playout(playout_ms: float) -> None:
    # A clock that only playouts move: a Royal-long playout must not carry a move far past its budget.
    # The search reads its clock once before it starts, once before each round and once before each
    # candidate's playout but the first: every reading after the second follows one playout. (A clock
    # handed to the bot, not a patched method: compiled, the engine's classes cannot be patched.)
    readings = [0]

    def clock() -> float:
        readings[0] += 1
        return max(0, readings[0] - 2) * playout_ms / 1000

    searched = 0
    for state in _walk(1, ("club",), CLASSIC)[5:60:5]:
        legal = legal_actions(state)
        readings[0] = 0
        bot = ExpertBot(300.0, clock=clock)
        bot.choose(observe(state, state.turn), legal, random.Random(1))
        if readings[0]:
            searched += 1
            assert bot.playouts_run == readings[0] - 2  # the bot counts its playouts
            readings[0] -= 1  # the time when the search ended: the last reading's
            assert clock() * 1000 <= 300 * 0.97 + playout_ms + 1e-6
    assert searched >= 2


def _club_hand(rules: Rules, seed: int) -> list[State]:
    """Every state of one seeded hand of club players."""
    rng = random.Random(seed)
    states = [deal(rules, rng)]
    play_hand(states[0], [ClubBot() for _ in range(rules.players)], rng, lambda before, action, after: states.append(after))
    return states


@pytest.mark.parametrize("rules", [ROYAL, CLASSIC], ids=["royal", "classic"])
def test_the_estimate_is_the_score_once_the_hand_is_over(rules: Rules) -> None:
    final = _club_hand(rules, 3)[-1]
    assert final.is_over()
    assert [estimate(final, team) for team in range(2)] == [s.total for s in score_hand(final)]


def test_the_estimate_credits_a_meld_on_its_way_to_a_canasta() -> None:
    checked = 0
    for state in _club_hand(ROYAL, 3)[:-1]:
        for team in range(2):
            growing = [m for m in state.melds[team] if m.kind is MeldKind.SAMBA and m.size < ROYAL.canasta_size]
            credit = estimate(state, team) - ROYAL.score_team(state, team).total
            # a Samba of six is worth (6/7)^2 of its 1 500 already; a table without one earns less
            assert credit >= sum(1500 * (m.size / 7) ** 2 for m in growing) - 1e-9
            checked += bool(growing)
    assert checked  # the seeded hand builds a Samba


def test_a_playout_past_its_horizon_is_scored_from_the_table() -> None:
    state = next(s for s in _club_hand(ROYAL, 3) if s.melds[0] and not s.is_over() and s.turn == 0)
    obs = observe(state, 0)
    world = obs.determinize(random.Random(1))
    action = ClubBot().choose(obs, legal_actions(state), random.Random(1))
    after = apply(world, action)
    stopped = ExpertBot()._playout(world, action, obs, random.Random(1), Search(horizon=0))
    assert stopped == estimate(after, 0) - estimate(after, 1)
    full = ExpertBot()._playout(world, action, obs, random.Random(1), Search())
    assert full != stopped  # played to the end, the hand scores otherwise


def test_the_royal_expert_weighs_holding_cards_against_melding_them() -> None:
    bot, seen = ExpertBot(), 0
    for state in _club_hand(ROYAL, 3):
        if state.phase is not Phase.PLAY or state.is_over():
            continue
        obs, legal = observe(state, state.turn), legal_actions(state)
        discards = [a for a in legal if isinstance(a, Discard) and a.meld is None]  # bots discard from the hand
        if not discards or not isinstance(ClubBot().choose(obs, legal, random.Random(1)), MeldAction):
            continue
        tried = bot._candidates(obs, legal, random.Random(1), SEARCH["royal"])
        cheapest = min(discards, key=lambda a: bot.policy._club_discard_cost(obs, a.card))
        assert cheapest in tried and len(tried) <= 3
        seen += 1
    assert seen


def test_elsewhere_the_expert_tries_no_lay_offs_alone() -> None:
    bot = ExpertBot()
    for state in _club_hand(CLASSIC, 3)[:-1]:
        obs, legal = observe(state, state.turn), legal_actions(state)
        tried = bot._candidates(obs, legal, random.Random(1), Search())
        assert not [a for a in tried[1:] if isinstance(a, MeldAction) and a.layoffs and not a.melds]
        assert len(set(tried)) == len(tried) <= 5 and set(tried[1:]) <= set(legal)  # the first is the club's own


def test_the_royal_expert_decides_the_same_whatever_is_hidden_from_it() -> None:
    for state in [s for s in _club_hand(ROYAL, 5) if not s.is_over()][::25]:
        seat = state.turn
        other = _shuffled_hidden(state, seat, 99)
        first = ExpertBot(playouts=4).choose(observe(state, seat), legal_actions(state), random.Random(1))
        second = ExpertBot(playouts=4).choose(observe(other, seat), legal_actions(other), random.Random(1))
        assert first == second


def test_a_search_reads_back_from_the_text_a_benchmark_records() -> None:
    for search in (Search(), *SEARCH.values(), Search(horizon=40, z=1.5, candidates=4, discards=1, layoffs=True)):
        assert Search.parse(search.spec()) == search
    assert Search.parse("z=1, discards=2") == Search(z=1.0, discards=2)
    for bad, named in (("depth=3", "depth=3"), ("horizon", "horizon"), ("z=high", "z"), ("layoffs=2", "layoffs")):
        with pytest.raises(ValueError, match=named):
            Search.parse(bad)
