"""The analyses: exact d20 odds against a brute-force oracle, the deal statistics against the
generator's own frame, table sizes, and the ammunition sweep."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

import workbench as wb
from workbench.games.sac import generate_dungeon
from workbench.games.sac.analysis import (
    ammo_survival,
    deal_stats,
    kill_within,
    shot,
    shot_odds,
    summary,
    table_sufficiency,
)


def _oracle(health, dice, cover, rule):
    """Every ordered roll of the dice, one by one."""
    kill = back = count = 0
    for faces in product(range(1, 21), repeat=dice):
        count += 1
        damage = max(0, sum(faces) - cover)
        if damage >= health:
            kill += 1
        else:
            back += health if rule == "miss_on_fail" else health - damage
    return Fraction(kill, count), Fraction(back, count)


@pytest.mark.parametrize("dice", [1, 3])
@pytest.mark.parametrize("cover", [0, 5])
@pytest.mark.parametrize("rule", ["remaining", "miss_on_fail"])
def test_shot_and_salvo_odds_match_every_roll(dice, cover, rule):
    for health in (2, 5, 8, 10, 20):
        assert shot(health, dice, cover, rule) == _oracle(health, dice, cover, rule)


def test_kill_within_matches_every_sequence_of_shots():
    for health, cover in ((7, 0), (20, 0), (9, 5)):
        for shots in (1, 2, 3):
            kills = 0
            for faces in product(range(1, 21), repeat=shots):
                left = health
                for f in faces:
                    left -= max(0, f - cover)
                    if left <= 0:
                        kills += 1
                        break
            assert kill_within(health, shots, cover) == Fraction(kills, 20**shots)


def test_the_odds_table_for_people():
    table = shot_odds()
    big = table.filter(table["enemy health"] == 20).row(0, named=True)
    assert big["shot kills"] == 0.05 and big["salvo kills"] == float(shot(20, 3)[0])
    assert table["shot kills"].to_list()[0] == 0.95


def test_deal_stats_count_what_the_generator_placed():
    deals = deal_stats(30, seed=100)
    assert deals.height == 30 and deals["deal"].to_list() == list(range(100, 130))
    for row in deals.head(3).iter_rows(named=True):
        d = generate_dungeon(seed=row["deal"])
        cards = d.cards
        assert row["cards"] == cards.height
        assert row["doors"] == int((cards["role"] == "door").sum())
        assert row["enemies"] == int((d.counters["card"] != "Joker").sum())
        assert row["extent_w"] == cards["x"].max() - cards["x"].min() + 1
    assert (deals["rooms"] >= 1).all() and (deals["pile1_left"] >= 0).all()
    assert summary(deals)["what"].to_list()[0] == "cards"


def test_bigger_tables_are_enough_more_often():
    table = table_sufficiency(200, sizes=((8, 6), (12, 8), (20, 14)))
    enough = table["enough"].to_list()
    assert enough == sorted(enough) and enough[-1] > enough[0]
    assert (table["ci_low"] <= table["enough"]).all()
    assert (table["enough"] <= table["ci_high"]).all()


def test_ammo_survival_is_a_seeded_sweep_with_intervals():
    a = ammo_survival([2, 30], 30, executor="serial")
    b = ammo_survival([2, 30], 30, executor="serial")
    assert a.equals(b)
    assert a["params.ammo.value"].to_list() == [2, 30]
    for low, mid, high in a.select("survival_low", "survival", "survival_high").iter_rows():
        assert low - 1e-12 <= mid <= high + 1e-12
    assert a["win_rate"][0] <= a["win_rate"][1]


@pytest.mark.parametrize("salvo", [False, True])
def test_the_game_agrees_with_the_dice_calculators_sac_shot(salvo):
    from workbench.dice.mechanics import sac_kill_probability, sac_shot

    for health in (2, 7, 10, 20):
        for rule, variant in (("remaining", "default"), ("miss_on_fail", "miss_on_fail")):
            kill, back = shot(health, 3 if salvo else 1, 0, rule)
            frame = sac_shot(health, salvo=salvo, variant=variant)
            expected = sum(
                Fraction(p) * d
                for p, d in zip(frame["probability"], frame["shooter_damage"], strict=True)
            )
            assert kill == sac_kill_probability(health, salvo=salvo)
            assert back == expected


@pytest.mark.parametrize(
    "kw, words",
    [
        ({"n": "10"}, "n: give a whole number from 0"),
        ({"n": -1}, "n: give a whole number from 0"),
        ({"seed": "x"}, "seed: give a whole number"),
    ],
)
def test_deal_stats_names_a_bad_count_or_seed(kw, words):
    with pytest.raises(wb.SetupError, match=words):
        deal_stats(**kw)
