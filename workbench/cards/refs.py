"""References between card tables, as TableSpec.refs declares them, checked for all tables at once.

A reference is a column whose cells name a row of another table ("encounters.enemy names a row
of enemies"). A blank cell names nothing; whether it is allowed is the schema's business.
"""

from __future__ import annotations

from collections.abc import Mapping

import polars as pl

from workbench.cards.problems import Problem, listing, show
from workbench.cards.spec import Ref, TableSpec


def check_declared(specs: Mapping[str, TableSpec]) -> None:
    """Raise ValueError for a reference these tables cannot satisfy: a mistake in the game's
    code, not in its data, so it is not reported as a Problem."""
    for spec in specs.values():
        for column, ref in spec.refs.items():
            where = f"{spec.file}: column '{column}' refers to {ref.target!r}"
            target = specs.get(ref.table)
            if target is None:
                raise ValueError(
                    f"{where}, but there is no table '{ref.table}'; the tables are "
                    f"{', '.join(specs)}"
                )
            if ref.column not in target.schema.columns:
                raise ValueError(f"{where}, but {target.file} has no column '{ref.column}'")
            if ref.column != target.key and not target.schema.columns[ref.column].unique:
                raise ValueError(
                    f"{where}, but {ref.target} is not unique, so a value there "
                    "does not name one row"
                )
            if spec.dtype(column) != target.dtype(ref.column):
                raise ValueError(
                    f"{where}, but the two columns hold different types "
                    f"({spec.dtype(column)} and {target.dtype(ref.column)})"
                )


def allowed(tables: Mapping[str, pl.DataFrame], ref: Ref) -> list:
    """The values a referencing cell may hold besides a blank: the names, then the extras."""
    return [*tables[ref.table][ref.column].to_list(), *ref.also]


def expected(
    tables: Mapping[str, pl.DataFrame], specs: Mapping[str, TableSpec], table: str, column: str
) -> str:
    """What a referencing cell may hold, in plain words, naming the file and listing the names."""
    spec = specs[table]
    ref = spec.refs[column]
    names = tables[ref.table][ref.column].to_list()
    shown = listing(names) if names else "none yet"
    text = f"a {ref.column} from {specs[ref.table].file} ({shown})"
    if ref.also:
        text += " or " + " or ".join(show(v) for v in ref.also)
    if spec.schema.columns[column].nullable:
        text += ", or a blank cell"
    return text


def problems(
    tables: Mapping[str, pl.DataFrame],
    specs: Mapping[str, TableSpec],
    *,
    lines: Mapping[str, list[int] | None] | None = None,
    before: Mapping[str, pl.DataFrame] | None = None,
) -> list[Problem]:
    """A Problem for every cell that names no row of the table it refers to.

    `lines` gives a table's file line for each row (default: position + 2, where the row lands
    when saved). `before` is the tables as they were before an edit: a name they still had is
    reported as removed, which is what a rename or a deletion did.
    """
    lines = lines or {}
    # One set per referenced column, however many columns refer to it. Card tables are small,
    # and plain sets beat a polars call per column here by an order of magnitude.
    targets: dict[str, set] = {}
    out = []
    for table, spec in specs.items():
        found = []
        for column, ref in spec.refs.items():
            if ref.target not in targets:
                targets[ref.target] = set(tables[ref.table][ref.column].to_list())
            names = targets[ref.target]
            values = tables[table][column].to_list()
            bad = [
                i
                for i, v in enumerate(values)
                if v is not None and v not in names and v not in ref.also
            ]
            if not bad:
                continue
            was = set() if before is None else set(before[ref.table][ref.column].to_list())
            what = expected(tables, specs, table, column)
            target_file = specs[ref.table].file
            rows = lines.get(table)
            keys = tables[table][spec.key]
            for i in bad:
                found.append(
                    Problem(
                        file=spec.file,
                        table=table,
                        row=rows[i] if rows else i + 2,
                        card=keys[i],
                        column=column,
                        value=values[i],
                        expected=what,
                        issue=f"is {'no longer' if values[i] in was else 'not'} in {target_file}",
                    )
                )
        out.extend(sorted(found, key=lambda p: (p.row, spec.header.index(p.column))))
    return out
