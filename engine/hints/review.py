"""The hints' judgement of a discard made: which discard they rank first instead, and why it gives the
next side less (the post-hand review says it where the next player took the pile right after).

Everything here reads only what the discarding seat could see (its hand, the melds, the pile), as the
hints do: the verdict is the same whatever the hidden cards are.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.actions import Action, Discard
from engine.core.cards import rank
from engine.core.errors import FactValue
from engine.core.i18n import N_, Text
from engine.core.state import State
from engine.hints.facts import REASONS, discard_cost, safest_discard
from engine.hints.ranked import hints
from engine.judge.legal import legal_actions

# Why the advised discard was safer, by the first of ``discard_cost``'s reasons where the discard made
# was worse ({card}: the advised card; {top}: the card discarded, which the next player took the pile
# with; {pair}, {rank_of}: that card's rank).
WHY: dict[str, Text] = {
    "wild": N_("Discarding the {card} instead would have kept your {top}, a wild card, for your melds rather than"
               " handing it to them with the pile."),
    "samba_end": N_("Discarding the {card} would have been safer: the {top} you discarded extends their Samba, so"
                    " they could take the pile with it."),
    "three": N_("Discarding the {card} instead would have kept the {top} in your hand: in Royal Canasta a three is"
                " worth more kept than given away with the pile."),
    "blocks": N_("Discarding the {card}, which blocks the pile, would have kept it from them."),
    "ours": N_("Discarding the {card} instead would have kept the {top} for your own meld, which takes it."),
    "pair": N_("Discarding the {card} instead would have broken no pair: the {top} was one of {pair} in your hand."),
    "feeds": N_("Discarding the {card} would have been safer: the {top} you discarded fits their meld of {rank_of}, so they"
                " could take the pile with it without holding {pair}."),
    "feeds_frozen": N_("Discarding the {card} would have been safer: the pile was frozen, so they needed {pair} to"
                       " take it, and with no meld of {rank_of} on their side more of them may be in their hands."),
}
AS_SAFE: Text = N_("No card in your hand was a safer discard than the {top}.")


@dataclass(frozen=True)
class DiscardVerdict:
    """A discard judged: the discard the hints rank first instead (None: none was safer for a reason),
    and the sentence that says so, with its facts."""

    better: Discard | None
    text: Text
    facts: dict[str, FactValue]


def _places(state: State) -> tuple[str, ...]:
    """The names of ``discard_cost``'s reasons, in its order: against a frozen pile a broken pair
    comes before feeding the next side, against an open one after."""
    frozen = state.is_pile_frozen_for(state.team_of(state.next_seat(state.turn)))
    return ("wild", "samba_end", "three", "blocks", "ours",
            *(("pair", "feeds_frozen") if frozen else ("feeds", "pair")))


def advised_discard(state: State) -> Discard | None:
    """The discard from the hand the hints rank first (the first hint that discards), else the safest."""
    for hint in hints(state):
        if isinstance(hint.action, Discard) and hint.action.meld is None:
            return hint.action
    return safest_discard(state, legal_actions(state))


def judge_discard(state: State, action: Action) -> DiscardVerdict | None:
    """The hints' verdict on ``action``, a discard from the hand in ``state`` (None for any other move):
    the advised discard where the one made is worse for one of ``discard_cost``'s reasons, and why."""
    if not isinstance(action, Discard) or action.meld is not None:
        return None
    facts: dict[str, FactValue] = {"top": action.card, "rank": rank(action.card) or 1}
    better = advised_discard(state)
    if better is None or better.card == action.card:
        return DiscardVerdict(None, AS_SAFE, facts)
    mine, theirs = discard_cost(state, action)[:REASONS], discard_cost(state, better)[:REASONS]
    if mine <= theirs:
        return DiscardVerdict(None, AS_SAFE, facts)
    place = next(i for i, (a, b) in enumerate(zip(mine, theirs)) if a != b)
    return DiscardVerdict(better, WHY[_places(state)[place]], {**facts, "card": better.card})
