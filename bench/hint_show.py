"""One stored position as a Canasta player reads it: the table, every hint, and the cached reference.

For looking into a position ``bench/hint_quality.py`` flags or misses: the hand, the pile, both
sides' melds, the hints ranked with the move each suggests, and every move the reference cache
scored, best first, with its mean and the paired loss (± standard error) against the best::

    python bench/hint_show.py holdout24 classic/4/34
    python bench/hint_show.py tuning royal/3/7 --cache-suffix _r40
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.hint_quality import _key, paired_loss  # noqa: E402
from bench.hint_settle import _sets  # noqa: E402
from engine.core.actions import parse_action  # noqa: E402
from engine.core.cards import pretty_cards  # noqa: E402
from engine.describe import describe  # noqa: E402
from engine.judge.game import apply  # noqa: E402
from engine.hints.ranked import hints  # noqa: E402
from engine.position import load_position  # noqa: E402
from engine.core.state import State  # noqa: E402


def _melds(state: State, team: int) -> str:
    shown = [f"[{i}] {pretty_cards(m.cards)}" for i, m in enumerate(state.melds[team])]
    if state.red_threes[team]:
        shown.append(pretty_cards(state.red_threes[team]))
    return " | ".join(shown) or "—"


def show(name: str, position_id: str, cache_suffix: str = "") -> Iterator[str]:
    _, positions, cache_file = _sets(name, cache_suffix)[0]
    entry = next(e for e in json.loads(positions.read_text()) if e["id"] == position_id)
    cache = json.loads(cache_file.read_text()).get(position_id, {})
    state = load_position(entry["position"])
    seat, team = state.turn, state.team_of(state.turn)
    yield (f"{position_id} ({name}): seat {seat} (side {team}) to {state.phase.name.lower()}; scores "
           f"{list(state.scores)}; stock {len(state.stock)}; hands {[len(h) for h in state.hands]}")
    yield f"hand: {pretty_cards(state.hands[seat])}"
    frozen = [t for t in range(len(state.teams)) if state.is_pile_frozen_for(t)]
    yield f"pile ({len(state.pile)}): {pretty_cards(state.pile[-4:])} on top; frozen for sides {frozen}"
    for t in range(len(state.teams)):
        yield f"side {t}{' (to act)' if t == team else ''}: {_melds(state, t)}"
    for t in range(len(state.teams)):  # the hidden hands, for the one who reads the position
        yield f"side {t} hands: " + "; ".join(pretty_cards(state.hands[s]) for s in state.teams[t])
    found = hints(state)
    for i, h in enumerate(found, 1):
        yield f"hint {i} {h.tip}: {describe(state, h.action, apply(state, h.action))} — {h.explanation('en')}"
    scored = cache.get("margins", {})
    if not scored:
        return
    means = {k: statistics.fmean(ms) for k, ms in scored.items()}
    best = max(means, key=means.__getitem__)
    top = _key(found[0].action) if found else None
    yield f"reference: {cache['samples']} playouts"
    for k in sorted(means, key=means.__getitem__, reverse=True):
        loss, se = paired_loss(scored[best], scored[k])
        mark = " <- top hint" if k == top else ""
        action = parse_action(json.loads(k))
        yield f"  {means[k]:8.0f}  loss {loss:5.0f} ± {se:4.0f}  {describe(state, action, apply(state, action))}{mark}"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("set", help="tuning, holdout19, go_out18, ...")
    parser.add_argument("ids", nargs="+")
    parser.add_argument("--cache-suffix", default="", help="_r40: the longer reference")
    args = parser.parse_args(argv)
    for position_id in args.ids:
        print("\n".join(show(args.set, position_id, args.cache_suffix)), end="\n\n")


if __name__ == "__main__":
    main()
