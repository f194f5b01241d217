"""One card drawn as a card: `cards.card("enemies", "Brutes")` shows itself in a notebook, as
its design draws it and a print sheet prints it (workbench.sheets).

`card_html` draws a row column by column (the card editor's form). The HTML carries its own
inline styles (JupyterLab theme variables with plain fallbacks), so it looks the same as a cell
output, inside the card editor, and in an exported notebook.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from workbench.cards.spec import TableSpec
from workbench.cards.text import value_text

# Accent colours for the card's edge, picked by table name so a table always gets the same.
_ACCENTS = (
    "--jp-error-color1, #c62828",
    "--jp-brand-color1, #1976d2",
    "--jp-warn-color1, #ef6c00",
    "--jp-success-color1, #388e3c",
    "--jp-accent-color1, #7b1fa2",
)
# Text longer than this is card text (a paragraph), not a short label.
_PARAGRAPH = 28


@dataclass(frozen=True, eq=False)
class Card:
    """One row of a card table: `card["health"]`, `card.values`, and a drawing in Jupyter.

    `view` is the card as its design draws it (Design.card_view, a CardView): the notebook
    shows it exactly as a print sheet prints it, at its real size.
    """

    table: str
    key: str
    values: Mapping[str, object]
    spec: TableSpec
    view: object = None

    def __post_init__(self):
        object.__setattr__(self, "values", MappingProxyType(dict(self.values)))

    def __getitem__(self, column: str):
        return self.values[column]

    def __eq__(self, other) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return (self.table, dict(self.values)) == (other.table, dict(other.values))

    def __hash__(self) -> int:
        return hash((self.table, self.key))

    def __repr__(self) -> str:
        fields = ", ".join(f"{c}={v!r}" for c, v in self.values.items())
        return f"Card({self.table!r}, {fields})"

    def _repr_html_(self) -> str:
        if self.view is None:
            return card_html(self.spec, self.table, self.values)
        from workbench.sheets import card_svg  # draws itself: loaded on first use

        return (
            f'<div class="wb-cardview" data-table="{html.escape(self.table, quote=True)}" '
            f'style="display:inline-block;width:240px">{card_svg(self.view, self.table)}'
            "</div>"
        )


def card_html(spec: TableSpec, table: str, row: Mapping[str, object]) -> str:
    """A card as self-contained HTML: name, stats as badges, choices and text below."""
    accent = _ACCENTS[sum(map(ord, table)) % len(_ACCENTS)]
    stats, labels, paragraphs = [], [], []
    for column in spec.header:
        if column == spec.key:
            continue
        value, family = row.get(column), spec.kind(column)
        title = html.escape(spec.columns.get(column, ""), quote=True)
        name = html.escape(_label(column))
        shown = html.escape("—" if value_text(value) is None else value_text(value))
        if family in ("integer", "number"):
            stats.append(
                f'<div title="{title}" data-column="{html.escape(column, quote=True)}" '
                'style="display:flex;justify-content:space-between;gap:6px;padding:1px 4px;'
                'border-radius:4px;background:var(--jp-layout-color2, #f1f1f1)">'
                f'<span style="color:var(--jp-ui-font-color2, #555)">{name}</span>'
                f"<b>{shown}</b></div>"
            )
        elif family == "boolean":
            mark = "✓" if value else "✗"
            labels.append(f'<div title="{title}">{name}: <b>{mark}</b></div>')
        elif value is not None and len(str(value)) > _PARAGRAPH:
            paragraphs.append(
                f'<div title="{title}" style="margin-top:6px;font-style:italic;'
                f'color:var(--jp-ui-font-color2, #555)">{shown}</div>'
            )
        else:
            labels.append(f'<div title="{title}">{name}: <b>{shown}</b></div>')
    key = html.escape(value_text(row.get(spec.key)) or "")
    kind = html.escape(_label(table))
    return (
        f'<div class="wb-cardview" data-table="{html.escape(table, quote=True)}" '
        'style="display:inline-block;vertical-align:top;width:210px;box-sizing:border-box;'
        "margin:4px;padding:8px 10px;border:1px solid var(--jp-border-color1, #bbb);"
        f"border-left:6px solid var({accent});border-radius:10px;"
        "background:var(--jp-layout-color0, #fff);color:var(--jp-ui-font-color1, #222);"
        "font-family:var(--jp-ui-font-family, sans-serif);font-size:13px;"
        'box-shadow:0 1px 3px rgba(0,0,0,0.2)">'
        '<div style="font-size:0.75em;letter-spacing:0.05em;text-transform:uppercase;'
        f'color:var(--jp-ui-font-color2, #555)">{kind}</div>'
        f'<div class="wb-cardview-name" style="font-weight:bold;font-size:1.2em;'
        f'margin-bottom:6px">{key}</div>'
        '<div style="display:grid;grid-template-columns:1fr 1fr;gap:3px">'
        f"{''.join(stats)}</div>"
        f'<div style="margin-top:4px">{"".join(labels)}</div>{"".join(paragraphs)}</div>'
    )


def _label(column: str) -> str:
    return column.replace("_", " ").capitalize()
