"""The WhatIf view's logic and widget, without a browser."""

from __future__ import annotations

import pytest

from workbench.widgets.whatif import WhatIf
from workbench.widgets.whatif_logic import WhatIfSession


def test_session_lists_stats_and_fills_in_point_by_point():
    s = WhatIfSession("coop", players=3, executor="serial")
    assert "enemies.Brutes.health" in s.stats()
    seen = []
    s.run("enemies.Brutes.health", s.values(8, 12, 2), 30, on_update=lambda f: seen.append(f.height))
    assert seen == [1, 2, 3]
    assert s.results["enemies.Brutes.health"].to_list() == [8, 10, 12]
    assert s.chart_svg().startswith("<svg")
    with pytest.raises(ValueError, match="range"):
        s.values(5, 1)


def test_stop_ends_after_the_point_in_progress():
    s = WhatIfSession("coop", players=3, executor="serial")

    def stop_after_first(frame):
        s.stop()

    s.run("enemies.Rats.damage", [1, 2, 3, 4], 20, on_update=stop_after_first)
    assert s.results.height == 1


def test_widget_runs_and_reruns_when_cards_change(coop_cards):
    w = WhatIf("coop", coop_cards, key="enemies.Brutes.health", players=3, executor="serial")
    w.games, w.start, w.stop_value, w.step = 20, 8, 10, 2
    w.start_run(wait=True)
    assert "Done: 2 of 2" in w.status and w.svg.startswith("<svg") and len(w.table) == 2
    w.rebind(coop_cards.set("enemies", "Rats", "damage", 6))
    w._thread.join(timeout=120)
    assert w.session.runs == 2 and "Done" in w.status  # re-ran on the new cards
    assert w.session.cards.row("enemies", "Rats")["damage"] == 6
    assert not w.session.stale
