"""Random and club play, move for move, against recorded golden sequences.

Each seeded hand is reduced to one digest of every legal-action list offered, every action
taken and the final state's tables: a change to legal-action generation, ``apply`` or the bots'
choices that alters any of them alters the digest. The golden digests were recorded with the
engine as it was before the speed work (commit 9112d07); a faster
engine must reproduce them exactly, on the judged path (``apply``) and on the trusted one
(``apply_trusted``, the engine's own moves taken from the legal list), compiled and interpreted.

    python bench/equivalence.py            # the full run: every recorded hand, every variant
    python bench/equivalence.py --path trusted   # the same hands, each action applied as trusted
    python bench/equivalence.py --record   # rewrite the golden file (only for a rule change)
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import ENGINE  # noqa: E402
from engine.bots.base import RandomBot, observe  # noqa: E402
from engine.core.deal import deal  # noqa: E402
from engine.judge.game import apply, apply_trusted  # noqa: E402
from engine.judge.legal import legal_actions  # noqa: E402
from engine.bots.levels import make_bot  # noqa: E402
from engine.variants import VARIANTS  # noqa: E402

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "engine" / "data" / "play_golden.json"
HANDS = {"random": 750, "club": 100}  # per variant: 3 000 random hands and 400 club hands


def hand_digest(variant: str, bot: str, seed: int, trusted: bool = False) -> str:
    """The digest of one seeded hand among four ``bot`` players of ``variant``; ``trusted``: each
    action applied by ``apply_trusted`` rather than judged by ``apply``."""
    step = apply_trusted if trusted else apply
    rules = VARIANTS[variant].for_people(4)
    rng = random.Random(f"{variant}/{bot}/{seed}")
    bots = [RandomBot() if bot == "random" else make_bot(bot) for _ in range(rules.players)]
    state = deal(rules, rng, dealer=seed % rules.players)
    digest = hashlib.blake2b(digest_size=8)
    while not state.is_over():
        legal = legal_actions(state)
        action = bots[state.turn].choose(observe(state, state.turn), legal, rng)
        digest.update(repr((legal, action)).encode())
        state = step(state, action)
    digest.update(repr((state.melds, state.red_threes, state.hands, state.went_out, state.concealed)).encode())
    return digest.hexdigest()


def digests(variant: str, bot: str, hands: int) -> list[str]:
    return [hand_digest(variant, bot, seed) for seed in range(hands)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--record", action="store_true", help="rewrite the golden file")
    parser.add_argument("--hands", type=float, default=1.0, help="the share of the recorded hands to replay")
    parser.add_argument("--variants", default="", help="comma-separated (default: all)")
    parser.add_argument("--path", choices=("judged", "trusted"), default="judged",
                        help="apply each action judged (apply) or trusted (apply_trusted)")
    args = parser.parse_args()
    if args.record:
        golden = {bot: {v: digests(v, bot, n) for v in VARIANTS} for bot, n in HANDS.items()}
        GOLDEN.write_text(json.dumps(golden, indent=0) + "\n")
        print(f"recorded {GOLDEN}")
        return
    golden = json.loads(GOLDEN.read_text())
    print(f"engine: {ENGINE}, path: {args.path}")  # compiled or interpreted (engine/build.py)
    trusted = args.path == "trusted"
    failures = 0
    for bot, by_variant in golden.items():
        for variant, recorded in by_variant.items():
            if args.variants and variant not in args.variants.split(","):
                continue
            started = time.perf_counter()
            count = max(1, int(len(recorded) * args.hands))
            wrong = [seed for seed in range(count) if hand_digest(variant, bot, seed, trusted) != recorded[seed]]
            failures += len(wrong)
            print(f"{bot:7} {variant:8} {count:5} hands  {len(wrong)} differ  {time.perf_counter() - started:6.1f} s"
                  + (f"  first: seed {wrong[0]}" if wrong else ""))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
