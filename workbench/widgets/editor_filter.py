"""The card editor's filter: a line of text that picks the rows a table shows.

A term is either text found in any cell (case does not matter; quote it to include spaces) or
a comparison `column op value` with op one of = != < <= > >= ~ (contains), spaces around op
allowed. Terms side by side, or joined by `and`, must all hold; `or` joins such groups:
`health >= 5 and dodge < 4`, `name~rat or name~brute`. A filter that cannot be read raises
ValueError naming the term.
"""

from __future__ import annotations

import re

from ..cards.spec import TableSpec
from ..cards.text import value_text

# One piece of a filter: a comparison (spaces around the operator allowed, the value quoted or
# one word), a quoted text, a bracket (refused with a reason), or a word.
_TOKEN = re.compile(
    r"""\s*(?:
    (?P<cmp>(?P<column>[A-Za-z_]\w*)\s*(?P<op><=|>=|!=|==|=|<|>|~)\s*
        (?P<value>"[^"]*"|'[^']*'|[^\s"()]+)?)
  | (?P<quoted>"[^"]*"|'[^']*')
  | (?P<paren>[()])
  | (?P<word>[^\s"()]+)
)""",
    re.VERBOSE,
)
_OPERATOR = re.compile(r"^(<=|>=|!=|==|=|<|>|~)")


def row_test(spec: TableSpec, table: str, text: str):
    """A test of one row of `table` for the filter `text`: any of its `or` groups, each a list
    of terms that must all hold. It is called with the row as text, the frame and the row's
    position."""
    groups: list[list] = [[]]
    joined = None  # "and" / "or" just read, waiting for the term it joins
    for kind, piece, match in _tokens(text):
        if kind == "word" and piece.lower() in ("and", "or"):
            if not groups[-1] or joined:
                raise ValueError(f"filter: '{piece}' needs a term before it")
            joined = piece.lower()
            if joined == "or":
                groups.append([])
            continue
        joined = None
        groups[-1].append(_term(spec, table, kind, piece, match))
    if joined:
        raise ValueError(f"filter: '{joined}' needs a term after it")
    groups = [g for g in groups if g]
    if not groups:
        return lambda row, frame, i: True
    return lambda row, frame, i: any(all(t(row, frame, i) for t in g) for g in groups)


def first_word(value) -> str | None:
    """The first word of a cell, as a filter can take it unquoted, or None."""
    found = re.match(r"[^\W_][\w-]*", value_text(value) or "")
    return found[0] if found else None


def _term(spec: TableSpec, table: str, kind: str, piece: str, match):
    if kind in ("word", "quoted"):
        needle = _unquoted(piece).lower()
        return lambda row, frame, i, n=needle: any(
            v is not None and n in v.lower() for v in row.values()
        )
    column, op, wanted = match["column"], match["op"], match["value"]
    op = "=" if op == "==" else op
    if column not in spec.header:
        raise ValueError(
            f"filter '{piece}': {table} has no column '{column}'; its "
            f"columns are {', '.join(spec.header)}"
        )
    if wanted is None:
        raise ValueError(f"filter '{piece}': give a value after {op}, as in {column} {op} 5")
    wanted = _unquoted(wanted)
    family = spec.kind(column)
    if family in ("integer", "number") and op != "~":
        try:
            number = float(wanted)
        except ValueError:
            raise ValueError(
                f"filter '{piece}': {column} holds numbers, and {wanted!r} is not a number"
            ) from None
        return lambda row, frame, i, c=column, o=op, n=number: _compare(frame[c][i], o, n)
    if op in ("<", "<=", ">", ">=") and family != "text":
        raise ValueError(f"filter '{piece}': {column} cannot be compared with {op}")
    needle = wanted.lower()
    return lambda row, frame, i, c=column, o=op, w=needle: _compare(
        None if row[c] is None else row[c].lower(), o, w
    )


def _tokens(text: str):
    """(kind, text, match) for each piece of a filter, in order."""
    pos, text = 0, text or ""
    if text.count('"') % 2:
        raise ValueError(f"filter: the quote at character {text.rindex(chr(34)) + 1} is not closed")
    while pos < len(text):
        if not text[pos:].strip():
            break
        match = _TOKEN.match(text, pos)
        if match is None or match.end() == pos:
            raise ValueError(f"filter: cannot read {text[pos:].strip()!r}")
        pos = match.end()
        kind = next(k for k in ("cmp", "quoted", "paren", "word") if match[k] is not None)
        piece = match[kind].strip()
        if kind == "paren":
            raise ValueError(
                "filter: brackets are not needed: terms joined by 'and' are "
                "checked before 'or' (health >= 5 and dodge < 4 or name~rat)"
            )
        if kind == "word" and _OPERATOR.match(piece):
            raise ValueError(
                f"filter '{piece}': a comparison needs a column name before "
                f"the operator, as in health {_OPERATOR.match(piece)[0]} 5"
            )
        yield kind, piece, match


def _unquoted(text: str) -> str:
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        return text[1:-1]
    return text


def _compare(value, op: str, wanted) -> bool:
    if value is None:
        return op == "!="
    if op == "~":
        return str(wanted).lower() in str(value).lower()
    return {
        "=": value == wanted,
        "!=": value != wanted,
        "<": value < wanted,
        "<=": value <= wanted,
        ">": value > wanted,
        ">=": value >= wanted,
    }[op]
