"""Engine benchmark: self-play throughput, judge latency and peak memory, printed as JSON.

Targets (docs/speed.md): random and club self-play in every variant 5x the engine of
9112d07, judge p99 0.3 ms, hints p99 5 ms, peak memory printed. Figures vary with the machine's
load: for a ratio, run ``bench/speed_compare.py`` (two trees interleaved) and ``bench/peer_bench.py``.

    python bench/engine_bench.py [--hands N] [--seed S] [--clock cpu] [--only judge,hints,memory]

``--clock cpu`` times the judge and the hints with the thread's CPU time (``time.thread_time``)
instead of the wall clock: on a shared, loaded machine a call descheduled halfway counts its wait
in wall time, which swamps the 99th percentile; CPU time counts only the call's own work.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core.actions import Action  # noqa: E402
from engine.bots.base import BasicBot, Bot, RandomBot  # noqa: E402
from engine.core.deal import deal  # noqa: E402
from engine.judge.game import apply  # noqa: E402
from engine.hints.ranked import hints  # noqa: E402
from engine.bots.levels import make_bot  # noqa: E402
# (imported here, not in the functions: a module first imported during traced play counts as its memory)
from engine.bots.match import play_hand  # noqa: E402
from engine.position import dump_position, load_position  # noqa: E402
from engine.core.state import State  # noqa: E402
from engine.core.rules import Rules  # noqa: E402
from engine.variants import CLASSIC, VARIANTS  # noqa: E402

TABLE = CLASSIC.for_people(4)  # a position must name its table to load again (dump, load, apply, dump)


def selfplay(bot_name: str, hands: int, seed: int, rules: Rules = TABLE) -> dict[str, Any]:
    rng = random.Random(seed)
    bots = [RandomBot() if bot_name == "random" else make_bot(bot_name) for _ in range(rules.players)]
    actions = 0
    started = time.perf_counter()
    for number in range(hands):
        _, count = play_hand(deal(rules, rng, dealer=number % rules.players), bots, rng)
        actions += count
    seconds = time.perf_counter() - started
    return {
        "hands": hands,
        "hands_per_second": round(hands / seconds, 1),
        "actions_per_second": round(actions / seconds),
        "actions_per_hand": round(actions / hands, 1),
    }


def _positions(hands: int, seed: int) -> list[tuple[State, Action]]:
    """Every (state, action) pair of some seeded hands, actions drawn from the legal ones."""
    rng = random.Random(seed)
    pairs: list[tuple[State, Action]] = []
    bots: list[Bot] = [BasicBot(), RandomBot(), BasicBot(), RandomBot()]
    for number in range(hands):
        play_hand(deal(TABLE, rng, dealer=number % 4), bots, rng,
                  lambda before, action, after: pairs.append((before, action)))
    return pairs


def _percentiles(samples: list[float]) -> dict[str, float]:
    cuts = statistics.quantiles(samples, n=100, method="inclusive")
    return {"p50_us": round(cuts[49] * 1e6, 1), "p99_us": round(cuts[98] * 1e6, 1),
            "max_us": round(max(samples) * 1e6, 1)}


CLOCK = time.perf_counter  # or time.thread_time (--clock cpu)


def judge_latency(hands: int, seed: int) -> dict[str, Any]:
    pairs = _positions(hands, seed)
    clock = CLOCK
    applies = []
    for state, action in pairs:
        start = clock()
        apply(state, action)
        applies.append(clock() - start)
    whole, best = [], []
    for state, action in pairs[:: max(1, len(pairs) // 2000)]:
        data = dump_position(state, reveal=True)
        times = []
        for _ in range(REPEATS):
            start = clock()
            dump_position(apply(load_position(data), action))
            times.append(clock() - start)
        whole.append(times[0])
        best.append(min(times))
    # The first call's figure is what a caller meets on this machine as loaded now; the best of
    # REPEATS is the work the call does, without other processes' noise (on a shared machine the
    # first's p99 moved 1.6x between runs; the best's under 10%).
    return {"calls": len(applies), "apply": _percentiles(applies), "load_apply_dump": _percentiles(whole),
            f"load_apply_dump_best_of_{REPEATS}": _percentiles(best)}


REPEATS = 5


def hint_latency(hands: int, seed: int) -> dict[str, Any]:
    """Hints for the player to act, on positions from real games of every variant (target: under
    50 ms at the 99th percentile)."""
    samples = []
    for rules in VARIANTS.values():
        rng = random.Random(seed)
        states: list[State] = []
        table = rules.for_people(4)
        for number in range(hands):
            play_hand(deal(table, rng, dealer=number % 4), [BasicBot()] * 4, rng,
                      lambda before, action, after: states.append(before))
        for state in states[::3]:
            started = CLOCK()
            hints(state)
            samples.append(CLOCK() - started)
    return {"positions": len(samples), **_percentiles(samples)}


def peak_memory(hands: int, seed: int, bot: str = "basic", variant: str = "classic") -> dict[str, Any]:
    """Peak traced memory of self-play, above what is already allocated when it starts (the
    engine's bounded caches included as they fill; every module already imported)."""
    tracemalloc.start()
    selfplay(bot, hands, seed, VARIANTS[variant].for_people(4))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {"hands": hands, "bot": bot, "variant": variant, "peak_traced_kib": round(peak / 1024, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall", help="for the judge's and the hints' latency")
    parser.add_argument("--only", help="some of: play,variants,judge,hints,memory (default: all)")
    args = parser.parse_args()
    global CLOCK
    CLOCK = time.thread_time if args.clock == "cpu" else time.perf_counter
    parts = {
        "play": lambda: {"random_play": selfplay("random", args.hands, args.seed),
                         "basic_play": selfplay("basic", args.hands, args.seed)},
        "variants": lambda: {
            "random_play_by_variant": {name: selfplay("random", max(20, args.hands // 5), args.seed, rules.for_people(4))
                                       for name, rules in VARIANTS.items()},
            "club_play_by_variant": {name: selfplay("club", max(20, args.hands // 5), args.seed, rules.for_people(4))
                                     for name, rules in VARIANTS.items()}},
        "judge": lambda: {"judge": judge_latency(max(20, args.hands // 10), args.seed)},
        "hints": lambda: {"hints": hint_latency(max(5, args.hands // 40), args.seed)},
        "memory": lambda: {"memory": peak_memory(50, args.seed), "memory_club_royal": peak_memory(6, args.seed, "club", "royal")},
    }
    chosen = args.only.split(",") if args.only else list(parts)
    report: dict[str, Any] = {"clock": args.clock}
    for name in chosen:
        report.update(parts[name]())
    report["python"] = sys.version.split()[0]
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
