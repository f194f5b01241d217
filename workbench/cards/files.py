"""A game's card files: the tables read as text from a folder of CSV files or a spreadsheet,
and written back to either.

Reading takes the folder's lock (see store.py), so a save of another process is never read
half done, and records what the files held, so a later save notices a change made meanwhile.
The text read here is converted and checked by cardset.py; writing takes tables it checked.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from contextlib import nullcontext
from pathlib import Path

import polars as pl

from workbench.cards import store, text, workbook
from workbench.cards.problems import CardDataError, Problem, show
from workbench.cards.spec import TableSpec
from workbench.cards.store import DiskState

# Names of single files, which a save of cards (a CSV file per table) cannot be.
_FILE_SUFFIXES = (".csv", ".tsv", ".txt", ".json", ".xls", ".xlsm", ".pdf", ".html", ".md")


def read_folder(specs: Mapping[str, TableSpec], directory: Path):
    """(text frames, file line of each card, problems, DiskState) of a folder of CSV files,
    a file per table; CardDataError when `directory` is a file or cannot be read."""
    _check_folder(directory)
    texts, lines, problems = {}, {}, []
    # With the folder's lock held, a save of another process is never read half done.
    with store.folder_lock(directory, "read") if directory.is_dir() else nullcontext():
        if directory.is_dir():
            store.recover(directory)
        # Read before the tables: a file that changes in between then looks changed to a save.
        disk = DiskState.read(directory, [spec.file for spec in specs.values()])
        for table, spec in specs.items():
            frame, rows, found = text.read_csv(directory / spec.file, spec, table)
            problems.extend(found)
            if frame is not None:
                texts[table], lines[table] = frame, rows
    return texts, lines, problems, disk


def read_spreadsheet(specs: Mapping[str, TableSpec], source: Path | str | bytes, name: str):
    """(text frames, sheet row of each card, problems, path, DiskState) of a spreadsheet with
    a sheet per table; path and DiskState are None for its bytes (an upload)."""
    path = None if isinstance(source, bytes) else Path(source)
    with nullcontext() if path is None else store.folder_lock(path.parent, "read"):
        if path is not None:
            store.recover_file(path)
        # Read before the sheets, as for CSV files: a save then notices a change made
        # meanwhile.
        disk = None if path is None else DiskState.read(path.parent, [path.name])
        texts, lines, problems = workbook.read(source, specs, name)
    return texts, lines, problems, path, disk


def _check_folder(directory: Path) -> None:
    if directory.is_file():
        raise CardDataError(
            [
                Problem(
                    file=directory.name,
                    expected="a folder or a spreadsheet",
                    message=f"{directory.name}: is neither a folder of CSV files "
                    "nor an .xlsx or .ods spreadsheet; expected one of "
                    "those",
                )
            ]
        )
    why = store.unreadable(directory) if directory.is_dir() else None
    if why is not None:
        raise CardDataError(
            [
                Problem(
                    file=directory.name,
                    expected="a folder you can read",
                    message=f"cannot read the folder {directory}: {why}; "
                    "expected a folder of CSV files you can read",
                )
            ]
        )


def write(
    tables: Mapping[str, pl.DataFrame],
    specs: Mapping[str, TableSpec],
    disk: DiskState | None,
    directory,
    *,
    force: bool,
) -> list[Path]:
    """Write the tables as CSV files into `directory`, or as one spreadsheet when it names an
    .xlsx file (see CardSet.save); the files written."""
    directory = _save_target(directory, force)
    if workbook.is_workbook(directory):
        if directory.suffix.lower() not in workbook.WRITES:
            raise ValueError(
                f"{directory.name}: {directory.suffix} files can be read but "
                f"not written; save as .xlsx (or to a folder of CSV files)"
            )
        data = workbook.write(tables, specs, directory.name)
        return store.save_files(directory.parent, {directory.name: data}, disk, force=force)
    # Render everything before touching the disk so a rendering error writes nothing.
    contents = {specs[t].file: text.csv_bytes(f) for t, f in tables.items()}
    return store.save_files(Path(directory), contents, disk, force=force)


def _save_target(directory, force) -> Path:
    """`directory` as a Path, once it is known to name a place cards can be saved."""
    if isinstance(directory, bool) or not isinstance(directory, str | os.PathLike):
        raise TypeError(
            f"save: give a folder (or an .xlsx file) as text or a Path, not "
            f"{type(directory).__name__} {show(directory)}"
        )
    if not isinstance(force, bool):
        raise TypeError(f"save: force is True or False, not {show(force)}")
    if not str(directory).strip():
        raise ValueError(
            "save: give the folder to save into (an empty name would mean "
            "wherever Python runs); nothing was saved"
        )
    directory = Path(directory)
    if directory.suffix.lower() in _FILE_SUFFIXES:
        raise ValueError(
            f"save: {directory.name} names a file, but cards save as one CSV "
            "file a table: give the folder to save them into (or an .xlsx "
            "file); nothing was saved"
        )
    return directory
