"""Fixtures the card editor's tests share: a copy of the coop cards to edit, and an editing
session and an editor widget on that copy."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import workbench as wb
from workbench.cards import data_dir
from workbench.widgets import CardEditor
from workbench.widgets.editor_logic import EditSession


@pytest.fixture(name="folder")
def coop_folder(tmp_path: Path) -> Path:
    target = tmp_path / "coop"
    shutil.copytree(data_dir("coop"), target)
    return target


@pytest.fixture(name="session")
def coop_session(folder) -> EditSession:
    return EditSession(wb.load_cards("coop", folder))


@pytest.fixture(name="editor")
def coop_editor(folder) -> CardEditor:
    return CardEditor(wb.load_cards("coop", folder))
