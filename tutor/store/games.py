"""A free game as the store keeps it: what ``TableModel.saved`` holds, and the undo history and
the hand's moves, so a game reopened after a restart can still take a move back and be reviewed."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from engine.position import dump_position, load_position
from engine.core.state import State
from tutor.table.model import TableModel, _Before
from tutor.store.savedgame import SAVED_FIELDS

MAX_HISTORY = 200  # undo steps kept (a hand has far fewer of the learner's actions)


def snapshot(model: TableModel, dumps: dict[int, tuple[State, dict[str, Any]]] | None = None) -> dict[str, Any]:
    """The game as the store keeps it. ``dumps``: a session's positions already put in their JSON
    form (by the id of their immutable state), so each position of the undo history is dumped once."""
    return taken(model, dumps)()


def taken(model: TableModel, dumps: dict[int, tuple[State, dict[str, Any]]] | None = None
          ) -> Callable[[], dict[str, Any]]:
    """The game as it is now, captured at once and cheaply (its state is immutable; the lists are
    copied), and a function that builds its saved form later, on another thread (tutor.store.writer):
    dumping the positions is the costly part."""
    shot = copy.copy(model)
    shot.said, shot.history, shot.moves = list(model.said), model.history[-MAX_HISTORY:], list(model.moves)
    cache = {} if dumps is None else dumps

    def dump(state: State) -> dict[str, Any]:
        kept = cache.get(id(state))
        if kept is None or kept[0] is not state:
            kept = cache[id(state)] = (state, dump_position(state, reveal=True))
        return kept[1]

    def build() -> dict[str, Any]:
        data = shot.saved()
        data["log"] = [line.texts() for line in shot.said]  # whole, so the undo's log lengths hold
        data["history"] = [{"position": dump(b.state), "log": b.log, "moves": b.moves} for b in shot.history]
        data["moves"] = [list(move) for move in shot.moves]
        kept = {id(b.state) for b in shot.history}
        for key in [key for key in cache if key not in kept]:  # only the history's positions are kept
            del cache[key]
        return data

    return build


def restore(data: dict[str, Any], lang: str) -> TableModel:
    """The game saved by ``snapshot``; ``ValueError`` (or the engine's ``InvalidInputError``,
    ``KeyError``, ``TypeError``) if it is not one."""
    if not isinstance(data, dict) or set(data) != SAVED_FIELDS | {"history", "moves"}:
        raise ValueError(f"expected an object with {', '.join(sorted(SAVED_FIELDS | {'history', 'moves'}))}")
    if not isinstance(data["log"], list) or not isinstance(data["history"], list) \
            or not isinstance(data["moves"], list):
        raise ValueError("log, history and moves are lists")
    model = TableModel.restore({k: data[k] for k in SAVED_FIELDS}, lang)
    moves = [tuple(move) for move in data["moves"]]
    if not all(len(move) == 3 and all(isinstance(part, dict) for part in move) for move in moves):
        raise ValueError("moves: each is [position, action, what followed]")
    model.moves = moves
    history = []
    for before in data["history"]:
        log, count = int(before["log"]), int(before["moves"])
        if not (0 <= log <= len(model.said) and 0 <= count <= len(moves)):
            raise ValueError("history: a step beyond the log or the moves")
        history.append(_Before(load_position(before["position"]), log, count))
    model.history = history
    return model
