"""Scoring a finished hand (seed 001 "Stigagjöf") and the game's end (seed 001 "Að vinna leikinn")."""

from __future__ import annotations

from dataclasses import asdict, dataclass

from engine.cards import RED_THREES
from engine.state import State, hand_value


@dataclass(frozen=True, slots=True)
class TeamScore:
    melds: int  # the card values of the side's melds
    natural_canastas: int  # how many
    mixed_canastas: int
    canastas: int  # their bonus points
    red_threes: int  # bonus, or penalty for a side that has not melded
    going_out: int  # going out, and going out concealed
    hand: int  # minus the cards left in the side's hands
    total: int

    def as_dict(self) -> dict[str, int]:
        return asdict(self)


def score_classic(state: State, team: int) -> TeamScore:
    """Seed 001 "Stigagjöf"; ``state.went_out`` and ``state.concealed`` say how the hand ended."""
    rules = state.rules
    went_out, concealed = state.went_out, state.concealed
    melds = state.melds[team]
    natural = sum(1 for m in melds if m.is_natural_canasta(rules))
    mixed = sum(1 for m in melds if m.is_canasta(rules)) - natural
    meld_points = sum(m.value(rules) for m in melds)
    canasta_points = natural * rules.natural_canasta_bonus + mixed * rules.mixed_canasta_bonus
    # pagat: red threes still in a hand (dealt, the player never had a turn) count as laid out.
    left = [c for seat in state.teams[team] for c in state.hands[seat]]
    threes = len(state.red_threes[team]) + sum(1 for c in left if c in RED_THREES)
    three_points = rules.red_threes_bonus(threes)
    if not melds:  # seed 001: subtracted from a side with no melds (pagat: however the hand ended)
        three_points = -three_points
    out_points = 0
    if went_out is not None and state.team_of(went_out) == team:
        out_points = rules.going_out_bonus + (rules.concealed_bonus if concealed else 0)
    hand_points = -hand_value(rules, tuple(c for c in left if c not in RED_THREES))
    total = meld_points + canasta_points + three_points + out_points + hand_points
    return TeamScore(meld_points, natural, mixed, canasta_points, three_points, out_points, hand_points, total)


def score_hand(state: State) -> list[TeamScore]:
    """Each side's points for the hand, by the variant's scoring."""
    return [state.rules.score_team(state, team) for team in range(len(state.teams))]
