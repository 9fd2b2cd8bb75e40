"""What each action does: its checks and the state after it (the judge's handlers).

:mod:`engine.judge.game` is the judge, and dispatches to these; two of its rules ask the going-out
search (:mod:`engine.judge.going_out`) and so live there, above it: asking partner ("may I go out?")
and, after a partner's "yes" before the pile (Royal), that the pile take leads out. Everything
here is below the search, which tries meld actions and pile takes with these checks
(:func:`legal_meld`, :func:`legal_take`). Each handler checks everything first and builds the
new state last; a refusal raises :class:`IllegalActionError` and changes nothing.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence

from engine.core.actions import (
    AnswerGoOut,
    Discard,
    Draw,
    DrawReplacement,
    Layoff,
    MeldAction,
    TakePile,
)
from engine.core.cards import RED_THREES, WILD, Card, RANKS
from engine.core.errors import IllegalActionError, InvalidInputError
from engine.core.i18n import N_
from engine.core.melds import Meld, MeldKind
from engine.core.rules import AskMode, Concealment, EndOfStock
from engine.core.state import Phase, State
from engine.judge.meld_plan import MeldPlan, check_going_out, check_opening
from engine.judge.steps import end_hand, lay_out_red_threes, less_known, replaced, require_phase, start_turn, take_from_hand
from engine.judge.take_back import taken_back


# -- the handlers ----------------------------------------------------------------------------


def draw(state: State, action: Draw) -> State:
    require_phase(state, Phase.DRAW)
    if state.turn_state.before_draw and state.turn_state.permission is True:
        raise IllegalActionError("going_out.take_pile")  # seed 000 "Bordssamtal": the answer binds
    if not state.stock:
        raise IllegalActionError("stock.empty")
    seat, team = state.turn, state.team_of(state.turn)
    hand, stock, threes = state.hands[seat], state.stock, state.red_threes[team]
    laid_out = state.rules.red_threes_laid_out  # Royal: red threes drawn stay in the hand
    if laid_out:
        hand, stock, threes = lay_out_red_threes(hand, stock, threes)
    drawn: list[Card] = []
    ended = False
    draws = state.rules.draw_count
    if draws == 1 and stock and stock[0] not in RED_THREES:  # the commonest: one card, no red three (the loop's first pass)
        drawn.append(stock[0])
        stock = stock[1:]
        draws = 0
    for _ in range(draws):
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
    hands = replaced(state.hands, seat, hand)
    red_threes = state.red_threes if threes is state.red_threes[team] else replaced(state.red_threes, team, threes)
    if ended:
        return end_hand(state, hands=hands, stock=stock, red_threes=red_threes)
    return state.evolve(phase=Phase.PLAY, hands=hands, stock=stock, red_threes=red_threes)


def _frozen_refusal(state: State, team: int, top: Card, hand: Sequence[Card], used: int) -> IllegalActionError:
    """``used``: the top card's naturals the take melds from the hand. Said beside those held, so a
    player who holds the pair but chose one of them (or a wild card) is not told only "you hold 2"."""
    held = sum(1 for c in hand if not WILD[c] and RANKS[c] == RANKS[top])
    freezer = state.freezer()
    if freezer is None:
        return IllegalActionError("pile.frozen_unopened", rank=RANKS[top], top=top, count=held, used=used)
    return IllegalActionError("pile.frozen", freezer=freezer, rank=RANKS[top], top=top, count=held, used=used)


def take_pile_checked(state: State, action: TakePile, trusted: bool = False) -> tuple[
        MeldPlan, tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], tuple[int, ...]]:
    """Every check of a pile take but, for a player with his partner's yes (Royal), that it leads
    out: the side's melds after it, the hand, the stock, the side's red threes and the red threes
    that came with the pile. ``trusted``: the take is one of ``legal_actions(state)``, and the
    checks that only refuse (the pile blocked, the opening minimum, going out) are left out."""
    require_phase(state, Phase.DRAW)
    top = state.top()
    if top is None:
        raise IllegalActionError("pile.empty")
    rules = state.rules
    blocker = None if trusted else rules.pile_blocker(state)
    if blocker is not None:
        raise IllegalActionError(blocker, top=top)
    seat, team = state.turn, state.team_of(state.turn)
    frozen = not trusted and state.is_pile_frozen_for(team)
    hand = state.hands[seat]
    if rules.single_card_pile_refused and len(state.pile) == 1 and len(hand) == 1:
        raise IllegalActionError("pile.single_card", top=top)  # seed 000 "Sakhögen"
    if action.onto is not None:
        if frozen:  # seed 001 "Frystur haugur": only a natural pair from the hand takes it
            raise _frozen_refusal(state, team, top, hand, 0)
        if action.onto >= len(state.melds[team]):
            raise InvalidInputError("action.onto", N_("your side has no meld {index}"), index=action.onto)
        target = state.melds[team][action.onto]
        if target.kind is MeldKind.RANK and target.rank != RANKS[top]:
            raise IllegalActionError("pile.onto_rank", top=top, rank=target.rank)
        if not rules.takes_top_card(target):
            if target.size < rules.canasta_size:  # not a complete canasta: the meld's own rule
                rules.extend_meld(target, (top,))
            raise IllegalActionError("pile.onto_canasta", top=top, count=target.size)
        plan = MeldPlan(state, team, action.melds, (Layoff(action.onto, (top,)),), "action")
    else:
        naturals = sum(1 for c in action.meld if not WILD[c] and RANKS[c] == RANKS[top])
        wilds = sum(1 for c in action.meld if WILD[c])
        if any(not WILD[c] and RANKS[c] != RANKS[top] for c in action.meld):
            # the cards named: "does not use it" misled a player whose pair was there beside another meld
            raise IllegalActionError("pile.top_card", top=top,
                                     cards=tuple(c for c in action.meld if not WILD[c] and RANKS[c] != RANKS[top]))
        if frozen and naturals < 2:
            take_from_hand(hand, action.meld)
            raise _frozen_refusal(state, team, top, hand, naturals)
        if frozen and wilds:  # seed 001 "Frystur haugur": "náttúrulegt meld (meld án villikorta)"
            take_from_hand(hand, action.meld)
            raise IllegalActionError("pile.frozen_wild", top=top)
        if naturals < 2 and wilds > rules.pile_wilds():
            raise IllegalActionError("pile.wild_cards", top=top, allowed=rules.pile_wilds(), count=wilds)
        plan = MeldPlan(state, team, ((top,) + action.meld,) + action.melds, (), "action")
    used = [c for m in action.melds for c in m] + list(action.meld)
    rest = take_from_hand(hand, used)
    if not trusted:
        check_opening(state, team, plan, waived=False)
    taken = state.pile[:-1]
    stock, threes, pile_threes = state.stock, state.red_threes[team], state.pile_threes
    if rules.red_threes_laid_out:
        # pagat (001 is silent): red threes taken with the pile are laid out and not replaced.
        threes += tuple(c for c in taken if c in RED_THREES)
        rest, stock, threes = lay_out_red_threes(rest, stock, threes)
        new_hand = tuple(sorted(rest + tuple(c for c in taken if c not in RED_THREES)))
    else:  # Royal: they go to the hand, and melding them later earns no replacement
        new_hand = tuple(sorted(rest + taken))
        came = sum(1 for c in taken if c in RED_THREES)
        pile_threes = replaced(pile_threes, seat, pile_threes[seat] + came)
    if not trusted:
        check_going_out(state, plan, len(new_hand), last=False)
    return plan, new_hand, stock, threes, pile_threes


def take_pile(state: State, action: TakePile, trusted: bool = False) -> State:
    plan, new_hand, stock, threes, pile_threes = take_pile_checked(state, action, trusted)
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
    # everyone saw the pile's cards go into the hand (but red threes laid out at once); known
    # cards melded from the hand in the take leave it
    came = state.pile[:-1]
    if rules.red_threes_laid_out and not RED_THREES.isdisjoint(came):
        came = tuple(c for c in came if c not in RED_THREES)
    known = state.known[seat]
    if known:
        known = less_known(known, action.meld + tuple(c for m in action.melds for c in m))
    changes = dict(
        hands=replaced(state.hands, seat, new_hand),
        melds=replaced(state.melds, team, plan.melds),
        red_threes=replaced(state.red_threes, team, threes),
        known=replaced(state.known, seat, tuple(sorted(known + came))),
        pile=(),
        stock=stock,
        pile_threes=pile_threes,
        has_melded=replaced(state.has_melded, seat, True),
        turn_state=state.turn_state.evolve(melded=True, took_pile=True, concealed=concealed, asker=None,
                                           meld_sizes=tuple(sizes)),
    )
    if not new_hand:
        return end_hand(state, went_out=seat, concealed=concealed, **changes)
    return state.evolve(phase=Phase.PLAY, **changes)


def meld_checked(state: State, action: MeldAction, trusted: bool = False) -> tuple[
        list[Card], tuple[Card, ...], MeldPlan, Concealment]:
    """Every check of a meld action (the judge refuses here or not at all): the cards it melds,
    the hand left, the side's melds after it and how a player going out with it goes out."""
    require_phase(state, Phase.PLAY)
    team = state.seat_team[state.turn]
    cards = action.cards()
    rest = take_from_hand(state.hands[state.turn], cards)
    if action.moves and not state.rules.moves_surplus_wilds:
        raise InvalidInputError("action.moves", N_("only Wiener Canasta moves wild cards from one meld to another"))
    plan = MeldPlan(state, team, action.melds, action.layoffs, "action", action.moves)
    # Going out concealed is the whole hand at once: this meld action and at most the discard.
    concealment = plan.concealment(state) if len(rest) <= 1 else Concealment.NONE
    if action.moves and concealment is Concealment.NONE:  # seed 002: only going out concealed moves them
        raise IllegalActionError("meld.move_wilds", cards=tuple(c for m in action.moves for c in m.cards))
    if not trusted:  # one of legal_actions(state): it meets both
        check_opening(state, team, plan, waived=state.rules.concealed_waives_minimum(concealment))
        check_going_out(state, plan, len(rest))
    return cards, rest, plan, concealment


def meld(state: State, action: MeldAction, trusted: bool = False) -> State:
    seat, team = state.turn, state.seat_team[state.turn]
    cards, rest, plan, concealment = meld_checked(state, action, trusted)
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
        hands=replaced(state.hands, seat, rest),
        melds=replaced(state.melds, team, plan.melds),
        has_melded=replaced(state.has_melded, seat, state.has_melded[seat] or not only_red_threes),
        turn_state=turn_state,
        pile_threes=replaced(state.pile_threes, seat, state.pile_threes[seat] - from_pile),
    )
    if state.known[seat]:  # empty but after a pile take: one index and test
        changes["known"] = replaced(state.known, seat, less_known(state.known[seat], cards))
    if not rest:
        return end_hand(state, went_out=seat, concealed=turn_state.concealed, hand_canasta=turn_state.hand_canasta,
                    **changes)
    return state.evolve(**changes)


def discard_checked(state: State, action: Discard) -> tuple[tuple[Card, ...], tuple[tuple[Meld, ...], int] | None]:
    """Every check of a discard (the judge refuses here or not at all): the hand left and, for a
    card melded this turn taken back (Royal), the side's melds after it and the replacements owed."""
    require_phase(state, Phase.PLAY)
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


def discard(state: State, action: Discard) -> State:
    seat = state.turn
    rest, taken = discard_checked(state, action)
    if taken is not None:
        melds, replacements = taken
        state = state.evolve(melds=replaced(state.melds, state.seat_team[seat], melds),
                             turn_state=state.turn_state.evolve(replacements=replacements))
    hands = replaced(state.hands, seat, rest)
    pile = state.pile + (action.card,)
    known, mine = state.known, state.known[seat]
    if mine and action.meld is None and action.card in mine:  # seen to leave the hand
        known = replaced(known, seat, less_known(mine, (action.card,)))
    if action.card in RED_THREES and state.pile_threes[seat]:  # Royal: which ones came with the pile
        held = sum(1 for c in rest if c in RED_THREES)
        state = state.evolve(pile_threes=replaced(state.pile_threes, seat, min(held, state.pile_threes[seat])))
    if not rest:  # the meld action before set turn_state.concealed only if it went out so
        ts = state.turn_state
        concealed = ts.concealed and ts.melded
        return end_hand(state, hands=hands, pile=pile, went_out=seat, concealed=concealed,
                    hand_canasta=concealed and ts.hand_canasta, known=known)
    if not state.stock and state.rules.end_of_stock is EndOfStock.HAND_ENDS:
        return end_hand(state, hands=hands, pile=pile, went_out=None, known=known)  # seed 003: the stock is used up
    nxt = state.next_seat(seat)
    return state.evolve(hands=hands, pile=pile, turn=nxt, phase=Phase.DRAW, turn_state=start_turn(state, nxt),
                        known=known)


def answer_go_out(state: State, action: AnswerGoOut) -> State:
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


def draw_replacement(state: State, action: DrawReplacement) -> State:
    """Seed 000 "Ersättning av röda treor": optional, one card for each red three melded from the
    hand this turn, impossible with the stock empty and lost with the discard. Variants that lay
    red threes out replace them at once and have no such draw."""
    if state.rules.red_threes_laid_out:
        raise IllegalActionError("replacement.not_in_variant")
    require_phase(state, Phase.PLAY)
    if state.turn_state.replacements <= 0:
        raise IllegalActionError("replacement.none_owed")
    if not state.stock:
        raise IllegalActionError("replacement.stock_empty")
    seat = state.turn
    hand = tuple(sorted(state.hands[seat] + state.stock[:1]))
    turn_state = state.turn_state.evolve(replacements=state.turn_state.replacements - 1)
    return state.evolve(hands=replaced(state.hands, seat, hand), stock=state.stock[1:], turn_state=turn_state)


def legal_meld(state: State, action: MeldAction) -> bool:
    """Whether the judge accepts the meld action (checked, no state built)."""
    try:
        meld_checked(state, action)
    except IllegalActionError:
        return False
    return True


def legal_take(state: State, action: TakePile) -> bool:
    """Whether the judge accepts the pile take, but for a player with his partner's "yes" before
    the pile (Royal), whether it leads out: that the judge asks the going-out search."""
    try:
        take_pile_checked(state, action)
    except IllegalActionError:
        return False
    return True
