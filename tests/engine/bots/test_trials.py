"""Trial deals: moves compared in the same sampled worlds (engine/bots/trials.py)."""

from __future__ import annotations

from engine.core.actions import Discard
from engine.core.cards import parse_card
from engine.core.state import State
from engine.bots.trials import Edge, compare, playout_margins
from tests.engine.helpers import state_of


def _late_hand() -> State:
    hand = ["Jh", "5s", "9d", "Kh", "Kd", "6h"]
    return state_of(hand, phase="play", stock=4, hands=[hand, 7, 7, 7],
                    pile=["4c", "6d", "Tc", "Ac", "8h", "Qs", "7d", "9c", "Ks", "Ad", "Th", "8s", "4d"],
                    melds=[[["Qh", "Qd", "Qc"]], [["Jc", "Jd", "Js"]]])


def test_moves_scored_in_separate_calls_are_paired_by_the_seed() -> None:
    state = _late_hand()
    gift, safe = Discard(parse_card("Jh")), Discard(parse_card("5s"))
    both = playout_margins(state, [gift, safe], 6, seed=3)
    assert playout_margins(state, [safe], 6, seed=3) == [both[1]]  # the same worlds, the same playouts
    assert playout_margins(state, [safe], 6, seed=4) != [both[1]]


def test_a_move_against_itself_has_no_edge_and_a_gift_of_the_pile_a_clear_one() -> None:
    state = _late_hand()
    gift, safe = Discard(parse_card("Jh")), Discard(parse_card("5s"))
    same = compare(state, safe, safe, 8, seed=1)
    assert same.points == 0 and same.error == 0 and not same.clear()
    edge = compare(state, safe, gift, 24, seed=0x7E71)  # thirteen cards to the next side's meld of jacks
    assert edge.samples == 24 and edge.clear() and edge.points > 100


def test_an_edge_is_clear_only_beyond_the_noise_and_worth_saying() -> None:
    assert Edge(120.0, 40.0, 24).clear()
    assert not Edge(120.0, 50.0, 24).clear()  # 2.5 standard errors
    assert not Edge(45.0, 5.0, 24).clear()  # under 50 points: not worth a learner's attention
    assert Edge(45.0, 5.0, 24).clear(least=40.0)


def test_a_later_look_plays_only_the_new_worlds_and_joins_the_first_as_one_look() -> None:
    """The review's second look: worlds 24..71 of the same stream, joined with the first 24, is the
    72-world comparison itself, figure for figure, with the first 24 worlds played once."""
    state = _late_hand()
    gift, safe = Discard(parse_card("Jh")), Discard(parse_card("5s"))
    first = compare(state, safe, gift, 4, seed=0x7E71)
    later = compare(state, safe, gift, 10, seed=0x7E71, start=4)
    whole = compare(state, safe, gift, 10, seed=0x7E71)
    assert later.samples == 6 and later.diffs == whole.diffs[4:]  # the same worlds as the whole look's last six
    assert first.join(later) == whole  # mean, error, count and the differences themselves
    skipped = playout_margins(state, [safe, gift], 10, seed=0x7E71, start=4)
    assert skipped == [row[4:] for row in playout_margins(state, [safe, gift], 10, seed=0x7E71)]


def test_edges_join_only_where_they_keep_their_differences() -> None:
    import pytest

    kept = Edge.of([10.0, 20.0, 30.0])
    assert (kept.points, kept.samples) == (20.0, 3) and kept.error == pytest.approx(10.0 / 3 ** 0.5)
    assert kept.join(Edge.of([40.0])) == Edge.of([10.0, 20.0, 30.0, 40.0])
    with pytest.raises(ValueError, match="keep their differences"):
        kept.join(Edge(10.0, 1.0, 5))
    with pytest.raises(ValueError, match="no worlds to play"):
        compare(_late_hand(), Discard(parse_card("5s")), Discard(parse_card("Jh")), 4, seed=1, start=4)
