"""Does the post-hand review flag good moves? The review's judgement against the hints' reference.

Issue 18: "the post-hand review ... never flags a move that the reference rates as good". The hint
benchmark's caches (``bench/data/hint_reference*.json``) hold, for every stored position, the margins of
a dozen or more moves played out in the same sampled worlds. Each of those moves is put to the review
as the learner's move (``tutor.table.workers.moments``: the tips the move goes against, a wild card
discarded that froze the pile, and, for every discard from the hand, the pile taken by the next player
right after, as if it had been: the safer discard the hints rank first, each named as the better move
only where the review's own trial deals bear it out). A move is flagged where a moment names a better
move (``better``); a pile given with the hints' reason alone, the trial deals not bearing it out, is not.
The review's trial deals are its own (24, then 72 where the first look is clear; other worlds than
the reference's). Per variant and set it prints:

- ``good``: moves within noise of the reference's best (the best itself, or trailing it by at most
  1.96 standard errors of the paired difference); ``good_flagged``: how many of them the review flags
  (the target: none), with examples;
- ``bad``: moves that lose 150 points or more beyond 2.5 standard errors; ``bad_flagged``: how many of
  those the review names (a review that flags nothing would pass the first figure; this one says
  whether it still finds the real mistakes);
- ``good_flagged_settled_*`` (with ``--settle N``): each good move the review flags scored again
  against the reference's best in N fresh worlds (as ``bench/hint_settle.py`` settles the hints'
  losses): ``good`` there too, ``worse`` (beyond the noise, less than 150 points) or ``bad``, or
  ``best`` (the reference's best itself, flagged: not scored against itself); a flag
  on a move that is good only in the first reference's noise is a flag a learner may trust;
  ``good_flagged_settled_with_advice_*``: the same fresh worlds, the move against the best of the
  reference's best and the moves the review advised instead (the reference scored a dozen moves or
  so, and the advice may not be among them: a move good against those is no good move where the
  advice beats it); ``--details FILE`` writes each one's figures;
- ``*_tip_against``: the same counts for the hints' ``against`` alone, what the review flagged before it
  asked trial deals (the first review).

It searches nothing (the caches are the hint benchmark's)::

    python bench/review_quality.py                 # every set whose cache exists
    python bench/review_quality.py --set holdout20 --examples 10 --workers 2
    python bench/review_quality.py --set holdout21 --long   # 40-playout verdicts where cached

``--long`` judges a position by its 40-playout cache (``hint_reference_*_r40.json``: Royal and
Swedish positions) where one holds it, and by the 12-playout cache elsewhere; ``long`` in the
report counts the positions judged so. A move within noise of the best at 12 playouts may be a
clear loss at 40: the longer reference says more surely which moves are good.

With ``--long --settle 40`` the tuning set takes about three minutes of processor time, a hold-out
about one and a half (Royal's trial deals are most of it).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import statistics
import sys
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.expert_choices import Position, playout_margins  # noqa: E402
from bench.hint_quality import DATA, is_real_loss, paired_loss  # noqa: E402
from bench.hint_settle import FRESH  # noqa: E402
from engine.bots import trials  # noqa: E402
from engine.core.actions import Action, Discard, parse_action  # noqa: E402
from engine.judge.game import is_legal  # noqa: E402
from engine.hints.ranked import against  # noqa: E402
from engine.position import load_position  # noqa: E402
from engine.core.state import Phase  # noqa: E402
from tutor.table.workers import moments  # noqa: E402


def sets() -> dict[str, tuple[Path, Path, Path | None]]:
    """Every position set that has a cache: its name, positions, cache and 40-playout cache (or None)."""
    def longer(cache: Path) -> Path | None:
        path = cache.with_name(f"{cache.stem}_r40.json")
        return path if path.exists() else None

    tuning = DATA / "hint_reference.json"
    found = {"tuning": (DATA / "hint_positions.json", tuning, longer(tuning))}
    for cache in sorted(DATA.glob("hint_reference_*.json")):
        name = cache.stem.removeprefix("hint_reference_")
        positions = DATA / f"hint_positions_{name}.json"
        if positions.exists():
            found[name] = (positions, cache, longer(cache))
    return found


def rate(margins: dict[str, list[float]]) -> dict[str, str]:
    """Each scored move's verdict against the best mean: "good", "bad" or "" (neither)."""
    means = {k: statistics.fmean(ms) for k, ms in margins.items()}
    best = max(means, key=means.__getitem__)
    out = {}
    for key, ms in margins.items():
        loss, se = paired_loss(margins[best], ms)
        out[key] = "good" if key == best or loss <= 1.96 * se else "bad" if is_real_loss(loss, se) else ""
    return out


Judged = tuple[str, str, bool, bool, list[str], str, dict[str, Any]]


def loss(best: list[float], move: list[float]) -> dict[str, float]:
    """How much ``move`` trailed ``best`` over the same worlds: the mean and its standard error."""
    mean, se = paired_loss(best, move)
    return {"loss": round(mean, 1), "se": round(se, 1), "n": min(len(best), len(move))}


def _looks(position: dict[str, Any], action_json: dict[str, Any]) -> tuple[list[dict[str, Any]], list[dict[str, Any]],
                                                                        list[Action]]:
    """The review's moments for this move, each trial-deal comparison it played (the advised move,
    the worlds ``start`` to ``samples``, the edge's points, error and differences) and the moves it
    compared this one with."""
    played: list[dict[str, Any]] = []
    advised: list[Action] = []
    compare = trials.compare

    def recorded(state: Any, better: Action, worse: Any, samples: int, seed: int, *args: Any, **kwargs: Any) -> Any:
        edge = compare(state, better, worse, samples, seed, *args, **kwargs)
        if better not in advised:
            advised.append(better)
        played.append({"advised": str(better), "start": kwargs.get("start", 0), "samples": samples,
                       "points": round(edge.points, 1), "error": round(edge.error, 1),
                       "diffs": [round(d, 1) for d in edge.diffs]})
        return edge

    action = parse_action(action_json)
    # every discard from the hand as if the next player took the pile right after: its moment's advice
    taken = {"pile_taken": {"cards": 0, "points": 0}} if isinstance(action, Discard) and action.meld is None else None
    trials.compare = recorded  # the review imports it at call time (one position a process at once)
    try:
        said = [m for m in moments(0, position, action_json, taken) if m.get("better")]
        return said, played, advised
    finally:
        trials.compare = compare


def _judge_position(job: tuple[dict[str, Any], dict[str, list[float]], int]) -> list[Judged]:
    """Each rated move of one position: (verdict, the move, flagged by the review, by ``against``, the
    tips said, for a good move the review flags its verdict in ``settle`` fresh worlds or "", and the
    details: the reference's best, the move's loss to it, the review's looks and the settling loss)."""
    entry, margins, settle = job
    state = load_position(entry["position"])
    verdicts = rate(margins)
    best = max(margins, key=lambda k: statistics.fmean(margins[k]))
    out = []
    for key, verdict in verdicts.items():
        if not verdict:
            continue
        action_json = json.loads(key)
        action = parse_action(action_json)
        said, looks, advised = _looks(entry["position"], action_json)
        settled = ""
        details: dict[str, Any] = {"id": entry["id"], "variant": entry["variant"], "verdict": verdict,
                                   "move": str(action), "best": str(parse_action(json.loads(best))),
                                   "reference": loss(margins[best], margins[key]), "looks": looks,
                                   "tips": [m["tip"] for m in said]}
        if verdict == "good" and said and settle:
            # the reference's own judgement again, in worlds none of its first samples saw (bench/hint_settle.py):
            # against its best (itself not scored against itself), and against the best of that and the moves the
            # review advised, which the reference may never have scored (the same worlds: paired throughout)
            settled, details["settled"], details["settled_advice"] = _settle(state, entry["seed"], best, key, advised,
                                                                            settle)
        out.append((verdict, str(action), bool(said), bool(against(state, action)), [m["tip"] for m in said], settled,
                    details))
    return out


def _settle(state: Any, seed: int, best: str, key: str, advised: list[Action],
            samples: int) -> tuple[str, dict[str, Any], dict[str, Any]]:
    """A flagged good move scored again in ``samples`` fresh worlds: its verdict against the
    reference's best ("best" where it is that move), and against the best of that and the advised
    moves ("best" where it beat them all), each with its loss."""
    action, top = parse_action(json.loads(key)), parse_action(json.loads(best))
    rivals = [a for a in advised if a not in (action, top)]
    scored = [top, *rivals] if key == best else [top, action, *rivals]
    if len(scored) < 2:
        return "best", {"verdict": "best"}, {"verdict": "best"}  # the best, with nothing else to score it against
    fresh = {str(i): ms for i, ms in enumerate(playout_margins(Position(state, seed ^ FRESH), scored, samples))}
    mine = "0" if key == best else "1"
    against_best: dict[str, Any] = {"verdict": "best"}
    if key != best:
        against_best = {"verdict": rate({"0": fresh["0"], "1": fresh["1"]})["1"] or "worse",
                        **loss(fresh["0"], fresh["1"])}
    means = {i: statistics.fmean(ms) for i, ms in fresh.items()}
    leader = max(means, key=means.__getitem__)
    with_advice: dict[str, Any] = {"verdict": "best"}
    if leader != mine:
        with_advice = {"verdict": rate(fresh)[mine] or "worse", "leader": str(scored[int(leader)]),
                       **loss(fresh[leader], fresh[mine])}
    return against_best["verdict"], against_best, with_advice


def judge_set(positions: Path, cache_file: Path, long_file: Path | None, examples: int, workers: int,
              settle: int = 0, details: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The set's counts per variant; ``details`` (where given) gains every rated move the review
    compared with another, or flagged."""
    entries = json.loads(positions.read_text())
    cache = json.loads(cache_file.read_text())
    long_cache = json.loads(long_file.read_text()) if long_file is not None else {}
    jobs = []
    judged_long: Counter[str] = Counter()
    stale: Counter[str] = Counter()
    for entry in entries:
        cached = cache.get(entry["id"], {}).get("margins", {})
        longer = long_cache.get(entry["id"], {}).get("margins", {})
        if len(longer) >= 2:
            cached = longer
            judged_long[entry["variant"]] += 1
        state = load_position(entry["position"])
        # a move the engine now refuses (cached before a fix to how positions load) is no move to rate
        margins = {k: ms for k, ms in cached.items() if is_legal(state, parse_action(json.loads(k)))}
        stale[entry["variant"]] += len(cached) - len(margins)
        if len(margins) >= 2 and state.phase in (Phase.PLAY, Phase.DRAW):  # the review looks at draws, takes, melds, discards
            jobs.append((entry, margins, settle))
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    shown: dict[str, list[Any]] = defaultdict(list)
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork")) as pool:
        for (entry, _, _), rows in zip(jobs, pool.map(_judge_position, jobs)):
            row = counts[entry["variant"]]
            for verdict, move, flagged, tip_against, tips, settled, detail in rows:
                if details is not None and (detail["looks"] or flagged):
                    details.append(detail)
                row[verdict] += 1
                row[f"{verdict}_flagged"] += flagged
                row[f"{verdict}_tip_against"] += tip_against
                if settled:
                    row[f"good_flagged_settled_{settled}"] += 1
                    row[f"good_flagged_settled_with_advice_{detail['settled_advice']['verdict']}"] += 1
                if verdict == "good" and flagged and len(shown[entry["variant"]]) < examples:
                    shown[entry["variant"]].append([entry["id"], move, tips])
    return {variant: {**dict(sorted(row.items())), "long": judged_long[variant], "stale": stale[variant],
                      "examples": shown[variant]}
            for variant, row in sorted(counts.items())}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", action="append", help="a set's name (tuning, holdout19, answer18, ...); all by default")
    parser.add_argument("--examples", type=int, default=5, help="good moves flagged, shown per variant")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--long", action="store_true", help="judge by the 40-playout cache where it holds the position")
    parser.add_argument("--settle", type=int, default=0, metavar="N",
                        help="score each good move the review flags again against the best in N fresh worlds")
    parser.add_argument("--details", type=Path, metavar="FILE",
                        help="write every rated move the review compared or flagged there (JSON lines), with its figures")
    args = parser.parse_args()
    known = sets()
    chosen = args.set or list(known)
    unknown = [name for name in chosen if name not in known]
    if unknown:
        parser.error(f"no cached set {', '.join(unknown)} (known: {', '.join(known)})")
    report = {}
    for name in chosen:  # a set of answers to partner holds nothing the review looks at
        positions, cache, long_cache = known[name]
        details: list[dict[str, Any]] = []
        if judged := judge_set(positions, cache, long_cache if args.long else None, args.examples, args.workers,
                               args.settle, details):
            report[name] = judged
        if args.details is not None:
            with args.details.open("a") as out:
                out.writelines(json.dumps({"set": name, **detail}) + "\n" for detail in details)
    json.dump(report, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
