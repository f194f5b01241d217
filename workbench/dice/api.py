"""The public calls: text in, exact distributions, probabilities and tidy frames out."""

from __future__ import annotations

import math
import warnings
from fractions import Fraction
from functools import lru_cache
from itertools import accumulate
from typing import TYPE_CHECKING, NamedTuple

from .dist import Dist
from .engine import DEFAULT_BUDGET_SECONDS, evaluate
from .errors import CertainResultWarning
from .nodes import Compare, Count, Func, Node, Product
from .parser import parse as _parse

# numpy and polars load only for frames and samples: exact answers need neither, and importing
# them would be most of the wait for a designer's first answer in a new kernel.
if TYPE_CHECKING:
    import numpy as np
    import polars as pl

__all__ = [
    "DEFAULT_SAMPLES",
    "Estimate",
    "clear_cache",
    "distribution",
    "distributions",
    "exact",
    "mean",
    "parse",
    "probability",
    "sample",
]

DEFAULT_SAMPLES = 100_000
_INT64_MAX = 2**63 - 1


class Estimate(NamedTuple):
    """A Monte Carlo estimate: ``value`` give or take one standard error ``se``."""

    value: float
    se: float
    n: int


def parse(expr: str) -> Node:
    """Parse dice notation (see :mod:`workbench.dice.parser` for the notation)."""
    return _parse_cached(_text(expr))


@lru_cache(maxsize=512)
def _parse_cached(expr: str) -> Node:
    return _parse(expr)


def _text(expr) -> str:
    # Checked before any cache: a list would otherwise fail as "unhashable type".
    if not isinstance(expr, str):
        raise TypeError(
            f"a dice expression is a string such as '3d6+2', not a {type(expr).__name__}"
        )
    return expr


def _budget(budget) -> float:
    # NaN compares false with everything, so a NaN budget would switch the limit off.
    if (
        isinstance(budget, bool)
        or not isinstance(budget, int | float)
        or not (math.isfinite(budget) and budget > 0)
    ):
        raise ValueError(
            f"budget: give a finite number of seconds above 0, such as 0.5, not {budget!r}"
        )
    return float(budget)


@lru_cache(maxsize=256)
def _exact(expr: str, budget: float) -> Dist:
    return evaluate(parse(expr), expr, budget)


def exact(expr: str, *, budget: float = DEFAULT_BUDGET_SECONDS) -> Dist:
    """The exact distribution of ``expr`` as a :class:`Dist` (outcome -> integer weight).

    ``budget`` is the most work, in estimated seconds, that may be spent; a larger expression
    raises :class:`DiceTooLarge` before starting. Results are cached; see :func:`clear_cache`.
    """
    return _exact(_text(expr), _budget(budget))


def clear_cache() -> None:
    """Forget cached parses and results (for benchmarks and memory)."""
    from .readings import reading

    _parse_cached.cache_clear()
    _exact.cache_clear()
    reading.cache_clear()


def _exact_frame(dist: Dist) -> pl.DataFrame:
    import polars as pl

    ws = list(dist.weights)
    total = dist.total
    at_most = list(accumulate(ws))
    at_least = [total - below + w for below, w in zip(at_most, ws, strict=True)]
    # int / int is correctly rounded in Python even when the ints have hundreds of digits.
    weight = (
        pl.Series("weight", ws, dtype=pl.Int64)
        if total <= _INT64_MAX
        else pl.Series("weight", list(map(_weight_text(total), ws)), dtype=pl.String)
    )
    return pl.DataFrame(
        [
            pl.Series("outcome", list(dist.outcomes), dtype=pl.Int64),
            weight,
            pl.Series("p", [w / total for w in ws], dtype=pl.Float64),
            pl.Series("p_at_least", [x / total for x in at_least], dtype=pl.Float64),
            pl.Series("p_at_most", [x / total for x in at_most], dtype=pl.Float64),
        ]
    )


def _weight_text(total: int):
    """How weights too big for Int64 are written: decimal digits, or, past what Python will
    turn into decimal (4,300 digits; 10000d6 has weights of 7,700), exact hexadecimal
    ('0x...', read back with int(text, 16)), which is also what stays fast at that size."""
    return str if total.bit_length() < 14_000 else hex


def _sampled_frame(values: np.ndarray) -> pl.DataFrame:
    import numpy as np
    import polars as pl

    n = len(values)
    outcomes, counts = np.unique(values, return_counts=True)
    at_most = np.cumsum(counts)
    at_least = n - at_most + counts
    p = counts / n
    return pl.DataFrame(
        {
            "outcome": pl.Series(outcomes, dtype=pl.Int64),
            "weight": pl.Series(counts, dtype=pl.Int64),
            "p": pl.Series(p, dtype=pl.Float64),
            "p_at_least": pl.Series(at_least / n, dtype=pl.Float64),
            "p_at_most": pl.Series(at_most / n, dtype=pl.Float64),
            "se": pl.Series(np.sqrt(p * (1 - p) / n), dtype=pl.Float64),
        }
    )


def distribution(
    expr: str,
    *,
    monte_carlo: bool = False,
    n: int = DEFAULT_SAMPLES,
    seed: int = 0,
    budget: float = DEFAULT_BUDGET_SECONDS,
) -> pl.DataFrame:
    """One row per outcome: ``outcome``, ``weight``, ``p``, ``p_at_least``, ``p_at_most``.

    Exact by default, with a :class:`CertainResultWarning` when there is only one outcome (see
    :func:`reading`). ``weight`` is the exact integer weight (the number of equally likely rolls
    for plain dice); it is an Int64 column when the total weight fits in 64 bits and otherwise
    a String column of the exact decimal digits (200d6 has 156-digit weights; past 4,200
    digits, exact hexadecimal '0x...'). Use :func:`exact` for the weights as Python ints. The
    ``p`` columns are Float64.

    With ``monte_carlo=True`` the expression is rolled ``n`` times with ``seed``: ``weight``
    is the count of samples per outcome and an extra ``se`` column gives the standard error
    of each ``p``.
    """
    if monte_carlo:
        return _sampled_frame(sample(expr, _samples(n), seed))
    dist = exact(expr, budget=budget)
    _warn_if_certain(expr, dist)
    return _exact_frame(dist)


def distributions(
    *exprs: str,
    monte_carlo: bool = False,
    n: int = DEFAULT_SAMPLES,
    seed: int = 0,
    budget: float = DEFAULT_BUDGET_SECONDS,
) -> pl.DataFrame:
    """Several distributions stacked in one tidy frame with an ``expr`` column first."""
    import polars as pl

    frames = [
        distribution(e, monte_carlo=monte_carlo, n=n, seed=seed, budget=budget).with_columns(
            pl.lit(e).alias("expr")
        )
        for e in exprs
    ]
    if any(f.schema["weight"] == pl.String for f in frames):
        frames = [f.with_columns(pl.col("weight").cast(pl.String)) for f in frames]
    out = pl.concat(frames, how="vertical") if frames else pl.DataFrame()
    return out.select("expr", pl.exclude("expr")) if frames else out


def _is_yes_no(node: Node) -> bool:
    if isinstance(node, Compare):
        return True
    if isinstance(node, Count):
        return node.pool.size == 1 or (node.pool.keep is not None and _kept_one(node))
    if isinstance(node, (Func, Product)):
        parts = node.args if isinstance(node, Func) else node.factors
        return all(_is_yes_no(p) for p in parts)
    return False


def _kept_one(node: Count) -> bool:
    keep = node.pool.keep
    n = node.pool.size
    kept = keep.n if keep.kind in ("kh", "kl") else n - keep.n
    return kept <= 1


def _require_yes_no(expr: str) -> Node:
    node = parse(expr)
    if _is_yes_no(node):
        return node
    if isinstance(node, Count):
        from .readings import total_reading

        raise ValueError(  # noqa: TRY004 - the text is wrong, not its type
            f"{expr!r} counts how many dice succeed (0 to {node.pool.size}); it is not a yes/no "
            f"question. Put the pool in parentheses to test its total, "
            f"{total_reading(expr, node)!r}, or use distribution() for the count."
        )
    raise ValueError(
        f"{expr!r} is not a yes/no expression. probability() needs a comparison such as "
        f"'({expr}) >= 10' or '3d6 > 2d8 + 2'; use distribution() for the full spread."
    )


def probability(
    expr: str,
    *,
    monte_carlo: bool = False,
    n: int = DEFAULT_SAMPLES,
    seed: int = 0,
    budget: float = DEFAULT_BUDGET_SECONDS,
) -> Fraction | Estimate:
    """Exact chance that a yes/no expression (a comparison) comes out yes.

    ``probability("3d6 > 2d8 + 2") == Fraction(317, 768)``. Raises ``ValueError`` for an
    expression that is not a yes/no question, and warns (:class:`CertainResultWarning`) when the
    answer is always no or always yes. With ``monte_carlo=True`` returns an :class:`Estimate`.
    """
    _require_yes_no(expr)
    if monte_carlo:
        values = sample(expr, _samples(n), seed)
        p = float(values.mean())
        return Estimate(p, math.sqrt(p * (1 - p) / n), n)
    dist = exact(expr, budget=budget)
    _warn_if_certain(expr, dist)
    return dist.probability(1)


def _warn_if_certain(expr: str, dist: Dist) -> None:
    """An answer that cannot vary is most often a slip (``2d6 >= 8`` counts dice that show 8),
    so it is said, with the expression that was likely meant."""
    if len(dist.outcomes) != 1:
        return
    from .readings import reading

    why = reading(expr).certain
    if why:
        # stacklevel 3: the warning points at the line that called distribution/probability.
        warnings.warn(f"{expr!r} is {why[0].lower()}{why[1:]}", CertainResultWarning, stacklevel=3)


def mean(
    expr: str,
    *,
    monte_carlo: bool = False,
    n: int = DEFAULT_SAMPLES,
    seed: int = 0,
    budget: float = DEFAULT_BUDGET_SECONDS,
) -> Fraction | Estimate:
    """Exact mean of ``expr`` (an :class:`Estimate` with ``monte_carlo=True``)."""
    if monte_carlo:
        values = sample(expr, _samples(n), seed).astype(float)
        if n < 2:
            return Estimate(float(values.mean()), math.nan, n)
        return Estimate(float(values.mean()), float(values.std(ddof=1) / math.sqrt(n)), n)
    return exact(expr, budget=budget).mean()


def sample(expr: str, n: int = DEFAULT_SAMPLES, seed: int = 0) -> np.ndarray:
    """``n`` rolls of ``expr`` as an int64 numpy array; the same seed gives the same rolls.
    ``n`` is at most ``MAX_SAMPLES`` (10,000,000: 80 MB) and ``n`` times the dice one roll
    throws at most ``MAX_SAMPLED_DICE`` (4e8), both in :mod:`workbench.dice.sampler`."""
    import numpy as np

    from .sampler import sample_node

    if isinstance(n, bool) or not isinstance(n, int | np.integer) or n < 0:
        raise ValueError(f"n: give a whole number of samples from 0, not {n!r}")
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer) or seed < 0:
        raise ValueError(f"seed: give a whole number from 0, not {seed!r}")
    return sample_node(parse(expr), expr, int(n), seed)


def _samples(n) -> int:
    """`n` for an estimate: sample() checks the rest, but an estimate of nothing is no answer."""
    if type(n) is int and n < 1:
        raise ValueError(f"n: an estimate needs at least 1 sample, not {n}")
    return n
