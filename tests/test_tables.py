"""Polars frames shown in a notebook as tables for people (workbench/charts/tables.py)."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import nbformat
import polars as pl
from nbclient import NotebookClient

from workbench.charts.tables import FIRST, LAST, header, table_html
from workbench.sim import sweep_table

DTYPES = {"str", "f64", "f32", "i64", "i32", "u32", "bool", "date", "null", "---"}


class Cells(HTMLParser):
    """The text of a table's column headers, group headings and body cells."""

    def __init__(self, html: str):
        super().__init__()
        self.headers, self.groups, self.rows, self._in = [], [], [], None
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        classes = (dict(attrs).get("class") or "").split()
        if (
            tag == "tr"
            and "gt_col_headings" not in classes
            and "gt_group_heading_row" not in classes
        ):
            self.rows.append([])
        if tag == "th" and "gt_col_heading" in classes:
            self._in = self.headers
        elif tag == "th" and "gt_group_heading" in classes:
            self._in = self.groups
        elif tag == "td":
            self._in = self.rows[-1]
        else:
            return
        self._in.append("")

    def handle_endtag(self, tag):
        if tag in ("td", "th"):
            self._in = None

    def handle_data(self, data):
        if self._in is not None:
            self._in[-1] += data


def sweep_frame() -> pl.DataFrame:
    return pl.DataFrame(
        {
            "enemy.Rats.health": [2, 3],
            "n": [12000, 12000],
            "win_rate": [0.2271234, 0.5312],
            "ci_low": [0.2, 0.5],
            "ci_high": [0.25, 0.56],
            "length_mean": [12.5, 9.2512],
        }
    )


def test_a_sweep_table_reads_in_words_without_shape_types_or_quotes():
    table = sweep_table(sweep_frame(), metrics={"length_mean": "decisions per game"})
    assert isinstance(table, pl.DataFrame)  # the data stays a frame; only its display changes
    html = table_html(table)
    cells = Cells(html)
    assert "shape:" not in html
    assert cells.headers == [
        "Rats' health",
        "games",
        "win rate",
        "95% interval",
        "decisions per game",
    ]
    assert cells.rows == [
        ["2", "12,000", "22.7%", "20.0% to 25.0%", "12.50"],
        ["3", "12,000", "53.1%", "50.0% to 56.0%", "9.25"],
    ]
    assert not DTYPES & {t.strip() for row in cells.rows for t in row}
    assert not [t for row in cells.rows for t in row if t[:1] in "\"'"]


def test_floats_are_rounded_integers_separated_and_headers_in_words():
    frame = pl.DataFrame(
        {
            "win_rate": [0.2271234, 0.5, 1234.5678],
            "p_value": [0.000123456, -0.00401, 0.0],
            "games_played": [12000, 3, 1_000_000],
            "Shankers' damage": ["low", "mid", "high"],
        }
    )
    cells = Cells(table_html(frame))
    assert cells.headers == ["win rate", "p value", "games played", "Shankers' damage"]
    assert cells.rows == [
        ["0.23", "0.000123", "12,000", "low"],
        ["0.50", "−0.00401", "3", "mid"],
        ["1,234.57", "0.00", "1,000,000", "high"],
    ]


def test_headers_in_words():
    assert header("win_rate") == "win rate"
    assert header("95% interval") == "95% interval"
    assert header("Shankers' damage") == "Shankers' damage"


def test_nulls_are_blank():
    frame = pl.DataFrame(
        {
            "enemy": ["Rats", None],
            "health": [None, 4],
            "mean": [None, 2.25],
            "nan": [float("nan"), 1.0],
        }
    )
    cells = Cells(table_html(frame))
    assert cells.rows == [["Rats", "", "", ""], ["", "4", "2.25", "1.00"]]


def test_a_long_frame_shows_its_first_and_last_rows_and_how_many():
    frame = pl.DataFrame({"seed": range(10_000), "length": [i / 4 for i in range(10_000)]})
    html = table_html(frame)
    cells = Cells(html)
    assert len(cells.rows) == FIRST + LAST
    assert [r[0] for r in cells.rows] == [
        f"{i:,}" for i in [*range(FIRST), *range(10_000 - LAST, 10_000)]
    ]
    assert cells.groups == [f"Rows 1 to {FIRST} of 10,000", f"Rows {10_000 - LAST + 1:,} to 10,000"]
    assert len(html) < 40_000
    # Up to 40 rows, every row.
    assert len(Cells(table_html(frame.head(40))).rows) == 40


def test_text_and_lines_take_the_page_colours_and_no_rule_reaches_other_tables():
    html = table_html(pl.DataFrame({"name": ["Rats"], "x": [1.5]}).head(1))
    table_id = re.match(r'<div id="([^"]+)"', html)[1]
    style = html[html.index("<style>") + 7 : html.index("</style>")]
    assert "color: inherit" in style and "#FFFFFF" not in style
    selectors = [
        s.strip() for rule in style.split("}") if "{" in rule for s in rule.split("{")[0].split(",")
    ]
    assert selectors and all(s.startswith(f"#{table_id} ") for s in selectors), selectors


def test_a_notebook_shows_a_frame_as_a_table_after_notebook_charts(tmp_path):
    nb = nbformat.v4.new_notebook(
        cells=[
            nbformat.v4.new_code_cell(
                "import sys\nimport polars as pl\n"
                "from workbench.charts import notebook_charts\n"
                "notebook_charts()\nprint('great_tables' in sys.modules)"
            ),
            nbformat.v4.new_code_cell("pl.DataFrame({'win_rate': [0.2271234], 'enemy': ['Rats']})"),
            nbformat.v4.new_code_cell("print('great_tables' in sys.modules)"),
        ]
    )
    NotebookClient(
        nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}
    ).execute()
    first, shown, after = (c.outputs for c in nb.cells)
    assert first[0]["text"] == "False\n"  # setting up loads no Great Tables
    html = shown[0]["data"]["text/html"]
    assert "gt_table" in html and "shape:" not in html
    assert Cells(html).headers == ["win rate", "enemy"]
    assert Cells(html).rows == [["0.23", "Rats"]]
    assert after[0]["text"] == "True\n"
