"""The JavaScript and CSS shipped beside the widgets (no CDN: everything works offline)."""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).parent


def script(name: str) -> str:
    """A widget's ES module: the shared helpers (dom.js for DOM nodes, request.js for requests
    to Python) followed by the widget's own code. anywidget loads one module per widget, so
    shared code is joined here, not imported."""
    return "\n".join((HERE / n).read_text(encoding="utf-8") for n in ("dom.js", "request.js", name))


def stylesheet(*names: str) -> str:
    """The shared theme followed by each named stylesheet."""
    return "\n".join((HERE / n).read_text(encoding="utf-8") for n in ("theme.css", *names))
