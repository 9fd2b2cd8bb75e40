"""What the end-to-end tests share: the app served offline, headless Chromium driven only as a
person can (clicks and taps on what is visible, the wheel, touch, the keyboard), screenshots.

Debian's ``chromium`` must be installed: without it the tests fail and say the command that
installs it (they are never skipped in silence).
"""

from __future__ import annotations

import re
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from tests.tutor.serving_server import free_port, stop_app

if TYPE_CHECKING:  # playwright is imported where a browser is started
    from playwright.sync_api import ViewportSize

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = "/usr/bin/chromium"
INSTALL = "sudo apt-get install -y chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-quic"]
PHONE: ViewportSize = {"width": 390, "height": 844}
DESKTOP: ViewportSize = {"width": 1280, "height": 800}
LOCAL = ("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:")


def need_chromium() -> None:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"The end-to-end tests need Debian's chromium at {CHROMIUM}; install it with: {INSTALL}",
                    pytrace=False)


def start_app(port: int, *args: str, env: dict[str, str] | None = None) -> subprocess.Popen[str]:
    """``python -m tutor --no-browser --port PORT ARGS`` as a person starts it, once it accepts
    connections (the same port again after a kill: a browser's storage belongs to the origin).
    Its output goes to a file in test-artifacts/servers/ (a pipe nobody reads would fill up and
    stall the server the next time it logs)."""
    logs = ARTIFACTS / "servers"
    logs.mkdir(parents=True, exist_ok=True)
    log = logs / f"{time.strftime('%H%M%S')}-{port}-{time.monotonic_ns() % 1_000_000}.log"
    with open(log, "w", encoding="utf-8") as output:
        process = subprocess.Popen(
            [sys.executable, "-m", "tutor", "--no-browser", "--port", str(port), *args],
            cwd=ROOT, stdout=output, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, text=True, env=env,
        )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and process.poll() is None:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return process
        time.sleep(0.2)
    process.kill()
    process.wait()
    raise AssertionError(f"the server did not start: {log.read_text(encoding='utf-8')}")


@contextmanager
def served(*args: str, env: dict[str, str] | None = None) -> Iterator[str]:
    """The app on a free port for the time of the block; its URL."""
    port = free_port()
    process = start_app(port, *args, env=env)
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        stop_app(process)


@contextmanager
def serve(settings_dir: Path, *args: str) -> Iterator[str]:
    """The app in English on a free port, its settings and progress kept in ``settings_dir``."""
    with served("--lang", "en", "--settings", str(settings_dir / "settings.json"), *args) as url:
        yield url


@contextmanager
def chromium() -> Iterator[Any]:
    """Headless Chromium (Debian's), for tests that open several contexts (browsers, devices)."""
    from playwright.sync_api import sync_playwright

    need_chromium()
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


def open_page(page: Any, url: str, ready: str) -> Any:
    """Load the page (Flutter's accessibility tree switched on: the one exception) and wait for ``ready``."""
    page.goto(url)
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60_000)
    page.locator("flt-semantics-placeholder").dispatch_event("click")
    by_id(page, ready).first.wait_for(timeout=30_000)
    return page


@contextmanager
def browser(url: str, viewport: ViewportSize, ready: str, touch: bool = False) -> Iterator[Any]:
    """A page of headless Chromium at ``url`` with Flutter's accessibility tree on, once the node
    ``ready`` shows. Requests that would leave the machine fail the test."""
    from playwright.sync_api import sync_playwright

    need_chromium()
    escaped: list[str] = []
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = chromium.new_context(viewport=viewport, has_touch=touch, is_mobile=touch)
        page = context.new_page()
        page.on("requestfinished", lambda r: None if r.url.startswith(LOCAL) else escaped.append(r.url))
        page.on("requestfailed", lambda r: None if r.url.startswith(LOCAL) or r.failure == "csp"
                else escaped.append(f"{r.url} ({r.failure})"))
        page.goto(url)
        page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60_000)
        # the one exception to "as a person": switching on Flutter's accessibility tree
        page.locator("flt-semantics-placeholder").dispatch_event("click")
        by_id(page, ready).first.wait_for(timeout=30_000)
        yield page
        assert escaped == [], f"requests left the machine: {escaped}"
        chromium.close()


def by_id(page: Any, identifier: str) -> Any:
    return page.locator(f'[flt-semantics-identifier="{identifier}"]')


def read(page: Any, identifier: str) -> str:
    node = by_id(page, identifier).first
    return str(node.get_attribute("aria-label") or node.inner_text())


def status(page: Any) -> str:
    return read(page, "status") if by_id(page, "status").count() else ""


def wait_for(page: Any, predicate: Callable[[], object], timeout: float = 30.0, what: str = "") -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"timed out waiting for {what or predicate}; status: {status(page)}")


def click(page: Any, identifier: str) -> None:
    """A click on the control, as a person clicks what they see."""
    target = by_id(page, identifier).first
    button = target.get_by_role("button")
    (button.first if button.count() else target).click()


def visible(page: Any, identifier: str) -> bool:
    """Whether the control is drawn inside the window (not scrolled away)."""
    nodes = by_id(page, identifier)
    if not nodes.count():
        return False
    box = nodes.first.bounding_box()
    size = page.viewport_size
    return bool(box) and box["height"] > 0 and 0 <= box["y"] and box["y"] + box["height"] <= size["height"] + 1 \
        and box["x"] >= 0 and box["x"] + box["width"] <= size["width"] + 1


def scroll_until(page: Any, done: Callable[[], object], x: float, y: float, step: float, touch: bool = False,
                 tries: int = 40, pause: int = 150) -> None:
    """Scroll the list under (``x``, ``y``) down by ``step`` pixels at a time, with a finger's drag
    or the wheel as a person does, until ``done()`` (at most ``tries`` times; the caller asserts)."""
    for _ in range(tries):
        if done():
            return
        if touch:
            touch_drag(page, x, y + step, -step)
        else:
            page.mouse.move(x, y)
            page.mouse.wheel(0, step)
        page.wait_for_timeout(pause)


def press(page: Any, identifier: str, touch: bool) -> None:
    """A tap with a finger on a phone, a click on a desktop, on what the person sees."""
    node = by_id(page, identifier).first
    button = node.get_by_role("button")
    target = button.first if button.count() else node
    if touch:
        target.tap()
    else:
        target.click()


def search_the_rules(page: Any, words: str, rule: str, touch: bool) -> dict[str, float]:
    """From the table: the Rules button found by scrolling to it (on a phone it lies below the table)
    and pressed, ``words`` typed into the reference's search field; the bounding box of ``rule``'s
    heading once it is listed (the caller checks it is in sight)."""
    size = page.viewport_size
    # a finger or the wheel on the table's upper part (on a phone the dock holds the lower half)
    scroll_until(page, lambda: visible(page, "rules"), size["width"] / 2, size["height"] / 5, 200, touch=touch)
    assert visible(page, "rules"), "the Rules button is out of reach"
    press(page, "rules", touch)
    by_id(page, "rules-reference").first.wait_for(timeout=30_000)
    assert visible(page, "rules-search") and visible(page, "rules-contents")
    press(page, "rules-search", touch)
    page.wait_for_timeout(300)
    page.keyboard.type(words, delay=40)
    wait_for(page, lambda: by_id(page, "rules-count").count() > 0 and "rules match" in read(page, "rules-count"),
             what="the count of matching rules")
    wait_for(page, lambda: by_id(page, f"rule-{rule}").count() > 0, what=f"the heading of {rule}")
    page.wait_for_timeout(500)
    box = by_id(page, f"rule-{rule}").first.bounding_box()
    assert box is not None and box["height"] > 0, f"{rule} is listed but not drawn"
    return dict(box)


def inside(page: Any, box: dict[str, float]) -> bool:
    """Whether the top of ``box`` is inside the window, and all of its width."""
    size = page.viewport_size
    return 0 <= box["y"] < size["height"] and 0 <= box["x"] and box["x"] + box["width"] <= size["width"] + 1


def in_sight(page: Any, identifier: str) -> bool:
    """Whether the control is drawn where a person sees it: inside the window and, on the table,
    above the dock (its first line is the status), which covers what the table scrolls under it."""
    if not visible(page, identifier):
        return False
    box = by_id(page, identifier).first.bounding_box()
    dock = by_id(page, "status")
    top = dock.first.bounding_box() if dock.count() else None
    return top is None or box["y"] + box["height"] <= top["y"] + 1


def enabled(page: Any, identifier: str) -> bool:
    """A button open now (one that is not says "(not now)" and, tapped, says why)."""
    return by_id(page, identifier).count() > 0 and "(not now)" not in read(page, identifier)


def screenshot(page: Any, name: str) -> Path:
    """A screenshot in test-artifacts/; Flet may briefly show "Working..." while a change is
    drawn, so wait until the page is drawn; a blank picture fails."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / name
    for _ in range(20):
        page.wait_for_timeout(250)
        page.screenshot(path=str(path))
        if len(path.read_bytes()) > 10_000:
            return path
    raise AssertionError(f"{path} stays nearly empty")


def hand_cards(page: Any) -> list[str]:
    """The learner's cards as a screen reader names them, in the order shown."""
    return [text.strip() for text in page.locator('[flt-semantics-identifier^="hand-"]').all_inner_texts()]


def card(page: Any, label: str) -> Any:
    """A card of the hand by its name in words (what a screen reader says, and all it says)."""
    return page.locator('[flt-semantics-identifier^="hand-"]').filter(has_text=re.compile(f"^{label}$")).first


def selected(page: Any, label: str) -> bool:
    return card(page, label).get_attribute("aria-current") == "true"


def tap_card(page: Any, label: str) -> None:
    """Tap a card and wait until the table shows it (de)selected."""
    was = selected(page, label)
    card(page, label).click()
    wait_for(page, lambda: selected(page, label) != was, what=f"{label} (de)selected")


def touch_drag(page: Any, x: float, y: float, dy: float, steps: int = 8) -> None:
    """A finger drag on the touch screen (Chrome's input events, as a phone sends them)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for step in range(1, steps + 1):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove",
                                              "touchPoints": [{"x": x, "y": y + dy * step / steps}]})
        page.wait_for_timeout(16)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def focused(page: Any) -> str:
    """What the control with the keyboard focus says."""
    node = page.locator(":focus")
    return node.first.inner_text().strip() if node.count() else ""


def focused_card(page: Any) -> str:
    """Which card of the hand has the focus, by its identifier (``hand-3``): two cards of one rank
    and suit say the same words, so their words cannot tell them apart."""
    node = page.locator('[flt-semantics-identifier^="hand-"]:focus')
    return (node.first.get_attribute("flt-semantics-identifier") or "") if node.count() else ""


def hand_ids(page: Any) -> list[str]:
    """The identifiers of the learner's cards, in the order shown."""
    nodes = page.locator('[flt-semantics-identifier^="hand-"]')
    return [nodes.nth(i).get_attribute("flt-semantics-identifier") or "" for i in range(nodes.count())]


def tab_to(page: Any, text: str, limit: int = 120) -> None:
    """Press Tab until the focus is on the control that says ``text`` (as a keyboard user does)."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        page.wait_for_timeout(60)
        if focused(page) == text:
            return
    raise AssertionError(f"Tab never reached {text!r}")


class Announcements:
    """What screen readers are told through the page's polite live region, each thing as it is told.

    Flutter puts a live region's new text into ``flt-announcement-polite`` for 300 ms only; reading
    the element now and then misses it on a loaded machine. So this listens as assistive technology
    does, to the DOM's own change events (Chrome's DevTools protocol, DOM domain): nothing in the
    page is run or changed. Create it before the action whose announcement a test expects."""

    REGION = "flt-announcement-polite"

    def __init__(self, page: Any) -> None:
        self.page = page
        self.heard: list[str] = []
        self.regions: set[int] = set()  # the live regions' node ids, and their text nodes'
        self.texts: set[int] = set()
        self.cdp = page.context.new_cdp_session(page)
        self.cdp.on("DOM.setChildNodes", self._children)
        self.cdp.on("DOM.childNodeInserted", lambda event: self._inserted(event["parentNodeId"], event["node"]))
        self.cdp.on("DOM.characterDataModified", lambda event: self._text(event["characterData"])
                    if event["nodeId"] in self.texts else None)  # the region's text, not the page's
        self.cdp.send("DOM.enable")
        self._node(self.cdp.send("DOM.getDocument", {"depth": -1, "pierce": True})["root"])

    def _children(self, event: dict[str, Any]) -> None:
        for node in event["nodes"]:
            self._node(node)

    def _node(self, node: dict[str, Any]) -> None:
        if node.get("localName") == self.REGION:
            self.regions.add(node["nodeId"])
        for child in node.get("children", ()):
            self._inserted(node["nodeId"], child)

    def _inserted(self, parent: int, node: dict[str, Any]) -> None:
        if parent in self.regions and node.get("nodeType") == 3:
            self.texts.add(node["nodeId"])
            self._text(node.get("nodeValue", ""))
        self._node(node)

    def _text(self, text: str) -> None:
        if text.strip():
            self.heard.append(text.strip())

    def wait_for(self, wanted: Callable[[str], bool], timeout: float = 30.0) -> str:
        """The first thing told that ``wanted`` accepts; the test fails naming all that was told."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = next((text for text in self.heard if wanted(text)), None)
            if found is not None:
                return found
            self.page.wait_for_timeout(50)  # the protocol's events arrive meanwhile
        raise AssertionError(f"never announced; what was: {self.heard}")

    def close(self) -> None:
        self.cdp.detach()
