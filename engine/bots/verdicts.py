"""Go out or stay in, and the answer to partner's "may I go out?", decided by trial deals from the
learner's view, and told with a reason the learner can check on the table.

No rule of thumb tells these apart (``docs/hints.md``: no feature of the position separated the
go-out positions where staying in won), so the verdict is searched: the cards the learner cannot see
are dealt at random among the places it cannot see (``Observation.determinize``, the expert's own
sampling), both choices are played out to the hand's end by club players in the same deals (the
reference's playouts, ``engine.bots.trials``), and the paired difference decides. Where it is within
``CLOSE_Z`` standard errors the verdict says the choice is close, and why. The deals are seeded from
what the learner sees alone (``view_seed``), so the same observation gets the same hint whatever the
hidden cards are. What is said besides the trial deals' figures are facts on the table: the score and
the target, the other side's canastas and whether it can go out, the side's melds one or two cards from
a canasta, what going out earns, and what the cards in the hand complete.

``judged_hints`` is ``engine.hints.ranked.hints`` with these two verdicts in place of the rule of thumb;
it costs ``WORLDS`` trial deals of two or three plans where such a decision arises (``docs/hints.md``).
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from engine.bots.base import observe
from engine.bots.club import ClubBot
from engine.bots.levels import ExpertBot, Search
from engine.bots.table_facts import THEY_CAN, completed_next_turn, near_melds, table_facts
from engine.bots.trials import Edge
from engine.core.actions import Action, AnswerGoOut, AskGoOut, Discard, MeldAction, canonical, cards_of
from engine.core.cards import BLACK_THREES, Card
from engine.core.errors import FactValue
from engine.core.i18n import N_, NP_, Text
from engine.core.state import Phase, State
from engine.hints.facts import Hint, _caught_points, safest_discard, ways_out
from engine.hints.ranked import against, hints
from engine.judge.game import apply
from engine.judge.legal import legal_actions

WORLDS = 40  # trial deals a verdict plays each plan in: about 0.1-0.3 s of processor time (docs/hints.md)
CLOSE_Z = 1.96  # a difference within this many standard errors is close: the noise of the trial deals
REDRAWS = 2  # deals drawn again, a deal on average, where the asker's sampled hand cannot go out
CLOSE_CALL_Z = 1.0  # a difference from this many standard errors to CLOSE_Z is a close call: more deals may decide it
MORE_DEALS = 3  # a close call is dealt up to this many times WORLDS deals in all (docs/hints.md: the time it costs)
EXTEND_CARDS = 40  # ... where the hands hold no more cards than this in all: a big hand makes every playout dear
STAY_WEIGHT = 2.6  # above the way out's 2.5: the verdict stands first

_STAY: Text = N_("You can go out, but stay in: discard the {card} and keep the rest of your hand.")
_STAY_MELD: Text = N_("You can go out, but stay in: meld {cards}, then discard the {card} and keep the rest of"
                      " your hand.")
_STOPS: Text = N_("The {card} blocks the pile: the next player cannot take it.")
_GO: Text = N_("Go out rather than stay in.")
_NOTHING_NEAR: Text = N_("None of your melds is one or two cards from a canasta, so staying in has little to"
                         " finish.")
_STAY_MARGIN: Text = N_("In {worlds} trial deals from what you can see, staying in scored {edge} ± {error} points"
                        " more than going out.")
_GO_MARGIN: Text = N_("In {worlds} trial deals from what you can see, going out scored {edge} ± {error} points"
                      " more than staying in.")
_CLOSE: Text = N_("It is close: in {worlds} trial deals from what you can see, going out and staying in differ by"
                  " {edge} ± {error} points, within the noise; going out takes its points now.")

_YES: Text = N_("Answer yes: going out now is worth more to your side than staying in.")
_NO: Text = N_("Answer no: staying in is worth more to your side than going out now.")
_YES_WHY: Text = N_("Going out earns {reward} points and catches about {caught} points in the other side's hands;"
                    " the {points} points in your hand count against your side.")
_COMPLETES: Text = NP_("The cards in your hand complete {complete} of your side's melds into a canasta next turn;"
                       " going out now gives that bonus up.",
                       "The cards in your hand complete {complete} of your side's melds into canastas next turn;"
                       " going out now gives those bonuses up.", "complete")
_NO_RISK: Text = N_("The risk of no: the other side may go out first and catch the cards in your side's hands.")
_YES_MARGIN: Text = N_("In {worlds} trial deals from what you can see, yes scored {edge} ± {error} points more"
                       " than no.")
_NO_MARGIN: Text = N_("In {worlds} trial deals from what you can see, no scored {edge} ± {error} points more"
                      " than yes.")
_ANSWER_CLOSE: Text = N_("It is close: in {worlds} trial deals from what you can see, yes and no differ by {edge}"
                         " ± {error} points, within the noise.")


def view_seed(state: State) -> int:
    """A seed made of what the player to act can see alone (its hand, the table, the pile, the known
    cards, the sizes of the hidden hands and the stock, the score and the turn so far): the same view
    gives the same trial deals, whatever the hidden cards are."""
    seat = state.turn
    view = (state.rules.name, state.teams, seat, state.phase.name, tuple(sorted(state.hands[seat])), state.pile,
            state.melds, state.red_threes, state.known, tuple(len(h) for h in state.hands), len(state.stock),
            state.scores, state.turn_state)
    return int.from_bytes(hashlib.sha256(repr(view).encode()).digest()[:8], "big")


@dataclass(frozen=True)
class Verdict:
    """Which plan won and by how much over the runner-up (paired, over the same deals); ``close`` where
    the difference is within the noise."""

    best: int
    edge: Edge

    @property
    def close(self) -> bool:
        return abs(self.edge.points) <= CLOSE_Z * self.edge.error


def _worlds(state: State, count: int, start: int = 0) -> list[tuple[State, float]]:
    """Deals ``start`` to ``count`` of the hidden cards from the player's view, each with its playouts'
    seed (the first ``start`` are drawn and not returned: a longer look plays only the deals an earlier
    one did not). Where partner has asked to go out, only deals where the asker's hand can go out (the
    question told the table so), drawn again up to 200 times, ``REDRAWS`` times a deal over each
    ``WORLDS`` deals; a deal where none can is left out."""
    obs = observe(state, state.turn)
    rng = random.Random(view_seed(state))
    out: list[tuple[State, float]] = []
    redraws = 0
    for index in range(count):
        if index % WORLDS == 0:
            redraws += REDRAWS * min(WORLDS, count - index)  # a batch's: a hand that rarely goes out costs no more
        world: State | None = obs.determinize(rng)
        if state.phase is Phase.ANSWER:
            for _ in range(200):
                if world is not None and legal_actions(apply(world, AnswerGoOut(True))):
                    break
                world = obs.determinize(rng) if redraws > 0 else None
                redraws -= 1
            else:
                world = None
        seed = rng.random()
        if world is not None and index >= start:
            out.append((world, seed))
    return out


def margins(state: State, plans: Sequence[Sequence[Action]], count: int = WORLDS, start: int = 0) -> list[list[float]]:
    """Each plan's margin (the side's points less the best other side's at the hand's end) in the same
    trial deals (``start`` to ``count``): its steps but the last applied, the last played out by club players."""
    obs = observe(state, state.turn)
    player, search = ExpertBot(), Search()
    out: list[list[float]] = [[] for _ in plans]
    for world, seed in _worlds(state, count, start):
        for i, plan in enumerate(plans):
            current = world
            for step in plan[:-1]:
                current = apply(current, step)
            out[i].append(player._playout(current, plan[-1], obs, random.Random(seed), search))
    return out


def decide(state: State, plans: Sequence[Sequence[Action]], count: int = WORLDS) -> Verdict | None:
    """The first plan against the best of the others (by its mean in the trial deals): the better of the
    two and its edge over the other; ``None`` without two plans or two deals. The others are ways of one
    choice (staying in), so the question is the first plan or that choice, not which of its ways. A close
    call (the difference between ``CLOSE_CALL_Z`` and ``CLOSE_Z`` standard errors) is dealt ``count``
    deals more, up to ``MORE_DEALS`` times ``count`` in all, while it stays one, where the hands hold
    ``EXTEND_CARDS`` cards or fewer (a hand of 32 took 1.3 s of processor time for the first 40 deals)."""
    if len(plans) < 2:
        return None
    scored = margins(state, plans, count)
    dealt = count
    cheap = sum(map(len, state.hands)) <= EXTEND_CARDS  # what the hands hold, the cards every playout plays
    while True:
        if len(scored[0]) < 2:
            return None
        means = [sum(ms) / len(ms) for ms in scored]
        other = max(range(1, len(plans)), key=lambda i: means[i])
        best, second = (0, other) if means[0] >= means[other] else (other, 0)
        verdict = Verdict(best, Edge.of([a - b for a, b in zip(scored[best], scored[second])]))
        z = abs(verdict.edge.points) / verdict.edge.error if verdict.edge.error else math.inf
        if not CLOSE_CALL_Z <= z <= CLOSE_Z or dealt >= MORE_DEALS * count or not cheap:
            return verdict
        more = margins(state, plans, dealt + count, start=dealt)
        scored = [ms + extra for ms, extra in zip(scored, more)]
        dealt += count


def _margin_facts(verdict: Verdict) -> dict[str, FactValue]:
    return {"worlds": verdict.edge.samples, "edge": round(abs(verdict.edge.points)),
            "error": round(verdict.edge.error)}


def _then_discard(state: State, action: Action) -> tuple[Action, ...] | None:
    """``action`` as a way to stay in: a discard that keeps a card, or a meld that leaves two cards or more,
    then the safest discard after it; ``None`` if it goes out or ends the turn otherwise."""
    hand = state.hands[state.turn]
    if isinstance(action, Discard):
        return (action,) if action.meld is not None or len(hand) >= 2 else None
    if not isinstance(action, MeldAction) or len(hand) - len(action.cards()) < 2:
        return None
    after = apply(state, action)
    then = safest_discard(after, legal_actions(after)) if after.phase is Phase.PLAY else None
    return None if then is None else (action, then)


def _stay_plans(state: State, legal: list[Action], found: Sequence[Hint]) -> list[tuple[Action, ...]]:
    """Ways to stay in: the safest discard keeping the rest; the weightiest hint's meld that leaves two cards
    or more, then the safest discard after it; what the club player would do, where it stays in (a wild card
    thrown to freeze the pile, say); and Royal's discard of a card melded this turn, which keeps the last
    card in the hand (the first such, by the legal actions' order); and a black three, which stops the pile
    for the next player while the side stays in (the reference played it better than the safe discard on
    the Royal stay set, where tip 7 keeps threes)."""
    plans: list[tuple[Action, ...]] = []
    discard = safest_discard(state, legal)
    hand = state.hands[state.turn]
    if discard is not None and len(hand) >= 2:
        plans.append((discard,))
    stopper = next((a for a in legal if isinstance(a, Discard) and a.meld is None and a.card in BLACK_THREES), None)
    if stopper is not None and len(hand) >= 2 and (stopper,) not in plans:
        plans.append((stopper,))
    meld = next((h.action for h in found if h.tip != "rule.go_out" and _then_discard(state, h.action)
                 and isinstance(h.action, MeldAction)), None)
    club = ClubBot().choose(observe(state, state.turn), legal, random.Random(view_seed(state)))
    from_meld = next((a for a in legal if isinstance(a, Discard) and a.meld is not None), None)
    for action in (meld, club, from_meld):
        plan = _then_discard(state, action) if action is not None else None
        if plan is not None and plan not in plans:
            plans.append(plan)
    return plans


@dataclass(frozen=True)
class Judgement:
    """The hints shown (``shown``), and where trial deals were asked (``searched``: go out or stay in, or
    the answer to partner), the hint of their verdict where it is beyond the noise (``decided``; ``None``
    where the choice is close); ``out`` is the way out's steps where going out was the question."""

    shown: list[Hint]
    searched: bool = False
    decided: Hint | None = None
    out: tuple[Action, ...] = ()


def _go_or_stay(state: State, legal: list[Action], found: list[Hint], count: int) -> Judgement:
    go = next((h for h in found if h.tip == "rule.go_out"), None)
    if go is None or any(
            h.tip == "tactics.watch_score" and "total" in h.facts for h in found):
        return Judgement(found)  # nothing to keep, or the way out wins the game: the trial deals score the hand alone
    way = ways_out(state, legal)
    if not way:
        return Judgement(found)
    steps = way[0][1]
    stays = _stay_plans(state, legal, found)
    if not stays:
        return Judgement(found)
    verdict = decide(state, [steps, *stays], count)
    if verdict is None:
        return Judgement(found)
    hand = state.hands[state.turn]
    if verdict.best == 0 or verdict.close:
        texts, facts = table_facts(state, steps)
        margin = _margin_facts(verdict)
        if not near_melds(state, steps):
            texts.insert(0, _NOTHING_NEAR)
        closing = [*texts, _CLOSE] if verdict.close else [_GO, *texts, _GO_MARGIN]
        keep = {k: v for k, v in go.facts.items() if k in ("cards", "reward", "held", "caught", "card")}
        judged = replace(go, facts={**keep, **facts, **margin}, more=(go.more[0], *closing))
        return Judgement([judged if h is go else h for h in found], True, None if verdict.close else judged,
                         tuple(steps))
    plan = [steps, *stays][verdict.best]
    last = plan[-1]
    assert isinstance(last, Discard)
    texts, facts = table_facts(state, plan)
    facts.update(_margin_facts(verdict), card=last.card)
    main = _STAY
    if len(plan) > 1:
        facts["cards"] = cards_of(plan[0])
        main = _STAY_MELD
    if last.card in BLACK_THREES:
        texts.insert(0, _STOPS)
    stay = Hint("tactics.stay_in", plan[0], tuple(c for step in plan for c in cards_of(step)), main, facts,
                STAY_WEIGHT, more=(*texts, _STAY_MARGIN), avoids=(steps[0],), melds_first=len(plan) == 1)
    return Judgement(_ranked([stay, *(h for h in found if h is not go)], hand), True, stay, tuple(steps))


def _answer(state: State, legal: list[Action], found: list[Hint], count: int) -> Judgement:
    asked = next((h for h in found if h.tip == "tactics.answer"), None)
    yes, no = AnswerGoOut(True), AnswerGoOut(False)
    if asked is None or yes not in legal or no not in legal:
        return Judgement(found)
    verdict = decide(state, [(yes,), (no,)], count)
    if verdict is None:
        return Judgement(found)
    margin = _margin_facts(verdict)
    if verdict.close:
        judged = replace(asked, facts={**asked.facts, **margin}, more=(*asked.more, _ANSWER_CLOSE))
        return Judgement([judged if h is asked else h for h in found], True)
    rules = state.rules
    points = sum(rules.value(c) for c in state.hands[state.turn])
    texts, facts = table_facts(state)
    facts.update(margin, points=points, reward=rules.going_out_bonus, caught=_caught_points(state))
    if verdict.best == 0:
        more: tuple[Text, ...] = (_YES_WHY, *texts, _YES_MARGIN)
        hint = Hint("tactics.answer", yes, (), _YES, facts, asked.weight, more=more)
    else:
        complete = completed_next_turn(state)
        why: list[Text] = []
        if complete:
            facts["complete"] = complete
            why.append(_COMPLETES)
        # where the other side can go out, that is what no risks: said once, as the risk
        risk = [_NO_RISK] if THEY_CAN in texts else []
        more = (*why, *(t for t in texts if t is not THEY_CAN), *risk, _NO_MARGIN)
        hint = Hint("tactics.answer", no, (), _NO, facts, asked.weight, more=more)
    return Judgement(_ranked([hint, *(h for h in found if h is not asked)], state.hands[state.turn]), True, hint)


def _ranked(found: list[Hint], hand: Sequence[Card]) -> list[Hint]:
    """Weightiest first, leaving out any hint that advises against a weightier one (as ``hints`` does)."""
    kept: list[Hint] = []
    for hint in sorted(found, key=lambda h: -h.weight):
        if not any(hint.opposes(k, hand) for k in kept):
            kept.append(hint)
    return kept


def judgement(state: State, seat: int | None = None, count: int = WORLDS) -> Judgement:
    """The ranked hints (``engine.hints.ranked.hints``) with go out or stay in, and the answer to
    partner, decided in ``count`` trial deals from the player's view, and that verdict."""
    found = hints(state, seat)
    if not found:
        return Judgement(found)
    legal = legal_actions(state)
    if state.phase is Phase.PLAY:
        return _go_or_stay(state, legal, found, count)
    if state.phase is Phase.ANSWER:
        return _answer(state, legal, found, count)
    return Judgement(found)


def judged_hints(state: State, seat: int | None = None, count: int = WORLDS) -> list[Hint]:
    """The hints the learner is shown: ``judgement(...).shown``."""
    return judgement(state, seat, count).shown


# the rule-of-thumb tips that speak to go out or stay in, or to the answer: the verdict stands in their place
_JUDGED_TIPS = frozenset({"tactics.answer", "tactics.going_out_time"})


def judged_against(state: State, action: Action, count: int = WORLDS) -> list[Hint]:
    """The tactics hints a review of the hand holds ``action`` against (``engine.hints.ranked.against``),
    with go out or stay in, and the answer to partner, judged as the hints shown judge them: where trial
    deals decided it, the verdict's hint if ``action`` goes against it (going out where the verdict stays
    in, staying in where it goes out, the other answer), and no rule of thumb about it; where they found it
    close, nothing about it."""
    plain = against(state, action)
    judged = judgement(state, count=count)
    if not judged.searched:
        return plain
    rest = [h for h in plain if h.tip not in _JUDGED_TIPS]
    decided = judged.decided
    if decided is None:
        return rest
    if state.phase is Phase.ANSWER:
        return rest if decided.follows(action) else [decided, *rest]
    if isinstance(action, AskGoOut):
        return rest  # neither: partner is asked, the choice is his answer's
    after = apply(state, action)
    went_out = (after.phase is Phase.END or len(after.hands[state.turn]) <= 1
                or (bool(judged.out) and canonical(action) == canonical(judged.out[0])))
    if (decided.tip == "tactics.stay_in") == went_out:
        return [decided, *(h for h in rest if h.tip != decided.tip)]
    return rest
