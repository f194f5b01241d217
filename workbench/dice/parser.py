"""Dice notation -> nodes. The grammar is in :mod:`workbench.dice.grammar`, in lark's notation.

Notation (whitespace is ignored except inside the explode condition ``!>=5``):

===========================  ===========================================================
``3d6``, ``d20``, ``d%``     sum of standard dice (``d%`` is d100); ``D`` works too
``d{1,1,2,3}``               custom faces; repeats weigh more; negatives allowed
``4dF``                      Fudge dice (faces -1, 0, 1)
``4d6kh3 kl dh dl``          keep highest / keep lowest / drop highest / drop lowest;
                             a bare ``kh`` means ``kh1``, and ``k`` alone ``kh`` (Roll20's 4d6k3)
``[8d6, 8d8]kh2``            one pool of different dice (keep and counting act on all)
``d6!``                      explode on the top face, at most 3 extra rolls
``d6!5`` / ``d6!:5``         ... at most 5 extra rolls
``d6!>=5`` ``d6!>4:2``       explode on faces >= 5 (> < <= also), optional ``:depth``
``d20r1``, ``d20r<3``        reroll once when the face matches (the new roll stands)
``d20rr1``                   reroll until the face stops matching
``20d6>=5``                  success count: how many dice show >= 5
``(3d6)>=10``                yes/no: 1 if the total is >= 10, else 0
``3d6 > 2d8+2``              yes/no comparison of two expressions
``+ - *``, unary ``-``       arithmetic; ``*`` of two dice multiplies outcomes
``max(a, b, ...)`` ``min``   largest / smallest of independent rolls
``3#2d6``                    sum of 3 independent rolls of 2d6 (``#`` takes a number on
                             the left and one term on the right: ``3#(d6!+1)``)
===========================  ===========================================================

Comparisons are ``>= <= > < = == !=``; arithmetic binds tighter than comparison, and a
comparison may appear once per level of parentheses.

**Success count or yes/no?** A comparison whose left side is a bare pool (``NdS`` with optional
modifiers and keep, or a ``[...]`` pool, not in parentheses) and whose right side is an integer
is a *success count*: each die is compared on its own, giving 0..N. Every other comparison is a
*yes/no* test of the two whole values, giving 0 or 1. So ``20d6>=5`` counts fives and sixes,
``(20d6)>=5`` asks whether the total reaches 5, and ``3d6 > 2d8+2`` compares totals. Counting
dice after a bare explode needs the depth written out: ``4d6!3>=5`` (``4d6!>=5`` explodes on 5s).

**Two readers, one grammar.** Well-formed text is read by the recursive-descent reader
(:mod:`workbench.dice.reader`), written against the grammar rule by rule, because importing lark
is most of the wait for a designer's first answer in a new kernel. Anything that reader cannot
read goes to lark's LALR parser built from the grammar (:mod:`workbench.dice.lark_fallback`),
which decides: it names where and what is wrong, and should the reader refuse text lark can
read, lark's reading is the one returned. Both hand the same builder methods
(:mod:`workbench.dice.builder`) the same tokens, so they make the same nodes;
tests/dice/test_readers.py runs both over the test suite's expressions and generated ones and
compares every node and position.
"""

from __future__ import annotations

from .builder import BuildError as _BuildError
from .errors import DiceSyntaxError
from .lark_fallback import cache_file
from .lark_fallback import lark_parser as _lark
from .lark_fallback import syntax_error as _syntax_error
from .nodes import Compare, Func, Neg, Node, Product, Repeat, Sum
from .reader import Reader as _Reader
from .reader import Unread as _Unread

__all__ = ["parse", "MAX_NESTING", "cache_file"]

MAX_NESTING = 100


def parse(text: str) -> Node:
    """Parse dice notation into nodes; raise :class:`DiceSyntaxError` on bad input."""
    if not isinstance(text, str):
        raise TypeError(f"a dice expression is a string, not {type(text).__name__}")
    if not text.strip():
        raise DiceSyntaxError(text, 0, "an empty expression; expected a number, a die or '('")
    _check_nesting(text)
    try:
        return _frozen(_Reader(text).read())
    except (_Unread, _BuildError, RecursionError):
        pass  # lark reads it again and says where and what is wrong
    return _parse_with_lark(text)


def _parse_with_lark(text: str) -> Node:
    from lark.exceptions import UnexpectedInput

    try:
        return _frozen(_lark().parse(text))
    except UnexpectedInput as err:
        raise _syntax_error(text, err) from None
    except _BuildError as err:
        raise DiceSyntaxError(text, err.pos, err.expected) from None


def _frozen(node):
    """The parsed tree with every Sum's growing list of terms made a tuple (nodes are values:
    hashable and immutable). Only arithmetic nodes can hold a Sum (pools and counts hold dice),
    so only they are walked. The tree is shallow (see _check_nesting), so recursion is safe."""
    kind = type(node)
    if kind is Sum:
        if isinstance(node.terms, list):
            object.__setattr__(node, "terms", tuple((sign, _frozen(t)) for sign, t in node.terms))
    elif kind is Compare:
        _frozen(node.left)
        _frozen(node.right)
    elif kind is Product:
        for f in node.factors:
            _frozen(f)
    elif kind is Func:
        for a in node.args:
            _frozen(a)
    elif kind is Neg or kind is Repeat:
        _frozen(node.inner)
    return node


def _check_nesting(text: str) -> None:
    # Checked on the raw text so pathological input fails before either reader builds a deep
    # tree (the recursive-descent reader recurses once per bracket).
    if len(text) <= MAX_NESTING:
        return
    depth = 0
    for i, ch in enumerate(text):
        if ch in "([{":
            depth += 1
            if depth > MAX_NESTING:
                raise DiceSyntaxError(text, i, f"at most {MAX_NESTING} levels of brackets")
        elif ch in ")]}":
            depth -= 1
    run = 0
    for i, ch in enumerate(text):
        if ch in "+-":
            run += 1
            if run > MAX_NESTING:
                raise DiceSyntaxError(text, i, f"at most {MAX_NESTING} signs in a row")
        elif not ch.isspace():
            run = 0
