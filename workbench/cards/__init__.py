"""Card tables: every card of a game as rows of tidy CSV files, loaded as validated polars frames.

    cards = load(TABLES, data_dir("coop"), game="coop", cross_check=cross_check)
    cards["enemies"]                          # a polars DataFrame
    tougher = cards.set("enemies", "Brutes", "health", "12")   # a new, validated CardSet
    tougher.diff(cards); tougher.save(folder)
    load(TABLES, "cards.xlsx", game="coop")   # a spreadsheet, a sheet per table (.xlsx, .ods)
    tougher.save("cards.xlsx"); tougher.sheet("enemies").save("enemies.pdf")

Bad data raises CardDataError listing every problem with file, line, column, value and what is
allowed.
"""

from workbench.cards.cardset import CardSet, CrossCheck, load, problem_at
from workbench.cards.params import param_problems, param_values, params_table
from workbench.cards.paths import data_dir
from workbench.cards.problems import CardDataError, Problem
from workbench.cards.spec import Ref, TableSpec, bool_column, int_column, text_column

__all__ = [
    "CardDataError",
    "CardSet",
    "CrossCheck",
    "Problem",
    "Ref",
    "TableSpec",
    "bool_column",
    "data_dir",
    "int_column",
    "load",
    "param_problems",
    "param_values",
    "params_table",
    "problem_at",
    "text_column",
]
