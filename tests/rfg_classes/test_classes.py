"""The RFG Mod classes as data (workbench/games/rfg_classes/rules.md): the tables load, the
checks the rules file asks for find what the source holds (one badge named twice, a health
range) and what an edit breaks (a class out of reach, a cycle), the budget matches the rules
file, the graph draws offline, and plays to unlock are checked on a small graph by hand."""

from __future__ import annotations

import shutil
import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest

import workbench as wb
from workbench.cards import data_dir
from workbench.games.rfg_classes import Levelling, analysis
from workbench.games.rfg_classes.cards import TABLES


@pytest.fixture(scope="module")
def cards():
    return wb.load_cards("rfg_classes")


def test_the_twelve_classes_and_their_unlocks_load(cards):
    assert cards["classes"].height == 12
    recon = cards.row("classes", "Recon")
    assert (recon["health_min"], recon["health_max"], recon["speed"]) == (90, 100, 110)
    lines = {(r["class"], r["level"], r["unlocks"]) for r in cards["unlocks"].iter_rows(named=True)}
    assert ("Tracker", 5, "Comsat") in lines and ("Recon", 10, "Comsat") in lines
    assert {c for s, _, c in lines if s == "general"} == {"Recon", "Ordinance", "Grunt", "Builder"}
    refs = TABLES["unlocks"].refs
    assert refs["class"].target == "classes.name" and refs["class"].also == ("general",)
    assert refs["unlocks"].target == "classes.name"


@pytest.mark.parametrize(
    "table, card, column, value, words",
    [
        ("unlocks", "Recon 5", "unlocks", "Medic", "a name from classes.csv"),
        ("unlocks", "Recon 5", "class", "Engineer", "or 'general'"),
        ("classes", "Recon", "health_max", 80, "is below health_min 90"),
    ],
)
def test_edits_that_name_nothing_or_invert_a_range_are_refused(
    cards, table, card, column, value, words
):
    with pytest.raises(wb.CardDataError) as err:
        cards.set(table, card, column, value)
    assert words in str(err.value)


def test_the_source_has_one_badge_named_twice_and_one_health_range(cards):
    found = analysis.check(cards)
    assert found.select("finding", "classes").rows() == [
        ("duplicate badge", "Builder, Support"),
        ("health range", "Recon"),
    ]
    assert "'Master Builder'" in found["detail"][0]  # A-R1
    assert analysis.duplicate_badges(cards) == {"Master Builder": ["Builder", "Support"]}


def test_a_class_cut_off_from_the_start_is_found(cards):
    cut = cards.without_row("unlocks", "Builder 5")
    found = analysis.check(cut)
    assert ("unreachable", "Support") in found.select("finding", "classes").rows()
    # Commander is still reached, through Builder level 10.
    assert "Commander" not in found.filter(found["finding"] == "unreachable")["classes"]
    plays = dict(analysis.unlock_plays(cut, 3).select("class", "plays_to_unlock").iter_rows())
    assert plays["Support"] is None and plays["Commander"] == 27
    assert analysis.every_class(cut, 3) is None


def test_cycles_are_found(cards):
    looped = cards.with_row(
        "unlocks", {"id": "Comsat 5", "class": "Comsat", "level": 5, "unlocks": "Recon"}
    )
    looped = looped.with_row(
        "unlocks", {"id": "Brute 7", "class": "Brute", "level": 7, "unlocks": "Brute"}
    )
    found = analysis.check(looped)
    cycles = found.filter(found["finding"] == "cycle")
    assert sorted(cycles["detail"]) == [
        "Brute → Brute",
        "Recon → Comsat → Recon",
        "Recon → Tracker → Comsat → Recon",
    ]
    # A cycle back to a starting class does not make anything cheaper or unreachable.
    assert analysis.every_class(looped, 3).plays == analysis.every_class(cards, 3).plays


def test_the_budget_matches_the_rules_file(cards):
    # "every class sits between 160 and 230 % combined except the Brute at 350 %"
    frame = analysis.budget(cards)
    budget = {r["name"]: (r["budget_min"], r["budget_max"]) for r in frame.iter_rows(named=True)}
    assert budget.pop("Brute") == (350, 350)
    assert all(160 <= low <= high <= 230 for low, high in budget.values())
    assert budget["Recon"] == (200, 210) and budget["Comsat"] == (160, 160)
    assert set(frame.filter(frame["tier"] == "starting class")["name"]) == {
        "Recon",
        "Ordinance",
        "Grunt",
        "Builder",
    }
    chart = analysis.budget_chart(cards).to_dict()
    assert "200–210%" in str(chart) and "health (upper end of range)" in str(chart)


# -- plays to unlock, on a small graph worked out by hand -----------------------------------------
SMALL = {
    "classes.csv": "name,health_min,health_max,speed,equipment,role,badge,badge_level\n"
    "A,100,100,100,x,x,Master A,4\nB,100,100,100,x,x,Master B,4\n"
    "C,100,100,100,x,x,Master C,4\n",
    # A is playable from the start; A level 3 unlocks B, A level 5 unlocks C, and so does
    # B level 2.
    "unlocks.csv": "id,class,level,unlocks\nstart,general,1,A\nA 3,A,3,B\nA 5,A,5,C\nB 2,B,2,C\n",
}


@pytest.fixture
def small(tmp_path):
    for name, text in SMALL.items():
        (tmp_path / name).write_text(text)
    return wb.load_cards("rfg_classes", tmp_path)


def plays(cards, *args, **kwargs):
    frame = analysis.unlock_plays(cards, *args, **kwargs)
    return dict(frame.select("class", "plays_to_unlock").iter_rows())


def test_plays_to_unlock_at_a_flat_rate(small):
    # 2 plays per level: A to 3 is 4 plays, so B costs 4; C costs A to 5 (8 plays) or A to 3
    # and B to 2 (4 + 2 = 6): 6. Everything: A to 3, B to 2: 6 plays.
    assert plays(small, 2) == {"A": 0, "B": 4, "C": 6}
    route = analysis.every_class(small, 2)
    assert (route.plays, dict(route.levels), route.general) == (6, {"A": 3, "B": 2, "C": 1}, 1)
    assert route.describe() == "A to level 3; B to level 2"
    # Every badge (level 4 each): 3 levels × 2 plays for each class.
    assert analysis.every_class(small, 2, badges=True).plays == 18
    badge = dict(analysis.unlock_plays(small, 2).select("class", "plays_to_badge").iter_rows())
    assert badge == {"A": 6, "B": 6, "C": 6}


def test_plays_to_unlock_when_each_level_takes_longer(small):
    # 2 plays for the first level, then 1 more for each level after: 2, 3, 4, 5.
    # A to 3: 5 plays; A to 5: 14; B to 2: 2. C: min(14, 5 + 2) = 7.
    assert plays(small, 2, extra_per_level=1) == {"A": 0, "B": 5, "C": 7}
    # Fractions of a play round up per class: 1.5 plays a level, A to 3 takes 3 plays, B to 2
    # takes 2 (1.5 rounded up): C costs 5.
    assert plays(small, Fraction(3, 2)) == {"A": 0, "B": 3, "C": 5}


def test_a_general_level_that_unlocks_every_class(small):
    # General level 3 unlocks everything; at 1 play per general level that is 2 plays.
    assert plays(small, 2, general_plays_per_level=1, every_class_at=3) == {"A": 0, "B": 2, "C": 2}
    # The general rate is flat whatever the classes' increase: still 2 plays.
    assert plays(small, 2, extra_per_level=1, general_plays_per_level=1, every_class_at=3) == {
        "A": 0,
        "B": 2,
        "C": 2,
    }
    route = analysis.every_class(small, 2, general_plays_per_level=1, every_class_at=3)
    assert (route.plays, route.general) == (2, 3)
    # At the class rate (2 plays per general level) general level 3 takes 4 plays: B costs 4
    # either way, C 4 instead of 6.
    assert plays(small, 2, every_class_at=3) == {"A": 0, "B": 4, "C": 4}


@pytest.mark.parametrize(
    "kwargs, words",
    [
        ({"plays_per_level": 0}, "plays_per_level must be above 0"),
        ({"plays_per_level": "3"}, "must be a number"),
        ({"plays_per_level": 2, "extra_per_level": -1}, "extra_per_level must be at least 0"),
        ({"plays_per_level": 2, "every_class_at": 0}, "every_class_at must be a general level"),
    ],
)
def test_a_bad_levelling_rate_is_named(small, kwargs, words):
    with pytest.raises(ValueError, match=words):
        analysis.unlock_plays(small, **kwargs)


def test_the_shipped_classes_unlock_by_hand(cards):
    # Each family: the primary to 5 unlocks the first variant, whose level 5 unlocks the
    # second: 2 × 4 levels; at 3 plays a level, 24 plays a family, 96 for all four.
    frame = plays(cards, 3)
    assert frame["Tracker"] == 12 and frame["Comsat"] == 24 and frame["Recon"] == 0
    assert analysis.every_class(cards, 3).plays == 96
    assert Levelling(3).plays_to(20) == 57
    chart = analysis.unlock_chart(cards, 3).to_dict()
    assert "Every class: 96 plays" in str(chart)


# -- the drawing ------------------------------------------------------------------------------
def test_the_unlock_graph_draws_as_svg_without_the_network(cards):
    drawing = analysis.unlock_graph(cards)
    root = ET.fromstring(drawing.svg)
    assert root.tag.endswith("svg")
    assert "http" not in drawing.svg.replace('xmlns="http://www.w3.org/2000/svg"', "")
    ns = {"s": "http://www.w3.org/2000/svg"}
    groups = {g.get("data-name"): g for g in root.iterfind(".//s:g", ns)}
    assert set(groups) == {"general", *cards["classes"]["name"]}

    def top(name):
        return float(groups[name].find("s:rect", ns).get("y"))

    # Laid out in layers: each class below the one that unlocks it.
    for source, target in [
        ("general", "Recon"),
        ("Recon", "Tracker"),
        ("Tracker", "Comsat"),
        ("Brute", "Skirmisher"),
    ]:
        assert top(source) < top(target)
    assert "badge 'Master Builder' named twice" in drawing.svg
    assert drawing._repr_svg_() == drawing.svg
    width = float(root.get("width"))
    assert width <= 1100  # fits a notebook about 1,000 px wide


def test_an_unreachable_class_is_drawn_in_red(cards, tmp_path):
    svg = analysis.unlock_graph(cards.without_row("unlocks", "Builder 5")).svg
    assert "not reachable" in svg
    drawing = analysis.unlock_graph(cards)
    drawing.save(tmp_path / "graph.svg")
    assert (tmp_path / "graph.svg").read_text() == drawing.svg


def test_the_shipped_folder_round_trips(cards, tmp_path):
    shutil.copytree(data_dir("rfg_classes"), tmp_path / "copy")
    assert wb.load_cards("rfg_classes", tmp_path / "copy") == cards
