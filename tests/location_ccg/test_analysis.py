"""The resource curve is exact: checked against enumerating every set of cards seen; the
simulated what-ifs run and report intervals."""

from fractions import Fraction
from itertools import combinations

import pytest

from workbench.games.location_ccg import analysis
from workbench.games.location_ccg.costs import covers, parse_cost


def brute(deck: dict, rows: dict, targets: dict, seen: int, banked: int) -> Fraction:
    """Every set of `seen` card positions of the deck, each equally likely."""
    cards = [name for name, n in deck.items() for _ in range(n)]
    good = total = 0
    for picked in combinations(range(len(cards)), seen):
        names = [cards[i] for i in picked]
        total += 1
        ok = False
        for t, cost in targets.items():
            if t not in names:
                continue
            rest = list(names)
            rest.remove(t)
            for k in range(banked + 1):
                if any(
                    covers([rows[n] for n in sub], cost)
                    for sub in combinations(rest, min(k, len(rest)))
                ):
                    ok = True
                    break
            if ok:
                break
        good += ok
    return Fraction(good, total)


SMALL = {
    "Fixer": 2,
    "Payoff": 1,
    "Street Runner": 3,
    "Hired Muscle": 2,
    "Ogre Bouncer": 1,
    "Lookout": 2,
}
ROWS = {
    "Fixer": "$$",
    "Payoff": "$",
    "Street Runner": "$",
    "Hired Muscle": "!",
    "Ogre Bouncer": "!!",
    "Lookout": "Ω",
}


@pytest.mark.parametrize("seen, banked", [(4, 2), (5, 2), (6, 4), (3, 2)])
def test_pay_chance_matches_enumeration(seen, banked):
    targets = {"Fixer": parse_cost("2$"), "Payoff": parse_cost("2$")}
    exact = analysis.pay_chance(SMALL, ROWS, targets, seen, banked)
    assert exact == brute(SMALL, ROWS, targets, seen, banked)
    assert 0 < exact < 1


def test_pay_chance_of_a_typed_cost_needs_the_symbol():
    targets = {"Lookout": parse_cost("2Ω")}
    assert analysis.pay_chance(SMALL, ROWS, targets, 5, 3) == brute(SMALL, ROWS, targets, 5, 3)
    only_one = {"Lookout": parse_cost("ΩΩ")}
    assert analysis.pay_chance(SMALL, ROWS, only_one, 11, 10) == 0  # one other Lookout


def test_three_point_cards_of_the_demo_decks():
    assert set(analysis.three_point_cards("Syndicate")) == {"Fixer", "Payoff", "Protection Racket"}
    assert set(analysis.three_point_cards("Order")) == {"Sanctuary", "Archive"}


def test_resource_curve_rises_with_the_turns():
    table = analysis.resource_curve(turns=(1, 3))
    anyrow = table.filter(table["card"] == "any 3-point card")
    for deck in ("Syndicate", "Order"):
        rows = anyrow.filter(anyrow["deck"] == deck)["chance"].to_list()
        assert 0 < rows[0] < rows[1] < 1
    p = analysis.pay_by_turn("Syndicate", "Fixer", 3)
    assert (
        table.filter((table["card"] == "Fixer") & (table["turn"] == 3))["exact"][0]
        == f"{p.numerator}/{p.denominator}"
    )


def test_bad_questions_name_the_problem():
    with pytest.raises(ValueError, match="no deck called"):
        analysis.pay_by_turn("Nobody", None, 3)
    with pytest.raises(ValueError, match="is not in Order"):
        analysis.pay_by_turn("Order", "Fixer", 3)


def test_simulated_rate_sits_beside_the_exact_chance():
    table = analysis.simulated_pay_rate(6, seed=1)
    assert table["deck"].to_list() == ["Syndicate", "Order"]
    for row in table.iter_rows(named=True):
        assert row["ci_low"] <= row["played_by_turn"] <= row["ci_high"]
        assert row["exact_can_pay"] == float(analysis.pay_by_turn(row["deck"], None, 3))


def test_first_player_edge_and_location_matrix_run_on_the_same_seeds():
    edge = analysis.first_player_edge(6, seed=2, bots="random")
    assert edge["games"] == 12 and 0 <= edge["ci_low"] <= edge["first_wins"] <= edge["ci_high"]
    matrix = analysis.location_matrix(2, seed=2, bots="random")
    assert matrix.height == 9 and set(matrix["Syndicate picks"]) == {
        "Dockside Warehouse",
        "Radio Tower",
        "City Hall",
    }
    assert set(matrix["games"]) == {2}


def test_head_to_head_reports_each_seat():
    table = analysis.head_to_head("heuristic", "random", 4, seed=1)
    assert table["seat"].to_list() == [1, 2] and table["games"].to_list() == [4, 4]
    for row in table.iter_rows(named=True):
        assert row["ci_low"] <= row["win_rate"] <= row["ci_high"]
