"""The expert against the club player on duplicate deals, written deal by deal so that a run stopped
early (a shared machine, a deadline) still counts every deal it finished, and a second run resumes it.

Each deal is played twice, the sides swapped (as ``python -m engine ladder`` does, with the same deals
for the same seed); a deal's margin is the expert side's margin in the first play minus the club
side's in the second. The expert's budget is counted in processor time of this process
(``time.process_time``) so that on a loaded machine it thinks as long a move as on an idle one; its
move times are reported in the same clock. Variants are played in turn, one deal each, so that every
variant has a sample when the run stops.

Each row records the expert's search (``--tuning``, else the variant's own ``SEARCH``) as
``Search.spec()``; a run resumes only the rows of its own tuning, and the report gives each
(variant, tuning) its own line, so rows of two tunings are never pooled. Rows written before the
tuning was recorded have none (``null``: the variant's own search at their commit). A paired
screen of two tunings plays the same deals with each:

    nice -n 19 .venv/bin/python bench/ladder_expert.py --variants wiener --deals 40 --out /tmp/screen.jsonl
    nice -n 19 .venv/bin/python bench/ladder_expert.py --variants wiener --deals 40 --out /tmp/screen.jsonl \
        --tuning horizon=40,z=1,candidates=3,discards=2

    nice -n 10 .venv/bin/python bench/ladder_expert.py --variants classic,wiener --deals 200 --seed 23 \\
        --out bench/results/ladder_expert_seed23.jsonl          # runs (resumes) and reports
    .venv/bin/python bench/ladder_expert.py --out bench/results/ladder_expert_seed23.jsonl --report
    .venv/bin/python bench/ladder_expert.py --out NEW.jsonl --report --against bench/results/ladder_expert_seed23.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core.actions import Action  # noqa: E402
from engine.bots.base import Bot, Observation, observe  # noqa: E402
from engine.bots.ladder import Pairing, _margin, _Timed  # noqa: E402
from engine.bots.levels import SEARCH, ClubBot, ExpertBot, Search  # noqa: E402
from engine.variants import VARIANTS  # noqa: E402


def search_for(variant: str, tuning: Search | None) -> Search:
    """The search the expert runs in ``variant``: ``tuning``, else the variant's own."""
    return tuning or SEARCH.get(variant, Search())


class _Blind:
    """The expert blind to the cards everyone saw a seat take with
    the pile (``State.known``), which it then dealt at random (``--blind``)."""

    def __init__(self, bot: Bot) -> None:
        self.bot, self.name, self.title = bot, bot.name, bot.title

    def choose(self, observation: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        state = observation._state  # a benchmark's look behind the view: the same table with nothing known
        return self.bot.choose(observe(state.evolve(known=((),) * state.players), observation.seat), legal, rng)


BLIND = "; blind to known cards"  # appended to a blind run's tuning: its rows are never pooled with the others


def play_deal(variant: str, players: int, number: int, seed: int, budget_ms: float,
              tuning: Search | None = None, blind: bool = False) -> dict[str, Any]:
    """One duplicate deal: the expert at side 0, then the club player there (the ladder's deal ``number``)."""
    rules = VARIANTS[variant].for_people(players, None)
    times: list[float] = []
    expert: Bot = ExpertBot(budget_ms, tuning=tuning, clock=time.process_time)
    if blind:
        expert = _Blind(expert)
    bots: dict[str, Bot] = {"expert": _Timed(expert, times, time.process_time), "club": ClubBot()}
    order = list(rules.deck())
    random.Random(seed * 100_003 + number).shuffle(order)
    others = range(1, len(rules.teams))
    started = time.perf_counter()
    first = _margin(rules, order, {0: "expert", **{t: "club" for t in others}}, bots, seed + number)
    second = _margin(rules, order, {0: "club", **{t: "expert" for t in others}}, bots, seed + number)
    return {"variant": variant, "players": players, "seed": seed, "deal": number, "budget_ms": budget_ms,
            "tuning": search_for(variant, tuning).spec() + (BLIND if blind else ""), "margin": first - second, "expert_ms": [round(t, 1) for t in times],
            "wall_s": round(time.perf_counter() - started, 1)}


def load(path: Path) -> list[dict[str, Any]]:
    """The rows of ``path``, one a (variant, tuning, seed, deal): a deal two processes both played
    (``--reverse`` meeting the forward run) counts once, as first written."""
    if not path.exists():
        return []
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    first = {(r["variant"], r.get("tuning"), r["seed"], r["deal"]): r for r in reversed(rows)}
    return [r for r in rows if first[(r["variant"], r.get("tuning"), r["seed"], r["deal"])] is r]


def report(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One line a (variant, tuning), in the order first met: rows of two tunings are never pooled."""
    out = []
    for variant, tuning in dict.fromkeys((r["variant"], r.get("tuning")) for r in rows):
        mine = [r for r in rows if r["variant"] == variant and r.get("tuning") == tuning]
        pairing = Pairing("expert", "club", [r["margin"] for r in mine])
        times = sorted(t for r in mine for t in r["expert_ms"])
        line = pairing.report()
        line.update(variant=variant, tuning=tuning, players=mine[0]["players"], seeds=sorted({r["seed"] for r in mine}),
                    expert_move_cpu_ms={"moves": len(times), "median": round(statistics.median(times), 1),
                                        "p99": times[int(0.99 * (len(times) - 1))]} if times else {})
        out.append(line)
    return out


def paired(rows: list[dict[str, Any]], others: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each (variant, tuning) of ``rows`` against each of ``others`` on the deals both played (same
    variant, seed and deal number): both win rates on those deals and the mean difference of margin
    per deal with its 95% interval. The same deals take the cards' luck out of the comparison."""
    out = []
    for variant, tuning in dict.fromkeys((r["variant"], r.get("tuning")) for r in rows):
        for other in dict.fromkeys(o.get("tuning") for o in others if o["variant"] == variant):
            mine = {(r["seed"], r["deal"]): r["margin"] for r in rows
                    if r["variant"] == variant and r.get("tuning") == tuning}
            theirs = {(o["seed"], o["deal"]): o["margin"] for o in others
                      if o["variant"] == variant and o.get("tuning") == other}
            both = sorted(mine.keys() & theirs.keys())
            if not both:
                continue
            a, b = Pairing("expert", "club", [mine[k] for k in both]), Pairing("expert", "club", [theirs[k] for k in both])
            diff = Pairing("a", "b", [mine[k] - theirs[k] for k in both]).report()
            out.append({"variant": variant, "tuning": tuning, "against": other, "deals": len(both),
                        "win_rate": a.report()["win_rate"], "against_win_rate": b.report()["win_rate"],
                        "margin_difference": diff["mean_margin"], "margin_difference_ci95": diff["mean_margin_ci95"]})
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variants", default="classic,wiener,swedish,royal")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deals", type=int, default=200, help="deals a variant")
    parser.add_argument("--seed", type=int, default=23)
    parser.add_argument("--budget-ms", type=float, default=300.0)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--tuning", type=Search.parse, default=None,
                        help="the expert's search, e.g. horizon=40,z=1,candidates=3,discards=2 (default: the variant's own)")
    parser.add_argument("--report", action="store_true", help="only print the figures of the deals done")
    parser.add_argument("--against", type=Path, help="also compare, deal by deal, with the rows of this file")
    parser.add_argument("--blind", action="store_true",
                        help="the expert blind to the cards seen taken with the pile, as it once played")
    parser.add_argument("--reverse", action="store_true",
                        help="play the deals last first: a second process on the same --out (a second core) meets the first")
    args = parser.parse_args(argv)
    if not args.report:
        variants = args.variants.split(",")
        unknown = [v for v in variants if v not in VARIANTS]
        if unknown:
            parser.error(f"unknown variant(s): {', '.join(unknown)} (known: {', '.join(VARIANTS)})")
        numbers = range(args.deals)
        for number in reversed(numbers) if args.reverse else numbers:
            for variant in variants:
                # read again before each deal: another process may be writing the same file
                done = {(r["variant"], r.get("tuning"), r["seed"], r["deal"]) for r in load(args.out)}
                spec = search_for(variant, args.tuning).spec() + (BLIND if args.blind else "")
                if (variant, spec, args.seed, number) in done:
                    continue
                row = play_deal(variant, args.players, number, args.seed, args.budget_ms, args.tuning, args.blind)
                with args.out.open("a") as file:  # one line a deal: a stopped run keeps what it finished
                    file.write(json.dumps(row) + "\n")
                print(f"{variant} deal {number}: {row['margin']:+d} ({row['wall_s']} s)", flush=True)
    print(json.dumps(report(load(args.out)), indent=1))
    if args.against:
        print(json.dumps(paired(load(args.out), load(args.against)), indent=1))


if __name__ == "__main__":
    main()
