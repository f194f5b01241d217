"""The bad-input cases cover every area (the cases themselves run in each area's file)."""

from __future__ import annotations

from .cases import all_cases


def test_the_suite_covers_every_area():
    cases = all_cases()
    areas = {name.split(":")[0] for name in cases}
    assert {"files", "edits", "saves", "matches", "simulation", "interrupts", "dice"} <= areas
    assert len(cases) >= 87
    for name, fn in cases.items():  # a case's area is the file it sits in
        assert fn.__module__.rsplit(".", 1)[-1] == f"test_{name.split(':')[0]}", name
