"""What the hints are made of and the facts they share: :class:`Hint` and :class:`Tip`, the safe
discard (``discard_cost``, ``safest_discard``), the ways out of the hand and their scores, and the
small facts of a position the tips ask (the other side close to going out, the score's marks).
The hint modules (``engine.hints.rules``, ``engine.hints.taktik``, ``engine.hints.timing``) import its
underscored helpers: they are private to that family, not to this file.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace

from engine.core.actions import Action, Discard, MeldAction, canonical, cards_of
from engine.core.cards import WILD, Card, rank, run_place, suit
from engine.core.errors import FactValue
from engine.judge.game import apply, is_legal
from engine.judge.going_out import going_out_plan
from engine.core.i18n import N_, Text, translate_text
from engine.judge.legal import legal_actions
from engine.core.melds import Meld, MeldKind
from engine.core.rulebook import format_facts
from engine.core.state import Phase, State

ALL = frozenset({"classic", "wiener", "royal", "swedish"})
# Taktik 5: "Varje Samba ... innehåller en åtta, nia och en tia ... undvika att mäla sjuor och knektar"


SAMBA_CORE = {8: 2, 9: 2, 10: 2, 7: 1, 11: 1}


ROYAL = frozenset({"royal"})


@dataclass(frozen=True)
class Hint:
    tip: str
    action: Action
    cards: tuple[Card, ...]
    text: Text
    facts: Mapping[str, FactValue] = field(default_factory=dict)
    weight: float = 1.0  # higher first
    others: tuple[Action, ...] = ()  # other actions that follow the same advice (any lone card, …)
    more: tuple[Text, ...] = ()  # further sentences, with the same facts (the strong player's margin)
    avoids: tuple[Action, ...] = ()  # moves this advice is against (the two where the joker goes, a small pile taken)
    keeps: tuple[Card, ...] = ()  # cards it keeps in the hand this turn, neither melded nor thrown away
    spends: tuple[Card, ...] = ()  # cards it says to put down besides its move's ("meld your red threes")
    melds_first: bool = False  # a discard's advice that any meld keeping its card goes along with


    def follows(self, action: Action) -> bool:
        """Whether ``action`` follows this advice (the review of a hand asks); the order the cards
        were picked in does not matter."""
        mine = canonical(action)
        if self.melds_first and isinstance(action, MeldAction) and isinstance(self.action, Discard) \
                and self.action.card not in action.cards():
            return True  # the turn goes on to this discard
        return mine == canonical(self.action) or any(mine == canonical(other) for other in self.others)

    def opposes(self, other: Hint, hand: Sequence[Card]) -> bool:
        """Whether this advice and ``other``'s advise against each other, shown together: neither's move
        follows the other's advice, or one's move is a move the other advises against, or one's move
        spends (melds, discards, takes the pile with) a card the other keeps in the hand."""
        if not self.follows(other.action) and not other.follows(self.action):
            return True
        mine, theirs = canonical(self.action), canonical(other.action)
        if any(theirs == canonical(a) for a in self.avoids) or any(mine == canonical(a) for a in other.avoids):
            return True
        return _spends_kept(self, other.keeps, hand) or _spends_kept(other, self.keeps, hand)

    def explanation(self, lang: str = "en") -> str:
        facts = format_facts(self.facts, lang)
        return " ".join(translate_text(t, self.facts, lang).format(**facts) for t in (self.text, *self.more))


def _spends_kept(hint: Hint, keeps: Sequence[Card], hand: Sequence[Card]) -> bool:
    """Whether ``hint``'s advice leaves the hand fewer of a card than ``keeps`` holds of it."""
    spent, kept, held = Counter(cards_of(hint.action)) | Counter(hint.spends), Counter(keeps), Counter(hand)
    return any(held[card] - spent[card] < n for card, n in kept.items() if spent[card])


@dataclass(frozen=True)
class Tip:
    tip: str
    variants: frozenset[str]
    source: str  # where the advice comes from
    detect: Callable[[State, list[Action]], Iterator[Hint]]
    shown: bool = True  # False: only the review of a move asks it (advice about a meld the learner made)


def _neighbours(card: Card, other: Card) -> bool:
    """Two natural cards of one suit at most two ranks apart (aces high), the makings of a run."""
    if WILD[card] or WILD[other] or suit(card) != suit(other) or rank(other) == 3:
        return False
    return 0 < abs(run_place(card) - run_place(other)) <= 2


def _meanwhile(state: State, legal: list[Action], action: Action) -> tuple[Action, ...]:
    """The other melds that leave ``action``'s cards in the hand: the turn goes on after them, so
    they do not go against advice to meld those cards (the review of a hand asks)."""
    hand = Counter(state.hands[state.turn])
    need = Counter(cards_of(action))
    return tuple(a for a in legal if isinstance(a, MeldAction) and a != action
                 and all((hand - Counter(a.cards()))[c] >= n for c, n in need.items()))


def _other_side_close(state: State) -> list[int]:
    """The other sides that may go out and hold a player with few cards (Taktik 15's situation)."""
    team = state.team_of(state.turn)
    return [t for t, seats in enumerate(state.teams) if t != team and state.rules.has_canastas_to_go_out(state.melds[t])
            and min(len(state.hands[s]) for s in seats) <= 4]


def _has(state: State, kind: MeldKind) -> bool:
    """Whether the variant has melds of ``kind`` (Royal's Sambas, its meld of threes)."""
    return kind.value in state.rules.meld_kinds


def _meldable(legal: list[Action]) -> set[Card]:
    """The cards of the hand that some meld action can put down now."""
    return {c for a in legal if isinstance(a, MeldAction) for c in a.cards()}


def _next_samba_ends(state: State) -> set[Card]:
    """The cards that extend the next side's unfinished Sambas: discarded, they hand it the pile."""
    return _samba_ends(state, state.team_of(state.next_seat(state.turn)))


def _samba_ends(state: State, team: int) -> set[Card]:
    """The cards of the hand that extend ``team``'s unfinished Sambas."""
    ends: set[Card] = set()
    for meld in state.melds[team]:
        if meld.kind is MeldKind.SAMBA and not state.rules.is_canasta(meld):
            places = [run_place(c) for c in meld.cards if not WILD[c]]
            ends |= {c for c in state.hands[state.turn] if not WILD[c] and suit(c) == suit(meld.cards[0])
                     and run_place(c) in (min(places) - 1, max(places) + 1)}
    return ends


def _royal_chance(state: State) -> bool:
    """Taktik 7's danger: another side has a meld of threes, a chance at a Royal canasta (a three in the
    pile goes to it with the pile)."""
    team = state.team_of(state.turn)
    return any(m.kind is MeldKind.THREES for t in range(len(state.teams)) if t != team for m in state.melds[t])


# Taktik 7, "Undvik att saka en svart eller röd trea såvida det andra laget inte har en chans att bygga en
# Royal Canasta", read as the game bears it out: a three is kept from the discard, and most of all from a
# side that has a chance at a Royal canasta (a meld of threes: the pile with a three in it takes it there).
# Read the other way (a three thrown to such a side) it lost (docs/hints.md: measured in fresh worlds).
THREES_KEPT_FROM_ROYAL = frozenset({"royal"})


def _threes_kept(state: State) -> bool:
    """Whether Taktik 7 keeps a three from a side with a chance at a Royal canasta (``THREES_KEPT_FROM_ROYAL``):
    while that side cannot go out (then a three held counts against the side: 100 points a black one)."""
    return state.rules.name in THREES_KEPT_FROM_ROYAL and not _threatened(state)


STOPPED_PILE = 6  # a pile this big is worth stopping with a black three before Taktik 7 keeps it: measured


def _stops_rich_pile(state: State, action: Discard) -> bool:
    """Whether the discard is a black three that stops a pile of ``STOPPED_PILE`` cards or more: Taktik 12's
    "hindra motspelarna från att ta sakhögen" outweighs keeping it (threes set 84: keeping the three lost
    up to 864 points on piles of 16 to 26 cards; docs/hints.md)."""
    return len(state.pile) >= STOPPED_PILE and _blocks(state, action)


def _blocks(state: State, action: Discard) -> bool:
    """Whether the discard stops the next player taking the pile (a black three, Wiener's card
    that fits the other side's complete canasta), where the pile is worth stopping."""
    if len(state.pile) < 2 or WILD[action.card]:
        return False
    after = apply(state, action)
    return after.phase is Phase.DRAW and after.is_pile_blocked()


def _stops_next(state: State, action: Discard) -> bool:
    """Whether the discard leaves the next player unable to take the pile at all (a black three),
    whatever the pile holds: the reason it is safe, even where the pile is too small to be worth stopping."""
    if WILD[action.card] or not state.pile:
        return False
    after = apply(state, action)
    return after.phase is Phase.DRAW and after.is_pile_blocked()


def _unseen_of_rank(state: State, card: Card) -> int:
    """How many cards of ``card``'s rank the player to act cannot see: the decks' less those in its hand,
    in the pile, and in every side's melds."""
    if WILD[card]:
        return 0
    want = rank(card)
    total = sum(1 for c in state.rules.deck() if not WILD[c] and rank(c) == want)
    seen = [*state.hands[state.turn], *state.pile, *(c for melds in state.melds for m in melds for c in m.cards)]
    return total - sum(1 for c in seen if not WILD[c] and rank(c) == want)


def discard_facts(state: State, action: Discard) -> dict[str, FactValue]:
    """The facts a discard's reason is said with (``_DISCARD_TEXTS``)."""
    card = action.card
    facts: dict[str, FactValue] = {"card": card, "rank": rank(card) or 1}
    if not WILD[card]:
        facts["seen"] = sum(1 for c in state.rules.deck() if not WILD[c] and rank(c) == rank(card)) - _unseen_of_rank(
            state, card)
    return facts


def _discard_reason(state: State, action: Discard) -> str:
    """What makes ``action`` the safe discard, in the terms :func:`safest_discard` weighs; only what
    is true of the card (where it fits a meld of the next side or breaks a pair, that no other card
    is safer)."""
    card = action.card
    nxt = state.team_of(state.next_seat(state.turn))
    their_ranks = {m.rank for m in state.melds[nxt] if m.kind is MeldKind.RANK}
    frozen = state.is_pile_frozen_for(nxt)
    same = sum(1 for c in state.hands[state.turn] if not WILD[c] and rank(c) == rank(card))
    if _blocks(state, action) or _stops_next(state, action):
        return "blocks"
    if card in _next_samba_ends(state):
        return "fits_theirs"  # the next side's Samba takes it (Royal)
    if frozen and rank(card) in their_ranks:
        return "melded"
    if not frozen and rank(card) in their_ranks - _fed_ranks(state, nxt):
        return "finished"
    unseen = _unseen_of_rank(state, card)
    # the next side takes the pile with a natural pair, or against an open pile with one natural and a wild
    # card (or onto its meld of the rank, or its Samba, above): where the unseen cards of the rank cannot make that
    if not WILD[card] and rank(card) != 3 and rank(card) not in their_ranks and (unseen == 0 or (frozen and unseen == 1)):
        return "out_of_reach"
    if WILD[card] or (same > 1 and rank(card) != 3):
        return "safest"
    if not frozen and rank(card) in their_ranks:
        return "fits_theirs"
    if their_ranks and not frozen:
        return "fits_none"
    return "lone"


# Measured on 240 Swedish discard positions where every discard was scored (``bench/hint_quality.py
# --discards 31..34``; docs/hints.md): in the Swedish game a card that only adds to the next side's
# finished canasta gives them little (its points and the pile, which is small where it matters), less
# than a card that grows a meld toward a canasta or a broken pair. In Classic the same rule changed
# nothing measurable; Wiener blocks the pile with such a card (its own rule, ``_blocks``).
FINISHED_FEEDS_LITTLE = frozenset({"swedish"})


def _fed_ranks(state: State, team: int) -> set[int | None]:
    """The ranks whose card, on an open pile, lets ``team`` take it to grow a meld: any of its rank
    melds, or (``FINISHED_FEEDS_LITTLE``) only those that are not a canasta yet."""
    finished = state.rules.name in FINISHED_FEEDS_LITTLE
    return {m.rank for m in state.melds[team] if m.kind is MeldKind.RANK and not (finished and state.rules.is_canasta(m))}


def discard_cost(state: State, action: Discard) -> tuple[int, ...]:
    """How much a discard from the hand gives away, most important first. The first seven places
    are the game's reasons (a wild card; the card extending the next side's Samba; a three Taktik 7
    keeps; not blocking a pile worth stopping; a card the side's own meld takes; breaking a natural
    pair; feeding the next side: against a frozen pile a rank it has not melded, against an open pile
    one it has, in ``FINISHED_FEEDS_LITTLE``'s variants one that is not a canasta yet); the rest break ties."""
    card = action.card
    hand = state.hands[state.turn]
    nxt = state.team_of(state.next_seat(state.turn))
    their_ranks = {m.rank for m in state.melds[nxt] if m.kind is MeldKind.RANK}
    reached = _fed_ranks(state, nxt)
    runs = _has(state, MeldKind.SAMBA)
    team = state.team_of(state.turn)
    # Taktik 7 (``THREES_KEPT_FROM_ROYAL``): a three stays in the hand, before any stopper; a side with a
    # meld of threes would take it with the pile toward a Royal canasta, and the side's own meld of threes
    # takes it (found on hold-out 21, royal/6-3x2/2; measured, docs/hints.md)
    three = int(_has(state, MeldKind.THREES) and rank(card) == 3 and (
        (_threes_kept(state) and not _stops_rich_pile(state, action)) or not _royal_chance(state)
        or any(m.kind is MeldKind.THREES for m in state.melds[team])))
    same = sum(1 for c in hand if not WILD[c] and rank(c) == rank(card))
    # where Sambas are melded, a card with a neighbour of its suit in the hand is a Samba's start
    # (Taktik 3: "arrangera eventuella Sambas")
    run = int(runs and rank(card) != 3 and any(_neighbours(card, c) for c in hand))
    frozen = state.is_pile_frozen_for(nxt)
    # an open pile goes to the next side with a card that fits its melds: worse than a broken pair;
    # against a frozen pile it needs a natural pair, rarer in a rank it has melded: a broken pair is worse
    feeds = int(rank(card) not in their_ranks) if frozen else int(rank(card) in reached)
    samba_end = int(runs and card in _next_samba_ends(state))
    pair = int(same == 2 and rank(card) != 3)
    first, second = (pair, feeds) if frozen else (feeds, pair)
    # a card that one of the side's own melds takes grows it toward a canasta: laid off, not thrown away
    # (measured: thrown away it cost more than feeding the next side's melds)
    # Royal's Samba takes a card too: the next of its suit (as the side's meld of threes a three, above)
    ours = int(rank(card) in {m.rank for m in state.melds[team] if m.kind is MeldKind.RANK}
               or (runs and card in _samba_ends(state, team)))
    return (int(WILD[card]), samba_end, three, int(not _blocks(state, action)), ours, first, second, run, same,
            -state.rules.value(card))


REASONS = 7  # the places of ``discard_cost`` that are reasons a teacher would give


def safest_discard(state: State, legal: Sequence[Action]) -> Discard | None:
    """The discard that gives the next side least and breaks no pair (``discard_cost``): lone cards,
    the highest first (they cost the most if the hand is caught); never a wild card while anything
    else can go."""
    discards = [a for a in legal if isinstance(a, Discard) and a.meld is None]  # from the hand
    if not discards:
        return None
    return min(discards, key=lambda a: discard_cost(state, a))


def _unseen_mean(state: State) -> float:
    """The mean value of the cards the player to act cannot see (the decks less its hand and the table)."""
    rules = state.rules
    unseen = Counter(rules.deck())
    unseen.subtract([*state.hands[state.turn], *state.pile, *(c for t in state.red_threes for c in t),
                     *(c for melds in state.melds for m in melds for c in m.cards)])
    total = sum(n for n in unseen.values() if n > 0)
    return sum(rules.value(c) * n for c, n in unseen.items() if n > 0) / total if total else 0.0


def _way_out_totals(state: State, steps: Sequence[Action]) -> list[int] | None:
    """Each side's points for the hand after ``steps`` go out, as the player to act can tell them, or
    ``None`` if they do not go out: the other hands (partner's too) count their cards seen to go in
    (``State.known``) and, for the rest, the mean value of the cards the player cannot see. A hint
    shows the same figures whatever the hidden cards are."""
    from engine.core.scoring import score_hand

    after = state
    for step in steps:
        if not is_legal(after, step):
            return None
        after = apply(after, step)
    if after.phase is Phase.PLAY or after.hands[state.turn]:
        return None
    mean, rules = _unseen_mean(state), state.rules
    hidden = [s for s in range(state.players) if s != state.turn]
    shown = replace(after, hands=tuple(() if s in hidden else h for s, h in enumerate(after.hands)))
    totals = [s.total for s in score_hand(shown)]
    for seat in hidden:
        known = state.known[seat] if state.known else ()
        held = sum(rules.value(c) for c in known) + mean * (len(state.hands[seat]) - len(known))
        totals[state.team_of(seat)] -= 5 * round(held / 5)
    return totals


def _way_out_margin(state: State, steps: Sequence[Action]) -> int | None:
    """The hand's margin for the side (its points minus the best other side's) after ``steps``
    go out, as the player to act can tell it (``_way_out_totals``), or ``None`` if they do not."""
    team = state.team_of(state.turn)
    totals = _way_out_totals(state, steps)
    if totals is None:
        return None
    return totals[team] - max(t for i, t in enumerate(totals) if i != team)


def ways_out(state: State, legal: Sequence[Action], budget: int = 300) -> list[tuple[int, tuple[Action, ...]]]:
    """Every way out the search and the legal melds show, each with its margin, the best first:
    the plan's own, and sequences of up to three melds (lay-offs one meld at a time are separate
    actions) that leave at most the one card to discard, tried within ``budget`` steps. Where a wild
    card goes, or whether a Samba or a Bolivia is completed, decides hundreds of points."""
    plan = going_out_plan(state)
    if plan is None:
        return []  # the complete search found no way: none of the sequences below goes out either
    candidates: list[tuple[Action, ...]] = [
        ((plan.meld,) if plan.meld is not None else ()) + ((Discard(plan.discard),) if plan.discard is not None else ())]
    spent = 0

    def extend(current: State, steps: tuple[Action, ...], moves: Sequence[Action]) -> None:
        nonlocal spent
        hand = current.hands[current.turn]
        if len(hand) == 1 and Discard(hand[0]) in moves:
            candidates.append(steps + (Discard(hand[0]),))
        for action in moves:
            if not isinstance(action, MeldAction) or spent >= budget:
                continue
            spent += 1
            after = apply(current, action)
            if after.phase is not Phase.PLAY or not after.hands[current.turn]:
                candidates.append(steps + (action,))
            elif len(steps) < 2:
                extend(after, steps + (action,), legal_actions(after))

    extend(state, (), legal)
    scored = [(m, c) for c in dict.fromkeys(candidates) if c and (m := _way_out_margin(state, c)) is not None]
    # of the same way out in another order, the wild cards first: a natural card has one meld to go
    # to, a wild card many, so a first step that lays the natural leaves the wild card to be misplaced
    # (a player who stops reading after the first step, or the reference's playouts, which found it)
    return sorted(scored, key=lambda p: (-p[0], len(p[1]), not any(WILD[c] for c in cards_of(p[1][0]))))


def _score_marks(state: State) -> tuple[int, int]:
    """Taktik 14's "nära 18.000 poäng" and "långt efter" as points: within a sixth of the target
    (3 000 of Royal's 18 000) and a sixth of it behind. The text names Royal's figures only; the
    same shares of the other variants' targets are ours."""
    target = state.rules.target
    return target - target // 6, target // 6


def _threatened(state: State) -> bool:
    """Whether another side may go out (its canastas) or is about to (Taktik 15's situation)."""
    team = state.team_of(state.turn)
    return bool(_other_side_close(state)) or any(state.rules.has_canastas_to_go_out(state.melds[t])
                                                 for t in range(len(state.teams)) if t != team)


def _spoils_natural(state: State, action: Action) -> bool:
    """Whether ``action`` lays a wild card onto the side's natural rank meld where that costs a natural
    canasta: onto one already natural (its bonus falls to the mixed one's, 500 to 300 in Classic)
    always; onto one a natural card short of it while the other side cannot go out, when a natural
    card may still come (a teacher's review found "a wild card laid on a natural canasta where another meld
    takes it"; measured, docs/hints.md). With the other side able to go out the canasta now is worth more."""
    if not isinstance(action, MeldAction):
        return False
    rules, team = state.rules, state.team_of(state.turn)
    if rules.natural_canasta_bonus <= rules.mixed_canasta_bonus:
        return False
    for layoff in action.layoffs:
        meld = state.melds[team][layoff.onto]
        if meld.kind is not MeldKind.RANK or meld.wilds or not any(WILD[c] for c in layoff.cards):
            continue
        if meld.size >= rules.canasta_size or (meld.size == rules.canasta_size - 1 and not _threatened(state)):
            return True
    return False


def _toward_canasta(state: State, action: MeldAction) -> tuple[int, int, int]:
    """How far a meld brings the side's unfinished melds toward a canasta, to choose among melds of
    as many cards: the cards it lays on melds that are not canastas yet (on a finished canasta a card
    adds only its points), not spending a wild card on a natural meld one card short of a natural
    canasta, and the size of the biggest unfinished meld it grows. Measured where a lone wild card had
    several places (``bench/hint_quality.py --wilds 41``, docs/hints.md)."""
    rules, melds = state.rules, state.melds[state.team_of(state.turn)]
    grown = [(lay, melds[lay.onto]) for lay in action.layoffs if not rules.is_canasta(melds[lay.onto])]
    short = any(m.kind is MeldKind.RANK and not m.wilds and m.size == rules.canasta_size - 1
                and any(WILD[c] for c in lay.cards) for lay, m in grown)
    return (sum(len(lay.cards) for lay, _ in grown) + len(action.melds), int(not short),
            max((m.size for _, m in grown), default=0))


def _caught_points(state: State) -> int:
    """What the other side's hands would count against it if the hand ended now, as the player to
    act can tell: the cards they hold times the mean value of the cards it cannot see (rounded to 5)."""
    team = state.team_of(state.turn)
    held = sum(len(state.hands[s]) for t, seats in enumerate(state.teams) if t != team for s in seats)
    return 5 * round(held * _unseen_mean(state) / 5)


def _potential(state: State, team: int) -> int:
    """The canasta bonuses a side's unfinished melds promise: each meld's bonus as a canasta times
    the square of how far along it is (the expert's ``levels.estimate`` less the score now)."""
    rules, size, total = state.rules, state.rules.canasta_size, 0.0
    for meld in state.melds[team]:
        if meld.size < size and meld.kind is not MeldKind.BLACK_THREES:
            whole = Meld(meld.cards + (meld.cards[0],) * (size - meld.size), meld.rank,
                         meld.naturals + size - meld.size, meld.wilds, meld.kind)
            total += rules.meld_bonus(whole) * (meld.size / size) ** 2
    return round(total)


def _keep(state: State) -> int:
    """Taktik 1's "minst åtta" of a 15-card hand, as the same share of the variant's hand (six of 11)."""
    return round(8 * state.rules.hand_size / 15)


def _table_worth(state: State, team: int) -> int:
    """The side's melds' worth on the table: their cards and their canasta bonuses."""
    rules = state.rules
    return sum(rules.meld_points(m) + rules.meld_bonus(m) for m in state.melds[team])


_DISCARD_TEXTS: Mapping[str, Text] = {
    "blocks": N_("Discard the {card}: it blocks the pile, so the next player cannot take it."),
    "melded": N_("Discard the {card}: the pile is frozen, and with the other side's meld of {rank_of} few are"
                 " left for {pair} to take it with."),
    "fits_none": N_("Discard the {card}: it fits none of the next side's melds, so to take the pile with it they"
                    " need a pair of it in hand, or one and a wild card; and it breaks no pair."),
    "out_of_reach": N_("Discard the {card}: you already see {seen} cards of its rank, so the next side cannot hold"
                       " the cards they would need to take the pile with it."),
    "lone": N_("Discard the {card}: a lone card breaks no pair, and the highest costs most if it is caught in"
               " your hand."),
    "fits_theirs": N_("Discard the {card}: it fits a meld of the next side, but no other card in your hand is safer."),
    "safest": N_("Discard the {card}: no other card in your hand is safer to give away."),
    "finished": N_("Discard the {card}: it fits only the next side's finished canasta, where it adds no more than"
                   " its points, so it gives them little."),
}


def _special(state: State, legal: list[Action], kind: MeldKind) -> list[MeldAction]:
    return [a for a in legal if isinstance(a, MeldAction) and a.melds and not a.layoffs
            and any(state.rules.make_meld(m).kind is kind for m in a.melds)]
