"""Score, in a set's cached worlds, the top hint's move of every position where a switch in the hint
modules changes it (both the old and the new move), so that ``bench/hint_quality.py --cached-only``
judges both versions with common random numbers. A tool for trying one change of the hints::

    python bench/hint_score_changed.py engine.hint_rules:MULTI_STEP_CANASTA tuning,holdout19 [--r40]
"""

from __future__ import annotations

import argparse
import importlib
import json
import multiprocessing
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.hint_quality import _key, _search  # noqa: E402
from bench.hint_settle import _sets  # noqa: E402
from engine.hints import hints  # noqa: E402
from engine.position import load_position  # noqa: E402


def changed(switch: str, entry: dict) -> list[str]:
    """The top hint's move with the switch off and on, where they differ."""
    module, name = switch.split(":")
    mod = importlib.import_module(module)
    state = load_position(entry["position"])
    keys, on = [], getattr(mod, name)
    for value in (type(on)(), on):  # off (False, an empty set of variants), then on
        setattr(mod, name, value)
        found = hints(state)
        if found:
            keys.append(_key(found[0].action))
    setattr(mod, name, on)
    return list(dict.fromkeys(keys)) if len(set(keys)) > 1 else []


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("switch", help="module:FLAG, a switch the hint modules read (a bool, or a set of variants)")
    parser.add_argument("sets", help="tuning,holdout19,...")
    parser.add_argument("--r40", action="store_true", help="the longer reference's caches too, where a set has one")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    for name, positions, _ in _sets(args.sets):
        entries = json.loads(positions.read_text())
        moves = {e["id"]: changed(args.switch, e) for e in entries}
        for cache_suffix in ("", "_r40") if args.r40 else ("",):
            path = _sets(name, cache_suffix)[0][2]
            if not path.exists():
                continue
            cache = json.loads(path.read_text())
            jobs = [(e, [k for k in moves[e["id"]] if k not in cache[e["id"]]["margins"]], cache[e["id"]]["samples"])
                    for e in entries if moves[e["id"]] and e["id"] in cache]
            jobs = [j for j in jobs if j[1]]
            with ProcessPoolExecutor(args.workers, mp_context=multiprocessing.get_context("fork")) as pool:
                for (entry, _, _), margins in zip(jobs, pool.map(_search, jobs)):
                    cache[entry["id"]]["margins"].update(margins)
            path.write_text(json.dumps(cache, separators=(",", ":"), sort_keys=True) + "\n")
            print(name, cache_suffix or "_r12", "scored", sum(len(j[1]) for j in jobs), "moves", flush=True)


if __name__ == "__main__":
    main()
