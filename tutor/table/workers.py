"""Work that must not run on the web server's event loop: computer players' moves.

Functions here run in a process pool (:func:`pool`, one for the server's sessions). They take and
return plain JSON (a position, an action), since a state's rules hold mapping proxies that do not
pickle.
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import os
import random
import threading
import time
from typing import Any

from engine.core.actions import Action, TakePile, format_action
from engine.bots.base import observe
from engine.judge.game import apply
from engine.bots.levels import make_bot
from engine.judge.legal import legal_actions
from engine.position import load_position
from engine.core.state import State


_POOL: concurrent.futures.ProcessPoolExecutor | None = None


def pool() -> concurrent.futures.ProcessPoolExecutor:
    """One pool for every session; "spawn" so no thread of the web server is forked."""
    global _POOL
    if _POOL is None:
        workers = max(1, min(4, (os.cpu_count() or 2)))
        _POOL = concurrent.futures.ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"),
                                                       initializer=start_worker, initargs=(os.getpid(),))
    return _POOL


def start_worker(server: int, check_every: float = 0.5) -> None:
    """A pool worker's initializer: think at a lower priority than the web server (taps stay quick
    while bots search), and end when the server is gone, however it ended. A server killed with -9
    runs no clean-up, so each worker watches its parent: once it is no longer ``server`` (passed in,
    as a worker may start after the server died), it exits. With the workers gone,
    multiprocessing's resource tracker sees its pipe close and ends too."""
    try:
        os.nice(10)
    except OSError:
        pass  # not allowed here: they think at the server's priority
    def watch() -> None:
        while os.getppid() == server:
            time.sleep(check_every)
        os._exit(0)  # no clean-up to wait for: the server that wanted the answers is gone

    threading.Thread(target=watch, name="watch-server", daemon=True).start()


def hints_for(position: dict[str, Any], lang: str) -> list[dict[str, Any]]:
    """The engine's ranked hints for the player to act, ready to show: tip, explanation in
    ``lang`` (``text``) and in every language (``texts``), the cards to highlight and the
    suggested action. Go out or stay in, and the answer to partner, are decided in trial deals from
    the seat's view (``engine.bots.verdicts``: a tenth to a few tenths of a second, here in the pool)."""
    from engine.bots.verdicts import judged_hints as hints
    from engine.core.cards import format_cards

    return [{"tip": h.tip, "text": h.explanation(lang), "texts": _texts(h.explanation), "cards": format_cards(h.cards),
             "action": format_action(h.action)}
            for h in hints(load_position(position))]


def strong_for(position: dict[str, Any], lang: str, budget_ms: float = 300.0) -> dict[str, Any] | None:
    """What a strong player would do, with the reason (the expert's search, within the budget)."""
    from engine.core.cards import format_cards
    from engine.bots.strong import strong_move

    hint = strong_move(load_position(position), budget_ms)
    if hint is None:
        return None
    return {"tip": hint.tip, "text": hint.explanation(lang), "texts": _texts(hint.explanation),
            "cards": format_cards(hint.cards), "action": format_action(hint.action)}


REVIEW_WORLDS = 24  # trial deals a suspected mistake is played out in (engine.bots.trials)
# A mistake the first trial deals show is named only if it stays clear over this many (the first ones
# and fresh ones): two noisy looks agreeing by chance is far rarer than one (docs/hints.md, the review).
REVIEW_CONFIRM = 72
# ... by this many standard errors over them all: the first deals were kept for looking clear, so they
# flatter the advice (the fresh ones alone gain on it by less); at 2.5, as the first look, the review
# flagged twice as many moves that the reference, looked at again, still called good (docs/hints.md).
REVIEW_CONFIRM_Z = 3.0


def note_pile_taken(moves: list[tuple[dict[str, Any], dict[str, Any], dict[str, Any]]], before: State,
                    action: Action, learner: int) -> None:
    """Where the next player (an opponent) takes the pile right after the learner's discard, the
    learner's last move records what the pile held: the review weighs it (``pile_taken``)."""
    mine = moves[-1] if moves else None
    if (mine is not None and mine[1].get("type") == "discard" and isinstance(action, TakePile)
            and before.turn == before.next_seat(learner) and before.team_of(before.turn) != before.team_of(learner)):
        mine[2]["pile_taken"] = {"cards": len(before.pile), "points": sum(map(before.rules.value, before.pile))}


def review(moves: list[tuple[Any, ...]], lang: str) -> list[dict[str, Any]]:
    """The learner's hand looked over, the costliest moment first, one moment a kind.

    ``moves`` holds the learner's moves as ``(position, action)`` or ``(position, action, facts)``,
    where ``facts`` may say what followed (``pile_taken``: the next player took the pile right after
    this discard, with its ``cards`` and ``points``; the model records it). A moment is a pile left
    to the next player (its cost: the points of the pile's cards), a wild card discarded that froze
    the pile, or a move against one of the Taktik's tips. A pile given is told with the hints' verdict
    from what the learner could see (:func:`engine.hints.review.judge_discard`: the safer discard and
    why, or that none was safer). Advice is named as the better move only where trial deals
    (:mod:`engine.bots.trials`, the judgement the hints are measured with) show it clearly better
    than the learner's; its cost is the points it gained there. Each moment has what he did
    (``did``), the advice, the better move as an action's JSON (``better``, None where none is
    borne out), his hand (``hand``), ``tip``, ``cost``, ``times`` (how often that kind came up this
    hand) and ``said``: ``did`` and ``advice`` in every language.
    """
    found = [moment for index, move in enumerate(moves) for moment in moments(index, *move)]
    found.sort(key=lambda m: (-m["cost"], -m["weight"], m["index"]))
    kinds: dict[str, dict[str, Any]] = {}
    for moment in found:  # the costliest of each kind, and how many of that kind there were
        kinds.setdefault(moment["tip"], {**moment, "times": 0})["times"] += 1
    out = []
    for moment in kinds.values():
        did, advice = moment.pop("did"), moment.pop("advice")
        out.append({**{k: v for k, v in moment.items() if k not in ("weight", "index")},
                    "did": did(lang), "advice": advice(lang), "said": {"did": _texts(did), "advice": _texts(advice)}})
    return out


def _texts(explain: Any) -> dict[str, str]:
    """A text in every language of the app, so the table can say it again after a language switch."""
    from engine.core.i18n import LANGUAGES

    return {lang: explain(lang) for lang in LANGUAGES}


def moments(index: int, position: dict[str, Any], action_json: dict[str, Any],
            facts: dict[str, Any] | None = None, worlds: int = REVIEW_WORLDS,
            confirm: int = REVIEW_CONFIRM) -> list[dict[str, Any]]:
    """What one of the learner's moves cost: a pile given, a pile frozen, a tip not followed. A
    moment that advises another move is kept only where that move beat the learner's in ``worlds``
    trial deals by 50 points or more and by more than 2.5 standard errors (``Edge.clear``), and
    still does, by more than ``REVIEW_CONFIRM_Z`` standard errors, over ``confirm`` trial deals (the
    first ones joined with fresh ones: only a clear edge costs the longer look)."""
    from engine.core.actions import Discard, parse_action
    from engine.core.cards import WILD, format_cards
    from engine.bots.verdicts import judged_against
    from engine.hints.review import advised_discard, judge_discard
    from engine.core.i18n import N_, NP_
    from engine.bots.trials import Edge, compare
    from tutor.text.messages import Message
    from tutor.table.seats import seen_by

    state = load_position(position)
    action = parse_action(action_json)
    after = apply(state, action)
    did = Message.move(state, action, after, seen_by(state.players, state.turn))  # the learner's own move
    common = {"hand": format_cards(state.hands[state.turn]), "index": index, "weight": 0.0}
    tried: dict[Action, Edge | None] = {}
    played: dict[Action, int] = {}  # how many trial deals each advised move was played out in

    def beaten_by(advised: Action | None) -> Edge | None:
        """The advised move's edge over the learner's, where it is clear; else None."""
        if advised is None or advised == action:
            return None
        if advised not in tried:
            # played out to the hand's end in every variant, as the hints' reference plays them (Royal's
            # 60-action horizon, as its expert searches, took half the time but judged unlike the reference)
            edge = compare(state, advised, action, worlds, seed=0x7E71 + index)
            played[advised] = worlds
            if not edge.clear():
                tried[advised] = None
            elif confirm > worlds:  # the same stream's further worlds, the first ones not played again
                edge = edge.join(compare(state, advised, action, confirm, seed=0x7E71 + index, start=worlds))
                played[advised] = confirm
                tried[advised] = edge if edge.clear(z=REVIEW_CONFIRM_Z) else None
            else:
                tried[advised] = edge
        return tried[advised]

    def trial(edge: Edge) -> Message:
        return Message.text(NP_("In {count} trial deal that move scored {points} ± {error} points more than yours.",
                                "In {count} trial deals that move scored {points} ± {error} points more than yours.",
                                "count"), count=edge.samples, points=round(edge.points), error=round(edge.error))

    def unclear(samples: int) -> Message:
        return Message.text(NP_("In {count} trial deal that discard did not score clearly more than yours: the pile"
                                " may have been theirs whatever you discarded.",
                                "In {count} trial deals that discard did not score clearly more than yours: the pile"
                                " may have been theirs whatever you discarded.", "count"), count=samples)

    def advised(*parts: Message, edge: Edge) -> Message:
        """The advice's sentences, then the trial deals that bear it out."""
        return Message(lambda lang: " ".join([*(part(lang) for part in parts), trial(edge)(lang)]))

    found = []
    taken = (facts or {}).get("pile_taken")
    verdict = judge_discard(state, action) if taken else None
    if verdict is not None and taken:
        # what happened, then the hints' verdict from what the learner could see: the safer discard and
        # why; a better move is named as such only where the trial deals bear it out
        pile = Message.text(NP_("The next player took the pile ({count} card) right after this discard.",
                                "The next player took the pile ({count} cards) right after this discard.",
                                "count"), count=int(taken["cards"]))
        why = Message.text(verdict.text, **verdict.facts)
        edge = beaten_by(verdict.better)
        if edge is not None:
            advice = advised(pile, why, edge=edge)
        elif verdict.better is not None:
            doubt = unclear(played.get(verdict.better, worlds))
            advice = Message(lambda lang: " ".join([pile(lang), why(lang), doubt(lang)]))
        else:
            advice = Message(lambda lang: " ".join([pile(lang), why(lang)]))
        found.append({**common, "tip": "review.pile_given", "cost": int(taken["points"]), "did": did, "advice": advice,
                      "better": format_action(verdict.better) if edge is not None and verdict.better else None})
    if isinstance(action, Discard) and WILD[action.card] and state.freezer() is None and after.freezer() is not None:
        safer = advised_discard(state)
        edge = beaten_by(safer)
        if safer is not None and edge is not None:
            froze = Message.text(N_("Discarding the {card} froze the pile, for your side too, and a wild card worth"
                                    " {points} points was lost to your melds."),
                                 card=action.card, points=state.rules.value(action.card))
            found.append({**common, "tip": "review.froze_pile", "cost": round(edge.points), "did": did,
                          "advice": advised(froze, edge=edge), "better": format_action(safer)})
    # the hints' own judgement, go out or stay in and the answer to partner by the trial deals the hints shown
    # decide them with: a move as good for a reason is no error
    for hint in judged_against(state, action)[:1]:
        edge = beaten_by(hint.action)
        if edge is not None:
            found.append({**common, "tip": hint.tip, "cost": round(edge.points), "weight": hint.weight, "did": did,
                          "advice": advised(Message(hint.explanation), edge=edge), "better": format_action(hint.action)})
    return found


def choose_action(position: dict[str, Any], bot: str, seed: int, think: float = 0.0) -> dict[str, Any]:
    """The move of the player to act in ``position`` (a revealed position), as an action's JSON.

    ``think`` keeps the processor busy that many seconds first, as a searching bot would; the
    load benchmark uses it to show the server answering other players meanwhile.
    """
    until = time.perf_counter() + think
    while time.perf_counter() < until:
        pass
    state = load_position(position)
    legal = legal_actions(state)
    action = make_bot(bot).choose(observe(state, state.turn), legal, random.Random(seed))
    return format_action(action)
