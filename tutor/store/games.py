"""A free game as the store keeps it: what ``TableModel.saved`` holds, and the undo history and
the hand's moves, so a game reopened after a restart can still take a move back and be reviewed."""

from __future__ import annotations

from typing import Any

from engine.position import dump_position, load_position
from tutor.model import TableModel, _Before
from tutor.savedgame import SAVED_FIELDS

MAX_HISTORY = 200  # undo steps kept (a hand has far fewer of the learner's actions)


def snapshot(model: TableModel) -> dict[str, Any]:
    data = model.saved()
    data["log"] = [line.texts() for line in model.said]  # whole, so the undo's log lengths hold
    data["history"] = [{"position": dump_position(b.state, reveal=True), "log": b.log, "moves": b.moves}
                       for b in model.history[-MAX_HISTORY:]]
    data["moves"] = [list(move) for move in model.moves]
    return data


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
    model.moves = moves  # type: ignore[assignment]
    history = []
    for before in data["history"]:
        log, count = int(before["log"]), int(before["moves"])
        if not (0 <= log <= len(model.said) and 0 <= count <= len(moves)):
            raise ValueError("history: a step beyond the log or the moves")
        history.append(_Before(load_position(before["position"]), log, count))
    model.history = history
    return model
