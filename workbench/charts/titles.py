"""Chart titles that fit the chart they sit over.

Vega-Lite draws a title on one line however long it is: wider than the plot it runs past the
chart's edge, and a notebook's output area or a view's panel cuts it off. Here a title (and
its subtitle) is broken at spaces into lines no wider than the plot.

Widths are guessed from the number of characters, at the widest that JupyterLab's fonts draw
them (DejaVu Sans, Debian's default sans-serif, is wider than the Liberation Sans vl-convert
measures with): a guess too narrow would cut the title, one too wide only breaks a line early.
"""

from __future__ import annotations

import textwrap

import altair as alt

# Average advance of a character, in pixels, for Vega-Lite's title (13 px bold) and
# subtitle (12 px) in DejaVu Sans, rounded up.
TITLE_CHAR = 8.0
SUBTITLE_CHAR = 7.0


def lines(text: str, width: float, char: float = TITLE_CHAR) -> list[str]:
    """`text` broken into lines that fit `width` pixels: before a bracketed aside at its end,
    else at spaces (a word longer than a line is broken too, rather than left to run past the
    edge)."""
    most = max(8, int(width // char))
    if len(text) <= most:
        return [text]
    # An aside in brackets at the end reads best on a line of its own.
    head, _, aside = text.rpartition(" (")
    if head.strip():
        return lines(head, width, char) + lines(f"({aside}", width, char)
    return textwrap.wrap(text, most, break_on_hyphens=False) or [""]


def fitted(
    text: str, width: float, *, subtitle: str | list[str] | None = None, **params
) -> str | list[str] | alt.TitleParams:
    """A title for a chart `width` pixels wide: `text` (and the subtitle's lines), each broken
    to fit; `params` are passed on (anchor, …). A plain title stays a string when it fits on
    one line, as a chart's spec would have it anyway."""
    if subtitle is not None:
        given = [subtitle] if isinstance(subtitle, str) else subtitle
        params["subtitle"] = [part for line in given for part in lines(line, width, SUBTITLE_CHAR)]
    wrapped = lines(text, width)
    title = wrapped if len(wrapped) > 1 else wrapped[0]
    return alt.TitleParams(title, **params) if params else title
