"""Each refusable rule's condition, read from its statement in ``engine.ruledocs.told``, checked on the
position and action in their JSON form without the engine's judge.

``CHECKS[rule id](case)`` is true when the action breaks what the rule's statement forbids in that
variant. A refusal names the rule that actually failed only if its check holds: a refusal shown
with the wrong rule would show a learner the wrong statement, example and passage. The checks are
necessary conditions, written from the seeds' words; where a rule asks a question only a search
answers (could this hand go out?), the check is the evidence a person would see in the position.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13}
# Classic's card values (001 "Spilagildi"), the same in all four texts for the cards that open.
VALUES = {1: 20, 2: 20, 0: 50} | {r: 5 for r in range(3, 8)} | {r: 10 for r in range(8, 14)}
OPENING = {  # (lowest total, minimum), from each text's table
    "classic": ((0, 50), (1500, 90), (3000, 120)),
    "wiener": ((0, 50), (1500, 90), (3000, 120)),
    "royal": ((0, 50), (1500, 90), (3000, 120), (7000, 150)),
    "swedish": ((0, 50), (1500, 90), (3000, 120)),
}
PILE_WILDS = {"classic": 1, "wiener": 1, "royal": 2, "swedish": 2}  # with one natural from the hand


def rank(card: str) -> int:
    """0 for a joker; 1 (ace) to 13 (king)."""
    if card.upper() == "JK":
        return 0
    face = card[:-1].upper()
    return RANKS.get(face, 10 if face == "T" else int(face) if face.isdigit() else -1)


def suit(card: str) -> str:
    return card[-1].lower()


def wild(card: str) -> bool:
    return rank(card) in (0, 2)


def red_three(card: str) -> bool:
    return rank(card) == 3 and suit(card) in "hd"


def black_three(card: str) -> bool:
    return rank(card) == 3 and suit(card) in "cs"


def naturals(cards: Sequence[str]) -> list[str]:
    return [c for c in cards if not wild(c)]


def is_run(cards: Sequence[str]) -> bool:
    """Royal's Samba: one suit, no wild card, 4 up to the ace without a gap, three to seven cards."""
    if not 3 <= len(cards) <= 7 or any(wild(c) for c in cards) or len({suit(c) for c in cards}) != 1:
        return False
    places = sorted(14 if rank(c) == 1 else rank(c) for c in cards)
    return places[0] >= 4 and all(b == a + 1 for a, b in zip(places, places[1:]))


def samba_with_wilds(cards: Sequence[str]) -> bool:
    """Meant as a Samba but holding wild cards: two or more naturals of one suit, all of different
    ranks (none a three), and a wild card (Royal refuses it as a Samba, not as mixed ranks)."""
    nat = naturals(cards)
    return (len(nat) >= 2 and len(nat) < len(cards) and len({suit(c) for c in nat}) == 1
            and len({rank(c) for c in nat}) == len(nat) and not any(rank(c) == 3 for c in nat))


def one_suit_distinct(cards: Sequence[str]) -> bool:
    """Meant as a Samba: natural cards of one suit and all of different ranks."""
    return (len(cards) >= 3 and not any(wild(c) for c in cards) and len({suit(c) for c in cards}) == 1
            and len({rank(c) for c in cards}) == len(cards))


def all_threes(cards: Sequence[str]) -> bool:
    return bool(cards) and all(rank(c) == 3 for c in cards)


def meld_rank(cards: Sequence[str]) -> int | None:
    ranks = {rank(c) for c in naturals(cards)}
    return ranks.pop() if len(ranks) == 1 else None


@dataclass
class Case:
    """A refused action and the position it was refused in (both in their JSON form)."""

    variant: str
    position: dict[str, Any]
    action: dict[str, Any]
    seat: int = field(init=False)
    team: int = field(init=False)

    def __post_init__(self) -> None:
        self.seat = self.position["turn"]
        self.team = next(i for i, t in enumerate(self.position["teams"]) if self.seat in t)

    # -- the position ------------------------------------------------------------------------

    @property
    def kind(self) -> str:
        return str(self.action["type"])

    @property
    def hand(self) -> list[str]:
        return list(self.position["hands"][self.seat])

    @property
    def melds(self) -> list[list[str]]:
        return [list(m) for m in self.position["melds"][self.team]]

    @property
    def pile(self) -> list[str]:
        return list(self.position["pile"])

    @property
    def top(self) -> str | None:
        return self.pile[-1] if self.pile else None

    @property
    def stock_empty(self) -> bool:
        stock = self.position["stock"]
        return (stock if isinstance(stock, int) else len(stock)) == 0

    @property
    def turn_state(self) -> dict[str, Any]:
        return dict(self.position.get("turn_state") or {})

    def opened(self) -> bool:
        """Royal: red threes melded alone do not open (000 "Röda treor")."""
        return any(not (self.variant == "royal" and all(red_three(c) for c in m)) for m in self.melds)

    def frozen(self) -> bool:
        below = self.pile[:-1] if self.variant == "classic" else self.pile
        return any(wild(c) or red_three(c) for c in below) or not self.opened()

    def minimum(self) -> int:
        score = self.position["scores"][self.team]
        needed = 15
        for lowest, value in OPENING[self.variant]:
            if score >= lowest:
                needed = value
        return needed

    # -- the action ----------------------------------------------------------------------------

    def take_meld(self) -> list[str]:
        """The meld a pile take makes of its top card and cards from the hand."""
        return [*self.action.get("meld", []), self.top] if self.action.get("meld") and self.top else []

    def new_melds(self) -> list[list[str]]:
        melds = [list(m) for m in self.action.get("melds", [])]
        if self.kind == "take_pile" and self.take_meld():
            melds.insert(0, self.take_meld())
        return melds

    def layoffs(self) -> list[tuple[int, list[str]]]:
        out = [(int(lay["onto"]), list(lay["cards"])) for lay in self.action.get("layoffs", [])]
        if self.kind == "take_pile" and self.action.get("onto") is not None and self.top:
            out.append((int(self.action["onto"]), [self.top]))
        return out

    def used(self) -> Counter[str]:
        cards = [c for m in self.action.get("melds", []) for c in m]
        if self.kind == "take_pile":
            cards += list(self.action.get("meld", []))
        cards += [c for lay in self.action.get("layoffs", []) for c in lay["cards"]]
        if self.kind == "discard":
            cards.append(self.action["card"])
        return Counter(c[:-1].upper() + c[-1].lower() if c.upper() != "JK" else "JK" for c in cards)

    def left(self) -> int:
        """Cards in the hand after the action (a pile take adds the rest of the pile)."""
        gained = len(self.pile) - 1 if self.kind == "take_pile" else 0
        return len(self.hand) + gained - sum(self.used().values())

    def melds_after(self) -> list[list[str]]:
        after = self.melds
        for onto, cards in self.layoffs():
            if 0 <= onto < len(after):
                after[onto] = after[onto] + cards
        for meld in self.new_melds():
            same = next((m for m in after if meld_rank(m) is not None and meld_rank(m) == meld_rank(meld)
                         and not one_suit_distinct(meld) and not all_threes(meld)), None)
            if same is not None:
                same.extend(meld)
            else:
                after.append(list(meld))
        return after

    def melds_after_moves(self) -> list[list[str]]:
        """Wiener: the side's melds after the action's surplus wild cards moved ("moves")."""
        after = self.melds_after()
        for move in self.action.get("moves", []):
            source, onto = int(move["from"]), int(move["onto"])
            if 0 <= source < len(after) and 0 <= onto < len(after):
                for card in move["cards"]:
                    if card in after[source]:
                        after[source].remove(card)
                after[onto] = after[onto] + list(move["cards"])
        return after

    def going_out(self) -> bool:
        return self.left() == 0 or (self.kind in ("meld", "take_pile") and self.left() <= 1)

    def canastas_after(self) -> tuple[int, bool]:
        """The side's canastas after the action, and whether one is a Samba."""
        full = [m for m in self.melds_after() if len(m) >= 7
                and not (self.variant == "royal" and all_threes(m) and sum(map(red_three, m)) < 3)]
        return len(full), any(is_run(m) for m in full)


def wilds_allowed(variant: str, cards: Sequence[str]) -> int:
    """The most wild cards a meld of these cards may hold, as each text's statement says."""
    size, natural = len(cards), len(naturals(cards))
    if variant == "wiener":
        return 1 if size <= 3 else 2 if size <= 5 else 3
    if variant == "royal":
        return min(2, natural)
    if variant == "swedish":
        return min(3, natural)
    return min(3, natural - 1)


def naturals_needed(variant: str, cards: Sequence[str]) -> int:
    if variant == "wiener":
        return 2 if len(cards) <= 4 else 3 if len(cards) <= 6 else 4
    return 2


Check = Callable[[Case], bool]


def _rank_melds(case: Case) -> list[list[str]]:
    return [m for m in case.new_melds() if not all_threes(naturals(m) or ["x"]) and not one_suit_distinct(m)]


def _take_naturals_of_top(case: Case) -> int:
    return sum(1 for c in case.action.get("meld", []) if not wild(c) and case.top and rank(c) == rank(case.top))


def _fits(case: Case, meld: Sequence[str], card: str) -> bool:
    if is_run(meld):
        return is_run([*meld, card])
    if meld and all(wild(c) for c in meld):
        return wild(card)
    return wild(card) or rank(card) == meld_rank(meld)


def _orphans(case: Case) -> int:
    """Cards no meld can take: a natural of a rank that is single in the hand and has no meld on
    the side (a meld needs two natural cards), where the variant has no runs."""
    counts = Counter(rank(c) for c in case.hand if not wild(c))
    have = {meld_rank(m) for m in case.melds}
    return sum(1 for r, n in counts.items() if n == 1 and r != 3 and r not in have)


def _last_asked(case: Case) -> bool:
    """Whether the partner answering is the asker's last one clockwise (Wiener's partner on the right)."""
    asker = case.turn_state.get("asker")
    if asker is None:
        return True
    players = case.position["players"]
    order = sorted(case.position["teams"][case.team], key=lambda seat: (seat - asker) % players)
    return order[-1] == case.seat


def _required(case: Case) -> int:
    """Canastas a side needs to go out: one in Classic and Wiener (two with six players in three
    partnerships), two in Royal and Swedish."""
    if case.variant == "wiener":
        return 2 if len(case.position["teams"]) == 3 and case.position["players"] == 6 else 1
    return 1 if case.variant == "classic" else 2


def _fresh(case: Case, index: int) -> list[str]:
    """Royal: the cards of the side's meld ``index`` melded from the hand this turn."""
    meld = case.melds[index]
    sizes = case.turn_state.get("meld_sizes") or []
    before = sizes[index] if index < len(sizes) else (len(meld) if index < case.turn_state.get("melds_before", 0) else 0)
    return meld[before:]


def _discard_melds(case: Case) -> list[int]:
    """The melds a discard that is not from the hand may come from."""
    if case.kind != "discard" or (case.action.get("meld") is None and case.action["card"] in case.hand):
        return []
    index = case.action.get("meld")
    return [index] if index is not None else [i for i, m in enumerate(case.melds) if case.action["card"] in m]


def _breaks(case: Case, meld: list[str], card: str) -> bool:
    """Whether ``meld`` without ``card`` is no meld (000 "Spelordning": "ogiltig")."""
    rest = list(meld)
    rest.remove(card)
    if not rest:
        return True
    if all_threes(rest):
        return not any(map(red_three, rest))
    if one_suit_distinct(meld):
        return not is_run(rest)
    return len(rest) < 3 or len(naturals(rest)) < 2 or len(rest) - len(naturals(rest)) > wilds_allowed(case.variant, rest)


def _cannot_go_out(case: Case) -> bool:
    """Plain evidence that this hand cannot go out this turn: even every card of the hand and of
    the side's unfinished melds could not make the canastas the side lacks, or (without runs) two
    cards of the hand can go nowhere, and only one may be discarded."""
    complete = sum(1 for m in case.melds if len(m) >= 7)
    loose = len(case.hand) + sum(len(m) for m in case.melds if len(m) < 7)
    if complete + loose // 7 < _required(case):
        return True
    return case.variant != "royal" and _orphans(case) > 1


CHECKS: dict[str, Check] = {
    "turn.draw_first": lambda c: c.position["phase"] == "draw" and c.kind not in ("draw", "take_pile", "decline_pile"),
    "turn.already_drawn": lambda c: c.position["phase"] == "play" and c.kind in ("draw", "take_pile"),
    "turn.answer_pending": lambda c: c.position["phase"] == "answer" and c.kind != "answer_go_out",
    "hand.over": lambda c: c.position["phase"] == "end",
    "stock.empty": lambda c: c.stock_empty and c.kind == "draw",
    "stock.not_empty": lambda c: not c.stock_empty and c.kind == "decline_pile",
    "stock.must_take": lambda c: c.stock_empty and c.kind == "decline_pile" and c.top is not None
    and any(_fits(c, m, c.top) for m in c.melds) and not (c.variant == "wiener" and any(
        wild(x) or red_three(x) for x in c.pile)),
    "pile.empty": lambda c: c.kind == "take_pile" and not c.pile,
    "pile.blocked": lambda c: c.kind == "take_pile" and c.top is not None and (wild(c.top) or rank(c.top) == 3),
    "pile.blocked_canasta": lambda c: c.kind == "take_pile" and c.top is not None
    and any(len(m) >= 7 and meld_rank(m) == rank(c.top) for m in c.melds),
    "pile.frozen": lambda c: c.kind == "take_pile" and c.frozen() and _take_naturals_of_top(c) < 2,
    "pile.frozen_unopened": lambda c: c.kind == "take_pile" and not c.opened() and _take_naturals_of_top(c) < 2,
    "pile.frozen_wild": lambda c: c.kind == "take_pile" and c.frozen() and any(wild(x) for x in c.action.get("meld", [])),
    "pile.top_card": lambda c: c.kind == "take_pile" and bool(c.action.get("meld")) and c.top is not None
    and meld_rank(c.action["meld"]) != rank(c.top) and not is_run(c.take_meld()),
    "pile.onto_rank": lambda c: c.kind == "take_pile" and c.action.get("onto") is not None and c.top is not None
    and not _fits(c, c.melds[int(c.action["onto"])], c.top),
    "pile.wild_cards": lambda c: c.kind == "take_pile" and _take_naturals_of_top(c) == 1
    and sum(1 for x in c.action.get("meld", []) if wild(x)) > PILE_WILDS[c.variant],
    "pile.onto_canasta": lambda c: c.kind == "take_pile" and c.action.get("onto") is not None
    and len(c.melds[int(c.action["onto"])]) >= 7,
    "pile.single_card": lambda c: c.kind == "take_pile" and len(c.hand) == 1 and len(c.pile) == 1,
    "hand.not_held": lambda c: bool(c.used() - Counter(c.hand)),
    "meld.too_small": lambda c: any(len(m) < 3 and not (c.variant == "royal" and all_threes(m)) for m in c.new_melds()),
    "meld.mixed_ranks": lambda c: any(len({rank(x) for x in naturals(m)}) > 1 and not one_suit_distinct(m)
                                      and not all_threes(m) and not (c.variant == "royal" and samba_with_wilds(m))
                                      for m in c.new_melds()),
    "meld.too_few_naturals": lambda c: any(len(naturals(m)) < naturals_needed(c.variant, m) for m in c.new_melds()
                                           if not (c.variant == "royal" and (all_threes(m) or one_suit_distinct(m)))),
    "meld.too_many_wilds": lambda c: any(len(m) - len(naturals(m)) > wilds_allowed(c.variant, m)
                                         for m in [*_rank_melds(c), *(c.melds_after()[i] for i, _ in c.layoffs()),
                                                   *(m for m in c.melds_after_moves() if meld_rank(m) not in (None, 3))]),
    "meld.red_three": lambda c: any(red_three(x) and not all_threes(m) for m in c.new_melds() for x in m)
    or (c.variant != "royal" and any(red_three(x) for m in c.new_melds() for x in m)),
    "meld.black_threes": lambda c: any(naturals(m) and all(black_three(x) for x in naturals(m))
                                       for m in c.new_melds()) and not c.going_out(),
    "meld.black_threes_wild": lambda c: any(naturals(m) and all(rank(x) == 3 for x in naturals(m))
                                            and any(wild(x) for x in m) for m in c.melds_after()),
    "meld.black_threes_alone": lambda c: any(m and all(black_three(x) for x in m)
                                             and not (3 <= len(m) <= 6 and c.going_out()) for m in c.new_melds()),
    "meld.threes_wild": lambda c: any(naturals(m) and all(rank(x) == 3 for x in naturals(m)) and any(wild(x) for x in m)
                                      for m in c.melds_after()),
    "meld.threes_closed": lambda c: any(0 <= onto < len(c.melds) and len(c.melds[onto]) >= 7
                                        and all_threes(c.melds[onto]) and sum(map(red_three, c.melds[onto])) < 3
                                        for onto, _ in c.layoffs()),
    "discard.breaks_meld": lambda c: any(c.action["card"] in _fresh(c, i) and _breaks(c, c.melds[i], c.action["card"])
                                         for i in _discard_melds(c)),
    "discard.melded_before": lambda c: any(c.action["card"] in c.melds[i] and c.action["card"] not in _fresh(c, i)
                                           for i in _discard_melds(c)),
    "meld.layoff": lambda c: any(not _fits(c, c.melds[onto], x) for onto, cards in c.layoffs()
                                 if 0 <= onto < len(c.melds) for x in cards),
    # Wiener: only going out concealed, only wild cards past the limit of a meld merged with an older one
    "meld.move_wilds": lambda c: c.kind == "meld" and bool(c.action.get("moves")),
    "meld.complete": lambda c: any(len(c.melds[onto]) >= 7 and meld_rank(c.melds[onto]) in (None, 3)
                                   for onto, _ in c.layoffs() if 0 <= onto < len(c.melds)),
    # a Samba or a Bolivia past seven cards: a new one, or one of the side's laid off on
    "meld.seven_cards": lambda c: any(len(m) > 7 and (all(wild(x) for x in m) or one_suit_distinct(m))
                                      for m in c.new_melds())
    or any(len(c.melds[onto]) + len(cards) > 7 and (all(wild(x) for x in c.melds[onto]) or is_run(c.melds[onto]))
           for onto, cards in c.layoffs() if 0 <= onto < len(c.melds)),
    # new wild cards on their own while the side's Bolivia is unfinished, together past seven
    "meld.one_bolivia": lambda c: any(all(wild(x) for x in m) and any(all(wild(x) for x in old) and len(old) < 7
                                                                      and len(old) + len(m) > 7 for old in c.melds)
                                      for m in c.new_melds()),
    "meld.samba": lambda c: any((one_suit_distinct(m) and not is_run(m)) or samba_with_wilds(m) for m in c.new_melds()),
    "meld.bolivia": lambda c: any(all(wild(x) for x in c.melds[onto]) and any(not wild(x) for x in cards)
                                  for onto, cards in c.layoffs() if 0 <= onto < len(c.melds)),
    "meld.threes": lambda c: any(all_threes(m) and (len(m) > 7 or (not any(map(red_three, m))
                                                                    and not (c.going_out() and 3 <= len(m) <= 6)))
                                 for m in c.melds_after()),
    # Royal: red threes alone count nothing; melded with black threes every three counts 5
    "opening.minimum": lambda c: not c.opened() and sum(VALUES[rank(x)] for m in c.new_melds() for x in m
                                                        if not (c.variant == "royal" and all(map(red_three, m))))
    < c.minimum(),
    "going_out.needs_canasta": lambda c: c.going_out() and c.canastas_after()[0] < 1,
    "going_out.needs_two_canastas": lambda c: c.going_out() and c.canastas_after()[0] < 2,
    "going_out.needs_samba": lambda c: c.going_out() and not (c.canastas_after()[0] >= 2 and c.canastas_after()[1]),
    "going_out.refused": lambda c: c.turn_state.get("permission") is False and c.going_out(),
    "going_out.required": lambda c: c.turn_state.get("permission") is True and not c.going_out(),
    "ask.after_meld": lambda c: c.kind == "ask_go_out" and (bool(c.turn_state.get("melded"))
                                                           or (c.variant != "royal" and c.position["phase"] == "draw")
                                                           or (c.variant == "royal" and bool(c.turn_state.get("took_pile")))),
    "ask.twice": lambda c: c.kind == "ask_go_out" and bool(c.turn_state.get("asked")),
    "ask.after_pile": lambda c: c.kind == "ask_go_out" and bool(c.turn_state.get("took_pile")),
    "going_out.take_pile": lambda c: c.kind == "draw" and c.turn_state.get("permission") is True
    and bool(c.turn_state.get("before_draw")),
    "ask.cannot_go_out": lambda c: c.kind == "ask_go_out" and _cannot_go_out(c),
    "ask.no_partner": lambda c: c.kind == "ask_go_out" and len(c.position["teams"][c.team]) == 1,
    "answer.not_asked": lambda c: c.kind == "answer_go_out" and c.position["phase"] != "answer",
    "answer.cannot_pass": lambda c: c.kind == "answer_go_out" and c.action.get("yes") is None
    and not (c.variant == "wiener" and len(c.position["teams"][c.team]) == 3 and not _last_asked(c)),
    "replacement.not_in_variant": lambda c: c.kind == "draw_replacement" and c.variant != "royal",
    "replacement.none_owed": lambda c: c.kind == "draw_replacement" and not c.turn_state.get("replacements"),
    "replacement.stock_empty": lambda c: c.kind == "draw_replacement" and c.stock_empty,
}
