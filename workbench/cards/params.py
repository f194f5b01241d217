"""A table of a design's named numbers (a parameter per line: name, value, doc), checked
against the bounds the design can handle.

Correction keeps its token economy this way and the Rune System its slots and essence model:
numbers a designer tunes beside the cards, edited and validated like any other cell.
"""

from __future__ import annotations

from collections.abc import Mapping

import pandera.polars as pa

from workbench.cards.cardset import problem_at
from workbench.cards.problems import Problem
from workbench.cards.spec import TableSpec, int_column, text_column

Bounds = Mapping[str, tuple[int, int]]


def params_table(bounds: Bounds, doc: str, file: str = "params.csv") -> TableSpec:
    """A TableSpec for one line per parameter of `bounds` (name -> (lowest, highest))."""
    low = min(lo for lo, _ in bounds.values())
    high = max(hi for _, hi in bounds.values())
    return TableSpec(
        file=file,
        key="name",
        doc=doc,
        schema=pa.DataFrameSchema(
            {
                "name": text_column("Parameter", pa.Check.isin(list(bounds)), unique=True),
                "value": int_column("Its value", pa.Check.in_range(low, high)),
                "doc": text_column("What it means"),
            }
        ),
    )


def param_values(cards, table: str) -> dict[str, int]:
    """name -> value of a parameter table."""
    return dict(cards[table].select("name", "value").iter_rows())


def param_problems(cards, table: str, bounds: Bounds) -> list[Problem]:
    """A missing parameter, or a value outside its own bounds (the schema only knows the
    widest range of them all)."""
    spec = cards.specs[table]
    values = param_values(cards, table)
    problems = []
    missing = [n for n in bounds if n not in values]
    if missing:
        problems.append(
            Problem(
                file=spec.file,
                table=table,
                column="name",
                message=f"{spec.file}, column 'name': no line for {', '.join(missing)}; expected "
                f"one line for each of {', '.join(bounds)}",
            )
        )
    for i, name in enumerate(cards[table]["name"].to_list()):
        low, high = bounds[name]
        if not low <= values[name] <= high:
            problems.append(
                problem_at(
                    cards, table, i, "value", expected=f"an integer from {low} to {high} for {name}"
                )
            )
    return problems
