"""Every sentence the engine builds, as a learner reads it: the play log, the refusals and the hints of a
few hundred self-play positions (seeded, every variant and table), rendered in all four languages and
checked for leftover English, unfilled placeholders and the glossary's forbidden words."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from functools import cache, partial

import pytest

from engine.core.actions import (
    Action,
    AnswerGoOut,
    AskGoOut,
    DeclinePile,
    Discard,
    Draw,
    DrawReplacement,
    Layoff,
    MeldAction,
    TakePile,
)
from engine.bots.base import BasicBot, RandomBot
from engine.core.deal import deal
from engine.describe import describe, describe_deal, describe_result, describe_scores
from engine.core.errors import IllegalActionError, InvalidInputError
from engine.judge.game import apply
from engine.hints.ranked import hints
from engine.bots.match import play_hand
from engine.core.scoring import score_hand
from engine.core.state import State
from engine.variants import VARIANTS
from tests.locales.test_terms import Entry, forbidden_uses

TRANSLATED = ("sv", "de", "is")
POSITIONS_PER_TABLE = 30  # about 300 positions in all (ten tables), a few seconds
# Words that are English and nothing else in Swedish, German or Icelandic running text.
ENGLISH_ONLY = frozenset("""
    the and your you with from onto must may not only this that which takes draws melds discards lays
    off pile stock melding turn side cards card wild natural pair frozen blocked replacement
    declines answers asks nobody went over hold holds need needs cannot would could first top
""".split())
PLACEHOLDER = re.compile(r"\{\w*\}|\{|\}")
FIELD = re.compile(r"^[\w.\[\]]+: ")  # an input error names the JSON field it is about: code, not English


def _probes(state: State) -> Iterator[Action]:
    """Actions a learner might try here, most of them refused."""
    hand = state.hands[state.turn]
    yield Draw()
    yield DrawReplacement()
    yield DeclinePile()
    yield AskGoOut()
    yield AnswerGoOut(True)
    yield TakePile(onto=0)
    if hand:
        yield Discard(hand[0])
        yield Discard(hand[-1])
        yield TakePile(meld=tuple(hand[:2]))
        yield TakePile(meld=tuple(hand[:1]))
        yield MeldAction(melds=(tuple(hand[:3]),))
        yield MeldAction(melds=(tuple(hand[-3:]),))
        yield MeldAction(melds=(tuple(hand[:2]),))
        yield MeldAction(layoffs=(Layoff(0, (hand[0],)),))
        yield MeldAction(melds=(tuple(hand),))


@cache
def sentences() -> dict[str, dict[str, str]]:
    """English sentence -> its rendering in every language (one per distinct English text)."""
    found: dict[str, dict[str, str]] = {}

    def add(render: Callable[[str], str]) -> None:
        texts = {lang: render(lang) for lang in ("en", *TRANSLATED)}
        found.setdefault(texts["en"], texts)

    for name, variant in VARIANTS.items():
        for table in variant.tables:
            rules = variant.for_people(table.people, table.name)
            rng = random.Random(17)
            start = deal(rules, rng)
            bots = [BasicBot() if seat % 2 else RandomBot() for seat in range(rules.players)]
            played: list[tuple[State, Action, State]] = []
            final, _ = play_hand(start, bots, rng, lambda b, a, f: played.append((b, a, f)))
            step = max(1, len(played) // POSITIONS_PER_TABLE)
            for before, action, after in played[::step][:POSITIONS_PER_TABLE]:
                add(partial(describe, before, action, after))
                for hint in hints(before):
                    add(hint.explanation)
                for probe in _probes(before):
                    try:
                        apply(before, probe)
                    except IllegalActionError as refusal:
                        add(refusal.explanation)
                    except InvalidInputError as error:
                        add(error.localized)
            scores = score_hand(final)
            totals = [s.total for s in scores]
            add(partial(describe_deal, start, 1))
            add(lambda lang: "\n".join(describe_scores(final, scores, totals, lang)))  # add() renders it at once
            add(partial(describe_result, final, totals, 0))
    return found


def test_the_positions_reach_every_kind_of_sentence() -> None:
    texts = sentences()
    assert len(texts) > 400, len(texts)
    english = "\n".join(texts)
    for part in ("takes the pile", "melds", "discards", "You must first draw", "The pile is", "meld"):
        assert part in english, part


@pytest.mark.parametrize("lang", ["en", *TRANSLATED])
def test_no_placeholder_is_left_unfilled(lang: str) -> None:
    problems = [texts[lang] for texts in sentences().values() if PLACEHOLDER.search(texts[lang])]
    assert not problems, f"{lang}: {len(problems)} sentences with a placeholder, e.g. {problems[:3]}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_english_is_left(lang: str) -> None:
    problems = []
    for english, texts in sentences().items():
        words = {w.lower() for w in re.findall(r"[A-Za-z]+", FIELD.sub("", texts[lang]))}
        if texts[lang] == english or words & ENGLISH_ONLY:
            problems.append((english, texts[lang], sorted(words & ENGLISH_ONLY)))
    assert not problems, f"{lang}: {len(problems)} sentences with English left, e.g. {problems[:3]}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_sentence_uses_a_forbidden_word(lang: str) -> None:
    problems = [use for english, texts in sentences().items()
                for use in forbidden_uses(lang, Entry(english, (texts[lang],), None))]
    assert not problems, f"{lang}: {len(problems)} forbidden words, e.g. {problems[:3]}"
