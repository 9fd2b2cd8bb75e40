"""Progress in the store (tutor.store, on SQLite and PostgreSQL): profiles, completion and mastery,
the review queue's intervals (tutor.lessons.progress), surviving a restart and a killed process."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tutor.lessons.progress import DAY, INTERVALS, ProgressError
from tutor.store import Learners, forget_open_stores, open_store

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def store(url: str, tmp_path: Path) -> Iterator[Learners]:
    opened, _ = open_store(url, tmp_path)
    yield opened.learners(opened.device(None)[0])


def test_profiles_are_kept_apart(store: Learners) -> None:
    anna, bo = store.add_profile("Anna"), store.add_profile("  Bo   Ek ")
    assert [p.name for p in store.profiles()] == ["Anna", "Bo Ek"]
    store.record(anna.id, "classic-frozen-pile", 0, 3, 0, 0, now=0)
    assert store.lesson(anna.id, "classic-frozen-pile").completed
    assert not store.lesson(bo.id, "classic-frozen-pile").completed


@pytest.mark.parametrize(("name", "words"), [("", "empty"), ("x" * 41, "40"), ("Anna", "already")])
def test_a_bad_name_is_refused_in_the_learners_language(store: Learners, name: str, words: str) -> None:
    store.add_profile("Anna")
    with pytest.raises(ProgressError) as error:
        store.add_profile(name)
    assert words in str(error.value)
    assert error.value.explanation("sv") != str(error.value)  # translated
    assert [p.name for p in store.profiles()] == ["Anna"]


def test_mastery_needs_a_clean_solve_of_a_fresh_deal(store: Learners) -> None:
    me = store.add_profile("Anna").id
    store.record(me, "l", 0, 3, 0, 0, now=0)
    assert not store.lesson(me, "l").mastered  # the same deal again proves little
    store.record(me, "l", 1, 2, 0, 1, now=1)
    assert not store.lesson(me, "l").mastered  # a hint was used
    progress = store.record(me, "l", 1, 3, 0, 0, now=2)
    assert progress.mastered and progress.stars == 3 and progress.attempts == 3
    assert store.deals_played(me, "l") == [0, 1, 1]


def test_a_trap_comes_back_at_growing_intervals_and_a_miss_starts_over(store: Learners) -> None:
    me = store.add_profile("Anna").id
    store.record(me, "l", 0, 2, 1, 0, now=0)
    assert store.due(me, now=DAY - 1) == [] and store.due(me, now=DAY) == ["l"]
    now = DAY
    for step in range(1, len(INTERVALS)):
        store.record(me, "l", 1, 3, 0, 0, now=now)
        assert store.lesson(me, "l").review_due == now + INTERVALS[step] * DAY
        store.record(me, "l", 1, 3, 0, 0, now=now + 1)  # early practice does not move the date
        assert store.lesson(me, "l").review_due == now + INTERVALS[step] * DAY
        now += INTERVALS[step] * DAY
    store.record(me, "l", 1, 3, 0, 0, now=now)
    assert store.lesson(me, "l").review_due is None and store.due(me, now=now * 2) == []
    store.record(me, "l", 1, 2, 2, 0, now=now)  # a miss starts over
    assert store.lesson(me, "l").review_due == now + INTERVALS[0] * DAY


def test_an_unsolved_attempt_after_a_mistake_is_queued_without_an_attempt(store: Learners) -> None:
    me = store.add_profile("Anna").id
    store.record(me, "b", 0, 2, 1, 0, now=0)
    store.queue_review(me, "a", now=10)
    assert store.all_lessons(me)["a"].attempts == 0 and store.due(me, now=10 + DAY) == ["b", "a"]


def test_progress_survives_a_restart_and_a_killed_process(url: str, tmp_path: Path) -> None:
    # a process records an attempt and is killed before it could close anything
    script = (f"import os, pathlib; from tutor.store import open_store; s, _ = open_store({url!r}, pathlib.Path({str(tmp_path)!r}));"
              "d = s.device(None)[0]; p = s.learners(d); me = p.add_profile('Anna').id;"
              "p.record(me, 'l', 1, 3, 0, 0, now=5); print(d, flush=True); os.kill(os.getpid(), 9)")
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode != 0 and done.stdout.strip(), done.stderr
    forget_open_stores()
    opened, _ = open_store(url, tmp_path)
    learners = opened.learners(done.stdout.strip())
    (anna,) = learners.profiles()
    assert learners.lesson(anna.id, "l").mastered
    assert learners.all_lessons(anna.id)["l"].stars == 3


def test_an_unknown_profile_is_refused(store: Learners) -> None:
    with pytest.raises(ProgressError):
        store.record(7, "l", 0, 3, 0, 0)
