"""The teacher's tables for people (a mixin of :class:`tutor.classroom.teacher_app.TeacherSession`): making
tables from the class list (those who are here, or the students picked, at tables of four in partnerships,
computer players of a chosen level in the seats left), the class's tables listed live, one of them on the
projector with the hands hidden, a table started or ended. Only a signed-in teacher, for the class open
on their desk: a table of another class is neither started nor ended from here (docs/classroom.md)."""

from __future__ import annotations

import asyncio
import contextvars
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tutor.store import Store
from tutor.store.class_tables import ClassTables
from tutor.store.tables import table_topic
from tutor.tables.hub import hub_for
from tutor.tables.plan import LEVELS
from tutor.tables.seating import SIZE, WAITS, class_seats, groups, here, table_of_five, table_of_four

LOG = logging.getLogger("tutor.classroom.teacher")


@dataclass
class Making:
    """What the teacher has chosen for the next tables: the variant, the computer players' level, the time
    a table waits for a person, and the students picked (in the order picked)."""

    variant: str = "classic"
    level: str = "basic"
    wait: float = 60.0
    picked: list[int] = field(default_factory=list)


class TeacherTables:
    """The tables' handlers of the teacher's session (its ``desk``, ``shown``, ``store`` and ``read``)."""

    store: Store
    desk: Any
    shown: Any
    making: Making
    projected: str | None  # the code of the table on the projector
    table_topics: dict[str, Callable[[], None]]

    def setup_tables(self) -> None:
        self.making, self.projected, self.table_topics = Making(), None, {}

    def render(self) -> None: ...  # the session's

    async def read(self, urgent: bool = True) -> None: ...  # the session's

    def _mine(self) -> int | None:
        """The class open on a signed-in teacher's desk (``None``: nothing a teacher may do now)."""
        return self.desk.class_id if self.desk.signed_in else None

    # -- choosing ------------------------------------------------------------------------------

    async def tables_variant(self, variant: str) -> None:
        if self._mine() is not None:
            self.making.variant = variant
            self.render()

    async def tables_level(self, level: str) -> None:
        if self._mine() is not None and level in LEVELS:
            self.making.level = level
            self.render()

    async def tables_wait(self, wait: float) -> None:
        if self._mine() is not None and wait in WAITS:
            self.making.wait = wait
            self.render()

    async def pick(self, student: int) -> None:
        if self._mine() is None:
            return
        picked = self.making.picked
        if student in picked:
            picked.remove(student)
        else:
            picked.append(student)
        self.render()

    # -- making ------------------------------------------------------------------------------

    def _students(self) -> list[tuple[int, str, float | None]]:
        overview = self.shown.overview
        return [] if overview is None else [(s.id, s.name, s.last_active) for s in overview.students]

    async def seat_here(self) -> None:
        """Everyone who is here (active in the last minutes), at tables of four."""
        await self._make(groups(here(self._students()), five=table_of_five(self.making.variant) is not None))

    async def seat_picked(self) -> None:
        """The students picked, in the order picked, at tables of four; the picks are cleared."""
        names = {learner: name for learner, name, _ in self._students()}
        chosen = [(learner, names[learner]) for learner in self.making.picked if learner in names]
        self.making.picked = []
        await self._make(groups(chosen, five=table_of_five(self.making.variant) is not None))

    async def _make(self, tables: Sequence[Sequence[tuple[int, str]]]) -> None:
        class_id = self._mine()
        if class_id is None or not tables:
            self.render()
            return
        making, hub, rows = self.making, hub_for(self.store), ClassTables(self.store)
        try:
            for group in tables:
                five = len(group) > SIZE  # at the variant's table of five: one sits out each hand in turn
                table = table_of_five(making.variant) if five else table_of_four(making.variant)
                actor = await hub.make(making.variant, len(group) if five else SIZE, table,
                                       class_seats(group, making.level), making.wait, class_id)
                await asyncio.to_thread(rows.add, class_id, actor.code)
        except Exception:  # the store is gone for now: the tables made so far stand, the rest are not
            LOG.exception("the class's tables could not all be made")
        await self.read()

    # -- the tables at play ------------------------------------------------------------------

    async def _table(self, code: str) -> Any:
        """The actor of the open class's table ``code`` (``None``: not this class's)."""
        class_id = self._mine()
        if class_id is None or await asyncio.to_thread(ClassTables(self.store).class_of, code) != class_id:
            LOG.warning("a teacher's tab asked for table %s, not of the class open on the desk", code)
            return None
        return await hub_for(self.store).open(code)

    async def start_class_table(self, code: str) -> None:
        """The teacher starts a table before every student has sat down (computer players hold the rest)."""
        actor = await self._table(code)
        if actor is not None:
            await actor.start()
            await self.read()

    async def class_table_hints(self, code: str, on: bool) -> None:
        """The teacher turns a table's hints on or off (the host's switch at a table of one's own)."""
        actor = await self._table(code)
        if actor is not None:
            await actor.set_hints(on)
            await self.read()

    async def end_class_table(self, code: str) -> None:
        class_id = self._mine()
        actor = await self._table(code)
        if actor is None or class_id is None:
            return
        await actor.end()
        await asyncio.to_thread(ClassTables(self.store).ended, class_id, code)
        if self.projected == code:
            self.projected = None
        await self.read()

    async def project(self, code: str | None) -> None:
        """A table of the class on this screen for the projector, the hands hidden (``None``: back)."""
        if code is None or (self._mine() is not None and any(t.code == code for t in self.shown.tables)):
            self.projected = code
            self.render()

    def follow_tables(self, codes: Sequence[str]) -> None:
        """Hear of each listed table's events (its live topic), as of the class's own changes."""
        session = contextvars.copy_context()

        def heard(_topic: str) -> None:
            asyncio.get_running_loop().create_task(self.read(urgent=False), context=session)

        for code in [c for c in self.table_topics if c not in codes]:
            self.table_topics.pop(code)()
        for code in codes:
            if code not in self.table_topics:
                self.table_topics[code] = self.store.live.subscribe(table_topic(code), heard)

    def stop_tables(self) -> None:
        self.follow_tables(())
