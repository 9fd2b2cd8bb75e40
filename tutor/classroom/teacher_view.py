"""Pure views of the teacher's view: the model's data (``tutor.classroom.teacher``) and the callbacks in,
Flet controls out. Every control a person acts on has a screen-reader label and a stable
``Semantics`` identifier (the end-to-end tests use them); the grid's cells say their stars in words.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

import flet as ft
import flet_charts as fch
import flet_datatable2 as fdt

from engine.core.i18n import N_, translate
from engine.variants import VARIANTS
from tutor.classroom.teacher import (
    RECOVERED_READ,
    RECOVERED_TITLE,
    Desk,
    Grid,
    Row,
    TrapLine,
    by_lesson,
    recovered_lines,
)
from tutor.lessons.catalog import VARIANT_ORDER, Lesson
from tutor.store.classes import ClassInfo
from tutor.store.salvage import Salvage
from tutor.views.widgets import FONT, TARGET, language_menu, on

NAME_WIDTH, PHONE_NAME_WIDTH, NOW_WIDTH, ACTIVE_WIDTH, LESSON_WIDTH = 210, 190, 150, 120, 112
TABLES_WIDTH = 130  # a student's games at the class's tables
ROW_HEIGHT, HEADER_HEIGHT = 48, 138
GRID_MIN_HEIGHT, GRID_MARGIN = 320, 120  # the grid's own height: the window's, less the room for the tabs above it
CHART_BARS = 10  # the chart shows the most-fallen traps; the list below it names them all
TABS = {"grid": N_("The class"), "traps": N_("Traps"), "assign": N_("Assign lessons"), "tables": N_("Tables")}


@dataclass(frozen=True)
class TeacherHandlers:
    """What the teacher's shell does when the teacher acts; views only pass these on."""

    type_text: Callable[[str, str], object]  # ("password" | "class", the text typed)
    sign_in: Callable[[], object]
    sign_out: Callable[[], object]
    set_language: Callable[[str], object]
    create_class: Callable[[], object]
    open_class: Callable[[int], object]
    tab: Callable[[str], object]
    reset_pin: Callable[[int], object]
    dismiss_pin: Callable[[], object]
    remove: Callable[[int], object]
    confirm_remove: Callable[[bool], object]
    assign: Callable[[str, bool], object]  # a lesson, and whether it is assigned from now on
    choose_variant: Callable[[str], object]
    download: Callable[[], object]
    demo: Callable[[str], object] | None = None  # a lesson shown on the projector (tutor.classroom.demo); None: not here
    read_recovered: Callable[[], object] | None = None  # the teacher has read what a damaged store kept


def projector(desk: Desk, handlers: TeacherHandlers, lesson: str, title: str) -> ft.Control | None:
    """The button that shows a lesson on the projector, step by step (where it is offered)."""
    if handlers.demo is None:
        return None
    return ft.Semantics(identifier=f"demo-{lesson}", content=ft.IconButton(
        ft.Icons.CO_PRESENT, tooltip=_(desk, N_("Show {lesson} on the projector")).format(lesson=title),
        on_click=on(handlers.demo, lesson)))


def _(desk: Desk, text: str) -> str:
    return translate(text, desk.lang)


def text(value: str, size: float | None = None, bold: bool = False, **kwargs: Any) -> ft.Text:  # Flet's keywords
    return ft.Text(value, size=size, weight=ft.FontWeight.BOLD if bold else None, font_family=FONT, **kwargs)


def button(identifier: str, label: str, action: Callable[..., object], *args: object,
           icon: ft.IconData | None = None, filled: bool = True) -> ft.Control:
    kind = ft.Button if filled else ft.TextButton
    return ft.Semantics(identifier=identifier, content=kind(height=TARGET, content=label, icon=icon,
                                                            on_click=on(action, *args)))


def typed(handlers: TeacherHandlers, name: str) -> Callable[[ft.Event[ft.TextField]], Awaitable[None]]:
    """A text field's change handler: the text typed goes to the shell (async, so Flet awaits it)."""

    async def handler(event: ft.Event[ft.TextField]) -> None:
        result = handlers.type_text(name, str(event.control.value or ""))
        if inspect.isawaitable(result):
            await result

    return handler


def message_line(desk: Desk) -> ft.Control:
    return ft.Semantics(identifier="teacher-message", live_region=True,
                        content=text(desk.message, color=ft.Colors.RED_800)) if desk.message else ft.Container()


def sign_in_view(desk: Desk, handlers: TeacherHandlers, problem: str = "") -> ft.Control:
    """The password, asked on every new session; ``problem``: why no one can sign in here."""
    rows: list[ft.Control] = [text(_(desk, N_("The teacher's view")), 26, True, key="teacher-title"),
                              language_menu(desk.lang, handlers)]
    if problem:
        rows.append(ft.Semantics(identifier="teacher-message", content=text(problem, 16)))
    else:
        field = ft.TextField(label=_(desk, N_("The teacher's password")), password=True, can_reveal_password=True,
                             value=desk.drafts.get("password", ""), autofocus=True, width=360,
                             on_change=typed(handlers, "password"),
                             on_submit=on(handlers.sign_in))
        rows += [ft.Semantics(identifier="teacher-password", content=field),
                 button("teacher-sign-in", _(desk, N_("Sign in")), handlers.sign_in, icon=ft.Icons.LOGIN),
                 message_line(desk)]
    return ft.Column(rows, spacing=14, key="teacher-sign-in-screen", scroll=ft.ScrollMode.AUTO, expand=True)


def class_bar(desk: Desk, classes: Sequence[ClassInfo], handlers: TeacherHandlers) -> ft.Control:
    """The classes to open, and a new one by name."""
    chips = [ft.Semantics(identifier=f"class-{c.id}", selected=c.id == desk.class_id, content=ft.TextButton(
        height=TARGET, on_click=on(handlers.open_class, c.id),
        content=text(c.name, bold=c.id == desk.class_id))) for c in classes]
    name = ft.TextField(label=_(desk, N_("New class's name")), value=desk.drafts.get("class", ""), width=260,
                        on_change=typed(handlers, "class"),
                        on_submit=on(handlers.create_class))
    return ft.Row([*chips, ft.Semantics(identifier="class-name", content=name),
                   button("create-class", _(desk, N_("Create the class")), handlers.create_class, icon=ft.Icons.ADD)],
                  wrap=True, spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER)


def join_code(desk: Desk, info: ClassInfo, wide: bool) -> ft.Control:
    """The class's join code, large enough to read from the back of the room."""
    spaced = f"{info.code[:3]} {info.code[3:]}"
    return ft.Container(bgcolor=ft.Colors.AMBER_50, border_radius=10, padding=14, content=ft.Column([
        text(_(desk, N_("Join code of {name}")).format(name=info.name), 18 if not wide else 26),
        ft.Semantics(identifier="class-code", label=info.code,
                     content=text(spaced, 44 if not wide else 96, True)),
        text(_(desk, N_("Students open this app on their phone or laptop and type this class code, their name and a PIN of 4 to 8 digits.")),
             14 if not wide else 22),
    ], spacing=4))


def banners(desk: Desk, grid: Grid | None, handlers: TeacherHandlers) -> list[ft.Control]:
    """A new PIN (shown once) and a removal waiting for "yes"."""
    shown: list[ft.Control] = []
    if desk.new_pin is not None:
        _student, name, pin = desk.new_pin
        shown.append(ft.Container(bgcolor=ft.Colors.GREEN_50, padding=12, border_radius=8, key="new-pin",
                                  content=ft.Column([
            ft.Semantics(identifier="new-pin", content=text(
                _(desk, N_("The new PIN of {name} is {pin}. Tell them now: it is not shown again.")).format(
                    name=name, pin=pin), 20, True)),
            button("new-pin-done", _(desk, N_("Done")), handlers.dismiss_pin, icon=ft.Icons.CHECK)], spacing=8)))
    if desk.removing is not None and grid is not None:
        name = next((r.name for r in grid.rows if r.student == desk.removing), "")
        shown.append(ft.Container(bgcolor=ft.Colors.RED_50, padding=12, border_radius=8, key="removing",
                                  content=ft.Column([
            ft.Semantics(identifier="remove-question", content=text(_(desk, N_(
                "Remove {name} from the class, with all their results? This cannot be undone.")).format(name=name), 18)),
            ft.Row([button("remove-yes", _(desk, N_("Remove")), handlers.confirm_remove, True,
                           icon=ft.Icons.DELETE),
                    button("remove-no", _(desk, N_("Keep")), handlers.confirm_remove, False, filled=False)],
                   wrap=True)], spacing=8)))
    return shown


def _cell(content: ft.Control, bgcolor: str | None = None, **kwargs: Any) -> ft.Container:  # Flet's keywords
    """A cell's content, filling its cell (every row one height: the names stay beside their cells)."""
    return ft.Container(padding=ft.Padding.symmetric(horizontal=6, vertical=2), content=content, bgcolor=bgcolor,
                        alignment=ft.Alignment.CENTER_LEFT, expand=True, **kwargs)


def _columns(desk: Desk, grid: Grid, handlers: TeacherHandlers, name_width: float) -> list[fdt.DataColumn2 | ft.DataColumn]:
    """The header row: the lessons' names, which stay in view as the rows scroll under them."""
    def column(width: float, label: ft.Control, bgcolor: str | None = None) -> fdt.DataColumn2:
        return fdt.DataColumn2(label=_cell(label, bgcolor), fixed_width=width)

    return [
        column(name_width, text(_(desk, N_("Student")), bold=True)),
        column(NOW_WIDTH, text(_(desk, N_("Now on")), bold=True)),
        column(ACTIVE_WIDTH, text(_(desk, N_("Last active")), bold=True)),
        column(TABLES_WIDTH, text(_(desk, N_("At tables")), bold=True)),
        *[column(LESSON_WIDTH, ft.Semantics(identifier=f"column-{c.lesson}", content=ft.Column([
            text(c.title, 13, c.assigned, max_lines=3, overflow=ft.TextOverflow.ELLIPSIS, tooltip=c.title),
            text(c.variant + (" · " + _(desk, N_("assigned")) if c.assigned else ""), 11, color=ft.Colors.GREY_700,
                 max_lines=2),
            *filter(None, [projector(desk, handlers, c.lesson, c.title)]),
        ], spacing=1, tight=True)), ft.Colors.BLUE_50 if c.assigned else None) for c in grid.columns],
    ]


def _name(desk: Desk, row: Row, handlers: TeacherHandlers) -> ft.Control:
    """A student's name, with a new PIN and removal at hand."""
    actions = ft.Row([
        ft.Semantics(identifier=f"reset-pin-{row.student}", content=ft.IconButton(
            ft.Icons.KEY, tooltip=_(desk, N_("New PIN for {name}")).format(name=row.name),
            on_click=on(handlers.reset_pin, row.student))),
        ft.Semantics(identifier=f"remove-{row.student}", content=ft.IconButton(
            ft.Icons.PERSON_REMOVE, tooltip=_(desk, N_("Remove {name}")).format(name=row.name),
            on_click=on(handlers.remove, row.student))),
    ], spacing=0, tight=True)
    return _cell(ft.Row([ft.Semantics(identifier=f"student-{row.student}", content=text(
        row.name, bold=True, expand=True, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS)),
        actions], spacing=2, vertical_alignment=ft.CrossAxisAlignment.CENTER), key=f"name-{row.student}")


def _row(desk: Desk, grid: Grid, row: Row, handlers: TeacherHandlers) -> fdt.DataRow2:
    cells = [_cell(ft.Semantics(
        identifier=f"cell-{row.student}-{c.lesson}", label=f"{row.name}, {c.title}: {m.label}",
        content=text(m.text, 20 if m.tried else 16, m.mastered, color=ft.Colors.GREEN_800 if m.mastered else None)),
        bgcolor=ft.Colors.YELLOW_100 if m.open_now else None) for c, m in zip(grid.columns, row.marks)]
    return fdt.DataRow2(key=f"row-{row.student}", cells=[ft.DataCell(content) for content in [
        _name(desk, row, handlers),
        _cell(ft.Semantics(identifier=f"now-on-{row.student}",
                           content=text(row.now_on or "–", 13, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS))),
        _cell(ft.Semantics(identifier=f"active-{row.student}", content=text(row.active, 13))),
        _cell(ft.Semantics(identifier=f"tables-{row.student}", label=f"{row.name}, {row.tables_said}",
                           exclude_semantics=True, content=text(row.tables, 13, max_lines=2, tooltip=row.tables_said,
                                                                overflow=ft.TextOverflow.ELLIPSIS))),
        *cells]])


def grid_view(desk: Desk, grid: Grid, handlers: TeacherHandlers, width: float = 1280,
              height: float = 800) -> ft.Control:
    """Students × lessons: stars, mastered, the lesson open now, last active. A table of its own
    (flet-datatable2: one Flutter widget whose parts scroll together), at most the window's height:
    the header row with the lessons' names stays on top as the rows scroll up and down, the names
    stay at the left as the lessons scroll sideways (wheel, touch)."""
    if not grid.rows:
        return ft.Semantics(identifier="no-students", content=text(_(desk, N_(
            "No student has joined yet. When they join with the code, they appear here at once.")), 16))
    name_width = NAME_WIDTH if width >= 600 else PHONE_NAME_WIDTH
    full = HEADER_HEIGHT + ROW_HEIGHT * len(grid.rows) + 16  # 16: the sideways scroll bar
    table = fdt.DataTable2(
        columns=_columns(desk, grid, handlers, name_width), rows=[_row(desk, grid, r, handlers) for r in grid.rows],
        fixed_left_columns=1, fixed_top_rows=1, heading_row_height=HEADER_HEIGHT, data_row_height=ROW_HEIGHT,
        column_spacing=0, horizontal_margin=0, divider_thickness=1, key="grid-scroll",
        min_width=name_width + NOW_WIDTH + ACTIVE_WIDTH + TABLES_WIDTH + LESSON_WIDTH * len(grid.columns),
        fixed_columns_color=ft.Colors.SURFACE, fixed_corner_color=ft.Colors.SURFACE,
        height=min(full, max(GRID_MIN_HEIGHT, height - GRID_MARGIN)))
    legend = text(_(desk, N_("★ stars of the best solve · bold green: mastered · … tried, not solved yet · "
                             "yellow: working on it now")), 12, color=ft.Colors.GREY_700)
    return ft.Semantics(identifier="class-grid", content=ft.Column([table, legend], spacing=6))


def trap_chart(desk: Desk, lines: Sequence[TrapLine], width: float) -> ft.Control:
    """The most-fallen traps as bars: the share of the students who tried the lesson (a bar's
    number is its line's in the list)."""
    shown = lines[:CHART_BARS]
    groups = [fch.BarChartGroup(x=i + 1, rods=[fch.BarChartRod(
        from_y=0, to_y=round(100 * line.students / max(line.of, 1)), width=min(28, width / (2 * len(shown) + 2)),
        color=ft.Colors.DEEP_ORANGE_400, bg_to_y=100, bgcolor=ft.Colors.GREY_200,
        border_radius=ft.BorderRadius.only(top_left=4, top_right=4),
        tooltip=f"{i + 1}. {line.sentence}")]) for i, line in enumerate(shown)]
    chart = fch.BarChart(
        groups=groups, max_y=100, min_y=0, interactive=True,
        left_axis=fch.ChartAxis(label_size=40, labels=[fch.ChartAxisLabel(value=v, label=text(f"{v}%", 11))
                                                       for v in (0, 50, 100)]),
        bottom_axis=fch.ChartAxis(label_size=24, labels=[fch.ChartAxisLabel(value=i + 1, label=text(str(i + 1), 12))
                                                         for i in range(len(shown))]),
        horizontal_grid_lines=fch.ChartGridLines(interval=25, color=ft.Colors.GREY_300, width=1))
    summary = "; ".join(f"{i + 1}. {line.lesson_title}: {line.sentence}" for i, line in enumerate(shown))
    return ft.Semantics(identifier="trap-chart", label=summary, content=ft.Column([
        text(_(desk, N_("Share of the students who tried the lesson and fell into the trap")), 14, True),
        ft.Container(content=chart, width=min(width, 640), height=220, padding=ft.Padding.only(top=8, right=8)),
    ], spacing=4))


def traps_view(desk: Desk, lines: Sequence[TrapLine], width: float) -> ft.Control:
    if not lines:
        return ft.Semantics(identifier="no-traps", content=text(_(desk, N_(
            "No one has fallen into a lesson's trap yet.")), 16))
    number = {id(line): i + 1 for i, line in enumerate(lines)}
    parts: list[ft.Control] = [trap_chart(desk, lines, width)]
    for title, items in by_lesson(lines):
        parts.append(text(title, 18, True))
        for line in items:
            parts.append(ft.Semantics(identifier=f"trap-{number[id(line)]}", content=ft.Container(
                padding=ft.Padding.only(left=10), border=ft.Border.only(left=ft.BorderSide(4, ft.Colors.DEEP_ORANGE_200)),
                content=ft.Column([text(f"{number[id(line)]}. {line.sentence}:", 15, True),
                                   text(line.text, 14)], spacing=2))))
    return ft.Column(parts, spacing=10, key="traps")


def assign_view(desk: Desk, lessons: Sequence[Lesson], assigned: Sequence[str], handlers: TeacherHandlers) -> ft.Control:
    """Lessons of one variant at a time, ticked when assigned; the assigned ones listed in order."""
    chosen = set(assigned)
    variants = ft.Row([ft.Semantics(identifier=f"assign-variant-{name}", selected=name == desk.variant,
                                    content=ft.TextButton(height=TARGET, on_click=on(handlers.choose_variant, name),
                                                          content=text(_(desk, VARIANTS[name].title),
                                                                       bold=name == desk.variant)))
                       for name in VARIANT_ORDER], wrap=True, spacing=4)
    boxes: list[ft.Control] = [ft.Row([ft.Semantics(identifier=f"assign-{lesson.id}", content=ft.Checkbox(
        label=_(desk, lesson.title), value=lesson.id in chosen,
        on_change=on(handlers.assign, lesson.id, lesson.id not in chosen))),
        *filter(None, [projector(desk, handlers, lesson.id, _(desk, lesson.title))])], spacing=4, wrap=True)
        for lesson in lessons if lesson.variant == desk.variant]
    titles = {lesson.id: _(desk, lesson.title) for lesson in lessons}
    listing = ", ".join(f"{i + 1}. {titles.get(lesson, lesson)}" for i, lesson in enumerate(assigned))
    summary = ft.Semantics(identifier="assigned-list", content=text(
        _(desk, N_("Assigned, in this order: {lessons}")).format(lessons=listing) if assigned else
        _(desk, N_("No lesson is assigned: students choose their own.")), 14))
    return ft.Column([text(_(desk, N_("A student's home shows the assigned lessons first.")), 14),
                      summary, variants, ft.Column(boxes, spacing=0)], spacing=8, key="assign")


def tabs(desk: Desk, handlers: TeacherHandlers) -> ft.Control:
    return ft.Row([ft.Semantics(identifier=f"tab-{name}", selected=name == desk.tab, content=ft.TextButton(
        height=TARGET, on_click=on(handlers.tab, name), content=text(_(desk, label), 16, name == desk.tab)))
        for name, label in TABS.items()], wrap=True, spacing=4)


def recovered_view(desk: Desk, found: Salvage, handlers: TeacherHandlers) -> ft.Control:
    """A damaged store recovered: what was kept and lost, and where the damaged file is, until read."""
    lines: list[ft.Control] = [text(_(desk, RECOVERED_TITLE), 20, True)]
    lines += [text(line, 16, selectable=True) for line in recovered_lines(found, desk.lang)]
    if handlers.read_recovered is not None:
        lines.append(button("recovered-read", _(desk, RECOVERED_READ), handlers.read_recovered, icon=ft.Icons.CHECK))
    return ft.Semantics(identifier="store-recovered", live_region=True, content=ft.Container(
        bgcolor=ft.Colors.ORANGE_50, border=ft.Border.all(2, ft.Colors.ORANGE_700), border_radius=8, padding=12,
        key="store-recovered", content=ft.Column(lines, spacing=8)))


def desk_view(desk: Desk, classes: Sequence[ClassInfo], handlers: TeacherHandlers, body: ft.Control | None,
              grid: Grid | None, width: float, recovered: Salvage | None = None) -> ft.Control:
    """The signed-in teacher's page: what a damaged store kept (until read), the classes, the open
    class's join code, its tabs and tab."""
    wide = width >= 1600
    top = ft.Row([text(_(desk, N_("The teacher's view")), 26, True, expand=True),
                  button("teacher-sign-out", _(desk, N_("Sign out")), handlers.sign_out, icon=ft.Icons.LOGOUT,
                         filled=False)], vertical_alignment=ft.CrossAxisAlignment.CENTER)
    rows: list[ft.Control] = [top, language_menu(desk.lang, handlers)]
    if recovered is not None:
        rows.append(recovered_view(desk, recovered, handlers))
    rows += [class_bar(desk, classes, handlers), message_line(desk)]
    info = next((c for c in classes if c.id == desk.class_id), None)
    if info is None:
        rows.append(text(_(desk, N_("Create a class, or open one above.")) if not classes else
                         _(desk, N_("Open a class above.")), 16))
    else:
        rows += [join_code(desk, info, wide), *banners(desk, grid, handlers),
                 ft.Row([tabs(desk, handlers),
                         button("download-csv", _(desk, N_("Download the results (CSV)")), handlers.download,
                                icon=ft.Icons.DOWNLOAD, filled=False)], wrap=True)]
        if body is not None:
            rows.append(body)
    return ft.Column(rows, spacing=12, scroll=ft.ScrollMode.AUTO, expand=True, key="teacher-desk")
