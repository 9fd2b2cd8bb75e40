"""Pure views of the screens around the table: home (with a first visit's welcome), the
settings, a lesson's panel and the lesson catalog (the rules reference: :mod:`tutor.views.rules`). Like :mod:`tutor.views.widgets`:
data and callbacks in, Flet controls out, no rule decided here."""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from typing import Any

import flet as ft

from engine.core.i18n import N_, translate
from engine.variants import VARIANTS
from tutor.lessons.catalog import TOPICS, Lesson
from tutor.lessons.progress import LessonProgress, Profile, shown_name
from tutor.store.settings import Settings
from tutor.table.model import TableModel
from tutor.text.glossary import definition, lesson_terms
from tutor.views.memo import memo
from tutor.views.student import assigned_list, stars_text
from tutor.views.widgets import FONT, TARGET, AnyEvent, Handlers, _, home_button, language_menu, on, setup_view

SIZE_NAMES: dict[str, str] = {"small": N_("Small cards"), "medium": N_("Medium cards"), "large": N_("Large cards")}


def settings_view(model: TableModel, handlers: Handlers, size: str, four_colour: bool,
                  with_sizes: bool = True) -> ft.Control | None:
    """Card size (large ones for a projector) and four-colour suits."""
    if handlers.change_setting is None:
        return None
    return memo(("settings", with_sizes), (model.lang, size, four_colour, handlers),
                lambda: _settings_view(model, handlers, size, four_colour, with_sizes))


def _settings_view(model: TableModel, handlers: Handlers, size: str, four_colour: bool,
                   with_sizes: bool) -> ft.Control:
    assert handlers.change_setting is not None  # settings_view draws them only then
    sizes = [] if not with_sizes else [ft.Semantics(identifier=f"size-{name}", selected=name == size, content=ft.TextButton(height=TARGET, 
        content=ft.Text(_(model, label), font_family=FONT, weight=ft.FontWeight.BOLD if name == size else None),
        on_click=on(handlers.change_setting, "card_size", name))) for name, label in SIZE_NAMES.items()]
    colours = ft.Semantics(identifier="four-colour", content=ft.Switch(
        label=_(model, N_("Four-colour suits")), value=four_colour,
        on_change=on(handlers.change_setting, "four_colour", not four_colour)))
    return ft.Row([*sizes, colours], wrap=True, spacing=4)


ANIMATIONS = {"off": N_("No animation"), "slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast")}
THEME_NAMES = {"light": N_("Light"), "dark": N_("Dark"), "system": N_("As the system")}
BOT_NAMES = {"beginner": N_("Beginner"), "club": N_("Club player"), "expert": N_("Expert")}


def _choice(model: TableModel, handlers: Handlers, setting: str, value: str, label: str, current: object) -> ft.Control:
    assert handlers.change_setting is not None
    return ft.Semantics(identifier=f"{setting}-{value}", selected=value == current, content=ft.TextButton(height=TARGET, 
        content=ft.Text(_(model, label), font_family=FONT, weight=ft.FontWeight.BOLD if value == current else None),
        on_click=on(handlers.change_setting, setting, value)))


def home_view(model: TableModel, handlers: Handlers, settings: Settings, saved: bool,
              first_lesson: str | None = None, top: ft.Control | None = None) -> ft.Control:
    """Home: on a first visit what the app is and where to start; then continue the game left
    off, lessons, a new game, settings. ``top``: a class's student's own part (tutor/classroom/join.py)."""
    assert handlers.go is not None
    heading = ft.Text("canasta-tutor", size=26, weight=ft.FontWeight.BOLD, font_family=FONT)
    rows: list[ft.Control] = [heading, language_menu(model.lang, handlers), *([top] if top is not None else [])]
    if first_lesson is not None and handlers.open_lesson is not None:
        rows.append(ft.Container(key="welcome", bgcolor=ft.Colors.GREEN_50, border_radius=8, padding=12,
                                 content=ft.Column([
            ft.Semantics(identifier="welcome", content=ft.Text(_(model, N_(
                "canasta-tutor teaches Canasta by letting you play it: short lessons set up a moment of a game, "
                "and the computer players, hints and rules explain every move. Start with the first lesson of "
                "{variant}, or play a whole game whenever you like.")).format(variant=_(model, model.rules.title)),
                font_family=FONT, size=16)),
            ft.Semantics(identifier="start-here", content=ft.Button(height=TARGET, 
                content=_(model, N_("Start here")), icon=ft.Icons.PLAY_ARROW,
                on_click=on(handlers.open_lesson, first_lesson, 0))),
        ], spacing=8)))
    start = [ft.Semantics(identifier="continue", content=ft.Button(height=TARGET, 
        content=_(model, N_("Continue where you left off")), on_click=on(handlers.go, "table")))] if saved else []
    lessons = ft.Semantics(identifier="lessons-button", content=ft.Button(height=TARGET, 
        content=_(model, N_("Lessons: learn by playing")), on_click=on(handlers.go, "lessons")))
    people = ft.Semantics(identifier="people-button", content=ft.Button(height=TARGET,
        content=_(model, N_("Play with people")), icon=ft.Icons.GROUPS, on_click=on(handlers.go, "people")))
    rows += [lessons, *start, people, ft.Text(_(model, N_("New game")), size=18, font_family=FONT),
             setup_view(model, handlers)]

    def line(title: str, setting: str, names: dict[str, str], current: object) -> ft.Control:
        return ft.Row([ft.Text(_(model, title), width=160, font_family=FONT),
                       *[_choice(model, handlers, setting, value, label, current) for value, label in names.items()]],
                      wrap=True)

    rows += [
        ft.Text(_(model, N_("Settings")), size=18, font_family=FONT),
        line(N_("Computer players"), "bot", BOT_NAMES, settings.bot),
        line(N_("Cards"), "card_size", SIZE_NAMES, settings.card_size),
        line(N_("Animation"), "animation", ANIMATIONS, settings.animation),
        line(N_("Theme"), "theme", THEME_NAMES, settings.theme),
        settings_view(model, handlers, settings.card_size, settings.four_colour, with_sizes=False) or ft.Container(),
    ]
    return ft.Column(rows, spacing=12, scroll=ft.ScrollMode.AUTO, expand=True, key="home")


# -- lessons ---------------------------------------------------------------------------------

def rich_text(text: str, pieces: list[tuple[str, str | None]], handlers: Handlers, identifier: str,
              **style: Any) -> ft.Control:  # Flet's keywords for the text
    """A lesson's text (cut into ``pieces`` by :func:`tutor.text.glossary.segments`) with its game terms
    underlined; tapping one shows its definition."""
    spans = []
    for piece, concept in pieces:
        if concept is None or handlers.define is None:
            spans.append(ft.TextSpan(piece))
        else:
            spans.append(ft.TextSpan(piece, on_click=on(handlers.define, concept), style=ft.TextStyle(
                decoration=ft.TextDecoration.UNDERLINE, decoration_style=ft.TextDecorationStyle.DOTTED)))
    return ft.Semantics(identifier=identifier, label=text,
                        content=ft.Text(spans=spans, font_family=FONT, **style))


def lesson_button(model: TableModel, handlers: Handlers, text: str, kind: str) -> ft.Control:
    """A lesson's button (Try again, Start over, Mastery check, ...): ``lesson-<kind>``."""
    return _lesson_button(model, handlers, text, kind)


def _lesson_button(model: TableModel, handlers: Handlers, text: str, kind: str) -> ft.Control:
    assert handlers.lesson is not None
    return ft.Semantics(identifier=f"lesson-{kind}", content=ft.Button(height=TARGET, 
        content=_(model, text), on_click=on(handlers.lesson, kind)))


def lesson_view(model: TableModel, handlers: Handlers, narrow: bool = False) -> ft.Control | None:
    """A lesson's panel above the table: its title and variant, the goal, the narration, what the
    lesson says of the learner's last move, the defined term, and what the learner may do next.

    ``narrow`` (a phone): the title is the header's (:func:`lesson_heading`) and the goal the one
    line above the table (:func:`lesson_bar`), so the panel shows the rest, and only once that line
    is tapped open; closed, nothing (the table stays in sight)."""
    run = model.lesson
    if run is None or handlers.lesson is None or (narrow and not model.goal_open):
        return None
    inputs = (run.lesson.id, run.variation, run.step(), model.term, model.lang, narrow, handlers)
    return memo("lesson", inputs, lambda: _lesson_view(model, handlers, narrow))


def lesson_heading(model: TableModel) -> str:
    """The lesson's title, and that it is the mastery check."""
    run = model.lesson
    assert run is not None
    heading = _(model, run.lesson.title)
    if run.variation:
        heading += " · " + _(model, N_("Mastery check: a fresh deal, without hints"))
    return heading


def lesson_bar(model: TableModel, handlers: Handlers) -> ft.Control | None:
    """On a phone: the lesson's goal on one line above the table; a tap shows it whole with the
    lesson's panel (the narration, the terms, Start over) and a second tap closes it again."""
    run = model.lesson
    if run is None or handlers.lesson is None:
        return None
    inputs = (run.lesson.id, model.goal_open, model.lang, handlers)
    return memo("lesson-bar", inputs, lambda: _lesson_bar(model, handlers))


def _lesson_bar(model: TableModel, handlers: Handlers) -> ft.Control:
    assert handlers.lesson is not None and model.lesson is not None
    goal, opened = _(model, model.lesson.lesson.goal), model.goal_open
    action = _(model, N_("Hide the lesson's text") if opened else N_("Show the whole lesson"))
    return ft.MergeSemantics(content=ft.Container(
        key="lesson-bar", on_click=on(handlers.lesson, "goal"), ink=True, border_radius=8, bgcolor=ft.Colors.BLUE_50,
        padding=ft.Padding.symmetric(horizontal=8, vertical=4),
        content=ft.Semantics(identifier="lesson-goal", button=True, expanded=opened, label=f"{goal} ({action})",
                             exclude_semantics=True, content=ft.Row([
            ft.Text(goal, font_family=FONT, weight=ft.FontWeight.BOLD, expand=True,
                    max_lines=None if opened else 1, overflow=ft.TextOverflow.CLIP if opened else ft.TextOverflow.ELLIPSIS),
            ft.Icon(ft.Icons.EXPAND_LESS if opened else ft.Icons.EXPAND_MORE, size=24)],
            spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER))))


def _lesson_view(model: TableModel, handlers: Handlers, narrow: bool = False) -> ft.Control:
    run = model.lesson
    assert run is not None
    lesson, lang = run.lesson, model.lang
    rows: list[ft.Control] = [] if narrow else [
        ft.Semantics(identifier="lesson-title", content=ft.Text(lesson_heading(model), size=18,
                                                                weight=ft.FontWeight.BOLD, font_family=FONT)),
    ]
    sources = (lesson.goal, run.step()) if run.step() else (lesson.goal,)
    # the terms the English names, so that a lesson offers the same ones in every language
    cut, terms = lesson_terms(sources, lang)
    if not narrow:  # a phone's goal is the line above the table
        rows.append(rich_text(_(model, lesson.goal), cut[0], handlers, "lesson-goal", weight=ft.FontWeight.BOLD))
    if len(sources) > 1 and not narrow:  # a phone's narration is in the sheet beside the hand (lesson_step_view)
        rows.append(rich_text(_(model, sources[1]), cut[1], handlers, "lesson-step"))
    # the same terms as buttons: larger to tap on a phone, and reachable by a screen reader
    if terms and handlers.define is not None:
        rows.append(ft.Row([ft.Semantics(identifier=f"term-{concept}", selected=model.term == concept, content=ft.TextButton(height=TARGET, 
            content=word, icon=ft.Icons.HELP_OUTLINE, on_click=on(handlers.define, concept)))
            for concept, word in terms.items()], wrap=True, spacing=0))
    if model.term is not None:
        rows.append(ft.Semantics(identifier="definition", content=ft.Container(
            bgcolor=ft.Colors.GREEN_50, border_radius=6, padding=8,
            content=ft.Text(definition(model.term, lang), font_family=FONT, italic=True))))
    buttons = [_lesson_button(model, handlers, N_("Start over"), "restart"),
               _lesson_button(model, handlers, N_("Lessons"), "catalog")]
    rows.append(ft.Row(buttons, wrap=True, spacing=6))
    return ft.Semantics(identifier="lesson", content=ft.Container(
        key="lesson", border=ft.Border.all(1, ft.Colors.BLUE_200), border_radius=8, padding=10,
        content=ft.Column(rows, spacing=6)))


def lesson_step_view(model: TableModel, handlers: Handlers) -> ft.Control | None:
    """On a phone: the lesson's narration of this step, in the sheet beside the hand (the panel
    above the table shows only the goal's line), its terms tappable as in the panel."""
    run = model.lesson
    if run is None or handlers.lesson is None or not run.step() or run.consequence is not None:
        return None
    source = run.step()
    return memo("lesson-step", (source, model.lang, handlers), lambda: ft.Container(
        key="lesson-step", content=rich_text(_(model, source), lesson_terms((source,), model.lang)[0][0], handlers,
                                             "lesson-step")))


STARS_EXPLAINED = N_("Stars: three for a solve with no mistake and no hint; one fewer if you made a mistake, one"
                     " fewer if you took a hint.")


def lesson_outcome_view(model: TableModel, handlers: Handlers) -> ft.Control | None:
    """What the lesson says of the learner's move (a trap, the solve, a dead end) and what to do
    next: beside the hand, so a learner scrolled deep into the table sees it."""
    run = model.lesson
    if run is None or handlers.lesson is None:
        return None
    if run.consequence is not None:
        return ft.Container(key="lesson-outcome", bgcolor=ft.Colors.ORANGE_50, border_radius=8, padding=8,
                            content=ft.Column([
            ft.Semantics(identifier="lesson-trap", label=model.lesson_message(), live_region=True,
                         exclude_semantics=True, content=ft.Text(model.lesson_message(), font_family=FONT)),
            # the note and Try again on one line where they fit: a phone's sheet stays short
            ft.Row([ft.Text(model.trap_note(), font_family=FONT, italic=True),
                    _lesson_button(model, handlers, N_("Try again"), "try_again")],
                   wrap=True, spacing=8, run_spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        ], spacing=4))
    if run.succeeded():
        done = _(model, N_("Well done! {stars}")).format(stars=stars_text(run.stars()))
        buttons = []
        if run.variation == 0 and len(run.lesson.setups) > 1:
            buttons.append(_lesson_button(model, handlers, N_("Mastery check"), "mastery"))
        buttons.append(_lesson_button(model, handlers, N_("Next lesson"), "next"))
        # the first stars a learner earns come with what they mean (tutor.lessons.run: LessonRun.stars)
        note = _(model, STARS_EXPLAINED) if model.first_stars else None
        return ft.Container(key="lesson-outcome", bgcolor=ft.Colors.GREEN_100, border_radius=8, padding=8,
                            content=ft.Column([
            ft.Semantics(identifier="lesson-solved", label=done, live_region=True, exclude_semantics=True,
                         content=ft.Text(done, size=16, weight=ft.FontWeight.BOLD, font_family=FONT)),
            *([ft.Semantics(identifier="stars-note", label=note, exclude_semantics=True,
                            content=ft.Text(note, font_family=FONT, size=13))] if note else []),
            ft.Row(buttons, wrap=True, spacing=6)], spacing=4))
    if run.failed():
        said = _(model, N_("That does not reach the goal. Start over and try another way."))
        return ft.Container(key="lesson-outcome", bgcolor=ft.Colors.ORANGE_50, border_radius=8, padding=8,
                            content=ft.Column([
            ft.Semantics(identifier="lesson-failed", label=said, live_region=True, exclude_semantics=True,
                         content=ft.Text(said, font_family=FONT)),
            ft.Row([_lesson_button(model, handlers, N_("Start over"), "restart")])], spacing=4))
    return None


def lessons_view(lang: str, lessons: tuple[Lesson, ...], progress: dict[str, LessonProgress], due: list[str],
                 learners: list[Profile], learner: int, handlers: Handlers, message: str = "",
                 draft: str = "", assigned: list[str] | None = None) -> ft.Control:
    """The catalog: learners, a class's student's lessons from their teacher (``assigned``, first),
    the lessons to review today, then every lesson by variant and topic with its stars, completion
    and mastery."""
    assert handlers.open_lesson is not None and handlers.go is not None

    def t(text: str) -> str:
        return translate(text, lang)

    rows: list[ft.Control] = [ft.Row([home_button(lang, handlers), ft.Text(t(N_("Lessons")), size=24,
                                                                           weight=ft.FontWeight.BOLD, font_family=FONT)])]
    if handlers.choose_learner is not None and handlers.add_learner is not None:
        chips = [ft.Semantics(identifier=f"learner-{p.id}", selected=p.id == learner, content=ft.TextButton(height=TARGET, 
            content=ft.Text(shown_name(p.name, lang), font_family=FONT, weight=ft.FontWeight.BOLD if p.id == learner else None),
            on_click=on(handlers.choose_learner, p.id))) for p in learners]
        name = ft.TextField(label=t(N_("New learner's name")), width=220, dense=True, value=draft,
                            on_change=_passing(handlers.type_name), on_focus=on(handlers.typing, True)
                            if handlers.typing else None, on_blur=on(handlers.typing, False) if handlers.typing else None)

        async def add(event: AnyEvent) -> None:
            assert handlers.add_learner is not None
            result = handlers.add_learner(name.value or draft or "")
            if inspect.isawaitable(result):
                await result

        name.on_submit = add
        add_button = ft.Semantics(identifier="add-learner", content=ft.OutlinedButton(height=TARGET, 
            content=t(N_("Add learner")), on_click=add))
        rows.append(ft.Row([ft.Text(t(N_("Learner")), font_family=FONT), *chips,
                            ft.Semantics(identifier="learner-name", content=name), add_button], wrap=True))
    if message:
        rows.append(ft.Semantics(identifier="lessons-message", live_region=True, content=ft.Text(message, color=ft.Colors.RED_700,
                                                                              font_family=FONT)))
    by_id = {lesson.id: lesson for lesson in lessons}
    if assigned:
        rows.append(assigned_list(lang, [by_id[i] for i in assigned if i in by_id], progress, handlers))
    if due:
        rows.append(ft.Text(t(N_("To review today")), size=18, font_family=FONT))
        rows.append(ft.Row([ft.Semantics(identifier=f"review-{lesson_id}", content=ft.OutlinedButton(height=TARGET, 
            content=t(by_id[lesson_id].title), on_click=on(handlers.open_lesson, lesson_id, -1)))
            for lesson_id in due if lesson_id in by_id], wrap=True))
    shown_variant, shown_topic = "", ""
    for lesson in lessons:
        if lesson.variant != shown_variant:
            shown_variant, shown_topic = lesson.variant, ""
            mine = [progress.get(l.id, LessonProgress()) for l in lessons if l.variant == lesson.variant]
            summary = t(N_("{done} of {count} solved, {mastered} mastered")).format(
                done=sum(p.completed for p in mine), count=len(mine), mastered=sum(p.mastered for p in mine))
            rows.append(ft.Semantics(identifier=f"variant-progress-{lesson.variant}", label=summary, content=ft.Row([
                ft.Text(t(VARIANTS[lesson.variant].title), size=20, weight=ft.FontWeight.BOLD, font_family=FONT),
                ft.Text(summary, font_family=FONT, color=ft.Colors.GREY_700)], wrap=True)))
        if lesson.topic != shown_topic:  # each topic of the variant with its own progress
            shown_topic = lesson.topic
            mine = [progress.get(item.id, LessonProgress()) for item in lessons
                    if item.variant == lesson.variant and item.topic == lesson.topic]
            summary = t(N_("{done} of {count} solved, {mastered} mastered")).format(
                done=sum(p.completed for p in mine), count=len(mine), mastered=sum(p.mastered for p in mine))
            rows.append(ft.Semantics(
                identifier=f"topic-progress-{lesson.variant}-{lesson.topic}", label=f"{t(TOPICS[lesson.topic])}: {summary}",
                content=ft.Row([ft.Text(t(TOPICS[lesson.topic]), size=16, font_family=FONT, weight=ft.FontWeight.BOLD),
                                ft.Text(summary, size=13, font_family=FONT, color=ft.Colors.GREY_700)],
                               wrap=True, spacing=8, run_spacing=0)))
        state = progress.get(lesson.id, LessonProgress())
        marks = stars_text(state.stars) if state.completed else ""
        if state.mastered:
            marks += " ✓ " + t(N_("mastered"))
        opener = ft.Semantics(
            identifier=f"open-{lesson.id}", label=f"{t(lesson.title)} {marks}".strip(),
            content=ft.TextButton(height=TARGET, on_click=on(handlers.open_lesson, lesson.id, 0), content=ft.Row([
                ft.Text(t(lesson.title), font_family=FONT),
                ft.Text(marks, font_family=FONT, color=ft.Colors.AMBER_800)], spacing=8)))
        # the projector's icon first: the title's button takes the rest of the line (one line a lesson)
        rows.append(opener if handlers.demo is None else ft.Row(
            [demonstrate_button(lang, lesson, handlers), ft.Container(opener, expand=True)], spacing=0))
    if handlers.lesson is not None:  # the path ends at the table: a whole game against the beginner
        rows.append(ft.Semantics(identifier="play-beginner", content=ft.Button(height=TARGET, 
            content=t(N_("Now play a whole game against the beginner")), on_click=on(handlers.lesson, "play_beginner"))))
    # the catalog scrolls as one list (wheel, touch, PageDown/End, and Tab brings an item into view)
    return ft.Column(rows, spacing=4, scroll=ft.ScrollMode.AUTO, expand=True, key="lessons")


def demonstrate_button(lang: str, lesson: Lesson, handlers: Handlers) -> ft.Control:
    """Show the lesson on a projector, step by step (tutor.classroom.demo): for a teacher, with or without a class."""
    assert handlers.demo is not None
    name = translate(N_("Demonstrate: {lesson}"), lang).format(lesson=translate(lesson.title, lang))
    return ft.Semantics(identifier=f"demo-{lesson.id}", label=name, button=True, content=ft.IconButton(
        icon=ft.Icons.CO_PRESENT_OUTLINED, tooltip=translate(N_("Demonstrate"), lang), width=TARGET, height=TARGET,
        on_click=on(handlers.demo, lesson.id)))


def _passing(fn: Callable[[str], object] | None) -> Callable[[ft.Event[ft.TextField]], Awaitable[None]] | None:
    """An on_change handler passing the field's text to ``fn``."""
    if fn is None:
        return None

    async def handler(event: ft.Event[ft.TextField]) -> None:
        result = fn(event.control.value or "")
        if inspect.isawaitable(result):
            await result

    return handler


