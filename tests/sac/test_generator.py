"""The generator's rules one at a time (rules.md 3.1 to 3.5), on fixed piles."""

from __future__ import annotations

import random
import re

import pytest

import workbench as wb
from workbench.games.sac import cards52 as C
from workbench.games.sac import generate_dungeon
from workbench.games.sac.catalog import catalog_for
from workbench.games.sac.dungeon import CW, Placed, check_dir_table
from workbench.games.sac.generate import build

from .helpers import EXAMPLE_1, EXAMPLE_2, GAME, builder, feed, rules


def test_roles_and_piles_follow_the_suit_reading():
    assert [C.role(c) for c in ("4C", "4H", "4S", "4D", "JS", "AS", "AH", "Joker")] == [
        "corridor",
        "corridor",
        "room",
        "enemy",
        "door",
        "shop",
        "healing",
        "big_bad",
    ]
    assert C.role("4D", "legend") == "room" and C.role("4S", "legend") == "enemy"
    deck = C.full_deck()
    one = [c for c in deck if C.pile_of(c) == 1]
    two = [c for c in deck if C.pile_of(c) == 2]
    assert len(one) == 27 and len(two) == 25 and deck.count("Joker") == 2
    assert {"2D", "3D", "4D", "JH", "KD"} <= set(one) and "5D" in two and "JS" in two
    # Under the legend the enemies 2-4 are spades; pile 1 keeps the red doors.
    legend = [c for c in deck if C.pile_of(c, "legend") == 1]
    assert {"2S", "3S", "4S", "JH", "QD"} <= set(legend) and "2D" not in legend


def _small():
    # 4♣ (7,0), 7♣ (6,0); pile 1 runs out: a room from (6,0); 2♠ on (5,0); pile 2 runs out.
    return builder(["4C", "7C"], ["2S"], **{"sac.dead_end": "backtrack"})


def test_R1_turns_by_the_sense_and_R2_backtracks_to_earlier_cells():
    b = _small()
    corridor = b.segs[0]
    assert corridor.cells == [(7, 0), (6, 0)]
    b.cells[(6, 1)] = Placed("9C", "corridor", 0, "D", 99, "test", None)
    spot, refused = b._place(corridor, (6, 0), "D", CW)
    # Down is taken, clockwise Left holds 2♠, Up is off the table, Right holds 4♣: then the
    # corridor's earlier cell (7,0) is tried, Down first.
    assert spot == ((7, 1), "D", (7, 0))
    assert len(refused) == 4 and "off the table" in refused[2]
    b.cells[(7, 1)] = Placed("9C", "corridor", 0, "D", 100, "test", None)
    assert b._place(corridor, (6, 0), "D", CW)[0] is None


def test_R2_a_blocked_card_closes_its_segment_in_a_dead_end():
    # A 3 x 3 table: the black corridor spirals in (turning counter-clockwise) and fills it,
    # so the tenth card has nowhere to go.
    one = ["4C", "7C", "9C", "8C", "6C", "5C", "3C", "10C", "2C", "2C"]
    b = builder(one, ["5D", "Joker", "Joker"], width=3, height=3)
    assert len(b.cells) == 9 and b.discards == ["2C"]
    assert b.segs[0].ended == "dead end"
    dead = next(n for n in b.notes if n.rule == "R-2")
    assert "nowhere to go" in dead.text
    # Nothing is left to open: R-14a draws pile 2 onto the start cell (no room was built).
    assert b.stalled and b.finished
    assert b.counters == [((2, 0), "5D"), ((2, 0), "Joker"), ((2, 0), "Joker")]


def test_R5_a_red_door_ends_a_corridor_and_opens_onto_a_clockwise_room():
    b = builder(["4C", "KH"], ["3S", "5S"])
    door = b.doors[0]
    assert (door.card, door.pos, door.leads_to) == ("KH", (6, 0), "room")
    b.open_door(door)
    feed(b)
    room = b.segs[-1]
    assert room.kind == "room" and room.sense == CW and room.anchor == (6, 0)
    assert b.cells[(5, 0)].card == "3S"  # heading Left, the door's direction


def test_R6_pile_1_running_out_starts_a_room():
    b = _small()
    note = next(n for n in b.notes if n.rule == "R-6")
    assert "pile 1 is empty" in note.text
    assert b.segs[1].kind == "room" and b.segs[1].sense == CW  # a black corridor
    assert b.finished and b.notes[-1].rule == "R-11"


def test_R12_a_segment_with_no_card_puts_its_counter_on_the_segment_before():
    b = builder(["4C", "5H", "3D", "KH"], ["5S", "QC", "2S"])
    b.open_door(b.doors[0])  # the Queen: a corridor that draws 3♦ then the King
    feed(b)
    assert b.cells[(6, 2)].card == "KH"
    assert b.counters == [((6, 0), "3D")]  # on 5♠, room 1's last card


def test_R12_the_segment_before_is_the_one_built_just_before_not_the_one_it_grew_from():
    # Deal 4: corridor 10 grew from corridor 7, draws only 2♦ and ends; segments 8 and 9
    # were built in between, so the counter goes on segment 9's last card (section 7's prevND).
    cat = catalog_for(GAME.load_cards(), GAME.default_rules())
    b = build(cat, random.Random(4))
    seg = b.segs[10]
    assert seg.last is None and seg.parent == 7 and b.segs[7].last != b.segs[9].last
    assert (b.segs[9].last, "2D") in b.counters
    assert (b.segs[7].last, "2D") not in b.counters


def test_R14_generator_mode_opens_doors_first_in_first_out_or_lifo():
    def opened(order):
        b = builder(EXAMPLE_1, EXAMPLE_2, mode="generator", **{"sac.door_order": order})
        return [n.text.split()[1] for n in b.notes if " opens" in n.text][:2]

    assert opened("fifo") == ["J♣", "Q♠"]
    assert opened("lifo") == ["J♣", "K♣"]


def test_R14a_a_stall_puts_the_big_bads_on_the_last_room():
    cat = catalog_for(GAME.load_cards(), GAME.default_rules())
    seed = next(s for s in range(100) if build(cat, random.Random(s)).stalled)
    b = build(cat, random.Random(seed))
    stall = next(n for n in b.notes if n.rule == "R-14a")
    assert b.last_room is not None and b.cells[b.last_room].role in ("room", "shop", "healing")
    assert [p for p, c in b.counters if c == "Joker"] == [b.last_room] * 2
    assert "every branch is closed" in stall.text and not b.piles[2]


def test_A31_reshuffle_starts_again_from_a_dead_end():
    cat = catalog_for(GAME.load_cards(), rules({"sac.stall": "reshuffle"}))
    base = catalog_for(GAME.load_cards(), GAME.default_rules())
    seed = next(s for s in range(100) if build(base, random.Random(s)).stalled)
    b = build(cat, random.Random(seed))
    assert any(n.rule == "A-31" for n in b.notes)
    assert b.finished and sum(c == "Joker" for _, c in b.counters) == 2
    assert len(b.cells) > len(build(base, random.Random(seed)).cells)


def test_A30_extra_cards_make_more_room_cards_and_bigger_dungeons():
    plain = catalog_for(GAME.load_cards(), GAME.default_rules())
    more = catalog_for(GAME.load_cards(), rules({"sac.extra_cards": 2}))
    assert len(plain.deck) == 54 and len(more.deck) == 54 + 18
    size = [
        sum(len(build(cat, random.Random(s)).cells) for s in range(40)) for cat in (plain, more)
    ]
    assert size[1] > size[0]


def test_A2_any_direction_table_can_be_given_and_a_bad_one_is_refused():
    a = generate_dungeon(seed=3, rules={"dir_table": "UUUUUUUUU"})
    assert not a.cards.equals(generate_dungeon(seed=3).cards)
    with pytest.raises(ValueError, match="nine letters"):
        check_dir_table("RULD")
    import workbench as wb

    with pytest.raises(wb.SetupError, match="dir_table"):
        wb.play("sac", rules={"sac.dir_table": "XYZ"})


def test_A7_first_card_each_lets_a_corridor_behind_a_door_take_its_cards_direction():
    # Behind the J♣ (Down) the first corridor card is 6♣: 6 -> Left.
    b = builder(EXAMPLE_1, EXAMPLE_2, **{"sac.corridor_dir": "first_card_each"})
    b.open_door(b.doors[0])
    feed(b)
    assert b.cells[(2, 1)].card == "6C"


def test_every_step_of_a_deal_is_a_note_with_a_rule():
    d = generate_dungeon(seed=11)
    assert d.steps.height >= d.cards.height
    assert d.steps["rule"].str.contains(r"^(R-\d+a?|A-\d+)$").all()
    assert d.steps["what"].str.ends_with(")").all()


@pytest.mark.parametrize(
    "kw, words",
    [
        ({"seed": "x"}, "seed: give a whole number"),
        ({"seed": 1.5}, "seed: give a whole number"),
        ({"piles": "4C 7C"}, "piles: give two lists of cards"),
        ({"piles": (["4C"],)}, "piles: give two lists of cards"),
        ({"piles": (["4C"], ["2S", "ZZ"])}, "pile 2, card 2: 'ZZ' is not a card of cards.csv"),
    ],
)
def test_a_bad_seed_or_pile_is_named(kw, words):
    with pytest.raises(wb.SetupError, match=re.escape(words)):
        generate_dungeon(**kw)
