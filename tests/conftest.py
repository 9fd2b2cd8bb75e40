"""Catalogs are compiled at test time too, so tests never read a stale .mo."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _stale(po: Path) -> bool:
    mo = po.with_suffix(".mo")
    return not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime


@pytest.fixture(scope="session", autouse=True)
def compiled_catalogs() -> None:
    if any(_stale(po) for po in ROOT.glob("locales/*/LC_MESSAGES/*.po")):
        import importlib.util

        spec = importlib.util.spec_from_file_location("i18n_script", ROOT / "scripts" / "i18n.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        module.compile_all()
        from engine.core.i18n import translations

        translations.cache_clear()
