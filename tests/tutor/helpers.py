"""What the tutor's tests share: walking a view's controls, and a lesson with a trap."""

from __future__ import annotations

from collections.abc import Iterator

import flet as ft

HEAD = 'id = "x"\nvariant = "classic"\ntopic = "pile"\nteaches = "pile.frozen"\ntitle = "t"\ngoal = "g"\n'

# A frozen-pile lesson whose trap (drawing instead of taking the pile) plays out two moves.
TRAPPED = HEAD + '''
solution = [{ type = "take_pile", meld = ["7h", "7d"] }]
success = { took_pile = true }

[position]
variant = "classic"
scores = [0, -50]
hands = [["7h", "7d", "9c", "Kd"], 11, 14, 11]
melds = [[["Ah", "Ad", "Ac", "As"]], [["Qh", "Qd", "Qc"]]]
pile = ["5c", "4d", "7s"]
stock = ["6h", "8d", "3h", "Jc"]

[[traps]]
when = { drew = true }
text = "You left the pile for them."
example = [{ type = "draw" }]
consequence = [{ type = "discard", card = "9c" }, { type = "draw" }]

[[variations]]
solution = [{ type = "take_pile", meld = ["7h", "7d"] }]

[variations.position]
variant = "classic"
scores = [-50, -50]
hands = [["7h", "7d", "9c", "Qs"], 11, 14, 11]
melds = [[["Kh", "Kd", "Kc", "Ks"]], [["Jh", "Jd", "Jc"]]]
pile = ["6c", "4h", "7c"]
stock = ["5h", "8h", "4d", "10c"]
'''


def walk(control: object) -> Iterator[object]:
    """Every control below ``control``, itself first."""
    yield control
    for name in ("content", "controls"):
        child = getattr(control, name, None)
        if isinstance(child, list):
            for item in child:
                yield from walk(item)
        elif child is not None and not isinstance(child, str):
            yield from walk(child)


def semantics(view: object) -> dict[str, ft.Semantics]:
    """The view's Semantics nodes by identifier."""
    return {c.identifier: c for c in walk(view) if isinstance(c, ft.Semantics) and c.identifier}
