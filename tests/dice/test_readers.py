"""The recursive-descent reader against lark's parser of the same grammar, which is the
reference: on every text both accept or both refuse, and what they accept is the same tree, node
for node, with the same positions. Texts: every string in the dice tests and benchmarks, and
seeded random ones, both well-formed and mangled."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest
from lark.exceptions import UnexpectedInput

from workbench.dice import DiceSyntaxError, parse, parser
from workbench.dice.nodes import Node

ROOT = Path(__file__).resolve().parents[2]
SOURCES = [
    *sorted((ROOT / "tests" / "dice").glob("*.py")),
    ROOT / "tests" / "test_dist.py",
    *sorted((ROOT / "tests").glob("test_dice*.py")),
    ROOT / "benchmarks" / "dice.py",
    ROOT / "benchmarks" / "bad_inputs.py",
    ROOT / "workbench" / "dice" / "parser.py",
]


def by_lark(text: str):
    """lark's reading: the tree, or the error it raised."""
    try:
        return parser._frozen(parser._lark().parse(text))
    except (UnexpectedInput, parser._BuildError) as err:
        return err


def by_reader(text: str):
    try:
        return parser._frozen(parser._Reader(text).read())
    except (parser._Unread, parser._BuildError) as err:
        return err


def same_tree(a, b, where: str = "") -> str | None:
    """Where two readings differ (type, value or position anywhere in the tree), or None."""
    if type(a) is not type(b):
        return f"{where or 'top'}: {type(a).__name__} != {type(b).__name__}"
    if isinstance(a, Node):
        for name in ("pos", *a._fields):
            found = same_tree(getattr(a, name), getattr(b, name), f"{where}.{name}")
            if found:
                return found
        return None
    if isinstance(a, tuple | list):
        if len(a) != len(b):
            return f"{where}: {len(a)} items != {len(b)}"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            found = same_tree(x, y, f"{where}[{i}]")
            if found:
                return found
        return None
    return None if a == b else f"{where}: {a!r} != {b!r}"


def check(text: str) -> None:
    reference, ours = by_lark(text), by_reader(text)
    if isinstance(reference, Exception):
        assert isinstance(ours, Exception), (
            f"{text!r}: lark refuses it ({reference}), the reader reads {ours!r}"
        )
    else:
        assert not isinstance(ours, Exception), f"{text!r}: lark reads it, the reader does not"
        difference = same_tree(reference, ours)
        assert difference is None, f"{text!r}: {difference}"


def strings_in(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        n.value
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and len(n.value) < 300
    ]


def suite_texts() -> list[str]:
    texts = {t for path in SOURCES for t in strings_in(path)}
    # The notation table's examples, one per double-backquoted span.
    doc = parser.__doc__
    texts |= {part for i, part in enumerate(doc.split("``")) if i % 2}
    return sorted(texts)


# ---- generated texts -------------------------------------------------------------------------

MODS = [
    "!",
    "!3",
    "!:2",
    "! 4",
    "!>=5",
    "!<2:4",
    "!>1",
    "!<=-1: 3",
    "r1",
    "rr<2",
    "r-1",
    "R>=3",
    "rR==2",
    "r !=1",
    "r=4",
    "!=",
    "!>",
    "!:",
]
KEEPS = ["kh", "kh3", "dl2", "KL 1", "dh", "Dh0", "kl12", "kH"]
DICE = [
    "d6",
    "D20",
    "d 6",
    "d%",
    "dF",
    "Df",
    "d{1,-2, 3}",
    "d{ 5 }",
    "d{-0}",
    "d1",
    "d0",
    "d10",
    "d007",
]
# Pieces that sit where the contextual lexer's choice matters, for mangling good texts.
PIECES = [
    "!=",
    "!>=",
    "! =",
    "3d6",
    "3 d6",
    "d6",
    "dh",
    "kh",
    "rr",
    "r",
    "#",
    "3#",
    "max",
    "MİN",
    "mın",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    ",",
    ":",
    "-",
    "+",
    "*",
    "=",
    "==",
    ">",
    "<=",
    " ",
    "\t",
    "\n",
    "0",
    "12",
    "d",
    "D",
    "f",
    "%",
    "l",
    "k",
    "!",
    "\v",
    "١",
]


def gap(rng: random.Random) -> str:
    return rng.choice(["", "", "", " ", "  ", "\t", "\n"])


def pool(rng: random.Random) -> str:
    def group():
        return (
            rng.choice(["", "", "1", "3", "10", "02"])
            + gap(rng)
            + rng.choice(DICE)
            + "".join(gap(rng) + rng.choice(MODS) for _ in range(rng.choice([0, 0, 1, 2])))
        )

    keep = gap(rng) + rng.choice(KEEPS) if rng.random() < 0.4 else ""
    if rng.random() < 0.25:
        groups = ("," + gap(rng)).join(group() for _ in range(rng.randint(1, 3)))
        return f"[{gap(rng)}{groups}{gap(rng)}]{keep}"
    return group() + keep


def expr(rng: random.Random, depth: int) -> str:
    roll = rng.random() if depth < 4 else rng.random() * 0.45
    if roll < 0.25:
        return pool(rng)
    if roll < 0.4:
        return rng.choice(["0", "1", "5", "12", "007", "99999999999999999999"])
    if roll < 0.45:
        return rng.choice(["-", "+", "- ", "--"]) + gap(rng) + expr(rng, depth + 1)
    if roll < 0.55:
        op = rng.choice(["+", "-", "*", "+", "-"])
        return expr(rng, depth + 1) + gap(rng) + op + gap(rng) + expr(rng, depth + 1)
    if roll < 0.7:
        return "(" + gap(rng) + comparison(rng, depth + 1) + gap(rng) + ")"
    if roll < 0.8:
        name = rng.choice(["max", "min", "MAX", "Min", "mIn"])
        args = ("," + gap(rng)).join(comparison(rng, depth + 1) for _ in range(rng.randint(1, 3)))
        return f"{name}{gap(rng)}({args})"
    if roll < 0.9:
        return (
            rng.choice(["2", "3", "0"])
            + gap(rng)
            + "#"
            + gap(rng)
            + rng.choice([pool(rng), "(" + comparison(rng, depth + 1) + ")", "4"])
        )
    return comparison(rng, depth + 1)


def comparison(rng: random.Random, depth: int) -> str:
    left = expr(rng, depth)
    if rng.random() < 0.3:
        op = rng.choice([">=", "<=", ">", "<", "=", "==", "!="])
        return left + gap(rng) + op + gap(rng) + expr(rng, depth)
    return left


def mangled(rng: random.Random, text: str) -> str:
    for _ in range(rng.randint(1, 3)):
        at = rng.randint(0, len(text))
        how = rng.random()
        if how < 0.4:
            text = text[:at] + rng.choice(PIECES) + text[at:]
        elif how < 0.7:
            text = text[:at] + text[at + rng.randint(1, 3) :]
        else:
            text = text[:at] + text[at : at + 2][::-1] + text[at + 2 :]
    return text


def generated(seed: int, n: int) -> list[str]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        text = comparison(rng, 0)
        out.append(text)
        out.append(mangled(rng, text))
        out.append("".join(rng.choice(PIECES) for _ in range(rng.randint(1, 12))))
    return out


# ---- the tests -------------------------------------------------------------------------------


def test_the_suite_has_expressions_to_compare():
    texts = suite_texts()
    read = [t for t in texts if not isinstance(by_lark(t), Exception)]
    assert len(read) > 150 and {"[8d6, 8d8]kh2", "3d6 > 2d8 + 2", "4d6!3>=5"} <= set(read)


@pytest.mark.parametrize("text", suite_texts())
def test_every_expression_in_the_suite_reads_the_same(text):
    check(text)


@pytest.mark.parametrize("seed", range(8))
def test_generated_expressions_read_the_same(seed):
    texts = generated(seed, 800)
    for text in texts:
        check(text)
    # Half the well-formed texts really are read, so the comparison is not mostly of refusals.
    assert sum(not isinstance(by_lark(t), Exception) for t in texts[::3]) > 300


@pytest.mark.parametrize(
    "text",
    [
        "4d6!=3",
        "4d6!>=3",
        "4d6! =3",
        "3d6",
        "3 d6",
        "d 6",
        "MİN(1)",
        "d6 rr1",
        "(1+2)+3",
        "- -d6",
        "-(3)",
        "4d6 >= (2)",
    ],
)
def test_where_the_lexer_must_choose_the_reader_reads_it_itself(text):
    assert not isinstance(by_reader(text), Exception)
    check(text)


def test_bad_text_gets_lark_s_message():
    for text in [
        "3d6 +",
        "4d6kh3kh",
        "2d",
        "(3d6",
        "d6!>=",
        "3 # # 4",
        "4d6!=",
        "[3d6kh2]",
        "d0",
        "99999999999d6",
        "max()",
        "3d6 > 2 > 1",
    ]:
        with pytest.raises(DiceSyntaxError) as ours:
            parse(text)
        with pytest.raises(DiceSyntaxError) as reference:
            parser._parse_with_lark(text)
        assert (ours.value.position, str(ours.value)) == (
            reference.value.position,
            str(reference.value),
        )
