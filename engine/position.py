"""Positions: the JSON form of a moment of a hand (``docs/positions.md``) and back.

Hands given as a number and a stock given as a number are cards nobody may see: they are
filled from what the decks leave, in an order fixed by the position's ``seed`` (default 0), so
judging a position is deterministic. Cards that a position leaves out altogether are out of
play. Fields beyond the spec's are documented in ``docs/positions.md``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import replace
from difflib import get_close_matches
from typing import Any

from engine.core.cards import RED_THREES, Card, count_cards, format_card, format_cards, parse_cards
from engine.core.errors import IllegalActionError, InvalidInputError, shown
from engine.core.i18n import N_
from engine.core.melds import Meld, make_meld
from engine.core.rules import Rules
from engine.core.state import Phase, State, TurnState
from engine.consistency import check_consistency
from engine.variants import VARIANTS, get_variant


# Every field a position may hold (spec and docs/positions.md); any other is refused by name.
POSITION_FIELDS = frozenset({
    "variant", "players", "teams", "table", "dealer", "turn", "phase", "scores", "hands", "melds", "red_threes",
    "pile", "stock", "turn_state", "has_melded", "seed", "went_out", "concealed", "hand_canasta", "pile_threes",
    "known",
})

# Bounds read before anything is built from a count (a "players" of 10^8 must not build a table).
MAX_SEATS = max(t.players for rules in VARIANTS.values() for t in rules.tables)
MAX_CARDS = max(len(rules.deck()) for rules in VARIANTS.values())
MAX_SCORE = 10**9  # a team's total; real ones stay in the tens of thousands
MAX_SEED = 2**64


def _whole(value: object, field: str, low: int, high: int) -> int:
    """``value`` as a whole number from ``low`` to ``high`` (booleans and floats are not numbers here)."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidInputError(field, N_("expected a whole number, not {value}"), value=shown(value))
    if not low <= value <= high:
        raise InvalidInputError(field, N_("expected a whole number from {low} to {high}, not {value}"),
                                low=low, high=high, value=shown(value))
    return value


def _int(data: Mapping[str, Any], key: str, default: int, low: int = 0, high: int = MAX_CARDS) -> int:
    return _whole(data.get(key, default), key, low, high)


def _seat(value: object, field: str, players: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
        raise InvalidInputError(field, N_("seat {seat} is not at this table (seats 0-{last})"), seat=shown(value),
                                last=players - 1)
    return value


def _flag(data: Mapping[str, Any], key: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise InvalidInputError(key, N_("expected true or false"))
    return value


def _counts(data: Mapping[str, Any], key: str, players: int) -> tuple[int, ...]:
    value = data.get(key, [0] * players)
    if (not isinstance(value, list) or len(value) != players
            or any(not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= MAX_CARDS for n in value)):
        raise InvalidInputError(key, N_("expected {count} whole numbers, one per seat"), count=players)
    return tuple(value)


def _list(value: object, field: str, length: int | None = None, most: int | None = None) -> list[Any]:
    if not isinstance(value, list):
        raise InvalidInputError(field, N_("expected a list"))
    if length is not None and len(value) != length:
        raise InvalidInputError(field, N_("expected {expected} entries, not {count}"), expected=length, count=len(value))
    if most is not None and len(value) > most:
        raise InvalidInputError(field, N_("expected at most {most} entries, not {count}"), most=most, count=len(value))
    return value


def _cards(value: object, field: str, most: int = MAX_CARDS) -> tuple[Card, ...]:
    """Card codes, no more than the decks hold (checked before any is read)."""
    return parse_cards(_list(value, field, most=most), field)


def _known(data: Mapping[str, Any], known: Mapping[str, Any] | frozenset[str], where: str = "") -> None:
    """Refuse the first field the table does not know, by name: a misspelt one is never a default."""
    unknown = sorted(str(key) for key in data if key not in known)
    if unknown:
        key = unknown[0]
        names = sorted(known)  # a set's order changes from run to run; the message must not
        close = get_close_matches(key, names, n=1)
        field = f"{where}.{key}" if where else key
        if close:
            raise InvalidInputError(field, N_("not a field of a position (did you mean {known}?)"), known=close[0])
        raise InvalidInputError(field, N_("not a field of a position (known: {known})"), known=", ".join(names))


def _table(data: Mapping[str, Any], variant: Rules, players: int) -> Rules:
    """The variant's rules at the position's table: its player count and, if given, its teams and
    the table's name (read back from a dumped position, so that it loads at the table it left)."""
    table = data.get("table")
    if table is not None and not isinstance(table, str):
        raise InvalidInputError("table", N_("expected one of the variant's tables for these seats ({known})"),
                                known=", ".join(t.name for t in variant.tables if t.players == players))
    if "teams" not in data:
        return variant.for_seats(players, table=table)
    teams = []
    for i, raw in enumerate(_list(data["teams"], "teams", most=players)):
        team = _list(raw, f"teams[{i}]", most=players)
        teams.append(tuple(_seat(s, f"teams[{i}][{j}]", players) for j, s in enumerate(team)))
    seats = sorted(s for t in teams for s in t)
    if seats != list(range(players)) or any(not t for t in teams):
        raise InvalidInputError("teams", N_("every seat 0-{last} must be in exactly one team"), last=players - 1)
    return variant.for_seats(players, teams, table=table)


def _meld(rules: Rules, cards: tuple[Card, ...], field: str) -> Meld:
    try:
        meld = make_meld(rules, cards)
    except IllegalActionError as refusal:
        raise InvalidInputError(field, N_("not a valid meld ({rule})"), rule=refusal.rule) from None
    if meld.cards != cards and meld.cards[0] == cards[0]:
        # A new meld of threes goes down red first (Royal), so the rules reorder it; a position's
        # meld that already begins so keeps its order, which says which cards came this turn
        # (turn_state.meld_sizes: Royal's discard from a meld). Reordered, a red three laid on
        # this turn moved among the older cards and could no longer be discarded.
        meld = replace(meld, cards=cards)
    return meld


def _bool(value: object, field: str, players: int) -> bool:
    if not isinstance(value, bool):
        raise InvalidInputError(field, N_("expected true or false"))
    return value


def _bool_or_null(value: object, field: str, players: int) -> bool | None:
    if value is not None and not isinstance(value, bool):
        raise InvalidInputError(field, N_("expected true, false or null"))
    return value


def _seat_or_null(value: object, field: str, players: int) -> int | None:
    return None if value is None else _seat(value, field, players)


def _small(value: object, field: str, players: int) -> int:
    return _whole(value, field, 0, MAX_CARDS)


def _sizes(value: object, field: str, players: int) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) > MAX_CARDS:
        raise InvalidInputError(field, N_("expected a list of whole numbers"))
    return tuple(_whole(size, f"{field}[{index}]", 0, MAX_CARDS) for index, size in enumerate(value))


# The fields of ``turn_state``, each with its reader: a new field of TurnState is one line here.
# Defaults are TurnState's, but for ``concealed`` and ``melds_before``, which follow the table.
TURN_STATE_FIELDS: Mapping[str, Callable[[object, str, int], Any]] = {
    "melded": _bool,
    "took_pile": _bool,
    "asked": _bool,
    "asker": _seat_or_null,
    "permission": _bool_or_null,
    "concealed": _bool,
    "melds_before": _small,
    "hand_canasta": _bool,
    "replacements": _small,
    "before_draw": _bool,
    "meld_sizes": _sizes,
}


def _turn_state(data: object, players: int, melds_before: int, concealed: bool) -> TurnState:
    start = TurnState(concealed=concealed, melds_before=melds_before)
    if data is None:
        return start
    if not isinstance(data, dict):
        raise InvalidInputError("turn_state", N_("expected an object"))
    _known(data, TURN_STATE_FIELDS, "turn_state")
    values = {key: read(data[key], f"turn_state.{key}", players) if key in data else getattr(start, key)
              for key, read in TURN_STATE_FIELDS.items()}
    if values["took_pile"] and "concealed" not in data:  # only Royal keeps the chance after the pile
        values["concealed"] = False
    return TurnState(**values)


class _Accountant:
    """Counts the cards a position names against what the decks hold."""

    def __init__(self, rules: Rules) -> None:
        self.left = count_cards(rules.deck())
        self.decks = rules.decks

    def take(self, cards: tuple[Card, ...], field: str) -> None:
        left = self.left
        for card in cards:
            left[card] -= 1
        if min(left) >= 0:  # the usual case, checked once (a position names some 15 lists)
            return
        for card in cards:  # put them back, then name the first card too many
            left[card] += 1
        for i, card in enumerate(cards):
            if left[card] == 0:
                raise InvalidInputError(f"{field}[{i}]", N_("one {card} too many: the decks hold no more of it"),
                                        card=format_card(card))
            left[card] -= 1

    def remaining(self) -> list[Card]:
        return [card for card in range(53) for _ in range(self.left[card])]


def _known_cards(data: Mapping[str, Any], hands: list[tuple[Card, ...] | int], books: _Accountant) -> tuple[tuple[Card, ...], ...]:
    """Per seat, the cards everyone saw go into the hand with the pile (``State.known``; none where
    left out). Each must be in that seat's hand: a listed hand must hold it, a hand given as a
    count must have room for it (it is dealt there first, the rest filled as usual)."""
    players = len(hands)
    if "known" not in data:
        return ((),) * players
    known = []
    for seat, raw in enumerate(_list(data["known"], "known", players)):
        field = f"known[{seat}]"
        hand = hands[seat]
        raw = _list(raw, field, most=hand if isinstance(hand, int) else len(hand))
        listed = _cards(raw, field)
        if isinstance(hand, int):
            books.take(listed, field)
        else:
            left = count_cards(hand)
            for i, card in enumerate(listed):
                if not left[card]:
                    raise InvalidInputError(f"{field}[{i}]", N_("seat {seat} does not hold the {card}: a known card must be in its hand"),
                                            card=format_card(card), seat=seat)
                left[card] -= 1
        known.append(tuple(sorted(listed)))
    return tuple(known)


def _phase(data: Mapping[str, Any], default: Phase) -> Phase:
    value = data.get("phase", default.value)
    if not isinstance(value, str) or value not in {p.value for p in Phase}:
        raise InvalidInputError("phase", N_("unknown phase {value} (draw, play, answer, end)"), value=shown(value))
    return Phase(value)


def load_position(data: object, default_phase: Phase = Phase.DRAW) -> State:
    """A :class:`State` from a position's JSON form; :class:`InvalidInputError` names the field.

    Every field is checked for its type and bounds before it is used, fields the table does not
    know are refused by name, and a position that contradicts itself (an answer nobody asked
    for, a winner still holding cards) is refused rather than judged (``docs/positions.md``).
    """
    if not isinstance(data, dict):
        raise InvalidInputError("position", N_("expected a JSON object"))
    _known(data, POSITION_FIELDS)
    for required in ("variant", "hands", "pile"):
        if required not in data:
            raise InvalidInputError(required, N_("is required"))
    variant = get_variant(data["variant"])
    raw_hands = _list(data["hands"], "hands", most=MAX_SEATS)
    players = _int(data, "players", len(raw_hands), 2, MAX_SEATS)
    rules = _table(data, variant, players)
    _list(raw_hands, "hands", players)
    teams, deck = rules.teams, len(rules.deck())
    turn = _seat(data.get("turn", 0), "turn", players)
    phase = _phase(data, default_phase)
    scores = tuple(_whole(s, f"scores[{i}]", -MAX_SCORE, MAX_SCORE)
                   for i, s in enumerate(_list(data.get("scores", [0] * len(teams)), "scores", len(teams))))

    books = _Accountant(rules)
    hands: list[tuple[Card, ...] | int] = []
    for seat, entry in enumerate(raw_hands):
        field = f"hands[{seat}]"
        if isinstance(entry, int) and not isinstance(entry, bool):
            hands.append(_whole(entry, field, 0, deck))
            continue
        cards = _cards(entry, field, deck)
        books.take(cards, field)
        hands.append(tuple(sorted(cards)))
    melds: list[tuple[Meld, ...]] = []
    for team, team_melds in enumerate(_list(data.get("melds", [[] for _ in teams]), "melds", len(teams))):
        built = []
        for i, raw in enumerate(_list(team_melds, f"melds[{team}]", most=deck)):
            field = f"melds[{team}][{i}]"
            cards = _cards(raw, field, deck)
            books.take(cards, field)
            built.append(_meld(rules, cards, field))
        melds.append(tuple(built))
    red_threes = []
    for team, raw in enumerate(_list(data.get("red_threes", [[] for _ in teams]), "red_threes", len(teams))):
        field = f"red_threes[{team}]"
        cards = _cards(raw, field, deck)
        if cards and not rules.red_threes_laid_out:
            raise InvalidInputError(field, N_("in this variant red threes are melded, not laid out apart"))
        if any(c not in RED_THREES for c in cards):
            raise InvalidInputError(field, N_("only red threes (3h, 3d) are laid out as bonus cards"))
        books.take(cards, field)
        red_threes.append(cards)
    pile = _cards(data["pile"], "pile", deck)
    books.take(pile, "pile")
    raw_stock = data.get("stock")
    stock_hidden = not isinstance(raw_stock, list)
    stock: tuple[Card, ...] = ()
    if not stock_hidden:
        stock = _cards(raw_stock, "stock", deck)
        books.take(stock, "stock")
    elif raw_stock is not None and (not isinstance(raw_stock, int) or isinstance(raw_stock, bool) or raw_stock < 0):
        raise InvalidInputError("stock", N_("expected a number of cards or a list of cards (top first)"))

    known = _known_cards(data, hands, books)
    seed = _int(data, "seed", 0, -MAX_SEED, MAX_SEED)
    unseen = books.remaining()
    random.Random(seed).shuffle(unseen)
    filled: list[tuple[Card, ...]] = []
    for seat, entry in enumerate(hands):
        if isinstance(entry, int):
            if entry > len(unseen):  # the field that asks for more than the decks leave is the one named
                raise InvalidInputError(f"hands[{seat}]", N_("{needed} unseen cards are asked for but the decks have only {left} left"),
                                        needed=entry, left=len(unseen))
            entry -= len(known[seat])  # a hidden hand holds its known cards, and unseen ones
            filled.append(tuple(sorted(known[seat] + tuple(unseen[:entry]))))
            unseen = unseen[entry:]
        else:
            filled.append(entry)
    if stock_hidden:
        count = raw_stock if isinstance(raw_stock, int) else len(unseen)
        if count > len(unseen):
            raise InvalidInputError("stock", N_("{needed} unseen cards are asked for but the decks have only {left} left"),
                                    needed=count, left=len(unseen))
        stock, unseen = tuple(unseen[:count]), unseen[count:]
    hidden = tuple(isinstance(h, int) for h in hands)
    if phase in (Phase.DRAW, Phase.PLAY) and hidden[turn]:
        raise InvalidInputError(f"hands[{turn}]", N_("the hand of the player to act must be listed card by card"))
    if phase is Phase.PLAY and rules.red_threes_laid_out and any(c in RED_THREES for c in filled[turn]):
        raise InvalidInputError(f"hands[{turn}]", N_("after drawing, the player's red threes are laid out, not held"))

    seat_team = [0] * players
    for t, seats in enumerate(teams):
        for s in seats:
            seat_team[s] = t
    has_melded = data.get("has_melded")
    if has_melded is None:
        has_melded = [any(rules.opens(m) for m in melds[seat_team[s]]) for s in range(players)]
    elif not isinstance(has_melded, list) or len(has_melded) != players or any(not isinstance(b, bool) for b in has_melded):
        raise InvalidInputError("has_melded", N_("expected {count} true/false values, one per seat"), count=players)
    team = seat_team[turn]
    turn_state = _turn_state(data.get("turn_state"), players, len(melds[team]), not has_melded[turn])
    went_out = _seat_or_null(data.get("went_out"), "went_out", players)
    dealer = _seat(data.get("dealer", (turn - 1) % players), "dealer", players)
    state = State(
        rules=rules,
        players=players,
        teams=teams,
        dealer=dealer,
        turn=turn,
        phase=phase,
        scores=scores,
        hands=tuple(filled),
        melds=tuple(melds),
        red_threes=tuple(red_threes),
        pile=pile,
        stock=stock,
        turn_state=turn_state,
        has_melded=tuple(has_melded),
        went_out=went_out,
        concealed=_flag(data, "concealed"),
        hand_canasta=_flag(data, "hand_canasta"),
        pile_threes=_counts(data, "pile_threes", players),
        out_of_play=tuple(sorted(unseen)),
        hidden=hidden,
        stock_hidden=stock_hidden,
        known=known,
    )
    check_consistency(state)
    return state


def dump_position(state: State, reveal: bool = False) -> dict[str, Any]:
    """The position's JSON form; hidden hands and a hidden stock stay counts unless ``reveal``."""
    ts = state.turn_state
    out: dict[str, Any] = {
        "variant": state.rules.name,
        "players": state.players,
        "teams": [list(t) for t in state.teams],
        "dealer": state.dealer,
        "turn": state.turn,
        "phase": state.phase.value,
        "scores": list(state.scores),
        "hands": [
            len(h) if state.hidden[s] and not reveal else format_cards(h) for s, h in enumerate(state.hands)
        ],
        "melds": [[format_cards(m.cards) for m in team] for team in state.melds],
        "red_threes": [format_cards(t) for t in state.red_threes],
        "pile": format_cards(state.pile),
        "stock": len(state.stock) if state.stock_hidden and not reveal else format_cards(state.stock),
        "turn_state": {key: list(value) if isinstance(value, tuple) else value
                       for key in TURN_STATE_FIELDS for value in (getattr(ts, key),)},
        "has_melded": list(state.has_melded),
        "table": state.rules.table,
        "pile_threes": list(state.pile_threes),
    }
    if any(state.known):  # public, so shown with a hidden hand too; left out when nothing is known
        out["known"] = [format_cards(k) for k in state.known]
    if state.phase is Phase.END:
        out["went_out"] = state.went_out
        out["concealed"] = state.concealed
        out["hand_canasta"] = state.hand_canasta
    return out
