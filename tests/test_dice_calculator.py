"""The dice calculator's logic and widget requests, without a browser."""

from __future__ import annotations

import base64

import pytest

from workbench.widgets import DiceCalculator
from workbench.widgets.dice_logic import DiceSession


def test_results_errors_and_views():
    s = DiceSession(["3d6", "3d6 >", "3d6 > 2d8 + 2"])
    ok, bad, yes_no = s.results
    assert ok["mean_exact"] == "21/2" and (ok["low"], ok["high"]) == (3, 18)
    assert bad["position"] == 5 and "^" in bad["error"]
    assert yes_no["probability"] == "317/768"
    assert s.good() == ["3d6", "3d6 > 2d8 + 2"]
    s.set_view("at_least")
    assert s.chart().to_dict()  # a valid Vega-Lite spec
    with pytest.raises(ValueError, match="view must be"):
        s.set_view("sideways")


def test_exports():
    s = DiceSession(["2d6"])
    name, csv = s.export("csv")
    assert name == "dice.csv" and csv.splitlines()[0].startswith("expr,outcome")
    assert len(csv.splitlines()) == 12
    assert s.export("svg")[1].startswith("<svg")
    assert base64.b64decode(s.export("png")[1])[:4] == b"\x89PNG"
    with pytest.raises(ValueError, match="csv, svg or png"):
        s.export("gif")


def test_widget_requests():
    w = DiceCalculator("3d6")
    sent = []
    w.send = sent.append
    w._on_message(w, {"id": 1, "type": "set", "index": 0, "text": "4d6kh3"}, [])
    assert sent[-1]["ok"] and w.view["results"][0]["mean_exact"] == "15869/1296"
    assert w.view["svg"].startswith("<svg")
    w._on_message(w, {"id": 2, "type": "add", "text": "3d6 > 2d8 + 2"}, [])
    assert w.view["results"][1]["probability"] == "317/768"
    w._on_message(w, {"id": 3, "type": "set", "index": 0, "text": "4d6kh"}, [])
    w._on_message(w, {"id": 4, "type": "set", "index": 0, "text": "4d6k("}, [])
    assert w.view["results"][0]["error"]
    w._on_message(w, {"id": 5, "type": "export", "format": "csv"}, [])
    assert sent[-1]["name"] == "dice.csv"
    w._on_message(w, {"id": 6, "type": "set", "index": 9, "text": "d6"}, [])
    assert not sent[-1]["ok"] and "no expression 10" in sent[-1]["error"]
