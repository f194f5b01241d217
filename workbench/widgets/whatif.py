"""WhatIf: pick a stat, a range and games per point; the chart fills in as results arrive."""

from __future__ import annotations

import threading

import traitlets

from .assets import script, stylesheet
from .base import RequestWidget, UnknownRequest
from .whatif_logic import WhatIfSession


class WhatIf(RequestWidget):
    """A sweep of one card stat in the notebook, drawn as win rate with its 95% interval.

    Runs in a background thread so the Stop button and other cells keep working; the chart is
    rendered to SVG in Python (no JavaScript charting library, works offline)."""

    _esm = script("whatif.js")
    _css = stylesheet("step_through.css")

    stats = traitlets.List(help="Stats that can be swept.").tag(sync=True)
    key = traitlets.Unicode(help="The stat being swept.").tag(sync=True)
    start = traitlets.Int(6).tag(sync=True)
    stop_value = traitlets.Int(14).tag(sync=True)
    step = traitlets.Int(1).tag(sync=True)
    games = traitlets.Int(200, help="Games per point.").tag(sync=True)
    svg = traitlets.Unicode(help="The chart, as SVG.").tag(sync=True)
    table = traitlets.List(help="Result rows for the table under the chart.").tag(sync=True)
    status = traitlets.Unicode().tag(sync=True)
    running = traitlets.Bool(False).tag(sync=True)

    def __init__(self, game: str = "coop", cards=None, *, key: str | None = None, source=None,
                 **options):
        super().__init__()
        if source is not None:
            cards = source.cards
        self.session = WhatIfSession(game, cards, **options)
        self.stats = self.session.stats()
        self.key = key or self.stats[0]
        value = self.session.current(self.key)
        self.start, self.stop_value = max(0, value - 4), value + 4
        self._thread = None
        if source is not None:
            source.observe(lambda change: self.rebind(change["new"]), names="cards")

    # -- requests from the browser ----------------------------------------------------
    def handle(self, msg: dict) -> None:
        kind = msg["type"]
        if kind == "run":
            self._start(wait=False)
        elif kind == "stop":
            self.session.stop()
            self.status = "Stopping after the point in progress…"
        elif kind == "pick":
            key = str(msg.get("key", self.key))
            value = self.session.current(key)
            self.key, self.start, self.stop_value = key, max(0, value - 4), value + 4
        else:
            raise UnknownRequest(kind)

    def refresh(self) -> None:
        # Nothing to re-send: each trait is set where it changes, the sweep's as points arrive.
        pass

    def show_error(self, error: Exception) -> str:
        self.status = str(error)
        return self.status

    def start_run(self, wait: bool = False) -> None:
        """Run the sweep in the background (or in this thread with wait=True); a bad range is
        shown in the status line."""
        try:
            self._start(wait)
        except ValueError as exc:
            self.status = str(exc)

    def _start(self, wait: bool) -> None:
        # Raises ValueError for a bad range, which a request from the browser is refused with.
        if self.running:
            return
        values = self.session.values(self.start, self.stop_value, self.step)
        self.running = True
        self.status = f"Running {len(values)} points × {self.games} games…"

        def work():
            try:
                self.session.run(self.key, values, self.games, on_update=self._update)
                done = self.session.results.height
                self.status = f"Done: {done} of {len(values)} points, {self.games} games each."
            except Exception as exc:  # shown in the widget rather than lost in a thread
                self.status = f"Error: {exc}"
            finally:
                self.running = False

        if wait:
            work()
        else:
            self._thread = threading.Thread(target=work, daemon=True)
            self._thread.start()

    def _update(self, frame) -> None:
        self.svg = self.session.chart_svg()
        cols = [self.key, "n", "win_rate", "ci_low", "ci_high"]
        self.table = [{k: r[k] for k in cols} for r in frame.select(cols).iter_rows(named=True)]

    def rebind(self, cards) -> None:
        self.session.rebind(cards)
        if self.session.stale:
            self.status = "Cards changed: re-running."
            self.start_run()
