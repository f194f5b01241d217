"""Replace a file so that readers and crashes only ever see the old or the new content."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def atomic_write(target: Path, data: bytes) -> None:
    """Write `data` to a temporary file beside `target`, flush it to disk, rename it over
    `target`. On any failure the temporary file is removed and `target` is untouched."""
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    _fsync_dir(target.parent)


def _fsync_dir(directory: Path) -> None:
    # Makes the rename itself durable on POSIX; Windows cannot open a directory, and does not
    # need to.
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
