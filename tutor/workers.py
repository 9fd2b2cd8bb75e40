"""Work that must not run on the web server's event loop: computer players' moves.

Functions here run in a process pool (``tutor.app``). They take and return plain JSON (a
position, an action), since a state's rules hold mapping proxies that do not pickle.
"""

from __future__ import annotations

import os
import random
import threading
import time
from typing import Any

from engine.actions import format_action
from engine.bots import observe
from engine.levels import make_bot
from engine.legal import legal_actions
from engine.position import load_position


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
    ``lang``, the cards to highlight and the suggested action."""
    from engine.cards import format_cards
    from engine.hints import hints

    return [{"tip": h.tip, "text": h.explanation(lang), "cards": format_cards(h.cards), "action": format_action(h.action)}
            for h in hints(load_position(position))]


def strong_for(position: dict[str, Any], lang: str, budget_ms: float = 300.0) -> dict[str, Any] | None:
    """What a strong player would do, with the reason (the expert's search, within the budget)."""
    from engine.cards import format_cards
    from engine.hints import strong_move

    hint = strong_move(load_position(position), budget_ms)
    if hint is None:
        return None
    return {"tip": hint.tip, "text": hint.explanation(lang), "cards": format_cards(hint.cards),
            "action": format_action(hint.action)}


def review(moves: list[tuple[dict[str, Any], dict[str, Any]]], lang: str) -> list[dict[str, Any]]:
    """The learner's hand looked over: each of his moves where a tactics tip advised otherwise,
    with what he did, the advice, and his hand at that moment."""
    from engine.actions import parse_action
    from engine.cards import format_cards
    from engine.describe import describe
    from engine.game import apply
    from engine.hints import hints

    moments = []
    for position, action_json in moves:
        state = load_position(position)
        action = parse_action(action_json)
        advice = [h for h in hints(state) if h.tip.startswith("tactics.") and not h.follows(action)]
        if advice:
            moments.append({"did": describe(state, action, apply(state, action), lang), "advice": advice[0].explanation(lang),
                            "hand": format_cards(state.hands[state.turn]), "tip": advice[0].tip})
    return moments


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
