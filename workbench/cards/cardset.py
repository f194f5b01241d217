"""CardSet: a game's validated card tables as one immutable value.

Every way of making a CardSet (load, from_json, set, with_row, without_row) goes through the
same checks, so holding a CardSet means holding data the rules engine can trust. A rejected
change raises CardDataError and leaves the CardSet it was called on as it was.
"""

from __future__ import annotations

import hashlib
import html
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType

import polars as pl

from workbench.cards import files, refs, text, workbook
from workbench.cards.diff import table_diff
from workbench.cards.json_form import JSON_FORMAT, JSON_VERSION, json_form, json_texts
from workbench.cards.problems import CardDataError, Problem, listing, show
from workbench.cards.render import Card
from workbench.cards.spec import TableSpec
from workbench.cards.store import DiskState
from workbench.cards.validate import check

CrossCheck = Callable[["CardSet"], list[Problem]]

# JSON_FORMAT and JSON_VERSION name the JSON form, which json_form.py writes and reads.
__all__ = ["JSON_FORMAT", "JSON_VERSION", "CardSet", "CrossCheck", "load", "problem_at"]


class CardSet(Mapping):
    """Table name -> polars DataFrame, validated against each table's TableSpec.

    `version` starts at 0 and grows by one with every accepted change, so a view can tell
    whether the cards it shows are current. Equality and `fingerprint()` are by content only.
    """

    __slots__ = ("_tables", "cross_check", "disk", "game", "source", "specs", "version")

    def __init__(
        self,
        tables: Mapping[str, pl.DataFrame],
        specs: Mapping[str, TableSpec],
        *,
        game: str,
        source: Path | None = None,
        version: int = 0,
        cross_check: CrossCheck | None = None,
        disk: DiskState | None = None,
    ):
        # Low level: the frames are taken as already validated. Use load() or from_json().
        object.__setattr__(self, "_tables", {name: tables[name] for name in specs})
        object.__setattr__(self, "game", game)
        object.__setattr__(self, "specs", MappingProxyType(dict(specs)))
        object.__setattr__(self, "source", None if source is None else Path(source))
        object.__setattr__(self, "version", version)
        object.__setattr__(self, "cross_check", cross_check)
        # What the files held when read: a save refuses to overwrite a file changed since.
        object.__setattr__(self, "disk", disk)

    def __setattr__(self, name, value):
        raise AttributeError("a CardSet cannot be changed; use set(), with_row() or without_row()")

    def __reduce__(self):
        # Simulations ship cards to worker processes; rebuild through __init__ on the far side.
        return (
            _restore,
            (
                self._tables,
                dict(self.specs),
                self.game,
                self.source,
                self.version,
                self.cross_check,
                self.disk,
            ),
        )

    # -- mapping -------------------------------------------------------------------------------

    def __getitem__(self, table: str) -> pl.DataFrame:
        if table not in self._tables:
            raise KeyError(
                f"no table '{table}'; the {self.game} tables are {', '.join(self._tables)}"
            )
        # A clone shares memory but keeps in-place polars operations away from our copy.
        return self._tables[table].clone()

    def __iter__(self) -> Iterator[str]:
        return iter(self._tables)

    def __len__(self) -> int:
        return len(self._tables)

    @property
    def tables(self) -> tuple[str, ...]:
        return tuple(self._tables)

    def index(self, table: str, card) -> int:
        """The row number of a card in its table, found by key (or by name)."""
        return self._find_or_raise(table, card)

    def row(self, table: str, card) -> dict:
        """One card as a dict, found by key (or by name)."""
        _, frame = self._table_or_raise(table)
        return frame.row(self._find_or_raise(table, card), named=True)

    def allowed(self, table: str, column: str) -> list | None:
        """What a referencing column may name (None for a column that is not a reference).

        The names in the referenced table, then the extra values the reference allows; a blank
        cell is allowed when the column is nullable (see `hint`).
        """
        spec, _ = self._table_or_raise(table)
        ref = spec.refs.get(column)
        return None if ref is None else refs.allowed(self._tables, ref)

    def hint(self, table: str, column: str) -> dict:
        """TableSpec.hint for a column, with a reference's names as its choices.

        The names depend on the cards, not only on the schema, so an editor asks the CardSet.
        """
        spec, _ = self._table_or_raise(table)
        hint = spec.hint(column)
        if column in spec.refs:
            blank = [None] if hint["nullable"] else []
            hint["choices"] = blank + self.allowed(table, column)
            hint["expected"] = refs.expected(self._tables, self.specs, table, column)
        return hint

    def card(self, table: str, card) -> Card:
        """One card, found by key (or by name), that draws itself in Jupyter as its design
        draws it, the way a print sheet prints it (`Card.view` is its CardView)."""
        from workbench.sheets import card_view  # the design's view of a row: loaded on use

        row = self.row(table, card)
        return Card(
            table,
            text.value_text(row[self.specs[table].key]),
            row,
            self.specs[table],
            card_view(self, table, row),
        )

    def sheet(
        self,
        table: str | Sequence[str] | None = None,
        *,
        size="poker",
        paper: str = "A4",
        bleed: float = 0.0,
        back: bool | str = False,
        copies: bool = True,
        since: CardSet | None = None,
        crop_marks: bool = True,
        orientation: str = "auto",
    ):
        """A print-and-play sheet of every card of `table` (a name, several, or None for all).

        Cards print at a real size: `size` is "poker" (63 x 88 mm), "bridge" (57 x 89),
        "tarot" (70 x 120) or (width, height) in mm, on `paper` "A4" or "Letter", with crop
        marks, `bleed` mm of background past the cut, and with `back` a back page after each
        page of fronts (True, or the words to print on the backs). A table with a `copies`
        column prints that many of each card (unless `copies=False`). With `since` (earlier
        cards) the sheet starts with a page of what changed, and new and changed cards are
        marked. Returns a Sheet: `.save("cards.pdf")`, `.pdf()`, `.svg(page)`.
        """
        from workbench.sheets import make_sheet  # draws itself: loaded on first use

        return make_sheet(
            self,
            table,
            size=size,
            paper=paper,
            bleed=bleed,
            back=back,
            copies=copies,
            since=since,
            crop_marks=crop_marks,
            orientation=orientation,
        )

    # -- edits ---------------------------------------------------------------------------------

    def set(self, table: str, card, column: str, value) -> CardSet:
        """A new CardSet with one cell changed; `value` may be text as a user typed it."""
        context = (
            f"Edit rejected ({table} / {card} / {column} = {show(value)}); nothing was changed:"
        )
        spec, frame = self._table_or_raise(table, context)
        index = self._find_or_raise(table, card, context)
        if column not in spec.columns:
            raise CardDataError(
                [_not_a_column(spec, table, column, card=frame[spec.key][index])], context=context
            )
        typed = self._convert_or_raise(
            table, {column: value}, frame[spec.key][index], index + 2, context
        )
        new = frame.with_columns(
            pl.when(pl.int_range(pl.len()) == index)
            .then(pl.lit(typed[column][0], dtype=spec.dtype(column)))
            .otherwise(pl.col(column))
            .alias(column)
        )
        return self._replaced(table, new, context, edited=index, columns=(column,))

    def with_row(self, table: str, row: Mapping) -> CardSet:
        """A new CardSet with one card added at the end of `table`."""
        context = f"New {table} card rejected; nothing was changed:"
        spec, frame = self._table_or_raise(table, context)
        unknown = [c for c in row if c not in spec.columns]
        if unknown:
            raise CardDataError(
                [_not_a_column(spec, table, c, column=c) for c in unknown], context=context
            )
        values = {c: row.get(c) for c in spec.header}
        typed = self._convert_or_raise(
            table, values, text.value_text(row.get(spec.key)), frame.height + 2, context
        )
        new = pl.concat([frame, typed.select(spec.header)])
        return self._replaced(table, new, context, edited=frame.height)

    def with_table(self, table: str, frame: pl.DataFrame) -> CardSet:
        """A new CardSet with `table` replaced whole by `frame` (the table's columns), checked
        as one change: a change of several lines that is legal only as a whole (a deck list
        that must keep its size) passes where line-by-line edits would not."""
        context = f"New {table} table rejected; nothing was changed:"
        spec, old = self._table_or_raise(table, context)
        if set(frame.columns) != set(old.columns):
            raise CardDataError(
                [
                    Problem(
                        file=spec.file,
                        table=table,
                        issue=(f"has columns {listing(frame.columns)}"),
                        expected=listing(old.columns),
                    )
                ],
                context=context,
            )
        return self._replaced(table, frame.select(old.columns).cast(old.schema), context)

    def without_row(self, table: str, card) -> CardSet:
        """A new CardSet with one card removed from `table`."""
        context = f"Removing {table} card {card!r} rejected; nothing was changed:"
        _, frame = self._table_or_raise(table, context)
        index = self._find_or_raise(table, card, context)
        keep = pl.int_range(pl.len()) != index
        return self._replaced(table, frame.filter(keep), context)

    # -- comparing -----------------------------------------------------------------------------

    def diff(self, other: CardSet) -> pl.DataFrame:
        """Cell-by-cell changes from self to `other`: table, card, column, old, new (as text).

        Cards are matched by key. Added and removed cards show column "(added)" / "(removed)"
        with the whole row as CSV text in new / old.
        """
        out = []
        for table in dict.fromkeys([*self._tables, *other._tables]):
            old = self._tables.get(table)
            new = other._tables.get(table)
            spec = self.specs.get(table) or other.specs[table]
            out.extend(table_diff(table, spec.key, old, new))
        return pl.DataFrame(
            out,
            schema={c: pl.String for c in ("table", "card", "column", "old", "new")},
            orient="row",
        )

    def fingerprint(self) -> str:
        """A hash of the content that is the same on every machine and every run."""
        digest = hashlib.sha256(f"{self.game}\n".encode())
        for table, frame in self._tables.items():
            digest.update(f"[{table}]\n".encode())
            digest.update(repr(list(frame.schema.items())).encode())
            # The values, not their file form: fingerprints kept in saved matches stay valid.
            digest.update(text.csv_bytes(frame, escaped=False))
        return digest.hexdigest()

    def __eq__(self, other) -> bool:
        if not isinstance(other, CardSet):
            return NotImplemented
        return (
            self.game == other.game
            and self.tables == other.tables
            and all(
                self._tables[t].schema == other._tables[t].schema
                and self._tables[t].equals(other._tables[t])
                for t in self._tables
            )
        )

    def __hash__(self) -> int:
        return hash(self.fingerprint())

    # -- storing -------------------------------------------------------------------------------

    def save(self, directory: Path | str | None = None, *, force: bool = False) -> list[Path]:
        """Write every table as CSV into `directory` (default: where the cards came from), or
        as one spreadsheet when `directory` is an .xlsx file (a sheet per table).

        The files are written as one set (see cards/store.py): all of them or none, each
        keeping its permissions, through symbolic links, and never over a file that changed
        on disk since these cards were read (ChangedOnDisk names it; `force=True`
        overwrites). Files whose text would not change are left untouched. Returns the files
        written; a failure raises CardSaveError naming the file, with nothing changed.
        """
        if directory is None:
            if self.source is None:
                raise ValueError("these cards were not loaded from a folder; pass a directory")
            directory = self.source
        return files.write(self._tables, self.specs, self.disk, directory, force=force)

    def to_xlsx(self) -> bytes:
        """The cards as the bytes of an .xlsx file, a sheet per table (see `save`)."""
        return workbook.write(self._tables, self.specs)

    def to_json(self) -> dict:
        """A JSON-friendly dict with every table as lists of column values."""
        return json_form(self._tables, self.game)

    @classmethod
    def from_json(
        cls,
        data: Mapping | str,
        specs: Mapping[str, TableSpec],
        game: str,
        *,
        cross_check: CrossCheck | None = None,
    ) -> CardSet:
        """The CardSet stored by `to_json`, checked exactly like a freshly loaded one."""
        refs.check_declared(specs)
        texts = json_texts(data, specs, game)
        return _build(
            texts, {t: None for t in texts}, specs, game=game, source=None, cross_check=cross_check
        )

    # -- display -------------------------------------------------------------------------------

    def __repr__(self) -> str:
        sizes = ", ".join(f"{t}={f.height}" for t, f in self._tables.items())
        return f"CardSet({self.game!r}, version={self.version}, {sizes})"

    def _repr_html_(self) -> str:
        parts = [f"<div><b>{html.escape(self.game)} cards</b> (version {self.version})"]
        for table, frame in self._tables.items():
            doc = html.escape(self.specs[table].doc)
            parts.append(
                f"<details><summary>{html.escape(table)}: {frame.height} cards"
                f"{' — ' + doc if doc else ''}</summary>{frame._repr_html_()}</details>"
            )
        return "".join(parts) + "</div>"

    # -- internals -----------------------------------------------------------------------------

    def _table_or_raise(self, table: str, context: str | None = None):
        if table not in self.specs:
            raise CardDataError(
                [
                    Problem(
                        value=table,
                        issue=f"is not a {self.game} card table",
                        expected=f"one of {listing(self.specs)}",
                    )
                ],
                context=context,
            )
        return self.specs[table], self._tables[table]

    def _find_or_raise(self, table: str, card, context: str | None = None) -> int:
        spec, frame = self.specs[table], self._tables[table]
        wanted = text.value_text(card)
        for column in dict.fromkeys([spec.key, "name"]):
            if column not in frame.columns:
                continue
            hits = text.to_text(frame.select(column)).to_series().eq(wanted).arg_true().to_list()
            if hits:
                return hits[0]
        names = listing(frame[spec.key].to_list(), limit=10)
        raise CardDataError(
            [
                Problem(
                    file=spec.file,
                    table=table,
                    value=card,
                    issue=f"is not a card in {table}",
                    expected=f"a {spec.key} from {spec.file} ({names})",
                )
            ],
            context=context,
        )

    def _convert_or_raise(self, table, values: Mapping, card, line, context) -> pl.DataFrame:
        spec = self.specs[table]
        raw = pl.DataFrame(
            {c: [text.value_text(v)] for c, v in values.items()},
            schema={c: pl.String for c in values},
        )
        typed, problems = text.parse(raw, spec, table, [line], cards=[card])
        if problems:
            # Show the value as the user gave it, not its text form.
            problems = [replace(p, value=values[p.column]) for p in problems]
            raise CardDataError(problems, context=context)
        return typed

    def _replaced(
        self,
        table: str,
        frame: pl.DataFrame,
        context: str,
        edited: int | None = None,
        columns: tuple[str, ...] | None = None,
    ) -> CardSet:
        spec = self.specs[table]
        problems = check(frame, spec, table, edited=edited, columns=columns) + _too_few(
            frame, spec, table
        )
        if problems:
            raise CardDataError(problems, context=context)
        tables = {**self._tables, table: frame}
        candidate = CardSet(
            tables,
            self.specs,
            game=self.game,
            source=self.source,
            version=self.version + 1,
            cross_check=self.cross_check,
            disk=self.disk,
        )
        candidate._check_across_or_raise(context, before=self._tables)
        return candidate

    def _check_across_or_raise(
        self, context: str | None = None, *, lines=None, before=None
    ) -> None:
        """References between tables, then the game's own cross_check, reported together.

        A game check that needs a referenced row skips the rows whose reference failed, so one
        bad cell is reported once.
        """
        problems = refs.problems(self._tables, self.specs, lines=lines, before=before)
        if self.cross_check is not None:
            problems.extend(self.cross_check(self))
        if problems:
            raise CardDataError(problems, context=context)


def load(
    specs: Mapping[str, TableSpec],
    directory: Path | str | bytes,
    *,
    game: str,
    cross_check: CrossCheck | None = None,
    name: str | None = None,
) -> CardSet:
    """Read, convert and validate every table of a game from `directory`: a folder of CSV
    files, or a spreadsheet file (.xlsx, .ods) with a sheet per table.

    Every problem in every file is collected before anything is reported, and a CardSet is
    returned only when there are none. Then the references declared in the specs are checked,
    and `cross_check(cards)` looks at whatever else spans tables. A spreadsheet may also be
    given as its bytes (an upload), with `name` the file name its messages use.
    """
    refs.check_declared(specs)
    if isinstance(directory, bytes) or workbook.is_workbook(directory):
        return _load_workbook(specs, directory, game=game, cross_check=cross_check, name=name)
    directory = Path(directory)
    texts, lines, problems, disk = files.read_folder(specs, directory)
    return _build(
        texts,
        lines,
        specs,
        game=game,
        source=directory,
        cross_check=cross_check,
        problems=problems,
        disk=disk,
    )


def _load_workbook(specs, source, *, game, cross_check, name) -> CardSet:
    name = name or Path(source).name
    texts, lines, problems, path, disk = files.read_spreadsheet(specs, source, name)
    try:
        return _build(
            texts,
            lines,
            specs,
            game=game,
            cross_check=cross_check,
            problems=problems,
            source=path,
            disk=disk,
        )
    except CardDataError as err:
        raise CardDataError(
            workbook.relocate(err.problems, specs, name), context=err.context
        ) from None


def problem_at(
    cards: CardSet,
    table: str,
    index: int,
    column: str | None,
    *,
    expected: str = "",
    issue: str = "is not allowed",
    value=None,
    message: str | None = None,
) -> Problem:
    """A Problem about row `index` of a table, for game cross-checks.

    The value defaults to the cell's content; file, line and card are filled in.
    """
    spec, frame = cards.specs[table], cards._tables[table]
    if value is None and column is not None:
        value = frame[column][index]
    return Problem(
        file=spec.file,
        table=table,
        row=index + 2,
        card=frame[spec.key][index],
        column=column,
        value=value,
        expected=expected,
        issue=issue,
        message=message,
    )


def _restore(tables, specs, game, source, version, cross_check, disk=None) -> CardSet:
    return CardSet(
        tables, specs, game=game, source=source, version=version, cross_check=cross_check, disk=disk
    )


def _build(texts, lines, specs, *, game, source, cross_check, problems=(), disk=None) -> CardSet:
    """Convert and check every table that could be read; raise with every problem found."""
    problems = list(problems)
    tables, file_lines = {}, {}
    for table, spec in specs.items():
        if table not in texts:
            continue
        rows = file_lines[table] = lines[table] or list(range(2, texts[table].height + 2))
        typed, unreadable = text.parse(texts[table], spec, table, rows)
        # Unreadable cells are null in `typed`; the schema would only call them blank again.
        seen = {(p.row, p.column) for p in unreadable}
        found = [p for p in check(typed, spec, table, rows) if (p.row, p.column) not in seen]
        problems.extend(
            sorted(unreadable + found, key=lambda p: (p.row or 0, _position(spec, p.column)))
        )
        problems.extend(_too_few(typed, spec, table))
        tables[table] = typed
    if problems:
        raise CardDataError(problems)
    cards = CardSet(tables, specs, game=game, source=source, cross_check=cross_check, disk=disk)
    cards._check_across_or_raise(lines=file_lines)
    return cards


def _not_a_column(spec: TableSpec, table: str, name, **where) -> Problem:
    return Problem(
        file=spec.file,
        table=table,
        value=name,
        issue=f"is not a column of {table}",
        expected=f"one of {listing(spec.header)}",
        **where,
    )


def _position(spec: TableSpec, column: str | None) -> int:
    return spec.header.index(column) if column in spec.header else len(spec.header)


def _too_few(frame: pl.DataFrame, spec: TableSpec, table: str) -> list[Problem]:
    if frame.height >= spec.min_rows:
        return []
    return [
        Problem(
            file=spec.file,
            table=table,
            expected=f"at least {spec.min_rows} card(s)",
            message=f"{spec.file}: has {frame.height} card(s) below the header; "
            f"expected at least {spec.min_rows}",
        )
    ]
