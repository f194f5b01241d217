"""The dice calculator's logic: expressions in, exact results, chart and exports out."""

from __future__ import annotations

import base64
import math

import polars as pl

from ..dice import DiceSyntaxError, DiceTooLarge, distributions, exact

VIEWS = ("normal", "at_least", "at_most")


class DiceSession:
    """Several dice expressions compared side by side, one view at a time."""

    def __init__(self, expressions=("3d6",), view: str = "normal"):
        self.expressions = [str(e) for e in expressions] or ["3d6"]
        self.view = view
        self.results: list[dict] = []
        self.evaluate()

    def set(self, index: int, text: str) -> None:
        if not 0 <= index < len(self.expressions):
            raise ValueError(f"there is no expression {index + 1}")
        self.expressions[index] = str(text)
        self.evaluate()

    def add(self, text: str = "2d6") -> None:
        self.expressions.append(text)
        self.evaluate()

    def remove(self, index: int) -> None:
        if len(self.expressions) > 1:
            del self.expressions[index]
            self.evaluate()

    def set_view(self, view: str) -> None:
        if view not in VIEWS:
            raise ValueError(f"view must be one of {', '.join(VIEWS)}, not {view!r}")
        self.view = view

    def evaluate(self) -> None:
        """Each expression's exact summary, or its error (with the caret) in place."""
        self.results = []
        for text in self.expressions:
            row = {"expr": text, "error": None, "position": None}
            try:
                d = exact(text)
            except DiceSyntaxError as exc:
                row.update(error=str(exc), position=exc.position)
            except DiceTooLarge as exc:
                row.update(error=str(exc))
            except ValueError as exc:
                row.update(error=str(exc))
            else:
                mean, var = d.mean(), d.variance()
                row.update(mean=float(mean), mean_exact=str(mean), sd=math.sqrt(var),
                           low=d.min_outcome(), high=d.max_outcome())
                if d.is_yes_no():
                    p = d.probability(1)
                    row.update(probability=str(p), probability_float=float(p))
            self.results.append(row)

    def good(self) -> list[str]:
        return [r["expr"] for r in self.results if not r["error"]]

    def frame(self) -> pl.DataFrame:
        """Every good expression's distribution, stacked with an `expr` column."""
        good = self.good()
        if not good:
            return pl.DataFrame()
        return distributions(*good)

    def chart(self):
        from ..charts.dice import dice_chart

        frame = self.frame()
        if frame.is_empty():
            return None
        return dice_chart(frame, view=self.view, layout="grouped")

    def svg(self) -> str:
        chart = self.chart()
        if chart is None:
            return ""
        import vl_convert as vlc

        return vlc.vegalite_to_svg(chart.to_json())

    def export(self, fmt: str) -> tuple[str, str]:
        """(file name, content) for download: CSV text, SVG text, or PNG as base64."""
        if fmt == "csv":
            return "dice.csv", self.frame().write_csv()
        chart = self.chart()
        if chart is None:
            raise ValueError("nothing to export: every expression has an error")
        import vl_convert as vlc

        if fmt == "svg":
            return "dice.svg", vlc.vegalite_to_svg(chart.to_json())
        if fmt == "png":
            return "dice.png", base64.b64encode(vlc.vegalite_to_png(chart.to_json())).decode()
        raise ValueError(f"export format must be csv, svg or png, not {fmt!r}")

    def table(self, limit: int = 60) -> list[dict]:
        frame = self.frame()
        if frame.is_empty():
            return []
        cols = [c for c in ("expr", "outcome", "p", "p_at_least", "p_at_most") if c in frame.columns]
        return frame.select(cols).head(limit).to_dicts()

