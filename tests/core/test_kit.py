"""The kit's parts, each against a plain reading of what it should do (brute force where
there is a calculation)."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest

from workbench.core.kit import (
    KING,
    KNIGHT,
    ROOK,
    Deck,
    Effect,
    Grid,
    KeywordError,
    Keywords,
    Mark,
    Piece,
    PriorityWindow,
    Vitals,
    Zones,
    dice_chance,
    draw_board,
    highest_of,
    pool_of,
    roll,
    sum_of,
    through_armor,
    turn_order,
)
from workbench.core.view import problems

# -- decks ----------------------------------------------------------------------------------


def test_a_deck_draws_each_card_by_its_copies_in_the_order_cards_came():
    deck = Deck({"b": 2, "a": 1, "none": 0})
    assert len(deck) == 3 and "none" not in deck
    dist = deck.dist()
    assert dist.outcomes == ("b", "a") and dist.weights == (2, 1)
    deck.take("b")
    assert deck.dist().weights == (1, 1)
    deck.take("b")
    assert deck.dist().outcomes == ("a",) and list(deck) == ["a"]
    with pytest.raises(ValueError, match="'b' is not in the deck"):
        deck.take("b")


def test_drawing_a_deck_dry_matches_every_shuffle():
    # Drawing one card per chance point gives each order of the cards exactly the chance a
    # shuffle gives it: count the orders of a small deck both ways.
    cards = ["x", "x", "y", "z"]
    by_shuffle = Counter(itertools.permutations(cards))
    total = sum(by_shuffle.values())

    def orders(deck, p, prefix):
        if not deck:
            yield tuple(prefix), p
            return
        dist = deck.dist()
        for card, w in zip(dist.outcomes, dist.weights, strict=True):
            rest = deck.copy()
            rest.take(card)
            yield from orders(rest, p * Fraction(w, dist.total), prefix + [card])

    got = dict(orders(Deck(cards), Fraction(1), []))
    assert got == {order: Fraction(n, total) for order, n in by_shuffle.items()}


def test_refill_reshuffles_a_discard_pile_and_empties_it():
    deck, discard = Deck(["a"]), ["b", "c", "b"]
    deck.take("a")
    assert not deck
    with pytest.raises(ValueError, match="empty"):
        deck.dist()
    deck.refill(discard)
    assert discard == [] and deck.counts == {"b": 2, "c": 1}
    other = Deck({"d": 2})
    deck.refill(other)
    assert len(other) == 0 and deck.counts == {"b": 2, "c": 1, "d": 2}
    assert deck.draws_to(5, held=3) == 2 and deck.draws_to(9, held=0) == 5
    assert deck.draws_to(2, held=4) == 0


def test_a_deck_draw_is_a_chance_point_and_a_pile_view():
    deck = Deck({"Rats": 3, "Brutes": 1})
    chance = deck.draw("Draw an enemy", names=str.upper)
    assert chance.p("Brutes") == Fraction(1, 4) and chance.describe("Rats") == "RATS"
    face_down = deck.card_view("Enemies")
    assert face_down.subtitle == "4 cards" and face_down.text == "" and problems(face_down) == []
    assert deck.card_view("Discard", face_up=True).text == "Rats ×3, Brutes"
    copy = deck.copy()
    copy.take("Rats")
    assert len(deck) == 4 and copy != deck


# -- damage ---------------------------------------------------------------------------------


@pytest.mark.parametrize("armor, damage", list(itertools.product(range(5), range(7))))
def test_armor_soaks_damage_first(armor, damage):
    left, through = through_armor(armor, damage)
    assert left == max(0, armor - damage) and through == max(0, damage - armor)


def test_vitals_take_heal_and_recover():
    v = Vitals(health=5, armor=2)
    assert v.take(3) is False and (v.armor, v.health) == (0, 4)
    assert v.heal(3) == 1 and v.health == 5
    assert v.heal(2, cap=False) == 2 and v.health == 7
    v.restore_armor()
    assert v.armor == 2
    assert v.take(20) is True and v.health == 0 and v.down


# -- dice -----------------------------------------------------------------------------------


def _brute(n: int, sides: int, combine) -> Counter:
    return Counter(combine(r) for r in itertools.product(range(1, sides + 1), repeat=n))


@pytest.mark.parametrize("n, sides", [(1, 6), (2, 6), (3, 6), (2, 8), (4, 4)])
def test_dice_pools_match_every_roll(n, sides):
    for dist, combine in ((sum_of(n, sides), sum), (highest_of(n, sides), max)):
        brute = _brute(n, sides, combine)
        assert dict(zip(dist.outcomes, dist.weights, strict=True)) == dict(brute)


def test_a_roll_from_notation_and_its_odds_are_exact():
    brute = _brute(3, 6, lambda r: sum(sorted(r)[1:]))  # 3d6, keep the highest two
    dist = roll("3d6kh2")
    assert {
        o: Fraction(w, dist.total) for o, w in zip(dist.outcomes, dist.weights, strict=True)
    } == {o: Fraction(c, 216) for o, c in brute.items()}
    chance = dice_chance(
        "2d6",
        "Attack",
        odds={"to hit": lambda s: s > 7, "6 or less": lambda s: s <= 6},
        names=lambda s: f"rolled {s}",
    )
    odds = dict(chance.odds_list())
    assert odds == {"to hit": Fraction(15, 36), "6 or less": Fraction(15, 36)}
    assert chance.describe(9) == "rolled 9"
    assert dice_chance(sum_of(1), "d6").odds_list() == ()


# -- grids ----------------------------------------------------------------------------------


def test_squares_are_named_as_people_write_them():
    g = Grid(8, 8)
    assert g.name(0) == "a1" and g.name(63) == "h8" and g.square(" C4 ") == 26
    assert g.xy(26) == (2, 3) and g.at(8, 0) is None and g.offset(0, -1, 0) is None
    with pytest.raises(ValueError, match="a1 to h8"):
        g.square("i9")
    with pytest.raises(ValueError):
        Grid(0, 3)


def test_steps_jumps_and_slides():
    g = Grid(5, 5)
    c3 = g.square("c3")
    assert sorted(g.name(s) for s in g.steps(g.square("a1"), KING)) == ["a2", "b1", "b2"]
    assert len(g.jumps(c3, KNIGHT)) == 8
    blocked = {g.square("c5"), g.square("e3")}
    ups = [g.name(s) for s in g.slide(c3, (0, 1), blocked)]
    assert ups == ["c4", "c5"]  # stops on the blocked square, included
    assert [g.name(s) for s in g.slide(c3, (1, 0), lambda s: s in blocked)] == ["d3", "e3"]
    assert [g.name(s) for s in g.slide(c3, (-1, 0))] == ["b3", "a3"]
    assert sorted(len(g.steps(c3, ROOK)) for _ in range(1)) == [4]
    assert g.distance(g.square("a1"), g.square("c5")) == 4


def test_between_follows_rows_columns_and_diagonals_only():
    g = Grid(6, 6)
    name = g.name
    assert [name(s) for s in g.between(g.square("a1"), g.square("d4"))] == ["b2", "c3"]
    assert [name(s) for s in g.between(g.square("f2"), g.square("c2"))] == ["e2", "d2"]
    assert g.between(g.square("a1"), g.square("a2")) == ()
    with pytest.raises(ValueError, match="not on one row"):
        g.between(g.square("a1"), g.square("b3"))


def _sight_oracle(g: Grid, a: int, b: int, blocked: set[int]) -> bool:
    """Exact geometry: the open segment between the centres meets a blocked square's interior,
    or passes through a corner whose two squares beside the line are both blocked."""
    (ax, ay), (bx, by) = g.xy(a), g.xy(b)
    dx, dy = bx - ax, by - ay
    half = Fraction(1, 2)
    for sq in blocked - {a, b}:
        x, y = g.xy(sq)
        lo, hi, inside = Fraction(0), Fraction(1), True
        # Liang-Barsky: clip the segment to the open square, edge by edge.
        for p, q in (
            (-dx, ax - (x - half)),
            (dx, (x + half) - ax),
            (-dy, ay - (y - half)),
            (dy, (y + half) - ay),
        ):
            if p == 0:
                inside = inside and q > 0
            elif p < 0:
                lo = max(lo, Fraction(q, p))
            else:
                hi = min(hi, Fraction(q, p))
        if inside and lo < hi:
            return False
    if dx and dy:
        for cx in range(g.width - 1):
            for cy in range(g.height - 1):
                px, py = Fraction(2 * cx + 1, 2), Fraction(2 * cy + 1, 2)
                t = (px - ax) / dx
                if (py - ay) != t * dy or not 0 < t < 1:
                    continue
                beside = (g.at(cx + (dx > 0), cy + (dy < 0)), g.at(cx + (dx < 0), cy + (dy > 0)))
                if all(s in blocked for s in beside):
                    return False
    return True


def test_line_of_sight_matches_exact_geometry():
    g = Grid(7, 6)
    rng = random.Random(7)
    for _ in range(1500):
        a, b = rng.randrange(len(g)), rng.randrange(len(g))
        blocked = {s for s in range(len(g)) if rng.random() < 0.2}
        assert g.line_of_sight(a, b, blocked) == _sight_oracle(g, a, b, blocked), (
            g.name(a),
            g.name(b),
            sorted(g.name(s) for s in blocked),
        )
    a1, d4 = g.square("a1"), g.square("d4")
    assert g.line_of_sight(a1, d4, {g.square("b1")})  # one side of a corner is open
    assert not g.line_of_sight(a1, d4, {g.square("b1"), g.square("a2")})
    assert not g.line_of_sight(a1, d4, {g.square("b2")})


def test_the_board_drawing_marks_targets_clickable():
    g = Grid(4, 4)
    board = draw_board(
        g,
        pieces=[Piece(0, "K", title="South King")],
        marks=[Mark(5, title="token")],
        targets={1: ["King a1 → b1"], 4: ["King a1 → a2", "Spawn at a2"]},
        arrows=[(0, 5, "#d00")],
        fills={0: "#ff0"},
    )
    assert problems(board, "board") == []
    assert board.targets == {"b1": ("King a1 → b1",), "a2": ("King a1 → a2", "Spawn at a2")}
    svg = board.svg
    assert svg.count('class="wb-target"') == 2 and 'data-square="a2"' in svg
    assert svg.count("<circle") == 1 and svg.count("<polygon") == 1
    assert "King a1 → a2 or Spawn at a2" in svg and 'fill="#ff0"' in svg


# -- zones ----------------------------------------------------------------------------------


def test_zones_move_cards_and_refuse_ones_that_are_not_there():
    z = Zones(2, ("hand", "bank", "discard"))
    z.add(0, "hand", "Ace")
    z.add(0, "hand", "King", front=True)
    assert z[0, "hand"] == ["King", "Ace"]
    z.move(0, "Ace", "hand", "bank")
    z.move(0, "King", "hand", "discard", to_seat=1)
    assert z[0, "bank"] == ["Ace"] and z[1, "discard"] == ["King"] and z.count(0, "hand") == 0
    assert z.where("King") == [(1, "discard")]
    with pytest.raises(ValueError, match="'Queen' is not in seat 1's hand"):
        z.move(0, "Queen", "hand", "bank")
    with pytest.raises(KeyError, match="no zone"):
        z[0, "void"]
    copy = z.copy()
    copy.move(0, "Ace", "bank", "discard")
    assert z[0, "bank"] == ["Ace"] and copy != z
    from workbench.core.view import CardView

    shown = z.zone_view(0, "bank", lambda c: CardView(c), title="Bank")
    hidden = z.zone_view(0, "bank", lambda c: CardView(c), hidden=True)
    assert [c.name for c in shown.cards] == ["Ace"] and hidden.cards[0].hidden
    assert problems(shown, "zone") == [] == problems(hidden, "zone")


# -- chess movement ------------------------------------------------------------------------------

from workbench.core.kit import (  # noqa: E402
    Responses,
    binary_dice,
    chess_moves,
    contest,
    contest_chance,
    threat_map,
)


def _chess_attacks(kind, sq, board, forward=1, width=8):
    """Squares a chess piece attacks, walked square by square from the rules of chess."""
    x, y = sq % width, sq // width
    if kind == "P":
        deltas, slide = [(-1, forward), (1, forward)], False
    elif kind == "N":
        deltas, slide = (
            [(a, b) for a in (-2, -1, 1, 2) for b in (-2, -1, 1, 2) if abs(a) != abs(b)],
            False,
        )
    elif kind == "K":
        deltas, slide = [(a, b) for a in (-1, 0, 1) for b in (-1, 0, 1) if a or b], False
    else:
        rook = [(1, 0), (-1, 0), (0, 1), (0, -1)]
        bishop = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
        deltas, slide = {"R": rook, "B": bishop, "Q": rook + bishop}[kind], True
    out = set()
    for dx, dy in deltas:
        cx, cy = x + dx, y + dy
        while 0 <= cx < width and 0 <= cy < width:
            out.add(cy * width + cx)
            if not slide or board[cy * width + cx] != -1:
                break
            cx, cy = cx + dx, cy + dy
    return out


def test_chess_threats_match_a_square_by_square_walk():
    moves = chess_moves(Grid(8, 8))
    rng = random.Random(3)
    for _ in range(60):
        board = [rng.choice((-1, -1, -1, 0)) for _ in range(64)]
        sq = rng.randrange(64)
        for kind in "PNBRQK":
            for forward in (1, -1):
                found = moves.threats(kind, sq, board, forward=forward)
                assert len(found) == len(set(found))
                assert set(found) == _chess_attacks(kind, sq, board, forward)


def test_reach_caps_every_line_and_slides_split_free_squares_from_the_first_piece():
    moves = chess_moves(Grid(8, 8))
    board = [-1] * 64
    board[24] = 5  # a4
    assert sorted(moves.threats("Q", 0, board, reach=1)) == [1, 8, 9]
    rook = {free[0] if free else None: (free, hit) for free, hit in moves.slides("R", 0, board)}
    assert rook[8] == ([8, 16], 24)  # up the a-file: a2, a3 free, a4 holds a piece
    assert rook[1] == ([1, 2, 3, 4, 5, 6, 7], None)


def test_pawn_pushes_need_empty_squares():
    moves = chess_moves(Grid(8, 8))
    board = [-1] * 64
    assert moves.pawn_pushes(12, 1, board, double=True) == [20, 28]  # e2: e3, e4
    board[28] = 0
    assert moves.pawn_pushes(12, 1, board, double=True) == [20]
    board[20] = 0
    assert moves.pawn_pushes(12, 1, board, double=True) == []
    assert moves.pawn_pushes(52, -1, [-1] * 64, double=False) == [44]


def test_threat_map_counts_every_piece():
    moves = chess_moves(Grid(8, 8))
    board = [-1] * 64
    board[0], board[2], board[17] = 0, 1, 2  # a1 rook, c1 bishop, b3 knight
    counts = threat_map(moves, [("R", 0, 1), ("B", 2, 1), ("N", 17, 1)], board)
    # d2 is the bishop's and the knight's; c1 the rook's (it stops there) and the knight's.
    assert counts[11] == 2 and counts[2] == 2 and counts[1] == 1 and counts[3] == 0


# -- response windows ------------------------------------------------------------------------------


def test_a_window_closes_when_every_seat_has_passed_in_a_row():
    r = Responses(2)
    r.push(0, "Rain of Arrows")
    assert r.asking == 1  # the one who played is taken to have let it be
    r.push(1, "Disruption")
    assert r.asking == 0 and r.open
    r.pass_()
    assert not r.open
    assert [r.pop(), r.pop()] == [(1, "Disruption"), (0, "Rain of Arrows")]


def test_asking_first_lets_a_seat_act_before_the_other_and_copies_are_separate():
    r = Responses(2)
    r.ask(0)
    r.pass_()
    assert r.asking == 1
    c = r.copy()
    c.pass_()
    assert not c.open and r.asking == 1
    r.ask(1, passes=2)
    assert not r.open
    with pytest.raises(ValueError, match="no response window"):
        r.pass_()


# -- opposed rolls ------------------------------------------------------------------------------


def test_binary_dice_are_binomial():
    for n in range(6):
        dist = binary_dice(n)
        counts = Counter(sum(roll) for roll in itertools.product((0, 1), repeat=n))
        assert dict(dist.items()) == dict(counts)


def test_a_contest_weighs_every_pair_and_names_its_odds():
    attack, defence = binary_dice(2) + 1, binary_dice(1)
    pairs = contest(attack, defence)
    assert pairs.total == 8 and pairs[(2, 1)] == 2
    chance = contest_chance(
        attack, defence, "2 dice + 1 vs 1 die", odds={"to win": lambda a, d: a > d}
    )
    brute = Fraction(
        sum(1 for a in itertools.product((0, 1), repeat=2) for d in (0, 1) if sum(a) + 1 > d), 8
    )
    assert chance.odds_list() == (("to win", brute),)
    assert contest_chance(attack, defence, "plain").odds_list() == ()


# -- the board drawing ----------------------------------------------------------------------------


def test_marks_in_each_corner_dots_and_piece_notes_are_drawn():
    grid = Grid(4, 4)
    board = draw_board(
        grid,
        pieces=[Piece(0, "R", note="6/5")],
        marks=[Mark(5, corner=c, title=c) for c in ("ne", "nw", "se", "sw")],
        dots={3: "#d00"},
    )
    assert "6/5" in board.svg and board.svg.count("<polygon") == 4
    assert 'fill="#d00"' in board.svg
    assert problems(board) == []
    with pytest.raises(ValueError, match="corner is one of"):
        Mark(0, corner="up")


# -- dice kept as values ---------------------------------------------------------------------


@pytest.mark.parametrize(("n", "sides"), [(0, 6), (1, 6), (3, 6), (4, 6), (3, 4)])
def test_a_pool_of_dice_kept_as_values_matches_every_ordered_roll(n, sides):
    counted = Counter(
        tuple(sorted(roll_, reverse=True))
        for roll_ in itertools.product(range(1, sides + 1), repeat=n)
    )
    dist = pool_of(n, sides)
    assert dict(zip(dist.outcomes, dist.weights, strict=True)) == dict(counted)
    assert dist.total == sides**n and dist.outcomes[0] == (sides,) * n
    with pytest.raises(ValueError, match="needs 0 or more dice"):
        pool_of(-1)


# -- keyword effects -------------------------------------------------------------------------


def _registry():
    kw = Keywords(qualifiers=("Fire", "Ice"))
    calls = []
    kw.add("Stun", "Take X energy.", number="required", scopes=("", "self", "each enemy"))
    kw.add("Power Up", "Raise a die.", scopes=("", "self"))
    kw.add("Draw", "Draw X.", number="optional", default=1)
    kw.add("Resistance", "Take X less.", number="required", qualified=True)

    @kw.keyword("Heal", "Remove a card worth X.", number="required", acts_on="character")
    def heal(*args):
        calls.append(args)

    return kw, calls


def test_keywords_read_cells_into_effects_in_order():
    kw, calls = _registry()
    assert kw.parse("Stun 2; Power Up self;  draw ; Fire Resistance 1") == (
        Effect("Stun", 2),
        Effect("Power Up", None, "self"),
        Effect("Draw", 1),
        Effect("Resistance", 1, "", "Fire"),
    )
    assert kw.parse("") == () and kw.parse(None) == ()
    assert str(Effect("Resistance", 1, "", "Fire")) == "Fire Resistance 1"
    kw["heal"].handler("state")
    assert calls == [("state",)] and kw["Heal"].acts_on == "character"
    assert [row["written"] for row in kw.describe()] == [
        "Stun X",
        "Power Up",
        "Draw [X]",
        "<qualifier> Resistance X",
        "Heal X",
    ]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Stun", "effect 1 'Stun': Stun needs a whole number after it, e.g. 'Stun 2'"),
        ("Heal 2; Stunn 1", "effect 2 'Stunn 1': no keyword 'Stunn' (did you mean 'Stun'?)"),
        (
            "Stun 1 everyone",
            "'everyone' is not a scope of Stun; write 'self', 'each enemy' or nothing",
        ),
        ("Power Up 2", "Power Up takes no number"),
        ("Resistance 1", "Resistance needs one of Fire, Ice in front"),
        ("Wind Resistance 1", "'Wind' is not one of Fire, Ice"),
        ("Fire Stun 1", "Stun takes no word in front of it"),
        ("Stun -1", "takes a number of 0 or more"),
    ],
)
def test_keyword_errors_say_which_effect_is_wrong_and_what_would_be_right(text, words):
    kw, _ = _registry()
    with pytest.raises(KeywordError) as err:
        kw.parse(text)
    assert words in str(err.value)


def test_keywords_are_declared_once():
    kw, _ = _registry()
    with pytest.raises(ValueError, match="declared twice"):
        kw.add("stun", "again")
    with pytest.raises(ValueError, match="number is one of"):
        kw.add("Bleed", "x", number="some")
    with pytest.raises(KeyError, match="no keyword 'Bleed'"):
        kw["Bleed"]


# -- priority windows ------------------------------------------------------------------------


def test_a_priority_window_closes_after_every_seat_declines_in_a_row():
    window = PriorityWindow([1, 2, 0])
    assert window.seat == 1
    window.decline()
    window.acted()  # seat 2 acts: seats 0, 1 and 2 must all decline again
    for seat in (0, 1):
        assert not window.closed and window.seat == seat
        window.decline()
    assert window.seat == 2 and not window.closed
    window.decline()
    assert window.closed


def test_a_priority_window_passes_over_seats_with_nothing_to_do():
    window = PriorityWindow([0, 1, 2])
    assert window.next_seat(lambda s: s == 2) == 2
    copy = window.copy()
    window.decline()
    assert window.next_seat(lambda s: s == 2) is None and window.closed
    assert copy.next_seat(lambda s: s == 2) == 2  # a copy keeps its own place
    window.reopen()
    assert window.seat == 0 and not window.closed
    with pytest.raises(ValueError):
        PriorityWindow([])


def test_turn_order_goes_round_from_a_seat_and_skips_seats_out():
    assert turn_order(4, 2) == [2, 3, 0, 1]
    assert turn_order(4, 2, lambda s: s == 3) == [2, 0, 1]
