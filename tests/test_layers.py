"""Lower layers never import higher ones, and what only analysis needs loads on first use.

Which modules a snippet imports is checked in a fresh interpreter: in this one the other
tests have long since imported everything.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

import workbench as wb
import workbench.core
import workbench.games.coop as coop
import workbench.games.correction as correction
from workbench.core import Game, get_game, register
from workbench.core.registry import _GAMES

from .sim.testgames import SPEC as COIN_SPEC
from .sim.testgames import CoinGame

ROOT = Path(__file__).resolve().parent.parent
# The built-in designs, read from the games folder (not from the registry this file tests): a
# design with rules has a rules.py; the others are data and analyses, with no rules to play.
BUILT_IN = sorted(
    p for p in (ROOT / "workbench" / "games").iterdir() if (p / "__init__.py").is_file()
)
GAMES = [p.name for p in BUILT_IN if (p / "rules.py").is_file()]
DESIGNS = [p.name for p in BUILT_IN if not (p / "rules.py").is_file()]
# Starting a match needs none of these: the simulation layer, views, charts, the dice notation
# parser and the libraries behind them.
NOT_FOR_PLAY = [
    "workbench.sim",
    "workbench.widgets",
    "workbench.charts",
    "workbench.dice.parser",
    "altair",
    "lark",
    "dask",
    "numba",
]


def modules_after(code: str) -> set[str]:
    """The modules loaded after running `code` in a fresh interpreter on this checkout."""
    script = (
        f"{code}\nimport json, sys, workbench\n"
        "print(json.dumps([workbench.__file__, sorted(sys.modules)]))"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    where, modules = json.loads(done.stdout.splitlines()[-1])
    assert Path(where).is_relative_to(ROOT)
    return set(modules)


def loaded(modules: set[str], prefixes: list[str]) -> list[str]:
    return sorted(m for m in modules if any(m == p or m.startswith(p + ".") for p in prefixes))


def test_playing_coop_loads_no_analysis_simulation_or_views():
    modules = modules_after("import workbench as wb\nm = wb.play('coop', seed=1)\nrepr(m)")
    assert "workbench.games.coop.rules" in modules  # the snippet did play
    assert loaded(modules, NOT_FOR_PLAY) == []


def test_importing_the_package_is_cheap():
    modules = modules_after("import workbench")
    # The one exact distribution type lives in workbench.dice.dist, so the engine loads that
    # module (and the dice package's lazy front), but nothing else of the dice engine.
    dice = {m for m in modules if m.startswith("workbench.dice")}
    assert dice <= {"workbench.dice", "workbench.dice.dist", "workbench.dice._poly"}
    assert (
        loaded(
            modules,
            NOT_FOR_PLAY
            + [
                "workbench.cards",
                "workbench.dice.api",
                "polars",
                "pandera",
                "numpy",
                "great_tables",
            ],
        )
        == []
    )
    assert [m for m in modules if m.startswith("workbench.games.")] == []


def test_an_exact_dice_answer_loads_no_frames_arrays_or_game_engine():
    # A designer's first answer in a new kernel waits for every import on its way.
    modules = modules_after(
        "import workbench.dice as wd\n"
        "assert wd.probability('(15d6>=5) > (10d8>=5)') > 0\n"
        "assert len(wd.exact('[8d6, 8d8]kh2 + 30d10kh10')) > 1"
    )
    assert "workbench.dice.parser" in modules  # the snippet did parse
    # lark is loaded only to explain text that cannot be read.
    assert (
        loaded(
            modules,
            [
                "lark",
                "numpy",
                "polars",
                "pandera",
                "icepool",
                "workbench.core.match",
                "workbench.core.bots",
                "workbench.core.view",
                "workbench.cards",
                "workbench.sim",
                "workbench.widgets",
                "workbench.charts",
            ],
        )
        == []
    )


@pytest.mark.parametrize("name", GAMES)
def test_get_game_imports_only_that_game(name):
    modules = modules_after(f"from workbench.core import get_game\nget_game({name!r})")
    games = {m.split(".")[2] for m in modules if m.startswith("workbench.games.")}
    assert games == {name}


def test_an_unknown_game_is_named_with_the_known_ones_without_importing_them():
    every = ", ".join(sorted(p.name for p in BUILT_IN))
    modules = modules_after(
        "import workbench as wb\n"
        "try:\n    wb.play('chess')\n"
        "except wb.UnknownGame as e:\n"
        f"    assert {every!r} in str(e)\n"
        "else:\n    raise AssertionError('no error')\n"
    )
    assert [m for m in modules if m.startswith("workbench.games.")] == []
    with pytest.raises(wb.UnknownGame, match=f"registered designs: {every}"):
        get_game("chess")


def test_list_games_lists_every_game():
    modules = modules_after(f"import workbench as wb\nassert wb.list_games() == {GAMES!r}")
    # Telling a game from a design of data means importing each one, not its analyses.
    assert {m.split(".")[2] for m in modules if m.startswith("workbench.games.")} == set(
        GAMES + DESIGNS
    )
    assert loaded(modules, ["altair", "igraph"]) == []


def test_a_game_registered_in_a_notebook_is_found(tmp_path):
    (tmp_path / "coins.csv").write_text("name,win_tenths\nfair,10\n")

    @register
    class NotebookCoin(Game):
        spec = replace(COIN_SPEC, name="notebook_coin", data=tmp_path)
        new_state = CoinGame.new_state

    try:
        assert isinstance(get_game("notebook_coin"), NotebookCoin)
        assert "notebook_coin" in wb.list_games()
        assert wb.play("notebook_coin", seed=1).result.outcome == "win"
        with pytest.raises(wb.UnknownGame, match="notebook_coin"):
            get_game("chess")
    finally:
        _GAMES.pop("notebook_coin", None)


def test_lazy_names_resolve_and_are_listed():
    from workbench import simulate
    from workbench.games.coop import rounds_to_defeat
    from workbench.games.coop.analysis import rounds_to_defeat as defined
    from workbench.sim import simulate as sim_simulate

    assert simulate is sim_simulate and wb.simulate is sim_simulate
    assert rounds_to_defeat is defined and coop.rounds_to_defeat is defined
    for module in (wb, wb.core, coop, correction):
        assert set(module.__all__) <= set(dir(module))
        for name in module.__all__:
            assert getattr(module, name) is not None
    assert {"simulate", "sweep", "solve", "sensitivity", "CardSet"} <= set(dir(wb))
    with pytest.raises(AttributeError, match="no attribute 'simulat'"):
        wb.simulat  # noqa: B018


def test_lazy_names_are_listed_before_use_and_load_their_module_only_when_used():
    modules = modules_after(
        "import workbench, workbench.games.coop as coop, sys\n"
        "assert {'simulate', 'sweep', 'CardSet'} <= set(dir(workbench))\n"
        "assert {'rounds_to_defeat', 'why_never', 'Coop'} <= set(dir(coop))\n"
        "assert 'workbench.sim' not in sys.modules\n"
        "assert 'workbench.games.coop.analysis' not in sys.modules\n"
        "coop.rounds_to_defeat\n"
        "workbench.sweep\n"
    )
    assert {"workbench.games.coop.analysis", "workbench.sim.sweep"} <= modules


# The tour's first cells, up to its first step-through view (notebooks/tour.ipynb), as the
# notebook shows them: each cell's last value drawn as the notebook would. The card table comes
# after the view (in a kernel it loads Great Tables; tests/test_notebooks.py checks the tour
# in one), so what this finds loaded is what setting up and the view itself load.
TOUR_FIRST_VIEW = """\
import polars as pl

import workbench as wb
from workbench.charts import notebook_charts

notebook_charts()
pl.Config.set_tbl_hide_column_data_types(True)
wb.list_games()
wb.rules_document("coop")._repr_markdown_()
table = wb.play("coop", seed=1, players=3, first_encounter="RAT-2")
table._repr_mimebundle_()
"""


def test_the_tours_first_view_waits_for_no_charts_simulation_or_compiled_code():
    modules = modules_after(TOUR_FIRST_VIEW)
    assert "workbench.widgets.step_through" in modules  # the snippet did show the view
    assert (
        loaded(
            modules,
            [
                "numba",
                "altair",
                "jsonschema",
                "vl_convert",
                "dask",
                "lark",
                "great_tables",
                "workbench.sim",
                "workbench.core.compiled",
                "workbench.charts.sim",
                "workbench.charts.dice",
                "workbench.widgets.whatif",
                "workbench.widgets.dice_calculator",
            ],
        )
        == []
    )
    kernels = [
        m
        for m in modules
        if m.startswith("workbench.games.") and m.rsplit(".", 1)[-1] in ("kernel", "batch")
    ]
    assert kernels == []


def test_charts_set_up_before_altair_loads_take_effect_when_it_does():
    modules = modules_after(
        "import sys\n"
        "from workbench.charts import notebook_charts\n"
        "notebook_charts()\n"
        "assert 'altair' not in sys.modules\n"
        "import altair as alt\n"
        "assert alt.theme.active == 'workbench', alt.theme.active\n"
        "assert alt.renderers.active == 'jupyter', alt.renderers.active\n"
        "assert alt.renderers.options['embed_options'] == {'renderer': 'svg'}\n"
    )
    assert "altair" in modules


def test_a_first_chart_compiles_no_iri_grammar_and_is_still_validated():
    # jsonschema's IRI check needs rfc3987_syntax's grammar, which takes most of a second to
    # build; Vega-Lite's schema never asks for it (workbench._lazy.defer_iri_grammar).
    modules = modules_after(
        "import sys\n"
        "import polars as pl\n"
        "from workbench.charts import sweep_chart\n"
        "import altair as alt\n"
        "from altair.utils.schemapi import SchemaValidationError\n"
        "frame = pl.DataFrame({'value': [8, 10], 'win_rate': [0.4, 0.5], 'ci_low': [0.3, 0.4],\n"
        "                      'ci_high': [0.5, 0.6], 'n': [100, 100]})\n"
        "assert sweep_chart(frame).to_dict()['layer']\n"
        "try:\n"
        "    alt.Chart(frame).mark_line().encode(x=alt.X('value:Q', axis=alt.Axis(format=3)))"
        ".to_dict()\n"
        "except SchemaValidationError:\n"
        "    pass\n"
        "else:\n"
        "    raise AssertionError('an invalid chart was not refused')\n"
        "assert 'rfc3987_syntax' not in sys.modules and 'lark' not in sys.modules\n"
        "import jsonschema\n"
        "check = jsonschema.Draft7Validator.FORMAT_CHECKER\n"
        "assert check.conforms('https://example.org/ä', 'iri')\n"
        "assert not check.conforms('no scheme', 'iri')\n"
        "assert not check.conforms('http://[::1', 'uri')\n"
        "import rfc3987_syntax\n"
        "assert rfc3987_syntax.RFC3987_SYNTAX_TERMS  # the real module, loaded by the check\n"
    )
    assert "jsonschema" in modules
