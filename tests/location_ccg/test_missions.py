"""The Location CCG's missions: attacking, challengers and opposers, combat damage (R-23 to
R-35)."""

from .helpers import do, labels, mission, put, run, table

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
