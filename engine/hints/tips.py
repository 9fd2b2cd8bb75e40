"""The tips, in the order their hints rank ties: each its id, the variants where it is good advice,
its source, and its detector (in ``engine.hints.rules``, ``engine.hints.taktik``, ``engine.hints.timing``).

A table of its own, below both ``engine.hints.ranked`` (which ranks their hints) and ``engine.bots.levels``
(whose club player follows some of them), so that neither imports the other both ways.
"""

from __future__ import annotations

from engine.hints.facts import ALL, ROYAL, Tip
from engine.hints.rules import (
    _answer,
    _complete_canasta,
    _draw,
    _going_out,
    _not_out_yet,
    _opening,
    _safe_discard,
    _take_pile,
)
from engine.hints.taktik import (
    _grow_samba,
    _joker_first,
    _keep_cards,
    _keep_pairs,
    _keep_threes,
    _meld_ready,
    _meld_red_threes,
    _opening_order,
    _samba_cards,
    _sambas_win,
    _secret_samba,
    _strong_opening,
    _wild_to_meld,
)
from engine.hints.timing import _deny_pile, _dont_rush_pile, _going_out_time, _shed_cards, _take_pile_now, _watch_score


TIPS: tuple[Tip, ...] = (
    Tip("rule.go_out", ALL, "rulebook", _going_out),
    Tip("rule.take_pile", ALL, "rulebook", _take_pile),
    Tip("rule.draw", ALL, "rulebook", _draw),
    Tip("rule.opening", ALL, "rulebook", _opening),
    Tip("rule.not_out_yet", ALL, "rulebook", _not_out_yet),
    Tip("tactics.safe_discard", ALL, "pagat.com", _safe_discard),
    Tip("tactics.complete_canasta", ALL, "rulebook", _complete_canasta),
    Tip("tactics.answer", ALL, "000 Taktik", _answer),
    Tip("tactics.keep_pairs", ALL, "000 Taktik", _keep_pairs),
    Tip("tactics.keep_cards", ALL, "000 Taktik", _keep_cards),
    Tip("tactics.meld_ready", ALL - ROYAL, "000 Taktik 1's other side; measured", _meld_ready),
    Tip("tactics.joker_first", ALL, "000 Taktik", _joker_first),
    Tip("tactics.wild_to_meld", ALL - ROYAL, "000 Taktik 11's reason; measured", _wild_to_meld),
    Tip("tactics.dont_rush_pile", ALL, "000 Taktik", _dont_rush_pile),
    Tip("tactics.take_pile", ALL, "000 Taktik", _take_pile_now),
    Tip("tactics.deny_pile", ALL, "000 Taktik", _deny_pile),
    # Taktik 5 warns against melding Samba cards: said about a meld the learner makes, not as advice
    # against a meld nobody proposed
    Tip("tactics.samba_cards", ROYAL, "000 Taktik", _samba_cards, shown=False),
    Tip("tactics.meld_red_threes", ROYAL, "000 Taktik", _meld_red_threes),
    Tip("tactics.keep_threes", ROYAL, "000 Taktik", _keep_threes),
    Tip("tactics.opening_order", ROYAL, "000 Taktik", _opening_order),
    Tip("tactics.sambas_win", ROYAL, "000 Taktik", _sambas_win),
    Tip("tactics.grow_samba", ROYAL, "000 Taktik 4's Sambas; measured", _grow_samba),
    Tip("tactics.secret_samba", ROYAL, "000 Taktik", _secret_samba),
    Tip("tactics.strong_opening", ROYAL, "000 Taktik", _strong_opening),
    Tip("tactics.going_out_time", ALL, "000 Taktik", _going_out_time),
    Tip("tactics.watch_score", ALL, "000 Taktik", _watch_score),
    Tip("tactics.shed_cards", ALL, "000 Taktik", _shed_cards),
)
