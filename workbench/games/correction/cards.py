"""Card tables of Correction (rules: rules.md, section 1).

Correction has no cards, but its pieces and their movement lines are data a designer may want
to change: data/correction/pieces.csv (the piece types), offsets.csv (table 1.2, one line per
square a piece may reach, written (dx, forward) from its owner's side) and params.csv (the
numbers of the token economy).
"""

from __future__ import annotations

import pandera.polars as pa

from workbench.cards import (
    CardSet,
    Problem,
    TableSpec,
    bool_column,
    int_column,
    param_problems,
    params_table,
    problem_at,
    text_column,
)

MODES = ["move", "capture", "both"]
# name -> (lowest, highest) value the rules can handle.
PARAMS = {
    "spawn_limit": (1, 6),
    "second_player_tokens": (0, 20),
    "spawn_tokens": (0, 5),
    "move_denial_cost": (1, 10),
    "piece_denial_cost": (1, 20),
}


TABLES: dict[str, TableSpec] = {
    "pieces": TableSpec(
        file="pieces.csv",
        key="name",
        doc="Piece types (section 1): how many each player owns and how they treat tokens.",
        schema=pa.DataFrameSchema(
            {
                "name": text_column("Piece type, as offsets.csv names it", unique=True),
                "letter": text_column(
                    "Letter drawn on the board", pa.Check.str_length(1, 1), unique=True
                ),
                "count": int_column(
                    "Pieces of this type each player owns", pa.Check.in_range(0, 6)
                ),
                "jumps": bool_column(
                    "Leaps over pieces; if false, a line of more than one square "
                    "needs the squares in between free of pieces (A-2)"
                ),
                "enters_tokens": bool_column(
                    "May enter a square holding a Denial Token from the next "
                    "turn on, and recovers it (R-14b, R-15)"
                ),
                "text": text_column("How the piece moves, for people"),
            }
        ),
    ),
    "offsets": TableSpec(
        file="offsets.csv",
        key="id",
        doc="Movement table 1.2: one line per square a piece may reach from where it stands.",
        schema=pa.DataFrameSchema(
            {
                "id": text_column("Name of the line", unique=True),
                "piece": text_column("Piece type, a name from pieces.csv"),
                "dx": int_column(
                    "Columns across (negative: towards column a for South)",
                    pa.Check.in_range(-5, 5),
                ),
                "forward": int_column(
                    "Rows forward, towards the opponent; no piece moves backward",
                    pa.Check.in_range(0, 5),
                ),
                "mode": text_column(
                    "move: the square must be empty; capture: it must hold an enemy "
                    "piece; both: either",
                    pa.Check.isin(MODES),
                ),
            }
        ),
        refs={"piece": "pieces.name"},
    ),
    "params": params_table(PARAMS, "The numbers of the Denial Token economy and of spawning."),
}


def cross_check(cards: CardSet) -> list[Problem]:
    """Rule consistency across cells and tables; CardSet checks the declared refs first."""
    return [
        *_offset_problems(cards),
        *param_problems(cards, "params", PARAMS),
        *_piece_problems(cards),
    ]


def _offset_problems(cards: CardSet) -> list[Problem]:
    jumps = dict(cards["pieces"].select("name", "jumps").iter_rows())
    problems, seen = [], {}
    for i, row in enumerate(cards["offsets"].iter_rows(named=True)):

        def bad(column, issue, expected, value=None, i=i):
            problems.append(
                problem_at(cards, "offsets", i, column, issue=issue, expected=expected, value=value)
            )

        piece, dx, f = row["piece"], row["dx"], row["forward"]
        if piece not in jumps:
            continue  # the reference check reports it
        if dx == 0 and f == 0:
            bad("forward", "with dx 0 goes nowhere", "a line that leaves the square")
            continue
        where = (piece, dx, f)
        if where in seen:
            bad(
                "dx",
                f"repeats the square of line {seen[where]!r}",
                "one line per square a piece reaches (use mode 'both' for move or capture)",
                value=dx,
            )
        seen.setdefault(where, row["id"])
        straight = dx == 0 or f == 0 or abs(dx) == f
        if not jumps[piece] and max(abs(dx), f) > 1 and not straight:
            bad(
                "dx",
                f"with forward {f} is not a straight line, so the squares passed over "
                "are not defined",
                f"a straight or diagonal line, or jumps = true for {piece}",
                value=dx,
            )
    return problems


def _piece_problems(cards: CardSet) -> list[Problem]:
    pieces = cards["pieces"]
    problems = []
    if pieces["count"].sum() == 0:
        problems.append(
            Problem(
                file="pieces.csv",
                table="pieces",
                column="count",
                message="pieces.csv, column 'count': every count is 0; expected at least one "
                "piece per player",
            )
        )
    lines = set(cards["offsets"]["piece"].to_list())
    for i, name in enumerate(pieces["name"].to_list()):
        if name not in lines:
            problems.append(
                problem_at(
                    cards,
                    "pieces",
                    i,
                    "name",
                    issue="has no movement line",
                    expected="at least one line for it in offsets.csv",
                )
            )
    return problems
