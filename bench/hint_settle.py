"""Noise or a real loss? A longer, independent reference on the positions ``bench/hint_quality.py`` flags.

``hint_quality.py`` scores each move with 12 playouts and flags a position where the top hint's move
loses >= 150 points against the best scored move beyond 2.5 standard errors. The best of nine noisy
means is too good, and with 12 playouts an error of 100-200 points is common, so some flags are noise.
This script re-scores every move the cache holds for a flagged position in ``--samples`` (40) *fresh*
worlds (a different seed: none of the worlds that chose the "best" move), common random numbers
among the moves, and judges the hint's move against the move the 12-playout reference called best
(chosen before these worlds were drawn, so its mean is not inflated). Verdict: "real" where that loss
is still >= 150 points beyond 2.5 standard errors, otherwise "noise". The fresh best is shown beside.
Results go to ``bench/results/hint_settle.json`` (per position, written as each is done)::

    python bench/hint_settle.py                 # the flagged positions of both sets, as the hints are now
    python bench/hint_settle.py --ids classic/4/14,wiener/4/24 --sets holdout19 --samples 100
    python bench/hint_settle.py --sets holdout21 --cache-suffix _r40 --outside --variant royal   # every miss at 40

**Within noise, judged in fresh worlds** (``--every --pair``, then ``--summary``). ``hint_quality.py``
counts the top hint's move within noise when it trails the best scored move by at most 1.96 standard
errors *in the worlds that chose that best*: the best of several noisy means is too good, so a move
equal to it often reads as a miss (the winner's curse). Here the reference only *chooses* its best;
for every position where the top hint chose another move, that move and the best are scored again in
fresh worlds, and the hint is within noise there when it trails by at most 1.96 standard errors. Every
such position is re-scored, not only the misses, so a move gets one judgement, never two chances::

    python bench/hint_settle.py --sets tuning,holdout19 --cache-suffix _r40 --variant royal --every --pair
    python bench/hint_settle.py --sets tuning,holdout19 --cache-suffix _r40 --variant royal --summary
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.expert_choices import Position, playout_margins  # noqa: E402
from bench.hint_quality import DATA, RESULTS, _key, is_real_loss, judge, paired_loss, shown  # noqa: E402
from engine.core.actions import parse_action  # noqa: E402
from engine.judge.game import is_legal  # noqa: E402
from engine.position import load_position  # noqa: E402
from engine.core.state import State  # noqa: E402

OUT = RESULTS / "hint_settle.json"
FRESH = 0x40C0  # xor'ed into a position's seed: worlds independent of the 12 that flagged it


def _sets(names: str, cache_suffix: str = "") -> list[tuple[str, Path, Path]]:
    """``tuning`` (bench/data/hint_positions.json) and ``holdout19``-style names, with their caches
    (``cache_suffix`` ``_r40``: the longer reference's)."""
    out = []
    for name in names.split(","):
        suffix = "" if name == "tuning" else f"_{name}"
        out.append((name, DATA / f"hint_positions{suffix}.json", DATA / f"hint_reference{suffix}{cache_suffix}.json"))
    return out


def settle(entry: dict[str, Any], cached: dict[str, list[float]], samples: int, pair: bool = False) -> dict[str, Any]:
    """The top hint's move against the reference's best in ``samples`` fresh worlds, with every
    cached move (``pair``: only those two, what the within-noise verdict needs; a move's margin in a
    world does not depend on which others are scored, so the verdict is the same)."""
    state = load_position(entry["position"])
    top = _key(shown(state)[0].action)
    means = {k: statistics.fmean(ms) for k, ms in cached.items()}
    old_best = max(means, key=means.__getitem__)
    keys = list(dict.fromkeys([top, old_best] if pair else [top, old_best, *cached]))
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
            "moves": len(keys), "verdict": "real" if is_real_loss(loss, se) else "noise"}


def write_results(path: Path, done: dict[str, Any]) -> None:
    """A results file as JSON, one position a line (a rerun's diff shows the positions it changed)."""
    lines = (f"{json.dumps(key)}: {json.dumps(done[key], sort_keys=True)}" for key in sorted(done))
    path.write_text("{\n" + ",\n".join(lines) + "\n}\n")


def _fresh_key(name: str, cache_suffix: str, entry_id: str, samples: int) -> str:
    return f"{name}{cache_suffix}:{entry_id}:{samples}"


def _current(stored: dict[str, Any], top: str, best: str) -> bool:
    """Whether a stored result judged the hint's move and the best the position has now."""
    return _key_of(stored["hint"]) == top and _key_of(stored["old_best"]) == best


def reference_best(state: State, scored: dict[str, list[float]]) -> str:
    """The reference's best of the moves the engine still allows (as ``judge``)."""
    means = {k: statistics.fmean(ms) for k, ms in scored.items() if is_legal(state, parse_action(json.loads(k)))}
    return max(means, key=means.__getitem__)


def _top_and_best(state: State, scored: dict[str, list[float]]) -> tuple[str, str]:
    """The top hint's move and the reference's best."""
    return _key(shown(state)[0].action), reference_best(state, scored)


def _within(fresh: dict[str, int]) -> bool:
    """The hint's move within noise of the reference's best in fresh worlds (results stored before
    this verdict was recorded carry the loss and its error it is made from)."""
    return fresh["loss"] <= 1.96 * max(1, fresh["se"])


def _key_of(action: dict[str, Any]) -> str:
    return _key(parse_action(action))


def summary(sets: Sequence[tuple[str, Path, Path]], cache_suffix: str, samples: int, variant: str | None,
            done: dict[str, Any]) -> list[dict[str, Any]]:
    """Per set and variant: the judged positions, the top hint's move the reference's best, within
    noise as ``hint_quality.py`` counts it, and within noise judged in fresh worlds (``None`` where
    a position that needs fresh worlds has none yet: ``missing`` counts them)."""
    out = []
    for name, positions, cache_file in sets:
        cache = json.loads(cache_file.read_text())
        tally: dict[str, Counter[str]] = {}
        for entry in json.loads(positions.read_text()):
            if variant and entry["variant"] != variant:
                continue
            scored = cache.get(entry["id"], {}).get("margins", {})
            row = judge(entry, scored)
            if "loss" not in row:
                continue
            count = tally.setdefault(entry["variant"], Counter())
            count["judged"] += 1
            if row["within"]:
                count["within"] += 1
            if row["best"]:
                count["best"] += 1
                count["within_fresh"] += 1
                continue
            stored = done.get(_fresh_key(name, cache_suffix, entry["id"], samples))
            top, best = _top_and_best(load_position(entry["position"]), scored)
            if stored is None or not _current(stored, top, best):  # none yet, or one for other moves
                count["missing"] += 1
            elif _within(stored[f"fresh_{samples}_vs_old_best"]):
                count["within_fresh"] += 1
            else:
                count["outside_fresh"] += 1
                if stored["verdict"] == "real":
                    count["real"] += 1
        for v, count in sorted(tally.items()):
            judged = count["judged"]
            out.append({"set": name + cache_suffix, "variant": v, "judged": judged,
                        "best": round(count["best"] / judged, 3), "within_noise": round(count["within"] / judged, 3),
                        "within_noise_fresh": None if count["missing"] else round(count["within_fresh"] / judged, 3),
                        "outside_fresh": count["outside_fresh"], "real_losses": count["real"],
                        "missing": count["missing"]})
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ids", help="comma-separated position ids (default: the flagged ones)")
    parser.add_argument("--sets", default="tuning,holdout19", help="position sets: tuning, holdout19, ...")
    parser.add_argument("--samples", type=int, default=40)
    parser.add_argument("--cache-suffix", default="", help="_r40: judge against the longer reference's best")
    parser.add_argument("--outside", action="store_true",
                        help="every position whose top move is outside the reference's noise, not only the flagged")
    parser.add_argument("--every", action="store_true",
                        help="every position whose top move is not the reference's best (resumes: a result "
                             "for the same two moves is kept)")
    parser.add_argument("--pair", action="store_true", help="score only the hint's move and the reference's best")
    parser.add_argument("--summary", action="store_true",
                        help="print within noise per set and variant, judged in fresh worlds, from the results")
    parser.add_argument("--variant", default=None, help="only this variant's positions")
    args = parser.parse_args(argv)
    done: dict[str, Any] = json.loads(OUT.read_text()) if OUT.exists() else {}
    if args.summary:
        print(json.dumps(summary(_sets(args.sets, args.cache_suffix), args.cache_suffix, args.samples, args.variant, done), indent=1))
        return
    wanted = set(args.ids.split(",")) if args.ids else None
    for name, positions, cache_file in _sets(args.sets, args.cache_suffix):
        cache = json.loads(cache_file.read_text())
        for entry in json.loads(positions.read_text()):
            if args.variant and entry["variant"] != args.variant:
                continue
            state = load_position(entry["position"])
            # a cached move the engine now refuses is no move the reference could call best (as in judge)
            scored = {k: ms for k, ms in cache.get(entry["id"], {}).get("margins", {}).items()
                      if is_legal(state, parse_action(json.loads(k)))}
            row = judge(entry, scored)
            flagged = (row.get("blunder", False) or (args.outside and row.get("within") is False)
                       or (args.every and "loss" in row and not row["best"]))
            if (wanted is None and not flagged) or (wanted is not None and entry["id"] not in wanted):
                continue
            key = _fresh_key(name, args.cache_suffix, entry["id"], args.samples)
            if args.every and key in done and _current(done[key], *_top_and_best(state, scored)):
                continue
            result = settle(entry, scored, args.samples, args.pair)
            result["set"] = name
            result["within_fresh"] = _within(result[f"fresh_{args.samples}_vs_old_best"])
            done[key] = result
            write_results(OUT, done)
            print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
