"""Tips 1 to 11 of seed 000's section "Taktik" (Royal Canasta), each its own detector: keeping cards
and pairs, Sambas and their cards, threes, openings and wild cards; and two measured companions of
tips 1 and 11 (a ready meld past the keeping, a wild card onto a meld).
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.core.actions import Action, Discard, MeldAction, cards_of, is_lay_off_only
from engine.core.cards import BLACK_THREES, JOKER, RED_THREES, WILD, rank
from engine.judge.game import apply, is_legal
from engine.hints.facts import (
    Hint,
    _has,
    _keep,
    _meanwhile,
    _meldable,
    _other_side_close,
    _royal_chance,
    _special,
    _spoils_natural,
    _stops_rich_pile,
    _threes_kept,
    safest_discard,
)
from engine.hints.rules import _opening, spare_wilds
from engine.core.i18n import N_, NP_, Text
from engine.core.melds import Meld, MeldKind
from engine.core.rules import EndOfStock
from engine.core.state import Phase, State


def _keep_pairs(state: State, legal: list[Action]) -> Iterator[Hint]:
    """"Det är klokt att behålla dubletter av samma valör när högen är frusen"."""
    if state.phase is not Phase.PLAY or state.freezer() is None:
        return
    hand = state.hands[state.turn]
    counts: dict[int, int] = {}
    for card in hand:
        if not WILD[card] and rank(card) != 3:  # threes are never a pair to take the pile with
            counts[rank(card)] = counts.get(rank(card), 0) + 1
    if not any(n == 2 for n in counts.values()):
        return
    threes_meld = _has(state, MeldKind.THREES)  # a three is no lone card to spare there (Taktik 7)
    singles = [a for a in legal if isinstance(a, Discard) and not WILD[a.card] and counts.get(rank(a.card)) == 1
               and not (threes_meld and rank(a.card) == 3)]
    if singles:
        choice = safest_discard(state, singles) or singles[0]
        pairs = tuple(c for c in hand if not WILD[c] and counts.get(rank(c)) == 2)
        yield Hint("tactics.keep_pairs", choice, pairs, N_("The pile is frozen: keep your pairs, so that you can take it"
                                                           " with a natural pair. Discard a lone card, such as the {card}."),
                   {"card": choice.card}, 1.5,
                   tuple(a for a in legal if not (isinstance(a, Discard) and counts.get(rank(a.card)) == 2)),
                   avoids=tuple(a for a in legal if isinstance(a, Discard) and counts.get(rank(a.card)) == 2))


def _last_round(state: State) -> bool:
    """Whether this is the last round of a hand that ends with the stock (Swedish, seed 003:
    "Omgången är slut när mitthögen är slut på kort"): the stock no longer gives every player another
    draw. Taktik 1's keeping ("I början av en giv och ända till den grad att motståndarlaget skulle
    kunna gå ut") is for a hand with turns to come; now the cards still held count against the side.
    Measured (docs/hints.md): hold-out 23 swedish/4/29 +46 ± 8 (40 playouts), discard set
    31's swedish/discard/24 +112 ± 49, the two stored positions it changes."""
    return state.rules.end_of_stock is EndOfStock.HAND_ENDS \
        and len(state.stock) < state.rules.draw_count * state.players


def _meld_ready(state: State, legal: list[Action]) -> Iterator[Hint]:
    """Past Taktik 1's keeping (the hand at most one card above its eight of fifteen), a meld of
    natural cards ready in the hand goes down before the discard: held, it scores nothing and counts
    against the side if the other side goes out. Measured: it beat the discard in all six such
    Classic and Wiener positions of the stored set. Not in Royal, where 7s to jacks wait for Sambas
    (Taktik 5). Where no meld is ready, a lone natural card that the side's meld takes goes there
    (``_lay_off_ready``)."""
    team = state.team_of(state.turn)
    hand = state.hands[state.turn]
    if state.phase is not Phase.PLAY or not state.has_opened(team):
        return
    last = _last_round(state)
    if len(hand) > _keep(state) + 1 and not last:
        return
    ready = [a for a in legal if isinstance(a, MeldAction) and len(a.melds) == 1 and not a.layoffs
             and not any(WILD[c] or rank(c) == 3 for c in a.cards()) and len(hand) - len(a.cards()) >= 2]
    if ready:
        best = max(ready, key=lambda a: (len(a.cards()), sum(state.rules.value(c) for c in a.cards())))
        text: Text = NP_("Meld {cards} before you discard: with {count} card in your hand there is little left to keep"
                         " back, and a meld held in the hand counts against you if the other side goes out.",
                         "Meld {cards} before you discard: with {count} cards in your hand there is little left to keep"
                         " back, and a meld held in the hand counts against you if the other side goes out.")
        if last:
            text = N_("Meld {cards} before you discard: the hand ends when the stock runs out, and a meld still held"
                      " then counts against you.")
        yield Hint("tactics.meld_ready", best, cards_of(best), text, {"cards": cards_of(best), "count": len(hand)}, 1.2,
                   tuple(a for a in legal if isinstance(a, MeldAction) and a != best))
    elif len(hand) <= _keep(state) + 1:
        yield from _lay_off_ready(state, legal)


def _lay_off_ready(state: State, legal: list[Action]) -> Iterator[Hint]:
    """Past Taktik 1's keeping, a lone natural card that one of the side's melds takes is laid off
    before the discard, onto the meld nearest a canasta: held, it counts against the side if the other
    side goes out; laid off, it grows the meld. Measured (docs/hints.md), both moves played
    in 100 fresh worlds wherever it changed the top hint of every stored set: +25 +- 6 points in Classic
    (19 positions, 10 better beyond 2 standard errors, none worse), +23 +- 7 in Wiener (17; 9, none),
    +23 +- 10 in Swedish (19; 8, one); with larger hands the gain fell away (Classic, 11 cards or more:
    +1 +- 11). It was measured only where no other tip spoke, so it ranks just above the safe discard
    and below every other tip."""
    team = state.team_of(state.turn)
    hand = state.hands[state.turn]
    melds = state.melds[team]
    if len(hand) < 3:
        return  # the lay-off and the discard would go out: the way out's business
    lone = [a for a in legal if isinstance(a, MeldAction) and not a.melds and len(a.layoffs) == 1
            and len(a.layoffs[0].cards) == 1 and not WILD[card := a.layoffs[0].cards[0]] and rank(card) != 3
            and sum(1 for c in hand if rank(c) == rank(card)) == 1]
    if not lone:
        return
    best = max(lone, key=lambda a: len(melds[a.layoffs[0].onto].cards))
    card = best.layoffs[0].cards[0]
    yield Hint("tactics.meld_ready", best, (card,),
               NP_("Add the {card} to your meld of {rank_of} before you discard: with {count} card in your hand there"
                   " is little left to keep back, and a card held in the hand counts against you if the other side"
                   " goes out.",
                   "Add the {card} to your meld of {rank_of} before you discard: with {count} cards in your hand"
                   " there is little left to keep back, and a card held in the hand counts against you if the other"
                   " side goes out."),
               {"card": card, "rank": rank(card), "count": len(hand)}, 0.32,
               tuple(a for a in legal if isinstance(a, MeldAction) and a != best))


def _keep_cards(state: State, legal: list[Action]) -> Iterator[Hint]:
    """"Hans hand bör innehålla minst åtta eller fler kort ... tre femmor ... bättre att använda dem senare"."""
    team = state.team_of(state.turn)
    if state.phase is not Phase.PLAY or not state.has_opened(team):
        return
    others_close = any(state.canastas(t) for t in range(len(state.teams)) if t != team)
    if others_close:
        return  # near the other side's going out, melding sheds points that would count against us
    hand = state.hands[state.turn]
    keep = _keep(state)
    if len(hand) <= keep + 1:
        return  # a hand already this small has nothing left to keep back (and its ready melds go down)
    # a meld of threes is Taktik 6's and 7's business (and red threes come back as replacements)
    small = [a for a in legal if isinstance(a, MeldAction) and a.melds and len(hand) - len(a.cards()) < keep
             and sum(state.rules.value(c) for c in a.cards()) <= 15 and any(rank(c) != 3 for c in a.cards())
             and len(a.cards()) < len(hand) - 1]  # the meld that goes out is going out's business
    discard = safest_discard(state, legal)
    if small and discard is not None:
        others = tuple(a for a in legal if isinstance(a, Discard) or (isinstance(a, MeldAction) and a not in small))
        text = NP_("Keep {count} card or more while the other side cannot go out: melding {cards} for {points}"
                   " points would leave you fewer cards to build with, and it can wait.",
                   "Keep {count} cards or more while the other side cannot go out: melding {cards} for {points}"
                   " points would leave you fewer cards to build with, and it can wait.")
        cards = cards_of(small[0])
        yield Hint("tactics.keep_cards", discard, cards, text,
                   {"count": keep, "cards": cards, "points": sum(state.rules.value(c) for c in cards)}, 1.2, others,
                   avoids=tuple(small))


def _joker_first(state: State, legal: list[Action]) -> Iterator[Hint]:
    """"När du ska lägga till ett vilt kort till en av dina mälningar och kan välja mellan en joker
    eller en tvåa, använd jokern": said when a wild card completes a canasta, the moment a wild card
    goes onto a meld (otherwise the hint would urge a wild card onto some meld every turn)."""
    if state.phase is not Phase.PLAY:
        return
    hand = state.hands[state.turn]
    twos = [c for c in hand if WILD[c] and c != JOKER]
    if JOKER not in hand or not twos:
        return
    rules = state.rules
    melds = state.melds[state.team_of(state.turn)]
    for action in legal:
        if not isinstance(action, MeldAction) or not is_lay_off_only(action):
            continue
        layoff = action.layoffs[0]
        if len(action.layoffs) != 1 or layoff.cards != (twos[0],) or len(melds[layoff.onto].cards) != rules.canasta_size - 1:
            continue
        joker = MeldAction(layoffs=(type(layoff)(layoff.onto, (JOKER,)),))
        target = melds[layoff.onto]
        natural = next((c for c in hand if not WILD[c] and target.kind is MeldKind.RANK and rank(c) == target.rank), None)
        if natural is not None and target.wilds == 0:
            continue  # the natural card completes it as a natural canasta: no wild card belongs there
        if _spoils_natural(state, joker):
            continue  # a natural card may still come: 500 instead of 300 (as complete_canasta spares it)
        if is_legal(state, joker):
            others = tuple(a for a in legal if a != action)  # only adding the two goes against it
            yield Hint("tactics.joker_first", joker, (JOKER,), N_("Add a joker rather than a two: it counts 50"
                                                                  " melded, and the two costs less if it stays"
                                                                  " in your hand."), {}, 0.8, others,
                       avoids=(action,))
            return


# Where no mixed meld takes the wild card, a natural meld two cards from a canasta (five) does in the
# Swedish game: measured (docs/hints.md) +48 points on average over the eight Swedish
# hold-out positions where it changed the hint (40 playouts), +86 over the eight of the discard and
# wild-card sets.
NATURAL_FIVE_TAKES_WILD = frozenset({"swedish"})
# In Classic and Wiener a natural meld of four or five cards takes it too, and the meld nearest a
# canasta comes first whether it holds a wild card or not (a mixed meld before a natural one as near).
# Measured (docs/hints.md) by playing both moves in 100 fresh worlds wherever a step changed
# the top hint, over every stored set: a natural meld of five where no mixed meld takes the card +68 +-
# 13 points in Classic (25 positions, 9 better beyond 2 standard errors, none worse), +76 +- 14 in Wiener
# (26; 9, none); one of four +51 +- 9 (19; 8, none) and +37 +- 13 (25; 5, none), in Swedish +20 +- 25
# (14; 2, one), so not there; the nearest meld before a mixed one +42 +- 7 (45; 17, one) and +80 +- 13
# (45; 20, none), in Swedish -4 +- 11; on the sets drawn after each step was chosen (hold-outs 25 and 26,
# discard set 35, wild-card sets 43 and 44) +48 to +65 every time. An earlier -48 +- 41 in Classic
# (seven positions, the reference's 12 worlds) was noise. Royal keeps its wild cards for a Bolivia
# (Taktik 8).
NEAREST_TAKES_WILD = frozenset({"classic", "wiener"})


def _wild_to_meld(state: State, legal: list[Action]) -> Iterator[Hint]:
    """A wild card held where a meld of the side can take it: onto the meld nearest a
    canasta. Taktik 11's reason ("mindre poäng dras av om dina motspelare gör utgång och du håller
    det andra vilda kortet på handen"): melded it counts for the side, held it counts against it;
    on a meld that already holds a wild card no natural canasta is lost. Not in Royal, where wild
    cards are kept for a Bolivia (Taktik 8). Measured: in the reference's judgement of the stored
    positions it beat the safe discard in 17 of 21 Classic, Wiener and Swedish ones; onto a meld of
    three, still four cards from a canasta, it did not (even, and three of its losses). Nor onto a
    meld where it would be the last wild card allowed (the third: seed 003's Swedish melds, which may
    hold as many as their naturals; Classic's never get there, Wiener's seldom): there the safe discard,
    or the card on a meld with room, did better by 66 points on average in the seven such Swedish
    positions of the tuning set and hold-outs 19-22 (40 playouts; docs/hints.md). In
    Swedish, where no mixed meld takes it, a natural meld of five does (``NATURAL_FIVE_TAKES_WILD``);
    in Classic and Wiener natural melds of four and five stand beside the mixed ones, and the nearest
    canasta wins (``NEAREST_TAKES_WILD``)."""
    team = state.team_of(state.turn)
    if state.phase is not Phase.PLAY or not state.has_opened(team) or _has(state, MeldKind.BOLIVIA):
        return
    hand = state.hands[state.turn]
    if len(hand) < 3:
        return  # near going out: the way out's and not-out-yet's business
    melds = state.melds[team]
    size = state.rules.canasta_size
    name = state.rules.name
    singles = [a for a in legal if isinstance(a, MeldAction) and not a.melds and len(a.layoffs) == 1
               and len(a.layoffs[0].cards) == 1 and WILD[a.layoffs[0].cards[0]]]
    mixed = [a for a in singles if 0 < melds[a.layoffs[0].onto].wilds < state.rules.max_wilds - 1
             and size - 3 <= len(melds[a.layoffs[0].onto].cards) < size - 1]
    sizes = {size - 3, size - 2} if name in NEAREST_TAKES_WILD else {size - 2} if name in NATURAL_FIVE_TAKES_WILD else set()
    natural = [a for a in singles if melds[a.layoffs[0].onto].kind is MeldKind.RANK and melds[a.layoffs[0].onto].wilds == 0
               and len(melds[a.layoffs[0].onto].cards) in sizes]
    layoffs = mixed + natural if name in NEAREST_TAKES_WILD else mixed or natural
    if not layoffs:
        return
    # the meld nearest a canasta, a mixed one before a natural one as near, the joker before a two (Taktik 11)
    best = max(layoffs, key=lambda a: (len(melds[a.layoffs[0].onto].cards), melds[a.layoffs[0].onto].wilds > 0,
                                       a.layoffs[0].cards[0] == JOKER))
    meld = melds[best.layoffs[0].onto]
    card = best.layoffs[0].cards[0]
    others = tuple(a for a in legal if isinstance(a, MeldAction) and a != best) + _meanwhile(state, legal, best)
    yield Hint("tactics.wild_to_meld", best, (card,),
               NP_("Add the {card} to your meld of {rank_of}: it is then {count} card from a canasta. Melded, a wild"
                   " card counts for your side; held, it counts against you if the other side goes out.",
                   "Add the {card} to your meld of {rank_of}: it is then {count} cards from a canasta. Melded, a wild"
                   " card counts for your side; held, it counts against you if the other side goes out."),
               {"card": card, "rank": meld.rank, "count": size - len(meld.cards) - 1}, 1.25, others)


def _samba_cards(state: State, legal: list[Action]) -> Iterator[Hint]:
    """"Varje Samba ... innehåller en åtta, nia och en tia ... undvika att mäla sjuor och knektar":
    one hint for each rank meld of those cards, objecting to that meld alone (the review asks it
    about the meld the learner made)."""
    if state.phase is not Phase.PLAY or _other_side_close(state):
        return  # with the other side about to go out, melding cards beats saving them (Taktik 15)
    team = state.team_of(state.turn)
    # the opening the rule hint shows spares Samba cards where any opening can (Taktik 5 and 8)
    opening = tuple(h.action for h in _opening(state, legal) if isinstance(h.action, MeldAction))
    risky = [a for a in legal if isinstance(a, MeldAction) and a.melds and not a.layoffs and a not in opening
             and all(state.rules.make_meld(m).kind is MeldKind.RANK and rank(next(c for c in m if not WILD[c])) in (7, 8, 9, 10, 11)
                     for m in a.melds)
             # a meld that completes a canasta has paid for its cards
             and apply(state, a).canastas(team) == state.canastas(team)
             and len(a.cards()) < len(state.hands[state.turn]) - 1]  # the meld that goes out is going out's
    discard = safest_discard(state, legal)
    if discard is None:
        return
    for meld in risky:
        cards = cards_of(meld)
        yield Hint("tactics.samba_cards", discard, cards, N_("Every Samba needs an 8, a 9 and a 10 (and 7s and jacks help):"
                                                             " melding {cards} as a rank meld may cost a Samba later."),
                   {"cards": cards}, 1.3, tuple(a for a in legal if a != meld), avoids=(meld,))


def _meld_red_threes(state: State, legal: list[Action]) -> Iterator[Hint]:
    """"Mäla dina röda treor så snart som möjligt så att din partner / dina partners vet"."""
    if state.phase is not Phase.PLAY:
        return
    reds = tuple(c for c in state.hands[state.turn] if c in RED_THREES)
    team = state.team_of(state.turn)

    def melded(t: int) -> int:
        return sum(1 for m in state.melds[t] if m.kind is MeldKind.THREES for c in m.cards if c in RED_THREES)

    ours, theirs = melded(team), max((melded(t) for t in range(len(state.teams)) if t != team), default=0)
    # "det kan ändras beroende på hur de spelar omgången, till exempel om de stannar i eller inte":
    # once the other side can go out, the red three held back would cost 500 in the hand
    if reds and ours >= 3 and theirs in (1, 2) and not _other_side_close(state):
        # "skulle du kunna hålla på din fjärde röda trea så att inte motståndarna vet sitt öde"
        keep = [a for a in legal if not (isinstance(a, MeldAction) and any(c in RED_THREES for c in a.cards()))
                and not (isinstance(a, Discard) and a.card in RED_THREES)]  # holding back is not throwing away
        choice = safest_discard(state, keep) or (keep[0] if keep else None)
        if choice is not None:
            yield Hint("tactics.meld_red_threes", choice, reds, N_("Your side has melded {ours} red threes and the other"
                                                                   " side {theirs}: you could hold back this one, so that"
                                                                   " they do not know their fate."),
                       {"ours": ours, "theirs": theirs}, 1.0, tuple(keep), keeps=reds)
        return
    for action in legal:
        if isinstance(action, MeldAction) and action.cards() and all(c in RED_THREES for c in action.cards()):
            yield Hint("tactics.meld_red_threes", action, reds, N_("Meld your red threes early, so that your partners see"
                                                                   " where the Super Royal canasta stands."), {}, 1.4,
                       _meanwhile(state, legal, action), spends=reds)
            return


def _keep_threes(state: State, legal: list[Action]) -> Iterator[Hint]:
    """"Undvik att saka en svart eller röd trea såvida det andra laget inte har en chans att bygga en Royal
    Canasta": a three is not discarded; where the other side has a meld of threes (its chance at a Royal
    canasta) a three in the pile goes to it with the pile, and that is the reason said
    (``THREES_KEPT_FROM_ROYAL``); elsewhere the reason is the side's own threes."""
    if state.phase is not Phase.PLAY:
        return
    threes = [c for c in state.hands[state.turn] if c in RED_THREES or c in BLACK_THREES]
    chance = _royal_chance(state)
    # a red three that can be melded now is tip 6's ("Mäla dina röda treor så snart som möjligt"):
    # "keep your threes" would muddle it; black threes, and red ones that cannot go down, are this tip's
    # one red three down now, the others may follow it in the same turn: none of them is kept
    meldable = _meldable(legal)
    if meldable & RED_THREES:
        meldable |= RED_THREES
    if (chance and not _threes_kept(state)) or all(c in RED_THREES and c in meldable for c in threes):
        return
    if chance and any(_stops_rich_pile(state, Discard(c)) for c in threes):
        return  # the black three stops a rich pile (Taktik 12): that discard is the deny-the-pile hint's
    other = [a for a in legal if isinstance(a, Discard) and a.card not in RED_THREES and a.card not in BLACK_THREES]
    choice = safest_discard(state, other)
    kept = tuple(c for c in threes if not (c in RED_THREES and c in meldable))
    if choice is None:
        return
    black = any(c in RED_THREES for c in threes) and all(c in BLACK_THREES for c in kept)
    text: Text
    if chance:
        text = (NP_("Keep your black three: the other side has a meld of threes, and a three in the pile goes to"
                    " them with it, toward a Royal canasta of {worth} points. Discard the {card} instead.",
                    "Keep your black threes: the other side has a meld of threes, and a three in the pile goes to"
                    " them with it, toward a Royal canasta of {worth} points. Discard the {card} instead.")
                if black else
                N_("Keep your threes: the other side has a meld of threes, and a three in the pile goes to them with"
                   " it, toward a Royal canasta of {worth} points. Discard the {card} instead."))
    elif black:
        # the red ones go down (Taktik 6): "keep your threes" beside "meld your red threes" would muddle it
        text = NP_("Keep your black three: with red threes it builds a Royal canasta of {worth} points for your"
                   " side, and thrown away it may go to the other side with the pile. Discard the {card} instead.",
                   "Keep your black threes: with red threes they build a Royal canasta of {worth} points for your"
                   " side, and thrown away they may go to the other side with the pile. Discard the {card} instead.")
    else:
        text = N_("Keep your threes: they build a Royal canasta of {worth} points for your side, and thrown away they"
                  " may go to the other side with the pile. Discard the {card} instead.")
    red3, black3 = sorted(RED_THREES)[0], sorted(BLACK_THREES)[0]
    royal = state.rules.meld_bonus(Meld((red3,) * 4 + (black3,) * 3, 3, 7, 0, MeldKind.THREES))  # seed 000: 3 000
    yield Hint("tactics.keep_threes", choice, kept, text, {"card": choice.card, "count": len(kept), "worth": royal}, 0.9,
               tuple(a for a in legal if not (isinstance(a, Discard) and a not in other)),
               avoids=tuple(a for a in legal if isinstance(a, Discard) and a.card in kept), keeps=kept)


def _opening_order(state: State, legal: list[Action]) -> Iterator[Hint]:
    """"försök att använda essen först, sedan fyrorna, sedan kungarna, sedan femmorna etc."."""
    team = state.team_of(state.turn)
    if state.phase is not Phase.PLAY or state.has_opened(team):
        return
    # The tip is about opening with rank melds ("grupper med kort av samma valör"): a Bolivia or a
    # Samba is tip 8's, and a meld of wild cards alone spends no rank at all.
    rules = state.rules
    openings = [a for a in legal if isinstance(a, MeldAction) and a.melds and not a.layoffs
                and all(rules.make_meld(m).kind is MeldKind.RANK for m in a.melds)]
    # with a Bolivia to open with, tip 8 ("En kraftfull öppning är en del av en Bolivia") speaks instead:
    # the two would otherwise advise against each other's opening
    if len(openings) < 2 or any(_strong_opening(state, legal)):
        return
    order = {1: 0, 4: 1, 13: 2, 5: 3, 12: 4, 6: 5, 11: 6, 7: 7}

    def spends(action: MeldAction) -> tuple[int, ...]:
        return tuple(sorted(order.get(rank(next(c for c in m if not WILD[c])), 9) for m in action.melds))

    best = min(openings, key=spends)
    same = tuple(a for a in openings if spends(a) == spends(best))  # the same ranks, other wild cards
    best = spare_wilds(state, best)  # the fewest wild cards that still open, the cheapest first
    yield Hint("tactics.opening_order", best, cards_of(best), N_("To open, spend aces first, then 4s, kings, 5s …:"
                                                                  " points now, while keeping what a partner's Samba"
                                                                  " may need."), {}, 1.6, same)


def _sambas_win(state: State, legal: list[Action]) -> Iterator[Hint]:
    """"Det lag som strävar efter att bygga röda och svarta Canastas kommer att förlora till laget
    som går in för att göra Sambas": when a run of a suit could go down as a Samba."""
    if state.phase is not Phase.PLAY or not state.has_opened(state.team_of(state.turn)):
        return
    sambas = _special(state, legal, MeldKind.SAMBA)
    if sambas:
        best = max(sambas, key=lambda a: len(a.cards()))
        yield Hint("tactics.sambas_win", best, cards_of(best), N_("A side that builds Sambas beats one that builds rank"
                                                                   " canastas: meld {cards} as a Samba."),
                   {"cards": cards_of(best)}, 1.7, tuple(sambas) + _meanwhile(state, legal, best))


def _grow_samba(state: State, legal: list[Action]) -> Iterator[Hint]:
    """Taktik 4's Sambas grown: where no new Samba can go down, the hand's cards that extend the side's
    unfinished Samba are laid off on it (``SAMBA_LAYOFF``). A tip of its own, apart from ``_sambas_win``,
    which the club player follows: its play stays as it is."""
    if state.phase is not Phase.PLAY or not state.has_opened(state.team_of(state.turn)):
        return
    if _special(state, legal, MeldKind.SAMBA):
        return  # a new Samba: tip 4's own move
    grow = _samba_layoffs(state, legal)
    if grow:
        best = max(grow, key=lambda a: len(a.cards()))
        yield Hint("tactics.grow_samba", best, cards_of(best), N_("A side that builds Sambas beats one that builds rank"
                                                                   " canastas: lay {cards} off on your Samba."),
                   {"cards": cards_of(best)}, 1.35, tuple(grow) + _meanwhile(state, legal, best))


# Royal: the hand's cards that extend the side's unfinished Samba are laid off on it (Taktik 4), where no
# new Samba can go down; measured in fresh worlds (docs/hints.md, ``bench/hint_quality.py --samba-layoff 85``)
SAMBA_LAYOFF = frozenset({"royal"})


def _samba_layoffs(state: State, legal: list[Action]) -> list[MeldAction]:
    """The lay-offs of the hand's cards onto one unfinished Samba of the side that leave two cards or more
    in the hand (the way out is going out's business), in ``SAMBA_LAYOFF``'s variants."""
    if state.rules.name not in SAMBA_LAYOFF:
        return []
    melds, hand = state.melds[state.team_of(state.turn)], len(state.hands[state.turn])
    return [a for a in legal if isinstance(a, MeldAction) and not a.melds and len(a.layoffs) == 1
            and melds[a.layoffs[0].onto].kind is MeldKind.SAMBA and not state.rules.is_canasta(melds[a.layoffs[0].onto])
            and hand - len(a.cards()) >= 2]


def _secret_samba(state: State, legal: list[Action]) -> Iterator[Hint]:
    """"Om du i hemlighet försöker att bygga en Samba på handen, kanske en av dina partners kommer
    att saka kortet": a run kept in the hand while the side could show it."""
    team = state.team_of(state.turn)
    if state.phase is not Phase.PLAY or not state.has_opened(team) or not state.partners(state.turn):
        return
    sambas = _special(state, legal, MeldKind.SAMBA)
    if sambas and not any(m.kind is MeldKind.SAMBA for m in state.melds[team]):
        first = min(sambas, key=lambda a: len(a.cards()))
        yield Hint("tactics.secret_samba", first, cards_of(first), N_("A Samba kept secret in your hand may lose the"
                                                                       " cards it needs to your partner's discards:"
                                                                       " show {cards} now."),
                   {"cards": cards_of(first)}, 1.0, tuple(sambas) + _meanwhile(state, legal, first))


def _spends_wild_elsewhere(state: State, action: Action) -> bool:
    """Whether ``action`` throws a wild card away or melds one outside a Bolivia (against tip 8's keeping)."""
    if isinstance(action, Discard):
        return WILD[action.card]
    if not isinstance(action, MeldAction):
        return False
    return any(layoff.cards and any(WILD[c] for c in layoff.cards) for layoff in action.layoffs) or any(
        any(WILD[c] for c in m) and state.rules.make_meld(m).kind is not MeldKind.BOLIVIA for m in action.melds)


def _strong_opening(state: State, legal: list[Action]) -> Iterator[Hint]:
    """"En kraftfull öppning är en del av en Bolivia och en eller flera eventuella Sambas"."""
    team = state.team_of(state.turn)
    if state.phase is not Phase.PLAY or state.has_opened(team):
        return
    hand = state.hands[state.turn]
    wilds = [c for c in hand if WILD[c]]
    bolivias = _special(state, legal, MeldKind.BOLIVIA)
    if len(wilds) >= state.rules.min_meld and bolivias:
        # open with the Bolivia itself, with the most besides it (Sambas, rank melds of naturals)
        action = max(bolivias, key=lambda a: (len(a.melds), len(a.cards())))
        yield Hint("tactics.strong_opening", action, tuple(wilds), NP_("Your {count} wild card is the start of a"
                                                                       " Bolivia: a strong opening holds one, with"
                                                                       " Sambas; keep it for that.",
                                                                       "Your {count} wild cards are the start of a"
                                                                       " Bolivia: a strong opening holds one, with"
                                                                       " Sambas; keep them together for it."),
                   {"count": len(wilds)}, 1.0, tuple(bolivias) + _meanwhile(state, legal, action),
                   avoids=tuple(a for a in legal if _spends_wild_elsewhere(state, a)))
