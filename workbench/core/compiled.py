"""Python's random module, Dist.pick, Deck.put and take, list.remove and simulate.tension in
compiled code, for the games' batch kernels.

A kernel must give the very rows the rules engine gives, so it draws from the same Mersenne
Twister streams a Match draws from (random.Random(seed) and random.Random(bot_seed(seed))),
word for word, and resolves a chance point by the same cumulative walk as Dist.pick.
"""

from __future__ import annotations

from functools import partial

import numpy as np
from numba import njit, types
from numba.core import config
from numba.extending import intrinsic

from .bots import random_bot

# A kernel's rules and bot functions read and write the arrays they are given and never make
# one, so they are compiled without numba's reference counts (its private `_nrt` option,
# stable within the numba release pyproject.toml pins). With them, every call counts each
# array it passes up and down again: two atomic operations an array, which in a profile (perf)
# was a fifth of an Armies game's time and half of a Location CCG game's, whose helpers pass a
# dozen arrays. numba compiles whatever such a function calls the same way, and refuses one
# that makes an array (or copies a slice onto a slice): those, and their callers, keep plain
# `njit`.
no_counts = partial(njit, cache=True, _nrt=False)


@intrinsic
def _pointer(typingctx, array):
    if not (isinstance(array, types.Array) and array.layout == "C"):
        return None

    def codegen(context, builder, signature, args):
        return context.make_array(signature.args[0])(context, builder, args[0]).data

    return types.CPointer(array.dtype)(array), codegen


@njit(cache=True, inline="always")
def _itself(array):
    return array


# A C-contiguous array's data as a pointer, indexed as the array is (`P[i]`, `P[i] = v`) but as
# C indexes: numba checks every signed index into an array for a negative one, to count it from
# the end, and a kernel that reads its game vector a few thousand times a decision never uses
# one. The pointer does not keep the array alive: its caller holds the array until the
# pointer's last use. A too large index reads other memory rather than failing, so with
# numba's bounds checks on (NUMBA_BOUNDSCHECK=1, tests/core/test_kernels_in_bounds.py) this
# gives the array itself, whose every index is then checked.
data_pointer = _itself if config.BOUNDSCHECK else _pointer


MT_SIZE = 625  # 624 words of state and the position of the next word

_N, _M = 624, 397
_MASK = 0xFFFFFFFF


def _genrand(s: int) -> np.ndarray:
    """init_genrand(s), the state init_by_array starts from."""
    mt = [s]
    for i in range(1, _N):
        mt.append((1812433253 * (mt[-1] ^ (mt[-1] >> 30)) + i) & _MASK)
    return np.array(mt, np.int64)


# The same 624 words start every seeding: worked out once, they save a third of it (a game
# seeds two streams, and the shortest games take only some ten times as long as that).
_START = _genrand(19650218)


@njit(cache=True)
def mt_seed(mt, seed):
    """random.Random(seed) for 0 <= seed < 2**63: init_by_array over the seed's 32-bit words."""
    for i in range(_N):  # (a slice copied onto a slice needs numba's reference counts)
        mt[i] = _START[i]
    low, high = seed & _MASK, seed >> 32  # the key's words
    klen = 2 if high else 1
    i, j = 1, 0
    for _ in range(max(_N, klen)):
        mt[i] = (
            (mt[i] ^ (((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525) & _MASK))
            + (high if j else low)
            + j
        ) & _MASK
        i += 1
        j += 1
        if i >= _N:
            mt[0] = mt[_N - 1]
            i = 1
        if j >= klen:
            j = 0
    for _ in range(_N - 1):
        mt[i] = ((mt[i] ^ (((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941) & _MASK)) - i) & _MASK
        i += 1
        if i >= _N:
            mt[0] = mt[_N - 1]
            i = 1
    mt[0] = 0x80000000
    mt[_N] = _N  # position of the next word


@njit(cache=True)
def _mt_twist(mt):
    """The next 624 words, made all at once (every 624th draw). Three loops instead of one
    with a remainder per word: the words past the end wrap to the start."""
    for kk in range(_N - _M):
        y = (mt[kk] & 0x80000000) | (mt[kk + 1] & 0x7FFFFFFF)
        mt[kk] = mt[kk + _M] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
    for kk in range(_N - _M, _N - 1):
        y = (mt[kk] & 0x80000000) | (mt[kk + 1] & 0x7FFFFFFF)
        mt[kk] = mt[kk + _M - _N] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
    y = (mt[_N - 1] & 0x80000000) | (mt[0] & 0x7FFFFFFF)
    mt[_N - 1] = mt[_M - 1] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
    mt[_N] = 0


# mt_word and mt_random are inlined where they are called: a heuristic bot draws once per
# option it scores, and a call passing the state vector costs two atomic reference counts,
# which with mt_random calling mt_word twice cost more than the draw itself.
@njit(cache=True, inline="always")
def mt_word(mt):
    if mt[_N] >= _N:
        _mt_twist(mt)
    y = mt[mt[_N]]
    mt[_N] += 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return y & _MASK


@njit(cache=True, inline="always")
def mt_random(mt):
    """random.Random.random(): 53 bits from two words."""
    a = mt_word(mt) >> 5
    b = mt_word(mt) >> 6
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)


@njit(cache=True)
def pick_cum(cum, length, u):
    """Dist.pick: the first index whose cumulative weight exceeds int(u * total)."""
    x = int(u * cum[length - 1])
    for i in range(length):
        if cum[i] > x:
            return i
    return length - 1


@njit(cache=True)
def tension(scores, n, winner):
    """simulate.tension from seat 0's score after each of a game's n decisions:
    (lead changes, decisiveness, drama)."""
    changes = 0
    last = 0
    for i in range(n):
        x = scores[i]
        sign = 1 if x > 0.5 else -1 if x < 0.5 else 0
        if sign != 0 and last != 0 and sign != last:
            changes += 1
        if sign != 0:
            last = sign
    if n == 0 or (winner != 0 and winner != 1):
        return changes, 0.0, 0.0
    ahead_since = n
    while ahead_since > 0:
        x = scores[ahead_since - 1]
        if (x if winner == 0 else 1 - x) <= 0.5:
            break
        ahead_since -= 1
    drama = 0.0
    for i in range(n):
        x = scores[i] if winner == 0 else 1 - scores[i]
        drama += max(0.0, 0.5 - x)
    return changes, (n - ahead_since) / n, drama / n


@njit(cache=True)
def list_remove(S, start, size_at, v):
    """list.remove(v) on the list S[start:start + S[size_at]], its length kept in
    S[size_at]: the first item equal to v goes and the rest move up. False when v is not
    there."""
    n = S[size_at]
    for i in range(n):
        if S[start + i] == v:
            for j in range(i, n - 1):
                S[start + j] = S[start + j + 1]
            S[size_at] = n - 1
            return True
    return False


@njit(cache=True)
def deck_put(ids, cnt, n, card):
    """Deck.put of one copy, on a deck held as its first n (card, copies) pairs in entry
    order: a card already there gains a copy where it stands, a new one joins at the end.
    Returns the new length, or -1 when a new card finds no room."""
    for i in range(n):
        if ids[i] == card:
            cnt[i] += 1
            return n
    if n >= len(ids):
        return -1
    ids[n] = card
    cnt[n] = 1
    return n + 1


@njit(cache=True)
def deck_take_at(ids, cnt, n, i):
    """Deck.take of the card at i (as Dist.pick found it): a card with no copies left leaves
    the deck, so a later put enters it last. Returns the new length."""
    cnt[i] -= 1
    if cnt[i]:
        return n
    for k in range(i, n - 1):
        ids[k] = ids[k + 1]
        cnt[k] = cnt[k + 1]
    return n - 1


def kernel_bots(
    bots: dict, seats: int, codes: dict, seeds, max_decisions: int, trace: bool
) -> list[int] | str:
    """The kernel's code (from `codes`, by bot) of each seat's bot, a seat without one
    playing the random bot; or why the batch is the rules engine's: a bot the kernel does
    not copy, no seeds, or seeds or a decision cap wider than a kernel's 64-bit integers (a
    traced game keeps a score per decision in memory, so its cap is lower)."""
    out = [codes.get(bots.get(seat, random_bot)) for seat in range(seats)]
    if None in out:
        from .bots import bot_name

        seat = out.index(None)
        return f"the bot {bot_name(bots[seat])} of seat {seat + 1} is not compiled"
    if not len(seeds):
        return "no games to play"
    if any(not 0 <= s < 2**63 for s in seeds):
        return "a seed is wider than the kernel's integers"
    if max_decisions > (10**6 if trace else 10**12):
        return f"max_decisions {max_decisions:,} is beyond the kernel's room"
    return out


def rule_numbers(rules: dict, table: dict, width: int, least: int = 0) -> np.ndarray | str:
    """The rule variants as the vector of numbers a kernel reads, or why not: a key or a
    value the kernel does not play. `table` maps each key to (its place in the vector, or
    None where the kernel need not read it; {value: number}, or None for any whole number
    from `least` up). A value matches only one of its own type: True is not 1 here."""
    R = np.zeros(width, np.int64)
    for name, value in rules.items():
        if name not in table:
            return f"variant {name} is not compiled"
        at, values = table[name]
        if values is None:
            if isinstance(value, bool) or not isinstance(value, int) or value < least:
                return f"variant {name} = {value!r} is not compiled"
            number = value
        else:
            number = next(
                (n for v, n in values.items() if v == value and type(v) is type(value)), None
            )
            if number is None:
                return f"variant {name} = {value!r} is not compiled"
        if at is not None:
            R[at] = number
    return R


def tension_columns(lead_changes, outf, timed_out) -> dict:
    """A traced batch's lead changes, decisiveness and drama (outf's two columns) as frame
    columns, empty where a game timed out, as the rules engine's rows have them."""
    columns = {"lead_changes": lead_changes, "decisiveness": outf[:, 0], "drama": outf[:, 1]}
    if not timed_out.any():
        return columns
    at = np.flatnonzero(timed_out)
    import polars as pl

    return {k: pl.Series(k, v).scatter(at, None) for k, v in columns.items()}


def kept(frame, ok):
    """A kernel's rows without the games it had no room for (`ok` false): the rules engine
    plays those (sim.simulate.Batch.play)."""
    if ok.all():
        return frame
    import polars as pl

    return frame.filter(pl.Series(ok))
