"""A review sheet of the hints on positions from real games, for a person who plays Canasta.

    python scripts/hint_review.py [--variant V ...] [--seed S] [--lang L] [--no-strong] > review.md

Club players play seeded hands; for every tip that speaks in a variant the sheet takes the first
position where it fires (positions repeat when one holds several tips), then prints the table as the
player to act sees it, every hint it gets in ranked order with the move it suggests, and what the
expert would do. The reviewer ticks "right" (true under the rules and the Taktik) and "useful" (what a
good player would want to be told here) and writes what is wrong. The sheet's frame is English (a
developer's tool, like the ladder's JSON); the hints and moves are in ``--lang``. Each position's JSON
is included, so that ``python -m engine hint FILE`` replays it.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core.cards import pretty_cards  # noqa: E402
from engine.core.deal import deal  # noqa: E402
from engine.describe import describe, seat_name  # noqa: E402
from engine.judge.game import apply  # noqa: E402
from engine.hints.ranked import TIPS, Hint, hints
from engine.bots.strong import strong_move  # noqa: E402
from engine.bots.levels import make_bot  # noqa: E402
from engine.bots.match import play_hand  # noqa: E402
from engine.position import dump_position  # noqa: E402
from engine.core.rules import Rules  # noqa: E402
from engine.core.state import Phase, State  # noqa: E402
from engine.variants import VARIANTS  # noqa: E402


def positions(rules: Rules, seed: int, hands: int) -> Iterator[State]:
    """Every position of ``hands`` hands of club players, in order of play."""
    rng = random.Random(seed)
    table = rules.for_people(rules.tables[0].people)
    for number in range(hands):
        states: list[State] = []
        bots = [make_bot("club") for _ in range(table.players)]
        play_hand(deal(table, rng, dealer=number % table.players), bots, rng,
                  lambda before, action, after: states.append(before))
        yield from states


def pick(rules: Rules, seed: int, hands: int) -> list[tuple[State, list[Hint], list[str]]]:
    """For every tip of the variant, the first position where it fires; one entry per position,
    with the tips it was chosen for."""
    wanted = [t.tip for t in TIPS if rules.name in t.variants and t.shown]  # not the review's own (Taktik 5)
    chosen: dict[int, tuple[State, list[Hint], list[str]]] = {}
    for index, state in enumerate(positions(rules, seed, hands)):
        if not wanted:
            break
        found = hints(state)
        for tip in [t for t in wanted if any(h.tip == t for h in found)]:
            wanted.remove(tip)
            chosen.setdefault(index, (state, found, []))[2].append(tip)
    return [chosen[i] for i in sorted(chosen)]


def _melds(state: State, team: int) -> str:
    shown = [pretty_cards(m.cards) for m in state.melds[team]] + [pretty_cards(state.red_threes[team])] * bool(state.red_threes[team])
    return " | ".join(shown) or "—"


def sheet(rules: Rules, seed: int, hands: int, lang: str, strong: bool) -> Iterator[str]:
    yield f"## {rules.name.capitalize()} (seed {seed}, {hands} hands of club players)\n"
    for number, (state, found, tips) in enumerate(pick(rules, seed, hands), 1):
        seat = state.turn
        team = state.team_of(seat)
        others = [t for t in range(len(state.teams)) if t != team]
        pile = (f"{pretty_cards(state.pile[-3:])} on top, {len(state.pile)} cards"
                + (", frozen for this side" if state.is_pile_frozen_for(team) else "")) if state.pile else "empty"
        yield f"### {rules.name}-{number}: {', '.join(tips)}\n"
        yield (f"{seat_name(state.players, seat, lang)} to {'draw' if state.phase is Phase.DRAW else 'play'}. "
               f"Scores before the hand: this side {state.scores[team]}, the other "
               f"{', '.join(str(state.scores[t]) for t in others)}. Stock {len(state.stock)} cards; "
               f"hands {', '.join(str(len(h)) for h in state.hands)} cards.\n")
        yield f"- Hand: {pretty_cards(state.hands[seat])}"
        yield f"- Pile: {pile}"
        yield f"- This side's melds: {_melds(state, team)}"
        for t in others:
            yield f"- The other side's melds: {_melds(state, t)}"
        yield "\nHints, ranked:\n"
        for rank_, hint in enumerate(found, 1):
            move = describe(state, hint.action, apply(state, hint.action), lang)
            yield f"{rank_}. `{hint.tip}`: {hint.explanation(lang)}  \n   Suggests: {move}  \n   [ ] right  [ ] useful  Notes:"
        if strong:
            best = strong_move(state, seed=seed)
            if best is not None:
                move = describe(state, best.action, apply(state, best.action), lang)
                yield f"\nA strong player: {move} ({best.explanation(lang)})  \n[ ] right  Notes:"
        yield "\n<details><summary>Position (JSON)</summary>\n\n```json\n" + json.dumps(dump_position(state)) + "\n```\n</details>\n"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", action="append", choices=sorted(VARIANTS), help="default: every variant")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hands", type=int, default=12, help="hands played per variant to find the positions")
    parser.add_argument("--lang", default="en", choices=("en", "sv", "de", "is"))
    parser.add_argument("--no-strong", dest="strong", action="store_false", help="leave out the expert's move (300 ms each)")
    args = parser.parse_args(argv)
    print("# Hint review sheet\n")
    print("For each position: read the hints as the player to act would. Tick *right* when the hint is true under "
          "the rules and the Taktik of Royal Canasta, *useful* when a good player would want to be told it here, and "
          "note what is wrong or missing.\n")
    for name in args.variant or list(VARIANTS):
        for line in sheet(VARIANTS[name], args.seed, args.hands, args.lang, args.strong):
            print(line)


if __name__ == "__main__":
    main()
