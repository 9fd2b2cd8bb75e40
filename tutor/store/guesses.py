"""How often a class's join may fail, kept in the store so that it holds across app processes and
against tries sent at once (docs/classroom.md, "Guessing limits"): :class:`Guessing` and its buckets."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import NamedTuple

from sqlalchemy import delete, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import SQLAlchemyError

from tutor.lessons.progress import MAX_NAME
from tutor.store.files import LOG
from tutor.store.schema import guesses
from tutor.store.store import Store


class TooManyTries(Exception):
    """A join refused before anything was checked: a guessing bucket is empty; ``wait`` seconds."""

    def __init__(self, wait: float) -> None:
        super().__init__(f"too many tries: wait {wait:.0f} s")
        self.wait = wait



class Limit(NamedTuple):
    burst: float  # tries at once
    rate: float  # then this many a second



FORGET = 3600.0  # seconds: a bucket untouched this long is full again (every limit refills sooner) and is dropped



class Guessing:
    """How often a join may fail: per client address, per class code, per student (code and name).

    A 4-digit PIN has 10,000 values. A name's bucket allows 5 wrong PINs, then one a minute (half
    the PINs: about 3.5 days); a code's allows 30, then one every 30 s, so trying each student of
    a class of 30 in turn still takes hours; an address's allows 10 failures (unknown codes or
    wrong PINs), then one every 15 s. A class joining at once fails little: correct joins cost nothing.

    The buckets are rows of the store (``guesses``), shared by every app process on it. A join takes
    a try from each of its three buckets in one transaction, all or none, before the code is looked
    up or the PIN checked; a correct join gives them back, an unknown code gives back the code's and
    the name's. So twenty tries sent at once get five checks, not twenty, whichever process they reach.
    """

    def __init__(self, clock: Callable[[], float] = time.time, address: Limit = Limit(10, 1 / 15),
                 code: Limit = Limit(30, 1 / 30), name: Limit = Limit(5, 1 / 60)) -> None:
        self.clock, self.address, self.code, self.name = clock, address, code, name
        self.pruned = 0.0

    def keys(self, client: str, code: str, name: str) -> dict[str, Limit]:
        """The three buckets of a try: the address's, the code's (``code`` as
        :func:`tutor.store.classes.normal_code` gives it) and the student's."""
        code = code[:12]  # as tutor.store.classes.normal_code gives it
        return {f"address:{client[:100]}": self.address, f"code:{code}": self.code,
                f"name:{code}:{' '.join(name.split()).casefold()[:MAX_NAME * 2]}": self.name}

    def take(self, store: Store, keys: dict[str, Limit]) -> float:
        """One try from each bucket of ``keys``, in one transaction: 0 if taken, else the seconds
        until every bucket has one again (and none is taken)."""
        now = self.clock()
        ordered = sorted(keys)  # every transaction locks the rows in one order: no deadlock
        with store.engine.begin() as db:
            upsert = postgresql.insert if db.dialect.name == "postgresql" else sqlite.insert
            for key in ordered:  # on SQLite the first write takes the store's write lock until the commit
                db.execute(upsert(guesses).values(key=key, tokens=keys[key].burst, stamp=now)
                           .on_conflict_do_nothing(index_elements=["key"]))
            rows = db.execute(select(guesses.c.key, guesses.c.tokens, guesses.c.stamp)
                              .where(guesses.c.key.in_(ordered)).order_by(guesses.c.key).with_for_update()).all()
            levels = {str(key): _level(keys[str(key)], tokens, stamp, now) for key, tokens, stamp in rows}
            wait = max((((1 - level) / keys[key].rate) for key, level in levels.items() if level < 1), default=0.0)
            if wait == 0:
                for key, level in levels.items():
                    db.execute(update(guesses).where(guesses.c.key == key).values(tokens=level - 1, stamp=now))
        self._prune(store, now)
        return wait

    def give_back(self, store: Store, keys: dict[str, Limit]) -> None:
        """The try taken from each bucket of ``keys`` given back (a correct join costs nothing)."""
        if not keys:
            return
        now = self.clock()
        try:
            with store.engine.begin() as db:
                rows = db.execute(select(guesses.c.key, guesses.c.tokens, guesses.c.stamp)
                                  .where(guesses.c.key.in_(sorted(keys))).order_by(guesses.c.key)
                                  .with_for_update()).all()
                for key, tokens, stamp in rows:
                    limit = keys[str(key)]
                    db.execute(update(guesses).where(guesses.c.key == key).values(
                        tokens=min(limit.burst, _level(limit, tokens, stamp, now) + 1), stamp=now))
        except SQLAlchemyError as error:  # the try stays taken: the limit errs on the safe side
            LOG.error("a sign-in try cannot be given back: %s", error)

    def _prune(self, store: Store, now: float) -> None:
        """Buckets untouched for FORGET seconds (full again), dropped once a minute at most."""
        if now - self.pruned < 60:
            return
        self.pruned = now
        try:
            with store.engine.begin() as db:
                old = select(guesses.c.key).where(guesses.c.stamp < now - FORGET)
                if db.dialect.name == "postgresql":  # a bucket being taken now is left to its taker
                    old = old.with_for_update(skip_locked=True)
                db.execute(delete(guesses).where(guesses.c.key.in_(old.scalar_subquery())))
        except SQLAlchemyError as error:
            LOG.warning("old guessing buckets cannot be dropped: %s", error)



def _level(limit: Limit, tokens: float, stamp: float, now: float) -> float:
    """A bucket's tries at ``now``: what it had at ``stamp``, refilled since (a clock set back refills nothing)."""
    return min(limit.burst, float(tokens) + max(0.0, now - float(stamp)) * limit.rate)
