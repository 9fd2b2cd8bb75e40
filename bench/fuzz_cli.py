"""Fuzz the engine's command line: ≥ 10,000 generated inputs across judge, score and hint.

Inputs start from positions the engine reaches in random games (every variant and table) and are
broken by seeded mutations: fields dropped, misspelt or set to values of every JSON type and size,
cards duplicated, counts blown up, phases and turn states contradicted, bytes truncated or made
non-UTF-8, nesting deepened, numbers lengthened. Each runs in this process (``engine.cli.main``,
standard input replaced) under a 2 s alarm. Printed as JSON: tracebacks, hangs, exit codes other
than 0 and 2, and refusals whose message does not start by naming a field or is over 300
characters. The issue's target is zero of each.

    python bench/fuzz_cli.py [--inputs N] [--seed S] [--show K]
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import io
import json
import random
import re
import signal
import sys
import time
import traceback
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core.actions import format_action  # noqa: E402
from engine.cli import main as cli_main  # noqa: E402
from engine.core.deal import deal  # noqa: E402
from engine.judge.legal import legal_actions  # noqa: E402
from engine.bots.levels import make_bot  # noqa: E402
from engine.bots.match import play_hand  # noqa: E402
from engine.position import dump_position  # noqa: E402
from engine.core.state import State  # noqa: E402
from engine.variants import VARIANTS  # noqa: E402

VERBS = ("judge", "score", "hint")
HANG_SECONDS = 2.0
MESSAGE_LIMIT = 300
# "error: <field>: <message>": a field is a path of names and indexes (FILE for the file itself)
NAMED = re.compile(r"^error: [A-Za-z_][\w…]*(\[\d+\])*(\.[\w…]+(\[\d+\])*)*: \S")
ODD_VALUES: list[Any] = [
    None, True, False, 0, -1, 1, 2, 7, 9, 10**9, -(10**18), 10**40, 0.5, 1e308, "", "x", "Ah", "JK", "draw", "end",
    [], [0], [[]], ["Ah"], [1, "2"], {}, {"a": 1}, {"type": "draw"}, "x" * 5000, list(range(300)),
]
FIELDS = ("variant", "players", "teams", "table", "dealer", "turn", "phase", "scores", "hands", "melds",
          "red_threes", "pile", "stock", "turn_state", "has_melded", "seed", "went_out", "concealed",
          "hand_canasta", "pile_threes")
TURN_FIELDS = ("melded", "took_pile", "asked", "asker", "permission", "concealed", "melds_before",
               "hand_canasta", "replacements")


class Hang(Exception):
    pass


def positions(rng: random.Random, count: int) -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:
    """Positions from random games, each with some of its legal actions' JSON."""
    found: list[tuple[dict[str, Any], list[dict[str, Any]]]] = []
    tables = [(v, t) for v in VARIANTS.values() for t in v.tables]
    while len(found) < count:
        variant, table = rng.choice(tables)
        rules = variant.for_people(table.people, table.name)
        states: list[State] = []
        start = deal(rules, rng, dealer=rng.randrange(rules.players))
        play_hand(start, [make_bot("random") for _ in range(rules.players)], rng,
                  lambda before, action, after: states.append(before))
        for state in rng.sample(states, min(6, len(states))):
            actions = [format_action(a) for a in legal_actions(state)] if not state.is_over() else []
            found.append((dump_position(state, reveal=rng.random() < 0.5), rng.sample(actions, min(3, len(actions)))))
    return found


def _misspell(key: str, rng: random.Random) -> str:
    i = rng.randrange(len(key))
    return key[:i] + key[i + 1:] if rng.random() < 0.5 else key[:i] + rng.choice("aesx_") + key[i:]


def _mutate_position(pos: dict[str, Any], rng: random.Random) -> None:
    kind = rng.randrange(12)
    key = rng.choice(FIELDS)
    if kind == 0:
        pos.pop(key, None)
    elif kind == 1 and key in pos:
        pos[_misspell(key, rng)] = pos.pop(key)
    elif kind in (2, 3):
        pos[key] = copy.deepcopy(rng.choice(ODD_VALUES))
    elif kind == 4:
        ts = pos.setdefault("turn_state", {})
        if isinstance(ts, dict):
            ts[rng.choice(TURN_FIELDS) if rng.random() < 0.9 else "turn_sate"] = copy.deepcopy(rng.choice(ODD_VALUES))
    elif kind == 5:
        pos["phase"] = rng.choice(["draw", "play", "answer", "end", "END", 3])
    elif kind == 6 and isinstance(pos.get("hands"), list) and pos["hands"]:
        seat = rng.randrange(len(pos["hands"]))
        hand = pos["hands"][seat]
        pos["hands"][seat] = (hand * rng.randint(2, 40) if isinstance(hand, list) and hand
                              else rng.choice([0, 200, -3, [], ["Zz"], 10**12]))
    elif kind == 7:
        pos["players"] = rng.choice([0, 1, 3, 5, 6, 7, 10**8, 10**18, -2])
        if rng.random() < 0.5:
            pos["teams"] = rng.choice([[[0, 2], [1, 3]], [[0, 2], [1, "3"]], [[0.0, 2], [1, 3]], [[False, 2], [True, 3]],
                                       [[0, 1, 2, 3, 4, 5]], [[0], [0]]])
    elif kind == 8:
        pos["went_out"] = rng.choice([0, 1, 2, 3, None, 9, "0"])
        pos["concealed"] = rng.random() < 0.5
    elif kind == 9:
        pos["turn_state"] = {"asker": rng.choice([-1, 0, 1, 2, 3, 9]), "asked": rng.random() < 0.5,
                             "permission": rng.choice([None, True, False])}
    elif kind == 10:
        pos["variant"] = rng.choice(list(VARIANTS))
    else:
        pos["stock"] = rng.choice([0, 1, 500, 10**30, -1, [], ["Ah"] * 200, "40"])


def _mutate_action(action: Any, rng: random.Random) -> Any:
    kind = rng.randrange(6)
    if kind == 0:
        return {"type": rng.choice([["draw"], {"a": 1}, None, 5, "drew", "draw_replacement", "answer_go_out"])}
    if kind == 1 and isinstance(action, dict):
        action[rng.choice(["crad", "meld", "melds", "onto", "layoffs", "yes", "card"])] = copy.deepcopy(rng.choice(ODD_VALUES))
    elif kind == 2:
        return copy.deepcopy(rng.choice(ODD_VALUES))
    return action


def _break_bytes(raw: bytes, rng: random.Random) -> bytes:
    kind = rng.randrange(6)
    if kind == 0:
        return raw[: rng.randrange(len(raw) + 1)]
    if kind == 1:
        i = rng.randrange(len(raw) + 1)
        return raw[:i] + bytes([rng.choice([0xFF, 0xC3, 0x80, 0xE9, 0x00])]) + raw[i:]
    if kind == 2:
        depth = rng.choice([20, 1000, 100_000])
        return b'{"position": ' + b"[" * depth + b"]" * depth + b"}"
    if kind == 3:
        return raw.replace(b'"pile"', b'"seed": ' + b"7" * rng.choice([31, 4301, 50_000]) + b', "pile"', 1)
    if kind == 4:
        return raw.replace(b'"pile"', b'"turn": ' + rng.choice([b"NaN", b"Infinity", b"-Infinity", b"1e999"]) + b', "pile"', 1)
    return raw + rng.choice([b"}", b"x", b" 1", b"\n"])


def make_input(base: tuple[dict[str, Any], list[dict[str, Any]]], rng: random.Random) -> tuple[str, bytes]:
    verb = rng.choice(VERBS)
    pos = copy.deepcopy(base[0])
    for _ in range(rng.choice([0, 1, 1, 1, 2, 3])):
        _mutate_position(pos, rng)
    if verb == "score" and rng.random() < 0.5:
        pos["phase"] = "end"
    data: Any = pos
    if verb == "judge":
        action = copy.deepcopy(rng.choice(base[1])) if base[1] else {"type": "draw"}
        data = {"position": pos, "action": _mutate_action(action, rng) if rng.random() < 0.3 else action}
        if rng.random() < 0.03:
            data["actoin"] = 1
    raw = json.dumps(data).encode()
    if rng.random() < 0.1:
        raw = _break_bytes(raw, rng)
    return verb, raw


def run_one(verb: str, raw: bytes) -> tuple[str, int | None, str, float]:
    """The outcome ("ok", "traceback", "hang"), exit code, standard error and seconds."""
    stdin, out, err = sys.stdin, io.StringIO(), io.StringIO()
    sys.stdin = io.TextIOWrapper(io.BytesIO(raw), encoding="utf-8")
    started = time.perf_counter()
    signal.setitimer(signal.ITIMER_REAL, HANG_SECONDS)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = cli_main([verb, "-", "--lang", "en"])
        outcome = "ok"
    except Hang:
        outcome, code = "hang", None
    except Exception:  # what the boundary exists to prevent
        outcome, code = "traceback", None
        err.write(traceback.format_exc())
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        sys.stdin = stdin
    return outcome, code, err.getvalue(), time.perf_counter() - started


def _alarm(signum: int, frame: Any) -> None:
    raise Hang()


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--show", type=int, default=3, help="failures of each kind to print in full")
    args = parser.parse_args(argv)
    signal.signal(signal.SIGALRM, _alarm)
    rng = random.Random(args.seed)
    bases = positions(rng, max(20, args.inputs // 25))
    counts: Counter[str] = Counter()
    failures: dict[str, list[str]] = {}
    slowest = 0.0
    started = time.perf_counter()
    for _ in range(args.inputs):
        verb, raw = make_input(rng.choice(bases), rng)
        outcome, code, err, seconds = run_one(verb, raw)
        slowest = max(slowest, seconds)
        counts[f"{verb}_exit_{code}"] += 1
        problem = None
        if outcome != "ok":
            problem = outcome + "s"
        elif code not in (0, 2):
            problem = "wrong_exit_codes"
        elif code == 2 and not NAMED.match(err):
            problem = "unnamed_fields"
        elif code == 2 and len(err) > MESSAGE_LIMIT:
            problem = "long_messages"
        if problem is not None:
            counts[problem] += 1
            failures.setdefault(problem, []).append(f"{verb} {raw[:200]!r}\n{err[-1500:]}")
    report = {
        "inputs": args.inputs, "seed": args.seed,
        "tracebacks": counts["tracebacks"], "hangs": counts["hangs"], "wrong_exit_codes": counts["wrong_exit_codes"],
        "unnamed_fields": counts["unnamed_fields"], "long_messages": counts["long_messages"],
        "outcomes": {k: v for k, v in sorted(counts.items()) if "_exit_" in k},
        "slowest_seconds": round(slowest, 3), "seconds": round(time.perf_counter() - started, 1),
    }
    for problem, shown in failures.items():
        for text in shown[: args.show]:
            print(f"--- {problem}\n{text}", file=sys.stderr)
    print(json.dumps(report, indent=1))
    return report


if __name__ == "__main__":
    figures = main()
    sys.exit(1 if any(figures[k] for k in ("tracebacks", "hangs", "wrong_exit_codes", "unnamed_fields", "long_messages")) else 0)
