"""Can the player to act go out now, and how? A small exact search over rank counts.

Going out (seed 001 "Að fara út") means melding the whole hand, or all of it but one card that
is then discarded, while the side ends up with the canastas it needs. The judge uses this to
decide whether "may I go out?" may be asked; bots and hints use the plan it returns.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.core.actions import Layoff, MeldAction, TakePile
from engine.core.cards import BLACK_THREES, RED_THREES, WILD, Card, RANKS, RUN_PLACES, SUITS
from engine.judge.going_out_counts import Counted, canasta_targets
from engine.judge.going_out_search import BUDGET, QUICK_BUDGET, SearchTooLong, exhaustive_cover
from engine.core.errors import IllegalActionError
from engine.core.melds import MeldKind
from engine.judge.moves import legal_meld, take_pile
from engine.judge.pile_takes import pile_takes
from engine.core.state import Phase, State


@dataclass(frozen=True, slots=True)
class GoingOut:
    """One way out: ``meld`` (if any cards are to be melded), then ``discard`` (if one is left)."""

    meld: MeldAction | None
    discard: Card | None

    def __init__(self, meld: MeldAction | None, discard: Card | None) -> None:
        # written out, not generated: compiled, a native store each (as ``Meld``'s, core/melds.py)
        object.__setattr__(self, "meld", meld)
        object.__setattr__(self, "discard", discard)


@dataclass(slots=True)
class _Group:
    rank: int
    cards: list[Card]  # naturals from the hand
    onto: int | None  # the side's meld of this rank, if any
    size: int  # cards in the group once these are melded
    demand: int  # wild cards it must get
    capacity: int  # wild cards it may get
    wilds: list[Card]

    def __init__(self, rank: int, cards: list[Card], onto: int | None, size: int, demand: int, capacity: int,
                 wilds: list[Card]) -> None:
        # written out, not generated: compiled, the generated one stays interpreted code
        self.rank = rank
        self.cards = cards
        self.onto = onto
        self.size = size
        self.demand = demand
        self.capacity = capacity
        self.wilds = wilds


def going_out_plan(state: State) -> GoingOut | None:
    """A way for the player to act to go out now (the fast search's best-scoring one where it finds
    one), or ``None`` if there is none or the complete search ran past its budget."""
    try:
        return exact_plan(state, QUICK_BUDGET)
    except SearchTooLong:
        return None


def may_ask(state: State) -> bool:
    """Whether "may I go out?" may be asked: a way out exists now or, before the draw (Royal),
    after some pile take. A search past its budget counts as none: a "yes" binds, and a player
    who then could not go out would have no legal action."""
    try:
        if state.phase is Phase.DRAW:
            return pile_way_out(state) is not None
        return exact_plan(state) is not None
    except SearchTooLong:
        return False


def exact_plan(state: State, budget: int = BUDGET) -> GoingOut | None:
    """As :func:`going_out_plan`, but raises :class:`SearchTooLong` rather than guess."""
    if state.phase is not Phase.PLAY:
        return None
    team = state.team_of(state.turn)
    if state.turn_state.permission is False:
        return None
    hand = state.hands[state.turn]
    forced = _forced_leftovers(state, team, hand)
    if len(forced) > 1:
        return None  # at most one card can be left for the discard
    royal = len(state.rules.meld_kinds) > 2
    if royal and not _canastas_within_reach(state, team, hand):
        return None  # an upper bound on the canastas melding could bring falls short: no way out
    values = state.rules.card_values
    leftovers: list[Card | None] = forced
    if not forced:  # every distinct card, cheapest first, ties in the set's order (a stable sort, no key function)
        leftovers = [None]
        distinct = list(set(hand))
        for _, position in sorted([(values[c], position) for position, c in enumerate(distinct)]):
            leftovers.append(distinct[position])
    # The fast search is exact where every meld is a rank meld (the property tests hold it equal
    # to brute force); Royal's other kinds need the complete search, after a cheap bound.
    # Where every meld is a rank meld the counts rule out whatever ``_still_short`` would (their
    # ``short``: new ranks too short to meld), and more; Royal asks the short ranks alone.
    counted = None if royal else Counted(state, team, hand)
    short = _short_ranks(state, team, hand) if royal else {}
    for leftover in leftovers:
        if counted is None:
            if _still_short(short, leftover, state.rules.min_naturals):
                continue  # ``_cover`` would refuse it at once: a rank too short to meld is left
        elif not counted.may_cover(leftover):
            continue  # ``_cover`` would refuse it: a rank too short, its wild cards or canastas
        cards = list(hand)
        if leftover is not None:
            cards.remove(leftover)
        meld = _cover(state, team, cards)
        if meld is not None:
            return GoingOut(meld if meld.melds or meld.layoffs else None, leftover)
    if royal:
        found = exhaustive_cover(state, team, hand, [c for c in leftovers if c is not None], budget)
        if found is not None:
            meld, kept = found
            return GoingOut(meld if meld.melds or meld.layoffs else None, kept)
    return None


def judged_plan(state: State) -> GoingOut | None:
    """The way out as the judge finds it (the complete search, at the judge's budget): ``None`` where
    there is none or the search ran past its budget. After partner's "yes" the judge lets a player
    keep only this (``leads_out``) and ``legal_actions`` lists it: one search for both, so a player
    the judge holds to going out always has the way out listed."""
    try:
        return exact_plan(state)
    except SearchTooLong:
        return None


def leads_out(state: State) -> bool:
    """Whether the player to act can go out now, as the judge decides it: a search past its
    budget counts as no way out (a "yes" binds, and a player who then could not go out would have
    no legal action)."""
    return judged_plan(state) is not None


def pile_way_out(state: State, budget: int = BUDGET,
                 takes: Sequence[TakePile] | None = None) -> tuple[TakePile, GoingOut | None] | None:
    """Royal, before the draw: a way to take the pile and go out in the same turn, if any (the
    take, then the way out after it; ``None`` for the way out when the take itself goes out).
    ``takes``: the pile takes of ``pile_takes(state)``, where the caller has them already."""
    if state.phase is not Phase.DRAW or state.turn_state.permission is False:
        return None
    if len(state.rules.meld_kinds) > 2:  # Royal: the bound ``exact_plan`` asks first, before any take
        team = state.seat_team[state.turn]
        if not _canastas_within_reach(state, team, state.hands[state.turn] + state.pile):
            # Every take leaves the side's melds and hand made of these cards, so the bound after
            # any take is no higher: no take goes out, and ``exact_plan`` after it would return
            # None at that bound, before any search (so no SearchTooLong is lost either).
            return None
    after_yes = state.turn_state.permission is True
    for take in pile_takes(state) if takes is None else takes:
        try:
            after = take_pile(state, take)
        except IllegalActionError:
            continue
        if after.phase is Phase.END:
            return take, None
        if after_yes and not leads_out(after):
            continue  # the judge refuses it (``engine.judge.game``: after a "yes" the take must lead out)
        plan = exact_plan(after, budget)
        if plan is not None:
            return take, plan
    return None


def _short_ranks(state: State, team: int, hand: Sequence[Card]) -> dict[int, int]:
    """How many cards of each rank ``_cover`` must meld anew (the naturals, red threes included,
    of ranks the side has no rank meld of; black threes and wild cards aside)."""
    melded = {m.rank for m in state.melds[team] if m.kind is MeldKind.RANK}
    counts: dict[int, int] = {}
    for card in hand:
        if not WILD[card] and card not in BLACK_THREES:
            card_rank = card // 4 + 1
            if card_rank not in melded:
                counts[card_rank] = counts.get(card_rank, 0) + 1
    return counts


def _still_short(counts: dict[int, int], leftover: Card | None, min_naturals: int) -> bool:
    """Whether, ``leftover`` kept back, some rank of ``counts`` has too few naturals for a new meld
    (``_cover`` returns None then, before anything else it could return)."""
    left_rank = None if leftover is None or WILD[leftover] or leftover in BLACK_THREES else leftover // 4 + 1
    for card_rank, count in counts.items():
        if card_rank == left_rank:
            count -= 1
        if 0 < count < min_naturals:
            return True
    return False


def _forced_leftovers(state: State, team: int, hand: Sequence[Card]) -> list[Card | None]:
    """Cards that cannot be melded whatever happens, so one of them must be the discard: a lone
    natural of a rank the side has not melded, black threes too few to meld, red threes."""
    rules = state.rules
    counts: dict[int, list[Card]] = {}
    black: list[Card] = []
    forced: list[Card | None] = []
    laid_out = rules.red_threes_laid_out
    kinds = _KIND
    for card in hand:
        kind = kinds[card]
        if kind > 0:  # a natural other than a three: its rank
            group = counts.get(kind)
            if group is None:
                counts[kind] = [card]
            else:
                group.append(card)
        elif kind == _RED:
            if laid_out:  # Royal melds them; elsewhere they never are
                forced.append(card)
        elif kind == _BLACK:
            black.append(card)
    melds = state.melds[team]
    if black and len(black) < rules.min_meld:
        threes_meld = not laid_out and (
            any(c in RED_THREES for c in hand) or any(m.kind is MeldKind.THREES for m in melds))
        if not threes_meld:
            forced.extend(black)
    melded = {m.rank for m in melds if m.kind is MeldKind.RANK}
    short = rules.min_naturals
    sambas = "samba" in rules.meld_kinds
    for meld_rank, cards in counts.items():
        if len(cards) < short and meld_rank not in melded:
            if sambas:
                forced.extend(c for c in cards if not _may_join_samba(state, team, hand, c))
            else:  # no Sambas: nothing else could take it
                forced.extend(cards)
    return forced


_WILD_KIND, _RED, _BLACK = 0, -1, -2
# By card: its rank if it is a natural other than a three, else what it is.
_KIND = tuple(_WILD_KIND if WILD[c] else _RED if c in RED_THREES else _BLACK if c in BLACK_THREES else RANKS[c]
              for c in range(53))


def _canastas_within_reach(state: State, team: int, hand: Sequence[Card]) -> bool:
    """Royal: an upper bound on the canastas the side could have after melding ``hand`` reaches
    its requirement, and a Samba could be complete (a run of seven in one suit, in the hand or
    extending an unfinished Samba contiguously)."""
    rules = state.rules
    melds = state.melds[team]
    size = rules.canasta_size
    complete = [m for m in melds if rules.is_canasta(m)]
    samba = any(m.kind is MeldKind.SAMBA for m in complete)
    if not samba:  # the run places held by suit, as bits (naturals other than threes)
        held = [0, 0, 0, 0]
        bits = _RUN_BIT
        for card in hand:
            held[card & 3] |= bits[card]
        for meld in melds:
            if meld.kind is MeldKind.SAMBA and not rules.is_canasta(meld):
                places = [RUN_PLACES[c] for c in meld.cards]
                joined = held[meld.cards[0] % 4]
                for place in places:
                    joined |= 1 << place
                samba |= _run_at(joined, min(places)) >= size
        samba |= any(_has_run(places, size) for places in held)
    if not samba:
        return False
    wilds = sum(1 for c in hand if WILD[c])
    naturals = [c for c in hand if not WILD[c]]
    bound = len(complete)
    open_sizes: dict[tuple[MeldKind, int], int] = {}
    for meld in melds:
        if not rules.is_canasta(meld):
            key = (meld.kind, meld.rank)
            open_sizes[key] = open_sizes.get(key, 0) + meld.size
    counts: dict[tuple[MeldKind, int], int] = {}
    for card in naturals:
        key = (MeldKind.THREES, 3) if RANKS[card] == 3 else (MeldKind.RANK, RANKS[card])
        counts[key] = counts.get(key, 0) + 1
        if RANKS[card] != 3:
            samba_key = (MeldKind.SAMBA, 100 + SUITS[card])
            counts[samba_key] = counts.get(samba_key, 0) + 1
    counts[(MeldKind.BOLIVIA, 0)] = wilds
    for key in open_sizes:  # unfinished melds that wild cards alone may complete count too (a true bound)
        counts.setdefault(key, 0)
    for (kind, meld_rank), count in counts.items():
        extra = wilds if kind is MeldKind.RANK else 0
        bound += (open_sizes.get((kind, meld_rank), 0) + count + extra) // rules.canasta_size
    return bound >= rules.canastas_to_go_out


# By card: its run place as a bit, for naturals other than threes (0 for wild cards and threes).
_RUN_BIT = tuple(0 if WILD[c] or RANKS[c] == 3 else 1 << RUN_PLACES[c] for c in range(53))


def _has_run(places: int, size: int) -> bool:
    """Whether ``places`` (run places as bits) holds ``size`` consecutive places."""
    for _ in range(size - 1):
        places &= places >> 1  # a bit stays where the next one up is held too
    return places != 0


def _run_at(places: int, place: int) -> int:
    """The length of the run of consecutive places (4 to 14, as bits) through ``place``."""
    if not places >> place & 1:
        return 0
    low, high = place, place
    while low - 1 >= 4 and places >> (low - 1) & 1:
        low -= 1
    while places >> (high + 1) & 1:
        high += 1
    return high - low + 1


def _may_join_samba(state: State, team: int, hand: Sequence[Card], card: Card) -> bool:
    """Royal: whether ``card`` could go into a Samba (a run of its suit in the hand through it, or
    any unfinished Samba of its suit on the side's table); never where there are no Sambas."""
    if "samba" not in state.rules.meld_kinds:
        return False
    if any(m.kind is MeldKind.SAMBA and m.cards[0] % 4 == SUITS[card] for m in state.melds[team]):
        return True
    places = {RUN_PLACES[c] for c in hand if not WILD[c] and RANKS[c] != 3 and SUITS[c] == SUITS[card]}
    p = RUN_PLACES[card]
    return {p - 2, p - 1} <= places or {p - 1, p + 1} <= places or {p + 1, p + 2} <= places


def _cover(state: State, team: int, cards: Sequence[Card]) -> MeldAction | None:
    """Melds and lay-offs that use every one of ``cards`` and go out legally, if any.

    An empty ``MeldAction()`` means there is nothing to meld (going out by the discard alone).
    """
    rules = state.rules
    reds = [c for c in cards if c in RED_THREES]
    if reds and rules.red_threes_laid_out:
        return None
    black = [c for c in cards if c in BLACK_THREES]
    threes = tuple(reds)  # Royal: a meld of threes, joining the side's unfinished one
    if black and len(black) < rules.min_meld:
        if not (threes or any(m.kind is MeldKind.THREES for m in state.melds[team])):
            return None
        threes, black = threes + tuple(black), []
    wilds = [c for c in cards if WILD[c]]
    by_rank: dict[int, list[Card]] = {}
    for card in cards:
        if not WILD[card] and card not in BLACK_THREES:
            by_rank.setdefault(RANKS[card], []).append(card)
    groups: list[_Group] = []
    for index, meld in enumerate(state.melds[team]):
        if meld.kind is not MeldKind.RANK:
            continue
        mine = by_rank.pop(meld.rank, [])
        naturals = meld.naturals + len(mine)
        groups.append(_Group(meld.rank, mine, index, meld.size + len(mine), 0,
                             rules.wilds_allowed(naturals) - meld.wilds, []))
    for meld_rank, mine in by_rank.items():
        if len(mine) < rules.min_naturals:
            return None
        demand = max(0, rules.min_meld - len(mine))
        groups.append(_Group(meld_rank, mine, None, len(mine), demand, rules.wilds_allowed(len(mine)), []))
    others = sum(1 for m in state.melds[team] if m.kind is not MeldKind.RANK and rules.is_canasta(m))
    if not _place_wilds(state, groups, wilds, others):
        return None
    melds = [tuple(g.cards + g.wilds) for g in groups if g.onto is None]
    if black:
        melds.append(tuple(black))
    if threes:
        if threes[0] not in RED_THREES:  # black threes onto the side's meld of threes
            index = next(i for i, m in enumerate(state.melds[team]) if m.kind is MeldKind.THREES)
            layoff = Layoff(index, threes)
            return _checked(state, MeldAction(tuple(melds), tuple(_layoffs(groups)) + (layoff,)))
        melds.append(threes)
    if not state.has_opened(team) and not state.turn_state.concealed:
        points = sum(state.rules.card_values[c] for m in melds for c in m)
        if points < state.opening_minimum(team):
            return None
    action = MeldAction(tuple(melds), tuple(_layoffs(groups)))
    if len(state.rules.meld_kinds) > 2:  # Royal's kinds and requirements: let the judge decide
        return _checked(state, action)
    return action


def _layoffs(groups: Sequence[_Group]) -> list[Layoff]:
    return [Layoff(g.onto, tuple(g.cards + g.wilds)) for g in groups if g.onto is not None and (g.cards or g.wilds)]


def _checked(state: State, action: MeldAction) -> MeldAction | None:
    if not action.melds and not action.layoffs:
        return action if state.can_go_out(state.team_of(state.turn)) else None
    return action if legal_meld(state, action) else None


def _place_wilds(state: State, groups: list[_Group], wilds: list[Card], others: int = 0) -> bool:
    """Give every group the wild cards it needs so that the side has its canastas; False if impossible."""
    targets = canasta_targets(state.rules, [(g.size, g.demand, g.capacity) for g in groups], len(wilds), others)
    if targets is None:
        return False
    rules = state.rules
    pool = sorted(wilds, reverse=True)
    wanted = {i: max(groups[i].demand, rules.canasta_size - groups[i].size) for i in targets}
    for index, group in enumerate(groups):
        take = wanted.get(index, group.demand)
        group.wilds, pool = pool[:take], pool[take:]
    for group in groups:  # the rest wherever there is room
        room = group.capacity - len(group.wilds)
        group.wilds, pool = group.wilds + pool[:room], pool[room:]
    return not pool
