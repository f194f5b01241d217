"""Everything the card editor does, as plain Python a test can call without a browser.

An EditSession holds the cards as the files hold them (`baseline`), the current cards, and the
history between them. Every change goes through CardSet.set / with_row / without_row, so the
table schema and the game's cross-checks decide what is allowed; a refused change is kept as
a `Rejection` with its reason in plain words and leaves the cards exactly as they were.
The widget (card_editor.py) only forwards requests here and shows `view()`, which
editor_grid.py draws from the cards; editor_filter.py reads the filter box and
editor_refusal.py words a refusal.
"""

from __future__ import annotations

from pathlib import Path

import polars as pl

from ..cards import CardDataError, CardSet
from ..cards import load as load_cards
from ..cards.text import value_text
from . import editor_grid as grid
from .editor_filter import row_test
from .editor_grid import index_key
from .editor_refusal import Rejection, refusal_reason


class EditSession:
    """Edits of one CardSet: validated changes, undo/redo, diff, save and revert.

    `cards` is always a valid CardSet. A version number names one state of the history:
    undo and redo go back to a state with the number it had, and every new change gets a
    number no state has had in this session, so one number never stands for two tables.
    """

    def __init__(
        self, cards: CardSet, *, directory: Path | str | None = None, table: str | None = None
    ):
        if not isinstance(cards, CardSet):
            raise TypeError(
                f"the editor needs a CardSet (from wb.load_cards), not {type(cards).__name__}"
            )
        self.baseline = cards
        self.cards = cards
        self.directory = Path(directory) if directory is not None else cards.source
        self._undo: list[tuple[str, CardSet]] = []
        self._redo: list[tuple[str, CardSet]] = []
        self._version = cards.version
        self.table = table if table is not None else cards.tables[0]
        self._check_table(self.table)
        self.sorting: dict[str, tuple[str, bool]] = {}
        self.filters: dict[str, str] = {}
        self.selected: dict[str, str] = {}
        self.rejection: Rejection | None = None
        self.message = ""
        self.error = ""

    # -- changing cards ---------------------------------------------------------------------
    def edit(self, table: str, card, column: str, value) -> CardSet:
        """Set one cell; `value` may be text as typed. Raises CardDataError when refused."""
        card = value_text(card)
        try:
            new = self.cards.set(table, card, column, value)
        except CardDataError as err:
            self._reject("edit", table, card, column, value, err)
            raise
        old = self.cards.row(table, card)[column]
        index = self._index(table, card)
        if new == self.cards:
            self._settle(f"{card} · {column} is already {_text(old)}.")
            return self.cards
        new_value = new.row(table, index_key(new, table, index))[column]
        key_column = self.cards.specs[table].key
        if column == key_column and self.selected.get(table) == card:
            self.selected[table] = value_text(new_value)
        self._commit(f"{table}: {card} · {column} {_text(old)} → {_text(new_value)}", new)
        return self.cards

    def check(self, table: str, card, column: str, value) -> str | None:
        """Why an edit would be refused (None if it would be accepted), without making it."""
        try:
            self.cards.set(table, value_text(card), column, value)
        except CardDataError as err:
            return refusal_reason(self.cards, err, table, value_text(card), column)
        return None

    def add(self, table: str, values: dict | None = None) -> CardSet:
        """Add a card at the end of `table`.

        Without `values` the new card copies the last card of the table under a fresh name:
        a copy already satisfies the table's references and rule checks, where blank or
        minimum values often would not (an encounter must name an enemy that exists).
        """
        self._check_table(table)
        frame = self.cards[table]
        template = frame.row(frame.height - 1, named=True) if frame.height else {}
        row = {**template, **self._fresh_unique(table, template, None), **(values or {})}
        label = f"{table}: added {_text(row.get(self._key(table)))}"
        return self._add_row("add", table, row, label)

    def duplicate(self, table: str, card) -> CardSet:
        """Add a copy of a card (unique columns get fresh values) at the end of `table`."""
        card = value_text(card)
        try:
            row = self.cards.row(table, card)
        except CardDataError as err:
            self._reject("duplicate", table, card, None, card, err)
            raise
        row = {**row, **self._fresh_unique(table, row, "Copy of")}
        key = row[self._key(table)]
        return self._add_row("duplicate", table, row, f"{table}: {card} copied as {_text(key)}")

    def delete(self, table: str, card) -> CardSet:
        """Remove a card; refused when other cards or the rules still need it."""
        card = value_text(card)
        try:
            new = self.cards.without_row(table, card)
        except CardDataError as err:
            self._reject("delete", table, card, None, card, err)
            raise
        if self.selected.get(table) == card:
            del self.selected[table]
        self._commit(f"{table}: deleted {card}", new)
        return self.cards

    def replace_cards(self, cards: CardSet, label: str = "cards replaced") -> CardSet:
        """Take a whole CardSet (for the same game) as one undoable change."""
        if not isinstance(cards, CardSet) or cards.game != self.cards.game:
            raise ValueError(f"expected {self.cards.game} cards, got {cards!r}")
        if cards != self.cards:
            self._commit(label, cards, stamp=True)
        return self.cards

    # -- history ----------------------------------------------------------------------------
    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> bool:
        if not self._undo:
            self._settle("Nothing to undo.")
            return False
        label, before = self._undo.pop()
        self._redo.append((label, self.cards))
        self.cards = before
        self._settle(f"Undid {label} (version {self.cards.version}).")
        return True

    def redo(self) -> bool:
        if not self._redo:
            self._settle("Nothing to redo.")
            return False
        label, after = self._redo.pop()
        self._undo.append((label, self.cards))
        self.cards = after
        self._settle(f"Redid {label} (version {self.cards.version}).")
        return True

    def revert(self) -> bool:
        """Back to the cards the files hold (as loaded, or as last saved); undoable."""
        if not self.dirty:
            self._settle("Nothing to revert: the cards match the files.")
            return False
        self._commit("revert to the files", self.baseline, stamp=True)
        self.message = f"Reverted to the files (version {self.cards.version})."
        return True

    # -- comparing and saving ---------------------------------------------------------------
    @property
    def dirty(self) -> bool:
        """Whether the cards differ from what the files hold."""
        return self.cards != self.baseline

    def diff(self) -> pl.DataFrame:
        """Changes from the files to the current cards: table, card, column, old, new."""
        return self.baseline.diff(self.cards)

    def save(self, directory: Path | str | None = None, *, force: bool = False) -> list[Path]:
        """Write the cards as CSV, each file atomically (see CardSet.save).

        A failure leaves every file complete (old or new content), keeps the cards in the
        editor, records the error and raises it again.
        """
        target = Path(directory) if directory is not None else self.directory
        if target is None:
            self.error = "These cards were not loaded from a folder; pass a directory to save to."
            raise ValueError(self.error)
        try:
            written = self.cards.save(target, force=force)
        except (OSError, ValueError) as err:
            self.error = (
                f"Could not save to {target}: {err}. No file was left half-written, "
                "and the edited cards are still here: fix the problem and save again."
            )
            self.message = ""
            raise
        if self.directory is not None and _same_place(target, self.directory):
            self.baseline = self.cards
        self.rejection = None
        self.error = ""
        names = ", ".join(p.name for p in written)
        self.message = (
            f"Saved {names} to {target}."
            if written
            else f"Nothing to save: the files in {target} already hold these cards."
        )
        return written

    def open_file(self, source: Path | str | bytes, name: str | None = None) -> CardSet:
        """Take the cards in a spreadsheet file (a path, or its bytes as uploaded, named by
        `name`) as one undoable change. The files stay what the diff compares with, so the
        diff shows what the spreadsheet changes. A bad spreadsheet is refused with every
        problem in it, and the cards stay as they were."""
        label = name or Path(source).name
        cards = self.cards
        try:
            new = load_cards(
                cards.specs, source, game=cards.game, cross_check=cards.cross_check, name=label
            )
        except CardDataError as err:
            self.error = f"Could not open {label}; nothing was changed.\n{err}"
            self.message = ""
            raise
        if new == cards:
            self._settle(f"{label} holds the cards already here: nothing changed.")
        else:
            self.replace_cards(new, f"opened {label}")
        return self.cards

    # -- what the grid shows ----------------------------------------------------------------
    def select_table(self, table: str) -> None:
        self._check_table(table)
        self.table = table

    def sort(self, table: str, column: str | None, descending: bool | None = None) -> None:
        """Order the rows shown by a column; without `descending` it cycles up, down, off."""
        self._check_table(table)
        if column is None:
            self.sorting.pop(table, None)
            return
        if column not in self.cards.specs[table].header:
            raise ValueError(f"'{column}' is not a column of {table}")
        if descending is None:
            now = self.sorting.get(table)
            if now is None or now[0] != column:
                descending = False
            elif not now[1]:
                descending = True
            else:
                self.sorting.pop(table)
                return
        self.sorting[table] = (column, bool(descending))

    def filter(self, table: str, text: str) -> None:
        """Show only rows that match `text`.

        A term is either text found in any cell (case does not matter; quote it to include
        spaces) or a comparison `column op value` with op one of = != < <= > >= ~ (contains),
        spaces around op allowed. Terms side by side, or joined by `and`, must all hold; `or`
        joins such groups: `health >= 5 and dodge < 4`, `name~rat or name~brute` (see
        editor_filter.py). A bad filter raises ValueError naming the term and leaves the
        previous filter in place.
        """
        self._check_table(table)
        row_test(self.cards.specs[table], table, text or "")
        self.filters[table] = (text or "").strip()

    def filter_hint(self, table: str) -> str:
        """The filter box's placeholder, an example about this table's cards."""
        return grid.filter_hint(self.cards, table)

    def select(self, table: str, card) -> None:
        """Open a card in the form view (None closes it)."""
        self._check_table(table)
        if card is None or card == "":
            self.selected.pop(table, None)
            return
        key = index_key(self.cards, table, self._index(table, value_text(card)))
        self.selected[table] = value_text(key)

    def shown_rows(self, table: str) -> list[int]:
        """Row positions of `table` after the filter and the sort, in display order."""
        return grid.shown_rows(
            self.cards, table, self.filters.get(table, ""), self.sorting.get(table)
        )

    def changed_cells(
        self, table: str, diff: pl.DataFrame | None = None
    ) -> tuple[dict[str, dict[str, str | None]], list[str], list[str]]:
        """({card: {column: old text}}, added cards, removed cards) against the files."""
        return grid.changed_cells(self.diff() if diff is None else diff, table)

    def columns(self, table: str) -> list[dict]:
        return grid.columns(self.cards, table)

    def form(self, table: str) -> dict | None:
        """The selected card as a form: sliders bounded by the schema's min and max."""
        card = self.selected.get(table)
        if card is None:
            return None
        try:
            row = self.cards.row(table, card)
        except CardDataError:
            self.selected.pop(table, None)
            return None
        return grid.card_form(self.cards, table, card, row)

    def view(self) -> dict:
        """Everything the browser draws, as plain JSON-ready data."""
        cards, table = self.cards, self.table
        spec, frame = cards.specs[table], cards[table]
        diff = self.diff()
        changed, added, removed = self.changed_cells(table, diff)
        keys = [value_text(k) for k in frame[spec.key].to_list()]
        shown = self.shown_rows(table)
        refused = None if self.rejection is None else self.rejection.table
        sort = self.sorting.get(table)
        return {
            "game": cards.game,
            "version": cards.version,
            "table": table,
            "tables": grid.table_tabs(cards, diff, refused),
            "doc": spec.doc,
            "key": spec.key,
            "columns": self.columns(table),
            "column_names": list(spec.header),
            "rows": grid.grid_rows(frame, keys, shown, changed, added),
            "total": frame.height,
            "removed": removed,
            "sort": None if sort is None else {"column": sort[0], "descending": sort[1]},
            "filter": self.filters.get(table, ""),
            "filter_hint": self.filter_hint(table),
            "form": self.form(table),
            "rejection": None if self.rejection is None else self.rejection.to_dict(),
            "banner": self.banner({keys[i] for i in shown}),
            "diff": [dict(r) for r in diff.iter_rows(named=True)],
            "dirty": self.dirty,
            "can_undo": self.can_undo,
            "can_redo": self.can_redo,
            "undo_label": self._undo[-1][0] if self._undo else "",
            "redo_label": self._redo[-1][0] if self._redo else "",
            "directory": "" if self.directory is None else str(self.directory),
            "message": self.message,
            "error": self.error,
        }

    def banner(self, on_screen: set[str]) -> str | None:
        """The refusal to show above the grid, if any: one on the table in view that has no
        cell on screen to show it at (a delete, an add, a row the filter hides). A refusal
        belongs to its table: on another tab it waits, marked on its own tab."""
        r = self.rejection
        if r is None or r.table != self.table:
            return None
        if r.column is not None and r.card in on_screen:
            return None  # shown at the cell
        return r.reason

    # -- internals --------------------------------------------------------------------------
    def _key(self, table: str) -> str:
        return self.cards.specs[table].key

    def _check_table(self, table: str) -> None:
        if table not in self.cards.specs:
            raise ValueError(
                f"'{table}' is not a {self.cards.game} card table; expected one of "
                f"{', '.join(self.cards.tables)}"
            )

    def _index(self, table: str, card: str) -> int:
        return self.cards.index(table, card)

    def _add_row(self, action: str, table: str, row: dict, label: str) -> CardSet:
        try:
            new = self.cards.with_row(table, row)
        except CardDataError as err:
            self._reject(action, table, value_text(row.get(self._key(table))), None, None, err)
            raise
        self._commit(label, new)
        self.selected[table] = value_text(row[self._key(table)])
        return self.cards

    def _fresh_unique(self, table: str, row: dict, prefix: str | None) -> dict:
        """New values for the columns no two cards may share (the key among them)."""
        spec, frame = self.cards.specs[table], self.cards[table]
        out = {}
        for column in spec.header:
            hint = spec.hint(column)
            if not (hint["unique"] or column == spec.key):
                continue
            taken = {value_text(v) for v in frame[column].to_list()}
            if hint["dtype"] == "integer":
                low = hint["min"] if hint["min"] is not None else 0
                high = hint["max"] if hint["max"] is not None else low + len(taken) + 1
                free = [n for n in range(low, high + 1) if str(n) not in taken]
                out[column] = free[0] if free else None  # none free: with_row explains why
                continue
            base = (
                f"{prefix} {row.get(column)}"
                if prefix and row.get(column) is not None
                else f"New {table} card"
            )
            name, n = base, 2
            while name in taken:
                name, n = f"{base} {n}", n + 1
            out[column] = name
        return out

    def _commit(self, label: str, new: CardSet, *, stamp: bool = False) -> None:
        self._undo.append((label, self.cards))
        self._redo.clear()
        # After an undo, CardSet.set numbers the new cards one past the current ones: the
        # number of the state just undone, which views may have shown. _version is the
        # highest number given, so no number is given twice.
        self.cards = self._stamp(new) if stamp or new.version != self._version + 1 else new
        self._version = self.cards.version
        self._settle(f"{label} (version {self.cards.version}).")

    def _stamp(self, cards: CardSet) -> CardSet:
        # The content was validated when it was first made; only the version number is new.
        self._version += 1
        return CardSet(
            {t: cards[t] for t in cards},
            cards.specs,
            game=cards.game,
            source=cards.source,
            version=self._version,
            cross_check=cards.cross_check,
            disk=cards.disk,
        )

    def _settle(self, message: str) -> None:
        self.rejection = None
        self.error = ""
        self.message = message[0].upper() + message[1:] if message else ""

    def _reject(self, action, table, card, column, value, err: CardDataError) -> None:
        reason = refusal_reason(self.cards, err, table, card, column)
        self.rejection = Rejection(action, table, card, column, value, reason, tuple(err.problems))
        self.error = ""
        where = " · ".join(str(p) for p in (card, column) if p is not None)
        self.message = f"Not accepted ({action} {table}{': ' + where if where else ''})."


def change_in_editor(editor, change, label: str) -> CardSet:
    """Make `change` (the editor's cards -> new cards) in a card editor (a CardEditor or its
    EditSession) as one change named `label`, undone with one undo; the editor's new cards.
    Edits the designer made meanwhile stay, unless the change itself rewrites them."""
    session = getattr(editor, "session", editor)
    session.replace_cards(change(session.cards), label)
    if session is not editor:
        editor.refresh()
    return session.cards


def _same_place(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return a == b


def _text(value) -> str:
    shown = value_text(value)
    return "blank" if shown is None else shown
