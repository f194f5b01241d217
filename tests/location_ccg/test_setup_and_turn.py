"""The Location CCG's set-up (R-7 to R-10) and turn (R-16 to R-22), rule by rule."""

import workbench as wb
from workbench.core import CHANCE
from workbench.games.location_ccg.rules import HQ

from .helpers import do, give, put, run, table

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
