"""Tips 12 to 15 of seed 000's section "Taktik": the moment for the pile (not too soon, at the right
moment, and denied to the other side), the moment to go out, the score, and shedding cards when the
other side can go out.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from engine.core.actions import Action, Discard, Draw, MeldAction, TakePile, cards_of
from engine.core.cards import BLACK_THREES, WILD
from engine.judge.game import apply, is_legal
from engine.hints.facts import (
    _DISCARD_TEXTS,
    Hint,
    _discard_reason,
    discard_facts,
    _has,
    _other_side_close,
    _score_marks,
    _special,
    _table_worth,
    _toward_canasta,
    _way_out_totals,
    safest_discard,
    ways_out,
)
from engine.hints.rules import _take_pile
from engine.core.i18n import N_, NP_
from engine.judge.legal import legal_actions
from engine.core.melds import MeldKind
from engine.core.state import Phase, State


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
    if worth > 2 or _completing_takes(state, legal) or _samba_pile(state, legal):
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
                   tuple(a for a in legal if not isinstance(a, TakePile)),
                   avoids=tuple(a for a in legal if isinstance(a, TakePile)))


# Royal: a small pile is not "bara några få kort som inte är så viktiga för din hand" where its top card
# completes the side's Samba (1 500 points); measured in fresh worlds (docs/hints.md,
# ``bench/hint_quality.py --samba-pile 82``)
SAMBA_PILE = frozenset({"royal"})


def _samba_pile(state: State, legal: Sequence[Action]) -> list[TakePile]:
    """The takes of a pile whose top card completes one of the side's Sambas (``SAMBA_PILE``)."""
    if state.rules.name not in SAMBA_PILE or state.phase is not Phase.DRAW:
        return []
    team = state.team_of(state.turn)
    return [a for a in completing_takes(state, legal)
            if a.onto is not None and state.melds[team][a.onto].kind is MeldKind.SAMBA]


def _completing_takes(state: State, legal: Sequence[Action]) -> list[TakePile]:
    """The takes of the pile that complete a canasta of the side (its top card is the one a meld
    lacked), outside Royal. Tip 12's small pile holds "bara några få kort som inte är så viktiga för
    din hand"; a card that completes a canasta is important to it, and taking it then is tip 12's
    other half, "vid rätt tillfälle". Measured (docs/hints.md, ``bench/hint_quality.py --pile-canasta 61``):
    where tip 12 drew, such a take beat drawing by 116 +- 16 points in Classic, 150 +- 25 in Wiener and
    59 +- 15 in Swedish, and lost 220 +- 79 in Royal, whose tip 12 stands."""
    if state.phase is not Phase.DRAW or state.rules.name == "royal" or len(state.pile) >= RICH:
        return []
    return completing_takes(state, legal)


def completing_takes(state: State, legal: Sequence[Action]) -> list[TakePile]:
    """The takes of the pile in ``legal`` after which the side has more canastas than before (the
    pile's top card is the one a meld lacked), in any variant and any pile."""
    team = state.team_of(state.turn)
    done = sum(1 for m in state.melds[team] if state.rules.is_canasta(m))
    return [a for a in legal if isinstance(a, TakePile)
            and sum(1 for m in apply(state, a).melds[team] if state.rules.is_canasta(m)) > done]


RICH = 6  # a pile this big is worth taking, and denying: in the reference's judgement of the
# stored positions taking one beat drawing in 10 of 11 (bench/hint_quality.py's cache)


def _take_pile_now(state: State, legal: list[Action]) -> Iterator[Hint]:
    """Taktik 12's other half: "de bästa spelarna är de som kan hindra motspelarna från att ta
    sakhögen när de tar den själva vid rätt tillfälle": a rich pile that can be taken, taken now;
    and outside Royal a smaller one whose top card completes a canasta (``_completing_takes``)."""
    samba = _samba_pile(state, legal)
    if samba:
        top, team, rules = state.pile[-1], state.team_of(state.turn), state.rules
        bonus = sum(rules.meld_bonus(m) for m in apply(state, samba[0]).melds[team]) - sum(
            rules.meld_bonus(m) for m in state.melds[team])
        yield Hint("tactics.take_pile", samba[0], (top,),
                   N_("Take the pile now: the {top} on top completes your Samba, {worth} points. However small the"
                      " pile, a card that completes a canasta is worth taking."),
                   {"top": top, "worth": bonus}, 2.3 + len(state.pile) / 4, tuple(samba))
        return
    completing = _completing_takes(state, legal)
    if completing:
        # the fewest wild cards (kept for another canasta), then the most cards melded, as the rule hint
        best = min(completing, key=lambda a: (sum(1 for c in cards_of(a) if WILD[c]), -len(a.melds), -len(a.meld)))
        top = state.pile[-1]
        yield Hint("tactics.take_pile", best, tuple(dict.fromkeys((top, *cards_of(best)))),
                   N_("Take the pile now: the {top} on top completes a canasta for your side. The best players take"
                      " the pile at the right moment."),
                   {"top": top}, 2.2 + len(state.pile) / 4, tuple(a for a in legal if isinstance(a, TakePile)))
        return
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
               {**discard_facts(state, choice), "count": len(state.pile)}, 0.35, others,
               more=(_DISCARD_TEXTS[_discard_reason(state, choice)],), melds_first=True)


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
                       N_("Going out now brings your side to about {total} points, past the {target} that wins the game."),
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
            # of as good a plan, the shorter, then the one whose first step grows an unfinished meld
            if score > best[0] or (score == best[0] and (len(plan), _further(plan)) < (len(best[1]), _further(best[1]))):
                best = (score, plan)
            if len(plan) < 3:
                extend(after, plan, legal_actions(after))

    def _further(plan: tuple[Action, ...]) -> tuple[int, ...]:
        first = plan[0] if plan else None
        return tuple(-x for x in _toward_canasta(state, first)) if isinstance(first, MeldAction) else (0, 0, 0)

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
