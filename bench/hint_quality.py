"""How good are the hints' moves? The top hint judged against a long reference search.

Issue 18's measure. A fixed set of positions drawn from seeded club games in every variant and
table (``bench/data/hint_positions.json``, built once with ``--build``) is judged with the reference of
``bench/expert_choices.py``: every scored action is played out to the hand's end by club players in
the same sampled worlds (common random numbers). Each position's scored actions are the hints'
moves, the club player's choice and a few other legal actions; their per-world margins are cached
in ``bench/data/hint_reference.json``, so the hints can be changed and re-judged without searching again
(only a move the cache lacks is searched, paired with the cached worlds). Run::

    python bench/hint_quality.py --positions 40 --reference 12      # a subset: minutes on two cores
    python bench/hint_quality.py --cached-only                        # re-judge from the cache alone
    python bench/hint_quality.py --holdout 19                         # 160 positions the hints were not tuned on
    python bench/hint_quality.py --answers 18 --reference 40          # 120 positions where partner asks to go out
    python bench/hint_quality.py --go-out 18                          # 120 positions where a way out exists
    python bench/hint_quality.py --discards 31 --variant swedish      # 60 everyday discards, every card scored
    python bench/hint_quality.py --wilds 41 --variant royal           # 30 lone wild cards beside a natural meld
    python bench/hint_quality.py --freeze 51 --variant classic        # 30 rich open piles with a wild card in the hand
    python bench/hint_quality.py --pile-canasta 61 --reference 40     # 120 small piles whose take completes a canasta
    python bench/hint_quality.py --pile-pair 71 --reference 40        # 120 small piles tip 12 leaves, a natural pair in hand
    python bench/hint_quality.py --holdout 20 --reference 40 --cache bench/data/hint_reference_holdout20_r40.json
    python bench/hint_quality.py --go-out 91 --expert-games --per-variant 30 --grow   # a set grown to 30 a variant

It prints JSON per variant: how often the top hint's move is the reference's best or within its
noise (1.96 standard errors of the paired difference), its mean and worst loss in points, the
positions where it loses >= 150 points beyond 2.5 standard errors, the real decisions (a draw/take
choice, a discard, go out or stay, answering partner) without any hint, pairs of hints that advise
against each other, and how often each tip speaks. The best of a dozen noisy means is too good, so
the losses are a little inflated, the same for every version of the hints.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import statistics
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.expert_choices import Position, playout_margins  # noqa: E402
from engine.core.actions import Action, AskGoOut, Discard, Draw, MeldAction, TakePile, canonical, format_action, parse_action  # noqa: E402
from engine.core.cards import WILD, rank  # noqa: E402
from engine.bots.base import observe  # noqa: E402
from engine.core.deal import deal  # noqa: E402
from engine.judge.game import apply, is_legal  # noqa: E402
from engine.judge.going_out import going_out_plan  # noqa: E402
from engine.hints.facts import Hint, _threatened, ways_out  # noqa: E402
from engine.hints.rules import unfinished_near  # noqa: E402
from engine.hints.timing import completing_takes  # noqa: E402
from engine.hints.ranked import contradictions, hints  # noqa: E402
from engine.bots.verdicts import judged_hints  # noqa: E402
from engine.judge.legal import legal_actions  # noqa: E402
from engine.core.melds import MeldKind  # noqa: E402
from engine.bots.levels import ClubBot, ExpertBot  # noqa: E402
from engine.position import dump_position, load_position  # noqa: E402
from engine.core.state import Phase, State  # noqa: E402
from engine.variants import VARIANTS  # noqa: E402

HERE = Path(__file__).resolve().parent
DATA = HERE / "data"  # position sets and their reference searches
RESULTS = HERE / "results"  # what the benchmarks wrote
POSITIONS = DATA / "hint_positions.json"
CACHE = DATA / "hint_reference.json"
PER_VARIANT = 100  # four-player tables take 40 of Wiener's and Royal's; the other tables share the rest
# the hints judged: the learner's (go out or stay in, and the answer, decided in trial deals), or with
# --rule-of-thumb ``engine.hints.ranked.hints`` alone (set before the pool forks)
HINTS: list[Callable[[State], list[Hint]]] = [judged_hints]


def shown(state: State) -> list[Hint]:
    """The hints the learner is shown here (``HINTS``)."""
    return HINTS[0](state)


def build(seed: int = 18, per_variant: int = PER_VARIANT) -> list[dict[str, Any]]:
    """Positions from club games at every table of every variant (seeded: the same set every time)."""
    rng = random.Random(seed)
    club = ClubBot()
    out: list[dict[str, Any]] = []
    four = round(0.4 * per_variant)
    for name, variant in VARIANTS.items():
        tables = variant.tables
        shares = {t.name: per_variant for t in tables} if len(tables) == 1 else {
            t.name: four if t.name == "4" else -(-(per_variant - four) // (len(tables) - 1)) for t in tables}
        for table in tables:
            rules = variant.for_people(table.people, table.name)
            found = 0
            while found < shares[table.name]:
                state = deal(rules, rng)
                while not state.is_over() and found < shares[table.name]:
                    legal = legal_actions(state)
                    if len(legal) > 1 and rng.random() < 0.08:
                        out.append({"id": f"{name}/{table.name}/{found}", "variant": name, "table": table.name,
                                    "seed": rng.randrange(2**31), "position": dump_position(state, reveal=True)})
                        found += 1
                    state = apply(state, club.choose(observe(state, state.turn), legal, rng))
    return out


EXPERT_PLAYOUTS = 4  # the expert's playouts a candidate where it draws positions: a fixed number, the same set anywhere


def build_decisions(kind: str, seed: int, per_variant: int = 30, expert: bool = False) -> list[dict[str, Any]]:
    """Positions of one kind of decision club games reach too rarely for the main set, from seeded
    four-player club games in every variant, each with a chance of a half where it arises:
    ``answer``, partner asks "may I go out?" (asking is a rule of seeds 000, 001 and 002, and of
    pagat.com's rules for the Swedish family game, whose text is silent; the club player never asks,
    so the question is put wherever asking is legal and the answering player's position recorded);
    ``go_out``, a way out exists (go out or stay in); ``discard``, the hand has two or more cards to
    discard (the everyday discard: every one of them is scored); ``wild``, one wild card in the hand
    beside a natural meld of five or six (every lay-off of it is scored); ``freeze``, a pile of six or more
    open to the next side and a wild card in the hand (every discard scored); ``pile_canasta``, a pile of three
    cards or fewer whose take completes a canasta; ``pile_pair``, tip 12 draws where the pile's top
    card makes a new meld with a natural pair of the hand; ``threes`` (Royal alone), a three in the hand,
    another card to discard and another side with a meld of threes (Taktik 7); ``samba_pile`` (Royal
    alone), a pile of two cards or fewer that the side can take, its top card completing a Samba or a wild
    card in it; ``stay`` (Royal alone), a way out that leaves a Bolivia or Samba one card from complete
    while the other side cannot go out; ``samba_layoff`` (Royal alone), cards of the hand that extend the side's
    unfinished Samba. The game goes on as the club player plays it; with ``expert``, the side of seats 0 and 2
    is the expert (``EXPERT_PLAYOUTS`` playouts a candidate), the other the club player."""
    rng = random.Random(seed)
    club = ClubBot()
    strong = ExpertBot(playouts=EXPERT_PLAYOUTS) if expert else club
    out: list[dict[str, Any]] = []
    for name, variant in VARIANTS.items():
        if kind in ROYAL_KINDS and name != "royal":
            continue
        rules = variant.for_people(4)
        found = 0
        while found < per_variant:
            state = deal(rules, rng)
            while not state.is_over() and found < per_variant:
                legal = legal_actions(state)
                if kind == "answer" and AskGoOut() in legal and rng.random() < 0.5:
                    asked = apply(state, AskGoOut())
                    if asked.phase is Phase.ANSWER and len(legal_actions(asked)) > 1:
                        out.append({"id": f"{name}/answer/{found}", "variant": name, "table": "4",
                                    "seed": rng.randrange(2**31), "position": dump_position(asked, reveal=True)})
                        found += 1
                elif kind == "go_out" and state.phase is Phase.PLAY and len(legal) > 1 \
                        and going_out_plan(state) is not None and rng.random() < 0.5:
                    out.append({"id": f"{name}/go_out/{found}", "variant": name, "table": "4",
                                "seed": rng.randrange(2**31), "position": dump_position(state, reveal=True)})
                    found += 1
                elif kind == "wild" and state.phase is Phase.PLAY and _lone_wild_beside_natural(state) \
                        and rng.random() < 0.3:
                    out.append({"id": f"{name}/wild/{found}", "variant": name, "table": "4",
                                "seed": rng.randrange(2**31), "position": dump_position(state, reveal=True)})
                    found += 1
                elif kind == "freeze" and state.phase is Phase.PLAY and _rich_open_pile_and_wild(state) \
                        and rng.random() < 0.5:
                    out.append({"id": f"{name}/freeze/{found}", "variant": name, "table": "4",
                                "seed": rng.randrange(2**31), "position": dump_position(state, reveal=True)})
                    found += 1
                elif kind == "pile_canasta" and _small_pile_completes_canasta(state, legal) and rng.random() < 0.5:
                    out.append({"id": f"{name}/pile_canasta/{found}", "variant": name, "table": "4",
                                "seed": rng.randrange(2**31), "position": dump_position(state, reveal=True)})
                    found += 1
                elif kind == "pile_pair" and _small_pile_pair(state, legal) and rng.random() < 0.5:
                    out.append({"id": f"{name}/pile_pair/{found}", "variant": name, "table": "4",
                                "seed": rng.randrange(2**31), "position": dump_position(state, reveal=True)})
                    found += 1
                elif kind == "threes" and _three_to_royal_chance(state, legal) and rng.random() < 0.5:
                    out.append({"id": f"{name}/threes/{found}", "variant": name, "table": "4",
                                "seed": rng.randrange(2**31), "position": dump_position(state, reveal=True)})
                    found += 1
                elif kind == "stay" and _stay_for_wild_canasta(state, legal) and rng.random() < 0.5:
                    out.append({"id": f"{name}/stay/{found}", "variant": name, "table": "4",
                                "seed": rng.randrange(2**31), "position": dump_position(state, reveal=True)})
                    found += 1
                elif kind == "samba_layoff" and _samba_layoff(state, legal) and rng.random() < 0.3:
                    out.append({"id": f"{name}/samba_layoff/{found}", "variant": name, "table": "4",
                                "seed": rng.randrange(2**31), "position": dump_position(state, reveal=True)})
                    found += 1
                elif kind == "samba_pile" and _small_pile_for_samba(state, legal) and rng.random() < 0.5:
                    out.append({"id": f"{name}/samba_pile/{found}", "variant": name, "table": "4",
                                "seed": rng.randrange(2**31), "position": dump_position(state, reveal=True)})
                    found += 1
                elif kind == "discard" and state.phase is Phase.PLAY and rng.random() < 0.1 \
                        and len({a.card for a in legal if isinstance(a, Discard)}) > 1:
                    out.append({"id": f"{name}/discard/{found}", "variant": name, "table": "4",
                                "seed": rng.randrange(2**31), "position": dump_position(state, reveal=True)})
                    found += 1
                player = strong if state.team_of(state.turn) == 0 else club
                state = apply(state, player.choose(observe(state, state.turn), legal, rng))
    return out


ROYAL_KINDS = frozenset({"threes", "samba_pile", "stay", "samba_layoff"})


def grow_decisions(entries: list[dict[str, Any]], kind: str, seed: int, per_variant: int,
                   expert: bool = False) -> list[dict[str, Any]]:
    """``entries`` (a set of ``kind`` drawn with ``seed``) grown to ``per_variant`` positions a variant:
    the positions already there keep their ids (and their cache), the new ones are drawn as the set was,
    from games seeded ``seed * 10 + 1`` (then ``+ 2`` …, should one draw not suffice), numbered on."""
    have: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for entry in entries:
        have[entry["variant"]].append(entry)
    out = list(entries)
    round_ = 1
    while any(len(have[v]) < per_variant for v in VARIANTS if kind not in ROYAL_KINDS or v == "royal"):
        need = max(per_variant - len(have[v]) for v in VARIANTS if kind not in ROYAL_KINDS or v == "royal")
        for entry in build_decisions(kind, seed * 10 + round_, need, expert):
            group = have[entry["variant"]]
            if len(group) < per_variant:
                entry = {**entry, "id": f"{entry['variant']}/{kind}/{len(group)}"}
                group.append(entry)
                out.append(entry)
        round_ += 1
    return out


def _samba_layoff(state: State, legal: Sequence[Action]) -> bool:
    """Cards of the hand that extend the side's unfinished Samba can be laid off on it, and two cards
    or more stay in the hand: lay them off, or keep them."""
    if state.phase is not Phase.PLAY:
        return False
    melds, hand = state.melds[state.team_of(state.turn)], len(state.hands[state.turn])
    return any(isinstance(a, MeldAction) and not a.melds and len(a.layoffs) == 1
               and melds[a.layoffs[0].onto].kind is MeldKind.SAMBA and not state.rules.is_canasta(melds[a.layoffs[0].onto])
               and hand - len(a.cards()) >= 2 for a in legal)


def _stay_for_wild_canasta(state: State, legal: Sequence[Action]) -> bool:
    """A way out exists and a Bolivia or Samba of the side one card from complete stays unfinished by it,
    with a card to keep and the other side unable to go out: stay in to finish it, or go out."""
    if state.phase is not Phase.PLAY or going_out_plan(state) is None:
        return False
    found = ways_out(state, legal)
    if not found or len(state.hands[state.turn]) < 2 or _threatened(state):
        return False
    return any(m.kind in (MeldKind.SAMBA, MeldKind.BOLIVIA) and len(m.cards) == state.rules.canasta_size - 1
               for m in unfinished_near(state, found[0][1]))


def _three_to_royal_chance(state: State, legal: Sequence[Action]) -> bool:
    """A three in the hand at the discard, another card to discard, and another side with a meld of
    threes (its chance at a Royal canasta, Taktik 7) where the side has none of its own."""
    if state.phase is not Phase.PLAY or len({a.card for a in legal if isinstance(a, Discard)}) < 2:
        return False
    team = state.team_of(state.turn)
    if any(m.kind is MeldKind.THREES for m in state.melds[team]):
        return False
    return any(rank(c) == 3 for c in state.hands[state.turn]) and any(
        m.kind is MeldKind.THREES for t in range(len(state.teams)) if t != team for m in state.melds[t])


def _small_pile_for_samba(state: State, legal: Sequence[Action]) -> bool:
    """A pile of two cards or fewer the side can take, whose top card completes one of its Sambas or
    which holds a wild card (tip 12's "only a few cards" where they are not unimportant)."""
    if state.phase is not Phase.DRAW or not state.stock or len(state.pile) > 2:
        return False
    takes = [a for a in legal if isinstance(a, TakePile)]
    team = state.team_of(state.turn)
    samba = any(a.onto is not None and state.melds[team][a.onto].kind is MeldKind.SAMBA for a in completing_takes(state, takes))
    return bool(takes) and (samba or any(WILD[c] for c in state.pile))


def _small_pile_completes_canasta(state: State, legal: Sequence[Action]) -> bool:
    """A pile of three cards or fewer that can be taken so that a canasta of the side is complete
    (the pile's top card is the one the meld lacked): tip 12 ("don't rush the pile") or not."""
    if state.phase is not Phase.DRAW or not state.stock or len(state.pile) > 3:
        return False
    return bool(completing_takes(state, legal))


def _small_pile_pair(state: State, legal: Sequence[Action]) -> bool:
    """Tip 12 draws ("don't rush the pile") where the pile's top card makes a new meld with a natural
    pair of the hand: the small pile taken for a meld of naturals, or not."""
    if state.phase is not Phase.DRAW or not any(h.tip == "tactics.dont_rush_pile" for h in hints(state)):
        return False
    return any(isinstance(a, TakePile) and a.onto is None and not a.melds and len(a.meld) == 2
               and not any(WILD[c] for c in a.meld) for a in legal)


def _rich_open_pile_and_wild(state: State) -> bool:
    """A pile of six cards or more that the next side may take as it is (not frozen for it), a wild
    card in the hand and another card to discard: freeze the pile with the wild card, or not (seed
    000: "Att frysa sakhögen gör det svårare för alla spelare att ta upp sakhögen")."""
    hand = state.hands[state.turn]
    nxt = state.team_of(state.next_seat(state.turn))
    return len(state.pile) >= 6 and not state.is_pile_frozen_for(nxt) and any(WILD[c] for c in hand) \
        and any(not WILD[c] for c in hand) and len(hand) > 1


def _lone_wild_beside_natural(state: State) -> bool:
    """One wild card in the hand, and a natural meld of the side's five or six cards (royal/3/7's
    question: lay the wild card on it, toward a mixed canasta, or keep it and discard)."""
    hand = state.hands[state.turn]
    melds = state.melds[state.team_of(state.turn)]
    return sum(1 for c in hand if WILD[c]) == 1 and len(hand) > 2 and any(
        m.kind is MeldKind.RANK and m.wilds == 0 and len(m.cards) in (5, 6) for m in melds)


def _key(action: Action) -> str:
    return json.dumps(format_action(canonical(action)), sort_keys=True)


def real_decisions(state: State, legal: Sequence[Action]) -> list[str]:
    """The decisions this position holds: a draw/take choice, a discard, go out or stay,
    answering partner."""
    found = []
    if state.phase is Phase.DRAW and any(isinstance(a, TakePile) for a in legal):
        found.append("draw_or_take")
    if state.phase is Phase.ANSWER:
        found.append("answer")
    if state.phase is Phase.PLAY:
        if len({a.card for a in legal if isinstance(a, Discard)}) > 1:
            found.append("discard")
        if going_out_plan(state) is not None:
            found.append("go_out_or_stay")
    return found


def _load(entry: dict[str, Any]) -> State:
    return load_position(entry["position"])


def _search(job: tuple[dict[str, Any], list[str], int]) -> dict[str, list[float]]:
    entry, keys, samples = job
    position = Position(_load(entry), entry["seed"])
    actions = [parse_action(json.loads(k)) for k in keys]
    scored = playout_margins(position, actions, samples)
    return {k: [round(m, 1) for m in ms] for k, ms in zip(keys, scored)}


def _wanted(entry: dict[str, Any], width: int) -> list[str]:
    """The moves to score: every hint's, the club player's and ``width`` other legal actions (in a
    set of discards, every card the hand can discard too)."""
    state = _load(entry)
    legal = legal_actions(state)
    chosen = [h.action for h in shown(state)]
    if "/discard/" in entry["id"] or "/freeze/" in entry["id"]:
        chosen.extend({a.card: a for a in legal if isinstance(a, Discard) and a.meld is None}.values())
    if "/pile_canasta/" in entry["id"] or "/pile_pair/" in entry["id"]:  # the draw and every take of the pile
        chosen.extend(a for a in legal if isinstance(a, (Draw, TakePile)))
    if "/wild/" in entry["id"]:  # every wild card laid alone onto a meld of the side
        chosen.extend(a for a in legal if isinstance(a, MeldAction) and not a.melds and len(a.layoffs) == 1
                      and len(a.layoffs[0].cards) == 1 and WILD[a.layoffs[0].cards[0]])
    chosen.append(ClubBot().choose(observe(state, state.turn), legal, random.Random(entry["seed"])))
    pool = list(legal)
    random.Random(entry["seed"] ^ 0x5EED).shuffle(pool)
    return list(dict.fromkeys(_key(a) for a in [*chosen, *pool[:width]]))


def paired_loss(best: Sequence[float], move: Sequence[float]) -> tuple[float, float]:
    """How much ``move`` trailed ``best`` over the same worlds: the mean of the paired differences
    and its standard error (0 for a single world). Every benchmark that judges a move by a cache
    reads it so."""
    diffs = [b - m for b, m in zip(best, move)]
    se = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
    return statistics.fmean(diffs), se


def is_real_loss(loss: float, se: float) -> bool:
    """Issue 18's real loss: 150 points or more, beyond 2.5 standard errors."""
    return loss >= 150 and loss > 2.5 * se


def judge(entry: dict[str, Any], scored: dict[str, list[float]]) -> dict[str, Any]:
    """One position's figures for the hints as they are now."""
    state = _load(entry)
    legal = legal_actions(state)
    started = time.process_time()
    found = shown(state)
    spent = time.process_time() - started
    row: dict[str, Any] = {"hint_ms": round(1000 * spent, 1), "decisions": real_decisions(state, legal), "hinted": bool(found),
                           "contradictions": contradictions(found, state), "tips": sorted({h.tip for h in found})}
    # a cached move the engine now refuses (scored before a fix to how positions load: tuning
    # royal/4/15's discard of the 3s from a meld) is no move the hint could have chosen
    scored = {k: ms for k, ms in scored.items() if is_legal(state, parse_action(json.loads(k)))}
    if not found or not scored:
        return row
    means = {k: statistics.fmean(ms) for k, ms in scored.items()}
    best = max(means, key=means.__getitem__)
    top = _key(found[0].action)
    if top not in scored:
        row["unjudged"] = True
        return row
    loss, se = paired_loss(scored[best], scored[top])
    row.update(loss=loss, se=se, best=top == best or loss <= 0, within=top == best or loss <= 1.96 * se,
               blunder=is_real_loss(loss, se), top_tip=found[0].tip)
    return row


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    judged = [r for r in rows if "loss" in r]
    decisions = Counter(d for r in rows for d in r["decisions"])
    unhinted = Counter(d for r in rows if not r["hinted"] for d in r["decisions"])
    out: dict[str, Any] = {"positions": len(rows), "judged": len(judged),
                           "unjudged": sum(1 for r in rows if r.get("unjudged"))}
    if judged:
        out.update(best=round(sum(r["best"] for r in judged) / len(judged), 3),
                   within_noise=round(sum(r["within"] for r in judged) / len(judged), 3),
                   mean_loss=round(statistics.fmean(r["loss"] for r in judged), 1),
                   worst_loss=round(max(r["loss"] for r in judged), 1),
                   blunders=[(r["id"], r["top_tip"], round(r["loss"]), round(r["se"])) for r in judged if r["blunder"]])
    times = sorted(r["hint_ms"] for r in rows)
    out["hint_ms"] = {"median": times[len(times) // 2], "p90": times[int(0.9 * (len(times) - 1))], "max": times[-1]}
    out["hinted_at_decisions"] = {d: round(1 - unhinted[d] / n, 3) for d, n in sorted(decisions.items())}
    out["decisions"] = dict(sorted(decisions.items()))
    out["contradictory_pairs"] = sum(len(r["contradictions"]) for r in rows)
    out["contradiction_examples"] = sorted({tuple(p) for r in rows for p in r["contradictions"]})[:8]
    out["tips"] = dict(sorted(Counter(t for r in rows for t in r["tips"]).items()))
    return out


def _subset(entries: list[dict[str, Any]], count: int | None) -> list[dict[str, Any]]:
    """The first ``count`` positions of each variant's share, spread over its tables."""
    if count is None:
        return entries
    by_variant: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for entry in entries:
        by_variant[entry["variant"]].append(entry)
    out = []
    for group in by_variant.values():
        step = max(1, len(group) // count)
        out.extend(group[::step][:count])
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", action="store_true", help=f"(re)build {POSITIONS.name}")
    parser.add_argument("--positions", type=int, default=None, help="positions per variant (default: all)")
    parser.add_argument("--variant", choices=sorted(VARIANTS), default=None)
    parser.add_argument("--reference", type=int, default=None,
                        help="reference playouts per action (default: the cached position's number, else 12;"
                             " another number searches the position again)")
    parser.add_argument("--width", type=int, default=6, help="other legal actions scored besides the hints' moves")
    parser.add_argument("--cached-only", action="store_true", help="search nothing: judge with the cache alone")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rule-of-thumb", action="store_true",
                        help="judge engine.hints.ranked.hints alone (go out or stay in, and the answer, by rule of thumb)")
    parser.add_argument("--holdout", type=int, metavar="SEED", default=None,
                        help="a second, smaller set drawn with SEED (40 a variant) and its own cache: hints tuned on"
                             " the first set are checked on positions they were not tuned on")
    parser.add_argument("--answers", type=int, metavar="SEED", default=None,
                        help="positions where partner asks to go out (30 a variant, four players, drawn with SEED)"
                             " and their own cache")
    parser.add_argument("--go-out", type=int, metavar="SEED", default=None,
                        help="positions where a way out exists (30 a variant, four players, drawn with SEED)")
    parser.add_argument("--discards", type=int, metavar="SEED", default=None,
                        help="positions with two or more cards to discard, every one scored (60 a variant, four"
                             " players, drawn with SEED)")
    parser.add_argument("--wilds", type=int, metavar="SEED", default=None,
                        help="positions with one wild card in the hand and a natural meld of five or six on the"
                             " side's table (30 a variant, four players, drawn with SEED): laid on a meld or kept")
    parser.add_argument("--freeze", type=int, metavar="SEED", default=None,
                        help="positions with a pile of six or more open to the next side and a wild card in the"
                             " hand (30 a variant, four players, drawn with SEED): every discard scored")
    parser.add_argument("--pile-canasta", type=int, metavar="SEED", default=None,
                        help="positions at the draw where a pile of three cards or fewer can be taken so that it"
                             " completes a canasta (30 a variant, four players, drawn with SEED)")
    parser.add_argument("--pile-pair", type=int, metavar="SEED", default=None,
                        help="positions at the draw where tip 12 draws and the pile's top card makes a new meld"
                             " with a natural pair of the hand (30 a variant, four players, drawn with SEED)")
    parser.add_argument("--threes", type=int, metavar="SEED", default=None,
                        help="Royal positions at the discard with a three in the hand and another side holding a meld"
                             " of threes (30, four players, drawn with SEED)")
    parser.add_argument("--samba-pile", type=int, metavar="SEED", default=None,
                        help="Royal positions at the draw with a pile of two cards or fewer whose top card completes"
                             " a Samba of the side or which holds a wild card (30, four players, drawn with SEED)")
    parser.add_argument("--stay", type=int, metavar="SEED", default=None,
                        help="Royal positions where a way out leaves a Bolivia or Samba one card from complete and the"
                             " other side cannot go out (30, four players, drawn with SEED)")
    parser.add_argument("--samba-layoff", type=int, metavar="SEED", default=None,
                        help="Royal positions where cards of the hand extend the side's unfinished Samba and two or more"
                             " stay in the hand (30, four players, drawn with SEED)")
    parser.add_argument("--per-variant", type=int, default=None,
                        help="positions a variant in a new decision set (default 30, discards 60)")
    parser.add_argument("--expert-games", action="store_true",
                        help="draw a new decision set from games where one side is the expert, the other the club player")
    parser.add_argument("--grow", action="store_true",
                        help="grow an existing decision set to --per-variant positions a variant (drawn as it was, from"
                             " further seeds; the positions there keep their ids and cache)")
    parser.add_argument("--cache", type=Path, default=None,
                        help="the reference cache to use instead of the set's own (a longer reference beside the"
                             " standard one: --reference 40 --cache bench/data/hint_reference_holdout20_r40.json)")
    args = parser.parse_args(argv)
    if args.rule_of_thumb:
        HINTS[0] = hints
    positions, cache_file = POSITIONS, CACHE
    kind, seed = next(((k, s) for k, s in (("answer", args.answers), ("go_out", args.go_out),
                                           ("discard", args.discards), ("wild", args.wilds),
                                           ("freeze", args.freeze), ("pile_canasta", args.pile_canasta),
                                           ("pile_pair", args.pile_pair), ("threes", args.threes),
                                           ("samba_pile", args.samba_pile), ("stay", args.stay), ("samba_layoff", args.samba_layoff))
                      if s is not None),
                     ("", None))
    if seed is not None:  # a set of one kind of decision, with its own cache
        positions = DATA / f"hint_positions_{kind}{seed}.json"
        cache_file = DATA / f"hint_reference_{kind}{seed}.json"
        count = args.per_variant or (60 if kind == "discard" else 30)  # discards: enough to find a class in
        if not positions.exists():
            drawn = build_decisions(kind, seed, count, args.expert_games)
            positions.write_text(json.dumps(drawn, separators=(",", ":")) + "\n")
        elif args.grow:
            grown = grow_decisions(json.loads(positions.read_text()), kind, seed, count, args.expert_games)
            positions.write_text(json.dumps(grown, separators=(",", ":")) + "\n")
    elif args.holdout is not None:
        positions = DATA / f"hint_positions_holdout{args.holdout}.json"
        cache_file = DATA / f"hint_reference_holdout{args.holdout}.json"
        if not positions.exists():
            positions.write_text(json.dumps(build(args.holdout, 40), separators=(",", ":")) + "\n")
    elif args.build or not positions.exists():
        positions.write_text(json.dumps(build(), separators=(",", ":")) + "\n")
    cache_file = args.cache or cache_file
    entries = json.loads(positions.read_text())
    if args.variant:
        entries = [e for e in entries if e["variant"] == args.variant]
    entries = _subset(entries, args.positions)
    cache: dict[str, Any] = json.loads(cache_file.read_text()) if cache_file.exists() else {}
    if not args.cached_only:
        jobs = []
        for entry in entries:
            have = cache.get(entry["id"])
            samples = args.reference or (have["samples"] if have else 12)
            if have is None or have["samples"] != samples:
                have = cache[entry["id"]] = {"samples": samples, "margins": {}}
            missing = [k for k in _wanted(entry, args.width) if k not in have["margins"]]
            if missing:
                jobs.append((entry, missing, samples))
        with ProcessPoolExecutor(args.workers, mp_context=multiprocessing.get_context("fork")) as pool:
            for (entry, _, _), margins in zip(jobs, pool.map(_search, jobs)):
                cache[entry["id"]]["margins"].update(margins)
        cache_file.write_text(json.dumps(cache, separators=(",", ":"), sort_keys=True) + "\n")
    report: dict[str, Any] = {"reference_playouts": sorted({cache[e["id"]]["samples"] for e in entries if e["id"] in cache}),
                              "variants": {}}
    rows: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for entry in entries:
        row = judge(entry, cache.get(entry["id"], {}).get("margins", {}))
        row["id"] = entry["id"]
        rows[entry["variant"]].append(row)
    for variant, group in sorted(rows.items()):
        report["variants"][variant] = summary(group)
    json.dump(report, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
