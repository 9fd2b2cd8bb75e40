"""The facts on the table a verdict on going out or staying in, or on the answer to partner, is said
with (``engine.bots.verdicts``): the side's melds one or two cards from a canasta, what the hand completes
next turn by itself, the other side's canastas and whether it can go out, and the score. Each is what the
learner's seat sees, and can check on the table."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.actions import Action
from engine.core.cards import WILD, rank
from engine.core.errors import FactValue
from engine.core.i18n import N_, NP_, Text
from engine.core.melds import Meld, MeldKind, meld_name
from engine.core.state import State
from engine.judge.game import apply

_NEAR_RANK: Text = NP_("Your meld of {rank_of} is {count} card from a canasta.",
                       "Your meld of {rank_of} is {count} cards from a canasta.")
_NEAR_MELD: Text = NP_("Your {meld_on} is {count} card from a canasta.",
                       "Your {meld_on} is {count} cards from a canasta.")
_NEAR_MORE: Text = NP_("In all, {near} of your melds is one or two cards from a canasta.",
                       "In all, {near} of your melds are one or two cards from a canasta.", "near")
_THEY_CANNOT: Text = NP_("The other side cannot go out yet: it has {canastas} canasta of the {need} it needs.",
                         "The other side cannot go out yet: it has {canastas} canastas of the {need} it needs.",
                         "canastas")
_NO_SAMBA: Text = N_("The other side cannot go out yet: none of its canastas is a Samba.")
THEY_CAN: Text = N_("The other side has the canastas it needs to go out: it may go out first and catch the cards"
                    " left in your side's hands.")
_SCORE: Text = N_("The score is {ours} to {theirs}, in a game to {target}.")


def _whole(state: State, meld: Meld) -> int:
    """The bonus ``meld`` would bring as a canasta of its kind."""
    size = state.rules.canasta_size
    wild = meld.kind is MeldKind.BOLIVIA
    grow = max(0, size - meld.size)
    return state.rules.meld_bonus(Meld(meld.cards + (meld.cards[0],) * grow, meld.rank,
                                       meld.naturals + (0 if wild else grow), meld.wilds + (grow if wild else 0),
                                       meld.kind))


def near_melds(state: State, steps: Sequence[Action] = ()) -> list[Meld]:
    """The side's melds one or two cards from a canasta that ``steps`` leave unfinished, the nearest and
    richest first."""
    team, rules = state.team_of(state.turn), state.rules
    after = state
    for step in steps:
        after = apply(after, step)
    done = {i for i, m in enumerate(after.melds[team]) if rules.is_canasta(m)}
    near = [m for i, m in enumerate(state.melds[team]) if i not in done and m.kind is not MeldKind.BLACK_THREES
            and 1 <= rules.canasta_size - len(m.cards) <= 2]
    return sorted(near, key=lambda m: (-len(m.cards), -_whole(state, m)))


def completed_next_turn(state: State) -> int:
    """How many of the side's unfinished melds the hand completes into canastas by itself: the natural
    cards of a rank meld's rank, then the wild cards it may still take, shared out the nearest first."""
    team, rules = state.team_of(state.turn), state.rules
    hand = state.hands[state.turn]
    wilds = sum(1 for c in hand if WILD[c])
    done = 0
    for meld in sorted(state.melds[team], key=lambda m: -len(m.cards)):
        if rules.is_canasta(meld) or meld.kind is not MeldKind.RANK:
            continue
        short = rules.canasta_size - meld.size - sum(1 for c in hand if not WILD[c] and rank(c) == meld.rank)
        if short <= 0:
            done += 1
        elif short <= min(wilds, max(0, rules.max_wilds - meld.wilds)):
            wilds -= short
            done += 1
    return done


def table_facts(state: State, steps: Sequence[Action] = ()) -> tuple[list[Text], dict[str, FactValue]]:
    """The facts on the table a verdict is said with: the side's nearest melds to a canasta (or that none
    is near), the other side's canastas and whether it can go out, and the score."""
    rules, team = state.rules, state.team_of(state.turn)
    others = [t for t in range(len(state.teams)) if t != team]
    facts: dict[str, FactValue] = {"ours": state.scores[team], "theirs": max(state.scores[t] for t in others),
                                   "target": rules.target}
    texts: list[Text] = []
    near = near_melds(state, steps)
    if near:
        meld = near[0]
        facts["count"] = rules.canasta_size - len(meld.cards)
        if meld.kind is MeldKind.RANK and meld.rank is not None:
            facts["rank"] = meld.rank
            texts.append(_NEAR_RANK)
        else:
            facts["meld"] = meld_name(rules, meld)
            texts.append(_NEAR_MELD)
        if len(near) > 1:
            facts["near"] = len(near)
            texts.append(_NEAR_MORE)
    if any(rules.has_canastas_to_go_out(state.melds[t]) for t in others):
        texts.append(THEY_CAN)
    else:
        canastas = max(sum(1 for m in state.melds[t] if rules.is_canasta(m)) for t in others)
        facts.update(canastas=canastas, need=rules.canastas_to_go_out)
        texts.append(_THEY_CANNOT if canastas < rules.canastas_to_go_out else _NO_SAMBA)
    texts.append(_SCORE)
    return texts, facts
