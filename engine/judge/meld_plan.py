"""A side's melds after a meld action or a pile take, and the checks every such plan passes.

Seed 001 "Leikurinn" (melds of one rank merge), "Fyrsta meld takmörk" (the opening minimum),
"Að fara út" and "Að biðja um leyfi" (who may meld down to one card or none). Used by the
judge's handlers in :mod:`engine.judge.moves`.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.actions import Layoff, WildMove
from engine.core.cards import WILD, Card
from engine.core.errors import IllegalActionError, InvalidInputError
from engine.core.i18n import N_
from engine.core.melds import Meld, MeldKind, check_composition, extend_meld, make_meld
from engine.core.rules import Concealment
from engine.core.state import State


class MeldPlan:
    """The side's melds after some new melds and lay-offs, with what the checks need to know."""

    def __init__(
        self,
        state: State,
        team: int,
        new_melds: Sequence[tuple[Card, ...]],
        layoffs: Sequence[Layoff],
        field: str,
        moves: Sequence[WildMove] = (),
    ) -> None:
        rules = state.rules
        melds = list(state.melds[team])
        self.points = 0
        self.black_threes: tuple[Card, ...] = ()  # the cards of new melds of black threes alone
        before = state.turn_state.melds_before
        self.laid_off = False  # cards laid off on melds older than this turn
        for layoff in layoffs:
            if layoff.onto < before:
                self.laid_off = True
                break
        self.merged = False  # a new meld joined one older than this turn
        self.hand_canasta = False  # a new meld that is a canasta by itself (Wiener's hand canasta)
        for i, layoff in enumerate(layoffs):
            if layoff.onto >= len(state.melds[team]):
                raise InvalidInputError(f"{field}.layoffs[{i}].onto", N_("your side has no meld {index}"), index=layoff.onto)
            melds[layoff.onto] = extend_meld(rules, melds[layoff.onto], layoff.cards)
        # Wiener: older melds a new one merged into past their wild cards, waiting for the moves
        self.overfull: list[int] = []
        self.moving = bool(moves)
        self.placed = [self.add(state, melds, cards) for cards in new_melds]  # where each new meld went
        if moves:
            self.move_wilds(state, melds, moves, field)
        self.melds = tuple(melds)
        self.opens = any(map(rules.opens, self.melds))  # the side has opened after this

    def add(self, state: State, melds: list[Meld], cards: tuple[Card, ...]) -> int:
        rules = state.rules
        meld = make_meld(rules, cards)
        self.points += meld.value(rules)
        if meld.kind is MeldKind.BLACK_THREES:
            self.black_threes += cards
        self.hand_canasta |= rules.is_canasta(meld)
        for index, existing in enumerate(melds):
            if rules.merges(existing, meld):  # seed 001 "Leikurinn": melds of one rank merge
                try:
                    melds[index] = extend_meld(rules, existing, cards)
                except IllegalActionError as refusal:
                    # Royal: the new Bolivia joins the unfinished one (one at a time), past seven cards
                    if refusal.rule == "meld.seven_cards" and existing.kind is MeldKind.BOLIVIA:
                        raise IllegalActionError("meld.one_bolivia", cards=cards, count=existing.size) from None
                    if not (refusal.rule == "meld.too_many_wilds" and self.moving and index < state.turn_state.melds_before
                            and rules.moves_surplus_wilds):
                        raise
                    # Wiener: merged with the partner's meld past its wild cards; the moves take them away
                    wilds = sum(1 for c in cards if WILD[c])
                    melds[index] = Meld(existing.cards + cards, existing.rank, existing.naturals + len(cards) - wilds,
                                        existing.wilds + wilds, existing.kind)
                    self.overfull.append(index)
                self.merged |= index < state.turn_state.melds_before
                return index
        melds.append(meld)
        return len(melds) - 1

    def move_wilds(self, state: State, melds: list[Meld], moves: Sequence[WildMove], field: str) -> None:
        """Seed 002 "Macht ein Spieler verdeckt aus": "Enthält eine Figur nach der Vereinigung eine
        vierte oder fünfte wilde Karte, so dürfen diese überzähligen wilden Karten zu anderen
        Meldungen verschoben werden." Only wild cards past what a meld merged with an older one
        may hold move, each to another meld of the side that takes it by its own rule; every
        merged meld must be valid after the moves."""
        rules = state.rules
        for i, move in enumerate(moves):
            where = f"{field}.moves[{i}]"
            for name, index in (("from", move.source), ("onto", move.onto)):
                if index >= len(melds):
                    raise InvalidInputError(f"{where}.{name}", N_("your side has no meld {index}"), index=index)
            source = melds[move.source]
            rest = list(source.cards)
            for card in move.cards:
                if not WILD[card] or card not in rest:
                    raise IllegalActionError("meld.move_wilds", cards=move.cards)
                rest.remove(card)
            wilds = source.wilds - len(move.cards)
            if move.source not in self.overfull or move.onto == move.source or wilds < rules.wilds_allowed(source.naturals):
                raise IllegalActionError("meld.move_wilds", cards=move.cards)
            melds[move.source] = Meld(tuple(rest), source.rank, source.naturals, wilds, source.kind)
            melds[move.onto] = extend_meld(rules, melds[move.onto], move.cards)
        for index in self.overfull:  # a surplus left where it was: the meld's own refusal
            meld = melds[index]
            check_composition(rules, meld.cards, meld.naturals, meld.wilds)

    def may_go_out(self, state: State) -> bool:
        return state.rules.has_canastas_to_go_out(self.melds)

    def fresh_canasta(self, state: State) -> bool:
        return any(map(state.rules.is_canasta, self.melds[state.turn_state.melds_before :]))

    def concealment(self, state: State) -> Concealment:
        """How a player going out with these melds goes out: openly, concealed, or (Wiener)
        with a hand canasta; ``turn_state.concealed`` says nothing earlier ruled it out."""
        ts = state.turn_state
        if not ts.concealed or (ts.took_pile and not state.rules.pile_keeps_concealed):
            return Concealment.NONE
        return state.rules.concealment(laid_off=self.laid_off, merged=self.merged,
                                       fresh_canasta=self.fresh_canasta(state), hand_canasta=self.hand_canasta)


def check_going_out(state: State, plan: MeldPlan, remaining: int, last: bool = True) -> None:
    """Seed 001 "Að fara út" and "Að biðja um leyfi": who may meld down to one card or none.
    ``last``: no more melding follows in this turn (a pile take is followed by melds)."""
    permission = state.turn_state.permission
    if plan.black_threes and remaining > 1:
        # the facts every black-threes refusal names: the threes and the cards the player keeps
        raise IllegalActionError(state.rules.black_threes_rule, cards=plan.black_threes, count=remaining)
    if remaining <= 1:
        if not plan.may_go_out(state):
            raise IllegalActionError(state.rules.going_out_rule, count=remaining)
        if permission is False:
            raise IllegalActionError("going_out.refused")
    elif permission is True and last:
        raise IllegalActionError("going_out.required")


def check_opening(state: State, team: int, plan: MeldPlan, waived: bool) -> None:
    """Seed 001 "Fyrsta meld takmörk": a side's first melds reach the minimum together."""
    if state.has_opened(team) or not plan.opens or waived:
        return
    minimum = state.opening_minimum(team)
    if plan.points < minimum:
        raise IllegalActionError("opening.minimum", minimum=minimum, score=state.scores[team], points=plan.points)
