"""Whether a lesson's table is one a real deal could come to: the hands each seat holds, the order of
turns they tell, the cards a side holds beside its melds, the stock left, and the worth of the melds on
the table. The lesson checker (``tutor.lessons.catalog.check``) refuses a position that fails any."""

from __future__ import annotations

from engine.core.cards import RED_THREES, WILD, rank
from engine.core.state import Phase, State


def impossible_hands(state: State) -> list[str]:
    """The hands a real deal could not have come to: a player who has not melded this hand (no
    meld of the side's opens, or ``has_melded`` says so) never took the pile either, so each turn
    drew the variant's cards and discarded one (red threes are replaced). Drawing one card, such a
    hand holds exactly the deal between turns and the deal and one after the draw; drawing two, it
    grows by one a turn, so it holds at least the deal, and the deal and two after the draw (one
    from a stock that held a single card). A turn that has melded, taken the pile or still owes a
    replacement is not judged, nor are the phases after a question or at the end."""
    if state.phase not in (Phase.DRAW, Phase.PLAY):
        return []
    rules, turn = state.rules, state.turn_state
    wrong = []
    for seat, hand in enumerate(state.hands):
        if state.has_melded[seat]:
            continue
        if seat == state.turn and state.phase is Phase.PLAY:
            if turn.melded or turn.took_pile or turn.replacements:
                continue
            drawn = rules.draw_count if state.stock or rules.draw_count == 1 else 1
            least, when = rules.hand_size + drawn, f"after drawing {drawn}"
        else:
            least, when = rules.hand_size, "between turns"
        exact = rules.draw_count == 1
        if len(hand) < least or (exact and len(hand) > least):
            needed = f"{least}" if exact else f"at least {least}"
            wrong.append(f"hands[{seat}]: holds {len(hand)} cards {when} without having melded this hand;"
                         f" a deal of {rules.hand_size} and a draw of {rules.draw_count} give {needed}")
    return wrong


def _turns_taken(state: State) -> dict[int, int]:
    """The turns each seat has finished, where its hand tells (drawing two, a player who has not melded
    grows by one a turn: see :func:`impossible_hands`); the player to act counts the turns before this one."""
    rules, turn = state.rules, state.turn_state
    taken = {}
    for seat, hand in enumerate(state.hands):
        if state.has_melded[seat]:
            continue
        if seat == state.turn and state.phase is Phase.PLAY:
            if not (turn.melded or turn.took_pile or turn.replacements):
                taken[seat] = len(hand) - rules.hand_size - rules.draw_count
        else:
            taken[seat] = len(hand) - rules.hand_size
    return taken


def impossible_turns(state: State) -> list[str]:
    """The tables whose hands no order of turns could have come to (drawing two, with two cards or more in
    the stock, so every draw was whole). Turns go round from the first player, so the seats after the player
    to act, in the order they play, have finished as many turns as that player or one more, never fewer
    than a seat before them: the first player's turn came earlier. A seat whose turns are known (it has not
    melded, :func:`_turns_taken`) bounds the others; a seat bound to no turn yet holds the deal."""
    rules = state.rules
    if rules.draw_count == 1 or state.phase not in (Phase.DRAW, Phase.PLAY) or len(state.stock) < 2:
        return []
    taken = _turns_taken(state)
    order = [(state.turn + k) % len(state.hands) for k in range(1, len(state.hands))]
    known = [(seat, taken[seat]) for seat in order if seat in taken]
    wrong = [f"hands[{later}]: {len(state.hands[later])} cards, {t_later} turns played, after hands[{seat}]'s"
             f" {t}: turns go round in order, so a seat that plays later has played as many or more"
             for (seat, t), (later, t_later) in zip(known, known[1:]) if t_later < t]
    mine = taken.get(state.turn)
    if mine is not None:
        wrong += [f"hands[{seat}]: {len(state.hands[seat])} cards, {t} turns played while the player to act has"
                  f" played {mine}: every other seat has played as many or one more"
                  for seat, t in known if t not in (mine, mine + 1)]
    if wrong:
        return wrong
    for index, seat in enumerate(order):
        later = [t for s, t in known if order.index(s) >= index] + ([mine + 1] if mine is not None else [])
        if seat not in taken and later and min(later) == 0 and len(state.hands[seat]) != rules.hand_size:
            wrong.append(f"hands[{seat}]: holds {len(state.hands[seat])} cards, but has not played a turn yet"
                         f" (a seat after it in the order has played none): it holds the deal of {rules.hand_size}")
    return wrong


def impossible_sides(state: State) -> list[str]:
    """The sides holding fewer cards than their deal less what they have put on the table. A hand shrinks
    only by melding and discarding: each turn draws a card or more, or takes the pile (its top card into a
    meld, the rest into the hand), then discards one, and a red three is replaced (one laid out and not yet
    replaced is counted with the hand). So between turns, and after a draw, a side's hands hold at least
    its players' deals less the cards of its melds, whoever melded them."""
    if state.phase not in (Phase.DRAW, Phase.PLAY):
        return []
    wrong = []
    for team, melds in enumerate(state.melds):
        seats = [seat for seat in range(len(state.hands)) if state.team_of(seat) == team]
        held = sum(len(state.hands[seat]) for seat in seats) + len(state.red_threes[team])
        melded = sum(len(meld.cards) for meld in melds)
        least = len(seats) * state.rules.hand_size - melded
        if held < least:
            hands = " + ".join(str(len(state.hands[seat])) for seat in seats)
            wrong.append(f"hands: the side of hands[{seats[0]}] holds {hands} cards with {melded} on the table:"
                         f" a deal of {state.rules.hand_size} each leaves at least {least} in its hands")
    return wrong


def impossible_melds(state: State) -> list[str]:
    """The sides whose melds on the table no opening could have put there: a side's first melds were
    worth at least the minimum its score asks (bonuses not counted), and melds only grow, so the melds
    that open (not Royal's lone red threes) are worth at least that minimum still."""
    rules, wrong = state.rules, []
    for team, melds in enumerate(state.melds):
        if not state.has_opened(team):
            continue
        worth = sum(rules.meld_points(meld) for meld in melds)
        minimum = state.opening_minimum(team)
        if worth < minimum:
            wrong.append(f"melds[{team}]: worth {worth}, less than the opening minimum of {minimum} that the"
                         f" side's score of {state.scores[team]} asks: no opening could have put them there")
    return wrong


def impossible_stock(state: State) -> list[str]:
    """A stock larger draws have left than the turns allow (drawing two, where the hands tell the turns:
    :func:`_turns_taken`). Turns go round, so no seat has played more than one turn past another: with the
    most turns a seat has played known, every seat has started at most one more. The stock lost the deal,
    the first card turned up and those that covered it (wild cards and threes, of which the decks hold a
    known number), each turn's draw and a replacement for each red three on the table."""
    rules = state.rules
    if rules.draw_count == 1 or state.phase not in (Phase.DRAW, Phase.PLAY):
        return []
    taken = _turns_taken(state)
    if not taken:
        return []
    deck = rules.deck()
    started = len(state.hands) * (max(taken.values()) + 1)
    covers = sum(1 for card in deck if WILD[card] or rank(card) == 3)
    reds = sum(len(threes) for threes in state.red_threes) + sum(
        1 for melds in state.melds for meld in melds for card in meld.cards if card in RED_THREES)
    least = len(deck) - rules.hand_size * len(state.hands) - 1 - covers - rules.draw_count * started - reds
    if len(state.stock) < least:
        return [f"stock: {len(state.stock)} cards, where the turns started so far (at most {started}, no seat more than"
                f" {max(taken.values()) + 1}) leave at least {least}: list the stock's other cards after the top ones"]
    return []
