"""The rule hints: what the rules allow now and why (take the pile, draw, open, go out or not yet),
the canasta a meld completes, the answer to partner and the everyday discard.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from itertools import combinations

from engine.core.actions import Action, AnswerGoOut, Discard, Draw, MeldAction, TakePile, cards_of
from engine.core.cards import JOKER, RED_THREES, WILD, Card, rank
from engine.core.errors import FactValue
from engine.judge.game import apply, is_legal
from engine.hints.facts import (
    _DISCARD_TEXTS,
    SAMBA_CORE,
    Hint,
    _caught_points,
    _potential,
    _discard_reason,
    discard_facts,
    _has,
    _meldable,
    _score_marks,
    _spoils_natural,
    _table_worth,
    _toward_canasta,
    _threatened,
    safest_discard,
    ways_out,
)
from engine.core.i18n import N_, NP_, Text
from engine.judge.legal import legal_actions
from engine.core.melds import Meld, MeldKind, meld_name
from engine.core.rules import Rules
from engine.judge.moves import take_pile_checked
from engine.core.state import Phase, State


def _onto_worth(state: State, take: TakePile) -> tuple[int, int]:
    """How a take that lays the top card onto a meld ranks among takes onto other melds (smaller
    first): the canasta bonus it completes, then a Samba before a rank meld (Taktik 4: "Det lag som
    strävar efter att bygga röda och svarta Canastas kommer att förlora till laget som går in för att
    göra Sambas"; hold-out 24's royal/4/14 laid the 10♠ on the natural 10s beside a Samba of five it
    extends: 316 ± 144 points worse, 40 playouts)."""
    if take.onto is None:
        return 0, 0
    team, rules = state.team_of(state.turn), state.rules
    before = sum(rules.meld_bonus(m) for m in state.melds[team])
    after = sum(rules.meld_bonus(m) for m in apply(state, take).melds[team])
    return before - after, int(state.melds[team][take.onto].kind is not MeldKind.SAMBA)


def _take_pile(state: State, legal: list[Action]) -> Iterator[Hint]:
    takes = [a for a in legal if isinstance(a, TakePile)]
    if not takes or state.phase is not Phase.DRAW:
        return
    # the fewest wild cards (they are worth more kept for a canasta), then the most cards melded; of
    # the melds the top card may go onto, the one it completes as the richest canasta, then the Samba
    best = min(takes, key=lambda a: (sum(1 for c in cards_of(a) if WILD[c]), -len(a.melds), -len(a.meld),
                                     *_onto_worth(state, a)))
    top = state.pile[-1]
    team = state.team_of(state.turn)
    facts: dict[str, FactValue] = {"count": len(state.pile), "top": top}
    if best.onto is not None:
        # the meld named: in Royal a Samba and the natural meld of the card's rank may both take it
        target = state.melds[team][best.onto]
        if target.kind in (MeldKind.RANK, MeldKind.THREES):
            facts["rank"] = target.rank
            text: Text = NP_("You can take the pile ({count} card): the {top} on top goes onto your side's meld of"
                             " {rank_of}.",
                             "You can take the pile ({count} cards): the {top} on top goes onto your side's meld of"
                             " {rank_of}.")
        else:
            facts["meld"] = meld_name(state.rules, target)
            text = NP_("You can take the pile ({count} card): the {top} on top goes onto the {meld_on}.",
                       "You can take the pile ({count} cards): the {top} on top goes onto the {meld_on}.")
        yield Hint("rule.take_pile", best, (top,), text, facts, 2 + len(state.pile) / 4)
        return
    facts["cards"] = tuple(best.meld)
    frozen = state.is_pile_frozen_for(team)
    if best.melds:
        # An opening with the pile that needs melds from the hand too: the text names them and the
        # minimum (seed 001 "Fyrsta meld takmörk"), or a learner melding only {cards} with the top
        # card is refused for the minimum, which the hint had not mentioned.
        facts["others"] = tuple(c for m in best.melds for c in m)
        facts["minimum"] = state.opening_minimum(team)
        facts["points"] = take_pile_checked(state, best)[0].points  # the judge's own sum, checked against the minimum
        text = (NP_("You can take the pile ({count} card) although it is frozen: you hold {cards} to meld with the"
                    " {top}, and you meld {others} with them. Your side needs {minimum} points to open; together they"
                    " make {points}.",
                    "You can take the pile ({count} cards) although it is frozen: you hold {cards} to meld with the"
                    " {top}, and you meld {others} with them. Your side needs {minimum} points to open; together they"
                    " make {points}.")
                if frozen else NP_("You can take the pile ({count} card): meld the {top} on top with {cards}, and"
                                   " {others} with them. Your side needs {minimum} points to open; together they make"
                                   " {points}.",
                                   "You can take the pile ({count} cards): meld the {top} on top with {cards}, and"
                                   " {others} with them. Your side needs {minimum} points to open; together they make"
                                   " {points}."))
    else:
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
        if not state.is_pile_frozen_by_cards():
            # frozen only for a side that has not opened: say so, or "frozen" contradicts the pile in sight
            text = N_("Until your side has opened, the pile is frozen for it, and you do not hold {pair} to meld with"
                      " the {top}: draw from the stock.")
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
        best = spare_wilds(state, min(openings, key=cost))
        points = points_of(best)
        yield Hint("rule.opening", best, cards_of(best), N_("Your side needs {minimum} points to open:"
                                                            " {cards} make {points}."),
                   {"minimum": minimum, "cards": cards_of(best), "points": points}, 2.0)
        return
    discard = safest_discard(state, legal)
    if discard is not None:
        # the discard said with its own reason: the opening minimum says why not to meld, not what to discard
        yield Hint("rule.opening", discard, (), N_("Your side needs {minimum} points to open and your hand does not"
                                                   " reach them yet: discard and wait for cards."),
                   {"minimum": minimum, **discard_facts(state, discard)}, 0.5,
                   more=(_DISCARD_TEXTS[_discard_reason(state, discard)],))


def spare_wilds(state: State, action: MeldAction) -> MeldAction:
    """``action``'s new melds with the fewest wild cards that still make a legal move (an opening that
    still reaches the minimum), the cheapest of them first: K K Joker rather than K K 2 Joker where 50
    points open (the wild cards are worth more kept for a canasta; the legal moves top a meld up with the
    dearest wild card after the cheapest). The same move where none can be spared."""
    hand_wilds = sorted((c for c in state.hands[state.turn] if WILD[c]), key=state.rules.value)
    if not action.melds or not hand_wilds or len(hand_wilds) > 8:
        return action
    naturals = [tuple(c for c in m if not WILD[c]) for m in action.melds]
    used = [sum(1 for c in m if WILD[c]) for m in action.melds]

    def cost(melds: tuple[tuple[Card, ...], ...]) -> tuple[int, int]:
        wilds = [c for m in melds for c in m if WILD[c]]
        return len(wilds), sum(state.rules.value(c) for c in wilds)

    best, best_cost = action, cost(action.melds)

    def place(i: int, pool: list[Card], melds: tuple[tuple[Card, ...], ...]) -> None:
        nonlocal best, best_cost
        if cost(melds) >= best_cost:
            return
        if i == len(naturals):
            candidate = MeldAction(melds=melds, layoffs=action.layoffs)
            if is_legal(state, candidate):
                best, best_cost = candidate, cost(melds)
            return
        for k in range(used[i] + 1):
            for chosen in dict.fromkeys(combinations(pool, k)):
                rest = list(pool)
                for c in chosen:
                    rest.remove(c)
                place(i + 1, rest, melds + (naturals[i] + chosen,))

    place(0, hand_wilds, ())
    return best


_WAY_OUT: Mapping[tuple[bool, bool], Text] = {
    (True, True): N_("You can go out now: meld {cards}, then discard the {card}; of the ways out, this one scores"
                     " most."),
    (True, False): N_("You can go out now: meld {cards}; of the ways out, this one scores most."),
    (False, True): N_("You can go out now: discard the {card}."),
}
_GAINS = NP_("Going out earns {reward} points, and the {held} card the other side still holds counts against it"
             " (about {caught} points).",
             "Going out earns {reward} points, and the {held} cards the other side still holds count against it"
             " (about {caught} points).", "held")


def _going_out(state: State, legal: list[Action]) -> Iterator[Hint]:
    """Going out, the best-scoring way shown whole, and what it earns in what the player can see (the
    bonus, the other side's cards); where staying in is possible and meaningful, the verdict between
    them and why (``_stay_or_go``). Everything said is the same whatever the hidden cards are."""
    if state.phase is not Phase.PLAY or state.turn_state.permission is False:
        return
    found = ways_out(state, legal)
    if not found:
        return
    _, steps = found[0]
    melded = tuple(c for step in steps if isinstance(step, MeldAction) for c in step.cards())
    last = steps[-1] if isinstance(steps[-1], Discard) else None
    team = state.team_of(state.turn)
    held = sum(len(state.hands[s]) for t, seats in enumerate(state.teams) if t != team for s in seats)
    facts: dict[str, FactValue] = {"cards": melded, "reward": state.rules.going_out_bonus, "held": held,
                                   "caught": _caught_points(state)}
    if last is not None:
        facts["card"] = last.card
    note = _stay_or_go(state, legal, steps, facts)
    text = _WAY_OUT[(bool(melded), last is not None)]
    yield Hint("rule.go_out", steps[0], state.hands[state.turn], text, facts, 2.5,
               more=(_GAINS,) + ((note,) if note is not None else ()))


def unfinished_near(state: State, steps: Sequence[Action]) -> list[Meld]:
    """The side's melds one or two cards from a canasta that the way out ``steps`` leaves unfinished and
    the hand cannot finish now (the cards have to come)."""
    team, rules = state.team_of(state.turn), state.rules
    hand = state.hands[state.turn]
    after = state
    for step in steps:
        after = apply(after, step)
    done = {i for i, m in enumerate(after.melds[team]) if rules.is_canasta(m)}

    def in_hand(meld: Meld) -> bool:  # a rank meld the hand's naturals and allowed wild cards finish
        if meld.kind is not MeldKind.RANK:
            return False
        wilds = min(sum(1 for c in hand if WILD[c]), max(0, rules.max_wilds - meld.wilds))
        return sum(1 for c in hand if not WILD[c] and rank(c) == meld.rank) + wilds >= rules.canasta_size - meld.size

    return [m for i, m in enumerate(state.melds[team]) if i not in done and m.kind is not MeldKind.BLACK_THREES
            and 1 <= rules.canasta_size - len(m.cards) <= 2 and not in_hand(m)]


def _stay_or_go(state: State, legal: list[Action], steps: Sequence[Action], facts: dict[str, FactValue]) -> Text | None:
    """Why going out beats staying in, where staying in is possible (a card is left after a discard) and
    meaningful (the other side cannot go out yet, and a meld of the side one or two cards from a canasta
    is left unfinished by the way out and cannot be finished from the hand, or the side is far behind with
    nobody near the target). Seed 000's Taktik weighs it ("Du väljer att gå ut för att förhindra att dina
    motspelare kompletterar stora mälningar ... Å andra sidan kommer du ofta att vilja fortsätta omgången
    eftersom de mälningar som du bygger har mer potential"); measured, going out won in that situation in
    every variant, with a Samba or Bolivia one card short too (docs/hints.md): the verdict is going out,
    and the note says why."""
    if len(state.hands[state.turn]) < 2 or not any(isinstance(a, Discard) for a in legal) or _threatened(state):
        return None
    rules, team = state.rules, state.team_of(state.turn)
    near = sorted(unfinished_near(state, steps), key=lambda m: (-len(m.cards), -rules.meld_bonus(_whole(rules, m))))
    if near:
        meld = near[0]
        facts["count"] = rules.canasta_size - len(meld.cards)
        if meld.kind is MeldKind.RANK:
            facts["rank"] = meld.rank
            return NP_("Go out rather than stay in for your meld of {rank_of}, {count} card from a canasta: the"
                       " other side cannot go out yet, but the card may not come before they can, and going out"
                       " earns its points now.",
                       "Go out rather than stay in for your meld of {rank_of}, {count} cards from a canasta: the"
                       " other side cannot go out yet, but the cards may not come before they can, and going out"
                       " earns its points now.")
        facts["meld"] = meld_name(rules, meld)
        return NP_("Go out rather than stay in for the {meld_on}, {count} card from a canasta: the other side"
                   " cannot go out yet, but the card may not come before they can, and going out earns its"
                   " points now.",
                   "Go out rather than stay in for the {meld_on}, {count} cards from a canasta: the other side"
                   " cannot go out yet, but the cards may not come before they can, and going out earns its"
                   " points now.")
    near_mark, far = _score_marks(state)
    behind = max(state.scores[t] for t in range(len(state.teams)) if t != team) - state.scores[team]
    if max(state.scores) >= near_mark or behind < far:
        return None
    facts.update(behind=behind, target=rules.target)
    return N_("Your side is {behind} points behind and nobody is near {target}: going out now still adds to your"
                    " score, and staying in for more would give the other side turns to meld as well.")


def _whole(rules: Rules, meld: Meld) -> Meld:
    """``meld`` grown to a canasta with cards like its first (what its bonus will be)."""
    size = rules.canasta_size
    if meld.size >= size:
        return meld
    grow = size - meld.size
    wild = meld.kind is MeldKind.BOLIVIA
    return Meld(meld.cards + (meld.cards[0],) * grow, meld.rank, meld.naturals + (0 if wild else grow),
                meld.wilds + (grow if wild else 0), meld.kind)


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
    action: Action | None = safest_discard(state, spare or legal)
    if action is not None:
        text: Text = NP_("You may not go out yet: your side needs {count} canasta first, so keep a card after melding.",
                         "You may not go out yet: your side needs {count} canastas first, so keep a card after melding.")
        if _has(state, MeldKind.SAMBA):
            text = N_("You may not go out yet: your side needs two canastas, one of them a Samba, so keep a card"
                      " after melding.")
        hand = len(state.hands[state.turn])  # melding first is fine while it leaves a card besides the discard
        melds = tuple(a for a in legal if isinstance(a, MeldAction) and hand - len(a.cards()) >= 2
                      and not _spoils_natural(state, a))
        keeps: tuple[Action, ...] = melds
        more: tuple[Text, ...] = ()
        if melds:  # what can go down, should (Taktik 15): the meld first, the most cards, then the discard
            # a red three first (Taktik 6; in Royal one left in the hand counts 500 against the side:
            # found on hold-out 21, royal/4/10, docs/hints.md)
            first = max(melds, key=lambda a: (any(c in RED_THREES for c in a.cards()), len(a.cards()),
                                              *_toward_canasta(state, a)))
            keeps, action = (action, *(a for a in melds if a != first)), first
            if _has(state, MeldKind.THREES) and any(c in RED_THREES for c in first.cards()):
                more = (N_("Meld the red three first: one left in your hand when the hand ends counts 500 points"
                           " against your side."),)
        facts: dict[str, FactValue] = {"count": state.rules.canastas_to_go_out}
        if isinstance(action, Discard):
            # the going-out rule says why a card is kept, not which: the discard's own reason says that
            facts.update(discard_facts(state, action))
            more = (_DISCARD_TEXTS[_discard_reason(state, action)],)
        yield Hint("rule.not_out_yet", action, (), text, facts, 1.8, keeps, more)


def _completing_steps(state: State, legal: list[Action], depth: int = 3) -> list[tuple[tuple[MeldAction, ...], State]]:
    """The lay-offs of one card each onto one unfinished meld of the side, two or three in the turn,
    that complete it as a canasta and leave a card to discard, no step spending a wild card on a
    natural canasta in the making (``_spoils_natural``). The engine offers a lay-off one card at a
    time, so a canasta that needs the natural card and two wild cards is no single move. Each with
    the state after its last step."""
    team, seat, rules = state.team_of(state.turn), state.turn, state.rules
    before = state.canastas(team)
    found: list[tuple[tuple[MeldAction, ...], State]] = []

    def extend(current: State, steps: tuple[MeldAction, ...], moves: Sequence[Action]) -> None:
        for action in moves:
            if not (isinstance(action, MeldAction) and not action.melds and len(action.layoffs) == 1
                    and len(action.layoffs[0].cards) == 1 and len(current.hands[seat]) >= 3):
                continue
            onto = action.layoffs[0].onto
            meld = current.melds[team][onto]
            if (steps and onto != steps[0].layoffs[0].onto) or rules.is_canasta(meld) \
                    or meld.size + depth - len(steps) < rules.canasta_size or _spoils_natural(current, action):
                continue
            after = apply(current, action)
            if after.canastas(team) > before:
                found.append((steps + (action,), after))
            elif len(steps) + 1 < depth:
                extend(after, steps + (action,), legal_actions(after))

    extend(state, (), legal)
    return [(steps, after) for steps, after in found if len(steps) > 1]


def _complete_canasta(state: State, legal: list[Action]) -> Iterator[Hint]:
    """A meld that completes a canasta, the one worth most: a natural card before a wild one (a
    natural canasta's bonus is the larger), so the learner sees what the canasta is worth. Where no
    one move completes one, the turn's lay-offs onto one meld that do (hold-out 24's classic/4/34:
    the 5♣ and both twos on the 5s, the side's first canasta, beat the twos laid elsewhere by 800
    points), shown whole, its wild card first (as the way out: a natural card has one meld to go to)."""
    if state.phase is not Phase.PLAY:
        return
    team = state.team_of(state.turn)
    hand = len(state.hands[state.turn])
    rules = state.rules
    before, worth = state.canastas(team), _table_worth(state, team)
    bonus = sum(rules.meld_bonus(m) for m in state.melds[team])
    found = []
    for action in legal:
        if isinstance(action, MeldAction) and hand - len(action.cards()) >= 1 and not _spoils_natural(state, action):
            after = apply(state, action)
            if after.canastas(team) > before:  # the largest bonus gained, with the fewest cards
                gain = sum(rules.meld_bonus(m) for m in after.melds[team]) - bonus
                # of as many cards, the jokers (Taktik 11: "använd jokern eftersom den ger mera poäng")
                found.append(((gain, -len(action.cards()), action.cards().count(JOKER)), _table_worth(after, team) - worth,
                              action,
                              cards_of(action)))
    if not found and rules.name in MULTI_STEP_CANASTA:
        for steps, after in _completing_steps(state, legal):
            cards = tuple(c for step in steps for c in cards_of(step))
            gain = sum(rules.meld_bonus(m) for m in after.melds[team]) - bonus
            wilds = sum(1 for c in cards if WILD[c])
            # of as many wild cards, the jokers (Taktik 11: "använd jokern eftersom den ger mera poäng")
            first = max((a for a in steps if a in legal),
                        key=lambda a: (WILD[a.layoffs[0].cards[0]], a.layoffs[0].cards[0] == JOKER))
            found.append(((gain - wilds, -len(cards), cards.count(JOKER)), _table_worth(after, team) - worth, first,
                          cards))
    if found:
        _, points, best, cards = max(found, key=lambda f: f[0])
        facts: dict[str, FactValue] = {"cards": cards, "points": points}
        text = N_("Meld {cards}: it completes a canasta, {points} points more on the table for your side.")
        onto = {layoff.onto for layoff in best.layoffs}
        target = state.melds[team][onto.pop()] if not best.melds and len(onto) == 1 else None
        if target is not None and target.kind in (MeldKind.RANK, MeldKind.THREES):
            # named, or "Meld 2♣ 2♠ Joker" reads as a new meld of wild cards alone, which is refused
            text = N_("Add {cards} to your meld of {rank_of}: it completes a canasta, {points} points more on the table"
                      " for your side.")
            facts["rank"] = target.rank
            if len(cards) > len(best.cards()):
                # the turn's lay-offs, one card a move: the text says the move's card first, then the rest
                rest = list(cards)
                rest.remove(best.cards()[0])
                facts.update(card=best.cards()[0], others=tuple(rest))
                text = N_("Add the {card} to your meld of {rank_of}, then {others}: together they complete a canasta,"
                          " {points} points more on the table for your side.")
        elif target is not None:
            facts["meld"] = meld_name(rules, target)
            text = N_("Lay {cards} off on the {meld_on}: it completes a canasta, {points} points more on the table for"
                      " your side.")
        yield Hint("tactics.complete_canasta", best, cards, text, facts, 1.9,
                   tuple(a for a in legal if isinstance(a, MeldAction)))


# the variants where the turn's lay-offs that complete a canasta are advised: Classic and Wiener, where
# one canasta lets the side go out. Measured (docs/hints.md; the new move against the old in
# the same worlds): on the tuning set and hold-outs 19-24 Classic +106 on average over 13 positions,
# Wiener +85 over 11; on the freeze set 51 +129 (8) and +113 (5), the discard sets 31-32 +38 (8); Royal
# -183 over 18 (40 playouts: its wild cards belong in Bolivias, Taktik 8) and Swedish -10 over 30, both
# variants that need two canastas to go out
MULTI_STEP_CANASTA = frozenset({"classic", "wiener"})


def _answer(state: State, legal: list[Action]) -> Iterator[Hint]:
    """Partner asks "may I go out?": yes where the points left in this hand cost the side less than
    what going out gains it (the going-out bonus, and the other side caught with its cards, which
    count against it), no where they cost more and the hand can still be melded down (seed 001: the
    answer binds). Measured on 120 asked positions from club games (bench/hint_quality.py --answers
    18): yes was better in every Classic and Wiener one, even with 145 points in the hand; the
    bonus alone said no to those (docs/hints.md). Where the hand completes a canasta by itself next turn,
    no still lost to yes in every variant (docs/hints.md): the answer stays with the points."""
    if state.phase is not Phase.ANSWER:
        return
    rules = state.rules
    points = sum(rules.value(c) for c in state.hands[state.turn])
    caught = _caught_points(state)
    gain = rules.going_out_bonus + caught - points
    team = state.team_of(state.turn)
    ours = _potential(state, team)
    theirs = max(_potential(state, t) for t in range(len(state.teams)) if t != team)
    facts: dict[str, FactValue] = {"points": points, "reward": rules.going_out_bonus, "caught": caught}
    if _has(state, MeldKind.SAMBA) and ours - theirs > gain and len(state.stock) >= 10:
        # Taktik 13 (seed 000): "du ofta att vilja fortsätta omgången eftersom de mälningar som du bygger
        # har mer potential än motspelarnas mälningar"; measured in Royal only (docs/hints.md): elsewhere
        # the canastas on their way are worth less than going out and catching the other side's hands
        if AnswerGoOut(False) in legal:
            facts.update(ours=ours, theirs=theirs)
            yield Hint("tactics.answer", AnswerGoOut(False), (), N_(
                "Answer no: your side's unfinished melds promise about {ours} points in canasta bonuses, the other"
                " side's about {theirs}; that is more than going out gains now, so stay in."), facts, 2.0)
        return
    yes = gain > 0
    action = AnswerGoOut(yes)
    if action not in legal:
        return
    text = (N_("Answer yes: the {points} points left in your hand cost your side less than going out gains it: the"
               " {reward} points for going out, and about {caught} points in the cards the other side still holds,"
               " which count against it.") if yes else
            N_("Answer no: the {points} points left in your hand would count against your side, more than the"
               " {reward} points for going out and about {caught} points in the cards the other side still holds;"
               " meld them first."))
    yield Hint("tactics.answer", action, (), text, facts, 2.0)


def _safe_discard(state: State, legal: list[Action]) -> Iterator[Hint]:
    """Advice at the everyday discard, where no tip speaks about it: the safest card and why."""
    if state.phase is not Phase.PLAY:
        return
    choice = safest_discard(state, legal)
    if choice is None or len({a.card for a in legal if isinstance(a, Discard)}) < 2:
        return
    others = tuple(a for a in legal if isinstance(a, MeldAction))  # melding first goes on to this discard
    yield Hint("tactics.safe_discard", choice, (choice.card,), _DISCARD_TEXTS[_discard_reason(state, choice)],
               discard_facts(state, choice), 0.3, others, melds_first=True)
