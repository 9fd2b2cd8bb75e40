"""A class's student's part of home: who is signed in, the teacher's lessons with the stars won."""

from __future__ import annotations

import flet as ft

from engine.core.i18n import N_, translate
from tutor.lessons.files import Lesson
from tutor.lessons.progress import LessonProgress
from tutor.views.widgets import FONT, TARGET, Handlers, on


def student_home(lang: str, name: str, class_name: str, assigned: list[str], progress: dict[str, LessonProgress],
                 handlers: Handlers, tables: list[tuple[int, str, str]] | None = None) -> ft.Control:
    """A signed-in student's part of home: who and which class, the table their teacher seated them at,
    their teacher's lessons, sign out."""
    from tutor.lessons.catalog import lesson_catalog

    by_id = {lesson.id: lesson for lesson in lesson_catalog().lessons}
    who = translate(N_("Signed in as {name} · {group}"), lang).format(name=name, group=class_name)
    parts: list[ft.Control] = [ft.Row([
        ft.Semantics(identifier="signed-in", content=ft.Text(who, font_family=FONT, weight=ft.FontWeight.BOLD)),
        ft.Semantics(identifier="sign-out", content=ft.OutlinedButton(
            height=TARGET, content=translate(N_("Sign out"), lang), icon=ft.Icons.LOGOUT,
            on_click=on(handlers.sign_out) if handlers.sign_out else None)),
    ], wrap=True)]
    for number, code, variant in tables or []:
        parts.append(table_call(lang, number, code, variant, handlers))
    lessons = [by_id[i] for i in assigned if i in by_id]
    if lessons:
        parts.append(assigned_list(lang, lessons, progress, handlers))
    return ft.Container(key="student", content=ft.Column(parts, spacing=8))


def table_call(lang: str, number: int, code: str, variant: str, handlers: Handlers) -> ft.Control:
    """The table the teacher seated the student at: one tap takes the seat kept for them."""
    from engine.variants import VARIANTS

    said = translate(N_("Your teacher has seated you at table {number} ({variant})."), lang).format(
        number=number, variant=translate(VARIANTS[variant].title, lang))
    return ft.Container(key=f"class-table-{code}", bgcolor=ft.Colors.GREEN_50, border_radius=8, padding=12,
                        content=ft.Column([
        ft.Semantics(identifier=f"class-table-{code}", live_region=True,
                     content=ft.Text(said, font_family=FONT, size=16, weight=ft.FontWeight.BOLD)),
        ft.Semantics(identifier=f"take-seat-{code}", content=ft.Button(
            height=TARGET, content=translate(N_("Take your seat"), lang), icon=ft.Icons.EVENT_SEAT,
            on_click=on(handlers.take_seat, code) if handlers.take_seat else None))], spacing=8))


def stars_text(stars: int) -> str:
    return "★" * stars + "☆" * (3 - stars)



def assigned_list(lang: str, lessons: list[Lesson], progress: dict[str, LessonProgress],
                  handlers: Handlers) -> ft.Control:
    """The lessons a student's teacher assigned, in the teacher's order, with the stars won."""


    assert handlers.open_lesson is not None
    items: list[ft.Control] = [ft.Text(translate(N_("From your teacher"), lang), size=18, font_family=FONT)]
    for lesson in lessons:
        state = progress.get(lesson.id, LessonProgress())
        marks = stars_text(state.stars) if state.completed else ""
        title = translate(lesson.title, lang)
        items.append(ft.Semantics(identifier=f"assigned-{lesson.id}", label=f"{title} {marks}".strip(),
                                  content=ft.Button(height=TARGET, on_click=on(handlers.open_lesson, lesson.id, 0),
                                                    content=ft.Row([ft.Text(title, font_family=FONT),
                                                                    ft.Text(marks, font_family=FONT)],
                                                                   tight=True, spacing=8))))
    return ft.Container(key="assigned", bgcolor=ft.Colors.BLUE_50, border_radius=8, padding=12,
                        content=ft.Column(items, spacing=6))
