"""The app installs as itself: its web manifest, icons, page title and description are its own,
not the web client's defaults (an app called "Flet", "Build cross-platform apps in Python")."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

from tests.tutor.e2e import served
from tutor.shell.main import lesson_route


def _get(url: str) -> tuple[bytes, str]:
    with urllib.request.urlopen(url, timeout=30) as response:
        return response.read(), response.headers.get("Content-Type", "")


def test_the_manifest_icons_and_title_are_the_apps_own(tmp_path: Path) -> None:
    with served("--lang", "en", "--settings", str(tmp_path / "settings.json")) as url:
        manifest = json.loads(_get(url + "manifest.json")[0])
        assert manifest["name"] == "canasta-tutor" and manifest["short_name"] == "Canasta"
        assert "Canasta" in manifest["description"] and "Flet" not in json.dumps(manifest)
        assert manifest["theme_color"] == "#1B5E20" and manifest["display"] == "standalone"
        purposes = {icon["purpose"] for icon in manifest["icons"]}
        assert purposes == {"any", "maskable"}
        ours = Path(__file__).resolve().parents[3] / "tutor" / "assets"
        for icon in manifest["icons"]:
            body, kind = _get(url + icon["src"])
            assert body[:8] == b"\x89PNG\r\n\x1a\n" and kind == "image/png"
            assert body == (ours / icon["src"]).read_bytes()  # ours, not the web client's
            size = int.from_bytes(body[16:20], "big")
            assert f"{size}x{size}" == icon["sizes"]
        assert _get(url + "favicon.png")[0] == (ours / "favicon.png").read_bytes()
        page = _get(url)[0].decode("utf-8")
        assert "<title>canasta-tutor</title>" in page and ">Flet<" not in page
        assert 'content="Learn Canasta by playing it' in page


def test_a_lesson_has_a_link() -> None:
    assert lesson_route("/lesson/classic-frozen-pile") == "classic-frozen-pile"
    assert lesson_route("/lesson/classic-frozen-pile?x=1") == "classic-frozen-pile"
    assert lesson_route("/") is None and lesson_route(None) is None and lesson_route("/teacher") is None
    assert lesson_route("/lesson/") is None and lesson_route("/lesson/a/b") is None
