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

from ._icepool import from_icepool, to_icepool
from .api import (
    DEFAULT_SAMPLES,
    Estimate,
    clear_cache,
    distribution,
    distributions,
    exact,
    mean,
    parse,
    probability,
    sample,
)
from .chains import AbsorbingChain
from .dist import Dist
from .engine import DEFAULT_BUDGET_SECONDS
from .errors import DiceSyntaxError, DiceTooLarge

__all__ = [
    "AbsorbingChain",
    "DEFAULT_BUDGET_SECONDS",
    "DEFAULT_SAMPLES",
    "DiceSyntaxError",
    "DiceTooLarge",
    "Dist",
    "Estimate",
    "clear_cache",
    "distribution",
    "distributions",
    "exact",
    "from_icepool",
    "mean",
    "parse",
    "probability",
    "sample",
    "to_icepool",
]
