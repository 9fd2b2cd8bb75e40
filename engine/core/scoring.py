"""Scoring a finished hand: each side's points by its variant's scoring (seed 001 "Stigagjöf" in
the base ``Rules.score_team``; Wiener's and Royal's own in their modules)."""

from __future__ import annotations

from engine.core.rules import TeamScore
from engine.core.state import State

__all__ = ["TeamScore", "score_hand"]


def score_hand(state: State) -> list[TeamScore]:
    """Each side's points for the hand, by the variant's scoring."""
    return [state.rules.score_team(state, team) for team in range(len(state.teams))]
