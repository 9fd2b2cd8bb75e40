"""The lesson extractor brings a lesson file's texts into the catalog template."""

from __future__ import annotations

import io

from tutor.text.babel_lessons import extract_lessons

LESSON = b'''
id = "classic-frozen-pile"
variant = "classic"
title = "Freezing the pile"
goal = "Take the frozen pile with a natural pair."

[[steps]]
text = "The pile holds a wild card: it is frozen."
action = { type = "draw" }

[hints]
gentle = "Look at your pairs."
explicit = "Meld your two 7s with the 7 on top."
'''


def test_texts_come_out_with_their_fields() -> None:
    found = {message: (line, comments) for line, _, message, comments in
             extract_lessons(io.BytesIO(LESSON), [], [], {})}
    assert set(found) == {
        "Freezing the pile", "Take the frozen pile with a natural pair.",
        "The pile holds a wild card: it is frozen.", "Look at your pairs.", "Meld your two 7s with the 7 on top.",
    }
    assert found["Freezing the pile"] == (4, ["lesson field: title"])
    assert found["Look at your pairs."][1] == ["lesson field: hints.gentle"]
    assert "classic" not in found and "draw" not in found
