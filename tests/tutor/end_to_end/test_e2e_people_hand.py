"""Four people play a whole hand of Classic together, each in their own browser: two on phones (390x844,
touch) and two at desktops (1280x800), two in English and two in Swedish, in two partnerships (a phone
and a desktop, an English and a Swedish player on each side). Each decides their move from what their
own page shows and makes it by taps (tests/tutor/end_to_end/people_play.py); before going out one asks
"Partner, may I go out?" and the partner answers on their own screen. At the end every screen shows the
hand's scores, the same on all four."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from engine.core.actions import AnswerGoOut, AskGoOut, Draw, MeldAction, TakePile
from engine.core.i18n import translate
from tests.tutor.e2e import (DESKTOP, PHONE, by_id, chromium, enabled, hand_cards, open_page, read, screenshot, served,
                             wait_for)
from tests.tutor.end_to_end.people_play import (Person, Turn, choose, going_out, make, one_action_by_taps, press,
                                                  said, tap)

SEED = 5  # the server's deals (--seed): a hand that ends in some twenty rounds


def _type(person: Person, field: str, text: str) -> None:
    """Tap into the field, select what is there and type over it, as a person does."""
    tap(person, by_id(person.page, field).first.locator("input").first)
    person.page.wait_for_timeout(300)
    person.page.keyboard.press("Control+a")
    person.page.keyboard.type(text, delay=30)


def _arrive(browser: Any, url: str, name: str, lang: str, phone: bool) -> Person:
    """The app opened on the person's own device; home, in their language, then Play with people."""
    context = browser.new_context(viewport=PHONE if phone else DESKTOP, has_touch=phone, is_mobile=phone)
    person = Person(name, lang, open_page(context.new_page(), url, "home-button"), phone)
    press(person, "home-button")  # a server dealing a given game (--seed) opens at its table
    by_id(person.page, "people-button").first.wait_for(timeout=30_000)
    if lang != "en":
        english = read(person.page, "people-button")
        press(person, f"lang-{lang}")
        wait_for(person.page, lambda: read(person.page, "people-button") != english, what=f"{name}'s page in {lang}")
    press(person, "people-button")
    by_id(person.page, "people-make").first.wait_for(timeout=30_000)
    _type(person, "people-name", name)
    return person


def _over(person: Person) -> bool:
    return by_id(person.page, "people-scores").count() > 0


def _play_turn(person: Person, partner: Person | None, names: dict[int, str], asked: list[tuple[str, str, bool]]) -> None:
    """One person's turn, from the draw to the discard (or going out), each move chosen from their page
    (``partner`` None: a computer player's seat, not asked before going out)."""
    team = person.seat % 2
    turn = Turn()
    for _ in range(20):
        action, legal = choose(person, turn, names)
        if turn.phase == "draw":
            assert isinstance(action, (Draw, TakePile)), action
            make(person, action, team)
            turn.phase, turn.took_pile, turn.melded = "play", isinstance(action, TakePile), isinstance(action, TakePile)
            continue
        cards_held = len(hand_cards(person.page))
        if partner is not None and going_out(action, cards_held) and AskGoOut() in legal and isinstance(action, MeldAction) \
                and one_action_by_taps(action):
            make(person, AskGoOut(), team)  # "Partner, may I go out?"
            turn.asked = True
            wait_for(partner.page, lambda: by_id(partner.page, "answer-yes").count() > 0, timeout=30,
                     what=f"the question on {partner.name}'s screen")
            template = translate("{name} asks: may I go out?", partner.lang).split("{name}")[-1]
            question = next((line for line in said(partner.page) if line.endswith(template)), "")
            screenshot(partner.page, f"people-hand-question-{partner.name}.png")
            answer, _ = choose(partner, Turn(), names, asker=person.seat)
            assert isinstance(answer, AnswerGoOut)
            make(partner, answer, partner.seat % 2)
            wait_for(partner.page, lambda: by_id(partner.page, "answer-yes").count() == 0, what="the answer given")
            assert by_id(person.page, "answer-yes").count() == 0  # the question was the partner's alone
            turn.permission = bool(answer.yes)
            asked.append((person.name, question, turn.permission))
            continue
        make(person, action, team)
        if isinstance(action, MeldAction):
            turn.melded = True
            if not hand_cards(person.page):
                return  # out
            continue
        return  # the discard
    raise AssertionError(f"{person.name}'s turn did not end")


def test_four_people_play_a_whole_hand_in_two_languages(tmp_path: Path) -> None:
    started = time.monotonic()
    asked: list[tuple[str, str, bool]] = []
    with served("--lang", "en", "--pace", "0.05", "--seed", str(SEED),
                "--settings", str(tmp_path / "settings.json")) as url, chromium() as browser:
        hugo = _arrive(browser, url, "Hugo", "en", phone=False)
        press(hugo, "people-make")
        by_id(hugo.page, "table-code").first.wait_for(timeout=30_000)
        code = read(hugo.page, "table-code").rsplit(" ", 1)[-1]
        hugo.seat = 0
        people = [hugo]
        for name, lang, phone in (("Pia", "en", True), ("Sara", "sv", True), ("Stig", "sv", False)):
            person = _arrive(browser, url, name, lang, phone)
            _type(person, "people-code", code)
            press(person, "people-join")
            by_id(person.page, "table-code").first.wait_for(timeout=30_000)
            person.seat = len(people)
            wait_for(hugo.page, lambda: name in read(hugo.page, f"people-seat-{person.seat}"),
                     what=f"{name} seated on the host's screen")
            people.append(person)
        names = {p.seat: p.name for p in people}
        press(hugo, "people-start")

        seat, turns = 0, 0  # the host plays first (seat 0, after the dealer at seat 3)
        while turns < 400:
            person = people[seat]
            wait_for(person.page, lambda: enabled(person.page, "action-draw") or _over(person), timeout=60,
                     what=f"{person.name}'s turn")
            if _over(person):
                break
            _play_turn(person, people[(seat + 2) % 4], names, asked)
            turns += 1
            seat = (seat + 1) % 4
        for person in people:
            wait_for(person.page, lambda: _over(person), timeout=60, what=f"the hand's scores on {person.name}'s screen")
        scores = {p.name: read(p.page, "people-scores") for p in people}
        for person in people:
            by_id(person.page, "people-scores").first.scroll_into_view_if_needed()
            screenshot(person.page, f"people-hand-scores-{person.name}.png")
        elapsed = time.monotonic() - started

    assert asked, "nobody asked to go out"
    asker, question, _ = asked[0]
    assert question.startswith(asker), question  # on the partner's screen, by the asker's name
    # each screen's scores in its own words, the same points for each side (teams in the same order)
    totals = {name: [int(n) for n in re.findall(r":\s*(-?\d+)", said)] for name, said in scores.items()}
    assert len({tuple(t) for t in totals.values()}) == 1, scores
    assert len(next(iter(totals.values()))) == 2
    assert "Hugo" in scores["Hugo"] or "You" in scores["Hugo"]
    assert "Du" in scores["Sara"] or "Sara" in scores["Sara"], scores["Sara"]
    print(f"{turns} turns by taps, {len(asked)} question(s) {asked}, {elapsed:.0f} s; scores {scores}")
