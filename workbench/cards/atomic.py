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


def write_named_file(path: Path | str, data: bytes) -> Path:
    """Replace the file a user named (a printed sheet, a saved report) as atomic_write does,
    as a user expects of a file they named: through a link to the file it points at, keeping
    its permissions, and never over a read-only file. Returns the file written."""
    path = Path(path)
    real = Path(os.path.realpath(path))
    try:
        info = os.stat(real)
    except FileNotFoundError:
        info = None
    if info is not None and not info.st_mode & 0o222:
        raise PermissionError(
            f"{path} is read-only; nothing was written. Make it writable or save to another name"
        )
    atomic_write(real, data)
    os.chmod(real, info.st_mode & 0o7777 if info is not None else default_mode())
    return real


def default_mode() -> int:
    """The permissions a new file gets here (what the user's umask leaves of rw-rw-rw-)."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask
