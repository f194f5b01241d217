"""Squad Combat's exact odds against brute-force oracles, the engine against the dice
calculator, the demo decks against the design notes, the bots and the simulated analyses."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

import workbench as wb
from workbench.dice.mechanics import squad_hit
from workbench.games.squad_combat import analysis as A
from workbench.games.squad_combat.notation import can_pay, parse_cost, parse_pool

from .helpers import char, play, position


def brute_refresh(pool: str, held, cost: str, ruleset: str = "v1") -> Fraction:
    """Every ordered roll of the pool's random dice; the player keeps the dice that pay,
    trying every choice of dice to keep (not only the highest)."""
    spec = parse_pool(pool)
    needs = parse_cost(cost).dice
    fixed = () if ruleset == "v0_5" else spec.fixed
    rolled = spec.size if ruleset == "v0_5" else spec.random
    good = total = 0
    for faces in itertools.product(range(1, 7), repeat=rolled):
        dice = list(held) + list(fixed) + list(faces)
        keep = min(spec.size, len(dice))
        total += 1
        good += any(
            can_pay(sorted(k, reverse=True), needs) for k in itertools.combinations(dice, keep)
        )
    return Fraction(good, total)


@pytest.mark.parametrize("pool", ["RRR", "RRRR", "34R", "4RR", "3RR"])
@pytest.mark.parametrize("held", [(), (6,), (2, 1)])
@pytest.mark.parametrize("cost", ["[5]", "[6]", "[4][2]", "[3][3][3]"])
def test_refresh_odds_match_a_brute_force_oracle(pool, held, cost):
    assert A.refresh_odds(pool, held, cost) == brute_refresh(pool, held, cost)


def test_refresh_odds_of_34R_paying_a_5_and_in_v05():
    # 3 and 4 are fixed, so only the one rolled die can show a 5 or 6.
    assert A.refresh_odds("34R", cost="[5]") == Fraction(1, 3)
    # v0.5 rolls all three dice: 1 - (4/6)^3.
    assert A.refresh_odds("34R", cost="[5]", ruleset="v0_5") == 1 - Fraction(2, 3) ** 3
    assert A.refresh_odds("34R", cost="[5]", ruleset="v0_5") == brute_refresh(
        "34R", (), "[5]", "v0_5"
    )


def test_the_refresh_chance_point_shows_the_same_odds():
    st = position(hands={0: []}, dice={"Vell": [2]})
    st.apply(next(a for a in st.legal_actions() if a.label.startswith("Refresh Vell")))
    odds = dict(st.chance().odds_list())
    assert odds["to hold a 5 or better"] == A.refresh_odds("4RR", (2,), "[5]")
    assert odds["to hold a 6 or better"] == A.refresh_odds("4RR", (2,), "[6]")


@pytest.mark.parametrize("card", ["Jab", "Quick Thrust", "Vell's Needle"])
def test_the_engines_contest_agrees_with_the_dice_calculator(card):
    for a, d in itertools.product(range(0, 7), repeat=2):
        st = position(
            rules={"sc.attack": "contest"},
            hands={0: [card], 1: []},
            dice={"Vell": [a] if a else [], "Dessa": [d] if d else []},
        )
        atk = st.cat.cards[card].atk
        play(st, f"Play {card} with Vell")
        play(st, "Target Dessa (Seat 2)")
        if a:
            play(st, f"Attack die: spend Vell's {a}")
        if d and st.wait[0] == "defence_die":
            play(st, f"Defence die: spend Dessa's {d}")
        hit = bool(char(st, "Dessa").attached)
        assert hit == (squad_hit(a or None, d or None, hit_modifier=atk) == 1), (card, a, d)


def test_dodge_odds_match_a_brute_force_count():
    for atk, dice in itertools.product(range(-3, 4), range(0, 4)):
        rolls = list(itertools.product(range(1, 7), repeat=dice))
        good = sum(any(v >= 4 + atk for v in r) for r in rolls)
        assert A.dodge_odds(atk, dice) == Fraction(good, len(rolls)), (atk, dice)


def test_the_contest_table_matches_a_brute_force_count_of_every_roll():
    def faces(notation):  # every equally likely value of the die spent: 0 for declining
        if notation == "decline":
            return [0]
        k = int(notation[0]) if notation != "d6" else 1
        return [max(r) for r in itertools.product(range(1, 7), repeat=k)]

    table = A.contest_odds()
    assert table.height == 6 * 2 * 3
    for row in table.iter_rows(named=True):
        pairs = list(itertools.product(faces(row["attack_die"]), faces(row["defence_die"])))
        hits = sum(a + row["hit_modifier"] >= d for a, d in pairs)  # ties hit
        assert Fraction(row["probability"]) == Fraction(hits, len(pairs)), row


def test_the_contest_table_is_the_dice_calculators():
    table = A.contest_odds(hit_modifiers=[-1], attack=["d6"], defence=[None, "d6"])
    assert table["p"].to_list() == [1.0, float(squad_hit("d6", "d6", hit_modifier=-1))]


# -- the tables against the design notes -----------------------------------------------------


def test_the_demo_decks_follow_the_design_notes_plan():
    plan = A.deck_plan()
    assert plan["matches plan"].all() and plan["total"].to_list() == [33, 33, 33]


def test_every_demo_character_and_attack_is_in_line_with_the_design_notes():
    check = A.design_check()
    assert check.height == 6 + 12 and (check["verdict"] == "in line").all()
    worse = wb.load_cards("squad_combat").set("characters", "Brakka", "energy", 11)
    row = A.design_check(worse).filter(check["name"] == "Brakka").row(0, named=True)
    assert row["verdict"] == "energy 11 outside 7-9"


def test_damage_budgets_count_the_attack_cards_of_each_deck():
    budget = {(r["squad"], r["against"]): r for r in A.damage_budget().iter_rows(named=True)}
    assert budget["Red", "Blue"]["damage in deck"] == 7 + 3 + 15 + 12 + 9 + 8 + 12 + 24
    assert budget["Blue", "Red"]["damage in deck"] == 3 + 6 + 4 + 27 + 24
    assert budget["Blue", "Red"]["HP to take"] == 40
    assert budget["Blue", "Red"]["enough in v1"] and budget["Red", "Blue"]["enough in v1"]
    old = (
        wb.load_cards("squad_combat")
        .set("cards", "Rally Strike", "damage", 3)
        .set("cards", "Jab", "damage", 2)
        .set("decks", "Blue: Jab", "copies", 3)
    )
    before = {(r["squad"], r["against"]): r for r in A.damage_budget(old).iter_rows(named=True)}
    assert before["Blue", "Red"]["damage in deck"] == 3 + 6 + 4 + 9 + 6
    assert not before["Blue", "Red"]["enough in v1"]


# -- bots and simulated analyses --------------------------------------------------------------


def test_the_heuristic_beats_the_random_bot():
    # Both decks can win by damage (Red's carries 90 against Blue's 39 HP, Blue's 64 against
    # Red's 40). Over 400 games to the 40-turn limit the heuristic Red beat random Blue in all
    # of them, and the heuristic Blue beat random Red in 396 and drew the other 4.
    red = wb.simulate(
        "squad_combat", 30, seed=5, bots={0: "heuristic", 1: "random"}, squads=["Red", "Blue"]
    )
    assert (red["winner"] == 0).mean() >= 0.9
    mirror = A.head_to_head("heuristic", "random", 30, seed=5, squads=("Red",))
    assert mirror["seat"].to_list() == [1, 2] and (mirror["games"] == 30).all()
    assert (mirror["win_rate"] >= 0.9).all()
    blue = wb.simulate(
        "squad_combat",
        10,
        seed=5,
        bots={0: "heuristic", 1: "random"},
        squads=["Blue", "Red"],
        rules={"sc.turn_limit": 15},
    )
    assert (blue["winner"] == 1).sum() == 0


def test_the_matchup_matrix_plays_every_pair_on_the_same_seeds():
    matrix = A.matchup_matrix(
        ["Red", "Blue"], 4, seed=1, bots="random", rules={"sc.turn_limit": 10}
    )
    assert [(r["row"], r["column"]) for r in matrix.iter_rows(named=True)] == [
        ("Red", "Red"),
        ("Red", "Blue"),
        ("Blue", "Red"),
        ("Blue", "Blue"),
    ]
    assert (matrix["wins"] + matrix["draws"] + matrix["losses"] == 4).all()
    again = A.matchup_matrix(["Red", "Blue"], 4, seed=1, bots="random", rules={"sc.turn_limit": 10})
    assert again.equals(matrix)


def test_first_player_edge_rulesets_and_card_report():
    edge = A.first_player_edge(12, seed=2, bots="random", rules={"sc.turn_limit": 10})
    assert 0 <= edge["first_wins"] <= 1 and edge["games"] == 12
    assert edge["ci_low"] <= edge["first_wins"] <= edge["ci_high"]
    rulesets = A.ruleset_comparison(
        6,
        seed=2,
        bots="random",
        rulesets={"v1": {"sc.turn_limit": 10}, "v0.5": {"sc.ruleset": "v0_5", "sc.turn_limit": 10}},
    )
    assert rulesets["ruleset"].to_list() == ["v1", "v0.5"]
    report = A.card_report(10, seed=2, bots="random", rules={"sc.turn_limit": 10})
    assert report.height == 28 and set(report["squad"]) == {"Red", "Blue"}
    played = report.filter(report["card"] == "Haymaker").row(0, named=True)
    assert 0 <= played["played in"] <= 1 and "damage for" in played["note"]
