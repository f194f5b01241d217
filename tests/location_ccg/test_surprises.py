"""The Location CCG's surprises and windows (R-30, R-40), the LIFO variant (A-5), and the
Locations and cards whose abilities act in them (Sanctuary, Shrine, Insight)."""

from workbench.core import CHANCE
from workbench.games.location_ccg.rules import HQ

from .helpers import do, give, mission, put, run, table

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
