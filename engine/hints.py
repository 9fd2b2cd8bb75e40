"""Hints for the player to act: what the rules allow now, and the advice of the tactics section.

``hints(state, seat)`` returns a ranked list of :class:`Hint`. Each names its tip, the concrete
action it suggests (one the judge accepts), the cards to highlight, and an explanation built from
the position's facts. Rule hints say what is possible and why; tactics hints are the tips of seed
000's section "Taktik" (Royal Canasta), each its own detector, each tagged with the variants where
it is good advice (the Samba and threes tips are Royal's alone).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace

from engine.actions import Action, AnswerGoOut, Discard, Draw, MeldAction, TakePile, canonical, cards_of, is_lay_off_only
from engine.cards import BLACK_THREES, JOKER, RED_THREES, WILD, Card, rank, run_place, suit
from engine.errors import FactValue
from engine.game import apply, is_legal
from engine.going_out import going_out_plan
from engine.i18n import NP_, N_, Text, translate_text
from engine.legal import legal_actions
from engine.melds import MeldKind
from engine.rulebook import format_facts
from engine.state import Phase, State

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

    def follows(self, action: Action) -> bool:
        """Whether ``action`` follows this advice (the review of a hand asks); the order the cards
        were picked in does not matter."""
        mine = canonical(action)
        return mine == canonical(self.action) or any(mine == canonical(other) for other in self.others)

    def explanation(self, lang: str = "en") -> str:
        facts = format_facts(self.facts, lang)
        return " ".join(translate_text(t, self.facts, lang).format(**facts) for t in (self.text, *self.more))


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
    nxt = state.team_of(state.next_seat(state.turn))
    ends: set[Card] = set()
    for meld in state.melds[nxt]:
        if meld.kind is MeldKind.SAMBA and not state.rules.is_canasta(meld):
            places = [run_place(c) for c in meld.cards if not WILD[c]]
            ends |= {c for c in state.hands[state.turn] if not WILD[c] and suit(c) == suit(meld.cards[0])
                     and run_place(c) in (min(places) - 1, max(places) + 1)}
    return ends


def _royal_chance(state: State) -> bool:
    """Taktik 7's exception: another side has a meld of threes, a chance at a Royal canasta."""
    team = state.team_of(state.turn)
    return any(m.kind is MeldKind.THREES for t in range(len(state.teams)) if t != team for m in state.melds[t])


def _blocks(state: State, action: Discard) -> bool:
    """Whether the discard stops the next player taking the pile (a black three, Wiener's card
    that fits the other side's complete canasta), where the pile is worth stopping."""
    if len(state.pile) < 2 or WILD[action.card]:
        return False
    after = apply(state, action)
    return after.phase is Phase.DRAW and after.is_pile_blocked()


def _discard_reason(state: State, action: Discard) -> str:
    """What makes ``action`` the safe discard, in the terms :func:`safest_discard` weighs."""
    nxt = state.team_of(state.next_seat(state.turn))
    their_ranks = {m.rank for m in state.melds[nxt] if m.kind is MeldKind.RANK}
    if _blocks(state, action):
        return "blocks"
    if state.is_pile_frozen_for(nxt) and rank(action.card) in their_ranks:
        return "melded"
    if their_ranks and not state.is_pile_frozen_for(nxt):
        return "fits_none"
    return "lone"


def discard_cost(state: State, action: Discard) -> tuple[int, ...]:
    """How much a discard from the hand gives away, most important first. The first seven places
    are the game's reasons (a wild card; the card extending the next side's Samba; a three Taktik 7
    keeps; not blocking a pile worth stopping; a card the side's own meld takes; breaking a natural
    pair; feeding the next side: against a frozen pile a rank it has not melded, against an open pile
    one it has); the rest break ties."""
    card = action.card
    hand = state.hands[state.turn]
    nxt = state.team_of(state.next_seat(state.turn))
    their_ranks = {m.rank for m in state.melds[nxt] if m.kind is MeldKind.RANK}
    runs = _has(state, MeldKind.SAMBA)
    # Taktik 7: a three stays in the hand "såvida det andra laget inte har en chans att bygga en Royal Canasta"
    three = int(_has(state, MeldKind.THREES) and rank(card) == 3 and not _royal_chance(state))
    same = sum(1 for c in hand if not WILD[c] and rank(c) == rank(card))
    # where Sambas are melded, a card with a neighbour of its suit in the hand is a Samba's start
    # (Taktik 3: "arrangera eventuella Sambas")
    run = int(runs and rank(card) != 3 and any(_neighbours(card, c) for c in hand))
    frozen = state.is_pile_frozen_for(nxt)
    # an open pile goes to the next side with a card that fits its melds: worse than a broken pair;
    # against a frozen pile it needs a natural pair, rarer in a rank it has melded: a broken pair is worse
    feeds = int(rank(card) not in their_ranks) if frozen else int(rank(card) in their_ranks)
    samba_end = int(runs and card in _next_samba_ends(state))
    pair = int(same == 2 and rank(card) != 3)
    first, second = (pair, feeds) if frozen else (feeds, pair)
    # a card that one of the side's own melds takes grows it toward a canasta: laid off, not thrown away
    # (measured: thrown away it cost more than feeding the next side's melds)
    ours = int(rank(card) in {m.rank for m in state.melds[state.team_of(state.turn)] if m.kind is MeldKind.RANK})
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


def _review_only(state: State, legal: list[Action]) -> list[Hint]:
    """The hints of the tips that speak only about a move made (``Tip.shown`` false)."""
    return [h for tip in TIPS if not tip.shown and state.rules.name in tip.variants for h in tip.detect(state, legal)]


def advice(state: State, seat: int | None = None) -> list[Hint]:
    """Every tip's advice here: the ranked hints, then the advice a review would hold a move
    against (Taktik 5 about the meld of Samba cards the hand could make). A lesson that teaches
    a tip checks its position with this."""
    found = hints(state, seat)
    if state.is_over() or (seat is not None and seat != state.turn):
        return found
    return found + _review_only(state, legal_actions(state))


def against(state: State, action: Action) -> list[Hint]:
    """The tactics hints a review of the hand may hold ``action`` against, the weightiest first:
    those it does not follow, where a discard counts as against the discard advice only if it is
    worse for a reason (``discard_cost``'s first places), not by a tie-break (a correct black-three
    stopper is no "broken pair", any lone card is as good as another)."""
    out = []
    for hint in advice(state):
        if not hint.tip.startswith("tactics.") or hint.follows(action):
            continue
        if isinstance(action, Discard) and isinstance(hint.action, Discard) and action.meld is None:
            if discard_cost(state, action)[:REASONS] <= discard_cost(state, hint.action)[:REASONS]:
                continue
        out.append(hint)
    return out


# -- rule hints ---------------------------------------------------------------------------------


def _take_pile(state: State, legal: list[Action]) -> Iterator[Hint]:
    takes = [a for a in legal if isinstance(a, TakePile)]
    if not takes or state.phase is not Phase.DRAW:
        return
    # the fewest wild cards (they are worth more kept for a canasta), then the most cards melded
    best = min(takes, key=lambda a: (sum(1 for c in cards_of(a) if WILD[c]), -len(a.melds), -len(a.meld)))
    top = state.pile[-1]
    facts: dict[str, FactValue] = {"count": len(state.pile), "top": top}
    if best.onto is not None:
        text: Text = NP_("You can take the pile ({count} card): the {top} on top goes onto your side's meld.",
                         "You can take the pile ({count} cards): the {top} on top goes onto your side's meld.")
        yield Hint("rule.take_pile", best, (top,), text, facts, 2 + len(state.pile) / 4)
        return
    facts["cards"] = tuple(best.meld)
    frozen = state.is_pile_frozen_for(state.team_of(state.turn))
    text = (NP_("You can take the pile ({count} card) although it is frozen: you hold {cards} to meld with the {top}.",
                "You can take the pile ({count} cards) although it is frozen: you hold {cards} to meld with the {top}.")
            if frozen else NP_("You can take the pile ({count} card): meld the {top} on top with {cards}.",
                               "You can take the pile ({count} cards): meld the {top} on top with {cards}."))
    yield Hint("rule.take_pile", best, cards_of(best), text, facts, 2 + len(state.pile) / 4)


def _draw(state: State, legal: list[Action]) -> Iterator[Hint]:
    """Why the pile cannot be taken now, when it cannot: the player draws."""
    if state.phase is not Phase.DRAW or any(isinstance(a, TakePile) for a in legal) or Draw() not in legal:
        return
    top = state.top()
    if top is None:
        return
    team = state.team_of(state.turn)
    held = sum(1 for c in state.hands[state.turn] if not WILD[c] and rank(c) == rank(top))
    if state.is_pile_blocked():
        text: Text = N_("The pile is blocked by the {top}: draw from the stock.")
    elif state.is_pile_frozen_for(team) and held < 2 and rank(top) != 3:
        text = N_("The pile is frozen and you do not hold {pair} to meld with the {top}: draw from the stock.")
    else:
        text = N_("The {top} on top fits neither your side's melds nor the cards you hold: draw from the stock.")
    yield Hint("rule.draw", Draw(), (top,), text, {"top": top, "rank": rank(top) or 1}, 0.4)


def _opening(state: State, legal: list[Action]) -> Iterator[Hint]:
    team = state.team_of(state.turn)
    if state.has_opened(team) or state.phase is not Phase.PLAY:
        return
    minimum = state.opening_minimum(team)
    # what opens the side (Royal's lone red threes are melds that do not)
    openings = [a for a in legal if isinstance(a, MeldAction) and a.melds and apply(state, a).has_opened(team)]
    if openings:
        def points_of(action: MeldAction) -> int:
            return sum(state.rules.meld_points(state.rules.make_meld(m)) for m in action.melds)

        runs = _has(state, MeldKind.SAMBA)

        def cost(action: MeldAction) -> tuple[int, ...]:
            cards = action.cards()
            # Sambas need the 7s to jacks, the 8s, 9s and 10s above all (Taktik 5), where the variant has them
            samba_cards = sum(SAMBA_CORE.get(rank(c), 0) for c in cards if not WILD[c]) if runs else 0
            wilds = sum(1 for c in cards if WILD[c])
            if runs and any(state.rules.make_meld(m).kind in (MeldKind.SAMBA, MeldKind.BOLIVIA) for m in action.melds):
                # Taktik 8: "En kraftfull öppning är en del av en Bolivia och en eller flera eventuella
                # Sambas": an opening that holds a Samba or a Bolivia comes first, the most of them
                kinds = sum(1 for m in action.melds if state.rules.make_meld(m).kind in (MeldKind.SAMBA, MeldKind.BOLIVIA))
                return (-kinds, len(cards), wilds, -points_of(action))
            # the fewest wild cards first where no Samba is at stake: one that reaches the minimum beats
            # two (K K ★ before K K 2 ★); in Royal the Samba's cards weigh more (Taktik 5)
            return (0, len(cards), samba_cards, wilds, -points_of(action)) if runs else (0, wilds, len(cards), -points_of(action))

        # The fewest cards that reach the minimum, sparing wild cards, then the most points: showing the
        # biggest opening would teach the learner to empty the hand, against Taktik 1 ("minst åtta
        # eller fler kort").
        best = min(openings, key=cost)
        points = points_of(best)
        yield Hint("rule.opening", best, cards_of(best), N_("Your side needs {minimum} points to open:"
                                                            " {cards} make {points}."),
                   {"minimum": minimum, "cards": cards_of(best), "points": points}, 2.0)
        return
    discard = safest_discard(state, legal)
    if discard is not None:
        yield Hint("rule.opening", discard, (), N_("Your side needs {minimum} points to open and your hand does not"
                                                   " reach them yet: discard and wait for cards."),
                   {"minimum": minimum}, 0.5)


def _way_out_totals(state: State, steps: Sequence[Action]) -> list[int] | None:
    """Each side's points for the hand after ``steps`` go out, or ``None`` if they do not."""
    from engine.scoring import score_hand

    after = state
    for step in steps:
        if not is_legal(after, step):
            return None
        after = apply(after, step)
    if after.phase is Phase.PLAY or after.hands[state.turn]:
        return None
    return [s.total for s in score_hand(after)]


def _way_out_margin(state: State, steps: Sequence[Action]) -> int | None:
    """The hand's margin for the side (its points minus the best other side's) after ``steps``
    go out, or ``None`` if they do not."""
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
    return sorted(scored, key=lambda p: (-p[0], len(p[1])))


_WAY_OUT: Mapping[tuple[bool, bool], Text] = {
    (True, True): N_("You can go out now: meld {cards}, then discard the {card}. The hand ends {points} points"
                     " in your side's favour, the most any way out gives."),
    (True, False): N_("You can go out now: meld {cards}. The hand ends {points} points in your side's favour,"
                      " the most any way out gives."),
    (False, True): N_("You can go out now: discard the {card}. The hand ends {points} points in your side's"
                      " favour."),
}


def _going_out(state: State, legal: list[Action]) -> Iterator[Hint]:
    if state.phase is not Phase.PLAY or state.turn_state.permission is False:
        return
    found = ways_out(state, legal)
    if not found:
        return
    margin, steps = found[0]
    melded = tuple(c for step in steps if isinstance(step, MeldAction) for c in step.cards())
    last = steps[-1] if isinstance(steps[-1], Discard) else None
    facts: dict[str, FactValue] = {"cards": melded, "points": margin}
    if last is not None:
        facts["card"] = last.card
    text = _WAY_OUT[(bool(melded), last is not None)]
    yield Hint("rule.go_out", steps[0], state.hands[state.turn], text, facts, 2.5,
               more=_stay_in(state, facts) + _stay_longer(state, facts))


def _stay_in(state: State, facts: dict[str, FactValue]) -> tuple[Text, ...]:
    """Taktik 13's other half: "kommer du ofta att vilja fortsätta omgången eftersom de mälningar som
    du bygger har mer potential": said beside the way out where the other side cannot go out yet
    and a meld of the side's is one or two cards from a canasta."""
    team = state.team_of(state.turn)
    rules = state.rules
    if _threatened(state):
        return ()
    near = [m for m in state.melds[team] if m.kind is MeldKind.RANK and 1 <= rules.canasta_size - len(m.cards) <= 2]
    if not near:
        return ()
    meld = max(near, key=lambda m: len(m.cards))
    facts.update(rank=meld.rank, count=rules.canasta_size - len(meld.cards))
    return (NP_("Or stay in: the other side cannot go out yet, and your meld of {rank_of} is {count} card from a"
                " canasta; Taktik 13 says melds with more to come are often worth more than going out now.",
                "Or stay in: the other side cannot go out yet, and your meld of {rank_of} is {count} cards from a"
                " canasta; Taktik 13 says melds with more to come are often worth more than going out now."),)


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


def _stay_longer(state: State, facts: dict[str, FactValue]) -> tuple[Text, ...]:
    """Taktik 14's other half: "Den kommer att avgöra om du ska försöka stanna kvar i given en
    längre tid för att samla ihop mera poäng": said beside the way out where the side is far behind,
    nobody is near the end of the game and the other side cannot go out yet."""
    team = state.team_of(state.turn)
    near, far = _score_marks(state)
    leader = max(state.scores)
    behind = max(state.scores[t] for t in range(len(state.teams)) if t != team) - state.scores[team]
    if _threatened(state) or leader >= near or behind < far:
        return ()
    facts.update(behind=behind, target=state.rules.target)
    return (N_("Your side is {behind} points behind and nobody is near {target} yet: Taktik 14 says the score"
               " decides whether to stay in longer and collect more points in this hand."),)


# -- the tactics section of seed 000 --------------------------------------------------------------


def _keep_pairs(state: State, legal: list[Action]) -> Iterator[Hint]:
    """"Det är klokt att behålla dubletter av samma valör när högen är frusen"."""
    if state.phase is not Phase.PLAY or state.freezer() is None:
        return
    hand = state.hands[state.turn]
    counts: dict[int, int] = {}
    for card in hand:
        if not WILD[card] and rank(card) != 3:  # threes are never a pair to take the pile with
            counts[rank(card)] = counts.get(rank(card), 0) + 1
    if not any(n == 2 for n in counts.values()):
        return
    threes_meld = _has(state, MeldKind.THREES)  # a three is no lone card to spare there (Taktik 7)
    singles = [a for a in legal if isinstance(a, Discard) and not WILD[a.card] and counts.get(rank(a.card)) == 1
               and not (threes_meld and rank(a.card) == 3)]
    if singles:
        choice = safest_discard(state, singles) or singles[0]
        pairs = tuple(c for c in hand if not WILD[c] and counts.get(rank(c)) == 2)
        yield Hint("tactics.keep_pairs", choice, pairs, N_("The pile is frozen: keep your pairs, so that you can take it"
                                                           " with a natural pair. Discard a lone card, such as the {card}."),
                   {"card": choice.card}, 1.5,
                   tuple(a for a in legal if not (isinstance(a, Discard) and counts.get(rank(a.card)) == 2)))


def _keep(state: State) -> int:
    """Taktik 1's "minst åtta" of a 15-card hand, as the same share of the variant's hand (six of 11)."""
    return round(8 * state.rules.hand_size / 15)


def _meld_ready(state: State, legal: list[Action]) -> Iterator[Hint]:
    """Past Taktik 1's keeping (the hand at most one card above its eight of fifteen), a meld of
    natural cards ready in the hand goes down before the discard: held, it scores nothing and counts
    against the side if the other side goes out. Measured: it beat the discard in all six such
    Classic and Wiener positions of the stored set. Not in Royal, where 7s to jacks wait for Sambas
    (Taktik 5)."""
    team = state.team_of(state.turn)
    hand = state.hands[state.turn]
    if state.phase is not Phase.PLAY or not state.has_opened(team) or len(hand) > _keep(state) + 1:
        return
    ready = [a for a in legal if isinstance(a, MeldAction) and len(a.melds) == 1 and not a.layoffs
             and not any(WILD[c] or rank(c) == 3 for c in a.cards()) and len(hand) - len(a.cards()) >= 2]
    if ready:
        best = max(ready, key=lambda a: (len(a.cards()), sum(state.rules.value(c) for c in a.cards())))
        yield Hint("tactics.meld_ready", best, cards_of(best),
                   NP_("Meld {cards} before you discard: with {count} card in your hand there is little left to keep"
                       " back, and a meld held in the hand counts against you if the other side goes out.",
                       "Meld {cards} before you discard: with {count} cards in your hand there is little left to keep"
                       " back, and a meld held in the hand counts against you if the other side goes out."),
                   {"cards": cards_of(best), "count": len(hand)}, 1.2,
                   tuple(a for a in legal if isinstance(a, MeldAction) and a != best))


def _keep_cards(state: State, legal: list[Action]) -> Iterator[Hint]:
    """"Hans hand bör innehålla minst åtta eller fler kort ... tre femmor ... bättre att använda dem senare"."""
    team = state.team_of(state.turn)
    if state.phase is not Phase.PLAY or not state.has_opened(team):
        return
    others_close = any(state.canastas(t) for t in range(len(state.teams)) if t != team)
    if others_close:
        return  # near the other side's going out, melding sheds points that would count against us
    hand = state.hands[state.turn]
    keep = _keep(state)
    if len(hand) <= keep + 1:
        return  # a hand already this small has nothing left to keep back (and its ready melds go down)
    # a meld of threes is Taktik 6's and 7's business (and red threes come back as replacements)
    small = [a for a in legal if isinstance(a, MeldAction) and a.melds and len(hand) - len(a.cards()) < keep
             and sum(state.rules.value(c) for c in a.cards()) <= 15 and any(rank(c) != 3 for c in a.cards())
             and len(a.cards()) < len(hand) - 1]  # the meld that goes out is going out's business
    discard = safest_discard(state, legal)
    if small and discard is not None:
        others = tuple(a for a in legal if isinstance(a, Discard) or (isinstance(a, MeldAction) and a not in small))
        text = NP_("Keep {count} card or more while the other side cannot go out: melding {cards} for {points}"
                   " points would leave you fewer cards to build with, and it can wait.",
                   "Keep {count} cards or more while the other side cannot go out: melding {cards} for {points}"
                   " points would leave you fewer cards to build with, and it can wait.")
        cards = cards_of(small[0])
        yield Hint("tactics.keep_cards", discard, cards, text,
                   {"count": keep, "cards": cards, "points": sum(state.rules.value(c) for c in cards)}, 1.2, others)


def _joker_first(state: State, legal: list[Action]) -> Iterator[Hint]:
    """"När du ska lägga till ett vilt kort till en av dina mälningar och kan välja mellan en joker
    eller en tvåa, använd jokern": said when a wild card completes a canasta, the moment a wild card
    goes onto a meld (otherwise the hint would urge a wild card onto some meld every turn)."""
    if state.phase is not Phase.PLAY:
        return
    hand = state.hands[state.turn]
    twos = [c for c in hand if WILD[c] and c != JOKER]
    if JOKER not in hand or not twos:
        return
    rules = state.rules
    melds = state.melds[state.team_of(state.turn)]
    for action in legal:
        if not isinstance(action, MeldAction) or not is_lay_off_only(action):
            continue
        layoff = action.layoffs[0]
        if len(action.layoffs) != 1 or layoff.cards != (twos[0],) or len(melds[layoff.onto].cards) != rules.canasta_size - 1:
            continue
        joker = MeldAction(layoffs=(type(layoff)(layoff.onto, (JOKER,)),))
        target = melds[layoff.onto]
        natural = next((c for c in hand if not WILD[c] and target.kind is MeldKind.RANK and rank(c) == target.rank), None)
        if natural is not None and target.wilds == 0:
            continue  # the natural card completes it as a natural canasta: no wild card belongs there
        if is_legal(state, joker):
            others = tuple(a for a in legal if a != action)  # only adding the two goes against it
            yield Hint("tactics.joker_first", joker, (JOKER,), N_("Add a joker rather than a two: it counts 50"
                                                                  " melded, and the two costs less if it stays"
                                                                  " in your hand."), {}, 0.8, others)
            return


def _wild_to_meld(state: State, legal: list[Action]) -> Iterator[Hint]:
    """A wild card held where a mixed meld of the side can take it: onto the meld nearest a
    canasta. Taktik 11's reason ("mindre poäng dras av om dina motspelare gör utgång och du håller
    det andra vilda kortet på handen"): melded it counts for the side, held it counts against it;
    on a meld that already holds a wild card no natural canasta is lost. Not in Royal, where wild
    cards are kept for a Bolivia (Taktik 8). Measured: in the reference's judgement of the stored
    positions it beat the safe discard in 17 of 21 Classic, Wiener and Swedish ones; onto a meld of
    three, still four cards from a canasta, it did not (even, and three of its losses)."""
    team = state.team_of(state.turn)
    if state.phase is not Phase.PLAY or not state.has_opened(team) or _has(state, MeldKind.BOLIVIA):
        return
    hand = state.hands[state.turn]
    if len(hand) < 3:
        return  # near going out: the way out's and not-out-yet's business
    melds = state.melds[team]
    size = state.rules.canasta_size
    layoffs = [a for a in legal if isinstance(a, MeldAction) and not a.melds and len(a.layoffs) == 1
               and len(a.layoffs[0].cards) == 1 and WILD[a.layoffs[0].cards[0]]
               and melds[a.layoffs[0].onto].wilds > 0 and size - 3 <= len(melds[a.layoffs[0].onto].cards) < size - 1]
    if not layoffs:
        return
    # the meld nearest a canasta, the joker before a two (Taktik 11)
    best = max(layoffs, key=lambda a: (len(melds[a.layoffs[0].onto].cards), a.layoffs[0].cards[0] == JOKER))
    meld = melds[best.layoffs[0].onto]
    card = best.layoffs[0].cards[0]
    others = tuple(a for a in legal if isinstance(a, MeldAction) and a != best) + _meanwhile(state, legal, best)
    yield Hint("tactics.wild_to_meld", best, (card,),
               NP_("Add the {card} to your meld of {rank_of}: it is then {count} card from a canasta. Melded, a wild"
                   " card counts for your side; held, it counts against you if the other side goes out.",
                   "Add the {card} to your meld of {rank_of}: it is then {count} cards from a canasta. Melded, a wild"
                   " card counts for your side; held, it counts against you if the other side goes out."),
               {"card": card, "rank": meld.rank, "count": size - len(meld.cards) - 1}, 1.25, others)


def _dont_rush_pile(state: State, legal: list[Action]) -> Iterator[Hint]:
    """"Ha inte för bråttom med att ta upp sakhögen. Den innehåller bara några få kort som inte är
    så viktiga för din hand": a pile of two cards or fewer; where the stock gives two cards, not
    counting black threes that only burden the hand (Royal's build a Royal canasta). Measured: with
    one card from the stock, a pile of three with a black three was still worth taking."""
    if state.phase is not Phase.DRAW or not state.stock:
        return
    dead = 0 if _has(state, MeldKind.THREES) or state.rules.draw_count < 2 else sum(
        1 for c in state.pile if c in BLACK_THREES)
    worth = len(state.pile) - dead
    if worth > 2:
        return
    if any(isinstance(a, TakePile) for a in legal) and state.has_opened(state.team_of(state.turn)):
        text = NP_("The pile holds only {count} card: drawing from the stock may do more for your hand.",
                   "The pile holds only {count} cards: drawing from the stock may do more for your hand.")
        if dead:
            text = NP_("The pile holds only {count} card worth having; its black threes would only burden your hand:"
                       " drawing from the stock may do more for it.",
                       "The pile holds only {count} cards worth having; its black threes would only burden your hand:"
                       " drawing from the stock may do more for it.")
        yield Hint("tactics.dont_rush_pile", Draw(), (), text, {"count": worth}, 1.1,
                   tuple(a for a in legal if not isinstance(a, TakePile)))


RICH = 6  # a pile this big is worth taking, and denying: in the reference's judgement of the
# stored positions taking one beat drawing in 10 of 11 (bench/hint_quality.py's cache)


def _take_pile_now(state: State, legal: list[Action]) -> Iterator[Hint]:
    """Taktik 12's other half: "de bästa spelarna är de som kan hindra motspelarna från att ta
    sakhögen när de tar den själva vid rätt tillfälle": a rich pile that can be taken, taken now."""
    if state.phase is not Phase.DRAW or len(state.pile) < RICH:
        return
    take = next((h for h in _take_pile(state, legal)), None)
    if take is not None:
        yield Hint("tactics.take_pile", take.action, take.cards,
                   NP_("Take the pile now: its {count} card builds your melds, and the other side will not get"
                       " it. The best players take the pile at the right moment.",
                       "Take the pile now: its {count} cards build your melds, and the other side will not get"
                       " them. The best players take the pile at the right moment."),
                   {"count": len(state.pile)}, take.weight + 0.1, take.others)


def _deny_pile(state: State, legal: list[Action]) -> Iterator[Hint]:
    """Taktik 12's other half at the discard: with a rich pile, the discard that keeps it from the
    next side (the safe discard, with its reason)."""
    if state.phase is not Phase.PLAY or len(state.pile) < RICH:
        return
    choice = safest_discard(state, legal)
    if choice is None or len({a.card for a in legal if isinstance(a, Discard)}) < 2:
        return
    others = tuple(a for a in legal if isinstance(a, MeldAction))  # melding first goes on to this discard
    yield Hint("tactics.deny_pile", choice, (choice.card,),
               NP_("The pile holds {count} card: the best players keep the other side from taking it.",
                   "The pile holds {count} cards: the best players keep the other side from taking it."),
               {"card": choice.card, "rank": rank(choice.card) or 1, "count": len(state.pile)}, 0.35, others,
               more=(_DISCARD_TEXTS[_discard_reason(state, choice)],))


def _samba_cards(state: State, legal: list[Action]) -> Iterator[Hint]:
    """"Varje Samba ... innehåller en åtta, nia och en tia ... undvika att mäla sjuor och knektar":
    one hint for each rank meld of those cards, objecting to that meld alone (the review asks it
    about the meld the learner made)."""
    if state.phase is not Phase.PLAY or _other_side_close(state):
        return  # with the other side about to go out, melding cards beats saving them (Taktik 15)
    team = state.team_of(state.turn)
    # the opening the rule hint shows spares Samba cards where any opening can (Taktik 5 and 8)
    opening = tuple(h.action for h in _opening(state, legal) if isinstance(h.action, MeldAction))
    risky = [a for a in legal if isinstance(a, MeldAction) and a.melds and not a.layoffs and a not in opening
             and all(state.rules.make_meld(m).kind is MeldKind.RANK and rank(next(c for c in m if not WILD[c])) in (7, 8, 9, 10, 11)
                     for m in a.melds)
             # a meld that completes a canasta has paid for its cards
             and apply(state, a).canastas(team) == state.canastas(team)
             and len(a.cards()) < len(state.hands[state.turn]) - 1]  # the meld that goes out is going out's
    discard = safest_discard(state, legal)
    for meld in risky if discard is not None else ():
        cards = cards_of(meld)
        yield Hint("tactics.samba_cards", discard, cards, N_("Every Samba needs an 8, a 9 and a 10 (and 7s and jacks help):"
                                                             " melding {cards} as a rank meld may cost a Samba later."),
                   {"cards": cards}, 1.3, tuple(a for a in legal if a != meld))


def _meld_red_threes(state: State, legal: list[Action]) -> Iterator[Hint]:
    """"Mäla dina röda treor så snart som möjligt så att din partner / dina partners vet"."""
    if state.phase is not Phase.PLAY:
        return
    reds = tuple(c for c in state.hands[state.turn] if c in RED_THREES)
    team = state.team_of(state.turn)

    def melded(t: int) -> int:
        return sum(1 for m in state.melds[t] if m.kind is MeldKind.THREES for c in m.cards if c in RED_THREES)

    ours, theirs = melded(team), max((melded(t) for t in range(len(state.teams)) if t != team), default=0)
    # "det kan ändras beroende på hur de spelar omgången, till exempel om de stannar i eller inte":
    # once the other side can go out, the red three held back would cost 500 in the hand
    if reds and ours >= 3 and theirs in (1, 2) and not _other_side_close(state):
        # "skulle du kunna hålla på din fjärde röda trea så att inte motståndarna vet sitt öde"
        keep = [a for a in legal if not (isinstance(a, MeldAction) and any(c in RED_THREES for c in a.cards()))
                and not (isinstance(a, Discard) and a.card in RED_THREES)]  # holding back is not throwing away
        choice = safest_discard(state, keep) or (keep[0] if keep else None)
        if choice is not None:
            yield Hint("tactics.meld_red_threes", choice, reds, N_("Your side has melded {ours} red threes and the other"
                                                                   " side {theirs}: you could hold back this one, so that"
                                                                   " they do not know their fate."),
                       {"ours": ours, "theirs": theirs}, 1.0, tuple(keep))
        return
    for action in legal:
        if isinstance(action, MeldAction) and action.cards() and all(c in RED_THREES for c in action.cards()):
            yield Hint("tactics.meld_red_threes", action, reds, N_("Meld your red threes early, so that your partners see"
                                                                   " where the Super Royal canasta stands."), {}, 1.4,
                       _meanwhile(state, legal, action))
            return


def _keep_threes(state: State, legal: list[Action]) -> Iterator[Hint]:
    """"Undvik att saka en svart eller röd trea såvida det andra laget inte har en chans att bygga en Royal Canasta"."""
    if state.phase is not Phase.PLAY:
        return
    team = state.team_of(state.turn)
    threes = [c for c in state.hands[state.turn] if c in RED_THREES or c in BLACK_THREES]
    others_threes = any(m.kind is MeldKind.THREES for t in range(len(state.teams)) if t != team for m in state.melds[t])
    # a red three that can be melded now is tip 6's ("Mäla dina röda treor så snart som möjligt"):
    # "keep your threes" would muddle it; black threes, and red ones that cannot go down, are this tip's
    meldable = _meldable(legal)
    if others_threes or all(c in RED_THREES and c in meldable for c in threes):
        return
    other = [a for a in legal if isinstance(a, Discard) and a.card not in RED_THREES and a.card not in BLACK_THREES]
    choice = safest_discard(state, other)
    kept = tuple(c for c in threes if not (c in RED_THREES and c in meldable))
    if choice is not None:
        text: Text = N_("Keep your threes: the other side has no meld of threes to build a Royal canasta, so discard"
                        " the {card} instead.")
        if any(c in RED_THREES for c in threes) and all(c in BLACK_THREES for c in kept):
            # the red ones go down (Taktik 6): "keep your threes" beside "meld your red threes" would muddle it
            text = NP_("Keep your black three: the other side has no meld of threes to build a Royal canasta, so"
                       " discard the {card} instead.",
                       "Keep your black threes: the other side has no meld of threes to build a Royal canasta, so"
                       " discard the {card} instead.")
        yield Hint("tactics.keep_threes", choice, kept, text, {"card": choice.card, "count": len(kept)}, 0.9,
                   tuple(a for a in legal if not (isinstance(a, Discard) and a not in other)))


def _opening_order(state: State, legal: list[Action]) -> Iterator[Hint]:
    """"försök att använda essen först, sedan fyrorna, sedan kungarna, sedan femmorna etc."."""
    team = state.team_of(state.turn)
    if state.phase is not Phase.PLAY or state.has_opened(team):
        return
    # The tip is about opening with rank melds ("grupper med kort av samma valör"): a Bolivia or a
    # Samba is tip 8's, and a meld of wild cards alone spends no rank at all.
    rules = state.rules
    openings = [a for a in legal if isinstance(a, MeldAction) and a.melds and not a.layoffs
                and all(rules.make_meld(m).kind is MeldKind.RANK for m in a.melds)]
    # with a Bolivia to open with, tip 8 ("En kraftfull öppning är en del av en Bolivia") speaks instead:
    # the two would otherwise advise against each other's opening
    if len(openings) < 2 or any(_strong_opening(state, legal)):
        return
    order = {1: 0, 4: 1, 13: 2, 5: 3, 12: 4, 6: 5, 11: 6, 7: 7}

    def spends(action: MeldAction) -> tuple[int, ...]:
        return tuple(sorted(order.get(rank(next(c for c in m if not WILD[c])), 9) for m in action.melds))

    best = min(openings, key=spends)
    same = tuple(a for a in openings if spends(a) == spends(best))  # the same ranks, other wild cards
    yield Hint("tactics.opening_order", best, cards_of(best), N_("To open, spend aces first, then 4s, kings, 5s …:"
                                                                  " points now, while keeping what a partner's Samba"
                                                                  " may need."), {}, 1.6, same)


def _not_out_yet(state: State, legal: list[Action]) -> Iterator[Hint]:
    """Why going out is not allowed yet, when the hand is nearly gone."""
    team = state.team_of(state.turn)
    if state.phase is not Phase.PLAY or len(state.hands[state.turn]) > 3 or state.can_go_out(team):
        return
    if any(_going_out(state, legal)):
        return  # the melds that go out complete the canastas it needs: going out is allowed after all
    # the card to keep back is one that cannot go down anyway; what can go down, should (Taktik 15)
    meldable = _meldable(legal)
    spare = [a for a in legal if isinstance(a, Discard) and a.card not in meldable]
    action = safest_discard(state, spare or legal)
    if action is not None:
        text: Text = NP_("You may not go out yet: your side needs {count} canasta first, so keep a card after melding.",
                         "You may not go out yet: your side needs {count} canastas first, so keep a card after melding.")
        if _has(state, MeldKind.SAMBA):
            text = N_("You may not go out yet: your side needs two canastas, one of them a Samba, so keep a card"
                      " after melding.")
        hand = len(state.hands[state.turn])  # melding first is fine while it leaves a card besides the discard
        keeps = tuple(a for a in legal if isinstance(a, MeldAction) and hand - len(a.cards()) >= 2)
        if keeps:  # what can go down, should (Taktik 15): the meld first, the most cards, then the discard
            first = max(keeps, key=lambda a: len(a.cards()))
            keeps, action = (action, *(a for a in keeps if a != first)), first
        yield Hint("rule.not_out_yet", action, (), text, {"count": state.rules.canastas_to_go_out}, 1.8, keeps)


def _table_worth(state: State, team: int) -> int:
    """The side's melds' worth on the table: their cards and their canasta bonuses."""
    rules = state.rules
    return sum(rules.meld_points(m) + rules.meld_bonus(m) for m in state.melds[team])


def _complete_canasta(state: State, legal: list[Action]) -> Iterator[Hint]:
    """A meld that completes a canasta, the one worth most: a natural card before a wild one (a
    natural canasta's bonus is the larger), so the learner sees what the canasta is worth."""
    if state.phase is not Phase.PLAY:
        return
    team = state.team_of(state.turn)
    hand = len(state.hands[state.turn])
    rules = state.rules
    before, worth = state.canastas(team), _table_worth(state, team)
    bonus = sum(rules.meld_bonus(m) for m in state.melds[team])
    found = []
    for action in legal:
        if isinstance(action, MeldAction) and hand - len(action.cards()) >= 1:
            after = apply(state, action)
            if after.canastas(team) > before:  # the largest bonus gained, with the fewest cards
                gain = sum(rules.meld_bonus(m) for m in after.melds[team]) - bonus
                found.append((gain, -len(action.cards()), _table_worth(after, team) - worth, action))
    if found:
        _, _, points, best = max(found, key=lambda f: (f[0], f[1]))
        yield Hint("tactics.complete_canasta", best, cards_of(best),
                   N_("Meld {cards}: it completes a canasta, {points} points more on the table for your side."),
                   {"cards": cards_of(best), "points": points}, 1.9,
                   tuple(a for a in legal if isinstance(a, MeldAction)))


def _answer(state: State, legal: list[Action]) -> Iterator[Hint]:
    """Partner asks "may I go out?": yes where the points left in this hand cost the side less than
    the going-out bonus it gains (and the other side's hands are caught), no where they cost more and
    the hand can still be melded down (seed 001: the answer binds)."""
    if state.phase is not Phase.ANSWER:
        return
    rules = state.rules
    points = sum(rules.value(c) for c in state.hands[state.turn])
    yes = points < rules.going_out_bonus
    action = AnswerGoOut(yes)
    if action not in legal:
        return
    text = (N_("Answer yes: the {points} points left in your hand cost your side less than the {reward} points for going"
               " out, and the other side is caught with its cards.") if yes else
            N_("Answer no: the {points} points left in your hand would count against your side, more than the"
               " {reward} points for going out; meld them first."))
    yield Hint("tactics.answer", action, (), text, {"points": points, "reward": rules.going_out_bonus}, 2.0)


_DISCARD_TEXTS: Mapping[str, Text] = {
    "blocks": N_("Discard the {card}: it blocks the pile, so the next player cannot take it."),
    "melded": N_("Discard the {card}: the pile is frozen, and with the other side's meld of {rank_of} few are"
                 " left for {pair} to take it with."),
    "fits_none": N_("Discard the {card}: it fits none of the next side's melds, so it does not give them the"
                    " pile, and it breaks no pair."),
    "lone": N_("Discard the {card}: a lone card breaks no pair, and the highest costs most if it is caught in"
               " your hand."),
}


def _safe_discard(state: State, legal: list[Action]) -> Iterator[Hint]:
    """Advice at the everyday discard, where no tip speaks about it: the safest card and why."""
    if state.phase is not Phase.PLAY:
        return
    choice = safest_discard(state, legal)
    if choice is None or len({a.card for a in legal if isinstance(a, Discard)}) < 2:
        return
    others = tuple(a for a in legal if isinstance(a, MeldAction))  # melding first goes on to this discard
    yield Hint("tactics.safe_discard", choice, (choice.card,), _DISCARD_TEXTS[_discard_reason(state, choice)],
               {"card": choice.card, "rank": rank(choice.card) or 1}, 0.3, others)


def _special(state: State, legal: list[Action], kind: MeldKind) -> list[MeldAction]:
    return [a for a in legal if isinstance(a, MeldAction) and a.melds and not a.layoffs
            and any(state.rules.make_meld(m).kind is kind for m in a.melds)]


def _sambas_win(state: State, legal: list[Action]) -> Iterator[Hint]:
    """"Det lag som strävar efter att bygga röda och svarta Canastas kommer att förlora till laget
    som går in för att göra Sambas": when a run of a suit could go down as a Samba."""
    if state.phase is not Phase.PLAY or not state.has_opened(state.team_of(state.turn)):
        return
    sambas = _special(state, legal, MeldKind.SAMBA)
    if sambas:
        best = max(sambas, key=lambda a: len(a.cards()))
        yield Hint("tactics.sambas_win", best, cards_of(best), N_("A side that builds Sambas beats one that builds rank"
                                                                   " canastas: meld {cards} as a Samba."),
                   {"cards": cards_of(best)}, 1.7, tuple(sambas) + _meanwhile(state, legal, best))


def _secret_samba(state: State, legal: list[Action]) -> Iterator[Hint]:
    """"Om du i hemlighet försöker att bygga en Samba på handen, kanske en av dina partners kommer
    att saka kortet": a run kept in the hand while the side could show it."""
    team = state.team_of(state.turn)
    if state.phase is not Phase.PLAY or not state.has_opened(team) or not state.partners(state.turn):
        return
    sambas = _special(state, legal, MeldKind.SAMBA)
    if sambas and not any(m.kind is MeldKind.SAMBA for m in state.melds[team]):
        first = min(sambas, key=lambda a: len(a.cards()))
        yield Hint("tactics.secret_samba", first, cards_of(first), N_("A Samba kept secret in your hand may lose the"
                                                                       " cards it needs to your partner's discards:"
                                                                       " show {cards} now."),
                   {"cards": cards_of(first)}, 1.0, tuple(sambas) + _meanwhile(state, legal, first))


def _strong_opening(state: State, legal: list[Action]) -> Iterator[Hint]:
    """"En kraftfull öppning är en del av en Bolivia och en eller flera eventuella Sambas"."""
    team = state.team_of(state.turn)
    if state.phase is not Phase.PLAY or state.has_opened(team):
        return
    hand = state.hands[state.turn]
    wilds = [c for c in hand if WILD[c]]
    bolivias = _special(state, legal, MeldKind.BOLIVIA)
    if len(wilds) >= state.rules.min_meld and bolivias:
        # open with the Bolivia itself, with the most besides it (Sambas, rank melds of naturals)
        action = max(bolivias, key=lambda a: (len(a.melds), len(a.cards())))
        yield Hint("tactics.strong_opening", action, tuple(wilds), NP_("Your {count} wild card is the start of a"
                                                                       " Bolivia: a strong opening holds one, with"
                                                                       " Sambas; keep it for that.",
                                                                       "Your {count} wild cards are the start of a"
                                                                       " Bolivia: a strong opening holds one, with"
                                                                       " Sambas; keep them together for it."),
                   {"count": len(wilds)}, 1.0, tuple(bolivias) + _meanwhile(state, legal, action))


def _going_out_time(state: State, legal: list[Action]) -> Iterator[Hint]:
    """"Du väljer att gå ut för att förhindra att dina motspelare kompletterar stora mälningar"."""
    if state.phase is not Phase.PLAY:
        return
    team = state.team_of(state.turn)
    rules = state.rules
    theirs = max((sum(rules.meld_points(m) for m in state.melds[t]) for t in range(len(state.teams)) if t != team),
                 default=0)
    ours = sum(rules.meld_points(m) for m in state.melds[team])
    if theirs < ours or not state.can_go_out(team):
        return
    found = ways_out(state, legal)
    if found:
        action = found[0][1][0]
        yield Hint("tactics.going_out_time", action, state.hands[state.turn], N_("The other side's melds ({points} points)"
                                                                                 " outgrow yours: going out now stops them"
                                                                                 " and catches the cards in their hands."),
                   {"points": theirs}, 2.6)


def _watch_score(state: State, legal: list[Action]) -> Iterator[Hint]:
    """Taktik 14: "Var alltid uppmärksam på poängställningen under spelets gång ... Om det andra
    laget är nära 18.000 poäng vid början av given och ditt lag är långt efter, kan din bästa chans
    ... vara att få din Samba och en Canasta och gå ut": a way out that wins the game is taken; near
    the other side's win, the side gets its canastas (the Samba first) and goes out."""
    if state.phase is not Phase.PLAY:
        return
    team = state.team_of(state.turn)
    rules = state.rules
    found = ways_out(state, legal) if state.can_go_out(team) else []
    for _, steps in found:
        totals = _way_out_totals(state, steps)
        game = [s + t for s, t in zip(state.scores, totals or ())]
        if totals is not None and rules.winner(game) == team:
            yield Hint("tactics.watch_score", steps[0], state.hands[state.turn],
                       N_("Going out now brings your side to {total} points, past the {target} that wins the game."),
                       {"total": game[team], "target": rules.target}, 2.7)
            return
    near, far = _score_marks(state)
    leader = max(state.scores[t] for t in range(len(state.teams)) if t != team)
    if leader < near or leader - state.scores[team] < far:
        return
    melds = [a for a in legal if isinstance(a, MeldAction)]
    sambas = _special(state, legal, MeldKind.SAMBA)
    # the text's own move: the Samba first where one can go down, then the most cards
    action: Action | None = found[0][1][0] if found else (
        max(sambas or melds, key=lambda a: len(a.cards())) if melds else safest_discard(state, legal))
    text = (N_("The other side is near {target} and far ahead: get your Samba and a canasta and go out before"
               " they can win.") if _has(state, MeldKind.SAMBA) else
            NP_("The other side is near {target} and far ahead: get the {count} canasta you need and go out before"
                " they can win.", "The other side is near {target} and far ahead: get the {count} canastas you need"
                " and go out before they can win."))
    if action is not None and is_legal(state, action):
        yield Hint("tactics.watch_score", action, (), text, {"target": rules.target, "count": rules.canastas_to_go_out},
                   2.2, tuple(a for a in legal if isinstance(a, MeldAction)))


def _shed_plan(state: State, legal: Sequence[Action], budget: int = 300) -> tuple[Action, ...]:
    """The turn's melds (up to three, lay-offs one meld at a time) that leave the side best off if
    the other side goes out next: what they add on the table (cards and canasta bonuses) minus what
    is left in the hand after the discard. A card to discard is kept; going out is the way out's."""
    team = state.team_of(state.turn)
    rules = state.rules
    worth = _table_worth(state, team)
    best: tuple[int, tuple[Action, ...]] = (-10**9, ())
    spent = 0

    def value(after: State) -> int:
        left = sorted(rules.value(c) for c in after.hands[state.turn])
        return _table_worth(after, team) - worth - sum(left[:-1])  # the highest card goes on the discard

    def extend(current: State, steps: tuple[Action, ...], moves: Sequence[Action]) -> None:
        nonlocal spent, best
        for action in moves:
            if not isinstance(action, MeldAction) or spent >= budget:
                continue
            spent += 1
            after = apply(current, action)
            if after.phase is not Phase.PLAY or len(after.hands[state.turn]) < 1:
                continue
            plan = steps + (action,)
            score = value(after)
            if score > best[0] or (score == best[0] and len(plan) < len(best[1])):
                best = (score, plan)
            if len(plan) < 3:
                extend(after, plan, legal_actions(after))

    extend(state, (), legal)
    return best[1]


def _shed_cards(state: State, legal: list[Action]) -> Iterator[Hint]:
    """"När motståndarlaget har kompletterat en Canasta och en Samba och åtminstone en av spelarna
    i det laget endast har några få kort kvar ... reducera antalet kort på din hand": the melds of
    the turn that leave the side best off (``_shed_plan``: completing canastas, the richest first,
    then the points left in the hand), shown whole."""
    if state.phase is not Phase.PLAY or not _other_side_close(state):
        return
    plan = _shed_plan(state, legal)
    if plan:
        cards = tuple(c for step in plan for c in cards_of(step))
        yield Hint("tactics.shed_cards", plan[0], cards, N_("The other side can go out any moment: meld as many"
                                                              " cards as you can, such as {cards}."),
                   {"cards": cards}, 2.4, tuple(a for a in legal if isinstance(a, MeldAction)))


TIPS: tuple[Tip, ...] = (
    Tip("rule.go_out", ALL, "rulebook", _going_out),
    Tip("rule.take_pile", ALL, "rulebook", _take_pile),
    Tip("rule.draw", ALL, "rulebook", _draw),
    Tip("rule.opening", ALL, "rulebook", _opening),
    Tip("rule.not_out_yet", ALL, "rulebook", _not_out_yet),
    Tip("tactics.safe_discard", ALL, "pagat.com", _safe_discard),
    Tip("tactics.complete_canasta", ALL, "rulebook", _complete_canasta),
    Tip("tactics.answer", ALL, "000 Taktik", _answer),
    Tip("tactics.keep_pairs", ALL, "000 Taktik", _keep_pairs),
    Tip("tactics.keep_cards", ALL, "000 Taktik", _keep_cards),
    Tip("tactics.meld_ready", ALL - ROYAL, "000 Taktik 1's other side; measured", _meld_ready),
    Tip("tactics.joker_first", ALL, "000 Taktik", _joker_first),
    Tip("tactics.wild_to_meld", ALL - ROYAL, "000 Taktik 11's reason; measured", _wild_to_meld),
    Tip("tactics.dont_rush_pile", ALL, "000 Taktik", _dont_rush_pile),
    Tip("tactics.take_pile", ALL, "000 Taktik", _take_pile_now),
    Tip("tactics.deny_pile", ALL, "000 Taktik", _deny_pile),
    # Taktik 5 warns against melding Samba cards: said about a meld the learner makes, not as advice
    # against a meld nobody proposed
    Tip("tactics.samba_cards", ROYAL, "000 Taktik", _samba_cards, shown=False),
    Tip("tactics.meld_red_threes", ROYAL, "000 Taktik", _meld_red_threes),
    Tip("tactics.keep_threes", ROYAL, "000 Taktik", _keep_threes),
    Tip("tactics.opening_order", ROYAL, "000 Taktik", _opening_order),
    Tip("tactics.sambas_win", ROYAL, "000 Taktik", _sambas_win),
    Tip("tactics.secret_samba", ROYAL, "000 Taktik", _secret_samba),
    Tip("tactics.strong_opening", ROYAL, "000 Taktik", _strong_opening),
    Tip("tactics.going_out_time", ALL, "000 Taktik", _going_out_time),
    Tip("tactics.watch_score", ALL, "000 Taktik", _watch_score),
    Tip("tactics.shed_cards", ALL, "000 Taktik", _shed_cards),
)


_STRONG: Mapping[str, Text] = {
    "out": N_("A strong player would go out now, melding {cards}."),
    "canasta": N_("A strong player would meld {cards}: it completes a canasta."),
    "meld": N_("A strong player would meld {cards}."),
    "take": N_("A strong player would take the pile and the {top} on top with it."),
    "draw": N_("A strong player would draw from the stock."),
    "discard": N_("A strong player would discard the {card}."),
    "other": N_("A strong player would do this."),
}


def _what_it_does(state: State, action: Action) -> tuple[str, dict[str, FactValue]]:
    """What the strong player's move achieves, in the game's terms, and the facts to say it."""
    team = state.team_of(state.turn)
    if isinstance(action, MeldAction):
        after = apply(state, action)
        if not after.hands[state.turn] or after.phase is not Phase.PLAY:
            return "out", {"cards": action.cards()}
        if after.canastas(team) > state.canastas(team):
            return "canasta", {"cards": action.cards()}
        return "meld", {"cards": action.cards()}
    if isinstance(action, TakePile):
        return "take", {"top": state.pile[-1]}
    if isinstance(action, Draw):
        return "draw", {}
    if isinstance(action, Discard):
        return "discard", {"card": action.card}
    return "other", {}


def strong_move(state: State, budget_ms: float = 300.0, seed: int = 0) -> Hint | None:
    """What a strong player would do here: the expert bot's choice, what it achieves, and the
    points its playouts gave it over the next best, shown only with their error bar and only where
    the edge is beyond twice that (a margin inside the noise swings from one run to the next).
    Costs the budget; not part of ``hints``."""
    from engine.bots import observe
    from engine.levels import ExpertBot

    if state.is_over():
        return None
    legal = legal_actions(state)
    bot = ExpertBot(budget_ms)
    action = bot.choose(observe(state, state.turn), legal, random.Random(seed))
    kind, facts = _what_it_does(state, action)
    points, error = round(bot.last_edge), round(bot.last_error)
    if error > 0 and points > 2 * error:
        facts.update(points=points, error=error)
        margin: Text = N_("In trial deals it scored {points} ± {error} points more than the next best move.")
    else:
        margin = N_("In trial deals no other move did clearly better.")
    return Hint("expert.choice", action, cards_of(action), _STRONG[kind], facts, 0.0, more=(margin,))


def arranged(state: State, seat: int) -> list[int]:
    """Tip 3 of "Taktik" ("placera de vilda korten tillsammans, alla treor tillsammans, och sedan
    ... arrangera eventuella Sambas"): the order to show a hand in, as indexes into it: wild
    cards, then threes, then (in Royal, toward Sambas) each suit in sequence, else by rank. A pair
    of a rank stays together in Royal too, after the suits: the same Taktik keeps them ("behålla
    dubletter av samma valör när högen är frusen"), and a learner must see them."""
    hand = state.hands[seat]
    runs = _has(state, MeldKind.SAMBA)
    naturals = [rank(c) for c in hand if not WILD[c] and rank(c) != 3]
    paired = {r for r in naturals if naturals.count(r) > 1}

    def key(index: int) -> tuple[int, int, int]:
        card = hand[index]
        if WILD[card]:
            return (0, card, 0)
        if rank(card) == 3:
            return (1, card, 0)
        if runs and rank(card) not in paired:
            return (2, card % 4, run_place(card))
        return (3, run_place(card), card % 4)

    return sorted(range(len(hand)), key=key)


def contradictions(found: Sequence[Hint]) -> list[tuple[str, str]]:
    """Pairs of hints that advise against each other: each one's move goes against the other's advice."""
    return [(a.tip, b.tip) for i, a in enumerate(found) for b in found[i + 1:]
            if not a.follows(b.action) and not b.follows(a.action)]


def hints(state: State, seat: int | None = None) -> list[Hint]:
    """Ranked hints for the player to act (``seat`` must be that player, if given)."""
    if state.is_over() or (seat is not None and seat != state.turn):
        return []
    legal = legal_actions(state)
    found = [hint for tip in TIPS if state.rules.name in tip.variants and tip.shown for hint in tip.detect(state, legal)]
    tactic_openings = [h for h in found if h.tip in ("tactics.opening_order", "tactics.strong_opening")]
    if tactic_openings:
        # Taktik 8 and 10 choose among the openings the rule allows: the rule hint stands below them
        # and any opening they advise follows it
        found = [replace(h, weight=1.5, others=h.others + tuple(t.action for t in tactic_openings) + tuple(
                 o for t in tactic_openings for o in t.others if isinstance(o, MeldAction)))
                 if h.tip == "rule.opening" else h for h in found]
    if any(isinstance(h.action, Discard) for h in found if h.tip != "tactics.safe_discard"):
        found = [h for h in found if h.tip != "tactics.safe_discard"]  # a tip's own discard says more
    if any(isinstance(h.action, Discard) for h in found if h.tip not in ("tactics.safe_discard", "tactics.deny_pile")):
        found = [h for h in found if h.tip != "tactics.deny_pile"]
    if any(h.tip == "tactics.dont_rush_pile" for h in found):
        # Taktik 11 says the pile can be taken but need not be: "you can take the pile" beside it
        # would advise against it (and outrank it)
        found = [h for h in found if h.tip != "rule.take_pile"]
    kept: list[Hint] = []
    for hint in sorted(found, key=lambda h: -h.weight):
        # a hint that advises against a weightier one is left out: the learner is told one thing
        if not contradictions([*kept, hint])[len(contradictions(kept)):]:
            kept.append(hint)
    return kept


__all__ = ["Hint", "TIPS", "advice", "against", "contradictions", "discard_cost", "hints", "safest_discard", "strong_move", "ways_out"]
