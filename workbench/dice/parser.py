"""Dice notation -> nodes. The grammar is ``_GRAMMAR`` below, in lark's notation.

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

**Two readers, one grammar.** Well-formed text is read by ``_Reader``, a recursive-descent
reader written against ``_GRAMMAR`` rule by rule, because importing lark is most of the wait
for a designer's first answer in a new kernel. Anything that reader cannot read goes to lark's
LALR parser built from ``_GRAMMAR``, which decides: it names where and what is wrong, and
should the reader refuse text lark can read, lark's reading is the one returned. Both hand the
same ``_Build`` methods the same tokens, so they make the same nodes; tests/dice/test_readers.py
runs both over the test suite's expressions and generated ones and compares every node and
position.
"""

from __future__ import annotations

from functools import lru_cache

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
KEEP.2: /[kK][hHlL]?|[dD][hHlL]/
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
    "KEEP": "k/kh/kl/dh/dl",
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
    return x.pos if isinstance(x, Node) else x.start_pos


class _Build:
    """Builds nodes while parsing (no parse tree, so long input cannot overflow the stack).

    One method per aliased rule of ``_GRAMMAR``, taking that rule's children in order: tokens
    (strings with ``type`` and ``start_pos``, as lark makes them) and what earlier calls built.
    """

    def _fail(self, pos: int, expected: str):
        raise _BuildError(pos, expected)

    def _int(self, tok, what: str, limit: int = 10**18) -> int:
        if len(str(tok)) > len(str(limit)):  # Python refuses to read 4,300 digits and more
            self._fail(tok.start_pos, f"{what} is too big (at most {limit})")
        value = int(tok)
        if value > limit:
            self._fail(tok.start_pos, f"{what} is too big (at most {limit})")
        return value

    # ---- numbers and arithmetic ----

    def const(self, tok):
        if len(tok) > 4000:  # Python reads no more digits; the outcome check refuses far fewer
            self._fail(tok.start_pos, "a number is too big (at most 2**62)")
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
        args = tuple(x for x in rest if isinstance(x, Node))
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
        # A bare k keeps the highest, as Roll20 reads 4d6k3.
        return Keep(str(kind).lower().replace("k", "kh") if len(kind) == 1 else
                    str(kind).lower(), count, pos=kind.start_pos)

    def group(self, *parts):
        if not isinstance(parts[0], _Faces):
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
        count = int(text[:cut]) if cut <= 10 else 10**10
        if count > 10**9:
            self._fail(start, "a dice count is too big (at most 1000000000)")
        faces, label = self._std_faces(text[cut + 1 :], start + cut + 1)
        return Group(count, DieSpec(faces, label, mods, pos=start + cut), pos=start)

    def std_die_token(self, tok):
        faces, label = self._std_faces(tok.value[1:], tok.start_pos + 1)
        return _Faces(faces, label, tok.start_pos)

    def _std_faces(self, digits: str, pos: int) -> tuple[range, str]:
        n = int(digits) if len(digits) <= 16 else 10**16
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
    # reduction than lark's generic v_args wrapper.
    def callback(children):
        return method(*children)

    return callback


class _LarkCallbacks:
    """The builder's methods as lark's parser calls them, by rule alias."""

    def __init__(self, build: _Build):
        for name in dir(_Build):
            if not name.startswith("_"):
                setattr(self, name, _children_as_arguments(getattr(build, name)))


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


# ---- the recursive-descent reader ----------------------------------------------------------
#
# It follows _GRAMMAR rule by rule and tokenizes as lark's contextual lexer does: each token is
# read with only the terminals the parser could take at that point, and where several match,
# the one lark tries first wins (higher priority, then the wider pattern): "3d6" is NDS where
# NDS may come and INT "3" where it may not; "d6" is DS, not D then INT; after dice, "!=" is
# a comparison and "!>=" an explode condition. lark's LALR states merge lookaheads, so its sets
# hold terminals that cannot follow in well-formed text (a comparison after the dice inside
# [...]); such a terminal still wins the match, and lark then refuses the text, so the sets
# below hold them too. A set wider than lark's can only turn a reading into a refusal, which
# lark then overrules; test_readers.py would show it.

_END = "$END"
_FOLLOW_ATOM = frozenset({"STAR", "PLUS", "MINUS", "CMP", "RPAR", "COMMA", _END})
_AFTER_GROUP = _FOLLOW_ATOM | {"BANG", "BANG_CMP", "REROLL", "KEEP", "RSQB"}
_DIE = frozenset({"DS", "D", "DF", "DPCT"})
_GROUP_START = _DIE | {"NDS", "INT"}
_ATOM_START = _GROUP_START | {"LSQB", "LPAR", "FUNC"}
_OPERAND = _ATOM_START | {"MINUS", "PLUS"}
_AFTER_COUNT = _DIE | {"HASH"} | _FOLLOW_ATOM  # after a number where a term starts
_AFTER_INT_IN_ATOM = _DIE | _FOLLOW_ATOM  # after a number that follows '#'
_AFTER_KEEP = _FOLLOW_ATOM | {"INT"}
_AFTER_RSQB = _FOLLOW_ATOM | {"KEEP"}
_AFTER_BANG = _AFTER_GROUP | {"INT", "COLON"}
_AFTER_FACE = _AFTER_GROUP | {"COMMA", "RBRACE", "COLON"}
_AFTER_REROLL = frozenset({"MINUS", "INT", "CMP"})
_FACE = frozenset({"MINUS", "INT"})
_INT = frozenset({"INT"})
_AFTER_D = frozenset({"INT", "LBRACE"})
_LPAR = frozenset({"LPAR"})

_DIGITS = frozenset("0123456789")  # only ASCII digits, like the grammar's [0-9]
_SPACE = frozenset(" \t\f\r\n")  # lark's common.WS
_SINGLE = {":": "COLON", "#": "HASH", "+": "PLUS", "-": "MINUS", "*": "STAR", "(": "LPAR",
           ")": "RPAR", "[": "LSQB", "]": "RSQB", "{": "LBRACE", "}": "RBRACE", ",": "COMMA"}
_D_NEXT = {"f": "DF", "F": "DF", "%": "DPCT", "h": "KEEP", "H": "KEEP", "l": "KEEP",
           "L": "KEEP"}
# FUNC is /max|min/i; Python's case-insensitive matching also takes the dotted and dotless i.
_FUNC_I = frozenset("iIİı")


class _Unread(Exception):
    """The reader cannot read the text; lark's parser reads it instead."""


class _Token(str):
    """A token as lark makes one: the text, with its terminal's name and where it starts."""

    def __new__(cls, kind: str, text: str, start: int):
        self = str.__new__(cls, text)
        self.type = kind
        self.value = text
        self.start_pos = start
        return self


class _Reader:
    def __init__(self, text: str):
        self.text = text
        self.at = 0  # where the next token is looked for
        self.tok: _Token | None = None
        self.build = _BUILD

    # ---- tokens ----

    def _scan(self, allowed: frozenset) -> None:
        """Read the next token, trying only the terminals in ``allowed``."""
        text, i, n = self.text, self.at, len(self.text)
        while i < n and text[i] in _SPACE:
            i += 1
        if i == n:
            self.at = i
            self.tok = _Token(_END, "", i)
            return
        c = text[i]
        kind, end = None, i + 1
        if c in _DIGITS:
            j = i + 1
            while j < n and text[j] in _DIGITS:
                j += 1
            if "NDS" in allowed and j + 1 < n and text[j] in "dD" and text[j + 1] in _DIGITS:
                kind, end = "NDS", j + 2
                while end < n and text[end] in _DIGITS:
                    end += 1
            elif "INT" in allowed:
                kind, end = "INT", j
        elif c in "dD":
            nxt = text[i + 1] if i + 1 < n else ""
            if nxt in _DIGITS and "DS" in allowed:
                kind, end = "DS", i + 2
                while end < n and text[end] in _DIGITS:
                    end += 1
            elif nxt in _D_NEXT and _D_NEXT[nxt] in allowed:
                kind, end = _D_NEXT[nxt], i + 2
            elif "D" in allowed:
                kind = "D"
        elif c in "kK":
            if "KEEP" in allowed:
                kind, end = "KEEP", i + 2 if i + 1 < n and text[i + 1] in "hHlL" else i + 1
        elif c in "rR":
            if "REROLL" in allowed:
                kind, end = "REROLL", i + 2 if i + 1 < n and text[i + 1] in "rR" else i + 1
        elif c in "mM":
            if "FUNC" in allowed and i + 2 < n and (
                    (text[i + 1] in "aA" and text[i + 2] in "xX")
                    or (text[i + 1] in _FUNC_I and text[i + 2] in "nN")):
                kind, end = "FUNC", i + 3
        elif c == "!":
            nxt = text[i + 1] if i + 1 < n else ""
            if nxt in ("<", ">") and "BANG_CMP" in allowed:
                kind, end = "BANG_CMP", i + 3 if i + 2 < n and text[i + 2] == "=" else i + 2
            elif nxt == "=" and "CMP" in allowed:
                kind, end = "CMP", i + 2
            elif "BANG" in allowed:
                kind = "BANG"
        elif c in "<>=":
            if "CMP" in allowed:
                kind, end = "CMP", i + 2 if i + 1 < n and text[i + 1] == "=" else i + 1
        elif c in _SINGLE and _SINGLE[c] in allowed:
            kind = _SINGLE[c]
        if kind is None:
            raise _Unread
        self.at = end
        self.tok = _Token(kind, text[i:end], i)

    def _take(self, kind: str, then: frozenset) -> _Token:
        tok = self.tok
        if tok.type != kind:
            raise _Unread
        self._scan(then)
        return tok

    # ---- rules, in the order of _GRAMMAR ----

    def read(self) -> Node:
        self._scan(_OPERAND)
        node = self.comparison()
        if self.tok.type != _END:
            raise _Unread
        return node

    def comparison(self):
        left = self.sum()
        if self.tok.type != "CMP":
            return left
        op = self._take("CMP", _OPERAND)
        return self.build.compare(left, op, self.sum())

    def sum(self):
        left = self.term()
        while self.tok.type in ("PLUS", "MINUS"):
            op = self._take(self.tok.type, _OPERAND)
            right = self.term()
            left = (self.build.add if op.type == "PLUS" else self.build.sub)(left, op, right)
        return left

    def term(self):
        left = self.unary()
        while self.tok.type == "STAR":
            op = self._take("STAR", _OPERAND)
            left = self.build.mul(left, op, self.unary())
        return left

    def unary(self):
        # Signs are gathered in a loop, not by recursion, so a long run of them is no deeper.
        signs = []
        while self.tok.type in ("MINUS", "PLUS"):
            signs.append(self._take(self.tok.type, _OPERAND))
        if self.tok.type == "INT":
            count = self._take("INT", _AFTER_COUNT)
            if self.tok.type == "HASH":
                hash_ = self._take("HASH", _ATOM_START)
                node = self.build.repeat(count, hash_, self.atom())
            else:
                node = self._after_number(count)
        else:
            node = self.atom()
        for sign in reversed(signs):
            node = (self.build.neg if sign.type == "MINUS" else self.build.pos)(sign, node)
        return node

    def atom(self):
        kind = self.tok.type
        if kind == "INT":
            return self._after_number(self._take("INT", _AFTER_INT_IN_ATOM))
        if kind == "LSQB":
            return self.bracket_pool()
        if kind == "LPAR":
            lpar = self._take("LPAR", _OPERAND)
            inner = self.comparison()
            return self.build.paren(lpar, inner, self._take("RPAR", _FOLLOW_ATOM))
        if kind == "FUNC":
            name = self._take("FUNC", _LPAR)
            parts = [name, self._take("LPAR", _OPERAND), self.comparison()]
            while self.tok.type == "COMMA":
                parts.append(self._take("COMMA", _OPERAND))
                parts.append(self.comparison())
            parts.append(self._take("RPAR", _FOLLOW_ATOM))
            return self.build.func(*parts)
        return self._single_pool(self.group())

    def _after_number(self, number: _Token):
        """A number read where a term starts: dice if a die follows ("3 d6"), else a constant."""
        if self.tok.type in _DIE:
            return self._single_pool(self.build.group(number, self.die(), *self.mods()))
        return self.build.const(number)

    def _single_pool(self, group):
        if self.tok.type == "KEEP":
            return self.build.single_pool(group, self.keep())
        return self.build.single_pool(group)

    def bracket_pool(self):
        parts = [self._take("LSQB", _GROUP_START), self.group()]
        while self.tok.type == "COMMA":
            parts.append(self._take("COMMA", _GROUP_START))
            parts.append(self.group())
        parts.append(self._take("RSQB", _AFTER_RSQB))
        if self.tok.type == "KEEP":
            parts.append(self.keep())
        return self.build.bracket_pool(*parts)

    def group(self):
        kind = self.tok.type
        if kind == "NDS":
            return self.build.group_nds(self._take("NDS", _AFTER_GROUP), *self.mods())
        if kind == "INT":
            count = self._take("INT", _DIE)
            return self.build.group(count, self.die(), *self.mods())
        return self.build.group(self.die(), *self.mods())

    def die(self):
        kind = self.tok.type
        if kind == "DS":
            return self.build.std_die_token(self._take("DS", _AFTER_GROUP))
        if kind == "DF":
            return self.build.fudge_die(self._take("DF", _AFTER_GROUP))
        if kind == "DPCT":
            return self.build.pct_die(self._take("DPCT", _AFTER_GROUP))
        d = self._take("D", _AFTER_D)
        if self.tok.type == "INT":
            return self.build.std_die(d, self._take("INT", _AFTER_GROUP))
        parts = [d, self._take("LBRACE", _FACE), self.face()]
        while self.tok.type == "COMMA":
            parts.append(self._take("COMMA", _FACE))
            parts.append(self.face())
        parts.append(self._take("RBRACE", _AFTER_GROUP))
        return self.build.face_die(*parts)

    def face(self):
        if self.tok.type == "MINUS":
            minus = self._take("MINUS", _INT)
            return self.build.face(minus, self._take("INT", _AFTER_FACE))
        return self.build.face(self._take("INT", _AFTER_FACE))

    def mods(self) -> list:
        out = []
        while True:
            kind = self.tok.type
            if kind == "BANG":
                bang = self._take("BANG", _AFTER_BANG)
                if self.tok.type == "INT":
                    out.append(self.build.explode_depth(bang, self._take("INT", _AFTER_GROUP)))
                elif self.tok.type == "COLON":
                    colon = self._take("COLON", _INT)
                    out.append(self.build.explode_depth(bang, colon,
                                                        self._take("INT", _AFTER_GROUP)))
                else:
                    out.append(self.build.explode(bang))
            elif kind == "BANG_CMP":
                bang_cmp = self._take("BANG_CMP", _FACE)
                value = self.face()
                if self.tok.type == "COLON":
                    colon = self._take("COLON", _INT)
                    out.append(self.build.explode_on(bang_cmp, value, colon,
                                                     self._take("INT", _AFTER_GROUP)))
                else:
                    out.append(self.build.explode_on(bang_cmp, value))
            elif kind == "REROLL":
                r = self._take("REROLL", _AFTER_REROLL)
                if self.tok.type == "CMP":
                    op = self._take("CMP", _FACE)
                    out.append(self.build.reroll_cmp(r, op, self.face()))
                else:
                    out.append(self.build.reroll_eq(r, self.face()))
            else:
                return out

    def keep(self):
        kind = self._take("KEEP", _AFTER_KEEP)
        if self.tok.type == "INT":
            return self.build.keep(kind, self._take("INT", _FOLLOW_ATOM))
        return self.build.keep(kind)


_BUILD = _Build()


@lru_cache(maxsize=1)
def _lark():
    from lark import Lark

    # Analysing the grammar into LALR tables takes 30-120 ms, which a designer's first typo in a
    # new kernel should not wait for (well-formed text never gets here). lark's cache keeps the tables in a file and checks them against the
    # grammar, the options and the lark and Python versions, rebuilding (and rewriting) when any
    # differs; a cache it cannot read or write costs only the rebuild.
    return Lark(
        _GRAMMAR,
        parser="lalr",
        lexer="contextual",
        maybe_placeholders=False,
        transformer=_LarkCallbacks(_Build()),
        cache=cache_file() or False,
    )


def cache_file() -> str | None:
    """Where the parser tables are kept (core/cache_folder.py says where, and why there);
    None when there is no such folder."""
    import os
    import sys

    from lark import __version__ as lark_version

    from ..core.cache_folder import cache_folder

    folder = cache_folder()
    if folder is None:
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


def _syntax_error(text: str, err) -> DiceSyntaxError:
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken

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
