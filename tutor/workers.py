"""Work that must not run on the web server's event loop: computer players' moves.

Functions here run in a process pool (``tutor.app``). They take and return plain JSON (a
position, an action), since a state's rules hold mapping proxies that do not pickle.
"""

from __future__ import annotations

import random
import time
from typing import Any

from engine.actions import format_action
from engine.bots import make_bot, observe
from engine.legal import legal_actions
from engine.position import load_position


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
