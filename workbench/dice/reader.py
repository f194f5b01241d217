"""The recursive-descent reader of the dice notation, written against the grammar
(:mod:`workbench.dice.grammar`) rule by rule. Well-formed text is read here, because importing
lark is most of the wait for a designer's first answer in a new kernel; what it cannot read,
:mod:`workbench.dice.lark_fallback` reads."""

from __future__ import annotations

from .builder import Build
from .nodes import Node

__all__ = ["Reader", "Token", "Unread"]

# The reader tokenizes as lark's contextual lexer does: each token is read with only the
# terminals the parser could take at that point, and where several match, the one lark tries
# first wins (higher priority, then the wider pattern): "3d6" is NDS where NDS may come and INT
# "3" where it may not; "d6" is DS, not D then INT; after dice, "!=" is a comparison and "!>="
# an explode condition. lark's LALR states merge lookaheads, so its sets hold terminals that
# cannot follow in well-formed text (a comparison after the dice inside [...]); such a terminal
# still wins the match, and lark then refuses the text, so the sets below hold them too. A set
# wider than lark's can only turn a reading into a refusal, which lark then overrules;
# test_readers.py would show it.

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
_SINGLE = {
    ":": "COLON",
    "#": "HASH",
    "+": "PLUS",
    "-": "MINUS",
    "*": "STAR",
    "(": "LPAR",
    ")": "RPAR",
    "[": "LSQB",
    "]": "RSQB",
    "{": "LBRACE",
    "}": "RBRACE",
    ",": "COMMA",
}
_D_NEXT = {"f": "DF", "F": "DF", "%": "DPCT", "h": "KEEP", "H": "KEEP", "l": "KEEP", "L": "KEEP"}
# FUNC is /max|min/i; Python's case-insensitive matching also takes the dotted and dotless i.
_FUNC_I = frozenset("iIİı")


class Unread(Exception):
    """The reader cannot read the text; lark's parser reads it instead."""


class Token(str):
    """A token as lark makes one: the text, with its terminal's name and where it starts."""

    def __new__(cls, kind: str, text: str, start: int):
        self = str.__new__(cls, text)
        self.type = kind
        self.value = text
        self.start_pos = start
        return self


# ---- matching one token: each function gives the terminal among ``allowed`` that starts at
# text[i] and where it ends, or None for the terminal when none of them matches there ----


def _match(text: str, i: int, allowed: frozenset) -> tuple[str | None, int]:
    c = text[i]
    if c in _DIGITS:
        return _match_number(text, i, allowed)
    if c in "dD":
        return _match_die(text, i, allowed)
    if c in "kKrRmM":
        return _match_letter(text, i, allowed)
    if c == "!":
        return _match_bang(text, i, allowed)
    if c in "<>=":
        n = len(text)
        if "CMP" in allowed:
            return "CMP", i + 2 if i + 1 < n and text[i + 1] == "=" else i + 1
        return None, i + 1
    if c in _SINGLE and _SINGLE[c] in allowed:
        return _SINGLE[c], i + 1
    return None, i + 1


def _digits_end(text: str, j: int) -> int:
    """Where the run of digits from text[j] ends."""
    n = len(text)
    while j < n and text[j] in _DIGITS:
        j += 1
    return j


def _match_number(text: str, i: int, allowed: frozenset) -> tuple[str | None, int]:
    n = len(text)
    j = _digits_end(text, i + 1)
    if "NDS" in allowed and j + 1 < n and text[j] in "dD" and text[j + 1] in _DIGITS:
        return "NDS", _digits_end(text, j + 2)
    if "INT" in allowed:
        return "INT", j
    return None, i + 1


def _match_die(text: str, i: int, allowed: frozenset) -> tuple[str | None, int]:
    n = len(text)
    nxt = text[i + 1] if i + 1 < n else ""
    if nxt in _DIGITS and "DS" in allowed:
        return "DS", _digits_end(text, i + 2)
    if nxt in _D_NEXT and _D_NEXT[nxt] in allowed:
        return _D_NEXT[nxt], i + 2
    if "D" in allowed:
        return "D", i + 1
    return None, i + 1


def _match_letter(text: str, i: int, allowed: frozenset) -> tuple[str | None, int]:
    # The keep (k, kh, kl), reroll (r, rr) and max/min terminals.
    n = len(text)
    c = text[i]
    if c in "kK":
        if "KEEP" in allowed:
            return "KEEP", i + 2 if i + 1 < n and text[i + 1] in "hHlL" else i + 1
    elif c in "rR":
        if "REROLL" in allowed:
            return "REROLL", i + 2 if i + 1 < n and text[i + 1] in "rR" else i + 1
    elif (
        "FUNC" in allowed
        and i + 2 < n
        and (
            (text[i + 1] in "aA" and text[i + 2] in "xX")
            or (text[i + 1] in _FUNC_I and text[i + 2] in "nN")
        )
    ):
        return "FUNC", i + 3
    return None, i + 1


def _match_bang(text: str, i: int, allowed: frozenset) -> tuple[str | None, int]:
    n = len(text)
    nxt = text[i + 1] if i + 1 < n else ""
    if nxt in ("<", ">") and "BANG_CMP" in allowed:
        return "BANG_CMP", i + 3 if i + 2 < n and text[i + 2] == "=" else i + 2
    if nxt == "=" and "CMP" in allowed:
        return "CMP", i + 2
    if "BANG" in allowed:
        return "BANG", i + 1
    return None, i + 1


# Both readers share one builder: it keeps no state between calls.
_BUILD = Build()


class Reader:
    """Reads one text into nodes, or raises :class:`Unread` (or the builder's error)."""

    def __init__(self, text: str):
        self.text = text
        self.at = 0  # where the next token is looked for
        self.tok: Token | None = None
        self.build = _BUILD

    # ---- tokens ----

    def _scan(self, allowed: frozenset) -> None:
        """Read the next token, trying only the terminals in ``allowed``."""
        text, i, n = self.text, self.at, len(self.text)
        while i < n and text[i] in _SPACE:
            i += 1
        if i == n:
            self.at = i
            self.tok = Token(_END, "", i)
            return
        kind, end = _match(text, i, allowed)
        if kind is None:
            raise Unread
        self.at = end
        self.tok = Token(kind, text[i:end], i)

    def _take(self, kind: str, then: frozenset) -> Token:
        tok = self.tok
        if tok.type != kind:
            raise Unread
        self._scan(then)
        return tok

    # ---- rules, in the order of the grammar ----

    def read(self) -> Node:
        self._scan(_OPERAND)
        node = self.comparison()
        if self.tok.type != _END:
            raise Unread
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

    def _after_number(self, number: Token):
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
                    out.append(
                        self.build.explode_depth(bang, colon, self._take("INT", _AFTER_GROUP))
                    )
                else:
                    out.append(self.build.explode(bang))
            elif kind == "BANG_CMP":
                bang_cmp = self._take("BANG_CMP", _FACE)
                value = self.face()
                if self.tok.type == "COLON":
                    colon = self._take("COLON", _INT)
                    out.append(
                        self.build.explode_on(
                            bang_cmp, value, colon, self._take("INT", _AFTER_GROUP)
                        )
                    )
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
