"""Paying skill (R-12, R-13): whether a cost can be paid from the skill of some pieces, and
the choices of who pays what.

A cost is `generic` points from any domain plus `letters[d]` points of each domain d. A way to
pay says how many points each paying piece gives from each domain; two ways differ when any
piece gives different points, since that changes what is left for later. When a card is played
through a primary piece, that piece gives at least one point itself.

A `Payment` walks the payers' (piece, domain) pairs in a fixed order and asks, for each, how
many points it gives; a pair with only one possible answer is settled without asking, so every
way to pay is reached by exactly one path and a cost with one way to pay needs no decision.
"""

from __future__ import annotations

from collections.abc import Sequence

Plan = tuple[tuple[int, int, int], ...]  # ((piece id, domain index, points), ...)


def payable(generic: int, letters: Sequence[int], pool: Sequence[int],
            primary: Sequence[int] | None = None) -> bool:
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

    __slots__ = ("generic", "letters", "cells", "taken", "i", "primary", "_left")

    def __init__(self, generic: int, letters: Sequence[int],
                 payers: Sequence[tuple[int, Sequence[int]]], primary: int | None = None):
        self.generic = generic
        self.letters = tuple(letters)
        # Only domains that can pay something: a needed letter, or any domain if generic.
        self.cells = tuple((pid, d, skill[d]) for pid, skill in payers for d in range(5)
                           if skill[d] and (letters[d] or generic))
        self.taken: list[int] = []
        self.i = 0
        self.primary = primary
        n = len(self.cells)
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
        p.generic, p.letters, p.cells, p.primary, p._left = (
            self.generic, self.letters, self.cells, self.primary, self._left)
        p.taken, p.i = list(self.taken), self.i
        return p

    def __deepcopy__(self, memo) -> Payment:
        return self.copy()

    # -- where we are -------------------------------------------------------------------
    def _given(self) -> tuple[list[int], int, bool]:
        given = [0] * 5
        paid_primary = False
        for (pid, d, _), x in zip(self.cells, self.taken):
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
    def asking(self) -> tuple[int, int]:
        """(piece id, domain index) whose share is being chosen."""
        pid, d, _ = self.cells[self.i]
        return pid, d

    def choices(self) -> list[int]:
        """The points the pair being asked may give, most first."""
        given, rest, paid = self._given()
        pid, d, cap = self.cells[self.i]
        out = []
        for x in range(min(cap, rest), -1, -1):
            given[d] += x
            if self._completes(self.i + 1, rest - x, given, paid or (x > 0 and pid == self.primary)):
                out.append(x)
            given[d] -= x
        return out

    def choose(self, x: int) -> None:
        self.taken.append(x)
        self.i += 1
        self._settle()

    def plan(self) -> Plan:
        return tuple((pid, d, x) for (pid, d, _), x in zip(self.cells, self.taken) if x)

    # -- the walk -----------------------------------------------------------------------
    def _settle(self) -> None:
        """Answer every pair that has only one possible share."""
        while not self.done:
            options = self.choices()
            if len(options) != 1:
                return
            self.taken.append(options[0])
            self.i += 1

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


def plans(generic: int, letters: Sequence[int], payers: Sequence[tuple[int, Sequence[int]]],
          primary: int | None = None, limit: int = 10_000) -> list[Plan]:
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
