"""Noise or a real loss? A longer, independent reference on the positions ``bench/hint_quality.py`` flags.

``hint_quality.py`` scores each move with 12 playouts and flags a position where the top hint's move
loses >= 150 points against the best scored move beyond 2.5 standard errors. The best of nine noisy
means is too good, and with 12 playouts an error of 100-200 points is common, so some flags are noise.
This script re-scores every move the cache holds for a flagged position in ``--samples`` (40) *fresh*
worlds (a different seed: none of the worlds that chose the "best" move), common random numbers
among the moves, and judges the hint's move against the move the 12-playout reference called best
(chosen before these worlds were drawn, so its mean is not inflated). Verdict: "real" where that loss
is still >= 150 points beyond 2.5 standard errors, otherwise "noise". The fresh best is shown beside.
Results go to ``bench/hint_settle.json`` (per position, written as each is done)::

    python bench/hint_settle.py                 # the flagged positions of both sets, as the hints are now
    python bench/hint_settle.py --ids classic/4/14,wiener/4/24 --sets holdout19 --samples 100
    python bench/hint_settle.py --sets holdout21 --cache-suffix _r40 --outside --variant royal   # every miss at 40
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.expert_choices import Position, playout_margins  # noqa: E402
from bench.hint_quality import HERE, _key, judge, paired_loss  # noqa: E402
from engine.actions import parse_action  # noqa: E402
from engine.hints import hints  # noqa: E402
from engine.position import load_position  # noqa: E402

OUT = HERE / "hint_settle.json"
FRESH = 0x40C0  # xor'ed into a position's seed: worlds independent of the 12 that flagged it


def _sets(names: str, cache_suffix: str = "") -> list[tuple[str, Path, Path]]:
    """``tuning`` (bench/hint_positions.json) and ``holdout19``-style names, with their caches
    (``cache_suffix`` ``_r40``: the longer reference's)."""
    out = []
    for name in names.split(","):
        suffix = "" if name == "tuning" else f"_{name}"
        out.append((name, HERE / f"hint_positions{suffix}.json", HERE / f"hint_reference{suffix}{cache_suffix}.json"))
    return out


def settle(entry: dict[str, Any], cached: dict[str, list[float]], samples: int) -> dict[str, Any]:
    state = load_position(entry["position"])
    top = _key(hints(state)[0].action)
    means = {k: statistics.fmean(ms) for k, ms in cached.items()}
    old_best = max(means, key=means.__getitem__)
    keys = list(dict.fromkeys([top, old_best, *cached]))
    fresh = dict(zip(keys, playout_margins(Position(state, entry["seed"] ^ FRESH), [parse_action(json.loads(k)) for k in keys], samples)))
    fresh_means = {k: statistics.fmean(ms) for k, ms in fresh.items()}
    new_best = max(fresh_means, key=fresh_means.__getitem__)
    loss, se = paired_loss(fresh[old_best], fresh[top])
    loss_new, se_new = paired_loss(fresh[new_best], fresh[top])
    old_loss, old_se = paired_loss(cached[old_best], cached[top])
    return {"id": entry["id"], "hint": json.loads(top), "old_best": json.loads(old_best), "fresh_best": json.loads(new_best),
            f"reference_{len(cached[top])}": {"loss": round(old_loss), "se": round(old_se)},
            f"fresh_{samples}_vs_old_best": {"loss": round(loss), "se": round(se)},
            f"fresh_{samples}_vs_fresh_best": {"loss": round(loss_new), "se": round(se_new)},
            "hint_rank_fresh": sorted(fresh_means.values(), reverse=True).index(fresh_means[top]) + 1,
            "moves": len(keys), "verdict": "real" if loss >= 150 and loss > 2.5 * se else "noise"}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ids", help="comma-separated position ids (default: the flagged ones)")
    parser.add_argument("--sets", default="tuning,holdout19", help="position sets: tuning, holdout19, ...")
    parser.add_argument("--samples", type=int, default=40)
    parser.add_argument("--cache-suffix", default="", help="_r40: judge against the longer reference's best")
    parser.add_argument("--outside", action="store_true",
                        help="every position whose top move is outside the reference's noise, not only the flagged")
    parser.add_argument("--variant", default=None, help="only this variant's positions")
    args = parser.parse_args(argv)
    done: dict[str, Any] = json.loads(OUT.read_text()) if OUT.exists() else {}
    wanted = set(args.ids.split(",")) if args.ids else None
    for name, positions, cache_file in _sets(args.sets, args.cache_suffix):
        cache = json.loads(cache_file.read_text())
        for entry in json.loads(positions.read_text()):
            if args.variant and entry["variant"] != args.variant:
                continue
            scored = cache.get(entry["id"], {}).get("margins", {})
            row = judge(entry, scored)
            flagged = row.get("blunder", False) or (args.outside and row.get("within") is False)
            if (wanted is None and not flagged) or (wanted is not None and entry["id"] not in wanted):
                continue
            result = settle(entry, scored, args.samples)
            result["set"] = name
            result["within_fresh"] = result[f"fresh_{args.samples}_vs_old_best"]["loss"] <= 1.96 * max(
                1, result[f"fresh_{args.samples}_vs_old_best"]["se"])
            done[f"{name}{args.cache_suffix}:{entry['id']}:{args.samples}"] = result
            OUT.write_text(json.dumps(done, indent=1, sort_keys=True) + "\n")
            print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
