"""DiceCalculator: type dice expressions, see exact odds and a chart as you type."""

from __future__ import annotations

import anywidget
import traitlets

from .assets import script, stylesheet
from .dice_logic import DiceSession


class DiceCalculator(anywidget.AnyWidget):
    """Exact probabilities for one or more expressions (`3d6`, `4d6kh3`, `3d6 > 2d8 + 2`), a
    chart with normal / at least / at most views, a table, mean and spread; errors show where
    the expression went wrong. The chart is drawn in Python as SVG, so it works offline."""

    _esm = script("dice_calculator.js")
    _css = stylesheet("step_through.css")

    view = traitlets.Dict(help="What the browser draws; made by DiceSession.").tag(sync=True)

    def __init__(self, *expressions: str, view: str = "normal", **kwargs):
        super().__init__(**kwargs)
        self.session = DiceSession(expressions or ("3d6",), view=view)
        self.on_msg(self._on_message)
        self.refresh()

    def refresh(self) -> None:
        s = self.session
        self.view = {"expressions": list(s.expressions), "results": s.results, "mode": s.view,
                     "svg": s.svg(), "table": s.table()}

    def _on_message(self, _w, content, _b) -> None:
        if not isinstance(content, dict):
            return
        reply = {"type": "reply", "id": content.get("id"), "ok": True, "error": ""}
        try:
            extra = self.handle(content) or {}
        except ValueError as exc:
            reply.update(ok=False, error=str(exc))
            extra = {}
        self.refresh()
        self.send({**reply, **extra})

    def handle(self, msg: dict) -> dict | None:
        s = self.session
        kind = msg.get("type")
        if kind == "set":
            s.set(int(msg["index"]), str(msg.get("text", "")))
        elif kind == "add":
            s.add(str(msg.get("text", "2d6")))
        elif kind == "remove":
            s.remove(int(msg["index"]))
        elif kind == "mode":
            s.set_view(str(msg.get("mode")))
        elif kind == "export":
            name, content = s.export(str(msg.get("format")))
            return {"name": name, "content": content, "format": msg.get("format")}
        else:
            raise ValueError(f"unknown request {kind!r}")
        return None
