"""The going-out search's arithmetic on counts: which groups the wild cards make canastas of, and
a pre-check that rules out most leftovers before :func:`engine.judge.going_out._cover` builds anything.

Where every meld is a rank meld (Classic, Wiener, Swedish) a hand is, for going out, a count of
naturals per rank and a count of wild cards: ``_cover`` makes one group per rank (the side's meld
of it and the hand's naturals, or the naturals alone) and places the wild cards. The decision it
makes about the wild cards, :func:`canasta_targets`, lives here so that the pre-check
(:class:`Counted`) and ``_cover`` share it; the pre-check is a necessary condition only, so
``_cover`` still decides, and builds, whatever passes (play is unchanged, docs/speed.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from engine.core.cards import BLACK_THREES, RED_THREES, WILD, Card
from engine.core.melds import MeldKind
from engine.core.rules import Rules
from engine.core.state import State


def canasta_targets(rules: Rules, groups: Sequence[tuple[int, int, int]], wilds: int,
                     others: int) -> tuple[int, ...] | None:
    """Which of ``groups`` (size, wild cards demanded, wild cards allowed) the wild cards make
    canastas of, so that every group gets what it demands, every wild card finds room and the side
    has its canastas (the first such choice, fewest groups); ``None`` if there is none."""
    demanded = capacity = have = 0
    for size, demand, room in groups:
        if room < demand:
            return None
        demanded += demand
        capacity += room
        have += size >= rules.canasta_size
    if demanded > wilds or capacity < wilds:
        return None
    missing = rules.canastas_to_go_out - others - have
    if missing <= 0:
        return ()
    candidates = [i for i, g in enumerate(groups) if g[0] < rules.canasta_size]
    for chosen in combinations(candidates, missing):
        extra = demanded
        for i in chosen:
            size, demand, room = groups[i]
            need = max(demand, rules.canasta_size - size)
            if need > room:
                break
            extra += need - demand
        else:
            if extra <= wilds:
                return chosen
    return None


class Counted:
    """The hand as counts per rank, to rule out at once most leftovers ``_cover`` would refuse
    (variants whose melds are all rank melds and black threes): a necessary condition only, so
    ``_cover`` still decides (and builds) whatever passes. The groups ``_cover`` would make of the
    whole hand are worked out once; a leftover changes one of them, or the count of wild cards."""

    __slots__ = ("rules", "wilds", "black", "reds", "threes_meld", "others", "groups", "where", "short")

    def __init__(self, state: State, team: int, hand: Sequence[Card]) -> None:
        rules = self.rules = state.rules
        counts: dict[int, int] = {}
        wilds = black = reds = 0
        for card in hand:
            if WILD[card]:
                wilds += 1
            elif card in BLACK_THREES:
                black += 1
            else:
                if card in RED_THREES:
                    reds += 1
                card_rank = card // 4 + 1
                counts[card_rank] = counts.get(card_rank, 0) + 1
        self.wilds, self.black, self.reds = wilds, black, reds
        melds = state.melds[team]
        self.threes_meld = any(m.kind is MeldKind.THREES for m in melds)
        self.others = sum(1 for m in melds if m.kind is not MeldKind.RANK and rules.is_canasta(m))
        # (size, wild cards demanded, wild cards allowed) as ``_cover`` makes them: the side's rank
        # melds with the hand's naturals of their rank, then each other rank of the hand
        groups: list[tuple[int, int, int]] = []
        where: dict[int, tuple[int, int, int, int]] = {}  # rank -> (group, naturals in hand, meld's naturals, wilds); -1, -1 for a new one
        for m in melds:
            if m.kind is MeldKind.RANK:
                mine = 0 if m.rank in where else counts.get(m.rank, 0)
                if m.rank not in where:
                    where[m.rank] = (len(groups), mine, m.naturals, m.wilds)
                groups.append((m.size + mine, 0, rules.wilds_allowed(m.naturals + mine) - m.wilds))
        short = 0  # new ranks too short for a meld
        for card_rank, mine in counts.items():
            if card_rank not in where:
                where[card_rank] = (len(groups), mine, -1, -1)
                groups.append((mine, max(0, rules.min_meld - mine), rules.wilds_allowed(mine)))
                short += mine < rules.min_naturals
        self.groups, self.where, self.short = groups, where, short

    def may_cover(self, leftover: Card | None) -> bool:
        """False where ``_cover`` of the hand less ``leftover`` surely returns None."""
        rules = self.rules
        wilds, black, reds, groups, short = self.wilds, self.black, self.reds, self.groups, self.short
        if leftover is not None:
            if WILD[leftover]:
                wilds -= 1
            elif leftover in BLACK_THREES:
                black -= 1
            else:
                reds -= leftover in RED_THREES
                index, mine, naturals, meld_wilds = self.where[leftover // 4 + 1]
                mine -= 1
                groups = list(groups)
                if naturals >= 0:  # onto the side's meld of its rank
                    size = groups[index][0] - 1
                    groups[index] = (size, 0, rules.wilds_allowed(naturals + mine) - meld_wilds)
                else:
                    short -= mine + 1 < rules.min_naturals
                    if mine:
                        groups[index] = (mine, max(0, rules.min_meld - mine), rules.wilds_allowed(mine))
                        short += mine < rules.min_naturals
                    else:
                        del groups[index]
        if reds and rules.red_threes_laid_out:
            return False
        if 0 < black < rules.min_meld and not (reds or self.threes_meld):
            return False
        if short:
            return False
        return canasta_targets(rules, groups, wilds, self.others) is not None
