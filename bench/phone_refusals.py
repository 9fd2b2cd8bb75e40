"""The refusals a lesson scripts, found on its deal: for a ``[feedback]`` rule, an action the engine
refuses with it (tried among the learner's possible melds, lay-offs, takes of the pile and draws, on the
deal or after its draw), for the phone check to tap."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from engine.core.actions import Action, Discard, Draw, Layoff, MeldAction, TakePile
from engine.core.cards import WILD, rank
from engine.core.errors import IllegalActionError
from engine.core.state import Phase, State
from engine.judge.game import apply
from tutor.lessons.catalog import Lesson

def _candidates(state: State) -> Iterator[Action]:
    hand = sorted(state.hands[state.turn], key=rank)
    team = state.seat_team[state.turn]
    # (Ask partner, Decline the pile and Replace red three are shown only when open: no tap refuses them)
    if state.phase is Phase.PLAY:
        yield Draw()
        groups = [tuple(c for c in hand if rank(c) == r) for r in sorted({rank(c) for c in hand})]
        wilds = tuple(c for c in hand if WILD[c])
        # going out: every group of the hand melded at once, the wild cards with the largest
        whole = [g for g in groups if len(g) >= 2 and not WILD[g[0]]]
        if whole:
            whole[-1] = whole[-1] + wilds
            yield MeldAction(melds=tuple(whole))
        for i, pair in enumerate(whole):  # too many wild cards: all of them on one small group, the rest as they are
            bare = tuple(c for c in pair if not WILD[c])
            for n in range(1, len(wilds) + 1):
                yield MeldAction(melds=(*[g for j, g in enumerate(whole) if j != i and len(g) >= 3], bare + wilds[:n]))
                yield MeldAction(melds=(bare + wilds[:n],))
        for card in hand:
            yield Discard(card)
        for onto, meld in enumerate(state.melds[team]):  # Royal: a card of the side's meld as the discard
            for card in dict.fromkeys(meld.cards):
                yield Discard(card, onto)
        for size in (3, 4, 2, 5, 1):
            for cards in itertools.combinations(hand, size):
                yield MeldAction(melds=(tuple(cards),))
        for onto in range(len(state.melds[team])):
            for card in hand:
                yield MeldAction(layoffs=(Layoff(onto, (card,)),))
    if state.phase is Phase.DRAW:
        for onto in range(len(state.melds[team])):
            yield TakePile(onto=onto)
        for size in (2, 1, 3, 0):
            for cards in itertools.combinations(hand, size):
                yield TakePile(meld=tuple(cards))
        for card in hand[:1]:
            yield Discard(card)


def refused(lesson: Lesson, rule: str, limit: int = 20000) -> tuple[tuple[Action, ...], Action] | None:
    """Actions to play first (a draw, or none) and an action the engine refuses with ``rule``."""
    start = lesson.start
    states: list[tuple[tuple[Action, ...], State]] = [((), start)]
    if start.phase is Phase.DRAW:
        try:
            states.append(((Draw(),), apply(start, Draw())))
        except IllegalActionError:
            pass
    for before, state in states:
        for action in itertools.islice(_candidates(state), limit):
            try:
                apply(state, action)
            except IllegalActionError as refusal:
                if refusal.rule == rule:
                    return before, action
            except Exception:  # noqa: BLE001 - a candidate the engine cannot even read: not this rule
                continue
    return None
