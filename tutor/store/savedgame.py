"""The free game left off last time: written atomically after every move, read back once.

``game.json`` used to be written in place (truncate, then write): a process killed meanwhile left
an empty file, and Home offered "Continue" to start a new game in silence. Now a write is atomic
(``tutor.store.files.write_atomic``), and a file that still cannot be read is kept aside with a notice,
so Home offers "Continue" only for a game that can continue.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine.core.errors import InvalidInputError
from engine.core.i18n import N_
from engine.bots.levels import BOTS
from tutor.table.model import TableModel
from tutor.store.files import LOG, Notice, read_bounded, set_aside, write_atomic

GAME_DAMAGED = N_("The saved game could not be read, so a new game begins; the old file is kept as {backup}.")
SAVED_FIELDS = frozenset({"variant", "people", "table", "position", "totals", "hand_number", "seed", "bot", "log"})


def save_game(path: Path, saved: dict[str, Any]) -> None:
    write_atomic(path, json.dumps(saved).encode("utf-8"))


def load_game(path: Path, lang: str) -> tuple[TableModel | None, list[Notice]]:
    """The saved game, or None (no game saved, or a damaged one, then kept aside and told)."""
    try:
        raw = read_bounded(path)
        if raw is None:
            return None, []
        data = json.loads(raw.decode("utf-8"))
        if not isinstance(data, dict) or set(data) != SAVED_FIELDS:
            raise ValueError(f"expected an object with {', '.join(sorted(SAVED_FIELDS))}")
        if data["bot"] not in BOTS or not isinstance(data["log"], list):
            raise ValueError("bot or log")
        return TableModel.restore(data, lang), []
    except OSError as error:  # unreadable (permissions): left where it is, a new game for now
        LOG.error("saved game %s cannot be read: %s", path, error)
        return None, []
    except (InvalidInputError, UnicodeDecodeError, ValueError, KeyError, TypeError, RecursionError) as error:
        LOG.warning("saved game %s is damaged: %s", path, getattr(error, "args", error))
        backup = set_aside(path)
        return None, [Notice(GAME_DAMAGED, {"backup": backup.name if backup else "-"})]
