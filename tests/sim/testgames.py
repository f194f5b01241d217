"""A tiny game with a known win rate, for checking the statistics of the simulation layer.

One seat flips a biased coin (win with probability win_tenths/10, a card stat), or, with the
rule variant mode="dice", wins when 3d6 beats 2d8 + 2 (exactly 317/768)."""

from __future__ import annotations

import pandera.polars as pa
import polars as pl

from workbench.cards import TableSpec, load
from workbench.core import CHANCE, TERMINAL, Chance, Game, State, Variant, dice_sum
from workbench.core.chance import Dist
from workbench.core.registry import _GAMES

TABLES = {
    "coins": TableSpec(file="coins.csv", key="name", schema=pa.DataFrameSchema({
        "name": pa.Column(pl.String, unique=True),
        "win_tenths": pa.Column(pl.Int64, pa.Check.in_range(0, 10)),
    })),
}


class CoinState(State):
    num_seats = 1
    cooperative = True

    def __init__(self, tenths: int, mode: str):
        self.tenths, self.mode = tenths, mode
        self.rolls: list[int] = []
        self.outcome = None

    @property
    def to_move(self):
        return TERMINAL if self.outcome else CHANCE

    def chance(self):
        if self.mode == "coin":
            return Chance(Dist(("win", "loss"), (self.tenths, 10 - self.tenths))
                          if 0 < self.tenths < 10 else
                          Dist(("win" if self.tenths else "loss",), (1,)), "coin")
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
        return {"outcome": self.outcome, "winners": [0] if self.outcome == "win" else []}


class CoinGame(Game):
    name = "testcoin"
    title = "Test coin"
    min_seats = max_seats = 1
    variants = (Variant("testcoin.mode", "coin", "coin or dice", choices=("coin", "dice")),)
    tables = TABLES

    def __init__(self, directory):
        self.directory = directory

    def load_cards(self, path=None):
        return load(TABLES, path or self.directory, game=self.name)

    def num_seats(self, setup):
        return 1

    def new_state(self, cards, rules, setup):
        return CoinState(cards.row("coins", "fair")["win_tenths"], rules["testcoin.mode"])


def register_coin(tmp_path, tenths: int = 3):
    (tmp_path / "coins.csv").write_text(f"name,win_tenths\nfair,{tenths}\n")
    _GAMES["testcoin"] = CoinGame(tmp_path)
    return _GAMES["testcoin"]


def unregister_coin():
    _GAMES.pop("testcoin", None)
