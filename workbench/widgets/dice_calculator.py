"""DiceCalculator: type dice expressions, see exact odds and a chart as you type."""

from __future__ import annotations

import traitlets

from .assets import script, stylesheet
from .base import RequestWidget, UnknownRequest
from .dice_logic import DiceSession


class DiceCalculator(RequestWidget):
    """Exact probabilities for one or more expressions (`3d6`, `4d6kh3`, `3d6 > 2d8 + 2`), a
    chart with normal / at least / at most views, a table, mean and spread; errors show where
    the expression went wrong. Each expression says in words how it was read (a bare pool
    compared with a number counts dice) and offers the other reading with one click. While
    an edited expression waits for its answer, the answer of its older text is shown as
    working (`DiceSession.working`). The chart is drawn in Python as SVG, so it works
    offline, in the notebook's colours."""

    _esm = script("dice_calculator.js")
    _css = stylesheet("step_through.css", "dice_calculator.css")

    view = traitlets.Dict(help="What the browser draws; made by DiceSession.").tag(sync=True)

    def __init__(self, *expressions: str, view: str = "normal", **kwargs):
        super().__init__(**kwargs)
        self.session = DiceSession(expressions or ("3d6",), view=view)
        self.refresh()

    def refresh(self) -> None:
        s = self.session
        self.view = {
            "expressions": list(s.expressions),
            "results": s.results,
            "mode": s.view,
            "svg": s.svg(),
            "stale": s.stale(),
            "table": s.table(),
            "working": s.working(),
        }

    def handle(self, msg: dict) -> dict | None:
        s = self.session
        kind = msg["type"]
        if kind == "set":
            s.set(int(msg["index"]), str(msg.get("text", "")))
        elif kind == "draft":
            s.draft(int(msg["index"]), str(msg.get("text", "")))
        elif kind == "add":
            s.add(str(msg.get("text", "2d6")))
        elif kind == "remove":
            s.remove(int(msg["index"]))
        elif kind == "other":
            s.take_other(int(msg["index"]))
        elif kind == "mode":
            s.set_view(str(msg.get("mode")))
        elif kind == "export":
            name, content = s.export(str(msg.get("format")))
            return {"name": name, "content": content, "format": msg.get("format")}
        else:
            raise UnknownRequest(kind)
        return None
