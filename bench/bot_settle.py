"""The club player's and the expert's moves judged as ``bench/hint_settle.py --every --pair`` judges
the top hint's: the reference (a set's cache) chooses its best move; where the bot chose another,
both are scored again in the same fresh worlds as the hint's, and the bot's move is within noise
there when it trails by at most 1.96 standard errors, a real loss when by 150 points or more beyond
2.5. It answers what a stronger hint could reach: would the strong player's search, in place of the
tips, lose less often? Results go to ``bench/results/bot_settle.json`` (per bot and position, written as
each is done; a run resumes)::

    nice -n 5 .venv/bin/python bench/bot_settle.py --sets holdout23,holdout24 --bots club,expert
    python bench/bot_settle.py --sets holdout23,holdout24 --bots club,expert --summary

The expert thinks ``--budget-ms`` (300, as in play) of processor time a move, so a loaded machine
does not weaken it.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.expert_choices import Position, playout_margins  # noqa: E402
from bench.hint_quality import RESULTS, _key, is_real_loss, paired_loss  # noqa: E402
from bench.hint_settle import FRESH, _sets, _within, reference_best, write_results  # noqa: E402
from engine.core.actions import parse_action  # noqa: E402
from engine.bots.base import Bot, observe  # noqa: E402
from engine.judge.legal import legal_actions  # noqa: E402
from engine.bots.levels import ClubBot, ExpertBot  # noqa: E402
from engine.position import load_position  # noqa: E402

OUT = RESULTS / "bot_settle.json"


def make(name: str, budget_ms: float) -> Bot:
    if name == "club":
        return ClubBot()
    if name == "expert":
        return ExpertBot(budget_ms, clock=time.process_time)
    raise ValueError(f"unknown bot {name!r} (known: club, expert)")


def judge_move(entry: dict[str, Any], cached: dict[str, list[float]], move: str, samples: int) -> dict[str, Any]:
    """The bot's ``move`` against the reference's best: the best itself, or both in fresh worlds."""
    state = load_position(entry["position"])
    best = reference_best(state, cached)
    row: dict[str, Any] = {"id": entry["id"], "variant": entry["variant"], "move": json.loads(move),
                           "best": json.loads(best)}
    if move == best:
        return {**row, "is_best": True}
    fresh = playout_margins(Position(state, entry["seed"] ^ FRESH), [parse_action(json.loads(k)) for k in (best, move)],
                            samples)
    loss, se = paired_loss(fresh[0], fresh[1])
    return {**row, "is_best": False, "fresh": {"loss": round(loss), "se": round(se)},
            "verdict": "real" if is_real_loss(loss, se) else "noise"}


def summary(results: dict[str, Any], keys: Sequence[str]) -> dict[str, dict[str, Any]]:
    """Per ``bot:set:variant``: positions, the reference's best, within noise and real losses in fresh worlds."""
    tally: dict[str, Counter[str]] = {}
    for key in keys:
        if key not in results:
            continue
        row = results[key]
        bot, name = key.split(":")[:2]
        count = tally.setdefault(f"{bot}:{name}:{row['variant']}", Counter())
        count["positions"] += 1
        count["best"] += row["is_best"]
        count["within"] += row["is_best"] or _within(row["fresh"])
        count["real"] += row.get("verdict") == "real"
    return {k: {"positions": c["positions"], "best": round(c["best"] / c["positions"], 3),
                "within_noise_fresh": round(c["within"] / c["positions"], 3), "real_losses": c["real"]}
            for k, c in sorted(tally.items())}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", default="holdout23,holdout24", help="position sets: tuning, holdout19, ...")
    parser.add_argument("--bots", default="club,expert")
    parser.add_argument("--samples", type=int, default=40)
    parser.add_argument("--cache-suffix", default="", help="_r40: judge against the longer reference's best")
    parser.add_argument("--variant", default=None, help="only this variant's positions")
    parser.add_argument("--budget-ms", type=float, default=300.0)
    parser.add_argument("--summary", action="store_true", help="print the figures of the results so far")
    args = parser.parse_args(argv)
    bots = {name: make(name, args.budget_ms) for name in args.bots.split(",")}
    done: dict[str, Any] = json.loads(OUT.read_text()) if OUT.exists() else {}
    keys = []
    for name, positions, cache_file in _sets(args.sets, args.cache_suffix):
        cache = json.loads(cache_file.read_text())
        for entry in json.loads(positions.read_text()):
            cached = cache.get(entry["id"], {}).get("margins", {})
            if (args.variant and entry["variant"] != args.variant) or not cached:
                continue
            for bot_name, bot in bots.items():
                key = f"{bot_name}:{name}{args.cache_suffix}:{entry['id']}:{args.samples}"
                keys.append(key)
                if args.summary or key in done:
                    continue
                state = load_position(entry["position"])
                legal = legal_actions(state)
                move = _key(bot.choose(observe(state, state.turn), legal, random.Random(entry["seed"])))
                done[key] = judge_move(entry, cached, move, args.samples)
                write_results(OUT, done)
                print(key, json.dumps(done[key]), flush=True)
    print(json.dumps(summary(done, keys), indent=1))


if __name__ == "__main__":
    main()
