"""Exact pool algorithms: building one die, keep highest/lowest, success counts.

Keep highest k walks the outcomes from the top. A state is how many dice of each kind have
shown an outcome above the current one (fewer than k in total) plus the polynomial of the kept
sum so far, packed into one Python int. When the count reaches k the rest of the dice only need
to be lower, and their weight has the closed form prod (w+B)^r - (ways with too few at this
outcome), so those states finish at once. The work is outcomes x states x k big-int
multiply-and-shifts, independent of the number of dice beyond k.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence

from . import _poly
from .costs import sparse_add_cost
from .dist import COMPARISONS, Dist

__all__ = [
    "explode",
    "explode_cost",
    "keep",
    "keep_cost",
    "kept_success_count",
    "reroll",
    "success_count",
    "success_count_cost",
]


def explode(die: Dist, explodes: Callable[[int], bool], depth: int) -> Dist:
    """Roll again and add while the newest roll explodes, at most ``depth`` extra rolls.

    The last permitted roll counts at face value even if it would explode.
    """
    boom = [(o, w) for o, w in die.items() if explodes(o)]
    if not boom or depth <= 0:
        return die
    calm_pairs = [(o, w) for o, w in die.items() if not explodes(o)]
    boom_dist = Dist._raw(tuple(o for o, _ in boom), tuple(w for _, w in boom))
    calm = (
        Dist._raw(tuple(o for o, _ in calm_pairs), tuple(w for _, w in calm_pairs))
        if calm_pairs
        else None
    )
    result = die
    for _ in range(depth):
        grown = boom_dist + result
        # Calm faces stop; their weight scales by the total of the rolls they did not need.
        result = grown if calm is None else calm._times_weight(result.total).merge(grown)
    return result


def explode_cost(die: Dist, n_boom: int, depth: int, limit: float = math.inf) -> float:
    """Estimated microseconds for :func:`explode`; past `limit`, a floor of it that is
    already more (found without adding up the steps one by one)."""
    if n_boom == 0 or depth <= 0:
        return 1.0
    span, bits_one = die.span, math.log2(max(die.total, 2))
    floor = 2.0 * span * depth * (depth + 1)  # every step copies its support at least once
    if floor > limit:
        return floor
    cost = 0.0
    for i in range(depth):
        support = span * (i + 1)
        bits = (i + 2) * bits_one
        if n_boom == 1:
            grow = 0.5 * support  # adding one face is a shift
        else:
            grow = min(
                _poly.convolve_cost(span, support, bits),
                sparse_add_cost(n_boom, support, span + support) * (1 + bits / 2000),
            )
        cost += grow + support * 4.0 * (1 + bits / 2000)
    return cost


def reroll(die: Dist, matches: Callable[[int], bool], once: bool) -> Dist | None:
    """Reroll matching faces once (the new roll stands) or until they stop matching.

    Returns None when rerolling until no match is impossible (every face matches).
    """
    hit = sum(w for o, w in die.items() if matches(o))
    if hit == 0:
        return die
    if not once:
        kept = {o: w for o, w in die.items() if not matches(o)}
        return Dist(kept) if kept else None
    total = die.total
    return Dist({o: w * (0 if matches(o) else total) + hit * w for o, w in die.items()})


# ---- keep highest / lowest ----------------------------------------------------------------


def _vectors(caps: Sequence[int], limit: int):
    """All vectors c with 0 <= c_t <= caps[t] and sum(c) <= limit, in lexicographic order.

    An odometer rather than recursion: a pool of hundreds of different dice would pass
    Python's recursion limit."""
    vec = [0] * len(caps)
    yield tuple(vec)
    moving = [t for t, c in enumerate(caps) if c > 0]
    if limit <= 0 or not moving:
        return
    total = 0
    while True:
        i = len(moving) - 1
        while i >= 0:
            t = moving[i]
            if vec[t] < caps[t] and total < limit:
                vec[t] += 1
                total += 1
                break
            total -= vec[t]
            vec[t] = 0
            i -= 1
        if i < 0:
            return
        yield tuple(vec)


def _count_vectors(caps: Sequence[int], limit: int) -> int:
    """How many vectors `_vectors(caps, limit)` gives, counted without making them (for cost
    estimates, which must be quick even when the answer is astronomical)."""
    if limit < 0:
        return 0
    ways = [1] + [0] * limit
    for c in caps:
        if c <= 0:
            continue
        prefix = list(itertools.accumulate(ways))
        ways = [prefix[s] - (prefix[s - c - 1] if s > c else 0) for s in range(limit + 1)]
    return sum(ways)


def keep_cost(groups: Sequence[tuple[Dist, int]], k: int) -> float:
    """Estimated microseconds for :func:`keep` (upper bound on states and transitions)."""
    n_total = sum(n for _, n in groups)
    if k <= 0 or k >= n_total:
        return 1.0
    outcomes = set()
    for d, _ in groups:
        outcomes.update(d.outcomes)
    lo, hi = min(outcomes), max(outcomes)
    slots = k * (hi - lo) + 1
    slot_bits = max(64.0, sum(n * math.log2(max(d.total, 2)) for d, n in groups) + 8)
    caps = [min(n, k - 1) for _, n in groups]
    if len(groups) == 1:
        states = caps[0] + 1
        pairs = states * (states + 1) // 2
    else:
        # (state, transition) pairs: vectors of twice the length with total below k.
        pairs = _count_vectors(caps + caps, k - 1)
        states = _count_vectors(caps, k - 1)
    # A transition multiplies a packed polynomial (on average half full) by a small weight and
    # shifts it: linear. Each state also multiplies by one slot-sized weight and raises
    # weights to powers as large as a slot.
    poly_bits = slots * slot_bits / 2
    per_op = 2.0 + poly_bits / 64 * 0.004
    per_state = (
        5.0
        + _poly.mul_us(poly_bits, slot_bits)
        + _poly.mul_us(slot_bits, slot_bits) * 2 * len(groups)
    )
    pack = slots * (0.2 + slot_bits / 800)
    return len(outcomes) * (pairs * per_op + states * per_state) + pack


def keep(groups: Sequence[tuple[Dist, int]], k: int, highest: bool) -> Dist:
    """Sum of the ``k`` highest (or lowest) dice of a pool of independent dice.

    ``groups`` lists (die, how many) pairs; different dice may be mixed.
    """
    groups = [(d, n) for d, n in groups if n > 0]
    n_total = sum(n for _, n in groups)
    if k <= 0 or not groups:
        return Dist.constant(0)
    if k >= n_total:
        out = Dist.constant(0)
        for d, n in groups:
            out = out + d.repeat(n)
        return out
    return _walk_outcomes(groups, k, highest)


def _walk_outcomes(groups: Sequence[tuple[Dist, int]], k: int, highest: bool) -> Dist:
    """The walk of the module docstring, from the top outcome (or the bottom one for keep
    lowest), for 0 < k < the number of dice; the kept sum is a polynomial packed in an int."""
    dice = [dict(d.items()) for d, _ in groups]
    counts = [n for _, n in groups]
    T = len(dice)
    outcomes = sorted(set().union(*dice), reverse=highest)
    lo = min(outcomes)
    slots = k * (max(outcomes) - lo) + 1
    grand = 1
    for d, n in groups:
        grand *= d.total**n
    nb = _poly.slot_bytes(grand)
    slot_bits = nb * 8

    # Weight of each die's outcomes not yet reached (strictly beyond the current one).
    beyond = [d.total for d, _ in groups]
    states: dict[tuple[int, ...], int] = {(0,) * T: 1}
    result = 0
    last = len(outcomes) - 1
    for idx, o in enumerate(outcomes):
        w = [d.get(o, 0) for d in dice]
        for t in range(T):
            beyond[t] -= w[t]
        unit = (o - lo) * slot_bits
        finished, states = _at_outcome(states, counts, k, w, beyond, unit, idx != last)
        result += finished
    return Dist._from_dense(k * lo, _poly.unpack(result, slots, nb))


def _at_outcome(
    states: dict[tuple[int, ...], int],
    counts: list[int],
    k: int,
    w: list[int],
    B: list[int],
    unit: int,
    more: bool,
) -> tuple[int, dict[tuple[int, ...], int]]:
    """One outcome of the walk: the packed weight of the states that reach k kept dice here,
    and the states that go on to the next outcome (none after the last one, ``more`` False).

    ``w`` is each kind's weight of this outcome, ``B`` its weight beyond it, ``unit`` the shift
    of one die showing this outcome in the packed polynomial."""
    T = len(w)
    F = [w[t] + B[t] for t in range(T)]
    new: dict[tuple[int, ...], int] = {}
    moves = new if more else None
    # Small caches: the same powers recur across states at one outcome.
    pow_b: list[dict[int, int]] = [{} for _ in range(T)]

    def b_pow(t: int, e: int, pow_b=pow_b, B=B) -> int:
        cache = pow_b[t]
        v = cache.get(e)
        if v is None:
            v = cache[e] = B[t] ** e
        return v

    finished = 0
    for jvec, poly in states.items():
        need = k - sum(jvec)
        r = [counts[t] - jvec[t] for t in range(T)]
        full = 1
        for t in range(T):
            full *= F[t] ** r[t]
        if T == 1:
            short = _short_one_kind(jvec, poly, r[0], w[0], need, unit, b_pow, moves)
        else:
            short = _short_mixed(jvec, poly, r, w, need, unit, b_pow, moves)
        term = full - short
        if term:
            finished += (poly * term) << (need * unit)
    return finished, new


def _short_one_kind(jvec, poly, r0: int, w0: int, need: int, unit: int, b_pow, moves) -> int:
    """For a pool of one kind of die: the weight of the ways the ``r0`` dice not yet counted
    show this outcome fewer than ``need`` times (the rest lower), each way moved on into
    ``moves`` (when given) as the state it leads to."""
    top = min(need - 1, r0) if w0 else 0
    short = 0
    wc = 1
    for c in range(top + 1):
        coef = math.comb(r0, c) * wc
        short += coef * b_pow(0, r0 - c)
        if moves is not None:
            key = (jvec[0] + c,)
            moved = (poly * coef) << (c * unit) if c else poly
            moves[key] = moves.get(key, 0) + moved
        wc *= w0
    return short


def _short_mixed(jvec, poly, r: list[int], w: list[int], need: int, unit: int, b_pow, moves) -> int:
    """:func:`_short_one_kind` for a pool of several kinds of dice: every split of fewer than
    ``need`` dice showing this outcome among the kinds."""
    T = len(r)
    comb = math.comb
    short = 0
    caps = [r[t] if w[t] else 0 for t in range(T)]
    for cvec in _vectors(caps, need - 1):
        coef = 1
        rest = 1
        for t in range(T):
            c = cvec[t]
            if c:
                coef *= comb(r[t], c) * w[t] ** c
            rest *= b_pow(t, r[t] - c)
        short += coef * rest
        if moves is not None:
            key = tuple(j + c for j, c in zip(jvec, cvec, strict=True))
            sc = sum(cvec)
            moved = (poly * coef) << (sc * unit) if sc else poly
            moves[key] = moves.get(key, 0) + moved
    return short


# ---- success counting ---------------------------------------------------------------------


def _split(die: Dist, op: str, threshold: int) -> tuple[int, int]:
    test = COMPARISONS[op]
    yes = sum(w for o, w in die.items() if test(o, threshold))
    return yes, die.total - yes


def success_count(groups: Sequence[tuple[Dist, int]], op: str, threshold: int) -> Dist:
    """How many dice of the pool satisfy ``face op threshold`` (a sum of binomials)."""
    out: Dist | None = None
    for die, n in groups:
        yes, no = _split(die, op, threshold)
        if n == 0:
            continue
        # Certain counts get weight 1: yes**n or no**n would only be a huge scale factor.
        if yes == 0:
            part = Dist._raw((0,), (1,))
        elif no == 0:
            part = Dist._raw((n,), (1,))
        else:
            part = _binomial(n, yes, no)
        out = part if out is None else out + part
    return Dist.constant(0) if out is None else out


def _binomial(n: int, yes: int, no: int) -> Dist:
    """Weights C(n, c) yes^c no^(n-c) for c = 0..n, built term by term."""
    ws = [0] * (n + 1)
    term = no**n
    ws[0] = term
    for c in range(1, n + 1):
        # C(n,c)/C(n,c-1) = (n-c+1)/c; exact because the running term stays an integer.
        term = term * (n - c + 1) * yes // (c * no)
        ws[c] = term
    return Dist._raw(tuple(range(n + 1)), tuple(ws))


def success_count_cost(groups: Sequence[tuple[Dist, int]]) -> float:
    n_total = sum(n for _, n in groups)
    bits = sum(n * math.log2(max(d.total, 2)) for d, n in groups)
    return (n_total + 1) * (1.0 + bits / 1500) * max(1, len(groups))


def kept_success_count(
    groups: Sequence[tuple[Dist, int]], kind: str, k: int, op: str, threshold: int
) -> Dist | None:
    """Successes among the kept dice, for thresholds (>= > <= <); None for = and !=.

    With a threshold the successes are a top (or bottom) block of the sorted dice, so the count
    among the kept dice follows from the count among all dice.
    """
    if op not in (">=", ">", "<=", "<"):
        return None
    n = sum(c for _, c in groups)
    keep_high = kind in ("kh", "dl")
    kept = k if kind in ("kh", "kl") else n - k
    kept = max(0, min(kept, n))
    high_successes = op in (">=", ">")
    every = success_count(groups, op, threshold)
    if keep_high == high_successes:
        return every.map(lambda c: min(c, kept))
    return every.map(lambda c: max(0, c - (n - kept)))
