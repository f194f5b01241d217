"""Exact integer polynomial kernels: the arithmetic under every distribution.

A distribution over consecutive integers is a polynomial whose coefficients are the (exact,
non-negative) weights. Sums of independent dice are products of polynomials, and n copies are
the n-th power. CPython has no FFT, so the fast exact routes are:

* Kronecker substitution: pack the coefficients into the "digits" of one huge Python int with
  slots wide enough that nothing carries, multiply ints (Karatsuba in C), unpack. Best when the
  factors have many non-zero coefficients and the result is short.
* J.C.P. Miller's recurrence for f**n: each coefficient follows from the previous ones with one
  small-int multiply per non-zero coefficient of f, so the whole power is linear in its length.
  Best for many copies of a small die (200d6, 1000d6).
* For a standard die (all weights equal) f = (1 - x^S) / (1 - x), and the same idea applied to
  that rational function needs only three earlier coefficients, whatever S is.

Every routine here works on plain lists of Python ints, and the cost functions estimate the work
in microseconds on a 2020s laptop core so callers can refuse work before starting it.
"""

from __future__ import annotations

import math
import sys
from array import array

__all__ = [
    "uniform_power",
    "convolve",
    "power",
    "pack",
    "unpack",
    "slot_bytes",
    "convolve_cost",
    "mul_us",
    "power_cost",
]

# Eight-byte slots go through the array module's unsigned 64-bit words ("Q" is 8 bytes on every
# platform CPython supports), which is far faster than slicing bytes and, unlike numpy, costs
# nothing to import: a designer's first answer in a new kernel waits for every import.
_BIG_ENDIAN = sys.byteorder == "big"
assert array("Q").itemsize == 8

# Below this many coefficient pairs a Python double loop beats packing and unpacking.
_DIRECT_PAIRS = 48


def slot_bytes(bound: int) -> int:
    """Bytes per packed slot able to hold any value <= ``bound`` without carrying."""
    nb = (bound.bit_length() + 7) // 8 or 1
    # Eight-byte slots pack and unpack in one call (see _words), which is far faster than slicing.
    return 8 if nb <= 8 else nb


def _words(ws: list[int]) -> array:
    words = array("Q", ws)
    if _BIG_ENDIAN:
        words.byteswap()
    return words


def pack(ws: list[int], nb: int) -> int:
    """Pack non-negative ints into one int, ``nb`` bytes per slot, lowest slot first."""
    if nb == 8 and max(ws, default=0) < (1 << 64):
        return int.from_bytes(_words(ws).tobytes(), "little")
    return int.from_bytes(b"".join(w.to_bytes(nb, "little") for w in ws), "little")


def unpack(x: int, n: int, nb: int) -> list[int]:
    """Inverse of :func:`pack` for ``n`` slots."""
    b = x.to_bytes(n * nb, "little")
    if nb == 8:
        words = array("Q")
        words.frombytes(b)
        if _BIG_ENDIAN:
            words.byteswap()
        return words.tolist()
    return [int.from_bytes(b[i : i + nb], "little") for i in range(0, n * nb, nb)]


def convolve(a: list[int], b: list[int]) -> list[int]:
    """Product of two polynomials with non-negative integer coefficients."""
    la, lb = len(a), len(b)
    if la == 0 or lb == 0:
        return []
    if la * lb <= _DIRECT_PAIRS or min(la, lb) == 1:
        out = [0] * (la + lb - 1)
        for i, x in enumerate(a):
            if x:
                for j, y in enumerate(b):
                    out[i + j] += x * y
        return out
    # Every product coefficient is at most sum(a) * sum(b), so slots that hold that never carry.
    nb = slot_bytes(sum(a) * sum(b))
    return unpack(pack(a, nb) * pack(b, nb), la + lb - 1, nb)


def _is_palindrome(a: list[int]) -> bool:
    return a == a[::-1]


def uniform_power(sides: int, n: int) -> list[int]:
    """Weights of the sum of ``n`` standard ``sides``-sided dice, lowest sum first."""
    if n == 0:
        return [1]
    return _uniform_power(sides, n)


def _uniform_power(sides: int, n: int) -> list[int]:
    """Coefficients of (1 + x + ... + x^(S-1))^n, the sum of n standard dice shifted to 0.

    From P' (1-x)(1-x^S) = n P ((1-x^S) - S x^(S-1) (1-x)):
      k c_k = (k-1+n) c_{k-1} + (k - S - nS) c_{k-S} + (n(S-1) - (k-S-1)) c_{k-S-1}
    The result is symmetric, so only half is computed.
    """
    S = sides
    N = (S - 1) * n
    half = N // 2
    c = [0] * (N + 1)
    c[0] = 1
    for k in range(1, half + 1):
        s = (k - 1 + n) * c[k - 1]
        if k >= S:
            s += (k - S - n * S) * c[k - S]
            if k >= S + 1:
                s += (n * (S - 1) - (k - S - 1)) * c[k - S - 1]
        c[k] = s // k
    for k in range(half + 1, N + 1):
        c[k] = c[N - k]
    return c


def _miller_power(a: list[int], n: int) -> list[int]:
    """f**n by Miller's recurrence; needs a[0] != 0. Linear in len(result) * nnz(f)."""
    m = len(a) - 1
    N = m * n
    a0 = a[0]
    terms = [(i, a[i], (n + 1) * i) for i in range(1, m + 1) if a[i]]
    symmetric = _is_palindrome(a)
    stop = N // 2 if symmetric else N
    c = [0] * (N + 1)
    c[0] = a0**n
    for k in range(1, stop + 1):
        s = 0
        for i, ai, ni in terms:
            if i > k:
                break
            s += (ni - k) * ai * c[k - i]
        c[k] = s // (k * a0)
    if symmetric:
        for k in range(stop + 1, N + 1):
            c[k] = c[N - k]
    return c


def _kronecker_power(a: list[int], n: int) -> list[int]:
    nb = slot_bytes(sum(a) ** n)
    return unpack(pow(pack(a, nb), n), (len(a) - 1) * n + 1, nb)


def power(a: list[int], n: int) -> list[int]:
    """``a`` raised to the n-th power (n >= 0); ``a`` must have non-zero ends."""
    if n == 0:
        return [1]
    if n == 1 or len(a) == 1:
        return [x**n for x in a] if len(a) == 1 else list(a)
    if a[0] == a[-1] and len(set(a)) == 1:
        w = a[0] ** n
        out = _uniform_power(len(a), n)
        return out if w == 1 else [w * x for x in out]
    method = power_cost(a, n)[0]
    if method == "uniform":
        w = a[0] ** n
        out = _uniform_power(len(a), n)
        return out if w == 1 else [w * x for x in out]
    if method == "miller":
        return _miller_power(a, n)
    return _kronecker_power(a, n)


# ---- cost model (microseconds), calibrated on CPython 3.11 ----------------------------------


def _karatsuba_us(digits: float) -> float:
    # One squaring/multiply of numbers with ``digits`` 30-bit digits.
    return 0.0016 * max(digits, 1.0) ** 1.585


def mul_us(bits_a: float, bits_b: float) -> float:
    """Estimated microseconds to multiply ints of these sizes (schoolbook, then Karatsuba)."""
    da, db = max(bits_a, 1.0) / 30, max(bits_b, 1.0) / 30
    small, large = min(da, db), max(da, db)
    if small < 70:
        return 0.05 + 0.0015 * small * large
    return 4.0 * _karatsuba_us(small) * (large / small)


def convolve_cost(len_a: int, len_b: int, total_bits: float) -> float:
    """Estimated microseconds for :func:`convolve` of dense lists of these lengths."""
    if len_a * len_b <= _DIRECT_PAIRS or min(len_a, len_b) == 1:
        return 0.15 * len_a * len_b * (1 + total_bits / 2000)
    slot_bits = max(64.0, total_bits + 8)
    da = len_a * slot_bits / 30
    db = len_b * slot_bits / 30
    small, large = min(da, db), max(da, db)
    mult = mul_us(small * 30, large * 30)
    pack_cost = 2 * (len_a + len_b) * (0.2 + slot_bits / 800)
    return mult + pack_cost


def power_cost(a: list[int], n: int) -> tuple[str, float]:
    """Cheapest method for ``power(a, n)`` and its estimated microseconds."""
    m = len(a) - 1
    N = m * n + 1
    total_bits = n * math.log2(max(sum(a), 2))
    per_coeff = 0.15 + total_bits / 12000
    if len(set(a)) == 1:
        return "uniform", N / 2 * 3 * per_coeff
    nnz = sum(1 for x in a[1:] if x)
    sym = 0.5 if _is_palindrome(a) else 1.0
    miller = N * sym * nnz * per_coeff
    digits = N * max(64.0, total_bits + 8) / 30
    kron = _karatsuba_us(digits) * 1.6 + N * (0.05 + total_bits / 20000)
    return ("miller", miller) if miller <= kron else ("kronecker", kron)
