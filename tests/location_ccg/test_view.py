"""The step-through view: each seat sees its own hand and nobody else's, banks show resource
rows and no card names, and the Locations with their tokens come first."""

import json

import workbench as wb
from workbench.core.view import problems
from workbench.widgets.stepper import Stepper

from .helpers import give, put, table


def _zone(view, words):
    return next(z for z in view.zones if words in z.title)


def test_each_seat_sees_only_its_own_hand():
    st = table()
    give(st, 0, "hand", "Fixer", "Payoff")
    give(st, 1, "hand", "Rally")
    for seat in (0, 1, None):
        view = st.view(seat)
        assert problems(view) == []
        mine = _zone(view, "Seat 1 (Syndicate) hand")
        theirs = _zone(view, "Seat 2 (Order) hand")
        assert [c.hidden for c in mine.cards] == [seat != 0] * 2
        assert [c.hidden for c in theirs.cards] == [seat != 1]
        text = json.dumps(view.to_json(), ensure_ascii=False)
        assert ("Payoff" in text) == (seat == 0)
        assert ("Rally" in text) == (seat == 1)


def test_banks_show_rows_not_names():
    st = table()
    give(st, 0, "bank", "Fixer", "Payoff")
    view = st.view(1)
    bank = next(c for c in _zone(view, "Seat 1 (Syndicate) Assets").cards if c.name == "Bank")
    assert bank.text == "$$ $" and "Fixer" not in json.dumps(view.to_json())


def test_locations_show_tokens_and_who_is_there():
    st = table()
    uid = put(st, 0, "Enforcer", where=0)
    st.locs[0].vp[0] = 1
    view = st.view(None)
    locs = view.zones[0]
    assert locs.title == "Locations" and [c.name for c in locs.cards] == [x.name for x in st.locs]
    dock = locs.cards[0]
    assert f"here: {st.label(uid)}" == dock.text
    assert [(s.label, s.value, s.max) for s in dock.stats][1] == ("VP seat 1", 1, 2)


def test_a_played_match_renders_for_every_seat():
    m = wb.play("location_ccg", seed=9, bots="heuristic")
    m.auto(max_steps=150)
    for seat in (0, 1, None):
        assert problems(m.state.view(seat)) == []
    assert m.state._repr_html_().startswith("<div")


def _banker(state, seat, actions, rng):
    """Banks or puts back a card whenever it can, so the log has what the other seat must
    not read."""
    hidden = [a for a in actions if a.kind in ("bank", "bottom")]
    return (hidden or actions)[0]


def test_the_log_does_not_name_cards_banked_or_put_back_to_the_other_seat():
    m = wb.play("location_ccg", seed=1, bots={0: _banker, 1: _banker})
    s = Stepper(m, seat_view=0)
    s.play_to_end()
    theirs = [
        e
        for e in m.log
        if e["kind"] == "action" and e["seat"] == 1 and e["action"]["kind"] in ("bank", "bottom")
    ]
    assert {e["action"]["kind"] for e in theirs} == {"bank", "bottom"}
    for viewer, told in ((0, False), (None, False), (1, True)):
        s.seat_view = viewer
        shown = {e["i"]: e["text"] for e in s.view()["log"]}
        for e in theirs:
            name = e["action"]["args"][0]
            assert (name in shown[e["i"]]) == told, (viewer, shown[e["i"]])
            if not told:
                assert "a card" in shown[e["i"]]


def test_a_bot_step_tells_the_person_only_what_their_seat_may_see():
    m = wb.play("location_ccg", seed=1, bots={1: _banker})
    s = Stepper(m, seat_view=0, autoplay=False)
    said = []
    while not m.over and len(said) < 3:
        if m.to_move == 1 and any(a.kind == "bank" for a in m.legal_actions()):
            s.bot_step()
            said.append(s.view()["message"])
        else:
            s.bot_step()
    assert len(said) == 3
    for text in said:
        assert text.startswith("Bot played: Bank a card (")
        assert not any(name in text for name in m.game.load_cards()["cards"]["name"])
