"""The WhatIf view's logic and widget, without a browser."""

from __future__ import annotations

import pytest

from workbench.sim.keys import key_label
from workbench.widgets.whatif import WhatIf
from workbench.widgets.whatif_logic import SHOWN_MATCHES, WhatIfSession


def test_session_lists_stats_and_fills_in_point_by_point():
    s = WhatIfSession("coop", players=3, executor="serial")
    assert "enemies.Brutes.health" in s.stats()
    seen = []
    s.run(
        "enemies.Brutes.health", s.values(8, 12, 2), 30, on_update=lambda f: seen.append(f.height)
    )
    assert seen == [0, 1, 2, 3]  # an empty frame first: a view clears the last run's chart
    assert s.results["enemies.Brutes.health"].to_list() == [8, 10, 12]
    assert s.chart_svg().startswith("<svg")
    assert s.status() == "Done: 3 of 3 points, 30 games each."
    with pytest.raises(ValueError, match="range"):
        s.values(5, 1)


def test_stop_ends_after_the_point_in_progress_and_says_so():
    s = WhatIfSession("coop", players=3, executor="serial")

    def stop_after_first(frame):
        if frame.height:
            s.stop()

    s.run("enemies.Rats.damage", [1, 2, 3, 4], 20, on_update=stop_after_first)
    assert s.results.height == 1
    assert s.status() == "Stopped after 1 of 4 points (20 games each)."


def test_stats_are_grouped_table_card_column_with_current_values(coop_cards):
    s = WhatIfSession("coop", coop_cards, players=3)
    groups = s.stat_groups()
    enemies = next(g for g in groups if g["table"] == "enemies")
    assert [c["card"] for c in enemies["cards"]] == coop_cards["enemies"]["name"].to_list()
    brutes = next(c for c in enemies["cards"] if c["card"] == "Brutes")
    health = next(x for x in brutes["stats"] if x["column"] == "health")
    assert health == {
        "column": "health",
        "value": coop_cards.row("enemies", "Brutes")["health"],
        "key": "enemies.Brutes.health",
    }
    # The groups hold exactly the stats there are, each once.
    keys = [x["key"] for g in groups for c in g["cards"] for x in c["stats"]]
    assert keys == s.stats() and len(keys) == len(set(keys))


def test_search_finds_stats_by_words_in_any_order(coop_cards):
    s = WhatIfSession("coop", coop_cards, players=3)
    found = s.search("HEALTH brutes")
    assert [m["key"] for m in found["matches"]] == ["enemies.Brutes.health"]
    assert found["matches"][0]["label"] == "Brutes' health (enemies, now 10)"
    every = s.search("encounters")
    expected = [k for k in s.stats() if "encounters" in k.lower()]
    assert every["total"] == len(expected) > SHOWN_MATCHES
    assert len(every["matches"]) == SHOWN_MATCHES
    assert s.search("dragons") == {"matches": [], "total": 0}
    assert s.search("   ") == {"matches": [], "total": 0}


def test_picking_a_table_or_card_keeps_the_rest_where_it_can(coop_cards):
    s = WhatIfSession("coop", coop_cards, players=3)
    assert s.pick(card="Rats", now="enemies.Brutes.health") == "enemies.Rats.health"
    assert s.pick(column="armor", now="enemies.Rats.health") == "enemies.Rats.armor"
    # Another table: its first card, the same column where that card has one.
    classes = next(g for g in s.stat_groups() if g["table"] == "classes")
    melee = classes["cards"][0]
    assert "armor" in [x["column"] for x in melee["stats"]]
    assert s.pick(table="classes", now="enemies.Rats.armor") == f"classes.{melee['card']}.armor"
    first = next(g for g in s.stat_groups() if g["table"] == "encounters")["cards"][0]
    assert "dodge" not in [x["column"] for x in first["stats"]]
    assert s.pick(table="encounters", now="enemies.Rats.dodge") == first["stats"][0]["key"]
    with pytest.raises(ValueError, match="no card 'Dragons'"):
        s.pick(card="Dragons", now="enemies.Rats.armor")
    with pytest.raises(ValueError, match="not a stat"):
        s.pick("enemies.Rats.name")


def test_table_and_chart_speak_in_words():
    s = WhatIfSession("coop", players=3, executor="serial")
    s.run("enemies.Brutes.health", [8, 10], 20)
    table = s.table()
    assert table["columns"] == ["Brutes' health", "games", "win rate", "95% interval"]
    first = s.results.row(0, named=True)
    assert table["rows"][0] == [
        8,
        20,
        f"{first['win_rate']:.1%}",
        f"{first['ci_low']:.1%} to {first['ci_high']:.1%}",
    ]
    spec = s.chart().to_dict()
    # Broken into lines that fit the chart's width (charts/titles.py).
    assert spec["title"] == ["Win rate by Brutes' health, 20 games per point", "(95% intervals)"]
    assert spec["layer"][0]["encoding"]["x"]["title"] == "Brutes' health"
    assert "currentColor" in s.chart_svg()  # follows the notebook's theme


def test_key_labels():
    assert key_label("enemies.Brutes.health") == "Brutes' health"
    assert key_label("beasts.Troll.health") == "Troll's health"
    assert key_label("enemies.Rats.damage_type") == "Rats' damage type"
    assert key_label("params.second_player_tokens.value") == "second player tokens"
    assert key_label("rules.token_supply") == "rule: token supply"
    assert key_label("win_rate") == "win_rate"


def test_widget_runs_clears_stops_and_reruns_when_cards_change(coop_cards):
    w = WhatIf("coop", coop_cards, key="enemies.Brutes.health", players=3, executor="serial")
    assert w.label == "Brutes' health (enemies, now 10)" and (w.start, w.stop_value) == (6, 14)
    w.games, w.start, w.stop_value, w.step = 20, 8, 10, 2
    w.start_run(wait=True)
    assert w.status == "Done: 2 of 2 points, 20 games each."
    assert w.svg.startswith("<svg") and len(w.table["rows"]) == 2
    charts = []
    w.observe(lambda change: charts.append(change["new"]), names="svg")
    w.start_run(wait=True)
    assert charts[0] == "" and charts[-1].startswith("<svg")  # a new run clears the old chart
    w.rebind(coop_cards.set("enemies", "Rats", "damage", 6))
    w._thread.join(timeout=120)
    assert w.session.runs == 3 and "Done" in w.status  # re-ran on the new cards
    assert w.session.cards.row("enemies", "Rats")["damage"] == 6
    assert not w.session.stale


def test_widget_requests_pick_and_search(coop_cards):
    w = WhatIf("coop", coop_cards, key="enemies.Brutes.health", players=3, executor="serial")
    assert w.answer({"id": 1, "type": "search", "text": "rats dodge"})["ok"]
    assert [m["key"] for m in w.matches["matches"]] == ["enemies.Rats.dodge"]
    assert w.answer({"id": 2, "type": "pick", "key": "enemies.Rats.dodge"})["ok"]
    dodge = coop_cards.row("enemies", "Rats")["dodge"]
    assert w.key == "enemies.Rats.dodge"
    assert (w.start, w.stop_value) == (max(0, dodge - 4), dodge + 4)
    assert w.matches == {}
    assert w.answer({"id": 3, "type": "pick", "card": "Brutes"})["ok"]
    assert w.key == "enemies.Brutes.dodge"
    refused = w.answer({"id": 4, "type": "pick", "table": "nothing"})
    assert not refused["ok"] and "not a table" in w.status


def test_widget_boxes_are_set_by_request_and_a_bad_value_is_refused_with_why(coop_cards):
    w = WhatIf("coop", coop_cards, key="enemies.Brutes.health", players=3, executor="serial")
    assert w.answer({"id": 1, "type": "set", "name": "games", "value": "12"})["ok"]
    assert w.answer({"id": 2, "type": "set", "name": "start", "value": " 3 "})["ok"]
    assert (w.games, w.start) == (12, 3)
    for value, why in (
        ("", "games per point: need a whole number, the box is empty"),
        ("2.5", "games per point: need a whole number, got '2.5'"),
        ("0", "games per point: need at least 1, got 0"),
    ):
        refused = w.answer({"id": 3, "type": "set", "name": "games", "value": value})
        assert not refused["ok"] and refused["error"] == why == w.status
        assert w.games == 12
    for name in ("running", None, ["games"]):
        refused = w.answer({"id": 4, "type": "set", "name": name, "value": "1"})
        assert not refused["ok"] and f"no box named {name!r}" in w.status and not w.running
    # Run takes the values set just before it, in the order the requests came.
    assert w.answer({"id": 5, "type": "set", "name": "stop_value", "value": "4"})["ok"]
    w.answer({"id": 6, "type": "set", "name": "games", "value": "4"})
    assert w.answer({"id": 7, "type": "run"})["ok"]
    w._thread.join(120)
    assert w.status == "Done: 2 of 2 points, 4 games each."


def test_the_view_says_which_path_played(monkeypatch):
    s = WhatIfSession("coop", players=3, executor="serial")
    assert s.path() == {"text": "", "aside": False}
    s.run("enemies.Brutes.health", [8, 10], 20)
    assert s.path() == {"text": "Played by the compiled kernel.", "aside": False}
    # A house rule written in the notebook: the rules engine plays, and the view says why.
    from workbench.games.coop import rules

    original = rules.CoopState.legal_actions
    monkeypatch.setattr(rules.CoopState, "legal_actions", lambda self: original(self))
    s.run("enemies.Brutes.health", [8, 10], 20)
    said = s.path()
    assert said["aside"] and said["text"].startswith(
        "coop: the rules engine played 40 of 40 games, not the compiled kernel: "
        "CoopState.legal_actions in rules.py of coop was replaced."
    )
    assert "times the kernel's time per game" in said["text"]


def test_run_says_running_at_once_and_counts_points_as_they_finish(monkeypatch, coop_cards):
    # A first run imports and loads the compiled game inside its first point, for seconds; the
    # view must say it is running from the moment Run is pressed, not from the first point.
    import threading

    from workbench.widgets import whatif_logic

    gate, entered = threading.Event(), []
    gate.set()
    real = whatif_logic.sweep

    def held(*args, **kwargs):
        entered.append(w.status)
        assert gate.wait(120)
        return real(*args, **kwargs)

    monkeypatch.setattr(whatif_logic, "sweep", held)
    w = WhatIf("coop", coop_cards, key="enemies.Brutes.health", players=3, executor="serial")
    w.games, w.start, w.stop_value = 10, 8, 9
    w.start_run(wait=True)  # a chart to be cleared by the next run
    assert w.svg.startswith("<svg") and w.status == "Done: 2 of 2 points, 10 games each."
    gate.clear()
    statuses = []
    w.observe(lambda change: statuses.append(change["new"]), names="status")
    assert w.answer({"id": 1, "type": "run"})["ok"]
    # The request's answer comes back with the view already running, its last chart gone.
    assert w.running and w.status == "Running: 0 of 2 points done, 10 games each…"
    assert w.svg == "" and w.table == {"columns": [], "rows": []}
    gate.set()
    w._thread.join(120)
    assert entered[0] == "Running: 0 of 2 points done, 10 games each…"
    assert statuses == [
        "Running: 0 of 2 points done, 10 games each…",
        "Running: 1 of 2 points done, 10 games each…",
        "Running: 2 of 2 points done, 10 games each…",
        "Done: 2 of 2 points, 10 games each.",
    ]
    assert not w.running and w.session.runs == 2


def test_a_stop_between_run_and_the_first_point_holds(monkeypatch):
    from workbench.widgets import whatif_logic

    s = WhatIfSession("coop", players=3, executor="serial")
    s.begin("enemies.Brutes.health", [8, 10], 10)
    assert s.status() == "Running: 0 of 2 points done, 10 games each…"
    s.stop()
    assert s.status() == "Stopping (0 of 2 points done)…"

    def refused(*args, **kwargs):
        raise AssertionError("a point was played after Stop")

    monkeypatch.setattr(whatif_logic, "sweep", refused)
    assert s.run("enemies.Brutes.health", [8, 10], 10).height == 0
    assert s.status() == "Stopped after 0 of 2 points (10 games each)." and s.runs == 1
