"""The Location CCG's upkeep, Mob, Unique and modifiers (R-31, R-36 to R-41, A-E10, A-E11)."""

import workbench as wb
from workbench.games.location_ccg.costs import Cost

from .helpers import do, give, play, put, run, table


def test_r36_upkeep_pay_or_destroy():
    st = table(decks=("Order", "Syndicate"))
    golem = put(st, 0, "Golem")
    run(st, [("upkeep",)], active=0, phase="Begin")
    assert golem not in st.inplay and "Golem" in st.zones[0, "void"]  # nothing to pay with
    st = table(decks=("Order", "Syndicate"))
    golem = put(st, 0, "Golem")
    give(st, 0, "bank", "Scout")
    run(st, [("upkeep",)], active=0, phase="Begin")
    assert st.ask[1] == "upkeep"
    do(st, "Pay the upkeep")
    assert golem in st.inplay and st.zones[0, "discard"] == ["Scout"]


def test_protection_racket_gives_a_production_point_after_its_upkeep():
    st = table()
    racket = put(st, 0, "Protection Racket")
    give(st, 0, "bank", "Lookout")
    run(st, [("upkeep",)], active=0, phase="Begin")
    do(st, "Pay the upkeep")
    assert racket in st.inplay and st.prod_left == 1
    run(st, [("production",)], active=0, phase="Production")
    assert st.prod_left == 4


def test_r37_mob_counts_visible_copies_not_banked_ones():
    st = table(decks=("Order", "Syndicate"))
    assert st.costs_of("Militia") == [Cost(1)]
    give(st, 0, "bank", "Militia")
    assert st.visible_copies("Militia") == 0  # banks have no text
    give(st, 0, "discard", "Militia")
    assert st.visible_copies("Militia") == 1
    st = table({"loc.mob_counts": "in_play"}, decks=("Order", "Syndicate"))
    give(st, 0, "discard", "Militia")
    assert st.visible_copies("Militia") == 0


def test_r38_unique_older_copy_leaves_across_players():
    st = table(decks=("Syndicate", "Syndicate"))
    old = put(st, 1, "The Boss")
    new = put(st, 0, "The Boss")
    assert old not in st.inplay and new in st.inplay
    assert st.zones[1, "discard"] == ["The Boss"]
    st = table({"loc.unique_leaves": "newer"}, decks=("Syndicate", "Syndicate"))
    old = put(st, 1, "The Boss")
    new = put(st, 0, "The Boss")
    assert old in st.inplay and new not in st.inplay


def test_r31_second_modifier_of_a_subtype_makes_the_controller_choose():
    st = table()
    fixer = put(st, 0, "Fixer")
    give(st, 0, "hand", "Brass Knuckles", "Brass Knuckles", "Kevlar Vest")
    give(st, 0, "bank", "Lookout", "Lookout", "Fixer")
    run(st, [("deploy",)], active=0, phase="Deploy")
    play(st, f"Play Brass Knuckles on {st.label(fixer)}")
    assert st.atk(fixer) == 3
    play(st, f"Play Brass Knuckles on {st.label(fixer)}")
    assert st.ask[1] == "keep_mod"
    do(st, f"Keep {st.label(st.ask[2][2])}")
    assert st.atk(fixer) == 3 and st.zones[0, "discard"].count("Brass Knuckles") == 1
    play(st, f"Play Kevlar Vest on {st.label(fixer)}")  # another subtype: both stay
    assert st.def_(fixer) == 4 and st.atk(fixer) == 3


def test_a9_one_modifier_in_all_variant():
    st = table({"loc.modifier_limit": "one"})
    fixer = put(st, 0, "Fixer")
    give(st, 0, "hand", "Brass Knuckles", "Kevlar Vest")
    give(st, 0, "bank", "Lookout", "Fixer")
    run(st, [("deploy",)], active=0, phase="Deploy")
    play(st, f"Play Brass Knuckles on {st.label(fixer)}")
    play(st, f"Play Kevlar Vest on {st.label(fixer)}")
    assert st.ask[1] == "keep_mod"


def _vest_then_knuckles(rules=None, toughness=False, keep="knuckles"):
    """A Fixer (Def 2) with a Kevlar Vest (Def +2) and 3 damage; then Brass Knuckles under one
    modifier a character (A-9), and the controller keeps `keep`."""
    cards = wb.load_cards("location_ccg")
    if toughness:
        cards = cards.set("cards", "Fixer", "keywords", "Toughness 1")
    st = table({"loc.modifier_limit": "one", **(rules or {})}, cards=cards)
    fixer = put(st, 0, "Fixer")
    give(st, 0, "hand", "Kevlar Vest", "Brass Knuckles")
    give(st, 0, "bank", "Lookout", "Lookout", "Fixer", "Fixer")
    run(st, [("deploy",)], active=0, phase="Deploy")
    play(st, f"Play Kevlar Vest on {st.label(fixer)}")
    st.inplay[fixer].damage = 3
    play(st, f"Play Brass Knuckles on {st.label(fixer)}")
    assert st.ask[1] == "keep_mod" and fixer in st.inplay  # both count while the choice waits
    vest, knuckles = st.ask[2][2], st.ask[2][3]
    do(st, f"Keep {st.label(knuckles if keep == 'knuckles' else vest)}")
    return st, fixer


def test_a_e10_a_modifier_that_gave_def_leaving_destroys_a_damaged_character():
    st, fixer = _vest_then_knuckles()
    assert fixer not in st.inplay and st.zones[0, "void"] == ["Fixer"]
    assert "Fixer [1] is destroyed (A-E10)" in st.events


def test_a_e10_keeping_the_def_keeps_the_character():
    st, fixer = _vest_then_knuckles(keep="vest")
    assert fixer in st.inplay and st.def_(fixer) == 4


def test_a_e10_toughness_leaves_a_wound_instead():
    st, fixer = _vest_then_knuckles(toughness=True)
    assert fixer in st.inplay and st.inplay[fixer].wounds == 1 and st.inplay[fixer].damage == 0


def test_a_e10_a_modifier_with_negative_def_destroys_at_once():
    cards = wb.load_cards("location_ccg").set("cards", "Brass Knuckles", "def", -1)
    st = table(cards=cards)
    lookout = put(st, 0, "Lookout")  # Def 1, no damage: Def 0 is lethal (1.1)
    give(st, 0, "hand", "Brass Knuckles")
    give(st, 0, "bank", "Fixer")
    run(st, [("deploy",)], active=0, phase="Deploy")
    play(st, f"Play Brass Knuckles on {st.label(lookout)}")
    assert lookout not in st.inplay and "A-E10" in st.events[-1]


def test_r41_a_discarded_recur_modifier_goes_back_to_the_hand():
    cards = wb.load_cards("location_ccg").set("cards", "Kevlar Vest", "keywords", "Recur")
    st = table({"loc.modifier_limit": "one"}, cards=cards)
    fixer = put(st, 0, "Fixer")
    give(st, 0, "hand", "Kevlar Vest", "Brass Knuckles")
    give(st, 0, "bank", "Lookout", "Lookout", "Fixer", "Fixer")
    run(st, [("deploy",)], active=0, phase="Deploy")
    play(st, f"Play Kevlar Vest on {st.label(fixer)}")
    play(st, f"Play Brass Knuckles on {st.label(fixer)}")
    do(st, f"Keep {st.label(st.ask[2][3])}")
    assert st.zones[0, "hand"] == ["Kevlar Vest"]


def test_a_e11_a_recur_card_paid_from_the_bank_goes_to_the_discard_pile():
    cards = wb.load_cards("location_ccg").set("cards", "Ogre Bouncer", "keywords", "Recur")
    st = table(cards=cards)
    give(st, 0, "bank", "Ogre Bouncer")
    give(st, 0, "hand", "Street Runner")
    run(st, [("deploy",)], active=0, phase="Deploy")
    do(st, "Play Street Runner")
    assert st.zones[0, "hand"] == [] and st.zones[0, "discard"] == ["Ogre Bouncer"]
