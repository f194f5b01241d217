"""Tables and charts made from results, and the data designs' analyses: each checks the frame or
the cards it is given and names what is missing or of another design, rather than failing
inside polars or Altair.
"""

from __future__ import annotations

import polars as pl

import workbench as wb

from .cases import area_test, case, expect


@case("tables")
def charts_of_frames_that_are_not_results(tmp):
    from workbench.charts import dice_chart, exact_fractions, matchup_matrix, sweep_chart

    with expect("ValueError", "no column 'win_rate'", "sweep"):
        sweep_chart(pl.DataFrame())
    with expect("ValueError", "no column 'outcome'", "distribution"):
        dice_chart(pl.DataFrame())
    with expect("ValueError", "no column 'outcome'", "it has x"):
        exact_fractions(pl.DataFrame({"x": [1]}))
    with expect("TypeError", "polars DataFrame", "dict"):
        matchup_matrix({"row": ["a"], "column": ["b"], "win_rate": [0.5]})


@case("tables")
def tables_for_people_of_frames_that_are_not_results(tmp):
    from workbench.sim import readable, sensitivity_table

    with expect("ValueError", "no column 'stat'", "sensitivity"):
        sensitivity_table(pl.DataFrame({"a": [1, 2]}))
    with expect("ValueError", "digits", "-1"):
        readable(pl.DataFrame({"a": [0.5]}), {"a": "A"}, digits=-1)


@case("tables")
def a_data_designs_analysis_of_another_designs_cards(tmp):
    from workbench.games.rfg_classes import analysis as rfg
    from workbench.games.rune_system import analysis as runes

    with expect("SetupError", "cards", "'coop'", "rune_system"):
        runes.summary(wb.load_cards("coop"))
    with expect("SetupError", "cards", "'rune_system'", "rfg_classes"):
        rfg.check(wb.load_cards("rune_system"))


@case("tables")
def rune_analyses_of_no_slots_or_no_step(tmp):
    from workbench.games.rune_system import analysis as runes

    cards = wb.load_cards("rune_system")
    for slots in (0, -1):
        with expect("ValueError", "slots", repr(slots)):
            runes.combinations(cards, slots=slots)
    with expect("ValueError", "step", "0"):
        runes.vulnerability(cards, step=0)


test_bad_input = area_test(__name__)
