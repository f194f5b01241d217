"""CardEditor: edit a game's card tables in the notebook, validated, undoable, saved safely."""

from __future__ import annotations

import base64
from pathlib import Path

import traitlets

from ..cards import CardDataError, CardSet
from .assets import script, stylesheet
from .base import RequestWidget, UnknownRequest
from .editor_logic import EditSession


class CardEditor(RequestWidget):
    """A grid per card table with typed cells, sort and filter, add/duplicate/delete, a
    single-card form with sliders, undo/redo, a diff against the files, save and revert.

    Every change is a request from the browser (see RequestWidget), answered after `view` is
    re-sent, so the grid always shows what Python kept: a refused edit shows its reason at the
    cell and the old value. The same changes can be made from Python:
    `editor.edit("enemies", "Brutes", "health", 12)`, `editor.undo()`, `editor.save()`.
    """

    _esm = script("card_editor.js")
    _css = stylesheet("card_editor.css")
    # A save the disk refuses is refused like a bad value, with the session's explanation.
    refusals = (ValueError, OSError)

    view = traitlets.Dict(help="Everything the browser draws; made by EditSession.view().").tag(
        sync=True
    )
    cards = traitlets.Instance(
        CardSet,
        help=(
            "The current CardSet (Python only, not synced). Observe it, or pass the editor to "
            "StepThrough.bind / match.widget(cards_source=...), to follow every new version."
        ),
    )

    def __init__(
        self,
        cards: CardSet,
        *,
        directory: Path | str | None = None,
        table: str | None = None,
        **kwargs,
    ):
        session = EditSession(cards, directory=directory, table=table)
        super().__init__(cards=session.cards, **kwargs)
        self.session = session
        self.observe(self._cards_assigned, names="cards")
        self.refresh()

    def refresh(self) -> None:
        """Publish the session: the `cards` trait first, so observers see the new version
        before the browser hears that the edit was accepted."""
        if self.cards is not self.session.cards:
            self.cards = self.session.cards
        self.view = self.session.view()

    def _cards_assigned(self, change) -> None:
        # Cards assigned from Python become one undoable change in the session.
        if change["new"] is not self.session.cards:
            try:
                self.session.replace_cards(change["new"], "cards assigned from Python")
            finally:
                self.refresh()

    # -- the same changes from Python --------------------------------------------------------
    def edit(self, table: str, card, column: str, value) -> CardSet:
        """Set one cell; raises CardDataError (and shows the reason) when refused."""
        return self._run(self.session.edit, table, card, column, value)

    def check(self, table: str, card, column: str, value) -> str | None:
        """Why an edit would be refused, or None; changes nothing."""
        return self.session.check(table, card, column, value)

    def add(self, table: str, values: dict | None = None) -> CardSet:
        return self._run(self.session.add, table, values)

    def duplicate(self, table: str, card) -> CardSet:
        return self._run(self.session.duplicate, table, card)

    def delete(self, table: str, card) -> CardSet:
        return self._run(self.session.delete, table, card)

    def undo(self) -> bool:
        return self._run(self.session.undo)

    def redo(self) -> bool:
        return self._run(self.session.redo)

    def revert(self) -> bool:
        return self._run(self.session.revert)

    def save(self, directory: Path | str | None = None) -> list[Path]:
        return self._run(self.session.save, directory)

    def diff(self):
        """Changes from the files to the current cards as a polars frame."""
        return self.session.diff()

    def open_file(self, source: Path | str | bytes, name: str | None = None) -> CardSet:
        """Take the cards of a spreadsheet file (.xlsx or .ods) as one undoable change."""
        return self._run(self.session.open_file, source, name)

    def sheet(self, table: str | None = None, **options):
        """A print sheet of the current (edited) cards of `table` (default: the table shown),
        changed cards marked against the files (see CardSet.sheet)."""
        s = self.session
        options.setdefault("since", s.baseline if s.dirty else None)
        return s.cards.sheet(table or s.table, **options)

    def _run(self, call, *args):
        try:
            return call(*args)
        finally:
            self.refresh()

    # -- requests from the browser -----------------------------------------------------------
    def clear_error(self) -> None:
        self.session.error = ""

    def show_error(self, error: Exception) -> str:
        if isinstance(error, CardDataError) and self.session.rejection:
            return self.session.rejection.reason  # shown at the refused cell
        if not self.session.error:  # the session may have explained it better (a failed save)
            self.session.error = str(error)
        return self.session.error

    def handle(self, msg: dict) -> None:
        """Carry out one request; the same calls a test or a notebook can make directly."""
        s = self.session
        kind = msg["type"]
        table = msg.get("table", s.table)
        if kind == "print":
            sheet = self.sheet(table)
            name = f"{s.cards.game}-{table}.pdf"
            s.message = (
                f"Print sheet {name}: {sheet.cards} {table} cards on {len(sheet.pages)} pages."
            )
            return _download(sheet.pdf(), name, "application/pdf")
        if kind == "export":
            name = f"{s.cards.game}-cards.xlsx"
            s.message = f"Spreadsheet {name}: a sheet per table."
            return _download(s.cards.to_xlsx(), name, XLSX)
        if not _session_request(s, kind, table, msg):
            raise UnknownRequest(kind)


def _session_request(s, kind: str, table: str, msg: dict) -> bool:
    """Carry out a request that only changes the session; False for any other kind."""
    if kind == "edit":
        s.edit(table, msg["card"], msg["column"], msg.get("value"))
    elif kind == "add":
        s.add(table)
    elif kind == "duplicate":
        s.duplicate(table, msg["card"])
    elif kind == "delete":
        s.delete(table, msg["card"])
    elif kind == "undo":
        s.undo()
    elif kind == "redo":
        s.redo()
    elif kind == "revert":
        s.revert()
    elif kind == "save":
        s.save()
    elif kind == "tab":
        s.select_table(table)
    elif kind == "sort":
        s.sort(table, msg.get("column"))
    elif kind == "filter":
        s.filter(table, str(msg.get("text", "")))
    elif kind == "select":
        s.select(table, msg.get("card"))
    elif kind == "dismiss":
        s.rejection, s.error = None, ""
    elif kind == "open":
        s.open_file(base64.b64decode(str(msg.get("data", ""))), str(msg.get("name") or "upload"))
    else:
        return False
    return True


XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def _download(data: bytes, name: str, mime: str) -> dict:
    """Reply fields that make the browser save `data` as the file `name`."""
    return {"download": {"name": name, "mime": mime, "data": base64.b64encode(data).decode()}}
