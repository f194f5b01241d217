"""The Location CCG's costs and how they are paid (R-11 to R-13), and the cost variants."""

from workbench.games.location_ccg.costs import Cost, parse_cost, payments, reduced

from .helpers import do, give, labels, run, table

# -- costs (R-11 .. R-13) --------------------------------------------------------------------


def test_r11_typed_points_need_matching_symbols():
    rows = {"a": "$$", "b": "!", "c": "Ω"}
    assert payments(["a", "b"], rows.get, parse_cost("2$")) == [(("a", 1), ("b", 1))]
    assert payments(["b", "c"], rows.get, parse_cost("1$")) == []
    assert payments(["a"], rows.get, parse_cost("1$")) == [(("a", 1),)]


def test_r11_extra_points_are_lost():
    st = table()
    give(st, 0, "bank", "Ogre Bouncer")  # !! pays a cost of 1 and both points are gone
    uid = None
    run(st, [("deploy",)], active=0, phase="Deploy")
    give(st, 0, "hand", "Street Runner")
    run(st, [("deploy",)], active=0, phase="Deploy")
    do(st, "Play Street Runner")
    assert st.zones[0, "bank"] == [] and st.zones[0, "discard"] == ["Ogre Bouncer"]
    assert [st.inplay[u].name for u in st.chars[0]] == ["Street Runner"]
    del uid


def test_r11_a_choice_of_payments_is_asked():
    st = table()
    give(st, 0, "bank", "Fixer", "Kevlar Vest", "Street Runner")
    give(st, 0, "hand", "Fixer")
    run(st, [("deploy",)], active=0, phase="Deploy")
    do(st, "Play Fixer")
    assert st.ask[1] == "pay"
    assert len(labels(st)) == 2  # Fixer ($$) + one $ card, or the two $ cards and ...
    do(st, "Pay for Fixer with Fixer ($$) + Street Runner")
    assert len(st.zones[0, "bank"]) == 1


def test_r12_reductions_take_generic_points_first_then_a_typed_one():
    assert reduced(parse_cost("2$"), 1) == [Cost(1, ("$",))]
    assert reduced(parse_cost("1$Ω"), 2) == [Cost(0, ("Ω",)), Cost(0, ("$",))]
    assert reduced(parse_cost("3"), 5) == [Cost(1)]
    assert reduced(Cost(0), 2) == [Cost(0)]  # a printed 0 stays 0


def test_a3_typed_notation_variant():
    assert parse_cost("3$") == Cost(3, ("$",))
    assert parse_cost("3$", "typed") == Cost(0, ("$", "$", "$", "$"))


def test_a2_cards_variant_counts_each_card_once():
    rows = {"a": "$$", "b": "!"}
    assert payments(["a"], rows.get, parse_cost("2"), "points") == [(("a", 1),)]
    assert payments(["a"], rows.get, parse_cost("2"), "cards") == []
    assert payments(["a", "b"], rows.get, parse_cost("2"), "cards") == [(("a", 1), ("b", 1))]


def test_r13_r19_production_point_costs_only_in_own_production():
    st = table()
    give(st, 0, "hand", "Scavenge")
    give(st, 0, "discard", "Fixer")
    run(st, [("production",)], active=0, phase="Production")
    assert "Play Scavenge: return Fixer (*)" in labels(st)
    do(st, "Play Scavenge: return Fixer")
    assert st.prod_left == 2 and "Fixer" in st.zones[0, "hand"]
    assert st.zones[0, "discard"] == ["Scavenge"]
    st2 = table()
    give(st2, 1, "hand", "Insight")
    assert st2.surprise_ok(1, "Insight")[0] == "R-19"
