"""Settings are remembered, default to the system's language, and bad files name their field."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.store.settings import Settings, SettingsError, load_settings, save_settings


def test_defaults_follow_the_system_language(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANGUAGE", "")
    monkeypatch.setenv("LC_ALL", "")
    monkeypatch.setenv("LC_MESSAGES", "")
    monkeypatch.setenv("LANG", "is_IS.UTF-8")
    assert load_settings(tmp_path / "none.json").language == "is"


def test_a_language_switch_is_remembered(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    save_settings(Settings(language="en").with_changes(language="de", four_colour=True), path)
    again = load_settings(path)
    assert again.language == "de" and again.four_colour is True


@pytest.mark.parametrize(
    ("content", "field"),
    [('{"language": "fr"}', "language"), ('{"players": "four"}', "players"), ('{"colour": 1}', "colour"),
     ("not json", "(file)"), ("[]", "(file)")],
)
def test_a_broken_file_names_its_field(tmp_path: Path, content: str, field: str) -> None:
    path = tmp_path / "settings.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(SettingsError) as error:
        load_settings(path)
    assert error.value.field == field


def test_a_bad_change_is_refused() -> None:
    with pytest.raises(SettingsError):
        Settings(language="en").with_changes(language="xx")


def test_a_newcomer_plays_the_beginner_and_sees_the_hand_as_advised() -> None:
    from tutor.store.settings import Settings

    settings = Settings(language="en")
    assert settings.bot == "beginner" and settings.hand_sort == "advised"
    assert settings.with_changes(hand_sort="suit").hand_sort == "suit"
    with pytest.raises(ValueError):
        settings.with_changes(hand_sort="colour")
