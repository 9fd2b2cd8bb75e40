"""Saved state on disk: atomic writes, damaged files kept aside, and notices the app can show.

Settings, the saved game and the progress store all follow the same three rules: a write never
leaves half a file (a temporary file in the same folder, flushed and fsynced, then renamed over
the old one, and the folder fsynced so the rename survives a power cut); what cannot be read is
not deleted but renamed to ``<name>.damaged-<time>`` beside it; and the learner is told, in their
language, which file and which fields went back to their defaults.
"""

from __future__ import annotations

import logging
import os
import tempfile
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from engine.core.i18n import translate

LOG = logging.getLogger("tutor.store.files")
MAX_BYTES = 4_000_000  # a saved game is a few kilobytes; a bigger file is not one of ours


@dataclass(frozen=True)
class Notice:
    """A message for the learner about saved state: a message id, its facts, and which facts are
    message ids themselves (a variant's title) to be translated too."""

    text: str
    facts: Mapping[str, str | int] = field(default_factory=dict)
    translated: tuple[str, ...] = ()

    def say(self, lang: str) -> str:
        facts = {k: translate(str(v), lang) if k in self.translated else v for k, v in self.facts.items()}
        return translate(self.text, lang).format(**facts)


def write_atomic(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` all at once: a crash leaves the old file or the new one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise
    _fsync_folder(path.parent)


def _fsync_folder(folder: Path) -> None:
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return  # a platform without folder handles: the rename is still atomic
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


def read_bounded(path: Path) -> bytes | None:
    """The file's bytes, or None when there is none; ``OSError`` when it cannot be read, and
    ``ValueError`` when it is far larger than any file of ours."""
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except FileNotFoundError:
        return None
    if len(data) > MAX_BYTES:
        raise ValueError(f"larger than {MAX_BYTES} bytes")
    return data


def set_aside(path: Path, *companions: str) -> Path | None:
    """Rename a damaged file (and its ``companions``, suffixes such as ``-wal``) out of the way,
    keeping it for whoever wants to rescue it; None if it could not be moved."""
    backup = path.with_name(f"{path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}")
    try:
        os.replace(path, backup)
    except FileNotFoundError:
        return None  # another session moved it first
    except OSError as error:
        LOG.error("could not keep the damaged %s aside: %s", path, error)
        return None
    for suffix in companions:
        try:
            os.replace(path.with_name(path.name + suffix), backup.with_name(backup.name + suffix))
        except OSError:
            pass
    LOG.warning("%s could not be read and is kept as %s", path, backup)
    return backup
