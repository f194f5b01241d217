"""An expression in words: the reading of a bare pool compared with a number, the other
reading on offer, answers that cannot vary (and their warnings), and notes on `!` and `r`."""

from __future__ import annotations

import warnings
from fractions import Fraction

import pytest
from dice_oracle import brute

from workbench.dice import (
    CertainResultWarning,
    distribution,
    distributions,
    exact,
    parse,
    probability,
    reading,
)
from workbench.dice.nodes import DEFAULT_EXPLODE_DEPTH


def oracle_yes(expr: str) -> Fraction:
    counts = brute(parse(expr))
    return Fraction(counts[1], sum(counts.values()))


@pytest.mark.parametrize(
    "expr, other, shows",
    [
        ("2d6 >= 8", "(2d6) >= 8", "8 or more"),
        ("3d6 > 10", "(3d6) > 10", "more than 10"),
        ("2d6 > 7", "(2d6) > 7", "more than 7"),
        ("4d6kh3>=5", "(4d6kh3) >= 5", "5 or more"),
        ("2d6<=2", "(2d6) <= 2", "2 or less"),
    ],
)
def test_a_bare_pool_against_a_number_says_it_counts_and_offers_the_total(expr, other, shows):
    said = reading(expr)
    assert said.counts.startswith(f"Counting dice that show {shows}")
    assert said.counts.endswith("not their total.")
    assert said.other == other
    assert said.other_p == oracle_yes(other)  # the offer's answer, by brute force
    assert not said.yes_no and reading(other).yes_no


def test_2d6_at_least_8_is_always_0_and_names_the_total():
    said = reading("2d6 >= 8")
    assert brute(parse("2d6 >= 8")) == {0: 36}
    assert said.certain.startswith("Always 0: a d6 shows 1 to 6, so no die shows 8 or more.")
    assert "(2d6) >= 8 (5/12 ≈ 41.7%)" in said.certain


def test_one_die_and_parenthesised_totals_have_one_reading():
    for expr in ("d20 >= 11", "(2d6) >= 8", "4d6kh1>=5", "3d6 > 2d8 + 2", "3d6"):
        said = reading(expr)
        assert said.counts is None and said.other is None, expr


def test_a_count_inside_a_larger_expression_is_named_without_an_offer():
    said = reading("max(2d6>=5, d4)")
    assert said.counts.startswith("Counting dice that show 5 or more (0 to 2 of 2d6)")
    assert said.other is None


@pytest.mark.parametrize(
    "expr, head",
    [
        ("2d6 >= 8", "Always 0"),
        ("2d6 >= 1", "Always 2"),
        ("d6 >= 7", "Never true"),
        ("d6 >= 1", "Always true"),
        ("(2d6) > 12", "Never true"),
    ],
)
def test_certain_answers_are_flagged_and_varying_ones_are_not(expr, head):
    assert len(brute(parse(expr))) == 1
    assert reading(expr).certain.startswith(head)


def test_varying_answers_are_not_flagged():
    for expr in ("2d6 >= 5", "(2d6) >= 8", "3d6", "d6!", "20d6>=5"):
        assert reading(expr).certain is None, expr
    assert reading("3").certain is None  # no dice, nothing to flag


def test_distribution_and_probability_warn_with_a_named_warning():
    with pytest.warns(CertainResultWarning, match=r"'2d6 >= 8' is always 0.*\(2d6\) >= 8"):
        frame = distribution("2d6 >= 8")
    assert frame["outcome"].to_list() == [0]
    with pytest.warns(CertainResultWarning, match=r"'d6 >= 7' is never true"):
        assert probability("d6 >= 7") == 0
    with pytest.warns(CertainResultWarning, match=r"2d6 is 2 to 12"):
        assert probability("(2d6) > 12") == 0
    with pytest.warns(CertainResultWarning):
        distributions("3d6", "3d6 > 10")
    assert issubclass(CertainResultWarning, UserWarning)


def test_answers_that_vary_raise_no_warning():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        distribution("2d6 >= 5")
        probability("(2d6) >= 8")
        probability("d20 >= 11", monte_carlo=True, n=100)


def test_probability_of_a_count_still_refuses_and_spells_the_total():
    with pytest.raises(ValueError, match=r"'\(2d6\) >= 8'"):
        probability("2d6 >= 8")


def test_explosion_depth_is_stated_and_is_the_engines():
    note = reading("d6!").notes[0]
    assert f"at most {DEFAULT_EXPLODE_DEPTH} times" in note and "the default" in note
    # The engine stops where the note says: a d6 exploding 3 times tops out at 6 * 4.
    assert exact("d6!").max_outcome() == 6 * (DEFAULT_EXPLODE_DEPTH + 1)
    assert "at most 5 times" in reading("d6!5").notes[0]
    assert exact("d6!5").max_outcome() == 6 * 6
    assert "on 5 or more at most 3 times" in reading("4d6!>=5").notes[0]


def test_rerolls_say_once_or_until():
    once, until = reading("d20r1 + d8rr<3").notes
    assert once.startswith("Each d20 rerolls a 1 once and keeps the new roll")
    assert until == "Each d8 rerolls anything less than 3 until it stops showing it."
