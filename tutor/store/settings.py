"""The learner's settings, remembered between runs in a small JSON file.

The language defaults to the system's (``engine.core.i18n.default_language``); every other setting
has a default a first-time learner would pick. ``load_settings`` is strict: a file that cannot be
read names its field. ``open_settings`` is what the app uses: it never fails, keeps a damaged file
aside (``tutor.store.files``), puts the fields it could not read back to their defaults and says so.
``choose_table`` reconciles the command line's variant and player count with the saved ones.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from engine.core.i18n import LANGUAGES, N_, default_language
from engine.variants import VARIANTS
from tutor.store.files import LOG, Notice, read_bounded, set_aside, write_atomic


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
    "hand_sort": ("advised", "rank", "suit"),
    "variant": tuple(VARIANTS),
    "players": tuple(sorted({n for rules in VARIANTS.values() for n in rules.player_counts()})),
}


@dataclass(frozen=True)
class Settings:
    language: str
    variant: str = "classic"
    players: int = 4
    bot: str = "beginner"  # a newcomer meets the beginner first; Club player and Expert are a setting away
    card_size: str = "medium"
    four_colour: bool = False
    animation: str = "normal"
    theme: str = "system"
    hand_sort: str = "advised"  # the hand's order: as the tactics advise, by rank, by suit (Royal's runs)
    learner: int = 0  # the profile chosen last on this device (tutor.lessons.progress); 0: none yet

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
    """Write atomically (``tutor.store.files.write_atomic``), so a crash never leaves half a file."""
    write_atomic(path or settings_path(), json.dumps(asdict(settings), indent=1).encode("utf-8"))


DAMAGED = N_("The settings file {file} could not be read; it is kept as {backup} and the default settings are used.")
UNREADABLE = N_("The settings file {file} cannot be read here; the default settings are used for now.")
FIELDS_RESET = N_("In the settings file {file}, {fields} could not be read and went back to the default; "
                  "the old file is kept as {backup}.")
PLAYERS_CHANGED = N_("{variant} is played by {counts} players, so the new game has {players}.")


def open_settings(path: Path | None = None) -> tuple[Settings, list[Notice]]:
    """The saved settings as far as they can be read, and what the learner should be told."""
    path = path or settings_path()
    defaults = default_settings()
    try:
        raw = read_bounded(path)
    except (OSError, ValueError) as error:
        LOG.error("settings %s cannot be read: %s", path, error)
        if isinstance(error, OSError):
            return defaults, [Notice(UNREADABLE, {"file": path.name})]
        raw = b"\xff"  # far too large: damaged
    if raw is None:
        return defaults, []
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        data = None
    if not isinstance(data, dict):
        backup = set_aside(path)
        return defaults, [Notice(DAMAGED, {"file": path.name, "backup": backup.name if backup else "-"})]
    kept, bad = _readable(data, defaults, path)
    settings = replace(defaults, **kept)
    if settings.players not in VARIANTS[settings.variant].player_counts():
        bad.append("players")  # a count its own variant is not played by
        settings = replace(settings, players=VARIANTS[settings.variant].tables[0].people)
    if not bad:
        return settings, []
    backup = set_aside(path)
    try:
        save_settings(settings, path)
    except OSError as error:
        LOG.error("settings %s cannot be written: %s", path, error)
    return settings, [Notice(FIELDS_RESET, {"file": path.name, "fields": ", ".join(bad),
                                            "backup": backup.name if backup else "-"})]


def _readable(data: dict[str, Any], defaults: Settings, path: Path) -> tuple[dict[str, Any], list[str]]:
    """The fields that read well one by one, and the names of the others (each named, cut short)."""
    known = {f.name for f in fields(Settings)}
    kept, bad = {}, []
    for name, value in data.items():
        if name not in known:
            bad.append(name[:40])
            continue
        try:
            _checked(replace(defaults, **{name: value}), path)
        except SettingsError:
            bad.append(name)
            continue
        kept[name] = value
    return kept, bad


def choose_table(settings: Settings, variant: str | None, players: int | None) -> tuple[str, int, list[Notice]]:
    """The variant and player count of a new game: the command line's over the saved ones, and a
    count the variant is not played by replaced by the variant's own (told when it was asked for)."""
    chosen = variant or settings.variant
    rules = VARIANTS[chosen]
    count = players or settings.players
    if count in rules.player_counts():
        return chosen, count, []
    own = rules.tables[0].people
    if players is None:  # a saved count of another variant: quietly this one's own
        return chosen, own, []
    counts = ", ".join(map(str, rules.player_counts()))
    return chosen, own, [Notice(PLAYERS_CHANGED, {"variant": rules.title, "counts": counts, "players": own},
                                translated=("variant",))]
