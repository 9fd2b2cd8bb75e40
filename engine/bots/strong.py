"""What a strong player would do here: the expert's choice, told as a hint (``engine.hints``' :class:`~engine.hints.facts.Hint`),
with the points its playouts gave it over the next best move where that edge is beyond the noise."""

from __future__ import annotations

import random
from collections.abc import Mapping

from engine.bots.base import observe
from engine.bots.levels import ExpertBot
from engine.core.actions import Action, Discard, Draw, MeldAction, TakePile, cards_of
from engine.core.errors import FactValue
from engine.core.i18n import N_, Text
from engine.core.melds import MeldKind, meld_name
from engine.core.state import Phase, State
from engine.hints.facts import Hint, _spoils_natural
from engine.hints.ranked import hints
from engine.judge.game import apply
from engine.judge.legal import legal_actions

_STRONG: Mapping[str, Text] = {
    "out": N_("A strong player would go out now, melding {cards}."),
    "canasta": N_("A strong player would meld {cards}: it completes a canasta."),
    "meld": N_("A strong player would meld {cards}."),
    # lay-offs onto one meld, named: "meld 4♠" read as a meld of one card
    "add": N_("A strong player would add {cards} to your meld of {rank_of}."),
    "add_canasta": N_("A strong player would add {cards} to your meld of {rank_of}: it completes a canasta."),
    "lay_off": N_("A strong player would lay {cards} off on the {meld_on}."),
    "lay_off_canasta": N_("A strong player would lay {cards} off on the {meld_on}: it completes a canasta."),
    "take": N_("A strong player would take the pile and the {top} on top with it."),
    "draw": N_("A strong player would draw from the stock."),
    "discard": N_("A strong player would discard the {card}."),
    "other": N_("A strong player would do this."),
}



def _what_it_does(state: State, action: Action) -> tuple[str, dict[str, FactValue]]:
    """What the strong player's move achieves, in the game's terms, and the facts to say it."""
    team = state.team_of(state.turn)
    if isinstance(action, MeldAction):
        after = apply(state, action)
        if not after.hands[state.turn] or after.phase is not Phase.PLAY:
            return "out", {"cards": tuple(action.cards())}
        canasta = after.canastas(team) > state.canastas(team)
        cards: dict[str, FactValue] = {"cards": tuple(action.cards())}
        onto = {layoff.onto for layoff in action.layoffs}
        if not action.melds and len(onto) == 1:
            meld = state.melds[team][onto.pop()]
            if meld.kind in (MeldKind.RANK, MeldKind.THREES):
                return ("add_canasta" if canasta else "add"), {**cards, "rank": meld.rank}
            return ("lay_off_canasta" if canasta else "lay_off"), {**cards, "meld": meld_name(state.rules, meld)}
        return ("canasta" if canasta else "meld"), cards
    if isinstance(action, TakePile):
        return "take", {"top": state.pile[-1]}
    if isinstance(action, Draw):
        return "draw", {}
    if isinstance(action, Discard):
        return "discard", {"card": action.card}
    return "other", {}



def agreeing(state: State, legal: list[Action]) -> list[Action]:
    """The moves the strong player chooses among: none that goes against the top hint (shown beside it,
    the two would advise against each other, and the hints are judged against a longer search than the
    strong player's budget), nor one that lays a wild card where it costs a natural canasta (the hints'
    ``_spoils_natural``, measured); all of them where none is left."""
    found = hints(state)
    hand = state.hands[state.turn]
    kept = [a for a in legal if not _spoils_natural(state, a)
            and not (found and found[0].opposes(Hint("expert.choice", a, (), _STRONG["other"]), hand))]
    return kept or legal


def strong_move(state: State, budget_ms: float = 300.0, seed: int = 0) -> Hint | None:
    """What a strong player would do here: the expert bot's choice, what it achieves, and the
    points its playouts gave it over the next best, shown only with their error bar and only where
    the edge is beyond twice that (a margin inside the noise swings from one run to the next).
    Costs the budget; not part of ``hints``."""
    if state.is_over():
        return None
    every = legal_actions(state)
    legal = agreeing(state, every)
    bot = ExpertBot(budget_ms)
    action = bot.choose(observe(state, state.turn), legal, random.Random(seed))
    kind, facts = _what_it_does(state, action)
    points, error = round(bot.last_edge), round(bot.last_error)
    # where moves were left out (against the top hint), the margin is over the others only, and says so
    narrowed = len(legal) < len(every)
    if error > 0 and points > 2 * error:
        facts.update(points=points, error=error)
        margin: Text = (N_("In trial deals it scored {points} ± {error} points more than the next best move that"
                           " goes along with the hint.") if narrowed else
                        N_("In trial deals it scored {points} ± {error} points more than the next best move."))
    else:
        margin = (N_("In trial deals no other move that goes along with the hint did clearly better.") if narrowed
                  else N_("In trial deals no other move did clearly better."))
    return Hint("expert.choice", action, cards_of(action), _STRONG[kind], facts, 0.0, more=(margin,))
