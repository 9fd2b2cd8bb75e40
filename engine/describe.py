"""What happened, in sentences a person reads: the play-by-play of ``engine play``.

Every sentence is one marked template with named facts (never glued from parts), filled by the
rulebook's convention: cards and ranks in the language's words, numbers grouped as it writes them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from engine.core.actions import Action, AnswerGoOut, Discard, MeldAction, TakePile
from engine.core.cards import Card, pretty_cards
from engine.core.errors import FactValue
from engine.core.i18n import N_, NP_, Text, translate, translate_text
from engine.core.melds import Meld, MeldKind, meld_name
from engine.core.rulebook import format_facts
from engine.core.rules import Rules
from engine.core.scoring import TeamScore
from engine.core.state import State

SEAT_NAMES_4 = (N_("South"), N_("West"), N_("North"), N_("East"))
# Every table's seats by compass, in the order of play (to the left): a person is never "Seat 0".
SEAT_NAMES: Mapping[int, tuple[str, ...]] = {
    2: (N_("South"), N_("North")),
    3: (N_("South"), N_("West"), N_("East")),
    4: SEAT_NAMES_4,
    6: (N_("South"), N_("Southwest"), N_("Northwest"), N_("North"), N_("Northeast"), N_("Southeast")),
}


def seat_name(players: int, seat: int, lang: str = "en") -> str:
    names = SEAT_NAMES.get(players)
    if names is not None:
        return translate(names[seat], lang)
    return translate(N_("Seat {seat}"), lang).format(seat=seat)


@dataclass(frozen=True)
class SeenBy:
    """The play-by-play told to a person at the table (an app's learner): their own seat is "you",
    in sentences of the second person, and the others are named by ``names(seat, lang)`` from that
    person's chair ("Left", "Partner"). Without it the seats keep their compass names."""

    seat: int
    names: Callable[[int, str], str]


def _who(state: State, seat: int, lang: str, seen: SeenBy | None) -> str:
    return seen.names(seat, lang) if seen is not None else seat_name(state.players, seat, lang)


def _by(before: State, seen: SeenBy | None, lang: str, third: Text, second: Text, **facts: FactValue) -> str:
    """One sentence about the player to act: ``second`` (no name) when it is the reader, else
    ``third`` with their name."""
    if seen is not None and before.turn == seen.seat:
        return _say(lang, second, **facts)
    return _say(lang, third, name=_who(before, before.turn, lang, seen), **facts)


def _say(lang: str, text: Text, **facts: FactValue) -> str:
    return translate_text(text, facts, lang).format(**format_facts(facts, lang))


def _red_threes(before: State, after: State, lang: str) -> str:
    team = before.team_of(before.turn)
    new = after.red_threes[team][len(before.red_threes[team]) :]
    if not new:
        return ""
    return " " + _say(lang, N_("Red threes laid out: {cards}."), cards=new)


def _draw(before: State, action: Action, after: State, lang: str, seen: SeenBy | None) -> str:
    return _by(before, seen, lang, N_("{name} draws from the stock."), N_("You draw from the stock.")) + \
        _red_threes(before, after, lang)


def _take_pile(before: State, action: Action, after: State, lang: str, seen: SeenBy | None) -> str:
    assert isinstance(action, TakePile)
    facts: dict[str, FactValue] = {"count": len(before.pile), "top": before.pile[-1]}
    if action.onto is not None:
        meld = before.melds[before.team_of(before.turn)][action.onto]
        if meld.kind is MeldKind.RANK:
            text = _by(before, seen, lang,
                       NP_("{name} takes the pile ({count} card), laying the {top} on the {rank_on}.",
                           "{name} takes the pile ({count} cards), laying the {top} on the {rank_on}."),
                       NP_("You take the pile ({count} card), laying the {top} on the {rank_on}.",
                           "You take the pile ({count} cards), laying the {top} on the {rank_on}."),
                       rank=meld.rank, **facts)
        else:
            text = _by(before, seen, lang,
                       NP_("{name} takes the pile ({count} card), laying the {top} on the {meld_on}.",
                           "{name} takes the pile ({count} cards), laying the {top} on the {meld_on}."),
                       NP_("You take the pile ({count} card), laying the {top} on the {meld_on}.",
                           "You take the pile ({count} cards), laying the {top} on the {meld_on}."),
                       meld=meld_name(before.rules, meld), **facts)
    else:
        text = _by(before, seen, lang,
                   NP_("{name} takes the pile ({count} card) with {cards}, melding the {top}.",
                       "{name} takes the pile ({count} cards) with {cards}, melding the {top}."),
                   NP_("You take the pile ({count} card) with {cards}, melding the {top}.",
                       "You take the pile ({count} cards) with {cards}, melding the {top}."),
                   cards=action.meld, **facts)
    if action.melds:
        text += " " + _say(lang, N_("Also melds {melds}."), melds="; ".join(pretty_cards(m, lang) for m in action.melds))
    return text + _red_threes(before, after, lang)


def _meld(before: State, action: Action, after: State, lang: str, seen: SeenBy | None) -> str:
    assert isinstance(action, MeldAction)
    team = before.team_of(before.turn)
    melds = "; ".join(pretty_cards(m, lang) for m in action.melds)
    layoffs = "; ".join(_onto(before.rules, before.melds[team][lo.onto], lo.cards, lang) for lo in action.layoffs)
    if melds and layoffs:
        text = _by(before, seen, lang, N_("{name} melds {melds} and lays off {layoffs}."),
                   N_("You meld {melds} and lay off {layoffs}."), melds=melds, layoffs=layoffs)
    elif melds:
        text = _by(before, seen, lang, N_("{name} melds {melds}."), N_("You meld {melds}."), melds=melds)
    else:
        text = _by(before, seen, lang, N_("{name} lays off {layoffs}."), N_("You lay off {layoffs}."), layoffs=layoffs)
    if action.moves:  # Wiener, going out concealed: where the surplus wild cards went
        moved = "; ".join(_onto(after.rules, after.melds[team][m.onto], m.cards, lang) for m in action.moves)
        text += " " + _say(lang, N_("Surplus wild cards moved: {moves}."), moves=moved)
    return text


def _onto(rules: Rules, meld: Meld, cards: tuple[Card, ...], lang: str) -> str:
    if meld.kind is MeldKind.RANK:
        return _say(lang, N_("{cards} on the {rank_on}"), cards=cards, rank=meld.rank)
    return _say(lang, N_("{cards} on the {meld_on}"), cards=cards, meld=meld_name(rules, meld))


def _discard(before: State, action: Action, after: State, lang: str, seen: SeenBy | None) -> str:
    assert isinstance(action, Discard)
    return _by(before, seen, lang, N_("{name} discards the {card}."), N_("You discard the {card}."), card=action.card)


def _ask(before: State, action: Action, after: State, lang: str, seen: SeenBy | None) -> str:
    return _by(before, seen, lang, N_("{name} asks: \u201cPartner, may I go out?\u201d"),
               N_("You ask: \u201cPartner, may I go out?\u201d"))


def _answer(before: State, action: Action, after: State, lang: str, seen: SeenBy | None) -> str:
    assert isinstance(action, AnswerGoOut)
    if action.yes:
        return _by(before, seen, lang, N_("{name} answers yes."), N_("You answer yes."))
    return _by(before, seen, lang, N_("{name} answers no."), N_("You answer no."))


def _replacement(before: State, action: Action, after: State, lang: str, seen: SeenBy | None) -> str:
    return _by(before, seen, lang, N_("{name} draws a card for a melded red three."),
               N_("You draw a card for a melded red three."))


def _decline(before: State, action: Action, after: State, lang: str, seen: SeenBy | None) -> str:
    return _by(before, seen, lang, N_("{name} declines the pile with the stock used up."),
               N_("You decline the pile with the stock used up."))


_DESCRIBERS: Mapping[str, Callable[[State, Action, State, str, SeenBy | None], str]] = {
    "draw": _draw,
    "take_pile": _take_pile,
    "meld": _meld,
    "discard": _discard,
    "ask_go_out": _ask,
    "answer_go_out": _answer,
    "decline_pile": _decline,
    "draw_replacement": _replacement,
}


def team_name(state: State, team: int, lang: str = "en", seen: SeenBy | None = None) -> str:
    names = [_who(state, seat, lang, seen) for seat in state.teams[team]]
    if len(names) == 1:
        return names[0]
    return _say(lang, N_("{first} and {second}"), first=", ".join(names[:-1]), second=names[-1])


def describe_deal(state: State, number: int, lang: str = "en", seen: SeenBy | None = None) -> str:
    """``Hand 2: West deals; the pile starts with Joker 6♥, frozen.``"""
    facts: dict[str, FactValue] = {"number": number, "cards": state.pile}
    frozen = state.freezer() is not None
    if seen is not None and state.dealer == seen.seat:
        return _say(lang, N_("Hand {number}: you deal; the pile starts with {cards}, frozen.") if frozen else
                    N_("Hand {number}: you deal; the pile starts with {cards}."), **facts)
    facts["dealer"] = _who(state, state.dealer, lang, seen)
    if frozen:
        return _say(lang, N_("Hand {number}: {dealer} deals; the pile starts with {cards}, frozen."), **facts)
    return _say(lang, N_("Hand {number}: {dealer} deals; the pile starts with {cards}."), **facts)


def describe_scores(state: State, scores: Sequence[TeamScore], totals: Sequence[int], lang: str = "en",
                    seen: SeenBy | None = None) -> list[str]:
    """One line per side: the hand's breakdown and the new total."""
    return [
        _say(lang, N_("{team}: melds {melds}, canastas {canastas}, red threes {red_threes}, going out {going_out},"
                      " cards in hand {hand}: {total} this hand, {score} in all."),
             team=team_name(state, team, lang, seen), score=totals[team], **score.as_dict())
        for team, score in enumerate(scores)
    ]


def describe_result(state: State, totals: Sequence[int], winner: int | None, lang: str = "en",
                    seen: SeenBy | None = None) -> str:
    """``West and East win, 5,705 to 2,530.`` (or a draw, where the variant has them)."""
    if winner is None:
        return _say(lang, N_("The game is drawn at {score}."), score=totals[0])
    other = max(t for team, t in enumerate(totals) if team != winner)
    if seen is not None and seen.seat in state.teams[winner]:  # told to a winner: no name, the verb agrees
        return _say(lang, N_("You win, {score} to {other}.") if len(state.teams[winner]) == 1 else
                    N_("Your side wins, {score} to {other}."), score=totals[winner], other=other)
    text = N_("{team} wins, {score} to {other}.") if len(state.teams[winner]) == 1 else \
        N_("{team} win, {score} to {other}.")  # a player alone, or a partnership: the verb agrees
    return _say(lang, text, team=team_name(state, winner, lang, seen), score=totals[winner], other=other)


def describe(before: State, action: Action, after: State, lang: str = "en", seen: SeenBy | None = None) -> str:
    """``West takes the pile (6 cards) with 7♥ 7♦, melding the 7♠.`` and how the hand ended;
    ``seen``: told to the person in that seat (``You take the pile …``, the others by ``names``)."""
    text = _DESCRIBERS[action.type](before, action, after, lang, seen)
    if after.is_over() and not before.is_over():
        if after.went_out is not None and seen is not None and after.went_out == seen.seat:
            text += " " + _say(lang, N_("The hand is over: you went out concealed.") if after.concealed
                               else N_("The hand is over: you went out."))
        elif after.went_out is not None:
            message = (N_("The hand is over: {name} went out concealed.") if after.concealed
                       else N_("The hand is over: {name} went out."))
            text += " " + _say(lang, message, name=_who(after, after.went_out, lang, seen))
        else:
            text += " " + _say(lang, N_("The hand is over: nobody went out."))
    return text
