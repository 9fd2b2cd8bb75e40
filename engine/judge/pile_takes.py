"""The pile takes the judge accepts, in their simplest forms, and the sets of new melds that open.

Below the going-out search (:mod:`engine.judge.going_out` asks, before the pile, whether some take
leads out) and the legal actions (:mod:`engine.judge.legal` offers them, and opens with
:func:`_opening_sets` in the play phase too). A take is checked with every rule but the one the
search itself decides (after a partner's "yes", the take must lead out): :func:`engine.judge.moves.legal_take`.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterator, Sequence
from itertools import combinations

from engine.core.actions import Action, TakePile
from engine.core.cards import JOKER, RED_THREES, WILD, Card, RANKS
from engine.core.melds import MeldKind
from engine.judge.moves import legal_take
from engine.core.state import State

_TWOS, _THREES = 4, 8  # the first codes of the twos and of the threes
_MAX_OPENING_RANKS = 6  # subsets of more meldable ranks than this are not enumerated


# A card's rank for melding by rank, 0 for those never melded so (wild cards and threes).
_MELD_RANK = tuple(0 if WILD[c] or c // 4 + 1 == 3 else c // 4 + 1 for c in range(53))


def _split_hand(hand: Sequence[Card]) -> tuple[dict[int, list[Card]], list[Card]]:
    """The hand's naturals that can be melded by rank (threes never: red ones are laid out, black ones
    only go out together), by rank, and its wild cards, in one pass. ``hand`` is sorted (as every
    hand is, or a sorted hand less some cards)."""
    groups: dict[int, list[Card]] = {}
    wilds: list[Card] = []
    meld_rank, wild = _MELD_RANK, WILD
    last, group = 0, wilds  # no rank is 0: the first natural starts a group
    for card in hand:  # a hand is sorted, and codes by rank: a rank's naturals are side by side
        card_rank = meld_rank[card]
        if card_rank:
            if card_rank == last:
                group.append(card)
            else:
                group = groups[card_rank] = [card]
                last = card_rank
        elif wild[card]:
            wilds.append(card)
    return groups, wilds


def pile_takes(state: State) -> list[TakePile]:
    """The pile takes the judge accepts, in their simplest forms (asking before the pile uses them)."""
    return [a for a in _pile_options(state) if isinstance(a, TakePile)]


def _pile_options(state: State) -> list[Action]:
    """The pile takes the judge accepts, in their simplest forms (a list, not a generator: compiled,
    a generator's every step is a call through Python)."""
    pile = state.pile
    if not pile or state.rules.pile_blocker(state) is not None:
        return []
    top = pile[-1]
    seat = state.turn
    team = state.seat_team[seat]
    held = state.hands[seat]
    top_rank = RANKS[top]
    opened = state.has_opened(team)
    if opened and not WILD[top] and top_rank != 3:
        # the hand is sorted by code, and codes by rank: its naturals of the top card's rank and
        # its wild cards (twos, then jokers) are slices of it
        low = (top_rank - 1) * 4
        naturals = list(held[bisect_left(held, low):bisect_left(held, low + 4)])
        wilds = list(held[bisect_left(held, _TWOS):bisect_left(held, _THREES)])
        jokers = bisect_left(held, JOKER)
        if jokers < len(held):
            wilds.extend(held[jokers:])
    else:
        hand = list(held) if RED_THREES.isdisjoint(held) else [c for c in held if c not in RED_THREES]
        naturals = [c for c in hand if not WILD[c] and RANKS[c] == top_rank]
        wilds = [c for c in hand if WILD[c]]  # sorted, as the hand is
    if not opened:  # the pile is frozen for an unopened side (``State.is_pile_frozen_for``)
        opening = _pile_opening(state, hand, top, naturals)
        return [] if opening is None else [opening]
    frozen = state.is_pile_frozen_by_cards()  # ``State.is_pile_frozen_for``, the side having opened
    candidates: list[TakePile] = []
    existing = None
    sambas: list[int] = []  # the side's Sambas (Royal), tried below once the other takes are listed
    for index, meld in enumerate(state.melds[team]):
        if meld.rank == top_rank and meld.kind is MeldKind.RANK:
            existing = index
            if not frozen and state.rules.takes_top_card(meld):
                candidates.append(TakePile(onto=index))
        elif meld.kind is MeldKind.SAMBA:
            sambas.append(index)
    if len(naturals) >= 2:
        candidates.append(TakePile(meld=tuple(naturals[:2])))
    if naturals and wilds and not frozen and existing is None:  # onto the meld covers the rest
        candidates.append(TakePile(meld=(naturals[0], wilds[0])))
        if len(wilds) >= 2 and state.rules.pile_wilds() >= 2:
            candidates.append(TakePile(meld=(naturals[0], wilds[0], wilds[1])))
    if not frozen:
        for index in sambas:
            if legal_take(state, TakePile(onto=index)):
                candidates.append(TakePile(onto=index))
    # Only a take that leaves the hand nearly empty can be refused (going out needs a canasta).
    return [action for action in candidates
            if len(state.hands[seat]) - len(action.meld) + len(state.pile) > 4 or legal_take(state, action)]


def _pile_opening(state: State, hand: list[Card], top: Card, naturals: list[Card]) -> TakePile | None:
    """An unopened side takes the (for it frozen) pile with a natural pair and enough melds: the
    first such take the judge accepts, if any."""
    if len(naturals) < 2:
        return None
    rest = list(hand)
    for card in naturals:
        rest.remove(card)
    for melds in _opening_sets(state, rest, state.rules.value(top) + sum(state.rules.value(c) for c in naturals)):
        action = TakePile(meld=tuple(naturals), melds=melds)
        if legal_take(state, action):
            return action
    return None


def _opening_sets(state: State, hand: Sequence[Card], base_points: int,
                  split: tuple[dict[int, list[Card]], list[Card]] | None = None) -> Iterator[tuple[tuple[Card, ...], ...]]:
    """Sets of new melds (whole ranks, topped up with wild cards) that reach the opening minimum
    together with ``base_points`` already melded; fewest ranks first. ``split``: ``_split_hand(hand)``
    where the caller has it (it is only read)."""
    rules = state.rules
    team = state.team_of(state.turn)
    minimum = state.opening_minimum(team)
    by_rank, hand_wilds = _split_hand(hand) if split is None else split
    values = rules.card_values
    # the groups by their points, most first, ties in the hand's order (as a stable sort by the
    # points would give; sorting (key, position) pairs calls no key function, which compiled is a
    # call through Python)
    keyed: list[tuple[int, int]] = []
    found: list[list[Card]] = []
    for group in by_rank.values():
        if len(group) >= rules.min_naturals:
            points = 0
            for card in group:
                points += values[card]
            keyed.append((-points, len(found)))
            found.append(group)
    keyed.sort()
    groups = [found[position] for _, position in keyed[:_MAX_OPENING_RANKS]]
    by_value = sorted([(-values[c], position) for position, c in enumerate(hand_wilds)])
    wilds = [hand_wilds[position] for _, position in by_value]  # the hand's wild cards, dearest first, else in its order
    # the wild cards each group needs to be a meld at all: a choice needing more is no opening
    # (``_top_up`` would refuse it), and is skipped before its groups are copied
    demand = [max(0, rules.min_meld - len(g)) for g in groups]
    available = len(wilds)
    for size in range(0 if base_points else 1, len(groups) + 1):
        for chosen in combinations(range(len(groups)), size):
            needed = 0
            for index in chosen:
                needed += demand[index]
            if needed > available:
                continue
            melds = _top_up(state, [list(groups[index]) for index in chosen], wilds, minimum - base_points)
            if melds is not None:
                yield melds


def _top_up(state: State, groups: list[list[Card]], wilds: list[Card], needed: int) -> tuple[tuple[Card, ...], ...] | None:
    """``groups`` (naturals of one rank each) made melds with the cheapest wild cards they need,
    then topped up with the dearest while short of ``needed`` points; None if that falls short."""
    rules = state.rules
    values = rules.card_values
    pool = list(wilds)
    naturals = [len(g) for g in groups]  # the groups come in as naturals only
    for group in groups:  # the wild cards each group needs to be a meld at all
        short = rules.min_meld - len(group)
        if short > 0:
            if len(pool) < short:
                return None
            for _ in range(short):
                group.append(pool.pop())  # the cheapest wild card
    points = sum(values[c] for g in groups for c in g)
    for group, count in zip(groups, naturals):  # then the dearest wild cards, while short of the minimum
        if points >= needed or not pool:
            break
        room = rules.wilds_allowed(count) - (len(group) - count)
        while points < needed and pool and room > 0:
            card = pool.pop(0)
            group.append(card)
            points += values[card]
            room -= 1
    if points < needed:
        return None
    return tuple(tuple(g) for g in groups)
