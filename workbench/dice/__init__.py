"""Exact dice probabilities from the notation designers write.

>>> from workbench.dice import probability, mean
>>> probability("3d6 > 2d8 + 2")
Fraction(317, 768)
>>> mean("4d6kh3")
Fraction(15869, 1296)

Notation, including how ``20d6>=5`` (count dice) differs from ``(20d6)>=5`` (yes/no), is
documented in :mod:`workbench.dice.parser`. Seed-game mechanics live in
:mod:`workbench.dice.mechanics`, absorbing Markov chains in :mod:`workbench.dice.chains`.
"""

from __future__ import annotations

import importlib

# The names below load on first use (PEP 562), so that the game engine can import the
# distribution type (workbench.dice.dist) without loading the notation parser and lark.
_WHERE = {
    "AbsorbingChain": ".chains",
    "CertainResultWarning": ".errors",
    "DEFAULT_BUDGET_SECONDS": ".engine",
    "DEFAULT_SAMPLES": ".api",
    "DiceSyntaxError": ".errors",
    "DiceTooLarge": ".errors",
    "Dist": ".dist",
    "Estimate": ".api",
    "clear_cache": ".api",
    "distribution": ".api",
    "distributions": ".api",
    "exact": ".api",
    "from_icepool": "._icepool",
    "mean": ".api",
    "parse": ".api",
    "probability": ".api",
    "Reading": ".readings",
    "reading": ".readings",
    "sample": ".api",
    "to_icepool": "._icepool",
}

__all__ = sorted(_WHERE)


def __getattr__(name: str):
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(where, __name__), name)
    globals()[name] = value  # later look-ups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
