"""Every rule id the engine can refuse an action with: its title and its explanation.

The texts are English msgids with named placeholders, marked for translation; the facts that
fill them come from the refused position and stay raw values, shown by one convention: a
``rank`` fact is a rank number, shown in the phrase its sentence needs (``{pair}``: "two natural
5s"; ``{rank_of}`` after "meld of"; ``{rank_on}`` after "on the"), so that languages that inflect
(Icelandic, whose numerals and adjectives agree with the rank's gender) translate each on its own; ``card``, ``top`` and
``freezer`` are card codes, ``cards`` and ``others`` tuples of card codes; a ``meld`` fact is a meld's name
(a msgid), shown in the phrase its sentence needs (``{meld_on}`` after "on the"); other numbers are grouped as the
language writes them. Which seed section states each rule lives with each variant
(``Rules.sources``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from engine.core.cards import pretty_card, pretty_cards
from engine.core.input_errors import FactValue
from engine.core.i18n import NC_, NP_, N_, Text, format_number, translate, translate_text


class RuleText(NamedTuple):
    title: str
    explanation: Text


RULES: Mapping[str, RuleText] = {
    "deal.upcard": RuleText(
        N_("The first card of the pile"),
        N_("A wild card or red three turned up first is covered by the next card of the stock."),
    ),
    "red_three.lay_out": RuleText(
        N_("Red threes are laid out"),
        N_("Red threes are laid out in front of you and replaced from the stock; they are never melded."),
    ),
    "turn.draw_first": RuleText(
        N_("Draw first"),
        N_("You must first draw from the stock or take the pile."),
    ),
    "turn.already_drawn": RuleText(
        N_("One draw a turn"),
        N_("You have already drawn this turn; meld, lay off or discard."),
    ),
    "turn.answer_pending": RuleText(
        N_("Partner must answer"),
        N_("Your partner has been asked whether you may go out and must answer yes or no first."),
    ),
    "hand.over": RuleText(
        N_("The hand is over"),
        N_("The hand is over: nothing more can be played in it."),
    ),
    "stock.empty": RuleText(
        N_("The stock is used up"),
        N_("The stock is empty: take the pile if you can, or end the hand."),
    ),
    "stock.not_empty": RuleText(
        N_("Declining the pile"),
        N_("You can only decline the pile and end the hand once the stock is used up."),
    ),
    "pile.empty": RuleText(
        N_("Taking the pile"),
        N_("The pile is empty, so there is nothing to take."),
    ),
    "pile.blocked": RuleText(
        N_("The blocked pile"),
        N_("The pile is blocked by the {top} on top: nobody can take it now."),
    ),
    "pile.blocked_canasta": RuleText(
        N_("The blocked pile"),
        N_("The {top} on top fits one of your side's complete canastas, so the pile is blocked for you."),
    ),
    "pile.frozen": RuleText(
        N_("The frozen pile"),
        N_(
            "The pile is frozen (it holds the {freezer}), so you need {pair} from your hand"
            " to meld with the {top}; you hold {count}, and this take uses {used}."
        ),
    ),
    "pile.frozen_unopened": RuleText(
        N_("The pile is frozen until your side opens"),
        N_(
            "Your side has not opened yet, so the pile is frozen for you: you need {pair}"
            " from your hand to meld with the {top}; you hold {count}, and this take uses {used}."
        ),
    ),
    "pile.frozen_wild": RuleText(
        N_("A natural meld for a frozen pile"),
        N_("The pile is frozen, so the {top} must go into a natural meld: no wild card may join it."),
    ),
    "pile.top_card": RuleText(
        N_("Taking the pile"),
        N_("To take the pile you must meld its top card, the {top}, at once, in a meld of its rank: not with {cards}."),
    ),
    "pile.onto_rank": RuleText(
        N_("Taking the pile"),
        N_("The {top} on top of the pile cannot go onto your side's meld of {rank_of}."),
    ),
    "pile.wild_cards": RuleText(
        N_("Taking the pile with a wild card"),
        NP_(
            "With a single natural card, at most {allowed} wild card may join the {top} to take the pile;"
            " you offer {count}.",
            "With a single natural card, at most {allowed} wild cards may join the {top} to take the pile;"
            " you offer {count}.",
            "allowed",
        ),
    ),
    "pile.onto_canasta": RuleText(
        N_("Taking the pile"),
        NP_("To take the pile, the {top} must go onto a meld that is not yet a canasta; this one has {count} card.",
            "To take the pile, the {top} must go onto a meld that is not yet a canasta; this one has {count} cards."),
    ),
    "stock.must_take": RuleText(
        N_("The stock is used up"),
        N_("The stock is used up and the {top} fits one of your side's melds, so you must take the pile."),
    ),
    "pile.single_card": RuleText(
        N_("Taking the pile"),
        N_("With a single card in your hand you may not take a pile of a single card: draw from the stock."),
    ),
    "hand.not_held": RuleText(
        N_("Only cards from your hand"),
        N_("You do not hold {cards} in your hand."),
    ),
    "meld.too_small": RuleText(
        N_("A meld has at least three cards"),
        NP_("A meld needs at least {minimum} cards; {cards} is only {count} card.",
            "A meld needs at least {minimum} cards; {cards} is only {count} cards."),
    ),
    "meld.mixed_ranks": RuleText(
        N_("One rank to a meld"),
        N_("All natural cards of a meld must be of one rank; {cards} mixes ranks."),
    ),
    "meld.too_few_naturals": RuleText(
        N_("Naturals in a meld"),
        N_("A meld needs at least {minimum} natural cards; {cards} has {count}."),
    ),
    "meld.too_many_wilds": RuleText(
        N_("Wild cards in a meld"),
        NP_(
            "A meld may hold at most {allowed} wild card with {naturals} natural ones ({limit});"
            " {cards} has {count}.",
            "A meld may hold at most {allowed} wild cards with {naturals} natural ones ({limit});"
            " {cards} has {count}.",
            "allowed",
        ),
    ),
    "meld.red_three": RuleText(
        N_("Red threes are not melded"),
        N_("Red threes are bonus cards laid out on their own; they cannot be melded."),
    ),
    "meld.black_threes": RuleText(
        N_("Black threes"),
        N_("Black threes can be melded only in the last meld of a player who goes out."),
    ),
    "meld.black_threes_wild": RuleText(
        N_("Black threes"),
        N_("A meld of black threes cannot hold wild cards."),
    ),
    "meld.black_threes_alone": RuleText(
        N_("Black threes"),
        N_("Black threes are melded with red threes, or on their own three to six at a time in the turn"
           " you go out; {cards} is neither."),
    ),
    "meld.threes_wild": RuleText(
        N_("Melds of threes"),
        N_("Threes take no wild cards: {cards} is not a meld."),
    ),
    "meld.threes_closed": RuleText(
        N_("Seven threes that are no canasta"),
        NP_("Seven threes with only {count} red three are no canasta: the meld stays worth 35 points"
            " and takes no more threes; start a new meld of threes instead.",
            "Seven threes with only {count} red threes are no canasta: the meld stays worth 35 points"
            " and takes no more threes; start a new meld of threes instead."),
    ),
    "meld.move_wilds": RuleText(
        N_("Moving surplus wild cards"),
        N_("Wild cards move between melds only when you go out concealed: those past the limit in a meld of"
           " yours merged with your partner's, each to another meld of your side; {cards} cannot move so."),
    ),
    "meld.complete": RuleText(
        N_("A complete canasta"),
        N_("This canasta is complete: a Samba, a Bolivia or a canasta of threes takes no more cards."),
    ),
    "meld.seven_cards": RuleText(
        N_("Seven cards at most"),
        NP_("A Samba or a Bolivia holds seven cards at most; {cards} is {count} card.",
            "A Samba or a Bolivia holds seven cards at most; {cards} is {count} cards."),
    ),
    "meld.one_bolivia": RuleText(
        N_("One Bolivia at a time"),
        NP_("A new Bolivia is started only once your side's Bolivia is complete: {cards} would join the"
            " Bolivia of {count} card and make it more than seven.",
            "A new Bolivia is started only once your side's Bolivia is complete: {cards} would join the"
            " Bolivia of {count} cards and make it more than seven."),
    ),
    "meld.samba": RuleText(
        N_("Samba"),
        N_("A Samba is a run of three to seven cards of one suit from 4 up to the ace, without wild cards;"
           " {cards} is not."),
    ),
    "meld.bolivia": RuleText(
        N_("Bolivia"),
        N_("A Bolivia holds only wild cards; the {card} is not one."),
    ),
    "meld.threes": RuleText(
        N_("Melds of threes"),
        N_("A meld of threes starts with a red three and holds at most seven threes; black threes alone"
           " are three to six, only when going out. {cards} does not fit."),
    ),
    "meld.layoff": RuleText(
        N_("Laying off"),
        N_("The {card} does not fit your side's meld of {rank_of}."),
    ),
    "opening.minimum": RuleText(
        N_("The opening minimum"),
        N_(
            "Your side's first meld must be worth at least {minimum} points (your side has {score});"
            " these melds are worth {points}."
        ),
    ),
    "going_out.needs_canasta": RuleText(
        N_("Going out needs a canasta"),
        NP_(
            "Your side needs a canasta before you may go out, so you must keep at least two cards"
            " after melding; this would leave {count} card.",
            "Your side needs a canasta before you may go out, so you must keep at least two cards"
            " after melding; this would leave {count} cards.",
        ),
    ),
    "going_out.needs_two_canastas": RuleText(
        N_("Going out needs two canastas"),
        NP_(
            "Your side needs two canastas before you may go out, so you must keep at least two cards"
            " after melding; this would leave {count} card.",
            "Your side needs two canastas before you may go out, so you must keep at least two cards"
            " after melding; this would leave {count} cards.",
        ),
    ),
    "going_out.needs_samba": RuleText(
        N_("Going out needs two canastas, one a Samba"),
        NP_(
            "Your side needs two canastas, one of them a Samba, before you may go out, so you must keep"
            " at least two cards after melding; this would leave {count} card.",
            "Your side needs two canastas, one of them a Samba, before you may go out, so you must keep"
            " at least two cards after melding; this would leave {count} cards.",
        ),
    ),
    "going_out.refused": RuleText(
        N_("Asking partner"),
        N_("Your partner said no, so you may not go out this turn."),
    ),
    "going_out.required": RuleText(
        N_("Asking partner"),
        N_("Your partner said yes, so you must go out this turn: meld your whole hand, keeping at most one card to discard."),
    ),
    "ask.after_meld": RuleText(
        N_("Asking partner"),
        N_("You have melded this turn: your partner is asked before you meld anything."),
    ),
    "ask.after_pile": RuleText(
        N_("Asking partner"),
        N_("Ask your partner before taking the pile: once you have taken it, you may no longer ask."),
    ),
    "going_out.take_pile": RuleText(
        N_("Asking partner"),
        N_("You asked before taking the pile and your partner said yes: take the pile and go out this turn."),
    ),
    "discard.breaks_meld": RuleText(
        N_("Discarding a melded card"),
        N_("You may discard a card you melded this turn only if its meld stays valid; without the {card},"
           " {cards} is not a meld."),
    ),
    "discard.melded_before": RuleText(
        N_("Discarding a melded card"),
        N_("The {card} was not melded from your hand this turn: the discard is a card from your hand or"
           " one you melded from it this turn."),
    ),
    "ask.twice": RuleText(
        N_("Asking partner"),
        N_("You have already asked your partner this turn."),
    ),
    "ask.cannot_go_out": RuleText(
        N_("Asking partner"),
        N_("You may ask to go out only when you could go out with your hand."),
    ),
    "ask.no_partner": RuleText(
        N_("Asking partner"),
        N_("You play without a partner, so there is nobody to ask."),
    ),
    "answer.cannot_pass": RuleText(
        N_("Asking partner"),
        N_("You must answer yes or no yourself: here the question cannot be passed on to another partner."),
    ),
    "replacement.none_owed": RuleText(
        N_("Replacing red threes"),
        N_("You have no red three melded from your hand this turn whose replacement you could still draw."),
    ),
    "replacement.not_in_variant": RuleText(
        N_("Replacing red threes"),
        N_("This variant has no replacement draw: red threes are laid out on their own and replaced from the"
           " stock at once."),
    ),
    "replacement.stock_empty": RuleText(
        N_("Replacing red threes"),
        N_("The stock is empty, so the red three cannot be replaced."),
    ),
    "answer.not_asked": RuleText(
        N_("Asking partner"),
        N_("Nobody has asked to go out, so there is nothing to answer."),
    ),
}


# The sentences above that speak of "your side", said to a player who plays alone (Wiener's and
# Royal's two and three players): the rule is the same, the side is the player.
ALONE: Mapping[str, Text] = {
    "pile.blocked_canasta": N_("The {top} on top fits one of your complete canastas, so the pile is blocked for you."),
    "pile.frozen_unopened": N_(
        "You have not opened yet, so the pile is frozen for you: you need {pair} from your hand to meld with"
        " the {top}; you hold {count}, and this take uses {used}."
    ),
    "pile.onto_rank": N_("The {top} on top of the pile cannot go onto your meld of {rank_of}."),
    "stock.must_take": N_("The stock is used up and the {top} fits one of your melds, so you must take the pile."),
    "meld.layoff": N_("The {card} does not fit your meld of {rank_of}."),
    "meld.one_bolivia": NP_(
        "A new Bolivia is started only once your Bolivia is complete: {cards} would join the Bolivia of"
        " {count} card and make it more than seven.",
        "A new Bolivia is started only once your Bolivia is complete: {cards} would join the Bolivia of"
        " {count} cards and make it more than seven.",
    ),
    "meld.move_wilds": N_(
        "Wild cards move between melds only when a player going out concealed merges his melds with a"
        " partner's; you play without a partner, so {cards} cannot move."
    ),
    "opening.minimum": N_(
        "Your first meld must be worth at least {minimum} points (your score is {score}); these melds are"
        " worth {points}."
    ),
    "going_out.needs_canasta": NP_(
        "You need a canasta before you may go out, so you must keep at least two cards after melding;"
        " this would leave {count} card.",
        "You need a canasta before you may go out, so you must keep at least two cards after melding;"
        " this would leave {count} cards.",
    ),
    "going_out.needs_two_canastas": NP_(
        "You need two canastas before you may go out, so you must keep at least two cards after melding;"
        " this would leave {count} card.",
        "You need two canastas before you may go out, so you must keep at least two cards after melding;"
        " this would leave {count} cards.",
    ),
    "going_out.needs_samba": NP_(
        "You need two canastas, one of them a Samba, before you may go out, so you must keep at least two"
        " cards after melding; this would leave {count} card.",
        "You need two canastas, one of them a Samba, before you may go out, so you must keep at least two"
        " cards after melding; this would leave {count} cards.",
    ),
}


# The contexts name the phrase a rank stands in; Icelandic declines each differently.
_RANKS = {
    "pair": {
        1: NC_("a natural pair", "two natural aces"), 2: NC_("a natural pair", "two natural 2s"),
        3: NC_("a natural pair", "two natural 3s"), 4: NC_("a natural pair", "two natural 4s"),
        5: NC_("a natural pair", "two natural 5s"), 6: NC_("a natural pair", "two natural 6s"),
        7: NC_("a natural pair", "two natural 7s"), 8: NC_("a natural pair", "two natural 8s"),
        9: NC_("a natural pair", "two natural 9s"), 10: NC_("a natural pair", "two natural 10s"),
        11: NC_("a natural pair", "two natural jacks"), 12: NC_("a natural pair", "two natural queens"),
        13: NC_("a natural pair", "two natural kings"),
    },
    "rank_of": {
        1: NC_("meld of", "aces"), 2: NC_("meld of", "2s"), 3: NC_("meld of", "3s"), 4: NC_("meld of", "4s"),
        5: NC_("meld of", "5s"), 6: NC_("meld of", "6s"), 7: NC_("meld of", "7s"), 8: NC_("meld of", "8s"),
        9: NC_("meld of", "9s"), 10: NC_("meld of", "10s"), 11: NC_("meld of", "jacks"),
        12: NC_("meld of", "queens"), 13: NC_("meld of", "kings"),
    },
    "rank_on": {
        1: NC_("on the", "aces"), 2: NC_("on the", "2s"), 3: NC_("on the", "3s"), 4: NC_("on the", "4s"),
        5: NC_("on the", "5s"), 6: NC_("on the", "6s"), 7: NC_("on the", "7s"), 8: NC_("on the", "8s"),
        9: NC_("on the", "9s"), 10: NC_("on the", "10s"), 11: NC_("on the", "jacks"),
        12: NC_("on the", "queens"), 13: NC_("on the", "kings"),
    },
}


# A meld's name (a msgid of engine.core.melds: KIND_NAMES, CANASTA_NAMES) in the phrase it stands in:
# ``{meld_on}`` after "on the" (Swedish takes the definite form, German the article, Icelandic the
# accusative), so no sentence glues a bare name in.
_MELDS = {
    "meld_on": {
        "meld": NC_("on the meld", "meld"),
        "black threes": NC_("on the meld", "black threes"),
        "Samba": NC_("on the meld", "Samba"),
        "Bolivia": NC_("on the meld", "Bolivia"),
        "meld of threes": NC_("on the meld", "meld of threes"),
        "natural canasta": NC_("on the meld", "natural canasta"),
        "mixed canasta": NC_("on the meld", "mixed canasta"),
        "Royal canasta": NC_("on the meld", "Royal canasta"),
        "Super Royal canasta": NC_("on the meld", "Super Royal canasta"),
    },
}
MELD_CASES = tuple(_MELDS)
RANK_CASES = tuple(_RANKS)


def meld_phrase(name: str, lang: str = "en", case: str = "meld_on") -> str:
    """A meld's name (``engine.core.melds.meld_name``) as the sentence needs it."""
    return translate_text(_MELDS[case][name], {}, lang)


def rank_plural(rank: int, lang: str = "en", case: str = "rank_of") -> str:
    """A rank's phrase as the sentence needs it: ``case`` is ``pair``, ``rank_of`` or ``rank_on``."""
    return translate_text(_RANKS[case][rank], {}, lang)


def format_facts(facts: Mapping[str, FactValue], lang: str) -> dict[str, str]:
    """Every fact as text in ``lang``, by the placeholder convention of this module."""
    out: dict[str, str] = {}
    for key, value in facts.items():
        if key == "rank" and isinstance(value, int):
            for case in _RANKS:
                out[case] = rank_plural(value, lang, case)
        elif key == "limit" and isinstance(value, str):  # a marked fragment: the variant's own limit
            out[key] = translate(value, lang)
        elif key == "meld" and isinstance(value, str):
            for case in _MELDS:
                out[case] = meld_phrase(value, lang, case)
        elif key in ("card", "top", "freezer") and isinstance(value, int):
            out[key] = pretty_card(value, lang)
        elif key in ("cards", "others") and isinstance(value, tuple):
            out[key] = pretty_cards(value, lang)
        elif isinstance(value, int):
            out[key] = format_number(value, lang)
        else:
            out[key] = str(value)
    return out


def title(rule_id: str, lang: str = "en") -> str:
    return translate(RULES[rule_id].title, lang)


def explain(rule_id: str, facts: Mapping[str, FactValue], lang: str = "en", alone: bool = False) -> str:
    """The refusal's sentence, in ``lang``, filled with the position's facts; ``alone``: said to a
    player whose side is himself alone (no partner)."""
    text = ALONE.get(rule_id, RULES[rule_id].explanation) if alone else RULES[rule_id].explanation
    template = translate_text(text, facts, lang)
    return template.format(**format_facts(facts, lang))
