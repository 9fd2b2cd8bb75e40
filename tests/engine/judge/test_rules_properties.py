"""Property checks on random positions of every variant, seeded and small:

- the going-out search proposes only ways out the judge accepts, and finds one whenever any
  sequence of melds and a discard empties the hand (a brute force over every partition of a small
  hand into new melds and lay-offs decides that);
- every pile take the judge accepts leaves melds that the variant's composition rules accept, and
  a simple take is refused only where they (or the variant's own pile rule) refuse it;
- a refused meld names the first rule, in the judge's order, that the meld breaks.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.actions import Discard, Layoff, MeldAction, TakePile
from engine.core.cards import BLACK_THREES, JOKER, RED_THREES, WILD, Card, format_cards, make_card, rank
from engine.core.errors import IllegalActionError
from engine.judge.game import apply, is_legal
from engine.judge.going_out import going_out_plan
from engine.core.melds import Meld
from engine.position import load_position
from engine.core.rules import Rules
from engine.core.state import Phase, State
from engine.variants import VARIANTS

NAMES = sorted(VARIANTS)
SETTINGS = settings(max_examples=150, deadline=None, derandomize=True)
MANY = settings(max_examples=400, deadline=None, derandomize=True)


# -- random positions --------------------------------------------------------------------------


class _Deck:
    """Cards still free in the variant's decks, so that every position is one the loader accepts."""

    def __init__(self, rules: Rules) -> None:
        self.free = Counter(rules.deck())

    def take(self, cards: Sequence[Card]) -> list[Card]:
        kept = []
        for card in cards:
            if self.free[card] > 0:
                self.free[card] -= 1
                kept.append(card)
        return kept


def _random_meld(rng: random.Random, rules: Rules, deck: _Deck, used_ranks: set[int], kind: str = "") -> list[Card] | None:
    """A valid meld of a kind the variant has, often near or at a canasta."""
    kind = kind or rng.choice(["rank"] * 3 + (["samba", "bolivia", "threes"] if "samba" in rules.meld_kinds else []))
    size = rng.choice([3, 5, 6, 6, 7, 7, 7])
    wild_codes = [JOKER, 4, 5, 6, 7]
    if kind == "rank":
        meld_rank = rng.choice([r for r in (1, *range(4, 14)) if r not in used_ranks])
        wilds = rng.choice([0, 0, 1, 2])
        suits = [i % 4 for i in range(size - wilds)]
        cards = [make_card(meld_rank, s) for s in suits] + rng.sample(wild_codes, wilds)
    elif kind == "samba":
        low, suit = rng.randint(4, 14 - size + 1), rng.randrange(4)
        cards = [make_card(1 if p == 14 else p, suit) for p in range(low, low + size)]
    elif kind == "bolivia":
        cards = [wild_codes[i % 5] for i in range(size)]
    else:
        reds = rng.randint(1, 3)
        cards = [rng.choice(sorted(RED_THREES)) for _ in range(reds)] + [rng.choice(sorted(BLACK_THREES))
                                                                         for _ in range(rng.randint(0, 6 - reds))]
    try:
        meld = rules.make_meld(tuple(cards))
    except IllegalActionError:
        return None
    taken = deck.take(cards)
    if len(taken) != len(cards):
        deck.free.update(taken)
        return None
    used_ranks.add(meld.rank)
    return cards


def _hand_pool(rules: Rules, melds: list[list[Card]], rng: random.Random) -> list[Card]:
    """Cards likely to matter: the melds' ranks and suits' neighbours, wild cards, threes, a few
    groups of one rank, others."""
    pool = [JOKER, 4, 5, 6, 7] * 2 + sorted(BLACK_THREES) * 2
    if not rules.red_threes_laid_out:
        pool += sorted(RED_THREES)
    for meld in melds:
        for card in meld:
            if not WILD[card] and rank(card) != 3:
                pool += [card, card - 4 if card >= 16 else card, card + 4 if card < 48 else card]
    for _ in range(2):
        group_rank = rng.choice((1, *range(4, 14)))
        pool += [make_card(group_rank, s) for s in range(4)] * 2
    pool += [make_card(rng.choice((1, *range(4, 14))), rng.randrange(4)) for _ in range(4)]
    return pool


def random_position(seed: int, variant: str, hand_size: int, phase: str = "play") -> State:
    rng = random.Random(seed)
    rules = VARIANTS[variant]
    deck = _Deck(rules)
    used: set[int] = set()
    kinds = ["samba"] if "samba" in rules.meld_kinds and rng.random() < 0.6 else []
    kinds += [""] * rng.choice([0, 1, 1, 2, 2, 3])
    melds = [m for m in (_random_meld(rng, rules, deck, used, kind) for kind in kinds) if m]
    pool = _hand_pool(rules, melds, rng)
    hand = deck.take([rng.choice(pool) for _ in range(hand_size)])
    if not hand:  # every card picked was used up; the loader refuses an empty hand in the play phase
        hand = deck.take([min(card for card, left in deck.free.items() if left)])
    others = rules.hand_size
    return load_position({
        "variant": variant, "phase": phase, "hands": [format_cards(tuple(hand)), others, others, others],
        "melds": [[format_cards(tuple(m)) for m in melds], []], "pile": ["7s"] if deck.free[27] else [],
        "has_melded": [bool(melds) and rng.random() < 0.7, False, bool(melds), False],
        "scores": [rng.choice([0, 0, 1500]), 0],
    })


# -- the going-out search against brute force ----------------------------------------------------


def _splits(cards: Sequence[Card], targets: int) -> Iterator[MeldAction]:
    """Every meld action that puts down exactly ``cards``: each card onto one of the side's
    ``targets`` melds or into one of the new melds (numbered as they first appear)."""
    def label(i: int, labels: list[tuple[str, int]], new: int) -> Iterator[list[tuple[str, int]]]:
        if i == len(cards):
            yield labels
            return
        for t in range(targets):
            yield from label(i + 1, labels + [("onto", t)], new)
        for j in range(new + 1):
            yield from label(i + 1, labels + [("new", j)], max(new, j + 1))

    for labels in label(0, [], 0):
        new: dict[int, list[Card]] = {}
        onto: dict[int, list[Card]] = {}
        for card, (where, n) in zip(cards, labels):
            (new if where == "new" else onto).setdefault(n, []).append(card)
        yield MeldAction(tuple(tuple(m) for _, m in sorted(new.items())),
                         tuple(Layoff(i, tuple(cs)) for i, cs in sorted(onto.items())))


def _plausible(rules: Rules, melds: Sequence[Meld], action: MeldAction) -> bool:
    """Each new meld and each lay-off valid on its own: the judge decides the rest."""
    try:
        for cards in action.melds:
            rules.make_meld(cards)
        for layoff in action.layoffs:
            rules.extend_meld(melds[layoff.onto], layoff.cards)
    except IllegalActionError:
        return False
    return True


def brute_force_way_out(state: State) -> bool:
    hand = list(state.hands[state.turn])
    melds = state.melds[state.team_of(state.turn)]
    for leftover in [None, *sorted(set(hand))]:
        cards = list(hand)
        if leftover is not None:
            cards.remove(leftover)
        if not cards:
            if is_legal(state, Discard(hand[0])):
                return True
            continue
        for action in _splits(cards, len(melds)):
            if not _plausible(state.rules, melds, action) or not is_legal(state, action):
                continue
            if leftover is None or is_legal(apply(state, action), Discard(leftover)):
                return True
    return False


@pytest.mark.parametrize("variant", NAMES)
@MANY
@given(seed=st.integers(0, 2**31), size=st.integers(1, 5))
def test_the_going_out_search_finds_a_way_out_exactly_when_there_is_one(variant: str, seed: int, size: int) -> None:
    state = random_position(seed, variant, size)
    plan = going_out_plan(state)
    assert (plan is not None) == brute_force_way_out(state)
    if plan is not None:  # what it proposes is legal and goes out
        after = apply(state, plan.meld) if plan.meld is not None else state
        if plan.discard is not None:
            after = apply(after, Discard(plan.discard))
        assert after.phase is Phase.END and after.went_out == state.turn


# -- pile takes ------------------------------------------------------------------------------------


def _pile_position(seed: int, variant: str) -> tuple[State, Card]:
    """A position in the draw phase whose pile's top card is often of a rank in the hand."""
    rng = random.Random(seed)
    base = random_position(seed, variant, rng.randint(4, 9), phase="draw")
    stock = list(base.stock)
    hand = list(base.hands[0])
    naturals = [c for c in hand if not WILD[c] and rank(c) != 3]
    top_rank = rank(rng.choice(naturals)) if naturals and rng.random() < 0.8 else rng.choice((1, *range(4, 14)))
    wanted = [make_card(rng.choice(range(4, 14)), rng.randrange(4))]
    if rng.random() < 0.25:
        wanted.append(rng.choice([JOKER, 4]))  # a wild card freezes the pile
    wanted.append(make_card(top_rank, rng.randrange(4)))
    pile = []
    for card in wanted:
        if card not in stock:
            return base, -1
        stock.remove(card)
        pile.append(card)
    state = base.evolve(pile=base.pile[:0] + tuple(pile), stock=tuple(stock), out_of_play=base.out_of_play + base.pile)
    return state, pile[-1]


def _takes(state: State, top: Card) -> Iterator[TakePile]:
    hand = state.hands[state.turn]
    fitting = sorted(c for c in hand if WILD[c] or rank(c) == rank(top))
    seen = set()
    for mask in range(1, 2 ** min(len(fitting), 6)):
        meld = tuple(c for i, c in enumerate(fitting) if mask >> i & 1)
        if meld not in seen:
            seen.add(meld)
            yield TakePile(meld=meld)
    for index in range(len(state.melds[state.team_of(state.turn)])):
        yield TakePile(onto=index)


@pytest.mark.parametrize("variant", NAMES)
@SETTINGS
@given(seed=st.integers(0, 2**31))
def test_every_pile_take_accepted_follows_the_composition_rules(variant: str, seed: int) -> None:
    state, top = _pile_position(seed, variant)
    if top < 0:
        return
    rules, team = state.rules, state.team_of(state.turn)
    frozen = state.is_pile_frozen_for(team)
    for take in _takes(state, top):
        try:
            after = apply(state, take)
        except IllegalActionError as refusal:
            simple = (take.onto is None and not frozen and not state.is_pile_blocked() and len(take.meld) <= 3
                      and state.meld_of_rank(team, rank(top)) is None and len(state.hands[0]) - len(take.meld) >= 3)
            if simple and refusal.rule in ("pile.wild_cards", "meld.too_many_wilds", "meld.too_few_naturals"):
                # refused for its composition: the meld the top card would make is none, or the
                # variant's own pile rule (Wiener: "einen Joker oder Zweier") refuses it
                wilds = sum(1 for c in take.meld if WILD[c])
                own_rule = refusal.rule == "pile.wild_cards" and wilds > rules.pile_wilds()
                with pytest.raises(IllegalActionError):
                    if not own_rule:
                        rules.make_meld((top,) + take.meld)
                    else:
                        raise IllegalActionError("pile.wild_cards")
                assert variant == "wiener" or rules.pile_wilds() == rules.wilds_allowed(2)
            continue
        for meld in after.melds[team]:
            rules.make_meld(meld.cards)  # every meld on the side's table is valid as a whole
        if take.onto is None:
            rules.make_meld((top,) + take.meld)  # the top card made a valid meld with the hand's cards
            naturals = sum(1 for c in take.meld if not WILD[c])
            if frozen:
                assert naturals >= 2 and naturals == len(take.meld)
            elif naturals < 2:
                assert len(take.meld) - naturals <= rules.pile_wilds()
        else:
            assert not frozen


# -- the first rule that fails ------------------------------------------------------------------


def expected_refusals(state: State, cards: tuple[Card, ...]) -> list[str]:
    """The rules a new meld of ``cards`` breaks, in the judge's order (opened side, no meld of
    these ranks on the table, more than one card left): held, kind and ranks, size, naturals,
    wild cards, black threes only when going out."""
    rules = state.rules
    royal = "samba" in rules.meld_kinds
    broken: list[str] = []
    if Counter(cards) - Counter(state.hands[state.turn]):
        return ["hand.not_held"]
    naturals = [c for c in cards if not WILD[c]]
    wilds = len(cards) - len(naturals)
    ranks = {rank(c) for c in naturals}
    if royal and ranks == {3}:
        if wilds:
            return ["meld.threes_wild" if any(c in RED_THREES for c in cards) else "meld.black_threes_wild"]
        if all(c in BLACK_THREES for c in cards):
            return ["meld.black_threes_alone"]  # never three to six while more than one card stays
        return ["meld.threes"] if len(cards) > rules.canasta_size else []
    if royal and not naturals:
        return (["meld.too_small"] if len(cards) < rules.min_meld else []) + (
            ["meld.complete"] if len(cards) > rules.canasta_size else [])
    if royal and len(cards) >= rules.min_meld and not wilds and len({c % 4 for c in cards}) == 1 and len(
            {rank(c) for c in cards}) == len(cards):
        return ["meld.samba"]  # one suit, all ranks different: a Samba that is no run
    if royal and wilds and 3 not in ranks and len(naturals) >= 2 and len({c % 4 for c in naturals}) == 1 \
            and len(ranks) == len(naturals):
        return ["meld.samba"]  # a run of one suit tried with wild cards: a Samba, which takes none
    if len(ranks) > 1:
        broken.append("meld.mixed_ranks")
    elif ranks == {3} and wilds:
        broken.append("meld.black_threes_wild")
    if len(cards) < rules.min_meld:
        broken.append("meld.too_small")
    if ranks == {3}:
        broken.append(rules.black_threes_rule)
    elif len(naturals) < rules.min_naturals:
        broken.append("meld.too_few_naturals")
    elif wilds > rules.wilds_allowed(len(naturals)):
        broken.append("meld.too_many_wilds")
    return broken


@pytest.mark.parametrize("variant", NAMES)
@SETTINGS
@given(seed=st.integers(0, 2**31), picks=st.lists(st.integers(0, 7), min_size=1, max_size=9))
def test_a_refused_meld_names_the_first_rule_it_breaks(variant: str, seed: int, picks: list[int]) -> None:
    rng = random.Random(seed)
    rules = VARIANTS[variant]
    first, second = rng.sample([1, 4, 5, 6, 8, 9, 10, 11], 2)  # 7s: the pile
    suits = rng.sample(range(4), 2)
    kinds = [make_card(first, suits[0]), make_card(first, suits[1]), make_card(second, 0),
             JOKER, 4, 9, 8, 11]  # two ranks, wild cards, a red three and black threes
    hand = [c for c in kinds for _ in range(2)] + [make_card(13, 3), make_card(12, 3)] * 2
    if rules.red_threes_laid_out:
        hand = [c for c in hand if c not in RED_THREES]
    position = {"variant": variant, "phase": "play", "hands": [format_cards(tuple(hand)), 11, 11, 11],
                "melds": [[["Qh", "Qd", "Qc"] if variant != "royal" else ["Kh", "Kd", "Kc"]], []], "pile": ["7s"]}
    state = load_position(position)
    cards = tuple(kinds[p] for p in picks)
    expected = expected_refusals(state, cards)
    try:
        apply(state, MeldAction(melds=(cards,)))
    except IllegalActionError as refusal:
        assert expected and refusal.rule == expected[0], (format_cards(cards), refusal.rule, expected)
        return
    assert not expected, (format_cards(cards), expected)
