"""What `rebalance` measures a proposal by: each target's win rate (a side's, a seat's or the
party's), counted from games of every seat order of the sides, and how far it misses.
"""

from __future__ import annotations

from ..core.errors import SetupError, shortened
from .balance import seat_orders
from .stats import wilson

TOLERANCE = 0.05  # a target is reached when the verified rate is this close


class Measure:
    """What a proposal is measured by: each target's rate, from games of every seat order."""

    def __init__(self, g, base, targets):
        self.g, self.base = g, base
        setup = base.setup
        seats = g.num_seats(setup)
        self.together = g.traits.cooperative or seats == 1
        sides = None if self.together else g.traits.sides
        if sides and len(set(setup[sides])) < len(setup[sides]):
            sides = None
        self.sides = sides
        if sides:
            names = list(setup[sides])
            self.orders = seat_orders(names)
            default = dict.fromkeys(names, 1 / len(names))
        else:
            self.orders = [None]
            default = (
                {"the party": 0.5}
                if self.together
                else {f"seat {s + 1}": 1 / seats for s in range(seats)}
            )
        if targets is None:
            targets = default
        if not isinstance(targets, dict) or not targets:
            raise SetupError(
                f"targets: give a dict such as {default}, not {shortened(repr(targets))}"
            )
        for who, rate in targets.items():
            if who not in default:
                raise SetupError(f"targets: {who!r} is not one of {', '.join(default)}")
            if isinstance(rate, bool) or not isinstance(rate, (int, float)) or not 0 <= rate <= 1:
                raise SetupError(f"targets[{who!r}]: give a win rate from 0 to 1, not {rate!r}")
        self.targets = {k: float(v) for k, v in targets.items()}

    def batches(self, cards):
        from dataclasses import replace

        for order in self.orders:
            setup = (
                self.base.setup
                if order is None
                else self.g.check_setup({**self.base.setup, self.sides: order})
            )
            yield replace(self.base, cards=cards, setup=setup)

    def counts(self, parts) -> dict:
        """{who: (wins, games it is counted over)}."""
        out = {who: [0, 0] for who in self.targets}
        for j, rows in parts:
            if self.together:
                out["the party"][0] += int((rows["outcome"] == "win").sum())
                out["the party"][1] += rows.height
                continue
            decided = int((rows["winner"] >= 0).sum())
            for who in self.targets:
                seat = (
                    self.orders[j].index(who) if self.sides else int(who.removeprefix("seat ")) - 1
                )
                out[who][0] += int((rows["winner"] == seat).sum())
                out[who][1] += decided
        return {k: tuple(v) for k, v in out.items()}

    def rates(self, parts) -> dict:
        return self.counts(parts)

    def miss(self, counts) -> float:
        if counts is None:
            return 1.0
        # No decided game says nothing of balance: as far from any target as can be.
        return max(abs(w / n - self.targets[who]) if n else 1.0 for who, (w, n) in counts.items())

    def row(self, changes, counts, words, size) -> dict:
        row = {"changes": words, "number of changes": len(changes), "size": size}
        reached = True
        for who, (w, n) in counts.items():
            low, high = wilson(w, n)
            rate = w / n if n else None
            row[f"{who} wins"] = rate
            row[f"{who} from"], row[f"{who} to"] = low, high
            reached = reached and rate is not None and abs(rate - self.targets[who]) <= TOLERANCE
        # Shares of decided games can be even in a game that is nearly always drawn.
        row["games counted"] = max(n for _, n in counts.values())
        row["largest miss"] = self.miss(counts)
        row["reached"] = reached
        return row
