"""wb.hunt through loadouts (a `Choices`: picks in named slots, not copies of cards), on RPG
Card Battle: every loadout it tries passes the game's own loadout checks, a card made far too
strong puts a loadout holding more of it at the top, and the game it names replays as a win."""

from __future__ import annotations

import random

import polars as pl
import pytest

import workbench as wb
from tests.sim.test_hunt import first_replay
from workbench.core import get_game
from workbench.core.spec import Choices
from workbench.sim.hunt import _variant

GAME = "rpg_card_battle"
SLOTS = ("weapon", "shield", "armour", "pack")
CLASS_SET = tuple(f"class_{i}" for i in range(1, 8))


def _loadout(cards, side) -> dict:
    return cards["loadouts"].filter(pl.col("name") == side).row(0, named=True)


def _class_set(cards, side) -> list[str]:
    row = _loadout(cards, side)
    return [row[c] for c in CLASS_SET]


@pytest.fixture(scope="module")
def skewed():
    # Backstab, a Rogue class card, now hits for +10 even against a player who defends.
    cards = (
        wb.load_cards(GAME)
        .set("cards", "Backstab", "attack", 10)
        .set("cards", "Backstab", "attack_vs_guard", 10)
    )
    return cards, wb.hunt(GAME, cards=cards, mode="fast", seed=0, executor="serial", progress=False)


@pytest.mark.parametrize("side", ["Knight", "Rogue"])
def test_every_loadout_tried_passes_the_loadout_checks(side):
    g = get_game(GAME)
    cards, spec = g.load_cards(), g.decks()
    slot_of = dict(cards["equipment"].select("name", "slot").iter_rows())
    pool = {r["card"]: r for r in cards["class_pool"].iter_rows(named=True)}
    shipped = _loadout(cards, side)
    rng = random.Random(11)
    parent, words_seen = cards, set()
    for _ in range(25):
        made = _variant(parent, cards, spec, side, rng, 3)
        assert made is not None
        listed, words = made
        words_seen.add(words)
        assert g.cross_check(listed) == [] and words != "as shipped"
        row = _loadout(listed, side)
        # What the rules allow, read from the tables here rather than from the checks.
        assert (row["class"], row["level"]) == (shipped["class"], shipped["level"])
        assert all(row[s] is None or slot_of[row[s]] == s for s in SLOTS)
        for card in _class_set(listed, side):
            assert pool[card]["class"] in ("any", row["class"])
            assert pool[card]["level"] <= row["level"]
        # Only this side's loadout changes, and the engine builds it as its setup would.
        other = listed["loadouts"].filter(pl.col("name") != side)
        assert other.equals(cards["loadouts"].filter(pl.col("name") != side))
        build = g.builds(
            listed,
            g.spec.default_rules(),
            g.spec.setup(
                {
                    "equipment": {int(side == "Rogue"): [row[s] for s in SLOTS if row[s]]},
                    "class_sets": {int(side == "Rogue"): _class_set(listed, side)},
                }
            ),
        )
        assert len(build[int(side == "Rogue")].class_set) == 7
        parent = listed  # walk on, as the search does, to reach loadouts far from shipped
    assert len(words_seen) > 10  # it searched, rather than trying one swap again and again


def test_a_card_made_far_too_strong_puts_a_loadout_holding_more_of_it_on_top(skewed):
    cards, found = skewed
    top = found.findings.row(0, named=True)
    assert top["deck"] == "Rogue" and top["too often"] and found.message.startswith("Rogue")
    assert top["from"] > 0.65 and top["wins"] > top["as shipped"]
    assert "Backstab" in top["changes"]
    held = _class_set(found.cards(0), "Rogue").count("Backstab")
    assert held > _class_set(cards, "Rogue").count("Backstab")
    g = get_game(GAME)
    for i, row in enumerate(found.findings.iter_rows(named=True)):
        assert g.cross_check(found.cards(i)) == []
        if row["deck"] == "Knight":  # a Rogue card: the Knight's checks never let it in
            assert "Backstab" not in _class_set(found.cards(i), "Knight")
    assert found.searched.height > found.findings.height and found.games > 0


def test_the_game_it_names_replays_as_a_win(skewed):
    _, found = skewed
    top = found.findings.row(0, named=True)
    seed, order = first_replay(top)  # "seed 123 (Rogue v Knight)"
    match = wb.play(GAME, seed=seed, cards=found.cards(0), bots="heuristic", characters=order)
    match.auto()
    assert match.state.result().winner == order.index(top["deck"])
    shown = found.match(0)
    shown.auto()
    assert shown.log == match.log


def test_a_loadout_the_rules_refuse_is_named_by_table_row_and_what():
    cards = wb.load_cards(GAME)
    table = cards["loadouts"].with_columns(
        pl.when(pl.col("name") == "Knight")
        .then(pl.lit("Backstab"))
        .otherwise(pl.col("class_3"))
        .alias("class_3")
    )
    with pytest.raises(
        wb.CardDataError,
        match=r"loadouts.csv line 2 \(Knight\), column 'class_3': 'Backstab' "
        r"is a Rogue card",
    ):
        cards.with_table("loadouts", table)


@pytest.mark.parametrize(
    ("spec", "side", "words"),
    [
        (Choices("loadouts", slots=("level",)), "Knight", "loadouts.level: a column hunted"),
        (Choices("loadouts", slots=("weapon",)), "Wizard", "no row for 'Wizard'"),
    ],
)
def test_a_choices_spec_the_tables_cannot_serve_is_named(spec, side, words):
    cards = wb.load_cards(GAME)
    with pytest.raises(wb.SetupError, match=words):
        _variant(cards, cards, spec, side, random.Random(0), 1)


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({}, "at least one column"),
        ({"slots": ("weapon",), "sets": {"class set": ("weapon", "class_1")}}, "named twice"),
    ],
)
def test_a_choices_spec_that_names_nothing_or_a_column_twice_is_refused(kwargs, words):
    with pytest.raises(ValueError, match=words):
        Choices("loadouts", **kwargs)
