"""Three people and a computer player at a Royal table of four, each person in their own browser (a desktop,
two phones; English and Swedish): each takes a turn by taps, the move chosen from what their own page shows
(tests/tutor/end_to_end/people_play.py). Every websocket frame each of the three receives is read: none
names a card of another hand that the seat has had no way to see."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from engine.core.cards import JOKER, RED_THREES, pretty_card
from tests.tutor.e2e import by_id, chromium, enabled, open_page, read, screenshot, served, wait_for
from tests.tutor.end_to_end.people_play import Person, hand, press, said
from tests.tutor.end_to_end.test_e2e_people import _frame_text
from tests.tutor.end_to_end.test_e2e_people_hand import _play_turn, _type
from tutor.views.widgets import card_label


def test_three_people_and_a_computer_player_at_a_royal_table(tmp_path: Path) -> None:
    frames: dict[str, list[str]] = {"Hugo": [], "Pia": [], "Sara": []}
    with served("--lang", "en", "--pace", "0.05", "--seed", "3",
                "--settings", str(tmp_path / "settings.json")) as url, chromium() as browser:
        people: list[Person] = []
        for name, lang, phone in (("Hugo", "en", False), ("Pia", "sv", True), ("Sara", "en", True)):
            context = browser.new_context(viewport={"width": 390, "height": 844} if phone else
                                          {"width": 1280, "height": 800}, has_touch=phone, is_mobile=phone)
            page = context.new_page()
            page.on("websocket", lambda ws, name=name: ws.on(
                "framereceived", lambda payload: frames[name].append(_frame_text(payload))))
            person = _arrive_on(page, url, name, lang, phone)
            person.variant = "royal"
            if not people:  # the host: Royal at a table of four, the fourth seat a computer player's
                press(person, "people-variant-royal")
                wait_for(page, lambda: by_id(page, "people-table-4").count() > 0, what="Royal's tables")
                press(person, "people-table-4")
                press(person, "people-seat-3-beginner")
                page.wait_for_timeout(300)
                press(person, "people-make")
                by_id(page, "table-code").first.wait_for(timeout=30_000)
                code = read(page, "table-code").rsplit(" ", 1)[-1]
            else:
                _type(person, "people-code", code)
                press(person, "people-join")
                by_id(page, "table-code").first.wait_for(timeout=30_000)
            person.seat = len(people)
            people.append(person)
        host = people[0]
        wait_for(host.page, lambda: "Sara" in read(host.page, "people-seat-2"), what="Sara seated")
        assert "computer player" in read(host.page, "people-seat-3")
        press(host, "people-start")
        names = {p.seat: p.name for p in people} | {3: ""}  # the computer player: named by its chair

        dealt = {p.name: Counter(hand(p)) for p in people}  # each hand as dealt, before anyone acts
        for person in people:  # each takes a turn; the computer player after them
            wait_for(person.page, lambda: enabled(person.page, "action-draw"), timeout=60, what=f"{person.name}'s turn")
            _play_turn(person, people[2 - person.seat] if person.seat != 1 else None, names, [])
        wait_for(host.page, lambda: enabled(host.page, "action-draw"), timeout=60, what="the round played")
        kept = {p.name: Counter(hand(p)) for p in people}
        seen = {p.name: " ".join(said(p.page)) for p in people}
        for person in people:
            screenshot(person.page, f"people-royal-{person.name}.png")

    for person in people:
        received = "\n".join(frames[person.name])
        assert person.name in received  # the frames were read
        # the cards another person held from the deal to the end of the round: nobody has seen them
        # (a card of the same code in this seat's own hand, on the table, or told in the log aside)
        hidden: Counter[int] = Counter()
        for other in people:
            if other is not person:
                hidden |= dealt[other.name] & kept[other.name]
        public = set(dealt[person.name]) | set(kept[person.name])
        public |= {c for c in range(53) if pretty_card(c, person.lang) in received
                   or card_label(c, person.lang) in seen[person.name]}
        secret = [c for c in hidden if c not in public and c != JOKER and c not in RED_THREES]
        assert len(secret) >= 3, (person.name, secret)  # three decks: many a card has a public twin
        for card in secret:
            assert card_label(card, person.lang) not in received, (person.name, card_label(card, person.lang))


def _arrive_on(page: Any, url: str, name: str, lang: str, phone: bool) -> Person:
    """As tests/tutor/end_to_end/test_e2e_people_hand.py's ``_arrive``, on a page whose frames are already listened to."""
    person = Person(name, lang, open_page(page, url, "home-button"), phone)
    press(person, "home-button")
    by_id(page, "people-button").first.wait_for(timeout=30_000)
    if lang != "en":
        english = read(page, "people-button")
        press(person, f"lang-{lang}")
        wait_for(page, lambda: read(page, "people-button") != english, what=f"{name}'s page in {lang}")
    press(person, "people-button")
    by_id(page, "people-make").first.wait_for(timeout=30_000)
    _type(person, "people-name", name)
    return person

