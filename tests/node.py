"""Node, to run a view's JavaScript module outside a browser: the machine's, or the one
Playwright (a test dependency) ships with its driver, so these tests never lack it."""

from __future__ import annotations

import shutil


def node() -> str:
    found = shutil.which("node")
    if found:
        return found
    from playwright._impl._driver import compute_driver_executable

    return str(compute_driver_executable()[0])
