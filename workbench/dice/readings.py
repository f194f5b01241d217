"""An expression in words: which reading a bare pool compared with a number gets, answers that
can only come out one way, and how far ``!`` explodes and ``r`` rerolls.

The notation makes one documented choice that surprises people: a bare pool compared with a
number counts dice (``20d6>=5``: how many show 5 or more), while ``(20d6)>=5`` tests the total.
So ``2d6 >= 8`` is always 0, since no d6 shows 8. The calculator and the warnings of
``distribution`` and ``probability`` say which reading was used and offer the other, from here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from .errors import DiceTooLarge
from .nodes import (
    DEFAULT_EXPLODE_DEPTH,
    Compare,
    Count,
    DieSpec,
    Explode,
    Func,
    Neg,
    Node,
    Pool,
    Product,
    Repeat,
    Reroll,
    Sum,
)

__all__ = ["Reading", "reading", "certain_message", "count_words", "fraction_text", "total_reading"]

_WORDS = {
    ">=": "{n} or more",
    ">": "more than {n}",
    "<=": "{n} or less",
    "<": "less than {n}",
    "=": "exactly {n}",
    "!=": "anything but {n}",
}
# A comparison with a number at the end of the text: "2d6 >= 8" -> ("2d6", ">=", "8"). The left
# side is as short as can be, so "4d6!>=5 >= 3" splits at the last comparison.
_TAIL = re.compile(r"^(?P<left>.*?)\s*(?P<op>>=|<=|==|!=|>|<|=)\s*(?P<right>-?\d+)\s*$", re.S)


@dataclass(frozen=True)
class Reading:
    """What an expression means, in words; every field but ``expr`` may be empty."""

    expr: str
    yes_no: bool = False  # a yes/no question (a comparison): its answer is one probability
    # "Counting dice that show 8 or more (0 to 2 of 2d6), not their total."
    counts: str | None = None
    other: str | None = None  # the other reading as an expression: "(2d6) >= 8"
    other_p: Fraction | None = None  # the other reading's answer, when it is a yes/no question
    certain: str | None = None  # why the answer never changes, and what was likely meant
    notes: tuple[str, ...] = ()  # how far `!` explodes, how `r` rerolls


def count_words(op: str, threshold: int) -> str:
    """'8 or more' for ``>= 8``: what a die must show to count."""
    return _WORDS["=" if op == "==" else op].format(n=threshold)


@lru_cache(maxsize=256)
def reading(expr: str) -> Reading:
    """The reading of ``expr``: raises what ``parse`` raises for bad notation; an expression
    too large to compute exactly gets no ``certain`` or ``other_p``, the rest still holds."""
    from .api import _is_yes_no, exact, parse  # api warns from here, so it is imported late

    node = parse(expr)
    counts = [n for n in _walk(node) if isinstance(n, Count) and _kept(n.pool) > 1]
    words = other = other_p = None
    if counts:
        words = "; ".join(
            f"counting dice that show {count_words(c.op, c.threshold)} "
            f"(0 to {_kept(c.pool)} of {_pool_text(c.pool)})"
            for c in counts
        )
        words = words[0].upper() + words[1:] + ", not their total."
    if isinstance(node, Count) and _kept(node.pool) > 1:
        other = total_reading(expr, node)
        try:
            other_p = exact(other).probability(1)
        except (DiceTooLarge, ValueError):
            other_p = None
    try:
        dist = exact(expr)
    except DiceTooLarge:
        dist = None
    certain = None if dist is None else certain_message(expr, node, dist, other, other_p)
    return Reading(expr, _is_yes_no(node), words, other, other_p, certain, tuple(_notes(node)))


def total_reading(expr: str, node: Count) -> str:
    """The expression that tests the total where ``expr`` counts dice: "(2d6) >= 8"."""
    from .api import parse

    m = _TAIL.match(expr)
    if m:
        text = f"({m['left'].strip()}) {m['op']} {m['right']}"
        try:
            again = parse(text)
        except ValueError:
            again = None
        # The user's own spelling when it parses back to the same pool, else ours.
        if (
            isinstance(again, Compare)
            and isinstance(again.left, Pool)
            and again.left.groups == node.pool.groups
            and again.left.keep == node.pool.keep
        ):
            return text
    return f"({_pool_text(node.pool)}) {node.op} {node.threshold}"


def certain_message(
    expr: str, node: Node, dist, other: str | None = None, other_p: Fraction | None = None
) -> str | None:
    """Why ``expr`` always gives the same answer, or None when it does not (or has no dice)."""
    if len(dist.outcomes) != 1 or not any(isinstance(n, Pool) for n in _walk(node)):
        return None
    value = dist.outcomes[0]
    yes_no = isinstance(node, Compare) or (isinstance(node, Count) and _kept(node.pool) <= 1)
    head = ("Always true" if value else "Never true") if yes_no else f"Always {value}"
    if isinstance(node, Count):
        shows = count_words(node.op, node.threshold)
        ranges = _die_ranges(node.pool)
        if yes_no:
            why = f"{ranges}, {'always' if value else 'never'} {shows}"
        else:
            why = f"{ranges}, so {'every' if value else 'no'} die shows {shows}"
        text = f"{head}: {why}."
        if other is not None:
            answer = "" if other_p is None else f" ({fraction_text(other_p)})"
            text += f" For the total, write {other}{answer}."
        return text
    if isinstance(node, Compare):
        sides = _compare_sides(expr, node)
        if sides:
            return f"{head}: {sides}."
    return f"{head}, whatever the dice show."


# -- words for the parts ------------------------------------------------------------------------


def _notes(node: Node) -> list[str]:
    out: list[str] = []
    for n in _walk(node):
        if (
            isinstance(n, Pool)
            and n.keep is not None
            and n.keep.n >= n.size
            and (n.keep.n > n.size or n.keep.kind in ("dh", "dl"))
        ):
            out.append(_keep_note(n))
        if not isinstance(n, DieSpec):
            continue
        for mod in n.mods:
            note = _explode_note(n, mod) if isinstance(mod, Explode) else _reroll_note(n, mod)
            if note not in out:
                out.append(note)
    return out


def _keep_note(pool: Pool) -> str:
    # Asking for more dice than the pool rolls is allowed (as in Roll20), but rarely meant.
    dice = f"{pool.size} {'die' if pool.size == 1 else 'dice'}"
    if pool.keep.kind in ("kh", "kl"):
        return f"{pool.keep.kind}{pool.keep.n} keeps all {dice}: the pool rolls only {pool.size}."
    return f"{pool.keep.kind}{pool.keep.n} drops all {dice}: the total is always 0."


def _explode_note(die: DieSpec, mod: Explode) -> str:
    on = f"its top face ({max(die.faces)})" if mod.op is None else count_words(mod.op, mod.value)
    times = "once" if mod.depth == 1 else f"{mod.depth} times"
    text = f"Each {die.label} explodes on {on} at most {times}"
    if mod.depth == DEFAULT_EXPLODE_DEPTH:
        text += f" (the default; {die.label}!10 allows 10)"
    return text + "."


def _reroll_note(die: DieSpec, mod: Reroll) -> str:
    what = f"a {mod.value}" if mod.op == "=" else f"anything {count_words(mod.op, mod.value)}"
    if mod.once:
        return (
            f"Each {die.label} rerolls {what} once and keeps the new roll "
            f"(rr rerolls until it stops)."
        )
    return f"Each {die.label} rerolls {what} until it stops showing it."


def _die_ranges(pool: Pool) -> str:
    from .api import exact

    parts = []
    for g in pool.groups:
        d = exact(_die_text(g.die))
        parts.append(f"a {_die_text(g.die)} shows {d.min_outcome()} to {d.max_outcome()}")
    return " and ".join(dict.fromkeys(parts))


def _compare_sides(expr: str, node: Compare) -> str | None:
    from .api import exact

    m = _TAIL.match(expr)
    try:
        left = exact(m["left"]) if m else None
    except (DiceTooLarge, ValueError):
        left = None
    if left is None:
        return None
    shown = m["left"].strip()
    if shown.startswith("(") and shown.endswith(")"):
        shown = shown[1:-1].strip()
    return f"{shown} is {left.min_outcome()} to {left.max_outcome()}"


def fraction_text(p: Fraction) -> str:
    """'5/12 ≈ 41.7%'; long fractions as the percentage alone; 'always' and 'never' for 1
    and 0."""
    if p in (0, 1):
        return "always" if p else "never"
    percent = f"{float(p):.1%}"
    if percent in ("0.0%", "100.0%"):
        percent = "< 0.1%" if p < Fraction(1, 2) else "> 99.9%"
    if len(str(p.denominator)) <= 6:
        return f"{p} ≈ {percent}"
    return percent if percent[0] in "<>" else f"≈ {percent}"


def _pool_text(pool: Pool) -> str:
    parts = [f"{g.count}{_die_text(g.die)}" for g in pool.groups]
    body = parts[0] if len(parts) == 1 else "[" + ", ".join(parts) + "]"
    return body + (f"{pool.keep.kind}{pool.keep.n}" if pool.keep else "")


def _die_text(die: DieSpec) -> str:
    """A die as written, with the default explode depth left out: "d6!", "d20r1"."""
    out = die.label
    for mod in die.mods:
        if isinstance(mod, Reroll):
            out += ("r" if mod.once else "rr") + ("" if mod.op == "=" else mod.op) + str(mod.value)
        else:
            cond = "" if mod.op is None else f"{mod.op}{mod.value}"
            depth = "" if mod.depth == DEFAULT_EXPLODE_DEPTH else f":{mod.depth}"
            out += f"!{cond}{depth}"
    return out


def _kept(pool: Pool) -> int:
    keep, n = pool.keep, pool.size
    if keep is None:
        return n
    return min(keep.n, n) if keep.kind in ("kh", "kl") else max(n - keep.n, 0)


def _walk(node):
    """Every node under ``node`` (itself first, then left to right), dice specs included."""
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(reversed(_children(n)))


def _children(n) -> list:
    if isinstance(n, Pool):
        return [g.die for g in n.groups]
    if isinstance(n, Count):
        return [n.pool]
    if isinstance(n, Sum):
        return [t for _, t in n.terms]
    if isinstance(n, Product):
        return list(n.factors)
    if isinstance(n, (Neg, Repeat)):
        return [n.inner]
    if isinstance(n, Compare):
        return [n.left, n.right]
    if isinstance(n, Func):
        return list(n.args)
    return []
