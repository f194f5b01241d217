"""Paying skill (R-12, R-13): whether a cost can be paid from the skill of some pieces, and
the choices of who pays what.

A cost is `generic` points from any domain plus `letters[d]` points of each domain d. A way to
pay says how many points each paying piece gives from each domain; two ways differ when any
piece gives different points, since that changes what is left for later. When a card is played
through a primary piece, that piece gives at least one point itself.

A `Payment` walks the paying pieces in a fixed order (the primary piece first) and asks, for
each, which points it gives; a piece with only one possible share is settled without asking,
so every way to pay is reached by exactly one path and a cost with one way to pay needs no
decision.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

Plan = tuple[tuple[int, int, int], ...]  # ((piece id, domain index, points), ...)


def payable(
    generic: int, letters: Sequence[int], pool: Sequence[int], primary: Sequence[int] | None = None
) -> bool:
    """Whether `pool` (points per domain of every payer together) covers the cost, with the
    primary piece's own skill (`primary`, if any) able to give at least one point."""
    total = generic
    for d in range(5):
        need = letters[d]
        if pool[d] < need:
            return False
        total += need
    if sum(pool) < total:
        return False
    if primary is None or total == 0:
        return True
    return any(primary[d] and (letters[d] or generic) for d in range(5))


class Payment:
    """Choosing who pays a cost, one (piece, domain) pair at a time."""

    __slots__ = ("generic", "letters", "cells", "taken", "i", "primary", "_left", "_ends")

    def __init__(
        self,
        generic: int,
        letters: Sequence[int],
        payers: Sequence[tuple[int, Sequence[int]]],
        primary: int | None = None,
    ):
        self.generic = generic
        self.letters = tuple(letters)
        # Only domains that can pay something: a needed letter, or any domain if generic.
        self.cells = tuple(
            (pid, d, skill[d])
            for pid, skill in payers
            for d in range(5)
            if skill[d] and (letters[d] or generic)
        )
        self.taken: list[int] = []
        self.i = 0  # the first cell of the piece being asked
        self.primary = primary
        n = len(self.cells)
        # Where each piece's cells end: a piece's share is chosen in one go.
        cells = self.cells
        self._ends = [j + 1 for j in range(n) if j + 1 == n or cells[j + 1][0] != cells[j][0]]
        left = [[0] * 6 for _ in range(n + 1)]
        for i in range(n - 1, -1, -1):
            left[i][:] = left[i + 1]
            _, d, cap = self.cells[i]
            left[i][d] += cap
            left[i][5] += cap
        self._left = left
        self._settle()

    def copy(self) -> Payment:
        p = Payment.__new__(Payment)
        p.generic, p.letters, p.cells, p.primary, p._left, p._ends = (
            self.generic,
            self.letters,
            self.cells,
            self.primary,
            self._left,
            self._ends,
        )
        p.taken, p.i = list(self.taken), self.i
        return p

    def __deepcopy__(self, memo) -> Payment:
        return self.copy()

    # -- where we are -------------------------------------------------------------------
    def _given(self) -> tuple[list[int], int, bool]:
        given = [0] * 5
        paid_primary = False
        # `taken` covers only the cells asked so far, a prefix of `cells`.
        for (pid, d, _), x in zip(self.cells, self.taken, strict=False):
            given[d] += x
            paid_primary = paid_primary or (x > 0 and pid == self.primary)
        rest = self.generic + sum(self.letters) - sum(given)
        return given, rest, paid_primary

    @property
    def possible(self) -> bool:
        """Whether the cost can be paid at all by these payers."""
        given, rest, paid = self._given()
        return self._completes(self.i, rest, given, paid)

    @property
    def done(self) -> bool:
        return self.i >= len(self.cells) or self._given()[1] == 0

    @property
    def asking(self) -> int:
        """The piece whose share is being chosen."""
        return self.cells[self.i][0]

    def choices(self) -> list[tuple[int, ...]]:
        """The shares the piece being asked may give: points per domain (GELTS order), most
        points first."""
        given, rest, paid = self._given()
        end = next(e for e in self._ends if e > self.i)
        mine = self.cells[self.i : end]
        pid = mine[0][0]
        out = []
        for xs in product(*(range(min(cap, rest), -1, -1) for _, _, cap in mine)):
            total = sum(xs)
            if total > rest:
                continue
            for (_, d, _), x in zip(mine, xs, strict=True):
                given[d] += x
            now_paid = paid or (total > 0 and pid == self.primary)
            if self._completes(end, rest - total, given, now_paid):
                share = [0] * 5
                for (_, d, _), x in zip(mine, xs, strict=True):
                    share[d] = x
                out.append(tuple(share))
            for (_, d, _), x in zip(mine, xs, strict=True):
                given[d] -= x
        out.sort(key=lambda share: -sum(share))
        return out

    def choose(self, share: tuple[int, ...]) -> None:
        end = next(e for e in self._ends if e > self.i)
        for _, d, _ in self.cells[self.i : end]:
            self.taken.append(share[d])
        self.i = end
        self._settle()

    def plan(self) -> Plan:
        # A cost paid in full leaves the later cells unasked, so `taken` may be the shorter.
        return tuple(
            (pid, d, x) for (pid, d, _), x in zip(self.cells, self.taken, strict=False) if x
        )

    # -- the walk -----------------------------------------------------------------------
    def _settle(self) -> None:
        """Answer for every piece that has only one possible share."""
        while not self.done:
            options = self.choices()
            if len(options) != 1:
                return
            self.choose(options[0])

    def _completes(self, i: int, rest: int, given: list[int], paid: bool) -> bool:
        """Whether pairs i.. can finish the payment from here."""
        if rest == 0:
            if any(given[d] < self.letters[d] for d in range(5)):
                return False
            return paid or self.primary is None or self._total() == 0
        left = self._left
        if i >= len(self.cells) or left[i][5] < rest:
            return False
        owed = 0
        for d in range(5):
            short = self.letters[d] - given[d]
            if short > 0:
                if left[i][d] < short:
                    return False
                owed += short
        if owed > rest:
            return False
        pid, d, cap = self.cells[i]
        for x in range(min(cap, rest), -1, -1):
            given[d] += x
            ok = self._completes(i + 1, rest - x, given, paid or (x > 0 and pid == self.primary))
            given[d] -= x
            if ok:
                return True
        return False

    def _total(self) -> int:
        return self.generic + sum(self.letters)


def plans(
    generic: int,
    letters: Sequence[int],
    payers: Sequence[tuple[int, Sequence[int]]],
    primary: int | None = None,
    limit: int = 10_000,
) -> list[Plan]:
    """Every way `payers` ((piece id, skill per domain), primary piece first) can pay the cost
    (up to `limit` of them), by walking every choice a Payment offers."""
    out: list[Plan] = []

    def walk(p: Payment) -> None:
        if len(out) >= limit:
            return
        if p.done:
            out.append(p.plan())
            return
        for x in p.choices():
            q = p.copy()
            q.choose(x)
            walk(q)

    start = Payment(generic, letters, payers, primary)
    if start.possible:
        walk(start)
    return out
