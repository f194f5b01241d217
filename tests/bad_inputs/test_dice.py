"""Dice expressions: anything too large for an exact answer is refused quickly with the part that is
too large, and anything that is not an expression is refused with where it goes wrong.
"""

from __future__ import annotations

from .cases import Silent, area_test, case, check, expect


@case("dice")
def keep_ten_of_many_die_types(tmp):
    from workbench import dice

    expr = "[" + ",".join(f"d{i}" for i in range(2, 41)) + "]kh10"
    with expect("DiceTooLarge", "keeping 10 of 39", "monte_carlo"):
        dice.exact(expr)


@case("dice")
def five_hundred_die_types(tmp):
    from workbench import dice

    expr = "[" + ",".join(f"d{i}" for i in range(2, 502)) + "]kh2"
    with expect("DiceTooLarge", "too large", longest=1000):
        dice.exact(expr)


@case("dice")
def flat_sum_of_a_hundred_thousand_terms(tmp):
    from workbench import dice

    node = dice.parse("+".join(["1"] * 100_000))
    check(len(node.terms) == 100_000, "wrong parse", Silent)


@case("dice")
def a_million_repetitions(tmp):
    from workbench import dice

    rolls = dice.sample("1000000#d6", n=2, seed=1)
    check(all(1_000_000 <= r <= 6_000_000 for r in rolls), "impossible totals", Silent)


@case("dice")
def list_as_expression(tmp):
    from workbench import dice

    with expect("TypeError", "string", "list"):
        dice.exact(["3d6"])


@case("dice")
def weights_past_the_digit_limit(tmp):
    from workbench import dice

    frame = dice.distribution("6000d6", budget=5)
    check(
        frame.height == 30001 and str(frame["weight"][0]) in ("1", "0x1"), "wrong weights", Silent
    )


@case("dice")
def nan_budget(tmp):
    from workbench import dice

    with expect("ValueError", "budget", "nan"):
        dice.exact("3d6", budget=float("nan"))


@case("dice")
def big_exploding_sum(tmp):
    from workbench import dice

    with expect("DiceTooLarge", "monte_carlo"):
        dice.exact("(785d3!dh1>=2)+(785d17!dh1>=2)")


@case("dice")
def samples_true(tmp):
    from workbench import dice

    with expect("ValueError", "n"):
        dice.sample("3d6", n=True)


@case("dice")
def unclosed_bracket(tmp):
    from workbench import dice

    with expect("DiceSyntaxError", "character"):
        dice.exact("(3d6+2")


@case("dice")
def the_calculator_refuses_what_is_not_text_and_keeps_working(tmp):
    from workbench.widgets.dice_logic import DiceSession

    session = DiceSession(["2d6"])
    for bad in (None, ["2d6"], 12):
        with expect("TypeError", "dice expression", type(bad).__name__):
            session.add(bad)
        with expect("TypeError", "dice expression", type(bad).__name__):
            session.set(0, bad)
    check(session.expressions == ["2d6"], f"the session changed: {session.expressions}")
    session.add("3d6")
    check(
        session.results[-1]["error"] is None and session.results[-1]["mean"] == 10.5,
        "the calculator no longer answers",
        Silent,
    )


@case("dice")
def the_calculator_refuses_a_view_it_cannot_draw(tmp):
    from workbench.widgets.dice_logic import DiceSession

    with expect("ValueError", "view", "'sideways'"):
        DiceSession(["3d6"], view="sideways")


@case("dice")
def keeping_more_dice_than_the_pool_rolls(tmp):
    # Allowed, as Roll20 allows it, but the reading says what it comes to.
    from workbench.dice import exact, reading

    check(exact("4d6kh5") == exact("4d6"), "4d6kh5 is not 4d6", Silent)
    check(
        any("keeps all 4 dice" in n for n in reading("4d6kh5").notes),
        f"no note on 4d6kh5: {reading('4d6kh5').notes}",
        Silent,
    )
    check(
        any("drops all 7 dice" in n for n in reading("[4d6, 3d8]dl9").notes),
        "no note on a pool that drops every die",
        Silent,
    )
    check(not reading("4d6kh3").notes, "a note where nothing is odd", Silent)


@case("dice")
def a_number_of_five_thousand_digits(tmp):
    from workbench.dice import exact

    for text in ("d" + "9" * 5000, "9" * 5000 + " + d6", "9" * 5000 + "d6"):
        with expect("DiceSyntaxError", "too big"):
            exact(text)


@case("dice")
def an_estimate_of_no_samples_or_a_negative_seed(tmp):
    from workbench.dice import mean, probability, sample

    with expect("ValueError", "n", "at least 1 sample"):
        probability("(3d6)>=10", monte_carlo=True, n=0)
    with expect("ValueError", "n", "at least 1 sample"):
        mean("3d6", monte_carlo=True, n=0)
    with expect("ValueError", "seed", "from 0", "-1"):
        sample("3d6", n=10, seed=-1)


@case("dice")
def a_sum_or_a_chain_too_long_to_work_out(tmp):
    from workbench.dice import AbsorbingChain, Dist

    with expect("DiceTooLarge", "1000000d6", "outcomes"):
        Dist.sum_of(10**6, 6)
    with expect("ValueError", "max_steps", "1000000000"):
        AbsorbingChain({"a": {"a": 1, "b": 1}}, "a").absorbed_by(10**9)
    check(Dist.sum_of(3, 6).mean() == 10.5, "3d6 changed", Silent)
    check(Dist.sum_of(0, 6).mean() == 0, "no dice is no longer a sum of 0", Silent)


@case("dice")
def a_refusal_for_time_quotes_the_whole_estimate(tmp):
    from workbench.dice import exact

    with expect("DiceTooLarge", "brings its estimated work to"):
        exact("+".join(["d6"] * 20000))


@case("dice")
def the_calculator_given_a_number_for_its_expressions(tmp):
    from workbench.widgets.dice_logic import DiceSession

    with expect("TypeError", "expressions", "int"):
        DiceSession(123)


test_bad_input = area_test(__name__)
