"""Every bad-input case gets a clear error and loses nothing (see cases.py)."""

from __future__ import annotations

import pytest

from .cases import CASES


@pytest.mark.parametrize("name", list(CASES))
def test_bad_input(name, tmp_path):
    CASES[name](tmp_path)


def test_the_suite_covers_every_area():
    areas = {name.split(":")[0] for name in CASES}
    assert {"files", "edits", "saves", "matches", "simulation", "interrupts", "dice"} <= areas
    assert len(CASES) >= 60
