"""What happened, in a sentence a person reads: the play-by-play of ``engine play --text``."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from engine.actions import Action, AnswerGoOut, Discard, MeldAction, TakePile
from engine.cards import pretty_card, pretty_cards
from engine.i18n import N_, translate
from engine.rulebook import rank_plural
from engine.scoring import TeamScore
from engine.state import State

SEAT_NAMES_4 = (N_("South"), N_("West"), N_("North"), N_("East"))


def seat_name(players: int, seat: int, lang: str = "en") -> str:
    if players == 4:
        return translate(SEAT_NAMES_4[seat], lang)
    return translate(N_("Seat {seat}"), lang).format(seat=seat)


def _t(lang: str, message: str, **facts: object) -> str:
    return translate(message, lang).format(**facts)


def _name(state: State, lang: str) -> str:
    return seat_name(state.players, state.turn, lang)


def _red_threes(before: State, after: State, lang: str) -> str:
    team = before.team_of(before.turn)
    new = after.red_threes[team][len(before.red_threes[team]) :]
    if not new:
        return ""
    return " " + _t(lang, N_("Red threes laid out: {cards}."), cards=pretty_cards(new))


def _draw(before: State, action: Action, after: State, lang: str) -> str:
    return _t(lang, N_("{name} draws from the stock."), name=_name(before, lang)) + _red_threes(before, after, lang)


def _take_pile(before: State, action: Action, after: State, lang: str) -> str:
    assert isinstance(action, TakePile)
    top = before.pile[-1]
    if action.onto is not None:
        text = _t(lang, N_("{name} takes the pile ({count} cards), laying the {top} on the {rank}."),
                  name=_name(before, lang), count=len(before.pile), top=pretty_card(top),
                  rank=rank_plural(before.melds[before.team_of(before.turn)][action.onto].rank, lang))
    else:
        text = _t(lang, N_("{name} takes the pile ({count} cards) with {cards}, melding the {top}."),
                  name=_name(before, lang), count=len(before.pile), cards=pretty_cards(action.meld), top=pretty_card(top))
    if action.melds:
        text += " " + _t(lang, N_("Also melds {melds}."), melds="; ".join(pretty_cards(m) for m in action.melds))
    return text + _red_threes(before, after, lang)


def _meld(before: State, action: Action, after: State, lang: str) -> str:
    assert isinstance(action, MeldAction)
    team = before.team_of(before.turn)
    melds = "; ".join(pretty_cards(m) for m in action.melds)
    layoffs = "; ".join(
        _t(lang, N_("{cards} on the {rank}"), cards=pretty_cards(lo.cards),
           rank=rank_plural(before.melds[team][lo.onto].rank, lang))
        for lo in action.layoffs
    )
    name = _name(before, lang)
    if melds and layoffs:
        return _t(lang, N_("{name} melds {melds} and lays off {layoffs}."), name=name, melds=melds, layoffs=layoffs)
    if melds:
        return _t(lang, N_("{name} melds {melds}."), name=name, melds=melds)
    return _t(lang, N_("{name} lays off {layoffs}."), name=name, layoffs=layoffs)


def _discard(before: State, action: Action, after: State, lang: str) -> str:
    assert isinstance(action, Discard)
    return _t(lang, N_("{name} discards the {card}."), name=_name(before, lang), card=pretty_card(action.card))


def _ask(before: State, action: Action, after: State, lang: str) -> str:
    return _t(lang, N_("{name} asks: \u201cPartner, may I go out?\u201d"), name=_name(before, lang))


def _answer(before: State, action: Action, after: State, lang: str) -> str:
    assert isinstance(action, AnswerGoOut)
    return _t(lang, N_("{name} answers yes.") if action.yes else N_("{name} answers no."), name=_name(before, lang))


def _decline(before: State, action: Action, after: State, lang: str) -> str:
    return _t(lang, N_("{name} declines the pile with the stock used up."), name=_name(before, lang))


_DESCRIBERS: Mapping[str, Callable[[State, Action, State, str], str]] = {
    "draw": _draw,
    "take_pile": _take_pile,
    "meld": _meld,
    "discard": _discard,
    "ask_go_out": _ask,
    "answer_go_out": _answer,
    "decline_pile": _decline,
}


def team_name(state: State, team: int, lang: str = "en") -> str:
    names = [seat_name(state.players, seat, lang) for seat in state.teams[team]]
    return translate(N_("{first} and {second}"), lang).format(first=", ".join(names[:-1]), second=names[-1])


def describe_deal(state: State, number: int, lang: str = "en") -> str:
    """``Hand 2: West deals; the pile starts with Joker 6♥, frozen.``"""
    facts = {"number": number, "dealer": seat_name(state.players, state.dealer, lang), "cards": pretty_cards(state.pile)}
    if state.freezer() is not None:
        return _t(lang, N_("Hand {number}: {dealer} deals; the pile starts with {cards}, frozen."), **facts)
    return _t(lang, N_("Hand {number}: {dealer} deals; the pile starts with {cards}."), **facts)


def describe_scores(state: State, scores: Sequence[TeamScore], totals: Sequence[int], lang: str = "en") -> list[str]:
    """One line per side: the hand's breakdown and the new total."""
    return [
        _t(lang, N_("{team}: melds {melds}, canastas {canastas}, red threes {red_threes}, going out {going_out},"
                    " cards in hand {hand}: {total} this hand, {score} in all."),
           team=team_name(state, team, lang), score=totals[team], **score.as_dict())
        for team, score in enumerate(scores)
    ]


def describe(before: State, action: Action, after: State, lang: str = "en") -> str:
    """``West takes the pile (6 cards) with 7♥ 7♦, melding the 7♠.`` and how the hand ended."""
    text = _DESCRIBERS[action.type](before, action, after, lang)
    if after.is_over() and not before.is_over():
        if after.went_out is not None:
            message = N_("The hand is over: {name} went out concealed.") if after.concealed else N_(
                "The hand is over: {name} went out.")
            text += " " + _t(lang, message, name=seat_name(after.players, after.went_out, lang))
        else:
            text += " " + _t(lang, N_("The hand is over: nobody went out."))
    return text
