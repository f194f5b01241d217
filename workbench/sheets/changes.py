"""The one-page "what changed" summary at the front of a sheet printed with `since=`: which
printed cards are new or changed (and how), and which to take out of the deck."""

from __future__ import annotations

import polars as pl

from .draw import Page, Rect, Text, clip, line_height, wrap
from .face import GREY, INK, MARKS, accent

MARGIN = 18.0


def changes_page(
    diff: pl.DataFrame, paper: tuple[float, float], *, title: str, tables: list[str], before, after
) -> Page:
    """The page listing what changed in ``tables`` from the cards ``before`` to ``after``
    (``diff`` is their cards.diff), card by card, as much as fits on one sheet of ``paper``."""
    page = Page(*paper, kind="changes")
    ops = page.ops
    left, right = MARGIN, paper[0] - MARGIN
    room = right - left
    bottom = paper[1] - MARGIN
    y = _heading(ops, left, room, title, before, after)

    shown = diff.filter(pl.col("table").is_in(tables))
    cards = [
        (t, _named(after, t, c) or _named(before, t, c) or c, kind, words)
        for t, c, kind, words in _by_card(shown)
    ]
    y = _summary(ops, left, y, cards)
    others = diff.filter(~pl.col("table").is_in(tables))
    y = _card_list(ops, left, room, y, bottom - 12, cards)
    if others.height:
        _other_tables(ops, left, room, y, bottom, others)
    return page


def _heading(ops: list, left: float, room: float, title: str, before, after) -> float:
    """The title and which versions of the cards are compared; returns where the text ends."""
    y = MARGIN + 6
    ops.append(Text(left, y, clip(f"What changed: {title}", 16, room, True), 16, True, INK))
    y += 7
    ops.append(
        Text(
            left,
            y,
            f"From the cards {before.fingerprint()[:8]} to "
            f"{after.fingerprint()[:8]}: the code in every printed card's "
            "footer says which version it is.",
            8.5,
            False,
            GREY,
        )
    )
    return y + 4


def _summary(ops: list, left: float, y: float, cards: list) -> float:
    """How many cards are new, changed and removed (or that none are)."""
    counts = {kind: sum(1 for c in cards if c[2] == kind) for kind in ("new", "changed", "gone")}
    y += line_height(11)
    if not cards:
        ops.append(
            Text(left, y, "No changes: every card on this sheet is as it was.", 11, True, INK)
        )
    else:
        ops.append(
            Text(
                left,
                y,
                f"{counts['new']} new, {counts['changed']} changed and "
                f"{counts['gone']} removed cards. New and changed cards carry "
                "a mark in their top corner.",
                10,
                False,
                INK,
            )
        )
    return y + 3


def _card_list(ops: list, left: float, room: float, y: float, limit: float, cards: list) -> float:
    """Each card under its table's heading, as many as fit above ``limit``, then how many
    more there are; returns where the list ends."""
    hidden = 0
    current = None
    for n, (table, card, kind, words) in enumerate(cards):
        said = wrap(words, 9, room - 20) if words else []
        need = line_height(9) * (1 + len(said)) + (5 + line_height(11) if table != current else 0)
        if y + need > limit:
            hidden = len(cards) - n
            break
        if table != current:
            current = table
            y = _table_heading(ops, left, y, table)
        y = _card_entry(ops, left, room, y, card, kind, said)
    if hidden:
        y += line_height(9) + 2
        ops.append(
            Text(
                left,
                y,
                f"... and {hidden} more cards: cards.diff(...) lists every change.",
                9,
                False,
                GREY,
            )
        )
    return y


def _table_heading(ops: list, left: float, y: float, table: str) -> float:
    y += 4 + line_height(11)
    ops.append(Rect(left, y - 3.6, 2.2, 4.4, fill=accent(table)))
    ops.append(Text(left + 4, y, table.replace("_", " ").capitalize(), 11, True, INK))
    return y + 1


def _card_entry(
    ops: list, left: float, room: float, y: float, card: str, kind: str, said: list[str]
) -> float:
    """One card: its mark (new, changed, removed), its name and what changed, wrapped."""
    y += line_height(9) + 0.6
    label, paint = MARKS.get(kind, ("REMOVED", "#d0d3d6"))
    ops.append(Rect(left, y - 3.3, 17, 4.4, fill=paint, radius=1))
    ops.append(Text(left + 8.5, y, label, 6.5, True, INK, "middle"))
    ops.append(Text(left + 20, y, clip(card, 9, room - 20, True), 9, True, INK))
    for line in said:
        y += line_height(9)
        ops.append(Text(left + 20, y, line, 9, False, GREY))
    return y


def _other_tables(ops: list, left: float, room: float, y: float, bottom: float, others) -> None:
    """A closing line naming the tables with changes that this sheet does not print."""
    y = max(y + line_height(9) + 4, bottom - 6)
    names = ", ".join(sorted(set(others["table"].to_list())))
    ops.append(
        Text(
            left,
            min(y, bottom),
            clip(f"Also changed, in tables not on this sheet: {names}.", 9, room),
            9,
            False,
            GREY,
        )
    )


def _by_card(diff: pl.DataFrame) -> list[tuple[str, str, str, str]]:
    """(table, card, new / changed / gone, what changed in words), one per card."""
    out: dict[tuple[str, str], list] = {}
    for row in diff.iter_rows(named=True):
        key = (row["table"], row["card"])
        if row["column"] == "(added)":
            out[key] = ["new", ""]
        elif row["column"] == "(removed)":
            out[key] = ["gone", "take it out of the deck"]
        else:
            entry = out.setdefault(key, ["changed", ""])
            change = f"{row['column']} {_shown(row['old'])} → {_shown(row['new'])}"
            entry[1] = f"{entry[1]}, {change}" if entry[1] else change
    return [(t, c, kind, words) for (t, c), (kind, words) in out.items()]


def _shown(value) -> str:
    return "blank" if value is None else str(value)


def _named(cards, table: str, key: str) -> str | None:
    """'Unique Bow (BW-U)' for a card whose key is not its name; None when it is not there."""
    spec = cards.specs.get(table)
    if spec is None or spec.key == "name" or "name" not in spec.columns:
        return None
    try:
        name = cards.row(table, key)["name"]
    except (KeyError, ValueError):
        return None
    return f"{name} ({key})" if name and name != key else None
