"""Legal-action generation for bots and tests.

A turn's melding can be split many ways, so ``legal_actions`` lists a canonical set rather than
every equivalent action: each distinct discard; each single lay-off and each new meld (one per
rank, natural count and wild count, the lowest card codes chosen); opening melds as combinations
of whole ranks topped up with wild cards until they reach the minimum; every way to take the pile
in its simplest form; the best way out when there is one. Every action listed is one the judge
accepts (the property tests check this on many seeded games).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

from engine.actions import (
    Action,
    AnswerGoOut,
    AskGoOut,
    DeclinePile,
    Discard,
    Draw,
    Layoff,
    MeldAction,
    TakePile,
)
from engine.cards import BLACK_THREES, RED_THREES, WILD, Card, rank
from engine.game import is_legal
from engine.going_out import going_out_plan
from engine.state import Phase, State

_MAX_OPENING_RANKS = 6  # subsets of more meldable ranks than this are not enumerated


def legal_actions(state: State) -> list[Action]:
    if state.phase is Phase.DRAW:
        return _draw_phase(state)
    if state.phase is Phase.PLAY:
        return _play_phase(state)
    if state.phase is Phase.ANSWER:
        return [AnswerGoOut(True), AnswerGoOut(False)]
    return []


def _naturals_by_rank(hand: Sequence[Card]) -> dict[int, list[Card]]:
    """Natural cards that can be melded by rank (threes never: red ones are laid out, black ones
    only go out together)."""
    groups: dict[int, list[Card]] = {}
    for card in hand:
        if not WILD[card] and rank(card) != 3:
            groups.setdefault(rank(card), []).append(card)
    return groups


def _remaining_ok(state: State, remaining: int, canastas_after: int) -> bool:
    """Seed 001 "Að fara út": down to one card or none only when the side may go out."""
    permission = state.turn_state.permission
    if remaining <= 1:
        return permission is not False and canastas_after >= state.rules.canastas_to_go_out
    return permission is not True


# -- drawing ---------------------------------------------------------------------------------


def _draw_phase(state: State) -> list[Action]:
    actions: list[Action] = [Draw() if state.stock else DeclinePile()]
    actions.extend(_pile_options(state))
    return actions


def _pile_options(state: State) -> Iterator[Action]:
    top = state.top()
    if top is None or state.is_pile_blocked():
        return
    seat, team = state.turn, state.team_of(state.turn)
    hand = [c for c in state.hands[seat] if c not in RED_THREES]
    top_rank = rank(top)
    naturals = [c for c in hand if not WILD[c] and rank(c) == top_rank]
    wilds = sorted(c for c in hand if WILD[c])
    frozen = state.is_pile_frozen_for(team)
    if not state.has_opened(team):
        yield from _pile_openings(state, hand, top, naturals)
        return
    candidates: list[TakePile] = []
    existing = state.meld_of_rank(team, top_rank)
    if existing is not None and not frozen:
        candidates.append(TakePile(onto=existing))
    if len(naturals) >= 2:
        candidates.append(TakePile(meld=tuple(naturals[:2])))
    if naturals and wilds and not frozen:
        candidates.append(TakePile(meld=(naturals[0], wilds[0])))
    for action in candidates:
        if len(state.pile) > 2 or is_legal(state, action):  # a small pile may leave too few cards
            yield action


def _pile_openings(state: State, hand: list[Card], top: Card, naturals: list[Card]) -> Iterator[Action]:
    """An unopened side takes the (for it frozen) pile with a natural pair and enough melds."""
    if len(naturals) < 2:
        return
    rest = list(hand)
    for card in naturals:
        rest.remove(card)
    for melds in _opening_sets(state, rest, state.rules.value(top) + sum(state.rules.value(c) for c in naturals)):
        action = TakePile(meld=tuple(naturals), melds=melds)
        if is_legal(state, action):
            yield action
            return


# -- melding ---------------------------------------------------------------------------------


def _opening_sets(state: State, hand: Sequence[Card], base_points: int) -> Iterator[tuple[tuple[Card, ...], ...]]:
    """Sets of new melds (whole ranks, topped up with wild cards) that reach the opening minimum
    together with ``base_points`` already melded; fewest ranks first."""
    rules = state.rules
    team = state.team_of(state.turn)
    minimum = state.opening_minimum(team)
    groups = [g for g in _naturals_by_rank(hand).values() if len(g) >= rules.min_naturals]
    groups = sorted(groups, key=lambda g: -sum(rules.value(c) for c in g))[:_MAX_OPENING_RANKS]
    wilds = sorted((c for c in hand if WILD[c]), key=lambda c: -rules.value(c))
    for size in range(0 if base_points else 1, len(groups) + 1):
        for chosen in combinations(groups, size):
            melds = _top_up(state, [list(g) for g in chosen], wilds, minimum - base_points)
            if melds is not None:
                yield melds


def _top_up(state: State, groups: list[list[Card]], wilds: list[Card], needed: int) -> tuple[tuple[Card, ...], ...] | None:
    rules = state.rules
    pool = list(wilds)
    for group in groups:  # the wild cards each group needs to be a meld at all
        while len(group) < rules.min_meld:
            if not pool:
                return None
            group.append(pool.pop())  # the cheapest wild card
    points = sum(rules.value(c) for g in groups for c in g)
    for group in groups:  # then the dearest wild cards, while short of the minimum
        naturals = sum(1 for c in group if not WILD[c])
        while points < needed and pool and sum(1 for c in group if WILD[c]) < rules.wilds_allowed(naturals):
            card = pool.pop(0)
            group.append(card)
            points += rules.value(card)
    if points < needed:
        return None
    return tuple(tuple(g) for g in groups)


def _play_phase(state: State) -> list[Action]:
    seat, team = state.turn, state.team_of(state.turn)
    hand = state.hands[seat]
    actions: list[Action] = []
    plan = going_out_plan(state) if _may_go_out_soon(state, hand) else None
    if plan is not None and plan.meld is not None:
        actions.append(plan.meld)
    if plan is not None and not state.turn_state.asked and not state.turn_state.melded and state.turn_state.permission is None:
        actions.append(AskGoOut())
    if state.turn_state.permission is True:  # the partner said yes: only the way out
        if len(hand) == 1:
            actions.append(Discard(hand[0]))
        return actions
    if state.has_opened(team):
        actions.extend(_new_melds(state, hand))
        actions.extend(_layoffs(state, hand))
    else:
        for melds in _opening_sets(state, hand, 0):
            action = MeldAction(melds=melds)
            if is_legal(state, action):
                actions.append(action)
    canastas = state.canastas(team)
    for card in sorted(set(hand)):
        if len(hand) > 1 or _remaining_ok(state, 0, canastas):
            actions.append(Discard(card))
    return actions


def _may_go_out_soon(state: State, hand: Sequence[Card]) -> bool:
    """A cheap test that rules out most positions before the going-out search runs."""
    team = state.team_of(state.turn)
    if state.canastas(team) >= state.rules.canastas_to_go_out:
        return True
    wilds = sum(1 for c in hand if WILD[c])
    counts = _naturals_by_rank(hand)
    best = max((len(g) + (state.melds[team][i].size if (i := state.meld_of_rank(team, r)) is not None else 0)
                for r, g in counts.items()), default=0)
    best = max([best] + [m.size for m in state.melds[team]])
    return best + wilds >= state.rules.canasta_size


def _new_melds(state: State, hand: Sequence[Card]) -> Iterator[Action]:
    rules = state.rules
    team = state.team_of(state.turn)
    wilds = sorted(c for c in hand if WILD[c])
    canastas = state.canastas(team)
    for meld_rank, naturals in _naturals_by_rank(hand).items():
        if state.meld_of_rank(team, meld_rank) is not None:
            continue  # the same cards as lay-offs
        for k in range(rules.min_naturals, len(naturals) + 1):
            for w in range(0, min(len(wilds), rules.wilds_allowed(k)) + 1):
                if k + w < rules.min_meld:
                    continue
                size = k + w
                if _remaining_ok(state, len(hand) - size, canastas + (size >= rules.canasta_size)):
                    yield MeldAction(melds=(tuple(naturals[:k]) + tuple(wilds[:w]),))


def _layoffs(state: State, hand: Sequence[Card]) -> Iterator[Action]:
    rules = state.rules
    team = state.team_of(state.turn)
    canastas = state.canastas(team)
    distinct = sorted(set(hand))
    for index, meld in enumerate(state.melds[team]):
        if meld.rank == 3:
            continue
        room = rules.wilds_allowed(meld.naturals) - meld.wilds
        for card in distinct:
            if card in RED_THREES or card in BLACK_THREES:
                continue
            if WILD[card]:
                if room <= 0:
                    continue
            elif rank(card) != meld.rank:
                continue
            grows = not meld.is_canasta(rules) and meld.size + 1 >= rules.canasta_size
            if _remaining_ok(state, len(hand) - 1, canastas + grows):
                yield MeldAction(layoffs=(Layoff(index, (card,)),))
