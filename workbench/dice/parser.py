"""Dice notation -> nodes, with a lark LALR grammar.

Notation (whitespace is ignored except inside the explode condition ``!>=5``):

===========================  ===========================================================
``3d6``, ``d20``, ``d%``     sum of standard dice (``d%`` is d100); ``D`` works too
``d{1,1,2,3}``               custom faces; repeats weigh more; negatives allowed
``4dF``                      Fudge dice (faces -1, 0, 1)
``4d6kh3 kl dh dl``          keep highest / keep lowest / drop highest / drop lowest;
                             a bare ``kh`` means ``kh1``
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
"""

from __future__ import annotations

from functools import lru_cache

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from .errors import DiceSyntaxError
from .nodes import (
    DEFAULT_EXPLODE_DEPTH,
    Compare,
    Const,
    Count,
    DieSpec,
    Explode,
    Func,
    Group,
    Keep,
    Neg,
    Node,
    Pool,
    Product,
    Repeat,
    Reroll,
    Sum,
)

__all__ = ["parse", "MAX_NESTING", "cache_file"]

MAX_NESTING = 100

_GRAMMAR = r"""
?start: comparison

?comparison: sum
           | sum CMP sum                       -> compare

?sum: term
    | sum PLUS term                            -> add
    | sum MINUS term                           -> sub

?term: unary
     | term STAR unary                         -> mul

?unary: atom
      | INT HASH atom                          -> repeat
      | MINUS unary                            -> neg
      | PLUS unary                             -> pos

?atom: INT                                     -> const
     | group keep?                             -> single_pool
     | LSQB group (COMMA group)* RSQB keep?    -> bracket_pool
     | LPAR comparison RPAR                    -> paren
     | FUNC LPAR comparison (COMMA comparison)* RPAR -> func

group: NDS mod*                                -> group_nds
     | INT? die mod*

die: DS                                        -> std_die_token
   | D INT                                     -> std_die
   | D LBRACE face (COMMA face)* RBRACE        -> face_die
   | DF                                        -> fudge_die
   | DPCT                                      -> pct_die

face: MINUS? INT

mod: BANG                                      -> explode
   | BANG INT                                  -> explode_depth
   | BANG COLON INT                            -> explode_depth
   | BANG_CMP face                             -> explode_on
   | BANG_CMP face COLON INT                   -> explode_on
   | REROLL face                               -> reroll_eq
   | REROLL CMP face                           -> reroll_cmp

keep: KEEP INT?

INT: /[0-9]+/
// "3d6" and "d6" are single tokens: fewer tokens make the LALR loop markedly faster.
NDS.3: /[0-9]+[dD][0-9]+/
DS.2: /[dD][0-9]+/
D: /[dD]/
DF.2: /[dD][fF]/
DPCT.2: /[dD]%/
KEEP.2: /[kKdD][hHlL]/
REROLL: /[rR][rR]?/
FUNC.2: /max|min/i
CMP: />=|<=|==|!=|>|<|=/
BANG_CMP.3: /!(>=|<=|>|<)/
BANG: "!"
COLON: ":"
HASH: "#"
PLUS: "+"
MINUS: "-"
STAR: "*"
LPAR: "("
RPAR: ")"
LSQB: "["
RSQB: "]"
LBRACE: "{"
RBRACE: "}"
COMMA: ","

%import common.WS
%ignore WS
"""

_EXPECTED_NAMES = {
    "INT": "a number",
    "NDS": "dice such as 3d6",
    "DS": "a die (d6, dF, d%)",
    "D": "a die (d6, dF, d%)",
    "DF": "a die (d6, dF, d%)",
    "DPCT": "a die (d6, dF, d%)",
    "KEEP": "kh/kl/dh/dl",
    "REROLL": "'r'",
    "FUNC": "max(...) or min(...)",
    "CMP": "a comparison (>= <= > < = !=)",
    "BANG_CMP": "an explode condition like !>=5",
    "BANG": "'!'",
    "COLON": "':'",
    "HASH": "'#'",
    "PLUS": "'+'",
    "MINUS": "'-'",
    "STAR": "'*'",
    "LPAR": "'('",
    "RPAR": "')'",
    "LSQB": "'['",
    "RSQB": "']'",
    "LBRACE": "'{'",
    "RBRACE": "'}'",
    "COMMA": "','",
    "$END": "the end of the expression",
}

# Shown when a token is wanted but the parser's own list would be long and unhelpful.
_START_OF_TERM = {"INT", "NDS", "DS", "D", "DF", "DPCT", "LPAR", "LSQB", "FUNC", "MINUS", "PLUS"}


def _pos(x) -> int:
    return x.start_pos if isinstance(x, Token) else x.pos


class _Build(Transformer):
    """Builds nodes while parsing (no parse tree, so long input cannot overflow the stack)."""

    def _fail(self, pos: int, expected: str):
        raise _BuildError(pos, expected)

    def _int(self, tok: Token, what: str, limit: int = 10**18) -> int:
        value = int(tok)
        if value > limit:
            self._fail(tok.start_pos, f"{what} is too big (at most {limit})")
        return value

    # ---- numbers and arithmetic ----

    def const(self, tok):
        return Const(int(tok), pos=tok.start_pos)

    def add(self, left, _op, right):
        return self._sum(left, +1, right)

    def sub(self, left, _op, right):
        return self._sum(left, -1, right)

    def _sum(self, left, sign, right):
        # Flattened so long chains like 1+1+...+1 stay one level deep. A chain being built
        # holds its terms in a list that grows in place (copying a tuple at every '+' made
        # long sums quadratic); parse() turns it into a tuple once the chain is complete.
        if isinstance(left, Sum) and isinstance(left.terms, list):
            left.terms.append((sign, right))
            return left
        return Sum([(1, left), (sign, right)], pos=_pos(left))

    def mul(self, left, _op, right):
        factors = left.factors if isinstance(left, Product) else (left,)
        return Product(factors + (right,), pos=_pos(left))

    def neg(self, op, inner):
        if isinstance(inner, Neg):
            return inner.inner
        if isinstance(inner, Const):
            return Const(-inner.value, pos=op.start_pos)
        return Neg(inner, pos=op.start_pos)

    def pos(self, op, inner):
        return inner

    def repeat(self, tok, _hash, inner):
        return Repeat(self._int(tok, "a repeat count", 10**9), inner, pos=tok.start_pos)

    def paren(self, lpar, inner, _rpar):
        if isinstance(inner, Pool):
            return Pool(inner.groups, inner.keep, paren=True, pos=lpar.start_pos)
        return inner

    def func(self, name, _lpar, *rest):
        args = tuple(x for x in rest if not isinstance(x, Token))
        return Func(str(name).lower(), args, pos=name.start_pos)

    def compare(self, left, op, right):
        op = str(op)
        if isinstance(left, Pool) and not left.paren and isinstance(right, Const):
            return Count(left, "=" if op == "==" else op, right.value, pos=_pos(left))
        return Compare("=" if op == "==" else op, left, right, pos=_pos(left))

    # ---- pools ----

    def single_pool(self, group, keep=None):
        return Pool((group,), keep, pos=group.pos)

    def bracket_pool(self, lsqb, *rest):
        groups = tuple(x for x in rest if isinstance(x, Group))
        keep = rest[-1] if isinstance(rest[-1], Keep) else None
        return Pool(groups, keep, pos=lsqb.start_pos)

    def keep(self, kind, n=None):
        count = 1 if n is None else self._int(n, "a keep count", 10**9)
        return Keep(str(kind).lower(), count, pos=kind.start_pos)

    def group(self, *parts):
        if isinstance(parts[0], Token):
            count_tok, die, mods = parts[0], parts[1], parts[2:]
            count = self._int(count_tok, "a dice count", 10**9)
            start = count_tok.start_pos
        else:
            die, mods, count, start = parts[0], parts[1:], 1, parts[0].pos
        spec = DieSpec(die.faces, die.label, tuple(mods), pos=die.pos)
        return Group(count, spec, pos=start)

    def group_nds(self, tok, *mods):
        text = tok.value
        cut = text.find("d")
        if cut < 0:
            cut = text.find("D")
        start = tok.start_pos
        count = int(text[:cut])
        if count > 10**9:
            self._fail(start, "a dice count is too big (at most 1000000000)")
        faces, label = self._std_faces(text[cut + 1 :], start + cut + 1)
        return Group(count, DieSpec(faces, label, mods, pos=start + cut), pos=start)

    def std_die_token(self, tok):
        faces, label = self._std_faces(tok.value[1:], tok.start_pos + 1)
        return _Faces(faces, label, tok.start_pos)

    def _std_faces(self, digits: str, pos: int) -> tuple[range, str]:
        n = int(digits)
        if n > 10**15:
            self._fail(pos, "the number of sides is too big (at most 1000000000000000)")
        if n < 1:
            self._fail(pos, "a die needs at least 1 side")
        return range(1, n + 1), f"d{n}"

    def std_die(self, d, sides):
        n = self._int(sides, "the number of sides", 10**15)
        if n < 1:
            self._fail(sides.start_pos, "a die needs at least 1 side")
        return _Faces(range(1, n + 1), f"d{n}", d.start_pos)

    def face_die(self, d, _lbrace, *rest):
        faces = tuple(x for x in rest if isinstance(x, int))
        if len(faces) > 10_000:
            self._fail(d.start_pos, "a custom die with at most 10000 faces")
        return _Faces(faces, "d{" + ",".join(map(str, faces)) + "}", d.start_pos)

    def face(self, *parts):
        value = self._int(parts[-1], "a face value")
        return -value if len(parts) == 2 else value

    def fudge_die(self, tok):
        return _Faces((-1, 0, 1), "dF", tok.start_pos)

    def pct_die(self, tok):
        return _Faces(range(1, 101), "d100", tok.start_pos)

    def explode(self, bang):
        return Explode(None, None, DEFAULT_EXPLODE_DEPTH, pos=bang.start_pos)

    def explode_depth(self, bang, *rest):
        depth = self._int(rest[-1], "an explode depth", 10**6)
        return Explode(None, None, depth, pos=bang.start_pos)

    def explode_on(self, bang_cmp, value, _colon=None, depth=None):
        d = DEFAULT_EXPLODE_DEPTH if depth is None else self._int(depth, "an explode depth", 10**6)
        return Explode(str(bang_cmp)[1:], value, d, pos=bang_cmp.start_pos)

    def reroll_eq(self, r, value):
        return Reroll("=", value, once=len(r) == 1, pos=r.start_pos)

    def reroll_cmp(self, r, op, value):
        op = "=" if str(op) == "==" else str(op)
        return Reroll(op, value, once=len(r) == 1, pos=r.start_pos)


def _children_as_arguments(method):
    # Lark hands parser callbacks the list of children. Unpacking it here is much cheaper per
    # reduction than lark's generic v_args wrapper, and parsing is most of a small roll's cost.
    def callback(self, children):
        return method(self, *children)

    callback.__name__ = method.__name__
    return callback


for _name, _method in list(vars(_Build).items()):
    if callable(_method) and not _name.startswith("_"):
        setattr(_Build, _name, _children_as_arguments(_method))


class _BuildError(Exception):
    def __init__(self, pos: int, expected: str):
        super().__init__(expected)
        self.pos = pos
        self.expected = expected


class _Faces:
    """Die faces before modifiers are attached (not a node)."""

    __slots__ = ("faces", "label", "pos")

    def __init__(self, faces, label: str, pos: int):
        # A huge standard die stays a range so it costs nothing until someone computes it.
        self.faces = faces if isinstance(faces, range) else tuple(faces)
        self.label = label
        self.pos = pos


@lru_cache(maxsize=1)
def _lark() -> Lark:
    # Analysing the grammar into LALR tables takes 30-120 ms, most of a designer's first answer
    # in a new kernel. lark's cache keeps the tables in a file and checks them against the
    # grammar, the options and the lark and Python versions, rebuilding (and rewriting) when any
    # differs; a cache it cannot read or write costs only the rebuild.
    return Lark(
        _GRAMMAR,
        parser="lalr",
        lexer="contextual",
        maybe_placeholders=False,
        transformer=_Build(),
        cache=cache_file() or False,
    )


def cache_file() -> str | None:
    """Where the parser tables are kept: the user's cache folder, never the installed package
    (site-packages may be read-only, as on Binder) and never the shared temporary folder (the
    file is a pickle, so only its owner may write it). None when no such folder can be made."""
    import os
    import sys
    from lark import __version__ as lark_version

    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):  # unset, or relative, which the XDG specification says to ignore
        base = os.path.join(os.path.expanduser("~"), ".cache")
    if not os.path.isabs(base):
        return None  # no home folder: never a cache relative to wherever Python was started
    folder = os.path.join(base, "workbench")
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError:
        return None
    version = f"{sys.version_info[0]}{sys.version_info[1]}"
    return os.path.join(folder, f"dice-parser-lark{lark_version}-py{version}.pickle")


def _expected_text(expected: set[str] | frozenset[str]) -> str:
    names = set(expected)
    if _START_OF_TERM <= names:
        names -= _START_OF_TERM
        names.add("A_TERM")
    labels = sorted(
        {"a number, a die or '('" if n == "A_TERM" else _EXPECTED_NAMES.get(n, n) for n in names}
    )
    if not labels:
        return "something else"
    if len(labels) == 1:
        return labels[0]
    return ", ".join(labels[:-1]) + " or " + labels[-1]


def _syntax_error(text: str, err: UnexpectedInput) -> DiceSyntaxError:
    if isinstance(err, UnexpectedCharacters):
        pos = err.pos_in_stream
        found = repr(text[pos]) if pos < len(text) else "the end"
        allowed = getattr(err, "allowed", None) or set()
        return DiceSyntaxError(text, pos, f"expected {_expected_text(allowed)}; found {found}")
    if isinstance(err, UnexpectedToken):
        tok = err.token
        expected = set(err.expected)
        try:
            # LALR lookahead sets are merged across states; ask the parser what really fits.
            expected = err.interactive_parser.accepts() or expected
        except Exception:
            pass
        if tok.type == "$END":
            return DiceSyntaxError(
                text, len(text), f"the expression ends too early; expected {_expected_text(expected)}"
            )
        return DiceSyntaxError(
            text, tok.start_pos, f"expected {_expected_text(expected)}; found {str(tok)!r}"
        )
    if isinstance(err, UnexpectedEOF):
        return DiceSyntaxError(
            text, len(text), f"the expression ends too early; expected {_expected_text(set(err.expected))}"
        )
    return DiceSyntaxError(text, getattr(err, "pos_in_stream", 0) or 0, str(err))


def parse(text: str) -> Node:
    """Parse dice notation into nodes; raise :class:`DiceSyntaxError` on bad input."""
    if not isinstance(text, str):
        raise TypeError(f"a dice expression is a string, not {type(text).__name__}")
    if not text.strip():
        raise DiceSyntaxError(text, 0, "an empty expression; expected a number, a die or '('")
    _check_nesting(text)
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
    # Checked on the raw text so pathological input fails before lark builds a deep tree.
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
