"""The complete going-out search: every way to meld a set of cards that the judge accepts.

:mod:`engine.judge.going_out` first tries its fast search over rank counts, which covers the usual
ways out of every variant. Where it finds none, this search decides: it enumerates every split
of the cards into new melds of every kind the variant has (rank melds, black threes, and in
Royal Sambas, Bolivias and melds of threes) and lay-offs onto the side's melds, and asks the
judge about each complete split. It is exact (``tests/engine/judge/test_rules_properties.py`` holds it
equal to a brute force over all partitions on small hands) and small in practice:

- cards are taken in a fixed order, naturals before wild cards, and the first card left either
  starts a new meld (chosen whole, with the cards that go with it) or waits to be laid off, so
  every split is met once;
- wild cards are told apart only by count: where a wild card goes changes no rule, and the
  points of all melded cards add up the same (the opening minimum is a sum over every meld);
- the suits of a rank meld's naturals are told apart only where Sambas exist;
- a new meld that would merge into an existing one (``Rules.merges``) is not built: its cards
  are laid off instead, which is the same action to the judge;
- a part of the search that failed once is not searched again: what is left to decide depends
  only on the cards left, the cards waiting to be laid off and what the new melds are (kind,
  rank, size, wild cards, red threes), never on which wild card is which.

Its work is bounded (``BUDGET`` steps, a second or two, for the judge; ``QUICK_BUDGET`` for the
legal actions bots and hints list): a search that would go on longer raises
:class:`SearchTooLong`, and its callers decide as if there were no way out (a "yes" the player
could not honour would leave him without a legal action). Of 300 dense random Royal positions of
8 to 21 cards (``tests/engine/test_rules_properties.random_position``) all but one were decided
in under two seconds; the slowest, a 19-card hand with no way out, needs about 25 000 steps.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import product

from engine.core.actions import Layoff, MeldAction
from engine.core.cards import BLACK_THREES, JOKER, RED_THREES, WILD, Card, RANKS, RUN_PLACES, SUITS
from engine.core.errors import IllegalActionError
from engine.core.melds import Meld, MeldKind, meld_or_none
from engine.judge.moves import legal_meld
from engine.core.state import State

BUDGET = 30_000  # steps (splits tried, lay-off plans built): the judge's, a second or two at most
QUICK_BUDGET = 300  # the bots' and hints' (legal actions are listed many times a second)


class SearchTooLong(Exception):
    """The search went past its budget without an answer."""


def exhaustive_cover(state: State, team: int, hand: Sequence[Card], keep: Sequence[Card] = (),
                     budget: int = BUDGET) -> tuple[MeldAction, Card | None] | None:
    """A meld action the judge accepts that melds all of ``hand`` but at most one card of ``keep``
    (kept for the discard), with the card kept; or ``None``. An empty action: only the discard."""
    search = _Search(state, team, hand, keep, budget)
    for action, kept in search.splits():
        if not action.melds and not action.layoffs:
            if kept is not None and len(hand) == 1 and state.can_go_out(team):
                return action, kept
        elif legal_meld(state, action):
            return action, kept
    return None


def _fits(meld: Meld, card: Card) -> bool:
    """A cheap first look at whether ``card`` could ever be laid off on ``meld``."""
    if meld.kind is MeldKind.RANK:
        return WILD[card] or RANKS[card] == meld.rank
    if meld.kind is MeldKind.BOLIVIA:
        return WILD[card]
    if meld.kind is MeldKind.BLACK_THREES:
        return card in BLACK_THREES
    if meld.kind is MeldKind.THREES:
        return card in RED_THREES or card in BLACK_THREES
    return not WILD[card] and RANKS[card] != 3 and SUITS[card] == meld.cards[0] % 4  # a Samba


def _homes(meld: Meld) -> frozenset[Card]:
    """The cards ``_fits`` lets onto ``meld``: they depend on its kind and rank alone (a Samba's
    rank tells its suit), so they are worked out once for each."""
    key = (meld.kind, meld.rank, meld.cards[0] & 3 if meld.cards else 0)
    homes = _HOMES.get(key)
    if homes is None:
        homes = _HOMES[key] = frozenset(c for c in range(53) if _fits(meld, c))
    return homes


_HOMES: dict[tuple[MeldKind, int, int], frozenset[Card]] = {}  # a few dozen at most


class _Search:
    def __init__(self, state: State, team: int, cards: Sequence[Card], keep: Sequence[Card] = (),
                 budget: int = BUDGET) -> None:
        self.budget = budget
        self.fits: dict[tuple[int, tuple[Card, ...]], bool] = {}  # lay-offs already judged
        self.made: dict[tuple[Card, ...], Meld | None] = {}  # new melds already made (None: refused)
        self.signature: dict[tuple[Card, ...], tuple[object, ...]] = {}  # and their facts for ``_key``
        self.keep = set(keep)
        self.state = state
        self.rules = state.rules
        self.melds = state.melds[team]
        self.sambas = "samba" in self.rules.meld_kinds
        self.order = sorted(set(cards), key=lambda c: (WILD[c], c))  # naturals first
        self.cards: dict[Card, int] = dict(Counter(cards))
        homes = [_homes(m) for m in self.melds]
        self.targets = {c: [i for i, fit in enumerate(homes) if c in fit] for c in self.order}
        # the order's cards by kind, read at every step instead of filtering the order again
        self.wild_order = [c for c in self.order if WILD[c]]
        self.by_rank: dict[int, list[Card]] = {}  # naturals by rank, in the order
        self.by_suit: dict[int, list[Card]] = {}  # naturals other than threes by suit (runs), in the order
        for c in self.order:
            if not WILD[c]:
                self.by_rank.setdefault(RANKS[c], []).append(c)
                if RANKS[c] != 3:
                    self.by_suit.setdefault(SUITS[c], []).append(c)
        self.homeless = {c for c in self.order if not WILD[c] and not self.targets[c]}  # no meld on the table takes it
        self.onto_table: dict[tuple[Card, ...], bool] = {}  # a made group merges into a meld on the table
        # a natural whose only homes on the table are rank melds of its rank is laid off at once on
        # the unfinished one (more naturals never break a rank meld, and only it can grow into a canasta)
        self.settle: dict[Card, int] = {}
        for card, targets in self.targets.items():
            if targets and not WILD[card] and all(self.melds[i].kind is MeldKind.RANK for i in targets):
                unfinished = [i for i in targets if not self.rules.is_canasta(self.melds[i])]
                self.settle[card] = (unfinished or targets)[0]

    # -- the splits --------------------------------------------------------------------------

    def splits(self) -> Iterator[tuple[MeldAction, Card | None]]:
        self.steps = 0
        self.failed: set[tuple[object, ...]] = set()
        yield from self._split(dict(self.cards), [], [], None)

    def _step(self) -> None:
        self.steps += 1
        if self.steps > self.budget:
            raise SearchTooLong

    def _key(self, left: dict[Card, int], new: list[tuple[Meld, tuple[Card, ...]]], pool: list[Card],
             kept: Card | None) -> tuple[object, ...]:
        settle = self.settle
        settled: dict[int, int] = {}
        waiting: dict[Card, int] = {}
        for card in pool:
            if card in settle:
                settled[settle[card]] = settled.get(settle[card], 0) + 1
            else:
                waiting[card] = waiting.get(card, 0) + 1
        signature = self.signature
        melds = tuple(sorted([signature[group] for _, group in new]))
        # which card is kept does not matter to the judge: any card may be the last discard
        return _by_count(left), _by_count(waiting), tuple(sorted(settled.items())), melds, kept is None

    def _split(self, left: dict[Card, int], new: list[tuple[Meld, tuple[Card, ...]]], pool: list[Card],
               kept: Card | None) -> Iterator[tuple[MeldAction, Card | None]]:
        key = self._key(left, new, pool, kept)
        if key in self.failed:
            return
        self._step()
        if not self._all_placeable(left, kept is None):
            self.failed.add(key)
            return
        card = None
        for c in self.order:
            if left.get(c, 0) > 0:
                card = c
                break
        if card is None:
            # a loop, not ``yield from`` a generator expression: compiled, mypyc would build the
            # whole list first, spending the search's budget on ways it never reaches
            for action in self._layoffs(new, pool):
                yield action, kept
        else:
            for group in self._groups(card, left):
                meld = self._meld(group, new)
                if meld is not None:
                    yield from self._split(_less(left, group), new + [(meld, group)], pool, kept)
            rest = left.copy()
            rest[card] -= 1
            if self.targets[card]:
                yield from self._split(rest, new, pool + [card], kept)
            if kept is None and card in self.keep:
                yield from self._split(rest, new, pool, card)
        self.failed.add(key)  # reached only when no split below was accepted

    def _all_placeable(self, left: dict[Card, int], may_keep: bool) -> bool:
        """Forward checking: every natural left still has a home, on the table, in a meld of its
        rank from the cards left, or in a run of its suit from them (Royal); one may be kept."""
        homeless_cards = self.homeless
        lone = [(card, n) for card, n in left.items() if n > 0 and card in homeless_cards]
        if not lone:  # every natural left has a meld on the table to go to
            return True
        homeless = 0
        wilds = 0
        by_rank: dict[int, int] = {}
        places: dict[int, set[int]] = {}
        sambas, wild = self.sambas, WILD
        for card, n in left.items():
            if wild[card]:
                wilds += n
            elif n > 0:
                card_rank = RANKS[card]
                by_rank[card_rank] = by_rank.get(card_rank, 0) + n
                if sambas and card_rank != 3:
                    places.setdefault(SUITS[card], set()).add(RUN_PLACES[card])
        rules = self.rules
        for card, n in lone:
            card_rank = RANKS[card]
            if card_rank == 3 and (sambas or by_rank.get(3, 0) >= rules.min_meld):
                continue
            same = by_rank[card_rank]
            if same >= rules.min_naturals and same + wilds >= rules.min_meld:
                continue
            if sambas and _run_length(places[SUITS[card]], RUN_PLACES[card]) >= rules.min_meld:
                continue
            homeless += n
            if homeless > (1 if may_keep and card in self.keep else 0):
                return False
        return True

    def _meld(self, group: tuple[Card, ...], new: list[tuple[Meld, tuple[Card, ...]]]) -> Meld | None:
        """The new meld ``group`` makes, or ``None`` if it is none or would merge into another."""
        if group in self.made:  # the same group recurs in many branches; make_meld is pure
            meld = self.made[group]
        else:
            meld = meld_or_none(self.rules, group)  # refusals remembered from search to search
            if meld is not None:  # what the search's memory tells new melds apart by
                self.signature[group] = (meld.kind.value, meld.rank, meld.size, meld.wilds,
                                         sum(1 for c in meld.cards if c in RED_THREES))
            self.made[group] = meld
        if meld is None:
            return None
        merges = self.rules.merges
        onto_table = self.onto_table.get(group)
        if onto_table is None:  # the table's melds are the same all search long
            onto_table = self.onto_table[group] = any(merges(m, meld) for m in self.melds)
        if onto_table or any(merges(m, meld) for m, _ in new):
            return None
        return meld

    # -- the new melds a card may start --------------------------------------------------------

    def _groups(self, card: Card, left: dict[Card, int]) -> Iterator[tuple[Card, ...]]:
        wilds = [c for c in self.wild_order for _ in range(left.get(c, 0))]
        if WILD[card]:  # only wild cards are left: a Bolivia
            if "bolivia" in self.rules.meld_kinds:
                for size in range(self.rules.min_meld, min(len(wilds), self.rules.canasta_size) + 1):
                    yield self._with_first(card, wilds, size)
            return
        if RANKS[card] == 3:
            yield from self._threes(card, left)
            return
        for naturals in self._naturals(card, left):
            for count in range(0, min(len(wilds), self.rules.max_wilds) + 1):
                yield naturals + tuple(wilds[:count])
        if self.sambas:
            yield from self._runs(card, left)

    @staticmethod
    def _with_first(card: Card, wilds: list[Card], size: int) -> tuple[Card, ...]:
        """``size`` wild cards that include ``card`` (the others by count, in a fixed order)."""
        rest = list(wilds)
        rest.remove(card)
        return (card, *rest[: size - 1])

    def _naturals(self, card: Card, left: dict[Card, int]) -> Iterator[tuple[Card, ...]]:
        """Natural cards of ``card``'s rank to meld with it: by suit where Sambas exist, else by count."""
        same = [c for c in self.by_rank[RANKS[card]] if left.get(c, 0) > 0]
        if not self.sambas:
            pool = [c for c in same for _ in range(left[c] - (c == card))]
            for extra in range(len(pool) + 1):
                yield (card, *pool[:extra])
            return
        ranges = [range(1 if c == card else 0, left[c] + 1) for c in same]
        for counts in product(*ranges):
            yield tuple(c for c, n in zip(same, counts) for _ in range(n))

    def _threes(self, card: Card, left: dict[Card, int]) -> Iterator[tuple[Card, ...]]:
        same = [c for c in self.by_rank[3] if left.get(c, 0) > 0]
        ranges = [range(1 if c == card else 0, left[c] + 1) for c in same]
        for counts in product(*ranges):
            if sum(counts) <= self.rules.canasta_size:
                yield tuple(c for c, n in zip(same, counts) for _ in range(n))

    def _runs(self, card: Card, left: dict[Card, int]) -> Iterator[tuple[Card, ...]]:
        """Runs of ``card``'s suit through it, three to seven long (Royal's Sambas)."""
        by_place = {RUN_PLACES[c]: c for c in self.by_suit[SUITS[card]] if left.get(c, 0) > 0}
        place = RUN_PLACES[card]
        size = self.rules.canasta_size
        # the places held next to ``place``, down and up: a run from low to high lies within them
        bottom = top = place
        if place in by_place:
            while bottom - 1 in by_place:
                bottom -= 1
            while top + 1 in by_place:
                top += 1
        else:
            bottom = place + 1  # no run through a place not held
        for low in range(max(4, place - size + 1, bottom), place + 1):
            for high in range(max(place, low + self.rules.min_meld - 1), min(14, low + size - 1, top) + 1):
                yield tuple([by_place[p] for p in range(low, high + 1)])

    # -- the lay-offs ----------------------------------------------------------------------------

    def _layoffs(self, new: list[tuple[Meld, tuple[Card, ...]]], pool: list[Card]) -> Iterator[MeldAction]:
        """Ways to lay the pooled cards off on the side's melds: every choice of meld for the
        naturals, and for the wild cards the one spread that completes the most canastas (where
        the wild cards go changes nothing else the judge asks, as long as each meld can hold them)."""
        fixed: dict[int, list[Card]] = {}
        for card in pool:
            if card in self.settle:
                fixed.setdefault(self.settle[card], []).append(card)
        wild_cards = [c for c in pool if WILD[c]]
        naturals = Counter(c for c in pool if c not in self.settle and not WILD[c])
        # each choice of meld for a natural's copies, as (meld, cards) for each meld some go to (a
        # meld none go to would be one with no cards: ``_spread`` would pass over it)
        options = [[tuple((index, (card,) * n) for index, n in zip(self.targets[card], split) if n)
                    for split in _compositions(count, len(self.targets[card]))]
                   for card, count in naturals.items()]
        melds = tuple(group for _, group in new)
        wild_targets = set(self.targets[wild_cards[0]]) if wild_cards else set()
        for choice in product(*options):
            onto: dict[int, list[Card]] = {i: list(cs) for i, cs in fixed.items()}
            for parts in choice:
                for index, cards in parts:
                    if index in onto:
                        onto[index].extend(cards)
                    else:
                        onto[index] = list(cards)
            self._step()
            if not wild_cards and not self._all_fit(onto):
                continue  # ``_spread`` would find a meld that cannot take its cards (most choices)
            spread = self._spread(onto, wild_cards, wild_targets)
            if spread is not None:
                yield MeldAction(melds, tuple(Layoff(i, tuple(cs)) for i, cs in sorted(spread.items()) if cs))

    def _spread(self, onto: dict[int, list[Card]], wilds: list[Card],
                wild_targets: set[int]) -> dict[int, list[Card]] | None:
        """``onto`` with the wild cards added: first to the melds they complete as canastas, the
        fewest needed first, then wherever there is room; ``None`` if a meld cannot take its cards.
        ``onto`` holds naturals only, ``wild_targets`` the melds the wild cards may go to."""
        room: dict[int, int] = {}
        need: dict[int, int] = {}
        fits = self.fits
        for index in sorted(wild_targets.union(onto)):
            # naturals only: sorted by code is sorted naturals first
            cards = tuple(sorted(onto[index])) if index in onto else ()
            if cards:
                known = fits.get((index, cards))
                if known is None:
                    known = self._fits_all(index, cards)
                if not known:
                    return None
            if index in wild_targets:
                room[index] = self._room(index, cards, len(wilds))
                size = self.melds[index].size + len(cards)
                if size < self.rules.canasta_size and size + room[index] >= self.rules.canasta_size:
                    need[index] = self.rules.canasta_size - size
        if sum(room.values()) < len(wilds):
            return None
        out = {i: list(cs) for i, cs in onto.items()}
        left = list(wilds)
        for index in sorted(need, key=lambda i: need[i]):  # complete the most canastas
            if need[index] <= len(left):
                out.setdefault(index, []).extend(left[: need[index]])
                room[index] -= need[index]
                left = left[need[index]:]
        for index in room:  # the rest wherever there is room
            take = min(room[index], len(left))
            out.setdefault(index, []).extend(left[:take])
            left = left[take:]
        return out

    def _all_fit(self, onto: dict[int, list[Card]]) -> bool:
        """Whether each meld can take the naturals ``onto`` gives it (``_spread``'s first test)."""
        fits = self.fits
        for index, cards in onto.items():
            if cards:
                ordered = tuple(sorted(cards))
                known = fits.get((index, ordered))
                if known is None:
                    known = self._fits_all(index, ordered)
                if not known:
                    return False
        return True

    def _fits_all(self, index: int, cards: tuple[Card, ...]) -> bool:
        key = (index, cards)
        known = self.fits.get(key)
        if known is None:
            try:
                self.rules.extend_meld(self.melds[index], cards)
                known = True
            except IllegalActionError:
                known = False
            self.fits[key] = known
        return known

    def _room(self, index: int, cards: tuple[Card, ...], most: int) -> int:
        """How many wild cards meld ``index`` can take besides ``cards`` (up to ``most``)."""
        joker = (JOKER,)
        count = 0
        while count < most and self._fits_all(index, cards + joker * (count + 1)):
            count += 1
        return count


def _less(left: dict[Card, int], group: tuple[Card, ...]) -> dict[Card, int]:
    """``left - Counter(group)`` as ``Counter`` gives it (the positive counts only, in ``left``'s
    order), with plain dictionaries: the search's every step makes one, and ``Counter``'s
    arithmetic is Python code."""
    less: dict[Card, int] = {}
    for card in group:
        less[card] = less.get(card, 0) + 1
    out: dict[Card, int] = {}
    for card, count in left.items():
        count -= less.get(card, 0)
        if count > 0:
            out[card] = count
    return out


def _by_count(counts: dict[Card, int]) -> tuple[object, ...]:
    """Cards told apart by code for naturals, by count for wild cards: (((card, count), ...), wild cards)."""
    naturals = []
    wilds = 0
    wild = WILD
    for card, n in counts.items():
        if wild[card]:
            wilds += n
        elif n > 0:
            naturals.append((card, n))
    naturals.sort()
    return tuple(naturals), wilds


def _compositions(total: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Every way to write ``total`` as ``parts`` whole numbers from 0, in order."""
    if parts == 1:
        yield (total,)
        return
    for first in range(total + 1):
        for rest in _compositions(total - first, parts - 1):
            yield (first, *rest)


def _run_length(places: set[int], place: int) -> int:
    """The length of the run of consecutive places through ``place`` (Sambas start at 4)."""
    low, high = place, place
    while low - 1 >= 4 and low - 1 in places:
        low -= 1
    while high + 1 in places:
        high += 1
    return high - low + 1
