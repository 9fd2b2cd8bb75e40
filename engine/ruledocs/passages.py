"""Each seed passage in the learner's language: under every passage ``engine.ruledocs.quotes`` quotes, the
rules reference shows its translation, unless the learner reads the passage's own language.

``PASSAGES[variant][rule id]`` holds one entry for each distinct passage of the variant, under the first
rule id (in ``rule_ids`` order) that quotes it; a rule quoting the same words shares it. The msgid is the
English translation and the context names the passage, so each language translates each passage on its
own; every translation is written from the quoted words (in the passage's own language the catalog holds
the passage itself). ``tests/engine/ruledocs/test_ruledocs.py`` checks that every passage has exactly one.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from engine.core.i18n import NC_, ContextText
from engine.ruledocs.quotes import QUOTES

# Babel reads a context only when it is written out in each call.
PASSAGES: Mapping[str, Mapping[str, ContextText]] = {
    "classic": {
        "deal.upcard": NC_("Classic Canasta passage: deal.upcard",
            "If the top card of the stock is a wild card or a red three, turn the card sideways to show that "
            "the pile is frozen (see below) and keep turning cards until you get a card that is neither a wild "
            "card nor a red three."),
        "red_three.lay_out": NC_("Classic Canasta passage: red_three.lay_out",
            "Normally each player should at this point put all the red threes they have in their hand face up "
            "in front of them and draw as many cards to replace them, but on this site we put that off until it "
            "is that player's turn, to keep things clear and simple."),
        "turn.draw_first": NC_("Classic Canasta passage: turn.draw_first",
            "At the start of your turn you either draw the top card of the stock or pick up the whole pile."),
        "turn.answer_pending": NC_("Classic Canasta passage: turn.answer_pending",
            "The partner can then answer “yes” or “no”, and the answer is binding."),
        "hand.over": NC_("Classic Canasta passage: hand.over",
            "When a player goes out, the hand is over."),
        "stock.empty": NC_("Classic Canasta passage: stock.empty",
            "In a normal game you would technically keep playing until one player cannot or refuses to take the "
            "pile, but to keep things simple in this online game, if a player ends their play and there is no "
            "card left in the stock, the game ends, whether or not a side went out."),
        "stock.not_empty": NC_("Classic Canasta passage: stock.not_empty",
            "The hand also ends when the last card has been drawn from the stock."),
        "pile.empty": NC_("Classic Canasta passage: pile.empty",
            "You may always take the top card of the stock, but you can only pick up the pile if you can at "
            "once meld or lay off the top card of the pile."),
        "pile.blocked": NC_("Classic Canasta passage: pile.blocked",
            "If there is a red three, a black three or a wild card on top of the pile, it is blocked. You "
            "cannot pick up a blocked pile under any circumstances."),
        "pile.frozen": NC_("Classic Canasta passage: pile.frozen",
            "A frozen pile may only be taken if you can make a natural meld (a meld without wild cards) with "
            "the top card and cards from your hand."),
        "pile.frozen_unopened": NC_("Classic Canasta passage: pile.frozen_unopened",
            "In the same way, the pile is frozen against a side if that side has not yet made its opening meld."),
        "pile.frozen_wild": NC_("Classic Canasta passage: pile.frozen_wild",
            "A frozen pile may only be taken if you can make a natural meld (a meld without wild cards) with "
            "the top card and cards from your hand. You must make that meld in the same turn as you pick up the "
            "pile."),
        "pile.top_card": NC_("Classic Canasta passage: pile.top_card",
            "If you pick up the pile, you must put down the promised meld holding the top card of the pile "
            "before you may take the rest of the pile or make other melds."),
        "pile.onto_rank": NC_("Classic Canasta passage: pile.onto_rank",
            "Playing at a real table, you would simply show the two other cards of the meld from your hand, or "
            "put the card from the pile on the meld on the table that you are laying off on."),
        "pile.wild_cards": NC_("Classic Canasta passage: pile.wild_cards",
            "If you pick up the pile, you must put down the promised meld holding the top card of the pile "
            "before you may take the rest of the pile or make other melds. Playing at a real table, you would "
            "simply show the two other cards of the meld from your hand"),
        "hand.not_held": NC_("Classic Canasta passage: hand.not_held",
            "When a player has melded all the cards they want to meld in that turn, the player ends their turn "
            "by discarding one card from their hand onto the pile."),
        "meld.too_small": NC_("Classic Canasta passage: meld.too_small",
            "A meld consists of at least three cards, and up to 11."),
        "meld.mixed_ranks": NC_("Classic Canasta passage: meld.mixed_ranks",
            "There must always be more natural cards than wild cards, and all the natural cards must be of the "
            "same rank."),
        "meld.too_few_naturals": NC_("Classic Canasta passage: meld.too_few_naturals",
            "It must hold at least two natural cards of the same rank, and may hold up to three wild cards."),
        "meld.too_many_wilds": NC_("Classic Canasta passage: meld.too_many_wilds",
            "There must always be more natural cards than wild cards, and all the natural cards must be of the "
            "same rank. For example, three fives are a valid meld, but two jokers and a five are not. In the "
            "same way, six fours are a valid meld, but six fours and four wild cards are not."),
        "meld.black_threes": NC_("Classic Canasta passage: meld.black_threes",
            "Black threes may not be melded except as the last meld before a player goes out and ends the hand, "
            "and they may not be melded with wild cards."),
        "meld.layoff": NC_("Classic Canasta passage: meld.layoff",
            "You can lay off as many or as few cards at a time as you like, but the final combined meld on the "
            "table must be valid."),
        "opening.minimum": NC_("Classic Canasta passage: opening.minimum",
            "The first meld a side makes in each hand must be worth at least a certain number of points to be "
            "valid, depending on how many points the side has in all. A red three does not count as a meld "
            "here."),
        "going_out.needs_canasta": NC_("Classic Canasta passage: going_out.needs_canasta",
            "If your side has no canasta on the table you may not go out, and you may not end the game with no "
            "cards in your hand."),
        "going_out.refused": NC_("Classic Canasta passage: going_out.refused",
            "If your partner says no, you cannot go out."),
        "going_out.required": NC_("Classic Canasta passage: going_out.required",
            "If the partner agrees, you must go out."),
        "ask.after_meld": NC_("Classic Canasta passage: ask.after_meld",
            "Because of this, after drawing your card but before you meld or lay off anything, you can ask your "
            "partner whether you may go out."),
        "ask.cannot_go_out": NC_("Classic Canasta passage: ask.cannot_go_out",
            "In this online game there is a button to ask “May I go out?”, which becomes active when the online "
            "game sees that you can go out and you have not made any melds in that turn."),
    },
    "wiener": {
        "deal.upcard": NC_("Wiener Canasta passage: deal.upcard",
            "If this face-up card is a joker, a two, or a red or black three, another card is laid on it, or as "
            "many more as needed, until a card between four and ace shows on top."),
        "red_three.lay_out": NC_("Wiener Canasta passage: red_three.lay_out",
            "As soon as a player picks up their hand, they lay any red threes in it face up on the table in "
            "front of them and, as soon as it is their turn, draw a replacement card from the stock for each "
            "red three. This also happens later in the game whenever a player draws a red three from the stock. "
            "Only for a red three taken with the pile may no replacement card be drawn (see § 3)."),
        "turn.draw_first": NC_("Wiener Canasta passage: turn.draw_first",
            "If a player, when it is their turn, cannot or will not take the pile, they must draw a card from "
            "the stock."),
        "turn.already_drawn": NC_("Wiener Canasta passage: turn.already_drawn",
            "After that they may meld cards, but need not. A player ends their turn by discarding a card."),
        "turn.answer_pending": NC_("Wiener Canasta passage: turn.answer_pending",
            "When four play, the player who is about to go out can ask their partner: “May I go out?”, and the "
            "partner must answer with a clear yes or no; the answer is binding."),
        "hand.over": NC_("Wiener Canasta passage: hand.over",
            "A hand is over as soon as a player has melded all their cards, arranged in melds."),
        "stock.empty": NC_("Wiener Canasta passage: stock.empty",
            "If a player picks up the last card of the stock and then discards a card without going out, the "
            "hand ends; unless the next player takes the pile: then play goes on until a player either goes out "
            "or cannot or will not take the pile."),
        "pile.empty": NC_("Wiener Canasta passage: pile.empty",
            "If the top card of the pile lets the player whose turn it is make a meld with it, that player has "
            "the right, unless the pile is blocked (see § 13), to take the top card together with the whole "
            "pile."),
        "pile.blocked": NC_("Wiener Canasta passage: pile.blocked",
            "If you discard a black three, the next player (that is, the player on the left) may not take the "
            "pile (see § 7) … If you discard a joker or a two, the next player may not take the pile under any "
            "circumstances."),
        "pile.blocked_canasta": NC_("Wiener Canasta passage: pile.blocked_canasta",
            "If you discard a card that the other side could lay off on a canasta that is already complete, the "
            "next player may not take the pile; not even when they hold two cards of the same rank."),
        "pile.frozen": NC_("Wiener Canasta passage: pile.frozen",
            "If the pile holds one or more wild cards or one or more red threes, the pile is frozen. If the "
            "pile is frozen, a player can take the pile only if they hold two cards of the same rank as the top "
            "card of the pile."),
        "pile.frozen_unopened": NC_("Wiener Canasta passage: pile.frozen_unopened",
            "If the player (or their partner) has not yet opened, then to take the pile they must"),
        "pile.frozen_wild": NC_("Wiener Canasta passage: pile.frozen_wild",
            "If the pile is frozen, a player can take the pile only if they hold two cards of the same rank as "
            "the top card of the pile. These two cards must then be melded together with the top card of the "
            "pile."),
        "pile.top_card": NC_("Wiener Canasta passage: pile.top_card",
            "When a player takes the pile, they may at first take only the top card, and must meld it at once; "
            "the top card may not be taken into the hand."),
        "pile.onto_rank": NC_("Wiener Canasta passage: pile.onto_rank",
            "The pile may also be taken, unless it is frozen, if the top card can be laid off on a meld of six "
            "cards or fewer melded by the player or their partner."),
        "pile.wild_cards": NC_("Wiener Canasta passage: pile.wild_cards",
            "If a player (or their partner) is already “on the table” and the pile is not frozen, they may take "
            "the pile even if they hold only one card matching the top card, together with a joker or a two."),
        "stock.must_take": NC_("Wiener Canasta passage: stock.must_take",
            "If, however, the last card discarded can be laid off on a meld (see § 12.4), the player must now "
            "even take the pile, provided the pile is not frozen by a wild card or a red three."),
        "hand.not_held": NC_("Wiener Canasta passage: hand.not_held",
            "The player's task and aim is to meld, from their hand and the cards taken in the course of the "
            "game, melds, so-called figures, of at least three cards of equal rank."),
        "meld.mixed_ranks": NC_("Wiener Canasta passage: meld.mixed_ranks",
            "Sequences of cards in a row cannot be put down; the suits of the cards do not matter (except for "
            "the threes, see §§ 6 and 7)."),
        "meld.too_few_naturals": NC_("Wiener Canasta passage: meld.too_few_naturals",
            "A meld of three must hold at least 2 natural cards and may hold only 1 joker. A meld of four must "
            "hold at least 2 natural cards and may hold only 2 jokers. A meld of five must hold at least 3 "
            "natural cards and may hold only 2 jokers. A meld of six must hold at least 3 natural cards and may "
            "hold only 3 jokers. … A meld of seven (a canasta) must hold at least 4 natural cards and may hold "
            "only 3 jokers."),
        "meld.red_three": NC_("Wiener Canasta passage: meld.red_three",
            "The four red threes are so-called bonus cards; they play a part like that of the flower and season "
            "tiles in Mah-Jongg."),
        "meld.black_threes": NC_("Wiener Canasta passage: meld.black_threes",
            "Black threes may be melded only while going out. When a player goes out, they may put down three "
            "or four black threes; but black threes cannot be combined with wild cards."),
        "meld.move_wilds": NC_("Wiener Canasta passage: meld.move_wilds",
            "If a player goes out concealed or plays Hand-Canasta, they lay out their hand apart from any melds "
            "of their partner, to show that they place all their cards in melds of their own; only then are any "
            "melds of the same rank joined with the partner's, and more canastas may come about. If a meld "
            "holds a fourth or fifth wild card after being joined, these surplus wild cards may be moved to "
            "other melds."),
        "meld.layoff": NC_("Wiener Canasta passage: meld.layoff",
            "Once a player has opened, their partner may lay off on their melds. … A side may meld cards of the "
            "same rank as the other side; but it is not allowed to lay off on the other side's melds."),
        "opening.minimum": NC_("Wiener Canasta passage: opening.minimum",
            "A player or a partnership may open, that is, put the melds in their hand on the table for the "
            "first time, only if these melds are worth in all, by the card values of § 4, at least 15, 50, 90 "
            "or 120 points."),
        "going_out.needs_canasta": NC_("Wiener Canasta passage: going_out.needs_canasta",
            "As a rule, you can go out only if you have put down at least one canasta."),
        "going_out.needs_two_canastas": NC_("Wiener Canasta passage: going_out.needs_two_canastas",
            "You may go out only with two canastas (you can agree that at least one of them must be a natural "
            "canasta)."),
        "ask.no_partner": NC_("Wiener Canasta passage: ask.no_partner",
            "No partnerships are formed; each player plays for themselves."),
        "answer.cannot_pass": NC_("Wiener Canasta passage: answer.cannot_pass",
            "If a player wants to ask permission to go out, they must put the question to their partner on the "
            "left, who can answer yes or no, or pass. If they pass, the partner on the right must answer yes or "
            "no."),
    },
    "royal": {
        "deal.upcard": NC_("Royal Canasta passage: deal.upcard",
            "If the first card of the pile is a wild card, or a black or red three, it is covered with another "
            "card from the stock; this goes on until the starting card is a card between four and ace."),
        "turn.draw_first": NC_("Royal Canasta passage: turn.draw_first",
            "When a player begins their turn, they can choose between drawing two cards from the stock or "
            "picking up the pile (if the rules let them)."),
        "turn.already_drawn": NC_("Royal Canasta passage: turn.already_drawn",
            "They can then make any number of melds if they can and want to. Melding cards is always a choice. "
            "They then end their turn by discarding a card face up on the pile."),
        "turn.answer_pending": NC_("Royal Canasta passage: turn.answer_pending",
            "Their partner(s) must answer “Yes” or “No” and the answer is binding."),
        "hand.over": NC_("Royal Canasta passage: hand.over",
            "The hand ends at once when any player goes out."),
        "stock.empty": NC_("Royal Canasta passage: stock.empty",
            "After a player has discarded, play goes on if the next player can pick up the pile. … The deal "
            "ends when a player cannot take the pile, or chooses, as the rules allow, to decline it."),
        "stock.not_empty": NC_("Royal Canasta passage: stock.not_empty",
            "The deal ends when a player cannot take the pile, or chooses, as the rules allow, to decline it."),
        "pile.empty": NC_("Royal Canasta passage: pile.empty",
            "When a player begins their turn, they can choose to pick up the pile instead of drawing cards from "
            "the stock, if the rules let them; if they choose to do so, they must pick up the whole pile."),
        "pile.blocked": NC_("Royal Canasta passage: pile.blocked",
            "The pile is blocked when its top card is a black three, a red three or a wild card. Then a player "
            "may not pick up the pile when it is their turn."),
        "pile.frozen": NC_("Royal Canasta passage: pile.frozen",
            "The pile is frozen when it holds a red three or a wild card, wherever in the pile they lie. … To "
            "be able to pick up the pile when it is frozen, the player must have two matching cards of the same "
            "rank as the top card of the pile."),
        "pile.frozen_unopened": NC_("Royal Canasta passage: pile.frozen_unopened",
            "It is also frozen for a side that has not made its opening meld."),
        "pile.frozen_wild": NC_("Royal Canasta passage: pile.frozen_wild",
            "They must first place the two matching cards face up on the table and then add the top card of the "
            "pile. These three cards now make a meld for their side."),
        "pile.top_card": NC_("Royal Canasta passage: pile.top_card",
            "in this case the top card of the pile is added to the meld on the table, and then the player picks "
            "up the rest of the pile into their hand (and can then make more melds if they wish)."),
        "pile.onto_rank": NC_("Royal Canasta passage: pile.onto_rank",
            "Or, if the top card of the pile can be added to one of their side's melds on the table, they may "
            "take the pile."),
        "pile.wild_cards": NC_("Royal Canasta passage: pile.wild_cards",
            "For a player to be able to pick up an open pile, they must be able to meld its top card with "
            "matching cards of the same rank from their hand; this meld may hold one or two wild cards besides "
            "the card of matching rank."),
        "pile.onto_canasta": NC_("Royal Canasta passage: pile.onto_canasta",
            "But they may not pick up the pile to add its top card to complete canastas of any kind."),
        "stock.must_take": NC_("Royal Canasta passage: stock.must_take",
            "If the rules allow the pile to be picked up because its top card can be laid on one of the "
            "player's side's melds, they must do so."),
        "pile.single_card": NC_("Royal Canasta passage: pile.single_card",
            "When a player has only one card left in hand, they may not take the pile if it is only one card. "
            "Then the player must draw cards from the stock"),
        "hand.not_held": NC_("Royal Canasta passage: hand.not_held",
            "Melds must be placed face up on the table during a player's turn (after they have drawn cards and "
            "before they have discarded)."),
        "meld.too_small": NC_("Royal Canasta passage: meld.too_small",
            "This holds for all melds: a meld must be at least three cards of the same rank, except for melds "
            "of a Royal Canasta (which can hold one or more cards)."),
        "meld.mixed_ranks": NC_("Royal Canasta passage: meld.mixed_ranks",
            "A black canasta meld must hold only cards of the same rank."),
        "meld.too_few_naturals": NC_("Royal Canasta passage: meld.too_few_naturals",
            "A meld must be at least three cards of the same rank … One or two wild cards are allowed in a "
            "black canasta meld, but none in a red canasta meld."),
        "meld.too_many_wilds": NC_("Royal Canasta passage: meld.too_many_wilds",
            "A black canasta can never hold more than two wild cards; so there is a limit: two wild cards may "
            "be added to a red canasta and one to a black canasta (or none if the black canasta already holds "
            "two wild cards)."),
        "meld.red_three": NC_("Royal Canasta passage: meld.red_three",
            "100 bonus for a red three. A red three can be melded on its own for a bonus of 100 points when a "
            "player melds in their turn."),
        "meld.black_threes": NC_("Royal Canasta passage: meld.black_threes",
            "Black threes can be melded together with red threes. … Black threes can be melded without red "
            "threes only in the same turn as a player goes out. Then the meld must hold between three and six "
            "black threes and no wild cards."),
        "meld.black_threes_wild": NC_("Royal Canasta passage: meld.black_threes_wild",
            "Black threes can be melded without red threes only in the same turn as a player goes out. Then the "
            "meld must hold between three and six black threes and no wild cards."),
        "meld.threes_wild": NC_("Royal Canasta passage: meld.threes_wild",
            "A Royal Canasta holds only threes. … No wild cards are allowed in this kind of meld."),
        "meld.threes_closed": NC_("Royal Canasta passage: meld.threes_closed",
            "A meld of seven threes does not count as a canasta if it holds only one or two red threes. Nor may "
            "a player add any threes to this meld. It stays a meld worth 35 points."),
        "meld.complete": NC_("Royal Canasta passage: meld.complete",
            "As soon as a canasta is complete and marked, cards of the same rank or wild cards can be added to "
            "a red or black canasta when melding in one's turn; this raises the canasta's card points, but not "
            "its bonus. Cards cannot be added to any other kind of complete canasta."),
        "meld.seven_cards": NC_("Royal Canasta passage: meld.seven_cards",
            "A canasta is a combination of seven cards."),
        "meld.one_bolivia": NC_("Royal Canasta passage: meld.one_bolivia",
            "You can start two or more Samba melds of the same suit, but only one meld of the same rank (a "
            "canasta meld) can be started. As soon as a Royal, red or black canasta is complete (seven cards), "
            "a new meld of the same rank can be started; this rule also holds for a Bolivia."),
        "meld.samba": NC_("Royal Canasta passage: meld.samba",
            "A Samba meld is a sequence of three to seven cards, which must be of the same suit. The cards "
            "allowed in a Samba are those from fours to aces (aces are always high). No wild cards are allowed "
            "in a Samba."),
        "meld.bolivia": NC_("Royal Canasta passage: meld.bolivia",
            "A Bolivia meld is made of wild cards only (jokers and twos)."),
        "meld.threes": NC_("Royal Canasta passage: meld.threes",
            "Starting a Royal Canasta. The first card melded in a Royal Canasta must be a red three. … "
            "Finishing a Royal Canasta. A Royal Canasta must hold at least three red threes."),
        "meld.layoff": NC_("Royal Canasta passage: meld.layoff",
            "You may meld as many cards as you wish, start new melds or add cards to melds already made; you "
            "may not add cards to the other side's melds."),
        "opening.minimum": NC_("Royal Canasta passage: opening.minimum",
            "The first meld made by any player of a side must have a certain minimum of points, depending on "
            "how many points the side has gathered in the earlier deals, by the following table: … Bonus points "
            "for canastas and red threes may not be counted towards the minimum (except that one or more red "
            "threes melded together with at least one black three count five points each)."),
        "going_out.needs_samba": NC_("Royal Canasta passage: going_out.needs_samba",
            "A player may not go out unless their side has completed at least two canastas, one of which must "
            "be a Samba. A player must keep at least one card in hand if the rules do not let them go out."),
        "going_out.refused": NC_("Royal Canasta passage: going_out.refused",
            "Their partner(s) must answer “Yes” or “No” and the answer is binding. If one partner answers “Yes” "
            "and the other “No”, the answer is “No”."),
        "going_out.required": NC_("Royal Canasta passage: going_out.required",
            "A player who asks their partner “May I go out” and then does not: 100 points."),
        "ask.after_meld": NC_("Royal Canasta passage: ask.after_meld",
            "They must ask the question before melding and before picking up the pile, if they mean to; but if "
            "they mean to draw from the stock, they ask the question after drawing."),
        "going_out.take_pile": NC_("Royal Canasta passage: going_out.take_pile",
            "They must ask the question before melding and before picking up the pile, if they mean to; … Their "
            "partner(s) must answer “Yes” or “No” and the answer is binding."),
        "discard.breaks_meld": NC_("Royal Canasta passage: discard.breaks_meld",
            "It can be a card from the hand or one of the cards they melded in the same turn, provided the meld "
            "does not become invalid when they take a card from it."),
        "ask.twice": NC_("Royal Canasta passage: ask.twice",
            "A player may ask their partner / partners: “may I go out?”"),
        "ask.no_partner": NC_("Royal Canasta passage: ask.no_partner",
            "Royal Canasta can be played by two, three, four, five or six players."),
        "replacement.none_owed": NC_("Royal Canasta passage: replacement.none_owed",
            "Each time you meld a red three, you may draw a replacement card from the stock; if the stock is "
            "empty, you go without a replacement card. If you discard a red three, you may not draw a "
            "replacement card from the stock."),
        "replacement.stock_empty": NC_("Royal Canasta passage: replacement.stock_empty",
            "Each time you meld a red three, you may draw a replacement card from the stock; if the stock is "
            "empty, you go without a replacement card."),
    },
    "swedish": {
        "deal.upcard": NC_("Swedish family Canasta passage: deal.upcard",
            "Should this first card be a two or a joker, it is put back into the stock and a new card is turned "
            "up."),
        "red_three.lay_out": NC_("Swedish family Canasta passage: red_three.lay_out",
            "If a red three turns up when you pick up your cards from the stock, it is placed face up on the "
            "table and then you may take a new card."),
        "turn.draw_first": NC_("Swedish family Canasta passage: turn.draw_first",
            "The player may choose between picking up two cards from the stock or picking up the whole pile "
            "(since the game has only just begun, there is only one card in the pile)."),
        "turn.already_drawn": NC_("Swedish family Canasta passage: turn.already_drawn",
            "When the player has picked up their cards, it is time to start building melds (at least three of "
            "the same). … When it is no longer possible to build, you end your round by placing a card (any "
            "card) you do not want on top of the pile."),
        "turn.answer_pending": NC_("Swedish family Canasta passage: turn.answer_pending",
            "The same player may build as long as he or she can."),
        "hand.over": NC_("Swedish family Canasta passage: hand.over",
            "The hand is over when the stock runs out of cards, or when a player has built at least two "
            "canastas on the table and that same player runs out of cards in hand."),
        "pile.empty": NC_("Swedish family Canasta passage: pile.empty",
            "The player may choose between picking up two cards from the stock or picking up the whole pile "
            "(since the game has only just begun, there is only one card in the pile). But this pile grows as "
            "the game goes on."),
        "pile.blocked": NC_("Swedish family Canasta passage: pile.blocked",
            "If you choose to put down a black three at this point, the pile is closed; you then keep the next "
            "player from being able to pick up the pile."),
        "pile.frozen": NC_("Swedish family Canasta passage: pile.frozen",
            "A player may now pick up the pile only if the player has two “real” cards of the same rank as the "
            "top card of the pile."),
        "pile.frozen_unopened": NC_("Swedish family Canasta passage: pile.frozen_unopened",
            "To be allowed to meld for the first time (called opening), a number of points is needed"),
        "pile.frozen_wild": NC_("Swedish family Canasta passage: pile.frozen_wild",
            "A player may now pick up the pile only if the player has two “real” cards of the same rank as the "
            "top card of the pile. So you may not make use of a wild card here."),
        "pile.top_card": NC_("Swedish family Canasta passage: pile.top_card",
            "The pile may only be picked up if its top card can be used in an existing or a new meld belonging "
            "to the player."),
        "hand.not_held": NC_("Swedish family Canasta passage: hand.not_held",
            "The main aim of play is to collect cards to build “melds” towards a canasta."),
        "meld.too_small": NC_("Swedish family Canasta passage: meld.too_small",
            "To be allowed to start building a meld, you need three cards of the same value."),
        "meld.mixed_ranks": NC_("Swedish family Canasta passage: meld.mixed_ranks",
            "A meld or a build is the start of collecting towards a canasta (seven cards of the same value, "
            "e.g. seven jacks, or four jacks and three jokers/twos, since these are wild cards and stand for "
            "any rank you like)."),
        "meld.too_many_wilds": NC_("Swedish family Canasta passage: meld.too_many_wilds",
            "Wild cards: twos or jokers, these are worth anything. You may have at most three wild cards in a "
            "canasta; they may not outnumber the “ordinary” cards."),
        "meld.red_three": NC_("Swedish family Canasta passage: meld.red_three",
            "If a red three turns up when you pick up your cards from the stock, it is placed face up on the "
            "table and then you may take a new card. This red three will add to the bonus points at the end of "
            "the game."),
        "meld.black_threes": NC_("Swedish family Canasta passage: meld.black_threes",
            "Black threes 5p"),
        "opening.minimum": NC_("Swedish family Canasta passage: opening.minimum",
            "If the side has between 0 and 1499p, the cards in the opening meld must together be worth 50p. "
            "Between 1500 and 2999p the cards must be worth 90p, and finally 120p is needed to open if you have "
            "over 3000p."),
        "going_out.needs_two_canastas": NC_("Swedish family Canasta passage: going_out.needs_two_canastas",
            "You may not run out of cards in hand unless you have at least two canastas."),
    },
}


@cache
def _by_quote() -> Mapping[tuple[str, str], ContextText]:
    return {(variant, QUOTES[variant][rule_id]): text
            for variant, texts in PASSAGES.items() for rule_id, text in texts.items()}


def is_passage(context: str) -> bool:
    """Whether a catalog entry's context names a passage (``"Classic Canasta passage: pile.frozen"``)."""
    return " passage: " in context


def translation(variant: str, quote: str) -> ContextText | None:
    """The translation of the variant's passage ``quote`` (a msgid with its context), or ``None``."""
    return _by_quote().get((variant, quote))
