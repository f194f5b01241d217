"""What the chart and table functions check of the frame they are given."""

from __future__ import annotations


def need_columns(frame, *columns: str, made_by: str = "") -> None:
    """`frame` is a polars DataFrame with every one of `columns`; else a ValueError naming
    what is missing and, with `made_by`, where such a frame comes from."""
    import polars as pl  # here, so that naming this check loads nothing

    whence = f" (give the frame {made_by} returns)" if made_by else ""
    if not isinstance(frame, pl.DataFrame):
        raise TypeError(f"give a polars DataFrame{whence}, not {type(frame).__name__}")
    missing = [c for c in columns if c not in frame.columns]
    if missing:
        has = ", ".join(frame.columns) if frame.columns else "no columns"
        raise ValueError(f"the frame has no column {missing[0]!r}; it has {has}{whence}")
