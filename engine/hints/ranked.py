"""Hints for the player to act: what the rules allow now, and the advice of the tactics section.

``hints(state, seat)`` returns a ranked list of :class:`Hint`. Each names its tip, the concrete
action it suggests (one the judge accepts), the cards to highlight, and an explanation built from
the position's facts. Rule hints say what is possible and why; tactics hints are the tips of seed
000's section "Taktik" (Royal Canasta), each its own detector, each tagged with the variants where
it is good advice (the Samba and threes tips are Royal's alone). The detectors live by concept in
``engine.hints.rules`` (the rules), ``engine.hints.taktik`` (tips 1-11) and ``engine.hints.timing``
(tips 12-15); what they share in ``engine.hints.facts``; their table in ``engine.hints.tips``.
This module holds the API. The strong player's move (the expert's choice) is
:func:`engine.bots.strong.strong_move`: the computer players follow some of the tips, so they sit above.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from engine.core.actions import Action, Discard, MeldAction
from engine.core.cards import WILD, Card, rank, run_place
from engine.hints.facts import REASONS, Hint, Tip, _has, discard_cost, safest_discard, ways_out
from engine.hints.tips import TIPS
from engine.judge.legal import legal_actions
from engine.core.melds import MeldKind
from engine.core.state import State


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

    def rest(card: Card) -> tuple[int, int, int]:
        if runs and rank(card) not in paired:
            return (2, card % 4, run_place(card))
        return (3, run_place(card), card % 4)

    return ordered_hand(hand, rest)


def ordered_hand(hand: Sequence[Card], rest: Callable[[Card], tuple[int, int, int]]) -> list[int]:
    """The hand's indexes with the wild cards first, then the threes (Taktik 3's first two groups),
    then the other cards by ``rest`` (a key whose first number is 2 or more)."""

    def key(index: int) -> tuple[int, int, int]:
        card = hand[index]
        if WILD[card]:
            return (0, card, 0)
        if rank(card) == 3:
            return (1, card, 0)
        return rest(card)

    return sorted(range(len(hand)), key=key)


def contradictions(found: Sequence[Hint], state: State) -> list[tuple[str, str]]:
    """Pairs of hints that advise against each other (``Hint.opposes``): neither's move follows the
    other's advice, one's move is one the other advises against, or one spends a card the other keeps."""
    hand = state.hands[state.turn]
    return [(a.tip, b.tip) for i, a in enumerate(found) for b in found[i + 1:] if a.opposes(b, hand)]


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
        if not any(hint.opposes(k, state.hands[state.turn]) for k in kept):
            kept.append(hint)
    return kept


__all__ = ["Hint", "TIPS", "Tip", "advice", "against", "contradictions", "discard_cost", "hints", "safest_discard", "ways_out"]
