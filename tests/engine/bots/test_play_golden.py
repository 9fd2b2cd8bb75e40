"""Random and club play move for move against the golden digests recorded before the speed work:
every legal-action list, every action and the final tables must be the same.

A few hands of each variant here (a few seconds); ``bench/equivalence.py`` replays all of them
(3 000 random hands and 400 club hands)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
_spec = importlib.util.spec_from_file_location("equivalence", ROOT / "bench" / "equivalence.py")
assert _spec is not None and _spec.loader is not None
equivalence = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("equivalence", equivalence)
_spec.loader.exec_module(equivalence)

GOLDEN = json.loads(equivalence.GOLDEN.read_text())
CASES = [(bot, variant, seed) for bot, hands in (("random", 12), ("club", 2))
         for variant in GOLDEN[bot] for seed in range(hands)]


@pytest.mark.parametrize(("bot", "variant", "seed"), CASES)
def test_play_matches_golden(bot: str, variant: str, seed: int) -> None:
    assert equivalence.hand_digest(variant, bot, seed) == GOLDEN[bot][variant][seed]


@pytest.mark.parametrize(("bot", "variant", "seed"), [c for c in CASES if c[2] < 3])
def test_trusted_play_matches_golden(bot: str, variant: str, seed: int) -> None:
    """The engine's own moves applied without the checks they passed (``apply_trusted``): the same hands."""
    assert equivalence.hand_digest(variant, bot, seed, trusted=True) == GOLDEN[bot][variant][seed]


def test_golden_covers_thousands_of_hands() -> None:
    assert sum(len(v) for v in GOLDEN["random"].values()) >= 3000
    assert set(GOLDEN["random"]) == set(GOLDEN["club"]) == {"classic", "wiener", "swedish", "royal"}
