"""Table codes: short enough to read out in a classroom, too many to guess (40 bits), and forgiving in
how they are typed (case, spaces, dashes; no 0/O or 1/I to confuse)."""

from __future__ import annotations

import hashlib
import secrets

ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # 32 letters: 5 bits each
LENGTH = 8


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def read_code(typed: str) -> str | None:
    """The code as typed (``abcd-efgh``, with spaces, or a whole link ending in ``?table=CODE``), or
    ``None`` if it cannot be one."""
    text = typed.strip()
    if "table=" in text:
        text = text.rsplit("table=", 1)[1].split("&", 1)[0]
    code = "".join(c for c in text.upper() if c not in " -")
    if len(code) != LENGTH or any(c not in ALPHABET for c in code):
        return None
    return code


def person_key(owner: object) -> str:
    """Who sits at a seat, as the table keeps it: a digest of the device's id (or a student's learner),
    so the table's data never holds the key a browser keeps to its things."""
    return hashlib.sha256(f"canasta-person:{owner}".encode()).hexdigest()[:24]
