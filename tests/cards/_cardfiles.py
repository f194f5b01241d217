"""Helpers to break a copy of the co-op card files in small, precise ways."""

from __future__ import annotations

from pathlib import Path

import pytest

from workbench.cards import CardDataError
from workbench.games.coop import cards as coop


def replace_line(path: Path, line: int, text: str) -> None:
    """Replace line `line` (1 = header) of a CSV file."""
    lines = path.read_text().splitlines()
    lines[line - 1] = text
    path.write_text("\n".join(lines) + "\n")


def set_cell(path: Path, line: int, column: str, value: str) -> None:
    """Replace one cell of a simple (unquoted) CSV line."""
    lines = path.read_text().splitlines()
    header = lines[0].split(",")
    cells = lines[line - 1].split(",")
    cells[header.index(column)] = value
    lines[line - 1] = ",".join(cells)
    path.write_text("\n".join(lines) + "\n")


def load_error(directory: Path) -> CardDataError:
    with pytest.raises(CardDataError) as info:
        coop.load(directory)
    return info.value
