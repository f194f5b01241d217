"""A tiny game with a known win rate, for checking the statistics of the simulation layer.

One seat flips a biased coin (win with probability win_tenths/10, a card stat), or, with the
rule variant mode="dice", wins when 3d6 beats 2d8 + 2 (exactly 317/768)."""

from __future__ import annotations

from dataclasses import replace

import pandera.polars as pa
import polars as pl

from workbench.cards import TableSpec
from workbench.core import (
    CHANCE,
    TERMINAL,
    Chance,
    Game,
    GameSpec,
    Result,
    State,
    Traits,
    Variant,
    dice_sum,
)
from workbench.core.chance import Dist
from workbench.core.registry import _GAMES

TABLES = {
    "coins": TableSpec(
        file="coins.csv",
        key="name",
        schema=pa.DataFrameSchema(
            {
                "name": pa.Column(pl.String, unique=True),
                "win_tenths": pa.Column(pl.Int64, pa.Check.in_range(0, 10)),
            }
        ),
    ),
}


class CoinState(State):
    num_seats = 1

    def __init__(self, tenths: int, mode: str):
        self.tenths, self.mode = tenths, mode
        self.rolls: list[int] = []
        self.outcome = None

    @property
    def to_move(self):
        return TERMINAL if self.outcome else CHANCE

    def chance(self):
        if self.mode == "coin":
            return Chance(
                Dist(("win", "loss"), (self.tenths, 10 - self.tenths))
                if 0 < self.tenths < 10
                else Dist(("win" if self.tenths else "loss",), (1,)),
                "coin",
            )
        return Chance(dice_sum(3, 6) if not self.rolls else dice_sum(2, 8), "roll")

    def apply_chance(self, outcome):
        if self.mode == "coin":
            self.outcome = outcome
            return
        self.rolls.append(outcome)
        if len(self.rolls) == 2:
            self.outcome = "win" if self.rolls[0] > self.rolls[1] + 2 else "loss"

    def legal_actions(self):
        return []

    def result(self):
        if not self.outcome:
            return None
        return Result(self.outcome, (0,) if self.outcome == "win" else ())


SPEC = GameSpec(
    name="testcoin",
    title="Test coin",
    seats=(1, 1),
    variants=(Variant("testcoin.mode", "coin", "coin or dice", choices=("coin", "dice")),),
    tables=TABLES,
    traits=Traits(cooperative=True),
)


class CoinGame(Game):
    def __init__(self, directory):
        # The cards live in a test's temporary folder.
        self.spec = replace(SPEC, data=directory)

    def new_state(self, cards, rules, setup):
        return CoinState(cards.row("coins", "fair")["win_tenths"], rules["testcoin.mode"])


def register_coin(tmp_path, tenths: int = 3):
    (tmp_path / "coins.csv").write_text(f"name,win_tenths\nfair,{tenths}\n")
    _GAMES["testcoin"] = CoinGame(tmp_path)
    return _GAMES["testcoin"]


def unregister_coin():
    _GAMES.pop("testcoin", None)
