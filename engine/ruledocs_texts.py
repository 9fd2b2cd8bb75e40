"""What each rule allows and forbids, told for learners: one sentence and a short example.

``TOLD[rule id]`` is the rule as Classic Canasta (seed 001) has it, and every variant whose text
agrees shares it; ``engine.ruledocs_variants`` holds a variant's own where its text differs. Every
sentence is read from the passage ``engine.ruledocs_quotes`` quotes, not from memory.

All texts are English msgids, translated where they are shown (``engine.ruledocs``). Cards in
examples are written as the app shows them (``8♥``, ``Joker``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from engine.i18n import N_


class Told(NamedTuple):
    statement: str  # one sentence: what the rule allows and forbids
    example: str  # a short example


TOLD: Mapping[str, Told] = {
    "deal.upcard": Told(
        N_("If the card turned up to start the pile is a wild card or a red three, it is turned sideways"
           " (the pile is frozen) and covered with the next card of the stock, until a card that is"
           " neither lies on top."),
        N_("The first card turned up is 2♣: it is turned sideways and 9♦ is turned onto it, so the pile"
           " starts frozen with 9♦ on top."),
    ),
    "red_three.lay_out": Told(
        N_("A red three is never kept in the hand: you lay it face up in front of you and draw a card from"
           " the stock in its place."),
        N_("You draw 3♦ from the stock: you lay it out in front of you and draw another card to replace it."),
    ),
    "turn.draw_first": Told(
        N_("Your turn begins with a draw: the top card of the stock or the whole pile, before you meld or"
           " discard anything."),
        N_("It is your turn and you hold 7♠ 7♥ 7♦: first draw from the stock or take the pile, then meld."),
    ),
    "turn.already_drawn": Told(
        N_("You draw once a turn: after drawing you may meld and lay off, and you end the turn by"
           " discarding one card."),
        N_("You have taken the pile: you may not draw from the stock as well; meld what you like and discard."),
    ),
    "turn.answer_pending": Told(
        N_("When a player asks \u201cMay I go out?\u201d, the partner must answer yes or no before anything"
           " else is played, and the answer binds."),
        N_("Your partner asks whether they may go out: nothing is played until you have said yes or no."),
    ),
    "hand.over": Told(
        N_("Once a player has gone out or the hand has ended otherwise, nothing more is played in it: the"
           " hand is scored."),
        N_("Your partner goes out: you can no longer lay off the 9♣ you hold, and it counts against your side."),
    ),
    "stock.empty": Told(
        N_("Once the stock is used up nobody draws: each player in turn takes the pile or declines it, and"
           " declining ends the hand."),
        N_("The stock is empty and 8♠ is on the pile: meld it with your 8♥ 8♦ and take the pile, or decline"
           " and the hand ends."),
    ),
    "stock.not_empty": Told(
        N_("You may decline the pile and end the hand only once the stock is used up; until then you draw"
           " from the stock or take the pile."),
        N_("Three cards are left in the stock: you cannot end the hand by declining the pile, so you draw."),
    ),
    "stock.must_take": Told(
        N_("Once the stock is used up, you must take the pile if its top card can be laid off on one of"
           " your side's melds."),
        N_("The stock is used up, 9♥ is on the pile and your side has a meld of 9s: you must take the pile."),
    ),
    "pile.empty": Told(
        N_("You can take the pile only when there is one: when it is empty, you draw from the stock."),
        N_("The pile has just been taken and nothing lies on it yet: you draw from the stock."),
    ),
    "pile.blocked": Told(
        N_("While a red three, a black three or a wild card lies on top of the pile, it is blocked and"
           " nobody may take it."),
        N_("3♠ is on top of the pile: even with 3♣ 3♠ in your hand you must draw from the stock."),
    ),
    "pile.blocked_canasta": Told(
        N_("You may not take the pile when its top card could be laid off on one of your side's complete"
           " canastas, not even with two cards of its rank in your hand."),
        N_("Your side has a canasta of kings and K♦ is discarded: you may not take the pile, even holding"
           " K♠ K♣."),
    ),
    "pile.frozen": Told(
        N_("While the pile holds a wild card or a red three it is frozen: you may take it only by melding"
           " its top card with two natural cards of the same rank from your hand."),
        N_("The pile is frozen and 5♠ is on top: with 5♥ 5♦ in your hand you may take it; with 5♥ 2♦ you"
           " may not."),
    ),
    "pile.frozen_wild": Told(
        N_("A frozen pile is taken only with a natural meld: its top card and two cards of the same rank"
           " from your hand, no wild card."),
        N_("The pile is frozen and 5♠ is on top: 5♥ 5♦ 5♠ takes it, 5♥ 2♦ 5♠ does not."),
    ),
    "pile.frozen_unopened": Told(
        N_("Until your side has made its opening meld, the pile is frozen for it: you need two natural"
           " cards of the top card's rank from your hand to take it."),
        N_("Your side has not opened and Q♣ is on top: you may take the pile only with Q♥ Q♦ in your hand."),
    ),
    "pile.top_card": Told(
        N_("To take the pile you must meld its top card at once, with cards from your hand or on one of"
           " your side's melds, before you pick up the rest."),
        N_("6♦ is on top and you hold 6♣ 6♠: you meld 6♣ 6♠ 6♦ first, then take the rest of the pile"
           " into your hand."),
    ),
    "pile.onto_rank": Told(
        N_("You may take the pile by laying its top card off on one of your side's melds only if that"
           " meld is of the same rank."),
        N_("K♥ is on top and your side has K♦ K♠ K♣ 2♥ on the table: lay K♥ off there and take the pile;"
           " your meld of 9s will not take it."),
    ),
    "pile.wild_cards": Told(
        N_("To take the pile with only one natural card of the top card's rank from your hand, you may add"
           " one wild card, not more."),
        N_("9♣ is on top and you hold 9♥ 2♠ Joker: 9♥ 2♠ 9♣ takes the pile; 9♥ 2♠ Joker 9♣ does not."),
    ),
    "pile.onto_canasta": Told(
        N_("You may not take the pile to lay its top card off on a complete canasta."),
        N_("Your side has a canasta of seven queens: Q♠ on top does not let you take the pile by adding it"
           " there."),
    ),
    "pile.single_card": Told(
        N_("With only one card left in your hand you may not take a pile of only one card: you draw from"
           " the stock."),
        N_("You hold only Q♠ and the pile is just Q♥: you must draw from the stock."),
    ),
    "hand.not_held": Told(
        N_("You can meld, lay off and discard only cards you hold in your hand (and, when you take the"
           " pile, its top card)."),
        N_("You want to discard A♠ but hold no ace of spades: pick a card from your hand."),
    ),
    "meld.too_small": Told(
        N_("A meld has at least three cards."),
        N_("J♥ J♠ alone is not a meld; J♥ J♠ J♦ and J♥ J♠ 2♣ are."),
    ),
    "meld.mixed_ranks": Told(
        N_("All the natural cards of a meld are of one rank."),
        N_("7♣ 7♦ 8♦ is not a meld: the 8 is of another rank."),
    ),
    "meld.too_few_naturals": Told(
        N_("A meld needs at least two natural cards of its rank."),
        N_("8♥ 2♣ Joker is not a meld; 8♥ 8♠ Joker is."),
    ),
    "meld.too_many_wilds": Told(
        N_("A meld may hold at most three wild cards, and always fewer wild cards than natural ones."),
        N_("5♥ 5♠ 2♣ is a meld; 5♥ 2♣ Joker is not, and neither are six 4s with four wild cards."),
    ),
    "meld.red_three": Told(
        N_("Red threes are never melded: they are bonus cards laid out on their own."),
        N_("3♥ 3♦ 2♣ is not a meld: lay the red threes out in front of you instead."),
    ),
    "meld.black_threes": Told(
        N_("Black threes may be melded only in the last meld of a player who goes out, and never with wild"
           " cards."),
        N_("You hold 3♣ 3♠ 3♣ K♦: you may meld the black threes only when you go out with them, discarding K♦."),
    ),
    "meld.black_threes_wild": Told(
        N_("A meld of black threes holds no wild cards."),
        N_("3♣ 3♠ 2♦ is not a meld, even when you go out; 3♣ 3♠ 3♣ is."),
    ),
    "meld.black_threes_unopened": Told(
        N_("Black threes may join red threes only once your side has opened, or in the turn it makes its"
           " opening meld."),
        N_("Your side has not opened: you may add 3♠ to your 3♥ only as part of your opening meld."),
    ),
    "meld.layoff": Told(
        N_("You may lay off cards on your side's melds, your own or your partner's, as long as the meld stays"
           " valid."),
        N_("Your side has 9♦ 9♣ 9♠: you may lay off 9♥ or a wild card there, but not 10♥."),
    ),
    "meld.complete": Told(
        N_("Once complete with seven cards, only red and black canastas take more cards; a Samba, a Bolivia"
           " and a canasta of threes take none."),
        N_("Your side's Samba runs from 6♣ to Q♣: K♣ can no longer be added to it."),
    ),
    "meld.samba": Told(
        N_("A Samba is a run of three to seven cards of one suit, from 4 up to the ace, with no gap and no"
           " wild cards."),
        N_("7♣ 8♣ 9♣ 10♣ is a Samba; 7♣ 8♣ 10♣ (a gap) and 3♥ 4♥ 5♥ (below 4) are not."),
    ),
    "meld.bolivia": Told(
        N_("A Bolivia holds only wild cards, jokers and twos: at least three and at most seven."),
        N_("2♣ 2♦ Joker starts a Bolivia; 2♣ Joker 8♥ is not one."),
    ),
    "meld.threes": Told(
        N_("A meld of threes starts with a red three, takes no wild cards and holds at most seven threes;"
           " it is a canasta only with at least three red threes among the seven."),
        N_("3♥ 3♦ 3♥ 3♠ 3♣ 3♠ 3♣ is a Royal canasta; 3♥ with six black threes is not, and stays a"
           " 35-point meld."),
    ),
    "opening.minimum": Told(
        N_("Your side's first meld of the hand must be worth at least 15 points while its total is below 0,"
           " 50 from 0, 90 from 1,500 and 120 from 3,000; red threes do not count."),
        N_("Your side has 1,100 points: A♥ A♣ 2♦ (60 points) opens; 4♣ 4♣ 4♦ 2♦ (35 points) does not."),
    ),
    "going_out.needs_canasta": Told(
        N_("You may go out, playing your last card, only when your side has at least one canasta."),
        N_("Your side has no canasta and you hold 8♥ 8♠ 8♦ K♣: you may not meld the 8s and discard K♣."),
    ),
    "going_out.needs_two_canastas": Told(
        N_("You may go out, playing your last card, only when your side has at least two canastas."),
        N_("Your side has one canasta: after melding you must still hold two cards, so that one stays in your hand"
           " after you discard."),
    ),
    "going_out.needs_samba": Told(
        N_("You may go out only when your side has completed at least two canastas, one of them a Samba;"
           " until then you keep at least one card in your hand."),
        N_("Your side has a red canasta and a Bolivia but no Samba: you may not go out."),
    ),
    "going_out.refused": Told(
        N_("If your partner answers no, you may not go out this turn."),
        N_("You asked and your partner said no: you must keep at least one card after discarding."),
    ),
    "going_out.required": Told(
        N_("If your partner answers yes, you must go out this turn."),
        N_("Your partner said yes: you meld your whole hand, keeping at most one card to discard."),
    ),
    "ask.after_meld": Told(
        N_("You may ask \u201cMay I go out?\u201d only after drawing and before you meld or lay off anything."),
        N_("You have drawn and melded 7♥ 7♠ 7♦: it is too late to ask this turn."),
    ),
    "ask.twice": Told(
        N_("You may ask \u201cMay I go out?\u201d once a turn: the answer binds."),
        N_("Your partner said no: you may not ask again this turn."),
    ),
    "ask.cannot_go_out": Told(
        N_("You may ask \u201cMay I go out?\u201d only when you could go out this turn."),
        N_("Your side has no canasta yet and none is in your hand: there is nothing to ask."),
    ),
    "ask.no_partner": Told(
        N_("Playing without a partner, you have nobody to ask: you alone decide when to go out."),
        N_("In a game of two players you go out whenever the rules allow, without asking."),
    ),
    "answer.not_asked": Told(
        N_("There is nothing to answer until a player has asked \u201cMay I go out?\u201d."),
        N_("Nobody has asked: a yes or a no means nothing yet."),
    ),
    "answer.cannot_pass": Told(
        N_("The partner asked must answer yes or no; the question cannot be passed on."),
        N_("Your partner asks whether they may go out: you must say yes or no."),
    ),
    "replacement.none_owed": Told(
        N_("Each red three you meld earns one replacement card from the stock, drawn before you discard; a"
           " red three taken with the pile or discarded earns none."),
        N_("You meld 3♥ and draw its replacement: without another red three you cannot draw again."),
    ),
    "replacement.stock_empty": Told(
        N_("When the stock is empty, a melded red three earns no replacement card."),
        N_("The stock is used up when you meld 3♦: the three still counts, but you draw nothing for it."),
    ),
}
