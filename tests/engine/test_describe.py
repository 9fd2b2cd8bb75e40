"""Every action of seeded hands at every table reads as a sentence in every language."""

from __future__ import annotations

import random

import pytest

from engine.core.actions import Action
from engine.bots.base import BasicBot, RandomBot
from engine.core.deal import deal
from engine.describe import describe, describe_deal, describe_result, describe_scores
from engine.core.i18n import LANGUAGES
from engine.bots.match import play_hand
from engine.core.rules import Rules
from engine.core.scoring import score_hand
from engine.core.state import State
from tests.engine.judge.test_properties import TABLES


@pytest.mark.parametrize("rules", TABLES)
def test_every_action_is_narrated(rules: Rules) -> None:
    rng = random.Random(7)
    lines: list[str] = []
    start = deal(rules, rng)
    bots = [BasicBot() if seat % 2 else RandomBot() for seat in range(rules.players)]

    def narrate(before: State, action: Action, after: State) -> None:
        for lang in LANGUAGES:
            line = describe(before, action, after, lang)
            assert line.endswith((".", "?”", "“", "\u201d")) and "{" not in line
        lines.append(describe(before, action, after))

    final, count = play_hand(start, bots, rng, narrate)
    assert len(lines) == count
    for lang in LANGUAGES:
        assert describe_deal(start, 1, lang)
        scores = score_hand(final)
        assert len(describe_scores(final, scores, [s.total for s in scores], lang)) == len(rules.teams)
        assert describe_result(final, [s.total for s in scores], 0, lang)


@pytest.mark.parametrize("rules", TABLES)
def test_told_to_a_person_their_moves_are_yours_and_the_others_have_their_names(rules: Rules) -> None:
    from engine.describe import SEAT_NAMES, SeenBy

    names = {seat: f"Player{seat}" for seat in range(rules.players)}
    seen = SeenBy(0, lambda seat, lang: "You" if seat == 0 else names[seat])
    compass = {name for table in SEAT_NAMES.values() for name in table}
    rng = random.Random(7)
    start = deal(rules, rng, dealer=0)
    bots = [BasicBot() if seat % 2 else RandomBot() for seat in range(rules.players)]
    told: list[tuple[int, str]] = []

    def narrate(before: State, action: Action, after: State) -> None:
        for lang in LANGUAGES:
            line = describe(before, action, after, lang, seen)
            assert "{" not in line and not any(name in line.split() for name in compass), line
        told.append((before.turn, describe(before, action, after, "en", seen)))

    final, _count = play_hand(start, bots, rng, narrate)
    for seat, line in told:
        assert line.startswith("You ") if seat == 0 else line.startswith(f"Player{seat} "), line
    assert describe_deal(start, 1, "en", seen).startswith("Hand 1: you deal;")
    assert describe_deal(start, 1, "sv", seen).startswith("Giv 1: du ger;")
    scores = score_hand(final)
    totals = [s.total for s in scores]
    assert describe_scores(final, scores, totals, "en", seen)[0].startswith(
        "You" if len(rules.teams[0]) == 1 else ("You and Player", "You, Player"))
    alone = describe_result(final, totals, 0, "de", seen)
    assert alone.startswith("Du gewinnst," if len(rules.teams[0]) == 1 else "Ihr gewinnt,"), alone
    assert describe_result(final, totals, 1, "en", seen).startswith("Player")  # the others by their names


def test_the_surplus_wild_cards_moved_are_told() -> None:
    """Wiener, going out concealed (002 "Macht ein Spieler verdeckt aus"): the narration says where
    the surplus wild cards went, in every language."""
    from engine.core.actions import parse_action
    from engine.judge.game import apply
    from engine.position import load_position

    before = load_position({"variant": "wiener", "phase": "play", "hands": [["9h", "9c", "JK", "5c", "5d", "5h", "Jd"], 11, 11, 11],
                            "has_melded": [False, False, True, False], "pile": ["7s"],
                            "melds": [[["9c", "9d", "9s", "2h", "2d", "JK"], ["Kh", "Kd", "Kc", "Ks", "Kh", "Kd", "Kc"]], []]})
    action = parse_action({"type": "meld", "melds": [["9h", "9c", "JK"], ["5c", "5d", "5h"]],
                           "moves": [{"from": 0, "onto": 2, "cards": ["JK"]}]})
    after = apply(before, action)
    assert describe(before, action, after, "en").endswith("Surplus wild cards moved: Joker on the 5s.")
    for lang in LANGUAGES:
        line = describe(before, action, after, lang)
        assert "{" not in line and line.count(".") >= 2
