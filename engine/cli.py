"""``python -m engine judge|score|play|selfplay``: the contract of ``docs/positions.md``.

Every verb prints one JSON object on standard output (``play --text`` prints the play-by-play
instead). Input that is not a position or action exits 2 with the field named on standard error.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import resource
import sys
import time
from collections.abc import Sequence
from typing import Any

from engine import ENGINE
from engine.core.actions import format_action, parse_action
from engine.core.cards import format_cards
from engine.bots.levels import BOTS, make_bot
from engine.describe import describe, describe_deal, describe_result, describe_scores
from engine.core.errors import IllegalActionError, InvalidInputError, cut
from engine.judge.game import apply
from engine.core.i18n import LANGUAGES, N_, default_language
from engine.bots.match import HandRecord, play_game, play_hand
from engine.core.deal import deal
from engine.position import dump_position, load_position
from engine.core.rulebook import title
from engine.ruledocs.told import rule_doc
from engine.core.scoring import score_hand
from engine.core.state import Phase, State
from engine.variants import VARIANTS, get_variant


# The input boundary: a position is a few kilobytes, so larger input, deeper nesting or longer
# numbers are refused before the JSON parser (or Python's digit limit) sees them.
MAX_INPUT_BYTES = 1_000_000
MAX_DEPTH = 16  # a judge file nests five deep (position, melds, team, meld, card)
MAX_DIGITS = 30
MESSAGE_LIMIT = 300  # characters of a refusal on standard error
_STRUCTURE = re.compile(rb'\\.|["\[\]{}]', re.DOTALL)


def _read_json(path: str) -> Any:
    try:
        if path == "-":
            raw = sys.stdin.buffer.read(MAX_INPUT_BYTES + 1)
        else:
            with open(path, "rb") as handle:
                raw = handle.read(MAX_INPUT_BYTES + 1)
    except OSError as error:
        raise InvalidInputError("FILE", N_("cannot read {path}: {reason}"), path=path, reason=str(error.strerror)) from None
    if len(raw) > MAX_INPUT_BYTES:
        raise InvalidInputError("FILE", N_("larger than {limit} bytes: a position is a few kilobytes"),
                                limit=MAX_INPUT_BYTES)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise InvalidInputError("FILE", N_("not UTF-8 text (byte {byte} at offset {offset})"),
                                byte=f"0x{raw[error.start]:02x}", offset=error.start) from None
    depth = _depth(raw)
    if depth > MAX_DEPTH:
        raise InvalidInputError("FILE", N_("nested {depth} deep; a position nests at most {limit} deep"),
                                depth=depth, limit=MAX_DEPTH)
    try:
        return json.loads(text, parse_int=_integer, parse_constant=_constant)
    except json.JSONDecodeError as error:
        raise InvalidInputError("FILE", N_("not valid JSON ({reason} at line {line}, column {column})"),
                                reason=error.msg, line=error.lineno, column=error.colno) from None


def _depth(raw: bytes) -> int:
    """The deepest nesting of brackets outside strings, in one pass (an escape skips its byte)."""
    depth = deepest = 0
    in_string = False
    for match in _STRUCTURE.finditer(raw):
        char = match.group()
        if char == b'"':
            in_string = not in_string
        elif in_string or len(char) == 2:
            continue
        elif char in (b"[", b"{"):
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


class TooLong(str):
    """A number with more digits than any field takes: kept as text, so the field that reads it
    names it (Python refuses to make an int of over 4,300 digits at all)."""


def _integer(digits: str) -> int | str:
    return int(digits) if len(digits.lstrip("-")) <= MAX_DIGITS else TooLong(digits)


def _constant(name: str) -> str:
    """NaN and Infinity are not JSON; kept as text, the field that reads them refuses them."""
    return name


def _nested(data: Any, key: str) -> Any:
    if not isinstance(data, dict) or key not in data:
        raise InvalidInputError(key, N_("is required"))
    return data[key]


def _only(data: Any, known: tuple[str, ...]) -> None:
    unknown = sorted(str(k) for k in data if k not in known) if isinstance(data, dict) else []
    if unknown:
        raise InvalidInputError(unknown[0], N_("not a field here (known: {known})"), known=", ".join(sorted(known)))


def judge(args: argparse.Namespace) -> dict[str, Any]:
    data = _read_json(args.file)
    raw_position = _nested(data, "position")
    _only(data, ("position", "action"))
    try:
        state = load_position(raw_position)
    except InvalidInputError as error:
        raise error.nested("position") from None
    action = parse_action(_nested(data, "action"))
    try:
        after = apply(state, action)
    except IllegalActionError as refusal:
        source = state.rules.source(refusal.rule)
        verdict: dict[str, Any] = {
            "legal": False,
            "rule": refusal.rule,
            "explanation": refusal.explanation(args.lang),
            "title": title(refusal.rule, args.lang),
        }
        if source is not None:
            doc = rule_doc(state.rules, refusal.rule, args.lang)
            verdict.update(statement=doc.statement, example=doc.example, quote=doc.quote, quote_lang=doc.quote_lang,
                           quote_translation=doc.translation)
            # the developers' record of why the engine decides where the text is silent (English)
            verdict["source"] = {"seed": source.seed, "section": source.section, "note": source.note or "",
                                 "text": doc.source}
        return verdict
    return {"legal": True, "position": dump_position(after)}


def score(args: argparse.Namespace) -> dict[str, Any]:
    # a position at the end of a hand: "phase" may be left out (the spec's score files have none)
    state = load_position(_read_json(args.file), default_phase=Phase.END)
    if state.phase is not Phase.END:
        raise InvalidInputError("phase", N_("score takes a hand that is over: phase end, or leave phase out"))
    teams = score_hand(state)
    return {
        "teams": [t.as_dict() for t in teams],
        "scores": [s + t.total for s, t in zip(state.scores, teams)],
    }


def play(args: argparse.Namespace) -> dict[str, Any] | None:
    rules = get_variant(args.variant, "--variant").for_people(args.players, args.table, field="--players")
    bots = [make_bot(args.bot) for _ in range(rules.players)]
    hands: list[dict[str, Any]] = []
    log: list[str] = []

    def on_deal(state: State) -> None:
        log.clear()
        log.append(describe_deal(state, len(hands) + 1, args.lang))

    def narrate(before: State, action: Any, after: State) -> None:
        log.append(describe(before, action, after, args.lang))

    def on_hand(hand: HandRecord) -> None:
        log.extend(describe_scores(hand.final, hand.scores, hand.totals, args.lang))
        hands.append({
            "number": len(hands) + 1,
            "dealer": hand.dealer,
            "went_out": hand.final.went_out,
            "concealed": hand.final.concealed,
            "actions": hand.actions,
            "teams": [t.as_dict() for t in hand.scores],
            "scores": list(hand.totals),
            "lineup": list(hand.lineup),
            "sitting_out": list(hand.sitting_out),
            "log": list(log),
        })

    record = play_game(rules, bots, random.Random(args.seed), narrate, on_hand, on_deal)
    final = record.hands[-1].totals
    last = record.hands[-1].final
    verdict = describe_result(last, final, record.winner, args.lang)
    if args.text:
        for hand in hands:
            print("\n".join(hand["log"]), end="\n\n")
        print(verdict)
        return None
    return {
        "variant": rules.name,
        "players": args.players,
        "seed": args.seed,
        "bot": args.bot,
        "hands": hands,
        "scores": list(final),
        "winner": record.winner,
        "winner_seats": list(last.teams[record.winner]) if record.winner is not None else None,
        "result": verdict,
    }


def hint(args: argparse.Namespace) -> dict[str, Any]:
    """Ranked hints for the player to act in the position of FILE (go out or stay in, and the answer
    to partner, decided in trial deals from that player's view: ``engine.bots.verdicts``)."""
    from engine.bots.verdicts import judged_hints as hints

    state = load_position(_read_json(args.file))
    return {"hints": [
        {"tip": h.tip, "action": format_action(h.action), "cards": format_cards(h.cards),
         "explanation": h.explanation(args.lang)}
        for h in hints(state)
    ]}


def ladder(args: argparse.Namespace) -> dict[str, Any]:
    """Duplicate deals between the bot levels (docs/bots.md)."""
    from engine.bots.ladder import DEFAULT_PAIRINGS, run_ladder

    variant = get_variant(args.variant, "--variant")
    rules = variant.for_people(args.players or variant.tables[0].people, args.table, field="--players")
    pairings: Sequence[tuple[str, str]] = DEFAULT_PAIRINGS
    if args.pairings:
        pairs = [p.split(":", 1) for p in args.pairings.split(",")]
        for pair in pairs:
            if len(pair) != 2 or any(name not in BOTS for name in pair):
                raise InvalidInputError("--pairings", N_("expected pairs of bot levels such as club:beginner"))
        pairings = tuple((a, b) for a, b in pairs)
    return run_ladder(rules, args.deals, args.seed, args.budget_ms, pairings)


def _check_hand(state: State) -> int:
    """Invariant violations at the end of a hand: cards lost or made up, a wrong score sum."""
    violations = 0
    if sorted(state.all_cards()) != list(state.rules.deck()):
        violations += 1
    for team in score_hand(state):
        parts = team.melds + team.canastas + team.red_threes + team.going_out + team.hand
        violations += parts != team.total
    return violations


def selfplay(args: argparse.Namespace) -> dict[str, Any]:
    variant = get_variant(args.variant, "--variant")
    rules = variant.for_people(args.players or variant.tables[0].people, args.table, field="--players")
    players = rules.players
    bots = [make_bot(args.bot) for _ in range(players)]
    rng = random.Random(args.seed)
    games = hands = actions = violations = 0
    started = time.perf_counter()
    if args.games is not None:
        for _ in range(args.games):
            record = play_game(rules, bots, rng)
            games += 1
            hands += len(record.hands)
            actions += record.actions
            violations += sum(_check_hand(h.final) for h in record.hands)
    else:
        for number in range(args.hands):
            final, count = play_hand(deal(rules, rng, dealer=number % players), bots, rng)
            hands += 1
            actions += count
            violations += _check_hand(final)
    seconds = time.perf_counter() - started
    return {
        "variant": rules.name,
        "players": players,
        "bot": args.bot,
        "seed": args.seed,
        "games": games,
        "hands": hands,
        "actions": actions,
        "seconds": round(seconds, 4),
        "games_per_second": round(games / seconds, 2) if seconds else None,
        "hands_per_second": round(hands / seconds, 2) if seconds else None,
        "actions_per_second": round(actions / seconds, 1) if seconds else None,
        "invariant_violations": violations,
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
    }


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m engine", description="The Canasta rules engine.")
    # which engine runs: the source interpreted, or compiled with mypyc (engine/build.py)
    parser.add_argument("--version", action="version", version=f"canasta engine ({ENGINE})")
    verbs = parser.add_subparsers(dest="verb", required=True)
    for name, help_text in (("judge", "judge an action in a position"), ("score", "score a finished hand"),
                            ("hint", "hints for the player to act in a position")):
        verb = verbs.add_parser(name, help=help_text)
        verb.add_argument("file", help="a JSON file, or - for standard input")
        verb.add_argument("--lang", default=default_language(), choices=LANGUAGES,
                          help="language of explanations (default: the system's, else English)")
    play_verb = verbs.add_parser("play", help="play a whole game among bots")
    selfplay_verb = verbs.add_parser("selfplay", help="play many games or hands and measure")
    ladder_verb = verbs.add_parser("ladder", help="duplicate deals between the bot levels")
    ladder_verb.add_argument("--variant", default="classic", choices=sorted(VARIANTS))
    ladder_verb.add_argument("--players", type=int)
    ladder_verb.add_argument("--table")
    ladder_verb.add_argument("--deals", type=int, default=200)
    ladder_verb.add_argument("--seed", type=int, default=0)
    ladder_verb.add_argument("--budget-ms", type=float, default=300.0, help="the expert's time a move")
    ladder_verb.add_argument("--pairings", help="e.g. expert:club,club:beginner (default: the three levels)")
    for verb in (play_verb, selfplay_verb):
        verb.add_argument("--variant", default="classic", choices=sorted(VARIANTS))
        verb.add_argument("--seed", type=int, default=0)
        verb.add_argument("--bot", default="basic", choices=sorted(BOTS))
    play_verb.add_argument("--players", type=int, default=4)
    for verb in (play_verb, selfplay_verb):
        verb.add_argument("--table", help="one of the variant's forms for that many players (see docs)")
    play_verb.add_argument("--text", action="store_true", help="print the play-by-play for people")
    play_verb.add_argument("--lang", default=default_language(), choices=LANGUAGES)
    selfplay_verb.add_argument("--players", type=int)
    amount = selfplay_verb.add_mutually_exclusive_group(required=True)
    amount.add_argument("--games", type=int)
    amount.add_argument("--hands", type=int)
    return parser


_VERBS = {"judge": judge, "score": score, "hint": hint, "play": play, "selfplay": selfplay, "ladder": ladder}


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        result = _VERBS[args.verb](args)
    except InvalidInputError as error:
        # one line under MESSAGE_LIMIT in any language, however long the input's names and values
        print(f"error: {cut(error.localized(getattr(args, 'lang', 'en')), MESSAGE_LIMIT - 8)}", file=sys.stderr)
        return 2
    if result is not None:
        json.dump(result, sys.stdout, ensure_ascii=False, indent=None if args.verb == "judge" else 1)
        print()
    return 0

