"""The judge: ``apply(state, action)`` returns the state after a legal action.

A refused action raises :class:`IllegalActionError` (rule id plus facts) and, the state being
immutable, changes nothing. Each action type has one handler, found by the action's ``type``;
the handlers check everything first and build the new state last.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Mapping, Sequence

from engine.actions import (
    Action,
    AnswerGoOut,
    AskGoOut,
    DeclinePile,
    Discard,
    Draw,
    DrawReplacement,
    Layoff,
    MeldAction,
    TakePile,
)
from engine.cards import RED_THREES, WILD, Card, rank
from engine.errors import IllegalActionError, InvalidInputError
from engine.i18n import N_
from engine.melds import Meld, MeldKind, extend_meld, make_meld
from engine.rules import AskMode, Concealment, EndOfStock
from engine.state import Phase, State, TurnState
from engine.take_back import taken_back


def apply(state: State, action: Action) -> State:
    """The state after ``action`` by the player to act; raises if the rules refuse it."""
    handler = _HANDLERS[action.type]
    return handler(state, action)


def is_legal(state: State, action: Action) -> bool:
    check = _CHECKS.get(action.type)  # a meld action's checks, without building the state after it
    try:
        if check is None:
            apply(state, action)
        else:
            check(state, action)
    except IllegalActionError:
        return False
    return True


# -- shared steps ----------------------------------------------------------------------------


def _require_phase(state: State, phase: Phase) -> None:
    if state.phase is phase:
        return
    if state.phase is Phase.END:
        raise IllegalActionError("hand.over")
    if state.phase is Phase.ANSWER:
        raise IllegalActionError("turn.answer_pending")
    raise IllegalActionError("turn.draw_first" if state.phase is Phase.DRAW else "turn.already_drawn")


def take_from_hand(hand: Sequence[Card], cards: Sequence[Card]) -> tuple[Card, ...]:
    """``hand`` less ``cards`` (a multiset difference), or ``hand.not_held`` naming what is missing."""
    if len(cards) == 1 and cards[0] in hand:  # the commonest: one card (a discard)
        i = hand.index(cards[0])
        return tuple(hand[:i]) + tuple(hand[i + 1 :])
    rest = list(hand)
    missing = []
    for card in cards:
        try:
            rest.remove(card)
        except ValueError:
            missing.append(card)
    if missing:
        raise IllegalActionError("hand.not_held", cards=tuple(missing))
    return tuple(rest)


def _lay_out_red_threes(
    hand: tuple[Card, ...], stock: tuple[Card, ...], threes: tuple[Card, ...]
) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
    """Red threes in hand go face up and are replaced from the stock (seed 001, at one's turn)."""
    while not RED_THREES.isdisjoint(hand):
        kept = tuple(c for c in hand if c not in RED_THREES)
        found = len(hand) - len(kept)
        threes += tuple(c for c in hand if c in RED_THREES)
        hand = tuple(sorted(kept + stock[:found]))
        stock = stock[found:]
    return hand, stock, threes


def _replaced(values: tuple, index: int, value: object) -> tuple:
    """``values`` with the item at ``index`` (a seat or a team) replaced."""
    return values[:index] + (value,) + values[index + 1 :]


_NEW_TURN = TurnState()


def _start_turn(state: State, seat: int) -> TurnState:
    melds = state.melds[state.seat_team[seat]]
    # evolve (a dict copy) is cheaper than a frozen dataclass's __init__; every turn starts here
    return _NEW_TURN.evolve(
        concealed=not state.has_melded[seat],
        melds_before=len(melds),
        meld_sizes=tuple([len(m.cards) for m in melds]),
    )


class _MeldPlan:
    """The side's melds after some new melds and lay-offs, with what the checks need to know."""

    def __init__(
        self,
        state: State,
        team: int,
        new_melds: Sequence[tuple[Card, ...]],
        layoffs: Sequence[Layoff],
        field: str,
    ) -> None:
        rules = state.rules
        melds = list(state.melds[team])
        self.points = 0
        self.black_threes = False
        self.laid_off = any(lo.onto < state.turn_state.melds_before for lo in layoffs)  # on older melds
        self.merged = False  # a new meld joined one older than this turn
        self.hand_canasta = False  # a new meld that is a canasta by itself (Wiener's hand canasta)
        for i, layoff in enumerate(layoffs):
            if layoff.onto >= len(state.melds[team]):
                raise InvalidInputError(f"{field}.layoffs[{i}].onto", N_("your side has no meld {index}"), index=layoff.onto)
            melds[layoff.onto] = extend_meld(rules, melds[layoff.onto], layoff.cards)
        self.placed = [self.add(state, melds, cards) for cards in new_melds]  # where each new meld went
        self.melds = tuple(melds)
        self.opens = any(rules.opens(m) for m in self.melds)  # the side has opened after this
        rules.check_plan(state, team, state.melds[team], self.melds)

    def add(self, state: State, melds: list[Meld], cards: tuple[Card, ...]) -> int:
        rules = state.rules
        meld = make_meld(rules, cards)
        self.points += meld.value(rules)
        self.black_threes |= meld.kind is MeldKind.BLACK_THREES
        self.hand_canasta |= rules.is_canasta(meld)
        for index, existing in enumerate(melds):
            if rules.merges(existing, meld):  # seed 001 "Leikurinn": melds of one rank merge
                melds[index] = extend_meld(rules, existing, cards)
                self.merged |= index < state.turn_state.melds_before
                return index
        melds.append(meld)
        return len(melds) - 1

    def may_go_out(self, state: State) -> bool:
        return state.rules.has_canastas_to_go_out(self.melds)

    def fresh_canasta(self, state: State) -> bool:
        return any(state.rules.is_canasta(m) for m in self.melds[state.turn_state.melds_before :])

    def concealment(self, state: State) -> Concealment:
        """How a player going out with these melds goes out: openly, concealed, or (Wiener)
        with a hand canasta; ``turn_state.concealed`` says nothing earlier ruled it out."""
        ts = state.turn_state
        if not ts.concealed or (ts.took_pile and not state.rules.pile_keeps_concealed):
            return Concealment.NONE
        return state.rules.concealment(laid_off=self.laid_off, merged=self.merged,
                                       fresh_canasta=self.fresh_canasta(state), hand_canasta=self.hand_canasta)


def _check_going_out(state: State, plan: _MeldPlan, remaining: int, last: bool = True) -> None:
    """Seed 001 "Að fara út" and "Að biðja um leyfi": who may meld down to one card or none.
    ``last``: no more melding follows in this turn (a pile take is followed by melds)."""
    permission = state.turn_state.permission
    if plan.black_threes and remaining > 1:
        raise IllegalActionError(state.rules.black_threes_rule, count=remaining)
    if remaining <= 1:
        if not plan.may_go_out(state):
            raise IllegalActionError(state.rules.going_out_rule, count=remaining)
        if permission is False:
            raise IllegalActionError("going_out.refused")
    elif permission is True and last:
        raise IllegalActionError("going_out.required")


def _check_opening(state: State, team: int, plan: _MeldPlan, waived: bool) -> None:
    """Seed 001 "Fyrsta meld takmörk": a side's first melds reach the minimum together."""
    if state.has_opened(team) or not plan.opens or waived:
        return
    minimum = state.opening_minimum(team)
    if plan.points < minimum:
        raise IllegalActionError("opening.minimum", minimum=minimum, score=state.scores[team], points=plan.points)


def _end(state: State, **changes: object) -> State:
    return state.evolve(phase=Phase.END, **changes)  # type: ignore[arg-type]


# -- the handlers ----------------------------------------------------------------------------


def _draw(state: State, action: Draw) -> State:
    _require_phase(state, Phase.DRAW)
    if state.turn_state.before_draw and state.turn_state.permission is True:
        raise IllegalActionError("going_out.take_pile")  # seed 000 "Bordssamtal": the answer binds
    if not state.stock:
        raise IllegalActionError("stock.empty")
    seat, team = state.turn, state.team_of(state.turn)
    hand, stock, threes = state.hands[seat], state.stock, state.red_threes[team]
    laid_out = state.rules.red_threes_laid_out  # Royal: red threes drawn stay in the hand
    if laid_out:
        hand, stock, threes = _lay_out_red_threes(hand, stock, threes)
    drawn: list[Card] = []
    ended = False
    for _ in range(state.rules.draw_count):
        while stock:
            card, stock = stock[0], stock[1:]
            if card not in RED_THREES or not laid_out:
                drawn.append(card)
                break
            threes += (card,)
            # pagat (and seed 002): a red three drawn as the stock's last card ends the hand at once.
            ended = not stock and state.rules.red_three_last_card_ends
    if len(drawn) == 1:  # the commonest: one card into the sorted hand
        at = bisect_right(hand, drawn[0])
        hand = hand[:at] + (drawn[0],) + hand[at:]
    else:
        hand = tuple(sorted(hand + tuple(drawn)))
    hands = _replaced(state.hands, seat, hand)
    red_threes = state.red_threes if threes is state.red_threes[team] else _replaced(state.red_threes, team, threes)
    if ended:
        return _end(state, hands=hands, stock=stock, red_threes=red_threes)
    return state.evolve(phase=Phase.PLAY, hands=hands, stock=stock, red_threes=red_threes)


def _frozen_refusal(state: State, team: int, top: Card, hand: Sequence[Card]) -> IllegalActionError:
    held = sum(1 for c in hand if not WILD[c] and rank(c) == rank(top))
    freezer = state.freezer()
    if freezer is None:
        return IllegalActionError("pile.frozen_unopened", rank=rank(top), top=top, count=held)
    return IllegalActionError("pile.frozen", freezer=freezer, rank=rank(top), top=top, count=held)


def _take_pile_checked(state: State, action: TakePile) -> tuple[_MeldPlan, tuple[Card, ...], tuple[Card, ...],
                                                                tuple[Card, ...], tuple[int, ...]]:
    """Every check of a pile take but, for a player with his partner's yes (Royal), that it leads
    out: the side's melds after it, the hand, the stock, the side's red threes and the red threes
    that came with the pile."""
    _require_phase(state, Phase.DRAW)
    top = state.top()
    if top is None:
        raise IllegalActionError("pile.empty")
    rules = state.rules
    blocker = rules.pile_blocker(state)
    if blocker is not None:
        raise IllegalActionError(blocker, top=top)
    seat, team = state.turn, state.team_of(state.turn)
    frozen = state.is_pile_frozen_for(team)
    hand = state.hands[seat]
    if rules.single_card_pile_refused and len(state.pile) == 1 and len(hand) == 1:
        raise IllegalActionError("pile.single_card", top=top)  # seed 000 "Sakhögen"
    if action.onto is not None:
        if frozen:  # seed 001 "Frystur haugur": only a natural pair from the hand takes it
            raise _frozen_refusal(state, team, top, hand)
        if action.onto >= len(state.melds[team]):
            raise InvalidInputError("action.onto", N_("your side has no meld {index}"), index=action.onto)
        target = state.melds[team][action.onto]
        if target.kind is MeldKind.RANK and target.rank != rank(top):
            raise IllegalActionError("pile.onto_rank", top=top, rank=target.rank)
        if not rules.takes_top_card(target):
            if target.size < rules.canasta_size:  # not a complete canasta: the meld's own rule
                rules.extend_meld(target, (top,))
            raise IllegalActionError("pile.onto_canasta", top=top, count=target.size)
        plan = _MeldPlan(state, team, action.melds, (Layoff(action.onto, (top,)),), "action")
    else:
        naturals = sum(1 for c in action.meld if not WILD[c] and rank(c) == rank(top))
        wilds = sum(1 for c in action.meld if WILD[c])
        if any(not WILD[c] and rank(c) != rank(top) for c in action.meld):
            raise IllegalActionError("pile.top_card", top=top)
        if frozen and naturals < 2:
            take_from_hand(hand, action.meld)
            raise _frozen_refusal(state, team, top, hand)
        if frozen and wilds:  # seed 001 "Frystur haugur": "náttúrulegt meld (meld án villikorta)"
            take_from_hand(hand, action.meld)
            raise IllegalActionError("pile.frozen_wild", top=top)
        if naturals < 2 and wilds > rules.pile_wilds():
            raise IllegalActionError("pile.wild_cards", top=top, allowed=rules.pile_wilds(), count=wilds)
        plan = _MeldPlan(state, team, ((top,) + action.meld,) + action.melds, (), "action")
    used = [c for m in action.melds for c in m] + list(action.meld)
    rest = take_from_hand(hand, used)
    _check_opening(state, team, plan, waived=False)
    taken = state.pile[:-1]
    stock, threes, pile_threes = state.stock, state.red_threes[team], state.pile_threes
    if rules.red_threes_laid_out:
        # pagat (001 is silent): red threes taken with the pile are laid out and not replaced.
        threes += tuple(c for c in taken if c in RED_THREES)
        rest, stock, threes = _lay_out_red_threes(rest, stock, threes)
        new_hand = tuple(sorted(rest + tuple(c for c in taken if c not in RED_THREES)))
    else:  # Royal: they go to the hand, and melding them later earns no replacement
        new_hand = tuple(sorted(rest + taken))
        came = sum(1 for c in taken if c in RED_THREES)
        pile_threes = _replaced(pile_threes, seat, pile_threes[seat] + came)
    _check_going_out(state, plan, len(new_hand), last=False)
    return plan, new_hand, stock, threes, pile_threes


def _take_pile(state: State, action: TakePile) -> State:
    plan, new_hand, stock, threes, pile_threes = _take_pile_checked(state, action)
    rules = state.rules
    seat, team = state.turn, state.seat_team[state.turn]
    # Royal ("Utgång direkt"): a player who takes the pile may still go out concealed, melding
    # the rest of his hand at once; elsewhere melding the top card rules it out (seed 002)
    concealed = rules.pile_keeps_concealed and state.turn_state.concealed
    # the pile's top card counts as on the table before the turn: it is no discard (Royal)
    sizes = [m.size for m in state.melds[team]]
    top_meld = action.onto if action.onto is not None else plan.placed[0]
    sizes += [0] * (top_meld + 1 - len(sizes))
    sizes[top_meld] += 1
    changes = dict(
        hands=_replaced(state.hands, seat, new_hand),
        melds=_replaced(state.melds, team, plan.melds),
        red_threes=_replaced(state.red_threes, team, threes),
        pile=(),
        stock=stock,
        pile_threes=pile_threes,
        has_melded=_replaced(state.has_melded, seat, True),
        turn_state=state.turn_state.evolve(melded=True, took_pile=True, concealed=concealed, asker=None,
                                           meld_sizes=tuple(sizes)),
    )
    if not new_hand:
        return _end(state, went_out=seat, concealed=concealed, **changes)
    after = state.evolve(phase=Phase.PLAY, **changes)  # type: ignore[arg-type]
    if state.turn_state.permission is True:  # Royal, asked before the pile: the take must lead out
        from engine.going_out import exact_plan
        from engine.going_out_search import SearchTooLong

        try:
            leads_out = exact_plan(after) is not None
        except SearchTooLong:
            leads_out = False  # as when asking: no way out known
        if not leads_out:
            raise IllegalActionError("going_out.required")
    return after


def _take_pile_check(state: State, action: TakePile) -> object:
    if state.turn_state.permission is True:  # whether the take leads out: asked of the state after it
        return _take_pile(state, action)
    return _take_pile_checked(state, action)


def _meld_checked(state: State, action: MeldAction) -> tuple[list[Card], tuple[Card, ...], _MeldPlan, Concealment]:
    """Every check of a meld action (the judge refuses here or not at all): the cards it melds,
    the hand left, the side's melds after it and how a player going out with it goes out."""
    _require_phase(state, Phase.PLAY)
    team = state.seat_team[state.turn]
    cards = action.cards()
    rest = take_from_hand(state.hands[state.turn], cards)
    plan = _MeldPlan(state, team, action.melds, action.layoffs, "action")
    # Going out concealed is the whole hand at once: this meld action and at most the discard.
    concealment = plan.concealment(state) if len(rest) <= 1 else Concealment.NONE
    _check_opening(state, team, plan, waived=state.rules.concealed_waives_minimum(concealment))
    _check_going_out(state, plan, len(rest))
    return cards, rest, plan, concealment


def _meld(state: State, action: MeldAction) -> State:
    seat, team = state.turn, state.seat_team[state.turn]
    cards, rest, plan, concealment = _meld_checked(state, action)
    ts = state.turn_state
    # Royal: red threes melded on their own are no meld that spoils going out concealed later,
    # and each one melded from the hand may be replaced from the stock before the discard.
    reds = 0 if RED_THREES.isdisjoint(cards) else sum(1 for c in cards if c in RED_THREES)
    only_red_threes = reds == len(cards) and not plan.opens
    from_pile = min(reds, state.pile_threes[seat])
    concealed = concealment is not Concealment.NONE or (only_red_threes and ts.concealed)
    # the sizes the turn began with, made explicit for a position that left them out
    sizes = ts.meld_sizes or tuple(m.size for m in state.melds[team][: ts.melds_before])
    turn_state = ts.evolve(melded=True, asker=None, concealed=concealed, meld_sizes=sizes,
                           hand_canasta=concealment is Concealment.HAND_CANASTA,
                           replacements=ts.replacements + reds - from_pile)
    changes = dict(
        hands=_replaced(state.hands, seat, rest),
        melds=_replaced(state.melds, team, plan.melds),
        has_melded=_replaced(state.has_melded, seat, state.has_melded[seat] or not only_red_threes),
        turn_state=turn_state,
        pile_threes=_replaced(state.pile_threes, seat, state.pile_threes[seat] - from_pile),
    )
    if not rest:
        return _end(state, went_out=seat, concealed=turn_state.concealed, hand_canasta=turn_state.hand_canasta,
                    **changes)
    return state.evolve(**changes)  # type: ignore[arg-type]


def _discard_checked(state: State, action: Discard) -> tuple[tuple[Card, ...], tuple[tuple[Meld, ...], int] | None]:
    """Every check of a discard (the judge refuses here or not at all): the hand left and, for a
    card melded this turn taken back (Royal), the side's melds after it and the replacements owed."""
    _require_phase(state, Phase.PLAY)
    seat, team = state.turn, state.seat_team[state.turn]
    hand = state.hands[seat]
    taken = None
    if action.meld is None and action.card in hand:
        rest = take_from_hand(hand, (action.card,))
    else:  # Royal: a card melded this turn, taken back from its meld
        rest = hand
        taken = taken_back(state, team, action.card, action.meld)
    permission = state.turn_state.permission
    if not rest:
        if not state.rules.has_canastas_to_go_out(state.melds[team] if taken is None else taken[0]):
            raise IllegalActionError(state.rules.going_out_rule, count=0)
        if permission is False:
            raise IllegalActionError("going_out.refused")
    elif permission is True:
        raise IllegalActionError("going_out.required")
    return rest, taken


def _discard(state: State, action: Discard) -> State:
    seat = state.turn
    rest, taken = _discard_checked(state, action)
    if taken is not None:
        melds, replacements = taken
        state = state.evolve(melds=_replaced(state.melds, state.seat_team[seat], melds),
                             turn_state=state.turn_state.evolve(replacements=replacements))
    hands = _replaced(state.hands, seat, rest)
    pile = state.pile + (action.card,)
    if action.card in RED_THREES and state.pile_threes[seat]:  # Royal: which ones came with the pile
        held = sum(1 for c in rest if c in RED_THREES)
        state = state.evolve(pile_threes=_replaced(state.pile_threes, seat, min(held, state.pile_threes[seat])))
    if not rest:  # the meld action before set turn_state.concealed only if it went out so
        ts = state.turn_state
        concealed = ts.concealed and ts.melded
        return _end(state, hands=hands, pile=pile, went_out=seat, concealed=concealed,
                    hand_canasta=concealed and ts.hand_canasta)
    if not state.stock and state.rules.end_of_stock is EndOfStock.HAND_ENDS:
        return _end(state, hands=hands, pile=pile, went_out=None)  # seed 003: the stock is used up
    nxt = state.next_seat(seat)
    return state.evolve(hands=hands, pile=pile, turn=nxt, phase=Phase.DRAW, turn_state=_start_turn(state, nxt))


def _ask_go_out(state: State, action: AskGoOut) -> State:
    from engine.going_out import may_ask  # the solver judges with this module

    # Seed 000 "Bordssamtal": a player who means to take the pile asks before taking it.
    before_draw = state.phase is Phase.DRAW and state.rules.ask_before_pile
    if not before_draw:
        _require_phase(state, Phase.PLAY)
    ts = state.turn_state
    if ts.asked:
        raise IllegalActionError("ask.twice")
    if ts.took_pile and state.rules.ask_before_pile:
        raise IllegalActionError("ask.after_pile")
    if ts.melded:
        raise IllegalActionError("ask.after_meld")
    partners = state.partners(state.turn)
    if not partners:
        raise IllegalActionError("ask.no_partner")
    if not may_ask(state):
        raise IllegalActionError("ask.cannot_go_out")
    turn_state = ts.evolve(asked=True, asker=state.turn, before_draw=before_draw)
    return state.evolve(turn=partners[0], phase=Phase.ANSWER, turn_state=turn_state)


def _answer_go_out(state: State, action: AnswerGoOut) -> State:
    if state.phase is not Phase.ANSWER:
        if state.phase is Phase.END:
            raise IllegalActionError("hand.over")
        raise IllegalActionError("answer.not_asked")
    asker = state.turn_state.asker
    assert asker is not None, "Phase.ANSWER always records the asker"
    partners = state.partners(asker)
    later = partners[partners.index(state.turn) + 1 :]
    mode = state.rules.ask_mode
    if action.yes is None:  # passing the question on (seed 002, six players: to the partner on the right)
        if mode is not AskMode.LEFT_MAY_PASS or not later:
            raise IllegalActionError("answer.cannot_pass")
        return state.evolve(turn=later[0])
    if action.yes and mode is AskMode.ALL_AGREE and later:  # seed 000: one "no" is no
        return state.evolve(turn=later[0])
    turn_state = state.turn_state.evolve(asker=None, permission=action.yes)
    phase = Phase.DRAW if turn_state.before_draw else Phase.PLAY
    return state.evolve(turn=asker, phase=phase, turn_state=turn_state)


def _draw_replacement(state: State, action: DrawReplacement) -> State:
    """Seed 000 "Ersättning av röda treor": optional, one card for each red three melded from the
    hand this turn, impossible with the stock empty and lost with the discard."""
    _require_phase(state, Phase.PLAY)
    if state.turn_state.replacements <= 0:
        raise IllegalActionError("replacement.none_owed")
    if not state.stock:
        raise IllegalActionError("replacement.stock_empty")
    seat = state.turn
    hand = tuple(sorted(state.hands[seat] + state.stock[:1]))
    turn_state = state.turn_state.evolve(replacements=state.turn_state.replacements - 1)
    return state.evolve(hands=_replaced(state.hands, seat, hand), stock=state.stock[1:], turn_state=turn_state)


def _decline_pile(state: State, action: DeclinePile) -> State:
    _require_phase(state, Phase.DRAW)
    if state.stock:
        raise IllegalActionError("stock.not_empty")
    if state.rules.end_of_stock is EndOfStock.MUST_TAKE_FITTING:
        team = state.team_of(state.turn)
        for index in range(len(state.melds[team])):
            if is_legal(state, TakePile(onto=index)):
                raise IllegalActionError("stock.must_take", top=state.pile[-1])
    return _end(state, went_out=None)


_HANDLERS: Mapping[str, Callable[[State, Action], State]] = {
    "draw": _draw,  # type: ignore[dict-item]
    "take_pile": _take_pile,  # type: ignore[dict-item]
    "meld": _meld,  # type: ignore[dict-item]
    "discard": _discard,  # type: ignore[dict-item]
    "ask_go_out": _ask_go_out,  # type: ignore[dict-item]
    "answer_go_out": _answer_go_out,  # type: ignore[dict-item]
    "decline_pile": _decline_pile,  # type: ignore[dict-item]
    "draw_replacement": _draw_replacement,  # type: ignore[dict-item]
}
_CHECKS: Mapping[str, Callable[[State, Action], object]] = {
    "meld": _meld_checked,  # type: ignore[dict-item]
    "discard": _discard_checked,  # type: ignore[dict-item]
    "take_pile": _take_pile_check,  # type: ignore[dict-item]
}
