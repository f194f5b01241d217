"""The rules file's own test cases, T-1 to T-6 (rules.md section 8)."""

from __future__ import annotations

import random

from workbench.games.sac import generate_dungeon
from workbench.games.sac.catalog import catalog_for
from workbench.games.sac.dungeon import Config
from workbench.games.sac.generate import build

from .helpers import EXAMPLE_1, EXAMPLE_2, EXAMPLE_MAP, GAME, builder, example, feed


def _doors(b):
    return [(d.card, d.pos, d.dir, d.open, d.leads_to) for d in b.doors]


def test_T1_the_worked_example_builds_the_expected_table():
    b = example()
    assert b.text_map() == EXAMPLE_MAP
    assert b.counters == [((5, 0), "3D"), ((6, 2), "6D")]
    assert b.discards == ["5H", "8H"]
    assert _doors(b) == [
        ("JC", (3, 1), "D", True, "corridor"),
        ("QS", (3, 3), "D", False, "corridor"),
        ("JS", (2, 2), "L", False, "corridor"),
        ("KC", (7, 2), "R", False, "corridor"),
    ]


def test_T1_each_step_names_the_statement_it_matches():
    notes = {n.card: n for n in example().notes if n.card}
    # Step 8: 2 -> Right is blocked by the A♠, clockwise gives Down; the door ends room 1.
    assert notes["JC"].rule == "R-9" and notes["JC"].pos == (3, 1)
    assert "wanted Right" in notes["JC"].text and "holds A♠" in notes["JC"].text
    # Step 13: the Jack goes one position further clockwise than the Queen.
    assert notes["QS"].pos == (3, 3) and notes["JS"].pos == (2, 2)
    assert notes["QS"].rule == notes["JS"].rule == "R-8"
    # Step 16: Left is the shot door, Up is room 1: Right.
    assert notes["10S"].pos == (5, 1)
    assert "Left of e5 (d5) holds J♣" in notes["10S"].text
    assert "Up of e5 (e6) holds A♠" in notes["10S"].text
    # Step 20: the ace keeps Right; the King closes the room.
    assert notes["KC"].pos == (7, 2) and "ends the room" in notes["KC"].text


def test_T2_rotation_per_card_sends_the_door_the_other_way():
    b = builder(EXAMPLE_1, EXAMPLE_2, **{"sac.rotation": "per_card"})
    jack = b.doors[0]
    assert (jack.card, jack.pos) == ("JC", (2, 0))  # contradicts the source: evidence for A-3


def test_T3_placing_the_shift_card_moves_room_2():
    # Both shift cards are placed: 5♥ ends the first corridor on (4,0), so everything after
    # it moves one cell left, and 8♥ becomes the corridor cell under 6♣ instead of the Queen.
    b = example(**{"sac.shift_card": "place"})
    assert b.cells[(4, 0)].card == "5H"
    assert b.cells[(2, 2)].card == "6C" and b.cells[(2, 3)].card == "8H"
    assert b.cells[(2, 4)].card == "QS"
    assert b.text_map() != EXAMPLE_MAP
    assert b.discards == []


def _room_with_enemy(**variants):
    # 4♣ starts on (7,0) and 5♥ shifts the colour: a fresh room anchored there.
    return builder(["4C", "5H"], ["5S", "9D", "6S", "QC"], **variants)


def test_T4_counters_go_on_the_segments_last_card():
    b = _room_with_enemy()
    assert b.cells[(6, 0)].card == "5S" and b.cells[(6, 1)].card == "6S"
    assert b.counters == [((6, 1), "9D")]


def test_T4_immediate_counters_go_on_the_last_card_placed():
    assert _room_with_enemy(**{"sac.counter_timing": "immediate"}).counters == [((6, 0), "9D")]


def test_T5_a_door_drawn_first_goes_under_pile_1():
    b = builder(["KH", "3C", "5C"], ["2S"], mode="game")
    assert b.cells[(7, 0)].card == "3C"
    assert b.cells[(6, 0)].card == "5C" and b.cells[(6, 0)].dir == "L"
    assert b.cells[(5, 0)].card == "KH" and b.doors[0].leads_to == "room"
    assert [n.rule for n in b.notes[:1]] == ["R-3"]


def test_T6_full_deals_end_with_both_big_bads_together_and_spare_corridors():
    cat = catalog_for(GAME.load_cards(), GAME.default_rules())
    assert (cat.cfg.width, cat.cfg.height) == (12, 8)
    left = []
    for seed in range(2000):
        b = build(cat, random.Random(seed))
        assert b.finished and b.need is None
        bigs = [p for p, c in b.counters if c == "Joker"]
        assert len(bigs) == 2 and bigs[0] == bigs[1]
        last = max(
            (p for p, c in b.cells.items() if c.role != "door"), key=lambda p: b.cells[p].order
        )
        assert bigs[0] == (b.last_room if b.stalled else last)  # R-14a, else R-12
        left.append(len(b.piles[1]))
    left.sort()
    assert (left[500], left[1000], left[1500]) == (11, 13, 15)


def test_generate_dungeon_returns_the_cards_the_rule_that_placed_each_and_a_map():
    d = generate_dungeon(piles=(EXAMPLE_1, EXAMPLE_2), rules={"width": 8, "height": 6})
    first = d.cards.row(0, named=True)
    assert (first["card"], first["x"], first["y"], first["rule"]) == ("4C", 7, 0, "R-3")
    assert set(d.cards["role"]) <= {"corridor", "room", "door", "shop", "healing"}
    assert d.svg.startswith("<svg") and "4♣" in d.svg
    assert "R-9" in d.steps["rule"].to_list()
    # Generator mode opens the doors by itself, so it grows past the example.
    assert d.cards.height > 16


def test_same_seed_same_dungeon_and_a_match_opens_on_the_same_cards():
    import workbench as wb

    a, b = generate_dungeon(seed=4), generate_dungeon(seed=4)
    assert a.cards.equals(b.cards) and not a.cards.equals(generate_dungeon(seed=5).cards)
    m = wb.play("sac", seed=4)
    opening = [c.card for c in sorted(m.state.b.cells.values(), key=lambda c: c.order)]
    assert opening == a.cards["card"].to_list()[: len(opening)]


def test_the_direction_table_is_1_4():
    cfg = Config()
    assert {n: cfg.direction(f"{n}S", "U") for n in range(2, 11)} == {
        2: "R",
        3: "U",
        4: "L",
        5: "D",
        6: "L",
        7: "U",
        8: "R",
        9: "R",
        10: "D",
    }
    keep = Config(dir6="keep")
    assert keep.direction("6S", "U") == "U" and keep.direction("6S", None) == "L"


def test_feed_refuses_a_card_that_is_not_next():
    b = builder(EXAMPLE_1[:2], EXAMPLE_2)
    feed(b)
    import pytest

    with pytest.raises(ValueError):
        b.feed("KS") if b.need else (_ for _ in ()).throw(ValueError("idle"))
