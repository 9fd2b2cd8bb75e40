"""The teacher's sign-ins kept by their browsers: a reload of ``/teacher`` does not ask the
password again (tutor/classroom/teacher_app.py).

A sign-in is a random token (256 bits) the teacher's browser keeps in its storage under its own
key; the store keeps only its SHA-256 and when it expires (``LIFETIME`` after the password was
given, not extended by use: a forgotten laptop is not signed in for ever). Signing out deletes it;
a new teacher's password ends every sign-in. A student's sign-in token (``sign_ins``) is another
table's: it can never open the teacher's view, nor the teacher's token a student's session (the
app's sessions never ask this table).
"""

from __future__ import annotations

import secrets
import time

from sqlalchemy import delete, insert, select

from tutor.store.classes import TOKEN, token_key
from tutor.store.schema import teacher_sign_ins
from tutor.store.store import Store

LIFETIME = 7 * 24 * 3600.0  # seconds a browser stays signed in as the teacher


class TeacherSignIns:
    """The teacher's sign-ins of one store."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def start(self, now: float | None = None) -> str:
        """A new sign-in (after the password was checked): the token for the browser to keep.
        Expired sign-ins are cleared on the way."""
        now = time.time() if now is None else now
        token = secrets.token_urlsafe(32)
        with self.store.write() as tx:
            tx.db.execute(delete(teacher_sign_ins).where(teacher_sign_ins.c.expires <= now))
            tx.db.execute(insert(teacher_sign_ins).values(token_hash=token_key(token), created=now,
                                                          expires=now + LIFETIME))
        return token

    def valid(self, token: object, now: float | None = None) -> bool:
        """Whether the token a browser presented is a teacher's sign-in that has not ended."""
        if not isinstance(token, str) or not TOKEN.fullmatch(token):
            return False
        now = time.time() if now is None else now
        with self.store.engine.connect() as db:
            expires = db.execute(select(teacher_sign_ins.c.expires)
                                 .where(teacher_sign_ins.c.token_hash == token_key(token))).scalar()
        return expires is not None and expires > now

    def end(self, token: object) -> None:
        """Signed out: this browser's sign-in ends (the teacher's other browsers stay signed in)."""
        if isinstance(token, str):
            with self.store.write() as tx:
                tx.db.execute(delete(teacher_sign_ins).where(teacher_sign_ins.c.token_hash == token_key(token)))

    def end_all(self) -> None:
        """Every sign-in ends (a new teacher's password)."""
        with self.store.write() as tx:
            tx.db.execute(delete(teacher_sign_ins))
