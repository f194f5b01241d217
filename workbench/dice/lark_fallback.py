"""lark's LALR parser of the dice notation, for the text the recursive-descent reader
(:mod:`workbench.dice.reader`) cannot read: it names where and what is wrong, and should the
reader refuse text lark can read, lark's reading is the one returned. lark is imported only
here and only when such text comes, because importing it is most of the wait for a designer's
first answer in a new kernel."""

from __future__ import annotations

from functools import lru_cache

from .builder import Build
from .errors import DiceSyntaxError
from .grammar import GRAMMAR

__all__ = ["cache_file", "lark_parser", "syntax_error"]

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


def _children_as_arguments(method):
    # Lark hands parser callbacks the list of children. Unpacking it here is much cheaper per
    # reduction than lark's generic v_args wrapper.
    def callback(children):
        return method(*children)

    return callback


class _LarkCallbacks:
    """The builder's methods as lark's parser calls them, by rule alias."""

    def __init__(self, build: Build):
        for name in dir(Build):
            if not name.startswith("_"):
                setattr(self, name, _children_as_arguments(getattr(build, name)))


@lru_cache(maxsize=1)
def lark_parser():
    """lark's parser of the grammar, made once per process, building the same nodes as the
    reader does."""
    from lark import Lark

    # Analysing the grammar into LALR tables takes 30-120 ms, which a designer's first typo in a
    # new kernel should not wait for (well-formed text never gets here). lark's cache keeps the
    # tables in a file and checks them against the grammar, the options and the lark and Python
    # versions, rebuilding (and rewriting) when any differs; a cache it cannot read or write
    # costs only the rebuild.
    return Lark(
        GRAMMAR,
        parser="lalr",
        lexer="contextual",
        maybe_placeholders=False,
        transformer=_LarkCallbacks(Build()),
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
    """The terminals lark expected, in words."""
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


def syntax_error(text: str, err) -> DiceSyntaxError:
    """lark's complaint about ``text`` as the error a designer reads: where, what was
    expected there and what was found."""
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
                text,
                len(text),
                f"the expression ends too early; expected {_expected_text(expected)}",
            )
        return DiceSyntaxError(
            text, tok.start_pos, f"expected {_expected_text(expected)}; found {str(tok)!r}"
        )
    if isinstance(err, UnexpectedEOF):
        expected = _expected_text(set(err.expected))
        return DiceSyntaxError(
            text, len(text), f"the expression ends too early; expected {expected}"
        )
    return DiceSyntaxError(text, getattr(err, "pos_in_stream", 0) or 0, str(err))
