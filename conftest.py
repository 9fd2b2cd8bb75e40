"""Collection for the whole suite: where the compiled engine runs (engine/build.py), the engine's
modules are the build's extension modules, so their doctests are collected from the source only in the
interpreted pass (`make test`'s second, CANASTA_ENGINE=interpreted)."""

from pathlib import Path

import engine

ENGINE_SOURCE = Path(__file__).resolve().parent / "engine"


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    if engine.ENGINE == "compiled" and collection_path.resolve().is_relative_to(ENGINE_SOURCE):
        return True
    return None
