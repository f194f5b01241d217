"""The what-if view's logic: pick a stat, a range and games per point, run, chart as it fills."""

from __future__ import annotations

import threading
from collections import Counter

import polars as pl

from ..core.errors import SetupError, shortened
from ..core.registry import get_game
from ..core.seeds import check_seed
from ..sim import guard
from ..sim.keys import key_label, split_card_key
from ..sim.paths import KERNEL, aside, counts
from ..sim.report import sweep_table
from ..sim.sweep import sweep

SHOWN_MATCHES = 12  # search results listed at once; more words narrow them
BOXES = {"start": "from", "stop_value": "to", "step": "step", "games": "games per point"}


class WhatIfSession:
    """One question: how does the win rate move as one card stat (or rule) changes?"""

    def __init__(
        self, game: str, cards=None, *, bots=None, seed: int = 0, executor="processes", **setup
    ):
        self.game = get_game(game)
        self.cards = self.game.checked_cards(cards)
        self.bots, self.seed, self.executor, self.setup = bots, check_seed(seed), executor, setup
        self.results = pl.DataFrame()
        self.key: str | None = None
        self.games = 0
        self.planned = 0  # points the current (or last) run set out to play
        self.stopped = False
        self.stale = False
        self.running = False
        self.runs = 0
        self.played: Counter = Counter()
        self._stop = threading.Event()
        self._begun = None  # (key, values, n) of a run set out on (begin) and not yet run

    # -- which stat --------------------------------------------------------------------------
    def stat_groups(self) -> list[dict]:
        """Every numeric card stat that can be swept, grouped table -> card -> column, each
        with its current value: what the picker shows."""
        groups = []
        for table in self.cards:
            spec = self.cards.specs[table]
            frame = self.cards[table]
            numeric = [c for c, t in frame.schema.items() if t.is_integer() and c != spec.key]
            if not numeric:
                continue
            cards = []
            for row in frame.iter_rows(named=True):
                card = str(row[spec.key])
                cards.append(
                    {
                        "card": card,
                        "stats": [
                            {"column": c, "value": row[c], "key": f"{table}.{card}.{c}"}
                            for c in numeric
                        ],
                    }
                )
            groups.append({"table": table, "cards": cards})
        return groups

    def stats(self) -> list[str]:
        """Every numeric card stat that can be swept, as "<table>.<card>.<column>"."""
        return [s["key"] for g in self.stat_groups() for c in g["cards"] for s in c["stats"]]

    def search(self, text: str, limit: int = SHOWN_MATCHES) -> dict:
        """Stats whose table, card and column hold every word of `text` (any case):
        {"matches": [{"key", "label"}], "total": how many match}."""
        words = text.lower().replace(".", " ").split()
        if not words:
            return {"matches": [], "total": 0}
        found = []
        for g in self.stat_groups():
            for c in g["cards"]:
                for s in c["stats"]:
                    haystack = f"{g['table']} {c['card']} {s['column']}".lower().replace("_", " ")
                    if all(w.replace("_", " ") in haystack for w in words):
                        found.append({"key": s["key"], "label": self.describe(s["key"])})
        return {"matches": found[:limit], "total": len(found)}

    def pick(
        self,
        key: str | None = None,
        *,
        table: str | None = None,
        card: str | None = None,
        column: str | None = None,
        now: str | None = None,
    ) -> str:
        """The stat a picker choice lands on: a whole key, or a table, card or column chosen in
        the grouped picker, the other parts staying where they were (in `now`, the stat picked
        before) when they still exist."""
        if key is not None:
            if key not in self.stats():
                raise ValueError(
                    f"{key!r} is not a stat of {self.game.name}'s cards that can be swept"
                )
            return key
        groups = {g["table"]: g for g in self.stat_groups()}
        now_table, now_card, now_column = _parts(now) if now else (None, None, None)
        table = table or now_table
        if table not in groups:
            raise ValueError(
                f"{table!r} is not a table with stats to sweep; tables: {', '.join(groups)}"
            )
        cards = {c["card"]: c for c in groups[table]["cards"]}
        card = card or (now_card if now_card in cards else next(iter(cards)))
        if card not in cards:
            raise ValueError(f"{table} has no card {card!r}")
        columns = [s["column"] for s in cards[card]["stats"]]
        column = column or (now_column if now_column in columns else columns[0])
        if column not in columns:
            raise ValueError(f"{card} has no stat {column!r}; its stats: {', '.join(columns)}")
        return f"{table}.{card}.{column}"

    def describe(self, key: str) -> str:
        """ "Brutes' health (enemies, now 10)"."""
        table, _card, _column = _parts(key)
        return f"{key_label(key)} ({table}, now {self.current(key)})"

    def current(self, key: str):
        table, card, column = _parts(key)
        return self.cards.row(table, card)[column]

    def values(self, start: int, stop: int, step: int = 1) -> list[int]:
        """The values from `start` to `stop` by `step`: at most as many points as a sweep
        sets out without asking (`guard.max_points`; the view has no way to confirm more)."""
        if step <= 0 or stop < start:
            raise ValueError(
                f"range: need start <= stop and a positive step, got {start}..{stop} step {step}"
            )
        span = range(start, stop + 1, step)
        if len(span) > guard.max_points:
            raise ValueError(
                f"range: {start}..{stop} step {step} is {len(span):,} points, more "
                f"than the {guard.max_points:,} a sweep sets out without asking; "
                "narrow the range or take a larger step"
            )
        return list(span)

    @staticmethod
    def setting(name: str, value) -> int:
        """A box's value as typed ("12"), checked: the range's ends may be any whole numbers
        (they are checked against each other at Run), the step and games per point must be
        positive."""
        if not isinstance(name, str) or name not in BOXES:
            raise ValueError(f"no box named {name!r}: the boxes are {', '.join(BOXES)}")
        text = str(value).strip()
        try:
            number = int(text)
        except ValueError:
            got = f"got {text!r}" if text else "the box is empty"
            raise ValueError(f"{BOXES[name]}: need a whole number, {got}") from None
        if name in ("step", "games") and number < 1:
            raise ValueError(f"{BOXES[name]}: need at least 1, got {number}")
        return number

    # -- running -----------------------------------------------------------------------------
    def begin(self, key: str, values: list, n: int) -> None:
        """Set out on a run of `key` over `values`, `n` games a point: from here `status()`
        says it is running, before `run` does any of the run's work (its first one imports the
        simulation's libraries and loads the compiled game: seconds). A `stop()` from here on
        holds: `run` with the same arguments goes on from here rather than starting afresh."""
        if not isinstance(values, list | tuple | range) or not values:
            raise SetupError(
                f"values: give a list of the values to try, such as [8, 10, 12], "
                f"not {type(values).__name__} {shortened(values)}"
            )
        self.key, self.games, self.planned = key, n, len(values)
        self.results = pl.DataFrame()
        self.running, self.stale, self.stopped = True, False, False
        self.runs += 1
        self.played = Counter()  # games by the path that played them
        self._stop.clear()
        self._begun = (key, values, n)

    def run(self, key: str, values: list, n: int, on_update=None) -> pl.DataFrame:
        """Sweep `key` over `values`, one point at a time so a chart can fill in; `stop()` (or
        Ctrl+C) ends the run within about a second, keeping the games of the point in progress
        (its row says "interrupted"). A run starts from an empty chart."""
        begun, self._begun = self._begun, None
        if not (self.running and begun == (key, values, n)):
            self.begin(key, values, n)
        rows = []
        try:
            if on_update:
                on_update(self.results)  # nothing yet: a view clears the last run's chart
            for i, v in enumerate(values):
                if self._stop.is_set():
                    break
                # A run checks the kernel against the rules engine once, on its first point;
                # the view says which path played (`path`) rather than warning.
                point, games = sweep(
                    self.game.name,
                    {key: [v]},
                    n,
                    seed=self.seed,
                    cards=self.cards,
                    bots=self.bots,
                    executor=self.executor,
                    progress=False,
                    games=True,
                    shadow=i == 0,
                    quiet=True,
                    stop=self._stop,
                    **self.setup,
                )
                self.played += counts([games])
                if point["n"][0] == 0:
                    break  # stopped before its first game: nothing to show for it
                rows.append(point)
                self.results = pl.concat(rows, how="diagonal_relaxed")
                if on_update:
                    on_update(self.results)
                if point["status"][0] == "interrupted":
                    break  # Stop or Ctrl+C during the point: the run ends with what it has
        finally:
            self.running = False
            self.stopped = len(rows) < len(values) or bool(
                rows and rows[-1]["status"][0] == "interrupted"
            )
        return self.results

    def stop(self) -> None:
        self._stop.set()

    def path(self) -> dict:
        """Which path played the run's games, in words (`text`: the kernel, or the rules
        engine and why, with how much slower it is), and whether the engine played where the
        game has a kernel (`aside`)."""
        if not self.played:
            return {"text": "", "aside": False}
        words = aside(self.game, self.played)
        if words:
            return {"text": words, "aside": True}
        if set(self.played) == {KERNEL}:
            return {"text": "Played by the compiled kernel.", "aside": False}
        return {
            "text": "Played by the rules engine (this game has no compiled kernel).",
            "aside": False,
        }

    def status(self) -> str:
        """Where the run stands, in words."""
        done, planned = self.results.height, self.planned
        if self.running and self._stop.is_set():
            return f"Stopping ({done} of {planned} points done)…"
        if self.running:
            return f"Running: {done} of {planned} points done, {self.games} games each…"
        if not self.runs:
            return "Pick a stat and a range, then Run."
        if self.stopped:
            return f"Stopped after {done} of {planned} points ({self.games} games each)."
        return f"Done: {done} of {planned} points, {self.games} games each."

    def rebind(self, cards) -> None:
        """New cards make the shown results stale; the view re-runs them."""
        self.cards = cards
        self.stale = bool(self.results.height)

    # -- what the view shows -----------------------------------------------------------------
    def title(self) -> str:
        return f"Win rate by {key_label(self.key)}, {self.games} games per point (95% intervals)"

    def table(self) -> dict:
        """The results with headers in words and percentages rounded."""
        if not self.results.height:
            return {"columns": [], "rows": []}
        shown = sweep_table(self.results, [self.key])
        return {"columns": shown.columns, "rows": [list(r) for r in shown.iter_rows()]}

    def chart(self):
        from ..charts.sim import sweep_chart

        return sweep_chart(self.results, self.key, title=self.title())

    def chart_svg(self) -> str:
        # No chart yet, no Altair: a run's first update (clearing the last chart) comes before
        # its games, and must not wait for Altair's import.
        if not self.results.height:
            return ""
        from ..charts.svg import themed_svg

        return themed_svg(self.chart())


def _parts(key: str) -> tuple[str, str, str]:
    parts = split_card_key(key)
    if parts is None:
        raise ValueError(f"{key!r} is not a card stat; write '<table>.<card>.<column>'")
    return parts
