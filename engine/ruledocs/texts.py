"""What each rule allows and forbids, told for learners: one sentence and a short example.

``TOLD[rule id]`` is the rule as Classic Canasta (seed 001) and every variant that plays it the
same way have it; ``VARIANT_TOLD[variant][rule id]`` is a variant's own where its text differs
(Wiener's composition table, Royal's two wild cards, Swedish's draw of two ...). Every sentence
is read from the passage ``engine.ruledocs.quotes`` quotes, not from memory. ``SILENT`` is all a
learner is told where the text is silent (a rule whose ``Source.note`` is set): the reasons stay the
developers' record, in the variant modules and docs/rules-<variant>.md.

All texts are English msgids, translated where they are shown (``engine.ruledocs.told``). Cards in
examples are written as the app shows them (``8♥``, ``Joker``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from engine.core.i18n import N_


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
    "meld.layoff": Told(
        N_("You may lay off cards on your side's melds, your own or your partner's, as long as the meld stays"
           " valid."),
        N_("Your side has 9♦ 9♣ 9♠: you may lay off 9♥ or a wild card there, but not 10♥."),
    ),
    "meld.move_wilds": Told(
        N_("When you go out concealed, your melds are merged with your partner's of the same rank; a merged"
           " meld left with a fourth or fifth wild card sends those surplus wild cards to other melds of"
           " your side, where they must fit. No other wild card moves."),
        N_("Your partner has 9♣ 9♦ 9♠ 2♥ 2♦ Joker and you go out concealed with 9♥ 9♣ Joker and K♠ K♦ K♣:"
           " the merged 9s would hold four wild cards, so your Joker moves to the kings."),
    ),
    "meld.complete": Told(
        N_("Once complete with seven cards, only red and black canastas take more cards; a Samba, a Bolivia"
           " and a canasta of threes take none."),
        N_("Your side's Samba runs from 6♣ to Q♣: K♣ can no longer be added to it."),
    ),
    "meld.seven_cards": Told(
        N_("A Samba and a Bolivia hold seven cards at most: cards that would take one past seven cannot be"
           " melded or laid off on it."),
        N_("Your side's Bolivia holds 2♣ 2♦ Joker 2♥ 2♠: two more wild cards complete it, three do not fit."),
    ),
    "meld.one_bolivia": Told(
        N_("Your side has one unfinished Bolivia at a time: wild cards melded on their own join it, and a"
           " new Bolivia is started only once it is complete with seven cards."),
        N_("Your side's Bolivia holds five wild cards: 2♣ 2♦ Joker melded on their own would join it and make"
           " eight; meld two of them onto it to complete it first."),
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
    "replacement.not_in_variant": Told(
        N_("Red threes are laid out on their own and replaced from the stock at once: there is no"
           " replacement draw to make later in the turn."),
        N_("You draw 3♥: it goes face up in front of you and the next card of the stock comes in its place;"
           " nothing is left to draw for it."),
    ),
    "replacement.stock_empty": Told(
        N_("When the stock is empty, a melded red three earns no replacement card."),
        N_("The stock is used up when you meld 3♦: the three still counts, but you draw nothing for it."),
    ),
    "meld.black_threes_alone": Told(
        N_("Black threes are melded only onto red threes, or three to six of them on their own, without wild"
           " cards, in the turn you go out."),
        N_("3♠ alone cannot be melded, nor 3♣ 3♠ while you keep cards; 3♣ 3♠ 3♣ can when you go out with"
           " them."),
    ),
    "meld.threes_wild": Told(
        N_("A meld of threes takes no wild cards: neither red nor black threes are melded with a joker or a"
           " two."),
        N_("3♥ 3♠ Joker is not a meld; 3♥ 3♠ is."),
    ),
    "meld.threes_closed": Told(
        N_("Seven threes with only one or two red ones are no canasta: the meld stays worth 35 points and"
           " takes no more threes, and your side may start a new meld of threes."),
        N_("Your side has 3♥ 3♣ 3♠ 3♣ 3♠ 3♣ 3♠: you may not add 3♦ to it; meld 3♦ on its own instead."),
    ),
    "ask.after_pile": Told(
        N_("If you mean to take the pile and go out, you ask \u201cMay I go out?\u201d before taking it;"
           " once you have taken the pile you may no longer ask."),
        N_("You take the pile with 9♣ 9♦ and then want to ask: too late, the question comes before the"
           " pile."),
    ),
    "going_out.take_pile": Told(
        N_("If you asked before taking the pile and your partners said yes, you must take the pile and go"
           " out this turn; you may not draw from the stock instead."),
        N_("You ask, meaning to take the pile with K♠ on top, and your partner says yes: you take it, meld"
           " everything and discard your last card."),
    ),
    "discard.breaks_meld": Told(
        N_("You may discard a card you melded this turn only if the meld it leaves behind is still valid."),
        N_("You melded 8♣ 8♦ 8♥ 8♠: you may discard the 8♠, which leaves three 8s; from 8♣ 8♦ 8♥ you may"
           " not, which would leave two."),
    ),
    "discard.melded_before": Told(
        N_("Your discard is a card from your hand or one you melded from it this turn: not the pile's top"
           " card, nor a card your side melded before."),
        N_("You took the pile by adding K♠ to your kings: you may not discard the K♠ again."),
    ),
}

# Wiener's and Royal's texts add that nobody lays off on the opponents' melds.
_OWN_SIDE_ONLY = Told(
    N_("You may lay off cards on your side's melds, your own or your partner's but never the opponents',"
       " as long as the meld stays valid."),
    N_("Your side has 9♦ 9♣ 9♠: you may lay off 9♥ or a wild card there, but not 10♥."),
)

_TWO_DRAWN = Told(
    N_("Your turn begins with a draw: two cards from the stock or the whole pile, before you meld or"
       " discard anything."),
    N_("It is your turn and you hold 7♠ 7♥ 7♦: first draw two cards from the stock or take the pile, then meld."),
)

WIENER: Mapping[str, Told] = {
    "meld.layoff": _OWN_SIDE_ONLY,
    "deal.upcard": Told(
        N_("If the card turned up to start the pile is a joker, a two or a red or black three, more cards"
           " are turned onto it until a card from 4 to ace lies on top."),
        N_("The dealer turns up 3♠ and then Q♥: the pile starts with Q♥ on top, not frozen, as a black"
           " three does not freeze it."),
    ),
    "turn.answer_pending": Told(
        N_("When a player asks \u201cMay I go out?\u201d, the partner must answer a clear yes or no before"
           " anything else is played, and the answer binds."),
        N_("Your partner asks whether they may go out: nothing is played until you have said yes or no."),
    ),
    "stock.empty": Told(
        N_("Once the last card of the stock has been drawn and discarded, play goes on only while each next"
           " player takes the pile; the hand ends when one cannot or will not."),
        N_("The stock is empty and you cannot use the 4♦ on the pile: you decline it and the hand ends."),
    ),
    "stock.must_take": Told(
        N_("Once the stock is used up, you must take the pile if its top card can be laid off on one of"
           " your side's melds, unless a wild card or a red three has frozen the pile."),
        N_("The stock is used up, 9♥ is on the pile and your side has a meld of 9s: you must take the pile."),
    ),
    "pile.blocked": Told(
        N_("A black three or a wild card discarded onto the pile blocks it: the next player may not take it."),
        N_("The player before you discards 3♣: you must draw from the stock, even with two black threes in"
           " your hand."),
    ),
    "pile.onto_rank": Told(
        N_("You may take an unfrozen pile by laying its top card off on one of your side's melds only if"
           " that meld is of the same rank."),
        N_("K♥ is on top and your side has K♦ K♠ K♣ 2♥ on the table: lay K♥ off there and take the pile;"
           " your meld of 9s will not take it."),
    ),
    "pile.onto_canasta": Told(
        N_("You may take the pile by laying its top card off on one of your side's melds only while that"
           " meld has six cards or fewer."),
        N_("Your side has a canasta of seven queens: Q♠ on top does not let you take the pile by adding it"
           " there."),
    ),
    "pile.wild_cards": Told(
        N_("Once your side has opened and the pile is not frozen, you may take it with one natural card of"
           " the top card's rank and one wild card from your hand, not more."),
        N_("9♣ is on top and you hold 9♥ 2♠ Joker: 9♥ 2♠ 9♣ takes the pile; 9♥ 2♠ Joker 9♣ does not."),
    ),
    "meld.mixed_ranks": Told(
        N_("All the natural cards of a meld are of one rank: runs cannot be melded, and suits do not matter."),
        N_("5♥ 6♥ 7♥ is not a meld; 5♥ 5♠ 5♦ is."),
    ),
    "meld.too_few_naturals": Told(
        N_("A meld of three or four cards needs at least two natural cards, of five or six at least three,"
           " and a canasta of seven at least four."),
        N_("8♥ 8♠ 8♦ 2♣ Joker is a meld of five; 8♥ 8♠ 2♣ Joker 2♦ is not."),
    ),
    "meld.too_many_wilds": Told(
        N_("Wild cards may never outnumber the natural ones: a meld of three cards holds at most one, of four"
           " or five at most two, of six or seven at most three."),
        N_("J♥ J♠ 2♣ 2♦ is a meld of four; J♥ J♠ J♦ 2♣ 2♦ Joker is a meld of six, but J♥ J♠ 2♣ 2♦ Joker"
           " is not."),
    ),
    "meld.black_threes": Told(
        N_("Black threes may be melded only when you go out: three or four of them, without wild cards."),
        N_("You hold 3♣ 3♠ 3♣ K♦: you may meld the black threes only when you go out with them, discarding K♦."),
    ),
    "opening.minimum": Told(
        N_("Your side's first meld must be worth at least 15 points while its total is below 0, 50 from 0, 90"
           " from 1,500 and 120 from 3,000 (lower thresholds in short games); bonuses for red threes or"
           " canastas do not count, and a Hand-Canasta needs no minimum."),
        N_("Your side has 2,000 points, so it needs 90: A♥ A♠ A♦ Joker (110 points) opens; K♥ K♠ K♦ 2♣"
           " (50 points) does not."),
    ),
    "going_out.needs_two_canastas": Told(
        N_("With six players in three partnerships, you may go out only when your side has at least two"
           " canastas."),
        N_("Your side has one canasta: after melding you must still hold two cards, so that one stays in your hand"
           " after you discard."),
    ),
    "answer.cannot_pass": Told(
        N_("Only with six players in two teams may the partner on the left pass the question; the partner"
           " on the right must then answer yes or no."),
        N_("Your left-hand partner passed the question to you: you must say yes or no."),
    ),
}

ROYAL: Mapping[str, Told] = {
    "meld.layoff": _OWN_SIDE_ONLY,
    "deal.upcard": Told(
        N_("If the card turned up to start the pile is a wild card or a red or black three, it is covered"
           " with another card from the stock until a card from 4 to ace lies on top."),
        N_("The first card is a joker: it is turned sideways and 7♣ is turned onto it, so the pile starts"
           " frozen with 7♣ on top."),
    ),
    "turn.draw_first": _TWO_DRAWN,
    "turn.answer_pending": Told(
        N_("When a player asks \u201cMay I go out?\u201d, every partner must answer yes or no before anything"
           " else is played; the answer binds, and one no makes it no."),
        N_("Of your two partners one answers yes and the other no: the answer is no."),
    ),
    "stock.empty": Told(
        N_("Once the stock is used up, play goes on only while each next player takes the pile; the hand"
           " ends when one cannot take it or declines as the rules allow."),
        N_("The stock is empty and you cannot use the 4♦ on the pile: you decline it and the hand ends."),
    ),
    "stock.must_take": Told(
        N_("Once the stock is used up, you must take the pile if its top card can be laid off on one of"
           " your side's melds; with only a matching pair in your hand, you may choose."),
        N_("The stock is used up, 9♥ is on the pile and your side has a meld of 9s: you must take the pile."),
    ),
    "pile.onto_rank": Told(
        N_("You may take the pile by laying its top card off on one of your side's melds only where it fits:"
           " a meld of its rank, or a Samba it extends."),
        N_("Your side has the Samba 7♦ 8♦ 9♦: with 6♦ or 10♦ on top you may take the pile by adding it."),
    ),
    "pile.onto_canasta": Told(
        N_("You may not take the pile to lay its top card off on a complete canasta of any kind."),
        N_("Your side has a red canasta of 8s: 8♣ on top does not let you take the pile by adding it there."),
    ),
    "pile.wild_cards": Told(
        N_("To take an open pile with only one natural card of the top card's rank from your hand, you may"
           " add one or two wild cards."),
        N_("4♠ is on top and you hold 4♥ 2♣ Joker: 4♥ 2♣ Joker 4♠ takes the pile."),
    ),
    "hand.not_held": Told(
        N_("You meld and lay off only cards from your hand (and the pile's top card when you take it); your"
           " discard may also be a card you melded this turn, if that meld stays valid without it."),
        N_("You meld 9♥ 9♣ 9♠ 9♦ and then discard the 9♦: the meld keeps three cards and stays valid."),
    ),
    "meld.too_small": Told(
        N_("A meld has at least three cards; only a meld of threes, begun with a red three, may hold fewer."),
        N_("9♥ 9♠ alone is not a meld; a single 3♥ melded for its bonus is."),
    ),
    "meld.mixed_ranks": Told(
        N_("A meld of one rank holds natural cards of that rank only, besides its wild cards; a run of one"
           " suit is a Samba."),
        N_("10♣ 10♦ J♦ is not a meld: two ranks, and not a run of one suit."),
    ),
    "meld.too_many_wilds": Told(
        N_("A meld of one rank may hold one or two wild cards, never more."),
        N_("K♥ K♠ K♦ 2♣ Joker is a meld; K♥ K♠ K♦ 2♣ 2♦ Joker is not."),
    ),
    "meld.red_three": Told(
        N_("A red three is melded only with threes: alone for its bonus or with black threes toward a Royal"
           " canasta, never in a meld of another rank."),
        N_("3♥ 9♣ 9♠ is not a meld; 3♥ alone, melded for 100 points, is."),
    ),
    "meld.black_threes": Told(
        N_("Black threes are melded only onto red threes, once your side has opened or in its opening meld,"
           " or three to six of them on their own in the turn you go out."),
        N_("3♠ alone cannot be melded; added to your side's 3♥ it can, and 3♣ 3♠ 3♣ can when you go out."),
    ),
    "meld.black_threes_wild": Told(
        N_("A meld of threes takes no wild cards, whether its black threes stand alone or join red threes."),
        N_("3♣ 3♠ 2♦ is not a meld, and 3♥ 3♠ Joker is not either."),
    ),
    "opening.minimum": Told(
        N_("Your side's first meld of the hand must be worth at least 15 points while its total is below 0,"
           " 50 from 0, 90 from 1,500, 120 from 3,000 and 150 from 7,000; bonuses do not count, but red"
           " threes melded with black threes count 5 each, like the black ones, and such a meld of threes"
           " may itself be the opening."),
        N_("Your side has 7,200 points, so it needs 150: A♥ A♠ A♦ Joker 2♣ (130 points) is not enough;"
           " below 0, 3♥ 3♠ 3♣ (15 points) opens."),
    ),
    "going_out.refused": Told(
        N_("If a partner answers no, you may not go out this turn; with several partners, one no is enough."),
        N_("You asked and one partner said no: you must keep at least one card in your hand."),
    ),
    "going_out.required": Told(
        N_("If your partners answer yes, you must go out this turn: asking and then not going out is against"
           " the rules."),
        N_("Your partner said yes: you meld your whole hand, keeping at most one card to discard."),
    ),
    "ask.after_meld": Told(
        N_("You ask \u201cMay I go out?\u201d before you meld, and before taking the pile if you mean to take"
           " it; if you draw from the stock, you ask after drawing."),
        N_("You mean to take the pile and go out: ask first, then take it."),
    ),
    "answer.cannot_pass": Told(
        N_("Every partner asked must answer yes or no; the question cannot be passed on."),
        N_("Your partner asks whether they may go out: you must say yes or no."),
    ),
}

SWEDISH: Mapping[str, Told] = {
    "deal.upcard": Told(
        N_("If the first card turned up is a two or a joker, it goes back into the stock and a new card is"
           " turned up."),
        N_("The first card is 2♥: it is put back into the stock and the next card, K♠, starts the pile."),
    ),
    "turn.draw_first": _TWO_DRAWN,
    "stock.empty": Told(
        N_("The hand ends when the stock runs out: after the player who drew the last card has discarded,"
           " nobody draws or takes the pile."),
        N_("You draw the last two cards of the stock and discard 5♦: the hand is over and scored."),
    ),
    "stock.not_empty": Told(
        N_("The hand cannot be ended early: while the stock has cards, you draw from it or take the pile."),
        N_("Three cards are left in the stock: you cannot end the hand by declining the pile, so you draw."),
    ),
    "pile.blocked": Told(
        N_("A black three discarded onto the pile closes it, so the next player must draw from the stock; a"
           " wild card or red three on top blocks it too."),
        N_("The player before you discards 3♣: you draw two cards from the stock."),
    ),
    "pile.frozen": Told(
        N_("A wild card discarded crosswise onto the pile freezes it: you may take it only with two natural"
           " cards of the top card's rank in your hand."),
        N_("The pile is frozen and J♦ is on top: only a player holding two jacks may take it."),
    ),
    "pile.wild_cards": Told(
        N_("To take the pile with one natural card of the top card's rank from your hand, you may add up to"
           " two wild cards, since a meld may hold as many wild cards as natural ones."),
        N_("8♥ is on top and you hold 8♣ 2♦ Joker: 8♣ 2♦ Joker 8♥ takes the pile, two natural cards and two"
           " wild ones."),
    ),
    "meld.too_many_wilds": Told(
        N_("A meld may hold at most three wild cards, and never more wild cards than natural ones."),
        N_("8♥ 8♣ 2♦ Joker is a meld, two natural and two wild; 8♥ 2♦ Joker is not."),
    ),
    "meld.black_threes": Told(
        N_("Black threes may be melded only in the last meld of a player who goes out."),
        N_("You hold 3♣ 3♠ 3♣ K♦: you may meld the black threes only when you go out with them, discarding K♦."),
    ),
    "opening.minimum": Told(
        N_("Your side's first meld must be worth at least 50 points while its total is 0 to 1,499, 90 from"
           " 1,500 and 120 from 3,000 (15 below 0)."),
        N_("Your side has 1,600 points, so it needs 90: Q♥ Q♠ Q♦ Joker (80 points) is not enough."),
    ),
}

VARIANT_TOLD: Mapping[str, Mapping[str, Told]] = {"wiener": WIENER, "royal": ROYAL, "swedish": SWEDISH}

# What a learner reads where the variant's text is silent (its ``Source.note`` is set): the reasons,
# naming the text and the usual rule, are the developers' record (the variant modules' ``Source.note``,
# docs/rules-<variant>.md), not the learner's.
SILENT = N_("The rule text is silent here; the usual rule is followed.")
