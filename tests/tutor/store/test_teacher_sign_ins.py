"""The teacher's sign-ins kept by browsers (tutor/store/teacher_sign_ins.py), on SQLite and
PostgreSQL: valid until they expire or end, only a hash stored, a new password ends them all, and
neither a student's token nor the teacher's crosses over."""

from __future__ import annotations

import time

from sqlalchemy import select

from tests.tutor.store.test_store import store  # noqa: F401  (the store on both dialects: conftest.py's url)
from tutor.store import Store
from tutor.store.classes import Classes
from tutor.store.schema import teacher_sign_ins
from tutor.store.teacher_sign_ins import LIFETIME, TeacherSignIns


def test_a_sign_in_holds_until_it_expires_or_ends(store: Store) -> None:  # noqa: F811
    kept = TeacherSignIns(store)
    now = time.time()
    token = kept.start(now)
    other = kept.start(now)
    assert kept.valid(token, now) and kept.valid(token, now + LIFETIME - 1)
    assert not kept.valid(token, now + LIFETIME)  # expired: the password is asked again
    kept.end(token)
    assert not kept.valid(token, now) and kept.valid(other, now)  # the teacher's other browser stays in
    for bad in (None, 42, "", token[:-1] + ("A" if token[-1] != "A" else "B"), "x" * 200):
        assert not kept.valid(bad, now)


def test_only_the_hash_is_stored_and_expired_ones_are_cleared(store: Store) -> None:  # noqa: F811
    kept = TeacherSignIns(store)
    old = kept.start(time.time() - 2 * LIFETIME)
    token = kept.start()
    with store.engine.connect() as db:
        stored = db.execute(select(teacher_sign_ins.c.token_hash)).scalars().all()
    assert len(stored) == 1 and token not in stored and old not in stored and len(stored[0]) == 64


def test_a_new_password_ends_every_sign_in(store: Store) -> None:  # noqa: F811
    school, kept = Classes(store), TeacherSignIns(store)
    school.set_teacher_password("first password")
    token = kept.start()
    school.set_teacher_password("second password")
    assert not kept.valid(token)


def test_a_students_token_is_not_the_teachers_nor_the_other_way(store: Store) -> None:  # noqa: F811
    school, kept = Classes(store), TeacherSignIns(store)
    info = school.create_class("7B")
    _student, student_token = school.join(info.code, "Anna", "1234")
    teacher_token = kept.start()
    assert school.signed_in(student_token) is not None and not kept.valid(student_token)
    assert school.signed_in(teacher_token) is None
