"""The Rune System as data (workbench/games/rune_system/rules.md): its tables load, its
validity rules say what the rules file says, the combination space is counted against a
brute-force enumeration of slot fillings, and the cost and vulnerability models are exact."""

from __future__ import annotations

import itertools
from fractions import Fraction

import polars as pl
import pytest

import workbench as wb
from workbench.games.rune_system import Runebook, analysis
from workbench.games.rune_system.cards import TABLES


@pytest.fixture(scope="module")
def cards():
    return wb.load_cards("rune_system")


@pytest.fixture(scope="module")
def book(cards):
    return Runebook(cards)


def rules(cards, **values):
    for name, value in values.items():
        cards = cards.set("rules", name, "value", value)
    return cards


# -- tables ----------------------------------------------------------------------------------
def test_the_runes_and_example_spells_of_the_document_load(cards):
    kinds = dict(cards["runes"].select("name", "kind").iter_rows())
    assert [n for n, k in kinds.items() if k == "element"] == [
        "Fire",
        "Ice",
        "Earth",
        "Darkness",
        "Light",
        "Arcane",
    ]
    assert [n for n, k in kinds.items() if k == "action"] == [
        "Nova",
        "Projectile",
        "Strike",
        "Trap",
        "Throw",
        "Blast",
        "Orb",
    ]
    assert [n for n, k in kinds.items() if k == "modifier"] == ["Haste", "Mob", "Charge"]
    assert cards["spells"].height == 12  # the twelve examples of the rules file's table
    assert set(cards["spells"]["source"]) == {"document"}
    assert cards.row("runes", "Orb")["alias_of"] == "Projectile"  # A-U1


def test_spells_name_runes_or_a_kind_of_rune():
    refs = TABLES["spells"].refs
    assert {c: r.target for c, r in refs.items()} == {
        f"rune_{i}": "runes.name" for i in range(1, 5)
    }
    assert refs["rune_1"].also == ("any element", "any action", "any modifier")
    assert TABLES["runes"].refs["alias_of"].target == "runes.name"


@pytest.mark.parametrize(
    "table, card, column, value, words",
    [
        ("spells", "Boulder", "rune_2", "Lava", "a name from runes.csv"),
        ("spells", "Boulder", "rune_3", "Earth", "repeats a rune of the spell"),
        ("spells", "Meteors", "rune_3", "Projectile", "the same rune as Orb"),
        ("runes", "Orb", "alias_of", "Fire", "is a element, not a action"),
        ("runes", "Nova", "alias_of", "Orb", "names an alias"),
        ("rules", "slots", "value", 5, "from 1 to 4 for slots"),
        ("rules", "modifier_with_element", "value", 2, "from 0 to 1"),
    ],
)
def test_edits_the_rules_cannot_read_are_refused_with_the_reason(
    cards, table, card, column, value, words
):
    with pytest.raises(wb.CardDataError) as err:
        cards.set(table, card, column, value)
    assert words in str(err.value)
    assert TABLES[table].file in str(err.value)


# -- the combination space, against a brute-force enumeration ------------------------------
def every_filling(cards, slots: int) -> set[frozenset]:
    """Every way to fill `slots` slots with runes or nothing, written down as the set of
    distinct runes (aliases read as the rune they name; a repeat is no combination)."""
    same = {n: a or n for n, a in cards["runes"].select("name", "alias_of").iter_rows()}
    found = set()
    for filling in itertools.product([None, *same], repeat=slots):
        runes = [same[r] for r in filling if r is not None]
        if runes and len(set(runes)) == len(runes):
            found.add(frozenset(runes))
    return found


def valid_by_the_text(cards, combo: frozenset) -> bool:
    """The rules file's validity rules, written again from its words for the shipped rules:
    a modifier needs an action; at most one element and one action (A-U2) and the document's
    one modifier."""
    kind = dict(cards["runes"].select("name", "kind").iter_rows())
    count = {k: sum(kind[r] == k for r in combo) for k in ("element", "action", "modifier")}
    return (
        count["element"] <= 1
        and count["action"] <= 1
        and count["modifier"] <= 1
        and (count["modifier"] == 0 or count["action"] == 1)
    )


@pytest.mark.parametrize("slots", [1, 2, 3, 4])
def test_the_combination_space_is_every_filling_of_the_slots(cards, book, slots):
    listed = [frozenset(c) for c in book.combinations(slots)]
    assert len(listed) == len(set(listed))
    assert set(listed) == every_filling(cards, slots)
    valid = {c for c in listed if book.check(tuple(c), slots).valid}
    assert valid == {c for c in every_filling(cards, slots) if valid_by_the_text(cards, c)}


def test_three_slots_give_the_grid_the_singles_and_the_modifier_layer(cards):
    frame = analysis.combinations(cards)
    # 15 distinct runes (Orb is Projectile): C(15,1) + C(15,2) + C(15,3).
    assert frame.height == 15 + 105 + 455
    valid = dict(analysis.summary(cards).select("shape", "valid").iter_rows())
    # 6 elements alone, 6 actions alone, the 6 × 6 grid, each action with one of 3 modifiers,
    # and the grid with one of 3 modifiers.
    assert valid == {
        "element": 6,
        "action": 6,
        "element + action": 36,
        "action + modifier": 18,
        "element + action + modifier": 108,
    }


def test_orb_as_a_seventh_action_widens_the_space(cards):
    seventh = cards.set("runes", "Orb", "alias_of", None)
    frame = analysis.combinations(seventh)
    assert frame.height == 16 + 120 + 560
    assert frame.filter("valid").height == 6 + 7 + 42 + 21 + 126
    # Meteors now names Fire + Orb, and Fire + Projectile is left to design.
    spells = dict(frame.select("runes", "spell").iter_rows())
    assert spells["Fire + Orb"] == "Meteors" and spells["Fire + Projectile"] is None


def test_what_is_left_to_design(cards):
    left = analysis.to_design(cards)
    # 174 valid combinations; the twelve examples describe 17 of them (Acrobatic Strike
    # covers one per element).
    assert left.height == 174 - 17
    names = set(left["runes"])
    assert "Ice" in names and "Nova" in names and "Fire" not in names
    assert "Fire + Strike + Haste" not in names and "Ice + Strike + Haste" not in names
    totals = analysis.summary(cards)
    assert totals["left"].sum() == left.height
    assert dict(totals.select("shape", "designed").iter_rows())["element + action"] == 7


# -- the validity rules of the rules file ----------------------------------------------------
@pytest.mark.parametrize(
    "runes, valid, rule, words",
    [
        (["Fire"], True, "element_alone", "imbues the caster"),
        (["Nova"], True, "action_alone", "allowed"),
        (["Mob"], False, "modifier_needs_action", "nothing to change"),
        (["Fire", "Mob"], False, "modifier_needs_action", "needs an action rune"),  # A-U6
        (["Strike", "Haste"], True, "valid", ""),
        (["Fire", "Ice"], False, "max_elements", "A-U2"),
        (["Nova", "Trap"], False, "max_actions", "A-U2"),
        (["Fire", "Nova", "Haste", "Mob"], False, "slots", "4 runes, but a spell has 3 slots"),
        (["Fire", "Fire"], False, "repeat", "Fire fills two slots"),
        (["Projectile", "Orb"], False, "repeat", "Projectile fills two slots"),
    ],
)
def test_validity_follows_the_rules_file(book, runes, valid, rule, words):
    verdict = book.check(book.combo(runes))
    assert (verdict.valid, verdict.rule) == (valid, rule)
    assert words in verdict.reason


def test_every_element_action_pair_is_a_spell(book):
    # "Hopefully, all rune combinations that use 1 action and 1 element rune will yield a
    # valid spell."
    for element, action in itertools.product(book.by_kind["element"], book.by_kind["action"]):
        assert book.check(book.combo([element, action])).valid


def test_switches_in_the_rules_table_change_validity(cards):
    open_element = Runebook(rules(cards, modifier_with_element=1))
    assert open_element.check(("Fire", "Mob")).valid
    assert not open_element.check(("Mob",)).valid  # still nothing to change
    two_modifiers = Runebook(rules(cards, max_modifiers=2))
    assert two_modifiers.check(("Nova", "Haste", "Mob")).valid
    assert not Runebook(cards).check(("Nova", "Haste", "Mob")).valid
    one_slot = Runebook(rules(cards, slots=1))
    assert not one_slot.check(("Fire", "Strike")).valid
    assert len(list(one_slot.combinations())) == 15


def test_spells_the_slots_cannot_hold_are_misfits(cards):
    assert analysis.misfits(cards).is_empty()
    two = analysis.misfits(cards, slots=2)
    assert set(two["spell"]) == {
        "Meteor Swarm",
        "Acrobatic Strike",
        "Tendril Smash",
        "Charged Frost Nova",
    }
    assert two.filter(pl.col("spell") == "Acrobatic Strike").height == 6
    assert all("3 runes, but a spell has 2 slots" in r for r in two["reason"])


def test_an_alias_and_a_wildcard_describe_their_combinations(book):
    assert book.cast(["Fire", "Orb"]).spell.name == "Meteors"
    assert book.cast(["Projectile", "Fire"]).spell.name == "Meteors"
    for element in book.by_kind["element"]:
        assert book.cast([element, "Strike", "Haste"]).spell.name == "Acrobatic Strike"
    assert book.cast(["Ice", "Trap"]).spell is None


def test_duplicates_are_listed_and_the_most_specific_spell_is_shown(cards):
    assert analysis.duplicates(cards).is_empty()
    added = cards.with_row(
        "spells",
        {
            "name": "Fire Bolt",
            "rune_1": "Projectile",
            "rune_2": "Fire",
            "rune_3": None,
            "rune_4": None,
            "effect": "a bolt of fire",
            "source": "designer",
        },
    )
    added = added.with_row(
        "spells",
        {
            "name": "Blazing Leap",
            "rune_1": "Fire",
            "rune_2": "Strike",
            "rune_3": "Haste",
            "rune_4": None,
            "effect": "a burning vault",
            "source": "designer",
        },
    )
    found = {r["runes"]: r for r in analysis.duplicates(added).iter_rows(named=True)}
    assert set(found) == {"Fire + Projectile", "Fire + Strike + Haste"}
    assert found["Fire + Projectile"]["spells"] == "Meteors, Fire Bolt"
    assert found["Fire + Projectile"]["shown"] == "Meteors"  # the first row
    assert found["Fire + Strike + Haste"]["shown"] == "Blazing Leap"  # names no 'any' rune
    assert Runebook(added).cast(["Fire", "Orb"]).spells[1].name == "Fire Bolt"


# -- essence and vulnerability -----------------------------------------------------------------
def test_essence_cost_rises_with_runes_and_modifiers(book):
    # Element 8, action 12, modifier 8; +25% per rune after the first and per modifier.
    assert book.cost(("Fire",))[2] == 8
    assert book.cost(("Fire", "Strike"))[2] == 25
    assert book.cost(("Fire", "Projectile", "Mob")) == (28, Fraction(7, 4), 49)
    assert book.cost(("Strike", "Haste"))[2] == Fraction(20 * 3, 2)
    for combo in book.combinations():
        for rune in book.runes:
            if rune not in combo:
                assert book.cost(book.combo([*combo, rune]))[2] > book.cost(combo)[2]


def test_the_document_examples_of_the_two_vulnerability_models(book):
    # "The meter is 2/5ths expended, so the player has two debuffs on them."
    assert book.vulnerability(Fraction(2, 5))[0] == 2
    # "38% spent, so the player takes 138% of the damage".
    assert book.vulnerability(Fraction(38, 100))[1]["proportional"] == Fraction(138, 100)
    assert book.vulnerability(Fraction(38, 100))[1]["tiered"] == Fraction(125, 100)
    cast = book.cast(["Fire", "Orb", "Mob"])
    assert (cast.spent, cast.debuffs) == (Fraction(49, 100), 2)
    assert cast.damage == {"tiered": Fraction(3, 2), "proportional": Fraction(149, 100)}


def last_lead_change(cards, grain: int = 1000):
    """The break-even by brute force: the grid point after the last one where the model that
    is harsher differs from the one harsher just short of an empty bar; None if none does.
    (At exactly an empty bar the two may only touch.)"""
    book = Runebook(cards)

    def sign(i):
        _, damage = book.vulnerability(Fraction(i, grain))
        gap = damage["tiered"] - damage["proportional"]
        return (gap > 0) - (gap < 0)

    signs = [sign(i) for i in range(grain)]
    final = signs[-1]
    differs = [i for i, s in enumerate(signs) if s != final and s != 0]
    return None if not differs else (Fraction(differs[-1], grain), Fraction(differs[-1] + 1, grain))


@pytest.mark.parametrize(
    "debuff, sections, expected",
    [
        (25, 5, Fraction(4, 5)),
        (30, 5, Fraction(2, 5)),
        (20, 5, None),
        (50, 3, Fraction(2, 3)),
        (10, 4, None),
    ],
)
def test_break_even_matches_a_brute_force_scan(cards, debuff, sections, expected):
    edited = rules(cards, debuff=debuff, sections=sections)
    point = analysis.break_even(edited)
    assert point == expected
    scan = last_lead_change(edited)
    if expected is None:
        assert scan is None
    else:
        low, high = scan
        assert low < point <= high


def test_where_each_model_is_harsher(cards):
    stretches = analysis.harsher(cards)
    assert stretches["harsher"].to_list() == ["proportional", "tiered"] * 4
    assert stretches["from_exact"].to_list() == [
        "0",
        "1/5",
        "1/4",
        "2/5",
        "1/2",
        "3/5",
        "3/4",
        "4/5",
    ]
    gentle = analysis.harsher(rules(cards, debuff=20))
    assert gentle.select("from", "to", "harsher").rows() == [(0.0, 1.0, "proportional")]


def test_the_charts_are_valid_vega_lite(cards):
    chart = analysis.vulnerability_chart(cards).to_dict()
    assert "break-even 80%" in str(chart)
    assert "break-even" not in str(analysis.vulnerability_chart(rules(cards, debuff=20)).to_dict())
    frame = analysis.vulnerability(cards, step=10)
    assert frame.height == 22 and frame["damage"].max() == 2.25
    assert analysis.cost_chart(cards).to_dict()["layer"]
    grid = analysis.design_grid(cards).to_dict()
    assert "Frost Nova" in str(grid) and "Haste" not in str(grid["title"])
    assert "+ Mob" in analysis.design_grid(cards, modifier="Mob").to_dict()["title"]
