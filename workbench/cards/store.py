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

Saves and loads of one folder take turns (`folder_lock`, a lock file in the user's cache
folder, so the card folder holds nothing extra): the changed-on-disk check and the renames of
a save happen with no other save in between, so of two saves made from the same reading one
lands and the other is refused, naming the process that saved first; a load never sees half
of a save, and never takes another process's temporary files for leftovers. Recovery only
ever renames this module's own temporary files onto files directly inside the folder: a
journal that names anything else (a folder shared or downloaded with one) is ignored.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import re
import secrets
import socket
import stat as stat_mode
import time
import warnings
from contextlib import contextmanager
from dataclasses import dataclass
from glob import escape as glob_escape
from pathlib import Path

from filelock import FileLock, Timeout

from workbench.cards.atomic import _fsync_dir, atomic_write, default_mode
from workbench.core.cache_folder import cache_folder

JOURNAL = ".workbench-save.json"
TEMP_SUFFIX = ".wbsave"
TOKEN = re.compile(r"[0-9a-f]{8}")
LOCK_WAIT = 60.0  # seconds a save or a load waits for another process's save to finish


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
        if not stat_mode.S_ISREG(info.st_mode):
            # A folder, a pipe or a device where a card file belongs: opening a pipe would
            # wait for a writer for ever. The reader and the save say what it is.
            return Stamp(info.st_size, info.st_mtime_ns, "not a file")
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


class FolderBusy(CardSaveError):
    """Another process kept saving a folder for longer than LOCK_WAIT seconds."""


@contextmanager
def folder_lock(directory: Path, doing: str):
    """Hold `directory`'s lock while one save or load of it runs (see the module's doc).

    The lock is a file in the user's cache folder named after the folder's real path; with
    no cache folder there is nothing to share a lock through, and nothing is locked."""
    folder = cache_folder()
    if folder is None:
        yield
        return
    try:
        lock = FileLock(_record(folder, directory, ".lock"), is_singleton=True)
        lock.acquire(timeout=LOCK_WAIT)
    except Timeout:
        raise FolderBusy(
            f"could not {doing} {directory}: another process has been saving it "
            f"for {LOCK_WAIT:.0f} s; nothing was changed. Try again when it has "
            f"finished{_last_writer(directory)}.",
            directory,
        ) from None
    except OSError as err:
        where = (
            f"the lock file that makes its saves and loads take turns cannot be made in "
            f"{os.path.join(folder, 'locks')} ({_why(err)})"
        )
        if doing != "save":
            # Reading unlocked risks only a read during another process's save; refusing
            # would leave a read-only cache unable to open any cards, the shipped ones too.
            warnings.warn(f"{directory} was read without its lock: {where}", stacklevel=4)
            yield
            return
        raise CardSaveError(
            f"could not {doing} {directory}: {where}; nothing was changed. Make that folder "
            "writable, or set XDG_CACHE_HOME to a folder you can write.",
            directory,
        ) from None
    try:
        yield
    finally:
        lock.release()


def _record(folder: str, directory: Path, suffix: str) -> str:
    locks = os.path.join(folder, "locks")
    os.makedirs(locks, exist_ok=True)
    key = hashlib.sha256(os.fsencode(os.path.realpath(directory))).hexdigest()[:32]
    return os.path.join(locks, key + suffix)


def _note_writer(directory: Path, written: list[Path]) -> None:
    """Remember which process saved what last, for the message of a save refused after it."""
    folder = cache_folder()
    if folder is None:
        return
    files = {p.name: _stamp_or_none(p) for p in written}
    record = {
        "pid": os.getpid(),
        "host": socket.gethostname(),
        "at": time.strftime("%H:%M:%S"),
        "files": {name: s.sha256 for name, s in files.items() if s is not None},
    }
    try:
        atomic_write(Path(_record(folder, directory, ".json")), json.dumps(record).encode("utf-8"))
    except OSError:
        pass  # only a message is lost


def _last_writer(directory: Path, changed: list[Path] = ()) -> str:
    """ "; last saved by process N on HOST at TIME" when this machine's record says so (and,
    for files that changed, that it wrote exactly what they hold now), else ""."""
    folder = cache_folder()
    if folder is None:
        return ""
    try:
        record = json.loads(Path(_record(folder, directory, ".json")).read_text("utf-8"))
        pid, host, at, files = record["pid"], record["host"], record["at"], record["files"]
    except (OSError, ValueError, KeyError, TypeError):
        return ""
    for path in changed:
        now = _stamp_or_none(path)
        if now is None or files.get(path.name) != now.sha256:
            return ""
    return f"; last saved by process {pid} on {host} at {at}"


def unreadable(directory: Path) -> str | None:
    """Why the files in `directory` cannot be reached (the folder does not let this user
    in), or None."""
    try:
        os.stat(Path(directory) / JOURNAL)
    except FileNotFoundError:
        return None
    except OSError as err:
        return _why(err)
    return None


def recover(directory: Path) -> None:
    """Finish a save that was interrupted, then remove temporary files left by failed ones.
    Call it holding the folder's lock (`folder_lock`), so no save is under way.

    A journal exists only once every new file of a save was complete on disk, so finishing
    it is always right; temporary files without a journal belong to a save that never
    started renaming, and the old files are still whole. Only this module's temporary files
    directly inside `directory` are renamed, and only onto files directly inside it."""
    directory = Path(directory)
    journal = directory / JOURNAL
    if journal.is_file() and not journal.is_symlink():
        try:
            for tmp, target in _renames(directory, journal):
                if tmp.is_file() and not tmp.is_symlink():
                    os.replace(tmp, target)
            journal.unlink(missing_ok=True)
        except OSError as err:
            raise CardSaveError(
                f"could not finish the save that was interrupted in {directory}: {_why(err)}; "
                "its files are as that save left them. Make the folder writable and load it "
                "again to finish it.",
                directory,
            ) from None
        _fsync_dir(directory)
    for leftover in directory.glob(f".*{TEMP_SUFFIX}"):
        if leftover.is_symlink() or not leftover.is_file():
            continue
        try:
            leftover.unlink()
        except OSError:
            pass


def recover_file(path: Path) -> None:
    """Remove the temporary files a killed save of the one file `path` (a spreadsheet) left
    beside it. Call it holding the lock of its folder."""
    path = Path(path)
    if not path.parent.is_dir():
        return
    for leftover in path.parent.glob(f".{glob_escape(path.name)}.*{TEMP_SUFFIX}"):
        token = leftover.name[len(path.name) + 2 : -len(TEMP_SUFFIX)]
        if TOKEN.fullmatch(token) and leftover.is_file() and not leftover.is_symlink():
            leftover.unlink(missing_ok=True)


def _renames(directory: Path, journal: Path) -> list[tuple[Path, Path]]:
    """The journal's renames that stay inside `directory`: [file name, token] pairs naming
    a file directly in it (not through a link) and the temporary file a save makes for it.
    Anything else, or a journal that cannot be read, gives nothing."""
    try:
        pairs = json.loads(journal.read_text("utf-8"))["renames"]
        pairs = [(str(name), str(token)) for name, token in pairs]
    except (OSError, ValueError, KeyError, TypeError):
        return []
    home = os.path.realpath(directory)
    out = []
    for name, token in pairs:
        if (
            name in ("", ".", "..")
            or os.path.basename(name) != name
            or "/" in name
            or "\\" in name
            or not TOKEN.fullmatch(token)
        ):
            continue
        target = directory / name
        if target.is_symlink() or os.path.dirname(os.path.realpath(target)) != home:
            continue
        out.append((directory / f".{name}.{token}{TEMP_SUFFIX}", target))
    return out


def save_files(
    directory: Path, contents: dict[str, bytes], known: DiskState | None, *, force: bool = False
) -> list[Path]:
    """Write `contents` ({file name: bytes}) into `directory` as one set; the files written.

    `known` is what the caller last read from `directory`; a file that changed since then is
    not overwritten unless `force`. Files whose bytes would not change are left alone.
    """
    directory = Path(directory)
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise _error(err, directory, "create the folder") from None
    why = unreadable(directory)
    if why is not None:
        raise CardSaveError(
            f"could not read the folder {directory}: {why}; nothing was saved "
            "and the files on disk are as they were",
            directory,
        )
    # The check and the renames with no other save of the folder in between: of two saves
    # made from one reading, the second sees the first's files as changed and is refused.
    with folder_lock(directory, "save"):
        return _save_locked(directory, contents, known, force)


def _save_locked(
    directory: Path, contents: dict[str, bytes], known: DiskState | None, force: bool
) -> list[Path]:
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
        if now is not None and now.sha256 == "not a file":
            raise CardSaveError(
                f"{target} is not a file (a folder, a pipe or a device); "
                "nothing was saved. Move it away or save to another folder.",
                target,
            )
        if now is not None and now.size == len(data) and real.read_bytes() == data:
            continue
        if checked is not None and not force and not checked.unchanged(file, now):
            changed.append(target)
        if info is not None and not info.st_mode & 0o222:
            read_only.append(target)
        mode = stat_mode.S_IMODE(info.st_mode) if info is not None else default_mode()
        plan.append((target, real, data, mode))
    if changed:
        names = ", ".join(p.name for p in changed)
        raise ChangedOnDisk(
            f"{names} in {directory} changed on disk since these cards were read (another "
            f"editor, process or spreadsheet saved it{_last_writer(directory, changed)}); "
            "nothing was saved, so those changes are safe. Reload the folder to work on the "
            "newer files, save these cards to another folder, or save with force=True to "
            "overwrite them.",
            changed,
        )
    if read_only:
        names = ", ".join(p.name for p in read_only)
        raise CardSaveError(
            f"{names} in {directory} is read-only; nothing was saved. Make it "
            "writable or save to another folder.",
            read_only[0],
        )
    for target, real, _, _ in plan:
        # A file that cannot be written (immutable, or another user's) would stop the set
        # halfway, after some files were replaced: found now, nothing is written.
        if os.path.lexists(real):
            try:
                os.close(os.open(real, os.O_WRONLY | os.O_NONBLOCK))
            except OSError as err:
                raise CardSaveError(
                    f"could not write {target.name} in the folder {directory}: "
                    f"{_why(err)}; nothing was saved and the files on disk are "
                    "as they were",
                    target,
                ) from None
    if plan:
        _write_set(directory, plan)
        _note_writer(directory, [real for _, real, _, _ in plan])
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
            except OSError as err:
                # Only the folder can refuse a new file: name it, not the file to replace.
                raise _error(err, real.parent, "write to the folder") from None
            try:
                with os.fdopen(fd, "wb") as handle:
                    handle.write(data)
                    handle.flush()
                    os.fsync(handle.fileno())
                os.chmod(tmp, mode)
            except OSError as err:
                raise _error(err, target, "write") from None
        journal = directory / JOURNAL
        if len(temps) > 1:
            text = json.dumps({"renames": [[target.name, token] for target, *_ in plan]})
            try:
                atomic_write(journal, text.encode("utf-8"))
            except OSError as err:
                raise _error(err, directory, "write to the folder") from None
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
                real,
            ) from None
    for parent in {real.parent for _, real in temps}:
        _fsync_dir(parent)
    if len(temps) > 1:
        (directory / JOURNAL).unlink(missing_ok=True)


def _error(err: OSError, path: Path, doing: str) -> CardSaveError:
    return CardSaveError(
        f"could not {doing} {path}: {_why(err)}; nothing was saved and the "
        "files on disk are as they were",
        path,
    )


def _why(err: OSError) -> str:
    return {
        errno.ENOSPC: "the disk is full",
        errno.EDQUOT: "the disk quota is used up",
        errno.EACCES: "permission denied",
        errno.EPERM: "permission denied",
        errno.EROFS: "the disk is read-only",
        errno.EBUSY: "the file is locked or busy",
        errno.ETXTBSY: "the file is locked or busy",
    }.get(err.errno, err.strerror or str(err))
