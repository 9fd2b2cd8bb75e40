"""Legal-action generation for bots and tests.

A turn's melding can be split many ways, so ``legal_actions`` lists a canonical set rather than
every equivalent action: each distinct discard; each single lay-off and each new meld (one per
rank, natural count and wild count, the lowest card codes chosen); opening melds as combinations
of whole ranks topped up with wild cards until they reach the minimum; every way to take the pile
in its simplest form; the best way out when there is one. Every action listed is one the judge
accepts (the property tests check this on many seeded games).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import TypeVar

from engine.core.actions import (
    Action,
    DrawReplacement,
    AnswerGoOut,
    AskGoOut,
    DeclinePile,
    Discard,
    Draw,
    Layoff,
    MeldAction,
    TakePile,
)
from engine.core.cards import BLACK_THREES, RED_THREES, WILD, Card, RANKS, RUN_PLACES
from engine.core.melds import Meld, MeldKind
from engine.judge.game import is_legal
from engine.judge.going_out import going_out_plan, judged_plan, pile_way_out
from engine.judge.pile_takes import _MELD_RANK, _opening_sets, _pile_options, _split_hand, pile_takes
from engine.judge.going_out_search import QUICK_BUDGET, SearchTooLong
from engine.core.rules import AskMode, Rules
from engine.core.state import Phase, State

_DISCARDS = tuple(Discard(card) for card in range(53))  # actions are values: share them
_DRAW, _ASK = Draw(), AskGoOut()


@lru_cache(maxsize=4096)
def _single_layoff(onto: int, card: Card) -> MeldAction:
    return MeldAction(layoffs=(Layoff(onto, (card,)),))


def _single_meld(cards: tuple[Card, ...]) -> MeldAction:
    """One new meld of ``cards``, one shared action for the same cards (a plain dictionary: compiled,
    a look-up in it is native where a cached function's call goes through Python)."""
    action = _SINGLE_MELDS.get(cards)
    if action is None:
        if len(_SINGLE_MELDS) >= 16384:
            _SINGLE_MELDS.clear()
        action = _SINGLE_MELDS[cards] = MeldAction(melds=(cards,))
    return action


_SINGLE_MELDS: dict[tuple[Card, ...], MeldAction] = {}


def legal_actions(state: State) -> list[Action]:
    if state.phase is Phase.DRAW:
        return _draw_phase(state)
    if state.phase is Phase.PLAY:
        return _play_phase(state)
    if state.phase is Phase.ANSWER:
        answers: list[Action] = [AnswerGoOut(True), AnswerGoOut(False)]
        asker = state.turn_state.asker
        if state.rules.ask_mode is AskMode.LEFT_MAY_PASS and asker is not None and state.partners(asker)[-1] != state.turn:
            answers.append(AnswerGoOut(None))
        return answers
    return []


def _remaining_ok(state: State, remaining: int, action: Action) -> bool:
    """Seed 001 "Að fara út": down to one card or none only when the side may go out; those
    few actions the judge decides."""
    if remaining <= 1:
        return is_legal(state, action)
    return state.turn_state.permission is not True


# -- drawing ---------------------------------------------------------------------------------


def _draw_phase(state: State, ask: bool = True) -> list[Action]:
    """The draw phase's actions; ``ask=False`` leaves out asking partner before the pile (Royal:
    a going-out search after each take), which ``club.ClubBot.act`` does not need with stock left."""
    ts = state.turn_state
    if ts.before_draw and ts.permission is True:  # Royal: a yes binds the pile take
        return [take for take in pile_takes(state) if is_legal(state, take)]
    actions = _pile_options(state)
    if ask and state.rules.ask_before_pile and not ts.asked and actions and state.partners(state.turn):
        try:
            if pile_way_out(state, QUICK_BUDGET, tuple(a for a in actions if isinstance(a, TakePile))) is not None:
                actions.append(AskGoOut())
        except SearchTooLong:  # offered only where a way out is known
            pass
    if state.stock:
        actions.insert(0, _DRAW)
    elif is_legal(state, DeclinePile()):  # a variant may oblige the player to take
        actions.insert(0, DeclinePile())
    return actions


# -- melding ---------------------------------------------------------------------------------


def _play_phase(state: State, taken_back: bool = True) -> list[Action]:
    """The play phase's actions; ``taken_back=False`` leaves out Royal's discards from melds (the
    club player's self-play step, ``club.ClubBot.act``, lists them only where it needs them)."""
    seat, team = state.turn, state.seat_team[state.turn]
    hand = state.hands[seat]
    turn_state = state.turn_state
    by_rank, wilds = _split_hand(hand)  # wilds sorted, as the hand is
    actions: list[Action] = []
    if turn_state.permission is True:  # the partner said yes: only what keeps the way out
        return _after_yes(state)
    soon = _may_go_out_soon(state, by_rank, len(wilds)) and not _lone_naturals(state, by_rank)
    plan = going_out_plan(state) if soon else None
    if plan is not None:
        if plan.meld is not None:
            actions.append(plan.meld)
        if not turn_state.asked and not turn_state.melded and turn_state.permission is None and state.partners(seat):
            actions.append(_ASK)
    if state.has_opened(team):
        actions.extend(_new_melds(state, hand, by_rank, wilds))
        actions.extend(_layoffs(state, hand, by_rank, wilds))
    else:
        for melds in _opening_sets(state, hand, 0, (by_rank, wilds)):
            action = MeldAction(melds=melds)
            # built to be valid melds over the minimum: only a near-empty hand needs the judge
            if len(hand) - sum(map(len, melds)) >= 2 or is_legal(state, action):
                actions.append(action)
    if len(state.rules.meld_kinds) > 2:
        actions.extend(_special_melds(state, hand, wilds))
    if turn_state.replacements > 0 and state.stock:
        actions.append(DrawReplacement())
    if len(hand) > 1 or is_legal(state, _DISCARDS[hand[0]]):
        discards, last = _DISCARDS, -1
        for card in hand:  # each distinct card, sorted as the hand (a plain loop: compiled, no calls)
            if card != last:
                actions.append(discards[card])
                last = card
    if taken_back and state.rules.discard_from_meld and turn_state.melded:
        actions.extend(_discards_from_melds(state))
    return actions


def _after_yes(state: State) -> list[Action]:
    """After partner's "yes" (seed 000 "Bordssamtal": "svaret är bindande"; 001 "Að biðja um leyfi":
    the game enforces the answer): the way out the judge's own search finds (``judged_plan``, the
    search ``leads_out`` asks of every action after a yes), and its discard once the meld is down. The
    quick search of other turns could miss a way out the judge had found, leaving the player no legal
    action. As elsewhere the list is canonical: a red three's replacement, optional, which the judge
    allows after a yes only where the way out stays open, is not listed (the way out needs none)."""
    hand = state.hands[state.turn]
    actions: list[Action] = []
    plan = judged_plan(state)
    if plan is not None and plan.meld is not None:
        actions.append(plan.meld)
    if len(hand) == 1 and is_legal(state, _DISCARDS[hand[0]]):
        actions.append(_DISCARDS[hand[0]])
    return actions


def _discards_from_melds(state: State) -> list[Action]:
    """Royal: each distinct card melded this turn that may be taken back as the discard."""
    ts = state.turn_state
    sizes, before_turn = ts.meld_sizes, ts.melds_before
    rows = _TAKEN_BACK_ROWS
    actions: list[Action] = []
    for index, meld in enumerate(state.melds[state.seat_team[state.turn]]):
        before = sizes[index] if index < len(sizes) else (meld.size if index < before_turn else 0)
        if before >= len(meld.cards):
            continue  # nothing melded onto it this turn
        row = rows[index] if index < len(rows) else _taken_back_row(index)
        for card in sorted(set(meld.cards[before:])):
            action = row[card]
            if is_legal(state, action):
                actions.append(action)
    return actions


# Each meld index's discards taken back from it, one shared action a card, made once (as the
# lay-offs' rows): a row read by card code costs less than a frozen dataclass made a card.
_TAKEN_BACK_ROWS: list[tuple[Discard, ...]] = []


def _taken_back_row(index: int) -> tuple[Discard, ...]:
    return _grown(_TAKEN_BACK_ROWS, index, lambda at, card: Discard(card, at))


_Shared = TypeVar("_Shared", Discard, MeldAction)


def _grown(rows: list[tuple[_Shared, ...]], index: int, make: Callable[[int, Card], _Shared]) -> tuple[_Shared, ...]:
    """Row ``index`` of a table of shared actions by meld index and card code, the rows up to it made once."""
    while len(rows) <= index:
        at = len(rows)
        rows.append(tuple(make(at, card) for card in range(53)))
    return rows[index]


def _special_melds(state: State, hand: Sequence[Card], wilds: list[Card]) -> list[Action]:
    """Royal's other kinds, each checked by the judge (they are few): red threes, alone or into
    the side's unfinished meld of threes, with black threes once opened; Sambas from the runs of
    a suit; a Bolivia; cards laid off on those melds."""
    team = state.seat_team[state.turn]
    candidates: list[MeldAction] = []
    if not RED_THREES.isdisjoint(hand):
        reds = tuple(c for c in hand if c in RED_THREES)
        candidates.append(MeldAction(melds=(reds[:1],)))
        if not BLACK_THREES.isdisjoint(hand):
            candidates.append(MeldAction(melds=(reds[:1] + tuple(c for c in hand if c in BLACK_THREES)[:1],)))
    by_suit: dict[int, dict[int, Card]] = {}  # by suit, in the order the suits first come in the hand
    meld_rank = _MELD_RANK
    for card in hand:
        if meld_rank[card]:  # a natural other than a three
            cards = by_suit.get(card & 3)
            if cards is None:
                by_suit[card & 3] = {RUN_PLACES[card]: card}
            else:
                cards[RUN_PLACES[card]] = card
    min_meld = state.rules.min_meld
    for cards in by_suit.values():  # each run of consecutive places, lowest first
        run: list[Card] = []
        last = 0
        for place in sorted(cards):
            if place != last + 1 and run:
                if len(run) >= min_meld:
                    candidates.append(MeldAction(melds=(tuple(run[:3]),)))
                    if len(run) > 3:  # a run of three is its own first three: judged once
                        candidates.append(MeldAction(melds=(tuple(run[:7]),)))
                run = []
            run.append(cards[place])
            last = place
        if len(run) >= min_meld:
            candidates.append(MeldAction(melds=(tuple(run[:3]),)))
            if len(run) > 3:
                candidates.append(MeldAction(melds=(tuple(run[:7]),)))
    if len(wilds) >= min_meld:
        candidates.append(MeldAction(melds=(tuple(wilds[:3]),)))
    distinct: list[Card] | None = None
    canasta_size = state.rules.canasta_size
    for index, meld in enumerate(state.melds[team]):
        if meld.kind is MeldKind.RANK or meld.size >= canasta_size:
            continue
        if distinct is None:
            distinct = _distinct(hand)  # sorted, as the hand is
        fit = _fitting(meld, distinct)
        if fit:
            candidates.extend([_single_layoff(index, card) for card in fit])
    # no candidate comes twice: threes, runs, a Bolivia and lay-offs are told apart by their cards
    return [action for action in candidates if is_legal(state, action)]


def _may_go_out_soon(state: State, by_rank: dict[int, list[Card]], wilds: int) -> bool:
    """A cheap test that rules out most positions before the going-out search runs."""
    rules = state.rules
    melds = state.melds[state.seat_team[state.turn]]
    royal = "samba" in rules.meld_kinds
    if royal and not any(m.kind is MeldKind.SAMBA and rules.is_canasta(m) for m in melds):
        return _samba_within_reach(state, melds)  # Royal needs a complete Samba to go out
    if not royal:  # as below, without the table of sizes: melds of one rank merge, threes are no rank
        need = rules.canasta_size - wilds
        if need <= 0:
            return True
        canastas = 0
        for meld in melds:  # one pass: the side's canastas, and a meld the hand could complete
            mine = by_rank.get(meld.rank)
            if len(meld.cards) + (len(mine) if mine else 0) >= need:
                return True
            if rules.is_canasta(meld):  # the method called, not a bound one: compiled, a native call
                canastas += 1
        if canastas >= rules.canastas_to_go_out:
            return True
        for naturals in by_rank.values():
            if len(naturals) >= need:
                return True
        return False
    if state.canastas(state.seat_team[state.turn]) >= rules.canastas_to_go_out:
        return True
    sizes = {m.rank: m.size for m in melds}
    for meld_rank, naturals in by_rank.items():
        sizes[meld_rank] = sizes.get(meld_rank, 0) + len(naturals)
    if royal:  # threes toward a Royal canasta, a second Samba (a Bolivia counts its wild cards below)
        sizes[3] = sizes.get(3, 0) + sum(1 for c in state.hands[state.turn] if not WILD[c] and RANKS[c] == 3)
        if _samba_within_reach(state, melds):
            return True
    return max(sizes.values(), default=0) + wilds >= rules.canasta_size


def _lone_naturals(state: State, by_rank: dict[int, list[Card]]) -> bool:
    """Where every meld is a rank meld: whether two or more naturals are too few for a meld of
    their rank and have none on the side's table, so that no way out exists now (the going-out
    search's first test, ``going_out._forced_leftovers``, from the counts at hand)."""
    rules = state.rules
    if len(rules.meld_kinds) > 2:
        return False  # Royal: a lone natural may still join a Samba
    short = rules.min_naturals
    lone = 0
    rank_kind = MeldKind.RANK
    melded = {m.rank for m in state.melds[state.seat_team[state.turn]] if m.kind is rank_kind}
    for meld_rank, naturals in by_rank.items():
        if len(naturals) < short and meld_rank not in melded:
            lone += len(naturals)
            if lone > 1:
                return True
    return False


def _samba_within_reach(state: State, melds: Sequence[Meld]) -> bool:
    """Whether some suit has cards enough, in the hand and an unfinished Samba, for seven in a run."""
    held = [0, 0, 0, 0]  # by suit: the run places held, as bits (a place held twice counts once)
    bits = _PLACE_BIT
    for card in state.hands[state.turn]:
        held[card & 3] |= bits[card]
    for meld in melds:
        if meld.kind is MeldKind.SAMBA and not state.rules.is_canasta(meld):
            suit_held = held[meld.cards[0] & 3]
            for card in meld.cards:
                suit_held |= 1 << RUN_PLACES[card]
            held[meld.cards[0] & 3] = suit_held
    size = state.rules.canasta_size
    return any(places.bit_count() >= size for places in held)


# By card: its run place as a bit, for naturals other than threes (0 for wild cards and threes).
_PLACE_BIT = tuple(1 << RUN_PLACES[c] if _MELD_RANK[c] else 0 for c in range(53))


def _fitting(meld: Meld, cards: Sequence[Card]) -> list[Card]:
    """A cheap first look at which of ``cards`` could go onto a meld of another kind than rank."""
    if meld.kind is MeldKind.BOLIVIA:
        return [c for c in cards if WILD[c]]
    if meld.kind in (MeldKind.THREES, MeldKind.BLACK_THREES):
        return [c for c in cards if c in RED_THREES or c in BLACK_THREES]
    # a Samba: its suit, next to either end
    meld_suit = meld.cards[0] % 4
    places = [14 if RANKS[c] == 1 else RANKS[c] for c in meld.cards]
    ends = (min(places) - 1, max(places) + 1)
    return [c for c in cards if not WILD[c] and c % 4 == meld_suit and (14 if RANKS[c] == 1 else RANKS[c]) in ends]


def _new_melds(state: State, hand: Sequence[Card], by_rank: dict[int, list[Card]], wilds: list[Card]) -> list[Action]:
    rules = state.rules
    melds = state.melds[state.seat_team[state.turn]]
    if len(rules.meld_kinds) <= 2:
        melded = {m.rank for m in melds}
    else:  # Royal: a complete rank canasta takes a new meld of its rank beside it
        melded = {m.rank for m in melds if m.kind is MeldKind.RANK and rules.merges(m, m)}
    free = state.turn_state.permission is not True  # with a yes, only the way out is offered
    hand_size, min_naturals = len(hand), rules.min_naturals
    known, rules_id = _RANK_MELDS, id(rules)
    wild_key = tuple(wilds)
    actions: list[Action] = []
    for meld_rank, naturals in by_rank.items():
        if len(naturals) < min_naturals or meld_rank in melded:
            continue  # too few, or the same cards are offered as lay-offs
        key = (rules_id, tuple(naturals), wild_key)
        entry = known.get(key)
        if entry is not None and entry[0] is rules:
            made = entry[1]
        else:
            if len(known) >= _RANK_MELDS_KEPT:
                known.clear()
            made = _rank_melds(rules, naturals, wilds)
            known[key] = (rules, made)
        if free and hand_size - made[0] > 1:  # even the largest leaves two cards: all of them
            actions.extend(made[1])
            continue
        for size, action in zip(made[2], made[1]):
            if (free and hand_size - size > 1) or _remaining_ok(state, hand_size - size, action):
                actions.append(action)
    return actions


def _rank_melds(rules: Rules, naturals: list[Card], wilds: list[Card]) -> tuple[int, tuple[MeldAction, ...], tuple[int, ...]]:
    """The new melds of one rank's ``naturals`` with the hand's ``wilds``: the lowest cards first,
    each count of naturals with each count of wild cards the variant allows. (The largest size,
    the actions, their sizes.)"""
    actions: list[MeldAction] = []
    sizes: list[int] = []
    for k in range(rules.min_naturals, len(naturals) + 1):
        chosen = tuple(naturals[:k])
        for w in range(0, min(len(wilds), rules.wilds_allowed(k)) + 1):
            size = k + w
            if size >= rules.min_meld:
                actions.append(_single_meld(chosen + tuple(wilds[:w])))
                sizes.append(size)
    return max(sizes, default=0), tuple(actions), tuple(sizes)


# The new melds of a rank, by rules object, naturals and wild cards: the same pairs and wild cards
# recur from turn to turn. Each entry holds its rules object (so its id is not reused while the
# entry lives); bounded in all, cleared when full.
_RANK_MELDS: dict[tuple[int, tuple[Card, ...], tuple[Card, ...]], tuple[Rules, tuple]] = {}
_RANK_MELDS_KEPT = 4096


def _layoffs(state: State, hand: Sequence[Card], by_rank: dict[int, list[Card]], wilds: list[Card]) -> list[Action]:
    """Single cards onto the side's rank melds (other kinds: ``_special_melds``)."""
    rules = state.rules
    distinct_wilds = _distinct(wilds)
    plain = len(hand) > 2 and state.turn_state.permission is not True
    rows, rank_kind = _LAYOFF_ROWS, MeldKind.RANK
    actions: list[Action] = []
    for index, meld in enumerate(state.melds[state.seat_team[state.turn]]):
        if meld.kind is not rank_kind:
            continue
        naturals = by_rank.get(meld.rank)
        room = len(distinct_wilds) > 0 and rules.wilds_allowed(meld.naturals) > meld.wilds
        if not naturals and not room:
            continue
        row = rows[index] if index < len(rows) else _layoff_row(index)
        # the lay-offs as the row's shared actions: naturals (distinct, sorted), then wild cards
        fitting = _distinct(naturals) if naturals else []
        if room:
            fitting.extend(distinct_wilds)
        if plain:
            for card in fitting:
                actions.append(row[card])
            continue
        for card in fitting:
            action = row[card]
            if _remaining_ok(state, len(hand) - 1, action):
                actions.append(action)
    return actions


def _distinct(cards: Sequence[Card]) -> list[Card]:
    """The distinct cards of sorted ``cards``, in order (as ``list(dict.fromkeys(cards))``; a plain
    loop, which compiled makes no calls)."""
    out: list[Card] = []
    last = -1
    for card in cards:
        if card != last:
            out.append(card)
            last = card
    return out


# Each meld index's single lay-offs, one shared action a card (as ``_single_layoff`` gives), made
# once: a row read by card code costs less than a cached call a card.
_LAYOFF_ROWS: list[tuple[MeldAction, ...]] = []


def _layoff_row(index: int) -> tuple[MeldAction, ...]:
    return _grown(_LAYOFF_ROWS, index, _single_layoff)
