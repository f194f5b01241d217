"""Fixtures: the shipped co-op cards, and a private copy of their files to break."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from workbench.cards import data_dir
from workbench.games.coop import cards as coop


@pytest.fixture
def coop_dir(tmp_path: Path) -> Path:
    target = tmp_path / "coop"
    shutil.copytree(data_dir("coop"), target)
    return target


@pytest.fixture(scope="session")
def shipped():
    return coop.load()
