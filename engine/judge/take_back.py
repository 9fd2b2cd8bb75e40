"""Royal's discard of a card melded this turn (seed 000 "Spelordning"), taken back from its meld."""

from __future__ import annotations

from engine.core.cards import RED_THREES, Card
from engine.core.errors import IllegalActionError, InvalidInputError
from engine.core.i18n import N_
from engine.core.melds import Meld, meld_or_none
from engine.core.state import State


def _with(values: tuple, index: int, value: object) -> tuple:
    return values[:index] + (value,) + values[index + 1 :]


def take_back(state: State, team: int, card: Card, index: int | None) -> State:
    """Seed 000 "Spelordning": the discard may be "ett av korten han mälade i samma tur förutsatt
    att inte mälningen blir ogiltig". The state with ``card`` taken back from the side's meld
    ``index`` (or the first meld it was melded into this turn), or the rule that refuses it."""
    melds, replacements = taken_back(state, team, card, index)
    return state.evolve(melds=_with(state.melds, team, melds),
                        turn_state=state.turn_state.evolve(replacements=replacements))


def taken_back(state: State, team: int, card: Card, index: int | None) -> tuple[tuple[Meld, ...], int]:
    """As :func:`take_back` (every check), but only the side's melds after it and the red threes'
    replacements still owed: the judge asks this of every card it might list."""
    rules, ts = state.rules, state.turn_state
    melds = state.melds[team]
    if index is not None and index >= len(melds):
        raise InvalidInputError("action.meld", N_("your side has no meld {index}"), index=index)
    if not rules.discard_from_meld:
        raise IllegalActionError("hand.not_held", cards=(card,))
    refusal: IllegalActionError | None = None
    for i in range(len(melds)) if index is None else (index,):
        meld = melds[i]
        before = ts.meld_sizes[i] if i < len(ts.meld_sizes) else (meld.size if i < ts.melds_before else 0)
        fresh = list(meld.cards[before:])
        if card not in fresh:
            if card in meld.cards and refusal is None:
                refusal = IllegalActionError("discard.melded_before", card=card)
            continue
        fresh.remove(card)
        left = meld.cards[:before] + tuple(fresh)
        rebuilt = meld_or_none(rules, left) if left else None  # no cards left: no meld either
        if rebuilt is None:
            refusal = IllegalActionError("discard.breaks_meld", card=card, cards=left)
            continue
        after = _with(melds, i, rebuilt)
        _check_opening_kept(state, team, after)
        replacements = ts.replacements - 1 if card in RED_THREES and ts.replacements else ts.replacements
        return after, replacements
    raise refusal or IllegalActionError("hand.not_held", cards=(card,))


def _check_opening_kept(state: State, team: int, after: tuple[Meld, ...]) -> None:
    """A side that opened this turn still reaches its minimum without the card taken back."""
    rules = state.rules
    if any(map(rules.opens, state.melds[team][: state.turn_state.melds_before])):
        return
    points = sum(rules.meld_points(m) for m in after)
    minimum = state.opening_minimum(team)
    if any(map(rules.opens, after)) and points < minimum:
        raise IllegalActionError("opening.minimum", minimum=minimum, score=state.scores[team], points=points)
