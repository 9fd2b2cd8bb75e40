"""Every action of seeded hands at every table reads as a sentence in every language."""

from __future__ import annotations

import random

import pytest

from engine.bots import BasicBot, RandomBot
from engine.deal import deal
from engine.describe import describe, describe_deal, describe_result, describe_scores
from engine.i18n import LANGUAGES
from engine.match import play_hand
from engine.rules import Rules
from engine.scoring import score_hand
from tests.engine.test_properties import TABLES


@pytest.mark.parametrize("rules", TABLES)
def test_every_action_is_narrated(rules: Rules) -> None:
    rng = random.Random(7)
    lines: list[str] = []
    start = deal(rules, rng)
    bots = [BasicBot() if seat % 2 else RandomBot() for seat in range(rules.players)]

    def narrate(before, action, after) -> None:  # type: ignore[no-untyped-def]
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
