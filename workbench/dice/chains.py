"""Exact absorbing Markov chains: how long a repeated process takes to finish.

A chain is a set of states with integer (or Fraction) transition weights per row. A state with
no way out, or whose only way out leads back to itself, is absorbing.

Mean time to absorption solves (I - Q) t = 1 on the transient block. Game processes are mostly
one-way (dodge only falls, health only drops), so the solver splits the transient states into
strongly connected components and solves them from the end backwards: a component of one state
is a single exact division, and only genuine cycles need (small) exact Gaussian elimination.
This is linear in the number of transitions for the usual chains, where a dense solve would be
cubic in the number of states.

P(absorbed by step k) iterates the state distribution with integer numerators over a common
denominator, so it stays exact without Fraction overhead.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

# polars loads in the functions that make frames: exact answers need none of it.
if TYPE_CHECKING:
    import polars as pl

__all__ = ["AbsorbingChain"]

MAX_STEPS = 5_000  # absorbed_by: a second or two for a small chain

Weight = int | Fraction


def _integer_row(row: Mapping[Hashable, Weight]) -> tuple[dict[Hashable, int], int]:
    """Scale a row of int/Fraction weights to integers; returns (weights, their total)."""
    denominators = [w.denominator for w in row.values() if isinstance(w, Fraction)]
    scale = math.lcm(*denominators) if denominators else 1
    out: dict[Hashable, int] = {}
    for s, w in row.items():
        if w < 0:
            raise ValueError(f"negative transition weight {w!r} to {s!r}")
        v = w * scale
        if isinstance(v, Fraction):
            v = v.numerator
        v = int(v)
        if v:
            out[s] = out.get(s, 0) + v
    return out, sum(out.values())


class AbsorbingChain:
    """An immutable absorbing Markov chain with a start distribution.

    ``transitions`` maps each state to ``{next_state: weight}`` (ints or Fractions, any
    scale) or a :class:`~workbench.dice.Dist`-like mapping. ``start`` is one state or a
    ``{state: weight}`` mapping.

    By default states that never appear as keys, have empty rows, or only lead to themselves
    are absorbing. Pass ``absorbing`` (a predicate) to name them instead; then a state stuck in
    a loop without reaching one counts as never absorbed (``mean_steps()`` is ``math.inf``).
    """

    def __init__(
        self,
        transitions: Mapping[Hashable, Mapping[Hashable, Weight]],
        start: Hashable | Mapping[Hashable, Weight],
        *,
        absorbing: Callable[[Any], bool] | None = None,
    ):
        rows: dict[Hashable, tuple[dict[Hashable, int], int]] = {}
        for state, row in transitions.items():
            if absorbing is not None and absorbing(state):
                continue
            weights, total = _integer_row(row)
            if total == 0 or (absorbing is None and set(weights) == {state}):
                continue  # absorbing
            rows[state] = (weights, total)
        self._rows = rows
        if isinstance(start, Mapping):
            self._start, self._start_total = _integer_row(start)
        else:
            self._start, self._start_total = {start: 1}, 1
        if self._start_total == 0:
            raise ValueError("the start distribution has no weight")

    @classmethod
    def from_function(
        cls,
        start: Hashable,
        step: Callable[[Any], Mapping[Hashable, Weight] | None],
        *,
        absorbing: Callable[[Any], bool] | None = None,
        max_states: int = 1_000_000,
    ) -> AbsorbingChain:
        """Explore every state reachable from ``start``; ``step(state)`` gives its next states.

        ``step`` returns ``{next_state: weight}`` (a :class:`Dist` works too), or ``None`` /
        an empty mapping for an absorbing state.
        """
        transitions: dict[Hashable, Mapping[Hashable, Weight]] = {}
        frontier = [start]
        seen = {start}
        while frontier:
            state = frontier.pop()
            if absorbing is not None and absorbing(state):
                continue
            row = step(state)
            if not row:
                continue
            row = dict(row.items())
            transitions[state] = row
            for nxt in row:
                if nxt not in seen:
                    seen.add(nxt)
                    if len(seen) > max_states:
                        raise ValueError(f"more than {max_states} reachable states")
                    frontier.append(nxt)
        return cls(transitions, start, absorbing=absorbing)

    # ---- structure ---------------------------------------------------------------------

    @property
    def transient_states(self) -> list[Hashable]:
        return list(self._rows)

    @property
    def absorbing_states(self) -> list[Hashable]:
        targets = set(self._start)
        for weights, _ in self._rows.values():
            targets.update(weights)
        return [s for s in targets if s not in self._rows]

    def _reachable(self) -> list[Hashable]:
        order, seen = [], set()
        stack = [s for s in self._start if s in self._rows]
        seen.update(stack)
        while stack:
            s = stack.pop()
            order.append(s)
            for t in self._rows[s][0]:
                if t in self._rows and t not in seen:
                    seen.add(t)
                    stack.append(t)
        return order

    def _can_finish(self, states: list[Hashable]) -> set[Hashable]:
        """Transient states (among ``states``) from which absorption has positive chance."""
        preds: dict[Hashable, list[Hashable]] = {s: [] for s in states}
        ok: set[Hashable] = set()
        stack = []
        for s in states:
            for t in self._rows[s][0]:
                if t in self._rows:
                    if t in preds:
                        preds[t].append(s)
                elif s not in ok:
                    ok.add(s)
                    stack.append(s)
        while stack:
            s = stack.pop()
            for p in preds[s]:
                if p not in ok:
                    ok.add(p)
                    stack.append(p)
        return ok

    def absorbs_surely(self) -> bool:
        """True when absorption happens with probability 1."""
        states = self._reachable()
        return len(self._can_finish(states)) == len(states)

    # ---- mean time ---------------------------------------------------------------------

    def _components(self, states: list[Hashable]) -> list[list[Hashable]]:
        """Strongly connected components, sinks first (iterative Tarjan)."""
        index: dict[Hashable, int] = {}
        low: dict[Hashable, int] = {}
        on_stack: set[Hashable] = set()
        stack: list[Hashable] = []
        comps: list[list[Hashable]] = []
        counter = 0
        for root in states:
            if root in index:
                continue
            work = [(root, iter(self._rows[root][0]))]
            index[root] = low[root] = counter
            counter += 1
            stack.append(root)
            on_stack.add(root)
            while work:
                v, it = work[-1]
                advanced = False
                for w in it:
                    if w not in self._rows:
                        continue
                    if w not in index:
                        index[w] = low[w] = counter
                        counter += 1
                        stack.append(w)
                        on_stack.add(w)
                        work.append((w, iter(self._rows[w][0])))
                        advanced = True
                        break
                    if w in on_stack:
                        low[v] = min(low[v], index[w])
                if advanced:
                    continue
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on_stack.discard(w)
                        comp.append(w)
                        if w == v:
                            break
                    comps.append(comp)
        return comps

    def _solve(self, value_of_step: Callable[[Hashable], Fraction]) -> dict[Hashable, Fraction]:
        """x(s) = c(s) + sum_t P(s,t) x(t), with x = 0 on absorbing states."""
        states = self._reachable()
        x: dict[Hashable, Fraction] = {}
        for comp in self._components(states):
            members = set(comp)
            if len(comp) == 1:
                s = comp[0]
                weights, total = self._rows[s]
                loop = weights.get(s, 0)
                acc = value_of_step(s) * total
                for t, w in weights.items():
                    if t != s and t in x:
                        acc += w * x[t]
                x[s] = acc / (total - loop)
                continue
            x.update(self._solve_block(comp, members, x, value_of_step))
        return x

    def _solve_block(self, comp, members, known, value_of_step) -> dict[Hashable, Fraction]:
        # Exact Gaussian elimination on one cycle-containing component (rows scaled to ints).
        pos = {s: i for i, s in enumerate(comp)}
        m = len(comp)
        a = [[Fraction(0)] * (m + 1) for _ in range(m)]
        for s in comp:
            i = pos[s]
            weights, total = self._rows[s]
            a[i][i] += total
            rhs = value_of_step(s) * total
            for t, w in weights.items():
                if t in members:
                    a[i][pos[t]] -= w
                elif t in known:
                    rhs += w * known[t]
            a[i][m] = Fraction(rhs)
        for col in range(m):
            pivot = next((r for r in range(col, m) if a[r][col] != 0), None)
            if pivot is None:
                raise ZeroDivisionError("singular block: absorption is not certain")
            a[col], a[pivot] = a[pivot], a[col]
            inv = 1 / a[col][col]
            row = [v * inv for v in a[col]]
            a[col] = row
            for r in range(m):
                if r != col and a[r][col] != 0:
                    f = a[r][col]
                    a[r] = [v - f * p for v, p in zip(a[r], row, strict=True)]
        return {s: a[pos[s]][m] for s in comp}

    def mean_steps(self) -> Fraction | float:
        """Expected number of steps until absorption; ``math.inf`` if it may never happen."""
        if not self.absorbs_surely():
            return math.inf
        times = self._solve(lambda s: Fraction(1))
        acc = sum((w * times.get(s, 0) for s, w in self._start.items()), Fraction(0))
        return acc / self._start_total

    def absorption_probabilities(self) -> dict[Hashable, Fraction]:
        """Chance of ending in each absorbing state (they sum to 1 if absorption is certain)."""
        states = self._reachable()
        finishing = self._can_finish(states)
        out: dict[Hashable, Fraction] = {}
        for target in self.absorbing_states:

            def direct(s, target=target):
                weights, total = self._rows[s]
                return Fraction(weights.get(target, 0), total)

            if len(finishing) != len(states):
                # With doomed states the linear system is singular; no exact answer this way.
                raise ValueError("absorption is not certain from every reachable state")
            x = self._solve(direct)
            p = Fraction(self._start.get(target, 0), self._start_total)
            p += (
                sum(
                    (w * x.get(s, 0) for s, w in self._start.items() if s in self._rows),
                    Fraction(0),
                )
                / self._start_total
            )
            if p:
                out[target] = p
        return out

    # ---- time distribution -------------------------------------------------------------

    def absorbed_by(self, max_steps: int) -> list[Fraction]:
        """``[P(absorbed within k steps) for k in 0..max_steps]``, exact, for up to
        MAX_STEPS steps (each step's exact weights are longer than the last's)."""
        if (
            isinstance(max_steps, bool)
            or not isinstance(max_steps, int)
            or not (0 <= max_steps <= MAX_STEPS)
        ):
            raise ValueError(
                f"max_steps: give a whole number from 0 to {MAX_STEPS:,}, not {max_steps!r}"
            )
        states = self._reachable()
        scale = math.lcm(*(self._rows[s][1] for s in states)) if states else 1
        # Rows rescaled to the common total so each step multiplies the denominator by `scale`.
        rows = {
            s: [(t, w * (scale // self._rows[s][1])) for t, w in self._rows[s][0].items()]
            for s in states
        }
        denom = self._start_total
        current = {s: w for s, w in self._start.items() if s in self._rows}
        absorbed = self._start_total - sum(current.values())
        out = [Fraction(absorbed, denom)]
        for _ in range(max_steps):
            nxt: dict[Hashable, int] = {}
            absorbed *= scale
            for s, mass in current.items():
                for t, w in rows[s]:
                    if t in self._rows:
                        nxt[t] = nxt.get(t, 0) + mass * w
                    else:
                        absorbed += mass * w
            denom *= scale
            current = nxt
            out.append(Fraction(absorbed, denom))
        return out

    def steps_distribution(self, max_steps: int = 100) -> pl.DataFrame:
        """One row per step count 0..max_steps: ``steps``, ``p`` (absorbed at exactly that
        step), ``p_absorbed_by`` (within that many steps); ``p_absorbed_by`` of the last row
        falls short of 1 by the chance of still going after ``max_steps``.
        """
        cum = self.absorbed_by(max_steps)
        # Neighbouring pairs: one pair fewer than steps.
        pmf = [cum[0]] + [b - a for a, b in zip(cum, cum[1:], strict=False)]
        import polars as pl

        return pl.DataFrame(
            {
                "steps": pl.Series(range(max_steps + 1), dtype=pl.Int64),
                "p": pl.Series([float(p) for p in pmf], dtype=pl.Float64),
                "p_absorbed_by": pl.Series([float(c) for c in cum], dtype=pl.Float64),
            }
        )

    def __repr__(self) -> str:
        return (
            f"AbsorbingChain({len(self._rows)} transient states, "
            f"{len(self.absorbing_states)} absorbing)"
        )
