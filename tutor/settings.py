"""The learner's settings, remembered between runs in a small JSON file.

The language defaults to the system's (``engine.i18n.default_language``); every other setting
has a default a first-time learner would pick. A file that cannot be read names its field.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from engine.i18n import LANGUAGES, default_language


class SettingsError(ValueError):
    def __init__(self, path: Path, field: str, message: str) -> None:
        super().__init__(f"{path}: {field}: {message}")
        self.path, self.field = path, field


_CHOICES: dict[str, tuple[Any, ...]] = {
    "language": LANGUAGES,
    "bot": ("random", "basic", "club", "expert", "beginner"),
    "card_size": ("small", "medium", "large"),
    "animation": ("off", "slow", "normal", "fast"),
    "theme": ("light", "dark", "system"),
}


@dataclass(frozen=True)
class Settings:
    language: str
    variant: str = "classic"
    players: int = 4
    bot: str = "club"
    card_size: str = "medium"
    four_colour: bool = False
    animation: str = "normal"
    theme: str = "system"
    learner: int = 0  # the profile chosen last on this device (tutor.progress); 0: none yet

    def with_changes(self, **changes: Any) -> Settings:
        return _checked(replace(self, **changes), Path("<settings>"))


def default_settings() -> Settings:
    return Settings(language=default_language())


def settings_path() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "canasta-tutor" / "settings.json"


def _checked(settings: Settings, path: Path) -> Settings:
    for item in fields(Settings):
        value = getattr(settings, item.name)
        expected = bool if item.type in ("bool", bool) else int if item.type in ("int", int) else str
        if not isinstance(value, expected) or (expected is int and isinstance(value, bool)):
            raise SettingsError(path, item.name, f"expected a {expected.__name__}, not {value!r}")
        choices = _CHOICES.get(item.name)
        if choices is not None and value not in choices:
            raise SettingsError(path, item.name, f"{value!r} is not one of {', '.join(map(str, choices))}")
    return settings


def load_settings(path: Path | None = None) -> Settings:
    """The saved settings, or the defaults where nothing is saved yet."""
    path = path or settings_path()
    defaults = default_settings()
    if not path.exists():
        return defaults
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        raise SettingsError(path, "(file)", f"cannot be read: {error}") from None
    if not isinstance(data, dict):
        raise SettingsError(path, "(file)", "expected a JSON object")
    known = {f.name for f in fields(Settings)}
    unknown = sorted(set(data) - known)
    if unknown:
        raise SettingsError(path, unknown[0], "is not a setting")
    return _checked(replace(defaults, **data), path)


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write atomically, so a crash never leaves half a file."""
    path = path or settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(asdict(settings), indent=1), encoding="utf-8")
    temporary.replace(path)
