"""A surrogate of the win rates over card changes, for `rebalance`: where to spend games.

Every proposal `rebalance` plays (the design as it is, each screening step, each search
trial) plays the same seeds, so their win counts differ by the changes, not by luck. A
weighted least-squares fit (statsmodels) of each target's empirical logit on the changes,
each measured as a share of its cell's span, predicts any combination of the cells from
those counts: a change's effect on a rate is taken to add on the logit scale. The
combination it predicts nearest the targets, not yet played, is the next one tried, beside
Optuna's own proposals; and each verified proposal is shown with what it predicted, so a
designer sees how far the fit can be trusted.
"""

from __future__ import annotations

import itertools
import math

import numpy as np

GRID = 9  # positions tried across each cell's range for a combination of several cells
TOP = 4  # the cells the fit moves most, combined in pairs and threes


class Surrogate:
    """Fitted to played proposals: `add(changes, counts)` then `fit()`; `predict(changes)`
    gives {who: rate}. `cells` are rebalance's _Cell objects by key text."""

    def __init__(self, cells: dict, targets: dict):
        self.cells, self.targets = cells, targets
        self.names = sorted(cells)
        self.rows: list[tuple[np.ndarray, dict]] = []
        self.coef: dict[str, np.ndarray] = {}

    def _x(self, changes) -> np.ndarray:
        x = np.zeros(len(self.names) + 1)
        x[0] = 1.0
        for key, value in changes:
            cell = self.cells.get(key.text)
            if cell is not None:
                x[1 + self.names.index(key.text)] = (value - cell.now) / cell.span
        return x

    def add(self, changes, counts) -> None:
        if counts is not None and all(key.text in self.cells for key, _ in changes):
            self.rows.append((self._x(changes), counts))

    def fit(self) -> bool:
        """Fit each target; False while there are too few proposals to fit the cells."""
        from statsmodels.regression.linear_model import WLS

        if len(self.rows) < 2:
            return False
        X = np.array([x for x, _ in self.rows])
        for who in self.targets:
            wins = np.array([c[who][0] for _, c in self.rows], float)
            games = np.array([c[who][1] for _, c in self.rows], float)
            if not games.any():
                return False
            # The empirical logit (a half added to each side) and its inverse variance as
            # weight: a proposal with no decided game says nothing (weight 0).
            logit = np.log((wins + 0.5) / (games - wins + 0.5))
            weight = (wins + 0.5) * (games - wins + 0.5) / (games + 1)
            weight[games == 0] = 0.0
            used = X[:, np.abs(X).sum(axis=0) > 0]  # a cell never moved is not fitted
            fitted = WLS(logit, used, weights=weight).fit()
            coef = np.zeros(X.shape[1])
            coef[np.abs(X).sum(axis=0) > 0] = fitted.params
            self.coef[who] = coef
        return True

    def predict(self, changes) -> dict:
        x = self._x(changes)
        return {who: 1 / (1 + math.exp(-float(x @ b))) for who, b in self.coef.items()}

    def miss(self, changes) -> float:
        rates = self.predict(changes)
        return max(abs(rates[who] - rate) for who, rate in self.targets.items())

    def best(self, max_changes: int, tried) -> list | None:
        """The untried combination of at most `max_changes` changes it predicts nearest the
        targets (fewer and smaller changes first among near ties), or None."""
        if not self.coef:
            return None
        moved = sorted(
            self.names,
            key=lambda n: -max(abs(b[1 + self.names.index(n)]) for b in self.coef.values()),
        )
        candidates = []
        for name in self.names:  # one change: every value the search may give the cell
            cell = self.cells[name]
            candidates += [
                [(cell.key, v)] for v in range(cell.at(-1.0), cell.at(1.0) + 1) if v != cell.now
            ]
        for k in range(2, min(max_changes, TOP) + 1):
            for names in itertools.combinations(moved[:TOP], k):
                grids = [
                    sorted(
                        {self.cells[n].at(w) for w in np.linspace(-1, 1, GRID)}
                        - {self.cells[n].now}
                    )
                    for n in names
                ]
                for values in itertools.product(*grids):
                    candidates.append(
                        sorted(
                            ((self.cells[n].key, v) for n, v in zip(names, values, strict=True)),
                            key=lambda kv: kv[0].text,
                        )
                    )
        scored = [
            (round(self.miss(c), 3), len(c), sum(self.cells[k.text].size(v) for k, v in c), c)
            for c in candidates
            if tuple(c) not in tried
        ]
        if not scored:
            return None
        return min(scored, key=lambda s: s[:3])[3]
