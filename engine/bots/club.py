"""The club player: sound heuristics, and in Royal its melds built on purpose (see
:mod:`engine.bots.levels`, which offers it with the other strengths).

It keeps eight cards while the other side cannot go out, keeps pairs while the pile is frozen,
discards what the next side cannot use (a black three when the pile is worth blocking), freezes
a rich pile with a wild card when behind, and goes out when the other side threatens or it
leads. Where the variant has Royal's melds it builds Bolivias from its wild cards, Sambas and
threes before rank melds, keeps black threes and the cards of its runs, does not discard the
card that extends the next side's Samba, and follows three of the tactics section's tips.

The expert's playouts are club self-play, so its choice is worked out once a decision (the
table read once, not once a candidate), and :meth:`ClubBot.act` skips listing what the choice
cannot depend on (docs/speed.md).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from types import MappingProxyType
from typing import TYPE_CHECKING, ClassVar

from engine.core.actions import Action, AnswerGoOut, Discard, Draw, MeldAction
from engine.bots.base import BasicBot, Observation, action_cards, naturals_of_rank, observe
from engine.core.cards import BLACK_THREES, RED_THREES, WILD, Card, RANKS, RUN_PLACES, SUITS
from engine.hints.tips import TIPS
from engine.core.i18n import N_
from engine.judge.legal import _draw_phase, _play_phase, legal_actions
from engine.core.melds import MeldKind, make_meld
from engine.core.state import Phase, State

if TYPE_CHECKING:
    from engine.hints.facts import Tip


_ROYAL_KINDS = frozenset({"samba", "bolivia", "threes"})  # the kinds ``ClubBot._meld_worths`` weighs
_SAMBA_OR_THREES = frozenset({MeldKind.SAMBA, MeldKind.THREES})
_DRAW = Draw()


class ClubBot(BasicBot):
    name: ClassVar[str] = "club"
    title: ClassVar[str] = N_("Club player")

    def choose(self, observation: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        obs = observation
        if obs.phase is Phase.ANSWER:
            # yes when little is left in this hand to lose, or the side is ahead
            mine = sum(obs.rules.value(c) for c in obs.hand)
            return AnswerGoOut(mine <= 60 or obs.scores[obs.team] >= max(obs.scores))
        if obs.phase is Phase.DRAW:
            return self._draw(obs, legal)  # the basic player's judgement of the pile
        return self._club_play(obs, legal)

    def act(self, state: State, rng: random.Random) -> Action:
        """``choose(observe(state, state.turn), legal_actions(state), rng)``, for self-play (the
        expert's playouts), without listing what this player's choice cannot depend on: with stock
        left, the pile takes where it draws whatever the pile offers (a pile under three cards and
        the side has melded: ``BasicBot._draw``) and asking partner before the pile (Royal: it
        takes or draws); Royal's discards from melds where the hand has a discard (it discards
        from the hand, does not follow its tips' discards, and falls back on the list's first
        action, which comes before them). ``tests/engine/bots/test_levels.py`` holds it to ``choose``."""
        phase = state.phase
        if phase is Phase.DRAW and state.stock:
            ts = state.turn_state
            if not (ts.before_draw and ts.permission is True):  # Royal: a "yes" binds the take
                if len(state.pile) < 3 and state.melds[state.seat_team[state.turn]]:
                    return _DRAW  # ``legal_actions`` lists the draw first
                # with stock left this player takes the pile or draws, never asks partner first
                return self.choose(observe(state, state.turn), _draw_phase(state, ask=False), rng)
        if phase is Phase.PLAY and state.rules.discard_from_meld and state.turn_state.melded:
            legal = _play_phase(state, taken_back=False)
            if any(isinstance(a, Discard) for a in legal):  # from the hand: the rest only adds discards from melds
                return self.choose(observe(state, state.turn), legal, rng)
        return self.choose(observe(state, state.turn), legal_actions(state), rng)

    def _threatened(self, obs: Observation) -> bool:
        """The other side could go out soon: it has a canasta and someone holds few cards."""
        state = obs._state
        is_canasta = state.rules.is_canasta
        for team, seats in enumerate(state.teams):
            if team != obs.team and any(map(is_canasta, state.melds[team])):
                if min(len(state.hands[s]) for s in seats) <= 4:
                    return True
        return False

    def _club_play(self, obs: Observation, legal: Sequence[Action]) -> Action:
        melds = [a for a in legal if isinstance(a, MeldAction)]
        hand_size = len(obs.hand)
        worths = self._meld_worths(obs, melds)  # pure: worked out before the tips, as one pass
        for action, (_, _, size) in zip(melds, worths):
            if size >= hand_size - 1:
                return action  # going out (legal_actions offers the way out when there is one)
        advice = self._taktik(obs, legal)
        if advice is not None and advice in legal:
            return advice
        if melds:
            keep = bool(obs.melds[obs.team]) and not self._threatened(obs)
            best: MeldAction | None = None
            top = 0.0
            for action, (worth, completes, size) in zip(melds, worths):
                small = hand_size - size < 8 and not completes
                # the first of the best, as ``max`` with a key
                if worth > 0 and not (keep and small and action.melds) and (best is None or worth > top):
                    best, top = action, worth
            if best is not None:
                return self._with_natural_layoffs(obs, best, melds)
        discards = [a for a in legal if isinstance(a, Discard) and a.meld is None]  # from the hand
        if not discards:
            return legal[0]
        costs = self._club_discard_costs(obs, [a.card for a in discards])
        return discards[costs.index(min(costs))]  # the first of the cheapest, as ``min`` with a key

    def _taktik(self, obs: Observation, legal: Sequence[Action]) -> Action | None:
        """A club player knows the tactics section: the variant's own tips (Sambas, threes, the
        opening) decide where they speak; hints read only what the seat may see. Only the
        followed tips are asked (the others cost the expert's playouts half their time)."""
        tips = _followed_tips(obs.rules.name)
        if not tips:
            return None
        state = obs._state
        tips = _may_speak(tips, state, legal)
        # Tip 6's second half (hold back the fourth red three) is a bluff for people, who read the
        # table; a club player that followed it won fewer deals (200 duplicate deals against the
        # beginner, seeds 1 and 2: 91.5% and 86% holding back, 92% and 90.5% melding it)
        found = sorted((h for tip in tips for h in tip.detect(state, list(legal)) if not isinstance(h.action, Discard)),
                       key=lambda h: -h.weight)
        return found[0].action if found else None

    def _meld_worths(self, obs: Observation, melds: Sequence[MeldAction]) -> list[tuple[float, bool, int]]:
        """The basic player's worths, with Royal's melds put first (they exist only where the
        variant's ``meld_kinds`` has them, so other variants are played as before)."""
        worths = super()._meld_worths(obs, melds)
        rules = obs.rules
        if rules.meld_kinds.isdisjoint(_ROYAL_KINDS):
            return worths  # rank melds and black threes only: nothing below applies
        team = obs.melds[obs.team]
        saving = any(m.kind is MeldKind.BOLIVIA and not rules.is_canasta(m) for m in team)
        out: list[tuple[float, bool, int]] = []
        for action, (worth, completes, size) in zip(melds, worths):
            kinds = {team[lo.onto].kind for lo in action.layoffs} | {make_meld(rules, m).kind for m in action.melds}
            if MeldKind.BOLIVIA in kinds:
                # wild cards only: a Bolivia (2 000) is where they earn most, not a reason to keep them
                out.append((2.0 * size + 5, completes, size))
                continue
            if saving:
                worth -= 10.0 * sum(1 for c in action_cards(action) if WILD[c])  # save them for the Bolivia
            if not kinds.isdisjoint(_SAMBA_OR_THREES):
                worth += 5  # a Samba (1 500, needed to go out) or a Royal (3 000) beats a rank canasta
            out.append((worth, completes, size))
        return out

    def _club_discard_cost(self, obs: Observation, card: Card) -> float:
        return self._club_discard_costs(obs, (card,))[0]

    def _club_discard_costs(self, obs: Observation, cards: Sequence[Card]) -> list[float]:
        """The basic player's costs with the club player's own terms; what they read of the
        table (the pile, the scores, the next side's Sambas, the hand's runs) is read once."""
        costs = self._discard_costs(obs, cards)
        state = obs._state
        team = obs.team
        hand = state.hands[obs.seat]
        rich = len(state.pile) >= 6
        kinds = state.rules.meld_kinds
        threes, samba = "threes" in kinds, "samba" in kinds
        frozen = state.is_pile_frozen_for(team)
        freeze = rich and state.scores[team] < max(state.scores) and not frozen
        runs = self._samba_facts(obs) if samba else None
        out: list[float] = []
        for card, cost in zip(cards, costs):
            wild = WILD[card]
            if card in BLACK_THREES:
                if threes:
                    cost += 60  # black threes grow the side's meld of threes toward a Royal canasta
                if rich:
                    cost -= 10  # a black three blocks a rich pile for the next player
            elif runs is not None and not wild and RANKS[card] != 3:
                cost += self._samba_cost(runs, card)
            if wild and freeze:
                cost -= 120  # behind, freeze a rich pile rather than hand it over
            if frozen and not wild and naturals_of_rank(hand, RANKS[card]) == 2:
                cost += 25  # keep pairs to take the frozen pile
            out.append(cost)
        return out

    @staticmethod
    def _samba_facts(obs: Observation) -> tuple[dict[int, set[int]], list[tuple[int, int, int]]]:
        """The run places the hand holds by suit, and the next side's unfinished Sambas as
        (suit, the place below, the place above)."""
        state = obs._state
        near: dict[int, set[int]] = {}
        for c in state.hands[obs.seat]:
            if not WILD[c]:
                near.setdefault(SUITS[c], set()).add(RUN_PLACES[c])
        rules = state.rules
        nxt = state.seat_team[(obs.seat + 1) % state.players]
        ends = []
        for meld in state.melds[nxt]:
            if meld.kind is MeldKind.SAMBA and not rules.is_canasta(meld):
                places = [RUN_PLACES[c] for c in meld.cards]
                ends.append((SUITS[meld.cards[0]], min(places) - 1, max(places) + 1))
        return near, ends

    @staticmethod
    def _samba_cost(runs: tuple[dict[int, set[int]], list[tuple[int, int, int]]], card: Card) -> float:
        """Keep the cards of a run in the making; never hand the next side the card that
        extends its Samba (it takes the pile with it)."""
        near, ends = runs
        place, card_suit = RUN_PLACES[card], SUITS[card]
        held = near.get(card_suit, ())  # holds ``place`` itself too, which the offsets skip
        cost = 8.0 * sum(1 for d in (-2, -1, 1, 2) if place + d in held)
        for meld_suit, below, above in ends:
            if meld_suit == card_suit and place in (below, above):
                cost += 40
        return cost


# The tips a club player follows where they speak: tried on duplicate deals, these helped the club
# player in Royal (the first two 63% -> 70% against the beginner over 80 deals; opening with the
# Bolivia added 2.5 points over 200 deals, seed 1, on top of the Royal meld heuristics); others lost it games.
_FOLLOWED = frozenset({"tactics.sambas_win", "tactics.meld_red_threes", "tactics.strong_opening"})


@cache
def _followed_tips(variant: str) -> tuple[Tip, ...]:
    """The followed tips that speak in ``variant``, in the hints' order (ties keep it)."""
    return tuple(t for t in TIPS if t.tip in _FOLLOWED and variant in t.variants)


# What a followed tip needs before its detector (engine/hints/taktik.py) can yield a hint: red threes
# in the hand, or a new meld of a kind among the legal actions (its ``_special``). A tip without
# it would say nothing, so it is not asked: a fifth of the expert's playout time in Royal.
# tests/engine/bots/test_levels.py checks on club play that a tip left out says nothing.
_NEEDS_KIND = MappingProxyType({"tactics.sambas_win": MeldKind.SAMBA, "tactics.strong_opening": MeldKind.BOLIVIA})


def _may_speak(tips: tuple[Tip, ...], state: State, legal: Sequence[Action]) -> tuple[Tip, ...]:
    """The ``tips`` that could speak in ``state``, in their order."""
    rules = state.rules
    kinds = {make_meld(rules, m).kind for a in legal if isinstance(a, MeldAction) and not a.layoffs for m in a.melds}
    reds = not RED_THREES.isdisjoint(state.hands[state.turn])
    asked = []
    for tip in tips:
        kind = _NEEDS_KIND.get(tip.tip)
        if reds if tip.tip == "tactics.meld_red_threes" else kind is None or kind in kinds:
            asked.append(tip)
    return tuple(asked)
