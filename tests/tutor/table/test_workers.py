"""The post-hand review's judgement (tutor/table/workers.py, ``moments``): when a mistake is named."""

from __future__ import annotations

import pytest

from engine.core.actions import Action, Discard
from engine.core.cards import parse_card
from engine.bots.levels import Search
from engine.position import dump_position
from engine.core.state import State
from tests.engine.helpers import state_of


def _pile_to_deny() -> State:
    """Late in a hand: thirteen cards in the pile and the next side's meld of jacks beside it (the
    hints advise against discarding the J♥ there)."""
    hand = ["Jh", "5s", "9d", "Kh", "Kd", "6h"]
    return state_of(hand, phase="play", stock=4, hands=[hand, 7, 7, 7],
                    pile=["4c", "6d", "Tc", "Ac", "8h", "Qs", "7d", "9c", "Ks", "Ad", "Th", "8s", "4d"],
                    melds=[[["Qh", "Qd", "Qc"]], [["Jc", "Jd", "Js"]]])


def _looks(monkeypatch: pytest.MonkeyPatch, first: float, fresh: float, spread: float) -> list[tuple[int, int]]:
    """The review's trial deals replaced: the advice gains ``first`` in each of the first worlds and
    ``fresh`` in the others, every other world ``spread`` above, the rest below."""
    from engine.bots import trials

    looked: list[tuple[int, int]] = []

    def compare(state: State, better: Action, worse: Action, samples: int, seed: int,
                search: Search = Search(), start: int = 0) -> trials.Edge:
        looked.append((start, samples))
        return trials.Edge.of([(first if start == 0 else fresh) + (spread if i % 2 else -spread)
                               for i in range(start, samples)])

    monkeypatch.setattr(trials, "compare", compare)
    return looked


def test_a_mistake_clear_in_the_first_deals_is_named_only_beyond_three_errors_over_them_all(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Clear over the first 24 (the edge the first look was kept for), then over all 72 by 2.5 standard
    errors but not by 3: the fresh deals gain on the advice by less, and it is not named."""
    from tutor.table.workers import REVIEW_CONFIRM, REVIEW_CONFIRM_Z, REVIEW_WORLDS, moments

    gift = dump_position(_pile_to_deny(), reveal=True)
    jack = {"type": "discard", "card": "Jh"}
    looked = _looks(monkeypatch, first=170.0, fresh=70.0, spread=300.0)  # 2.7 errors, then 2.9
    assert moments(0, gift, jack) == []
    assert looked == [(0, REVIEW_WORLDS), (REVIEW_WORLDS, REVIEW_CONFIRM)]
    from engine.bots import trials  # the same figures, as the review saw them
    first = trials.compare(_pile_to_deny(), Discard(parse_card("5s")), Discard(parse_card("Jh")), REVIEW_WORLDS, 0)
    joined = first.join(trials.compare(_pile_to_deny(), Discard(parse_card("5s")), Discard(parse_card("Jh")),
                                       REVIEW_CONFIRM, 0, start=REVIEW_WORLDS))
    assert first.clear() and joined.clear() and not joined.clear(z=REVIEW_CONFIRM_Z)
    import tutor.table.workers

    monkeypatch.setattr(tutor.table.workers, "REVIEW_CONFIRM_Z", 2.5)  # the first review's threshold, named
    assert [m["tip"] for m in moments(0, gift, jack)] == ["tactics.deny_pile"]
    monkeypatch.undo()

    looked = _looks(monkeypatch, first=180.0, fresh=120.0, spread=300.0)  # then 3.9 errors: borne out
    [moment] = moments(0, gift, jack)
    assert moment["tip"] == "tactics.deny_pile" and moment["cost"] == 140  # over all 72: (24·180 + 48·120) / 72
    assert f"{REVIEW_CONFIRM} trial deals" in moment["advice"]("en")


def test_a_first_look_that_is_not_clear_costs_no_second_one(monkeypatch: pytest.MonkeyPatch) -> None:
    from tutor.table.workers import REVIEW_WORLDS, moments

    looked = _looks(monkeypatch, first=40.0, fresh=500.0, spread=10.0)  # under 50 points: not worth saying
    assert moments(0, dump_position(_pile_to_deny(), reveal=True), {"type": "discard", "card": "Jh"}) == []
    assert looked == [(0, REVIEW_WORLDS)]


@pytest.mark.parametrize("variant", ["classic", "royal"])
def test_the_review_is_the_same_whatever_the_hidden_cards_are(variant: str) -> None:
    """The learner's discards of seeded club games, each reviewed as if the next player took the pile
    right after, and reviewed again with the cards the learner could not see dealt differently: the
    same moments, said alike (the hints' verdict reads the learner's view; the trial deals deal the
    hidden cards again from it)."""
    import random

    from engine.bots.base import observe
    from engine.core.actions import format_action
    from engine.judge.legal import legal_actions
    from tests.engine.hints.test_hint_observation import _positions
    from tutor.table.workers import moments

    def said(state: State, action: Action) -> list[tuple[object, ...]]:
        found = moments(3, dump_position(state, reveal=True), format_action(action),
                        {"pile_taken": {"cards": len(state.pile) + 1, "points": 100}}, worlds=4, confirm=8)
        return [(m["tip"], m["cost"], m["better"], m["advice"]("en"), m["did"]("en"), m["hand"]) for m in found]

    rng = random.Random(35)
    discards = [(i, state, rng.choice([a for a in legal_actions(state) if isinstance(a, Discard) and a.meld is None]))
                for i, state in enumerate(_positions(variant, 120, seed=36))
                if any(isinstance(a, Discard) and a.meld is None for a in legal_actions(state))][:25]
    assert len(discards) == 25
    for i, state, action in discards:
        other = observe(state, state.turn).determinize(random.Random(i))
        assert said(other, action) == said(state, action), (i, action)
        assert said(state, action)[0][0] == "review.pile_given"


def test_the_hints_shown_decide_go_out_or_stay_in_by_trial_deals() -> None:
    # far ahead, two melds a card from a canasta, the other side on one meld: the app shows stay in
    from tutor.table.workers import hints_for

    melds = [[["Qh", "Qd", "Qc", "Qs", "Qh", "Qd", "Qc"], ["8h", "8d", "8c", "8s", "8h", "8d"],
              ["9h", "9d", "9c", "9s", "9h", "9d"]], [["Kh", "Kd", "Ks"]]]
    state = state_of(["5c", "5d", "5h", "Jd"], phase="play", melds=melds, scores=[3500, 1200])
    found = hints_for(dump_position(state, reveal=True), "sv")
    assert found[0]["tip"] == "tactics.stay_in" and "stanna kvar" in found[0]["text"]


def test_the_review_holds_going_out_against_the_trial_deals_verdict() -> None:
    """The same position, the learner going out (melding the 5s, then the J♦): the rule of thumb holds
    nothing against it (its verdict is to go out); the review asks the verdict the hints shown give, to
    stay in, and names it where its own trial deals bear it out."""
    from engine.core.actions import MeldAction, format_action
    from engine.hints.ranked import against
    from tutor.table.workers import moments

    melds = [[["Qh", "Qd", "Qc", "Qs", "Qh", "Qd", "Qc"], ["8h", "8d", "8c", "8s", "8h", "8d"],
              ["9h", "9d", "9c", "9s", "9h", "9d"]], [["Kh", "Kd", "Ks"]]]
    state = state_of(["5c", "5d", "5h", "Jd"], phase="play", melds=melds, scores=[3500, 1200])
    out = MeldAction(melds=(tuple(parse_card(c) for c in ("5c", "5d", "5h")),))
    assert not [h for h in against(state, out) if h.tip == "tactics.stay_in"]
    found = moments(0, dump_position(state, reveal=True), format_action(out))
    assert [m["tip"] for m in found] == ["tactics.stay_in"]
    assert found[0]["better"] == {"type": "discard", "card": "Jd"} and "stay in" in found[0]["advice"]("en")
