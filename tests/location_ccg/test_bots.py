"""The bots: every one plays whole games, and the heuristic beats the random bot clearly
(the benchmark measures by how much over hundreds of games; here a small seeded sample)."""

import pytest

import workbench as wb

from .helpers import give


def test_heuristic_beats_random_in_both_seats():
    wins = 0
    for seats in ({0: "heuristic", 1: "random"}, {0: "random", 1: "heuristic"}):
        frame = wb.simulate("location_ccg", 20, seed=3, bots=seats)
        mine = 0 if seats[0] == "heuristic" else 1
        wins += sum(1 for w in frame["winner"].to_list() if w == mine)
    assert wins >= 34, wins


def test_search_bot_plays_a_game():
    m = wb.play(
        "location_ccg", seed=2, bots={0: "search", 1: "heuristic"}, rules={"loc.turn_limit": 8}
    )
    m.auto()
    assert m.over and m.result is not None


def test_the_heuristic_pays_the_cheapest_way():
    from workbench.games.location_ccg.bots import heuristic

    from .helpers import do, run, table

    st = table()
    give(st, 0, "bank", "Ogre Bouncer", "Lookout", "Kevlar Vest")
    give(st, 0, "hand", "Street Runner")
    run(st, [("deploy",)], active=0, phase="Deploy")
    do(st, "Play Street Runner")
    picked = heuristic(st, 0, st.legal_actions(), None)
    assert picked.args in ((("Lookout", 1),), (("Kevlar Vest", 1),))


@pytest.mark.parametrize(("limit", "plays"), [("per_subtype", True), ("one", False)])
def test_the_heuristic_plays_no_modifier_that_would_push_another_off(limit, plays):
    # Armor beside a weapon is a second modifier of another subtype: under
    # loc.modifier_limit = one it would only replace the weapon, wasting a card.
    from workbench.games.location_ccg.bots import heuristic

    from .helpers import put, run, table

    st = table({"loc.modifier_limit": limit})
    muscle = put(st, 0, "Hired Muscle")
    st._finish_play(0, ("play", "Brass Knuckles", muscle))
    give(st, 0, "bank", "Ogre Bouncer", "Lookout", "Street Runner")
    give(st, 0, "hand", "Kevlar Vest")
    run(st, [("deploy",)], active=0, phase="Deploy")
    actions = st.legal_actions()
    assert any(a.kind == "play" and a.args[0] == "Kevlar Vest" for a in actions), actions
    picked = heuristic(st, 0, actions, None)
    assert (picked.kind == "play") == plays, picked
