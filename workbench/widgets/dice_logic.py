"""The dice calculator's logic: expressions in, exact results, chart and exports out."""

from __future__ import annotations

import base64
import math
import warnings

import polars as pl

from ..dice import CertainResultWarning, DiceSyntaxError, DiceTooLarge, distributions, exact
from ..dice.readings import fraction_text, reading

VIEWS = ("normal", "at_least", "at_most")
TABLE_ROWS = 60  # rows the table shows; the CSV export has them all


class DiceSession:
    """Several dice expressions compared side by side, one view at a time."""

    def __init__(self, expressions=("3d6",), view: str = "normal"):
        if isinstance(expressions, str):
            expressions = [expressions]
        if not isinstance(expressions, list | tuple):
            raise TypeError(
                f"expressions: give a dice expression such as '3d6' or a list of "
                f"them, not a {type(expressions).__name__}"
            )
        self.expressions = [_text(e) for e in expressions] or ["3d6"]
        # The last text of each expression that had an answer: while a typo is being fixed,
        # the chart keeps showing it, so the chart neither vanishes nor jumps.
        self.last_good: list[str | None] = [None] * len(self.expressions)
        self.view = "normal"
        self.set_view(view)
        self.results: list[dict] = []
        self._drawn: tuple | None = None  # (what was charted, view, its SVG)
        self.evaluate()

    def set(self, index: int, text: str) -> None:
        self._check_index(index)
        self.expressions[index] = _text(text)
        self.evaluate()

    def draft(self, index: int, text: str) -> None:
        """Text being typed, kept without working out its answer: until `set` (or any other
        change that evaluates) brings the new answer or error, the answer on show belongs
        to older text, and `working()` says so."""
        self._check_index(index)
        self.expressions[index] = _text(text)

    def working(self) -> list[int]:
        """Expressions whose answer on show was worked out for text since changed."""
        return [
            i
            for i, (r, text) in enumerate(zip(self.results, self.expressions, strict=True))
            if r["expr"] != text
        ]

    def add(self, text: str = "2d6") -> None:
        self.expressions.append(_text(text))
        self.last_good.append(None)
        self.evaluate()

    def remove(self, index: int) -> None:
        self._check_index(index)
        if len(self.expressions) > 1:
            del self.expressions[index]
            del self.last_good[index]
            self.evaluate()

    def take_other(self, index: int) -> None:
        """Replace an expression by its other reading (a count of dice <-> a test of the
        total), the one-click offer under a bare pool compared with a number."""
        self._check_index(index)
        if index in self.working():
            # The other reading on offer is that of the text before the edit.
            raise ValueError(f"expression {index + 1} changed: wait for its new answer")
        other = self.results[index].get("other")
        if not other:
            raise ValueError(f"expression {index + 1} has no other reading")
        self.set(index, other)

    def set_view(self, view: str) -> None:
        if view not in VIEWS:
            raise ValueError(f"view must be one of {', '.join(VIEWS)}, not {view!r}")
        self.view = view

    def evaluate(self) -> None:
        """Each expression's exact summary and its reading in words, or its error (with the
        caret) in place."""
        self.results = []
        for i, text in enumerate(self.expressions):
            row = {"expr": text, "error": None, "position": None}
            try:
                d = exact(text)
                said = reading(text)
            except DiceSyntaxError as exc:
                row.update(error=str(exc), position=exc.position)
            except (DiceTooLarge, ValueError) as exc:
                row.update(error=str(exc))
            else:
                self.last_good[i] = text
                mean, var = d.mean(), d.variance()
                row.update(
                    mean=float(mean),
                    mean_exact=str(mean),
                    sd=math.sqrt(var),
                    low=d.min_outcome(),
                    high=d.max_outcome(),
                    yes_no=said.yes_no,
                    reading=said.counts,
                    certain=said.certain,
                    notes=list(said.notes),
                    other=said.other,
                    other_answer=None,
                )
                if said.other is not None and said.other_p is not None:
                    row["other_answer"] = fraction_text(said.other_p)
                if said.yes_no:
                    p = d.probability(1)
                    row.update(probability=str(p), probability_float=float(p))
            self.results.append(row)

    def good(self) -> list[str]:
        return [r["expr"] for r in self.results if not r["error"]]

    def charted(self) -> list[str]:
        """What the chart draws, in input order: each expression, or while it has an error,
        its last text that had an answer (repeats drawn once)."""
        out = []
        for r, last in zip(self.results, self.last_good, strict=True):
            text = last if r["error"] else r["expr"]
            if text is not None and text not in out:
                out.append(text)
        return out

    def stale(self) -> list[dict]:
        """Expressions with an error whose older text the chart still draws."""
        return [
            {"index": i, "shown": last}
            for i, (r, last) in enumerate(zip(self.results, self.last_good, strict=True))
            if r["error"] and last is not None
        ]

    def frame(self, texts: list[str] | None = None) -> pl.DataFrame:
        """Every good expression's distribution (or those of `texts`), stacked with an `expr`
        column. An answer that never varies is said in the view, so it is not warned here."""
        texts = self.good() if texts is None else texts
        if not texts:
            return pl.DataFrame()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", CertainResultWarning)
            return distributions(*texts)

    def chart(self, texts: list[str] | None = None):
        """Spreads as bars by outcome; yes/no questions as one probability each, below.
        Draws `charted()` unless given other texts (all of which have answers)."""
        import altair as alt

        from ..charts.dice import dice_chart, yes_no_chart

        texts = self.charted() if texts is None else texts
        if not texts:
            return None
        yes_no = {t for t in texts if reading(t).yes_no}
        frame = self.frame(texts)
        spreads = [t for t in texts if t not in yes_no]
        questions = [t for t in texts if t in yes_no]
        parts = []
        if spreads:
            parts.append(
                dice_chart(
                    frame.filter(pl.col("expr").is_in(spreads)),
                    view=self.view,
                    layout="grouped",
                    order=texts,
                )
            )
        if questions:
            parts.append(yes_no_chart(frame.filter(pl.col("expr").is_in(questions)), order=texts))
        # Each part keeps its own legend; the shared order gives both the same colours.
        if len(parts) == 1:
            return parts[0]
        return alt.vconcat(*parts).resolve_scale(color="independent")

    def svg(self) -> str:
        from ..charts.svg import themed_svg

        # Kept while what is charted stays the same: a keystroke's refresh (see draft) must
        # not wait on drawing the same chart again.
        key = (tuple(self.charted()), self.view)
        if self._drawn is None or self._drawn[:2] != key:
            chart = self.chart()
            self._drawn = (*key, "" if chart is None else themed_svg(chart))
        return self._drawn[2]

    def export(self, fmt: str) -> tuple[str, str]:
        """(file name, content) for download: CSV text, SVG text, or PNG as base64."""
        from ..charts.svg import file_png, file_svg

        if fmt == "csv":
            return "dice.csv", self.frame().write_csv()
        if fmt not in ("svg", "png"):
            raise ValueError(f"export format must be csv, svg or png, not {fmt!r}")
        chart = self.chart(self.good())
        if chart is None:
            raise ValueError("nothing to export: every expression has an error")
        if fmt == "svg":
            return "dice.svg", file_svg(chart)
        return "dice.png", base64.b64encode(file_png(chart)).decode()

    def table(self, limit: int = TABLE_ROWS) -> dict:
        """The first `limit` rows of the good expressions' distributions, and how many there
        are in all, so that a cut table can say so."""
        frame = self.frame()
        if frame.is_empty():
            return {"rows": [], "total": 0}
        cols = [
            c for c in ("expr", "outcome", "p", "p_at_least", "p_at_most") if c in frame.columns
        ]
        return {"rows": frame.select(cols).head(limit).to_dicts(), "total": frame.height}

    def _check_index(self, index: int) -> None:
        if not 0 <= index < len(self.expressions):
            raise ValueError(f"there is no expression {index + 1}")


def _text(text) -> str:
    # Checked before it is kept: a session holding a non-text expression would fail on every
    # later answer, not just this one.
    if not isinstance(text, str):
        raise TypeError(f"a dice expression is text such as '3d6+2', not a {type(text).__name__}")
    return text
