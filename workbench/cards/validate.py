"""Run a table's pandera schema and turn every failure into a Problem a designer can act on."""

from __future__ import annotations

import threading

import pandera.errors
import polars as pl

from workbench.cards.problems import Problem
from workbench.cards.spec import TableSpec

_IN_MEMORY = threading.Lock()


def check(
    frame: pl.DataFrame,
    spec: TableSpec,
    table: str,
    lines: list[int] | None = None,
    edited: int | None = None,
    columns: tuple[str, ...] | None = None,
):
    """All schema problems of a typed table (an empty list when it is valid).

    `lines` gives the file line of each row; by default a row's line is its position + 2
    (after the header), which is where it lands when the table is saved. `edited` is the row
    just changed: when it repeats a key, it is the one blamed, not the card that was there first.
    `columns`, when only they changed in a table that was valid, limits the check to them.
    """
    if lines is None:
        lines = list(range(2, frame.height + 2))
    schema = spec.schema if columns is None else _narrowed(spec.schema, tuple(columns))
    try:
        # Pandera runs its checks as queries of their own, and polars' default engine
        # (streaming, since polars 2) takes about 0.25 ms to start each: most of what a small
        # table's check costs. The setting is the process's: checks on other threads (a
        # grid's points are made where they are played) take turns, so each puts back what
        # the session had.
        with _IN_MEMORY, pl.Config(engine_affinity="in-memory"):
            schema.validate(frame if schema is spec.schema else frame.select(columns), lazy=True)
    except pandera.errors.SchemaErrors as err:
        return _problems(err.failure_cases, frame, spec, table, lines, edited)
    except pandera.errors.SchemaError as err:
        return [Problem(file=spec.file, table=table, message=f"{spec.file}: {err}")]
    return []


_NARROWED: dict = {}


def _narrowed(schema, columns: tuple[str, ...]):
    """The schema's checks of `columns` alone: a whole table's checks cost about 10 ms however
    few its rows, which every cell a sweep or the card editor changes would pay. A schema with
    checks across columns is kept whole."""
    if schema.checks or schema.unique:
        return schema
    hit = _NARROWED.get((id(schema), columns))
    if hit is None or hit[0] is not schema:
        hit = _NARROWED[id(schema), columns] = (schema, schema.select_columns(list(columns)))
    return hit[1]


def _problems(
    failures: pl.DataFrame, frame, spec: TableSpec, table: str, lines, edited
) -> list[Problem]:
    keys = frame[spec.key].to_list() if spec.key in frame.columns else [None] * frame.height
    order = {c: i for i, c in enumerate(spec.header)}
    out: dict[tuple, Problem] = {}

    def line(i):
        return None if i is None else lines[i]

    def add(p: Problem):
        out.setdefault((p.row, p.column, p.issue, p.message), p)

    for col, group in failures.group_by("column", "check", maintain_order=True):
        column, check_name = col
        rows = group["index"].to_list()
        if check_name in ("field_uniqueness", "multiple_fields_uniqueness"):
            _duplicates(add, frame, spec, table, column, rows, keys, line, edited)
            continue
        for i, case in zip(rows, group["failure_case"].to_list(), strict=True):
            if column is None or column not in frame.columns:
                add(
                    Problem(
                        file=spec.file,
                        table=table,
                        row=line(i),
                        card=None if i is None else keys[i],
                        message=f"{spec.file}{'' if i is None else f' line {line(i)}'}: "
                        f"fails the table check {check_name}",
                    )
                )
                continue
            if check_name == "not_nullable":
                value = ""
            else:
                value = case if i is None else frame[column][i]
            add(
                Problem(
                    file=spec.file,
                    table=table,
                    row=line(i),
                    card=None if i is None else keys[i],
                    column=column,
                    value=value,
                    expected=spec.expected(column),
                )
            )
    return sorted(out.values(), key=lambda p: (p.row or 0, order.get(p.column, len(order))))


def _duplicates(add, frame, spec, table, column, rows, keys, line, edited):
    """Report each repeat of a value, pointing at the line that has it first (or, after an
    edit, at the line that was there before)."""
    cols = [column] if column is not None else list(spec.schema.unique or [])
    seen: dict[tuple, int] = {}
    for i in sorted((r for r in rows if r is not None), key=lambda r: (r == edited, r)):
        value = tuple(frame[c][i] for c in cols)
        if value not in seen:
            seen[value] = i
            continue
        first = line(seen[value])
        add(
            Problem(
                file=spec.file,
                table=table,
                row=line(i),
                card=keys[i],
                column=column,
                value=value[0] if len(value) == 1 else ", ".join(map(str, value)),
                issue=f"is already used on line {first}",
                expected=f"a {' + '.join(cols)} that no other line uses",
            )
        )
