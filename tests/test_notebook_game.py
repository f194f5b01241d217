"""The game written in notebooks/make_your_own_game.ipynb: under 150 lines of code, and as
sound as a built-in game (random playouts end, views and results are typed, the same seed
gives the same games, a card stat moves its win rate)."""

from __future__ import annotations

import random
from pathlib import Path

import nbformat
import pytest

import workbench as wb
from workbench.core import TERMINAL, Result
from workbench.core.registry import _GAMES
from workbench.core.view import problems

from .test_conformance import check_views

NOTEBOOK = Path(__file__).parent.parent / "notebooks" / "make_your_own_game.ipynb"


def game_cells() -> list[str]:
    nb = nbformat.read(NOTEBOOK, as_version=4)
    return [
        c.source for c in nb.cells if c.cell_type == "code" and "game" in c.metadata.get("tags", [])
    ]


def test_the_game_is_under_150_lines_of_code():
    lines = [
        line
        for cell in game_cells()
        for line in cell.splitlines()
        if line.strip() and not line.strip().startswith("#")
    ]
    assert len(game_cells()) == 4
    assert len(lines) < 150, f"{len(lines)} lines"


@pytest.fixture(scope="module")
def arena():
    namespace: dict = {"__name__": "notebook_game"}
    for source in game_cells():
        exec(compile(source, str(NOTEBOOK), "exec"), namespace)  # noqa: S102 - our notebook
    yield namespace
    _GAMES.pop("arena", None)


@pytest.mark.parametrize("seed", range(8))
def test_random_playouts_end_with_typed_views_and_results(arena, seed):
    m = wb.play("arena", seed=seed)
    rng = random.Random(seed)
    while not m.over:
        legal = m.legal_actions()
        assert legal and len({a.label for a in legal}) == len(legal)
        check_views("arena", m.state, m.seats)
        m.step(rng.choice(legal))
        assert m.decisions < 500
    assert isinstance(m.result, Result) and problems(m.result, "result") == []
    assert m.state.to_move == TERMINAL and m.result.winners in ((0,), (1,))
    knockouts = m.result.details["knockouts"]
    assert knockouts[m.result.winner] == 3 or sum(knockouts) < 6  # ended it
    back = wb.load_match(m.to_json())
    assert back.log == m.log


def test_the_rules_refuse_bad_setup_and_variants(arena):
    with pytest.raises(wb.SetupError, match="tribes"):
        wb.play("arena", tribes=["Forest", "Sea"])
    with pytest.raises(wb.SetupError, match="at least 1"):
        wb.play("arena", rules={"points": 0})
    short = wb.play("arena", seed=3, bots="heuristic", rules={"points": 1})
    short.auto()
    assert max(short.result.details["knockouts"]) == 1


def test_simulation_is_seeded_and_the_troll_moves_the_win_rate(arena):
    a = wb.simulate("arena", 300, seed=4, bots="heuristic")
    assert a.equals(wb.simulate("arena", 300, seed=4, bots="heuristic"))
    swept = wb.sweep(
        "arena", {"beasts.Troll.health": [6, 14]}, 600, seed=0, executor="serial", progress=False
    )
    weak, strong = swept["win_rate"].to_list()
    # A tougher Troll helps Mountain (seat 2): Forest's win rate falls, beyond the intervals.
    assert swept["ci_high"][1] < swept["ci_low"][0] and strong < weak
