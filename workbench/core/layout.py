"""Layouts: where each field of a record lies in the flat int64 vectors of the compiled kernels.

A kernel keeps a position, its scratch rows and its tables in one int64 vector and reads a
field as `S[base + FIELD]`, FIELD a plain module-level int: numba reads a module's globals
once, when it compiles a function, so the offsets must be ints, not lookups. A Layout declares
a record's fields in order, each once with its width, and works their offsets out:

    _piece = Layout()
    (PK_OWNER, PK_KIND) = _piece.fields(2)  # one number each
    PK_CARDS = _piece.field(3 * CCAP)  # 3 * CCAP numbers
    PW = _piece.size  # the record's width

so a field that grows moves every field after it, and no offset is counted by hand.
"""

from __future__ import annotations

import operator


class Layout:
    """A record laid out field by field from `start`; `size` is where the next field starts
    (the record's width, when it starts at 0)."""

    def __init__(self, start: int = 0):
        start = _whole(start, "a layout's start")
        if start < 0:
            raise ValueError(f"a layout starts at 0 or after, not at {start}")
        self.size = start

    def field(self, width: int = 1) -> int:
        """The offset of the next field, `width` numbers wide."""
        width = _whole(width, "a field's width")
        if width < 1:
            raise ValueError(f"a field is at least one number wide, not {width}")
        at = self.size
        self.size = at + width
        return at

    def fields(self, count: int) -> range:
        """The offsets of the next `count` fields, one number wide each, in order."""
        count = _whole(count, "a count of fields")
        if count < 1:
            raise ValueError(f"a layout adds at least one field at a time, not {count}")
        at = self.size
        self.size = at + count
        return range(at, at + count)

    def __repr__(self) -> str:
        return f"Layout(size={self.size})"


def _whole(value, what: str) -> int:
    # True is an int to Python, but a width written as one is a slip, never a width of 1.
    if isinstance(value, bool):
        raise TypeError(f"{what} is a whole number, not {value!r}")
    try:
        return operator.index(value)
    except TypeError:
        raise TypeError(f"{what} is a whole number, not {value!r}") from None
