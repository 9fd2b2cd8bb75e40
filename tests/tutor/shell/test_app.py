"""The shell's lesson flow without a browser: a stand-in page records what is shown; lessons are
opened, solved and recorded once; reviews and mastery checks get a fresh deal; the free game is
kept while a lesson is played."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any, cast

import flet as ft
import pytest

from engine.core.actions import parse_action
from tests.tutor.helpers import semantics
from tutor.shell.app import Session
from tutor.shell.state import Options
from tutor.lessons.catalog import find_lesson
from tutor.lessons.progress import DAY


class Page:
    """What Session uses of ``ft.Page``."""

    def __init__(self) -> None:
        self.controls: list[Any] = []
        self.width = 1280
        self.title = ""
        self.theme_mode: Any = None
        self.updates = 0

    def update(self) -> None:
        self.updates += 1

    def show_dialog(self, dialog: Any) -> None:
        self.controls.append(dialog)


def as_page(page: object) -> ft.Page:
    """A stand-in page (``Page`` above) where Session wants Flet's: it has what Session uses of one."""
    return cast(ft.Page, page)


@pytest.fixture
def session(tmp_path: Path) -> Session:
    return Session(as_page(Page()), Options(settings_file=tmp_path / "settings.json", lang="en"))


def _run(coroutine: Any) -> None:
    asyncio.run(coroutine)


def test_a_lesson_is_solved_recorded_once_and_the_free_game_kept(session: Session) -> None:
    game = session.model
    _run(session.go("lessons"))
    session.writer.flush()  # the catalog read off the loop, before its frame
    assert session.screen == "lessons" and session.progress.profiles()  # a first learner, made for them
    _run(session.open_lesson("classic-frozen-pile", 0))
    assert session.screen == "lesson" and session.model.lesson is not None and session.game is game
    session.model.play(parse_action({"type": "take_pile", "meld": ["5h", "2d"]}))  # a mistake
    lesson = find_lesson("classic-frozen-pile")
    assert lesson is not None
    session.model.play(lesson.solution[0])
    session.after_learner()
    session.after_learner()
    learner = session._learner()
    progress = session.progress.lesson(learner, "classic-frozen-pile")
    assert progress.attempts == 1 and progress.stars == 2 and not progress.mastered
    assert progress.review_due is not None  # the mistake brings it back
    _run(session.go("home"))
    assert session.model is game


def test_the_stars_are_explained_with_the_first_ones_a_learner_earns_and_only_then(session: Session) -> None:
    lesson = find_lesson("classic-frozen-pile")
    assert lesson is not None

    def solve() -> dict[str, Any]:
        _run(session.open_lesson(lesson.id, 0))
        session.writer.flush()  # the store read off the loop, on the writer's thread
        session.model.play(lesson.solution[0])
        session.after_learner()
        session.writer.flush()
        return semantics(session.view())

    first = solve()
    assert "lesson-solved" in first and "stars-note" in first
    assert "three for a solve with no mistake and no hint" in str(first["stars-note"].label)
    assert "stars-note" not in solve()  # the stars earned are in the store: said once
    session.learner = session.progress.add_profile("Ann").id  # a new learner earns stars for the first time
    assert "stars-note" in solve()


def test_a_review_and_a_mastery_check_are_fresh_deals_and_a_clean_one_masters(session: Session) -> None:
    lesson = find_lesson("classic-frozen-pile")
    assert lesson is not None
    _run(session.open_lesson(lesson.id, -1))
    run = session.model.lesson
    assert run is not None and run.variation >= 1
    session.model.play(lesson.setups[run.variation].solution[0])
    session.after_learner()
    assert session.progress.lesson(session._learner(), lesson.id).mastered


def test_a_refused_name_is_said_in_the_learners_language(session: Session) -> None:
    _run(session.set_language("sv"))
    _run(session.go("lessons"))
    _run(session.add_learner("   "))
    assert session.message == "En elevs namn får inte vara tomt."
    _run(session.add_learner("Bo"))
    assert session.message == "" and session.progress.profile(session.learner).name == "Bo"


def test_next_lesson_follows_the_path_and_try_again_undoes_a_trap(session: Session) -> None:
    _run(session.open_lesson("classic-black-threes", 0))
    assert not session.model.play(parse_action({"type": "discard", "card": "10h"}))  # the trap
    assert session.model.lesson is not None and session.model.lesson.consequence is not None
    _run(session.lesson_action("try_again"))
    assert session.model.lesson.consequence is None and session.model.is_my_turn()
    _run(session.lesson_action("next"))
    assert session.model.lesson is not None and session.model.lesson.lesson.id == "classic-frozen-pile"


def test_the_catalog_shows_the_reviews_due_and_opens_one_as_a_fresh_deal(session: Session) -> None:
    learner = session._learner()
    session.progress.record(learner, "classic-frozen-pile", 0, 2, 1, 0, now=0)  # due a day later: long ago
    session.screen = "lessons"
    session.render()  # the catalog's frame: its progress read first (off the loop, in the app)
    assert "review-classic-frozen-pile" in semantics(session.lessons_screen())
    session.progress.record(learner, "classic-open-pile", 0, 2, 1, 0)  # due tomorrow
    session.render()
    assert "review-classic-open-pile" not in semantics(session.lessons_screen())
    assert session.progress.due(learner, now=DAY) == ["classic-frozen-pile"]


def test_start_over_keeps_the_attempts_mistakes_for_the_record_and_the_review(session: Session) -> None:
    lesson = find_lesson("classic-frozen-pile")
    assert lesson is not None
    _run(session.open_lesson(lesson.id, 0))
    session.model.play(parse_action({"type": "take_pile", "meld": ["5h", "2d"]}))  # a mistake
    _run(session.lesson_action("restart"))
    session.model.play(lesson.solution[0])
    session.after_learner()
    progress = session.progress.lesson(session._learner(), lesson.id)
    assert progress.attempts == 1 and progress.stars == 2 and progress.review_due is not None
    _run(session.lesson_action("restart"))  # after the solve: a new attempt, recorded in its turn
    session.model.play(lesson.solution[0])
    session.after_learner()
    progress = session.progress.lesson(session._learner(), lesson.id)
    assert progress.attempts == 2 and progress.stars == 3


def test_an_attempt_left_after_a_mistake_brings_the_lesson_back_for_review(session: Session) -> None:
    _run(session.open_lesson("classic-frozen-pile", 0))
    session.model.play(parse_action({"type": "take_pile", "meld": ["5h", "2d"]}))  # a mistake, then away
    _run(session.lesson_action("catalog"))
    progress = session.progress.lesson(session._learner(), "classic-frozen-pile")
    assert progress.attempts == 0 and not progress.completed and progress.review_due is not None
    _run(session.open_lesson("classic-open-pile", 0))  # a clean attempt left: nothing queued
    _run(session.go("home"))
    assert session.progress.lesson(session._learner(), "classic-open-pile").review_due is None


class Preferences:
    """A browser's storage whose first answer is lost (the page asked was reloaded meanwhile)."""

    def __init__(self, kept: object) -> None:
        self.kept, self.asked = kept, 0

    async def get(self, key: str) -> object:
        self.asked += 1
        if self.asked == 1:
            await asyncio.Event().wait()  # never answered
        return self.kept


def test_the_device_is_asked_again_of_a_page_that_reconnects() -> None:
    from tutor.shell.app import presented_device

    async def scenario() -> tuple[object, int]:
        page, preferences = Page(), Preferences("the-device")
        page.on_connect = None  # type: ignore[attr-defined]  # the stand-in page gets Flet's hook here
        # a stand-in SharedPreferences
        asking = asyncio.ensure_future(presented_device(as_page(page), preferences, patience=30))  # type: ignore[arg-type]
        while page.on_connect is None:  # type: ignore[attr-defined]
            await asyncio.sleep(0)
        page.on_connect(None)  # type: ignore[attr-defined]  # the reloaded page attached to this session
        return await asyncio.wait_for(asking, 5), preferences.asked

    assert asyncio.run(scenario()) == ("the-device", 2)


def test_a_storage_that_never_answers_is_a_first_visit() -> None:
    from tutor.shell.app import presented_device

    page, preferences = Page(), Preferences("the-device")
    # a stand-in SharedPreferences
    found = asyncio.run(presented_device(as_page(page), preferences, patience=0.05))  # type: ignore[arg-type]
    assert found is None and preferences.asked == 1 and getattr(page, "on_connect") is None


def test_home_and_catalog_frames_read_nothing_from_the_store_on_the_event_loop(session: Session) -> None:
    """A frame is built on the server's one event loop: a store read there (2 ms of SQLite, a
    PostgreSQL round trip) stalls every session. Home and the catalog show what was read off the
    loop before their frame (the saved game, the learners, their progress)."""
    from sqlalchemy import event

    on_loop: list[str] = []

    def executed(_connection: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        try:
            asyncio.get_running_loop()
        except RuntimeError:  # another thread: off the loop
            return
        on_loop.append(statement)

    async def frames() -> list[dict[str, Any]]:
        shown = []
        for screen in ("home", "lessons", "table", "home", "lessons"):
            await session.go(screen)
            await asyncio.to_thread(session.writer.flush)  # the frame waits for the writer's thread
            if screen == "table":
                await session.press("draw")  # a game to continue from home
                await asyncio.to_thread(session.writer.flush)
                continue
            on_loop.clear()
            nodes = semantics(session.view())
            assert on_loop == [], f"the {screen} frame read the store on the event loop: {on_loop}"
            shown.append(nodes)
        return shown

    event.listen(session.store.engine, "before_cursor_execute", executed)
    try:
        home, catalog, home_again, _catalog = asyncio.run(frames())
    finally:
        event.remove(session.store.engine, "before_cursor_execute", executed)
    assert "continue" not in home and "continue" in home_again  # what the frames show is the store's
    assert "open-classic-frozen-pile" in catalog and any(key.startswith("learner-") for key in catalog)


def test_take_the_pile_with_nothing_selected_says_what_to_select_and_refuses_nothing(session: Session) -> None:
    """No meld of the side takes the 9♥, the hand's 9s do: the tap is incomplete, not a broken rule
    (the take the app would build goes onto the queens, which the engine refuses)."""
    from engine.core.cards import parse_card
    from engine.position import load_position
    from tests.engine.helpers import position

    _run(session.go("table"))
    model = session.model
    model.state = load_position(position(["8c", "9d", "9s", "5s"], pile=["4c", "9h"], melds=[[["Qh", "Qd", "Qc"]], []]))
    _run(session.press("take_pile"))
    assert model.rejected is None and len(model.state.pile) == 2
    assert semantics(session.view())["notice"].label == "Select the cards from your hand that meld with the 9♥ first."
    _run(session.tap_pile())  # the pile itself, tapped
    assert model.rejected is None and session.notice == "take_pile"
    for card in ("9d", "9s"):
        model.tap_card(model.hand.index(parse_card(card)))
    _run(session.press("take_pile"))
    assert model.rejected is None and not model.state.pile and "notice" not in semantics(session.view())


def test_the_next_hand_key_mid_hand_says_why_and_the_table_still_draws(session: Session) -> None:
    """N is the next hand's key while its button is hidden; it had no reason to give, and every
    frame after it failed."""
    _run(session.go("table"))
    _run(session.press("next_hand"))
    assert semantics(session.view())["notice"].label == "The next hand is dealt when this one is over."
    _run(session.open_lesson("classic-frozen-pile", 0))
    assert session.model.why_not("next_hand") == "A lesson is a single hand: it has no next hand."


def test_where_two_melds_take_the_top_card_the_learner_taps_the_one_it_goes_onto(session: Session) -> None:
    """Royal: the 10♠ goes onto the natural 10s or extends the 6♠-9♠ Samba; Take the pile alone
    does not choose for the learner, and a tap on the meld then takes the pile onto it (only then)."""
    from engine.position import load_position
    from tests.engine.helpers import position

    _run(session.go("table"))
    session.model = model = session.model.__class__.new_game("royal", 4, "en", seed=3)
    model.state = load_position(position(["Kd", "5c", "6h"], variant="royal", pile=["4c", "Kh", "8d", "10s"],
                                         melds=[[["10h", "10d", "10c"], ["6s", "7s", "8s", "9s"]], []]))
    _run(session.tap_meld(1))  # before Take the pile: an idle tap (a lay-off meant, say) takes nothing
    assert model.rejected is None and len(model.state.pile) == 4
    assert semantics(session.view())["notice"].label == "You must first draw from the stock or take the pile."
    _run(session.press("take_pile"))
    assert model.rejected is None and len(model.state.pile) == 4
    assert semantics(session.view())["notice"].label == ("More than one of your side's melds takes the 10♠: tap the"
                                                         " one it goes onto.")
    _run(session.tap_meld(1))
    assert model.rejected is None and not model.state.pile and len(model.state.melds[0][1].cards) == 5
    _run(session.tap_meld(0))  # drawn now: a meld tapped with nothing selected asks for the cards
    assert semantics(session.view())["notice"].label == "Select cards in your hand first."


def test_progress_kept_for_a_lesson_since_merged_away_is_passed_over(session: Session) -> None:
    """A lesson merged into another leaves its id in a learner's stars and review queue: the catalog
    shows the lessons there are, and opening the old id does nothing."""
    learner = session._learner()
    session.progress.record(learner, "royal-arrange", 0, 2, 1, 0, now=0)  # merged into royal-sambas-win
    session.progress.record(learner, "classic-frozen-pile", 0, 2, 1, 0, now=0)
    assert find_lesson("royal-arrange") is None
    session.screen = "lessons"
    session.render()
    shown = semantics(session.lessons_screen())
    assert "review-classic-frozen-pile" in shown and "review-royal-arrange" not in shown
    assert "open-royal-sambas-win" in shown
    _run(session.open_lesson("royal-arrange", -1))
    assert session.screen == "lessons"
