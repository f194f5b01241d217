"""The what-if view's logic: pick a stat, a range and games per point, run, chart as it fills."""

from __future__ import annotations

import threading

import polars as pl

from ..core.registry import get_game
from ..sim.sweep import sweep


class WhatIfSession:
    """One question: how does the win rate move as one card stat (or rule) changes?"""

    def __init__(self, game: str, cards=None, *, bots=None, seed: int = 0, executor="processes",
                 **setup):
        self.game = get_game(game)
        self.cards = self.game.load_cards() if cards is None else cards
        self.bots, self.seed, self.executor, self.setup = bots, seed, executor, setup
        self.results = pl.DataFrame()
        self.key: str | None = None
        self.stale = False
        self.running = False
        self.runs = 0
        self._stop = threading.Event()

    def stats(self) -> list[str]:
        """Every numeric card stat that can be swept, as "<table>.<card>.<column>"."""
        out = []
        for table in self.cards:
            spec = self.cards.specs[table]
            frame = self.cards[table]
            numeric = [c for c, t in frame.schema.items() if t.is_integer() and c != spec.key]
            for card in frame[spec.key].to_list():
                out.extend(f"{table}.{card}.{c}" for c in numeric)
        return out

    def current(self, key: str):
        table, rest = key.split(".", 1)
        card, column = rest.rsplit(".", 1)
        return self.cards.row(table, card)[column]

    def values(self, start: int, stop: int, step: int = 1) -> list[int]:
        if step <= 0 or stop < start:
            raise ValueError(f"range: need start <= stop and a positive step, got {start}..{stop} "
                             f"step {step}")
        return list(range(start, stop + 1, step))

    def run(self, key: str, values: list, n: int, on_update=None) -> pl.DataFrame:
        """Sweep `key` over `values`, one point at a time so a chart can fill in; `stop()` ends
        the run after the point in progress."""
        self.key, self.running, self.stale = key, True, False
        self.runs += 1
        self._stop.clear()
        rows = []
        try:
            for v in values:
                if self._stop.is_set():
                    break
                point = sweep(self.game.name, {key: [v]}, n, seed=self.seed, cards=self.cards,
                              bots=self.bots, executor=self.executor, progress=False,
                              **self.setup)
                rows.append(point)
                self.results = pl.concat(rows, how="diagonal_relaxed")
                if on_update:
                    on_update(self.results)
        finally:
            self.running = False
        return self.results

    def stop(self) -> None:
        self._stop.set()

    def rebind(self, cards) -> None:
        """New cards make the shown results stale; the view re-runs them."""
        self.cards = cards
        self.stale = bool(self.results.height)

    def chart(self):
        from ..charts.sim import sweep_chart

        return sweep_chart(self.results, self.key)

    def chart_svg(self) -> str:
        if not self.results.height:
            return ""
        import vl_convert as vlc

        return vlc.vegalite_to_svg(self.chart().to_json())
