"""Golden Correction playthroughs: whole logged games that must not change by accident."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import workbench as wb

GOLDEN = Path(__file__).parent / "golden"
GAMES = {
    "seed1_heuristic": dict(seed=1, bots="heuristic"),
    "seed4_random": dict(seed=4, bots="random"),
    "seed2_variants": dict(seed=2, bots="heuristic",
                           rules={"token_supply": 20, "deny_occupied": False,
                                  "banish": "captured", "knight_side_L_capture_only": True}),
}


def _lines(spec: dict) -> list[str]:
    m = wb.play("correction", **spec)
    m.auto()
    return [e["text"] for e in m.log] + [f"RESULT {json.dumps(m.result, sort_keys=True)}"]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_playthroughs(name):
    path = GOLDEN / f"{name}.txt"
    lines = _lines(GAMES[name])
    if os.environ.get("WORKBENCH_REGEN_GOLDEN"):
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    expected = path.read_text(encoding="utf-8").splitlines()
    assert lines == expected, f"{name} changed; rerun with WORKBENCH_REGEN_GOLDEN=1 if intended"


def test_golden_games_replay_from_their_saved_form():
    m = wb.play("correction", **GAMES["seed1_heuristic"])
    m.auto()
    back = wb.load_match(m.to_json())
    assert back.log == m.log and back.result == m.result
