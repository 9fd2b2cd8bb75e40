"""A Babel extractor for lesson files, registered as the ``canasta_lessons`` entry point.

Lessons are TOML data, not code, so ``pybabel extract`` cannot find their texts by function
calls; this extractor yields every string stored under a key that holds text a learner reads
(``TEXT_KEYS``), with the key's path as a comment for translators.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator, Mapping, Sequence
from typing import IO, Any

TEXT_KEYS = frozenset({"title", "goal", "text", "hint", "hints", "narration", "feedback", "explanation", "summary"})

Extracted = tuple[int, str | None, str, list[str]]


def _walk(value: Any, path: str, in_text: bool) -> Iterator[tuple[str, str]]:
    if isinstance(value, str):
        if in_text and value.strip():
            yield path, value
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield from _walk(item, f"{path}.{key}" if path else key, in_text or key in TEXT_KEYS)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _walk(item, f"{path}[{index}]", in_text)


def _line_of(source: str, message: str) -> int:
    first = message.splitlines()[0] if message else ""
    where = source.find(first)
    return source.count("\n", 0, where) + 1 if where >= 0 else 1


def extract_lessons(
    fileobj: IO[bytes], keywords: Sequence[str], comment_tags: Sequence[str], options: Mapping[str, Any]
) -> Iterator[Extracted]:
    source = fileobj.read().decode("utf-8-sig")  # a byte-order mark is not the text's
    data = tomllib.loads(source)
    for path, message in _walk(data, "", False):
        yield _line_of(source, message), None, message, [f"lesson field: {path}"]
