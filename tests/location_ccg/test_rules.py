"""One or more tests per rule of rules.md, on positions set up by hand."""

import pytest

import workbench as wb
from workbench.core import CHANCE, TERMINAL
from workbench.games.location_ccg.costs import Cost, parse_cost, payments, reduced
from workbench.games.location_ccg.rules import HQ

from .helpers import do, give, labels, mission, play, put, run, table

# -- set-up (R-7 .. R-10) --------------------------------------------------------------------


def test_r8_locations_are_placed_first_second_first():
    m = wb.play("location_ccg", seed=4, first_player=1)
    picks = []
    while len(picks) < 3:
        assert m.state.ask[1] == "pick"
        picks.append(m.state.ask[0])
        m.step(m.legal_actions()[0])
    assert picks == [1, 0, 1]
    assert [loc.placed_by for loc in m.state.locs] == [1, 0, 1]


def test_r9_mulligan_puts_cards_on_the_bottom_and_refills():
    m = wb.play(
        "location_ccg", seed=2, first_player=0, locations=["Radio Tower", "Data Vault", "City Hall"]
    )
    m.auto(max_steps=0)
    while m.state.to_move == CHANCE:
        m.step_chance() if hasattr(m, "step_chance") else m.state.apply_chance(
            m.state.chance().dist.outcomes[0]
        )
    st = m.state
    assert st.ask[:2] == (0, "mulligan")
    first = st.zones[0, "hand"][0]
    do(st, f"Mulligan: put {first} on the bottom")
    assert st.bottom[0] == [first] and len(st.zones[0, "hand"]) == 6
    do(st, "Keep the hand and draw 1")
    while st.to_move == CHANCE:
        st.apply_chance(st.chance().dist.outcomes[0])
    assert len(st.zones[0, "hand"]) == 7
    assert st.ask[:2] == (1, "mulligan")  # first player first, then the second


def test_r10_the_second_player_takes_the_first_turn():
    m = wb.play("location_ccg", seed=3, first_player=0)
    st = m.state
    while st.turn == 0:
        if st.to_move == CHANCE:
            st.apply_chance(st.chance().dist.outcomes[0])
        else:
            st.apply(st.legal_actions()[-1])
    assert st.active == 1 and st.turn == 1


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


# -- turn (R-16 .. R-22) ---------------------------------------------------------------------


def test_r17_characters_away_come_home_in_their_owner_begin():
    st = table()
    a = put(st, 0, "Fixer", where=0)
    b = put(st, 1, "Scout", where=0)
    run(st, [("home",)], active=0, phase="Begin")
    assert st.inplay[a].where == HQ and st.inplay[b].where == 0


def test_r18_three_production_points():
    st = table()
    give(st, 0, "hand", "Fixer", "Lookout")
    run(st, [("production",)], active=0, phase="Production")
    do(st, "Bank Fixer")
    do(st, "Bank Lookout")
    assert st.prod_left == 1
    do(st, "Draw a card")
    assert st.to_move == CHANCE
    st.apply_chance(st.chance().dist.outcomes[0])
    assert st.prod_left == 0 and st.ask is None or st.ask[1] != "produce"
    assert st.zones[0, "bank"] == ["Fixer", "Lookout"] and len(st.zones[0, "hand"]) == 1


def test_r22_end_removes_damage_and_temporary_changes_and_trims_the_hand():
    st = table()
    a = put(st, 0, "Enforcer")
    b = put(st, 1, "Paladin")
    st.inplay[a].damage, st.inplay[b].damage = 2, 3
    st.inplay[b].wounds = 1
    st.inplay[a].temp = [2, 0, 0]
    give(st, 0, "hand", *["Fixer"] * 3, *["Lookout"] * 3, "Sniper", "Payoff")
    run(st, [("cleanup",)], active=0, phase="End")
    assert st.inplay[a].damage == st.inplay[b].damage == 0
    assert st.inplay[b].wounds == 1 and st.atk(a) == 4
    assert st.ask[1] == "discard"
    do(st, "Discard Payoff")
    assert len(st.zones[0, "hand"]) == 7 and st.zones[0, "discard"] == ["Payoff"]


# -- missions (R-23 .. R-29) -----------------------------------------------------------------


def test_r23_a_won_location_cannot_be_attacked():
    st = table()
    put(st, 0, "Fixer")
    st.locs[0].won_by = 1
    run(st, [("mission",)], active=0)
    assert not any("Dockside" in x for x in labels(st))
    from workbench.core import Action, why_illegal

    err = why_illegal(st, Action("mission", (0,)))
    assert err is not None and err.rule == "R-28"


def test_a16_a_mission_needs_an_attacker_unless_the_variant_allows_none():
    st = table()
    put(st, 0, "Fixer")
    run(st, [("mission",)], active=0)
    do(st, "Mission to Dockside")
    assert not any(x.startswith("Go") for x in labels(st))
    st = table({"loc.min_attackers": 0})
    put(st, 0, "Fixer")
    run(st, [("mission",)], active=0)
    do(st, "Mission to Dockside")
    assert "Go with 0 attackers" in labels(st)


def test_r25_the_defender_chooses_the_second_challenger():
    st = table()
    a1, a2 = put(st, 0, "Fixer"), put(st, 0, "Lookout")
    d1, d2 = put(st, 1, "Scout"), put(st, 1, "Acolyte")
    mission(st, 0, [a1, a2], [d1, d2])
    assert st.ask[:2] == (0, "challenger")
    do(st, f"Challenge with {st.label(a1)}")
    assert st.ask[:2] == (1, "opposer")
    do(st, f"Oppose {st.label(a1)} with {st.label(d2)}")
    assert st.ask[:2] == (1, "challenger")
    do(st, f"Challenge with {st.label(d1)}")
    assert st.ask[:2] == (0, "opposer")
    do(st, "Oppose")
    assert st.combat is None or st.combat.pairs == [(a1, d2), (d1, a2)]


def test_r26_damage_is_simultaneous():
    st = table()
    a = put(st, 0, "Hired Muscle")  # 3/2/0
    d = put(st, 1, "Watchman")  # 2/3/0: both die at once
    mission(st, 0, [a], [d])
    do(st, "Challenge")
    do(st, "Oppose")
    assert a not in st.inplay and d not in st.inplay


def test_r27_skill_count_variants():
    for variant, expect in (("all_at_location", [0, 0]), ("mission_only", [1, 0])):
        st = table({"loc.skill_count": variant})
        put(st, 1, "Oracle", where=0)  # left at the Location by an earlier mission: Skl 3
        a = put(st, 0, "Fixer")
        mission(st, 0, [a])
        assert st.locs[0].vp == expect, variant


def test_r32_gang_is_optional():
    st = table()
    muscle, fixer = put(st, 0, "Hired Muscle"), put(st, 0, "Fixer")
    watchman = put(st, 1, "Watchman")
    mission(st, 0, [muscle, fixer], [watchman])
    do(st, f"Challenge with {st.label(fixer)}")
    do(st, "Oppose")
    do(st, f"{st.label(muscle)} stays out")
    assert st.inplay[watchman].damage == 1


def test_r33_giant_challenger_takes_two_opposers_and_splits_its_atk():
    st = table()
    ogre = put(st, 0, "Ogre Bouncer")  # 4/6/0 Giant 2
    s1, s2 = put(st, 1, "Scout"), put(st, 1, "Militia")
    mission(st, 0, [ogre], [s1, s2])
    do(st, f"Challenge with {st.label(ogre)}")
    do(st, f"Oppose {st.label(ogre)} with {st.label(s1)}")
    assert st.ask[:2] == (1, "opposer")  # min(2, 2) opposers
    do(st, f"Oppose {st.label(ogre)} with {st.label(s2)}")
    assert st.ask[1] == "split" and len(labels(st)) == 5
    do(st, f"{st.label(ogre)} deals 1 to {st.label(s1)}, 3 to {st.label(s2)}")
    assert s1 not in st.inplay and s2 not in st.inplay
    assert st.inplay[ogre].damage == 2


def test_r33_giant_opposer_can_be_paired_twice():
    # The Ogre Bouncer is a Giant (a Golem is not), so it may be paired twice.
    st = table(decks=("Order", "Syndicate"))
    a1, a2 = put(st, 0, "Scout"), put(st, 0, "Acolyte")
    ogre = put(st, 1, "Ogre Bouncer")
    mission(st, 0, [a1, a2], [ogre])
    do(st, f"Challenge with {st.label(a1)}")
    do(st, "Oppose")
    # D still holds the Giant: the defender picks the next challenger from it.
    assert st.ask[:2] == (1, "challenger") and labels(st)[0].startswith(
        f"Challenge with {st.label(ogre)}"
    )


def test_r33_ignore_variant_makes_giant_plain():
    st = table({"loc.giant": "ignore"})
    ogre = put(st, 0, "Ogre Bouncer")
    s1, s2 = put(st, 1, "Scout"), put(st, 1, "Militia")
    mission(st, 0, [ogre], [s1, s2])
    do(st, f"Challenge with {st.label(ogre)}")
    do(st, f"Oppose {st.label(ogre)} with {st.label(s1)}")
    assert st.ask is None or st.ask[1] != "opposer"


def test_r35_a_second_lethal_hit_destroys():
    st = table()
    enforcer = put(st, 0, "Enforcer")
    st.inplay[enforcer].wounds = 1
    st._damage(enforcer, 3)
    st._lethal([enforcer])
    assert enforcer not in st.inplay


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


# -- surprises and windows (R-30, R-40) ------------------------------------------------------


def test_r30_payoff_cannot_target_a_shielded_defender():
    st = table()
    a = put(st, 0, "Fixer")
    d = put(st, 1, "Oracle")
    give(st, 0, "hand", "Payoff")
    give(st, 0, "bank", "Fixer", "Street Runner")
    mission(st, 0, [a], [d])
    # The Oracle is Shielded: Payoff has no target, so no window asks seat 1.
    assert st.ask[:2] == (0, "challenger")


def test_r30_payoff_on_an_unshielded_defender():
    st = table()
    a = put(st, 0, "Fixer")
    d = put(st, 1, "Watchman")
    give(st, 0, "hand", "Payoff")
    give(st, 0, "bank", "Fixer", "Street Runner")
    mission(st, 0, [a], [d])
    assert st.ask[:2] == (0, "window") and st.window_tag == "after R-24"
    do(st, f"Play Payoff on {st.label(d)}")
    assert st.inplay[d].where == HQ
    # Nobody opposes: the Fixer's Skl 2 against Skill 2 wins a VP token.
    while st.ask and st.ask[1] == "window":
        do(st, "Pass")
    assert st.locs[0].vp == [1, 0]


def test_r40_shielded_cannot_be_targeted_by_the_opponent():
    st = table()
    oracle = put(st, 1, "Oracle")
    fixer = put(st, 0, "Fixer")
    assert oracle not in st.targets(0, "character") and fixer in st.targets(0, "character")
    assert oracle in st.targets(1, "character")


def test_r30_window_asks_the_active_player_first_and_closes_after_two_passes():
    st = table()
    fixer = put(st, 0, "Fixer")
    give(st, 0, "hand", "Smoke Screen")
    give(st, 0, "bank", "Lookout")
    give(st, 1, "hand", "Sanctuary")
    give(st, 1, "bank", "Paladin", "Scout")
    run(st, [("window", "start of Deploy"), ("deploy",)], active=0, phase="Deploy")
    assert st.ask[:2] == (0, "window")
    do(st, f"Play Smoke Screen on {st.label(fixer)}")
    assert st.skl(fixer) == 4  # resolved at once (no stack)
    assert st.ask[:2] == (1, "window")
    do(st, "Pass")
    assert st.ask[:2] == (1, "deploy") or st.ask[1] == "deploy"


def test_a5_lifo_variant_resolves_newest_first():
    st = table({"loc.stack": "lifo"})
    fixer = put(st, 0, "Fixer")
    give(st, 0, "hand", "Smoke Screen")
    give(st, 0, "bank", "Lookout")
    give(st, 1, "hand", "Purge")
    give(st, 1, "bank", "Paladin", "Battle Mage", "Scout")  # 3# is 4 points
    st.inplay[fixer].damage = 1
    run(st, [("window", "start of Deploy"), ("deploy",)], active=0, phase="Deploy")
    do(st, f"Play Smoke Screen on {st.label(fixer)}")
    assert st.skl(fixer) == 2  # waits on the stack
    do(st, f"Play Purge on {st.label(fixer)}")
    # Both passed after the Purge? Seat 1 answered; seat 0 can do nothing more: closes.
    assert fixer not in st.inplay  # Purge resolved first; the Smoke Screen fizzles
    assert any("left play" in e for e in st.events)


def test_sanctuary_prevents_combat_damage():
    st = table(decks=("Order", "Syndicate"))
    scout = put(st, 0, "Scout")
    muscle = put(st, 1, "Hired Muscle")
    st.inplay[scout].prevent = True
    mission(st, 0, [scout], [muscle])
    do(st, "Challenge")
    do(st, "Oppose")
    assert scout in st.inplay and muscle in st.inplay and st.inplay[muscle].damage == 1


def test_shrine_may_keep_a_destroyed_character_in_the_discard_pile():
    st = table(decks=("Order", "Syndicate"))
    put(st, 0, "Shrine")
    scout = put(st, 0, "Scout")
    give(st, 0, "bank", "Acolyte")
    st.destroy(scout)
    run(st, st.todo, active=0, phase="Deploy")
    assert st.ask[1] == "shrine"
    do(st, "Shrine: keep Scout")
    assert st.zones[0, "discard"] == ["Acolyte", "Scout"] and st.zones[0, "void"] == []


def test_insight_draws_two_then_puts_one_on_the_bottom():
    st = table(decks=("Order", "Syndicate"))
    give(st, 0, "hand", "Insight")
    run(st, [("production",)], active=0, phase="Production")
    do(st, "Play Insight")
    for _ in range(2):
        assert st.to_move == CHANCE
        st.apply_chance(st.chance().dist.outcomes[0])
    assert st.ask[1] == "bottom" and len(st.zones[0, "hand"]) == 2
    card = st.zones[0, "hand"][0]
    do(st, f"Put {card} on the bottom")
    assert st.bottom[0] == [card]


# -- decks and the end (R-4, A-24, A-25) -----------------------------------------------------


def test_r4_empty_deck_reshuffles_the_discard_pile():
    st = table()
    for name in list(st.deck[0]):
        st.deck[0].take(name)
        st.zones[0, "discard"].append(name)
    run(st, [("draw", 0)], active=0, phase="Production")
    assert st.to_move == CHANCE and len(st.deck[0]) == 40 and st.zones[0, "discard"] == []


def test_a24_deckout_draws_nothing_or_loses():
    for variant, over in (("no_draw", False), ("lose", True)):
        st = table({"loc.deckout": variant})
        for name in list(st.deck[0]):
            st.deck[0].take(name)
            st.zones[0, "void"].append(name)
        run(st, [("draw", 0), ("phase", "Mission")], active=0, phase="Production")
        assert (st.to_move == TERMINAL) == over
        if over:
            assert st.result().winners == (1,) and "A-24" in st.result().reason


def test_a25_turn_limit_leader_by_locations_then_tokens():
    st = table({"loc.turn_limit": 5})
    st.turn = 5
    st.locs[0].vp = [0, 1]
    run(st, [("turn",)], active=0)
    assert st.result().winners == (1,) and "A-25" in st.result().reason
    st = table({"loc.turn_limit": 5})
    st.turn = 5
    run(st, [("turn",)], active=0)
    assert st.result().outcome == "draw"


@pytest.mark.parametrize("leader, winners", [("locations_then_tokens", (0,)), ("tokens", (1,))])
def test_a25_a_location_won_leads_unless_tokens_alone_count(leader, winners):
    st = table({"loc.turn_limit": 5, "loc.limit_leader": leader})
    st.turn = 5
    st.locs[0].won_by = 0
    st.locs[1].vp = [0, 2]
    run(st, [("turn",)], active=0)
    assert st.result().winners == winners and "A-25" in st.result().reason


@pytest.mark.parametrize(
    "bad, words",
    [
        ({"loc.stack": "fifo"}, "loc.stack"),
        ({"loc.turn_limit": -1}, "loc.turn_limit"),
        ({"loc.turn_limit": 0}, "loc.turn_limit"),
        ({"loc.limit_leader": "vp"}, "loc.limit_leader"),
    ],
)
def test_bad_variants_name_themselves(bad, words):
    with pytest.raises(wb.SetupError, match=words):
        wb.play("location_ccg", rules=bad)


def test_setup_locations_option_is_checked():
    with pytest.raises(wb.SetupError, match="fixed first_player"):
        wb.play("location_ccg", locations=["Radio Tower"])
    with pytest.raises(wb.SetupError, match="pick 2 is seat 2's"):
        wb.play("location_ccg", first_player=0, locations=["Radio Tower", "City Hall"])
    m = wb.play(
        "location_ccg", first_player=0, seed=1, locations=["Radio Tower", "Data Vault", "City Hall"]
    )
    assert [x.name for x in m.state.locs] == ["Radio Tower", "Data Vault", "City Hall"]


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


def test_r34_a_giant_challenger_killed_at_range_takes_no_more_opposers():
    st = table(decks=("Syndicate", "Order"))
    ogre = put(st, 0, "Ogre Bouncer")  # Def 6
    st.inplay[ogre].damage = 4
    mage, scout = put(st, 1, "Battle Mage"), put(st, 1, "Scout")
    mission(st, 0, [ogre], [mage, scout])
    do(st, f"Challenge with {st.label(ogre)}")
    do(st, f"Oppose {st.label(ogre)} with {st.label(mage)}")  # 3 at range: 7 >= 6
    assert ogre not in st.inplay
    assert st.ask is None or st.ask[1] != "opposer"
    assert scout in st.inplay and st.inplay[scout].damage == 0


def test_a5_lifo_a_play_whose_card_has_gone_does_nothing():
    st = table({"loc.stack": "lifo"})
    give(st, 0, "hand", "Scavenge", "Scavenge")
    give(st, 0, "discard", "Fixer")
    run(st, [("production",), ("window", "end of Production")], active=0, phase="Production")
    do(st, "Play Scavenge: return Fixer")
    do(st, "Play Scavenge: return Fixer")
    assert "Fixer" not in st.zones[0, "hand"]  # both wait on the stack
    do(st, "End production")
    # The newest resolves first and takes the Fixer; the older finds it gone.
    assert st.zones[0, "hand"].count("Fixer") == 1 and st.zones[0, "discard"] == [
        "Scavenge",
        "Scavenge",
    ]
