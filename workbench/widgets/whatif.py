"""WhatIf: pick a stat, a range and games per point; the chart fills in as results arrive."""

from __future__ import annotations

import threading

import traitlets

from .assets import script, stylesheet
from .base import RequestWidget, UnknownRequest
from .whatif_logic import WhatIfSession


class WhatIf(RequestWidget):
    """A sweep of one card stat in the notebook, drawn as win rate with its 95% interval.

    The stat is picked table -> card -> column, or found by typing words of its name
    ("brutes health"). Runs in a background thread so the Stop button and other cells keep
    working; the chart is rendered to SVG in Python (no JavaScript charting library, works
    offline) in the notebook's colours.

        from workbench.widgets import WhatIf
        WhatIf("coop", key="enemies.Brutes.health", players=3)
    """

    _esm = script("whatif.js")
    _css = stylesheet("step_through.css", "whatif.css")

    groups = traitlets.List(
        help="Stats that can be swept: table -> card -> column, with current values."
    ).tag(sync=True)
    key = traitlets.Unicode(help="The stat being swept.").tag(sync=True)
    label = traitlets.Unicode(help="The stat being swept, in words.").tag(sync=True)
    matches = traitlets.Dict(help="Stats found by the search box.").tag(sync=True)
    start = traitlets.Int(6).tag(sync=True)
    stop_value = traitlets.Int(14).tag(sync=True)
    step = traitlets.Int(1).tag(sync=True)
    games = traitlets.Int(200, help="Games per point.").tag(sync=True)
    svg = traitlets.Unicode(help="The chart, as SVG.").tag(sync=True)
    table = traitlets.Dict(help="Result table under the chart: columns and rows.").tag(sync=True)
    status = traitlets.Unicode().tag(sync=True)
    path = traitlets.Dict(
        help="Which path played the games, in words (`text`), and whether it "
        "was the rules engine where a kernel exists (`aside`)."
    ).tag(sync=True)
    running = traitlets.Bool(False).tag(sync=True)

    def __init__(
        self, game: str = "coop", cards=None, *, key: str | None = None, source=None, **options
    ):
        super().__init__()
        if source is not None:
            cards = source.cards
        self.session = WhatIfSession(game, cards, **options)
        self.groups = self.session.stat_groups()
        self._pick(self.session.pick(key) if key else self.session.stats()[0])
        self.status = self.session.status()
        self._thread = None
        if source is not None:
            source.observe(lambda change: self.rebind(change["new"]), names="cards")

    # -- requests from the browser ----------------------------------------------------
    def handle(self, msg: dict) -> None:
        kind = msg["type"]
        if kind == "run":
            self._start(wait=False)
        elif kind == "set":
            name = msg.get("name")
            self.set_trait(name, self.session.setting(name, msg.get("value")))
        elif kind == "stop":
            self.session.stop()
            self.status = self.session.status()
        elif kind == "pick":
            self._pick(
                self.session.pick(
                    msg.get("key"),
                    table=msg.get("table"),
                    card=msg.get("card"),
                    column=msg.get("column"),
                    now=self.key,
                )
            )
            self.matches = {}
        elif kind == "search":
            self.matches = {
                "text": str(msg.get("text", "")),
                **self.session.search(str(msg.get("text", ""))),
            }
        else:
            raise UnknownRequest(kind)

    def refresh(self) -> None:
        # Nothing to re-send: each trait is set where it changes, the sweep's as points arrive.
        pass

    def show_error(self, error: Exception) -> str:
        self.status = str(error)
        return self.status

    def _pick(self, key: str) -> None:
        # A new stat starts centred on its current value.
        value = self.session.current(key)
        self.key, self.label = key, self.session.describe(key)
        self.start, self.stop_value = max(0, value - 4), value + 4

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
        key, games = self.key, self.games
        # Said here, in the request's own turn, before the thread starts: a first run spends
        # seconds importing and loading the compiled game before its first point, and the view
        # should not go on asking to pick a stat meanwhile. The last run's chart goes too.
        self.session.begin(key, values, games)
        self.running = True
        self._update(self.session.results)

        def work():
            try:
                self.session.run(key, values, games, on_update=self._update)
                self.status = self.session.status()
            except Exception as exc:  # shown in the widget rather than lost in a thread
                self.status = f"Error: {exc}"
            finally:
                self.running = False

        if wait:
            work()
        else:
            self._thread = threading.Thread(target=work, daemon=True)
            self._thread.start()

    def _update(self, _frame) -> None:
        # Called as the run starts (no points yet: the old chart goes) and after every point.
        self.svg = self.session.chart_svg()
        self.table = self.session.table()
        self.path = self.session.path()
        self.status = self.session.status()

    def rebind(self, cards) -> None:
        self.session.rebind(cards)
        self.groups = self.session.stat_groups()
        self.label = self.session.describe(self.key)
        if self.session.stale:
            self.status = "Cards changed: re-running."
            self.start_run()
