"""The Location CCG's decks and the end of a game (R-4, A-24, A-25), and bad options."""

import pytest

import workbench as wb
from workbench.core import CHANCE, TERMINAL

from .helpers import run, table

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
