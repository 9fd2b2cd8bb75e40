"""Positions: the JSON form of a moment of a hand (``../shared/spec/positions.md``) and back.

Hands given as a number and a stock given as a number are cards nobody may see: they are
filled from what the decks leave, in an order fixed by the position's ``seed`` (default 0), so
judging a position is deterministic. Cards that a position leaves out altogether are out of
play. Fields beyond the spec's are documented in ``docs/positions.md``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.cards import RED_THREES, Card, format_card, format_cards, parse_cards
from engine.errors import IllegalActionError, InvalidInputError
from engine.i18n import N_
from engine.melds import Meld, make_meld
from engine.rules import Rules
from engine.state import Phase, State, TurnState
from engine.variants import get_variant


def _int(data: Mapping[str, Any], key: str, default: int) -> int:
    value = data.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidInputError(key, N_("expected a whole number, not {value}"), value=repr(value))
    return value


def _flag(data: Mapping[str, Any], key: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise InvalidInputError(key, N_("expected true or false"))
    return value


def _counts(data: Mapping[str, Any], key: str, players: int) -> tuple[int, ...]:
    value = data.get(key, [0] * players)
    if (not isinstance(value, list) or len(value) != players
            or any(not isinstance(n, int) or isinstance(n, bool) or n < 0 for n in value)):
        raise InvalidInputError(key, N_("expected {count} whole numbers, one per seat"), count=players)
    return tuple(value)


def _list(value: object, field: str, length: int | None = None) -> list[Any]:
    if not isinstance(value, list):
        raise InvalidInputError(field, N_("expected a list"))
    if length is not None and len(value) != length:
        raise InvalidInputError(field, N_("expected {expected} entries, not {count}"), expected=length, count=len(value))
    return value


def _table(data: Mapping[str, Any], variant: Rules, players: int) -> Rules:
    """The variant's rules at the position's table: its player count and, if given, its teams."""
    if "teams" not in data:
        return variant.for_seats(players)
    teams = tuple(tuple(_list(t, f"teams[{i}]")) for i, t in enumerate(_list(data["teams"], "teams")))
    seats = sorted(s for t in teams for s in t)
    if seats != list(range(players)) or any(not t for t in teams):
        raise InvalidInputError("teams", N_("every seat 0-{last} must be in exactly one team"), last=players - 1)
    return variant.for_seats(players, teams)


def _meld(rules: Rules, cards: tuple[Card, ...], field: str) -> Meld:
    try:
        return make_meld(rules, cards)
    except IllegalActionError as refusal:
        raise InvalidInputError(field, N_("not a valid meld ({rule})"), rule=refusal.rule) from None


def _turn_state(data: object, melds_before: int, concealed: bool) -> TurnState:
    if data is None:
        return TurnState(concealed=concealed, melds_before=melds_before)
    if not isinstance(data, dict):
        raise InvalidInputError("turn_state", N_("expected an object"))
    flags = {}
    for key in ("melded", "took_pile", "asked", "concealed", "hand_canasta", "before_draw"):
        value = data.get(key, concealed if key == "concealed" else False)
        if not isinstance(value, bool):
            raise InvalidInputError(f"turn_state.{key}", N_("expected true or false"))
        flags[key] = value
    permission = data.get("permission")
    if permission is not None and not isinstance(permission, bool):
        raise InvalidInputError("turn_state.permission", N_("expected true, false or null"))
    asker = data.get("asker")
    if asker is not None and (not isinstance(asker, int) or isinstance(asker, bool)):
        raise InvalidInputError("turn_state.asker", N_("expected a seat number"))
    before = data.get("melds_before", melds_before)
    if not isinstance(before, int) or isinstance(before, bool) or before < 0:
        raise InvalidInputError("turn_state.melds_before", N_("expected a whole number"))
    replacements = data.get("replacements", 0)
    if not isinstance(replacements, int) or isinstance(replacements, bool) or replacements < 0:
        raise InvalidInputError("turn_state.replacements", N_("expected a whole number"))
    if flags["took_pile"] and "concealed" not in data:  # only Royal keeps the chance after the pile
        flags["concealed"] = False
    sizes = data.get("meld_sizes", [])
    if not isinstance(sizes, list) or any(not isinstance(n, int) or isinstance(n, bool) or n < 0 for n in sizes):
        raise InvalidInputError("turn_state.meld_sizes", N_("expected a list of whole numbers"))
    return TurnState(asker=asker, permission=permission, melds_before=before, replacements=replacements,
                     meld_sizes=tuple(sizes), **flags)


class _Accountant:
    """Counts the cards a position names against what the decks hold."""

    def __init__(self, rules: Rules) -> None:
        self.left = [0] * 53
        for card in rules.deck():
            self.left[card] += 1
        self.decks = rules.decks

    def take(self, cards: tuple[Card, ...], field: str) -> None:
        for i, card in enumerate(cards):
            if self.left[card] == 0:
                raise InvalidInputError(f"{field}[{i}]", N_("one {card} too many: the decks hold no more of it"),
                                        card=format_card(card))
            self.left[card] -= 1

    def remaining(self) -> list[Card]:
        return [card for card in range(53) for _ in range(self.left[card])]


def load_position(data: object) -> State:
    """A :class:`State` from a position's JSON form; :class:`InvalidInputError` names the field."""
    if not isinstance(data, dict):
        raise InvalidInputError("position", N_("expected a JSON object"))
    for required in ("variant", "hands", "pile"):
        if required not in data:
            raise InvalidInputError(required, N_("is required"))
    variant = get_variant(data["variant"])
    raw_hands = _list(data["hands"], "hands")
    players = _int(data, "players", len(raw_hands))
    rules = _table(data, variant, players)
    _list(raw_hands, "hands", players)
    teams = rules.teams
    turn = _int(data, "turn", 0)
    if not 0 <= turn < players:
        raise InvalidInputError("turn", N_("seat {seat} is not at this table (seats 0-{last})"), seat=turn, last=players - 1)
    try:
        phase = Phase(data.get("phase", "draw"))
    except ValueError:
        raise InvalidInputError("phase", N_("unknown phase {value} (draw, play, answer, end)"),
                                value=repr(data.get("phase"))) from None
    scores = tuple(_list(data.get("scores", [0] * len(teams)), "scores", len(teams)))
    if any(not isinstance(s, int) or isinstance(s, bool) for s in scores):
        raise InvalidInputError("scores", N_("expected whole numbers"))

    books = _Accountant(rules)
    hands: list[tuple[Card, ...] | int] = []
    for seat, entry in enumerate(raw_hands):
        field = f"hands[{seat}]"
        if isinstance(entry, int) and not isinstance(entry, bool):
            if entry < 0:
                raise InvalidInputError(field, N_("a hidden hand's size cannot be negative"))
            hands.append(entry)
            continue
        cards = parse_cards(entry, field)
        books.take(cards, field)
        hands.append(tuple(sorted(cards)))
    melds: list[tuple[Meld, ...]] = []
    for team, team_melds in enumerate(_list(data.get("melds", [[] for _ in teams]), "melds", len(teams))):
        built = []
        for i, raw in enumerate(_list(team_melds, f"melds[{team}]")):
            field = f"melds[{team}][{i}]"
            cards = parse_cards(raw, field)
            books.take(cards, field)
            built.append(_meld(rules, cards, field))
        melds.append(tuple(built))
    red_threes = []
    for team, raw in enumerate(_list(data.get("red_threes", [[] for _ in teams]), "red_threes", len(teams))):
        field = f"red_threes[{team}]"
        cards = parse_cards(raw, field)
        if cards and not rules.red_threes_laid_out:
            raise InvalidInputError(field, N_("in this variant red threes are melded, not laid out apart"))
        if any(c not in RED_THREES for c in cards):
            raise InvalidInputError(field, N_("only red threes (3h, 3d) are laid out as bonus cards"))
        books.take(cards, field)
        red_threes.append(cards)
    pile = parse_cards(data["pile"], "pile")
    books.take(pile, "pile")
    raw_stock = data.get("stock")
    stock_hidden = not isinstance(raw_stock, list)
    stock: tuple[Card, ...] = ()
    if not stock_hidden:
        stock = parse_cards(raw_stock, "stock")
        books.take(stock, "stock")
    elif raw_stock is not None and (not isinstance(raw_stock, int) or isinstance(raw_stock, bool) or raw_stock < 0):
        raise InvalidInputError("stock", N_("expected a number of cards or a list of cards (top first)"))

    seed = _int(data, "seed", 0)
    unseen = books.remaining()
    random.Random(seed).shuffle(unseen)
    needed = sum(h for h in hands if isinstance(h, int)) + (raw_stock if isinstance(raw_stock, int) else 0)
    if needed > len(unseen):
        raise InvalidInputError("stock" if isinstance(raw_stock, int) else "hands",
                                N_("{needed} unseen cards are asked for but the decks have only {left} left"),
                                needed=needed, left=len(unseen))
    filled: list[tuple[Card, ...]] = []
    for entry in hands:
        if isinstance(entry, int):
            filled.append(tuple(sorted(unseen[:entry])))
            unseen = unseen[entry:]
        else:
            filled.append(entry)
    if stock_hidden:
        count = raw_stock if isinstance(raw_stock, int) else len(unseen)
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
    turn_state = _turn_state(data.get("turn_state"), len(melds[team]), not has_melded[turn])
    if phase is Phase.ANSWER and turn_state.asker is None:
        raise InvalidInputError("turn_state.asker", N_("a position in the answer phase names who asked"))
    went_out = data.get("went_out")
    if went_out is not None and (not isinstance(went_out, int) or isinstance(went_out, bool) or not 0 <= went_out < players):
        raise InvalidInputError("went_out", N_("expected a seat number or null"))
    dealer = _int(data, "dealer", (turn - 1) % players)
    if not 0 <= dealer < players:
        raise InvalidInputError("dealer", N_("seat {seat} is not at this table (seats 0-{last})"), seat=dealer, last=players - 1)
    return State(
        rules=rules,
        players=players,
        teams=teams,
        dealer=dealer,
        turn=turn,
        phase=phase,
        scores=scores,  # type: ignore[arg-type]
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
    )


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
        "turn_state": {
            "melded": ts.melded,
            "took_pile": ts.took_pile,
            "asked": ts.asked,
            "asker": ts.asker,
            "permission": ts.permission,
            "concealed": ts.concealed,
            "melds_before": ts.melds_before,
            "hand_canasta": ts.hand_canasta,
            "replacements": ts.replacements,
            "before_draw": ts.before_draw,
            "meld_sizes": list(ts.meld_sizes),
        },
        "has_melded": list(state.has_melded),
        "table": state.rules.table,
        "pile_threes": list(state.pile_threes),
    }
    if state.phase is Phase.END:
        out["went_out"] = state.went_out
        out["concealed"] = state.concealed
        out["hand_canasta"] = state.hand_canasta
    return out
