"""Tables shown in a notebook: a polars DataFrame drawn for people, not as polars' repr.

polars draws a frame with its shape, a row of types, text in quotes, floats to six places and
headers as column names. `table_html` draws the same frame with Great Tables (polars'
`DataFrame.style`): headers in words, numbers rounded, text as text, nulls blank, and the
notebook's own text colour, so it reads in light and dark themes alike. `notebook_tables()`
makes it how the kernel shows every frame; the frames themselves are unchanged.

Great Tables takes a fifth of a second or more to import, so it loads when the first frame is
drawn, not when the kernel is set up: a notebook that starts by playing a match does not wait
for it.
"""

from __future__ import annotations

import re
import sys
import uuid
from typing import TYPE_CHECKING

from .._lazy import after_import

if TYPE_CHECKING:
    import polars as pl

# A frame up to this many rows is shown whole; a longer one by its first and last rows, so a
# cell ending with a 100,000-game batch stays quick to draw and to scroll past.
WHOLE = 40
FIRST, LAST = 10, 5
# Below this size a float keeps 3 significant figures: two decimals would show it as 0.00.
SMALL = 0.01
# Text that is a number ("22.7%", "-3", "1,200"), as report tables write percentages.
NUMBER = r"^[-+−]?[0-9][0-9,]*(\.[0-9]+)?%?$"
# Lines in the text's own colour, faint: visible on a light or a dark background.
LINE = "color-mix(in srgb, currentColor 25%, transparent)"


def table_html(frame: pl.DataFrame) -> str:
    """`frame` as an HTML table for a notebook.

    Headers in words (underscores become spaces; a header already in words is kept), floats
    to 2 decimals (3 significant figures below 0.01), integers with thousands separators, text
    as it is (right-aligned when every value is a number or percentage), nulls and NaNs blank.
    Text, lines and background follow the page's colours. A frame of more than 40 rows shows
    its first 10 and last 5 rows, each part headed by which rows they are out of how many."""
    import polars as pl

    if not frame.width:
        return f"<p>A table with no columns ({frame.height:,} rows).</p>"
    shown, groups = _rows_shown(frame)
    table = shown.style
    if groups is not None:
        table = table.tab_stub(groupname_col=groups)
    table_id = f"wb-table-{uuid.uuid4().hex[:12]}"
    table = table.with_id(table_id)
    columns = frame.columns
    floats = [c for c in columns if frame.schema[c].is_float() or frame.schema[c].is_decimal()]
    integers = [c for c in columns if frame.schema[c].is_integer()]
    if integers:
        table = table.fmt_integer(columns=integers)
    if floats:
        table = table.fmt_number(columns=floats, decimals=2)
    numeric_text = [
        c for c in columns if frame.schema[c] == pl.String and _all_numbers(shown[c].drop_nulls())
    ]
    if numeric_text:  # "22.7%" lines up with the numbers beside it
        table = table.cols_align("right", columns=numeric_text)
    for column in floats:
        value = pl.col(column).cast(pl.Float64).abs()
        small = shown.select(pl.arg_where((value > 0) & (value < SMALL))).to_series().to_list()
        if small:  # the later format wins for these cells
            table = table.fmt_number(columns=column, rows=small, n_sigfig=3)
    table = (
        table.sub_missing(missing_text="")
        .cols_label(cases={c: header(c) for c in columns})
        .tab_options(
            table_background_color="transparent",
            table_margin_left="0px",
            table_font_size="13px",
            container_padding_y="4px",
            data_row_padding="3px",
            column_labels_padding="4px",
            row_group_padding="3px",
            column_labels_font_weight="bold",
        )
        # Great Tables takes only named or hex colours, and picks dark text (#333333) for a
        # transparent background: these rules give text the page's colour instead.
        .opt_css(
            f"#{table_id} .gt_table, #{table_id} .gt_table [class*='gt_'] "
            f"{{ color: inherit; background-color: transparent; border-color: {LINE}; }}\n"
            f"#{table_id} .gt_group_heading {{ font-style: italic; }}"
        )
    )
    return _scoped(table.as_raw_html(), table_id)


def _all_numbers(text: pl.Series) -> bool:
    return text.len() > 0 and text.str.contains(NUMBER).all()


def header(name: str) -> str:
    """A column's header in words: `win_rate` -> "win rate"; "95% interval" stays."""
    return name.replace("_", " ").strip() or name


def _rows_shown(frame: pl.DataFrame) -> tuple[pl.DataFrame, str | None]:
    """The rows to draw, and the column naming which part of a long frame each comes from
    (None when the frame is shown whole)."""
    import polars as pl

    rows = frame.height
    if rows <= WHOLE:
        return frame, None
    groups = "rows"
    while groups in frame.columns:
        groups = f"_{groups}"
    first = f"Rows 1 to {FIRST:,} of {rows:,}"
    last = f"Rows {rows - LAST + 1:,} to {rows:,}"
    shown = pl.concat(
        [
            frame.head(FIRST).with_columns(pl.lit(first).alias(groups)),
            frame.tail(LAST).with_columns(pl.lit(last).alias(groups)),
        ]
    )
    return shown, groups


# Great Tables scopes its reset rules to the table for `thead` and `p` only: its `tbody, tfoot,
# tr, td, th` borders and `tr` background would reach every table on the notebook's page.
_LEAKS = re.compile(r"(?m)^(#\S+ thead), tbody, tfoot, tr, td, th \{|^ ?tr \{")


def _scoped(html: str, table_id: str) -> str:
    def scope(match: re.Match) -> str:
        if match[1]:
            inner = ", ".join(f"#{table_id} {e}" for e in ("tbody", "tfoot", "tr", "td", "th"))
            return f"{match[1]}, {inner} {{"
        return f"#{table_id} tr {{"

    style, end, rest = html.partition("</style>")  # the cells' own text is left alone
    return _LEAKS.sub(scope, style) + end + rest


def notebook_tables() -> None:
    """Show every polars DataFrame a cell ends with (or `display`s) as `table_html` draws it,
    for this kernel. Outside IPython, nothing: `print(frame)` and `repr` are polars' own."""
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    if shell is None:
        return
    formatter = shell.display_formatter.formatters["text/html"]
    after_import("polars", lambda pl: formatter.for_type(pl.DataFrame, table_html))
