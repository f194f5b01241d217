"""Builds nodes from the notation's tokens, one method per rule of the grammar; both readers
call the same methods with the same tokens, so they make the same nodes."""

from __future__ import annotations

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

__all__ = ["Build", "BuildError", "Faces"]


def _pos(x) -> int:
    return x.pos if isinstance(x, Node) else x.start_pos


class Build:
    """Builds nodes while parsing (no parse tree, so long input cannot overflow the stack).

    One method per aliased rule of the grammar (:mod:`workbench.dice.grammar`), taking that
    rule's children in order: tokens (strings with ``type`` and ``start_pos``, as lark makes
    them) and what earlier calls built.
    """

    def _fail(self, pos: int, expected: str):
        raise BuildError(pos, expected)

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
        return Keep(
            str(kind).lower().replace("k", "kh") if len(kind) == 1 else str(kind).lower(),
            count,
            pos=kind.start_pos,
        )

    def group(self, *parts):
        if not isinstance(parts[0], Faces):
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
        return Faces(faces, label, tok.start_pos)

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
        return Faces(range(1, n + 1), f"d{n}", d.start_pos)

    def face_die(self, d, _lbrace, *rest):
        faces = tuple(x for x in rest if isinstance(x, int))
        if len(faces) > 10_000:
            self._fail(d.start_pos, "a custom die with at most 10000 faces")
        return Faces(faces, "d{" + ",".join(map(str, faces)) + "}", d.start_pos)

    def face(self, *parts):
        value = self._int(parts[-1], "a face value")
        return -value if len(parts) == 2 else value

    def fudge_die(self, tok):
        return Faces((-1, 0, 1), "dF", tok.start_pos)

    def pct_die(self, tok):
        return Faces(range(1, 101), "d100", tok.start_pos)

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


class BuildError(Exception):
    """Text that fits the grammar but not the notation's limits: where, and what is expected."""

    def __init__(self, pos: int, expected: str):
        super().__init__(expected)
        self.pos = pos
        self.expected = expected


class Faces:
    """Die faces before modifiers are attached (not a node)."""

    __slots__ = ("faces", "label", "pos")

    def __init__(self, faces, label: str, pos: int):
        # A huge standard die stays a range so it costs nothing until someone computes it.
        self.faces = faces if isinstance(faces, range) else tuple(faces)
        self.label = label
        self.pos = pos
