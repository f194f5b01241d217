"""Saving a set of card files so that no one's work is lost.

A CardSet remembers what every file held when it was read (`DiskState`: size, modification
time and a hash of the content). A save refuses to replace a file that changed since then
(another editor saved, or a spreadsheet did), naming it. The files of one save are written as a
set: every new file is first written beside its target as a temporary file and flushed to disk,
then a small journal names them, then each is renamed over its target, then the journal goes.
A save interrupted part-way (a kill, a full disk, a power cut) is finished by the next load of
the folder (`recover`), so a folder never holds half of one save and half of another.
Saves keep each file's permissions, write through symbolic links to the file they point at,
and refuse read-only files.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import secrets
import stat as stat_mode
from dataclasses import dataclass
from pathlib import Path

from workbench.cards.atomic import _fsync_dir, atomic_write

JOURNAL = ".workbench-save.json"
TEMP_SUFFIX = ".wbsave"


class CardSaveError(OSError):
    """Card files that could not be saved. Nothing was changed on disk; `filename` names the
    file at fault."""

    def __init__(self, message: str, filename: str | os.PathLike | None = None):
        super().__init__(message)
        self.message = message
        self.filename = None if filename is None else str(filename)

    def __str__(self) -> str:
        return self.message


class ChangedOnDisk(CardSaveError):
    """A file changed on disk since these cards were read: saving would overwrite it."""

    def __init__(self, message: str, files: list[Path]):
        super().__init__(message, files[0] if files else None)
        self.files = files


@dataclass(frozen=True)
class Stamp:
    size: int
    mtime_ns: int
    sha256: str


def stamp(path: Path) -> Stamp | None:
    """What `path` holds now (through symbolic links), or None when there is no such file."""
    try:
        info = os.stat(path)
        with open(path, "rb") as handle:
            digest = hashlib.file_digest(handle, "sha256").hexdigest()
    except FileNotFoundError:
        return None
    return Stamp(info.st_size, info.st_mtime_ns, digest)


class DiskState:
    """The files of one folder as a line of CardSets last read or wrote them.

    Shared (not copied) by every CardSet derived from one load, so a CardSet saved twice in
    a row does not see its own first save as someone else's change.
    """

    def __init__(self, directory: Path, stamps: dict[str, Stamp | None]):
        self.directory = Path(os.path.realpath(directory))
        self.stamps = dict(stamps)

    @classmethod
    def read(cls, directory: Path, files) -> DiskState:
        return cls(directory, {f: _stamp_or_none(Path(directory) / f) for f in files})

    def covers(self, directory: Path) -> bool:
        return Path(os.path.realpath(directory)) == self.directory

    def unchanged(self, file: str, now: Stamp | None) -> bool:
        if file not in self.stamps:
            return True
        then = self.stamps[file]
        if then is None or now is None:
            return then is now
        # Same content is no change, whatever the clock says (a `touch`, a copy back).
        return then.sha256 == now.sha256


def _stamp_or_none(path: Path) -> Stamp | None:
    try:
        return stamp(path)
    except OSError:
        return None  # an unreadable file is reported by the reader, with its name


def recover(directory: Path) -> None:
    """Finish a save that was interrupted, then remove temporary files left by failed ones.

    A journal exists only once every new file of a save was complete on disk, so finishing
    it is always right; temporary files without a journal belong to a save that never
    started renaming, and the old files are still whole."""
    directory = Path(directory)
    journal = directory / JOURNAL
    if journal.is_file():
        try:
            pairs = json.loads(journal.read_text("utf-8"))["renames"]
        except (OSError, ValueError, KeyError, TypeError):
            pairs = []
        for tmp, target in pairs:
            if os.path.exists(tmp):
                os.replace(tmp, target)
        journal.unlink(missing_ok=True)
        _fsync_dir(directory)
    for leftover in directory.glob(f".*{TEMP_SUFFIX}"):
        try:
            leftover.unlink()
        except OSError:
            pass


def save_files(directory: Path, contents: dict[str, bytes], known: DiskState | None,
               *, force: bool = False) -> list[Path]:
    """Write `contents` ({file name: bytes}) into `directory` as one set; the files written.

    `known` is what the caller last read from `directory`; a file that changed since then is
    not overwritten unless `force`. Files whose bytes would not change are left alone.
    """
    directory = Path(directory)
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise _error(err, directory, "create the folder") from None
    checked = known if known is not None and known.covers(directory) else None
    plan, changed, read_only, now_seen = [], [], [], {}
    for file, data in contents.items():
        target = directory / file
        real = Path(os.path.realpath(target))
        try:
            now = stamp(real)
            info = os.stat(real) if now is not None else None
        except OSError as err:
            raise _error(err, target, "read") from None
        now_seen[file] = now
        if now is not None and now.size == len(data) and real.read_bytes() == data:
            continue
        if checked is not None and not force and not checked.unchanged(file, now):
            changed.append(target)
        if info is not None and not info.st_mode & 0o222:
            read_only.append(target)
        mode = stat_mode.S_IMODE(info.st_mode) if info is not None else _default_mode()
        plan.append((target, real, data, mode))
    if changed:
        names = ", ".join(p.name for p in changed)
        raise ChangedOnDisk(
            f"{names} in {directory} changed on disk since these cards were read (another "
            "editor or a spreadsheet saved it); nothing was saved, so those changes are "
            "safe. Reload the folder to work on the newer files, save these cards to another "
            "folder, or save with force=True to overwrite them.", changed)
    if read_only:
        names = ", ".join(p.name for p in read_only)
        raise CardSaveError(f"{names} in {directory} is read-only; nothing was saved. Make it "
                            "writable or save to another folder.", read_only[0])
    if plan:
        _write_set(directory, plan)
    if checked is not None or (known is not None and known.covers(directory)):
        for file in contents:
            known.stamps[file] = _stamp_or_none(directory / file)
    return [target for target, *_ in plan]


def _write_set(directory: Path, plan) -> None:
    token = secrets.token_hex(4)
    temps: list[tuple[Path, Path]] = []
    try:
        for target, real, data, mode in plan:
            tmp = real.parent / f".{real.name}.{token}{TEMP_SUFFIX}"
            temps.append((tmp, real))
            try:
                fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
                with os.fdopen(fd, "wb") as handle:
                    handle.write(data)
                    handle.flush()
                    os.fsync(handle.fileno())
                os.chmod(tmp, mode)
            except OSError as err:
                raise _error(err, target, "write") from None
        journal = directory / JOURNAL
        if len(temps) > 1:
            text = json.dumps({"renames": [[str(t), str(r)] for t, r in temps]})
            try:
                atomic_write(journal, text.encode("utf-8"))
            except OSError as err:
                raise _error(err, journal, "write") from None
    except BaseException:
        for tmp, _ in temps:
            try:
                tmp.unlink()
            except OSError:
                pass
        raise
    # From here on the save is decided: renames only, and an interruption is finished by the
    # next load (recover).
    for done, (tmp, real) in enumerate(temps):
        try:
            os.replace(tmp, real)
        except OSError as err:
            if done == 0:  # nothing replaced yet: drop the whole set, as if never started
                for other, _ in temps:
                    other.unlink(missing_ok=True)
                (directory / JOURNAL).unlink(missing_ok=True)
                raise _error(err, real, "replace") from None
            raise CardSaveError(
                f"the save stopped after {done} of {len(temps)} files ({real}: {err}); the "
                "next load of this folder finishes it from the files already written",
                real) from None
    for parent in {real.parent for _, real in temps}:
        _fsync_dir(parent)
    if len(temps) > 1:
        (directory / JOURNAL).unlink(missing_ok=True)


def _default_mode() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def _error(err: OSError, path: Path, doing: str) -> CardSaveError:
    why = {errno.ENOSPC: "the disk is full", errno.EDQUOT: "the disk quota is used up",
           errno.EACCES: "permission denied", errno.EPERM: "permission denied",
           errno.EROFS: "the disk is read-only", errno.EBUSY: "the file is locked or busy",
           errno.ETXTBSY: "the file is locked or busy"}.get(err.errno, err.strerror or str(err))
    return CardSaveError(f"could not {doing} {path}: {why}; nothing was saved and the files "
                         "on disk are as they were", path)
