"""The Location CCG's other rule variants."""

import pytest

import workbench as wb
from workbench.games.location_ccg.costs import Cost

from .helpers import do, give, mission, put, run, table

# -- the other variants ----------------------------------------------------------------------


def test_a11_long_range_at_combat_start_still_strikes_first():
    st = table({"loc.long_range": "combat_start"})
    runner = put(st, 0, "Street Runner")
    mage = put(st, 1, "Battle Mage")
    mission(st, 0, [runner], [mage])
    do(st, "Challenge")
    do(st, "Oppose")
    assert runner not in st.inplay and st.inplay[mage].damage == 0


def test_a10_full_each_giant_deals_its_atk_to_each():
    st = table({"loc.giant": "full_each"})
    ogre = put(st, 0, "Ogre Bouncer")
    w1, w2 = put(st, 1, "Watchman"), put(st, 1, "Paladin")
    mission(st, 0, [ogre], [w1, w2])
    do(st, "Challenge")
    do(st, f"Oppose {st.label(ogre)} with {st.label(w1)}")
    do(st, f"Oppose {st.label(ogre)} with {st.label(w2)}")
    assert w1 not in st.inplay  # 4 against Def 3
    assert st.inplay[w2].wounds == 1  # 4 against Def 4: Toughness
    assert st.inplay[ogre].damage == 5


def test_a4_cost_floor_all_makes_a_printed_zero_cost_one():
    st = table({"loc.cost_floor": "all"})
    assert st.costs_of("Street Runner") == [Cost(1)]
    d = st.cat.cards["Street Runner"]
    st.cat.cards["Free Agent"] = type(d)(
        **{
            **{f: getattr(d, f) for f in d.__slots__},
            "name": "Free Agent",
            "cost": Cost(0),
            "keywords": {},
        }
    )
    try:
        assert st.costs_of("Free Agent") == [Cost(1)]
        st.rules = {**st.rules, "loc.cost_floor": "reduced_only"}
        assert st.costs_of("Free Agent") == [Cost(0)]
    finally:
        del st.cat.cards["Free Agent"]


def test_a6_first_turn_may_skip_production():
    st = table({"loc.first_turn": "no_production"})
    give(st, 0, "hand", "Fixer")
    run(st, [("production",)], active=0, phase="Production")
    assert st.prod_left == 0 and st.ask is None
    st.turn = 2
    run(st, [("production",)], active=0, phase="Production")
    assert st.ask[1] == "produce" and st.prod_left == 3


def test_a21_per_name_ability_limit():
    for variant, uses in (("per_card", 2), ("per_name", 1)):
        st = table({"loc.ability_limit": variant})
        put(st, 0, "Safehouse")
        put(st, 0, "Safehouse")
        fixer = put(st, 0, "Fixer")
        give(st, 0, "bank", "Lookout", "Lookout", "Street Runner")
        run(st, [("window", "start of Deploy")], active=0, phase="Deploy")
        used = 0
        while st.ask and st.ask[1] == "window" and any(a.kind == "use" for a in st.legal_actions()):
            st.apply(next(a for a in st.legal_actions() if a.kind == "use"))
            while st.ask and st.ask[1] == "pay":
                st.apply(st.legal_actions()[0])
            used += 1
        assert used == uses and st.def_(fixer) == 2 + 2 * uses, variant


def test_decks_option_names_what_is_wrong():
    with pytest.raises(wb.SetupError, match="no deck called 'Nope'"):
        wb.play("location_ccg", decks=["Syndicate", "Nope"])
    with pytest.raises(wb.SetupError, match=r"two deck names from decks.csv \(seat 1's"):
        wb.play("location_ccg", decks=["Syndicate"])
    mirror = wb.play("location_ccg", decks="Order", seed=1)
    assert mirror.state.decks == ["Order", "Order"]
