"""A lesson file's success and failure conditions: named predicates over a lesson's attempt
(``all``/``any``/``not`` combine them; docs/lessons.md lists them), their arguments checked when the
file is read, and the error that names a file's bad field."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Protocol

from engine.core.actions import Discard, MeldAction, TakePile
from engine.core.cards import parse_card, rank
from engine.core.errors import InvalidInputError, shown
from engine.core.melds import Meld, MeldKind
from engine.core.scoring import score_hand

from engine.core.actions import Action
from engine.core.state import State


class _Seated(Protocol):
    @property
    def seat(self) -> int: ...


class LessonRun(Protocol):
    """What a condition reads of an attempt (:class:`tutor.lessons.run.LessonRun`): its lesson's seat,
    the state, and the learner's accepted actions. A protocol, so that the attempt's module, which
    imports the lesson format and through it these conditions, is not imported back."""

    @property
    def lesson(self) -> _Seated: ...
    @property
    def state(self) -> State: ...
    @property
    def actions(self) -> list[Action]: ...

class LessonError(ValueError):
    """A lesson file that cannot be used; names the file and the field."""

    def __init__(self, path: Path, field: str, message: str) -> None:
        super().__init__(f"{path}: {field}: {message}")
        self.path, self.field = path, field


Predicate = Callable[[LessonRun], bool]


def _mine(run: LessonRun) -> tuple[Meld, ...]:
    return run.state.melds[run.state.team_of(run.lesson.seat)]


def _did(kind: str) -> Callable[[Any], Predicate]:
    return lambda want: lambda run: any(a.type == kind for a in run.actions) == bool(want)


def _discarded(want: object) -> Predicate:
    if isinstance(want, str):  # a card: that card was discarded
        card = parse_card(want)
        return lambda run: any(isinstance(a, Discard) and a.card == card for a in run.actions)
    return _did("discard")(want)


def _melded(want: object) -> Predicate:
    def melded(run: LessonRun) -> bool:
        return any(isinstance(a, MeldAction) or isinstance(a, TakePile) for a in run.actions) == bool(want)
    return melded


def _melded_rank(name: object) -> Predicate:
    wanted = rank(parse_card(f"{name}c"))  # a rank as in card codes: 7, 10, K
    return lambda run: any(m.kind is MeldKind.RANK and m.rank == wanted for m in _mine(run))


def _kind(kind: MeldKind) -> Callable[[Any], Predicate]:
    return lambda want: lambda run: any(m.kind is kind for m in _mine(run)) == bool(want)


def _team_score(points: object) -> Predicate:
    def scored(run: LessonRun) -> bool:
        if not run.state.is_over():
            return False
        return score_hand(run.state)[run.state.team_of(run.lesson.seat)].total >= int(points)  # type: ignore[call-overload]
    return scored


def _hand_has(name: object) -> Predicate:
    card = parse_card(str(name))
    return lambda run: card in run.state.hands[run.lesson.seat]


# Named predicates a lesson may use; each takes its argument from the lesson file (docs/lessons.md).
PREDICATES: Mapping[str, Callable[[Any], Predicate]] = {
    "took_pile": _did("take_pile"),
    "drew": _did("draw"),
    "asked_to_go_out": _did("ask_go_out"),
    "discarded": _discarded,
    "melded": _melded,
    "melded_rank": _melded_rank,
    "pile_frozen": lambda want: lambda run: (run.state.freezer() is not None) == bool(want),
    "pile_blocked": lambda want: lambda run: run.state.is_pile_blocked() == bool(want),
    "opened": lambda want: lambda run: run.state.has_opened(run.state.team_of(run.lesson.seat)) == bool(want),
    "opened_with_at_least": lambda points: lambda run: sum(
        run.state.rules.meld_points(m) for m in _mine(run)) >= int(points),
    "canastas_at_least": lambda count: lambda run: run.state.canastas(run.state.team_of(run.lesson.seat)) >= int(count),
    "natural_canastas_at_least": lambda count: lambda run: sum(
        1 for m in _mine(run) if run.state.rules.is_canasta(m) and m.wilds == 0) >= int(count),
    "melds_at_least": lambda count: lambda run: len(_mine(run)) >= int(count),
    "melded_samba": _kind(MeldKind.SAMBA),
    "melded_bolivia": _kind(MeldKind.BOLIVIA),
    "melded_threes": _kind(MeldKind.THREES),
    "red_threes_at_least": lambda count: lambda run: len(
        run.state.red_threes[run.state.team_of(run.lesson.seat)]) >= int(count),
    "went_out": lambda want: lambda run: (run.state.went_out == run.lesson.seat) == bool(want),
    "went_out_concealed": lambda want: lambda run: (
        run.state.went_out == run.lesson.seat and run.state.concealed) == bool(want),
    "hand_over": lambda want: lambda run: run.state.is_over() == bool(want),
    "team_score_at_least": _team_score,
    "hand_size_at_most": lambda size: lambda run: len(run.state.hands[run.lesson.seat]) <= int(size),
    "hand_has": _hand_has,
}


def _flag_argument(value: object) -> object:
    if not isinstance(value, bool):
        raise ValueError("expected true or false")
    return value


def _count_argument(value: object) -> object:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 10_000:
        raise ValueError("expected a whole number from 0 to 10000")
    return value


def _points_argument(value: object) -> object:
    if not isinstance(value, int) or isinstance(value, bool) or abs(value) > 100_000:
        raise ValueError("expected a whole number of points")
    return value


def _card_argument(value: object) -> object:
    if not isinstance(value, str):
        raise ValueError("expected a card code such as \"Qs\"")
    parse_card(value)
    return value


def _rank_argument(value: object) -> object:
    if isinstance(value, bool) or not isinstance(value, (str, int)) or str(value).upper() == "JK":
        raise ValueError("expected a rank as in card codes: 7, 10, K")
    parse_card(f"{value}c")
    return value


def _card_or_flag_argument(value: object) -> object:
    return _flag_argument(value) if isinstance(value, bool) else _card_argument(value)


# What each predicate's argument must be, checked when the lesson loads (not when the predicate
# first runs, mid-lesson): a new predicate adds one line here beside its line in PREDICATES.
ARGUMENTS: Mapping[str, Callable[[object], object]] = {
    "took_pile": _flag_argument, "drew": _flag_argument, "asked_to_go_out": _flag_argument,
    "discarded": _card_or_flag_argument, "melded": _flag_argument, "melded_rank": _rank_argument,
    "pile_frozen": _flag_argument, "pile_blocked": _flag_argument, "opened": _flag_argument,
    "opened_with_at_least": _count_argument, "canastas_at_least": _count_argument,
    "natural_canastas_at_least": _count_argument, "melds_at_least": _count_argument,
    "melded_samba": _flag_argument, "melded_bolivia": _flag_argument, "melded_threes": _flag_argument,
    "red_threes_at_least": _count_argument, "went_out": _flag_argument, "went_out_concealed": _flag_argument,
    "hand_over": _flag_argument, "team_score_at_least": _points_argument, "hand_size_at_most": _count_argument,
    "hand_has": _card_argument,
}


def _predicate(spec: object, path: Path, field: str) -> Predicate:
    if not isinstance(spec, Mapping) or len(spec) != 1:
        raise LessonError(path, field, "a predicate is a table with one key: a name, or all/any/not")
    (name, value), = spec.items()
    if name in ("all", "any"):
        if not isinstance(value, list) or not value:
            raise LessonError(path, f"{field}.{name}", "expected a list of predicates")
        parts = [_predicate(v, path, f"{field}.{name}[{i}]") for i, v in enumerate(value)]
        combine = all if name == "all" else any
        return lambda run: combine(p(run) for p in parts)
    if name == "not":
        inner = _predicate(value, path, f"{field}.not")
        return lambda run: not inner(run)
    if not isinstance(name, str) or name not in PREDICATES:
        raise LessonError(path, f"{field}.{name}", f"unknown predicate (known: {', '.join(PREDICATES)})")
    try:
        ARGUMENTS.get(name, lambda v: v)(value)
        return PREDICATES[name](value)
    except InvalidInputError as error:
        raise LessonError(path, f"{field}.{name}", f"bad argument {shown(value)}: {error.message}") from None
    except (ValueError, TypeError) as error:
        raise LessonError(path, f"{field}.{name}", f"bad argument {shown(value)}: {error}") from None
