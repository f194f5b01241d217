"""Notation, error messages and fuzzing of the parser."""

from __future__ import annotations

import signal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from workbench.dice import DiceSyntaxError, DiceTooLarge, Dist, clear_cache, exact, parse
from workbench.dice.nodes import Compare, Count, Explode, Func, Pool, Repeat, Reroll


def test_success_count_versus_yes_no():
    assert isinstance(parse("20d6>=5"), Count)
    assert isinstance(parse("20d6 >= 5"), Count)
    assert isinstance(parse("(20d6)>=5"), Compare)
    assert isinstance(parse("20d6+0>=5"), Compare)
    assert isinstance(parse("3d6 > 2d8 + 2"), Compare)
    assert isinstance(parse("4d6kh3>=5"), Count)
    assert isinstance(parse("[2d6, d8]>=5"), Count)
    assert exact("20d6>=5").max_outcome() == 20
    assert set(exact("(20d6)>=5").outcomes) <= {0, 1}


def test_arithmetic_binds_tighter_than_comparison():
    node = parse("3d6 + 1 > 2 * d8")
    assert isinstance(node, Compare) and node.op == ">"


def test_modifier_syntax():
    (mod,) = parse("d6!").groups[0].die.mods
    assert isinstance(mod, Explode) and mod.depth == 3 and mod.op is None
    assert parse("d6!5").groups[0].die.mods[0].depth == 5
    m = parse("d6!>=5:2").groups[0].die.mods[0]
    assert (m.op, m.value, m.depth) == (">=", 5, 2)
    r = parse("d20r<3").groups[0].die.mods[0]
    assert isinstance(r, Reroll) and r.once and (r.op, r.value) == ("<", 3)
    assert not parse("d20rr1").groups[0].die.mods[0].once
    assert parse("4d6kh").keep.n == 1
    assert parse("4D6KH3").keep.kind == "kh"
    assert isinstance(parse("3#2d6"), Repeat)
    assert isinstance(parse("max(d6, d8, 3)"), Func)
    assert isinstance(parse("[8d6, 8d8]kh2"), Pool)


def test_equivalent_spellings():
    assert exact("d%") == exact("d100")
    assert exact("4dF") == exact("4d{-1,0,1}")
    assert exact("3#2d6") == exact("6d6")
    assert exact("4d6dl1") == exact("4d6kh3")
    assert exact("4d6dh1") == exact("4d6kl3")
    assert exact("--d6") == exact("d6")
    assert exact("d6 == 3") == exact("d6 = 3")


@pytest.mark.parametrize(
    "text, position, fragment",
    [
        ("3d", 2, "ends too early"),
        ("3d6 +", 5, "ends too early"),
        ("3d6 > 2 > 1", 8, "found '>'"),
        ("abc", 0, "expected a number, a die or '('"),
        ("2 3", 2, "found '3'"),
        ("d0", 1, "at least 1 side"),
        ("(3d6", 4, "')'"),
        ("3d6)", 3, "end of the expression"),
        ("d{}", 2, "a number"),
        ("4d6kh3 @", 7, "found '@'"),
        ("d6rr<7", 2, "reroll"),
    ],
)
def test_syntax_errors_point_at_the_problem(text, position, fragment):
    with pytest.raises(DiceSyntaxError) as info:
        exact(text)
    err = info.value
    assert isinstance(err, ValueError)
    assert err.position == position
    assert fragment in str(err)
    lines = str(err).splitlines()
    # The expression and a caret under the offending character.
    assert lines[1].strip() == text.strip() or text.strip() in lines[1]
    assert lines[2].index("^") - lines[1].index(text.lstrip()[0]) == position - (
        len(text) - len(text.lstrip())
    )


def test_empty_and_non_string_input():
    with pytest.raises(DiceSyntaxError):
        parse("   ")
    with pytest.raises(TypeError):
        parse(36)


def test_deep_nesting_is_rejected_not_crashing():
    with pytest.raises(DiceSyntaxError):
        parse("(" * 5000 + "1" + ")" * 5000)
    with pytest.raises(DiceSyntaxError):
        parse("-" * 5000 + "1")
    # Long flat chains are fine: they do not nest.
    assert exact("+".join(["d2"] * 300)) == exact("300d2")


class _Watchdog:
    """Turns a runaway example into a failure instead of a hung test run. It guards against
    an evaluation that never ends; how fast answers and refusals come is measured by
    benchmarks/dice.py, not asserted here."""

    def __init__(self, seconds: float = 10.0):
        self.seconds = seconds

    def __enter__(self):
        def expire(signum, frame):
            raise TimeoutError(f"an example ran for more than {self.seconds} s")

        self.previous = signal.signal(signal.SIGALRM, expire)
        signal.setitimer(signal.ITIMER_REAL, self.seconds)
        return self

    def __exit__(self, *exc):
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, self.previous)
        return False


def _exact_or_refuse(text: str):
    # Uncached, so hypothesis's rerun of a slow example is timed honestly too.
    clear_cache()
    with _Watchdog():
        return exact(text)


_ALPHABET = st.sampled_from(
    list("0123456789dDFkhlr!<>=()[]{},#+-*:% ") + ["max(", "min(", "dF", "kh", "d6", "20"]
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=40))
def test_fuzz_any_text_ends_cleanly(text):
    try:
        result = _exact_or_refuse(text)
    except (DiceSyntaxError, DiceTooLarge):
        return
    assert isinstance(result, Dist)


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_ALPHABET, max_size=25).map("".join))
def test_fuzz_dice_like_text_ends_cleanly(text):
    try:
        result = _exact_or_refuse(text)
    except (DiceSyntaxError, DiceTooLarge):
        return
    assert isinstance(result, Dist)


_num = st.one_of(st.integers(0, 12), st.integers(0, 10**12))
_die = st.builds(lambda s: f"d{s}", st.one_of(st.integers(1, 20), st.integers(1, 10**9)))
_pool = st.builds(
    lambda n, d, mod, keep: f"{n}{d}{mod}{keep}",
    st.one_of(st.integers(1, 40), st.integers(1, 10**6)),
    _die,
    st.sampled_from(["", "!", "!9", "!>=2:40", "r1", "rr<2", "!1000"]),
    st.sampled_from(["", "kh3", "kl20", "dh1", "kh500"]),
)


def _expr(children):
    return st.one_of(
        st.builds(lambda a, b: f"{a}+{b}", children, children),
        st.builds(lambda a, b: f"({a})*({b})", children, children),
        st.builds(lambda a, b: f"(({a})>({b}))", children, children),
        st.builds(lambda a, b: f"max({a},{b})", children, children),
        st.builds(lambda n, a: f"{n}#({a})", _num, children),
        st.builds(lambda p, t: f"({p}>={t})", _pool, st.integers(-2, 30)),
    )


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.recursive(st.one_of(_pool, _num.map(str)), _expr, max_leaves=6))
def test_fuzz_valid_heavy_expressions_finish_or_refuse(text):
    # Well-formed but possibly enormous expressions: exact within the budget or DiceTooLarge.
    try:
        result = _exact_or_refuse(text)
    except DiceTooLarge as err:
        assert "too large" in str(err)
        return
    except DiceSyntaxError as err:
        # Well-formed but refused: rr on every face (d1rr1), or a count beyond the parser's cap.
        assert "reroll" in str(err) or "too big" in str(err)
        return
    assert isinstance(result, Dist)


def test_a_bare_k_keeps_the_highest_as_roll20_reads_it():
    from workbench.dice import exact

    assert exact("4d6k3") == exact("4d6kh3")
    assert exact("2d20k") == exact("2d20kh1")
    assert exact("[3d6, 2d8]k2") == exact("[3d6, 2d8]kh2")
