"""A row of a card table as the card people hold: the default CardView of a table row.

A design may draw its own (`Design.card_view`); every other table, of any design, prints and
shows through this one, read from the table's columns: the key (or a `name` column) names the
card, numbers become stats, short text becomes labelled facts, true flags become tags, long
text is the card text, and `copies` (how many to print) stays off the face.
"""

from __future__ import annotations

from collections.abc import Mapping

from .view import CardView, Stat

# Text longer than this reads as card text (a sentence), not a short fact.
PARAGRAPH = 28
# Columns about the printing rather than the card.
NOT_ON_THE_FACE = ("copies",)


def label(column: str) -> str:
    """'damage_type' -> 'Damage type'."""
    return column.replace("_", " ").capitalize()


def row_view(spec, table: str, row: Mapping) -> CardView:
    """The CardView of one row of the table `spec` (a cards.TableSpec) describes."""
    key = _text(row.get(spec.key))
    named = spec.key != "name" and "name" in spec.columns and _text(row.get("name"))
    stats, tags, paragraphs = [], [], []
    for column in spec.header:
        value = row.get(column)
        if column == spec.key or column in NOT_ON_THE_FACE or value is None:
            continue
        if named and column == "name":
            continue
        family = spec.kind(column)
        if family in ("integer", "number"):
            stats.append(Stat(label(column), value))
        elif family == "boolean":
            if value:
                tags.append(label(column))
        elif column == "text" or len(str(value)) > PARAGRAPH:
            paragraphs.append(str(value))
        else:
            stats.append(Stat(label(column), str(value)))
    return CardView(
        name=named or key or "",
        kind=table,
        text="\n".join(paragraphs),
        stats=tuple(stats),
        tags=tuple(tags),
        id=key,
    )


def _text(value) -> str | None:
    if value is None:
        return None
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value).strip() or None
