"""Which engine runs: the source interpreted, or the same source compiled with mypyc.

``scripts/build_engine.py`` compiles every module of the engine but this one, ``engine/__init__.py``,
``cli`` and ``__main__`` into extension modules in ``build/compiled/engine/`` beside the source tree,
with their shared library (``canasta_engine__mypyc``) in ``build/compiled/`` and a stamp of the sources
and the Python they were built from and for. At import, ``engine/__init__.py`` puts that folder in
front of the package's own path when the stamp matches (and ``build/compiled/`` at the end of
``sys.path``, for the shared library), so ``import engine.x`` loads the compiled ``x``; any other
module is the source's. A build made from other sources or for
another Python is never loaded. ``CANASTA_ENGINE=interpreted`` runs the source even where a build is
current; ``CANASTA_ENGINE=compiled`` fails at import where there is none (docs/speed.md).
"""

from __future__ import annotations

import hashlib
import os
import sys
import sysconfig

ENGINE_DIR = os.path.dirname(os.path.abspath(__file__))
BUILD_ROOT = os.path.join(os.path.dirname(ENGINE_DIR), "build", "compiled")
BUILD_DIR = os.path.join(BUILD_ROOT, "engine")  # the compiled package
SHARED_LIBRARY = "canasta_engine"  # mypyc's group: its extension module is canasta_engine__mypyc
STAMP = "SOURCES"
# never compiled: the switch itself, and the command line (its parser subclasses a builtin)
INTERPRETED = frozenset({"engine", "engine.build", "engine.cli", "engine.__main__"})


def source_files() -> list[str]:
    """The engine's modules as paths relative to the package, sorted."""
    found = []
    for folder, subfolders, files in os.walk(ENGINE_DIR):
        subfolders[:] = sorted(d for d in subfolders if d != "__pycache__")
        for name in files:
            if name.endswith(".py"):
                found.append(os.path.relpath(os.path.join(folder, name), ENGINE_DIR))
    return sorted(found)


def module_name(path: str) -> str:
    parts = ["engine", *path[: -len(".py")].split(os.sep)]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def compiled_modules() -> list[str]:
    return [m for m in map(module_name, source_files()) if m not in INTERPRETED]


def stamp_text() -> str:
    """The Python, and a digest of every source file: a build is current only for both."""
    digest = hashlib.blake2b(digest_size=16)
    for path in source_files():
        digest.update(path.encode() + b"\0")
        with open(os.path.join(ENGINE_DIR, path), "rb") as source:
            digest.update(source.read())
    return f"{sys.version}\n{sysconfig.get_config_var('EXT_SUFFIX')}\n{digest.hexdigest()}\n"


def build_is_current() -> bool:
    try:
        with open(os.path.join(BUILD_DIR, STAMP)) as stamp:
            return stamp.read() == stamp_text()
    except OSError:
        return False


def choose(package_path: list[str]) -> str:
    """Put a current build in front of ``package_path`` (the engine's ``__path__``) unless told not
    to; return which engine runs, ``"compiled"`` or ``"interpreted"``."""
    wanted = os.environ.get("CANASTA_ENGINE", "")
    if wanted == "interpreted":
        return "interpreted"
    if build_is_current():
        package_path.insert(0, BUILD_DIR)
        root = os.path.dirname(BUILD_DIR)
        if root not in sys.path:
            sys.path.append(root)
        return "compiled"
    if wanted == "compiled":
        raise ImportError(f"CANASTA_ENGINE=compiled, but {BUILD_DIR} holds no build of these sources and this "
                          "Python: run python scripts/build_engine.py")
    return "interpreted"
