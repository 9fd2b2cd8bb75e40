"""Score, in a set's cached worlds, the top hint's move of every position where a switch in the hint
modules changes it (both the old and the new move), so that ``bench/hint_quality.py --cached-only``
judges both versions with common random numbers. A tool for trying one change of the hints::

    python bench/hint_score_changed.py engine.hints.rules:MULTI_STEP_CANASTA tuning,holdout19 [--r40]

With ``--fresh N`` it needs no cache: where the switch changes the top hint's move, both moves are
played in ``N`` worlds of their own (common random numbers; none of the worlds a cache or
``bench/hint_settle.py`` judged with, so a change found by looking at those is tested on others),
and it prints each position's difference (new minus old) and per variant the mean with its standard
error. A set that is only drawn (``hint_positions_NAME.json``, no reference) can be used so::

    python bench/hint_score_changed.py engine.hints.taktik:NATURAL_FIVE_TAKES_WILD holdout25 --fresh 40 --variants classic,wiener
"""

from __future__ import annotations

import argparse
import importlib
import json
import multiprocessing
import statistics
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.expert_choices import Position, playout_margins  # noqa: E402
from bench.hint_quality import _key, _search, paired_loss  # noqa: E402
from bench.hint_settle import _sets  # noqa: E402
from engine.core.actions import parse_action  # noqa: E402
from engine.hints.ranked import hints  # noqa: E402
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


TRIAL = 0x5709  # xor'ed into a position's seed: worlds apart from the cache's and hint_settle's


def _trial(job: tuple[dict[str, Any], list[str], int]) -> tuple[float, float]:
    """How much the new move gained over the old one in ``samples`` fresh worlds, and its error."""
    entry, (old, new), samples = job
    state = load_position(entry["position"])
    before, after = playout_margins(Position(state, entry["seed"] ^ TRIAL), [parse_action(json.loads(k)) for k in (old, new)],
                                    samples)
    return paired_loss(after, before)


def fresh(switch: str, names: str, samples: int, variants: set[str] | None, workers: int) -> dict[str, list[float]]:
    """Per variant, each changed position's mean difference, printed as they come."""
    means: dict[str, list[float]] = {}
    for name, positions, _ in _sets(names):
        entries = [e for e in json.loads(positions.read_text()) if variants is None or e["variant"] in variants]
        jobs = [(e, moves, samples) for e in entries if (moves := changed(switch, e))]
        with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork")) as pool:
            for (entry, moves, _), (mean, error) in zip(jobs, pool.map(_trial, jobs)):
                means.setdefault(entry["variant"], []).append(mean)
                print(f"{name} {entry['id']}: {moves[0]} -> {moves[1]}: {mean:+.0f} ± {error:.0f}", flush=True)
    for variant, found in sorted(means.items()):
        error = statistics.stdev(found) / len(found) ** 0.5 if len(found) > 1 else float("nan")
        print(f"{variant}: {len(found)} positions changed, new minus old {statistics.fmean(found):+.0f} ± {error:.0f}")
    return means


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("switch", help="module:FLAG, a switch the hint modules read (a bool, or a set of variants)")
    parser.add_argument("sets", help="tuning,holdout19,...")
    parser.add_argument("--r40", action="store_true", help="the longer reference's caches too, where a set has one")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--fresh", type=int, metavar="N", default=None,
                        help="score old and new in N fresh worlds instead of filling the caches")
    parser.add_argument("--variants", default=None, help="with --fresh: only these variants (comma-separated)")
    args = parser.parse_args(argv)
    if args.fresh is not None:
        fresh(args.switch, args.sets, args.fresh, set(args.variants.split(",")) if args.variants else None, args.workers)
        return
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
