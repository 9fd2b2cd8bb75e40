"""Building the learner's actions from taps: the cards selected, the melds set aside to go down
together, and the engine action they make. Part of the table's view-model (:class:`tutor.table.model.TableModel`
is a :class:`Taps`); no rule is decided here: the engine judges every action these build."""

from __future__ import annotations

from engine.core.actions import Discard, Layoff, MeldAction, TakePile
from engine.core.cards import Card, rank, run_place
from engine.hints.ranked import arranged, ordered_hand
from engine.judge.legal import legal_actions
from engine.core.state import State
from tutor.text.messages import Refusal


def sorted_hand(hand: tuple[Card, ...], order: str) -> list[int]:
    """The hand's indexes by rank (wild cards, then threes, then ace to king's run order, each rank's
    suits together) or by suit (wild cards, threes, then each suit in run order: a Royal Samba's run
    in a row); [] for the order the tactics advise (:func:`engine.hints.ranked.arranged`)."""
    if order not in ("rank", "suit"):
        return []

    return ordered_hand(hand, lambda card: (2, run_place(card), card % 4) if order == "rank"
                        else (2, card % 4, run_place(card)))


class Taps:
    """The selection and the melds set aside, on the model's fields (declared here, kept by the
    dataclass :class:`tutor.table.model.TableModel`)."""

    state: State
    seat: int
    selected: list[int]  # indexes into the learner's hand
    staged_at: list[tuple[int, ...]]  # melds waiting to go down together
    rejected: Refusal | None
    hand_sort: str  # "advised" (the tactics' order), "rank" or "suit"
    picked: tuple[int, int] | None  # Royal: a card of the side's meld (meld, place) chosen as the discard

    @property
    def hand(self) -> tuple[Card, ...]:
        return self.state.hands[self.seat]

    @property
    def team(self) -> int:
        return self.state.team_of(self.seat)

    def selected_cards(self) -> tuple[Card, ...]:
        return tuple(self.hand[i] for i in self.selected)

    def tap_card(self, index: int) -> None:
        """Select or unselect a card of the hand; a card set aside in a meld is not in play."""
        self.picked = None
        if index in self.selected:
            self.selected.remove(index)
        elif 0 <= index < len(self.hand) and index not in self.staged_indexes():
            self.selected.append(index)
        self.rejected = None

    def staged_indexes(self) -> frozenset[int]:
        """The hand's cards set aside as melds (they stay in the hand until the meld goes down)."""
        return frozenset(i for meld in self.staged_at for i in meld)

    def hand_order(self) -> list[int]:
        """The hand to show, as indexes into it, in the order the tactics advise, without the cards
        set aside as melds (the views show those with :attr:`staged`)."""
        aside = self.staged_indexes()
        return [i for i in sorted_hand(self.hand, self.hand_sort) or arranged(self.state, self.seat) if i not in aside]

    @property
    def staged(self) -> list[tuple[Card, ...]]:
        """The melds set aside, as cards."""
        return [tuple(self.hand[i] for i in meld) for meld in self.staged_at]

    def clear(self) -> None:
        self.selected.clear()
        self.staged_at.clear()
        self.picked = None

    def can_pick(self, meld: int) -> bool:
        """Whether a tap on the side's meld ``meld``, with no card of the hand selected, picks a card of
        it as the discard: in Royal (seed 000 "Spelordning": the discard may be a card melded this
        turn), on the learner's turn after the draw, on a meld that took cards from the hand this
        turn (a tap on another still asks for the cards of a lay-off). The engine judges the discard."""
        state = self.state
        melds = state.melds[self.team]
        if not (state.rules.discard_from_meld and not self.selected and not state.is_over()
                and state.turn == self.seat and state.phase.value == "play" and 0 <= meld < len(melds)):
            return False
        ts = state.turn_state
        before = ts.meld_sizes[meld] if meld < len(ts.meld_sizes) else (
            len(melds[meld].cards) if meld < ts.melds_before else 0)
        return len(melds[meld].cards) > before

    def pick(self, meld: int) -> None:
        """Pick the discard from the side's meld ``meld``: its last card, and each further tap the card
        before (the cards melded this turn lie last); past its first card, nothing is picked."""
        cards = self.state.melds[self.team][meld].cards if 0 <= meld < len(self.state.melds[self.team]) else ()
        if self.picked is not None and self.picked[0] == meld:
            place = self.picked[1] - 1
            self.picked = (meld, place) if place >= 0 else None
        else:
            self.picked = (meld, len(cards) - 1) if cards else None
        self.rejected = None

    def picked_card(self) -> Card | None:
        if self.picked is None:
            return None
        meld, place = self.picked
        melds = self.state.melds[self.team]
        return melds[meld].cards[place] if meld < len(melds) and place < len(melds[meld].cards) else None

    def stage(self) -> None:
        """Put the selected cards aside as one meld of several that go down together."""
        if self.selected:
            self.staged_at.append(tuple(self.selected))
            self.selected = []

    def unstage(self, meld: int) -> None:
        """Take a meld set aside back into the hand (its cards are selectable again)."""
        if 0 <= meld < len(self.staged_at):
            del self.staged_at[meld]
            self.rejected = None

    def meld_action(self) -> MeldAction:
        melds = list(self.staged)
        if self.selected:
            melds.append(self.selected_cards())
        return MeldAction(melds=tuple(melds))

    def layoff_action(self, onto: int) -> MeldAction:
        return MeldAction(melds=tuple(self.staged), layoffs=(Layoff(onto, self.selected_cards()),))

    def pile_action(self, onto: int | None = None) -> TakePile:
        if onto is not None or not self.selected:
            index = onto if onto is not None else self._meld_for_top()
            return TakePile(onto=index, melds=tuple(self.staged))
        return TakePile(meld=self.selected_cards(), melds=tuple(self.staged))

    def _meld_for_top(self) -> int:
        """The side's meld the pile's top card goes onto with nothing selected: its meld of that
        rank, else one the engine lets it go onto (Royal's Samba that it extends: no rank matches
        a run), else the meld of that rank the engine refuses (its refusal says why: a frozen pile),
        else the first."""
        top = self.state.top()
        if top is None:
            return 0
        melds = self.state.melds[self.team]
        same_rank = [i for i, meld in enumerate(melds) if meld.rank == rank(top)]
        open_onto = [a.onto for a in legal_actions(self.state) if isinstance(a, TakePile) and a.onto is not None]
        chosen = [i for i in same_rank if i in open_onto] or open_onto or same_rank
        return chosen[0] if chosen else 0

    def discard_action(self) -> Discard | None:
        """The discard the taps build: the one card selected in the hand, or the card picked from a meld."""
        cards = self.selected_cards()
        if len(cards) == 1:
            return Discard(cards[0])
        card = self.picked_card()
        if not cards and card is not None and self.picked is not None:
            return Discard(card, self.picked[0])
        return None
