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
    check(frame.height == 30001 and str(frame["weight"][0]) in ("1", "0x1"), "wrong weights",
          Silent)


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
    check(session.results[-1]["error"] is None and session.results[-1]["mean"] == 10.5,
          "the calculator no longer answers", Silent)



@case("dice")
def the_calculator_refuses_a_view_it_cannot_draw(tmp):
    from workbench.widgets.dice_logic import DiceSession

    with expect("ValueError", "view", "'sideways'"):
        DiceSession(["3d6"], view="sideways")


test_bad_input = area_test(__name__)
